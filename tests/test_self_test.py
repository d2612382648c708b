"""``run_self_test``: passes on a working copy, names the failing step otherwise, and needs no display."""

from __future__ import annotations

import io
import os
import subprocess
import sys

import pytest

from bridgegui.ui import self_test


@pytest.mark.usefixtures("qapp")
def test_self_test_passes_and_prints_one_line() -> None:
    out, err = io.StringIO(), io.StringIO()
    assert self_test.run_self_test(out, err) == 0, err.getvalue()
    lines = out.getvalue().splitlines()
    assert len(lines) == 1
    assert "self-test passed" in lines[0]
    assert f"{self_test.BOARDS} boards dealt" in lines[0]
    assert err.getvalue() == ""


@pytest.mark.usefixtures("qapp")
def test_a_failing_step_is_named_and_gives_status_1(monkeypatch: pytest.MonkeyPatch) -> None:
    def no_presets() -> int:
        raise self_test.SelfTestError("no shipped presets found")

    monkeypatch.setattr(self_test, "_presets", no_presets)
    out, err = io.StringIO(), io.StringIO()
    assert self_test.run_self_test(out, err) == 1
    assert out.getvalue() == ""
    assert "FAILED at presets" in err.getvalue()
    assert "no shipped presets found" in err.getvalue()


def test_self_test_runs_without_a_display_or_an_application() -> None:
    """As ``bridgegui --self-test`` runs in CI or a frozen build: a fresh process, no QT_QPA_PLATFORM, no
    DISPLAY; the self-test makes its own offscreen application."""
    env = {k: v for k, v in os.environ.items() if k not in ("QT_QPA_PLATFORM", "DISPLAY", "WAYLAND_DISPLAY")}
    result = subprocess.run(
        [sys.executable, "-m", "bridgegui.ui.self_test"],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert "self-test passed" in result.stdout
