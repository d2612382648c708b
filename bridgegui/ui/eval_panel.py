"""The evaluation panel: one seat's hand measured the ways bidding systems count it.

Every row carries a one-sentence tooltip, because the panel is where a student meets these measures.
The numbers come from the engine's ``Hand`` (seed 003's definitions: Milton Work points, quick tricks,
the standard losing-trick count, the per-suit playing-trick heuristic, controls); the panel only
formats them.  When the hand is hidden (bidding practice), every value reads "?" so the panel never
gives away what the diagram hides.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QEvent, Qt
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QFormLayout, QFrame, QLabel, QSizePolicy, QVBoxLayout, QWidget

from bridgegui.engine.cards import SEATS, SUIT_SYMBOLS, Hand
from bridgegui.ui.suit_text import colour_suits_html

OWN_KEYS = ("hcp", "pattern", "lengths", "quick_tricks", "losers", "playing_tricks", "controls")
PARTNERSHIP_KEYS = ("partnership_hcp", "best_fit", "partnership_losers", "ltc_tricks")
KEYS = OWN_KEYS + PARTNERSHIP_KEYS

HIDDEN_VALUE = "?"
NO_VALUE = "—"


def quick_tricks_text(value: float) -> str:
    """``2½`` for 2.5: quick tricks come in halves, and the fraction reads as players write it."""
    whole = int(value)
    half = value - whole >= 0.5
    if not half:
        return str(whole)
    return f"{whole}½" if whole else "½"


def best_fit_text(a: Hand, b: Hand) -> str:
    """``♥ 9 cards``: the suit(s) with most cards between the two hands (ties listed, majors first)."""
    together = [x + y for x, y in zip(a.shape, b.shape, strict=True)]
    best = max(together)
    suits = "/".join(SUIT_SYMBOLS[s] for s, n in enumerate(together) if n == best)
    return QCoreApplication.translate("EvalPanel", "{suits} {n} cards").format(suits=suits, n=best)


def _partner(seat: str) -> str:
    return SEATS[(SEATS.index(seat) + 2) % 4]


class EvalPanel(QWidget):
    """A compact form of one seat's evaluation, plus the partnership's when the partner's hand is given.

    ``values()`` returns the plain texts shown (what tests and the main window read); the labels
    themselves colour the suit symbols.  No signals.
    """

    def __init__(self, seat: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        letter = seat.strip()[:1].upper()
        if letter not in SEATS:
            raise ValueError(f"{seat!r} is not a seat: use N, E, S or W")
        self._seat = letter
        self.setObjectName(f"evalPanel_{letter}")
        self._hand: Hand | None = None
        self._partner_hand: Hand | None = None
        self._hidden = False
        self._four_colour = False
        self._values: dict[str, str] = dict.fromkeys(KEYS, "")
        self._value_labels: dict[str, QLabel] = {}
        self._name_labels: dict[str, QLabel] = {}

        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(4)
        self._title = QLabel(self._seat_name(letter), self)
        self._title.setObjectName("evalTitle")
        bold = QFont(self._title.font())
        bold.setBold(True)
        self._title.setFont(bold)
        layout.addWidget(self._title)

        self._form = QFormLayout()
        self._form.setContentsMargins(0, 0, 0, 0)
        self._form.setHorizontalSpacing(10)
        self._form.setVerticalSpacing(2)
        self._form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        self._form.setLabelAlignment(Qt.AlignmentFlag.AlignLeft)
        layout.addLayout(self._form)
        names, tips = self._row_texts()
        for key in OWN_KEYS:
            self._add_row(key, names[key], tips[key])

        rule = QFrame(self)
        rule.setFrameShape(QFrame.Shape.HLine)
        rule.setFrameShadow(QFrame.Shadow.Sunken)
        self._rule = rule
        self._form.addRow(rule)
        self._partner_title = QLabel(
            self.tr("With partner ({seat})").format(seat=self._seat_name(_partner(letter))),
            self,
        )
        self._partner_title.setFont(bold)
        self._form.addRow(self._partner_title)
        for key in PARTNERSHIP_KEYS:
            self._add_row(key, names[key], tips[key])
        layout.addStretch(1)
        # A stable width: hiding the hand ("?") or a wide best fit must not make the panel jump.
        widest = max(self.fontMetrics().horizontalAdvance(sample) for sample in ("♠10 ♥2 ♦1 ♣0", "♠/♥/♦ 12 cards"))
        for label in self._value_labels.values():
            label.setMinimumWidth(widest)
        names_width = max(label.sizeHint().width() for label in self._name_labels.values())
        for label in self._name_labels.values():
            label.setMinimumWidth(names_width)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Maximum)
        self._refresh()

    # -- API ---------------------------------------------------------------------------------------

    def seat(self) -> str:
        return self._seat

    def set_hand(self, hand: Hand | None, partner: Hand | None = None) -> None:
        """Show ``hand`` (``None``: dashes) and, when ``partner`` is given, the partnership rows."""
        self._hand = hand
        self._partner_hand = partner
        self._refresh()

    def hand(self) -> Hand | None:
        return self._hand

    def set_hidden(self, hidden: bool) -> None:
        """Hide every value behind "?" (the seat's cards are hidden in the diagram)."""
        self._hidden = bool(hidden)
        self._refresh()

    def is_hidden(self) -> bool:
        return self._hidden

    def set_four_colour(self, on: bool) -> None:
        """Colour suit symbols as the diagram's four-colour deck does."""
        self._four_colour = bool(on)
        self._refresh()

    def values(self) -> dict[str, str]:
        """The displayed text of every row by key ("" for a partnership row while no partner is given)."""
        return dict(self._values)

    def tooltip(self, key: str) -> str:
        """The explanation shown on row ``key``."""
        return self._value_labels[key].toolTip()

    # -- internals ---------------------------------------------------------------------------------

    def _seat_name(self, letter: str) -> str:
        return {
            "N": self.tr("North"),
            "E": self.tr("East"),
            "S": self.tr("South"),
            "W": self.tr("West"),
        }[letter]

    def _row_texts(self) -> tuple[dict[str, str], dict[str, str]]:
        names = {
            "hcp": self.tr("HCP"),
            "pattern": self.tr("Pattern"),
            "lengths": self.tr("Lengths"),
            "quick_tricks": self.tr("Quick tricks"),
            "losers": self.tr("Losers (LTC)"),
            "playing_tricks": self.tr("Playing tricks"),
            "controls": self.tr("Controls"),
            "partnership_hcp": self.tr("Combined HCP"),
            "best_fit": self.tr("Best fit"),
            "partnership_losers": self.tr("Combined losers"),
            "ltc_tricks": self.tr("LTC tricks"),
        }
        tips = {
            "hcp": self.tr("High-card points: ace 4, king 3, queen 2, jack 1."),
            "pattern": self.tr(
                "The suit lengths from longest to shortest, whichever suits they are: 4-3-3-3 is the flattest."
            ),
            "lengths": self.tr("How many cards the hand holds in each suit: spades, hearts, diamonds, clubs."),
            "quick_tricks": self.tr(
                "Tricks you can expect in the first two rounds of a suit: AK 2, AQ 1½, A 1, KQ 1, Kx ½."
            ),
            "losers": self.tr(
                "Losing-trick count: in each suit count the missing A, K and Q among your top three cards "
                "(fewer for short suits). Partnership tricks ≈ 24 − both hands' losers."
            ),
            "playing_tricks": self.tr(
                "An estimate of tricks this hand takes in play with its own suits as trumps: each suit is "
                "played out against the opponents' cards."
            ),
            "controls": self.tr("Controls: aces count 2, kings 1."),
            "partnership_hcp": self.tr(
                "Both hands' high-card points together: about 25 for game in no trumps or a major, 33 for a small slam."
            ),
            "best_fit": self.tr(
                "The suit in which the two hands hold most cards together; eight or more is a trump fit."
            ),
            "partnership_losers": self.tr("Both hands' losing-trick counts added together."),
            "ltc_tricks": self.tr(
                "Tricks the losing-trick count expects the partnership to take with its fit as trumps: "
                "24 − both hands' losers."
            ),
        }
        return names, tips

    def _add_row(self, key: str, name: str, tip: str) -> None:
        name_label = QLabel(name, self)
        value_label = QLabel(self)
        value_label.setObjectName(f"value_{key}")
        value_label.setTextFormat(Qt.TextFormat.RichText)
        value_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        for label in (name_label, value_label):
            label.setToolTip(tip)
        name_label.setBuddy(value_label)
        self._name_labels[key] = name_label
        self._value_labels[key] = value_label
        self._form.addRow(name_label, value_label)

    def _compute(self) -> dict[str, str]:
        values = dict.fromkeys(KEYS, "")
        hand, partner = self._hand, self._partner_hand
        if self._hidden:
            for key in OWN_KEYS:
                values[key] = HIDDEN_VALUE
            if partner is not None:
                for key in PARTNERSHIP_KEYS:
                    values[key] = HIDDEN_VALUE
            return values
        if hand is None:
            for key in OWN_KEYS:
                values[key] = NO_VALUE
            if partner is not None:
                for key in PARTNERSHIP_KEYS:
                    values[key] = NO_VALUE
            return values
        values["hcp"] = str(hand.hcp)
        values["pattern"] = "-".join(str(n) for n in hand.pattern)
        values["lengths"] = " ".join(f"{SUIT_SYMBOLS[s]}{n}" for s, n in enumerate(hand.shape))
        values["quick_tricks"] = quick_tricks_text(hand.quick_tricks)
        values["losers"] = str(hand.losers)
        values["playing_tricks"] = str(hand.playing_tricks)
        values["controls"] = str(hand.controls)
        if partner is not None:
            losers = hand.losers + partner.losers
            values["partnership_hcp"] = str(hand.hcp + partner.hcp)
            values["best_fit"] = best_fit_text(hand, partner)
            values["partnership_losers"] = str(losers)
            values["ltc_tricks"] = str(24 - losers)
        return values

    def _refresh(self) -> None:
        self._values = self._compute()
        palette = self.palette()
        for key, text in self._values.items():
            self._value_labels[key].setText(colour_suits_html(text, palette, self._four_colour))
        show_partner = self._partner_hand is not None
        partner_rows = {self._rule, self._partner_title, *(self._value_labels[k] for k in PARTNERSHIP_KEYS)}
        for row in range(self._form.rowCount()):
            item = self._form.itemAt(row, QFormLayout.ItemRole.FieldRole) or self._form.itemAt(
                row, QFormLayout.ItemRole.SpanningRole
            )
            if item is not None and item.widget() in partner_rows:
                self._form.setRowVisible(row, show_partner)

    def changeEvent(self, event: QEvent) -> None:
        # Suit colours depend on the palette: recolour when the theme changes.
        if event.type() == QEvent.Type.PaletteChange and hasattr(self, "_value_labels"):
            self._refresh()
        super().changeEvent(event)


__all__ = ["KEYS", "OWN_KEYS", "PARTNERSHIP_KEYS", "EvalPanel", "best_fit_text", "quick_tricks_text"]
