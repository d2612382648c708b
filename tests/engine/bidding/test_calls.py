"""Calls, auctions and contracts: every spelling, every illegal call the Laws forbid, contract and declarer."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgegui.engine.bidding.calls import (
    DOUBLE,
    PASS,
    REDOUBLE,
    STRAINS,
    Auction,
    AuctionError,
    Call,
    Contract,
    is_legal_auction,
)
from bridgegui.engine.cards import SEATS
from bridgegui.engine.errors import BridgeError

ALL_CALLS = (PASS, DOUBLE, REDOUBLE, *(Call.bid(level, strain) for level in range(1, 8) for strain in STRAINS))

# --------------------------------------------------------------------------------------------------
# Call


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("1NT", "1NT"),
        ("1N", "1NT"),
        ("1nt", "1NT"),
        ("1n", "1NT"),
        (" 3NT ", "3NT"),
        ("2C", "2C"),
        ("2c", "2C"),
        ("2♣", "2C"),
        ("2♦", "2D"),
        ("2♥", "2H"),
        ("7♠", "7S"),
        ("4h", "4H"),
        ("6s", "6S"),
        ("P", "P"),
        ("p", "P"),
        ("Pass", "P"),
        ("PASS", "P"),
        ("pass", "P"),
        ("X", "X"),
        ("x", "X"),
        ("Dbl", "X"),
        ("DBL", "X"),
        ("dbl", "X"),
        ("XX", "XX"),
        ("xx", "XX"),
        ("Rdbl", "XX"),
        ("RDBL", "XX"),
        ("rdbl", "XX"),
    ],
)
def test_parse_every_spelling(text: str, code: str) -> None:
    assert Call.parse(text) == Call(code)
    assert str(Call.parse(text)) == code


@pytest.mark.parametrize("text", ["", "8C", "0NT", "1Z", "1", "NT", "XXX", "Passs", "1NTX", "11C", "-"])
def test_parse_refuses_what_is_not_a_call(text: str) -> None:
    with pytest.raises(AuctionError, match="is not a call"):
        Call.parse(text)


def test_call_error_is_a_value_error() -> None:
    with pytest.raises(ValueError, match="is not a call"):
        Call.parse("1Z")
    assert issubclass(AuctionError, BridgeError)


def test_the_constructor_takes_only_the_canonical_code() -> None:
    with pytest.raises(AuctionError):
        Call("1N")
    with pytest.raises(AuctionError):
        Call("1 NT")


@pytest.mark.parametrize(
    ("text", "symbol", "is_bid", "level", "strain", "rank"),
    [
        ("1C", "1♣", True, 1, "C", 0),
        ("1D", "1♦", True, 1, "D", 1),
        ("1H", "1♥", True, 1, "H", 2),
        ("1S", "1♠", True, 1, "S", 3),
        ("1NT", "1NT", True, 1, "NT", 4),
        ("2C", "2♣", True, 2, "C", 5),
        ("7NT", "7NT", True, 7, "NT", 34),
        ("P", "Pass", False, 0, "", -1),
        ("X", "Dbl", False, 0, "", -1),
        ("XX", "Rdbl", False, 0, "", -1),
    ],
)
def test_call_properties(text: str, symbol: str, is_bid: bool, level: int, strain: str, rank: int) -> None:
    call = Call.parse(text)
    assert call.symbol() == symbol
    assert call.is_bid is is_bid
    assert call.level == level
    assert call.strain == strain
    assert call.rank == rank


def test_constants_and_ranks_are_consistent() -> None:
    assert (Call.parse("Pass"), Call.parse("Dbl"), Call.parse("Rdbl")) == (PASS, DOUBLE, REDOUBLE)
    bids = [call for call in ALL_CALLS if call.is_bid]
    assert [call.rank for call in bids] == list(range(35))
    assert all(Call.from_rank(call.rank) == call for call in bids)
    assert Call.bid(3, "N") == Call.parse("3NT")
    with pytest.raises(AuctionError):
        Call.bid(8, "C")
    assert len({hash(call) for call in ALL_CALLS}) == 38


# --------------------------------------------------------------------------------------------------
# Illegal calls: each names the call, its position and why


def test_insufficient_bid() -> None:
    with pytest.raises(AuctionError, match=r"call 3 \(South\), 2♣: 2♣ after 2♥ is insufficient") as info:
        Auction.parse("N", "2H P 2C")
    assert (info.value.index, info.value.seat, info.value.call) == (2, "S", "2♣")
    with pytest.raises(AuctionError, match="1♥ after 1♥ is insufficient"):
        Auction.parse("N", "1H 1H")
    with pytest.raises(AuctionError, match="1♠ after 1NT is insufficient"):
        Auction.parse("E", "1NT X 1S")


def test_double_of_own_side() -> None:
    with pytest.raises(AuctionError, match=r"call 3 \(South\), Dbl: 1♥ is our own side's bid"):
        Auction.parse("N", "1H P X")
    with pytest.raises(AuctionError, match=r"call 4 \(West\), Dbl: 1♥ is our own side's bid"):
        Auction.parse("N", "P 1H P X")  # West doubling partner East's opening


def test_double_of_a_pass_only_auction() -> None:
    for text in ("X", "P X", "P P X", "P P P X"):
        with pytest.raises(AuctionError, match="there is no opponents' bid to double"):
            Auction.parse("W", text)


def test_double_of_a_doubled_or_redoubled_bid() -> None:
    with pytest.raises(AuctionError, match="1♥ is already doubled"):
        Auction.parse("N", "1H X P X")  # East doubled 1♥; West (its partner) cannot double again
    with pytest.raises(AuctionError, match="already redoubled"):
        Auction.parse("N", "1H X XX X")


def test_redouble_without_double() -> None:
    for text in ("XX", "1C XX", "1C P XX", "1C P P XX"):
        with pytest.raises(AuctionError, match="only a double can be redoubled"):
            Auction.parse("S", text)


def test_redouble_of_partners_double_or_twice() -> None:
    with pytest.raises(AuctionError, match="not partner's"):
        Auction.parse("N", "1C X P XX")  # West redoubling East's double of North's bid
    with pytest.raises(AuctionError, match="already redoubled"):
        Auction.parse("N", "1C X XX P P XX")
    with pytest.raises(AuctionError, match="only a double can be redoubled"):
        Auction.parse("N", "1C X 1D XX")  # the double went with the bid it doubled


@pytest.mark.parametrize("text", ["1C P P P P", "1C P P P 1D", "P P P P P", "P P P P 1C", "1C X XX P P P X"])
def test_call_after_the_end(text: str) -> None:
    with pytest.raises(AuctionError, match="the auction is over") as info:
        Auction.parse("E", text)
    assert info.value.index == len(text.split()) - 1


def test_add_checks_the_new_call_and_builds_a_new_auction() -> None:
    start = Auction.parse("N", "1NT P")
    after = start.add("2C")
    assert start.text() == "1NT P"
    assert after == Auction.parse("N", "1NT P 2C") == start + Call.parse("2C")
    with pytest.raises(AuctionError, match=r"call 3 \(South\), 1♠: 1♠ after 1NT is insufficient"):
        start.add(Call.parse("1S"))
    with pytest.raises(AuctionError, match="is not a call"):
        start.add("2Z")


def test_parse_errors_name_the_token_and_position() -> None:
    with pytest.raises(AuctionError, match=r"call 2, 1Z"):
        Auction.parse("N", "1NT 1Z")


def test_bad_dealer() -> None:
    with pytest.raises(AuctionError, match="is not a seat"):
        Auction("Q")
    assert Auction("s").dealer == "S"


def test_calls_must_be_calls() -> None:
    with pytest.raises(AuctionError, match="is not a Call"):
        Auction("N", ("1NT",))  # type: ignore[arg-type]


# --------------------------------------------------------------------------------------------------
# Separators, seats, completion


def test_parse_separators() -> None:
    expected = Auction.parse("N", "1NT P 2C P")
    for text in ("1NT, P, 2C, P", "1N-p-2♣-pass", "1NT – P – 2C – P", "  1nt  pass 2c p ", "1NT,P,2C,P"):
        assert Auction.parse("N", text) == expected
    assert Auction.parse("N", "") == Auction("N")


def test_seats_turn_clockwise_from_the_dealer() -> None:
    auction = Auction.parse("W", "1C 1D 1H 1S 1NT")
    assert [auction.seat_of(i) for i in range(5)] == ["W", "N", "E", "S", "W"]
    assert auction.seat_of(-1) == "W"
    assert auction.next_seat == "N"
    assert Auction("E").next_seat == "E"
    with pytest.raises(IndexError):
        auction.seat_of(5)


def test_completion() -> None:
    assert not Auction("N").is_complete
    assert not Auction.parse("N", "P P P").is_complete
    assert Auction.parse("N", "P P P P").is_complete
    assert Auction.parse("N", "P P P P").passed_out
    assert not Auction.parse("N", "1C P P").is_complete
    assert Auction.parse("N", "1C P P P").is_complete
    assert Auction.parse("N", "P P P 1C P P P").is_complete
    assert not Auction.parse("N", "1C X P P").is_complete
    assert Auction.parse("N", "1C X P P P").is_complete
    assert not Auction.parse("N", "1C P P P").passed_out
    assert Auction.parse("N", "1C P P P").legal_calls() == ()


def test_legal_calls() -> None:
    assert Auction("N").legal_calls() == (PASS, *(c for c in ALL_CALLS if c.is_bid))
    assert Auction.parse("N", "1H").legal_calls()[:4] == (PASS, DOUBLE, Call.parse("1S"), Call.parse("1NT"))
    assert Auction.parse("N", "1H X").legal_calls()[:3] == (PASS, REDOUBLE, Call.parse("1S"))
    assert Auction.parse("N", "1H X P").legal_calls()[:2] == (PASS, Call.parse("1S"))  # East's own double
    assert Auction.parse("N", "1H X P P").legal_calls()[:3] == (PASS, REDOUBLE, Call.parse("1S"))
    assert Auction.parse("N", "7NT X XX").legal_calls() == (PASS,)
    assert Auction.parse("N", "1H P").legal_calls()[:2] == (PASS, Call.parse("1S"))
    assert Auction.parse("N", "1H P P").legal_calls()[:3] == (PASS, DOUBLE, Call.parse("1S"))  # balancing
    assert Auction.parse("N", "1H").last_bid == Call.parse("1H")
    assert Auction.parse("N", "1H X XX P").last_bid == Call.parse("1H")
    assert Auction.parse("N", "P P").last_bid is None


# --------------------------------------------------------------------------------------------------
# Contract and declarer


@pytest.mark.parametrize(
    ("dealer", "text", "contract"),
    [
        ("N", "1NT P 3NT P P P", "3NT N"),
        ("N", "1NT P 2C P 2H P 4H P P P", "4H N"),  # Stayman: North named hearts first
        ("N", "1C 1H 1S 2H P P P", "2H E"),  # East named hearts first, West raised
        ("E", "1H P 2H P 4H X P P P", "4HX E"),
        ("E", "1H P 2H P 4H X XX P P P", "4HXX E"),
        ("S", "P P 1D X XX 1S P 2S P P P", "2S W"),  # West bid spades first, over the redouble
        ("W", "1S P 2D P 2H P 4S P P P", "4S W"),
        ("W", "P 1NT P 2H P 2S P P P", "2S N"),  # a transfer: the 1NT opener plays spades
        ("N", "1H 2C 2H 3C P P 3H X P P P", "3HX N"),  # the double went with 3♥, not 2♥
        ("N", "1H X 2H X P P P", "2HX N"),
        ("N", "1S P 2S X XX 3C P P X P P P", "3CX E"),  # the redouble did not survive the new bid
    ],
)
def test_contract_and_declarer(dealer: str, text: str, contract: str) -> None:
    auction = Auction.parse(dealer, text)
    result = auction.contract()
    assert result is not None
    assert f"{result} {result.declarer}" == contract
    assert auction.declarer() == result.declarer


def test_north_declares_hearts_after_stayman() -> None:
    auction = Auction.parse("N", "1NT P 2C P 2H P 4H P P P")
    assert auction.contract() == Contract(4, "H", "", "N")
    assert str(auction.contract()) == "4H"
    assert auction.contract().symbol() == "4♥"  # type: ignore[union-attr]


def test_passed_out_and_unfinished_have_no_contract() -> None:
    passed = Auction.parse("S", "P P P P")
    assert passed.passed_out
    assert passed.contract() is None
    assert passed.declarer() is None
    unfinished = Auction.parse("S", "1NT P 3NT P P")
    assert unfinished.contract() is None
    assert unfinished.declarer() is None


def test_contract_rejects_nonsense() -> None:
    with pytest.raises(BridgeError):
        Contract(8, "H", "", "N")
    with pytest.raises(BridgeError):
        Contract(4, "H", "XXX", "N")
    with pytest.raises(BridgeError):
        Contract(4, "H", "", "Q")


# --------------------------------------------------------------------------------------------------
# Text, notes and alerts


def test_text_round_trip_and_symbols() -> None:
    auction = Auction.parse("E", "1nt pass 2♣ dbl rdbl p p p")
    assert auction.text() == "1NT P 2C X XX P P P"
    assert auction.symbols() == "1NT Pass 2♣ Dbl Rdbl Pass Pass Pass"
    assert Auction.parse("E", auction.text()) == auction
    assert str(auction) == "E: 1NT P 2C X XX P P P"


def test_notes_and_alerts_are_part_of_the_value() -> None:
    plain = Auction.parse("N", "1NT P 2C")
    noted = plain.with_note(2, "Stayman", alert=True)
    assert noted.calls == plain.calls
    assert noted != plain
    assert noted.notes == (None, None, "Stayman")
    assert noted.alerts == (False, False, True)
    assert noted.with_note(-1, None) == plain
    assert hash(noted) != hash(plain) or noted != plain
    assert plain.notes == (None, None, None)
    assert plain.alerts == (False, False, False)
    assert noted.add("P") == Auction(
        "N", (*noted.calls, PASS), notes=(None, None, "Stayman", None), alerts=(False, False, True, False)
    )
    assert plain.add("2H", note="hearts", alert=True).notes[-1] == "hearts"
    assert Auction.parse("N", "1NT P 2C! P").alerts == (False, False, True, False)


def test_notes_must_match_the_calls() -> None:
    with pytest.raises(AuctionError, match="one note and one alert per call"):
        Auction("N", (PASS, PASS), notes=("x",))
    with pytest.raises(IndexError):
        Auction.parse("N", "1NT").with_note(1, "x")


def test_auction_is_frozen() -> None:
    auction = Auction.parse("N", "1NT")
    with pytest.raises(AttributeError):
        auction.dealer = "S"  # type: ignore[misc]


# --------------------------------------------------------------------------------------------------
# Property: random legal auctions built from legal_calls()


def _reference_contract(dealer: str, calls: list[Call]) -> str | None:
    """The contract as a player computes it at the table, independently of Auction's bookkeeping."""
    bid_positions = [i for i, call in enumerate(calls) if call.is_bid]
    if not bid_positions:
        return None
    last = bid_positions[-1]
    final = calls[last]
    doubled = ""
    for call in calls[last + 1 :]:
        if call.is_double:
            doubled = "X"
        elif call.is_redouble:
            doubled = "XX"
    side = last % 2
    first = min(i for i in bid_positions if i % 2 == side and calls[i].strain == final.strain)
    declarer = SEATS[(SEATS.index(dealer) + first) % 4]
    return f"{final.level}{final.strain}{doubled} {declarer}"


def _reference_complete(calls: list[Call]) -> bool:
    if any(call.is_bid for call in calls):
        return len(calls) >= 4 and all(call.is_pass for call in calls[-3:]) and not calls[-4].is_pass
    return len(calls) == 4


@st.composite
def legal_auctions(draw: st.DrawFn) -> tuple[str, list[Call], Auction]:
    dealer = draw(st.sampled_from(SEATS))
    auction = Auction(dealer)
    calls: list[Call] = []
    while not auction.is_complete and len(calls) < 80:
        legal = auction.legal_calls()
        # Favour passes, doubles and the cheaper bids so auctions both end and compete.
        kind = draw(st.integers(0, 9))
        if kind < 4:
            call = PASS
        elif kind < 6 and len(legal) > 1 and not legal[1].is_bid:
            call = legal[1]
        else:
            call = draw(st.sampled_from(legal[: min(len(legal), 6)] if kind < 9 else legal))
        assert call in legal
        auction = auction.add(call)
        calls.append(call)
    return dealer, calls, auction


@settings(max_examples=400, deadline=None)
@given(legal_auctions())
def test_random_legal_auctions(case: tuple[str, list[Call], Auction]) -> None:
    dealer, calls, auction = case
    rebuilt = Auction(dealer, tuple(calls))  # the constructor checks every call again
    assert rebuilt == auction
    assert Auction.parse(dealer, auction.text()) == auction
    assert auction.is_complete
    contract = auction.contract()
    assert (None if contract is None else f"{contract} {contract.declarer}") == _reference_contract(dealer, calls)
    assert auction.passed_out == (contract is None)
    # At every point, a call can be added exactly when legal_calls() offers it.
    for n in range(len(calls) + 1):
        prefix = Auction(dealer, tuple(calls[:n]))
        assert prefix.is_complete == _reference_complete(calls[:n])
        legal = set(prefix.legal_calls())
        for call in ALL_CALLS:
            assert prefix.is_legal(call) == (call in legal)
            if call not in legal:
                with pytest.raises(AuctionError):
                    prefix.add(call)


def test_a_long_bad_call_is_quoted_cut() -> None:
    """A 100,000-character bad call was quoted back in full (cut echoes)."""
    with pytest.raises(AuctionError) as info:
        Call.parse("x" * 100_000)
    assert len(str(info.value)) < 200 and "…" in str(info.value)
    with pytest.raises(AuctionError) as info:
        Auction.parse("N", "1C " + "1" * 100_000)
    assert len(str(info.value)) < 250 and info.value.call is not None and len(info.value.call) <= 40


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(ALL_CALLS), max_size=12))
def test_is_legal_auction_agrees_with_building_the_auction(calls: list[Call]) -> None:
    # Few random sequences are legal; the prefixes of each (and the empty one) give both answers.
    for end in range(len(calls) + 1):
        try:
            Auction("N", tuple(calls[:end]))
            built = True
        except AuctionError:
            built = False
        assert is_legal_auction(calls[:end]) == built, calls[:end]
