"""Live feedback under the editors: each seat's exact frequency, the whole request's, and what is wrong.

Every edit restarts a 150 ms timer; when it fires, the editors' own checks run (instant, marking a
malformed field), then the request goes to the feedback thread, which plans it (exact per-seat counts)
and estimates the whole request.  The answer fills the line under each editor and the summary, marks
the field each ``Problem`` names (the engine says which seat and field: nothing here reads English),
and makes Deal unavailable while the request cannot be dealt.  The plan comes back too, so dealing
that same request skips planning.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QObject, QTimer, Signal, Slot

from bridgegui.engine.cards import SEAT_NAMES, SEATS, SUIT_NAMES
from bridgegui.engine.dealer.constraints import DealRequest
from bridgegui.engine.dealer.planner import BOUND, ESTIMATED, EXACT, DealPlan, Estimate, format_one_in
from bridgegui.engine.errors import SEAT_FIELDS, ConstraintError, Problem
from bridgegui.ui.mainwindow.constraints_dock import ConstraintsDock
from bridgegui.workers.dealing_tasks import Feedback, feedback_of_failure, feedback_task
from bridgegui.workers.job_runner import JobFailure, JobRunner

FEEDBACK_DELAY_MS = 150
"""Debounce of the live feedback: long enough to skip keystrokes, short enough to feel immediate."""


def _tr(text: str) -> str:
    return QCoreApplication.translate("LiveFeedback", text)


def frequency_text(p: float) -> str:
    """``1 hand in 21 · 4.87%`` for a seat's exact frequency."""
    if p <= 0:
        return _tr("no hand fits")
    if p >= 0.9995:
        return _tr("every hand fits")
    percent = p * 100
    shown = f"{percent:.3g}%" if percent >= 0.01 else f"{percent:.2g}%"
    return _tr("1 hand in {n} · {percent}").format(n=format_one_in(p), percent=shown)


def estimate_text(estimate: Estimate) -> str:
    """The whole request's frequency in words, made here from the estimate's fields (so it can be translated)."""
    words = {
        EXACT: _tr("exactly 1 deal in {n}"),
        ESTIMATED: _tr("about 1 deal in {n}"),
        BOUND: _tr("rarer than 1 deal in {n}"),
    }[estimate.precision]
    p = estimate.upper_bound if estimate.precision == BOUND else estimate.probability
    return words.format(n=format_one_in(p))


class LiveFeedback(QObject):
    """Owns the debounce timer and the last answer; tells the editors and the summary what to show.

    Signals (GUI thread): ``changed()`` when whether the request can be dealt may have changed (the
    window then derives its actions' enabled states again).
    """

    changed = Signal()

    def __init__(self, dock: ConstraintsDock, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.dock = dock
        # Its own thread (the same runner class as the window's jobs): feedback keeps coming while a
        # long search runs, and a new request never cancels a deal.
        self.runner = JobRunner("bridgegui-feedback", self)
        self.last: Feedback | None = None
        self.requested: DealRequest | None = None
        self.local_problem = False
        self.timer = QTimer(self)
        self.timer.setSingleShot(True)
        self.timer.setInterval(FEEDBACK_DELAY_MS)
        self.timer.timeout.connect(self.update_now)
        self.closed = False
        dock.edited.connect(self.timer.start)

    @property
    def blocking(self) -> bool:
        """True while the editors hold a mistake or the request provably cannot be dealt."""
        return self.local_problem or (self.last is not None and self.last.blocking)

    def stop(self) -> None:
        """Nothing more is computed (the window is closing): the thread is stopped and waited for."""
        self.closed = True
        self.timer.stop()
        self.runner.shutdown()

    def cached_plan(self, request: DealRequest) -> DealPlan | None:
        """The plan the live feedback made for this very request, if any: dealing then skips planning."""
        fb = self.last
        if fb is not None and fb.plan is not None and fb.request == request:
            return fb.plan
        return None

    def request_to_deal(self) -> tuple[DealRequest | None, str]:
        """The request to deal, or None with the reason to show when the editors hold a mistake."""
        self.timer.stop()
        try:
            request = self.dock.current_request()
        except ConstraintError as exc:
            self.update_now()
            return None, str(exc)
        if self.last is not None and self.last.request == request and self.last.blocking:
            return None, self.last.problems[0].text() if self.last.problems else ""
        if request != self.requested:
            self.update_now()  # the editors changed since the last count: recount alongside
        return request, ""

    @Slot()
    def update_now(self) -> None:
        """Check the editors now and send the request to the feedback thread (the debounce timer's slot)."""
        if self.closed:
            return
        self.local_problem = False
        for editor in self.dock.editors():
            problem = editor.problem()
            if problem is not None:
                self.local_problem = True
                editor.set_feedback(problem[1], error=True, field=problem[0])
        if self.dock.condition_editor.error() is not None:
            self.local_problem = True  # the editor underlines the place and shows the message itself
        request: DealRequest | None = None
        if not self.local_problem:
            try:
                request = self.dock.current_request()
            except ConstraintError as exc:  # the condition and the seats refuse each other
                self.local_problem = True  # the condition field underlines its term and says why
                self._mark_seat_against_condition(exc.problem)
        if request is None:
            self.requested = None
            self.dock.set_summary(self.tr("Correct the field marked in red to deal."), error=True)
            self.changed.emit()
            return
        if request == self.requested:
            if self.last is not None and self.last.request == request:
                self.show(self.last)
            return
        self.requested = request

        # Only the newest request matters: starting it cancels the one before (queued or running).
        def failed(failure: JobFailure) -> None:
            self._on_feedback(feedback_of_failure(request, failure))

        self.runner.run(feedback_task(request), on_result=self._on_feedback, on_failure=failed)
        self.changed.emit()

    def _mark_seat_against_condition(self, problem: Problem) -> None:
        """Mark the seat field the advanced condition contradicts (North's HCP for ``hcp(north) < 10``
        against ``hcp 20+``): the condition field may be scrolled out of sight below the editors."""
        editor = self.dock.seat_editors.get(problem.seat)
        if editor is not None:
            field = problem.field if problem.field in SEAT_FIELDS else None
            editor.set_feedback(
                self.tr("The advanced condition contradicts this: see it below."), error=True, field=field
            )

    def _on_feedback(self, feedback: Feedback) -> None:
        if feedback.request != self.requested:
            return  # the editors changed again; a newer answer is coming
        self.last = feedback
        self.show(feedback)
        self.changed.emit()

    def show(self, feedback: Feedback) -> None:
        """Fill the editors' lines and the summary from ``feedback``."""
        dock = self.dock
        for editor in dock.editors():
            editor.set_feedback("")
        if feedback.blocking:
            general: list[str] = []
            for problem in feedback.problems:
                self._place(problem, feedback.request, general)
            if general:
                text = "\n".join(general)
            else:
                names = {"NS": "NS", "EW": "EW"} | dict(zip(SEATS, SEAT_NAMES, strict=True))
                seats = sorted({p.seat for p in feedback.problems if p.seat}, key=list(names).index)
                text = self.tr("Cannot deal: see {where}.").format(where=", ".join(names[s] for s in seats))
            dock.set_summary(text, error=True)
            return
        for seat, p in zip(SEATS, feedback.seat_probabilities, strict=True):
            if p is not None:
                dock.seat_editors[seat].set_feedback(frequency_text(p))
        estimate = feedback.estimate
        if estimate is None:
            dock.set_summary("")
        elif feedback.request.is_empty:
            dock.set_summary(self.tr("No constraints: every deal fits."))
        elif estimate.probability <= 0:
            dock.set_summary(
                self.tr("Whole deal: {text}. Dealing may take long or fail; loosen a constraint.").format(
                    text=estimate_text(estimate)
                ),
                warning=True,
            )
        else:
            dock.set_summary(self.tr("Whole deal: {text}.").format(text=estimate_text(estimate)))

    def show_problems(self, problems: tuple[Problem, ...]) -> None:
        """Mark where each problem is (a dealing job's failure, for example); the rest goes to the summary."""
        general: list[str] = []
        request = self.last.request if self.last is not None else self.dock.current_request()
        for problem in problems:
            self._place(problem, request, general)
        if general:
            self.dock.set_summary("\n".join(general), error=True)

    def _place(self, problem: Problem, request: DealRequest, general: list[str]) -> None:
        """Show one problem at the editor and field it names; problems of no seat go to the summary."""
        dock = self.dock
        if problem.seat in dock.seat_editors:
            dock.seat_editors[problem.seat].set_feedback(problem.message, error=True, field=problem.field)
            return
        if problem.seat in dock.partnership_editors:
            dock.partnership_editors[problem.seat].set_feedback(problem.message, error=True, field=problem.field)
            return
        general.append(problem.text())
        # A problem across seats ("Spades: the seats' minimum lengths add up to 14"): mark that field
        # in every seat that constrains it.
        fld = problem.field
        if fld is None:
            return
        for seat, constraint in zip(SEATS, request.seats, strict=True):
            constrained = (
                constraint.hcp is not None
                if fld == "hcp"
                else (fld in SUIT_NAMES and constraint.lengths[SUIT_NAMES.index(fld)] is not None)
            )
            if constrained:
                dock.seat_editors[seat].set_feedback(problem.text(), error=True, field=fld)


__all__ = ["FEEDBACK_DELAY_MS", "LiveFeedback", "frequency_text"]
