"""Benchmarks: ``python -m bridgegui.devtools.bench`` prints the figures of ../shared/bench/scenarios.md.

A script, not a test: figures depend on the machine.  Each figure is the median of several runs.

Two kinds of figure, never mixed in one ratio (comparing our engine in-process with a
peer's whole process made us look 12.8 times faster than dealer when a user found us slower):

* **in-process**: the engine alone inside this Python process (dealing, evaluation, deal
  numbers), labelled "in-process";
* **whole process** (``--compare``, see ``bridgegui.devtools.bench_compare``): ``bridgegui-deal`` and the
  peers — the classic C ``dealer`` and Deal 3.1 ``deal`` where installed — run as programs on
  the same request and board count, writing to a temporary file, interleaved, timed in cpu seconds
  of the child (``os.wait4``), with peak memory, and the ratio per scenario and board count; the
  import time of every module of a ``bridgegui-deal`` run (``python -X importtime``) follows.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from bridgegui.engine import evaluation
from bridgegui.engine.deal_numbers import deal_indices, deals_from_indices
from bridgegui.engine.dealer import planner
from bridgegui.engine.dealer.constraints import DealRequest
from bridgegui.engine.dealing import deal_batch, make_rng

SCENARIOS = {
    "S1": ("North 15-17 HCP, balanced", DealRequest.from_specs(north="hcp 15-17, balanced"), 10_000),
    "S2": ("West exactly 7-6-0-0", DealRequest.from_specs(west="shape 7600"), 1_000),
    "S3": (
        "North 20-21 balanced, South 5+ spades and 5+ hearts",
        DealRequest.from_specs(north="hcp 20-21, balanced", south="spades 5+, hearts 5+"),
        1_000,
    ),
    "S4": ("West 10+ spades, East 8+ hearts", DealRequest.from_specs(west="spades 10+", east="hearts 8+"), 1_000),
}


def median_time(func: Callable[[], object], repeats: int, clock: Callable[[], float] = time.perf_counter) -> float:
    """The median of ``repeats`` runs of ``func`` on ``clock`` (``time.process_time`` for one thread's
    work: cpu seconds, which other people's jobs on the machine disturb far less than the wall clock)."""
    times = []
    for _ in range(repeats):
        start = clock()
        func()
        times.append(clock() - start)
    return statistics.median(times)


def bench_s0(n: int, repeats: int) -> dict[str, float]:
    rng = make_rng(1)
    dealt = median_time(lambda: deal_batch(n, rng=rng), repeats)

    def deal_and_evaluate() -> None:
        batch = deal_batch(n, rng=rng)
        evaluation.hcp(batch)
        evaluation.suit_lengths(batch)

    both = median_time(deal_and_evaluate, repeats)
    sample = deal_batch(100_000, rng=rng)
    numbers = deal_indices(sample)
    encode = median_time(lambda: deal_indices(sample), repeats)
    decode = median_time(lambda: deals_from_indices(numbers), repeats)
    return {
        "dealt per s": n / dealt,
        "dealt+evaluated per s": n / both,
        "deal numbers encoded per s": 100_000 / encode,
        "deal numbers decoded per s": 100_000 / decode,
        "encode+decode per s": 100_000 / (encode + decode),
    }


def bench_scenario(request: DealRequest, boards: int, repeats: int) -> tuple[float, float]:
    """(seconds for the boards, setup included; matches per second)."""
    seconds = median_time(lambda: planner.deal(request, boards, seed=None), repeats)
    return seconds, boards / seconds


BIDDING_AUCTIONS = {
    "Stayman": "1NT P 2C P 2H",
    "preempt": "3H P P P",
}
"""The auctions of the bidding benchmark (the goal: 16 boards in under a second, setup included)."""


def bench_bidding(system_name: str, repeats: int) -> list[str]:
    """In-process lines for one shipped system: openings and whole auctions chosen per second, 16 boards
    dealt for each of ``BIDDING_AUCTIONS``, 10,000 boards bid as ``--bid`` bids them.  What a user gets
    (whole processes) is ``bench_bidding_processes``."""
    from bridgegui.cli.bidding import bid_set
    from bridgegui.engine.bidding import load_system, request_for_auction
    from bridgegui.engine.bidding.system import time_auctions, time_openings
    from bridgegui.formats import _batch, registry

    system = load_system(system_name)
    openings = statistics.median(time_openings(system, 100_000) for _ in range(repeats))
    auctions = statistics.median(time_auctions(system, 10_000) for _ in range(repeats))
    deals = deal_batch(10_000, seed=1)
    _, dealers, vulnerabilities = _batch.set_columns(1, len(deals))

    def bid_and_write() -> None:  # what --bid does between dealing and the file: bid, then lay out the PBN
        registry.dumps_bidding(
            "pbn", deals, 1, registry.SetInfo("bench", 1), bid_set(system, deals, dealers, vulnerabilities)
        )

    bid = median_time(bid_and_write, max(1, min(repeats, 3)), time.process_time)
    lines = [
        f"{system_name}, in-process cpu: openings chosen               {100_000 / openings:>12,.0f} per s",
        f"{system_name}, in-process cpu: whole auctions bid (batch)    {10_000 / auctions:>12,.0f} per s",
        f"{system_name}, in-process cpu: 10,000 boards bid and written {bid:>12.2f} s (what --bid does, as PBN text)",
    ]
    for label, auction in BIDDING_AUCTIONS.items():

        def deal_set(calls: str = auction) -> None:
            planner.deal(request_for_auction(system, calls, "N"), 16, seed=None)

        inside = median_time(deal_set, repeats, time.process_time)
        lines.append(
            f"{system_name}, in-process cpu: 16 boards for {auction!r} ({label}), setup included: {inside * 1000:.0f} ms"
        )
    return lines


def bench_bidding_processes(system_name: str, repeats: int) -> list[str]:
    """What a user gets: ``bridgegui-deal --auction ... -p 16`` and ``--bid -p 10000`` as whole processes
    (interpreter, imports and the file write included), each against a plain run of as many boards,
    cpu seconds of the child, medians of ``repeats`` interleaved runs (the machine's load changes
    between runs; interleaving spreads it over both sides)."""
    from bridgegui.devtools.bench_compare import our_command

    with tempfile.TemporaryDirectory() as tmp:
        out = ["-q", "-o", str(Path(tmp) / "set.pbn")]
        # As users run it (the installed command), not ``python -m bridgegui.cli.deal``: its extra
        # start-up and exit work, alike on both sides, understated every ratio.
        ours = [*our_command(), "-s", "1", *out]
        commands = {"plain16": [*ours, "-p", "16"], "plain10000": [*ours, "-p", "10000"]}
        for label, auction in BIDDING_AUCTIONS.items():
            commands[label] = [*ours, "-p", "16", "--system", system_name, "--auction", auction]
        commands["bid"] = [*ours, "-p", "10000", "--system", system_name, "--bid"]
        runs: dict[str, list[float]] = {key: [] for key in commands}
        _child_cpu(commands[next(iter(BIDDING_AUCTIONS))])  # fills the compiled-system cache: not a user's every run
        for _ in range(repeats):
            for key, command in commands.items():
                runs[key].append(_child_cpu(command)[0])
    cpu = {key: statistics.median(values) for key, values in runs.items()}
    lines = []
    for label, auction in BIDDING_AUCTIONS.items():
        lines.append(
            f"{system_name}, whole process: --auction {auction!r} -p 16: {cpu[label]:.2f} s cpu against "
            f"{cpu['plain16']:.2f} s for a plain -p 16 ({cpu[label] / cpu['plain16']:.2f}x)"
        )
    lines.append(
        f"{system_name}, whole process: --bid -p 10000: {cpu['bid']:.2f} s cpu against {cpu['plain10000']:.2f} s "
        f"for a plain -p 10000 ({cpu['bid'] / cpu['plain10000']:.1f}x)"
    )
    return lines


def _child_cpu(command: list[str], env: dict[str, str] | None = None) -> tuple[float, str]:
    """A whole process's cpu seconds (user + system, from the kernel's accounting of the child) and its output."""
    before = os.times()
    done = subprocess.run(command, check=True, capture_output=True, text=True, env=env)
    after = os.times()
    return (after.children_user - before.children_user) + (after.children_system - before.children_system), done.stdout


_LOAD_SNIPPET = (
    "import time; from bridgegui.engine.bidding import load_system; t = time.perf_counter(); "
    "s = load_system({name!r}); print(time.perf_counter() - t, len(s.rules))"
)
"""Times ``load_system`` alone in a fresh process (after the bidding package is imported, as any user of
a system has it): the file read, the cache look-up, and the parse (cold) or the unpickling (cached)."""


def bench_systems(names: tuple[str, ...], repeats: int) -> list[str]:
    """Loading each shipped system in a fresh process, cold (empty cache) and cached, and the checker.

    Labelled: the load figures are ``load_system`` in a fresh process (the bidding package already
    imported, as any program using a system has it); the checker is in-process, 2,000 hands a rule, no
    coverage."""
    import sys

    from bridgegui.engine.bidding import load_system
    from bridgegui.engine.bidding.checker import check_system

    lines = []
    for name in names:
        cold, cached = [], []
        rules = "?"
        for _ in range(repeats):
            with tempfile.TemporaryDirectory() as cache:
                env = {**os.environ, "BRIDGEGUI_CACHE_DIR": cache}
                command = [sys.executable, "-c", _LOAD_SNIPPET.format(name=name)]
                out = subprocess.run(command, check=True, capture_output=True, text=True, env=env).stdout.split()
                cold.append(float(out[0]))
                out = subprocess.run(command, check=True, capture_output=True, text=True, env=env).stdout.split()
                cached.append(float(out[0]))
                rules = out[1]
        system = load_system(name)
        start = time.perf_counter()
        report = check_system(system)
        checked = time.perf_counter() - start
        problems = sum(p.kind in ("unreachable", "contradictory") for p in report.problems)
        lines.append(
            f"{name}: {rules} rules; load in a fresh process {statistics.median(cold) * 1000:.0f} ms cold, "
            f"{statistics.median(cached) * 1000:.0f} ms cached; check {checked:.1f} s in-process "
            f"({problems} unreachable or contradictory)"
        )
    return lines


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bridgegui.devtools.bench", description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=1_000_000, help="deals for S0 (default 10^6)")
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument(
        "--compare",
        action="store_true",
        help="whole processes: bridgegui-deal against dealer and Deal 3.1 (where installed), same requests",
    )
    parser.add_argument("--quick", action="store_true", help="with --compare: 1 and 1,000 boards, and 10,000 for S1")
    parser.add_argument("--million", action="store_true", help="with --compare: also 1,000,000 S1 boards (peak memory)")
    parser.add_argument(
        "--bidding", action="store_true", help="only the bidding figures (openings, auctions, boards for an auction)"
    )
    parser.add_argument(
        "--systems", action="store_true", help="only the system files: load times (cold, cached) and the checker"
    )
    args = parser.parse_args(argv)
    from bridgegui.engine.bidding import shipped_systems

    if args.systems:
        for line in bench_systems(shipped_systems(), max(1, min(args.repeats, 3))):
            print(line)
        return
    if args.bidding:
        print(
            f"Whole processes (what a user runs: cpu seconds of the child, median of {args.repeats} interleaved "
            "runs, against a plain run of as many boards)"
        )
        for name in ("standard", "acol"):
            for line in bench_bidding_processes(name, args.repeats):
                print(line)
        print("In-process (the engine alone, inside this Python process; not comparable with whole processes)")
        for name in ("standard", "acol"):
            for line in bench_bidding(name, args.repeats):
                print(line)
        return

    if args.compare:
        from bridgegui.devtools import bench_compare

        bench_compare.main(quick=args.quick, repeats=args.repeats, million=args.million)
        print()
    print("In-process (the engine alone, inside this Python process; not comparable with whole processes)")
    print(f"S0: {args.deals:,} unconstrained deals (median of {args.repeats})")
    s0 = bench_s0(args.deals, args.repeats)
    for label, value in s0.items():
        print(f"  {label:28s} {value:>14,.0f}")
    for key, (title, request, boards) in SCENARIOS.items():
        seconds, rate = bench_scenario(request, boards, args.repeats)
        print(
            f"{key}: {title}: {boards:,} boards in {seconds * 1000:.1f} ms in-process ({rate:,.0f} boards/s, setup included)"
        )
    for name in ("standard", "acol"):
        for line in bench_bidding(name, args.repeats):
            print(line)


if __name__ == "__main__":
    main()
