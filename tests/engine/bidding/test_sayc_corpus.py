"""The shipped SAYC system against an independent corpus of published SAYC cases (hand + auction so
far -> the call the source gives), most from the ACBL's "SAYC System Booklet" (January 2006).

The corpus is test data (``corpus/sayc.cases``, one case a line: AREA | AUCTION | VUL | HAND | CALL |
ALSO | SOURCE, vulnerability from the bidder's side).  A case agrees when the system's call is the
source's call or one the source says is also acceptable.  The thresholds are the agreement the
system reaches, so a change that makes it bid worse fails here.
"""

from __future__ import annotations

from collections import Counter

import pytest

from bridgegui.engine.bidding import load_system
from tests.engine.bidding.corpus import agreement, read_cases

OVERALL = 0.99
"""Least share of all cases on which the system agrees with the source."""

PER_AREA: dict[str, float] = {
    "advance": 1.00,
    "balancing": 1.00,
    "competitive-opener": 1.00,
    "competitive-responder": 1.00,
    "defence-1nt": 1.00,
    "defence-preempt": 1.00,
    "later": 1.00,
    "negative-double": 1.00,
    "notrump": 1.00,
    "opener-rebid": 1.00,
    "opening": 1.00,
    "overcall": 1.00,
    "preempt": 1.00,
    "responder-rebid": 1.00,
    "response": 0.96,
    "slam": 1.00,
    "strong-2c": 1.00,
    "takeout-double": 1.00,
    "weak-two": 1.00,
}
"""Least share of agreement per area (areas with at least ten cases)."""


@pytest.fixture(scope="module")
def results() -> list[tuple[str, bool]]:
    return agreement(load_system("sayc"), read_cases("sayc"))


def test_the_corpus_is_large_and_sourced():
    cases = read_cases("sayc")
    assert len(cases) >= 400
    assert all(source for *_, source in cases)


def test_overall_agreement(results):
    share = sum(ok for _, ok in results) / len(results)
    assert share >= OVERALL, f"{share:.1%} agreement"


def test_agreement_per_area(results):
    total = Counter(area for area, _ in results)
    agreed = Counter(area for area, ok in results if ok)
    for area, least in PER_AREA.items():
        share = agreed[area] / total[area]
        assert share >= least, f"{area}: {share:.1%} agreement ({agreed[area]} of {total[area]})"
