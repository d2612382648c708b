"""Turning deals round the table: a scenario dealt for one dealer seat, given to boards whose dealers differ.

A teacher's scenario ("the dealer opens 1NT") is dealt with the scenario's dealer at one seat; a set
of boards follows Law 2 (board 1 North deals, 2 East, 3 South, 4 West...), so each deal is turned so
that the scenario's dealer sits at the board's dealer.  Turning a uniformly drawn deal is a bijection
on deals, so the boards keep exactly the scenario's distribution (every seat's hand is a seat's hand
of the scenario, moved round the table together).  Batches are turned with one numpy gather.

``placements`` decides, for a whole set at once, how far each board is turned and who deals it, for
the three rotations a practice set offers:

* ``"none"``: as dealt.  The scenario's own dealer deals when it names one; an auction scenario is
  still turned to each board's dealer (the dealer makes the auction's first call); otherwise the
  dealer follows the board number and nothing turns.
* ``"law2"``: every deal is turned so the scenario's dealer seat is the board's dealer under Law 2.
* ``"ns"``: on each board, with probability one half (seeded), the partnerships change places (every hand moves one
  seat clockwise: North's to East, South's to West, East's to South, West's to North).  A scenario
  that names its dealer keeps it with its hand: that dealer moves one seat too.

Every choice of turn is made before and independently of the deal, so each board is still exactly a
draw from the scenario's distribution, turned.
"""

from __future__ import annotations

import numpy as np

from bridgegui.engine.boards import board_dealer
from bridgegui.engine.cards import SEATS
from bridgegui.engine.errors import BridgeError

ROTATIONS = ("none", "law2", "ns")
"""The rotations a set can be dealt with (see the module docstring)."""


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


def partnership_swaps(count: int, rng: np.random.Generator) -> np.ndarray:
    """For ``--rotate ns``: 1 where a board's partnerships change places (probability one half), else 0."""
    return rng.integers(0, 2, size=count, dtype=np.int64)


def placements(
    numbers: np.ndarray,
    rotation: str,
    *,
    dealer: str = "N",
    fixed_dealer: str | None = None,
    follows_board: bool = False,
    swaps: np.ndarray | None = None,
) -> tuple[np.ndarray, list[str | None]]:
    """How far to turn each board's deal, and its dealer (``None``: Law 2's for its number).

    ``numbers`` are the boards' numbers; ``dealer`` is the seat the scenario's request treats as the
    dealer; ``fixed_dealer`` the seat that deals every board of the scenario when it is not rotated
    (``None``: the board number decides); ``follows_board``: the scenario is an auction, whose dealer
    must be the board's dealer even without rotation.  ``swaps`` (``"ns"`` only): one 0/1 per board.
    """
    if rotation not in ROTATIONS:
        raise BridgeError(f"unknown rotation {rotation!r}: use one of {', '.join(ROTATIONS)}")
    numbers = np.asarray(numbers, dtype=np.int64)
    law2 = (numbers - 1) % 4  # Law 2: board 1 North deals, then clockwise
    start = SEATS.index(dealer)
    explicit = False
    if rotation == "law2":
        target = law2
    elif fixed_dealer is not None:
        target = np.full(numbers.shape, SEATS.index(fixed_dealer), dtype=np.int64)
        explicit = True
    elif follows_board:
        target = law2
    else:
        target = np.full(numbers.shape, start, dtype=np.int64)  # nothing turns; the number picks the dealer
    turns = (target - start) % 4
    dealers: list[str | None]
    if rotation == "ns":
        if swaps is None or np.asarray(swaps).shape != numbers.shape:
            raise BridgeError("rotation 'ns' needs one swap (0 or 1) per board")
        swap = np.asarray(swaps, dtype=np.int64)
        turns = (turns + swap) % 4
        if explicit or follows_board:  # the dealer goes with the hand the scenario gives it
            dealers = [SEATS[int(s)] for s in (target + swap) % 4]
        else:
            dealers = [None] * numbers.shape[0]
    elif explicit:
        dealers = [SEATS[int(s)] for s in target]
    else:
        dealers = [None] * numbers.shape[0]
    return turns, dealers


def turned_vulnerability(vulnerable: str | None, turns: int) -> str | None:
    """A scenario's fixed vulnerability after turning its deal: NS and EW change places on an odd turn."""
    if vulnerable in ("NS", "EW") and turns % 2:
        return "EW" if vulnerable == "NS" else "NS"
    return vulnerable


__all__ = [
    "ROTATIONS",
    "partnership_swaps",
    "placements",
    "rotate_deals",
    "turned_vulnerability",
    "turns_to_dealers",
]
