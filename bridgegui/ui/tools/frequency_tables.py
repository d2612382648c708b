"""What the frequency tables window counts, and the steps its worker runs: no widgets.

The three tables (hand patterns, HCP, suit splits) are the engine's (``engine.teaching.frequencies``);
this module says which one a tab asks for (``TableSpec``), deals a sample in chunks and builds a table
in chunks (generators, so a job can stop between two chunks and the progress bar moves), puts the
exact odds under a constrained set's own constraints in the exact column where the engine computes
them (``engine.teaching.constrained_odds``), chooses the rows worth a bar, and writes the
goodness-of-fit line under a table.
"""

from __future__ import annotations

import threading
from collections.abc import Generator
from dataclasses import dataclass

import numpy as np
from PySide6.QtCore import QCoreApplication

from bridgegui.engine.dealer.constraints import DealRequest
from bridgegui.engine.errors import BridgeError
from bridgegui.engine.teaching import frequencies
from bridgegui.engine.teaching.constrained_odds import Basis, Reason, SetConstraints, TableOdds, odds_steps
from bridgegui.engine.teaching.frequencies import FrequencyTable, Row

PATTERNS = "patterns"
HCP = "hcp"
SPLITS = "splits"
TABLE_KEYS = (PATTERNS, HCP, SPLITS)
CHART_MIN_PCT = 0.5
"""Patterns rarer than this (in both columns) are left out of the chart: their bars would be invisible."""


def sample_steps(
    request: DealRequest | None, count: int, seed: int, cancel: threading.Event
) -> Generator[np.ndarray, None, None]:
    """Deal ``count`` deals to ``request``, yielding each batch (read-only) as it is dealt.

    ``frequencies.sample_batches`` is the engine's sample batch by batch: reproducible from its seed and
    size, on every core from a million deals (seed-derived chunks, so the same sample whatever the core
    count), and it stops at ``cancel`` between batches.
    """
    for deals in frequencies.sample_batches(request, count, seed=seed, cancel=cancel):
        if cancel.is_set():
            return
        yield deals


@dataclass(frozen=True)
class TableSpec:
    """The options of one table, snapshotted for the worker: which hands, or which side, fit and suit."""

    key: str
    seats: tuple[int, ...] | None = None
    side: str = "NS"
    side_cards: int = 8
    suit: int | None = None


def build_table(batch: np.ndarray, spec: TableSpec) -> FrequencyTable:
    """The table ``spec`` asks for (runs in the worker).

    Suit splits are listed evenest first (3-2 before 4-1 before 5-0), the order teachers quote them in;
    the engine lists the larger part first.
    """
    if spec.key == PATTERNS:
        return frequencies.pattern_table(batch, spec.seats)
    if spec.key == HCP:
        return frequencies.hcp_table(batch, spec.seats)
    table = frequencies.suit_split_table(batch, spec.side_cards, side=spec.side, suit=spec.suit)
    return FrequencyTable(table.title, table.rows[::-1], table.total, table.unit)


TABLE_CHUNK = 200_000
"""Deals counted per step when building a table: a tenth of a second, so closing never waits long."""


def merge_tables(parts: list[FrequencyTable]) -> FrequencyTable:
    """One table from tables of disjoint parts of a batch (the engine lists the same rows whatever the data)."""
    first = parts[0]
    total = sum(p.total for p in parts)
    rows = []
    for i, row in enumerate(first.rows):
        observed = sum(p.rows[i].observed for p in parts)
        pct = 100.0 * observed / total if total else 0.0
        rows.append(Row(row.label, observed, pct, row.exact_pct, row.exact_count))
    return FrequencyTable(first.title, tuple(rows), total, first.unit)


def table_steps(batch: np.ndarray, spec: TableSpec, chunk: int = TABLE_CHUNK) -> Generator[None, None, FrequencyTable]:
    """Build ``spec``'s table a chunk of deals at a time, yielding between chunks so a job can stop there.

    A pattern table of two million deals is eight million hands (about two seconds in one call);
    in chunks, Cancel and closing the window answer within a tenth of a second.
    """
    parts = []
    for start in range(0, max(1, batch.shape[0]), chunk):
        parts.append(build_table(batch[start : start + chunk], spec))
        yield None
    return merge_tables(parts)


def judged_table_steps(
    batch: np.ndarray, spec: TableSpec, constraints: SetConstraints
) -> Generator[None, None, tuple[FrequencyTable, TableOdds]]:
    """``table_steps``, then the yardstick of the set dealt to ``constraints`` (exact counts, yielding
    between them), and the table with its exact column under those constraints where they are computed."""
    table = yield from table_steps(batch, spec)
    odds = yield from odds_steps(constraints, spec.key, spec.seats, spec.side)
    return apply_odds(table, odds), odds


def chart_rows(key: str, table: FrequencyTable) -> tuple[Row, ...]:
    """The rows worth a bar: HCP values that occur at all, patterns of 0.5% or more, every split."""
    if key == PATTERNS:
        return tuple(r for r in table.rows if r.exact_pct >= CHART_MIN_PCT or r.observed_pct >= CHART_MIN_PCT)
    if key == HCP:
        return table.nonzero().rows
    return table.rows


def exact_percent_text(value: float) -> str:
    """Exact percentages to two decimals, with enough decimals for the rare patterns to read as non-zero."""
    if value == 0:
        return "0"
    if value >= 0.01:
        return f"{value:.2f}"
    if value >= 0.0001:
        return f"{value:.4f}"
    return "<0.0001"


def apply_odds(table: FrequencyTable, odds: TableOdds) -> FrequencyTable:
    """``table`` with its exact column under the set's own constraints, when they were computed
    (``TableOdds.basis`` ``CONSTRAINED``); otherwise unchanged (the odds of a random deal)."""
    if odds.basis is not Basis.CONSTRAINED or odds.probabilities is None:
        return table
    p = odds.probabilities
    rows = tuple(Row(r.label, r.observed, r.observed_pct, 100.0 * p.get(r.label, 0.0)) for r in table.rows)
    return FrequencyTable(table.title, rows, table.total, table.unit)


def seat_word(seat: int | None) -> str:
    """The seat's name, translated ("the constrained seat" when the odds do not name one)."""
    tr = QCoreApplication.translate
    words = [
        tr("FrequencyWindow", "North"),
        tr("FrequencyWindow", "East"),
        tr("FrequencyWindow", "South"),
        tr("FrequencyWindow", "West"),
    ]
    return words[seat] if seat is not None else tr("FrequencyWindow", "the constrained seat")


def cannot_judge_text(odds: TableOdds) -> str:
    """Why a constrained set's table has no chi-square test, in a teacher's words."""
    tr = QCoreApplication.translate
    seat = seat_word(odds.seat)
    texts = {
        Reason.NOT_UNIFORM: tr(
            "FrequencyWindow", "the set was not dealt at random to constraints (a shuffle model or an auction)"
        ),
        Reason.CONDITION: tr(
            "FrequencyWindow",
            "the set was dealt with an advanced condition, whose effect on these odds is not computed",
        ),
        Reason.PARTNERSHIP: tr(
            "FrequencyWindow",
            "the set was dealt with a partnership constraint (combined points or a fit), whose effect on these "
            "odds is not computed",
        ),
        Reason.SEVERAL_SEATS: tr(
            "FrequencyWindow", "several seats are constrained, and each hand's odds then depend on the others"
        ),
        Reason.OTHER_SEATS: tr(
            "FrequencyWindow",
            "the odds under the constraints are computed for {seat}'s hands alone: choose {seat} under Hands to test them",
        ).format(seat=seat),
        Reason.DEFENDERS: tr(
            "FrequencyWindow", "the defenders' hands are constrained, so their cards are not split at random"
        ),
        Reason.IMPOSSIBLE: tr("FrequencyWindow", "no hand fits the constraints"),
        Reason.OTHER_DEALING: tr(
            "FrequencyWindow",
            "the set was dealt in a way whose odds are not computed here (a mix of scenarios, or hands turned "
            "between the seats)",
        ),
    }
    return texts.get(odds.reason, tr("FrequencyWindow", "the constraints' effect on these odds is not computed"))


def fit_verdict_text(table: FrequencyTable, odds: TableOdds) -> str:
    """The goodness-of-fit line under a table, in words a teacher can read out.

    The chi-square asks whether the deals follow the exact column: the odds of a random deal for a set
    dealt without constraints, the odds under the set's own constraints where ``constrained_odds``
    computes them (against random odds, a fairly dealt 15-17 balanced set was called "not random"), and
    no test at all where neither is honest; the line then says why.
    """
    tr = QCoreApplication.translate
    if table.total == 0:
        return tr(
            "FrequencyWindow",
            "No deals counted yet: count the board set or deal a sample to fill the observed columns.",
        )
    if odds.basis is Basis.CANNOT:
        return tr(
            "FrequencyWindow",
            "No chi-square test: {reason}. The exact column gives the odds of a random deal, for comparison.",
        ).format(reason=cannot_judge_text(odds))
    try:
        fit = table.goodness_of_fit()
    except (BridgeError, ValueError):
        return tr("FrequencyWindow", "No chi-square test for these observations.")
    if fit.bins < 2:
        return tr("FrequencyWindow", "Too few observations for a chi-square test (every expected count is under 5).")
    p_text = "p < 0.0001" if fit.p_value < 0.0001 else f"p = {fit.p_value:.3g}"
    head = tr("FrequencyWindow", "Goodness of fit: χ² = {chi:.1f} with {dof} degrees of freedom, {p}").format(
        chi=fit.statistic, dof=fit.dof, p=p_text
    )
    if fit.p_value >= 0.001 and fit.p_value < 0.05:
        verdict = tr("FrequencyWindow", "some doubt: count more deals before drawing a conclusion.")
    elif odds.basis is Basis.CONSTRAINED:
        seat = seat_word(odds.seat)
        if fit.p_value >= 0.05:
            verdict = tr(
                "FrequencyWindow", "no sign that {seat}'s hands differ from the exact odds under its constraints."
            )
        else:
            verdict = tr("FrequencyWindow", "{seat}'s hands do not follow the exact odds under its constraints.")
        verdict = verdict.format(seat=seat)
    elif fit.p_value >= 0.05:
        verdict = tr("FrequencyWindow", "no sign that these deals are not random.")
    else:
        verdict = tr("FrequencyWindow", "these deals do not look random.")
    if odds.basis is Basis.UNKNOWN:
        verdict += " " + tr(
            "FrequencyWindow", "(The set does not record how it was dealt, so it is judged as random deals.)"
        )
    return f"{head}: {verdict}"


__all__ = [
    "CHART_MIN_PCT",
    "HCP",
    "PATTERNS",
    "SPLITS",
    "TABLE_CHUNK",
    "TABLE_KEYS",
    "TableSpec",
    "apply_odds",
    "build_table",
    "cannot_judge_text",
    "chart_rows",
    "exact_percent_text",
    "fit_verdict_text",
    "judged_table_steps",
    "merge_tables",
    "sample_steps",
    "table_steps",
]
