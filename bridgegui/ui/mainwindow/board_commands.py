"""Managing the boards of the set: delete, insert (dealt or blank), move up or down, renumber.

Each is one undo step (``undo``).  They act on the boards selected in the board list (several with
Shift or Ctrl), or on the board shown.  Boards keep their numbers when they are deleted, inserted or
moved, so nothing changes that the teacher did not ask for; Renumber then numbers the list in order.
An inserted board takes the next free number (one more than the highest).
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Qt
from PySide6.QtWidgets import QInputDialog, QWidget

from bridgegui.engine.boards import Board
from bridgegui.ui.mainwindow.background_jobs import Jobs
from bridgegui.ui.mainwindow.constraints_dock import ConstraintsDock
from bridgegui.ui.mainwindow.deal_requests import Dealing
from bridgegui.ui.mainwindow.session import Messages, Session
from bridgegui.ui.mainwindow.undo import (
    InsertBoardsCommand,
    MoveBoardsCommand,
    RemoveBoardsCommand,
    Undo,
    WholeSetCommand,
)
from bridgegui.ui.widgets.board_list import BoardList


class BoardCommands(QObject):
    """The Edit menu's and the board list's board actions, for the window."""

    def __init__(
        self,
        session: Session,
        board_list: BoardList,
        undo: Undo,
        jobs: Jobs,
        dealing: Dealing,
        dock: ConstraintsDock,
        messages: Messages,
        parent: QWidget,
    ) -> None:
        super().__init__(parent)
        self._parent = parent
        self.session = session
        self.board_model = session.boards
        self.board_list = board_list
        self.undo = undo
        self.jobs = jobs
        self.dealing = dealing
        self.dock = dock
        self.messages = messages

    def _status(self, text: str) -> None:
        self.messages.status(text, 8000)

    def selected_rows(self) -> list[int]:
        """The boards to act on: the list's selection, else the board shown (none on the empty next board)."""
        count = self.board_model.rowCount()
        rows = [row for row in self.board_list.selected_rows() if row < count]
        if not rows and self.session.row < count:
            rows = [self.session.row]
        return rows

    def selection_bounds(self) -> tuple[int, ...]:
        """``(first, last)`` of ``selected_rows()`` without listing them (for the actions' enabled states)."""
        count = self.board_model.rowCount()
        bounds = self.board_list.selection_bounds()
        if bounds is not None and bounds[0] < count:
            return (bounds[0], min(bounds[1], count - 1))
        return (self.session.row, self.session.row) if self.session.row < count else ()

    def _busy(self) -> bool:
        if self.jobs.active is not None:
            self._status(self.tr("Wait for the current job to finish, or stop it."))
            return True
        return False

    def delete(self) -> None:
        """Delete the selected boards (Del)."""
        rows = self.selected_rows()
        if not rows or self._busy():
            return
        model = self.board_model
        if len(rows) == 1:
            text = self.tr("Delete Board {n}").format(n=model.board(rows[0]).label or "")
        else:
            text = self.tr("Delete {n} Boards").format(n=len(rows))
        self.undo.push(RemoveBoardsCommand(self.undo, text, rows))

    def _insert_row(self) -> int:
        rows = self.selected_rows()
        return rows[0] if rows else self.board_model.rowCount()

    def insert_blank(self) -> None:
        """Put a board without a deal before the selected one (a heading, or a board to deal later)."""
        if self._busy():
            return
        number = self.board_model.next_number()
        board = Board(number, None, dealer=self.dock.fixed_dealer())
        text = self.tr("Insert Blank Board {n}").format(n=number)
        self.undo.push(InsertBoardsCommand(self.undo, text, self._insert_row(), [board]))

    def insert_dealt(self) -> int | None:
        """Deal a board to the constraints and put it before the selected one; returns the job id."""
        if self._busy():
            return None
        return self.dealing.deal_board(self.board_model.next_number(), self._insert_row(), insert=True)

    def move(self, offset: int) -> None:
        """Move the selected boards one place up (-1) or down (+1), together."""
        rows = self.selected_rows()
        count = self.board_model.rowCount()
        if not rows or rows[0] + offset < 0 or rows[-1] + offset >= count or self._busy():
            return
        model = self.board_model
        if len(rows) == 1:
            label = model.board(rows[0]).label or ""
            text = (self.tr("Move Board {n} Up") if offset < 0 else self.tr("Move Board {n} Down")).format(n=label)
        else:
            text = (self.tr("Move {n} Boards Up") if offset < 0 else self.tr("Move {n} Boards Down")).format(
                n=len(rows)
            )
        self.undo.push(MoveBoardsCommand(self.undo, text, rows, offset))

    def move_up(self) -> None:
        self.move(-1)

    def move_down(self) -> None:
        self.move(1)

    def ask_renumber(self) -> None:
        dialog = QInputDialog(self._parent)
        dialog.setObjectName("renumberDialog")
        dialog.setWindowTitle(self.tr("Renumber Boards"))
        dialog.setLabelText(self.tr("Number the boards in list order, starting from:"))
        dialog.setInputMode(QInputDialog.InputMode.IntInput)
        dialog.setIntRange(1, 9999)
        dialog.setIntValue(1)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.intValueSelected.connect(self.renumber)
        dialog.open()

    def renumber(self, first: int) -> None:
        """Number every board ``first``, ``first + 1``, … in list order (dealers and vulnerability follow, Law 2)."""
        if not self.board_model.rowCount() or self._busy():
            return
        before = self.undo.set_state()
        self.board_model.renumber(first)
        after = self.undo.set_state()
        text = self.tr("Renumber Boards from {n}").format(n=first)
        self.undo.push(WholeSetCommand(self.undo, text, before, after))
        self.session.go_to_row(self.session.row)


__all__ = ["BoardCommands"]
