"""The constrained dealer: exact, fast where brute force is slow, streaming, cancellable, reproducible.

Exactness.  The output must have the law of "deal uniformly, reject until every constraint holds".
The dealer draws the *most restrictive* seat's hand exactly from its conditional law (``exact.py``),
deals the other cards uniformly around it and around any predealt cards (``dealing.fill_deals``),
and keeps the deal if every other constraint holds.  Each step is exact: the drawn hand has the law
of that seat's hand given its constraint, the rest is uniform given that hand, and rejection then
conditions on the remaining constraints.  So every accepted deal is uniform among the deals that
fit the whole request.  (Brute force is the special case where no seat is drawn.)

Speed.  The number of deals tried falls by the drawn seat's frequency: a West 7-6-0-0 request
(p = 5.6e-5) is dealt with no rejection at all, and "West 10+ spades, East 8+ hearts" (p = 4e-8)
needs a few tens of deals per board instead of tens of millions.

Bounded effort.  A seat no hand can satisfy is reported at once, by its exact count of zero.
When constraints across seats never fit together, the stream stops after ``max_tries`` deals with
a message giving the deals tried and the bound on the frequency that implies.

Streaming.  ``deal_stream`` yields a ``Progress`` per batch (about every 10-100 ms of work) and
checks the ``cancel`` event between batches; the same seed gives the same boards.
"""

from __future__ import annotations

import math
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from math import comb

import numpy as np

from bridgegui.engine import evaluation
from bridgegui.engine.cards import CARD_BITS, FULL_DECK_MASK, SEAT_NAMES, SEATS, suit_holding
from bridgegui.engine.constraints import DealRequest
from bridgegui.engine.dealing import fill_deals, make_rng
from bridgegui.engine.errors import ImpossibleError
from bridgegui.engine.exact import SeatPlan, plan_seat

DEFAULT_MAX_TRIES = 50_000_000
"""Deals tried (after the exact draw of one seat) before a request is declared too rare."""

MIN_BATCH = 1024
MAX_BATCH = 8192
"""Rows per batch at most: a batch of a heavy four-seat request then takes about 15 ms, so a cancel
is seen within that, and throughput is the same as with larger batches (measured)."""
PILOT_DEALS = 20_000


@dataclass(frozen=True)
class SeatReport:
    """The exact frequency of one seat's constraint (given the predealt cards)."""

    seat: int
    count: int
    hands_possible: int

    @property
    def probability(self) -> float:
        return self.count / self.hands_possible if self.hands_possible else 0.0


@dataclass(frozen=True)
class Progress:
    """One step of a dealing stream.

    ``deals``: the ``(k, 4)`` deals accepted in this step (read-only).  ``tried``/``matched``:
    totals since the start.  ``elapsed``: seconds since the start.
    """

    deals: np.ndarray
    tried: int
    matched: int
    elapsed: float

    @property
    def rate(self) -> float:
        return self.tried / self.elapsed if self.elapsed > 0 else 0.0


_COMB = np.array([[comb(n, k) for k in range(14)] for n in range(14)], dtype=np.float64)
_CARD_BITS = np.array(CARD_BITS, dtype=np.uint64)
_SUIT_OF_CARD = np.repeat(np.arange(4), 13)


@dataclass
class ShapeDraw:
    """A second seat whose constraint is only about suit lengths, drawn exactly given the first.

    Given the first seat's hand ``a``, the number of ways the second seat can fit is
    ``N(a) = Σ over its allowed shapes of Π_s C(n_s, l_s)``, where ``n_s`` counts the suit's cards
    still available.  Keeping ``a`` with probability ``N(a) / M`` (``M`` bounds ``N`` over every
    shape the first seat may have), then drawing the second seat's shape in proportion to its term
    and its cards uniformly within each suit, gives the pair of hands exactly their joint law
    given both constraints: the classic accept-reject for a mixture, with no approximation.
    """

    seat: int
    shapes: np.ndarray  # (k, 4) allowed exact shapes
    others_per_suit: np.ndarray  # (4,) cards of each suit predealt to the two remaining seats
    bound: float

    @property
    def scale(self) -> float:
        """Batch acceptance × scale = the chance the second seat fits (``M`` over all its hands)."""
        free = 39 - int(self.others_per_suit.sum())
        return self.bound / comb(free, 13)

    @classmethod
    def build(cls, plan: DealPlan, seat: int) -> ShapeDraw:
        shapes = np.array(sorted(plan.request.seats[seat].allowed_shapes), dtype=np.int64)
        others = np.zeros(4, dtype=np.int64)
        for other in range(4):
            if other not in (seat, plan.drawn_seat):
                others += [suit_holding(plan.predealt[other], s).bit_count() for s in range(4)]
        assert plan.drawn_seat is not None
        first_shapes = np.array(sorted(plan.request.seats[plan.drawn_seat].allowed_shapes), dtype=np.int64)
        available = np.clip(13 - first_shapes - others, 0, 13)
        bound = float(cls._ways(available, shapes).sum(axis=1).max())
        return cls(seat, shapes, others, bound)

    @staticmethod
    def _ways(available: np.ndarray, shapes: np.ndarray) -> np.ndarray:
        """(rows, k): Π_s C(available_s, shape_s) for each row and allowed shape."""
        ways = np.ones((available.shape[0], shapes.shape[0]))
        for s in range(4):
            ways *= _COMB[available[:, s, None], shapes[None, :, s]]
        return ways

    def draw(
        self, rng: np.random.Generator, first_hands: np.ndarray, placed: np.ndarray
    ) -> tuple[np.ndarray, np.ndarray]:
        """Accept rows of ``first_hands`` and draw the second seat's hand for each kept row.

        ``placed``: (rows,) mask of every card already placed (first hand and predeals).
        Returns (kept row indices, second hands).
        """
        available = 13 - evaluation.suit_lengths(first_hands).astype(np.int64) - self.others_per_suit
        ways = self._ways(available, self.shapes)
        total = ways.sum(axis=1)
        keep = np.flatnonzero(rng.random(first_hands.shape[0]) * self.bound < total)
        ways, total, placed = ways[keep], total[keep], placed[keep]
        cumulative = np.cumsum(ways, axis=1)
        choice = (cumulative < (rng.random(keep.size) * total)[:, None]).sum(axis=1)
        lengths = self.shapes[np.minimum(choice, self.shapes.shape[0] - 1)]
        return keep, self._cards(rng, lengths, placed)

    @staticmethod
    def _cards(rng: np.random.Generator, lengths: np.ndarray, placed: np.ndarray) -> np.ndarray:
        """For each row, ``lengths[row, s]`` cards of suit s chosen uniformly from the unplaced ones.

        Random 16-bit keys per card, placed cards forced last, then the smallest keys of each suit;
        rows where a tie straddles a cut are redrawn (the same exactness repair as ``dealing``).
        """
        rows = lengths.shape[0]
        hands = np.zeros(rows, dtype=np.uint64)
        pending = np.arange(rows)
        is_placed = (placed[:, None] & _CARD_BITS) != 0
        while pending.size:
            keys = rng.bit_generator.random_raw(pending.size * 13).view(np.uint16).reshape(pending.size, 4, 13)
            keys = (keys & np.uint16(0xFFC0)).clip(max=0xFF80).astype(np.uint16)
            keys |= np.arange(52, dtype=np.uint16).reshape(4, 13)
            keys[is_placed[pending].reshape(-1, 4, 13)] |= np.uint16(0xFFC0)
            keys.sort(axis=2)
            want = lengths[pending]
            position = np.arange(13)
            chosen = position[None, None, :] < want[:, :, None]
            cut_left = np.take_along_axis(keys, np.clip(want - 1, 0, 12)[:, :, None], axis=2)[:, :, 0]
            cut_right = np.take_along_axis(keys, np.clip(want, 0, 12)[:, :, None], axis=2)[:, :, 0]
            tie = (want > 0) & (want < 13) & ((cut_left & np.uint16(0xFFC0)) == (cut_right & np.uint16(0xFFC0)))
            clean = ~tie.any(axis=1)
            bits = np.where(chosen, _CARD_BITS[(keys & np.uint16(63)).astype(np.intp)], np.uint64(0))
            hands[pending[clean]] = bits[clean].sum(axis=(1, 2), dtype=np.uint64)
            pending = pending[~clean]
        return hands


@dataclass
class DealPlan:
    """How a request will be dealt: per-seat exact counts and which seat is drawn exactly."""

    request: DealRequest
    seats: list[SeatReport | None]
    drawn_seat: int | None
    plans: dict[int, SeatPlan] = field(repr=False)
    predealt: tuple[int, int, int, int]
    second: ShapeDraw | None = None

    @property
    def drawn_probability(self) -> float:
        """The chance that a random deal passes the exact draws: a batch's acceptance rate times this
        is the frequency of the whole request."""
        p = 1.0 if self.drawn_seat is None else self.plans[self.drawn_seat].probability
        return p * (self.second.scale if self.second is not None else 1.0)


def plan_request(request: DealRequest) -> DealPlan:
    """Validate ``request``, count every constrained seat exactly, and choose the seat to draw.

    Raises ``ConstraintError`` for contradictions (``DealRequest.validate``) and ``ImpossibleError``
    when a seat's constraint fits no hand at all: its text names the seat, and it carries ``seat``
    (and ``field`` when the seat sets only one field, the one to loosen).
    """
    request.validate()
    predealt = tuple(c.cards for c in request.seats)
    plans: dict[int, SeatPlan] = {}
    reports: list[SeatReport | None] = [None, None, None, None]
    for seat, constraint in enumerate(request.seats):
        if not constraint.needs_drawing:
            continue  # unconstrained, or only predealt cards: dealt directly by fill_deals
        others = 0
        for other, cards in enumerate(predealt):
            if other != seat:
                others |= cards
        seat_plan = plan_seat(constraint, FULL_DECK_MASK & ~others)
        if seat_plan.count == 0:
            fields = constraint.fields()
            # With one field set (and no term the editor cannot show), that field is the one to loosen.
            only = fields[0] if len(fields) == 1 else None
            raise ImpossibleError(
                f"no hand fits {SEAT_NAMES[seat]}'s request ({constraint.describe()})", seat=SEATS[seat], field=only
            )
        plans[seat] = seat_plan
        reports[seat] = SeatReport(seat, seat_plan.count, seat_plan.hands_possible)
    drawn = min(plans, key=lambda s: plans[s].probability) if plans else None
    plan = DealPlan(request, reports, drawn, plans, predealt)  # type: ignore[arg-type]
    # A second seat constrained only by suit lengths can be drawn exactly too (see ShapeDraw).
    candidates = [
        s
        for s in plans
        if s != drawn
        and not request.seats[s].measures()
        and not request.seats[s].rule20
        and not request.seats[s].cards
        and plans[s].probability < 0.9
    ]
    if candidates:
        plan.second = ShapeDraw.build(plan, min(candidates, key=lambda s: plans[s].probability))
    return plan


def _batch(plan: DealPlan, rng: np.random.Generator, rows: int) -> np.ndarray:
    """``rows`` deals from the drawn seat's exact law and uniform elsewhere, then filtered."""
    base = np.empty((rows, 4), dtype=np.uint64)
    base[:] = np.array(plan.predealt, dtype=np.uint64)
    skip: set[int] = set()
    if plan.drawn_seat is not None:
        seat_plan = plan.plans[plan.drawn_seat]
        base[:, plan.drawn_seat] = seat_plan.sampler.draw(rng, rows)
        if seat_plan.complete:
            skip.add(plan.drawn_seat)
        if plan.second is not None:
            placed = np.bitwise_or.reduce(base, axis=1)
            keep, second = plan.second.draw(rng, base[:, plan.drawn_seat], placed)
            base = base[keep]
            base[:, plan.second.seat] = second
            skip.add(plan.second.seat)
    deals = fill_deals(rng, base)
    if plan.request.is_empty:
        return deals
    return deals[plan.request.mask(deals, skip_seats=frozenset(skip))]


def deal_stream(
    request: DealRequest | DealPlan,
    count: int | None = None,
    *,
    seed: int | None = None,
    rng: np.random.Generator | None = None,
    cancel: threading.Event | None = None,
    max_tries: int = DEFAULT_MAX_TRIES,
) -> Iterator[Progress]:
    """Yield batches of deals fitting ``request`` until ``count`` are found (forever if None).

    Stops early, without error, when ``cancel`` is set.  Raises ``ImpossibleError`` when
    ``max_tries`` deals bring fewer than ``count`` (or, for an endless stream, none).
    """
    plan = request if isinstance(request, DealPlan) else plan_request(request)
    generator = rng if rng is not None else make_rng(seed)
    start = time.perf_counter()
    tried = matched = 0
    rows = MIN_BATCH
    while count is None or matched < count:
        if cancel is not None and cancel.is_set():
            return
        if tried >= max_tries:
            # seat "": the cause is how the constraints combine, not one seat (each seat's own law is exact).
            raise ImpossibleError(too_rare_message(plan, tried, matched, count), seat="")
        deals = _batch(plan, generator, rows)
        tried += rows
        if count is not None and matched + deals.shape[0] > count:
            deals = deals[: count - matched]
        matched += deals.shape[0]
        deals.flags.writeable = False
        yield Progress(deals, tried, matched, time.perf_counter() - start)
        # Size the next batch for the matches still wanted at the rate seen so far, within bounds
        # that keep each step short (cancel stays responsive) and memory small.
        wanted = (count - matched) if count is not None else 64
        rate = max(matched, 0.5) / tried
        rows = int(min(MAX_BATCH, max(MIN_BATCH, 1.2 * wanted / rate)))


def deal(
    request: DealRequest | DealPlan,
    count: int,
    *,
    seed: int | None = None,
    cancel: threading.Event | None = None,
    max_tries: int = DEFAULT_MAX_TRIES,
) -> np.ndarray:
    """``count`` deals fitting ``request`` as an ``(count, 4)`` batch (fewer only if cancelled)."""
    parts = [p.deals for p in deal_stream(request, count, seed=seed, cancel=cancel, max_tries=max_tries)]
    return np.concatenate(parts) if parts else np.zeros((0, 4), dtype=np.uint64)


def too_rare_message(plan: DealPlan, tried: int, matched: int, count: int | None) -> str:
    """Explain a search that gave up: deals tried, and the frequency bound that implies.

    When most deals tried fit (an unconstrained request, or one drawn exactly, asked for more boards
    than the limit of deals allows), the request is not rare and the message says the limit was reached.
    """
    if count is not None and matched * 2 >= tried > 0:
        return (
            f"the limit of {tried:,} deals tried was reached with {matched:,} of {count:,} boards found; "
            "most deals fit, so the request is not rare: ask for fewer boards or allow more deals."
        )
    # With no match in `tried` draws, p < 3 / tried at 95% confidence (the "rule of three").
    bound = plan.drawn_probability * 3.0 / max(tried, 1)
    found = f"only {matched} of {count} boards were found" if matched else "no deal fitting every constraint was found"
    return (
        f"{found} in {tried:,} deals tried; such deals are rarer than about 1 in {format_one_in(bound)}. "
        "Loosen a constraint (a combined range or a fit is often the cause)."
    )


def round_one_in(p: float) -> float:
    """The N of "1 deal in N" for a chance ``p``, as shown: two significant figures (one decimal below 10).

    ``inf`` for ``p <= 0``.  Rounded because the estimate is good to a few per cent at best.
    """
    if p <= 0:
        return math.inf
    x = 1.0 / p
    if x < 10:
        return round(x, 1)
    digits = len(str(int(x))) - 2
    return float(round(x, -digits))


def format_one_in(p: float) -> str:
    """``2,300`` for p = 1/2300, rounded to two significant figures (for "about 1 deal in …")."""
    if p <= 0:
        return "∞"
    x = round_one_in(p)
    if 1.0 / p < 10:
        return f"{x:.1f}".rstrip("0").rstrip(".")
    return f"{x:,.0f}"


EXACT, ESTIMATED, BOUND = "exact", "estimated", "bound"
"""``Estimate.precision``: how much the figure is worth (exact; from a pilot run; only a bound)."""


@dataclass(frozen=True)
class Estimate:
    """Frequency of the whole request: exact per seat, estimated across seats.

    A window formats it from the fields (``precision`` and ``one_in``) in its own language;
    ``text()`` is the English the command line and the tests use.
    """

    seats: tuple[SeatReport | None, ...]
    probability: float
    """Best estimate of the chance that a random deal fits the whole request (0 when the pilot found none)."""
    upper_bound: float
    """A chance the request's frequency is below (95 %): the figure that matters when ``probability`` is 0."""
    exact: bool
    """True when ``probability`` is exact (at most one seat constrained, nothing across seats)."""

    @property
    def precision(self) -> str:
        """``EXACT`` ("exactly 1 deal in N"), ``ESTIMATED`` ("about 1 deal in N") or ``BOUND`` (no
        fitting deal in the pilot run: "rarer than 1 deal in N", N from ``upper_bound``)."""
        if self.probability <= 0:
            return BOUND
        return EXACT if self.exact else ESTIMATED

    @property
    def one_in(self) -> float:
        """The N of "1 deal in N" as shown (``round_one_in``): from ``upper_bound`` when ``precision`` is ``BOUND``."""
        return round_one_in(self.upper_bound if self.precision == BOUND else self.probability)

    def text(self) -> str:
        """``"about 1 deal in 2,300"``, ``"exactly 1 deal in 9.4"`` or ``"rarer than 1 deal in 51,000"``."""
        words = {EXACT: "exactly", ESTIMATED: "about", BOUND: "rarer than"}[self.precision]
        p = self.upper_bound if self.precision == BOUND else self.probability
        return f"{words} 1 deal in {format_one_in(p)}"


def estimate(request: DealRequest | DealPlan, *, pilot: int = PILOT_DEALS, seed: int = 1) -> Estimate:
    """Exact per-seat frequencies and an estimate for the whole request (by a short pilot run)."""
    plan = request if isinstance(request, DealPlan) else plan_request(request)
    p_drawn = plan.drawn_probability
    others_free = all(seat == plan.drawn_seat or not plan.request.seats[seat].needs_drawing for seat in range(4))
    if others_free and plan.request.ns.is_empty and plan.request.ew.is_empty and plan.request.condition is None:
        complete = plan.drawn_seat is None or plan.plans[plan.drawn_seat].complete
        if complete:
            return Estimate(tuple(plan.seats), p_drawn, p_drawn, True)
    rng = make_rng(seed)
    accepted = _batch(plan, rng, pilot).shape[0]
    rate = accepted / pilot
    upper = p_drawn * max(rate, 3.0 / pilot)
    return Estimate(tuple(plan.seats), p_drawn * rate, upper, False)
