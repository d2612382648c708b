"""Shared fixtures for the window tests: main windows that never block on a question or a message box."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from bridgegui.settings import Settings
from bridgegui.ui.mainwindow.window import MainWindow


@pytest.fixture
def settings_path(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("BRIDGEGUI_DATA_DIR", str(tmp_path / "data"))
    return tmp_path / "config" / "settings.json"


@pytest.fixture
def make_window(qtbot: QtBot, settings_path: Path) -> Iterator[Callable[[], MainWindow]]:
    """Windows whose questions are answered "discard" and whose errors are recorded in ``.errors``."""
    made: list[MainWindow] = []

    def make() -> MainWindow:
        window = MainWindow(Settings.load(settings_path))
        window.errors = []  # type: ignore[attr-defined]
        window.show_error = lambda _title, text: window.errors.append(text)  # type: ignore[attr-defined,method-assign]
        window.confirm_unsaved_changes = lambda then: then()  # type: ignore[method-assign]
        qtbot.addWidget(window)
        window.show()
        made.append(window)
        return window

    yield make
    for window in made:
        window.board_model.mark_saved()
        window.close()


@pytest.fixture
def window(make_window: Callable[[], MainWindow]) -> MainWindow:
    return make_window()
