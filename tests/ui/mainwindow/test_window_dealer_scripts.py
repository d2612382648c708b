"""Dealer scripts in the window: import, export, and the advanced condition in the request.

Dialogs never block: ``show_error`` is replaced per window and the file dialogs are bypassed by
calling ``import_script_file`` / ``export_script_file``, which the menu actions call after asking.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
from PySide6.QtWidgets import QLabel
from pytestqt.qtbot import QtBot

from bridgegui.engine.dealing import deal_batch
from bridgegui.engine.script import compile_script
from bridgegui.settings import Settings
from bridgegui.ui.mainwindow.window import MainWindow

SCRIPT = """\
# 1NT opener, responder with a five-card major and an ace
generate 200000
produce 8
dealer north
vulnerable EW
condition hcp(north) >= 15 && hcp(north) <= 17 && shape(north, any 4333 + any 4432 + any 5332)
    && (spades(south) >= 5 || hearts(south) >= 5) && aces(south) >= 1
action printall
"""


def wait_feedback(qtbot: QtBot, window: MainWindow) -> None:
    qtbot.waitUntil(
        lambda: window.feedback.last is not None and window.feedback.last.request == window.current_request()
    )


def test_import_fills_the_seat_editors_and_the_advanced_condition(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    path = tmp_path / "stayman.dl"
    path.write_text(SCRIPT, encoding="utf-8")
    assert window.import_script_file(path)
    assert window.seat_editors["N"].spec() == "hcp 15-17, balanced"
    assert window.seat_editors["S"].spec() == ""
    advanced = window.findChild(type(window.condition_editor), "advancedCondition")
    assert advanced is window.condition_editor
    assert "spades(south) >= 5" in advanced.text() and "(south) >= 1" in advanced.text()  # aces: pt4
    assert window.dealer_mode() == "N"
    message = window.statusBar().currentMessage()
    assert "stayman.dl" in message
    notes = window.findChild(QLabel, "importNotesLabel")
    assert notes is not None and notes.isVisible()
    assert "action" in notes.text() and "vulnerable" in notes.text()
    wait_feedback(qtbot, window)
    assert window.actionDeal.isEnabled()
    assert window.current_request().condition is not None


def test_a_bad_script_shows_line_and_column_and_changes_nothing(window: MainWindow, tmp_path: Path) -> None:
    window.seat_editors["E"].set_spec("hcp 11-15")
    window.condition_editor.set_text("hcp(west) > 3")
    path = tmp_path / "broken.dl"
    path.write_text("produce 4\ncondition hcp(north) >= 15 &&\n  spadez(south) >= 5\n", encoding="utf-8")
    assert not window.import_script_file(path)
    assert len(window.errors) == 1  # type: ignore[attr-defined]
    error = window.errors[0]  # type: ignore[attr-defined]
    assert "broken.dl" in error and "line 3" in error and "column 3" in error
    assert window.seat_editors["E"].spec() == "hcp 11-15"
    assert window.seat_editors["N"].spec() == ""
    assert window.condition_editor.text() == "hcp(west) > 3"


def test_export_writes_a_script_that_selects_the_same_deals(window: MainWindow, tmp_path: Path) -> None:
    window.seat_editors["N"].set_spec("hcp 15-17, balanced")
    window.seat_editors["S"].set_spec("spades 5+, hcp 6-9")
    window.partnership_editors["EW"].set_spec("hcp 14+")
    window.condition_editor.set_text("hascard(east, KS) || hearts(west) >= 4")
    window.constraints_dock.set_dealer_mode("N")
    path = tmp_path / "out.dl"
    assert window.export_script_file(path) == []
    text = path.read_text(encoding="utf-8")
    assert "dealer north" in text and "produce 16" in text
    assert not list(tmp_path.glob(".*.tmp"))  # written through a temporary file, then renamed
    script = compile_script(text)
    request = window.current_request()
    # A biased batch so that every clause is exercised: uniform deals plus deals that satisfy the
    # request (from the engine's own filter, so a mismatch cannot hide behind rarity).
    batch = deal_batch(400_000, seed=11)
    chosen = request.mask(batch)
    assert 20 < chosen.sum() < batch.shape[0]
    assert np.array_equal(script.condition(batch), chosen)


def test_export_warns_about_what_dealer_cannot_say(window: MainWindow, tmp_path: Path) -> None:
    window.seat_editors["W"].set_spec("tricks 6+")
    warnings = window.export_script_file(tmp_path / "tricks.dl")
    assert warnings and "playing tricks" in warnings[0]
    assert window.errors and "playing tricks" in window.errors[0]  # type: ignore[attr-defined]


def test_the_advanced_condition_constrains_dealt_boards(qtbot: QtBot, window: MainWindow) -> None:
    window.condition_editor.set_text("spades(north) + spades(south) >= 9 && hcp(east) <= 5")
    window.feedback.update_now()
    wait_feedback(qtbot, window)
    with qtbot.waitSignal(window.service.finished, timeout=20_000):
        window.deal_set(12)
    boards = window.boards()
    assert len(boards) == 12
    for board in boards:
        deal = board.deal
        assert deal is not None
        assert deal.hand("N").shape[0] + deal.hand("S").shape[0] >= 9
        assert deal.hand("E").hcp <= 5
    assert "condition" in window.document.request_text


def test_a_malformed_advanced_condition_disables_deal(qtbot: QtBot, window: MainWindow) -> None:
    wait_feedback(qtbot, window)
    assert window.actionDeal.isEnabled()
    window.condition_editor.edit.setPlainText("hcp(north) >= ")  # typed: the editor emits changed
    qtbot.waitUntil(lambda: not window.actionDeal.isEnabled())
    assert not window.actionDealSet.isEnabled()
    assert window.condition_editor.error() is not None
    assert window.condition_editor.message.isVisibleTo(window.condition_editor)
    assert window.deal() is None
    window.condition_editor.edit.setPlainText("hcp(north) >= 10")
    qtbot.waitUntil(window.actionDeal.isEnabled)


def test_an_advanced_condition_that_can_never_be_true_is_refused_without_dealing(
    qtbot: QtBot, window: MainWindow
) -> None:
    """New-user trial s24: ``hcp(north) >= 38`` searched 50 M deals while the command line refused it at once."""
    wait_feedback(qtbot, window)
    window.condition_editor.edit.setPlainText("hcp(north) >= 38")  # typed: the editor emits changed
    qtbot.waitUntil(lambda: not window.actionDeal.isEnabled())
    assert not window.actionDealSet.isEnabled()
    error = window.condition_editor.error()
    assert error is not None and "can never be true" in str(error)
    assert window.condition_editor.message.isVisibleTo(window.condition_editor)
    assert window.condition_editor.error_span() is not None  # underlined at the term
    assert "1 deal in" not in window.feedback_summary()  # no odds claimed for an impossible condition
    assert window.deal() is None
    assert not window.is_dealing() and window.boards() == []


def test_a_condition_that_contradicts_a_seat_editor_is_refused_without_dealing(
    qtbot: QtBot, window: MainWindow
) -> None:
    """North ``hcp 20+`` in the editor and ``hcp(north) < 10`` in the condition: each possible alone, refused
    together at once (the command line refuses the same script), where a possible pair is accepted."""
    wait_feedback(qtbot, window)
    window.seat_editors["N"].set_spec("hcp 20+")
    window.condition_editor.edit.setPlainText("hcp(north) < 10")  # typed: the editor emits changed
    qtbot.waitUntil(lambda: not window.actionDeal.isEnabled())
    assert not window.actionDealSet.isEnabled()
    refusal = window.condition_editor.conflict()
    assert refusal is not None and "contradicts North's constraints" in str(refusal)
    assert "hcp 20+" in window.condition_editor.message.text()
    assert window.condition_editor.message.isVisibleTo(window.condition_editor)
    assert window.condition_editor.error_span() == (0, 3)  # underlined at the condition's hcp term
    north = window.seat_editors["N"]
    assert "advanced condition contradicts" in north.feedback()  # seen when the condition is scrolled away
    assert north.marked_fields() == ["hcp"]
    assert window.deal() is None
    assert not window.is_dealing() and window.boards() == []
    window.condition_editor.edit.setPlainText("hcp(north) >= 22")  # possible with the editor's 20+
    wait_feedback(qtbot, window)
    qtbot.waitUntil(window.actionDeal.isEnabled)
    assert window.condition_editor.conflict() is None
    assert not window.condition_editor.message.isVisibleTo(window.condition_editor)
    assert north.marked_fields() == [] and "contradicts" not in north.feedback()


def test_clear_constraints_clears_the_advanced_condition(window: MainWindow) -> None:
    window.condition_editor.set_text("hcp(north) > 20")
    window.clear_constraints()
    assert window.advanced_condition() == ""
    assert window.current_request().condition is None


def test_the_advanced_condition_persists_across_sessions(qtbot: QtBot, tmp_path: Path) -> None:
    path = tmp_path / "config" / "settings.json"
    first = MainWindow(Settings.load(path))
    qtbot.addWidget(first)
    first.condition_editor.set_text("hcp(north) + hcp(south) >= 26")
    first.close()
    second = MainWindow(Settings.load(path))
    qtbot.addWidget(second)
    assert second.advanced_condition() == "hcp(north) + hcp(south) >= 26"
    assert second.current_request().condition is not None
    second.close()


def test_presets_replace_and_keep_the_advanced_condition(window: MainWindow) -> None:
    window.condition_editor.set_text("controls(north) >= 5")
    window.apply_preset(next(p for p in window.presets() if not p.auction))
    assert window.advanced_condition() == ""  # a preset is a whole set of constraints
    window.condition_editor.set_text("controls(north) >= 5")
    saved = window.save_current_as_preset("Mine")
    assert saved is not None and saved.advanced == "controls(north) >= 5"
    window.condition_editor.set_text("")
    mine = next(p for p in window.presets() if p.name == "Mine")
    window.apply_preset(mine)
    assert window.advanced_condition() == "controls(north) >= 5"
    assert window.current_request().condition is not None


def test_a_user_preset_can_be_deleted_but_not_a_shipped_one(window: MainWindow) -> None:
    from PySide6.QtGui import QAction

    window.seat_editors["N"].set_spec("hcp 20-21, balanced")
    assert window.save_current_as_preset("Strong NT") is not None
    assert window.findChild(QAction, "deletePreset:Strong NT") is not None
    assert window.delete_preset("Strong NT")
    assert all(p.name != "Strong NT" for p in window.presets())
    assert window.findChild(QAction, "deletePreset:Strong NT") is None
    shipped = window.presets()[0]
    assert not window.delete_preset(shipped)
    assert "cannot be deleted" in window.errors[-1]  # type: ignore[attr-defined]


def test_any_failure_to_read_a_script_is_a_dialog_not_a_crash(window, tmp_path, monkeypatch) -> None:
    """Whatever goes wrong inside the script reader, the user sees a message and the editors stay as they were."""
    from bridgegui.ui.mainwindow import document

    def broken(_text: str) -> None:
        raise RecursionError("maximum recursion depth exceeded")

    monkeypatch.setattr(document, "import_script", broken)
    script = tmp_path / "deep.dl"
    script.write_text("condition " + "(" * 300 + "hcp(north) > 10" + ")" * 300 + "\n")
    before = window.request_specs()
    assert window.import_script_file(script) is False
    assert window.errors and "deep.dl" in window.errors[-1]
    assert window.request_specs() == before
