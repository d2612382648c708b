"""Turning deals round the table so a scenario's dealer deals every board."""

from __future__ import annotations

import numpy as np

from bridgegui.engine import deal_batch
from bridgegui.engine.cards import Deal
from bridgegui.engine.dealing import make_rng
from bridgegui.engine.rotation import rotate_deals, turns_to_dealers


def test_a_turn_moves_every_hand_one_seat_clockwise() -> None:
    deals = deal_batch(5, rng=make_rng(1))
    turned = rotate_deals(deals, 1)
    assert (turned[:, 1] == deals[:, 0]).all() and (turned[:, 0] == deals[:, 3]).all()
    assert (rotate_deals(turned, 3) == deals).all()
    for row in turned:
        Deal.from_masks(row.tolist()).require_complete()


def test_each_row_turns_by_its_own_amount() -> None:
    deals = deal_batch(4, rng=make_rng(2))
    turned = rotate_deals(deals, np.array([0, 1, 2, 3]))
    for i in range(4):
        assert turned[i, i] == deals[i, 0], "North's hand reaches the seat i places round"


def test_law_2_dealers_and_a_fixed_dealer() -> None:
    assert turns_to_dealers("N", 1, 8).tolist() == [0, 1, 2, 3, 0, 1, 2, 3]
    assert turns_to_dealers("S", 3, 2).tolist() == [0, 1]  # board 3 South deals, board 4 West
    assert turns_to_dealers("N", 1, 3, fixed_dealer="W").tolist() == [3, 3, 3]
