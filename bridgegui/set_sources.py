"""The sources of a practice set: presets and dealer scripts, turned into the engine's scenarios.

The command line (``bridgegui-deal -p 24 stayman.dl transfers.dl "preset:Weak two"``) and the window's
Deal Set dialog name a set's scenarios the same way, so both resolve them here:

* ``preset:NAME``: a shipped or saved preset, found by name without regard to case; a name that
  starts only one preset's name is enough (``preset:weak two`` finds "Weak two (2♥)").  An unknown
  name is an error that lists the names.
* anything else: a dealer script's file; the boards record the file's stem (``stayman.dl`` →
  ``stayman``).
* ``SOURCE:N`` gives the source a weight of ``N`` (``A.dl:2 B.dl:1`` deals twice as many of A).

The scenario's dealer (``engine.dealer.mixing.Scenario``): a preset's ``dealer`` seat, a script's ``dealer``
statement, else North; an auction preset is written for North and follows each board's dealer.
No Qt here.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from bridgegui.engine.dealer.constraints import DealRequest
from bridgegui.engine.dealer.levelling import levelled, request_alternatives, script_alternatives
from bridgegui.engine.dealer.mixing import Scenario, SetSource
from bridgegui.engine.dealer.specs import PATH_ECHO_CHARS, echo
from bridgegui.engine.errors import BridgeError
from bridgegui.engine.script import ScriptError, compile_script
from bridgegui.engine.script.request import request_from_script
from bridgegui.files import TEXT_FILE_LIMIT, FileRefusedError, read_user_text
from bridgegui.presets import Preset, builtin_presets, preset_name_key, user_presets

PRESET_PREFIX = "preset:"


class SourceError(BridgeError):
    """A source that cannot be used: an unknown preset, an unreadable or malformed script, a bad weight."""


def split_weight(text: str) -> tuple[str, int]:
    """``"A.dl:2"`` → ``("A.dl", 2)``; without a trailing ``:N`` the weight is 1."""
    head, sep, tail = text.rpartition(":")
    if sep and head and head.lower() + sep != PRESET_PREFIX and tail.strip().isdigit():
        weight = int(tail)
        if weight < 1:
            raise SourceError(f"{text!r}: a weight is a whole number of at least 1")
        return head, weight
    return text, 1


def all_presets() -> list[Preset]:
    """The shipped presets, then the user's (a user preset that does not load is left out here)."""
    return builtin_presets(check=False) + user_presets()[0]


def find_preset(name: str, presets: Sequence[Preset]) -> Preset:
    """The preset called ``name`` (case ignored), or the only one whose name starts with it."""
    key = preset_name_key(name)
    exact = [p for p in presets if preset_name_key(p.name) == key]
    if exact:
        return exact[0]
    starting = [p for p in presets if key and preset_name_key(p.name).startswith(key)]
    if len(starting) == 1:
        return starting[0]
    names = "; ".join(p.name for p in presets)
    if starting:
        names = "; ".join(p.name for p in starting)
        raise SourceError(f"preset {echo(name)!r} could be any of: {names}")
    raise SourceError(f"no preset is called {echo(name)!r}; the presets are: {names}")


def preset_scenario(preset: Preset) -> Scenario:
    """The scenario of a preset: its request, and its dealer (an auction follows each board's dealer)."""
    request = preset.request()
    seat = None if preset.dealer == "board" else preset.dealer
    if preset.auction.strip():
        from bridgegui.engine.bidding import load_system, requests_by_vulnerability

        request_at = requests_by_vulnerability(load_system(preset.bidding_system()), preset.auction, "N")
        return Scenario(preset.name, request, dealer="N", fixed_dealer=seat, follows_board=True, request_at=request_at)
    return Scenario(preset.name, request, dealer=seat or "N", fixed_dealer=seat)


def script_scenario(text: str, name: str, *, source_name: str | None = None) -> Scenario:
    """The scenario of a dealer script: the exact dealer's request for its condition and predeals."""
    try:
        script = compile_script(text, source_name=source_name)
        request = request_from_script(script)
    except ScriptError as exc:
        raise SourceError(f"{source_name or name}: {exc}") from None
    return Scenario(
        name, request, dealer=script.dealer or "N", fixed_dealer=script.dealer, vulnerable=script.vulnerable
    )


def spec_source(request: DealRequest, *, name: str = "", dealer: str | None = None, level: bool = False) -> SetSource:
    """A set source for seat specs (the command line's flags, the window's editors)."""
    scenario = Scenario(name, request, dealer=dealer or "N", fixed_dealer=dealer)
    if level:
        return levelled(scenario, request_alternatives(request))
    return SetSource((scenario,))


def load_source(text: str, *, level: bool = False, presets: Sequence[Preset] | None = None) -> SetSource:
    """One source as the command line writes it (``preset:NAME``, a script's path; ``:N`` a weight)."""
    source, weight = split_weight(text)
    if source[: len(PRESET_PREFIX)].lower() == PRESET_PREFIX:
        preset = find_preset(source[len(PRESET_PREFIX) :], all_presets() if presets is None else presets)
        scenario = preset_scenario(preset)
        if not level:
            return SetSource((scenario,), weight)
        return levelled(scenario, request_alternatives(scenario.request), weight)
    path = Path(source)
    try:
        script_text = read_user_text(path, limit_bytes=TEXT_FILE_LIMIT, what="dealer script", legacy_encoding="latin-1")
    except FileRefusedError as exc:  # a FIFO or an endless device would block or fill the memory
        raise SourceError(str(exc)) from None
    except OSError as exc:
        raise SourceError(f"{echo(source, PATH_ECHO_CHARS)}: cannot be read ({exc.strerror or exc})") from None
    scenario = script_scenario(script_text, path.stem, source_name=str(path))
    if not level:
        return SetSource((scenario,), weight)
    try:
        alternatives = script_alternatives(script_text, source_name=str(path))
    except ScriptError as exc:  # pragma: no cover - script_scenario has compiled it already
        raise SourceError(f"{source}: {exc}") from None
    except BridgeError as exc:
        raise SourceError(f"{source}: {exc}") from None
    return levelled(scenario, alternatives, weight)


__all__ = [
    "PRESET_PREFIX",
    "SourceError",
    "all_presets",
    "find_preset",
    "load_source",
    "preset_scenario",
    "script_scenario",
    "spec_source",
    "split_weight",
]
