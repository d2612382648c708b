"""Per-suit lookup tables: every measure bridgegui knows is a sum over suits of a value of one holding.

A holding is a 13-bit mask (bit 12 the ace, bit 0 the deuce), so each table has 8192 entries and a
hand's measure is ``table[spades] + table[hearts] + table[diamonds] + table[clubs]``.  Numpy fancy
indexing into these small (L1-resident) tables is how the batch evaluation stays vectorised, and the
same additivity is what lets the constrained dealer count hands exactly (``exact.py``).
"""

from __future__ import annotations

import numpy as np

N_HOLDINGS = 1 << 13
ACE, KING, QUEEN, JACK = 1 << 12, 1 << 11, 1 << 10, 1 << 9


def suit_hcp(holding: int) -> int:
    return 4 * bool(holding & ACE) + 3 * bool(holding & KING) + 2 * bool(holding & QUEEN) + bool(holding & JACK)


def suit_controls(holding: int) -> int:
    return 2 * bool(holding & ACE) + bool(holding & KING)


def suit_quick_tricks_halves(holding: int) -> int:
    """Seed 003 in half tricks: AK 4, AQ 3, A 2, KQ 2, K with at least one other card 1."""
    a, k, q = bool(holding & ACE), bool(holding & KING), bool(holding & QUEEN)
    if a and k:
        return 4
    if a and q:
        return 3
    if a:
        return 2
    if k and q:
        return 2
    if k and holding.bit_count() >= 2:
        return 1
    return 0


def suit_losers(holding: int) -> int:
    """Losing-trick count of one suit: the A, K, Q missing among its top min(length, 3) cards."""
    length = holding.bit_count()
    if length == 0:
        return 0
    if length == 1:
        return 0 if holding & ACE else 1
    if length == 2:
        return 2 - bool(holding & ACE) - bool(holding & KING)
    return 3 - bool(holding & ACE) - bool(holding & KING) - bool(holding & QUEEN)


def suit_play_rounds(holding: int) -> tuple[int, int, int]:
    """Seed 003's play-out of one suit: ``(rounds won, rounds lost, cards still held at the end)``.

    The opponents' cards of the suit form one pool.  Each round we lead our highest card; if the pool
    holds a higher one it gives up its highest and its lowest card (one card if one is left) and we
    lose the round, otherwise it gives up its two lowest (or its last) and we win the round.  We stop
    when either side is empty.
    """
    mine = [b for b in range(12, -1, -1) if holding >> b & 1]  # highest first
    pool = [b for b in range(0, 13) if not holding >> b & 1]  # lowest first
    won = lost = 0
    while mine and pool:
        card = mine.pop(0)
        if pool[-1] > card:
            pool.pop()  # their highest beats ours
            if pool:
                pool.pop(0)  # and they follow with their lowest
            lost += 1
        else:
            del pool[:2]
            won += 1
    return won, lost, len(mine)


def suit_playing_tricks(holding: int) -> int:
    """Seed 003's trick-count heuristic for one suit (steps 1-6, as the clarifications pin them down).

    Tricks are the rounds won plus every card still held.  Step 6 adds one trick when the suit had
    7+ cards and more than three rounds were lost ("opponents won't play perfectly").  Applied as
    written; note that it can never fire: with 7+ cards the pool has at most 6, and each lost round
    takes two of them, so at most three rounds are lost.  (The tests check that invariant.)
    """
    won, lost, left = suit_play_rounds(holding)
    tricks = won + left
    if holding.bit_count() >= 7 and lost > 3:
        tricks += 1
    return tricks


def _table(func: object) -> np.ndarray:
    values = np.array([func(h) for h in range(N_HOLDINGS)], dtype=np.uint8)  # type: ignore[operator]
    values.flags.writeable = False
    return values


LENGTH = _table(int.bit_count)
HCP = _table(suit_hcp)
CONTROLS = _table(suit_controls)
QUICK_TRICKS_HALVES = _table(suit_quick_tricks_halves)
LOSERS = _table(suit_losers)
PLAYING_TRICKS = _table(suit_playing_tricks)
