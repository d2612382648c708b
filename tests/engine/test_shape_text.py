"""Shape sets as seat-spec text: every length 0-13 reads back, and imported sets print compactly.

Before the fix a pattern with a suit of 10+ cards was printed as ``13000``, which the spec grammar
could not read back ("shape '13000' needs four lengths"), and ``any 5xxx`` from a dealer script was
shown as 30 exact shapes.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgegui.engine.dealer.constraints import SeatConstraint, parse_seat_spec
from bridgegui.engine.dealer.specs import compact_shape_tokens, normalise_shape_token, pattern_shapes
from bridgegui.engine.errors import ConstraintError
from bridgegui.engine.shape_text import ALL, spec_any_order_text

EVERY = frozenset(ALL)
PATTERNS = sorted({tuple(sorted(s, reverse=True)) for s in ALL}, reverse=True)


def test_there_are_560_shapes_and_39_patterns():
    assert len(EVERY) == 560 and len(PATTERNS) == 39


def round_trip(c: SeatConstraint) -> SeatConstraint:
    return parse_seat_spec(c.to_spec())


@pytest.mark.parametrize("shape", sorted(ALL))
def test_every_exact_shape_reads_back(shape):
    token = "=".join(map(str, shape))
    c = SeatConstraint(shapes=(token,))
    assert c.allowed_shapes == {shape}
    assert round_trip(c) == c
    excluded = SeatConstraint(exclude_shapes=(token,))
    assert round_trip(excluded).allowed_shapes == EVERY - {shape}


@pytest.mark.parametrize("pattern", PATTERNS)
def test_every_pattern_reads_back_in_any_order(pattern):
    token = spec_any_order_text(pattern)
    orders = {s for s in ALL if sorted(s, reverse=True) == list(pattern)}
    assert pattern_shapes(token) == orders
    for c in (SeatConstraint(shapes=(token,)), SeatConstraint(exclude_shapes=(token,))):
        assert round_trip(c) == c
        assert round_trip(c).allowed_shapes == c.allowed_shapes


@pytest.mark.parametrize(
    ("token", "canonical"),
    [("13-0-0-0", "13-0-0-0"), ("10-x-x-x", "10-x-x-x"), ("4-3-3-3", "4333"), ("4-333", "4333"), ("5xxx", "5xxx")],
)
def test_two_digit_lengths_keep_their_separators(token, canonical):
    assert normalise_shape_token(token) == canonical
    assert pattern_shapes(canonical) == pattern_shapes(token)


def test_13000_and_11200_are_not_guessed():
    """``11200`` could be 11-2-0-0 or 1-12-0-0: the grammar asks for separators instead."""
    for token in ("13000", "11200"):
        with pytest.raises(ConstraintError, match="needs four lengths"):
            parse_seat_spec(f"shape {token}")
    assert parse_seat_spec("shape 11-2-0-0").allowed_shapes != parse_seat_spec("shape 1-12-0-0").allowed_shapes


@pytest.mark.parametrize(
    ("shapes", "included", "excluded"),
    [
        ("5xxx", ("5xxx",), ()),  # what a script's "any 5xxx" is
        ("5=x=x=x", ("5=x=x=x",), ()),  # and its "5xxx" (five spades)
        ("balanced", ("balanced",), ()),
        ("semibalanced", ("semibalanced",), ()),
        ("0xxx", ("0xxx",), ()),
        ("5=4=x=x", ("5=4=x=x",), ()),
        ("13-0-0-0", ("13-0-0-0",), ()),
    ],
)
def test_sets_print_as_their_shortest_tokens(shapes, included, excluded):
    allowed = parse_seat_spec(f"shape {shapes}").allowed_shapes
    assert compact_shape_tokens(allowed) == (included, excluded)


def test_complements_print_as_exclusions():
    assert compact_shape_tokens(EVERY - pattern_shapes("0xxx")) == ((), ("0xxx",))  # not shape(north, any 0xxx)
    assert compact_shape_tokens(pattern_shapes("5xxx") - pattern_shapes("5332")) == (("5xxx",), ("5332",))
    assert compact_shape_tokens(EVERY) == ((), ())


def _rebuilt(shapes: frozenset[tuple[int, int, int, int]]) -> SeatConstraint:
    included, excluded = compact_shape_tokens(shapes)
    return SeatConstraint(shapes=included, exclude_shapes=excluded)


def test_every_pattern_set_and_its_complement_prints_and_reads_back():
    """Exhaustive over the 39 patterns (all 560 shapes among them), each with its complement."""
    for pattern in PATTERNS:
        orders = pattern_shapes(spec_any_order_text(pattern))
        for shapes in (orders, EVERY - orders, frozenset({max(orders)}), EVERY - {max(orders)}):
            c = _rebuilt(shapes)
            assert c.allowed_shapes == shapes
            assert round_trip(c).allowed_shapes == shapes


@settings(max_examples=150, deadline=None)
@given(st.sets(st.sampled_from(sorted(ALL)), min_size=1, max_size=80), st.booleans())
def test_any_shape_set_prints_and_reads_back(shapes, complement):
    target = EVERY - frozenset(shapes) if complement else frozenset(shapes)
    if not target:
        return
    c = _rebuilt(target)
    assert c.allowed_shapes == target
    assert round_trip(c) == c
