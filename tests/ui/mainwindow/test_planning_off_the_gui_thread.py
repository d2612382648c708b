"""Planning (``plan_request``, about 260 ms for four heavily constrained seats) never runs on the GUI thread
and can be stopped.  Checked by *where* the plan call runs and by the event loop staying alive
while a plan is held back, never by timing."""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtCore import QTimer
from pytestqt.qtbot import QtBot

from bridgegui.engine.dealer import planner
from bridgegui.engine.dealer.constraints import DealRequest
from bridgegui.workers import dealing_tasks

HEAVY = {
    "N": "hcp 15-17, balanced",
    "E": "hcp 6-9, hearts 5+",
    "S": "hcp 10-12, spades 4+",
    "W": "hcp 0-7",
}


class PlanSpy:
    """Stands in for ``plan_request``: records the thread of every call, and may hold the call until released."""

    def __init__(self, *, hold: bool = False) -> None:
        self.threads: list[bool] = []  # True: called on the GUI (main) thread
        self.release = threading.Event()
        self.entered = threading.Event()
        if not hold:
            self.release.set()

    def __call__(self, request: DealRequest) -> planner.DealPlan:
        self.threads.append(threading.current_thread() is threading.main_thread())
        self.entered.set()
        self.release.wait(10)
        return planner.plan_request(request)


@pytest.fixture
def spy(monkeypatch: pytest.MonkeyPatch) -> Callable[..., PlanSpy]:
    def make(*, hold: bool = False) -> PlanSpy:
        plan_spy = PlanSpy(hold=hold)
        monkeypatch.setattr(dealing_tasks, "plan_request", plan_spy)
        return plan_spy

    return make


def test_deal_deal_set_presets_feedback_and_opening_plan_on_workers(
    qtbot: QtBot, make_window, spy, tmp_path: Path
) -> None:
    plan_spy = spy()
    window = make_window()
    for key, text in HEAVY.items():
        window.seat_editors[key].set_spec(text)
    window.feedback.update_now()  # the live feedback plans
    qtbot.waitUntil(lambda: window.feedback.last is not None, timeout=10_000)
    window.feedback.last = None  # no cached plan: Deal must plan itself
    with qtbot.waitSignal(window.service.finished, timeout=10_000):
        window.deal()
    with qtbot.waitSignal(window.service.finished, timeout=20_000):
        window.deal_set(3)
    window.apply_preset(next(p for p in window.presets() if not p.auction.strip() and any(p.specs.values())))
    assert window.save_file(tmp_path / "set.pbn")
    window.open_file(tmp_path / "set.pbn")
    window.feedback.update_now()
    qtbot.waitUntil(lambda: window.feedback.last is not None and len(plan_spy.threads) >= 4, timeout=10_000)
    assert window.service.wait_idle(10_000)
    assert len(plan_spy.threads) >= 4
    assert not any(plan_spy.threads), "plan_request ran on the GUI thread"


def test_a_slow_plan_leaves_the_event_loop_running_and_stop_ends_the_job(
    qtbot: QtBot, make_window, spy, monkeypatch: pytest.MonkeyPatch
) -> None:
    window = make_window()
    for key, text in HEAVY.items():
        window.seat_editors[key].set_spec(text)
    window.feedback.stop()  # only the dealing job plans in this test
    plan_spy = spy(hold=True)
    dealt: list[bool] = []
    monkeypatch.setattr(
        dealing_tasks, "deal_stream", lambda *a, **k: dealt.append(True) or planner.deal_stream(*a, **k)
    )
    assert window.deal() is not None  # returns while the worker is still planning
    assert plan_spy.entered.wait(10)
    ticked: list[bool] = []
    QTimer.singleShot(0, lambda: ticked.append(True))
    qtbot.waitUntil(lambda: ticked == [True], timeout=5000)  # the GUI thread is free while it plans
    assert window.is_dealing()
    window.stop()
    assert not window.is_dealing()
    with qtbot.waitSignal(window.service.finished, timeout=10_000) as finished:
        plan_spy.release.set()
    assert finished.args[1] == "cancelled"
    assert dealt == []  # stopped at the checkpoint after planning: no deal was searched for
    assert window.board_model.rowCount() == 0
    assert plan_spy.threads and not any(plan_spy.threads)  # every plan (feedback may plan again) off the GUI thread
