"""The evaluation quiz: questions on dealt hands, answer checking with a per-suit explanation, a running score.

Pure logic for the keyboard-driven quiz window (menu Practice → Evaluation quiz); no Qt here.

* ``make_questions(request, count, seed=…)`` deals ``count`` boards fitting the current constraints
  (``planner.deal`` with the same ``DealRequest`` the main window uses) and asks one question per
  board.  Dealing a rare request can take a while, so the GUI calls it from a worker, a batch at a
  time, and keeps the questions in a queue.  ``questions_from_deals`` does the same for deals in hand.
* A question asks for one hand's HCP, quick tricks, losing-trick count or playing tricks (the
  heuristic of the Old Lady write-up "Tricky Trick-y Algorithm", ``tables.PLAYING_TRICKS``), or a partnership's tricks
  in a strain (``tricks.estimate_tricks``).
* ``check(question, "11")`` reads the answer (``"2.5"``, ``"2½"``, ``"2 1/2"`` and ``"2,5"`` all read as
  2.5) and returns a ``Result``: right or wrong, the right value, and ``explanation``, a ``Breakdown``
  that explains the count suit by suit as numbers and reason codes (``SuitCount``) for a window to
  phrase in its own language; ``Result.breakdown`` is the same in English, one line a suit
  (``"♥ KQ5: K and Q, one loser"``, ``"♠ AKJ: 4+3+1 = 8"``).  An answer that is not a number raises
  ``QuizAnswerError`` (a ``BridgeError``: show its text, do not score it).
* ``Score`` keeps the running score (right, asked, per kind, current streak).

The partnership question accepts any answer within ``PARTNERSHIP_TOLERANCE`` (one trick) of the
estimate, because the estimate itself is a measured approximation of double-dummy play (its accuracy
is in ``tricks.ACCURACY``): asking for the exact decimal would test arithmetic, not judgement.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from fractions import Fraction

import numpy as np

from bridgegui.engine import tables, tricks
from bridgegui.engine.cards import SEAT_NAMES, SUIT_SYMBOLS, Deal, Hand, holding_text
from bridgegui.engine.dealer.constraints import DealRequest
from bridgegui.engine.dealing import make_rng
from bridgegui.engine.errors import BridgeError

HCP = "hcp"
QUICK_TRICKS = "quick_tricks"
LOSERS = "losers"
PLAYING_TRICKS = "playing_tricks"
PARTNERSHIP_TRICKS = "partnership_tricks"

KINDS = (HCP, QUICK_TRICKS, LOSERS, PLAYING_TRICKS, PARTNERSHIP_TRICKS)
"""Every kind of question, in the order a settings menu would list them."""

KIND_NAMES = {
    HCP: "high-card points",
    QUICK_TRICKS: "quick tricks",
    LOSERS: "losing-trick count",
    PLAYING_TRICKS: "playing tricks",
    PARTNERSHIP_TRICKS: "partnership tricks",
}

PARTNERSHIP_TOLERANCE = 1.0
"""A partnership-tricks answer is right when it is within one trick of ``tricks.estimate_tricks``."""

_NUMBER_WORDS = (
    "no",
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
)


class QuizAnswerError(BridgeError):
    """The answer text is not a number (the GUI shows the message and asks again, without scoring)."""


@dataclass(frozen=True, slots=True)
class Question:
    """One question on one deal.

    ``seat`` is the hand asked about (0..3, N E S W); for a partnership question it is the declarer
    and ``partner`` the dummy, and ``strain`` is ``"S" "H" "D" "C"`` or ``"NT"``.  ``answer`` is
    the right value (exact for the hand measures, the estimate for partnership tricks).
    """

    kind: str
    deal: Deal
    seat: int
    answer: float
    strain: str | None = None

    @property
    def hand(self) -> Hand:
        return self.deal.hand(self.seat)

    @property
    def partner(self) -> int:
        return (self.seat + 2) % 4

    @property
    def shown_seats(self) -> tuple[int, ...]:
        """The hands the window should show: the one asked about, and partner for a partnership question."""
        return (self.seat, self.partner) if self.kind == PARTNERSHIP_TRICKS else (self.seat,)

    @property
    def prompt(self) -> str:
        """The question in plain words."""
        who = SEAT_NAMES[self.seat]
        if self.kind == HCP:
            return f"How many high-card points does {who} hold?"
        if self.kind == QUICK_TRICKS:
            return f"How many quick tricks does {who} hold?"
        if self.kind == LOSERS:
            return f"What is {who}'s losing-trick count?"
        if self.kind == PLAYING_TRICKS:
            return f"How many playing tricks does {who} hold?"
        strain = "notrump" if self.strain == "NT" else f"{tricks.STRAIN_WORDS[self.strain or 'S']}"
        return f"How many tricks should {who} and {SEAT_NAMES[self.partner]} take in {strain}, with {who} declaring?"


@dataclass(frozen=True, slots=True)
class SuitCount:
    """One suit's share of a hand measure, and what earns it (one line of the quiz's breakdown).

    ``value`` is the suit's count (points, quick tricks, losers or playing tricks).  ``reason`` is a
    code a window phrases with ``tr()`` (the ``*_REASONS`` constants list them per kind); the other
    fields hold the numbers and cards the reason refers to:

    * ``honours``: the honours the reason names, e.g. ``"AKJ"`` (HCP), ``"AQ"`` (quick tricks), the
      honours held among the top cards that count (losers);
    * ``points``: the HCP of each of ``honours`` (HCP only), e.g. ``(4, 3, 1)``;
    * ``counted``: the top cards the losing-trick count looks at, ``"AKQ"[:min(length, 3)]`` (losers only);
    * ``rounds``: ``(won, lost, left over)`` of the play-out (playing tricks only).
    """

    suit: int
    holding: int
    value: float
    reason: str
    honours: str = ""
    points: tuple[int, ...] = ()
    counted: str = ""
    rounds: tuple[int, int, int] | None = None


HCP_REASONS = ("honours", "no_honours")
QUICK_TRICK_REASONS = ("AK", "AQ", "A", "KQ", "Kx", "singleton_K", "no_A_or_K")
LOSER_REASONS = ("void", "singleton_A", "singleton", "top_cards", "doubleton_Q")
"""``doubleton_Q``: a doubleton holding the Q, which does not count (only the A and K of a doubleton do)."""
PLAYING_TRICK_REASONS = ("void", "play_out")


@dataclass(frozen=True, slots=True)
class PartnershipSuit:
    """One suit of a partnership-tricks question in words (a line of the quiz's breakdown).

    ``holding`` and ``partner_holding`` are the two hands' cards in the suit, ``length`` the cards held
    together, ``honours`` the A K Q J T among them, ``trumps`` whether the suit is the strain.
    ``tricks`` is the declarer's count a student can make at the table (the estimate's measured weights
    cannot be learnt): the top winners, the run of honours held together from the A down (at most the
    longer hand's length), then the longer hand's long cards once the opponents' cards have fallen,
    if they split evenly (``ceil((13 - length) / 2)`` rounds).  ``top`` is the first part.
    """

    suit: int
    holding: int
    partner_holding: int
    length: int
    honours: str
    tricks: int
    trumps: bool
    top: int = 0


def partnership_suit(suit: int, holding: int, partner_holding: int, trumps: bool) -> PartnershipSuit:
    """The ``PartnershipSuit`` of one suit (see there for how its tricks are counted)."""
    together = holding | partner_holding
    longer = max(holding.bit_count(), partner_holding.bit_count())
    honours = "".join(c for c in holding_text(together) if c in "AKQJT")
    length = together.bit_count()
    run = 0
    while run < 13 and together >> (12 - run) & 1:  # bit 12 is the A (``holding_text`` reads them so)
        run += 1
    top = min(run, longer)
    rounds = (13 - length + 1) // 2  # until the opponents' cards are gone, if they split evenly
    tricks = top + max(0, longer - max(top, rounds)) if longer else 0
    return PartnershipSuit(suit, holding, partner_holding, length, honours, tricks, trumps, top)


def partnership_suits(hand: Hand, partner: Hand, strain: str) -> tuple[PartnershipSuit, ...]:
    """The four ``PartnershipSuit`` of two hands, spades first; ``strain`` names the trump suit (or NT)."""
    trump = "SHDC".find(strain[:1].upper()) if strain.upper() not in ("N", "NT") else -1
    return tuple(
        partnership_suit(suit, mine, theirs, suit == trump)
        for suit, (mine, theirs) in enumerate(zip(hand.holdings, partner.holdings, strict=True))
    )


@dataclass(frozen=True, slots=True)
class Breakdown:
    """How a question's answer is counted: one ``SuitCount`` a suit (spades first) and the ``total``.

    For a partnership question ``suits`` is empty and ``estimate`` holds the estimator's terms
    (``tricks.EstimateExplanation``).  ``lines()`` is the English text, made only from these fields.
    """

    kind: str
    suits: tuple[SuitCount, ...]
    total: float
    estimate: tricks.EstimateExplanation | None = None
    partnership: tuple[PartnershipSuit, ...] = ()
    """For a partnership question: each suit in words (which cards and honours, how many tricks)."""

    def lines(self) -> tuple[str, ...]:
        """One line a suit and a total line (``"Total: 0 + 3 + 3 + 6 = 12 HCP"``); for a partnership
        question one line a suit in words, the count by suits, and the estimate (the answer)."""
        if self.estimate is not None:
            lines = [partnership_line(p) for p in self.partnership]
            counts = " + ".join(str(p.tricks) for p in self.partnership)
            total = sum(p.tricks for p in self.partnership)
            lines.append(f"Suit by suit: {counts} = {total} trick{'s' * (total != 1)}, if the suits split evenly")
            lines.append(
                f"Estimate in {tricks.STRAIN_WORDS[self.estimate.strain]}: {self.estimate.estimate:.1f} tricks "
                "(measured on many deals, it also counts ruffs, finesses and honours that win once the "
                "higher ones are gone)"
            )
            return tuple(lines)
        lines = [suit_line(self.kind, c) for c in self.suits]
        values = " + ".join(format_value(c.value) for c in self.suits)
        lines.append(f"Total: {values} = {format_value(self.total)} {_TOTAL_UNITS[self.kind]}")
        return tuple(lines)


_TOTAL_UNITS = {HCP: "HCP", QUICK_TRICKS: "quick tricks", LOSERS: "losers", PLAYING_TRICKS: "playing tricks"}


@dataclass(frozen=True, slots=True)
class Result:
    """The verdict on one answer: ``correct``, the right value (``expected``), the answer (``given``)
    and ``explanation``, how the right value is counted.

    ``breakdown`` (the explanation in English, one line a suit, ending with a total line) and
    ``message`` (the one-line verdict) are made from these fields for the command line and tests;
    a window phrases the fields itself.
    """

    question: Question
    given: float
    correct: bool
    expected: float
    explanation: Breakdown

    @property
    def breakdown(self) -> tuple[str, ...]:
        return self.explanation.lines()

    @property
    def message(self) -> str:
        """``"Right: 12 high-card points"``, ``"Not quite: 12 high-card points, you said 11"``..."""
        expected, given = format_value(self.expected), format_value(self.given)
        if self.question.kind == PARTNERSHIP_TRICKS:
            verdict = "Right" if self.correct else "Not quite"
            return f"{verdict}: about {expected} tricks (you said {given}; within one trick counts as right)"
        unit = KIND_NAMES[self.question.kind]
        if self.correct:
            return f"Right: {expected} {unit}"
        return f"Not quite: {expected} {unit}, you said {given}"


@dataclass
class Score:
    """The running score of a quiz session (mutable: owned by the GUI thread's quiz window)."""

    asked: int = 0
    right: int = 0
    streak: int = 0
    best_streak: int = 0
    by_kind: dict[str, list[int]] = field(default_factory=dict)
    """kind -> [right, asked]"""

    def record(self, result: Result) -> None:
        self.asked += 1
        counts = self.by_kind.setdefault(result.question.kind, [0, 0])
        counts[1] += 1
        if result.correct:
            self.right += 1
            counts[0] += 1
            self.streak += 1
            self.best_streak = max(self.best_streak, self.streak)
        else:
            self.streak = 0

    @property
    def percent(self) -> float:
        return 100.0 * self.right / self.asked if self.asked else 0.0

    def text(self) -> str:
        """``"7 of 9 right (78%), streak 3"``."""
        if not self.asked:
            return "No answers yet"
        return f"{self.right} of {self.asked} right ({self.percent:.0f}%), streak {self.streak}"


# --- answers -------------------------------------------------------------------------------------

_FRACTION_SIGNS = {"½": Fraction(1, 2), "¼": Fraction(1, 4), "¾": Fraction(3, 4)}
_ANSWER_RE = re.compile(r"^(\d+)?\s*(?:(½|¼|¾)|(\d+)\s*/\s*(\d+))?$")


def parse_answer(text: str) -> float:
    """Read ``"12"``, ``"2.5"``, ``"2,5"``, ``"2½"``, ``"½"`` or ``"2 1/2"``; anything else raises ``QuizAnswerError``."""
    t = text.strip().replace(",", ".")
    if not t:
        raise QuizAnswerError("Type a number, e.g. 12 or 2.5")
    try:
        value = float(t)
    except ValueError:
        m = _ANSWER_RE.match(t)
        if not m or not any(m.groups()):
            raise QuizAnswerError(f"{text.strip()!r} is not a number: type e.g. 12, 2.5 or 2½") from None
        whole, sign, num, den = m.groups()
        value_f = Fraction(int(whole or 0))
        if sign:
            value_f += _FRACTION_SIGNS[sign]
        elif num is not None:
            if int(den) == 0:
                raise QuizAnswerError(f"{text.strip()!r} divides by zero") from None
            value_f += Fraction(int(num), int(den))
        value = float(value_f)
    if not 0 <= value <= 40:
        raise QuizAnswerError(f"{text.strip()} is out of range: answers are between 0 and 40")
    return value


def format_value(value: float) -> str:
    """``"2½"`` for 2.5, ``"½"`` for 0.5, ``"12"`` for 12, ``"9.4"`` for an estimate."""
    if value == int(value):
        return str(int(value))
    if value * 2 == int(value * 2):
        whole = int(value)
        return f"{whole}½" if whole else "½"
    return f"{value:.1f}"


def check(question: Question, answer_text: str) -> Result:
    """Check an answer; raises ``QuizAnswerError`` when ``answer_text`` is not a number."""
    given = parse_answer(answer_text)
    expected = question.answer
    if question.kind == PARTNERSHIP_TRICKS:
        correct = abs(given - expected) <= PARTNERSHIP_TOLERANCE
    else:
        correct = abs(given - expected) < 1e-9
    return Result(question, given, correct, expected, breakdown(question))


# --- per-suit explanations -----------------------------------------------------------------------


def hcp_count(suit: int, holding: int) -> SuitCount:
    """The suit's HCP and the honours that earn them (A 4, K 3, Q 2, J 1)."""
    values = {"A": 4, "K": 3, "Q": 2, "J": 1}
    honours = "".join(c for c in holding_text(holding) if c in values)
    points = tuple(values[c] for c in honours)
    reason = "honours" if honours else "no_honours"
    return SuitCount(suit, holding, float(sum(points)), reason, honours=honours, points=points)


def quick_trick_count(suit: int, holding: int) -> SuitCount:
    """Quick tricks of one suit (AK 2, AQ 1½, A 1, KQ 1, Kx ½) and the honours that earn them."""
    value = int(tables.QUICK_TRICKS_HALVES[holding]) / 2
    a, k, q = bool(holding & tables.ACE), bool(holding & tables.KING), bool(holding & tables.QUEEN)
    if a and k:
        reason, honours = "AK", "AK"
    elif a and q:
        reason, honours = "AQ", "AQ"
    elif a:
        reason, honours = "A", "A"
    elif k and q:
        reason, honours = "KQ", "KQ"
    elif k and holding.bit_count() >= 2:
        reason, honours = "Kx", "K"
    elif k:
        reason, honours = "singleton_K", "K"
    else:
        reason, honours = "no_A_or_K", ""
    return SuitCount(suit, holding, value, reason, honours=honours)


def loser_count(suit: int, holding: int) -> SuitCount:
    """Losing-trick count of one suit: the A, K and Q missing among the top min(length, 3) cards."""
    length = holding.bit_count()
    losers = float(tables.LOSERS[holding])
    if length == 0:
        return SuitCount(suit, holding, losers, "void")
    counted = "AKQ"[: min(length, 3)]
    text = holding_text(holding)
    present = "".join(c for c in counted if c in text)
    if length == 1:
        reason = "singleton_A" if present else "singleton"
    elif length == 2 and "Q" in text:
        reason = "doubleton_Q"
    else:
        reason = "top_cards"
    return SuitCount(suit, holding, losers, reason, honours=present, counted=counted)


def playing_trick_count(suit: int, holding: int) -> SuitCount:
    """Playing tricks of one suit by the per-suit play-out of the Old Lady write-up "Tricky Trick-y Algorithm": rounds
    won, lost, cards left over."""
    if not holding:
        return SuitCount(suit, holding, 0.0, "void")
    rounds = tables.suit_play_rounds(holding)
    return SuitCount(suit, holding, float(tables.PLAYING_TRICKS[holding]), "play_out", rounds=rounds)


_COUNTS = {HCP: hcp_count, QUICK_TRICKS: quick_trick_count, LOSERS: loser_count, PLAYING_TRICKS: playing_trick_count}


def suit_counts(kind: str, hand: Hand) -> tuple[SuitCount, ...]:
    """The four ``SuitCount`` of a hand measure (``HCP``, ``QUICK_TRICKS``, ``LOSERS``, ``PLAYING_TRICKS``)."""
    return tuple(_COUNTS[kind](suit, holding) for suit, holding in enumerate(hand.holdings))


def breakdown(question: Question) -> Breakdown:
    """How the question's answer is counted (the same whatever the answer was)."""
    if question.kind == PARTNERSHIP_TRICKS:
        estimate = tricks.estimate_explanation(
            question.hand, question.deal.hand(question.partner), question.strain or "NT"
        )
        suits = partnership_suits(question.hand, question.deal.hand(question.partner), question.strain or "NT")
        return Breakdown(question.kind, (), estimate.estimate, estimate, suits)
    counts = suit_counts(question.kind, question.hand)
    return Breakdown(question.kind, counts, sum(c.value for c in counts))


def _suit_label(suit: int, holding: int) -> str:
    return f"{SUIT_SYMBOLS[suit]} {holding_text(holding) or '—'}"


def _plural(n: float, word: str) -> str:
    if n == 1:
        return f"one {word}"
    if n == int(n) and 0 <= n < len(_NUMBER_WORDS):
        return f"{_NUMBER_WORDS[int(n)]} {word}s"
    return f"{format_value(n)} {word}s"


_QUICK_TRICK_WHY = {
    "AK": "A and K",
    "AQ": "A and Q",
    "A": "A",
    "KQ": "K and Q",
    "Kx": "K with another card",
    "singleton_K": "a singleton K counts nothing",
    "no_A_or_K": "no A and no K",
}


def suit_line(kind: str, c: SuitCount) -> str:
    """One breakdown line in English, made from the ``SuitCount`` alone."""
    label = _suit_label(c.suit, c.holding)
    if kind == HCP:
        if len(c.points) > 1:
            return f"{label}: {'+'.join(map(str, c.points))} = {format_value(c.value)}"
        return f"{label}: {format_value(c.value)}" if c.points else f"{label}: no honours, 0"
    if kind == QUICK_TRICKS:
        v = c.value
        count = "no quick tricks" if v == 0 else f"{format_value(v)} quick trick{'s' if v > 1 else ''}"
        return f"{label}: {_QUICK_TRICK_WHY[c.reason]}, {count}"
    if kind == LOSERS:
        if c.reason == "void":
            return f"{label}: void, no losers"
        if c.reason == "singleton_A":
            honours = "singleton A"
        elif c.reason == "singleton":
            honours = "singleton without the A"
        else:
            honours = " and ".join(c.honours) if c.honours else "no " + " or ".join(c.counted)
            if c.reason == "doubleton_Q":
                honours += " (a doubleton's Q does not count)"
        return f"{label}: {honours}, {_plural(c.value, 'loser') if c.value else 'no losers'}"
    if kind == PLAYING_TRICKS:
        if c.rounds is None:
            return f"{label}: void, no tricks"
        won, lost, left = c.rounds
        parts = [f"win {won} round{'s' * (won != 1)}", f"lose {lost}"]
        if left:
            parts.append(f"{left} card{'s' * (left != 1)} left over")
        return f"{label}: {', '.join(parts)} = {_plural(c.value, 'trick') if c.value else 'no tricks'}"
    raise BridgeError(f"no per-suit breakdown for {kind!r}")


def partnership_line(p: PartnershipSuit) -> str:
    """``"♠ AK752 opposite Q4 (trumps): 7 cards, A K Q between you = five tricks"``, in English."""
    mine = holding_text(p.holding) or "—"
    theirs = holding_text(p.partner_holding) or "—"
    trumps = " (trumps)" if p.trumps else ""
    honours = f"{' '.join(p.honours)} between you" if p.honours else "no honours"
    count = _plural(p.tricks, "trick") if p.tricks else "no tricks"
    return f"{SUIT_SYMBOLS[p.suit]} {mine} opposite {theirs}{trumps}: {p.length} cards, {honours} = {count}"


def _lines(kind: str, hand: Hand) -> list[str]:
    counts = suit_counts(kind, hand)
    return list(Breakdown(kind, counts, sum(c.value for c in counts)).lines())


def hcp_lines(hand: Hand) -> list[str]:
    """``"♠ AKJ: 4+3+1 = 8"`` for each suit, then the total."""
    return _lines(HCP, hand)


def quick_trick_line(suit: int, holding: int) -> str:
    """The quick-trick rule for one suit, naming the honours that earn it."""
    return suit_line(QUICK_TRICKS, quick_trick_count(suit, holding))


def quick_trick_lines(hand: Hand) -> list[str]:
    return _lines(QUICK_TRICKS, hand)


def loser_line(suit: int, holding: int) -> str:
    """Losing-trick count of one suit: the A, K and Q missing among the top min(length, 3) cards."""
    return suit_line(LOSERS, loser_count(suit, holding))


def loser_lines(hand: Hand) -> list[str]:
    return _lines(LOSERS, hand)


def playing_trick_line(suit: int, holding: int) -> str:
    """The play-out of one suit from the Old Lady write-up "Tricky Trick-y Algorithm": rounds won and lost against the
    opponents' pool, then cards left."""
    return suit_line(PLAYING_TRICKS, playing_trick_count(suit, holding))


def playing_trick_lines(hand: Hand) -> list[str]:
    return _lines(PLAYING_TRICKS, hand)


def explain(question: Question) -> list[str]:
    """The breakdown lines for a question in English (``breakdown(question).lines()``)."""
    return list(breakdown(question).lines())


# --- questions -----------------------------------------------------------------------------------


def _answer(kind: str, deal: Deal, seat: int, strain: str | None) -> float:
    hand = deal.hand(seat)
    if kind == HCP:
        return float(hand.hcp)
    if kind == QUICK_TRICKS:
        return hand.quick_tricks
    if kind == LOSERS:
        return float(hand.losers)
    if kind == PLAYING_TRICKS:
        return float(hand.playing_tricks)
    if kind == PARTNERSHIP_TRICKS:
        return round(tricks.estimate_tricks(hand, deal.hand((seat + 2) % 4), strain or "NT"), 1)
    raise BridgeError(f"unknown question kind {kind!r}; kinds are {', '.join(KINDS)}")


def partnership_strain(declarer: Hand, dummy: Hand) -> str:
    """The strain a partnership question asks about: the longest fit if 8+ cards, else notrump.

    Ties go as in the benchmark (``tricks.fit_contracts``): more combined HCP in the suit, then the
    higher-ranking suit.
    """
    keys = []
    for suit, (a, b) in enumerate(zip(declarer.holdings, dummy.holdings, strict=True)):
        points = int(tables.HCP[a]) + int(tables.HCP[b])
        keys.append((a.bit_count() + b.bit_count(), points, -suit))
    length, _, minus_suit = max(keys)
    return "SHDC"[-minus_suit] if length >= 8 else "NT"


def make_question(deal: Deal, kind: str, seat: int) -> Question:
    """A question of ``kind`` on ``seat``'s hand (for partnership tricks ``seat`` declares; see ``partnership_strain``)."""
    if kind not in KINDS:
        raise BridgeError(f"unknown question kind {kind!r}; kinds are {', '.join(KINDS)}")
    strain = None
    if kind == PARTNERSHIP_TRICKS:
        strain = partnership_strain(deal.hand(seat), deal.hand((seat + 2) % 4))
    return Question(kind, deal, seat, _answer(kind, deal, seat, strain), strain)


def questions_from_deals(
    deals: np.ndarray,
    *,
    kinds: tuple[str, ...] = KINDS,
    seats: tuple[int, ...] = (2,),
    seed: int | None = None,
) -> list[Question]:
    """One question per deal of an ``(n, 4)`` batch, kind and seat drawn at random from ``kinds`` and ``seats``.

    ``seats`` defaults to South, the hand a student usually sits in.
    """
    if not kinds:
        raise BridgeError("choose at least one kind of question")
    if not seats:
        raise BridgeError("choose at least one seat to ask about")
    rng = make_rng(seed)
    result = []
    for row in np.asarray(deals, dtype=np.uint64).tolist():
        kind = kinds[int(rng.integers(len(kinds)))]
        seat = seats[int(rng.integers(len(seats)))]
        result.append(make_question(Deal.from_masks(row), kind, seat))
    return result


def make_questions(
    request: DealRequest,
    count: int,
    *,
    seed: int | None = None,
    kinds: tuple[str, ...] = KINDS,
    seats: tuple[int, ...] = (2,),
) -> list[Question]:
    """Deal ``count`` boards to ``request`` (``planner.deal``) and ask one question on each.

    Same seed, same questions.  May take long for a rare request: call it from a worker.
    """
    from bridgegui.engine.dealer import planner

    deals = planner.deal(request, count, seed=seed)
    question_seed = None if seed is None else seed + 1
    return questions_from_deals(deals, kinds=kinds, seats=seats, seed=question_seed)
