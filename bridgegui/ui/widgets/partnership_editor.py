"""The editor for what one side (NS or EW) must hold together: combined HCP and a trump fit.

Like the seat editor, it speaks the engine's grammar: ``spec()`` is ``PartnershipConstraint.to_spec()``
of the fields, ``set_spec`` reads ``parse_partnership_spec``, and a malformed field is reported with
the parser's own message.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, Qt, Signal
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QGridLayout, QHBoxLayout, QLabel, QSizePolicy, QSpinBox, QVBoxLayout, QWidget

from bridgegui.engine.dealer.constraints import Fit, PartnershipConstraint, Range, parse_partnership_spec
from bridgegui.engine.errors import PARTNERSHIP_FIELDS, ConstraintError
from bridgegui.ui.widgets.editor_fields import FieldMarks, IntBound, Quiet, QuietComboBox, check_fits, style_feedback

COMBINED_HCP_TOP = 40
"""The most points a side's hcp fields take: all the deck's."""


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
        self._hcp_lo = IntBound(COMBINED_HCP_TOP, self)
        self._hcp_hi = IntBound(COMBINED_HCP_TOP, self)
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
        self._fit_suit = QuietComboBox(self)
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

        self._marks = FieldMarks(self, {"hcp": (self._hcp_lo, self._hcp_hi), "fit": (self._fit, self._fit_suit)})
        for w in (self._hcp_lo, self._hcp_hi, self._fit):
            w.valueChanged.connect(self._edited)
        self._fit_suit.currentIndexChanged.connect(self._edited)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Maximum)
        self._after_change()

    # -- API ---------------------------------------------------------------------------------------

    def side(self) -> str:
        return self._side

    def spec(self) -> str:
        """``PartnershipConstraint.to_spec()`` of the fields ("" when unconstrained).

        A malformed field is written as it is ("hcp 27-25"), so it can be shown or saved;
        ``parse_partnership_spec`` of it gives the same complaint as ``problem()``.
        """
        return self._fields().to_spec()

    def set_spec(self, text: str) -> None:
        """Fill the fields from partnership text; raises ``ConstraintError`` (fields untouched) if malformed."""
        c = parse_partnership_spec(text)
        check_fits(c.hcp, COMBINED_HCP_TOP, self.tr("combined hcp"), field="hcp")
        with self._programmatic():
            self._hcp_lo.set_bound(None if c.hcp is None else c.hcp.lo)
            self._hcp_hi.set_bound(None if c.hcp is None else c.hcp.hi)
            self._fit.setValue(0 if c.fit is None else c.fit.min_cards)
            self._fit_suit.setCurrentIndex(0 if c.fit is None or c.fit.suit is None else c.fit.suit + 1)

    def constraint(self) -> PartnershipConstraint:
        """The fields as a constraint; raises ``ConstraintError`` (with ``seat`` and ``field``) if one is malformed."""
        problem = self.problem()
        if problem is not None:
            raise ConstraintError(problem[1], seat=self._side, field=problem[0])
        return self._fields()

    def problem(self) -> tuple[str, str] | None:
        """``(field, message)`` for a malformed field (the parser's words), or ``None``."""
        c = self._fields()
        if c.hcp is None:
            return None
        term = f"hcp {c.hcp.text()}"
        try:
            parse_partnership_spec(term)
        except ConstraintError as exc:
            return ("hcp", exc.reason)
        return None

    def set_feedback(self, text: str, *, error: bool = False, field: str | None = None) -> None:
        """As ``SeatEditor.set_feedback``; fields are "hcp" and "fit"."""
        if field is not None and field not in PARTNERSHIP_FIELDS:
            raise ValueError(f"{field!r} is not a field: use hcp or fit")
        self._feedback_error = bool(error)
        self._feedback.setText(text)
        self._feedback.setVisible(bool(text))
        style_feedback(self._feedback, self, self._feedback_error)
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

    def _fields(self) -> PartnershipConstraint:
        """The fields as they are, unchecked (the hcp minimum may be above its maximum)."""
        lo, hi = self._hcp_lo.bound(), self._hcp_hi.bound()
        hcp = None if lo is None and hi is None else Range(lo, hi)
        n = self._fit.value()
        suit = self._fit_suit.currentIndex() - 1
        fit = Fit(n, None if suit < 0 else suit) if n > 0 else None
        return PartnershipConstraint(hcp, fit)

    def _programmatic(self) -> Quiet:
        return Quiet(self)

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
            style_feedback(self._feedback, self, self._feedback_error)
            self._marks.apply()
        super().changeEvent(event)
