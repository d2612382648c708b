"""Bidding practice follows the system a set is dealt for: a set for an Acol auction is practised with Acol.

The new-user trial of session 24 dealt a set for an Acol auction (and reopened a lesson whose header
says ``system acol``), then practised it with SAYC, the system chosen before, without a word: North
opened 1♣ where the lesson's auction starts 1NT.  So choosing an auction to deal for, and opening a set
whose header names its system, switch practice to that system and say so in the status bar; the menu
(Practice > Bid with a System) shows it checked.  A system the user picks afterwards is kept until the
next such choice, and No Bidding stays: hiding and revealing only was chosen.
"""

from __future__ import annotations

from PySide6.QtCore import QObject

from bridgegui.engine.bidding import System, load_system
from bridgegui.engine.bidding.shipped_names import shipped_system_name
from bridgegui.engine.errors import BridgeError
from bridgegui.ui.mainwindow.auction_target import AuctionDealing, AuctionTarget
from bridgegui.ui.mainwindow.bidding_practice import BiddingPractice
from bridgegui.ui.mainwindow.document import BoardSetDocument
from bridgegui.ui.mainwindow.session import Messages


class PracticeSystemFollower(QObject):
    """Connects the auction dealt for (``auction.target_chosen``) and an opened set's header
    (``document.system_named``) to the practice system (``bidding``)."""

    def __init__(
        self,
        bidding: BiddingPractice,
        auction: AuctionDealing,
        document: BoardSetDocument,
        messages: Messages,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self._bidding = bidding
        self._messages = messages
        auction.target_chosen.connect(self._target_chosen)
        document.system_named.connect(self.follow)

    def _target_chosen(self, target: AuctionTarget) -> None:
        self.follow(target.system_label, target.system)

    def follow(self, label: str, loaded: System | None = None) -> None:
        """Practise with the system ``label`` names (a shipped name or a file's path; ``loaded``: that
        system when already loaded), unless it is the one practised or no system is practised."""
        bidding = self._bidding
        if bidding.system is None or shipped_system_name(label) == bidding.system_name:
            return
        try:
            system = loaded if loaded is not None else load_system(label)
        except BridgeError:
            return  # a system file moved or gone: opening the set says so; the practice system stays
        bidding.set_system(label, system)
        self._messages.status(
            self.tr("Bidding practice now bids with {system}, the system this set is dealt for.").format(
                system=system.name
            ),
            10_000,
        )


__all__ = ["PracticeSystemFollower"]
