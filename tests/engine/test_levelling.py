"""Even sub-cases (levelling): every alternative dealt equally often (counts ± 1)."""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest

from bridgegui.engine.dealer.constraints import DealRequest
from bridgegui.engine.dealer.levelling import LevelError, levelled, request_alternatives, script_alternatives
from bridgegui.engine.dealer.mixing import Scenario, SetSource, deal_set_now
from bridgegui.engine.evaluation import suit_lengths
from bridgegui.engine.script import compile_script


def _deal(source: SetSource, count: int, seed: int = 1) -> list:
    return deal_set_now([source], count, seed=seed)


def _north_lengths(board) -> tuple[int, int, int, int]:  # type: ignore[no-untyped-def]
    row = np.array([board.deal.hands[0]], dtype=np.uint64)
    return tuple(int(x) for x in suit_lengths(row)[0])  # type: ignore[return-value]


def test_a_scripts_or_gives_each_alternative_the_same_count() -> None:
    """Naturally 5+ hearts-or-spades hands split evenly anyway; add a rare one to see the levelling:
    9+ clubs turns up about once in 250 deals of the scenario, but gets a third of the boards here."""
    text = "condition hcp(north) >= 8 && (hearts(north) >= 5 || spades(north) >= 5 || clubs(north) >= 9)"
    alternatives = script_alternatives(text)
    assert [a.label for a in alternatives] == ["hearts(north) >= 5", "spades(north) >= 5", "clubs(north) >= 9"]
    script = compile_script(text)
    boards = _deal(levelled(Scenario("majors", alternatives[0].request), alternatives), 31)
    counts = Counter(b.tag("Alternative") for b in boards)
    assert sorted(counts.values()) == [10, 10, 11]
    for board in boards:
        row = np.array([board.deal.hands], dtype=np.uint64)
        assert script.condition(row).all(), "every board fits the whole scenario"
        s, h, _d, c = _north_lengths(board)
        dealt_for = board.tag("Alternative")
        assert {"hearts(north) >= 5": h >= 5, "spades(north) >= 5": s >= 5, "clubs(north) >= 9": c >= 9}[dealt_for]
        assert board.tag("Scenario") == "majors"


def test_a_shape_terms_patterns_are_alternatives() -> None:
    """``any 4333 + any 7xxx``: 7-card suits are rare among these hands, levelled they get half the boards;
    a ``-`` pattern is taken out of every alternative."""
    text = "x = shape(north, any 4333 + any 7xxx - 7600)\ncondition x && hcp(north) >= 6"
    alternatives = script_alternatives(text)
    assert [a.label for a in alternatives] == ["shape(north, any 4333)", "shape(north, any 7xxx)"]
    boards = _deal(levelled(Scenario("shapes", alternatives[0].request), alternatives), 40, seed=3)
    counts = Counter(b.tag("Alternative") for b in boards)
    assert counts == {"shape(north, any 4333)": 20, "shape(north, any 7xxx)": 20}
    for board in boards:
        lengths = sorted(_north_lengths(board), reverse=True)
        if board.tag("Alternative") == "shape(north, any 4333)":
            assert lengths == [4, 3, 3, 3]
        else:
            assert lengths[0] == 7 and lengths[:2] != [7, 6]


def test_overlapping_alternatives_count_for_the_one_dealt() -> None:
    """A 6-5 hand fits both ``any 5xxx`` and ``any 6xxx``: each board counts once, for its own alternative."""
    text = "condition shape(south, any 5xxx + any 6xxx)"
    alternatives = script_alternatives(text)
    boards = _deal(levelled(Scenario("s", alternatives[0].request), alternatives), 20, seed=9)
    assert Counter(b.tag("Alternative") for b in boards) == {"shape(south, any 5xxx)": 10, "shape(south, any 6xxx)": 10}


def test_a_seat_specs_shape_list_is_levelled() -> None:
    request = DealRequest.from_specs(west="shape 5xxx 6xxx 7xxx, hcp 6-10")
    alternatives = request_alternatives(request)
    assert [a.label for a in alternatives] == ["West 5xxx", "West 6xxx", "West 7xxx"]
    boards = _deal(levelled(Scenario("", request), alternatives), 13)
    counts = Counter(b.tag("Alternative") for b in boards)
    assert sorted(counts.values()) == [4, 4, 5]
    for board in boards:
        row = np.array([board.deal.hands], dtype=np.uint64)
        assert request.mask(row).all()


def test_what_cannot_be_levelled_says_why() -> None:
    with pytest.raises(LevelError, match="nothing to level"):
        script_alternatives("condition hcp(north) >= 12")
    with pytest.raises(LevelError, match="nothing to level"):
        script_alternatives("produce 3")
    with pytest.raises(LevelError, match="more than one place"):
        script_alternatives("condition (hcp(north) > 10 || hcp(south) > 10) && (spades(east) > 4 || hearts(east) > 4)")
    with pytest.raises(LevelError, match="nothing to level"):
        request_alternatives(DealRequest.from_specs(north="balanced"))
    with pytest.raises(LevelError, match="North and South"):
        request_alternatives(DealRequest.from_specs(north="shape 5xxx 6xxx", south="shape 4333 4432"))
    with pytest.raises(LevelError):
        levelled(Scenario("", DealRequest()), [])


def test_patterns_written_side_by_side_are_alternatives_each() -> None:
    """Dealer reads ``56xx55xx`` as ``56xx + 55xx`` and ``55xxany 4333`` as ``55xx + any 4333``: the
    levelling reads the words as dealer cuts them instead of passing a whole word as one pattern,
    which raised and stopped the set being levelled."""
    for text, labels in (
        ("condition shape(north, 56xx55xx + any 4333)\n", ["56xx", "55xx", "any 4333"]),
        ("condition shape(north, 55xxany 4333 + 6xxx)\n", ["55xx", "any 4333", "6xxx"]),
        ("condition shape(north, 6xxx - 66xx 7xxx)\n", ["6xxx", "7xxx"]),
    ):
        alternatives = script_alternatives(text)
        assert [a.label for a in alternatives] == [f"shape(north, {label})" for label in labels]
