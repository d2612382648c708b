"""Crash recovery: an unsaved set is copied to the data folder, offered back after a crash, and removed on a normal close."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from pytestqt.qtbot import QtBot

from bridgegui.ui.mainwindow.autosave import autosave_dir
from bridgegui.ui.mainwindow.window import MainWindow


def _deal_set(qtbot: QtBot, window: MainWindow, count: int = 3) -> None:
    window.deal_set(count, confirm=False)
    qtbot.waitUntil(lambda: not window.is_dealing() and len(window.boards()) == count, timeout=10_000)


def test_an_unsaved_set_is_offered_back_after_a_crash(qtbot: QtBot, make_window: Callable[[], MainWindow]) -> None:
    first = make_window()
    _deal_set(qtbot, first)
    assert first.autosave.save_now()
    kept = [b.deal for b in first.boards()]
    assert first.autosave.boards_path.exists() and first.autosave.boards_path.parent == autosave_dir()
    # A crash: the window never closes normally (its lock goes with its process).  The next window
    # asks, and the answer restores the set.
    first.autosave.timer.stop()
    first.autosave._lock.release(remove=False)
    first._closed = True
    second = make_window()
    asked: list[int] = []
    second.ask_restore = lambda n, _when, _from, then: (asked.append(n), then(True))  # type: ignore[method-assign]
    qtbot.waitUntil(lambda: bool(asked), timeout=5_000)
    assert asked == [3]
    assert [b.deal for b in second.boards()] == kept
    assert second.is_modified() and second.document.path is None


def test_declining_removes_the_copy(qtbot: QtBot, make_window: Callable[[], MainWindow]) -> None:
    first = make_window()
    _deal_set(qtbot, first, 2)
    first.autosave.save_now()
    first.autosave._lock.release(remove=False)  # the crash
    first._closed = True
    second = make_window()
    second.ask_restore = lambda _n, _when, _from, then: then(False)  # type: ignore[method-assign]
    qtbot.waitUntil(lambda: not first.autosave.boards_path.exists(), timeout=5_000)
    assert second.boards() == []


def test_saving_or_closing_normally_leaves_nothing_to_recover(qtbot: QtBot, window: MainWindow, tmp_path: Path) -> None:
    _deal_set(qtbot, window)
    window.autosave.save_now()
    assert window.save_file(tmp_path / "lesson.pbn")
    assert not window.autosave.boards_path.exists()
    _deal_set(qtbot, window)
    window.autosave.save_now()
    assert window.autosave.boards_path.exists()
    window.board_model.mark_saved()  # what "Discard" at the question does to the set
    window.close()
    assert list(autosave_dir().iterdir()) == []  # its copy and its lock file


def test_a_recovery_copy_that_cannot_be_read_is_set_aside(qtbot: QtBot, make_window: Callable[[], MainWindow]) -> None:
    folder = autosave_dir()
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "recovered.pbn").write_bytes(b'[Board "1"]\n[Deal "N:this is not a deal"]\n')
    window = make_window()
    asked: list[int] = []
    window.ask_restore = lambda n, *_rest: asked.append(n)  # type: ignore[method-assign]
    qtbot.waitUntil(window.autosave.timer.isActive)  # the start-up offer has run (the timer starts after it)
    assert asked == [] and window.isVisible()
    assert (folder / "recovered.pbn.corrupt").exists() and not (folder / "recovered.pbn").exists()
    (folder / "recovered.pbn.corrupt").unlink()
