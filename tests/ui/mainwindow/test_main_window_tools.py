"""The tool windows the main window opens and dealing a set with a shuffle model.

Each tool window is imported when first opened and runs its own worker; the main window closes them
when it closes, so no thread outlives it (the autouse fixture checks).
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from pytestqt.qtbot import QtBot

from bridgegui.engine.dealer.constraints import DealRequest
from bridgegui.engine.dealer.planner import DEFAULT_MAX_TRIES
from bridgegui.engine.dealing import make_rng
from bridgegui.engine.lab.shuffles import deal_set_with_model, parse_shuffle
from bridgegui.formats import pbn
from bridgegui.ui.mainwindow.window import MainWindow


def test_a_shuffle_model_deals_the_set_the_command_line_deals(qtbot: QtBot, window: MainWindow, tmp_path: Path) -> None:
    window.seat_editors["S"].set_spec("hcp 10+")
    window.set_seed(4242)
    model = parse_shuffle("riffle:3")
    with qtbot.waitSignal(window.jobs.runner.finished, timeout=30_000):
        window.deal_with_model_set(model, 6)
        assert window.actionStop.isEnabled() and not window.actionDeal.isEnabled()
    boards = window.boards()
    assert len(boards) == 6 and [b.number for b in boards] == list(range(1, 7))
    assert all(b.tag("Shuffle") == "riffle:3" and b.tag("GeneratorSeed") == "4242" for b in boards)
    assert all(b.deal.hand("S").hcp >= 10 for b in boards)  # type: ignore[union-attr]
    request = DealRequest.from_specs(south="hcp 10+")
    expected = deal_set_with_model(model, request, 6, 1, make_rng(4242), DEFAULT_MAX_TRIES)
    assert np.array_equal(np.array([b.deal.hands for b in boards], dtype=np.uint64), expected)  # type: ignore[union-attr]
    assert window.actionDeal.isEnabled() and not window.progress_bar.isVisible()
    window.save_file(tmp_path / "riffled.pbn")
    text = (tmp_path / "riffled.pbn").read_text(encoding="utf-8")
    assert '[Shuffle "riffle:3"]' in text and "not uniform" in text
    assert len(pbn.load(tmp_path / "riffled.pbn")) == 6


def test_stop_ends_a_shuffle_model_deal(qtbot: QtBot, window: MainWindow) -> None:
    # Rare enough that the model needs many batches: Stop must end it within one.
    window.seat_editors["N"].set_spec("hcp 22+, spades 7+")
    window.deal_with_model_set(parse_shuffle("markov:0.384"), 16)
    assert window.actionStop.isEnabled()
    window.stop()
    assert not window.actionStop.isEnabled() and window.actionDeal.isEnabled()
    assert window.jobs.runner.wait_idle(5_000)
    assert window.boards() == []


# Tool windows size and raise themselves, which the offscreen platform reports as unsupported: harmless.
OFFSCREEN = pytest.mark.qt_log_ignore("propagateSizeHints", "does not support raise")


@OFFSCREEN
def test_the_shuffle_lab_opens_once_and_deals_here(qtbot: QtBot, window: MainWindow) -> None:
    lab = window.open_shuffle_lab()
    assert lab.objectName() == "shuffleLab" and lab.isVisible()
    assert window.open_shuffle_lab() is lab
    with qtbot.waitSignal(window.jobs.runner.finished, timeout=30_000):
        lab.deal_set(4)  # type: ignore[attr-defined]
    spec = lab.model().spec  # type: ignore[attr-defined]
    assert len(window.boards()) == 4 and all(b.tag("Shuffle") == spec for b in window.boards())


@OFFSCREEN
def test_the_audit_opens_on_the_current_set(qtbot: QtBot, window: MainWindow) -> None:
    assert not window.actionAudit.isEnabled()
    with qtbot.waitSignal(window.service.finished, timeout=20_000):
        window.deal_set(40)
    assert window.actionAudit.isEnabled()
    audit = window.open_audit()
    assert audit.objectName() == "auditDialog"
    qtbot.waitUntil(lambda: audit.audit_result() is not None, timeout=30_000)  # type: ignore[attr-defined]
    again = window.open_audit()  # a new audit of the set as it is now
    assert again is not audit and again.isVisible()


@OFFSCREEN
def test_closing_the_window_closes_its_tool_windows(qtbot: QtBot, window: MainWindow) -> None:
    lab = window.open_shuffle_lab()
    audit = window.open_audit()
    gone: list[str] = []
    lab.destroyed.connect(lambda: gone.append("lab"))
    audit.destroyed.connect(lambda: gone.append("audit"))
    window.close()
    qtbot.waitUntil(lambda: sorted(gone) == ["audit", "lab"], timeout=5_000)


@OFFSCREEN
def test_the_quiz_deals_to_the_current_constraints(qtbot: QtBot, window: MainWindow) -> None:
    window.seat_editors["N"].set_spec("hcp 20-21, balanced")
    window.seat_editors["S"].set_spec("hcp 20-21, balanced")
    quiz = window.open_quiz()
    assert quiz.objectName() == "quizWindow" and window.open_quiz() is quiz
    qtbot.waitUntil(lambda: quiz.current_question() is not None, timeout=30_000)  # type: ignore[attr-defined]
    question = quiz.current_question()  # type: ignore[attr-defined]
    for seat in "NS":  # whichever hand it asks about, the deal fits North's and South's constraints
        assert 20 <= question.deal.hand(seat).hcp <= 21


@OFFSCREEN
def test_the_frequency_tables_count_the_current_set(qtbot: QtBot, window: MainWindow) -> None:
    with qtbot.waitSignal(window.service.finished, timeout=20_000):
        window.deal_set(12)
    window.seat_editors["E"].set_spec("hcp 10")
    freq = window.open_frequencies()
    assert freq.objectName() == "frequencyWindow" and window.open_frequencies() is freq
    assert freq._boards_provider() == window.boards()  # type: ignore[attr-defined]
    assert freq._request_provider() == window.current_request()  # type: ignore[attr-defined]
    window.close()


def test_the_frequency_tables_follow_the_set(qtbot: QtBot, window: MainWindow) -> None:
    with qtbot.waitSignal(window.service.finished, timeout=20_000):
        window.deal_set(12)
    freq = window.open_frequencies()
    qtbot.waitUntil(lambda: freq.batch().shape[0] == 12, timeout=5000)  # type: ignore[attr-defined]
    with qtbot.waitSignal(window.service.finished, timeout=20_000):
        window.deal_set(20)
    qtbot.waitUntil(lambda: freq.batch().shape[0] == 20, timeout=5000)  # type: ignore[attr-defined]
    freq.close()
    window.close()
