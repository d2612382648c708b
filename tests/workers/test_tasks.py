"""TaskRunner: partial results, return value, errors, cancel, and stale jobs dropped."""

import threading
import time

import pytest

from bridgegui.engine.errors import BridgeError
from bridgegui.workers.tasks import TaskRunner


@pytest.fixture
def runner(qtbot):
    r = TaskRunner("test-tasks")
    yield r
    assert r.shutdown(5000)


def test_partials_then_finished(runner, qtbot):
    seen = []
    runner.partial.connect(lambda job, value: seen.append(value))

    def work(cancel: threading.Event):
        yield from range(3)
        return "done"

    with qtbot.waitSignal(runner.finished, timeout=5000) as blocker:
        job = runner.start(work)
    assert blocker.args == [job, "done"]
    assert seen == [0, 1, 2]
    assert not runner.is_running()


def test_errors_are_reported_with_their_message(runner, qtbot):
    def work(cancel: threading.Event):
        yield 1
        raise BridgeError("no hand fits North")

    with qtbot.waitSignal(runner.failed, timeout=5000) as blocker:
        runner.start(work)
    assert blocker.args[1] == "no hand fits North"


def test_cancel_stops_between_yields_and_new_job_replaces_old(runner, qtbot):
    started = threading.Event()

    def endless(cancel: threading.Event):
        started.set()
        while True:
            time.sleep(0.005)
            yield "tick"

    stale = []
    runner.finished.connect(lambda job, value: stale.append(job))
    first = runner.start(endless)
    assert started.wait(5)

    def quick(cancel: threading.Event):
        yield "x"
        return 42

    with qtbot.waitSignal(runner.finished, timeout=5000) as blocker:
        second = runner.start(quick)  # cancels the first
    assert blocker.args == [second, 42]
    assert first not in stale
