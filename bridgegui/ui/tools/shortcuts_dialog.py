"""Help > Keyboard Shortcuts: every key the window answers to, made from the actions' declarations.

The main window hands it ``actions.shortcut_rows()`` (the same data the window's shortcuts are made from), so
the list cannot fall behind a changed key; the bidding box's typed calls, which are not actions, end it.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

_PLAIN_KEYS = frozenset(
    {Qt.Key.Key_Escape, Qt.Key.Key_Delete, Qt.Key.Key_Space, Qt.Key.Key_Backspace}
    | {Qt.Key(Qt.Key.Key_F1.value + n) for n in range(12)}
)
"""Keys listed without a modifier; others alone (Open, Save, Undo, F14 on some keyboards) are the
dedicated keys few keyboards have, left out of the list so it reads as what to press."""


def typable(key: QKeySequence) -> bool:
    """Whether ``key`` is one a student finds on an ordinary keyboard (a modifier, or a plain key above)."""
    if key.isEmpty():
        return False
    combination = key[0]  # type: ignore[index]  # QKeySequence.operator[] (the stubs lack __getitem__)
    return combination.keyboardModifiers() != Qt.KeyboardModifier.NoModifier or combination.key() in _PLAIN_KEYS


class KeyboardShortcutsDialog(QDialog):
    """The shortcuts in a two-column table (``shortcutsTable``): the keys, and what they do."""

    def __init__(self, parent: QWidget | None, shortcuts: Sequence[tuple[str, Sequence[QKeySequence]]]) -> None:
        super().__init__(parent)
        self.setObjectName("keyboardShortcutsDialog")
        self.setWindowTitle(self.tr("Keyboard Shortcuts"))
        rows = [
            (", ".join(k.toString(QKeySequence.SequenceFormat.NativeText) for k in keys if typable(k)), text)
            for text, keys in shortcuts
            if any(typable(k) for k in keys)
        ]
        rows.append(
            (
                self.tr("1n, 2c, p, x, xx, then Enter"),
                self.tr("A call in the bidding box (Backspace edits, Esc clears)"),
            )
        )
        self.table = QTableWidget(len(rows), 2, self)
        self.table.setObjectName("shortcutsTable")
        self.table.setHorizontalHeaderLabels([self.tr("Keys"), self.tr("What they do")])
        self.table.verticalHeader().hide()
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        for row, (keys, text) in enumerate(rows):
            self.table.setItem(row, 0, QTableWidgetItem(keys))
            self.table.setItem(row, 1, QTableWidgetItem(text))
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        buttons.rejected.connect(self.close)
        layout = QVBoxLayout(self)
        layout.addWidget(self.table)
        layout.addWidget(buttons)
        metrics = self.fontMetrics()
        self.resize(metrics.averageCharWidth() * 80, metrics.lineSpacing() * min(len(rows) + 6, 34))


__all__ = ["KeyboardShortcutsDialog"]
