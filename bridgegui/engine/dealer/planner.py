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

Bounded effort.  A seat no hand can satisfy is reported at once, by its exact count of zero, and seats
and sides that contradict one another (a fit the seats' lengths cannot reach, a side's HCP against what
its seats imply, the deck's 40 HCP, 12 controls and 13 cards a suit) are refused before any dealing by
``feasibility.request_problems``, instead of after minutes of search.  What cannot be proved is bounded
twice, by deals and by seconds in a row without a board (``DEFAULT_MAX_TRIES``, and ``max_seconds``:
``DEFAULT_TIME_LIMIT`` on the command line), so rarity is judged, never the size of the set; an explicit
``max_tries`` is a total, as dealer's ``generate``.  The message then gives the deals tried, the time,
and the frequency they imply: "rarer than about 1 in M" when none fitted, the rate seen when some did
(so a large set of a common request is never called rare).

Every core.  Once a stream has tried ``parallel.PARALLEL_MIN_DEALS`` deals (or from its start, when
a short pilot shows it will try three times that: ``_long_from_the_start``) it goes on in chunks of
``CHUNK_TRIES`` deals, chunk ``i`` drawn from the ``i``-th child of a seed sequence taken from the
stream's generator at that point, dealt on every core and combined in chunk order
(``parallel.ordered_map``).  The switch point and the chunks depend only on the seed, so a seeded run
gives the same boards with one core or many, and runs shorter than the switch point are unchanged.
A request whose every deal is a board (nothing to reject: no constraint, or one seat drawn exactly, as
S1's North) goes to every core from the start at a million boards, and ``finished_chunks`` then lets
the caller format each chunk in the worker that dealt it (the command line's long runs to a file).

Streaming.  ``deal_stream`` yields a ``Progress`` per batch (about every 10-100 ms of work) and
checks the ``cancel`` event between batches; the same seed gives the same boards.
"""

from __future__ import annotations

import itertools
import math
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from math import comb

import numpy as np

from bridgegui.engine import evaluation, parallel
from bridgegui.engine.cards import CARD_BITS, FULL_DECK_MASK, SEAT_NAMES, SEATS, suit_holding
from bridgegui.engine.dealer import feasibility
from bridgegui.engine.dealer.constraints import DealRequest
from bridgegui.engine.dealer.exact import SeatPlan, plan_seat
from bridgegui.engine.dealing import fill_deals, make_rng
from bridgegui.engine.errors import ImpossibleError, TooRareError

DEFAULT_MAX_TRIES = 50_000_000
"""Deals tried in a row without a board (after the exact draw of one seat) before a request is
declared too rare, unless the caller sets a total (``deal_stream``'s ``max_tries``)."""

DEFAULT_TIME_LIMIT = 5.0
"""Seconds in a row without a board that the command line allows by default before it gives up
(``deal_stream``'s ``max_seconds``; the window has no limit: it shows the search and can be stopped)."""

CHUNK_TRIES = 65_536
"""Deals tried per chunk once a stream runs on every core, in ``CHUNK_BATCHES`` batches (a cancel is seen
between them).  Part of the reproducible stream of long runs."""

CHUNK_BATCHES = 2
"""Batches per chunk: 32,768 deals each.  Larger batches than one stream's ``MAX_BATCH`` because the
GIL is held between numpy calls: two threads of 8,192-deal batches ran 1.2-1.4x as fast as one here,
of 32,768-65,536-deal batches 1.6-1.7x; a batch still takes tens of milliseconds (a cancel is seen
within one)."""

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
_CARD_BITS_OR_NONE = np.append(_CARD_BITS, np.uint64(0))
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
        shapes = plan.request.seats[seat].shape_array
        others = np.zeros(4, dtype=np.int64)
        for other in range(4):
            if other not in (seat, plan.drawn_seat):
                others += [suit_holding(plan.predealt[other], s).bit_count() for s in range(4)]
        assert plan.drawn_seat is not None
        first_shapes = plan.request.seats[plan.drawn_seat].shape_array
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
        # The ways depend on the first hand's shape only, and a batch holds few shapes: count them once
        # per shape (S4's pilot spent 17 ms counting them row by row), then read them by row.  The
        # same products in the same order: the same figures, the same draws.
        lengths = evaluation.suit_lengths(first_hands).astype(np.int64)
        _, first, row_shape = np.unique(evaluation.shape_code(lengths), return_index=True, return_inverse=True)
        ways = self._ways(13 - lengths[first] - self.others_per_suit, self.shapes)
        total = ways.sum(axis=1)[row_shape]
        keep = np.flatnonzero(rng.random(first_hands.shape[0]) * self.bound < total)
        total, placed, kept_shape = total[keep], placed[keep], row_shape[keep]
        cumulative = np.cumsum(ways, axis=1)[kept_shape]
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
            # Each chosen card's index, the others pointing at a 53rd entry with no bit: one 8-byte gather.
            card = np.where(chosen, keys & np.uint16(63), np.uint16(52))
            bits = np.take(_CARD_BITS_OR_NONE, card[clean])
            hands[pending[clean]] = bits.sum(axis=(1, 2), dtype=np.uint64)
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
    _pilot_kept: int | None = field(default=None, init=False, repr=False, compare=False)

    def pilot_kept(self) -> int:
        """The deals a pilot of ``SWITCH_PILOT`` deals on ``PILOT_SEED`` keeps: dealt once per plan, for
        both decisions that read it (``_long_from_the_start``, ``keeps_few``)."""
        if self._pilot_kept is None:
            self._pilot_kept = int(_batch(self, make_rng(PILOT_SEED), SWITCH_PILOT).shape[0])
        return self._pilot_kept

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
    (and ``field`` when the seat sets only one field, the one to loosen).  Also ``ImpossibleError``
    when seats and sides contradict one another (``feasibility.request_problems``), carrying the first
    problem's seat or side, field and reason.
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
    problems = feasibility.request_problems(request)
    if problems:
        first = problems[0]
        raise ImpossibleError(
            "; ".join(p.text() for p in problems), seat=first.seat, field=first.field, reason=first.message
        )
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


def _known_seats(plan: DealPlan) -> frozenset[int]:
    """The seats ``_batch`` draws so that they surely fit: the drawn seat when its sampler enforces its
    whole constraint, and the second seat's shape draw."""
    known: set[int] = set()
    if plan.drawn_seat is not None:
        if plan.plans[plan.drawn_seat].complete:
            known.add(plan.drawn_seat)
        if plan.second is not None:
            known.add(plan.second.seat)
    return frozenset(known)


def _keeps_every_deal(plan: DealPlan) -> bool:
    """Whether every deal ``_batch`` deals fits: no second draw (it rejects some rows) and nothing
    left to test beyond the seats drawn exactly (S1's North, S2's West)."""
    return plan.second is None and not plan.request.tests_beyond(_known_seats(plan))


def _batch(plan: DealPlan, rng: np.random.Generator, rows: int) -> np.ndarray:
    """``rows`` deals from the drawn seat's exact law and uniform elsewhere, then filtered."""
    return _batch_rows(plan, rng, rows)[0]


def _batch_rows(plan: DealPlan, rng: np.random.Generator, rows: int) -> tuple[np.ndarray, np.ndarray]:
    """``_batch``, with the place (0 to ``rows - 1``) of each kept deal among the deals tried: a limit on
    the deals tried (dealer's ``-g``) can then end inside a batch, exactly."""
    base = np.empty((rows, 4), dtype=np.uint64)
    base[:] = np.array(plan.predealt, dtype=np.uint64)
    places = np.arange(rows)
    if plan.drawn_seat is not None:
        seat_plan = plan.plans[plan.drawn_seat]
        base[:, plan.drawn_seat] = seat_plan.sampler.draw(rng, rows)
        if plan.second is not None:
            placed = np.bitwise_or.reduce(base, axis=1)
            keep, second = plan.second.draw(rng, base[:, plan.drawn_seat], placed)
            base, places = base[keep], places[keep]
            base[:, plan.second.seat] = second
    deals = fill_deals(rng, base)
    known = _known_seats(plan)
    if not plan.request.tests_beyond(known):
        return deals, places
    fits = plan.request.mask(deals, skip_seats=known)
    return deals[fits], places[fits]


def _step(deals: np.ndarray, tried: int, matched: int, count: int | None, budget: _Budget) -> Progress:
    """One step of a stream, serial or on every core: the deals the set still wants (the rest of a batch
    is dropped), counted against the budget, read-only."""
    if count is not None and matched + deals.shape[0] > count:
        deals = deals[: count - matched]
    budget.progress(tried, deals.shape[0])
    deals.flags.writeable = False
    return Progress(deals, tried, matched + deals.shape[0], budget.elapsed())


def deal_stream(
    request: DealRequest | DealPlan,
    count: int | None = None,
    *,
    seed: int | None = None,
    rng: np.random.Generator | None = None,
    cancel: threading.Event | None = None,
    max_tries: int | None = None,
    max_seconds: float | None = None,
    workers: int | None = None,
    processes: bool = False,
) -> Iterator[Progress]:
    """Yield batches of deals fitting ``request`` until ``count`` are found (forever if None).

    Stops early, without error, when ``cancel`` is set.  Raises ``ImpossibleError`` when the request
    looks too rare to finish (``_Budget``): ``max_tries`` deals in all when given (dealer's
    ``generate``, the command line's ``--max-tries``), else ``DEFAULT_MAX_TRIES`` deals in a row with
    no board; or ``max_seconds`` in a row with no board (None: no time limit).  A large set of a
    common request therefore never fails for its size.  An endless stream fails only while it has
    found nothing.  ``workers``: threads for the part of a long run past
    ``parallel.PARALLEL_MIN_DEALS`` (default every core; the boards do not depend on it).
    ``processes``: that part may run in forked processes when it keeps few of its deals
    (``keeps_few``) and forking is safe (``parallel.forking_is_safe``); the command line asks for it,
    the window never does.  The boards are the same either way.
    """
    plan = request if isinstance(request, DealPlan) else plan_request(request)
    generator = rng if rng is not None else make_rng(seed)
    budget = _Budget(plan, count, max_tries, max_seconds)
    tried = matched = 0
    rows = MIN_BATCH
    on_every_core = runs_on_every_core(plan.request)
    long_run = on_every_core and _long_from_the_start(plan, count)
    while count is None or matched < count:
        if cancel is not None and cancel.is_set():
            return
        budget.check(tried, matched)
        if on_every_core and (long_run or tried >= parallel.PARALLEL_MIN_DEALS):
            forked = processes and keeps_few(plan, tried, matched)
            yield from _parallel_stream(plan, generator, budget, tried, matched, cancel, workers, forked)
            return
        if budget.max_tries is not None:
            rows = min(rows, budget.max_tries - tried)  # a total limit ends inside the last batch, exactly
        tried += rows
        step = _step(_batch(plan, generator, rows), tried, matched, count, budget)
        matched = step.matched
        yield step
        # Size the next batch for the matches still wanted at the rate seen so far, within bounds
        # that keep each step short (cancel stays responsive) and memory small.
        wanted = (count - matched) if count is not None else 64
        rate = max(matched, 0.5) / tried
        rows = int(min(MAX_BATCH, max(MIN_BATCH, 1.2 * wanted / rate)))


def runs_on_every_core(request: DealRequest) -> bool:
    """Whether a long run of ``request`` may go on in parallel chunks.

    Seats and sides are pure functions of the deals, so always; a whole-deal ``condition`` only when it
    says so with a true ``parallel_safe`` attribute: one that draws random numbers of its own (a dealer
    script's ``rnd()``) would draw them in whatever order the threads run, and the same seed would no
    longer give the same boards.  Such a request keeps one stream however long it runs.
    """
    return request.condition is None or bool(getattr(request.condition, "parallel_safe", False))


SWITCH_PILOT = 8192
"""Deals of the pilot that tells a long run from the start (``_long_from_the_start``)."""


def _long_from_the_start(plan: DealPlan, count: int | None) -> bool:
    """Whether a run of ``count`` boards will surely try more than three times ``PARALLEL_MIN_DEALS``
    deals, so it can use every core from its first deal instead of after a million (the serial
    first million would cap the speed-up).

    Decided from the count alone when it is that large (a deal gives at most one board), else from a
    pilot of ``SWITCH_PILOT`` deals on a fixed seed, so the decision depends only on the request and
    the count, never on the cores or the run's seed.  A pilot that finds nothing decides nothing (the
    run switches after a million deals as before).  A run this pilot sends to the chunks from the start
    is, by a wide margin, one that would have tried over a million deals anyway: the seeded sets of
    smaller runs do not change.
    """
    if count is None:
        return False
    threshold = 3 * parallel.PARALLEL_MIN_DEALS
    if count >= threshold:
        return True
    if _keeps_every_deal(plan):
        # Every deal is a board, so the count is the deals it will try: a million boards go to every core
        # from the first (where ``finished_chunks`` can also finish them: the command line formats them there).
        return count >= parallel.PARALLEL_MIN_DEALS
    if count * SWITCH_PILOT < threshold:
        return False  # even one board per pilot would be fast enough: no pilot needed (it costs a batch)
    accepted = plan.pilot_kept()
    return accepted > 0 and count * SWITCH_PILOT / accepted >= threshold


PILOT_SEED = 1
"""The pilots' fixed seed: a plan's pilot figures are the same every time."""

FEW_KEPT = 1 / 64
"""A chunk "keeps few" of its deals below this rate: at most about 1,000 of ``CHUNK_TRIES``, 32 KB to
send back from a forked worker (``parallel``'s docstring: processes pay off only then)."""


def keeps_few(plan: DealPlan, tried: int, matched: int) -> bool:
    """Whether the stream keeps fewer than ``FEW_KEPT`` of the deals it tries: from what it has seen
    when that is at least a pilot's worth, else from a pilot of ``SWITCH_PILOT`` deals.  It decides only
    where chunks run, never which boards they find."""
    if tried < SWITCH_PILOT:
        tried, matched = SWITCH_PILOT, plan.pilot_kept()
    return matched < FEW_KEPT * tried


@dataclass
class _Budget:
    """The effort a stream may spend before it calls a request too rare: a user must not wait minutes.

    Rarity is judged by the *drought*, the deals and the time since the last board found, never by the
    size of the set: ``DEFAULT_MAX_TRIES`` deals or ``max_seconds`` in a row without a board.  An explicit
    ``max_tries`` is a total instead, as dealer's ``generate`` is.
    """

    plan: DealPlan
    count: int | None
    max_tries: int | None
    max_seconds: float | None
    start: float = field(default_factory=time.perf_counter)
    last_tried: int = 0
    last_time: float = field(default_factory=time.perf_counter)

    def elapsed(self) -> float:
        return time.perf_counter() - self.start

    def progress(self, tried: int, found: int) -> None:
        """Note a step: ``found`` boards among the deals up to ``tried``."""
        if found:
            self.last_tried, self.last_time = tried, time.perf_counter()

    def check(self, tried: int, matched: int) -> None:
        """Raise ``ImpossibleError`` with the figures once the deals or the time allowed are spent."""
        if self.count is None and matched:
            return  # an endless stream that finds deals runs until it is cancelled
        now = time.perf_counter()
        spent = tried >= self.max_tries if self.max_tries is not None else tried - self.last_tried >= DEFAULT_MAX_TRIES
        if self.max_seconds is not None and now - self.last_time >= self.max_seconds:
            spent = True
        if spent:
            # seat "": the cause is how the constraints combine, not one seat (each seat's own law is exact).
            message = too_rare_message(self.plan, tried, matched, self.count, now - self.start)
            raise TooRareError(message, seat="")


def _chunk(
    plan: DealPlan, root: np.random.SeedSequence, index: int, cancel: threading.Event | None
) -> tuple[np.ndarray, np.ndarray] | None:
    """Chunk ``index`` of a long stream: its kept deals and their places among its ``CHUNK_TRIES`` deals
    tried (None when cancelled), drawn from ``root``'s ``index``-th child whatever core runs it."""
    chunk_rng = parallel.chunk_rng(root, index)
    found, places = [], []
    rows = CHUNK_TRIES // CHUNK_BATCHES
    for k in range(CHUNK_BATCHES):
        if cancel is not None and cancel.is_set():
            return None
        deals, at = _batch_rows(plan, chunk_rng, rows)
        found.append(deals)
        places.append(at + k * rows)
    return np.concatenate(found), np.concatenate(places)


def finishes_in_workers(plan: DealPlan, count: int | None) -> bool:
    """Whether ``finished_chunks`` can deal ``count`` boards of ``plan``: every deal it deals is a board
    (so chunk ``i`` holds boards ``i * CHUNK_TRIES`` on, known before it is dealt) and the run is long
    enough to go to every core from its first deal (``_long_from_the_start``)."""
    return (
        count is not None
        and runs_on_every_core(plan.request)
        and _keeps_every_deal(plan)
        and _long_from_the_start(plan, count)
    )


def finished_chunks(
    plan: DealPlan,
    count: int,
    finish: Callable[[np.ndarray, int], Sequence[bytes]],
    *,
    seed: int | None = None,
    cancel: threading.Event | None = None,
    workers: int | None = None,
    processes: bool = False,
) -> Iterator[tuple[Progress, Sequence[bytes]]]:
    """``count`` boards of a plan that ``finishes_in_workers``, each chunk handed to ``finish(deals,
    offset)`` (``offset``: the place of its first board in the set) *in the worker that dealt it*, and
    the bytes ``finish`` returns (in parts) yielded in chunk order with the progress.

    The command line formats a chunk there, so a long run uses every core for the formatting as well as
    the dealing and its main process only writes the bytes; in forked processes (``processes``, where
    ``parallel.forking_is_safe``) only those bytes come back through the pipe, never the deals.  The
    boards are ``deal_stream``'s for the same seed, chunk for chunk, on any number of cores.
    """
    if not finishes_in_workers(plan, count):
        raise ValueError("finished_chunks needs a long run of a plan whose every deal is a board")
    root = parallel.root_sequence(rng=make_rng(seed))
    start = time.perf_counter()

    def task(index: int) -> tuple[int, Sequence[bytes]] | None:
        chunk = _chunk(plan, root, index, cancel)
        if chunk is None:
            return None
        deals = chunk[0][: count - index * CHUNK_TRIES]  # the last chunk ends with the set, as ``_step`` ends it
        deals.flags.writeable = False
        return len(deals), finish(deals, index * CHUNK_TRIES)

    n = parallel.worker_count() if workers is None else max(1, workers)
    indices = range(-(-count // CHUNK_TRIES))
    # One chunk waiting beyond one per core: a finished chunk can be large (21 MB of PBN), so fewer wait.
    chunks = parallel.ordered_map(
        task, indices, workers=n, cancel=cancel, processes=processes, ahead=n + 1, large_results=True
    )
    matched = 0
    try:
        for result in chunks:
            if result is None or (cancel is not None and cancel.is_set()):
                return
            found, value = result
            matched += found
            yield Progress(_NO_DEALS, matched, matched, time.perf_counter() - start), value
    finally:
        chunks.close()  # joins the workers now, not whenever the generator is collected


_NO_DEALS = np.zeros((0, 4), dtype=np.uint64)
_NO_DEALS.flags.writeable = False


def _parallel_stream(
    plan: DealPlan,
    generator: np.random.Generator,
    budget: _Budget,
    tried: int,
    matched: int,
    cancel: threading.Event | None,
    workers: int | None,
    processes: bool = False,
) -> Iterator[Progress]:
    """The rest of a long stream, in chunks of ``CHUNK_TRIES`` deals on every core (module docstring).

    The chunk seeds come from ``generator``'s state at the switch, which depends only on the seed; each
    chunk tries exactly ``CHUNK_TRIES`` deals (so what it finds does not depend on timing), and the
    chunks are combined in order; a total limit (``max_tries``) keeps only what the chunk that reaches
    it found in the deals before the limit.  Chunks check ``cancel`` between their batches.
    """
    root = parallel.root_sequence(rng=generator)
    count = budget.count

    def task(index: int) -> tuple[np.ndarray, np.ndarray] | None:
        return _chunk(plan, root, index, cancel)

    chunks = parallel.ordered_map(task, itertools.count(), workers=workers, cancel=cancel, processes=processes)
    try:
        for chunk in chunks:
            if chunk is None or (cancel is not None and cancel.is_set()):
                return
            deals, places = chunk
            if budget.max_tries is not None and tried + CHUNK_TRIES > budget.max_tries:
                deals = deals[places < budget.max_tries - tried]  # the limit ends inside this chunk, exactly
                tried = budget.max_tries
            else:
                tried += CHUNK_TRIES
            step = _step(deals, tried, matched, count, budget)
            matched = step.matched
            yield step
            if count is not None and matched >= count:
                return
            budget.check(tried, matched)
    finally:
        chunks.close()  # joins the threads now, not whenever the generator is collected


def deal(
    request: DealRequest | DealPlan,
    count: int,
    *,
    seed: int | None = None,
    cancel: threading.Event | None = None,
    max_tries: int | None = None,
    max_seconds: float | None = None,
    workers: int | None = None,
    processes: bool = False,
) -> np.ndarray:
    """``count`` deals fitting ``request`` as an ``(count, 4)`` batch (fewer only if cancelled)."""
    stream = deal_stream(
        request,
        count,
        seed=seed,
        cancel=cancel,
        max_tries=max_tries,
        max_seconds=max_seconds,
        workers=workers,
        processes=processes,
    )
    parts = [p.deals for p in stream]
    return np.concatenate(parts) if parts else np.zeros((0, 4), dtype=np.uint64)


def too_rare_message(plan: DealPlan, tried: int, matched: int, count: int | None, elapsed: float | None = None) -> str:
    """Explain a search that gave up: deals tried, the time taken, and the frequency they imply.

    The rarity is judged from the deals tried, never from the size of the set: when most deals fit
    (an unconstrained request, or one drawn exactly, asked for more boards than the limit allows) the
    message says the limit was reached and the request is not rare; when some fitted, it gives the
    rate seen; only when none fitted does it give a bound ("rarer than about 1 in M").
    """
    spent = f" ({elapsed:.1f} s)" if elapsed is not None else ""
    if count is not None and matched * 2 >= tried > 0:
        return (
            f"the limit of {tried:,} deals tried was reached with {matched:,} of {count:,} boards found{spent}; "
            "most deals fit, so the request is not rare: ask for fewer boards or allow more deals or more time."
        )
    if matched:
        rate = plan.drawn_probability * matched / tried
        wanted = f" of {count:,}" if count is not None else ""
        need = f"; {count:,} boards need about {count / rate:,.0f} deals" if count is not None else ""
        return (
            f"only {matched:,}{wanted} boards were found in {tried:,} deals tried{spent}: "
            f"about 1 deal in {format_one_in(rate)} fits{need}. Ask for fewer boards, or allow more deals or more time."
        )
    # With no match in `tried` draws, p < 3 / tried at 95% confidence (the "rule of three").
    bound = plan.drawn_probability * 3.0 / max(tried, 1)
    return (
        f"no deal fitting every constraint was found in {tried:,} deals tried{spent}; "
        f"such deals are rarer than about 1 in {format_one_in(bound)}. "
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
