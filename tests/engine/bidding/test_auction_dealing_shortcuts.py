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
