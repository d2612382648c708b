"""Every core for long runs: the same boards whatever the core count, cancel, no leftover threads.

The switch point (``parallel.PARALLEL_MIN_DEALS``) and the chunk sizes are lowered here so the runs stay
small; the code path is the one a ten-million-deal run takes.  Speed is measured by
``bridgegui.devtools.bench_cores``, never asserted here.
"""

import itertools
import threading

import numpy as np
import pytest

from bridgegui.engine import parallel
from bridgegui.engine.dealer import planner
from bridgegui.engine.dealer.constraints import DealRequest
from bridgegui.engine.dealing import deal_batch, is_valid_batch
from bridgegui.engine.teaching import frequencies


def _core_threads() -> list[threading.Thread]:
    return [t for t in threading.enumerate() if t.name.startswith(parallel.THREAD_PREFIX)]


@pytest.fixture(autouse=True)
def no_thread_left_behind():
    assert _core_threads() == []
    yield
    assert _core_threads() == []


@pytest.fixture
def long_runs(monkeypatch):
    """Make a few thousand deals count as a long run."""
    monkeypatch.setattr(parallel, "PARALLEL_MIN_DEALS", 4096)
    monkeypatch.setattr(parallel, "CHUNK_DEALS", 1000)
    monkeypatch.setattr(planner, "CHUNK_TRIES", 2 * planner.MAX_BATCH)


def test_a_chunk_stream_is_the_spawned_child_of_its_index():
    root = np.random.SeedSequence(42)
    children = root.spawn(5)
    for i in (0, 4):
        expected = np.random.Generator(np.random.PCG64(children[i])).integers(0, 1 << 62, 8)
        np.testing.assert_array_equal(
            parallel.chunk_rng(np.random.SeedSequence(42), i).integers(0, 1 << 62, 8), expected
        )
    first = parallel.chunk_rng(root, 0).integers(0, 1 << 62, 8)
    assert not np.array_equal(first, parallel.chunk_rng(root, 1).integers(0, 1 << 62, 8))


def test_results_come_in_chunk_order_whatever_order_they_finish():
    second_done = threading.Event()

    def task(i: int) -> int:
        if i == 0:
            assert second_done.wait(10)  # chunk 0 finishes after chunk 1
        if i == 1:
            second_done.set()
        return i * i

    assert list(parallel.ordered_map(task, range(6), workers=2)) == [0, 1, 4, 9, 16, 25]


def test_a_failing_chunk_raises_and_the_threads_are_joined():
    def task(i: int) -> int:
        if i == 3:
            raise ValueError("chunk 3")
        return i

    with pytest.raises(ValueError, match="chunk 3"):
        list(parallel.ordered_map(task, range(10), workers=2))


def test_closing_early_joins_the_threads():
    stream = parallel.ordered_map(lambda i: i, range(1000), workers=2)
    assert next(stream) == 0
    stream.close()


@pytest.mark.parametrize("workers", [2, 3])
def test_a_long_constrained_run_gives_the_same_boards_on_any_number_of_cores(long_runs, workers):
    request = DealRequest.from_specs(ns="hcp 29+")
    one = planner.deal(request, 400, seed=7, workers=1)
    many = planner.deal(request, 400, seed=7, workers=workers)
    np.testing.assert_array_equal(one, many)
    assert one.shape == (400, 4) and is_valid_batch(one) and request.mask(one).all()
    steps = [p.tried for p in planner.deal_stream(request, 400, seed=7, workers=workers)]
    assert steps[-1] - steps[-2] == planner.CHUNK_TRIES  # the run did go on in chunks
    assert steps[0] < parallel.PARALLEL_MIN_DEALS  # ... after the one-stream start
    assert not np.array_equal(one, planner.deal(request, 400, seed=8, workers=workers))


def test_a_run_shorter_than_the_switch_is_unchanged():
    # The one-stream form, whatever the worker count: the seeded sets made before every core stay the same.
    request = DealRequest.from_specs(north="hcp 15-17", south="hearts 5+")
    np.testing.assert_array_equal(
        planner.deal(request, 50, seed=3, workers=1), planner.deal(request, 50, seed=3, workers=2)
    )
    np.testing.assert_array_equal(frequencies.sample(None, 100, seed=3, workers=2), deal_batch(100, 3))


def test_a_large_random_sample_is_the_same_on_any_number_of_cores(long_runs):
    one = frequencies.sample(None, 5500, seed=11, workers=1)
    two = frequencies.sample(None, 5500, seed=11, workers=2)
    np.testing.assert_array_equal(one, two)
    assert one.shape == (5500, 4) and is_valid_batch(one)
    assert len({row.tobytes() for row in one}) == 5500


def test_cancel_stops_a_long_run_within_a_chunk(long_runs):
    cancel = threading.Event()
    request = DealRequest.from_specs(ns="hcp 29+")
    seen = []
    for progress in planner.deal_stream(request, None, seed=5, cancel=cancel, workers=2):
        seen.append(progress.tried)
        if progress.tried > parallel.PARALLEL_MIN_DEALS:
            cancel.set()
    assert seen and seen[-1] > parallel.PARALLEL_MIN_DEALS
    assert seen[-1] <= parallel.PARALLEL_MIN_DEALS + 2 * planner.CHUNK_TRIES + planner.MAX_BATCH


def test_a_cancelled_sample_returns_what_was_dealt(long_runs):
    cancel = threading.Event()
    cancel.set()
    assert frequencies.sample(None, 5500, seed=1, cancel=cancel, workers=2).shape == (0, 4)


def test_the_try_limit_holds_in_a_long_run(long_runs):
    request = DealRequest.from_specs(north="controls 0", south="controls 0", ns="hcp 13+")  # impossible, unproved
    with pytest.raises(
        planner.ImpossibleError, match=r"no deal fitting every constraint was found in [\d,]+ deals tried"
    ):
        planner.deal(request, 1, seed=1, max_tries=40_000, workers=2)


@pytest.mark.parametrize(("request_spec", "count"), [(None, 3000), (None, 5500), ("hcp 20+", 300)])
def test_the_batches_of_a_sample_are_the_sample(long_runs, request_spec, count):
    request = None if request_spec is None else DealRequest.from_specs(north=request_spec)
    batches = list(frequencies.sample_batches(request, count, seed=2, workers=2))
    assert all(not b.flags.writeable for b in batches)
    np.testing.assert_array_equal(np.concatenate(batches), frequencies.sample(request, count, seed=2, workers=1))


class _Condition:
    """A whole-deal condition (as a compiled dealer script's residual is), parallel-safe or not."""

    def __init__(self, parallel_safe: bool | None) -> None:
        if parallel_safe is not None:
            self.parallel_safe = parallel_safe
        self.text = "hcp(north) + hcp(south) >= 31"

    def __call__(self, batch: np.ndarray) -> np.ndarray:
        return DealRequest.from_specs(ns="hcp 31+").mask(batch)


@pytest.mark.parametrize(("parallel_safe", "chunks"), [(True, True), (False, False), (None, False)])
def test_a_condition_runs_on_every_core_only_when_it_says_it_may(long_runs, parallel_safe, chunks):
    request = DealRequest(condition=_Condition(parallel_safe))
    assert planner.runs_on_every_core(request) is chunks
    steps = [p.tried for p in planner.deal_stream(request, 3000, seed=7, workers=2)]
    assert steps[-1] > parallel.PARALLEL_MIN_DEALS + planner.CHUNK_TRIES
    assert (steps[-1] - steps[-2] == planner.CHUNK_TRIES) is chunks
    np.testing.assert_array_equal(
        planner.deal(request, 3000, seed=7, workers=1), planner.deal(request, 3000, seed=7, workers=2)
    )


def test_a_run_the_pilot_shows_to_be_long_uses_every_core_from_its_first_deal(long_runs):
    # Threshold here: 3 x 4,096 deals.  NS 31+ HCP is about 1 deal in 77: 3,000 boards need about 230,000.
    request = DealRequest.from_specs(ns="hcp 31+")
    steps = [p.tried for p in planner.deal_stream(request, 3000, seed=9, workers=2)]
    assert steps[0] == planner.CHUNK_TRIES and all(b - a == planner.CHUNK_TRIES for a, b in itertools.pairwise(steps))
    np.testing.assert_array_equal(
        planner.deal(request, 3000, seed=9, workers=1), planner.deal(request, 3000, seed=9, workers=2)
    )
    # A count that large decides without a pilot; a short run keeps its one stream.
    assert planner._long_from_the_start(planner.plan_request(DealRequest()), 3 * parallel.PARALLEL_MIN_DEALS)
    assert not planner._long_from_the_start(planner.plan_request(request), 10)
    assert next(p.tried for p in planner.deal_stream(request, 10, seed=9)) == planner.MIN_BATCH


def test_a_pilot_that_finds_nothing_decides_nothing(long_runs):
    impossible = DealRequest.from_specs(north="controls 0", south="controls 0", ns="hcp 13+")
    assert not planner._long_from_the_start(planner.plan_request(impossible), 5000)


def test_no_pilot_is_dealt_for_a_request_whose_exact_draws_fit_every_deal(monkeypatch):
    """S1 (North 15-17 balanced) and S2 (West 7600) keep every deal they deal, so a pilot batch
    (about 10 ms of every such command-line run) could only repeat what the count says."""
    pilots: list[int] = []
    real_batch = planner._batch
    monkeypatch.setattr(planner, "_batch", lambda plan, rng, rows: pilots.append(rows) or real_batch(plan, rng, rows))
    for specs in ({"north": "hcp 15-17, balanced"}, {"west": "shape 7600"}):
        plan = planner.plan_request(DealRequest.from_specs(**specs))
        assert planner._keeps_every_deal(plan)
        assert not planner._long_from_the_start(plan, 10_000)
    assert pilots == []
    # Something left to test after the draws (a side, a second seat) still needs the pilot.
    for specs in ({"north": "hcp 15-17", "ns": "hcp 25+"}, {"north": "hcp 20-21", "south": "hcp 4+"}):
        plan = planner.plan_request(DealRequest.from_specs(**specs))
        assert not planner._keeps_every_deal(plan)
        planner._long_from_the_start(plan, 10_000)
    assert pilots == [planner.SWITCH_PILOT] * 2


def test_what_a_request_tests_beyond_the_seats_drawn_exactly():
    request = DealRequest.from_specs(north="hcp 15-17", south="spades 5+")
    assert request.tests_beyond(frozenset({0})) and not request.tests_beyond(frozenset({0, 2}))
    assert DealRequest.from_specs(north="hcp 15-17", ew="hcp 20+").tests_beyond(frozenset({0, 1, 2, 3}))
    assert not DealRequest().tests_beyond(frozenset())


def test_a_plans_pilot_is_dealt_once_for_both_decisions(monkeypatch):
    """The long-run decision and the processes-or-threads one read the same pilot: one batch, not two."""
    pilots: list[int] = []
    real_batch = planner._batch
    monkeypatch.setattr(planner, "_batch", lambda plan, rng, rows: pilots.append(rows) or real_batch(plan, rng, rows))
    plan = planner.plan_request(DealRequest.from_specs(ns="hcp 33+"))
    assert planner._long_from_the_start(plan, 10_000)
    assert planner.keeps_few(plan, 0, 0)
    assert pilots == [planner.SWITCH_PILOT]


@pytest.mark.parametrize("workers", [1, 2, 3])
def test_a_long_run_whose_every_deal_is_a_board_is_finished_where_it_is_dealt(long_runs, workers):
    """``finished_chunks`` hands each chunk to ``finish`` with the place of its first board, in order, and
    the boards are ``deal_stream``'s for the seed, whatever the number of cores."""
    plan = planner.plan_request(DealRequest.from_specs(north="hcp 15-17, balanced"))  # S1: North drawn exactly
    chunk = planner.CHUNK_TRIES
    count = 2 * chunk + 100
    assert planner.finishes_in_workers(plan, count)

    def finish(deals: np.ndarray, at: int) -> list[bytes]:
        return [at.to_bytes(8, "little"), deals.tobytes()]

    steps = [(p, b"".join(parts)) for p, parts in planner.finished_chunks(plan, count, finish, seed=5, workers=workers)]
    assert [int.from_bytes(data[:8], "little") for _, data in steps] == [0, chunk, 2 * chunk]
    assert [progress.matched for progress, _ in steps] == [chunk, 2 * chunk, count]
    dealt = np.concatenate([np.frombuffer(data[8:], dtype=np.uint64).reshape(-1, 4) for _, data in steps])
    np.testing.assert_array_equal(dealt, planner.deal(plan, count, seed=5, workers=1))
    assert dealt.shape == (count, 4) and is_valid_batch(dealt) and plan.request.mask(dealt).all()
    assert not np.array_equal(dealt[:100], planner.deal(plan, 100, seed=6, workers=1))


def test_only_long_runs_whose_every_deal_is_a_board_are_finished_in_the_workers(long_runs):
    """Elsewhere a chunk's first board number is not known before the chunks before it are dealt."""
    exact = planner.plan_request(DealRequest.from_specs(north="hcp 15-17, balanced"))
    assert planner.finishes_in_workers(exact, parallel.PARALLEL_MIN_DEALS)
    assert not planner.finishes_in_workers(exact, parallel.PARALLEL_MIN_DEALS - 1)  # short: one stream, as before
    assert not planner.finishes_in_workers(exact, None)
    rejecting = planner.plan_request(DealRequest.from_specs(ns="hcp 29+"))
    assert not planner.finishes_in_workers(rejecting, 10 * parallel.PARALLEL_MIN_DEALS)
    with pytest.raises(ValueError, match="every deal is a board"):
        next(planner.finished_chunks(rejecting, 10_000, lambda deals, at: at))
