"""Commands on the deal on screen: copy it as text, copy its number, show any deal by its number.

Every deal has a number (Andrews' squashed order, ``engine.deal_numbers``): a teacher can say "deal
number 123456789" and a student types it in.
"""

from __future__ import annotations

import typing

from PySide6.QtCore import QObject, Qt
from PySide6.QtWidgets import QApplication

from bridgegui.engine.boards import Board
from bridgegui.engine.cards import SEATS, Deal
from bridgegui.engine.deal_numbers import deal_from_index, deal_index
from bridgegui.engine.errors import BridgeError
from bridgegui.formats.text import deal_diagram, deal_line
from bridgegui.ui.dialogs import GoToDealNumberDialog
from bridgegui.ui.mainwindow.background_jobs import board_for_deal
from bridgegui.ui.mainwindow.undo import InsertBoardsCommand, ReplaceBoardCommand

if typing.TYPE_CHECKING:
    from bridgegui.ui.mainwindow.window import MainWindow


class DealCommands(QObject):
    """Copy Deal, Copy Deal Number and Go to Deal Number for ``window``."""

    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self.window = window

    def _status(self, text: str) -> None:
        self.window.statusBar().showMessage(text, 4000)

    def deal_number(self) -> int | None:
        """The number of the deal on screen, or None."""
        deal = self.window.diagram.deal()
        return deal_index(deal) if deal is not None and deal.is_complete else None

    def copy_text(self) -> str:
        """What Copy puts on the clipboard: the PBN deal line, then the text diagram (hidden hands left out)."""
        window = self.window
        deal = window.diagram.deal()
        if deal is None:
            return ""
        visible = window.visible_seats()
        shown = Deal(tuple(m if s in visible else None for s, m in zip(SEATS, deal.hands, strict=True)))  # type: ignore[arg-type]
        board = window.current_board() or Board(window.current_board_number(), shown)
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
        dialog = GoToDealNumberDialog(self.window, current=self.deal_number())
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.accepted.connect(lambda: self.show_deal_number(dialog.deal_number()))
        dialog.open()

    def show_deal_number(self, number: int) -> None:
        """Put the deal with this number on the current board (or the next new one)."""
        window = self.window
        try:
            deal = deal_from_index(number)
        except BridgeError as exc:
            window.show_error(self.tr("Go to Deal Number"), str(exc))
            return
        old = window.current_board()
        board = board_for_deal(window.current_board_number(), deal, None, old, window.constraints_dock.fixed_dealer())
        text = self.tr("Deal No. {n} on Board {b}").format(n=number, b=board.label or "")
        if old is not None:
            window.undo.push(ReplaceBoardCommand(window, text, window.current_row(), board))
        else:
            window.undo.push(InsertBoardsCommand(window, text, window.board_model.rowCount(), [board]))


__all__ = ["DealCommands"]
