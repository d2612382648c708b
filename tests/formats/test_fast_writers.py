"""The batch writers (``begin``/``write_batch``/``end`` of PBN and text) against the per-board writers.

Golden in the strongest sense: for plain dealt boards the fast path must give byte for byte what
``pbn.dumps`` and ``text.deal_diagram`` give, over many seeds, board numbers (the 16-board Law 2
cycle, a first board other than 1, digit-count changes 9→10, 99→100 inside a batch), fixed dealer
and vulnerability, voids and 13-card suits, and sets split into batches at arbitrary places.
"""

from __future__ import annotations

import dataclasses
import itertools

import hypothesis
import hypothesis.strategies as st
import numpy as np
import pytest

from bridgegui.engine.boards import Board, boards_from_batch
from bridgegui.engine.cards import Deal, parse_deal
from bridgegui.engine.dealing import deal_batch, make_rng
from bridgegui.formats import _batch, pbn, text
from bridgegui.formats.registry import SetInfo as Info


def _boards(masks: np.ndarray, first: int, info: Info) -> list[Board]:
    boards = boards_from_batch(masks, first)
    if info.dealer or info.vulnerable:
        boards = [dataclasses.replace(b, dealer=info.dealer, vulnerable=info.vulnerable) for b in boards]
    return boards


def _reference_pbn(masks: np.ndarray, first: int, info: Info) -> str:
    boards = _boards(masks, first, info)
    return pbn.dumps(boards, generator=info.generator or None, seed=info.seed, extra_header=info.notes)


def _reference_text(masks: np.ndarray, first: int, info: Info) -> str:
    return "\n\n".join(text.deal_diagram(b.deal, board=b) for b in _boards(masks, first, info)) + "\n"


def _split(n: int, rng: np.random.Generator) -> list[int]:
    """Random batch boundaries 0 < ... < n (some batches of one board)."""
    cuts = sorted({int(c) for c in rng.integers(1, max(n, 2), size=3) if 0 < c < n})
    return [0, *cuts, n]


def _stream_pbn(masks: np.ndarray, first: int, info: Info, bounds: list[int]) -> str:
    parts = [pbn.begin(info)]
    parts += [pbn.write_batch(masks[a:b], first + a, info) for a, b in itertools.pairwise(bounds)]
    return "".join([*parts, pbn.end(info)])


def _stream_text(masks: np.ndarray, first: int, info: Info, bounds: list[int]) -> str:
    parts = [text.begin(info)]
    for a, b in itertools.pairwise(bounds):
        parts.append(text.write_batch(masks[a:b], first + a, info, continued=a > 0))
    return "".join([*parts, text.end(info)])


def _void_deals() -> np.ndarray:
    """Deals with voids, 13-card suits and 4-4-4-1 shapes: the widest and narrowest holdings."""
    pbn_deals = [
        "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432",
        "N:AKQJ.AKQJ.AKQJ.A T987.T987.T987.K 6543.6543.6543.Q 2.2.2.JT98765432",
        "N:.AKQJT98765432.. AKQJT98765432... ...AKQJT98765432 ..AKQJT98765432.",
        "N:AKQJT9876543.2.. 2.AKQJT9876543.. ..AKQJT98765432. ...AKQJT98765432",
    ]
    return np.array([parse_deal(d).hands for d in pbn_deals], dtype=np.uint64)


CASES = [
    (1, 33, Info("bridgegui 0.1.0", 42, ("Constraints: North: hcp 15-17, balanced",))),
    (5, 40, Info("bridgegui 0.1.0", 0)),
    (8, 20, Info()),  # no generator, no seed: no supplemental tags
    (95, 30, Info("bridgegui 0.1.0", 7)),  # 99 -> 100 inside the set
    (999_999_990, 25, Info("g", 3, dealer="W")),  # 9 -> 10 digits, fixed dealer
    (3, 17, Info("bridgegui 0.1.0", None, ("two\nlines", ""), vulnerable="EW")),
    (12, 18, Info("bridgegui 0.1.0", 1, dealer="south", vulnerable="All")),
]


@pytest.mark.parametrize(("first", "count", "info"), CASES)
@pytest.mark.parametrize("seed", [1, 2, 3, 2026])
def test_pbn_batches_equal_dumps(first: int, count: int, info: Info, seed: int) -> None:
    rng = make_rng(seed)
    masks = deal_batch(count, rng=rng)
    masks[: min(count, 4)] = _void_deals()[: min(count, 4)]
    expected = _reference_pbn(masks, first, info)
    assert _stream_pbn(masks, first, info, [0, count]) == expected
    assert _stream_pbn(masks, first, info, _split(count, rng)) == expected


@pytest.mark.parametrize(("first", "count", "info"), CASES)
@pytest.mark.parametrize("seed", [1, 2, 3, 2026])
def test_text_batches_equal_diagrams(first: int, count: int, info: Info, seed: int) -> None:
    rng = make_rng(seed)
    masks = deal_batch(count, rng=rng)
    masks[-min(count, 4) :] = _void_deals()[: min(count, 4)]
    expected = _reference_text(masks, first, info)
    assert _stream_text(masks, first, info, [0, count]) == expected
    assert _stream_text(masks, first, info, _split(count, rng)) == expected


def test_whole_law2_cycle_many_seeds() -> None:
    """Every position of the 16-board cycle, from every first board 1..16, over 50 seeds."""
    info = Info(pbn.GENERATOR, 99)
    for seed in range(50):
        first = 1 + seed % 16
        masks = deal_batch(20, rng=make_rng(seed))
        assert pbn.begin(info) + pbn.write_batch(masks, first, info) + pbn.end(info) == _reference_pbn(
            masks, first, info
        )


def test_text_continued_defaults_to_numbering_from_one() -> None:
    """Without ``continued``, a batch numbered from 1 starts the set and a later one is separated from it."""
    masks = deal_batch(6, rng=make_rng(5))
    info = Info()
    assert text.write_batch(masks[:3], 1, info) + text.write_batch(masks[3:], 4, info) == _reference_text(
        masks, 1, info
    )


def test_empty_set_matches_dumps_of_nothing() -> None:
    """A set with no boards (a script that found none): ``total=0`` makes ``end`` close the last line."""
    info = Info(pbn.GENERATOR, 5, ("note",), total=0)
    empty = np.zeros((0, 4), dtype=np.uint64)
    assert pbn.begin(info) + pbn.write_batch(empty, 1, info) + pbn.end(info) == pbn.dumps(
        [], generator=pbn.GENERATOR, seed=5, extra_header=("note",)
    )
    assert text.begin(info) + text.write_batch(empty, 1, info) + text.end(info) == "\n"


def test_non_ascii_generator_gets_the_charset_line() -> None:
    info = Info("générateur", 1)
    masks = deal_batch(3, rng=make_rng(1))
    streamed = pbn.begin(info) + pbn.write_batch(masks, 1, info) + pbn.end(info)
    assert "%Content-type: text/x-pbn; charset=UTF-8" in streamed
    assert streamed == _reference_pbn(masks, 1, info)


def test_streamed_pbn_reads_back_to_the_same_deals() -> None:
    masks = deal_batch(50, rng=make_rng(11))
    info = Info(pbn.GENERATOR, 11)
    boards = pbn.loads(pbn.begin(info) + pbn.write_batch(masks, 7, info) + pbn.end(info))
    assert [b.deal for b in boards] == [Deal.from_masks(row) for row in masks.tolist()]
    assert [b.number for b in boards] == list(range(7, 57))


def test_holding_table_matches_holding_text() -> None:
    """The numpy-built table of rank letters is ``holding_text`` for all 8,192 holdings."""
    from bridgegui.engine.cards import holding_text

    codes, lengths = _batch.holding_codes(np.uint8, "")
    built = [bytes(codes[h, : lengths[h]]).decode() for h in range(1 << 13)]
    assert built == [holding_text(h) for h in range(1 << 13)]
    dash_codes, dash_lengths = _batch.holding_codes(np.uint32, "-")
    assert _batch.decode(dash_codes[0, : dash_lengths[0]]) == "-"


def test_number_field_digits() -> None:
    numbers = np.array([1, 9, 10, 99, 100, 12345, 999_999_999], dtype=np.int64)
    codes, lengths = _batch.number(numbers)
    assert [bytes(codes[i, : lengths[i]]).decode() for i in range(len(numbers))] == [str(x) for x in numbers]


def test_a_non_ascii_header_note_declares_utf8_in_both_writers() -> None:
    # PBN's default character set is ISO-8859-1: a note such as "Set: Weak two (2♥) 8" or an auction's
    # "15–17 notrump" was written in UTF-8 without the charset line.
    batch = deal_batch(2, seed=1)
    info = Info(notes=("Set: Weak two (2♥) 2",))
    streamed = pbn.begin(info) + pbn.write_batch(batch, 1, info) + pbn.end(info)
    whole = pbn.dumps(boards_from_batch(batch, 1), extra_header=list(info.notes))
    assert "charset=UTF-8" in streamed and streamed == whole


def _one_line_each(texts: list[str], escape: object = None) -> list[bytes]:
    lines = [" ".join(t.split()) for t in texts]
    return [(escape(line) if callable(escape) else line).encode("utf-8") for line in lines]


@pytest.mark.parametrize(
    "texts",
    [
        [],
        [""],
        ["", "", ""],
        ["  ", "\t\n", " a "],
        ["Pass:  nothing\tto add.\n", "\u00a01♠: 5+ spades\u2009", "x\u2028y", '"quoted" \\ back'],
        ["a\0b", " c  d "],  # a NUL inside a text: taken one at a time
        ["\0", "", "\0 "],
    ],
)
def test_one_line_texts_is_each_text_split_and_joined(texts: list[str]) -> None:
    escape = lambda t: t.replace("\\", "\\\\").replace('"', '\\"')  # noqa: E731
    assert _batch.one_line_texts(texts) == _one_line_each(texts)
    assert _batch.one_line_texts(texts, escape) == _one_line_each(texts, escape)


@hypothesis.given(st.lists(st.text(alphabet=st.sampled_from(' \t\n\u00a0\u3000ab♠\0"\\'), max_size=8), max_size=6))
def test_one_line_texts_on_any_texts(texts: list[str]) -> None:
    assert _batch.one_line_texts(texts) == _one_line_each(texts)
