"""The main window end to end: dealing, sets, files, Stop, feedback, practice mode, settings.

Dialogs never block here: ``show_error`` and ``confirm_unsaved_changes`` are replaced per window, and
every action is driven through the window's public methods (the actions call the same methods).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest
from PySide6.QtCore import QPoint, QRect
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QApplication, QWidget
from pytestqt.qtbot import QtBot

from bridgegui.engine.boards import Board, board_dealer, board_vulnerability
from bridgegui.engine.cards import SEATS, parse_deal
from bridgegui.engine.deal_numbers import deal_index
from bridgegui.engine.dealer.constraints import DealRequest
from bridgegui.formats import pbn
from bridgegui.formats.text import deal_line
from bridgegui.settings import Settings
from bridgegui.ui.mainwindow.window import MainWindow
from tests.ui.window_steps import deal_one, deal_set

NEVER = {
    "N": "hcp 10, spades 4, hearts 3, diamonds 3, clubs 3, qt 2, tricks 3, controls 3",
    "E": "hcp 10, spades 3, hearts 4, diamonds 3, clubs 3, qt 2, tricks 3, controls 3",
    "S": "hcp 10, spades 3, hearts 3, diamonds 4, clubs 3, qt 2, tricks 3, controls 3",
    "W": "hcp 10, spades 3, hearts 3, diamonds 3, clubs 4, qt 2, tricks 3, controls 3",
}
"""Each seat common enough to plan, together almost never (no deal in millions tried): a search that runs until
stopped.  The totals stay possible (40 HCP, 13 cards a suit, 12 controls), so the planner cannot refuse it at once."""


def set_specs(window: MainWindow, **specs: str) -> None:
    for key, text in specs.items():
        editors = window.seat_editors if key in SEATS else window.partnership_editors
        editors[key].set_spec(text)
    window.feedback.update_now()  # what the debounce timer calls


def wait_feedback(qtbot: QtBot, window: MainWindow) -> None:
    qtbot.waitUntil(
        lambda: window.feedback.last is not None and window.feedback.last.request == window.current_request()
    )


# -- dealing --------------------------------------------------------------------------------------


def test_dealing_updates_the_diagram_and_the_panels(qtbot: QtBot, window: MainWindow) -> None:
    assert window.diagram.deal() is None
    deal_one(qtbot, window)
    deal = window.diagram.deal()
    assert deal is not None and deal.is_complete
    for seat in SEATS:
        hand = deal.hand(seat)
        values = window.eval_panels[seat].values()
        assert values["hcp"] == str(hand.hcp)
        assert values["pattern"] == "-".join(str(n) for n in hand.pattern)
        assert values["partnership_hcp"] == str(hand.hcp + deal.hand(SEATS[(SEATS.index(seat) + 2) % 4]).hcp)
    assert window.diagram.board_number() == 1 and window.diagram.dealer() == "N"
    assert window.board_model.rowCount() == 1
    assert window.windowTitle().startswith("*")
    assert window.board_model.data(window.board_model.index(0, 0)) == "1 *"
    assert str(deal_index(deal)) in window.deal_number_label.text()
    assert window.jobs.last_click_to_deal is not None


def test_a_constrained_deal_satisfies_its_constraints(qtbot: QtBot, window: MainWindow) -> None:
    set_specs(window, N="hcp 15-17, balanced", S="spades 5+, hcp 6-9", EW="hcp 14+")
    request = DealRequest.from_specs(north="hcp 15-17, balanced", south="spades 5+, hcp 6-9", ew="hcp 14+")
    deal_set(qtbot, window, 12)
    boards = window.boards()
    assert len(boards) == 12
    batch = np.array([b.deal.hands for b in boards], dtype=np.uint64)  # type: ignore[union-attr]
    assert request.mask(batch).all()
    north = boards[0].deal.hand("N")  # type: ignore[union-attr]
    assert 15 <= north.hcp <= 17 and north.pattern in {(4, 3, 3, 3), (4, 4, 3, 2), (5, 3, 3, 2)}


def test_a_set_of_16_fills_the_board_list_with_dealers_and_vulnerability(qtbot: QtBot, window: MainWindow) -> None:
    deal_set(qtbot, window, 16)
    model = window.board_model
    assert model.rowCount() == 16
    for row in range(16):
        number = row + 1
        assert model.data(model.index(row, 0)) == f"{number} *"
        assert model.data(model.index(row, 1)) == board_dealer(number)
        assert model.data(model.index(row, 2)) == board_vulnerability(number)
        summary = model.data(model.index(row, 3))
        assert summary.startswith("N ") and " · E " in summary and " HCP " in summary
    assert [model.data(model.index(r, 1)) for r in range(4)] == ["N", "E", "S", "W"]
    assert [model.data(model.index(r, 2)) for r in (0, 1, 2, 3, 12)] == ["None", "NS", "EW", "All", "All"]
    assert window.diagram.deal() == window.boards()[0].deal
    assert not window.progress_bar.isVisible()


def test_a_large_set_fills_the_list_without_making_every_board(qtbot: QtBot, window: MainWindow) -> None:
    deal_set(qtbot, window, 20_000)
    model = window.board_model
    assert model.rowCount() == 20_000
    assert sum(isinstance(b, tuple) for b in model._boards) > 19_000  # rows become boards only when looked at
    last = model.board(19_999)
    assert last.number == 20_000 and last.effective_dealer == board_dealer(20_000)
    assert model.data(model.index(19_999, 2)) == board_vulnerability(20_000)
    assert model.next_number() == 20_001


def test_a_fixed_dealer_deals_every_board(qtbot: QtBot, window: MainWindow) -> None:
    window.apply_preset("Slam zone")
    assert window.dealer_mode() == "N"
    deal_set(qtbot, window, 4)
    assert [b.effective_dealer for b in window.boards()] == ["N"] * 4
    assert [b.effective_vulnerable for b in window.boards()] == ["None", "NS", "EW", "All"]


def test_selecting_and_stepping_through_boards(qtbot: QtBot, window: MainWindow) -> None:
    deal_set(qtbot, window, 3)
    boards = window.boards()
    window.board_list.selectRow(2)
    assert window.current_row() == 2 and window.diagram.deal() == boards[2].deal
    window.actionPrevBoard.trigger()
    assert window.diagram.deal() == boards[1].deal and window.diagram.board_number() == 2
    window.next_board()
    window.next_board()  # past the last board: the empty next board
    assert window.diagram.deal() is None and window.diagram.board_number() == 4
    assert not window.actionNextBoard.isEnabled()
    deal_one(qtbot, window)
    assert len(window.boards()) == 4 and window.boards()[3].number == 4


def test_a_fixed_seed_reproduces_a_set_and_single_boards(qtbot: QtBot, window: MainWindow) -> None:
    set_specs(window, N="hcp 12+")
    window.set_seed(20240501)
    deal_set(qtbot, window, 5)
    first = [b.deal for b in window.boards()]
    assert {b.tag("GeneratorSeed") for b in window.boards()} == {"20240501"}
    deal_set(qtbot, window, 5)
    assert [b.deal for b in window.boards()] == first
    window.go_to_row(2)
    deal_one(qtbot, window)  # board 3 alone, same seed: board 3 of the set
    assert window.boards()[2].deal == first[2]
    window.set_seed_mode("random")
    deal_set(qtbot, window, 5)
    assert [b.deal for b in window.boards()] != first
    assert window.seed() is not None and window.seed() != 20240501


def test_a_new_deal_drops_the_results_of_a_running_search(qtbot: QtBot, window: MainWindow) -> None:
    set_specs(window, **NEVER)
    wait_feedback(qtbot, window)
    with qtbot.waitSignal(window.service.progress, timeout=5000):  # searching
        window.deal_set(10)
    old_job = window.service.current_job
    set_specs(window, N="", S="", E="", W="")
    window.go_to_row(0)
    with qtbot.waitSignal(window.service.finished, timeout=5000) as blocker:
        new_job = window.deal()
    assert blocker.args[0] == new_job != old_job
    assert len(window.boards()) == 1


# -- Stop -----------------------------------------------------------------------------------------


def test_stop_ends_a_long_search_at_once(qtbot: QtBot, window: MainWindow) -> None:
    set_specs(window, **NEVER)
    wait_feedback(qtbot, window)
    assert window.actionDeal.isEnabled()
    with qtbot.waitSignal(window.service.progress, timeout=5000):
        window.deal_set(10)
    with qtbot.waitSignal(window.service.progress, timeout=5000):
        pass  # a second report: well into the search
    assert window.is_dealing() and window.actionStop.isEnabled()
    assert window.progress_bar.isVisible()
    # The window is idle at once; the thread follows within a batch (the wait is a hang guard: how fast
    # Stop is belongs to the benchmarks, not to a test on a shared machine).
    with qtbot.waitSignal(window.service.finished, timeout=5000) as blocker:
        window.actionStop.trigger()
        assert not window.is_dealing()
    assert blocker.args[1] == "cancelled"
    assert not window.is_dealing() and not window.actionStop.isEnabled()
    assert "Stopped" in window.statusBar().currentMessage()


def test_closing_the_window_stops_the_worker(qtbot: QtBot, make_window: Callable[[], MainWindow]) -> None:
    window = make_window()
    set_specs(window, **NEVER)
    with qtbot.waitSignal(window.service.progress, timeout=5000):
        window.deal_set(10)
    start = time.perf_counter()
    window.board_model.mark_saved()
    window.close()
    assert time.perf_counter() - start < 10  # a hang guard: closing must not wait for the search to end
    assert not window.isVisible()
    assert not window.service.is_dealing()


# -- feedback -------------------------------------------------------------------------------------


def test_feedback_shows_each_seats_frequency_and_the_whole_request(qtbot: QtBot, window: MainWindow) -> None:
    set_specs(window, N="hcp 15-17, balanced")
    wait_feedback(qtbot, window)
    assert window.seat_editors["N"].feedback() == "1 hand in 21 · 4.87%"
    assert window.seat_editors["S"].feedback() == ""
    assert window.feedback_summary() == "Whole deal: exactly 1 deal in 21."
    set_specs(window, S="spades 5+, hearts 5+")
    wait_feedback(qtbot, window)
    assert window.feedback_summary().startswith("Whole deal: about 1 deal in ")


def test_edits_are_debounced(qtbot: QtBot, window: MainWindow) -> None:
    window.seat_editors["W"].set_spec("hcp 20+")
    window.seat_editors["W"].changed.emit()  # as a user edit would
    assert window.feedback.timer.isActive()
    qtbot.waitUntil(lambda: window.seat_editors["W"].feedback().startswith("1 hand in"), timeout=3000)


def test_an_impossible_request_disables_deal_and_names_the_seat(qtbot: QtBot, window: MainWindow) -> None:
    set_specs(window, E="hcp 30+, shape 7600")
    qtbot.waitUntil(lambda: not window.actionDeal.isEnabled(), timeout=5000)
    assert not window.actionDealSet.isEnabled()
    assert "East" in window.seat_editors["E"].feedback()
    assert "East" in window.feedback_summary()
    assert window.deal() is None
    set_specs(window, E="")
    qtbot.waitUntil(window.actionDeal.isEnabled, timeout=5000)
    assert window.seat_editors["E"].feedback() == ""


def test_a_contradiction_across_seats_is_shown_at_the_fields(qtbot: QtBot, window: MainWindow) -> None:
    set_specs(window, N="spades 7+", S="spades 7+")
    qtbot.waitUntil(lambda: not window.actionDeal.isEnabled(), timeout=5000)
    assert "Spades" in window.feedback_summary()
    assert "spades" in window.seat_editors["N"].marked_fields()
    assert "spades" in window.seat_editors["S"].marked_fields()


def test_a_side_problem_goes_to_the_partnership_editor(qtbot: QtBot, window: MainWindow) -> None:
    set_specs(window, N="hcp 15+", S="hcp 15+", NS="hcp 20-25")
    qtbot.waitUntil(lambda: not window.actionDeal.isEnabled(), timeout=5000)
    editor = window.partnership_editors["NS"]
    assert "30" in editor.feedback()
    assert editor.marked_fields() == ["hcp"]


# -- files ----------------------------------------------------------------------------------------


def test_save_writes_a_pbn_file_that_loads_back_equal(qtbot: QtBot, window: MainWindow, tmp_path: Path) -> None:
    set_specs(window, N="hcp 15-17, balanced")
    deal_set(qtbot, window, 6)
    path = tmp_path / "set.pbn"
    assert window.save_file(path)
    assert pbn.load(path) == window.boards()
    assert not window.is_modified() and not window.windowTitle().startswith("*")
    assert window.windowTitle().startswith("set.pbn")
    assert window.board_model.data(window.board_model.index(0, 0)) == "1"
    text = path.read_text(encoding="utf-8")
    assert "Constraints: N: hcp 15-17, balanced" in text
    assert window.settings["files/recent"][0] == str(path.resolve())


def test_open_loads_a_real_pbn_file(qtbot: QtBot, window: MainWindow, pbn_samples: list[Path]) -> None:
    sample = next(p for p in pbn_samples if p.name == "endplay_example1.pbn")
    assert window.open_file(sample)
    assert window.boards() == pbn.load(sample)
    assert window.diagram.deal() == window.boards()[0].deal
    assert not window.is_modified()
    assert window.errors == []  # type: ignore[attr-defined]


def test_open_of_a_malformed_file_shows_the_error_and_keeps_the_set(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    deal_set(qtbot, window, 3)
    before = window.boards()
    bad = tmp_path / "bad.pbn"
    bad.write_text('[Event "x"]\n[Board "1"]\n[Deal "N:AKQ.AKQ.AKQ.AKQJ 2.2.2.2"]\n', encoding="utf-8")
    assert not window.open_file(bad)
    assert len(window.errors) == 1  # type: ignore[attr-defined]
    assert "line 3" in window.errors[0]  # type: ignore[attr-defined]
    assert window.boards() == before
    assert window.is_modified()


def test_closing_with_unsaved_boards_asks_first(qtbot: QtBot, window: MainWindow) -> None:
    deal_one(qtbot, window)
    asked: list[Callable[[], None]] = []
    window.confirm_unsaved_changes = asked.append  # type: ignore[method-assign]  # the user cancels
    window.close()
    qtbot.waitUntil(lambda: bool(asked))
    assert window.isVisible()
    asked[0]()  # now the user discards
    assert not window.isVisible()


# -- copy, deal numbers ---------------------------------------------------------------------------


def test_copy_puts_the_pbn_line_and_a_diagram_on_the_clipboard(qtbot: QtBot, window: MainWindow) -> None:
    deal_one(qtbot, window)
    window.actionCopy.trigger()
    text = QApplication.clipboard().text()
    deal = window.diagram.deal()
    assert deal is not None
    assert text.startswith(deal_line(deal, "N"))
    assert "Board 1" in text and "♠" in text


def test_go_to_deal_number_and_copy_it(qtbot: QtBot, window: MainWindow) -> None:
    number = 12_345_678_901_234_567_890_123_456
    window.show_deal_number(number)
    assert deal_index(window.diagram.deal()) == number  # type: ignore[arg-type]
    assert window.deal_number() == number
    window.copy_deal_number()
    assert QApplication.clipboard().text() == str(number)
    assert len(window.boards()) == 1


# -- practice mode --------------------------------------------------------------------------------


def test_practice_mode_hides_and_reveals(qtbot: QtBot, window: MainWindow) -> None:
    deal_one(qtbot, window)
    window.set_practice_seats("S")
    assert window.actionPractice.isChecked()
    assert window.diagram.visible_seats() == "S"
    assert window.diagram.hand_text("N") is None and window.diagram.hand_text("S") is not None
    assert [window.eval_panels[s].is_hidden() for s in SEATS] == [True, True, False, True]
    assert window.eval_panels["S"].values()["partnership_hcp"] == ""  # partner hidden: no partnership line
    summary = window.board_model.data(window.board_model.index(0, 3))
    assert summary.startswith("S ") and "N " not in summary
    assert "-" in window.copy_text().splitlines()[0]  # hidden hands are not copied

    assert window.actionReveal.shortcut() == QKeySequence("Space")
    window.actionReveal.trigger()
    assert window.diagram.visible_seats() == "NESW"
    # Revealing shows the hands at once; the panels follow within a few passes of the event loop.
    qtbot.waitUntil(lambda: not any(window.eval_panels[s].is_hidden() for s in SEATS), timeout=2_000)

    deal_one(qtbot, window)  # a new deal hides again
    assert window.diagram.visible_seats() == "S"

    window.set_practice_seats("NS")
    assert window.diagram.visible_seats() == "NS"
    assert window.eval_panels["S"].values()["partnership_hcp"] != ""
    window.set_practice_seats(None)
    assert window.diagram.visible_seats() == "NESW" and not window.actionReveal.isEnabled()


# -- presets and settings -------------------------------------------------------------------------


def test_presets_fill_the_editors_and_the_current_one_can_be_saved(qtbot: QtBot, window: MainWindow) -> None:
    window.apply_preset("Responder with a 5-card major opposite 1NT")
    assert window.seat_editors["N"].spec() == "hcp 15-17, balanced"
    assert window.seat_editors["S"].spec() == "shape 5=x=x=x x=5=x=x, not 5=4=x=x 4=5=x=x 5=5=x=x"
    assert window.seat_editors["E"].spec() == ""
    window.seat_editors["S"].set_spec("spades 5, hearts 0-3, hcp 0-7")
    preset = window.save_current_as_preset("Weak transfer", "Pass the transfer")
    assert preset is not None and not preset.builtin
    names = [a.text() for a in window.presets_menu.actions()]
    assert "Weak transfer" in names and "1NT opening" in names
    window.clear_constraints()
    assert window.seat_editors["S"].spec() == ""
    window.apply_preset("Weak transfer")
    assert window.seat_editors["S"].spec() == "hcp 0-7, spades 5, hearts 0-3"


def test_settings_persist_across_two_windows(
    qtbot: QtBot, make_window: Callable[[], MainWindow], settings_path: Path
) -> None:
    first = make_window()
    set_specs(first, N="hcp 20-21, balanced", EW="fit 8+ hearts")
    first.set_seed(987654321)
    first.actionFourColour.setChecked(True)
    first.constraints.dealer_combo.setCurrentIndex(first.constraints.dealer_combo.findData("S"))
    first.resize(1000, 700)  # within the offscreen screen (800 x 800 less than the window's minimum width)
    first.boards_dock.hide()
    height = first.height()
    first.close()
    assert settings_path.exists()

    second = make_window()
    assert second.seat_editors["N"].spec() == "hcp 20-21, balanced"
    assert second.partnership_editors["EW"].spec() == "fit 8+ hearts"
    assert second.seed_mode.currentData() == "fixed" and second.seed() == 987654321
    assert second.actionFourColour.isChecked() and second.diagram.four_colour()
    assert second.dealer_mode() == "S"
    assert abs(second.height() - height) <= 8  # restoreGeometry may adjust for the frame
    assert second.boards_dock.isHidden()  # the dock layout came back too


def test_a_corrupt_settings_file_gives_defaults_and_a_warning(
    make_window: Callable[[], MainWindow], settings_path: Path
) -> None:
    settings_path.parent.mkdir(parents=True)
    settings_path.write_text("{oops", encoding="utf-8")
    window = make_window()
    assert window.seat_editors["N"].spec() == ""
    assert "damaged" in window.statusBar().currentMessage()


# -- contracts --------------------------------------------------------------------------------------


def test_named_widgets_and_actions_exist_with_their_shortcuts(window: MainWindow) -> None:
    from PySide6.QtGui import QAction
    from PySide6.QtWidgets import QWidget

    for name in ["dealDiagram", "boardList"] + [f"evalPanel_{s}" for s in SEATS] + [f"seatEditor_{s}" for s in SEATS]:
        assert window.findChild(QWidget, name) is not None, name
    shortcuts = {
        "actionDeal": {"F5", "Ctrl+D"},
        "actionStop": {"Esc"},
        "actionOpen": {"Ctrl+O"},
        "actionSave": {"Ctrl+S"},
        "actionSaveAs": {"Ctrl+Shift+S"},
    }
    names = ["actionDealSet", "actionPrevBoard", "actionNextBoard", "actionCopy", "actionPractice", *shortcuts]
    for name in names:
        action = window.findChild(QAction, name)
        assert action is not None, name
        if name in shortcuts:
            keys = {k.toString() for k in action.shortcuts()}
            assert shortcuts[name] <= keys, (name, keys)


# -- dialogs --------------------------------------------------------------------------------------


# A message box fixes its own size, which the offscreen platform reports as unsupported: harmless here.
@pytest.mark.qt_log_ignore("propagateSizeHints")
def test_errors_and_questions_do_not_block_the_event_loop(qtbot: QtBot, settings_path: Path) -> None:
    from PySide6.QtWidgets import QMessageBox

    window = MainWindow(Settings.load(settings_path))
    qtbot.addWidget(window)
    window.show_error("Cannot Open File", "line 3: no")  # returns at once: the box is window-modal
    box = window.findChild(QMessageBox, "errorDialog")
    assert box is not None and box.isVisible() and "line 3" in box.text()
    box.close()
    window.show_deal_number(7)  # now there is an unsaved board
    ran: list[bool] = []
    window.confirm_unsaved_changes(lambda: ran.append(True))
    question = window.findChild(QMessageBox, "unsavedDialog")
    assert question is not None and question.isVisible() and not ran
    question.button(QMessageBox.StandardButton.Discard).click()
    assert ran == [True]
    window.board_model.mark_saved()


def test_the_small_dialogs_check_what_is_typed(qtbot: QtBot) -> None:
    from PySide6.QtWidgets import QDialogButtonBox

    from bridgegui.engine.deal_numbers import D
    from bridgegui.ui.dialogs import DealSetDialog, GoToDealNumberDialog, PracticeDialog, SavePresetDialog

    deal_set_dialog = DealSetDialog()
    qtbot.addWidget(deal_set_dialog)
    assert deal_set_dialog.count() == 16 and deal_set_dialog.first_board() == 1

    goto = GoToDealNumberDialog()
    qtbot.addWidget(goto)
    ok = goto.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Ok)
    goto._edit.setText("12,345 678")
    assert ok.isEnabled() and goto.deal_number() == 12_345_678
    goto._edit.setText(str(D))
    assert not ok.isEnabled()

    practice = PracticeDialog(visible="EW")
    qtbot.addWidget(practice)
    assert practice.visible_seats() == "EW"

    save = SavePresetDialog(existing=["Drill"])
    qtbot.addWidget(save)
    ok = save.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Ok)
    assert not ok.isEnabled()
    save._name.setText("drill")
    assert ok.isEnabled() and save.name() == "drill" and save._note.text()


# -- layout ---------------------------------------------------------------------------------------


def test_the_window_fits_a_1280_by_800_screen(window: MainWindow) -> None:
    hint = window.minimumSizeHint()
    assert hint.width() <= 1180, hint
    assert hint.height() <= 700, hint


def test_each_evaluation_panel_sits_on_the_outer_side_of_its_own_hand(qtbot: QtBot, window: MainWindow) -> None:
    window.resize(1280, 760)
    window.show_deal_number(1)
    qtbot.waitUntil(lambda: window.diagram.height() > 200)
    central = window.centralWidget()

    def box(widget: QWidget) -> QRect:
        return QRect(widget.mapTo(central, QPoint(0, 0)), widget.size())

    diagram = box(window.diagram)
    panels = {seat: box(panel) for seat, panel in window.eval_panels.items()}
    assert panels["N"].bottom() < diagram.top() and panels["S"].top() > diagram.bottom()
    assert panels["W"].right() < diagram.left() and panels["E"].left() > diagram.right()
    for seat in "WE":  # beside their hands, not in a corner
        hand = window.diagram.hand_rect(seat).translated(diagram.topLeft().toPointF())
        assert hand.top() <= panels[seat].center().y() <= hand.bottom(), seat
    for seat in "NS":  # centred over or under the diagram, where the hand is
        assert abs(panels[seat].center().x() - diagram.center().x()) < 30, seat


def test_opening_a_file_during_the_analysis_before_a_save_leaves_the_saved_file_alone(
    qtbot: QtBot, window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The analysis of set A ends after set B was opened: A's file must not receive B's boards."""
    import threading

    from bridgegui.engine import double_dummy

    release = threading.Event()

    def slow_tags(board: Board) -> dict[str, str]:
        release.wait(5)
        return {"DoubleDummyTricks": "7" * 20}

    monkeypatch.setattr(double_dummy, "available", lambda: True)
    monkeypatch.setattr(double_dummy, "board_tags", slow_tags)
    other = tmp_path / "other.pbn"
    pbn.save(other, [Board(1, parse_deal("N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"))])
    window.deal_set(3, confirm=False)
    qtbot.waitUntil(lambda: not window.is_dealing(), timeout=10_000)
    target = tmp_path / "lesson.pbn"
    window.action("actionSaveDoubleDummy").setChecked(True)
    assert window.save_file(target) is False  # the analysis runs first
    assert window.jobs.analysing()
    assert window.open_file(other, confirm=False)
    release.set()
    assert window.jobs.runner.wait_idle(5_000)
    QApplication.processEvents()  # the idle thread posted all it will (its result): deliver it, no fixed wait
    assert not target.exists(), "the old set's file was written with the newly opened set"
    assert window.document.path == other and len(window.boards()) == 1


def test_the_status_bar_figures_of_a_search_that_gives_up_are_its_messages(
    qtbot, window: MainWindow, monkeypatch
) -> None:
    """The status bar said 49,753,497 deals tried and the message 50,007,449 (s24 trial): the last
    update the status bar gets is the search's last step, the one its message counts."""
    from bridgegui.engine.dealer import planner

    monkeypatch.setattr(planner, "DEFAULT_MAX_TRIES", 3000)  # a small budget: the search gives up at once
    window.constraints_dock.set_constraints({"N": "controls 0", "S": "controls 0", "NS": "hcp 13+"}, "")
    with qtbot.waitSignal(window.jobs.failed, timeout=20_000) as failed:
        window.deal()
    tried = window.jobs.stats_label.text().split(" deals tried")[0]
    assert tried and f"found in {tried} deals tried" in failed.args[0].message
