"""The editor for what one seat must be dealt (``SeatEditor``); ``PartnershipEditor`` is re-exported.

The seat-spec text (``constraints.parse_seat_spec``) is the single source of truth, and the editor
has no grammar of its own: each field is written as a spec term by the engine's printer
(``Range.text``, ``SeatConstraint.to_spec``) and read back by the engine's parser, one field at a
time (so a complaint names its field) and then as a whole.  ``spec()`` is exactly
``SeatConstraint.to_spec()`` of the fields, and ``set_spec`` fills the fields from any text the
grammar accepts, so presets, the command line and the GUI share one format and
``set_spec(x); spec() == parse_seat_spec(x).to_spec()`` holds for every spec within the fields'
bounds (hcp 0-37, lengths 0-13, qt 0-8, ltc 0-12, tricks 0-13, controls 0-12).

The pattern field takes the shape words of a spec (``5xxx 6-x-x-x not 4333``, ``-4333``) and, as a
convenience, ``except`` for ``not`` and commas between patterns; ``_shape_terms`` turns them into
the ``shape``/``not`` terms the parser reads.

Open ends read "any" (see ``editor_fields``), so "hcp 0+" and "no hcp term" stay distinct.

``changed`` is emitted immediately on every user edit (the main window debounces the recount); it is
not emitted by ``set_spec`` or ``clear``, which are the program speaking, not the user.
"""

from __future__ import annotations

import re

from PySide6.QtCore import QEvent, QSignalBlocker, Qt, Signal
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QComboBox,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QSizePolicy,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from bridgegui.engine.cards import SEATS, SUIT_NAMES
from bridgegui.engine.dealer.constraints import SeatConstraint, parse_seat_spec
from bridgegui.engine.dealer.specs import cards_text
from bridgegui.engine.errors import PARTNERSHIP_FIELDS, SEAT_FIELDS, ConstraintError
from bridgegui.ui.widgets.editor_fields import (
    Bound,
    FieldMarks,
    HalfBound,
    IntBound,
    Quiet,
    QuietComboBox,
    RangeField,
    check_fits,
    style_feedback,
)
from bridgegui.ui.widgets.partnership_editor import PartnershipEditor
from bridgegui.ui.widgets.suit_text import suit_html

ADVANCED_FIELDS = ("qt", "ltc", "tricks", "controls")
"""The range fields of the advanced part (which also holds the ``more`` text field)."""

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
        self._ranges: dict[str, RangeField] = {}

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
        self._shape_combo = QuietComboBox(self)
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
        self._advanced_button.setToolTip(
            self.tr("Quick tricks, losing-trick count, playing tricks, controls, and more terms")
        )
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
        # The terms made for bidding systems, as spec text: no term a spec can say is ever dropped.
        more_label = QLabel(self.tr("More"), self._advanced)
        self._more = QLineEdit(self._advanced)
        self._more.setObjectName("moreEdit")
        self._more.setPlaceholderText(self.tr("e.g. points 13+, quality hearts 3+"))
        self._more.setToolTip(
            self.tr(
                "More terms: points 13+ (HCP and length), support hearts 10-12 (HCP and shortness with "
                "hearts as trumps), rule20, quality spades 3+ (of A K Q J 10), stopper hearts"
            )
        )
        self._more.setClearButtonEnabled(True)
        more_label.setBuddy(self._more)
        adv.addWidget(more_label, len(advanced_rows), 0)
        adv.addWidget(self._more, len(advanced_rows), 1, 1, 4)
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
        fields["more"] = (self._more,)
        self._marks = FieldMarks(self, fields)
        self._feedback_error = False

        for f in self._ranges.values():
            f.lo.valueChanged.connect(self._edited)
            f.hi.valueChanged.connect(self._edited)
        self._shape_combo.currentIndexChanged.connect(self._edited)
        self._pattern.textChanged.connect(self._edited)
        self._cards.textChanged.connect(self._edited)
        self._more.textChanged.connect(self._edited)
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
            return ", ".join(term for _, term in self._terms())

    def set_spec(self, text: str) -> None:
        """Fill the fields from seat-spec text; raises ``ConstraintError`` (fields untouched) if it is malformed."""
        c = parse_seat_spec(text)
        for name, (attr, top, scale) in _MEASURES.items():
            check_fits(getattr(c, attr), top * scale, name, field=name, scale=scale)
        for suit, r in enumerate(c.lengths):
            check_fits(r, 13, SUIT_NAMES[suit], field=SUIT_NAMES[suit])
        shapes = list(c.shapes)
        preset = 0
        if shapes and shapes[0] in _SHAPE_PRESETS[1:]:
            preset = _SHAPE_PRESETS.index(shapes.pop(0))
        pattern = " ".join(shapes)
        if c.exclude_shapes:
            pattern = (pattern + " not " + " ".join(c.exclude_shapes)).strip()
        cards = cards_text(c.cards)
        more = SeatConstraint(
            points=c.points, support=c.support, rule20=c.rule20, quality=c.quality, stoppers=c.stoppers
        ).to_spec()
        with self._programmatic():
            self._ranges["hcp"].set_range(c.hcp)
            for suit, name in enumerate(SUIT_NAMES):
                self._ranges[name].set_range(c.lengths[suit])
            self._shape_combo.setCurrentIndex(preset)
            self._pattern.setText(pattern)
            self._cards.setText(cards)
            self._more.setText(more)
            for name in ADVANCED_FIELDS:
                self._ranges[name].set_range(getattr(c, _MEASURES[name][0]))

    def constraint(self) -> SeatConstraint:
        """The fields as a constraint; raises ``ConstraintError`` (with ``seat`` and ``field``) if one is malformed."""
        problem, c = self._read()
        if problem is not None:
            raise ConstraintError(problem[1], seat=self._seat, field=problem[0])
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
        if error and field in (*ADVANCED_FIELDS, "more"):
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
            self._more.clear()
        self.set_feedback("")

    def set_advanced_visible(self, visible: bool) -> None:
        """Open or close the advanced part (quick tricks, LTC, playing tricks, controls)."""
        self._advanced.setVisible(visible)
        with QSignalBlocker(self._advanced_button):
            self._advanced_button.setChecked(visible)
        self._advanced_button.setArrowType(Qt.ArrowType.DownArrow if visible else Qt.ArrowType.RightArrow)

    def advanced_visible(self) -> bool:
        return self._advanced_button.isChecked()

    def field_terms(self) -> dict[str, str]:
        """Each set field's spec text by field name (unchecked): the undo stack names an edit by the one
        field it changed, and merges keystrokes in that field into one step."""
        terms: dict[str, str] = {}
        for field, term in self._terms():
            terms[field] = f"{terms[field]}, {term}" if field in terms else term
        return terms

    def field_widgets(self, field: str) -> tuple[QWidget, ...]:
        """The input widgets of ``field`` (for tests and for focusing a field in error)."""
        if field in self._ranges:
            return self._ranges[field].widgets()
        return {"shape": (self._shape_combo, self._pattern), "cards": (self._cards,), "more": (self._more,)}[field]

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
        lo: Bound = HalfBound(top, owner) if scale == 2 else IntBound(top, owner)
        hi: Bound = HalfBound(top, owner) if scale == 2 else IntBound(top, owner)
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
        self._ranges[name] = RangeField(name, label, lo, hi, scale)

    def _programmatic(self) -> Quiet:
        return Quiet(self)

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
        n = sum(self._ranges[name].text() is not None for name in ADVANCED_FIELDS)
        n += len([term for term in self._more.text().split(",") if term.strip()])
        text = self.tr("Advanced")
        if n:
            text = self.tr("Advanced ({n} set)").format(n=n)
        self._advanced_button.setText(text)

    def _style_feedback(self) -> None:
        style_feedback(self._feedback, self, self._feedback_error)

    def _shape_terms(self) -> list[str]:
        """The preset and the pattern field as spec terms: ``balanced``, ``shape 5xxx not 4333``.

        The pattern field is the body of a ``shape`` term (the spec grammar reads its ``not``, ``-4333``
        and ``!4333``); commas between patterns read as spaces, since a comma ends a spec term.
        """
        preset = _SHAPE_PRESETS[self._shape_combo.currentIndex()]
        terms = [preset] if preset else []
        patterns = " ".join(_SPLIT.split(self._pattern.text().strip()))
        if patterns:
            terms.append(f"shape {patterns}")
        return terms

    def _terms(self) -> list[tuple[str, str]]:
        """Every set field as ``(field, spec term)``, in ``SeatConstraint.to_spec``'s order; unchecked."""
        terms = []
        for name in ("hcp", *SUIT_NAMES):
            text = self._ranges[name].text()
            if text is not None:
                terms.append((name, f"{name} {text}"))
        terms += [("shape", term) for term in self._shape_terms()]
        cards = [token for token in _SPLIT.split(self._cards.text().strip()) if token]
        if cards:
            terms.append(("cards", " ".join(["cards", *cards])))
        for name in ADVANCED_FIELDS:
            text = self._ranges[name].text()
            if text is not None:
                terms.append((name, f"{name} {text}"))
        more = self._more.text().strip().strip(",").strip()
        if more:
            terms.append(("more", more))
        return terms

    def _read(self) -> tuple[tuple[str, str] | None, SeatConstraint | None]:
        """Parse the fields: (first problem as (field, message), constraint or None).

        Each field's term is parsed alone first, so the complaint belongs to that field (and reads
        without the parser's "term N" prefix); then the whole spec, which is the constraint.
        """
        terms = self._terms()
        for field, term in terms:
            try:
                parse_seat_spec(term)
            except ConstraintError as exc:
                return (field, exc.reason), None
        try:
            return None, parse_seat_spec(", ".join(term for _, term in terms))
        except ConstraintError as exc:  # the terms were each fine: only the shape terms meet here
            field = exc.field if exc.field in SEAT_FIELDS else "shape"
            return (field, str(exc)), None

    def changeEvent(self, event: QEvent) -> None:
        # Suit and error colours come from the palette: recolour when the theme changes.
        if event.type() == QEvent.Type.PaletteChange and hasattr(self, "_marks"):
            for suit, name in enumerate(SUIT_NAMES):
                self._ranges[name].label.setText(suit_html(suit, self.palette()))
            self._style_feedback()
            self._marks.apply()
        super().changeEvent(event)


__all__ = [
    "ADVANCED_FIELDS",
    "PARTNERSHIP_FIELDS",
    "SEAT_FIELDS",
    "PartnershipEditor",
    "SeatEditor",
]
