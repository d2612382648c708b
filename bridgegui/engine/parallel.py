"""Every core for long runs: fixed-size chunks, one seed-derived stream each, results in chunk order.

Why chunks with their own streams.  A seeded run must give the same boards whatever the number of
cores (a teacher who shares a seed shares a set).  So a long run is cut into chunks whose sizes do not
depend on the cores, chunk ``i`` draws from its own generator, seeded by the ``i``-th child of the run's
``SeedSequence`` (``np.random.SeedSequence.spawn``: statistically independent streams, numpy's
recommended way to seed parallel work), and results are combined in chunk order.  One worker or
eight then compute the same chunks and give the same output; only the wall time changes.

Threads, and forked processes for low-yield chunks (measured with ``bridgegui.devtools.bench_cores``
on this shared 2-core machine).  The work is numpy on arrays of thousands of rows: the 16-bit key sort,
the random words, the table lookups and the reductions release the GIL, so two threads deal S0 (10
million deals with HCP and shape) 1.6-1.8x as fast as one.  But every numpy call hands the GIL over,
and two threads that do so thousands of times a second cost each other: on a rejection-bound request
(NS 35+ HCP, about 1 deal in 1,400 kept) two threads did only 1.3-1.5x, using a third more cpu than
one for the same deals, while two *forked* processes running the very same chunks did 1.75-1.9x.
A process has to send its results back through a pipe, though: when every deal comes back (S0), that
costs what the second core saves (measured: 1.2-1.4x with processes, 1.5-1.7x with threads).

So ``ordered_map`` runs threads by default, and forked processes when the caller asks for them
(``processes=True``: the planner does for chunks that keep few of their deals, and for chunks the caller
finishes in the worker, ``planner.finished_chunks``, where the command line formats a chunk's boards:
that work is several times what sending its bytes back costs; only the command line asks the planner) and forking is safe: on Linux (macOS's system libraries are not fork-safe,
Windows cannot fork), from the main thread of a process with no other Python thread (a fork copies
locks that other threads hold).  A forked worker inherits the plan, the request and a compiled
script as they are, so nothing has to be picklable but the chunk index and its result; the window
never forks (its dealing runs on a worker thread, and Qt's own threads make a fork unsafe), and a
spawned worker would pay numpy's and the engine's import (about 0.3 s) for every run.  The workers
ignore Ctrl+C: the command line's main process stops the run, and the pool is shut down before
``ordered_map`` returns; a worker whose main process is killed outright ends too (``_worker_start``),
so no worker outlives the run.  Threads stop with the same ``threading.Event`` the
window already sets; a forked chunk cannot see that event and runs to its end (a few tens of
milliseconds), so the chunks are tens of thousands of deals in both cases.

Runs shorter than ``PARALLEL_MIN_DEALS`` keep their one-stream form, so the seeded sets pinned by
tests and shared before this change do not change.
"""

from __future__ import annotations

import contextlib
import os
import sys
import threading
from collections import deque
from collections.abc import Callable, Generator, Iterable, Iterator, Sequence
from typing import TYPE_CHECKING, Any, TypeVar, cast

import numpy as np

if TYPE_CHECKING:
    from concurrent.futures import Executor, Future

T = TypeVar("T")

PARALLEL_MIN_DEALS = 1_000_000
"""Runs of at least this many deals (dealt or tried) use every core; shorter runs keep one stream."""

CHUNK_DEALS = 1 << 18
"""Deals in one chunk of a large random sample (262,144: about 80 ms of one core, so a cancel is seen
within that, and 8 MB of deals).  Part of the reproducible stream: changing it changes large seeded samples."""

THREAD_PREFIX = "bridgegui-core"
"""The name every worker thread starts with (tests look for leftovers by it)."""


def worker_count() -> int:
    """The cores this process may run on (its CPU affinity where the system reports one)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # macOS and Windows have no sched_getaffinity
        return max(1, os.cpu_count() or 1)


def root_sequence(seed: int | None = None, rng: np.random.Generator | None = None) -> np.random.SeedSequence:
    """The ``SeedSequence`` whose children seed a run's chunks.

    From ``seed`` when given; else drawn from ``rng`` (four 64-bit words, so a generator that was itself
    seeded gives a reproducible root); else from the operating system's entropy.
    """
    if seed is not None:
        return np.random.SeedSequence(seed)
    if rng is not None:
        return np.random.SeedSequence(rng.integers(0, 2**64, size=4, dtype=np.uint64).tolist())
    return np.random.SeedSequence()


def chunk_rng(root: np.random.SeedSequence, index: int) -> np.random.Generator:
    """The generator of chunk ``index``: PCG64 seeded by ``root``'s ``index``-th child.

    Built directly from the child's spawn key, so chunk ``i`` gets the same stream as
    ``root.spawn(i + 1)[i]`` without spawning the ``i`` before it (a run may have millions of chunks).
    """
    child = np.random.SeedSequence(root.entropy, spawn_key=(*root.spawn_key, index), pool_size=root.pool_size)
    return np.random.Generator(np.random.PCG64(child))


def forking_is_safe() -> bool:
    """Whether worker processes may be forked here: Linux, the main thread, no other Python thread."""
    return (
        sys.platform.startswith("linux")
        and hasattr(os, "fork")
        and threading.current_thread() is threading.main_thread()
        and threading.active_count() == 1
    )


class WorkerLostError(RuntimeError):
    """A forked worker process ended in the middle of a run (killed, or out of memory): the run stops,
    with this plain message instead of ``concurrent.futures``' traceback."""


_FORKED_TASK: list[Callable[[int], object]] = []
"""The task a forked pool's workers run: set just before they are forked, so each inherits it."""


def _run_forked(index: int) -> object:
    return _FORKED_TASK[0](index)


_SLOTS: list[int] = []
"""Shared-memory files (``os.memfd_create``) that a forked pool's large results travel through, one per
chunk under way: made before the workers fork, so each inherits them."""


def _run_forked_into(index: int, slot: int) -> tuple[object, int] | None:
    """Run a ``large_results`` task, whose result is ``(small, parts)``: leave the bytes ``parts`` one
    after another in shared-memory ``slot`` and return ``(small, their length)``.

    Why not the pool's pipe: a pipe holds 64 KB, so a 21 MB result (a chunk of formatted PBN) crossed it
    in some 330 turns of the main process, each waiting for the scheduler, and was copied twice more by
    pickling.  Shared memory hands it over at once, with one copy in and one out."""
    result = cast("tuple[object, Sequence[bytes]] | None", _FORKED_TASK[0](index))
    if result is None:
        return None
    small, parts = result
    offset = 0
    for part in parts:
        view = memoryview(part)
        while view:
            written = os.pwrite(_SLOTS[slot], view, offset)
            offset += written
            view = view[written:]
    return small, offset


def _read_slot(fd: int, length: int) -> bytes:
    """The bytes a worker left in a shared-memory slot (``_run_forked_into``)."""
    parts, got = [], 0
    while got < length:
        part = os.pread(fd, length - got, got)
        if not part:
            raise WorkerLostError("a worker's result was cut short; the run was stopped")
        parts.append(part)
        got += len(part)
    return parts[0] if len(parts) == 1 else b"".join(parts)


_PR_SET_PDEATHSIG = 1
"""Linux's ``prctl`` option: the signal a process gets when the thread that forked it ends."""


def _stop_signals() -> set[int]:
    """Ctrl+C, ``kill`` and a closed terminal: the signals that stop the command."""
    import signal

    return {getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP") if hasattr(signal, name)}


@contextlib.contextmanager
def _forking() -> Iterator[None]:
    """Hold the stop signals while a forked pool submits (its first submit forks the workers).  A Ctrl+C
    that arrives during ``os.fork`` is raised in an at-fork handler, where Python reports and *drops* it
    ("Exception ignored"), and the run went on as if the key had not been pressed.  Held, the signal
    waits and is raised when the submit returns, where the run stops as it should."""
    import signal

    held = signal.pthread_sigmask(signal.SIG_BLOCK, _stop_signals())
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, held)


def _worker_start(parent: int) -> None:
    """A forked worker's start.  Ctrl+C is the main process's to handle (it shuts the pool down), so
    the worker ignores it.  If the main process dies without shutting the pool down (``kill``,
    ``kill -9``, the OOM killer), the worker must not outlive it, waiting for chunks forever and
    holding the command's standard output open (a reader of the pipe would hang): it asks Linux for
    SIGKILL when its parent ends (``PR_SET_PDEATHSIG``; the pool forks from the main thread, which ends
    with the process), then checks that the parent did not end before it asked."""
    import ctypes
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    for name in ("SIGTERM", "SIGHUP"):  # not the command's handlers: a worker just ends
        signal.signal(getattr(signal, name), signal.SIG_DFL)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, _stop_signals())  # held while the parent forked (``_forking``)
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    except (OSError, AttributeError):  # no prctl: the parent's shutdown still ends the workers
        pass
    if os.getppid() != parent:
        os._exit(1)


def _pool(task: Callable[[int], T], n: int, processes: bool) -> tuple[Executor, Callable[[int], T]]:
    """A pool of ``n`` workers and the function to submit to it (module docstring: which kind when).

    A forked pool forks all its workers at the first submit (the ``fork`` start method's rule in
    ``concurrent.futures``), while ``_FORKED_TASK`` holds ``task``."""
    if processes and forking_is_safe():
        import multiprocessing
        from concurrent.futures import ProcessPoolExecutor

        _FORKED_TASK[:] = [task]
        context = multiprocessing.get_context("fork")
        pool = ProcessPoolExecutor(
            max_workers=n, mp_context=context, initializer=_worker_start, initargs=(os.getpid(),)
        )
        return pool, _run_forked  # type: ignore[return-value]
    from concurrent.futures import ThreadPoolExecutor  # here: it loads logging, and most runs are short

    return ThreadPoolExecutor(max_workers=n, thread_name_prefix=THREAD_PREFIX), task


def _lost_worker(exc: BaseException) -> WorkerLostError | None:
    """The plain error for a forked pool that lost a worker (``BrokenProcessPool``, raised by ``submit``
    or by a result), else None."""
    from concurrent.futures.process import BrokenProcessPool  # loaded already: the pool is one

    if isinstance(exc, BrokenProcessPool):
        return WorkerLostError(
            "a worker process ended unexpectedly (was it killed, or out of memory?); the run was stopped"
        )
    return None


def ordered_map(
    task: Callable[[int], T],
    indices: Iterable[int],
    *,
    workers: int | None = None,
    cancel: threading.Event | None = None,
    processes: bool = False,
    ahead: int | None = None,
    large_results: bool = False,
) -> Generator[T, None, None]:
    """``task(i)`` for each chunk index, yielded in the order of ``indices`` whatever order they finish.

    At most ``ahead`` chunks (default ``2 * workers``) are under way or waiting to be yielded at once
    (memory stays bounded however long the run, and ``indices`` may be endless); a caller whose results
    are large (a chunk's formatted text) asks for fewer.  With one worker the tasks run in the caller's
    thread, one after the other.  Stops submitting once ``cancel`` is set (the task should check it too, to stop within
    its chunk) and ends without yielding what was still running.  ``processes``: run the chunks in
    forked processes where that is safe (``forking_is_safe``), for tasks whose results are small
    beside their work (module docstring); threads otherwise.  ``large_results``: each result is
    ``(small, parts)``, ``parts`` megabytes of bytes (or None), and forked workers hand the parts over
    through shared memory, joined into one (``_run_forked_into``).  The
    workers are always joined before this generator finishes, is closed or is garbage-collected: none
    outlives the run.
    """
    n = worker_count() if workers is None else max(1, workers)
    if n == 1:
        for i in indices:
            if cancel is not None and cancel.is_set():
                return
            yield task(i)
        return
    window = 2 * n if ahead is None else max(n, ahead)
    pool, submitted = _pool(task, n, processes)
    forked = submitted is _run_forked
    if forked and large_results and hasattr(os, "memfd_create"):
        _SLOTS[:] = [os.memfd_create(f"bridgegui-chunk-{k}", os.MFD_CLOEXEC) for k in range(window)]
    slots = list(_SLOTS)  # chunk number s goes through slot s % window: free again once s is yielded
    pending: deque[Future[Any]] = deque()
    source = iter(indices)
    sent = 0
    try:
        exhausted = False
        while True:
            while not exhausted and len(pending) < window and not (cancel is not None and cancel.is_set()):
                try:
                    i = next(source)
                except StopIteration:
                    exhausted = True
                    break
                with _forking() if forked else contextlib.nullcontext():
                    if slots:
                        pending.append(pool.submit(_run_forked_into, i, sent % window))
                    else:
                        pending.append(pool.submit(submitted, i))
                sent += 1
            if not pending or (cancel is not None and cancel.is_set()):
                return
            done = pending.popleft().result()
            if slots and done is not None:  # (small, length): the parts, joined, from the chunk's slot
                done = (done[0], [_read_slot(slots[(sent - len(pending) - 1) % window], done[1])])
            yield cast("T", done)
    except Exception as exc:
        lost = _lost_worker(exc) if forked else None
        if lost is not None:
            raise lost from exc
        raise
    finally:
        for future in pending:
            future.cancel()
        pool.shutdown(wait=True, cancel_futures=True)
        if forked:
            _FORKED_TASK.clear()  # the workers had their copy; the plan need not live on here
        for fd in slots:
            os.close(fd)
        _SLOTS.clear()


def random_deals(
    count: int,
    seed: int | None = None,
    *,
    rng: np.random.Generator | None = None,
    workers: int | None = None,
    cancel: threading.Event | None = None,
) -> Iterator[np.ndarray]:
    """``count`` uniformly random deals in chunks of ``CHUNK_DEALS``, dealt on every core, in order.

    The same seed gives the same deals with any number of workers.  Stops between chunks when
    ``cancel`` is set.
    """
    from bridgegui.engine.dealing import deal_batch

    root = root_sequence(seed, rng)
    chunks = -(-count // CHUNK_DEALS)

    def task(i: int) -> np.ndarray:
        size = min(CHUNK_DEALS, count - i * CHUNK_DEALS)
        return deal_batch(size, rng=chunk_rng(root, i))

    yield from ordered_map(task, range(chunks), workers=workers, cancel=cancel)


__all__ = [
    "CHUNK_DEALS",
    "PARALLEL_MIN_DEALS",
    "THREAD_PREFIX",
    "WorkerLostError",
    "chunk_rng",
    "forking_is_safe",
    "ordered_map",
    "random_deals",
    "root_sequence",
    "worker_count",
]
