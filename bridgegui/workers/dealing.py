"""Dealing off the GUI thread: jobs on private one-thread pools, cancelled with ``threading.Event``.

Why this shape (house style, after superqt's generator workers and redeal's stop flag):

* The engine's ``deal_stream`` is a generator that yields a batch at a time (a few ms to ~50 ms of
  work each) and checks a ``threading.Event`` between batches.  A job just iterates it, so Stop takes
  effect within one batch; a queued slot would never run in a busy worker.
* Two private ``QThreadPool`` s with one thread each: one deals, the other computes the live feedback
  under the editors (exact per-seat counts and the pilot estimate).  Feedback keeps working while a
  long search runs, and neither can starve the other or the global pool.
* Every job has an id.  Results travel by queued signals tagged with it and the service drops those
  of any job that is no longer current, so a slow old job can never overwrite what a newer one
  showed.  Arrays are handed over read-only, so no thread can change what another is drawing.
* Deals are gathered and emitted about every 100 ms (and at once for the first ones), not per
  batch: the GUI thread then does one model update per tick however fast the engine is.

No widgets here: the window connects to the service's signals.
"""

from __future__ import annotations

import logging
import threading
import time
import traceback
import weakref
from dataclasses import dataclass, field

import numpy as np
from PySide6.QtCore import QObject, QThreadPool, Signal, Slot

from bridgegui.engine.cards import SEAT_NAMES, SEATS
from bridgegui.engine.constraints import DealRequest
from bridgegui.engine.errors import BridgeError
from bridgegui.engine.planner import DealPlan, Estimate, deal_stream, estimate, plan_request

log = logging.getLogger(__name__)

EMIT_INTERVAL = 0.1
"""Seconds between deliveries of deals and progress to the GUI thread."""

_pools: weakref.WeakSet[QThreadPool] = weakref.WeakSet()


def live_pools() -> list[QThreadPool]:
    """Every pool a ``DealingService`` created that still exists (the tests check none is busy)."""
    return list(_pools)


def _private_pool(name: str) -> QThreadPool:
    pool = QThreadPool()
    pool.setObjectName(name)
    pool.setMaxThreadCount(1)
    _pools.add(pool)
    return pool


@dataclass(frozen=True, slots=True)
class DealProgress:
    """How a dealing job is going: totals since it started."""

    tried: int
    matched: int
    wanted: int | None
    elapsed: float

    @property
    def rate(self) -> float:
        """Deals tried per second."""
        return self.tried / self.elapsed if self.elapsed > 0 else 0.0


@dataclass(frozen=True)
class Problem:
    """One thing wrong with a request, and where to show it.

    ``target`` is a seat letter (``"N"``…), a side (``"NS"``/``"EW"``) or ``""`` for the request as a
    whole (for example four seats whose spade minimums add up to more than 13).
    """

    target: str
    message: str


@dataclass(frozen=True)
class Feedback:
    """What the editors show about a request: exact per-seat frequencies and the whole-request estimate.

    ``plan`` is the engine's plan for the request, handed back so that dealing the same request can
    skip planning (the click-to-deal time then is the dealing alone).  ``problems`` is empty when the
    request can be dealt; when it is not, ``blocking`` is True and Deal must be disabled.
    """

    request: DealRequest
    plan: DealPlan | None = None
    seat_probabilities: tuple[float | None, float | None, float | None, float | None] = (None, None, None, None)
    estimate: Estimate | None = None
    problems: tuple[Problem, ...] = ()
    elapsed: float = 0.0
    blocking: bool = field(default=False)


def _target_of(message: str) -> str:
    """Which seat or side an engine message is about (engine messages start with it, or name it)."""
    head = message.split(":", 1)[0].strip()
    for side in ("NS", "EW"):
        if head == side:
            return side
    for letter, name in zip(SEATS, SEAT_NAMES, strict=True):
        if head == name:
            return letter
    for letter, name in zip(SEATS, SEAT_NAMES, strict=True):
        if f"{name}'s" in message or f"{name} " in message:
            return letter
    return ""


def compute_feedback(request: DealRequest) -> Feedback:
    """Plan ``request`` and estimate its frequency (about 10-300 ms: run it in a worker)."""
    start = time.perf_counter()
    problems = request.problems()
    if problems:
        found = tuple(Problem(_target_of(p), p) for p in problems)
        return Feedback(request, problems=found, elapsed=time.perf_counter() - start, blocking=True)
    try:
        plan = plan_request(request)
    except BridgeError as exc:  # ConstraintError or ImpossibleError: both name the seat
        problem = Problem(_target_of(str(exc)), str(exc))
        return Feedback(request, problems=(problem,), elapsed=time.perf_counter() - start, blocking=True)
    result = estimate(plan)
    probabilities = tuple(None if r is None else r.probability for r in plan.seats)
    return Feedback(
        request,
        plan=plan,
        seat_probabilities=probabilities,  # type: ignore[arg-type]
        estimate=result,
        elapsed=time.perf_counter() - start,
    )


class _JobSignals(QObject):
    """Raw signals the jobs emit from the worker threads (created, and living, in the GUI thread)."""

    deals = Signal(int, object)
    progress = Signal(int, object)
    finished = Signal(int, str)
    failed = Signal(int, str)
    feedback = Signal(int, object)


class _DealJob:
    """One dealing job: iterate ``deal_stream`` and send what it finds, until done or cancelled."""

    def __init__(
        self,
        job_id: int,
        request: DealRequest,
        plan: DealPlan | None,
        count: int,
        seed: int,
        skip: int,
        cancel: threading.Event,
        signals: _JobSignals,
    ) -> None:
        self.job_id = job_id
        self.request = request
        self.plan = plan
        self.count = count
        self.seed = seed
        self.skip = skip
        self.cancel = cancel
        self.signals = signals

    def run(self) -> None:
        """Runs on the dealing pool's thread.  Never raises: every outcome becomes a signal."""
        try:
            self._deal()
        except BridgeError as exc:
            self.signals.failed.emit(self.job_id, str(exc))
        except Exception as exc:  # a bug: report it rather than die silently in a pool thread
            log.error("dealing job %d failed:\n%s", self.job_id, traceback.format_exc())
            self.signals.failed.emit(self.job_id, f"internal error: {type(exc).__name__}: {exc}")

    def _deal(self) -> None:
        if self.cancel.is_set():
            self.signals.finished.emit(self.job_id, "cancelled")
            return
        plan = self.plan if self.plan is not None else plan_request(self.request)
        total = self.count + self.skip
        pending: list[np.ndarray] = []
        skipped = 0
        last_emit = 0.0
        delivered = 0
        progress: DealProgress | None = None
        for step in deal_stream(plan, total, seed=self.seed, cancel=self.cancel):
            rows = step.deals
            if skipped < self.skip and rows.shape[0]:
                drop = min(self.skip - skipped, rows.shape[0])
                skipped += drop
                rows = rows[drop:]
            if rows.shape[0]:
                pending.append(rows)
            progress = DealProgress(step.tried, max(step.matched - self.skip, 0), self.count, step.elapsed)
            now = time.perf_counter()
            first = delivered == 0 and bool(pending)
            if first or now - last_emit >= EMIT_INTERVAL:
                delivered += self._flush(pending)
                self.signals.progress.emit(self.job_id, progress)
                last_emit = now
        delivered += self._flush(pending)
        if progress is not None:
            self.signals.progress.emit(self.job_id, progress)
        self.signals.finished.emit(self.job_id, "cancelled" if self.cancel.is_set() else "done")

    def _flush(self, pending: list[np.ndarray]) -> int:
        if not pending:
            return 0
        batch = np.concatenate(pending) if len(pending) > 1 else pending[0].copy()
        batch.flags.writeable = False
        pending.clear()
        self.signals.deals.emit(self.job_id, batch)
        return batch.shape[0]


class DealingService(QObject):
    """Runs dealing and feedback jobs off the GUI thread and reports on the GUI thread.

    Signals (all emitted on the GUI thread; results of jobs that are no longer current are dropped
    before they get here, so receivers may trust the id):

    * ``deals_ready(job_id: int, deals: np.ndarray)`` — a read-only ``(k, 4)`` uint64 batch of deals
      (N, E, S, W hand masks), in the order the seed produces them.
    * ``progress(job_id: int, progress: DealProgress)`` — about every 100 ms while a job runs.
    * ``finished(job_id: int, outcome: str)`` — ``"done"`` or ``"cancelled"``; the job's thread is
      done with the engine.
    * ``failed(job_id: int, message: str)`` — the request could not be dealt (impossible, too rare
      within the engine's bound, or a bug); the message is ready to show.
    * ``feedback_ready(job_id: int, feedback: Feedback)`` — the answer to ``request_feedback``.
    """

    deals_ready = Signal(int, object)
    progress = Signal(int, object)
    finished = Signal(int, str)
    failed = Signal(int, str)
    feedback_ready = Signal(int, object)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._deal_pool = _private_pool("bridgegui-dealing")
        self._feedback_pool = _private_pool("bridgegui-feedback")
        self._signals = _JobSignals()  # in the GUI thread, so its queued emissions land here
        self._signals.deals.connect(self._on_deals)
        self._signals.progress.connect(self._on_progress)
        self._signals.finished.connect(self._on_finished)
        self._signals.failed.connect(self._on_failed)
        self._signals.feedback.connect(self._on_feedback)
        self._next_id = 0
        self._deal_job: int | None = None
        self._cancel: threading.Event | None = None
        self._feedback_job: int | None = None
        self._shut_down = False

    # -- dealing -------------------------------------------------------------------------------------

    def _new_id(self) -> int:
        self._next_id += 1
        return self._next_id

    def start_dealing(
        self,
        request: DealRequest,
        count: int,
        *,
        seed: int,
        plan: DealPlan | None = None,
        skip: int = 0,
    ) -> int:
        """Start dealing ``count`` boards fitting ``request`` from ``seed``; return the job id.

        Any running dealing job is cancelled first (its results are dropped from now on).  ``plan``
        may be a plan already made for this same request (from feedback) to save planning time.
        ``skip`` deals are drawn and discarded first, so that board ``k`` of a fixed seed can be
        dealt alone and still equal board ``k`` of the set dealt from that seed.
        """
        if self._shut_down:
            raise RuntimeError("the dealing service has been shut down")
        if count < 1:
            raise ValueError("count must be at least 1")
        self.cancel()
        job_id = self._new_id()
        cancel = threading.Event()
        self._deal_job = job_id
        self._cancel = cancel
        job = _DealJob(job_id, request, plan, count, seed, skip, cancel, self._signals)
        self._deal_pool.start(job.run)
        return job_id

    def cancel(self) -> None:
        """Ask the current dealing job to stop (it does within one engine batch, tens of ms)."""
        if self._cancel is not None:
            self._cancel.set()

    @property
    def current_job(self) -> int | None:
        """The id of the dealing job whose results are being delivered, if one runs."""
        return self._deal_job

    def is_dealing(self) -> bool:
        return self._deal_job is not None

    # -- feedback ------------------------------------------------------------------------------------

    def request_feedback(self, request: DealRequest) -> int:
        """Compute ``Feedback`` for ``request`` in the feedback thread; return the job id.

        Only the newest request matters: queued older ones are discarded unstarted, and the answer of
        one that already started is dropped when it arrives.
        """
        if self._shut_down:
            raise RuntimeError("the dealing service has been shut down")
        job_id = self._new_id()
        self._feedback_job = job_id
        self._feedback_pool.clear()
        signals = self._signals

        def run() -> None:
            if job_id != self._feedback_job:
                return  # superseded before it started
            try:
                result = compute_feedback(request)
            except Exception as exc:  # a bug: report it as a problem with the request, keep the GUI alive
                log.error("feedback job %d failed:\n%s", job_id, traceback.format_exc())
                result = Feedback(request, problems=(Problem("", f"internal error: {exc}"),), blocking=False)
            signals.feedback.emit(job_id, result)

        self._feedback_pool.start(run)
        return job_id

    # -- shutdown ------------------------------------------------------------------------------------

    def shutdown(self, timeout_ms: int = 5000) -> bool:
        """Cancel everything and wait for both threads to finish (call before the window goes away).

        Returns False if a thread was still busy after ``timeout_ms`` (it is then logged; the pool
        keeps its reference, so nothing is garbage-collected under a running thread).
        """
        self._shut_down = True
        self.cancel()
        self._feedback_job = None
        self._deal_job = None
        ok = True
        for pool in (self._deal_pool, self._feedback_pool):
            pool.clear()
            if not pool.waitForDone(timeout_ms):
                log.warning("%s did not stop within %d ms", pool.objectName(), timeout_ms)
                ok = False
        return ok

    def wait_idle(self, timeout_ms: int = 5000) -> bool:
        """Wait for both threads to go idle without cancelling (for scripts and tests)."""
        return all(pool.waitForDone(timeout_ms) for pool in (self._deal_pool, self._feedback_pool))

    # -- relaying (GUI thread) -------------------------------------------------------------------------

    @Slot(int, object)
    def _on_deals(self, job_id: int, deals: object) -> None:
        if job_id == self._deal_job:
            self.deals_ready.emit(job_id, deals)

    @Slot(int, object)
    def _on_progress(self, job_id: int, progress: object) -> None:
        if job_id == self._deal_job:
            self.progress.emit(job_id, progress)

    @Slot(int, str)
    def _on_finished(self, job_id: int, outcome: str) -> None:
        if job_id == self._deal_job:
            self._deal_job = None
            self._cancel = None
            self.finished.emit(job_id, outcome)

    @Slot(int, str)
    def _on_failed(self, job_id: int, message: str) -> None:
        if job_id == self._deal_job:
            self._deal_job = None
            self._cancel = None
            self.failed.emit(job_id, message)

    @Slot(int, object)
    def _on_feedback(self, job_id: int, feedback: object) -> None:
        if job_id == self._feedback_job:
            self.feedback_ready.emit(job_id, feedback)


__all__ = [
    "EMIT_INTERVAL",
    "DealProgress",
    "DealingService",
    "Feedback",
    "Problem",
    "compute_feedback",
    "live_pools",
]
