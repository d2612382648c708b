"""The system checker: every rule reachable, every note true to its meaning, and how much is covered.

A system's rules are tried in order, so a rule can be dead: an earlier rule (or several together)
takes every hand it means.  The checker finds such rules in two ways:

* **Proof** where the meanings allow it: an earlier rule without ``where`` whose meaning holds the
  rule's meaning (the exact per-suit counts of the two meanings and their intersection agree: every
  hand of the one is a hand of the other).
* **Sampling** otherwise: hands are drawn exactly from the rule's meaning (the constrained dealer's
  per-seat sampler, so rare meanings such as an eight-card suit cost no more than common ones), its
  ``where`` applied, and the system asked to choose for them in a position the rule's block answers.
  A rule that none of ``samples`` such hands reaches, in any seat or vulnerability it allows, is
  reported with the rule that took most of them; a rule reached by as few as 1 hand in 500 is missed
  by 2,000 draws with probability under 2 %.

Coverage is measured as a teacher meets it: random boards (dealer and vulnerability by Law 2), bid
by the system to the end, and the share of calls that came from a catch-all rule, per auction.
Results are typed records; the command line phrases them.
"""

from __future__ import annotations

import itertools
import re
import threading
from collections import Counter, OrderedDict
from collections.abc import Callable, Iterator
from dataclasses import dataclass

import numpy as np

from bridgegui.engine.bidding.calls import PASS, Auction, Call
from bridgegui.engine.bidding.checker_contexts import (
    OBSERVED_BOARDS,
    RandomBidding,
    contexts,
    observed_bidding,
    observed_by_block,
    random_bidding,
)
from bridgegui.engine.bidding.system import (
    NO_RULE,
    Block,
    Rule,
    System,
)
from bridgegui.engine.cards import FULL_DECK_MASK, seat_index
from bridgegui.engine.dealer.constraints import SeatConstraint
from bridgegui.engine.dealer.exact import SeatPlan, SeatSampler, plan_seat
from bridgegui.engine.dealing import deal_batch
from bridgegui.engine.errors import BridgeError
from bridgegui.engine.evaluation import MeasuredHands, hcp

DEFAULT_SAMPLES = 2000

PROGRESS_EVERY = 1000
"""Rules between two calls of ``check_system``'s ``progress``."""


@dataclass(frozen=True)
class RuleProblem:
    """One thing wrong with a rule. ``kind``: ``"unreachable"`` (earlier rules take every hand it
    means; ``taker`` the one that took most, ``proved`` when exact), ``"contradictory"`` (no hand
    fits its meaning and ``where`` together, or no seat can make it), or ``"note"`` (its teaching
    note gives a range, ``detail``, that its meaning does not have)."""

    kind: str
    rule: Rule
    taker: Rule | None = None
    proved: bool = False
    detail: str = ""
    drawn: int = 0


@dataclass(frozen=True)
class ContextCoverage:
    """Calls made after one auction on the sampled boards, and how many came from catch-all rules."""

    auction: str
    calls: int
    catch_all: int


@dataclass(frozen=True)
class Coverage:
    """Catch-all calls on random boards bid by the system (dealer and vulnerability by Law 2)."""

    boards: int
    calls: int
    catch_all: int
    strong_passes: int
    """Hands of 20+ HCP whose first call was Pass."""
    contexts: tuple[ContextCoverage, ...]
    """Auctions with catch-all calls, most first."""

    @property
    def share(self) -> float:
        return self.catch_all / self.calls if self.calls else 0.0


@dataclass(frozen=True)
class CheckReport:
    """What the check found.  ``replaced``: rules of an included file that a rule of the checked file
    itself takes every hand from (an ``"unreachable"`` record whose ``taker`` is in the checked file).
    A teacher who includes ``sayc`` and writes a 1NT of his own means to replace the booklet's: that
    is the point of writing it, so these are listed apart and are not problems."""

    system: System
    problems: tuple[RuleProblem, ...]
    coverage: Coverage | None
    rules_checked: int
    replaced: tuple[RuleProblem, ...] = ()

    @property
    def has_errors(self) -> bool:
        return any(p.kind in ("unreachable", "contradictory") for p in self.problems)


# --- drawing hands from a meaning -------------------------------------------------------------------


def draw_meaning(rule: Rule, count: int, rng: np.random.Generator, seat: int) -> np.ndarray:
    """Up to ``count`` hands drawn uniformly from the hands that fit the rule's meaning and ``where``.

    The meaning is drawn exactly when the per-seat sampler enforces all of it; otherwise draws from
    its superset are filtered.  Hands failing the ``where`` are dropped, so fewer may come back (none:
    the meaning and the ``where`` contradict each other, as far as ``count`` draws can tell).
    """
    if rule.has_meaning:
        plan = _plan(rule.meaning)
        if plan.count == 0:
            return np.zeros(0, dtype=np.uint64)
        hands = plan.sampler.draw(rng, count)
        if not plan.complete:
            hands = hands[rule.meaning.mask(hands)]
    else:
        hands = deal_batch(count, rng=rng)[:, 0]
    if rule.where is not None and hands.size:
        hands = hands[rule.mask(hands, seat)]
    return hands


_PLANS: dict[SeatConstraint, SeatPlan] = {}
_COUNTS: dict[SeatConstraint, int] = {}
_CACHE_LIMIT = 4096
"""Meanings recur (a system repeats many, and every context of a rule draws from the same one), and
counting one builds its per-suit tables: a few milliseconds each, kept for the process."""


def _plan(constraint: SeatConstraint) -> SeatPlan:
    plan = _PLANS.get(constraint)
    if plan is None:
        if len(_PLANS) >= _CACHE_LIMIT:
            _PLANS.clear()
        plan = _PLANS[constraint] = plan_seat(constraint, FULL_DECK_MASK)
        _COUNTS[constraint] = plan.count
    return plan


def _count(constraint: SeatConstraint) -> int:
    count = _COUNTS.get(constraint)
    if count is None:
        if len(_COUNTS) >= _CACHE_LIMIT:
            _COUNTS.clear()
        count = _COUNTS[constraint] = SeatSampler(constraint, FULL_DECK_MASK).count
    return count


def _holds(outer: Rule, inner: Rule) -> bool:
    """Proof that every hand of ``inner``'s meaning fits ``outer`` (no ``where`` on ``outer``)."""
    if outer.where is not None or outer is inner:
        return False
    if not outer.has_meaning:
        return True
    try:
        both = inner.meaning.intersect(outer.meaning)
    except BridgeError:
        return False
    if both == inner.meaning:
        return True
    if inner.meaning.rule20 or outer.meaning.rule20:
        return False
    try:
        return _count(both) == _count(inner.meaning) > 0
    except (BridgeError, MemoryError):
        return False


# --- the positions a block answers ------------------------------------------------------------------


UNCONSTRAINED_FACTOR = 10
"""How many times more hands are drawn for a rule with no meaning and no ``where``."""

# --- the checks -------------------------------------------------------------------------------------


_NOTE_RANGE = re.compile(
    r"(?<![\d-])(\d{1,2})\s*(?:[-–]\s*(\d{1,2})|(\+))\s*(?:high[- ]card\s+points?|HCP|total\s+points?|points?|pts)\b",
    re.IGNORECASE,
)
_BARE_NOTE_RANGE = re.compile(
    r"(?<![\w–-])(?<!opposite )(?<!of )(?<!'s )(?<!’s )(\d{1,2})\s*[-–]\s*(\d{1,2})\s+(?:balanced|semi-?balanced|unbalanced)\b",
    re.IGNORECASE,
)
"""A range a note gives with no unit but a hand type ("20-22 balanced"): the hand's own points, as a
teacher writes them.  Not after "opposite", "of" or a possessive, where the range is partner's ("opposite 15-17",
"opener's 12-14 balanced")."""
_MEANING_RANGES = re.compile(r"(?:hcp|points|support\s+\w+)\s+(\d+)(?:-(\d+)|(\+)|(-))?", re.IGNORECASE)


def note_disagreements(rule: Rule) -> list[str]:
    """Ranges of points the rule's teaching note gives that its meaning does not (``"15-18 HCP"``)."""
    explained = rule.explained
    if explained is None or explained.written or not explained.note:
        return []
    meaning_ranges: set[tuple[int, int | None]] = set()
    numbers: set[int] = set()
    for m in _MEANING_RANGES.finditer(rule.meaning_text):
        lo = int(m.group(1))
        hi = int(m.group(2)) if m.group(2) else (None if m.group(3) else (lo if not m.group(4) else None))
        meaning_ranges.add((lo, hi))
        numbers.update({lo} if hi is None else {lo, hi})
    if not meaning_ranges:
        return []
    found = []
    for m in _NOTE_RANGE.finditer(explained.note):
        lo = int(m.group(1))
        hi = int(m.group(2)) if m.group(2) else None
        if (lo, hi) not in meaning_ranges and not (hi is None and lo in numbers):
            found.append(m.group(0))
    for m in _BARE_NOTE_RANGE.finditer(explained.note):
        lo, hi = int(m.group(1)), int(m.group(2))
        if (lo, hi) not in meaning_ranges:
            found.append(f"{lo}-{hi}")
    return found


def reach(
    system: System,
    block: Block,
    rule: Rule,
    *,
    samples: int,
    rng: np.random.Generator,
    observed: tuple[Auction, ...] = (),
    places: list[tuple[Auction, str]] | None = None,
) -> tuple[int, int, Counter[int]]:
    """``(fitting, reached, takers)``: hands drawn from the rule's meaning and ``where``, how many the
    system gives to this rule in some context, and which rules took the others (by index).

    Each context gets ``samples`` fresh hands, so the odds of missing a rare but real way in are
    those of ``samples`` draws.  A rule with no meaning of its own ("otherwise bid 2♣") gives the
    draws no help: the hands it gets are what every rule above leaves, often a rare shape.  When its
    draws reach nothing, it is drawn again, ten times as many.  ``places``: the rule's contexts, when
    the caller has listed them already."""
    if places is None:
        places = list(contexts(block, rule, observed=observed, system=system))
    rounds = (samples, samples * UNCONSTRAINED_FACTOR) if rule.always_fits else (samples,)
    return _reach_rounds(system, rule, places, rounds, rng, shared=False)


FIRST_ROUND = 250
"""Hands the checker's first, cheap round draws for each rule (once, tried in every context): a rule
reached at all is usually reached by a few hundred hands, and only the rest pay for ``samples`` fresh
hands in each context."""


def _reach_rounds(
    system: System,
    rule: Rule,
    places: list[tuple[Auction, str]],
    rounds: tuple[int, ...],
    rng: np.random.Generator,
    *,
    shared: bool,
) -> tuple[int, int, Counter[int]]:
    """``reach`` over the given rounds of draws.  ``shared``: one draw a round serves every context
    (the meaning and ``where`` do not depend on the seat), instead of fresh hands in each.  (The first
    round draws from the pool when enough of it fits: ``_reached_from_pool``.)"""
    takers: Counter[int] = Counter()
    fitting = 0
    for count in rounds:
        drawn = _draw_for_reach(rule, count, rng) if shared else None
        for auction, vulnerable in places:
            hands = drawn if drawn is not None else _draw_for_reach(rule, count, rng)
            fitting = max(fitting, int(hands.size))
            if hands.size == 0:
                continue
            _, rule_indices = system.choose(hands, auction, vulnerable)
            reached = int(np.count_nonzero(rule_indices == rule.index))
            if reached:
                return fitting, reached, takers
            takers.update(int(i) for i in rule_indices[rule_indices != NO_RULE][:64].tolist())
    return fitting, 0, takers


POOL_DEALS = 2000
"""Random deals (four hands each) whose hands the first round takes its draws from, for every rule
whose meaning enough of them fit: filtering 8,000 hands costs far less than building the exact
sampler of a meaning, which only rare meanings need."""

POOL_ENOUGH = 50
"""Fewer fitting pool hands than this, none of which reaches the rule, and the first round draws exactly
from the meaning instead (a few that do reach it are proof enough)."""


class _PoolVerdicts:
    """Each rule's verdict on every hand of the first round's pool, worked out once and kept as bits
    (a thousand bytes a rule): the first round tries some 17,000 rules in two or three contexts each,
    and their candidates are mostly the same few thousand rules, whose masks a context used to work
    out again on every draw (most of the check's time).  A rule's meaning and ``where`` do not depend
    on the seat (``Rule.where_mask``), so one verdict a rule serves every context."""

    SWEEPS_KEPT = 64
    """Contexts whose sweep is kept: a block's rules are checked one after another, in its contexts."""

    def __init__(self, pool: np.ndarray, keep: int = FIRST_ROUND) -> None:
        self.pool = MeasuredHands(pool)
        self.keep = keep
        self._misses: dict[object, np.ndarray] = {}
        self._fitting: dict[object, np.ndarray] = {}
        self._sweeps: OrderedDict[tuple[object, ...], _Sweep] = OrderedDict()

    @staticmethod
    def _key(rule: Rule) -> object:
        # Rules share conditions: SAYC's 25,000 rules have some 3,500 meaning-and-where pairs (the
        # same "5+ spades, 6-10" answers in many blocks), and working a verdict out once per pair
        # rather than once per rule took the pool's masks from a sixth of the check to a sixteenth.
        return (rule.always_fits, rule.meaning, rule.where, rule.compile_where)

    def fitting(self, rule: Rule) -> np.ndarray:
        """The first ``keep`` of the pool's hands (places in the pool, in order) that fit the rule."""
        key = self._key(rule)
        found = self._fitting.get(key)
        if found is None:
            fits = rule.mask(self.pool, 0)
            self._misses[key] = np.packbits(~fits)
            found = self._fitting[key] = np.flatnonzero(fits)[: self.keep].astype(np.int32)
        return found

    def misses(self, rule: Rule) -> np.ndarray:
        """The pool's hands that do not fit the rule, as packed bits (``np.packbits``)."""
        found = self._misses.get(self._key(rule))
        if found is None:
            self.fitting(rule)
            found = self._misses[self._key(rule)]
        return found

    def bits(self, places: np.ndarray) -> np.ndarray:
        """The pool's hands at ``places`` as packed bits."""
        chosen = np.zeros(self.pool.hands.shape[0], dtype=bool)
        chosen[places] = True
        return np.packbits(chosen)

    def left(self, system: System, auction: Auction, vulnerable: str, rule: Rule) -> np.ndarray | None:
        """The pool's hands (packed bits) that every legal candidate above ``rule`` lets through in a
        context, as ``System.choose`` tries them; None when ``rule`` is not a legal candidate there.
        The rules of a block share their contexts, so a context's sweep is kept and extended as far
        as its rules ask, for all of them (each used to walk the candidates above it again)."""
        candidates = system.rules_for(auction, vulnerable)
        # Both vulnerabilities tried usually give the same candidates: one sweep serves both.
        key = (tuple(auction.calls), tuple(map(id, candidates)))
        sweep = self._sweeps.get(key)
        if sweep is None:
            sweep = self._sweeps[key] = _Sweep(auction, candidates)
            if len(self._sweeps) > self.SWEEPS_KEPT:
                self._sweeps.popitem(last=False)
        else:
            self._sweeps.move_to_end(key)
        return sweep.left(rule, self)


class _Sweep:
    """One context's legal candidates, in order, and the pool's hands left after each (``_PoolVerdicts.left``)."""

    def __init__(self, auction: Auction, candidates: tuple[Rule, ...]) -> None:
        legal: dict[Call, bool] = {}
        self.legal: list[Rule] = []
        self.rows: dict[int, int] = {}
        for candidate in candidates:
            call = candidate.call
            allowed = legal.get(call)
            if allowed is None:
                allowed = legal[call] = auction.is_legal(call)
            if allowed:
                self.rows.setdefault(id(candidate), len(self.legal))
                self.legal.append(candidate)
        self.lefts: list[np.ndarray] = []

    def left(self, rule: Rule, verdicts: _PoolVerdicts) -> np.ndarray | None:
        row = self.rows.get(id(rule))
        if row is None:
            return None
        lefts = self.lefts
        if not lefts:
            lefts.append(np.full(-(-verdicts.pool.hands.shape[0] // 8), 0xFF, dtype=np.uint8))
        while len(lefts) <= row:
            if not lefts[-1].any():
                return lefts[-1]  # the candidates above took every hand: none is left for the rest
            lefts.append(np.bitwise_and(lefts[-1], verdicts.misses(self.legal[len(lefts) - 1])))
        return lefts[row]


def _reached_from_pool(
    system: System, rule: Rule, places: Iterator[tuple[Auction, str]], verdicts: _PoolVerdicts, count: int
) -> bool | None:
    """The first round of ``_reach_rounds`` (``shared``, from the pool) with the pool's verdicts: the
    first ``count`` pool hands fitting the rule, judged context by context as ``System.choose`` judges
    them, up to the rule itself (whatever is left there fits it, so it is reached).  None when fewer
    than ``POOL_ENOUGH`` pool hands fit and none reaches it (the caller then draws exactly from the
    meaning).  ``places`` is read only as far as needed: most rules are reached in their first context."""
    # The hands of a uniform pool that fit a meaning are uniform on that meaning, and the first round
    # only asks whether some of them reach the rule.
    drawn = verdicts.fitting(rule)[:count]
    if drawn.size == 0:
        return None
    drawn_bits = verdicts.bits(drawn)
    for auction, vulnerable in places:
        left = verdicts.left(system, auction, vulnerable, rule)
        if left is not None and np.bitwise_and(drawn_bits, left).any():
            return True
    # A few pool hands that reach it prove a rare meaning's rule reachable as well as an exact draw
    # would (a fifth of the check went on exact draws); a few that do not prove nothing.
    return False if drawn.size >= POOL_ENOUGH else None


def _draw_for_reach(rule: Rule, count: int, rng: np.random.Generator) -> np.ndarray:
    """``draw_meaning`` for the checker.  A rule with no meaning takes its hands from all four seats of
    random deals, a quarter of the dealing."""
    if rule.has_meaning:
        return draw_meaning(rule, count, rng, 0)
    hands = deal_batch(-(-count // 4), rng=rng).reshape(-1)[:count]
    return hands[rule.mask(hands, 0)] if rule.where is not None else hands


def proved_taker(system: System, block: Block, rule: Rule) -> Rule | None:
    """An earlier candidate that provably takes every hand of ``rule`` in every context (same
    block, no ``where``, applies wherever ``rule`` does, always legal when ``rule``'s call is)."""
    for earlier in block.rules:
        if earlier is rule:
            return None
        if earlier.seats is not None and (rule.seats is None or not rule.seats <= earlier.seats):
            continue
        if earlier.vulnerabilities is not None and (
            rule.vulnerabilities is None or not rule.vulnerabilities <= earlier.vulnerabilities
        ):
            continue
        # A bid above a legal bid is legal too; a lower bid, or a bid where this rule passes or doubles,
        # may be insufficient where this rule's call is legal (unless every auction of the block ends
        # below it), and then it takes no hands there.
        if earlier.call.is_bid and not (rule.call.is_bid and earlier.call.rank > rule.call.rank):
            last = block.pattern.fixed_last_bid
            if last is None or earlier.call.rank <= last:
                continue
        if earlier.call.is_double or earlier.call.is_redouble:
            continue
        if _holds(earlier, rule):
            return earlier
    return None


def check_system(
    system: System,
    *,
    samples: int = DEFAULT_SAMPLES,
    seed: int = 1,
    coverage_boards: int = 0,
    cancel: threading.Event | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> CheckReport:
    """Every rule's reachability and note, and (``coverage_boards`` > 0) the catch-all coverage.

    ``cancel`` (set from another thread) stops the check before the next rule: the window checks a
    chosen file in a worker and lets the user give up; the report then covers the rules checked.
    ``progress(done, total)`` is called as the rules are gone through (every ``PROGRESS_EVERY`` rules,
    and once at the end), with the rules looked at so far (catch-alls included) and the system's
    rules: a check of a large system takes many seconds, and a caller shows that it is moving."""
    rng = np.random.default_rng(seed)
    problems: list[RuleProblem] = []
    checked = 0
    # One bidding of random boards serves the coverage figures and the reachability check (they used
    # to bid the same deals twice); the check wants at least OBSERVED_BOARDS of them.
    coverage_bidding = random_bidding(system, coverage_boards, seed=seed) if coverage_boards else None
    if coverage_bidding is not None and coverage_boards >= OBSERVED_BOARDS:
        observed_from = coverage_bidding
    else:
        observed_from = random_bidding(system, OBSERVED_BOARDS, seed=seed)
    observed, used = observed_bidding(observed_from)
    by_block = observed_by_block(system, observed)
    # Pass 1: what random boards or a first cheap round of draws reach.  A line with suit variables
    # stands for several rules and is reported only when all of them are dead (``_by_line``), so a
    # rule whose line is already live needs no more draws: that skips most of pass 2, and in pass 1
    # more than half the rules (SAYC's check went from 13 s to 5 s).
    live_lines: set[tuple[str, int]] = set()
    pool = deal_batch(POOL_DEALS, rng=rng).reshape(-1)
    verdicts = _PoolVerdicts(pool)
    pending: list[tuple[Block, Rule, tuple[Auction, ...]]] = []
    total = len(system.rules)
    looked_at = reported = 0
    for b, block in enumerate(system.blocks):
        if progress is not None and looked_at - reported >= PROGRESS_EVERY:
            progress(looked_at, total)
            reported = looked_at
        looked_at += len(block.rules)
        observed = tuple(by_block.get(b, ()))
        for rule in block.rules:
            if cancel is not None and cancel.is_set():
                return _report(system, problems, None, checked)
            if rule.catch_all:
                continue  # a catch-all nothing reaches only means the rules above it cover every hand
            checked += 1
            for detail in note_disagreements(rule):
                problems.append(RuleProblem("note", rule, detail=detail))
            if rule.index in used:
                live_lines.add((rule.source, rule.line))
                continue  # chosen on a random board: reachable by example
            if (rule.source, rule.line) in live_lines:
                continue  # another suit of its line is reached: the line is live (``_by_line``)
            # The contexts are spelled lazily: most rules are reached in the first, and spelling all
            # of them for every rule was a third of the check.  Pass 2 spells them again for the few
            # rules it gets.
            spelled = contexts(block, rule, observed=observed, system=system)
            first = next(spelled, None)
            if first is None:
                problems.append(
                    RuleProblem(
                        "contradictory",
                        rule,
                        detail="its call is never legal (or its seat never to call) where its block applies",
                    )
                )
                continue
            if samples > 2 * FIRST_ROUND:
                reached_first = _reached_from_pool(
                    system, rule, itertools.chain((first,), spelled), verdicts, FIRST_ROUND
                )
                if reached_first is None:
                    listed = list(contexts(block, rule, observed=observed, system=system))
                    reached_first = bool(_reach_rounds(system, rule, listed, (FIRST_ROUND,), rng, shared=True)[1])
                if reached_first:
                    live_lines.add((rule.source, rule.line))
                    continue
            pending.append((block, rule, observed))
    # Pass 2: the full draws, and a proof where they reach nothing.  (Few rules get here, but each
    # costs thousands of draws: the progress stays short of the total until they are done.)
    for block, rule, observed in pending:
        if (rule.source, rule.line) in live_lines:
            continue
        if cancel is not None and cancel.is_set():
            return _report(system, problems, None, checked)
        fitting, reached, takers = reach(system, block, rule, samples=samples, rng=rng, observed=observed)
        if reached:
            live_lines.add((rule.source, rule.line))
            continue
        # Only a rule the draws did not reach is worth a proof (exact counts cost milliseconds a pair).
        taker = proved_taker(system, block, rule)
        if taker is not None:
            problems.append(RuleProblem("unreachable", rule, taker=taker, proved=True))
            continue
        if fitting == 0:
            problems.append(RuleProblem("contradictory", rule, detail="no hand fits its meaning", drawn=samples))
            continue
        top = system.rules[takers.most_common(1)[0][0]] if takers else None
        problems.append(RuleProblem("unreachable", rule, taker=top, drawn=fitting))
    coverage = (
        measure_coverage(system, coverage_boards, seed=seed, bidding=coverage_bidding) if coverage_boards else None
    )
    if progress is not None:
        progress(total, total)
    return _report(system, problems, coverage, checked)


def _report(system: System, problems: list[RuleProblem], coverage: Coverage | None, checked: int) -> CheckReport:
    """The report, the included rules the checked file's own rules replace set apart (``CheckReport``)."""
    own = system.source
    replacing: dict[tuple[str, int], RuleProblem] = {}
    for problem in problems:
        rule, taker = problem.rule, problem.taker
        included = rule.source not in (None, own)
        if problem.kind == "unreachable" and taker is not None and included and taker.source in (None, own):
            replacing.setdefault((rule.source, rule.line), problem)
    kept: list[RuleProblem] = []
    replaced: list[RuleProblem] = []
    for problem in _by_line(system, problems):
        place = (problem.rule.source, problem.rule.line)
        if problem.kind != "note" and place in replacing:
            replaced.append(replacing[place])
        else:
            kept.append(problem)
    return CheckReport(system, tuple(kept), coverage, checked, tuple(replaced))


def _by_line(system: System, problems: list[RuleProblem]) -> tuple[RuleProblem, ...]:
    """The problems of the rules as written: a line with suit variables stands for several rules (one
    per suit), and it is dead only when every one of them is; then it is reported once.  (A raise
    written for "{major}" that only spades can never reach is not a dead line: hearts reach it.)"""
    dead = {id(p.rule) for p in problems if p.kind in ("unreachable", "contradictory")}
    live_lines = {(r.source, r.line) for r in system.rules if id(r) not in dead}
    kept: list[RuleProblem] = []
    reported: set[tuple[str, int, str]] = set()
    for problem in problems:
        place = (problem.rule.source, problem.rule.line)
        if problem.kind != "note" and place in live_lines:
            continue
        key = (*place, problem.kind)
        if key in reported:
            continue
        reported.add(key)
        kept.append(problem)
    return tuple(kept)


def measure_coverage(system: System, boards: int, *, seed: int = 1, bidding: RandomBidding | None = None) -> Coverage:
    """Bid ``boards`` random boards (board i has Law 2's dealer and vulnerability for number i+1) and
    count the calls that came from catch-all rules (``fallback``, or nothing fitting), per auction.
    ``bidding``: those boards already bid (``random_bidding`` with the same count and seed)."""
    if bidding is None:
        bidding = random_bidding(system, boards, seed=seed)
    catch_all_rules = np.array([r.catch_all for r in system.rules] + [True], dtype=bool)  # last: NO_RULE
    per_context: Counter[str] = Counter()
    per_context_calls: Counter[str] = Counter()
    calls = catch_all = strong_passes = 0
    points = hcp(bidding.deals)
    for k, (auction, dealer) in enumerate(zip(bidding.auctions, bidding.dealers, strict=True)):
        made = len(auction.calls)
        flags = catch_all_rules[bidding.rule_history[k, :made]]
        calls += made
        catch_all += int(np.count_nonzero(flags))
        texts = [str(c) for c in auction.calls]
        for i in range(made):
            key = " ".join(texts[:i]) or "(opening)"
            per_context_calls[key] += 1
            if flags[i]:
                per_context[key] += 1
        for i in range(min(4, made)):
            seat = (seat_index(dealer) + i) % 4
            if auction.calls[i] == PASS and points[k, seat] >= 20:
                strong_passes += 1
    contexts_found = tuple(ContextCoverage(a, per_context_calls[a], n) for a, n in per_context.most_common())
    return Coverage(len(bidding.auctions), calls, catch_all, strong_passes, contexts_found)


__all__ = [
    "DEFAULT_SAMPLES",
    "CheckReport",
    "ContextCoverage",
    "Coverage",
    "RuleProblem",
    "check_system",
    "contexts",
    "draw_meaning",
    "measure_coverage",
    "note_disagreements",
    "observed_bidding",
    "random_bidding",
    "reach",
]
