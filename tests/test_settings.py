"""Declared settings: defaults, types, persistence, and a corrupt file falling back with a warning."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from bridgegui import settings as settings_module
from bridgegui.settings import DECLARED, MAX_RECENT_FILES, Settings, config_dir, data_dir


def test_every_setting_is_declared_with_a_default_of_its_type_and_a_description() -> None:
    for key, setting in DECLARED.items():
        assert setting.key == key
        assert setting.accepts(setting.default), key
        assert setting.description.strip(), key


def test_the_config_dir_follows_the_environment_variable(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BRIDGEGUI_CONFIG_DIR", str(tmp_path))
    monkeypatch.delenv("BRIDGEGUI_DATA_DIR", raising=False)
    assert config_dir() == tmp_path
    assert data_dir() == tmp_path / "data"  # user data stays out of the real home folder too
    assert Settings().path == tmp_path / "settings.json"


def test_without_the_variable_platformdirs_decides(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("BRIDGEGUI_CONFIG_DIR", raising=False)
    monkeypatch.setattr(settings_module.platformdirs, "user_config_dir", lambda *a, **k: "/somewhere/bridgegui")
    assert config_dir() == Path("/somewhere/bridgegui")


def test_missing_file_gives_defaults_without_warning(tmp_path: Path) -> None:
    s = Settings.load(tmp_path / "settings.json")
    assert s.warnings == []
    assert s["deal_set/count"] == 16 and s["seed/mode"] == "random" and s["files/recent"] == []


def test_values_survive_a_save_and_load(tmp_path: Path) -> None:
    path = tmp_path / "sub" / "settings.json"
    s = Settings.load(path)
    s["constraints/N"] = "hcp 15-17, balanced"
    s["deck/four_colour"] = True
    s["seed/value"] = str(2**127 + 5)
    s.save()
    again = Settings.load(path)
    assert again["constraints/N"] == "hcp 15-17, balanced"
    assert again["deck/four_colour"] is True
    assert int(again["seed/value"]) == 2**127 + 5
    assert not list(path.parent.glob(".*.tmp"))


def test_a_failed_save_keeps_the_old_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Saving goes through ``bridgegui.files.atomic_write``: a failure leaves the old file and no temporary one."""
    path = tmp_path / "settings.json"
    s = Settings.load(path)
    s["constraints/N"] = "hcp 15-17"
    s.save()
    before = path.read_bytes()
    s["constraints/N"] = "hcp 20+"

    def full_disk(*args: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", full_disk)
    with pytest.raises(OSError, match="No space"):
        s.save()
    monkeypatch.undo()
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["settings.json"]


def test_wrong_types_and_unknown_keys_are_refused(tmp_path: Path) -> None:
    s = Settings.load(tmp_path / "settings.json")
    with pytest.raises(TypeError):
        s["deal_set/count"] = "16"
    with pytest.raises(TypeError):
        s["deal_set/count"] = True  # a bool is not a count
    with pytest.raises(KeyError):
        s["no/such"] = 1


def test_a_corrupt_file_falls_back_to_defaults_with_a_warning_and_is_kept(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text("{not json", encoding="utf-8")
    s = Settings.load(path)
    assert s["deal_set/count"] == 16
    assert s.warnings and "damaged" in s.warnings[0]
    assert (tmp_path / "settings.json.corrupt").read_text(encoding="utf-8") == "{not json"
    s.save()
    assert json.loads(path.read_text(encoding="utf-8"))["deal_set/count"] == 16


def test_a_value_of_the_wrong_type_in_the_file_is_reset_alone(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"deal_set/count": "many", "constraints/S": "spades 5+", "future/key": 1}))
    s = Settings.load(path)
    assert s["deal_set/count"] == 16
    assert s["constraints/S"] == "spades 5+"
    assert len(s.warnings) == 1 and "deal_set/count" in s.warnings[0]


def test_recent_files_are_newest_first_without_duplicates(tmp_path: Path) -> None:
    s = Settings.load(tmp_path / "settings.json")
    for i in range(MAX_RECENT_FILES + 2):
        s.add_recent_file(tmp_path / f"{i}.pbn")
    s.add_recent_file(tmp_path / "3.pbn")
    recent = s["files/recent"]
    assert recent[0].endswith("3.pbn")
    assert len(recent) == MAX_RECENT_FILES and len(set(recent)) == len(recent)
    assert s["files/last_dir"] == str(tmp_path.resolve())
