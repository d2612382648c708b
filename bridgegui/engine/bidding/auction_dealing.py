"""Backward bidding: deal boards on which the system itself bids a given auction, exactly.

A call *means* a constraint on the hand that makes it (Old Lady's constraint view of bidding), so
the same system file that chooses calls also tells the dealer what each seat's hand must look like.
``request_for_auction`` turns an auction prefix into a ``DealRequest`` in two parts:

* **Positive meanings**, as the request's seat constraints.  At each position of the prefix, if
  exactly one reachable rule of the system can make the call there (and the call is not also the
  Pass the system makes when nothing fits), the caller's hand must satisfy that rule's meaning; if
  several can, it must satisfy one of theirs, so it satisfies their hull (``_hull``: each range
  widened to hold them all, the shapes any of them allows).  A seat's several calls are intersected (``SeatConstraint.intersect``: "opened 1NT, then rebid 2♥").
  These go to the exact per-seat dealer, which draws the most restrictive seat from its conditional
  law instead of waiting for it by chance.
* **Everything else** as the request's ``condition``, an ``AuctionCondition``: it keeps the deals
  on which the system, run on the candidate deal, bids the whole prefix.  That enforces the
  negative inferences a meaning cannot hold (the seat did not make a call the system ranks higher
  at that turn; partner passed, so had no opening), the ``where`` expressions, and which of several
  rules making a call the hand fits.

Exactness.  Each positive meaning is *implied* by the system bidding the prefix (the only rule
that can make the call must have fitted), so the set of deals the request's seats allow contains
every deal on which the system bids the prefix, and the condition then keeps exactly those.  The
exact dealer draws from "uniform, given the seat constraints", and rejection on the condition
turns that into "uniform, given the system bids the prefix": the law of plain rejection ("deal at
random, let the system bid, keep the deals whose auction starts this way"), only much faster.

Playing tricks.  A meaning may use ``tricks N`` (the playing-trick count of the Old Lady write-up
"Tricky Trick-y Algorithm", the heuristic Old Lady could evaluate only forwards: given a hand, count its tricks, but
never "which hands take 6 tricks?").  bridgegui's trick count is a sum over suits of a per-holding table (all 8192
holdings of a suit, tabulated once), and the exact dealer counts and draws hands from such sums.  So dealing for an
auction with a three-level preempt draws the preemptor's hand exactly from the hands with that many playing tricks,
instead of hoping to meet one.

An unreachable prefix (an illegal call, a call no reachable rule makes at its position, or calls
whose meanings no single hand satisfies) raises ``ImpossibleError`` naming the call and its
position before anything is dealt.
"""

from __future__ import annotations

import dataclasses
import functools
import re
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from bridgegui.engine.bidding.calls import PASS, Auction, AuctionError, Call
from bridgegui.engine.bidding.system import Rule, System, call_code
from bridgegui.engine.boards import board_dealer, board_vulnerability
from bridgegui.engine.cards import FULL_DECK_MASK, SEAT_NAMES, SEATS, seat_index
from bridgegui.engine.dealer import planner
from bridgegui.engine.dealer.constraints import DealRequest, SeatConstraint
from bridgegui.engine.dealer.exact import seat_count
from bridgegui.engine.dealer.rotation import rotate_deals, turned_vulnerability
from bridgegui.engine.dealer.specs import ALL_SHAPES, Range, pattern_shapes
from bridgegui.engine.dealing import deal_batch
from bridgegui.engine.errors import BridgeError, ImpossibleError

_SEPARATORS = re.compile(r"[\s,\-–—]+")


@dataclass(frozen=True)
class AuctionCondition:
    """Keeps the deals of a batch on which ``system`` bids ``prefix`` (a ``BatchCondition``).

    Vectorised by position: at call k every surviving deal has the same auction so far, so one
    ``System.choose`` on the surviving hands of the seat to call decides the whole batch, and the
    deals whose call differs from the prefix's drop out before the next position.
    """

    system: System
    prefix: Auction
    vulnerable: str | None = "None"
    """The board's vulnerability (PBN spelling) the system bids at."""
    known_seat: str | None = None
    """A seat whose hand is known and whose calls are taken as made, not asked of the system (see
    ``request_for_auction``)."""

    @property
    def text(self) -> str:
        return f"the {self.system.name} system bids {self.prefix.text() or 'nothing yet'}"

    def __call__(self, batch: np.ndarray) -> np.ndarray:
        deals = np.asarray(batch, dtype=np.uint64).reshape(-1, 4)
        keep = np.arange(deals.shape[0])
        auction = Auction(self.prefix.dealer)
        for call in self.prefix.calls:
            if keep.size == 0:
                break
            if auction.next_seat == self.known_seat:
                auction = auction + call
                continue
            codes, _ = self.system.choose(deals[keep, seat_index(auction.next_seat)], auction, self.vulnerable)
            keep = keep[codes == call_code(call)]
            auction = auction + call
        mask = np.zeros(deals.shape[0], dtype=bool)
        mask[keep] = True
        return mask


def _calls(prefix: Sequence[Call | str] | str) -> list[Call]:
    """The calls of a prefix given as text (``"1NT P 2C"``) or as calls; a malformed call raises ``AuctionError``."""
    if isinstance(prefix, str):
        tokens = [t.rstrip("!") for t in _SEPARATORS.split(prefix) if t]
        return [Call.parse(t) for t in tokens]
    return [c if isinstance(c, Call) else Call.parse(c) for c in prefix]


def _where(index: int, seat: str, call: Call) -> str:
    return f"call {index + 1} ({SEAT_NAMES[seat_index(seat)]}), {call.symbol()}"


def _contains(outer: Rule, inner: Rule) -> bool:
    """Whether every hand that fits ``inner``'s meaning fits ``outer``'s (``outer`` has no ``where``).

    Sound, not complete: the two meanings' intersection equals ``inner``'s only when ``inner`` asks
    at least everything ``outer`` asks, so a True is certain; a False may miss a containment.
    """
    if not _may_contain(outer.meaning, inner.meaning):
        return False
    try:
        return inner.meaning.intersect(outer.meaning) == inner.meaning
    except BridgeError:
        return False


_MEANING_DEFAULTS: tuple[tuple[str, object], ...] = tuple(
    (f.name, f.default) for f in dataclasses.fields(SeatConstraint)
)


def _may_contain(outer: SeatConstraint, inner: SeatConstraint) -> bool:
    """False when ``outer`` restricts something ``inner`` leaves free (a term, or one suit's term):
    the intersection then holds that term and differs from ``inner``, so ``_contains`` is False
    without intersecting and checking (which the first calls of a short ``--auction`` spent most of
    their time on)."""
    for name, default in _MEANING_DEFAULTS:
        a, b = getattr(outer, name), getattr(inner, name)
        if a in (b, default):
            continue
        if b == default:
            return False
        if (
            isinstance(default, tuple)
            and name not in ("shapes", "exclude_shapes")
            and any(x != d and y == d for x, y, d in zip(a, b, default, strict=True))
        ):
            return False
    return True


def rules_making(
    system: System, auction: Auction, call: Call, vulnerable: str | None = "None"
) -> tuple[tuple[Rule, ...], bool]:
    """The reachable rules that make ``call`` after ``auction``, and whether the no-fit Pass can make it.

    Candidates with an illegal call are skipped as the system skips them.  A rule is never reached
    after one that fits every hand (``any`` and no ``where``), and then no hand is left for the
    no-fit Pass either; nor is a rule whose meaning an earlier rule without ``where`` contains
    (every hand that fits it is taken first).
    """
    makers: list[Rule] = []
    earlier: list[Rule] = []
    for rule in system.rules_for(auction, vulnerable):
        if not auction.is_legal(rule.call):
            continue
        if rule.call == call and not any(_contains(e, rule) for e in earlier):
            makers.append(rule)
        if rule.always_fits:
            return tuple(makers), False
        if rule.where is None:
            earlier.append(rule)
    return tuple(makers), call == PASS


def _implied_meaning(makers: Sequence[Rule]) -> SeatConstraint | None:
    """What a hand that makes the call must satisfy, when some rule's meaning must have fitted: the
    one rule's meaning, or the loosest constraint holding every rule's (``_hull``); None when a rule
    fits every hand, or the hull holds more than ``HULL_WORTH`` of all hands (the random hands of
    ``_quick_reach_hands`` say)."""
    if not makers or any(rule.always_fits for rule in makers):
        return None
    if len(makers) == 1:
        return makers[0].meaning
    hull = _hull([rule.meaning for rule in makers])
    if hull.is_empty:
        return None
    hands, _ = _quick_reach_hands()
    if np.count_nonzero(hull.mask(hands)) > HULL_WORTH * hands.shape[0]:
        return None
    return hull


HULL_WORTH = 0.5
"""The share of all hands above which a hull is not given to the dealer: drawing from it saves less
than half the plain deals, and its exact tables cost a short set more than that."""


def _range_hull(ranges: Sequence[Range | None]) -> Range | None:
    """The least range holding every one of ``ranges`` (None, "any", when one of them is open)."""
    if any(r is None for r in ranges):
        return None
    los = [r.lo for r in ranges if r is not None]
    his = [r.hi for r in ranges if r is not None]
    lo = None if any(v is None for v in los) else min(v for v in los if v is not None)
    hi = None if any(v is None for v in his) else max(v for v in his if v is not None)
    return None if lo is None and hi is None else Range(lo, hi)


def _shape_tokens(shapes: frozenset[tuple[int, int, int, int]]) -> tuple[str, ...] | None:
    """At most ``MAX_HULL_PATTERNS`` any-order patterns allowing exactly ``shapes`` (``5332``,
    ``4441``), or None when the set is not closed under reordering the suits or needs more."""
    patterns = {tuple(sorted(shape, reverse=True)) for shape in shapes}
    if len(patterns) > MAX_HULL_PATTERNS or any(max(p) > 9 for p in patterns):
        return None
    tokens = tuple("".join(map(str, p)) for p in sorted(patterns, reverse=True))
    return tokens if all(pattern_shapes(t) <= shapes for t in tokens) else None


MAX_HULL_PATTERNS = 12
"""A hull's shapes are written as patterns only up to this many (a shape term is read, and checked,
pattern by pattern); otherwise each suit's length range stands for them."""


def _hull(meanings: Sequence[SeatConstraint]) -> SeatConstraint:
    """The loosest constraint that every hand fitting one of ``meanings`` fits: each measure's range
    widened to hold them all (dropped when one leaves it free), the shapes any of them allows, the
    predealt cards all of them hold, the rule of 20 and a stopper when all ask for it.  The shapes are
    patterns when a few say them exactly, else each suit's range of lengths over them (looser, as
    a hull may be).

    When several rules make a call, a hand that makes it fits one of their meanings, so it fits the
    hull: dealing from the hull and keeping the deals the system bids the prefix on (the request's
    condition) is still exact, and draws the caller's hand from far fewer than all hands.
    """
    shapes: tuple[str, ...] = ()
    lengths: list[Range | None] = [None] * 4
    if all(m.restricts_shape for m in meanings):
        allowed = frozenset().union(*(m.allowed_shapes for m in meanings))
        if allowed != ALL_SHAPES:
            patterns = _shape_tokens(allowed)
            if patterns is not None:
                shapes = patterns
            else:
                lows = [min(shape[suit] for shape in allowed) for suit in range(4)]
                for suit in range(4):
                    hi = max(shape[suit] for shape in allowed)
                    implied = 13 - (sum(lows) - lows[suit])  # the other suits' least lengths leave no more
                    if lows[suit] > 0 or hi < implied:
                        lengths[suit] = Range(lows[suit] or None, hi if hi < implied else None)
    cards = meanings[0].cards
    for m in meanings[1:]:
        cards &= m.cards

    def suits(name: str) -> tuple[Range | None, Range | None, Range | None, Range | None]:
        a, b, c, d = (_range_hull([getattr(m, name)[suit] for m in meanings]) for suit in range(4))
        return (a, b, c, d)

    return SeatConstraint(
        hcp=_range_hull([m.hcp for m in meanings]),
        lengths=(lengths[0], lengths[1], lengths[2], lengths[3]),
        shapes=shapes,
        cards=cards,
        quick_tricks=_range_hull([m.quick_tricks for m in meanings]),
        losers=_range_hull([m.losers for m in meanings]),
        playing_tricks=_range_hull([m.playing_tricks for m in meanings]),
        controls=_range_hull([m.controls for m in meanings]),
        points=_range_hull([m.points for m in meanings]),
        support=suits("support"),
        rule20=all(m.rule20 for m in meanings),
        quality=suits("quality"),
        stoppers=(
            all(m.stoppers[0] for m in meanings),
            all(m.stoppers[1] for m in meanings),
            all(m.stoppers[2] for m in meanings),
            all(m.stoppers[3] for m in meanings),
        ),
    )


@functools.lru_cache(maxsize=4096)
def _count(constraint: SeatConstraint) -> int:
    """How many hands fit ``constraint`` (exact, from the per-suit tables); the same meanings come
    back for every board of a set and every alternative of a call, and the boards' requests then
    plan the same seats (``seat_count`` keeps the sampler as their plan)."""
    return seat_count(constraint, FULL_DECK_MASK)


def shadowing_rule(
    system: System, auction: Auction, call: Call, vulnerable: str | None = "None"
) -> tuple[Rule, Rule] | None:
    """``(rule, taker)``: a rule for ``call`` here and the earlier rule that takes every hand it
    means, when the only rules for the call are unreachable that way (None otherwise)."""
    earlier: list[Rule] = []
    for rule in system.rules_for(auction, vulnerable):
        if not auction.is_legal(rule.call):
            continue
        if rule.call == call:
            for e in earlier:
                if _contains(e, rule):
                    return rule, e
        if rule.where is None:
            earlier.append(rule)
    return None


def rule_place(system: System, rule: Rule) -> str:
    """``"sayc.system:120"``: where a rule stands, for messages."""
    return f"{rule.source or system.source}:{rule.line}"


QUICK_REACH_HANDS = 4096
"""Random hands tried first: a call most hands of its meaning reach is shown reachable by them."""

REACH_SAMPLES = 2000
"""Hands drawn from the meanings of a call's rules to see whether any reaches it: a call reached by as
few as 1 hand in 300 of its meaning is found with probability above 99.8 %."""


_QUICK_REACH: list[tuple[np.ndarray, Mapping[str, Any]]] = []


def _quick_reach_hands() -> tuple[np.ndarray, np.random.Generator]:
    """``QUICK_REACH_HANDS`` random hands, the same at every call (a fixed seed), and the generator
    as it stands after dealing them, for the draws that follow.  Dealt once a process: every call of
    a prefix tried the same hands, and dealing them again was a tenth of a short ``--auction`` run."""
    if not _QUICK_REACH:
        rng = np.random.default_rng(0x5EED)
        hands = deal_batch(QUICK_REACH_HANDS, rng=rng)[:, 0].copy()
        hands.flags.writeable = False
        _QUICK_REACH.append((hands, rng.bit_generator.state))
    hands, state = _QUICK_REACH[0]
    rng = np.random.default_rng()
    rng.bit_generator.state = state
    return hands, rng


def _refuse_unreached(
    system: System, auction: Auction, call: Call, makers: tuple[Rule, ...], vulnerable: str | None, where: str
) -> None:
    """Raise ``ImpossibleError`` when none of ``REACH_SAMPLES`` hands drawn from each of the call's
    rules' meanings is given that call here (earlier rules together take them all), naming the rule
    that took most of them: dealing for such an auction could only search in vain."""
    seat = seat_index(auction.next_seat)
    # Most calls are reached by plain random hands: try those first, which costs no per-suit tables
    # (building them for each rule was most of a short --auction run's time).
    plain, rng = _quick_reach_hands()
    for rule in makers:
        fitting = plain[rule.mask(plain, seat)]
        if fitting.size and np.any(system.choose(fitting, auction, vulnerable)[0] == call_code(call)):
            return
    from bridgegui.engine.bidding.checker import draw_meaning  # the checker's exact draws

    takers: dict[int, int] = {}
    for rule in makers:
        hands = draw_meaning(rule, REACH_SAMPLES, rng, seat)
        if hands.size == 0:
            continue
        codes, indices = system.choose(hands, auction, vulnerable)
        if np.any(codes == call_code(call)):
            return
        for index in indices[indices >= 0].tolist():
            takers[index] = takers.get(index, 0) + 1
    if not takers:
        return  # no hand fits the meanings at all: the per-seat checks below say so
    taker = system.rules[max(takers, key=lambda k: takers[k])]
    after = f"after {auction.symbols()}" if auction.calls else "as the first call"
    raise ImpossibleError(
        f"{where}: the {system.name} system practically never bids {call.symbol()} {after}: of {REACH_SAMPLES:,} hands "
        f"drawn from the meaning of its rule at {rule_place(system, makers[0])}, none is given it; the "
        f"{taker.call.symbol()} rule at {rule_place(system, taker)} takes most of them first",
        seat=auction.next_seat,
    )


def request_for_auction(
    system: System,
    prefix: Auction | Sequence[Call | str] | str,
    dealer: str | None = None,
    vulnerable: str | None = "None",
    known_seat: str | None = None,
) -> DealRequest:
    """The request whose boards are exactly those on which ``system`` bids ``prefix`` from ``dealer``.

    ``prefix`` is an ``Auction`` (its dealer is used when ``dealer`` is None), calls, or text such
    as ``"1NT P 2C P"``.  ``known_seat`` is a seat whose cards the caller will predeal (a student's
    own hand): its calls are taken as made, whatever the system would have called, and neither
    constrain nor filter the deals.  The system's choice for a known hand is the same on every deal,
    so asking it would keep all deals or none: a student's call the system would not make left
    nothing to deal, and the inference and simulation a student wants just then refused to run.
    Raises ``AuctionError`` for text that is not a call, and
    ``ImpossibleError`` (carrying the seat) for a prefix the system never bids: an illegal call, a
    call no reachable rule makes at its position, or calls of one seat (or of the four seats
    together) that no deal satisfies.  See the module docstring for why the result is exact.
    """
    if isinstance(prefix, Auction):
        calls = list(prefix.calls)
        dealer = prefix.dealer if dealer is None else dealer
    else:
        calls = _calls(prefix)
    if dealer is None:
        raise BridgeError("request_for_auction needs the dealer's seat for an auction given as calls")
    auction = Auction(dealer)
    seats: list[SeatConstraint] = [SeatConstraint()] * 4
    for index, call in enumerate(calls):
        seat = auction.next_seat
        where = _where(index, seat, call)
        try:
            following = auction + call
        except AuctionError as exc:
            raise ImpossibleError(f"{exc}; the system never bids it", seat=seat) from None
        if seat == known_seat:
            auction = following
            continue
        makers, no_fit_pass = rules_making(system, auction, call, vulnerable)
        if not makers and not no_fit_pass:
            after = f"after {auction.symbols()}" if auction.calls else "as the first call"
            shadow = shadowing_rule(system, auction, call, vulnerable)
            if shadow is not None:
                rule, taker = shadow
                raise ImpossibleError(
                    f"{where}: no hand reaches the {system.name} system's {call.symbol()} {after}: its rule at "
                    f"{rule_place(system, rule)} is taken first by the {taker.call.symbol()} rule at "
                    f"{rule_place(system, taker)}, whose meaning holds every hand it means",
                    seat=seat,
                )
            raise ImpossibleError(f"{where}: no rule of the {system.name} system makes this call {after}", seat=seat)
        if makers and not no_fit_pass:
            _refuse_unreached(system, auction, call, makers, vulnerable, where)
        meaning = _implied_meaning(makers) if not no_fit_pass else None
        if meaning is not None:
            s = seat_index(seat)
            try:
                combined = seats[s].intersect(meaning)
            except BridgeError as exc:
                raise ImpossibleError(
                    f"{where}: {SEAT_NAMES[s]}'s calls so far fit no hand together ({exc})", seat=seat
                ) from None
            if not combined.is_empty and _count(combined) == 0:
                raise ImpossibleError(
                    f"{where}: no hand fits {SEAT_NAMES[s]}'s calls so far ({combined.describe()})", seat=seat
                )
            seats[s] = combined
            problems = DealRequest(tuple(seats)).problems()  # type: ignore[arg-type]
            if problems:
                raise ImpossibleError(f"{where}: the four hands cannot fit together ({problems[0].text()})", seat=seat)
        auction = following
    condition = AuctionCondition(system, auction, vulnerable, known_seat)
    return DealRequest(tuple(seats), condition=condition)  # type: ignore[arg-type]


SCENARIO_DEALER = "N"
"""The seat a board set for an auction is dealt for, before each deal is turned to its board's dealer."""


@dataclass(frozen=True)
class AuctionBoardGroup:
    """Boards of a set dealt from one request and one seeded stream.

    ``positions`` are the boards' places in the set (0 for its first board); ``turns`` how far each
    deal is turned round the table so that its board's dealer makes the first call.
    """

    request: DealRequest
    seed: int
    positions: tuple[int, ...]
    turns: tuple[int, ...]


@dataclass(frozen=True)
class AuctionBoards:
    """How a set of boards for an auction is dealt: ``plan_boards_for_auction`` decides, ``deal_boards_for_auction`` deals.

    The set's boards are numbered from ``first_board``; ``dealers`` and ``vulnerabilities`` are each
    board's (Law 2 unless fixed).  ``request`` is the first board's, for a file's header.
    """

    first_board: int
    dealers: tuple[str, ...]
    vulnerabilities: tuple[str, ...]
    groups: tuple[AuctionBoardGroup, ...]

    @property
    def count(self) -> int:
        return len(self.dealers)

    @property
    def request(self) -> DealRequest:
        return next(g.request for g in self.groups if 0 in g.positions)


def _group_seed(seed: int, index: int) -> int:
    """The first group deals from the set's seed itself; each other from a seed derived from it."""
    if index == 0:
        return seed
    state = np.random.SeedSequence([seed, index]).generate_state(4, dtype=np.uint32)
    return int.from_bytes(state.tobytes(), "little")


def _combined(request: DealRequest, extra: DealRequest) -> DealRequest:
    """The auction's request and seat specs given with it: both must hold."""
    seats = tuple(a.intersect(b) for a, b in zip(request.seats, extra.seats, strict=True))
    return DealRequest(seats, extra.ns, extra.ew, condition=request.condition)  # type: ignore[arg-type]


def plan_boards_for_auction(
    system: System,
    prefix: Sequence[Call | str] | str,
    *,
    first_board: int = 1,
    count: int = 16,
    seed: int = 1,
    dealer: str | None = None,
    vulnerable: str | None = None,
    extra: DealRequest | None = None,
) -> AuctionBoards:
    """Plan ``count`` boards numbered from ``first_board`` on which ``system`` bids ``prefix`` from each board's dealer.

    Each board's dealer and vulnerability follow its number (Laws of Duplicate Bridge, Law 2) unless
    ``dealer`` or ``vulnerable`` fixes them, and the system bids the prefix *at that vulnerability*:
    a preempt or a weak two that depends on it is dealt only where the board allows it.

    Without seat specs (``extra``) every board is dealt for a dealer at North and turned to its own
    dealer (a bijection on deals, so each board keeps exactly its distribution); turning by an odd
    number of seats swaps the partnerships, so the vulnerability North's side sees is the board's
    turned back.  Boards whose turned vulnerabilities the system provably bids alike (``_bid_alike``)
    share one request and one stream (usually the whole set); the others get a request at their own
    vulnerability and a stream with a seed derived from the set's.  Seat specs
    belong to real seats, so with them each dealer's boards are dealt for that dealer, unturned.

    Raises ``ImpossibleError`` (naming the call) before anything is dealt when the system never bids
    the prefix at some board's vulnerability.
    """
    calls = _calls(prefix)
    numbers = range(first_board, first_board + count)
    dealers = tuple(dealer or board_dealer(n) for n in numbers)
    vulnerabilities = tuple(vulnerable or board_vulnerability(n) for n in numbers)
    specs = extra if extra is not None and not extra.is_empty else None
    # Boards of one frame dealer whose vulnerabilities the system bids alike get the very same request
    # (requests_by_vulnerability), and one group each.
    requests_at: dict[str, Callable[[str], DealRequest]] = {}
    keyed: dict[int, tuple[DealRequest, list[int], list[int]]] = {}
    for position, (seat, vul) in enumerate(zip(dealers, vulnerabilities, strict=True)):
        turn = 0 if specs is not None else (SEATS.index(seat) - SEATS.index(SCENARIO_DEALER)) % 4
        frame_dealer = seat if specs is not None else SCENARIO_DEALER
        if frame_dealer not in requests_at:
            requests_at[frame_dealer] = requests_by_vulnerability(system, calls, frame_dealer)
        request = requests_at[frame_dealer](turned_vulnerability(vul, turn) or "None")
        group = keyed.setdefault(id(request), (request, [], []))
        group[1].append(position)
        group[2].append(turn)
    groups = []
    for index, (request, positions, turns) in enumerate(keyed.values()):
        if specs is not None:
            request = _combined(request, specs)
        groups.append(AuctionBoardGroup(request, _group_seed(seed, index), tuple(positions), tuple(turns)))
    return AuctionBoards(first_board, dealers, vulnerabilities, tuple(groups))


def _bid_alike(system: System, dealer: str, calls: Sequence[Call], first: str, second: str) -> bool:
    """Whether the system bids ``calls`` from ``dealer`` on exactly the same deals at vulnerabilities
    ``first`` and ``second`` (PBN spelling), so that one request deals boards of both.

    The candidate lists at the two vulnerabilities are subsequences of one ordered rule list, so a hand
    that fits none of the rules in only one of them meets the same first fitting rule at both.  If every
    such rule's meaning is disjoint from the meaning of every rule making the prefix's call there, no
    hand that makes the call at one vulnerability can make another at the other.  Otherwise (or when the
    call is a Pass, which a hand fitting nothing also makes) the two are dealt apart: a safe answer.
    """
    auction = Auction(dealer)
    for call in calls:
        at_first = system.rules_for(auction, first)
        at_second = system.rules_for(auction, second)
        only_one = [r for r in at_first if r not in at_second] + [r for r in at_second if r not in at_first]
        if only_one:
            if call == PASS:
                return False
            makers = [r for r in (*at_first, *at_second) if r.call == call]
            for rule in only_one:
                for maker in makers:
                    try:
                        if _count(rule.meaning.intersect(maker.meaning)):
                            return False
                    except BridgeError:
                        continue  # contradictory: no hand fits both
        try:
            auction = auction + call
        except AuctionError:
            return True  # an illegal prefix is refused by request_for_auction, whatever the vulnerability
    return True


def requests_by_vulnerability(
    system: System, prefix: Sequence[Call | str] | str, dealer: str = SCENARIO_DEALER
) -> Callable[[str], DealRequest]:
    """For a practice set that mixes an auction with other scenarios (``engine.dealer.mixing``): the
    request for ``prefix`` from ``dealer`` at a board's vulnerability (PBN spelling, as the dealer's
    side sees it), made once per vulnerability and the very same object for vulnerabilities the
    system provably bids alike (``_bid_alike``), so the set deals those boards from one stream."""
    calls = _calls(prefix)
    made: dict[str, DealRequest] = {}

    def request_at(vulnerable: str) -> DealRequest:
        if vulnerable not in made:
            alike = next((v for v in made if _bid_alike(system, dealer, calls, v, vulnerable)), None)
            made[vulnerable] = made[alike] if alike else request_for_auction(system, calls, dealer, vulnerable)
        return made[vulnerable]

    return request_at


def deal_boards_for_auction(
    plan: AuctionBoards,
    *,
    only_last: bool = False,
    max_tries: int | None = None,
    cancel: threading.Event | None = None,
    tried: list[int] | None = None,
) -> np.ndarray:
    """The planned boards' deals, ``(count, 4)`` in board order, each turned to its board's dealer.

    ``only_last`` deals just the set's last board, exactly as dealing the whole set would (its
    group's stream up to it): the window's Deal of board ``b`` from a fixed seed is board ``b`` of
    the set.  Fewer rows come back only when ``cancel`` is set.  ``tried`` (a list) gets the deals
    each group's stream tried, for a status line that tells the truth about the search.
    """
    wanted = plan.count - 1 if only_last else None
    out = np.zeros((plan.count, 4), dtype=np.uint64)
    for group in plan.groups:
        if wanted is not None and wanted not in group.positions:
            continue
        take = group.positions.index(wanted) + 1 if wanted is not None else len(group.positions)
        steps = list(planner.deal_stream(group.request, take, seed=group.seed, max_tries=max_tries, cancel=cancel))
        parts = [step.deals for step in steps]
        rows = np.concatenate(parts) if parts else np.zeros((0, 4), dtype=np.uint64)
        if tried is not None and steps:
            tried.append(steps[-1].tried)
        if rows.shape[0] < take:
            return np.zeros((0, 4), dtype=np.uint64)  # cancelled
        out[list(group.positions[:take])] = rotate_deals(rows, np.asarray(group.turns[:take]))
    return out[-1:] if only_last else out


def time_boards_for_auction(
    system: System,
    prefix: Auction | Sequence[Call | str] | str,
    dealer: str | None = None,
    count: int = 16,
    seed: int = 1,
) -> float:
    """Seconds to deal ``count`` boards for ``prefix``, setup included (for the benchmark script,
    ``bridgegui.devtools.bench``: the goal is 16 boards in under a second, so a student never waits for a board)."""
    start = time.perf_counter()
    planner.deal(request_for_auction(system, prefix, dealer), count, seed=seed)
    return time.perf_counter() - start


@dataclass(frozen=True)
class AuctionSetHeader:
    """What dealt a set for an auction, as its file's header records it and both front ends read it back.

    ``auction 1NT P 2C P; system sayc; dealer S``: the calls (from the dealer), the system as
    ``load_system`` takes it (a shipped name or a file's path), the seat that dealt every board when
    one did, and any constraints given with the auction (``with North: hcp 8+``, last: they may hold
    "; " themselves).  A teacher reopening the lesson next week deals for the same auction again.
    """

    calls: str
    system: str
    dealer: str | None = None
    extra: str = ""

    def text(self) -> str:
        parts = [f"auction {self.calls}", f"system {self.system}"]
        if self.dealer:
            parts.append(f"dealer {self.dealer}")
        if self.extra:
            parts.append(f"with {self.extra}")
        return "; ".join(parts)

    @classmethod
    def parse(cls, text: str) -> AuctionSetHeader | None:
        """The header of ``text()``; None for anything else (the older ``auction 1NT – 2♣ (Standard)``,
        which named the system by its title only)."""
        stripped = text.strip()
        if not stripped.lower().startswith("auction "):
            return None
        parts = stripped[len("auction ") :].split("; ")
        calls, system, dealer, extra = parts[0].strip(), "", None, ""
        for k, part in enumerate(parts[1:], start=1):
            key, _, value = part.partition(" ")
            if key == "system":
                system = value.strip()
            elif key == "dealer" and value.strip().upper() in SEATS:
                dealer = value.strip().upper()
            elif key == "with":
                extra = "; ".join([value, *parts[k + 1 :]]).strip()
                break
            else:
                return None
        try:
            Auction.parse(dealer or SCENARIO_DEALER, calls)
        except AuctionError:
            return None
        return cls(calls, system, dealer, extra) if calls and system else None


__all__ = [
    "SCENARIO_DEALER",
    "AuctionBoardGroup",
    "AuctionBoards",
    "AuctionCondition",
    "AuctionSetHeader",
    "deal_boards_for_auction",
    "plan_boards_for_auction",
    "request_for_auction",
    "requests_by_vulnerability",
    "rule_place",
    "rules_making",
    "shadowing_rule",
    "time_boards_for_auction",
]
