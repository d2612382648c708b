"""The system-file reader: the format of docs/bidding-design.md, and an error with file, line and column
for every kind of fault."""

from __future__ import annotations

import numpy as np
import pytest

from bridgegui.engine.bidding import Auction, Call, SystemFileError, load_system, parse_system, shipped_systems
from bridgegui.engine.bidding.system_file import compile_where
from bridgegui.engine.cards import Hand
from bridgegui.engine.dealer.constraints import parse_seat_spec
from bridgegui.engine.errors import BridgeError

HEADER = "system: Mini\n"

MINI = """\ufeff# A small system for the reader's tests
system: Mini
title: Mini (a test system)
description: Openings and Stayman only.

after P*                 # opening
  2C    hcp 22+                          -- 2♣: 22 or more points.
  1NT   hcp 15-17, balanced              -- 1NT: 15-17 points and a balanced hand.
  1S    hcp 12-21, spades 5+ where spades(me) >= hearts(me)   -- 1♠: five or more spades.
  P     any                              -- Pass: not enough to open.

after P* 1NT P
	2C  hcp 8+, not 4333 WHERE hearts(me) >= 4 || spades(me) >= 4   -- 2♣ is Stayman.

after p* 1nt * bid **   # any interference, then anything
  p any -- Pass.
"""


def fault(text: str) -> SystemFileError:
    with pytest.raises(SystemFileError) as info:
        parse_system(text, "test.system")
    return info.value


def position(text: str) -> tuple[int, int]:
    error = fault(text)
    assert str(error).startswith(f"test.system:{error.line}:{error.column}: ")
    return error.line, error.column


def test_reads_header_blocks_rules_and_comments():
    system = parse_system(MINI, "mini.system")
    assert (system.name, system.title, system.description) == (
        "Mini",
        "Mini (a test system)",
        "Openings and Stayman only.",
    )
    assert system.source == "mini.system"
    assert [b.line for b in system.blocks] == [6, 12, 15]
    assert [str(r.call) for r in system.rules] == ["2C", "1NT", "1S", "P", "2C", "P"]
    assert [r.index for r in system.rules] == list(range(6))
    one_notrump = system.rules[1]
    assert one_notrump.meaning == parse_seat_spec("hcp 15-17, balanced")
    assert one_notrump.explanation == "1NT: 15-17 points and a balanced hand."
    assert one_notrump.where is None and one_notrump.line == 8
    assert system.rules[2].where == "spades(me) >= hearts(me)"
    assert system.rules[3].always_fits and not system.rules[2].always_fits
    assert system.rules[4].meaning_text == "hcp 8+, not 4333"  # a tab indents as well as spaces


def test_a_system_is_a_bridge_error_subclass_with_a_position():
    error = fault(HEADER + "after P*\n  1Z any -- no such call.\n")
    assert isinstance(error, BridgeError) and isinstance(error, ValueError)
    assert (error.source, error.line, error.column) == ("test.system", 3, 3)
    assert str(error) == f"test.system:3:3: {error.message}"


@pytest.mark.parametrize(
    ("auction", "blocks"),
    [
        ("", [0]),
        ("P P P", [0]),
        ("1NT P", [1]),
        ("P 1NT P", [1]),
        ("1NT X 2C", [2]),
        ("1NT P 2C P P", [2]),
        ("1NT 2C", []),
    ],
)
def test_patterns_match_the_whole_auction(auction, blocks):
    system = parse_system(MINI)
    calls = Auction.parse("N", auction).calls
    assert [i for i, b in enumerate(system.blocks) if b.pattern.matches(calls)] == blocks


def test_pattern_wildcards():
    text = HEADER + "after ** 1C|1D * bid\n  P any -- p.\nafter P* X\n  P any -- p.\n"
    system = parse_system(text)
    pattern = system.blocks[0].pattern
    assert pattern.text == "** 1C|1D * bid"
    assert pattern.matches(Auction.parse("N", "1C X 1H").calls)
    assert pattern.matches(Auction.parse("N", "P P 1D P 2C").calls)
    assert not pattern.matches(Auction.parse("N", "1D P P").calls)  # the last token must be a bid
    assert not pattern.matches(Auction.parse("N", "1H P 2C").calls)
    assert system.blocks[1].pattern.matches((Call.parse("X"),))


def test_rules_for_takes_every_matching_block_in_file_order():
    system = parse_system(MINI)
    after = system.rules_for(Auction.parse("N", "1NT P"))
    assert [r.index for r in after] == [4]
    after_interference = system.rules_for(Auction.parse("S", "1NT X 2H"))
    assert [r.index for r in after_interference] == [5]


def test_where_is_compiled_for_each_calling_seat():
    system = parse_system(MINI)
    rule = system.rules[2]
    hand = Hand.from_pbn("AKJ52.Q9843.2.A2").mask  # 5-5 in the majors: spades(me) >= hearts(me)
    other = Hand.from_pbn("AKJ52.Q98432.2.A").mask  # 5-6: not
    hands = np.array([hand, other], dtype=np.uint64)
    for seat in range(4):
        assert rule.mask(hands, seat).tolist() == [True, False]
    batch = np.zeros((1, 4), dtype=np.uint64)
    batch[0, 1] = other
    assert compile_where("hearts(me) > spades(me)", 1)(batch).tolist() == [True]
    assert compile_where("hearts(me) > spades(me)", 0)(batch).tolist() == [False]


def test_load_system_reads_a_file_and_names_it(tmp_path):
    path = tmp_path / "mini.system"
    path.write_text(MINI, encoding="utf-8")
    assert load_system(path).name == "Mini"
    assert load_system(str(path)).source == "mini.system"
    bad = tmp_path / "bad.system"
    bad.write_text(HEADER + "after P*\n  1NT hcp 15-17 -- no dashes ok\n  2C\n", encoding="utf-8")
    with pytest.raises(SystemFileError, match=r"^bad\.system:4:5: "):
        load_system(bad)


def test_load_system_refuses_a_missing_file_and_an_unknown_name(tmp_path):
    with pytest.raises(SystemFileError, match="cannot read"):
        load_system(tmp_path / "none.system")
    with pytest.raises(SystemFileError, match="no bidding system of that name") as info:
        load_system("precision")
    assert str(info.value).startswith("precision: ")
    assert info.value.line == 0


# --- one test per kind of fault, each checking the line and the column ---------------------------


def test_the_header_must_name_the_system():
    error = fault("title: no name\nafter P*\n  P any -- p.\n")
    assert (error.line, error.column) == (1, 1)
    assert "system: Standard" in error.message


def test_an_unknown_or_repeated_header_key():
    assert position("system: A\nauthor: me\n") == (2, 1)
    assert "unknown header 'author'" in fault("system: A\nauthor: me\n").message
    assert position("system: A\nsystem: B\n") == (2, 1)
    assert position("system: A\ntitle:   \n") == (2, 7)


def test_a_header_line_after_the_first_block():
    assert position(HEADER + "after P*\n  P any -- p.\ntitle: late\n") == (4, 1)


def test_a_line_that_is_neither_header_nor_block_nor_rule():
    error = fault(HEADER + "1NT hcp 15-17 -- not indented.\n")
    assert (error.line, error.column) == (2, 1)
    assert "indented rule" in error.message


def test_a_rule_before_any_block():
    assert position(HEADER + "   1NT hcp 15-17 -- x.\n") == (2, 4)


def test_after_needs_a_pattern():
    assert position(HEADER + "after   \n") == (2, 6)


def test_a_pattern_token_that_is_not_a_call():
    error = fault(HEADER + "after P* 1NT  2Z\n  P any -- p.\n")
    assert (error.line, error.column) == (2, 15)
    assert "'2Z' is not a call" in error.message
    assert position(HEADER + "after 1C|1Q\n  P any -- p.\n") == (2, 10)
    assert position(HEADER + "after 1C||1D\n  P any -- p.\n") == (2, 10)
    error = fault(HEADER + "after P* 1C X|bid\n  P any -- p.\n")
    assert (error.line, error.column) == (2, 15)
    assert "bid cannot be one of several alternatives" in error.message


def test_a_block_without_rules():
    error = fault(HEADER + "after P*\n\nafter P* 1NT P\n  P any -- p.\n")
    assert (error.line, error.column) == (2, 1)
    assert "has no rules" in error.message
    assert position(HEADER + "after P*\n  P any -- p.\nafter 1C\n# nothing\n") == (4, 1)


def test_a_rule_call_that_is_not_a_call():
    assert position(HEADER + "after P*\n    8NT hcp 15-17 -- x.\n") == (3, 5)
    error = fault(HEADER + "after P*\n  P any -- p.\n  after 1NT P\n")
    assert (error.line, error.column) == (4, 3)
    assert "remove the indentation" in error.message


def test_every_shipped_system_reads():
    for name in shipped_systems():
        system = load_system(name)
        assert system.rules and system.source == f"{name}.system"


def test_a_rule_without_its_explanation():
    assert position(HEADER + "after P*\n  1NT hcp 15-17\n") == (3, 16)
    error = fault(HEADER + "after P*\n  1NT hcp 15-17 --   \n")
    assert (error.line, error.column) == (3, 17)
    assert "explanation" in error.message


def test_a_rule_without_a_meaning():
    assert position(HEADER + "after P*\n  1NT   -- x.\n") == (3, 9)
    assert position(HEADER + "after P*\n  1NT where hcp(me) > 3 -- x.\n") == (3, 7)


def test_a_meaning_points_at_its_failing_term():
    error = fault(HEADER + "after P*\n  1NT hcp 15-17,  spodes 5+, balanced -- x.\n")
    assert (error.line, error.column) == (3, 19)
    assert "spodes" in error.message
    # A term that is fine alone but not with an earlier one: the later term is the fault.
    assert position(HEADER + "after P*\n  1NT hcp 15-17, balanced, hcp 12 -- x.\n") == (3, 28)
    assert position(HEADER + "after P*\n  1NT hcp 17-15 -- x.\n") == (3, 7)


def test_a_meaning_no_hand_fits():
    error = fault(HEADER + "after P*\n  1NT hcp 38+ -- x.\n")
    assert (error.line, error.column) == (3, 7)
    assert "no hand fits" in error.message


def test_where_refuses_other_seats():
    error = fault(HEADER + "after P*\n  1NT any where hcp(me) + hcp(partner) >= 25 -- x.\n")
    assert (error.line, error.column) == (3, 31)
    assert "'partner'" in error.message and "calling hand only" in error.message
    assert position(HEADER + "after P*\n  1NT any where hcp(north) > 3 -- x.\n") == (3, 21)


def test_where_must_mention_me_and_not_be_empty():
    assert position(HEADER + "after P*\n  1NT any where 1 -- x.\n") == (3, 17)
    assert position(HEADER + "after P*\n  1NT any where   -- x.\n") == (3, 11)


def test_where_syntax_errors_point_into_the_expression():
    # The column is the one in the file, not in the expression with "me" replaced by "north".
    error = fault(HEADER + "after P*\n  1NT any where spades(me) >= hearts(me) ) -- x.\n")
    assert (error.line, error.column) == (3, 42)
    assert "line 1" not in error.message
    assert position(HEADER + "after P*\n  1NT any where spades(me) >= hearts(me, 3) -- x.\n") == (3, 40)
    assert position(HEADER + "after P*\n  1NT any where spades(me) >= 3 $ -- x.\n") == (3, 33)


def test_a_file_without_rules():
    assert position(HEADER + "# only a header\n") == (1, 1)


# --------------------------------------------------------------------------------------------------
# Hostile and careless files: a System or a placed SystemFileError, never another exception.


@pytest.mark.parametrize("indent", ["\u00a0", "\u3000", "\x0b"])
def test_a_rule_indented_with_other_whitespace_is_a_rule(indent: str) -> None:
    """Indentation by a no-break space (or any other whitespace) once stopped the reader with an AssertionError."""
    system = parse_system(f"{HEADER}after P*\n{indent} 1NT hcp 15-17 -- 1NT.\n  P any -- Pass.\n", "test.system")
    assert [rule.call for rule in system.rules] == [Call.parse("1NT"), Call.parse("P")]
    err = fault(f"{HEADER}\u00a0stray\n")
    assert (err.line, err.column) == (2, 2)


@pytest.mark.parametrize("separator", ["\x0c", "\x1c", "\x85", "\u2028"])
def test_lines_are_counted_as_an_editor_counts_them(separator: str) -> None:
    """str.splitlines also breaks at form feeds and Unicode separators, which moved errors to the wrong line."""
    err = fault(f"{HEADER}# a comment{separator}with a separator\nafter P*\n  1NT hcp lots -- x\n")
    assert err.line == 4


def test_huge_numbers_in_a_where_are_a_placed_error() -> None:
    """A number past Python's 4,300-digit conversion limit escaped as a plain ValueError."""
    err = fault(f"{HEADER}after P*\n  1C any where spades(me) > {'9' * 5000} -- x\n")
    assert (err.line, err.column) == (3, 16)


def test_where_errors_say_me_not_the_seat_it_is_compiled_for() -> None:
    err = fault(f"{HEADER}after P*\n  1C any where me -- x\n")
    assert "'me'" in err.message and "north" not in err.message
    assert (err.line, err.column) == (3, 16)


@pytest.mark.parametrize(
    ("pattern", "calls"),
    [
        (" ".join(["**"] * 40) + " XX", "P 1D P 1H P 1S P 1NT P 2C P 2D P 2H P 2S P 2NT P 3C P 3D P 3H"),
        (" ".join(["P*"] * 400) + " 1C", "P P P 1D"),
    ],
    ids=["stars", "pass-stars"],
)
def test_patterns_with_many_stars_match_in_linear_time(pattern: str, calls: str) -> None:
    """A backtracking regular expression took time exponential in the stars on such patterns: the auction
    does not end in the pattern's last call, so every split of the calls among the stars was tried."""
    import time

    system = parse_system(f"{HEADER}after {pattern}\n  1C any -- x\nafter **\n  P any -- x\n", "test.system")
    start = time.process_time()  # cpu: other processes on a loaded machine do not count
    assert [rule.call for rule in system.rules_for(Auction.parse("N", calls))] == [Call.parse("P")]
    assert time.process_time() - start < 10  # a hang guard, not a timing: it was exponential


def test_a_very_long_literal_pattern_reads_in_linear_time() -> None:
    """Indexing a literal pattern copied its growing key at every call: 50,000 calls took over six seconds
    (now under one; the bound leaves room for a loaded machine)."""
    import time

    start = time.process_time()  # cpu: under load the wall clock took 26 s of the 30
    system = parse_system(f"{HEADER}after {'P ' * 50_000}\n  1C any -- x\n", "test.system")
    system.rules_for(Auction("N"))
    assert time.process_time() - start < 30  # a hang guard: quadratic before


@pytest.mark.parametrize(
    "name",
    ["a\x00b.system", "x" * 10_000, "x" * 300 + ".system", "\ud800.system", "standard\x00"],
    ids=["nul-in-path", "long-name", "long-file-name", "surrogate-in-path", "nul-in-name"],
)
def test_load_system_refuses_impossible_names_with_a_short_system_file_error(name: str) -> None:
    """A NUL in a path escaped as a plain ValueError, a 10,000-character name as OSError (file name too
    long) from looking it up among the shipped systems."""
    with pytest.raises(SystemFileError) as info:
        load_system(name)
    assert len(str(info.value)) < 200


def test_a_where_error_names_only_places_in_the_file():
    """An unclosed parenthesis used to add a second, wrong place ("the '(' at line 1, column 1"):
    every place the message names is the file's (line 3, the '(' at column 23)."""
    error = fault(HEADER + "after P*\n  1NT hcp 15-17 where (spades(me) >= 4 -- x\n")
    assert (error.line, error.column) == (3, 39)
    assert error.message == "expected ')' to close the '(' at column 23 but found the end of the expression"
    assert "line 1" not in str(error)
