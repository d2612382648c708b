"""User settings: declared once, stored as JSON in the user config directory.

Each setting is declared here, once, with its type, default and a description (Picard's pattern):
code reads ``settings["deck/four_colour"]`` and a typo or a wrong type fails loudly instead of
silently creating a second setting.  No Qt here, so the command line can share the file; the window
stores its geometry and dock layout as base64 strings it gets from Qt.

Where: ``$BRIDGEGUI_CONFIG_DIR/settings.json`` when that variable is set (the tests point it at a
temporary folder), else ``platformdirs.user_config_dir("bridgegui")``.  A file that cannot be read
(bad JSON, wrong types) is set aside as ``settings.json.corrupt`` and the defaults are used, with a
warning the window shows in its status bar: losing one's preferences is bad, losing the program's
ability to start is worse.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import platformdirs

from bridgegui import APP_NAME
from bridgegui.files import atomic_write

CONFIG_DIR_ENV = "BRIDGEGUI_CONFIG_DIR"
DATA_DIR_ENV = "BRIDGEGUI_DATA_DIR"
SETTINGS_FILE = "settings.json"
MAX_RECENT_FILES = 8


@dataclass(frozen=True, slots=True)
class Setting:
    """One declared setting: its key, value type, default and what it is for."""

    key: str
    type: type
    default: Any
    description: str

    def accepts(self, value: object) -> bool:
        """Whether ``value`` has this setting's type (``bool`` is not accepted as an ``int``)."""
        if self.type is int:
            return isinstance(value, int) and not isinstance(value, bool)
        if self.type is list:
            return isinstance(value, list) and all(isinstance(item, str) for item in value)
        return isinstance(value, self.type)


SEED_MODES = ("random", "fixed")
THEMES = ("system", "light", "dark")
DEALER_MODES = ("board", "N", "E", "S", "W")

_DECLARED = (
    Setting("window/geometry", str, "", "Main window size and position (base64 of QMainWindow.saveGeometry)."),
    Setting("window/state", str, "", "Toolbar and dock layout (base64 of QMainWindow.saveState)."),
    Setting("constraints/N", str, "", "North's seat spec when the window was last closed."),
    Setting("constraints/E", str, "", "East's seat spec when the window was last closed."),
    Setting("constraints/S", str, "", "South's seat spec when the window was last closed."),
    Setting("constraints/W", str, "", "West's seat spec when the window was last closed."),
    Setting("constraints/NS", str, "", "North-South partnership spec when the window was last closed."),
    Setting("constraints/EW", str, "", "East-West partnership spec when the window was last closed."),
    Setting(
        "constraints/advanced", str, "", "The advanced condition (a dealer expression) when the window was last closed."
    ),
    Setting("constraints/dealer", str, "board", "Dealer: 'board' (Law 2, from the board number) or a fixed seat."),
    Setting("seed/mode", str, "random", "'random': a fresh seed for every deal; 'fixed': reuse seed/value."),
    Setting(
        "seed/value",
        str,
        "",
        "The seed last used or typed (a decimal integer; JSON numbers lose 128-bit precision in other readers).",
    ),
    Setting("deal_set/count", int, 16, "Boards in a set, as last chosen in the Deal Set dialog."),
    Setting("files/recent", list, [], "Recently opened or saved PBN files, newest first."),
    Setting("files/last_dir", str, "", "Folder of the last opened or saved file."),
    Setting("deck/four_colour", bool, False, "Four-colour deck: ♠ black, ♥ red, ♦ orange, ♣ green."),
    Setting("appearance/theme", str, "system", "Palette: 'system' (follow the desktop), 'light' or 'dark'."),
    Setting("practice/visible", str, "S", "Seats shown in practice mode (e.g. 'S', 'NS', 'NESW')."),
)
DECLARED: dict[str, Setting] = {s.key: s for s in _DECLARED}


def config_dir() -> Path:
    """The folder holding ``settings.json``: ``$BRIDGEGUI_CONFIG_DIR`` or the platform's user config dir."""
    override = os.environ.get(CONFIG_DIR_ENV)
    if override:
        return Path(override)
    return Path(platformdirs.user_config_dir(APP_NAME, appauthor=False))


def data_dir() -> Path:
    """The folder for user data (saved presets).

    ``$BRIDGEGUI_DATA_DIR`` wins; else, when ``$BRIDGEGUI_CONFIG_DIR`` redirects the settings (as the
    tests do), user data goes beside them so nothing leaks into the real home folder; else the
    platform's user data dir.
    """
    override = os.environ.get(DATA_DIR_ENV)
    if override:
        return Path(override)
    config_override = os.environ.get(CONFIG_DIR_ENV)
    if config_override:
        return Path(config_override) / "data"
    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


class Settings:
    """The declared settings with their current values; ``load`` reads them and ``save`` writes them.

    Values are checked against the declarations both ways: reading a wrong type from the file drops
    that value (with a warning) and setting a wrong type raises ``TypeError``.
    """

    def __init__(self, path: Path | None = None) -> None:
        self.path = path if path is not None else config_dir() / SETTINGS_FILE
        self._values: dict[str, Any] = {}
        self.warnings: list[str] = []

    @classmethod
    def load(cls, path: Path | None = None) -> Settings:
        """Read the settings file; a missing file gives the defaults, a corrupt one defaults plus a warning."""
        settings = cls(path)
        settings.reload()
        return settings

    def reload(self) -> None:
        self._values = {}
        self.warnings = []
        try:
            text = self.path.read_text(encoding="utf-8")
        except FileNotFoundError:
            return
        except OSError as exc:
            self.warnings.append(f"Could not read the settings file {self.path}: {exc.strerror}; using the defaults.")
            return
        try:
            data = json.loads(text)
            if not isinstance(data, dict):
                raise ValueError("the top level is not an object")
        except ValueError as exc:
            kept = self._set_aside()
            where = f" (kept as {kept.name})" if kept else ""
            self.warnings.append(f"The settings file {self.path} is damaged{where}: {exc}. Using the defaults.")
            return
        bad = []
        for key, value in data.items():
            setting = DECLARED.get(key)
            if setting is None:
                continue  # a setting from a newer or older version: ignore it, keep going
            if setting.accepts(value):
                self._values[key] = value
            else:
                bad.append(key)
        if bad:
            self.warnings.append(
                f"Some settings in {self.path} had the wrong type and were reset: {', '.join(sorted(bad))}."
            )

    def _set_aside(self) -> Path | None:
        """Move a damaged file out of the way so the next save does not destroy what the user had."""
        target = self.path.with_name(self.path.name + ".corrupt")
        try:
            os.replace(self.path, target)
        except OSError:
            return None
        return target

    def __getitem__(self, key: str) -> Any:
        setting = DECLARED[key]
        value = self._values.get(key, setting.default)
        return list(value) if isinstance(value, list) else value

    def __setitem__(self, key: str, value: Any) -> None:
        setting = DECLARED.get(key)
        if setting is None:
            raise KeyError(f"{key!r} is not a declared setting")
        if not setting.accepts(value):
            raise TypeError(f"setting {key!r} takes a {setting.type.__name__}, not {type(value).__name__}")
        self._values[key] = list(value) if isinstance(value, list) else value

    def __iter__(self) -> Iterator[str]:
        return iter(DECLARED)

    def reset(self, key: str) -> None:
        self._values.pop(key, None)

    def add_recent_file(self, path: str | os.PathLike[str]) -> None:
        """Put ``path`` first in the recent-files list (no duplicates, at most ``MAX_RECENT_FILES``)."""
        text = str(Path(path).resolve())
        recent = [p for p in self["files/recent"] if p != text]
        self["files/recent"] = [text, *recent][:MAX_RECENT_FILES]
        self["files/last_dir"] = str(Path(text).parent)

    def to_dict(self) -> dict[str, Any]:
        """Every declared setting with its value (defaults included), for writing and for tests."""
        return {key: self[key] for key in DECLARED}

    def save(self) -> None:
        """Write the file atomically (``bridgegui.files.atomic_write``), creating the folder if needed."""
        self.path.parent.mkdir(parents=True, exist_ok=True)
        text = json.dumps(self.to_dict(), indent=2, ensure_ascii=False, sort_keys=True) + "\n"
        atomic_write(self.path, text)
