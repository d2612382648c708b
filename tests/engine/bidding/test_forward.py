"""Forward bidding: the system's call for a hand, single and batched, with a small system written inline."""

from __future__ import annotations

import random

import numpy as np
import pytest

from bridgegui.engine.bidding import NO_FIT_EXPLANATION, PASS, Auction, Call, load_system, parse_system, shipped_systems
from bridgegui.engine.bidding.system import NO_RULE, call_code, call_from_code, time_auctions, time_openings
from bridgegui.engine.cards import CARD_BITS, SEATS, Deal, Hand, parse_deal, seat_index
from bridgegui.engine.dealing import deal_batch
from bridgegui.engine.errors import BridgeError

SYSTEM = """
system: Forward
title: A small system for the forward tests

after P P P            # the pass-out seat: a light hand passes the board out
  P    hcp 12-          -- Fourth seat: pass the board out with 12 or fewer points.

after P*
  2C   hcp 22+                                              -- 2♣: 22 or more points.
  1NT  hcp 15-17, balanced                                  -- 1NT: 15-17 points and a balanced hand.
  1S   hcp 12-21, spades 5+ where spades(me) >= hearts(me)  -- 1♠: 12-21 points and five or more spades.
  1H   hcp 12-21, hearts 5+                                 -- 1♥: 12-21 points and five or more hearts.
  1D   hcp 12-21, diamonds 4+ where diamonds(me) > clubs(me) -- 1♦: 12-21 points, diamonds longer than clubs.
  1C   hcp 12-21                                            -- 1♣: 12-21 points.
  3S   hcp 5-10, spades 7+, tricks 6-7                      -- 3♠: a preempt with seven spades.
  P    any                                                  -- Pass: not enough to open.

after P* 1NT P
  2C   hcp 8+, not 4333 where hearts(me) >= 4 || spades(me) >= 4  -- 2♣ is Stayman: 8+ points and a four-card major.
  P    any                                                  -- Pass: no game interest.

after P* 1NT P 2C P
  2H   hearts 4+       -- 2♥: four hearts.
  2S   spades 4+       -- 2♠: four spades, not four hearts.
  2D   any             -- 2♦: no four-card major.

after P* 1NT X
  XX   hcp 10+         -- Redouble: 10 or more points.

after P* 1C|1D|1H|1S *  # any interference, or none
  1NT  hcp 6-10, balanced  -- 1NT: 6-10 points and a balanced hand.

after P* bid           # the opponents opened
  1S   hcp 8-16, spades 5+   -- 1♠ overcall: 8-16 points and five spades.
  2S   hcp 8-16, spades 5+   -- 2♠ overcall: the one-level is not available.
  X    hcp 12+, shape 4441   -- Double for takeout.
  P    any                   -- Pass: nothing to say.
"""


@pytest.fixture(scope="module")
def system():
    return parse_system(SYSTEM, "forward.system")


def deal_with(hands: dict[str, str]) -> Deal:
    """A deal in which the given seats hold the given hands and the others share the rest in card order."""
    masks = [0, 0, 0, 0]
    used = 0
    for seat, text in hands.items():
        mask = Hand.from_pbn(text).mask
        masks[seat_index(seat)] = mask
        used |= mask
    rest = [bit for bit in CARD_BITS if not bit & used]
    for seat in range(4):
        if not masks[seat]:
            for bit in rest[:13]:
                masks[seat] |= bit
            rest = rest[13:]
    return Deal.from_masks(masks)


def calls(text: str) -> tuple[Call, ...]:
    return tuple(Call.parse(t) for t in text.split())


def test_call_codes_round_trip():
    for code in range(38):
        assert call_code(call_from_code(code)) == code
    assert call_from_code(0) == Call.parse("1C") and call_from_code(34) == Call.parse("7NT")
    assert call_from_code(35) == PASS


def test_rules_for_in_priority_order(system):
    opening = [str(r.call) for r in system.rules_for(Auction("N"))]
    assert opening == ["2C", "1NT", "1S", "1H", "1D", "1C", "3S", "P"]
    pass_out = [str(r.call) for r in system.rules_for(Auction.parse("N", "P P P"))]
    assert pass_out[:2] == ["P", "2C"]  # the pass-out block comes first in the file
    assert [str(r.call) for r in system.rules_for(Auction.parse("E", "1NT P"))] == ["2C", "P"]
    assert system.rules_for(Auction.parse("N", "1NT P 2C P 2H P")) == ()


@pytest.mark.parametrize(
    ("hand", "call", "explanation"),
    [
        ("AK2.KQ3.J983.A54", "1NT", "1NT: 15-17 points and a balanced hand."),
        ("AKJ52.Q98.2.A432", "1S", "1♠: 12-21 points and five or more spades."),
        ("AKJ52.Q98432.2.A", "1H", "1♥: 12-21 points and five or more hearts."),  # where: hearts longer
        ("AKQ2.KQJ3.AQ4.K2", "2C", "2♣: 22 or more points."),
        ("KQJ9752.T8.53.42", "3S", "3♠: a preempt with seven spades."),
        ("T832.J54.Q73.962", "P", "Pass: not enough to open."),
    ],
)
def test_openings(system, hand, call, explanation):
    for dealer in SEATS:
        choice = system.call_for(deal_with({dealer: hand}), Auction(dealer))
        assert (str(choice.call), choice.explanation) == (call, explanation)
        assert choice.rule is not None and choice.rule.call == choice.call


def test_the_pass_out_seat(system):
    hand = "KJ52.Q98.A2.Q432"  # 12 points: opens in first seat, passes the board out in fourth
    assert Hand.from_pbn(hand).hcp == 12
    deal = deal_with({"W": hand})
    assert str(system.call_for(deal, Auction("W")).call) == "1C"
    choice = system.call_for(deal, Auction.parse("N", "P P P"))
    assert choice.call == PASS and choice.explanation.startswith("Fourth seat")


STAYMAN = "N:AK2.KQ32.J98.A54 JT8.JT9.AK76.QJT Q943.A754.T2.K32 765.86.Q543.9876"
NO_STAYMAN = "N:AK2.KQ32.J98.A54 JT87.JT9.AKQ7.QJ Q94.A75.T62.K632 653.864.543.T987"


def test_stayman_sequence(system):
    result = system.bid(parse_deal(STAYMAN), "N")  # 17 balanced opposite 4-4 in the majors and 9 points
    assert result.auction.text() == "1NT P 2C P 2H P P P"
    assert result.choices[2].explanation.startswith("2♣ is Stayman")
    assert [c.rule is None for c in result.choices] == [False, False, False, True, False, True, True, True]
    # 4333 with no four-card major: no Stayman, and the opponents pass.
    assert system.bid(parse_deal(NO_STAYMAN), "N").auction.text() == "1NT P P P"


def test_interference_through_star_and_illegal_calls_skipped(system):
    responder = "Q94.T75.K62.J632"  # 6 points, balanced
    for prefix in ("1H P", "1H 1S"):
        choice = system.call_for(deal_with({"S": responder}), Auction.parse("N", prefix))
        assert str(choice.call) == "1NT", prefix
    # After 1H 2C the 1NT response is illegal: the rule is skipped, and nothing else fits.
    choice = system.call_for(deal_with({"S": responder}), Auction.parse("N", "1H 2C"))
    assert choice == type(choice)(PASS, None, NO_FIT_EXPLANATION)
    # The 1♠ overcall is illegal over 1NT: the next rule (2♠) makes the call.
    overcaller = "KQJ95.T75.K62.J6"
    assert str(system.call_for(deal_with({"E": overcaller}), Auction.parse("N", "1H")).call) == "1S"
    assert str(system.call_for(deal_with({"E": overcaller}), Auction.parse("N", "1NT")).call) == "2S"
    redoubler = "KQ4.T75.A62.J632"
    assert str(system.call_for(deal_with({"S": redoubler}), Auction.parse("N", "1NT X")).call) == "XX"


def test_nothing_fits_means_pass(system):
    choice = system.call_for(deal_with({}), Auction.parse("N", "1NT P 2C P 2H P"))
    assert choice.call == PASS and choice.rule is None
    assert (
        choice.explanation == NO_FIT_EXPLANATION == "Not covered by this system: nothing in it fits this hand, so pass."
    )
    assert choice.catch_all and choice.explained.catch_all


def test_choose_on_a_batch_equals_choose_hand_by_hand(system):
    deals = deal_batch(400, seed=11)
    for text, dealer in (("", "N"), ("P P P", "E"), ("1NT P", "S"), ("1H", "W"), ("1NT X", "N")):
        auction = Auction.parse(dealer, text)
        seat = seat_index(auction.next_seat)
        codes, rules = system.choose(deals[:, seat], auction)
        assert codes.dtype == np.int16 and rules.dtype == np.int32
        for i in range(0, 400, 7):
            one_code, one_rule = system.choose(deals[i : i + 1, seat], auction)
            assert (int(one_code[0]), int(one_rule[0])) == (int(codes[i]), int(rules[i]))
        fitted = rules != NO_RULE
        assert all(call_code(system.rules[r].call) == c for r, c in zip(rules[fitted], codes[fitted], strict=True))
        assert (codes[~fitted] == call_code(PASS)).all()


def test_choose_refuses_a_finished_auction_and_whole_deals(system):
    with pytest.raises(BridgeError, match="over"):
        system.choose(np.zeros(1, dtype=np.uint64), Auction.parse("N", "P P P P"))
    with pytest.raises(BridgeError, match="shape"):
        system.choose(deal_batch(3, seed=1), Auction("N"))


def test_bid_explains_every_call_and_annotates(system):
    result = system.bid(parse_deal(STAYMAN), "N")
    assert result.auction.is_complete
    assert len(result.choices) == len(result.auction.calls)
    assert [c.call for c in result.choices] == list(result.auction.calls)
    annotated = result.annotated()
    assert annotated.calls == result.auction.calls
    assert annotated.notes == tuple(c.explanation for c in result.choices)


def test_bid_batch_equals_bid_and_every_auction_is_legal(system):
    deals = deal_batch(300, seed=5)
    for dealer in ("N", "W"):
        auctions = system.bid_batch(deals, dealer)
        assert len(auctions) == 300
        for row, auction in zip(deals, auctions, strict=True):
            again = Auction(dealer, auction.calls)  # the constructor checks every call against the Laws
            assert again.is_complete
            assert auction.calls == system.bid(Deal.from_masks(row), dealer).auction.calls
        assert len({a.text() for a in auctions}) > 20  # the batch really spreads over many auctions


def test_bid_batch_with_rules_give_each_calls_rule(system):
    deals = deal_batch(200, seed=6)
    auctions, rules = system.bid_batch_with_rules(deals, "N")
    for i in range(200):
        result = system.bid(Deal.from_masks(deals[i]), "N")
        expected = [c.rule.index if c.rule is not None else NO_RULE for c in result.choices]
        assert rules[i, : len(expected)].tolist() == expected
        assert (rules[i, len(expected) :] == NO_RULE).all()
        assert auctions[i].calls == result.auction.calls


def test_max_calls_bounds_the_auction(system):
    deals = deal_batch(50, seed=8)
    for auction in system.bid_batch(deals, "N", max_calls=2):
        assert len(auction.calls) <= 2
    assert len(system.bid(Deal.from_masks(deals[0]), "N", max_calls=1).auction.calls) == 1


def test_where_uses_the_calling_seat(system):
    # 5-5 in the majors opens 1♠ and 5-6 opens 1♥ from every seat: the where reads the caller's hand.
    for seat in SEATS:
        for text in ("P", "P P", "P P P"):
            auction = Auction.parse(seat, text)
            caller = auction.next_seat
            assert str(system.call_for(deal_with({caller: "AKJ52.Q9843.2.A2"}), auction).call) == "1S"
            assert str(system.call_for(deal_with({caller: "AKJ52.Q98432.2.A"}), auction).call) == "1H"


def test_opening_benchmark_is_fast(system):
    # The goal is well under a second for 100,000 openings; a loaded test machine gets some slack.
    assert time_openings(system, 100_000) < 1.0
    assert time_auctions(system, 2_000) < 2.0


def test_the_pattern_index_agrees_with_matching_every_pattern(system):
    extra = parse_system(
        "system: Index\n"
        "after P* P 1C\n  P any -- a.\n"  # a pass may follow the leading passes: matched by its expression
        "after P* 1C|1D|1H|1S|1NT|2C|2D|2H|2S|2NT X|P 2C|2D|2H|2S|2NT|3C|3D|3H|3S|3NT\n  P any -- b.\n"
        "after 1C|1D P\n  P any -- c.\n"
        "after P*\n  P any -- d.\n"
        "after ** X\n  P any -- e.\n"
    )
    # "standard" is "include sayc" and nothing more: its blocks are SAYC's, already checked.  The test
    # matches every block against every auction, so each system costs its blocks times the auctions
    # (a third of the whole suite's slowest test went on checking SAYC twice).
    systems = [system, extra, *(load_system(name) for name in shipped_systems() if name != "standard")]
    deals = deal_batch(60, seed=12)
    written = {calls(text) for text in ("P P 1C", "P 1C", "1D P", "1C X 3NT", "P P P P", "1H P 1S X")}
    bid: set[tuple[Call, ...]] = set()
    for bidder in systems:
        bid |= {a.calls[:k] for a in bidder.bid_batch(deals, "N") for k in range(len(a.calls) + 1)}
    # Matching every pattern by hand costs about 10 µs a block: 150 of the bid auctions (a fixed
    # sample) against the shipped systems' 12,000 blocks is a quarter of a minute; the index answers
    # them all in milliseconds.
    auctions = written | set(random.Random(12).sample(sorted(bid, key=str), min(150, len(bid))))
    for checked in systems:
        for key in auctions:
            codes = [call_code(call) for call in key]
            expected = [b for b, block in enumerate(checked.blocks) if block.pattern.matches_codes(codes)]
            assert checked._index.blocks_matching(key) == expected, (checked.name, key)
