"""The checker's first round judges pool hands with each rule's verdict worked out once
(``_PoolVerdicts``); it must reach exactly the rules ``System.choose`` reaches with the same hands."""

from __future__ import annotations

import itertools

import numpy as np

from bridgegui.engine.bidding import checker, load_system
from bridgegui.engine.dealing import deal_batch


def test_the_pool_verdicts_reach_what_choose_reaches_with_the_same_hands() -> None:
    system = load_system("sayc")
    rng = np.random.default_rng(5)
    pool = deal_batch(checker.POOL_DEALS, rng=rng).reshape(-1)
    verdicts = checker._PoolVerdicts(pool)
    picked = rng.choice(len(system.rules), size=200, replace=False)
    compared = reached = unreached = 0
    for index in sorted(picked.tolist()):
        rule = system.rules[index]
        block = next(b for b in system.blocks if rule in b.rules)
        if rule.catch_all:
            continue
        places = list(checker.contexts(block, rule))
        if not places:
            continue
        fast = checker._reached_from_pool(system, rule, iter(places), verdicts, checker.FIRST_ROUND)
        if fast is None:
            continue  # too few pool hands fit: the caller draws exactly, as before
        hands = pool[verdicts.fitting(rule)[: checker.FIRST_ROUND]]
        slow = any(np.any(system.choose(hands, auction, vulnerable)[1] == rule.index) for auction, vulnerable in places)
        assert fast == slow, f"line {rule.line} of {rule.source}: pool verdicts {fast}, choose {slow}"
        compared += 1
        reached += slow
        unreached += not slow
    # Both outcomes were compared, and most rules: the test means something either way.
    assert compared >= 150 and reached >= 80 and unreached >= 5, (compared, reached, unreached)


def test_the_verdicts_are_each_rules_own_mask() -> None:
    system = load_system("sayc")
    pool = deal_batch(500, seed=3).reshape(-1)
    verdicts = checker._PoolVerdicts(pool, keep=pool.size)
    for rule in itertools.islice((r for r in system.rules if not r.catch_all), 0, None, 211):
        fits = rule.mask(pool, 0)
        assert np.array_equal(verdicts.fitting(rule), np.flatnonzero(fits))
        missed = np.unpackbits(verdicts.misses(rule))[: pool.size].astype(bool)
        assert np.array_equal(missed, ~fits)
