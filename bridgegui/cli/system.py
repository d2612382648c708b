"""``bridgegui-system``: check a bidding system, show what it bids next, print it as a booklet.

    bridgegui-system check sayc                  # every rule reachable, notes true, catch-all coverage
    bridgegui-system show acol --auction "1NT P" # the calls the system can make next, in priority order
    bridgegui-system booklet sayc -o notes.pdf   # the system as a booklet for students (PDF or BML)

Exit status: 0 when there is nothing but coverage figures to report, 1 when a rule is unreachable or
contradictory (``check``) or a file cannot be written, 2 for a malformed system file or a bad flag.
Problems are the checker's typed records (``engine.bidding.checker``), phrased here.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence
from typing import TextIO

from bridgegui import __version__
from bridgegui.cli.bidding import ALL_PASS
from bridgegui.engine.bidding import Auction, AuctionError, SystemFileError, load_system
from bridgegui.engine.bidding.auction_dealing import rule_place
from bridgegui.engine.bidding.calls import Call
from bridgegui.engine.bidding.checker import DEFAULT_SAMPLES, CheckReport, RuleProblem, check_system
from bridgegui.engine.bidding.system import Rule, System

EXIT_OK, EXIT_PROBLEMS, EXIT_USAGE = 0, 1, 2
COVERAGE_CONTEXTS_SHOWN = 12


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        self.print_usage(sys.stderr)
        self.exit(EXIT_USAGE, f"bridgegui-system: {message}\n")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="bridgegui-system",
        description="Check a bidding system file, show its calls after an auction, or print it as a booklet.",
    )
    parser.add_argument("--version", action="version", version=f"bridgegui-system {__version__}")
    commands = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    check = commands.add_parser("check", help="prove every rule reachable; report notes and catch-all coverage")
    check.add_argument("system", help="a shipped system's name (sayc, acol, standard) or a .system file")
    check.add_argument(
        "--samples", type=int, default=DEFAULT_SAMPLES, help=f"hands drawn per rule (default {DEFAULT_SAMPLES})"
    )
    check.add_argument(
        "--boards", type=int, default=2000, help="random boards bid for the coverage figures (default 2000; 0: none)"
    )
    check.add_argument("-s", "--seed", type=int, default=1, help="seed for the draws (default 1)")
    show = commands.add_parser("show", help="the calls the system can make next, in priority order")
    show.add_argument("system")
    show.add_argument("--auction", default="", help='the auction so far from the dealer, e.g. "1NT P"')
    show.add_argument("-d", "--dealer", default="N", help="the dealer (N, E, S, W; default N)")
    show.add_argument("--vul", default="None", help="the board's vulnerability: None, NS, EW or All")
    booklet = commands.add_parser("booklet", help="the system as a booklet: PDF, or BML with --format bml")
    booklet.add_argument("system")
    booklet.add_argument("-o", "--output", required=True, help="the file to write")
    booklet.add_argument("--format", choices=("pdf", "bml"), default=None, help="pdf (default) or bml")
    booklet.add_argument(
        "--calls",
        type=int,
        metavar="N",
        help="only auctions of at most N calls before the caller's turn (0: openings, 2: responses and "
        "overcalls, 4: rebids); a whole system runs to a thousand pages",
    )
    booklet.add_argument("--opening", metavar="CALL", help="only the auctions that start with this call (1NT, 2C)")
    return parser


def main(argv: Sequence[str] | None = None, stdout: TextIO | None = None, stderr: TextIO | None = None) -> int:
    out = stdout or sys.stdout
    err = stderr or sys.stderr
    args = build_parser().parse_args(argv)
    try:
        system = load_system(args.system)
    except SystemFileError as exc:
        err.write(f"bridgegui-system: {exc}\n")
        return EXIT_USAGE
    if args.command == "check":
        if args.samples < 100 or args.boards < 0:
            err.write("bridgegui-system: --samples takes 100 or more, --boards 0 or more\n")
            return EXIT_USAGE
        # A check takes seconds: say that it has started, on a terminal or through a pipe (a caller
        # with a time limit otherwise sees nothing at all until the report).
        err.write(
            f"bridgegui-system: checking {system.name}: {len(system.rules):,} rules, "
            f"{args.samples:,} hands each, {args.boards:,} random boards…\n"
        )
        err.flush()
        shown = _CheckProgress(err)
        try:
            report = check_system(
                system, samples=args.samples, seed=args.seed, coverage_boards=args.boards, progress=shown
            )
        finally:
            shown.close()  # also when interrupted: the message that follows starts on its own line
        out.write(report_text(report))
        return EXIT_PROBLEMS if report.has_errors else EXIT_OK
    if args.command == "show":
        if ALL_PASS.search(args.auction):
            err.write(
                "bridgegui-system: --auction: AP (all pass) ends the auction, so nobody calls next: "
                "give the calls so far, such as 1NT P\n"
            )
            return EXIT_USAGE
        try:
            auction = Auction.parse(args.dealer.strip().upper()[:1] or "N", args.auction)
        except AuctionError as exc:
            err.write(f"bridgegui-system: --auction: {exc}\n")
            return EXIT_USAGE
        if auction.is_complete:
            err.write("bridgegui-system: --auction: the auction is over: nobody calls next\n")
            return EXIT_USAGE
        out.write(show_text(system, auction, args.vul))
        return EXIT_OK
    from bridgegui.cli.booklet import write_booklet  # QtGui only when a PDF is asked for

    opening = None
    if args.opening is not None:
        try:
            opening = Call.parse(args.opening)
        except AuctionError as exc:
            err.write(f"bridgegui-system: --opening: {exc}\n")
            return EXIT_USAGE
    if args.calls is not None and args.calls < 0:
        err.write(f"bridgegui-system: --calls must be 0 or more, not {args.calls}\n")
        return EXIT_USAGE
    return write_booklet(system, args.output, args.format, err, calls=args.calls, opening=opening)


class _CheckProgress:
    """How far a check has gone, on ``err``: one line rewritten in place on a terminal, and through a
    pipe (a log, a caller with a time limit) a line every ``PIPE_EVERY`` seconds, so a long check is
    never silent and a log is not flooded."""

    PIPE_EVERY = 5.0

    def __init__(self, err: TextIO) -> None:
        self.err = err
        self.terminal = bool(getattr(err, "isatty", lambda: False)())
        self.last = time.monotonic()
        self.rewritten = False

    def __call__(self, done: int, total: int) -> None:
        text = f"bridgegui-system: {done:,} of {total:,} rules looked at"
        if self.terminal:
            self.err.write(f"\r{text}")
            self.rewritten = True
        elif time.monotonic() - self.last >= self.PIPE_EVERY and done < total:
            self.err.write(f"{text}\n")
            self.last = time.monotonic()
        else:
            return
        self.err.flush()

    def close(self) -> None:
        """End the rewritten line, so the report starts on a line of its own."""
        if self.rewritten:
            self.err.write("\n")
            self.err.flush()


def problem_text(system: System, problem: RuleProblem) -> str:
    """One problem as ``file:line: message``."""
    rule = problem.rule
    place = rule_place(system, rule)
    call = rule.call.symbol()
    if problem.kind == "unreachable":
        if problem.taker is None:
            return f"{place}: {call} is never chosen: earlier rules take every hand it means"
        how = (
            "whose meaning holds every hand of its meaning (proved from the exact counts)"
            if problem.proved
            else f"in every seat and vulnerability tried ({problem.drawn:,} hands drawn from its meaning, none reached it)"
        )
        return f"{place}: {call} is never chosen: the {problem.taker.call.symbol()} rule at {rule_place(system, problem.taker)} takes its hands first, {how}"
    if problem.kind == "contradictory":
        return f"{place}: {call} can never be made: {problem.detail}"
    return f"{place}: the note of {call} says {problem.detail!r}, which its meaning ({rule.meaning_text}) does not say"


def report_text(report: CheckReport) -> str:
    system = report.system
    checked = report.rules_checked
    lines = [f"{system.name} ({system.source}): {checked:,} rule{'s' if checked != 1 else ''} checked"]
    catch_alls = sum(rule.catch_all for rule in system.rules)
    if catch_alls:  # the start line counted them: say why they are not among the checked
        lines[0] += (
            f"; {catch_alls:,} catch-all rule{'s' if catch_alls != 1 else ''} left out "
            "(reached or not, a catch-all only takes what the rules above leave)"
        )
    lines += [problem_text(system, p) for p in report.problems]
    errors = sum(p.kind in ("unreachable", "contradictory") for p in report.problems)
    notes = sum(p.kind == "note" for p in report.problems)
    summary = (
        f"{errors} unreachable or contradictory rule{'s' if errors != 1 else ''}, "
        f"{notes} note{'s' if notes != 1 else ''} to check"
    )
    if report.replaced:
        count = len(report.replaced)
        lines.append(
            f"{count} rule{'s' if count != 1 else ''} of the files {system.source} includes "
            f"{'are' if count != 1 else 'is'} replaced by its own (not problems: a rule you write takes its hands first):"
        )
        lines += [
            f"  {rule_place(system, p.rule)}: {p.rule.call.symbol()}, replaced by {rule_place(system, p.taker)}"
            for p in report.replaced
            if p.taker is not None
        ]
        summary += f"; {count} included rule{'s' if count != 1 else ''} replaced"
    lines.append(summary)
    coverage = report.coverage
    if coverage is not None:
        lines.append(
            f"coverage: {coverage.catch_all:,} of {coverage.calls:,} calls on {coverage.boards:,} random boards "
            f"({100 * coverage.share:.1f} %) came from catch-all rules; {coverage.strong_passes} hands of 20+ HCP "
            "passed their first call"
        )
        for context in coverage.contexts[:COVERAGE_CONTEXTS_SHOWN]:
            share = context.catch_all / context.calls if context.calls else 0.0
            lines.append(
                f"  after {context.auction}: {context.catch_all} of {context.calls} calls ({100 * share:.0f} %)"
            )
    return "\n".join(lines) + "\n"


def show_text(system: System, auction: Auction, vulnerable: str) -> str:
    """The candidates for the next call, each with its meaning, explanation and alternatives."""
    lines = [f"{system.name}: after {auction.symbols() or '(nothing yet: the opening)'}, {auction.next_seat} to call"]
    rules = [rule for rule in system.rules_for(auction, vulnerable) if auction.is_legal(rule.call)]
    shown = 0
    for place, rule in enumerate(rules):
        if shown and _takes_every_hand(rules[place - 1]):
            # Rules under one that takes every hand are never chosen here: listing them as candidates
            # would tell the author (and a teacher reading along) that they can be.
            left = len(rules) - place
            lines.append(
                f"  ({left} more rule{'s' if left != 1 else ''} below never chosen here: rule {shown} takes every hand)"
            )
            break
        shown += 1
        flag = " [catch-all]" if rule.catch_all else ""
        lines.append(f"{shown:>3}. {rule.call.symbol():<5} {rule.meaning_text}{flag}   ({rule_place(system, rule)})")
        if rule.where:
            lines.append(f"       where {rule.where}")
        lines.append(f"       {rule.explanation}")
        for alternative in rule.alternatives:
            lines.append(f"       also {alternative.call.symbol()}: {alternative.reason}")
    if not shown:
        lines.append("  no rule: the system passes (nothing in it covers this auction)")
    return "\n".join(lines) + "\n"


def _takes_every_hand(rule: Rule) -> bool:
    """A rule with no condition on the hand (its seat and vulnerability already matched)."""
    return not rule.has_meaning and rule.where is None


__all__ = ["build_parser", "main", "problem_text", "report_text", "show_text"]
