"""The shipped Acol system against an independent corpus of Acol teaching cases (hand + auction so far
-> the call the source gives), from the English Bridge Union's "Standard English Modern Acol System
File" (version 2, March 2014), its "Standard English Acol Foundation Level System File" (2019) and
published English teaching pages, each named in the case's source field.

The corpus is test data (``corpus/acol.cases``, one case a line: AREA | AUCTION | VUL | HAND | CALL |
ALSO | SOURCE, vulnerability from the bidder's side), written apart from the system file.  A case
agrees when the system's call is the source's call or one the source says is also acceptable.  The
thresholds are the agreement the system reaches, so a change that makes it bid worse fails here.
"""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest

from bridgegui.engine.bidding import load_system
from bridgegui.engine.bidding.calls import Auction, Call
from bridgegui.engine.cards import SEATS, Hand
from bridgegui.engine.dealing import deal_batch
from tests.engine.bidding.conftest import deal_for
from tests.engine.bidding.corpus import agreement, read_cases

OVERALL = 1.0
"""Least share of all cases on which the system agrees with the source (342 of 342 when written)."""

PER_AREA: dict[str, float] = {
    "opening": 1.0,
    "response": 1.0,
    "opener-rebid": 1.0,
    "responder-rebid": 1.0,
    "notrump": 1.0,
    "strong-2c": 1.0,
    "weak-two": 1.0,
    "preempt": 1.0,
    "slam": 1.0,
    "overcall": 1.0,
    "advance": 1.0,
    "takeout-double": 1.0,
    "negative-double": 1.0,
    "competitive-opener": 1.0,
    "competitive-responder": 1.0,
    "balancing": 1.0,
    "defence-1nt": 1.0,
    "defence-preempt": 1.0,
    "later": 1.0,
}
"""Least share of agreement per area (every area has at least fourteen cases)."""


@pytest.fixture(scope="module")
def system():
    return load_system("acol")


@pytest.fixture(scope="module")
def results(system) -> list[tuple[str, bool]]:
    return agreement(system, read_cases("acol"))


def test_the_corpus_is_large_and_sourced():
    cases = read_cases("acol")
    assert len(cases) >= 300
    assert all(source for *_, source in cases)
    assert set(PER_AREA) == {area for area, *_ in cases}


def test_overall_agreement(results):
    share = sum(ok for _, ok in results) / len(results)
    assert share >= OVERALL, f"{share:.1%} agreement"


def test_agreement_per_area(results):
    total = Counter(area for area, _ in results)
    agreed = Counter(area for area, ok in results if ok)
    for area, least in PER_AREA.items():
        share = agreed[area] / total[area]
        assert share >= least, f"{area}: {share:.1%} agreement ({agreed[area]} of {total[area]})"


def test_vulnerability_reaches_the_pre_empts(system):
    """The rule of 2-3-4 by vulnerability: six playing tricks in a seven-card suit pre-empt at equal or
    favourable vulnerability, not vulnerable against not (where two tricks short is the limit)."""
    before = Auction("N")
    deal = deal_for(before, "KQJ9864.7.852.74")
    assert system.call_for(deal, before, "None").call == Call.parse("3S")
    assert system.call_for(deal, before, "NS").call == Call.parse("P")


def test_the_weak_notrump_escapes_when_doubled(system):
    """1NT doubled: a weak hand takes out into its five-card suit (natural, not a transfer); 9+ HCP
    redoubles; a weak hand with no five-card suit stays."""
    before = Auction.parse("N", "1NT X")
    assert system.call_for(deal_for(before, "74.J8652.Q63.952"), before).call == Call.parse("2H")
    assert system.call_for(deal_for(before, "K74.Q3.K962.J852"), before).call == Call.parse("XX")
    assert system.call_for(deal_for(before, "J74.863.9652.J52"), before).call == Call.parse("P")


def test_no_hand_of_20_points_passes_its_first_call(system):
    """On random boards (every dealer and vulnerability) a 20+ HCP hand always says something first."""
    deals = deal_batch(400, seed=26)
    for board in range(4):
        rows = deals[board::4]
        dealer = SEATS[board]
        auctions = system.bid_batch(rows, dealer, ("None", "NS", "EW", "All")[board])
        for row, auction in zip(rows, auctions, strict=True):
            seen: set[str] = set()
            for i, call in enumerate(auction.calls):
                seat = auction.seat_of(i)
                if seat in seen:
                    continue
                seen.add(seat)
                hand = Hand(int(np.asarray(row)[SEATS.index(seat)]))
                assert not (call == Call.parse("P") and hand.hcp >= 20), (auction.text(), seat, str(hand))
