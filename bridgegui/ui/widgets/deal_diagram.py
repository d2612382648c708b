"""The deal diagram: four hands around a duplicate board, painted in one ``paintEvent``.

Why paint rather than lay out labels: the diagram must scale with the window (the font size is
derived from the widget's size, so the hands stay readable on a large screen and fit a small one)
and a single painter pass keeps that arithmetic in one place (``_layout``) shared by painting, hit
testing for ``seat_clicked`` and the tests.

The layout is the one every bridge book uses: North at the top, South at the bottom, West and East
either side of a centre box drawn like a duplicate board (board number in the middle, the four
sides lettered N E S W, vulnerable sides red, the dealer's letter in a disc).

Colours come from ``self.palette()`` (see ``suit_text``), so the diagram follows a light or a dark
desktop theme; hidden hands are drawn as a fan of card backs and their cards are never painted, so a
student cannot read them.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from PySide6.QtCore import QEvent, QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QFontMetricsF,
    QMouseEvent,
    QPainter,
    QPainterPath,
    QPaintEvent,
    QPalette,
    QPen,
    QPolygonF,
)
from PySide6.QtWidgets import QSizePolicy, QWidget

from bridgegui.engine.boards import board_dealer, board_vulnerability
from bridgegui.engine.cards import SEATS, SUIT_SYMBOLS, Deal, Hand
from bridgegui.ui.widgets.suit_text import holding_line, is_dark, red_colour, suit_colours

_VULNERABILITY_WORDS = {
    "none": "None",
    "love": "None",
    "-": "None",
    "ns": "NS",
    "n-s": "NS",
    "ew": "EW",
    "e-w": "EW",
    "all": "All",
    "both": "All",
}

# A West or East column is at least as wide as this line, so the hands do not jump about from deal
# to deal; longer suits widen it (and may make the font smaller).
_NOMINAL_LINE = "♠ A K Q J 10 9"

# Layout proportions, in units of the font's pixel size.
_LINE = 1.3  # line height
_GAP = 0.9  # between a hand and the centre box
_HEADER = 0.8  # seat-name font relative to the card font


def _normalise_vulnerability(text: str | None) -> str | None:
    if text is None:
        return None
    try:
        return _VULNERABILITY_WORDS[text.strip().lower()]
    except KeyError:
        raise ValueError(f"{text!r} is not a vulnerability: use None, NS, EW or All") from None


def _normalise_seat(text: str | None) -> str | None:
    if text is None or not text.strip():
        return None
    letter = text.strip()[0].upper()
    if letter not in SEATS:
        raise ValueError(f"{text!r} is not a seat: use N, E, S or W")
    return letter


@dataclass
class _Layout:
    """Where everything goes at the current size (logical pixels)."""

    size: QSize
    font_px: float
    box: QRectF
    hands: dict[str, QRectF] = field(default_factory=dict)  # the four-line card block of each seat
    headers: dict[str, QPointF] = field(default_factory=dict)  # baseline-left of each seat name


class DealDiagram(QWidget):
    """Paints a deal as a compass diagram around a duplicate-board box.

    Signals:
        seat_clicked(str): a seat letter ("N", "E", "S", "W") when the user clicks that hand; fires on
            the GUI thread.
    """

    seat_clicked = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("dealDiagram")
        # The window starts with the focus here: a focused button would take Space, the
        # practice-mode key for revealing the hands.  Click or Tab focuses it again.
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setAttribute(Qt.WidgetAttribute.WA_OpaquePaintEvent)
        self.setMouseTracking(True)
        self._deal: Deal | None = None
        self._board: int | None = None
        self._dealer: str | None = None
        self._vulnerability: str | None = None
        self._visible = "NESW"
        self._four_colour = False
        self._layout_cache: _Layout | None = None
        self._empty_text = self.tr("Press Deal (F5) to deal a hand")
        self.setAccessibleName(self.tr("Deal diagram"))
        self._update_description()

    # -- API ---------------------------------------------------------------------------------------

    def set_deal(
        self,
        deal: Deal | None,
        *,
        board_number: int | None = None,
        dealer: str | None = None,
        vulnerability: str | None = None,
    ) -> None:
        """Show ``deal`` (``None``: the empty state).

        ``dealer`` and ``vulnerability`` default to what the board number implies (Law 2), so a
        caller with only a board number gets a correct box.  ``vulnerability`` is "None", "NS", "EW"
        or "All" (PBN spellings such as "Both" or "Love" are accepted too).
        """
        dealer_letter = _normalise_seat(dealer)
        vul = _normalise_vulnerability(vulnerability)
        if board_number is not None and board_number >= 1:
            dealer_letter = dealer_letter or board_dealer(board_number)
            vul = vul or board_vulnerability(board_number)
        self._deal = deal
        self._board = board_number
        self._dealer = dealer_letter
        self._vulnerability = vul
        self._changed()

    def deal(self) -> Deal | None:
        """The deal shown, or ``None`` before the first."""
        return self._deal

    def board_number(self) -> int | None:
        return self._board

    def dealer(self) -> str | None:
        """The dealer's seat letter shown in the box (``None`` when not known)."""
        return self._dealer

    def vulnerability(self) -> str | None:
        """ "None", "NS", "EW" or "All" as shown in the box (``None`` when not known)."""
        return self._vulnerability

    def set_visible_seats(self, seats: str) -> None:
        """Show the cards of these seats only (e.g. "S" for bidding practice as South); the others show card backs."""
        letters = {s for s in seats.upper() if s in SEATS}
        self._visible = "".join(s for s in SEATS if s in letters)
        self._changed()

    def visible_seats(self) -> str:
        return self._visible

    def set_four_colour(self, on: bool) -> None:
        """Four-colour deck: ♠ black, ♥ red, ♦ orange, ♣ green (fewer misreadings of ♥/♦ and ♠/♣)."""
        self._four_colour = bool(on)
        self._changed()

    def four_colour(self) -> bool:
        return self._four_colour

    def set_empty_text(self, text: str) -> None:
        """The message shown before the first deal (the main window may name its own shortcut)."""
        self._empty_text = text
        self.update()

    def empty_text(self) -> str:
        return self._empty_text

    def hand_text(self, seat: str) -> list[str] | None:
        """The four lines painted for ``seat`` ("♠ A K 7 2"), or ``None`` when its cards are not painted.

        Cards are not painted for a hidden seat, an unknown hand or before the first deal; tests use
        this to check that a hidden hand's cards never reach the screen.
        """
        letter = _normalise_seat(seat)
        if letter is None or self._deal is None or letter not in self._visible:
            return None
        mask = self._deal.hands[SEATS.index(letter)]
        if mask is None:
            return None
        hand = Hand(mask)
        return [f"{SUIT_SYMBOLS[s]} {holding_line(h)}" for s, h in enumerate(hand.holdings)]

    def suit_colour(self, suit: int) -> QColor:
        """The colour painted for ``suit`` (0..3, ♠ ♥ ♦ ♣) with the current palette and deck."""
        return suit_colours(self.palette(), self._four_colour)[suit]

    def font_pixel_size(self) -> float:
        """The card font's pixel size at the current widget size (it grows with the widget)."""
        return self._layout().font_px

    def hand_rect(self, seat: str) -> QRectF:
        """Where ``seat``'s four card lines (or card backs) are painted, in widget coordinates."""
        return QRectF(self._layout().hands[_normalise_seat(seat) or "N"])

    def seat_at(self, pos: QPointF) -> str | None:
        """The seat whose hand (or name) is under ``pos``, for clicks."""
        if self._deal is None:
            return None
        layout = self._layout()
        for seat, rect in layout.hands.items():
            header = QRectF(rect.left(), rect.top() - layout.font_px * _LINE, rect.width(), layout.font_px * _LINE)
            if rect.contains(pos) or header.contains(pos):
                return seat
        return None

    # -- Qt ----------------------------------------------------------------------------------------

    def sizeHint(self) -> QSize:
        return QSize(520, 420)

    def minimumSizeHint(self) -> QSize:
        return QSize(360, 300)

    def changeEvent(self, event: QEvent) -> None:
        if event.type() in (QEvent.Type.PaletteChange, QEvent.Type.FontChange, QEvent.Type.StyleChange):
            self._layout_cache = None
            self.update()
        super().changeEvent(event)

    def mousePressEvent(self, event: QMouseEvent) -> None:
        if event.button() == Qt.MouseButton.LeftButton:
            seat = self.seat_at(event.position())
            if seat is not None:
                self.seat_clicked.emit(seat)
                event.accept()
                return
        super().mousePressEvent(event)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        if self.seat_at(event.position()) is not None:
            self.setCursor(Qt.CursorShape.PointingHandCursor)
        else:
            self.unsetCursor()
        super().mouseMoveEvent(event)

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        try:
            painter.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.TextAntialiasing)
            palette = self.palette()
            painter.fillRect(self.rect(), palette.color(QPalette.ColorRole.Base))
            if self._deal is None:
                self._paint_empty(painter)
                return
            layout = self._layout()
            self._paint_box(painter, layout)
            for seat in SEATS:
                self._paint_hand(painter, layout, seat)
        finally:
            painter.end()

    # -- layout ------------------------------------------------------------------------------------

    def _changed(self) -> None:
        self._layout_cache = None
        self._update_description()
        self.update()

    def _font(self, px: float, *, bold: bool = False) -> QFont:
        font = QFont(self.font())
        font.setPixelSize(max(1, math.floor(px)))
        font.setBold(bold)
        return font

    def _column_width_per_px(self, seat: str) -> float:
        """Width of a West/East column per pixel of font size (text width is linear in the size)."""
        ref = 100.0
        metrics = QFontMetricsF(self._font(ref))
        lines = [_NOMINAL_LINE, *(self.hand_text(seat) or [])]
        return max(metrics.horizontalAdvance(line) for line in lines) / ref

    def _layout(self) -> _Layout:
        # Keyed on the size too: a hidden widget gets its resize event only when shown or grabbed.
        if self._layout_cache is not None and self._layout_cache.size == self.size():
            return self._layout_cache
        w, h = float(self.width()), float(self.height())
        margin = 0.03 * min(w, h)
        # Height: North and South blocks (a name line and four suits) around the box, which is as
        # tall as a West/East block; two gaps.  Everything is a multiple of the font size.
        block_h = 5 * _LINE
        height_units = 3 * block_h + 2 * _GAP
        box_units = 4 * _LINE + 0.6
        width_units = self._column_width_per_px("W") + self._column_width_per_px("E") + box_units + 2 * _GAP
        font_px = min((h - 2 * margin) / height_units, (w - 2 * margin) / (width_units * 1.03))
        # Whole pixels: the painter's font is set in whole pixels, so measuring with a fraction
        # would let wide lines overrun their column.
        font_px = float(max(6, math.floor(font_px)))
        line = font_px * _LINE

        west_w = self._column_width_per_px("W") * font_px
        east_w = self._column_width_per_px("E") * font_px
        box_side = box_units * font_px
        total_w = west_w + east_w + box_side + 2 * _GAP * font_px
        total_h = height_units * font_px
        left = (w - total_w) / 2
        top = (h - total_h) / 2
        box = QRectF(left + west_w + _GAP * font_px, top + 5 * line + _GAP * font_px, box_side, box_side)
        # The box is a little taller than four card lines; West and East centre on it.
        layout = _Layout(size=self.size(), font_px=font_px, box=box)
        metrics = QFontMetricsF(self._font(font_px))

        def block_width(seat: str) -> float:
            lines = self.hand_text(seat)
            if not lines:
                return metrics.horizontalAdvance(_NOMINAL_LINE)
            return max(metrics.horizontalAdvance(t) for t in lines)

        cards_h = 4 * line
        middle_top = box.center().y() - (cards_h + line) / 2 + line
        for seat in SEATS:
            if seat in "NS":
                bw = block_width(seat)
                x = box.center().x() - max(bw, box_side) / 2
                y = top + line if seat == "N" else box.bottom() + _GAP * font_px + line
                layout.hands[seat] = QRectF(x, y, bw, cards_h)
            elif seat == "W":
                layout.hands[seat] = QRectF(left, middle_top, west_w, cards_h)
            else:
                layout.hands[seat] = QRectF(box.right() + _GAP * font_px, middle_top, east_w, cards_h)
            rect = layout.hands[seat]
            layout.headers[seat] = QPointF(rect.left(), rect.top() - line * 0.3)
        self._layout_cache = layout
        return layout

    # -- painting ----------------------------------------------------------------------------------

    def _muted(self) -> QColor:
        return self.palette().color(QPalette.ColorRole.PlaceholderText)

    def _paint_empty(self, painter: QPainter) -> None:
        px = max(10.0, min(self.width() / 28, self.height() / 18))
        painter.setFont(self._font(px))
        painter.setPen(self._muted())
        rect = QRectF(self.rect()).adjusted(px, px, -px, -px)
        painter.drawText(
            rect,
            int(Qt.AlignmentFlag.AlignCenter) | int(Qt.TextFlag.TextWordWrap),
            self._empty_text,
        )

    def _paint_hand(self, painter: QPainter, layout: _Layout, seat: str) -> None:
        rect = layout.hands[seat]
        palette = self.palette()
        line = layout.font_px * _LINE
        # Seat name above the cards, in a quieter colour; the dealer's name is bold.
        header_font = self._font(layout.font_px * _HEADER, bold=seat == self._dealer)
        painter.setFont(header_font)
        painter.setPen(self._muted())
        name = self._seat_name(seat)
        if seat == self._dealer:
            name = self.tr("{seat} (dealer)").format(seat=name)
        painter.drawText(layout.headers[seat], name)

        lines = self.hand_text(seat)
        if lines is None:
            self._paint_backs(painter, rect, layout.font_px)
            return
        font = self._font(layout.font_px)
        painter.setFont(font)
        metrics = QFontMetricsF(font)
        colours = suit_colours(palette, self._four_colour)
        text_colour = palette.color(QPalette.ColorRole.Text)
        for suit, text in enumerate(lines):
            baseline = rect.top() + suit * line + (line + metrics.ascent() - metrics.descent()) / 2
            symbol, _, cards = text.partition(" ")
            painter.setPen(colours[suit])
            painter.drawText(QPointF(rect.left(), baseline), symbol)
            painter.setPen(text_colour)
            painter.drawText(QPointF(rect.left() + metrics.horizontalAdvance(symbol + " "), baseline), cards)

    def _paint_backs(self, painter: QPainter, rect: QRectF, font_px: float) -> None:
        """A small fan of card backs: the hand is there, its cards are not shown."""
        dark = is_dark(self.palette())
        back = QColor("#4a6fa5") if dark else QColor("#2f5597")
        card_h = rect.height() * 0.92
        card_w = card_h * 0.68
        step = card_w * 0.28
        n = 5
        x0 = rect.left()
        y0 = rect.top() + (rect.height() - card_h) / 2
        radius = card_w * 0.1
        edge = self.palette().color(QPalette.ColorRole.Base)
        for i in range(n):
            card = QRectF(x0 + i * step, y0, card_w, card_h)
            path = QPainterPath()
            path.addRoundedRect(card, radius, radius)
            painter.setPen(QPen(edge, max(1.0, font_px * 0.08)))
            painter.setBrush(back)
            painter.drawPath(path)
            inner = card.adjusted(card_w * 0.1, card_w * 0.1, -card_w * 0.1, -card_w * 0.1)
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(QBrush(QColor(255, 255, 255, 70), Qt.BrushStyle.DiagCrossPattern))
            painter.drawRoundedRect(inner, radius / 2, radius / 2)
        painter.setBrush(Qt.BrushStyle.NoBrush)

    def _paint_box(self, painter: QPainter, layout: _Layout) -> None:
        """The duplicate board: red sides for the vulnerable pair, the dealer's letter in a disc."""
        palette = self.palette()
        box = layout.box
        s = box.width()
        band = s * 0.2
        red = red_colour(palette)
        # On a dark theme the text red is light; a band that carries white letters needs it deeper.
        band_red = red.darker(135) if is_dark(palette) else red
        neutral = palette.color(QPalette.ColorRole.AlternateBase)
        if neutral == palette.color(QPalette.ColorRole.Base):
            neutral = palette.color(QPalette.ColorRole.Button)
        border = palette.color(QPalette.ColorRole.Mid)
        text = palette.color(QPalette.ColorRole.Text)

        x0, y0, x1, y1 = box.left(), box.top(), box.right(), box.bottom()
        sides = {
            "N": [(x0, y0), (x1, y0), (x1 - band, y0 + band), (x0 + band, y0 + band)],
            "E": [(x1, y0), (x1, y1), (x1 - band, y1 - band), (x1 - band, y0 + band)],
            "S": [(x1, y1), (x0, y1), (x0 + band, y1 - band), (x1 - band, y1 - band)],
            "W": [(x0, y1), (x0, y0), (x0 + band, y0 + band), (x0 + band, y1 - band)],
        }
        centres = {
            "N": QPointF(box.center().x(), y0 + band / 2),
            "E": QPointF(x1 - band / 2, box.center().y()),
            "S": QPointF(box.center().x(), y1 - band / 2),
            "W": QPointF(x0 + band / 2, box.center().y()),
        }
        painter.setPen(QPen(border, max(1.0, s * 0.01)))
        painter.setBrush(palette.color(QPalette.ColorRole.Window))
        painter.drawRect(box)
        letter_font = self._font(band * 0.62, bold=True)
        for seat, points in sides.items():
            vulnerable = self._is_vulnerable(seat)
            painter.setPen(QPen(border, max(1.0, s * 0.01)))
            painter.setBrush(band_red if vulnerable else neutral)
            painter.drawPolygon(QPolygonF([QPointF(x, y) for x, y in points]))
            centre = centres[seat]
            letter_colour = QColor("white") if vulnerable else text
            if seat == self._dealer:
                # Dealer: the letter in a disc (the "dealer button"), contrasting with the band.
                r = band * 0.42
                painter.setPen(Qt.PenStyle.NoPen)
                painter.setBrush(QColor("white") if vulnerable else text)
                painter.drawEllipse(centre, r, r)
                letter_colour = band_red if vulnerable else palette.color(QPalette.ColorRole.Base)
            painter.setFont(letter_font)
            painter.setPen(letter_colour)
            cell = QRectF(centre.x() - band, centre.y() - band / 2, 2 * band, band)
            painter.drawText(cell, int(Qt.AlignmentFlag.AlignCenter), seat)

        inner = box.adjusted(band, band, -band, -band)
        painter.setPen(text)
        if self._board is not None:
            small = self._font(inner.height() * 0.2)
            painter.setFont(small)
            top = QRectF(inner.left(), inner.top() + inner.height() * 0.06, inner.width(), inner.height() * 0.28)
            painter.setPen(self._muted())
            painter.drawText(top, int(Qt.AlignmentFlag.AlignCenter), self.tr("Board"))
            number = str(self._board)
            px = inner.height() * 0.5
            if len(number) > 2:
                px *= 2.2 / len(number)
            painter.setFont(self._font(px, bold=True))
            painter.setPen(text)
            rest = QRectF(inner.left(), top.bottom(), inner.width(), inner.bottom() - top.bottom())
            painter.drawText(rest, int(Qt.AlignmentFlag.AlignCenter), number)

    # -- words -------------------------------------------------------------------------------------

    def _seat_name(self, seat: str) -> str:
        names = {
            "N": self.tr("North"),
            "E": self.tr("East"),
            "S": self.tr("South"),
            "W": self.tr("West"),
        }
        return names[seat]

    def _is_vulnerable(self, seat: str) -> bool:
        vul = self._vulnerability
        return vul == "All" or (vul in ("NS", "EW") and seat in vul)

    def _vulnerability_words(self) -> str:
        words = {
            "None": self.tr("nobody vulnerable"),
            "NS": self.tr("North-South vulnerable"),
            "EW": self.tr("East-West vulnerable"),
            "All": self.tr("both sides vulnerable"),
        }
        return words.get(self._vulnerability or "", "")

    def _update_description(self) -> None:
        """Tooltip and accessible description: the box in words, for screen readers and the curious."""
        if self._deal is None:
            text = self.tr("No deal yet")
        else:
            parts = []
            if self._board is not None:
                parts.append(self.tr("Board {n}").format(n=self._board))
            if self._dealer is not None:
                parts.append(self.tr("dealer {seat}").format(seat=self._seat_name(self._dealer)))
            if self._vulnerability is not None:
                parts.append(self._vulnerability_words())
            hidden = [self._seat_name(s) for s in SEATS if s not in self._visible]
            if hidden:
                parts.append(self.tr("hidden: {seats}").format(seats=", ".join(hidden)))
            text = ", ".join(parts)
        self.setAccessibleDescription(text)
        self.setToolTip(text if self._deal is not None else "")


__all__ = ["DealDiagram"]
