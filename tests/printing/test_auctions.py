"""Auctions on paper: the practice sheets' answer pages and the auctions on hand records.

Checked on the PDF with poppler-utils (skipped when it is absent, as in ``test_printing``).  Text is
compared with whitespace removed and Unicode compatibility forms folded, because poppler writes the
"fi" of "five" as the ligature the font draws.  A hand-record cell is read on its own by cropping
the page around it (``pdftotext -x -y -W -H``), from its "Board N" heading found with ``-bbox``, so
two cells side by side never mix.
"""

from __future__ import annotations

import dataclasses
import re
import shutil
import subprocess
import unicodedata
from pathlib import Path

import pytest

from bridgegui.engine.bidding import Auction, System, load_system
from bridgegui.engine.boards import Board
from bridgegui.engine.cards import SEATS, SUIT_SYMBOLS, Deal, Hand, holding_text
from bridgegui.engine.dealer import planner
from bridgegui.engine.dealer.constraints import DealRequest

SEED = 11
pytestmark = pytest.mark.usefixtures("qapp")

needs_poppler = pytest.mark.skipif(
    shutil.which("pdftotext") is None or shutil.which("pdfinfo") is None, reason="poppler-utils is not installed"
)


def flat(text: str) -> str:
    return re.sub(r"\s+", "", unicodedata.normalize("NFKC", text))


def pdf_text(path: Path, first: int | None = None, last: int | None = None, crop: tuple[float, ...] = ()) -> str:
    args = [*(["-f", str(first)] if first else []), *(["-l", str(last)] if last else [])]
    if crop:
        x, y, w, h = (str(int(v)) for v in crop)
        args += ["-x", x, "-y", y, "-W", w, "-H", h]
    result = subprocess.run(["pdftotext", *args, str(path), "-"], capture_output=True, text=True, check=True)
    return flat(result.stdout)


def pdf_pages(path: Path) -> int:
    result = subprocess.run(["pdfinfo", str(path)], capture_output=True, text=True, check=True)
    return int(re.search(r"Pages:\s+(\d+)", result.stdout).group(1))  # type: ignore[union-attr]


_WORD = re.compile(r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)</word>')


def words(path: Path, page: int) -> list[tuple[float, float, float, float, str]]:
    xml = subprocess.run(
        ["pdftotext", "-bbox", "-f", str(page), "-l", str(page), str(path), "-"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    return [(float(a), float(b), float(c), float(d), t) for a, b, c, d, t in _WORD.findall(xml)]


def record_cells(path: Path) -> dict[str, str]:
    """Each hand-record cell's text, by board number: the page cropped from one heading to the next."""
    cells: dict[str, str] = {}
    for page in range(1, pdf_pages(path) + 1):
        found = words(path, page)
        heads = [
            (x0, y0, found[i + 1][4])
            for i, (x0, y0, _, _, text) in enumerate(found[:-1])
            if text == "Board" and found[i + 1][4].isdigit()
        ]
        xs = sorted({round(x) for x, _, _ in heads})
        ys = sorted({round(y) for _, y, _ in heads})
        width = (xs[1] - xs[0]) if len(xs) > 1 else 260
        height = (ys[1] - ys[0]) if len(ys) > 1 else 360
        for x, y, label in heads:
            cells[label] = pdf_text(path, page, page, crop=(x - 4, y - 4, width - 4, height - 4))
    return cells


def hand_token(mask: int) -> str:
    return "".join(
        symbol + (holding_text(h).replace("T", "10") or "—")
        for symbol, h in zip(SUIT_SYMBOLS, Hand(mask).holdings, strict=True)
    )


def contract_words(auction: Auction) -> str:
    from bridgegui.printing.words import contract_text

    return flat(contract_text(auction))


@pytest.fixture(scope="module")
def system() -> System:
    return load_system("standard")


@pytest.fixture(scope="module")
def boards() -> list[Board]:
    """Eight boards on which North opens 1NT or South has hearts: auctions with transfers and passes."""
    request = DealRequest.from_specs(north="hcp 15-17, balanced", south="hearts 5+")
    batch = planner.deal(request, 8, seed=SEED)
    return [Board(i + 1, Deal.from_masks(row)) for i, row in enumerate(batch.tolist())]


@pytest.fixture(scope="module")
def printed(
    boards: list[Board], system: System, tmp_path_factory: pytest.TempPathFactory
) -> dict[str, tuple[Path, int]]:
    from bridgegui import printing

    folder = tmp_path_factory.mktemp("auctions")
    made: dict[str, tuple[Path, int]] = {}

    def keep(name: str, pages: int) -> None:
        made[name] = (folder / f"{name}.pdf", pages)

    keep("plain", printing.write_practice_sheets(boards, folder / "plain.pdf", page_size="A4"))
    keep("practice", printing.write_practice_sheets(boards, folder / "practice.pdf", system=system, page_size="A4"))
    keep("north", printing.write_practice_sheets(boards, folder / "north.pdf", seats="N", system=system))
    keep("records", printing.write_hand_records(boards, folder / "records.pdf", system=system, page_size="A4"))
    keep(
        "records6",
        printing.write_hand_records(boards, folder / "records6.pdf", per_page=6, system=system, page_size="Letter"),
    )
    students = [
        board.with_auction(system.bid(board.deal, board.effective_dealer or "N").auction) if board.deal else board
        for board in boards[:3]
    ]
    noted = students[0].with_auction(students[0].auction.with_note(0, "Our strong notrump."))  # type: ignore[union-attr]
    third = boards[2]
    assert third.deal is not None
    students[2] = third.with_auction(system.bid(third.deal, third.effective_dealer or "N").annotated())
    keep(
        "file",
        printing.write_hand_records([noted, *students[1:], boards[3]], folder / "file.pdf", per_page=6),
    )
    keep("sheets", printing.write_sheets("practice", boards, folder / "sheets.pdf", system=system))
    return made


def test_answer_pages_follow_the_sheets_one_section_per_pair(printed: dict[str, tuple[Path, int]]) -> None:
    """Four seats' sheets as before, then the same number of answer pages for North–South and East–West."""
    sheets = printed["plain"][1]
    answers = printed["practice"][1] - sheets
    assert answers > 0 and answers % 2 == 0
    assert answers // 2 < sheets // 4 + 2  # several boards to an answer page
    # Only North's sheets: the answer section of North's partnership alone.
    assert printed["north"][1] == sheets // 4 + answers // 2
    assert printed["sheets"][1] == printed["practice"][1]


def test_records_with_auctions_print_four_a_page(printed: dict[str, tuple[Path, int]]) -> None:
    assert printed["records"][1] == 2
    assert printed["records6"][1] == 2  # six a page leaves no room for an auction: four instead
    assert printed["file"][1] == 1  # four boards


@needs_poppler
def test_page_counts_of_the_files(printed: dict[str, tuple[Path, int]]) -> None:
    for name, (path, pages) in printed.items():
        assert pdf_pages(path) == pages, name


@needs_poppler
def test_answer_pages_show_the_auction_and_every_explanation(
    printed: dict[str, tuple[Path, int]], boards: list[Board], system: System
) -> None:
    from bridgegui.printing.words import call_text

    path, pages = printed["practice"]
    sheets = printed["plain"][1]
    half = (pages - sheets) // 2
    sheet_text = pdf_text(path, 1, sheets)
    for g, side in enumerate(("NS", "EW")):
        text = pdf_text(path, sheets + g * half + 1, sheets + (g + 1) * half)
        assert text.startswith({"NS": "North–South—Answers", "EW": "East–West—Answers"}[side])
        sections = re.split(r"Board(?=\d)", text)[1:]
        assert len(sections) == len(boards)
        for board, section in zip(boards, sections, strict=True):
            assert board.deal is not None
            assert section.startswith(str(board.number))
            result = system.bid(board.deal, board.effective_dealer or "N")
            assert contract_words(result.auction) in section
            for choice in result.choices:
                assert flat(choice.explanation) in section, (board.number, choice.explanation)
                assert flat(choice.explanation) not in sheet_text
                if choice.call.is_bid:
                    assert flat(call_text(choice.call)) in section
            for seat, mask in zip(SEATS, board.deal.hands, strict=True):
                assert mask is not None
                assert (hand_token(mask) in section) == (seat in side), (side, board.number, seat)


@needs_poppler
@pytest.mark.parametrize("name", ["records", "records6"])
def test_hand_records_show_the_systems_auction_under_each_board(
    printed: dict[str, tuple[Path, int]], boards: list[Board], system: System, name: str
) -> None:
    from bridgegui.printing.auctions import system_auction

    path, _ = printed[name]
    cells = record_cells(path)
    assert sorted(cells, key=int) == [str(b.number) for b in boards]
    for board in boards:
        cell = cells[str(board.number)]
        assert board.deal is not None
        assert all(hand_token(m) in cell for m in board.deal.hands if m is not None)
        compact = system_auction(system, board, compact=True)
        assert compact is not None
        assert contract_words(compact.auction) in cell
        # The first explanation of a bid is printed in full (the notes only passes use go first).
        first_bid = next(compact.note_of[i] for i, c in enumerate(compact.auction.calls) if c.is_bid)
        assert first_bid is not None
        words_of_note = flat(compact.notes[first_bid])
        assert words_of_note[:25] in cell, (board.number, compact.notes[first_bid])
        assert f"1{words_of_note[:25]}" in cell or first_bid > 0  # numbered from 1 in order of use


@needs_poppler
def test_hand_records_print_a_boards_own_auction_without_a_system(
    printed: dict[str, tuple[Path, int]], boards: list[Board], system: System
) -> None:
    path, _ = printed["file"]
    cells = record_cells(path)
    first = cells["1"]
    assert "1Ourstrongnotrump." in first
    assert "15-17" not in first  # calls only: no system, so no system explanations
    for board in boards[:3]:
        assert board.deal is not None
        auction = system.bid(board.deal, board.effective_dealer or "N").auction
        assert contract_words(auction) in cells[str(board.number)]
    assert "Contract" not in cells["4"]  # board 4 carries no auction
    # Board 3 carries the system's explanations as PBN notes (as --bid writes them): printed compact.
    from bridgegui.printing.auctions import PrintedAuction, file_auction

    third = boards[2]
    assert third.deal is not None
    noted = file_auction(third.with_auction(system.bid(third.deal, third.effective_dealer or "N").annotated()))
    assert isinstance(noted, PrintedAuction)
    first_call = noted.auction.calls[0]
    assert noted.notes[0] and not noted.notes[0].startswith(first_call.symbol() + ":")
    assert "1" + flat(noted.notes[0])[:25] in cells["3"]


@needs_poppler
def test_an_illegal_auction_in_a_file_is_said_and_the_rest_prints(boards: list[Board], tmp_path: Path) -> None:
    from bridgegui import printing

    bad = dataclasses.replace(boards[0].with_tags(Auction="N"), sections=(("Auction", "1NT 1C"),))
    assert printing.write_hand_records([bad, boards[1]], tmp_path / "bad.pdf") == 1
    text = pdf_text(tmp_path / "bad.pdf")
    assert "Theauctioninthefileisnotalegalauction." in text
    assert "Board2" in text


@needs_poppler
def test_nothing_is_drawn_outside_the_margins(printed: dict[str, tuple[Path, int]]) -> None:
    margin = 12 * 72 / 25.4 - 1
    for name, (path, pages) in printed.items():
        for page in range(1, pages + 1):
            xml = subprocess.run(
                ["pdftotext", "-bbox", "-f", str(page), "-l", str(page), str(path), "-"],
                capture_output=True,
                text=True,
                check=True,
            ).stdout
            size = re.search(r'<page width="([\d.]+)" height="([\d.]+)">', xml)
            assert size is not None
            width, height = map(float, size.groups())
            for x0, y0, x1, y1, text in words(path, page):
                assert x0 >= margin and x1 <= width - margin, (name, page, text)
                assert y0 >= margin and y1 <= height - margin, (name, page, text)


@needs_poppler
def test_the_table_puts_each_call_under_its_seat(tmp_path: Path) -> None:
    """East deals: the first round starts in the E column, Pass by South, the next round from West."""
    from PySide6.QtGui import QPainter, QPdfWriter

    from bridgegui.printing.auctions import AuctionStyle, PrintedAuction, draw_table
    from bridgegui.printing.canvas import Canvas

    auction = Auction.parse("E", "1H P 2NT X 3S P 4S P P P")
    printed_auction = PrintedAuction.grouped(auction, [])
    path = tmp_path / "table.pdf"
    writer = QPdfWriter(str(path))
    painter = QPainter(writer)
    canvas = Canvas(writer, painter)
    style = AuctionStyle.sized(canvas, 10, 8)
    draw_table(canvas, 0, 0, printed_auction, Board(2, None), style, [None] * len(auction.calls))
    painter.end()
    del writer
    found = words(path, 1)
    heads = {text: (x0 + x1) / 2 for x0, _, x1, _, text in found if text in "WNES" and len(text) == 1}
    cells = [(x0, y0, text) for x0, y0, _, _, text in found if text not in heads]
    assert [t for _, _, t in sorted(cells, key=lambda c: (round(c[1]), c[0]))] == [
        "1♥", "Pass", "2NT", "Dbl", "3♠", "Pass", "4♠", "Pass", "Pass", "Pass"
    ]  # fmt: skip
    column = {seat: x for seat, x in heads.items()}
    width = style.column
    for i, (x0, _, text) in enumerate(sorted(cells, key=lambda c: (round(c[1]), c[0]))):
        seat = auction.seat_of(i)
        assert column[seat] - width / 2 <= x0 < column[seat] + width / 2, (text, seat)
    rows = sorted({round(y) for _, y, _ in cells})
    assert len(rows) == 3  # E S | W N E S | W N: three rounds


def test_notes_drop_pass_only_notes_first_and_number_what_is_printed(qapp: object) -> None:
    from PySide6.QtGui import QImage, QPainter

    from bridgegui.printing.auctions import AuctionStyle, PrintedAuction, lay_out_notes, system_auction
    from bridgegui.printing.canvas import Canvas

    auction = Auction.parse("N", "1NT P 2C P 2H P P P")
    texts = ["Strong.", "Nothing to say.", "Stayman.", "Nothing to say.", "Four hearts.", None, "Done.", None]
    printed_auction = PrintedAuction.grouped(auction, texts)
    assert printed_auction.notes == ("Strong.", "Nothing to say.", "Stayman.", "Four hearts.", "Done.")
    assert printed_auction.note_of == (0, 1, 2, 1, 3, None, 4, None)
    image = QImage(600, 600, QImage.Format.Format_RGB32)
    painter = QPainter(image)
    try:
        canvas = Canvas(image, painter)  # type: ignore[arg-type]
        style = AuctionStyle.sized(canvas, 9, 8)
        everything = lay_out_notes(canvas, printed_auction, style, 400)
        assert everything.marks == (1, 2, 3, 2, 4, None, 5, None)
        three = lay_out_notes(canvas, printed_auction, style, 400, max_lines=3)
        assert [text for _, text in three.lines] == ["Strong.", "Stayman.", "Four hearts."]
        assert three.marks == (1, None, 2, None, 3, None, None, None)
    finally:
        painter.end()
    hands = ["AKQ2.K72.Q84.J93", "T987.AJ5.K72.K82", "J6.Q984.AJ5.Q765", "543.T63.T963.AT4"]
    deal = Deal.from_masks([Hand.from_pbn(h).mask for h in hands])
    compact = system_auction(load_system("standard"), Board(1, deal), compact=True)
    assert compact is not None and compact.auction.calls[0].code == "1NT"
    assert compact.notes[0].startswith("15–17 HCP")  # the generated explanation, without the call


@needs_poppler
def test_an_auction_too_long_for_the_space_is_cut_short_inside_the_margins(tmp_path: Path) -> None:
    """A system that bids every bid from 1♣ to 7♠ with a long, different sentence each: 38 calls,
    36 notes.  The answer page shows the whole table and cuts its notes with an ellipsis; the hand
    record does the same in its strip; nothing leaves the page."""
    from bridgegui import printing
    from bridgegui.engine.bidding import parse_system

    lines = ["system: Long", "title: Long", "description: every bid in turn", "", "after **"]
    long_text = " ".join(["a long explanation of this bid that goes on and on"] * 3)
    for level in range(1, 8):
        for strain in ("C", "D", "H", "S", "NT"):
            lines.append(f"  {level}{strain}  any  -- {level}{strain}: {long_text} ({level}{strain}).")
    lines.append("  P  any  -- Pass: nothing more to bid.")
    long_system = parse_system("\n".join(lines) + "\n", "long.system")
    request = DealRequest.from_specs()
    deals = planner.deal(request, 2, seed=SEED)
    two = [Board(i + 1, Deal.from_masks(row)) for i, row in enumerate(deals.tolist())]
    sheets = tmp_path / "sheets.pdf"
    records = tmp_path / "records.pdf"
    pages = printing.write_practice_sheets(two, sheets, seats="N", system=long_system, page_size="Letter")
    assert pages == 1 + 2  # North's sheet, then one page per board: each board's notes fill a page
    assert printing.write_hand_records(two, records, system=long_system, page_size="Letter") == 1
    margin = 12 * 72 / 25.4 - 1
    for path, count in ((sheets, pages), (records, 1)):
        for page in range(1, count + 1):
            for x0, y0, x1, y1, text in words(path, page):
                assert x0 >= margin and y0 >= margin, (path.name, page, text)
                assert x1 <= 612 - margin and y1 <= 792 - margin, (path.name, page, text)
    answer = pdf_text(sheets, 2, 2)
    assert "Contract7NTby" in answer and "7♠" in answer and "..." in answer
    assert "11C:alongexplanation" in answer  # note 1, the explanation as the file wrote it
    assert "Contract7NTby" in pdf_text(records) and "..." in pdf_text(records)
