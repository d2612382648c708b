"""The Bidding dock's "what we know" lines and Practice → Simulate, driven by objectName."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QLabel, QLineEdit, QProgressBar, QPushButton, QSpinBox, QTableWidget, QToolButton
from pytestqt.qtbot import QtBot

from bridgegui.engine.bidding import Auction, Call, load_system
from bridgegui.engine.bidding.inference import KnownHand, shown_hands
from bridgegui.ui.mainwindow.window import MainWindow
from bridgegui.ui.widgets.bar_chart import BarChart
from bridgegui.ui.widgets.inference_panel import INFERENCE_DEALS, INFERENCE_SEED, InferencePanel


def _start(qtbot: QtBot, window: MainWindow, seat: str = "S", seed: int = 11) -> None:
    window.set_seed(seed)
    window.deal()
    qtbot.waitUntil(lambda: not window.is_dealing() and len(window.boards()) == 1, timeout=10_000)
    window.set_practice_seats(seat)
    system_action = window.findChild(QAction, "bidSystem:sayc")
    assert system_action is not None
    system_action.trigger()


def _panel(window: MainWindow) -> InferencePanel:
    panel = window.findChild(InferencePanel, "inferencePanel")
    assert panel is not None
    return panel


def test_what_we_know_after_the_calls_so_far(qtbot: QtBot, window: MainWindow) -> None:
    _start(qtbot, window)
    panel = _panel(window)
    practice = window.bidding.board
    assert practice is not None and practice.student_to_call and practice.next_seat == "S"
    title = panel.findChild(QLabel, "inferenceTitle")
    assert title is not None
    qtbot.waitUntil(lambda: "deals" in title.text(), timeout=20_000)
    assert panel.isVisible()
    # The lines are the engine's inference from the student's own hand, never from the hidden hands.
    known = KnownHand("S", practice.deal.hand("S").mask)
    expected, _ = shown_hands(
        load_system("standard"), practice.auction, known=known, count=INFERENCE_DEALS, seed=INFERENCE_SEED
    )
    own = panel.findChild(QLabel, "inferenceLine:S")
    assert own is not None and not own.isVisible()
    partner = panel.findChild(QLabel, "inferenceLine:N")
    assert partner is not None and partner.text() == panel.seat_line(expected.seat("N"))
    assert partner.text().startswith("Partner: ") and "HCP" in partner.text()
    left = panel.findChild(QLabel, "inferenceLine:W")
    assert left is not None and left.text().startswith("Left-hand opponent: ")
    # The histogram on demand.
    details = panel.findChild(QToolButton, "inferenceDetails")
    chart = panel.findChild(BarChart, "inferenceHistogram")
    assert details is not None and chart is not None and not chart.isVisible()
    details.click()
    assert chart.isVisible() and chart.total() == INFERENCE_DEALS
    assert "Partner" in chart.title()


def test_the_words_of_a_shown_hand(qtbot: QtBot, window: MainWindow) -> None:
    panel = _panel(window)
    panel._viewer = "S"
    inference, _ = shown_hands(load_system("standard"), "1NT P 2C P 2H", "N", count=300, seed=2)
    assert panel.seat_line(inference.seat("N")) == "Partner: 15–17 HCP, balanced; 4+♥"


@pytest.mark.qt_log_ignore("propagateSizeHints", "does not support raise")  # the offscreen platform on any dialog
def test_simulate_compares_calls_and_can_be_stopped(qtbot: QtBot, window: MainWindow) -> None:
    pytest.importorskip("endplay")
    _start(qtbot, window)
    practice = window.bidding.board
    assert practice is not None and practice.student_to_call
    action = window.action("actionSimulate")
    assert action.isEnabled()
    action.trigger()
    tool = window.tool_windows.open_windows.get("simulation")
    assert tool is not None and tool.objectName() == "simulationWindow"
    calls = tool.findChild(QLineEdit, "simulationCalls")
    deals = tool.findChild(QSpinBox, "simulationDeals")
    run = tool.findChild(QPushButton, "simulationRun")
    stop = tool.findChild(QPushButton, "simulationStop")
    table = tool.findChild(QTableWidget, "simulationTable")
    progress = tool.findChild(QProgressBar, "simulationProgress")
    verdict = tool.findChild(QLabel, "simulationVerdict")
    assert None not in (calls, deals, run, stop, table, progress, verdict)
    board = window.current_board()
    assert board is not None and board.deal is not None
    system_call = load_system("standard").call_for(board.deal, practice.auction).call
    assert calls.text().split(", ")[0] == str(system_call)
    other = next(
        c for c in practice.auction.legal_calls() if c != system_call and not c.is_double and not c.is_redouble
    )
    calls.setText(f"{system_call}, {other}")
    deals.setValue(40)
    qtbot.mouseClick(run, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: run.isEnabled() and table.rowCount() == 2, timeout=60_000)
    assert progress.value() == 40
    assert table.item(0, 0).text() == system_call.symbol() and table.item(1, 0).text() == other.symbol()
    assert table.item(0, 2).text() == "+0.00"
    assert "IMPs against" in verdict.text() and "over 40 deals consistent with the auction" in verdict.text()
    # Stop mid-run: the deals solved so far stay, fewer than asked.
    deals.setValue(2000)
    qtbot.mouseClick(run, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: progress.value() > 0, timeout=60_000)
    qtbot.mouseClick(stop, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: run.isEnabled(), timeout=60_000)
    assert 0 < progress.value() < 2000
    tool.close()


def test_simulate_after_a_call_compares_it_with_the_systems(qtbot: QtBot, window: MainWindow) -> None:
    """After the student's last call, Simulate goes back to that turn: the system's call first, the student's second."""
    _start(qtbot, window, seed=5)
    practice = window.bidding.board
    assert practice is not None and practice.student_to_call
    board = window.current_board()
    assert board is not None and board.deal is not None
    before = practice.auction
    system_call = load_system("standard").call_for(board.deal, before, board.effective_vulnerable or "None").call
    assert system_call != Call.parse("7NT")
    window.bidding.student_call(Call.parse("7NT"))  # the others pass it out: the student's last call
    assert practice.is_complete
    point = window.bidding.decision_point()
    assert point is not None
    auction, seat, candidates = point
    assert auction.calls == before.calls and seat == "S"
    assert candidates[:2] == [system_call, Call.parse("7NT")]


def test_what_we_know_after_a_call_the_system_would_not_make(qtbot: QtBot, window: MainWindow) -> None:
    """The student's own calls are taken as made: after South opens 1NT on 10 HCP (the system would
    pass) the lines still say what partner's 2♣ shows, instead of finding nothing to deal."""
    panel = _panel(window)
    known = KnownHand.parse("S:AQ73.K84.J92.T65")
    panel.show_for(load_system("standard"), Auction.parse("S", "1NT P 2C P"), known, "None")
    title = panel.findChild(QLabel, "inferenceTitle")
    assert title is not None
    qtbot.waitUntil(lambda: "deals" in title.text() or "nothing" in title.text(), timeout=20_000)
    assert f"({INFERENCE_DEALS:,} deals)" in title.text() or f"({INFERENCE_DEALS} deals)" in title.text()
    partner = panel.findChild(QLabel, "inferenceLine:N")
    assert partner is not None and "HCP" in partner.text()


def test_the_hcp_chart_never_makes_the_window_taller_than_it_is(qtbot: QtBot, window: MainWindow) -> None:
    """On a 1280x800 screen the chart grew the window to 903 pixels, off the bottom of the screen."""
    window.resize(1280, 760)
    window.show()
    _start(qtbot, window)
    details = _panel(window).findChild(QToolButton, "inferenceDetails")
    assert details is not None
    qtbot.waitUntil(lambda: window.bidding.dock.isVisible())
    details.click()
    assert details.isChecked()
    assert window.minimumSizeHint().height() <= 760
