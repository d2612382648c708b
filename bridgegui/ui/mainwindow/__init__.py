"""The main window, assembled from one module per concern (``window.py`` builds and connects the parts)."""

from bridgegui.ui.mainwindow.window import MainWindow

__all__ = ["MainWindow"]
