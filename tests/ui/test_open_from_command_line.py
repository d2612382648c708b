"""``bridgegui set.pbn`` (or a file manager's "Open with") opens the file in the window."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication

from bridgegui import __main__ as entry
from bridgegui.engine import deal_batch, deals_from_batch
from bridgegui.engine.boards import Board
from bridgegui.formats import pbn
from bridgegui.ui.main_window import MainWindow


def test_a_pbn_file_given_on_the_command_line_is_opened(qtbot, tmp_path: Path) -> None:
    path = tmp_path / "club night.pbn"
    pbn.save(path, [Board(i + 1, d) for i, d in enumerate(deals_from_batch(deal_batch(3, seed=8)))])
    seen: dict[str, object] = {}

    def inspect_and_quit() -> None:
        for widget in QApplication.topLevelWidgets():
            if isinstance(widget, MainWindow):
                seen["boards"] = widget.board_model.rowCount()
                seen["title"] = widget.windowTitle()
                widget.close()
        QApplication.instance().quit()

    QTimer.singleShot(300, inspect_and_quit)
    assert entry.main(["bridgegui", str(path)]) == 0
    assert seen["boards"] == 3
    assert "club night" in str(seen["title"])
