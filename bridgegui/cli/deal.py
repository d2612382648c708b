"""``bridgegui-deal``: deal constrained board sets from the command line.

Examples::

    bridgegui-deal -p 32 -s 42 --north "hcp 15-17, balanced" --south "hearts 5+, hcp 8-9" -o set.pbn
    bridgegui-deal -p 4 --west "shape 7600" --format text
    bridgegui-deal -p 16 --ns "hcp 25-27" --fit "NS 8+ hearts"

Exit status: 0 on success, 2 for a bad spec or bad arguments (the message names the term), 3 for
constraints no deal can satisfy (or too rare to find within the effort bound), 4 for fewer boards
than asked (a dealer script that reached its generate limit: the boards found are written and
standard error says how many), 1 for I/O errors (or a worker process lost: killed, out of memory),
130 when interrupted.

Boards are written as they are dealt, batch by batch, formatted straight from the engine's arrays
(``begin``/``write_batch``/``end`` of the format module, see ``bridgegui.formats.registry``), so
memory stays flat whatever ``-p`` is: a million boards need no more than a few batches do (a long run
whose every deal is a board is dealt and formatted in the worker processes, ``planner.finished_chunks``
and ``output.SetStream.format``, and only written here).  A file is
written atomically: the set goes to a temporary file beside it, which replaces the file only once the
set is complete.  ``--pdf``,
``--dd``, ``--bid``, ``--auction`` and ``--shuffle`` need every board at once and keep the set in
memory.  Start-up matters as much as dealing for small sets, so this module imports only what
every run needs; scripts, bidding systems, printing and the format modules load when used.
"""

from __future__ import annotations

import argparse
import dataclasses
import io
import sys
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, Any, TextIO

from bridgegui import __version__
from bridgegui.cli import bidding, inference, sets, terminal
from bridgegui.cli.output import SetStream, open_output
from bridgegui.engine import parallel
from bridgegui.engine.dealer import planner
from bridgegui.engine.dealer.constraints import (
    DealRequest,
    PartnershipConstraint,
    parse_fit,
    parse_partnership_spec,
    parse_seat_spec,
)
from bridgegui.engine.dealer.specs import echo
from bridgegui.engine.dealing import new_seed
from bridgegui.engine.errors import BridgeError, ConstraintError, ImpossibleError, TooRareError
from bridgegui.entry import raise_if_stopped
from bridgegui.formats import registry

if TYPE_CHECKING:
    import numpy as np

    from bridgegui.engine.boards import Board
    from bridgegui.engine.lab.shuffles import ShuffleModel

EXIT_OK, EXIT_IO, EXIT_SPEC, EXIT_IMPOSSIBLE, EXIT_SHORT, EXIT_INTERRUPTED = 0, 1, 2, 3, 4, 130
EXIT_BROKEN_PIPE = 128 + 13
"""The reader of the output went away (``bridgegui-deal | head``): quiet, with the status a shell gives a
tool that SIGPIPE ended, as ``cat`` and ``seq`` end there."""
GENERATOR = f"bridgegui {__version__}"

SCRIPT_DEFAULT_GENERATE = 10_000_000
"""Dealer's default generate limit for a script without ``generate`` (``engine.script.script.DEFAULT_GENERATE``;
written here so ``--help`` need not load the script compiler; a test checks they agree)."""

MAX_BOARD_NUMBER = 999_999_999
"""The highest board number written: PBN readers (ours included, ``pbn.MAX_BOARD_DIGITS``) take nine digits."""

COLLECTING_FLAGS = ("pdf", "dd", "bid")
"""Flags that need the whole set at once (printing, double-dummy analysis, bidding every board)."""

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

output:
  Boards are written as they are dealt, so a set of any size needs little memory; with -o the
  file appears (or replaces the old one) only once the whole set is written.  --pdf, --dd, --bid,
  --auction and --shuffle keep the whole set in memory.  Without --format the format follows the
  file's extension (.pbn .lin .dup .dlm .bri .dge .csv .txt), else PBN.

exit status:
  0 done; 1 a file or standard output that cannot be written; 2 bad arguments or specs;
  3 no deal fits (or too rare to find within the limits); 4 fewer boards than asked (a dealer
  script that reached its generate limit: the boards found are written); 130 interrupted.

examples:
  bridgegui-deal -p 32 -s 42 --north "hcp 15-17, balanced" --south "hearts 5+, hcp 8-9" -o set.pbn
  bridgegui-deal -p 4 --west "shape 7600" --format text
  bridgegui-deal -p 16 --ns "hcp 25-27" --fit "NS 8+ hearts"
"""


class SpecError(Exception):
    """A bad command-line spec: exit status 2."""


class Once(argparse.Action):
    """A spec flag given twice is a mistake (exit 2), not a silent replacement: ``--north balanced --north
    "spades 7+"`` dealt unbalanced hands.  The message says how to give both terms."""

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: str | Sequence[Any] | None,
        option_string: str | None = None,
    ) -> None:
        if getattr(namespace, self.dest, "") not in ("", None):
            parser.error(f"{option_string} is given twice: give it once, with the terms joined by commas")
        setattr(namespace, self.dest, values)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="bridgegui-deal",
        description="Deal bridge boards that fit constraints, exactly as often as real deals would.",
        epilog=SPEC_HELP,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "script",
        nargs="*",
        default=[],
        help="a dealer script to run (the language of the classic 'dealer' program); several scripts or "
        "presets (preset:NAME) mix their boards into one set",
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
        help=f"with a script: at most N deals generated (dealer's -g; default the script's generate, "
        f"else {SCRIPT_DEFAULT_GENERATE:,}); a script that reaches it writes the boards found and exits with status 4",
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
        parser.add_argument(
            f"--{seat}", default="", metavar="SPEC", action=Once, help=f"constraint on {seat.capitalize()}'s hand"
        )
    parser.add_argument("--ns", default="", metavar="SPEC", action=Once, help="North-South together, e.g. 'hcp 25-27'")
    parser.add_argument("--ew", default="", metavar="SPEC", action=Once, help="East-West together")
    parser.add_argument(
        "--fit", action="append", default=[], metavar="'SIDE N+ SUIT'", help="a fit, e.g. 'NS 8+ hearts' or 'EW 8+'"
    )
    parser.add_argument("--first-board", type=int, default=1, metavar="K", help="number of the first board (default 1)")
    parser.add_argument("-o", "--output", default="-", metavar="FILE", help="output file (default: standard output)")
    parser.add_argument(
        "--format",
        choices=tuple(registry.FORMATS),
        default=None,
        help="pbn (PBN 2.1, the default), text (readable diagrams), lin (Bridge Base Online), dup, dlm, bri, "
        "dge (dealing machines), csv; without it, the output file's extension decides; a script without "
        "-o/--format runs its own actions",
    )
    parser.add_argument("--pdf", metavar="FILE", help="also write printable sheets of the set as a PDF")
    parser.add_argument(
        "--dd",
        action="store_true",
        help="add double-dummy tricks and par (DoubleDummyTricks, OptimumScore) to the PBN set and hand records; "
        "needs the optional dd extra (endplay): without it, --dd prints the install command for this copy",
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
        help=f"give up after N deals tried in all (default: after {planner.DEFAULT_MAX_TRIES:,} deals in a row "
        f"without a board; with --auction {bidding.AUCTION_MAX_TRIES:,} in all, since every deal is bid by "
        "the system)",
    )
    parser.add_argument(
        "--time-limit",
        type=float,
        default=None,  # None: not given (planner.DEFAULT_TIME_LIMIT for seat specs; a dealer script has none)
        metavar="SECONDS",
        help=f"give up when this many seconds pass without a board found (default {planner.DEFAULT_TIME_LIMIT:g}; "
        "0 for no limit; a dealer script has no time limit unless this is given)",
    )
    parser.add_argument("-q", "--quiet", action="store_true", help="no progress or summary on standard error")
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    bidding.add_arguments(parser)
    inference.add_arguments(parser)
    sets.add_arguments(parser)
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


def run_script_file(args: argparse.Namespace, stdout: TextIO, stderr: TextIO) -> int:
    """``bridgegui-deal SCRIPT``: run a dealer script as dealer does, on the exact dealer.

    Without ``-o``/``--format`` the script's own actions print (as dealer's would); otherwise the
    boards are written in the format, batch by batch.  A run that reaches the generate limit
    before producing the boards asked for writes what it found, says so, and exits with status 4.
    """
    from pathlib import Path

    from bridgegui.engine.script import ScriptError, compile_script
    from bridgegui.engine.script.request import ScriptRun, run_script_exact

    if any(getattr(args, name) for name in ("north", "east", "south", "west", "ns", "ew", "fit")):
        raise SpecError("give either a dealer script or seat specs, not both")
    from bridgegui.files import TEXT_FILE_LIMIT, FileRefusedError, read_user_text

    path = Path(args.script)
    try:
        if args.script == "-":
            text = sys.stdin.read(TEXT_FILE_LIMIT + 1)  # `cat /dev/zero |` must not fill the memory
            if len(text) > TEXT_FILE_LIMIT:
                raise SpecError(f"the dealer script on standard input is longer than {TEXT_FILE_LIMIT:,} characters")
        else:
            text = read_user_text(path, limit_bytes=TEXT_FILE_LIMIT, what="dealer script", legacy_encoding="latin-1")
    except FileRefusedError as exc:  # a FIFO, /dev/zero, a huge file: one sentence, exit 2
        raise SpecError(str(exc)) from None
    except OSError as exc:  # a script that is not there is a bad argument (2), as in a mixed set
        from bridgegui.engine.dealer.specs import PATH_ECHO_CHARS, echo

        raise SpecError(f"{echo(args.script, PATH_ECHO_CHARS)}: cannot be read ({exc.strerror or exc})") from None
    try:
        script = compile_script(text, source_name=None if args.script == "-" else str(path), seed=args.seed)
    except ScriptError as exc:
        raise SpecError(f"{args.script}: {exc}") from None
    seed = args.seed if args.seed is not None else new_seed()
    generate = args.generate
    if args.max_tries is not None:  # a total of deals tried: for a script, the same as dealer's -g
        if generate is not None and generate != args.max_tries:
            raise SpecError("give a dealer script's limit once: -g or --max-tries, not both")
        generate = args.max_tries
    options: dict[str, Any] = {"seed": seed, "generate": generate, "produce": args.produce, "processes": True}
    if args.time_limit:  # given (a script has no time limit by default, as dealer has none)
        options["max_seconds"] = args.time_limit
    if args.format is None and args.output == "-":
        printed = run_script_exact(script, stdout, verbose=args.verbose, on_batch=_discard, **options)
        return _report_short(printed, stderr, args.time_limit)
    fmt = resolve_format(args)
    note = f"Dealer script: {path.name}"
    info = registry.SetInfo(GENERATOR, seed, (note,), practice=True, dealer=script.dealer, vulnerable=script.vulnerable)
    result: ScriptRun
    if _collects(args):
        from bridgegui.engine.boards import Board
        from bridgegui.engine.cards import Deal

        result = run_script_exact(script, None, verbose=False, **options)
        boards = [
            Board(args.first_board + i, Deal.from_masks(row), dealer=script.dealer, vulnerable=script.vulnerable)
            for i, row in enumerate(result.deals.tolist())
        ]
        write_output(boards, args, None, seed, stdout, note=note, stderr=stderr)
    else:
        _refuse_too_many(fmt, args.produce or script.produce)
        with SetStream(fmt, info, args, stdout) as stream:
            result = run_script_exact(script, None, verbose=False, on_batch=stream.write, **options)
    if args.verbose:
        stderr.write(
            f"Generated {result.generated} hands\nProduced {result.produced} hands\nInitial random seed {seed}\n"
        )
    return _report_short(result, stderr, args.time_limit)


def _discard(_deals: np.ndarray) -> None:
    """The script's actions have printed the batch: nothing to keep (memory stays flat)."""


def _report_short(result: Any, stderr: TextIO, time_limit: float | None = None) -> int:
    """Exit status 4, and why on standard error, when a script's run produced fewer boards than asked:
    its generate limit, or ``--time-limit`` seconds without a board (it stopped before the limit)."""
    if not getattr(result, "short", False):
        return EXIT_OK
    if time_limit and result.generate_limit is not None and result.generated < result.generate_limit:
        why = f"{time_limit:g} s passed without a board (--time-limit) after {result.generated:,} deals generated"
    else:
        why = (
            f"the limit of {result.generate_limit:,} deals generated was reached "
            "(raise it with -g or the script's generate)"
        )
    stderr.write(f"bridgegui-deal: {result.produced:,} of {result.asked:,} boards produced: {why}\n")
    return EXIT_SHORT


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
    last = args.first_board + (args.produce or 1) - 1
    if last > MAX_BOARD_NUMBER:
        shown = str(args.first_board) if len(str(args.first_board)) <= 20 else str(args.first_board)[:17] + "..."
        raise SpecError(
            f"--first-board {shown}: board numbers go up to {MAX_BOARD_NUMBER:,} (the nine digits PBN readers take)"
        )
    limit = args.time_limit
    if limit is not None and limit < 0:
        raise SpecError(f"--time-limit must be 0 (no limit) or more seconds, not {limit:g}")


def resolve_format(args: argparse.Namespace) -> registry.BoardFormat:
    """The output format: ``--format``, else the output file's extension, else PBN (sets ``args.format``)."""
    fmt = None
    if args.format is not None:
        fmt = registry.by_name(args.format)
    elif args.output != "-":
        fmt = registry.for_path(args.output)
    fmt = fmt or registry.by_name("pbn")
    args.format = fmt.name
    return fmt


def _collects(args: argparse.Namespace) -> bool:
    return any(getattr(args, name, None) for name in COLLECTING_FLAGS)


def _refuse_too_many(fmt: registry.BoardFormat, count: int | None) -> None:
    """A format that holds at most N boards is refused before dealing, not after."""
    if fmt.max_boards is not None and count is not None and count > fmt.max_boards:
        raise SpecError(f"{fmt.title} holds at most {fmt.max_boards} boards, not {count:,}: ask for fewer with -p")


def _time_limit(args: argparse.Namespace) -> dict[str, Any]:
    """``max_seconds`` for ``deal_stream`` when the planner has a time limit (``--time-limit``; 0: none)."""
    limit = planner.DEFAULT_TIME_LIMIT if args.time_limit is None else args.time_limit
    return {"max_seconds": limit or None}


def run(args: argparse.Namespace, stdout: TextIO, stderr: TextIO) -> int:
    """Deal what the flags ask and write it; the exit status.

    A plain request streams: each batch the planner yields is formatted and written before the next
    is dealt (``SetStream``).  Flags that need the whole set (``COLLECTING_FLAGS``, ``--auction``,
    ``--shuffle``) and practice sets (``sets``) collect the boards and call ``write_output``.
    """
    check_counts(args)
    if args.explain is not None:
        if args.script or args.auction is not None:
            raise SpecError("--explain takes one deal: give it without a script or --auction")
        bidding.explain(args, stdout)
        return EXIT_OK
    if inference.wanted(args):
        return inference.run(args, stdout, stderr)
    if args.format is not None or args.output != "-":
        resolve_format(args)
    if sets.wanted(args):
        return int(sets.run(args, stdout, stderr, write_output))
    args.script = args.script[0] if args.script else None
    if args.script is not None:
        if args.auction is not None:
            raise SpecError("give either a dealer script or --auction, not both")
        return run_script_file(args, stdout, stderr)
    args.produce = 16 if args.produce is None else args.produce
    fmt = resolve_format(args)
    if args.max_tries is None and args.auction is not None:
        args.max_tries = bidding.AUCTION_MAX_TRIES
    # Otherwise None: the planner gives up after DEFAULT_MAX_TRIES deals *in a row* without a board, so a
    # large set of a common request (an unconstrained -p 100,000,000) never fails for its size.
    request = request_from_args(args)
    if args.auction is not None:
        return run_auction(args, request, stdout, stderr)
    model = _shuffle_model(args.shuffle)
    if model is not None:
        return run_with_model(args, request, model, stdout, stderr)
    plan = planner.plan_request(request)
    seed = args.seed if args.seed is not None else new_seed()
    progress_line = terminal.ProgressLine(stderr, args.produce, not args.quiet)
    last: list[planner.Progress] = []

    def tracked(steps: Iterator[tuple[planner.Progress, Any]]) -> Iterator[Any]:
        """Each step's payload, the progress line updated as they come."""
        for progress, payload in steps:
            raise_if_stopped()  # a stop signal whose exception an import swallowed (``entry``)
            last[:] = [progress]
            progress_line.update(progress)
            yield payload
        if last:
            progress_line.update(last[0], final=True)

    def batches() -> Iterator[np.ndarray]:
        stream = planner.deal_stream(
            plan, args.produce, seed=seed, max_tries=args.max_tries, processes=True, **_time_limit(args)
        )
        return tracked((progress, progress.deals) for progress in stream)

    if _collects(args):
        import numpy as np

        from bridgegui.engine.boards import boards_from_batch

        deals = np.concatenate(list(batches()))
        if _bids_from_arrays(args, fmt):
            write_bid_set(deals, args, request, seed, stdout, stderr)
            return _finish(args, last, seed, stderr)
        boards = boards_from_batch(deals, args.first_board)
        if args.dealer:
            boards = [b.replace(dealer=args.dealer.upper()) for b in boards]
        write_output(boards, args, request, seed, stdout, stderr=stderr)
    else:
        _refuse_too_many(fmt, args.produce)
        info = set_info(request, seed, "", dealer=args.dealer.upper() if args.dealer else None)
        _tell_dropped(fmt, args, info, stderr)
        with SetStream(fmt, info, args, stdout) as stream:
            if (
                fmt.streams
                and args.max_tries is None
                and parallel.worker_count() > 1
                and planner.finishes_in_workers(plan, args.produce)
            ):
                # Every deal is a board and the run is long: deal and format on every core, write here.
                chunks = planner.finished_chunks(plan, args.produce, stream.format, seed=seed, processes=True)
                for data in tracked(chunks):
                    stream.put(data, last[0].matched + stream.first - stream.number)
            else:
                for deals in batches():
                    stream.write(deals)
    return _finish(args, last, seed, stderr)


def _finish(args: argparse.Namespace, last: list[planner.Progress], seed: int, stderr: TextIO) -> int:
    """The summary line on a terminal, and the exit status of a run that wrote its set."""
    if not args.quiet and last and stderr.isatty():
        done = last[0]
        stderr.write(f"{done.matched} boards, seed {seed}, {done.tried:,} deals tried in {done.elapsed:.2f} s\n")
    return EXIT_OK


def _bids_from_arrays(args: argparse.Namespace, fmt: registry.BoardFormat) -> bool:
    """Whether ``--bid`` is the only flag that needs the whole set, so the set is bid and written from
    arrays (``write_bid_set``); not when the format would also renumber the boards or change their
    dealers, which ``write_output`` says board by board."""
    if not args.bid or args.dd or args.pdf:
        return False
    renumbered = args.first_board != 1 and (not fmt.holds_numbers or fmt.max_boards is not None)
    return not (renumbered or (not fmt.holds_dealer and args.dealer))


def write_bid_set(
    deals: np.ndarray, args: argparse.Namespace, request: DealRequest, seed: int, stdout: TextIO, stderr: TextIO
) -> None:
    """``--bid`` on a dealt set: every board bid by the system and written with its auction, all from
    arrays (``bidding.bid_set``, ``registry.bidding_parts``), the output ``write_output`` gives for the
    same boards: making a ``Board`` and an ``Auction`` for each of 10,000 boards cost several times
    the bidding."""
    from bridgegui.formats import _batch

    fmt = resolve_format(args)
    _refuse_too_many(fmt, len(deals))
    dealer = args.dealer.upper() if args.dealer else None
    info = dataclasses.replace(set_info(request, seed, "", dealer=dealer), total=len(deals))
    _, dealers, vulnerabilities = _batch.set_columns(args.first_board, len(deals), dealer)
    system = bidding.system_of(args)
    bid = bidding.bid_set(system, deals, dealers, vulnerabilities)
    barred = 0
    if fmt.name == "lin":
        with_bar = [k for k, text in enumerate(bid.note_texts) if "|" in text]
        made = bid.notes.shape[1] > 0
        if with_bar and made:
            import numpy as np

            placed = np.arange(bid.notes.shape[1])[None, :] < bid.lengths[:, None]
            barred = int((np.isin(bid.notes, with_bar) & placed).any(axis=1).sum())
    lost = registry.what_bidding_drops(fmt, len(deals), declarers=bool((bid.declarers >= 0).any()), barred_notes=barred)
    if lost:
        stderr.write(f"bridgegui-deal: {fmt.title} cannot hold {'; '.join(lost)}: they are left out\n")
    with open_output(args.output, stdout, fmt) as put:
        for part in registry.bidding_parts(fmt, deals, args.first_board, info, bid):
            put(part)


def run_auction(args: argparse.Namespace, extra: DealRequest, stdout: TextIO, stderr: TextIO) -> int:
    """``--auction CALLS``: boards on which the system bids the calls first, dealt exactly (see ``bidding``)."""
    if args.shuffle != "uniform":
        raise SpecError("--auction deals uniformly: it cannot be combined with --shuffle")
    system = bidding.system_of(args)
    seed = args.seed if args.seed is not None else new_seed()
    boards, header = bidding.deal_for_auction(args, system, extra, seed)
    if not extra.is_empty:
        header = dataclasses.replace(header, extra=describe_request(extra))
    note = f"Auction: {args.auction} ({system.title or system.name})"
    write_output(boards, args, extra, seed, stdout, note=note, stderr=stderr, constraints=header.text())
    return EXIT_OK


def _shuffle_model(text: str) -> ShuffleModel | None:
    """The ``--shuffle`` model, or ``None`` for a uniform shuffle (the shuffle lab is loaded only when asked)."""
    if text.strip().lower() == "uniform":
        return None
    from bridgegui.engine.lab.shuffles import parse_shuffle

    try:
        model = parse_shuffle(text)
    except BridgeError as exc:
        raise SpecError(str(exc)) from None
    return None if model.is_uniform else model


def run_with_model(
    args: argparse.Namespace, request: DealRequest, model: ShuffleModel, stdout: TextIO, stderr: TextIO
) -> int:
    from bridgegui.engine.boards import boards_from_batch
    from bridgegui.engine.dealing import make_rng
    from bridgegui.engine.lab.shuffles import deal_set_with_model

    seed = args.seed if args.seed is not None else new_seed()
    batch = deal_set_with_model(
        model,
        request,
        args.produce,
        args.first_board,
        make_rng(seed),
        args.max_tries if args.max_tries is not None else planner.DEFAULT_MAX_TRIES,
        **_time_limit(args),
    )
    boards = boards_from_batch(batch, args.first_board, tags=(("Shuffle", model.spec),))
    note = f"Not uniform: dealt with {model.describe()}"
    write_output(boards, args, request, seed, stdout, note=note, stderr=stderr)
    return EXIT_OK


def set_info(
    request: DealRequest | None,
    seed: int,
    note: str,
    *,
    dealer: str | None = None,
    constraints: str | None = None,
) -> registry.SetInfo:
    """The header of a set: generator, seed, the note and the constraints.

    A set is a practice set (Law 6E3: tournament boards are dealt at random) unless it was dealt
    from an empty request; ``request`` None (a script, a mixed set) counts as constrained.
    ``constraints`` says what dealt the set when the request does not (an auction's header line).
    """
    notes = [note] if note else []
    if constraints is not None:
        notes.append(f"Constraints: {constraints}")
    elif request is not None and not request.is_empty:
        notes.append(f"Constraints: {describe_request(request)}")
    practice = constraints is not None or request is None or not request.is_empty
    return registry.SetInfo(GENERATOR, seed, tuple(notes), practice=practice, dealer=dealer)


def _tell_dropped(fmt: registry.BoardFormat, args: argparse.Namespace, info: registry.SetInfo, stderr: TextIO) -> None:
    """Say on standard error what a streamed set loses in ``fmt`` (numbers, a fixed dealer), before dealing.

    A freshly dealt board has only a number, a deal, a dealer and a vulnerability, so only formats that
    do not keep numbers (or, like DLM, only numbers 1-99) or dealers can lose anything; ``registry.what_is_dropped`` is asked about the
    set's boards with a stand-in deal (the answer depends on the numbering, not on the cards).
    """
    # DLM holds numbers only while they run on within 1-99: ask the registry whenever numbers may move.
    renumbered = args.first_board != 1 and (not fmt.holds_numbers or fmt.max_boards is not None)
    redealt = not fmt.holds_dealer and (info.dealer is not None or info.vulnerable is not None)
    if not (renumbered or redealt):
        return
    from bridgegui.engine.boards import Board
    from bridgegui.engine.cards import parse_deal

    deal = parse_deal("N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432")
    numbers = range(args.first_board, args.first_board + args.produce)
    boards = [Board(n, deal, dealer=info.dealer, vulnerable=info.vulnerable) for n in numbers]
    _warn_dropped(fmt, boards, stderr)


def _warn_dropped(fmt: registry.BoardFormat, boards: Sequence[Board], stderr: TextIO) -> None:
    lost = registry.what_is_dropped(fmt, boards)
    if lost:
        stderr.write(f"bridgegui-deal: {fmt.title} cannot hold {'; '.join(lost)}: they are left out\n")


def write_output(
    boards: list[Board],
    args: argparse.Namespace,
    request: DealRequest | None,
    seed: int,
    stdout: TextIO,
    *,
    note: str = "",
    stderr: TextIO | None = None,
    constraints: str | None = None,
) -> None:
    """Write a set held in memory (``--pdf``, ``--dd``, ``--bid``, ``--auction``, ``--shuffle``, mixed sets).

    The same output as streaming gives for the same boards; PBN and text go through ``pbn.dumps`` and
    ``text.deal_diagram`` since these boards may carry auctions, tags and explicit dealers.
    """
    fmt = resolve_format(args)
    if getattr(args, "bid", False):
        boards = bidding.bid_boards(boards, bidding.system_of(args))
    if getattr(args, "dd", False):
        import numpy as np

        from bridgegui.engine import double_dummy

        missing = double_dummy.unavailable_message()
        if missing is not None:
            raise SpecError(f"--dd: {missing}")
        # The tables in DDS batches (every core), then par from each table: no deal is solved twice.
        full = [b for b in boards if b.deal is not None and b.deal.is_complete]
        tables = iter(double_dummy.dd_tables(np.array([b.deal.hands for b in full if b.deal], dtype=np.uint64)))
        boards = [
            b.with_tags(**double_dummy.board_tags(b, next(tables))) if b.deal is not None and b.deal.is_complete else b
            for b in boards
        ]
    if getattr(args, "pdf", None):
        # Imported here: printing needs Qt (offscreen), and the command line must not load it otherwise.
        from bridgegui import printing
        from bridgegui.files import naming_write_errors

        system = bidding.system_of(args) if bidding.wants_bidding(args) else None
        with naming_write_errors(args.pdf):
            printing.write_sheets(args.sheets, boards, args.pdf, seed=seed, system=system)

    _refuse_too_many(fmt, len(boards))
    _warn_dropped(fmt, boards, stderr if stderr is not None else sys.stderr)
    info = set_info(request, seed, note, constraints=constraints)
    with open_output(args.output, stdout, fmt) as put:
        put(registry.dumps(fmt, boards, dataclasses.replace(info, total=len(boards))))


def describe_request(request: DealRequest) -> str:
    parts = []
    for name, seat in zip(("North", "East", "South", "West"), request.seats, strict=True):
        if not seat.is_empty:
            parts.append(f"{name}: {seat.to_spec()}")
    for name, side in (("NS", request.ns), ("EW", request.ew)):
        if not side.is_empty:
            parts.append(f"{name}: {side.to_spec()}")
    return "; ".join(parts)


def _say(err: TextIO, text: str) -> None:
    """An error message on its own line, even after a progress line left open on a terminal."""
    terminal.end_line(err)
    err.write(text)


def main(argv: Sequence[str] | None = None, stdout: TextIO | None = None, stderr: TextIO | None = None) -> int:
    out = terminal.usable(stdout if stdout is not None else sys.stdout, "output")
    err = stderr if stderr is not None else sys.stderr
    if err is None or getattr(err, "closed", False):  # 2>&-: run quietly; the exit status still tells
        err = io.StringIO()
    args = build_parser().parse_args(argv)
    try:
        return run(args, out, err)
    except SpecError as exc:
        _say(err, f"bridgegui-deal: {exc}\n")
        return EXIT_SPEC
    except (ImpossibleError, ConstraintError) as exc:  # no deal fits, or the constraints contradict
        # Proved impossible, or only not found within the limits (TooRareError: its message says so).
        prefix = "" if isinstance(exc, TooRareError) else "impossible request: "
        _say(err, f"bridgegui-deal: {prefix}{exc}\n")
        return EXIT_IMPOSSIBLE
    except BridgeError as exc:
        _say(err, f"bridgegui-deal: {exc}\n")
        return EXIT_SPEC
    except parallel.WorkerLostError as exc:
        _say(err, f"bridgegui-deal: {exc}\n")
        return EXIT_IO
    except BrokenPipeError:  # `| head` has what it wanted: nothing went wrong, say nothing
        if out is sys.stdout:
            terminal.silence_stdout()
        return EXIT_BROKEN_PIPE
    except OSError as exc:  # a write names its file and says what to do (``files.WriteFailedError``)
        _say(err, f"bridgegui-deal: {exc}\n")
        return EXIT_IO
    except KeyboardInterrupt:
        err.write("\nbridgegui-deal: interrupted\n")  # after the terminal's ^C, or the progress line
        return EXIT_INTERRUPTED


if __name__ == "__main__":
    sys.exit(main())
