"""What Deal, Deal Set and a shuffle-model set deal: the request, the seed, the board numbers and dealers.

The jobs themselves run in ``jobs.Jobs``; this decides what to ask of them.  The request is the
editors' (with the live feedback's plan when it is for the very same request), or, while an auction is
chosen (``auction_target``), the request for that auction with each board turned to its dealer.  The
seed is the seed bar's: a fresh one shown in Random mode, the typed one in Fixed mode.
"""

from __future__ import annotations

import time
import typing

from PySide6.QtCore import QObject, Qt

from bridgegui.engine.constraints import DealRequest
from bridgegui.engine.errors import BridgeError
from bridgegui.engine.lab.shuffles import ShuffleModel
from bridgegui.ui.dialogs import DealSetDialog

if typing.TYPE_CHECKING:
    from bridgegui.ui.mainwindow.window import MainWindow


class Dealing(QObject):
    """Turns the window's Deal, Deal Set and shuffle-model requests into jobs."""

    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self.window = window

    def _status(self, text: str) -> None:
        self.window.statusBar().showMessage(text, 8000)

    def request_to_deal(self) -> DealRequest | None:
        """The request to deal now, or None with the reason shown (a mistake, or another job holds the window)."""
        window = self.window
        if window.is_closed():
            return None
        if window.jobs.kind in ("analysis", "model"):
            self._status(self.tr("Wait for the current job to finish, or stop it."))
            return None
        if window.auction_dealing.target is not None:
            try:
                return window.auction_dealing.request()
            except BridgeError as exc:
                window.show_error(self.tr("Deal for an Auction"), str(exc))
                return None
        request, reason = window.feedback.request_to_deal()
        if request is None and reason:
            self._status(reason)
        return request

    def request_text(self) -> str:
        """What dealt the set, for its file's header: the editors' constraints, or the auction."""
        target = self.window.auction_dealing.target
        return f"auction {target.text()}" if target is not None else self.window.constraints_dock.request_text()

    def deal(self) -> int | None:
        """Deal the current board; returns the job id, or None if the request has a mistake."""
        window = self.window
        started = time.perf_counter()
        request = self.request_to_deal()
        if request is None:
            return None
        number = window.current_board_number() or 1
        dealer = window.constraints_dock.fixed_dealer()
        auction = window.auction_dealing.target is not None
        return window.jobs.deal_one(
            request,
            seed=window.seed_bar.seed_for_job(),
            fixed_seed=window.seed_bar.mode() == "fixed",
            number=number,
            row=window.current_row(),
            started=started,
            plan=None if auction else window.feedback.cached_plan(request),
            request_text=self.request_text(),
            dealer=dealer,
            turns=window.auction_dealing.turns(number, 1, dealer) if auction else None,
        )

    def ask_deal_set(self) -> None:
        window = self.window
        dialog = DealSetDialog(window, count=window.settings["deal_set/count"], first_board=1)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.accepted.connect(lambda: window.deal_set(dialog.count(), dialog.first_board()))
        dialog.open()

    def start_set(self, count: int, first_board: int) -> int | None:
        """Replace the set with ``count`` boards numbered from ``first_board`` (the caller asked about unsaved boards)."""
        window = self.window
        started = time.perf_counter()
        request = self.request_to_deal()
        if request is None:
            return None
        window.settings["deal_set/count"] = count
        request_text = self.request_text()
        auction = window.auction_dealing.target is not None
        dealer = window.constraints_dock.fixed_dealer()
        job_id = window.jobs.deal_set(
            request,
            seed=window.seed_bar.seed_for_job(),
            count=count,
            first_board=first_board,
            plan=None if auction else window.feedback.cached_plan(request),
            started=started,
            request_text=request_text,
            dealer=dealer,
            turns=window.auction_dealing.turns(first_board, count, dealer) if auction else None,
        )
        window.document.new_set(request_text)
        window.go_to_row(0)
        return job_id

    def start_model_set(self, model: ShuffleModel, count: int, first_board: int) -> int | None:
        """Deal a set with an imperfect-shuffle ``model``: the one ``bridgegui-deal --shuffle SPEC --seed S``
        writes, each board tagged ``[Shuffle "SPEC"]`` because such deals are deliberately not uniform."""
        window = self.window
        if window.is_closed() or window.jobs.active is not None:
            self._status(self.tr("Wait for the current job to finish, or stop it."))
            return None
        request = self.request_to_deal()
        if request is None:
            return None
        return window.jobs.deal_with_model(
            model,
            request,
            seed=window.seed_bar.seed_for_job(),
            count=count,
            first_board=first_board,
            request_text=self.request_text(),
        )


__all__ = ["Dealing"]
