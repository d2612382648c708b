"""Checking a system file the user chose, before it is used: the checker's problems, then continue or cancel.

A teacher who picks their own ``.system`` file (Deal for an Auction) should hear about a rule that no
hand can reach, or one whose note disagrees with its meaning, before dealing with it, not after a
search that can never succeed.  The checker (``engine.bidding.checker.check_system``) runs with a
small sample (``SAMPLES`` hands a rule) and without the coverage boards, in a worker: it takes from a
fraction of a second to minutes on a large file, so a progress dialog appears when it takes more
than ``SHOW_AFTER_MS`` and its Cancel stops the check and the choice.  When there are problems,
``systemCheckDialog`` lists them as ``file:line: …`` (``systemProblems``) with "Use This File"
(``useSystemButton``) and Cancel; a file without problems is used at once.

The problems are phrased here, through ``tr()``, from the checker's typed records.
"""

from __future__ import annotations

import threading
from collections.abc import Generator

from PySide6.QtCore import QCoreApplication, QObject, Qt, Signal, Slot
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QListWidget,
    QProgressDialog,
    QVBoxLayout,
    QWidget,
)

from bridgegui.engine.bidding import Rule, System
from bridgegui.engine.bidding.checker import CheckReport, RuleProblem, check_system
from bridgegui.workers.job_runner import JobFailure, JobRunner

SAMPLES = 300
"""Hands drawn per rule: enough to find a rule that earlier rules shadow, quick enough to wait for."""

SHOW_AFTER_MS = 200
"""The progress dialog appears only when the check takes longer than this."""


def _place(system: System, rule: Rule) -> str:
    return f"{rule.source or system.source}:{rule.line}"


def problem_words(system: System, problem: RuleProblem) -> str:
    """One problem as ``file:line: …``, translated (context ``SystemFileCheck``)."""

    def tr(text: str) -> str:
        return QCoreApplication.translate("SystemFileCheck", text)

    rule = problem.rule
    place = _place(system, rule)
    call = rule.call.symbol()
    if problem.kind == "unreachable":
        if problem.taker is None:
            return tr("{place}: {call} is never chosen: earlier rules take every hand it means").format(
                place=place, call=call
            )
        taker, taker_place = problem.taker.call.symbol(), _place(system, problem.taker)
        if problem.proved:
            text = tr("{place}: {call} is never chosen: the {taker} rule at {taker_place} takes all its hands first")
            return text.format(place=place, call=call, taker=taker, taker_place=taker_place)
        text = tr(
            "{place}: {call} is never chosen: the {taker} rule at {taker_place} takes its hands first "
            "(none of {drawn} hands drawn from its meaning reached it)"
        )
        return text.format(place=place, call=call, taker=taker, taker_place=taker_place, drawn=problem.drawn)
    if problem.kind == "contradictory":
        return tr("{place}: {call} can never be made: {detail}").format(place=place, call=call, detail=problem.detail)
    return tr("{place}: the note of {call} says “{detail}”, which its meaning ({meaning}) does not say").format(
        place=place, call=call, detail=problem.detail, meaning=rule.meaning_text
    )


class SystemProblemsDialog(QDialog):
    """The checker's problems with a file, and the choice: use it anyway (accept) or not (reject)."""

    def __init__(self, parent: QWidget | None, report: CheckReport, label: str) -> None:
        super().__init__(parent)
        self.setObjectName("systemCheckDialog")
        self.setWindowTitle(self.tr("Check of {file}").format(file=label))
        errors = sum(p.kind in ("unreachable", "contradictory") for p in report.problems)
        notes = len(report.problems) - errors
        summary = QLabel(
            self.tr(
                "{file}: {rules} rules checked. {errors} can never be chosen or made, {notes} notes disagree "
                "with their meaning. Deal with this file anyway?"
            ).format(file=label, rules=report.rules_checked, errors=errors, notes=notes),
            self,
        )
        summary.setObjectName("systemCheckSummary")
        summary.setWordWrap(True)
        self.problems = QListWidget(self)
        self.problems.setObjectName("systemProblems")
        self.problems.setWordWrap(True)
        self.problems.addItems([problem_words(report.system, p) for p in report.problems])
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel, self)
        use = buttons.addButton(self.tr("Use This File"), QDialogButtonBox.ButtonRole.AcceptRole)
        use.setObjectName("useSystemButton")
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(summary)
        layout.addWidget(self.problems, 1)
        layout.addWidget(buttons)
        self.resize(760, 420)


class SystemFileCheck(QObject):
    """Checks ``system`` in a worker, then asks about its problems; ``decided`` says whether to use it.

    Signals (GUI thread): ``decided(use: bool)``, exactly once — True when the file had no problems
    or the user chose to use it anyway, False when the user cancelled the check or the choice, or
    the check failed (``error`` then says why).
    """

    decided = Signal(bool)

    def __init__(self, parent: QWidget, system: System, label: str, *, samples: int = SAMPLES) -> None:
        super().__init__(parent)
        self._parent = parent
        self.system = system
        self.label = label
        self.dialog: SystemProblemsDialog | None = None
        self._done = False
        self.error = ""
        self.runner = JobRunner("bridgegui-system-check", self)
        self.runner.finished.connect(self._finished)
        self.runner.failed.connect(self._failed)
        self.progress = QProgressDialog(self.tr("Checking {file}…").format(file=label), self.tr("Cancel"), 0, 0, parent)
        self.progress.setObjectName("systemCheckProgress")
        self.progress.setWindowModality(Qt.WindowModality.WindowModal)
        self.progress.setMinimumDuration(SHOW_AFTER_MS)
        self.progress.canceled.connect(self._cancelled)

        def task(cancel: threading.Event) -> Generator[None, None, CheckReport]:
            return check_system(system, samples=samples, coverage_boards=0, cancel=cancel)
            yield  # a generator, as the runner takes

        self.runner.start(task)

    def _decide(self, use: bool) -> None:
        if self._done:
            return
        self._done = True
        self.progress.canceled.disconnect(self._cancelled)
        self.progress.reset()
        self.runner.shutdown()  # the thread is not kept once the check is over
        self.decided.emit(use)

    @Slot()
    def _cancelled(self) -> None:
        self._decide(False)

    @Slot(int, object)
    def _failed(self, _job: int, failure: JobFailure) -> None:
        self.error = failure.message
        self._decide(False)

    @Slot(int, object)
    def _finished(self, _job: int, report: object) -> None:
        assert isinstance(report, CheckReport)
        self.progress.canceled.disconnect(self._cancelled)
        self.progress.reset()
        self.progress.canceled.connect(self._cancelled)
        if not report.problems:
            self._decide(True)
            return
        self.dialog = SystemProblemsDialog(self._parent, report, self.label)
        self.dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self.dialog.finished.connect(lambda result: self._decide(result == QDialog.DialogCode.Accepted))
        self.dialog.open()


__all__ = ["SAMPLES", "SHOW_AFTER_MS", "SystemFileCheck", "SystemProblemsDialog", "problem_words"]
