"""Practice sheets: one sheet per seat (or per partnership), each showing only that seat's hands.

Each player's pages show only that player's hand for each board, with the board number, dealer and
vulnerability and an empty auction grid (columns W N E S, the order club bidding slips use), so
partners can bid at the table without seeing each other's cards.  ``pair=True`` prints one sheet per
partnership instead, with both hands, for the review after bidding.  Every seat starts on a new
page, so the pages can be handed out.  Given a bidding system, answer pages per partnership follow
the sheets (``answers``).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QFont, QPagedPaintDevice, QPainter

from bridgegui.engine.bidding import System
from bridgegui.engine.boards import Board
from bridgegui.engine.cards import SEATS
from bridgegui.printing.answers import render_answer_pages
from bridgegui.printing.canvas import (
    BLACK,
    RED,
    RULE,
    SHADE,
    Canvas,
    Header,
    draw_hand,
    draw_page_frame,
    footer_height,
    hand_label,
    header_height,
    point_font,
    printable_boards,
    widest_suit_line,
)
from bridgegui.printing.words import (
    board_title,
    dealer_text,
    footer_left,
    is_vulnerable,
    pair_name,
    seat_letter,
    seat_name,
    skipped_note,
    vul_text,
)

AUCTION_ROWS = 7
"""Empty rounds in a practice sheet's auction grid: enough for the auctions of a practice session."""

_AUCTION_ORDER = "WNES"


def _sheet_groups(seats: str, pair: bool) -> list[str]:
    """The sheets to print: one per seat (``"N"``...), or one per partnership (``"NS"``, ``"EW"``)."""
    letters = []
    for ch in seats.upper():
        if ch in " ,":
            continue
        if ch not in SEATS:
            raise ValueError(f"{seats!r}: seats are N, E, S and W")
        if ch not in letters:
            letters.append(ch)
    if not letters:
        raise ValueError("no seat to print a sheet for")
    if not pair:
        return letters
    groups = []
    for side in ("NS", "EW"):
        if any(ch in side for ch in letters):
            groups.append(side)
    return groups


@dataclass(frozen=True, slots=True)
class _PracticeLayout:
    """Sizes (points) of one board's block on a practice sheet, chosen to fit the page."""

    hand_font: QFont
    label_font: QFont
    head_font: QFont
    grid_font: QFont
    hand_width: float
    head_height: float
    line: float
    row: float
    block: float
    per_page: int


def _practice_layout(
    canvas: Canvas, boards: Sequence[Board], groups: Sequence[str], content_height: float
) -> _PracticeLayout:
    hands_across = max(len(g) for g in groups)
    masks = [m for b in boards if b.deal is not None for m in b.deal.hands if m is not None]
    size = 12.0
    while True:
        hand_font = point_font(size)
        label_font = point_font(size * 0.72, bold=True)
        head_font = point_font(size * 0.85, bold=True)
        grid_font = point_font(size * 0.8, bold=True)
        labels = [hand_label(seat, vulnerable=True) for group in groups for seat in group]
        widest_label = max(canvas.text_width(label, label_font) for label in labels)
        hand_width = max(widest_suit_line(canvas, masks, hand_font), widest_label) + 12
        grid_min = 4 * canvas.text_width("MMMMM", grid_font)
        if hands_across * hand_width + grid_min <= canvas.width or size <= 7:
            break
        size -= 0.5
    line = canvas.line_height(hand_font)
    row = canvas.line_height(grid_font) * 1.45
    head_height = canvas.line_height(head_font) + 4
    hand_height = canvas.line_height(label_font) + 4 * line
    grid_height = (AUCTION_ROWS + 1) * row
    block = head_height + max(hand_height, grid_height) + 14
    per_page = max(1, int(content_height // block))
    return _PracticeLayout(
        hand_font, label_font, head_font, grid_font, hand_width, head_height, line, row, block, per_page
    )


def _draw_auction_grid(canvas: Canvas, x: float, y: float, width: float, board: Board, layout: _PracticeLayout) -> None:
    """Columns W N E S (vulnerable seats in red), ``AUCTION_ROWS`` empty rounds; the cells before the
    dealer's first call are shaded, as on printed bidding slips, so nobody writes in them."""
    column = width / 4
    row = layout.row
    dealer = board.effective_dealer or "N"
    for i, seat in enumerate(_AUCTION_ORDER):
        vul = is_vulnerable(board, seat)
        canvas.rect(x + i * column, y, column, row, colour=None, fill=SHADE)
        canvas.text(
            x + i * column,
            y + (row - canvas.line_height(layout.grid_font)) / 2,
            seat_letter(seat),
            layout.grid_font,
            RED if vul else BLACK,
            align="center",
            width=column,
        )
    for i in range(_AUCTION_ORDER.index(dealer)):
        canvas.rect(x + i * column, y + row, column, row, colour=None, fill=SHADE)
    bottom = y + (AUCTION_ROWS + 1) * row
    for r in range(AUCTION_ROWS + 2):
        canvas.line(x, y + r * row, x + width, y + r * row)
    for c in range(5):
        canvas.line(x + c * column, y, x + c * column, bottom)


def _draw_practice_block(canvas: Canvas, y: float, board: Board, group: str, layout: _PracticeLayout) -> None:
    deal = board.deal
    assert deal is not None
    head = layout.head_font
    x = canvas.text(0, y, board_title(board), head) + 14
    info = point_font(layout.head_font.pointSizeF() * 0.9)
    info_top = y + (canvas.line_height(head) - canvas.line_height(info)) / 2
    x += canvas.text(x, info_top, dealer_text(board), info) + 14
    vul_colour = RED if any(is_vulnerable(board, seat) for seat in group) else BLACK
    canvas.text(x, info_top, vul_text(board), info, vul_colour)
    top = y + layout.head_height
    for i, seat in enumerate(group):
        label = hand_label(seat, vulnerable=is_vulnerable(board, seat))
        draw_hand(
            canvas,
            i * layout.hand_width,
            top,
            label,
            deal.hands[SEATS.index(seat)],
            layout.hand_font,
            layout.label_font,
        )
    grid_x = len(group) * layout.hand_width
    grid_width = min(canvas.width - grid_x, 4 * 72.0)
    _draw_auction_grid(canvas, canvas.width - grid_width, top + 2, grid_width, board, layout)
    canvas.line(0, y + layout.block - 7, canvas.width, y + layout.block - 7, colour=RULE, width=0.4)


def render_practice_sheets(
    device: QPagedPaintDevice,
    boards: Iterable[Board],
    *,
    seats: str = "NESW",
    pair: bool = False,
    title: str | None = None,
    date: str | None = None,
    seed: int | None = None,
    system: System | None = None,
) -> int:
    """Draw practice sheets on ``device`` (a ``QPdfWriter`` or a ``QPrinter``); return the page count.

    One sheet (one or more pages) per seat in ``seats``, each showing only that seat's hands; with
    ``pair=True`` one sheet per partnership that has a seat in ``seats``, showing both hands.
    With a bidding ``system``, answer pages follow all the sheets: one section per partnership
    with a seat in ``seats`` (see ``answers``), each board's system auction with every call
    explained, for the review after bidding.  They come last so that the teacher can keep them
    back.  The device's page size and margins are used as they are.  Raises ``ValueError`` for bad seats
    and ``OSError`` when the device cannot be painted on (for a PDF: the file cannot be written).
    """
    kept, skipped = printable_boards(boards)
    groups = _sheet_groups(seats, pair)
    title = title or QCoreApplication.translate("bridgegui.printing", "Bidding practice")
    painter = QPainter()
    if not painter.begin(device):
        raise OSError(QCoreApplication.translate("bridgegui.printing", "cannot print to this device or file"))
    try:
        canvas = Canvas(device, painter)
        probe = Header(title, "", skipped_note(skipped) if skipped else "", "")
        # The content area is the page less the tallest header (the first page's) and the footer.
        content_height = canvas.height - header_height(canvas, probe, first=True) - footer_height(canvas)
        layout = _practice_layout(canvas, kept, groups, content_height)
        pages_each = max(1, math.ceil(len(kept) / layout.per_page))
        page_count = 0
        for group in groups:
            who = pair_name(group) if len(group) == 2 else seat_name(group)
            header = Header(
                f"{who} — {title}",
                QCoreApplication.translate(
                    "bridgegui.printing", "Bid your hand with your partner; do not show it to anyone."
                )
                if not pair
                else QCoreApplication.translate("bridgegui.printing", "Both hands, for the review after bidding."),
                skipped_note(skipped) if skipped else "",
                footer_left(date, seed),
            )
            for p in range(pages_each):
                if page_count:
                    device.newPage()
                page_count += 1
                y = draw_page_frame(canvas, header, p + 1, pages_each, first=p == 0)
                chunk = kept[p * layout.per_page : (p + 1) * layout.per_page]
                if not chunk and p == 0:
                    canvas.text(
                        0, y, QCoreApplication.translate("bridgegui.printing", "No boards to print."), point_font(11)
                    )
                for i, board in enumerate(chunk):
                    _draw_practice_block(canvas, y + i * layout.block, board, group, layout)
        if system is not None:
            page_count += render_answer_pages(
                device,
                canvas,
                kept,
                _sheet_groups(seats, True),
                system,
                title=title,
                date=date,
                seed=seed,
                pages_before=page_count,
            )
        return page_count
    finally:
        painter.end()
