"""What constraints a saved board set was dealt with: written into its header, read back when it is opened.

A teacher's lesson file must remember its constraints: without them, the next F5 after opening an
"8-9 South" lesson dealt South 11.  The PBN reader skips ``%`` lines, so this reads the header itself:

* ``% Constraints: N: hcp 8-9; S: hcp 15-17, balanced; condition …; dealer S`` — what the window
  writes (``ConstraintsDock.request_text``); the command line writes ``North: …`` with whole seat
  names, read the same way.  ``no constraints`` clears the editors; ``auction 1NT P 2C P; system sayc``
  (``AuctionSetHeader``, both front ends write it) deals for that auction again; the older ``auction
  1NT – 2♣ (Standard…)`` and a dealer-script file name cannot be put back (``LessonConstraints.reason``).
* ``% Advanced condition:`` followed by the condition's lines, each indented two spaces: the window's
  advanced condition verbatim (the one-line ``condition`` part above loses line breaks, so a ``#``
  comment would swallow the rest).

No Qt here: the document calls ``read_header`` and ``header_lines``.
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass, field
from pathlib import Path

from bridgegui.engine.bidding.auction_dealing import AuctionSetHeader

CONSTRAINTS = "Constraints:"
ADVANCED = "Advanced condition:"
HEADER_LIMIT = 64 * 1024
"""Bytes of a file read for its header: the header comes first, and a huge file must not be read twice."""

_KEYS = {"N": "N", "E": "E", "S": "S", "W": "W", "NS": "NS", "EW": "EW"}
_KEYS |= {"NORTH": "N", "EAST": "E", "SOUTH": "S", "WEST": "W"}
_PART = re.compile(r"^\s*([A-Za-z]+)\s*:\s*(.*)$", re.DOTALL)
_DEALER = re.compile(r"^\s*dealer\s+(board|[NESW])\s*$", re.IGNORECASE)


@dataclass(frozen=True)
class LessonConstraints:
    """The constraints a file says dealt it.  ``usable`` False (with ``reason``) when they cannot be
    put in the editors (a set dealt for an auction, or by a named dealer script)."""

    specs: dict[str, str] = field(default_factory=dict)
    advanced: str = ""
    dealer: str = "board"
    text: str = ""  # the Constraints line as written, kept for saving the set again
    reason: str = ""
    auction: AuctionSetHeader | None = None  # a set dealt for an auction: the auction to deal for again

    @property
    def usable(self) -> bool:
        return not self.reason


def header_text(path: Path) -> str:
    """The ``%`` lines at the top of a PBN file, without their ``%`` (UTF-8, else Latin-1)."""
    with path.open("rb") as fp:
        data = fp.read(HEADER_LIMIT)
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        text = data.decode("latin-1")
    lines = []
    for line in text.replace("\r\n", "\n").replace("\r", "\n").split("\n"):
        if line.startswith("["):
            break
        if line.startswith("%"):
            lines.append(line[1:].removeprefix(" "))
    return "\n".join(lines)


def parse_constraints_line(text: str) -> LessonConstraints:
    """The parts of a ``Constraints:`` line (``; ``-separated), into specs, condition and dealer."""
    specs: dict[str, str] = {}
    advanced = ""
    dealer = "board"
    stripped = text.strip()
    if stripped.lower().startswith("auction "):
        header = AuctionSetHeader.parse(stripped)
        if header is None or header.extra:  # the older form (the system by its title), or seat specs too
            return LessonConstraints(text=stripped, reason="auction")
        return LessonConstraints(dealer=header.dealer or "board", text=stripped, auction=header)
    if stripped.lower() in ("", "no constraints"):
        return LessonConstraints(text=stripped)
    if stripped.lower().startswith("set:"):  # several scenarios (Deal Set's mix): no one set of constraints
        return LessonConstraints(text=stripped, reason="mixed")
    parts = [p.strip() for p in stripped.split(";")]
    i = 0
    while i < len(parts):
        part = parts[i]
        match = _DEALER.match(part)
        if match:
            dealer = match.group(1).upper() if match.group(1).lower() != "board" else "board"
        elif part.lower().startswith("condition "):
            # The condition may hold "; " itself: it runs to a closing "dealer" part or the end.
            rest = parts[i:]
            end = next((k for k in range(len(rest) - 1, 0, -1) if _DEALER.match(rest[k])), len(rest))
            advanced = "; ".join(rest[:end])[len("condition ") :].strip()
            i += end
            continue
        elif part.lower().startswith(("not uniform", "rotated:")):
            pass  # a note on sets dealt with a shuffle model, or turned to each board's dealer
        else:
            m = _PART.match(part)
            key = _KEYS.get(m.group(1).upper()) if m else None
            if m is None or key is None:
                return LessonConstraints(text=stripped, reason=f"unreadable part {part!r}")
            specs[key] = m.group(2).strip()
        i += 1
    return LessonConstraints(specs, advanced, dealer, stripped)


def read_header(path: Path) -> LessonConstraints | None:
    """The constraints the file's header records, or None when it records none."""
    lines = header_text(path).split("\n")
    found: LessonConstraints | None = None
    advanced: list[str] | None = None
    for line in lines:
        if advanced is not None:
            if line.startswith("  "):
                advanced.append(line[2:])
                continue
            if line.strip() == "":
                advanced.append("")
                continue
            advanced_done = "\n".join(advanced).strip("\n")
            advanced = None
            if found is not None:
                found = dataclasses.replace(found, advanced=advanced_done)
        if line.startswith(CONSTRAINTS):
            found = parse_constraints_line(line[len(CONSTRAINTS) :])
        elif line.startswith(ADVANCED) and found is not None:
            advanced = []
        elif line.startswith("Dealer script:") and found is None:
            found = LessonConstraints(text="", reason="script " + line[len("Dealer script:") :].strip())
    if advanced is not None and found is not None:
        found = dataclasses.replace(found, advanced="\n".join(advanced).strip("\n"))
    return found


def header_lines(request_text: str, advanced: str) -> list[str]:
    """The header entries for a saved set (``pbn.save``'s ``extra_header``)."""
    if not request_text:
        return []
    lines = [f"{CONSTRAINTS} {request_text}"]
    if advanced.strip():
        lines.append("\n".join([ADVANCED, *("  " + line for line in advanced.strip("\n").split("\n"))]))
    return lines


__all__ = ["LessonConstraints", "header_lines", "header_text", "parse_constraints_line", "read_header"]
