"""Boards for an auction (``plan_boards_for_auction`` / ``deal_boards_for_auction``): each board's own
dealer bids the prefix at the board's own vulnerability, and the plan is the one both front ends use."""

from __future__ import annotations

import numpy as np
import pytest

from bridgegui.engine.bidding import (
    Auction,
    Call,
    deal_boards_for_auction,
    load_system,
    plan_boards_for_auction,
)
from bridgegui.engine.bidding.system import bid_deals
from bridgegui.engine.boards import board_dealer, board_vulnerability
from bridgegui.engine.cards import SEATS


@pytest.fixture(scope="module")
def sayc():
    return load_system("sayc")


def _auctions(system, rows: np.ndarray, dealers, vulnerabilities) -> list[Auction]:
    auctions, _ = bid_deals(system, rows, list(dealers), list(vulnerabilities))
    return auctions


def test_every_board_bids_the_prefix_at_its_own_vulnerability(sayc) -> None:
    """SAYC's four-level major preempt depends on vulnerability (eight cards vulnerable against not, seven
    otherwise).  Boards used to be dealt at love all and turned, so a seven-card 4♥ dealt there was bid 3♥
    on a board where the dealer's side was vulnerable: the set held boards that did not fit its auction."""
    plan = plan_boards_for_auction(sayc, "4H", first_board=1, count=16, seed=7)
    assert len(plan.groups) > 1, "the 4♥ rules differ by vulnerability, so the boards need more than one request"
    rows = deal_boards_for_auction(plan)
    assert rows.shape == (16, 4)
    dealers = [board_dealer(n) for n in range(1, 17)]
    vulnerabilities = [board_vulnerability(n) for n in range(1, 17)]
    for number, auction in enumerate(_auctions(sayc, rows, dealers, vulnerabilities), start=1):
        assert auction.dealer == board_dealer(number)
        assert auction.calls[0] == Call.parse("4H"), f"board {number}: {auction.text()}"


def test_an_auction_that_ignores_vulnerability_is_one_stream(sayc) -> None:
    plan = plan_boards_for_auction(sayc, "1NT P 2C P", first_board=1, count=16, seed=3)
    assert len(plan.groups) == 1
    assert sorted(plan.groups[0].positions) == list(range(16))
    assert list(plan.groups[0].turns) == [SEATS.index(board_dealer(n)) for n in range(1, 17)]


def test_the_last_board_alone_is_the_sets_last_board(sayc) -> None:
    """The window deals board b from a fixed seed alone; it must be board b of the set from that seed."""
    whole = deal_boards_for_auction(plan_boards_for_auction(sayc, "4H", first_board=1, count=7, seed=11))
    last = deal_boards_for_auction(plan_boards_for_auction(sayc, "4H", first_board=1, count=7, seed=11), only_last=True)
    assert np.array_equal(last, whole[-1:])


def test_a_fixed_dealer_and_vulnerability_hold_for_every_board(sayc) -> None:
    plan = plan_boards_for_auction(sayc, "4H", first_board=5, count=6, seed=2, dealer="W", vulnerable="EW")
    assert plan.dealers == ("W",) * 6 and plan.vulnerabilities == ("EW",) * 6 and len(plan.groups) == 1
    rows = deal_boards_for_auction(plan)
    for auction in _auctions(sayc, rows, plan.dealers, plan.vulnerabilities):
        assert auction.dealer == "W" and auction.calls[0] == Call.parse("4H")


def test_the_same_seed_gives_the_same_boards(sayc) -> None:
    first = deal_boards_for_auction(plan_boards_for_auction(sayc, "2H", count=8, seed=5))
    again = deal_boards_for_auction(plan_boards_for_auction(sayc, "2H", count=8, seed=5))
    other = deal_boards_for_auction(plan_boards_for_auction(sayc, "2H", count=8, seed=6))
    assert np.array_equal(first, again) and not np.array_equal(first, other)


def test_the_search_reports_the_deals_it_tried(sayc) -> None:
    """The window's status line says how many deals the search tried: more than the boards it kept
    for an auction the exact dealer cannot draw outright (it used to report the boards as tried)."""
    tried: list[int] = []
    rows = deal_boards_for_auction(plan_boards_for_auction(sayc, "1NT P 2C P", count=8, seed=4), tried=tried)
    assert rows.shape == (8, 4) and len(tried) == 1 and tried[0] > 8


@pytest.mark.parametrize("rotation", ["none", "law2", "ns"])
def test_a_mixed_set_bids_its_auction_at_each_boards_vulnerability(sayc, rotation: str) -> None:
    """A practice set mixing an auction with other constraints deals the auction's boards at their
    own vulnerability too (they used to be dealt at love all, so some 4♥ boards were bid 3♥)."""
    from bridgegui.engine.bidding import request_for_auction, requests_by_vulnerability
    from bridgegui.engine.dealer.constraints import DealRequest
    from bridgegui.engine.dealer.mixing import Scenario, SetSource, deal_set_now

    auction = Scenario(
        "four hearts",
        request_for_auction(sayc, "4H", "N"),
        follows_board=True,
        request_at=requests_by_vulnerability(sayc, "4H", "N"),
    )
    other = Scenario("strong", DealRequest.from_specs(north="hcp 20+"))
    boards = deal_set_now([SetSource((auction,)), SetSource((other,))], 32, seed=7, rotation=rotation)
    mine = [b for b in boards if b.tag("Scenario") == "four hearts"]
    assert len(mine) == 16 and {b.effective_vulnerable for b in mine} == {"None", "NS", "EW", "All"}
    for board in mine:
        assert board.deal is not None
        bid = sayc.bid(board.deal, board.effective_dealer or "N", board.effective_vulnerable or "None").auction
        assert bid.calls[0] == Call.parse("4H"), f"board {board.number} ({board.effective_vulnerable}): {bid.text()}"
