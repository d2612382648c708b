"""``bridgegui-deal -p 1`` loads only what it needs (issue 17: start-up is most of a small run's time).

Checked by the modules a fresh interpreter holds after the run, never by timing: no Qt, no printing,
no dealer-script compiler, no bidding systems, no shuffle lab, and no format module but the one written.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

PROBE = """
import json, sys
from bridgegui import cli
status = cli.main(sys.argv[1:])
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
    "bridgegui.formats.pbn",  # the reader: writing a dealt set needs only pbn_stream
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
    assert "bridgegui.formats.pbn_stream" in modules  # the probe does see what is loaded


def test_a_script_run_loads_the_compiler(tmp_path):
    """The counter-check: the same probe sees the script modules when a script is run."""
    script = tmp_path / "s.dl"
    script.write_text("produce 2\ncondition hcp(north) >= 10\n")
    modules = _modules(tmp_path, "-q", str(script))
    assert "bridgegui.engine.script.compiler" in modules
    assert not any(m.startswith(("PySide6", "bridgegui.printing", "bridgegui.engine.bidding")) for m in modules)


def test_the_engine_package_loads_its_names_only_when_used() -> None:
    # issue 17: ``import bridgegui.engine.cards`` used to load the evaluation, trick, stats and deal-number
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
