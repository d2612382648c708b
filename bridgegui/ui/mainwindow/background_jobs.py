"""The window's background jobs: dealing a board or a set, analysing before saving, dealing with a shuffle model.

Every job runs off the GUI thread (``bridgegui.workers``): the window starts it, keeps its id, and acts
only on results carrying that id.  Stop sets the job's cancel event; closing the window cancels and
waits.  The event loop never waits on the engine.

One job holds the window at a time, described by one ``ActiveJob`` record of a ``JobKind``, and one
progress display (the status bar's bar and figures) shows whichever it is.  Every kind runs on the one
``JobRunner`` (Picard's ``run_task``: the work on the pool, the outcome called back on the GUI thread,
only while the job is current), so nothing here compares job ids.  A job's outcome goes where its
starter said (a callback), so this part needs neither the document nor the window.

Seeds: Random mode draws a fresh 128-bit seed for every job and shows it; Fixed mode uses the typed
seed.  A set dealt from seed S is the set ``bridgegui-deal --seed S`` deals; with a fixed seed a single
Deal of board ``b`` gives board ``b`` of the set dealt from S starting at board 1 (it deals ``b``
boards and keeps the last).  Each dealt board records its seed in the PBN ``GeneratorSeed`` tag.
"""

from __future__ import annotations

import enum
import threading
import time
import typing
from collections.abc import Callable, Generator
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
from PySide6.QtCore import QObject, Qt, QTimer, Signal, Slot
from PySide6.QtWidgets import QLabel, QProgressBar, QStatusBar, QWidget

from bridgegui.engine import double_dummy
from bridgegui.engine.boards import Board, boards_from_batch
from bridgegui.engine.cards import Deal
from bridgegui.engine.dealer.constraints import DealRequest
from bridgegui.engine.dealer.planner import DEFAULT_MAX_TRIES, DealPlan
from bridgegui.engine.dealing import make_rng
from bridgegui.engine.lab.shuffles import ModelProgress, ShuffleModel, deal_with_model
from bridgegui.formats import pbn
from bridgegui.ui.mainwindow.auction_target import AuctionTarget
from bridgegui.ui.mainwindow.session import Messages, Session
from bridgegui.ui.mainwindow.undo import BoardsCommand, InsertBoardsCommand, ReplaceBoardCommand, Undo
from bridgegui.ui.widgets.board_list import DealtBlock
from bridgegui.workers.dealing_tasks import DealProgress, auction_deal_task, deal_task
from bridgegui.workers.job_runner import JobFailure, JobRunner, Task

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


class JobKind(enum.StrEnum):
    """What holds the window (a ``StrEnum``: its values are the names scripts and tests have used)."""

    DEAL_BOARD = "single"  # one board, dealt into its row (Deal, Insert Dealt Board)
    DEAL_SET = "set"  # a set, boards arriving as they are dealt (Deal Set)
    ANALYSIS = "analysis"  # double dummy before saving
    SHUFFLE_MODEL = "model"  # a set dealt with an imperfect-shuffle model
    MIXED_SET = "mixed"  # a practice set of several scenarios, or rotated


DEALING = (JobKind.DEAL_BOARD, JobKind.DEAL_SET)
"""The kinds that deal for the editors' request (or the auction) and fill the set as boards arrive."""


@dataclass(kw_only=True)
class ActiveJob:
    """The job that holds the window, and what is needed to file its results when they arrive."""

    kind: JobKind
    job_id: int = 0
    seed: int = 0
    count: int = 0
    first_number: int | None = None
    row: int = 0
    started: float = field(default_factory=time.perf_counter)
    request_text: str = ""
    dealer: str | None = None
    received: int = 0
    insert: bool = False  # a single board put before ``row`` (Insert Dealt Board) rather than replacing it
    replaced_scenario: str = ""  # the Scenario a re-dealt board had (a mixed set's): the status bar says so
    stopped: bool = False  # Stop (not a newer job) ended it: its "cancelled" is reported


class Jobs(QObject):
    """Starts, follows and stops the window's jobs, on the one runner, with one progress display.

    It takes the session (the row a dealt board lands on), the undo stack (a dealt board is an undo
    step), the messages (errors and the status bar) and the status bar it shows progress in.

    Signals (GUI thread):

    * ``state_changed()`` when a job starts or ends (the window derives its actions again);
    * ``boards_changed(first_of_set: bool)`` when boards arrived and the board on screen may have changed;
    * ``failed(failure: JobFailure)`` when a dealing job could not deal the request (with the engine's
      ``Problem`` when the error knows its seat and field);
    * ``progress(job_id: int, progress: DealProgress)`` about every 100 ms while a dealing job runs;
    * ``finished(job_id: int, outcome: str)`` when a dealing job is over: ``"done"``, or ``"cancelled"``
      once the thread of a stopped job has let go of the engine (scripts and tests wait on it).
    """

    state_changed = Signal()
    boards_changed = Signal(bool)
    failed = Signal(object)
    progress = Signal(int, object)
    finished = Signal(int, str)

    def __init__(self, session: Session, undo: Undo, messages: Messages, status: QStatusBar, parent: QWidget) -> None:
        super().__init__(parent)
        self.session = session
        self.board_model = session.boards
        self.undo = undo
        self.messages = messages
        self.status = status
        self.active: ActiveJob | None = None
        self.last_click_to_deal: float | None = None
        self._dealing: ActiveJob | None = None  # the last dealing job, until its thread lets go
        self.runner = JobRunner("bridgegui-window-job", self)

        self.stats_label = QLabel(parent)
        self.stats_label.setObjectName("statsLabel")
        # A fixed width: a label that changed size would make the status bar lay out again ten times
        # a second while a search runs.
        sample = self.tr("{tried} deals tried · {found} found · {rate} deals/s").format(
            tried="888,888,888", found="88,888", rate="888 k"
        )
        self.stats_label.setFixedWidth(self.stats_label.fontMetrics().horizontalAdvance(sample) + 8)
        self.stats_label.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        self.progress_bar = QProgressBar(parent)
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
    def kind(self) -> JobKind | None:
        """What holds the window, or None."""
        return self.active.kind if self.active is not None else None

    def is_dealing(self) -> bool:
        """True while a dealing job of this window runs (False as soon as Stop is pressed)."""
        return self.kind in DEALING

    def analysing(self) -> bool:
        return self.kind == JobKind.ANALYSIS

    @property
    def current_job(self) -> int | None:
        """The id of the dealing job whose thread is still busy with it, if any (for scripts and tests)."""
        return self._dealing.job_id if self._dealing is not None else None

    def wait_idle(self, timeout_ms: int = 5000) -> bool:
        """Wait for the jobs' thread to go idle without cancelling (for scripts and tests)."""
        return self.runner.wait_idle(timeout_ms)

    def _show_progress(self, maximum: int, text: str) -> None:
        self.progress_bar.setRange(0, maximum)
        self.progress_bar.setValue(0)
        self.progress_bar.setFormat(text)
        self.progress_bar.show()

    def _begin(self, job: ActiveJob) -> int:
        self.active = job
        self.state_changed.emit()
        return job.job_id

    def _end(self) -> None:
        self._busy_timer.stop()
        self.progress_bar.hide()
        self.active = None
        self.state_changed.emit()

    # -- dealing -------------------------------------------------------------------------------------

    def _run_dealing(self, task: Task, job: ActiveJob) -> int:
        """Run a dealing task for ``job``: its batches fill the set, its progress shows, its end is reported."""
        job.job_id = self.runner.run(
            task,
            on_value=lambda value: self._on_dealt(job, value),
            on_result=lambda _result: self._on_dealing_done(job),
            on_failure=lambda failure: self._on_dealing_failed(job, failure),
            on_cancelled=lambda: self._on_dealing_cancelled(job),
        )
        self._dealing = job
        return job.job_id

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
            task = auction_deal_task(
                auction.system,
                auction.calls,
                first_board=1 if fixed_seed else number,
                count=number if fixed_seed else 1,
                seed=seed,
                dealer=dealer,
                only_last=True,
            )
        else:
            task = deal_task(request, plan, 1, seed=seed, skip=number - 1 if fixed_seed else 0)
        job = ActiveJob(
            kind=JobKind.DEAL_BOARD,
            seed=seed,
            count=1,
            first_number=number,
            row=row,
            started=started,
            request_text=request_text,
            dealer=dealer,
            insert=insert,
        )
        self._run_dealing(task, job)
        self._busy_timer.start()
        self.stats_label.setText("")
        return self._begin(job)

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
        if count < 1:
            raise ValueError("count must be at least 1")
        if auction is not None:
            task = auction_deal_task(
                auction.system, auction.calls, first_board=first_board, count=count, seed=seed, dealer=dealer
            )
        else:
            task = deal_task(request, plan, count, seed=seed)
        job = ActiveJob(
            kind=JobKind.DEAL_SET,
            seed=seed,
            count=count,
            first_number=first_board,
            started=started,
            request_text=request_text,
            dealer=dealer,
        )
        self._run_dealing(task, job)
        self._show_progress(count, self.tr("%v of %m boards"))
        self.stats_label.setText("")
        self.status.showMessage(self.tr("Dealing {n} boards…").format(n=count))
        return self._begin(job)

    def _on_dealt(self, job: ActiveJob, value: np.ndarray | DealProgress) -> None:
        if isinstance(value, DealProgress):
            self._on_progress(job, value)
        else:
            self._on_deals(job, value)

    def _on_deals(self, job: ActiveJob, deals: np.ndarray) -> None:
        model = self.board_model
        if job.kind == JobKind.DEAL_BOARD:
            deal = Deal.from_masks(deals[0].tolist())
            job.row = min(job.row, model.rowCount())
            old = model.board(job.row) if job.row < model.rowCount() and not job.insert else None
            board = board_for_deal(job.first_number, deal, job.seed, old, job.dealer)
            job.replaced_scenario = (old.tag("Scenario") or "") if old is not None else ""
            self.session.set_row(job.row)
            self.undo.push(self._single_command(job, old, board))
        else:
            tags = (("Generator", pbn.GENERATOR), ("GeneratorSeed", str(job.seed)))
            first = (job.first_number or 1) + job.received
            model.append_dealt(DealtBlock(deals, first, job.dealer, tags))
        first_delivery = job.received == 0
        job.received += deals.shape[0]
        self.boards_changed.emit(job.kind == JobKind.DEAL_SET and first_delivery)
        if first_delivery:  # the first deal of this job is on screen now
            self.last_click_to_deal = time.perf_counter() - job.started

    def _single_command(self, job: ActiveJob, old: Board | None, board: Board) -> BoardsCommand:
        """The undo step of one dealt board: a re-deal, a new board at the end, or an inserted one."""
        label = board.label or ""
        if old is not None:
            text = self.tr("Re-deal Board {n}").format(n=label)
            return ReplaceBoardCommand(self.undo, text, job.row, board, show_first=False)
        text = (self.tr("Insert Board {n}") if job.insert else self.tr("Deal Board {n}")).format(n=label)
        return InsertBoardsCommand(self.undo, text, job.row, [board], show_first=False)

    @Slot()
    def _show_busy(self) -> None:
        if self.kind == JobKind.DEAL_BOARD and self.runner.is_running():
            self._show_progress(0, "")
            self.status.showMessage(self.tr("Searching for a deal that fits…"))

    def _on_progress(self, job: ActiveJob, progress: DealProgress) -> None:
        if job.kind == JobKind.DEAL_SET:
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
        self.progress.emit(job.job_id, progress)

    def _on_dealing_done(self, job: ActiveJob) -> None:
        self._dealing = None
        self._finish_dealing(job, "done")
        self.finished.emit(job.job_id, "done")

    def _on_dealing_cancelled(self, job: ActiveJob) -> None:
        if self._dealing is not job:
            return  # replaced by a newer dealing job: it ends without a word
        self._dealing = None
        if job.stopped:
            self.finished.emit(job.job_id, "cancelled")

    def _on_dealing_failed(self, job: ActiveJob, failure: JobFailure) -> None:
        if self._dealing is job:
            self._dealing = None
        self._end()
        self.status.showMessage(failure.message, 20_000)
        self.failed.emit(failure)

    def _finish_dealing(self, job: ActiveJob, outcome: str) -> None:
        elapsed = time.perf_counter() - job.started
        if outcome == "cancelled":
            if job.kind == JobKind.DEAL_SET:
                message = self.tr("Stopped: {got} of {n} boards dealt.").format(got=job.received, n=job.count)
            else:
                message = self.tr("Stopped.")
        elif job.kind == JobKind.DEAL_SET:
            message = self.tr("Dealt {n} boards in {t:.2f} s.").format(n=job.received, t=elapsed)
        else:
            message = self.tr("Dealt board {n}.").format(n=job.first_number) if job.first_number else ""
            if job.replaced_scenario:  # a mixed set's board: re-dealt to the editors, not to its scenario
                message = self.tr(
                    "Dealt board {n} to the constraints in the editors (it was a “{scenario}” board; Undo brings it back)."
                ).format(n=job.first_number, scenario=job.replaced_scenario)
        self._end()
        self.status.showMessage(message, 10_000)

    # -- the other jobs: analysis before saving, shuffle-model and mixed sets ---------------------------

    def _run_other(
        self, job: ActiveJob, task: Task, on_value: Callable[[object], None], on_result: Callable[[object], None]
    ) -> int:
        """Run a job whose result arrives at its end: ``on_result`` is called after the window is idle again."""

        def finished(value: object) -> None:
            self._end()
            on_result(value)

        def failed(failure: JobFailure) -> None:
            self._end()
            self.messages.show_error(*self._failure_text(job.kind, failure))

        job.job_id = self.runner.run(task, on_value=on_value, on_result=finished, on_failure=failed)
        return self._begin(job)

    def _failure_text(self, kind: JobKind, failure: JobFailure) -> tuple[str, str]:
        if kind == JobKind.ANALYSIS:
            return self.tr("Double-Dummy Analysis"), self.tr("The file was not saved: {m}").format(m=failure.message)
        if kind == JobKind.MIXED_SET:
            return self.tr("Deal a Set of Boards"), failure.message
        return self.tr("Deal with a Shuffle Model"), failure.message

    def _count_found(self, value: object) -> None:
        if isinstance(value, ModelProgress):
            self.progress_bar.setValue(value.found)

    def analyse_then_save(
        self, rows: list[int], target: Path, write: Callable[[Path], bool], then: Callable[[], object] | None
    ) -> int:
        """Analyse the boards at ``rows`` (tagging them), then ``write(target)`` and, if written, ``then()``."""
        boards = [self.board_model.board(row) for row in rows]

        def analyse(cancel: threading.Event) -> Generator[tuple[int, Board, dict[str, str]], None, str | None]:
            if not double_dummy.available():
                return double_dummy.unavailable_message() or double_dummy.ENABLE_HINT
            for row, board in zip(rows, boards, strict=True):
                if cancel.is_set():
                    break
                yield row, board, double_dummy.board_tags(board)
            return None

        job = ActiveJob(kind=JobKind.ANALYSIS, count=len(rows))

        def tagged(value: object) -> None:
            row, board, tags = typing.cast(tuple[int, Board, dict[str, str]], value)
            # The set may have changed under the analysis: tag a board only if it is still the one analysed.
            if row < self.board_model.rowCount() and self.board_model.board(row) == board:
                self.board_model.replace_board(row, board.with_tags(**tags))
            job.received += 1
            self.progress_bar.setValue(job.received)

        def analysed(missing: object) -> None:
            if isinstance(missing, str):  # endplay is missing: save what there is, and say why
                self.messages.show_error(
                    self.tr("Double-Dummy Analysis"),
                    self.tr("Saved without double-dummy analysis. {m}").format(m=missing),
                )
            if write(target) and then is not None:
                then()

        job_id = self._run_other(job, analyse, tagged, analysed)
        self._show_progress(len(rows), self.tr("%v of %m boards analysed"))
        self.status.showMessage(self.tr("Double-dummy analysis of {n} boards before saving…").format(n=len(rows)))
        return job_id

    def deal_with_model(
        self,
        model: ShuffleModel,
        request: DealRequest,
        *,
        seed: int,
        count: int,
        first_board: int,
        request_text: str,
        replace_set: Callable[[list[Board], str, str], object],
    ) -> int:
        """Deal ``count`` boards with an imperfect-shuffle ``model`` in the worker; returns the job id.

        The engine's ``deal_with_model`` draws exactly as ``bridgegui-deal --shuffle`` does for the
        seed, and checks the cancel flag between batches, so Stop ends it within one batch.  The boards
        go to ``replace_set(boards, header, undo text)`` (the document's) when they are all dealt.
        """

        def deal(cancel: threading.Event) -> Generator[ModelProgress, None, np.ndarray | None]:
            rng = make_rng(seed)
            return (
                yield from deal_with_model(model, request, count, first_board, rng, DEFAULT_MAX_TRIES, cancel=cancel)
            )

        def dealt(value: object) -> None:
            if value is None:
                return
            tags = {"Generator": pbn.GENERATOR, "GeneratorSeed": str(seed), "Shuffle": model.spec}
            boards = [b.with_tags(**tags) for b in boards_from_batch(np.asarray(value), first_board)]
            replace_set(
                boards,
                f"{request_text}; not uniform: {model.describe()}",
                self.tr("Deal Set with {model}").format(model=model.describe()),
            )
            self.status.showMessage(
                self.tr("Dealt {n} boards with {model}.").format(n=f"{len(boards):,}", model=model.describe()), 10_000
            )

        job = ActiveJob(kind=JobKind.SHUFFLE_MODEL, seed=seed, count=count, first_number=first_board)
        job_id = self._run_other(job, deal, self._count_found, dealt)
        self._show_progress(count, self.tr("%v of %m boards"))
        self.status.showMessage(
            self.tr("Dealing {n} boards with {model}…").format(n=f"{count:,}", model=model.describe())
        )
        return job_id

    def deal_mixed_set(
        self, task: Task, *, seed: int, count: int, first_board: int, on_result: Callable[[object], None]
    ) -> int:
        """Run a practice set's ``task`` (it yields ``ModelProgress`` and returns the boards); returns the job id."""
        job = ActiveJob(kind=JobKind.MIXED_SET, seed=seed, count=count, first_number=first_board)
        job_id = self._run_other(job, task, self._count_found, on_result)
        self._show_progress(count, self.tr("%v of %m boards"))
        self.stats_label.setText("")
        self.status.showMessage(self.tr("Dealing {n} boards…").format(n=f"{count:,}"))
        return job_id

    # -- stopping ------------------------------------------------------------------------------------

    def stop(self) -> None:
        """Stop whatever runs (Esc).

        The window is idle again at once (results still in flight are dropped by the runner); the worker
        thread stops within one engine batch.
        """
        job = self.active
        if job is None:
            return
        job.stopped = True
        self.runner.cancel()
        if job.kind in DEALING:
            self._finish_dealing(job, "cancelled")
            return
        self._end()
        message = {
            JobKind.ANALYSIS: self.tr("Stopped the analysis: the file was not saved."),
            JobKind.SHUFFLE_MODEL: self.tr("Stopped dealing with the shuffle model."),
            JobKind.MIXED_SET: self.tr("Stopped dealing the set."),
        }[job.kind]
        self.status.showMessage(message, 10_000)

    def stop_quietly(self) -> None:
        """End whatever runs without a word: another set took the current one's place (a file was opened).

        An analysis before saving would otherwise write the *new* set into the old file when it ends,
        and a shuffle-model job would replace the set the user just opened.
        """
        if self.active is None:
            return
        self.active.stopped = True
        self.runner.cancel()
        self._end()

    def stop_single_deal(self) -> None:
        """Drop a board still being dealt (an undo or redo may move the row it would land on)."""
        if self.kind == JobKind.DEAL_BOARD:
            self.stop_quietly()

    def shutdown(self) -> None:
        """Cancel everything and wait for the thread (the window is closing)."""
        self._busy_timer.stop()
        self.active = None
        self._dealing = None  # nothing is reported after the window has gone
        self.runner.shutdown()


__all__ = ["BUSY_DELAY_MS", "DEALING", "ActiveJob", "JobKind", "Jobs", "board_for_deal", "rate_text"]
