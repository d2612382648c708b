"""TaskRunner (transition): the job runner under the old main window's signal names."""

from __future__ import annotations

import threading
from collections.abc import Generator, Iterator

import pytest
from pytestqt.qtbot import QtBot

from bridgegui.engine.errors import BridgeError
from bridgegui.workers.jobs import JobRunner
from bridgegui.workers.tasks import TaskRunner


@pytest.fixture
def runner(qtbot: QtBot) -> Iterator[TaskRunner]:
    r = TaskRunner("test-tasks")
    yield r
    assert r.shutdown(5000)


def test_partials_then_finished(runner: TaskRunner, qtbot: QtBot) -> None:
    assert isinstance(runner, JobRunner)
    seen: list[object] = []
    runner.partial.connect(lambda _job, value: seen.append(value))

    def work(cancel: threading.Event) -> Generator[int, None, str]:
        yield from range(3)
        return "done"

    with qtbot.waitSignal(runner.finished, timeout=5000) as blocker:
        job = runner.start(work)
    assert blocker.args == [job, "done"]
    assert seen == [0, 1, 2]


def test_a_failure_is_reported_by_its_message(runner: TaskRunner, qtbot: QtBot) -> None:
    def work(cancel: threading.Event) -> Generator[int, None, None]:
        yield 1
        raise BridgeError("no hand fits North")

    with qtbot.waitSignal(runner.failed, timeout=5000) as blocker:
        runner.start(work)
    assert blocker.args[1] == "no hand fits North"
