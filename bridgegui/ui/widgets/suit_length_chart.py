"""The Shuffle Lab's suit-length chart, and the standard error that tells a real difference from noise.

The chart shows, for each suit length a hand can hold, how much more or less often it turns up with
the simulated model than with a perfect shuffle, with a whisker of two standard errors.  The same
``standard_error`` decides which differences the lab's tables print in bold.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QPainter, QPaintEvent, QPalette, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

from bridgegui.engine.lab.audit import LabSummary, suit_length_probabilities

NOISE_FACTOR = 1.12
"""Variance of a per-deal count over the independent-hands binomial variance, at most 1.12 (measured
on 200,000 random deals for every suit length and the common patterns; about 1.05 for the nine-card
fit splits on 400,000): the hands of a deal are nearly independent, so the binomial standard error
times ``sqrt(1.12)`` is a safe one."""

LENGTH_GROUPS = ("0", "1", "2", "3", "4", "5", "6", "7+")


def standard_error(probability: float, trials: int) -> float:
    """Standard error of an observed fraction when ``probability`` is the truth (see ``NOISE_FACTOR``)."""
    if trials <= 0:
        return math.inf
    return math.sqrt(NOISE_FACTOR * probability * (1 - probability) / trials)


def suit_length_fractions(summary: LabSummary) -> list[float]:
    """Fractions of the ``16 * decks`` seat-suit holdings with 0..13 cards, from the pattern tallies."""
    counts = [0] * 14
    for pattern, count in summary.patterns:
        for length in pattern:
            counts[length] += count
    holdings = 16 * summary.decks
    return [c / holdings for c in counts]


def _grouped(values: Sequence[float]) -> list[float]:
    """Lengths 0..6, then 7 or more together (too rare to show one by one)."""
    return [*values[:7], sum(values[7:])]


class SuitLengthChart(QWidget):
    """Bars: how much more or less often each suit length turns up than with a perfect shuffle.

    A bar is ``observed / exact - 1`` for lengths 0..6 and 7+ (a hand's holding in one suit); its
    whisker is two standard errors either way, so a bar inside its whisker is noise.  The hand-shuffled
    signature is bars up at three and four cards and down at voids, singletons and long suits.
    Painted with ``QPainter`` (no QtCharts in PySide6-Essentials), in the palette's colours.
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("suitLengthChart")
        self._relative: list[float] = []
        self._noise: list[float] = []
        self.setMinimumSize(300, 170)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)

    def sizeHint(self) -> QSize:
        return QSize(380, 200)

    def set_summary(self, summary: LabSummary | None) -> None:
        """Show a simulation's suit lengths (``None`` clears the chart)."""
        self._relative, self._noise = [], []
        if summary is not None and summary.decks:
            exact = _grouped(suit_length_probabilities())
            observed = _grouped(suit_length_fractions(summary))
            holdings = 16 * summary.decks
            self._relative = [o / e - 1 for o, e in zip(observed, exact, strict=True)]
            self._noise = [2 * standard_error(e, holdings) / e for e in exact]
        self.update()

    def values(self) -> list[float]:
        """The relative differences shown (empty before a simulation)."""
        return list(self._relative)

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        palette = self.palette()
        text = palette.color(QPalette.ColorRole.WindowText)
        muted = QColor(text)
        muted.setAlphaF(0.55)
        metrics = self.fontMetrics()
        line = metrics.height()
        area = QRectF(self.rect()).adjusted(4, 2, -4, -2)
        if not self._relative:
            painter.setPen(muted)
            painter.drawText(
                area,
                Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextWordWrap,
                self.tr("Simulate to see the suit lengths."),
            )
            return
        scale = max(0.05, *(abs(v) for v in self._relative), *self._noise)
        scale = math.ceil(scale * 20) / 20  # a round axis: 5 % steps
        axis_width = metrics.horizontalAdvance("+100%") + 6
        plot = QRectF(
            area.left() + axis_width, area.top() + line / 2, area.width() - axis_width, area.height() - 2.2 * line
        )
        zero_y = plot.center().y()

        def y_of(value: float) -> float:
            return zero_y - value / scale * plot.height() / 2

        # Axis: +scale, 0, -scale.
        painter.setPen(muted)
        for value in (scale, 0.0, -scale):
            y = y_of(value)
            label = f"{100 * value:+.0f}%" if value else "0"
            painter.drawText(
                QRectF(area.left(), y - line / 2, axis_width - 6, line),
                Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter,
                label,
            )
        grid = QColor(muted)
        grid.setAlphaF(0.25)
        painter.setPen(QPen(grid, 1, Qt.PenStyle.DashLine))
        for value in (scale, -scale):
            painter.drawLine(QPointF(plot.left(), y_of(value)), QPointF(plot.right(), y_of(value)))
        slot = plot.width() / len(self._relative)
        bar = palette.color(QPalette.ColorRole.Highlight)
        for i, (value, noise) in enumerate(zip(self._relative, self._noise, strict=True)):
            centre = plot.left() + slot * (i + 0.5)
            width = slot * 0.55
            top, bottom = sorted((y_of(value), zero_y))
            painter.fillRect(QRectF(centre - width / 2, top, width, max(bottom - top, 1.0)), bar)
            # Whisker: two standard errors either side of zero.
            painter.setPen(QPen(text, 1))
            low, high = y_of(-noise), y_of(noise)
            painter.drawLine(QPointF(centre, low), QPointF(centre, high))
            painter.drawLine(QPointF(centre - 4, low), QPointF(centre + 4, low))
            painter.drawLine(QPointF(centre - 4, high), QPointF(centre + 4, high))
            painter.setPen(text)
            painter.drawText(
                QRectF(centre - slot / 2, plot.bottom() + 2, slot, line),
                Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop,
                LENGTH_GROUPS[i],
            )
        painter.setPen(QPen(text, 1))
        painter.drawLine(QPointF(plot.left(), zero_y), QPointF(plot.right(), zero_y))
        painter.setPen(muted)
        painter.drawText(
            QRectF(plot.left(), plot.bottom() + line, plot.width(), line),
            Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop,
            self.tr("cards in a suit"),
        )
        painter.end()


__all__ = ["LENGTH_GROUPS", "NOISE_FACTOR", "SuitLengthChart", "standard_error", "suit_length_fractions"]
