"""``bridgegui set.pbn`` (or a file manager's "Open with") opens the file in the window."""

from __future__ import annotations

from pathlib import Path

import pytest

from bridgegui import __main__ as entry
from bridgegui.engine import deal_batch, deals_from_batch
from bridgegui.engine.boards import Board
from bridgegui.formats import pbn

# The offscreen platform notes every change of a shown window's size limits: the parts fill the frame.
pytestmark = pytest.mark.qt_log_ignore("propagateSizeHints")


def test_a_pbn_file_given_on_the_command_line_is_opened(qtbot, tmp_path: Path) -> None:
    path = tmp_path / "club night.pbn"
    pbn.save(path, [Board(i + 1, d) for i, d in enumerate(deals_from_batch(deal_batch(3, seed=8)))])
    window = entry.open_window(["bridgegui", "-style", "Fusion", str(path)])
    qtbot.addWidget(window)
    qtbot.waitUntil(lambda: window.built)  # the file opens once the parts are built
    assert window.board_model.rowCount() == 3
    assert "club night" in window.windowTitle()
    window.close()


def test_without_a_file_the_window_starts_empty(qtbot) -> None:
    window = entry.open_window(["bridgegui"])
    qtbot.addWidget(window)
    qtbot.waitUntil(lambda: window.built)
    assert window.diagram.deal() is None
    window.close()


def test_the_frame_paints_before_the_parts_load(qtbot) -> None:
    """``bridgegui`` shows its frame as soon as Qt is loaded and builds the parts after it has painted:
    the window module itself loads neither numpy nor the engine, and the window is built in the event
    loop after the first paint, not in the constructor."""
    import subprocess
    import sys

    loaded = subprocess.run(
        [sys.executable, "-c", "import sys, bridgegui.ui.mainwindow.window; print('numpy' in sys.modules)"],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    assert loaded.stdout.strip() == "False"
    window = entry.open_window(["bridgegui"])
    qtbot.addWidget(window)
    assert window.isVisible() and not window.built and window.windowTitle()
    with qtbot.waitSignal(window.parts_built, timeout=20_000):
        pass
    # Built and shown at once (a window closed now stores its docks as shown), practice's dock still hidden.
    assert window.built and window.diagram.isVisible() and window.boards_dock.isVisible()
    assert window.constraints_dock.isVisible() and not window.bidding.dock.isVisible()
    window.close()


def test_closing_the_frame_before_it_is_built_closes_it_for_good(qtbot) -> None:
    window = entry.open_window(["bridgegui"])
    qtbot.addWidget(window)
    assert window.close() and not window.isVisible()
    qtbot.wait(400)  # longer than the frame's patience: no build may follow a close
    assert not window.built
