"""The window always starts: damaged settings and preset files, and stored values no parser expected.

Each case writes the bad file where the window looks for it, builds ``MainWindow(Settings.load(path))``
as the program does, and checks that the window starts, says what it did on the status line, and
keeps every value that was good.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtGui import QAction
from pytestqt.qtbot import QtBot

from bridgegui.presets import Preset, save_user_preset, user_presets_dir
from bridgegui.settings import Settings
from bridgegui.ui.mainwindow.window import MainWindow

MakeWindow = Callable[[], MainWindow]

GOOD = {"constraints/S": "spades 5+", "deal_set/count": 24, "deck/four_colour": True}


def _status(window: MainWindow) -> str:
    return window.statusBar().currentMessage()


UNREADABLE = {
    "latin-1": b'{"constraints/N": "caf\xe9"}',
    "utf-16": json.dumps({"constraints/N": "hcp 10+"}).encode("utf-16"),
    "deep": b"[" * 100_000 + b"]" * 100_000,
}


@pytest.mark.parametrize("content", UNREADABLE.values(), ids=UNREADABLE.keys())
def test_a_settings_file_that_cannot_be_read_is_set_aside(
    make_window: MakeWindow, settings_path: Path, content: bytes
) -> None:
    settings_path.parent.mkdir(parents=True)
    settings_path.write_bytes(content)
    window = make_window()
    assert "damaged" in _status(window) and "settings.json.corrupt" in _status(window)
    assert (settings_path.parent / "settings.json.corrupt").read_bytes() == content
    assert window.settings["deal_set/count"] == 16
    assert window.seat_editors["N"].spec() == ""


def test_a_non_ascii_geometry_is_dropped_alone(make_window: MakeWindow, settings_path: Path) -> None:
    settings_path.parent.mkdir(parents=True)
    settings_path.write_text(json.dumps(GOOD | {"window/geometry": "AdnQy\u00e9wADAAA="}), encoding="utf-8")
    window = make_window()
    assert "window/geometry" in _status(window)
    assert window.seat_editors["S"].spec() == "spades 5+"
    assert window.settings["deal_set/count"] == 24 and window.settings["deck/four_colour"] is True
    assert window.width() > 0 and settings_path.exists()


def test_a_layout_that_slipped_past_the_settings_is_dropped_too(qtbot: QtBot, settings_path: Path) -> None:
    settings = Settings.load(settings_path)
    settings._values["window/geometry"] = "é"  # as if the declarations had not checked it
    window = MainWindow(settings)
    qtbot.addWidget(window)
    assert "layout" in _status(window)
    assert window.settings["window/geometry"] != "é"


def _explode_on(monkeypatch: pytest.MonkeyPatch, marker: str, error: BaseException) -> None:
    """Make compiling any condition containing ``marker`` raise ``error`` (a parser failing unexpectedly)."""
    from bridgegui.engine.script import request as script_request
    from bridgegui.ui.widgets import condition_editor

    real = script_request.compile_condition

    def compile_condition(text: str) -> object:
        if marker in text:
            raise error
        return real(text)

    monkeypatch.setattr(condition_editor, "compile_condition", compile_condition)
    monkeypatch.setattr(script_request, "compile_condition", compile_condition)


@pytest.mark.parametrize(
    "error", [RecursionError("maximum recursion depth exceeded"), OverflowError("int too large"), KeyError("x")]
)
def test_a_stored_condition_that_fails_to_compile_in_any_way_is_dropped_alone(
    make_window: MakeWindow, settings_path: Path, monkeypatch: pytest.MonkeyPatch, error: BaseException
) -> None:
    _explode_on(monkeypatch, "controls(north)", error)
    settings_path.parent.mkdir(parents=True)
    settings_path.write_text(json.dumps(GOOD | {"constraints/advanced": "controls(north) >= 5"}), encoding="utf-8")
    window = make_window()
    assert "advanced condition" in _status(window) and str(error) in _status(window)
    assert window.seat_editors["S"].spec() == "spades 5+" and window.settings["deal_set/count"] == 24
    # Cleared, or kept with its error under the editor: either way the window runs and the request says so.
    assert window.advanced_condition() == "" or window.condition_editor.error() is not None


def test_a_stored_spec_that_fails_in_any_way_is_dropped_alone(
    make_window: MakeWindow, settings_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from bridgegui.ui.widgets import seat_editor

    real = seat_editor.parse_seat_spec

    def parse_seat_spec(text: str) -> object:
        if "hearts" in text:
            raise OverflowError("Python int too large to convert to C long")
        return real(text)

    monkeypatch.setattr(seat_editor, "parse_seat_spec", parse_seat_spec)
    settings_path.parent.mkdir(parents=True)
    settings_path.write_text(json.dumps(GOOD | {"constraints/N": "hearts 5+"}), encoding="utf-8")
    window = make_window()
    assert "North" in _status(window) and "OverflowError" in _status(window)
    assert window.seat_editors["N"].spec() == "" and window.seat_editors["S"].spec() == "spades 5+"


@pytest.mark.parametrize(
    "condition",
    ["(" * 70 + "hcp(north) > 3" + ")" * 70, "(" * 5000 + "1" + ")" * 5000, "-(4611686018427387904*2) > 0"],
    ids=["nested-70", "nested-5000", "overflow"],
)
def test_hostile_stored_conditions_never_stop_the_window(
    make_window: MakeWindow, settings_path: Path, condition: str
) -> None:
    settings_path.parent.mkdir(parents=True)
    settings_path.write_text(json.dumps(GOOD | {"constraints/advanced": condition}), encoding="utf-8")
    window = make_window()
    assert window.seat_editors["S"].spec() == "spades 5+"
    if window.advanced_condition() != condition.strip():
        assert "advanced condition" in _status(window)


# -- user presets ----------------------------------------------------------------------------------


def _write_preset(name: str, content: bytes) -> Path:
    folder = user_presets_dir()
    folder.mkdir(parents=True, exist_ok=True)
    (folder / name).write_bytes(content)
    return folder / name


@pytest.mark.parametrize(
    "content",
    [b'{"name": "Caf\xe9"}', b'{"name": "x", "specs": ' + b"[" * 100_000 + b"]" * 100_000 + b"}"],
    ids=["latin-1", "deep"],
)
def test_a_user_preset_that_cannot_be_read_is_set_aside(
    make_window: MakeWindow, settings_path: Path, content: bytes
) -> None:
    save_user_preset(Preset("Good drill", {"S": "spades 5+"}))
    bad = _write_preset("bad.json", content)
    window = make_window()
    assert "preset" in _status(window) and "bad.json" in _status(window)
    assert bad.with_name("bad.json.corrupt").read_bytes() == content
    assert window.findChild(QAction, "preset:Good drill") is not None


def test_a_user_preset_whose_condition_fails_in_any_way_is_reported(
    make_window: MakeWindow, settings_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    save_user_preset(Preset("Good drill", {"S": "spades 5+"}))
    _explode_on(monkeypatch, "controls(north)", RecursionError("maximum recursion depth exceeded"))
    _write_preset("x.json", json.dumps({"name": "X", "advanced": "controls(north) >= 5"}).encode())
    window = make_window()
    assert "x.json" in _status(window) and "maximum recursion depth" in _status(window)
    assert window.findChild(QAction, "preset:Good drill") is not None
    assert window.findChild(QAction, "preset:X") is None


# -- saving presets: unique files, and never replacing one without asking --------------------------


def test_presets_whose_names_share_a_slug_are_both_kept(window: MainWindow) -> None:
    window.seat_editors["N"].set_spec("spades 6")
    assert window.save_current_as_preset("2♠ opening") is not None
    window.seat_editors["N"].set_spec("hearts 6")
    assert window.save_current_as_preset("2♥ opening") is not None
    mine = {p.name: p.specs["N"] for p in window.presets() if not p.builtin}
    assert mine == {"2♠ opening": "spades 6", "2♥ opening": "hearts 6"}
    assert window.findChild(QAction, "preset:2♠ opening") is not None
    assert window.findChild(QAction, "preset:2♥ opening") is not None


def test_saving_under_an_existing_name_asks_before_replacing(window: MainWindow) -> None:
    asked: list[str] = []
    answer = {"yes": False}

    def confirm_replace(name: str, then: Callable[[], object]) -> None:
        asked.append(name)
        if answer["yes"]:
            then()

    window.presets_controller.confirm_replace = confirm_replace  # type: ignore[method-assign]
    window.seat_editors["N"].set_spec("hcp 15-17")
    assert window.save_current_as_preset("Drill") is not None and asked == []
    window.seat_editors["N"].set_spec("hcp 20-21")
    assert window.save_current_as_preset("drill") is None  # "No": nothing changes
    assert asked == ["drill"]
    assert [(p.name, p.specs["N"]) for p in window.presets() if not p.builtin] == [("Drill", "hcp 15-17")]
    answer["yes"] = True
    saved = window.save_current_as_preset("Drill")
    assert saved is not None and asked == ["drill", "Drill"]
    assert [(p.name, p.specs["N"]) for p in window.presets() if not p.builtin] == [("Drill", "hcp 20-21")]
    assert len(list(user_presets_dir().glob("*.json"))) == 1
    assert window.errors == []  # type: ignore[attr-defined]


@pytest.mark.qt_log_ignore("propagateSizeHints")  # the offscreen platform's note about any dialog
def test_the_replace_question_is_a_window_modal_box_that_cancels_by_default(qtbot: QtBot, window: MainWindow) -> None:
    from PySide6.QtWidgets import QMessageBox

    window.save_current_as_preset("Drill")
    window.seat_editors["N"].set_spec("hcp 20-21")
    assert window.save_current_as_preset("Drill") is None
    box = window.findChild(QMessageBox, "replacePresetDialog")
    assert box is not None and "Drill" in box.text()
    assert box.defaultButton() is box.button(QMessageBox.StandardButton.Cancel)
    box.button(QMessageBox.StandardButton.Yes).click()
    qtbot.waitUntil(lambda: any(p.specs["N"] == "hcp 20-21" for p in window.presets() if not p.builtin))


def test_applying_a_preset_that_fails_in_any_way_is_an_error_message(
    window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    from bridgegui.ui.widgets import seat_editor

    real = seat_editor.parse_seat_spec

    def parse_seat_spec(text: str) -> object:
        if "hearts" in text:
            raise RecursionError("maximum recursion depth exceeded")
        return real(text)

    monkeypatch.setattr(seat_editor, "parse_seat_spec", parse_seat_spec)
    window.apply_preset(Preset("Odd", {"N": "hearts 5+"}))
    assert window.errors and "Odd" in window.errors[0] and "RecursionError" in window.errors[0]  # type: ignore[attr-defined]


def test_a_preset_folder_that_cannot_be_listed_does_not_stop_the_window(
    make_window: MakeWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    real = Path.iterdir

    def iterdir(self: Path) -> object:
        if self == user_presets_dir():
            raise PermissionError(13, "Permission denied", str(self))
        return real(self)

    monkeypatch.setattr(Path, "iterdir", iterdir)
    window = make_window()
    assert "Permission denied" in _status(window)
    assert any(p.builtin for p in window.presets())
    assert window.save_current_as_preset("Drill") is None
    assert window.errors and "Permission denied" in window.errors[0]  # type: ignore[attr-defined]


def test_every_startup_warning_is_shown_not_only_the_last(qtbot, settings_path, monkeypatch) -> None:
    """Several problems at start-up all reach the status line (each used to replace the one before)."""
    import json

    from bridgegui.settings import Settings
    from bridgegui.ui.mainwindow.window import MainWindow

    settings_path.parent.mkdir(parents=True, exist_ok=True)
    settings_path.write_text(
        json.dumps({"constraints/N": "hcp lots", "constraints/S": "spades many", "seed/mode": "sometimes"}),
        encoding="utf-8",
    )
    window = MainWindow(Settings.load(settings_path))
    qtbot.addWidget(window)
    message = window.statusBar().currentMessage()
    assert len(window.startup_warnings) >= 2
    assert all(warning in message for warning in window.startup_warnings)
    window.board_model.mark_saved()
    window.close()
