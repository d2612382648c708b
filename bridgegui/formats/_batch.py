"""Vectorised text building for the board-set writers: a batch of deals to bytes with no per-board Python.

The writers of LIN, CSV and the dealing-machine formats format a whole ``(n, 4)`` uint64 batch (rows N,
E, S, W; see ``bridgegui.engine.cards``) at once: per-board Python would cost far more than the dealing.
The trick that makes variable widths cheap: every piece of a record (a suit holding's ranks, a
separator, a board number) is gathered into an ``(n, width)`` byte array padded with zeros, along with
its true length; stacking the pieces gives ``(n, k, width)``, and selecting with the mask
``column < length`` returns, in C order, exactly the concatenation of every board's pieces.  One
``tobytes`` then yields the batch.

Per-suit work uses the masks viewed as ``uint16``: each 16-bit field is one suit's 13-bit holding,
and 8,192-entry tables built once give its text.

The ``Board``-based ``dumps`` of each format call the same functions on ``boards_as_arrays`` of its
boards, so streamed and whole-set output are byte-identical by construction (and the tests check it).
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from functools import cache

import numpy as np

from bridgegui.engine.boards import Board
from bridgegui.engine.cards import RANKS, SEATS
from bridgegui.formats.errors import FormatError

__all__ = [
    "Piece",
    "boards_as_arrays",
    "const",
    "holdings",
    "join",
    "number",
    "owners",
    "rank_table",
    "strings",
    "table",
]

VULNERABILITIES = ("None", "NS", "EW", "All")
"""Vulnerability codes 0..3 as the arrays hold them."""

_LAW2_VUL = np.array([0, 1, 2, 3, 1, 2, 3, 0, 2, 3, 0, 1, 3, 0, 1, 2], dtype=np.uint8)

Piece = tuple[np.ndarray, np.ndarray]
"""``(bytes, lengths)``: an ``(n, width)`` uint8 array and the ``(n,)`` count of its bytes that are used."""


def holdings(masks: np.ndarray) -> np.ndarray:
    """The ``(n, 4, 4)`` uint16 suit holdings [board, seat N E S W, suit S H D C] of a batch of masks.

    Spades are the lowest 16-bit field of a mask (``cards`` module), so the little-endian view needs no
    arithmetic; on a big-endian machine the array is byte-swapped first.
    """
    masks = np.ascontiguousarray(masks, dtype=np.uint64)
    if sys.byteorder != "little":  # pragma: no cover - every platform we ship on is little-endian
        masks = masks.astype("<u8")
    return masks.view("<u2").reshape(len(masks), 4, 4)


_CARD_SHIFTS = np.array([suit * 16 + 12 - rank for suit in range(4) for rank in range(13)], dtype=np.uint64)


def owners(masks: np.ndarray) -> np.ndarray:
    """The ``(n, 52)`` uint8 seat (0 N .. 3 W) of each card ♠A, ♠K … ♣2 (card numbers 1..52 less one).

    The deal must be complete (each card in one hand): the caller checks that.
    """
    masks = np.asarray(masks, dtype=np.uint64)
    bits = (masks[:, :, None] >> _CARD_SHIFTS[None, None, :]) & np.uint64(1)  # (n, 4, 52)
    return np.argmax(bits, axis=1).astype(np.uint8)


def _padded(texts: Sequence[bytes]) -> Piece:
    width = max((len(t) for t in texts), default=0) or 1
    out = np.zeros((len(texts), width), dtype=np.uint8)
    for row, text in enumerate(texts):
        out[row, : len(text)] = np.frombuffer(text, dtype=np.uint8)
    return out, np.array([len(t) for t in texts], dtype=np.int64)


@cache
def rank_table(high_first: bool = True) -> Piece:
    """The 8,192 holdings' ranks (``b"AKT2"``, or ``b"2TKA"`` low first), as a ``Piece`` table. Built once."""
    texts = []
    for holding in range(8192):
        ranks = "".join(RANKS[12 - b] for b in range(12, -1, -1) if holding >> b & 1).encode("ascii")
        texts.append(ranks if high_first else ranks[::-1])
    return _padded(texts)


def table(tab: Piece, index: np.ndarray) -> Piece:
    """Look ``index`` (``(n,)`` ints) up in a ``Piece`` table."""
    data, lengths = tab
    return data[index], lengths[index]


def const(text: bytes, n: int) -> Piece:
    """The same bytes on every one of ``n`` boards."""
    data = np.frombuffer(text, dtype=np.uint8) if text else np.zeros(1, dtype=np.uint8)
    return np.broadcast_to(data, (n, len(data))), np.full(n, len(text), dtype=np.int64)


def strings(texts: Sequence[bytes]) -> Piece:
    """Per-board bytes that no table holds (an auction): for ``dumps`` only, never on the hot path."""
    return _padded(texts)


def number(values: np.ndarray, width: int = 0) -> Piece:
    """Decimal numbers (non-negative), zero-padded to ``width`` digits when given."""
    values = np.asarray(values, dtype=np.int64)
    if np.any(values < 0):
        raise FormatError("a number in a file cannot be negative")
    digits = np.maximum(1, np.floor(np.log10(np.maximum(values, 1))).astype(np.int64) + 1)
    digits = np.maximum(digits, width)
    most = int(digits.max(initial=1))
    place = digits[:, None] - 1 - np.arange(most)[None, :]  # power of ten of each column
    data = (values[:, None] // 10 ** np.maximum(place, 0)) % 10 + ord("0")
    return data.astype(np.uint8), digits


def join(pieces: Sequence[Piece]) -> bytes:
    """Every board's pieces in order, boards one after another (see the module docstring)."""
    if not pieces:
        return b""
    n = len(pieces[0][1])
    width = max(p[0].shape[1] for p in pieces)
    stacked = np.zeros((n, len(pieces), width), dtype=np.uint8)
    lengths = np.empty((n, len(pieces)), dtype=np.int64)
    for k, (data, length) in enumerate(pieces):
        stacked[:, k, : data.shape[1]] = data
        lengths[:, k] = length
    return stacked[np.arange(width)[None, None, :] < lengths[:, :, None]].tobytes()


def boards_as_arrays(boards: Sequence[Board], *, what: str) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """``(masks, numbers, dealers, vulnerabilities)`` of boards with full deals, for the batch writers.

    A board without a number takes its place in the set (1, 2, 3, …); dealers and vulnerabilities are
    the boards' own (explicit, else Law 2's).  ``what`` names the format in the error for a partial deal.
    """
    n = len(boards)
    masks = np.zeros((n, 4), dtype=np.uint64)
    numbers = np.zeros(n, dtype=np.int64)
    dealers = np.zeros(n, dtype=np.uint8)
    vulnerabilities = np.zeros(n, dtype=np.uint8)
    for k, board in enumerate(boards):
        if board.deal is None or not board.deal.is_complete:
            name = board.label or str(k + 1)
            raise FormatError(f"board {name} has no full deal, and {what} files hold only full deals")
        masks[k] = [int(hand or 0) for hand in board.deal.hands]
        number_ = board.number if board.number is not None else k + 1
        numbers[k] = number_
        dealers[k] = SEATS.index(board.dealer) if board.dealer else (number_ - 1) % 4
        vulnerable = board.vulnerable
        vulnerabilities[k] = VULNERABILITIES.index(vulnerable) if vulnerable else _LAW2_VUL[(number_ - 1) % 16]
    return masks, numbers, dealers, vulnerabilities
