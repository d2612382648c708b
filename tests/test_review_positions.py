"""Positions for a blind review: the calls a system really made on random boards, with the answer kept back."""

from __future__ import annotations

import pytest

from bridgegui.devtools import review_positions
from bridgegui.engine.bidding import load_system
from bridgegui.engine.bidding.calls import Auction
from bridgegui.engine.bidding.system import board_vulnerability_for, vulnerability_state
from bridgegui.engine.cards import Hand
from tests.engine.bidding.conftest import deal_for


@pytest.fixture(scope="module")
def sayc_positions() -> list[review_positions.Position]:
    return review_positions.sample_positions(load_system("sayc"), 40, seed=7)


def test_the_same_seed_gives_the_same_positions(sayc_positions) -> None:
    again = review_positions.sample_positions(load_system("sayc"), 40, seed=7)
    assert [p.corpus_line(answer=True) for p in again] == [p.corpus_line(answer=True) for p in sayc_positions]
    other = review_positions.sample_positions(load_system("sayc"), 40, seed=8)
    assert [p.hand for p in other] != [p.hand for p in sayc_positions]


def test_each_recorded_call_is_the_systems_call_at_that_position(sayc_positions) -> None:
    # The corpus line re-reads the auction from North as dealer and the vulnerability from the
    # caller's side; the system, asked there, must make the call the board recorded.
    system = load_system("sayc")
    assert len(sayc_positions) == 40
    for position in sayc_positions:
        area, auction_text, vul, hand, call, also, source = (f.strip() for f in position.corpus_line().split("|"))
        assert (area, call, also, source) == ("?", "?", "-", "")
        assert Hand.from_pbn(hand).mask.bit_count() == 13
        auction = Auction.parse("N", auction_text) if auction_text != "-" else Auction("N")
        assert len(auction.calls) < 4 * review_positions.ROUNDS
        choice = system.call_for(deal_for(auction, hand), auction, board_vulnerability_for(vul, auction.next_seat))
        assert choice.call == position.call, position.corpus_line(answer=True)


def test_weak_hands_whose_partner_is_silent_are_left_out(sayc_positions) -> None:
    for position in sayc_positions:
        calls = position.auction.calls
        k = len(calls)
        partner_bid = any(not calls[j].is_pass for j in range(k - 2, -1, -4))
        assert partner_bid or Hand.from_pbn(position.hand).hcp > 5


@pytest.mark.parametrize(
    ("board", "seat", "seen"),
    [("None", "N", "none"), ("NS", "S", "we"), ("NS", "E", "they"), ("EW", "W", "we"), ("All", "E", "both")],
)
def test_vulnerability_is_seen_from_the_callers_side(board, seat, seen) -> None:
    assert vulnerability_state(board, seat) == seen


def test_the_command_prints_questions_or_answers(capsys) -> None:
    assert review_positions.main(["--system", "acol", "--count", "3", "--seed", "5"]) == 0
    questions = capsys.readouterr().out.splitlines()
    assert review_positions.main(["--system", "acol", "--count", "3", "--seed", "5", "--answers"]) == 0
    answers = capsys.readouterr().out.splitlines()
    assert len(questions) == len(answers) == 3
    for question, answer in zip(questions, answers, strict=True):
        q, a = question.split("|"), answer.split("|")
        assert q[4].strip() == "?" and a[4].strip() != "?"
        assert q[:4] == a[:4]


def test_a_count_below_one_is_refused(capsys) -> None:
    with pytest.raises(SystemExit):
        review_positions.main(["--count", "0"])
    assert "--count must be at least 1" in capsys.readouterr().err
