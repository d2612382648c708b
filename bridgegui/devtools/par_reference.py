"""A yardstick for the par benchmark: how close to double-dummy par a partnership gets that sees both hands.

    python -m bridgegui.devtools.bench_par --system sayc --seed 4 --reference 1,2,3

IMPs a board from par mean little alone: double-dummy par knows every card, so even perfect bidding
of one's own 26 cards leaves a distance.  This module measures that floor for a simple kind of
perfect knowledge.  On every board the side with more high-card points (North-South on a tie)
declares, the other side passes throughout, and the contract comes from a table: the key is the
partnership's combined HCP and its longest fit (a major of eight or more, else a minor of eight or
more, else none), and the entry is the strain (that fit or notrump) and level that lost the fewest
IMPs against par over the deals of the *learning* seeds.  The table is then scored on another seed's
deals, so the figure is what such a partnership would have scored on deals it had not seen.

A bidding system knows less than this oracle (partner's hand only through the auction) but can also
do what it cannot (compete, double, sacrifice), so the oracle is a reference point, not a bound.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from bridgegui.devtools.bench_par import _TABLE_ROW, seed_boards
from bridgegui.engine import tables
from bridgegui.engine.bidding.calls import STRAINS
from bridgegui.engine.boards import is_vulnerable
from bridgegui.engine.evaluation import holdings
from bridgegui.engine.scoring import duplicate_score, imps

LEVELS = 7
"""Options are ``(strain choice, level)``: choice 0 the fit's suit (notrump without a fit), 1 notrump."""

_MIN_HCP, _MAX_HCP = 18, 34
"""Combined HCP outside this range share the nearest key: few boards, and the answer is plain there."""


@dataclass(frozen=True, slots=True)
class OracleBoards:
    """Per board: the table key ``(fit kind 0 none / 1 minor / 2 major, combined HCP)`` and, per option
    (``2 * LEVELS`` of them: fit suit then notrump, levels 1-7), the IMPs lost against par."""

    keys: np.ndarray
    losses: np.ndarray


def oracle_boards(deals: int, seed: int) -> OracleBoards:
    """The seed's deals (Law 2 dealer and vulnerability, as ``bench_par``) with each option's loss."""
    boards = seed_boards(deals, seed)
    numbers, data = boards.numbers, boards.data
    held = holdings(boards.batch)  # (deals, 4 seats, 4 suits)
    hcp = tables.HCP[held].sum(axis=2).astype(np.int64)
    length = tables.LENGTH[held].astype(np.int64)
    ns_declares = hcp[:, 0] + hcp[:, 2] >= hcp[:, 1] + hcp[:, 3]
    first = np.where(ns_declares, 0, 1)  # North or East, and partner two seats on
    rows = np.arange(deals)
    combined_hcp = hcp[rows, first] + hcp[rows, first + 2]
    fits = length[rows, first] + length[rows, first + 2]  # (deals, 4) S H D C
    # The longest fit, the higher-ranking suit on a tie (S H D C order: argmax takes the first).
    suit = np.argmax(fits, axis=1)
    fit = fits[rows, suit] >= 8
    kind = np.where(fit, np.where(suit < 2, 2, 1), 0)
    keys = np.stack([kind, np.clip(combined_hcp, _MIN_HCP, _MAX_HCP)], axis=1)
    declarer = np.where(ns_declares, "N", "E")
    vulnerable = np.array([is_vulnerable(int(n), str(d)) for n, d in zip(numbers, declarer, strict=True)])
    sign = np.where(ns_declares, 1, -1)
    notrump = STRAINS.index("NT")
    losses = np.empty((deals, 2 * LEVELS), dtype=np.int64)
    for choice in (0, 1):
        strain_row = np.where((choice == 0) & fit, np.array([_TABLE_ROW[s] for s in "SHDC"])[suit], _TABLE_ROW["NT"])
        strain = np.where((choice == 0) & fit, np.array([STRAINS.index(s) for s in "SHDC"])[suit], notrump)
        tricks = np.maximum(data.tricks[rows, strain_row, first], data.tricks[rows, strain_row, first + 2])
        for level in range(1, LEVELS + 1):
            score = duplicate_score(
                np.full(deals, level), strain, np.zeros(deals, dtype=np.int64), vulnerable, tricks.astype(np.int64)
            )
            losses[:, choice * LEVELS + level - 1] = np.abs(imps(score * sign - data.par_scores))
    return OracleBoards(keys, losses)


def learn(boards: Sequence[OracleBoards]) -> dict[tuple[int, int], int]:
    """Per key, the option that lost the fewest IMPs over these boards (the lowest option on a tie)."""
    keys = np.concatenate([b.keys for b in boards])
    losses = np.concatenate([b.losses for b in boards])
    table: dict[tuple[int, int], int] = {}
    for key in np.unique(keys, axis=0):
        chosen = np.all(keys == key, axis=1)
        table[(int(key[0]), int(key[1]))] = int(np.argmin(losses[chosen].sum(axis=0)))
    return table


def board_losses(table: dict[tuple[int, int], int], boards: OracleBoards) -> np.ndarray:
    """The IMPs lost against par on each board by the table's contract (a key never met plays 3NT)."""
    fallback = LEVELS + 2  # notrump, level 3
    options = np.array([table.get((int(k), int(h)), fallback) for k, h in boards.keys], dtype=np.int64)
    return boards.losses[np.arange(len(options)), options]


def score(table: dict[tuple[int, int], int], boards: OracleBoards) -> float:
    """Mean IMPs a board from par of the table's contracts."""
    return float(np.mean(board_losses(table, boards)))


def reference_losses(deals: int, seed: int, learning_seeds: Sequence[int]) -> np.ndarray:
    """The oracle's IMPs from par on each of ``seed``'s deals, its table learned on the other seeds'."""
    if seed in learning_seeds:
        raise ValueError("the seed scored must not be one the table was learned on")
    table = learn([oracle_boards(deals, s) for s in learning_seeds])
    return board_losses(table, oracle_boards(deals, seed))


def reference_imps(deals: int, seed: int, learning_seeds: Sequence[int]) -> float:
    """The oracle's IMPs a board from par on ``seed``'s deals, its table learned on the other seeds'."""
    return float(np.mean(reference_losses(deals, seed, learning_seeds)))
