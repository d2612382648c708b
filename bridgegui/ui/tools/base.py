"""``ToolWindow``: what every tool window shares, its job runners stopped when it closes.

A tool window (frequency tables, quiz, shuffle lab, audit) computes off the GUI thread with one or
more ``JobRunner`` s.  House style says no thread outlives its window: every way a dialog goes away
(the close box, ``close()``, Esc and the Close button through ``done()``, the application quitting)
must cancel the jobs and wait for the threads.  The base class does it once, so each window only
says which runners it has (``add_runner``) and, if it keeps state about its jobs, resets it in
``jobs_stopped``.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, Slot
from PySide6.QtGui import QCloseEvent
from PySide6.QtWidgets import QDialog, QWidget

from bridgegui.workers.job_runner import JobRunner


class ToolWindow(QDialog):
    """A dialog that owns job runners, and cancels and waits for them whenever it closes or the app quits."""

    def __init__(self, parent: QWidget | None) -> None:
        super().__init__(parent)
        self._runners: list[JobRunner] = []
        app = QCoreApplication.instance()
        if app is not None:
            app.aboutToQuit.connect(self.stop_jobs)

    def add_runner(self, name: str) -> JobRunner:
        """A new runner owned by this window (``name`` names its thread pool)."""
        runner = JobRunner(name, self)
        self._runners.append(runner)
        return runner

    def is_busy(self) -> bool:
        """True while any of the window's jobs is current (False from ``cancel`` on, though its thread may
        still be finishing its last step; ``stop_jobs`` waits for that)."""
        return any(runner.is_running() for runner in self._runners)

    @Slot()
    def stop_jobs(self) -> None:
        """Cancel every job and wait for the threads, then let the window reset its state (``jobs_stopped``).

        Closing calls this twice (``closeEvent``, then ``QDialog`` rejects, which calls ``done``): the
        second call finds nothing running and does nothing.
        """
        if not any(runner.has_jobs() for runner in self._runners):
            return
        for runner in self._runners:
            runner.shutdown()
        self.jobs_stopped()

    def jobs_stopped(self) -> None:
        """Called once every runner is idle after ``stop_jobs``: forget the jobs that were running."""

    def closeEvent(self, event: QCloseEvent) -> None:
        self.stop_jobs()
        super().closeEvent(event)

    def done(self, result: int) -> None:
        self.stop_jobs()
        super().done(result)


__all__ = ["ToolWindow"]
