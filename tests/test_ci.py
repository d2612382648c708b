"""CI runs the README's test command as it stands, and that command uses every core."""

from __future__ import annotations

import re
import shutil
import subprocess
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _readme_test_command() -> str:
    """The sh block under the README's "## Run the tests", read here independently of ``.ci/run``."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("\n## Run the tests\n", 1)[1].split("\n## ", 1)[0]
    found = re.search(r"^```sh\n(.*?)\n```$", section, re.MULTILINE | re.DOTALL)
    assert found, "no sh block under '## Run the tests'"
    return found[1]


@pytest.mark.skipif(shutil.which("bash") is None, reason="CI's script is a bash script")
def test_ci_runs_the_readme_test_command() -> None:
    shown = subprocess.run(
        ["bash", str(ROOT / ".ci" / "run"), "--print"], capture_output=True, text=True, check=True, timeout=60
    )
    assert shown.stdout.rstrip("\n") == _readme_test_command()


def test_the_readme_test_command_installs_the_test_extra_and_runs_on_every_core() -> None:
    command = _readme_test_command()
    assert "pip install" in command and "[test" in command
    assert re.search(r"\bpytest -n (auto|\d+)\b", command), command
    extra = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"]["test"]
    assert any(re.match(r"pytest-xdist\b", requirement) for requirement in extra)
