"""A simulation on a Dask cluster gives what the same run gives locally (Dask's LocalCluster stands in
for the machines); without a cluster nothing of Dask is loaded."""

from __future__ import annotations

import importlib.util
import subprocess
import sys

import pytest

from bridgegui.engine.bidding.inference import KnownHand
from bridgegui.engine.bidding.simulation import SimulationSetup, simulate

# Checked without importing endplay (about a second, with matplotlib): collecting stays quick.
pytestmark = pytest.mark.skipif(
    importlib.util.find_spec("endplay") is None, reason="endplay (the dd extra) is not installed"
)

SETUP = SimulationSetup("standard", "1NT P", "N", ("2C", "3NT"), KnownHand.parse("S:AQ73.K84.J92.T65"), "EW")


def test_a_local_cluster_gives_the_local_result() -> None:
    distributed = pytest.importorskip("distributed")
    local = list(simulate(SETUP, 90, seed=21))
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None, silence_logs=50
    ) as cluster:
        remote = list(simulate(SETUP, 90, seed=21, cluster=cluster.scheduler_address))
    assert [p.done for p in remote] == [p.done for p in local]
    assert remote[-1].result == local[-1].result
    for a, b in zip(local, remote, strict=True):
        assert (a.chunk.deals == b.chunk.deals).all() and (a.chunk.score == b.chunk.score).all()


def test_an_unreachable_scheduler_is_a_clear_error(monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("distributed")
    from bridgegui.engine.bidding import cluster
    from bridgegui.engine.bidding.cluster import ClusterError

    monkeypatch.setattr(cluster, "CONNECT_TIMEOUT", "1s")  # nothing listens there: waiting longer changes nothing

    with pytest.raises(ClusterError, match="cannot reach the Dask scheduler"):
        next(simulate(SETUP, 10, seed=1, cluster="tcp://127.0.0.1:9"))


def test_no_dask_is_imported_without_a_cluster() -> None:
    code = (
        "import sys; from bridgegui.engine.bidding.simulation import SimulationSetup, simulate; "
        "list(simulate(SimulationSetup('standard', '1NT P', 'N', ('2C', '3NT')), 3, seed=1)); "
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('dask', 'distributed')))"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120)
    assert result.stdout.strip() == "[]"
