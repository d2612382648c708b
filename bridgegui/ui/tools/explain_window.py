"""Explain This Hand: the system's whole auction for the shown deal, every call with its reason, large enough for a projector.

A teacher shows a deal and asks "what would you bid?"; this window answers with the system's own
auction (``System.bid``) and the sentence of the rule behind each call.  It follows the main window:
when another board is shown, it explains that one.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLabel, QVBoxLayout, QWidget

from bridgegui.engine.bidding import System, load_system, shipped_label, shipped_system_name, system_choices
from bridgegui.engine.cards import SEAT_NAMES, SEATS, Deal
from bridgegui.engine.errors import BridgeError
from bridgegui.ui.tools.base import ToolWindow
from bridgegui.ui.widgets.auction_view import AuctionView
from bridgegui.ui.widgets.inference_panel import InferencePanel

ShownDeal = Callable[[], tuple[Deal | None, str, str]]
"""What the main window shows: the deal (None when there is none), the seat that deals and the
board's vulnerability (PBN spelling), at which the system bids it."""


class ExplainWindow(ToolWindow):
    """The system's auction (``auctionView``) and its reasons (``explanations``), for the deal ``shown()`` gives."""

    def __init__(self, parent: QWidget | None, shown: ShownDeal, system_name: str = "") -> None:
        super().__init__(parent)
        self.setObjectName("explainWindow")
        self.setWindowTitle(self.tr("Explain This Hand"))
        self._shown = shown
        self._systems: dict[str, System] = {}
        self.system_combo = QComboBox(self)
        self.system_combo.setObjectName("systemCombo")
        for name in system_choices():  # SAYC once: ``standard`` is another name for it
            self.system_combo.addItem(shipped_label(name), name)
        self.select_system(system_name)
        self.system_combo.currentIndexChanged.connect(self.refresh)
        self.auction_view = AuctionView(self)
        self.explanations = QLabel(self)
        self.explanations.setObjectName("explanations")
        self.explanations.setWordWrap(True)
        self.explanations.setTextFormat(Qt.TextFormat.PlainText)
        self.explanations.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)  # no gap above
        self.explanations.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        big = QFont(self.explanations.font())
        big.setPointSizeF(big.pointSizeF() * 1.35)  # read from the back of a room
        self.explanations.setFont(big)
        self.auction_view.setFont(big)
        row = QHBoxLayout()
        row.addWidget(QLabel(self.tr("System:"), self))
        row.addWidget(self.system_combo, 1)
        layout = QVBoxLayout(self)
        layout.addLayout(row)
        layout.addWidget(self.auction_view)
        layout.addWidget(self.explanations, 1)
        # What the whole auction told the table about each hand (dealt exactly for it, in a worker).
        self.inference = InferencePanel(self)
        self._runners.append(self.inference.runner)  # stopped and waited for with the window's own
        layout.addWidget(self.inference)
        self.resize(720, 640)
        self.refresh()

    def select_system(self, name: str) -> None:
        """Show ``name``'s auction: a shipped system, or a teacher's system file (added to the list)."""
        if not name:
            return
        name = shipped_system_name(name)  # ``standard`` selects the SAYC entry
        index = self.system_combo.findData(name)
        if index < 0:
            self.system_combo.addItem(Path(name).name, name)
            index = self.system_combo.count() - 1
        self.system_combo.setCurrentIndex(index)

    def system(self) -> System:
        name = str(self.system_combo.currentData())
        if name not in self._systems:
            self._systems[name] = load_system(name)
        return self._systems[name]

    def refresh(self) -> None:
        """Explain the deal the main window shows now."""
        deal, dealer, vulnerable = self._shown()
        if deal is None or not deal.is_complete:
            self.auction_view.set_auction(None)
            self.explanations.setText(self.tr("Deal a board to see how the system bids it."))
            self.inference.clear()
            return
        try:
            result = self.system().bid(deal, dealer, vulnerable)
        except BridgeError as exc:
            self.explanations.setText(str(exc))
            self.inference.clear()
            return
        self.inference.show_for(self.system(), result.auction, None, vulnerable)
        self.auction_view.set_auction(result.auction, [c.explanation for c in result.choices])
        # Every call, the closing passes too: one of them may be the decision of the board (leaving a
        # double in), and the command line's --explain lists them all.
        lines = [
            f"{SEAT_NAMES[SEATS.index(result.auction.seat_of(i))]}: {c.explanation}"
            for i, c in enumerate(result.choices)
        ]
        # The contract ("2♥ by West") is under the auction already: said once.
        self.explanations.setText("\n".join(lines))


__all__ = ["ExplainWindow"]
