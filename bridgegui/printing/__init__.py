"""Printing: bidding practice sheets and hand records, drawn with ``QPainter`` on any paged device.

Two documents, both drawn by one renderer so that File → Print… (a ``QPrinter`` from the system dialog
and its preview), File → Export PDF… and ``bridgegui-deal --pdf`` give the same pages:

* **Practice sheets** (``render_practice_sheets``): one sheet per seat.  Each player's pages show only
  that player's hand for each board, with the board number, dealer and vulnerability and an empty
  auction grid (columns W N E S, the order club bidding slips use), so partners can bid at the table
  without seeing each other's cards.  ``pair=True`` prints one sheet per partnership instead, with both
  hands, for the review after bidding.  Every seat starts on a new page, so the pages can be handed out.
* **Hand records** (``render_hand_records``): all four hands of each board in the compass layout, with
  HCP, pattern, quick tricks and losing-trick count under each hand, 4 or 6 boards a page, and a header
  with the set's title, date and seed (house style: exported files record how to reproduce the set).

Why Qt and not a PDF library: ``QPdfWriter`` and ``QPrinter`` are both ``QPagedPaintDevice``\\s, so
one drawing routine serves the printer and the PDF, and no dependency is added.  Layout is done in
points (1/72 inch) and converted to device pixels in one place (``_Canvas``), because a ``QPrinter``
from the print dialog and a ``QPdfWriter`` have different resolutions; fonts are sized in points,
which Qt already maps to the device.  Sizes shrink to fit the page (A4 or Letter, any margins the
print dialog chose), so long suits are never clipped.

Hearts and diamonds are printed in a dark red that stays legible on a black-and-white printer; ten is
printed ``10`` (``AQ1074``), as bridge books and club hand records write it, not PBN's ``T``.

Boards with no deal (PBN games used for headings) are skipped, and a note on the first page names
them; a partly known deal prints the hands it has.  User-visible strings go through
``QCoreApplication.translate`` with the context ``"bridgegui.printing"``.

Only ``QtGui`` is used here (no widgets: ``ui/`` owns the dialogs).  ``write_*`` create an offscreen
``QGuiApplication`` when none exists, so the command line can write PDFs without a display.
"""

from __future__ import annotations

import datetime as _dt
import math
import os
import secrets
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QLineF, QLocale, QMarginsF, QPointF, QRectF, Qt
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontMetricsF,
    QGuiApplication,
    QPagedPaintDevice,
    QPageLayout,
    QPageSize,
    QPainter,
    QPdfWriter,
    QPen,
)

from bridgegui import APP_NAME, __version__
from bridgegui.engine.boards import Board
from bridgegui.engine.cards import SEATS, SUIT_SYMBOLS, Hand, holding_text

__all__ = [
    "PAGE_SIZES",
    "SHEET_KINDS",
    "default_page_size",
    "ensure_gui_application",
    "render_hand_records",
    "render_practice_sheets",
    "write_hand_records",
    "write_practice_sheets",
    "write_sheets",
]

PAGE_SIZES: dict[str, QPageSize.PageSizeId] = {"A4": QPageSize.PageSizeId.A4, "Letter": QPageSize.PageSizeId.Letter}
"""Page sizes the writers accept by name (a ``QPageSize`` is accepted too)."""

SHEET_KINDS = ("practice", "records")
"""What ``write_sheets`` (and ``bridgegui-deal --sheets``) can produce."""

MARGIN_MM = 12.0
"""Page margins of exported PDFs; a ``QPrinter`` keeps the margins its dialog chose."""

AUCTION_ROWS = 7
"""Empty rounds in a practice sheet's auction grid: enough for the auctions of a practice session."""

_RED = QColor(176, 0, 0)
"""Hearts, diamonds and vulnerable seats: dark enough to stay readable when printed in grey."""
_BLACK = QColor(0, 0, 0)
_GREY = QColor(110, 110, 110)
_RULE = QColor(150, 150, 150)
_SHADE = QColor(225, 225, 225)
_AUCTION_ORDER = "WNES"
_HALF = "½"

_LETTER_TERRITORIES = frozenset(
    {
        QLocale.Country.UnitedStates,
        QLocale.Country.Canada,
        QLocale.Country.Mexico,
        QLocale.Country.Philippines,
        QLocale.Country.Chile,
        QLocale.Country.Colombia,
    }
)
"""Where Letter paper is the norm; everywhere else A4 (ISO 216)."""


# --------------------------------------------------------------------------------------------------
# Words


def _seat_name(seat: str) -> str:
    names = {
        "N": QCoreApplication.translate("bridgegui.printing", "North"),
        "E": QCoreApplication.translate("bridgegui.printing", "East"),
        "S": QCoreApplication.translate("bridgegui.printing", "South"),
        "W": QCoreApplication.translate("bridgegui.printing", "West"),
    }
    return names[seat]


def _seat_letter(seat: str) -> str:
    """The one-letter seat abbreviation for grid headings (translators may change it, e.g. "O" for Ouest)."""
    letters = {
        "N": QCoreApplication.translate("bridgegui.printing", "N", "North, one letter"),
        "E": QCoreApplication.translate("bridgegui.printing", "E", "East, one letter"),
        "S": QCoreApplication.translate("bridgegui.printing", "S", "South, one letter"),
        "W": QCoreApplication.translate("bridgegui.printing", "W", "West, one letter"),
    }
    return letters[seat]


def _pair_name(pair: str) -> str:
    if pair == "NS":
        return QCoreApplication.translate("bridgegui.printing", "North–South")
    return QCoreApplication.translate("bridgegui.printing", "East–West")


def _vulnerability_text(vulnerable: str | None) -> str:
    names = {
        "None": QCoreApplication.translate("bridgegui.printing", "None", "nobody vulnerable"),
        "NS": QCoreApplication.translate("bridgegui.printing", "N-S", "North-South vulnerable"),
        "EW": QCoreApplication.translate("bridgegui.printing", "E-W", "East-West vulnerable"),
        "All": QCoreApplication.translate("bridgegui.printing", "All", "both sides vulnerable"),
    }
    return names.get(vulnerable or "", "?")


def _board_title(board: Board) -> str:
    return QCoreApplication.translate("bridgegui.printing", "Board {label}").format(label=board.label or "?")


def _dealer_text(board: Board) -> str:
    dealer = board.effective_dealer
    name = _seat_name(dealer) if dealer else "?"
    return QCoreApplication.translate("bridgegui.printing", "Dealer {seat}").format(seat=name)


def _vul_text(board: Board) -> str:
    return QCoreApplication.translate("bridgegui.printing", "Vul {vulnerability}").format(
        vulnerability=_vulnerability_text(board.effective_vulnerable)
    )


def _is_vulnerable(board: Board, seat: str) -> bool:
    vul = board.effective_vulnerable
    return vul == "All" or (vul in ("NS", "EW") and seat in vul)


def _cards_text(holding: int) -> str:
    """``AQ1074``: PBN's ranks with ten written ``10``; an em dash for a void."""
    text = holding_text(holding).replace("T", "10")
    return text or "—"


def _quick_tricks_text(value: float) -> str:
    whole = int(value)
    if value == whole:
        return str(whole)
    return _HALF if whole == 0 else f"{whole}{_HALF}"


def _evaluation_lines(hand: Hand) -> tuple[str, str]:
    """Two short lines (HCP and pattern; quick tricks and LTC), narrow enough for a compass column."""
    pattern = "-".join(str(n) for n in hand.pattern)
    first = QCoreApplication.translate("bridgegui.printing", "{hcp} HCP · {pattern}").format(
        hcp=hand.hcp, pattern=pattern
    )
    second = QCoreApplication.translate("bridgegui.printing", "QT {quick_tricks} · LTC {losers}").format(
        quick_tricks=_quick_tricks_text(hand.quick_tricks), losers=hand.losers
    )
    return first, second


def _skipped_note(skipped: Sequence[Board]) -> str:
    labels = ", ".join(b.label or "?" for b in skipped)
    return QCoreApplication.translate("bridgegui.printing", "Not printed (no deal): {boards}").format(boards=labels)


def _footer_left(date: str | None, seed: int | None) -> str:
    parts = [f"{APP_NAME} {__version__}"]
    if seed is not None:
        parts.append(QCoreApplication.translate("bridgegui.printing", "seed {seed}").format(seed=seed))
    if date:
        parts.append(date)
    return " · ".join(parts)


def _page_text(page: int, pages: int) -> str:
    return QCoreApplication.translate("bridgegui.printing", "page {page} of {pages}").format(page=page, pages=pages)


# --------------------------------------------------------------------------------------------------
# Drawing in points


def _font(size: float, *, bold: bool = False) -> QFont:
    font = QFont()
    font.setStyleHint(QFont.StyleHint.SansSerif)
    font.setPointSizeF(max(size, 1.0))
    font.setBold(bold)
    return font


class _Canvas:
    """A painter on one paged device, with coordinates in points from the printable area's top left.

    Why: a ``QPdfWriter`` paints at 1200 dpi and a ``QPrinter`` at whatever its driver says; doing
    the layout in points and converting here keeps every other function free of resolution.  Fonts
    are not scaled by the painter (Qt sizes a point-sized font for the device itself), so widths
    measured with ``QFontMetricsF(font, device)`` are converted back to points by ``width``.
    """

    def __init__(self, device: QPagedPaintDevice, painter: QPainter) -> None:
        self.device = device
        self.painter = painter
        self.scale = device.logicalDpiX() / 72.0
        self.width = device.width() / self.scale
        self.height = device.height() / self.scale

    def _metrics(self, font: QFont) -> QFontMetricsF:
        return QFontMetricsF(font, self.device)

    def text_width(self, text: str, font: QFont) -> float:
        return self._metrics(font).horizontalAdvance(text) / self.scale

    def line_height(self, font: QFont) -> float:
        return self._metrics(font).height() / self.scale

    def text(
        self,
        x: float,
        top: float,
        text: str,
        font: QFont,
        colour: QColor = _BLACK,
        *,
        align: str = "left",
        width: float = 0.0,
    ) -> float:
        """Draw ``text`` with its line box's top at ``top``; ``align`` is within ``width`` from ``x``.

        Returns the text's width in points.
        """
        metrics = self._metrics(font)
        advance = metrics.horizontalAdvance(text) / self.scale
        if align == "right":
            x = x + width - advance
        elif align == "center":
            x = x + (width - advance) / 2
        self.painter.setFont(font)
        self.painter.setPen(colour)
        self.painter.drawText(QPointF(x * self.scale, top * self.scale + metrics.ascent()), text)
        return advance

    def line(self, x1: float, y1: float, x2: float, y2: float, *, colour: QColor = _RULE, width: float = 0.5) -> None:
        pen = QPen(colour)
        pen.setWidthF(width * self.scale)
        self.painter.setPen(pen)
        s = self.scale
        self.painter.drawLine(QLineF(x1 * s, y1 * s, x2 * s, y2 * s))

    def rect(
        self,
        x: float,
        y: float,
        w: float,
        h: float,
        *,
        colour: QColor | None = _RULE,
        fill: QColor | None = None,
        width: float = 0.5,
    ) -> None:
        s = self.scale
        r = QRectF(x * s, y * s, w * s, h * s)
        if fill is not None:
            self.painter.fillRect(r, fill)
        if colour is not None:
            pen = QPen(colour)
            pen.setWidthF(width * s)
            self.painter.setPen(pen)
            self.painter.setBrush(Qt.BrushStyle.NoBrush)
            self.painter.drawRect(r)

    def suit_line(self, x: float, top: float, suit: int, holding: int, font: QFont) -> None:
        """``♥ AQ1074``: the symbol in its colour (red for hearts and diamonds), the cards in black."""
        colour = _RED if suit in (1, 2) else _BLACK
        symbol_width = self.text(x, top, SUIT_SYMBOLS[suit], font, colour)
        gap = self.text_width(" ", font)
        self.text(x + symbol_width + gap, top, _cards_text(holding), font)

    def suit_line_width(self, suit: int, holding: int, font: QFont) -> float:
        return self.text_width(SUIT_SYMBOLS[suit] + " " + _cards_text(holding), font)


def _widest_suit_line(canvas: _Canvas, hands: Iterable[int], font: QFont) -> float:
    widest = canvas.text_width(SUIT_SYMBOLS[0] + " " + "AKQ10", font)
    for mask in hands:
        hand = Hand(mask)
        for suit, holding in enumerate(hand.holdings):
            widest = max(widest, canvas.suit_line_width(suit, holding, font))
    return widest


@dataclass(frozen=True, slots=True)
class _Header:
    """What the top and bottom of every page say."""

    title: str
    subtitle: str
    note: str
    footer: str


def _draw_page_frame(canvas: _Canvas, header: _Header, page: int, pages: int, *, first: bool) -> float:
    """Title, subtitle and (on a document's first page) the skipped-boards note; the footer.

    Returns the y where the page's content starts.  The footer sits in the bottom ``_footer_height``.
    """
    y = 0.0
    title_font = _font(15, bold=True)
    canvas.text(0, y, header.title, title_font)
    y += canvas.line_height(title_font)
    small = _font(8.5)
    if header.subtitle:
        canvas.text(0, y, header.subtitle, small, _GREY)
        y += canvas.line_height(small)
    if first and header.note:
        canvas.text(0, y, header.note, small, _GREY)
        y += canvas.line_height(small)
    y += 3
    canvas.line(0, y, canvas.width, y, colour=_BLACK, width=0.8)
    footer_font = _font(7.5)
    footer_top = canvas.height - canvas.line_height(footer_font)
    canvas.text(0, footer_top, header.footer, footer_font, _GREY)
    canvas.text(0, footer_top, _page_text(page, pages), footer_font, _GREY, align="right", width=canvas.width)
    return y + 8


def _footer_height(canvas: _Canvas) -> float:
    return canvas.line_height(_font(7.5)) + 6


def _printable(boards: Iterable[Board]) -> tuple[list[Board], list[Board]]:
    """Boards with a deal, and those without (skipped, and named in a note)."""
    kept: list[Board] = []
    skipped: list[Board] = []
    for board in boards:
        (kept if board.deal is not None else skipped).append(board)
    return kept, skipped


# --------------------------------------------------------------------------------------------------
# Practice sheets


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
    canvas: _Canvas, boards: Sequence[Board], groups: Sequence[str], content_height: float
) -> _PracticeLayout:
    hands_across = max(len(g) for g in groups)
    masks = [m for b in boards if b.deal is not None for m in b.deal.hands if m is not None]
    size = 12.0
    while True:
        hand_font = _font(size)
        label_font = _font(size * 0.72, bold=True)
        head_font = _font(size * 0.85, bold=True)
        grid_font = _font(size * 0.8, bold=True)
        labels = [_hand_label(seat, vulnerable=True) for group in groups for seat in group]
        widest_label = max(canvas.text_width(label, label_font) for label in labels)
        hand_width = max(_widest_suit_line(canvas, masks, hand_font), widest_label) + 12
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


def _hand_label(seat: str, *, vulnerable: bool) -> str:
    if not vulnerable:
        return _seat_name(seat)
    return QCoreApplication.translate("bridgegui.printing", "{seat} (vulnerable)").format(seat=_seat_name(seat))


def _draw_hand(
    canvas: _Canvas, x: float, y: float, label: str, mask: int | None, layout_hand: QFont, label_font: QFont
) -> float:
    """A seat label and four suit lines; returns the height used."""
    canvas.text(x, y, label, label_font, _GREY)
    top = y + canvas.line_height(label_font)
    line = canvas.line_height(layout_hand)
    if mask is None:
        canvas.text(x, top, QCoreApplication.translate("bridgegui.printing", "(hand not known)"), layout_hand, _GREY)
        return top + line - y
    for suit, holding in enumerate(Hand(mask).holdings):
        canvas.suit_line(x, top + suit * line, suit, holding, layout_hand)
    return top + 4 * line - y


def _draw_auction_grid(
    canvas: _Canvas, x: float, y: float, width: float, board: Board, layout: _PracticeLayout
) -> None:
    """Columns W N E S (vulnerable seats in red), ``AUCTION_ROWS`` empty rounds; the cells before the
    dealer's first call are shaded, as on printed bidding slips, so nobody writes in them."""
    column = width / 4
    row = layout.row
    dealer = board.effective_dealer or "N"
    for i, seat in enumerate(_AUCTION_ORDER):
        vul = _is_vulnerable(board, seat)
        canvas.rect(x + i * column, y, column, row, colour=None, fill=_SHADE)
        canvas.text(
            x + i * column,
            y + (row - canvas.line_height(layout.grid_font)) / 2,
            _seat_letter(seat),
            layout.grid_font,
            _RED if vul else _BLACK,
            align="center",
            width=column,
        )
    for i in range(_AUCTION_ORDER.index(dealer)):
        canvas.rect(x + i * column, y + row, column, row, colour=None, fill=_SHADE)
    bottom = y + (AUCTION_ROWS + 1) * row
    for r in range(AUCTION_ROWS + 2):
        canvas.line(x, y + r * row, x + width, y + r * row)
    for c in range(5):
        canvas.line(x + c * column, y, x + c * column, bottom)


def _draw_practice_block(canvas: _Canvas, y: float, board: Board, group: str, layout: _PracticeLayout) -> None:
    deal = board.deal
    assert deal is not None
    head = layout.head_font
    x = canvas.text(0, y, _board_title(board), head) + 14
    info = _font(layout.head_font.pointSizeF() * 0.9)
    info_top = y + (canvas.line_height(head) - canvas.line_height(info)) / 2
    x += canvas.text(x, info_top, _dealer_text(board), info) + 14
    vul_colour = _RED if any(_is_vulnerable(board, seat) for seat in group) else _BLACK
    canvas.text(x, info_top, _vul_text(board), info, vul_colour)
    top = y + layout.head_height
    for i, seat in enumerate(group):
        label = _hand_label(seat, vulnerable=_is_vulnerable(board, seat))
        _draw_hand(
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
    canvas.line(0, y + layout.block - 7, canvas.width, y + layout.block - 7, colour=_RULE, width=0.4)


def render_practice_sheets(
    device: QPagedPaintDevice,
    boards: Iterable[Board],
    *,
    seats: str = "NESW",
    pair: bool = False,
    title: str | None = None,
    date: str | None = None,
    seed: int | None = None,
) -> int:
    """Draw practice sheets on ``device`` (a ``QPdfWriter`` or a ``QPrinter``); return the page count.

    One sheet (one or more pages) per seat in ``seats``, each showing only that seat's hands; with
    ``pair=True`` one sheet per partnership that has a seat in ``seats``, showing both hands.
    The device's page size and margins are used as they are.  Raises ``ValueError`` for bad seats
    and ``OSError`` when the device cannot be painted on (for a PDF: the file cannot be written).
    """
    kept, skipped = _printable(boards)
    groups = _sheet_groups(seats, pair)
    title = title or QCoreApplication.translate("bridgegui.printing", "Bidding practice")
    painter = QPainter()
    if not painter.begin(device):
        raise OSError(QCoreApplication.translate("bridgegui.printing", "cannot print to this device or file"))
    try:
        canvas = _Canvas(device, painter)
        probe = _Header(title, "", _skipped_note(skipped) if skipped else "", "")
        # The content area is the page less the tallest header (the first page's) and the footer.
        content_height = canvas.height - _header_height(canvas, probe, first=True) - _footer_height(canvas)
        layout = _practice_layout(canvas, kept, groups, content_height)
        pages_each = max(1, math.ceil(len(kept) / layout.per_page))
        page_count = 0
        for group in groups:
            who = _pair_name(group) if len(group) == 2 else _seat_name(group)
            header = _Header(
                f"{who} — {title}",
                QCoreApplication.translate(
                    "bridgegui.printing", "Bid your hand with your partner; do not show it to anyone."
                )
                if not pair
                else QCoreApplication.translate("bridgegui.printing", "Both hands, for the review after bidding."),
                _skipped_note(skipped) if skipped else "",
                _footer_left(date, seed),
            )
            for p in range(pages_each):
                if page_count:
                    device.newPage()
                page_count += 1
                y = _draw_page_frame(canvas, header, p + 1, pages_each, first=p == 0)
                chunk = kept[p * layout.per_page : (p + 1) * layout.per_page]
                if not chunk and p == 0:
                    canvas.text(
                        0, y, QCoreApplication.translate("bridgegui.printing", "No boards to print."), _font(11)
                    )
                for i, board in enumerate(chunk):
                    _draw_practice_block(canvas, y + i * layout.block, board, group, layout)
        return page_count
    finally:
        painter.end()


def _header_height(canvas: _Canvas, header: _Header, *, first: bool) -> float:
    height = canvas.line_height(_font(15, bold=True)) + 3 + 8
    small = canvas.line_height(_font(8.5))
    height += small  # the subtitle line
    if first and header.note:
        height += small
    return height


# --------------------------------------------------------------------------------------------------
# Hand records


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


def _record_block_height(canvas: _Canvas, hand_font: QFont, label_font: QFont, eval_font: QFont) -> float:
    return canvas.line_height(label_font) + 4 * canvas.line_height(hand_font) + 2 * canvas.line_height(eval_font) + 2


def _record_layout(canvas: _Canvas, boards: Sequence[Board], per_page: int, content_height: float) -> _RecordLayout:
    columns = 2
    rows = per_page // columns
    gap = 8.0
    cell_w = (canvas.width - gap * (columns - 1)) / columns
    cell_h = (content_height - gap * (rows - 1)) / rows
    masks = [m for b in boards if b.deal is not None for m in b.deal.hands if m is not None]
    size = 13.0 if per_page == 4 else 10.0
    pad = 6.0
    while True:
        hand_font = _font(size)
        label_font = _font(size * 0.75, bold=True)
        eval_font = _font(size * 0.72)
        widest = max(
            _widest_suit_line(canvas, masks, hand_font),
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


def _draw_record_hand(canvas: _Canvas, x: float, y: float, board: Board, seat: str, layout: _RecordLayout) -> None:
    deal = board.deal
    assert deal is not None
    mask = deal.hands[SEATS.index(seat)]
    colour = _RED if _is_vulnerable(board, seat) else _GREY
    canvas.text(x, y, _seat_name(seat), layout.label_font, colour)
    top = y + canvas.line_height(layout.label_font)
    line = canvas.line_height(layout.hand_font)
    if mask is None:
        canvas.text(x, top, "—", layout.hand_font, _GREY)
        return
    hand = Hand(mask)
    for suit, holding in enumerate(hand.holdings):
        canvas.suit_line(x, top + suit * line, suit, holding, layout.hand_font)
    top += 4 * line + 2
    for text in _evaluation_lines(hand):
        canvas.text(x, top, text, layout.eval_font, _GREY)
        top += canvas.line_height(layout.eval_font)


def _draw_compass(canvas: _Canvas, cx: float, cy: float, size: float, board: Board, font: QFont) -> None:
    """The small square between the hands: seat letters on its sides (vulnerable ones red and bold,
    the dealer's underlined by a bar), the board number in the middle."""
    x, y = cx - size / 2, cy - size / 2
    canvas.rect(x, y, size, size, colour=_BLACK, width=0.6)
    letter_font = _font(font.pointSizeF() * 0.8, bold=True)
    lh = canvas.line_height(letter_font)
    number_font = _font(font.pointSizeF() * 1.1, bold=True)
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
        colour = _RED if _is_vulnerable(board, seat) else _BLACK
        width = canvas.text(lx, ly, _seat_letter(seat), letter_font, colour, align="center", width=size)
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


def _draw_dd_table(canvas: _Canvas, right_edge: float, top: float, board: Board, layout: _RecordLayout) -> None:
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
    canvas.text(x, top, title, layout.label_font, _GREY)
    y = top + canvas.line_height(layout.label_font)
    for line in lines:
        canvas.text(x, y, line, font, _GREY)
        y += canvas.line_height(font)


def _draw_record_cell(canvas: _Canvas, x: float, y: float, board: Board, layout: _RecordLayout) -> None:
    canvas.rect(x, y, layout.cell_w, layout.cell_h, colour=_RULE, width=0.5)
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
    head = _font(layout.hand_font.pointSizeF() * 0.95, bold=True)
    info = _font(layout.hand_font.pointSizeF() * 0.75)
    canvas.text(left, top, _board_title(board), head)
    line_y = top + canvas.line_height(head)
    canvas.text(left, line_y, _dealer_text(board), info)
    line_y += canvas.line_height(info)
    vulnerable = board.effective_vulnerable not in (None, "None")
    canvas.text(left, line_y, _vul_text(board), info, _RED if vulnerable else _BLACK)
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
    kept, skipped = _printable(boards)
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
    header = _Header(title, " · ".join(parts), _skipped_note(skipped) if skipped else "", _footer_left(None, None))
    painter = QPainter()
    if not painter.begin(device):
        raise OSError(QCoreApplication.translate("bridgegui.printing", "cannot print to this device or file"))
    try:
        canvas = _Canvas(device, painter)
        content_top = _header_height(canvas, header, first=True)
        content_height = canvas.height - content_top - _footer_height(canvas)
        layout = _record_layout(canvas, kept, per_page, content_height)
        pages = max(1, math.ceil(len(kept) / per_page))
        for p in range(pages):
            if p:
                device.newPage()
            _draw_page_frame(canvas, header, p + 1, pages, first=p == 0)
            if not kept:
                canvas.text(
                    0, content_top, QCoreApplication.translate("bridgegui.printing", "No boards to print."), _font(11)
                )
            for i, board in enumerate(kept[p * per_page : (p + 1) * per_page]):
                row, col = divmod(i, layout.columns)
                x = col * (layout.cell_w + 8)
                y = content_top + row * (layout.cell_h + 8)
                _draw_record_cell(canvas, x, y, board, layout)
        return pages
    finally:
        painter.end()


# --------------------------------------------------------------------------------------------------
# Writing PDF files


def default_page_size() -> str:
    """``"Letter"`` where the system locale's country uses it, else ``"A4"``."""
    return "Letter" if QLocale.system().territory() in _LETTER_TERRITORIES else "A4"


def ensure_gui_application() -> QGuiApplication:
    """The running ``QGuiApplication``, or a new offscreen one.

    Why: painting text needs the font database, which needs a ``QGuiApplication``; the command line
    and the self-test have none, and may have no display, so the one made here uses the offscreen
    platform (unless ``QT_QPA_PLATFORM`` says otherwise).  It is kept for the life of the process.
    """
    app = QCoreApplication.instance()
    if app is None:
        argv = [APP_NAME]
        if not os.environ.get("QT_QPA_PLATFORM"):
            argv += ["-platform", "offscreen"]
        app = QGuiApplication(argv)
        _keep_alive.append(app)
    if not isinstance(app, QGuiApplication):
        raise RuntimeError("printing needs a QGuiApplication, but a QCoreApplication is running")
    return app


_keep_alive: list[QGuiApplication] = []


def _page_size(page_size: str | QPageSize | None) -> QPageSize:
    if isinstance(page_size, QPageSize):
        return page_size
    name = page_size or default_page_size()
    for key, value in PAGE_SIZES.items():
        if key.lower() == name.lower():
            return QPageSize(value)
    raise ValueError(f"unknown page size {page_size!r}: use {' or '.join(PAGE_SIZES)}")


def _write_pdf(
    path: str | os.PathLike[str],
    title: str,
    page_size: str | QPageSize | None,
    render: Callable[[QPagedPaintDevice], int],
) -> int:
    """Render to a temporary PDF beside ``path`` and move it into place, so a failure leaves any old file whole."""
    ensure_gui_application()
    size = _page_size(page_size)
    target = Path(path)
    temporary = target.with_name(f".{target.name}.{secrets.token_hex(4)}.tmp")
    # Create the file here first: an unwritable folder then raises the OSError Python would (with its
    # errno and message) instead of a silent QPainter.begin() failure and a Qt warning.
    with temporary.open("xb"):
        pass
    try:
        writer = QPdfWriter(str(temporary))
        writer.setPageSize(size)
        writer.setPageMargins(QMarginsF(MARGIN_MM, MARGIN_MM, MARGIN_MM, MARGIN_MM), QPageLayout.Unit.Millimeter)
        writer.setTitle(title)
        writer.setCreator(f"{APP_NAME} {__version__}")
        pages = render(writer)
        del writer  # the file is complete once the painter has ended; drop the handle before moving it
        if not temporary.exists():
            raise OSError(f"cannot write {target}")
        os.replace(temporary, target)
        return pages
    finally:
        if temporary.exists():
            temporary.unlink()


def write_practice_sheets(
    boards: Iterable[Board],
    path: str | os.PathLike[str],
    *,
    seats: str = "NESW",
    pair: bool = False,
    title: str | None = None,
    date: str | None = None,
    seed: int | None = None,
    page_size: str | QPageSize | None = None,
) -> int:
    """Write practice sheets (see ``render_practice_sheets``) to the PDF file ``path``; return the page count.

    ``page_size`` is ``"A4"``, ``"Letter"`` or a ``QPageSize``; ``None`` follows the locale.
    """
    board_list = list(boards)
    name = title or QCoreApplication.translate("bridgegui.printing", "Bidding practice")
    return _write_pdf(
        path,
        name,
        page_size,
        lambda device: render_practice_sheets(
            device, board_list, seats=seats, pair=pair, title=title, date=date, seed=seed
        ),
    )


def write_hand_records(
    boards: Iterable[Board],
    path: str | os.PathLike[str],
    *,
    per_page: int = 4,
    title: str | None = None,
    date: str | None = None,
    seed: int | None = None,
    page_size: str | QPageSize | None = None,
) -> int:
    """Write hand records (see ``render_hand_records``) to the PDF file ``path``; return the page count.

    ``date`` defaults to today (ISO 8601), since a record without a date is hard to file.
    """
    board_list = list(boards)
    when = date if date is not None else _dt.date.today().isoformat()
    name = title or QCoreApplication.translate("bridgegui.printing", "Hand records")
    return _write_pdf(
        path,
        name,
        page_size,
        lambda device: render_hand_records(device, board_list, per_page=per_page, title=title, date=when, seed=seed),
    )


def write_sheets(
    kind: str,
    boards: Iterable[Board],
    path: str | os.PathLike[str],
    *,
    title: str | None = None,
    seed: int | None = None,
    page_size: str | QPageSize | None = None,
) -> int:
    """``kind`` ``"practice"`` (all four seats' sheets) or ``"records"`` (4 a page) to ``path``: the
    one call ``bridgegui-deal --pdf FILE --sheets KIND`` needs.  Returns the page count."""
    if kind == "practice":
        return write_practice_sheets(boards, path, title=title, seed=seed, page_size=page_size)
    if kind == "records":
        return write_hand_records(boards, path, title=title, seed=seed, page_size=page_size)
    raise ValueError(f"unknown sheets {kind!r}: use {' or '.join(SHEET_KINDS)}")
