"""The window's session: which board is on screen, whether the window has closed, and how a part talks to the user.

Why a model of its own (napari's way: its widgets take the ``ViewerModel``, never the viewer window):
the parts of the main window used to reach for these through the window (``window.current_row()``,
``window.go_to_row()``, ``window.show_error()``), so reading one part meant knowing the whole window.
Now a part's constructor names the ``Session`` and the ``Messages`` it uses, and the window connects
``Session.row_changed`` to what shows the board.

The rest of the session's state has its own owner, each a model with signals: the practice state is
``practice.Practice``, the auction dealt for is ``auction_target.AuctionDealing``, the board set is the
board list's model (``BoardListModel``) and its file is ``document.BoardSetDocument``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from PySide6.QtCore import QObject, Signal

from bridgegui.engine.boards import Board
from bridgegui.ui.widgets.board_list import BoardListModel


class Session(QObject):
    """The position shown in the board set (a row, or ``rowCount()`` for the empty next board), and
    whether the window has closed (after which no part starts anything).

    Signals (GUI thread): ``row_changed(row: int)`` when ``go_to_row`` moved the position (the window
    then shows the board there everywhere); ``set_row`` moves it silently, for a caller that shows the
    board itself.
    """

    row_changed = Signal(int)

    def __init__(self, boards: BoardListModel, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.boards = boards
        self.row = 0
        self.closed = False

    def set_row(self, row: int) -> None:
        """Move to ``row`` without a signal (the caller shows the board itself)."""
        self.row = row

    def go_to_row(self, row: int) -> None:
        """Show ``row`` (clamped to the set and its next board)."""
        self.row = max(0, min(row, self.boards.rowCount()))
        self.row_changed.emit(self.row)

    def previous_board(self) -> None:
        """Show the board before this one (Page Up)."""
        if self.row > 0:
            self.go_to_row(self.row - 1)

    def next_board(self) -> None:
        """Show the next board, or after the last one the empty next board (Page Down)."""
        count = self.boards.rowCount()
        if self.row < count - 1 or (self.row == count - 1 and self.current_board() is not None):
            self.go_to_row(self.row + 1)

    def current_board(self) -> Board | None:
        """The board at the position, or None at the empty next board."""
        return self.boards.board(self.row) if self.row < self.boards.rowCount() else None

    def current_board_number(self) -> int | None:
        """The number of the board on screen, or of the next board to deal."""
        board = self.current_board()
        return board.number if board is not None else self.boards.next_number()


@dataclass(frozen=True)
class Messages:
    """How a part tells the user something or asks a question, without knowing the window.

    The window builds it from its own methods, looked up at each call, because tests replace the
    window's ``show_error`` and ``confirm_unsaved_changes`` after it is built.

    * ``show_error(title, text)``: a failure, in a window-modal box;
    * ``confirm_unsaved_changes(then)``: run ``then`` once unsaved boards are saved or given up;
    * ``status(text, ms)``: a line in the status bar for ``ms`` milliseconds (0: until replaced).
    """

    show_error: Callable[[str, str], None]
    confirm_unsaved_changes: Callable[[Callable[[], object]], None]
    status: Callable[[str, int], None]


__all__ = ["Messages", "Session"]
