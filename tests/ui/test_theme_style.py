"""The dark theme's check boxes and radio buttons can be seen: Fusion alone outlined them in near black."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QApplication, QCheckBox, QRadioButton, QStyle, QStyleOptionButton
from pytestqt.qtbot import QtBot

from bridgegui.ui.app import apply_theme


@pytest.fixture
def dark(qapp: QApplication):
    apply_theme("dark", qapp)
    yield qapp
    apply_theme("light", qapp)


@pytest.mark.parametrize("kind", [QCheckBox, QRadioButton])
def test_an_unchecked_indicator_stands_out_on_the_dark_palette(qtbot: QtBot, dark: QApplication, kind: type) -> None:
    button = kind("North")
    qtbot.addWidget(button)
    button.show()
    image = button.grab().toImage()
    option = QStyleOptionButton()
    button.initStyleOption(option)
    element = QStyle.SubElement.SE_CheckBoxIndicator if kind is QCheckBox else QStyle.SubElement.SE_RadioButtonIndicator
    rect = button.style().subElementRect(element, option, button)
    ratio = image.devicePixelRatio()
    brightest = max(
        QColor(image.pixel(int(x * ratio), int(y * ratio))).lightness()
        for x in range(rect.left(), rect.right() + 1)
        for y in range(rect.top(), rect.bottom() + 1)
    )
    window = button.palette().window().color().lightness()
    assert brightest >= window + 40, (brightest, window)
