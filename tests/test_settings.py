"""Declared settings: defaults, types, persistence, and a corrupt file falling back with a warning."""

from __future__ import annotations

import json
import os
import threading
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


# -- files that cannot be read in full, and values that do not validate ------------------

UNREADABLE = {
    "latin-1": '{"constraints/N": "caf\xe9 hcp 10+"}'.encode("latin-1"),
    "utf-16": json.dumps({"constraints/N": "hcp 10+"}).encode("utf-16"),
    "deep": b"[" * 100_000 + b"]" * 100_000,
    "huge-int": b'{"deal_set/count": ' + b"9" * 5000 + b"}",
    "not-an-object": b'["constraints/N", "hcp 10+"]',
}


@pytest.mark.parametrize("content", UNREADABLE.values(), ids=UNREADABLE.keys())
def test_an_unreadable_file_is_set_aside_whole_and_the_defaults_are_used(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "settings.json"
    path.write_bytes(content)
    s = Settings.load(path)
    assert s.to_dict() == Settings(tmp_path / "none.json").to_dict()
    assert len(s.warnings) == 1 and "damaged" in s.warnings[0] and "settings.json.corrupt" in s.warnings[0]
    assert not path.exists()
    assert (tmp_path / "settings.json.corrupt").read_bytes() == content
    s.save()  # the next save writes a fresh file beside the kept one
    assert Settings.load(path).warnings == []


def test_a_byte_order_mark_is_not_damage(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps({"constraints/N": "hcp 10+"}).encode())
    s = Settings.load(path)
    assert s.warnings == [] and s["constraints/N"] == "hcp 10+"


def test_an_older_corrupt_file_is_never_overwritten(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    (tmp_path / "settings.json.corrupt").write_bytes(b"first")
    (tmp_path / "settings.json.2.corrupt").write_bytes(b"second")
    path.write_bytes(b"third\xff")
    s = Settings.load(path)
    assert "settings.json.3.corrupt" in s.warnings[0]
    assert [(tmp_path / n).read_bytes() for n in ("settings.json.corrupt", "settings.json.2.corrupt")] == [
        b"first",
        b"second",
    ]
    assert (tmp_path / "settings.json.3.corrupt").read_bytes() == b"third\xff"


def test_a_damaged_file_that_cannot_be_moved_is_not_overwritten(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "settings.json"
    path.write_bytes(b"\xff{")

    def refuse(*args: object, **kwargs: object) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(os, "link", refuse)
    monkeypatch.setattr(os, "rename", refuse)
    s = Settings.load(path)
    assert s.warnings and "will not be overwritten" in s.warnings[0]
    monkeypatch.undo()
    with pytest.raises(OSError, match="could not be read"):
        s.save()
    assert path.read_bytes() == b"\xff{"


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_something_that_is_not_a_file_is_neither_read_nor_replaced(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    os.mkfifo(path)  # reading it would block the start for ever
    done = threading.Event()

    def unblock_a_reader() -> None:  # so that a regression fails instead of hanging the test run
        while not done.wait(0.02):
            try:
                os.close(os.open(path, os.O_WRONLY | os.O_NONBLOCK))  # succeeds only once someone reads
            except OSError:
                continue
            return

    helper = threading.Thread(target=unblock_a_reader)
    helper.start()
    try:
        s = Settings.load(path)
    finally:
        done.set()
        helper.join()
    assert s.warnings and "not a regular file" in s.warnings[0]
    with pytest.raises(OSError):
        s.save()
    assert path.is_fifo()


BAD_VALUES = {
    "window/geometry": "AdnQywADAAAAé",  # not base64: the window encoded it as ASCII and could not start
    "window/state": "not base64!",
    "constraints/dealer": "north",
    "seed/mode": "sometimes",
    "seed/value": "²",  # str.isdigit() says yes, int() says no
    "deal_set/count": 10**30,
    "appearance/theme": "neon",
    "practice/visible": "NX",
    "files/recent": ["/a.pbn", "/b\x00.pbn"],
    "constraints/E": "hcp 10\ud800",  # an unpaired surrogate could not be written back as UTF-8
}


@pytest.mark.parametrize(("key", "value"), BAD_VALUES.items(), ids=BAD_VALUES.keys())
def test_a_value_that_fails_validation_is_dropped_alone(tmp_path: Path, key: str, value: object) -> None:
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({key: value, "constraints/N": "hcp 15-17", "deal_set/count": 24} | {key: value}))
    s = Settings.load(path)
    assert s[key] == DECLARED[key].default
    assert s["constraints/N"] == "hcp 15-17"
    if key != "deal_set/count":
        assert s["deal_set/count"] == 24
    assert len(s.warnings) == 1 and key in s.warnings[0]
    assert path.exists()  # the file was readable: it stays where it is
    s.save()
    assert Settings.load(path).warnings == []


def test_valid_values_of_every_setting_pass() -> None:
    good = {
        "window/geometry": "AdnQywADAAA+/w==",
        "constraints/dealer": "W",
        "seed/value": str(2**128 - 1),
        "deal_set/count": 100_000,
        "practice/visible": "NESW",
        "constraints/N": "hcp 15-17 — café ♠",
    }
    for key, value in good.items():
        assert DECLARED[key].accepts(value), key
