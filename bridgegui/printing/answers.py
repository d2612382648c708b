"""Answer pages of the practice sheets: how a bidding system bids each board, and why.

Printed after all the sheets, one section per partnership (North–South, East–West), so the teacher
can hold them back and hand each pair its own once the boards are bid.  For each board the section
shows that pair's two hands (the same places as on the sheets: hands on the left, auction on the
right), the system's complete auction in the four-column table from the dealer, the final contract,
and every call's explanation as a numbered note under it.  The notes are the system file's
sentences as written; identical sentences share one number (see ``auctions``), which keeps the
many "nothing to add" passes from filling the page.  Several boards go on a page; a board is never
split across pages, and a board whose notes would not fit a whole page has its last notes cut short.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QFont, QPagedPaintDevice

from bridgegui.engine.bidding import System
from bridgegui.engine.boards import Board
from bridgegui.engine.cards import SEATS
from bridgegui.printing.auctions import (
    AuctionStyle,
    NoteLines,
    PrintedAuction,
    draw_notes,
    draw_rich,
    draw_table,
    lay_out_notes,
    system_auction,
    table_height,
)
from bridgegui.printing.canvas import (
    BLACK,
    RED,
    RULE,
    Canvas,
    Header,
    draw_hand,
    draw_page_frame,
    footer_height,
    hand_label,
    header_height,
    point_font,
    widest_suit_line,
)
from bridgegui.printing.words import (
    answers_label,
    answers_subtitle,
    board_title,
    contract_text,
    dealer_text,
    footer_left,
    is_vulnerable,
    pair_name,
    vul_text,
)

_GAP = 6.0
_SEPARATOR = 12.0


@dataclass(frozen=True, slots=True)
class _AnswerStyle:
    """Fonts and sizes (points) shared by every answer block."""

    hand_font: QFont
    label_font: QFont
    head_font: QFont
    info_font: QFont
    hand_width: float
    hands_height: float
    head_height: float
    auction: AuctionStyle


@dataclass(frozen=True, slots=True)
class _AnswerBlock:
    """One board's answer, laid out: its auction, its notes and its height on the page."""

    board: Board
    printed: PrintedAuction
    notes: NoteLines
    body_height: float
    height: float


def _answer_style(canvas: Canvas, boards: Sequence[Board]) -> _AnswerStyle:
    masks = [m for b in boards if b.deal is not None for m in b.deal.hands if m is not None]
    size = 10.0
    auction = AuctionStyle.sized(canvas, 9.5, 8.0)
    while True:
        hand_font = point_font(size)
        label_font = point_font(size * 0.75, bold=True)
        widest_label = max(canvas.text_width(hand_label(seat, vulnerable=True), label_font) for seat in SEATS)
        hand_width = max(widest_suit_line(canvas, masks, hand_font), widest_label) + 10
        if 2 * hand_width + auction.table_width + _GAP <= canvas.width or size <= 6:
            break
        size -= 0.5
    head_font = point_font(10.5, bold=True)
    hands_height = canvas.line_height(label_font) + 4 * canvas.line_height(hand_font)
    return _AnswerStyle(
        hand_font,
        label_font,
        head_font,
        point_font(9),
        hand_width,
        hands_height,
        canvas.line_height(head_font) + 4,
        auction,
    )


def _answer_blocks(
    canvas: Canvas, boards: Sequence[Board], system: System, style: _AnswerStyle, content_height: float
) -> list[_AnswerBlock]:
    blocks = []
    for board in boards:
        printed = system_auction(system, board)
        if printed is None:
            continue
        body = max(style.hands_height, table_height(printed.auction, style.auction))
        fixed = style.head_height + body + _GAP + _SEPARATOR
        notes = lay_out_notes(canvas, printed, style.auction, canvas.width)
        if fixed + notes.height(style.auction) > content_height:
            room = int((content_height - fixed) // style.auction.note_line)
            notes = lay_out_notes(canvas, printed, style.auction, canvas.width, max(room, 1))
        blocks.append(_AnswerBlock(board, printed, notes, body, fixed + notes.height(style.auction)))
    return blocks


def _paginate(blocks: Sequence[_AnswerBlock], content_height: float) -> list[list[_AnswerBlock]]:
    pages: list[list[_AnswerBlock]] = [[]]
    used = 0.0
    for block in blocks:
        if pages[-1] and used + block.height > content_height:
            pages.append([])
            used = 0.0
        pages[-1].append(block)
        used += block.height
    return pages


def _draw_block(canvas: Canvas, y: float, block: _AnswerBlock, group: str, style: _AnswerStyle) -> None:
    board = block.board
    deal = board.deal
    assert deal is not None
    x = canvas.text(0, y, board_title(board), style.head_font) + 14
    info_top = y + (canvas.line_height(style.head_font) - canvas.line_height(style.info_font)) / 2
    x += canvas.text(x, info_top, dealer_text(board), style.info_font) + 14
    vul_colour = RED if any(is_vulnerable(board, seat) for seat in group) else BLACK
    x += canvas.text(x, info_top, vul_text(board), style.info_font, vul_colour) + 14
    contract_font = point_font(style.info_font.pointSizeF(), bold=True)
    draw_rich(canvas, x, info_top, contract_text(block.printed.auction), contract_font)
    top = y + style.head_height
    for i, seat in enumerate(group):
        draw_hand(
            canvas,
            i * style.hand_width,
            top,
            hand_label(seat, vulnerable=is_vulnerable(board, seat)),
            deal.hands[SEATS.index(seat)],
            style.hand_font,
            style.label_font,
        )
    table_x = canvas.width - style.auction.table_width
    draw_table(canvas, table_x, top, block.printed, board, style.auction, block.notes.marks)
    draw_notes(canvas, 0, top + block.body_height + _GAP, block.notes, style.auction)
    rule_y = y + block.height - _SEPARATOR / 2
    canvas.line(0, rule_y, canvas.width, rule_y, colour=RULE, width=0.4)


def render_answer_pages(
    device: QPagedPaintDevice,
    canvas: Canvas,
    boards: Sequence[Board],
    groups: Sequence[str],
    system: System,
    *,
    title: str,
    date: str | None,
    seed: int | None,
    pages_before: int,
) -> int:
    """Draw the answer section of each partnership in ``groups`` (``"NS"``, ``"EW"``) after
    ``pages_before`` pages already drawn; return the number of pages added."""
    probe = Header(title, "-", "", "")
    content_height = canvas.height - header_height(canvas, probe, first=False) - footer_height(canvas)
    style = _answer_style(canvas, boards)
    pages = _paginate(_answer_blocks(canvas, boards, system, style, content_height), content_height)
    added = 0
    for group in groups:
        header = Header(
            f"{pair_name(group)} — {answers_label()} — {title}",
            answers_subtitle(system),
            "",
            footer_left(date, seed),
        )
        for p, page in enumerate(pages):
            if pages_before + added:
                device.newPage()
            added += 1
            y = draw_page_frame(canvas, header, p + 1, len(pages), first=False)
            for block in page:
                _draw_block(canvas, y, block, group, style)
                y += block.height
            if not page:
                canvas.text(
                    0, y, QCoreApplication.translate("bridgegui.printing", "No boards to print."), point_font(11)
                )
    return added
