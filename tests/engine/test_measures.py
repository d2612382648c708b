"""The measures bidding systems need: total points, dummy points, the rule of 20, suit quality, stoppers.

Each is checked on hands worked out by hand, against a plain scalar computation (written here from
the definitions, sharing nothing with the tables) on random deals, and, as a constraint, through the
exact dealer: counts against enumeration, and boards against plain rejection by chi-square tests
(fixed seeds, p > 1e-4 as in ``test_planner.py``: a false alarm about once in 10,000 runs per
statistic, and a biased sampler fails by far).
"""

from itertools import combinations

import numpy as np
import pytest

from bridgegui import engine
from bridgegui.engine import evaluation, stats, tables
from bridgegui.engine.cards import CARD_BITS, FULL_DECK_MASK, Hand, parse_holding
from bridgegui.engine.dealer import exact, planner
from bridgegui.engine.dealer.constraints import DealRequest, parse_seat_spec

# -- scalar definitions, from the words of each rule -------------------------------------------------

HONOUR_POINTS = {"A": 4, "K": 3, "Q": 2, "J": 1}


def suits_of(hand: Hand) -> list[str]:
    """The four suits as rank strings (``"AKT2"``), spades first."""
    return hand.to_pbn().split(".")


def scalar_hcp(hand: Hand) -> int:
    return sum(HONOUR_POINTS.get(rank, 0) for suit in suits_of(hand) for rank in suit)


def scalar_total_points(hand: Hand) -> int:
    return scalar_hcp(hand) + sum(max(0, len(suit) - 4) for suit in suits_of(hand))


def scalar_support_points(hand: Hand, trumps: int) -> int:
    shortness = {0: 5, 1: 3, 2: 1}
    return scalar_hcp(hand) + sum(shortness.get(len(suit), 0) for s, suit in enumerate(suits_of(hand)) if s != trumps)


def scalar_rule_of_20(hand: Hand) -> bool:
    longest = sorted((len(suit) for suit in suits_of(hand)), reverse=True)
    return scalar_hcp(hand) + longest[0] + longest[1] >= 20


def scalar_quality(suit: str) -> int:
    return sum(rank in "AKQJT" for rank in suit)


def scalar_stopper(suit: str) -> bool:
    others = len(suit) - 1
    return (
        "A" in suit or ("K" in suit and others >= 1) or ("Q" in suit and others >= 2) or ("J" in suit and others >= 3)
    )


# -- hand-checked examples -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("holding", "quality", "stopper", "shortness", "total"),
    [
        ("", 0, 0, 5, 0),
        ("A", 1, 1, 3, 4),
        ("K", 1, 0, 3, 3),  # a bare king falls under the ace
        ("K2", 1, 1, 1, 3),
        ("Q2", 1, 0, 1, 2),
        ("Q32", 1, 1, 0, 2),
        ("J32", 1, 0, 0, 1),
        ("J432", 1, 1, 0, 1),
        ("T9876", 1, 0, 0, 1),  # the ten counts for quality, not for points
        ("AKQJT", 5, 1, 0, 11),
        ("KQJT98", 4, 1, 0, 8),
        ("AKQJT98765432", 5, 1, 0, 19),
        ("98765", 0, 0, 0, 1),
    ],
)  # fmt: skip
def test_per_suit_tables(holding, quality, stopper, shortness, total):
    h = parse_holding(holding)
    assert tables.QUALITY[h] == quality
    assert tables.STOPPER[h] == stopper
    assert tables.SHORTNESS_POINTS[h] == shortness
    assert tables.TOTAL_POINTS[h] == total


@pytest.mark.parametrize(
    ("pbn", "points", "support", "rule20_sum", "quality", "stopped"),
    [
        # 11 HCP 6-5-2-0: two length points; with spades as trumps the doubleton and void add 1 + 5
        ("AKJ984.K7654.32.", 14, (17, 17, 16, 12), 11 + 6 + 5, (3, 1, 0, 0), (1, 1, 0, 0)),
        # 15 HCP 4-3-3-3: no length or shortness points; Qxx stops, three small cards do not
        ("AKQ2.KJ3.Q98.765", 15, (15, 15, 15, 15), 15 + 4 + 3, (3, 2, 1, 0), (1, 1, 1, 0)),
        # 9 HCP 5-5-2-1: 9 + 5 + 5 = 19, one short of the rule of 20
        ("KQJ32.QJ432.32.2", 11, (13, 13, 12, 10), 9 + 5 + 5, (3, 2, 0, 0), (1, 1, 0, 0)),
        # 11 HCP 5-5-2-1 meets it (21); AQJT9 has four of the five top honours
        ("AQJT9.KJ432.32.3", 13, (15, 15, 14, 12), 11 + 5 + 5, (4, 2, 0, 0), (1, 1, 0, 0)),
    ],
)  # fmt: skip
def test_hand_examples(pbn, points, support, rule20_sum, quality, stopped):
    hand = Hand.from_pbn(pbn)
    batch = np.array([hand.mask], dtype=np.uint64)
    assert evaluation.total_points(batch)[0] == points
    for trumps in range(4):
        assert evaluation.support_points(batch, trumps)[0] == support[trumps]
    assert evaluation.rule_of_20_count(batch)[0] == rule20_sum
    assert bool(evaluation.rule_of_20(batch)[0]) == (rule20_sum >= 20)
    assert tuple(evaluation.suit_quality(batch)[0]) == quality
    assert tuple(evaluation.stoppers(batch)[0].astype(int)) == stopped


def test_the_measures_match_their_definitions_on_random_deals():
    batch = engine.deal_batch(2000, seed=31)
    hands = batch.reshape(-1)
    points = evaluation.total_points(hands)
    support = [evaluation.support_points(hands, s) for s in range(4)]
    rule = evaluation.rule_of_20(hands)
    quality = evaluation.suit_quality(hands)
    stopped = evaluation.stoppers(hands)
    by_name = {
        name: evaluation.measure(hands, name) for name in ("TOTAL_POINTS", "SUPPORT_D", "QUALITY_C", "STOPPER_H")
    }
    for i, mask in enumerate(hands.tolist()):
        hand = Hand(mask)
        suits = suits_of(hand)
        assert points[i] == scalar_total_points(hand)
        assert [int(s[i]) for s in support] == [scalar_support_points(hand, t) for t in range(4)]
        assert bool(rule[i]) == scalar_rule_of_20(hand)
        assert quality[i].tolist() == [scalar_quality(suit) for suit in suits]
        assert stopped[i].tolist() == [scalar_stopper(suit) for suit in suits]
        assert by_name["TOTAL_POINTS"][i] == points[i]
        assert by_name["SUPPORT_D"][i] == support[2][i]
        assert by_name["QUALITY_C"][i] == quality[i, 3]
        assert by_name["STOPPER_H"][i] == stopped[i, 1]


def test_measure_bounds_are_the_true_extremes():
    assert tables.measure_bounds("HCP") == (0, 37)
    assert tables.measure_bounds("QUICK_TRICKS_HALVES") == (0, 16)
    assert tables.measure_bounds("LOSERS") == (0, 12)
    assert tables.measure_bounds("CONTROLS") == (0, 12)
    assert tables.measure_bounds("QUALITY_S") == (0, 5)
    assert tables.measure_bounds("STOPPER_C") == (0, 1)
    # reached by 37 HCP in a flat hand: shortness or length would cost more honours than it adds
    top = np.array([Hand.from_pbn("AKQJ.AKQ.AKQ.AKQ").mask], dtype=np.uint64)
    assert tables.measure_bounds("TOTAL_POINTS")[1] == evaluation.total_points(top)[0] == 37
    assert tables.measure_bounds("SUPPORT_H")[1] == evaluation.support_points(top, 1)[0] == 37
    sample = engine.deal_batch(20_000, seed=5).reshape(-1)
    assert evaluation.total_points(sample).max() <= 37
    with pytest.raises(KeyError):
        tables.suit_tables("SUPPORT_X")


# -- exact counts and draws ------------------------------------------------------------------------------

# 20 cards: four honours and low cards in each suit, so every new term splits the 77,520 hands
DECK = [0, 1, 4, 9, 10, 11, 13, 15, 17, 22, 24, 26, 27, 29, 34, 37, 39, 42, 47, 51]


@pytest.mark.parametrize(
    "spec",
    [
        "points 10-13",
        "support hearts 12+",
        "support clubs 9-11, hcp 8-",
        "rule20",
        "rule20, hcp 12-",
        "quality spades 2+",
        "quality hearts 1, quality diamonds 2+",
        "stopper hearts",
        "stopper spades, stopper clubs, points 11+",
        "points 9+, support spades 11-, rule20, quality diamonds 1+, stopper hearts, ltc 8-",
    ],
)
def test_counts_match_enumeration(spec):
    constraint = parse_seat_spec(spec)
    hands = np.array([sum(CARD_BITS[c] for c in combo) for combo in combinations(DECK, 13)], dtype=np.uint64)
    expected = int(constraint.mask(hands).sum())
    assert 0 < expected < hands.size  # the case says something
    plan = exact.plan_seat(constraint, sum(CARD_BITS[c] for c in DECK))
    assert plan.complete
    assert plan.count == expected


def test_single_suit_terms_add_no_column():
    """Quality and stoppers narrow their suit's holdings; only summed measures become columns."""
    sampler = exact.SeatSampler(parse_seat_spec("quality hearts 3+, stopper spades, points 12+"), FULL_DECK_MASK)
    assert sampler.table_names == ["TOTAL_POINTS"]
    assert set(sampler.suit_filters) == {"QUALITY_H", "STOPPER_S"}
    assert exact.SeatSampler(parse_seat_spec("rule20"), FULL_DECK_MASK).table_names == ["HCP"]


def test_rule_of_20_count_on_the_full_deck_matches_a_shape_by_shape_count():
    """Hands meeting the rule of 20 with 5+ spades, counted another way: per exact shape, the HCP
    distribution of hands of that shape (convolving each suit's HCP-by-length counts)."""
    constraint = parse_seat_spec("rule20, spades 5+")
    count = exact.plan_seat(constraint, FULL_DECK_MASK).count
    hcp_by_length = np.zeros((14, 38), dtype=object)
    for h in range(1 << 13):
        hcp_by_length[h.bit_count(), int(tables.HCP[h])] += 1
    expected = 0
    for shape in constraint.allowed_shapes:
        dist = np.zeros(38, dtype=object)
        dist[0] = 1
        for length in shape:
            dist = np.convolve(dist, hcp_by_length[length])[:38]
        top_two = sum(sorted(shape)[2:])
        expected += int(sum(dist[max(0, 20 - top_two) :]))
    assert count == expected


def brute_force(request: DealRequest, count: int, seed: int) -> np.ndarray:
    rng = engine.make_rng(seed)
    found, total = [], 0
    while total < count:
        batch = engine.deal_batch(200_000, rng=rng)
        ok = batch[request.mask(batch)]
        found.append(ok)
        total += ok.shape[0]
    return np.concatenate(found)[:count]


def statistics(batch: np.ndarray, measure: str) -> dict[str, np.ndarray]:
    lengths = evaluation.suit_lengths(batch).astype(np.int64)
    return {
        "pattern": evaluation.pattern_code(lengths[:, 0]),
        "hcp": evaluation.hcp(batch[:, 0]),
        "measure": evaluation.measure(batch[:, 0], measure),
        "hearts quality": evaluation.suit_quality(batch[:, 0])[:, 1],
        "east hcp": evaluation.hcp(batch[:, 1]),
        "south spades": lengths[:, 2, 0],
        "west stoppers": evaluation.stoppers(batch[:, 3]).sum(axis=1),
    }


@pytest.mark.parametrize(
    ("spec", "measure"),
    [
        ("points 15+", "TOTAL_POINTS"),
        ("support hearts 12+, hearts 4+", "SUPPORT_H"),
        ("quality spades 3+, spades 6+", "QUALITY_S"),
        ("stopper hearts, stopper diamonds, hcp 12+", "STOPPER_D"),
        ("rule20, hcp 10-11", "TOTAL_POINTS"),
    ],
)
def test_exact_dealing_matches_plain_rejection(spec, measure):
    request = DealRequest.from_specs(north=spec)
    plan = planner.plan_request(request)
    assert plan.drawn_seat == 0 and plan.plans[0].complete  # drawn exactly, not filtered
    boards = 10_000
    fast = planner.deal(plan, boards, seed=301)
    assert request.mask(fast).all()
    slow = brute_force(request, boards, seed=302)
    a, b = statistics(fast, measure), statistics(slow, measure)
    for name in a:
        keys = np.union1d(a[name], b[name])
        result = stats.chi_square_homogeneity(
            [int((a[name] == k).sum()) for k in keys], [int((b[name] == k).sum()) for k in keys]
        )
        assert result.p_value > 1e-4, (name, result)


def test_the_exact_frequency_of_a_new_term():
    """All five of A K Q J 10 of hearts: C(47, 8) of the C(52, 13) hands."""
    from math import comb

    plan = exact.plan_seat(parse_seat_spec("quality hearts 5"), FULL_DECK_MASK)
    assert plan.count == comb(47, 8)


def test_a_rare_request_with_new_terms_is_dealt_at_once():
    """22+ total points with all five top hearts: about 1 hand in 18,000, yet 16 boards take no search."""
    request = DealRequest.from_specs(south="points 22+, quality hearts 5", north="stopper spades")
    plan = planner.plan_request(request)
    deals = planner.deal(plan, 16, seed=9)
    assert plan.plans[2].probability < 1e-4
    assert deals.shape == (16, 4) and request.mask(deals).all()
    progress = list(planner.deal_stream(plan, 16, seed=9))
    assert progress[-1].tried <= planner.MIN_BATCH  # one batch, where rejection would try 18,000 per board


def test_a_memory_bound_sampler_leaves_out_summed_measures_and_the_dealer_checks_them(monkeypatch):
    """Dropping HCP drops the rule of 20 with it; the plan is then incomplete and the dealer filters."""
    monkeypatch.setattr(exact, "MAX_KEPT_COMBINATIONS", 1000)
    assert exact.drop_order(["HCP", "QUALITY_S", "TOTAL_POINTS", "SUPPORT_H", "LOSERS"]) == [
        "LOSERS",
        "SUPPORT_H",
        "TOTAL_POINTS",
        "HCP",
    ]
    constraint = parse_seat_spec("points 12-16, support hearts 11+, rule20, quality hearts 2+, ltc 7-8")
    plan = exact.plan_seat(constraint, FULL_DECK_MASK)
    assert not plan.complete
    assert plan.count == exact.SeatSampler(constraint, FULL_DECK_MASK).count
    request = DealRequest.from_specs(west=constraint.to_spec())
    deals = planner.deal(request, 200, seed=4)
    assert request.mask(deals).all()
