"""Crash recovery with several windows at once: each has its own copy, a live one is never offered or removed.

Each "other window" is a real second process running a ``MainWindow`` on the same data folder (the
script below): it deals a set, keeps a recovery copy, reports, and then either closes normally or
is killed (a crash: the operating system drops its lock, nothing else happens).
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from pytestqt.qtbot import QtBot

from bridgegui.ui.mainwindow.autosave import autosave_dir
from bridgegui.ui.mainwindow.window import MainWindow

pytestmark = pytest.mark.skipif(os.name != "posix", reason="kills a process with SIGKILL")

OTHER_WINDOW = textwrap.dedent(
    """
    import json, os, signal, sys, time
    from PySide6.QtWidgets import QApplication
    from bridgegui.settings import Settings
    from bridgegui.ui.mainwindow.window import MainWindow

    app = QApplication(["other"])
    window = MainWindow(Settings.load())
    offered = []
    window.ask_restore = lambda n, *_rest: offered.append(n)  # never answered: only recorded
    window.confirm_unsaved_changes = lambda then: then()
    window.show()
    while not window.autosave.timer.isActive():  # the start-up offer has run
        app.processEvents()
    count = int(sys.argv[1])
    window.deal_set(count, confirm=False)
    while window.is_dealing() or len(window.boards()) != count:
        app.processEvents()
        time.sleep(0.005)
    assert window.autosave.save_now()
    deals = [str(b.deal) for b in window.boards()]
    print(json.dumps({"offered": offered, "copy": str(window.autosave.boards_path), "deals": deals}), flush=True)
    order = sys.stdin.readline().strip()
    if order == "crash":
        os.kill(os.getpid(), signal.SIGKILL)
    window.board_model.mark_saved()
    window.close()
    print("closed", flush=True)
    """
)


class Other:
    """A second bridgegui process with a dealt, unsaved set and its recovery copy."""

    def __init__(self, count: int, data: Path) -> None:
        env = {**os.environ, "BRIDGEGUI_DATA_DIR": str(data), "QT_QPA_PLATFORM": "offscreen"}
        self.process = subprocess.Popen(
            [sys.executable, "-c", OTHER_WINDOW, str(count)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            env=env,
        )
        assert self.process.stdout is not None
        line = self.process.stdout.readline()
        assert line, "the other window did not start"
        self.report: dict[str, Any] = json.loads(line)
        self.copy = Path(self.report["copy"])

    def tell(self, order: str) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(order + "\n")
        self.process.stdin.flush()

    def crash(self) -> None:
        self.tell("crash")
        assert self.process.wait(timeout=60) == -signal.SIGKILL

    def close(self) -> None:
        self.tell("close")
        assert self.process.stdout is not None and self.process.stdout.readline().strip() == "closed"
        assert self.process.wait(timeout=60) == 0


@pytest.fixture
def others(settings_path: Path) -> Iterator[Callable[[int], Other]]:
    started: list[Other] = []

    def start(count: int) -> Other:
        other = Other(count, autosave_dir().parent)
        started.append(other)
        return other

    yield start
    for other in started:
        if other.process.poll() is None:
            other.process.kill()
            other.process.wait()
        for stream in (other.process.stdin, other.process.stdout):
            if stream is not None:
                stream.close()


def _started(qtbot: QtBot, window: MainWindow) -> None:
    qtbot.waitUntil(window.autosave.timer.isActive, timeout=5_000)  # the start-up offer has run


def test_a_live_windows_copy_is_neither_offered_nor_removed(
    qtbot: QtBot, make_window: Callable[[], MainWindow], others: Callable[[int], Other]
) -> None:
    other = others(3)
    window = make_window()
    asked: list[int] = []
    window.ask_restore = lambda n, _when, _from, then: (asked.append(n), then(False))  # type: ignore[method-assign]
    _started(qtbot, window)
    assert asked == [] and other.copy.exists()
    window.deal_set(2, confirm=False)
    qtbot.waitUntil(lambda: not window.is_dealing() and len(window.boards()) == 2, timeout=10_000)
    assert window.autosave.save_now() and window.autosave.boards_path != other.copy
    window.board_model.mark_saved()
    window.close()
    assert other.copy.exists()  # closing this window left the other's copy alone
    other.close()
    assert not other.copy.exists()


def test_a_crashed_windows_copy_is_offered_to_the_next_one(
    qtbot: QtBot, make_window: Callable[[], MainWindow], others: Callable[[int], Other]
) -> None:
    other = others(3)
    other.crash()
    window = make_window()
    asked: list[int] = []
    window.ask_restore = lambda n, _when, _from, then: (asked.append(n), then(True))  # type: ignore[method-assign]
    qtbot.waitUntil(lambda: bool(asked), timeout=5_000)
    assert asked == [3]
    assert [str(b.deal) for b in window.boards()] == other.report["deals"]
    assert not other.copy.exists() and window.autosave.boards_path.exists()  # now in this window's own copy


def test_two_windows_that_both_crashed_are_both_offered(
    qtbot: QtBot, make_window: Callable[[], MainWindow], others: Callable[[int], Other]
) -> None:
    first = others(2)
    second = others(4)
    assert second.report["offered"] == []  # the first was alive: not offered to the second
    first.crash()
    second.crash()
    window = make_window()
    asked: list[int] = []
    window.ask_restore = lambda n, _when, _from, then: (asked.append(n), then(n == 4))  # type: ignore[method-assign]
    qtbot.waitUntil(lambda: len(asked) == 2, timeout=5_000)
    assert asked == [2, 4]  # oldest first; declining the first asks about the second
    assert [str(b.deal) for b in window.boards()] == second.report["deals"]
    assert not first.copy.exists() and not second.copy.exists()
