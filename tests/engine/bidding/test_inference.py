"""What an auction shows: the statistics are those of the deals dealt, the deals are the auction's, and a
known hand is held by its seat on every deal."""

from __future__ import annotations

import numpy as np
import pytest

from bridgegui.engine.bidding import Auction, Call, load_system
from bridgegui.engine.bidding.inference import (
    KnownHand,
    Summary,
    balanced,
    shown_hands,
    summarise,
)
from bridgegui.engine.bidding.system import call_code
from bridgegui.engine.cards import SEATS, SUIT_NAMES, Deal
from bridgegui.engine.errors import BridgeError, DealError, ImpossibleError

KNOWN = "S:AQ73.K84.J92.T65"


@pytest.fixture(scope="module")
def standard():
    return load_system("standard")


def _plain(deals: np.ndarray) -> dict[str, dict[str, object]]:
    """The statistics computed the plain way: hand by hand from the cards, then numpy's percentile."""
    result: dict[str, dict[str, object]] = {}
    for seat in SEATS:
        hands = [Deal.from_masks(row).hand(seat) for row in deals.tolist()]
        columns = {"hcp": [h.hcp for h in hands]}
        for suit, name in enumerate(SUIT_NAMES):
            columns[name] = [h.shape[suit] for h in hands]
        record: dict[str, object] = {}
        for name, values in columns.items():
            v = np.array(values)
            record[name] = {
                "min": int(v.min()),
                "p05": int(np.percentile(v, 5, method="inverted_cdf")),
                "mean": float(v.mean()),
                "p95": int(np.percentile(v, 95, method="inverted_cdf")),
                "max": int(v.max()),
            }
        record["balanced"] = float(
            np.mean([sorted(h.shape) in ([3, 3, 3, 4], [2, 3, 4, 4], [2, 3, 3, 5]) for h in hands])
        )
        result[seat] = record
    return result


def _same(got: dict[str, dict[str, object]], expected: dict[str, dict[str, object]]) -> None:
    assert got.keys() == expected.keys()
    for seat in SEATS:
        assert got[seat].keys() == expected[seat].keys()
        for key, value in expected[seat].items():
            assert got[seat][key] == pytest.approx(value), (seat, key)


def test_statistics_are_those_of_the_dealt_deals(standard) -> None:
    inference, deals = shown_hands(standard, "1NT P 2C P 2H", "N", count=400, seed=11)
    assert inference.deals == 400 == deals.shape[0]
    _same(inference.as_dict(), _plain(deals))
    # And what the auction says is there: 1NT is 15-17 balanced, 2♥ shows four hearts.
    north = inference.seat("N")
    assert (north.hcp.min, north.hcp.max, north.balanced) == (15, 17, 1.0)
    assert north.lengths[1].min >= 4


def test_the_deals_are_exactly_the_auctions(standard) -> None:
    _, deals = shown_hands(standard, "1NT P 2C P 2H", "N", count=200, seed=5)
    prefix = Auction.parse("N", "1NT P 2C P 2H").calls
    for auction in standard.bid_batch(deals, "N"):
        assert auction.calls[: len(prefix)] == prefix


def test_a_known_hand_is_held_on_every_deal(standard) -> None:
    known = KnownHand.parse(KNOWN)
    inference, deals = shown_hands(standard, "1NT P", "N", known=known, count=300, seed=3)
    assert (deals[:, SEATS.index("S")] == np.uint64(known.mask)).all()
    south = inference.seat("S")
    assert south.known and not inference.seat("N").known
    assert (south.hcp.min, south.hcp.max) == (10, 10)
    assert [s.mean for s in south.lengths] == [4, 3, 3, 3]
    # The others share the other 39 cards: North still opened 1NT.
    assert inference.seat("N").hcp.min >= 15
    _same(inference.as_dict(), _plain(deals))


def test_a_known_hands_own_calls_are_taken_as_made(standard) -> None:
    """A student may call what the system would not (South's 10 HCP open 1NT); what the others' calls
    show is still dealt exactly, and the inference no longer finds nothing to deal."""
    known = KnownHand.parse(KNOWN)
    inference, deals = shown_hands(standard, "1NT P 2C P", "S", known=known, count=200, seed=1)
    assert (deals[:, SEATS.index("S")] == np.uint64(known.mask)).all()
    # The system itself would not open 1NT with South's hand ...
    assert standard.call_for(Deal.from_masks(deals[0].tolist()), Auction("S")).call != Call.parse("1NT")
    # ... but West's pass and North's 2♣ (Stayman: a four-card major) are still the system's on every deal.
    west, _ = standard.choose(deals[:, SEATS.index("W")], Auction.parse("S", "1NT"))
    north, _ = standard.choose(deals[:, SEATS.index("N")], Auction.parse("S", "1NT P"))
    assert (west == call_code(Call.parse("P"))).all() and (north == call_code(Call.parse("2C"))).all()
    assert inference.seat("N").lengths[0].max >= 4 or inference.seat("N").lengths[1].max >= 4
    assert inference.seat("S").known


def test_a_known_hands_illegal_call_is_still_refused(standard) -> None:
    with pytest.raises(BridgeError, match="insufficient"):
        shown_hands(standard, "1NT 1S", "E", known=KnownHand.parse(KNOWN), count=10, seed=1)


def test_an_auction_the_others_never_bid_is_still_impossible(standard) -> None:
    # West cannot have passed 1NT with a call no rule makes: the others' calls are the system's.
    with pytest.raises(ImpossibleError):
        shown_hands(standard, "1NT 7NT", "W", known=KnownHand.parse(KNOWN), count=10, seed=1)


def test_seeded_runs_repeat(standard) -> None:
    a, deals_a = shown_hands(standard, "1S P", "E", count=150, seed=8)
    b, deals_b = shown_hands(standard, "1S P", "E", count=150, seed=8)
    assert a == b and (deals_a == deals_b).all()


@pytest.mark.parametrize("text", ["AQ73.K84.J92.T65", "X:AQ73.K84.J92.T65", "S:AQ73.K84.J92"])
def test_a_malformed_known_hand_is_refused(text: str) -> None:
    with pytest.raises(DealError):
        KnownHand.parse(text)


def test_balanced_patterns() -> None:
    shapes = np.array(
        [[4, 3, 3, 3], [4, 4, 3, 2], [5, 3, 3, 2], [5, 4, 2, 2], [6, 3, 2, 2], [4, 4, 4, 1], [5, 3, 2, 3]]
    )
    assert balanced(shapes).tolist() == [True, True, True, False, False, False, True]


def test_summary_of_known_values() -> None:
    values = np.arange(1, 101)
    assert Summary.of(values) == Summary(1, 5, 50.5, 95, 100)
    with pytest.raises(BridgeError):
        summarise(np.zeros((0, 4), dtype=np.uint64), Auction("N"))


PREEMPTS = (
    "version: 2\nsystem: Preempts\n"
    "after P*\n"
    "  3H  vul none|they, hcp 5-10, hearts 7+ -- preempt.\n"
    "  2H  vulnerable, hcp 5-10, hearts 7+ -- vulnerable: only a weak two.\n"
    "  P\n"
    "after **\n"
    "  P\n"
)


def test_the_boards_vulnerability_decides_what_a_call_shows() -> None:
    from bridgegui.engine.bidding import parse_system

    system = parse_system(PREEMPTS)
    inference, _ = shown_hands(system, "3H", "N", vulnerable="EW", count=50, seed=1)
    assert inference.seat("N").lengths[1].min >= 7
    with pytest.raises(ImpossibleError):
        shown_hands(system, "3H", "N", vulnerable="NS", count=5, seed=1)
    weak_two, _ = shown_hands(system, "2H", "N", vulnerable="All", count=50, seed=1)
    assert weak_two.seat("N").lengths[1].min >= 7
