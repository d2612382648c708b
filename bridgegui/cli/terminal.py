"""The terminal side of ``bridgegui-deal``: the progress line, and standard streams that are closed or
broken.  Kept apart from ``deal.py``, which decides what to deal and write."""

from __future__ import annotations

import os
import sys
import time
from typing import TextIO, cast

from bridgegui.engine.dealer import planner

_OPEN_LINES: set[int] = set()
"""The streams (by ``id``) on which a progress line is drawn and not yet ended."""


def end_line(stream: TextIO) -> None:
    """End a progress line left open on ``stream``, so what is written next starts a line of its own
    (an error message used to be glued to the bar: "… 0.9 sbridgegui-deal: no deal …")."""
    if id(stream) in _OPEN_LINES:
        _OPEN_LINES.discard(id(stream))
        stream.write("\n")


class ProgressLine:
    """A line on standard error that updates in place, only when it is a terminal."""

    def __init__(self, stream: TextIO, total: int, enabled: bool) -> None:
        self.stream = stream
        self.total = total
        self.enabled = enabled and stream.isatty()
        self.last = 0.0

    def update(self, progress: planner.Progress, *, final: bool = False) -> None:
        if not self.enabled:
            return
        now = time.monotonic()
        if not final and now - self.last < 0.1:
            return
        self.last = now
        width = 24
        done = int(width * progress.matched / max(self.total, 1))
        bar = "#" * done + "-" * (width - done)
        self.stream.write(
            f"\r[{bar}] {progress.matched:,}/{self.total:,} boards · {progress.tried:,} deals tried · {progress.elapsed:.1f} s"
        )
        if final:
            self.stream.write("\n")
            _OPEN_LINES.discard(id(self.stream))
        else:
            _OPEN_LINES.add(id(self.stream))
        self.stream.flush()


class ClosedStream:
    """Stands in for a standard stream that is closed: ``bridgegui-deal >&-`` starts Python with
    ``sys.stdout`` None.  Writing to it raises ``OSError``, an I/O error like any other (exit status 1),
    so a run that writes to a file (``-o``) still works and one that writes to the stream says why it
    cannot."""

    def __init__(self, name: str) -> None:
        self.name = name

    def write(self, _text: str) -> int:
        raise OSError(f"standard {self.name} is closed")

    def flush(self) -> None:
        """Nothing to flush: ``write`` raises."""

    def isatty(self) -> bool:
        return False


def usable(stream: TextIO | None, name: str) -> TextIO:
    if stream is None or getattr(stream, "closed", False):
        return cast("TextIO", ClosedStream(name))
    return stream


def silence_stdout() -> None:
    """After a broken pipe (``bridgegui-deal | head -1``), point standard output at the null device so
    Python's own flush at exit does not print a second error (the ``signal`` module's documented remedy)."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, AttributeError, ValueError):  # no real file behind it: nothing to flush at exit
        pass
