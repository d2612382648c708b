"""Layering and lint checks: the engine and formats import no Qt; the tree is ruff-clean."""

import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def test_engine_and_formats_import_without_qt():
    """Import every engine and formats module with PySide6 blocked (house style: layers depend one way)."""
    code = textwrap.dedent(
        """
        import importlib, pkgutil, sys

        class Block:
            def find_spec(self, name, path=None, target=None):
                if name.split(".")[0] in ("PySide6", "shiboken6"):
                    raise ImportError("Qt is not allowed here: " + name)
                return None

        sys.meta_path.insert(0, Block())
        import bridgegui.engine, bridgegui.formats
        for package in (bridgegui.engine, bridgegui.formats):
            for info in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
                importlib.import_module(info.name)
        import bridgegui.cli
        print("ok")
        """
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=False)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "ok"


def test_ruff_clean():
    ruff = shutil.which("ruff")
    if ruff is None:
        pytest.skip("ruff is not installed (it is in the test extras)")
    result = subprocess.run(
        [ruff, "check", "--quiet", "bridgegui", "tests"], capture_output=True, text=True, cwd=ROOT, check=False
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_every_package_is_listed_for_the_wheel():
    """pyproject lists packages explicitly (resources/ is mapped in): a new subpackage must be added."""
    import tomllib

    listed = set(tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"])
    found = {
        ".".join(path.parent.relative_to(ROOT).parts)
        for path in (ROOT / "bridgegui").rglob("__init__.py")
        if "__pycache__" not in path.parts
    }
    assert found - listed == set(), f"add these to [tool.setuptools] packages: {sorted(found - listed)}"


def test_mypy_clean():
    """The whole package type-checks; engine and formats also with ``disallow_untyped_defs`` (pyproject)."""
    mypy = shutil.which("mypy")
    if mypy is None:
        pytest.skip("mypy is not installed (it is in the test extras)")
    result = subprocess.run([mypy, "bridgegui"], capture_output=True, text=True, cwd=ROOT, check=False, timeout=300)
    assert result.returncode == 0, result.stdout + result.stderr
