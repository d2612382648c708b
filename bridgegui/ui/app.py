"""The application object, the palette (system, light or dark) and the toolbar icons.

Palette: by default the program follows the desktop (no style or palette is forced).  A user who
wants otherwise picks Light or Dark in the View menu (setting ``appearance/theme``), and
``$BRIDGEGUI_THEME`` overrides both, which is how the screenshots of both palettes are taken.  Light
and Dark use Qt's Fusion style, the one style whose colours come entirely from the palette.

Icons: the SVGs in ``resources/icons`` draw with ``currentColor``; ``icon()`` renders them in the
palette's text colour, so the same file serves a light and a dark theme, and at several sizes, so
they stay crisp at any device-pixel ratio.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence
from functools import cache

from PySide6.QtCore import QByteArray, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QGuiApplication, QIcon, QPainter, QPalette, QPen, QPixmap
from PySide6.QtSvg import QSvgRenderer
from PySide6.QtWidgets import QApplication, QProxyStyle, QStyle, QStyleFactory, QStyleOption, QWidget

import bridgegui
from bridgegui.resource_files import resource
from bridgegui.settings import THEMES

THEME_ENV = "BRIDGEGUI_THEME"

_system: dict[str, object] = {}
"""The style name and palette the platform gave before any theme was applied ("system" restores them)."""


def create_application(argv: Sequence[str] | None = None) -> QApplication:
    """The ``QApplication`` with the names the desktop and the settings use (or the existing one)."""
    existing = QApplication.instance()
    if isinstance(existing, QApplication):
        return existing
    app = QApplication(list(argv if argv is not None else sys.argv))
    app.setApplicationName(bridgegui.APP_NAME)
    app.setApplicationDisplayName("Bridge Dealer")
    app.setOrganizationName(bridgegui.APP_NAME)
    app.setApplicationVersion(bridgegui.__version__)
    # Wayland and the taskbar match the window to the .desktop file (and its icon) by this id.
    QGuiApplication.setDesktopFileName(bridgegui.APP_ID)
    app.setWindowIcon(app_icon())
    return app


def app_icon() -> QIcon:
    """The installed theme icon for the application id, else the shipped SVG."""
    themed = QIcon.fromTheme(bridgegui.APP_ID)
    if not themed.isNull():
        return themed
    return icon("app", colour=None)


def effective_theme(setting: str) -> str:
    """The theme to use: ``$BRIDGEGUI_THEME`` if it names one, else the setting, else "system"."""
    override = os.environ.get(THEME_ENV, "").strip().lower()
    if override in THEMES:
        return override
    return setting if setting in THEMES else "system"


def dark_palette() -> QPalette:
    """A calm dark palette (neutral greys, a blue highlight) for the Fusion style."""
    p = QPalette()
    window = QColor(45, 47, 50)
    base = QColor(32, 33, 36)
    text = QColor(228, 228, 228)
    disabled = QColor(128, 128, 128)
    roles = {
        QPalette.ColorRole.Window: window,
        QPalette.ColorRole.WindowText: text,
        QPalette.ColorRole.Base: base,
        QPalette.ColorRole.AlternateBase: QColor(40, 42, 45),
        QPalette.ColorRole.ToolTipBase: QColor(60, 62, 66),
        QPalette.ColorRole.ToolTipText: text,
        QPalette.ColorRole.PlaceholderText: QColor(150, 150, 150),
        QPalette.ColorRole.Text: text,
        QPalette.ColorRole.Button: QColor(55, 57, 61),
        QPalette.ColorRole.ButtonText: text,
        QPalette.ColorRole.BrightText: QColor(255, 110, 110),
        QPalette.ColorRole.Light: QColor(75, 77, 82),
        QPalette.ColorRole.Midlight: QColor(62, 64, 68),
        QPalette.ColorRole.Mid: QColor(80, 82, 86),
        QPalette.ColorRole.Dark: QColor(25, 26, 28),
        QPalette.ColorRole.Shadow: QColor(10, 10, 10),
        QPalette.ColorRole.Highlight: QColor(61, 122, 199),
        QPalette.ColorRole.HighlightedText: QColor(255, 255, 255),
        QPalette.ColorRole.Link: QColor(110, 168, 254),
        QPalette.ColorRole.LinkVisited: QColor(170, 140, 250),
    }
    for role, colour in roles.items():
        p.setColor(role, colour)
    for role in (QPalette.ColorRole.Text, QPalette.ColorRole.WindowText, QPalette.ColorRole.ButtonText):
        p.setColor(QPalette.ColorGroup.Disabled, role, disabled)
    p.setColor(QPalette.ColorGroup.Disabled, QPalette.ColorRole.Highlight, QColor(70, 72, 76))
    return p


class ThemeStyle(QProxyStyle):
    """Fusion, with check boxes and radio buttons outlined so that they show on a dark palette.

    Fusion outlines an indicator in the window colour made darker, and fills it with the base colour:
    on a dark window both are near black, and the unchecked boxes of the Practice menu and the radio
    buttons of its dialog could not be seen.  On a dark palette this draws a light outline over them.
    """

    def __init__(self) -> None:
        super().__init__("Fusion")

    def drawPrimitive(
        self,
        element: QStyle.PrimitiveElement,
        option: QStyleOption,
        painter: QPainter,
        widget: QWidget | None = None,
    ) -> None:
        super().drawPrimitive(element, option, painter, widget)
        radio = element == QStyle.PrimitiveElement.PE_IndicatorRadioButton
        if not (radio or element == QStyle.PrimitiveElement.PE_IndicatorCheckBox):
            return
        if option.palette.color(QPalette.ColorRole.Window).lightness() >= 128:  # type: ignore[attr-defined]
            return
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.setPen(QPen(option.palette.color(QPalette.ColorRole.Mid).lighter(160), 1.0))  # type: ignore[attr-defined]
        painter.setBrush(Qt.BrushStyle.NoBrush)
        box = QRectF(option.rect).adjusted(1.5, 1.5, -1.5, -1.5)  # type: ignore[attr-defined]
        if radio:
            painter.drawEllipse(box)
        else:
            painter.drawRoundedRect(box, 1.5, 1.5)
        painter.restore()


def apply_theme(theme: str, app: QApplication | None = None) -> str:
    """Apply "system", "light" or "dark" (after ``effective_theme``) and return the one applied."""
    app = app or QApplication.instance()  # type: ignore[assignment]
    if not isinstance(app, QApplication):
        raise RuntimeError("apply_theme needs a QApplication")
    theme = effective_theme(theme)
    if not _system:
        _system["style"] = app.style().name()
        _system["palette"] = QPalette(app.palette())
    if theme == "system":
        style = QStyleFactory.create(str(_system["style"]))
        if style is not None and app.style().name() != _system["style"]:
            app.setStyle(style)
        app.setPalette(_system["palette"])  # type: ignore[arg-type]
    else:
        if not isinstance(app.style(), ThemeStyle):
            app.setStyle(ThemeStyle())
        app.setPalette(dark_palette() if theme == "dark" else app.style().standardPalette())
    return theme


@cache
def _svg_bytes(name: str) -> bytes:
    return resource("icons", f"{name}.svg").read_bytes()


def icon(name: str, colour: QColor | str | None = "palette", sizes: Sequence[int] = (16, 22, 24, 32, 48, 64)) -> QIcon:
    """The icon ``resources/icons/<name>.svg`` with ``currentColor`` drawn in ``colour``.

    ``"palette"`` (the default) uses the application palette's button-text colour (and its disabled
    variant for the disabled mode); ``None`` leaves the SVG's own colours.
    """
    data = _svg_bytes(name)
    result = QIcon()
    ratio = 1.0
    app = QApplication.instance()
    if isinstance(app, QGuiApplication):
        ratio = max(1.0, app.devicePixelRatio())
    modes: list[tuple[QIcon.Mode, QColor | None]] = []
    if colour == "palette":
        palette = QApplication.palette()
        modes.append((QIcon.Mode.Normal, palette.color(QPalette.ColorRole.ButtonText)))
        modes.append((QIcon.Mode.Disabled, palette.color(QPalette.ColorGroup.Disabled, QPalette.ColorRole.ButtonText)))
    else:
        modes.append((QIcon.Mode.Normal, colour if isinstance(colour, QColor) else None))
    for mode, tint in modes:
        svg = data if tint is None else data.replace(b"currentColor", tint.name().encode("ascii"))
        renderer = QSvgRenderer(QByteArray(svg))
        for size in sizes:
            pixmap = QPixmap(QSize(round(size * ratio), round(size * ratio)))
            pixmap.fill(Qt.GlobalColor.transparent)
            painter = QPainter(pixmap)
            painter.setRenderHint(QPainter.RenderHint.Antialiasing)
            if mode == QIcon.Mode.Disabled:
                painter.setOpacity(0.4)  # also greys icons with colours of their own (Stop's red)
            renderer.render(painter, QRectF(0, 0, pixmap.width(), pixmap.height()))
            painter.end()
            pixmap.setDevicePixelRatio(ratio)
            result.addPixmap(pixmap, mode)
    return result
