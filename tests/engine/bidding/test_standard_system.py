"""The shipped Standard system (resources/systems/standard.system) bid hand by hand against the textbook.

Each case puts one hand at the seat to call after the given auction (dealer North; the other three
hands are the remaining cards, shuffled with a fixed seed) and checks the system's call.  The hands
are built to illustrate a rule as the ACBL's beginners' books state it; the source names the book
and the rule:

- GRANT: Audrey Grant, "Bidding in the 21st Century" (ACBL Bridge Series, The Club Series):
  opening, responding, opener's and responder's rebids, notrump openings.
- CONVENTIONS: Audrey Grant, "Commonly Used Conventions in the 21st Century" (ACBL Bridge Series):
  Stayman, Jacoby transfers, the strong artificial 2♣, weak two-bids, the negative double.
- COMPETITIVE: Audrey Grant, "Competitive Bidding in the 21st Century" (ACBL Bridge Series):
  overcalls, the 1NT overcall, the takeout double and its responses.
- 2-3-4: the rule of 2-3-4 for preempts (overbid by 2, 3 or 4 tricks by vulnerability), with the playing-trick
  count of Old Lady's "Tricky Trick-y Algorithm".
"""

from __future__ import annotations

import pytest

from bridgegui.engine.bidding import load_system
from bridgegui.engine.bidding.calls import Auction, Call

GRANT = 'Grant, "Bidding in the 21st Century" (ACBL)'
CONVENTIONS = 'Grant, "Commonly Used Conventions in the 21st Century" (ACBL)'
COMPETITIVE = 'Grant, "Competitive Bidding in the 21st Century" (ACBL)'
RULE_234 = "rule of 2-3-4 for preempts, with the playing-trick count of Old Lady's 'Tricky Trick-y Algorithm'"


@pytest.fixture(scope="module")
def system():
    return load_system("standard")


CASES = [
    # ---- Opening bids ------------------------------------------------------------------------
    ("", "AK2.KQ3.J983.A54", "1NT", GRANT + ": open 1NT with 15-17 HCP and a balanced hand"),
    ("", "KQ5.AJ4.KQ63.AQ7", "2NT", GRANT + ": open 2NT with 20-21 HCP and a balanced hand"),
    ("", "AKJ4.AK5.AQ3.K72", "2C", CONVENTIONS + ": strong artificial 2♣ with 22 or more points"),
    ("", "AKJ53.K4.Q72.J64", "1S", GRANT + ": 13+ points counting length, open a five-card major"),
    ("", "KQ854.AJ976.3.K2", "1S", GRANT + ": with two five-card suits open the higher-ranking"),
    ("", "64.AKJ75.K83.Q92", "1H", GRANT + ": five-card major; 13 HCP balanced is below the 1NT range"),
    ("", "A7.Q83.KJ74.KJ52", "1D", GRANT + ": no five-card major, open the longer minor; with four-four open 1♦"),
    ("", "KJ73.A98.Q94.K52", "1C", GRANT + ": no five-card major, three-three in the minors: open 1♣"),
    ("", "A4.K83.KQJ74.952", "1D", GRANT + ": no five-card major: open the longer minor"),
    ("", "KQJ874.63.852.74", "2S", CONVENTIONS + ": weak two-bid, a good six-card suit and a weak hand"),
    ("", "74.AQT963.852.74", "2H", CONVENTIONS + ": weak two-bid in hearts, a good six-card suit"),
    ("", "7.KQJ9864.852.74", "3H", GRANT + " and " + RULE_234 + ": seven-card suit, a weak hand, six playing tricks"),
    ("", "J73.Q852.K64.Q93", "P", GRANT + ": fewer than 13 points: pass"),
    # ---- Responses to one of a suit ------------------------------------------------------------
    ("1H P", "K84.Q763.J62.852", "2H", GRANT + ": raise partner's major with three-card support and 6-10 points"),
    ("1H P", "K84.Q763.A62.K52", "3H", GRANT + ": limit raise with support and 11-12 points"),
    ("1H P", "AQ74.83.J962.852", "1S", GRANT + ": a new suit at the one level, four cards and 6+ points"),
    ("1H P", "Q74.83.K962.J852", "1NT", GRANT + ": 1NT response, 6-10 points, no fit and no suit at the one level"),
    ("1H P", "74.83.KQ962.AKJ2", "2D", GRANT + ": a new suit at the two level needs 11+ points"),
    ("1H P", "8.Q4.7542.J98532", "P", GRANT + ": pass with fewer than 6 points"),
    ("1D P", "A874.KQ63.52.852", "1H", GRANT + ": with two four-card suits, bid up the line: 1♥ first"),
    ("1C P", "974.K63.Q842.J52", "1D", GRANT + ": a new suit at the one level with four cards and 6+ points"),
    ("1D P", "Q74.K63.J8.Q9652", "1NT", GRANT + ": 1NT response with 6-10 points and no four-card major"),
    ("1D P", "74.Q63.KJ852.952", "2D", GRANT + ": raise partner's minor with support and 6-10 points"),
    # ---- 1NT: responses, Stayman and transfers ------------------------------------------------
    ("1NT P", "74.KJ852.Q63.952", "2D", CONVENTIONS + ": Jacoby transfer, 2♦ shows five or more hearts"),
    ("1NT P", "KQ852.74.Q63.952", "2H", CONVENTIONS + ": Jacoby transfer, 2♥ shows five or more spades"),
    ("1NT P", "KJ74.Q3.K962.852", "2C", CONVENTIONS + ": Stayman with 8+ points and a four-card major"),
    ("1NT P", "K74.Q3.K962.Q852", "3NT", GRANT + ": responding to 1NT, 10-15 points: game in notrump"),
    ("1NT P", "K74.Q3.Q962.J852", "2NT", GRANT + ": responding to 1NT, 8-9 points: invite with 2NT"),
    ("1NT P", "974.J3.Q962.8532", "P", GRANT + ": responding to 1NT, 0-7 points: pass"),
    ("1NT P 2C P", "AQ3.KJ74.K62.Q85", "2H", CONVENTIONS + ": Stayman, opener shows four hearts"),
    ("1NT P 2C P", "AK3.QJ7.K642.Q85", "2D", CONVENTIONS + ": Stayman, opener denies a four-card major with 2♦"),
    ("1NT P 2C P", "AK74.QJ74.K6.Q85", "2H", CONVENTIONS + ": Stayman, with both majors opener bids hearts first"),
    ("1NT P 2D P", "AK3.Q7.K642.QJ85", "2H", CONVENTIONS + ": opener completes the transfer"),
    ("1NT P 2D P 2H P", "74.KJ852.Q63.952", "P", CONVENTIONS + ": after the transfer, a weak hand passes"),
    ("1NT P 2D P 2H P", "74.KJ852.AQ3.952", "3NT", CONVENTIONS + ": five hearts and game values: 3NT, opener chooses"),
    ("1NT P 2C P 2H P", "KJ74.Q3.K962.852", "2NT", CONVENTIONS + ": Stayman found no fit, 8-9 points: 2NT invites"),
    ("1NT P 2C P 2S P", "KJ74.Q3.K962.K52", "4S", CONVENTIONS + ": Stayman found the spade fit, game values: 4♠"),
    # ---- 2♣ and weak twos ------------------------------------------------------------------
    ("2C P", "852.Q73.J964.852", "2D", CONVENTIONS + ": 2♦ is the waiting response to 2♣"),
    ("2C P 2D P", "AKJ4.AK5.AQ3.K72", "2NT", CONVENTIONS + ": 2♣ then 2NT shows 22-24 balanced"),
    ("2H P", "A4.K72.AKQ62.Q53", "4H", CONVENTIONS + ": over a weak two, raise to game with support and game values"),
    # ---- Opener's rebid and responder's second call -------------------------------------------
    ("1D P 1H P", "K4.KJ73.AQ952.83", "2H", GRANT + ": opener raises with four-card support and a minimum"),
    ("1D P 1H P", "KJ4.Q73.AQ95.J83", "1NT", GRANT + ": opener's 1NT rebid shows a balanced minimum (12-14)"),
    ("1D P 1H P", "AQ74.5.KQ963.K82", "1S", GRANT + ": opener shows a new suit at the one level"),
    ("1H P 1S P", "84.AKJ763.K52.A4", "3H", GRANT + ": opener's jump rebid with a six-card suit and 17-18 points"),
    ("1H P 1S P", "84.AKJ763.K52.94", "2H", GRANT + ": opener rebids a six-card suit with a minimum"),
    ("1H P 2H P", "AK4.AQJ73.K52.94", "3H", GRANT + ": after a single raise, opener invites with 17-18 points"),
    ("1S P 3S P", "AQJ73.K84.KQ2.94", "4S", GRANT + ": after a limit raise, opener accepts with more than a minimum"),
    ("1D P 1S P 1NT P", "KJ74.Q63.K2.8532", "P", GRANT + ": responder with 6-10 passes opener's minimum 1NT"),
    ("1D P 1S P 1NT P", "KJ74.Q63.K2.A532", "3NT", GRANT + ": responder with 13+ bids game"),
    ("1D P 1S P 2S P", "KJ74.Q63.K2.A532", "4S", GRANT + ": opener raised; responder with 13+ bids game"),
    # ---- Competitive bidding -----------------------------------------------------------------
    ("1D", "AQJ74.K63.82.952", "1S", COMPETITIVE + ": a one-level overcall with a good five-card suit"),
    ("1H", "AQ74.3.KJ62.Q852", "X", COMPETITIVE + ": takeout double, short in their suit, support for the others"),
    ("1H", "AQ4.KJ3.KQ62.Q85", "1NT", COMPETITIVE + ": 1NT overcall, 15-18 balanced with a stopper"),
    ("1C X P", "Q852.743.9632.95", "1S", COMPETITIVE + ": advancing a takeout double, weak: bid a four-card major"),
    ("1C X P", "KQ85.A43.9632.95", "2S", COMPETITIVE + ": advancing a takeout double with 9-11 points, jump"),
    ("1D 1S P", "K84.Q963.852.K74", "2S", COMPETITIVE + ": raise partner's overcall with support"),
    ("1D 1S", "74.KJ83.A852.974", "X", CONVENTIONS + ": negative double shows the unbid major"),
    # ---- More: 2NT, 2♣, weak-two continuations, a four-level preempt, reverses, preference -----
    ("2NT P", "74.KJ852.Q63.952", "3D", CONVENTIONS + ": Jacoby transfers over 2NT, 3♦ shows hearts"),
    ("2NT P", "KJ74.Q3.9862.852", "3C", CONVENTIONS + ": Stayman over 2NT with a four-card major"),
    ("2NT P", "K74.Q3.9862.J852", "3NT", GRANT + ": raise 2NT to game with enough to make 25 together"),
    ("2C P", "AKJ84.73.852.852", "2S", CONVENTIONS + ": positive response to 2♣, a good five-card suit and 8+"),
    ("2S P 2NT P", "KQJ874.63.A52.74", "3D", CONVENTIONS + ": 2NT asks about a weak two; a maximum shows a feature"),
    ("2S P 2NT P", "KQJ874.63.852.74", "3S", CONVENTIONS + ": 2NT asks about a weak two; a minimum rebids the suit"),
    ("", "KQJT9874.5.32.43", "4S", GRANT + " and " + RULE_234 + ": an eight-card suit opens at the four level"),
    ("1D P 1S P", "5.AQ74.AKJ63.K82", "2H", GRANT + ": a reverse (a higher second suit at the two level) shows 17+"),
    ("1H P 1S P 2C P", "KJ74.Q63.852.J52", "2H", GRANT + ": responder's preference to opener's first suit"),
    ("1D", "74.KQJ874.852.74", "2H", COMPETITIVE + ": weak jump overcall, a good six-card suit and a weak hand"),
    ("1D X P", "AQ84.KJ5.852.K74", "2D", COMPETITIVE + ": advancing a takeout double with 12+, cue-bid their suit"),
    ("1D 1S X P", "K4.KJ73.AQ952.83", "2H", CONVENTIONS + ": after a negative double opener shows the unbid major"),
    ("1H 1NT P", "K74.Q3.K962.Q852", "3NT", COMPETITIVE + ": advancing a 1NT overcall as over a 1NT opening"),
    ("3H P", "A52.K84.AK73.Q52", "4H", GRANT + ": raise partner's preempt to game with a fit and the values"),
]


@pytest.mark.parametrize(("auction", "hand", "call", "source"), CASES, ids=[f"{a or '-'}: {h}" for a, h, _, _ in CASES])
def test_textbook_call(system, deal_for_hand, auction, hand, call, source):
    before = Auction.parse("N", auction) if auction else Auction("N")
    choice = system.call_for(deal_for_hand(before, hand), before)
    assert choice.call == Call.parse(call), (
        f"{source}: {hand} after '{auction}' should be {call}, not {choice.call} ({choice.explanation})"
    )
    assert choice.rule is not None


def test_forty_textbook_cases():
    assert len(CASES) >= 40
    assert all(source for *_, source in CASES)


def test_after_a_strong_two_clubs_responder_raises_only_a_major_opener_has_bid(system) -> None:
    """A fallback block after 2♣ "supported" spades or hearts nobody had bid (2♣-3♣-3♦-4♠ on four
    small spades, found bidding random boards): the raises now follow opener's own major only."""
    import numpy as np

    from bridgegui.engine.bidding.system import call_code
    from bridgegui.engine.dealing import deal_batch

    hands = deal_batch(20_000, seed=29)[:, 0]
    majors = [call_code(Call.parse("4S")), call_code(Call.parse("4H"))]
    for prefix in ("2C P 3C P 3D P", "2C P 3D P 4C P", "2C P 2D P 3C P"):
        codes, _ = system.choose(hands, Auction.parse("N", prefix))
        assert not np.isin(codes, majors).any(), prefix
    codes, _ = system.choose(hands, Auction.parse("N", "2C P 3C P 3S P"))
    assert (codes == majors[0]).any()  # opener's own spades are still raised


def test_a_transfer_over_partners_2nt_overcall_names_a_major_they_did_not_open(system, deal_for_hand) -> None:
    """Over 2♥ – 2NT, 3♦ "transferred" into their own hearts; narrowing the transfers to the majors they
    did not open first dropped them over their strong 2♣ too, which names no suit."""
    five_hearts, five_spades = "QT.AJ653.752.J64", "AJ653.QT.752.J64"
    for auction, hand, call in (
        ("2H 2NT P", five_hearts, "3NT"),
        ("2S 2NT P", five_spades, "3NT"),
        ("2S 2NT P", five_hearts, "3D"),
        ("2C 2NT P", five_hearts, "3D"),
        ("2C 2NT P", five_spades, "3H"),
    ):
        before = Auction.parse("N", auction)
        assert system.call_for(deal_for_hand(before, hand), before).call == Call.parse(call), (auction, hand)
