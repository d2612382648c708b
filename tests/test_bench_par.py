"""The par benchmark's diagnosis: what a board far from par is called, and the cache of solved boards."""

from __future__ import annotations

import numpy as np
import pytest

from bridgegui.devtools import bench_par
from bridgegui.engine.bidding.calls import Auction, Contract
from bridgegui.engine.cards import Deal
from bridgegui.engine.dealing import deal_batch


@pytest.mark.parametrize(
    ("contract", "tricks", "score_ns", "par_score", "par", "expected"),
    [
        (Contract(4, "S", "", "N"), 12, 480, 980, ("6S N",), "missed slam"),
        (Contract(2, "H", "", "S"), 10, 170, 420, ("4H S",), "missed game"),
        (Contract(6, "NT", "", "N"), 11, -50, 460, ("3NT N +2",), "overbid slam"),
        (Contract(4, "S", "", "N"), 9, -50, 140, ("3S N",), "overbid game"),
        (Contract(3, "NT", "", "N"), 7, -100, 400, ("5D N",), "wrong strain"),
        (Contract(2, "S", "", "E"), 8, -110, 140, ("3H N",), "let them play"),
        (Contract(3, "S", "", "E"), 8, 50, 140, ("3H N",), "failed to compete"),
        (Contract(3, "S", "", "E"), 7, 100, 140, ("3H N",), "missed penalty double"),
        (Contract(3, "S", "", "E"), 6, 150, 140, ("3H N",), "phantom sacrifice"),
        (Contract(5, "D", "X", "E"), 8, 500, 420, ("4S N",), "phantom sacrifice"),
        (Contract(4, "S", "", "N"), 10, 420, 100, ("5Dx E -1",), "missed sacrifice"),
        (None, 0, 0, 110, ("2S S",), "passed out"),
        (Contract(4, "S", "", "N"), 10, 420, 420, ("4S N",), "at par"),
    ],
)
def test_classify_names_what_went_wrong(contract, tricks, score_ns, par_score, par, expected) -> None:
    assert bench_par.classify(contract, tricks, score_ns, par_score, par, "None") == expected


def test_an_undoubled_save_that_made_is_the_other_sides_missed_contract_not_a_missed_double() -> None:
    """Par is East-West's 5♦ doubled, down two, over North-South's 4♠; East-West played lower."""
    table = np.full((5, 4), 6, dtype=np.int8)
    table[0, [0, 2]] = 10  # North-South take ten tricks in spades: game
    par = ("5Dx E -2",)
    # 3♦ made: doubling it only gives more away; North-South missed their game.
    made = bench_par.classify(Contract(3, "D", "", "E"), 9, -110, 300, par, "None", table)
    assert made == "missed game"
    assert bench_par.classify(Contract(3, "D", "", "E"), 9, -110, 300, par, "None") == "failed to compete"
    # 4♦ down two: doubled it is 300, par exactly.
    down = bench_par.classify(Contract(4, "D", "", "E"), 8, 100, 300, par, "None", table)
    assert down == "missed penalty double"
    # 2♦ down one: doubled (100) is nearer 300 than 50 was.
    assert bench_par.classify(Contract(2, "D", "", "E"), 7, 50, 300, par, "None", table) == "missed penalty double"
    # Slam is what North-South were worth: 12 tricks in spades.
    table[0, [0, 2]] = 12
    assert bench_par.classify(Contract(3, "D", "", "E"), 9, -110, 300, par, "None", table) == "missed slam"


def test_solved_boards_are_cached_per_seed_and_count(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv(bench_par.CACHE_DIR_ENV, str(tmp_path))
    batch = deal_batch(3, seed=7)
    solved = bench_par.ParData(
        np.full((3, 5, 4), 7, dtype=np.int8), np.array([0, 110, -420]), ((), ("2S N",), ("4H E", "4H W"))
    )
    calls = []
    monkeypatch.setattr(bench_par, "_solve", lambda *a: calls.append(1) or solved)
    _, hit_first = bench_par.par_data(batch, "NES", ["None"] * 3, 7)
    again, hit_again = bench_par.par_data(batch, "NES", ["None"] * 3, 7)
    assert (hit_first, hit_again, len(calls)) == (False, True, 1)
    assert again.par_contracts == solved.par_contracts
    assert np.array_equal(again.tricks, solved.tricks) and np.array_equal(again.par_scores, solved.par_scores)
    # Other deals under the same name (a changed dealer) are solved again, never misread.
    bench_par.par_data(deal_batch(3, seed=8), "NES", ["None"] * 3, 7)
    assert len(calls) == 2


def _board(contract: Contract | None, tricks: int, score_ns: int, par_score: int, imps: int) -> bench_par.BoardResult:
    from bridgegui.engine.bidding.calls import Auction

    return bench_par.BoardResult(
        index=0, number=1, dealer="N", vulnerability="None", deal=None, auction=Auction("N", ()), rules=(),
        contract=contract, tricks=tricks, score_ns=score_ns, par_score=par_score, par_contracts=(), imps=imps,
        category="",
    )  # fmt: skip


def test_the_level_ceiling_plays_each_contract_at_its_best_level() -> None:
    boards = [
        _board(Contract(4, "S", "", "N"), 12, 480, 980, -11),  # missed slam: 6S makes, so 0 either way
        _board(Contract(4, "S", "", "N"), 9, -50, 140, -5),  # overbid: 3S is par, but not by bidding higher
        _board(Contract(2, "H", "", "E"), 10, -170, -420, 7),  # EW stopped low: 4H by East is par
        _board(None, 0, 0, 110, -4),  # passed out: no contract to move, its IMPs stay
    ]
    assert bench_par.level_bounds(boards) == ((0 + 0 + 0 + 4) / 4, (0 + 5 + 0 + 4) / 4)


def test_a_writer_does_not_write_into_another_runs_partial_file(tmp_path, monkeypatch) -> None:
    """Two runs sharing the cache folder each write their own partial file; the one another run is still
    writing (here a folder in its way) neither breaks this run's write nor is touched."""
    monkeypatch.setenv(bench_par.CACHE_DIR_ENV, str(tmp_path))
    batch = deal_batch(2, seed=9)
    solved = bench_par.ParData(np.full((2, 5, 4), 7, dtype=np.int8), np.array([0, 110]), ((), ("2S N",)))
    calls = []
    monkeypatch.setattr(bench_par, "_solve", lambda *a: calls.append(1) or solved)
    final = bench_par._cache_file(9, 2)
    assert final is not None
    other = final.with_suffix(".partial.npz")  # the shared name both runs once used
    other.mkdir(parents=True)
    bench_par.par_data(batch, "NE", ["None"] * 2, 9)
    _, hit = bench_par.par_data(batch, "NE", ["None"] * 2, 9)
    assert hit and len(calls) == 1 and other.is_dir()


@pytest.mark.parametrize(
    ("reference", "message"), [("1,x", "separated by commas"), ("1,2", "must not include --seed 2")]
)
def test_a_bad_reference_list_is_refused_with_a_message(reference, message, capsys) -> None:
    with pytest.raises(SystemExit):
        bench_par.main(["--seed", "2", "--reference", reference])
    assert message in capsys.readouterr().err


@pytest.mark.parametrize(
    ("calls", "kind"),
    [
        ("1S P 2S P P P", "one side"),
        ("1S 2H P P P", "contested"),
        ("P 1NT X P P P", "contested"),  # a penalty double competes: the defenders called
        ("P P P P", "passed out"),
    ],
)
def test_contest_kind_says_whether_both_sides_called(calls, kind) -> None:
    assert bench_par.contest_kind(Auction.parse("N", calls)) == kind


def test_against_reference_splits_both_figures_over_all_boards() -> None:
    deal = Deal.from_masks(deal_batch(1, seed=1)[0].tolist())

    def board(index: int, calls: str, imps: int) -> bench_par.BoardResult:
        auction = Auction.parse("N", calls)
        return bench_par.BoardResult(
            index, index + 1, "N", "None", deal, auction, (), auction.contract(), 0, 0, 0, (), imps, "at par"
        )

    results = [board(0, "1S 2H P P P", -6), board(1, "1S P 2S P P P", 4), board(2, "1H 1S P P P", 2)]
    reference = np.array([3, 5, 0])
    rows = bench_par.against_reference(results, reference)
    assert rows == [
        ("contested", 2, pytest.approx(8 / 3), pytest.approx(3 / 3)),
        ("one side", 1, pytest.approx(4 / 3), pytest.approx(5 / 3)),
    ]
