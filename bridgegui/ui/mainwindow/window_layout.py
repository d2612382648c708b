"""The window's layout: the docks, how they share the window, and the state kept between sessions.

The docks under the deal: the board list and, in a tab beside it, the double-dummy panel.  The editors
keep the full height on the left; the board list goes under the deal, which leaves the deal the whole
width between them.  Double dummy sits in a tab beside the board list: no width taken from the deal,
and no analysis while the tab is not on screen.

The state between sessions (editors, seed, deck, palette, geometry and dock layout): every value is a
declared setting (``bridgegui.settings``); a value that cannot be used (an old or hand-edited file) is
dropped with a warning shown at start-up, never an error that stops the window.  This is the one part
besides the window that takes a ``QMainWindow``: what it arranges and keeps is the window's own layout.
"""

from __future__ import annotations

import typing
from typing import TYPE_CHECKING

from PySide6.QtCore import QByteArray, QEvent, QObject, QSize, Qt, QTimer
from PySide6.QtGui import QAction, QGuiApplication, QPainter
from PySide6.QtWidgets import QDockWidget, QMainWindow, QWidget

from bridgegui.settings import THEMES, Settings

if TYPE_CHECKING:  # the window's frame uses this module before the parts (and numpy) load
    from bridgegui.ui.mainwindow.constraints_dock import ConstraintsDock
    from bridgegui.ui.mainwindow.seed_bar import SeedBar


class BoardsDock(QDockWidget):
    """The board list (``boardsDock``)."""

    def __init__(self, window: QMainWindow) -> None:
        super().__init__(window.tr("Boards"), window)
        self.setObjectName("boardsDock")
        from bridgegui.ui.widgets.board_list import BoardList

        self.board_list = BoardList(window)
        self.setWidget(self.board_list)


class DoubleDummyDock(QDockWidget):
    """The double-dummy table and par (``ddDock``); it analyses only while it is on screen."""

    def __init__(self, window: QMainWindow) -> None:
        super().__init__(window.tr("Double Dummy"), window)
        self.setObjectName("ddDock")
        from bridgegui.ui.widgets.dd_panel import DoubleDummyPanel

        self.dd_panel = DoubleDummyPanel(window)
        self.setWidget(self.dd_panel)
        self.visibilityChanged.connect(self.dd_panel.set_active)


def place_docks(window: QMainWindow, constraints: ConstraintsDock, boards: BoardsDock, dd: DoubleDummyDock) -> None:
    """Put the docks where they belong and size them for the screen."""
    window.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, constraints)
    window.setCorner(Qt.Corner.BottomLeftCorner, Qt.DockWidgetArea.LeftDockWidgetArea)
    window.setCorner(Qt.Corner.TopLeftCorner, Qt.DockWidgetArea.LeftDockWidgetArea)
    # The bidding dock (right, while practising) runs down to the bottom edge beside the boards: on a
    # 1280x800 screen the boards list under it left the verdict and "what the auction shows" three
    # lines, and the boards list needs no more width than the deal above it.
    window.setCorner(Qt.Corner.BottomRightCorner, Qt.DockWidgetArea.RightDockWidgetArea)
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
    """Have ``window.fit_layout()`` run once the window is on screen (see ``_FitWhenShown``); at the next
    pass of the event loop when it already is (its frame was shown before the parts were built)."""
    if window.isVisible():
        if getattr(window, "default_layout", False):
            QTimer.singleShot(0, window, window.fit_layout)  # type: ignore[attr-defined]
        return
    window.installEventFilter(_FitWhenShown(window))


class _BuildWhenPainted(QObject):
    """Says "Starting…" on the window's frame and builds the window once the frame has painted."""

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Paint and watched is self.parent():
            window = typing.cast(QMainWindow, watched)
            painter = QPainter(window)
            painter.setPen(window.palette().placeholderText().color())
            painter.drawText(window.rect(), Qt.AlignmentFlag.AlignCenter, window.tr("Starting…"))
            painter.end()
            window.removeEventFilter(self)
            QTimer.singleShot(0, window, window.build)  # type: ignore[attr-defined]  # after this paint shows
        return False


def build_after_first_paint(window: QMainWindow, patience_ms: int) -> None:
    """Have ``window.build()`` run once its frame has painted: the window is on screen as soon as Qt is
    loaded, and numpy, the engine and the parts load behind it.  A frame that never paints (started
    minimised) is built after ``patience_ms`` all the same (``build`` runs once)."""
    window.installEventFilter(_BuildWhenPainted(window))
    QTimer.singleShot(patience_ms, window, window.build)  # type: ignore[attr-defined]


def show_parts_now(window: QMainWindow) -> None:
    """Show the parts just added to a shown window now, as Qt would at the next pass of the event loop
    (each not hidden on purpose): the stored layout is restored onto them, and a window closed at once
    stores them as shown, not as the hidden docks they still were."""
    for child in window.findChildren(QWidget, options=Qt.FindChildOption.FindDirectChildrenOnly):
        hidden_on_purpose = child.testAttribute(Qt.WidgetAttribute.WA_WState_ExplicitShowHide) and child.isHidden()
        if not child.isWindow() and not hidden_on_purpose:
            child.show()


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


def keep_on_screen(window: QMainWindow, size_before: QSize) -> None:
    """Take back what a change of layout added to the window's size beyond its screen's available area
    (never below ``size_before``, the size before the change, nor below its minimum), then move it back
    inside; a window the user made larger than the screen, maximised or full screen is left as it is.

    Why: docks and status-bar widgets appearing together (leaving practice mode brings back the
    constraints, the deals tried and the deal number) can ask for more width than the window has, and a
    window grown past the screen's edge stayed so, the bidding box's right-hand column out of reach.
    """
    screen = window.screen()
    grew = window.width() > size_before.width() or window.height() > size_before.height()
    if screen is None or not grew or window.isMaximized() or window.isFullScreen() or not window.isVisible():
        return
    area = screen.availableGeometry()
    frame = window.frameGeometry()
    border_width, border_height = frame.width() - window.width(), frame.height() - window.height()
    width = min(window.width(), max(size_before.width(), window.minimumWidth(), area.width() - border_width))
    height = min(window.height(), max(size_before.height(), window.minimumHeight(), area.height() - border_height))
    if (width, height) != (window.width(), window.height()):
        window.resize(width, height)
        frame = window.frameGeometry()
    x = max(area.left(), min(frame.left(), area.right() + 1 - frame.width()))
    y = max(area.top(), min(frame.top(), area.bottom() + 1 - frame.height()))
    if (x, y) != (frame.left(), frame.top()):
        window.move(x, y)


# --------------------------------------------------------------------------------------------------
# the state between sessions


def restore_window_state(
    window: QMainWindow,
    settings: Settings,
    dock: ConstraintsDock,
    seed_bar: SeedBar,
    four_colour: QAction,
    theme_actions: dict[str, QAction],
    warnings: list[str],
) -> bool:
    """Put the window as the settings say (or at a sensible default size on the primary screen).

    Returns True when no stored dock layout was used (the docks are then sized once shown); what could
    not be used is appended to ``warnings``.
    """
    s = settings
    problems = dock.restore_settings(s)
    if problems:
        warnings.append(window.tr("Saved constraints were dropped: {p}").format(p="; ".join(problems)))
    seed_bar.restore_settings(s)
    four_colour.setChecked(s["deck/four_colour"])
    theme = s["appearance/theme"] if s["appearance/theme"] in THEMES else "system"
    theme_actions[theme].setChecked(True)
    restore_geometry(window, settings, warnings)
    state = _stored_bytes(window, settings, "window/state", warnings)
    if not state.isEmpty() and not window.restoreState(state):
        s.reset("window/state")  # Qt refused it (another version's layout): the default layout stays
        return True
    return state.isEmpty()


def restore_geometry(window: QMainWindow, settings: Settings, warnings: list[str]) -> None:
    """The window's stored size and place (or the default): before the first paint, so the frame shown
    while the parts load is already where the window will be."""
    geometry = _stored_bytes(window, settings, "window/geometry", warnings)
    if geometry.isEmpty() or not window.restoreGeometry(geometry):
        default_geometry(window)


def _stored_bytes(window: QMainWindow, settings: Settings, key: str, warnings: list[str]) -> QByteArray:
    """A stored base64 setting as bytes; text that is not base64 (a hand-edited file) is dropped with a warning.

    The settings already refuse such text when they load; this keeps the window starting whatever
    ``settings`` holds.
    """
    text = settings[key]
    try:
        return QByteArray.fromBase64(text.encode("ascii"))
    except UnicodeEncodeError:
        settings.reset(key)
        warnings.append(window.tr("The saved window layout could not be read; it was reset."))
        return QByteArray()


def default_geometry(window: QMainWindow) -> None:
    """Most of the primary screen, centred: never narrower than the layout needs, never wider than the screen."""
    screen = QGuiApplication.primaryScreen()
    if screen is None:
        window.resize(1280, 800)
        return
    area = screen.availableGeometry()
    hint = window.minimumSizeHint()
    width = min(area.width(), max(min(1600, int(area.width() * 0.94)), hint.width()))
    height = min(area.height(), max(min(1000, int(area.height() * 0.92)), hint.height()))
    window.resize(width, height)
    window.move(area.left() + (area.width() - width) // 2, area.top() + (area.height() - height) // 2)


def store_window_state(
    window: QMainWindow,
    settings: Settings,
    dock: ConstraintsDock,
    seed_bar: SeedBar,
    four_colour: QAction,
    practice_seats: str | None,
) -> None:
    """Copy the window's state into ``settings`` (closing the window also writes the file)."""
    s = settings
    s["window/geometry"] = bytes(window.saveGeometry().toBase64().data()).decode("ascii")
    s["window/state"] = bytes(window.saveState().toBase64().data()).decode("ascii")
    dock.store_settings(s)
    seed_bar.store_settings(s)
    s["deck/four_colour"] = four_colour.isChecked()
    if practice_seats:
        s["practice/visible"] = practice_seats


__all__ = [
    "BOARD_ROWS_SHORT",
    "BOARD_ROWS_TALL",
    "BoardsDock",
    "DoubleDummyDock",
    "build_after_first_paint",
    "default_geometry",
    "fit_layout_when_shown",
    "keep_on_screen",
    "place_docks",
    "restore_geometry",
    "restore_window_state",
    "show_parts_now",
    "size_docks",
    "store_window_state",
]
