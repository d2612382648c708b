import pytest

from bridgegui import engine
from bridgegui.engine import Deal, DealError, Hand, parse_deal

EXAMPLE = "N:8.AKQT4.AJ6.T742 9.J53.KQ92.QJ985 KQJT72.62.T84.K6 A6543.987.753.A3"


def test_parse_and_write_round_trip_from_every_first_seat():
    deal = parse_deal(EXAMPLE)
    for first in "NESW":
        text = deal.to_pbn(first)
        assert text.startswith(first + ":")
        assert parse_deal(text) == deal
    assert deal.to_pbn() == EXAMPLE


def test_lowercase_and_other_first_seat():
    deal = parse_deal("e:9.j53.kq92.qj985 kqjt72.62.t84.k6 a6543.987.753.a3 8.akqt4.aj6.t742")
    assert deal == parse_deal(EXAMPLE)
    assert deal.hand("N").to_pbn() == "8.AKQT4.AJ6.T742"
    assert deal.hand("W").shape == (5, 3, 3, 2)


def test_missing_hand_rejected_when_full_deal_needed():
    with pytest.raises(DealError, match="missing"):
        parse_deal("N:8.AKQT4.AJ6.T742 - - -")
    partial = parse_deal("N:8.AKQT4.AJ6.T742 - - -", allow_missing=True)
    assert not partial.is_complete
    with pytest.raises(DealError, match="unknown"):
        partial.hand("E")


def test_single_missing_hand_is_filled_from_the_rest():
    deal = parse_deal("N:8.AKQT4.AJ6.T742 9.J53.KQ92.QJ985 KQJT72.62.T84.K6 -")
    assert deal == parse_deal(EXAMPLE)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("N:8.AKQT4.AJ6.T74 9.J53.KQ92.QJ985 KQJT72.62.T84.K6 A6543.987.753.A3", "12 cards"),
        ("N:8.AKQT4.AJ6.T742 9.J53.KQ92.QJ985 KQJT72.62.T84.K6 A6543.987.753.A2", "more than one hand"),
        ("N:8.AKQT4.AJ6.T74X 9.J53.KQ92.QJ985 KQJT72.62.T84.K6 A6543.987.753.A3", "unknown rank 'X'"),
        ("N:8.AKQT4.AJ6 9.J53.KQ92.QJ985 KQJT72.62.T84.K6 A6543.987.753.A3", "four suits"),
        ("X:8.AKQT4.AJ6.T742 9.J53.KQ92.QJ985 KQJT72.62.T84.K6 A6543.987.753.A3", "starts with a seat"),
        ("N:8.AKQT4.AJ6.T742 9.J53.KQ92.QJ985", "four hands"),
        ("N:88.AKQT4.AJ6.T742 9.J53.KQ92.QJ985 KQJT72.62.T84.K6 A6543.987.753.A3", "twice"),
    ],
)
def test_bad_deals_raise_value_errors_with_clear_messages(text, message):
    with pytest.raises(ValueError, match=message):
        parse_deal(text)


def test_cards_and_seats():
    assert engine.parse_card("AS") == 0 == engine.parse_card("sa")
    assert engine.parse_card("♣2") == 51
    assert engine.parse_card("10h") == engine.parse_card("HT") == 13 + 4
    assert engine.card_name(51) == "C2"
    with pytest.raises(DealError):
        engine.parse_card("ZZ")
    assert engine.seat_index("south") == 2
    with pytest.raises(DealError):
        engine.seat_index("Q")


def test_from_owner_and_owner_agree():
    deal = parse_deal(EXAMPLE)
    assert Deal.from_owner(deal.owner) == deal
    # Andrews' encoding ("Encoding Bridge Deals") of this deal, card by card
    assert "".join("NESW"[s] for s in deal.owner) == "WSSSSENSWWWWSNNNENWWWSENESNEENSESWNWSWEWSEENEENSENWN"


def test_hand_cards_and_contains():
    hand = Hand.from_pbn("AK2.QJ3.T98.7654")
    assert len(hand) == 13
    assert engine.parse_card("SA") in hand
    assert engine.parse_card("HA") not in hand
    assert Hand.from_cards(hand.cards) == hand
