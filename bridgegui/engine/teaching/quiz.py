"""The evaluation quiz: questions on dealt hands, answer checking with a per-suit explanation, a running score.

Pure logic for the keyboard-driven quiz window (menu Practice → Evaluation quiz); no Qt here.

* ``make_questions(request, count, seed=…)`` deals ``count`` boards fitting the current constraints
  (``planner.deal`` with the same ``DealRequest`` the main window uses) and asks one question per
  board.  Dealing a rare request can take a while, so the GUI calls it from a worker, a batch at a
  time, and keeps the questions in a queue.  ``questions_from_deals`` does the same for deals in hand.
* A question asks for one hand's HCP, quick tricks, losing-trick count or playing tricks (seed 003's
  heuristic, ``tables.PLAYING_TRICKS``), or a partnership's tricks in a strain (``tricks.estimate_tricks``).
* ``check(question, "11")`` reads the answer (``"2.5"``, ``"2½"``, ``"2 1/2"`` and ``"2,5"`` all read as
  2.5) and returns a ``Result``: right or wrong, the right value, and a breakdown, one line a suit,
  that explains the count (``"♥ KQ5: K and Q, one loser"``, ``"♠ AKJ: 4+3+1 = 8"``).  An answer that
  is not a number raises ``QuizAnswerError`` (a ``BridgeError``: show its text, do not score it).
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
from bridgegui.engine.constraints import DealRequest
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
class Result:
    """The verdict on one answer: ``correct``, the right value and the explanation, one line a suit.

    ``breakdown`` ends with a total line; ``message`` is the one-line verdict for the status area.
    """

    question: Question
    given: float
    correct: bool
    expected: float
    breakdown: tuple[str, ...]
    message: str


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
    lines = tuple(explain(question))
    unit = KIND_NAMES[question.kind]
    if question.kind == PARTNERSHIP_TRICKS:
        verdict = "Right" if correct else "Not quite"
        message = f"{verdict}: about {format_value(expected)} tricks (you said {format_value(given)}; within one trick counts as right)"
    elif correct:
        message = f"Right: {format_value(expected)} {unit}"
    else:
        message = f"Not quite: {format_value(expected)} {unit}, you said {format_value(given)}"
    return Result(question, given, correct, expected, lines, message)


# --- per-suit explanations -----------------------------------------------------------------------


def _suit_label(suit: int, holding: int) -> str:
    return f"{SUIT_SYMBOLS[suit]} {holding_text(holding) or '—'}"


def _plural(n: float, word: str) -> str:
    if n == 1:
        return f"one {word}"
    if n == int(n) and 0 <= n < len(_NUMBER_WORDS):
        return f"{_NUMBER_WORDS[int(n)]} {word}s"
    return f"{format_value(n)} {word}s"


def hcp_lines(hand: Hand) -> list[str]:
    """``"♠ AKJ: 4+3+1 = 8"`` for each suit, then the total."""
    values = {"A": 4, "K": 3, "Q": 2, "J": 1}
    lines, totals = [], []
    for suit, holding in enumerate(hand.holdings):
        text = holding_text(holding)
        parts = [values[c] for c in text if c in values]
        points = sum(parts)
        totals.append(points)
        if len(parts) > 1:
            lines.append(f"{_suit_label(suit, holding)}: {'+'.join(map(str, parts))} = {points}")
        elif parts:
            lines.append(f"{_suit_label(suit, holding)}: {points}")
        else:
            lines.append(f"{_suit_label(suit, holding)}: no honours, 0")
    lines.append(f"Total: {' + '.join(map(str, totals))} = {sum(totals)} HCP")
    return lines


def quick_trick_line(suit: int, holding: int) -> str:
    """Seed 003's rule for one suit, naming the honours that earn it."""
    halves = int(tables.QUICK_TRICKS_HALVES[holding])
    a, k, q = bool(holding & tables.ACE), bool(holding & tables.KING), bool(holding & tables.QUEEN)
    if a and k:
        why = "A and K"
    elif a and q:
        why = "A and Q"
    elif a:
        why = "A"
    elif k and q:
        why = "K and Q"
    elif k and holding.bit_count() >= 2:
        why = "K with another card"
    elif k:
        why = "a singleton K counts nothing"
    else:
        why = "no A and no K"
    value = halves / 2
    count = "no quick tricks" if value == 0 else f"{format_value(value)} quick trick{'s' if value > 1 else ''}"
    return f"{_suit_label(suit, holding)}: {why}, {count}"


def quick_trick_lines(hand: Hand) -> list[str]:
    lines = [quick_trick_line(s, h) for s, h in enumerate(hand.holdings)]
    values = [int(tables.QUICK_TRICKS_HALVES[h]) / 2 for h in hand.holdings]
    lines.append(f"Total: {' + '.join(format_value(v) for v in values)} = {format_value(sum(values))} quick tricks")
    return lines


def loser_line(suit: int, holding: int) -> str:
    """Losing-trick count of one suit: the A, K and Q missing among the top min(length, 3) cards."""
    length = holding.bit_count()
    losers = int(tables.LOSERS[holding])
    label = _suit_label(suit, holding)
    if length == 0:
        return f"{label}: void, no losers"
    counted = "AKQ"[: min(length, 3)]
    present = [c for c in counted if c in holding_text(holding)]
    honours = " and ".join(present) if present else "no " + " or ".join(counted)
    if length == 1:
        honours = "singleton A" if present else "singleton without the A"
    elif length == 2 and "Q" in holding_text(holding) and "Q" not in counted:
        honours += " (a doubleton's Q does not count)"
    return f"{label}: {honours}, {_plural(losers, 'loser') if losers else 'no losers'}"


def loser_lines(hand: Hand) -> list[str]:
    lines = [loser_line(s, h) for s, h in enumerate(hand.holdings)]
    values = [int(tables.LOSERS[h]) for h in hand.holdings]
    lines.append(f"Total: {' + '.join(map(str, values))} = {sum(values)} losers")
    return lines


def playing_trick_line(suit: int, holding: int) -> str:
    """Seed 003's play-out of one suit: rounds won and lost against the opponents' pool, then cards left."""
    label = _suit_label(suit, holding)
    if not holding:
        return f"{label}: void, no tricks"
    won, lost, left = tables.suit_play_rounds(holding)
    tricks_ = int(tables.PLAYING_TRICKS[holding])
    parts = [f"win {won} round{'s' * (won != 1)}", f"lose {lost}"]
    if left:
        parts.append(f"{left} card{'s' * (left != 1)} left over")
    return f"{label}: {', '.join(parts)} = {_plural(tricks_, 'trick') if tricks_ else 'no tricks'}"


def playing_trick_lines(hand: Hand) -> list[str]:
    lines = [playing_trick_line(s, h) for s, h in enumerate(hand.holdings)]
    values = [int(tables.PLAYING_TRICKS[h]) for h in hand.holdings]
    lines.append(f"Total: {' + '.join(map(str, values))} = {sum(values)} playing tricks")
    return lines


def explain(question: Question) -> list[str]:
    """The breakdown lines for a question (the same whatever the answer was)."""
    hand = question.hand
    if question.kind == HCP:
        return hcp_lines(hand)
    if question.kind == QUICK_TRICKS:
        return quick_trick_lines(hand)
    if question.kind == LOSERS:
        return loser_lines(hand)
    if question.kind == PLAYING_TRICKS:
        return playing_trick_lines(hand)
    return tricks.explain_estimate(hand, question.deal.hand(question.partner), question.strain or "NT")


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
    from bridgegui.engine import planner

    deals = planner.deal(request, count, seed=seed)
    question_seed = None if seed is None else seed + 1
    return questions_from_deals(deals, kinds=kinds, seats=seats, seed=question_seed)
