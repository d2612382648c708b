"""Forward bidding: the system's call for a hand, one deal at a time or a whole batch at once.

A system (``docs/bidding-design.md``) is blocks of rules, each block answering the auctions its
``after`` pattern matches.  For a position, the candidates are the rules of every matching block in
file order, and the system's call is the first candidate whose meaning (a ``SeatConstraint``, and
an optional dealer-language ``where``) the hand satisfies and whose call is legal; when none fits,
the call is Pass.  Because a meaning is a constraint with a vectorised ``mask``, choosing a call is
a handful of numpy masks over a whole batch of hands (``System.choose``): the per-hand work is
table lookups, and Python only loops over the rules.  ``System.bid_batch`` bids whole auctions the
same way, grouping the deals by auction-so-far each round (every deal in a group has the same
candidates), so the Python work grows with the number of distinct auctions, not of deals.

Calls in the batched interface are small integers (``call_code``): a bid's ``rank`` (0 = 1♣ ...
34 = 7NT), then Pass, Double and Redouble, so that arrays of calls can be grouped and compared.
"""

from __future__ import annotations

import itertools
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING, Any

import numpy as np

from bridgegui.engine.bidding.calls import DOUBLE, LONGEST_AUCTION, PASS, REDOUBLE, Auction, Call, is_legal_auction
from bridgegui.engine.bidding.collector import collector_paused
from bridgegui.engine.bidding.explain import Explanation
from bridgegui.engine.cards import SEATS, Deal, seat_index
from bridgegui.engine.dealer.constraints import SeatConstraint
from bridgegui.engine.dealing import deal_batch
from bridgegui.engine.errors import BridgeError
from bridgegui.engine.evaluation import MeasuredHands

if TYPE_CHECKING:
    from bridgegui.engine.bidding.batch import BatchIndex

NO_FIT_EXPLANATION = "Not covered by this system: nothing in it fits this hand, so pass."
"""The explanation of the Pass the system makes when none of its rules fits the hand (a catch-all:
it starts with "Not covered", as every ``fallback`` rule's does)."""

VULNERABILITY_STATES = ("none", "we", "they", "both")
"""The vulnerability as a rule sees it, from the calling side: neither, only us, only them, both."""


def board_vulnerability_for(state: str, seat: str) -> str:
    """The board's vulnerability (PBN spelling) that is ``state`` (``VULNERABILITY_STATES``) as seen
    by ``seat``: the inverse of ``vulnerability_state``."""
    ours, theirs = ("NS", "EW") if seat in ("N", "S") else ("EW", "NS")
    return {"none": "None", "we": ours, "they": theirs, "both": "All"}[state]


def vulnerability_state(vulnerable: str | None, seat: str) -> str:
    """The board's vulnerability (PBN ``None``/``NS``/``EW``/``All``; None is ``None``) as seen by
    ``seat``: ``"none"``, ``"we"`` (only the caller's side), ``"they"`` or ``"both"``."""
    text = (vulnerable or "None").strip().upper()
    if text in ("ALL", "BOTH", "B"):
        return "both"
    if text in ("NONE", "LOVE", "-", "", "O"):
        return "none"
    if text not in ("NS", "EW"):
        raise BridgeError(f"{vulnerable!r} is not a vulnerability: use None, NS, EW or All")
    ours = "NS" if seat in ("N", "S") else "EW"
    return "we" if text == ours else "they"


PASS_CODE, DOUBLE_CODE, REDOUBLE_CODE = 35, 36, 37
NO_RULE = -1
"""``rule_indices`` value for a hand no rule fits (the system passes)."""

DEFAULT_MAX_CALLS = 60
"""Calls bid at most by ``bid``/``bid_batch``: far more than a system's auctions take, and a bound
on the work whatever a file says (the Laws allow auctions of up to 319 calls).  An auction cut off
there is returned unfinished."""


def call_code(call: Call) -> int:
    """The batched interface's number for ``call``: its rank for a bid, 35 Pass, 36 Double, 37 Redouble.
    A look-up: matching a pattern asks it for every call of the auction."""
    code = _CALL_CODES.get(call.code)
    if code is None:
        raise BridgeError(f"{call} is not a call")
    return code


def call_from_code(code: int) -> Call:
    """The call of a ``call_code`` number."""
    code = int(code)
    return Call.from_rank(code) if code < PASS_CODE else (PASS, DOUBLE, REDOUBLE)[code - PASS_CODE]


_CALL_CODES = {call_from_code(code).code: code for code in range(REDOUBLE_CODE + 1)}


@dataclass(frozen=True)
class Pattern:
    """An ``after`` pattern: the auction so far, from the dealer, that a block answers.

    ``elements`` holds, per pattern token, either a set of call codes (a literal call or ``A|B|C``)
    or one of the wildcards ``P*`` (any number of passes), ``*`` (any one call), ``bid`` (any one
    bid) and ``**`` (any number of calls).

    Matching runs the pattern as a nondeterministic automaton whose set of live states is one
    integer's bits (Thompson's construction, simulated a call at a time): the time is the auction's
    length times the pattern's length over the machine word, whatever the pattern.  A backtracking
    regular expression can take time exponential in the number of stars ("** * ** * ..." against an
    auction it does not match), which a hostile or careless file must not be able to cause.
    """

    text: str
    elements: tuple[str | frozenset[int], ...]

    def __getstate__(self) -> dict[str, object]:
        """The text and elements only: the automaton is rebuilt on first use after a cache load."""
        return {"text": self.text, "elements": self.elements}

    @cached_property
    def literal_auctions(self) -> tuple[tuple[Call, ...], ...] | None:
        """The call sequences a pattern of literal calls spells: alternatives (``P|X``) multiply them,
        a leading ``P*`` is no pass and a later one none or one; None for the other wildcards or more
        than ``MAX_SPELLINGS`` spellings; none, at once, when longer than any legal auction."""
        if sum(isinstance(element, frozenset) for element in self.elements) > LONGEST_AUCTION:
            return ()  # spelling it call by call takes time that grows with the square of its length
        spellings: list[tuple[Call, ...]] = [()]
        for i, element in enumerate(self.elements):
            if element == "P*":
                if i:
                    spellings = [*spellings, *((*s, PASS) for s in spellings)]
            elif isinstance(element, frozenset):
                spellings = [(*s, call_from_code(code)) for s in spellings for code in sorted(element)]
            else:
                return None
            if len(spellings) > MAX_SPELLINGS:
                return None
        return tuple(spellings)

    @cached_property
    def spells_illegal_auction(self) -> bool:
        """Whether every auction a literal pattern spells is one the Laws forbid: it never matches."""
        spellings = self.literal_auctions
        return spellings is not None and not any(is_legal_auction(calls) for calls in spellings)

    @cached_property
    def fixed_last_bid(self) -> int | None:
        """The rank of the last bid of every legal auction a literal pattern spells (-1: no bid yet);
        None when the pattern is not literal, spells no legal auction, or its auctions end differently.
        A bid above it is legal wherever the pattern matches."""
        spellings = self.literal_auctions
        if spellings is None:
            return None
        ranks = set()
        for calls in spellings:
            if is_legal_auction(calls):
                bids = [c.rank for c in calls if c.is_bid]
                ranks.add(bids[-1] if bids else -1)
        return ranks.pop() if len(ranks) == 1 else None

    @cached_property
    def _automaton(self) -> _Automaton:
        return _Automaton.build([self.elements])

    def matches(self, calls: Sequence[Call]) -> bool:
        """Whether the pattern matches the whole auction so far."""
        return self.matches_codes([call_code(call) for call in calls])

    def matches_codes(self, codes: Sequence[int]) -> bool:
        """``matches`` for an auction given as ``call_code`` numbers."""
        automaton = self._automaton
        return bool(automaton.run(codes) & automaton.accepts[0])


MAX_SPELLINGS = 64
"""A literal pattern is read call by call (``Pattern.literal_auctions``) up to this many spellings."""


@dataclass(frozen=True)
class _Automaton:
    """Patterns as one nondeterministic automaton whose live states are the bits of an integer.

    Pattern ``j`` owns the bits from ``offset_j``: bit ``offset_j + i`` means "its first ``i``
    elements are matched", and ``accepts[j]`` is the bit after its last element.  A call moves each
    live state on (``consume``: the element matches the call) or keeps it (``stay``: a star that
    matches the call), and a star state may be left without a call (``stars``).  Runs of stars are
    merged first (``** P*`` is ``**``), so one shift closes the set.  No bit is shifted from one
    pattern into the next: an accepting bit consumes nothing.
    """

    start: int
    stars: int
    consume: tuple[int, ...]
    stay: tuple[int, ...]
    accepts: tuple[int, ...]

    @classmethod
    def build(cls, patterns: Sequence[Sequence[str | frozenset[int]]]) -> _Automaton:
        start = stars = any_stars = any_call = any_bid = 0
        literal = [0] * (REDOUBLE_CODE + 1)
        accepts: list[int] = []
        offset = 0
        for elements in patterns:
            merged: list[str | frozenset[int]] = []
            for element in elements:
                if element in ("P*", "**") and merged and merged[-1] in ("P*", "**"):
                    if element == "**":
                        merged[-1] = "**"
                    continue
                merged.append(element)
            start |= 1 << offset
            for i, element in enumerate(merged):
                bit = 1 << (offset + i)
                if element == "P*":
                    stars |= bit
                elif element == "**":
                    stars |= bit
                    any_stars |= bit
                elif element == "*":
                    any_call |= bit
                elif element == "bid":
                    any_bid |= bit
                elif isinstance(element, frozenset):
                    for code in element:
                        literal[code] |= bit
                else:
                    raise BridgeError(f"unknown pattern element {element!r}")
            accepts.append(1 << (offset + len(merged)))
            offset += len(merged) + 1
        return cls(
            start | (start & stars) << 1,
            stars,
            tuple(bits | any_call | (any_bid if code < PASS_CODE else 0) for code, bits in enumerate(literal)),
            tuple(stars if code == PASS_CODE else any_stars for code in range(REDOUBLE_CODE + 1)),
            tuple(accepts),
        )

    def run(self, codes: Sequence[int]) -> int:
        """The live states after the calls ``codes`` (``call_code`` numbers)."""
        state = self.start
        consume, stay, stars = self.consume, self.stay, self.stars
        for code in codes:
            state = (state & consume[code]) << 1 | (state & stay[code])
            if not state:
                break
            state |= (state & stars) << 1
        return state


_WHERE_LOCK = threading.Lock()
"""Held while a rule's ``where`` is compiled (rarely, once per rule): one lock for every rule."""

WhereFunction = Callable[[np.ndarray], np.ndarray]
WhereCompiler = Callable[[str, int], WhereFunction]
"""Compiles a rule's ``where`` text for a calling seat (0..3) into a mask over an ``(n, 4)`` batch."""


_COMPILED_WHERES: dict[tuple[object, str, int], WhereFunction] = {}
"""Compiled ``where`` expressions by compiler, text and seat: a system repeats its few distinct
texts over many rules (SAYC: 100 texts in 510 rules), and a compiled expression is a pure function
of the hands, so rules with the same text share it."""

_ANY_HAND = SeatConstraint()
"""The meaning ``any`` (one object: comparing thousands of rules with it need not make thousands)."""


@dataclass(frozen=True, eq=False)
class Rule:
    """One line of a system: the call, what it means about the caller's hand, and why.

    ``index`` is the rule's place in ``System.rules`` (its priority among the rules of a position
    follows file order too).  ``where`` is the source of the dealer-language part, with ``me`` for
    the calling seat; ``compile_where`` turns it into a batch function per seat, compiled on first
    use and kept (the four seats' versions differ only in the seat word).
    """

    index: int
    call: Call
    meaning: SeatConstraint
    meaning_text: str
    explanation: str
    line: int
    where: str | None = None
    compile_where: WhereCompiler | None = field(default=None, repr=False)
    seats: frozenset[int] | None = None
    """The caller's positions (1 = dealer .. 4) the rule is for; None: every seat."""
    vulnerabilities: frozenset[str] | None = None
    """The vulnerability states (``VULNERABILITY_STATES``) the rule is for; None: all four."""
    catch_all: bool = False
    """A ``fallback`` rule: what the system does when nothing it teaches fits ("Not covered ...")."""
    alternatives: tuple[Alternative, ...] = ()
    """Other calls acceptable for the hands this rule takes (``also`` lines), in file order."""
    explained: Explanation | None = None
    """The structured explanation (``explanation`` is its text); None only for hand-built rules."""
    source: str = ""
    """The file the rule was read from (an included file's name, else the system's source)."""
    _compiled: dict[int, WhereFunction] = field(default_factory=dict, init=False, repr=False)

    def __getstate__(self) -> dict[str, object]:
        """For the compiled-system cache: compiled ``where`` functions are rebuilt.  (No
        ``__setstate__``: unpickling then fills the instance dictionary in C, a few thousand rules
        without a Python call each.)"""
        state = dict(self.__dict__)
        state["_compiled"] = {}
        return state

    def applies(self, position: int, vulnerability: str) -> bool:
        """Whether the rule is for a caller in ``position`` (1..4 from the dealer) at ``vulnerability``
        (a ``VULNERABILITY_STATES`` word)."""
        if self.seats is not None and position not in self.seats:
            return False
        return self.vulnerabilities is None or vulnerability in self.vulnerabilities

    @property
    def explanation_record(self) -> Explanation:
        """The structured explanation (a version-1 rule's sentence as a written one)."""
        if self.explained is not None:
            return self.explained
        return Explanation(self.call, note=self.explanation, written=True, catch_all=self.catch_all)

    @cached_property
    def always_fits(self) -> bool:
        """True when every hand satisfies the rule: no meaning (``any``) and no ``where``.

        Compared with an empty ``SeatConstraint`` rather than asked ``is_empty``, so a measure the
        constraint language gains later can never make a restrictive rule look unrestricted.
        """
        return self.where is None and not self.has_meaning

    @cached_property
    def has_meaning(self) -> bool:
        """True when the meaning restricts the hand (is not ``any``)."""
        return self.meaning != _ANY_HAND

    def where_function(self, seat: int) -> WhereFunction | None:
        """The compiled ``where`` for a calling seat (0..3), or None when the rule has none."""
        if self.where is None:
            return None
        function = self._compiled.get(seat)
        if function is None:
            if self.compile_where is None:
                raise BridgeError(f"rule at line {self.line} has a where expression but no compiler for it")
            with _WHERE_LOCK:
                function = self._compiled.get(seat)
                if function is None:
                    key = (self.compile_where, self.where, seat)
                    function = _COMPILED_WHERES.get(key)
                    if function is None:
                        function = self.compile_where(self.where, seat)
                        _COMPILED_WHERES[key] = function
                    self._compiled[seat] = function
        return function

    def seed_where(self, seat: int, function: WhereFunction) -> None:
        """Keep a ``where`` already compiled for ``seat`` (the reader compiles North's to check the text)."""
        with _WHERE_LOCK:
            self._compiled.setdefault(seat, function)

    def mask(self, hands: np.ndarray | MeasuredHands, seat: int) -> np.ndarray:
        """Which of the ``(n,)`` hands of ``seat`` (measured already, or not) satisfy the meaning and the ``where``."""
        measured = hands if isinstance(hands, MeasuredHands) else MeasuredHands(np.reshape(hands, -1))
        hands = measured.hands
        if self.always_fits:
            return np.ones(hands.shape[0], dtype=bool)
        ok = self.meaning.mask(measured) if self.has_meaning else np.ones(hands.shape[0], dtype=bool)
        if self.where is not None:
            rows = np.flatnonzero(ok)
            if rows.size:
                ok[rows] = self.where_mask(hands[rows])
        return ok

    def where_mask(self, hands: np.ndarray) -> np.ndarray:
        """Which of the ``(n,)`` hands satisfy the ``where`` (all of them without one), whoever holds them.

        The where sees only the caller's hand (the reader refuses other seats), so North's version,
        which the reader compiled to check the text, answers for every seat with the hand put in
        North's column: one compilation per rule instead of four.
        """
        function = self.where_function(0)
        if function is None:
            return np.ones(hands.shape[0], dtype=bool)
        batch = np.zeros((hands.shape[0], 4), dtype=np.uint64)
        batch[:, 0] = hands
        return np.asarray(function(batch), dtype=bool)


@dataclass(frozen=True)
class Alternative:
    """Another call the system accepts for the hands a rule takes (an ``also`` line).

    ``condition`` is a rule (index -1) holding the alternative's own meaning and ``where``: the
    alternative applies to a hand the main rule took when the hand also fits it (``any``: always).
    ``reason`` is the author's sentence saying why the call is also right.
    """

    call: Call
    condition: Rule
    reason: str
    line: int

    def fits(self, hands: np.ndarray, seat: int) -> np.ndarray:
        """Which of the ``(n,)`` hands of ``seat`` the alternative covers."""
        return self.condition.mask(hands, seat)


@dataclass(frozen=True)
class Block:
    """An ``after PATTERN`` block: the rules that answer the auctions the pattern matches."""

    pattern: Pattern
    rules: tuple[Rule, ...]
    line: int
    source: str = ""
    """The file the block was read from (an included file's name, else the system's source)."""

    def __getattr__(self, name: str) -> Any:
        """``pattern`` and ``rules`` of a block read from the compiled-system cache, unpickled when first
        asked for (``loader``: a run that deals for one auction reads a few blocks of the 3,000)."""
        state = self.__dict__
        if name not in ("rules", "pattern"):
            raise AttributeError(name)
        if "_rules_blob" in state:
            from bridgegui.engine.bidding.loader import cached_block

            cached_block(state, _RULES_LOCK)  # one thread installs them (rules are compared by identity)
        return state[name]

    def __setstate__(self, state: dict[str, Any]) -> None:
        """Unpickling's own way in: without it, it asks ``__getattr__`` for one, which raises, half the load."""
        self.__dict__.update(state)


_RULES_LOCK = threading.Lock()


@dataclass(frozen=True)
class Choice:
    """The system's call for one hand: the call, the rule that chose it (None: nothing fitted) and why.

    ``explanation`` is the English text; ``explained`` the structured record front ends phrase.
    """

    call: Call
    rule: Rule | None
    explanation: str

    @property
    def explained(self) -> Explanation:
        if self.rule is None:
            return Explanation(self.call, note=self.explanation, written=True, catch_all=True)
        return self.rule.explanation_record

    @property
    def catch_all(self) -> bool:
        """True when no rule the system teaches chose the call (a ``fallback`` rule, or none fitted)."""
        return self.rule is None or self.rule.catch_all


@dataclass(frozen=True)
class BiddingResult:
    """A whole auction bid by the system, with the choice behind every call."""

    auction: Auction
    choices: tuple[Choice, ...]

    def annotated(self) -> Auction:
        """The auction with each call's explanation as its note (for the PBN auction section)."""
        auction = self.auction
        for i, choice in enumerate(self.choices):
            auction = auction.with_note(i, choice.explanation)
        return auction


MAX_EXPANDED_KEYS = 64
"""A pattern of literal calls with alternatives is indexed by every auction it spells when there are
at most this many; a pattern with more goes to the general patterns (the automaton)."""


@dataclass(frozen=True)
class _PatternIndex:
    """Finds the blocks whose pattern matches an auction without trying every pattern.

    Most patterns are literal calls, perhaps after a leading ``P*`` ("P* 1NT P 2C P"); such a
    pattern matches exactly the auctions it spells (after the leading passes, for ``P*``), so a
    dictionary from those spellings finds them.  Patterns with other wildcards, or whose first call
    after ``P*`` may itself be a pass, are the general patterns, run together as one automaton (a
    handful of integer operations per call, whatever their number).  The result is the same as
    ``Pattern.matches`` on every block, in file order.
    """

    exact: dict[tuple[int, ...], tuple[int, ...]]
    after_passes: dict[tuple[int, ...], tuple[int, ...]]
    general: tuple[tuple[int, Pattern], ...]
    automaton: _Automaton
    """The general patterns run together, one state bit range each (``_Automaton``)."""

    @classmethod
    def build(cls, blocks: Sequence[Block]) -> _PatternIndex:
        exact: dict[tuple[int, ...], list[int]] = {}
        after_passes: dict[tuple[int, ...], list[int]] = {}
        general: list[tuple[int, Pattern]] = []
        for b, block in enumerate(blocks):
            elements = block.pattern.elements
            leading = bool(elements) and elements[0] == "P*"
            literals = elements[1:] if leading else elements
            sets = [e for e in literals if isinstance(e, frozenset)]
            size = 1
            for e in sets:
                size *= len(e)
            simple = len(sets) == len(literals) and size <= MAX_EXPANDED_KEYS
            if not simple or (leading and sets and PASS_CODE in sets[0]):
                general.append((b, block.pattern))
                continue
            target = after_passes if leading else exact
            # itertools.product builds each key once (extending keys call by call copies a long
            # pattern's prefix at every call: quadratic in its length).
            for k in itertools.product(*(sorted(e) for e in sets)):
                target.setdefault(k, []).append(b)
        return cls(
            {k: tuple(v) for k, v in exact.items()},
            {k: tuple(v) for k, v in after_passes.items()},
            tuple(general),
            _Automaton.build([pattern.elements for _, pattern in general]),
        )

    def blocks_matching(self, calls: Sequence[Call]) -> list[int]:
        """The indices of the blocks whose pattern matches ``calls``, in file order."""
        codes = tuple(call_code(c) for c in calls)
        first = 0
        while first < len(codes) and codes[first] == PASS_CODE:
            first += 1
        found = [*self.exact.get(codes, ()), *self.after_passes.get(codes[first:], ())]
        found += self.general_blocks(self.automaton.run(codes)) if self.general else []
        return sorted(found)

    def general_blocks(self, live: int) -> list[int]:
        """The blocks of the general patterns the automaton's states ``live`` accept (live accepting bits alone)."""
        (accepting, block_at), found = self._accepting, []
        hits = live & accepting
        while hits:
            low = hits & -hits
            found.append(block_at[low.bit_length() - 1])
            hits ^= low
        return found

    @cached_property
    def _accepting(self) -> tuple[int, dict[int, int]]:
        """Every general pattern's accepting bit together, and each one's block by the bit's place."""
        at = {bit.bit_length() - 1: b for (b, _), bit in zip(self.general, self.automaton.accepts, strict=True)}
        return sum(self.automaton.accepts), at


@dataclass(frozen=True, eq=False)
class System:
    """A bidding system read from a system file (``system_file.parse_system``).

    The candidates of each auction are cached: reading the file fixes them, and the same auctions
    come back constantly when a batch is bid.  (The cache only ever gains entries that are the same
    whoever computes them, so sharing a ``System`` between threads is safe.)
    """

    name: str
    title: str
    description: str
    blocks: Sequence[Block]
    source: str = "<string>"
    files: tuple[tuple[str, str], ...] = ()
    """Every file read for the system, ``(source, sha256 of its text)``, the system's own first."""
    _candidates: dict[tuple[tuple[Call, ...], str], tuple[Rule, ...]] = field(
        default_factory=dict, init=False, repr=False, compare=False
    )

    def __getstate__(self, batch_apart: bool = False) -> dict[str, object]:
        """For the compiled-system cache: the candidate cache is rebuilt; the pattern index and the
        batch bidder's rule tables, once built, are kept (reading them back takes a tenth of building
        them, and every use of a loaded system needs the index); ``batch_apart``: not the batch
        bidder's part, which the cache stores in a file of its own (``loader._store``)."""
        state = dict(self.__dict__)
        state["_candidates"] = {}
        state.pop("rules", None)
        batch = state.pop("_batch", None)
        if batch is not None and not batch_apart:
            # Pickled apart (without the rules, which the blocks hold): read back, and the batch bidder
            # imported, only by a run that bids a batch.  The cache keeps it in a file of its own.
            state["_batch_tables"] = batch.stored()
        return state

    @cached_property
    def rules(self) -> tuple[Rule, ...]:
        """Every rule in file order (``rule.index`` is its place here).  The collector is paused once
        for all the blocks a cached system unpickles here, not after each (half the time)."""
        with collector_paused():
            return tuple(rule for block in self.blocks for rule in block.rules)

    def rules_for(self, auction: Auction, vulnerable: str | None = "None") -> tuple[Rule, ...]:
        """The candidates for the next call, in priority order: the rules of every block whose
        pattern matches the auction so far, in file order, less those for another seat or
        vulnerability (``vulnerable`` is the board's, PBN spelling)."""
        calls = tuple(auction.calls)
        state = vulnerability_state(vulnerable, auction.next_seat)
        key = (calls, state)
        found = self._candidates.get(key)
        if found is None:
            blocks = self._index.blocks_matching(calls)
            position = len(calls) % 4 + 1
            found = tuple(rule for b in blocks for rule in self.blocks[b].rules if rule.applies(position, state))
            self._candidates[key] = found
        return found

    def blocks_matching(self, auction: Auction) -> list[int]:
        """The places in ``blocks`` of the blocks whose pattern matches the auction so far, in order."""
        return self._index.blocks_matching(tuple(auction.calls))

    @cached_property
    def _index(self) -> _PatternIndex:
        return _PatternIndex.build(self.blocks)

    @cached_property
    def _batch(self) -> BatchIndex:
        """The tables and candidate lists batches are bid with (``batch.bid_rows``), kept between batches."""
        from bridgegui.engine.bidding.batch import BatchIndex

        return BatchIndex.for_system(self)

    def choose(
        self, hands: np.ndarray, auction: Auction, vulnerable: str | None = "None"
    ) -> tuple[np.ndarray, np.ndarray]:
        """The system's call for each of the ``(n,)`` hands of the seat to call next, at the board's
        vulnerability (``"None"``, ``"NS"``, ``"EW"`` or ``"All"``).

        Returns ``(calls, rule_indices)``: ``call_code`` numbers (int16) and indices into ``rules``
        (int32, ``NO_RULE`` where nothing fits and the call is Pass).  Each candidate rule's mask is
        evaluated only on the hands no earlier rule took; rules whose call is illegal here are skipped.
        """
        if auction.is_complete:
            raise BridgeError(f"the auction {auction.text() or '(empty)'} is over: nobody calls next")
        hands = np.asarray(hands, dtype=np.uint64)
        if hands.ndim != 1:
            raise BridgeError(
                f"choose takes the (n,) hand masks of the seat to call, not an array of shape {hands.shape}"
            )
        calls = np.full(hands.shape[0], PASS_CODE, dtype=np.int16)
        rule_indices = np.full(hands.shape[0], NO_RULE, dtype=np.int32)
        seat = seat_index(auction.next_seat)
        pending = np.arange(hands.shape[0])
        for rule in self.rules_for(auction, vulnerable):
            if pending.size == 0:
                break
            if not auction.is_legal(rule.call):
                continue
            ok = rule.mask(hands[pending], seat)
            taken = pending[ok]
            calls[taken] = call_code(rule.call)
            rule_indices[taken] = rule.index
            pending = pending[~ok]
        return calls, rule_indices

    def call_for(self, deal: Deal, auction: Auction, vulnerable: str | None = "None") -> Choice:
        """The system's call for the hand of the seat to call next in ``auction``, and why."""
        hand = deal.hand(auction.next_seat)
        _, rule_indices = self.choose(np.array([hand.mask], dtype=np.uint64), auction, vulnerable)
        return self._choice(int(rule_indices[0]), self.rules_for(auction, vulnerable))

    def acceptable(
        self, hand_mask: int, auction: Auction, call: Call, vulnerable: str | None = "None"
    ) -> tuple[Choice, Alternative | None]:
        """The system's choice for the hand and, when ``call`` is not it, the ``also`` alternative of
        the chosen rule that accepts ``call`` for this hand (None: the call is simply not the system's)."""
        hands = np.array([hand_mask], dtype=np.uint64)
        _, rule_indices = self.choose(hands, auction, vulnerable)
        choice = self._choice(int(rule_indices[0]), self.rules_for(auction, vulnerable))
        if choice.rule is None or call == choice.call:
            return choice, None
        seat = seat_index(auction.next_seat)
        for alternative in choice.rule.alternatives:
            if alternative.call == call and auction.is_legal(call) and bool(alternative.fits(hands, seat)[0]):
                return choice, alternative
        return choice, None

    def _choice(self, rule_index: int, candidates: Sequence[Rule]) -> Choice:
        """The rule numbered ``rule_index`` found among ``candidates`` (``rules_for``), not in ``rules``,
        which reads every block of a cached system (a second and more, at the first call of a run)."""
        if rule_index == NO_RULE:
            return Choice(PASS, None, NO_FIT_EXPLANATION)
        rule = next((r for r in candidates if r.index == rule_index), None) or self.rules[rule_index]
        return Choice(rule.call, rule, rule.explanation)

    def bid(
        self,
        deal: Deal,
        dealer: str,
        vulnerable: str | None = "None",
        max_calls: int = DEFAULT_MAX_CALLS,
        *,
        made: Sequence[Choice] = (),
    ) -> BiddingResult:
        """All four hands bid by the system from ``dealer`` to the end of the auction (at most
        ``max_calls`` calls) at the board's vulnerability, every call with its rule and explanation.
        ``made``: the system's first choices on this deal, already known (practice has them where the
        student agreed): bidding goes on after them, as a choice depends only on hand and auction."""
        auction = Auction(dealer, tuple(choice.call for choice in made))
        choices: list[Choice] = list(made)
        while not auction.is_complete and len(choices) < max_calls:
            choice = self.call_for(deal, auction, vulnerable)
            auction = auction + choice.call
            choices.append(choice)
        return BiddingResult(auction, tuple(choices))

    def bid_batch_with_rules(
        self,
        deals: np.ndarray,
        dealer: str,
        vulnerable: str | None = "None",
        max_calls: int = DEFAULT_MAX_CALLS,
        *,
        start: Auction | None = None,
    ) -> tuple[list[Auction], np.ndarray]:
        """Bid every deal of an ``(n, 4)`` batch; the auctions and the ``(n, calls)`` rule indices.

        ``start`` continues every deal from an auction already under way (a simulation's decision
        point) instead of from ``dealer``'s first call; ``max_calls`` then counts the calls added.

        The whole batch moves a call at a time (``batch.bid_rows``: each step judges every deal
        still bidding with a few numpy operations over tables of the candidates' meanings); the
        calls are those ``choose`` makes, auction by auction.  ``rule_indices[i, k]`` is the rule of deal i's call k (``NO_RULE`` for a Pass nothing
        fitted, and for the positions after the auction ended).
        """
        from bridgegui.engine.bidding.batch import bid_rows, vulnerability_codes

        deals = np.asarray(deals, dtype=np.uint64).reshape(-1, 4)
        n = deals.shape[0]
        first = start.dealer if start is not None else dealer
        dealers = np.full(n, seat_index(first), dtype=np.int64)
        return bid_rows(self, deals, dealers, np.repeat(vulnerability_codes([vulnerable]), n), max_calls, start)

    def bid_batch(
        self, deals: np.ndarray, dealer: str, vulnerable: str | None = "None", max_calls: int = DEFAULT_MAX_CALLS
    ) -> list[Auction]:
        """The system's complete auction for every deal of an ``(n, 4)`` batch (see ``bid_batch_with_rules``)."""
        return self.bid_batch_with_rules(deals, dealer, vulnerable, max_calls)[0]


def bid_deals(
    system: System, deals: np.ndarray, dealers: Sequence[str], vulnerabilities: Sequence[str | None]
) -> tuple[list[Auction], np.ndarray]:
    """Every deal of an ``(n, 4)`` batch bid to the end by ``system``, each from its own dealer at its
    own vulnerability (a board's, by Law 2 or its tags): the auctions and the ``(n, calls)`` rule indices.

    One batch whatever the dealers and vulnerabilities (``batch.bid_rows``): a system's candidates
    depend on the calls so far, the caller's position and the vulnerability as the caller sees it, so
    deals of every dealer move through the same steps.
    """
    from bridgegui.engine.bidding.batch import bid_rows, vulnerability_codes

    deals = np.asarray(deals, dtype=np.uint64).reshape(-1, 4)
    seats = np.array([seat_index(d) for d in dealers], dtype=np.int64).reshape(deals.shape[0])
    return bid_rows(system, deals, seats, vulnerability_codes(vulnerabilities), DEFAULT_MAX_CALLS)


def time_openings(system: System, count: int = 100_000, seed: int = 1) -> float:
    """Cpu seconds the system takes to choose the dealer's opening call for ``count`` random deals.

    For the benchmark script (``bridgegui.devtools.bench``): the deals are dealt before the clock
    starts, and the clock is this process's cpu time (the work is one thread's), which a busy machine
    disturbs far less than the wall clock.
    """
    deals = deal_batch(count, seed=seed)
    start = time.process_time()
    system.choose(deals[:, 0], Auction(SEATS[0]))
    return time.process_time() - start


def time_auctions(system: System, count: int = 10_000, seed: int = 1) -> float:
    """Cpu seconds the system takes to bid ``count`` random deals to the end (deals dealt beforehand)."""
    deals = deal_batch(count, seed=seed)
    start = time.process_time()
    system.bid_batch(deals, SEATS[0])
    return time.process_time() - start


__all__ = [
    "NO_FIT_EXPLANATION",
    "NO_RULE",
    "VULNERABILITY_STATES",
    "Alternative",
    "BiddingResult",
    "Block",
    "Choice",
    "Pattern",
    "Rule",
    "System",
    "bid_deals",
    "board_vulnerability_for",
    "call_code",
    "call_from_code",
    "time_auctions",
    "time_openings",
    "vulnerability_state",
]
