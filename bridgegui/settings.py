"""User settings: declared once, stored as JSON in the user config directory.

Each setting is declared here, once, with its type, default and a description (Picard's pattern):
code reads ``settings["deck/four_colour"]`` and a typo or a wrong type fails loudly instead of
silently creating a second setting.  No Qt here, so the command line can share the file; the window
stores its geometry and dock layout as base64 strings it gets from Qt.

Where: ``$BRIDGEGUI_CONFIG_DIR/settings.json`` when that variable is set (the tests point it at a
temporary folder), else ``platformdirs.user_config_dir("bridgegui")``.  A file that cannot be read in
full (not UTF-8, not JSON, nested too deep for the parser, not a JSON object, absurdly large) is set
aside as ``settings.json.corrupt`` (an older one is kept: the next is ``settings.json.2.corrupt``) and
the defaults are used, with a warning the window shows in its status bar; a single value of the wrong
type or outside its declared values is dropped alone.  Losing one's preferences is bad, losing the
program's ability to start is worse.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import platformdirs

from bridgegui import APP_NAME
from bridgegui.files import FileRefusedError, atomic_write, read_user_bytes

CONFIG_DIR_ENV = "BRIDGEGUI_CONFIG_DIR"
DATA_DIR_ENV = "BRIDGEGUI_DATA_DIR"
SETTINGS_FILE = "settings.json"
MAX_RECENT_FILES = 8
MAX_FILE_BYTES = 4 * 1024 * 1024
"""A settings or preset file is a few kilobytes; one larger than this is not read (it is set aside)."""


def is_storable_text(text: str) -> bool:
    """Whether ``text`` can be written back as UTF-8 and passed to a path: no lone surrogates, no NUL.

    JSON allows both (``"\\ud800"``, ``"\\u0000"``); kept, they would fail only later, when the
    window saves the file on closing or opens a recent file.
    """
    if "\x00" in text:
        return False
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def set_aside(path: Path) -> Path | None:
    """Rename a damaged file to ``NAME.corrupt`` (or ``NAME.2.corrupt``…, never over an older one).

    Returns the new path, or None when the file could not be moved (then the caller must not write
    over it either).  A hard link then an unlink never replaces an existing target; where the file
    system has no hard links, a checked rename does.
    """
    for n in range(1, 1000):
        target = path.with_name(f"{path.name}.corrupt" if n == 1 else f"{path.name}.{n}.corrupt")
        if os.path.lexists(target):
            continue
        try:
            os.link(path, target, follow_symlinks=False)
        except FileExistsError:
            continue
        except OSError:
            try:
                if os.path.lexists(target):
                    continue
                os.rename(path, target)
            except OSError:
                return None
            return target
        try:
            os.unlink(path)
        except OSError:
            with contextlib.suppress(OSError):
                os.unlink(target)
            return None
        return target
    return None


@dataclass(frozen=True, slots=True)
class Setting:
    """One declared setting: its key, value type, default and what it is for."""

    key: str
    type: type
    default: Any
    description: str
    valid: Callable[[Any], bool] | None = None
    """A further check of a value of the right type (a known seat, base64 text, a count in range)."""

    def accepts(self, value: object) -> bool:
        """Whether ``value`` has this setting's type (``bool`` is not accepted as an ``int``) and passes ``valid``."""
        if self.type is int:
            ok = isinstance(value, int) and not isinstance(value, bool)
        elif self.type is list:
            ok = isinstance(value, list) and all(isinstance(item, str) and is_storable_text(item) for item in value)
        elif self.type is str:
            ok = isinstance(value, str) and is_storable_text(value)
        else:
            ok = isinstance(value, self.type)
        return ok and (self.valid is None or bool(self.valid(value)))


SEED_MODES = ("random", "fixed")
THEMES = ("system", "light", "dark")
DEALER_MODES = ("board", "N", "E", "S", "W")
MAX_SET_COUNT = 100_000
"""The largest board count the Deal Set dialog offers (``ui.dialogs.MAX_SET``)."""


def _one_of(choices: tuple[str, ...]) -> Callable[[Any], bool]:
    return lambda value: value in choices


def _matches(pattern: str) -> Callable[[Any], bool]:
    compiled = re.compile(pattern)
    return lambda value: compiled.fullmatch(value) is not None


_BASE64 = _matches(r"[A-Za-z0-9+/=]*")

_DECLARED = (
    Setting("window/geometry", str, "", "Main window size and position (base64 of QMainWindow.saveGeometry).", _BASE64),
    Setting("window/state", str, "", "Toolbar and dock layout (base64 of QMainWindow.saveState).", _BASE64),
    Setting("constraints/N", str, "", "North's seat spec when the window was last closed."),
    Setting("constraints/E", str, "", "East's seat spec when the window was last closed."),
    Setting("constraints/S", str, "", "South's seat spec when the window was last closed."),
    Setting("constraints/W", str, "", "West's seat spec when the window was last closed."),
    Setting("constraints/NS", str, "", "North-South partnership spec when the window was last closed."),
    Setting("constraints/EW", str, "", "East-West partnership spec when the window was last closed."),
    Setting(
        "constraints/advanced", str, "", "The advanced condition (a dealer expression) when the window was last closed."
    ),
    Setting(
        "constraints/dealer",
        str,
        "board",
        "Dealer: 'board' (Law 2, from the board number) or a fixed seat.",
        _one_of(DEALER_MODES),
    ),
    Setting(
        "seed/mode",
        str,
        "random",
        "'random': a fresh seed for every deal; 'fixed': reuse seed/value.",
        _one_of(SEED_MODES),
    ),
    Setting(
        "seed/value",
        str,
        "",
        "The seed last used or typed (a decimal integer; JSON numbers lose 128-bit precision in other readers).",
        _matches(r"[0-9]{0,39}"),  # a 128-bit seed has at most 39 decimal digits
    ),
    Setting(
        "deal_set/count",
        int,
        16,
        "Boards in a set, as last chosen in the Deal Set dialog.",
        lambda n: 1 <= n <= MAX_SET_COUNT,
    ),
    Setting("files/recent", list, [], "Recently opened or saved PBN files, newest first."),
    Setting("files/last_dir", str, "", "Folder of the last opened or saved file."),
    Setting("deck/four_colour", bool, False, "Four-colour deck: ♠ black, ♥ red, ♦ orange, ♣ green."),
    Setting(
        "appearance/theme",
        str,
        "system",
        "Palette: 'system' (follow the desktop), 'light' or 'dark'.",
        _one_of(THEMES),
    ),
    Setting(
        "practice/visible",
        str,
        "S",
        "Seats shown in practice mode (e.g. 'S', 'NS', 'NESW').",
        _matches(r"[NESW]{0,4}"),
    ),
    Setting(
        "practice/system",
        str,
        "",
        "The system of bidding practice (Practice > Bid with a System): a shipped system's name, '' for none.",
        _matches(r"[a-z0-9_-]{0,40}"),
    ),
    Setting(
        "systems/last",
        str,
        "",
        "The bidding system last chosen in any system chooser (a shipped system's name or a file's path).",
    ),
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


class UnreadableFileError(ValueError):
    """A settings or preset file that cannot be read in full (the message says why, not where)."""


def read_json_object(path: Path) -> dict[str, Any]:
    """The JSON object in ``path``; ``UnreadableFileError`` when it is not one, ``OSError`` when it cannot be opened.

    Strict UTF-8 (a leading byte-order mark is allowed, as Windows editors write one); Latin-1 or
    UTF-16 text, broken JSON, JSON nested deeper than the parser's recursion, integers longer than
    Python converts, and files over ``MAX_FILE_BYTES`` all end in ``UnreadableFileError``.
    """
    try:
        raw = read_user_bytes(path, limit_bytes=MAX_FILE_BYTES, what="settings or preset file")
    except FileRefusedError as exc:
        if exc.kind == "not_regular":  # a FIFO would block, /dev/null is someone's choice: not ours to set aside
            raise OSError(errno.EINVAL, "not a regular file", str(path)) from None
        raise UnreadableFileError(f"larger than {MAX_FILE_BYTES // (1024 * 1024)} MB") from None
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise UnreadableFileError(f"not UTF-8 text (byte {exc.start})") from None
    try:
        data = json.loads(text)
    except RecursionError:
        raise UnreadableFileError("nested too deeply") from None
    except ValueError as exc:  # JSONDecodeError, and the int-length limit
        raise UnreadableFileError(f"not valid JSON ({exc})") from None
    if not isinstance(data, dict):
        raise UnreadableFileError("the top level is not a JSON object")
    return data


class Settings:
    """The declared settings with their current values; ``load`` reads them and ``save`` writes them.

    Values are checked against the declarations both ways: reading a wrong type from the file drops
    that value (with a warning) and setting a wrong type raises ``TypeError``.
    """

    def __init__(self, path: Path | None = None) -> None:
        self.path = path if path is not None else config_dir() / SETTINGS_FILE
        self._values: dict[str, Any] = {}
        self.warnings: list[str] = []
        self._writable = True

    @classmethod
    def load(cls, path: Path | None = None) -> Settings:
        """Read the settings file; a missing file gives the defaults, a corrupt one defaults plus a warning."""
        settings = cls(path)
        settings.reload()
        return settings

    def reload(self) -> None:
        """Read the file again: every readable, valid value is kept; see the module docstring for the rest."""
        self._values = {}
        self.warnings = []
        self._writable = True
        try:
            data = read_json_object(self.path)
        except FileNotFoundError:
            return
        except UnreadableFileError as exc:
            self._set_aside(str(exc))
            return
        except OSError as exc:
            # Not ours to move (no permission, a folder in the way): use the defaults and leave it alone.
            self._writable = False
            self.warnings.append(
                f"Could not read the settings file {self.path}: {exc.strerror or exc}; using the defaults."
            )
            return
        bad = []
        for key, value in data.items():
            setting = DECLARED.get(key)
            if setting is None:
                continue  # a setting from a newer or older version: ignore it, keep going
            if setting.accepts(value):
                self._values[key] = value[:MAX_RECENT_FILES] if key == "files/recent" else value
            else:
                bad.append(key)
        if bad:
            self.warnings.append(
                f"Some settings in {self.path} had the wrong type or value and were reset: {', '.join(sorted(bad))}."
            )

    def _set_aside(self, reason: str) -> None:
        """Move a damaged file out of the way so the next save does not destroy what the user had."""
        kept = set_aside(self.path)
        if kept is None:
            self._writable = False  # could not move it: do not write over it either
            where = " (it could not be moved and will not be overwritten)"
        else:
            where = f" (kept as {kept.name})"
        self.warnings.append(f"The settings file {self.path} is damaged{where}: {reason}. Using the defaults.")

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
        """Write the file atomically (``bridgegui.files.atomic_write``), creating the folder if needed.

        Raises ``OSError`` without writing when the file on disk could not be read nor set aside: a
        file the program does not understand is the user's to repair, not the program's to replace.
        """
        if not self._writable:
            raise OSError(f"not overwriting {self.path}: it could not be read")
        self.path.parent.mkdir(parents=True, exist_ok=True)
        text = json.dumps(self.to_dict(), indent=2, ensure_ascii=False, sort_keys=True) + "\n"
        atomic_write(self.path, text)
