"""The live feedback formats the engine's typed records itself (so it can be translated) and marks the named field."""

from __future__ import annotations

import pytest
from pytestqt.qtbot import QtBot

from bridgegui.engine.dealer.constraints import DealRequest
from bridgegui.engine.dealer.planner import estimate
from bridgegui.engine.errors import Problem
from bridgegui.ui.mainwindow.feedback import estimate_text, frequency_text
from bridgegui.ui.mainwindow.window import MainWindow


@pytest.mark.parametrize(
    "specs",
    [
        {"north": "balanced"},  # exactly 1 deal in 2.1: a decimal
        {"north": "hcp 15-17, balanced"},
        {"north": "hcp 37"},  # a very large N
        {"north": "spades 7+", "south": "hearts 7+"},  # estimated
        {"north": "hcp 30+", "south": "hcp 8+"},
        {},
    ],
)
def test_the_window_says_the_estimate_as_the_engine_does(specs: dict[str, str]) -> None:
    result = estimate(DealRequest.from_specs(**specs))
    assert estimate_text(result) == result.text()


def test_a_seat_frequency_reads_as_one_hand_in_n() -> None:
    assert frequency_text(0.0487) == "1 hand in 21 · 4.87%"
    assert frequency_text(0.0) == "no hand fits"
    assert frequency_text(1.0) == "every hand fits"


def test_a_problem_marks_the_field_it_names(qtbot: QtBot, window: MainWindow) -> None:
    window.seat_editors["N"].set_spec("hcp 20+")
    window.seat_editors["S"].set_spec("hcp 20+")
    window.seat_editors["E"].set_spec("hcp 5+")
    window.feedback.update_now()
    qtbot.waitUntil(lambda: window.feedback.last is not None and window.feedback.last.blocking, timeout=10_000)
    problems = window.feedback.last.problems
    assert all(isinstance(p, Problem) for p in problems)
    assert any(p.seat == "" and p.field == "hcp" for p in problems)
    # A problem across seats goes to the summary and marks the field in every seat that constrains it.
    assert "40" in window.feedback_summary()
    for seat in "NSE":
        assert window.seat_editors[seat].marked_fields() == ["hcp"], seat
    assert window.seat_editors["W"].marked_fields() == []
    assert not window.actionDeal.isEnabled()
