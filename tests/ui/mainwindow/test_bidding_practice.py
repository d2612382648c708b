"""Bidding practice in the window, driven by objectName: the bidding box, the auction, the verdicts, undo, the end."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QApplication, QDockWidget, QLabel, QToolButton
from pytestqt.qtbot import QtBot

from bridgegui.engine.bidding import Auction, Call, load_system
from bridgegui.engine.teaching.bidding_practice import PRACTICE_TAG
from bridgegui.formats import pbn
from bridgegui.ui.mainwindow.bidding_practice import SYSTEM_AUCTION_TAG
from bridgegui.ui.mainwindow.window import MainWindow
from bridgegui.ui.widgets.auction_view import AuctionView
from bridgegui.ui.widgets.bidding_box import BiddingBox, call_object_name


def _start(qtbot: QtBot, window: MainWindow, seat: str = "S", seed: int = 11) -> None:
    window.set_seed(seed)
    window.deal()
    qtbot.waitUntil(lambda: not window.is_dealing() and len(window.boards()) == 1, timeout=10_000)
    window.set_practice_seats(seat)
    system_action = window.findChild(QAction, "bidSystem:sayc")
    assert system_action is not None
    system_action.trigger()


def _box(window: MainWindow) -> BiddingBox:
    box = window.findChild(BiddingBox, "biddingBox")
    assert box is not None
    return box


def _click(qtbot: QtBot, window: MainWindow, call: Call) -> None:
    button = _box(window).findChild(QToolButton, call_object_name(call))
    assert button is not None and button.isEnabled(), call
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def test_a_board_bid_from_start_to_end(qtbot: QtBot, window: MainWindow, tmp_path: Path) -> None:
    _start(qtbot, window)
    dock = window.findChild(QDockWidget, "biddingDock")
    assert dock is not None and dock.isVisible()
    board = window.current_board()
    assert board is not None and board.deal is not None
    system = load_system("standard")
    expected = system.bid(board.deal, board.effective_dealer or "N").auction
    view = window.findChild(AuctionView, "auctionView")
    assert view is not None
    verdict = window.findChild(QLabel, "biddingVerdict")
    assert verdict is not None
    practice = window.bidding.board
    assert practice is not None and practice.next_seat == "S"
    # Only legal calls are enabled, and the auction so far (the system's calls) is on screen.
    assert set(_box(window).enabled_calls()) == set(practice.auction.legal_calls())
    assert view.auction() == practice.auction
    # Agree with the system at every turn: each verdict says so, and the auction is the system's.
    while not practice.is_complete:
        call = system.call_for(board.deal, practice.auction).call
        _click(qtbot, window, call)
        assert verdict.text().startswith("Agreed.")
    assert practice.auction.calls == expected.calls
    assert view.second_auction() == expected  # both auctions side by side at the end
    result = window.findChild(QLabel, "biddingResult")
    assert result is not None and "Same contract." in result.text()
    assert window.visible_seats() == "NESW"
    kept = window.boards()[0]
    assert kept.auction is not None and kept.auction.calls == expected.calls
    assert kept.tag(SYSTEM_AUCTION_TAG) == expected.text() and kept.tag(PRACTICE_TAG)
    score = window.findChild(QLabel, "biddingScore")
    assert score is not None and "of" in score.text() and "contracts match" in score.text()
    # Saved and reopened: the auctions and the score come back.
    path = tmp_path / "practised.pbn"
    assert window.save_file(path)
    again = pbn.load(path)[0]
    assert again.auction is not None and again.auction.calls == expected.calls
    assert again.tag(SYSTEM_AUCTION_TAG) == expected.text()
    assert window.open_file(path, confirm=False)
    window.set_practice_seats("S")
    assert "contracts match" in score.text()


def test_a_different_call_is_explained_and_can_be_taken_back(qtbot: QtBot, window: MainWindow) -> None:
    _start(qtbot, window, seed=5)
    practice = window.bidding.board
    assert practice is not None and practice.student_to_call
    board = window.current_board()
    assert board is not None and board.deal is not None
    system_call = load_system("standard").call_for(board.deal, practice.auction).call
    other = next(c for c in practice.auction.legal_calls() if c != system_call and not c.is_double)
    before = practice.auction
    _click(qtbot, window, other)
    verdict = window.findChild(QLabel, "biddingVerdict")
    assert verdict is not None and verdict.text().startswith("You ")
    assert "The system" in verdict.text() and "HCP" in verdict.text()
    if not practice.is_complete:
        undo = window.action("actionUndoCall")
        assert undo.isEnabled()
        undo.trigger()
        assert practice.auction == before and practice.student_to_call


def test_calls_by_keyboard(qtbot: QtBot, window: MainWindow) -> None:
    _start(qtbot, window, seed=8)
    practice = window.bidding.board
    assert practice is not None and practice.student_to_call
    box = _box(window)
    box.setFocus()
    count = len(practice.auction.calls)
    qtbot.keyClicks(box, "p")
    qtbot.keyClick(box, Qt.Key.Key_Return)
    assert len(practice.auction.calls) > count
    assert practice.auction.calls[count] == Call.parse("P")


def test_the_bidding_panel_follows_practice_and_cannot_be_closed_on_its_own(qtbot: QtBot, window: MainWindow) -> None:
    """Closed mid-practice it had no way back, and the next boards had no bidding box."""
    _start(qtbot, window)
    dock = window.findChild(QDockWidget, "biddingDock")
    assert dock is not None and dock.isVisible()
    assert not dock.features() & QDockWidget.DockWidgetFeature.DockWidgetClosable
    window.set_practice_seats(None)
    assert not dock.isVisible()


def test_the_bidding_panel_runs_down_beside_the_boards_list(qtbot: QtBot, window: MainWindow) -> None:
    """Under it, the boards list left the verdict and "what the auction shows" three lines at 1280x800."""
    window.resize(1280, 740)
    _start(qtbot, window)
    dock = window.findChild(QDockWidget, "biddingDock")
    boards = window.findChild(QDockWidget, "boardsDock")
    assert dock is not None and boards is not None and boards.isVisible()
    qtbot.waitUntil(lambda: dock.geometry().bottom() > boards.geometry().top())
    assert boards.geometry().right() < dock.geometry().left()


def test_no_system_means_no_bidding(qtbot: QtBot, window: MainWindow) -> None:
    _start(qtbot, window)
    none = window.findChild(QAction, "bidSystem:none")
    assert none is not None
    none.trigger()
    dock = window.findChild(QDockWidget, "biddingDock")
    assert dock is not None and not dock.isVisible()
    assert window.bidding.board is None


@pytest.mark.qt_log_ignore("propagateSizeHints", "does not support raise")
def test_explain_this_hand_shows_the_systems_auction(qtbot: QtBot, window: MainWindow) -> None:
    _start(qtbot, window)
    window.set_practice_seats(None)
    explain = window.open_explain()
    view = explain.findChild(AuctionView, "auctionView")
    board = window.current_board()
    assert view is not None and board is not None and board.deal is not None
    expected = load_system("standard").bid(board.deal, board.effective_dealer or "N").auction
    assert isinstance(view.auction(), Auction) and view.auction().calls == expected.calls
    text = explain.findChild(QLabel, "explanations")
    assert text is not None
    # One line for every call, the closing passes included (one may leave a double in).
    assert len(text.text().splitlines()) == len(expected.calls)


@pytest.mark.qt_log_ignore("propagateSizeHints", "does not support raise")
def test_explain_this_hand_follows_the_system_practised(qtbot: QtBot, window: MainWindow) -> None:
    """Explain, left open on another system, shows the practised one when asked again."""
    from PySide6.QtWidgets import QComboBox

    _start(qtbot, window)
    explain = window.open_explain()
    combo = explain.findChild(QComboBox, "systemCombo")
    assert combo is not None and combo.currentData() == "sayc"
    combo.setCurrentIndex(combo.findData("acol"))
    assert window.open_explain() is explain and combo.currentData() == "sayc"


def test_two_students_hand_the_screen_over(qtbot: QtBot, window: MainWindow) -> None:
    """North and South share a screen: before each one's turn both hands hide until Ready."""
    from PySide6.QtWidgets import QPushButton

    _start(qtbot, window, seat="NS", seed=21)
    practice = window.bidding.board
    assert practice is not None
    if practice.is_complete:
        pytest.skip("the system passed the board out before a student was to call")
    handover = window.findChild(QLabel, "handoverLabel")
    ready = window.findChild(QPushButton, "handoverReady")
    assert handover is not None and ready is not None and handover.isVisible()
    assert window.visible_seats() == ""  # neither hand while the screen changes hands
    seat = practice.next_seat
    ready.click()
    assert window.visible_seats() == seat and _box(window).enabled_calls()


def test_printed_sheets_carry_the_systems_answers(qtbot: QtBot, window: MainWindow, tmp_path: Path) -> None:
    window.deal_set(4, confirm=False)
    qtbot.waitUntil(lambda: not window.is_dealing() and len(window.boards()) == 4, timeout=10_000)
    plain = window.export_pdf(tmp_path / "plain.pdf", "practice")
    window.set_practice_seats("S")
    system_action = window.findChild(QAction, "bidSystem:sayc")
    assert system_action is not None
    system_action.trigger()
    with_answers = window.export_pdf(tmp_path / "answers.pdf", "practice")
    assert plain is not None and with_answers is not None and with_answers > plain


def test_practice_mode_hides_what_gives_the_hands_away(qtbot: QtBot, window: MainWindow) -> None:
    """The constraints (with their odds) and the deal number tell a student the hidden hands."""
    deal = window.findChild(QDockWidget, "constraintsDock")
    assert deal is not None and deal.isVisible() and window.deal_number_label.isVisible() is not False
    stats = window.jobs.stats_label  # "N deals tried · k found": the request's odds again
    window.set_practice_seats("S")
    assert not deal.isVisible() and not window.deal_number_label.isVisible() and not stats.isVisible()
    window.set_practice_seats(None)
    assert deal.isVisible() and window.deal_number_label.isVisible() and stats.isVisible()


def test_the_systems_auction_can_be_the_boards_instead(qtbot: QtBot, window: MainWindow, tmp_path: Path) -> None:
    from bridgegui.ui.mainwindow.bidding_practice import STUDENT_AUCTION_TAG

    window.action("actionSystemAuctionInSection").setChecked(True)
    _start(qtbot, window, seed=13)
    practice = window.bidding.board
    board = window.current_board()
    assert practice is not None and board is not None and board.deal is not None
    system = load_system("standard")
    while not practice.is_complete:
        _click(
            qtbot,
            window,
            Call.parse("P") if Call.parse("P") in practice.auction.legal_calls() else practice.auction.legal_calls()[0],
        )
    kept = window.boards()[0]
    reference = system.bid(board.deal, board.effective_dealer or "N")
    assert kept.auction is not None and kept.auction.calls == reference.auction.calls
    assert list(kept.auction.notes) == [c.explanation for c in reference.choices]
    assert kept.tag(STUDENT_AUCTION_TAG) == practice.auction.text() and kept.tag(SYSTEM_AUCTION_TAG) is None


@pytest.mark.qt_log_ignore("propagateSizeHints", "does not support raise")
def test_explain_this_hand_says_what_the_auction_told_the_table(qtbot: QtBot, window: MainWindow) -> None:
    """Below the explained auction, a line per seat says what the whole auction showed about that hand,
    over deals dealt exactly for it (no hand known: what everyone at the table learnt)."""
    from bridgegui.ui.widgets.inference_panel import InferencePanel

    _start(qtbot, window)
    window.set_practice_seats(None)
    explain = window.open_explain()
    panel = explain.findChild(InferencePanel, "inferencePanel")
    assert panel is not None
    title = panel.findChild(QLabel, "inferenceTitle")
    assert title is not None
    qtbot.waitUntil(lambda: "deals" in title.text() or "nothing to work out" in title.text(), timeout=60_000)
    if "nothing to work out" in title.text():
        pytest.skip(f"this board's auction is too rare to deal for in the panel's budget: {title.text()}")
    for seat, name in zip("NESW", ("North", "East", "South", "West"), strict=True):
        line = panel.findChild(QLabel, f"inferenceLine:{seat}")
        assert line is not None and line.isVisible() and line.text().startswith(f"{name}: ") and "HCP" in line.text()
    shown = panel._shown
    assert shown is not None and shown.inference.deals > 0


def _settle_layout() -> None:
    for _ in range(4):  # a layout request can post another further up the window
        QApplication.sendPostedEvents(None, QEvent.Type.LayoutRequest.value)
        QApplication.processEvents()


def test_the_bidding_box_stays_put_while_the_verdicts_change(qtbot: QtBot, window: MainWindow) -> None:
    """The box takes the dock's spare height, and the verdict and score under it used to grow and shrink
    with every call: the buttons moved under the student's pointer.  They keep their room now."""
    for seed in (11, 12, 13):
        _start(qtbot, window, seed=seed)
        practice = window.bidding.board
        board = window.current_board()
        assert practice is not None and board is not None
        system = load_system("standard")
        places: set[tuple[int, int, int, int]] = set()
        while not practice.is_complete:
            _settle_layout()  # as it is by the time a user's next click comes
            button = _box(window).findChild(QToolButton, call_object_name(Call.parse("7NT")))
            assert button is not None
            top_left = button.mapTo(window, button.rect().topLeft())
            places.add((top_left.x(), top_left.y(), button.width(), button.height()))
            _click(qtbot, window, system.call_for(board.deal, practice.auction, practice.vulnerable).call)
        assert len(places) == 1, (seed, places)
        window.set_practice_seats(None)
        window.clear_constraints()


def test_the_verdicts_reason_reads_as_sentences(window: MainWindow) -> None:
    """A teacher writes notes as "declines the invitation."; the verdict showed "15 HCP. declines the
    invitation." and, without a note, ran the meaning into "You have …" with no full stop."""
    from bridgegui.engine.bidding import Explanation

    why = window.bidding._why
    passes = Call.parse("P")
    assert why(Explanation(passes, ("15 HCP",), "declines the invitation.")) == "15 HCP. Declines the invitation."
    assert why(Explanation(passes, ("15 HCP",))) == "15 HCP."
    assert why(Explanation(passes, (), "partner's bid is the contract")) == "Partner's bid is the contract."
    assert why(Explanation(passes, (), "the opponents' auction", catch_all=True)).endswith(
        "system. The opponents' auction."
    )
