"""Seat specs: text <-> constraint round trips, syntax errors naming the term, validation messages."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgegui import engine
from bridgegui.engine import evaluation
from bridgegui.engine.dealer.constraints import (
    DealRequest,
    Range,
    SeatConstraint,
    parse_fit,
    parse_partnership_spec,
    parse_seat_spec,
)
from bridgegui.engine.errors import SEAT_FIELDS, ConstraintError, Problem
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
    "spades 5+, points 13-21",
    "hearts 3+, support hearts 10-12",
    "hcp 10-11, rule20",
    "spades 6, quality spades 3+",
    "balanced, stopper hearts, stopper clubs",
    "hcp 15-17, points 16+, support spades 6-, support clubs 9, rule20, quality hearts 0-2, stopper diamonds",
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
    assert parse_seat_spec("Total Points 13+") == parse_seat_spec("points 13+")
    assert parse_seat_spec("support ♥ 10-12") == parse_seat_spec("support hearts 10-12")
    assert parse_seat_spec("rule of 20") == parse_seat_spec("rule20")
    assert parse_seat_spec("quality s 3+") == parse_seat_spec("quality spades 3+")
    assert parse_seat_spec("stoppers hearts c") == parse_seat_spec("stopper clubs, stopper hearts")


def test_points_are_total_points_not_hcp():
    """``points`` was once another word for hcp; the bidding systems need it to mean total points."""
    c = parse_seat_spec("points 13+")
    assert c.hcp is None and c.points == Range(13, None)


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
    points=_ranges(37),
    support=st.tuples(_ranges(37), _ranges(37), _ranges(37), _ranges(37)),
    rule20=st.booleans(),
    quality=st.tuples(_ranges(5), _ranges(5), _ranges(5), _ranges(5)),
    stoppers=st.tuples(st.booleans(), st.booleans(), st.booleans(), st.booleans()),
)
def test_any_constraint_round_trips(
    hcp, lengths, shapes, excludes, cards, qt, losers, tricks, controls, points, support, rule20, quality, stoppers
):
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
        points=points,
        support=support,
        rule20=rule20,
        quality=quality,
        stoppers=stoppers,
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
        ("support 10-12", "support needs a suit"),
        ("quality trumps 3+", "quality needs a suit"),
        ("quality spades", "not a range for quality spades"),
        ("stopper", "stopper needs a suit"),
        ("stopper hearts notrump", "'notrump' is not a suit"),
        ("stopper hearts, stopper h", "stopper hearts is given twice"),
        ("support hearts 8+, support hearts 10+", "support hearts is given twice"),
        ("points 12+, points 13+", "points is given twice"),
        ("rule20, rule of 20", "rule20 is given twice"),
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


_SHAPE_WORDS = ("balanced", "semibalanced", "4333", "5xxx", "x5xx", "4441", "7xxx", "6-5-x-x", "any 55xx")


@settings(max_examples=150, deadline=None)
@given(
    st.lists(st.sampled_from(_SHAPE_WORDS), max_size=2),
    st.lists(st.sampled_from(_SHAPE_WORDS), max_size=2),
    st.lists(st.tuples(st.integers(0, 3), st.integers(0, 7), st.integers(0, 13)), max_size=3),
)
def test_shape_sets_and_tables_are_the_shapes_each_term_allows(shapes, excluded, lengths):
    """Shape terms, exclusions and suit-length ranges together allow exactly the shapes each allows
    (the sets, worked out with numpy over all 560 shapes, against a plain filter of them), and the
    shape table looks up the same shapes."""
    from bridgegui.engine.dealer.specs import ALL_SHAPES, pattern_shapes

    terms = [f"shape {' '.join(shapes)}"] if shapes else []
    terms += [f"not {word}" for word in excluded if not word.startswith("any")]
    terms += [f"{('spades', 'hearts', 'diamonds', 'clubs')[suit]} {lo}-{max(lo, hi)}" for suit, lo, hi in lengths]
    try:
        c = parse_seat_spec(", ".join(terms) or "any")
    except ConstraintError:
        return  # e.g. one suit given two ranges
    want = frozenset().union(*(pattern_shapes(t) for t in c.shapes)) if c.shapes else ALL_SHAPES
    for token in c.exclude_shapes:
        want = want - pattern_shapes(token)
    for suit, r in enumerate(c.lengths):
        if r is not None:
            want = frozenset(s for s in want if (r.lo is None or s[suit] >= r.lo) and (r.hi is None or s[suit] <= r.hi))
    assert c.allowed_shapes == want
    assert c.shape_array.tolist() == sorted(map(list, want))
    codes = {((s * 14 + h) * 14 + d) * 14 + k for s, h, d, k in want}
    assert set(np.flatnonzero(c.shape_table).tolist()) == codes


def test_masks_of_the_new_terms_agree_with_their_evaluations():
    batch = engine.deal_batch(4000, seed=6)[:, 2]
    c = parse_seat_spec("points 11-17, support diamonds 12+, rule20, quality hearts 1+, stopper spades, stopper clubs")
    expected = (
        (evaluation.total_points(batch) >= 11)
        & (evaluation.total_points(batch) <= 17)
        & (evaluation.support_points(batch, 2) >= 12)
        & evaluation.rule_of_20(batch)
        & (evaluation.suit_quality(batch)[:, 1] >= 1)
        & evaluation.stoppers(batch)[:, 0]
        & evaluation.stoppers(batch)[:, 3]
    )
    assert (c.mask(batch) == expected).all()
    assert expected.any() and not expected.all()


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
        # the new terms: no editor field shows them, so the problem is the seat's, unmarked
        ({"north": "quality spades 4+, spades 2-"}, "North: quality spades 4+ needs 4 spades", "N", None),
        ({"east": "stopper hearts, hearts 0"}, "East: a stopper in hearts needs a heart", "E", None),
        ({"east": "stopper clubs, shape 7600, spades 7, hearts 6"}, "a stopper in clubs", "E", None),
        ({"south": "points 38+"}, "South: points 38+ is more than any hand can have (37)", "S", None),
        ({"south": "support hearts 38+"}, "South: support hearts 38+ is more than any hand can have", "S", None),
        ({"south": "quality hearts 6+"}, "South: quality hearts 6+ is more than any hand can have (5)", "S", None),
        (
            {"west": "points 16+, hcp 10-, balanced"},
            "West: points 16+ is more than hcp 10- and the shape can give (11)",
            "W",
            None,
        ),
        (
            {"west": "points 11-, hcp 12+"},
            "West: points 11- is less than hcp 12+ and the shape already give (12)",
            "W",
            None,
        ),
        (
            {"west": "support spades 8-, hcp 6+, hearts 0"},
            "support spades 8- is less than hcp 6+ and the shape already give (11)",
            "W",
            None,
        ),
        (
            {"north": "quality hearts 3+", "south": "quality hearts 3+"},
            "Hearts: the seats' minimum qualities add up to 6, more than the five honours",
            "",
            None,
        ),
        ({"north": "rule20, hcp 6-"}, "North: rule20 needs hcp and the two longest suits to reach 20", "N", None),
        (
            {"north": "cards AH KH QH, quality hearts 2-"},
            "North: predealt cards hold 3 of the hearts A K Q J 10",
            "N",
            "cards",
        ),
        ({"north": "cards AH KH QH, points 8-"}, "North: predealt cards hold 9 hcp, more than points 8-", "N", "cards"),
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


# -- intersect: both constraints at once ----------------------------------------------------------------


def test_intersect_combines_every_kind_of_term():
    a = parse_seat_spec("hcp 12-21, spades 5+, cards AS, points 13+, support hearts 8+, stopper clubs")
    b = parse_seat_spec("hcp 15-17, spades 3-6, cards KH, quality spades 2+, rule20, stopper diamonds, qt 1+")
    c = a.intersect(b)
    assert c == parse_seat_spec(
        "hcp 15-17, spades 5-6, cards AS KH, qt 1+, points 13+, support hearts 8+, rule20, quality spades 2+, "
        "stopper diamonds, stopper clubs"
    )
    assert b.intersect(a) == c
    assert a.intersect(SeatConstraint()) == a


@pytest.mark.parametrize(
    ("a", "b", "shapes", "excludes"),
    [
        ("balanced", "semibalanced", ("balanced",), ()),
        ("semibalanced", "shape 4333 4432", ("4333", "4432"), ()),
        ("shape 5xxx", "shape 5xxx", ("5xxx",), ()),
        ("shape 5xxx 6xxx", "semibalanced", ("6322", "5422", "5332"), ()),
        ("balanced, not 4333", "not 5332", ("balanced",), ("4333", "5332")),
        ("shape 5=4=x=x", "shape 4333 5440", ("5=4=4=0", "5=4=0=4"), ()),
    ],
)
def test_intersect_combines_shapes(a, b, shapes, excludes):
    c = parse_seat_spec(a).intersect(parse_seat_spec(b))
    assert c.shapes == shapes and c.exclude_shapes == excludes
    assert c.allowed_shapes == parse_seat_spec(a).allowed_shapes & parse_seat_spec(b).allowed_shapes
    assert parse_seat_spec(c.to_spec()) == c


@pytest.mark.parametrize(
    ("a", "b", "fragment", "field"),
    [
        ("hcp 15-17", "hcp 12-14", "hcp 15-17 and hcp 12-14 do not overlap", "hcp"),
        ("spades 5+", "spades 3-", "spades 5+ and spades 3- do not overlap", "spades"),
        ("balanced", "shape 6xxx", "no shape in common", "shape"),
        ("points 20+", "points 15-", "points 20+ and points 15- do not overlap", None),
        ("quality hearts 3+", "hearts 2-", "quality hearts 3+ needs 3 hearts", None),
        ("stopper spades", "spades 0", "a stopper in spades needs a spade", None),
        ("rule20", "hcp 5-", "rule20 needs hcp", None),
        ("spades 5+, hearts 5+", "diamonds 4+", "minimum suit lengths add up to 14", None),
    ],
)
def test_intersect_refuses_what_no_hand_fits(a, b, fragment, field):
    with pytest.raises(ConstraintError) as info:
        parse_seat_spec(a).intersect(parse_seat_spec(b))
    assert fragment in str(info.value)
    assert info.value.field == field
    assert field is None or field in SEAT_FIELDS


SPECS = [
    "hcp 12-16",
    "spades 4+, not 4333",
    "semibalanced, points 12+",
    "shape 5xxx 6xxx, quality hearts 1+",
    "rule20, support spades 10+",
    "stopper hearts, ltc 8-",
    "balanced, stopper diamonds, controls 2+",
    "hearts 3-5, cards AH",
]


@pytest.mark.parametrize("a", SPECS)
@pytest.mark.parametrize("b", SPECS)
def test_intersect_holds_exactly_when_both_hold(a, b):
    ca, cb = parse_seat_spec(a), parse_seat_spec(b)
    try:
        c = ca.intersect(cb)
    except ConstraintError:
        c = None
    batch = engine.deal_batch(3000, seed=14).reshape(-1)
    both = ca.mask(batch) & cb.mask(batch)
    if c is None:
        assert not both.any()
    else:
        assert (c.mask(batch) == both).all()
        assert parse_seat_spec(c.to_spec()) == c


@pytest.mark.parametrize(
    ("spec", "shapes", "excluded"),
    [
        ("shape 5xxx 6xxx not 5332", ("5xxx", "6xxx"), ("5332",)),
        ("shape 5xxx except 5332 6xxx", ("5xxx",), ("5332", "6xxx")),
        ("shape not 4333", (), ("4333",)),
        ("shape 5xxx -5332 !5422", ("5xxx",), ("5332", "5422")),
        ("shape 5xxx, not 5332", ("5xxx",), ("5332",)),
    ],
)
def test_one_shape_term_says_what_will_do_and_what_not(
    spec: str, shapes: tuple[str, ...], excluded: tuple[str, ...]
) -> None:
    """The seat editor's pattern field is the body of one shape term: the grammar is the parser's."""
    c = parse_seat_spec(spec)
    assert c.shapes == shapes and c.exclude_shapes == excluded
    assert parse_seat_spec(c.to_spec()) == c


def test_a_shape_term_ending_in_not_says_what_is_missing() -> None:
    with pytest.raises(ConstraintError, match="not needs a pattern"):
        parse_seat_spec("shape 5xxx not")


# --- hostile input: a ConstraintError naming the term, never more than a line of echo -------------------


@pytest.mark.parametrize(
    "spec",
    [
        "hcp 99999999999999999999999",
        "hcp 10-99999999999999999999999",
        "spades " + "9" * 5000,
        "qt 1." + "5" * 5000,
        "support hearts " + "1" * 5000 + "+",
    ],
)
def test_huge_numbers_are_refused_naming_the_term(spec):
    with pytest.raises(ConstraintError, match=r"^term 1 '") as info:
        parse_seat_spec(spec)
    message = str(info.value)
    assert "99999999999999991611392" not in message, "no float in parsing integers"
    assert len(message) < 300
    assert "too large" in message or "steps of one half" in message


def test_numbers_are_read_exactly():
    assert parse_seat_spec("hcp 9999").hcp == Range(9999, 9999)
    assert parse_seat_spec("qt 1.50-2.5").quick_tricks == Range(3, 5)
    assert parse_seat_spec("hcp 15.0-17.000").hcp == Range(15, 17)


@pytest.mark.parametrize(
    "spec",
    [
        "hcp 1" + "x" * 100_000,
        "x" * 100_000,
        "shape " + "5" * 100_000,
        "shape 5=4=" + "1" * 5000 + "=x",
        "cards AS " + "Z" * 100_000,
        "stopper " + "h" * 100_000,
        "not " + "4" * 100_000,
    ],
)
def test_a_huge_bad_term_is_cut_in_the_message(spec):
    with pytest.raises(ConstraintError) as info:
        parse_seat_spec(spec)
    assert len(str(info.value)) < 400 and "…" in str(info.value)
    assert len(info.value.reason) < 400


def test_a_huge_partnership_term_is_cut_in_the_message():
    for spec in ("fit " + "8" * 5000 + "+", "hcp " + "x" * 100_000, "y" * 100_000):
        with pytest.raises(ConstraintError) as info:
            parse_partnership_spec(spec)
        assert len(str(info.value)) < 400


@pytest.mark.parametrize("spec", ["shape ²xxx", "shape 5=4=²=x", "shape 5=4=02=x"])
def test_digits_int_cannot_read_are_not_suit_lengths(spec):
    if spec == "shape 5=4=02=x":
        assert parse_seat_spec(spec).shapes == ("5=4=02=x",)
        return
    with pytest.raises(ConstraintError, match="is not a suit length"):
        parse_seat_spec(spec)


def test_dealers_any_before_a_pattern_means_any_suit_order_not_any_shape() -> None:
    """``shape any 4441`` (dealer's spelling of 4441 in any order) read ``any`` as a pattern of its own,
    so the term allowed every hand: a system file's 4-4-4-1 rule silently took every hand of its
    points.  It is 4441 now; ``any`` on its own still allows every shape, and is then its only spelling."""
    assert parse_seat_spec("hcp 12, shape any 4441") == parse_seat_spec("hcp 12, shape 4441")
    assert parse_seat_spec("not any 4333") == parse_seat_spec("not 4333")
    assert parse_seat_spec("shape any 5xxx not any 5332") == parse_seat_spec("shape 5xxx not 5332")
    assert parse_seat_spec("shape any not 4333").allowed_shapes == parse_seat_spec("not 4333").allowed_shapes
    assert parse_seat_spec("shape any 5=4=x=x") == parse_seat_spec("shape 54xx")  # in any suit order
    assert parse_seat_spec("shape any -4333 5xxx").allowed_shapes == parse_seat_spec("not 4333").allowed_shapes
    for text in ("shape any", "shape 4441 any", "shape any, shape 4333", "shape 4333, shape any"):
        constraint = parse_seat_spec(text)
        assert constraint.shapes == ("any",)
        assert parse_seat_spec(constraint.to_spec()) == constraint
