"""Text diagrams and deal lines: golden output, every card in its place, hidden and unknown hands."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgegui import engine
from bridgegui.engine import DealError, parse_deal
from bridgegui.engine.boards import Board
from bridgegui.formats.text import deal_diagram, deal_line

GOLDEN = Path(__file__).parent / "golden"
REGENERATE = os.environ.get("BRIDGEGUI_REGENERATE_GOLDEN") == "1"

DEAL = parse_deal("N:A8643.97642.Q.Q8 KT9.K3.K75.AK652 QJ752.T.AJT432.4 .AQJ85.986.JT973")
HAND_LINE = re.compile(r"[SHDC♠♥♦♣] (?:[AKQJT98765432]+|-)")


def check_golden(name: str, text: str) -> None:
    path = GOLDEN / name
    if REGENERATE:
        path.write_text(text + "\n", encoding="utf-8", newline="\n")
        pytest.skip(f"rewrote {path}")
    assert text + "\n" == path.read_text(encoding="utf-8"), f"{name} differs from the golden file"


def test_diagram_matches_golden():
    check_golden("diagram.txt", deal_diagram(DEAL, board=Board(1, DEAL)))


def test_plain_letters_and_hidden_hands_match_golden():
    board = Board(None, DEAL, dealer="S", vulnerable="Both", tags=(("Board", "1-1"),))
    check_golden("diagram_hidden.txt", deal_diagram(DEAL, board=board, hidden="EW", symbols=False))


def hands_in(diagram: str) -> dict[str, list[str]]:
    """Read the four hands back out of a plain-letter diagram without a header."""
    lines = diagram.split("\n")
    north = [line.strip() for line in lines[0:4]]
    south = [line.strip() for line in lines[8:12]]
    west, east = [], []
    for line in lines[4:8]:
        found = HAND_LINE.findall(line)
        west.append(found[0] if found and line.startswith(found[0]) else "")
        east.append(found[-1] if found and line.endswith(found[-1]) and not line.startswith(found[-1]) else "")
    return {"N": north, "E": east, "S": south, "W": west}


def expected_lines(hand: str) -> list[str]:
    return [f"{suit} {cards or '-'}" for suit, cards in zip("SHDC", hand.split("."), strict=True)]


@settings(max_examples=50, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_every_card_is_in_its_place(seed):
    (deal,) = engine.deals_from_batch(engine.deal_batch(1, seed=seed))
    diagram = deal_diagram(deal, symbols=False)
    hands = hands_in(diagram)
    for seat in "NESW":
        assert hands[seat] == expected_lines(deal.hand(seat).to_pbn()), seat
    assert all(line == line.rstrip() for line in diagram.split("\n"))


def test_symbols_and_voids():
    diagram = deal_diagram(DEAL)
    assert "♠ -" in diagram  # West's spade void
    assert "♣ AK652" in diagram and "♥ 97642" in diagram
    assert not any(letter in diagram for letter in ("S A", "H 9"))


def test_header():
    assert deal_diagram(DEAL, board=Board(3, DEAL)).split("\n")[0] == "Board 3   Dealer: South   Vul: EW"
    assert deal_diagram(DEAL, board=Board(None, DEAL)).startswith(" ")  # nothing to say: no header
    assert deal_diagram(DEAL).split("\n")[0].strip() == "♠ A8643"


@pytest.mark.parametrize("hidden", ["EW", "E W", {"E", "W"}, ["east", "west"], ("e", "w")])
def test_hidden_spellings(hidden):
    diagram = deal_diagram(DEAL, hidden=hidden, symbols=False)
    hands = hands_in(diagram)
    assert hands["E"] == ["", "", "", ""] and hands["W"] == ["", "", "", ""]
    assert hands["N"] == expected_lines("A8643.97642.Q.Q8")
    assert "W   E" in diagram  # the compass still shows where they sit


def test_hidden_south_leaves_no_blank_tail():
    lines = deal_diagram(DEAL, hidden="S").split("\n")
    assert len(lines) == 8 and lines[-1].endswith("♣ AK652") and " S " in lines[-1]


def test_bad_hidden_seat():
    with pytest.raises(DealError):
        deal_diagram(DEAL, hidden="X")


def test_partial_and_missing_deals():
    partial = parse_deal("N:AT2.Q854.K86.974 - - -", allow_missing=True)
    diagram = deal_diagram(partial)
    assert "♠ AT2" in diagram and diagram.count("♠") == 1
    assert deal_diagram(None).split("\n") == ["", "", "", "", "", "          N", "        W   E", "          S"]


def test_deal_line():
    assert deal_line(DEAL) == "N:A8643.97642.Q.Q8 KT9.K3.K75.AK652 QJ752.T.AJT432.4 .AQJ85.986.JT973"
    assert deal_line(DEAL, "W") == "W:.AQJ85.986.JT973 A8643.97642.Q.Q8 KT9.K3.K75.AK652 QJ752.T.AJT432.4"
    assert parse_deal(deal_line(DEAL, "E")) == DEAL
