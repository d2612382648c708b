"""The quick ``where`` compiler: the same answer as the full dealer-language compiler wherever it
reads a text, and the full compiler (with its messages) for everything else."""

from __future__ import annotations

import os
import subprocess
import sys

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bridgegui.engine.bidding import load_system
from bridgegui.engine.bidding.system_tokens import compile_script_where
from bridgegui.engine.bidding.where import compile_where, quick_where
from bridgegui.engine.dealing import deal_batch
from bridgegui.engine.script import ScriptError

BATCH = deal_batch(3000, seed=20261126)


def _shipped_wheres() -> list[str]:
    texts = {rule.where for name in ("sayc", "acol") for rule in load_system(name).rules if rule.where}
    return sorted(texts)


def test_every_shipped_where_is_read_quickly_and_agrees_with_the_full_compiler() -> None:
    texts = _shipped_wheres()
    assert len(texts) > 100
    for text in texts:
        for seat in range(4):
            quick = quick_where(text, seat)
            assert quick is not None, f"the quick path does not read {text!r}"
            got, want = quick(BATCH), compile_script_where(text, seat)(BATCH)
            assert got.dtype == want.dtype == np.bool_
            assert got.shape == want.shape == (BATCH.shape[0],)
            assert np.array_equal(got, want), f"{text!r} for seat {seat}"


@pytest.mark.parametrize(
    "text",
    [
        "hcp(me) / 2 >= 6",  # division: C's truncation lives in the full compiler
        "hcp(me) % 2 == 0",
        "hcp(me) > 10 ? 1 : 0",
        "hascard(me, AS)",
        "shape(me, 55xxany 4333)",  # patterns run together, as dealer's scanner cuts them
        "shape(me, 4333 4432)",
        "shape(me, 5555)",  # impossible shape: the full compiler explains it
        "x == 1",
        "hcp(north, notrump) >= 1",
        "hcp(me) >= 99999999999999999999",
        "4611686018427387904 * 2 > hcp(me)",
        "hcp(me) >= 12 # a comment",
        "hcp(me) >= 12 and",
        "(hcp(me) >= 12",
        "Hearts(me) >= 4",
        "hearts(me) >= 4)",
        "",
        "hcp(me) < 4611686018427387905",  # numbers beyond the quick path's (the parser's limit is 2**62)
        "hcp(me) + 4611686018427387904 + 4611686018427387904 > 0",
        "hcp(me) > -(0 - 4611686018427387904 - 4611686018427387904)",
        "hcp(me) * 2 * 3 * 4 > 0",  # more products than the quick path takes
        "hcp(me)\u00a0> 5",  # white space the dealer lexer refuses
        "hcp(me)\u2028> 5",
        "hcp(me) >= 0 and " * 300 + "hcp(me) >= 0",  # longer than the quick path reads
        "(" * 40 + "hcp(me) > 5" + ")" * 40,  # deeper
        "!" * 1200 + "hcp(me)",
    ],
)
def test_texts_outside_the_subset_go_to_the_full_compiler(text: str) -> None:
    assert quick_where(text, 0) is None
    try:
        want = compile_script_where(text, 0)(BATCH)
    except ScriptError as exc:
        with pytest.raises(ScriptError) as raised:
            compile_where(text, 0)
        assert str(raised.value) == str(exc)
    else:
        assert np.array_equal(compile_where(text, 0)(BATCH), want)


def test_a_rule_whose_where_is_too_long_for_the_quick_path_bids_at_every_seat() -> None:
    """The reader compiles a where with the full compiler (for North); the other seats must get a
    working function too, not a quick one whose closures nest past Python's recursion limit."""
    from bridgegui.engine.bidding import parse_system

    where = " and ".join(["hcp(me) >= 0"] * 1200)
    system = parse_system(
        f"system: Deep\nafter P*\n  1NT  hcp 15-17 where {where}  -- 1NT.\n  P  any  -- Pass.\n", "deep.system"
    )
    for seat in range(4):
        assert system.rules[0].where_function(seat)(BATCH[:50]).all()


def test_me_names_the_calling_seat() -> None:
    for seat in range(4):
        got = quick_where("hcp(me) - spades(me) * 2", seat)
        assert got is not None
        assert np.array_equal(
            got(BATCH),
            compile_script_where(f"hcp({['north', 'east', 'south', 'west'][seat]}) - spades(me) * 2", seat)(BATCH),
        )


_MEASURES = [
    "spades",
    "hearts",
    "diamonds",
    "clubs",
    "hcp",
    "aces",
    "kings",
    "queens",
    "top3",
    "controls",
    "losers",
    "c13",
]
_SEATS = ["me", "north", "east", "south", "west"]
_SUITS = ["spades", "hearts", "diamonds", "clubs"]


@st.composite
def _expression(draw: st.DrawFn, depth: int = 0) -> str:
    """Dealer expressions mostly inside the quick subset, with some of the full language mixed in."""
    kind = draw(st.integers(0, 9 if depth < 3 else 3))
    if kind == 0:
        return str(draw(st.one_of(st.integers(0, 40), st.sampled_from([999, 1000, 1001, 2**62, 2**62 + 1, 2**63]))))
    if kind in (1, 2):
        name = draw(st.sampled_from(_MEASURES))
        seat = draw(st.sampled_from(_SEATS))
        if name not in _SUITS and draw(st.booleans()):
            return f"{name}({seat}, {draw(st.sampled_from(_SUITS))})"
        return f"{name}({seat})"
    if kind == 3:
        pattern = draw(st.sampled_from(["4333", "5xxx", "4432", "x5x5", "55xx", "6322", "xxx0", "7xxx"]))
        more = draw(st.sampled_from(["", " + any 4441", " - 5332", ", 4xxx"]))
        return f"shape({draw(st.sampled_from(_SEATS))}, {'any ' if draw(st.booleans()) else ''}{pattern}{more})"
    if kind == 4:
        return f"{draw(st.sampled_from(['not ', '!', '-', '- ']))}{draw(_expression(depth + 1))}"
    if kind == 5:
        return f"({draw(_expression(depth + 1))})"
    if kind == 6 and draw(st.integers(0, 4)) == 0:
        test, then, otherwise = (draw(_expression(depth + 1)) for _ in range(3))
        return f"{test} ? {then} : {otherwise}"
    op = draw(st.sampled_from(["+", "-", "*", "==", "!=", "<", "<=", ">", ">=", "and", "or", "&&", "||", "/", "%"]))
    space = draw(st.sampled_from([" ", " ", " ", "\t", "\n", "\u00a0", "\u3000"]))
    return f"{draw(_expression(depth + 1))}{space}{op} {draw(_expression(depth + 1))}"


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=_expression(), seat=st.integers(0, 3))
def test_generated_expressions_agree_with_the_full_compiler(text: str, seat: int) -> None:
    batch = BATCH[:400]
    try:
        want = compile_script_where(text, seat)(batch)
    except ScriptError:
        assert quick_where(text, seat) is None
        return
    assert np.array_equal(compile_where(text, seat)(batch), want), text


def test_an_auction_from_a_cached_system_does_not_load_the_dealer_language(tmp_path: os.PathLike[str]) -> None:
    """Loading the dealer-language compiler costs more than dealing a short auction: a shipped
    system's ``where`` texts must not need it once the system is cached."""
    code = (
        "import sys\n"
        "from bridgegui.entry import deal\n"
        "sys.argv = ['bridgegui-deal', '--system', 'sayc', '--auction', '1NT P 2C P 2H', '-p', '4', '--seed', '1']\n"
        "try:\n"
        "    deal()\n"
        "except SystemExit:\n"
        "    pass\n"
        "print(sorted(m for m in sys.modules if m.startswith('bridgegui.engine.script.')), file=sys.stderr)\n"
    )
    env = dict(os.environ, BRIDGEGUI_CACHE_DIR=str(tmp_path))
    for _run in range(2):  # the first run fills the cache (and compiles through the full reader)
        done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    assert done.stdout.count("[Board") == 4
    assert "bridgegui.engine.script.parser" not in done.stderr, done.stderr
