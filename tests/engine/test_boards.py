import pytest

from bridgegui.engine import BridgeError, Deal, board_dealer, board_vulnerability, deal_batch
from bridgegui.engine.boards import REDEALT_KEPT_TAGS, Board, boards_from_batch, is_vulnerable

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


def test_boards_from_batch_numbers_the_deals_and_follows_law_2():
    batch = deal_batch(5, seed=3)
    boards = boards_from_batch(batch, 15, tags=(("Generator", "g"),))
    assert [b.number for b in boards] == [15, 16, 17, 18, 19]
    assert [b.effective_dealer for b in boards] == ["S", "W", "N", "E", "S"]
    assert all(b.dealer is None and b.vulnerable is None for b in boards)  # they follow the number
    assert [b.deal.hands for b in boards] == [tuple(row) for row in batch.tolist()]
    assert all(b.tags == (("Generator", "g"),) for b in boards)
    assert boards_from_batch(batch[:0], 1) == []
    with pytest.raises(BridgeError):
        boards_from_batch(batch, 0)


def test_a_redealt_board_keeps_where_and_when_and_drops_what_belonged_to_the_old_deal():
    old_deal, new_deal = (Deal.from_masks(row) for row in deal_batch(2, seed=5).tolist())
    old = Board(
        7,
        old_deal,
        dealer="N",  # not board 7's dealer (South): an explicit dealer stays
        vulnerable="None",
        tags=(
            ("Event", "Club night"),
            ("Site", "Tromsø"),
            ("Date", "2024.05.01"),
            ("Auction", "N"),
            ("Contract", "4S"),
            ("Result", "10"),
            ("DoubleDummyTricks", "a" * 20),
            ("GeneratorSeed", "1"),
        ),
        sections=(("Auction", "1S Pass 4S AP\n"),),
        comments=(("Contract", "a fine contract"),),
    )
    board = old.redealt(new_deal)
    assert (board.number, board.deal, board.dealer, board.vulnerable) == (7, new_deal, "N", "None")
    assert board.tags == (("Event", "Club night"), ("Site", "Tromsø"), ("Date", "2024.05.01"))
    assert board.sections == () and board.comments == ()
    assert [name for name, _ in board.tags] == list(REDEALT_KEPT_TAGS)
    tagged = old.redealt(new_deal, Generator="bridgegui", GeneratorSeed="42", Event=None)
    assert tagged.tags == (
        ("Site", "Tromsø"),
        ("Date", "2024.05.01"),
        ("Generator", "bridgegui"),
        ("GeneratorSeed", "42"),
    )


def test_a_redealt_board_without_a_number_keeps_its_label():
    old = Board(None, None, tags=(("Board", "1-1"), ("Event", "Quiz"), ("Contract", "3NT")))
    board = old.redealt(Deal.from_masks(deal_batch(1, seed=2)[0].tolist()))
    assert board.label == "1-1" and board.number is None
    assert board.tags == (("Board", "1-1"), ("Event", "Quiz"))
