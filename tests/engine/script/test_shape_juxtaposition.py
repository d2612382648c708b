"""Shape patterns side by side (``56xx55xx``), as dealer reads them, and shape lists written back.

Dealer's scanner cuts a word into four-character shapes, so a published script's ``56xx55xx`` is
``56xx + 55xx``; a pattern with no sign before it is added even after a ``-``.  The comparison with the
real ``dealer`` runs a script twice with the same seed, once keeping every deal and once keeping
those that fit, and checks that our compiled condition picks exactly dealer's deals.
"""

from __future__ import annotations

import re
import shutil
import subprocess

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgegui.engine import parse_deal
from bridgegui.engine.script import ScriptError, compile_script
from bridgegui.engine.script.shapes import all_shapes, pattern_shapes, split_patterns
from bridgegui.engine.script.unparse import shape_list

DEALER = shutil.which("dealer") or shutil.which("dealer", path="/usr/games:/usr/local/games")
needs_dealer = pytest.mark.skipif(DEALER is None, reason="the dealer program is not installed")

# (written side by side, the same with signs): dealer 2021-11-21 produced the same count for both.
SIDE_BY_SIDE = [
    ("56xx55xx", "56xx + 55xx"),
    ("56xx 55xx", "56xx + 55xx"),
    ("56xx - 5xxx 55xx", "56xx - 5xxx + 55xx"),
    ("any 0xxx55xx", "any 0xxx + 55xx"),
    ("55xxany 4333", "55xx + any 4333"),
    ("5xxx4333any 6xxx", "5xxx + 4333 + any 6xxx"),
    ("any 4333 4432", "any 4333 + 4432"),
    ("5xxxxxxx", "5xxx + xxxx"),
    ("55xxx5xx", "55xx + x5xx"),
]
# Dealer refuses these with a syntax error, and so do we.
NOT_SHAPES = ["xxxx55xx", "x5xx55xx", "55xxany", "any5xxx", "43331", "5xxx -"]


def shapes_of(shape_text: str) -> frozenset[tuple[int, int, int, int]]:
    term = compile_script(f"condition shape(north, {shape_text})").seat_terms().terms[0]
    assert term.shapes is not None
    return term.shapes


@pytest.mark.parametrize(("side_by_side", "signed"), SIDE_BY_SIDE)
def test_patterns_side_by_side_are_added(side_by_side, signed):
    assert shapes_of(side_by_side) == shapes_of(signed)


def test_56xx55xx_is_the_two_patterns():
    assert shapes_of("56xx55xx") == pattern_shapes("56xx", False) | pattern_shapes("55xx", False)
    assert split_patterns("56xx55xx") == ["56xx", "55xx"]


@pytest.mark.parametrize("text", NOT_SHAPES)
def test_what_dealer_refuses_is_refused(text):
    with pytest.raises(ScriptError, match="expected"):
        compile_script(f"condition shape(north, {text})")


def _dealer_deals(tmp_path, condition: str) -> list[str]:
    script = tmp_path / "t.dl"
    script.write_text(f"generate 4000\nproduce 4000\ncondition {condition}\naction printoneline\n")
    out = subprocess.run([DEALER, "-s", "11", str(script)], capture_output=True, text=True, check=True).stdout
    return [line.strip() for line in out.splitlines() if line.startswith("n ")]


def _batch(lines: list[str]) -> np.ndarray:
    deals = []
    for line in lines:
        hands = re.findall(r"[nesw] (\S+)", line)
        deals.append(parse_deal("N:" + " ".join(hands)).hands)
    return np.array(deals, dtype=np.uint64).reshape(len(lines), 4)


@needs_dealer
@pytest.mark.parametrize("side_by_side", [s for s, _ in SIDE_BY_SIDE[:5]])
def test_dealer_keeps_the_deals_we_keep(tmp_path, side_by_side):
    every = _dealer_deals(tmp_path, "1")
    kept = set(_dealer_deals(tmp_path, f"shape(north, {side_by_side}) || shape(south, {side_by_side})"))
    assert len(every) == 4000 and kept  # the same seed deals the same 4,000 deals twice
    ours = compile_script(f"condition shape(north, {side_by_side}) || shape(south, {side_by_side})")
    accepted = np.asarray(ours.condition(_batch(every)), dtype=bool)
    assert {line for line, ok in zip(every, accepted, strict=True) if ok} == kept


@needs_dealer
@pytest.mark.parametrize("text", NOT_SHAPES)
def test_dealer_refuses_them_too(tmp_path, text):
    script = tmp_path / "t.dl"
    script.write_text(f"generate 10\ncondition shape(north, {text})\naction printoneline\n")
    result = subprocess.run([DEALER, "-s", "1", str(script)], capture_output=True, text=True, check=False)
    assert "syntax error" in result.stdout + result.stderr


# -- shape lists written back (the advanced condition, exported scripts) ---------------------------


@pytest.mark.parametrize(
    ("shape_text", "written"),
    [
        ("any 5xxx", "any 5xxx"),
        ("any 4333 + any 4432 + any 5332", "any 5332 + any 4432 + any 4333"),
        ("xxxx - any 0xxx", "xxxx - any 0xxx"),
        ("any 0xxx", "any 0xxx"),
        ("54xx", "54xx"),
        ("any 5xxx - any 5332", "any 5xxx - any 5332"),
    ],
)
def test_shape_lists_are_written_compactly(shape_text, written):
    assert shape_list(shapes_of(shape_text)) == written


@settings(max_examples=100, deadline=None)
@given(st.sets(st.sampled_from(all_shapes()), max_size=40))
def test_any_shape_set_is_written_so_dealer_syntax_reads_it_back(shapes):
    """Before the fix a set with a suit of 10+ cards could not be written as a shape list."""
    text = shape_list(frozenset(shapes))
    assert text is not None
    assert shapes_of(text) == frozenset(shapes)


def test_every_pattern_and_its_complement_is_written_back():
    """Exhaustive over the 39 patterns, whose orders are the 560 shapes: 13-0-0-0 included."""
    for shape in {tuple(sorted(s)) for s in all_shapes()}:
        pattern = frozenset(s for s in all_shapes() if sorted(s) == list(shape))
        for shapes in (pattern, frozenset(all_shapes()) - pattern):
            assert shapes_of(shape_list(shapes) or "") == shapes


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="0123456789x", min_size=4, max_size=4), st.booleans())
def test_pattern_shapes_are_the_shapes_some_order_of_the_pattern_fits(pattern: str, any_order: bool) -> None:
    """The array form of ``pattern_shapes`` against the definition: a shape is in when the pattern,
    in its own order or (with ``any``) in some order of the suits, fits it suit by suit."""
    from itertools import permutations

    orders = set(permutations(pattern)) if any_order else {tuple(pattern)}
    want = {
        shape
        for shape in all_shapes()
        if any(all(c == "x" or int(c) == n for c, n in zip(order, shape, strict=True)) for order in orders)
    }
    assert pattern_shapes(pattern, any_order) == want
