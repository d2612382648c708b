"""The main window's System Notes: which system is in use, and which rule a clicked call or verdict is.

The system in use is the one bidding practice bids with, else the one Deal for an Auction deals for,
else the shipped SAYC (``standard`` where no ``sayc`` is shipped).  The notes window
(``ui.tools.system_notes_window``) is built the first time it is needed and then follows the system
in use each time it is opened.

Clicking a call in the Bidding dock's auction, or the verdict under it, opens the rule behind the
system's call there: for the student's auction the system's choice at that position (what the
verdict judged the call against), for the system's own auction its choice.  While the verdicts wait
for the end of the auction, the student's positions are not opened before it ends.

Constructed with the parts it reads (the practice loop and the auction dealing), not the window.
"""

from __future__ import annotations

import typing

from PySide6.QtCore import QEvent, QModelIndex, QObject
from PySide6.QtWidgets import QAbstractItemView, QLabel, QWidget

from bridgegui.engine.bidding import Choice, Rule, System, load_system, shipped_systems
from bridgegui.ui.tools.system_notes_window import SystemNotesWindow

if typing.TYPE_CHECKING:
    from bridgegui.ui.mainwindow.auction_target import AuctionDealing
    from bridgegui.ui.mainwindow.bidding_practice import BiddingPractice

DEFAULT_SYSTEMS = ("sayc", "standard")
"""The system shown when nothing else is in use: the first of these that is shipped."""


class SystemNotes(QObject):
    """Opens the System Notes window (``open``) and opens it at a rule (``show_rule``)."""

    def __init__(self, parent: QWidget, bidding: BiddingPractice, auction_dealing: AuctionDealing) -> None:
        super().__init__(parent)
        self._parent = parent
        self._bidding = bidding
        self._auction_dealing = auction_dealing
        self._default: System | None = None
        self.window: SystemNotesWindow | None = None
        view = bidding.auction_view
        for name, second in (("auctionTable", False), ("secondAuctionTable", True)):
            table = view.findChild(QAbstractItemView, name)
            if table is not None:
                table.clicked.connect(lambda index, s=second: self._auction_clicked(index, second=s))
        verdict: QLabel = bidding.verdict
        verdict.installEventFilter(self)
        verdict.setToolTip(self.tr("Click to open the system's rule in System Notes"))

    def system_in_use(self) -> System:
        """Bidding practice's system, else Deal for an Auction's, else SAYC (loaded once)."""
        if self._bidding.system is not None:
            return self._bidding.system
        target = self._auction_dealing.target
        if target is not None:
            return target.system
        if self._default is None:
            shipped = shipped_systems()
            name = next((n for n in DEFAULT_SYSTEMS if n in shipped), shipped[0] if shipped else "standard")
            self._default = load_system(name)
        return self._default

    def open(self) -> SystemNotesWindow:
        """Show the notes of the system in use (the window is made on first use), raised."""
        system = self.system_in_use()
        if self.window is None:
            self.window = SystemNotesWindow(self._parent, system)
        else:
            self.window.set_system(system)
        if self.window.isVisible():
            self.window.raise_()
            self.window.activateWindow()
        else:
            self.window.show()
        return self.window

    def show_rule(self, rule: Rule | None) -> bool:
        """Open the notes at ``rule`` (a rule of the system in use); False when there is none to show."""
        if rule is None:
            return False
        return self.open().show_rule(rule)

    # -- what was clicked ----------------------------------------------------------------------------

    def _choice_at(self, position: int, *, second: bool) -> Choice | None:
        board = self._bidding.board
        if board is None or position < 0:
            return None
        if second:
            choices = board.system_result().choices
        else:
            if self._bidding.verdicts_at_end and not board.is_complete:
                return None  # the verdicts are kept for the end: so is the system's rule
            choices = board.choices
        return choices[position] if position < len(choices) else None

    def _auction_clicked(self, index: QModelIndex, *, second: bool) -> None:
        model = index.model()
        call_index = getattr(model, "call_index", None)
        if call_index is None:
            return
        choice = self._choice_at(int(call_index(index.row(), index.column())), second=second)
        if choice is not None:
            self.show_rule(choice.rule)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self._bidding.verdict and event.type() == QEvent.Type.MouseButtonRelease:
            board = self._bidding.board
            if board is not None and board.history and watched.property("text"):
                self.show_rule(board.history[-1].system.rule)
        return super().eventFilter(watched, event)


__all__ = ["DEFAULT_SYSTEMS", "SystemNotes"]
