"""``bridgegui-system booklet``: write a system as a booklet, a PDF for students or BML for other tools.

Kept apart from ``system`` so that ``check`` and ``show`` never import Qt: only a PDF needs
QtGui (an offscreen ``QGuiApplication`` is made when none runs), and BML is plain text.
"""

from __future__ import annotations

import os
from typing import TextIO

from bridgegui.engine.bidding.booklet import build_booklet
from bridgegui.engine.bidding.calls import Call
from bridgegui.engine.bidding.system import System
from bridgegui.files import write_failure_reason

EXIT_OK, EXIT_CANNOT_WRITE, EXIT_USAGE = 0, 1, 2
BOOKLET_FORMATS = ("pdf", "bml")


def booklet_format(output: str | os.PathLike[str], fmt: str | None) -> str | None:
    """The format asked for, else the one the file's extension names (``.bml``, ``.pdf``), else PDF;
    None for a format this command does not write."""
    if fmt is not None:
        return fmt.lower() if fmt.lower() in BOOKLET_FORMATS else None
    suffix = os.path.splitext(os.fspath(output))[1].lower().lstrip(".")
    return suffix if suffix in BOOKLET_FORMATS else "pdf"


def write_booklet(
    system: System,
    output: str | os.PathLike[str],
    fmt: str | None,
    err: TextIO,
    *,
    calls: int | None = None,
    opening: Call | None = None,
) -> int:
    """Write ``system`` as a booklet to ``output`` (only the auctions ``calls`` and ``opening`` keep,
    as ``build_booklet`` reads them); the exit status (1 when it cannot be written, 2 when the choice
    leaves nothing to print).  What was written is reported on ``err``: a whole system takes a while
    and runs to a thousand pages, which the teacher should hear of before printing it.

    The file is written in one atomic write, so a failure leaves any old file whole.
    """
    chosen = booklet_format(output, fmt)
    if chosen is None:
        err.write(f"bridgegui-system: --format: {fmt!r} is not one of {', '.join(BOOKLET_FORMATS)}\n")
        return EXIT_USAGE
    booklet = build_booklet(system, calls=calls, opening=opening)
    if not booklet.sections:
        chosen_part = " and ".join(
            part
            for part in (
                f"--opening {opening.symbol()}" if opening is not None else "",
                f"--calls {calls}" if calls is not None else "",
            )
            if part
        )
        err.write(
            f"bridgegui-system: {system.name} has no auction that {chosen_part or 'the booklet'} keeps: nothing written\n"
        )
        return EXIT_USAGE
    auctions = sum(len(section.auctions) for section in booklet.sections)
    try:
        if chosen == "bml":
            from bridgegui.formats import bml

            bml.dump(booklet, output)
            size = f"{_count(auctions, 'auction')}, {_count(booklet.calls, 'call')}"
        else:
            from bridgegui.printing.booklet import write_booklet_pdf

            pages = write_booklet_pdf(booklet, output)
            size = f"{_count(pages, 'page')}, {_count(auctions, 'auction')}"
    except OSError as exc:
        err.write(f"bridgegui-system: cannot write {os.fspath(output)}: {write_failure_reason(exc)}\n")
        return EXIT_CANNOT_WRITE
    hint = "" if calls is not None or opening is not None else " (--calls N and --opening CALL print a part)"
    err.write(f"bridgegui-system: wrote {os.fspath(output)}: {size}{hint}\n")
    return EXIT_OK


def _count(number: int, noun: str) -> str:
    """``3, "page"`` → ``"3 pages"``, ``1`` → ``"1 page"``."""
    return f"{number:,} {noun}{'' if number == 1 else 's'}"


__all__ = ["BOOKLET_FORMATS", "booklet_format", "write_booklet"]
