"""The par yardstick: a partnership that sees both hands, its contract learned from other deals."""

from __future__ import annotations

import numpy as np
import pytest

from bridgegui.devtools import bench_par, par_reference
from bridgegui.engine.cards import parse_deal


def _boards_of(deal_text: str, monkeypatch, tricks: np.ndarray, par_score: int) -> par_reference.OracleBoards:
    """``oracle_boards`` on one chosen deal (board 1: North deals, nobody vulnerable) with given DD facts."""
    batch = np.array([parse_deal(deal_text).hands], dtype=np.uint64)
    monkeypatch.setattr(bench_par, "deal_batch", lambda n, seed: batch)
    data = bench_par.ParData(tricks.reshape(1, 5, 4), np.array([par_score]), (("4S N",),))
    monkeypatch.setattr(bench_par, "par_data", lambda *a: (data, True))
    return par_reference.oracle_boards(1, 1)


def test_the_stronger_side_declares_in_its_longest_fit(monkeypatch) -> None:
    # North-South: 25 HCP and nine spades; East-West 15.
    tricks = np.full((5, 4), 6, dtype=np.int8)
    tricks[0, [0, 2]] = 10  # spades: ten tricks for North or South
    tricks[4, [0, 2]] = 8  # notrump: eight
    boards = _boards_of(
        "N:AKQ32.K32.A32.32 T98.QJT9.KQJ.QJT J754.A54.54.A954 6.876.T9876.K876", monkeypatch, tricks, 420
    )
    assert boards.keys.tolist() == [[2, 25]]
    spades, notrump = boards.losses[0, : par_reference.LEVELS], boards.losses[0, par_reference.LEVELS :]
    assert spades[3] == 0  # 4S making ten: par
    assert spades[1] == 6  # 2S +2 (170) against 420
    assert spades[4] == 10  # 5S down one (-50) against 420: 470 points
    assert notrump[2] == 10  # 3NT down one (-50)


def test_learning_picks_the_option_that_lost_least_and_scoring_falls_back_to_3nt() -> None:
    losses = np.zeros((3, 2 * par_reference.LEVELS), dtype=np.int64) + 5
    losses[0, 3] = 0
    losses[1, 3] = 1
    losses[1, 2] = 0
    losses[2, 10] = 0
    learning = par_reference.OracleBoards(np.array([[2, 25], [2, 25], [0, 30]]), losses)
    table = par_reference.learn([learning])
    assert table == {(2, 25): 3, (0, 30): 10}
    unseen = par_reference.OracleBoards(np.array([[2, 25], [1, 22]]), np.arange(28).reshape(2, 14))
    # Key (2, 25) plays option 3 (4 of the fit); the unseen key plays 3NT (option LEVELS + 2).
    assert par_reference.score(table, unseen) == pytest.approx((3 + 14 + par_reference.LEVELS + 2) / 2)


def test_the_scored_seed_must_not_be_learned_from() -> None:
    with pytest.raises(ValueError, match="learned"):
        par_reference.reference_imps(10, 3, [1, 3])


def test_east_west_declaring_on_a_love_board_is_not_vulnerable(monkeypatch) -> None:
    # The first test's deal turned a quarter: East-West hold the 25 HCP and nine spades, nobody vulnerable.
    tricks = np.full((5, 4), 6, dtype=np.int8)
    tricks[0, [1, 3]] = 10
    boards = _boards_of(
        "N:6.876.T9876.K876 AKQ32.K32.A32.32 T98.QJT9.KQJ.QJT J754.A54.54.A954", monkeypatch, tricks, -420
    )
    spades = boards.losses[0, : par_reference.LEVELS]
    assert spades[3] == 0
    assert spades[4] == 10  # 5S down one is -50 not vulnerable (470 from par), not -100 (520: 11 IMPs)
