"""Count one seat's hands exactly, and draw them exactly from their conditional distribution.

Why this is possible.  Every per-seat measure bridgegui constrains (HCP, suit lengths, quick
tricks, losing-trick count, the playing tricks of the Old Lady write-up "Tricky Trick-y Algorithm", controls, total
points, dummy points with a given trump suit, a suit's quality, a stopper) is a *sum over suits* of a value that depends
only on that suit's holding (``tables.suit_tables``: one table per suit where the suits weigh differently).  So a hand
is a choice of four holdings, and whether it fits depends only on the vector (length, measures) of each holding.  A
measure that looks at one suit alone (quality, stoppers) needs no column at all: it just narrows that suit's holdings.
The rule of 20 is no sum over suits, but it is a function of the four lengths and the HCP sum, which the join below sees
together, so it is enforced exactly there.

Method.  For each suit, enumerate the holdings that are possible from the cards still available
(and that contain the seat's predealt cards) and group them into *classes* with the same
(length, measures) vector.  Pair spades with hearts and diamonds with clubs, grouping again by
(lengths, summed measures); then join the two halves, keeping the combinations whose four lengths
add to 13, whose shape is allowed and whose sums fall in every range.  The number of fitting hands
is the sum over kept combinations of the product of class sizes: an exact count (Python/64-bit
integers, no floating point).  To draw a hand, pick a kept combination with probability
proportional to its number of hands, split each half into its two suit classes in proportion to
their sizes, and pick a holding uniformly inside each class.  Every fitting hand is then equally
likely: exactly the conditional law of "deal at random and keep the hand if it fits".

Contrast with Pavlicek, "Main Article 7Z71" (1999), which first fixes the pattern by ad-hoc weights on
"excess space" and then fills HCP from a table that ignores the pattern: the pattern weights are
not the true conditional probabilities (its author later calls the method flawed), and HCP and
shape are drawn as if independent.  Here pattern and honours are drawn jointly by exact counts.

When a request constrains so many measures that the kept combinations would not fit in memory,
the sampler draws from a *superset* (it leaves out the least selective measures) and the dealer
rejects on the full constraint afterwards; rejection from an exact superset sampler is still exact.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass
from math import comb

import numpy as np

from bridgegui.engine import evaluation, tables
from bridgegui.engine.cards import FULL_SUIT, HOLDING_BITS, suit_holding
from bridgegui.engine.dealer.constraints import Range, SeatConstraint

MAX_KEPT_COMBINATIONS = 3_000_000
"""Above this, the sampler leaves out a measure and lets the dealer reject on it (memory bound)."""

_BLOCK = 1_000_000
"""Cross products are formed in blocks of about this many cells, to bound memory."""

_DROP_ORDER = ("PLAYING_TRICKS", "QUICK_TRICKS_HALVES", "LOSERS", "CONTROLS", "SUPPORT", "TOTAL_POINTS", "HCP")
"""Measures the sampler gives up first when it must (the ones that multiply classes most; every
``SUPPORT_X`` at the place of ``SUPPORT``).  Single-suit measures are never given up: they add no column."""

_ALL_HOLDINGS = np.arange(1 << 13, dtype=np.int64)


def drop_order(names: list[str]) -> list[str]:
    """The column measures among ``names`` in the order a memory-bound sampler leaves them out."""
    rank = {name: i for i, name in enumerate(_DROP_ORDER)}
    columns = [n for n in names if tables.single_suit(n) is None]
    return sorted(columns, key=lambda n: (rank.get(n, rank.get(n.partition("_")[0], len(rank))), n))


@dataclass
class _SuitClasses:
    features: np.ndarray  # (k, 1 + m): length, then each measure's value
    counts: np.ndarray  # (k,) int64: holdings in each class
    offsets: np.ndarray  # (k,) int64: start of each class in `holdings`
    holdings: np.ndarray  # holdings sorted by class


@dataclass
class _Half:
    """Pairs of suit classes (spades with hearts, or diamonds with clubs) grouped by their sums."""

    features: np.ndarray  # (k, 2 + m): length of each suit, summed measures
    counts: np.ndarray  # (k,) int64
    class_start: np.ndarray  # (k,) int64: first member of each class in the member arrays
    member_first: np.ndarray  # suit class of the first suit of each member pair
    member_second: np.ndarray
    member_cumulative: np.ndarray  # cumulative hands over members (sorted by class)


def _segment_sums(values: np.ndarray, groups: np.ndarray, n_groups: int) -> tuple[np.ndarray, np.ndarray]:
    """Exact int64 sums of ``values`` per group, and the stable order that sorts by group."""
    order = np.argsort(groups, kind="stable")
    sorted_groups = groups[order]
    starts = np.searchsorted(sorted_groups, np.arange(n_groups))
    sums = np.add.reduceat(values[order], starts) if values.size else np.zeros(0, np.int64)
    return sums.astype(np.int64), order


def _group_rows(keys: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Unique rows of an int matrix: (index of each row's group, first row of each group), groups in
    the rows' lexicographic order.

    Each row is read as one number in a mixed radix, its first column the most significant, so the
    numbers sort as the rows do and ``np.unique`` sorts integers instead of rows (``axis=0`` sorts
    them as opaque bytes, several times slower: most of a seat's planning time, which every
    command-line run pays).  Same groups, same order, same first rows.
    """
    if keys.shape[0] == 0 or keys.shape[1] == 0:
        _, first, inverse = np.unique(keys, axis=0, return_index=True, return_inverse=True)
        return inverse.reshape(-1), first
    low = keys.min(axis=0)
    spans = (keys.max(axis=0) - low + 1).astype(np.int64)
    if float(np.prod(spans.astype(np.float64))) >= 2.0**62:
        _, first, inverse = np.unique(keys, axis=0, return_index=True, return_inverse=True)
        return inverse.reshape(-1), first
    weights = np.ones(spans.size, dtype=np.int64)
    weights[:-1] = np.cumprod(spans[::-1])[::-1][1:]
    codes = (keys - low).astype(np.int64) @ weights
    _, first, inverse = np.unique(codes, return_index=True, return_inverse=True)
    return inverse.reshape(-1), first


class SeatSampler:
    """Exact count and exact draws of the hands of one seat.

    ``available``: cards this seat may hold (the deck less other seats' predealt cards), as a hand
    mask.  ``constraint.cards`` are required.  ``measures`` overrides which additive measures are
    enforced (by table name); by default all those the constraint restricts.  The rule of 20 is
    enforced whenever HCP is among the columns (by default it is added, unrestricted, for that).
    """

    def __init__(
        self,
        constraint: SeatConstraint,
        available: int,
        measures: dict[str, Range] | None = None,
    ) -> None:
        self.constraint = constraint
        self.available = available | constraint.cards
        self.measures = dict(constraint.measures() if measures is None else measures)
        if constraint.rule20 and measures is None:
            self.measures.setdefault("HCP", Range())
        self.table_names = [name for name in self.measures if tables.single_suit(name) is None]
        self.suit_filters = {name: r for name, r in self.measures.items() if tables.single_suit(name) is not None}
        self.rule20 = constraint.rule20 and "HCP" in self.table_names
        required = constraint.cards
        self.free_cards = self.available.bit_count() - required.bit_count()
        self.cards_to_choose = 13 - required.bit_count()
        self.shape_allowed = constraint.shape_table
        self.suits = [
            self._suit_classes(s, suit_holding(self.available, s), suit_holding(required, s)) for s in range(4)
        ]
        self.halves = (self._half(self.suits[0], self.suits[1]), self._half(self.suits[2], self.suits[3]))
        self._kept: tuple[np.ndarray, np.ndarray, np.ndarray] | None = None
        self.count = self._join()

    # --- building -------------------------------------------------------------------------
    def _suit_classes(self, suit: int, available: int, required: int) -> _SuitClasses:
        h = _ALL_HOLDINGS
        ok = ((h & ~available & FULL_SUIT) == 0) & ((h & required) == required)
        lengths = tables.LENGTH[h]
        allowed_lengths = np.flatnonzero(np.bincount(self.constraint.shape_array[:, suit], minlength=14))
        ok &= np.isin(lengths, allowed_lengths)
        for name, r in self.suit_filters.items():
            if tables.single_suit(name) == suit:
                ok &= r.contains(tables.suit_tables(name)[suit][h])
        columns = [lengths.astype(np.int64)]
        for name in self.table_names:
            values = tables.suit_tables(name)[suit][h].astype(np.int64)
            hi = self.measures[name].hi
            if hi is not None:
                ok &= values <= hi
            columns.append(values)
        holdings = h[ok]
        features = np.stack([c[ok] for c in columns], axis=1)
        if holdings.size == 0:
            return _SuitClasses(
                features.reshape(0, len(columns)), np.zeros(0, np.int64), np.zeros(0, np.int64), holdings
            )
        groups, first = _group_rows(features)
        counts, order = _segment_sums(np.ones(holdings.size, np.int64), groups, first.size)
        offsets = np.concatenate(([0], np.cumsum(counts)[:-1]))
        return _SuitClasses(features[first], counts, offsets, holdings[order])

    def _half(self, a: _SuitClasses, b: _SuitClasses) -> _Half:
        m = len(self.table_names)
        ia = np.repeat(np.arange(a.counts.size), b.counts.size)
        ib = np.tile(np.arange(b.counts.size), a.counts.size)
        la, lb = a.features[ia, 0], b.features[ib, 0]
        sums = a.features[ia, 1:] + b.features[ib, 1:]
        ok = la + lb <= 13
        for k, name in enumerate(self.table_names):
            hi = self.measures[name].hi
            if hi is not None:
                ok &= sums[:, k] <= hi
        ia, ib, la, lb, sums = ia[ok], ib[ok], la[ok], lb[ok], sums[ok]
        if ia.size == 0:
            empty = np.zeros(0, np.int64)
            return _Half(np.zeros((0, 2 + m), np.int64), empty, empty, empty, empty, empty)
        keys = np.column_stack([la, lb, sums])
        groups, first = _group_rows(keys)
        weights = a.counts[ia] * b.counts[ib]
        counts, order = _segment_sums(weights, groups, first.size)
        class_start = np.concatenate(([0], np.cumsum(np.bincount(groups, minlength=first.size))[:-1]))
        return _Half(keys[first], counts, class_start, ia[order], ib[order], np.cumsum(weights[order]))

    def _join(self) -> int:
        """Count the combinations of a left and a right half that fit, keeping them while they stay
        within ``MAX_KEPT_COMBINATIONS`` (one pass serves both the count and the draws)."""
        left, right = self.halves
        total = 0
        kept_i, kept_j, kept_w = [], [], []
        kept_size = 0
        left_len = left.features[:, 0] + left.features[:, 1]
        right_len = right.features[:, 0] + right.features[:, 1]
        for t in range(14):
            li = np.flatnonzero(left_len == 13 - t)
            rj = np.flatnonzero(right_len == t)
            if li.size == 0 or rj.size == 0:
                continue
            block = max(1, _BLOCK // rj.size)
            rf = right.features[rj]
            for lo in range(0, li.size, block):
                lb = li[lo : lo + block]
                lf = left.features[lb]
                code = ((lf[:, 0, None] * 14 + lf[:, 1, None]) * 14 + rf[None, :, 0]) * 14 + rf[None, :, 1]
                ok = self.shape_allowed[code]
                for k, name in enumerate(self.table_names):
                    r = self.measures[name]
                    s = lf[:, None, 2 + k] + rf[None, :, 2 + k]
                    if r.lo is not None:
                        ok &= s >= r.lo
                    if r.hi is not None:
                        ok &= s <= r.hi
                if self.rule20:
                    k = 2 + self.table_names.index("HCP")
                    ok &= lf[:, None, k] + rf[None, :, k] + evaluation.top_two_by_shape()[code] >= 20
                a, b = np.nonzero(ok)
                if a.size == 0:
                    continue
                w = left.counts[lb[a]] * right.counts[rj[b]]
                total += int(w.sum(dtype=np.int64))
                kept_size += a.size
                if kept_size <= MAX_KEPT_COMBINATIONS:
                    kept_i.append(lb[a])
                    kept_j.append(rj[b])
                    kept_w.append(w)
                elif kept_i:
                    kept_i, kept_j, kept_w = [], [], []  # too many to keep: count only
        if kept_size <= MAX_KEPT_COMBINATIONS:
            if kept_i:
                self._kept = (np.concatenate(kept_i), np.concatenate(kept_j), np.cumsum(np.concatenate(kept_w)))
            else:
                self._kept = (np.zeros(0, np.int64), np.zeros(0, np.int64), np.zeros(0, np.int64))
        return total

    # --- results ----------------------------------------------------------------------------
    @property
    def hands_possible(self) -> int:
        """Hands this seat could hold from the available cards (the denominator of ``probability``)."""
        return comb(self.free_cards, self.cards_to_choose) if self.cards_to_choose >= 0 else 0

    @property
    def probability(self) -> float:
        """Exact chance that a random deal (with the given predeals) gives this seat a fitting hand."""
        possible = self.hands_possible
        return self.count / possible if possible else 0.0

    def prepare(self) -> None:
        """Check that the fitting combinations were kept (``draw`` needs them); ``MemoryError`` if there
        were more than ``MAX_KEPT_COMBINATIONS``, so the caller falls back to a superset sampler."""
        if self._kept is None:
            raise MemoryError("too many fitting combinations to keep")

    def draw(self, rng: np.random.Generator, n: int) -> np.ndarray:
        """``n`` hands (uint64 masks), each uniform among the hands this sampler counts."""
        if self.count == 0:
            raise ValueError("no hand fits; check count before drawing")
        self.prepare()
        assert self._kept is not None
        kept_i, kept_j, kept_cumulative = self._kept
        pick = np.searchsorted(kept_cumulative, rng.integers(0, self.count, n, dtype=np.int64), side="right")
        hands = np.zeros(n, dtype=np.uint64)
        for half, classes, (first_suit, second_suit) in zip(
            self.halves, (kept_i[pick], kept_j[pick]), ((0, 1), (2, 3)), strict=True
        ):
            before = np.where(half.class_start[classes] > 0, half.member_cumulative[half.class_start[classes] - 1], 0)
            offset = rng.integers(0, half.counts[classes], dtype=np.int64)
            member = np.searchsorted(half.member_cumulative, before + offset, side="right")
            for suit, suit_class in (
                (first_suit, half.member_first[member]),
                (second_suit, half.member_second[member]),
            ):
                sc = self.suits[suit]
                within = rng.integers(0, sc.counts[suit_class], dtype=np.int64)
                holding = sc.holdings[sc.offsets[suit_class] + within].astype(np.uint64)
                hands |= holding << np.uint64(suit * HOLDING_BITS)
        return hands


@dataclass(frozen=True)
class SeatPlan:
    """How one seat is dealt: its exact count, and a sampler that draws its hands (shared between
    the requests that plan the same seat: see ``plan_seat``)."""

    count: int
    """Hands that fit every part of the seat's constraint (exact)."""
    hands_possible: int
    sampler: SeatSampler
    complete: bool
    """True when the sampler enforces the whole constraint; else the dealer must test it too."""

    @property
    def probability(self) -> float:
        return self.count / self.hands_possible if self.hands_possible else 0.0


_KEPT_PLANS = 16
"""Seat plans ``plan_seat`` keeps, the most recently used."""

_KEPT_PLAN_COMBINATIONS = 50_000
"""Only plans whose sampler keeps at most this many combinations are kept (2 to 3 MB at most; most
seats keep a few thousand, half a megabyte with their tables)."""

_PLANS: OrderedDict[tuple[SeatConstraint, int], SeatPlan] = OrderedDict()
_PLANS_LOCK = threading.Lock()


def plan_seat(constraint: SeatConstraint, available: int) -> SeatPlan:
    """Count ``constraint``'s hands exactly and prepare a sampler for them.

    The count always uses every measure.  If keeping all fitting combinations would take too much
    memory, the draws come from a sampler that leaves out measures (in ``_DROP_ORDER``) and the plan
    is marked incomplete: the caller must also test the constraint itself on each draw.

    The same seats come back: an auction's boards are planned one request per board, and an opening
    that a system splits by seat and vulnerability plans the same hand several times.  A sampler
    never changes once built (its draws take the caller's generator), so recent plans are shared.
    """
    plan = _kept_plan(constraint, available)
    if plan is None:
        plan = _plan_seat(constraint, available)
        _keep(constraint, available, plan)
    return plan


def seat_count(constraint: SeatConstraint, available: int) -> int:
    """``plan_seat(constraint, available).count``, without the reduced samplers a plan needs when too
    many combinations fit: the full sampler, when it is the plan, is kept as ``plan_seat`` keeps it."""
    plan = _kept_plan(constraint, available)
    if plan is not None:
        return plan.count
    full = SeatSampler(constraint, available)
    whole = _whole_plan(full)
    if whole is not None:
        _keep(constraint, available, whole)
    return full.count


def _kept_plan(constraint: SeatConstraint, available: int) -> SeatPlan | None:
    key = (constraint, available)
    with _PLANS_LOCK:
        plan = _PLANS.get(key)
        if plan is not None:
            _PLANS.move_to_end(key)
        return plan


def _keep(constraint: SeatConstraint, available: int, plan: SeatPlan) -> None:
    kept = plan.sampler._kept
    if kept is not None and kept[0].size <= _KEPT_PLAN_COMBINATIONS:
        with _PLANS_LOCK:
            _PLANS[(constraint, available)] = plan
            while len(_PLANS) > _KEPT_PLANS:
                _PLANS.popitem(last=False)


def _whole_plan(full: SeatSampler) -> SeatPlan | None:
    """The plan of the full sampler ``full`` when it is complete: no hand fits, or it kept every
    fitting combination; None when a reduced sampler must draw."""
    if full.count and full._kept is None:
        return None
    return SeatPlan(full.count, full.hands_possible, full, True)


def _plan_seat(constraint: SeatConstraint, available: int) -> SeatPlan:
    full = SeatSampler(constraint, available)
    whole = _whole_plan(full)
    if whole is not None:
        return whole
    measures = dict(full.measures)
    for name in drop_order(list(measures)):
        del measures[name]
        reduced = SeatSampler(constraint, available, measures)
        try:
            reduced.prepare()
        except MemoryError:
            continue
        return SeatPlan(full.count, full.hands_possible, reduced, False)
    raise AssertionError("a sampler with no measures always fits in memory")
