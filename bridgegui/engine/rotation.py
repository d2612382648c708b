"""Turning deals round the table: a scenario dealt for one dealer seat, given to boards whose dealers differ.

A teacher's scenario ("the dealer opens 1NT") is dealt with the scenario's dealer at one seat; a set
of boards follows Law 2 (board 1 North deals, 2 East, 3 South, 4 West...), so each deal is turned so
that the scenario's dealer sits at the board's dealer.  Turning a uniformly drawn deal is a bijection
on deals, so the boards keep exactly the scenario's distribution (every seat's hand is a seat's hand
of the scenario, moved round the table together).  Batches are turned with one numpy gather.
"""

from __future__ import annotations

import numpy as np

from bridgegui.engine.boards import board_dealer
from bridgegui.engine.cards import SEATS


def rotate_deals(deals: np.ndarray, turns: np.ndarray | int) -> np.ndarray:
    """The ``(n, 4)`` deals with every hand moved ``turns`` seats clockwise (N→E→S→W), per row or for all."""
    batch = np.asarray(deals, dtype=np.uint64)
    k = np.broadcast_to(np.asarray(turns, dtype=np.int64) % 4, (batch.shape[0],))
    columns = (np.arange(4)[None, :] - k[:, None]) % 4  # new seat j holds the old seat j - k
    return np.take_along_axis(batch, columns, axis=1)


def turns_to_dealers(scenario_dealer: str, first_board: int, count: int, fixed_dealer: str | None = None) -> np.ndarray:
    """How far to turn each of ``count`` boards numbered from ``first_board`` so the scenario's dealer deals it.

    With ``fixed_dealer`` every board has that dealer; otherwise each board's dealer follows its number.
    """
    start = SEATS.index(scenario_dealer)
    if fixed_dealer is not None:
        return np.full(count, (SEATS.index(fixed_dealer) - start) % 4, dtype=np.int64)
    dealers = [SEATS.index(board_dealer(first_board + i)) for i in range(count)]
    return (np.asarray(dealers, dtype=np.int64) - start) % 4


__all__ = ["rotate_deals", "turns_to_dealers"]
