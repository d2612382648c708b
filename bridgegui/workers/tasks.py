"""Transition only: ``TaskRunner`` is the one ``JobRunner`` (``jobs``) under its old signal names.

The old main window still connects to ``partial`` and to a ``failed(int, str)``; everything else uses
``bridgegui.workers.jobs``.  Delete this module once the window has switched.

Signals, all on the GUI thread: ``partial(job_id, value)`` (the same as ``yielded``),
``finished(job_id, result)``, ``failed(job_id, message: str)`` (``JobFailure.message``) and
``cancelled(job_id)``; see ``JobRunner`` for when each fires.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Signal

from bridgegui.workers.jobs import JobFailure, JobRunner, Task

TaskFunction = Task


class TaskRunner(JobRunner):
    """A ``JobRunner`` that also emits ``partial`` and reports a failure by its message alone."""

    partial = Signal(int, object)
    failed = Signal(int, str)  # type: ignore[assignment]  # the old payload, until the window switches

    def __init__(self, name: str = "bridgegui-task", parent: QObject | None = None) -> None:
        super().__init__(name, parent)
        self.yielded.connect(self.partial)

    def _emit_failed(self, job_id: int, failure: JobFailure) -> None:
        self.failed.emit(job_id, failure.message)


__all__ = ["TaskFunction", "TaskRunner"]
