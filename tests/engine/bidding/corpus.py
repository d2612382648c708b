"""Reading a test corpus of published cases (hand + auction so far -> the source's call) and bidding it.

A corpus file (``corpus/*.cases``) has one case a line: AREA | AUCTION | VUL | HAND | CALL | ALSO |
SOURCE, the vulnerability from the bidder's side (``we``, ``they``, ``none``, ``both``).  A case agrees
when the system's call is the source's call or one the source says is also acceptable.
"""

from __future__ import annotations

from pathlib import Path

from bridgegui.engine.bidding import System
from bridgegui.engine.bidding.calls import Auction, Call
from bridgegui.engine.bidding.system import board_vulnerability_for
from tests.engine.bidding.conftest import deal_for

FOLDER = Path(__file__).parent / "corpus"

Case = tuple[str, str, str, str, str, tuple[str, ...], str]
"""area, auction ("" before the opening), vulnerability, hand, call, other acceptable calls, source."""


def read_cases(name: str) -> list[Case]:
    """The cases of ``corpus/<name>.cases``."""
    cases = []
    for line in (FOLDER / f"{name}.cases").read_text(encoding="utf-8").splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        area, auction, vul, hand, call, also, source = (f.strip() for f in line.split(" | "))
        others = () if also == "-" else tuple(a.strip() for a in also.split(","))
        cases.append((area, "" if auction == "-" else auction, vul, hand, call, others, source))
    return cases


def agreement(system: System, cases: list[Case]) -> list[tuple[str, bool]]:
    """``(area, agrees)`` for every case, the system bidding at the case's vulnerability (North deals)."""
    out = []
    for area, auction, vul, hand, call, others, _source in cases:
        before = Auction.parse("N", auction) if auction else Auction("N")
        vulnerable = board_vulnerability_for(vul, before.next_seat)
        choice = system.call_for(deal_for(before, hand), before, vulnerable)
        accepted = {Call.parse(call), *(Call.parse(a) for a in others)}
        out.append((area, choice.call in accepted))
    return out
