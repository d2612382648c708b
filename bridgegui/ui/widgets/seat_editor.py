"""Editors for what one seat (``SeatEditor``) or one side (``PartnershipEditor``) must be dealt.

The seat-spec text (``constraints.parse_seat_spec``) is the single source of truth: ``spec()`` writes
exactly ``SeatConstraint.to_spec()`` of the fields, and ``set_spec`` fills the fields from any text
the grammar accepts, so presets, the command line and the GUI share one format and
``set_spec(x); spec() == parse_seat_spec(x).to_spec()`` holds for every spec within the fields'
bounds (hcp 0-37, lengths 0-13, qt 0-8, ltc 0-12, tricks 0-13, controls 0-12).

Open ends read "any": each range is a pair of spin boxes whose minimum value is a sentinel shown as
"any" (``QSpinBox.setSpecialValueText``), so "hcp 0+" and "no hcp term" stay distinct and round-trip.

``changed`` is emitted immediately on every user edit (the main window debounces the recount); it is
not emitted by ``set_spec`` or ``clear``, which are the program speaking, not the user.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from PySide6.QtCore import QCoreApplication, QEvent, QSignalBlocker, Qt, Signal
from PySide6.QtGui import QColor, QFont, QPalette, QValidator
from PySide6.QtWidgets import (
    QAbstractSpinBox,
    QComboBox,
    QDoubleSpinBox,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QSizePolicy,
    QSpinBox,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from bridgegui.engine.cards import SEATS, SUIT_NAMES, card_name, mask_cards, parse_card
from bridgegui.engine.constraints import (
    Fit,
    PartnershipConstraint,
    Range,
    SeatConstraint,
    parse_partnership_spec,
    parse_seat_spec,
)
from bridgegui.engine.errors import BridgeError, ConstraintError
from bridgegui.ui.widgets.suit_text import red_colour, suit_html

SEAT_FIELDS = ("hcp", "spades", "hearts", "diamonds", "clubs", "shape", "cards", "qt", "ltc", "tricks", "controls")
"""Field names ``SeatEditor.set_feedback(field=...)`` and ``SeatEditor.problem()`` use."""

PARTNERSHIP_FIELDS = ("hcp", "fit")

ADVANCED_FIELDS = ("qt", "ltc", "tricks", "controls")

# Field -> (SeatConstraint attribute, largest value a hand can have, scale): qt is kept in halves.
_MEASURES = {
    "hcp": ("hcp", 37, 1),
    "qt": ("quick_tricks", 8, 2),
    "ltc": ("losers", 12, 1),
    "tricks": ("playing_tricks", 13, 1),
    "controls": ("controls", 12, 1),
}

_SHAPE_PRESETS = ("", "balanced", "semibalanced")
_SPLIT = re.compile(r"[\s,]+")


# -- range fields ----------------------------------------------------------------------------------


def _open_end_text(box: QAbstractSpinBox, text: str) -> bool:
    """True for text that means an open end: "any" (the special value text) or nothing at all."""
    t = text.strip().lower()
    return t in ("", "any", box.specialValueText().lower())


def _any_state(box: QAbstractSpinBox, text: str) -> QValidator.State | None:
    """Typing for an open end: "any" or an emptied field means no bound (the minimum sentinel).

    Qt accepts the special-value text only when pasted whole; a user who deletes the number or
    types "any" letter by letter expects "any", so both are accepted.  A minus sign is refused
    rather than read as the sentinel.  ``None``: let the spin box judge the text.
    """
    t = text.strip().lower()
    if _open_end_text(box, text):
        return QValidator.State.Acceptable
    if "any".startswith(t):
        return QValidator.State.Intermediate
    if t.startswith("-"):
        return QValidator.State.Invalid
    return None


class _IntBound(QSpinBox):
    """One end of a range: the minimum value is the "any" sentinel (an open end)."""

    def __init__(self, top: int, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setRange(-1, top)
        self.setSpecialValueText(self.tr("any"))
        self.setValue(-1)
        self.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        self.setCorrectionMode(QAbstractSpinBox.CorrectionMode.CorrectToNearestValue)

    def validate(self, text: str, pos: int) -> tuple[QValidator.State, str, int]:
        state = _any_state(self, text)
        return (state, text, pos) if state is not None else super().validate(text, pos)

    def valueFromText(self, text: str) -> int:
        return self.minimum() if _open_end_text(self, text) else super().valueFromText(text)

    def bound(self) -> int | None:
        """The value in the constraint's units, or ``None`` for "any"."""
        v = self.value()
        return None if v == self.minimum() else v

    def set_bound(self, value: int | None) -> None:
        self.setValue(self.minimum() if value is None else value)


class _HalfBound(QDoubleSpinBox):
    """A quick-tricks end: steps of ½, shown as 1.5 (in the locale's decimal point), "any" at the sentinel."""

    def __init__(self, top: int, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setDecimals(1)
        self.setSingleStep(0.5)
        self.setRange(-0.5, top)
        self.setSpecialValueText(self.tr("any"))
        self.setValue(-0.5)
        self.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        self.setCorrectionMode(QAbstractSpinBox.CorrectionMode.CorrectToNearestValue)
        # A typed 1.3 snaps to the nearest half when editing ends.
        self.editingFinished.connect(self._snap)

    def textFromValue(self, value: float) -> str:
        return self.locale().toString(value, "g", 3)

    def validate(self, text: str, pos: int) -> tuple[QValidator.State, str, int]:
        state = _any_state(self, text)
        return (state, text, pos) if state is not None else super().validate(text, pos)

    def valueFromText(self, text: str) -> float:
        return self.minimum() if _open_end_text(self, text) else super().valueFromText(text)

    def _snap(self) -> None:
        halves = round(self.value() * 2)
        if halves / 2 != self.value():
            self.setValue(halves / 2)

    def bound(self) -> int | None:
        """The value in half tricks, or ``None`` for "any"."""
        v = self.value()
        return None if v <= self.minimum() else round(v * 2)

    def set_bound(self, value: int | None) -> None:
        self.setValue(self.minimum() if value is None else value / 2)


_Bound = _IntBound | _HalfBound


@dataclass
class _RangeField:
    """A min and a max spin box for one measure, and how to read them into a ``Range``."""

    name: str
    label: QLabel
    lo: _Bound
    hi: _Bound
    scale: int = 1

    def widgets(self) -> tuple[QWidget, ...]:
        return (self.lo, self.hi)

    def range(self, what: str) -> Range | None:
        lo, hi = self.lo.bound(), self.hi.bound()
        if lo is None and hi is None:
            return None
        if lo is not None and hi is not None and lo > hi:
            raise ConstraintError(
                _tr("{what}: the minimum {lo} is above the maximum {hi}").format(
                    what=what, lo=_fmt(lo, self.scale), hi=_fmt(hi, self.scale)
                )
            )
        return Range(lo, hi)

    def raw(self) -> str | None:
        """The range as text even when it is malformed (min above max), for ``spec()``."""
        lo, hi = self.lo.bound(), self.hi.bound()
        if lo is None and hi is None:
            return None
        if lo is not None and hi is not None and lo > hi:
            return f"{_fmt(lo, self.scale)}-{_fmt(hi, self.scale)}"
        return Range(lo, hi).text(self.scale)

    def set_range(self, r: Range | None) -> None:
        self.lo.set_bound(None if r is None else r.lo)
        self.hi.set_bound(None if r is None else r.hi)


def _tr(text: str) -> str:
    """Translate a message built outside a widget method (``self.tr`` is not at hand there)."""
    return QCoreApplication.translate("SeatEditor", text)


def _fmt(value: int, scale: int) -> str:
    return str(value // scale) if value % scale == 0 else f"{value / scale:g}"


def _check_fits(r: Range | None, top: int, what: str, scale: int = 1) -> None:
    """Refuse a range the spin boxes cannot show (they would silently clamp it); ``top`` in the range's units."""
    if r is None:
        return
    for v in (r.lo, r.hi):
        if v is not None and not 0 <= v <= top:
            raise ConstraintError(
                _tr("{what} {value} is out of range: it can be 0 to {top}").format(
                    what=what, value=_fmt(v, scale), top=_fmt(top, scale)
                )
            )


def _strip_term(message: str) -> str:
    """Drop parse_seat_spec's "term 1 'shape 5x': " prefix: inside a field the user knows which term."""
    m = re.match(r"term \d+ '[^']*': (.*)", message, re.DOTALL)
    return m.group(1) if m else message


def _error_tint(palette: QPalette) -> QColor:
    """A background for a field in error: the base colour mixed a quarter of the way towards red."""
    base = palette.color(QPalette.ColorRole.Base)
    red = red_colour(palette)
    return QColor(
        round(base.red() * 0.75 + red.red() * 0.25),
        round(base.green() * 0.75 + red.green() * 0.25),
        round(base.blue() * 0.75 + red.blue() * 0.25),
    )


class _FieldMarks:
    """Marks fields in error (tinted background and the message as tooltip) and restores them.

    Two sources mark fields: the editor's own check of malformed input, and ``set_feedback`` from the
    main window (e.g. a contradiction the engine found).  A field stays marked while either does.
    Only the Base role is set on a marked field, and an unmarked one gets an empty palette back, so
    fields keep following the desktop theme.
    """

    def __init__(self, owner: QWidget, fields: dict[str, tuple[QWidget, ...]]) -> None:
        self._owner = owner
        self._fields = fields
        self._tips = {w: w.toolTip() for ws in fields.values() for w in ws}
        self.local: tuple[str, str] | None = None
        self.feedback: tuple[str, str] | None = None

    def marked(self) -> dict[str, str]:
        result = {}
        for mark in (self.feedback, self.local):
            if mark is not None:
                result[mark[0]] = mark[1]
        return result

    def apply(self) -> None:
        marked = self.marked()
        for name, widgets in self._fields.items():
            for w in widgets:
                if name in marked:
                    palette = QPalette()
                    palette.setColor(QPalette.ColorRole.Base, _error_tint(self._owner.palette()))
                    w.setPalette(palette)
                    w.setToolTip(marked[name])
                    w.setProperty("error", True)
                elif w.property("error"):
                    w.setPalette(QPalette())
                    w.setToolTip(self._tips[w])
                    w.setProperty("error", False)


def _style_feedback(label: QLabel, owner: QWidget, error: bool) -> None:
    """Feedback text in red for an error, else in the quiet placeholder colour (only that role is set)."""
    palette = QPalette()
    colour = red_colour(owner.palette()) if error else owner.palette().color(QPalette.ColorRole.PlaceholderText)
    palette.setColor(QPalette.ColorRole.WindowText, colour)
    label.setPalette(palette)


# -- the seat editor -------------------------------------------------------------------------------


class SeatEditor(QWidget):
    """What one seat must be dealt: HCP, suit lengths, shape, predealt cards and (advanced) more.

    Signals:
        changed(): the user edited a field; fires on the GUI thread, at once (not debounced), and not
            for ``set_spec``/``clear``.
    """

    changed = Signal()

    def __init__(self, seat: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        letter = seat.strip()[:1].upper()
        if letter not in SEATS:
            raise ValueError(f"{seat!r} is not a seat: use N, E, S or W")
        self._seat = letter
        self.setObjectName(f"seatEditor_{letter}")
        self._updating = False
        self._ranges: dict[str, _RangeField] = {}

        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.setSpacing(4)

        # Title row: the seat's name and Clear.  No "min"/"max" column heads (they would cost a row):
        # the spin boxes' tooltips say which is which, and the dash between them reads as "to".
        title_row = QHBoxLayout()
        title_row.setSpacing(4)
        self._title = QLabel(self._seat_name(), self)
        bold = QFont(self._title.font())
        bold.setBold(True)
        self._title.setFont(bold)
        title_row.addWidget(self._title)
        title_row.addStretch(1)
        self._clear_button = QToolButton(self)
        self._clear_button.setObjectName("clearButton")
        self._clear_button.setText(self.tr("Clear"))
        self._clear_button.setToolTip(self.tr("Remove every constraint on this seat"))
        self._clear_button.setAutoRaise(True)
        self._clear_button.clicked.connect(self._user_clear)
        title_row.addWidget(self._clear_button)
        outer.addLayout(title_row)

        grid = QGridLayout()
        grid.setContentsMargins(0, 0, 0, 0)
        grid.setHorizontalSpacing(3)
        grid.setVerticalSpacing(3)
        grid.setColumnMinimumWidth(4, 8)
        grid.setColumnStretch(4, 1)
        outer.addLayout(grid)

        self._add_range(
            grid, 0, 0, "hcp", self.tr("HCP"), 37, self.tr("High-card points (ace 4, king 3, queen 2, jack 1)")
        )
        suit_tips = (
            self.tr("Number of spades"),
            self.tr("Number of hearts"),
            self.tr("Number of diamonds"),
            self.tr("Number of clubs"),
        )
        for suit, name in enumerate(SUIT_NAMES):
            row, col = 1 + suit // 2, 0 if suit % 2 == 0 else 5
            self._add_range(grid, row, col, name, suit_html(suit, self.palette()), 13, suit_tips[suit], rich=True)

        # Shape: a preset combo and a free pattern field.
        shape_label = QLabel(self.tr("Shape"), self)
        self._shape_combo = QComboBox(self)
        self._shape_combo.setObjectName("shapeCombo")
        self._shape_combo.addItems([self.tr("Any"), self.tr("Balanced"), self.tr("Semi-balanced")])
        self._shape_combo.setToolTip(self.tr("Balanced: 4333, 4432, 5332. Semi-balanced adds 5422 and 6322."))
        self._shape_combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        self._pattern = QLineEdit(self)
        self._pattern.setObjectName("patternEdit")
        self._pattern.setPlaceholderText(self.tr("e.g. 5xxx not 4333"))
        self._pattern.setToolTip(
            self.tr(
                "Patterns, any of which will do: 4333 or 5xxx (any suit order, x = any length), "
                "5=4=x=x (spades=hearts=diamonds=clubs). Write not 4333 to exclude one."
            )
        )
        self._pattern.setClearButtonEnabled(True)
        shape_label.setBuddy(self._shape_combo)
        shape_row = QHBoxLayout()
        shape_row.setSpacing(3)
        shape_row.addWidget(self._shape_combo)
        shape_row.addWidget(self._pattern, 1)
        grid.addWidget(shape_label, 3, 0)
        grid.addLayout(shape_row, 3, 1, 1, 8)

        cards_label = QLabel(self.tr("Cards"), self)
        self._cards = QLineEdit(self)
        self._cards.setObjectName("cardsEdit")
        self._cards.setPlaceholderText(self.tr("predealt, e.g. AS KH QD"))
        self._cards.setToolTip(self.tr("Cards this seat must hold: rank then suit, e.g. AS KH 10D (or SA HK)"))
        self._cards.setClearButtonEnabled(True)
        cards_label.setBuddy(self._cards)
        grid.addWidget(cards_label, 4, 0)
        grid.addWidget(self._cards, 4, 1, 1, 8)

        # Advanced: collapsed by default; the button says how many of its fields are set.
        self._advanced_button = QToolButton(self)
        self._advanced_button.setObjectName("advancedButton")
        self._advanced_button.setCheckable(True)
        self._advanced_button.setAutoRaise(True)
        self._advanced_button.setArrowType(Qt.ArrowType.RightArrow)
        self._advanced_button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        self._advanced_button.setToolTip(self.tr("Quick tricks, losing-trick count, playing tricks and controls"))
        self._advanced_button.toggled.connect(self.set_advanced_visible)
        outer.addWidget(self._advanced_button, 0, Qt.AlignmentFlag.AlignLeft)

        self._advanced = QWidget(self)
        self._advanced.setObjectName("advancedPart")
        adv = QGridLayout(self._advanced)
        adv.setContentsMargins(12, 0, 0, 0)
        adv.setHorizontalSpacing(3)
        adv.setVerticalSpacing(3)
        adv.setColumnStretch(4, 1)
        advanced_rows = (
            ("qt", self.tr("Quick tricks"), self.tr("Quick tricks: AK 2, AQ 1½, A 1, KQ 1, Kx ½ (steps of ½)")),
            (
                "ltc",
                self.tr("Losers (LTC)"),
                self.tr("Losing-trick count: missing A, K, Q among the top three cards of each suit"),
            ),
            (
                "tricks",
                self.tr("Playing tricks"),
                self.tr("Tricks the hand takes in play with its own suits as trumps"),
            ),
            ("controls", self.tr("Controls"), self.tr("Controls: aces count 2, kings 1")),
        )
        for row, (name, label, tip) in enumerate(advanced_rows):
            self._add_range(adv, row, 0, name, label, _MEASURES[name][1], tip, parent=self._advanced)
        self._advanced.setVisible(False)
        outer.addWidget(self._advanced)

        self._feedback = QLabel(self)
        self._feedback.setObjectName("feedback")
        self._feedback.setWordWrap(True)
        self._feedback.setTextFormat(Qt.TextFormat.PlainText)
        self._feedback.setVisible(False)
        outer.addWidget(self._feedback)
        outer.addStretch(1)

        fields: dict[str, tuple[QWidget, ...]] = {name: f.widgets() for name, f in self._ranges.items()}
        fields["shape"] = (self._shape_combo, self._pattern)
        fields["cards"] = (self._cards,)
        self._marks = _FieldMarks(self, fields)
        self._feedback_error = False

        for f in self._ranges.values():
            f.lo.valueChanged.connect(self._edited)
            f.hi.valueChanged.connect(self._edited)
        self._shape_combo.currentIndexChanged.connect(self._edited)
        self._pattern.textChanged.connect(self._edited)
        self._cards.textChanged.connect(self._edited)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Maximum)
        self._update_advanced_text()

    # -- API ---------------------------------------------------------------------------------------

    def seat(self) -> str:
        return self._seat

    def spec(self) -> str:
        """The seat-spec text of the fields: ``SeatConstraint.to_spec()``, or "" when unconstrained.

        While a field is malformed the text is still returned (e.g. "hcp 17-15"), so it can be shown
        or saved; ``parse_seat_spec`` of it gives the same error as ``constraint()``.
        """
        try:
            return self.constraint().to_spec()
        except ConstraintError:
            return self._raw_spec()

    def set_spec(self, text: str) -> None:
        """Fill the fields from seat-spec text; raises ``ConstraintError`` (fields untouched) if it is malformed."""
        c = parse_seat_spec(text)
        for name, (attr, top, scale) in _MEASURES.items():
            _check_fits(getattr(c, attr), top * scale, name, scale)
        for suit, r in enumerate(c.lengths):
            _check_fits(r, 13, SUIT_NAMES[suit])
        shapes = list(c.shapes)
        preset = 0
        if shapes and shapes[0] in _SHAPE_PRESETS[1:]:
            preset = _SHAPE_PRESETS.index(shapes.pop(0))
        pattern = " ".join(shapes)
        if c.exclude_shapes:
            pattern = (pattern + " not " + " ".join(c.exclude_shapes)).strip()
        cards = " ".join(card_name(x)[1] + card_name(x)[0] for x in mask_cards(c.cards))
        with self._programmatic():
            self._ranges["hcp"].set_range(c.hcp)
            for suit, name in enumerate(SUIT_NAMES):
                self._ranges[name].set_range(c.lengths[suit])
            self._shape_combo.setCurrentIndex(preset)
            self._pattern.setText(pattern)
            self._cards.setText(cards)
            for name in ADVANCED_FIELDS:
                self._ranges[name].set_range(getattr(c, _MEASURES[name][0]))

    def constraint(self) -> SeatConstraint:
        """The fields as a constraint; raises ``ConstraintError`` naming the malformed field."""
        problem, c = self._read()
        if problem is not None:
            raise ConstraintError(problem[1])
        assert c is not None
        return c

    def problem(self) -> tuple[str, str] | None:
        """``(field, message)`` for the first malformed field, or ``None``: lets the caller mark the field."""
        return self._read()[0]

    def set_feedback(self, text: str, *, error: bool = False, field: str | None = None) -> None:
        """Show ``text`` under the editor ("1 hand in 21 (4.87%)"); in red when ``error``.

        With ``error`` and a ``field`` (one of ``SEAT_FIELDS``), that field is tinted red and its
        tooltip carries ``text``; a collapsed advanced part opens to show it.  The next call
        replaces both the text and the mark.
        """
        if field is not None and field not in SEAT_FIELDS:
            raise ValueError(f"{field!r} is not a field: use one of {', '.join(SEAT_FIELDS)}")
        self._feedback_error = bool(error)
        self._feedback.setText(text)
        self._feedback.setVisible(bool(text))
        self._style_feedback()
        self._marks.feedback = (field, text) if error and field is not None else None
        self._marks.apply()
        if error and field in ADVANCED_FIELDS:
            self.set_advanced_visible(True)

    def feedback(self) -> str:
        return self._feedback.text()

    def marked_fields(self) -> list[str]:
        """The fields currently marked as in error (by ``set_feedback`` or by malformed input)."""
        return sorted(self._marks.marked())

    def clear(self) -> None:
        """Every field back to "any" (no constraint), and the feedback cleared."""
        with self._programmatic():
            for f in self._ranges.values():
                f.set_range(None)
            self._shape_combo.setCurrentIndex(0)
            self._pattern.clear()
            self._cards.clear()
        self.set_feedback("")

    def set_advanced_visible(self, visible: bool) -> None:
        """Open or close the advanced part (quick tricks, LTC, playing tricks, controls)."""
        self._advanced.setVisible(visible)
        with QSignalBlocker(self._advanced_button):
            self._advanced_button.setChecked(visible)
        self._advanced_button.setArrowType(Qt.ArrowType.DownArrow if visible else Qt.ArrowType.RightArrow)

    def advanced_visible(self) -> bool:
        return self._advanced_button.isChecked()

    def field_widgets(self, field: str) -> tuple[QWidget, ...]:
        """The input widgets of ``field`` (for tests and for focusing a field in error)."""
        if field in self._ranges:
            return self._ranges[field].widgets()
        return {"shape": (self._shape_combo, self._pattern), "cards": (self._cards,)}[field]

    # -- internals ---------------------------------------------------------------------------------

    def _seat_name(self) -> str:
        return {"N": self.tr("North"), "E": self.tr("East"), "S": self.tr("South"), "W": self.tr("West")}[self._seat]

    def _add_range(
        self,
        grid: QGridLayout,
        row: int,
        col: int,
        name: str,
        label_text: str,
        top: int,
        tip: str,
        *,
        rich: bool = False,
        parent: QWidget | None = None,
    ) -> None:
        owner = parent or self
        label = QLabel(label_text, owner)
        if rich:
            label.setTextFormat(Qt.TextFormat.RichText)
            font = QFont(label.font())
            font.setPointSizeF(font.pointSizeF() * 1.25)
            label.setFont(font)
        scale = 2 if name == "qt" else 1
        lo: _Bound = _HalfBound(top, owner) if scale == 2 else _IntBound(top, owner)
        hi: _Bound = _HalfBound(top, owner) if scale == 2 else _IntBound(top, owner)
        lo.setObjectName(f"{name}Min")
        hi.setObjectName(f"{name}Max")
        lo.setToolTip(self.tr("{what}: at least").format(what=tip))
        hi.setToolTip(self.tr("{what}: at most").format(what=tip))
        lo.setAccessibleName(self.tr("{what} minimum").format(what=name))
        hi.setAccessibleName(self.tr("{what} maximum").format(what=name))
        label.setToolTip(tip)
        label.setBuddy(lo)
        dash = QLabel("–", owner)
        dash.setAlignment(Qt.AlignmentFlag.AlignCenter)
        grid.addWidget(label, row, col)
        grid.addWidget(lo, row, col + 1)
        grid.addWidget(dash, row, col + 2)
        grid.addWidget(hi, row, col + 3)
        self._ranges[name] = _RangeField(name, label, lo, hi, scale)

    def _programmatic(self) -> _Quiet:
        return _Quiet(self)

    def _edited(self) -> None:
        if self._updating:
            return
        self._after_change()
        self.changed.emit()

    def _after_change(self) -> None:
        problem = self.problem()
        self._marks.local = problem
        self._marks.apply()
        self._update_advanced_text()

    def _user_clear(self) -> None:
        before = self.spec()
        self.clear()
        if before:
            self.changed.emit()

    def _update_advanced_text(self) -> None:
        n = sum(self._ranges[name].raw() is not None for name in ADVANCED_FIELDS)
        text = self.tr("Advanced")
        if n:
            text = self.tr("Advanced ({n} set)").format(n=n)
        self._advanced_button.setText(text)

    def _style_feedback(self) -> None:
        _style_feedback(self._feedback, self, self._feedback_error)

    def _read_shapes(self) -> tuple[list[str], list[str]]:
        """The preset and the pattern field as (shapes, excluded shapes), in the order written."""
        shapes: list[str] = []
        excludes: list[str] = []
        preset = _SHAPE_PRESETS[self._shape_combo.currentIndex()]
        if preset:
            shapes.append(preset)
        negate = False
        for token in _SPLIT.split(self._pattern.text().strip()):
            low = token.lower()
            if not low or low == "shape":
                continue
            if low in ("not", "exclude", "except"):
                negate = True
                continue
            exclude = negate or low.startswith(("-", "!"))
            body = low.lstrip("-!") if low.startswith(("-", "!")) else low
            try:
                normal = parse_seat_spec(f"shape {body}").shapes[0]
            except ConstraintError as exc:
                raise ConstraintError(_strip_term(str(exc))) from None
            (excludes if exclude else shapes).append(normal)
        if negate and not excludes:
            raise ConstraintError(_tr("not needs a pattern to exclude, e.g. not 4333"))
        return shapes, excludes

    def _read_cards(self) -> int:
        mask = 0
        for token in _SPLIT.split(self._cards.text().strip()):
            if not token:
                continue
            try:
                card = parse_card(token)
            except BridgeError as exc:
                raise ConstraintError(str(exc)) from None
            bit = 1 << ((card // 13) * 16 + 12 - card % 13)
            if mask & bit:
                raise ConstraintError(_tr("{card} is listed twice").format(card=token))
            mask |= bit
        return mask

    def _read(self) -> tuple[tuple[str, str] | None, SeatConstraint | None]:
        """Read every field: (first problem as (field, message), constraint or None)."""
        values: dict[str, object] = {}
        lengths: list[Range | None] = []
        try:
            field = "hcp"
            values["hcp"] = self._ranges["hcp"].range("hcp")
            for name in SUIT_NAMES:
                field = name
                lengths.append(self._ranges[name].range(name))
            field = "shape"
            shapes, excludes = self._read_shapes()
            field = "cards"
            cards = self._read_cards()
            for name in ADVANCED_FIELDS:
                field = name
                values[_MEASURES[name][0]] = self._ranges[name].range(name)
            field = "shape"
            c = SeatConstraint(
                lengths=tuple(lengths),  # type: ignore[arg-type]
                shapes=tuple(shapes),
                exclude_shapes=tuple(excludes),
                cards=cards,
                **values,  # type: ignore[arg-type]
            )
        except ConstraintError as exc:
            return (field, str(exc)), None
        return None, c

    def _raw_spec(self) -> str:
        """The fields as seat-spec text without checking them (for a malformed field)."""
        terms = []
        hcp = self._ranges["hcp"].raw()
        if hcp is not None:
            terms.append(f"hcp {hcp}")
        for name in SUIT_NAMES:
            r = self._ranges[name].raw()
            if r is not None:
                terms.append(f"{name} {r}")
        preset = _SHAPE_PRESETS[self._shape_combo.currentIndex()]
        pattern = " ".join(self._pattern.text().split())
        if preset and not pattern:
            terms.append(preset)
        elif pattern:
            head, sep, tail = pattern.partition("not ")
            shape_text = " ".join(x for x in (preset, head.strip()) if x)
            if shape_text:
                terms.append(f"shape {shape_text}")
            if sep:
                terms.append(f"not {tail}")
        cards = " ".join(self._cards.text().replace(",", " ").split())
        if cards:
            terms.append(f"cards {cards}")
        for name in ADVANCED_FIELDS:
            r = self._ranges[name].raw()
            if r is not None:
                terms.append(f"{name} {r}")
        return ", ".join(terms)

    def changeEvent(self, event: QEvent) -> None:
        # Suit and error colours come from the palette: recolour when the theme changes.
        if event.type() == QEvent.Type.PaletteChange and hasattr(self, "_marks"):
            for suit, name in enumerate(SUIT_NAMES):
                self._ranges[name].label.setText(suit_html(suit, self.palette()))
            self._style_feedback()
            self._marks.apply()
        super().changeEvent(event)


class _Quiet:
    """Context for programmatic changes: no ``changed`` signal, then one refresh of the marks."""

    def __init__(self, editor: SeatEditor | PartnershipEditor) -> None:
        self._editor = editor

    def __enter__(self) -> None:
        self._editor._updating = True

    def __exit__(self, *exc: object) -> None:
        self._editor._updating = False
        self._editor._after_change()


# -- the partnership editor ------------------------------------------------------------------------


class PartnershipEditor(QWidget):
    """What one side (NS or EW) must hold together: combined HCP and a trump fit.

    Text form as ``parse_partnership_spec``: "hcp 25-27, fit 8+ hearts".

    Signals:
        changed(): the user edited a field; fires on the GUI thread, at once, not for ``set_spec``/``clear``.
    """

    changed = Signal()

    def __init__(self, side: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        side = side.strip().upper()
        if side not in ("NS", "EW"):
            raise ValueError(f"{side!r} is not a side: use NS or EW")
        self._side = side
        self.setObjectName(f"partnershipEditor_{side}")
        self._updating = False

        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.setSpacing(4)
        self._title = QLabel(self.tr("North-South") if side == "NS" else self.tr("East-West"), self)
        bold = QFont(self._title.font())
        bold.setBold(True)
        self._title.setFont(bold)
        outer.addWidget(self._title)

        grid = QGridLayout()
        grid.setContentsMargins(0, 0, 0, 0)
        grid.setHorizontalSpacing(3)
        grid.setVerticalSpacing(3)
        grid.setColumnStretch(5, 1)
        outer.addLayout(grid)

        hcp_tip = self.tr("Both hands' high-card points together")
        hcp_label = QLabel(self.tr("HCP"), self)
        hcp_label.setToolTip(hcp_tip)
        self._hcp_lo = _IntBound(40, self)
        self._hcp_hi = _IntBound(40, self)
        self._hcp_lo.setObjectName("hcpMin")
        self._hcp_hi.setObjectName("hcpMax")
        self._hcp_lo.setToolTip(self.tr("{what}: at least").format(what=hcp_tip))
        self._hcp_hi.setToolTip(self.tr("{what}: at most").format(what=hcp_tip))
        hcp_label.setBuddy(self._hcp_lo)
        grid.addWidget(hcp_label, 0, 0)
        grid.addWidget(self._hcp_lo, 0, 1)
        grid.addWidget(QLabel("–", self), 0, 2)
        grid.addWidget(self._hcp_hi, 0, 3)

        fit_tip = self.tr("A trump fit: at least this many cards together in one suit")
        fit_label = QLabel(self.tr("Fit"), self)
        fit_label.setToolTip(fit_tip)
        self._fit = QSpinBox(self)
        self._fit.setObjectName("fitMin")
        self._fit.setRange(0, 13)
        self._fit.setSpecialValueText(self.tr("any"))
        self._fit.setSuffix("+")
        self._fit.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        self._fit.setToolTip(fit_tip)
        self._fit_suit = QComboBox(self)
        self._fit_suit.setObjectName("fitSuit")
        self._fit_suit.addItem(self.tr("any suit"))
        for symbol, name in zip(
            "♠♥♦♣", (self.tr("spades"), self.tr("hearts"), self.tr("diamonds"), self.tr("clubs")), strict=True
        ):
            self._fit_suit.addItem(f"{symbol} {name}")
        self._fit_suit.setToolTip(self.tr("The suit of the fit, or any suit"))
        fit_label.setBuddy(self._fit)
        fit_row = QHBoxLayout()
        fit_row.setSpacing(3)
        fit_row.addWidget(self._fit)
        fit_row.addWidget(self._fit_suit)
        fit_row.addStretch(1)
        grid.addWidget(fit_label, 1, 0)
        grid.addLayout(fit_row, 1, 1, 1, 5)

        self._feedback = QLabel(self)
        self._feedback.setObjectName("feedback")
        self._feedback.setWordWrap(True)
        self._feedback.setTextFormat(Qt.TextFormat.PlainText)
        self._feedback.setVisible(False)
        outer.addWidget(self._feedback)
        self._feedback_error = False

        self._marks = _FieldMarks(self, {"hcp": (self._hcp_lo, self._hcp_hi), "fit": (self._fit, self._fit_suit)})
        for w in (self._hcp_lo, self._hcp_hi, self._fit):
            w.valueChanged.connect(self._edited)
        self._fit_suit.currentIndexChanged.connect(self._edited)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Maximum)
        self._after_change()

    # -- API ---------------------------------------------------------------------------------------

    def side(self) -> str:
        return self._side

    def spec(self) -> str:
        """``PartnershipConstraint.to_spec()`` of the fields ("" when unconstrained); raw text if malformed."""
        try:
            return self.constraint().to_spec()
        except ConstraintError:
            lo, hi = self._hcp_lo.bound(), self._hcp_hi.bound()
            terms = [f"hcp {lo}-{hi}"]
            fit = self._fit_term()
            if fit:
                terms.append(fit)
            return ", ".join(terms)

    def set_spec(self, text: str) -> None:
        """Fill the fields from partnership text; raises ``ConstraintError`` (fields untouched) if malformed."""
        c = parse_partnership_spec(text)
        _check_fits(c.hcp, 40, self.tr("combined hcp"))
        with self._programmatic():
            self._hcp_lo.set_bound(None if c.hcp is None else c.hcp.lo)
            self._hcp_hi.set_bound(None if c.hcp is None else c.hcp.hi)
            self._fit.setValue(0 if c.fit is None else c.fit.min_cards)
            self._fit_suit.setCurrentIndex(0 if c.fit is None or c.fit.suit is None else c.fit.suit + 1)

    def constraint(self) -> PartnershipConstraint:
        problem = self.problem()
        if problem is not None:
            raise ConstraintError(problem[1])
        lo, hi = self._hcp_lo.bound(), self._hcp_hi.bound()
        hcp = None if lo is None and hi is None else Range(lo, hi)
        n = self._fit.value()
        suit = self._fit_suit.currentIndex() - 1
        fit = Fit(n, None if suit < 0 else suit) if n > 0 else None
        return PartnershipConstraint(hcp, fit)

    def problem(self) -> tuple[str, str] | None:
        lo, hi = self._hcp_lo.bound(), self._hcp_hi.bound()
        if lo is not None and hi is not None and lo > hi:
            return ("hcp", self.tr("combined hcp: the minimum {lo} is above the maximum {hi}").format(lo=lo, hi=hi))
        return None

    def set_feedback(self, text: str, *, error: bool = False, field: str | None = None) -> None:
        """As ``SeatEditor.set_feedback``; fields are "hcp" and "fit"."""
        if field is not None and field not in PARTNERSHIP_FIELDS:
            raise ValueError(f"{field!r} is not a field: use hcp or fit")
        self._feedback_error = bool(error)
        self._feedback.setText(text)
        self._feedback.setVisible(bool(text))
        _style_feedback(self._feedback, self, self._feedback_error)
        self._marks.feedback = (field, text) if error and field is not None else None
        self._marks.apply()

    def feedback(self) -> str:
        return self._feedback.text()

    def marked_fields(self) -> list[str]:
        return sorted(self._marks.marked())

    def field_widgets(self, field: str) -> tuple[QWidget, ...]:
        """The input widgets of ``field`` ("hcp" or "fit")."""
        return {"hcp": (self._hcp_lo, self._hcp_hi), "fit": (self._fit, self._fit_suit)}[field]

    def clear(self) -> None:
        """Both fields back to "any", and the feedback cleared."""
        with self._programmatic():
            self._hcp_lo.set_bound(None)
            self._hcp_hi.set_bound(None)
            self._fit.setValue(0)
            self._fit_suit.setCurrentIndex(0)
        self.set_feedback("")

    # -- internals ---------------------------------------------------------------------------------

    def _fit_term(self) -> str:
        n = self._fit.value()
        if n <= 0:
            return ""
        suit = self._fit_suit.currentIndex() - 1
        return f"fit {n}+" + ("" if suit < 0 else f" {SUIT_NAMES[suit]}")

    def _programmatic(self) -> _Quiet:
        return _Quiet(self)

    def _edited(self) -> None:
        if self._updating:
            return
        self._after_change()
        self.changed.emit()

    def _after_change(self) -> None:
        self._fit_suit.setEnabled(self._fit.value() > 0)
        self._marks.local = self.problem()
        self._marks.apply()

    def changeEvent(self, event: QEvent) -> None:
        # Feedback and error colours come from the palette: recolour when the theme changes.
        if event.type() == QEvent.Type.PaletteChange and hasattr(self, "_marks"):
            _style_feedback(self._feedback, self, self._feedback_error)
            self._marks.apply()
        super().changeEvent(event)


__all__ = [
    "ADVANCED_FIELDS",
    "PARTNERSHIP_FIELDS",
    "SEAT_FIELDS",
    "PartnershipEditor",
    "SeatEditor",
]
