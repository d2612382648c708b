"""Practice sheets and hand records, checked on the PDF itself with poppler-utils (pdftotext, pdfinfo).

Each document is rendered once per module (they take a tenth of a second each).  A hand is found in
the text as one token, its four suits in order with whitespace removed ("♠AK42♥52♦K102♣AK75"): two
hands never share a card, so one hand's token cannot appear by accident on a page about another.
The text checks skip when poppler-utils is not installed (Debian: apt-get install poppler-utils).
"""

from __future__ import annotations

import errno
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from bridgegui.engine.boards import Board
from bridgegui.engine.cards import FULL_SUIT, SEATS, SUIT_SYMBOLS, Deal, Hand, holding_text
from bridgegui.engine.dealer import planner
from bridgegui.engine.dealer.constraints import DealRequest

SEED = 7
SKIPPED = 99
MM = 72 / 25.4

pytestmark = pytest.mark.usefixtures("qapp")  # one QApplication for the session, before printing needs one

needs_poppler = pytest.mark.skipif(
    shutil.which("pdftotext") is None or shutil.which("pdfinfo") is None, reason="poppler-utils is not installed"
)


def hand_token(mask: int) -> str:
    return "".join(
        symbol + (holding_text(h).replace("T", "10") or "—")
        for symbol, h in zip(SUIT_SYMBOLS, Hand(mask).holdings, strict=True)
    )


def pdf_text(path: Path, first: int | None = None, last: int | None = None) -> str:
    """The text of pages ``first``..``last`` with all whitespace removed."""
    pages = [*(["-f", str(first)] if first else []), *(["-l", str(last)] if last else [])]
    result = subprocess.run(["pdftotext", *pages, str(path), "-"], capture_output=True, text=True, check=True)
    return re.sub(r"\s+", "", result.stdout)


def pdf_info(path: Path) -> dict[str, str]:
    result = subprocess.run(["pdfinfo", str(path)], capture_output=True, text=True, check=True)
    return {k.strip(): v.strip() for k, _, v in (line.partition(":") for line in result.stdout.splitlines())}


@pytest.fixture(scope="module")
def boards() -> list[Board]:
    """Nine dealt boards, a game with no deal (skipped), and a deal of four 13-card suits (the widest lines)."""
    request = DealRequest.from_specs(north="hcp 15-17, balanced", south="hearts 5+")
    batch = planner.deal(request, 9, seed=SEED)
    dealt = [Board(i + 1, Deal.from_masks(row)) for i, row in enumerate(batch.tolist())]
    solid = Deal.from_masks([FULL_SUIT << (16 * suit) for suit in range(4)])
    return [*dealt[:4], Board(SKIPPED, None), *dealt[4:], Board(10, solid)]


@pytest.fixture(scope="module")
def printed(boards: list[Board], tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[Path, int]]:
    from bridgegui import printing

    folder = tmp_path_factory.mktemp("printing")
    made: dict[str, tuple[Path, int]] = {}

    def keep(name: str, pages: int) -> None:
        made[name] = (folder / f"{name}.pdf", pages)

    keep("practice", printing.write_practice_sheets(boards, folder / "practice.pdf", seed=SEED, page_size="A4"))
    keep("pair", printing.write_practice_sheets(boards, folder / "pair.pdf", pair=True, page_size="A4"))
    keep("north", printing.write_practice_sheets(boards, folder / "north.pdf", seats="N", page_size="Letter"))
    keep(
        "records4",
        printing.write_hand_records(
            boards, folder / "records4.pdf", title="Club night", date="2024-06-01", seed=SEED, page_size="A4"
        ),
    )
    keep("records6", printing.write_hand_records(boards, folder / "records6.pdf", per_page=6, page_size="A4"))
    keep(
        "records6-letter",
        printing.write_hand_records(boards, folder / "records6-letter.pdf", per_page=6, page_size="Letter"),
    )
    return made


def test_page_counts(printed: dict[str, tuple[Path, int]]) -> None:
    """Ten printable boards: 3 pages at 4 a page, 2 at 6; practice sheets: a whole number of pages per seat."""
    assert printed["records4"][1] == 3
    assert printed["records6"][1] == 2
    assert printed["records6-letter"][1] == 2
    assert printed["practice"][1] % 4 == 0
    assert printed["pair"][1] == 2 * printed["practice"][1] // 4
    assert printed["north"][1] == printed["practice"][1] // 4


@needs_poppler
def test_page_count_and_size_of_the_files(printed: dict[str, tuple[Path, int]]) -> None:
    for name, (path, pages) in printed.items():
        info = pdf_info(path)
        assert int(info["Pages"]) == pages, name
        assert ("letter" if "letter" in name or name == "north" else "A4") in info["Page size"], name


@needs_poppler
def test_practice_sheets_show_each_player_only_their_own_hands(
    printed: dict[str, tuple[Path, int]], boards: list[Board]
) -> None:
    path, pages = printed["practice"]
    each = pages // 4
    dealt = [b for b in boards if b.deal is not None]
    for i, seat in enumerate(SEATS):
        text = pdf_text(path, i * each + 1, (i + 1) * each)
        for board in dealt:
            assert board.deal is not None
            assert f"Board{board.number}" in text
            for other, mask in enumerate(board.deal.hands):
                assert mask is not None
                shown = hand_token(mask) in text
                assert shown == (SEATS[other] == seat), (seat, board.number, SEATS[other])


@needs_poppler
def test_practice_sheets_say_dealer_and_vulnerability(printed: dict[str, tuple[Path, int]]) -> None:
    text = pdf_text(printed["north"][0])
    # Boards 1-4 follow Law 2: N/None, E/NS, S/EW, W/All.
    # (Red text, such as a vulnerability that matters to North, comes out of pdftotext in its own run.)
    for dealer_name, vul in (("North", "None"), ("East", "N-S"), ("South", "E-W"), ("West", "All")):
        assert f"Dealer{dealer_name}" in text
        assert f"Vul{vul}" in text
    assert "North—Biddingpractice" in text


@needs_poppler
def test_pair_sheets_show_both_hands_of_the_partnership(
    printed: dict[str, tuple[Path, int]], boards: list[Board]
) -> None:
    path, pages = printed["pair"]
    half = pages // 2
    for g, side in enumerate(("NS", "EW")):
        text = pdf_text(path, g * half + 1, (g + 1) * half)
        for board in boards:
            if board.deal is None:
                continue
            for seat, mask in zip(SEATS, board.deal.hands, strict=True):
                assert mask is not None
                assert (hand_token(mask) in text) == (seat in side), (side, board.number, seat)


@needs_poppler
@pytest.mark.parametrize("name", ["records4", "records6", "records6-letter"])
def test_hand_records_show_every_hand_with_its_evaluation(
    printed: dict[str, tuple[Path, int]], boards: list[Board], name: str
) -> None:
    text = pdf_text(printed[name][0])
    for board in boards:
        if board.deal is None:
            continue
        assert f"Board{board.number}" in text
        for mask in board.deal.hands:
            assert mask is not None
            hand = Hand(mask)
            assert hand_token(mask) in text
            pattern = "-".join(map(str, hand.pattern))
            assert f"{hand.hcp}HCP·{pattern}" in text
            assert f"LTC{hand.losers}" in text


@needs_poppler
def test_hand_records_header_and_skipped_board(printed: dict[str, tuple[Path, int]]) -> None:
    first_page = pdf_text(printed["records4"][0], 1, 1)
    assert first_page.startswith("Clubnight")
    assert "2024-06-01·seed7·10boards" in first_page
    assert f"Notprinted(nodeal):{SKIPPED}" in first_page
    assert f"Board{SKIPPED}" not in pdf_text(printed["records4"][0])
    assert f"Board{SKIPPED}" not in pdf_text(printed["practice"][0])


@needs_poppler
def test_nothing_is_drawn_outside_the_margins(printed: dict[str, tuple[Path, int]]) -> None:
    """Every word's box lies inside the 12 mm margins, even for a 13-card suit (no clipping)."""
    word = re.compile(r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)</word>')
    page = re.compile(r'<page width="([\d.]+)" height="([\d.]+)">')
    for name, (path, _) in printed.items():
        xml = subprocess.run(["pdftotext", "-bbox", str(path), "-"], capture_output=True, text=True, check=True).stdout
        width, height = map(float, page.search(xml).groups())  # type: ignore[union-attr]
        margin = 12 * MM - 1
        words = word.findall(xml)
        assert words, name
        for x0, y0, x1, y1, text in words:
            assert float(x0) >= margin and float(x1) <= width - margin, (name, text, x0, x1)
            assert float(y0) >= margin and float(y1) <= height - margin, (name, text, y0, y1)


@needs_poppler
def test_the_solid_suits_deal_fits_its_cell(printed: dict[str, tuple[Path, int]]) -> None:
    """Board 10's West holds all thirteen clubs: the longest possible line fits beside the compass."""
    text = pdf_text(printed["records6"][0])
    assert "♣AKQJ1098765432" in text


@needs_poppler
def test_render_on_a_qprinter(boards: list[Board], tmp_path: Path) -> None:
    """File → Print… hands the renderer a QPrinter; rendering to one (as PDF here) gives the same text."""
    from PySide6.QtGui import QPageSize
    from PySide6.QtPrintSupport import QPrinter

    from bridgegui.printing import render_hand_records

    printer = QPrinter(QPrinter.PrinterMode.HighResolution)
    printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
    printer.setOutputFileName(str(tmp_path / "printer.pdf"))
    printer.setPageSize(QPageSize(QPageSize.PageSizeId.Letter))
    pages = render_hand_records(printer, boards[:3], per_page=6)
    assert pages == 1
    text = pdf_text(tmp_path / "printer.pdf")
    assert all(f"Board{n}" in text for n in (1, 2, 3))


def test_bad_arguments(boards: list[Board], tmp_path: Path) -> None:
    from bridgegui import printing

    with pytest.raises(ValueError, match="4 or 6"):
        printing.write_hand_records(boards, tmp_path / "x.pdf", per_page=5)
    with pytest.raises(ValueError, match="seats"):
        printing.write_practice_sheets(boards, tmp_path / "x.pdf", seats="NX")
    with pytest.raises(ValueError, match="page size"):
        printing.write_hand_records(boards, tmp_path / "x.pdf", page_size="A3")
    with pytest.raises(ValueError, match="practice or records"):
        printing.write_sheets("quiz", boards, tmp_path / "x.pdf")
    assert not (tmp_path / "x.pdf").exists()
    assert list(tmp_path.iterdir()) == []


def test_an_unwritable_path_raises_oserror_and_leaves_no_temporary_file(boards: list[Board], tmp_path: Path) -> None:
    from bridgegui import printing

    with pytest.raises(OSError):
        printing.write_hand_records(boards, tmp_path / "missing" / "records.pdf")
    assert list(tmp_path.iterdir()) == []


def test_write_replaces_an_existing_file(boards: list[Board], tmp_path: Path) -> None:
    from bridgegui import printing

    target = tmp_path / "sheets.pdf"
    target.write_text("old")
    assert printing.write_sheets("records", boards[:1], target, page_size="A4") == 1
    assert target.read_bytes().startswith(b"%PDF")
    assert [p.name for p in tmp_path.iterdir()] == ["sheets.pdf"]


def test_no_printable_boards_still_gives_a_page(tmp_path: Path) -> None:
    from bridgegui import printing

    assert printing.write_hand_records([Board(1, None)], tmp_path / "empty.pdf") == 1
    assert printing.write_practice_sheets([], tmp_path / "empty2.pdf", seats="NS") == 2


def test_default_page_size_is_a4_or_letter() -> None:
    from bridgegui import printing

    assert printing.default_page_size() in printing.PAGE_SIZES


def test_cards_are_written_as_books_write_them() -> None:
    from bridgegui.printing.words import cards_text, quick_tricks_text

    assert cards_text(Hand.from_pbn("AQT74...").holdings[0]) == "AQ1074"
    assert cards_text(0) == "—"
    assert [quick_tricks_text(q) for q in (0, 0.5, 2, 2.5)] == ["0", "½", "2", "2½"]


def test_the_public_names_are_importable_from_the_package() -> None:
    """Callers (the command line, the window, the self-test) import from ``bridgegui.printing`` only."""
    from bridgegui import printing

    for name in printing.__all__:
        assert getattr(printing, name) is not None, name
    assert printing.AUCTION_ROWS == 7 and printing.MARGIN_MM == 12.0


def test_a_write_error_raises_and_leaves_the_old_pdf_whole(
    boards: list[Board], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A full disk (here: fsync failing as it does with ENOSPC) is an OSError, never a truncated PDF."""
    from bridgegui import printing

    target = tmp_path / "records.pdf"
    target.write_bytes(b"old")

    def full_disk(fd: int) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "fsync", full_disk)
    with pytest.raises(OSError, match="No space"):
        printing.write_hand_records(boards, target)
    monkeypatch.undo()
    assert target.read_bytes() == b"old"
    assert [p.name for p in tmp_path.iterdir()] == ["records.pdf"]


@pytest.mark.skipif(os.name != "posix", reason="symbolic links")
def test_a_pdf_is_written_through_a_symbolic_link(boards: list[Board], tmp_path: Path) -> None:
    from bridgegui import printing

    real = tmp_path / "real.pdf"
    real.write_bytes(b"old")
    link = tmp_path / "link.pdf"
    link.symlink_to(real)
    assert printing.write_sheets("records", boards[:1], link, page_size="A4") == 1
    assert link.is_symlink()
    assert real.read_bytes().startswith(b"%PDF-")


def test_hand_records_show_a_double_dummy_table_from_the_boards_tags(boards: list[Board], tmp_path: Path) -> None:
    """Printing reads DoubleDummyTricks/OptimumScore from the board (no solver needed to print them)."""
    if shutil.which("pdftotext") is None:
        pytest.skip("pdftotext (poppler-utils) is not installed")
    from bridgegui import printing

    tagged = boards[0].with_tags(DoubleDummyTricks="a7a9ba7a9b2624126241", OptimumScore="NS 430")
    path = tmp_path / "dd.pdf"
    printing.write_hand_records([tagged, boards[1]], path)
    text = pdf_text(path)  # whitespace removed
    assert text.count("Doubledummy") == 1  # only the tagged board has the table
    assert "ParNS430" in text
    # North's row: NT 10, spades 7, hearts 10, diamonds 9, clubs 11 (tag order N S E W, each NT S H D C)
    assert "N1071091" in text
