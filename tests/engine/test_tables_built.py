"""The lookup tables are built with numpy at import (start-up time); the ``suit_*`` functions
stay their definition.  Every table must equal its function for all 8,192 holdings."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import pytest

from bridgegui.engine import tables

DEFINITIONS: dict[str, Callable[[int], int]] = {
    "LENGTH": int.bit_count,
    "HCP": tables.suit_hcp,
    "CONTROLS": tables.suit_controls,
    "QUICK_TRICKS_HALVES": tables.suit_quick_tricks_halves,
    "LOSERS": tables.suit_losers,
    "PLAYING_TRICKS": tables.suit_playing_tricks,
    "TOTAL_POINTS": tables.suit_total_points,
    "SHORTNESS_POINTS": tables.suit_shortness_points,
    "QUALITY": tables.suit_quality,
    "STOPPER": tables.suit_stopper,
}


@pytest.mark.parametrize("name", sorted(DEFINITIONS))
def test_table_equals_its_definition(name: str) -> None:
    table = getattr(tables, name)
    expected = np.array([DEFINITIONS[name](h) for h in range(tables.N_HOLDINGS)])
    assert table.dtype == np.uint8
    assert not table.flags.writeable
    np.testing.assert_array_equal(table, expected)


def test_packed_play_out_is_the_vectorised_play_out() -> None:
    """The shipped ``PLAYING_TRICKS`` data is what the vectorised play-out computes (regenerate it with
    ``tables._pack(tables._play_out_tricks(held))`` if the play-out ever changes)."""
    held = (np.arange(tables.N_HOLDINGS)[:, None] >> np.arange(13)) & 1
    computed = tables._play_out_tricks(held)
    np.testing.assert_array_equal(tables._unpack(tables._PLAYING_TRICKS_PACKED), computed)
    assert tables._pack(computed) == tables._PLAYING_TRICKS_PACKED
