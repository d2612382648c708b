"""The README's promises that code also states: they must not drift apart."""

from __future__ import annotations

from pathlib import Path

from bridgegui import desktop_check

README = Path(__file__).resolve().parent.parent / "README.md"


def test_the_readme_gives_the_same_xcb_install_line_as_the_start_up_check() -> None:
    # Issue 15: a fresh desktop missing Qt's xcb libraries is told one apt-get line; the README and the
    # program's message must name the same packages.
    assert desktop_check.INSTALL_LINE in README.read_text(encoding="utf-8")
