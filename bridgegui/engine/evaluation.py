"""Hand evaluation vectorised over batches.

Every function takes an array of hand masks of any shape (typically ``(n, 4)``: a batch of deals)
and returns an array of the same shape.  ``holdings`` reinterprets the ``uint64`` masks as four
``uint16`` suit holdings without copying, and each measure is a sum of four lookups in a table from
``tables.py``: no per-card work and no Python loop.
"""

from __future__ import annotations

from functools import cache, cached_property

import numpy as np

from bridgegui.engine import tables

SHAPE_RADIX = 14
"""Suit lengths packed as ``((s * 14 + h) * 14 + d) * 14 + c`` by ``shape_code``."""


def holdings(hands: np.ndarray) -> np.ndarray:
    """The ``(..., 4)`` uint16 suit holdings (S, H, D, C) of ``uint64`` hand masks."""
    h = np.ascontiguousarray(hands, dtype=np.uint64)
    return h.view(np.uint16).reshape(*h.shape, 4)


_BYTE_SUM = np.uint32(0x01010101)


def _suit_sum(hands: np.ndarray, table: np.ndarray) -> np.ndarray:
    """Sum of ``table`` over the four suits, as int16.

    The four per-suit bytes of a hand are contiguous, so they are read as one uint32 and added by a
    single multiply (the top byte of ``x * 0x01010101`` is the sum of x's four bytes while it stays
    below 256, and no measure here exceeds 52): several times faster than reducing a length-4 axis.
    """
    per_suit = np.ascontiguousarray(table[holdings(hands)], dtype=np.uint8)
    total = (per_suit.view(np.uint32)[..., 0] * _BYTE_SUM) >> np.uint32(24)
    return total.astype(np.int16)


def suit_lengths(hands: np.ndarray) -> np.ndarray:
    """``(..., 4)`` suit lengths, S H D C (uint8): a SIMD popcount of each holding, no table."""
    return np.bitwise_count(holdings(hands))


def suit_hcp(hands: np.ndarray) -> np.ndarray:
    """``(..., 4)`` HCP per suit."""
    return tables.HCP[holdings(hands)]


def _top_cards_mask(top: int) -> np.uint64:
    """The ``top`` highest ranks (ace first) of every suit, as one hand mask."""
    return np.uint64(sum(1 << (16 * suit + 12 - k) for suit in range(4) for k in range(top)))


_TOP = [_top_cards_mask(k) for k in range(5)]


def _weighted_honours(hands: np.ndarray, tops: range) -> np.ndarray:
    """Sum over k in ``tops`` of the number of cards among each suit's top k ranks.

    4-3-2-1 points are exactly that for k = 1..4 (an ace is among the top 1, 2, 3 and 4 ranks, a jack
    only among the top 4), and controls for k = 1..2: four popcounts of whole 64-bit hands, about
    twice as fast as sixteen table lookups.
    """
    h = np.asarray(hands, dtype=np.uint64)
    total = np.zeros(h.shape, dtype=np.uint8)
    for k in tops:
        total += np.bitwise_count(h & _TOP[k])
    return total.astype(np.int16)


def hcp(hands: np.ndarray) -> np.ndarray:
    """Milton Work points (A 4, K 3, Q 2, J 1) of each hand."""
    return _weighted_honours(hands, range(1, 5))


def controls(hands: np.ndarray) -> np.ndarray:
    """Controls (A 2, K 1) of each hand."""
    return _weighted_honours(hands, range(1, 3))


def quick_tricks_halves(hands: np.ndarray) -> np.ndarray:
    """Quick tricks times two (integers, so ranges compare exactly)."""
    return _suit_sum(hands, tables.QUICK_TRICKS_HALVES)


def quick_tricks(hands: np.ndarray) -> np.ndarray:
    return quick_tricks_halves(hands) / 2.0


def losers(hands: np.ndarray) -> np.ndarray:
    return _suit_sum(hands, tables.LOSERS)


def playing_tricks(hands: np.ndarray) -> np.ndarray:
    return _suit_sum(hands, tables.PLAYING_TRICKS)


def shape_code(lengths: np.ndarray) -> np.ndarray:
    """Pack ``(..., 4)`` suit lengths into one integer per hand (radix 14), for fast shape tests."""
    l = lengths.astype(np.int32)
    return ((l[..., 0] * SHAPE_RADIX + l[..., 1]) * SHAPE_RADIX + l[..., 2]) * SHAPE_RADIX + l[..., 3]


def pattern_code(lengths: np.ndarray) -> np.ndarray:
    """Like ``shape_code`` but of the lengths sorted longest first: the any-order pattern."""
    return shape_code(-np.sort(-lengths.astype(np.int8), axis=-1))


def _per_suit_sum(hands: np.ndarray, suit_tables: np.ndarray) -> np.ndarray:
    """Sum over the suits of ``suit_tables[suit, holding]`` (one table per suit), as int16: a look-up
    in each suit's own table, a quarter of the time of one look-up indexed by suit and holding."""
    suits = holdings(hands)
    total = suit_tables[0].take(suits[..., 0]).astype(np.int16)
    for suit in (1, 2, 3):
        total += suit_tables[suit].take(suits[..., suit])
    return total


def length_points(hands: np.ndarray) -> np.ndarray:
    """One point for every card over four in each suit."""
    lengths = suit_lengths(hands).astype(np.int16)
    return np.maximum(lengths - 4, 0).sum(axis=-1).astype(np.int16)


def total_points(hands: np.ndarray) -> np.ndarray:
    """Total points: HCP plus length points (``points 13+``)."""
    return _suit_sum(hands, tables.TOTAL_POINTS)


def support_points(hands: np.ndarray, trumps: int) -> np.ndarray:
    """Dummy points with suit ``trumps`` (0 = spades ... 3 = clubs) as trumps: HCP plus shortness in
    the three other suits (void 5, singleton 3, doubleton 1), as a raise is valued once a fit is known."""
    return _per_suit_sum(hands, tables.suit_tables(tables.measure_name("SUPPORT", trumps)))


@cache
def top_two_by_shape() -> np.ndarray:
    """``table[shape_code]``: the lengths of the two longest suits together (the rule of 20's shape
    term; the exact sampler reads it too, at its join).

    Built on first use, not at import: only the rule of 20 needs it, and the 2 ms its sort takes were
    paid by every command-line run."""
    grid = np.stack(np.meshgrid(*(np.arange(SHAPE_RADIX),) * 4, indexing="ij"), axis=-1).reshape(-1, 4)
    longest = np.sort(grid, axis=1)
    table = (longest[:, 2] + longest[:, 3]).astype(np.int16)
    table.flags.writeable = False
    return table


def rule_of_20_count(hands: np.ndarray) -> np.ndarray:
    """HCP plus the lengths of the two longest suits (the figure the rule of 20 compares with 20)."""
    return hcp(hands) + top_two_by_shape()[shape_code(suit_lengths(hands))]


def rule_of_20(hands: np.ndarray) -> np.ndarray:
    """The rule of 20 for a light opening: HCP plus the two longest suits' lengths is 20 or more.

    Not a sum over suits (which two suits count depends on the whole shape), so it is no table:
    a constraint filters on it.  It is a function of the shape and the HCP, though, which is how
    the exact sampler can still enforce it (``exact.SeatSampler``).
    """
    return rule_of_20_count(hands) >= 20


def suit_quality(hands: np.ndarray) -> np.ndarray:
    """``(..., 4)`` suit quality: how many of A K Q J 10 each suit holds."""
    return tables.QUALITY[holdings(hands)]


def stoppers(hands: np.ndarray) -> np.ndarray:
    """``(..., 4)`` bools: whether each suit is stopped for notrump (A, Kx, Qxx, Jxxx or longer)."""
    return tables.STOPPER[holdings(hands)].astype(bool)


def measure(hands: np.ndarray, table_name: str) -> np.ndarray:
    """The per-hand value of the ``tables`` measure ``table_name`` (``"HCP"``, ``"LOSERS"``,
    ``"SUPPORT_H"``...), by the fastest path this module has for it (constraint filters call this
    on every batch)."""
    if table_name == "HCP":
        return hcp(hands)
    if table_name == "CONTROLS":
        return controls(hands)
    if table_name in tables.PLAIN_TABLES:
        return _suit_sum(hands, getattr(tables, table_name))
    suit = tables.single_suit(table_name)
    if suit is not None:
        return tables.suit_tables(table_name)[suit][holdings(hands)[..., suit]].astype(np.int16)
    return _per_suit_sum(hands, tables.suit_tables(table_name))


class MeasuredHands:
    """Hand masks with their shape codes and measures worked out once, when first asked, and kept.

    A constraint's ``mask`` works each measure out from the hands; asking many constraints of the
    same hands (the system checker judges a pool of hands by thousands of rules) would work the same
    columns out thousands of times.  ``SeatConstraint.mask`` takes either."""

    def __init__(self, hands: np.ndarray) -> None:
        self.hands = np.asarray(hands, dtype=np.uint64)
        self._measures: dict[str, np.ndarray] = {}

    @cached_property
    def shape_codes(self) -> np.ndarray:
        return shape_code(suit_lengths(self.hands))

    def measure(self, table_name: str) -> np.ndarray:
        found = self._measures.get(table_name)
        if found is None:
            found = self._measures[table_name] = measure(self.hands, table_name)
        return found

    @cached_property
    def rule_of_20(self) -> np.ndarray:
        return rule_of_20(self.hands)
