"""``python -m bridgegui``: start the desktop window."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bridgegui.ui.mainwindow.window import MainWindow

USAGE = """usage: bridgegui [FILE] [--self-test] [--version] [Qt options]

Starts the bridgegui window, with FILE open if one is given: a board set in any format File > Open
reads (PBN, LIN, DUP, DLM, BRI, DGE, CSV); a file it cannot open is named in an error box, as Open
names it.  The window holds one set, so only the first FILE opens.  --self-test deals a constrained
set, saves and reloads it as PBN, renders a PDF and checks the shipped resources, offscreen, then
exits 0 (or 1 on a failure).  On Linux, when Qt's X11 (xcb) platform plugin cannot load, it exits 1
and says which libraries are missing and how to install them; without a display to open (no
DISPLAY, or an X server that does not answer) it exits 1 and says so.
"""


QT_VALUE_OPTIONS = frozenset(
    {
        "-platform",
        "-platformpluginpath",
        "-platformtheme",
        "-plugin",
        "-qwindowgeometry",
        "-qwindowicon",
        "-qwindowtitle",
        "-session",
        "-style",
        "-stylesheet",
        "-display",
        "-geometry",
        "-title",
        "-icon",
        "-name",
    }
)
"""Qt's command-line options that take the next argument as their value (QGuiApplication's and
QApplication's, and the X11 platform's): ``-style Fusion`` names no file called "Fusion"."""


def file_arguments(args: list[str]) -> list[str]:
    """The files named in ``args`` (``args[0]`` is the program): every argument that is neither an
    option nor the value of one of Qt's options (``QT_VALUE_OPTIONS``); after ``--``, every argument.

    Only the files matter here, whatever their extension: the window opens them as File > Open does,
    and says why when it cannot (a ``.lin`` set was once ignored without a word, shot 35 of the s24 trial).
    """
    files: list[str] = []
    rest = iter(args[1:])
    for arg in rest:
        if arg == "--":
            files.extend(rest)
            break
        if arg.startswith("-") and arg != "-":
            option = "-" + arg.lstrip("-")  # Qt takes --style as -style
            if option in QT_VALUE_OPTIONS:
                next(rest, None)
            continue
        files.append(arg)
    return files


def open_window(args: list[str]) -> MainWindow:
    """Create the application (or reuse the running one), the window, and open the board-set file named in ``args``."""
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
    files = file_arguments(args)
    if files:
        # A file given by the desktop ("Open with bridgegui") or on the command line, opened as File >
        # Open opens it (any format it reads); one it cannot open (missing, a folder, malformed, a
        # format that cannot be read back) is reported in the window's error box and the empty set stays.
        window.parts_built.connect(lambda: window.open_file(files[0], confirm=False))
        if len(files) > 1:
            sys.stderr.write(f"bridgegui: the window holds one set: {files[0]} is opened, not {', '.join(files[1:])}\n")
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
