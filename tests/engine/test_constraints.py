"""Seat specs: text <-> constraint round trips, syntax errors naming the term, validation messages."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgegui import engine
from bridgegui.engine.constraints import (
    DealRequest,
    Range,
    SeatConstraint,
    parse_fit,
    parse_partnership_spec,
    parse_seat_spec,
)
from bridgegui.engine.errors import ConstraintError, Problem
from bridgegui.engine.stats import pattern_counts, shape_counts

EXAMPLES = [
    "hcp 15-17, balanced",
    "hcp 8-9, spades 5+",
    "shape 5xxx 6xxx, qt 2+",
    "hearts 0-1, ltc 7-",
    "cards AS KH QD",
    "semibalanced, not 4333",
    "shape 5=4=x=x, qt 1.5-2.5, tricks 6-8, controls 3+",
    "hcp 10, diamonds 4-6, clubs 0",
]


@pytest.mark.parametrize("text", EXAMPLES)
def test_examples_round_trip_exactly(text):
    c = parse_seat_spec(text)
    assert c.to_spec() == text
    assert parse_seat_spec(c.to_spec()) == c


def test_aliases_read_to_the_same_constraint():
    assert parse_seat_spec("Spades 5+ , HCP 8-9") == parse_seat_spec("hcp 8-9, spades 5+")
    assert parse_seat_spec("s 5+") == parse_seat_spec("spades 5+")
    assert parse_seat_spec("shape balanced") == parse_seat_spec("balanced")
    assert parse_seat_spec("shape 4-3-3-3") == parse_seat_spec("shape 4333")
    assert parse_seat_spec("losers 7-") == parse_seat_spec("ltc 7-")
    assert parse_seat_spec("cards sa hk") == parse_seat_spec("cards AS KH")


def _ranges(lo_max: int, scale_text=str):
    return st.one_of(
        st.none(),
        st.builds(lambda a: Range(a, None), st.integers(0, lo_max)),
        st.builds(lambda a: Range(None, a), st.integers(0, lo_max)),
        st.builds(lambda a, b: Range(min(a, b), max(a, b)), st.integers(0, lo_max), st.integers(0, lo_max)),
    )


@settings(max_examples=150, deadline=None)
@given(
    hcp=_ranges(37),
    lengths=st.tuples(_ranges(13), _ranges(13), _ranges(13), _ranges(13)),
    shapes=st.lists(
        st.sampled_from(["4333", "5xxx", "5=4=x=x", "balanced", "6xxx", "x=x=0=x"]), max_size=3, unique=True
    ),
    excludes=st.lists(st.sampled_from(["4333", "7xxx", "5332"]), max_size=2, unique=True),
    cards=st.sets(st.integers(0, 51), max_size=4),
    qt=_ranges(16),
    losers=_ranges(12),
    tricks=_ranges(13),
    controls=_ranges(12),
)
def test_any_constraint_round_trips(hcp, lengths, shapes, excludes, cards, qt, losers, tricks, controls):
    c = SeatConstraint(
        hcp=hcp,
        lengths=lengths,
        shapes=tuple(shapes),
        exclude_shapes=tuple(excludes),
        cards=engine.Hand.from_cards(cards).mask,
        quick_tricks=qt,
        losers=losers,
        playing_tricks=tricks,
        controls=controls,
    )
    assert parse_seat_spec(c.to_spec()) == c


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("hcp 17-15", "term 1 'hcp 17-15'"),
        ("spades 5+, hcpp 3", "term 2 'hcpp 3': unknown word 'hcpp'"),
        ("shape 5xx", "term 1 'shape 5xx'"),
        ("qt 1.25", "steps of one half"),
        ("hcp 10, hcp 11", "term 2 'hcp 11': hcp is given twice"),
        ("cards AS AS", "AS is listed twice"),
        ("spades 14", "at most 13 cards"),
        ("hcp 15-17,, balanced", "term 2 is empty"),
        ("hcp fifteen", "not a range"),
        ("shape 8xx6", "does not add up"),
        ("cards ZZ", "not a card"),
        ("not", "needs a pattern"),
    ],
)
def test_syntax_errors_name_the_term(text, fragment):
    with pytest.raises(ConstraintError, match=None) as info:
        parse_seat_spec(text)
    assert fragment in str(info.value)


def test_shape_sets():
    assert len(parse_seat_spec("balanced").allowed_shapes) == 4 + 12 + 12
    assert len(parse_seat_spec("semibalanced").allowed_shapes) == 28 + 12 + 12
    assert parse_seat_spec("shape 5=4=x=x").allowed_shapes == {(5, 4, a, 4 - a) for a in range(5)}
    assert len(parse_seat_spec("shape 7600").allowed_shapes) == 12
    no_4333 = parse_seat_spec("not 4333").allowed_shapes
    assert len(no_4333) == 560 - 4
    # lengths and shapes combine: 5+ spades among balanced hands means 5332 with five spades
    assert parse_seat_spec("balanced, spades 5+").allowed_shapes == {(5, 3, 3, 2), (5, 3, 2, 3), (5, 2, 3, 3)}


def test_masks_agree_with_scalar_evaluation():
    batch = engine.deal_batch(3000, seed=4)
    c = parse_seat_spec("hcp 10-15, spades 3+, not 4333, qt 1.5+, ltc 8-, tricks 3+, controls 2-6")
    got = c.mask(batch[:, 1])
    for row, deal in enumerate(engine.deals_from_batch(batch)):
        h = deal.hand("E")
        expected = (
            10 <= h.hcp <= 15
            and h.shape[0] >= 3
            and h.pattern != (4, 3, 3, 3)
            and h.quick_tricks >= 1.5
            and h.losers <= 8
            and h.playing_tricks >= 3
            and 2 <= h.controls <= 6
        )
        assert got[row] == expected


def test_pattern_tables_are_consistent():
    assert sum(shape_counts().values()) == sum(pattern_counts().values())


def test_partnership_specs():
    pc = parse_partnership_spec("hcp 25-27, fit 8+ hearts")
    assert pc.hcp == Range(25, 27)
    assert pc.fit == parse_fit("8+ hearts")
    assert pc.to_spec() == "hcp 25-27, fit 8+ hearts"
    assert parse_partnership_spec(pc.to_spec()) == pc
    assert parse_fit("8+").suit is None
    with pytest.raises(ConstraintError, match="minimum"):
        parse_fit("8- hearts")
    with pytest.raises(ConstraintError, match="term 1"):
        parse_partnership_spec("tricks 9")


@pytest.mark.parametrize(
    ("kwargs", "fragment", "seat", "field"),
    [
        ({"north": "spades 7+", "south": "spades 7+"}, "Spades: the seats' minimum lengths add up to 14", "", "spades"),
        ({"north": "hcp 22+", "south": "hcp 20+"}, "HCP: the seats' minimums add up to 42", "", "hcp"),
        (
            {"north": "cards AS", "south": "cards AS KD"},
            "South: cards SA are predealt to another seat too",
            "S",
            "cards",
        ),
        ({"east": "spades 5+, hearts 5+, diamonds 4+"}, "East: minimum suit lengths add up to 14", "E", None),
        ({"west": "spades 2-, hearts 2-, diamonds 2-, clubs 2-"}, "West: maximum suit lengths add up to 8", "W", None),
        ({"north": "balanced, spades 6+"}, "North: no shape fits", "N", "shape"),
        ({"north": "hcp 38+"}, "North: hcp 38+ is more than any hand can have", "N", "hcp"),
        ({"east": "qt 8.5+"}, "East: qt 8.5+ is more than any hand can have (8)", "E", "qt"),
        ({"east": "controls 13+"}, "East: controls 13+ is more than any hand can have", "E", "controls"),
        ({"south": "cards AS KS QS, spades 2-"}, "South: predealt cards include 3 spades", "S", "cards"),
        ({"south": "cards AS KS, hcp 5-"}, "South: predealt cards hold 7 hcp", "S", "cards"),
        ({"ns": "hcp 41+"}, "NS: combined hcp 41+", "NS", "hcp"),
        ({"north": "hcp 16+", "south": "hcp 12+", "ns": "hcp 20-25"}, "NS: combined hcp at most 25", "NS", "hcp"),
        ({"ns": "hcp 25+", "ew": "hcp 20+"}, "HCP: NS 25+ and EW 20+ need more than the 40", "", "hcp"),
    ],
)
def test_contradictions_name_seat_and_field(kwargs, fragment, seat, field):
    request = DealRequest.from_specs(**kwargs)
    problems = request.problems()
    assert all(isinstance(p, Problem) for p in problems)
    matching = [p for p in problems if fragment in p.text()]
    assert matching, problems
    assert (matching[0].seat, matching[0].field) == (seat, field)
    seat_name = {"N": "North", "E": "East", "S": "South", "W": "West"}.get(seat)
    if seat_name is not None:  # the message leaves the seat to the editor that shows it
        assert not matching[0].message.startswith(seat_name)
    with pytest.raises(ConstraintError) as info:
        request.validate()
    assert str(info.value) == "; ".join(p.text() for p in problems)
    assert (info.value.seat, info.value.field) == (problems[0].seat, problems[0].field)
    assert info.value.problem == problems[0] or len(problems) > 1


def test_predealt_full_hand_must_satisfy_its_own_constraint():
    full = "cards " + " ".join(f"{r}S" for r in "AKQJT98765432")
    request = DealRequest.from_specs(north=full + ", hcp 0-5")
    assert any("North: predealt cards hold 10 hcp" in p for p in [p.text() for p in request.problems()])
    request = DealRequest.from_specs(north=full + ", balanced")
    assert any("North: no shape fits" in p or "does not satisfy" in p for p in [p.text() for p in request.problems()])


def test_seat_errors_name_the_seat():
    with pytest.raises(ConstraintError, match=r"^East: term 1 'hcp 9-3'"):
        DealRequest.from_specs(east="hcp 9-3")


def test_request_mask_combines_everything():
    batch = engine.deal_batch(5000, seed=8)
    request = DealRequest.from_specs(north="hcp 12+", ns="hcp 20+, fit 8+")
    got = request.mask(batch)
    hcp = engine.evaluation.hcp(batch)
    lengths = engine.evaluation.suit_lengths(batch).astype(int)
    fit = (lengths[:, 0] + lengths[:, 2]).max(axis=1) >= 8
    expected = (hcp[:, 0] >= 12) & (hcp[:, 0] + hcp[:, 2] >= 20) & fit
    assert (got == expected).all()
    assert np.any(got) and not np.all(got)
