"""The board list: the boards of the current set, one row each, with a one-line summary.

A model/view pair rather than a ``QListWidget``: a set can hold thousands of boards that arrive in
batches while a search runs, and a model appends a batch with one ``beginInsertRows`` and computes a
row's summary only when the row is painted.

The summary respects practice mode: seats the student may not see are left out, so the list never
gives away a hidden hand.  Boards changed since the last save carry a mark (``*`` after the number,
and a tooltip), matching the ``*`` in the window title.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import numpy as np
from PySide6.QtCore import (
    QAbstractTableModel,
    QItemSelectionModel,
    QModelIndex,
    QPersistentModelIndex,
    Qt,
    Signal,
    Slot,
)
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QTableView, QWidget

from bridgegui.engine.boards import Board
from bridgegui.engine.cards import SEATS, Deal, Hand

NUMBER, DEALER, VULNERABLE, SUMMARY = range(4)

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

    def board(self, i: int) -> Board:
        return Board(
            self.first_number + i,
            Deal.from_masks(self.deals[i].tolist()),
            dealer=self.dealer,
            tags=self.tags,
        )


class BoardListModel(QAbstractTableModel):
    """The current set of boards, with an "unsaved" flag per row."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._boards: list[Board | None] = []  # None: not made yet, see _blocks
        self._blocks: list[tuple[int, DealtBlock]] = []  # (first row, block), rows ascending
        self._unsaved: list[bool] = []
        self._visible = "NESW"
        self._summaries: dict[int, str] = {}
        self._max_number = 0

    # -- content -------------------------------------------------------------------------------------

    def boards(self) -> list[Board]:
        """Every board (made now if still pending: for saving, not for display)."""
        return [self.board(row) for row in range(len(self._boards))]

    def board(self, row: int) -> Board:
        board = self._boards[row]
        if board is None:
            starts = [start for start, _ in self._blocks]
            start, block = self._blocks[bisect_right(starts, row) - 1]
            board = block.board(row - start)
            self._boards[row] = board
        return board

    def next_number(self) -> int:
        """One more than the highest board number in the set (1 for an empty set)."""
        return self._max_number + 1

    def any_unsaved(self) -> bool:
        return any(self._unsaved)

    def _note_numbers(self, boards: Iterable[Board]) -> None:
        for board in boards:
            if board.number is not None:
                self._max_number = max(self._max_number, board.number)

    def set_boards(self, boards: Iterable[Board], *, unsaved: bool = False) -> None:
        self.beginResetModel()
        self._boards = list(boards)
        self._blocks = []
        self._unsaved = [unsaved] * len(self._boards)
        self._summaries.clear()
        self._max_number = 0
        self._note_numbers(self._boards)  # type: ignore[arg-type]
        self.endResetModel()

    def append_boards(self, boards: Sequence[Board], *, unsaved: bool = True) -> None:
        if not boards:
            return
        first = len(self._boards)
        self.beginInsertRows(QModelIndex(), first, first + len(boards) - 1)
        self._boards.extend(boards)
        self._unsaved.extend([unsaved] * len(boards))
        self._note_numbers(boards)
        self.endInsertRows()

    def append_dealt(self, block: DealtBlock, *, unsaved: bool = True) -> None:
        """Append freshly dealt boards without making them yet (see ``DealtBlock``)."""
        count = block.deals.shape[0]
        if not count:
            return
        first = len(self._boards)
        self.beginInsertRows(QModelIndex(), first, first + count - 1)
        self._blocks.append((first, block))
        self._boards.extend([None] * count)
        self._unsaved.extend([unsaved] * count)
        self._max_number = max(self._max_number, block.first_number + count - 1)
        self.endInsertRows()

    def replace_board(self, row: int, board: Board, *, unsaved: bool = True) -> None:
        self._boards[row] = board
        self._unsaved[row] = unsaved
        self._summaries.pop(row, None)
        self._note_numbers([board])
        self.dataChanged.emit(self.index(row, 0), self.index(row, SUMMARY))

    def mark_saved(self) -> None:
        self._unsaved = [False] * len(self._boards)
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
        return 0 if parent.isValid() else 4

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if orientation != Qt.Orientation.Horizontal:
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            return (self.tr("Board"), self.tr("Dealer"), self.tr("Vul"), self.tr("Hands"))[section]
        if role == Qt.ItemDataRole.ToolTipRole:
            return (
                self.tr("Board number; * marks a board not saved yet"),
                self.tr("The seat that deals (and bids first)"),
                self.tr("Vulnerability: None, NS, EW or All"),
                self.tr("Points and suit lengths (♠=♥=♦=♣) of each hand you may see"),
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
    """The view (objectName ``boardList``); ``board_selected(row)`` fires when the user picks a board."""

    board_selected = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("boardList")
        self._model = BoardListModel(self)
        self.setModel(self._model)
        self.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
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

    def board_model(self) -> BoardListModel:
        return self._model

    def select_row(self, row: int | None) -> None:
        """Select ``row`` without emitting ``board_selected`` (the window already shows it)."""
        self.blockSignals(True)
        try:
            if row is None or not 0 <= row < self._model.rowCount():
                self.selectionModel().clearSelection()
                self.selectionModel().setCurrentIndex(QModelIndex(), QItemSelectionModel.SelectionFlag.Clear)
            else:
                index = self._model.index(row, 0)
                self.selectionModel().setCurrentIndex(
                    index,
                    QItemSelectionModel.SelectionFlag.ClearAndSelect | QItemSelectionModel.SelectionFlag.Rows,
                )
                self.scrollTo(index)
        finally:
            self.blockSignals(False)

    @Slot(QModelIndex, QModelIndex)
    def _current_row_changed(self, current: QModelIndex, _previous: QModelIndex) -> None:
        if current.isValid() and not self.signalsBlocked():
            self.board_selected.emit(current.row())
