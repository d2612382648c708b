"""JobRunner: values tagged with their job, stale jobs dropped, cancel within one yield, one way to fail."""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Generator, Iterator

import pytest
from pytestqt.qtbot import QtBot

from bridgegui.engine.errors import BridgeError, ConstraintError, Problem
from bridgegui.workers.job_runner import JobFailure, JobRunner, live_pools

TIMEOUT = 5000


@pytest.fixture
def runner(qtbot: QtBot) -> Iterator[JobRunner]:
    r = JobRunner("test-jobs")
    yield r
    assert r.shutdown(TIMEOUT)


def ticking(started: threading.Event, steps: list[int], after_cancel: list[int] | None = None) -> object:
    """An endless task that counts its steps (each a few ms of "work" before it yields); the steps it
    finished with its cancel event already set go to ``after_cancel`` too (a count of work, not of time)."""

    def work(cancel: threading.Event) -> Generator[int, None, None]:
        started.set()
        while True:
            time.sleep(0.005)
            steps.append(len(steps))
            if after_cancel is not None and cancel.is_set():
                after_cancel.append(steps[-1])
            yield steps[-1]

    return work


def test_values_then_the_result_arrive_tagged_with_the_job(runner: JobRunner, qtbot: QtBot) -> None:
    seen: list[tuple[int, object]] = []
    runner.yielded.connect(lambda job, value: seen.append((job, value)))

    def work(cancel: threading.Event) -> Generator[int | None, None, str]:
        yield 1
        yield None  # a checkpoint: nothing is sent
        yield 2
        return "done"

    with qtbot.waitSignal(runner.finished, timeout=TIMEOUT) as blocker:
        job = runner.start(work)
        assert runner.is_running() and runner.current_job == job
    assert blocker.args == [job, "done"]
    assert seen == [(job, 1), (job, 2)]
    assert not runner.is_running() and runner.current_job is None


def test_a_new_job_drops_the_old_ones_results(runner: JobRunner, qtbot: QtBot) -> None:
    started, steps = threading.Event(), []
    seen: list[int] = []
    ended: list[tuple[str, int]] = []
    runner.yielded.connect(lambda job, _value: seen.append(job))
    runner.finished.connect(lambda job, _value: ended.append(("finished", job)))
    runner.cancelled.connect(lambda job: ended.append(("cancelled", job)))
    old = runner.start(ticking(started, steps))
    assert started.wait(5)
    qtbot.waitUntil(lambda: bool(seen), timeout=TIMEOUT)

    def quick(cancel: threading.Event) -> Generator[str, None, int]:
        yield "x"
        return 42

    with qtbot.waitSignal(runner.finished, timeout=TIMEOUT) as blocker:
        new = runner.start(quick)  # cancels the old job
        seen.clear()
    assert new != old and blocker.args == [new, 42]
    assert set(seen) == {new}
    assert ended == [("cancelled", old), ("finished", new)]


def test_jobs_started_without_replacing_both_report(runner: JobRunner, qtbot: QtBot) -> None:
    results: list[tuple[int, object]] = []
    runner.finished.connect(lambda job, value: results.append((job, value)))

    def task(value: int) -> object:
        def work(cancel: threading.Event) -> Generator[None, None, int]:
            yield None
            return value

        return work

    first = runner.start(task(1))
    second = runner.start(task(2), replace=False)
    qtbot.waitUntil(lambda: len(results) == 2, timeout=TIMEOUT)
    assert results == [(first, 1), (second, 2)]


def test_cancel_stops_within_one_yield_and_closes_the_generator(runner: JobRunner, qtbot: QtBot) -> None:
    started, steps, after_cancel = threading.Event(), [], []
    closed_in: list[str] = []

    def work(cancel: threading.Event) -> Generator[int, None, None]:
        try:
            yield from ticking(started, steps, after_cancel)(cancel)  # type: ignore[operator]
        finally:
            closed_in.append(threading.current_thread().name)

    delivered: list[int] = []
    runner.yielded.connect(lambda _job, value: delivered.append(value))
    job = runner.start(work)
    qtbot.waitUntil(lambda: len(steps) >= 5, timeout=TIMEOUT)
    with qtbot.waitSignal(runner.cancelled, timeout=TIMEOUT) as blocker:
        at_cancel = len(steps)
        runner.cancel()
        assert not runner.is_running() and runner.current_job is None
    assert blocker.args == [job]
    # Counted by the task itself: ``at_cancel`` is read before ``cancel()``, and on a loaded machine the
    # task may take several steps between the two, which is not a step after cancel.
    assert len(after_cancel) <= 1, "the task ran more than one step after cancel"
    assert len(delivered) <= at_cancel  # nothing yielded after cancel() reaches the GUI
    assert closed_in and closed_in[0] != threading.current_thread().name


def test_a_job_cancelled_while_queued_never_runs(runner: JobRunner, qtbot: QtBot) -> None:
    release = threading.Event()
    ran: list[str] = []

    def blocker_task(cancel: threading.Event) -> Generator[None, None, None]:
        release.wait(5)
        yield None

    def queued(cancel: threading.Event) -> Generator[None, None, None]:
        ran.append("queued")
        yield None

    runner.start(blocker_task)
    waiting = runner.start(queued, replace=False)
    cancelled: list[int] = []
    runner.cancelled.connect(cancelled.append)
    runner.cancel()
    release.set()
    qtbot.waitUntil(lambda: waiting in cancelled, timeout=TIMEOUT)
    assert ran == []


def test_a_bridge_error_fails_with_its_message_and_problem(
    runner: JobRunner, qtbot: QtBot, caplog: pytest.LogCaptureFixture
) -> None:
    def work(cancel: threading.Event) -> Generator[int, None, None]:
        yield 1
        reason = "hcp 40+ is more than any hand can have (37)"
        raise ConstraintError(f"North: {reason}", seat="N", field="hcp", reason=reason)

    with qtbot.waitSignal(runner.failed, timeout=TIMEOUT) as blocker:
        job = runner.start(work)
    jid, failure = blocker.args
    assert jid == job and isinstance(failure, JobFailure)
    assert failure.message == "North: hcp 40+ is more than any hand can have (37)"
    assert failure.problem == Problem("N", "hcp", "hcp 40+ is more than any hand can have (37)")
    assert not failure.internal
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]  # bad input is not a bug

    def plain(cancel: threading.Event) -> Generator[None, None, None]:
        yield None
        raise BridgeError("no hand fits North")

    with qtbot.waitSignal(runner.failed, timeout=TIMEOUT) as blocker:
        runner.start(plain)
    assert blocker.args[1] == JobFailure("no hand fits North", None, False)


def test_an_internal_error_is_logged_and_reported(
    runner: JobRunner, qtbot: QtBot, caplog: pytest.LogCaptureFixture
) -> None:
    def work(cancel: threading.Event) -> Generator[None, None, None]:
        yield None
        _ = 1 // 0

    with (
        caplog.at_level(logging.ERROR, logger="bridgegui.workers.job_runner"),
        qtbot.waitSignal(runner.failed, timeout=TIMEOUT) as blocker,
    ):
        job = runner.start(work)
    failure = blocker.args[1]
    assert failure.internal and failure.problem is None
    assert failure.message == "internal error: ZeroDivisionError: integer division or modulo by zero"
    [record] = [r for r in caplog.records if r.name == "bridgegui.workers.job_runner"]
    assert str(job) in record.getMessage() and record.exc_info is not None  # the traceback is logged


def test_shutdown_leaves_no_thread_running(qtbot: QtBot) -> None:
    runner = JobRunner("test-jobs-shutdown")
    assert runner.pool in live_pools()
    started, steps, after_cancel = threading.Event(), [], []
    runner.start(ticking(started, steps, after_cancel))
    assert started.wait(5)
    assert runner.shutdown(2000)
    # Stopped at its next yield: at most the step under way when shutdown cancelled it was finished.
    assert len(after_cancel) <= 1, f"the task ran {len(after_cancel)} steps after shutdown cancelled it"
    assert runner.pool.activeThreadCount() == 0 and not runner.is_running()

    # A window shown again after it was closed starts jobs again.
    def again(cancel: threading.Event) -> Generator[None, None, str]:
        yield None
        return "again"

    with qtbot.waitSignal(runner.finished, timeout=TIMEOUT) as blocker:
        runner.start(again)
    assert blocker.args[1] == "again"
    assert runner.shutdown(TIMEOUT)
