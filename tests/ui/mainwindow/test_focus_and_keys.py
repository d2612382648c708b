"""Focus and Space: the window starts on the deal diagram, and in practice mode Space reveals from
any widget that does not use Space itself; a button's Space never clears constraints.  Keys are synthesised
with ``QTest`` on the active offscreen window (the shortcut map runs as on a desktop)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QLineEdit, QToolButton
from pytestqt.qtbot import QtBot

from bridgegui.engine import double_dummy
from bridgegui.ui.mainwindow.window import MainWindow


@pytest.fixture
def active(qtbot: QtBot, window: MainWindow) -> MainWindow:
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window, timeout=5000)
    with qtbot.waitSignal(window.service.finished, timeout=10_000):
        window.deal()
    return window


def test_the_window_starts_with_the_focus_on_the_deal_diagram(window: MainWindow) -> None:
    assert window.focusWidget() is window.diagram
    assert window.focusWidget() is not window.seat_editors["N"].findChild(QToolButton, "clearButton")


def test_space_on_a_focused_button_reveals_and_does_not_clear(active: MainWindow) -> None:
    window = active
    window.seat_editors["N"].set_spec("hcp 15-17")
    window.set_practice_seats("S")
    window.constraints_dock.show()  # a teacher may bring the panel back during practice
    clear = window.seat_editors["N"].findChild(QToolButton, "clearButton")
    clear.setFocus()
    QTest.keyClick(clear, Qt.Key.Key_Space)
    assert window.practice.revealed
    assert window.seat_editors["N"].spec() == "hcp 15-17"


def test_space_reveals_from_the_diagram_and_the_board_list(active: MainWindow) -> None:
    window = active
    window.set_practice_seats("S")
    for widget in (window.diagram, window.board_list):
        window.reveal(False)
        widget.setFocus()
        QTest.keyClick(widget, Qt.Key.Key_Space)
        assert window.practice.revealed, widget.objectName()


def test_space_in_a_text_field_types_a_space(active: MainWindow) -> None:
    window = active
    window.set_practice_seats("S")
    window.constraints_dock.show()
    pattern = window.seat_editors["N"].field_widgets("shape")[1]
    assert isinstance(pattern, QLineEdit)
    pattern.setFocus()
    QTest.keyClicks(pattern, "5xxx")
    QTest.keyClick(pattern, Qt.Key.Key_Space)
    assert pattern.text().endswith(" ")
    assert not window.practice.revealed


def test_dd_on_save_is_off_with_the_install_hint_when_endplay_is_missing(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch, make_window
) -> None:
    monkeypatch.setattr(double_dummy, "installed", lambda: False)
    window = make_window()
    action = window.action("actionSaveDoubleDummy")
    assert not action.isEnabled() and not action.isChecked()
    assert double_dummy.install_command() in action.toolTip()


def test_delete_in_a_field_edits_the_field_and_deletes_no_board(qtbot: QtBot, active: MainWindow) -> None:
    window = active
    pattern = window.seat_editors["N"].field_widgets("shape")[1]
    pattern.setFocus()
    QTest.keyClicks(pattern, "5xxx")
    QTest.keyClick(pattern, Qt.Key.Key_Home)
    QTest.keyClick(pattern, Qt.Key.Key_Delete)
    assert pattern.text() == "xxx"
    assert window.board_model.rowCount() == 1
    window.board_list.setFocus()
    QTest.keyClick(window.board_list, Qt.Key.Key_Delete)  # in the board list, Del deletes the board
    assert window.board_model.rowCount() == 0
