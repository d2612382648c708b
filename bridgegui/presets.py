"""Named constraint sets ("presets"): shipped ones in ``resources/presets/`` and the user's own.

A preset is a small JSON file a teacher can read and edit by hand::

    {
      "name": "1NT opening",
      "description": "North opens a strong notrump: 15-17 HCP and a balanced hand.",
      "dealer": "N",
      "specs": {"N": "hcp 15-17, balanced", "S": "", "NS": ""}
    }

``specs`` holds seat specs (keys N, E, S, W) and partnership specs (NS, EW) in the constrained
dealer's text grammar; missing keys mean "no constraint".  ``dealer`` is the seat that deals every
board (the one who opens, for an opening preset), or ``"board"`` (the default) to follow the board
number as Law 2 does.  Presets are checked with ``DealRequest.from_specs`` when they load, so a
broken preset is reported by name instead of failing later in the window.

Shipped presets load through ``importlib.resources`` (``resource_files.resource``), so they work in an
installed wheel and a frozen build; user presets live in ``settings.data_dir() / "presets"``.
No Qt here.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from importlib.abc import Traversable
from pathlib import Path

from bridgegui.engine.constraints import DealRequest
from bridgegui.engine.errors import BridgeError
from bridgegui.files import atomic_write
from bridgegui.resource_files import resource
from bridgegui.settings import data_dir

SPEC_KEYS = ("N", "E", "S", "W", "NS", "EW")
DEALERS = ("board", "N", "E", "S", "W")


class PresetError(BridgeError):
    """A preset file that cannot be read or whose specs do not parse (the message names the file)."""


@dataclass(frozen=True)
class Preset:
    """A named set of constraints, with the dealer and a sentence saying what it practises."""

    name: str
    specs: Mapping[str, str] = field(default_factory=dict)
    dealer: str = "board"
    description: str = ""
    builtin: bool = False
    path: str | None = None
    advanced: str = ""
    """An optional advanced condition (a dealer expression over the whole deal)."""

    def __post_init__(self) -> None:
        unknown = set(self.specs) - set(SPEC_KEYS)
        if unknown:
            raise PresetError(f"preset {self.name!r}: unknown keys {', '.join(sorted(unknown))} (use N E S W NS EW)")
        if self.dealer not in DEALERS:
            raise PresetError(f"preset {self.name!r}: dealer {self.dealer!r} is not one of {', '.join(DEALERS)}")
        if not self.name.strip():
            raise PresetError("a preset needs a name")
        # A frozen mapping with every key, so two presets that say the same thing compare equal.
        object.__setattr__(self, "specs", {key: str(self.specs.get(key, "")).strip() for key in SPEC_KEYS})

    def request(self) -> DealRequest:
        """The ``DealRequest`` this preset describes (raises ``ConstraintError`` naming the seat)."""
        s = self.specs
        request = DealRequest.from_specs(north=s["N"], east=s["E"], south=s["S"], west=s["W"], ns=s["NS"], ew=s["EW"])
        if self.advanced.strip():
            from bridgegui.engine.script import ScriptError
            from bridgegui.engine.script.request import compile_condition

            try:
                condition = compile_condition(self.advanced)
            except ScriptError as exc:
                raise PresetError(f"preset {self.name!r}: advanced condition: {exc}") from None
            request = DealRequest(request.seats, request.ns, request.ew, condition=condition)
        return request

    def to_json(self) -> str:
        data = {
            "name": self.name,
            "description": self.description,
            "dealer": self.dealer,
            "specs": {k: v for k, v in self.specs.items() if v},
        }
        if self.advanced.strip():
            data["advanced"] = self.advanced
        return json.dumps(data, indent=2, ensure_ascii=False) + "\n"

    @classmethod
    def from_json(
        cls, text: str, *, source: str, builtin: bool = False, path: str | None = None, check: bool = True
    ) -> Preset:
        """Read and check one preset; ``PresetError`` names ``source`` and says what is wrong.

        ``check=False`` skips parsing the specs (about 10 ms a preset: shape patterns are expanded), for
        the shipped presets at start-up, which the test suite checks instead.
        """
        try:
            data = json.loads(text)
        except ValueError as exc:
            raise PresetError(f"{source}: not valid JSON ({exc})") from None
        if not isinstance(data, dict) or not isinstance(data.get("name"), str):
            raise PresetError(f'{source}: a preset is a JSON object with at least a "name"')
        specs = data.get("specs", {})
        if not isinstance(specs, dict) or not all(isinstance(v, str) for v in specs.values()):
            raise PresetError(f'{source}: "specs" maps N, E, S, W, NS, EW to spec text')
        try:
            preset = cls(
                name=data["name"],
                specs=specs,
                dealer=str(data.get("dealer", "board")),
                description=str(data.get("description", "")),
                advanced=str(data.get("advanced", "")),
                builtin=builtin,
                path=path,
            )
            if check:
                preset.request()
        except BridgeError as exc:
            raise PresetError(f"{source}: {exc}") from None
        return preset


def _sorted_files(folder: Traversable | Path) -> list[Traversable | Path]:
    try:
        entries = [p for p in folder.iterdir() if p.name.endswith(".json") and p.is_file()]
    except (FileNotFoundError, NotADirectoryError):
        return []
    return sorted(entries, key=lambda p: p.name)


def builtin_presets(*, check: bool = True) -> list[Preset]:
    """The presets shipped in ``resources/presets`` (a broken one is a packaging bug: it raises)."""
    presets = [
        Preset.from_json(f.read_text(encoding="utf-8"), source=f.name, builtin=True, check=check)
        for f in _sorted_files(resource("presets"))
    ]
    return sorted(presets, key=lambda p: p.name.casefold())


def user_presets_dir() -> Path:
    return data_dir() / "presets"


def user_presets(folder: Path | None = None) -> tuple[list[Preset], list[str]]:
    """The user's saved presets and, separately, a message for each file that could not be read.

    A hand-edited file with a mistake must not hide the others or stop the window from starting.
    """
    presets: list[Preset] = []
    problems: list[str] = []
    for f in _sorted_files(folder or user_presets_dir()):
        try:
            presets.append(Preset.from_json(f.read_text(encoding="utf-8"), source=f.name, path=str(f)))
        except (PresetError, OSError, UnicodeDecodeError) as exc:
            problems.append(str(exc))
    return sorted(presets, key=lambda p: p.name.casefold()), problems


def file_name_for(name: str) -> str:
    """A portable file name for a preset name (``"1NT opening"`` -> ``"1nt-opening.json"``)."""
    slug = re.sub(r"[^a-z0-9]+", "-", name.casefold()).strip("-")
    return f"{slug or 'preset'}.json"


def save_user_preset(preset: Preset, folder: Path | None = None) -> Path:
    """Write ``preset`` into the user's preset folder (atomically) and return the path.

    A preset with the same name is replaced: saving under an existing name is how a user updates one.
    """
    preset.request()  # never write a preset that will not load
    target_dir = folder or user_presets_dir()
    target_dir.mkdir(parents=True, exist_ok=True)
    target = target_dir / file_name_for(preset.name)
    atomic_write(target, preset.to_json())
    return target


def delete_user_preset(preset: Preset) -> None:
    if preset.builtin or preset.path is None:
        raise PresetError(f"{preset.name!r} is shipped with the program and cannot be deleted")
    Path(preset.path).unlink(missing_ok=True)
