"""Shared by the shipped systems' textbook tests: a deal in which the seat to call holds a given hand."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from bridgegui.engine.bidding.calls import Auction
from bridgegui.engine.cards import SEATS, Deal, Hand, parse_deal

RANKS = "AKQJT98765432"


def deal_for(auction: Auction, hand: str) -> Deal:
    """A deal in which the seat to call holds ``hand`` and the other seats share the other 39 cards,
    shuffled with a seed fixed by the hand (the same deal every run)."""
    mine = Hand.from_pbn(hand)
    rest = [s + r for s in "SHDC" for r in RANKS if not Hand.from_pbn(_single(s, r)).mask & mine.mask]
    random.Random(hand).shuffle(rest)
    hands = {auction.next_seat: hand}
    others = [seat for seat in SEATS if seat != auction.next_seat]
    for i, seat in enumerate(others):
        hands[seat] = _pbn_hand(rest[13 * i : 13 * i + 13])
    return parse_deal("N:" + " ".join(hands[seat] for seat in SEATS))


def _single(suit: str, rank: str) -> str:
    """A one-card PBN holding (a hand text with one card), for testing membership."""
    parts = {"S": "", "H": "", "D": "", "C": ""}
    parts[suit] = rank
    return ".".join(parts[s] for s in "SHDC")


def _pbn_hand(cards: list[str]) -> str:
    by_suit = {s: "".join(sorted((c[1] for c in cards if c[0] == s), key=RANKS.index)) for s in "SHDC"}
    return ".".join(by_suit[s] for s in "SHDC")


@pytest.fixture
def deal_for_hand() -> Callable[[Auction, str], Deal]:
    """``deal_for``, for the textbook tests of each shipped system."""
    return deal_for
