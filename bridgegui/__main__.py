"""``python -m bridgegui``: start the desktop window."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bridgegui.ui.mainwindow.window import MainWindow

USAGE = """usage: bridgegui [FILE.pbn] [--self-test] [--version] [Qt options]

Starts the bridgegui window, with FILE.pbn open if one is given.  --self-test deals a constrained
set, saves and reloads it as PBN, renders a PDF and checks the shipped resources, offscreen, then
exits 0 (or 1 on a failure).  On Linux, when Qt's X11 (xcb) platform plugin cannot load, it exits 1
and says which libraries are missing and how to install them; without a display to open (no
DISPLAY, or an X server that does not answer) it exits 1 and says so.
"""


def open_window(args: list[str]) -> MainWindow:
    """Create the application (or reuse the running one), the window, and open a PBN file named in ``args``."""
    from bridgegui.settings import Settings
    from bridgegui.ui.app import apply_theme, create_application
    from bridgegui.ui.mainwindow.window import MainWindow

    app = create_application(args)
    settings = Settings.load()
    apply_theme(settings["appearance/theme"], app)
    # The frame shows as soon as Qt is loaded; numpy, the engine and the parts load once it has
    # painted, so the user sees the window at once rather than after every import.
    window = MainWindow(settings, build=False)
    window.show()
    files = [a for a in args[1:] if a.lower().endswith(".pbn")]
    if files:
        # A file given by the desktop ("Open with bridgegui") or on the command line; a malformed one
        # is reported in the window and the empty set stays.
        window.parts_built.connect(lambda: window.open_file(files[0], confirm=False))
    window.build_after_first_paint()
    return window


def main(argv: list[str] | None = None) -> int:
    """Create the application, apply the palette the settings ask for, show the window, run the loop."""
    args = sys.argv if argv is None else argv
    if "--self-test" in args[1:]:
        # Before any QApplication: the self-test makes its own offscreen one (no display needed).
        from bridgegui.ui.self_test import run_self_test

        return run_self_test()
    if "--version" in args[1:]:
        from bridgegui import __version__

        print(f"bridgegui {__version__}")
        return 0
    if "--help" in args[1:] or "-h" in args[1:]:
        print(USAGE, end="")
        return 0
    # Qt aborts the process when no platform plugin loads or its display cannot be opened: look
    # before creating the application.
    from bridgegui.ui.desktop_check import display_problem, xcb_problem

    problem = xcb_problem(args) or display_problem(args)
    if problem is not None:
        sys.stderr.write(problem)
        return 1
    from PySide6.QtWidgets import QApplication

    window = open_window(args)
    app = QApplication.instance()
    assert app is not None and window.isVisible()
    return app.exec()


if __name__ == "__main__":
    from bridgegui.entry import single_blas_thread

    single_blas_thread()
    sys.exit(main())
