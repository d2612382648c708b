"""``python -m bridgegui``: start the desktop window."""

from __future__ import annotations

import sys


def main(argv: list[str] | None = None) -> int:
    """Create the application, apply the palette the settings ask for, show the window, run the loop."""
    from bridgegui.settings import Settings
    from bridgegui.ui.app import apply_theme, create_application
    from bridgegui.ui.main_window import MainWindow

    app = create_application(sys.argv if argv is None else argv)
    settings = Settings.load()
    apply_theme(settings["appearance/theme"], app)
    window = MainWindow(settings)
    window.show()
    return app.exec()


if __name__ == "__main__":
    sys.exit(main())
