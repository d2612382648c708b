"""``python -m bridgegui`` flags that must work without a display: --version, --help, --self-test."""

import subprocess
import sys

from bridgegui import __main__ as entry
from bridgegui import __version__


def test_version_and_help(capsys):
    assert entry.main(["bridgegui", "--version"]) == 0
    assert capsys.readouterr().out.strip() == f"bridgegui {__version__}"
    assert entry.main(["bridgegui", "--help"]) == 0
    assert "--self-test" in capsys.readouterr().out


def test_self_test_passes_in_a_fresh_process():
    result = subprocess.run(
        [sys.executable, "-m", "bridgegui", "--self-test"], capture_output=True, text=True, timeout=120, check=False
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "self-test passed" in result.stdout
