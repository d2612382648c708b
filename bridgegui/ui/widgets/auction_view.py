"""The auction as bridge players write it: four columns W N E S, the first call under the dealer.

Each call's explanation is its tooltip, so a student can ask what a call means the way one asks
the opponents at the table; an alerted call carries a small ``!`` and its note.  While the auction
goes on, the seat to call next shows ``?``.

At the end of a practice board the window shows the student's auction and the system's side by
side (``set_second_auction``) in one widget rather than two: the two tables then share one height
and one set of titles, and the calls that differ are worked out here, once, and highlighted in both.

A model and a ``QTableView`` rather than a painted widget, because screen readers read a table's
cells (each cell's accessible text is the call in words); a small delegate paints only what a
plain view cannot, the suit symbol in its colour.  A new auction is one model reset: a 20-call
auction is shown in well under a millisecond of Python.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QAbstractTableModel, QEvent, QModelIndex, QObject, QPersistentModelIndex, QRect, QSize, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPalette
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QBoxLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QSizePolicy,
    QStyle,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from bridgegui.engine.bidding.calls import Auction, Call
from bridgegui.ui.widgets.bidding_box import call_segments
from bridgegui.ui.widgets.suit_text import is_dark, suit_colours

COLUMNS = "WNES"
"""Column order: West first, as bridge columns, books and BBO print an auction."""

CALL_ROLE = Qt.ItemDataRole.UserRole + 1
"""The cell's ``Call`` (``None`` for an empty cell or the ``?``)."""
ALERT_ROLE = Qt.ItemDataRole.UserRole + 2
"""True for an alerted call."""
DIFFERS_ROLE = Qt.ItemDataRole.UserRole + 3
"""True for a call that differs from the other auction shown beside it."""
NEXT_ROLE = Qt.ItemDataRole.UserRole + 4
"""True for the ``?`` of the seat to call next."""
INDEX_ROLE = Qt.ItemDataRole.UserRole + 5
"""The call's position in the auction (0 = the dealer's first call), or -1."""

_MIN_ROWS = 3
_Index = QModelIndex | QPersistentModelIndex


def alert_colour(palette: QPalette) -> QColor:
    """A blue for the alert mark that reads on the palette's background and is no suit's colour.

    Not the palette's link colour: many dark themes leave it the default dark blue, unreadable there.
    """
    return QColor("#64b5f6") if is_dark(palette) else QColor("#1565c0")


def _tr(text: str) -> str:
    return QApplication.translate("AuctionView", text)


def _seat_name(seat: str) -> str:
    return {"N": _tr("North"), "E": _tr("East"), "S": _tr("South"), "W": _tr("West")}[seat]


def _seat_letter(seat: str) -> str:
    """The column header: a seat's initial, translated (a German table reads W N O S)."""
    return {"N": _tr("N"), "E": _tr("E"), "S": _tr("S"), "W": _tr("W")}[seat]


def _strain_words(strain: str) -> str:
    return {
        "C": _tr("clubs"),
        "D": _tr("diamonds"),
        "H": _tr("hearts"),
        "S": _tr("spades"),
        "NT": _tr("notrump"),
    }[strain]


def differing_positions(first: Auction | None, second: Auction | None) -> tuple[int, ...]:
    """The positions at which two auctions' calls differ, a call missing from the shorter one included.

    Position by position, not by alignment: the student and the system bid the same board from the
    same dealer, so call ``i`` is the same seat's call in both, and a difference there is the point
    where they parted (everything after it follows from it).
    """
    if first is None or second is None:
        return ()
    a, b = first.calls, second.calls
    return tuple(i for i in range(max(len(a), len(b))) if i >= len(a) or i >= len(b) or a[i] != b[i])


def contract_words(auction: Auction | None) -> str:
    """``"3NT by North"``, ``"4♥X by South"``, ``"Passed out"``, or ``""`` while the auction goes on."""
    if auction is None or not auction.is_complete:
        return ""
    contract = auction.contract()
    if contract is None:
        return _tr("Passed out")
    return _tr("{contract} by {seat}").format(contract=contract.symbol(), seat=_seat_name(contract.declarer))


class AuctionModel(QAbstractTableModel):
    """One auction laid out in four columns from the dealer's, one row per round.

    Cells before the dealer's column in the first row are empty; the seat to call next shows ``?``
    while the auction is not complete.  Calls from ``hidden_from`` on are not shown (see
    ``AuctionView.set_auction``).
    """

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._auction: Auction | None = None
        self._explanations: tuple[str, ...] = ()
        self._shown = 0
        self._offset = 0
        self._differs: frozenset[int] = frozenset()
        self._other: Auction | None = None
        self._other_title = ""
        self.minimum_rows = _MIN_ROWS
        """Rows shown however short the auction (``AuctionView.set_minimum_rows``)."""
        self._rows = _MIN_ROWS

    # -- content -----------------------------------------------------------------------------------

    def set_auction(
        self, auction: Auction | None, explanations: Sequence[str | None] | None, hidden_from: int | None
    ) -> None:
        self.beginResetModel()
        self._auction = auction
        self._explanations = tuple(e or "" for e in explanations) if explanations else ()
        count = len(auction.calls) if auction is not None else 0
        self._shown = count if hidden_from is None else max(0, min(count, hidden_from))
        self._offset = COLUMNS.index(auction.dealer) if auction is not None else 0
        self._rows = self._needed_rows()
        self.endResetModel()

    def set_minimum_rows(self, rows: int) -> None:
        self.beginResetModel()
        self.minimum_rows = rows
        self._rows = self._needed_rows()
        self.endResetModel()

    def _needed_rows(self) -> int:
        cells = self._offset + self._shown + (1 if self.shows_next() else 0)
        return max(self.minimum_rows, -(-cells // 4))

    def set_other(self, other: Auction | None, title: str, differs: Sequence[int]) -> None:
        """The auction shown beside this one, for the differing calls' highlight and tooltips."""
        self._other = other
        self._other_title = title
        self._differs = frozenset(differs)
        if self._rows:
            self.dataChanged.emit(self.index(0, 0), self.index(self._rows - 1, 3))

    def auction(self) -> Auction | None:
        return self._auction

    def shown_calls(self) -> int:
        return self._shown

    def shows_next(self) -> bool:
        """Whether a ``?`` marks the next seat: the auction goes on, or calls are still hidden."""
        auction = self._auction
        return auction is not None and (self._shown < len(auction.calls) or not auction.is_complete)

    def cell_of(self, i: int) -> tuple[int, int]:
        """The (row, column) of call ``i`` (``i == shown_calls()``: the ``?``)."""
        cell = self._offset + i
        return cell // 4, cell % 4

    def call_index(self, row: int, column: int) -> int:
        """The position of the call in a cell (may be out of range: an empty cell)."""
        return row * 4 + column - self._offset

    # -- Qt model ----------------------------------------------------------------------------------

    def rowCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008 - Qt's own default argument
        return 0 if parent.isValid() else self._rows

    def columnCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008 - Qt's own default argument
        return 0 if parent.isValid() else 4

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if orientation != Qt.Orientation.Horizontal or not 0 <= section < 4:
            return None
        seat = COLUMNS[section]
        if role == Qt.ItemDataRole.DisplayRole:
            return _seat_letter(seat)
        if role in (Qt.ItemDataRole.ToolTipRole, Qt.ItemDataRole.AccessibleTextRole):
            if self._auction is not None and self._auction.dealer == seat:
                return _tr("{seat} (dealer)").format(seat=_seat_name(seat))
            return _seat_name(seat)
        if role == Qt.ItemDataRole.TextAlignmentRole:
            return int(Qt.AlignmentFlag.AlignCenter)
        return None

    def flags(self, index: _Index) -> Qt.ItemFlag:
        return Qt.ItemFlag.ItemIsEnabled if index.isValid() else Qt.ItemFlag.NoItemFlags

    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if not index.isValid() or self._auction is None:
            return None
        i = self.call_index(index.row(), index.column())
        auction = self._auction
        if i == self._shown and self.shows_next():
            return self._next_data(i, role)
        if not 0 <= i < self._shown:
            return -1 if role == INDEX_ROLE else None
        call = auction.calls[i]
        if role == Qt.ItemDataRole.DisplayRole:
            return call.symbol() + ("!" if auction.alerts[i] else "")
        if role == CALL_ROLE:
            return call
        if role == ALERT_ROLE:
            return auction.alerts[i]
        if role == DIFFERS_ROLE:
            return i in self._differs
        if role == INDEX_ROLE:
            return i
        if role == Qt.ItemDataRole.ToolTipRole:
            return self._tooltip(i) or None
        if role == Qt.ItemDataRole.AccessibleTextRole:
            words = self._call_words(call)
            if auction.alerts[i]:
                words = _tr("{call}, alerted").format(call=words)
            return words
        if role == Qt.ItemDataRole.TextAlignmentRole:
            return int(Qt.AlignmentFlag.AlignCenter)
        return None

    # -- internals ---------------------------------------------------------------------------------

    def _next_data(self, i: int, role: int) -> object:
        assert self._auction is not None
        if role == Qt.ItemDataRole.DisplayRole:
            return "?"
        if role == NEXT_ROLE:
            return True
        if role == INDEX_ROLE:
            return i
        if role in (Qt.ItemDataRole.ToolTipRole, Qt.ItemDataRole.AccessibleTextRole):
            seat = COLUMNS[(self._offset + i) % 4]
            return _tr("{seat} to call").format(seat=_seat_name(seat))
        if role == Qt.ItemDataRole.TextAlignmentRole:
            return int(Qt.AlignmentFlag.AlignCenter)
        return None

    def _tooltip(self, i: int) -> str:
        """The explanation, the alert's note (when it says something else), and what differs."""
        assert self._auction is not None
        explanation = self._explanations[i] if i < len(self._explanations) else ""
        note = self._auction.notes[i] or ""
        lines = []
        if self._auction.alerts[i]:
            lines.append(_tr("Alert: {note}").format(note=note) if note else _tr("Alert"))
        elif note and note != explanation:
            lines.append(note)
        if explanation and explanation != note:
            lines.append(explanation)
        if i in self._differs:
            other = self._other
            if other is not None and i < len(other.calls):
                there = other.calls[i].symbol()
                lines.append(_tr("{title}: {call} here").format(title=self._other_title, call=there))
            else:
                lines.append(_tr("{title}: no call here").format(title=self._other_title))
        return "\n".join(lines)

    @staticmethod
    def _call_words(call: Call) -> str:
        if call.is_pass:
            return _tr("Pass")
        if call.is_double:
            return _tr("Double")
        if call.is_redouble:
            return _tr("Redouble")
        return _tr("{level} {strain}").format(level=call.level, strain=_strain_words(call.strain))


class _CallDelegate(QStyledItemDelegate):
    """Paints a call with its suit symbol coloured, a small ``!`` for an alert, and the difference mark.

    Colours come from the view's palette at paint time, so a theme change needs no bookkeeping.
    """

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.four_colour = False

    def paint(self, painter: QPainter, option: QStyleOptionViewItem, index: _Index) -> None:
        opt = QStyleOptionViewItem(option)
        self.initStyleOption(opt, index)
        opt.text = ""
        widget = opt.widget
        style = widget.style() if widget is not None else QApplication.style()
        style.drawControl(QStyle.ControlElement.CE_ItemViewItem, opt, painter, widget)
        palette: QPalette = opt.palette
        rect: QRect = opt.rect
        differs = bool(index.data(DIFFERS_ROLE))
        painter.save()
        if differs:
            mark = QColor(palette.color(QPalette.ColorRole.Highlight))
            mark.setAlphaF(0.35)
            painter.fillRect(rect.adjusted(1, 1, -1, -1), mark)
        font = QFont(opt.font)
        font.setBold(differs or bool(index.data(NEXT_ROLE)))
        painter.setFont(font)
        text_colour = palette.color(QPalette.ColorRole.Text)
        call = index.data(CALL_ROLE)
        if isinstance(call, Call):
            segments: list[tuple[str, QColor]] = []
            colours = suit_colours(palette, self.four_colour)
            for text, suit in call_segments(call):
                segments.append((text, text_colour if suit is None else QColor(colours[suit])))
            if index.data(ALERT_ROLE):
                segments.append(("!", alert_colour(palette)))
        else:
            text = index.data(Qt.ItemDataRole.DisplayRole)
            segments = [(text, text_colour)] if isinstance(text, str) and text else []
        metrics = painter.fontMetrics()
        total = sum(metrics.horizontalAdvance(text) for text, _ in segments)
        x = rect.left() + (rect.width() - total) // 2
        for text, colour in segments:
            width = metrics.horizontalAdvance(text)
            painter.setPen(colour)
            painter.drawText(QRect(x, rect.top(), width, rect.height()), int(Qt.AlignmentFlag.AlignCenter), text)
            x += width
        painter.restore()


class _AuctionTable(QTableView):
    """A table that asks for the height of its rows, so a short auction takes little room."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.setShowGrid(False)
        self.setCornerButtonEnabled(False)
        self.setWordWrap(False)
        self.verticalHeader().hide()
        self.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        self.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        self.horizontalHeader().setHighlightSections(False)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Preferred)
        self._fit_font()

    def _fit_font(self) -> None:
        metrics = self.fontMetrics()
        self.verticalHeader().setDefaultSectionSize(metrics.height() + 6)
        self.horizontalHeader().setMinimumSectionSize(metrics.horizontalAdvance("Rdbl!") + 10)

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.FontChange:
            self._fit_font()
            self.updateGeometry()
        super().changeEvent(event)

    def sizeHint(self) -> QSize:
        model = self.model()
        rows = model.rowCount() if model is not None else _MIN_ROWS
        height = self.horizontalHeader().sizeHint().height() + rows * self.verticalHeader().defaultSectionSize()
        width = 4 * self.horizontalHeader().minimumSectionSize()
        frame = 2 * self.frameWidth()
        return QSize(width + frame, height + frame)

    def minimumSizeHint(self) -> QSize:
        hint = self.sizeHint()
        rows_min = self.horizontalHeader().sizeHint().height() + _MIN_ROWS * self.verticalHeader().defaultSectionSize()
        return QSize(hint.width(), min(hint.height(), rows_min + 2 * self.frameWidth()))


class _Pane(QWidget):
    """One auction with its title (shown only side by side) and its final contract."""

    def __init__(self, name: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2)
        self.title = QLabel(self)
        self.title.setObjectName(f"{name}Title")
        bold = QFont(self.title.font())
        bold.setBold(True)
        self.title.setFont(bold)
        self.title.hide()
        layout.addWidget(self.title)
        self.model = AuctionModel(self)
        self.delegate = _CallDelegate(self)
        self.table = _AuctionTable(self)
        self.table.setObjectName(f"{name}Table")
        self.table.setModel(self.model)
        self.table.setItemDelegate(self.delegate)
        layout.addWidget(self.table, 1)
        self.contract = QLabel(self)
        self.contract.setObjectName(f"{name}Contract")
        self.contract.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        layout.addWidget(self.contract)


class AuctionView(QWidget):
    """The auction in four columns W N E S, and optionally a second auction beside it.

    No signals: the view only shows what the window gives it.

    ObjectNames: the view ``auctionView``; the tables ``auctionTable`` and ``secondAuctionTable``; their
    titles ``auctionTitle`` and ``secondAuctionTitle`` (shown only side by side); the final contracts
    under them ``auctionContract`` and ``secondAuctionContract`` (empty while the auction goes on).
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("auctionView")
        self.setAccessibleName(self.tr("Auction"))
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(12)
        self._layout = layout
        self._first = _Pane("auction", self)
        self._second = _Pane("secondAuction", self)
        self._second.hide()
        layout.addWidget(self._first, 1)
        layout.addWidget(self._second, 1)
        self._first.table.setAccessibleName(self.tr("Auction"))
        self._second.table.setAccessibleName(self.tr("Second auction"))
        self._second_title = ""
        self._first_title = ""
        self._differs: tuple[int, ...] = ()
        self._has_second = False

    # -- API ---------------------------------------------------------------------------------------

    def set_minimum_rows(self, rows: int) -> None:
        """Keep room for ``rows`` rounds of calls however short the auction: the view then keeps its
        height while most auctions are bid (the bidding box under it in practice stays put)."""
        for pane in (self._first, self._second):
            pane.model.set_minimum_rows(rows)
            pane.table.updateGeometry()

    def set_stacked(self, stacked: bool) -> None:
        """Put the second auction under the first (a narrow dock) rather than beside it."""
        self._layout.setDirection(QBoxLayout.Direction.TopToBottom if stacked else QBoxLayout.Direction.LeftToRight)

    def is_stacked(self) -> bool:
        return self._layout.direction() == QBoxLayout.Direction.TopToBottom

    def set_auction(
        self,
        auction: Auction | None,
        explanations: Sequence[str | None] | None = None,
        *,
        hidden_from: int | None = None,
    ) -> None:
        """Show ``auction``; ``explanations[i]`` is call ``i``'s tooltip (the auction's notes fill gaps).

        ``hidden_from``: show only the calls before this position, and ``?`` at the seat of the first
        hidden one, so a teacher can step through a known auction (or a quiz can ask "what next?")
        without its later calls, or their explanations, showing.  ``None`` shows every call.
        """
        self._first.model.set_auction(auction, explanations, hidden_from)
        self._first.contract.setText(self.contract_text())
        self._compare()
        self._first.table.updateGeometry()

    def set_second_auction(
        self,
        auction: Auction | None,
        explanations: Sequence[str | None] | None = None,
        title: str | None = None,
        *,
        first_title: str | None = None,
    ) -> None:
        """Show ``auction`` beside the first one, with the calls where the two differ highlighted in both.

        For the end of a practice board: the student's auction (``set_auction``) and the system's
        (here).  ``title`` names this one ("The system's auction" by default) and ``first_title`` the
        first ("Your auction"); the titles show only while there are two.  ``None`` hides the second
        auction; ``set_auction`` alone never does, so call this with ``None`` for a new board.
        """
        self._second_title = title if title is not None else self.tr("The system's auction")
        self._first_title = first_title if first_title is not None else self.tr("Your auction")
        self._second.model.set_auction(auction, explanations, None)
        self._second.contract.setText(contract_words(auction))
        shown = self._has_second = auction is not None
        self._second.setVisible(shown)
        self._first.title.setVisible(shown)
        self._second.title.setVisible(shown)
        self._first.title.setText(self._first_title)
        self._second.title.setText(self._second_title)
        self._compare()
        self._second.table.updateGeometry()

    def auction(self) -> Auction | None:
        return self._first.model.auction()

    def second_auction(self) -> Auction | None:
        return self._second.model.auction() if self._has_second else None

    def differing_calls(self) -> tuple[int, ...]:
        """Positions where the two auctions differ (empty without a second auction)."""
        return self._differs

    def contract_text(self, auction: Auction | None = None) -> str:
        """``"3NT by North"`` / ``"Passed out"`` for ``auction`` (default: the first one shown), or ``""``.

        Empty while the auction goes on, or while some of its calls are hidden (``hidden_from``).
        """
        if auction is None:
            model = self._first.model
            if model.auction() is None or model.shows_next():
                return ""
            auction = model.auction()
        return contract_words(auction)

    def set_four_colour(self, on: bool) -> None:
        """Colour ♦ and ♣ as a four-colour deck does, like the deal diagram and the bidding box."""
        for pane in (self._first, self._second):
            pane.delegate.four_colour = bool(on)
            pane.table.viewport().update()

    def table(self, second: bool = False) -> QTableView:
        """The first auction's table, or the second's (for the window's layout and for tests)."""
        return (self._second if second else self._first).table

    def cell_text(self, row: int, column: int, *, second: bool = False) -> str:
        """The text of one cell (``"1♥"``, ``"Pass"``, ``"2♣!"``, ``"?"`` or ``""``); column 0 is West."""
        model = (self._second if second else self._first).model
        value = model.data(model.index(row, column), Qt.ItemDataRole.DisplayRole)
        return value if isinstance(value, str) else ""

    def cell_tooltip(self, row: int, column: int, *, second: bool = False) -> str:
        model = (self._second if second else self._first).model
        value = model.data(model.index(row, column), Qt.ItemDataRole.ToolTipRole)
        return value if isinstance(value, str) else ""

    def cell_of(self, i: int, *, second: bool = False) -> tuple[int, int]:
        """The (row, column) where call ``i`` stands; column 0 is West."""
        return (self._second if second else self._first).model.cell_of(i)

    # -- internals ---------------------------------------------------------------------------------

    def _compare(self) -> None:
        second = self._second.model.auction() if self._has_second else None
        first = self._first.model.auction()
        self._differs = differing_positions(first, second)
        self._first.model.set_other(second, self._second_title, self._differs)
        self._second.model.set_other(first, self._first_title, self._differs)


__all__ = [
    "ALERT_ROLE",
    "CALL_ROLE",
    "COLUMNS",
    "DIFFERS_ROLE",
    "INDEX_ROLE",
    "NEXT_ROLE",
    "AuctionModel",
    "AuctionView",
    "alert_colour",
    "contract_words",
    "differing_positions",
]
