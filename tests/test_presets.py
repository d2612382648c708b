"""Presets: the shipped ones all load and can be dealt; user presets save, reload and survive bad files."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from bridgegui.engine.dealer.planner import plan_request
from bridgegui.presets import (
    Preset,
    PresetError,
    PresetExistsError,
    builtin_presets,
    delete_user_preset,
    file_name_for,
    save_user_preset,
    user_presets,
)

REQUIRED = (
    "1NT opening",
    "2NT opening",
    "Strong 2♣ opening",
    "Weak two (2♥)",
    "1-of-a-major opening (1♥)",
    "Preempt at the three level",
    "Responder with a 5-card major opposite 1NT",
    "Opponent's overcall",
)


def test_the_shipped_presets_include_the_required_ones() -> None:
    names = {p.name for p in builtin_presets()}
    assert set(REQUIRED) <= names


# Read unchecked here (checking loads the bidding systems: seconds at collection); the test checks each.
@pytest.mark.parametrize("preset", builtin_presets(check=False), ids=lambda p: p.name)
def test_each_shipped_preset_plans_and_says_what_it_practises(preset: Preset) -> None:
    assert preset.builtin and preset.description
    assert preset.dealer in ("board", "N", "E", "S", "W")
    plan_request(preset.request())  # raises if the specs contradict each other


def test_a_user_preset_round_trips(tmp_path: Path) -> None:
    preset = Preset("My 1NT", {"N": "hcp 15-17, balanced", "NS": "fit 8+"}, dealer="N", description="mine")
    path = save_user_preset(preset, tmp_path)
    assert path.name == "my-1nt.json"
    loaded, problems = user_presets(tmp_path)
    assert problems == []
    assert [(p.name, p.specs, p.dealer, p.description, p.builtin) for p in loaded] == [
        ("My 1NT", preset.specs, "N", "mine", False)
    ]
    delete_user_preset(loaded[0])
    assert user_presets(tmp_path) == ([], [])


def test_a_failed_save_keeps_the_old_preset(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Saving goes through ``bridgegui.files.atomic_write``: the old file stays whole, no temporary file is left."""
    path = save_user_preset(Preset("Drill", {"S": "spades 5+"}), tmp_path)
    before = path.read_bytes()

    def full_disk(*args: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", full_disk)
    with pytest.raises(OSError, match="No space"):
        save_user_preset(Preset("Drill", {"S": "hearts 5+"}), tmp_path, replace=True)
    monkeypatch.undo()
    assert path.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == [path.name]


def test_saving_under_the_same_name_replaces_only_when_told(tmp_path: Path) -> None:
    path = save_user_preset(Preset("Drill", {"S": "spades 5+"}), tmp_path)
    with pytest.raises(PresetExistsError, match="Drill"):
        save_user_preset(Preset("Drill", {"S": "hearts 5+"}), tmp_path)
    assert user_presets(tmp_path)[0][0].specs["S"] == "spades 5+"
    assert save_user_preset(Preset("Drill", {"S": "hearts 5+"}), tmp_path, replace=True) == path
    loaded, _ = user_presets(tmp_path)
    assert len(loaded) == 1 and loaded[0].specs["S"] == "hearts 5+"


def test_a_broken_user_file_is_reported_by_name_and_the_others_still_load(tmp_path: Path) -> None:
    save_user_preset(Preset("Good", {"W": "hcp 10+"}), tmp_path)
    (tmp_path / "bad.json").write_text('{"name": "Bad", "specs": {"N": "hcp 20-10"}}', encoding="utf-8")
    (tmp_path / "worse.json").write_text("{", encoding="utf-8")
    loaded, problems = user_presets(tmp_path)
    assert [p.name for p in loaded] == ["Good"]
    assert len(problems) == 2
    assert any("bad.json" in p and "North" in p for p in problems)


def test_invalid_presets_are_refused() -> None:
    with pytest.raises(PresetError):
        Preset("x", {"Q": "hcp 1"})
    with pytest.raises(PresetError):
        Preset("x", dealer="north")
    with pytest.raises(PresetError):
        Preset("  ")
    with pytest.raises(PresetError, match="North"):
        Preset.from_json('{"name": "x", "specs": {"N": "hcp banana"}}', source="x.json")


def test_file_names_are_portable() -> None:
    assert file_name_for("Strong 2♣ / Game force!") == "strong-2-game-force.json"
    assert file_name_for("♣♣") == "preset.json"


def test_a_preset_keeps_an_advanced_condition(tmp_path):
    from bridgegui.presets import Preset, save_user_preset, user_presets

    preset = Preset("Fit hunt", {"N": "hcp 12+"}, advanced="spades(north) + spades(south) >= 8")
    save_user_preset(preset, tmp_path)
    (loaded,), problems = user_presets(tmp_path)
    assert problems == []
    assert loaded.advanced == preset.advanced
    assert loaded.request().condition is not None


def test_a_preset_with_a_broken_advanced_condition_is_reported(tmp_path):
    import json

    from bridgegui.presets import user_presets

    (tmp_path / "bad.json").write_text(json.dumps({"name": "Bad", "advanced": "hcpp(north) > 3"}))
    presets, problems = user_presets(tmp_path)
    assert presets == [] and "bad.json" in problems[0] and "hcpp" in problems[0]


def test_a_preset_whose_condition_contradicts_its_seats_is_refused_as_the_window_refuses_it():
    """North ``hcp 20+`` with ``hcp(north) < 10``: each possible alone; the command line's preset:NAME
    would search in vain, so the preset is refused at once, by the window's check."""
    from bridgegui.presets import Preset, PresetError

    with pytest.raises(PresetError, match="contradicts North's constraints"):
        Preset("Hopeless", {"N": "hcp 20+"}, advanced="hcp(north) < 10").request()
    assert Preset("Strong", {"N": "hcp 20+"}, advanced="hcp(north) >= 22").request().condition is not None


# -- names that collide, files that cannot be read -------------------------------------


@pytest.mark.parametrize(
    "names", [("2♠ opening", "2♥ opening"), ("Ouverture à 1SA", "Ouverture 1SA")], ids=["suits", "accents"]
)
def test_names_that_share_a_slug_get_their_own_files(tmp_path: Path, names: tuple[str, str]) -> None:
    first = save_user_preset(Preset(names[0], {"N": "spades 6"}), tmp_path)
    second = save_user_preset(Preset(names[1], {"N": "hearts 6"}), tmp_path)
    assert first != second
    loaded, problems = user_presets(tmp_path)
    assert problems == []
    assert {(p.name, p.path) for p in loaded} == {(names[0], str(first)), (names[1], str(second))}


def test_a_file_from_an_older_version_keeps_loading_and_is_found_by_its_inner_name(tmp_path: Path) -> None:
    old = tmp_path / "2-opening.json"
    old.write_text(Preset("2♠ opening", {"N": "spades 6"}).to_json(), encoding="utf-8")
    other = save_user_preset(Preset("2♥ opening", {"N": "hearts 6"}), tmp_path)
    assert other.name == "2-opening-2.json"
    assert Preset.from_json(old.read_text(encoding="utf-8"), source="old").specs["N"] == "spades 6"
    with pytest.raises(PresetExistsError):
        save_user_preset(Preset("2♠ opening", {"N": "spades 7"}), tmp_path)
    assert save_user_preset(Preset("2♠ opening", {"N": "spades 7"}), tmp_path, replace=True) == old
    loaded, _ = user_presets(tmp_path)
    assert sorted((p.name, p.specs["N"]) for p in loaded) == [("2♠ opening", "spades 7"), ("2♥ opening", "hearts 6")]


def test_a_name_differing_only_in_case_or_normal_form_is_the_same_preset(tmp_path: Path) -> None:
    save_user_preset(Preset("Ouverture à 1SA", {"N": "hcp 15-17"}), tmp_path)
    with pytest.raises(PresetExistsError):
        save_user_preset(Preset("OUVERTURE A\u0300 1SA", {"N": "hcp 16-18"}), tmp_path)


def test_a_file_in_the_way_is_never_replaced(tmp_path: Path) -> None:
    (tmp_path / "drill.json").write_bytes(b"\xff not mine")
    path = save_user_preset(Preset("Drill", {"S": "spades 5+"}), tmp_path)
    assert path.name == "drill-2.json"


def test_a_very_long_name_still_makes_a_valid_file_name(tmp_path: Path) -> None:
    path = save_user_preset(Preset("Opening " * 40, {"S": "spades 5+"}), tmp_path)
    assert len(path.name.encode()) < 100
    assert user_presets(tmp_path)[0][0].name == "Opening " * 40


UNREADABLE = {
    "latin-1": '{"name": "Caf\xe9"}'.encode("latin-1"),
    "utf-16": '{"name": "Drill"}'.encode("utf-16"),
    "deep": b'{"name": "x", "specs": ' + b"[" * 100_000 + b"]" * 100_000 + b"}",
    "broken": b"{",
}


@pytest.mark.parametrize("content", UNREADABLE.values(), ids=UNREADABLE.keys())
def test_an_unreadable_user_preset_is_set_aside_and_the_others_load(tmp_path: Path, content: bytes) -> None:
    save_user_preset(Preset("Good", {"W": "hcp 10+"}), tmp_path)
    (tmp_path / "bad.json").write_bytes(content)
    (tmp_path / "bad.json.corrupt").write_bytes(b"older")
    loaded, problems = user_presets(tmp_path)
    assert [p.name for p in loaded] == ["Good"]
    assert len(problems) == 1 and "bad.json" in problems[0] and "bad.json.2.corrupt" in problems[0]
    assert (tmp_path / "bad.json.2.corrupt").read_bytes() == content
    assert (tmp_path / "bad.json.corrupt").read_bytes() == b"older"
    assert user_presets(tmp_path)[1] == []  # reported once, not on every start


HOSTILE_CONDITIONS = ["(" * 70 + "hcp(north) > 3" + ")" * 70, "-(4611686018427387904*2) > 0"]


@pytest.mark.parametrize("condition", HOSTILE_CONDITIONS, ids=["nested", "overflow"])
def test_a_hostile_advanced_condition_gives_a_preset_or_a_report(tmp_path: Path, condition: str) -> None:
    (tmp_path / "x.json").write_text(json.dumps({"name": "X", "advanced": condition}), encoding="utf-8")
    loaded, problems = user_presets(tmp_path)  # never raises, whatever the parser thinks of it
    assert len(loaded) + len(problems) == 1


def test_any_exception_from_compiling_a_stored_condition_is_a_report(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from bridgegui.engine.script import request as script_request

    def explode(text: str) -> object:
        raise RecursionError("maximum recursion depth exceeded")

    monkeypatch.setattr(script_request, "compile_condition", explode)
    save_user_preset(Preset("Good", {"W": "hcp 10+"}), tmp_path)
    (tmp_path / "x.json").write_text(json.dumps({"name": "X", "advanced": "hcp(north) > 3"}), encoding="utf-8")
    loaded, problems = user_presets(tmp_path)
    assert [p.name for p in loaded] == ["Good"]
    assert len(problems) == 1 and "x.json" in problems[0] and "RecursionError" in problems[0]
    assert (tmp_path / "x.json").exists()  # readable: left for the user (or a newer version) to use


@pytest.mark.parametrize(
    "data",
    [{"name": "X", "description": 5}, {"name": "X", "dealer": ["N"]}, {"name": "X", "advanced": {}}, {"name": "\x00"}],
)
def test_fields_of_the_wrong_type_are_reported(tmp_path: Path, data: dict[str, object]) -> None:
    (tmp_path / "x.json").write_text(json.dumps(data), encoding="utf-8")
    loaded, problems = user_presets(tmp_path)
    assert loaded == [] and len(problems) == 1 and "x.json" in problems[0]


def test_a_folder_that_cannot_be_listed_is_a_report(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(self: Path) -> object:
        raise PermissionError(13, "Permission denied", str(self))

    monkeypatch.setattr(Path, "iterdir", refuse)
    loaded, problems = user_presets(tmp_path)
    assert loaded == [] and len(problems) == 1 and "Permission denied" in problems[0]
    with pytest.raises(PermissionError):
        save_user_preset(Preset("Drill", {"S": "spades 5+"}), tmp_path)  # an OSError, as any file error
