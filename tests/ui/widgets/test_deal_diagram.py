"""DealDiagram: the deal shown, scaling with the widget, hidden hands, colours and palettes."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QColor, QImage, QPalette

from bridgegui.engine.cards import Deal, parse_deal
from bridgegui.ui.widgets.deal_diagram import DealDiagram

DEAL = parse_deal("N:AKQ2.KJ3.Q98.765 T9876.A2.KJ7.AQ3 J.Q9876.A6543.K2 543.T54.T2.JT984")


def dark_palette() -> QPalette:
    palette = QPalette()
    for role, colour in [
        (QPalette.ColorRole.Window, "#2b2b2b"),
        (QPalette.ColorRole.Base, "#1e1e1e"),
        (QPalette.ColorRole.AlternateBase, "#353535"),
        (QPalette.ColorRole.Text, "#e6e6e6"),
        (QPalette.ColorRole.WindowText, "#e6e6e6"),
        (QPalette.ColorRole.Button, "#3a3a3a"),
        (QPalette.ColorRole.Mid, "#555555"),
        (QPalette.ColorRole.PlaceholderText, "#9a9a9a"),
    ]:
        palette.setColor(role, QColor(colour))
    return palette


@pytest.fixture
def diagram(qtbot) -> DealDiagram:
    w = DealDiagram()
    qtbot.addWidget(w)
    w.resize(600, 480)
    return w


def render(w: DealDiagram) -> QImage:
    image = w.grab().toImage()
    assert not image.isNull()
    return image


def distinct_colours(image: QImage) -> set[int]:
    step = 7
    return {image.pixel(x, y) for x in range(0, image.width(), step) for y in range(0, image.height(), step)}


def test_object_name_and_size_hints(diagram):
    assert diagram.objectName() == "dealDiagram"
    assert diagram.sizeHint().width() >= 500 and diagram.sizeHint().height() >= 400
    assert 340 <= diagram.minimumSizeHint().width() <= 400
    assert 280 <= diagram.minimumSizeHint().height() <= 340


def test_empty_state_before_the_first_deal(diagram):
    assert diagram.deal() is None
    assert diagram.hand_text("N") is None
    assert "F5" in diagram.empty_text()
    image = render(diagram)
    assert len(distinct_colours(image)) > 1  # the message is painted


def test_set_deal_shows_it(diagram):
    diagram.set_deal(DEAL, board_number=7)
    assert diagram.deal() is DEAL
    assert diagram.hand_text("N") == ["♠ A K Q 2", "♥ K J 3", "♦ Q 9 8", "♣ 7 6 5"]
    assert diagram.hand_text("W") == ["♠ 5 4 3", "♥ 10 5 4", "♦ 10 2", "♣ J 10 9 8 4"]
    # Board 7: South deals, everybody vulnerable (Law 2).
    assert diagram.dealer() == "S"
    assert diagram.vulnerability() == "All"
    assert "Board 7" in diagram.toolTip()
    diagram.set_deal(None)
    assert diagram.deal() is None


def test_explicit_dealer_and_vulnerability_win(diagram):
    diagram.set_deal(DEAL, board_number=1, dealer="west", vulnerability="Both")
    assert diagram.dealer() == "W"
    assert diagram.vulnerability() == "All"
    diagram.set_deal(DEAL, vulnerability="EW")
    assert diagram.dealer() is None and diagram.vulnerability() == "EW"
    with pytest.raises(ValueError):
        diagram.set_deal(DEAL, vulnerability="some")


def test_a_void_shows_a_dash(diagram):
    void = parse_deal("N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432")
    diagram.set_deal(void)
    assert diagram.hand_text("N") == ["♠ A K Q J 10 9 8 7 6 5 4 3 2", "♥ —", "♦ —", "♣ —"]
    render(diagram)  # a 13-card suit still lays out


def test_rendering_scales_with_the_widget(diagram):
    diagram.set_deal(DEAL, board_number=3)
    small = diagram.font_pixel_size()
    small_image = render(diagram)
    diagram.resize(1000, 800)
    large = diagram.font_pixel_size()
    large_image = render(diagram)
    assert large > small * 1.4
    assert large_image.size() != small_image.size()
    assert len(distinct_colours(small_image)) > 3 and len(distinct_colours(large_image)) > 3


def test_long_suits_shrink_the_font_rather_than_overflow(diagram):
    diagram.set_deal(DEAL)
    normal = diagram.font_pixel_size()
    thirteen = parse_deal("N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432")
    diagram.set_deal(thirteen)
    assert diagram.font_pixel_size() < normal
    west, east = diagram.hand_rect("W"), diagram.hand_rect("E")
    assert west.left() >= 0 and east.right() <= diagram.width()


def test_hidden_seats_paint_no_cards(diagram):
    diagram.set_deal(DEAL, board_number=1)
    shown = render(diagram)
    diagram.set_visible_seats("S")
    assert diagram.visible_seats() == "S"
    for seat in "NEW":
        assert diagram.hand_text(seat) is None
    assert diagram.hand_text("S") is not None
    assert render(diagram) != shown
    diagram.set_visible_seats("sn")
    assert diagram.visible_seats() == "NS"
    assert "hidden: East, West" in diagram.toolTip()


def test_unknown_hand_is_not_painted(diagram):
    partial = parse_deal("N:AKQ2.KJ3.Q98.765 - - -", allow_missing=True)
    diagram.set_deal(partial)
    assert diagram.hand_text("E") is None
    render(diagram)


def test_four_colour_deck(diagram):
    diagram.set_deal(DEAL)
    two = [diagram.suit_colour(s) for s in range(4)]
    assert two[1] == two[2] and two[0] == two[3]  # red and black
    image = render(diagram)
    diagram.set_four_colour(True)
    assert diagram.four_colour()
    four = [diagram.suit_colour(s) for s in range(4)]
    assert len({c.name() for c in four}) == 4
    assert four[3].green() > four[3].red()  # clubs green
    assert render(diagram) != image


def test_dark_palette(diagram):
    diagram.set_deal(DEAL, board_number=5)
    light_red = diagram.suit_colour(1)
    light = render(diagram)
    diagram.setPalette(dark_palette())
    dark_red = diagram.suit_colour(1)
    dark = render(diagram)
    assert dark_red != light_red
    assert dark_red.lightnessF() > light_red.lightnessF()  # a softer red reads on a dark background
    assert diagram.suit_colour(0).lightnessF() > 0.5  # "black" suits are light on dark
    assert dark != light
    assert QColor(dark.pixel(1, 1)).lightnessF() < 0.3


def test_seat_clicked(diagram, qtbot):
    diagram.set_deal(DEAL)
    centre = diagram.hand_rect("E").center()
    with qtbot.waitSignal(diagram.seat_clicked, timeout=1000) as blocker:
        qtbot.mouseClick(diagram, Qt.MouseButton.LeftButton, pos=centre.toPoint())
    assert blocker.args == ["E"]
    assert diagram.seat_at(QPointF(1, 1)) is None


def test_deal_type(diagram):
    diagram.set_deal(Deal.from_masks(DEAL.hands))  # type: ignore[arg-type]
    assert diagram.deal() == DEAL


def test_high_dpi_rendering(diagram):
    """Painting into a 2x image (as on a high-DPI screen) fills it at full resolution."""
    diagram.resize(400, 320)
    diagram.set_deal(DEAL, board_number=10)
    image = QImage(800, 640, QImage.Format.Format_ARGB32_Premultiplied)
    image.setDevicePixelRatio(2.0)
    image.fill(Qt.GlobalColor.white)
    diagram.render(image)
    # Card text reaches the bottom half of the physical image (South's hand), not just the top-left quarter.
    bottom_right = {image.pixel(x, y) for x in range(400, 800, 5) for y in range(320, 640, 5)}
    assert len(bottom_right) > 2
