"""Presets: the shipped ones all load and can be dealt; user presets save, reload and survive bad files."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from bridgegui.engine.planner import plan_request
from bridgegui.presets import (
    Preset,
    PresetError,
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


@pytest.mark.parametrize("preset", builtin_presets(), ids=lambda p: p.name)
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
        save_user_preset(Preset("Drill", {"S": "hearts 5+"}), tmp_path)
    monkeypatch.undo()
    assert path.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == [path.name]


def test_saving_under_the_same_name_replaces(tmp_path: Path) -> None:
    save_user_preset(Preset("Drill", {"S": "spades 5+"}), tmp_path)
    save_user_preset(Preset("Drill", {"S": "hearts 5+"}), tmp_path)
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
