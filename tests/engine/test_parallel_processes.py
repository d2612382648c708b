"""Forked worker processes for chunks that keep few deals (a rejection-bound run on every core).

Each check runs in a fresh interpreter: whether a fork is safe depends on the threads alive, and
pytest's own process (pytest-qt, other tests' threads) is not what the command line runs in.  The
switch point is lowered inside the probe so the runs stay small; speed is measured by
``bridgegui.devtools.bench_cores``, never asserted here.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time

import pytest

from bridgegui.engine.dealer import planner
from bridgegui.engine.dealer.constraints import DealRequest

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="workers are forked on Linux only")

PROBE_HEAD = """
import json, os, sys, threading
import numpy as np
from bridgegui.engine import parallel
from bridgegui.engine.dealer import planner
from bridgegui.engine.dealer.constraints import DealRequest
parallel.PARALLEL_MIN_DEALS = 4096
planner.CHUNK_TRIES = 2 * planner.MAX_BATCH
"""


def _probe(body: str) -> dict:
    done = subprocess.run([sys.executable, "-c", PROBE_HEAD + body], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_chunks_run_in_forked_workers_and_come_back_in_order():
    # The first two chunks meet at a barrier (forked with the task), so each must be running in its own
    # worker at the same time: on a loaded machine one worker could otherwise take every chunk before the
    # other is scheduled, and counting the workers would test the scheduler.  A missing worker breaks the
    # barrier (its timeout) and fails the probe instead of hanging it.
    result = _probe(
        """
import multiprocessing
meet = multiprocessing.get_context("fork").Barrier(2, timeout=60)
def task(i):
    if i < 2:
        meet.wait()
    return (i, os.getpid(), os.getppid())
out = list(parallel.ordered_map(task, range(12), workers=2, processes=True))
print(json.dumps({"out": out, "me": os.getpid(), "safe": parallel.forking_is_safe()}))
"""
    )
    indices = [row[0] for row in result["out"]]
    pids = {row[1] for row in result["out"]}
    assert indices == list(range(12))
    assert result["me"] not in pids and len(pids) == 2  # two workers, neither of them this process
    assert {row[2] for row in result["out"]} == {result["me"]}  # children of this process
    assert result["safe"] is True  # the pool's workers are gone: forking is safe again


def test_threads_are_used_where_a_fork_is_not_safe():
    """From a worker thread (the window's case) or beside another thread, the chunks stay in this process."""
    result = _probe(
        """
def task(i):
    return os.getpid()
found = {}
def from_a_thread():
    found["thread"] = sorted(set(parallel.ordered_map(task, range(6), workers=2, processes=True)))
t = threading.Thread(target=from_a_thread); t.start(); t.join()
stop = threading.Event()
other = threading.Thread(target=stop.wait); other.start()
found["beside"] = sorted(set(parallel.ordered_map(task, range(6), workers=2, processes=True)))
stop.set(); other.join()
print(json.dumps({"found": found, "me": os.getpid()}))
"""
    )
    assert result["found"] == {"thread": [result["me"]], "beside": [result["me"]]}


def test_a_rejection_bound_run_in_processes_gives_the_same_boards_as_one_core():
    result = _probe(
        """
request = DealRequest.from_specs(ns="hcp 33+")
plan = planner.plan_request(request)
one = planner.deal(plan, 300, seed=7, workers=1)
forked = planner.deal(plan, 300, seed=7, workers=2, processes=True)
threads = planner.deal(plan, 300, seed=7, workers=2)
print(json.dumps({"few": planner.keeps_few(plan, 0, 0), "same": bool(np.array_equal(one, forked)),
                  "threads": bool(np.array_equal(one, threads)), "n": int(forked.shape[0])}))
"""
    )
    assert result == {"few": True, "same": True, "threads": True, "n": 300}


def test_a_failing_chunk_raises_in_the_caller_and_the_workers_end():
    result = _probe(
        """
def task(i):
    if i == 3:
        raise ValueError("chunk 3 failed")
    return i
try:
    list(parallel.ordered_map(task, range(8), workers=2, processes=True))
    message = None
except ValueError as exc:
    message = str(exc)
import multiprocessing
print(json.dumps({"message": message, "children": len(multiprocessing.active_children())}))
"""
    )
    assert result == {"message": "chunk 3 failed", "children": 0}


def test_which_runs_keep_few_of_their_deals():
    assert planner.keeps_few(planner.plan_request(DealRequest.from_specs(ns="hcp 33+")), 0, 0)
    assert not planner.keeps_few(planner.plan_request(DealRequest()), 0, 0)
    # What the stream has seen, once it is a pilot's worth, decides over the pilot.
    plan = planner.plan_request(DealRequest())
    assert planner.keeps_few(plan, 1_000_000, 10) and not planner.keeps_few(plan, 1_000_000, 100_000)


def _group_alive(group: int) -> bool:
    try:
        os.killpg(group, 0)
    except ProcessLookupError:
        return False
    return True


AS_AT_A_TERMINAL = "import signal; signal.signal(signal.SIGINT, signal.default_int_handler); "
"""These commands start as a terminal starts a foreground command: Ctrl+C is caught.  A shell without
job control starts background commands with SIGINT *ignored* (POSIX), and an ignored signal stays
ignored through ``exec``; a test run started that way (``pytest ... &`` in a script) passed that on to
the command, which rightly kept ignoring Ctrl+C, as a ``nohup`` job does, and the Ctrl+C tests timed
out."""

DEAL_COMMAND = [
    sys.executable,
    "-c",
    AS_AT_A_TERMINAL + "import sys; from bridgegui import entry; sys.exit(entry.deal())",
]
"""``bridgegui-deal`` from this checkout, started as at a terminal."""


def test_ctrl_c_stops_a_forked_run_and_leaves_no_worker(tmp_path):
    """Ctrl+C reaches the whole process group: the workers ignore it, the command stops them and exits 130."""
    target = tmp_path / "set.pbn"
    argv = [*DEAL_COMMAND, "-q", "-s", "1", "-p", "100000", "--ns", "hcp 36+", "-o", str(target)]
    with subprocess.Popen(argv, stderr=subprocess.PIPE, text=True, start_new_session=True) as child:
        _interrupt_when_forked(child, target)


def _interrupt_when_forked(child: subprocess.Popen, target) -> None:
    try:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline and not _workers_of(child.pid):
            time.sleep(0.05)
        assert _workers_of(child.pid), "the run never forked its workers"
        os.killpg(child.pid, signal.SIGINT)
        status = child.wait(timeout=30)
        said = child.stderr.read() if child.stderr else ""
        assert status == 130, said
        assert (
            "Traceback" not in said and said.strip() == "bridgegui-deal: interrupted"
        )  # no worker's KeyboardInterrupt
        deadline = time.monotonic() + 10
        while _group_alive(child.pid) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not _group_alive(child.pid)
        assert not target.exists()  # an interrupted set is not written
    finally:
        if child.poll() is None:
            os.killpg(child.pid, signal.SIGKILL)
            child.wait()


def _workers_of(pid: int) -> list[int]:
    """Children of ``pid`` (from Linux's /proc)."""
    try:
        with open(f"/proc/{pid}/task/{pid}/children") as f:
            return [int(x) for x in f.read().split()]
    except OSError:
        return []


FORMATTED_IN_WORKERS = PROBE_HEAD + (
    "from bridgegui import entry\n"
    "assert planner.finishes_in_workers(planner.plan_request(DealRequest.from_specs(north='hcp 15-17')), 9000)\n"
    "sys.argv = ['bridgegui-deal', *sys.argv[1:]]\n"
)
"""A long run made small whose every deal is a board: its chunks are dealt and formatted in the workers."""


@pytest.mark.parametrize(
    ("setup", "argv"),
    [
        ("", ["--ns", "hcp 35+", "-p", "3000"]),  # about 4 million deals: dealt in forked workers from the start
        (FORMATTED_IN_WORKERS, ["--north", "hcp 15-17", "-p", "9000"]),
    ],
)
def test_a_forked_run_writes_its_set_once_to_a_pipe_and_to_a_file(tmp_path, setup, argv):
    """Forked workers inherit the command's buffered standard output and its open ``-o`` file: neither
    may be written twice (multiprocessing flushes the standard streams before it forks; a worker
    never flushes the file), whether they deal a run or deal and format it."""
    probe = setup + "import sys; from bridgegui import entry; sys.exit(entry.deal())"
    argv = ["-q", "-s", "5", *argv]
    count = int(argv[-1])
    env = {k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"}
    piped = subprocess.run([sys.executable, "-c", probe, *argv], capture_output=True, check=True, env=env)
    target = tmp_path / "set.pbn"
    subprocess.run([sys.executable, "-c", probe, *argv, "-o", str(target)], check=True, env=env)
    text = piped.stdout.decode()
    assert text.count("% PBN 2.1") == 1
    numbers = [int(line.split('"')[1]) for line in text.splitlines() if line.startswith("[Board ")]
    assert numbers == list(range(1, count + 1))
    assert target.read_bytes() == piped.stdout


def test_a_killed_worker_ends_the_run_with_a_plain_message(tmp_path):
    """A worker killed mid-run (the OOM killer, a user's kill) stops the command with exit 1 and a
    sentence, not concurrent.futures' traceback; nothing is written."""
    target = tmp_path / "set.pbn"
    argv = [*DEAL_COMMAND, "-q", "-s", "1", "-p", "100000", "--ns", "hcp 36+", "-o", str(target)]
    with subprocess.Popen(argv, stderr=subprocess.PIPE, text=True) as child:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline and not _workers_of(child.pid):
            time.sleep(0.05)
        workers = _workers_of(child.pid)
        assert workers, "the run never forked its workers"
        os.kill(workers[0], signal.SIGKILL)
        status = child.wait(timeout=60)
        said = child.stderr.read() if child.stderr else ""
    assert status == 1, said
    assert "Traceback" not in said and "worker process ended unexpectedly" in said
    assert not target.exists()


def _alive(pid: int) -> bool:
    """Whether ``pid`` runs (a zombie waiting for its parent to read its status counts as ended)."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def _end_all(pids: list[int]) -> None:
    """Kill what a failed check left behind (orphaned workers), so one failure does not leak processes."""
    for pid in pids:
        if _alive(pid):
            os.kill(pid, signal.SIGKILL)


def test_workers_end_when_the_command_is_killed_outright():
    """``kill -9`` of the main process (or the OOM killer) leaves no worker waiting forever and holding
    standard output open: a reader of the pipe gets its end of file."""
    argv = [*DEAL_COMMAND, "-q", "-s", "1", "-p", "100000", "--ns", "hcp 36+"]
    workers: list[int] = []
    with subprocess.Popen(argv, stdout=subprocess.PIPE) as child:
        try:
            deadline = time.monotonic() + 30
            while time.monotonic() < deadline and not _workers_of(child.pid):
                time.sleep(0.05)
            workers = _workers_of(child.pid)
            assert workers, "the run never forked its workers"
            os.kill(child.pid, signal.SIGKILL)
            child.communicate(timeout=20)  # ends only once every holder of the pipe's write end has gone
            deadline = time.monotonic() + 10
            while any(_alive(w) for w in workers) and time.monotonic() < deadline:
                time.sleep(0.05)
            assert not any(_alive(w) for w in workers)
        finally:
            _end_all(workers)


SIGTERM_RUNS = {
    "rare": (["--ns", "hcp 36+", "-p", "100000"], True),  # dealt in forked workers
    "common": (["--ns", "hcp 20+", "-p", "100000000"], False),  # dealt in threads
    "formatted": (["--north", "hcp 15-17, balanced", "-p", "100000000"], True),  # dealt and formatted in forks
}


@pytest.mark.parametrize("run", SIGTERM_RUNS)
def test_sigterm_stops_the_command_like_ctrl_c(tmp_path, run):
    """``kill`` or ``timeout`` (SIGTERM): exit 143, the file being written removed and the old one kept,
    no worker left; runs that fork and one that does not."""
    target = tmp_path / "set.pbn"
    target.write_text("the old set\n")
    request, forked = SIGTERM_RUNS[run]
    argv = [*DEAL_COMMAND, "-q", "-s", "1", *request, "-o", str(target)]
    workers: list[int] = []
    with subprocess.Popen(argv, stderr=subprocess.PIPE, text=True) as child:
        try:
            deadline = time.monotonic() + 30
            while time.monotonic() < deadline and not (
                _workers_of(child.pid) if forked else [p for p in tmp_path.iterdir() if p.name.startswith(".~")]
            ):
                time.sleep(0.05)
            workers = _workers_of(child.pid)
            assert workers or not forked
            child.send_signal(signal.SIGTERM)
            # Stopping takes well under a second; the generous wait is for a machine thrashing under
            # other load, where one run once needed more than 30 s.
            _, said = child.communicate(timeout=120)
        finally:
            _end_all(workers)
    assert child.returncode == 128 + signal.SIGTERM, said
    assert "Traceback" not in said
    assert sorted(p.name for p in tmp_path.iterdir()) == ["set.pbn"] and target.read_text() == "the old set\n"
    assert not any(_alive(w) for w in workers)


LOST_STOP = (
    AS_AT_A_TERMINAL + "import os, sys, time\n"
    "from bridgegui import entry\n"
    "entry.stop_on_termination()\n"
    "try:\n"
    "    os.kill(os.getpid(), signal.{name})\n"
    "    time.sleep(1)\n"
    "except BaseException:\n"
    "    pass  # dropped, as an import that the signal lands in may drop it\n"
    "sys.exit(entry.deal())\n"
)


@pytest.mark.parametrize(("name", "status"), [("SIGTERM", 128 + signal.SIGTERM), ("SIGINT", 130)])
def test_a_stop_whose_exception_was_lost_still_stops_the_run(tmp_path, name, status):
    """A signal landing during an import can have its exception swallowed (seen in CI: SIGTERM inside
    numpy's random module's start-up, and the run went on to its end); the handler's record stops the
    run at its next chunk, the old file kept."""
    target = tmp_path / "set.pbn"
    target.write_text("the old set\n")
    probe = LOST_STOP.replace("{name}", name)
    argv = [sys.executable, "-c", probe, "-q", "-s", "1", "--ns", "hcp 20+", "-p", "200000", "-o", str(target)]
    done = subprocess.run(argv, capture_output=True, text=True, timeout=120)
    assert done.returncode == status, done.stderr
    assert "Traceback" not in done.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["set.pbn"] and target.read_text() == "the old set\n"


def test_an_ignored_hangup_stays_ignored():
    """Under ``nohup`` SIGHUP is ignored, and the command must not undo that; SIGTERM gets our handler."""
    probe = (
        "import signal; signal.signal(signal.SIGHUP, signal.SIG_IGN)\n"
        "from bridgegui import entry; entry.stop_on_termination()\n"
        "print(signal.getsignal(signal.SIGHUP) is signal.SIG_IGN, callable(signal.getsignal(signal.SIGTERM)))\n"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert done.stdout.split() == ["True", "True"]


def test_ctrl_c_while_the_workers_are_forked_still_stops_the_run():
    """A Ctrl+C that lands during the fork itself was raised in an at-fork handler, where Python drops
    it, and the run went on for minutes; the stop signals are now held while forking.  The signal is
    sent the moment the first worker exists (a busy poll, to land in that window), several times."""
    argv = [*DEAL_COMMAND, "-q", "-s", "1", "-p", "100000", "--ns", "hcp 36+"]
    for _ in range(4):
        workers: list[int] = []
        with subprocess.Popen(
            argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, start_new_session=True
        ) as child:
            try:
                deadline = time.monotonic() + 30
                while not workers and time.monotonic() < deadline:
                    workers = _workers_of(child.pid)
                os.killpg(child.pid, signal.SIGINT)
                _, said = child.communicate(timeout=30)
            finally:
                if child.poll() is None:
                    os.killpg(child.pid, signal.SIGKILL)
                _end_all(workers)
        assert child.returncode == 130, said
        assert "Traceback" not in said and "ignored" not in said


def test_a_long_run_is_finished_in_the_forked_workers_and_only_the_results_come_back():
    """The command line formats a long run's chunks where they are dealt: ``finish`` runs in the workers."""
    result = _probe(
        """
plan = planner.plan_request(DealRequest.from_specs(north="hcp 15-17, balanced"))
count = 5 * planner.CHUNK_TRIES + 7
def finish(deals, at):
    return [json.dumps([at, len(deals), os.getpid(), deals.sum(dtype=np.uint64).item() % 1000003]).encode()]
def rows(**options):
    chunks = planner.finished_chunks(plan, count, finish, seed=3, **options)
    return [json.loads(b"".join(parts)) for _, parts in chunks]
forked = rows(workers=2, processes=True)
one = rows(workers=1)
print(json.dumps({"forked": forked, "one": one, "me": os.getpid(), "chunk": planner.CHUNK_TRIES}))
"""
    )
    chunk, me = result["chunk"], result["me"]
    assert [row[0] for row in result["forked"]] == [k * chunk for k in range(6)]
    assert sum(row[1] for row in result["forked"]) == 5 * chunk + 7
    assert me not in {row[2] for row in result["forked"]}  # finished in the workers
    assert {row[2] for row in result["one"]} == {me}  # one core: in this process
    assert [row[:2] + row[3:] for row in result["forked"]] == [row[:2] + row[3:] for row in result["one"]]
