"""Test configuration shared by every test folder.

Qt must run offscreen in tests (no screen in CI), and must know that before PySide6 is imported,
so it is set here, the first file pytest loads.  Settings and saved data go to temporary folders of
this process: with ``pytest -n auto`` each worker loads this file and gets its own, so workers never
share a settings file.  The compiled-system cache is one temporary folder for the whole run, made by
the process that starts it and inherited by its workers: the shipped systems are compiled once a run
(about 15 s of cpu each), not once a worker, and the cache's writes are atomic, made for processes
that share it (``loader._store``).  Every folder is removed by the process that made it.
"""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
_SHARED_CACHE_MARK = "BRIDGEGUI_TEST_SHARED_CACHE"
"""Set by the process that made the run's cache folder: its workers inherit the folder (and this)."""
_OWN_FOLDERS = {"BRIDGEGUI_CONFIG_DIR": tempfile.mkdtemp(prefix="bridgegui-test-config-")}  # data folder inside
_INHERITED_CACHE = os.environ.get(_SHARED_CACHE_MARK)
if not _INHERITED_CACHE or os.environ.get("BRIDGEGUI_CACHE_DIR") != _INHERITED_CACHE:  # not a worker of a run
    _OWN_FOLDERS["BRIDGEGUI_CACHE_DIR"] = tempfile.mkdtemp(prefix="bridgegui-test-cache-")
    _OWN_FOLDERS[_SHARED_CACHE_MARK] = _OWN_FOLDERS["BRIDGEGUI_CACHE_DIR"]
os.environ.update(_OWN_FOLDERS)
os.environ.pop("BRIDGEGUI_DATA_DIR", None)  # a developer's own setting must not send test data there


# Collecting compiles and assert-rewrites some 230 test modules (about 4,900 asserts) and compiles the
# package: 4 to 5 s of cpu on every run unless the results are cached in __pycache__ (git-ignored).  An
# environment with PYTHONDONTWRITEBYTECODE (set in some containers, and on the shared machine) never
# caches them, so every collection paid it again; the tests write their caches during collection anyway
# (the interpreter's own setting comes back once collection is done, for the code the tests run).
_WRITE_BYTECODE_WAS_OFF = sys.dont_write_bytecode
sys.dont_write_bytecode = False


def pytest_collection_finish(session: pytest.Session) -> None:
    sys.dont_write_bytecode = _WRITE_BYTECODE_WAS_OFF


def pytest_unconfigure(config: pytest.Config) -> None:
    for name, folder in _OWN_FOLDERS.items():
        if name != _SHARED_CACHE_MARK:
            shutil.rmtree(folder, ignore_errors=True)


SHARED = Path(__file__).resolve().parents[2] / "shared"
PBN_SAMPLES = SHARED / "pbn-samples"


@pytest.fixture
def pbn_samples() -> list[Path]:
    """The real PBN files in ../shared/pbn-samples (skips when the folder is absent)."""
    files = sorted(PBN_SAMPLES.glob("*.pbn")) if PBN_SAMPLES.is_dir() else []
    if not files:
        pytest.skip("../shared/pbn-samples is not beside the project")
    return files


def _new_python_threads(before: set[int]) -> list[str]:
    """Python threads started during the test (Qt's own pool threads show up as dummies: skip them)."""
    return [
        t.name
        for t in threading.enumerate()
        if t.ident not in before and not isinstance(t, threading._DummyThread)  # Qt pool threads: not ours to join
    ]


@pytest.fixture(autouse=True)
def no_thread_left_running(request: pytest.FixtureRequest) -> Iterator[None]:
    """GUI and worker tests must leave no thread running (house style).

    Applies to tests under ``ui/`` and ``workers/`` only, and imports Qt only there, so that the
    engine and format tests never load PySide6.  The check runs after pytest-qt has closed the
    test's widgets (autouse fixtures are set up first, so they are torn down last): a job still
    running then is a real leak, not a window about to close.
    """
    if not {"ui", "workers"} & set(request.path.parts):
        yield
        return
    request.getfixturevalue("qapp")
    from PySide6.QtCore import QThreadPool

    from bridgegui.workers.job_runner import live_pools

    before = {t.ident for t in threading.enumerate() if t.ident is not None}
    yield
    busy = [
        f"{pool.objectName() or 'pool'} ({pool.activeThreadCount()} busy)"
        for pool in live_pools()
        if pool.activeThreadCount()
    ]
    if QThreadPool.globalInstance().activeThreadCount():
        busy.append("global QThreadPool")
    busy += _new_python_threads(before)
    if busy:
        pytest.fail(f"the test left threads running: {', '.join(busy)}")


@pytest.fixture
def fifo_path(tmp_path: Path) -> Iterator[Path]:
    """A named pipe that never hangs a test: a reader that opens it (the bug) gets end-of-file at once.

    A helper thread keeps trying a non-blocking open for writing; it succeeds only while a reader
    has the pipe open, and closing it at once gives that reader end-of-file.  So code that opens
    the FIFO reads nothing (and the test's assertion fails) instead of blocking forever; code that
    refuses it first never opens it.
    """
    if not hasattr(os, "mkfifo"):
        pytest.skip("named pipes are POSIX")
    path = tmp_path / "pipe.pbn"
    os.mkfifo(path)
    done = threading.Event()

    def unblock() -> None:
        while not done.wait(0.02):
            try:
                fd = os.open(path, os.O_WRONLY | os.O_NONBLOCK)
            except OSError:  # ENXIO: nobody is reading
                continue
            os.close(fd)

    helper = threading.Thread(target=unblock, name="fifo-unblocker", daemon=True)
    helper.start()
    yield path
    done.set()
    helper.join()
