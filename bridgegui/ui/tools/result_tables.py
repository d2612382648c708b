"""Small read-only result tables and number texts, shared by the audit and the Shuffle Lab windows."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QTableWidget, QTableWidgetItem, QWidget

RIGHT = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
"""Numbers are right-aligned."""


def percent_text(fraction: float) -> str:
    """``12.93%``; tiny exact odds read ``<0.01%`` rather than a string of zeros."""
    if fraction == 0:
        return "0%"
    if fraction < 0.0001:
        return "<0.01%"
    return f"{100 * fraction:.2f}%"


def p_value_text(p: float) -> str:
    """A p-value as people read it: two significant digits, scientific notation below 0.001."""
    if p <= 0:
        return "<1e-300"  # the normal and chi-square tails underflow only far beyond any doubt
    if p < 0.001:
        return f"{p:.1e}"
    return f"{p:.2g}"


def results_table(parent: QWidget, headers: Sequence[str], rows: int, *, object_name: str) -> QTableWidget:
    """A compact read-only table: first column text, the others numbers (right-aligned)."""
    table = QTableWidget(rows, len(headers), parent)
    table.setObjectName(object_name)
    table.setHorizontalHeaderLabels(list(headers))
    table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    table.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
    table.setFocusPolicy(Qt.FocusPolicy.NoFocus)
    table.setAlternatingRowColors(True)
    table.setWordWrap(False)
    table.verticalHeader().hide()
    table.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
    table.verticalHeader().setDefaultSectionSize(table.fontMetrics().height() + 6)
    header = table.horizontalHeader()
    header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
    header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
    for row in range(rows):
        for column in range(len(headers)):
            item = QTableWidgetItem("")
            if column:
                item.setTextAlignment(RIGHT)
            table.setItem(row, column, item)
    return table


def set_row(table: QTableWidget, row: int, texts: Sequence[str], *, bold: Sequence[int] = ()) -> None:
    """Write one row's texts into the table's existing items (bold for the given columns)."""
    for column, text in enumerate(texts):
        item = table.item(row, column)
        if item is None:  # rows are made with their items; create one if a caller grew the table
            item = QTableWidgetItem()
            table.setItem(row, column, item)
        item.setText(text)
        font = item.font()
        font.setBold(column in bold)
        item.setFont(font)


def fit_to_screen(widget: QWidget, width: int, height: int) -> None:
    """Resize to ``width`` x ``height``, or less on a small screen (a 1366 x 768 laptop keeps its taskbar)."""
    screen = widget.screen() or QGuiApplication.primaryScreen()
    if screen is not None:
        available = screen.availableGeometry()
        width = min(width, int(available.width() * 0.95))
        height = min(height, int(available.height() * 0.92))
    widget.resize(max(width, widget.minimumSizeHint().width()), max(height, widget.minimumSizeHint().height()))


def fit_table_width(table: QTableWidget, *, sample: str = "100.00%") -> None:
    """Give a table the minimum width of its columns, so a narrow window scrolls rather than elides.

    Numeric columns are sized for ``sample`` (their widest value) since they may still be empty.
    """
    header = table.horizontalHeader()
    metrics = table.fontMetrics()
    width = 2 * table.frameWidth() + table.verticalScrollBar().sizeHint().width() + 4
    for column in range(table.columnCount()):
        content = table.sizeHintForColumn(column)
        if column:
            content = max(content, metrics.horizontalAdvance(sample) + 12)
        width += max(header.sectionSizeHint(column), content)
    table.setMinimumWidth(width)


def fit_table_height(table: QTableWidget) -> None:
    """Fix a short table's height to its rows, so a layout neither clips nor pads it."""
    height = table.horizontalHeader().sizeHint().height() + 2 * table.frameWidth()
    height += table.verticalHeader().defaultSectionSize() * table.rowCount()
    table.setFixedHeight(height)
    table.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)


__all__ = [
    "RIGHT",
    "fit_table_height",
    "fit_table_width",
    "fit_to_screen",
    "p_value_text",
    "percent_text",
    "results_table",
    "set_row",
]
