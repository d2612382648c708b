"""Typed problems: every error about a request says which seat (or side) and which editor field it is in.

A window marks the field from ``seat`` and ``field`` without reading the English; the command line
prints ``str(exc)``, which stays the sentence it always was (``tests/test_cli.py`` checks those).
"""

import pytest

from bridgegui.engine.dealer.constraints import (
    DealRequest,
    SeatConstraint,
    parse_fit,
    parse_partnership_spec,
    parse_seat_spec,
    seat_problems,
)
from bridgegui.engine.dealer.planner import deal, plan_request
from bridgegui.engine.errors import PARTNERSHIP_FIELDS, SEAT_FIELDS, ConstraintError, ImpossibleError, Problem


@pytest.mark.parametrize(
    ("spec", "field"),
    [
        ("hcp 17-15", "hcp"),
        ("points 3x", "more"),  # the bidding systems' terms: the seat editor's one More field
        ("support trumps 8+", "more"),
        ("quality spades six", "more"),
        ("stopper", "more"),
        ("rule20, rule of 20", "more"),
        ("hcp 10, hcp 11", "hcp"),
        ("spades 14", "spades"),
        ("hearts 5+, hearts 6", "hearts"),
        ("d 3-x", "diamonds"),
        ("♣ 2.5", "clubs"),
        ("shape 5xx", "shape"),
        ("shape", "shape"),
        ("balanced, not 44", "shape"),
        ("exclude 9xxx9", "shape"),
        ("shape 5=4=3=3=0", "shape"),
        ("cards AS AS", "cards"),
        ("cards ZZ", "cards"),
        ("cards", "cards"),
        ("qt 1.3", "qt"),
        ("quick tricks x", "qt"),
        ("ltc 13-2", "ltc"),
        ("losers many", "ltc"),
        ("tricks 6-x", "tricks"),
        ("playing tricks -", "tricks"),
        ("controls 3.5", "controls"),
        ("hcpp 3", None),
        ("hcp 10,, spades 5", None),
    ],
)
def test_seat_spec_errors_carry_the_failing_terms_field(spec, field):
    with pytest.raises(ConstraintError) as info:
        parse_seat_spec(spec)
    assert info.value.field == field
    assert info.value.seat == ""  # the spec alone does not know whose it is
    assert str(info.value).startswith("term ")
    assert field is None or field in SEAT_FIELDS


@pytest.mark.parametrize(
    ("spec", "field"),
    [("hcp 30-20", "hcp"), ("points", "hcp"), ("fit 8", "fit"), ("fit 8+ hearts spades", "fit"), ("tricks 9", None)],
)
def test_partnership_spec_errors_carry_their_field(spec, field):
    with pytest.raises(ConstraintError) as info:
        parse_partnership_spec(spec)
    assert info.value.field == field
    assert field is None or field in PARTNERSHIP_FIELDS


def test_a_fit_error_says_fit():
    with pytest.raises(ConstraintError) as info:
        parse_fit("8- hearts")
    assert info.value.field == "fit"
    with pytest.raises(ConstraintError) as info:
        parse_fit("x")
    assert info.value.field == "fit"


@pytest.mark.parametrize(
    ("kwargs", "seat", "field", "text"),
    [
        ({"east": "hcp 9-3"}, "E", "hcp", "East: term 1 'hcp 9-3': hcp 9-3: the minimum 9 is above the maximum 3"),
        (
            {"north": "balanced, spades 14"},
            "N",
            "spades",
            "North: term 2 'spades 14': a suit has at most 13 cards, not 14",
        ),
        ({"west": "shape 7xx"}, "W", "shape", None),
        ({"south": "cards AS QQ"}, "S", "cards", None),
        ({"north": "qt 2.2"}, "N", "qt", None),
        ({"south": "hcp 10, magic 3"}, "S", None, None),
        ({"ns": "hcp 30-20"}, "NS", "hcp", None),
        ({"ew": "fit 8- spades"}, "EW", "fit", None),
    ],
)
def test_from_specs_errors_carry_seat_and_field(kwargs, seat, field, text):
    with pytest.raises(ConstraintError) as info:
        DealRequest.from_specs(**kwargs)
    error = info.value
    assert (error.seat, error.field) == (seat, field)
    if text is not None:
        assert str(error) == text
    problem = error.problem
    assert (problem.seat, problem.field) == (seat, field)
    # The record says what is wrong, without the seat or the term it was found in: the editor that
    # shows it already says whose field it is (nothing strips a prefix back off the English).
    assert problem.message == error.reason
    assert not problem.message.startswith(("term ", "North", "East", "South", "West", "NS", "EW"))
    assert str(error).endswith(problem.message)


def test_seat_problems_take_the_seat_they_are_about():
    c = parse_seat_spec("spades 7+, hearts 7+")
    assert seat_problems(c, "W") == [
        Problem("W", None, "minimum suit lengths add up to 14, more than 13 cards"),
        Problem("W", None, "no shape fits both the shape terms and the suit lengths"),
    ]
    assert seat_problems(c)[0].seat == ""
    assert seat_problems(SeatConstraint()) == []


def test_a_shape_that_only_lengths_exclude_names_no_field():
    # Four short suits: no "shape" term to mark, so the problem is the seat's as a whole.
    problems = DealRequest.from_specs(west="spades 2-, hearts 2-, diamonds 2-, clubs 2-").problems()
    assert [(p.seat, p.field) for p in problems] == [("W", None), ("W", None)]


def test_problems_are_empty_for_a_sound_request():
    request = DealRequest.from_specs(north="hcp 15-17, balanced", south="hearts 5+", ns="hcp 23+, fit 8+ hearts")
    assert request.problems() == []
    request.validate()


def test_a_seat_no_hand_fits_is_impossible_for_that_seat():
    request = DealRequest.from_specs(north="hcp 25+, spades 7+, shape 6xxx")
    with pytest.raises(ImpossibleError) as info:
        plan_request(request)
    assert str(info.value) == "no hand fits North's request (hcp 25+, spades 7+, shape 6xxx)"
    assert (info.value.seat, info.value.field) == ("N", None)  # three fields: which to loosen is a choice
    assert info.value.problem.text() == "North: no hand fits North's request (hcp 25+, spades 7+, shape 6xxx)"


def test_a_seat_with_one_field_that_fits_no_hand_names_that_field():
    with pytest.raises(ImpossibleError) as info:
        plan_request(DealRequest.from_specs(east="tricks 13, hcp 0-2"))
    assert (info.value.seat, info.value.field) == ("E", None)
    with pytest.raises(ImpossibleError) as info:  # North holds seven spades: six are left for South
        plan_request(DealRequest.from_specs(north="cards AS KS QS JS TS 9S 8S", south="spades 7+"))
    assert (info.value.seat, info.value.field) == ("S", "spades")


def test_a_request_too_rare_to_find_is_the_whole_requests_problem():
    # Impossible (no controls leave at most 12 HCP: queens and jacks), but not provably so by the planner's
    # bounds, so it is searched for and ends as the whole request's problem.
    request = DealRequest.from_specs(north="controls 0", south="controls 0", ns="hcp 13+")
    with pytest.raises(ImpossibleError) as info:
        deal(request, 1, seed=1, max_tries=5_000)
    assert "deals tried" in str(info.value)
    assert (info.value.seat, info.value.field) == ("", None)


def test_fields_lists_what_a_constraint_sets_in_editor_order():
    c = parse_seat_spec("controls 3+, cards AS, not 4333, hearts 5+, hcp 10-12, qt 2+, ltc 7-, tricks 6+")
    assert c.fields() == ("hcp", "hearts", "shape", "cards", "qt", "ltc", "tricks", "controls")
    assert SeatConstraint().fields() == ()
