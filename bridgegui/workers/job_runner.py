"""The one job runner: a generator task on a private one-thread pool, its results by signals tagged with a job id.

The model is superqt's ``GeneratorWorker`` (napari's ``thread_worker``) with redeal's stop flag:

* A task is a generator function ``task(cancel: threading.Event)``.  It yields values as it goes and
  returns its result.  The runner checks ``cancel`` between yields (and before the first), so a task
  that yields every engine batch stops within one batch; a task may also hand ``cancel`` to the engine
  (``deal_stream``, ``deal_with_model``), which checks it between its own batches.  Yielding ``None`` is
  a checkpoint: it gives the runner a chance to stop the job and sends nothing.
* Cancelling is setting the ``threading.Event`` from the GUI thread, never a queued slot: a busy
  worker would not process its queue.
* Every job has an id (unique in the process).  Values travel to the GUI thread by queued signals
  tagged with it, and the runner drops those of a job that is no longer current (replaced or
  cancelled), so a slow old job can never overwrite what a newer one showed.
* Errors are reported one way.  A ``BridgeError`` is the user's bad input: its message is shown as it
  is, and when it knows where it is (``ConstraintError``/``ImpossibleError``) the failure carries the
  engine's ``Problem``.  Any other exception is a bug: logged with its traceback, reported as
  "internal error: …".  Either way the job ends with a ``JobFailure``.
* ``run(task, on_value=…, on_result=…, on_failure=…, on_cancelled=…)`` is the whole interface in one
  call (Picard's ``run_task(func, next_func)``): the work runs on the pool, and each callback is called
  on the GUI thread with the value, the result or the failure of *that* job, only while it is current.
  The job id is checked here, once, so a caller never compares ids.
* Each runner owns a private ``QThreadPool`` with one thread, so jobs of one runner run one after
  another and never starve another runner or the global pool.  ``live_pools()`` lists every pool
  that still exists, for the tests' check that nothing is left running.

No widgets here: windows connect to the signals.
"""

from __future__ import annotations

import itertools
import logging
import threading
import weakref
from collections.abc import Callable, Generator
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from PySide6.QtCore import QObject, QRunnable, QThreadPool, Signal, Slot

from bridgegui.engine.errors import BridgeError, ConstraintError, ImpossibleError, Problem

log = logging.getLogger(__name__)

Task = Callable[[threading.Event], Generator[Any, None, Any]]
"""A generator function of the cancel event: what ``JobRunner.start`` runs."""

Y = TypeVar("Y")
R = TypeVar("R")

_pools: weakref.WeakSet[QThreadPool] = weakref.WeakSet()
_job_ids = itertools.count(1)

FINISHED, FAILED, CANCELLED = "finished", "failed", "cancelled"


def live_pools() -> list[QThreadPool]:
    """Every pool a runner created that still exists (the tests check that none is busy)."""
    return list(_pools)


def private_pool(name: str) -> QThreadPool:
    """A new pool with one thread, named ``name`` (the name shows in the tests' report of a leak)."""
    pool = QThreadPool()
    pool.setObjectName(name)
    pool.setMaxThreadCount(1)
    _pools.add(pool)
    return pool


@dataclass(frozen=True, slots=True)
class JobFailure:
    """Why a job failed: what to show, where the problem is, and whether it is a bug.

    * ``message``: ready to show.  A ``BridgeError``'s text as it is (it is written for users), or
      "internal error: <type>: <text>" for a bug (its traceback is in the log).
    * ``problem``: the engine's record of where the problem is (seat and field), when the error has
      one (``ConstraintError``, ``ImpossibleError``); else ``None``.
    * ``internal``: True for a bug rather than bad input.
    """

    message: str
    problem: Problem | None = None
    internal: bool = False

    def __str__(self) -> str:
        return self.message


def failure_of(exc: BaseException) -> JobFailure:
    """The failure record of ``exc``: bad input as it is (with its ``Problem``), anything else as a bug."""
    if isinstance(exc, ConstraintError | ImpossibleError):
        return JobFailure(str(exc), exc.problem)
    if isinstance(exc, BridgeError):
        return JobFailure(str(exc))
    return JobFailure(f"internal error: {type(exc).__name__}: {exc}", internal=True)


@dataclass(frozen=True, slots=True)
class _Callbacks(Generic[Y, R]):
    """What ``JobRunner.run`` calls on the GUI thread for one job (any of them may be None)."""

    on_value: Callable[[Y], object] | None
    on_result: Callable[[R], object] | None
    on_failure: Callable[[JobFailure], object] | None
    on_cancelled: Callable[[], object] | None


class _Relay(QObject):
    """The signals a job emits from its pool thread.  Created in the GUI thread, so emissions queue there."""

    yielded = Signal(int, object)
    ended = Signal(int, str, object)


class _Job(QRunnable):
    """One run of a task; reports exactly one end (finished, failed or cancelled)."""

    def __init__(self, job_id: int, name: str, task: Task, cancel: threading.Event, relay: _Relay) -> None:
        super().__init__()
        self.setAutoDelete(True)
        self.job_id = job_id
        self.name = name
        self.task = task
        self.cancel = cancel
        self.relay = relay

    def run(self) -> None:
        """Runs on the pool's thread.  Every outcome becomes exactly one ``ended`` signal, even a
        ``BaseException`` (``SystemExit`` or ``KeyboardInterrupt`` in a task), so no job stays "running"."""
        kind: str = FAILED
        payload: object = JobFailure("internal error: the job ended without a result", internal=True)
        try:
            kind, payload = self._run()
        finally:
            self.relay.ended.emit(self.job_id, kind, payload)

    def _run(self) -> tuple[str, object]:
        cancel = self.cancel
        if cancel.is_set():  # cancelled (or replaced) before it started
            return CANCELLED, None
        generator: Generator[Any, None, Any] | None = None
        try:
            generator = self.task(cancel)
            while not cancel.is_set():
                try:
                    value = next(generator)
                except StopIteration as stop:
                    generator = None
                    return (CANCELLED, None) if cancel.is_set() else (FINISHED, stop.value)
                if cancel.is_set():
                    break
                if value is not None:
                    self.relay.yielded.emit(self.job_id, value)
            return CANCELLED, None
        except Exception as exc:  # a worker reports, it never dies silently in a pool thread
            generator = None
            if not isinstance(exc, BridgeError):
                log.error("job %d (%s) failed", self.job_id, self.name, exc_info=exc)
            return (CANCELLED, None) if cancel.is_set() else (FAILED, failure_of(exc))
        finally:
            if generator is not None:
                self._close(generator)

    def _close(self, generator: Generator[Any, None, Any]) -> None:
        """Close a stopped generator here, in the worker, so its ``finally`` blocks run in this thread."""
        try:
            generator.close()
        except Exception:  # closing a cancelled job must not turn it into a failure
            log.error("job %d (%s) failed while closing", self.job_id, self.name, exc_info=True)


class JobRunner(QObject):
    """Runs generator tasks off the GUI thread, one at a time, and reports their results on the GUI thread.

    ``run(task, on_value=…, on_result=…, on_failure=…, on_cancelled=…)`` is how a window starts a job
    (see the module docstring); ``start(task)`` runs ``task(cancel)`` on the runner's private one-thread pool and returns the job id;
    starting a job cancels the previous one (unless ``replace=False``: it then waits its turn and both
    report).  ``cancel()`` stops every job of the runner: its cancel event is set, and from then on
    the job's values and result are dropped.  ``shutdown()`` cancels and waits for the thread: call
    it when the owner closes (house style: no thread outlives its window).

    Signals, all emitted on the GUI thread (the runner's thread); values of a job that was replaced
    or cancelled are dropped before they get here, so a receiver that keeps the id it started may
    trust it:

    * ``yielded(job_id: int, value: object)`` — each value the task yields (except ``None``).
    * ``finished(job_id: int, result: object)`` — the task returned ``result`` (``None`` if it returned
      nothing); the job is over.
    * ``failed(job_id: int, failure: JobFailure)`` — the task raised; the job is over.
    * ``cancelled(job_id: int)`` — a cancelled or replaced job's thread has let go of it (emitted for
      every such job, current or not, once; the job reports nothing else after ``cancel()``).

    Each job ends with exactly one of ``finished``, ``failed`` or ``cancelled`` (unless the runner is
    deleted first).
    """

    yielded = Signal(int, object)
    finished = Signal(int, object)
    failed = Signal(int, object)
    cancelled = Signal(int)

    def __init__(self, name: str = "bridgegui-job", parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.name = name
        self.pool: QThreadPool = private_pool(name)
        self._relay = _Relay()  # in the GUI thread: its queued emissions land here
        self._relay.yielded.connect(self._on_yielded)
        self._relay.ended.connect(self._on_ended)
        self._live: dict[int, threading.Event] = {}  # jobs whose results are delivered, oldest first
        self._callbacks: dict[int, _Callbacks[Any, Any]] = {}  # jobs started by run(), until they end

    # -- API ---------------------------------------------------------------------------------------

    def start(self, task: Task, *, replace: bool = True) -> int:
        """Run ``task(cancel_event)`` (a generator function) in the background; return the job id.

        With ``replace`` (the default) every job of this runner is cancelled first.
        """
        if replace:
            self.cancel()
        job_id = next(_job_ids)
        cancel = threading.Event()
        self._live[job_id] = cancel
        self.pool.start(_Job(job_id, self.name, task, cancel, self._relay))
        return job_id

    def run(
        self,
        task: Callable[[threading.Event], Generator[Y | None, None, R]],
        *,
        on_value: Callable[[Y], object] | None = None,
        on_result: Callable[[R], object] | None = None,
        on_failure: Callable[[JobFailure], object] | None = None,
        on_cancelled: Callable[[], object] | None = None,
        replace: bool = True,
    ) -> int:
        """Start ``task`` (as ``start`` does) and call back on the GUI thread; return the job id.

        ``on_value(value)`` for each value it yields and ``on_result(result)``, or ``on_failure(failure)``,
        once it ends, only while the job is current: a replaced or cancelled job calls neither, only
        ``on_cancelled()`` once its thread has let go of it (so a new job may rely on the engine being free).
        """
        job_id = self.start(task, replace=replace)
        self._callbacks[job_id] = _Callbacks(on_value, on_result, on_failure, on_cancelled)
        return job_id

    def cancel(self) -> None:
        """Stop every job: each stops at its next yield (or the engine's next batch); nothing more is delivered."""
        for event in self._live.values():
            event.set()
        self._live.clear()

    @property
    def current_job(self) -> int | None:
        """The id of the newest job whose results are still to come, or ``None``."""
        return next(reversed(self._live), None)

    def has_jobs(self) -> bool:
        """True while a job is current or a cancelled one's thread has not finished yet."""
        return bool(self._live) or self.pool.activeThreadCount() > 0

    def is_running(self) -> bool:
        """True while a job's results are still to come (False as soon as ``cancel()`` is called)."""
        return bool(self._live)

    def shutdown(self, timeout_ms: int = 5000) -> bool:
        """Cancel every job and wait for the thread; True if it went idle within ``timeout_ms``.

        A thread still busy after the timeout is logged; the pool keeps its reference, so nothing is
        garbage-collected under a running thread.  The runner may start jobs again afterwards (a tool
        window can be shown again after it was closed).
        """
        self.cancel()
        idle = self.pool.waitForDone(timeout_ms)
        if not idle:
            log.warning("%s did not stop within %d ms", self.name, timeout_ms)
        return idle

    def wait_idle(self, timeout_ms: int = 5000) -> bool:
        """Wait for the thread to go idle without cancelling (for scripts and tests)."""
        return self.pool.waitForDone(timeout_ms)

    # -- relaying (GUI thread) -----------------------------------------------------------------------

    @Slot(int, object)
    def _on_yielded(self, job_id: int, value: object) -> None:
        if job_id in self._live:
            callbacks = self._callbacks.get(job_id)
            if callbacks is not None and callbacks.on_value is not None:
                callbacks.on_value(value)
            self.yielded.emit(job_id, value)

    @Slot(int, str, object)
    def _on_ended(self, job_id: int, kind: str, payload: object) -> None:
        callbacks = self._callbacks.pop(job_id, None)
        if job_id in self._live and kind != CANCELLED:
            del self._live[job_id]
            if kind == FINISHED:
                if callbacks is not None and callbacks.on_result is not None:
                    callbacks.on_result(payload)
                self.finished.emit(job_id, payload)
            else:
                assert isinstance(payload, JobFailure)
                if callbacks is not None and callbacks.on_failure is not None:
                    callbacks.on_failure(payload)
                self._emit_failed(job_id, payload)
            return
        # Cancelled: by cancel(), by a newer job, or its event was set as it was ending.
        self._live.pop(job_id, None)
        if callbacks is not None and callbacks.on_cancelled is not None:
            callbacks.on_cancelled()
        self.cancelled.emit(job_id)

    def _emit_failed(self, job_id: int, failure: JobFailure) -> None:
        self.failed.emit(job_id, failure)


__all__ = ["JobFailure", "JobRunner", "Task", "failure_of", "live_pools", "private_pool"]
