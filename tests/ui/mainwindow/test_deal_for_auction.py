"""Deal > Deal for an Auction: boards on which the chosen system bids the typed auction, each board's dealer first."""

from __future__ import annotations

import pytest
from pytestqt.qtbot import QtBot

from bridgegui.engine.bidding import load_system
from bridgegui.ui.mainwindow.auction_target import DealForAuctionDialog, check_target
from bridgegui.ui.mainwindow.window import MainWindow


@pytest.fixture(scope="module")
def standard():
    return load_system("standard")


def _wait(qtbot: QtBot, window: MainWindow, count: int) -> None:
    qtbot.waitUntil(lambda: not window.is_dealing() and len(window.boards()) == count, timeout=20_000)


def test_a_set_for_an_auction_is_bid_that_way_from_every_dealer(qtbot: QtBot, window: MainWindow, standard) -> None:
    window.auction_dealing.set_target(check_target(standard, "1NT P 2C P", "standard"))
    assert window.actionDeal.isEnabled() and "1NT" in window.auction_dealing.label.text()
    window.deal_set(8, confirm=False)
    _wait(qtbot, window, 8)
    boards = window.boards()
    assert [b.effective_dealer for b in boards] == list("NESW" * 2)
    for board in boards:
        assert board.deal is not None
        calls = standard.bid(board.deal, board.effective_dealer or "N").auction.text().split()
        assert calls[:4] == ["1NT", "P", "2C", "P"]
    assert "auction" in window.document.request_text


def test_each_board_is_bid_at_its_own_vulnerability(qtbot: QtBot, window: MainWindow, standard) -> None:
    """4♥ depends on vulnerability (eight cards vulnerable against not): a set for it must bid 4♥ on
    every board at the board's Law 2 vulnerability (it used to deal every board at love all)."""
    window.set_seed(7)
    window.auction_dealing.set_target(check_target(standard, "4H", "standard"))
    window.deal_set(16, confirm=False)
    _wait(qtbot, window, 16)
    for board in window.boards():
        assert board.deal is not None
        vulnerable = board.effective_vulnerable or "None"
        auction = standard.bid(board.deal, board.effective_dealer or "N", vulnerable).auction
        assert auction.calls[0].code == "4H", f"board {board.number} ({vulnerable}): {auction.text()}"


def test_a_fixed_dealer_and_a_single_deal(qtbot: QtBot, window: MainWindow, standard) -> None:
    window.constraints_dock.set_dealer_mode("S")
    window.auction_dealing.set_target(check_target(standard, "1S", "standard"))
    window.deal()
    _wait(qtbot, window, 1)
    board = window.boards()[0]
    assert board.effective_dealer == "S" and board.deal is not None
    assert standard.bid(board.deal, "S").auction.calls[0].code == "1S"


def test_clearing_the_auction_brings_the_editors_back(qtbot: QtBot, window: MainWindow, standard) -> None:
    window.auction_dealing.set_target(check_target(standard, "2C", "standard"))
    window.auction_dealing.set_target(None)
    window.seat_editors["N"].set_spec("hcp 20+")
    window.feedback.update_now()
    window.deal()
    _wait(qtbot, window, 1)
    deal = window.boards()[0].deal
    assert deal is not None and deal.hand("N").hcp >= 20


@pytest.mark.qt_log_ignore("propagateSizeHints")
def test_the_dialog_checks_the_auction_as_it_is_typed(qtbot: QtBot, window: MainWindow) -> None:
    dialog = DealForAuctionDialog(window)
    qtbot.addWidget(dialog)
    assert dialog.system_combo.objectName() == "systemCombo"
    assert dialog.system_combo.findData("sayc") >= 0 and dialog.system_combo.findData("acol") >= 0
    dialog.auction_edit.setText("1NT 1C")
    assert not dialog.ok_button.isEnabled() and "insufficient" in dialog.message.text()
    dialog.auction_edit.setText("1NT P 2C")
    assert dialog.ok_button.isEnabled() and "1NT" in dialog.message.text()
    chosen = []
    dialog.chosen.connect(chosen.append)
    dialog.ok_button.click()
    assert chosen and chosen[0].calls == "1NT P 2C"


def test_a_preset_can_be_an_auction(qtbot: QtBot, window: MainWindow, standard) -> None:
    """Shipped presets say "1NT – 2♣" as an auction; applying one deals for it, and one can be saved."""
    stayman = next(p for p in window.presets() if p.name == "Stayman opposite 1NT")
    assert stayman.auction == "1NT P 2C" and stayman.bidding_system() == "standard"
    window.apply_preset(stayman)
    target = window.auction_dealing.target
    assert target is not None and target.calls == "1NT P 2C"
    window.deal_set(4, confirm=False)
    _wait(qtbot, window, 4)
    for board in window.boards():
        assert board.deal is not None
        calls = standard.bid(board.deal, board.effective_dealer or "N").auction.text().split()
        assert calls[:3] == ["1NT", "P", "2C"]
    saved = window.save_current_as_preset("My Stayman")
    assert saved is not None and saved.auction == "1NT P 2C" and saved.specs["N"] == ""
    # A preset of seat specs puts the editors back in charge.
    window.apply_preset("Slam zone")
    assert window.auction_dealing.target is None


def test_the_window_deals_what_the_command_line_deals(qtbot: QtBot, window: MainWindow, standard, tmp_path) -> None:
    """Deal for an Auction with a fixed seed gives the boards ``bridgegui-deal --auction --seed`` writes."""
    import io

    from bridgegui.cli import deal as deal_cli
    from bridgegui.formats import pbn

    target = tmp_path / "deal_cli.pbn"
    status = deal_cli.main(
        ["--system", "standard", "--auction", "1NT P 2C", "-p", "6", "-s", "77", "-o", str(target)],
        stdout=io.StringIO(),
        stderr=io.StringIO(),
    )
    assert status == 0
    window.set_seed(77)
    window.auction_dealing.set_target(check_target(standard, "1NT P 2C", "standard"))
    window.deal_set(6, confirm=False)
    _wait(qtbot, window, 6)
    from_cli = pbn.load(target)
    assert [b.deal for b in window.boards()] == [b.deal for b in from_cli]
    assert [b.effective_dealer for b in window.boards()] == [b.effective_dealer for b in from_cli]


@pytest.mark.qt_log_ignore("propagateSizeHints")
def test_the_auction_can_be_clicked_as_well_as_typed(qtbot: QtBot, window: MainWindow) -> None:
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QToolButton

    dialog = DealForAuctionDialog(window)
    qtbot.addWidget(dialog)
    for name in ("bid_1NT", "pass", "bid_2C"):
        button = dialog.bidding_box.findChild(QToolButton, name)
        assert button is not None and button.isEnabled(), name
        qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    assert dialog.auction_edit.text() == "1NT P 2C"
    assert dialog.ok_button.isEnabled()
    one_club = dialog.bidding_box.findChild(QToolButton, "bid_1C")
    assert one_club is not None and not one_club.isEnabled()  # only what may follow 1NT P 2C
    dialog.bidding_box.undo_requested.emit()
    assert dialog.auction_edit.text() == "1NT P"
