"""The evaluation panel: one seat's hand measured the ways bidding systems count it.

Every value carries a one-sentence tooltip, because the panel is where a student meets these measures.
The numbers come from the engine's ``Hand`` (the definitions of the Old Lady write-up "Tricky Trick-y Algorithm": Milton
Work points, quick tricks, the standard losing-trick count, the per-suit playing-trick heuristic, controls), from
``bridgegui.engine.evaluation`` (what the bidding systems count: total points, the rule of 20, stoppers for notrump) and
from ``bridgegui.engine.tricks`` (the partnership's tricks: bridgegui's estimate, fitted to double dummy, beside the
classic LTC and NLTC, each with its measured accuracy in the tooltip); the panel only formats them.  When the hand is
hidden (bidding practice), every value reads "?" so the panel never gives away what the diagram hides.

Two shapes, one content: ``wide=False`` is a tall form (label above label), for West and East beside
their hands; ``wide=True`` puts the seat's measures on one line and the partnership's on a second,
for North above and South below the diagram.  Each panel then sits on the outer side of its own
hand, so which panel belongs to which seat is plain from where it is.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from PySide6.QtCore import QCoreApplication, QEvent, QPoint, QRect, QSize, Qt
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QFormLayout,
    QFrame,
    QHBoxLayout,
    QLabel,
    QLayout,
    QLayoutItem,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from bridgegui.engine import evaluation, tables, tricks
from bridgegui.engine.cards import SEATS, SUIT_SYMBOLS, Hand
from bridgegui.engine.tricks import EstimateExplanation
from bridgegui.ui.widgets.suit_text import colour_suits_html

OWN_KEYS = (
    "hcp",
    "total_points",
    "pattern",
    "lengths",
    "quick_tricks",
    "losers",
    "playing_tricks",
    "controls",
    "rule_of_20",
    "stoppers",
)
PARTNERSHIP_KEYS = (
    "partnership_hcp",
    "best_fit",
    "partnership_losers",
    "estimated_tricks",
    "nltc_tricks",
    "ltc_tricks",
)
KEYS = OWN_KEYS + PARTNERSHIP_KEYS

HIDDEN_VALUE = "?"
NO_VALUE = "—"

_WIDEST = {
    # The widest value each row can show, so hiding a hand ("?") or a long suit never moves the others.
    "hcp": "37",
    "total_points": "37",
    "pattern": "13-0-0-0",
    "lengths": "♠10 ♥2 ♦1 ♣0",
    "quick_tricks": "10½",
    "losers": "12",
    "playing_tricks": "13",
    "controls": "12",
    "rule_of_20": "yes (44)",
    "stoppers": "♠ ♥ ♦ ♣",
    "partnership_hcp": "40",
    "best_fit": "♠/♥/♦ 12 cards",
    "partnership_losers": "24",
    "estimated_tricks": "13 in NT",
    "nltc_tricks": "12½",
    "ltc_tricks": "13",
}

_TYPICAL = _WIDEST | {
    # The wide panel flows its values along a line: sized for usual values (not the rare widest), so
    # the line stays compact; a rare long value moves the rest along a little.
    "pattern": "4-4-3-2",
    "lengths": "♠4 ♥4 ♦3 ♣2",
    "best_fit": "♠ 8 cards",
    "estimated_tricks": "10 in ♠",
    "stoppers": "♠ ♥",
}


def quick_tricks_text(value: float) -> str:
    """``2½`` for 2.5: quick tricks come in halves, and the fraction reads as players write it."""
    whole = int(value)
    half = value - whole >= 0.5
    if not half:
        return str(whole)
    return f"{whole}½" if whole else "½"


def bidding_measures(hand: Hand) -> tuple[int, int, tuple[bool, bool, bool, bool]]:
    """Total points, the rule of 20's sum (HCP plus the two longest suits) and the stopped suits of
    ``hand``, from the engine's batched evaluation (a batch of one)."""
    batch = np.array([hand.mask], dtype=np.uint64)
    stopped = evaluation.stoppers(batch)[0]
    return (
        int(evaluation.total_points(batch)[0]),
        int(evaluation.rule_of_20_count(batch)[0]),
        tuple(bool(x) for x in stopped),  # type: ignore[return-value]
    )


def best_fit_text(a: Hand, b: Hand) -> str:
    """``♥ 9 cards``: the suit(s) with most cards between the two hands (ties listed, majors first)."""
    together = [x + y for x, y in zip(a.shape, b.shape, strict=True)]
    best = max(together)
    suits = "/".join(SUIT_SYMBOLS[s] for s, n in enumerate(together) if n == best)
    return QCoreApplication.translate("EvalPanel", "{suits} {n} cards").format(suits=suits, n=best)


@dataclass(frozen=True, slots=True)
class TrickEstimate:
    """bridgegui's estimate for a partnership, and the strain it is for.

    ``strain`` is the best fit (``"S" "H" "D" "C"``) when it has 8 or more cards, else ``"NT"``: the
    estimator was fitted and measured on 8+ card fits declaring them, and on notrump for the rest
    (``tricks``' module docstring), so those are the contracts its numbers are honest about.
    """

    strain: str
    fit: int
    tricks: float
    whole: int
    explanation: EstimateExplanation


def best_fit_strain(a: Hand, b: Hand) -> tuple[str, int]:
    """The strain the partnership would play (its longest fit, 8+ cards, else notrump) and that fit's length.

    Ties between suits go as ``tricks.fit_contracts`` breaks them for the measured figures: more
    combined HCP in the suit, then the higher-ranking suit.
    """
    together = [x + y for x, y in zip(a.shape, b.shape, strict=True)]
    best = max(together)
    ranked = sorted(
        (s for s in range(4) if together[s] == best),
        key=lambda s: (-(int(tables.HCP[a.holding(s)]) + int(tables.HCP[b.holding(s)])), s),
    )
    return (tricks.STRAINS[ranked[0]] if best >= 8 else "NT"), best


def trick_estimate(a: Hand, b: Hand) -> TrickEstimate:
    """bridgegui's trick estimate for two full hands in their best strain (see ``TrickEstimate``)."""
    strain, fit = best_fit_strain(a, b)
    value = tricks.estimate_tricks(a, b, strain)
    return TrickEstimate(
        strain,
        fit,
        value,
        tricks.estimate_whole_tricks(a, b, strain),
        tricks.estimate_explanation(a, b, strain),
    )


def _tr(text: str) -> str:
    return QCoreApplication.translate("EvalPanel", text)


def estimate_lines(e: EstimateExplanation) -> list[str]:
    """The trick estimate as a sum, phrased here from the engine's terms (each feature's name translatable):
    where it starts, each term, the estimate, and in a suit the classic counts."""
    lines = [_tr("Start at {v:.2f}").format(v=e.intercept)]
    for term in e.terms:
        name = _tr(tricks.FEATURE_DESCRIPTIONS[term.feature])
        lines.append(f"{name} {term.value:g} × {term.coefficient:+.3f} = {term.contribution:+.2f}")
    strain = _tr(tricks.STRAIN_WORDS[e.strain])
    lines.append(_tr("Estimate in {strain}: {n:.1f} tricks").format(strain=strain, n=e.estimate))
    if e.ltc is not None and e.nltc is not None:
        lines.append(_tr("(LTC says {ltc}, NLTC {nltc:g})").format(ltc=e.ltc, nltc=e.nltc))
    return lines


class FlowLayout(QLayout):
    """Items left to right, wrapping to a new line when the width runs out (Qt's flow-layout example).

    The wide panel needs it: on a large screen the seat's measures fit one line, on a small one or
    with a large font they wrap, so the panel never forces the window wider than the screen.
    """

    def __init__(
        self, parent: QWidget | None = None, *, horizontal_spacing: int = 12, vertical_spacing: int = 2
    ) -> None:
        super().__init__(parent)
        self._items: list[QLayoutItem] = []
        self._h = horizontal_spacing
        self._v = vertical_spacing
        self.setContentsMargins(0, 0, 0, 0)

    def addItem(self, item: QLayoutItem) -> None:  # Qt override
        self._items.append(item)

    def count(self) -> int:  # Qt override
        return len(self._items)

    def itemAt(self, index: int) -> QLayoutItem | None:  # type: ignore[override]  # Qt override
        return self._items[index] if 0 <= index < len(self._items) else None

    def takeAt(self, index: int) -> QLayoutItem | None:  # type: ignore[override]  # Qt override
        return self._items.pop(index) if 0 <= index < len(self._items) else None

    def expandingDirections(self) -> Qt.Orientation:  # Qt override
        return Qt.Orientation(0)

    def hasHeightForWidth(self) -> bool:  # Qt override
        return True

    def heightForWidth(self, width: int) -> int:  # Qt override
        return self._arrange(QRect(0, 0, width, 0), move=False)

    def setGeometry(self, rect: QRect) -> None:  # Qt override
        super().setGeometry(rect)
        self._arrange(rect, move=True)

    def sizeHint(self) -> QSize:  # Qt override: everything on one line
        visible = [item for item in self._items if not item.isEmpty()]
        if not visible:
            return QSize(0, 0)
        width = sum(item.sizeHint().width() for item in visible) + self._h * (len(visible) - 1)
        return QSize(width, max(item.sizeHint().height() for item in visible))

    def minimumSize(self) -> QSize:  # Qt override: the widest item alone on a line
        size = QSize(0, 0)
        for item in self._items:
            if not item.isEmpty():
                size = size.expandedTo(item.minimumSize())
        return size

    def _arrange(self, rect: QRect, *, move: bool) -> int:
        x, y, line_height = rect.x(), rect.y(), 0
        for item in self._items:
            if item.isEmpty():
                continue
            hint = item.sizeHint()
            if x > rect.x() and x + hint.width() > rect.right() + 1:
                x = rect.x()
                y += line_height + self._v
                line_height = 0
            if move:
                item.setGeometry(QRect(QPoint(x, y), hint))
            x += hint.width() + self._h
            line_height = max(line_height, hint.height())
        return y + line_height - rect.y()


def _partner(seat: str) -> str:
    return SEATS[(SEATS.index(seat) + 2) % 4]


def _strain_symbol(strain: str) -> str:
    return "NT" if strain == "NT" else SUIT_SYMBOLS["SHDC".index(strain)]


class EvalPanel(QWidget):
    """One seat's evaluation, plus the partnership's when the partner's hand is given.

    ``values()`` returns the plain texts shown (what tests and the main window read); the labels
    themselves colour the suit symbols.  ``wide`` chooses the two-line shape (see the module
    docstring).  No signals.
    """

    def __init__(self, seat: str, parent: QWidget | None = None, *, wide: bool = False) -> None:
        super().__init__(parent)
        letter = seat.strip()[:1].upper()
        if letter not in SEATS:
            raise ValueError(f"{seat!r} is not a seat: use N, E, S or W")
        self._seat = letter
        self._wide = wide
        self.setObjectName(f"evalPanel_{letter}")
        self._hand: Hand | None = None
        self._partner_hand: Hand | None = None
        self._hidden = False
        self._four_colour = False
        self._values: dict[str, str] = dict.fromkeys(KEYS, "")
        self._tips: dict[str, str] = {}
        self._value_labels: dict[str, QLabel] = {}
        self._name_labels: dict[str, QLabel] = {}
        self._partner_widgets: list[QWidget] = []

        self._title = QLabel(self._seat_name(letter), self)
        self._title.setObjectName("evalTitle")
        bold = QFont(self._title.font())
        bold.setBold(True)
        self._title.setFont(bold)
        self._partner_title = QLabel(
            (self.tr("With {seat}:") if wide else self.tr("With partner ({seat})")).format(
                seat=self._seat_name(_partner(letter))
            ),
            self,
        )
        self._partner_title.setObjectName("evalPartnerTitle")
        self._partner_title.setFont(bold)
        names, tips = self._row_texts()
        self._tips = dict(tips)
        if wide:
            self._build_wide(names, tips)
        else:
            self._build_tall(names, tips)
        # A stable width: hiding the hand ("?") or a wide best fit must not make the panel jump.
        metrics = self.fontMetrics()
        samples = dict(_TYPICAL if wide else _WIDEST)
        if not wide:  # translated words are measured as translated
            samples["rule_of_20"] = max(self._rule_of_20_text(44), self._rule_of_20_text(19), key=len)
        widest = {key: metrics.horizontalAdvance(sample) for key, sample in samples.items()}
        if not wide:  # one column of values: all as wide as the widest
            widest = dict.fromkeys(widest, max(widest.values()))
        for key, label in self._value_labels.items():
            label.setMinimumWidth(widest[key])
        if not wide:
            names_width = max(label.sizeHint().width() for label in self._name_labels.values())
            for label in self._name_labels.values():
                label.setMinimumWidth(names_width)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Maximum)
        self._refresh()

    def _build_tall(self, names: dict[str, str], tips: dict[str, str]) -> None:
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(4)
        layout.addWidget(self._title)
        self._form = QFormLayout()
        self._form.setContentsMargins(0, 0, 0, 0)
        self._form.setHorizontalSpacing(10)
        self._form.setVerticalSpacing(2)
        self._form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        self._form.setLabelAlignment(Qt.AlignmentFlag.AlignLeft)
        layout.addLayout(self._form)
        for key in OWN_KEYS:
            self._form.addRow(*self._pair(key, names[key], tips[key]))
        rule = QFrame(self)
        rule.setFrameShape(QFrame.Shape.HLine)
        rule.setFrameShadow(QFrame.Shadow.Sunken)
        self._form.addRow(rule)
        self._form.addRow(self._partner_title)
        self._partner_widgets += [rule, self._partner_title]
        for key in PARTNERSHIP_KEYS:
            name_label, value_label = self._pair(key, names[key], tips[key])
            self._form.addRow(name_label, value_label)
            self._partner_widgets += [name_label, value_label]
        layout.addStretch(1)

    def _build_wide(self, names: dict[str, str], tips: dict[str, str]) -> None:
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2)
        for title, keys in ((self._title, OWN_KEYS), (self._partner_title, PARTNERSHIP_KEYS)):
            flow = FlowLayout(horizontal_spacing=14, vertical_spacing=1)
            flow.addWidget(title)
            for key in keys:
                chip = QWidget(self)
                pair = QHBoxLayout(chip)
                pair.setContentsMargins(0, 0, 0, 0)
                pair.setSpacing(5)
                for label in self._pair(key, names[key], tips[key]):
                    label.setParent(chip)
                    pair.addWidget(label)
                flow.addWidget(chip)
                if keys is PARTNERSHIP_KEYS:
                    self._partner_widgets.append(chip)
            layout.addLayout(flow)
        self._partner_widgets.append(self._partner_title)

    # -- API ---------------------------------------------------------------------------------------

    def seat(self) -> str:
        return self._seat

    def is_wide(self) -> bool:
        return self._wide

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
        """The explanation shown on row ``key`` (for the trick estimate, with this deal's breakdown)."""
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
            "total_points": self.tr("Total points"),
            "pattern": self.tr("Pattern"),
            "lengths": self.tr("Lengths"),
            "quick_tricks": self.tr("Quick tricks"),
            "losers": self.tr("Losers (LTC)"),
            "playing_tricks": self.tr("Playing tricks"),
            "controls": self.tr("Controls"),
            "rule_of_20": self.tr("Rule of 20"),
            "stoppers": self.tr("Stoppers"),
            "partnership_hcp": self.tr("Combined HCP"),
            "best_fit": self.tr("Best fit"),
            "partnership_losers": self.tr("Combined losers"),
            "estimated_tricks": self.tr("Tricks"),
            "nltc_tricks": self.tr("NLTC tricks"),
            "ltc_tricks": self.tr("LTC tricks"),
        }
        if self._wide:  # the same measures, shorter names: two lines must fit above or below the diagram
            names |= {
                "total_points": self.tr("Points"),
                "partnership_hcp": self.tr("HCP"),
                "partnership_losers": self.tr("Losers"),
                "nltc_tricks": self.tr("NLTC"),
                "ltc_tricks": self.tr("LTC"),
            }
        accuracy = tricks.ACCURACY
        tips = {
            "hcp": self.tr("High-card points: ace 4, king 3, queen 2, jack 1."),
            "total_points": self.tr(
                "Total points: high-card points plus one length point for every card over four in a suit "
                "(a five-card suit adds 1, a six-card suit 2)."
            ),
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
                "Tricks this hand wins by itself: in each suit its cards are led from the top against all "
                "the cards it lacks. A card that is the highest left wins, a lower one loses, and the cards "
                "still held when the opponents run out are long-suit winners (a seven-card suit that loses "
                "more than three rounds gets one more). So it counts top and long-suit tricks, not high-card "
                "strength: AK10x QJxx K9x QJ counts 2, the ace and king of spades."
            ),
            "controls": self.tr("Controls: aces count 2, kings 1."),
            "rule_of_20": self.tr(
                "Rule of 20: a hand is worth opening when its high-card points plus the lengths of its two "
                "longest suits make 20 or more. The figure in brackets is that sum."
            ),
            "stoppers": self.tr(
                "Suits stopped for notrump: the ace, the king with at least one other card, the queen with "
                "two others or the jack with three others."
            ),
            "partnership_hcp": self.tr(
                "Both hands' high-card points together: about 25 for game in no trumps or a major, 33 for a small slam."
            ),
            "best_fit": self.tr(
                "The suit in which the two hands hold most cards together; eight or more is a trump fit."
            ),
            "partnership_losers": self.tr("Both hands' losing-trick counts added together."),
            "estimated_tricks": self.tr(
                "bridgegui's estimate of the tricks the partnership takes in its best fit (notrump without "
                "an eight-card fit), fitted to double-dummy results. Measured on held-out deals: {suit}; "
                "in notrump {nt}."
            ).format(
                suit=accuracy["bridgegui, whole tricks"].text(),
                nt=accuracy["bridgegui, notrump, whole tricks"].text(),
            ),
            "nltc_tricks": self.tr(
                "New Losing Trick Count: 25 − both hands' losers, counting a missing ace 1½, king 1, queen ½, "
                "and at most 13, the tricks there are. Measured on held-out deals with an eight-card fit: {acc}."
            ).format(acc=accuracy["NLTC"].text()),
            "ltc_tricks": self.tr(
                "Tricks the losing-trick count expects the partnership to take with its fit as trumps: "
                "24 − both hands' losers, and at most 13, the tricks there are. Measured on held-out deals "
                "with an eight-card fit: {acc}."
            ).format(acc=accuracy["LTC"].text()),
        }
        return names, tips

    def _pair(self, key: str, name: str, tip: str) -> tuple[QLabel, QLabel]:
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
        return name_label, value_label

    def _compute(self) -> tuple[dict[str, str], TrickEstimate | None]:
        values = dict.fromkeys(KEYS, "")
        hand, partner = self._hand, self._partner_hand
        if self._hidden or hand is None:
            filler = HIDDEN_VALUE if self._hidden else NO_VALUE
            for key in OWN_KEYS:
                values[key] = filler
            if partner is not None:
                for key in PARTNERSHIP_KEYS:
                    values[key] = filler
            return values, None
        values["hcp"] = str(hand.hcp)
        values["pattern"] = "-".join(str(n) for n in hand.pattern)
        values["lengths"] = " ".join(f"{SUIT_SYMBOLS[s]}{n}" for s, n in enumerate(hand.shape))
        values["quick_tricks"] = quick_tricks_text(hand.quick_tricks)
        values["losers"] = str(hand.losers)
        values["playing_tricks"] = str(hand.playing_tricks)
        values["controls"] = str(hand.controls)
        points, rule_sum, stopped = bidding_measures(hand)
        values["total_points"] = str(points)
        values["rule_of_20"] = self._rule_of_20_text(rule_sum)
        values["stoppers"] = " ".join(SUIT_SYMBOLS[s] for s in range(4) if stopped[s]) or self.tr("none")
        estimate = None
        if partner is not None:
            losers = hand.losers + partner.losers
            values["partnership_hcp"] = str(hand.hcp + partner.hcp)
            values["best_fit"] = best_fit_text(hand, partner)
            values["partnership_losers"] = str(losers)
            values["ltc_tricks"] = str(tricks.capped_tricks(tricks.ltc_tricks(hand, partner)))
            values["nltc_tricks"] = quick_tricks_text(tricks.capped_tricks(tricks.nltc_tricks(hand, partner)))
            if len(hand) == 13 and len(partner) == 13:  # the estimator knows only whole hands
                estimate = trick_estimate(hand, partner)
                values["estimated_tricks"] = self.tr("{n} in {strain}").format(
                    n=estimate.whole, strain=_strain_symbol(estimate.strain)
                )
            else:
                values["estimated_tricks"] = NO_VALUE
        return values, estimate

    def _rule_of_20_text(self, total: int) -> str:
        """``yes (21)`` or ``no (17)``: whether the rule of 20 holds, and the sum it is judged on."""
        if total >= 20:
            return self.tr("yes ({n})").format(n=total)
        return self.tr("no ({n})").format(n=total)

    def _estimate_tip(self, estimate: TrickEstimate | None) -> str:
        """The row's explanation, then (for a shown deal) the decimal estimate and its terms."""
        tip = self._tips["estimated_tricks"]
        if estimate is None:
            return tip
        lines = "\n".join(estimate_lines(estimate.explanation))
        return self.tr("{tip}\n\nThis deal: {value:.1f} tricks in {strain}, shown as {whole}.\n{lines}").format(
            tip=tip,
            value=estimate.tricks,
            strain=_tr(tricks.STRAIN_WORDS[estimate.strain]),
            whole=estimate.whole,
            lines=lines,
        )

    def _count_tips(self) -> dict[str, str]:
        """The LTC and NLTC rows' explanations, and for a deal where the count passes 13, what it gave."""
        counts: dict[str, float] = {}
        hand, partner = self._hand, self._partner_hand
        if hand is not None and partner is not None and not self._hidden:
            counts = {"ltc_tricks": tricks.ltc_tricks(hand, partner), "nltc_tricks": tricks.nltc_tricks(hand, partner)}
        tips = {}
        for key in ("ltc_tricks", "nltc_tricks"):
            tip = self._tips[key]
            count = counts.get(key)
            if count is not None and count > tricks.MAX_TRICKS:
                tip += "\n\n" + self.tr("This deal: the count gives {count}; shown as 13, the most there are.").format(
                    count=quick_tricks_text(count)
                )
            tips[key] = tip
        return tips

    def _refresh(self) -> None:
        self._values, estimate = self._compute()
        palette = self.palette()
        for key, text in self._values.items():
            self._value_labels[key].setText(colour_suits_html(text, palette, self._four_colour))
        tip = self._estimate_tip(estimate)
        for label in (self._value_labels["estimated_tricks"], self._name_labels["estimated_tricks"]):
            label.setToolTip(tip)
        for key, tip in self._count_tips().items():
            for label in (self._value_labels[key], self._name_labels[key]):
                label.setToolTip(tip)
        show_partner = self._partner_hand is not None
        if self._wide:
            for widget in self._partner_widgets:
                widget.setVisible(show_partner)
            return
        partner_rows = set(self._partner_widgets)
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


__all__ = [
    "KEYS",
    "OWN_KEYS",
    "PARTNERSHIP_KEYS",
    "EvalPanel",
    "TrickEstimate",
    "best_fit_strain",
    "best_fit_text",
    "bidding_measures",
    "quick_tricks_text",
    "trick_estimate",
]
