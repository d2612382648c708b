"""A simulation's chunks on a Dask cluster (the optional ``cluster`` extra: ``pip install 'bridgegui[cluster]'``).

A research run (tens of thousands of deals to bid and solve) outgrows one machine.  Each chunk of a
simulation is a pure function of the setup, the run's seed and the chunk's index
(``simulation.simulate_chunk``), so the chunks can run anywhere and be combined in index order: a run
on a cluster gives exactly what the same run gives locally.  Dask's ``distributed`` scheduler is the
simplest way to get there: a scheduler (``dask scheduler``) and workers (``dask worker
tcp://HOST:8786``) on machines that have bridgegui with its ``dd`` extra installed (and, for a
system given as a file, that file at the same path).

This module is imported only when a cluster is asked for, and it is the only one that imports Dask:
a run without ``--cluster`` loads nothing of it.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from bridgegui.engine.bidding.simulation import ChunkResult, SimulationSetup, simulate_chunk
from bridgegui.engine.errors import BridgeError

CLUSTER_HINT = "pip install 'bridgegui[cluster]'"

CONNECT_TIMEOUT = "10s"
"""How long to wait for the scheduler before saying it cannot be reached."""


class ClusterError(BridgeError):
    """The cluster cannot be used: Dask is not installed, or the scheduler cannot be reached."""


def _client(address: str | Any) -> tuple[Any, bool]:
    """A ``distributed.Client`` for ``address`` (or a client or cluster object given by a program)
    and whether this module made it (and must close it)."""
    try:
        from distributed import Client
    except ImportError as exc:
        raise ClusterError(
            f"a cluster run needs Dask's distributed package: install it with  {CLUSTER_HINT} ({exc})"
        ) from None
    if isinstance(address, Client):
        return address, False
    try:
        return Client(address, timeout=CONNECT_TIMEOUT), True
    except (OSError, TimeoutError, ValueError) as exc:
        raise ClusterError(f"cannot reach the Dask scheduler at {address}: {exc}") from None


def cluster_chunks(
    address: str | Any, setup: SimulationSetup, seed: int, sizes: Sequence[int]
) -> Iterator[ChunkResult]:
    """The chunks of a run, computed on the cluster at ``address`` and handed back in index order.

    At most a few chunks per worker thread are in flight, so a run of any length keeps the scheduler's
    memory flat and stops promptly: closing the generator cancels what was submitted and not yet used.
    """
    client, own = _client(address)
    futures: dict[int, Any] = {}
    try:
        threads = sum(client.nthreads().values()) or 1
        ahead = max(2 * threads, 4)
        following = 0
        for index in range(len(sizes)):
            while following < len(sizes) and following < index + ahead:
                futures[following] = client.submit(simulate_chunk, setup, seed, following, sizes[following], pure=False)
                following += 1
            yield futures.pop(index).result()
    finally:
        if futures:
            client.cancel(list(futures.values()))
        if own:
            client.close()


__all__ = ["CLUSTER_HINT", "ClusterError", "cluster_chunks"]
