"""Hostile and careless dealer scripts: every one ends in a result or a ``ScriptError``.

Each test here failed before its fix: an ``OverflowError`` from a constant, a ``RecursionError`` from
a long variable chain or from ~70 parentheses, a misleading "0=0=0=0" message for two shapes that
contradict, a refused byte-order mark, numpy warnings from ``score`` and an ``average`` whose int64
sum overflowed.  pytest turns warnings into errors, so "no warning" is checked by every test.
"""

from __future__ import annotations

import io
import sys

import numpy as np
import pytest

from bridgegui.engine import deal_batch
from bridgegui.engine.dealer.levelling import script_alternatives
from bridgegui.engine.errors import ImpossibleError
from bridgegui.engine.script import ScriptError, compile_script, run_script
from bridgegui.engine.script.actions import exact_sum
from bridgegui.engine.script.diagnostics import MAX_DEPTH, MAX_NESTING, recursion_room
from bridgegui.engine.script.request import compile_condition, import_script, request_from_script
from bridgegui.engine.script.scoring import imps

BATCH = deal_batch(200, seed=16)


def nested(depth: int, core: str = "hcp(north)") -> str:
    return "(" * depth + core + ")" * depth


# ---- integer overflow -----------------------------------------------------------------------------


def test_a_constant_outside_the_64_bit_integers_is_a_script_error_naming_the_place():
    with pytest.raises(ScriptError, match=r"4611686018427387904 \* 2 does not fit.*line 1, column 13") as info:
        compile_script("condition -(4611686018427387904 * 2) > 0 || hcp(north) > 10")
    assert (info.value.line, info.value.column) == (1, 13)


@pytest.mark.parametrize(
    "text",
    [
        "condition 4611686018427387904 * 4611686018427387904 > 0",
        "x = 4611686018427387904 + 4611686018427387904\ncondition x > hcp(north)",
        "condition -(-4611686018427387904 * 2) > 0",
        "produce 1\naction printes(score(vul, x7N, 4611686018427387904), \\n)",
        "produce 1\naction average 4611686018427387904 * 8",
    ],
)
def test_constant_overflow_anywhere_is_a_script_error(text):
    with pytest.raises(ScriptError, match="does not fit in a 64-bit integer"):
        compile_script(text)


def test_constants_at_the_edge_of_the_range_are_exact():
    s = compile_script("x = -4611686018427387904 * 2\ny = 4611686018427387904 - 1 + 4611686018427387904")
    assert s.evaluate("x", BATCH[:1]).tolist() == [-(2**63)]
    assert s.evaluate("y", BATCH[:1]).tolist() == [2**63 - 1]


def test_score_and_imps_of_huge_values_run_without_numpy_warnings():
    s = compile_script(
        'produce 3\naction printes(score(vul, x7N, hcp(north) * 4611686018427387904), " ",'
        " imps(hcp(north) * 4611686018427387904 - 4611686018427387904 - 4611686018427387904), \\n)"
    )
    out = io.StringIO()
    run_script(s, out, seed=1, verbose=False)
    assert len(out.getvalue().splitlines()) == 3
    # The most negative int64 is its own int64 absolute value; it is still a difference worth 24 IMPs.
    assert imps(np.array([-(2**63), 2**63 - 1], dtype=np.int64)).tolist() == [-24, 24]


def test_average_of_huge_values_is_exact_not_a_wrapped_int64_sum():
    big = 10**15
    s = compile_script(f"generate 5000\naction average hcp(north) * {big}")
    out = io.StringIO()
    run_script(s, out, seed=3, verbose=False)
    reported = float(out.getvalue())
    assert 9.0e15 < reported < 11.0e15  # 10 HCP on average, times 10**15 (the int64 sum wrapped to -8e14)
    assert exact_sum(np.array([2**62, 2**62, 2**62, -(2**63), 2**63 - 1], dtype=np.int64)) == 3 * 2**62 - 1


def test_frequency_bins_extreme_values_without_wrapping():
    # The largest int64, computed at run time: value - low + 1 used to wrap and count it as Low.
    top = "(hcp(north) > 40 ? 1 : 0) + 4611686018427387903 + 4611686018427387904"
    s = compile_script(f"generate 50\naction frequency ({top}, -3, 3)")
    out = io.StringIO()
    run_script(s, out, seed=2, verbose=False)
    assert "High\t      50" in out.getvalue() and "Low" not in out.getvalue()


# ---- depth ------------------------------------------------------------------------------------------


def chain(n: int) -> str:
    return "x0 = hcp(north)\n" + "".join(f"x{i} = x{i - 1} - 1\n" for i in range(1, n + 1)) + f"condition x{n} > -{n}"


def test_a_two_thousand_variable_chain_compiles_runs_and_imports_as_in_dealer():
    # It used to raise RecursionError (import_script) or hit it at run time.
    s = compile_script(chain(2000))
    assert s.condition(BATCH).all()
    imported = import_script(chain(2000))
    assert compile_condition(imported.advanced)(BATCH).all()  # the window recompiles the inlined text


def test_a_two_thousand_variable_chain_becomes_a_request_and_levels_outside_the_compiler():
    """The command line's path: the exact dealer's request and ``--level``'s alternatives walk the
    condition again, after compiling; those walks hit a RecursionError before."""
    request = request_from_script(compile_script(chain(2000)))
    assert request.condition is not None and request.condition(BATCH).all()
    levelled = chain(2000).replace("condition x2000 > -2000", "condition x2000 > -2000 || x2000 < -5000")
    alternatives = script_alternatives(levelled)
    assert len(alternatives) == 2


def test_a_variable_chain_beyond_the_limit_is_a_clear_script_error():
    with pytest.raises(ScriptError, match=rf"the variable 'x{MAX_DEPTH}' at line {MAX_DEPTH + 1}, column 1 nests"):
        compile_script(chain(MAX_DEPTH + 50))
    with pytest.raises(ScriptError, match="nests more than"):
        import_script(chain(MAX_DEPTH + 50))


def test_a_variable_chain_at_the_limit_compiles_and_runs():
    assert compile_script(chain(MAX_DEPTH - 2)).condition(BATCH).all()  # x0 is 1 deep, the comparison 1 more


@pytest.mark.parametrize("depth", [70, 100, 500, 2000, MAX_NESTING - 1])
def test_deep_parentheses_parse_as_dealer_takes_them(depth):
    assert compile_script("condition " + nested(depth) + " >= 0").condition(BATCH).all()
    assert compile_condition(nested(depth) + " >= 0")(BATCH).all()
    assert import_script("condition " + nested(depth) + " >= 10").seat_specs[0] == "hcp 10+"


@pytest.mark.parametrize(
    "core",
    [
        "1 + (" * 499 + "hcp(north)" + ")" * 499,
        "-" * 500 + "hcp(north)",
        "!" * 500 + "hcp(north)",
        "rnd(" * 300 + "5" + ")" * 300,
        "hcp(north) > 5 ? " * 400 + "1" + " : 0" * 400,
    ],
)
def test_deep_operators_and_calls_compile_and_run(core):
    s = compile_script(f"condition ({core}) != 12345\naction printes({core}, \\n)", seed=1)
    assert s.condition(BATCH).all()
    out = io.StringIO()
    s.run_actions(BATCH[:3], out)
    assert len(out.getvalue().splitlines()) == 3


@pytest.mark.parametrize(
    "text",
    [
        "condition " + nested(MAX_NESTING),
        "condition " + nested(3 * MAX_NESTING),
        "condition " + "-" * (MAX_DEPTH + 1) + "1",
        "condition " + "1 + (" * (MAX_DEPTH + 1) + "1" + ")" * (MAX_DEPTH + 1),
        "condition " + "rnd(" * (MAX_DEPTH + 1) + "1" + ")" * (MAX_DEPTH + 1),
    ],
)
def test_beyond_the_limit_nesting_is_a_script_error_that_says_so(text):
    with pytest.raises(ScriptError, match=r"nest|in a row"):
        compile_script(text)
    with pytest.raises(ScriptError):
        compile_condition(text.removeprefix("condition "))


def test_recursion_room_restores_the_limit_and_turns_recursion_errors_into_script_errors():
    before = sys.getrecursionlimit()
    with recursion_room(), recursion_room():
        assert sys.getrecursionlimit() > before

    def forever(n: int) -> int:
        return forever(n + 1)

    with pytest.raises(ScriptError, match="too deeply"), recursion_room():
        forever(0)
    assert sys.getrecursionlimit() == before


# ---- shapes that contradict ------------------------------------------------------------------------


def test_contradicting_shapes_are_named_not_reported_as_a_0000_shape():
    text = "condition shape(north,4333) && shape(north,5332)"
    with pytest.raises(ScriptError, match=r"'shape\(north, 4333\)' and 'shape\(north, 5332\)' contradict") as info:
        import_script(text)
    assert "0=0=0=0" not in str(info.value)
    assert (info.value.line, info.value.column) == (1, 32)
    # The command line runs through request_from_script: the same error is an impossible request (exit 3).
    with pytest.raises(ImpossibleError, match="contradict"):
        request_from_script(compile_script(text))


@pytest.mark.parametrize(
    ("text", "named"),
    [
        ("condition hcp(north) > 20 && hcp(north) < 10", "'hcp(north) > 20' and 'hcp(north) < 10' contradict"),
        ("predeal spades(south) == 3\ncondition spades(south) >= 5", "'spades(south) == 3' and"),
        ("condition shape(east, xxxx - xxxx)", "'shape(east, xxxx - xxxx)' can never be true"),
    ],
)
def test_other_impossible_terms_are_named(text, named):
    with pytest.raises(ScriptError, match=named.replace("(", r"\(").replace(")", r"\)")):
        import_script(text)


# ---- byte-order mark -------------------------------------------------------------------------------


def test_a_utf8_byte_order_mark_is_skipped():
    s = compile_script("\ufeffproduce 3\ncondition hcp(north) >= 10")
    assert s.produce == 3
    assert import_script("\ufeffcondition hcp(north) >= 10").seat_specs[0] == "hcp 10+"
    with pytest.raises(ScriptError, match="line 1, column 1"):
        compile_script("\ufeff@")
    with pytest.raises(ScriptError, match="unexpected character"):
        compile_script("produce 3 \ufeff")  # only at the start


# ---- work out of proportion to the text ------------------------------------------------------------


def test_a_random_variable_used_exponentially_often_is_refused_not_a_hang():
    # Each use of a variable that calls rnd() draws again (dealer substitutes it): v40 would take
    # 2**40 evaluations per deal.  It used to compile and then hang in the first batch.
    text = "v0 = rnd(5)\n" + "".join(f"v{i} = v{i - 1} + v{i - 1}\n" for i in range(1, 41)) + "condition v40 > 0"
    with pytest.raises(ScriptError, match=r"the variable 'v16' \(defined at line 17, column 7\) takes 196,607"):
        compile_script(text)
    small = "v0 = rnd(5)\n" + "".join(f"v{i} = v{i - 1} + v{i - 1}\n" for i in range(1, 10)) + "condition v9 >= 0"
    assert compile_script(small, seed=1).condition(BATCH).all()


def test_frequency_tables_are_bounded_together_not_only_one_by_one():
    # Each two-way table may have a million cells; a hundred of them took 800 MB from a line of text.
    table = "frequency (hcp(north), 0, 997, hcp(south), 0, 997)"
    with pytest.raises(ScriptError, match=r"have 3,000,000 cells; at most 2,000,000 at line 1, column 1"):
        compile_script("action " + ", ".join([table] * 3))
    assert len(compile_script("action " + ", ".join([table] * 2)).actions) == 2
