"""``Board``: effective dealer and vulnerability, normalisation, tags, and validation."""

import pytest

from bridgegui.engine import BridgeError, board_dealer, board_vulnerability, parse_deal
from bridgegui.engine.boards import Board, normalise_seat_letter, normalise_vulnerability

DEAL = parse_deal("N:972.64.KQJ92.A72 KQ6543.5.A543.KQ AJ.KQJ3.T.T98653 T8.AT9872.876.J4")


@pytest.mark.parametrize("number", [1, 2, 7, 16, 17, 100])
def test_effective_values_follow_the_board_number(number):
    board = Board(number, DEAL)
    assert board.effective_dealer == board_dealer(number)
    assert board.effective_vulnerable == board_vulnerability(number)


def test_explicit_values_win_over_the_number():
    board = Board(1, DEAL, dealer="S", vulnerable="EW")
    assert (board.effective_dealer, board.effective_vulnerable) == ("S", "EW")
    assert (board.dealer, board.vulnerable) == ("S", "EW")


def test_explicit_values_equal_to_the_numbers_are_stored_as_none():
    # PBN cannot say whether a dealer was "explicit", so equal meaning must mean equal boards.
    assert Board(5, DEAL, dealer="N", vulnerable="NS") == Board(5, DEAL)
    assert Board(5, DEAL, dealer="N").dealer is None


def test_without_a_number_only_explicit_values_count():
    assert Board(None, DEAL).effective_dealer is None
    assert Board(None, DEAL).effective_vulnerable is None
    board = Board(None, DEAL, dealer="W", vulnerable="All")
    assert (board.effective_dealer, board.effective_vulnerable) == ("W", "All")


@pytest.mark.parametrize(
    ("spelling", "canonical"),
    [("None", "None"), ("love", "None"), ("-", "None"), ("NS", "NS"), ("ew", "EW"), ("All", "All"),
     ("Both", "All"), ("BOTH", "All"), (" ns ", "NS"), ("", None)],
)  # fmt: skip
def test_vulnerability_spellings(spelling, canonical):
    assert normalise_vulnerability(spelling) == canonical
    assert Board(None, None, vulnerable=spelling).vulnerable == canonical


@pytest.mark.parametrize(("text", "letter"), [("n", "N"), ("E", "E"), ("south", "S"), ("West", "W"), ("", None)])
def test_seat_spellings(text, letter):
    assert normalise_seat_letter(text) == letter
    assert Board(None, None, dealer=text).dealer == letter


@pytest.mark.parametrize("bad", ["X", "Nx", "northwest"])
def test_bad_dealer(bad):
    with pytest.raises(BridgeError, match="not a seat"):
        Board(1, DEAL, dealer=bad)


@pytest.mark.parametrize("bad", ["Nobody", "NSEW", "vul"])
def test_bad_vulnerability(bad):
    with pytest.raises(BridgeError, match="not a vulnerability"):
        Board(1, DEAL, vulnerable=bad)


@pytest.mark.parametrize("bad", [0, -1, True])
def test_bad_numbers(bad):
    with pytest.raises(BridgeError):
        Board(bad, DEAL)


def test_a_deal_that_is_not_a_deal():
    with pytest.raises(BridgeError, match="Deal or None"):
        Board(1, DEAL.to_pbn())  # type: ignore[arg-type]


def test_tags_are_frozen_and_looked_up_by_name():
    board = Board(3, DEAL, tags=[["Event", "Club night"], ("Note", "1:a"), ("Note", "2:b")])  # type: ignore[list-item]
    assert board.tags == (("Event", "Club night"), ("Note", "1:a"), ("Note", "2:b"))
    assert board.tag("Event") == "Club night"
    assert board.tag("Note") == "1:a"  # the first of a repeated tag
    assert board.tag("Site") is None and board.tag("Site", "?") == "?"
    hash(board)  # usable as a dict key / in sets


def test_structural_tags_answer_from_the_fields():
    board = Board(3, DEAL)
    assert board.tag("Board") == "3"
    assert board.tag("Dealer") == "S"
    assert board.tag("Vulnerable") == "EW"
    assert board.tag("Deal") == DEAL.to_pbn("S")
    assert Board(None, None).tag("Deal", "") == ""


@pytest.mark.parametrize("name", ["Deal", "Dealer", "Vulnerable", "Board"])
def test_structural_tags_cannot_hide_in_tags(name):
    with pytest.raises(BridgeError, match="field of Board"):
        Board(1, DEAL, tags=((name, "x"),))


def test_a_board_label_lives_in_tags_when_there_is_no_number():
    board = Board(None, DEAL, tags=(("Board", "1-1"),))
    assert board.label == "1-1" and board.tag("Board") == "1-1"
    assert Board(12, DEAL).label == "12"
    assert Board(None, DEAL).label is None


@pytest.mark.parametrize("bad", [("", "x"), ("Two words", "x"), ("Événement", "x"), ("Event", "two\nlines")])
def test_bad_tags(bad):
    with pytest.raises(BridgeError):
        Board(1, DEAL, tags=(bad,))


def test_tags_must_be_pairs_of_strings():
    with pytest.raises(BridgeError, match="pairs"):
        Board(1, DEAL, tags=(("Event",),))  # type: ignore[arg-type]
    with pytest.raises(BridgeError, match="pairs"):
        Board(1, DEAL, tags=(("Event", 3),))  # type: ignore[arg-type]


def test_a_section_needs_its_tag():
    with pytest.raises(BridgeError, match="no tag"):
        Board(1, DEAL, sections=(("Auction", "1NT Pass"),))
    board = Board(1, DEAL, tags=(("Auction", "N"),), sections=(("Auction", "1NT Pass"),))
    assert board.section("Auction") == "1NT Pass"
    assert board.section("Play") is None


def test_with_tags_sets_replaces_and_removes():
    board = Board(1, DEAL, tags=(("Event", "a"), ("Auction", "N")), sections=(("Auction", "1NT AP"),))
    changed = board.with_tags(Event="b", Site="here")
    assert changed.tags == (("Event", "b"), ("Auction", "N"), ("Site", "here"))
    assert board.tag("Event") == "a"  # the original is untouched
    removed = changed.with_tags(Auction=None)
    assert removed.tags == (("Event", "b"), ("Site", "here"))
    assert removed.sections == ()


def test_replace_validates_again():
    board = Board(1, DEAL).replace(number=2, dealer="w")
    assert (board.number, board.dealer) == (2, "W")
    with pytest.raises(BridgeError):
        board.replace(vulnerable="sometimes")


def test_renumbering_moves_the_implied_dealer():
    board = Board(1, DEAL)
    assert board.replace(number=2).effective_dealer == "E"
