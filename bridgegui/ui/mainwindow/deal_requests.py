"""What Deal, Deal Set and a shuffle-model set deal: the request, the seed, the board numbers and dealers.

The jobs themselves run in ``jobs.Jobs``; this decides what to ask of them.  The request is the
editors' (with the live feedback's plan when it is for the very same request), or, while an auction is
chosen (``auction_target``), the request for that auction with each board turned to its dealer.  The
seed is the seed bar's: a fresh one shown in Random mode, the typed one in Fixed mode.

Practice sets: a Deal Set with a rotation, or with several scenarios listed in the
dialog, is dealt by ``engine.dealer.mixing.deal_set`` as a generator task on the window's job runner (the
"mixed" job): it yields progress for the status bar's bar, and returns the boards, which replace the
set in one step, each tagged with its scenario.  ``bridgegui-deal`` deals the same set from the same
seed, sources and rotation.  Stop (the window's ``jobs.stop``) ends the job within one engine batch.
"""

from __future__ import annotations

import threading
import time
import typing
from collections.abc import Callable, Generator, Sequence

from PySide6.QtCore import QObject, Qt
from PySide6.QtWidgets import QWidget

from bridgegui.engine.bidding import requests_by_vulnerability
from bridgegui.engine.bidding.auction_dealing import AuctionSetHeader
from bridgegui.engine.boards import Board
from bridgegui.engine.dealer.constraints import DealRequest
from bridgegui.engine.dealer.mixing import Scenario, SetSource, deal_set, describe_set
from bridgegui.engine.errors import BridgeError
from bridgegui.engine.lab.shuffles import ModelProgress, ShuffleModel
from bridgegui.formats import pbn
from bridgegui.presets import Preset
from bridgegui.set_sources import load_source
from bridgegui.settings import Settings
from bridgegui.ui.dialogs import DealSetDialog
from bridgegui.ui.mainwindow.auction_target import AuctionDealing
from bridgegui.ui.mainwindow.background_jobs import Jobs
from bridgegui.ui.mainwindow.constraints_dock import ConstraintsDock
from bridgegui.ui.mainwindow.document import BoardSetDocument
from bridgegui.ui.mainwindow.feedback import LiveFeedback
from bridgegui.ui.mainwindow.seed_bar import SeedBar
from bridgegui.ui.mainwindow.session import Messages, Session
from bridgegui.workers.job_runner import JobFailure, failure_of


class Dealing(QObject):
    """Turns the window's Deal, Deal Set and shuffle-model requests into jobs.

    It reads the request from the editors (``dock`` and the live ``feedback``'s plan) or the auction
    dealt for, the seed from the ``seed_bar``, the position from the ``session``; it hands the work to
    the ``jobs`` and a finished set to the ``document``.  ``presets()`` lists the presets a practice set
    may name.
    """

    def __init__(
        self,
        session: Session,
        jobs: Jobs,
        document: BoardSetDocument,
        dock: ConstraintsDock,
        feedback: LiveFeedback,
        auction: AuctionDealing,
        seed_bar: SeedBar,
        settings: Settings,
        messages: Messages,
        presets: Callable[[], list[Preset]],
        parent: QWidget,
    ) -> None:
        super().__init__(parent)
        self._parent = parent
        self.session = session
        self.jobs = jobs
        self.document = document
        self.dock = dock
        self.feedback = feedback
        self.auction = auction
        self.seed_bar = seed_bar
        self.settings = settings
        self.messages = messages
        self.presets = presets

    def _status(self, text: str) -> None:
        self.messages.status(text, 8000)

    def request_to_deal(self) -> DealRequest | None:
        """The request to deal now, or None with the reason shown (a mistake, or another job holds the window)."""
        if self.session.closed:
            return None
        if self.jobs.active is not None and not self.jobs.is_dealing():
            self._status(self.tr("Wait for the current job to finish, or stop it."))
            return None
        if self.auction.target is not None:
            try:
                return self.auction.request()
            except BridgeError as exc:
                self.messages.show_error(self.tr("Deal for an Auction"), str(exc))
                return None
        request, reason = self.feedback.request_to_deal()
        if request is None and reason:
            self._status(reason)
        return request

    def request_text(self) -> str:
        """What dealt the set, for its file's header: the editors' constraints, or the auction."""
        target = self.auction.target
        if target is None:
            return self.dock.request_text()
        return AuctionSetHeader(target.calls, target.system_label, self.dock.fixed_dealer()).text()

    def deal(self) -> int | None:
        """Deal the current board; returns the job id, or None if the request has a mistake."""
        return self.deal_board(self.session.current_board_number() or 1, self.session.row)

    def deal_board(self, number: int, row: int, *, insert: bool = False) -> int | None:
        """Deal one board numbered ``number`` into ``row`` (replacing it, or before it with ``insert``):
        Deal, and Insert Dealt Board.  Returns the job id, or None if the request has a mistake."""
        started = time.perf_counter()
        request = self.request_to_deal()
        if request is None:
            return None
        auction = self.auction.target
        return self.jobs.deal_one(
            request,
            seed=self.seed_bar.seed_for_job(),
            fixed_seed=self.seed_bar.mode() == "fixed",
            number=number,
            row=row,
            started=started,
            plan=None if auction is not None else self.feedback.cached_plan(request),
            request_text=self.request_text(),
            dealer=self.dock.fixed_dealer(),
            auction=auction,
            insert=insert,
        )

    def ask_deal_set(self) -> DealSetDialog:
        dialog = DealSetDialog(
            self._parent,
            count=self.settings["deal_set/count"],
            first_board=1,
            presets=[p.name for p in self.presets()],
            auction=self.auction.target_text() or "",
        )
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.accepted.connect(lambda: self._dialog_accepted(dialog))
        dialog.open()
        return dialog

    def _dialog_accepted(self, dialog: DealSetDialog) -> None:
        sources, rotation = dialog.sources(), dialog.rotation()
        if not sources and rotation == "none":
            self.deal_set(dialog.count(), dialog.first_board())
        else:
            self.deal_mixed_set(sources, dialog.first_board(), rotation, count=dialog.count())

    def deal_set(self, count: int = 16, first_board: int = 1, *, confirm: bool = True) -> None:
        """Replace the set with ``count`` new boards numbered from ``first_board`` (asks first if unsaved)."""
        if confirm:
            self.messages.confirm_unsaved_changes(lambda: self.start_set(count, first_board))
        else:
            self.start_set(count, first_board)

    def deal_with_model_set(self, model: ShuffleModel, count: int, first_board: int = 1) -> None:
        """Replace the set with ``count`` boards dealt by an imperfect-shuffle ``model`` (asks first if unsaved)."""
        self.messages.confirm_unsaved_changes(lambda: self.start_model_set(model, count, first_board))

    def deal_mixed_set(
        self,
        sources: Sequence[tuple[str, int]],
        first_board: int = 1,
        rotation: str = "none",
        *,
        count: int = 16,
        confirm: bool = True,
    ) -> None:
        """A practice set: ``sources`` as ``(preset:NAME or a script's path, boards)``, or none for the
        window's constraints (``count`` boards); ``rotation`` one of ``engine.dealer.rotation.ROTATIONS``."""
        if confirm:
            self.messages.confirm_unsaved_changes(
                lambda: self.start_mixed_set(sources, first_board, rotation, count=count)
            )
        else:
            self.start_mixed_set(sources, first_board, rotation, count=count)

    def _window_scenario(self) -> SetSource | None:
        """The window's own request as a scenario: the editors' (their dealer is the scenario's), or the auction."""
        request = self.request_to_deal()
        if request is None:
            return None
        fixed = self.dock.fixed_dealer()
        target = self.auction.target
        if target is not None:
            request_at = requests_by_vulnerability(target.system, target.calls, "N")
            scenario = Scenario("", request, dealer="N", fixed_dealer=fixed, follows_board=True, request_at=request_at)
        else:
            scenario = Scenario("", request, dealer=fixed or "N", fixed_dealer=fixed)
        return SetSource((scenario,))

    def start_mixed_set(
        self, sources: Sequence[tuple[str, int]], first_board: int, rotation: str, *, count: int = 16
    ) -> int | None:
        """Start the mixed job (the caller asked about unsaved boards); returns its id, or None with the reason shown."""
        if self.session.closed or self.jobs.active is not None:
            self._status(self.tr("Wait for the current job to finish, or stop it."))
            return None
        if sources:
            try:
                # A count is a weight: the shares of a total equal to their sum are the counts themselves.
                loaded = [load_source(text, presets=self.presets()).with_weight(n) for text, n in sources]
            except BridgeError as exc:
                self.messages.show_error(self.tr("Deal a Set of Boards"), str(exc))
                return None
            total = sum(n for _, n in sources)
            header = self.tr("set: {scenarios}").format(scenarios=describe_set(loaded, total))
        else:
            own = self._window_scenario()
            if own is None:
                return None
            loaded, total, header = [own], count, self.request_text()
        if rotation == "law2":
            header += self.tr("; rotated: each board's dealer holds the scenario's dealer's hand")
        elif rotation == "ns":
            header += self.tr(
                "; rotated: the partnerships change places on about half the boards, each chosen at random"
            )
        seed = self.seed_bar.seed_for_job()
        self.settings["deal_set/count"] = total

        def task(cancel: threading.Event) -> Generator[ModelProgress | None, None, list[Board] | JobFailure | None]:
            stream = deal_set(loaded, total, first_board=first_board, seed=seed, rotation=rotation, cancel=cancel)
            try:
                while True:
                    try:
                        progress = next(stream)
                    except StopIteration as stop:
                        return typing.cast("list[Board] | None", stop.value)
                    yield ModelProgress(progress.tried, progress.found, progress.wanted, progress.elapsed)
            except BridgeError as exc:  # bad input, shown with this dialog's title (a bug goes to the runner)
                return failure_of(exc)

        def dealt(value: object) -> None:
            if isinstance(value, JobFailure):
                self.messages.show_error(self.tr("Deal a Set of Boards"), value.message)
                return
            if value is None:
                return
            boards = typing.cast("list[Board]", value)
            tags = {"Generator": pbn.GENERATOR, "GeneratorSeed": str(seed)}
            self.document.replace_set([b.with_tags(**tags) for b in boards], header)
            self.session.go_to_row(0)
            self.messages.status(self.tr("Dealt {n} boards.").format(n=f"{len(boards):,}"), 10_000)

        return self.jobs.deal_mixed_set(task, seed=seed, count=total, first_board=first_board, on_result=dealt)

    def start_set(self, count: int, first_board: int) -> int | None:
        """Replace the set with ``count`` boards numbered from ``first_board`` (the caller asked about unsaved boards)."""
        started = time.perf_counter()
        request = self.request_to_deal()
        if request is None:
            return None
        self.settings["deal_set/count"] = count
        request_text = self.request_text()
        auction = self.auction.target
        job_id = self.jobs.deal_set(
            request,
            seed=self.seed_bar.seed_for_job(),
            count=count,
            first_board=first_board,
            plan=None if auction is not None else self.feedback.cached_plan(request),
            started=started,
            request_text=request_text,
            dealer=self.dock.fixed_dealer(),
            auction=auction,
        )
        self.document.new_set(request_text, count)
        self.session.go_to_row(0)
        return job_id

    def start_model_set(self, model: ShuffleModel, count: int, first_board: int) -> int | None:
        """Deal a set with an imperfect-shuffle ``model``: the one ``bridgegui-deal --shuffle SPEC --seed S``
        writes, each board tagged ``[Shuffle "SPEC"]`` because such deals are deliberately not uniform."""
        if self.session.closed or self.jobs.active is not None:
            self._status(self.tr("Wait for the current job to finish, or stop it."))
            return None
        request = self.request_to_deal()
        if request is None:
            return None
        return self.jobs.deal_with_model(
            model,
            request,
            seed=self.seed_bar.seed_for_job(),
            count=count,
            first_board=first_board,
            request_text=self.request_text(),
            replace_set=self.document.replace_set,
        )


__all__ = ["Dealing"]
