"""A system's rules checked against the books' general statements, over many random hands each.

The corpus (``corpus.py``) checks single published hands.  A book also states rules ("1NT: 6-10 HCP,
no support and no four-card suit to bid at the one level"), and a system file that bids well on the
published hands can still break such a rule for hands no one wrote down: a narrow rule placed too
early takes hands from the general one below it.  A statement file (``statements/*.statements``)
has one rule a line:

    AREA | AUCTION | VUL | SPEC | CALLS | SOURCE

AUCTION and VUL as in the corpus (North deals, ``-`` before the opening; vulnerability from the
bidder's side), SPEC the hands the statement is about in the seat-spec language the editors use
(``hcp 6-9, spades 0-2``), optionally with `` where`` and a dealer-language condition on ``me``,
CALLS the calls the source allows there.  Each SPEC is written where the book leaves no judgement:
away from range edges that length or support points move, so that *every* matching hand must get one
of CALLS.

Hands come from one fixed-seed pool of random deals (every seat's hand; the four are exchangeable),
so a run is reproducible and a failure names its hands.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path

import numpy as np

from bridgegui.engine import evaluation
from bridgegui.engine.bidding import System
from bridgegui.engine.bidding.calls import Auction, Call
from bridgegui.engine.bidding.system import board_vulnerability_for, call_code, call_from_code
from bridgegui.engine.bidding.where import compile_where
from bridgegui.engine.cards import Hand
from bridgegui.engine.dealer.constraints import parse_seat_spec
from bridgegui.engine.dealing import deal_batch

FOLDER = Path(__file__).parent / "statements"

POOL_DEALS = 200_000
"""Deals in the hand pool (800,000 hands): enough for a few hundred hands of every statement."""
POOL_SEED = 20061
HANDS_PER_STATEMENT = 200
"""Hands checked per statement (the first that match, in pool order)."""
LEAST_HANDS = 40
"""A statement matching fewer pool hands than this is too narrow to say much: the test says so."""


@dataclass(frozen=True)
class Statement:
    """One line of a statement file."""

    line: int
    area: str
    auction: str
    vulnerability: str
    spec: str
    where: str | None
    calls: tuple[str, ...]
    source: str

    def label(self) -> str:
        where = f" where {self.where}" if self.where else ""
        return f"line {self.line}: [{self.auction or '-'}] {self.spec}{where} -> {', '.join(self.calls)}"


@dataclass(frozen=True)
class Verdict:
    """How a system bid a statement's hands: how many, and the ones it bid otherwise (hand, call)."""

    statement: Statement
    hands: int
    misses: tuple[tuple[str, str], ...]


def read_statements(name: str) -> list[Statement]:
    """The statements of ``statements/<name>.statements``."""
    out = []
    text = (FOLDER / f"{name}.statements").read_text(encoding="utf-8")
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        fields = [f.strip() for f in line.split(" | ")]
        if len(fields) != 6:
            raise ValueError(
                f"{name}.statements:{number}: {len(fields)} fields, not AREA | AUCTION | VUL | SPEC | CALLS | SOURCE"
            )
        area, auction, vul, spec, calls, source = fields
        spec, _, where = spec.partition(" where ")
        out.append(
            Statement(
                number,
                area,
                "" if auction == "-" else auction,
                vul,
                spec.strip(),
                where.strip() or None,
                tuple(c.strip() for c in calls.split(",")),
                source,
            )
        )
    return out


@cache
def _pool() -> tuple[np.ndarray, evaluation.MeasuredHands]:
    hands = deal_batch(POOL_DEALS, seed=POOL_SEED).reshape(-1)
    return hands, evaluation.MeasuredHands(hands)


def verdict(system: System, statement: Statement) -> Verdict:
    """The system's calls on the pool hands that fit the statement's SPEC (at most
    ``HANDS_PER_STATEMENT``), with every hand it bid otherwise."""
    hands, measured = _pool()
    fitting = hands[parse_seat_spec(statement.spec).mask(measured)]
    if statement.where:  # asked only of the hands the spec already keeps, as North's of a deal
        as_deals = np.zeros((fitting.size, 4), dtype=np.uint64)
        as_deals[:, 0] = fitting
        fitting = fitting[compile_where(statement.where, 0)(as_deals)]
    chosen = fitting[:HANDS_PER_STATEMENT]
    before = Auction.parse("N", statement.auction) if statement.auction else Auction("N")
    vulnerable = board_vulnerability_for(statement.vulnerability, before.next_seat)
    calls, _rules = system.choose(chosen, before, vulnerable)
    allowed = [call_code(Call.parse(c)) for c in statement.calls]
    missed = np.flatnonzero(~np.isin(calls, allowed))
    misses = tuple((Hand(int(chosen[k])).to_pbn(), str(call_from_code(int(calls[k])))) for k in missed)
    return Verdict(statement, int(chosen.size), misses)
