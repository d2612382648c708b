import pytest

from bridgegui.engine import BridgeError, board_dealer, board_vulnerability
from bridgegui.engine.boards import is_vulnerable

# Law 2 of the Laws of Duplicate Bridge, boards 1-16.
LAW_2 = [
    ("N", "None"), ("E", "NS"), ("S", "EW"), ("W", "All"),
    ("N", "NS"), ("E", "EW"), ("S", "All"), ("W", "None"),
    ("N", "EW"), ("E", "All"), ("S", "None"), ("W", "NS"),
    ("N", "All"), ("E", "None"), ("S", "NS"), ("W", "EW"),
]  # fmt: skip


@pytest.mark.parametrize("board", range(1, 49))
def test_sixteen_board_cycle(board):
    assert (board_dealer(board), board_vulnerability(board)) == LAW_2[(board - 1) % 16]


def test_vulnerable_seats():
    assert is_vulnerable(2, "N") and is_vulnerable(2, "S") and not is_vulnerable(2, "E")
    assert is_vulnerable(4, "W") and not is_vulnerable(1, "N")


@pytest.mark.parametrize("bad", [0, -3, True, "1"])
def test_bad_board_numbers(bad):
    with pytest.raises(BridgeError):
        board_dealer(bad)
