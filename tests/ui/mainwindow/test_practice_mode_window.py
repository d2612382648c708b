"""Practice mode and the window around it: its size on and off, and the actions that would show the hidden hands."""

from __future__ import annotations

from PySide6.QtGui import QAction
from pytestqt.qtbot import QtBot

from bridgegui.engine.bidding import load_system
from bridgegui.ui.mainwindow.auction_target import check_target
from bridgegui.ui.mainwindow.window import MainWindow


def _lesson_board(window: MainWindow) -> None:
    """A board of a lesson's auction, as the trial had it: the status bar then holds the long "Dealing
    for …" line, the deals tried and the deal number (the deal itself does not matter here)."""
    standard = load_system("standard")
    window.auction_dealing.set_target(check_target(standard, "1NT P 2C P", "standard"))
    window.show_deal_number(123_456_789_012_345_678_901_234_567)


def _practise(window: MainWindow, seats: str | None) -> None:
    window.set_practice_seats(seats)
    if seats is not None:
        system = window.findChild(QAction, "bidSystem:standard")
        assert system is not None
        system.trigger()


def test_leaving_practice_mode_keeps_the_window_width(qtbot: QtBot, window: MainWindow) -> None:
    """At 1280x800 the window grew from 1202 to 1272 pixels on leaving practice mode and never shrank: the
    status bar's line for the lesson's auction, the deals tried and the deal number wanted 1278 pixels."""
    window.resize(window.minimumWidth(), 736)  # the narrowest the window may be: any screen's text fits it
    _lesson_board(window)
    width = window.width()
    for seats in ("S", None, "S", None):
        _practise(window, seats)
        window.statusBar().clearMessage()  # the status bar's own line shows again when a message ends
        qtbot.wait(10)
        assert window.width() == width, seats
        assert window.statusBar().minimumSizeHint().width() <= width, seats


def test_practice_mode_on_and_off_leaves_the_window_inside_the_screen(qtbot: QtBot, window: MainWindow) -> None:
    """A window pushed past the screen's edge stayed there, the bidding box's right-hand column and the
    close button out of reach; practice mode on or off brings it back inside the available area."""
    screen = window.screen()
    assert screen is not None
    area = screen.availableGeometry()
    window.resize(area.width() + 300, window.height())
    window.move(area.left() + 40, area.top())
    widest = max(area.width(), window.minimumWidth() + window.frameGeometry().width() - window.width())
    for seats in ("S", None, "S"):
        _practise(window, seats)
        qtbot.waitUntil(lambda: window.frameGeometry().width() <= widest)
        if window.frameGeometry().width() <= area.width():
            assert area.left() <= window.frameGeometry().left() and window.frameGeometry().right() <= area.right()
