"""Double-dummy simulation: the contracts are the system's, the tricks are DDS's, the scores and IMPs
follow from them, and a seeded run is the same however it is split or stopped."""

from __future__ import annotations

import importlib.util
import threading

import numpy as np
import pytest

from bridgegui.engine import double_dummy
from bridgegui.engine.bidding import Auction, AuctionError, load_system
from bridgegui.engine.bidding.calls import STRAINS
from bridgegui.engine.bidding.inference import KnownHand
from bridgegui.engine.bidding.simulation import (
    CHUNK_DEALS,
    SimulationSetup,
    finish_auctions,
    simulate,
    simulate_chunk,
)
from bridgegui.engine.cards import SEATS, Deal
from bridgegui.engine.errors import BridgeError
from bridgegui.engine.scoring import duplicate_score, imps

# Checked without importing endplay (about a second, with matplotlib): collecting stays quick.
pytestmark = pytest.mark.skipif(
    importlib.util.find_spec("endplay") is None, reason="endplay (the dd extra) is not installed"
)

KNOWN = KnownHand.parse("S:AQ73.K84.J92.T65")
SETUP = SimulationSetup("standard", "1NT P", "N", ("2C", "3NT"), KNOWN, vulnerable="NS")


def _run(setup: SimulationSetup, count: int, seed: int, **options):
    progress = list(simulate(setup, count, seed=seed, **options))
    return progress


def test_contracts_tricks_and_scores_recomputed_deal_by_deal() -> None:
    chunk = simulate_chunk(SETUP, 7, 0, 6)
    system = load_system("standard")
    prefix = Auction.parse("N", "1NT P")
    for j, call in enumerate(("2C", "3NT")):
        for i, row in enumerate(chunk.deals.tolist()):
            deal = Deal.from_masks(row)
            assert deal.hand("S").mask == KNOWN.mask
            # The system, bidding the whole deal one call at a time after the candidate.
            auction = prefix + call
            while not auction.is_complete:
                auction = auction + system.call_for(deal, auction, "NS").call
            contract = auction.contract()
            assert contract is not None
            assert (chunk.level[j, i], STRAINS[chunk.strain[j, i]], SEATS[chunk.declarer[j, i]]) == (
                contract.level,
                contract.strain,
                contract.declarer,
            )
            table = double_dummy.dd_table(deal)
            tricks = table.get(contract.declarer, contract.strain)
            assert chunk.tricks[j, i] == tricks
            vulnerable = contract.declarer in "NS"  # NS vulnerable
            expected = int(
                duplicate_score(contract.level, chunk.strain[j, i], len(contract.doubled), vulnerable, tricks)
            )
            sign = 1 if contract.declarer in "NS" else -1  # South's side
            assert chunk.score[j, i] == sign * expected


def test_the_result_summarises_the_chunks() -> None:
    progress = _run(SETUP, 50, seed=3)
    assert [p.done for p in progress] == [CHUNK_DEALS, 50]
    result = progress[-1].result
    score = np.concatenate([p.chunk.score for p in progress], axis=1)
    assert result.deals == 50 and result.side == "NS"
    first, second = result.candidates
    assert str(first.call) == "2C" and str(second.call) == "3NT"
    assert first.mean_score == pytest.approx(score[0].mean())
    assert second.mean_score == pytest.approx(score[1].mean())
    swing = imps(score[1].astype(np.int64) - score[0])
    assert (first.mean_imps, first.se_imps) == (0.0, 0.0)
    assert second.mean_imps == pytest.approx(swing.mean())
    assert second.se_imps == pytest.approx(swing.std(ddof=1) / np.sqrt(50))
    assert sum(s.deals for s in second.contracts) == 50
    level = np.concatenate([p.chunk.level for p in progress], axis=1)
    tricks = np.concatenate([p.chunk.tricks for p in progress], axis=1)
    assert sum(s.made for s in second.contracts) == int(((level[1] > 0) & (tricks[1] >= level[1] + 6)).sum())


def test_the_systems_own_call_gives_the_systems_contract() -> None:
    system = load_system("standard")
    chunk = simulate_chunk(SimulationSetup("standard", "1NT P", "N", ("2C",)), 4, 0, 30)
    own = system.bid_batch(chunk.deals, "N")
    after = Auction.parse("N", "1NT P 2C")
    continued = finish_auctions(system, chunk.deals, after)
    for i, auction in enumerate(own):
        if auction.calls[: len(after.calls)] == after.calls:
            assert continued[i] == auction


def test_seeded_runs_repeat_with_one_or_two_workers() -> None:
    one = _run(SETUP, 60, seed=9)[-1]
    again = _run(SETUP, 60, seed=9)[-1]
    two = _run(SETUP, 60, seed=9, workers=2)[-1]
    assert one.result == again.result == two.result
    other = _run(SETUP, 60, seed=10)[-1]
    assert other.result != one.result


def test_the_solving_methods_agree() -> None:
    chunk = simulate_chunk(SETUP, 2, 0, 12)
    rng = np.random.default_rng(1)
    strains = rng.integers(0, 5, 12)
    declarers = rng.integers(0, 4, 12)
    by_boards = double_dummy.contract_tricks(chunk.deals, strains, declarers, method="boards")
    by_tables = double_dummy.contract_tricks(chunk.deals, strains, declarers, method="tables")
    assert by_boards.tolist() == by_tables.tolist()


def test_stop_mid_simulation() -> None:
    cancel = threading.Event()
    seen = []
    for progress in simulate(SETUP, 200, seed=1, cancel=cancel, workers=2):
        seen.append(progress.done)
        cancel.set()
    assert seen == [CHUNK_DEALS]
    assert not [t for t in threading.enumerate() if t.name.startswith("bridgegui-simulation")]


def test_a_passed_out_candidate_scores_zero() -> None:
    setup = SimulationSetup("standard", "P P P", "N", ("P", "1C"))
    chunk = simulate_chunk(setup, 1, 0, 5)
    assert (chunk.level[0] == 0).all() and (chunk.score[0] == 0).all() and (chunk.declarer[0] == -1).all()


@pytest.mark.parametrize(
    ("setup", "error"),
    [
        (SimulationSetup("standard", "1NT P", "N", ("1C",)), AuctionError),
        (SimulationSetup("standard", "1NT P", "N", ()), BridgeError),
        (SimulationSetup("standard", "1NT P", "N", ("2C", "2C")), BridgeError),
        (SimulationSetup("standard", "1NT P", "N", ("2C",), vulnerable="both"), BridgeError),
        (SimulationSetup("standard", "1NT P P P", "N", ("2C",)), AuctionError),
    ],
)
def test_a_bad_setup_is_refused_before_dealing(setup: SimulationSetup, error: type[Exception]) -> None:
    with pytest.raises(error):
        next(simulate(setup, 10, seed=1))


def test_the_auction_is_finished_at_the_boards_vulnerability() -> None:
    from bridgegui.engine.bidding import parse_system
    from bridgegui.engine.bidding.inference import shown_hands

    system = parse_system(
        "version: 2\nsystem: Preempts\nafter P*\n"
        "  3H  vul none|they, hcp 5-10, hearts 7+ -- preempt.\n"
        "  2H  vulnerable, hcp 5-10, hearts 7+ -- vulnerable: only a weak two.\n"
        "  P\nafter **\n  P\n"
    )
    _, deals = shown_hands(system, "", "N", vulnerable="None", count=40, seed=2)
    _, preempts = shown_hands(system, "3H", "N", vulnerable="None", count=10, seed=2)
    for vul in ("None", "NS", "EW", "All"):
        assert finish_auctions(system, deals, Auction("N"), vul) == system.bid_batch(deals, "N", vul)
    opened = {str(a.calls[0]) for a in finish_auctions(system, preempts, Auction("N"), "NS")}
    assert opened == {"2H"}
