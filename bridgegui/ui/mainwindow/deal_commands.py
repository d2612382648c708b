"""Commands on the deal on screen: copy it as text, copy its number, show any deal by its number.

Every deal has a number (Andrews' squashed order, ``engine.deal_numbers``): a teacher can say "deal
number 123456789" and a student types it in.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Qt
from PySide6.QtWidgets import QApplication, QWidget

from bridgegui.engine.boards import Board
from bridgegui.engine.cards import SEATS, Deal
from bridgegui.engine.deal_numbers import deal_from_index, deal_index
from bridgegui.engine.errors import BridgeError
from bridgegui.formats.text import deal_diagram, deal_line
from bridgegui.ui.dialogs import GoToDealNumberDialog
from bridgegui.ui.mainwindow.background_jobs import board_for_deal
from bridgegui.ui.mainwindow.constraints_dock import ConstraintsDock
from bridgegui.ui.mainwindow.practice import Practice
from bridgegui.ui.mainwindow.session import Messages, Session
from bridgegui.ui.mainwindow.undo import InsertBoardsCommand, ReplaceBoardCommand, Undo
from bridgegui.ui.widgets.deal_diagram import DealDiagram


class DealCommands(QObject):
    """Copy Deal, Copy Deal Number and Go to Deal Number for ``window``."""

    def __init__(
        self,
        session: Session,
        diagram: DealDiagram,
        practice: Practice,
        undo: Undo,
        dock: ConstraintsDock,
        messages: Messages,
        parent: QWidget,
    ) -> None:
        super().__init__(parent)
        self._parent = parent
        self.session = session
        self.diagram = diagram
        self.practice = practice
        self.undo = undo
        self.dock = dock
        self.messages = messages

    def _status(self, text: str) -> None:
        self.messages.status(text, 4000)

    def deal_number(self) -> int | None:
        """The number of the deal on screen, or None."""
        deal = self.diagram.deal()
        return deal_index(deal) if deal is not None and deal.is_complete else None

    def copy_text(self) -> str:
        """What Copy puts on the clipboard: the PBN deal line, then the text diagram (hidden hands left out)."""
        deal = self.diagram.deal()
        if deal is None:
            return ""
        visible = self.practice.visible_seats()
        shown = Deal(tuple(m if s in visible else None for s, m in zip(SEATS, deal.hands, strict=True)))  # type: ignore[arg-type]
        board = self.session.current_board() or Board(self.session.current_board_number(), shown)
        hidden = "".join(s for s in SEATS if s not in visible)
        return (
            f"{deal_line(shown, board.effective_dealer or 'N')}\n\n{deal_diagram(shown, board=board, hidden=hidden)}\n"
        )

    def copy_deal(self) -> None:
        text = self.copy_text()
        if text:
            QApplication.clipboard().setText(text)
            self._status(self.tr("Copied the deal."))

    def copy_deal_number(self) -> None:
        number = self.deal_number()
        if number is not None:
            QApplication.clipboard().setText(str(number))
            self._status(self.tr("Copied deal number {n}.").format(n=number))

    def ask_deal_number(self) -> None:
        # Not filled in with the shown deal's number while practice mode hides hands: it gives them away.
        hidden = self.practice.visible_seats() != "NESW"
        dialog = GoToDealNumberDialog(self._parent, current=None if hidden else self.deal_number())
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.accepted.connect(lambda: self.show_deal_number(dialog.deal_number()))
        dialog.open()

    def show_deal_number(self, number: int) -> None:
        """Put the deal with this number on the current board (or the next new one)."""
        try:
            deal = deal_from_index(number)
        except BridgeError as exc:
            self.messages.show_error(self.tr("Go to Deal Number"), str(exc))
            return
        old = self.session.current_board()
        board = board_for_deal(self.session.current_board_number(), deal, None, old, self.dock.fixed_dealer())
        text = self.tr("Deal No. {n} on Board {b}").format(n=number, b=board.label or "")
        if old is not None:
            self.undo.push(ReplaceBoardCommand(self.undo, text, self.session.row, board))
        else:
            self.undo.push(InsertBoardsCommand(self.undo, text, self.session.boards.rowCount(), [board]))


__all__ = ["DealCommands"]
