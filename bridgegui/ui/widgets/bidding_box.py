"""The bidding box: the 35 bids, Pass, Double and Redouble, with only the legal calls enabled.

A student practising bidding makes each call here, by clicking or typing.  The box never decides
what happens to a call: it emits ``call_made`` and waits for the window to hand it the next
auction with ``set_auction`` (the system's calls for the other seats come in between), so the box
holds no game state of its own and cannot disagree with the window about whose turn it is.

Legality comes from the engine (``Auction.legal_calls``, Laws 18, 19 and 22), never from rules
repeated here: after 1NT the one-level bids are greyed, Double is enabled only over an opponent's
bid and Redouble only over an opponent's double.

Keyboard entry, for a teacher with a projector or a student who types faster than they aim: the
characters of a call as ``Call.parse`` reads them (``1n``, ``2c``, ``2♣``, ``p``, ``x``, ``xx``), then
Enter.  Every call ends with Enter, even Pass, so a slip of the finger never bids; Backspace edits
the typed text and Escape clears it.  The typed text and what it would bid show in a small line
under the buttons.  Ctrl+Z belongs to the window's Undo action; the box only offers the button.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QRect, QSize, Qt, Signal
from PySide6.QtGui import QColor, QFocusEvent, QFont, QFontMetrics, QKeyEvent, QPainter, QPaintEvent, QPalette, QPen
from PySide6.QtWidgets import (
    QApplication,
    QGridLayout,
    QLabel,
    QSizePolicy,
    QStyle,
    QStyleOptionToolButton,
    QStylePainter,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from bridgegui.engine.bidding.calls import DOUBLE, PASS, REDOUBLE, STRAINS, Auction, AuctionError, Call
from bridgegui.engine.cards import SUIT_SYMBOLS
from bridgegui.ui.widgets.suit_text import suit_colours

STRAIN_SUITS = {"S": 0, "H": 1, "D": 2, "C": 3}
"""The index in ``SUIT_SYMBOLS`` and ``suit_colours`` (♠ ♥ ♦ ♣) of each suit strain; NT has none."""

_TYPED_MAX = 8
"""Longest typed text kept: ``redouble`` is the longest spelling ``Call.parse`` reads."""

_TYPABLE_SUITS = "♣♦♥♠♧♢♡♤"

MAX_CALL_SCALE = 2.2
"""How much larger than the window's font a call may be painted on a large button."""

FOCUS_FRAME_WIDTH = 3
"""Pixels of the frame drawn round the box while it has the keyboard focus."""


def call_object_name(call: Call) -> str:
    """The objectName of ``call``'s button: ``bid_1NT``, ``bid_2C``, ``pass``, ``double``, ``redouble``.

    One id for tests, screen-reader scripts and style sheets alike (house style: one id everywhere).
    """
    if call.is_bid:
        return f"bid_{call.code}"
    return {"P": "pass", "X": "double", "XX": "redouble"}[call.code]


def call_segments(call: Call) -> list[tuple[str, int | None]]:
    """``call`` as pieces of text, each with the suit whose colour it takes (``None``: the text colour).

    Only the suit symbol is coloured, as in the deal diagram, so ``1♥`` reads as a one and a heart.
    """
    if call.is_bid and call.strain in STRAIN_SUITS:
        suit = STRAIN_SUITS[call.strain]
        return [(str(call.level), None), (SUIT_SYMBOLS[suit], suit)]
    return [(call.symbol(), None)]


class _CallButton(QToolButton):
    """A button for one call that paints its suit symbol in the suit's colour.

    A plain button's text has one colour; the style still draws the bevel, focus frame and hover,
    and only the text is painted here.  A disabled button paints everything in the palette's
    disabled text colour, so an illegal bid is plainly grey whatever its suit.
    """

    def __init__(self, call: Call, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.call = call
        self.four_colour = False
        self.setText(call.symbol())  # for the size hint and as the accessible text's fallback
        self.setObjectName(call_object_name(call))
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setAutoRaise(False)

    def sizeHint(self) -> QSize:
        metrics = self.fontMetrics()
        width = max(metrics.horizontalAdvance(self.text()), metrics.horizontalAdvance("7NT")) + 12
        return QSize(width, metrics.height() + 10)

    def minimumSizeHint(self) -> QSize:
        metrics = self.fontMetrics()
        return QSize(metrics.horizontalAdvance(self.text()) + 6, metrics.height() + 4)

    def call_font(self) -> QFont:
        """The font the call is painted in: the widget's, grown with the button (a large box on a large
        screen reads from across a room), never smaller, at most ``MAX_CALL_SCALE`` times larger."""
        font = QFont(self.font())
        base = QFontMetrics(font)
        wide = base.horizontalAdvance("7NT") + 12
        scale = min(self.height() / (base.height() + 10), self.width() / wide, MAX_CALL_SCALE)
        if scale > 1.05:
            font.setPointSizeF(font.pointSizeF() * scale)
        return font

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QStylePainter(self)
        option = QStyleOptionToolButton()
        self.initStyleOption(option)
        option.text = ""
        painter.drawComplexControl(QStyle.ComplexControl.CC_ToolButton, option)
        palette = self.palette()
        enabled = self.isEnabled()
        group = QPalette.ColorGroup.Active if enabled else QPalette.ColorGroup.Disabled
        text_colour = palette.color(group, QPalette.ColorRole.ButtonText)
        colours = suit_colours(palette, self.four_colour)
        segments = call_segments(self.call)
        painter.setFont(self.call_font())
        metrics = painter.fontMetrics()
        total = sum(metrics.horizontalAdvance(text) for text, _ in segments)
        x = (self.width() - total) // 2
        if self.isDown() or self.isChecked():
            x += self.style().pixelMetric(QStyle.PixelMetric.PM_ButtonShiftHorizontal, option, self)
        for text, suit in segments:
            width = metrics.horizontalAdvance(text)
            colour = text_colour if suit is None or not enabled else QColor(colours[suit])
            painter.setPen(colour)
            painter.drawText(QRect(x, 0, width, self.height()), int(Qt.AlignmentFlag.AlignCenter), text)
            x += width


class BiddingBox(QWidget):
    """The 35 bids in a 7 × 5 grid, and a row for Pass, Double, Redouble and Undo.

    Signals (all on the GUI thread):
        call_made(object): the ``Call`` the user clicked or typed; it is always legal in the auction
            last given to ``set_auction``.  The box does not add it to that auction: the window does,
            and answers with ``set_auction``.
        undo_requested(): the Undo button was clicked (the window's Ctrl+Z action does the same).

    ObjectNames: the box ``biddingBox``; buttons ``bid_1C`` ... ``bid_7NT``, ``pass``, ``double``,
    ``redouble``, ``undoCall``; the typed-text line ``typedCall``.
    """

    call_made = Signal(object)
    undo_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("biddingBox")
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setAccessibleName(self.tr("Bidding box"))
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Preferred)
        self._auction: Auction | None = None
        self._typed = ""
        self._four_colour = False
        self._buttons: dict[Call, _CallButton] = {}

        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.setSpacing(4)
        grid = QGridLayout()
        grid.setSpacing(2)
        for level in range(1, 8):
            for column, strain in enumerate(STRAINS):
                call = Call.bid(level, strain)
                button = self._add_button(call, self._bid_name(call), self._bid_tooltip(call))
                grid.addWidget(button, level - 1, column)
        row = 7
        grid.addWidget(
            self._add_button(PASS, self.tr("Pass"), self.tr("Pass: make no bid (type p, then Enter)")), row, 0, 1, 2
        )
        grid.addWidget(
            self._add_button(DOUBLE, self.tr("Double"), self.tr("Double the opponents' last bid (type x, then Enter)")),
            row,
            2,
        )
        grid.addWidget(
            self._add_button(
                REDOUBLE, self.tr("Redouble"), self.tr("Redouble the opponents' double (type xx, then Enter)")
            ),
            row,
            3,
        )
        self.undo_button = QToolButton(self)
        self.undo_button.setObjectName("undoCall")
        self.undo_button.setText(self.tr("Undo"))
        self.undo_button.setAccessibleName(self.tr("Undo your last call"))
        self.undo_button.setToolTip(self.tr("Take back your last call (Ctrl+Z)"))
        self.undo_button.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.undo_button.setEnabled(False)
        self.undo_button.clicked.connect(self.undo_requested)
        grid.addWidget(self.undo_button, row, 4)
        layout.addLayout(grid, 1)

        self.typed_label = QLabel(self)
        self.typed_label.setObjectName("typedCall")
        small = QFont(self.font())
        small.setPointSizeF(max(6.0, small.pointSizeF() * 0.85))
        self.typed_label.setFont(small)
        self.typed_label.setToolTip(
            self.tr(
                "Type a call and press Enter: 1n for 1NT, 2c or 2♣ for 2♣, p for Pass, x for Double, xx "
                "for Redouble. Backspace edits, Escape clears."
            )
        )
        layout.addWidget(self.typed_label)
        self._mute_typed_label()
        self.set_auction(None)

    # -- API ---------------------------------------------------------------------------------------

    def set_auction(self, auction: Auction | None) -> None:
        """Enable exactly the calls legal after ``auction``; none when it is ``None`` or complete.

        ``None`` means "not the student's turn" (the system is bidding, or no board is being bid).
        """
        self._auction = auction
        legal = set(auction.legal_calls()) if auction is not None else set()
        for call, button in self._buttons.items():
            button.setEnabled(call in legal)
        if not legal:
            self._typed = ""
        self._show_typed()

    def auction(self) -> Auction | None:
        """The auction the enabled calls were worked out for."""
        return self._auction

    def set_undo_enabled(self, enabled: bool) -> None:
        """The window enables Undo while the student has a call to take back (its action decides when)."""
        self.undo_button.setEnabled(bool(enabled))

    def set_four_colour(self, on: bool) -> None:
        """Colour ♦ and ♣ as a four-colour deck does, like the deal diagram."""
        self._four_colour = bool(on)
        for button in self._buttons.values():
            button.four_colour = self._four_colour
            button.update()

    def four_colour(self) -> bool:
        return self._four_colour

    def button(self, call: Call) -> QToolButton:
        """The button for ``call`` (tests and the window's tour find it by objectName too)."""
        return self._buttons[call]

    def enabled_calls(self) -> tuple[Call, ...]:
        """The calls whose buttons are enabled, Pass, Double and Redouble first, then bids upwards."""
        order = (PASS, DOUBLE, REDOUBLE, *(c for c in self._buttons if c.is_bid))
        return tuple(call for call in order if self._buttons[call].isEnabled())

    def typed_text(self) -> str:
        """What has been typed since the last call (shown in the ``typedCall`` line)."""
        return self._typed

    def clear_typed(self) -> None:
        self._typed = ""
        self._show_typed()

    # -- Qt ----------------------------------------------------------------------------------------

    def event(self, event: QEvent) -> bool:
        # Claim the keys of a call before the window's shortcuts see them, as a line edit does, so
        # typing "p" in the box never triggers a one-key shortcut elsewhere.
        if event.type() == QEvent.Type.ShortcutOverride and isinstance(event, QKeyEvent) and self._handles(event):
            event.accept()
            return True
        return super().event(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if not self._handles(event):
            super().keyPressEvent(event)
            return
        key = event.key()
        if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self._commit()
        elif key == Qt.Key.Key_Backspace:
            self._typed = self._typed[:-1]
            self._show_typed()
        elif key == Qt.Key.Key_Escape:
            self.clear_typed()
        elif len(self._typed) < _TYPED_MAX:
            self._typed += event.text()
            self._show_typed()
        event.accept()

    def focusInEvent(self, event: QFocusEvent) -> None:
        self.update()  # the focus frame appears
        super().focusInEvent(event)

    def focusOutEvent(self, event: QFocusEvent) -> None:
        self.update()
        super().focusOutEvent(event)

    def paintEvent(self, event: QPaintEvent) -> None:
        # A plain QWidget draws no focus indication, and the keys a student types go here: a frame in
        # the palette's highlight colour says so (WCAG 2.4.7, focus visible).
        super().paintEvent(event)
        if not self.hasFocus():
            return
        painter = QPainter(self)
        pen = QPen(self.palette().color(QPalette.ColorRole.Highlight))
        pen.setWidth(FOCUS_FRAME_WIDTH)
        painter.setPen(pen)
        half = FOCUS_FRAME_WIDTH // 2
        painter.drawRoundedRect(self.rect().adjusted(half, half, -half - 1, -half - 1), 4, 4)

    def changeEvent(self, event: QEvent) -> None:
        if event.type() in (QEvent.Type.PaletteChange, QEvent.Type.StyleChange):
            self._mute_typed_label()
            for button in self._buttons.values():
                button.update()
        super().changeEvent(event)

    # -- internals ---------------------------------------------------------------------------------

    def _add_button(self, call: Call, name: str, tooltip: str) -> _CallButton:
        button = _CallButton(call, self)
        button.setAccessibleName(name)
        button.setToolTip(tooltip)
        button.clicked.connect(lambda _checked=False, c=call: self._clicked(c))
        self._buttons[call] = button
        return button

    def _clicked(self, call: Call) -> None:
        # Keyboard entry continues in the box after a click, whatever had the focus before.
        focused = QApplication.focusWidget()
        if focused is not self and not (focused is not None and self.isAncestorOf(focused)):
            self.setFocus(Qt.FocusReason.OtherFocusReason)
        self._emit(call)

    def _emit(self, call: Call) -> None:
        if self._auction is None or not self._auction.is_legal(call):
            return
        self._typed = ""
        self._show_typed()
        self.call_made.emit(call)

    def _handles(self, event: QKeyEvent) -> bool:
        """Whether ``event`` is a key of keyboard entry (and not, say, Ctrl+Z or Space)."""
        modifiers = event.modifiers() & ~(Qt.KeyboardModifier.ShiftModifier | Qt.KeyboardModifier.KeypadModifier)
        if modifiers != Qt.KeyboardModifier.NoModifier:
            return False
        key = event.key()
        if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Backspace, Qt.Key.Key_Escape):
            return bool(self._typed)
        text = event.text()
        return len(text) == 1 and (text in "1234567" or ("a" <= text.lower() <= "z") or text in _TYPABLE_SUITS)

    def _typed_call(self) -> Call | None:
        try:
            return Call.parse(self._typed)
        except AuctionError:
            return None

    def _commit(self) -> None:
        call = self._typed_call()
        if call is not None:
            self._emit(call)
        self._show_typed()

    def _mute_typed_label(self) -> None:
        """The typed line in the palette's placeholder colour: present but quieter than the calls."""
        palette = self.typed_label.palette()
        palette.setColor(QPalette.ColorRole.WindowText, self.palette().color(QPalette.ColorRole.PlaceholderText))
        self.typed_label.setPalette(palette)

    def _show_typed(self) -> None:
        if not self._typed:
            if self._auction is None or self._auction.is_complete:
                self.typed_label.setText("")
            else:
                self.typed_label.setText(self.tr("Type a call (1n, 2c, p, x), then Enter"))
            return
        call = self._typed_call()
        if call is None:
            verdict = self.tr("not a call")
        elif self._auction is None or not self._auction.is_legal(call):
            verdict = self.tr("{call} is not possible now").format(call=call.symbol())
        else:
            verdict = self.tr("Enter bids {call}").format(call=call.symbol())
        self.typed_label.setText(self.tr("Typed: {typed} — {verdict}").format(typed=self._typed, verdict=verdict))

    def _bid_name(self, call: Call) -> str:
        """``one club``, ``three notrump``: a bid in words, for screen readers."""
        levels = (
            self.tr("one"),
            self.tr("two"),
            self.tr("three"),
            self.tr("four"),
            self.tr("five"),
            self.tr("six"),
            self.tr("seven"),
        )
        if call.level == 1:
            strains = {"C": self.tr("club"), "D": self.tr("diamond"), "H": self.tr("heart"), "S": self.tr("spade")}
        else:
            strains = {"C": self.tr("clubs"), "D": self.tr("diamonds"), "H": self.tr("hearts"), "S": self.tr("spades")}
        strain = strains.get(call.strain, self.tr("notrump"))
        return self.tr("{level} {strain}").format(level=levels[call.level - 1], strain=strain)

    def _bid_tooltip(self, call: Call) -> str:
        key = f"{call.level}{'n' if call.strain == 'NT' else call.strain.lower()}"
        return self.tr("Bid {name} (type {key}, then Enter)").format(name=self._bid_name(call), key=key)


__all__ = ["STRAIN_SUITS", "BiddingBox", "call_object_name", "call_segments"]
