"""``bridgegui-deal``: deal constrained board sets from the command line.

Examples::

    bridgegui-deal -p 32 -s 42 --north "hcp 15-17, balanced" --south "hearts 5+, hcp 8-9" -o set.pbn
    bridgegui-deal -p 4 --west "shape 7600" --format text
    bridgegui-deal -p 16 --ns "hcp 25-27" --fit "NS 8+ hearts"

Exit status: 0 on success, 2 for a bad spec or bad arguments (the message names the term), 3 for
constraints no deal can satisfy (or too rare to find within the effort bound), 1 for I/O errors,
130 when interrupted.
"""

from __future__ import annotations

import argparse
import dataclasses
import io
import os
import sys
import time
from collections.abc import Sequence
from typing import TextIO, cast

import numpy as np

from bridgegui import __version__, cli_bidding
from bridgegui.engine import planner
from bridgegui.engine.boards import Board, boards_from_batch
from bridgegui.engine.cards import Deal
from bridgegui.engine.constraints import (
    DealRequest,
    PartnershipConstraint,
    parse_fit,
    parse_partnership_spec,
    parse_seat_spec,
)
from bridgegui.engine.dealing import make_rng, new_seed
from bridgegui.engine.errors import BridgeError, ConstraintError, ImpossibleError
from bridgegui.engine.lab.shuffles import ShuffleModel, deal_set_with_model, parse_shuffle
from bridgegui.engine.specs import echo

EXIT_OK, EXIT_IO, EXIT_SPEC, EXIT_IMPOSSIBLE, EXIT_INTERRUPTED = 0, 1, 2, 3, 130
GENERATOR = f"bridgegui {__version__}"

SPEC_HELP = """\
seat specs (--north/--east/--south/--west): comma-separated terms, each optional
  hcp 15-17            high-card points (A4 K3 Q2 J1); ranges are a-b, a+, a- (at most a) or a
  spades 5+            suit length (also hearts, diamonds, clubs; s h d c)
  balanced             4333 4432 5332   (semibalanced adds 5422 6322)
  shape 5xxx 6xxx      any-order patterns, x = any length; shape 5=4=x=x is spades=hearts=diamonds=clubs
  not 4333             exclude patterns
  cards AS KH QD       predealt cards the seat must hold
  qt 2+                quick tricks (AK 2, AQ 1.5, A 1, KQ 1, Kx 0.5); halves allowed: qt 1.5-2.5
  ltc 7-               losing-trick count
  tricks 6+            playing tricks (per-suit play-out estimate)
  controls 3+          aces 2, kings 1
  points 13+           total points: HCP plus one for every card over four in a suit
  support hearts 10-12 HCP plus shortness (void 5, singleton 3, doubleton 1) with hearts as trumps
  rule20               HCP plus the two longest suits' lengths is 20 or more
  quality spades 3+    how many of A K Q J 10 the suit holds
  stopper hearts       a stopper: A, Kx, Qxx or Jxxx
partnership specs (--ns/--ew): hcp 25-27, fit 8+ hearts (or fit 8+ for some suit)
--fit "NS 8+ hearts" is a shorthand for --ns "fit 8+ hearts"

examples:
  bridgegui-deal -p 32 -s 42 --north "hcp 15-17, balanced" --south "hearts 5+, hcp 8-9" -o set.pbn
  bridgegui-deal -p 4 --west "shape 7600" --format text
  bridgegui-deal -p 16 --ns "hcp 25-27" --fit "NS 8+ hearts"
"""


class SpecError(Exception):
    """A bad command-line spec: exit status 2."""


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="bridgegui-deal",
        description="Deal bridge boards that fit constraints, exactly as often as real deals would.",
        epilog=SPEC_HELP,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "script", nargs="?", help="a dealer script to run (the language of the classic 'dealer' program)"
    )
    parser.add_argument(
        "-p",
        "--produce",
        type=int,
        default=None,
        metavar="N",
        help="boards to produce (default 16, or the script's produce)",
    )
    parser.add_argument(
        "-g",
        "--generate",
        type=int,
        default=None,
        metavar="N",
        help="with a script: at most N deals generated (dealer's -g)",
    )
    parser.add_argument(
        "-v", "--verbose", action="store_true", help="with a script: print dealer's statistics at the end"
    )
    parser.add_argument(
        "-s",
        "--seed",
        type=int,
        default=None,
        help="seed for a reproducible set (default: fresh entropy, recorded in the file)",
    )
    for seat in ("north", "east", "south", "west"):
        parser.add_argument(f"--{seat}", default="", metavar="SPEC", help=f"constraint on {seat.capitalize()}'s hand")
    parser.add_argument("--ns", default="", metavar="SPEC", help="North-South together, e.g. 'hcp 25-27'")
    parser.add_argument("--ew", default="", metavar="SPEC", help="East-West together")
    parser.add_argument(
        "--fit", action="append", default=[], metavar="'SIDE N+ SUIT'", help="a fit, e.g. 'NS 8+ hearts' or 'EW 8+'"
    )
    parser.add_argument("--first-board", type=int, default=1, metavar="K", help="number of the first board (default 1)")
    parser.add_argument("-o", "--output", default="-", metavar="FILE", help="output file (default: standard output)")
    parser.add_argument(
        "--format",
        choices=("pbn", "text"),
        default=None,
        help="PBN 2.1 export format (the default), or readable diagrams; a script without -o/--format runs its own actions",
    )
    parser.add_argument("--pdf", metavar="FILE", help="also write printable sheets of the set as a PDF")
    parser.add_argument(
        "--dd",
        action="store_true",
        help="add double-dummy tricks and par (DoubleDummyTricks, OptimumScore) to the PBN set and hand records; "
        "needs the optional endplay package: pip install 'bridgegui[dd]'",
    )
    parser.add_argument(
        "--sheets",
        choices=("practice", "records"),
        default="records",
        help="with --pdf: practice (one sheet per seat, own hand only) or records (hand records, the default)",
    )
    parser.add_argument(
        "--shuffle",
        default="uniform",
        metavar="MODEL",
        help="how the cards are mixed: uniform (default, a perfect shuffle), riffle:K (K human riffle shuffles "
        "of a deck gathered after play), markov:P (Bredrup & Zhang's Markov model of hand shuffling, with tie "
        "probability P, e.g. 0.384)",
    )
    parser.add_argument(
        "--max-tries",
        type=int,
        default=None,
        metavar="N",
        help=f"give up after N deals tried (default {planner.DEFAULT_MAX_TRIES:,}; "
        f"with --auction {cli_bidding.AUCTION_MAX_TRIES:,}, since every deal is bid by the system)",
    )
    parser.add_argument("-q", "--quiet", action="store_true", help="no progress or summary on standard error")
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    cli_bidding.add_arguments(parser)
    return parser


def request_from_args(args: argparse.Namespace) -> DealRequest:
    """The ``DealRequest`` the flags describe; ``SpecError`` names the flag and the term."""
    seats = []
    for seat in ("north", "east", "south", "west"):
        try:
            seats.append(parse_seat_spec(getattr(args, seat)))
        except ConstraintError as exc:
            raise SpecError(f"--{seat}: {exc}") from None
    sides: dict[str, PartnershipConstraint] = {}
    for side in ("ns", "ew"):
        try:
            sides[side] = parse_partnership_spec(getattr(args, side))
        except ConstraintError as exc:
            raise SpecError(f"--{side}: {exc}") from None
    for text in args.fit:
        side, _, rest = text.strip().partition(" ")
        key = side.lower()
        if key not in sides:
            raise SpecError(f"--fit {echo(text)!r}: start with the side, NS or EW, e.g. 'NS 8+ hearts'")
        try:
            fit = parse_fit(rest)
        except ConstraintError as exc:
            raise SpecError(f"--fit {echo(text)!r}: {exc}") from None
        if sides[key].fit is not None:
            raise SpecError(f"--fit {echo(text)!r}: {side.upper()} already has a fit")
        sides[key] = PartnershipConstraint(sides[key].hcp, fit)
    request = DealRequest(tuple(seats), sides["ns"], sides["ew"])  # type: ignore[arg-type]
    return request


class ProgressLine:
    """A line on standard error that updates in place, only when it is a terminal."""

    def __init__(self, stream: TextIO, total: int, enabled: bool) -> None:
        self.stream = stream
        self.total = total
        self.enabled = enabled and stream.isatty()
        self.last = 0.0

    def update(self, progress: planner.Progress, *, final: bool = False) -> None:
        if not self.enabled:
            return
        now = time.monotonic()
        if not final and now - self.last < 0.1:
            return
        self.last = now
        width = 24
        done = int(width * progress.matched / max(self.total, 1))
        bar = "#" * done + "-" * (width - done)
        self.stream.write(
            f"\r[{bar}] {progress.matched:,}/{self.total:,} boards · {progress.tried:,} deals tried · {progress.elapsed:.1f} s"
        )
        if final:
            self.stream.write("\n")
        self.stream.flush()


def run_script_file(args: argparse.Namespace, stdout: TextIO, stderr: TextIO) -> int:
    """``bridgegui-deal SCRIPT``: run a dealer script as dealer does, on the exact dealer."""
    from pathlib import Path

    from bridgegui.engine.script import ScriptError, compile_script
    from bridgegui.engine.script.request import run_script_exact

    if any(getattr(args, name) for name in ("north", "east", "south", "west", "ns", "ew", "fit")):
        raise SpecError("give either a dealer script or seat specs, not both")
    path = Path(args.script)
    text = sys.stdin.read() if args.script == "-" else path.read_text(encoding="utf-8", errors="replace")
    try:
        script = compile_script(text, source_name=None if args.script == "-" else str(path), seed=args.seed)
    except ScriptError as exc:
        raise SpecError(f"{args.script}: {exc}") from None
    seed = args.seed if args.seed is not None else new_seed()
    if args.format is None and args.output == "-":
        run_script_exact(script, stdout, seed=seed, generate=args.generate, produce=args.produce, verbose=args.verbose)
        return EXIT_OK
    result = run_script_exact(script, None, seed=seed, generate=args.generate, produce=args.produce, verbose=False)
    boards = [
        Board(args.first_board + i, Deal.from_masks(row), dealer=script.dealer, vulnerable=script.vulnerable)
        for i, row in enumerate(result.deals.tolist())
    ]
    args.format = args.format or "pbn"
    write_output(boards, args, None, seed, stdout, note=f"Dealer script: {path.name}")
    if args.verbose:
        stderr.write(
            f"Generated {result.generated} hands\nProduced {result.produced} hands\nInitial random seed {seed}\n"
        )
    return EXIT_OK


def check_counts(args: argparse.Namespace) -> None:
    """One rule for every count and seed on the command line: a value out of range is a ``SpecError``
    naming the flag (exit status 2), in spec mode and script mode alike, before anything is dealt."""
    if args.seed is not None and args.seed < 0:
        raise SpecError(f"-s/--seed must be 0 or more, not {args.seed}")
    for flag, value, what in (
        ("-p/--produce", args.produce, "board"),
        ("-g/--generate", args.generate, "deal"),
        ("--max-tries", args.max_tries, "deal"),
        ("--first-board", args.first_board, "board number"),
    ):
        if value is not None and value < 1:
            raise SpecError(f"{flag} needs at least 1 {what}, not {value}")


def run(args: argparse.Namespace, stdout: TextIO, stderr: TextIO) -> int:
    check_counts(args)
    if args.explain is not None:
        if args.script is not None or args.auction is not None:
            raise SpecError("--explain takes one deal: give it without a script or --auction")
        cli_bidding.explain(args, stdout)
        return EXIT_OK
    if args.script is not None:
        if args.auction is not None:
            raise SpecError("give either a dealer script or --auction, not both")
        return run_script_file(args, stdout, stderr)
    args.produce = 16 if args.produce is None else args.produce
    args.format = args.format or "pbn"
    if args.max_tries is None:
        args.max_tries = cli_bidding.AUCTION_MAX_TRIES if args.auction is not None else planner.DEFAULT_MAX_TRIES
    request = request_from_args(args)
    if args.auction is not None:
        return run_auction(args, request, stdout)
    model = _shuffle_model(args.shuffle)
    if not model.is_uniform:
        return run_with_model(args, request, model, stdout)
    plan = planner.plan_request(request)
    seed = args.seed if args.seed is not None else new_seed()
    progress_line = ProgressLine(stderr, args.produce, not args.quiet)
    parts = []
    last = None
    for progress in planner.deal_stream(plan, args.produce, seed=seed, max_tries=args.max_tries):
        parts.append(progress.deals)
        last = progress
        progress_line.update(progress)
    if last is not None:
        progress_line.update(last, final=True)
    batch = np.concatenate(parts)
    boards = boards_from_batch(batch, args.first_board)
    if args.dealer:
        boards = [dataclasses.replace(b, dealer=args.dealer.upper()) for b in boards]
    write_output(boards, args, request, seed, stdout)
    if not args.quiet and last is not None and stderr.isatty():
        stderr.write(f"{len(boards)} boards, seed {seed}, {last.tried:,} deals tried in {last.elapsed:.2f} s\n")
    return EXIT_OK


def run_auction(args: argparse.Namespace, extra: DealRequest, stdout: TextIO) -> int:
    """``--auction CALLS``: boards on which the system bids the calls first, dealt exactly (see ``cli_bidding``)."""
    if args.shuffle != "uniform":
        raise SpecError("--auction deals uniformly: it cannot be combined with --shuffle")
    system = cli_bidding.system_of(args)
    seed = args.seed if args.seed is not None else new_seed()
    boards, request = cli_bidding.deal_for_auction(args, system, extra, seed)
    note = f"Auction: {args.auction} ({system.title or system.name})"
    write_output(boards, args, request, seed, stdout, note=note)
    return EXIT_OK


def _shuffle_model(text: str) -> ShuffleModel:
    try:
        return parse_shuffle(text)
    except BridgeError as exc:
        raise SpecError(str(exc)) from None


def run_with_model(args: argparse.Namespace, request: DealRequest, model: ShuffleModel, stdout: TextIO) -> int:
    seed = args.seed if args.seed is not None else new_seed()
    batch = deal_set_with_model(model, request, args.produce, args.first_board, make_rng(seed), args.max_tries)
    boards = boards_from_batch(batch, args.first_board, tags=(("Shuffle", model.spec),))
    note = f"Not uniform: dealt with {model.describe()}"
    write_output(boards, args, request, seed, stdout, note=note)
    return EXIT_OK


def write_output(
    boards: list[Board],
    args: argparse.Namespace,
    request: DealRequest | None,
    seed: int,
    stdout: TextIO,
    *,
    note: str = "",
) -> None:
    from bridgegui.formats import pbn, text

    if getattr(args, "bid", False):
        boards = cli_bidding.bid_boards(boards, cli_bidding.system_of(args))
    if getattr(args, "dd", False):
        from bridgegui.engine import double_dummy

        missing = double_dummy.unavailable_message()
        if missing is not None:
            raise SpecError(f"--dd: {missing}")
        boards = [b.with_tags(**double_dummy.board_tags(b)) if b.deal is not None else b for b in boards]
    if getattr(args, "pdf", None):
        # Imported here: printing needs Qt (offscreen), and the command line must not load it otherwise.
        from bridgegui import printing

        system = cli_bidding.system_of(args) if cli_bidding.wants_bidding(args) else None
        printing.write_sheets(args.sheets, boards, args.pdf, seed=seed, system=system)

    if args.format == "pbn":
        header = [note] if note else []
        if request is not None and not request.is_empty:
            header.append(f"Constraints: {describe_request(request)}")
        if args.output == "-":
            data = pbn.dumps(boards, generator=GENERATOR, seed=seed, extra_header=header)
            stdout.flush()
            buffer = getattr(stdout, "buffer", None)
            if buffer is not None:
                buffer.write(data.encode("utf-8"))
                buffer.flush()
            else:
                stdout.write(data)
        else:
            pbn.save(args.output, boards, generator=GENERATOR, seed=seed, extra_header=header)
        return
    diagrams = "\n\n".join(text.deal_diagram(b.deal, board=b) for b in boards) + "\n"
    if args.output == "-":
        stdout.write(diagrams)
    else:
        from bridgegui.files import atomic_write

        atomic_write(args.output, diagrams)  # the old file stays whole if the disk fills


def describe_request(request: DealRequest) -> str:
    parts = []
    for name, seat in zip(("North", "East", "South", "West"), request.seats, strict=True):
        if not seat.is_empty:
            parts.append(f"{name}: {seat.to_spec()}")
    for name, side in (("NS", request.ns), ("EW", request.ew)):
        if not side.is_empty:
            parts.append(f"{name}: {side.to_spec()}")
    return "; ".join(parts)


class ClosedStream:
    """Stands in for a standard stream that is closed: ``bridgegui-deal >&-`` starts Python with
    ``sys.stdout`` None.  Writing to it raises ``OSError``, an I/O error like any other (exit status 1),
    so a run that writes to a file (``-o``) still works and one that writes to the stream says why it
    cannot."""

    def __init__(self, name: str) -> None:
        self.name = name

    def write(self, _text: str) -> int:
        raise OSError(f"standard {self.name} is closed")

    def flush(self) -> None:
        """Nothing to flush: ``write`` raises."""

    def isatty(self) -> bool:
        return False


def _usable(stream: TextIO | None, name: str) -> TextIO:
    if stream is None or getattr(stream, "closed", False):
        return cast("TextIO", ClosedStream(name))
    return stream


def _silence_stdout() -> None:
    """After a broken pipe (``bridgegui-deal | head -1``), point standard output at the null device so
    Python's own flush at exit does not print a second error (the ``signal`` module's documented remedy)."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, AttributeError, ValueError):  # no real file behind it: nothing to flush at exit
        pass


def main(argv: Sequence[str] | None = None, stdout: TextIO | None = None, stderr: TextIO | None = None) -> int:
    out = _usable(stdout if stdout is not None else sys.stdout, "output")
    err = stderr if stderr is not None else sys.stderr
    if err is None or getattr(err, "closed", False):  # 2>&-: run quietly; the exit status still tells
        err = io.StringIO()
    args = build_parser().parse_args(argv)
    try:
        return run(args, out, err)
    except SpecError as exc:
        err.write(f"bridgegui-deal: {exc}\n")
        return EXIT_SPEC
    except (ImpossibleError, ConstraintError) as exc:  # no deal fits, or the constraints contradict
        err.write(f"bridgegui-deal: impossible request: {exc}\n")
        return EXIT_IMPOSSIBLE
    except BridgeError as exc:
        err.write(f"bridgegui-deal: {exc}\n")
        return EXIT_SPEC
    except OSError as exc:
        if isinstance(exc, BrokenPipeError) and out is sys.stdout:
            _silence_stdout()
        err.write(f"bridgegui-deal: {exc}\n")
        return EXIT_IO
    except KeyboardInterrupt:
        err.write("\nbridgegui-deal: interrupted\n")
        return EXIT_INTERRUPTED


if __name__ == "__main__":
    sys.exit(main())
