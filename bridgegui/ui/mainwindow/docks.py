"""The docks under the deal: the board list and, in a tab beside it, the double-dummy panel; and how the docks share the window.

The editors keep the full height on the left; the board list goes under the deal, which leaves the
deal the whole width between them.  Double dummy sits in a tab beside the board list: no width taken
from the deal, and no analysis while the tab is not on screen.
"""

from __future__ import annotations

import typing

from PySide6.QtCore import QEvent, QObject, Qt, QTimer
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QDockWidget, QMainWindow

from bridgegui.ui.widgets.board_list import BoardList
from bridgegui.ui.widgets.dd_panel import DoubleDummyPanel

if typing.TYPE_CHECKING:
    from bridgegui.ui.mainwindow.constraints_dock import ConstraintsDock


class BoardsDock(QDockWidget):
    """The board list (``boardsDock``)."""

    def __init__(self, window: QMainWindow) -> None:
        super().__init__(window.tr("Boards"), window)
        self.setObjectName("boardsDock")
        self.board_list = BoardList(window)
        self.setWidget(self.board_list)


class DoubleDummyDock(QDockWidget):
    """The double-dummy table and par (``ddDock``); it analyses only while it is on screen."""

    def __init__(self, window: QMainWindow) -> None:
        super().__init__(window.tr("Double Dummy"), window)
        self.setObjectName("ddDock")
        self.dd_panel = DoubleDummyPanel(window)
        self.setWidget(self.dd_panel)
        self.visibilityChanged.connect(self.dd_panel.set_active)


def place_docks(window: QMainWindow, constraints: ConstraintsDock, boards: BoardsDock, dd: DoubleDummyDock) -> None:
    """Put the docks where they belong and size them for the screen."""
    window.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, constraints)
    window.setCorner(Qt.Corner.BottomLeftCorner, Qt.DockWidgetArea.LeftDockWidgetArea)
    window.setCorner(Qt.Corner.TopLeftCorner, Qt.DockWidgetArea.LeftDockWidgetArea)
    window.addDockWidget(Qt.DockWidgetArea.BottomDockWidgetArea, boards)
    window.addDockWidget(Qt.DockWidgetArea.BottomDockWidgetArea, dd)
    window.tabifyDockWidget(boards, dd)
    boards.raise_()
    size_docks(window, constraints, boards)


class _FitWhenShown(QObject):
    """Calls the window's ``fit_layout`` once, after it is first shown with the default layout (sizes
    asked for before Qt lays a window out are lost)."""

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Show and watched is self.parent():
            watched.removeEventFilter(self)
            if getattr(watched, "default_layout", False):
                QTimer.singleShot(0, watched, watched.fit_layout)  # type: ignore[attr-defined]
        return False


def fit_layout_when_shown(window: QMainWindow) -> None:
    """Have ``window.fit_layout()`` run once the window is on screen (see ``_FitWhenShown``)."""
    window.installEventFilter(_FitWhenShown(window))


BOARD_ROWS_SHORT = 6
"""Board-list rows on a short window (under 900 pixels high): the deal needs the height more."""

BOARD_ROWS_TALL = 10
"""Board-list rows on a taller window."""


def size_docks(window: QMainWindow, constraints: ConstraintsDock, boards: BoardsDock) -> None:
    """Size the docks for the window as it is now: the list of boards shows ``BOARD_ROWS_SHORT`` or
    ``BOARD_ROWS_TALL`` whole rows, and on a wide screen the editors get two columns.

    Sizes asked for before the window is shown are lost when Qt lays it out (the list showed 2½ rows
    at 1280×800), so the window calls this again once it is on screen, for its default layout.
    """
    screen = QGuiApplication.primaryScreen()
    if screen is not None and screen.availableGeometry().width() >= 1600:
        # On a wide screen the editors get two columns: all four and both sides show without scrolling.
        window.resizeDocks([constraints], [constraints.two_column_width()], Qt.Orientation.Horizontal)
    table = boards.board_list
    rows = BOARD_ROWS_SHORT if window.height() < 900 else BOARD_ROWS_TALL
    rows_height = rows * table.verticalHeader().defaultSectionSize() + table.horizontalHeader().height()
    chrome = boards.height() - table.viewport().height() - table.horizontalHeader().height()
    chrome = max(chrome, 2 * table.frameWidth() + window.fontMetrics().height() + 8)  # the title and frame
    window.resizeDocks([boards], [rows_height + chrome], Qt.Orientation.Vertical)


__all__ = [
    "BOARD_ROWS_SHORT",
    "BOARD_ROWS_TALL",
    "BoardsDock",
    "DoubleDummyDock",
    "fit_layout_when_shown",
    "place_docks",
    "size_docks",
]
