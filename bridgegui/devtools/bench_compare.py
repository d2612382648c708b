"""Whole-process benchmarks: ``bridgegui-deal`` against the classic C ``dealer`` and Deal 3.1 ``deal``.

Run by ``python -m bridgegui.devtools.bench --compare`` (``--quick`` for a subset).  What a user runs is a
program, so both sides are timed the same way (../shared/bench/scenarios.md says "never one
of each"):

* the same request (scenarios S1-S4, the peers' scripts in ../shared/bench/peers, written out here
  so the benchmark runs anywhere) and the same board count, output written to a temporary file
  (never /dev/null: writing is part of the work);
* cpu seconds (user + system) of the child process from ``os.wait4``, and its peak memory
  (``ru_maxrss``);
* runs interleaved (ours, dealer, deal, ours, ...) so a change of load hits every side alike, and
  the median of several;
* a peer run expected to take more than ``PEER_BUDGET`` seconds (dealer on S4, which rejection needs
  hours for) is skipped, and the table says so.

The ratio is ours divided by the peer's: below 1 we are faster.  Our output is PBN in every
scenario; dealer writes PBN for S1 (``printpbn``) and one line per deal otherwise, Deal writes one
line per deal (its ``format/pbn`` for S1), so for S2-S4 we write the larger file.
"""

from __future__ import annotations

import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

PEER_BUDGET = 60.0
"""Seconds a single peer run may be expected to take; longer runs are skipped (and said to be)."""

SEED = 1

OUR_SPECS: dict[str, list[str]] = {
    "S1": ["--north", "hcp 15-17, balanced"],
    "S2": ["--west", "shape 7600"],
    "S3": ["--north", "hcp 20-21, balanced", "--south", "spades 5+, hearts 5+"],
    "S4": ["--west", "spades 10+", "--east", "hearts 8+"],
}

DEALER_CONDITIONS = {
    "S1": "hcp(north) >= 15 && hcp(north) <= 17 && shape(north, any 4333 + any 4432 + any 5332)",
    "S2": "shape(west, any 7600)",
    "S3": "hcp(north) >= 20 && hcp(north) <= 21 && shape(north, any 4333 + any 4432 + any 5332) "
    "&& spades(south) >= 5 && hearts(south) >= 5",
    "S4": "spades(west) >= 10 && hearts(east) >= 8",
}

DEAL_SCRIPTS = {
    "S1": "shapecond bal5M {($s*$s+$h*$h+$d*$d+$c*$c)<=47}\ndefvector HCP 4 3 2 1\n"
    "deal::input smartstack north bal5M HCP 15 17\nmain { accept }\n",
    "S2": "shapecond p7600 {(($s==7)+($h==7)+($d==7)+($c==7))==1 && (($s==6)+($h==6)+($d==6)+($c==6))==1}\n"
    "deal::input smartstack west p7600\nmain { accept }\n",
    "S3": "shapecond bal5M {($s*$s+$h*$h+$d*$d+$c*$c)<=47}\ndefvector HCP 4 3 2 1\n"
    "deal::input smartstack north bal5M HCP 20 21\n"
    "main { if {[spades south]>=5 && [hearts south]>=5} { accept } ; reject }\n",
    "S4": "shapecond s10 {$s>=10}\ndeal::input smartstack west s10\n"
    "main { if {[hearts east]>=8} { accept } ; reject }\n",
}

DEAL_ONE_LINE = (
    "proc write_deal {} {\n  set out {}\n  foreach hand {north east south west} {\n"
    '    lappend out "[$hand spades].[$hand hearts].[$hand diamonds].[$hand clubs]"\n  }\n'
    '  puts "N:[join $out { }]"\n}\n'
)

EXPECTED_RATE = {
    "dealer": {"S1": 95_000.0, "S2": 110.0, "S3": 85.0, "S4": 0.035},
    "deal": {"S1": 32_000.0, "S2": 20_000.0, "S3": 480.0, "S4": 900.0},
}
"""Boards per second measured on this kind of machine (scenarios.md), to skip runs past ``PEER_BUDGET``."""

COUNTS_FULL = (1, 1_000, 10_000, 100_000)


@dataclass(frozen=True)
class Run:
    cpu: float
    peak_mb: float
    status: int


_TIME = "/usr/bin/time"


def run_child(command: Sequence[str], output: Path, env: dict[str, str] | None = None) -> Run:
    """Run ``command`` with standard output to ``output``; its cpu seconds and peak memory.

    cpu: user + system seconds of the child and everything it waited for, from ``os.wait4``.  Peak
    memory: a child forked from this (large) Python process inherits its high-water mark, so where
    GNU ``time`` is installed it starts the command and reports the command's own ``ru_maxrss``.
    """
    with tempfile.NamedTemporaryFile("r", suffix=".rss") as rss, open(output, "wb") as out:
        wrapped = [_TIME, "-f", "%M", "-o", rss.name, *command] if os.path.exists(_TIME) else list(command)
        child = subprocess.Popen(wrapped, stdout=out, stderr=subprocess.DEVNULL, env=env)
        _, status, usage = os.wait4(child.pid, 0)
        child.returncode = os.waitstatus_to_exitcode(status)
        peak_kb = float(usage.ru_maxrss)
        if wrapped[0] == _TIME:
            text = rss.read().strip().splitlines()
            peak_kb = float(text[-1]) if text and text[-1].isdigit() else peak_kb
    return Run(usage.ru_utime + usage.ru_stime, peak_kb / 1024, child.returncode)


def our_environment(cache: Path) -> dict[str, str]:
    """Our child's environment: compiled bytecode kept (in ``cache``, outside the source tree).

    An installed package has its ``.pyc`` files; a development checkout run with
    ``PYTHONDONTWRITEBYTECODE`` would compile every module on every start (about 60 ms here), which
    no user pays.  The first (warm-up) run fills the cache.
    """
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env["PYTHONPYCACHEPREFIX"] = str(cache)
    return env


def our_command() -> list[str]:
    """The installed ``bridgegui-deal`` (what a user runs), else the same entry (``entry.deal``: a frozen
    heap, no teardown) through ``-c``; never ``-m bridgegui.cli.deal``, whose extra start-up and exit
    work would understate every ratio."""
    beside = Path(sys.executable).with_name("bridgegui-deal")
    if beside.exists():
        return [str(beside)]
    found = shutil.which("bridgegui-deal")
    return (
        [found] if found else [sys.executable, "-c", "import sys; from bridgegui import entry; sys.exit(entry.deal())"]
    )


def _peer(name: str) -> str | None:
    return shutil.which(name) or shutil.which(name, path="/usr/games")


@dataclass
class Cell:
    """One scenario and board count: the commands of each side and their runs."""

    scenario: str
    count: int
    commands: dict[str, list[str]]
    outputs: dict[str, Path]
    skipped: dict[str, str]
    runs: dict[str, list[Run]]
    env: dict[str, str] | None = None


def build_cells(folder: Path, counts: Sequence[int], scenarios: Sequence[str]) -> list[Cell]:
    ours = our_command()
    dealer = _peer("dealer")
    deal = _peer("deal")
    cells = []
    for key in scenarios:
        for count in counts:
            stem = folder / f"{key}-{count}"
            commands = {"bridgegui": [*ours, "-q", "-s", str(SEED), "-p", str(count), *OUR_SPECS[key]]}
            outputs = {"bridgegui": stem.with_suffix(".ours.pbn")}
            commands["bridgegui"] += ["-o", str(outputs["bridgegui"])]
            if count >= 1_000_000 and "--time-limit" in _our_help():
                commands["bridgegui"] += ["--time-limit", "0"]
            skipped: dict[str, str] = {}
            if dealer is not None:
                script = stem.with_suffix(".dl")
                action = "printpbn" if key == "S1" else "printoneline"
                script.write_text(f"produce {count}\ncondition {DEALER_CONDITIONS[key]}\naction {action}\n")
                commands["dealer"] = [dealer, "-s", str(SEED), "-g", str(10**10), str(script)]
                outputs["dealer"] = stem.with_suffix(".dealer.txt")
            if deal is not None:
                script = stem.with_suffix(".tcl")
                script.write_text(DEAL_SCRIPTS[key])
                form = stem.with_suffix(".format.tcl")
                form.write_text(DEAL_ONE_LINE)
                layout = (
                    "/usr/share/deal/format/pbn"
                    if key == "S1" and Path("/usr/share/deal/format/pbn").exists()
                    else str(form)
                )
                commands["deal"] = [deal, "-s", str(SEED), "-i", layout, "-i", str(script), str(count)]
                outputs["deal"] = stem.with_suffix(".deal.txt")
            for peer in ("dealer", "deal"):
                if peer in commands:
                    expected = count / EXPECTED_RATE[peer][key]
                    if expected > PEER_BUDGET:
                        skipped[peer] = f"skipped: about {expected:,.0f} s expected"
                        del commands[peer]
            runs: dict[str, list[Run]] = {side: [] for side in commands}
            cells.append(Cell(key, count, commands, outputs, skipped, runs, our_environment(folder / "pycache")))
    return cells


_HELP: list[str] = []


def _our_help() -> str:
    if not _HELP:
        done = subprocess.run([*our_command(), "--help"], capture_output=True, text=True, check=False)
        _HELP.append(done.stdout)
    return _HELP[0]


def measure(cells: list[Cell], repeats: int) -> None:
    """Run every side of every cell ``repeats`` times, interleaved (the sides' order turns each round)."""
    if cells:  # warm-up: our bytecode cache, and the file system's caches of every program
        first = cells[0]
        for side, command in first.commands.items():
            run_child(command, first.outputs[side], first.env if side == "bridgegui" else None)
    for round_ in range(repeats):
        for cell in cells:
            sides = list(cell.commands)
            sides = sides[round_ % len(sides) :] + sides[: round_ % len(sides)]
            for side in sides:
                expected = cell.count / EXPECTED_RATE.get(side, {}).get(cell.scenario, 1e12)
                if round_ and expected * (round_ + 1) > PEER_BUDGET * 2:
                    continue  # a slow peer runs fewer times (its median is of the runs made)
                env = cell.env if side == "bridgegui" else None
                cell.runs[side].append(run_child(cell.commands[side], cell.outputs[side], env))


def _median(runs: list[Run]) -> tuple[float, float] | None:
    if not runs:
        return None
    return statistics.median(r.cpu for r in runs), max(r.peak_mb for r in runs)


def report(cells: list[Cell]) -> list[str]:
    lines = [
        "Whole processes (cpu seconds of the child, user+system, median of interleaved runs; peak memory; "
        "output to a file)",
        f"{'request':<16}{'bridgegui':>22}{'dealer':>22}{'deal':>22}   ours/dealer  ours/deal",
    ]
    for cell in cells:
        figures = {}
        row = f"{cell.scenario} {cell.count:>9,}    "
        for side in ("bridgegui", "dealer", "deal"):
            result = _median(cell.runs.get(side, []))
            figures[side] = result
            if result is not None:
                failed = any(r.status != 0 for r in cell.runs[side])
                text = f"{result[0]:.3f} s {result[1]:5.1f} MB" + (" (!)" if failed else "")
            elif side in cell.skipped:
                text = "skipped (>60 s)"
            else:
                text = "not installed" if side != "bridgegui" else "-"
            row += f"{text:>22}"
        ours = figures["bridgegui"]
        for peer in ("dealer", "deal"):
            other = figures[peer]
            ratio = f"{ours[0] / other[0]:.2f}x" if ours and other and other[0] > 0 else "-"
            row += f"{ratio:>12}"
        lines.append(row)
    lines.append("ratio = our cpu time / the peer's: below 1 we are faster.  (!) = the run failed.")
    skipped = sorted({f"{c.scenario} {c.count:,}: {p} {why}" for c in cells for p, why in c.skipped.items()})
    lines += [f"  {s}" for s in skipped]
    return lines


def import_times(top: int = 15) -> list[str]:
    """Every module a ``bridgegui-deal -p 1 -o FILE`` run imports, from ``python -X importtime``:
    the slowest by their own time, and the whole."""
    with tempfile.TemporaryDirectory() as tmp:
        probe = "import sys\nfrom bridgegui import entry\nsys.exit(entry.deal())\n"  # as the installed command
        command = [sys.executable, "-X", "importtime", "-c", probe, "-q", "-p", "1", "-o", str(Path(tmp) / "one.pbn")]
        env = our_environment(Path(tmp) / "pycache")
        subprocess.run(command, capture_output=True, check=False, env=env)  # fills the bytecode cache
        done = subprocess.run(command, capture_output=True, text=True, check=False, env=env)
    rows: list[tuple[int, int, str]] = []
    for line in done.stderr.splitlines():
        if not line.startswith("import time:") or "self [us]" in line:
            continue
        own_text, total_text, module = line.removeprefix("import time:").split("|")
        rows.append((int(own_text), int(total_text), module.rstrip()))
    whole = sum(own for own, _, _ in rows)
    lines = [
        f"Imports of 'bridgegui-deal -p 1 -o FILE' (python -X importtime): {len(rows)} modules, {whole / 1e6:.3f} s"
    ]
    lines.append(f"  {'own ms':>8} {'with children':>14}  module")
    for own, total, name in sorted(rows, reverse=True)[:top]:
        lines.append(f"  {own / 1000:8.1f} {total / 1000:14.1f}  {name.strip()}")
    ours = [(own, name.strip()) for own, _, name in rows if name.strip().startswith("bridgegui")]
    lines.append(f"  bridgegui's own modules: {sum(o for o, _ in ours) / 1e6:.3f} s in {len(ours)} modules")
    return lines


def floor(folder: Path, repeats: int) -> str:
    """The cpu time of starting Python and importing numpy, which every run of ours pays (scenarios.md):
    as ``python -c 'import numpy'`` does it, and as our commands do it (one OpenBLAS thread,
    ``bridgegui.entry``), so a run of ours is compared with the floor it really stands on."""
    from bridgegui.entry import BLAS_THREADS

    env = our_environment(folder / "pycache")
    env.pop(BLAS_THREADS, None)
    single = {**env, BLAS_THREADS: "1"}
    plain: list[Run] = []
    ours: list[Run] = []
    for _ in range(max(3, repeats)):  # interleaved, as the scenarios are
        plain.append(run_child([sys.executable, "-c", "import numpy"], folder / "floor.txt", env))
        ours.append(run_child([sys.executable, "-c", "import numpy"], folder / "floor.txt", single))
    cpu, peak = _median(plain) or (0.0, 0.0)
    cpu_ours, _ = _median(ours) or (0.0, 0.0)
    return (
        f"Floor: python -c 'import numpy' takes {cpu:.3f} s cpu and {peak:.1f} MB; "
        f"{cpu_ours:.3f} s with one OpenBLAS thread, as our commands start it (every run of ours pays that)"
    )


def main(*, quick: bool = False, repeats: int = 5, million: bool = False) -> None:
    counts = (1, 1_000) if quick else COUNTS_FULL
    with tempfile.TemporaryDirectory(prefix="bridgegui-bench-") as tmp:
        folder = Path(tmp)
        cells = build_cells(folder, counts, list(OUR_SPECS))
        if quick:
            cells += build_cells(folder, (10_000,), ["S1"])
        if million:
            cells += build_cells(folder, (1_000_000,), ["S1"])
        measure(cells, max(1, repeats))
        for line in report(cells):
            print(line)
        print(floor(folder, repeats))
    print()
    for line in import_times():
        print(line)
