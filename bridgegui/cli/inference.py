"""The command line's ``--infer`` and ``--simulate``: what an auction shows, and what a call would score.

Part of the ``bridgegui-deal`` front end (``bridgegui.cli.deal`` calls it), beside ``bidding``.  Both
deal exactly the deals on which the system bids ``--auction`` (with ``--hand`` predealt to its seat):

* ``--infer`` summarises each seat's hand over them (``engine.bidding.inference``): a table, or one
  JSON object with ``--json``.
* ``--simulate "2C,3NT"`` lets each candidate call be made, the system finish the auction, and scores
  the final contracts double dummy (``engine.bidding.simulation``): a table, or JSON, and with ``-o``
  every simulated deal as a PBN game whose ``Simulation`` tag gives each candidate's contract and tricks.

The first caller is ``-d``'s seat (or the auction's ``S:`` prefix), North when neither is given.
"""

from __future__ import annotations

import argparse
import json
from typing import TYPE_CHECKING, Any, TextIO

from bridgegui.engine.errors import BridgeError

if TYPE_CHECKING:
    from bridgegui.engine.bidding.inference import Inference, KnownHand
    from bridgegui.engine.bidding.simulation import ChunkResult, SimulationResult, SimulationSetup

DEFAULT_INFER_DEALS = 2000
"""``--infer``'s sample without ``-p`` (``inference.DEFAULT_INFERENCE_DEALS``; a test checks they agree)."""

DEFAULT_SIMULATE_DEALS = 200
"""``--simulate``'s deals without ``-p`` (``simulation.DEFAULT_SIMULATION_DEALS``; a test checks they agree)."""

VULNERABILITY_NAMES = {"none": "None", "ns": "NS", "ew": "EW", "all": "All", "both": "All", "-": "None"}


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The inference and simulation flags, in their own group of ``--help``."""
    group = parser.add_argument_group(
        "inference and simulation (over the deals on which the system bids --auction, dealt exactly)"
    )
    group.add_argument(
        "--infer",
        action="store_true",
        help=f"print what the auction shows about each seat: HCP and suit lengths (5th-95th percentile, mean) "
        f"and the share of balanced hands, over -p deals (default {DEFAULT_INFER_DEALS:,})",
    )
    group.add_argument(
        "--simulate",
        default=None,
        metavar="CALLS",
        help=f"compare candidate calls for the seat to call after --auction, e.g. '2C,3NT': the system finishes "
        f"the auction after each, and the contracts are scored double dummy over -p deals (default "
        f"{DEFAULT_SIMULATE_DEALS}); IMPs are against the first call; needs the dd extra (endplay)",
    )
    group.add_argument(
        "--hand",
        default=None,
        metavar="SEAT:HAND",
        help="a seat's known hand, e.g. 'S:AQ73.K84.J92.T65': every deal gives it that hand "
        "(--simulate scores from its side; without it, from the side of the seat to call)",
    )
    group.add_argument("--json", action="store_true", help="with --infer or --simulate: print one JSON object")
    group.add_argument(
        "--vul",
        default="None",
        metavar="VUL",
        help="the board's vulnerability for --infer and --simulate: None, NS, EW or All (default None)",
    )
    group.add_argument(
        "--cluster",
        default=None,
        metavar="ADDRESS",
        help="with --simulate: run the chunks on a Dask cluster, e.g. tcp://HOST:8786 (needs the cluster extra: "
        "pip install 'bridgegui[cluster]'); the results are the same as a local run's",
    )


def wanted(args: argparse.Namespace) -> bool:
    return bool(args.infer or args.simulate is not None)


def _vulnerability(text: str) -> str:
    vul = VULNERABILITY_NAMES.get(text.strip().lower())
    if vul is None:
        raise BridgeError(f"--vul {text!r}: use None, NS, EW or All")
    return vul


def _known(args: argparse.Namespace) -> KnownHand | None:
    from bridgegui.engine.bidding.inference import KnownHand

    return KnownHand.parse(args.hand) if args.hand else None


def _dealer_and_calls(args: argparse.Namespace) -> tuple[str, str]:
    from bridgegui.cli.bidding import split_auction

    if args.auction is None:
        raise BridgeError("--infer and --simulate need --auction (give --auction '' for the dealer's first call)")
    dealer, calls = split_auction(args.auction, args.dealer.upper() if args.dealer else None)
    return dealer or "N", calls


def _check(args: argparse.Namespace) -> None:
    if args.infer and args.simulate is not None:
        raise BridgeError("give --infer or --simulate, not both")
    if args.script:
        raise BridgeError("--infer and --simulate deal for --auction: give them without a dealer script")
    if args.cluster is not None and args.simulate is None:
        raise BridgeError("--cluster runs a simulation: give it with --simulate")
    for name in ("north", "east", "south", "west", "ns", "ew", "fit"):
        if getattr(args, name):
            raise BridgeError("--infer and --simulate take a known hand with --hand, not seat specs")


def run(args: argparse.Namespace, stdout: TextIO, stderr: TextIO) -> int:
    """``--infer`` or ``--simulate``; the exit status (errors raise ``BridgeError`` for ``cli.main``)."""
    _check(args)
    if args.infer:
        return infer(args, stdout)
    return simulate(args, stdout, stderr)


def infer(args: argparse.Namespace, stdout: TextIO) -> int:
    from bridgegui.cli.bidding import system_of
    from bridgegui.engine.bidding.inference import shown_hands
    from bridgegui.engine.dealing import new_seed

    dealer, calls = _dealer_and_calls(args)
    system = system_of(args)
    seed = args.seed if args.seed is not None else new_seed()
    count = args.produce or DEFAULT_INFER_DEALS
    vul = _vulnerability(args.vul)
    inference, _ = shown_hands(
        system, calls, dealer, known=_known(args), vulnerable=vul, count=count, seed=seed, max_tries=args.max_tries
    )
    if args.json:
        stdout.write(json.dumps(inference.as_dict()) + "\n")
    else:
        stdout.write(inference_table(inference, system.title or system.name, seed))
    return 0


def _range(low: int, high: int) -> str:
    return str(low) if low == high else f"{low}-{high}"


def inference_table(inference: Inference, system: str, seed: int) -> str:
    """The ``--infer`` table: per seat, the 5th-95th percentile range with the mean, and the balanced share."""
    from bridgegui.engine.cards import SEAT_NAMES, SEATS

    auction = inference.auction
    shown = auction.text() or "(no calls)"
    lines = [
        f"What {shown} shows ({system}, {SEAT_NAMES[SEATS.index(auction.dealer)]} deals), "
        f"over {inference.deals:,} deals dealt exactly (seed {seed}); ranges are 5th-95th percentiles",
        f"{'Seat':<14}{'HCP':<14}{'Spades':<12}{'Hearts':<12}{'Diamonds':<12}{'Clubs':<12}Balanced",
    ]
    for i, seat in enumerate(inference.seats):
        name = SEAT_NAMES[i] + (" (known)" if seat.known else "")
        cells = [f"{_range(seat.hcp.p05, seat.hcp.p95)} ({seat.hcp.mean:.1f})"]
        cells += [f"{_range(s.p05, s.p95)} ({s.mean:.1f})" for s in seat.lengths]
        lines.append(
            f"{name:<14}{cells[0]:<14}{cells[1]:<12}{cells[2]:<12}{cells[3]:<12}{cells[4]:<12}{seat.balanced:.0%}"
        )
    return "\n".join(lines) + "\n"


def simulate(args: argparse.Namespace, stdout: TextIO, stderr: TextIO) -> int:
    from bridgegui.cli import terminal
    from bridgegui.engine import double_dummy
    from bridgegui.engine.bidding.simulation import SimulationSetup
    from bridgegui.engine.bidding.simulation import simulate as run_simulation
    from bridgegui.engine.dealing import new_seed

    dealer, calls = _dealer_and_calls(args)
    candidates = tuple(c.strip() for c in args.simulate.split(",") if c.strip())
    if not candidates:
        raise BridgeError("--simulate needs candidate calls, e.g. '2C,3NT'")
    missing = double_dummy.unavailable_message()
    if missing is not None:
        raise BridgeError(f"--simulate: {missing}")
    setup = SimulationSetup(
        args.system or "standard", calls, dealer, candidates, _known(args), _vulnerability(args.vul)
    )
    seed = args.seed if args.seed is not None else new_seed()
    count = args.produce or DEFAULT_SIMULATE_DEALS
    show = not args.quiet and stderr.isatty()
    chunks: list[ChunkResult] = []
    result: SimulationResult | None = None
    for progress in run_simulation(setup, count, seed=seed, cluster=args.cluster):
        chunks.append(progress.chunk)
        result = progress.result
        if show:
            stderr.write(f"\rsimulated {progress.done:,} of {count:,} deals")
            stderr.flush()
    if show:
        terminal.end_line(stderr)
    assert result is not None  # at least one chunk: count >= 1
    if args.output != "-":
        write_simulation(args.output, setup, chunks, seed)
    if args.json:
        stdout.write(json.dumps(simulation_json(result)) + "\n")
    else:
        stdout.write(simulation_table(result, setup, seed))
    return 0


def simulation_json(result: SimulationResult) -> dict[str, Any]:
    """The ``--simulate --json`` object: ``deals`` and, per candidate, ``call``, ``mean_score``,
    ``mean_imps`` and ``se_imps`` (IMPs against the first candidate)."""
    return {
        "deals": result.deals,
        "candidates": [
            {"call": str(c.call), "mean_score": c.mean_score, "mean_imps": c.mean_imps, "se_imps": c.se_imps}
            for c in result.candidates
        ],
    }


def simulation_table(result: SimulationResult, setup: SimulationSetup, seed: int) -> str:
    """The ``--simulate`` table: per candidate, mean score, IMPs ± standard error, and the contracts reached."""
    from bridgegui.engine.bidding.simulation import contract_text

    side = "North-South" if result.side == "NS" else "East-West"
    lines = [
        f"{result.deals:,} deals consistent with {setup.auction or '(no calls)'} (seed {seed}), vulnerable: "
        f"{result.vulnerable}; scores for {side}, double dummy; IMPs against {result.candidates[0].call}",
        f"{'Call':<6}{'Score':>9}{'IMPs':>8}{'± se':>7}  Contracts (share, made)",
    ]
    for c in result.candidates:
        reached = ", ".join(
            f"{contract_text(s.contract)} {s.deals / result.deals:.0%}"
            + (f" made {s.made / s.deals:.0%}" if s.contract is not None else "")
            for s in c.contracts[:4]
        )
        lines.append(f"{c.call!s:<6}{c.mean_score:>9.1f}{c.mean_imps:>+8.2f}{c.se_imps:>7.2f}  {reached}")
    return "\n".join(lines) + "\n"


def simulation_tag(chunk: ChunkResult, calls: tuple[str, ...], i: int) -> str:
    """The ``Simulation`` tag of a chunk's deal ``i``: ``"2C=4H@N:10; 3NT=3NT@N:9"``, ``"2C=PASS"`` when passed out."""
    from bridgegui.engine.bidding.calls import STRAINS
    from bridgegui.engine.cards import SEATS

    parts = []
    for j, call in enumerate(calls):
        if chunk.level[j, i] == 0:
            parts.append(f"{call}=PASS")
            continue
        contract = f"{chunk.level[j, i]}{STRAINS[chunk.strain[j, i]]}{'X' * int(chunk.doubled[j, i])}"
        parts.append(f"{call}={contract}@{SEATS[chunk.declarer[j, i]]}:{chunk.tricks[j, i]}")
    return "; ".join(parts)


def write_simulation(path: str, setup: SimulationSetup, chunks: list[ChunkResult], seed: int) -> None:
    """Every simulated deal as a PBN game: Board, Dealer, Vulnerable, Deal, Auction so far and ``Simulation``."""
    from bridgegui import __version__
    from bridgegui.engine.bidding.calls import Call
    from bridgegui.engine.boards import Board
    from bridgegui.engine.cards import Deal
    from bridgegui.files import atomic_writer, naming_write_errors
    from bridgegui.formats import pbn

    calls = tuple(str(Call.parse(c)) for c in setup.candidates)
    boards: list[Board] = []
    for chunk in chunks:
        for i, row in enumerate(chunk.deals.tolist()):
            board = Board(len(boards) + 1, Deal.from_masks(row), dealer=setup.dealer, vulnerable=setup.vulnerable)
            boards.append(board.with_tags(Simulation=simulation_tag(chunk, calls, i)))
    notes = [
        f"Simulation of {', '.join(calls)} after {setup.auction or '(no calls)'} ({setup.system} system)",
        f"Known hand: {setup.known.text}" if setup.known is not None else "No known hand",
    ]
    text = pbn.dumps(boards, generator=f"bridgegui {__version__}", seed=seed, extra_header=notes)
    with naming_write_errors(path), atomic_writer(path, "wb") as out:
        out.write(text.encode("utf-8"))


__all__ = [
    "DEFAULT_INFER_DEALS",
    "DEFAULT_SIMULATE_DEALS",
    "add_arguments",
    "inference_table",
    "run",
    "simulation_json",
    "simulation_table",
    "wanted",
]
