"""The shipped SAYC system against an independent corpus of published SAYC cases (hand + auction so
far -> the call the source gives), most from the ACBL's "SAYC System Booklet" (January 2006).

The corpus is test data (``corpus/sayc.cases``, one case a line: AREA | AUCTION | VUL | HAND | CALL |
ALSO | SOURCE, vulnerability from the bidder's side).  A case agrees when the system's call is the
source's call or one the source says is also acceptable.  The thresholds are the agreement the
system reaches, so a change that makes it bid worse fails here.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from bridgegui.engine.bidding import load_system
from bridgegui.engine.bidding.calls import Auction, Call
from tests.engine.bidding.conftest import deal_for

CORPUS = Path(__file__).parent / "corpus" / "sayc.cases"

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


def board_vulnerability(vul: str, seat: str) -> str:
    """The board's vulnerability (PBN spelling) from the bidder's view: ``we`` is the bidder's side."""
    ours, theirs = ("NS", "EW") if seat in "NS" else ("EW", "NS")
    return {"none": "None", "both": "All", "we": ours, "they": theirs}[vul]


def read_cases(path: Path = CORPUS) -> list[tuple[str, str, str, str, str, tuple[str, ...], str]]:
    cases = []
    for line in path.read_text(encoding="utf-8").splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        area, auction, vul, hand, call, also, source = (f.strip() for f in line.split(" | "))
        others = () if also == "-" else tuple(a.strip() for a in also.split(","))
        cases.append((area, "" if auction == "-" else auction, vul, hand, call, others, source))
    return cases


@pytest.fixture(scope="module")
def results() -> list[tuple[str, bool]]:
    system = load_system("sayc")
    out = []
    for area, auction, vul, hand, call, others, _source in read_cases():
        before = Auction.parse("N", auction) if auction else Auction("N")
        vulnerable = board_vulnerability(vul, before.next_seat)
        choice = system.call_for(deal_for(before, hand), before, vulnerable)
        accepted = {Call.parse(call), *(Call.parse(a) for a in others)}
        out.append((area, choice.call in accepted))
    return out


def test_the_corpus_is_large_and_sourced():
    cases = read_cases()
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
