"""The window never blocks on a FIFO nor reads an endless or huge file: it says so in an error box at once."""

from __future__ import annotations

from pathlib import Path

import pytest

from bridgegui import __main__ as entry
from bridgegui.ui.mainwindow.window import MainWindow


@pytest.mark.qt_log_ignore("propagateSizeHints")  # offscreen: the parts fill the shown frame
def test_bridgegui_with_a_fifo_shows_the_window_and_says_why(qtbot, fifo_path: Path, monkeypatch) -> None:
    shown: list[str] = []
    monkeypatch.setattr(MainWindow, "show_error", lambda _self, _title, text: shown.append(text))
    window = entry.open_window(["bridgegui", str(fifo_path)])
    qtbot.addWidget(window)
    qtbot.waitUntil(lambda: window.built)
    assert window.isVisible() and window.board_model.rowCount() == 0
    assert len(shown) == 1 and "named pipe" in shown[0] and "regular file" in shown[0]
    window.close()


def test_opening_a_board_set_over_the_limit_is_refused(window: MainWindow, tmp_path: Path) -> None:
    path = tmp_path / "huge.pbn"
    with open(path, "wb") as f:
        f.truncate(257 * 1024 * 1024)  # sparse: no disk, but more than a board set may have
    assert not window.open_file(path, confirm=False)
    assert window.errors and "more than the 256 MB a board set may have" in window.errors[-1]


def test_import_dealer_script_refuses_a_fifo(window: MainWindow, fifo_path: Path) -> None:
    assert not window.import_script_file(fifo_path)
    assert window.errors and "named pipe" in window.errors[-1]


def test_import_dealer_script_refuses_a_huge_file(window: MainWindow, tmp_path: Path) -> None:
    path = tmp_path / "huge.dl"
    with open(path, "wb") as f:
        f.truncate(11 * 1024 * 1024)
    assert not window.import_script_file(path)
    assert window.errors and "more than the 10 MB a dealer script may have" in window.errors[-1]
