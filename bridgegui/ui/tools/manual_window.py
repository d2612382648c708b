"""Help > Manual: the user manual, rendered from the same Markdown the README links to (``docs/manual.md``).

One source for both: the file is written once, for people reading it on the project's page and in the
window alike, and QTextBrowser renders Markdown (tables included) itself.  In an installed wheel the
file ships as ``bridgegui/docs/manual.md``; in a checkout it is read from ``docs/`` directly.
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path

from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QTextBrowser, QVBoxLayout, QWidget

MANUAL_FILE = "manual.md"


def manual_path() -> Path:
    """Where the manual is: the installed package ``bridgegui.docs``, else the checkout's ``docs/``."""
    try:
        installed = Path(str(resources.files("bridgegui.docs") / MANUAL_FILE))
    except ModuleNotFoundError:
        installed = None
    if installed is not None and installed.is_file():
        return installed
    return Path(__file__).resolve().parents[3] / "docs" / MANUAL_FILE


def manual_text() -> str:
    """The manual's Markdown."""
    return manual_path().read_text(encoding="utf-8")


class ManualWindow(QDialog):
    """The manual (``manualBrowser``), in a window of its own that stays open beside the main window."""

    def __init__(self, parent: QWidget | None) -> None:
        super().__init__(parent)
        self.setObjectName("manualWindow")
        self.setWindowTitle(self.tr("Manual"))
        self.browser = QTextBrowser(self)
        self.browser.setObjectName("manualBrowser")
        self.browser.setOpenExternalLinks(True)
        try:
            self.browser.setMarkdown(manual_text())
        except OSError as exc:  # a broken installation: say so in the window rather than fail
            self.browser.setPlainText(self.tr("The manual could not be read: {e}").format(e=exc))
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        buttons.rejected.connect(self.close)
        layout = QVBoxLayout(self)
        layout.addWidget(self.browser)
        layout.addWidget(buttons)
        # Wide enough for the shortcut table and about 80 characters a line; never beyond the screen.
        width = self.fontMetrics().averageCharWidth() * 96
        height = self.fontMetrics().lineSpacing() * 40
        screen = QGuiApplication.primaryScreen()
        if screen is not None:
            area = screen.availableGeometry()
            width, height = min(width, int(area.width() * 0.9)), min(height, int(area.height() * 0.85))
        self.resize(width, height)


__all__ = ["ManualWindow", "manual_path", "manual_text"]
