"""A dealer script's residual condition on every core: only when it draws no ``rnd()`` numbers,
and then a seeded run gives the same boards with one worker or two."""

from __future__ import annotations

import numpy as np
import pytest

from bridgegui.engine import parallel
from bridgegui.engine.dealer import planner
from bridgegui.engine.script import compile_script
from bridgegui.engine.script.request import request_from_script


@pytest.fixture
def long_runs(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make a few thousand deals count as a long run (as tests/engine/test_parallel.py does)."""
    monkeypatch.setattr(parallel, "PARALLEL_MIN_DEALS", 4096)
    monkeypatch.setattr(parallel, "CHUNK_DEALS", 1000)
    monkeypatch.setattr(planner, "CHUNK_TRIES", 2 * planner.MAX_BATCH)


RESIDUAL = "condition hcp(north) > hcp(south) + hcp(east) && spades(west) > hearts(west)\n"


def test_a_residual_without_rnd_may_run_on_every_core_and_one_with_rnd_may_not() -> None:
    assert request_from_script(compile_script(RESIDUAL)).condition.parallel_safe
    with_rnd = compile_script("condition hcp(north) + hcp(south) > 20 + rnd(3)\n")
    assert not request_from_script(with_rnd).condition.parallel_safe


def test_a_seeded_script_run_gives_the_same_boards_on_one_core_or_two(long_runs: None) -> None:
    request = request_from_script(compile_script(RESIDUAL))
    one = planner.deal(request, 400, seed=11, workers=1)
    two = planner.deal(request, 400, seed=11, workers=2)
    np.testing.assert_array_equal(one, two)
