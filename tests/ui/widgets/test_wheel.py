"""The mouse wheel changes a constraint only in the field that has the focus; otherwise it scrolls the panel."""

from __future__ import annotations

from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QWheelEvent
from PySide6.QtWidgets import QApplication, QComboBox, QScrollArea, QWidget
from pytestqt.qtbot import QtBot

from bridgegui.ui.mainwindow.window import MainWindow


def _wheel(widget: QWidget, steps: int = -1) -> QWheelEvent:
    """One notch of the wheel over the middle of ``widget`` (negative: towards the user)."""
    centre = QPointF(widget.rect().center())
    event = QWheelEvent(
        centre,
        QPointF(widget.mapToGlobal(centre.toPoint())),
        QPoint(0, 0),
        QPoint(0, 120 * steps),
        Qt.MouseButton.NoButton,
        Qt.KeyboardModifier.NoModifier,
        Qt.ScrollPhase.NoScrollPhase,
        False,
    )
    QApplication.sendEvent(widget, event)
    return event


def test_an_unfocused_field_ignores_the_wheel_and_the_panel_scrolls(qtbot: QtBot, window: MainWindow) -> None:
    window.resize(1000, 640)  # short enough for the editors to scroll
    window.seat_editors["N"].set_spec("hcp 15-17, balanced")
    low, _high = window.seat_editors["N"].field_widgets("hcp")
    combo = window.seat_editors["N"].field_widgets("shape")[0]
    assert isinstance(combo, QComboBox)
    scroll = window.findChild(QScrollArea, "constraintsScroll")
    assert scroll is not None
    window.diagram.setFocus()
    for field in (low, combo):
        event = _wheel(field)
        # Not taken: Qt hands an ignored wheel event on to the widgets under it, up to the scroll area.
        assert not event.isAccepted()
    assert window.seat_editors["N"].spec() == "hcp 15-17, balanced"  # nothing changed
    bar = scroll.verticalScrollBar()
    bar.setValue(0)
    _wheel(scroll.viewport())
    assert bar.maximum() == 0 or bar.value() > 0  # and there the panel scrolls


def test_a_focused_field_takes_the_wheel(qtbot: QtBot, window: MainWindow) -> None:
    window.seat_editors["S"].set_spec("hcp 10-12")
    low, _high = window.seat_editors["S"].field_widgets("hcp")
    low.setFocus()
    qtbot.waitUntil(low.hasFocus, timeout=2_000)
    _wheel(low, 1)
    assert window.seat_editors["S"].spec() == "hcp 11-12"
