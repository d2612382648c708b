"""Managing the boards of the set: delete, insert (dealt or blank), move up or down, renumber.

Each is one undo step (``undo``).  They act on the boards selected in the board list (several with
Shift or Ctrl), or on the board shown.  Boards keep their numbers when they are deleted, inserted or
moved, so nothing changes that the teacher did not ask for; Renumber then numbers the list in order.
An inserted board takes the next free number (one more than the highest).
"""

from __future__ import annotations

import typing

from PySide6.QtCore import QObject, Qt
from PySide6.QtWidgets import QInputDialog

from bridgegui.engine.boards import Board
from bridgegui.ui.mainwindow.undo import InsertBoardsCommand, MoveBoardsCommand, RemoveBoardsCommand, WholeSetCommand

if typing.TYPE_CHECKING:
    from bridgegui.ui.mainwindow.window import MainWindow


class BoardCommands(QObject):
    """The Edit menu's and the board list's board actions, for the window."""

    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self.window = window

    def _status(self, text: str) -> None:
        self.window.statusBar().showMessage(text, 8000)

    def selected_rows(self) -> list[int]:
        """The boards to act on: the list's selection, else the board shown (none on the empty next board)."""
        window = self.window
        count = window.board_model.rowCount()
        rows = [row for row in window.board_list.selected_rows() if row < count]
        if not rows and window.current_row() < count:
            rows = [window.current_row()]
        return rows

    def selection_bounds(self) -> tuple[int, ...]:
        """``(first, last)`` of ``selected_rows()`` without listing them (for the actions' enabled states)."""
        window = self.window
        count = window.board_model.rowCount()
        bounds = window.board_list.selection_bounds()
        if bounds is not None and bounds[0] < count:
            return (bounds[0], min(bounds[1], count - 1))
        return (window.current_row(), window.current_row()) if window.current_row() < count else ()

    def _busy(self) -> bool:
        if self.window.jobs.active is not None:
            self._status(self.tr("Wait for the current job to finish, or stop it."))
            return True
        return False

    def delete(self) -> None:
        """Delete the selected boards (Del)."""
        rows = self.selected_rows()
        if not rows or self._busy():
            return
        model = self.window.board_model
        if len(rows) == 1:
            text = self.tr("Delete Board {n}").format(n=model.board(rows[0]).label or "")
        else:
            text = self.tr("Delete {n} Boards").format(n=len(rows))
        self.window.undo.push(RemoveBoardsCommand(self.window, text, rows))

    def _insert_row(self) -> int:
        rows = self.selected_rows()
        return rows[0] if rows else self.window.board_model.rowCount()

    def insert_blank(self) -> None:
        """Put a board without a deal before the selected one (a heading, or a board to deal later)."""
        if self._busy():
            return
        window = self.window
        number = window.board_model.next_number()
        board = Board(number, None, dealer=window.constraints_dock.fixed_dealer())
        text = self.tr("Insert Blank Board {n}").format(n=number)
        window.undo.push(InsertBoardsCommand(window, text, self._insert_row(), [board]))

    def insert_dealt(self) -> int | None:
        """Deal a board to the constraints and put it before the selected one; returns the job id."""
        window = self.window
        if self._busy():
            return None
        return window.dealing.deal_board(window.board_model.next_number(), self._insert_row(), insert=True)

    def move(self, offset: int) -> None:
        """Move the selected boards one place up (-1) or down (+1), together."""
        rows = self.selected_rows()
        count = self.window.board_model.rowCount()
        if not rows or rows[0] + offset < 0 or rows[-1] + offset >= count or self._busy():
            return
        model = self.window.board_model
        if len(rows) == 1:
            label = model.board(rows[0]).label or ""
            text = (self.tr("Move Board {n} Up") if offset < 0 else self.tr("Move Board {n} Down")).format(n=label)
        else:
            text = (self.tr("Move {n} Boards Up") if offset < 0 else self.tr("Move {n} Boards Down")).format(
                n=len(rows)
            )
        self.window.undo.push(MoveBoardsCommand(self.window, text, rows, offset))

    def move_up(self) -> None:
        self.move(-1)

    def move_down(self) -> None:
        self.move(1)

    def ask_renumber(self) -> None:
        dialog = QInputDialog(self.window)
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
        window = self.window
        if not window.board_model.rowCount() or self._busy():
            return
        before = window.undo.set_state()
        window.board_model.renumber(first)
        after = window.undo.set_state()
        text = self.tr("Renumber Boards from {n}").format(n=first)
        window.undo.push(WholeSetCommand(window, text, before, after))
        window.show_current()


__all__ = ["BoardCommands"]
