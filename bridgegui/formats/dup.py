"""DUP files (Duplimate): 156 bytes a board, at most 99 boards, read and written.

The layout (formats note; BigDeal's ``output.c`` writes the same): the 78-byte BRI part (North's,
East's and South's card numbers), the 68-byte DGE part (all four hands with DOS suit symbols), then
a 10-byte trailer: ``Y`` (random hands), ``N`` (not reversed), ``1`` (first board), two spaces,
``0`` (copies), a space, the number of boards in the file as two digits, a space.  Because the
trailer holds the board count, the file is written whole, not batch by batch.

No board numbers, dealers or vulnerabilities are stored: the reader numbers boards from 1 with Law
2's.  There is no header in which to say that a constrained set is for practice only (Law 6E3):
name the file for it.  BigDeal's author recommends DLM where the machine accepts it.

The reader takes the deal from the BRI part and checks that the DGE part agrees (or is blank, as
the "hidden" variant of the format writes board 1).
"""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np

from bridgegui.engine.boards import Board
from bridgegui.formats import _batch, bri, dge
from bridgegui.formats._io import Target, read_bytes, write_data
from bridgegui.formats.errors import ReadError, TooManyBoardsError
from bridgegui.formats.registry import SetInfo

__all__ = ["MAX_BOARDS", "RECORD", "dump", "dumps", "load", "loads"]

RECORD = 156
"""Bytes per board."""

MAX_BOARDS = 99
"""The trailer's board count has two digits."""


def _check_count(count: int) -> None:
    if count > MAX_BOARDS:
        raise TooManyBoardsError(
            f"a DUP file holds at most {MAX_BOARDS} boards, and this set has {count}: "
            "save it in parts, or as DLM, BRI or DGE"
        )


def records(masks: np.ndarray) -> bytes:
    """The DUP file of an ``(n, 4)`` batch holding the whole set (n ≤ 99)."""
    n = len(masks)
    _check_count(n)
    trailer = np.frombuffer(f"YN1  0 {n:02d} ".encode("ascii"), dtype=np.uint8)
    parts = [bri.card_numbers(masks), dge.hands_part(masks), np.broadcast_to(trailer, (n, len(trailer)))]
    return np.hstack(parts).tobytes()


def dumps(boards: Iterable[Board], info: SetInfo | None = None) -> bytes:
    """The boards as a DUP file, in the order given; ``TooManyBoardsError`` past 99 boards."""
    boards = list(boards)
    _check_count(len(boards))
    masks, *_ = _batch.boards_as_arrays(boards, what="DUP")
    return records(masks)


def dump(boards: Iterable[Board], fp_or_path: Target, info: SetInfo | None = None) -> None:
    write_data(dumps(boards, info), fp_or_path)


def loads(data: bytes | str) -> list[Board]:
    """The boards of a DUP file, numbered 1, 2, 3, … with Law 2's dealers and vulnerabilities."""
    raw = data.encode("latin-1") if isinstance(data, str) else data
    whole = _batch.whole_records(raw, RECORD, "DUP")
    boards = []
    for k in range(whole):
        record = raw[k * RECORD : (k + 1) * RECORD]
        where = f"board {k + 1}"
        deal = bri.read_part(record[: bri.PART], where)
        shown = record[bri.PART : bri.PART + dge.PART]
        if shown.strip(b" \x00") and dge.read_part(shown, where) != deal:
            raise ReadError(where, "the two copies of the deal in the record differ")
        boards.append(Board(k + 1, deal))
    _batch.refuse_cut_record(raw, RECORD, "DUP")
    return boards


def load(fp_or_path: Target) -> list[Board]:
    return loads(read_bytes(fp_or_path))
