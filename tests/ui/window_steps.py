"""Steps the window tests share: deal one board or a set, and wait until the worker has finished."""

from __future__ import annotations

from pytestqt.qtbot import QtBot

from bridgegui.ui.mainwindow.window import MainWindow


def deal_one(qtbot: QtBot, window: MainWindow) -> None:
    with qtbot.waitSignal(window.service.finished, timeout=10_000):
        assert window.deal() is not None


def deal_set(qtbot: QtBot, window: MainWindow, count: int) -> None:
    with qtbot.waitSignal(window.service.finished, timeout=20_000):
        window.deal_set(count)
