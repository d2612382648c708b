"""Frequency tables for teaching: hand patterns, HCP and suit splits of a set of deals against the exact odds.

A teacher asks "how often is partner 4-3-3-3?" or checks a board set; the window shows a table and a
bar chart built from the rows here.  The input is a batch (an ``(n, 4)`` array of deals: the current
board set via ``batch_from_boards``, or a simulated sample of any size via ``sample``), and each table
is a ``FrequencyTable`` of ``Row(label, observed, observed_pct, exact_pct, exact_count)``.

The exact column is the probability for a *random* deal, computed exactly by ``stats.py`` (pattern
counts are products of binomials and sum to C(52, 13) hands; HCP by a dynamic programme over the
honours; splits by the hypergeometric law).  For a sample dealt to constraints the observed column
shows what the constraints do to the odds, which is the point of the comparison; the chi-square
(``FrequencyTable.goodness_of_fit``) only means "is this set random?" for an unconstrained set.
"""

from __future__ import annotations

import threading
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from math import comb

import numpy as np

from bridgegui.engine import evaluation, stats
from bridgegui.engine.boards import Board
from bridgegui.engine.cards import SEAT_NAMES, SUIT_NAMES
from bridgegui.engine.dealer.constraints import DealRequest
from bridgegui.engine.errors import BridgeError

SIDES = {"NS": (0, 2), "EW": (1, 3)}


@dataclass(frozen=True, slots=True)
class Row:
    """One line of a frequency table (and one bar of its chart).

    ``exact_count`` is the number of hands (or of splits, out of C(26, k)) in the exact law when it is
    an integer count, so a table's exact counts can be checked to sum to the whole (C(52, 13) hands).
    """

    label: str
    observed: int
    observed_pct: float
    exact_pct: float
    exact_count: int | None = None


@dataclass(frozen=True, slots=True)
class FrequencyTable:
    """Rows ready for a table view and a bar chart; ``total`` is the number of observations."""

    title: str
    rows: tuple[Row, ...]
    total: int
    unit: str
    """What one observation is: ``"hands"`` or ``"suits"``."""

    def goodness_of_fit(self) -> stats.ChiSquare:
        """Chi-square of the observed counts against the exact probabilities (meaningful for a random set)."""
        if self.total == 0:
            raise BridgeError("no observations to test")
        return stats.chi_square_test(
            {r.label: r.observed for r in self.rows}, {r.label: r.exact_pct / 100 for r in self.rows}
        )

    def nonzero(self) -> FrequencyTable:
        """The rows that were observed or have at least 0.01% exact probability (a shorter table)."""
        rows = tuple(r for r in self.rows if r.observed or r.exact_pct >= 0.01)
        return FrequencyTable(self.title, rows, self.total, self.unit)


def _hands(batch: np.ndarray, seats: Sequence[int] | None) -> np.ndarray:
    b = np.asarray(batch, dtype=np.uint64)
    if b.ndim == 1:
        return b
    if b.ndim != 2 or b.shape[1] != 4:
        raise BridgeError("frequencies need an (n, 4) batch of deals or a 1-d array of hands")
    cols = list(range(4)) if seats is None else [int(s) for s in seats]
    return b[:, cols].ravel()


def _pct(count: int, total: int) -> float:
    return 100.0 * count / total if total else 0.0


def _seat_words(seats: Sequence[int] | None) -> str:
    if seats is None:
        return "all four hands"
    return ", ".join(SEAT_NAMES[s] for s in seats)


def pattern_label(pattern: Sequence[int]) -> str:
    """``"4-4-3-2"``: lengths longest first."""
    return "-".join(str(int(x)) for x in pattern)


def exact_pattern_rows() -> tuple[Row, ...]:
    """The 39 hand patterns with their exact number of hands (summing to C(52, 13)), commonest first."""
    total = stats.HANDS
    return tuple(Row(pattern_label(p), 0, 0.0, _pct(n, total), n) for p, n in stats.pattern_counts().items())


def pattern_table(batch: np.ndarray, seats: Sequence[int] | None = None) -> FrequencyTable:
    """Hand patterns (any suit order) of the hands of ``seats`` (all four when ``None``) against the exact odds.

    ``batch`` is ``(n, 4)`` deals or a 1-d array of hands.  Rows: all 39 patterns, commonest first.
    """
    hands = _hands(batch, seats)
    lengths = evaluation.suit_lengths(hands)
    codes = evaluation.pattern_code(lengths)
    uniq, counts = np.unique(codes, return_counts=True)
    observed = dict(zip(uniq.tolist(), counts.tolist(), strict=True))
    n = int(hands.shape[0])
    rows = []
    for pattern, exact in stats.pattern_counts().items():
        code = evaluation.shape_code(np.array(pattern))
        obs = int(observed.get(int(code), 0))
        rows.append(Row(pattern_label(pattern), obs, _pct(obs, n), _pct(exact, stats.HANDS), exact))
    return FrequencyTable(f"Hand patterns ({_seat_words(seats)})", tuple(rows), n, "hands")


def hcp_table(batch: np.ndarray, seats: Sequence[int] | None = None) -> FrequencyTable:
    """High-card points 0..37 of the hands of ``seats`` against the exact odds."""
    hands = _hands(batch, seats)
    counts = np.bincount(evaluation.hcp(hands).astype(np.int64).ravel(), minlength=38)
    n = int(hands.shape[0])
    exact = stats.hcp_counts()
    rows = tuple(
        Row(str(p), int(counts[p]), _pct(int(counts[p]), n), _pct(exact[p], stats.HANDS), exact[p]) for p in range(38)
    )
    return FrequencyTable(f"HCP ({_seat_words(seats)})", rows, n, "hands")


def split_label(a: int, b: int) -> str:
    """``"3-2"``: the larger part first (splits are counted without regard to which defender)."""
    return f"{max(a, b)}-{min(a, b)}"


def suit_split_table(
    batch: np.ndarray, side_cards: int, *, side: str = "NS", suit: int | None = None
) -> FrequencyTable:
    """How the defenders' cards split when ``side`` holds exactly ``side_cards`` cards of a suit.

    Every (deal, suit) where the side holds ``side_cards`` is one observation (only ``suit`` when
    given, 0..3 for S H D C).  The exact column is the hypergeometric law of the ``13 - side_cards``
    outstanding cards between two hidden hands of 13 (as ``stats.suit_split_probabilities``): exact for a
    random deal whatever the side holds.  ``exact_count`` counts splits out of C(26, outstanding).
    """
    if side not in SIDES:
        raise BridgeError(f"{side!r} is not a side: use NS or EW")
    if not 0 <= side_cards <= 13:
        raise BridgeError("a side holds 0 to 13 cards of a suit")
    b = np.asarray(batch, dtype=np.uint64)
    if b.ndim != 2 or b.shape[1] != 4:
        raise BridgeError("suit splits need an (n, 4) batch of full deals")
    mine = SIDES[side]
    theirs = tuple(s for s in range(4) if s not in mine)
    lengths = evaluation.suit_lengths(b).astype(np.int16)  # (n, 4 seats, 4 suits)
    held = lengths[:, mine[0]] + lengths[:, mine[1]]
    left, right = lengths[:, theirs[0]], lengths[:, theirs[1]]
    suits = list(range(4)) if suit is None else [suit]
    chosen = held[:, suits] == side_cards
    bigger = np.maximum(left, right)[:, suits][chosen]
    out = 13 - side_cards
    observed = np.bincount(bigger.astype(np.int64), minlength=out + 1)
    n = int(bigger.shape[0])
    ways_total = comb(26, out)
    rows = []
    for big in range(out, -1, -1):
        small = out - big
        if small > big or big > 13:
            continue
        # Hypergeometric: C(13, big) * C(13, small) ways for one defender to hold `big`, twice unless even.
        ways = comb(13, big) * comb(13, small) * (1 if big == small else 2)
        obs = int(observed[big])
        rows.append(Row(split_label(big, small), obs, _pct(obs, n), _pct(ways, ways_total), ways))
    where = "a suit" if suit is None else SUIT_NAMES[suit]
    title = f"Defenders' split when {side} hold {side_cards} cards in {where}"
    return FrequencyTable(title, tuple(rows), n, "suits")


def batch_from_boards(boards: Iterable[Board]) -> np.ndarray:
    """The ``(n, 4)`` batch of the boards that have a full deal (others, e.g. headings, are skipped)."""
    rows = [b.deal.hands for b in boards if b.deal is not None and b.deal.is_complete]
    return np.array(rows, dtype=np.uint64).reshape(len(rows), 4)


def sample(
    request: DealRequest | None,
    count: int,
    *,
    seed: int | None = None,
    cancel: threading.Event | None = None,
    workers: int | None = None,
) -> np.ndarray:
    """``count`` deals fitting ``request`` (random deals when ``None``), for a simulated table.

    A million random deals take about a second on one core; a sample of ``parallel.PARALLEL_MIN_DEALS``
    or more is dealt on every core (``workers``, default all) in chunks with their own seed-derived
    streams, so the same seed gives the same sample whatever the number of cores; smaller samples keep
    their one-stream form (and their seeded results).  A constrained request goes through the planner,
    which turns to every core itself once it has tried a million deals.  The GUI runs this in a worker:
    ``cancel`` stops it between batches and returns what was dealt.
    """
    from bridgegui.engine import dealing, parallel

    if (request is None or request.is_empty) and cancel is None and count < parallel.PARALLEL_MIN_DEALS:
        return dealing.deal_batch(count, seed)  # writable, as it always was
    parts = list(sample_batches(request, count, seed=seed, cancel=cancel, workers=workers))
    return np.concatenate(parts) if parts else np.zeros((0, 4), dtype=np.uint64)


def sample_batches(
    request: DealRequest | None,
    count: int,
    *,
    seed: int | None = None,
    cancel: threading.Event | None = None,
    workers: int | None = None,
) -> Iterator[np.ndarray]:
    """The deals of ``sample`` as they are dealt, a batch at a time (read-only arrays), for a window
    whose progress bar moves and whose Cancel answers between batches.

    Concatenated, the batches are exactly ``sample(request, count, seed=seed)``: on every core in
    seed-derived chunks from ``parallel.PARALLEL_MIN_DEALS`` deals, in one stream below that.
    """
    from bridgegui.engine import dealing, parallel
    from bridgegui.engine.dealer import planner

    if request is None or request.is_empty:
        if count >= parallel.PARALLEL_MIN_DEALS:
            batches: Iterator[np.ndarray] = parallel.random_deals(count, seed, workers=workers, cancel=cancel)
        elif cancel is None:
            batches = iter([dealing.deal_batch(count, seed)])
        else:
            batches = _one_stream(count, seed, cancel)
    else:
        batches = (p.deals for p in planner.deal_stream(request, count, seed=seed, cancel=cancel, workers=workers))
    for batch in batches:
        batch.flags.writeable = False
        yield batch


def _one_stream(count: int, seed: int | None, cancel: threading.Event) -> Iterator[np.ndarray]:
    """Random deals from one generator, 65,536 at a time, until ``cancel`` is set."""
    from bridgegui.engine import dealing

    rng = dealing.make_rng(seed)
    done = 0
    while done < count and not cancel.is_set():
        part = dealing.deal_batch(min(65536, count - done), rng=rng)
        done += part.shape[0]
        yield part


def seat_choices() -> list[tuple[str, tuple[int, ...] | None]]:
    """The seat selections a frequency window offers: each seat, each side, all four hands."""
    return [
        *((name, (i,)) for i, name in enumerate(SEAT_NAMES)),
        ("North-South", SIDES["NS"]),
        ("East-West", SIDES["EW"]),
        ("All hands", None),
    ]


__all__ = [
    "FrequencyTable",
    "Row",
    "batch_from_boards",
    "exact_pattern_rows",
    "hcp_table",
    "pattern_table",
    "sample",
    "sample_batches",
    "seat_choices",
    "suit_split_table",
]
