"""The names of the shipped bidding systems: which there are, what each stands for, what a menu calls it.

A chooser asks these questions at start-up, before any system is read, so they are answered from the
first few kilobytes of each file and never from its rules: a shipped system is 600 kB, and reading
each one whole only to learn that it is not a renaming (``standard`` renames SAYC) cost every start
of the window and of the command line about 15 ms.  A file that only renames another is a header
and one ``include`` line, so a file longer than ``RENAMING_MOST_BYTES`` renames nothing.

No Qt here, and nothing from the system-file reader: the window imports this before any system loads.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from bridgegui.resource_files import resource

if TYPE_CHECKING:
    from importlib.resources.abc import Traversable

SYSTEM_SUFFIX = ".system"
RENAMING_MOST_BYTES = 64 * 1024
"""A file that only renames a system (``renaming``) is a header and one line: a larger one is read whole."""
_LABEL_HEAD_BYTES = 8 * 1024
"""How much of a shipped file ``shipped_label`` reads: the ``system:`` header is in the first lines."""

SHIPPED_NAME = re.compile(r"[a-z0-9_-]{1,64}(?:/[a-z0-9_-]{1,64})?")
"""What a shipped system's name may be (``sayc``, ``conventions/stayman``): anything else (a NUL, a
10,000-character name) is not looked up."""

DEFAULT_SHIPPED_SYSTEM = "sayc"  # what a chooser offers before any choice (not the alphabetical first, Acol)

_SYSTEM_HEADER = re.compile(r"^system:\s*(.+?)\s*$", re.MULTILINE)
_HEADER_LINE = re.compile(r"([A-Za-z_]+)\s*:(.*)$")
_RENAMING_HEADER_KEYS = ("system", "title", "description", "version")


def shipped_systems() -> tuple[str, ...]:
    """The names of the systems shipped in ``resources/systems`` (``"acol"``, ``"sayc"``...)."""
    folder = resource("systems")
    if not folder.is_dir():
        return ()
    return tuple(sorted(p.name.removesuffix(SYSTEM_SUFFIX) for p in folder.iterdir() if p.name.endswith(SYSTEM_SUFFIX)))


def is_path(text: str) -> bool:
    """Whether a system name is a file's path rather than a shipped name (``conventions/x`` is shipped)."""
    return text.endswith(SYSTEM_SUFFIX) or "/" in text.replace("conventions/", "", 1) or "\\" in text


def shipped_file(key: str) -> Traversable | None:
    """The shipped file a lower-case name stands for (``sayc``, ``conventions/stayman``), or None."""
    if not SHIPPED_NAME.fullmatch(key):
        return None
    node = resource("systems", *key.split("/")[:-1], key.split("/")[-1] + SYSTEM_SUFFIX)
    return node if node.is_file() else None


def _shipped_bytes(key: str, most: int) -> bytes | None:
    """The first ``most`` bytes of the shipped file ``key`` and one more (so a caller can tell a longer
    file); None when there is no such file."""
    node = shipped_file(key)
    if node is None:
        return None
    with node.open("rb") as handle:
        return handle.read(most + 1)


def renaming(text: str) -> tuple[str, dict[str, str]] | None:
    """``(name, header)`` when ``text`` only gives another system a name of its own: a version 2
    header naming a system and one ``include`` of a name, read as the system-file reader reads them
    (lines broken at CR, LF or both, ``#`` starts a comment), and nothing else; else None.

    Such a file bids exactly as the system it includes, under its own header (``standard`` is SAYC
    by another name), so ``load_system`` takes that system's compiled form instead of reading all its
    files again.  Anything unusual (a header given twice or empty, a header after the include, any
    other line) is None, and the reader then reads the whole file and reports what is wrong.
    """
    if len(text) > RENAMING_MOST_BYTES:
        return None
    header: dict[str, str] = {}
    names: list[str] = []
    for raw in re.split(r"\r\n|\r|\n", text.removeprefix("\ufeff")):
        code = raw.split("#", 1)[0].rstrip()
        if not code.strip():
            continue
        if code[0].isspace():
            return None
        word = code.split(None, 1)[0]
        if word.lower() == "include":
            if header.get("version") != "2":
                return None
            names.append(code[len(word) :].strip())
            continue
        line = _HEADER_LINE.match(code)
        if line is None or names:
            return None
        key, value = line.group(1).lower(), line.group(2).strip()
        if key not in _RENAMING_HEADER_KEYS or key in header or not value:
            return None
        header[key] = value
    if len(names) != 1 or "system" not in header:
        return None
    return names[0], header


def renamed_shipped(text: str) -> tuple[str, dict[str, str]] | None:
    """``renaming`` of ``text`` when the system it renames is a shipped one, or a chain of shipped
    renamings that ends in one (``include standard`` is SAYC too); else None, and a circle of
    renamings is read whole, so that the reader reports it."""
    return _ending_in_a_system(renaming(text))


def _ending_in_a_system(first: tuple[str, dict[str, str]] | None) -> tuple[str, dict[str, str]] | None:
    """``first`` when the renamings that start with it end in a shipped system, else None."""
    found, seen = first, set()
    while found is not None:
        name = found[0].lower()
        if is_path(name) or name not in shipped_systems() or name in seen:
            return None
        seen.add(name)
        found = _shipped_renaming(name)
    return first


def _shipped_renaming(key: str) -> tuple[str, dict[str, str]] | None:
    """``renaming`` of the shipped file ``key``, reading no more of it than a renaming can be long."""
    data = _shipped_bytes(key, RENAMING_MOST_BYTES)
    if data is None or len(data) > RENAMING_MOST_BYTES:
        return None
    return renaming(data.decode("utf-8", "replace"))  # a bad byte: the reader reports it when the file loads


def shipped_system_name(name: str) -> str:
    """The shipped system ``name`` (any case) stands for: ``"sayc"`` for ``"standard"``, a file that only
    renames it (``renamed_shipped``, to the end of a chain).  A path or an unknown name is unchanged."""
    key = name.strip().lower().removesuffix(SYSTEM_SUFFIX)
    if is_path(name) or key not in shipped_systems():
        return name
    while (found := _ending_in_a_system(_shipped_renaming(key))) is not None:  # None for a circle: it ends
        key = found[0].strip().lower()
    return key


def system_choices() -> tuple[str, ...]:
    """The shipped systems a chooser lists, each once: not ``standard`` (``shipped_system_name``: SAYC)."""
    return tuple(name for name in shipped_systems() if shipped_system_name(name) == name)


def shipped_label(name: str) -> str:
    """What a menu calls a shipped system: its ``system:`` header (``"SAYC"``, ``"Acol"``), read from the
    file's first lines without reading its rules; the name capitalised when the header cannot be found."""
    data = _shipped_bytes(name.strip().lower().removesuffix(SYSTEM_SUFFIX), _LABEL_HEAD_BYTES)
    found = _SYSTEM_HEADER.search(data.decode("utf-8", "replace")) if data is not None else None
    return found.group(1) if found else name.capitalize()


__all__ = [
    "DEFAULT_SHIPPED_SYSTEM",
    "SYSTEM_SUFFIX",
    "is_path",
    "renamed_shipped",
    "renaming",
    "shipped_file",
    "shipped_label",
    "shipped_system_name",
    "shipped_systems",
    "system_choices",
]
