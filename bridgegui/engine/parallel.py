"""Every core for long runs: fixed-size chunks, one seed-derived stream each, results in chunk order.

Why chunks with their own streams.  A seeded run must give the same boards whatever the number of
cores (a teacher who shares a seed shares a set).  So a long run is cut into chunks whose sizes do not
depend on the cores, chunk ``i`` draws from its own generator, seeded by the ``i``-th child of the run's
``SeedSequence`` (``np.random.SeedSequence.spawn``: statistically independent streams, numpy's
recommended way to seed parallel work), and results are combined in chunk order.  One worker or
eight then compute the same chunks and give the same output; only the wall time changes.

Why threads, not processes (measured with ``bridgegui.devtools.bench_cores`` on this shared 2-core
machine, in a quiet moment).  The work is numpy on arrays of thousands of rows: the 16-bit key sort,
the random words, the table lookups and the reductions release the GIL, so two threads deal S0 (10
million deals with HCP and shape) 1.7-1.8x as fast as one: 2.7 s against 1.5 s; a rejection-bound
request (NS 35+ HCP, 8 million deals tried) about 1.5x, 2.0 s against 1.35 s (its batches take more
small steps, and the two threads then cost 28 % more cpu time than one).  A process pool did
1.9-2.0x on S0's chunks, but only because each chunk sent back a table of counts; a dealer sends
back the deals themselves (32 bytes each, 320 MB for S0), and pickling them through a pipe costs
what the second core saves.  Processes would also need a picklable task and plan, a start method
that is safe in a Qt program (``spawn``: each worker imports numpy and the engine, about 0.3 s), and
care that none outlives a cancelled job.  Threads share the request, the exact samplers' tables and
the output arrays at no cost, stop with the same ``threading.Event`` the window already sets, and
are joined before a run returns, so none is ever left behind.  The cost of threads is the GIL held
between numpy calls: the more small steps a batch takes (rejection on several terms), the lower the
speed-up, which is why chunks are tens of thousands of deals.

Runs shorter than ``PARALLEL_MIN_DEALS`` keep their one-stream form, so the seeded sets pinned by
tests and shared before this change do not change.
"""

from __future__ import annotations

import os
import threading
from collections import deque
from collections.abc import Callable, Generator, Iterable, Iterator
from typing import TYPE_CHECKING, TypeVar

import numpy as np

if TYPE_CHECKING:
    from concurrent.futures import Future

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


def ordered_map(
    task: Callable[[int], T],
    indices: Iterable[int],
    *,
    workers: int | None = None,
    cancel: threading.Event | None = None,
) -> Generator[T, None, None]:
    """``task(i)`` for each chunk index, yielded in the order of ``indices`` whatever order they finish.

    At most ``2 * workers`` chunks are under way at once (memory stays bounded however long the run,
    and ``indices`` may be endless).  With one worker the tasks run in the caller's thread, one after
    the other.  Stops submitting once ``cancel`` is set (the task should check it too, to stop within
    its chunk) and ends without yielding what was still running.  The threads are always joined before
    this generator finishes, is closed or is garbage-collected: none outlives the run.
    """
    n = worker_count() if workers is None else max(1, workers)
    if n == 1:
        for i in indices:
            if cancel is not None and cancel.is_set():
                return
            yield task(i)
        return
    from concurrent.futures import ThreadPoolExecutor  # here: it loads logging, and most runs are short

    pool = ThreadPoolExecutor(max_workers=n, thread_name_prefix=THREAD_PREFIX)
    pending: deque[Future[T]] = deque()
    source = iter(indices)
    try:
        exhausted = False
        while True:
            while not exhausted and len(pending) < 2 * n and not (cancel is not None and cancel.is_set()):
                try:
                    i = next(source)
                except StopIteration:
                    exhausted = True
                    break
                pending.append(pool.submit(task, i))
            if not pending or (cancel is not None and cancel.is_set()):
                return
            yield pending.popleft().result()
    finally:
        for future in pending:
            future.cancel()
        pool.shutdown(wait=True, cancel_futures=True)


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
    "chunk_rng",
    "ordered_map",
    "random_deals",
    "root_sequence",
    "worker_count",
]
