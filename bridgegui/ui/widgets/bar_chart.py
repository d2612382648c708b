"""A small bar chart of a frequency table: an observed and an exact bar per row, painted with QPainter.

Why paint it ourselves: PySide6-Essentials has no QtCharts, and the chart needs only bars, a value axis,
category labels and a legend.  One ``_layout`` computes every rectangle at the current size, and
painting, hit testing (tooltips, ``bar_clicked``) and the tests all read it, so they cannot disagree.

Two orientations, because the tables differ: hand patterns and suit splits have labels such as
``4-3-3-2`` that read best down the left with bars running right (``Qt.Orientation.Horizontal``), while
the HCP distribution is a curve over 0..37 that teachers draw with columns (``Qt.Orientation.Vertical``).

Colours come from the palette (as ``suit_text`` does), so the chart reads on light and dark themes:
observed bars take the palette's highlight colour, exact bars the text colour, faint and outlined, so
the two are told apart by shape and place as well as colour (and in black-and-white printouts).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field

from PySide6.QtCore import QEvent, QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontMetricsF,
    QHelpEvent,
    QMouseEvent,
    QPainter,
    QPaintEvent,
    QPalette,
    QPen,
)
from PySide6.QtWidgets import QSizePolicy, QToolTip, QWidget

from bridgegui.engine.teaching.frequencies import Row


def nice_step(span: float, target_ticks: int = 5) -> float:
    """A tick step of 1, 2 or 5 times a power of ten that cuts ``span`` into about ``target_ticks`` parts."""
    if span <= 0:
        return 1.0
    raw = span / max(1, target_ticks)
    power = 10 ** math.floor(math.log10(raw))
    for factor in (1, 2, 5, 10):
        if raw <= factor * power * (1 + 1e-9):
            return factor * power
    return 10 * power


def percent_text(value: float) -> str:
    """``"21.6%"`` or ``"0.39%"``: three significant figures at most, never scientific notation."""
    if value == 0:
        return "0%"
    if value >= 10:
        return f"{value:.1f}%"
    if value >= 0.01:
        return f"{value:.2f}%"
    return "<0.01%"


def tick_label(value: float, step: float) -> str:
    """An axis label with as many decimals as the step needs: ``"10%"`` for steps of 5, ``"0.5%"`` for 0.5."""
    if value == 0:
        return "0"
    decimals = max(0, -math.floor(math.log10(step) + 1e-9))
    return f"{value:.{decimals}f}%"


@dataclass
class BarGeometry:
    """Where one row is painted: its band (the row's whole slot), its two bars and its label."""

    label: str
    band: QRectF
    observed: QRectF | None
    exact: QRectF
    label_rect: QRectF
    show_label: bool = True


@dataclass
class _Layout:
    size: QSize
    plot: QRectF = field(default_factory=QRectF)
    axis_max: float = 0.0
    step: float = 1.0
    bars: list[BarGeometry] = field(default_factory=list)
    legend: list[tuple[QRectF, QRectF, str, bool]] = field(default_factory=list)  # swatch, text rect, text, exact?
    title_rect: QRectF = field(default_factory=QRectF)
    note_rect: QRectF = field(default_factory=QRectF)
    hidden: int = 0  # rows left out because the widget is too short for them


class BarChart(QWidget):
    """Observed against exact percentages for the rows of a ``FrequencyTable``.

    ``set_rows`` takes the rows to draw (the window chooses them: all HCP values that occur, the
    commoner patterns), the number of observations (0: only the exact bars are drawn, as before any
    sample) and the unit (``"hands"``, ``"suits"``) for the legend.

    Signals:
        bar_clicked(str): the label of the row whose band was clicked; fires on the GUI thread.
    """

    bar_clicked = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("barChart")
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setAttribute(Qt.WidgetAttribute.WA_OpaquePaintEvent)
        self.setMouseTracking(True)
        self._rows: tuple[Row, ...] = ()
        self._total = 0
        self._unit = "hands"
        self._title = ""
        self._note = ""
        self._orientation = Qt.Orientation.Horizontal
        self._highlight: str | None = None
        self._layout_cache: _Layout | None = None
        self._empty_text = self.tr("No rows to chart")
        self.setAccessibleName(self.tr("Frequency chart"))

    # -- API ---------------------------------------------------------------------------------------

    def set_rows(
        self,
        rows: Sequence[Row],
        *,
        total: int,
        unit: str = "hands",
        title: str = "",
        note: str = "",
        orientation: Qt.Orientation = Qt.Orientation.Horizontal,
    ) -> None:
        """Chart ``rows`` (in the order given: top to bottom, or left to right).

        ``note`` is a muted line under the chart, e.g. "rarer patterns are in the table only".
        """
        self._rows = tuple(rows)
        self._total = int(total)
        self._unit = unit
        self._title = title
        self._note = note
        self._orientation = orientation
        if self._highlight not in {r.label for r in self._rows}:
            self._highlight = None
        self._changed()

    def rows(self) -> tuple[Row, ...]:
        return self._rows

    def total(self) -> int:
        return self._total

    def orientation(self) -> Qt.Orientation:
        return self._orientation

    def title(self) -> str:
        return self._title

    def note(self) -> str:
        return self._note

    def note_text(self) -> str:
        """The line under the chart: the caller's note, and how many rows did not fit at this size."""
        hidden = self._layout().hidden if self._rows else 0
        if not hidden:
            return self._note
        more = self.tr("{n} more rows need a taller chart").format(n=hidden)
        return f"{self._note}; {more}" if self._note else more

    def hidden_rows(self) -> int:
        """How many rows (the last ones) are left out at the current size."""
        return self._layout().hidden if self._rows else 0

    def set_highlight(self, label: str | None) -> None:
        """Emphasise one row (the one selected in the table); ``None`` or an absent label: none."""
        self._highlight = label if label in {r.label for r in self._rows} else None
        self.update()

    def highlight(self) -> str | None:
        return self._highlight

    def set_empty_text(self, text: str) -> None:
        self._empty_text = text
        self.update()

    def axis_max(self) -> float:
        """The value (in percent) at the far end of the value axis."""
        return self._layout().axis_max

    def bar_geometry(self) -> list[BarGeometry]:
        """Every row's rectangles at the current size (tests check that nothing leaves the widget)."""
        return list(self._layout().bars)

    def label_at(self, pos: QPointF) -> str | None:
        """The label of the row whose band contains ``pos``."""
        for bar in self._layout().bars:
            if bar.band.contains(pos) or bar.label_rect.contains(pos):
                return bar.label
        return None

    def tooltip_text(self, label: str) -> str:
        """What hovering a row says: both percentages, the count, and the exact odds as "1 in N"."""
        row = next((r for r in self._rows if r.label == label), None)
        if row is None:
            return ""
        lines = [f"<b>{label}</b>"]
        if self._total:
            lines.append(
                self.tr("Observed: {pct} ({count} of {total} {unit})").format(
                    pct=percent_text(row.observed_pct),
                    count=f"{row.observed:,}",
                    total=f"{self._total:,}",
                    unit=self._unit,
                )
            )
        exact = self.tr("Exact: {pct}").format(pct=percent_text(row.exact_pct))
        if row.exact_pct > 0:
            exact += " " + self.tr("(1 in {n})").format(n=one_in_text(row.exact_pct))
        lines.append(exact)
        return "<br>".join(lines)

    # -- Qt ----------------------------------------------------------------------------------------

    def sizeHint(self) -> QSize:
        return QSize(460, 380)

    def minimumSizeHint(self) -> QSize:
        return QSize(240, 200)

    def changeEvent(self, event: QEvent) -> None:
        if event.type() in (QEvent.Type.PaletteChange, QEvent.Type.FontChange, QEvent.Type.StyleChange):
            self._changed()
        super().changeEvent(event)

    def event(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.ToolTip and isinstance(event, QHelpEvent):
            label = self.label_at(QPointF(event.pos()))
            if label is None:
                QToolTip.hideText()
                event.ignore()
            else:
                QToolTip.showText(event.globalPos(), self.tooltip_text(label), self)
            return True
        return super().event(event)

    def mousePressEvent(self, event: QMouseEvent) -> None:
        if event.button() == Qt.MouseButton.LeftButton:
            label = self.label_at(event.position())
            if label is not None:
                self.set_highlight(label)
                self.bar_clicked.emit(label)
                event.accept()
                return
        super().mousePressEvent(event)

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        try:
            painter.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.TextAntialiasing)
            palette = self.palette()
            painter.fillRect(self.rect(), palette.color(QPalette.ColorRole.Base))
            if not self._rows:
                painter.setPen(palette.color(QPalette.ColorRole.PlaceholderText))
                painter.drawText(
                    QRectF(self.rect()).adjusted(8, 8, -8, -8),
                    int(Qt.AlignmentFlag.AlignCenter) | int(Qt.TextFlag.TextWordWrap),
                    self._empty_text,
                )
                return
            layout = self._layout()
            self._paint_frame(painter, layout)
            self._paint_bars(painter, layout)
            self._paint_legend(painter, layout)
        finally:
            painter.end()

    # -- colours -----------------------------------------------------------------------------------

    def observed_colour(self) -> QColor:
        return self.palette().color(QPalette.ColorRole.Highlight)

    def exact_colour(self) -> QColor:
        """The exact bars' fill: the text colour, faint (grey on white, light grey on black)."""
        colour = QColor(self.palette().color(QPalette.ColorRole.Text))
        colour.setAlphaF(0.28)
        return colour

    def _muted(self) -> QColor:
        return self.palette().color(QPalette.ColorRole.PlaceholderText)

    # -- layout ------------------------------------------------------------------------------------

    def _changed(self) -> None:
        self._layout_cache = None
        self.setAccessibleDescription(self._description())
        self.update()

    def _description(self) -> str:
        """A screen reader's summary: the title and the first few rows' exact percentages."""
        parts = [self._title] if self._title else []
        parts += [f"{r.label} {percent_text(r.exact_pct)}" for r in self._rows[:5]]
        return "; ".join(parts)

    def _small_font(self) -> QFont:
        font = QFont(self.font())
        size = font.pointSizeF()
        if size > 0:
            font.setPointSizeF(max(7.0, size * 0.9))
        return font

    def _layout(self) -> _Layout:
        if self._layout_cache is not None and self._layout_cache.size == self.size():
            return self._layout_cache
        layout = _Layout(size=self.size())
        if not self._rows:
            return layout  # nothing to place: paintEvent shows the empty text
        fm = QFontMetricsF(self.font())
        small = QFontMetricsF(self._small_font())
        pad = fm.height() * 0.6
        area = QRectF(self.rect()).adjusted(pad, pad * 0.6, -pad, -pad * 0.6)

        top = area.top()
        if self._title:
            layout.title_rect = QRectF(area.left(), top, area.width(), fm.height())
            top += fm.height() + pad * 0.3
        # Legend: two swatches with their texts under the title, the second on its own line when narrow.
        x = area.left()
        swatch = small.height() * 0.8
        for text, is_exact in self._legend_entries():
            width = small.horizontalAdvance(text) + 2
            if x > area.left() and x + swatch * 1.5 + width > area.right():
                x = area.left()
                top += small.height() * 1.15
            rect = QRectF(x, top + (small.height() - swatch) / 2, swatch, swatch)
            text_rect = QRectF(rect.right() + swatch * 0.5, top, width, small.height())
            layout.legend.append((rect, text_rect, text, is_exact))
            x = text_rect.right() + swatch * 1.5
        top += small.height() + pad * 0.6
        bottom = area.bottom()
        if self._note or self._orientation == Qt.Orientation.Horizontal:
            # Two lines when the note and a "rows left out" remark might not fit on one.
            worst = f"{self._note}; " + self.tr("{n} more rows need a taller chart").format(n=len(self._rows))
            lines = 2 if small.horizontalAdvance(worst) > area.width() else 1
            height = small.height() * lines
            layout.note_rect = QRectF(area.left(), bottom - height, area.width(), height)
            bottom -= height + pad * 0.3

        values = [r.exact_pct for r in self._rows]
        if self._total:
            values += [r.observed_pct for r in self._rows]
        peak = max(values, default=0.0)
        step = nice_step(peak * 1.05 if peak > 0 else 1.0)
        layout.step = step
        layout.axis_max = max(step, math.ceil(peak * 1.05 / step - 1e-9) * step)

        if self._orientation == Qt.Orientation.Horizontal:
            self._layout_horizontal(layout, area, top, bottom, small)
        else:
            self._layout_vertical(layout, area, top, bottom, small)
        self._layout_cache = layout
        return layout

    def _legend_entries(self) -> list[tuple[str, bool]]:
        """(text, is the exact series) for each legend swatch; no observed entry before any data."""
        entries = []
        if self._total:
            entries.append((self.tr("Observed ({n} {unit})").format(n=f"{self._total:,}", unit=self._unit), False))
        entries.append((self.tr("Exact (random deals)"), True))
        return entries

    def legend_texts(self) -> list[str]:
        return [text for text, _ in self._legend_entries()]

    def _split_band(self, band: QRectF, horizontal: bool) -> tuple[QRectF | None, QRectF]:
        """The observed and exact bars' slots inside a band (observed first), before scaling to value."""
        if horizontal:
            inner = band.adjusted(0, band.height() * 0.12, 0, -band.height() * 0.12)
            if not self._total:
                return None, inner.adjusted(0, inner.height() * 0.15, 0, -inner.height() * 0.15)
            half = inner.height() / 2
            return QRectF(inner.left(), inner.top(), inner.width(), half), QRectF(
                inner.left(), inner.top() + half, inner.width(), half
            )
        inner = band.adjusted(band.width() * 0.14, 0, -band.width() * 0.14, 0)
        if not self._total:
            return None, inner.adjusted(inner.width() * 0.15, 0, -inner.width() * 0.15, 0)
        half = inner.width() / 2
        return QRectF(inner.left(), inner.top(), half, inner.height()), QRectF(
            inner.left() + half, inner.top(), half, inner.height()
        )

    def _layout_horizontal(
        self, layout: _Layout, area: QRectF, top: float, bottom: float, small: QFontMetricsF
    ) -> None:
        fm = QFontMetricsF(self.font())
        bold = QFont(self.font())
        bold.setBold(True)
        # Measured in bold: the highlighted row's label is bold and must not run off the left edge.
        label_w = max(QFontMetricsF(bold).horizontalAdvance(r.label) for r in self._rows) + fm.height() * 0.6
        # Room on the right for the last tick label and for a value printed past the longest bar.
        right_room = small.horizontalAdvance("100.0%") * 0.6
        axis_h = small.height() * 1.3
        plot = QRectF(area.left() + label_w, top, area.width() - label_w - right_room, bottom - top - axis_h)
        layout.plot = plot
        # Rows that would be squeezed below a line of text are left out (the rarest: rows come commonest
        # first), and the note says so; overlapping labels would help nobody.
        n = max(1, min(len(self._rows), int(plot.height() // (fm.height() * 1.05))))
        layout.hidden = len(self._rows) - n
        # Few rows (a suit split) would make slabs of bars: cap the band, keep the chart at the top.
        band_h = min(plot.height() / n, fm.height() * 2.6)
        plot.setHeight(band_h * n)
        scale = plot.width() / layout.axis_max
        for i, row in enumerate(self._rows[:n]):
            band = QRectF(plot.left(), plot.top() + i * band_h, plot.width(), band_h)
            obs_slot, exact_slot = self._split_band(band, horizontal=True)
            observed = None
            if obs_slot is not None:
                observed = QRectF(obs_slot.left(), obs_slot.top(), row.observed_pct * scale, obs_slot.height())
            exact = QRectF(exact_slot.left(), exact_slot.top(), row.exact_pct * scale, exact_slot.height())
            label_rect = QRectF(area.left(), band.top(), label_w - fm.height() * 0.4, band_h)
            layout.bars.append(BarGeometry(row.label, band, observed, exact, label_rect, band_h >= fm.height() * 0.7))

    def _layout_vertical(self, layout: _Layout, area: QRectF, top: float, bottom: float, small: QFontMetricsF) -> None:
        fm = QFontMetricsF(self.font())
        tick_w = small.horizontalAdvance(tick_label(layout.axis_max, layout.step)) + small.height() * 0.5
        label_h = fm.height() * 1.2
        plot = QRectF(area.left() + tick_w, top + small.height() * 0.5, area.width() - tick_w, 0)
        plot.setBottom(bottom - label_h)
        layout.plot = plot
        n = len(self._rows)
        band_w = min(plot.width() / n, fm.height() * 4)
        plot.setWidth(band_w * n)
        scale = plot.height() / layout.axis_max
        widest = max(fm.horizontalAdvance(r.label) for r in self._rows) + fm.height() * 0.4
        every = max(1, math.ceil(widest / band_w))
        if every > 1:  # label round values (every 2nd, 5th, 10th), which is how an axis is read
            every = next(k for k in (2, 5, 10, 20, 50, n) if k >= every)
        for i, row in enumerate(self._rows):
            band = QRectF(plot.left() + i * band_w, plot.top(), band_w, plot.height())
            obs_slot, exact_slot = self._split_band(band, horizontal=False)
            observed = None
            if obs_slot is not None:
                h = row.observed_pct * scale
                observed = QRectF(obs_slot.left(), plot.bottom() - h, obs_slot.width(), h)
            h = row.exact_pct * scale
            exact = QRectF(exact_slot.left(), plot.bottom() - h, exact_slot.width(), h)
            centre = band.center().x()
            label_rect = QRectF(centre - widest / 2, plot.bottom() + fm.height() * 0.15, widest, fm.height())
            layout.bars.append(BarGeometry(row.label, band, observed, exact, label_rect, i % every == 0))

    # -- painting ----------------------------------------------------------------------------------

    def _paint_frame(self, painter: QPainter, layout: _Layout) -> None:
        """Title, grid lines and value-axis tick labels, and the note."""
        palette = self.palette()
        text = palette.color(QPalette.ColorRole.Text)
        muted = self._muted()
        grid = QColor(text)
        grid.setAlphaF(0.12)
        if self._title:
            font = QFont(self.font())
            font.setBold(True)
            painter.setFont(font)
            painter.setPen(text)
            elided = QFontMetricsF(font).elidedText(self._title, Qt.TextElideMode.ElideRight, layout.title_rect.width())
            painter.drawText(layout.title_rect, int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter), elided)
        small = self._small_font()
        painter.setFont(small)
        sm = QFontMetricsF(small)
        plot = layout.plot
        ticks = round(layout.axis_max / layout.step)
        for k in range(ticks + 1):
            value = k * layout.step
            tick_text = tick_label(value, layout.step)
            painter.setPen(QPen(grid, 1))
            if self._orientation == Qt.Orientation.Horizontal:
                x = plot.left() + plot.width() * value / layout.axis_max
                painter.drawLine(QPointF(x, plot.top()), QPointF(x, plot.bottom()))
                painter.setPen(muted)
                w = sm.horizontalAdvance(tick_text)
                painter.drawText(QPointF(x - w / 2, plot.bottom() + sm.ascent() + sm.height() * 0.2), tick_text)
            else:
                y = plot.bottom() - plot.height() * value / layout.axis_max
                painter.drawLine(QPointF(plot.left(), y), QPointF(plot.right(), y))
                painter.setPen(muted)
                w = sm.horizontalAdvance(tick_text)
                painter.drawText(QPointF(plot.left() - w - sm.height() * 0.3, y + sm.ascent() / 2 - 1), tick_text)
        # The zero line, stronger than the grid.
        axis = QColor(text)
        axis.setAlphaF(0.45)
        painter.setPen(QPen(axis, 1))
        if self._orientation == Qt.Orientation.Horizontal:
            painter.drawLine(plot.topLeft(), plot.bottomLeft())
        else:
            painter.drawLine(plot.bottomLeft(), plot.bottomRight())
        note = self.note_text()
        if note:
            painter.setPen(muted)
            flags = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignBottom
            if layout.note_rect.height() > sm.height() * 1.5:
                painter.drawText(layout.note_rect, int(flags) | int(Qt.TextFlag.TextWordWrap), note)
            else:
                elided = sm.elidedText(note, Qt.TextElideMode.ElideRight, layout.note_rect.width())
                painter.drawText(layout.note_rect, int(flags), elided)

    def _paint_bars(self, painter: QPainter, layout: _Layout) -> None:
        palette = self.palette()
        text = palette.color(QPalette.ColorRole.Text)
        observed = self.observed_colour()
        exact_fill = self.exact_colour()
        exact_line = QColor(text)
        exact_line.setAlphaF(0.6)
        band_fill = QColor(palette.color(QPalette.ColorRole.Highlight))
        band_fill.setAlphaF(0.16)
        font = QFont(self.font())
        bold = QFont(font)
        bold.setBold(True)
        horizontal = self._orientation == Qt.Orientation.Horizontal
        for bar in layout.bars:
            chosen = bar.label == self._highlight
            if chosen:
                painter.fillRect(bar.band, band_fill)
            if bar.observed is not None and bar.observed.width() > 0 and bar.observed.height() > 0:
                painter.fillRect(bar.observed, observed)
            if bar.exact.width() > 0 and bar.exact.height() > 0:
                painter.fillRect(bar.exact, exact_fill)
                painter.setPen(QPen(exact_line, 1))
                painter.setBrush(Qt.BrushStyle.NoBrush)
                painter.drawRect(bar.exact.adjusted(0.5, 0.5, -0.5, -0.5))
            if bar.show_label or chosen:
                painter.setFont(bold if chosen else font)
                painter.setPen(text)
                align = Qt.AlignmentFlag.AlignRight if horizontal else Qt.AlignmentFlag.AlignHCenter
                painter.drawText(bar.label_rect, int(align | Qt.AlignmentFlag.AlignVCenter), bar.label)
        # The tag goes on last, so no later bar paints over it.
        for bar in layout.bars:
            if bar.label == self._highlight:
                self._paint_values(painter, layout, bar)

    def _paint_values(self, painter: QPainter, layout: _Layout, bar: BarGeometry) -> None:
        """The highlighted row's percentages in a tag beside its bars, so the chosen row reads at a glance.

        Each value carries a small swatch of its series (as in the legend), so one tag can hold both
        without saying "observed" and "exact" again; a Base-coloured background keeps it readable where
        it overlaps neighbouring bars.
        """
        small = self._small_font()
        small.setBold(True)
        painter.setFont(small)
        sm = QFontMetricsF(small)
        row = next(r for r in self._rows if r.label == bar.label)
        parts = [(True, percent_text(row.exact_pct))]
        if bar.observed is not None:
            parts.insert(0, (False, percent_text(row.observed_pct)))
        swatch = sm.height() * 0.7
        gap = sm.height() * 0.35
        width = sum(swatch + gap + sm.horizontalAdvance(text) for _, text in parts) + gap * (len(parts) + 1)
        height = sm.height() * 1.2
        plot = layout.plot
        if self._orientation == Qt.Orientation.Horizontal:
            reach = max(bar.exact.right(), bar.observed.right() if bar.observed is not None else 0.0)
            x = min(reach + gap, plot.right() + plot.width() * 0.02 - width)
            y = bar.band.center().y() - height / 2
        else:
            reach = min(bar.exact.top(), bar.observed.top() if bar.observed is not None else plot.bottom())
            x = max(plot.left() + 2, bar.band.center().x() - width / 2)
            y = max(plot.top(), reach - height - 2)
        x = max(1.0, min(x, self.width() - width - 1))
        tag = QRectF(x, y, width, height)
        background = QColor(self.palette().color(QPalette.ColorRole.Base))
        background.setAlphaF(0.88)
        border = QColor(self.palette().color(QPalette.ColorRole.Text))
        border.setAlphaF(0.3)
        painter.setPen(QPen(border, 1))
        painter.setBrush(background)
        painter.drawRoundedRect(tag, 3, 3)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        cursor = tag.left() + gap
        for is_exact, text in parts:
            box = QRectF(cursor, tag.center().y() - swatch / 2, swatch, swatch)
            self._paint_swatch(painter, box, is_exact)
            cursor = box.right() + gap * 0.6
            painter.setPen(self.palette().color(QPalette.ColorRole.Text))
            painter.drawText(QPointF(cursor, tag.center().y() + sm.ascent() / 2 - sm.descent() / 2), text)
            cursor += sm.horizontalAdvance(text) + gap

    def _paint_swatch(self, painter: QPainter, box: QRectF, is_exact: bool) -> None:
        """A legend swatch: solid for observed, faint and outlined for exact (as the bars are)."""
        if is_exact:
            line = QColor(self.palette().color(QPalette.ColorRole.Text))
            line.setAlphaF(0.6)
            painter.fillRect(box, self.exact_colour())
            painter.setPen(QPen(line, 1))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRect(box.adjusted(0.5, 0.5, -0.5, -0.5))
        else:
            painter.fillRect(box, self.observed_colour())

    def _paint_legend(self, painter: QPainter, layout: _Layout) -> None:
        painter.setFont(self._small_font())
        for swatch, text_rect, label, is_exact in layout.legend:
            self._paint_swatch(painter, swatch, is_exact)
            painter.setPen(self.palette().color(QPalette.ColorRole.Text))
            painter.drawText(text_rect, int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter), label)


def one_in_text(percent: float) -> str:
    """``"9.5"`` for 10.5%: the exact odds as "1 in N", as a teacher says them."""
    n = 100.0 / percent
    if n < 10:
        return f"{n:.1f}"
    if n < 1e6:
        return f"{round(n):,}"
    return f"{float(f'{n:.3g}'):,.0f}"


__all__ = ["BarChart", "BarGeometry", "nice_step", "one_in_text", "percent_text", "tick_label"]
