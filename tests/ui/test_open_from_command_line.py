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


def _boards(count: int) -> list[Board]:
    return [Board(i + 1, d) for i, d in enumerate(deals_from_batch(deal_batch(count, seed=8)))]


@pytest.mark.parametrize("extension", [".lin", ".dup", ".csv"])
def test_every_format_open_reads_is_opened_from_the_command_line(qtbot, tmp_path: Path, extension: str) -> None:
    """``bridgegui set.lin`` opened an empty Untitled window without a word: only ``.pbn`` arguments were
    opened (s24 trial, shot 35).  Every format File > Open reads opens, through the same path."""
    from bridgegui.formats import registry

    path = tmp_path / f"club night{extension}"
    registry.dump(registry.for_path(path) or "pbn", _boards(3), path)
    window = entry.open_window(["bridgegui", "-style", "Fusion", str(path)])
    qtbot.addWidget(window)
    qtbot.waitUntil(lambda: window.built)
    assert window.last_error is None
    assert window.board_model.rowCount() == 3
    assert "club night" in window.windowTitle()
    window.close()


@pytest.mark.parametrize("name", ["missing.pbn", "a folder", "notes.txt", "set.xyz"])
def test_a_file_argument_that_cannot_be_opened_says_what_open_says(qtbot, tmp_path: Path, name: str) -> None:
    """A missing file, a folder, a format that cannot be read back and an unknown extension whose contents
    are not a board set: the window starts empty and says why, in the very words File > Open uses."""
    path = tmp_path / name
    if name == "a folder":
        path.mkdir()
    elif name != "missing.pbn":
        path.write_text("North: AKQ\n", encoding="utf-8")
    window = entry.open_window(["bridgegui", str(path)])
    qtbot.addWidget(window)
    qtbot.waitUntil(lambda: window.built)
    assert window.board_model.rowCount() == 0 and "Untitled" in window.windowTitle()
    from_command_line = window.last_error
    assert from_command_line and name in from_command_line
    window.last_error = None
    assert not window.open_file(path, confirm=False)  # what File > Open shows for the same file
    assert window.last_error == from_command_line
    window.close()


def test_the_files_among_the_arguments_leave_qt_options_and_their_values_out() -> None:
    args = ["bridgegui", "-style", "Fusion", "--platform=offscreen", "-reverse", "set.lin", "-qwindowtitle", "T"]
    assert entry.file_arguments([*args, "b.dup"]) == ["set.lin", "b.dup"]
    assert entry.file_arguments(["bridgegui", "--", "-odd name.pbn"]) == ["-odd name.pbn"]
