"""Deal numbers: every bridge deal as one integer in ``[0, D)`` (the squashed order of Andrews,
"Encoding Bridge Deals").

North's 13 card positions (cards in the order of Andrews, "Encoding Bridge Deals", the ace of spades being 0) form a
13-subset ``Nseq`` of 0..51; East's positions *among the 39 cards North does not hold* form ``Eseq``, a 13-subset of
0..38; South's among the remaining 26 form ``Sseq``.  A k-subset ``x_1 < … < x_k`` has the squashed-order index
``C(x_k, k) + … + C(x_1, 1)``, and

    DealIndex = Nindex · C(39,13) · C(26,13) + Eindex · C(26,13) + Sindex.

Encoding and decoding are exact with Python integers.  The batch functions do the per-seat work
(where all numbers fit in 64 bits) with numpy and only combine the three parts as Python integers.
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from math import comb

import numpy as np

from bridgegui.engine.cards import CARD_BITS, Deal
from bridgegui.engine.errors import DealNumberError

N_MAX = comb(52, 13)
E_MAX = comb(39, 13)
S_MAX = comb(26, 13)
D = N_MAX * E_MAX * S_MAX
"""53,644,737,765,488,792,839,237,440,000 deals."""

_BINOM = np.array([[comb(x, k) for k in range(14)] for x in range(53)], dtype=np.int64)
_CARD_BITS = np.array(CARD_BITS, dtype=np.uint64)


def subset_index(positions: Sequence[int]) -> int:
    """Squashed-order index of a set of distinct non-negative integers."""
    return sum(comb(x, i) for i, x in enumerate(sorted(positions), start=1))


def subset_from_index(index: int, k: int) -> list[int]:
    """The k-subset with squashed-order index ``index`` (largest element found first)."""
    result = []
    for size in range(k, 0, -1):
        x = size - 1
        while comb(x + 1, size) <= index:
            x += 1
        result.append(x)
        index -= comb(x, size)
    return sorted(result)


def _seat_sequences(owner: Sequence[int]) -> tuple[list[int], list[int], list[int]]:
    """Nseq, Eseq, Sseq of Andrews, "Encoding Bridge Deals", from the seat (0..3 = N E S W) of each card."""
    seqs: list[list[int]] = []
    remaining = list(range(52))
    for seat in range(3):
        seqs.append([i for i, card in enumerate(remaining) if owner[card] == seat])
        remaining = [card for card in remaining if owner[card] != seat]
    return seqs[0], seqs[1], seqs[2]


def deal_index(deal: Deal) -> int:
    """The number of a full deal, in ``[0, D)``."""
    n_seq, e_seq, s_seq = _seat_sequences(deal.owner)
    return (subset_index(n_seq) * E_MAX + subset_index(e_seq)) * S_MAX + subset_index(s_seq)


def _check_index(index: int) -> int:
    if isinstance(index, bool) or not isinstance(index, int | np.integer):
        raise DealNumberError(f"a deal number is a whole number, not {index!r}")
    i = int(index)
    if not 0 <= i < D:
        raise DealNumberError(f"deal numbers run from 0 to {D - 1:,}; {i:,} is out of range")
    return i


def deal_from_index(index: int) -> Deal:
    """The deal with number ``index``."""
    rest, s_index = divmod(_check_index(index), S_MAX)
    n_index, e_index = divmod(rest, E_MAX)
    owner = [3] * 52
    remaining = list(range(52))
    for seat, (idx, size) in enumerate(((n_index, 52), (e_index, 39), (s_index, 26))):
        positions = subset_from_index(idx, 13)
        if positions[-1] >= size:  # cannot happen for a checked index; kept as an invariant check
            raise DealNumberError(f"deal number {index} decodes outside the deck")
        chosen = {remaining[p] for p in positions}
        for card in chosen:
            owner[card] = seat
        remaining = [c for c in remaining if c not in chosen]
    return Deal.from_owner(owner)


def _owner_matrix(batch: np.ndarray) -> np.ndarray:
    b = np.asarray(batch, dtype=np.uint64)
    owner = np.full((b.shape[0], 52), 3, dtype=np.int8)
    for seat in range(3):
        owner[(b[:, seat, None] & _CARD_BITS) != 0] = seat
    return owner


_BINOM_FLAT = np.append(_BINOM.ravel(), 0)
"""``C(x, k)`` at ``x * 14 + k``, and a final 0 for cards that are not the seat's."""
_NOT_MINE = _BINOM_FLAT.size - 1


def _seat_indices(owner: np.ndarray) -> list[np.ndarray]:
    """Nindex, Eindex, Sindex of each row of an owner matrix (int64; all below 2^40)."""
    alive = np.ones(owner.shape, dtype=bool)
    parts = []
    for seat in range(3):
        mine = owner == seat
        # Position of each card among those still remaining, and its rank within the seat's cards.
        position = np.cumsum(alive, axis=1, dtype=np.int16) - 1
        rank = np.cumsum(mine, axis=1, dtype=np.int16)
        flat = np.where(mine, position * 14 + rank, _NOT_MINE)
        parts.append(np.take(_BINOM_FLAT, flat).sum(axis=1))
        alive &= ~mine
    return parts


def deal_indices(batch: np.ndarray) -> list[int]:
    """Deal numbers of an ``(n, 4)`` batch (vectorised per seat; see the module docstring)."""
    result: list[int] = []
    for lo in range(0, len(batch), 8192):
        parts = _seat_indices(_owner_matrix(batch[lo : lo + 8192]))
        result.extend((a * E_MAX + b) * S_MAX + c for a, b, c in zip(*(p.tolist() for p in parts), strict=True))
    return result


def _decode_subsets(indices: np.ndarray) -> np.ndarray:
    """``(n, 13)`` sorted positions of the 13-subsets with the given squashed-order indices."""
    idx = indices.astype(np.int64).copy()
    out = np.empty((idx.size, 13), dtype=np.int64)
    for size in range(13, 0, -1):
        x = np.searchsorted(_BINOM[:, size], idx, side="right") - 1
        out[:, size - 1] = x
        idx -= _BINOM[x, size]
    return out


def deals_from_indices(indices: Sequence[int]) -> np.ndarray:
    """The ``(n, 4)`` batch of deals with the given numbers."""
    checked = [_check_index(i) for i in indices]
    n = len(checked)
    n_idx = np.empty(n, np.int64)
    e_idx = np.empty(n, np.int64)
    s_idx = np.empty(n, np.int64)
    for row, i in enumerate(checked):
        rest, s_idx[row] = divmod(i, S_MAX)
        n_idx[row], e_idx[row] = divmod(rest, E_MAX)
    hands = np.zeros((n, 4), dtype=np.uint64)
    remaining = np.broadcast_to(np.arange(52), (n, 52)).copy()
    for seat, (idx, size) in enumerate(((n_idx, 52), (e_idx, 39), (s_idx, 26))):
        positions = _decode_subsets(idx)
        cards = np.take_along_axis(remaining, positions, axis=1)
        hands[:, seat] = _CARD_BITS[cards].sum(axis=1, dtype=np.uint64)
        keep = np.ones((n, size), dtype=bool)
        np.put_along_axis(keep, positions, False, axis=1)
        remaining = remaining[keep].reshape(n, size - 13)
    hands[:, 3] = np.uint64(sum(CARD_BITS)) ^ np.bitwise_or.reduce(hands[:, :3], axis=1)
    return hands


def tournament_deal() -> Deal:
    """A deal drawn by a uniformly random number below D from the operating system's entropy.

    Every deal is reachable and, unlike a seeded generator, nothing about the next deal can be
    predicted from earlier ones: the mode for boards that will be played for real.
    """
    return deal_from_index(secrets.randbelow(D))
