"""The yardstick of a constrained board set's frequency tables.

A set of 15-17 balanced North hands was judged against the odds of random deals and called "not
random" (χ² 99, p < 0.0001).  Here: the exact odds under the set's own constraints agree with
independent counts, a set dealt to them passes the chi-square against them (and fails against the
random odds, which is the defect), and whatever cannot be computed says why.
"""

from __future__ import annotations

import pytest

from bridgegui.engine import stats
from bridgegui.engine.dealer.constraints import DealRequest
from bridgegui.engine.teaching import frequencies
from bridgegui.engine.teaching.constrained_odds import (
    Basis,
    Reason,
    SetConstraints,
    odds_steps,
    read_set_constraints,
    table_odds,
)
from bridgegui.engine.teaching.frequencies import FrequencyTable, Row, pattern_label

BALANCED_15_17 = "N: hcp 15-17, balanced; dealer S"


def _judged(table: FrequencyTable, probabilities: dict[str, float]) -> FrequencyTable:
    rows = tuple(Row(r.label, r.observed, r.observed_pct, 100 * probabilities.get(r.label, 0.0)) for r in table.rows)
    return FrequencyTable(table.title, rows, table.total, table.unit)


@pytest.mark.parametrize(
    ("header", "north", "south"),
    [
        (BALANCED_15_17, "hcp 15-17, balanced", ""),
        ("North: hcp 15-17, balanced; South: spades 5+", "hcp 15-17, balanced", "spades 5+"),
        ("no constraints", "", ""),
        ("dealer S", "", ""),
    ],
)
def test_set_headers_are_read(header, north, south):
    read = read_set_constraints(header)
    assert read.known and read.uniform and not read.condition
    assert read.request == DealRequest.from_specs(north=north, south=south)


@pytest.mark.parametrize(
    ("header", "known", "readable", "uniform", "condition"),
    [
        ("", False, True, True, False),
        ("made by hand", True, False, True, False),
        ("Q: hcp 3", True, False, True, False),
        ("N: hcp fifteen", True, False, True, False),
        ("set: 1NT opening ×4, weak two ×4", True, False, True, False),
        ("N: hcp 15-17; rotated: each board's dealer holds the scenario's dealer's hand", True, False, True, False),
        ("auction 1NT - 2C", True, True, False, False),
        ("N: hcp 15-17; not uniform: riffle shuffle, 7 times", True, True, False, False),
        ("N: hcp 15-17; condition hcp(south) > 3", True, True, True, True),
    ],
)
def test_headers_that_do_not_give_a_plain_request(header, known, readable, uniform, condition):
    read = read_set_constraints(header)
    assert (read.known, read.readable, read.uniform, read.condition) == (known, readable, uniform, condition)


def test_hcp_odds_under_an_hcp_range_are_the_random_odds_renormalised():
    odds = table_odds(read_set_constraints("N: hcp 15-17"), "hcp", (0,))
    counts = stats.hcp_counts()
    total = sum(counts[15:18])
    assert odds.basis is Basis.CONSTRAINED and odds.seat == 0
    assert odds.probabilities is not None
    assert set(odds.probabilities) == {"15", "16", "17"}
    for points in (15, 16, 17):
        assert odds.probabilities[str(points)] == pytest.approx(counts[points] / total, rel=1e-12)


def test_pattern_odds_under_balanced_are_the_random_odds_renormalised():
    odds = table_odds(read_set_constraints("S: balanced"), "patterns", (2,))
    counts = stats.pattern_counts()
    patterns = [(4, 3, 3, 3), (4, 4, 3, 2), (5, 3, 3, 2)]
    total = sum(counts[p] for p in patterns)
    assert odds.probabilities is not None and set(odds.probabilities) == {pattern_label(p) for p in patterns}
    for p in patterns:
        assert odds.probabilities[pattern_label(p)] == pytest.approx(counts[p] / total, rel=1e-12)


def test_the_odds_sum_to_one_and_the_steps_can_stop_between_counts():
    constraints = read_set_constraints("N: hcp 12-14, qt 2+, spades 5+")
    for key in ("patterns", "hcp"):
        odds = table_odds(constraints, key, (0,))
        assert odds.probabilities is not None
        assert sum(odds.probabilities.values()) == pytest.approx(1.0, abs=1e-12)
    steps = odds_steps(read_set_constraints("N: hcp 11-13, controls 3+"), "hcp", (0,))
    assert next(steps) is None  # one exact count done, the worker may stop here


def test_a_set_dealt_to_its_constraints_passes_against_them_and_fails_against_random_odds():
    """The defect and its fix, on a fixed seed: 4,000 deals of 15-17 balanced North hands."""
    constraints = read_set_constraints(BALANCED_15_17)
    assert constraints.request is not None
    batch = frequencies.sample(constraints.request, 4000, seed=15)
    for key, table in (
        ("patterns", frequencies.pattern_table(batch, (0,))),
        ("hcp", frequencies.hcp_table(batch, (0,))),
    ):
        odds = table_odds(constraints, key, (0,))
        assert odds.probabilities is not None
        assert table.goodness_of_fit().p_value < 1e-4  # against random deals: "not random"
        assert _judged(table, odds.probabilities).goodness_of_fit().p_value > 1e-4


def test_suit_splits_keep_the_random_law_when_only_the_declaring_side_is_constrained():
    constraints = read_set_constraints("N: hcp 15-17, balanced; S: hearts 5+; NS: hcp 23+")
    assert table_odds(constraints, "splits", side="NS").basis is Basis.RANDOM
    assert constraints.request is not None
    batch = frequencies.sample(constraints.request, 4000, seed=16)
    table = frequencies.suit_split_table(batch, 8, side="NS")
    assert table.goodness_of_fit().p_value > 1e-4
    assert table_odds(constraints, "splits", side="EW").reason is Reason.DEFENDERS


@pytest.mark.parametrize(
    ("header", "key", "seats", "basis", "reason"),
    [
        ("no constraints", "patterns", None, Basis.RANDOM, Reason.NONE),
        ("", "hcp", None, Basis.UNKNOWN, Reason.NONE),
        (BALANCED_15_17, "hcp", None, Basis.CANNOT, Reason.OTHER_SEATS),
        (BALANCED_15_17, "hcp", (2,), Basis.CANNOT, Reason.OTHER_SEATS),
        (BALANCED_15_17, "hcp", (0, 2), Basis.CANNOT, Reason.OTHER_SEATS),
        ("N: hcp 15-17; S: hcp 8-9", "hcp", (0,), Basis.CANNOT, Reason.SEVERAL_SEATS),
        ("N: hcp 15-17; NS: hcp 25+", "hcp", (0,), Basis.CANNOT, Reason.PARTNERSHIP),
        ("N: hcp 15-17; condition hcp(south) > 3", "hcp", (0,), Basis.CANNOT, Reason.CONDITION),
        ("auction 1NT - 2C", "patterns", (0,), Basis.CANNOT, Reason.NOT_UNIFORM),
        ("N: hcp 38-40", "hcp", (0,), Basis.CANNOT, Reason.IMPOSSIBLE),
        ("N: hcp 15-17; rotated: each board's dealer holds it", "hcp", (0,), Basis.CANNOT, Reason.OTHER_DEALING),
        ("set: 1NT opening ×4, weak two ×4", "splits", None, Basis.CANNOT, Reason.OTHER_DEALING),
        ("N: hcp 15-17; not uniform: riffle", "splits", None, Basis.CANNOT, Reason.NOT_UNIFORM),
    ],
)
def test_what_cannot_be_judged_says_why(header, key, seats, basis, reason):
    odds = table_odds(read_set_constraints(header), key, seats)
    assert (odds.basis, odds.reason) == (basis, reason)
    assert odds.probabilities is None


def test_a_sample_request_is_judged_like_a_header():
    request = DealRequest.from_specs(north="hcp 15-17, balanced")
    assert table_odds(SetConstraints(request), "hcp", (0,)) == table_odds(
        read_set_constraints(BALANCED_15_17), "hcp", (0,)
    )


def test_another_hands_patterns_given_a_random_shape_are_the_random_odds():
    """The mixture over the constrained hand's shape, checked where the answer is known: when that
    shape follows the random law, another hand's patterns do too."""
    from bridgegui.engine.teaching.constrained_odds import _other_hand_patterns

    random_shapes = {shape: n / stats.HANDS for shape, n in stats.shape_counts().items()}
    others = _other_hand_patterns(random_shapes)
    for pattern, n in stats.pattern_counts().items():
        assert others[pattern_label(pattern)] == pytest.approx(n / stats.HANDS, rel=1e-9, abs=1e-15)


@pytest.mark.parametrize(
    ("north", "seats", "seed"),
    [
        ("hcp 15-17, balanced", None, 21),  # all four hands: the window's default
        ("hcp 15-17, balanced", (1,), 22),
        ("spades 5+, hcp 11-15", (1, 3), 23),  # not the same for every suit: counted shape by shape
        ("spades 5+, hcp 11-15", (0, 2), 24),
    ],
)
def test_every_hands_patterns_are_judged_against_the_odds_under_one_seats_constraints(north, seats, seed):
    """30,000 deals pass against the computed odds, and fail against the naive mixture that gives the
    unconstrained hands the odds of a random deal (so the test can tell the two apart)."""
    constraints = SetConstraints(DealRequest.from_specs(north=north))
    odds = table_odds(constraints, "patterns", seats)
    own = table_odds(constraints, "patterns", (0,)).probabilities
    assert odds.basis is Basis.CONSTRAINED and odds.probabilities is not None and own is not None
    assert sum(odds.probabilities.values()) == pytest.approx(1.0, abs=1e-12)
    assert constraints.request is not None
    table = frequencies.pattern_table(frequencies.sample(constraints.request, 30_000, seed=seed), seats)
    assert _judged(table, odds.probabilities).goodness_of_fit().p_value > 1e-4
    counted = (0, 1, 2, 3) if seats is None else seats
    random_odds = {pattern_label(p): n / stats.HANDS for p, n in stats.pattern_counts().items()}
    naive = {
        label: sum(own.get(label, 0.0) if s == 0 else random_odds[label] for s in counted) / len(counted)
        for label in random_odds
    }
    assert _judged(table, naive).goodness_of_fit().p_value < 1e-4
