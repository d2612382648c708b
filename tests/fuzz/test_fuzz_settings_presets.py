"""Hostile settings and preset files: any bytes, any JSON shape, any stored text.

Loading a settings file or the user's preset folder gives values or falls back with a warning, never
another exception: ``Settings.load`` keeps only values its declarations accept (so the window can use
them and save them back), and ``user_presets`` gives a preset or a report for each file.  A file that
cannot be read in full is set aside with its bytes; a readable one stays where it was.  The last
target builds the window itself from fuzzed settings and user presets.

Each target runs twice: a quick profile that CI runs in a few seconds, and a longer one marked
``slow`` that runs only when asked (``pytest -m slow tests/fuzz``: about ten minutes on a busy
two-core machine), since CI's plain ``pytest`` does not deselect ``slow``.  Both are derandomized, so
a failure reproduces; ``pytest -s`` prints the number of inputs each target tried.
"""

from __future__ import annotations

import json
import os
import random
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgegui.presets import SPEC_KEYS, Preset, PresetError, user_presets
from bridgegui.settings import DECLARED, Settings

# --------------------------------------------------------------------------------------------------
# Profiles


def run(run_settings: settings, strategy: st.SearchStrategy[Any], check: Callable[[Any], None]) -> None:
    """Run ``check`` on examples of ``strategy``; prints how many inputs it tried (``pytest -s`` shows it).

    Writing a file here is about parsing, not durability: ``fsync`` is skipped, which makes the
    atomic writes of ``Settings.save`` and ``save_user_preset`` a hundred times faster.
    """
    tried = 0

    @run_settings
    @given(strategy)
    def fuzz(example: Any) -> None:
        nonlocal tried
        tried += 1
        check(example)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(os, "fsync", lambda fd: None)
        fuzz()
    print(f"\n{check.__name__}: {tried} inputs")


# --------------------------------------------------------------------------------------------------
# Strategies: JSON of any shape, and text that looks like what the files hold

any_text = st.text(st.characters(codec=None, exclude_categories=()), max_size=30)  # lone surrogates included
SPEC_WORDS = [
    "hcp", "spades", "hearts", "diamonds", "clubs", "balanced", "semibalanced", "shape", "not", "cards", "qt",
    "ltc", "tricks", "controls", "points", "support", "rule20", "quality", "stopper", "fit", "AS", "KH", "5xxx",
    "4=3=3=3", "15-17", "5+", "7-", "99999999999999999999999", "-1", "0", ",", " ", "x", "any",
]  # fmt: skip
CONDITION_WORDS = [
    "hcp(north)", "spades(south)", "shape(north, any 4333)", "controls(east)", "&&", "||", "!", "(", ")", "(", ")",
    "+", "-", "*", "/", "%", ">", ">=", "==", "?", ":", "1", "4611686018427387904", "-(4611686018427387904*2)",
    "top4(west, spades)", "north", "x1", "=", "#", "\n", " ",
]  # fmt: skip
spec_text = st.one_of(any_text, st.lists(st.sampled_from(SPEC_WORDS), max_size=12).map(" ".join))
condition_text = st.one_of(
    any_text,
    st.lists(st.sampled_from(CONDITION_WORDS), max_size=20).map(" ".join),
    st.integers(0, 600).map(lambda depth: "(" * depth + "hcp(north) > 3" + ")" * depth),
)
json_scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.integers(-(2**80), 2**80),
    st.floats(allow_nan=True, allow_infinity=True),
    any_text,
)
json_values = st.recursive(
    json_scalars,
    lambda inner: st.one_of(st.lists(inner, max_size=5), st.dictionaries(any_text, inner, max_size=5)),
    max_leaves=8,
)


def _plausible_value(key: str) -> st.SearchStrategy[Any]:
    if key.startswith("constraints/") and key != "constraints/dealer":
        return condition_text if key == "constraints/advanced" else spec_text
    if key.startswith("window/"):
        return st.one_of(st.text("ABCDEFabcdef0123456789+/=", max_size=40), any_text)
    if key == "files/recent":
        return st.lists(any_text, max_size=12)
    return json_values


settings_objects = st.builds(
    lambda declared, wrong, other: declared | wrong | other,
    st.fixed_dictionaries({}, optional={key: _plausible_value(key) for key in DECLARED}),
    st.dictionaries(st.sampled_from(sorted(DECLARED)), json_values, max_size=2),  # any shape under a known key
    st.dictionaries(any_text, json_values, max_size=2),  # keys of another version
)
settings_texts = st.one_of(
    settings_objects.map(lambda d: json.dumps(d, ensure_ascii=True)),
    settings_objects.map(lambda d: json.dumps(d, ensure_ascii=False, allow_nan=True)),
    json_values.map(json.dumps),
)


def _mutate(data: bytes, seed: int, edits: int) -> bytes:
    rng = random.Random(seed)
    out = bytearray(data)
    for _ in range(edits):
        where = rng.randrange(len(out) + 1)
        kind = rng.randrange(3)
        if kind == 0 and out:
            del out[min(where, len(out) - 1)]
        elif kind == 1:
            out.insert(where, rng.randrange(256))
        elif out:
            out[min(where, len(out) - 1)] = rng.randrange(256)
    return bytes(out)


def _encode(text: str) -> bytes:
    return text.encode("utf-8", "surrogatepass")


file_bytes = st.one_of(
    st.binary(max_size=200),
    settings_texts.map(_encode),
    st.tuples(settings_texts, st.sampled_from(["utf-16", "utf-16-le", "latin-1", "utf-8-sig", "utf-32"])).map(
        lambda t: t[0].encode(t[1], "replace")
    ),
    st.tuples(settings_texts, st.integers(0, 2**32), st.integers(1, 6)).map(
        lambda t: _mutate(_encode(t[0]), t[1], t[2])
    ),
    st.integers(1, 200_000).map(lambda depth: b"[" * depth + b"]" * depth),
    st.integers(1, 200_000).map(lambda depth: b'{"a":' * depth + b"1" + b"}" * depth),
    st.integers(4000, 6000).map(lambda digits: b'{"deal_set/count": ' + b"7" * digits + b"}"),
)


# --------------------------------------------------------------------------------------------------
# Settings


def check_settings_file(content: bytes) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "settings.json"
        path.write_bytes(content)
        loaded = Settings.load(path)  # never raises
        for key in DECLARED:
            assert DECLARED[key].accepts(loaded[key]), key
        if path.exists():
            assert path.read_bytes() == content  # readable: left where it was, as it was
        else:
            assert loaded.warnings and "damaged" in loaded.warnings[0]
            assert (Path(folder) / "settings.json.corrupt").read_bytes() == content
        loaded.save()  # whatever was kept can be written back...
        again = Settings.load(path)
        assert again.warnings == []  # ...and read again without complaint
        assert again.to_dict() == loaded.to_dict()


@pytest.mark.fuzz(quick=100, slow=5000)
def test_any_settings_file_loads_or_falls_back(run_settings: settings) -> None:
    run(run_settings, file_bytes, check_settings_file)


# --------------------------------------------------------------------------------------------------
# Presets

preset_objects = st.fixed_dictionaries(
    {},
    optional={
        "name": st.one_of(any_text, json_values),
        "description": st.one_of(any_text, json_values),
        "dealer": st.one_of(st.sampled_from(["board", "N", "E", "S", "W", "north", ""]), json_values),
        "specs": st.one_of(
            st.dictionaries(st.one_of(st.sampled_from(SPEC_KEYS), any_text), spec_text, max_size=7), json_values
        ),
        "advanced": st.one_of(condition_text, json_values),
    },
)
preset_bytes = st.one_of(
    preset_objects.map(lambda d: _encode(json.dumps(d, ensure_ascii=False))),
    preset_objects.map(lambda d: json.dumps(d).encode()),
    st.tuples(preset_objects, st.integers(0, 2**32), st.integers(1, 6)).map(
        lambda t: _mutate(json.dumps(t[0]).encode(), t[1], t[2])
    ),
    file_bytes,
)


def check_preset_file(content: bytes) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "mine.json"
        path.write_bytes(content)
        loaded, problems = user_presets(Path(folder))  # never raises
        assert len(loaded) + len(problems) == 1
        if loaded:
            preset = loaded[0]
            assert preset.path == str(path) and not preset.builtin
            preset.request()  # a preset that loads can be dealt
            again = Preset.from_json(preset.to_json(), source="again")  # and saved and read again
            fields = ("name", "specs", "dealer", "description")
            assert [getattr(again, f) for f in fields] == [getattr(preset, f) for f in fields]
            assert again.advanced.strip() == preset.advanced.strip()
        else:
            assert "mine.json" in problems[0]
            kept = Path(folder) / "mine.json.corrupt"
            assert path.exists() != kept.exists()
            assert (path if path.exists() else kept).read_bytes() == content


@pytest.mark.fuzz(quick=100, slow=5000)
def test_any_preset_file_loads_or_is_reported(run_settings: settings) -> None:
    run(run_settings, preset_bytes, check_preset_file)


def check_preset_text(text: str) -> None:
    try:
        preset = Preset.from_json(text, source="x.json")
    except PresetError as exc:
        assert str(exc).startswith("x.json")
        return
    preset.request()


@pytest.mark.fuzz(quick=150, slow=5000)
def test_preset_from_json_gives_a_preset_or_a_preset_error(run_settings: settings) -> None:
    texts = st.one_of(
        preset_objects.map(json.dumps),
        json_values.map(json.dumps),
        any_text,
        st.integers(1, 5000).map(lambda n: "[" * n),
    )
    run(run_settings, texts, check_preset_text)


# --------------------------------------------------------------------------------------------------
# The window itself, from fuzzed settings and a fuzzed user preset


def check_window_starts(case: tuple[dict[str, Any], bytes]) -> None:
    from PySide6.QtWidgets import QApplication

    from bridgegui.ui.mainwindow.window import MainWindow

    values, preset = case
    with tempfile.TemporaryDirectory() as folder, pytest.MonkeyPatch.context() as patch:
        patch.setenv("BRIDGEGUI_DATA_DIR", str(Path(folder) / "data"))
        presets = Path(folder) / "data" / "presets"
        presets.mkdir(parents=True)
        (presets / "fuzzed.json").write_bytes(preset)
        path = Path(folder) / "settings.json"
        path.write_text(json.dumps(values, ensure_ascii=True), encoding="utf-8")
        window = MainWindow(Settings.load(path))  # starts, whatever the files held
        try:
            assert window.settings.warnings == [] or window.startup_warnings
            window.store_settings()
            window.settings.save()
        finally:
            window.board_model.mark_saved()
            window.close()
            window.deleteLater()
            QApplication.processEvents()


@pytest.mark.fuzz(quick=5, slow=300)
@pytest.mark.qt_log_ignore("propagateSizeHints")
def test_the_window_starts_from_any_settings_and_presets(run_settings: settings, qapp: object) -> None:
    run(run_settings, st.tuples(settings_objects, preset_bytes), check_window_starts)
