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

User preset files: the name inside the file is the preset's identity (compared after Unicode NFC
normalisation and case folding, as the Save Preset dialog compares them); the file name is only a
readable slug, with a number added when another preset already holds it ("2♠ opening" is
``2-opening.json``, then "2♥ opening" is ``2-opening-2.json``), so two names never share a file and
files written by older versions keep loading and are found again by their inner name.  Saving never
replaces another preset unless asked (``replace=True``).  A file that cannot be read in full (not
UTF-8, not JSON, nested too deep) is set aside as ``NAME.corrupt`` (``settings.set_aside``) and
reported; one that reads but does not check (a spec with a mistake) is reported and left for the
user to correct.  No Qt here.
"""

from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass, field
from importlib.abc import Traversable
from pathlib import Path

from bridgegui.engine.dealer.constraints import DealRequest
from bridgegui.engine.errors import BridgeError
from bridgegui.files import atomic_write
from bridgegui.resource_files import resource
from bridgegui.settings import UnreadableFileError, data_dir, is_storable_text, read_json_object, set_aside

SPEC_KEYS = ("N", "E", "S", "W", "NS", "EW")
DEALERS = ("board", "N", "E", "S", "W")


MAX_SLUG = 60
"""File names stay well under the 255 bytes file systems allow, whatever the preset's name."""


class PresetError(BridgeError):
    """A preset file that cannot be read or whose specs do not parse (the message names the file)."""


class PresetExistsError(PresetError):
    """Saving would replace another preset of the same name (``save_user_preset(..., replace=True)`` does)."""


def preset_name_key(name: str) -> str:
    """What makes two preset names the same name: NFC normalisation, outer blanks dropped, case folded."""
    return unicodedata.normalize("NFC", name).strip().casefold()


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
    auction: str = ""
    """An auction's first calls ("1NT P 2C"): the preset deals boards on which ``system`` bids them,
    each board's dealer first, instead of the seat specs."""
    system: str = ""
    """The bidding system of ``auction``: a shipped name ("standard", "acol") or a system file's path."""

    def __post_init__(self) -> None:
        unknown = set(self.specs) - set(SPEC_KEYS)
        if unknown:
            raise PresetError(f"preset {self.name!r}: unknown keys {', '.join(sorted(unknown))} (use N E S W NS EW)")
        if self.dealer not in DEALERS:
            raise PresetError(f"preset {self.name!r}: dealer {self.dealer!r} is not one of {', '.join(DEALERS)}")
        if not self.name.strip():
            raise PresetError("a preset needs a name")
        texts = [self.name, self.description, self.advanced, self.auction, self.system, *map(str, self.specs.values())]
        if not all(is_storable_text(t) for t in texts):
            raise PresetError(f"preset {self.name!r}: text with a NUL or an unpaired surrogate cannot be stored")
        # A frozen mapping with every key, so two presets that say the same thing compare equal.
        object.__setattr__(self, "specs", {key: str(self.specs.get(key, "")).strip() for key in SPEC_KEYS})

    def request(self) -> DealRequest:
        """The ``DealRequest`` this preset describes (raises ``ConstraintError`` naming the seat).

        Any other failure of the spec or script parsers (a preset is user text: a ``RecursionError``
        from a condition nested deeper than the parser goes, an ``OverflowError``) becomes a
        ``PresetError``, so a bad preset is reported and never stops the window.
        """
        try:
            return self._request()
        except BridgeError:
            raise
        except Exception as exc:  # user text must end in our error, whatever a parser raised
            raise PresetError(f"preset {self.name!r} cannot be used ({type(exc).__name__}: {exc})") from None

    def bidding_system(self) -> str:
        """The system an auction preset is bid with ("standard" when the file names none)."""
        return self.system.strip() or "standard"

    def _request(self) -> DealRequest:
        if self.auction.strip():
            from bridgegui.engine.bidding import load_system, request_for_auction

            return request_for_auction(load_system(self.bidding_system()), self.auction, "N")
        s = self.specs
        request = DealRequest.from_specs(north=s["N"], east=s["E"], south=s["S"], west=s["W"], ns=s["NS"], ew=s["EW"])
        if self.advanced.strip():
            from bridgegui.engine.script import ScriptError
            from bridgegui.engine.script.request import compile_condition, refuse_condition_against

            try:
                condition = compile_condition(self.advanced)
                refuse_condition_against(request, self.advanced)  # as the window refuses the pair
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
        if self.auction.strip():
            data["auction"] = self.auction
            data["system"] = self.bidding_system()
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
        except RecursionError:
            raise PresetError(f"{source}: not valid JSON (nested too deeply)") from None
        except ValueError as exc:
            raise PresetError(f"{source}: not valid JSON ({exc})") from None
        return cls.from_data(data, source=source, builtin=builtin, path=path, check=check)

    @classmethod
    def from_data(
        cls, data: object, *, source: str, builtin: bool = False, path: str | None = None, check: bool = True
    ) -> Preset:
        """One preset from parsed JSON (see ``from_json``): every field is checked for its type first."""
        if not isinstance(data, dict) or not isinstance(data.get("name"), str):
            raise PresetError(f'{source}: a preset is a JSON object with at least a "name"')
        specs = data.get("specs", {})
        if not isinstance(specs, dict) or not all(isinstance(v, str) for v in specs.values()):
            raise PresetError(f'{source}: "specs" maps N, E, S, W, NS, EW to spec text')
        fields = {"dealer": "board", "description": "", "advanced": "", "auction": "", "system": ""}
        for key, default in fields.items():
            value = data.get(key, default)
            if not isinstance(value, str):
                raise PresetError(f'{source}: "{key}" is text, not {type(value).__name__}')
            fields[key] = value
        try:
            preset = cls(name=data["name"], specs=specs, builtin=builtin, path=path, **fields)
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

    A hand-edited file with a mistake must not hide the others or stop the window from starting; one
    that cannot be read at all is set aside as ``NAME.corrupt`` so that it stops failing on every start.
    """
    presets: list[Preset] = []
    problems: list[str] = []
    folder = folder or user_presets_dir()
    try:
        files = _sorted_files(folder)
    except OSError as exc:  # no permission: the shipped presets still show, and the status line says why
        return [], [f"{folder}: could not be read ({exc.strerror or exc})"]
    for f in files:
        path = Path(str(f))
        try:
            data = read_json_object(path)
        except UnreadableFileError as exc:
            kept = set_aside(path)
            where = f"set aside as {kept.name}" if kept is not None else "it could not be set aside"
            problems.append(f"{f.name}: {exc} ({where})")
            continue
        except OSError as exc:
            problems.append(f"{f.name}: could not be read ({exc.strerror or exc})")
            continue
        try:
            presets.append(Preset.from_data(data, source=f.name, path=str(f)))
        except PresetError as exc:
            problems.append(str(exc))
    return sorted(presets, key=lambda p: p.name.casefold()), problems


def file_name_for(name: str) -> str:
    """A portable, readable file name for a preset name (``"1NT opening"`` -> ``"1nt-opening.json"``).

    Two names can share it ("2♠ opening", "2♥ opening"): ``save_user_preset`` then adds a number.
    """
    slug = re.sub(r"[^a-z0-9]+", "-", name.casefold())[:MAX_SLUG].strip("-")
    return f"{slug or 'preset'}.json"


def find_user_preset(name: str, folder: Path | None = None) -> Path | None:
    """The file of the user's preset called ``name`` (see ``preset_name_key``), or None.

    Found by the name inside each file, so files saved by older versions (whose names could collide)
    are found too; an exact match wins over one that differs only in case.  Unreadable files are skipped.
    """
    key = preset_name_key(name)
    found: list[tuple[bool, Path]] = []
    for f in _sorted_files(folder or user_presets_dir()):
        path = Path(str(f))
        try:
            inner = read_json_object(path).get("name")
        except (UnreadableFileError, OSError):
            continue
        if isinstance(inner, str) and preset_name_key(inner) == key:
            found.append((inner != name, path))
    return min(found)[1] if found else None


def _free_file(name: str, folder: Path) -> Path:
    """A file name for a new preset that no file in ``folder`` has (any file: readable or not)."""
    stem = file_name_for(name).removesuffix(".json")
    number = 1
    while True:
        target = folder / (f"{stem}.json" if number == 1 else f"{stem}-{number}.json")
        if not (target.exists() or target.is_symlink()):
            return target
        number += 1


def save_user_preset(preset: Preset, folder: Path | None = None, *, replace: bool = False) -> Path:
    """Write ``preset`` into the user's preset folder (atomically) and return the path.

    A preset of the same name (``preset_name_key``) is replaced only with ``replace=True`` (the
    window asks first); otherwise ``PresetExistsError``.  Any other preset's file is never touched.
    """
    preset.request()  # never write a preset that will not load
    target_dir = folder or user_presets_dir()
    target_dir.mkdir(parents=True, exist_ok=True)
    existing = find_user_preset(preset.name, target_dir)
    if existing is not None and not replace:
        raise PresetExistsError(f"a preset named {preset.name!r} exists already ({existing.name})")
    target = existing if existing is not None else _free_file(preset.name, target_dir)
    atomic_write(target, preset.to_json())
    return target


def delete_user_preset(preset: Preset) -> None:
    if preset.builtin or preset.path is None:
        raise PresetError(f"{preset.name!r} is shipped with the program and cannot be deleted")
    Path(preset.path).unlink(missing_ok=True)
