"""Duplicate scoring of any contract: worked examples from the Laws' scoring table, and agreement with
the dealer-script scorer on every undoubled contract."""

from __future__ import annotations

import itertools

import pytest

from bridgegui.engine.scoring import duplicate_score, imps
from bridgegui.engine.script.scoring import score_value

C, D, H, S, NT = range(5)


@pytest.mark.parametrize(
    ("level", "strain", "doubled", "vulnerable", "tricks", "expected"),
    [
        (4, H, 0, True, 10, 620),
        (3, NT, 0, False, 10, 430),
        (1, NT, 1, False, 6, -100),
        (2, S, 1, False, 8, 470),
        (2, S, 2, False, 8, 640),
        (7, NT, 2, True, 13, 2980),
        (3, NT, 1, True, 5, -1100),
        (4, S, 1, False, 7, -500),
        (5, D, 1, False, 6, -1100),
        (6, C, 0, False, 12, 920),
        (1, C, 0, False, 13, 190),
        (2, H, 2, False, 6, -600),
        (1, D, 1, True, 9, 540),
        (3, C, 1, False, 10, 570),
        (0, NT, 0, False, 0, 0),
    ],
)
def test_worked_examples(level: int, strain: int, doubled: int, vulnerable: bool, tricks: int, expected: int) -> None:
    assert int(duplicate_score(level, strain, doubled, vulnerable, tricks)) == expected


def test_undoubled_agrees_with_the_script_scorer() -> None:
    # The script scorer numbers strains S H D C N; ours C D H S NT.
    theirs = {C: 3, D: 2, H: 1, S: 0, NT: 4}
    for level, strain, vulnerable, tricks in itertools.product(range(1, 8), range(5), (False, True), range(14)):
        expected = score_value(vulnerable, level, theirs[strain], tricks)
        assert int(duplicate_score(level, strain, 0, vulnerable, tricks)) == expected


def test_imps() -> None:
    assert imps([0, 10, 20, -50, 420, 430, 4000]).tolist() == [0, 0, 1, -2, 9, 10, 24]
