"""CSV: BigDeal's columns under a header row; BigDeal's own header-less files read too."""

from __future__ import annotations

import csv
import io

import pytest

from bridgegui.engine.boards import boards_from_batch
from bridgegui.engine.cards import parse_deal
from bridgegui.engine.dealing import deal_batch
from bridgegui.formats import csvfile
from bridgegui.formats.errors import ReadError
from bridgegui.formats.registry import SetInfo

# BigDeal's print_csv layout, written out by hand for board 3 of the dealing-machine set.
BIGDEAL_ROW = (
    '"AK9832","Q4","A7","K52","Q5","AJT9652","K","J74","J74","K","QJT8652","A3","T6","873","943","QT986","3","S/EW"\n'
)


def test_header_row_then_bigdeal_rows() -> None:
    boards = boards_from_batch(deal_batch(3, seed=9), 1)
    text = csvfile.dumps(boards)
    rows = list(csv.reader(io.StringIO(text, newline="")))
    assert rows[0][:2] == ["North spades", "North hearts"] and rows[0][16:] == ["Board", "Dealer/Vulnerable"]
    assert [row[16:] for row in rows[1:]] == [["1", "N/-"], ["2", "E/NS"], ["3", "S/EW"]]
    assert all(len(row) == 18 for row in rows)
    assert text.endswith('"\r\n') and text.count("\r\n") == 4


def test_reads_bigdeal_without_header_and_with_tens() -> None:
    (board,) = csvfile.loads(BIGDEAL_ROW.replace("QJT8652", "QJ108652"))
    assert board.number == 3
    assert board.deal == parse_deal("N:AK9832.Q4.A7.K52 Q5.AJT9652.K.J74 J74.K.QJT8652.A3 T6.873.943.QT986")
    assert (board.effective_dealer, board.effective_vulnerable) == ("S", "EW")


def test_void_is_an_empty_field_and_fixed_dealer_kept() -> None:
    deal = parse_deal("N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432")
    board = boards_from_batch(deal_batch(1, seed=1), 5)[0].replace(deal=deal, dealer="W", vulnerable="All")
    text = csvfile.dumps([board])
    assert '"AKQJT98765432","","",""' in text and text.endswith('"5","W/All"\r\n')
    assert csvfile.loads(text) == [board]


def test_write_batch_is_byte_identical_to_dumps() -> None:
    masks = deal_batch(25, seed=2)
    info = SetInfo()
    streamed = csvfile.begin(info) + csvfile.write_batch(masks[:9], 1, info) + csvfile.write_batch(masks[9:], 10, info)
    assert streamed + csvfile.end(info) == csvfile.dumps(boards_from_batch(masks, 1))


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('"AK","Q"\n', "line 1: the row has 2 fields"),
        (BIGDEAL_ROW.replace('"AK9832"', '"AK9X32"'), "line 1: .*unknown rank 'X'"),
        (BIGDEAL_ROW.replace('"AK9832"', '"AK9832A"'), "line 1: .*appears twice"),
        (BIGDEAL_ROW.replace('"AK9832"', '"AK983"'), "line 1: North has 12 cards"),
        (BIGDEAL_ROW.replace('"Q5"', '"Q5A"'), "line 1: East has 14 cards"),
        (BIGDEAL_ROW.replace('"3","S/EW"', '"x","S/EW"'), "line 1: the board number is 'x'"),
        (BIGDEAL_ROW.replace('"3","S/EW"', '"' + "9" * 5000 + '","S/EW"'), "line 1: the board number is '9999"),
        (BIGDEAL_ROW.replace('"3","S/EW"', '"²","S/EW"'), "line 1: the board number is '²'"),
        (BIGDEAL_ROW.replace('"S/EW"', '"Q/EW"'), "line 1: 'Q' is not a seat"),
        (BIGDEAL_ROW.replace('"S/EW"', '"S/some"'), "line 1: 'some' is not a vulnerability"),
        (csvfile.HEADER + BIGDEAL_ROW.replace('"A7"', '"A7"x'), "line 2"),
        ("\n\n" + '"' + "x" * 200_000 + '"\n', r"^line 3: this is not CSV \(field larger than field limit"),
    ],
)
def test_hostile_csv(text: str, message: str) -> None:
    with pytest.raises(ReadError, match=message):
        csvfile.loads(text)
