"""The window's background jobs: dealing a board or a set, analysing before saving, dealing with a shuffle model.

Every job runs off the GUI thread (``bridgegui.workers``): the window starts it, keeps its id, and acts
only on results carrying that id.  Stop sets the job's cancel event; closing the window cancels and
waits.  The event loop never waits on the engine.

One job holds the window at a time, described by one ``ActiveJob`` record, and one progress display
(the status bar's bar and figures) shows whichever it is: nothing else needs to know which kinds of
job exist.

Seeds: Random mode draws a fresh 128-bit seed for every job and shows it; Fixed mode uses the typed
seed.  A set dealt from seed S is the set ``bridgegui-deal --seed S`` deals; with a fixed seed a single
Deal of board ``b`` gives board ``b`` of the set dealt from S starting at board 1 (it deals ``b``
boards and keeps the last).  Each dealt board records its seed in the PBN ``GeneratorSeed`` tag.
"""

from __future__ import annotations

import threading
import time
import typing
from collections.abc import Callable, Generator
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
from PySide6.QtCore import QObject, Qt, QTimer, Signal, Slot
from PySide6.QtWidgets import QLabel, QProgressBar, QStatusBar

from bridgegui.engine import double_dummy
from bridgegui.engine.boards import Board, boards_from_batch
from bridgegui.engine.cards import Deal
from bridgegui.engine.dealer.constraints import DealRequest
from bridgegui.engine.dealer.planner import DEFAULT_MAX_TRIES
from bridgegui.engine.dealing import make_rng
from bridgegui.engine.lab.shuffles import ModelProgress, ShuffleModel, deal_with_model
from bridgegui.formats import pbn
from bridgegui.ui.mainwindow.undo import BoardsCommand, InsertBoardsCommand, ReplaceBoardCommand
from bridgegui.ui.widgets.board_list import BoardListModel, DealtBlock
from bridgegui.workers.dealing_service import DealingService, DealProgress
from bridgegui.workers.job_runner import JobFailure, JobRunner

if typing.TYPE_CHECKING:
    from bridgegui.engine.dealer.planner import DealPlan
    from bridgegui.ui.mainwindow.auction_target import AuctionTarget
    from bridgegui.ui.mainwindow.window import MainWindow

BUSY_DELAY_MS = 250
"""A single deal shows a busy bar only when it takes longer than this (no flicker for fast deals)."""

PROGRESS_INTERVAL = 0.1
"""Seconds between progress reports of a shuffle-model job (house style: about every 100 ms)."""


def board_for_deal(
    number: int | None, deal: Deal, seed: int | None, old: Board | None = None, dealer: str | None = None
) -> Board:
    """The board for a deal put at a position: ``old`` dealt again (``Board.redealt`` keeps what a re-dealt
    board should keep), or a new board numbered ``number``; tagged with the generator and its seed.

    ``dealer`` is the editors' dealer rule (a seat, or None to follow the board number): a re-dealt board
    takes it too, as Deal Set's boards do, so "West deals every board" then Deal gives West the deal.
    """
    tags = {"Generator": pbn.GENERATOR} | ({"GeneratorSeed": str(seed)} if seed is not None else {})
    if old is not None:
        board = old.redealt(deal, **tags)
        if dealer is not None or board.number is not None:  # a board without a number keeps its own dealer
            board = board.replace(dealer=dealer)
        return board
    return Board(number, deal, dealer=dealer, tags=tuple(tags.items()))


def rate_text(rate: float) -> str:
    """``3.1 M`` deals per second, ``450 k``, ``87``."""
    if rate >= 1e6:
        return f"{rate / 1e6:.1f} M"
    if rate >= 1e3:
        return f"{rate / 1e3:.0f} k"
    return f"{rate:.0f}"


@dataclass
class ActiveJob:
    """The job that holds the window, and what is needed to file its results when they arrive.

    ``kind`` is "single" (one board), "set", "analysis" (double dummy before saving) or "model" (a set
    dealt with a shuffle model).
    """

    kind: str
    job_id: int
    seed: int = 0
    count: int = 0
    first_number: int | None = None
    row: int = 0
    started: float = field(default_factory=time.perf_counter)
    request_text: str = ""
    dealer: str | None = None
    received: int = 0
    # analysis: where to save and what to run after; model: the model
    target: Path | None = None
    then: Callable[[], object] | None = None
    model: ShuffleModel | None = None
    insert: bool = False  # a single board put before ``row`` (Insert Dealt Board) rather than replacing it
    replaced_scenario: str = ""  # the Scenario a re-dealt board had (a mixed set's): the status bar says so


class Jobs(QObject):
    """Starts, follows and stops the window's jobs.

    Signals (GUI thread): ``state_changed()`` when a job starts or ends (the window derives its
    actions again); ``boards_changed(first_of_set: bool)`` when boards arrived and the board on screen
    may have changed; ``failed(failure: JobFailure)`` when a dealing job could not deal the request
    (with the engine's ``Problem`` when the error knows its seat and field).
    """

    state_changed = Signal()
    boards_changed = Signal(bool)
    failed = Signal(object)

    def __init__(self, window: MainWindow, model: BoardListModel, status: QStatusBar) -> None:
        super().__init__(window)
        self.window = window
        self.board_model = model
        self.status = status
        self.active: ActiveJob | None = None
        self.last_click_to_deal: float | None = None

        self.service = DealingService(self)
        self.service.deals_ready.connect(self._on_deals)
        self.service.progress.connect(self._on_progress)
        self.service.finished.connect(self._on_deal_finished)
        self.service.failed.connect(self._on_deal_failed)
        self.runner = JobRunner("bridgegui-window-job", self)
        self.runner.yielded.connect(self._on_partial)
        self.runner.finished.connect(self._on_runner_finished)
        self.runner.failed.connect(self._on_runner_failed)

        self.stats_label = QLabel(window)
        self.stats_label.setObjectName("statsLabel")
        # A fixed width: a label that changed size would make the status bar lay out again ten times
        # a second while a search runs.
        sample = self.tr("{tried} deals tried · {found} found · {rate} deals/s").format(
            tried="888,888,888", found="88,888", rate="888 k"
        )
        self.stats_label.setFixedWidth(self.stats_label.fontMetrics().horizontalAdvance(sample) + 8)
        self.stats_label.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        self.progress_bar = QProgressBar(window)
        self.progress_bar.setObjectName("dealProgress")
        self.progress_bar.setMaximumWidth(220)
        self.progress_bar.setMaximumHeight(status.fontMetrics().height() + 4)
        self.progress_bar.setTextVisible(True)
        self.progress_bar.hide()
        self._busy_timer = QTimer(self)
        self._busy_timer.setSingleShot(True)
        self._busy_timer.setInterval(BUSY_DELAY_MS)
        self._busy_timer.timeout.connect(self._show_busy)

    # -- state ---------------------------------------------------------------------------------------

    @property
    def kind(self) -> str | None:
        """What holds the window: "single", "set", "analysis", "model", or None."""
        return self.active.kind if self.active is not None else None

    def is_dealing(self) -> bool:
        """True while a dealing job of this window runs (False as soon as Stop is pressed)."""
        return self.kind in ("single", "set")

    def analysing(self) -> bool:
        return self.kind == "analysis"

    def _show_progress(self, maximum: int, text: str) -> None:
        self.progress_bar.setRange(0, maximum)
        self.progress_bar.setValue(0)
        self.progress_bar.setFormat(text)
        self.progress_bar.show()

    def _end(self) -> None:
        self._busy_timer.stop()
        self.progress_bar.hide()
        self.active = None
        self.state_changed.emit()

    # -- dealing -------------------------------------------------------------------------------------

    def deal_one(
        self,
        request: DealRequest,
        *,
        seed: int,
        fixed_seed: bool,
        number: int,
        row: int,
        started: float,
        plan: DealPlan | None,
        request_text: str,
        dealer: str | None,
        auction: AuctionTarget | None = None,
        insert: bool = False,
    ) -> int:
        """Deal board ``number`` at ``row`` (replacing the board there, or appending); returns the job id.

        With ``insert`` the new board goes before ``row`` instead (Edit > Insert Dealt Board).  Either way
        the change is one undo step ("Re-deal Board 3"), pushed when the board arrives.

        With ``auction`` the board is dealt for that auction by the engine (``deal_boards_for_auction``,
        as ``bridgegui-deal --auction`` deals it) instead of for ``request``.

        With a fixed seed, board ``b`` alone is board ``b`` of the set dealt from that seed from board 1:
        ``b - 1`` deals are drawn and dropped first.
        """
        if auction is not None:
            job_id = self.service.start_auction_dealing(
                auction.system,
                auction.calls,
                first_board=1 if fixed_seed else number,
                count=number if fixed_seed else 1,
                seed=seed,
                dealer=dealer,
                only_last=True,
            )
        else:
            skip = number - 1 if fixed_seed else 0
            job_id = self.service.start_dealing(request, 1, seed=seed, plan=plan, skip=skip)
        self.active = ActiveJob(
            "single",
            job_id,
            seed,
            1,
            number,
            row,
            started,
            request_text=request_text,
            dealer=dealer,
            insert=insert,
        )
        self._busy_timer.start()
        self.stats_label.setText("")
        self.state_changed.emit()
        return job_id

    def deal_set(
        self,
        request: DealRequest,
        *,
        seed: int,
        count: int,
        first_board: int,
        started: float,
        plan: DealPlan | None,
        request_text: str,
        dealer: str | None,
        auction: AuctionTarget | None = None,
    ) -> int:
        """Deal ``count`` boards numbered from ``first_board`` into the model (the caller empties it); returns the job id.

        With ``auction`` the boards are dealt for that auction by the engine (``deal_boards_for_auction``:
        each board at its own dealer and vulnerability, as ``bridgegui-deal --auction`` deals them).
        """
        if auction is not None:
            job_id = self.service.start_auction_dealing(
                auction.system, auction.calls, first_board=first_board, count=count, seed=seed, dealer=dealer
            )
        else:
            job_id = self.service.start_dealing(request, count, seed=seed, plan=plan)
        self.active = ActiveJob(
            "set", job_id, seed, count, first_board, 0, started, request_text=request_text, dealer=dealer
        )
        self._show_progress(count, self.tr("%v of %m boards"))
        self.stats_label.setText("")
        self.status.showMessage(self.tr("Dealing {n} boards…").format(n=count))
        self.state_changed.emit()
        return job_id

    @Slot(int, object)
    def _on_deals(self, job_id: int, deals: np.ndarray) -> None:
        job = self.active
        if job is None or job.job_id != job_id or job.kind not in ("single", "set"):
            return  # stale: a newer job owns the window
        model = self.board_model
        if job.kind == "single":
            deal = Deal.from_masks(deals[0].tolist())
            job.row = min(job.row, model.rowCount())
            old = model.board(job.row) if job.row < model.rowCount() and not job.insert else None
            board = board_for_deal(job.first_number, deal, job.seed, old, job.dealer)
            job.replaced_scenario = (old.tag("Scenario") or "") if old is not None else ""
            self.window.set_row(job.row)
            self.window.undo.push(self._single_command(job, old, board))
        else:
            tags = (("Generator", pbn.GENERATOR), ("GeneratorSeed", str(job.seed)))
            first = (job.first_number or 1) + job.received
            model.append_dealt(DealtBlock(deals, first, job.dealer, tags))
        first_delivery = job.received == 0
        job.received += deals.shape[0]
        self.boards_changed.emit(job.kind == "set" and first_delivery)
        if first_delivery:  # the first deal of this job is on screen now
            self.last_click_to_deal = time.perf_counter() - job.started

    def _single_command(self, job: ActiveJob, old: Board | None, board: Board) -> BoardsCommand:
        """The undo step of one dealt board: a re-deal, a new board at the end, or an inserted one."""
        label = board.label or ""
        if old is not None:
            text = self.tr("Re-deal Board {n}").format(n=label)
            return ReplaceBoardCommand(self.window, text, job.row, board, show_first=False)
        text = (self.tr("Insert Board {n}") if job.insert else self.tr("Deal Board {n}")).format(n=label)
        return InsertBoardsCommand(self.window, text, job.row, [board], show_first=False)

    @Slot()
    def _show_busy(self) -> None:
        if self.kind == "single" and self.service.is_dealing():
            self._show_progress(0, "")
            self.status.showMessage(self.tr("Searching for a deal that fits…"))

    @Slot(int, object)
    def _on_progress(self, job_id: int, progress: DealProgress) -> None:
        job = self.active
        if job is None or job.job_id != job_id or job.kind not in ("single", "set"):
            return
        if job.kind == "set":
            # QProgressBar.setValue repaints synchronously; with updates off it only schedules a paint,
            # which the event loop does with the rest of the window.
            self.progress_bar.setUpdatesEnabled(False)
            self.progress_bar.setValue(progress.matched)
            self.progress_bar.setUpdatesEnabled(True)
        self.stats_label.setText(
            self.tr("{tried} deals tried · {found} found · {rate} deals/s").format(
                tried=f"{progress.tried:,}", found=f"{progress.matched:,}", rate=rate_text(progress.rate)
            )
        )

    @Slot(int, str)
    def _on_deal_finished(self, job_id: int, outcome: str) -> None:
        job = self.active
        if job is not None and job.job_id == job_id and job.kind in ("single", "set"):
            self._finish_dealing(job, outcome)

    def _finish_dealing(self, job: ActiveJob, outcome: str) -> None:
        elapsed = time.perf_counter() - job.started
        if outcome == "cancelled":
            if job.kind == "set":
                message = self.tr("Stopped: {got} of {n} boards dealt.").format(got=job.received, n=job.count)
            else:
                message = self.tr("Stopped.")
        elif job.kind == "set":
            message = self.tr("Dealt {n} boards in {t:.2f} s.").format(n=job.received, t=elapsed)
        else:
            message = self.tr("Dealt board {n}.").format(n=job.first_number) if job.first_number else ""
            if job.replaced_scenario:  # a mixed set's board: re-dealt to the editors, not to its scenario
                message = self.tr(
                    "Dealt board {n} to the constraints in the editors (it was a “{scenario}” board; Undo brings it back)."
                ).format(n=job.first_number, scenario=job.replaced_scenario)
        self._end()
        self.status.showMessage(message, 10_000)

    @Slot(int, object)
    def _on_deal_failed(self, job_id: int, failure: JobFailure) -> None:
        job = self.active
        if job is None or job.job_id != job_id or job.kind not in ("single", "set"):
            return
        self._end()
        self.status.showMessage(failure.message, 20_000)
        self.failed.emit(failure)

    # -- double-dummy analysis before saving -----------------------------------------------------------

    def analyse_then_save(self, rows: list[int], target: Path, then: Callable[[], object] | None) -> int:
        """Analyse the boards at ``rows`` (tagging them), then have the window save to ``target``."""
        boards = [self.board_model.board(row) for row in rows]

        def analyse(cancel: threading.Event) -> Generator[tuple[int, Board, dict[str, str]], None, str | None]:
            if not double_dummy.available():
                return double_dummy.unavailable_message() or double_dummy.ENABLE_HINT
            for row, board in zip(rows, boards, strict=True):
                if cancel.is_set():
                    break
                yield row, board, double_dummy.board_tags(board)
            return None

        job_id = self.runner.start(analyse)
        self.active = ActiveJob("analysis", job_id, count=len(rows), target=target, then=then)
        self._show_progress(len(rows), self.tr("%v of %m boards analysed"))
        self.status.showMessage(self.tr("Double-dummy analysis of {n} boards before saving…").format(n=len(rows)))
        self.state_changed.emit()
        return job_id

    @Slot(int, object)
    def _on_partial(self, job_id: int, value: object) -> None:
        job = self.active
        if job is None or job.job_id != job_id:
            return
        if isinstance(value, ModelProgress):
            self.progress_bar.setValue(value.found)
            return
        row, board, tags = typing.cast(tuple[int, Board, dict[str, str]], value)
        # The set may have changed under the analysis: tag a board only if it is still the one analysed.
        if row < self.board_model.rowCount() and self.board_model.board(row) == board:
            self.board_model.replace_board(row, board.with_tags(**tags))
        job.received += 1
        self.progress_bar.setValue(job.received)

    # -- a set dealt with a shuffle model ------------------------------------------------------------

    def deal_with_model(
        self, model: ShuffleModel, request: DealRequest, *, seed: int, count: int, first_board: int, request_text: str
    ) -> int:
        """Deal ``count`` boards with an imperfect-shuffle ``model`` in the worker; returns the job id.

        The engine's ``deal_with_model`` draws exactly as ``bridgegui-deal --shuffle`` does for the
        seed, and checks the cancel flag between batches, so Stop ends it within one batch.
        """

        def deal(cancel: threading.Event) -> Generator[ModelProgress, None, np.ndarray | None]:
            rng = make_rng(seed)
            return (
                yield from deal_with_model(model, request, count, first_board, rng, DEFAULT_MAX_TRIES, cancel=cancel)
            )

        job_id = self.runner.start(deal)
        self.active = ActiveJob("model", job_id, seed, count, first_board, request_text=request_text, model=model)
        self._show_progress(count, self.tr("%v of %m boards"))
        self.status.showMessage(
            self.tr("Dealing {n} boards with {model}…").format(n=f"{count:,}", model=model.describe())
        )
        self.state_changed.emit()
        return job_id

    # -- the runner's outcomes -----------------------------------------------------------------------

    @Slot(int, object)
    def _on_runner_finished(self, job_id: int, value: object) -> None:
        job = self.active
        if job is None or job.job_id != job_id:
            return
        self._end()
        if job.kind == "analysis":
            assert job.target is not None
            if isinstance(value, str):  # endplay is missing: save what there is, and say why
                self.window.show_error(
                    self.tr("Double-Dummy Analysis"),
                    self.tr("Saved without double-dummy analysis. {m}").format(m=value),
                )
            if self.window.document.write_pbn(job.target) and job.then is not None:
                job.then()
        elif job.kind == "model" and value is not None:
            model = job.model
            assert model is not None
            tags = {"Generator": pbn.GENERATOR, "GeneratorSeed": str(job.seed), "Shuffle": model.spec}
            batch = np.asarray(value)
            boards = [b.with_tags(**tags) for b in boards_from_batch(batch, job.first_number or 1)]
            self.window.document.replace_set(
                boards,
                f"{job.request_text}; not uniform: {model.describe()}",
                self.tr("Deal Set with {model}").format(model=model.describe()),
            )
            self.status.showMessage(
                self.tr("Dealt {n} boards with {model}.").format(n=f"{len(boards):,}", model=model.describe()), 10_000
            )

    @Slot(int, object)
    def _on_runner_failed(self, job_id: int, failure: JobFailure) -> None:
        job = self.active
        if job is None or job.job_id != job_id:
            return
        self._end()
        if job.kind == "analysis":
            self.window.show_error(
                self.tr("Double-Dummy Analysis"), self.tr("The file was not saved: {m}").format(m=failure.message)
            )
        elif job.kind == "mixed":
            self.window.show_error(self.tr("Deal a Set of Boards"), failure.message)
        else:
            self.window.show_error(self.tr("Deal with a Shuffle Model"), failure.message)

    # -- stopping ------------------------------------------------------------------------------------

    def stop(self) -> None:
        """Stop whatever runs (Esc).

        The window is idle again at once (results still in flight are dropped by job id); the worker
        thread stops within one engine batch.
        """
        job = self.active
        if job is None:
            return
        if job.kind == "analysis":
            self.runner.cancel()
            self._end()
            self.status.showMessage(self.tr("Stopped the analysis: the file was not saved."), 10_000)
        elif job.kind == "model":
            self.runner.cancel()
            self._end()
            self.status.showMessage(self.tr("Stopped dealing with the shuffle model."), 10_000)
        elif job.kind == "mixed":
            self.runner.cancel()
            self._end()
            self.status.showMessage(self.tr("Stopped dealing the set."), 10_000)
        else:
            self.service.cancel()
            self._finish_dealing(job, "cancelled")

    def stop_quietly(self) -> None:
        """End whatever runs without a word: another set took the current one's place (a file was opened).

        An analysis before saving would otherwise write the *new* set into the old file when it ends,
        and a shuffle-model job would replace the set the user just opened.
        """
        if self.active is None:
            return
        self.service.cancel()
        self.runner.cancel()
        self._end()

    def shutdown(self) -> None:
        """Cancel everything and wait for the threads (the window is closing)."""
        self._busy_timer.stop()
        self.service.shutdown()
        self.runner.shutdown()


__all__ = ["BUSY_DELAY_MS", "ActiveJob", "Jobs", "rate_text"]
