"""Uniform dealing in batches: one random key per card, a 16-bit sort per deal, and an exactness repair.

Method (the numpy form of the "random sort" shuffle in Ted's Computer World, "Shuffling and Dealing", made exact).  For
each deal, every card still to be dealt gets a 16-bit key: ten random bits above, the card's identity in the low six
bits (its bit position in a hand mask, so that ``1 << (key & 63)`` is the card's bit).  Sorting the keys of a row (numpy
2 sorts 16-bit rows with SIMD) puts the cards in random order; the first ``c_N`` go to North, the next ``c_E`` to East,
and so on.

Why this is exactly uniform.  Let the random parts ``X_1..X_52`` be i.i.d. (any distribution will do;
only exchangeability is used).  Call a deal *clean* when no two cards on opposite sides of a hand
boundary share a random part; since the keys are sorted, that is the same as the two keys adjacent
to each boundary having different random parts.  On a clean draw the seat of every card depends only
on the *order* of the random parts, and ties (which only occur inside a hand) cannot move a card to
another hand, so the card-number tie-break is harmless.  For any permutation ``σ`` of the cards,
``X∘σ`` has the same law as ``X``, cleanliness is a property of the multiset of values and so is
invariant under ``σ``, and the deal of ``X∘σ`` is ``σ`` applied to the deal of ``X``.  Hence on the
event "clean", every deal is equally likely.  About one row in six is unclean here.  Most of those
have a tie of just two cards at a boundary, which ``_repair_ties`` puts in random order by a fair
coin: that is the order of an idealised tie-free key, so the same argument applies (the tie-break is
then an independent uniform random order, and the keys stay exchangeable).  The rare rows with three
or more tied cards at a boundary are redrawn until clean, which samples exactly from the law
conditioned on "clean": uniform.  Without the repair, a tie across a boundary would favour
low-numbered cards (the spades) for the earlier seats: the bias Ted's Computer World, "Shuffling and Dealing"
warns of for the random sort, which ``test_tie_repair_matters`` measures.

The same code deals the rest of a deal around cards already placed (predealt cards, or a hand the
exact sampler drew): those cards get the largest possible key, so they sort after every card still
to deal and never cross a boundary; the cards to deal draw their random part from ``0..1022``.

Random numbers come from numpy's PCG64, whose 2^128 states are enough to reach every one of the
D = 5.36e28 deals (about 2^95.4).  A seed makes a set reproducible; ``new_seed`` draws a 128-bit
seed from the operating system's entropy so that even "random" sets record a seed.  For a deal no
one could predict even knowing the generator, use ``deal_numbers.tournament_deal``.
"""

from __future__ import annotations

import numpy as np

from bridgegui.engine.cards import CARD_BITS, FULL_DECK_MASK

CHUNK = 4096
"""Rows dealt at a time: the working arrays stay near the L2 cache (measured: 4,096 and 8,192 rows
deal about 4.2M deals/s here, 1,024 rows 3.5M, 16,384 rows 3.8M)."""

_CARD_BITS = np.array(CARD_BITS, dtype=np.uint64)
_CARD_NUMBERS = np.array([int(b).bit_length() - 1 for b in CARD_BITS], dtype=np.uint16)
"""Each card's low six key bits: its bit position in a hand mask (unique, below 64), so a dealt card's
mask bit is ``1 << (key & 63)``: a shift instead of a table gather."""
_RANDOM_PART = np.uint16(0xFFC0)
_PLACED_KEY = np.uint16(0xFFC0)
_LAST_FREE_KEY = np.uint16(0xFF80)
_LOW6 = np.uint16(63)
_ONE = np.uint64(1)


def new_seed() -> int:
    """A fresh 128-bit seed from the operating system's entropy source."""
    import secrets  # here: it loads hashlib and hmac, and a seeded run never needs it

    return secrets.randbits(128)


def make_rng(seed: int | None = None) -> np.random.Generator:
    """A PCG64 generator; ``None`` seeds it from the operating system."""
    return np.random.Generator(np.random.PCG64(seed))


def _popcount64(x: np.ndarray) -> np.ndarray:
    return np.bitwise_count(x)


def _sorted_keys(rng: np.random.Generator, rows: int, placed_keys: np.ndarray | None) -> np.ndarray:
    keys = rng.bit_generator.random_raw(rows * 13).view(np.uint16).reshape(rows, 52)
    keys &= _RANDOM_PART
    if placed_keys is not None:
        np.minimum(keys, _LAST_FREE_KEY, out=keys)
        keys |= placed_keys
    keys |= _CARD_NUMBERS
    keys.sort(axis=1)
    return keys


def _repair_ties(rng: np.random.Generator, keys: np.ndarray, boundaries: list[int]) -> np.ndarray:
    """Make every row clean or mark it for a redraw; return the mask of rows to redraw.

    A row is unclean when the two keys on either side of a hand boundary share their random part.
    A tie of exactly two cards is put in a uniformly random order (swap with probability 1/2): the
    order an infinitely precise key would have given them.  Conditioned on the tied values, every
    order of the tied cards is then equally likely, so the exchangeability argument of the module
    docstring holds again and the row is uniform without a redraw.  Ties of three or more cards at a
    boundary (rare) are left for a redraw.  Only the four columns around each boundary are read,
    gathered at once, which keeps this a few nanoseconds a deal.
    """
    width = keys.shape[1]
    columns = [min(max(c, 0), width - 1) for b in boundaries for c in (b - 2, b - 1, b, b + 1)]
    near = keys[:, columns] & _RANDOM_PART
    redraw = np.zeros(keys.shape[0], dtype=bool)
    for k, b in enumerate(boundaries):
        left2, left, right, right2 = (near[:, 4 * k + i] for i in range(4))
        tie = left == right
        if not tie.any():
            continue
        wider = np.zeros_like(tie)
        if b >= 2:
            wider |= left2 == left
        if b + 1 < width:
            wider |= right2 == right
        redraw |= tie & wider
        pairs = np.flatnonzero(tie & ~wider)
        swap = pairs[(rng.bit_generator.random_raw(pairs.size) & np.uint64(1)).astype(bool)]
        keys[swap, b - 1], keys[swap, b] = keys[swap, b], keys[swap, b - 1]
    return redraw


def _fill_chunk(
    rng: np.random.Generator, base: np.ndarray, counts: tuple[int, int, int, int]
) -> tuple[np.ndarray, np.ndarray]:
    """Deal one chunk; return the deals and a mask of the rows that must be redrawn (not clean)."""
    rows = base.shape[0]
    to_deal = sum(counts)
    starts = np.cumsum((0, *counts[:3]))
    boundaries = sorted({int(s) for s in starts[1:] if 0 < s < to_deal})
    placed_keys = None
    if to_deal < 52:
        placed = np.bitwise_or.reduce(base, axis=1)
        placed_keys = np.where((placed[:, None] & _CARD_BITS) != 0, _PLACED_KEY, np.uint16(0))
    keys = _sorted_keys(rng, rows, placed_keys)
    unclean = _repair_ties(rng, keys, boundaries)
    # Summing 13 contiguous rows of a transposed array is several times faster than reducing a
    # short inner axis, so gather the card bits in (card position, deal) order.
    keys &= _LOW6
    positions = keys[:, :to_deal].T.astype(np.uint64, order="C")
    bits = np.left_shift(_ONE, positions, out=positions)
    out = base.copy()
    if counts == (13, 13, 13, 13):
        out |= bits.reshape(4, 13, rows).sum(axis=1, dtype=np.uint64).T
        return out, unclean
    for seat in range(4):
        if counts[seat]:
            s = int(starts[seat])
            out[:, seat] |= bits[s : s + counts[seat]].sum(axis=0, dtype=np.uint64)
    return out, unclean


def _fill_all(
    rng: np.random.Generator, base: np.ndarray, counts: tuple[int, int, int, int]
) -> tuple[np.ndarray, np.ndarray]:
    out = np.empty_like(base)
    unclean = np.empty(base.shape[0], dtype=bool)
    for lo in range(0, base.shape[0], CHUNK):
        out[lo : lo + CHUNK], unclean[lo : lo + CHUNK] = _fill_chunk(rng, base[lo : lo + CHUNK], counts)
    return out, unclean


def fill_deals(rng: np.random.Generator, base: np.ndarray) -> np.ndarray:
    """Complete partial deals uniformly.

    ``base`` is an ``(n, 4)`` uint64 array of cards already placed, and every row must place the
    same number of cards per seat (true for predeals and for one drawn hand; only the first row is
    checked).  Returns a new ``(n, 4)`` array in which each row is uniform among the full deals
    extending that row.  Unclean rows (see the module docstring) are collected over the whole batch
    and redrawn together, so the repair costs a few percent rather than a loop per chunk.
    """
    base = np.ascontiguousarray(base, dtype=np.uint64)
    if base.ndim != 2 or base.shape[1] != 4:
        raise ValueError("base must be an (n, 4) array of hand masks")
    n = base.shape[0]
    if n == 0:
        return base.copy()
    counts = tuple(13 - int(m).bit_count() for m in base[0])
    if min(counts) < 0:
        raise ValueError("a hand cannot hold more than 13 cards")
    out, unclean = _fill_all(rng, base, counts)  # type: ignore[arg-type]
    pending = np.flatnonzero(unclean)
    while pending.size:
        dealt, unclean = _fill_all(rng, base[pending], counts)  # type: ignore[arg-type]
        out[pending] = dealt
        pending = pending[unclean]
    return out


def deal_batch(n: int, seed: int | None = None, *, rng: np.random.Generator | None = None) -> np.ndarray:
    """``n`` uniformly random deals as an ``(n, 4)`` uint64 array of hand masks (N, E, S, W).

    Pass ``seed`` for a reproducible batch, or an existing ``rng`` to continue a stream.
    """
    if n < 0:
        raise ValueError("the number of deals cannot be negative")
    generator = rng if rng is not None else make_rng(seed)
    return fill_deals(generator, np.zeros((n, 4), dtype=np.uint64))


def is_valid_batch(batch: np.ndarray) -> bool:
    """Every row a full deal: 13 cards a hand, no card twice, all 52 dealt."""
    b = np.asarray(batch, dtype=np.uint64)
    counts_ok = bool((_popcount64(b) == 13).all())
    union = np.bitwise_or.reduce(b, axis=1)
    return counts_ok and bool((union == np.uint64(FULL_DECK_MASK)).all())
