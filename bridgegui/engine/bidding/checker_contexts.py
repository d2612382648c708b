"""The positions the checker tries a rule in: the auctions random boards pass through, and the plain
auctions a block's pattern spells.

A rule is reachable when some hand it means gets it in some position its block answers.  Random
boards show the positions play really meets (and which rules they already reach); a pattern's
wildcards filled in a few plain ways add the rest, such as a jump only a cheaper bid leaves the
cheapest.  Kept apart from ``checker`` so that the check itself reads in one place.
"""

from __future__ import annotations

import functools
import itertools
import threading
from collections.abc import Iterator
from dataclasses import dataclass

import numpy as np

from bridgegui.engine.bidding.calls import Auction, AuctionError, Call
from bridgegui.engine.bidding.system import (
    NO_RULE,
    Block,
    Pattern,
    Rule,
    System,
    bid_deals,
    board_vulnerability_for,
    call_from_code,
)
from bridgegui.engine.boards import board_dealer, board_vulnerability
from bridgegui.engine.dealing import deal_batch

OBSERVED_BOARDS = 2000
"""Random boards whose bidding shows which rules are reachable by example, and which auctions occur."""


@dataclass(frozen=True)
class RandomBidding:
    """Random boards bid to the end (board i has Law 2's dealer and vulnerability for number i+1): what
    both the reachability check and the coverage figures read, bid once for both."""

    deals: np.ndarray
    dealers: tuple[str, ...]
    auctions: tuple[Auction, ...]
    rule_history: np.ndarray


def random_bidding(system: System, boards: int, *, seed: int = 1) -> RandomBidding:
    """``boards`` random deals (``seed``) bid by ``system`` at their boards' dealers and vulnerabilities."""
    deals = deal_batch(boards, seed=seed)
    numbers = [i % 16 + 1 for i in range(boards)]
    dealers = tuple(board_dealer(n) for n in numbers)
    auctions, rule_history = bid_deals(system, deals, dealers, [board_vulnerability(n) for n in numbers])
    return RandomBidding(deals, dealers, tuple(auctions), rule_history)


def observed_bidding(bidding: RandomBidding) -> tuple[tuple[Auction, ...], frozenset[int]]:
    """What random boards bid by the system pass through: every auction so far (written from North
    dealing: a rule sees only the calls and the caller's place), and every rule that chose a call.  A
    rule chosen there is reachable by example; the auctions are the positions a catch-all block
    (``after **``) really answers, which no pattern spells."""
    seen: dict[tuple[object, ...], Auction] = {}
    used = {int(i) for i in np.unique(bidding.rule_history).tolist() if i != NO_RULE}
    for auction in bidding.auctions:
        for i in range(len(auction.calls)):
            key = tuple(auction.calls[:i])
            if key not in seen:
                seen[key] = Auction("N", auction.calls[:i])
    return tuple(seen.values()), frozenset(used)


def observed_by_block(system: System, observed: tuple[Auction, ...]) -> dict[int, list[Auction]]:
    """The observed auctions each block answers (by the block's place in ``system.blocks``), found with
    the system's own pattern index: one pass over the auctions, not one per rule."""
    found: dict[int, list[Auction]] = {}
    for auction in observed:
        for b in system.blocks_matching(auction):
            found.setdefault(b, []).append(auction)
    return found


def _closest(system: System, block: Block, rule: Rule, observed: tuple[Auction, ...], limit: int) -> list[Auction]:
    """The observed auctions the block answers, those where fewest rules come before ``rule`` first.
    ``observed`` holds the block's own auctions (``observed_by_block``)."""
    ranked: list[tuple[int, int, Auction]] = []
    for auction in observed:
        if not auction.is_legal(rule.call):
            continue
        candidates = system.rules_for(auction)
        if rule in candidates:
            ranked.append((candidates.index(rule), len(ranked), auction))
    ranked.sort()
    return [auction for _, _, auction in ranked[:limit]]


def contexts(
    block: Block, rule: Rule, limit: int = 12, observed: tuple[Auction, ...] = (), system: System | None = None
) -> Iterator[tuple[Auction, str]]:
    """Auctions the block's pattern matches (wildcards filled in a few plain ways, then auctions
    ``observed`` on random boards), each with a board vulnerability, in which ``rule`` applies (its
    seat and vulnerability) and its call is legal."""
    # A rule for a jump or for a call above a cheaper rule of the same block ("2♥ if legal, else 3♥")
    # is reached only when a "bid" leaves its call the cheapest left, which random boards seldom show.
    under = rule.call.rank - 1 if rule.call.is_bid and rule.call.rank > 0 else None
    produced = 0
    states = sorted(rule.vulnerabilities) if rule.vulnerabilities is not None else ["none", "they", "we", "both"]

    def closest() -> Iterator[Auction]:
        # Ranked only when the plain auctions run out: most rules are reached before that.
        if system is not None and observed:
            yield from _closest(system, block, rule, observed, limit)

    # The plain auctions come legal, not complete and matched by the pattern; the observed ones are checked.
    plain = ((auction, True) for auction in _spelled(block.pattern, under))
    for auction, matched in itertools.chain(plain, ((auction, False) for auction in closest())):
        if not auction.is_legal(rule.call):
            continue
        if not matched and (auction.is_complete or not block.pattern.matches(auction.calls)):
            continue
        position = len(auction.calls) % 4 + 1
        if rule.seats is not None and position not in rule.seats:
            continue
        for state in states[:2]:
            yield auction, board_vulnerability_for(state, auction.next_seat)
            produced += 1
        if produced >= 2 * limit:
            return


class _Spelling:
    """The plain auctions a pattern's wildcards are filled in with, in the order ``contexts`` tries
    them (legal ones only), spelled as far as some rule has read and kept.  Every rule of a block
    reads the same few, and most stop after the first: spelling them again rule by rule was a third
    of the check, and spelling them all at once (the products of many wildcards) far more."""

    def __init__(self, pattern: Pattern, under: int | None) -> None:
        choices: list[list[tuple[str, ...]]] = []
        for i, element in enumerate(pattern.elements):
            if element == "P*":
                choices.append([("P",) * k for k in range(4)] if i == 0 else [(), ("P",)])
            elif element == "**":
                # Nothing, or a few plain openings and overcalls: a catch-all block ("** X XX P") also
                # answers auctions no other block spells, and one of these usually is one.
                choices.append([(), ("1C",), ("1C", "1H"), ("1C", "P", "1H"), ("P", "1D", "1S")])
            elif element == "*":
                choices.append([("P",), ("X",), ("bid",)])
            elif element == "bid":
                choices.append([("bid",), (f"under:{under}",)] if under is not None else [("bid",)])
            else:
                assert isinstance(element, frozenset)
                literal: list[tuple[str, ...]] = [(str(call_from_code(c)),) for c in sorted(element)]
                choices.append(literal[:4])
        spelled = _spell(choices, 0, ()) if choices else iter((Auction("N"),))
        self._source: Iterator[Auction] = (
            auction for auction in spelled if not auction.is_complete and pattern.matches(auction.calls)
        )
        self._kept: list[Auction] = []
        self._lock = threading.Lock()

    def __iter__(self) -> Iterator[Auction]:
        i = 0
        while True:
            if i == len(self._kept):
                with self._lock:
                    if i == len(self._kept):
                        auction = next(self._source, None)
                        if auction is None:
                            return
                        self._kept.append(auction)
            yield self._kept[i]
            i += 1


@functools.lru_cache(maxsize=4096)
def _spelled(pattern: Pattern, under: int | None) -> _Spelling:
    """The block's plain auctions (``_Spelling``), one for each pattern and ``under`` (the rank of the
    bid a ``bid`` wildcard may also be, just under a rule's own call)."""
    return _Spelling(pattern, under)


def _spell(choices: list[list[tuple[str, ...]]], i: int, tokens: tuple[str, ...]) -> Iterator[Auction]:
    """The legal auctions the tokens followed by one choice per place from ``choices[i:]`` spell, in
    the order of ``itertools.product``; a choice that makes the auction illegal is dropped with every
    auction that would begin with it."""
    for part in choices[i]:
        extended = (*tokens, *part)
        auction = _auction(extended)
        if auction is None:
            continue
        if i + 1 == len(choices):
            yield auction
        else:
            yield from _spell(choices, i + 1, extended)


@functools.lru_cache(maxsize=8192)
def _auction(tokens: tuple[str, ...]) -> Auction | None:
    """The auction the tokens spell (``bid``: the cheapest bid; ``under:R``: the bid of rank R, when it
    is higher than the last), None when it is not legal.  Cached, and built on the cached auction of
    all but the last token: the blocks of a system share their beginnings ("1♣ P 1♥ …"), so each new
    auction costs one call added."""
    if not tokens:
        return Auction("N")
    auction = _auction(tokens[:-1])
    if auction is None:
        return None
    token = tokens[-1]
    call: Call | None
    if token.startswith("under:"):
        last = auction.last_bid
        rank = int(token[6:])
        if last is not None and rank <= last.rank:
            return None
        call = Call.from_rank(rank)
    elif token == "bid":
        last = auction.last_bid
        if last is not None and last.rank >= 34:
            return None
        call = Call.from_rank(0 if last is None else last.rank + 1)
    else:
        call = Call.parse(token)
    try:
        return auction + call
    except AuctionError:
        return None


__all__ = [
    "OBSERVED_BOARDS",
    "RandomBidding",
    "contexts",
    "observed_bidding",
    "observed_by_block",
    "random_bidding",
]
