"""The constraints dock: the seat and partnership editors, the advanced condition, the dealer choice, the summary.

It is also where the window reads the request from: ``current_request()`` gathers the editors into a
``DealRequest`` (a malformed field raises ``ConstraintError`` carrying its seat and field), and the
advanced condition is compiled once per text so that requests compare equal while nothing was
edited (the live feedback's plan is then reused for dealing).
"""

from __future__ import annotations

import contextlib
import html
from collections.abc import Mapping

from PySide6.QtCore import QEvent, QMargins, QObject, QSize, Qt, Signal
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QDockWidget,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from bridgegui.engine.cards import SEAT_NAMES, SEATS
from bridgegui.engine.dealer.constraints import DealRequest
from bridgegui.engine.errors import ConstraintError
from bridgegui.engine.script import ScriptError
from bridgegui.engine.script.request import ContradictionError, ExpressionCondition, refuse_condition_against
from bridgegui.settings import DEALER_MODES, Settings
from bridgegui.ui.widgets.condition_editor import ConditionEditor
from bridgegui.ui.widgets.editor_fields import QuietComboBox
from bridgegui.ui.widgets.seat_editor import PartnershipEditor, SeatEditor

ADVANCED_SETTING = "constraints/advanced"
"""Where the advanced condition's text is kept between sessions."""

SIDES = ("NS", "EW")


def _describe(exc: BaseException) -> str:
    """An exception as one short line: our errors say what is wrong; others are named by their type."""
    if isinstance(exc, ConstraintError | ValueError) and not isinstance(exc, UnicodeError):
        text = str(exc)
    else:
        text = f"{type(exc).__name__}: {exc}"
    return text if len(text) <= 200 else text[:199] + "…"


class ConstraintsPanel(QWidget):
    """The four seat editors, the two partnership editors, the advanced condition and the dealer choice.

    Laid out in one column when narrow (a side dock on a small screen) and in two, North-South
    beside East-West, when there is room: the dock decides the width and the editors follow.
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("constraintsPanel")
        self.seat_editors = {seat: SeatEditor(seat, self) for seat in SEATS}
        self.partnership_editors = {side: PartnershipEditor(side, self) for side in ("NS", "EW")}
        # Anything the seat fields cannot say, in the classic dealer program's language:
        # a dealer script's leftovers land here on import.
        self.advanced_box = QWidget(self)
        self.advanced_box.setObjectName("advancedConditionBox")
        advanced_layout = QVBoxLayout(self.advanced_box)
        advanced_layout.setContentsMargins(0, 0, 0, 0)
        advanced_layout.setSpacing(4)
        advanced_title = QLabel(self.tr("Advanced condition"), self.advanced_box)
        bold = QFont(advanced_title.font())
        bold.setBold(True)
        advanced_title.setFont(bold)
        self.condition_editor = ConditionEditor(self.advanced_box)
        advanced_title.setBuddy(self.condition_editor.edit)
        advanced_layout.addWidget(advanced_title)
        advanced_layout.addWidget(self.condition_editor)
        self._columns = 0

        outer = QVBoxLayout(self)
        outer.setContentsMargins(8, 6, 8, 6)
        outer.setSpacing(6)
        dealer_row = QHBoxLayout()
        dealer_label = QLabel(self.tr("&Dealer:"), self)
        self.dealer_combo = QuietComboBox(self)
        self.dealer_combo.setObjectName("dealerCombo")
        self.dealer_combo.addItem(self.tr("From the board number"), "board")
        for seat in SEATS:
            self.dealer_combo.addItem(self.tr("{seat} deals every board").format(seat=self._seat_name(seat)), seat)
        self.dealer_combo.setToolTip(
            self.tr(
                "Who deals (and bids first). From the board number follows the duplicate cycle (Law 2): "
                "board 1 North, 2 East, 3 South, 4 West. A fixed dealer suits opening-bid drills."
            )
        )
        dealer_label.setBuddy(self.dealer_combo)
        dealer_row.addWidget(dealer_label)
        dealer_row.addWidget(self.dealer_combo, 1)
        outer.addLayout(dealer_row)

        self._grid = QGridLayout()
        self._grid.setContentsMargins(0, 0, 0, 0)
        self._grid.setHorizontalSpacing(18)
        self._grid.setVerticalSpacing(6)
        outer.addLayout(self._grid)
        self._rules = [self._rule() for _ in range(5)]
        outer.addStretch(1)
        self._arrange(1)

    def _rule(self) -> QFrame:
        rule = QFrame(self)
        rule.setFrameShape(QFrame.Shape.HLine)
        rule.setFrameShadow(QFrame.Shadow.Sunken)
        return rule

    def _seat_name(self, seat: str) -> str:
        return {"N": self.tr("North"), "E": self.tr("East"), "S": self.tr("South"), "W": self.tr("West")}[seat]

    def two_column_width(self) -> int:
        editor = max(e.minimumSizeHint().width() for e in self.seat_editors.values())
        layout = self.layout()
        margins = layout.contentsMargins() if layout is not None else QMargins()
        return 2 * editor + self._grid.horizontalSpacing() + margins.left() + margins.right() + 8

    def _arrange(self, columns: int) -> None:
        if columns == self._columns:
            return
        self._columns = columns
        while self._grid.count():
            self._grid.takeAt(0)
        ns = [self.seat_editors["N"], self.seat_editors["S"], self.partnership_editors["NS"]]
        ew = [self.seat_editors["E"], self.seat_editors["W"], self.partnership_editors["EW"]]
        if columns == 2:
            for col, group in enumerate((ns, ew)):
                for row, widget in enumerate(group):
                    self._grid.addWidget(widget, row * 2, col)
                    if row < 2:
                        rule = self._rules[col * 2 + row]
                        self._grid.addWidget(rule, row * 2 + 1, col)
            self._grid.addWidget(self._rules[4], 5, 0, 1, 2)
            self._grid.addWidget(self.advanced_box, 6, 0, 1, 2)
        else:
            widgets = [*ns, *ew, self.advanced_box]
            for row, widget in enumerate(widgets):
                self._grid.addWidget(widget, row * 2, 0)
            for i, row in enumerate((0, 2, 3, 4, 5)):
                self._grid.addWidget(self._rules[i], row * 2 + 1, 0)
        for rule in self._rules:
            rule.setVisible(self._grid.indexOf(rule) >= 0)

    def resizeEvent(self, event: QEvent) -> None:  # type: ignore[override]
        self._arrange(2 if self.width() >= self.two_column_width() else 1)
        super().resizeEvent(event)  # type: ignore[arg-type]

    def editors(self) -> list[SeatEditor | PartnershipEditor]:
        return [*self.seat_editors.values(), *self.partnership_editors.values()]


class _FittingScrollArea(QScrollArea):
    """A scroll area that asks for the whole height of its content (``QScrollArea`` caps its hint)."""

    def sizeHint(self) -> QSize:
        widget = self.widget()
        if widget is None:
            return super().sizeHint()
        hint = widget.sizeHint()
        return QSize(hint.width() + self.verticalScrollBar().sizeHint().width(), hint.height() + 2 * self.frameWidth())

    def minimumSizeHint(self) -> QSize:
        return QSize(super().minimumSizeHint().width(), 8 * self.fontMetrics().height())

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        # The content re-flowed (one column or two): ask the dock for the new height.
        if watched is self.widget() and event.type() == QEvent.Type.LayoutRequest:
            self.updateGeometry()
        return super().eventFilter(watched, event)


class ConstraintsDock(QDockWidget):
    """The dock on the left: the editors in a scroll area and the whole request's summary under them.

    Signals (GUI thread): ``edited()`` when any editor or the advanced condition changes;
    ``dealer_changed()`` when the dealer choice does; ``clear_auction_requested()`` when the line
    that sets the editors aside for an auction is asked to clear it.
    """

    edited = Signal()
    dealer_changed = Signal()
    clear_auction_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(self.tr("Constraints"), parent)
        self.setObjectName("constraintsDock")
        self.panel = ConstraintsPanel(self)
        self.seat_editors = self.panel.seat_editors
        self.partnership_editors = self.panel.partnership_editors
        self.condition_editor = self.panel.condition_editor
        self._condition_cache: tuple[str, ExpressionCondition | None] = ("", None)
        self._conflict_cache: tuple[object, ScriptError | None] | None = None
        for editor in self.panel.editors():
            editor.changed.connect(self.edited)
        self.condition_editor.changed.connect(self.edited)
        self.panel.dealer_combo.currentIndexChanged.connect(self.dealer_changed)

        self.summary = QLabel(self)
        self.summary.setObjectName("requestFeedback")
        self.summary.setWordWrap(True)
        self.summary.setTextFormat(Qt.TextFormat.PlainText)
        self.summary.setContentsMargins(8, 4, 8, 6)
        self.summary.setToolTip(
            self.tr(
                "How often a random deal fits every constraint: exact when only one seat is constrained, "
                "otherwise estimated from a short trial run."
            )
        )
        # While an auction is dealt for (Deal > Deal for an Auction), the auction decides the hands:
        # the editors are disabled and this line says why, with a link that clears the auction.
        self.auction_line = QLabel(self)
        self.auction_line.setObjectName("auctionDecidesLabel")
        self.auction_line.setWordWrap(True)
        self.auction_line.setTextFormat(Qt.TextFormat.RichText)
        self.auction_line.setContentsMargins(8, 6, 8, 6)
        self.auction_line.setFrameShape(QFrame.Shape.StyledPanel)
        self.auction_line.linkActivated.connect(lambda _link: self.clear_auction_requested.emit())
        self.auction_line.hide()
        self.import_notes = QLabel(self)
        self.import_notes.setObjectName("importNotesLabel")
        self.import_notes.setWordWrap(True)
        self.import_notes.setTextFormat(Qt.TextFormat.PlainText)
        self.import_notes.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.import_notes.setContentsMargins(8, 0, 8, 6)
        self.import_notes.hide()
        scroll = _FittingScrollArea(self)
        scroll.setObjectName("constraintsScroll")
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        scroll.setWidget(self.panel)
        self.scroll_area = scroll
        holder = QWidget(self)
        box = QVBoxLayout(holder)
        box.setContentsMargins(0, 0, 0, 0)
        box.setSpacing(0)
        # The summary follows the editors when they all fit and stays in view below them when the
        # dock is too short and they scroll.
        box.addWidget(self.auction_line)
        box.addWidget(scroll)
        rule = QFrame(holder)
        rule.setFrameShape(QFrame.Shape.HLine)
        rule.setFrameShadow(QFrame.Shadow.Sunken)
        box.addWidget(rule)
        box.addWidget(self.summary)
        box.addWidget(self.import_notes)
        box.addStretch(1)
        holder.setMinimumWidth(self.panel.minimumSizeHint().width() + scroll.verticalScrollBar().sizeHint().width() + 4)
        self.setWidget(holder)
        self.setFeatures(
            QDockWidget.DockWidgetFeature.DockWidgetMovable | QDockWidget.DockWidgetFeature.DockWidgetFloatable
        )

    def two_column_width(self) -> int:
        """The dock's width with the editors in two columns (North-South beside East-West)."""
        return self.panel.two_column_width() + self.scroll_area.verticalScrollBar().sizeHint().width() + 4

    def editors(self) -> list[SeatEditor | PartnershipEditor]:
        return self.panel.editors()

    def set_auction(self, auction: str | None) -> None:
        """Set the editors aside while ``auction`` (its text, "1NT – 2♣ (Standard)") decides the hands;
        None brings them back.  The dealer choice stays: it still says who deals (and bids first)."""
        aside = auction is not None
        for editor in self.panel.editors():
            editor.setEnabled(not aside)
        self.panel.advanced_box.setEnabled(not aside)
        self.summary.setVisible(not aside)  # the editors' odds say nothing of the auction's boards
        self.auction_line.setVisible(aside)
        if aside:
            self.auction_line.setText(
                self.tr(
                    "Dealing for the auction {auction}: the auction decides the hands, and these constraints "
                    "are set aside until you <a href='clear'>clear the auction</a>."
                ).format(auction=html.escape(auction or ""))
            )

    # -- the request ---------------------------------------------------------------------------------

    def current_request(self) -> DealRequest:
        """The request the editors describe; raises ``ConstraintError`` with the seat and field of a mistake."""
        seats = []
        for seat, name in zip(SEATS, SEAT_NAMES, strict=True):
            try:
                seats.append(self.seat_editors[seat].constraint())
            except ConstraintError as exc:
                raise ConstraintError(f"{name}: {exc}", seat=seat, field=exc.field, reason=exc.reason) from None
        sides = []
        for side in SIDES:
            try:
                sides.append(self.partnership_editors[side].constraint())
            except ConstraintError as exc:
                raise ConstraintError(f"{side}: {exc}", seat=side, field=exc.field, reason=exc.reason) from None
        request = DealRequest(tuple(seats), sides[0], sides[1], condition=self._compiled_condition())  # type: ignore[arg-type]
        self._refuse_condition_against_seats(request)
        return request

    def _refuse_condition_against_seats(self, request: DealRequest) -> None:
        """Refuse a condition no deal meets together with the seat editors (North ``hcp 20+`` and
        ``hcp(north) < 10``), as the command line refuses the same dealer script: the engine's one
        check, shown at the condition field; ``ConstraintError`` with the seat and field it names."""
        if request.condition is None:
            self.condition_editor.set_conflict(None)
            return
        text = self.condition_editor.text()
        key = (text, request.seats, request.ns, request.ew)
        if self._conflict_cache is None or self._conflict_cache[0] != key:  # compiled once per change
            refusal: ScriptError | None = None
            try:
                refuse_condition_against(DealRequest(request.seats, request.ns, request.ew), text)
            except ScriptError as exc:
                refusal = exc
            self._conflict_cache = (key, refusal)
        refusal = self._conflict_cache[1]
        self.condition_editor.set_conflict(refusal)
        if refusal is not None:
            where = (refusal.seat, refusal.field or None) if isinstance(refusal, ContradictionError) else ("", None)
            raise ConstraintError(
                self.tr("Advanced condition: {e}").format(e=refusal), seat=where[0], field=where[1], reason=str(refusal)
            )

    def _compiled_condition(self) -> ExpressionCondition | None:
        """The advanced condition, compiled (None when empty); a malformed one raises ``ConstraintError``."""
        text = self.condition_editor.text()
        cached_text, cached = self._condition_cache
        if text == cached_text and cached is not None:
            return cached
        try:
            condition = self.condition_editor.condition()
        except ScriptError as exc:
            raise ConstraintError(self.tr("Advanced condition: {e}").format(e=exc)) from None
        self._condition_cache = (text, condition)
        return condition

    def advanced_condition(self) -> str:
        """The advanced condition's text (dealer language; "" when there is none)."""
        return self.condition_editor.text().strip()

    def request_specs(self) -> dict[str, str]:
        """The editors' texts by key (N E S W NS EW), as presets and settings store them."""
        specs = {seat: e.spec() for seat, e in self.seat_editors.items()}
        specs |= {side: e.spec() for side, e in self.partnership_editors.items()}
        return specs

    def request_text(self) -> str:
        """The request in one line, for a saved set's header ("N: hcp 15-17, balanced; dealer S")."""
        parts = [f"{key}: {spec}" for key, spec in self.request_specs().items() if spec]
        if self.advanced_condition():
            parts.append(f"condition {' '.join(self.advanced_condition().split())}")
        if self.dealer_mode() != "board":
            parts.append(f"dealer {self.dealer_mode()}")
        return "; ".join(parts) or "no constraints"

    def dealer_mode(self) -> str:
        """ "board" (the dealer follows the board number) or the seat that deals every board."""
        return str(self.panel.dealer_combo.currentData())

    def set_dealer_mode(self, mode: str) -> None:
        combo = self.panel.dealer_combo
        combo.setCurrentIndex(max(combo.findData(mode), 0))

    def fixed_dealer(self) -> str | None:
        """The seat that deals every board, or None when the dealer follows the board number."""
        mode = self.dealer_mode()
        return None if mode == "board" else mode

    def set_constraints(self, specs: Mapping[str, str], advanced: str, dealer: str | None = None) -> None:
        """Fill every editor from ``specs`` (keys N E S W NS EW); all or nothing.

        Raises ``ConstraintError`` (or ``ValueError``) when a spec cannot be shown, after putting the
        editors back as they were: a preset or script that fails halfway changes nothing.
        """
        before = (self.request_specs(), self.condition_editor.text(), self.dealer_mode())
        try:
            for seat, editor in self.seat_editors.items():
                editor.set_spec(specs.get(seat, ""))
            for side, side_editor in self.partnership_editors.items():
                side_editor.set_spec(specs.get(side, ""))
        except (ConstraintError, ValueError):
            self._restore(*before)
            raise
        self.condition_editor.set_text(advanced)
        if dealer is not None:
            self.set_dealer_mode(dealer)

    def _restore(self, specs: dict[str, str], advanced: str, dealer: str) -> None:
        for key, spec in specs.items():
            editor = self.seat_editors.get(key) or self.partnership_editors[key]
            with contextlib.suppress(ConstraintError, ValueError):
                editor.set_spec(spec)
        self.condition_editor.set_text(advanced)
        self.set_dealer_mode(dealer)

    def set_import_notes(self, text: str) -> None:
        """What an imported dealer script held that the editors cannot use ("" hides the line)."""
        self.import_notes.setText(text)
        self.import_notes.setVisible(bool(text))

    def clear(self) -> None:
        self.set_import_notes("")
        for editor in self.editors():
            editor.clear()
        self.condition_editor.set_text("")
        self.set_dealer_mode("board")

    # -- settings ------------------------------------------------------------------------------------

    def restore_settings(self, settings: Settings) -> list[str]:
        """Fill the editors from the settings; returns what had to be dropped (a corrupt or old entry).

        Stored text is whatever the file held: a value that fails in *any* way (a ``ConstraintError``,
        or a ``RecursionError``/``OverflowError`` from a parser fed something it never expected) is
        dropped alone, so one bad value never stops the window from starting.
        """
        problems = []
        names = dict(zip(SEATS, SEAT_NAMES, strict=True)) | {side: side for side in SIDES}
        editors: list[tuple[str, SeatEditor | PartnershipEditor]] = [
            *self.seat_editors.items(),
            *self.partnership_editors.items(),
        ]
        for key, editor in editors:
            try:
                editor.set_spec(settings[f"constraints/{key}"])
            except Exception as exc:  # any failure drops this value alone (see the docstring)
                with contextlib.suppress(Exception):
                    editor.clear()
                settings.reset(f"constraints/{key}")
                problems.append(f"{names[key]}: {_describe(exc)}")
        try:
            # A ScriptError is kept: the editor shows it where it is, and the user can correct it.
            self.condition_editor.set_text(settings[ADVANCED_SETTING])
        except Exception as exc:  # a compiler failure of any kind must not stop the window
            self.condition_editor.set_text("")
            settings.reset(ADVANCED_SETTING)
            problems.append(self.tr("advanced condition (cleared): {e}").format(e=_describe(exc)))
        if self.condition_editor.error() is not None:
            problems.append(self.tr("advanced condition: {e}").format(e=self.condition_editor.error()))
        dealer = settings["constraints/dealer"]
        self.set_dealer_mode(dealer if dealer in DEALER_MODES else "board")
        return problems

    def store_settings(self, settings: Settings) -> None:
        for key, spec in self.request_specs().items():
            settings[f"constraints/{key}"] = spec
        settings[ADVANCED_SETTING] = self.condition_editor.text()
        settings["constraints/dealer"] = self.dealer_mode()

    # -- showing -------------------------------------------------------------------------------------

    def set_summary(self, text: str, *, error: bool = False, warning: bool = False) -> None:
        """The line under the editors: the whole request's frequency, or what is wrong."""
        label = self.summary
        label.setText(text)
        label.setProperty("error", error)
        colour = ""
        if error or warning:
            from bridgegui.ui.widgets.suit_text import red_colour

            colour = red_colour(label.palette()).name() if error else "#b26a00"
        label.setStyleSheet(f"color: {colour};" if colour else "")

    def focus_seat_editor(self, seat: str) -> None:
        """Scroll ``seat``'s editor into view and put the cursor in its HCP field (a click on a hand)."""
        editor = self.seat_editors.get(seat)
        if editor is None or not self.isVisible():
            return
        self.scroll_area.ensureWidgetVisible(editor)
        editor.field_widgets("hcp")[0].setFocus(Qt.FocusReason.MouseFocusReason)


__all__ = ["ADVANCED_SETTING", "ConstraintsDock", "ConstraintsPanel"]
