"""The shortcuts of dealing for an auction give what the long way gives."""

from __future__ import annotations

import random

import numpy as np

from bridgegui.engine.bidding import load_system
from bridgegui.engine.bidding.auction_dealing import QUICK_REACH_HANDS, _contains, _quick_reach_hands
from bridgegui.engine.dealing import deal_batch
from bridgegui.engine.errors import BridgeError


def test_containment_is_decided_as_intersecting_decides_it() -> None:
    """``_contains`` skips intersecting when the outer meaning restricts a term the inner leaves free."""
    system = load_system("acol")
    rules = [r for r in system.rules if r.has_meaning]
    chooser = random.Random(3)
    pairs = [(chooser.choice(rules), chooser.choice(rules)) for _ in range(1500)]
    for block in system.blocks[:120]:
        meant = [r for r in block.rules if r.has_meaning][:6]
        pairs += [(a, b) for a in meant for b in meant]
    found = 0
    for outer, inner in pairs:
        try:
            expected = inner.meaning.intersect(outer.meaning) == inner.meaning
        except BridgeError:
            expected = False
        assert _contains(outer, inner) == expected
        found += expected
    assert found > 100  # the pairs hold containments as well as non-containments


def test_the_quick_reach_hands_are_dealt_once_and_the_draws_go_on_as_before() -> None:
    rng = np.random.default_rng(0x5EED)
    expected = deal_batch(QUICK_REACH_HANDS, rng=rng)[:, 0]
    after = rng.integers(0, 1 << 30, 8)
    for _ in range(2):
        hands, following = _quick_reach_hands()
        assert np.array_equal(hands, expected)
        assert np.array_equal(following.integers(0, 1 << 30, 8), after)


def test_a_call_several_rules_make_deals_from_their_hull_which_holds_every_meaning() -> None:
    """Where several rules make a call, the caller's hand is drawn from their hull: every hand that
    fits one of the rules' meanings must fit it (else dealing for the auction would miss boards)."""
    from bridgegui.engine.bidding import Auction
    from bridgegui.engine.bidding.auction_dealing import _hull, rules_making

    hands = deal_batch(20_000, seed=8)[:, 0]
    checked = 0
    for name in ("sayc", "acol"):
        system = load_system(name)
        for auction in system.bid_batch(deal_batch(300, seed=4), "N"):
            so_far = Auction("N")
            for call in auction.calls[:5]:
                makers, _ = rules_making(system, so_far, call)
                if len(makers) > 1:
                    hull = _hull([rule.meaning for rule in makers])
                    inside = hull.mask(hands)
                    for rule in makers:
                        assert not (rule.meaning.mask(hands) & ~inside).any(), (name, so_far.text(), rule.line)
                    checked += 1
                so_far = so_far + call
    assert checked > 50


def test_a_hull_keeps_what_all_the_meanings_ask() -> None:
    from bridgegui.engine.bidding.auction_dealing import _hull
    from bridgegui.engine.dealer.constraints import parse_seat_spec

    hull = _hull([parse_seat_spec("hcp 6-9, hearts 4+, stopper S"), parse_seat_spec("hcp 12-14, balanced, stopper S")])
    assert hull.hcp is not None and (hull.hcp.lo, hull.hcp.hi) == (6, 14)
    assert hull.stoppers[0] and not any(hull.stoppers[1:]) and hull.shapes == ()
    hearts = hull.lengths[1]
    assert hearts is not None and (hearts.lo, hearts.hi) == (2, None)  # balanced hands hold two or more
    shaped = _hull([parse_seat_spec("shape 4333"), parse_seat_spec("shape 4432")])
    assert shaped.shapes == ("4432", "4333")
