"""The board list: the boards of the current set, one row each, with a one-line summary.

A model/view pair rather than a ``QListWidget``: a set can hold thousands of boards that arrive in
batches while a search runs, and a model appends a batch with one ``beginInsertRows`` and computes a
row's summary only when the row is painted.

The summary respects practice mode: seats the student may not see are left out, so the list never
gives away a hidden hand.  Boards changed since the last save carry a mark (``*`` after the number,
and a tooltip), matching the ``*`` in the window title.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cached_property

import numpy as np
from PySide6.QtCore import (
    QAbstractTableModel,
    QItemSelection,
    QItemSelectionModel,
    QModelIndex,
    QPersistentModelIndex,
    QPoint,
    Qt,
    Signal,
    Slot,
)
from PySide6.QtGui import QAction, QFont
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QMenu, QTableView, QWidget

from bridgegui.engine.boards import Board
from bridgegui.engine.cards import SEATS, Deal, Hand

NUMBER, DEALER, VULNERABLE, SUMMARY, SCENARIO = range(5)

_Index = QModelIndex | QPersistentModelIndex


def hand_summary(hand: Hand) -> str:
    """``16 HCP 4=3=3=2``: points and suit lengths in ♠ ♥ ♦ ♣ order.

    The ``=`` form is bridge writing for lengths in suit order (``4-3-3-3`` would be the pattern in any
    order), so a teacher scanning the list sees which suit is long, not only how long.
    """
    return f"{hand.hcp} HCP {'='.join(str(n) for n in hand.shape)}"


def board_summary(board: Board, visible: str = "NESW", hcp_word: str = "HCP") -> str:
    """``N 16 HCP 4=3=3=3 · E 9 HCP 5=4=2=2 · …`` for the visible seats with known hands."""
    if board.deal is None:
        return ""
    parts = []
    for seat, mask in zip(SEATS, board.deal.hands, strict=True):
        if seat in visible and mask is not None:
            text = hand_summary(Hand(mask))
            if hcp_word != "HCP":
                text = text.replace("HCP", hcp_word, 1)
            parts.append(f"{seat} {text}")
    return " · ".join(parts)


def _runs(rows: list[int]) -> list[tuple[int, int]]:
    """Ascending rows as ``(first, last)`` runs of consecutive rows."""
    runs: list[tuple[int, int]] = []
    for row in rows:
        if runs and runs[-1][1] == row - 1:
            runs[-1] = (runs[-1][0], row)
        else:
            runs.append((row, row))
    return runs


@dataclass(frozen=True)
class DealtBlock:
    """Boards just dealt, kept as the engine's array until a row is looked at.

    A fast request can deliver a hundred thousand deals in one go; building a ``Deal`` and a ``Board``
    for each on the GUI thread would stall it for seconds, so rows are made into boards on demand
    (the view asks only for the rows on screen).
    """

    deals: np.ndarray
    first_number: int
    dealer: str | None
    tags: tuple[tuple[str, str], ...]

    @cached_property
    def scenario(self) -> bool:
        """True when the block's boards carry a ``Scenario`` tag."""
        return any(name == "Scenario" and value for name, value in self.tags)

    def board(self, i: int) -> Board:
        return Board(
            self.first_number + i,
            Deal.from_masks(self.deals[i].tolist()),
            dealer=self.dealer,
            tags=self.tags,
        )


_Pending = tuple[DealtBlock, int]
"""A row whose board is not made yet: its block and its index in the block."""


@dataclass(frozen=True)
class BoardSetSnapshot:
    """A board set's rows and unsaved flags at one moment (``BoardListModel.snapshot``)."""

    entries: tuple[Board | _Pending, ...]
    unsaved: tuple[bool, ...]


class BoardListModel(QAbstractTableModel):
    """The current set of boards, with an "unsaved" flag per row.

    A row holds a ``Board`` or, until it is first looked at, a ``(DealtBlock, index)`` pair (see
    ``DealtBlock``).  Keeping the pending pair in the row itself, rather than a block's first row, lets
    rows be deleted, inserted and moved anywhere without making the boards of a large dealt set.

    ``snapshot()`` and ``restore()`` copy the rows (not the boards, which are immutable), so the undo
    stack can put a whole set back cheaply.

    Signals (GUI thread): ``saved()`` when every board was marked saved.
    """

    saved = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._boards: list[Board | _Pending] = []
        self._unsaved: list[bool] = []
        self._visible = "NESW"
        self._summaries: dict[int, str] = {}
        self._max_number = 0
        self._scenario = False  # some board has a Scenario tag: the list shows that column

    # -- content -------------------------------------------------------------------------------------

    def boards(self) -> list[Board]:
        """Every board (made now if still pending: for saving, not for display)."""
        return [self.board(row) for row in range(len(self._boards))]

    def board(self, row: int) -> Board:
        entry = self._boards[row]
        if isinstance(entry, tuple):
            block, i = entry
            entry = block.board(i)
            self._boards[row] = entry
        return entry

    def number_at(self, row: int) -> int | None:
        """The board number of ``row`` without making a pending board."""
        entry = self._boards[row]
        if isinstance(entry, tuple):
            return entry[0].first_number + entry[1]
        return entry.number

    def next_number(self) -> int:
        """One more than the highest board number in the set (1 for an empty set)."""
        return self._max_number + 1

    def any_unsaved(self) -> bool:
        return any(self._unsaved)

    def unsaved(self, row: int) -> bool:
        return self._unsaved[row]

    def has_scenarios(self) -> bool:
        """True when some board carries a ``Scenario`` tag (the list then shows a Scenario column)."""
        return self._scenario

    def _recount(self, *, in_reset: bool = False) -> None:
        """Highest number and whether any board names a scenario, from every row (after rows changed)."""
        numbers = [self.number_at(row) for row in range(len(self._boards))]
        self._max_number = max((n for n in numbers if n is not None), default=0)
        blocks = {id(e[0]): e[0] for e in self._boards if isinstance(e, tuple)}
        scenario = any(b.scenario for b in blocks.values()) or any(
            isinstance(e, Board) and e.tag("Scenario") for e in self._boards
        )
        if in_reset:
            self._scenario = scenario
        else:
            self._set_scenario(scenario)

    def _note(self, entries: Iterable[Board | _Pending]) -> None:
        for entry in entries:
            if isinstance(entry, tuple):
                number: int | None = entry[0].first_number + entry[1]
            else:
                number = entry.number
            if number is not None:
                self._max_number = max(self._max_number, number)
            if not self._scenario and (entry[0].scenario if isinstance(entry, tuple) else entry.tag("Scenario")):
                self._set_scenario(True)

    def _set_scenario(self, on: bool) -> None:
        """Show or hide the Scenario column (a column insert, so views keep their other columns)."""
        if on == self._scenario:
            return
        if on:
            self.beginInsertColumns(QModelIndex(), SCENARIO, SCENARIO)
            self._scenario = True
            self.endInsertColumns()
        else:
            self.beginRemoveColumns(QModelIndex(), SCENARIO, SCENARIO)
            self._scenario = False
            self.endRemoveColumns()

    def set_boards(self, boards: Iterable[Board], *, unsaved: bool = False) -> None:
        self.beginResetModel()
        self._boards = list(boards)
        self._unsaved = [unsaved] * len(self._boards)
        self._summaries.clear()
        self._recount(in_reset=True)
        self.endResetModel()

    def append_boards(self, boards: Sequence[Board], *, unsaved: bool = True) -> None:
        self.insert_boards(len(self._boards), boards, [unsaved] * len(boards))

    def insert_boards(self, row: int, boards: Sequence[Board | _Pending], unsaved: Sequence[bool]) -> None:
        """Put ``boards`` (with their unsaved flags) before ``row`` (``rowCount()``: at the end)."""
        if not boards:
            return
        self.beginInsertRows(QModelIndex(), row, row + len(boards) - 1)
        self._boards[row:row] = list(boards)
        self._unsaved[row:row] = list(unsaved)
        self._summaries.clear()
        self.endInsertRows()
        self._note(boards)

    def append_dealt(self, block: DealtBlock, *, unsaved: bool = True) -> None:
        """Append freshly dealt boards without making them yet (see ``DealtBlock``)."""
        count = block.deals.shape[0]
        if not count:
            return
        first = len(self._boards)
        self.beginInsertRows(QModelIndex(), first, first + count - 1)
        self._boards.extend((block, i) for i in range(count))
        self._unsaved.extend([unsaved] * count)
        self._max_number = max(self._max_number, block.first_number + count - 1)
        self.endInsertRows()
        if block.scenario:
            self._set_scenario(True)

    def remove_rows(self, rows: Iterable[int]) -> list[tuple[int, Board | _Pending, bool]]:
        """Delete ``rows``; returns what was there as ``(row, entry, unsaved)``, ascending, for putting back."""
        removed = [(row, self._boards[row], self._unsaved[row]) for row in sorted(set(rows))]
        for first, last in reversed(_runs([row for row, _e, _f in removed])):
            self.beginRemoveRows(QModelIndex(), first, last)
            del self._boards[first : last + 1]
            del self._unsaved[first : last + 1]
            self.endRemoveRows()
        self._summaries.clear()
        self._recount()
        return removed

    def put_back(self, removed: Sequence[tuple[int, Board | _Pending, bool]]) -> None:
        """Undo ``remove_rows``: each entry back at its row (ascending rows, as ``remove_rows`` returns them)."""
        for row, entry, flag in removed:
            self.insert_boards(row, [entry], [flag])

    def move_rows(self, rows: Sequence[int], offset: int) -> list[int]:
        """Move the boards at ``rows`` together by ``offset`` (-1 up, +1 down); returns their new rows.

        Nothing moves when a board would leave the list.
        """
        rows = sorted(set(rows))
        if not rows or rows[0] + offset < 0 or rows[-1] + offset >= len(self._boards):
            return rows
        order = list(range(len(self._boards)))
        for row in rows if offset < 0 else reversed(rows):
            step = 1 if offset > 0 else -1
            for _ in range(abs(offset)):
                order[row], order[row + step] = order[row + step], order[row]
                row += step
        self._reorder(order)
        return [row + offset for row in rows]

    def _reorder(self, order: list[int]) -> None:
        self.layoutAboutToBeChanged.emit()
        old = self.persistentIndexList()
        position = {source: target for target, source in enumerate(order)}
        self._boards = [self._boards[i] for i in order]
        self._unsaved = [self._unsaved[i] for i in order]
        self._summaries.clear()
        self.changePersistentIndexList(
            old, [self.index(position[index.row()], index.column()) if index.isValid() else index for index in old]
        )
        self.layoutChanged.emit()

    def renumber(self, first: int) -> None:
        """Number the boards ``first``, ``first + 1``, … in list order.

        A board's dealer and vulnerability follow its new number (Law 2) unless the board names its own
        (``Board.dealer``/``vulnerable``); a board label such as "1-1" gives way to the number.
        """
        boards = []
        for row in range(len(self._boards)):
            board = self.board(row)
            tags = tuple(pair for pair in board.tags if pair[0] != "Board")
            boards.append(board.replace(number=first + row, tags=tags))
        self.replace_rows(boards, [True] * len(boards))

    def replace_rows(self, entries: Sequence[Board | _Pending], unsaved: Sequence[bool]) -> None:
        """Every row at once (same count): renumbering, or putting the numbers back."""
        self._boards = list(entries)
        self._unsaved = list(unsaved)
        self._summaries.clear()
        self._recount()
        if self._boards:
            self.dataChanged.emit(self.index(0, 0), self.index(len(self._boards) - 1, self.columnCount() - 1))

    def snapshot(self) -> BoardSetSnapshot:
        """The rows as they are (boards are immutable, so a copy of the lists is a copy of the set)."""
        return BoardSetSnapshot(tuple(self._boards), tuple(self._unsaved))

    def restore(self, snapshot: BoardSetSnapshot) -> None:
        """Put back a ``snapshot()`` (the undo stack's Deal Set, for example)."""
        self.beginResetModel()
        self._boards = list(snapshot.entries)
        self._unsaved = list(snapshot.unsaved)
        self._summaries.clear()
        self._recount(in_reset=True)
        self.endResetModel()

    def replace_board(self, row: int, board: Board, *, unsaved: bool = True) -> None:
        self._boards[row] = board
        self._unsaved[row] = unsaved
        self._summaries.pop(row, None)
        self._note([board])
        self.dataChanged.emit(self.index(row, 0), self.index(row, self.columnCount() - 1))

    def mark_saved(self) -> None:
        """Every board is as its file holds it now (``saved`` tells the undo stack)."""
        self._unsaved = [False] * len(self._boards)
        self.saved.emit()
        if self._boards:
            self.dataChanged.emit(self.index(0, NUMBER), self.index(len(self._boards) - 1, NUMBER))

    def set_visible_seats(self, seats: str) -> None:
        """Summaries show only these seats (practice mode)."""
        if seats == self._visible:
            return
        self._visible = seats
        self._summaries.clear()
        if self._boards:
            self.dataChanged.emit(self.index(0, SUMMARY), self.index(len(self._boards) - 1, SUMMARY))

    # -- Qt model --------------------------------------------------------------------------------------

    def rowCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008 - Qt's own default argument
        return 0 if parent.isValid() else len(self._boards)

    def columnCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008 - Qt's own default argument
        return 0 if parent.isValid() else 5 if self._scenario else 4

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if orientation != Qt.Orientation.Horizontal:
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            return (self.tr("Board"), self.tr("Dealer"), self.tr("Vul"), self.tr("Hands"), self.tr("Scenario"))[section]
        if role == Qt.ItemDataRole.ToolTipRole:
            return (
                self.tr("Board number; * marks a board not saved yet"),
                self.tr("The seat that deals (and bids first)"),
                self.tr("Vulnerability: None, NS, EW or All"),
                self.tr("Points and suit lengths (♠=♥=♦=♣) of each hand you may see"),
                self.tr("The scenario the board was dealt for"),
            )[section]
        return None

    def _summary(self, row: int) -> str:
        text = self._summaries.get(row)
        if text is None:
            text = board_summary(self.board(row), self._visible, self.tr("HCP"))
            self._summaries[row] = text
        return text

    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if not index.isValid() or index.row() >= len(self._boards):
            return None
        row, column = index.row(), index.column()
        board = self.board(row)
        if role == Qt.ItemDataRole.DisplayRole:
            if column == NUMBER:
                label = board.label or "—"
                return f"{label} *" if self._unsaved[row] else label
            if column == DEALER:
                return board.effective_dealer or ""
            if column == VULNERABLE:
                return board.effective_vulnerable or ""
            if column == SCENARIO:
                return board.tag("Scenario") or ""
            if board.deal is None:
                return self.tr("(no deal)")
            return self._summary(row)
        if role == Qt.ItemDataRole.ToolTipRole:
            if column == NUMBER and self._unsaved[row]:
                return self.tr("Not saved yet")
            if column == SUMMARY:
                return self._summary(row).replace(" · ", "\n")
        if role == Qt.ItemDataRole.TextAlignmentRole and column in (NUMBER, DEALER, VULNERABLE):
            return int(Qt.AlignmentFlag.AlignCenter)
        if role == Qt.ItemDataRole.FontRole and column == NUMBER and self._unsaved[row]:
            font = QFont()
            font.setItalic(True)
            return font
        return None


class BoardList(QTableView):
    """The view (objectName ``boardList``); ``board_selected(row)`` fires when the user picks a board.

    Several boards may be selected (Shift and Ctrl, ``ExtendedSelection``) for deleting or moving them
    together; ``selected_rows()`` lists them.  The context menu shows the actions the window gives
    ``set_context_actions`` (the same ``QAction`` s as the Edit menu, so their enabled states agree).
    """

    board_selected = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("boardList")
        self._model = BoardListModel(self)
        self.setModel(self._model)
        self.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.setAlternatingRowColors(True)
        self.setWordWrap(False)
        self.setShowGrid(False)
        self.verticalHeader().hide()
        self.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        self.verticalHeader().setDefaultSectionSize(self.fontMetrics().height() + 6)
        header = self.horizontalHeader()
        header.setHighlightSections(False)
        self._fit_columns()
        header.setSectionResizeMode(SUMMARY, QHeaderView.ResizeMode.Stretch)
        self.setAccessibleName(self.tr("Boards of the current set"))
        self.selectionModel().currentRowChanged.connect(self._current_row_changed)
        self._model.columnsInserted.connect(self._fit_scenario)
        self.context_menu = QMenu(self)
        self.context_menu.setObjectName("boardListMenu")
        self.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.customContextMenuRequested.connect(self._show_context_menu)

    def _fit_columns(self) -> None:
        """Fixed widths from the font for the short columns: ResizeToContents would measure every row of
        a large set, and elides when the view is narrow."""
        header = self.horizontalHeader()
        metrics = self.fontMetrics()
        pad = 3 * metrics.horizontalAdvance("  ")
        samples = {NUMBER: ("Board", "888 *"), DEALER: ("Dealer", "W"), VULNERABLE: ("Vul", "None", "All")}
        for column, texts in samples.items():
            title = str(self._model.headerData(column, Qt.Orientation.Horizontal))
            width = max(metrics.horizontalAdvance(t) for t in (*texts, title)) + pad
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.Fixed)
            header.resizeSection(column, width)

    @Slot()
    def _fit_scenario(self) -> None:
        if self._model.columnCount() > SCENARIO:
            header = self.horizontalHeader()
            header.setSectionResizeMode(SCENARIO, QHeaderView.ResizeMode.Interactive)
            header.resizeSection(SCENARIO, self.fontMetrics().horizontalAdvance("M") * 12)

    def board_model(self) -> BoardListModel:
        return self._model

    def selected_rows(self) -> list[int]:
        """The selected boards' rows, ascending (the current row alone when nothing is selected)."""
        rows = sorted({index.row() for index in self.selectionModel().selectedRows()})
        if not rows and self.currentIndex().isValid():
            rows = [self.currentIndex().row()]
        return rows

    def selection_bounds(self) -> tuple[int, int] | None:
        """The first and last selected rows (the current row when nothing is selected), or None.

        Cheap whatever is selected (it reads the selection's ranges, not every row): the window asks
        after every change to set its actions' enabled states.
        """
        ranges = self.selectionModel().selection()
        if ranges.isEmpty():
            current = self.currentIndex()
            return (current.row(), current.row()) if current.isValid() else None
        spans = [ranges.at(i) for i in range(ranges.count())]
        return min(r.top() for r in spans), max(r.bottom() for r in spans)

    def select_rows(self, rows: Sequence[int], current: int | None = None) -> None:
        """Select exactly ``rows`` (current: ``current``, else the first) without emitting ``board_selected``."""
        selection = QItemSelection()
        for first, last in _runs(sorted(r for r in set(rows) if 0 <= r < self._model.rowCount())):
            selection.select(self._model.index(first, 0), self._model.index(last, self._model.columnCount() - 1))
        self.blockSignals(True)
        try:
            flags = QItemSelectionModel.SelectionFlag
            self.selectionModel().select(selection, flags.ClearAndSelect | flags.Rows)
            if current is None and rows:
                current = min(rows)
            if current is not None and 0 <= current < self._model.rowCount():
                self.selectionModel().setCurrentIndex(self._model.index(current, 0), flags.NoUpdate)
                self.scrollTo(self._model.index(current, 0))
        finally:
            self.blockSignals(False)

    def select_row(self, row: int | None) -> None:
        """Show ``row`` as current without emitting ``board_selected`` (the window already shows it).

        A row that is part of a selection of several keeps that selection (the user is choosing boards
        to delete or move); otherwise it becomes the only selected row.
        """
        self.blockSignals(True)
        try:
            flags = QItemSelectionModel.SelectionFlag
            if row is None or not 0 <= row < self._model.rowCount():
                self.selectionModel().clearSelection()
                self.selectionModel().setCurrentIndex(QModelIndex(), flags.Clear)
            else:
                index = self._model.index(row, 0)
                selection = self.selectionModel()
                keep = selection.isRowSelected(row, QModelIndex()) and len(self.selected_rows()) > 1
                # The user's own Ctrl+click (the row is current already) keeps what they selected.
                keep = keep or (self.currentIndex().row() == row and selection.hasSelection())
                if keep:
                    selection.setCurrentIndex(index, flags.NoUpdate)
                else:
                    self.selectionModel().setCurrentIndex(index, flags.ClearAndSelect | flags.Rows)
                self.scrollTo(index)
        finally:
            self.blockSignals(False)

    def set_context_actions(self, actions: Sequence[QAction | None]) -> None:
        """The context menu's entries (None: a separator)."""
        self.context_menu.clear()
        for action in actions:
            if action is None:
                self.context_menu.addSeparator()
            else:
                self.context_menu.addAction(action)

    @Slot(QPoint)
    def _show_context_menu(self, pos: QPoint) -> None:
        index = self.indexAt(pos)
        if index.isValid() and not self.selectionModel().isRowSelected(index.row(), QModelIndex()):
            self.setCurrentIndex(index)  # a right-click on an unselected board acts on that board
        if not self.context_menu.isEmpty():
            self.context_menu.popup(self.viewport().mapToGlobal(pos))

    @Slot(QModelIndex, QModelIndex)
    def _current_row_changed(self, current: QModelIndex, _previous: QModelIndex) -> None:
        if current.isValid() and not self.signalsBlocked():
            self.board_selected.emit(current.row())
