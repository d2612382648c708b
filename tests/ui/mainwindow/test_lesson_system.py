"""A lesson's system and constraints, as the new-user trial of session 24 met them.

A set dealt for an Acol auction was practised with SAYC without a word; "Use the Lesson's" on an
auction lesson kept the user's own constraints in the greyed editors; the Deal for an Auction dialog
listed SAYC twice ("SAYC" and "Standard") and opened on Acol on a first run.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtGui import QAction
from pytestqt.qtbot import QtBot

from bridgegui.engine.bidding import load_system
from bridgegui.engine.boards import Board
from bridgegui.engine.cards import parse_deal
from bridgegui.formats import pbn
from bridgegui.ui.mainwindow.auction_target import DealForAuctionDialog, check_target
from bridgegui.ui.mainwindow.window import MainWindow
from tests.ui.window_steps import deal_one

DEAL = "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"


def _action(window: MainWindow, name: str) -> QAction:
    action = window.findChild(QAction, name)
    assert action is not None, name
    return action


def _acol_lesson(tmp_path: Path) -> Path:
    """A set saved by Deal for an Auction with Acol: its header names the auction and the system."""
    lesson = tmp_path / "acol-1nt-2c.pbn"
    pbn.save(lesson, [Board(1, parse_deal(DEAL))], extra_header=["Constraints: auction 1NT P 2C; system acol"])
    return lesson


def _menu_system(window: MainWindow) -> str:
    """The system Practice > Bid with a System shows checked."""
    menu = window.menus["biddingSystemMenu"]
    checked = [a.objectName() for a in menu.actions() if a.isCheckable() and a.isChecked()]
    assert len(checked) == 1, checked
    return checked[0]


# Item 4 of the trial: a set dealt for Acol is practised with Acol ---------------------------------------


def test_a_set_dealt_for_an_acol_auction_is_practised_with_acol(qtbot: QtBot, window: MainWindow) -> None:
    _action(window, "bidSystem:sayc").trigger()
    acol = load_system("acol")
    window.auction_dealing.set_target(check_target(acol, "1NT", "acol"))
    assert window.bidding.system_name == "acol" and window.bidding.system is not None
    assert _menu_system(window) == "bidSystem:acol"
    assert "Acol" in window.statusBar().currentMessage()  # said, not done without a word
    window.set_seed(5)
    deal_one(qtbot, window)
    window.set_practice_seats("S")
    board = window.current_board()
    assert board is not None and board.deal is not None
    dealer = board.effective_dealer or "N"
    assert window.bidding.system.bid(board.deal, dealer).auction.calls[0].code == "1NT"  # the lesson's opening


def test_a_system_picked_after_dealing_for_an_auction_is_kept(qtbot: QtBot, window: MainWindow) -> None:
    _action(window, "bidSystem:sayc").trigger()
    target = check_target(load_system("acol"), "1NT", "acol")
    window.auction_dealing.set_target(target)
    _action(window, "bidSystem:sayc").trigger()  # the user's deliberate choice
    deal_one(qtbot, window)
    window.auction_dealing.set_target(target)  # the same auction again (an undo puts it back, for one)
    assert window.bidding.system_name == "sayc" and _menu_system(window) == "bidSystem:sayc"


def test_no_bidding_stays_no_bidding(window: MainWindow) -> None:
    _action(window, "bidSystem:none").trigger()
    window.auction_dealing.set_target(check_target(load_system("acol"), "1NT", "acol"))
    assert window.bidding.system is None and _menu_system(window) == "bidSystem:none"


@pytest.mark.parametrize("answer", ["use", "keep", "not asked"])
def test_a_reopened_acol_lesson_is_practised_with_acol(window: MainWindow, tmp_path: Path, answer: str) -> None:
    _action(window, "bidSystem:sayc").trigger()
    lesson = _acol_lesson(tmp_path)
    if answer == "not asked":
        window.undo.mark_constraints_kept()
    else:
        window.seat_editors["N"].set_spec("hcp 20+")
        window.seat_editors["N"].changed.emit()  # a user's edit, kept nowhere: the question is asked
        window.document.confirm_replace_constraints = (  # type: ignore[method-assign]
            (lambda _name, then: then()) if answer == "use" else (lambda _name, _then: None)
        )
    assert window.open_file(lesson)
    assert window.bidding.system_name == "acol" and _menu_system(window) == "bidSystem:acol"


# Item 7 of the trial: "Use the Lesson's" puts the lesson's constraints in the editors ---------------------


def test_use_the_lessons_puts_an_auction_lessons_constraints_in_the_editors(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    lesson = _acol_lesson(tmp_path)
    window.seat_editors["N"].set_spec("spades 13")
    window.seat_editors["N"].changed.emit()  # typed by the user, kept nowhere
    asked: list[str] = []

    def use_the_lessons(name: str, then: Callable[[], object]) -> None:
        asked.append(name)
        then()

    window.document.confirm_replace_constraints = use_the_lessons  # type: ignore[method-assign]
    assert window.open_file(lesson)
    assert asked == ["acol-1nt-2c.pbn"]
    target = window.auction_dealing.target
    assert target is not None and (target.calls, target.system_label) == ("1NT P 2C", "acol")
    assert all(spec == "" for spec in window.request_specs().values())  # the lesson's: none, not North spades 13
    window.auction_dealing.set_target(None)  # clear the auction: the lesson's editors stay
    assert all(spec == "" for spec in window.request_specs().values())
    window.action("actionUndo").trigger()  # Edit > Undo: the auction back
    window.action("actionUndo").trigger()  # and the user's own constraints
    assert window.seat_editors["N"].spec() == "spades 13"


def test_keep_mine_keeps_the_users_constraints_and_deals_no_auction(window: MainWindow, tmp_path: Path) -> None:
    lesson = _acol_lesson(tmp_path)
    window.seat_editors["N"].set_spec("spades 13")
    window.seat_editors["N"].changed.emit()
    mine = window.request_specs()
    window.document.confirm_replace_constraints = lambda _name, _then: None  # type: ignore[method-assign]
    assert window.open_file(lesson)
    assert window.request_specs() == mine and window.auction_dealing.target is None


# Item 8: SAYC once in the dialog, and SAYC first on a first run -------------------------------------------


def test_the_dialog_lists_sayc_once_and_opens_on_it_on_a_first_run(qtbot: QtBot, window: MainWindow) -> None:
    assert window.bidding.system is None and not window.settings["systems/last"]  # a first run
    dialog = DealForAuctionDialog(window, system_label=window.bidding.preferred_system())
    qtbot.addWidget(dialog)
    combo = dialog.system_combo
    shipped = [combo.itemData(i) for i in range(combo.count()) if combo.itemData(i)]
    assert sorted(shipped) == ["acol", "sayc"]  # "standard" is SAYC by another name: not a second entry
    assert combo.currentData() == "sayc"


def test_a_set_or_preset_saying_standard_finds_the_sayc_entry(qtbot: QtBot, window: MainWindow) -> None:
    target = check_target(load_system("standard"), "1NT P 2C", "standard")
    dialog = DealForAuctionDialog(window, target)
    qtbot.addWidget(dialog)
    assert dialog.system_combo.currentData() == "sayc" and dialog.system_combo.findData("standard") < 0
    assert dialog.target() is not None  # the auction still checks
    other = DealForAuctionDialog(window, system_label="standard")  # the last system chosen, in old settings
    qtbot.addWidget(other)
    assert other.system_combo.currentData() == "sayc"
    assert window.findChild(QAction, "bidSystem:standard") is None  # the practice menu lists it once too
    window.bidding.set_system("standard")
    assert window.bidding.system_name == "sayc" and _menu_system(window) == "bidSystem:sayc"


def test_the_practice_system_remembered_as_standard_is_sayc(
    settings_path: Path, make_window: Callable[[], MainWindow]
) -> None:
    from bridgegui.settings import Settings

    settings = Settings.load(settings_path)
    settings["practice/system"] = "standard"  # written by an older version
    settings.save()
    window = make_window()
    assert window.bidding.system_name == "sayc" and _menu_system(window) == "bidSystem:sayc"
