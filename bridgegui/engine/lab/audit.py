"""Auditing deals for randomness: a loaded board set, or a shuffle model simulated in the Shuffle lab.

``audit_boards(boards)`` compares a set of deals with the exact probabilities of ``stats``:

* **Flatness** (the main test).  Hand-shuffled decks hold runs of one suit, and dealing one card at a
  time round the table spreads each run over the four hands, so long suits become rarer than chance
  (Bredrup & Zhang, "Imperfectly shuffled decks in bridge", Table 1: 4-3-3-3 12.9 % instead of 10.5 %; the riffles of
  Ted's Computer World, "Shuffling and Dealing" do the same).  The statistic is ``F``, the number of pairs of cards of
  one suit held by one player in a deal (``sum of C(length, 2)`` over the 16 seat-suit holdings); its exact mean and
  variance under random dealing are in ``flatness_moments``, so the test is a z-test on the set's mean ``F``, two-sided
  at level ``alpha``: too low reads "long suits are rarer than chance: looks hand-shuffled", too high
  "long suits are more common than chance".
* Pattern frequencies and HCP of each seat: chi-square against ``stats.pattern_probabilities`` and
  ``stats.hcp_probabilities`` (``stats.chi_square_test`` pools bins expected below 5).
* Card by seat: each card should be held by each seat a quarter of the time.  The 52 x 4 table has
  fixed margins in every deal (13 cards a seat, one seat a card), so Pearson's statistic times
  ``51/52`` is chi-square with ``51 * 3 = 153`` degrees of freedom (the single-deal covariance is
  ``(52/51)/4`` times the product of the two centring projections).
* Repeated deals: among random deals a repeat essentially never happens (5.4e28 deals).

The secondary checks (8 chi-square tests and card by seat) each use level ``alpha / 9`` (Bonferroni),
so a random set fails somewhere with probability at most about ``2 * alpha``.

What cannot be tested: a deal records who holds each card, not the order the cards came off the
deck, so the ties test of Bredrup & Zhang, "Imperfectly shuffled decks in bridge" does not apply to a board set (it
needs decks: ``ties_test``).  And small sets have little power: the flatness effect of the Tromsø club decks (Markov
``p = 0.384``) needs about ``boards_needed(REFERENCE_EFFECTS["markov:0.384"])`` = 165 boards to be detected nine times
in ten at ``alpha = 0.01``, and decks riffled four times about 2,300 (see ``REFERENCE_EFFECTS``).

``simulate_model(model, n, rng)`` is the Shuffle lab's engine: it deals ``n`` decks from a model in
chunks and yields running tallies of hand patterns, the split of the four cards missing from a
nine-card fit, the ties test and the flatness statistic, for a worker to forward to the dialog.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from statistics import NormalDist
from types import MappingProxyType

import numpy as np

from bridgegui.engine import evaluation, stats
from bridgegui.engine.boards import Board
from bridgegui.engine.cards import CARD_BITS, SEAT_NAMES
from bridgegui.engine.lab.shuffles import MarkovShuffle, ShuffleModel, deal_decks, deck_suits, decks_from_suits
from bridgegui.engine.lab.ties import TiesTestResult, count_ties, ties_test_from_total

Pattern = tuple[int, int, int, int]

MIN_BOARDS = 20
"""Below this the card-by-seat table expects fewer than 5 per cell and no test says much."""

SECONDARY_CHECKS = 9
"""Patterns and HCP for four seats, and card by seat: the Bonferroni divisor for their level."""

_NORMAL = NormalDist()
_CARD_BITS = np.array(CARD_BITS, dtype=np.uint64)


# --------------------------------------------------------------------------------------------
# The flatness statistic


@cache
def flatness_moments() -> tuple[Fraction, Fraction]:
    """Exact mean and variance of ``F`` (pairs of same-suit cards in one hand) for a random deal.

    ``F`` sums, over the 312 pairs of cards of one suit, the indicator that one player holds both.
    Two given cards share a hand with probability ``q = 12/51``; three with ``q * 11/50``; two
    disjoint pairs each share a hand with ``q * (11*10 + 39*12) / (50*49)`` (the second pair in the
    first pair's hand, or both in one of the other three).  Of the ``312**2`` ordered pairs of pairs,
    312 are equal, 6,864 share one card and 90,168 are disjoint, so ``E[F] = 312 q = 73.41`` and
    ``Var[F] = 44.68``.  ``sum of length**2`` over a deal's 16 holdings is ``2 F + 52``.
    """
    q = Fraction(12, 51)
    three = q * Fraction(11, 50)
    four = q * Fraction(11 * 10 + 39 * 12, 50 * 49)
    pairs = 4 * math.comb(13, 2)
    sharing = 52 * math.comb(12, 2) * 2
    disjoint = pairs * pairs - pairs - sharing
    variance = pairs * q * (1 - q) + sharing * (three - q * q) + disjoint * (four - q * q)
    return pairs * q, variance


def flatness(batch: np.ndarray) -> np.ndarray:
    """``F`` for each deal of an ``(n, 4)`` batch: same-suit pairs of cards held by one player."""
    lengths = evaluation.suit_lengths(np.asarray(batch, dtype=np.uint64)).astype(np.int64)
    return (lengths * (lengths - 1) // 2).sum(axis=(1, 2))


@dataclass(frozen=True)
class FlatnessEffect:
    """How a model shifts ``F``: ``shift = E_random[F] - E_model[F]`` (positive = flatter), and sd of ``F``."""

    shift: float
    sd: float


REFERENCE_EFFECTS: Mapping[str, FlatnessEffect] = MappingProxyType(
    {
        "markov:0.3": FlatnessEffect(0.640, 6.44),
        "markov:0.384": FlatnessEffect(1.934, 5.93),
        "markov:0.45": FlatnessEffect(3.110, 5.49),
        "riffle:2": FlatnessEffect(1.883, 5.94),
        "riffle:3": FlatnessEffect(0.990, 6.30),
        "riffle:4": FlatnessEffect(0.529, 6.46),
        "riffle:5": FlatnessEffect(0.286, 6.57),
        "riffle:6": FlatnessEffect(0.153, 6.62),
    }
)
"""Measured with ``flatness_effect`` on 300,000 deals each (standard error of a shift about 0.016),
for the models of ``shuffles`` (riffles from a gathered deck, dealt from North's left).  The test
suite re-measures ``markov:0.384``."""


def flatness_effect(model: ShuffleModel, n: int, rng: np.random.Generator) -> FlatnessEffect:
    """Measure a model's ``FlatnessEffect`` by dealing ``n`` deals."""
    f = flatness(model.deal(n, rng)).astype(float)
    mean, _ = flatness_moments()
    return FlatnessEffect(float(mean) - float(f.mean()), float(f.std()))


def flatness_power(effect: FlatnessEffect, boards: int, alpha: float = 0.01) -> float:
    """Probability that the two-sided flatness test at ``alpha`` detects ``effect`` with ``boards`` deals.

    Normal approximation: the set's mean ``F`` has sd ``sigma0 / sqrt(n)`` under random dealing and
    ``effect.sd / sqrt(n)`` under the model; the lower rejection bound is ``mu0 - z sigma0 / sqrt(n)``.
    """
    if boards < 1:
        return 0.0
    _, variance = flatness_moments()
    sigma0 = math.sqrt(variance)
    z = _NORMAL.inv_cdf(1 - alpha / 2)
    return _NORMAL.cdf((effect.shift * math.sqrt(boards) - z * sigma0) / effect.sd)


def boards_needed(effect: FlatnessEffect, alpha: float = 0.01, power: float = 0.9) -> int:
    """Boards for the flatness test to detect ``effect`` with probability ``power`` (two-sided ``alpha``)."""
    if effect.shift <= 0:
        raise ValueError("only a flattening effect (positive shift) can be detected by this test")
    _, variance = flatness_moments()
    root = (_NORMAL.inv_cdf(1 - alpha / 2) * math.sqrt(variance) + _NORMAL.inv_cdf(power) * effect.sd) / effect.shift
    return math.ceil(root * root)


# --------------------------------------------------------------------------------------------
# Tallies shared by the audit and the lab


def pattern_counts(hands: np.ndarray) -> dict[Pattern, int]:
    """How many of the hand masks (any shape) have each pattern (lengths longest first)."""
    codes = evaluation.pattern_code(evaluation.suit_lengths(np.asarray(hands, dtype=np.uint64))).ravel()
    values, counts = np.unique(codes, return_counts=True)
    result: dict[Pattern, int] = {}
    for code, count in zip(values.tolist(), counts.tolist(), strict=True):
        a, rest = divmod(code, 14**3)
        b, rest = divmod(rest, 14**2)
        c, d = divmod(rest, 14)
        result[(a, b, c, d)] = count
    return result


FIT_SPLITS = ("2-2", "3-1", "4-0")


def fit_split_counts(batch: np.ndarray) -> tuple[int, int, int]:
    """How the four missing cards split, over every suit in which one side holds exactly nine.

    Counts both sides (N-S with nine, the E-W split; E-W with nine, the N-S split), as 2-2, 3-1, 4-0.
    Random dealing gives 40.7 %, 49.7 %, 9.6 % (``stats.suit_split_probabilities(4)``); the Table 1
    decks of Bredrup & Zhang, "Imperfectly shuffled decks in bridge" give 41.8 %, 50.1 %, 8.1 %.
    """
    lengths = evaluation.suit_lengths(np.asarray(batch, dtype=np.uint64)).astype(np.int64)  # (n, seat, suit)
    ns = lengths[:, 0] + lengths[:, 2]
    short = np.concatenate(
        [
            np.minimum(lengths[:, 1], lengths[:, 3])[ns == 9],
            np.minimum(lengths[:, 0], lengths[:, 2])[ns == 4],
        ]
    )
    counts = np.bincount(short, minlength=3)
    return int(counts[2]), int(counts[1]), int(counts[0])


def fit_split_probabilities() -> tuple[float, float, float]:
    """The exact 2-2, 3-1, 4-0 probabilities of four missing cards (random dealing)."""
    p = stats.suit_split_probabilities(4)
    return float(p[(2, 2)]), float(p[(3, 1)] + p[(1, 3)]), float(p[(4, 0)] + p[(0, 4)])


def suit_length_counts(batch: np.ndarray) -> np.ndarray:
    """How many of the ``16 n`` seat-suit holdings have each length 0..13."""
    lengths = evaluation.suit_lengths(np.asarray(batch, dtype=np.uint64))
    return np.bincount(lengths.ravel().astype(np.int64), minlength=14)


def suit_length_probabilities() -> list[float]:
    """The exact probability that a given hand holds 0..13 cards of a given suit (hypergeometric)."""
    total = math.comb(52, 13)
    return [math.comb(13, k) * math.comb(39, 13 - k) / total for k in range(14)]


# --------------------------------------------------------------------------------------------
# The audit of a board set


@dataclass(frozen=True)
class Check:
    """One test: its name, statistic, degrees of freedom (``None`` for a z-test) and p-value."""

    name: str
    statistic: float
    dof: int | None
    p_value: float

    def passes(self, level: float) -> bool:
        return self.p_value >= level


@dataclass(frozen=True)
class AuditResult:
    """The audit of a board set; ``text()`` is the report, ``verdict`` a code for the GUI.

    ``verdict`` is ``"too-few"`` (fewer than ``MIN_BOARDS`` deals), ``"flat"`` (long suits rarer
    than chance: the hand-shuffled signature), ``"long"`` (long suits more common than chance),
    ``"irregular"`` (a secondary check failed, or deals repeat) or ``"random"`` (consistent with
    random dealing).  ``flatness_p`` is the two-sided p-value of the flatness z-test.
    """

    boards: int
    skipped: int
    repeats: int
    alpha: float
    mean_flatness: float
    expected_flatness: float
    flatness_z: float
    flatness_p: float
    patterns: tuple[Check, ...]
    hcp: tuple[Check, ...]
    card_seat: Check | None
    suit_lengths: tuple[int, ...]
    long_suit_hands: int
    four_three_three_three: int

    @property
    def secondary_level(self) -> float:
        return self.alpha / SECONDARY_CHECKS

    @property
    def failed_checks(self) -> tuple[Check, ...]:
        checks = [*self.patterns, *self.hcp, *([self.card_seat] if self.card_seat else [])]
        return tuple(c for c in checks if not c.passes(self.secondary_level))

    @property
    def verdict(self) -> str:
        if self.boards < MIN_BOARDS:
            return "too-few"
        if self.flatness_p < self.alpha:
            return "flat" if self.flatness_z < 0 else "long"
        if self.failed_checks or self.repeats:
            return "irregular"
        return "random"

    @property
    def power(self) -> float:
        """Chance that this many boards reveal the Tromsø decks' flattening (Markov ``p = 0.384``)."""
        return flatness_power(REFERENCE_EFFECTS["markov:0.384"], self.boards, self.alpha)

    def verdict_text(self) -> str:
        """The plain-language conclusion, one sentence."""
        v = self.verdict
        if v == "too-few":
            return f"Too few boards ({self.boards}) to say anything: at least {MIN_BOARDS} are needed."
        if v == "flat":
            return f"Long suits are rarer than chance: looks hand-shuffled, p = {self.flatness_p:.2g}."
        if v == "long":
            return (
                f"Long suits are more common than chance, p = {self.flatness_p:.2g}: not the hand-shuffling "
                "signature; were the deals chosen or constrained?"
            )
        if v == "irregular":
            reasons = [f"{c.name} p = {c.p_value:.2g}" for c in self.failed_checks]
            if self.repeats:
                reasons.append(f"{self.repeats} repeated deal{'s' if self.repeats != 1 else ''}")
            return "Not consistent with random dealing: " + "; ".join(reasons) + "."
        return "Consistent with random dealing: no test rejects."

    def limitations(self) -> list[str]:
        """What this audit can and cannot tell, as sentences (sized to this set)."""
        reference = REFERENCE_EFFECTS["markov:0.384"]
        needed = boards_needed(reference, self.alpha)
        riffles = boards_needed(REFERENCE_EFFECTS["riffle:4"], self.alpha)
        return [
            "A deal records who holds each card, not the order in which the cards were dealt, so the ties test "
            "(adjacent cards of one suit in the deck, Bredrup & Zhang) cannot be applied to a board set; "
            "it needs the decks themselves.",
            f"With {self.boards:,} boards, a hand-shuffling effect as strong as Bredrup & Zhang's club decks "
            f"(Markov p = 0.384) is detected with probability {100 * self.power:.0f}%; "
            f"about {needed:,} boards give 90%. Decks riffled four times from a gathered deck need about "
            f"{riffles:,} boards, and well-shuffled decks (seven riffles or more) cannot be told from "
            "computer deals by any practical number of boards.",
            "Passing is not proof of randomness: deals can pass every test here and still be predictable "
            "(a weak random generator), and deals made with constraints (point ranges, predealt cards) are "
            "deliberately not random and will fail.",
        ]

    def text(self) -> str:
        """The full report: verdict, the measurements, every test, and the limitations."""
        lines = [
            f"Audit of {self.boards:,} board{'s' if self.boards != 1 else ''}"
            + (f" ({self.skipped} without a full deal skipped)" if self.skipped else "")
            + ".",
            self.verdict_text(),
            "",
        ]
        if self.boards:
            hands = 4 * self.boards
            long_p = 1 - _pattern_mass(lambda p: p[0] <= 5)
            flat_p = stats.pattern_probabilities()[(4, 3, 3, 3)]
            lines += [
                f"Hands with a suit of six or more: {100 * self.long_suit_hands / hands:.1f}% "
                f"(chance {100 * long_p:.1f}%); 4-3-3-3 hands: {100 * self.four_three_three_three / hands:.1f}% "
                f"(chance {100 * flat_p:.1f}%).",
                f"Flatness: {self.mean_flatness:.2f} pairs of same-suit cards in one hand per deal "
                f"(chance {self.expected_flatness:.2f}), z = {self.flatness_z:.2f}, p = {self.flatness_p:.2g} "
                f"(two-sided, level {self.alpha:g}).",
                f"Other tests, each at level {self.secondary_level:.2g} ({self.alpha:g} / {SECONDARY_CHECKS}):",
            ]
            for c in (*self.patterns, *self.hcp, *([self.card_seat] if self.card_seat else [])):
                mark = "ok" if c.passes(self.secondary_level) else "FAILS"
                lines.append(f"  {c.name}: chi-square {c.statistic:.1f} on {c.dof} dof, p = {c.p_value:.3g} {mark}")
            if self.card_seat is None:
                lines.append(f"  card by seat: not tested (needs {MIN_BOARDS} boards)")
            lines.append(f"Repeated deals: {self.repeats}." if self.repeats else "Repeated deals: none.")
        lines += ["", "What this can and cannot tell:"]
        lines += [f"- {s}" for s in self.limitations()]
        return "\n".join(lines)


def _pattern_mass(keep: Callable[[Pattern], bool]) -> float:
    return sum(p for pat, p in stats.pattern_probabilities().items() if keep(pat))


def _batch_from_boards(boards: Sequence[Board]) -> tuple[np.ndarray, int]:
    rows = [b.deal.hands for b in boards if b.deal is not None and b.deal.is_complete]
    return np.array(rows, dtype=np.uint64).reshape(len(rows), 4), len(boards) - len(rows)


def card_seat_check(batch: np.ndarray) -> Check:
    """Card by seat uniformity: Pearson's statistic on the 52 x 4 counts, times 51/52, on 153 dof."""
    b = np.asarray(batch, dtype=np.uint64)
    n = b.shape[0]
    held = np.stack([((b[:, seat, None] & _CARD_BITS) != 0).sum(axis=0) for seat in range(4)], axis=1)
    expected = n / 4
    statistic = float(((held - expected) ** 2).sum() / expected) * 51 / 52
    return Check("card by seat", statistic, 153, stats.chi2_sf(statistic, 153))


def audit_boards(boards: Sequence[Board] | np.ndarray, *, alpha: float = 0.01) -> AuditResult:
    """Audit a board set (``Board`` objects, or an ``(n, 4)`` batch of hand masks) for random dealing.

    Boards without a full deal are skipped and counted.  Seats are compass seats (N, E, S, W as
    written in the file).  See the module docstring for the tests and why.
    """
    if not 0 < alpha < 1:
        raise ValueError("alpha must be between 0 and 1")
    if isinstance(boards, np.ndarray):
        batch = np.ascontiguousarray(boards, dtype=np.uint64).reshape(-1, 4)
        skipped = 0
    else:
        batch, skipped = _batch_from_boards(boards)
    n = batch.shape[0]
    mean0, variance0 = flatness_moments()
    f = flatness(batch)
    mean_f = float(f.mean()) if n else float(mean0)
    z = (mean_f - float(mean0)) / math.sqrt(float(variance0) / n) if n else 0.0
    p_two = 2 * _NORMAL.cdf(-abs(z))
    pattern_probs: dict[object, float] = {k: v for k, v in stats.pattern_probabilities().items()}
    pattern_checks = []
    hcp_checks = []
    hcp_probs = stats.hcp_probabilities()
    if n:
        for seat in range(4):
            observed: dict[object, int] = {k: v for k, v in pattern_counts(batch[:, seat]).items()}
            chi = stats.chi_square_test(observed, pattern_probs)
            pattern_checks.append(Check(f"patterns {SEAT_NAMES[seat]}", chi.statistic, chi.dof, chi.p_value))
            points = np.bincount(evaluation.hcp(batch[:, seat]).astype(np.int64), minlength=38)
            chi = stats.chi_square_test(points.tolist(), hcp_probs)
            hcp_checks.append(Check(f"HCP {SEAT_NAMES[seat]}", chi.statistic, chi.dof, chi.p_value))
    all_patterns = pattern_counts(batch) if n else {}
    repeats = n - int(np.unique(batch, axis=0).shape[0]) if n else 0
    return AuditResult(
        boards=n,
        skipped=skipped,
        repeats=repeats,
        alpha=alpha,
        mean_flatness=mean_f,
        expected_flatness=float(mean0),
        flatness_z=z,
        flatness_p=p_two,
        patterns=tuple(pattern_checks),
        hcp=tuple(hcp_checks),
        card_seat=card_seat_check(batch) if n >= MIN_BOARDS else None,
        suit_lengths=tuple(int(x) for x in suit_length_counts(batch)) if n else (0,) * 14,
        long_suit_hands=sum(c for p, c in all_patterns.items() if p[0] >= 6),
        four_three_three_three=all_patterns.get((4, 3, 3, 3), 0),
    )


# --------------------------------------------------------------------------------------------
# The Shuffle lab: running tallies of a simulated model


@dataclass(frozen=True)
class LabSummary:
    """Running tallies of ``decks`` decks of ``model`` (all four hands of each deal count).

    ``patterns`` maps each pattern to its count over ``4 * decks`` hands; ``fit_splits`` counts
    2-2, 3-1, 4-0 (see ``fit_split_counts``); ``ties`` is the ties test on all decks so far
    (level 0.05); ``mean_flatness`` the mean ``F``.  Immutable: safe to emit from a worker.
    """

    model: str
    description: str
    decks: int
    patterns: tuple[tuple[Pattern, int], ...]
    fit_splits: tuple[int, int, int]
    ties: TiesTestResult
    mean_flatness: float

    def pattern_table(self) -> list[tuple[Pattern, float, float]]:
        """``(pattern, observed fraction, perfect-shuffle probability)`` for the 39 patterns, commonest first."""
        hands = 4 * self.decks
        counts = dict(self.patterns)
        return [(p, counts.get(p, 0) / hands, prob) for p, prob in stats.pattern_probabilities().items()]

    def fit_split_table(self) -> list[tuple[str, float, float]]:
        """``(split, observed fraction, perfect-shuffle probability)`` for 2-2, 3-1, 4-0."""
        total = max(1, sum(self.fit_splits))
        return [
            (name, count / total, prob)
            for name, count, prob in zip(FIT_SPLITS, self.fit_splits, fit_split_probabilities(), strict=True)
        ]


def simulate_model(
    model: ShuffleModel,
    n: int,
    rng: np.random.Generator,
    *,
    chunk: int = 10_000,
    dealer: int = 0,
    workers: int | None = None,
) -> Iterator[LabSummary]:
    """Deal ``n`` decks from ``model`` in chunks, yielding the running ``LabSummary`` after each.

    The Shuffle lab's worker runs this and checks its cancel flag between yields; 100,000 decks of
    the Markov model take a few seconds.  Decks are dealt from ``dealer``'s left (default North).
    The chunks are shuffled and tallied on every core, each from its own generator, the
    ``i``-th child of a ``SeedSequence`` drawn from ``rng`` (``parallel.chunk_rng``), and summed in
    chunk order: a seeded run gives the same summaries whatever the core count.
    """
    from bridgegui.engine import parallel

    if n < 1 or chunk < 1:
        raise ValueError("simulate at least one deck, in chunks of at least one")
    root = parallel.root_sequence(rng=rng)
    sizes = [min(chunk, n - start) for start in range(0, n, chunk)]

    def tally(i: int) -> tuple[int, dict[Pattern, int], np.ndarray, int, int]:
        chunk_rng = parallel.chunk_rng(root, i)
        if isinstance(model, MarkovShuffle):
            suits = model.suits(sizes[i], chunk_rng)
            decks = decks_from_suits(suits, chunk_rng)
        else:
            decks = model.decks(sizes[i], chunk_rng)
            suits = deck_suits(decks)
        batch = deal_decks(decks, dealer)
        splits = np.array(fit_split_counts(batch), dtype=np.int64)
        return sizes[i], pattern_counts(batch), splits, int(count_ties(suits).sum()), int(flatness(batch).sum())

    patterns: dict[Pattern, int] = {}
    splits = np.zeros(3, dtype=np.int64)
    ties_total = 0
    flat_total = 0
    done = 0
    for size, chunk_patterns, chunk_splits, ties, flat in parallel.ordered_map(
        tally, range(len(sizes)), workers=workers
    ):
        for p, c in chunk_patterns.items():
            patterns[p] = patterns.get(p, 0) + c
        splits += chunk_splits
        ties_total += ties
        flat_total += flat
        done += size
        yield LabSummary(
            model=model.spec,
            description=model.describe(),
            decks=done,
            patterns=tuple(sorted(patterns.items(), key=lambda kv: -kv[1])),
            fit_splits=(int(splits[0]), int(splits[1]), int(splits[2])),
            ties=ties_test_from_total(ties_total, done),
            mean_flatness=flat_total / done,
        )
