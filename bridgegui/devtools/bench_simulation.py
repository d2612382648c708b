"""Simulation speed and ``--dd`` against endplay's own batch: ``python -m bridgegui.devtools.bench_simulation``.

Double dummy is the cost of a simulation and of ``--dd``.  The goals: 200 deals x 3 candidates in
under 10 s on a 2-core machine, and ``--dd`` on 40 boards no slower than endplay's batched
``calc_all_tables`` plus ``par`` on the same deals.  Every figure says how it was timed:

* **in-process**: the engine's work only (no interpreter start-up, no output), wall-clock seconds
  and cpu seconds; cores used is cpu over wall;
* **whole-process**: ``bridgegui-deal`` run as a command, start-up and file writing included, its
  cpu read from the child's resource usage.

Each figure is the median of ``--runs`` runs (a shared machine's other jobs only ever slow a run down).
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np

SEED = 20261126

MAX_TABLES = 40
"""endplay's own batch, as a user of it writes it: as many deals a call as DDS takes (``MAXNOOFTABLES``)."""
KNOWN = "S:AQ73.K84.J92.T65"


def _timed(work: Callable[[], object], runs: int) -> tuple[float, float]:
    """Median wall-clock and cpu seconds (this process and its threads) of ``runs`` runs."""
    walls, cpus = [], []
    for _ in range(runs):
        wall, cpu = time.perf_counter(), time.process_time()
        work()
        walls.append(time.perf_counter() - wall)
        cpus.append(time.process_time() - cpu)
    return statistics.median(walls), statistics.median(cpus)


def _whole_processes(commands: list[list[str]], runs: int) -> list[tuple[float, float]]:
    """Median wall-clock and cpu seconds of each command, start-up included (cpu from the child's
    rusage).  The commands take turns, run by run, so a shared machine's load falls on each alike."""
    walls: list[list[float]] = [[] for _ in commands]
    cpus: list[list[float]] = [[] for _ in commands]
    for _ in range(runs):
        for k, argv in enumerate(commands):
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            wall = time.perf_counter()
            subprocess.run(argv, check=True, stdout=subprocess.DEVNULL)
            walls[k].append(time.perf_counter() - wall)
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            cpus[k].append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    return [(statistics.median(w), statistics.median(c)) for w, c in zip(walls, cpus, strict=True)]


def _line(label: str, how: str, wall: float, cpu: float, extra: str = "") -> None:
    print(f"{label:<52} {how:<14} {wall:7.2f} s wall {cpu:7.2f} s cpu  {cpu / wall:4.2f} cores  {extra}")


def simulation(deals: int, runs: int, method: str) -> None:
    from bridgegui.engine.bidding.inference import KnownHand
    from bridgegui.engine.bidding.simulation import SimulationSetup, prepare, simulate

    setup = SimulationSetup("standard", "1NT P", "N", ("2C", "3NT", "P"), KnownHand.parse(KNOWN), method=method)
    prepare(setup)  # the system and the plan once, as a window or a cluster worker keeps them

    def run() -> None:
        for _ in simulate(setup, deals, seed=SEED):
            pass

    wall, cpu = _timed(run, runs)
    _line(f"simulation {deals} deals x 3 calls ({method})", "in-process", wall, cpu, f"{deals / wall:6.1f} deals/s")


def dd_against_endplay(boards: int, runs: int) -> None:
    import endplay.dds as dds
    import endplay.types as types

    from bridgegui.engine import double_dummy
    from bridgegui.engine.cards import Deal
    from bridgegui.engine.dealing import deal_batch

    rows = deal_batch(boards, seed=SEED)
    pbn = [Deal.from_masks(r).to_pbn("N") for r in rows.tolist()]

    def endplay_batched() -> None:
        deals = [types.Deal(text) for text in pbn]
        for lo in range(0, len(deals), MAX_TABLES):
            for table in dds.calc_all_tables(deals[lo : lo + MAX_TABLES]):
                dds.par(table, types.Vul.none, types.Player.north)

    def ours() -> None:
        for table in double_dummy.dd_tables(rows):
            double_dummy.par(table, "N", "None")

    wall, cpu = _timed(endplay_batched, runs)
    _line(f"endplay calc_all_tables + par, {boards} deals", "in-process", wall, cpu)
    wall, cpu = _timed(ours, runs)
    _line(f"bridgegui dd_tables + par, {boards} deals", "in-process", wall, cpu)
    command = shutil.which("bridgegui-deal")
    if command is None:
        print("bridgegui-deal is not on PATH: the whole-process figure is skipped")
        return
    with tempfile.TemporaryDirectory() as folder:
        target = str(Path(folder) / "dd.pbn")
        argv = [command, "-p", str(boards), "-s", str(SEED), "--dd", "-q", "-o", target]
        code = (
            "import endplay.dds as d, endplay.types as t, sys; "
            "from bridgegui.engine.dealing import deal_batch; from bridgegui.engine.cards import Deal; "
            f"rows = deal_batch({boards}, seed={SEED}); "
            "deals = [t.Deal(Deal.from_masks(r).to_pbn('N')) for r in rows.tolist()]; "
            f"[d.par(x, t.Vul.none, t.Player.north) for lo in range(0, len(deals), {MAX_TABLES}) "
            f"for x in d.calc_all_tables(deals[lo:lo + {MAX_TABLES}])]"
        )
        (ours_wall, ours_cpu), (wall, cpu) = _whole_processes([argv, [sys.executable, "-c", code]], runs)
        _line(f"bridgegui-deal -p {boards} --dd", "whole-process", ours_wall, ours_cpu)
        _line(f"python: endplay calc_all_tables + par, {boards} deals", "whole-process", wall, cpu)
        print(f"--dd against endplay, whole processes taking turns: {ours_wall / wall:.2f}x the wall time")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=200, help="simulation deals (default 200)")
    parser.add_argument("--boards", type=int, default=40, help="--dd boards (default 40)")
    parser.add_argument("--runs", type=int, default=3, help="runs per figure, the median is printed (default 3)")
    parser.add_argument("--methods", default="boards,tables", help="solving methods to time (default boards,tables)")
    args = parser.parse_args(argv)
    print(f"{os.cpu_count()} cores; each figure the median of {args.runs} runs")
    for method in args.methods.split(","):
        simulation(args.deals, args.runs, method.strip())
    dd_against_endplay(args.boards, args.runs)


if __name__ == "__main__":
    np.seterr(all="raise")
    main()
