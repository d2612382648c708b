"""Mixed scenarios: exact counts, a seeded order that does not cluster, each board its scenario."""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest

from bridgegui.engine.dealer.constraints import DealRequest
from bridgegui.engine.dealer.mixing import (
    Scenario,
    SetSource,
    board_order,
    count_runs,
    deal_set,
    deal_set_now,
    describe_set,
    interleave,
    set_counts,
    split_counts,
)
from bridgegui.engine.dealing import make_rng
from bridgegui.engine.errors import BridgeError, ImpossibleError
from bridgegui.engine.stats import chi2_sf

P_THRESHOLD = 1e-4

REQUESTS = {
    "1NT": DealRequest.from_specs(north="hcp 15-17, balanced"),
    "weak two": DealRequest.from_specs(north="hcp 5-10, hearts 6, spades 0-3"),
    "slam": DealRequest.from_specs(ns="hcp 33+"),
}


def _sources(weights: tuple[int, ...] = (1, 1, 1)) -> list[SetSource]:
    return [
        SetSource((Scenario(name, request),), weight)
        for (name, request), weight in zip(REQUESTS.items(), weights, strict=False)
    ]


def test_counts_are_split_evenly_with_the_remainder_to_the_first() -> None:
    assert split_counts(24, [1, 1, 1]) == [8, 8, 8]
    assert split_counts(26, [1, 1, 1]) == [9, 9, 8]
    assert split_counts(24, [2, 1]) == [16, 8]
    assert split_counts(10, [2, 1]) == [7, 3]
    assert split_counts(0, [1, 1]) == [0, 0]
    with pytest.raises(BridgeError):
        split_counts(5, [1, 0])


def test_a_mixed_set_has_the_exact_counts_and_each_board_fits_its_own_scenario() -> None:
    boards = deal_set_now(_sources(), 25, seed=7)
    assert [b.number for b in boards] == list(range(1, 26))
    names = [b.tag("Scenario") for b in boards]
    assert Counter(names) == {"1NT": 9, "weak two": 8, "slam": 8}
    for board in boards:
        request = REQUESTS[board.tag("Scenario") or ""]
        row = np.array([board.deal.hands], dtype=np.uint64)  # type: ignore[union-attr]
        assert request.mask(row).all(), f"board {board.number} does not fit {board.tag('Scenario')}"
    assert describe_set(_sources(), 25) == "1NT 9, weak two 8, slam 8"


def test_weights_share_the_boards() -> None:
    boards = deal_set_now(_sources((2, 1, 1)), 24, seed=8)
    assert Counter(b.tag("Scenario") for b in boards) == {"1NT": 12, "weak two": 6, "slam": 6}


def test_the_same_seed_gives_the_same_set() -> None:
    first = deal_set_now(_sources(), 12, seed=3)
    assert deal_set_now(_sources(), 12, seed=3) == first
    assert deal_set_now(_sources(), 12, seed=4) != first


def test_no_scenario_comes_twice_in_a_row_when_the_counts_allow() -> None:
    for seed in range(200):
        rng = make_rng(seed)
        for counts in ([8, 8, 8], [9, 8, 8], [5, 4], [12, 11], [6, 3, 3], [2, 1, 1, 1, 1]):
            order = interleave(counts, rng)
            assert Counter(order.tolist()) == dict(enumerate(counts))
            assert count_runs(order) == sum(counts), f"{counts} seed {seed}: {order.tolist()}"


def test_a_dominant_scenarios_runs_are_as_short_and_even_as_possible() -> None:
    """16 of A and 8 of B: B's 8 boards cut A into 9 runs of 1 or 2 boards (the shortest longest run)."""
    for seed in range(50):
        order = interleave([16, 8], make_rng(seed)).tolist()
        runs = [len(run) for run in "".join(map(str, order)).split("1") if run]
        assert max(runs) - min(runs) <= 1 and max(runs) == 2
        assert "11" not in "".join(map(str, order)), "the minority never touches itself"


def test_runs_test_the_order_is_not_clustered() -> None:
    """Wald-Wolfowitz runs test against a random shuffle of two scenarios of 12: clustering gives fewer
    runs than chance (z well below 0); our orders must never show that (z >= 0 on every seed)."""
    n1 = n2 = 12
    mean = 2 * n1 * n2 / (n1 + n2) + 1
    variance = 2 * n1 * n2 * (2 * n1 * n2 - n1 - n2) / ((n1 + n2) ** 2 * (n1 + n2 - 1))
    for seed in range(100):
        z = (count_runs(interleave([n1, n2], make_rng(seed))) - mean) / variance**0.5
        assert z >= 0
    clustered = [0] * 12 + [1] * 12
    assert (count_runs(clustered) - mean) / variance**0.5 < -3, "the test can fail: a clustered order fails it"


def test_the_order_is_random_across_seeds() -> None:
    """Chi-square: the first board's scenario is each of three equally often over 3,000 seeds."""
    firsts = Counter(board_order([[8], [8], [8]], seed)[0][0] for seed in range(3000))
    observed = np.array([firsts[i] for i in range(3)], dtype=float)
    statistic = float(((observed - 1000) ** 2 / 1000).sum())
    assert chi2_sf(statistic, 2) > P_THRESHOLD


def test_levelled_parts_are_counted_within_their_source() -> None:
    source = SetSource(
        (Scenario("a", REQUESTS["1NT"], alternative="x"), Scenario("a", REQUESTS["1NT"], alternative="y"))
    )
    assert set_counts([source, _sources()[1]], 9) == [[3, 2], [4]]


def test_a_scenario_that_cannot_be_dealt_is_named() -> None:
    spec = "hcp 10, shape 4333"
    rare = Scenario("never", DealRequest.from_specs(north=spec, east=spec, south=spec, west=spec))
    with pytest.raises(ImpossibleError, match="never"):
        deal_set_now([*_sources(), SetSource((rare,))], 8, seed=1, max_tries=2_000)


def test_cancel_stops_the_set() -> None:
    import threading

    cancel = threading.Event()
    stream = deal_set(_sources(), 300, seed=1, cancel=cancel)
    progress = next(stream)
    assert progress.wanted == 300
    cancel.set()
    with pytest.raises(StopIteration) as stop:
        while True:
            next(stream)
    assert stop.value.value is None


def test_bad_sources_are_refused() -> None:
    with pytest.raises(BridgeError):
        SetSource(())
    with pytest.raises(BridgeError):
        SetSource((Scenario("a", REQUESTS["1NT"]),), weight=0)
    with pytest.raises(BridgeError):
        Scenario("a", REQUESTS["1NT"], dealer="X")
    with pytest.raises(BridgeError):
        deal_set_now([], 4, seed=1)
