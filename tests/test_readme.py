"""The README's promises that code also states: they must not drift apart."""

from __future__ import annotations

from pathlib import Path

from bridgegui.ui import desktop_check

README = Path(__file__).resolve().parent.parent / "README.md"


def test_the_readme_gives_the_same_xcb_install_line_as_the_start_up_check() -> None:
    # A fresh desktop missing Qt's xcb libraries is told one apt-get line; the README and the
    # program's message must name the same packages.
    assert desktop_check.INSTALL_LINE in README.read_text(encoding="utf-8")


def test_the_readmes_system_file_example_loads_and_passes_the_checker(tmp_path) -> None:
    """The version-2 example a teacher copies from the README is a working system (its include of a
    shipped convention too), and every rule in it can be reached."""
    from bridgegui.engine.bidding import load_system
    from bridgegui.engine.bidding.checker import check_system

    text = README.read_text(encoding="utf-8")
    section = text[text.index("### The file format (version 2)") :]
    example = section.split("```")[1]
    path = tmp_path / "mini.system"
    path.write_text(example, encoding="utf-8")
    system = load_system(path)
    assert system.name == "Mini" and any(rule.source.startswith("conventions/") for rule in system.rules)
    assert [p for p in check_system(system, samples=300).problems if p.kind != "note"] == []
