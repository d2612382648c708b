"""``score()`` and ``imps()``: duplicate scoring of undoubled contracts and the IMP scale, vectorised.

Neither needs double-dummy analysis, so unlike ``tricks()`` they are supported.  ``score`` follows
the Laws (and matches dealer 2021-11-21 on every contract, vulnerability and trick count from 0 to
13, which the tests check when the ``dealer`` binary is present).  ``imps`` uses the WBF IMP scale.
Dealer's own table differs at two places, which we take to be typing slips and do not copy: it gives
10 IMPs for a difference of 420 (the scale says 9: 370-420) and 16 IMPs for 1200-1290 (the scale
says 15: 1100-1290).
"""

from __future__ import annotations

import numpy as np
from numpy.typing import ArrayLike

from bridgegui.engine.scoring import IMP_UPPER_BOUNDS, imps  # one WBF scale for scripts and simulations

STRAINS = "SHDCN"
"""Strain letters in the order ``Score.strain`` numbers them: the suits as in ``cards``, then notrump."""


def _made_and_rates(vulnerable: bool, level: int, strain: int) -> tuple[int, int, int]:
    """The score of the contract just made, per overtrick, and per undertrick."""
    minor = strain in (2, 3)
    per_trick = 20 if minor else 30
    contract_points = per_trick * level + (10 if strain == 4 else 0)
    made = contract_points
    made += (500 if vulnerable else 300) if contract_points >= 100 else 50
    if level == 6:
        made += 750 if vulnerable else 500
    elif level == 7:
        made += 1500 if vulnerable else 1000
    return made, per_trick, 100 if vulnerable else 50


def score_value(vulnerable: bool, level: int, strain: int, tricks: int) -> int:
    """``score`` of one trick count, in exact Python integers (for constants, whatever their size)."""
    made, per_over, per_under = _made_and_rates(vulnerable, level, strain)
    needed = level + 6
    return made + (tricks - needed) * per_over if tricks >= needed else -(needed - tricks) * per_under


def score(vulnerable: bool, level: int, strain: int, tricks: ArrayLike) -> np.ndarray:
    """Declarer's score for an undoubled ``level``-``strain`` contract taking ``tricks`` tricks.

    Like all run-time arithmetic of a script this is int64 and wraps for absurd trick counts
    (beyond about 10**16) without a warning, as C's integers would; real counts are 0 to 13.
    """
    t = np.asarray(tricks, dtype=np.int64)
    made, per_over, per_under = _made_and_rates(vulnerable, level, strain)
    needed = level + 6
    with np.errstate(over="ignore"):
        return np.where(t >= needed, made + (t - needed) * per_over, -((needed - t) * per_under))


__all__ = ["IMP_UPPER_BOUNDS", "STRAINS", "imps", "score", "score_value"]
