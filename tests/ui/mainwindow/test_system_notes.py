"""System Notes in the window, driven by objectName: the action opens ``systemNotes`` with the system in
use, the filter narrows the tree, and clicking a call in the auction or the verdict shows its rule."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QLabel, QLineEdit, QTableView, QTreeWidget
from pytestqt.qtbot import QtBot

from bridgegui.engine.bidding import load_system
from bridgegui.ui.mainwindow.auction_target import check_target
from bridgegui.ui.mainwindow.window import MainWindow
from bridgegui.ui.tools.system_notes_window import SystemNotesWindow

# The offscreen platform's notes about any window it shows or raises.
pytestmark = pytest.mark.qt_log_ignore("propagateSizeHints", "does not support raise")


def _open(window: MainWindow) -> SystemNotesWindow:
    action = window.findChild(QAction, "actionSystemNotes")
    assert action is not None and action.isEnabled()
    action.trigger()
    notes = window.findChild(SystemNotesWindow, "systemNotes")
    assert notes is not None and notes.isVisible()
    return notes


def _practise(qtbot: QtBot, window: MainWindow, system: str = "acol") -> None:
    window.set_seed(11)
    window.deal()
    qtbot.waitUntil(lambda: not window.is_dealing() and len(window.boards()) == 1, timeout=10_000)
    window.set_practice_seats("S")
    action = window.findChild(QAction, f"bidSystem:{system}")
    assert action is not None
    action.trigger()


def test_the_action_opens_the_notes_of_the_default_system_built_on_first_use(window: MainWindow) -> None:
    assert window.findChild(SystemNotesWindow, "systemNotes") is None  # nothing built before it is asked for
    notes = _open(window)
    assert notes.system.name in ("SAYC", load_system("standard").name)  # standard is another name for SAYC
    tree = notes.findChild(QTreeWidget, "systemNotesTree")
    assert tree is not None and tree.topLevelItem(0).text(0) == "Opening bids"
    assert notes.system.title in notes.windowTitle() or notes.system.name in notes.windowTitle()
    assert _open(window) is notes  # a second trigger raises the same window


def test_the_notes_follow_the_system_in_use(qtbot: QtBot, window: MainWindow) -> None:
    acol = load_system("acol")
    window.auction_dealing.set_target(check_target(acol, "1NT P", "acol"))
    assert _open(window).system is acol
    _practise(qtbot, window, "sayc")
    assert _open(window).system is window.bidding.system
    assert window.bidding.system is not None and window.bidding.system.name == load_system("sayc").name


def test_the_filter_keeps_the_matching_auctions_and_calls(qtbot: QtBot, window: MainWindow) -> None:
    notes = _open(window)
    everything = len(notes.visible_calls())
    assert everything == len(notes.system.rules)
    edit = notes.findChild(QLineEdit, "systemNotesFilter")
    assert edit is not None
    qtbot.keyClicks(edit, "1nt p 2c p")
    shown = notes.visible_calls()
    assert 0 < len(shown) < everything / 20
    tree = notes.findChild(QTreeWidget, "systemNotesTree")
    assert tree is not None
    headings = [
        tree.topLevelItem(s).child(a).text(0)
        for s in range(tree.topLevelItemCount())
        for a in range(tree.topLevelItem(s).childCount())
        if not tree.topLevelItem(s).isHidden() and not tree.topLevelItem(s).child(a).isHidden()
    ]
    assert headings and all("1NT – Pass – 2♣ – Pass" in h for h in headings)
    edit.clear()
    qtbot.keyClicks(edit, "stayman")
    assert 0 < len(notes.visible_calls()) < everything / 20
    edit.clear()
    assert len(notes.visible_calls()) == everything


def test_clicking_a_call_of_the_auction_shows_its_rule(qtbot: QtBot, window: MainWindow) -> None:
    _practise(qtbot, window)
    board = window.bidding.board
    assert board is not None and board.choices, "the system bids before South"
    table = window.findChild(QTableView, "auctionTable")
    assert table is not None
    model = table.model()
    row, column = model.cell_of(0)  # type: ignore[attr-defined]
    rect = table.visualRect(model.index(row, column))
    qtbot.mouseClick(table.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    notes = window.findChild(SystemNotesWindow, "systemNotes")
    assert notes is not None and notes.isVisible()
    rule = board.choices[0].rule
    assert rule is not None and notes.current_rule() is rule


def test_clicking_a_verdict_shows_the_rule_it_judged_by(qtbot: QtBot, window: MainWindow) -> None:
    _practise(qtbot, window)
    board = window.bidding.board
    assert board is not None
    notes = _open(window)
    notes.findChild(QLineEdit, "systemNotesFilter").setText("a filter that hides every call")  # type: ignore[union-attr]
    wrong = next(
        c
        for c in board.legal_calls()
        if c
        != window.bidding.board.system.call_for(  # type: ignore[union-attr]
            board.deal, board.auction
        ).call
    )
    verdict = window.bidding.student_call(wrong)
    assert verdict is not None and not verdict.agrees
    label = window.findChild(QLabel, "biddingVerdict")
    assert label is not None and label.text()
    qtbot.mouseClick(label, Qt.MouseButton.LeftButton)
    assert verdict.system.rule is not None
    assert notes.current_rule() is verdict.system.rule
    assert notes.findChild(QLineEdit, "systemNotesFilter").text() == ""  # type: ignore[union-attr]
