"""Deal numbers (Andrews, "Encoding Bridge Deals"): the worked example, both ends of the range, round trips."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgegui import engine
from bridgegui.engine import D, DealNumberError, deal_from_index, deal_index, parse_deal
from bridgegui.engine.deal_numbers import _seat_sequences, subset_from_index, subset_index

SEED_002_DEAL = parse_deal("N:8.AKQT4.AJ6.T742 9.J53.KQ92.QJ985 KQJT72.62.T84.K6 A6543.987.753.A3")


def test_total_number_of_deals():
    assert D == 53644737765488792839237440000


def test_seed_002_worked_example_sequences():
    n_seq, e_seq, s_seq = _seat_sequences(SEED_002_DEAL.owner)
    assert n_seq == [6, 13, 14, 15, 17, 23, 26, 29, 34, 43, 46, 49, 51]
    assert e_seq == [5, 12, 17, 18, 20, 21, 23, 29, 32, 33, 34, 35, 37]
    assert s_seq == [1, 2, 3, 4, 5, 10, 14, 15, 16, 17, 20, 23, 24]


def test_seed_002_worked_example_decoding():
    """The 'moving backwards' example: three sequences give the deal written out there."""
    n_seq = [5, 15, 21, 22, 26, 33, 34, 36, 42, 47, 49, 50, 51]
    e_seq = [0, 1, 3, 7, 8, 10, 11, 17, 20, 29, 32, 35, 36]
    s_seq = [1, 3, 4, 6, 9, 11, 12, 17, 18, 20, 21, 24, 25]
    from bridgegui.engine.deal_numbers import E_MAX, S_MAX

    number = (subset_index(n_seq) * E_MAX + subset_index(e_seq)) * S_MAX + subset_index(s_seq)
    deal = deal_from_index(number)
    assert "".join("NESW"[s] for s in deal.owner) == "EEWESNWSEESEEWSNWWSEWNNSESNWWWWSSNNWNESSEWNWEESNSNNN"
    assert deal == parse_deal("N:9.Q65.A764.J6432 AKJ6532.83.3.K98 T74.K942.982.A75 Q8.AJT7.KQJT5.QT")


def test_squashed_order_small_example():
    assert subset_index([2, 3, 5]) == 15
    assert subset_from_index(15, 3) == [2, 3, 5]
    order = ["012", "013", "023", "123", "014", "024", "124", "034", "134", "234"]
    assert [subset_from_index(i, 3) for i in range(10)] == [[int(c) for c in s] for s in order]


def test_ends_of_the_range():
    first = deal_from_index(0)
    last = deal_from_index(D - 1)
    assert deal_index(first) == 0
    assert deal_index(last) == D - 1
    assert first.hand("N").to_pbn() == "AKQJT98765432..."
    assert last.hand("N").to_pbn() == "...AKQJT98765432"


@pytest.mark.parametrize("bad", [-1, D, D + 10, 1.5, "12"])
def test_out_of_range_numbers_are_clear_errors(bad):
    with pytest.raises(DealNumberError):
        deal_from_index(bad)


@settings(max_examples=200, deadline=None)
@given(st.integers(min_value=0, max_value=D - 1))
def test_round_trip_any_number(number):
    assert deal_index(deal_from_index(number)) == number


def test_batch_paths_agree_with_scalar_paths():
    batch = engine.deal_batch(500, seed=77)
    numbers = engine.deal_indices(batch)
    deals = engine.deals_from_batch(batch)
    assert numbers == [deal_index(d) for d in deals]
    assert (engine.deals_from_indices(numbers) == batch).all()


def test_tournament_deals_are_complete_and_different():
    a, b = engine.tournament_deal(), engine.tournament_deal()
    assert a.is_complete and a != b
