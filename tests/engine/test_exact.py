"""The exact seat sampler: counts against independent enumerations, draws uniform over fitting hands."""

from collections import Counter
from itertools import combinations
from math import comb

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgegui import engine
from bridgegui.engine import stats
from bridgegui.engine.cards import CARD_BITS, FULL_DECK_MASK
from bridgegui.engine.dealer import exact
from bridgegui.engine.dealer.constraints import parse_seat_spec


def count_by_enumeration(spec: str, cards: list[int]) -> tuple[int, list[int]]:
    """Every 13-card hand from ``cards``, tested one by one (independent of the sampler)."""
    constraint = parse_seat_spec(spec)
    hands = np.array([sum(CARD_BITS[c] for c in combo) for combo in combinations(cards, 13)], dtype=np.uint64)
    ok = constraint.mask(hands)
    return int(ok.sum()), hands[ok].tolist()


SMALL_DECK = [0, 1, 2, 3, 4, 8, 13, 14, 15, 19, 26, 27, 30, 39, 40, 44, 51, 23]  # 18 cards: 8,568 hands


@pytest.mark.parametrize(
    "spec",
    [
        "hcp 10-14",
        "spades 4+, hearts 2-",
        "qt 2-3.5",
        "ltc 6-7, controls 3+",
        "tricks 5+",
        "shape 5xxx, hcp 12+",
        "balanced",
        "cards AS 2C, hcp 9-",
        "hcp 10-20, qt 1-6, ltc 4-10, tricks 2-9, controls 1-8",
    ],
)
def test_count_matches_enumeration_on_a_small_deck(spec):
    available = sum(CARD_BITS[c] for c in SMALL_DECK)
    constraint = parse_seat_spec(spec)
    expected, _ = count_by_enumeration(spec, SMALL_DECK)
    plan = exact.plan_seat(constraint, available)
    assert plan.count == expected
    required = constraint.cards.bit_count()
    assert plan.hands_possible == comb(18 - required, 13 - required)


def test_counts_on_the_full_deck_match_exact_tables():
    hands = stats.HANDS
    for lo, hi in [(15, 17), (0, 37), (22, 24)]:
        plan = exact.plan_seat(parse_seat_spec(f"hcp {lo}-{hi}"), FULL_DECK_MASK)
        assert plan.count == sum(stats.hcp_counts()[lo : hi + 1])
        assert plan.hands_possible == hands
    balanced = sum(stats.pattern_counts()[p] for p in [(4, 3, 3, 3), (4, 4, 3, 2), (5, 3, 3, 2)])
    assert exact.plan_seat(parse_seat_spec("balanced"), FULL_DECK_MASK).count == balanced
    assert exact.plan_seat(parse_seat_spec("shape 7600"), FULL_DECK_MASK).count == stats.pattern_counts()[(7, 6, 0, 0)]


def test_draws_are_uniform_over_fitting_hands():
    """16 cards (560 hands); every fitting hand must come up equally often."""
    deck = SMALL_DECK[:16]
    available = sum(CARD_BITS[c] for c in deck)
    spec = "hcp 29-32, spades 3+"  # an honour-rich deck: 145 of the 560 hands fit
    n_fit, fitting = count_by_enumeration(spec, deck)
    assert n_fit > 20
    plan = exact.plan_seat(parse_seat_spec(spec), available)
    draws = plan.sampler.draw(engine.make_rng(12), 100 * n_fit)
    counts = Counter(draws.tolist())
    assert set(counts) == set(fitting)
    result = stats.chi_square_test([counts[h] for h in fitting], [1 / n_fit] * n_fit)
    assert result.p_value > 1e-4, result


def test_superset_sampler_is_used_when_combinations_are_too_many(monkeypatch):
    monkeypatch.setattr(exact, "MAX_KEPT_COMBINATIONS", 1000)
    constraint = parse_seat_spec("hcp 11-16, qt 2+, ltc 7-")
    plan = exact.plan_seat(constraint, FULL_DECK_MASK)
    assert not plan.complete
    assert plan.count == exact.SeatSampler(constraint, FULL_DECK_MASK).count
    hands = plan.sampler.draw(engine.make_rng(3), 2000)
    assert (np.bitwise_count(hands) == 13).all()
    # the superset draws all satisfy what the reduced sampler enforces (lengths at least)
    assert constraint.mask(hands).mean() > 0.05


def test_zero_count_for_impossible_seat():
    plan = exact.plan_seat(parse_seat_spec("hcp 25+, spades 7+, shape 6xxx"), FULL_DECK_MASK)
    assert plan.count == 0 and plan.probability == 0.0


@given(
    st.integers(1, 5).flatmap(
        lambda width: st.lists(st.lists(st.integers(-3, 40), min_size=width, max_size=width), min_size=1, max_size=200)
    )
)
@settings(max_examples=150, deadline=None)
def test_rows_are_grouped_as_numpy_groups_them(rows):
    """The integer-key grouping gives numpy's row groups, order and first rows exactly
    (a seeded set's hands depend on the classes' order)."""
    keys = np.array(rows, dtype=np.int64)
    _, first, inverse = np.unique(keys, axis=0, return_index=True, return_inverse=True)
    groups, firsts = exact._group_rows(keys)
    np.testing.assert_array_equal(firsts, first)
    np.testing.assert_array_equal(groups, inverse.reshape(-1))


def test_rows_too_wide_for_one_integer_are_still_grouped():
    keys = np.array([[0, 0, 0], [2**40, 0, 2**40], [0, 0, 0]], dtype=np.int64)
    groups, firsts = exact._group_rows(keys)
    assert groups.tolist() == [0, 1, 0] and firsts.tolist() == [0, 1]


def test_recent_seat_plans_are_shared_and_draw_as_fresh_ones(monkeypatch) -> None:
    """An auction's boards plan the same seats again and again: ``plan_seat`` gives back the plan it
    made (a sampler never changes once built), draws from it are the draws of a fresh plan with the
    same generator, only small plans are kept, and at most ``_KEPT_PLANS`` of them."""
    from bridgegui.engine.dealer import exact
    from bridgegui.engine.dealer.constraints import parse_seat_spec

    monkeypatch.setattr(exact, "_PLANS", type(exact._PLANS)())
    constraint = parse_seat_spec("hcp 5-10, hearts 7+, quality hearts 2+")
    plan = exact.plan_seat(constraint, FULL_DECK_MASK)
    assert exact.plan_seat(constraint, FULL_DECK_MASK) is plan
    fresh = exact._plan_seat(constraint, FULL_DECK_MASK)
    assert fresh is not plan and fresh.count == plan.count
    draws = [p.sampler.draw(np.random.default_rng(5), 50).tolist() for p in (plan, fresh)]
    assert draws[0] == draws[1]

    wide = parse_seat_spec("hcp 0-37")
    monkeypatch.setattr(exact, "_KEPT_PLAN_COMBINATIONS", 10)  # it keeps more combinations than that
    assert exact.plan_seat(wide, FULL_DECK_MASK) is not exact.plan_seat(wide, FULL_DECK_MASK)
    monkeypatch.undo()
    monkeypatch.setattr(exact, "_PLANS", type(exact._PLANS)())
    monkeypatch.setattr(exact, "_KEPT_PLANS", 3)
    for low in range(8):
        exact.plan_seat(parse_seat_spec(f"hcp {low}-{low + 2}, spades 6+"), FULL_DECK_MASK)
    assert len(exact._PLANS) == 3


def test_a_seat_count_shares_its_sampler_and_builds_no_reduced_one(monkeypatch) -> None:
    """An auction counts its meanings' hands and then plans the same seats: ``seat_count`` keeps the
    full sampler as the seat's plan, and never builds the reduced samplers that only draws need."""
    from bridgegui.engine.dealer import exact
    from bridgegui.engine.dealer.constraints import parse_seat_spec

    monkeypatch.setattr(exact, "_PLANS", type(exact._PLANS)())
    constraint = parse_seat_spec("hcp 12-14, spades 5+, ltc 6-8")
    assert exact.seat_count(constraint, FULL_DECK_MASK) == exact._plan_seat(constraint, FULL_DECK_MASK).count
    plan = exact.plan_seat(constraint, FULL_DECK_MASK)
    assert plan.complete and exact.plan_seat(constraint, FULL_DECK_MASK) is plan

    built = []
    real = exact.SeatSampler.__init__

    def counting(self, *args, **kwargs):
        built.append(args)
        real(self, *args, **kwargs)

    monkeypatch.setattr(exact.SeatSampler, "__init__", counting)
    monkeypatch.setattr(exact, "MAX_KEPT_COMBINATIONS", 150_000)  # 236,200 fit: a plan needs a reduced sampler
    wide = parse_seat_spec("hcp 11-21, controls 3-6")
    count = exact.seat_count(wide, FULL_DECK_MASK)
    assert len(built) == 1
    assert exact.plan_seat(wide, FULL_DECK_MASK).count == count and len(built) > 2
