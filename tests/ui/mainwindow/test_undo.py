"""Edit > Undo and Redo: re-deals, sets, constraint edits, presets and Clear, and Ctrl+Z's two owners.

Keys are synthesised with ``QTest`` on the active offscreen window, so the shortcut map decides who gets
Ctrl+Z exactly as it does on a desktop.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QAbstractSpinBox, QApplication
from pytestqt.qtbot import QtBot

from bridgegui.ui.mainwindow.window import MainWindow
from tests.ui.window_steps import deal_one, deal_set


def type_into(widget: QAbstractSpinBox, text: str) -> None:
    """What a user does: focus the field (which selects its text), type, and Tab out."""
    widget.setFocus()
    widget.selectAll()
    QTest.keyClicks(widget, text)
    QTest.keyClick(widget, Qt.Key.Key_Tab)


def undo_text(window: MainWindow) -> str:
    return window.action("actionUndo").text().replace("&", "")


def activate(qtbot: QtBot, window: MainWindow) -> None:
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window, timeout=5000)


def test_a_re_deal_is_undone_and_redone_and_the_saved_mark_follows(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    deal_set(qtbot, window, 3)
    assert window.save_file(tmp_path / "set.pbn")
    saved = window.boards()
    assert not window.is_modified()
    window.go_to_row(2)
    deal_one(qtbot, window)
    redealt = window.boards()[2]
    assert redealt != saved[2] and redealt.number == 3
    assert window.is_modified() and window.windowTitle().startswith("*")
    assert undo_text(window) == "Undo Re-deal Board 3"

    window.undo.undo()
    assert window.boards() == saved
    assert window.current_row() == 2 and window.diagram.deal() == saved[2].deal
    assert not window.is_modified() and not window.windowTitle().startswith("*")
    assert window.action("actionRedo").text().replace("&", "") == "Redo Re-deal Board 3"

    window.undo.redo()
    assert window.boards()[2] == redealt and window.is_modified()


def test_undoing_past_a_save_leaves_the_set_modified(qtbot: QtBot, window: MainWindow, tmp_path: Path) -> None:
    deal_set(qtbot, window, 2)
    assert window.save_file(tmp_path / "set.pbn")
    window.go_to_row(0)
    deal_one(qtbot, window)
    assert window.save_file()
    assert not window.is_modified()
    window.undo.undo()  # the file holds the re-dealt board: the set on screen differs from it
    assert window.is_modified()
    window.undo.redo()
    assert not window.is_modified()


def test_deal_set_is_one_step(qtbot: QtBot, window: MainWindow) -> None:
    deal_one(qtbot, window)
    first = window.boards()
    deal_set(qtbot, window, 4)
    dealt = window.boards()
    assert len(dealt) == 4
    assert undo_text(window) == "Undo Deal Set of 4 Boards"
    window.undo.undo()
    assert window.boards() == first
    window.undo.redo()
    assert window.boards() == dealt


def test_typing_a_range_is_one_step_and_another_field_is_the_next(qtbot: QtBot, window: MainWindow) -> None:
    north = window.seat_editors["N"]
    lo, hi = north.field_widgets("hcp")
    type_into(lo, "15")
    type_into(hi, "17")
    assert north.spec() == "hcp 15-17"
    assert window.undo.stack.count() == 1
    assert undo_text(window) == "Undo Edit North HCP"
    spades_lo = north.field_widgets("spades")[0]
    type_into(spades_lo, "5")
    assert window.undo.stack.count() == 2
    assert undo_text(window) == "Undo Edit North Spades"

    window.undo.undo()
    assert north.spec() == "hcp 15-17"
    window.undo.undo()
    assert north.spec() == ""
    assert not window.undo.stack.canUndo()
    window.undo.redo()
    window.undo.redo()
    assert north.spec() == "hcp 15-17, spades 5+"


def test_dealer_rule_advanced_condition_and_partnerships_are_undone(qtbot: QtBot, window: MainWindow) -> None:
    dock = window.constraints_dock
    combo = dock.panel.dealer_combo
    combo.setCurrentIndex(combo.findData("S"))  # as a click in the combo does
    assert undo_text(window) == "Undo Change Dealer"
    QTest.keyClicks(window.condition_editor.edit, "hcp(north) > 10")
    assert undo_text(window) == "Undo Edit Advanced Condition"
    assert window.undo.stack.count() == 2
    type_into(window.partnership_editors["NS"].field_widgets("hcp")[0], "25")
    assert undo_text(window) == "Undo Edit North-South"
    window.undo.undo()
    assert window.partnership_editors["NS"].spec() == ""
    window.undo.undo()
    assert window.advanced_condition() == ""
    window.undo.undo()
    assert window.dealer_mode() == "board"


def test_presets_clear_and_script_imports_are_one_step_each(qtbot: QtBot, window: MainWindow, tmp_path: Path) -> None:
    preset = next(p for p in window.presets() if not p.auction.strip() and any(p.specs.values()))
    window.apply_preset(preset)
    applied = window.request_specs()
    assert undo_text(window) == f"Undo Apply Preset {preset.name}"
    window.clear_constraints()
    assert undo_text(window) == "Undo Clear Constraints"
    assert not any(window.request_specs().values())
    window.undo.undo()
    assert window.request_specs() == applied
    window.undo.undo()
    assert not any(window.request_specs().values())

    script = tmp_path / "weak2.dl"
    script.write_text("produce 8\ncondition hcp(south) >= 6 && hcp(south) <= 10 && spades(south) == 6\n")
    assert window.import_script_file(script)
    assert undo_text(window) == "Undo Import weak2.dl"
    window.undo.undo()
    assert window.seat_editors["S"].spec() == ""


def test_importing_a_script_keeps_the_deal_set_count(window: MainWindow, tmp_path: Path) -> None:
    """Its ``produce 8`` used to become the next Deal Set's count."""
    window.settings["deal_set/count"] = 24
    script = tmp_path / "eight.dl"
    script.write_text("produce 8\ncondition hcp(north) >= 15\n")
    assert window.import_script_file(script)
    assert window.seat_editors["N"].spec() == "hcp 15+"
    assert window.settings["deal_set/count"] == 24


def test_ctrl_z_undoes_the_stack_outside_practice(qtbot: QtBot, window: MainWindow) -> None:
    activate(qtbot, window)
    window.seat_editors["N"].field_widgets("hcp")[0].setValue(12)  # a user edit: one step
    assert window.undo.stack.count() == 1
    window.diagram.setFocus()
    QTest.keyClick(window.diagram, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert window.seat_editors["N"].spec() == ""
    QTest.keyClick(
        window.diagram, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier
    )
    assert window.seat_editors["N"].spec() == "hcp 12+"


def test_ctrl_z_takes_back_a_call_while_practising(qtbot: QtBot, window: MainWindow) -> None:
    activate(qtbot, window)
    deal_one(qtbot, window)
    window.seat_editors["N"].field_widgets("hcp")[0].setValue(12)
    taken_back: list[bool] = []
    window.bidding.can_undo = lambda: True  # type: ignore[method-assign]
    window.bidding.undo = lambda: taken_back.append(True)  # type: ignore[method-assign]
    window.set_practice_seats("S")
    index = window.undo.stack.index()
    window.diagram.setFocus()
    QTest.keyClick(window.diagram, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert taken_back == [True]
    assert window.undo.stack.index() == index  # the teacher's steps are not touched
    assert window.action("actionUndo").isEnabled()  # Edit > Undo still works from the menu
    window.set_practice_seats(None)
    QTest.keyClick(window.diagram, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert taken_back == [True] and window.undo.stack.index() == index - 1


def test_opening_a_file_starts_a_new_history(qtbot: QtBot, window: MainWindow, tmp_path: Path) -> None:
    deal_set(qtbot, window, 2)
    assert window.save_file(tmp_path / "a.pbn")
    deal_one(qtbot, window)
    assert window.open_file(tmp_path / "a.pbn")
    assert not window.undo.stack.canUndo() or undo_text(window).startswith("Undo Constraints of")
    assert not window.is_modified()


def test_undoing_a_deal_set_that_is_still_dealing_stops_it(qtbot: QtBot, window: MainWindow) -> None:
    deal_one(qtbot, window)
    before = window.boards()
    rare = {
        "N": "hcp 10, qt 2, ltc 7, controls 3",
        "S": "hcp 10, qt 2, ltc 7, controls 3",
        "E": "hcp 10, qt 2, ltc 7",
        "W": "hcp 10, qt 2, ltc 7, controls 3",
    }
    for key, text in rare.items():
        window.seat_editors[key].set_spec(text)
    window.feedback.update_now()
    window.deal_set(8)
    assert window.is_dealing()
    window.undo.undo()
    assert not window.is_dealing()
    assert window.boards() == before
    assert window.action("actionRedo").text().replace("&", "") == "Redo Deal Set of 8 Boards"
