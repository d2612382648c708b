"""Hand records: all four hands of each board in the compass layout, 4 or 6 boards a page.

Under each hand its HCP, pattern, quick tricks and losing-trick count; a header with the set's
title, date and seed (house style: exported files record how to reproduce the set); the
double-dummy table and par when a board carries them in its tags.

Auctions: given a bidding system, each board's cell ends in a strip with the system's auction (the
four-column table from the dealer), the contract and the calls' explanations as numbered notes
beside the table; without a system, a board that carries an auction (a student's, or one read from
a file) shows that auction the same way, its PBN notes as the notes.  The notes are compact: an
explanation loses its leading call ("1NT: ..." becomes "15-17 HCP..."), identical ones share a
number, and when a board's notes do not fit the strip, the notes only passes refer to go first,
then the last note is cut short.  Six boards a page leave no room for an auction under the hands,
so a page holds four boards whenever auctions are printed.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TypeAlias

from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QFont, QPagedPaintDevice, QPainter

from bridgegui.engine.bidding import Auction, System
from bridgegui.engine.boards import Board
from bridgegui.engine.cards import SEATS, SUIT_SYMBOLS, Hand
from bridgegui.engine.errors import BridgeError
from bridgegui.printing.auctions import (
    COLUMN_ORDER,
    AuctionStyle,
    PrintedAuction,
    draw_notes,
    draw_rich,
    draw_table,
    file_auction,
    lay_out_notes,
    shortened,
    system_auction,
    table_height,
)
from bridgegui.printing.canvas import (
    BLACK,
    GREY,
    RED,
    RULE,
    Canvas,
    Header,
    draw_page_frame,
    footer_height,
    header_height,
    point_font,
    printable_boards,
    widest_suit_line,
)
from bridgegui.printing.words import (
    auctions_by,
    board_title,
    contract_text,
    dealer_text,
    evaluation_lines,
    footer_left,
    is_vulnerable,
    seat_letter,
    seat_name,
    skipped_note,
    unreadable_auction,
    vul_text,
)


@dataclass(frozen=True, slots=True)
class _RecordLayout:
    """Sizes (points) of one board's cell on a hand-record page."""

    hand_font: QFont
    label_font: QFont
    eval_font: QFont
    column: float
    block: float
    cell_w: float
    cell_h: float
    columns: int
    rows: int
    strip: float = 0.0
    auction: AuctionStyle | None = None


def _record_block_height(canvas: Canvas, hand_font: QFont, label_font: QFont, eval_font: QFont) -> float:
    return canvas.line_height(label_font) + 4 * canvas.line_height(hand_font) + 2 * canvas.line_height(eval_font) + 2


_PAD = 6.0
_STRIP_SHARE = 0.45
"""At most this share of a cell's height goes to the auction strip, so the hands stay legible."""


def _record_layout(
    canvas: Canvas,
    boards: Sequence[Board],
    per_page: int,
    content_height: float,
    auctions: Sequence[_BoardAuction] = (),
) -> _RecordLayout:
    columns = 2
    rows = per_page // columns
    gap = 8.0
    cell_w = (canvas.width - gap * (columns - 1)) / columns
    cell_h = (content_height - gap * (rows - 1)) / rows
    style: AuctionStyle | None = None
    strip = 0.0
    if any(a is not None for a in auctions):
        style = AuctionStyle.sized(canvas, 7.5, 6.8)
        needed = max(_strip_height(canvas, a, style, cell_w) for a in auctions)
        strip = min(needed, cell_h * _STRIP_SHARE)
        cell_h_hands = cell_h - strip
    else:
        cell_h_hands = cell_h
    masks = [m for b in boards if b.deal is not None for m in b.deal.hands if m is not None]
    size = 13.0 if per_page == 4 else 10.0
    pad = 6.0
    while True:
        hand_font = point_font(size)
        label_font = point_font(size * 0.75, bold=True)
        eval_font = point_font(size * 0.72)
        widest = max(
            widest_suit_line(canvas, masks, hand_font),
            canvas.text_width("00 HCP · 0-0-0-0", eval_font),
            canvas.text_width(QCoreApplication.translate("bridgegui.printing", "QT 0½ · LTC 00"), eval_font),
        )
        column = widest + 4
        block = _record_block_height(canvas, hand_font, label_font, eval_font)
        fits = 3 * column + 2 * pad <= cell_w and 3 * block + 2 * pad + 4 <= cell_h_hands
        if fits or size <= 6:
            break
        size -= 0.25
    return _RecordLayout(hand_font, label_font, eval_font, column, block, cell_w, cell_h, columns, rows, strip, style)


_BoardAuction: TypeAlias = PrintedAuction | BridgeError | None
"""What a cell's strip shows: an auction, the error of an unreadable one, or nothing."""


def _notes_width(style: AuctionStyle, cell_w: float) -> float:
    return cell_w - 2 * _PAD - style.table_width - _PAD


def _strip_height(canvas: Canvas, printed: _BoardAuction, style: AuctionStyle, cell_w: float) -> float:
    """The height a board's strip needs: the table, or the contract line and all the notes beside it."""
    if printed is None:
        return 0.0
    if isinstance(printed, BridgeError):
        return style.note_line + 2 * _PAD
    notes = lay_out_notes(canvas, printed, style, _notes_width(style, cell_w))
    beside = style.note_line + notes.height(style)
    return max(table_height(printed.auction, style), beside) + 2 * _PAD


def _draw_auction_strip(
    canvas: Canvas, x: float, y: float, board: Board, printed: _BoardAuction, layout: _RecordLayout
) -> None:
    """The bottom of a cell: the auction table on the left; the contract and the notes on its right."""
    style = layout.auction
    if printed is None or style is None:
        return
    top = y + layout.cell_h - layout.strip
    canvas.line(x + _PAD, top, x + layout.cell_w - _PAD, top, colour=RULE, width=0.4)
    top += _PAD
    if isinstance(printed, BridgeError):
        canvas.text(x + _PAD, top, unreadable_auction(), style.note_font, GREY)
        return
    room = layout.strip - 2 * _PAD
    notes_x = x + _PAD + style.table_width + _PAD
    notes_w = _notes_width(style, layout.cell_w)
    max_lines = max(int(room // style.note_line) - 1, 0)
    notes = lay_out_notes(canvas, printed, style, notes_w, max_lines)
    # A table taller than the strip (a very long auction) loses its last rounds rather than overflow.
    draw_table(canvas, x + _PAD, top, _fitting_rounds(printed, style, room), board, style, notes.marks)
    contract_font = point_font(style.note_font.pointSizeF(), bold=True)
    draw_rich(
        canvas, notes_x, top, shortened(canvas, contract_text(printed.auction), contract_font, notes_w), contract_font
    )
    draw_notes(canvas, notes_x, top + style.note_line, notes, style)


def _fitting_rounds(printed: PrintedAuction, style: AuctionStyle, room: float) -> PrintedAuction:
    if table_height(printed.auction, style) <= room:
        return printed
    rounds = max(int(room // style.row) - 1, 1)
    keep = max(rounds * 4 - COLUMN_ORDER.index(printed.auction.dealer), 0)
    auction = Auction(printed.auction.dealer, printed.auction.calls[:keep])
    return PrintedAuction(auction, printed.notes, printed.note_of[:keep], printed.alerts[:keep])


def _draw_record_hand(canvas: Canvas, x: float, y: float, board: Board, seat: str, layout: _RecordLayout) -> None:
    deal = board.deal
    assert deal is not None
    mask = deal.hands[SEATS.index(seat)]
    colour = RED if is_vulnerable(board, seat) else GREY
    canvas.text(x, y, seat_name(seat), layout.label_font, colour)
    top = y + canvas.line_height(layout.label_font)
    line = canvas.line_height(layout.hand_font)
    if mask is None:
        canvas.text(x, top, "—", layout.hand_font, GREY)
        return
    hand = Hand(mask)
    for suit, holding in enumerate(hand.holdings):
        canvas.suit_line(x, top + suit * line, suit, holding, layout.hand_font)
    top += 4 * line + 2
    for text in evaluation_lines(hand):
        canvas.text(x, top, text, layout.eval_font, GREY)
        top += canvas.line_height(layout.eval_font)


def _draw_compass(canvas: Canvas, cx: float, cy: float, size: float, board: Board, font: QFont) -> None:
    """The small square between the hands: seat letters on its sides (vulnerable ones red and bold,
    the dealer's underlined by a bar), the board number in the middle."""
    x, y = cx - size / 2, cy - size / 2
    canvas.rect(x, y, size, size, colour=BLACK, width=0.6)
    letter_font = point_font(font.pointSizeF() * 0.8, bold=True)
    lh = canvas.line_height(letter_font)
    number_font = point_font(font.pointSizeF() * 1.1, bold=True)
    canvas.text(
        x, cy - canvas.line_height(number_font) / 2, board.label or "?", number_font, align="center", width=size
    )
    places = {
        "N": (x, y + 1),
        "S": (x, y + size - lh - 1),
        "W": (x + 2 - size / 2 + lh / 2, cy - lh / 2),
        "E": (x - 2 + size / 2 - lh / 2, cy - lh / 2),
    }
    dealer = board.effective_dealer
    for seat, (lx, ly) in places.items():
        colour = RED if is_vulnerable(board, seat) else BLACK
        width = canvas.text(lx, ly, seat_letter(seat), letter_font, colour, align="center", width=size)
        if seat == dealer:
            mid = lx + size / 2
            canvas.line(mid - width / 2, ly + lh - 0.5, mid + width / 2, ly + lh - 0.5, colour=colour, width=0.9)


def _dd_rows(board: Board) -> list[str] | None:
    """The board's double-dummy table as text rows, when the board carries a ``DoubleDummyTricks`` tag.

    Read from the tag (as other programs write it, or as the window or ``bridgegui-deal --dd`` added
    it), never computed here: printing must not depend on the optional solver.
    """
    from bridgegui.engine.double_dummy import DDTable

    value = board.tag("DoubleDummyTricks")
    if not value:
        return None
    try:
        table = DDTable.from_pbn_tag(value)
    except BridgeError:
        return None
    strains = ("NT", "S", "H", "D", "C")
    rows = ["   " + " ".join(f"{'NT' if s == 'NT' else SUIT_SYMBOLS['SHDC'.index(s)]:>2}" for s in strains)]
    for seat in "NSEW":
        rows.append(f"{seat}  " + " ".join(f"{table.get(seat, s):>2}" for s in strains))
    return rows


def _draw_dd_table(canvas: Canvas, right_edge: float, top: float, board: Board, layout: _RecordLayout) -> None:
    """The double-dummy table and par in the free top-right corner of a hand-record cell."""
    rows = _dd_rows(board)
    if rows is None:
        return
    font = QFont("monospace")
    font.setStyleHint(QFont.StyleHint.Monospace)
    font.setPointSizeF(layout.eval_font.pointSizeF())
    title = QCoreApplication.translate("bridgegui.printing", "Double dummy")
    par = board.tag("OptimumScore")
    lines = [*rows] + (
        [QCoreApplication.translate("bridgegui.printing", "Par {score}").format(score=par)] if par else []
    )
    width = max(canvas.text_width(line, font) for line in [*lines, title])
    x = right_edge - width
    canvas.text(x, top, title, layout.label_font, GREY)
    y = top + canvas.line_height(layout.label_font)
    for line in lines:
        canvas.text(x, y, line, font, GREY)
        y += canvas.line_height(font)


def _draw_record_cell(
    canvas: Canvas, x: float, y: float, board: Board, layout: _RecordLayout, printed: _BoardAuction = None
) -> None:
    canvas.rect(x, y, layout.cell_w, layout.cell_h, colour=RULE, width=0.5)
    pad = 6.0
    inner_w = layout.cell_w - 2 * pad
    inner_h = layout.cell_h - 2 * pad
    col = layout.column
    side = (inner_w - 3 * col) / 2  # spare width, shared out between the three columns
    left = x + pad
    middle = left + col + side
    right = middle + col + side
    inner_h -= layout.strip
    vgap = (inner_h - 3 * layout.block) / 2
    top = y + pad
    centre = top + layout.block + vgap
    bottom = centre + layout.block + vgap
    # Board, dealer and vulnerability in the free top-left corner.
    head = point_font(layout.hand_font.pointSizeF() * 0.95, bold=True)
    info = point_font(layout.hand_font.pointSizeF() * 0.75)
    canvas.text(left, top, board_title(board), head)
    line_y = top + canvas.line_height(head)
    canvas.text(left, line_y, dealer_text(board), info)
    line_y += canvas.line_height(info)
    vulnerable = board.effective_vulnerable not in (None, "None")
    canvas.text(left, line_y, vul_text(board), info, RED if vulnerable else BLACK)
    _draw_record_hand(canvas, middle, top, board, "N", layout)
    _draw_record_hand(canvas, left, centre, board, "W", layout)
    _draw_record_hand(canvas, right, centre, board, "E", layout)
    _draw_record_hand(canvas, middle, bottom, board, "S", layout)
    box = min(col, layout.block) * 0.62
    _draw_compass(canvas, middle + col / 2 - 2, centre + layout.block / 2, box, board, layout.hand_font)
    _draw_dd_table(canvas, x + layout.cell_w - pad, top, board, layout)
    _draw_auction_strip(canvas, x, y, board, printed, layout)


def render_hand_records(
    device: QPagedPaintDevice,
    boards: Iterable[Board],
    *,
    per_page: int = 4,
    title: str | None = None,
    date: str | None = None,
    seed: int | None = None,
    system: System | None = None,
) -> int:
    """Draw hand records on ``device`` (a ``QPdfWriter`` or a ``QPrinter``); return the page count.

    ``per_page`` is 4 (two by two, larger type) or 6 (two by three).  ``title`` defaults to the first
    board's ``Event`` tag, else "Hand records"; ``date`` and ``seed`` go in the header when given.

    With a bidding ``system``, every board shows the auction the system bids on it, with compact
    explanations; without one, a board that carries an auction (``Board.auction``) shows it, with
    its notes.  Six boards a page cannot hold an auction under the hands: when any board has an
    auction to print, ``per_page=6`` prints four a page.
    """
    if per_page not in (4, 6):
        raise ValueError(f"hand records print 4 or 6 boards a page, not {per_page!r}")
    kept, skipped = printable_boards(boards)
    auctions: list[_BoardAuction] = [
        system_auction(system, board, compact=True) if system is not None else file_auction(board) for board in kept
    ]
    if any(a is not None for a in auctions):
        per_page = 4
    event = next((b.tag("Event") for b in kept if b.tag("Event")), None)
    title = title or event or QCoreApplication.translate("bridgegui.printing", "Hand records")
    parts = []
    if date:
        parts.append(date)
    if seed is not None:
        parts.append(QCoreApplication.translate("bridgegui.printing", "seed {seed}").format(seed=seed))
    if system is not None:
        parts.append(auctions_by(system))
    parts.append(
        QCoreApplication.translate("bridgegui.printing", "{count} boards").format(count=len(kept))
        if len(kept) != 1
        else QCoreApplication.translate("bridgegui.printing", "1 board")
    )
    header = Header(title, " · ".join(parts), skipped_note(skipped) if skipped else "", footer_left(None, None))
    painter = QPainter()
    if not painter.begin(device):
        raise OSError(QCoreApplication.translate("bridgegui.printing", "cannot print to this device or file"))
    try:
        canvas = Canvas(device, painter)
        content_top = header_height(canvas, header, first=True)
        content_height = canvas.height - content_top - footer_height(canvas)
        layout = _record_layout(canvas, kept, per_page, content_height, auctions)
        pages = max(1, math.ceil(len(kept) / per_page))
        for p in range(pages):
            if p:
                device.newPage()
            draw_page_frame(canvas, header, p + 1, pages, first=p == 0)
            if not kept:
                canvas.text(
                    0,
                    content_top,
                    QCoreApplication.translate("bridgegui.printing", "No boards to print."),
                    point_font(11),
                )
            for i, board in enumerate(kept[p * per_page : (p + 1) * per_page]):
                row, col = divmod(i, layout.columns)
                x = col * (layout.cell_w + 8)
                y = content_top + row * (layout.cell_h + 8)
                _draw_record_cell(canvas, x, y, board, layout, auctions[p * per_page + i])
        return pages
    finally:
        painter.end()
