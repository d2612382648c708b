"""The main window's state between sessions: editors, seed, deck, palette, geometry and dock layout.

Every value is a declared setting (``bridgegui.settings``); a value that cannot be used (an old or
hand-edited file) is dropped with a warning shown at start-up, never an error that stops the window.
"""

from __future__ import annotations

import typing

from PySide6.QtCore import QByteArray
from PySide6.QtGui import QGuiApplication

from bridgegui.settings import THEMES

if typing.TYPE_CHECKING:
    from bridgegui.ui.mainwindow.window import MainWindow


def restore_window_state(window: MainWindow) -> None:
    """Put the window as the settings say (or at a sensible default size on the primary screen)."""
    s = window.settings
    problems = window.constraints_dock.restore_settings(s)
    if problems:
        window.startup_warnings.append(window.tr("Saved constraints were dropped: {p}").format(p="; ".join(problems)))
    window.seed_bar.restore_settings(s)
    window.action("actionFourColour").setChecked(s["deck/four_colour"])
    window.set_four_colour(s["deck/four_colour"])
    theme = s["appearance/theme"] if s["appearance/theme"] in THEMES else "system"
    window.theme_actions[theme].setChecked(True)
    geometry = _stored_bytes(window, "window/geometry")
    if geometry.isEmpty() or not window.restoreGeometry(geometry):
        default_geometry(window)
    state = _stored_bytes(window, "window/state")
    window.default_layout = state.isEmpty()
    if not state.isEmpty() and not window.restoreState(state):
        s.reset("window/state")  # Qt refused it (another version's layout): the default layout stays
        window.default_layout = True


def _stored_bytes(window: MainWindow, key: str) -> QByteArray:
    """A stored base64 setting as bytes; text that is not base64 (a hand-edited file) is dropped with a warning.

    The settings already refuse such text when they load; this keeps the window starting whatever
    ``window.settings`` holds.
    """
    text = window.settings[key]
    try:
        return QByteArray.fromBase64(text.encode("ascii"))
    except UnicodeEncodeError:
        window.settings.reset(key)
        window.startup_warnings.append(window.tr("The saved window layout could not be read; it was reset."))
        return QByteArray()


def default_geometry(window: MainWindow) -> None:
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


def store_window_state(window: MainWindow) -> None:
    """Copy the window's state into ``window.settings`` (closing the window also writes the file)."""
    s = window.settings
    s["window/geometry"] = bytes(window.saveGeometry().toBase64().data()).decode("ascii")
    s["window/state"] = bytes(window.saveState().toBase64().data()).decode("ascii")
    window.constraints_dock.store_settings(s)
    window.seed_bar.store_settings(s)
    s["deck/four_colour"] = window.action("actionFourColour").isChecked()
    if window.practice.seats:
        s["practice/visible"] = window.practice.seats


__all__ = ["default_geometry", "restore_window_state", "store_window_state"]
