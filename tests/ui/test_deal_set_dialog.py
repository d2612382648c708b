"""The Deal Set dialog's practice sets: rotation, several scenarios with counts, dealt in the worker."""

from __future__ import annotations

import itertools
from collections import Counter
from pathlib import Path

import numpy as np
import pytest
from pytestqt.qtbot import QtBot

from bridgegui.engine.boards import board_dealer
from bridgegui.engine.cards import SEATS
from bridgegui.engine.dealer.constraints import DealRequest
from bridgegui.ui.dialogs import DealSetDialog
from bridgegui.ui.mainwindow.window import MainWindow

NEVER = {
    "N": "hcp 10, qt 2, ltc 7, controls 4",
    "S": "hcp 10, qt 2, ltc 7, controls 4",
    "E": "hcp 10, qt 2",
    "W": "hcp 10, controls 4",
}
"""Each seat common enough to plan, together almost never: a search that runs until stopped."""

pytestmark = pytest.mark.qt_log_ignore("propagateSizeHints")  # the offscreen platform's note about any dialog


def _wait_for_set(qtbot: QtBot, window: MainWindow, count: int) -> list:
    qtbot.waitUntil(lambda: window.jobs.active is None and window.board_model.rowCount() == count, timeout=30_000)
    return window.board_model.boards()


def _set_specs(window: MainWindow, **specs: str) -> None:
    for key, text in specs.items():
        editors = window.seat_editors if key in SEATS else window.partnership_editors
        editors[key].set_spec(text)
    window.feedback.update_now()


def test_the_dialog_lists_scenarios_with_counts(qtbot: QtBot) -> None:
    dialog = DealSetDialog(presets=["1NT opening", "Slam zone"])
    qtbot.addWidget(dialog)
    assert dialog.count() == 16 and dialog.first_board() == 1
    assert dialog.rotation() == "none" and dialog.sources() == []
    assert dialog._count.isEnabled() and not dialog._remove.isEnabled()
    names = [a.text() for a in dialog._add_preset.menu().actions()]
    assert names == ["1NT opening", "Slam zone"]
    dialog._add_preset.menu().actions()[1].trigger()
    dialog.add_source("/tmp/stayman.dl", 5)
    assert dialog.sources() == [("preset:Slam zone", 8), ("/tmp/stayman.dl", 5)]
    assert dialog._table.item(1, 0).text() == "stayman", "a script shows its file's stem"
    assert not dialog._count.isEnabled() and dialog.count() == 13, "the set holds the scenarios' boards"
    dialog._spin(1).setValue(7)
    assert dialog.count() == 15
    dialog._table.selectRow(0)
    dialog.remove_selected()
    assert dialog.sources() == [("/tmp/stayman.dl", 7)]
    dialog.remove_selected()
    assert dialog.sources() == [] and dialog._count.isEnabled()
    dialog._rotation.setCurrentIndex(dialog._rotation.findData("ns"))
    assert dialog.rotation() == "ns"
    assert DealSetDialog(rotation="law2").rotation() == "law2"


def test_a_mixed_set_is_dealt_in_the_worker_and_tagged(qtbot: QtBot, window: MainWindow, tmp_path: Path) -> None:
    script = tmp_path / "weak.dl"
    script.write_text("dealer south\ncondition hearts(south) == 6 && hcp(south) <= 10\n", encoding="utf-8")
    window.dealing.deal_mixed_set([("preset:slam zone", 5), (str(script), 4)], 1, confirm=False)
    assert window.jobs.kind == "mixed" and window.action("actionStop").isEnabled()
    boards = _wait_for_set(qtbot, window, 9)
    names = [b.tag("Scenario") for b in boards]
    assert Counter(names) == {"Slam zone": 5, "weak": 4}
    assert all(a != b for a, b in itertools.pairwise(names)), "never one scenario twice in a row"
    slam = DealRequest.from_specs(ns="hcp 33+")
    for board in boards:
        row = np.array([board.deal.hands], dtype=np.uint64)
        if board.tag("Scenario") == "weak":
            assert board.effective_dealer == "S"
        else:
            assert slam.mask(row).all()
        assert board.tag("GeneratorSeed")
    assert "Slam zone 5" in window.document.request_text


def test_law_2_rotation_of_the_window_constraints(qtbot: QtBot, window: MainWindow) -> None:
    _set_specs(window, N="hcp 15-17, balanced")
    window.dealing.deal_mixed_set([], 3, "law2", count=8, confirm=False)
    boards = _wait_for_set(qtbot, window, 8)
    strong = DealRequest.from_specs(north="hcp 15-17, balanced").seats[0]
    for board in boards:
        assert board.effective_dealer == board_dealer(board.number)
        row = np.array([board.deal.hands], dtype=np.uint64)
        assert strong.mask(row[:, SEATS.index(board.effective_dealer)]).all()
    assert [b.number for b in boards] == list(range(3, 11))


def test_the_dialog_deals_what_it_shows(qtbot: QtBot, window: MainWindow) -> None:
    dialog = window.dealing.ask_deal_set()
    names = [a.text() for a in dialog._add_preset.menu().actions()]
    assert "Slam zone" in names
    dialog.add_source("preset:Slam zone", 3, "Slam zone")
    dialog.add_source("preset:Preempt at the three level", 3, "Preempt at the three level")
    dialog._rotation.setCurrentIndex(dialog._rotation.findData("law2"))
    dialog.accept()
    boards = _wait_for_set(qtbot, window, 6)
    assert Counter(b.tag("Scenario") for b in boards) == {"Slam zone": 3, "Preempt at the three level": 3}
    assert all(b.effective_dealer == board_dealer(b.number) for b in boards)


def test_a_plain_set_from_the_dialog_is_dealt_as_before(qtbot: QtBot, window: MainWindow) -> None:
    dialog = window.dealing.ask_deal_set()
    dialog._count.setValue(5)
    with qtbot.waitSignal(window.service.finished, timeout=20_000):
        dialog.accept()
    assert window.board_model.rowCount() == 5
    assert all(b.tag("Scenario") is None for b in window.board_model.boards())


def test_a_bad_source_is_reported(window: MainWindow) -> None:
    window.dealing.deal_mixed_set([("preset:no such preset", 4)], confirm=False)
    assert window.jobs.active is None
    assert window.errors and "the presets are" in window.errors[-1]  # type: ignore[attr-defined]


def test_stop_ends_a_mixed_set(qtbot: QtBot, window: MainWindow) -> None:
    _set_specs(window, **NEVER)
    window.dealing.deal_mixed_set([], 1, "ns", count=4, confirm=False)
    qtbot.waitUntil(lambda: window.jobs.runner.is_running(), timeout=5000)
    window.stop()
    assert window.jobs.active is None and not window.jobs.runner.is_running()
    qtbot.waitUntil(lambda: not window.jobs.runner.has_jobs(), timeout=10_000)
    assert window.board_model.rowCount() == 0


def test_the_dialog_says_when_an_auction_deals_the_set(qtbot: QtBot) -> None:
    """With an auction in charge it said the set dealt "the constraints in the window"."""
    from PySide6.QtWidgets import QLabel

    dialog = DealSetDialog(None, auction="1NT – 2♣ (SAYC)")
    qtbot.addWidget(dialog)
    mix, note = dialog.findChild(QLabel, "mixNote"), dialog.findChild(QLabel, "dealSetNote")
    assert mix is not None and note is not None
    assert "1NT – 2♣ (SAYC)" in mix.text() and "constraints in the window" not in mix.text()
    assert "bids 1NT – 2♣ (SAYC) on every board" in note.text()
    plain = DealSetDialog(None)
    qtbot.addWidget(plain)
    label = plain.findChild(QLabel, "mixNote")
    assert label is not None and "constraints in the window" in label.text()
