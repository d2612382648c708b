"""DGE files (dealing machines): 128 bytes a board, read and written.

The layout (formats note; BigDeal's ``output.c`` writes the same): the hands of North, East, South
and West, each as 17 bytes: for each suit ♠ ♥ ♦ ♣ the DOS character set's suit symbol (bytes 6, 3,
4, 5) followed by that suit's ranks ``AKQJT98765432`` high to low; then 60 NUL bytes.

As in BRI, the board's place in the file is its number (the reader gives Law 2's dealer and
vulnerability), and there is no header in which to say that a set dealt to constraints is for
practice only (Law 6E3): name the file for it.

Writing is vectorised, so formatting costs no more than dealing: each suit's ranks come from an
8,192-entry table of holdings.
"""

from __future__ import annotations

import numpy as np

from bridgegui.engine.cards import RANKS, SEAT_NAMES, SUIT_NAMES, Deal
from bridgegui.formats import _batch
from bridgegui.formats.errors import ReadError

__all__ = ["RECORD", "begin", "dump", "dumps", "end", "load", "loads", "write_batch"]

RECORD = _batch.FixedRecords.RECORD
"""Bytes per board."""

PART = 68
"""Bytes of the four hands; DUP files hold this part after the BRI part."""

SUIT_BYTES = b"\x06\x03\x04\x05"
"""♠ ♥ ♦ ♣ in the DOS character set (code page 437)."""

_FILLER = b"\x00" * 60


def hands_part(masks: np.ndarray) -> np.ndarray:
    """The ``(n, 68)`` uint8 DGE part of a batch: every hand is 17 bytes, so the records line up."""
    held = _batch.holdings(masks)
    n = len(held)
    ranks = _batch.rank_table()
    pieces: list[_batch.Piece] = []
    for seat in range(4):
        for suit in range(4):
            pieces.append(_batch.const(SUIT_BYTES[suit : suit + 1], n))
            pieces.append(_batch.table(ranks, held[:, seat, suit]))
    return np.frombuffer(_batch.join(pieces), dtype=np.uint8).reshape(n, PART)


def read_part(part: bytes, where: str) -> Deal:
    """The deal of a 68-byte DGE part (also inside a DUP record); ``ReadError`` naming ``where``."""
    masks = [0, 0, 0, 0]
    seen = 0
    for seat in range(4):
        hand = part[17 * seat : 17 * seat + 17]
        suit = -1
        for byte in hand:
            if byte in SUIT_BYTES:
                following = SUIT_BYTES.index(byte)
                if following != suit + 1:
                    raise ReadError(
                        where, f"{SEAT_NAMES[seat]}'s suits are not in the order spades, hearts, diamonds, clubs"
                    )
                suit = following
                continue
            letter = chr(byte).upper()
            if suit < 0 or letter not in RANKS:
                raise ReadError(where, f"{SEAT_NAMES[seat]}'s hand holds the byte {byte}, which is not a rank or suit")
            bit = 1 << (suit * 16 + 12 - RANKS.index(letter))
            if seen & bit:
                raise ReadError(where, f"the {letter} of {SUIT_NAMES[suit]} is given twice")
            seen |= bit
            masks[seat] |= bit
        if suit != 3:
            raise ReadError(where, f"{SEAT_NAMES[seat]}'s hand does not give all four suits in 17 bytes")
        count = masks[seat].bit_count()
        if count != 13:
            raise ReadError(where, f"{SEAT_NAMES[seat]} has {count} cards, not 13")
    return Deal(tuple(masks))  # type: ignore[arg-type]


_CODEC = _batch.FixedRecords("DGE", hands_part, read_part, _FILLER)
"""The layout BRI and DGE share (records of 128 bytes, the board's place its number), with this format's part."""

begin, write_batch, end = _CODEC.begin, _CODEC.write_batch, _CODEC.end
dumps, dump, loads, load = _CODEC.dumps, _CODEC.dump, _CODEC.loads, _CODEC.load
