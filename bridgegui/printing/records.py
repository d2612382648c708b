"""Hand records: all four hands of each board in the compass layout, 4 or 6 boards a page.

Under each hand its HCP, pattern, quick tricks and losing-trick count; a header with the set's
title, date and seed (house style: exported files record how to reproduce the set); the
double-dummy table and par when a board carries them in its tags.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QFont, QPagedPaintDevice, QPainter

from bridgegui.engine.boards import Board
from bridgegui.engine.cards import SEATS, SUIT_SYMBOLS, Hand
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
    board_title,
    dealer_text,
    evaluation_lines,
    footer_left,
    is_vulnerable,
    seat_letter,
    seat_name,
    skipped_note,
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


def _record_block_height(canvas: Canvas, hand_font: QFont, label_font: QFont, eval_font: QFont) -> float:
    return canvas.line_height(label_font) + 4 * canvas.line_height(hand_font) + 2 * canvas.line_height(eval_font) + 2


def _record_layout(canvas: Canvas, boards: Sequence[Board], per_page: int, content_height: float) -> _RecordLayout:
    columns = 2
    rows = per_page // columns
    gap = 8.0
    cell_w = (canvas.width - gap * (columns - 1)) / columns
    cell_h = (content_height - gap * (rows - 1)) / rows
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
        fits = 3 * column + 2 * pad <= cell_w and 3 * block + 2 * pad + 4 <= cell_h
        if fits or size <= 6:
            break
        size -= 0.25
    return _RecordLayout(hand_font, label_font, eval_font, column, block, cell_w, cell_h, columns, rows)


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
    from bridgegui.engine.errors import BridgeError

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


def _draw_record_cell(canvas: Canvas, x: float, y: float, board: Board, layout: _RecordLayout) -> None:
    canvas.rect(x, y, layout.cell_w, layout.cell_h, colour=RULE, width=0.5)
    pad = 6.0
    inner_w = layout.cell_w - 2 * pad
    inner_h = layout.cell_h - 2 * pad
    col = layout.column
    side = (inner_w - 3 * col) / 2  # spare width, shared out between the three columns
    left = x + pad
    middle = left + col + side
    right = middle + col + side
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


def render_hand_records(
    device: QPagedPaintDevice,
    boards: Iterable[Board],
    *,
    per_page: int = 4,
    title: str | None = None,
    date: str | None = None,
    seed: int | None = None,
) -> int:
    """Draw hand records on ``device`` (a ``QPdfWriter`` or a ``QPrinter``); return the page count.

    ``per_page`` is 4 (two by two, larger type) or 6 (two by three).  ``title`` defaults to the first
    board's ``Event`` tag, else "Hand records"; ``date`` and ``seed`` go in the header when given.
    """
    if per_page not in (4, 6):
        raise ValueError(f"hand records print 4 or 6 boards a page, not {per_page!r}")
    kept, skipped = printable_boards(boards)
    event = next((b.tag("Event") for b in kept if b.tag("Event")), None)
    title = title or event or QCoreApplication.translate("bridgegui.printing", "Hand records")
    parts = []
    if date:
        parts.append(date)
    if seed is not None:
        parts.append(QCoreApplication.translate("bridgegui.printing", "seed {seed}").format(seed=seed))
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
        layout = _record_layout(canvas, kept, per_page, content_height)
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
                _draw_record_cell(canvas, x, y, board, layout)
        return pages
    finally:
        painter.end()
