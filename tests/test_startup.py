"""``bridgegui-deal -p 1`` loads only what it needs (start-up is most of a small run's time).

Checked by the modules a fresh interpreter holds after the run, never by timing: no Qt, no printing,
no dealer-script compiler, no bidding systems, no shuffle lab, and no format module but the one written.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

PROBE = """
import json, sys
from bridgegui.cli import deal as deal_cli
status = deal_cli.main(sys.argv[1:])
print(json.dumps({"status": status, "modules": sorted(sys.modules)}))
"""

NOT_NEEDED = (
    "PySide6",
    "bridgegui.printing",
    "bridgegui.ui",
    "bridgegui.workers",
    "bridgegui.engine.script",
    "bridgegui.engine.bidding",
    "bridgegui.engine.lab",
    "bridgegui.engine.double_dummy",
    "bridgegui.formats.lin",
    "bridgegui.formats.dup",
    "bridgegui.formats.dlm",
    "bridgegui.formats.csvfile",
    "bridgegui.formats.text",
)


def _modules(tmp_path, *argv: str) -> list[str]:
    done = subprocess.run(
        [sys.executable, "-c", PROBE, *argv, "-o", str(tmp_path / "set.pbn")],
        capture_output=True,
        text=True,
        check=True,
    )
    result = json.loads(done.stdout)
    assert result["status"] == 0, done.stderr
    return list(result["modules"])


@pytest.mark.parametrize("argv", [["-q", "-p", "1"], ["-q", "-p", "3", "--north", "hcp 15-17, balanced"]])
def test_a_plain_run_loads_only_what_it_needs(tmp_path, argv):
    modules = _modules(tmp_path, *argv)
    loaded = sorted(m for m in modules if m in NOT_NEEDED or m.startswith(tuple(n + "." for n in NOT_NEEDED)))
    assert loaded == []
    assert "bridgegui.formats.pbn" in modules  # the probe does see what is loaded: the one format written


def test_a_script_run_loads_the_compiler(tmp_path):
    """The counter-check: the same probe sees the script modules when a script is run."""
    script = tmp_path / "s.dl"
    script.write_text("produce 2\ncondition hcp(north) >= 10\n")
    modules = _modules(tmp_path, "-q", str(script))
    assert "bridgegui.engine.script.compiler" in modules
    assert not any(m.startswith(("PySide6", "bridgegui.printing", "bridgegui.engine.bidding")) for m in modules)


def test_the_engine_package_loads_its_names_only_when_used() -> None:
    # ``import bridgegui.engine.cards`` used to load the evaluation, trick, stats and deal-number
    # tables through the package's __init__, on every command-line run.
    code = (
        "import sys; import bridgegui.engine.cards; "
        "print(sorted(m for m in ('bridgegui.engine.evaluation', 'bridgegui.engine.tricks', "
        "'bridgegui.engine.stats', 'bridgegui.engine.deal_numbers') if m in sys.modules)); "
        "from bridgegui.engine import deal_batch, stats, Board; print(deal_batch.__name__, stats.__name__, Board.__name__)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split("\n")
    assert out[0] == "[]"
    assert out[1] == "deal_batch bridgegui.engine.stats Board"


THREADS_AFTER_NUMPY = """
import os, sys
{setup}
import numpy
print(os.environ.get("OPENBLAS_NUM_THREADS"), len(os.listdir("/proc/self/task")))
"""


def _threads_after_numpy(setup: str, env_value: str | None = None) -> tuple[str, int]:
    env = {k: v for k, v in os.environ.items() if k not in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS")}
    if env_value is not None:
        env["OPENBLAS_NUM_THREADS"] = env_value
    code = THREADS_AFTER_NUMPY.format(setup=setup)
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, env=env)
    value, threads = done.stdout.split()
    return value, int(threads)


@pytest.mark.skipif(not os.path.isdir("/proc/self/task"), reason="counts threads through Linux's /proc")
def test_the_commands_start_numpy_without_blas_threads() -> None:
    """OpenBLAS's thread per core cost about 0.08 s cpu of every ``bridgegui-deal`` run."""
    value, threads = _threads_after_numpy("from bridgegui.entry import single_blas_thread; single_blas_thread()")
    assert (value, threads) == ("1", 1)
    # A count the user set is kept.
    assert _threads_after_numpy("from bridgegui.entry import single_blas_thread; single_blas_thread()", "2")[0] == "2"
    # Too late once numpy is loaded: the environment is left alone rather than pretending.
    late = "import numpy; from bridgegui.entry import single_blas_thread; single_blas_thread()"
    assert _threads_after_numpy(late)[0] == "None"


def test_the_installed_commands_go_through_the_entry_module() -> None:
    """``bridgegui-deal`` and ``bridgegui`` start in ``bridgegui.entry``, which calls the real mains."""
    import tomllib
    from pathlib import Path

    project = tomllib.loads((Path(__file__).parents[1] / "pyproject.toml").read_text())["project"]
    assert project["scripts"]["bridgegui-deal"] == "bridgegui.entry:deal"
    assert project["gui-scripts"]["bridgegui"] == "bridgegui.entry:window"
    probe = "import sys; from bridgegui import entry; sys.argv = ['bridgegui-deal', '--version']; entry.deal()"
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=False)
    assert "bridgegui" in done.stdout + done.stderr and done.returncode == 0


def _run_entry(*argv: str) -> subprocess.CompletedProcess[bytes]:
    """The installed command's code in a fresh process, its standard streams buffered as a user's are."""
    probe = "import sys; from bridgegui import entry; sys.exit(entry.deal())"
    env = {k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"}
    return subprocess.run([sys.executable, "-c", probe, *argv], capture_output=True, check=False, env=env)


def test_the_command_ends_without_teardown_and_loses_nothing() -> None:
    """``bridgegui-deal`` ends with ``os._exit`` (teardown was about 0.02-0.03 s cpu): what it
    wrote to a pipe, what it said on standard error and the exit status all arrive as with a normal exit."""
    argv = ["-s", "3", "-p", "400", "--north", "hcp 15-17, balanced", "--format", "text"]
    hard = _run_entry(*argv)
    normal = subprocess.run([sys.executable, "-m", "bridgegui.cli.deal", *argv], capture_output=True, check=False)
    assert hard.returncode == normal.returncode == 0
    assert len(hard.stdout) > 20_000 and hard.stdout == normal.stdout  # a buffered pipe, flushed
    assert hard.stderr == normal.stderr
    impossible = _run_entry("-q", "-p", "1", "--north", "hcp 38+")
    assert impossible.returncode == 3 and b"impossible" in impossible.stderr  # standard error, flushed
    assert _run_entry("--version").stdout.startswith(b"bridgegui-deal ")


def test_the_command_collects_no_garbage_while_loading() -> None:
    """The modules load with the collector off and are frozen out of later collections; it is on again
    for the run (a long run's cycles are still collected)."""
    probe = (
        "import gc, sys; from bridgegui import entry\nfrom bridgegui.cli import deal as deal_cli\n"
        "def main(argv=None):\n"
        "    print(gc.isenabled(), gc.get_freeze_count() > 10_000, gc.get_stats()[2]['collections'], flush=True)\n"
        "    return 0\n"
        "deal_cli.main = main\n"
        "before = gc.get_stats()[2]['collections']; print(before, flush=True); entry.deal()\n"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    before, after = done.stdout.splitlines()
    enabled, frozen, collections = after.split()
    assert (enabled, frozen) == ("True", "True")
    assert int(collections) == int(before)  # no full collection while the engine and numpy loaded


def test_a_plain_run_builds_no_rule_of_20_table(tmp_path) -> None:
    """The rule of 20's shape table is built when the rule is used, not at import (2 ms of every run)."""
    probe = (
        "import sys; from bridgegui.cli import deal as deal_cli; from bridgegui.engine import evaluation\n"
        "deal_cli.main(sys.argv[1:]); print(evaluation.top_two_by_shape.cache_info().currsize)\n"
        "deal_cli.main(sys.argv[1:] + ['--south', 'rule20']); print(evaluation.top_two_by_shape.cache_info().currsize)\n"
    )
    argv = ["-q", "-p", "2", "--north", "hcp 15-17, balanced", "-o", str(tmp_path / "set.pbn")]
    done = subprocess.run([sys.executable, "-c", probe, *argv], capture_output=True, text=True, check=True)
    assert done.stdout.split() == ["0", "1"]
