"""What Deal, Deal Set and a shuffle-model set deal: the request, the seed, the board numbers and dealers.

The jobs themselves run in ``jobs.Jobs``; this decides what to ask of them.  The request is the
editors' (with the live feedback's plan when it is for the very same request), or, while an auction is
chosen (``auction_target``), the request for that auction with each board turned to its dealer.  The
seed is the seed bar's: a fresh one shown in Random mode, the typed one in Fixed mode.

Practice sets: a Deal Set with a rotation, or with several scenarios listed in the
dialog, is dealt by ``engine.dealer.mixing.deal_set`` as a generator task on the window's job runner (the
"mixed" job): it yields progress for the status bar's bar, and returns the boards, which replace the
set in one step, each tagged with its scenario.  ``bridgegui-deal`` deals the same set from the same
seed, sources and rotation.  Stop (the window's ``jobs.stop``) ends the job; this module then cancels
the runner's task, which stops within one engine batch.
"""

from __future__ import annotations

import threading
import time
import typing
from collections.abc import Generator, Sequence

from PySide6.QtCore import QObject, Qt, Slot

from bridgegui.engine.boards import Board
from bridgegui.engine.dealer.constraints import DealRequest
from bridgegui.engine.dealer.mixing import Scenario, SetSource, deal_set, describe_set
from bridgegui.engine.errors import BridgeError
from bridgegui.engine.lab.shuffles import ModelProgress, ShuffleModel
from bridgegui.formats import pbn
from bridgegui.set_sources import load_source
from bridgegui.ui.dialogs import DealSetDialog
from bridgegui.ui.mainwindow.background_jobs import ActiveJob
from bridgegui.workers.job_runner import JobFailure, failure_of

if typing.TYPE_CHECKING:
    from bridgegui.ui.mainwindow.window import MainWindow


class Dealing(QObject):
    """Turns the window's Deal, Deal Set and shuffle-model requests into jobs."""

    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self.window = window
        self._mixed: tuple[int, str, int] | None = None  # the mixed job: id, header text, seed
        window.jobs.runner.finished.connect(self._on_mixed_finished)
        window.jobs.state_changed.connect(self._on_jobs_changed)

    def _status(self, text: str) -> None:
        self.window.statusBar().showMessage(text, 8000)

    def request_to_deal(self) -> DealRequest | None:
        """The request to deal now, or None with the reason shown (a mistake, or another job holds the window)."""
        window = self.window
        if window.is_closed():
            return None
        if window.jobs.kind in ("analysis", "model", "mixed"):
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
        return self.deal_board(window.current_board_number() or 1, window.current_row())

    def deal_board(self, number: int, row: int, *, insert: bool = False) -> int | None:
        """Deal one board numbered ``number`` into ``row`` (replacing it, or before it with ``insert``):
        Deal, and Insert Dealt Board.  Returns the job id, or None if the request has a mistake."""
        window = self.window
        started = time.perf_counter()
        request = self.request_to_deal()
        if request is None:
            return None
        dealer = window.constraints_dock.fixed_dealer()
        auction = window.auction_dealing.target is not None
        return window.jobs.deal_one(
            request,
            seed=window.seed_bar.seed_for_job(),
            fixed_seed=window.seed_bar.mode() == "fixed",
            number=number,
            row=row,
            started=started,
            plan=None if auction else window.feedback.cached_plan(request),
            request_text=self.request_text(),
            dealer=dealer,
            auction=window.auction_dealing.target,
            insert=insert,
        )

    def ask_deal_set(self) -> DealSetDialog:
        window = self.window
        dialog = DealSetDialog(
            window,
            count=window.settings["deal_set/count"],
            first_board=1,
            presets=[p.name for p in window.presets()],
        )
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.accepted.connect(lambda: self._dialog_accepted(dialog))
        dialog.open()
        return dialog

    def _dialog_accepted(self, dialog: DealSetDialog) -> None:
        sources, rotation = dialog.sources(), dialog.rotation()
        if not sources and rotation == "none":
            self.window.deal_set(dialog.count(), dialog.first_board())
        else:
            self.deal_mixed_set(sources, dialog.first_board(), rotation, count=dialog.count())

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
            self.window.confirm_unsaved_changes(
                lambda: self.start_mixed_set(sources, first_board, rotation, count=count)
            )
        else:
            self.start_mixed_set(sources, first_board, rotation, count=count)

    def _window_scenario(self) -> SetSource | None:
        """The window's own request as a scenario: the editors' (their dealer is the scenario's), or the auction."""
        request = self.request_to_deal()
        if request is None:
            return None
        fixed = self.window.constraints_dock.fixed_dealer()
        if self.window.auction_dealing.target is not None:
            scenario = Scenario("", request, dealer="N", fixed_dealer=fixed, follows_board=True)
        else:
            scenario = Scenario("", request, dealer=fixed or "N", fixed_dealer=fixed)
        return SetSource((scenario,))

    def start_mixed_set(
        self, sources: Sequence[tuple[str, int]], first_board: int, rotation: str, *, count: int = 16
    ) -> int | None:
        """Start the mixed job (the caller asked about unsaved boards); returns its id, or None with the reason shown."""
        window = self.window
        if window.is_closed() or window.jobs.active is not None:
            self._status(self.tr("Wait for the current job to finish, or stop it."))
            return None
        if sources:
            try:
                # A count is a weight: the shares of a total equal to their sum are the counts themselves.
                loaded = [load_source(text, presets=window.presets()).with_weight(n) for text, n in sources]
            except BridgeError as exc:
                window.show_error(self.tr("Deal a Set of Boards"), str(exc))
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
        seed = window.seed_bar.seed_for_job()
        window.settings["deal_set/count"] = total

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

        jobs = window.jobs
        job_id = jobs.runner.start(task)
        jobs.active = ActiveJob("mixed", job_id, seed, total, first_board, request_text=header)
        self._mixed = (job_id, header, seed)
        jobs.progress_bar.setRange(0, total)
        jobs.progress_bar.setValue(0)
        jobs.progress_bar.setFormat(self.tr("%v of %m boards"))
        jobs.progress_bar.show()
        jobs.stats_label.setText("")
        jobs.status.showMessage(self.tr("Dealing {n} boards…").format(n=f"{total:,}"))
        jobs.state_changed.emit()
        return job_id

    @Slot()
    def _on_jobs_changed(self) -> None:
        """Stop ended the mixed job in ``background_jobs`` (its task is still the runner's current one): cancel the task."""
        if self._mixed is None:
            return
        job_id = self._mixed[0]
        active = self.window.jobs.active
        if active is not None and active.job_id == job_id:
            return
        if self.window.jobs.runner.current_job == job_id:  # stopped, or replaced by another job
            self.window.jobs.runner.cancel()
            self._mixed = None

    @Slot(int, object)
    def _on_mixed_finished(self, job_id: int, value: object) -> None:
        if self._mixed is None or self._mixed[0] != job_id:
            return
        _, header, seed = self._mixed
        self._mixed = None
        window = self.window
        if isinstance(value, JobFailure):
            window.show_error(self.tr("Deal a Set of Boards"), value.message)
            return
        if value is None:
            return
        boards = typing.cast("list[Board]", value)
        tags = {"Generator": pbn.GENERATOR, "GeneratorSeed": str(seed)}
        window.document.replace_set([b.with_tags(**tags) for b in boards], header)
        window.go_to_row(0)
        window.statusBar().showMessage(self.tr("Dealt {n} boards.").format(n=f"{len(boards):,}"), 10_000)

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
            auction=window.auction_dealing.target,
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
