"""``bridgegui set.pbn`` (or a file manager's "Open with") opens the file in the window."""

from __future__ import annotations

from pathlib import Path

from bridgegui import __main__ as entry
from bridgegui.engine import deal_batch, deals_from_batch
from bridgegui.engine.boards import Board
from bridgegui.formats import pbn


def test_a_pbn_file_given_on_the_command_line_is_opened(qtbot, tmp_path: Path) -> None:
    path = tmp_path / "club night.pbn"
    pbn.save(path, [Board(i + 1, d) for i, d in enumerate(deals_from_batch(deal_batch(3, seed=8)))])
    window = entry.open_window(["bridgegui", "-style", "Fusion", str(path)])
    qtbot.addWidget(window)
    assert window.board_model.rowCount() == 3
    assert "club night" in window.windowTitle()
    window.close()


def test_without_a_file_the_window_starts_empty(qtbot) -> None:
    window = entry.open_window(["bridgegui"])
    qtbot.addWidget(window)
    assert window.diagram.deal() is None
    window.close()
