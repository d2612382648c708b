"""Where ``MainWindow`` used to live: kept so that ``from bridgegui.ui.main_window import MainWindow`` still works.

The window is the package ``bridgegui.ui.mainwindow`` (``window.py`` assembles one module per concern).
"""

from bridgegui.ui.mainwindow.window import MainWindow

__all__ = ["MainWindow"]
