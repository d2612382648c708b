"""Bidding practice as a library: a student bids some seats of a board, the system bids the others
and judges every student call against its own.  No Qt here: the window drives it, and tests
and scripts use it without a display.

The loop, for one board::

    board = PracticeBoard(system, deal, dealer="N", student_seats="S")
    board.advance()                       # the system calls for North, East (Choices made)
    verdict = board.student_call("1NT")   # South: compared with the system's call there
    board.advance()                       # West, North, East ... until South is to call again
    ...
    board.is_complete, board.contract(), board.system_contract(), board.history

Why it is built this way:

* The student's auction and the system's own are different auctions.  Once the student departs
  from the system, the system keeps bidding the other seats *over the student's calls* (it answers
  the auction at the table, as a partner would), while ``system_auction()`` is what the system
  alone would have bid on the deal from the start: the reference the board is scored against.
* A ``Verdict`` is a record, not a sentence: the window words it in the user's language from its
  fields (the rule explanations are the only English in it, and they come from the system file).
  ``verdict_sentence`` is the English wording for the command line and the tests.
* The facts a verdict quotes are the measures the system's rule talks about (its ``SeatConstraint``
  fields, and the suits its ``where`` names), computed with the same batch evaluations the rule was
  tested with (``bridgegui.engine.evaluation``), so "you have 16 HCP" can never disagree with the
  rule that fired.
* The score is stored per board in a one-line PBN tag (``BidPractice``), the state a reopened set
  rebuilds the running score from; the set's summary (``BidPracticeScore``) is derived from those.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from urllib.parse import quote, unquote

import numpy as np

from bridgegui.engine import evaluation
from bridgegui.engine.bidding.calls import Auction, AuctionError, Call, Contract
from bridgegui.engine.bidding.system import Alternative, BiddingResult, Choice, Rule, System
from bridgegui.engine.cards import SEATS, SUIT_NAMES, Deal, Hand, seat_index
from bridgegui.engine.dealer.constraints import SeatConstraint
from bridgegui.engine.dealer.specs import Range
from bridgegui.engine.errors import BridgeError

__all__ = [
    "PRACTICE_SCORE_TAG",
    "PRACTICE_TAG",
    "BoardRecord",
    "HandFacts",
    "Measure",
    "PracticeBoard",
    "PracticeError",
    "PracticeScore",
    "Verdict",
    "hand_facts",
    "rule_measures",
]

PRACTICE_TAG = "BidPractice"
"""The per-board PBN tag holding a practised board's record (``BoardRecord.tag_value``)."""

PRACTICE_SCORE_TAG = "BidPracticeScore"
"""The set-level summary tag (``PracticeScore.to_tags``): derived, the per-board tags are the truth."""


class PracticeError(BridgeError):
    """A practice step made out of turn: a student call when the system or nobody is to call,
    an undo with nothing to take back, or an unreadable practice tag."""


# --- the hand's facts ----------------------------------------------------------------------------

Value = int | float | bool | tuple[int, int, int, int]


@dataclass(frozen=True, slots=True)
class Measure:
    """One value of the hand that a rule's meaning talks about, and whether it fits that rule.

    ``field``: ``"hcp"``, ``"points"``, ``"length"``, ``"shape"``, ``"cards"``, ``"qt"``,
    ``"ltc"``, ``"tricks"``, ``"controls"``, ``"support"``, ``"rule20"``, ``"quality"``,
    ``"stopper"`` (the seat-spec words), or ``"where"`` for the rule's dealer-language condition
    as a whole.  ``suit`` is 0..3 (spades ... clubs) for the per-suit fields, else ``None``.
    ``value`` is the hand's value: a number, the exact shape (S, H, D, C) for ``"shape"``, a bool
    for ``"stopper"``, ``"cards"`` and ``"where"``; the rule of 20's value is HCP plus the two
    longest suits.  ``wanted`` is the rule's term as a system file writes it (``"15-17"``,
    ``"5+"``, ``"balanced"``; ``""`` for a length only the ``where`` names), and ``fits`` whether
    the value satisfies it (``None`` when the term is only part of the ``where``).
    """

    field: str
    suit: int | None
    value: Value
    wanted: str
    fits: bool | None


@dataclass(frozen=True, slots=True)
class HandFacts:
    """The facts of the calling hand a verdict quotes: always HCP, total points, the pattern
    (lengths sorted longest first, ``(4, 3, 3, 3)``) and the suit lengths S H D C, plus
    ``measures``: the values the system's rule constrains (``rule_measures``)."""

    hcp: int
    points: int
    pattern: tuple[int, int, int, int]
    lengths: tuple[int, int, int, int]
    measures: tuple[Measure, ...]


_WHERE_SUIT = re.compile(r"\b(spades|hearts|diamonds|clubs)\s*\(\s*me\s*\)")
_WHERE_HCP = re.compile(r"\bhcp\s*\(\s*me\s*\)")


def _one(mask: int) -> np.ndarray:
    return np.array([mask], dtype=np.uint64)


def _fits(value: float, r: Range, scale: int = 1) -> bool:
    v = value * scale
    return (r.lo is None or v >= r.lo) and (r.hi is None or v <= r.hi)


def rule_measures(hand: Hand, rule: Rule | None, seat: str | int) -> tuple[Measure, ...]:
    """The hand's values for every field ``rule``'s meaning constrains, in the seat-spec order
    (``seat_spec_text``'s), then the suit lengths (and HCP) its ``where`` names, then the ``where``
    itself.  Empty for no rule or a rule that means ``any``.

    Computed with the batch evaluations on a batch of one, the functions ``Rule.mask`` used to
    choose the call, so a fact can never contradict the rule.
    """
    if rule is None:
        return ()
    c: SeatConstraint = rule.meaning
    hands = _one(hand.mask)
    lengths = tuple(int(x) for x in evaluation.suit_lengths(hands)[0])
    out: list[Measure] = []
    if c.hcp is not None:
        v = int(evaluation.hcp(hands)[0])
        out.append(Measure("hcp", None, v, c.hcp.text(), _fits(v, c.hcp)))
    for suit, r in enumerate(c.lengths):
        if r is not None:
            out.append(Measure("length", suit, lengths[suit], r.text(), _fits(lengths[suit], r)))
    if c.shapes or c.exclude_shapes:
        allowed = SeatConstraint(shapes=c.shapes, exclude_shapes=c.exclude_shapes).allowed_shapes
        wanted = []
        if c.shapes:
            named = len(c.shapes) == 1 and c.shapes[0] in ("balanced", "semibalanced")
            wanted.append(c.shapes[0] if named else "shape " + " ".join(c.shapes))
        if c.exclude_shapes:
            wanted.append("not " + " ".join(c.exclude_shapes))
        shape = (lengths[0], lengths[1], lengths[2], lengths[3])
        out.append(Measure("shape", None, shape, ", ".join(wanted), shape in allowed))
    if c.cards:
        out.append(Measure("cards", None, (hand.mask & c.cards) == c.cards, "cards", (hand.mask & c.cards) == c.cards))
    if c.quick_tricks is not None:
        halves = int(evaluation.quick_tricks_halves(hands)[0])
        out.append(Measure("qt", None, halves / 2, c.quick_tricks.text(scale=2), _fits(halves, c.quick_tricks)))
    for name, word, function in (
        ("losers", "ltc", evaluation.losers),
        ("playing_tricks", "tricks", evaluation.playing_tricks),
        ("controls", "controls", evaluation.controls),
        ("points", "points", evaluation.total_points),
    ):
        r = getattr(c, name)
        if r is not None:
            v = int(function(hands)[0])
            out.append(Measure(word, None, v, r.text(), _fits(v, r)))
    for suit, r in enumerate(c.support):
        if r is not None:
            v = int(evaluation.support_points(hands, suit)[0])
            out.append(Measure("support", suit, v, r.text(), _fits(v, r)))
    if c.rule20:
        v = int(evaluation.rule_of_20_count(hands)[0])
        out.append(Measure("rule20", None, v, "20+", v >= 20))
    if any(r is not None for r in c.quality):
        quality = evaluation.suit_quality(hands)[0]
        for suit, r in enumerate(c.quality):
            if r is not None:
                v = int(quality[suit])
                out.append(Measure("quality", suit, v, r.text(), _fits(v, r)))
    if any(c.stoppers):
        stopped = evaluation.stoppers(hands)[0]
        for suit, wanted_stop in enumerate(c.stoppers):
            if wanted_stop:
                out.append(Measure("stopper", suit, bool(stopped[suit]), "stopper", bool(stopped[suit])))
    if rule.where is not None:
        where_suits = {SUIT_NAMES.index(m.group(1)) for m in _WHERE_SUIT.finditer(rule.where)}
        have = {(m.field, m.suit) for m in out}
        for suit in sorted(where_suits):
            if ("length", suit) not in have:
                out.append(Measure("length", suit, lengths[suit], "", None))
        if _WHERE_HCP.search(rule.where) and ("hcp", None) not in have:
            out.append(Measure("hcp", None, int(evaluation.hcp(hands)[0]), "", None))
        where = rule.where_function(seat_index(seat))
        if where is not None:
            batch = np.zeros((1, 4), dtype=np.uint64)
            batch[0, seat_index(seat)] = np.uint64(hand.mask)
            ok = bool(np.asarray(where(batch), dtype=bool)[0])
            out.append(Measure("where", None, ok, rule.where, ok))
    return tuple(out)


def hand_facts(hand: Hand, rule: Rule | None, seat: str | int) -> HandFacts:
    """HCP, total points, pattern and lengths of ``hand``, with ``rule_measures`` for ``rule``."""
    hands = _one(hand.mask)
    lengths = tuple(int(x) for x in evaluation.suit_lengths(hands)[0])
    shape = (lengths[0], lengths[1], lengths[2], lengths[3])
    pattern = tuple(sorted(shape, reverse=True))
    return HandFacts(
        hcp=int(evaluation.hcp(hands)[0]),
        points=int(evaluation.total_points(hands)[0]),
        pattern=(pattern[0], pattern[1], pattern[2], pattern[3]),
        lengths=shape,
        measures=rule_measures(hand, rule, seat),
    )


# --- the verdict ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Verdict:
    """The system's judgement of one student call.

    ``index`` is the call's place in the student's auction and ``seat`` who made it; ``call`` is
    the student's call and ``system`` the system's ``Choice`` in the same position (the same
    auction so far, the same hand): its call, the rule that chose it (``None``: nothing fitted, so
    Pass) and the rule's explanation.  ``agrees`` is ``call == system.call``.

    ``facts`` holds the hand's values, with the measures the system's rule constrains.
    ``student_rule`` is what the student's call would have meant in the system at that position:
    among the candidate rules making that call, the first whose meaning the hand fits, else the
    first (``None`` when no rule there makes that call); ``student_measures`` are the hand's values
    for its terms and ``student_rule_fits`` whether the hand satisfies it (``None`` without a rule),
    so a window can say "2♣ would say Stayman: 8+ HCP and a four-card major; you have 9 HCP and no
    four-card major".  No English is made here beyond the rules' own explanations.
    """

    index: int
    seat: str
    call: Call
    system: Choice
    agrees: bool
    facts: HandFacts
    student_rule: Rule | None
    student_measures: tuple[Measure, ...]
    student_rule_fits: bool | None
    opening: bool
    """True when no bid had been made before this call (so a bid here *opens*)."""
    acceptable: Alternative | None = None
    """When the call is not the system's but one its rule also accepts for this hand (an ``also``
    line): that alternative, with the author's reason.  A student marked wrong for a sound call
    stops trusting the program; such a call is scored as acceptable."""

    @property
    def is_acceptable(self) -> bool:
        """True when the call is not the system's but an alternative the system allows."""
        return not self.agrees and self.acceptable is not None


def _student_rule(
    system: System, auction: Auction, call: Call, hand: Hand, seat: str, vulnerable: str | None = "None"
) -> tuple[Rule | None, bool | None]:
    rules = [rule for rule in system.rules_for(auction, vulnerable) if rule.call == call]
    if not rules:
        return None, None
    s = seat_index(seat)
    hands = _one(hand.mask)
    for rule in rules:
        if bool(rule.mask(hands, s)[0]):
            return rule, True
    return rules[0], False


def make_verdict(system: System, deal: Deal, auction: Auction, call: Call, vulnerable: str | None = "None") -> Verdict:
    """The verdict on ``call`` made by the seat to call next in ``auction`` (not yet added), at the
    board's vulnerability."""
    seat = auction.next_seat
    hand = deal.hand(seat)
    choice, alternative = system.acceptable(hand.mask, auction, call, vulnerable)
    rule, fits = _student_rule(system, auction, call, hand, seat, vulnerable)
    return Verdict(
        index=len(auction.calls),
        seat=seat,
        call=call,
        system=choice,
        agrees=call == choice.call,
        facts=hand_facts(hand, choice.rule, seat),
        student_rule=rule,
        student_measures=rule_measures(hand, rule, seat),
        student_rule_fits=fits,
        opening=auction.last_bid is None,
        acceptable=alternative,
    )


# --- the board -----------------------------------------------------------------------------------


class PracticeBoard:
    """One board being bid: some seats by students, the rest by the system.

    Mutable, owned by one thread (the GUI's): each step changes the board in place, and the
    values it hands out (``Auction``, ``Choice``, ``Verdict``) are frozen.  ``student_seats`` is
    any set of seat letters: ``"S"`` (one student, the system bids the other three), ``"NS"``
    (two students sharing a partnership at one screen: see ``handover_needed``), or ``""`` (the
    system bids all four, which is ``system_auction()`` again).

    Raises ``PracticeError`` for a call out of turn, ``AuctionError`` (the engine's) for an
    illegal call.
    """

    def __init__(
        self, system: System, deal: Deal, dealer: str, student_seats: str, vulnerable: str | None = "None"
    ) -> None:
        deal.require_complete()
        seats = "".join(student_seats.split()).upper()
        if any(s not in SEATS for s in seats) or len(set(seats)) != len(seats):
            raise PracticeError(f"{student_seats!r} is not a set of seats: use letters of N, E, S, W, each once")
        self.system = system
        self.deal = deal
        self.vulnerable = vulnerable or "None"
        """The board's vulnerability (PBN spelling): preempts and seat-dependent calls follow it."""
        self.student_seats = "".join(s for s in SEATS if s in seats)
        self._auction = Auction(dealer)
        self.dealer = self._auction.dealer
        self._choices: list[Choice] = []
        self._verdicts: list[Verdict] = []
        self._system_result: BiddingResult | None = None
        self.undone = 0
        """How many student calls were taken back (a teacher may want to know)."""

    # Reading ------------------------------------------------------------------------------------

    @property
    def auction(self) -> Auction:
        """The student's auction: their calls and the system's for the other seats."""
        return self._auction

    @property
    def choices(self) -> tuple[Choice, ...]:
        """The system's choice at every position of ``auction``: the call it made for a system seat,
        the call it would have made for a student seat (the verdict's ``system``)."""
        return tuple(self._choices)

    @property
    def history(self) -> tuple[Verdict, ...]:
        """The verdict on every student call still in the auction, in order (each holds the call,
        the system's choice at that position, and the facts)."""
        return tuple(self._verdicts)

    @property
    def is_complete(self) -> bool:
        return self._auction.is_complete

    @property
    def next_seat(self) -> str | None:
        """The seat to call, or ``None`` once the auction is over."""
        return None if self._auction.is_complete else self._auction.next_seat

    @property
    def student_to_call(self) -> bool:
        """True when a student seat is to call (the bidding box is enabled)."""
        seat = self.next_seat
        return seat is not None and seat in self.student_seats

    @property
    def last_student_seat(self) -> str | None:
        """The seat of the last student call still in the auction, or ``None`` before any."""
        return self._verdicts[-1].seat if self._verdicts else None

    @property
    def handover_needed(self) -> bool:
        """True when the window should show the hand-over screen before the bidding box: a student
        seat is to call, more than one seat is a student's, and it is not the seat that called last
        (at the start too, so the first student's partner looks away before the hand is shown)."""
        return self.student_to_call and len(self.student_seats) > 1 and self.next_seat != self.last_student_seat

    def legal_calls(self) -> tuple[Call, ...]:
        """The calls the seat to call may make (for the bidding box), none once the auction is over."""
        return self._auction.legal_calls()

    def system_result(self) -> BiddingResult:
        """The system's own auction for all four seats from the start, with its choices (cached)."""
        if self._system_result is None:
            self._system_result = self.system.bid(self.deal, self.dealer, self.vulnerable, made=self._systems_own())
        return self._system_result

    def _systems_own(self) -> list[Choice]:
        """The system's choices that begin its own auction on this deal: every call so far up to the
        first student call that is not the system's, and the system's choice there.  Each was chosen
        for the same hand after the same calls, so the system need not bid them again (at the end of a
        board a student who agreed throughout waits for no bidding at all)."""
        own: list[Choice] = []
        for choice, call in zip(self._choices, self._auction.calls, strict=True):
            own.append(choice)
            if choice.call != call:
                break
        return own

    def system_auction(self) -> Auction:
        """The reference: the auction the system alone bids on this deal (``System.bid``)."""
        return self.system_result().auction

    def annotated_auction(self) -> Auction:
        """The student's auction with the explanation of every call the system made as its note
        (the student's own calls carry none): what a PBN auction section can store."""
        auction = self._auction
        for i, choice in enumerate(self._choices):
            if auction.seat_of(i) not in self.student_seats:
                auction = auction.with_note(i, choice.explanation)
        return auction

    def contract(self) -> Contract | None:
        """The contract of the student's auction (``None`` while it goes on or when passed out)."""
        return self._auction.contract()

    def system_contract(self) -> Contract | None:
        """The contract of ``system_auction()`` (``None`` when the system passes it out)."""
        return self.system_auction().contract()

    @property
    def contract_matches(self) -> bool:
        """True when both auctions are over with the same contract: level, strain, doubling and
        declarer (3NT by the wrong hand is a different result at the table), or both passed out."""
        reference = self.system_auction()
        return self.is_complete and reference.is_complete and self.contract() == reference.contract()

    # Steps --------------------------------------------------------------------------------------

    def advance(self) -> tuple[Choice, ...]:
        """Let the system call for every seat nobody sits at until a student seat is to call or the
        auction is over; the ``Choice``s made, in order (empty when a student is already to call).

        Always ends: every auction the Laws allow is finite (at most 319 calls).
        """
        made: list[Choice] = []
        while not self._auction.is_complete and self._auction.next_seat not in self.student_seats:
            choice = self.system.call_for(self.deal, self._auction, self.vulnerable)
            self._auction = self._auction + choice.call
            self._choices.append(choice)
            made.append(choice)
        return tuple(made)

    def student_call(self, call: Call | str) -> Verdict:
        """Make the student's ``call`` (a ``Call`` or its text) for the seat to call; its verdict.

        Raises ``PracticeError`` when no student seat is to call (call ``advance`` first), and the
        engine's ``AuctionError`` for an illegal call, leaving the board unchanged.  The system's
        calls after it are made by the next ``advance``.
        """
        if isinstance(call, str):
            call = Call.parse(call)
        if self._auction.is_complete:
            raise PracticeError("the auction is over: no more calls")
        seat = self._auction.next_seat
        if seat not in self.student_seats:
            raise PracticeError(f"{seat} is not a student's seat: the system calls for it (advance first)")
        after = self._auction.add(call)  # raises AuctionError naming the call and why
        verdict = make_verdict(self.system, self.deal, self._auction, call, self.vulnerable)
        self._auction = after
        self._choices.append(verdict.system)
        self._verdicts.append(verdict)
        return verdict

    @property
    def can_undo(self) -> bool:
        """True while a student call can be taken back: there is one, and the auction is not over
        (once it is, the hands are revealed, and taking a call back would bid with sight of them)."""
        return bool(self._verdicts) and not self._auction.is_complete

    def undo(self) -> Verdict:
        """Take back the student's last call and the system's calls after it; its verdict.

        Afterwards the same student seat is to call again.  Raises ``PracticeError`` when
        ``can_undo`` is false.
        """
        if not self.can_undo:
            reason = "the auction is over" if self._verdicts else "there is no student call to take back"
            raise PracticeError(f"nothing to undo: {reason}")
        verdict = self._verdicts.pop()
        self._auction = Auction(self.dealer, self._auction.calls[: verdict.index])
        del self._choices[verdict.index :]
        self.undone += 1
        return verdict

    def record(self) -> BoardRecord:
        """The board's practice record, for the score and the ``BidPractice`` tag."""
        reference = self.system_auction()
        return BoardRecord(
            seats=self.student_seats,
            calls=tuple(v.call for v in self._verdicts),
            system_calls=tuple(v.system.call for v in self._verdicts),
            acceptable=sum(v.is_acceptable for v in self._verdicts),
            finished=self.is_complete,
            contract=self.contract(),
            system_finished=reference.is_complete,
            system_contract=reference.contract(),
            system_name=self.system.name,
        )


# --- the score -----------------------------------------------------------------------------------


def _contract_text(finished: bool, contract: Contract | None) -> str | None:
    if not finished:
        return None
    return "Pass" if contract is None else f"{contract}:{contract.declarer}"


_CONTRACT = re.compile(r"([1-7])(C|D|H|S|NT)(XX|X)?:([NESW])")


def _read_contract(text: str) -> Contract | None:
    if text == "Pass":
        return None
    match = _CONTRACT.fullmatch(text)
    if match is None:
        raise PracticeError(f"{text!r} is not a contract: write it 3NT:S, 4HX:E or Pass")
    return Contract(int(match.group(1)), match.group(2), match.group(3) or "", match.group(4))


def _read_calls(text: str) -> tuple[Call, ...]:
    if text == "-":
        return ()
    try:
        return tuple(Call.parse(t) for t in text.split(","))
    except AuctionError as exc:
        raise PracticeError(f"{text!r} is not a list of calls: {exc}") from None


@dataclass(frozen=True, slots=True)
class BoardRecord:
    """What a practised board contributes to the score, and what its ``BidPractice`` tag stores:
    the student seats, the student's calls and the system's call at each of those positions, and
    both contracts once the auctions are over.

    The tag value is one line of ``key=value`` words, so that it stays readable in a PBN file and
    can gain keys later: ``seats=S calls=1NT,2C,2NT system=1NT,2C,3NT contract=2NT:S
    system_contract=3NT:S system_name=SAYC`` (``calls=-`` for none, ``contract=Pass`` for a passed-out board, no
    ``contract`` while the auction goes on).
    """

    seats: str
    calls: tuple[Call, ...]
    system_calls: tuple[Call, ...]
    finished: bool
    contract: Contract | None
    system_finished: bool = True
    system_contract: Contract | None = None
    acceptable: int = 0
    """Student calls that differ from the system's but are alternatives it allows (key ``acceptable``)."""
    system_name: str = ""
    """The system the board was practised against (key ``system_name``, percent-encoded): a teacher
    reading a student's file sees which system marked the calls."""

    @property
    def calls_made(self) -> int:
        return len(self.calls)

    @property
    def calls_agreeing(self) -> int:
        return sum(a == b for a, b in zip(self.calls, self.system_calls, strict=True))

    @property
    def contract_matches(self) -> bool:
        """Both auctions over with the same contract (declarer included), or both passed out."""
        return self.finished and self.system_finished and self.contract == self.system_contract

    def tag_value(self) -> str:
        words = [
            f"seats={self.seats or '-'}",
            "calls=" + (",".join(str(c) for c in self.calls) or "-"),
            "system=" + (",".join(str(c) for c in self.system_calls) or "-"),
        ]
        if self.acceptable:
            words.append(f"acceptable={self.acceptable}")
        mine = _contract_text(self.finished, self.contract)
        if mine is not None:
            words.append(f"contract={mine}")
        theirs = _contract_text(self.system_finished, self.system_contract)
        if theirs is not None:
            words.append(f"system_contract={theirs}")
        if self.system_name:
            words.append(f"system_name={quote(self.system_name, safe='')}")
        return " ".join(words)

    def to_tags(self) -> dict[str, str]:
        """``{"BidPractice": tag_value()}``, for ``Board.with_tags(**record.to_tags())``."""
        return {PRACTICE_TAG: self.tag_value()}

    @classmethod
    def from_tag_value(cls, text: str) -> BoardRecord:
        """Read a ``BidPractice`` value back; raises ``PracticeError`` when it is not one.
        Unknown keys are ignored (a later version may add some)."""
        values: dict[str, str] = {}
        for word in text.split():
            key, sep, value = word.partition("=")
            if not sep or not value:
                raise PracticeError(f"{word!r} in the {PRACTICE_TAG} tag is not key=value")
            values[key] = value
        missing = [k for k in ("seats", "calls", "system") if k not in values]
        if missing:
            raise PracticeError(f"the {PRACTICE_TAG} tag {text!r} has no {', '.join(missing)}")
        calls = _read_calls(values["calls"])
        system_calls = _read_calls(values["system"])
        if len(calls) != len(system_calls):
            raise PracticeError(f"the {PRACTICE_TAG} tag {text!r} needs one system call per student call")
        seats = "" if values["seats"] == "-" else values["seats"].upper()
        if any(s not in SEATS for s in seats):
            raise PracticeError(f"{values['seats']!r} in the {PRACTICE_TAG} tag is not a set of seats")
        try:
            acceptable = int(values.get("acceptable", "0"))
        except ValueError:
            raise PracticeError(
                f"the {PRACTICE_TAG} tag {text!r} has a count of acceptable calls that is not a number"
            ) from None
        if not 0 <= acceptable <= len(calls):
            raise PracticeError(f"the {PRACTICE_TAG} tag {text!r} counts more acceptable calls than calls")
        return cls(
            seats=seats,
            calls=calls,
            system_calls=system_calls,
            acceptable=acceptable,
            finished="contract" in values,
            contract=_read_contract(values["contract"]) if "contract" in values else None,
            system_finished="system_contract" in values,
            system_contract=_read_contract(values["system_contract"]) if "system_contract" in values else None,
            system_name=unquote(values.get("system_name", "")),
        )

    @classmethod
    def from_tags(cls, tags: Mapping[str, str] | Iterable[tuple[str, str]]) -> BoardRecord | None:
        """The record in a board's tags (a mapping or ``Board.tags`` pairs), ``None`` without one."""
        pairs = tags.items() if isinstance(tags, Mapping) else tags
        for key, value in pairs:
            if key == PRACTICE_TAG:
                return cls.from_tag_value(value)
        return None


_SUMMARY = re.compile(r"calls (\d+)/(\d+)(?: acceptable (\d+))? contracts (\d+)/(\d+)")


@dataclass(frozen=True, slots=True)
class PracticeScore:
    """The running score of a session: calls agreeing with the system of calls made, and boards
    whose final contract matches the system's of boards finished.  Frozen: ``add`` returns the new
    score, so a score can be handed to another thread or kept as a snapshot."""

    calls_agreeing: int = 0
    calls_made: int = 0
    contracts_matching: int = 0
    boards_finished: int = 0
    calls_acceptable: int = 0
    """Calls that are not the system's but alternatives it allows (not counted in ``calls_agreeing``)."""

    def add(self, board: PracticeBoard) -> PracticeScore:
        """The score with ``board``'s calls, and its contract when its auction is over."""
        return self.add_record(board.record())

    def add_calls(self, board: PracticeBoard) -> PracticeScore:
        """The score with the calls of a board still being bid (its contract counts once it ends).

        Unlike ``add`` it does not need the system's own auction for the board, which costs a whole
        auction's bidding on a student's first call of every board."""
        verdicts = board.history
        return replace(
            self,
            calls_agreeing=self.calls_agreeing + sum(v.agrees for v in verdicts),
            calls_made=self.calls_made + len(verdicts),
            calls_acceptable=self.calls_acceptable + sum(v.is_acceptable for v in verdicts),
        )

    def add_record(self, record: BoardRecord) -> PracticeScore:
        return replace(
            self,
            calls_agreeing=self.calls_agreeing + record.calls_agreeing,
            calls_made=self.calls_made + record.calls_made,
            calls_acceptable=self.calls_acceptable + record.acceptable,
            contracts_matching=self.contracts_matching + int(record.contract_matches),
            boards_finished=self.boards_finished + int(record.finished),
        )

    @classmethod
    def from_records(cls, records: Iterable[BoardRecord | None]) -> PracticeScore:
        """The score of a set of boards' records (``None``s, boards not practised, are skipped)."""
        score = cls()
        for record in records:
            if record is not None:
                score = score.add_record(record)
        return score

    @classmethod
    def from_boards_tags(cls, boards_tags: Iterable[Mapping[str, str] | Iterable[tuple[str, str]]]) -> PracticeScore:
        """The score rebuilt from each board's ``BidPractice`` tag: how a reopened set gets its score
        back (``PracticeScore.from_boards_tags(b.tags for b in boards)``)."""
        return cls.from_records(BoardRecord.from_tags(tags) for tags in boards_tags)

    def to_tags(self) -> dict[str, str]:
        """The set-level summary, one line: ``{"BidPracticeScore": "calls 5/7 contracts 1/2"}``."""
        acceptable = f" acceptable {self.calls_acceptable}" if self.calls_acceptable else ""
        return {
            PRACTICE_SCORE_TAG: f"calls {self.calls_agreeing}/{self.calls_made}{acceptable} "
            f"contracts {self.contracts_matching}/{self.boards_finished}"
        }

    @classmethod
    def from_tags(cls, tags: Mapping[str, str] | Iterable[tuple[str, str]]) -> PracticeScore:
        """Read the summary ``to_tags`` wrote (a zero score when the tag is absent)."""
        pairs = tags.items() if isinstance(tags, Mapping) else tags
        for key, value in pairs:
            if key == PRACTICE_SCORE_TAG:
                match = _SUMMARY.fullmatch(value.strip())
                if match is None:
                    raise PracticeError(f"{value!r} is not a practice score: write it 'calls 5/7 contracts 1/2'")
                a, b, c, d = (int(match.group(i)) for i in (1, 2, 4, 5))
                acceptable = int(match.group(3) or 0)
                if a > b or c > d or a + acceptable > b:
                    raise PracticeError(f"{value!r} counts more agreeing than made")
                return cls(a, b, c, d, acceptable)
        return cls()

    def text(self) -> str:
        """``"5 of 7 calls agree with the system; 1 of 2 contracts match"`` (English, for the command line)."""
        acceptable = f" ({self.calls_acceptable} more acceptable)" if self.calls_acceptable else ""
        return (
            f"{self.calls_agreeing} of {self.calls_made} calls agree with the system{acceptable}; "
            f"{self.contracts_matching} of {self.boards_finished} contracts match"
        )
