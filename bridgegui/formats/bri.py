"""BRI files (Duplimate for DOS): 128 bytes a board, read and written.

The layout (formats note; BigDeal's ``output.c`` writes the same): the card numbers of North, East
and South as 39 two-digit decimal fields, each hand's 13 cards in increasing card number (1 = ♠A,
2 = ♠K, … 13 = ♠2, 14 = ♥A, … 52 = ♣2), then 32 spaces and 18 NUL bytes.  West holds the rest.

The file holds no board numbers, dealers or vulnerabilities: the board's place in the file is its
number, and the reader gives each board Law 2's dealer and vulnerability.  It has no header either,
so a practice set (dealt to constraints, Law 6E3) cannot say so inside a BRI file: name the file
for it.

Writing is vectorised, so formatting costs no more than dealing: a batch of masks becomes an
``(n, 128)`` byte array in numpy.
"""

from __future__ import annotations

import numpy as np

from bridgegui.engine.cards import CARD_BITS, FULL_DECK_MASK, SEAT_NAMES, Deal
from bridgegui.formats import _batch
from bridgegui.formats.errors import ReadError

__all__ = ["RECORD", "begin", "dump", "dumps", "end", "load", "loads", "write_batch"]

RECORD = _batch.FixedRecords.RECORD
"""Bytes per board."""

PART = 78
"""Bytes of the card numbers (39 two-digit fields); DUP files start each board with this part."""

_FILLER = b" " * 32 + b"\x00" * 18
_DIGITS = np.array([[ord("0") + c // 10, ord("0") + c % 10] for c in range(53)], dtype=np.uint8)


def card_numbers(masks: np.ndarray) -> np.ndarray:
    """The ``(n, 78)`` uint8 BRI part: North's, East's and South's card numbers, two digits each.

    Sorting ``seat * 64 + card`` groups each board's cards by seat with card numbers increasing inside
    a seat; the first 39 are North's, East's and South's, since every seat holds 13.
    """
    owner = _batch.owners(masks).astype(np.int16)
    keyed = np.sort(owner * 64 + np.arange(52, dtype=np.int16)[None, :], axis=1)[:, :39]
    return _DIGITS[(keyed % 64) + 1].reshape(len(owner), PART)


def read_part(part: bytes, where: str) -> Deal:
    """The deal of a 78-byte BRI part (also the start of a DUP record); ``ReadError`` naming ``where``."""
    masks = [0, 0, 0, 0]
    for field in range(39):
        text = part[2 * field : 2 * field + 2]
        seat = field // 13
        if not text.isdigit() or not 1 <= int(text) <= 52:
            shown = text.decode("latin-1")
            raise ReadError(where, f"{SEAT_NAMES[seat]}'s card {field % 13 + 1} is {shown!r}, not a card number 01-52")
        bit = CARD_BITS[int(text) - 1]
        if any(m & bit for m in masks):
            raise ReadError(where, f"card number {int(text)} is given twice")
        masks[seat] |= bit
    masks[3] = FULL_DECK_MASK & ~(masks[0] | masks[1] | masks[2])
    return Deal(tuple(masks))  # type: ignore[arg-type]


_CODEC = _batch.FixedRecords("BRI", card_numbers, read_part, _FILLER)
"""The layout BRI and DGE share (records of 128 bytes, the board's place its number), with this format's part."""

begin, write_batch, end = _CODEC.begin, _CODEC.write_batch, _CODEC.end
dumps, dump, loads, load = _CODEC.dumps, _CODEC.dump, _CODEC.loads, _CODEC.load
