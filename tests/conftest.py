"""Test configuration shared by every test folder.

Qt must run offscreen in tests (no screen in CI), and must know that before PySide6 is imported,
so it is set here, the first file pytest loads.  Settings go to a temporary folder per session.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ["BRIDGEGUI_CONFIG_DIR"] = tempfile.mkdtemp(prefix="bridgegui-test-config-")

SHARED = Path(__file__).resolve().parents[2] / "shared"
PBN_SAMPLES = SHARED / "pbn-samples"


@pytest.fixture
def pbn_samples() -> list[Path]:
    """The real PBN files in ../shared/pbn-samples (skips when the folder is absent)."""
    files = sorted(PBN_SAMPLES.glob("*.pbn")) if PBN_SAMPLES.is_dir() else []
    if not files:
        pytest.skip("../shared/pbn-samples is not beside the project")
    return files
