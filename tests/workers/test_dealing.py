"""The dealing and feedback tasks on the job runner: results tagged with job ids; Stop within a batch; feedback off-thread."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest
from PySide6.QtCore import QObject, Signal
from pytestqt.qtbot import QtBot

from bridgegui.engine.dealer.constraints import DealRequest
from bridgegui.engine.dealer.planner import DealPlan, deal, plan_request
from bridgegui.engine.errors import Problem
from bridgegui.workers import dealing_tasks
from bridgegui.workers.dealing_tasks import (
    DealProgress,
    Feedback,
    compute_feedback,
    deal_task,
    feedback_of_failure,
    feedback_task,
)
from bridgegui.workers.job_runner import JobFailure, JobRunner

S1 = DealRequest.from_specs(north="hcp 15-17, balanced")
# Four seats pinned to exact HCP, 4-3-3-3 (each long in another suit), quick and playing tricks and
# controls: each seat is common enough to plan, but together they almost never fit (no deal in millions
# tried), so the search runs for minutes unless stopped.  The totals stay possible (40 HCP, 13 cards a
# suit, 12 controls): a provable contradiction would be refused at once by the planner.
NEVER = DealRequest.from_specs(
    north="hcp 10, spades 4, hearts 3, diamonds 3, clubs 3, qt 2, tricks 3, controls 3",
    east="hcp 10, spades 3, hearts 4, diamonds 3, clubs 3, qt 2, tricks 3, controls 3",
    south="hcp 10, spades 3, hearts 3, diamonds 4, clubs 3, qt 2, tricks 3, controls 3",
    west="hcp 10, spades 3, hearts 3, diamonds 3, clubs 4, qt 2, tricks 3, controls 3",
)


class DealingService(QObject):
    """The tasks on two runners, as the window runs them (its jobs on one, the live feedback on the
    other), reporting by signal: a replaced job ends without a word, a stopped one as "cancelled"."""

    deals_ready = Signal(int, object)
    progress = Signal(int, object)
    finished = Signal(int, str)
    failed = Signal(int, object)
    feedback_ready = Signal(int, object)

    def __init__(self) -> None:
        super().__init__()
        self.runner = JobRunner("test-dealing", self)
        self.feedback_runner = JobRunner("test-feedback", self)
        self.current_job: int | None = None

    def start_dealing(
        self, request: DealRequest, count: int, *, seed: int, plan: DealPlan | None = None, skip: int = 0
    ) -> int:
        job = [0]
        job[0] = self.runner.run(
            deal_task(request, plan, count, seed=seed, skip=skip),
            on_value=lambda value: (self.deals_ready if isinstance(value, np.ndarray) else self.progress).emit(
                job[0], value
            ),
            on_result=lambda _r: self._ended(job[0], "done"),
            on_failure=lambda failure: self._failed(job[0], failure),
            on_cancelled=lambda: self._ended(job[0], "cancelled"),
        )
        self.current_job = job[0]
        return job[0]

    def _ended(self, job_id: int, outcome: str) -> None:
        if job_id == self.current_job:
            self.current_job = None
            self.finished.emit(job_id, outcome)

    def _failed(self, job_id: int, failure: JobFailure) -> None:
        self.current_job = None
        self.failed.emit(job_id, failure)

    def cancel(self) -> None:
        self.runner.cancel()

    def is_dealing(self) -> bool:
        return self.current_job is not None

    def request_feedback(self, request: DealRequest) -> int:
        job = [0]
        job[0] = self.feedback_runner.run(
            feedback_task(request),
            on_result=lambda feedback: self.feedback_ready.emit(job[0], feedback),
            on_failure=lambda failure: self.feedback_ready.emit(job[0], feedback_of_failure(request, failure)),
        )
        return job[0]

    def wait_idle(self, timeout_ms: int) -> bool:
        return self.runner.wait_idle(timeout_ms) and self.feedback_runner.wait_idle(timeout_ms)

    def shutdown(self, timeout_ms: int) -> bool:
        self.current_job = None
        return self.runner.shutdown(timeout_ms) & self.feedback_runner.shutdown(timeout_ms)


@pytest.fixture
def service(qapp: object) -> Iterator[DealingService]:
    svc = DealingService()
    yield svc
    assert svc.shutdown(5000)


def _collect(qtbot: QtBot, service: DealingService, job_id: int, timeout: int = 10_000) -> np.ndarray:
    """Wait for ``job_id`` to finish and return every deal it delivered."""
    parts: list[np.ndarray] = []

    def on_deals(jid: int, deals: np.ndarray) -> None:
        assert jid == job_id
        parts.append(deals)

    service.deals_ready.connect(on_deals)
    try:
        with qtbot.waitSignal(service.finished, timeout=timeout, check_params_cb=lambda jid, _o: jid == job_id):
            pass
    finally:
        service.deals_ready.disconnect(on_deals)
    return np.concatenate(parts) if parts else np.zeros((0, 4), np.uint64)


def test_a_set_arrives_by_signal_and_equals_the_engine_with_the_same_seed(
    qtbot: QtBot, service: DealingService
) -> None:
    parts: list[np.ndarray] = []
    service.deals_ready.connect(lambda _jid, deals: parts.append(deals))
    with qtbot.waitSignal(service.finished, timeout=10_000) as blocker:
        job = service.start_dealing(S1, 16, seed=1234)
    assert blocker.args == [job, "done"]
    assert parts and not any(part.flags.writeable for part in parts)
    got = np.concatenate(parts)
    np.testing.assert_array_equal(got, deal(S1, 16, seed=1234))


def test_skip_deals_board_k_of_a_seeded_set_alone(qtbot: QtBot, service: DealingService) -> None:
    job = service.start_dealing(S1, 1, seed=99, skip=4)
    got = _collect(qtbot, service, job)
    np.testing.assert_array_equal(got, deal(S1, 5, seed=99)[4:5])


def test_progress_reports_totals(qtbot: QtBot, service: DealingService) -> None:
    seen: list[DealProgress] = []
    service.progress.connect(lambda _jid, p: seen.append(p))
    job = service.start_dealing(S1, 200, seed=5)
    _collect(qtbot, service, job)
    assert seen and seen[-1].matched == 200 and seen[-1].wanted == 200
    assert seen[-1].tried >= 200 and seen[-1].rate > 0


def _watch_the_engine(monkeypatch: pytest.MonkeyPatch) -> list[bool]:
    """For each batch the engine hands the dealing task, whether the job's cancel event was set by then.

    How soon Stop takes effect is counted in engine batches (tens of ms each), not timed: a timing
    on a shared, loaded machine measures the machine (how fast Stop is belongs to the benchmarks)."""
    seen: list[bool] = []
    real = dealing_tasks.deal_stream

    def watched(*args: Any, cancel: threading.Event, **kwargs: Any) -> Iterator[Any]:
        for step in real(*args, cancel=cancel, **kwargs):
            seen.append(cancel.is_set())
            yield step

    monkeypatch.setattr(dealing_tasks, "deal_stream", watched)
    return seen


def test_stop_ends_a_long_search_within_a_batch(
    qtbot: QtBot, service: DealingService, monkeypatch: pytest.MonkeyPatch
) -> None:
    batches = _watch_the_engine(monkeypatch)
    with qtbot.waitSignal(service.progress, timeout=5000):
        job = service.start_dealing(NEVER, 10, seed=1)
    with qtbot.waitSignal(service.progress, timeout=5000):
        pass  # a second report: well into the search
    assert service.is_dealing()
    with qtbot.waitSignal(service.finished, timeout=5000) as blocker:  # a hang guard, not a timing
        service.cancel()
    assert blocker.args == [job, "cancelled"]
    assert len(batches) > 1 and batches.count(True) <= 1, "the search went on past the batch under way"
    assert not service.is_dealing()


def test_a_new_job_drops_the_results_of_the_old_one(qtbot: QtBot, service: DealingService) -> None:
    seen_ids: set[int] = set()
    service.deals_ready.connect(lambda jid, _d: seen_ids.add(jid))
    service.progress.connect(lambda jid, _p: seen_ids.add(jid))
    finished: list[tuple[int, str]] = []
    service.finished.connect(lambda jid, outcome: finished.append((jid, outcome)))
    old = service.start_dealing(NEVER, 10, seed=1)
    new = service.start_dealing(S1, 3, seed=2)
    qtbot.waitUntil(lambda: bool(finished), timeout=5000)
    assert seen_ids == {new}
    assert finished == [(new, "done")]
    assert old != new


def test_an_impossible_request_fails_naming_the_seat(qtbot: QtBot, service: DealingService) -> None:
    impossible = DealRequest.from_specs(west="hcp 30+, shape 7600")
    with qtbot.waitSignal(service.failed, timeout=5000) as blocker:
        job = service.start_dealing(impossible, 1, seed=1)
    jid, failure = blocker.args
    assert jid == job and isinstance(failure, JobFailure) and not failure.internal
    assert "West" in failure.message
    assert failure.problem is not None and failure.problem.seat == "W"
    assert not service.is_dealing()


def test_feedback_is_computed_off_the_gui_thread(qtbot: QtBot, service: DealingService) -> None:
    with qtbot.waitSignal(service.feedback_ready, timeout=5000) as blocker:
        job = service.request_feedback(S1)
    jid, feedback = blocker.args
    assert jid == job and isinstance(feedback, Feedback)
    assert not feedback.blocking
    assert feedback.seat_probabilities[0] == pytest.approx(0.0487, abs=5e-4)
    assert feedback.estimate is not None and feedback.estimate.text() == "exactly 1 deal in 21"
    assert feedback.plan is not None


def test_only_the_newest_feedback_is_delivered(qtbot: QtBot, service: DealingService) -> None:
    got: list[int] = []
    service.feedback_ready.connect(lambda jid, _f: got.append(jid))
    service.request_feedback(NEVER)
    service.request_feedback(DealRequest.from_specs(south="spades 5+"))
    last = service.request_feedback(S1)
    qtbot.waitUntil(lambda: last in got, timeout=5000)
    assert service.wait_idle(5000)
    qtbot.wait(50)
    assert got == [last]


def test_feedback_names_the_seat_of_a_contradiction() -> None:
    both = DealRequest.from_specs(north="spades 7+", south="spades 7+")
    feedback = compute_feedback(both)
    assert feedback.blocking and feedback.plan is None
    assert any("Spades" in p.message and p.field == "spades" for p in feedback.problems)
    impossible = compute_feedback(DealRequest.from_specs(east="hcp 30+, shape 7600"))
    assert impossible.blocking
    assert [p.seat for p in impossible.problems] == ["E"]
    assert all(isinstance(p, Problem) for p in feedback.problems + impossible.problems)


def test_shutdown_stops_a_running_job(qtbot: QtBot, service: DealingService, monkeypatch: pytest.MonkeyPatch) -> None:
    # Planning is not interruptible (a few hundred ms for this request), so plan first: the point
    # here is that a search stops within a batch.
    batches = _watch_the_engine(monkeypatch)
    service.start_dealing(NEVER, 10, seed=3, plan=plan_request(NEVER))
    qtbot.waitUntil(lambda: len(batches) >= 2, timeout=5000)  # searching
    assert service.shutdown(5000)
    assert batches.count(True) <= 1, "the search went on past the batch under way"


def test_a_search_that_gives_up_reports_its_last_figures_before_its_message(monkeypatch: pytest.MonkeyPatch) -> None:
    """The window's "N deals tried" (the update of up to 100 ms before) differed from the message's N at
    the end of a hopeless search (49,753,497 against 50,007,449, s24 trial): the task yields the last
    step's figures, then the error."""
    from bridgegui.engine.dealer import planner
    from bridgegui.engine.errors import TooRareError

    monkeypatch.setattr(planner, "DEFAULT_MAX_TRIES", 3000)  # a small budget: the search gives up at once
    hopeless = DealRequest.from_specs(north="controls 0", south="controls 0", ns="hcp 13+")
    values: list[object] = []
    with pytest.raises(TooRareError) as info:
        values.extend(deal_task(hopeless, None, 4, seed=1)(threading.Event()))
    progress = [v for v in values if isinstance(v, DealProgress)]
    assert progress, "no figures before the message"
    assert f"found in {progress[-1].tried:,} deals tried" in str(info.value)
    assert progress[-1].matched == 0
