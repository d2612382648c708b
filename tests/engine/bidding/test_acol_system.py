"""The shipped Acol system (resources/systems/acol.system) bid hand by hand against the textbook.

Each case puts one hand at the seat to call after the given auction (dealer North; the other three
hands are the remaining cards, shuffled with a fixed seed) and checks the system's call.  The hands
are built to illustrate a rule as the English beginners' literature states it; the source names the
book and the rule:

- REB: the English Bridge Union's beginners' course "Really Easy Bidding": 12+ HCP to open, the
  Rule of 20, the 12-14 notrump and 20-22 2NT, limit responses, opener's notrump rebids.
- MAGEE: Bernard Magee's Acol guides (e.g. "Bernard Magee's Acol Bridge Flipper"): responses and
  rebids, four-card support for a raise, Stayman and transfers over the weak notrump, 2♣.
- ROBSON: Andrew Robson's tips on Modern Acol: with equal-length suits open the higher-ranking,
  except 1♥ with four cards in each major.
- MENDELSON: Paul Mendelson, "The Right Way to Play Bridge" (Acol): overcalls, the takeout double
  and its responses, the 1NT overcall.
- SE: the EBU's Standard English (modern Acol): strong 2♣ and weak twos in ♦ ♥ ♠.
- 2-3-4: the rule of 2-3-4 for preempts, with the playing-trick count of Old Lady's "Tricky Trick-y Algorithm".
"""

from __future__ import annotations

import pytest

from bridgegui.engine.bidding import load_system
from bridgegui.engine.bidding.calls import Auction, Call

REB = 'EBU, "Really Easy Bidding"'
MAGEE = "Bernard Magee's Acol guides"
ROBSON = "Andrew Robson, Modern Acol tips"
MENDELSON = 'Mendelson, "The Right Way to Play Bridge" (Acol)'
SE = "EBU Standard English (modern Acol)"
RULE_234 = "rule of 2-3-4 for preempts, with the playing-trick count of Old Lady's 'Tricky Trick-y Algorithm'"


@pytest.fixture(scope="module")
def system():
    return load_system("acol")


CASES = [
    # ---- Opening bids ------------------------------------------------------------------------
    ("", "KJ3.Q84.A962.K73", "1NT", REB + ": open 1NT with 12-14 HCP and a balanced hand"),
    ("", "AKJ.KQ4.AJ62.K73", "2NT", REB + ": open 2NT with 20-22 HCP and a balanced hand"),
    ("", "AKQ.AKJ4.AQ6.KQ2", "2C", SE + ": 2♣ is the strong opening, 23+ HCP"),
    ("", "AQ3.KJ84.K62.Q85", "1H", REB + ": balanced 15-19, open a suit and rebid notrump"),
    ("", "AQ73.KJ84.K6.Q85", "1H", ROBSON + ": four cards in each major, open 1♥"),
    ("", "AQ73.K8.J62.AQ85", "1S", ROBSON + ": two four-card suits, open the higher-ranking"),
    ("", "KQ973.AJ862.5.73", "1S", REB + ": 10 HCP and the Rule of 20: open; five-five, the higher suit"),
    ("", "K973.AJ86.Q5.J73", "P", REB + ": 11 HCP without the Rule of 20: pass"),
    ("", "K4.A8.KJ9753.Q62", "1D", REB + ": open the longest suit"),
    ("", "85.KQJ874.852.74", "2H", SE + ": weak two, a six-card suit and 6-10 HCP"),
    ("", "KQJ9864.7.852.74", "3S", REB + " and " + RULE_234 + ": seven-card suit, a weak hand, six playing tricks"),
    ("", "J73.Q852.K64.Q93", "P", REB + ": fewer than 12 HCP: pass"),
    # ---- Responses --------------------------------------------------------------------------
    ("1H P", "K842.Q763.J6.852", "2H", MAGEE + ": raise with four-card support and 6-9 points"),
    ("1H P", "K84.Q763.A62.J52", "3H", MAGEE + ": limit raise, four-card support and 10-12 points"),
    ("1H P", "K84.Q76.J62.8532", "1NT", REB + ": 1NT response, 6-9 points; three-card support is not enough to raise"),
    ("1D P", "A874.KQ63.52.852", "1H", REB + ": with two four-card suits respond up the line"),
    ("1S P", "74.Q63.KQ962.A52", "2D", REB + ": a new suit at the two level needs 9+ points"),
    ("1H P", "Q4.942.J7532.953", "P", REB + ": pass with fewer than 6 points"),
    # ---- The weak notrump: Stayman and transfers ------------------------------------------------
    ("1NT P", "KJ74.Q3.K962.A52", "2C", MAGEE + ": Stayman with 11+ points and a four-card major"),
    ("1NT P", "KJ7.Q3.K962.Q852", "2NT", REB + ": 11-12 points opposite 12-14: invite with 2NT"),
    ("1NT P", "KJ7.Q3.K962.A852", "3NT", REB + ": 13+ points opposite 12-14: game"),
    ("1NT P", "K74.Q3.J962.Q852", "P", REB + ": 0-10 points opposite 12-14: no game, pass"),
    ("1NT P", "74.KJ852.Q63.952", "2D", MAGEE + ": transfer, 2♦ shows five or more hearts"),
    ("1NT P", "KQ852.74.Q63.952", "2H", MAGEE + ": transfer, 2♥ shows five or more spades"),
    ("1NT P 2C P", "AQ3.KJ74.K62.852", "2H", MAGEE + ": Stayman, opener shows four hearts"),
    ("1NT P 2C P", "KQ3.J72.K642.Q85", "2D", MAGEE + ": Stayman, 2♦ denies a four-card major"),
    ("1NT P 2H P", "Q3.K72.AJ64.Q985", "2S", MAGEE + ": opener completes the transfer"),
    ("1NT P 2D P 2H P", "74.KJ852.Q63.952", "P", MAGEE + ": a weak hand passes the completed transfer"),
    # ---- Opener's rebid and responder's second call -------------------------------------------
    ("1H P 1S P", "AQ3.KJ84.K62.Q85", "1NT", REB + ": opener's 1NT rebid shows 15-16 balanced"),
    ("1H P 1S P", "AQ3.KJ84.KJ2.AT5", "2NT", REB + ": opener's jump to 2NT shows 17-18 balanced"),
    ("1H P 1S P", "A4.KQJ763.K52.94", "2H", REB + ": opener rebids a six-card suit with a minimum"),
    ("1H P 1S P", "K984.AQ763.K5.94", "2S", MAGEE + ": opener raises with four-card support and a minimum"),
    ("1H P 2H P", "AK4.AQJ73.K52.94", "3H", MAGEE + ": after a single raise, opener invites with 16-18"),
    ("1D P 1S P 1NT P", "KJ74.Q63.K2.8532", "2NT", REB + ": opposite a 15-16 rebid, 8-9 points invite"),
    ("1D P 1S P 1NT P", "KJ74.Q63.J2.8532", "P", REB + ": opposite a 15-16 rebid, 6-7 points pass"),
    ("1D P 1S P 1NT P", "KJ74.Q63.K2.A532", "3NT", REB + ": opposite a 15-16 rebid, 10+ points bid game"),
    # ---- 2♣ and weak twos ------------------------------------------------------------------
    ("2C P", "852.Q73.J964.852", "2D", SE + ": 2♦ is the negative response to 2♣"),
    ("2C P 2D P", "AKJ4.AK5.AQ3.K72", "2NT", SE + ": 2♣ then 2NT shows 23-24 balanced"),
    ("2H P", "A4.K72.AKQ62.Q53", "4H", SE + ": over a weak two, raise to game with support and game values"),
    # ---- Competitive bidding -----------------------------------------------------------------
    ("1D", "AQJ74.K63.82.952", "1S", MENDELSON + ": a one-level overcall with a good five-card suit"),
    ("1H", "AQ74.3.KJ62.Q852", "X", MENDELSON + ": takeout double, short in their suit, support for the others"),
    ("1H", "AQ4.KJ3.KQ62.Q85", "1NT", MENDELSON + ": 1NT overcall, 15-18 balanced with a stopper"),
    ("1C X P", "Q852.743.9632.95", "1S", MENDELSON + ": advancing a takeout double, weak: bid a four-card major"),
    ("1C X P", "KQ85.A43.9632.95", "2S", MENDELSON + ": advancing a takeout double with 9-11 points, jump"),
    # ---- More: 2NT, 2♣, a four-level preempt, reverses, preference, competition ------------------
    ("2NT P", "74.KJ852.Q63.952", "3D", MAGEE + ": transfers over 2NT, 3♦ shows hearts"),
    ("2NT P", "K74.Q3.9862.J852", "3NT", REB + ": raise 2NT (20-22) to game with 4+ points"),
    ("2C P", "AKJ84.73.852.852", "2S", SE + ": positive response to 2♣, a good five-card suit and 8+"),
    ("", "AKQJT98.AKQ.2.32", "2C", SE + ": 2♣ also opens a game-forcing hand with nine playing tricks"),
    ("", "KQJT9874.5.32.43", "4S", REB + " and " + RULE_234 + ": an eight-card suit opens at the four level"),
    ("1D P 1S P", "5.AQ74.AKJ63.K82", "2H", MAGEE + ": a reverse shows 16+ points and longer first suit"),
    ("1H P 1S P 2C P", "KJ74.Q63.852.J52", "2H", REB + ": responder's preference to opener's first suit"),
    (
        "1D",
        "A4.AKJ874.K52.74",
        "2H",
        SE
        + " C1.3: a single jump overcall is strong, a good six-card suit and about an ace more than a minimum opening",
    ),
    (
        "1D",
        "74.KQJ8742.85.74",
        "3H",
        SE + " C1.4: a double jump overcall is pre-emptive, a seven-card suit and little else",
    ),
    ("1D X P", "AQ84.KJ5.852.K74", "2D", MAGEE + ": answering a takeout double with 12+, cue-bid their suit"),
    ("1D 1S", "74.KJ83.A852.974", "X", MAGEE + ": negative double shows the unbid major"),
    ("1D 1S X P", "K4.KJ73.AQ952.83", "2H", MAGEE + ": after a negative double opener shows the unbid major"),
    ("3H P", "A52.K84.AK73.Q52", "4H", REB + ": raise partner's preempt to game with a fit and the values"),
    # ---- Standard English points the earlier file missed ---------------------------------------
    ("1C P", "A942.Q4.J973.T52", "1D", SE + " A2.3.1: with two four-card suits respond in the cheaper"),
    ("1H P", "K84.Q76.J652.Q52", "2H", MAGEE + ": three-card support and 7-9 points: Acol raises the major"),
    ("", "8.KQJT74.A52.643", "1H", SE + " A2.10.4: a good suit and an outside ace is too strong for a weak two"),
    ("1D", "Q3.KQ2.742.KQJ86", "P", MENDELSON + ": a flat hand does not overcall a five-card suit at two"),
    ("1H 2C P P", "KJ75.AQ983.AQ8.4", "X", SE + " B1: opener reopens with a double, short in their suit"),
    ("1NT X", "74.J8652.Q63.952", "2H", SE + " B3: 1NT doubled, a weak hand escapes to its five-card suit"),
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
