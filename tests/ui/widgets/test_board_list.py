"""The board list's model on its own: rows, columns, unsaved marks, boards made on demand, data roles."""

from __future__ import annotations

import numpy as np
import pytest
from PySide6.QtCore import QModelIndex, Qt
from PySide6.QtGui import QFont

from bridgegui import engine
from bridgegui.engine.boards import Board
from bridgegui.engine.cards import Deal, Hand, parse_deal
from bridgegui.ui.widgets.board_list import (
    DEALER,
    NUMBER,
    SUMMARY,
    VULNERABLE,
    BoardList,
    BoardListModel,
    DealtBlock,
    board_summary,
    hand_summary,
)

DISPLAY = Qt.ItemDataRole.DisplayRole
TOOLTIP = Qt.ItemDataRole.ToolTipRole


def dealt(count: int, first: int = 1, seed: int = 5) -> list[Board]:
    deals = engine.deals_from_batch(engine.deal_batch(count, seed=seed))
    return [Board(first + i, deal) for i, deal in enumerate(deals)]


def text(model: BoardListModel, row: int, column: int, role: Qt.ItemDataRole = DISPLAY) -> object:
    return model.data(model.index(row, column), role)


@pytest.fixture
def model(qapp) -> BoardListModel:
    return BoardListModel()


def test_an_empty_model(model: BoardListModel) -> None:
    assert model.rowCount() == 0
    assert model.columnCount() == 4
    assert model.boards() == []
    assert model.next_number() == 1
    assert not model.any_unsaved()
    assert model.data(model.index(0, 0)) is None


def test_rows_and_columns(model: BoardListModel) -> None:
    boards = dealt(4)
    model.set_boards(boards)
    assert model.rowCount() == 4
    assert model.boards() == boards
    assert model.board(2) == boards[2]
    # Law 2: boards 1-4 are dealt by N, E, S, W with None, NS, EW, All vulnerable.
    assert [text(model, r, NUMBER) for r in range(4)] == ["1", "2", "3", "4"]
    assert [text(model, r, DEALER) for r in range(4)] == ["N", "E", "S", "W"]
    assert [text(model, r, VULNERABLE) for r in range(4)] == ["None", "NS", "EW", "All"]
    assert text(model, 0, SUMMARY) == board_summary(boards[0])
    assert model.next_number() == 5


def test_a_child_index_has_no_rows(model: BoardListModel) -> None:
    model.set_boards(dealt(2))
    parent = model.index(0, 0)
    assert model.rowCount(parent) == 0
    assert model.columnCount(parent) == 0


def test_unsaved_marks(model: BoardListModel) -> None:
    model.set_boards(dealt(2))
    assert not model.any_unsaved()
    assert text(model, 0, NUMBER, TOOLTIP) is None
    model.append_boards(dealt(1, first=3))
    assert model.any_unsaved()
    assert text(model, 2, NUMBER) == "3 *"
    assert text(model, 2, NUMBER, TOOLTIP) == "Not saved yet"
    font = text(model, 2, NUMBER, Qt.ItemDataRole.FontRole)
    assert isinstance(font, QFont) and font.italic()
    assert text(model, 0, NUMBER, Qt.ItemDataRole.FontRole) is None
    model.mark_saved()
    assert not model.any_unsaved()
    assert text(model, 2, NUMBER) == "3"
    model.set_boards(dealt(1), unsaved=True)  # a set that was never saved (e.g. recovered)
    assert model.any_unsaved()


def test_appending_inserts_rows(model: BoardListModel, qtbot) -> None:
    model.set_boards(dealt(2))
    with qtbot.waitSignal(model.rowsInserted, timeout=1000) as blocker:
        model.append_boards(dealt(3, first=3))
    assert blocker.args[1:] == [2, 4]
    assert model.rowCount() == 5
    with qtbot.assertNotEmitted(model.rowsInserted):
        model.append_boards([])
    assert model.next_number() == 6


def test_dealt_blocks_make_boards_only_when_asked(model: BoardListModel, qtbot) -> None:
    batch = engine.deal_batch(1000, seed=11)
    block = DealtBlock(batch, first_number=1, dealer="S", tags=(("Event", "Club night"),))
    with qtbot.waitSignal(model.rowsInserted, timeout=1000):
        model.append_dealt(block)
    assert model.rowCount() == 1000
    assert model.next_number() == 1001
    assert model.any_unsaved()
    assert sum(isinstance(b, Board) for b in model._boards) == 0  # nothing made yet
    board = model.board(999)
    assert board.number == 1000 and board.effective_dealer == "S"
    assert board.tag("Event") == "Club night"
    assert board.deal == Deal.from_masks(batch[999].tolist())
    assert sum(isinstance(b, Board) for b in model._boards) == 1
    assert text(model, 500, NUMBER) == "501 *"
    # A second block after some plain boards: rows find their block.
    model.append_boards(dealt(1, first=1001))
    model.append_dealt(DealtBlock(engine.deal_batch(3, seed=12), 1002, None, ()))
    assert model.board(1003).number == 1004
    assert model.board(1001).deal is not None
    assert [b.number for b in model.boards()[-4:]] == [1001, 1002, 1003, 1004]
    model.append_dealt(DealtBlock(np.zeros((0, 4), dtype=np.uint64), 2000, None, ()))
    assert model.rowCount() == 1004


def test_replacing_a_board(model: BoardListModel, qtbot) -> None:
    boards = dealt(3)
    model.set_boards(boards)
    summary_before = text(model, 1, SUMMARY)
    new = Board(2, dealt(1, seed=99)[0].deal)
    with qtbot.waitSignal(model.dataChanged, timeout=1000) as blocker:
        model.replace_board(1, new)
    top_left, bottom_right = blocker.args[:2]
    assert (top_left.row(), top_left.column(), bottom_right.row(), bottom_right.column()) == (1, 0, 1, SUMMARY)
    assert model.board(1) == new
    assert text(model, 1, NUMBER) == "2 *"
    assert text(model, 1, SUMMARY) != summary_before  # the cached summary was dropped
    model.replace_board(0, Board(40, boards[0].deal), unsaved=False)
    assert text(model, 0, NUMBER) == "40"
    assert model.next_number() == 41


def test_a_board_without_a_deal_or_number(model: BoardListModel) -> None:
    model.set_boards([Board(None, None, tags=(("Board", "1-1"),)), Board(None, None)])
    assert text(model, 0, NUMBER) == "1-1"
    assert text(model, 1, NUMBER) == "—"
    assert text(model, 0, SUMMARY) == "(no deal)"
    assert text(model, 0, DEALER) == ""
    assert model.next_number() == 1


def test_summaries_hide_the_seats_practice_mode_hides(model: BoardListModel, qtbot) -> None:
    (board,) = dealt(1)
    model.set_boards([board])
    assert text(model, 0, SUMMARY).count("HCP") == 4
    with qtbot.waitSignal(model.dataChanged, timeout=1000):
        model.set_visible_seats("S")
    shown = text(model, 0, SUMMARY)
    assert shown.startswith("S ") and shown.count("HCP") == 1
    assert text(model, 0, SUMMARY, TOOLTIP) == shown
    with qtbot.assertNotEmitted(model.dataChanged):
        model.set_visible_seats("S")
    model.set_visible_seats("NS")
    assert text(model, 0, SUMMARY, TOOLTIP).split("\n")[0].startswith("N ")


def test_alignment_and_headers(model: BoardListModel) -> None:
    model.set_boards(dealt(1))
    centre = int(Qt.AlignmentFlag.AlignCenter)
    for column in (NUMBER, DEALER, VULNERABLE):
        assert text(model, 0, column, Qt.ItemDataRole.TextAlignmentRole) == centre
    assert text(model, 0, SUMMARY, Qt.ItemDataRole.TextAlignmentRole) is None
    horizontal = Qt.Orientation.Horizontal
    assert [model.headerData(c, horizontal) for c in range(4)] == ["Board", "Dealer", "Vul", "Hands"]
    assert "*" in model.headerData(NUMBER, horizontal, TOOLTIP)
    assert model.headerData(0, Qt.Orientation.Vertical) is None
    assert model.data(QModelIndex()) is None


def test_the_model_passes_qts_model_tester(model: BoardListModel, qtmodeltester) -> None:
    model.set_boards(dealt(5))
    model.append_dealt(DealtBlock(engine.deal_batch(5, seed=3), 6, None, ()))
    qtmodeltester.check(model)


def test_hand_summary_is_points_and_lengths_in_suit_order() -> None:
    hand = Hand.from_pbn("AKQJ.T98.765.432")
    assert hand_summary(hand) == "10 HCP 4=3=3=3"
    board = Board(1, parse_deal("N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"))
    assert board_summary(board, "NS") == "N 10 HCP 4=3=3=3 · S 10 HCP 3=3=4=3"
    assert board_summary(board, "E", hcp_word="PH") == "E 10 PH 3=3=3=4"
    assert board_summary(Board(1, None)) == ""


def test_the_view_selects_rows_quietly(qtbot) -> None:
    view = BoardList()
    qtbot.addWidget(view)
    view.board_model().set_boards(dealt(3))
    with qtbot.assertNotEmitted(view.board_selected):
        view.select_row(1)
    assert view.currentIndex().row() == 1
    with qtbot.waitSignal(view.board_selected, timeout=1000) as blocker:
        view.setCurrentIndex(view.board_model().index(2, 0))
    assert blocker.args == [2]
    view.select_row(None)
    assert not view.selectionModel().hasSelection()


def test_several_boards_stay_selected_while_the_window_follows_the_current_one(qtbot) -> None:
    view = BoardList()
    qtbot.addWidget(view)
    view.board_model().set_boards(dealt(5))
    view.select_rows([1, 3])
    assert view.selected_rows() == [1, 3]
    view.select_row(3)  # the window shows board 4: the selection of two stays
    assert view.selected_rows() == [1, 3]
    view.select_row(0)  # a board outside the selection: it alone is selected
    assert view.selected_rows() == [0]


def test_rows_are_deleted_put_back_moved_and_renumbered(model: BoardListModel) -> None:
    boards = dealt(5)
    model.set_boards(boards)
    model.mark_saved()
    removed = model.remove_rows([3, 1])
    assert [b.number for b in model.boards()] == [1, 3, 5] and model.next_number() == 6
    model.put_back(removed)
    assert model.boards() == boards and not model.any_unsaved()
    assert model.move_rows([0, 1], 1) == [1, 2]
    assert [b.number for b in model.boards()] == [3, 1, 2, 4, 5]
    assert model.move_rows([4], 1) == [4]  # past the end: nothing moves
    snapshot = model.snapshot()
    model.renumber(10)
    assert [b.number for b in model.boards()] == [10, 11, 12, 13, 14] and model.any_unsaved()
    assert model.board(0).deal == boards[2].deal
    model.restore(snapshot)
    assert [b.number for b in model.boards()] == [3, 1, 2, 4, 5]


def test_pending_rows_can_be_deleted_and_moved_without_being_made(model: BoardListModel) -> None:
    batch = engine.deal_batch(50, seed=3)
    model.append_dealt(DealtBlock(batch, first_number=1, dealer=None, tags=(("Scenario", "Stayman"),)))
    assert model.columnCount() == 5  # the block's boards name a scenario
    model.remove_rows(range(10, 20))
    model.move_rows([0], 1)
    assert sum(isinstance(b, Board) for b in model._boards) == 0
    assert model.rowCount() == 40 and model.next_number() == 51
    assert model.board(0).number == 2 and model.board(1).deal == Deal.from_masks(batch[0].tolist())
    assert model.number_at(39) == 50


def test_the_selection_bounds_are_read_from_the_ranges(qtbot) -> None:
    view = BoardList()
    qtbot.addWidget(view)
    assert view.selection_bounds() is None
    view.board_model().set_boards(dealt(6))
    view.select_rows([4, 1, 2])
    assert view.selection_bounds() == (1, 4)
    view.select_row(5)
    assert view.selection_bounds() == (5, 5)
