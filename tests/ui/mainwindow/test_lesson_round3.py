"""A lesson without surprises, round 3: what a teacher and two students met in the window.

Each test drives the window by objectName, as a user would, and fails on the behaviour that was
reported: a partner's hand given away, a dealer rule ignored, a system forgotten, a call glued to the
one before, an Undo that removed the board, a manual missing.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QModelIndex, Qt
from PySide6.QtGui import QAction, QFont, QFontMetrics, QGuiApplication, QKeySequence, QPalette
from PySide6.QtTest import QTest
from PySide6.QtWidgets import (
    QApplication,
    QComboBox,
    QDialog,
    QLabel,
    QLineEdit,
    QPushButton,
    QTableWidget,
    QTextBrowser,
    QToolButton,
    QWidget,
)
from pytestqt.qtbot import QtBot

from bridgegui.engine.bidding import Call, load_system, shipped_systems
from bridgegui.engine.teaching import quiz
from bridgegui.engine.teaching.bidding_practice import PracticeBoard
from bridgegui.formats import pbn
from bridgegui.ui.mainwindow.auction_target import check_target
from bridgegui.ui.mainwindow.window import MainWindow
from bridgegui.ui.widgets.auction_view import AuctionView
from bridgegui.ui.widgets.bidding_box import BiddingBox, call_object_name
from tests.ui.window_steps import deal_one


def _action(window: MainWindow, name: str) -> QAction:
    action = window.findChild(QAction, name)
    assert action is not None, name
    return action


def _box(window: MainWindow) -> BiddingBox:
    box = window.findChild(BiddingBox, "biddingBox")
    assert box is not None
    return box


def _click_call(qtbot: QtBot, window: MainWindow, call: Call) -> None:
    button = _box(window).findChild(QToolButton, call_object_name(call))
    assert button is not None and button.isEnabled(), call
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def _start_practice(qtbot: QtBot, window: MainWindow, seats: str, seed: int) -> PracticeBoard:
    window.set_seed(seed)
    deal_one(qtbot, window)
    window.set_practice_seats(seats)
    _action(window, "bidSystem:sayc").trigger()
    practice = window.bidding.board
    assert practice is not None
    return practice


def _texts_on_screen(window: MainWindow) -> Iterator[str]:
    """Every text a student can see or hover: labels, tooltips of visible widgets, the board list's cells."""
    for widget in window.findChildren(QWidget):
        if not widget.isVisible():
            continue
        if isinstance(widget, QLabel):
            yield widget.text()
        yield widget.toolTip()
    model = window.board_model
    for row in range(model.rowCount()):
        for column in range(model.columnCount()):
            index = model.index(row, column, QModelIndex())
            for role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole):
                value = model.data(index, role)
                if value:
                    yield str(value)


# 1 -------------------------------------------------------------------------------------------------


def test_two_students_never_see_the_partners_verdict(qtbot: QtBot, window: MainWindow) -> None:
    """After one student's call, the hand-over page and the partner's turn show nothing of that hand."""
    practice = _start_practice(qtbot, window, "NS", seed=21)
    system = load_system("standard")
    deal = practice.deal
    ready = window.findChild(QPushButton, "handoverReady")
    verdict = window.findChild(QLabel, "biddingVerdict")
    assert ready is not None and verdict is not None
    checked = 0
    while not practice.is_complete and checked < 3:
        assert ready.isVisible()
        ready.click()
        seat = practice.next_seat
        assert seat is not None and window.visible_seats() == seat
        _click_call(qtbot, window, system.call_for(deal, practice.auction).call)
        if practice.is_complete:
            break
        said = window.bidding.verdict_text(practice.history[-1])
        facts = said[said.index("You have") :]
        assert ready.isVisible() and window.visible_seats() == ""  # the hand-over page
        assert not any(facts in text for text in _texts_on_screen(window)), "on the hand-over page"
        ready.click()
        assert window.visible_seats() == practice.next_seat != seat
        assert facts not in verdict.text(), "on the partner's turn"
        assert not any(facts in text for text in _texts_on_screen(window)), "on the partner's turn"
        # The student whose turn it is sees nothing of their own earlier verdict lost: ready for the next call.
        _click_call(qtbot, window, system.call_for(deal, practice.auction).call)
        checked += 1
    assert checked >= 1, "the seed gives the two students no turns in a row"


# 2 -------------------------------------------------------------------------------------------------


def test_deal_follows_a_changed_dealer_rule(qtbot: QtBot, window: MainWindow) -> None:
    """Deal (F5) on a dealt board uses the dealer rule now in the editors, as Deal Set does."""
    deal_one(qtbot, window)
    board = window.current_board()
    assert board is not None and board.effective_dealer == "N"  # board 1: North (Law 2)
    combo = window.findChild(QComboBox, "dealerCombo")
    assert combo is not None
    combo.setCurrentIndex(combo.findData("W"))
    with qtbot.waitSignal(window.service.finished, timeout=10_000):
        _action(window, "actionDeal").trigger()
    board = window.current_board()
    assert board is not None and board.effective_dealer == "W"
    assert len(window.boards()) == 1
    combo.setCurrentIndex(combo.findData("board"))  # back to the board number: North again
    with qtbot.waitSignal(window.service.finished, timeout=10_000):
        _action(window, "actionDeal").trigger()
    board = window.current_board()
    assert board is not None and board.effective_dealer == "N"


# 3 and 4 --------------------------------------------------------------------------------------------


def _auction_dialog(qtbot: QtBot, window: MainWindow) -> QDialog:
    _action(window, "actionDealForAuction").trigger()
    dialog = window.findChild(QDialog, "dealForAuctionDialog")
    assert dialog is not None
    qtbot.waitUntil(dialog.isVisible)
    return dialog


@pytest.mark.qt_log_ignore("propagateSizeHints")
def test_deal_for_an_auction_opens_on_the_system_in_use(qtbot: QtBot, window: MainWindow) -> None:
    systems = [name for name in shipped_systems() if name != shipped_systems()[0]]
    assert systems, "needs two shipped systems"
    practised = systems[0]
    _action(window, f"bidSystem:{practised}").trigger()
    dialog = _auction_dialog(qtbot, window)
    combo = dialog.findChild(QComboBox, "systemCombo")
    assert combo is not None and combo.currentData() == practised
    dialog.reject()


def test_the_practice_system_is_remembered(qtbot: QtBot, make_window: Callable[[], MainWindow]) -> None:
    first = make_window()
    _action(first, "bidSystem:sayc").trigger()
    first.close()
    again = make_window()
    assert _action(again, "bidSystem:sayc").isChecked()
    assert not _action(again, "bidSystem:none").isChecked()
    assert again.bidding.system_name == "sayc"
    _action(again, "bidSystem:none").trigger()
    again.close()
    third = make_window()
    assert _action(third, "bidSystem:none").isChecked() and third.bidding.system is None


# 5 -------------------------------------------------------------------------------------------------


def test_a_practised_board_is_saved_with_its_contract_and_declarer(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    practice = _start_practice(qtbot, window, "S", seed=11)
    system = load_system("standard")
    while not practice.is_complete:
        _click_call(qtbot, window, system.call_for(practice.deal, practice.auction).call)
    contract = practice.auction.contract()
    assert contract is not None, "the seed's board is passed out"
    path = tmp_path / "lesson.pbn"
    assert window.save_file(path)
    text = path.read_text(encoding="utf-8")
    assert f'[Contract "{contract}"]' in text and f'[Declarer "{contract.declarer}"]' in text
    again = pbn.load(path)[0]
    assert again.tag("Contract") == str(contract) and again.tag("Declarer") == contract.declarer


# 6 -------------------------------------------------------------------------------------------------


def _type_call(text: str) -> None:
    """Type a call and Enter into whatever has the keyboard focus, as the student does."""
    focused = QApplication.focusWidget()
    assert focused is not None
    QTest.keyClicks(focused, text)
    QTest.keyClick(QApplication.focusWidget(), Qt.Key.Key_Return)


def test_keyboard_bidding_goes_on_after_next_board(qtbot: QtBot, window: MainWindow) -> None:
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window, timeout=5000)
    window.set_seed(3)
    with qtbot.waitSignal(window.service.finished, timeout=20_000):
        window.deal_set(2, confirm=False)
    qtbot.waitUntil(lambda: len(window.boards()) == 2 and not window.is_dealing(), timeout=10_000)
    window.go_to_row(0)
    window.set_practice_seats("S")
    _action(window, "bidSystem:sayc").trigger()
    for row in (0, 1):
        practice = window.bidding.board
        assert practice is not None and practice.student_to_call and window.current_row() == row
        box = _box(window)
        assert QApplication.focusWidget() is box, QApplication.focusWidget()
        count = len(practice.auction.calls)
        _type_call("p")
        assert len(practice.auction.calls) > count and practice.auction.calls[count] == Call.parse("P")
        if row == 0:
            QTest.keyClick(window, Qt.Key.Key_Right, Qt.KeyboardModifier.AltModifier)  # Next Board
            assert window.current_row() == 1


def test_the_bidding_box_shows_that_it_has_the_focus(qtbot: QtBot, window: MainWindow) -> None:
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window, timeout=5000)
    _start_practice(qtbot, window, "S", seed=8)
    box = _box(window)
    assert box.hasFocus()
    focused = box.grab().toImage()
    window.diagram.setFocus()
    qtbot.waitUntil(lambda: not box.hasFocus())
    unfocused = box.grab().toImage()
    highlight = box.palette().color(QPalette.ColorRole.Highlight)
    corner = (box.width() // 2, 1)  # on the frame, between the margin and the buttons
    assert focused.pixelColor(*corner) == highlight
    assert unfocused.pixelColor(*corner) != highlight


# 7 -------------------------------------------------------------------------------------------------


@pytest.mark.qt_log_ignore("propagateSizeHints")
def test_a_typed_call_is_a_call_of_its_own(qtbot: QtBot, window: MainWindow) -> None:
    """Reopened on "1NT P 2C P", typing a call and Enter adds that call; it is never glued to the Pass."""
    window.auction_dealing.set_target(check_target(load_system("standard"), "1NT P 2C P", "standard"))
    dialog = _auction_dialog(qtbot, window)
    edit = dialog.findChild(QLineEdit, "auctionEdit")
    assert edit is not None
    qtbot.waitUntil(edit.hasFocus)
    QTest.keyClicks(edit, "1n")  # too low after 2♣: refused, but as a call of its own
    assert edit.text().split() == ["1NT", "P", "2C", "P", "1n"]
    QTest.keyClick(edit, Qt.Key.Key_Backspace)
    QTest.keyClick(edit, Qt.Key.Key_Backspace)
    edit.setText(edit.text().rstrip())  # the teacher deletes back to the Pass, then types straight on
    edit.end(False)
    QTest.keyClicks(edit, "2d")
    assert edit.text().split() == ["1NT", "P", "2C", "P", "2d"]
    with qtbot.waitSignal(dialog.finished, timeout=5000):
        QTest.keyClick(edit, Qt.Key.Key_Return)
    target = window.auction_dealing.target
    assert target is not None and target.calls == "1NT P 2C P 2D"


# 8 -------------------------------------------------------------------------------------------------


def test_an_auction_target_sets_the_editors_aside(qtbot: QtBot, window: MainWindow) -> None:
    editors = [window.findChild(QWidget, f"seatEditor_{seat}") for seat in "NESW"]
    assert all(e is not None for e in editors)
    line = window.findChild(QLabel, "auctionDecidesLabel")
    assert line is not None and not line.isVisible()
    window.auction_dealing.set_target(check_target(load_system("standard"), "1NT P 2C", "standard"))
    assert line.isVisible() and "auction decides" in line.text()
    summary = window.findChild(QLabel, "requestFeedback")
    assert summary is not None and not summary.isVisible()  # the editors' odds are not the auction's
    assert all(not e.isEnabled() for e in editors)
    assert all(not e.isEnabled() for e in window.partnership_editors.values())
    assert not window.condition_editor.isEnabled()
    combo = window.findChild(QComboBox, "dealerCombo")
    assert combo is not None and combo.isEnabled()  # the dealer still bids first
    line.linkActivated.emit("clear")  # the line's link clears the auction
    assert window.auction_dealing.target is None
    assert not line.isVisible() and all(e.isEnabled() for e in editors)


# 9 -------------------------------------------------------------------------------------------------


def test_edit_undo_while_practising_takes_back_the_call_not_the_board(qtbot: QtBot, window: MainWindow) -> None:
    practice = _start_practice(qtbot, window, "S", seed=5)
    board = window.current_board()
    assert board is not None and practice.student_to_call
    undo = _action(window, "actionUndo")
    assert undo in window.menus["editMenu"].actions()
    assert not undo.isEnabled()  # no call to take back yet, and the dealt board is not undone while practising
    before = practice.auction
    _click_call(qtbot, window, Call.parse("P"))
    assert not practice.is_complete, "the seed's board is passed out at once"
    assert undo.isEnabled()
    undo.trigger()
    assert practice.auction == before and practice.student_to_call
    assert window.boards() == [board]


# 11 ------------------------------------------------------------------------------------------------

MANUAL = Path(__file__).resolve().parents[3] / "docs" / "manual.md"


@pytest.mark.qt_log_ignore("propagateSizeHints")
def test_help_has_the_manual_rendered_from_the_readmes_markdown(qtbot: QtBot, window: MainWindow) -> None:
    manual = _action(window, "actionManual")
    assert manual in window.menus["helpMenu"].actions()
    manual.trigger()
    browser = window.findChild(QTextBrowser, "manualBrowser")
    assert browser is not None
    qtbot.waitUntil(browser.isVisible)
    shown = browser.toPlainText()
    source = MANUAL.read_text(encoding="utf-8")
    headings = [line.lstrip("# ").strip() for line in source.splitlines() if line.startswith("## ")]
    for heading in (
        "Getting started",
        "The constraint editors",
        "Practice and bidding practice",
        "Deal for an auction",
        "Files and printing",
        "Keyboard shortcuts",
    ):
        assert heading in headings and heading in shown  # rendered, not shown as Markdown source
    assert "## " not in shown and "| --- |" not in shown
    readme = (MANUAL.parents[1] / "README.md").read_text(encoding="utf-8")
    assert "(docs/manual.md)" in readme


def test_the_manuals_shortcut_table_has_every_actions_keys() -> None:
    from bridgegui.ui.mainwindow.action_table import shortcut_rows

    table = [line for line in MANUAL.read_text(encoding="utf-8").splitlines() if line.startswith("| ")]
    keys_column = {key.strip() for line in table for key in line.split("|")[1].split(",")}
    for text, keys in shortcut_rows():
        first = keys[0].toString(QKeySequence.SequenceFormat.PortableText)
        assert first in keys_column, f"{text}: {first} is not in the manual's table"


@pytest.mark.qt_log_ignore("propagateSizeHints")
def test_help_lists_the_keyboard_shortcuts(qtbot: QtBot, window: MainWindow) -> None:
    action = _action(window, "actionKeyboardShortcuts")
    assert action in window.menus["helpMenu"].actions()
    action.trigger()
    table = window.findChild(QTableWidget, "shortcutsTable")
    assert table is not None
    qtbot.waitUntil(table.isVisible)
    rows = {table.item(r, 1).text(): table.item(r, 0).text() for r in range(table.rowCount())}
    assert "F5" in rows["Deal"] and "Alt+Right" in rows["Next Board"] and "F1" in rows["Manual"]
    assert any("Enter" in keys for keys in rows.values())  # the bidding box's typed calls


# 10 ------------------------------------------------------------------------------------------------


def test_the_five_card_major_preset_deals_both_majors(qtbot: QtBot, window: MainWindow) -> None:
    entry = next(a for a in window.presets_menu.actions() if a.text() == "Responder with a 5-card major opposite 1NT")
    entry.trigger()
    window.set_seed(2024)
    with qtbot.waitSignal(window.service.finished, timeout=30_000):
        window.deal_set(24, confirm=False)
    qtbot.waitUntil(lambda: len(window.boards()) == 24 and not window.is_dealing(), timeout=30_000)
    south = [b.deal.hand("S").shape for b in window.boards() if b.deal is not None]
    assert all(sorted(shape[:2]) in ([0, 5], [1, 5], [2, 5], [3, 5]) for shape in south), south
    assert any(shape[0] == 5 for shape in south) and any(shape[1] == 5 for shape in south)


@pytest.mark.qt_log_ignore("propagateSizeHints")
def test_the_quiz_explains_a_trick_estimate_in_words(qtbot: QtBot, window: MainWindow) -> None:
    _action(window, "actionQuiz").trigger()
    quiz_window = window.findChild(QDialog, "quizWindow")
    assert quiz_window is not None
    with qtbot.waitSignal(quiz_window.question_shown, timeout=20_000) as shown:
        quiz_window.set_kinds((quiz.PARTNERSHIP_TRICKS,))
    question = shown.args[0]
    answer = quiz_window.findChild(QLineEdit, "quizAnswer")
    assert answer is not None
    QTest.keyClicks(answer, quiz.format_value(question.answer))
    QTest.keyClick(answer, Qt.Key.Key_Return)
    breakdown = quiz_window.findChild(QLabel, "quizBreakdown")
    assert breakdown is not None
    qtbot.waitUntil(lambda: "Estimate" in breakdown.text())
    text = quiz_window.breakdown_text()
    assert "×" not in text and "Start at" not in text  # no regression coefficients
    assert text.count(" opposite ") == 4 and "between you" in text and "Suit by suit" in text


@pytest.mark.qt_log_ignore("propagateSizeHints", "does not support raise")
def test_explain_this_hand_names_the_contract_once(qtbot: QtBot, window: MainWindow) -> None:
    deal_one(qtbot, window)
    _action(window, "actionExplain").trigger()
    explain = window.findChild(QDialog, "explainWindow")
    assert explain is not None
    qtbot.waitUntil(explain.isVisible)
    board = window.current_board()
    assert board is not None and board.deal is not None
    # The system the window explains with (the one in use: earlier tests may have chosen another).
    auction = explain.system().bid(board.deal, board.effective_dealer or "N", board.effective_vulnerable).auction
    contract = AuctionView.contract_text(explain.findChild(AuctionView, "auctionView"), auction)
    assert contract
    texts = [label.text() for label in explain.findChildren(QLabel) if label.isVisible()]
    assert sum(text.count(contract) for text in texts) == 1, texts


@pytest.mark.qt_log_ignore("propagateSizeHints")
def test_the_practice_mode_dialog_is_wide_enough_for_its_title(qtbot: QtBot, window: MainWindow) -> None:
    _action(window, "actionPractice").trigger()
    dialog = window.findChild(QDialog, "practiceDialog")
    assert dialog is not None
    qtbot.waitUntil(dialog.isVisible)
    bold = QFont(dialog.font())
    bold.setBold(True)
    shown = f"{dialog.windowTitle()} \u2014 {QGuiApplication.applicationDisplayName()}"  # as X11 title bars add it
    title = QFontMetrics(bold).horizontalAdvance(shown)
    # A title bar also holds the window icon and three buttons (about 150 pixels on common themes).
    assert dialog.width() >= title + 150
    dialog.reject()


def test_the_board_list_shows_whole_rows_at_1280_by_800(qtbot: QtBot, window: MainWindow) -> None:
    window.resize(1216, 736)  # the default window on a 1280×800 screen
    qtbot.waitUntil(lambda: window.height() == 736)
    window.fit_layout()
    table = window.board_list
    qtbot.waitUntil(lambda: table.viewport().height() // table.verticalHeader().defaultSectionSize() >= 5)


def test_the_bidding_box_grows_on_a_large_screen(qtbot: QtBot, window: MainWindow) -> None:
    window.resize(1824, 990)  # the default window on a 1920×1080 screen
    qtbot.waitUntil(lambda: window.width() == 1824)
    _start_practice(qtbot, window, "S", seed=8)
    box = _box(window)
    qtbot.waitUntil(lambda: box.width() >= 0.18 * window.width())
    button = box.findChild(QToolButton, "bid_1NT")
    assert button is not None
    assert button.call_font().pointSizeF() >= 1.3 * window.font().pointSizeF()  # type: ignore[attr-defined]


def test_the_status_line_after_importing_a_script_fits(qtbot: QtBot, window: MainWindow, tmp_path: Path) -> None:
    window.resize(1216, 736)
    qtbot.waitUntil(lambda: window.width() == 1216)
    script = tmp_path / "weak-two.dl"
    script.write_text(
        "generate 1000000\nproduce 12\nvulnerable ns\ndealer south\n"
        "condition hcp(south) >= 6 && hcp(south) <= 10 && hearts(south) == 6\naction printall\n",
        encoding="utf-8",
    )
    assert window.import_script_file(script)
    status = window.statusBar()
    message = status.currentMessage()
    assert "weak-two.dl" in message
    room = status.width() - sum(
        w.width() for w in status.findChildren(QWidget) if w.isVisible() and w.parent() is status
    )
    assert status.fontMetrics().horizontalAdvance(message) <= max(room, status.width() // 2)
    notes = window.findChild(QLabel, "importNotesLabel")
    assert notes is not None and notes.isVisible() and "action" in notes.text()
