"""Writing a set to ``-o FILE`` (atomically) or standard output, batch by batch as it is dealt.

``SetStream`` is the command line's one way to write a streamed set: the format module's ``begin``,
``write_batch`` and ``end`` (``bridgegui.formats.registry``), numbered from ``--first-board``, put into
the output as they come, so memory stays flat whatever ``-p`` is.  Its ``format`` is a pure function
of a batch and its place in the set, so a long run formats its chunks in the worker processes that
dealt them (``planner.finished_chunks``) and the main process only writes their bytes, in order.
"""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, Any, TextIO

from bridgegui.formats import registry

if TYPE_CHECKING:
    import numpy as np

__all__ = ["FORMAT_ROWS", "SetStream", "open_output"]

FORMAT_ROWS = 8192
"""Boards formatted at once by ``SetStream.format``: the layout's arrays (a few hundred bytes a board,
several times over) stay a few MB however large the chunk a worker hands it."""


class SetStream:
    """One set written batch by batch to ``-o FILE`` (atomically) or standard output.

    ``with SetStream(fmt, info, args, stdout) as stream: stream.write(masks)...``: the format's
    ``begin`` is written with the first boards (so a request that finds none leaves standard output
    empty), each batch as it comes (numbered from ``--first-board``), and ``end`` on a normal exit,
    when the file then replaces the old one.  On an exception nothing
    more is written and the old file stays as it was (``bridgegui.files.atomic_writer``).
    Formats that cannot stream (DUP, DLM) are kept by the registry's writer and written at the end.
    """

    def __init__(self, fmt: registry.BoardFormat, info: registry.SetInfo, args: argparse.Namespace, stdout: TextIO):
        self.fmt = fmt
        self.info = info
        self.args = args
        self.stdout = stdout
        self.first = args.first_board
        self.number = args.first_board
        self.writer: Any = registry.stream_writer(fmt)
        self._stack = contextlib.ExitStack()
        self._put: Callable[[str | bytes], None] = _raise_closed
        self._text: Any = None
        self._begun = False

    def __enter__(self) -> SetStream:
        self._put = self._stack.enter_context(open_output(self.args.output, self.stdout, self.fmt))
        if self.fmt.name == "text":
            from bridgegui.formats import text

            self._text = text
        return self

    def _begin(self) -> None:
        """The format's start, written with the first boards: a request that finds none writes nothing."""
        if not self._begun:
            self._begun = True
            self._put(self.writer.begin(self.info))

    def _formatted(self, masks: np.ndarray, number: int) -> str | bytes:
        if self._text is not None:  # the text writer is told whether boards came before (the blank line)
            return self._text.write_batch(masks, number, self.info, continued=number > self.first)
        return self.writer.write_batch(masks, number, self.info)  # type: ignore[no-any-return]

    def write(self, masks: np.ndarray) -> None:
        """Format and write one ``(n, 4)`` batch of deals (``FORMAT_ROWS`` at a time: a long run's chunks
        are large)."""
        for start in range(0, masks.shape[0], FORMAT_ROWS):
            part = masks[start : start + FORMAT_ROWS]
            self.put(self._formatted(part, self.number), part.shape[0])

    def format(self, masks: np.ndarray, offset: int) -> list[bytes]:
        """A batch's bytes as the output takes them (in parts, ``FORMAT_ROWS`` boards each), its first
        board ``offset`` boards into the set.

        Depends on nothing but its arguments and the set's header, so a worker process runs it
        (``planner.finished_chunks``) and sends back only the bytes.
        """
        parts = []
        for start in range(0, len(masks), FORMAT_ROWS):
            data = self._formatted(masks[start : start + FORMAT_ROWS], self.first + offset + start)
            parts.append(data.encode("utf-8") if isinstance(data, str) else data)
        return parts

    def put(self, data: str | bytes | Sequence[bytes], count: int) -> None:
        """Write the formatted data (or its parts, as ``format`` makes them) of the next ``count`` boards
        (the format's start before the first)."""
        if not count:
            return
        self._begin()
        for part in [data] if isinstance(data, str | bytes) else data:
            self._put(part)
        self.number += count

    def __exit__(self, kind: Any, value: Any, traceback: Any) -> None:
        if kind is None:
            try:
                self._begin()
                self._put(self.writer.end(dataclasses.replace(self.info, total=self.number - self.first)))
            except BaseException as exc:
                if not self._stack.__exit__(type(exc), exc, exc.__traceback__):
                    raise
                return
        # The output sees the exception too, so an interrupted file is removed, never put in place.
        self._stack.__exit__(kind, value, traceback)


def _raise_closed(_data: str | bytes) -> None:
    raise OSError("the output is not open")


@contextlib.contextmanager
def open_output(target: str, stdout: TextIO, fmt: registry.BoardFormat) -> Iterator[Callable[[str | bytes], None]]:
    """A function that appends text or bytes to ``target`` (``-`` for standard output).

    A file is written through ``atomic_writer``, its errors phrased as ``WriteFailedError`` (``bridgegui.files``):
    as UTF-8 bytes exactly as the format made them
    (PBN's CRLF line ends included), except text diagrams, written as text as they always were.
    Standard output gets bytes through its buffer where it has one, so PBN keeps its CRLF there too.
    """
    from bridgegui.files import atomic_writer, naming_write_errors

    if target != "-":
        # A folder, a full disk, no permission: "cannot write /tmp: it is a folder, ..." (exit 1), not
        # "[Errno 21] Is a directory: '/tmp'".
        with naming_write_errors(target):
            if fmt.name == "text":
                with atomic_writer(target, "w", encoding="utf-8") as text_file:
                    yield lambda data: _write_text(text_file, data)
            else:
                with atomic_writer(target, "wb") as binary_file:
                    yield lambda data: _write_bytes(binary_file, data)
        return
    if fmt.name == "text":
        yield lambda data: _write_text(stdout, data)
        stdout.flush()
        return
    stdout.flush()
    buffer = getattr(stdout, "buffer", None)
    if buffer is None:  # a StringIO in the tests, or a ClosedStream
        if fmt.binary:
            raise OSError("standard output does not take bytes: write this format with -o FILE")
        yield lambda data: _write_text(stdout, data)
        stdout.flush()
        return
    yield lambda data: _write_bytes(buffer, data)
    buffer.flush()


def _write_text(stream: Any, data: str | bytes) -> None:
    if data:
        stream.write(data if isinstance(data, str) else data.decode("utf-8"))


def _write_bytes(stream: Any, data: str | bytes) -> None:
    if data:
        stream.write(data.encode("utf-8") if isinstance(data, str) else data)
