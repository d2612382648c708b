"""Choosing a system file in Deal for an Auction runs the checker first: its problems (``file:line``) are
shown in ``systemCheckDialog``, and the file is used only when the user continues."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QDialog, QListWidget, QPushButton
from pytestqt.qtbot import QtBot

from bridgegui.ui.mainwindow import auction_target
from bridgegui.ui.mainwindow.auction_target import DealForAuctionDialog

pytestmark = pytest.mark.qt_log_ignore("propagateSizeHints")  # the offscreen platform's note about any dialog

SHADOWED = """version: 2
system: Shadowed
after P*
  1NT hcp 15-17, balanced
  1C  hcp 15-17, balanced, clubs 4+ -- never: 1NT takes these hands first.
  1S  spades 5+
  P
"""

CLEAN = """version: 2
system: Clean
after P*
  1NT hcp 15-17, balanced
  P
"""


def _choose(qtbot: QtBot, monkeypatch: pytest.MonkeyPatch, path: Path) -> DealForAuctionDialog:
    dialog = DealForAuctionDialog(None)
    qtbot.addWidget(dialog)
    dialog.show()
    monkeypatch.setattr(auction_target.QFileDialog, "getOpenFileName", lambda *_a, **_k: (str(path), ""))
    combo = dialog.findChild(QComboBox, "systemCombo")
    assert combo is not None
    other = combo.count() - 1
    combo.setCurrentIndex(other)
    combo.activated.emit(other)
    return dialog


def _problems_dialog(qtbot: QtBot, dialog: DealForAuctionDialog) -> QDialog:
    qtbot.waitUntil(lambda: dialog.findChild(QDialog, "systemCheckDialog") is not None, timeout=60_000)
    found = dialog.findChild(QDialog, "systemCheckDialog")
    assert found is not None
    return found


def test_a_shadowed_rule_is_shown_with_its_line_and_cancel_leaves_the_file_unused(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    path = tmp_path / "shadowed.system"
    path.write_text(SHADOWED, encoding="utf-8")
    dialog = _choose(qtbot, monkeypatch, path)
    problems = _problems_dialog(qtbot, dialog)
    listing = problems.findChild(QListWidget, "systemProblems")
    assert listing is not None
    lines = [listing.item(i).text() for i in range(listing.count())]
    assert any(
        line.startswith("shadowed.system:5: 1♣ is never chosen: the 1NT rule at shadowed.system:4") for line in lines
    )
    with qtbot.waitSignal(dialog.file_check.decided, timeout=5_000) as decided:  # type: ignore[union-attr]
        problems.reject()
    assert decided.args == [False]
    combo = dialog.findChild(QComboBox, "systemCombo")
    assert combo is not None and combo.findData(str(path)) == -1


def test_continuing_uses_the_file(qtbot: QtBot, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    path = tmp_path / "shadowed.system"
    path.write_text(SHADOWED, encoding="utf-8")
    dialog = _choose(qtbot, monkeypatch, path)
    problems = _problems_dialog(qtbot, dialog)
    use = problems.findChild(QPushButton, "useSystemButton")
    assert use is not None
    qtbot.mouseClick(use, Qt.MouseButton.LeftButton)
    combo = dialog.findChild(QComboBox, "systemCombo")
    assert combo is not None
    qtbot.waitUntil(lambda: combo.currentData() == str(path), timeout=5_000)


def test_a_file_without_problems_is_used_at_once(qtbot: QtBot, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    path = tmp_path / "clean.system"
    path.write_text(CLEAN, encoding="utf-8")
    dialog = _choose(qtbot, monkeypatch, path)
    combo = dialog.findChild(QComboBox, "systemCombo")
    assert combo is not None
    qtbot.waitUntil(lambda: combo.currentData() == str(path), timeout=60_000)
    assert dialog.findChild(QDialog, "systemCheckDialog") is None


def test_bid_with_a_system_file_is_checked_first_then_practised(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch, tmp_path: Path, window
) -> None:
    """Practice > Bid with a System > System File…: the checker's problems come first; continuing
    practises with the file, and the menu shows the file's entry checked."""
    from PySide6.QtWidgets import QFileDialog, QMenu

    path = tmp_path / "shadowed.system"
    path.write_text(SHADOWED, encoding="utf-8")
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *_a, **_k: (str(path), ""))
    menu = window.findChild(QMenu, "biddingSystemMenu")
    assert menu is not None
    entry = next(a for a in menu.actions() if a.objectName() == "bidSystem:file")
    entry.trigger()
    qtbot.waitUntil(lambda: window.findChild(QDialog, "systemCheckDialog") is not None, timeout=60_000)
    problems = window.findChild(QDialog, "systemCheckDialog")
    use = problems.findChild(QPushButton, "useSystemButton")
    assert use is not None
    qtbot.mouseClick(use, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: window.bidding.system_name == str(path), timeout=5_000)
    assert window.bidding.system is not None and window.bidding.system.name == "Shadowed"
    assert entry.isChecked()
