"""Practice mode and the window around it: its size on and off, and the actions that would show the hidden hands."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QApplication, QLineEdit
from pytestqt.qtbot import QtBot

from bridgegui.engine.bidding import Call, load_system
from bridgegui.ui.mainwindow.action_table import HIDDEN_HANDS_TIP, translate
from bridgegui.ui.mainwindow.auction_target import check_target
from bridgegui.ui.mainwindow.window import MainWindow

REVEALING = (
    "actionExplain",
    "actionCopyDealNumber",
    "actionPrint",
    "actionExportPdf",
    "actionExportScript",
    "actionFrequencies",
    "actionSavePreset",
)
"""What would show practice mode's hidden hands: the system's auction and what it says of every hand,
the deal number (any deal from it), printed hand records, the constraints and counts of the set."""


def _lesson_board(window: MainWindow) -> None:
    """A board of a lesson's auction, as the trial had it: the status bar then holds the long "Dealing
    for …" line, the deals tried and the deal number (the deal itself does not matter here)."""
    standard = load_system("standard")
    window.auction_dealing.set_target(check_target(standard, "1NT P 2C P", "standard"))
    window.show_deal_number(123_456_789_012_345_678_901_234_567)


def _practise(window: MainWindow, seats: str | None) -> None:
    window.set_practice_seats(seats)
    if seats is not None:
        system = window.findChild(QAction, "bidSystem:sayc")
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
        if seats is None:  # the line is still there, in the room the deals tried and the deal number leave
            assert window.auction_dealing.label.isVisible() and window.auction_dealing.label.width() > 100


def test_a_window_grown_past_the_screen_by_practice_mode_comes_back(qtbot: QtBot, window: MainWindow) -> None:
    """A window pushed past the screen's edge on leaving practice mode stayed there, the bidding box's
    right-hand column and the close button out of reach.  Here the growth is made by hand (as the docks
    and the status bar made it on the trial's X11 desktop), and the window takes it back."""
    screen = window.screen()
    assert screen is not None
    area = screen.availableGeometry()
    window.move(area.topLeft())
    size = window.size()
    assert window.frameGeometry().width() <= max(area.width(), window.minimumWidth() + 8)

    def grow() -> None:
        window.resize(area.width() + 300, window.height())  # past the screen's edge
        window.move(area.left() + 40, area.top())

    window.practice.seats_changed.connect(grow)
    for seats in ("S", None, "S"):
        _practise(window, seats)
        qtbot.waitUntil(lambda: window.width() == size.width())
        frame = window.frameGeometry()
        assert frame.left() == area.left() or frame.right() <= area.right(), seats
    window.practice.seats_changed.disconnect(grow)


def test_a_window_the_user_made_larger_than_the_screen_keeps_its_size(qtbot: QtBot, window: MainWindow) -> None:
    """Only what practice mode added is taken back: a window sized for a larger screen stays so."""
    window.resize(1824, 990)
    qtbot.waitUntil(lambda: window.width() == 1824)
    for seats in ("S", None):
        _practise(window, seats)
        qtbot.wait(20)
        assert window.width() == 1824, seats


def _practise_a_dealt_board(qtbot: QtBot, window: MainWindow) -> None:
    window.set_seed(11)
    window.deal()
    qtbot.waitUntil(lambda: not window.is_dealing() and len(window.boards()) == 1, timeout=10_000)
    _practise(window, "S")
    board = window.bidding.board
    assert board is not None and board.student_to_call and not board.is_complete


def _available(window: MainWindow) -> dict[str, bool]:
    return {name: window.action(name).isEnabled() for name in REVEALING}


def _assert_waiting(window: MainWindow) -> None:
    assert not any(_available(window).values()), _available(window)
    for name in REVEALING:  # the menus and the status bar say why
        assert window.action(name).statusTip() == translate(HIDDEN_HANDS_TIP), name
        assert window.action(name).toolTip() == translate(HIDDEN_HANDS_TIP), name


def _assert_available(window: MainWindow) -> None:
    assert all(_available(window).values()), _available(window)
    assert window.action("actionExplain").statusTip() != translate(HIDDEN_HANDS_TIP)


@pytest.mark.qt_log_ignore("propagateSizeHints", "does not support raise")
def test_what_gives_hidden_hands_away_waits_while_the_student_bids(qtbot: QtBot, window: MainWindow) -> None:
    """Explain This Hand (Ctrl+E) showed the system's whole auction, the student's own next call among
    it, and Copy Deal Number (Ctrl+Shift+C) put the number of the deal in the status bar."""
    _practise_a_dealt_board(qtbot, window)
    _assert_waiting(window)
    QApplication.clipboard().setText("nothing")
    window.activateWindow()
    qtbot.keyClick(window, Qt.Key.Key_E, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClick(window, Qt.Key.Key_C, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    window.action("actionExplain").trigger()
    window.action("actionCopyDealNumber").trigger()
    assert "explain" not in window.tool_windows.open_windows
    assert QApplication.clipboard().text() == "nothing"
    assert str(window.deal_number()) not in window.statusBar().currentMessage()

    window.reveal(True)  # Space: the student chose to see the hands
    _assert_available(window)
    window.reveal(False)
    _assert_waiting(window)


def test_they_come_back_when_the_auction_is_over(qtbot: QtBot, window: MainWindow) -> None:
    _practise_a_dealt_board(qtbot, window)
    board = window.bidding.board
    assert board is not None
    while not board.is_complete:
        window.bidding.student_call(Call.parse("P"))
    assert window.visible_seats() == "NESW"
    _assert_available(window)


def test_they_come_back_when_practice_mode_ends(qtbot: QtBot, window: MainWindow) -> None:
    _practise_a_dealt_board(qtbot, window)
    _practise(window, None)
    _assert_available(window)
    window.action("actionCopyDealNumber").trigger()
    assert QApplication.clipboard().text() == str(window.deal_number())


@pytest.mark.qt_log_ignore("propagateSizeHints", "does not support raise")
def test_an_explain_window_left_open_closes_when_practice_hides_the_hands(qtbot: QtBot, window: MainWindow) -> None:
    """It follows the board on screen: left open, it went on explaining the hidden deal."""
    window.set_seed(11)
    window.deal()
    qtbot.waitUntil(lambda: not window.is_dealing() and len(window.boards()) == 1, timeout=10_000)
    explain = window.open_explain()
    assert explain.isVisible()
    _practise(window, "S")
    assert "explain" not in window.tool_windows.open_windows or not explain.isVisible()


@pytest.mark.qt_log_ignore("propagateSizeHints")
def test_go_to_deal_number_does_not_offer_the_hidden_deals_number(qtbot: QtBot, window: MainWindow) -> None:
    _practise_a_dealt_board(qtbot, window)
    window.action("actionGoToDealNumber").trigger()
    edit = window.findChild(QLineEdit, "dealNumberEdit")
    assert edit is not None and edit.text() == ""
    edit.window().close()
    _practise(window, None)
    window.action("actionGoToDealNumber").trigger()
    shown = [e for e in window.findChildren(QLineEdit, "dealNumberEdit") if e.isVisible()]
    assert shown and shown[-1].text() == str(window.deal_number())
