"""Evaluation rules on hand-made examples: each rule, voids, singletons, step 6 of Old Lady's "Tricky Trick-y Algorithm"."""

import numpy as np
import pytest

from bridgegui import engine
from bridgegui.engine import Hand, evaluation, tables
from bridgegui.engine.cards import parse_holding


def hand(text: str) -> Hand:
    return Hand.from_pbn(text)


def test_hcp_controls_shape():
    h = hand("AKQJ.KQJ.QJ2.J32")
    assert h.hcp == 10 + 6 + 3 + 1
    assert h.controls == 3 + 1
    assert h.shape == (4, 3, 3, 3)
    assert h.pattern == (4, 3, 3, 3)
    assert hand("AKQJT98765432...").hcp == 10
    assert hand(".5432.5432.AK543").shape == (0, 4, 4, 5)
    assert hand(".5432.5432.AK543").pattern == (5, 4, 4, 0)


@pytest.mark.parametrize(
    ("holding", "halves"),
    [("AK", 4), ("AKQ", 4), ("AQ", 3), ("AQJ", 3), ("A", 2), ("A32", 2), ("KQ", 2), ("KQ2", 2),
     ("K2", 1), ("KJ9", 1), ("K", 0), ("QJ", 0), ("", 0), ("AJ", 2)],
)  # fmt: skip
def test_quick_tricks_per_suit(holding, halves):
    assert tables.QUICK_TRICKS_HALVES[parse_holding(holding)] == halves


def test_quick_tricks_of_a_hand_is_a_float():
    assert hand("AK2.AQ3.K98.7654").quick_tricks == 2 + 1.5 + 0.5


@pytest.mark.parametrize(
    ("holding", "losers"),
    [("", 0), ("A", 0), ("K", 1), ("2", 1), ("AK", 0), ("A2", 1), ("K2", 1), ("KQ", 1), ("Q2", 2), ("32", 2),
     ("AKQ", 0), ("AK2", 1), ("AQ2", 1), ("KQJ", 1), ("QJT", 2), ("432", 3), ("AKQJ5432", 0), ("A5432", 2),
     ("J5432", 3)],
)  # fmt: skip
def test_losing_trick_count_per_suit(holding, losers):
    assert tables.LOSERS[parse_holding(holding)] == losers


@pytest.mark.parametrize(
    ("holding", "tricks"),
    [("AKQ", 3), ("KQJ", 2), ("765432", 2), ("", 0), ("AKQJT98", 7), ("A", 1), ("K", 0),
     ("8765432", 4), ("QJT9", 2), ("AK5432", 4)],
)  # fmt: skip
def test_playing_tricks_per_suit(holding, tricks):
    assert tables.PLAYING_TRICKS[parse_holding(holding)] == tricks


def test_step_six_rounds():
    # 765432 loses four rounds (A+8, K+9, Q+T, J) and keeps 3 2: two tricks, no bonus (six cards).
    assert tables.suit_play_rounds(parse_holding("765432")) == (0, 4, 2)
    # 8765432: the pool of six is gone after three lost rounds, four cards are left.
    assert tables.suit_play_rounds(parse_holding("8765432")) == (0, 3, 4)


def test_step_six_cannot_fire_for_any_holding():
    """With 7+ cards the pool holds at most 6, so at most 3 rounds are lost (see the docstring)."""
    for holding in range(tables.N_HOLDINGS):
        won, lost, left = tables.suit_play_rounds(holding)
        if holding.bit_count() >= 7:
            assert lost <= 3
        assert tables.PLAYING_TRICKS[holding] == won + left


def test_hand_level_sums():
    h = hand("AKQ.KQJ.765432.")
    assert h.playing_tricks == 3 + 2 + 2 + 0
    assert h.losers == 0 + 1 + 3 + 0
    assert h.quick_tricks == 2 + 1


def test_vectorised_matches_scalar():
    batch = engine.deal_batch(2000, seed=11)
    deals = engine.deals_from_batch(batch)
    arrays = {
        "hcp": evaluation.hcp(batch),
        "controls": evaluation.controls(batch),
        "losers": evaluation.losers(batch),
        "playing_tricks": evaluation.playing_tricks(batch),
        "quick_tricks": evaluation.quick_tricks(batch),
    }
    lengths = evaluation.suit_lengths(batch)
    for row, deal in enumerate(deals[:300]):
        for seat, h in enumerate(deal):
            for name, values in arrays.items():
                assert values[row, seat] == getattr(h, name), name
            assert tuple(lengths[row, seat]) == h.shape
    assert (evaluation.hcp(batch).sum(axis=1) == 40).all()
    assert (lengths.sum(axis=(1, 2)) == 52).all()


def test_pattern_code_ignores_suit_order():
    a = np.array([[5, 4, 3, 1]])
    b = np.array([[1, 3, 5, 4]])
    assert evaluation.pattern_code(a) == evaluation.pattern_code(b)
    assert evaluation.shape_code(a) != evaluation.shape_code(b)
