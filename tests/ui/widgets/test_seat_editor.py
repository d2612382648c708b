"""SeatEditor and PartnershipEditor: exact round trips with the spec text, errors, signals, marks."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QLabel, QToolButton

from bridgegui.engine.dealer.constraints import parse_partnership_spec, parse_seat_spec
from bridgegui.engine.errors import ConstraintError
from bridgegui.ui.widgets.seat_editor import SEAT_FIELDS, PartnershipEditor, SeatEditor

SPECS = [
    "",
    "hcp 15-17, balanced",
    "hcp 8-9, spades 5+",
    "shape 5xxx 6xxx, qt 2+",
    "hearts 0-1, ltc 7-",
    "cards AS KH QD",
    "semibalanced, not 4333",
    "shape 5=4=x=x, qt 1.5-2.5, tricks 6-8, controls 3+",
    "hcp 10, diamonds 4-6, clubs 0",
    "hcp 0+",
    "hcp 37-, spades 13",
    "shape any, not 4333, controls 3+, tricks 6-8",
    "shape 5xxx balanced",
    "balanced, shape 4441",
    "not 4333 4432",
    "shape 4-3-3-3 -5332",
    "Spades 5+ , HCP 8-9",
    "semi-balanced",
    "qt 0.5, ltc 0-12, tricks 13, controls 0-",
    "cards 10D sa ♥K, hcp 12-14, hearts 4+, shape 5=4=2=2 4=5=2=2, not 4=4=4=1",
]


@pytest.fixture
def editor(qtbot) -> SeatEditor:
    w = SeatEditor("N")
    qtbot.addWidget(w)
    return w


def test_object_name_and_title(qtbot):
    w = SeatEditor("east")
    qtbot.addWidget(w)
    assert w.objectName() == "seatEditor_E"
    assert w.seat() == "E"


@pytest.mark.parametrize("text", SPECS)
def test_round_trip_is_the_canonical_spec(editor, text):
    editor.set_spec(text)
    assert editor.spec() == parse_seat_spec(text).to_spec()
    assert editor.constraint() == parse_seat_spec(text)
    # And again from the canonical text: a fixed point.
    editor.set_spec(editor.spec())
    assert editor.spec() == parse_seat_spec(text).to_spec()


def _range_text(top: int, scale: int = 1) -> st.SearchStrategy[str]:
    def fmt(v: int) -> str:
        return f"{v / scale:g}"

    def text(pair: tuple[int, int], form: str) -> str:
        lo, hi = sorted(pair)
        return {"ab": f"{fmt(lo)}-{fmt(hi)}", "a+": f"{fmt(lo)}+", "a-": f"{fmt(hi)}-", "a": fmt(lo)}[form]

    value = st.integers(0, top * scale)
    return st.builds(text, st.tuples(value, value), st.sampled_from(["ab", "a+", "a-", "a"]))


_SHAPE_TOKENS = ["4333", "4432", "5xxx", "6xxx", "5=4=x=x", "x=x=4=4", "balanced", "semibalanced", "semi-balanced"]
_CARDS = [r + s for s in "SHDC" for r in "AKQJT98765432"]
_TERMS = st.one_of(
    st.builds(lambda r: f"hcp {r}", _range_text(37)),
    st.builds(
        lambda name, r: f"{name} {r}", st.sampled_from(["spades", "hearts", "diamonds", "clubs"]), _range_text(13)
    ),
    st.builds(
        lambda ts: "shape " + " ".join(ts), st.lists(st.sampled_from([*_SHAPE_TOKENS, "any"]), min_size=1, max_size=3)
    ),
    st.sampled_from(["balanced", "semibalanced"]),
    st.builds(lambda ts: "not " + " ".join(ts), st.lists(st.sampled_from(_SHAPE_TOKENS), min_size=1, max_size=2)),
    st.builds(
        lambda cs: "cards " + " ".join(cs), st.lists(st.sampled_from(_CARDS), min_size=1, max_size=5, unique=True)
    ),
    st.builds(lambda r: f"qt {r}", _range_text(8, scale=2)),
    st.builds(lambda r: f"ltc {r}", _range_text(12)),
    st.builds(lambda r: f"tricks {r}", _range_text(13)),
    st.builds(lambda r: f"controls {r}", _range_text(12)),
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(terms=st.lists(_TERMS, max_size=6))
def test_round_trip_of_generated_specs(editor, terms):
    text = ", ".join(terms)
    try:
        expected = parse_seat_spec(text)
    except ConstraintError:
        assume(False)
    editor.set_spec(text)
    assert editor.spec() == expected.to_spec()
    assert editor.constraint() == expected


def test_unconstrained_spec_is_empty(editor):
    assert editor.spec() == ""
    assert editor.constraint().is_empty
    editor.set_spec("hcp 15-17, balanced, qt 2+")
    editor.clear()
    assert editor.spec() == ""


@pytest.mark.parametrize(
    "bad",
    ["hcp 17-15", "spades 5x", "shape 5xx", "cards ZZ", "cards AS AS", "banana 4", "hcp 38+", "spades 14+", "qt 9+"],
)
def test_bad_text_raises_and_leaves_fields_unchanged(editor, bad):
    editor.set_spec("hcp 15-17, balanced, cards AS")
    with pytest.raises(ConstraintError):
        editor.set_spec(bad)
    assert editor.spec() == "hcp 15-17, balanced, cards AS"


def test_set_spec_does_not_emit_changed(editor, qtbot):
    with qtbot.assertNotEmitted(editor.changed):
        editor.set_spec("hcp 15-17")
        editor.clear()


def test_editing_a_spin_box_emits_changed_and_updates_spec(editor, qtbot):
    low, high = editor.field_widgets("hcp")
    with qtbot.waitSignal(editor.changed, timeout=1000):
        low.setValue(15)
    with qtbot.waitSignal(editor.changed, timeout=1000):
        high.setValue(17)
    assert editor.spec() == "hcp 15-17"


def test_typing_emits_changed(editor, qtbot):
    spades_min, _ = editor.field_widgets("spades")
    spades_min.lineEdit().selectAll()
    with qtbot.waitSignal(editor.changed, timeout=1000):
        qtbot.keyClicks(spades_min.lineEdit(), "5")
    assert editor.spec() == "spades 5+"
    (cards,) = editor.field_widgets("cards")
    with qtbot.waitSignal(editor.changed, timeout=1000):
        qtbot.keyClicks(cards, "kh as")
    assert editor.spec() == "spades 5+, cards AS KH"


def test_shape_preset_and_pattern(editor, qtbot):
    combo, pattern = editor.field_widgets("shape")
    with qtbot.waitSignal(editor.changed, timeout=1000):
        combo.setCurrentIndex(1)
    assert editor.spec() == "balanced"
    with qtbot.waitSignal(editor.changed, timeout=1000):
        pattern.setText("not 4333")
    assert editor.spec() == "balanced, not 4333"
    combo.setCurrentIndex(0)
    pattern.setText("5xxx 6-x-x-x !4=4=4=1")
    assert editor.spec() == "shape 5xxx 6xxx, not 4=4=4=1"


def test_half_trick_steps(editor):
    low, high = editor.field_widgets("qt")
    low.stepBy(3)  # any -> 0 -> 0.5 -> 1
    assert editor.spec() == "qt 1+"
    high.setValue(2.5)
    assert editor.spec() == "qt 1-2.5"
    assert low.text() == "1" and high.text() == "2.5"


def test_open_end_reads_any(editor):
    low, high = editor.field_widgets("hcp")
    assert low.text() == "any" and high.text() == "any"
    editor.set_spec("hcp 0+")
    assert low.text() == "0" and high.text() == "any"


def test_emptying_or_typing_any_opens_the_end(editor, qtbot):
    editor.set_spec("hcp 15-17, qt 2+")
    low, _ = editor.field_widgets("hcp")
    low.lineEdit().selectAll()
    qtbot.keyClick(low.lineEdit(), Qt.Key.Key_Backspace)
    assert editor.spec() == "hcp 17-, qt 2+"
    qtbot.keyClicks(low.lineEdit(), "12")
    assert editor.spec() == "hcp 12-17, qt 2+"
    low.lineEdit().selectAll()
    qtbot.keyClicks(low.lineEdit(), "any")
    assert editor.spec() == "hcp 17-, qt 2+"
    qt_low, _ = editor.field_widgets("qt")
    qt_low.lineEdit().selectAll()
    qtbot.keyClicks(qt_low.lineEdit(), "-1")  # the minus is refused, not read as "any"
    assert editor.spec() == "hcp 17-, qt 1+"


def test_malformed_field_is_reported_and_marked(editor):
    low, high = editor.field_widgets("hcp")
    low.setValue(17)
    high.setValue(15)
    # The parser's own words (the editor reads its fields through parse_seat_spec).
    assert editor.problem() == ("hcp", "hcp 17-15: the minimum 17 is above the maximum 15")
    with pytest.raises(ConstraintError) as raised:
        editor.constraint()
    assert (raised.value.seat, raised.value.field) == ("N", "hcp")
    assert raised.value.problem.message == editor.problem()[1]
    assert editor.spec() == "hcp 17-15"  # still shown, and the parser gives the same complaint
    with pytest.raises(ConstraintError):
        parse_seat_spec(editor.spec())
    assert editor.marked_fields() == ["hcp"]
    assert low.property("error") is True
    high.setValue(18)
    assert editor.problem() is None
    assert editor.marked_fields() == []


def test_bad_pattern_and_cards_name_their_field(editor):
    _, pattern = editor.field_widgets("shape")
    pattern.setText("5xx")
    assert editor.problem()[0] == "shape"
    assert "four lengths" in editor.problem()[1]
    assert not editor.problem()[1].startswith("term")  # inside a field the user knows which term
    assert editor.spec() == "shape 5xx"
    pattern.setText("not")
    assert editor.problem() == ("shape", "not needs a pattern to exclude, e.g. not 4333")
    pattern.clear()
    (cards,) = editor.field_widgets("cards")
    cards.setText("AS ZZ")
    assert editor.problem()[0] == "cards"
    cards.setText("AS, KH as")
    assert editor.problem() == ("cards", "as is listed twice")
    with pytest.raises(ConstraintError) as raised:
        editor.constraint()
    assert raised.value.field == "cards"


@pytest.mark.parametrize(
    ("preset", "pattern", "spec"),
    [
        (0, "", ""),
        (1, "", "balanced"),
        (2, "-4333", "semibalanced, not 4333"),
        (0, "shape 5xxx, 6xxx", "shape 5xxx 6xxx"),
        (0, "5=4=x=x except 5=4=2=2 4-4-4-1", "shape 5=4=x=x, not 5=4=2=2 4441"),
        (1, "4441 exclude !4333", "shape balanced 4441, not 4333"),
        (0, "!5xxx", "not 5xxx"),
    ],
)
def test_the_pattern_field_reads_as_shape_terms(editor, preset, pattern, spec):
    combo, edit = editor.field_widgets("shape")
    combo.setCurrentIndex(preset)
    edit.setText(pattern)
    assert editor.problem() is None
    assert editor.spec() == spec
    assert editor.constraint() == parse_seat_spec(spec)


def test_out_of_range_text_names_its_field(editor):
    with pytest.raises(ConstraintError) as raised:
        editor.set_spec("spades 5+, controls 13+")  # the parser takes it; the spin boxes stop at 12
    assert raised.value.field == "controls"
    assert "0 to 12" in str(raised.value)
    with pytest.raises(ConstraintError) as raised:
        editor.set_spec("hcp 38+")
    assert raised.value.field == "hcp"


@pytest.mark.parametrize("field", SEAT_FIELDS)
def test_feedback_error_marks_the_field(editor, field):
    editor.set_feedback("No hand fits", error=True, field=field)
    assert editor.feedback() == "No hand fits"
    assert editor.marked_fields() == [field]
    for widget in editor.field_widgets(field):
        assert widget.property("error") is True
        assert widget.toolTip() == "No hand fits"
        assert widget.isVisibleTo(editor)  # an advanced field opens the advanced part
    editor.set_feedback("1 hand in 21 (4.87%)")
    assert editor.marked_fields() == []
    for widget in editor.field_widgets(field):
        assert widget.property("error") is False
        assert widget.toolTip() != "No hand fits"


def test_feedback_error_is_red(editor):
    editor.set_feedback("ok")
    label = editor.findChild(QLabel, "feedback")
    normal = label.palette().color(label.foregroundRole())
    editor.set_feedback("bad", error=True)
    assert label.palette().color(label.foregroundRole()) != normal
    assert label.palette().color(label.foregroundRole()).red() > 150


def test_feedback_rejects_unknown_field(editor):
    with pytest.raises(ValueError):
        editor.set_feedback("x", error=True, field="points")


def test_clear_button_emits_changed(editor, qtbot):
    editor.set_spec("hcp 15-17")
    button = editor.findChild(QToolButton, "clearButton")
    with qtbot.waitSignal(editor.changed, timeout=1000):
        qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    assert editor.spec() == ""


def test_advanced_toggle(editor, qtbot):
    low, _ = editor.field_widgets("ltc")
    assert not low.isVisibleTo(editor)
    button = editor.findChild(QToolButton, "advancedButton")
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    assert low.isVisibleTo(editor) and editor.advanced_visible()
    editor.set_advanced_visible(False)
    assert not low.isVisibleTo(editor) and not button.isChecked()


def test_fits_beside_the_diagram(editor):
    hint = editor.sizeHint()
    assert 240 <= hint.width() <= 330
    assert hint.height() <= 260


# -- partnership -----------------------------------------------------------------------------------

PARTNERSHIP_SPECS = ["", "hcp 25-27", "fit 8+ hearts", "hcp 25-27, fit 8+ hearts", "fit 9+", "hcp 20+, fit 8+ spades"]


@pytest.fixture
def side(qtbot) -> PartnershipEditor:
    w = PartnershipEditor("NS")
    qtbot.addWidget(w)
    return w


def test_partnership_object_name(side):
    assert side.objectName() == "partnershipEditor_NS"


@pytest.mark.parametrize("text", PARTNERSHIP_SPECS)
def test_partnership_round_trip(side, text):
    side.set_spec(text)
    assert side.spec() == parse_partnership_spec(text).to_spec()
    assert side.constraint() == parse_partnership_spec(text)


@pytest.mark.parametrize("bad", ["hcp 27-25", "fit 8- hearts", "points", "trumps 8", "hcp 41+"])
def test_partnership_bad_text_leaves_fields(side, bad):
    side.set_spec("hcp 25-27, fit 8+ hearts")
    with pytest.raises(ConstraintError):
        side.set_spec(bad)
    assert side.spec() == "hcp 25-27, fit 8+ hearts"


def test_partnership_edit_emits_changed(side, qtbot):
    fit, suit = side.field_widgets("fit")
    assert not suit.isEnabled()  # no suit to choose while no fit is asked for
    with qtbot.waitSignal(side.changed, timeout=1000):
        fit.setValue(8)
    assert side.spec() == "fit 8+"
    with qtbot.waitSignal(side.changed, timeout=1000):
        suit.setCurrentIndex(2)
    assert side.spec() == "fit 8+ hearts"


def test_partnership_malformed_hcp_uses_the_parsers_words(side):
    low, high = side.field_widgets("hcp")
    low.setValue(27)
    high.setValue(25)
    assert side.problem() == ("hcp", "combined hcp 27-25: the minimum 27 is above the maximum 25")
    assert side.spec() == "hcp 27-25"
    with pytest.raises(ConstraintError) as raised:
        side.constraint()
    assert (raised.value.seat, raised.value.field) == ("NS", "hcp")
    with pytest.raises(ConstraintError):
        parse_partnership_spec(side.spec())
    with pytest.raises(ConstraintError) as raised:
        side.set_spec("hcp 41+")
    assert raised.value.field == "hcp"


def test_fields_are_the_engines():
    """The field names live in the engine (``Problem.field``); the editor module re-exports them."""
    from bridgegui.engine import errors
    from bridgegui.ui.widgets import seat_editor

    assert seat_editor.SEAT_FIELDS is errors.SEAT_FIELDS
    assert seat_editor.PARTNERSHIP_FIELDS is errors.PARTNERSHIP_FIELDS


def test_partnership_feedback_marks(side):
    side.set_feedback("NS cannot hold 41", error=True, field="hcp")
    assert side.marked_fields() == ["hcp"]
    side.set_feedback("")
    assert side.marked_fields() == []
    side.set_spec("hcp 25-27")
    low, _ = side.field_widgets("hcp")
    low.setValue(30)
    assert side.problem()[0] == "hcp"
    assert side.marked_fields() == ["hcp"]


def test_marks_follow_a_theme_change(editor):
    """A field marked and unmarked keeps following the palette (nothing pinned to the old theme)."""
    editor.set_feedback("bad", error=True, field="hearts")
    low, _ = editor.field_widgets("hearts")
    light_tint = low.palette().color(QPalette.ColorRole.Base)
    dark = QPalette(editor.palette())
    dark.setColor(QPalette.ColorRole.Window, QColor("#2b2b2b"))
    dark.setColor(QPalette.ColorRole.Base, QColor("#1e1e1e"))
    editor.setPalette(dark)
    dark_tint = low.palette().color(QPalette.ColorRole.Base)
    assert dark_tint != light_tint and dark_tint.lightnessF() < 0.5
    editor.set_feedback("fine")
    assert low.palette().color(QPalette.ColorRole.Base) == QColor("#1e1e1e")


@pytest.mark.parametrize(
    "spec",
    [
        "points 13-21, spades 5+",
        "hcp 15-17, balanced, stopper hearts, stopper clubs",
        "support hearts 10-12",
        "hcp 10+, rule20",
        "spades 6, quality spades 3+, tricks 6-7",
    ],
)
def test_no_term_a_spec_can_say_is_dropped(qtbot, spec):
    """The bidding systems' terms have no fields of their own: they live in the More field, and survive."""
    editor = SeatEditor("N")
    qtbot.addWidget(editor)
    editor.set_spec(spec)
    assert editor.constraint() == parse_seat_spec(spec)
    assert editor.spec() == parse_seat_spec(spec).to_spec()


def test_a_mistake_in_the_more_field_is_marked_there(qtbot):
    editor = SeatEditor("S")
    qtbot.addWidget(editor)
    (more,) = editor.field_widgets("more")
    more.setText("quality spades lots")
    problem = editor.problem()
    assert problem is not None and problem[0] == "more"
    assert "more" in editor.marked_fields()
