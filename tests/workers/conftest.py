"""Worker tests: every test must leave no thread running (house style).

The check runs after pytest-qt has closed the test's widgets (autouse fixtures are set up first, so
they are torn down last): a job still running then is a real leak, not a window about to close.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator

import pytest
from PySide6.QtCore import QThreadPool
from PySide6.QtWidgets import QApplication

from bridgegui.workers.dealing import live_pools


def _running_threads(before: set[int]) -> list[str]:
    """Python threads started during the test (foreign Qt threads show up only as dummies: skip them)."""
    return [
        t.name
        for t in threading.enumerate()
        if t.ident not in before and not isinstance(t, threading._DummyThread)  # Qt pool threads: not ours to join
    ]


@pytest.fixture(autouse=True)
def no_thread_left_running(qapp: QApplication) -> Iterator[None]:
    before = {t.ident for t in threading.enumerate() if t.ident is not None}
    yield
    busy = [
        f"{pool.objectName() or 'pool'} ({pool.activeThreadCount()} busy)"
        for pool in live_pools()
        if pool.activeThreadCount()
    ]
    if QThreadPool.globalInstance().activeThreadCount():
        busy.append("global QThreadPool")
    busy += _running_threads(before)
    if busy:
        pytest.fail(f"the test left threads running: {', '.join(busy)}")
