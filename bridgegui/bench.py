"""Benchmarks: ``python -m bridgegui.bench`` prints the figures of ../shared/bench/scenarios.md.

A script, not a test: figures depend on the machine.  Each figure is the median of several runs.
With ``--compare``, the classic C ``dealer`` (Debian package ``dealer``) runs the same scenarios in
the same session, so the ratios are measured under the same load.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import subprocess
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from bridgegui.engine import evaluation, planner
from bridgegui.engine.constraints import DealRequest
from bridgegui.engine.deal_numbers import deal_indices, deals_from_indices
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

S0_DEALER_SCRIPT = (
    "generate 1000000\nproduce 1000000\n"
    "condition hcp(north) + hcp(east) + hcp(south) + hcp(west) == 40 && "
    "spades(north) + hearts(north) + diamonds(north) + clubs(north) == 13 && "
    "spades(east) + hearts(east) + diamonds(east) + clubs(east) == 13 && "
    "spades(south) + hearts(south) + diamonds(south) + clubs(south) == 13\n"
    "action average hcp(north)\n"
)
"""S0 for the classic dealer: deal 10^6 and evaluate HCP and suit lengths (always true, so every deal is looked at)."""

DEALER_SCRIPTS = {
    "S1": "produce 10000\ncondition hcp(north) >= 15 && hcp(north) <= 17 && shape(north, any 4333 + any 4432 + any 5332)\naction printoneline\n",
    "S2": "produce 100\ncondition shape(west, any 7600)\naction printoneline\n",
    "S3": "produce 100\ncondition hcp(north) >= 20 && hcp(north) <= 21 && shape(north, any 4333 + any 4432 + any 5332) && spades(south) >= 5 && hearts(south) >= 5\naction printoneline\n",
}


def median_time(func: Callable[[], object], repeats: int) -> float:
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        func()
        times.append(time.perf_counter() - start)
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


def bench_classic_dealer(script: str, boards: int) -> float | None:
    """Matching boards per second of the classic C dealer on the same request, if installed."""
    exe = shutil.which("dealer") or shutil.which("dealer", path="/usr/games")
    if exe is None:
        return None
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "scenario.dl"
        path.write_text(script)
        start = time.perf_counter()
        subprocess.run([exe, str(path)], check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        elapsed = time.perf_counter() - start
    produced = int(script.split("\n", 1)[0].split()[1])
    return produced / elapsed


BIDDING_AUCTIONS = {
    "Stayman": "1NT P 2C P 2H",
    "preempt": "3H P P P",
}
"""The auctions of the bidding benchmark (issue 12's goal: 16 boards in under a second, setup included)."""


def bench_bidding(system_name: str, repeats: int) -> list[str]:
    """Lines of figures for one shipped system: openings and whole auctions chosen per second (in-process),
    and 16 boards dealt for each of ``BIDDING_AUCTIONS`` both in-process and as a whole ``bridgegui-deal``
    process (what a user runs; interpreter start and imports included)."""
    import sys

    from bridgegui.engine.bidding import load_system, request_for_auction
    from bridgegui.engine.bidding.system import time_auctions, time_openings

    system = load_system(system_name)
    openings = statistics.median(time_openings(system, 100_000) for _ in range(repeats))
    auctions = statistics.median(time_auctions(system, 10_000) for _ in range(repeats))
    lines = [
        f"{system_name}: openings chosen, in-process       {100_000 / openings:>12,.0f} per s",
        f"{system_name}: whole auctions bid, in-process    {10_000 / auctions:>12,.0f} per s",
    ]
    for label, auction in BIDDING_AUCTIONS.items():

        def deal_set(calls: str = auction) -> None:
            planner.deal(request_for_auction(system, calls, "N"), 16, seed=None)

        inside = median_time(deal_set, repeats)
        with tempfile.TemporaryDirectory() as tmp:
            command = [sys.executable, "-m", "bridgegui.cli", "--system", system_name, "--auction", auction]
            command += ["-p", "16", "-q", "-o", str(Path(tmp) / "set.pbn")]

            def run_process(c: list[str] = command) -> None:
                subprocess.run(c, check=True)

            whole = median_time(run_process, repeats)
        lines.append(
            f"{system_name}: 16 boards for {auction!r} ({label}): {inside * 1000:.0f} ms in-process, "
            f"{whole * 1000:.0f} ms as a whole bridgegui-deal process (setup included)"
        )
    return lines


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bridgegui.bench", description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=1_000_000, help="deals for S0 (default 10^6)")
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--compare", action="store_true", help="also time the classic C dealer (if installed)")
    parser.add_argument(
        "--bidding", action="store_true", help="only the bidding figures (openings, auctions, boards for an auction)"
    )
    args = parser.parse_args(argv)
    if args.bidding:
        for name in ("standard", "acol"):
            for line in bench_bidding(name, args.repeats):
                print(line)
        return

    print(f"S0: {args.deals:,} unconstrained deals (median of {args.repeats})")
    s0 = bench_s0(args.deals, args.repeats)
    for label, value in s0.items():
        print(f"  {label:28s} {value:>14,.0f}")
    if args.compare:
        classic = bench_classic_dealer(S0_DEALER_SCRIPT, 1_000_000)
        if classic is not None:
            ratio = s0["dealt+evaluated per s"] / classic
            print(f"  classic dealer, same task   {classic:>14,.0f}   (ratio {ratio:.1f}x)")
    for key, (title, request, boards) in SCENARIOS.items():
        seconds, rate = bench_scenario(request, boards, args.repeats)
        line = f"{key}: {title}: {boards:,} boards in {seconds * 1000:.1f} ms ({rate:,.0f} boards/s, setup included)"
        if args.compare and key in DEALER_SCRIPTS:
            classic = bench_classic_dealer(DEALER_SCRIPTS[key], boards)
            if classic is not None:
                line += f"; classic dealer {classic:,.0f}/s, ratio {rate / classic:.1f}x"
        print(line)
    for name in ("standard", "acol"):
        for line in bench_bidding(name, args.repeats):
            print(line)


if __name__ == "__main__":
    main()
