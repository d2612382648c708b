"""Screenshots of the Bidding dock's "what we know" lines and of a simulation: ``xvfb-run python -m
bridgegui.devtools.shoot_inference [FOLDER]``.

A fixed board (seed 11, South practising with the standard system) is dealt, the window waits for the
inference lines, shows the partner's HCP chart, and is grabbed; then Practice → Simulate Calls compares
the system's call with 1NT over 60 deals and the tool window is grabbed when they are solved.  Settings go to a temporary folder, so the user's are never touched.
Meant for a virtual X server (Xvfb), so the pictures are what a desktop shows.
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from pathlib import Path


def _wait(app: object, done: object, seconds: float = 120.0) -> None:
    """Process events until ``done()`` is true (no fixed sleeps: the condition decides)."""
    deadline = time.monotonic() + seconds
    while not done():  # type: ignore[operator]
        if time.monotonic() > deadline:
            raise TimeoutError("the window did not get there in time")
        app.processEvents()  # type: ignore[attr-defined]
        time.sleep(0.02)


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    folder = Path(args[0] if args else "docs")
    folder.mkdir(parents=True, exist_ok=True)
    temp = tempfile.mkdtemp(prefix="bridgegui-shots-")
    os.environ.setdefault("BRIDGEGUI_DATA_DIR", str(Path(temp) / "data"))
    from PySide6.QtGui import QAction
    from PySide6.QtWidgets import QApplication, QLabel, QLineEdit, QPushButton, QSpinBox, QTableWidget, QToolButton

    from bridgegui.settings import Settings
    from bridgegui.ui.mainwindow.window import MainWindow

    app = QApplication.instance() or QApplication(sys.argv[:1])
    window = MainWindow(Settings.load(Path(temp) / "settings.json"))
    window.confirm_unsaved_changes = lambda then: then()  # type: ignore[method-assign,assignment]
    window.resize(1280, 820)
    window.show()
    window.set_seed(11)
    window.deal()
    _wait(app, lambda: not window.is_dealing() and len(window.boards()) == 1)
    window.set_practice_seats("S")
    action = window.findChild(QAction, "bidSystem:sayc")
    assert action is not None
    action.trigger()
    title = window.findChild(QLabel, "inferenceTitle")
    assert title is not None
    _wait(app, lambda: "deals" in title.text())
    details = window.findChild(QToolButton, "inferenceDetails")
    assert details is not None
    details.click()  # the partner's HCP chart too
    app.processEvents()
    window.grab().save(str(folder / "inference.png"))
    window.action("actionSimulate").trigger()
    tool = window.tool_windows.open_windows["simulation"]
    deals = tool.findChild(QSpinBox, "simulationDeals")
    run = tool.findChild(QPushButton, "simulationRun")
    table = tool.findChild(QTableWidget, "simulationTable")
    assert deals is not None and run is not None and table is not None
    calls = tool.findChild(QLineEdit, "simulationCalls")
    assert calls is not None
    if "1NT" not in calls.text():
        calls.setText(calls.text() + ", 1NT")  # a second candidate to compare with the system's
    deals.setValue(60)
    run.click()
    _wait(app, lambda: run.isEnabled() and table.rowCount() > 0)
    app.processEvents()
    tool.grab().save(str(folder / "simulation.png"))
    window.board_model.mark_saved()
    window.close()
    print(f"wrote {folder / 'inference.png'} and {folder / 'simulation.png'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
