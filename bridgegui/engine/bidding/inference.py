"""What an auction shows: each seat's hand as statistics over the deals on which the system bids it.

Every call narrows down the hands, so after each call everyone at the table knows more (the
constraint view of bidding behind Old Lady, the constraint-logic bidding program).  bridgegui deals
*exactly* the deals on which a system bids an auction prefix (``request_for_auction``), so what the
auction shows about a seat is simply the law of that seat's hand over those deals.  ``shown_hands``
deals them and summarises each seat: HCP and every suit's length (minimum, 5th percentile, mean,
95th percentile, maximum) and the share of balanced hands.

A seat whose hand is known (the student's own hand: what the student can deduce, never the hidden
hands) is added to the request as predealt cards (``SeatConstraint.cards``), so the dealing stays
exact: the deals are those on which the system bids the prefix *and* that seat holds those cards.
That seat's own calls are taken as made (the student may have called what the system would not); the
other seats' calls are the system's.

The records are plain numbers; the window and the command line word them.  No Qt here.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

import numpy as np

from bridgegui.engine import evaluation
from bridgegui.engine.bidding.auction_dealing import request_for_auction
from bridgegui.engine.bidding.calls import Auction, Call
from bridgegui.engine.bidding.system import System
from bridgegui.engine.cards import SEATS, SUIT_NAMES, Hand, seat_index
from bridgegui.engine.dealer import planner
from bridgegui.engine.dealer.constraints import DealRequest, SeatConstraint
from bridgegui.engine.errors import BridgeError, DealError, ImpossibleError

DEFAULT_INFERENCE_DEALS = 2000
"""Deals drawn for an inference: the 5th and 95th percentiles of a seat's HCP then move by less than
one point from run to run, and the balanced share's standard error is at most about 1%."""

PERCENTILE_METHOD: Final = "inverted_cdf"
"""numpy's percentile method for p05 and p95: the smallest value with at least that share of the deals
at or below it (Hyndman and Fan's definition 1), so a percentile is always a value that occurred
("15-17 HCP", never "15.35")."""

VULNERABILITIES = ("None", "NS", "EW", "All")
"""The board's vulnerability in PBN spelling, as every call-choosing function takes it."""


@dataclass(frozen=True, slots=True)
class KnownHand:
    """A seat whose thirteen cards are known (``"S:AQ73.K84.J92.T65"``): ``seat`` N E S W, ``mask`` its cards."""

    seat: str
    mask: int

    @classmethod
    def parse(cls, text: str) -> KnownHand:
        """Read ``SEAT:SPADES.HEARTS.DIAMONDS.CLUBS``; a malformed text raises ``DealError``."""
        head, sep, rest = text.strip().partition(":")
        seat = head.strip().upper()
        if not sep or seat not in SEATS or len(seat) != 1:
            raise DealError(f"a known hand is written SEAT:HAND, e.g. 'S:AQ73.K84.J92.T65', not {text!r}")
        hand = Hand.from_pbn(rest)
        if len(hand) != 13:
            raise DealError(f"{seat}'s known hand has {len(hand)} cards; a hand needs 13")
        return cls(seat, hand.mask)

    @property
    def text(self) -> str:
        return f"{self.seat}:{Hand(self.mask).to_pbn()}"


@dataclass(frozen=True, slots=True)
class Summary:
    """A measure's law over the dealt deals: minimum, 5th percentile, mean, 95th percentile, maximum."""

    min: int
    p05: int
    mean: float
    p95: int
    max: int

    @classmethod
    def of(cls, values: np.ndarray) -> Summary:
        v = np.asarray(values, dtype=np.int64)
        if v.size == 0:
            raise BridgeError("no deals to summarise")
        p05, p95 = np.percentile(v, [5, 95], method=PERCENTILE_METHOD)
        return cls(int(v.min()), int(p05), float(v.mean()), int(p95), int(v.max()))

    def as_dict(self) -> dict[str, float]:
        return {"min": self.min, "p05": self.p05, "mean": self.mean, "p95": self.p95, "max": self.max}


@dataclass(frozen=True, slots=True)
class SeatInference:
    """What the auction shows about one seat: ``hcp``, ``lengths`` (spades, hearts, diamonds, clubs),
    ``balanced`` (the share of its hands that are 4333, 4432 or 5332) and ``known`` (the hand was given)."""

    seat: str
    hcp: Summary
    lengths: tuple[Summary, Summary, Summary, Summary]
    balanced: float
    known: bool = False

    def as_dict(self) -> dict[str, object]:
        """The command line's JSON for the seat: ``hcp``, ``spades`` ... ``clubs``, ``balanced``."""
        record: dict[str, object] = {"hcp": self.hcp.as_dict()}
        for name, summary in zip(SUIT_NAMES, self.lengths, strict=True):
            record[name] = summary.as_dict()
        record["balanced"] = self.balanced
        return record


@dataclass(frozen=True, slots=True)
class Inference:
    """Each seat's shown hand (N, E, S, W) over ``deals`` deals on which the system bids ``auction``."""

    auction: Auction
    deals: int
    seats: tuple[SeatInference, SeatInference, SeatInference, SeatInference]
    known: KnownHand | None = None

    def seat(self, seat: str | int) -> SeatInference:
        return self.seats[seat_index(seat)]

    def as_dict(self) -> dict[str, dict[str, object]]:
        return {SEATS[i]: s.as_dict() for i, s in enumerate(self.seats)}


def balanced(lengths: np.ndarray) -> np.ndarray:
    """Whether each ``(..., 4)`` row of suit lengths is balanced: 4333, 4432 or 5332.

    With 13 cards those are exactly the patterns with no suit shorter than two and at most one doubleton.
    """
    lengths = np.asarray(lengths)
    return (lengths.min(axis=-1) >= 2) & ((lengths == 2).sum(axis=-1) <= 1)


def request_with_known_hand(request: DealRequest, known: KnownHand | None) -> DealRequest:
    """``request`` with the known hand's cards predealt to its seat (the dealing stays exact).

    Raises ``ImpossibleError`` (carrying the seat) when the known hand cannot hold what the
    auction says that seat holds.
    """
    if known is None:
        return request
    s = seat_index(known.seat)
    seats = list(request.seats)
    try:
        seats[s] = seats[s].intersect(SeatConstraint(cards=known.mask))
    except BridgeError as exc:
        raise ImpossibleError(f"the known hand does not fit the auction ({exc})", seat=known.seat) from None
    if not seats[s].is_empty and not bool(seats[s].mask(np.array([known.mask], dtype=np.uint64))[0]):
        raise ImpossibleError(
            f"the known hand {known.text} does not fit what the auction shows for that seat ({seats[s].describe()})",
            seat=known.seat,
        )
    return DealRequest(tuple(seats), request.ns, request.ew, condition=request.condition)  # type: ignore[arg-type]


def auction_request(
    system: System,
    prefix: Auction | Sequence[Call | str] | str,
    dealer: str | None = None,
    *,
    known: KnownHand | None = None,
    vulnerable: str = "None",
) -> DealRequest:
    """The exact request for the deals on which ``system`` bids ``prefix`` (and ``known`` holds its cards).

    The known seat's own calls are taken as made, not asked of the system: a student may call what the
    system would not, and what the others' calls show is still worth knowing.  ``vulnerable`` is the
    board's vulnerability; systems choose calls by it (``docs/bidding-design.md``).
    """
    if vulnerable not in VULNERABILITIES:
        raise BridgeError(f"{vulnerable!r} is not a vulnerability: use None, NS, EW or All")
    seat = None if known is None else known.seat
    return request_with_known_hand(request_for_auction(system, prefix, dealer, vulnerable, seat), known)


def summarise(deals: np.ndarray, auction: Auction, known: KnownHand | None = None) -> Inference:
    """The ``Inference`` of an ``(n, 4)`` batch of deals (``n`` at least 1)."""
    deals = np.asarray(deals, dtype=np.uint64).reshape(-1, 4)
    if deals.shape[0] == 0:
        raise BridgeError("no deals to summarise")
    hcp = evaluation.hcp(deals)
    lengths = evaluation.suit_lengths(deals)
    is_balanced = balanced(lengths)
    seats = []
    for s in range(4):
        per_suit = tuple(Summary.of(lengths[:, s, suit]) for suit in range(4))
        seats.append(
            SeatInference(
                SEATS[s],
                Summary.of(hcp[:, s]),
                per_suit,  # type: ignore[arg-type]
                float(is_balanced[:, s].mean()),
                known is not None and seat_index(known.seat) == s,
            )
        )
    return Inference(auction, deals.shape[0], tuple(seats), known)  # type: ignore[arg-type]


def _auction(prefix: Auction | Sequence[Call | str] | str, dealer: str | None) -> Auction:
    if isinstance(prefix, Auction):
        return prefix
    if dealer is None:
        raise BridgeError("an auction given as calls needs the dealer's seat")
    if isinstance(prefix, str):
        return Auction.parse(dealer, prefix)
    auction = Auction(dealer)
    for call in prefix:
        auction = auction + (call if isinstance(call, Call) else Call.parse(call))
    return auction


def shown_hands(
    system: System,
    prefix: Auction | Sequence[Call | str] | str,
    dealer: str | None = None,
    *,
    known: KnownHand | None = None,
    vulnerable: str = "None",
    count: int = DEFAULT_INFERENCE_DEALS,
    seed: int | None = None,
    cancel: threading.Event | None = None,
    max_tries: int | None = None,
) -> tuple[Inference, np.ndarray]:
    """What ``prefix`` shows about each seat, over ``count`` deals dealt exactly; and those deals.

    Raises ``ImpossibleError`` for a prefix the system never bids (or never bids with the known hand).
    A cancelled run summarises the deals dealt so far (at least one is needed).
    """
    if count < 1:
        raise BridgeError(f"an inference needs at least 1 deal, not {count}")
    auction = _auction(prefix, dealer)
    request = auction_request(system, auction, known=known, vulnerable=vulnerable)
    deals = planner.deal(request, count, seed=seed, cancel=cancel, max_tries=max_tries)
    return summarise(deals, auction, known), deals


__all__ = [
    "DEFAULT_INFERENCE_DEALS",
    "PERCENTILE_METHOD",
    "Inference",
    "KnownHand",
    "SeatInference",
    "Summary",
    "auction_request",
    "balanced",
    "request_with_known_hand",
    "shown_hands",
    "summarise",
]
