"""The window's centre: the deal diagram with an evaluation panel on the outer side of each hand.

Laid out like a hand record on paper: North's panel above, South's below (two lines each, wrapping
when narrow), West's and East's beside their hands.  The diagram gets the largest size of its
drawing's proportions that fits between the panels (``_fit_diagram``), so every panel stays against
its own hand instead of drifting to an edge.
"""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt, QTimer, Signal, Slot
from PySide6.QtGui import QPalette, QResizeEvent
from PySide6.QtWidgets import QGridLayout, QWidget

from bridgegui.engine.cards import SEATS, Deal, Hand
from bridgegui.ui.widgets.deal_diagram import DealDiagram
from bridgegui.ui.widgets.eval_panel import EvalPanel


def _hand(deal: Deal | None, seat: str) -> Hand | None:
    if deal is None:
        return None
    mask = deal.hands[SEATS.index(seat)]
    return None if mask is None else Hand(mask)


class DealArea(QWidget):
    """The diagram and the four evaluation panels.  Signals (GUI thread): ``seat_clicked(seat)``."""

    seat_clicked = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("dealArea")
        self.diagram = DealDiagram(self)
        self.diagram.set_empty_text(self.tr("Press F5 to deal a board"))
        self.diagram.seat_clicked.connect(self.seat_clicked)
        # The diagram scales its font to fit; below this it would still be legible, and the window
        # must fit a 1280×800 screen with the constraints beside it.
        self.diagram.setMinimumSize(300, 240)
        self.eval_panels = {seat: EvalPanel(seat, self, wide=seat in "NS") for seat in SEATS}
        grid = QGridLayout(self)
        grid.setContentsMargins(10, 6, 10, 6)
        grid.setHorizontalSpacing(10)
        grid.setVerticalSpacing(4)
        panels = self.eval_panels
        grid.addWidget(panels["N"], 0, 0, 1, 3, Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignBottom)
        grid.addWidget(panels["W"], 1, 0, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        grid.addWidget(self.diagram, 1, 1)
        grid.addWidget(panels["E"], 1, 2, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
        grid.addWidget(panels["S"], 2, 0, 1, 3, Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop)
        width = self._eval_panel_width()
        for seat in "WE":
            panels[seat].setMinimumWidth(width)
        for i, stretch in enumerate((1, 1000, 1)):  # the diagram first, up to its limit
            grid.setRowStretch(i, stretch)
            grid.setColumnStretch(i, stretch)
        self._grid = grid
        self._diagram_aspect = self._measure_diagram_aspect()
        # One surface for the diagram and the panels, like a hand record on paper.
        self.setBackgroundRole(QPalette.ColorRole.Base)
        self.setAutoFillBackground(True)

        self._panel_inputs: dict[str, tuple[Hand | None, Hand | None]] = {}
        self._panel_queue: list[str] = []
        self._visible = "NESW"
        self._panel_timer = QTimer(self)
        self._panel_timer.setSingleShot(True)
        self._panel_timer.setInterval(0)
        self._panel_timer.timeout.connect(self._update_next_panel)

    # -- geometry ------------------------------------------------------------------------------------

    @staticmethod
    def _measure_diagram_aspect() -> float:
        """Width of the diagram's drawing per pixel of its height, when the height limits it.

        Measured on a probe at a wide size (the drawing then fills the height), with room for suits
        of the nominal line's length: a longer suit makes the drawing a little smaller rather than
        leaving a gap between every hand and its panel on every deal.
        """
        probe = DealDiagram()
        probe.resize(4000, 1000)
        used = probe.hand_rect("E").right() - probe.hand_rect("W").left()
        probe.deleteLater()
        return used / 1000 + 0.07

    @staticmethod
    def _eval_panel_width() -> int:
        """Wide enough for the widest values (a 13-card suit, a four-way tied fit), so nothing clips or jumps."""
        probe = EvalPanel("W")
        probe.set_hand(Hand.from_pbn("AKQJT98765432..."), Hand.from_pbn(".AKQJT98765432.."))
        width = probe.sizeHint().width()
        probe.set_hand(Hand.from_pbn("AKQ.AKQ.AKQ.AKQJ"), Hand.from_pbn("JT98.JT9.JT9.T98"))
        width = max(width, probe.sizeHint().width())
        probe.deleteLater()
        return width + 4

    def _fit_diagram(self) -> None:
        """Give the diagram the largest size of its drawing's proportions that fits between the panels.

        Computed from this area's size (which the diagram's limits do not change, so there is no
        feedback loop): what the panels leave, narrowed to the drawing's width-to-height ratio.
        """
        grid = self._grid
        margins = grid.contentsMargins()
        width = self.width() - margins.left() - margins.right()
        height = self.height() - margins.top() - margins.bottom()
        panels = self.eval_panels
        sides = 2 * max(panels[s].sizeHint().width() for s in "WE") + 2 * grid.horizontalSpacing()
        wide = sum(panels[s].heightForWidth(width) for s in "NS") + 2 * grid.verticalSpacing()
        free_w, free_h = max(0, width - sides), max(0, height - wide)
        aspect = self._diagram_aspect
        floor = self.diagram.minimumSize()
        size = QSize(
            max(floor.width(), min(free_w, round(aspect * free_h))),
            max(floor.height(), min(free_h, round(free_w / aspect))),
        )
        if self.diagram.maximumSize() != size:
            self.diagram.setMaximumSize(size)

    def resizeEvent(self, event: QResizeEvent) -> None:
        self._fit_diagram()  # before the layout places the diagram at its new limit
        super().resizeEvent(event)

    # -- showing a deal ------------------------------------------------------------------------------

    def show_deal(
        self,
        deal: Deal | None,
        *,
        number: int | None,
        dealer: str | None,
        vulnerability: str | None,
        empty_text: str,
    ) -> None:
        """Put a board in the diagram (its panels follow with ``set_visible``)."""
        self.diagram.set_deal(deal, board_number=number, dealer=dealer, vulnerability=vulnerability)
        if deal is None:
            self.diagram.set_empty_text(empty_text)

    def set_visible(self, visible: str, *, defer_panels: bool = False) -> None:
        """Show the hands of ``visible`` and update the panels.

        ``defer_panels`` updates the four evaluation panels one per pass of the event loop (each is a
        dozen rich-text labels to lay out), so the first board of a set reaches the screen without one
        long stall while the search goes on; ``flush_panels`` completes them at once when needed.
        """
        self._visible = visible
        self.diagram.set_visible_seats(visible)
        self._panel_queue = list(SEATS)
        if defer_panels:
            self._panel_timer.start()
        else:
            self.flush_panels()

    def flush_panels(self) -> None:
        self._panel_timer.stop()
        while self._panel_queue:
            self._update_panel(self._panel_queue.pop(0))

    @Slot()
    def _update_next_panel(self) -> None:
        if self._panel_queue:
            self._update_panel(self._panel_queue.pop(0))
        if self._panel_queue:
            self._panel_timer.start()

    def _update_panel(self, seat: str) -> None:
        deal = self.diagram.deal()
        panel = self.eval_panels[seat]
        hand = _hand(deal, seat)
        partner_seat = SEATS[(SEATS.index(seat) + 2) % 4]
        partner = _hand(deal, partner_seat) if partner_seat in self._visible else None
        # Each panel call recomputes and relays out the panel: skip the ones that change nothing.
        if self._panel_inputs.get(seat) != (hand, partner):
            panel.set_hand(hand, partner)
            self._panel_inputs[seat] = (hand, partner)
        hidden = seat not in self._visible
        if panel.is_hidden() != hidden:
            panel.set_hidden(hidden)

    def set_four_colour(self, on: bool) -> None:
        self.diagram.set_four_colour(on)
        for panel in self.eval_panels.values():
            panel.set_four_colour(on)


__all__ = ["DealArea"]
