"""Turning deals round the table so a scenario's dealer deals every board."""

from __future__ import annotations

import numpy as np

from bridgegui.engine import deal_batch
from bridgegui.engine.cards import Deal
from bridgegui.engine.dealer.rotation import rotate_deals, turns_to_dealers
from bridgegui.engine.dealing import make_rng


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


# --- rotating a set ---------------------------------------------------------------

from math import comb  # noqa: E402  (the set tests below share these imports)

import pytest  # noqa: E402

from bridgegui.engine.boards import board_dealer  # noqa: E402
from bridgegui.engine.cards import SEATS  # noqa: E402
from bridgegui.engine.dealer.constraints import DealRequest  # noqa: E402
from bridgegui.engine.dealer.mixing import Scenario, SetSource, deal_set_now  # noqa: E402
from bridgegui.engine.dealer.rotation import partnership_swaps, placements, turned_vulnerability  # noqa: E402
from bridgegui.engine.errors import BridgeError  # noqa: E402
from bridgegui.engine.evaluation import suit_lengths  # noqa: E402
from bridgegui.engine.stats import chi2_sf  # noqa: E402

P_THRESHOLD = 1e-4
"""House style: a statistical test fails only below this p-value (a false alarm once in 10,000 runs)."""


def _chi_square_p(observed: np.ndarray, expected: np.ndarray) -> float:
    statistic = float(((observed - expected) ** 2 / expected).sum())
    return chi2_sf(statistic, len(observed) - 1)


def _one(scenario: Scenario) -> list[SetSource]:
    return [SetSource((scenario,))]


def test_law_2_rotation_gives_every_board_the_scenarios_dealer_hand() -> None:
    """Every board's dealer follows Law 2, and the dealer holds the hand the scenario asks of its dealer."""
    request = DealRequest.from_specs(north="hcp 15-17, balanced", south="hearts 5+")
    boards = deal_set_now(_one(Scenario("1NT", request)), 32, seed=11, rotation="law2", first_board=3)
    for board in boards:
        assert board.number is not None and board.effective_dealer == board_dealer(board.number)
        masks = np.array([board.deal.hands], dtype=np.uint64)  # type: ignore[union-attr]
        seat = SEATS.index(board.effective_dealer)
        assert request.seats[0].mask(masks[:, seat]).all(), "the dealer's hand is the scenario's dealer's"
        assert request.seats[2].mask(masks[:, (seat + 2) % 4]).all(), "the dealer's partner keeps the hearts"


def test_a_scenario_dealer_other_than_north_turns_to_the_boards_dealer() -> None:
    request = DealRequest.from_specs(south="spades 6+")
    scenario = Scenario("weak two", request, dealer="S", fixed_dealer="S")
    plain = deal_set_now(_one(scenario), 8, seed=4)
    assert {b.effective_dealer for b in plain} == {"S"}, "not rotated, the scenario's dealer deals every board"
    for board in deal_set_now(_one(scenario), 8, seed=4, rotation="law2"):
        dealer = board.effective_dealer
        assert dealer == board_dealer(board.number or 1)
        hand = np.array([board.deal.hands[SEATS.index(dealer)]], dtype=np.uint64)  # type: ignore[union-attr]
        assert suit_lengths(hand)[0, 0] >= 6


def test_rotation_turns_the_very_deals_the_plain_set_has() -> None:
    """One scenario: the rotated set is the plain set of the same seed, each deal turned (a bijection)."""
    request = DealRequest.from_specs(north="hcp 12+")
    plain = deal_set_now(_one(Scenario("", request)), 12, seed=99)
    turned = deal_set_now(_one(Scenario("", request)), 12, seed=99, rotation="law2")
    rows = np.array([b.deal.hands for b in plain], dtype=np.uint64)  # type: ignore[union-attr]
    expected = rotate_deals(rows, turns_to_dealers("N", 1, 12))
    assert [list(b.deal.hands) for b in turned] == expected.tolist()  # type: ignore[union-attr]


def test_law_2_rotation_keeps_the_scenarios_distribution() -> None:
    """Chi-square: the spade length of the dealer's hand (which rotation moves round the table) has the
    exact law of a 5+ spade hand, the truncated hypergeometric law."""
    request = DealRequest.from_specs(north="spades 5+")
    boards = deal_set_now(_one(Scenario("", request)), 4000, seed=2024, rotation="law2")
    lengths = []
    for board in boards:
        seat = SEATS.index(board.effective_dealer or "N")
        mask = np.array([board.deal.hands[seat]], dtype=np.uint64)  # type: ignore[union-attr]
        lengths.append(int(suit_lengths(mask)[0, 0]))
    law = np.array([comb(13, k) * comb(39, 13 - k) for k in range(5, 14)], dtype=np.float64)
    law /= law.sum()
    observed = np.array([lengths.count(5), lengths.count(6), lengths.count(7), sum(x >= 8 for x in lengths)], float)
    expected = np.array([law[0], law[1], law[2], law[3:].sum()]) * len(lengths)
    assert _chi_square_p(observed, expected) > P_THRESHOLD
    dealers = [b.effective_dealer for b in boards]
    assert all(dealers.count(s) == 1000 for s in SEATS), "each seat deals a quarter of the boards"


def test_ns_swaps_are_seeded_and_about_half() -> None:
    """``--rotate ns``: each deal is the plain deal, or that deal with the partnerships swapped; about
    half are swapped (binomial, |z| < 3.9 is p > 1e-4), and the same seed swaps the same boards."""
    request = DealRequest.from_specs(north="hcp 15-17, balanced")
    plain = deal_set_now(_one(Scenario("", request)), 2000, seed=5)
    swapped = deal_set_now(_one(Scenario("", request)), 2000, seed=5, rotation="ns")
    rows = np.array([b.deal.hands for b in plain], dtype=np.uint64)  # type: ignore[union-attr]
    got = np.array([b.deal.hands for b in swapped], dtype=np.uint64)  # type: ignore[union-attr]
    same = (got == rows).all(axis=1)
    moved = (got == rotate_deals(rows, 1)).all(axis=1)
    assert (same | moved).all()
    z = (moved.sum() - 1000) / np.sqrt(2000 / 4)
    assert abs(z) < 3.9
    again = deal_set_now(_one(Scenario("", request)), 2000, seed=5, rotation="ns")
    assert [b.deal for b in again] == [b.deal for b in swapped]
    other = deal_set_now(_one(Scenario("", request)), 2000, seed=6, rotation="ns")
    assert [b.deal for b in other] != [b.deal for b in swapped]


def test_ns_swap_moves_a_named_dealer_with_its_hand() -> None:
    turns, dealers = placements(np.arange(1, 5), "ns", dealer="S", fixed_dealer="S", swaps=np.array([0, 1, 0, 1]))
    assert turns.tolist() == [0, 1, 0, 1] and dealers == ["S", "W", "S", "W"]
    turns, dealers = placements(np.arange(1, 5), "ns", swaps=np.array([1, 1, 0, 0]))
    assert turns.tolist() == [1, 1, 0, 0] and dealers == [None] * 4, "no named dealer: Law 2 still deals"


def test_placements_without_rotation() -> None:
    turns, dealers = placements(np.arange(1, 5), "none")
    assert turns.tolist() == [0] * 4 and dealers == [None] * 4
    turns, dealers = placements(np.arange(1, 5), "none", follows_board=True)
    assert turns.tolist() == [0, 1, 2, 3] and dealers == [None] * 4, "an auction turns to each board's dealer"
    turns, dealers = placements(np.arange(1, 3), "none", dealer="N", fixed_dealer="W", follows_board=True)
    assert turns.tolist() == [3, 3] and dealers == ["W", "W"]
    with pytest.raises(BridgeError):
        placements(np.arange(1, 3), "sideways")
    with pytest.raises(BridgeError):
        placements(np.arange(1, 3), "ns")


def test_a_fixed_vulnerability_turns_with_the_hands() -> None:
    assert turned_vulnerability("NS", 1) == "EW" and turned_vulnerability("EW", 3) == "NS"
    assert turned_vulnerability("NS", 2) == "NS" and turned_vulnerability("All", 1) == "All"
    assert turned_vulnerability(None, 1) is None


def test_partnership_swaps_are_zero_or_one() -> None:
    swaps = partnership_swaps(100, make_rng(3))
    assert set(swaps.tolist()) == {0, 1}
