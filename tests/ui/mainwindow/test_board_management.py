"""Board management: delete, insert dealt or blank, move, renumber, several boards at once; all undoable.

The actions are the same ``QAction`` s in the Edit menu and in the board list's context menu, enabled by
their declared predicates.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QAbstractItemView, QInputDialog
from pytestqt.qtbot import QtBot

from bridgegui.engine.boards import Board
from bridgegui.ui.mainwindow import action_table
from bridgegui.ui.mainwindow.window import MainWindow
from tests.ui.window_steps import deal_set


def numbers(window: MainWindow) -> list[int | None]:
    return [b.number for b in window.boards()]


def undo_text(window: MainWindow) -> str:
    return window.action("actionUndo").text().replace("&", "")


def select(window: MainWindow, *rows: int) -> None:
    window.board_list.select_rows(rows)
    window.refresh()


def test_the_edit_menu_and_the_context_menu_hold_the_same_actions(window: MainWindow) -> None:
    edit = [a.objectName() for a in window.menus["editMenu"].actions() if not a.isSeparator()]
    context = [a.objectName() for a in window.board_list.context_menu.actions() if not a.isSeparator()]
    assert set(context) <= set(edit)
    for name in ("actionDeleteBoards", "actionInsertDealtBoard", "actionInsertBlankBoard"):
        assert name in context
    for name in ("actionMoveBoardsUp", "actionMoveBoardsDown", "actionRenumberBoards", "actionUndo", "actionRedo"):
        assert name in context
    assert [n for n in action_table.BOARD_LIST_MENU if n != "-"] == context
    assert window.board_list.selectionMode() == QAbstractItemView.SelectionMode.ExtendedSelection


def test_delete_several_boards_and_undo_puts_them_back(qtbot: QtBot, window: MainWindow) -> None:
    deal_set(qtbot, window, 5)
    before = window.boards()
    select(window, 1, 3)
    assert window.action("actionDeleteBoards").isEnabled()
    window.action("actionDeleteBoards").trigger()
    assert numbers(window) == [1, 3, 5]
    assert undo_text(window) == "Undo Delete 2 Boards"
    window.undo.undo()
    assert window.boards() == before
    assert window.board_list.selected_rows() == [1, 3]
    window.undo.redo()
    assert numbers(window) == [1, 3, 5]


def test_moving_boards_up_and_down_keeps_them_together(qtbot: QtBot, window: MainWindow) -> None:
    deal_set(qtbot, window, 4)
    select(window, 0)
    assert not window.action("actionMoveBoardsUp").isEnabled()
    select(window, 1, 2)
    assert window.action("actionMoveBoardsUp").isEnabled() and window.action("actionMoveBoardsDown").isEnabled()
    window.action("actionMoveBoardsUp").trigger()
    assert numbers(window) == [2, 3, 1, 4]
    assert window.board_list.selected_rows() == [0, 1]
    assert undo_text(window) == "Undo Move 2 Boards Up"
    window.action("actionMoveBoardsDown").trigger()
    window.action("actionMoveBoardsDown").trigger()
    assert numbers(window) == [1, 4, 2, 3]
    assert not window.action("actionMoveBoardsDown").isEnabled()
    window.undo.undo()
    window.undo.undo()
    window.undo.undo()
    assert numbers(window) == [1, 2, 3, 4]


def test_insert_a_blank_board_and_a_dealt_one(qtbot: QtBot, window: MainWindow) -> None:
    deal_set(qtbot, window, 3)
    select(window, 1)
    window.action("actionInsertBlankBoard").trigger()
    assert numbers(window) == [1, 4, 2, 3]
    assert window.boards()[1].deal is None
    assert undo_text(window) == "Undo Insert Blank Board 4"
    window.seat_editors["S"].set_spec("hcp 20+")
    window.feedback.update_now()
    select(window, 0)
    with qtbot.waitSignal(window.service.finished, timeout=10_000):
        window.action("actionInsertDealtBoard").trigger()
    assert numbers(window) == [5, 1, 4, 2, 3]
    inserted = window.boards()[0]
    assert inserted.deal is not None and inserted.deal.hand("S").hcp >= 20
    assert window.current_row() == 0 and window.diagram.deal() == inserted.deal
    assert undo_text(window) == "Undo Insert Board 5"
    window.undo.undo()
    window.undo.undo()
    assert numbers(window) == [1, 2, 3]


def test_renumber_from_n_follows_law_2_and_is_undone(qtbot: QtBot, window: MainWindow) -> None:
    deal_set(qtbot, window, 3)
    before = window.boards()
    window.board_commands.renumber(5)
    after = window.boards()
    assert numbers(window) == [5, 6, 7]
    assert [b.effective_dealer for b in after] == ["N", "E", "S"]  # boards 5, 6, 7 under Law 2
    assert [b.effective_vulnerable for b in after] == ["NS", "EW", "All"]
    assert [b.deal for b in after] == [b.deal for b in before]
    assert undo_text(window) == "Undo Renumber Boards from 5"
    window.undo.undo()
    assert window.boards() == before


def test_renumbering_gives_a_labelled_board_a_number(qtbot: QtBot, window: MainWindow) -> None:
    window.board_model.set_boards([Board(None, None, tags=(("Board", "1-1"),)), Board(None, None)])
    window.board_commands.renumber(1)
    assert numbers(window) == [1, 2]


def test_board_actions_wait_while_a_job_runs() -> None:
    """Boards arriving from a running job would land among moved rows: the actions wait for it."""
    idle = action_table.ActionState(
        can_deal=True,
        running=False,
        analysing=False,
        row=1,
        count=3,
        has_deal=True,
        has_complete_deal=True,
        practising=False,
        selected=(1,),
    )
    busy = action_table.ActionState(**{**{f: getattr(idle, f) for f in idle.__slots__}, "running": True})
    specs = {spec.name: spec for spec in action_table.ACTIONS}
    for name in ("actionDeleteBoards", "actionMoveBoardsUp", "actionMoveBoardsDown", "actionRenumberBoards"):
        assert specs[name].enabled is not None
        assert specs[name].enabled(idle) and not specs[name].enabled(busy)


def test_a_scenario_column_appears_for_sets_with_scenarios(window: MainWindow) -> None:
    model = window.board_model
    assert model.columnCount() == 4
    window.board_model.set_boards([Board(1, None, tags=(("Scenario", "1NT opening"),)), Board(2, None)])
    assert model.columnCount() == 5
    assert model.headerData(4, Qt.Orientation.Horizontal) == "Scenario"
    assert model.data(model.index(0, 4)) == "1NT opening"
    assert model.data(model.index(1, 4)) == ""


@pytest.mark.qt_log_ignore("propagateSizeHints")  # the offscreen platform's note about any dialog
def test_the_renumber_dialog_asks_for_the_first_number(qtbot: QtBot, window: MainWindow) -> None:
    deal_set(qtbot, window, 2)
    window.action("actionRenumberBoards").trigger()
    dialog = window.findChild(QInputDialog, "renumberDialog")
    assert dialog is not None and dialog.isVisible()
    dialog.setIntValue(9)
    dialog.accept()
    assert numbers(window) == [9, 10]


def test_re_dealing_a_mixed_sets_board_says_what_it_was_dealt_to(qtbot: QtBot, window: MainWindow) -> None:
    # A mixed set's board re-dealt with F5 is dealt to the editors' constraints, not to its scenario: the
    # status bar said only "Dealt board 1." while the board silently lost its scenario.
    from bridgegui.engine.cards import Deal
    from bridgegui.engine.dealing import deal_batch

    deal = Deal.from_masks(deal_batch(1, seed=4)[0].tolist())
    window.document.replace_set([Board(1, deal, tags=(("Scenario", "Weak two (2♥)"),))], "set: Weak two (2♥) 1")
    window.go_to_row(0)
    with qtbot.waitSignal(window.service.finished, timeout=20_000):
        window.deal()
    message = window.statusBar().currentMessage()
    assert "constraints in the editors" in message and "Weak two (2♥)" in message
    assert window.board_model.board(0).tag("Scenario") is None
