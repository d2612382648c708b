"""Backward bidding: dealing for an auction has exactly the law of plain rejection, and refuses
auctions the system never bids before dealing."""

from __future__ import annotations

import dataclasses
import time

import numpy as np
import pytest

from bridgegui.engine import evaluation
from bridgegui.engine.bidding import Auction, AuctionCondition, AuctionError, parse_system, request_for_auction
from bridgegui.engine.bidding.auction_dealing import rules_making, time_boards_for_auction
from bridgegui.engine.dealer import planner
from bridgegui.engine.dealer.constraints import DealRequest, SeatConstraint, parse_seat_spec
from bridgegui.engine.dealing import deal_batch, make_rng
from bridgegui.engine.errors import ImpossibleError
from bridgegui.engine.stats import chi_square_homogeneity

SYSTEM = """
system: Backward
title: A small system for the backward tests

after P*
  2C   hcp 22+                                              -- 2♣: 22 or more points.
  1NT  hcp 15-17, balanced                                  -- 1NT: 15-17 points and a balanced hand.
  1S   hcp 12-21, spades 5+ where spades(me) >= hearts(me)  -- 1♠: five or more spades.
  1H   hcp 12-21, hearts 5+                                 -- 1♥: five or more hearts.
  1D   hcp 12-21, diamonds 4+                               -- 1♦: four or more diamonds.
  1C   hcp 12-21                                            -- 1♣: an opening hand.
  3H   hcp 5-10, hearts 7+, tricks 6-7                      -- 3♥: a preempt, six or seven playing tricks.
  P    any                                                  -- Pass: not enough to open.

after P* 1NT P
  2C   hcp 8+, not 4333 where hearts(me) >= 4 || spades(me) >= 4  -- 2♣ is Stayman.
  P    any                                                  -- Pass.

after P* 1NT P 2C P
  2H   hearts 4+        -- 2♥: four hearts.
  2S   spades 4+        -- 2♠: four spades.
  2D   any              -- 2♦: no four-card major.

after P* 1NT P 2C P 2H P
  4H   hcp 10-15, hearts 4+   -- 4♥: game in the fit.
  3NT  hcp 10-15              -- 3NT: game, no fit.
  P    any                    -- Pass.

after P* 1NT P 2C P 2H P 3NT P
  4S   hcp 20+, spades 4+     -- 4♠: impossible after a 15-17 notrump.

after P* 1NT P 2C P 2S P
  P    any                    -- Pass.
  4S   hcp 10+                -- never reached: the rule above fits every hand.

after P* 1H P
  2H   hcp 6-9, hearts 3+     -- 2♥: a simple raise.
  2H   hcp 10-12, hearts 5+   -- 2♥: also this, so no one meaning.
  1NT  hcp 6-10               -- 1NT: 6-10 points.

after P* 2C X
  XX   hcp 10+                -- Redouble: 10 or more points.

after P* bid
  X    hcp 12+, shape 4441    -- Double for takeout.
  2S   hcp 8-16, spades 5+    -- 2♠ overcall.
  P    any                    -- Pass.
"""


@pytest.fixture(scope="module")
def system():
    return parse_system(SYSTEM, "backward.system")


def test_positive_meanings_become_seat_constraints(system):
    request = request_for_auction(system, "1NT P 2C P 2H", "N")
    north = parse_seat_spec("hcp 15-17, balanced").intersect(parse_seat_spec("hearts 4+"))
    assert request.seats[0] == north  # a seat's calls intersected
    assert request.seats[2] == parse_seat_spec("hcp 8+, not 4333")  # the where stays in the condition
    assert request.seats[1] == request.seats[3] == SeatConstraint()  # passes: negative inferences only
    assert isinstance(request.condition, AuctionCondition)
    assert request.condition.prefix == Auction.parse("N", "1NT P 2C P 2H")
    assert request.condition.text == "the Backward system bids 1NT P 2C P 2H"


def test_prefix_as_auction_calls_or_text(system):
    by_text = request_for_auction(system, "P 1NT P 2C!", "E")
    by_auction = request_for_auction(system, Auction.parse("E", "P 1NT P 2C"))
    by_calls = request_for_auction(system, ["P", "1NT", "P", "2C"], "E")
    assert by_text.seats == by_auction.seats == by_calls.seats
    assert by_text.seats[2] == parse_seat_spec("hcp 15-17, balanced")  # East deals, South opens
    with pytest.raises(AuctionError):
        request_for_auction(system, "1NT P 2Q", "N")


def test_several_rules_for_one_call_give_their_hull_as_the_positive_meaning(system):
    """A hand that makes the call fits one of the rules' meanings, so it fits their hull: the
    dealer draws from that, and the condition keeps the hands the system really gives the call."""
    makers, no_fit = rules_making(system, Auction.parse("N", "1H P"), Auction.parse("N", "2H").calls[0])
    assert len(makers) == 2 and not no_fit
    request = request_for_auction(system, "1H P 2H", "N")
    assert request.seats[2] == parse_seat_spec("hcp 6-12, hearts 3+")
    assert request.seats[0] == parse_seat_spec("hcp 12-21, hearts 5+")


def test_a_pass_nothing_else_fits_has_no_positive_meaning(system):
    # After 1H P the responses have no Pass rule: a Pass is the system's no-fit Pass.
    makers, no_fit = rules_making(system, Auction.parse("N", "1H P"), Auction.parse("N", "P").calls[0])
    assert makers == () and no_fit
    assert request_for_auction(system, "1H P P", "N").seats[2] == SeatConstraint()


def test_a_rule_an_earlier_rule_contains_is_never_reached():
    text = """system: Shadow
after P*
  1NT  hcp 15-17, balanced              -- 1NT.
  1C   hcp 15-17, balanced, clubs 4+    -- never: 1NT takes these hands first.
  1C   hcp 12-14                        -- 1♣: 12-14.
  1D   hcp 15-17, shape 4333            -- never either: 4333 is balanced.
  P    any                              -- Pass.
"""
    shadow = parse_system(text)
    request = request_for_auction(shadow, "1C", "N")
    assert request.seats[0] == parse_seat_spec("hcp 12-14")  # the only 1♣ rule that can fire
    # The refusal names the call, its rule and the rule that takes its hands, with their lines.
    with pytest.raises(
        ImpossibleError,
        match=r"1♦: no hand reaches the Shadow system's 1♦ as the first call: its rule at "
        r"<string>:6 is taken first by the 1NT rule at <string>:3",
    ):
        request_for_auction(shadow, "1D", "N")


@pytest.mark.parametrize(
    ("prefix", "words"),
    [
        ("1NT 1C", ["call 2 (East)", "1♣", "insufficient"]),  # illegal
        ("2D", ["call 1 (North), 2♦", "no rule of the Backward system", "as the first call"]),
        ("1NT P 2D", ["call 3 (South), 2♦", "after 1NT Pass"]),
        # Shadowed by an earlier rule that fits every hand:
        ("1NT P 2C P 2S P 4S", ["call 7 (South), 4♠", "after 1NT Pass 2♣ Pass 2♠ Pass"]),
        ("1NT P 2C P 2H P 3NT P 4S", ["call 9 (North), 4♠", "fit no hand together"]),  # 15-17 and 20+
        ("2C X XX", ["call 3 (South), Rdbl", "cannot fit together", "HCP"]),  # 22 + 12 + 10 > 40
        ("P P P P P", ["call 5", "over"]),
    ],
)
def test_unreachable_prefixes_are_refused_at_once(system, prefix, words):
    start = time.process_time()
    with pytest.raises(ImpossibleError) as info:
        request_for_auction(system, prefix, "N")
    assert time.process_time() - start < 10  # refused before dealing (dealing would run to its bound)
    for word in words:
        assert word in str(info.value)
    assert info.value.seat in ("N", "E", "S", "W")


def rejection(system, prefix: Auction, count: int, seed: int) -> np.ndarray:
    """Plain rejection: deal uniformly, let the system bid (``bid_batch``), keep the deals whose
    auction starts with ``prefix``."""
    rng = make_rng(seed)
    kept: list[np.ndarray] = []
    found = 0
    while found < count:
        deals = deal_batch(200_000, rng=rng)
        auctions = system.bid_batch(deals, prefix.dealer, max_calls=len(prefix.calls))
        match = np.array([a.calls == prefix.calls for a in auctions], dtype=bool)
        kept.append(deals[match])
        found += int(match.sum())
    return np.concatenate(kept)[:count]


def counts(values: np.ndarray, size: int) -> list[int]:
    return np.bincount(np.asarray(values, dtype=np.int64), minlength=size).tolist()


# Each statistic is compared over 1,500 boards from each method (fixed seeds): enough for every bin
# that matters to hold dozens of boards, so a wrong positive meaning (a seat drawn from the wrong law)
# shows as p far below 1e-4, while the two exact methods agree (p > 1e-4, a false alarm 1 time in 10,000).
SAMPLES = 1500


@pytest.mark.parametrize(
    ("text", "dealer", "statistics"),
    [
        (
            "1NT P 2C P 2H",
            "N",
            {
                "opener's HCP": lambda d: evaluation.hcp(d[:, 0]),
                "responder's hearts": lambda d: evaluation.suit_lengths(d[:, 2])[:, 1],
                "responder's HCP": lambda d: evaluation.hcp(d[:, 2]),
                "East's HCP": lambda d: evaluation.hcp(d[:, 1]),
            },
        ),
        (
            "1H P 2H",
            "N",
            {
                "responder's HCP": lambda d: evaluation.hcp(d[:, 2]),
                "responder's hearts": lambda d: evaluation.suit_lengths(d[:, 2])[:, 1],
                "opener's HCP": lambda d: evaluation.hcp(d[:, 0]),
            },
        ),
        (
            "P P 3H",
            "E",
            {
                "preemptor's HCP": lambda d: evaluation.hcp(d[:, 3]),
                "preemptor's hearts": lambda d: evaluation.suit_lengths(d[:, 3])[:, 1],
                "dealer's HCP": lambda d: evaluation.hcp(d[:, 1]),
            },
        ),
    ],
)
def test_dealing_for_an_auction_has_the_law_of_plain_rejection(system, text, dealer, statistics):
    prefix = Auction.parse(dealer, text)
    request = request_for_auction(system, prefix)
    dealt = planner.deal(request, SAMPLES, seed=20261123)
    assert dealt.shape == (SAMPLES, 4)
    # Every board is one on which the system bids the prefix.
    assert all(a.calls == prefix.calls for a in system.bid_batch(dealt, dealer, max_calls=len(prefix.calls)))
    rejected = rejection(system, prefix, SAMPLES, seed=77)
    for name, statistic in statistics.items():
        test = chi_square_homogeneity(counts(statistic(dealt), 40), counts(statistic(rejected), 40))
        assert test.p_value > 1e-4, (name, test)


def test_the_chi_square_sees_a_missing_negative_inference(system):
    # The positive meanings alone are not the law: without the condition, responder's hearts differ.
    prefix = Auction.parse("N", "1NT P 2C P 2H")
    request = dataclasses.replace(request_for_auction(system, prefix), condition=None)
    dealt = planner.deal(request, SAMPLES, seed=3)
    rejected = rejection(system, prefix, SAMPLES, seed=4)
    hearts = chi_square_homogeneity(
        counts(evaluation.suit_lengths(dealt[:, 2])[:, 1], 14),
        counts(evaluation.suit_lengths(rejected[:, 2])[:, 1], 14),
    )
    assert hearts.p_value < 1e-6


def test_the_condition_is_the_system_bidding_the_prefix(system):
    deals = deal_batch(30_000, seed=9)
    for text, dealer in (("1NT P 2C", "N"), ("P 1H P", "W"), ("P P P", "S"), ("", "E")):
        prefix = Auction.parse(dealer, text)
        mask = AuctionCondition(system, prefix)(deals)
        auctions = system.bid_batch(deals, dealer, max_calls=len(prefix.calls))
        assert mask.tolist() == [a.calls == prefix.calls for a in auctions]
    assert AuctionCondition(system, Auction.parse("N", "1NT"))(np.zeros((0, 4), dtype=np.uint64)).shape == (0,)


@pytest.mark.parametrize(("text", "dealer"), [("1NT P 2C P 2H", "N"), ("P P 3H", "E")])
def test_sixteen_boards_are_dealt_for_an_auction(system, text, dealer):
    """The speed is measured by ``python -m bridgegui.devtools.bench --bidding``; here, that the timing helper works."""
    assert planner.deal(request_for_auction(system, text, dealer), 16, seed=1).shape == (16, 4)
    assert time_boards_for_auction(system, text, dealer, 16, seed=2) > 0


def test_a_preempt_is_drawn_exactly_by_its_playing_tricks(system):
    request = request_for_auction(system, "3H", "N")
    assert request.seats[0].playing_tricks is not None
    plan = planner.plan_request(request)
    assert plan.drawn_seat == 0  # the trick count goes to the exact per-seat dealer, not to rejection
    assert plan.plans[0].complete
    assert isinstance(request, DealRequest)


def test_a_call_that_earlier_rules_together_take_is_refused_at_once_naming_the_taker():
    """No single earlier rule holds 2♥'s meaning, but 1♥ and 1♠ together take every hand of it: the
    refusal comes from exact draws of the meaning, before any dealing (it searched for seconds)."""
    system = parse_system(
        "version: 2\nsystem: Union\nafter P*\n"
        "  1H hearts 4+ where hearts(me) >= spades(me)\n"
        "  1S spades 4+\n"
        "  2H hearts 4+, hcp 19+\n"
        "  fallback P\n"
    )
    with pytest.raises(
        ImpossibleError,
        match=r"practically never bids 2♥ as the first call: of 2,000 hands drawn from the meaning of its rule "
        r"at <string>:6, none is given it; the 1♥ rule at <string>:4 takes most of them first",
    ):
        request_for_auction(system, "2H", "N")
