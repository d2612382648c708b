"""Hand evaluation vectorised over batches.

Every function takes an array of hand masks of any shape (typically ``(n, 4)``: a batch of deals)
and returns an array of the same shape.  ``holdings`` reinterprets the ``uint64`` masks as four
``uint16`` suit holdings without copying, and each measure is a sum of four lookups in a table from
``tables.py``: no per-card work and no Python loop.
"""

from __future__ import annotations

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
    """``(..., 4)`` suit lengths, S H D C."""
    return tables.LENGTH[holdings(hands)]


def suit_hcp(hands: np.ndarray) -> np.ndarray:
    """``(..., 4)`` HCP per suit."""
    return tables.HCP[holdings(hands)]


def hcp(hands: np.ndarray) -> np.ndarray:
    return _suit_sum(hands, tables.HCP)


def controls(hands: np.ndarray) -> np.ndarray:
    return _suit_sum(hands, tables.CONTROLS)


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
