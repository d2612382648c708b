"""Duplicate scoring of any contract (doubled and redoubled too) and the IMP scale, vectorised.

The Laws of Duplicate Bridge (2017), Law 77: trick points (20 a minor trick, 30 a major trick, 40
then 30 for notrump, times 2 doubled and 4 redoubled), a game bonus (300 not vulnerable, 500
vulnerable) when the trick points reach 100, else 50 for a part score, slam bonuses (500/750 small,
1000/1500 grand), 50 or 100 for making a doubled or redoubled contract, overtricks at trick value
undoubled and 100/200 each doubled (twice that redoubled); undertricks 50/100 each undoubled, and
doubled 100, 200, 200, then 300 each not vulnerable, 200 then 300 each vulnerable (twice that redoubled).
The IMP scale is the WBF's.

Contracts are arrays: ``level`` 1-7 (0 for a passed-out board, which scores 0), ``strain`` in the
order of ``bidding.calls.STRAINS`` (0 clubs, 1 diamonds, 2 hearts, 3 spades, 4 notrump), ``doubled``
0, 1 or 2, and whether the declarer is vulnerable.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import ArrayLike

IMP_UPPER_BOUNDS = np.array(
    [10, 40, 80, 120, 160, 210, 260, 310, 360, 420, 490, 590, 740, 890, 1090, 1290, 1490, 1740, 1990, 2240,
     2490, 2990, 3490, 3990],
    dtype=np.int64,
)  # fmt: skip
"""The largest difference worth 0, 1, 2 ... 23 IMPs; 4000 and more is worth 24 (WBF scale)."""

NOTRUMP = 4
"""``strain`` of notrump (the suits are 0 clubs ... 3 spades, as ``bidding.calls.STRAINS`` orders them)."""


def imps(difference: ArrayLike) -> np.ndarray:
    """IMPs for score differences, with the sign of the difference."""
    d = np.asarray(difference, dtype=np.int64)
    # |d| in float64 keeps the most negative int64 positive (its int64 absolute value is itself).
    magnitude = np.searchsorted(IMP_UPPER_BOUNDS, np.abs(d.astype(np.float64)), side="left").astype(np.int64)
    return np.sign(d) * magnitude


def duplicate_score(
    level: ArrayLike, strain: ArrayLike, doubled: ArrayLike, vulnerable: ArrayLike, tricks: ArrayLike
) -> np.ndarray:
    """Declarer's duplicate score for each contract and trick count (int64; 0 where ``level`` is 0)."""
    lv, st, dbl, tr = (np.asarray(a, dtype=np.int64) for a in (level, strain, doubled, tricks))
    vul = np.asarray(vulnerable, dtype=bool)
    lv, st, dbl, vul, tr = np.broadcast_arrays(lv, st, dbl, vul, tr)
    factor = np.choose(np.clip(dbl, 0, 2), [1, 2, 4])
    per_trick = np.where(st <= 1, 20, 30)
    trick_points = (per_trick * lv + np.where(st == NOTRUMP, 10, 0)) * factor
    bonus = np.where(trick_points >= 100, np.where(vul, 500, 300), 50)
    bonus = bonus + np.where(lv == 6, np.where(vul, 750, 500), 0) + np.where(lv == 7, np.where(vul, 1500, 1000), 0)
    bonus = bonus + np.choose(np.clip(dbl, 0, 2), [0, 50, 100])
    needed = lv + 6
    over = np.maximum(tr - needed, 0)
    over_value = np.where(dbl == 0, per_trick, np.where(vul, 200, 100) * (factor // 2))
    made = trick_points + bonus + over * over_value
    down = np.maximum(needed - tr, 0)
    undoubled_down = down * np.where(vul, 100, 50)
    # Doubled: not vulnerable 100, 300, 500, 800, then 300 more each; vulnerable 200, 500, 800, then 300 more each.
    doubled_down = np.where(
        vul,
        np.where(down >= 1, 300 * down - 100, 0),
        np.where(down <= 3, np.maximum(200 * down - 100, 0), 300 * down - 400),
    ) * (factor // 2)
    result = np.where(tr >= needed, made, -np.where(dbl == 0, undoubled_down, doubled_down))
    return np.where(lv == 0, 0, result)


__all__ = ["IMP_UPPER_BOUNDS", "NOTRUMP", "duplicate_score", "imps"]
