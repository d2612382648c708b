"""BarChart: axis arithmetic, bar geometry in both orientations, highlight and clicks, palettes, rendering."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, QRectF, Qt
from PySide6.QtGui import QColor, QImage, QPalette

from bridgegui.engine.teaching import frequencies
from bridgegui.engine.teaching.frequencies import Row
from bridgegui.ui.widgets.bar_chart import BarChart, nice_step, one_in_text, percent_text, tick_label

ROWS = (
    Row("3-2", 680, 68.0, 67.83),
    Row("4-1", 280, 28.0, 28.26),
    Row("5-0", 40, 4.0, 3.91),
)


@pytest.fixture
def chart(qtbot) -> BarChart:
    w = BarChart()
    qtbot.addWidget(w)
    w.resize(480, 360)
    return w


def _image(chart: BarChart) -> QImage:
    return chart.grab().toImage()


@pytest.mark.parametrize(
    ("span", "step"),
    [(68.0, 20.0), (22.6, 5.0), (9.9, 2.0), (1.0, 0.2), (0.5, 0.1), (0.0, 1.0), (100.0, 20.0)],
)
def test_nice_step(span, step):
    assert nice_step(span) == pytest.approx(step)


def test_texts():
    assert tick_label(0, 5) == "0"
    assert tick_label(10, 5) == "10%"
    assert tick_label(0.5, 0.5) == "0.5%"
    assert tick_label(0.04, 0.02) == "0.04%"
    assert percent_text(21.55) == "21.6%"
    assert percent_text(0.39) == "0.39%"
    assert percent_text(0.004) == "<0.01%"
    assert percent_text(0) == "0%"
    assert one_in_text(10.54) == "9.5"  # "how often is partner 4-3-3-3?": about one hand in 9.5
    assert one_in_text(0.36) == "278"
    assert one_in_text(1e-6) == "100,000,000"


def test_empty_chart_paints_its_message(chart):
    assert chart.rows() == ()
    assert chart.bar_geometry() == []
    image = _image(chart)
    assert not image.isNull()
    assert image.width() == 480


def test_horizontal_bars_are_proportional_and_inside(chart):
    chart.set_rows(ROWS, total=1000, unit="suits", title="Splits")
    bars = chart.bar_geometry()
    assert [b.label for b in bars] == ["3-2", "4-1", "5-0"]
    assert chart.axis_max() >= 68.0
    widget = QRectF(chart.rect())
    for bar, row in zip(bars, ROWS, strict=True):
        assert bar.observed is not None
        assert widget.contains(bar.observed) and widget.contains(bar.exact) and widget.contains(bar.label_rect)
        # Bars run right from one baseline, lengths proportional to the percentages.
        assert bar.observed.left() == pytest.approx(bar.exact.left())
        assert bar.observed.width() / bar.exact.width() == pytest.approx(row.observed_pct / row.exact_pct)
        # Observed above exact, inside the row's band.
        assert bar.observed.bottom() <= bar.exact.top() + 0.01
        assert bar.band.contains(bar.observed.center()) and bar.band.contains(bar.exact.center())
    assert bars[0].exact.width() > bars[1].exact.width() > bars[2].exact.width()
    assert chart.legend_texts() == ["Observed (1,000 suits)", "Exact (random deals)"]


def test_without_observations_only_exact_bars(chart):
    chart.set_rows(ROWS, total=0)
    assert all(b.observed is None for b in chart.bar_geometry())
    assert chart.legend_texts() == ["Exact (random deals)"]


def test_vertical_bars_grow_up_from_the_axis(chart):
    table = frequencies.hcp_table(frequencies.sample(None, 2000, seed=4)).nonzero()
    chart.set_rows(table.rows, total=table.total, orientation=Qt.Orientation.Vertical)
    bars = chart.bar_geometry()
    assert len(bars) == len(table.rows)
    bottoms = {round(b.exact.bottom(), 3) for b in bars}
    assert len(bottoms) == 1  # one baseline
    tallest = max(bars, key=lambda b: b.exact.height())
    assert tallest.label == max(table.rows, key=lambda r: r.exact_pct).label
    lefts = [b.band.left() for b in bars]
    assert lefts == sorted(lefts)
    # At 480 px, 30 labels do not all fit: every other one (a round step) is written.
    shown = [b.label for b in bars if b.show_label]
    assert "0" in shown and len(shown) < len(bars)
    widget = QRectF(chart.rect())
    assert all(widget.contains(b.exact) and widget.contains(b.label_rect) for b in bars if b.show_label)


def test_rows_that_do_not_fit_are_left_out_and_said(chart, qtbot):
    rows = frequencies.pattern_table(frequencies.sample(None, 500, seed=2)).rows
    chart.resize(400, 220)
    chart.set_rows(rows, total=2000, note="rare rows in the table")
    assert 0 < len(chart.bar_geometry()) < len(rows)
    assert chart.hidden_rows() == len(rows) - len(chart.bar_geometry())
    assert "rare rows in the table" in chart.note_text()
    assert str(chart.hidden_rows()) in chart.note_text()
    # Bands never get shorter than a line of text, so labels cannot overlap.
    heights = [b.band.height() for b in chart.bar_geometry()]
    assert min(heights) >= chart.fontMetrics().height()


def test_highlight_and_click(chart, qtbot):
    chart.set_rows(ROWS, total=1000)
    chart.set_highlight("4-1")
    assert chart.highlight() == "4-1"
    chart.set_highlight("7-6")
    assert chart.highlight() is None
    band = chart.bar_geometry()[2].band
    with qtbot.waitSignal(chart.bar_clicked, timeout=1000) as blocker:
        qtbot.mouseClick(chart, Qt.MouseButton.LeftButton, pos=band.center().toPoint())
    assert blocker.args == ["5-0"]
    assert chart.highlight() == "5-0"
    assert chart.label_at(QRectF(0, 0, 1, 1).center()) is None


def test_tooltip_text(chart):
    chart.set_rows(ROWS, total=1000, unit="suits")
    tip = chart.tooltip_text("4-1")
    assert "28.0%" in tip and "280 of 1,000 suits" in tip and "28.3%" in tip and "1 in 3.5" in tip
    assert chart.tooltip_text("nope") == ""


def test_rendering_depends_on_data_and_highlight(chart):
    chart.set_rows(ROWS, total=1000)
    first = _image(chart)
    chart.set_rows(ROWS[::-1], total=1000)
    second = _image(chart)
    assert first != second
    chart.set_highlight("3-2")
    assert _image(chart) != second


def _dark_palette() -> QPalette:
    palette = QPalette()
    for role, colour in (
        (QPalette.ColorRole.Window, "#2b2b2b"),
        (QPalette.ColorRole.Base, "#1e1e1e"),
        (QPalette.ColorRole.Text, "#e0e0e0"),
        (QPalette.ColorRole.WindowText, "#e0e0e0"),
        (QPalette.ColorRole.Highlight, "#3d7bd9"),
        (QPalette.ColorRole.PlaceholderText, "#9a9a9a"),
    ):
        palette.setColor(role, QColor(colour))
    return palette


def test_colours_follow_the_palette(chart):
    chart.set_rows(ROWS, total=1000)
    light = _image(chart)
    chart.setPalette(_dark_palette())
    dark = _image(chart)
    assert light != dark
    assert chart.observed_colour() == QColor("#3d7bd9")
    # The background is the palette's base colour; the observed bars are its highlight colour.
    assert QColor(dark.pixel(QPoint(2, 2))) == QColor("#1e1e1e")
    centre = chart.bar_geometry()[0].observed.center().toPoint()
    assert QColor(dark.pixel(centre)) == QColor("#3d7bd9")
    # The exact bars are a faint text colour: lighter than the background on a dark theme.
    exact = QColor(dark.pixel(chart.bar_geometry()[1].exact.center().toPoint()))
    assert exact.lightnessF() > QColor("#1e1e1e").lightnessF()
