"""LIN (Bridge Base Online): our writer against endplay's reader, and our reader on BBO-style files.

The hand-written samples follow the published layout (../shared/formats.md): BBO's own files
(names first, ranks low to high, three hands and a trailing comma, play and claims), vugraph-style
files (``qx`` per board, names once, four hands, ``0`` and capital calls) and BigDeal's lines (ranks
high to low, no trailing comma).  Each expected deal below was written out by hand from the sample.
"""

from __future__ import annotations

import numpy as np
import pytest

from bridgegui.engine.bidding.calls import Auction
from bridgegui.engine.boards import Board, boards_from_batch
from bridgegui.engine.cards import parse_deal
from bridgegui.engine.dealing import deal_batch
from bridgegui.formats import lin
from bridgegui.formats.errors import ReadError
from bridgegui.formats.registry import SetInfo

DEAL_3 = "N:AK9832.Q4.A7.K52 Q5.AJT9652.K.J74 J74.K.QJT8652.A3 T6.873.943.QT986"

BBO_SAMPLE = (
    "pn|Alice,Bob,Carol,Dave|st||md|1S47JHKD2568TJQC3A,S6TH378D349C689TQ,S2389KAH4QD7AC25K,|rh||"
    "ah|Board 3|sv|e|mb|p|mb|1S|mb|2H|mb|3D!|an|Game forcing, 6+ !D|mb|p|mb|5D|mb|p|mb|p|mb|p|"
    "pg||pc|HA|pc|HK|pc|H3|pc|H4|pg||mc|11|\n"
)

VUGRAPH_SAMPLE = (
    "pn|Ann,Ben,Cat,Dan|st||\r\n"
    "qx|o1|md|3SAKQJT98765432HDC,SHAKQJT98765432DC,SHDAKQJT98765432C,SHDCAKQJT98765432|sv|0|rh||"
    "ah|Board 1|mb|P|mb|P|mb|P|mb|P|pg||\r\n"
    "qx|o2|md|4,SAKQJT98765432HDC,SHAKQJT98765432DC,SHDAKQJT98765432C|sv|N|ah|Board 2|mb|1S|mb|D|mb|R|"
    "mb|P|mb|P|mb|P|pg||\r\n"
)

BIGDEAL_SAMPLE = "qx|o7|md|3SJ74HKDQJT8652CA3,ST6H873D943CQT986,SAK9832HQ4DA7CK52|rh||ah|Board 7|sv|b|pg||\n"


def _auctioned_set() -> list[Board]:
    boards = boards_from_batch(deal_batch(6, seed=11), 1)
    boards[0] = boards[0].with_auction(
        Auction.parse("N", "1NT P 2C! P 2H P P P").with_note(2, "Stayman: 4♥ or 4♠", alert=True)
    )
    boards[1] = boards[1].with_tags(North="Ann Smith", East="Ben", South="Cat", West="Dan")
    boards[2] = boards[2].with_auction(Auction.parse("S", "1S X XX P P P"))
    boards[3] = boards[3].replace(dealer="N", vulnerable="All")
    boards[4] = boards[4].with_auction(Auction.parse("N", "P P 1H"))  # unfinished
    return boards


def test_round_trip_with_auctions_names_and_fixed_dealer() -> None:
    boards = _auctioned_set()
    assert lin.loads(lin.dumps(boards)) == boards


def test_one_line_per_board_with_the_published_keys() -> None:
    text = lin.dumps(_auctioned_set()[:1])
    assert text.count("\n") == 1 and text.endswith("pg||\n")
    assert text.startswith("pn|,,,|st||md|3")
    assert "|rh||ah|Board 1|sv|o|mb|1N|mb|p|mb|2C!|an|Stayman: 4!H or 4!S|mb|p|mb|2H|" in text


def test_endplay_reads_ours_to_the_same_deals_and_auctions() -> None:
    endplay_lin = pytest.importorskip("endplay.parsers.lin")
    boards = _auctioned_set()
    theirs = endplay_lin.loads(lin.dumps(boards))
    assert len(theirs) == len(boards)
    vul_names = {"none": "None", "ns": "NS", "ew": "EW", "both": "All"}
    for ours, their in zip(boards, theirs, strict=True):
        assert their.board_num == ours.number
        assert their.dealer.name[0].upper() == ours.effective_dealer
        assert vul_names[their.vul.name] == ours.effective_vulnerable
        assert parse_deal(their.deal.to_pbn()) == ours.deal
        auction = ours.auction
        expected = [] if auction is None else [c.code for c in auction.calls]
        assert [str(bid).rstrip("!*").replace("♣", "C").replace("♦", "D").replace("♥", "H").replace("♠", "S")
                for bid in their.auction] == expected  # fmt: skip
        if auction is not None:
            assert [bid.alertable for bid in their.auction] == list(auction.alerts)
    assert theirs[0].auction[2].announcement == "Stayman: 4♥ or 4♠"
    assert (theirs[1].info.north, theirs[1].info.south) == ("Ann Smith", "Cat")


def test_ours_reads_endplays_lin() -> None:
    endplay_lin = pytest.importorskip("endplay.parsers.lin")
    boards = _auctioned_set()
    again = lin.loads(endplay_lin.dumps(endplay_lin.loads(lin.dumps(boards))))
    assert [b.deal for b in again] == [b.deal for b in boards]
    assert [b.auction.calls if b.auction else () for b in again] == [
        b.auction.calls if b.auction else () for b in boards
    ]


def test_bbo_sample_low_to_high_three_hands_play_ignored() -> None:
    (board,) = lin.loads(BBO_SAMPLE)
    assert board.number == 3
    assert board.deal == parse_deal(DEAL_3)
    assert (board.effective_dealer, board.effective_vulnerable) == ("S", "EW")
    assert [board.tag(seat) for seat in ("North", "East", "South", "West")] == ["Carol", "Dave", "Alice", "Bob"]
    auction = board.auction
    assert auction is not None
    assert " ".join(c.code for c in auction.calls) == "P 1S 2H 3D P 5D P P P"
    assert auction.alerts[3] and auction.notes[3] == "Game forcing, 6+ ♦"
    assert board.tag("Play") is None  # the play is not kept


def test_vugraph_sample_names_once_four_hands_and_an_empty_hand() -> None:
    first, second = lin.loads(VUGRAPH_SAMPLE)
    assert first.deal == parse_deal("N:..AKQJT98765432. ...AKQJT98765432 AKQJT98765432... .AKQJT98765432..")
    assert (first.number, first.effective_dealer, first.effective_vulnerable) == (1, "N", "None")
    assert first.auction is not None and first.auction.passed_out
    assert second.deal == parse_deal("N:.AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432 AKQJT98765432...")
    assert (second.number, second.effective_dealer, second.effective_vulnerable) == (2, "E", "NS")
    assert second.auction is not None and [c.code for c in second.auction.calls][:3] == ["1S", "X", "XX"]
    assert second.tag("North") == "Cat"  # names carried from the file's start


def test_bigdeal_sample_high_to_low_and_board_id() -> None:
    (board,) = lin.loads(BIGDEAL_SAMPLE)
    assert board.number == 7
    assert board.deal == parse_deal(DEAL_3)
    assert (board.effective_dealer, board.effective_vulnerable) == ("N", "All")


def test_write_batch_is_byte_identical_to_dumps() -> None:
    masks = deal_batch(40, seed=4)
    info = SetInfo()
    streamed = lin.begin(info) + lin.write_batch(masks[:17], 5, info) + lin.write_batch(masks[17:], 22, info)
    assert streamed + lin.end(info) == lin.dumps(boards_from_batch(masks, 5))


def test_write_batch_with_a_fixed_dealer_and_vulnerability() -> None:
    masks = deal_batch(5, seed=4)
    info = SetInfo(dealer="S", vulnerable="EW")
    boards = [b.replace(dealer="S", vulnerable="EW") for b in boards_from_batch(masks, 1)]
    assert lin.write_batch(masks, 1, info) == lin.dumps(boards)
    assert all(b.effective_dealer == "S" for b in lin.loads(lin.write_batch(masks, 1, info)))


def test_empty_batch_and_empty_file() -> None:
    assert lin.write_batch(np.zeros((0, 4), dtype=np.uint64), 1, SetInfo()) == ""
    assert lin.loads("") == []


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("md|3S2,S3,S4,S5,S6|ah|Board 4|", "board 4: md gives 5 hands"),
        ("md|3SAKQJT98765432HDC,SXHAKQJT98765432DC,|", "board 1: West's hand 'SXHAKQJT98765432DC' holds 'X'"),
        ("md|3SAAKQJT9876543HDC,SHAKQJT98765432DC,|", "board 1: South's hand gives the SA twice"),
        ("md|3SAKQJT9876543HDC,SHAKQJT98765432DC,|", "board 1: South has 12 cards"),
        ("md|3SAKQJT98765432HDC,SAHKQJT98765432DC,|", "board 1: West's hand repeats cards"),
        ("md|3SAKQJT98765432HDC,,|", "board 1: md leaves North, East and West empty"),
        ("md|3SAKQJT98765432HDC,SHAKQJT98765432DC,SHDAKQJT98765432C,|sv|x|", "board 1: sv is 'x'"),
        ("md|3SAKQJT98765432HDC,SHAKQJT98765432DC,SHDAKQJT98765432C,|mb|8N|", "board 1: '8N' is not a LIN call"),
        ("md|3SAKQJT98765432HDC,SHAKQJT98765432DC,SHDAKQJT98765432C,|mb|1S|mb|1C|", "board 1: .*insufficient"),
    ],
)
def test_hostile_lin(text: str, message: str) -> None:
    with pytest.raises(ReadError, match=message):
        lin.loads(text)


def test_huge_board_title_falls_back_to_the_place_in_the_file() -> None:
    text = BIGDEAL_SAMPLE.replace("qx|o7|", "").replace("Board 7", "Board " + "9" * 5000)
    assert [b.number for b in lin.loads(text)] == [1]


def test_garbage_without_a_deal_gives_no_boards() -> None:
    assert lin.loads("|||pn|a|b|c||st|\n\n") == []
    assert lin.loads(b"\xff\xfe|md") == []
