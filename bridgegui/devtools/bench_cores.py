"""One core against every core for long runs: ``python -m bridgegui.devtools.bench_cores``.

The goal is at least 1.7x on a 2-core machine for S0 at 10 million deals and for a rejection-bound
request.  Everything is timed **in-process** (the engine's work only, no interpreter start-up and no
output), wall-clock seconds, the median of ``--runs`` runs, one core and every core interleaved so that
a change of load hits both alike (the ratio of the best runs is printed too: on a shared machine another
job that takes a core for a while spoils a run, never speeds it up):

* **S0**: 10,000,000 random deals, the HCP and the shape of all four hands (a frequency table's work),
  in ``parallel.CHUNK_DEALS`` chunks: ``workers=1`` against every core, with threads; and the same
  chunks in a process pool, the alternative ``parallel``'s docstring weighs (the deals stay in the
  worker, only the tables come back: the best case for processes);
* **S0 stream**: the same through ``planner.deal_stream`` (the command line's path: the first million
  deals in one stream, so small seeded runs keep their boards, then chunks; the tables are counted in
  the consuming thread, as a writer would format them);
* **rejection**: ``planner.deal`` of a request no seat of which is drawn exactly (NS 35+ HCP together,
  about 1 deal in 1,400), so millions of deals are tried for a few thousand boards: on threads (the
  window's way) and in forked processes (``processes=True``, the command line's way);
* **rejection-bound script**: the same condition as a dealer script, ``bridgegui-deal`` run as a
  *whole process* (wall-clock, start-up included) pinned to one core with ``taskset`` against free
  to use every core: what a user sees;
* **sample**: ``frequencies.sample`` of 2,000,000 random deals (what the frequency tables keep).

The boards are checked to be identical on one core and on all: the speed-up may never change a set.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor

import numpy as np

from bridgegui.devtools.bench_compare import our_command
from bridgegui.engine import evaluation, parallel
from bridgegui.engine.dealer import planner
from bridgegui.engine.dealer.constraints import DealRequest
from bridgegui.engine.dealing import deal_batch
from bridgegui.engine.teaching import frequencies

S0_DEALS = 10_000_000
SEED = 20261124


def _s0_chunk(args: tuple[np.random.SeedSequence, int, int]) -> np.ndarray:
    """One chunk of S0: deal, then count HCP (0..37) and shape codes of all four hands."""
    root, index, count = args
    size = min(parallel.CHUNK_DEALS, count - index * parallel.CHUNK_DEALS)
    deals = deal_batch(size, rng=parallel.chunk_rng(root, index))
    hcp = np.bincount(evaluation.hcp(deals).ravel(), minlength=38)
    shapes = np.bincount(evaluation.shape_code(evaluation.suit_lengths(deals)).ravel(), minlength=14**4)
    return np.concatenate([hcp, shapes])


def s0_threads(workers: int, count: int = S0_DEALS) -> np.ndarray:
    """S0 on ``workers`` threads: the summed tables."""
    root = np.random.SeedSequence(SEED)
    chunks = -(-count // parallel.CHUNK_DEALS)
    tasks = parallel.ordered_map(lambda i: _s0_chunk((root, i, count)), range(chunks), workers=workers)
    return np.sum(list(tasks), axis=0)


def s0_processes(workers: int, count: int = S0_DEALS) -> np.ndarray:
    """S0 on ``workers`` processes (a new pool each run: its start-up is part of the cost)."""
    root = np.random.SeedSequence(SEED)
    chunks = -(-count // parallel.CHUNK_DEALS)
    with ProcessPoolExecutor(max_workers=workers) as pool:
        return np.sum(list(pool.map(_s0_chunk, [(root, i, count) for i in range(chunks)])), axis=0)


REJECTION = DealRequest.from_specs(ns="hcp 35+")


def rejection(workers: int, boards: int = 6_000) -> np.ndarray:
    """A request dealt by rejection alone (NS 35+ HCP: no seat to draw exactly), about 8 million tries."""
    return planner.deal(REJECTION, boards, seed=SEED, workers=workers)


def rejection_processes(workers: int, boards: int = 6_000) -> np.ndarray:
    """The same request in forked processes where ``workers`` > 1 (the command line's way)."""
    return planner.deal(REJECTION, boards, seed=SEED, workers=workers, processes=True)


REJECTION_SCRIPT = "produce 6000\ncondition hcp(north) + hcp(south) >= 35\naction printoneline\n"


def script_process(one_core: bool) -> np.ndarray:
    """``bridgegui-deal`` on the rejection-bound script as a whole process; its output's digest."""
    import hashlib
    import subprocess
    import tempfile
    from pathlib import Path

    with tempfile.TemporaryDirectory() as folder:
        script = Path(folder) / "rejection.dl"
        script.write_text(REJECTION_SCRIPT)
        target = Path(folder) / "set.pbn"
        command = our_command()
        command += ["-q", "-s", str(SEED), str(script), "-o", str(target)]
        if one_core:
            command = ["taskset", "-c", str(min(os.sched_getaffinity(0))), *command]
        subprocess.run(command, check=True)
        return np.frombuffer(hashlib.sha256(target.read_bytes()).digest(), dtype=np.uint8)


def stream_s0(workers: int, count: int = S0_DEALS) -> np.ndarray:
    """S0 through the planner, as the command line deals it: one stream for the first million deals,
    then chunks on every core; the tables are counted batch by batch as they arrive."""
    tables = np.zeros(38 + 14**4, dtype=np.int64)
    for progress in planner.deal_stream(DealRequest(), count, seed=SEED, workers=workers):
        tables[:38] += np.bincount(evaluation.hcp(progress.deals).ravel(), minlength=38)
        tables[38:] += np.bincount(
            evaluation.shape_code(evaluation.suit_lengths(progress.deals)).ravel(), minlength=14**4
        )
    return tables


def sample(workers: int) -> np.ndarray:
    """The frequency tables' large random sample."""
    return frequencies.sample(None, 2_000_000, seed=SEED, workers=workers)


def _time(work: Callable[[], np.ndarray]) -> tuple[float, np.ndarray]:
    start = time.perf_counter()
    result = work()
    return time.perf_counter() - start, result


def compare(name: str, one: Callable[[], np.ndarray], every: Callable[[], np.ndarray], runs: int) -> None:
    """Interleaved runs of one core and every core; print the medians and the ratio."""
    singles, multis = [], []
    first: np.ndarray | None = None
    for _ in range(runs):
        t1, r1 = _time(one)
        t2, r2 = _time(every)
        singles.append(t1)
        multis.append(t2)
        if not np.array_equal(r1, r2):
            raise SystemExit(f"{name}: one core and every core gave different results")
        first = r1 if first is None else first
    s, m = statistics.median(singles), statistics.median(multis)
    best = min(singles) / min(multis)
    print(
        f"{name:<40} 1 core {s:6.2f} s   {parallel.worker_count()} cores {m:6.2f} s   "
        f"speed-up {s / m:4.2f}x (best runs {best:4.2f}x)"
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--runs", type=int, default=3, help="runs of each (medians are printed)")
    parser.add_argument("--no-processes", action="store_true", help="skip the process-pool comparison")
    args = parser.parse_args(argv)
    cores = parallel.worker_count()
    print(f"in-process engine figures, wall-clock seconds, medians of {args.runs} runs; {cores} cores")
    compare("S0 10M deals + HCP + shape, threads", lambda: s0_threads(1), lambda: s0_threads(cores), args.runs)
    if not args.no_processes:
        compare(
            "S0 10M deals + HCP + shape, processes",
            lambda: s0_threads(1),
            lambda: s0_processes(cores),
            args.runs,
        )
    compare("S0 10M through planner.deal_stream", lambda: stream_s0(1), lambda: stream_s0(cores), args.runs)
    compare("rejection: NS hcp 35+, 6,000 boards, threads", lambda: rejection(1), lambda: rejection(cores), args.runs)
    compare(
        "rejection: the same, forked processes",
        lambda: rejection_processes(1),
        lambda: rejection_processes(cores),
        args.runs,
    )
    if shutil.which("taskset") and hasattr(os, "sched_getaffinity"):
        print("whole process, wall-clock seconds, start-up included:")
        compare(
            "rejection-bound script, bridgegui-deal",
            lambda: script_process(True),
            lambda: script_process(False),
            args.runs,
        )
    compare("frequencies.sample, 2M random deals", lambda: sample(1), lambda: sample(cores), args.runs)


if __name__ == "__main__":
    main()
