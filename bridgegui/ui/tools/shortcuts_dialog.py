"""Help > Keyboard Shortcuts: every key the window answers to, made from the actions' declarations.

The main window hands it ``actions.shortcut_rows()`` (the same data the window's shortcuts are made from), so
the list cannot fall behind a changed key; the bidding box's typed calls, which are not actions, end it.
"""

from __future__ import annotations

from collections.abc import Sequence

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


class KeyboardShortcutsDialog(QDialog):
    """The shortcuts in a two-column table (``shortcutsTable``): the keys, and what they do."""

    def __init__(self, parent: QWidget | None, shortcuts: Sequence[tuple[str, Sequence[QKeySequence]]]) -> None:
        super().__init__(parent)
        self.setObjectName("keyboardShortcutsDialog")
        self.setWindowTitle(self.tr("Keyboard Shortcuts"))
        rows = [
            (", ".join(k.toString(QKeySequence.SequenceFormat.NativeText) for k in keys), text)
            for text, keys in shortcuts
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
