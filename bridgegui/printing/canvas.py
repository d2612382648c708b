"""Drawing in points on any paged device: the canvas, fonts, colours and the page frame.

Layout is done in points (1/72 inch) and converted to device pixels in one place (``Canvas``),
because a ``QPrinter`` from the print dialog and a ``QPdfWriter`` have different resolutions; fonts
are sized in points, which Qt already maps to the device.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from PySide6.QtCore import QCoreApplication, QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPagedPaintDevice, QPainter, QPen

from bridgegui.engine.boards import Board
from bridgegui.engine.cards import SUIT_SYMBOLS, Hand
from bridgegui.printing.words import cards_text, page_text, seat_name

RED = QColor(176, 0, 0)
"""Hearts, diamonds and vulnerable seats: dark enough to stay readable when printed in grey."""
BLACK = QColor(0, 0, 0)
GREY = QColor(110, 110, 110)
RULE = QColor(150, 150, 150)
SHADE = QColor(225, 225, 225)


def point_font(size: float, *, bold: bool = False) -> QFont:
    font = QFont()
    font.setStyleHint(QFont.StyleHint.SansSerif)
    font.setPointSizeF(max(size, 1.0))
    font.setBold(bold)
    return font


class Canvas:
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
        colour: QColor = BLACK,
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

    def line(self, x1: float, y1: float, x2: float, y2: float, *, colour: QColor = RULE, width: float = 0.5) -> None:
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
        colour: QColor | None = RULE,
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
        colour = RED if suit in (1, 2) else BLACK
        symbol_width = self.text(x, top, SUIT_SYMBOLS[suit], font, colour)
        gap = self.text_width(" ", font)
        self.text(x + symbol_width + gap, top, cards_text(holding), font)

    def suit_line_width(self, suit: int, holding: int, font: QFont) -> float:
        return self.text_width(SUIT_SYMBOLS[suit] + " " + cards_text(holding), font)


def hand_label(seat: str, *, vulnerable: bool) -> str:
    if not vulnerable:
        return seat_name(seat)
    return QCoreApplication.translate("bridgegui.printing", "{seat} (vulnerable)").format(seat=seat_name(seat))


def draw_hand(
    canvas: Canvas, x: float, y: float, label: str, mask: int | None, layout_hand: QFont, label_font: QFont
) -> float:
    """A seat label and four suit lines; returns the height used."""
    canvas.text(x, y, label, label_font, GREY)
    top = y + canvas.line_height(label_font)
    line = canvas.line_height(layout_hand)
    if mask is None:
        canvas.text(x, top, QCoreApplication.translate("bridgegui.printing", "(hand not known)"), layout_hand, GREY)
        return top + line - y
    for suit, holding in enumerate(Hand(mask).holdings):
        canvas.suit_line(x, top + suit * line, suit, holding, layout_hand)
    return top + 4 * line - y


def widest_suit_line(canvas: Canvas, hands: Iterable[int], font: QFont) -> float:
    widest = canvas.text_width(SUIT_SYMBOLS[0] + " " + "AKQ10", font)
    for mask in hands:
        hand = Hand(mask)
        for suit, holding in enumerate(hand.holdings):
            widest = max(widest, canvas.suit_line_width(suit, holding, font))
    return widest


@dataclass(frozen=True, slots=True)
class Header:
    """What the top and bottom of every page say."""

    title: str
    subtitle: str
    note: str
    footer: str


def draw_page_frame(canvas: Canvas, header: Header, page: int, pages: int, *, first: bool) -> float:
    """Title, subtitle and (on a document's first page) the skipped-boards note; the footer.

    Returns the y where the page's content starts.  The footer sits in the bottom ``footer_height``.
    """
    y = 0.0
    title_font = point_font(15, bold=True)
    canvas.text(0, y, header.title, title_font)
    y += canvas.line_height(title_font)
    small = point_font(8.5)
    if header.subtitle:
        canvas.text(0, y, header.subtitle, small, GREY)
        y += canvas.line_height(small)
    if first and header.note:
        canvas.text(0, y, header.note, small, GREY)
        y += canvas.line_height(small)
    y += 3
    canvas.line(0, y, canvas.width, y, colour=BLACK, width=0.8)
    footer_font = point_font(7.5)
    footer_top = canvas.height - canvas.line_height(footer_font)
    canvas.text(0, footer_top, header.footer, footer_font, GREY)
    canvas.text(0, footer_top, page_text(page, pages), footer_font, GREY, align="right", width=canvas.width)
    return y + 8


def footer_height(canvas: Canvas) -> float:
    return canvas.line_height(point_font(7.5)) + 6


def printable_boards(boards: Iterable[Board]) -> tuple[list[Board], list[Board]]:
    """Boards with a deal, and those without (skipped, and named in a note)."""
    kept: list[Board] = []
    skipped: list[Board] = []
    for board in boards:
        (kept if board.deal is not None else skipped).append(board)
    return kept, skipped


def header_height(canvas: Canvas, header: Header, *, first: bool) -> float:
    height = canvas.line_height(point_font(15, bold=True)) + 3 + 8
    small = canvas.line_height(point_font(8.5))
    height += small  # the subtitle line
    if first and header.note:
        height += small
    return height
