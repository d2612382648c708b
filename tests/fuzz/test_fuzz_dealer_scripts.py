"""Hostile input for dealer scripts: ``compile_script``, running a script, ``import_script``
and the window's advanced condition (``compile_condition``).

Any text ends in a result or a ``ScriptError`` (``ContradictionError`` is one), never another
exception, a numpy warning (pytest makes warnings errors) or a hang: each example must finish within
``BUDGET`` seconds.  Three kinds of input: arbitrary text (mostly the characters scripts are made
of), grammar-shaped scripts (every statement, action and function of the language, nested
expressions, huge numbers, a byte-order mark), and those scripts mutated (a slice deleted, duplicated
or replaced by a character).  A script that compiles is run on a small batch (condition, actions,
report), through ``run_script`` for a few deals, and through the exact dealer's decomposition.

Each target runs twice: a quick profile that CI runs in a few seconds, and a longer one marked
``slow`` that runs only when asked (``pytest -m slow tests/fuzz``: a few minutes), since CI's plain
``pytest`` does not deselect ``slow``; ``BRIDGEGUI_FUZZ_SCALE=N`` multiplies its examples for a soak.
Both are derandomized, so a failure reproduces.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import io
import time

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from bridgegui.engine.dealing import deal_batch
from bridgegui.engine.script import ScriptError, compile_script, run_script
from bridgegui.engine.script.request import compile_condition, import_script, request_from_script

BUDGET = 10.0
"""Seconds of cpu one example may take (compiling and running on a few deals takes milliseconds).  Cpu,
not wall time: a blow-up is work, and on a loaded machine (other processes, ``pytest -n auto``) the
wall clock also counts the time other processes ran."""


BATCH = deal_batch(8, seed=16)
DATE = dt.date(2026, 11, 23)


# ---- strategies --------------------------------------------------------------------------------------

SEATS = ("north", "east", "south", "west")
SUITS = ("spades", "hearts", "diamonds", "clubs")
STRAINS = (*SUITS, "notrump", "notrumps")
VALUE_FUNCTIONS = ("hcp", "controls", "losers", "loser", "pt3", "pt9", "tens", "c13", "top4", "aces")
BINARY = ("+", "-", "*", "/", "%", "==", "!=", "<", "<=", ">", ">=", "&&", "||", "and", "or")
VARIABLES = ("v0", "v1", "v2", "v3")

seat = st.sampled_from(SEATS)
suit = st.sampled_from(SUITS)
huge = st.sampled_from(("4611686018427387904", "4611686018427387905", "9223372036854775807", "0" * 30 + "7"))
number = st.one_of(st.integers(0, 40).map(str), st.integers(0, 40).map(str), st.integers(0, 2**64).map(str), huge)
card = st.tuples(st.sampled_from("AKQJT98765432"), st.sampled_from("SHDC")).map(lambda rs: "".join(rs))
pattern = st.text("0123456789x", min_size=4, max_size=4) | st.sampled_from(("4333", "5xxx", "4432", "xxxx", "7600"))
shape_list = st.lists(
    st.tuples(st.sampled_from(("", "+ ", "- ", ", ")), st.sampled_from(("", "any ")), pattern), min_size=1, max_size=4
).map(lambda parts: parts[0][1] + parts[0][2] + " " + " ".join(f"{sign}{a}{p}" for sign, a, p in parts[1:]))

atom = st.one_of(
    number,
    st.sampled_from(VARIABLES),
    st.builds(lambda f, s: f"{f}({s})", st.sampled_from(VALUE_FUNCTIONS), seat),
    st.builds(lambda f, s, u: f"{f}({s}, {u})", st.sampled_from(VALUE_FUNCTIONS), seat, suit),
    st.builds(lambda u, s: f"{u}({s})", suit, seat),
    st.builds(lambda s, sh: f"shape({s}, {sh})", seat, shape_list),
    st.builds(lambda s, c: f"hascard({s}, {c})", seat, card),
    st.builds(lambda s, t: f"tricks({s}, {t})", seat, st.sampled_from(STRAINS)),
    st.builds(lambda s: f"cccc({s})", seat),
)


def _compound(inner: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
    return st.one_of(
        st.builds(lambda a, op, b: f"{a} {op} {b}", inner, st.sampled_from(BINARY), inner),
        st.builds(lambda op, a: f"{op}{a}", st.sampled_from(("-", "!", "not ", "- -")), inner),
        inner.map(lambda a: f"({a})"),
        st.builds(lambda a, b, c: f"{a} ? {b} : {c}", inner, inner, inner),
        inner.map(lambda a: f"rnd({a})"),
        inner.map(lambda a: f"imps({a})"),
        st.builds(
            lambda v, lvl, s, a: f"score({v}, x{lvl}{s}, {a})",
            st.sampled_from(("vul", "nv")),
            st.integers(1, 7),
            st.sampled_from("SHDCN"),
            inner,
        ),
        st.builds(lambda n, a: "(" * n + a + ")" * n, st.integers(1, 600), inner),
        st.builds(lambda n, a: "-" * n + a, st.integers(1, 600), inner),
    )


expression = st.recursive(atom, _compound, max_leaves=24)

label = st.one_of(st.just(""), st.text("abc \\n%", max_size=6).map(lambda s: f'"{s}" '))
action = st.one_of(
    st.sampled_from(("printall", "printew", "printpbn", "printcompact", "printoneline")),
    st.builds(lambda a, e: f"{a}({e})", st.sampled_from(("printcompact", "printoneline")), expression),
    st.lists(seat, min_size=1, max_size=4).map(lambda s: f"print({', '.join(s)})"),
    st.lists(
        st.one_of(expression, st.just("\\n"), st.text("ab :", max_size=4).map(lambda s: f'"{s}"')), min_size=1
    ).map(lambda items: f"printes({', '.join(items)})"),
    st.builds(lambda lb, e: f"average {lb}{e}", label, expression),
    st.builds(
        lambda lb, e, lo, span: f"frequency {lb}({e}, {lo}, {lo + span})",
        label,
        expression,
        st.integers(-(2**63), 2**63),
        st.integers(-2, 50),
    ),
    st.builds(
        lambda lb, e, lo, e2, lo2: f"frequency {lb}({e}, {lo}, {lo + 5}, {e2}, {lo2}, {lo2 + 3})",
        label,
        expression,
        st.integers(-(2**62), 2**62),
        expression,
        st.integers(-20, 20),
    ),
)
holding = st.tuples(st.sampled_from("SHDC"), st.text("AKQJT98765432", max_size=6)).map(lambda sh: "".join(sh))

statement = st.one_of(
    st.builds(lambda k, n: f"{k} {n}", st.sampled_from(("generate", "produce")), st.one_of(number, st.just("-1"))),
    seat.map(lambda s: f"dealer {s}"),
    st.sampled_from(("none", "NS", "ew", "All", "both")).map(lambda v: f"vulnerable {v}"),
    st.builds(lambda s, hs: f"predeal {s} {', '.join(hs)}", seat, st.lists(holding, min_size=1, max_size=4)),
    st.builds(lambda u, s, n: f"predeal {u}({s}) == {n}", suit, seat, st.integers(-1, 14)),
    st.lists(st.integers(-(2**62), 2**62).map(str), min_size=1, max_size=14).map(lambda v: "pointcount " + " ".join(v)),
    st.builds(
        lambda i, v: f"altcount {i} " + " ".join(v),
        st.integers(-1, 10),
        st.lists(st.integers(0, 9).map(str), min_size=1, max_size=13),
    ),
    expression.map(lambda e: f"condition {e}"),
    expression,
    st.builds(lambda v, e: f"{v} = {e}", st.sampled_from(VARIABLES), expression),
    st.lists(action, min_size=1, max_size=3).map(lambda a: "action " + ", ".join(a)),
)
separator = st.sampled_from(("\n", " ", "\n\n", "\t", " # note\n", " // note\n", " /* c */ ", "\r\n"))


@st.composite
def scripts(draw: st.DrawFn) -> str:
    """A script built from the grammar: statements in any order, any layout, maybe a byte-order mark."""
    parts = draw(st.lists(statement, max_size=6))
    if draw(st.booleans()):  # define the variables first, so that more expressions compile
        parts[:0] = [f"{v} = {draw(expression)}" for v in VARIABLES[: draw(st.integers(1, len(VARIABLES)))]]
    text = "".join(p + draw(separator) for p in parts)
    return ("\ufeff" if draw(st.booleans()) else "") + text


@st.composite
def mutated_scripts(draw: st.DrawFn) -> str:
    """A grammar-shaped script with a few slices deleted, duplicated or replaced by one character."""
    text = draw(scripts())
    for _ in range(draw(st.integers(1, 3))):
        if not text:
            break
        i = draw(st.integers(0, len(text) - 1))
        j = draw(st.integers(i, min(len(text), i + 12)))
        kind = draw(st.sampled_from(("delete", "duplicate", "replace")))
        if kind == "delete":
            text = text[:i] + text[j:]
        elif kind == "duplicate":
            text = text[:j] + text[i:j] + text[j:]
        else:
            text = text[:i] + draw(st.sampled_from('()-+!?:,="\\#/*\ufeff\x00é5x')) + text[j:]
    return text


script_alphabet = st.sampled_from(
    [
        *list('()+-*/%!?:,=<>&|"\\#\n \t0123456789xnesw'),
        "hcp",
        "north",
        "south",
        "spades",
        "shape",
        "any",
        "condition ",
        "action ",
        "printes",
        "rnd",
        "\ufeff",
        "é",
    ]
)
script_like_text = st.lists(script_alphabet, max_size=60).map("".join)
any_text = st.one_of(st.text(max_size=200), script_like_text, st.binary(max_size=80).map(lambda b: b.decode("latin-1")))
every_script = st.one_of(any_text, scripts(), mutated_scripts())


# ---- the properties ------------------------------------------------------------------------------


def within_budget(start: float) -> None:
    elapsed = time.process_time() - start
    assert elapsed < BUDGET, f"one example took {elapsed:.1f} s"


def compile_and_run(text: str) -> None:
    """Compile ``text``; when it compiles, run every part of it on a few deals.  Only ScriptError may escape."""
    try:
        script = compile_script(text, seed=1)
    except ScriptError:
        return
    try:
        accepted = script.condition(BATCH)
        assert accepted.shape == (BATCH.shape[0],) and accepted.dtype == np.bool_
        out = io.StringIO()
        script.run_actions(BATCH[:3], out, seed=1, date=DATE)
        script.finish(out, 8, 3, 0.0, seed=1)
        run_script(script, io.StringIO(), seed=2, generate=64, produce=4, date=DATE)
        request_from_script(script)
    except ScriptError:
        pass


@pytest.mark.fuzz(quick=100, slow=4000)
def test_compile_script_and_running_it_raise_only_script_error(run_settings):
    @run_settings
    @given(text=every_script)
    def check(text: str) -> None:
        start = time.process_time()
        compile_and_run(text)
        within_budget(start)

    check()


@pytest.mark.fuzz(quick=60, slow=2500)
def test_import_script_raises_only_script_error(run_settings):
    @run_settings
    @given(text=every_script)
    def check(text: str) -> None:
        start = time.process_time()
        try:
            imported = import_script(text)
        except ScriptError:
            return
        if imported.advanced:
            # The window puts the rest of the condition in the advanced editor: it must compile again.
            compile_condition(imported.advanced)
        within_budget(start)

    check()


@pytest.mark.fuzz(quick=60, slow=2500)
def test_advanced_condition_raises_only_script_error(run_settings):
    @run_settings
    @given(text=st.one_of(expression, any_text, mutated_scripts()))
    def check(text: str) -> None:
        start = time.process_time()
        try:
            condition = compile_condition(text)
        except ScriptError:
            return
        with contextlib.suppress(ScriptError):
            assert condition(BATCH).shape == (BATCH.shape[0],)
        within_budget(start)

    check()
