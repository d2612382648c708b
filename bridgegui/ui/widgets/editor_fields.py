"""The fields the constraint editors share: range spin boxes, error marks, feedback colours.

A range is a pair of spin boxes whose minimum value is a sentinel shown as "any"
(``QSpinBox.setSpecialValueText``), so "hcp 0+" and "no hcp term" stay distinct and round-trip.
A field's text is always made by the engine's printer (``Range.text``) and read by its parser
(``parse_seat_spec``/``parse_partnership_spec``), so the editors and the spec text speak one grammar.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtGui import QColor, QPalette, QValidator, QWheelEvent
from PySide6.QtWidgets import QAbstractSpinBox, QComboBox, QDoubleSpinBox, QLabel, QSpinBox, QWidget

from bridgegui.engine.dealer.constraints import Range
from bridgegui.engine.errors import ConstraintError
from bridgegui.ui.widgets.suit_text import red_colour

# -- range fields ------------------------------------------------------------------------------------


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


def wheel_only_when_focused(widget: QWidget, event: QWheelEvent, handle: Callable[[QWheelEvent], None]) -> None:
    """A field takes the mouse wheel only while it has the keyboard focus.

    Scrolling the constraints panel must never change a constraint the teacher did not choose to edit
    (North HCP 15 silently becoming 12): an unfocused field ignores the wheel, which then goes on to the
    scroll area under it and scrolls the panel.
    """
    if widget.hasFocus():
        handle(event)
    else:
        event.ignore()


class QuietComboBox(QComboBox):
    """A combo box for the editors: the wheel changes it only while it has the focus."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)  # not WheelFocus: a wheel passing over takes nothing

    def wheelEvent(self, event: QWheelEvent) -> None:
        wheel_only_when_focused(self, event, super().wheelEvent)


class IntBound(QSpinBox):
    """One end of a range: the minimum value is the "any" sentinel (an open end)."""

    def __init__(self, top: int, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
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

    def wheelEvent(self, event: QWheelEvent) -> None:
        wheel_only_when_focused(self, event, super().wheelEvent)

    def bound(self) -> int | None:
        """The value in the constraint's units, or ``None`` for "any"."""
        v = self.value()
        return None if v == self.minimum() else v

    def set_bound(self, value: int | None) -> None:
        self.setValue(self.minimum() if value is None else value)


class HalfBound(QDoubleSpinBox):
    """A quick-tricks end: steps of ½, shown as 1.5 (in the locale's decimal point), "any" at the sentinel."""

    def __init__(self, top: int, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setDecimals(1)
        self.setSingleStep(0.5)
        self.setRange(-0.5, top)
        self.setSpecialValueText(self.tr("any"))
        self.setValue(-0.5)
        self.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        self.setCorrectionMode(QAbstractSpinBox.CorrectionMode.CorrectToNearestValue)
        # A typed 1.3 snaps to the nearest half when editing ends.
        self.editingFinished.connect(self._snap)

    def wheelEvent(self, event: QWheelEvent) -> None:
        wheel_only_when_focused(self, event, super().wheelEvent)

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


Bound = IntBound | HalfBound


@dataclass
class RangeField:
    """A min and a max spin box for one measure; its text is the engine's ``Range.text``."""

    name: str
    label: QLabel
    lo: Bound
    hi: Bound
    scale: int = 1

    def widgets(self) -> tuple[QWidget, ...]:
        return (self.lo, self.hi)

    def text(self) -> str | None:
        """The range as spec text ("15-17", "5+", "1.5-"), or ``None`` when both ends are open.

        Written as it is even when the minimum is above the maximum ("17-15"): the parser then gives
        the complaint, and ``spec()`` can still show and save what the user typed.
        """
        lo, hi = self.lo.bound(), self.hi.bound()
        if lo is None and hi is None:
            return None
        return Range(lo, hi).text(self.scale)

    def set_range(self, r: Range | None) -> None:
        self.lo.set_bound(None if r is None else r.lo)
        self.hi.set_bound(None if r is None else r.hi)


def check_fits(r: Range | None, top: int, what: str, *, field: str, scale: int = 1) -> None:
    """Refuse a range the spin boxes cannot show (they would silently clamp it); ``top`` in the range's units."""
    if r is None:
        return
    for v in (r.lo, r.hi):
        if v is not None and not 0 <= v <= top:
            raise ConstraintError(
                QCoreApplication.translate("SeatEditor", "{what} {value} is out of range: it can be 0 to {top}").format(
                    what=what, value=Range(v, v).text(scale), top=Range(top, top).text(scale)
                ),
                field=field,
            )


# -- error marks and feedback ------------------------------------------------------------------------


def _error_tint(palette: QPalette) -> QColor:
    """A background for a field in error: the base colour mixed a quarter of the way towards red."""
    base = palette.color(QPalette.ColorRole.Base)
    red = red_colour(palette)
    return QColor(
        round(base.red() * 0.75 + red.red() * 0.25),
        round(base.green() * 0.75 + red.green() * 0.25),
        round(base.blue() * 0.75 + red.blue() * 0.25),
    )


class FieldMarks:
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


def style_feedback(label: QLabel, owner: QWidget, error: bool) -> None:
    """Feedback text in red for an error, else in the quiet placeholder colour (only that role is set)."""
    palette = QPalette()
    colour = red_colour(owner.palette()) if error else owner.palette().color(QPalette.ColorRole.PlaceholderText)
    palette.setColor(QPalette.ColorRole.WindowText, colour)
    label.setPalette(palette)


class _Editor(Protocol):
    _updating: bool

    def _after_change(self) -> None: ...


class Quiet:
    """Context for programmatic changes: no ``changed`` signal, then one refresh of the marks."""

    def __init__(self, editor: _Editor) -> None:
        self._editor = editor

    def __enter__(self) -> None:
        self._editor._updating = True

    def __exit__(self, *exc: object) -> None:
        self._editor._updating = False
        self._editor._after_change()
