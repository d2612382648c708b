"""Hostile input for the bidding readers: calls, auctions, the PBN auction section, system files.

Every reader answers any input with a value or our ``BridgeError`` subclass (``AuctionError``,
``SystemFileError``, ``ImpossibleError``), never another exception and never a hang; a
``SystemFileError`` points at a line and column inside the text.  Each target runs twice: a quick
profile that CI runs in a few seconds, and a longer one marked ``slow`` that runs only when asked
(``pytest -m slow tests/fuzz``: about two minutes), as in the other fuzz suites, since CI's plain
``pytest`` does not deselect ``slow``; ``BRIDGEGUI_FUZZ_SCALE=N`` multiplies its examples for a soak.
Both are derandomized, so a failure reproduces; ``pytest -s`` prints the number of inputs each target
tried.
"""

from __future__ import annotations

import contextlib
import os
import random
import re
import time
from collections.abc import Callable
from functools import cache
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgegui.engine.bidding import load_system, request_for_auction
from bridgegui.engine.bidding.calls import PASS, Auction, AuctionError, Call
from bridgegui.engine.bidding.system import Block, Pattern, System, _PatternIndex, call_from_code
from bridgegui.engine.bidding.system_file import SystemFileError, parse_system
from bridgegui.engine.boards import Board, boards_from_batch
from bridgegui.engine.cards import SEATS
from bridgegui.engine.dealer.constraints import DealRequest
from bridgegui.engine.dealing import deal_batch
from bridgegui.engine.errors import BridgeError, ImpossibleError
from bridgegui.formats import pbn
from bridgegui.resource_files import resource

# --------------------------------------------------------------------------------------------------
# Profiles: each target runs quick (CI, a second or so) and long (``slow``).


def run(run_settings: settings, strategy: st.SearchStrategy[Any], check: Callable[[Any], object]) -> None:
    """Run ``check`` on examples of ``strategy`` under ``run_settings``; print how many it tried."""
    tried = 0

    @run_settings
    @given(strategy)
    def fuzz(example: Any) -> None:
        nonlocal tried
        tried += 1
        check(example)

    fuzz()
    print(f"{os.environ.get('PYTEST_CURRENT_TEST', '?').split(' ')[0]}: {tried} inputs")


@cache
def shipped(name: str) -> System:
    return load_system(name)


@cache
def shipped_text(name: str) -> str:
    return resource("systems", f"{name}.system").read_text(encoding="utf-8")


# --------------------------------------------------------------------------------------------------
# Calls and auctions

CALL_WORDS = [
    *(f"{level}{strain}" for level in range(0, 9) for strain in ("C", "D", "H", "S", "N", "NT", "♣", "♦", "♥", "♠")),
    *("P", "Pass", "X", "Dbl", "XX", "Rdbl", "Double", "Redouble", "AP", "pass", "nt", "1 nt", "1\tC", ""),
]
call_text = st.one_of(
    st.text(),
    st.text(alphabet="1234567890NTCDHSPXRDBLA ♣♦♥♠!\t-,–", max_size=8),
    st.sampled_from(CALL_WORDS),
    st.builds(lambda a, b, c: a + b + c, st.text(max_size=2), st.sampled_from(CALL_WORDS), st.text(max_size=2)),
)


@pytest.mark.fuzz(quick=200, slow=4500)
def test_call_parse_any_text(run_settings: settings) -> None:
    def check(text: str) -> None:
        try:
            call = Call.parse(text)
        except AuctionError as exc:
            assert str(exc)
            return
        assert Call.parse(str(call)) == call
        assert Call.parse(call.symbol()) == call

    run(run_settings, call_text, check)


auction_text = st.one_of(
    st.text(),
    st.lists(st.sampled_from(CALL_WORDS[:-1]), max_size=40).flatmap(
        lambda words: st.lists(
            st.sampled_from([" ", ",", " - ", "–", "! ", "\n", "  "]), min_size=len(words), max_size=len(words)
        ).map(lambda seps: "".join(w + s for w, s in zip(words, seps, strict=True)))
    ),
)
dealer_text = st.one_of(st.sampled_from([*SEATS, "n", " e ", "north", "", "X", "NE"]), st.text(max_size=3))


@pytest.mark.fuzz(quick=150, slow=3600)
def test_auction_parse_any_text(run_settings: settings) -> None:
    def check(case: tuple[str, str]) -> None:
        dealer, text = case
        try:
            auction = Auction.parse(dealer, text)
        except AuctionError as exc:
            assert str(exc)
            return
        again = Auction.parse(auction.dealer, auction.text())
        assert again.calls == auction.calls

    run(run_settings, st.tuples(dealer_text, auction_text), check)


@st.composite
def legal_auctions(draw: st.DrawFn, *, noted: bool = False) -> Auction:
    """Random legal auctions, complete or not, favouring passes, doubles and cheap bids so they compete
    and end; with ``noted``, any call may carry a note of arbitrary text and an alert."""
    auction = Auction(draw(st.sampled_from(SEATS)))
    for _ in range(draw(st.integers(0, 60))):
        if auction.is_complete:
            break
        legal = auction.legal_calls()
        kind = draw(st.integers(0, 9))
        if kind < 4:
            call = PASS
        elif kind < 6 and len(legal) > 1 and not legal[1].is_bid:
            call = legal[1]
        else:
            call = draw(st.sampled_from(legal[: min(len(legal), 6)] if kind < 9 else legal))
        note = draw(st.none() | st.text(max_size=30)) if noted else None
        auction = auction.add(call, note=note, alert=noted and draw(st.booleans()))
    return auction


def one_line(note: str | None) -> str | None:
    """What a note becomes in a PBN tag value: one line, runs of whitespace as one space, no ends."""
    return None if note is None else " ".join(note.split())


@pytest.mark.fuzz(quick=50, slow=1200)
def test_legal_auctions_round_trip_through_text_and_pbn(run_settings: settings) -> None:
    def check(auction: Auction) -> None:
        assert Auction.parse(auction.dealer, auction.text()).calls == auction.calls
        number = SEATS.index(auction.dealer) + 1
        board = boards_from_batch(deal_batch(1, number), number)[0].with_auction(auction)
        text = pbn.dumps([board])
        (again,) = pbn.loads(text)
        expected = Auction(auction.dealer, auction.calls, tuple(map(one_line, auction.notes)), auction.alerts)
        assert again.auction == expected
        assert pbn.dumps([again]) == text

    run(run_settings, legal_auctions(noted=True), check)


SECTION_WORDS = [
    *CALL_WORDS,
    *(
        "AP",
        "ap",
        "+",
        "*",
        "-",
        "=1=",
        "=2=",
        "=0=",
        "=99999999999999999999=",
        "1NT!",
        "2C?",
        "3H!!",
        "4S^A",
        "$1",
        "$",
    ),
    *("{a comment}", "{", "}", "; to the end\n", "\n", '[Note "1:x"]', '[Note "2:a \\"b\\""]', "[Note", "]", '"'),
    *("1C=1=", "Pass=2=", "X!=1==2=", "=1==1="),
]
note_values = st.one_of(
    st.text(max_size=20).filter(lambda t: "\n" not in t and "\r" not in t),
    st.builds(lambda n, t: f"{n}:{t}", st.integers(-5, 12), st.text(alphabet='ab "\\:', max_size=8)),
)


@st.composite
def auction_sections(draw: st.DrawFn) -> tuple[str, str, tuple[str, ...]]:
    """An Auction tag value, a section and Note tag values: from words of the format, or mutated from a real one."""
    dealer = draw(
        st.one_of(st.sampled_from([*SEATS, "?", "", "s", "West", "Q"]), st.text(max_size=3).filter(str.isprintable))
    )
    notes = tuple(draw(st.lists(note_values, max_size=3)))
    if draw(st.booleans()):
        words = draw(st.lists(st.sampled_from(SECTION_WORDS), max_size=30))
        section = " ".join(words)
    else:
        auction = draw(legal_auctions(noted=True))
        section = (
            Board(None, None, dealer="N", tags=(("Board", "a"),))
            .with_auction(Auction("N", auction.calls, auction.notes, auction.alerts))
            .section("Auction")
            or ""
        )
        chars = list(section)
        for _ in range(draw(st.integers(0, 6))):
            if not chars:
                break
            at = draw(st.integers(0, len(chars) - 1))
            op = draw(st.integers(0, 2))
            if op == 0:
                del chars[at]
            elif op == 1:
                chars.insert(at, draw(st.characters()))
            else:
                chars[at] = draw(st.sampled_from(list('=!+*-{};[]"\\ 0123456789PXNCDHS\n')))
        section = "".join(chars)
    return dealer, section, notes


@pytest.mark.fuzz(quick=120, slow=2400)
def test_board_auction_any_section(run_settings: settings) -> None:
    def check(case: tuple[str, str, tuple[str, ...]]) -> None:
        dealer, section, notes = case
        for number, board_dealer in ((1, None), (None, None), (None, "E")):
            label = (("Board", "x"),) if number is None else ()
            tags = (*label, ("Auction", dealer), *(("Note", v) for v in notes))
            board = Board(number, None, dealer=board_dealer, tags=tags, sections=(("Auction", section),))
            try:
                auction = board.auction
            except AuctionError as exc:
                assert str(exc)
                continue
            assert isinstance(auction, Auction)
            # What we read, we write and read back the same (on a board its first caller deals: an
            # auction is read as written even when the file's Dealer says otherwise).
            dealt = Board(None, None, dealer=auction.dealer, tags=(("Board", "x"),))
            assert dealt.with_auction(auction).auction == Auction(
                auction.dealer, auction.calls, tuple(map(one_line, auction.notes)), auction.alerts
            )

    run(run_settings, auction_sections(), check)


@pytest.mark.fuzz(quick=50, slow=900)
def test_pbn_files_with_mutated_auction_sections(run_settings: settings) -> None:
    """Through the PBN reader: a file it accepts gives boards whose auction reads or raises ``AuctionError``."""

    def check(case: tuple[str, str, tuple[str, ...]]) -> None:
        dealer, section, notes = case
        note_tags = "".join(f'[Note "{v.replace(chr(92), "").replace(chr(34), "")}"]\n' for v in notes)
        text = f'[Board "1"]\n[Dealer "N"]\n[Deal "N:- - - -"]\n[Auction "{dealer.replace(chr(34), "")}"]\n{section}\n{note_tags}'
        try:
            boards = pbn.loads(text)
        except BridgeError:
            return  # the PBN reader's own refusal: its fuzz suite's business
        for board in boards:
            with contextlib.suppress(AuctionError):
                board.auction  # noqa: B018 - reading is the test

    run(run_settings, auction_sections(), check)


# --------------------------------------------------------------------------------------------------
# System files


def check_system_text(text: str, *, bid: bool = True) -> System | None:
    """``parse_system`` gives a System or a ``SystemFileError`` placed inside the text; a System bids."""
    try:
        system = parse_system(text, "fuzz.system")
    except SystemFileError as exc:
        lines = re.split(r"\r\n|\r|\n", text.removeprefix("\ufeff"))
        assert str(exc).startswith("fuzz.system:")
        assert 1 <= exc.line <= len(lines), (exc.line, len(lines), str(exc))
        assert 1 <= exc.column <= len(lines[exc.line - 1]) + 1, (exc.column, lines[exc.line - 1], str(exc))
        return None
    assert isinstance(system, System)
    if bid:
        deals = deal_batch(8, seed=len(text))
        auctions = system.bid_batch(deals, SEATS[len(text) % 4])
        for auction in auctions:
            assert auction.is_complete or len(auction.calls) == 60
    return system


@pytest.mark.fuzz(quick=150, slow=2400)
def test_parse_system_any_text(run_settings: settings) -> None:
    text = st.one_of(
        st.text(),
        st.builds(
            lambda a, b: a + b,
            st.sampled_from(["system: X\n", "system: X\nafter P*\n", "\ufeffsystem: X\n"]),
            st.text(),
        ),
    )
    run(run_settings, text, check_system_text)


PATTERN_TOKENS = [
    *("P*", "p*", "*", "**", "bid", "BID", "P", "X", "XX", "1C", "1NT", "2♣", "7NT", "1C|1D|1H", "P|X", "1S|", "|1S"),
    *("P*|1C", "1C||1D", "8C", "after", "#", "1N|2N|3N", "x|xx", "**|*"),
]
MEANING_TERMS = [
    *("hcp 15-17", "hcp 12+", "hcp 10-", "hcp 8", "hcp 17-15", "hcp 99999999999999999999999", "hcp -3", "hcp 1e400"),
    *("spades 5+", "hearts 4-5", "diamonds 6", "clubs 0-3", "balanced", "semibalanced", "shape 5xxx 6xxx"),
    *("shape 5=4=x=x", "not 4333", "shape 4333 except 4333", "cards AS KH", "cards AS AS", "qt 2+", "ltc 7-"),
    *("tricks 6-7", "controls 3+", "points 13+", "support hearts 10-12", "rule20", "quality spades 3+"),
    *("stopper hearts", "stopper", "hcp", "spades", "any", "", "nonsense", "hcp 15-17 balanced", "shape"),
]
WHERE_ATOMS = [
    *("spades(me)", "hearts(me)", "hcp(me)", "shape(me, any 4333)", "shape(me, 5xxx - 5422)", "controls(me)"),
    *("hascard(me, AS)", "losers(me)", "0", "1", "13", "4611686018427387904", "99999999999999999999", "me"),
    *("north", "partner", "lho", "spades(partner)", "spades()", "foo(me)", "x", "'", '"', "@", "spades(me"),
]
WHERE_OPERATORS = ["+", "-", "*", "/", "%", "==", "!=", "<", ">", "<=", ">=", "&&", "||", "and", "or", "?", ":", ","]


# Strategies are built once: building them per draw costs far more than drawing.
WHERE_EXPRESSIONS = st.recursive(
    st.sampled_from(WHERE_ATOMS),
    lambda inner: st.one_of(
        st.builds(lambda a, op, b: f"{a} {op} {b}", inner, st.sampled_from(WHERE_OPERATORS), inner),
        st.builds(lambda a: f"({a})", inner),
        st.builds(lambda a, op: f"{op}{a}", inner, st.sampled_from(["!", "-", "not ", "~"])),
        st.builds(lambda a, b, c: f"{a} ? {b} : {c}", inner, inner, inner),
    ),
    max_leaves=12,
)
RULE_PARTS = (
    st.sampled_from(["  ", " ", "\t", "    ", "\u00a0 ", "\x0c", ""]),
    st.one_of(st.sampled_from(CALL_WORDS), st.text(max_size=4)),
    st.lists(st.sampled_from(MEANING_TERMS), max_size=4).map(", ".join),
    st.one_of(
        st.just(""),
        st.just(""),
        WHERE_EXPRESSIONS.map(lambda w: f" where {w}"),
        st.sampled_from([" where", " where ", " WHERE me", " where me where me"]),
    ),
    st.one_of(
        st.sampled_from([" -- Explained.", "", " --", " -- "]),
        st.text(max_size=12).map(lambda t: " -- " + t.replace("\n", " ")),
    ),
    st.sampled_from(["", "", "  # a comment", "#", " # -- not an explanation"]),
)
RULE_LINES = st.tuples(*RULE_PARTS).map(lambda p: f"{p[0]}{p[1]} {p[2]}{p[3]}{p[4]}{p[5]}")
PATTERN_LINES = st.tuples(
    st.sampled_from(["after ", "AFTER ", "after\t", " after ", "after"]),
    st.lists(st.sampled_from(PATTERN_TOKENS), max_size=8).map(" ".join),
).map("".join)
HEADER_LINES = st.lists(
    st.tuples(
        st.sampled_from(["system", "title", "description", "System", "author", "system "]),
        st.text(max_size=10).map(lambda t: t.replace("\n", " ").replace("\r", " ")),
    ).map(lambda kv: f"{kv[0]}: {kv[1]}"),
    max_size=4,
)
STRAY_LINES = st.sampled_from(["", "# a comment", "   ", "  # indented comment", "stray words", "\u2028", "a\x85b"])


@st.composite
def system_files(draw: st.DrawFn) -> str:
    """Text shaped like a system file: a header, blocks with patterns of every token kind, rule lines."""
    lines = draw(HEADER_LINES)
    if draw(st.integers(0, 4)):
        lines.insert(0, "system: Fuzz")
    for _ in range(draw(st.integers(0, 6))):
        if draw(st.integers(0, 5)) == 0:
            lines.append(draw(STRAY_LINES))
        lines.append(draw(PATTERN_LINES))
        lines.extend(draw(st.lists(RULE_LINES, max_size=5)))
    return draw(st.sampled_from(["\n", "\r\n", "\r"])).join(lines) + draw(st.sampled_from(["", "\n", "\n\n"]))


@pytest.mark.fuzz(quick=100, slow=1200)
def test_parse_system_grammar_shaped(run_settings: settings) -> None:
    run(run_settings, system_files(), check_system_text)


@st.composite
def standard_excerpts(draw: st.DrawFn) -> list[str]:
    """A run of consecutive lines of the shipped Standard system after its header (a whole file is
    slow to read, so most examples read a few blocks of it)."""
    lines = shipped_text("standard").splitlines()
    start = draw(st.integers(4, len(lines) - 1))
    return lines[:3] + lines[start : start + draw(st.integers(1, 60))]


@st.composite
def mutated(draw: st.DrawFn, lines_strategy: st.SearchStrategy[list[str]]) -> str:
    """Lines deleted, duplicated or swapped, tokens swapped, characters replaced by random ones, then
    perhaps truncated."""
    lines = list(draw(lines_strategy))
    words = [w for line in lines for w in line.split()] or ["x"]
    for _ in range(draw(st.integers(1, 5))):
        if not lines:
            break
        at = draw(st.integers(0, len(lines) - 1))
        op = draw(st.integers(0, 5))
        if op == 0:
            del lines[at]
        elif op == 1:
            lines.insert(at, lines[draw(st.integers(0, len(lines) - 1))])
        elif op == 2:
            other = draw(st.integers(0, len(lines) - 1))
            lines[at], lines[other] = lines[other], lines[at]
        elif op == 3:
            parts = lines[at].split(" ")
            parts[draw(st.integers(0, len(parts) - 1))] = draw(st.sampled_from(words))
            lines[at] = " ".join(parts)
        elif op == 4 and lines[at]:
            k = draw(st.integers(0, len(lines[at]) - 1))
            lines[at] = lines[at][:k] + draw(st.characters(exclude_categories=["Cs"])) + lines[at][k + 1 :]
        else:
            k = draw(st.integers(0, len(lines[at])))
            lines[at] = lines[at][:k] + draw(st.text(max_size=5)) + lines[at][k:]
    text = "\n".join(lines)
    if draw(st.integers(0, 3)) == 0:
        text = text[: draw(st.integers(0, len(text)))]
    return text


@pytest.mark.fuzz(quick=80, slow=1200)
def test_parse_system_mutated_standard_excerpts(run_settings: settings) -> None:
    run(run_settings, mutated(standard_excerpts()), check_system_text)


@pytest.mark.fuzz(quick=4, slow=45)
def test_parse_system_mutated_whole_shipped_files(run_settings: settings) -> None:
    whole = st.sampled_from(["standard", "acol"]).map(lambda name: shipped_text(name).splitlines())
    run(run_settings, mutated(whole), lambda text: check_system_text(text, bid=False))


@pytest.mark.fuzz(quick=3, slow=24)
def test_parse_system_random_bytes_in_standard(run_settings: settings) -> None:
    """Random bytes written over the file's UTF-8, decoded the way a lenient editor would."""

    @st.composite
    def damaged(draw: st.DrawFn) -> str:
        data = bytearray(shipped_text("standard").encode("utf-8"))
        for _ in range(draw(st.integers(1, 40))):
            data[draw(st.integers(0, len(data) - 1))] = draw(st.integers(0, 255))
        return data.decode("utf-8", errors=draw(st.sampled_from(["replace", "ignore", "surrogateescape"])))

    run(run_settings, damaged(), lambda text: check_system_text(text, bid=False))


# --------------------------------------------------------------------------------------------------
# Dealing for an auction, and bidding with the shipped systems


@st.composite
def prefixes(draw: st.DrawFn, system_name: str) -> tuple[str, list[str] | str]:
    """A dealer and a prefix: the system's own calls on a random deal (reachable), random legal calls,
    or text."""
    dealer = draw(st.sampled_from(SEATS))
    kind = draw(st.integers(0, 3))
    if kind == 3:
        return dealer, draw(auction_text)
    system = shipped(system_name)
    deal = deal_batch(1, seed=draw(st.integers(0, 2**32 - 1)))
    auction = system.bid_batch(deal, dealer)[0]
    calls = list(auction.calls[: draw(st.integers(0, len(auction.calls)))])
    if kind >= 1 and not Auction(dealer, tuple(calls)).is_complete:
        # Wander off the system's path: a random legal (or, sometimes, illegal) call, then more of either.
        current = Auction(dealer, tuple(calls))
        for _ in range(draw(st.integers(1, 3))):
            if current.is_complete:
                break
            options = current.legal_calls() if kind == 1 else (*current.legal_calls(), Call("XX"), Call("1C"))
            call = draw(st.sampled_from(options))
            calls.append(call)
            if not current.is_legal(call):
                break
            current = current + call
    return dealer, [str(c) for c in calls]


@pytest.mark.parametrize("system_name", ["standard", "acol"])
@pytest.mark.fuzz(quick=30, slow=360)
def test_request_for_auction_random_prefixes(run_settings: settings, system_name: str) -> None:
    system = shipped(system_name)
    batch = deal_batch(64, seed=5)

    def check(case: tuple[str, list[str] | str]) -> None:
        dealer, prefix = case
        try:
            request = request_for_auction(system, prefix, dealer)
        except (AuctionError, ImpossibleError) as exc:
            assert str(exc)
            return
        assert isinstance(request, DealRequest)
        assert request.condition is not None
        keep = request.condition(batch)
        assert keep.shape == (64,) and keep.dtype == bool

    run(run_settings, prefixes(system_name), check)


@pytest.mark.parametrize("system_name", ["standard", "acol"])
@pytest.mark.fuzz(quick=8, slow=120)
def test_bid_and_bid_batch_give_legal_complete_auctions(run_settings: settings, system_name: str) -> None:
    system = shipped(system_name)

    def check(case: tuple[int, str]) -> None:
        seed, dealer = case
        deals = deal_batch(40, seed=seed)
        auctions = system.bid_batch(deals, dealer)
        for auction in auctions:
            assert auction.is_complete
            assert Auction(dealer, auction.calls) == auction  # legal, call by call
        for k in range(0, 40, 8):  # the one-deal path agrees with the batch
            from bridgegui.engine.cards import Deal

            assert system.bid(Deal.from_masks(deals[k]), dealer).auction == auctions[k]

    run(run_settings, st.tuples(st.integers(0, 2**32 - 1), st.sampled_from(SEATS)), check)


def reference_match(elements: tuple[str | frozenset[int], ...], codes: tuple[int, ...]) -> bool:
    """The design's definition of a pattern match, written directly (memoised recursion)."""

    @cache
    def match(i: int, j: int) -> bool:
        if i == len(elements):
            return j == len(codes)
        element = elements[i]
        if element in ("P*", "**"):
            star_takes = j < len(codes) and (element == "**" or codes[j] == PASS_CODE)
            return match(i + 1, j) or (star_takes and match(i, j + 1))
        if j == len(codes):
            return False
        fits = (
            element == "*"
            or (element == "bid" and codes[j] < PASS_CODE)
            or (isinstance(element, frozenset) and codes[j] in element)
        )
        return fits and match(i + 1, j + 1)

    return match(0, 0)


PASS_CODE = 35
FEW_CODES = st.sampled_from([0, 1, 5, 34, 35, 36, 37])
PATTERN_ELEMENTS = st.one_of(
    st.sampled_from(["P*", "*", "**", "bid"]), st.frozensets(FEW_CODES, min_size=1, max_size=3)
)


@pytest.mark.fuzz(quick=200, slow=3000)
def test_pattern_matching_agrees_with_the_definition(run_settings: settings) -> None:
    def check(case: tuple[list[str | frozenset[int]], list[int]]) -> None:
        elements, codes = tuple(case[0]), tuple(case[1])
        assert Pattern("fuzz", elements).matches_codes(codes) == reference_match(elements, codes)
        index = _PatternIndex.build([Block(Pattern("fuzz", elements), (), 1)])
        calls = [call_from_code(code) for code in codes]
        assert index.blocks_matching(calls) == ([0] if reference_match(elements, codes) else [])

    run(run_settings, st.tuples(st.lists(PATTERN_ELEMENTS, max_size=8), st.lists(FEW_CODES, max_size=10)), check)


# --------------------------------------------------------------------------------------------------
# Deep and huge patterns and expressions stay fast

HEADER = "system: Fuzz\n"


TIME_LIMIT = 10.0
"""Seconds of cpu a pathological file may take to read and bid: each runs in well under one, and the bound
only has to catch a hang (the patterns below took hours with a backtracking matcher).  Cpu, not wall
time, so other processes on a loaded machine do not count."""


def timed_system(text: str, limit: float = TIME_LIMIT) -> System | None:
    start = time.process_time()
    system = check_system_text(text)
    assert time.process_time() - start < limit
    return system


@pytest.mark.parametrize(
    "pattern",
    [
        " ".join(["**"] * 3000),
        " ".join(["P*"] * 3000),
        " ".join(["** *"] * 300) + " 7NT",
        " ".join(["P* **"] * 300) + " XX",
        " ".join(["**", "P"] * 200) + " X",
        # Longer than any legal auction: read in time that grows with its length (spelling it call
        # by call once took 10 s of cpu for 50,000 calls).  A matcher that backtracks takes hours.
        " ".join(["P"] * 100_000),
        "|".join(["1C", "1D", "1H", "1S", "P"] * 4000),
        " ".join(["1C|1D|1H|1S|P"] * 40),
    ],
    ids=[
        "stars",
        "pass-stars",
        "stars-and-any",
        "pass-stars-and-stars",
        "stars-and-passes",
        "long",
        "wide",
        "many-alternatives",
    ],
)
def test_deep_or_huge_pattern_stays_fast(pattern: str) -> None:
    text = f"{HEADER}after {pattern}\n  1C any -- x\nafter **\n  P any -- x\n"
    system = timed_system(text)
    assert system is not None
    start = time.process_time()
    rng = random.Random(1)
    for _ in range(20):
        auction = Auction("N")
        while not auction.is_complete and len(auction.calls) < 60:
            legal = auction.legal_calls()
            auction = auction + (PASS if rng.random() < 0.6 else rng.choice(legal[:5]))
            system.rules_for(auction)
    system.bid_batch(deal_batch(50, seed=2), "S")
    assert time.process_time() - start < TIME_LIMIT


@pytest.mark.parametrize(
    "where",
    [
        "(" * 3000 + "spades(me)" + ")" * 3000 + " > 1",
        "(" * 200 + "spades(me)" + ")" * 200 + " > 1",
        "!" * 5000 + "spades(me)",
        " + ".join(["spades(me)"] * 3000) + " > 1",
        "spades(me) > -(4611686018427387904 * 2)",
        "spades(me) > 9" + "9" * 5000,
        "spades(me) * 4611686018427387904 * 4 > 0",
    ],
    ids=["parentheses-3000", "parentheses-200", "nots", "long-sum", "overflow", "huge-number", "wrapping-product"],
)
def test_deep_or_huge_where_gives_a_system_or_a_placed_error(where: str) -> None:
    timed_system(f"{HEADER}after P*\n  1C any where {where} -- x\n  P any -- x\n")


@pytest.mark.parametrize(
    "meaning",
    [
        "hcp 9" + "9" * 5000,
        "hcp 1e400",
        "spades 99999999999999999999999+",
        ", ".join(["hcp 1+"] * 3000),
        "shape " + "5xxx " * 5000,
    ],
    ids=["huge-hcp", "float-hcp", "huge-length", "many-terms", "many-shapes"],
)
def test_huge_meaning_gives_a_system_or_a_placed_error(meaning: str) -> None:
    timed_system(f"{HEADER}after P*\n  1C {meaning} -- x\n  P any -- x\n")


def test_where_errors_name_me_not_the_seat_it_stands_for() -> None:
    with pytest.raises(SystemFileError) as info:
        parse_system(f"{HEADER}after P*\n  1C any where me -- x\n", "fuzz.system")
    assert "north" not in str(info.value)
    assert info.value.column == 16
