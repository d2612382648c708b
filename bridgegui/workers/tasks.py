"""Generic background tasks for dialogs: a generator run on a private one-thread pool.

The dialogs (quiz, frequency tables, shuffle lab, audit, double-dummy analysis) each need "compute
this off the GUI thread, show partial results, let me cancel".  ``TaskRunner`` is that, in the
same shape as the dealing service (house style): the work is a generator function that receives a
``threading.Event`` and yields partial results; the runner checks the event between yields, and
every result travels to the GUI thread by a queued signal tagged with the job id, so results of a
job that was replaced or cancelled are dropped.

Signals (all delivered on the GUI thread, the runner's thread):

* ``partial(job_id, value)``: each value the generator yields;
* ``finished(job_id, value)``: the generator's return value (``None`` if it returned nothing);
* ``failed(job_id, message)``: an exception's message (a ``BridgeError``'s text is meant for users);
* ``cancelled(job_id)``: the job stopped because ``cancel()`` was called.
"""

from __future__ import annotations

import threading
import traceback
from collections.abc import Callable, Generator
from typing import Any

from PySide6.QtCore import QObject, QRunnable, QThreadPool, Signal, Slot

from bridgegui.engine.errors import BridgeError
from bridgegui.workers.dealing import _private_pool

TaskFunction = Callable[[threading.Event], Generator[Any, None, Any]]


class _Signals(QObject):
    partial = Signal(int, object)
    finished = Signal(int, object)
    failed = Signal(int, str)
    cancelled = Signal(int)


class _Job(QRunnable):
    def __init__(self, job_id: int, function: TaskFunction, cancel: threading.Event, signals: _Signals) -> None:
        super().__init__()
        self.setAutoDelete(True)
        self.job_id = job_id
        self.function = function
        self.cancel = cancel
        self.signals = signals

    def run(self) -> None:
        try:
            generator = self.function(self.cancel)
            while True:
                if self.cancel.is_set():
                    generator.close()
                    self.signals.cancelled.emit(self.job_id)
                    return
                try:
                    value = next(generator)
                except StopIteration as stop:
                    self.signals.finished.emit(self.job_id, stop.value)
                    return
                self.signals.partial.emit(self.job_id, value)
        except BridgeError as exc:
            self.signals.failed.emit(self.job_id, str(exc))
        except Exception as exc:  # a worker must report, never die silently
            traceback.print_exc()
            self.signals.failed.emit(self.job_id, f"{type(exc).__name__}: {exc}")


class TaskRunner(QObject):
    """Runs one task at a time off the GUI thread; starting a new one cancels the previous."""

    partial = Signal(int, object)
    finished = Signal(int, object)
    failed = Signal(int, str)
    cancelled = Signal(int)

    def __init__(self, name: str = "bridgegui-task", parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.pool: QThreadPool = _private_pool(name)
        self._signals = _Signals()  # created on the GUI thread: its queued signals land here
        self._signals.partial.connect(self._on_partial)
        self._signals.finished.connect(self._on_finished)
        self._signals.failed.connect(self._on_failed)
        self._signals.cancelled.connect(self._on_cancelled)
        self._next_id = 0
        self._current: int | None = None
        self._cancel: threading.Event | None = None

    def start(self, function: TaskFunction) -> int:
        """Run ``function(cancel_event)`` (a generator function) in the background; returns the job id."""
        self.cancel()
        self._next_id += 1
        self._current = self._next_id
        self._cancel = threading.Event()
        self.pool.start(_Job(self._current, function, self._cancel, self._signals))
        return self._current

    def cancel(self) -> None:
        if self._cancel is not None:
            self._cancel.set()
        self._current = None

    def is_running(self) -> bool:
        return self._current is not None

    def shutdown(self, timeout_ms: int = 5000) -> bool:
        """Cancel and wait for the pool (call from closeEvent); True if it went idle in time."""
        self.cancel()
        return self.pool.waitForDone(timeout_ms)

    @Slot(int, object)
    def _on_partial(self, job_id: int, value: object) -> None:
        if job_id == self._current:
            self.partial.emit(job_id, value)

    @Slot(int, object)
    def _on_finished(self, job_id: int, value: object) -> None:
        if job_id == self._current:
            self._current = None
            self.finished.emit(job_id, value)

    @Slot(int, str)
    def _on_failed(self, job_id: int, message: str) -> None:
        if job_id == self._current:
            self._current = None
            self.failed.emit(job_id, message)

    @Slot(int)
    def _on_cancelled(self, job_id: int) -> None:
        self.cancelled.emit(job_id)
