"""The command line's practice sets: ``--rotate``, ``--level`` and several scenarios in one set.

Part of the ``bridgegui-deal`` front end, so a script deals the sets the window deals; ``bridgegui.cli.deal``
calls ``wanted`` and ``run``.  The dealing is the engine's (``engine.dealer.mixing``, ``engine.dealer.rotation``,
``engine.dealer.levelling``); the sources are resolved by ``bridgegui.set_sources``, as the window's Deal Set
dialog resolves them.

* ``bridgegui-deal -p 24 stayman.dl transfers.dl "preset:Weak two"``: 24 boards, 8 of each, in a
  seeded order in which no scenario comes twice in a row when the counts allow it; ``A.dl:2 B.dl:1``
  weights the share.  Each board records its scenario (``[Scenario "stayman"]``).
* ``--rotate``: each deal is turned so the scenario's dealer deals the board as Law 2 numbers it
  (board 1 North, 2 East, 3 South, 4 West...).  ``--rotate ns``: on each board, with probability one half
  (seeded), the partnerships change places instead.  ``-d SEAT`` names the scenario's dealer for seat
  specs and scripts; without ``--rotate`` that seat deals every board.
* ``--level``: a scenario's alternatives are dealt equally often (``engine.dealer.levelling`` says what an
  alternative is); every board records its alternative (``[Alternative "..."]``).

A set's size is ``-p`` (default 16), shared among the sources.  Errors are ``BridgeError``s, which
``bridgegui.cli.main`` reports with exit status 2 (3 when a scenario cannot be dealt).
"""

from __future__ import annotations

import argparse
import dataclasses
from collections.abc import Callable
from typing import TYPE_CHECKING, TextIO

from bridgegui.engine.dealer import planner
from bridgegui.engine.dealing import new_seed
from bridgegui.engine.errors import BridgeError

if TYPE_CHECKING:
    from bridgegui.engine.dealer.constraints import DealRequest
    from bridgegui.engine.dealer.mixing import SetSource

# The dealing modules load only when a set is dealt: every run of bridgegui-deal imports this module
# (for its flags), and a plain run must not load the script compiler that levelling uses:
# start-up time is paid by every command-line run.

ROTATE_WORDS = {"law2": "law2", "ns": "ns"}
"""What ``--rotate`` may be followed by (nothing means ``law2``)."""

DEFAULT_SET = 16

SEAT_FLAGS = ("north", "east", "south", "west", "ns", "ew", "fit")

ROTATION_NOTES = {
    "law2": "rotated: each board's dealer (Law 2) holds the scenario's dealer's hand",
    "ns": "rotated: North-South and East-West change places on about half the boards, each chosen at random",
}


class SetError(BridgeError):
    """Arguments that do not make a set (exit status 2)."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """``--rotate [ns]`` and ``--level``, in their own group of ``--help``."""
    group = parser.add_argument_group(
        "practice sets (several scripts or presets: SCRIPT... or preset:NAME, :N weights)"
    )
    group.add_argument(
        "--rotate",
        nargs="?",
        const="law2",
        default=None,
        metavar="ns",
        help="turn each deal so the scenario's dealer deals the board as Law 2 numbers it (board 1 North, "
        "2 East, 3 South, 4 West); '--rotate ns' instead swaps North-South with East-West on about half the "
        "boards, each chosen at random (write --rotate after the scripts)",
    )
    group.add_argument(
        "--level",
        action="store_true",
        help="deal each alternative of a scenario equally often ('5+ hearts or 5+ spades', "
        "shape(north, any 5xxx + any 6xxx), 'shape 5xxx 6xxx') instead of as often as real deals bring it",
    )


def sources_of(args: argparse.Namespace) -> list[str]:
    """The sources named on the command line (``script`` is one string or a list of them)."""
    script = getattr(args, "script", None)
    if script is None:
        return []
    if isinstance(script, str):
        return [script]
    return [str(s) for s in script]


def wanted(args: argparse.Namespace) -> bool:
    """True when this module deals the set: ``--rotate``, ``--level``, more than one source, or a preset
    (``preset:NAME`` is no file: alone it was read as a script's path)."""
    sources = sources_of(args)
    return (
        getattr(args, "rotate", None) is not None
        or bool(getattr(args, "level", False))
        or len(sources) > 1
        or any(source.lower().startswith("preset:") for source in sources)
    )


def rotation_of(args: argparse.Namespace) -> str:
    value = getattr(args, "rotate", None)
    if value is None:
        return "none"
    try:
        return ROTATE_WORDS[str(value).lower()]
    except KeyError:
        raise SetError(
            f"--rotate takes nothing or 'ns', not {value!r}; write --rotate after the scripts and presets"
        ) from None


def _refuse_conflicts(args: argparse.Namespace, sources: list[str]) -> None:
    if getattr(args, "auction", None) is not None:
        raise SetError(
            "--auction deals its own boards: it cannot be combined with --rotate, --level or several sources"
        )
    if getattr(args, "explain", None) is not None:
        raise SetError("--explain takes one deal: give it without --rotate, --level or several sources")
    if getattr(args, "shuffle", "uniform") != "uniform":
        raise SetError("--rotate, --level and several sources deal uniformly: they cannot be combined with --shuffle")
    if sources and any(getattr(args, name, None) for name in SEAT_FLAGS):
        raise SetError("give either dealer scripts and presets, or seat specs, not both")
    if "-" in sources:
        raise SetError("a set reads its scripts from files: '-' (standard input) cannot be one of its sources")


def _with_dealer(source: SetSource, seat: str, *, fixed: bool = True) -> SetSource:
    """``-d SEAT``: for seat specs and scripts the seat is the scenario's dealer; it also deals every board
    unless ``--rotate`` turns each deal to the board's own dealer (then ``fixed`` is False)."""
    from bridgegui.engine.dealer.mixing import SetSource

    parts = tuple(
        dataclasses.replace(
            p, fixed_dealer=seat if fixed else p.fixed_dealer, dealer=p.dealer if p.follows_board else seat
        )
        for p in source.parts
    )
    return SetSource(parts, source.weight)


def build_sources(args: argparse.Namespace) -> tuple[list[SetSource], DealRequest | None]:
    """The set's sources, and the request for the file's header (seat specs only)."""
    from bridgegui.set_sources import load_source, spec_source

    sources = sources_of(args)
    _refuse_conflicts(args, sources)
    level = bool(getattr(args, "level", False))
    dealer = getattr(args, "dealer", None)
    seat = dealer.upper() if dealer else None
    request: DealRequest | None = None
    if sources:
        loaded = [load_source(text, level=level) for text in sources]
    else:
        from bridgegui.cli.deal import request_from_args  # the seat flags' grammar lives with the flags

        request = request_from_args(args)
        loaded = [spec_source(request, level=level)]
    if seat is not None:
        rotated = rotation_of(args) == "law2"
        loaded = [_with_dealer(s, seat, fixed=not rotated) for s in loaded]
    return loaded, request


def run(
    args: argparse.Namespace,
    stdout: TextIO,
    stderr: TextIO,
    write_output: Callable[..., None],
) -> int:
    """Deal the set and write it with ``write_output(boards, args, request, seed, stdout, note=...)``."""
    from bridgegui.engine.dealer.mixing import deal_set_now, describe_set

    rotation = rotation_of(args)
    sources, request = build_sources(args)
    total = args.produce if getattr(args, "produce", None) is not None else DEFAULT_SET
    seed = args.seed if getattr(args, "seed", None) is not None else new_seed()
    max_tries = getattr(args, "max_tries", None) or getattr(args, "generate", None) or planner.DEFAULT_MAX_TRIES
    boards = deal_set_now(
        sources,
        total,
        first_board=getattr(args, "first_board", 1),
        seed=seed,
        rotation=rotation,
        max_tries=max_tries,
    )
    notes = [f"Set: {describe_set(sources, total)}"] if len(sources) > 1 or sources[0].name else []
    if rotation in ROTATION_NOTES:
        notes.append(ROTATION_NOTES[rotation])
    if any(len(s.parts) > 1 for s in sources):
        notes.append("levelled: each alternative dealt equally often, not as often as real deals bring it")
    write_output(boards, args, request, seed, stdout, note="; ".join(notes))
    if not getattr(args, "quiet", False) and stderr.isatty():
        stderr.write(f"{len(boards)} boards, seed {seed}\n")
    return 0


__all__ = ["SetError", "add_arguments", "build_sources", "rotation_of", "run", "sources_of", "wanted"]
