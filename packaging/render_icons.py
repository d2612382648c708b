"""Render the application icon's PNG sizes from ``resources/icons/bridgegui.svg`` with QtSvg.

Run after editing the SVG::

    python3 packaging/render_icons.py

It writes ``resources/icons/hicolor/<n>x<n>/apps/<APP_ID>.png`` for the sizes desktops ask for, named
by the application id so that the folder can be copied as it is into an icon theme
(``share/icons/hicolor``).  The PNGs are committed, so neither the wheel nor the frozen build needs
this script; ``tests/test_packaging.py`` checks that they exist and have the right sizes.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SIZES = (16, 24, 32, 48, 64, 128, 256)
SVG = ROOT / "resources" / "icons" / "bridgegui.svg"
HICOLOR = ROOT / "resources" / "icons" / "hicolor"


def app_id() -> str:
    """The id from ``bridgegui/__init__.py`` (read as text: this script must not depend on the install)."""
    for line in (ROOT / "bridgegui" / "__init__.py").read_text(encoding="utf-8").splitlines():
        if line.startswith("APP_ID"):
            return line.split("=", 1)[1].strip().strip("\"'")
    raise SystemExit("APP_ID not found in bridgegui/__init__.py")


def main() -> int:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import QRectF, Qt
    from PySide6.QtGui import QGuiApplication, QImage, QPainter
    from PySide6.QtSvg import QSvgRenderer

    app = QGuiApplication(sys.argv[:1])
    renderer = QSvgRenderer(str(SVG))
    if not renderer.isValid():
        raise SystemExit(f"{SVG} is not a valid SVG")
    name = app_id()
    for size in SIZES:
        image = QImage(size, size, QImage.Format.Format_ARGB32_Premultiplied)
        image.fill(Qt.GlobalColor.transparent)
        painter = QPainter(image)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
        renderer.render(painter, QRectF(0, 0, size, size))
        painter.end()
        target = HICOLOR / f"{size}x{size}" / "apps" / f"{name}.png"
        target.parent.mkdir(parents=True, exist_ok=True)
        if not image.save(str(target), "PNG"):
            raise SystemExit(f"cannot write {target}")
        print(target.relative_to(ROOT))
    del app
    return 0


if __name__ == "__main__":
    sys.exit(main())
