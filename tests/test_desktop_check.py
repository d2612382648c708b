"""Starting on a fresh desktop: when Qt's xcb plugin cannot load, say what is missing.

Qt aborts the process when no platform plugin loads, so ``bridgegui`` looks first
(``desktop_check.xcb_problem``); these tests feed it fake ``ldd`` reports and loaders, and once a
real plugin copied where its Qt libraries cannot be found.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from bridgegui import __main__ as entry
from bridgegui.ui import desktop_check
from bridgegui.ui.desktop_check import (
    INSTALL_LINE,
    XCB_PACKAGES,
    missing_libraries,
    missing_libraries_message,
    platform_would_be_xcb,
    xcb_plugin_path,
    xcb_problem,
)

# What ldd printed for the plugin on the desktop it was reported from (shortened): two xcb libraries missing.
FAKE_LDD = """\
\tlinux-vdso.so.1 (0x00007ffd0f1e2000)
\tlibQt6XcbQpa.so.6 => /opt/venv/PySide6/Qt/plugins/platforms/../../lib/libQt6XcbQpa.so.6 (0x00007f2c1a000000)
\tlibxcb-cursor.so.0 => /lib/x86_64-linux-gnu/libxcb-cursor.so.0 (0x00007f2c19ff0000)
\tlibxcb-icccm.so.4 => not found
\tlibxcb-keysyms.so.1 => not found
\tlibxcb-icccm.so.4 => not found
\tlibxcb.so.1 => /lib/x86_64-linux-gnu/libxcb.so.1 (0x00007f2c19f00000)
"""
LOAD_ERROR = "libxcb-icccm.so.4: cannot open shared object file: No such file or directory"
PLUGIN = Path("/opt/venv/PySide6/Qt/plugins/platforms/libqxcb.so")
X11_SESSION = {"XDG_SESSION_TYPE": "x11", "DISPLAY": ":0"}


def test_missing_libraries_are_read_from_ldd():
    assert missing_libraries(FAKE_LDD) == ["libxcb-icccm.so.4", "libxcb-keysyms.so.1"]
    assert missing_libraries("\tlibc.so.6 => /lib/x86_64-linux-gnu/libc.so.6 (0x1)\n") == []


def test_the_message_names_each_library_its_package_and_the_install_lines():
    text = missing_libraries_message(["libxcb-icccm.so.4", "libxcb-keysyms.so.1"], LOAD_ERROR)
    assert "libxcb-icccm.so.4 (package libxcb-icccm4)" in text
    assert "libxcb-keysyms.so.1 (package libxcb-keysyms1)" in text
    assert "  sudo apt-get install libxcb-icccm4 libxcb-keysyms1\n" in text
    assert INSTALL_LINE in text
    assert "libxcb-cursor0" not in text.split("Everything")[0]  # the package Qt's own message wrongly blames


def test_unknown_and_pyside_libraries_are_explained():
    text = missing_libraries_message(["libQt6XcbQpa.so.6", "libodd.so.3"])
    assert "libQt6XcbQpa.so.6 (part of PySide6" in text
    assert "apt-file search libodd.so.3" in text
    assert "Install the missing ones" not in text  # no known package among them


def test_without_ldd_the_loader_message_is_given():
    assert LOAD_ERROR in missing_libraries_message([], LOAD_ERROR)


def test_the_install_line_covers_every_library_of_the_plugin():
    for package in XCB_PACKAGES.values():
        assert f" {package} " in INSTALL_LINE + " "
    for package in ("libxcb-cursor0", "libxcb-icccm4", "libxcb-keysyms1", "libxkbcommon-x11-0", "libegl1"):
        assert f" {package} " in INSTALL_LINE + " "


@pytest.mark.parametrize(
    ("args", "env", "xcb"),
    [
        (["bridgegui"], X11_SESSION, True),
        (["bridgegui"], {}, True),
        (["bridgegui"], {"XDG_SESSION_TYPE": "wayland"}, False),
        (["bridgegui"], {"QT_QPA_PLATFORM": "offscreen"}, False),
        (["bridgegui"], {"QT_QPA_PLATFORM": "xcb"}, True),
        (["bridgegui"], {"QT_QPA_PLATFORM": "wayland;xcb"}, False),
        (["bridgegui", "-platform", "xcb"], {"QT_QPA_PLATFORM": "offscreen"}, True),
        (["bridgegui", "-platform", "wayland"], X11_SESSION, False),
        (["bridgegui", "-platform=offscreen"], X11_SESSION, False),
    ],
)
def test_only_an_xcb_start_is_checked(args, env, xcb):
    assert platform_would_be_xcb(args, env) == xcb


def _no_ldd(path: Path) -> str:
    raise AssertionError("ldd runs only when the plugin does not load")


def test_nothing_is_checked_off_linux_or_off_xcb():
    failing = lambda path: LOAD_ERROR  # noqa: E731  (a loader that always fails)
    assert xcb_problem(["bridgegui"], X11_SESSION, platform="win32", plugin=PLUGIN, load=failing, ldd=_no_ldd) is None
    offscreen = {"QT_QPA_PLATFORM": "offscreen"}
    assert xcb_problem(["bridgegui"], offscreen, platform="linux", plugin=PLUGIN, load=failing, ldd=_no_ldd) is None


def test_a_plugin_that_loads_is_not_examined():
    assert (
        xcb_problem(["bridgegui"], X11_SESSION, platform="linux", plugin=PLUGIN, load=lambda p: None, ldd=_no_ldd)
        is None
    )


def test_a_plugin_that_does_not_load_is_examined_with_ldd():
    seen = []

    def fake_ldd(path: Path) -> str:
        seen.append(path)
        return FAKE_LDD

    text = xcb_problem(
        ["bridgegui"], X11_SESSION, platform="linux", plugin=PLUGIN, load=lambda p: LOAD_ERROR, ldd=fake_ldd
    )
    assert seen == [PLUGIN]
    assert text is not None and "sudo apt-get install libxcb-icccm4 libxcb-keysyms1" in text


REAL_PLUGIN = xcb_plugin_path()
on_linux_with_plugin = pytest.mark.skipif(
    not sys.platform.startswith("linux") or REAL_PLUGIN is None or shutil.which("ldd") is None,
    reason="needs Linux, ldd and PySide6's xcb plugin",
)


@on_linux_with_plugin
def test_the_real_plugins_verdict_agrees_with_ldd_here():
    """On this machine, whatever it has installed: no message when ``ldd`` finds every library the real
    plugin needs, else a message naming each one it does not find.

    A fresh machine without an X desktop (a CI image) lacks libxcb-icccm4 and its kin; the verdict must
    be right there too, not only on a desktop where the plugin loads.
    """
    assert REAL_PLUGIN is not None
    report = subprocess.run(["ldd", str(REAL_PLUGIN)], capture_output=True, text=True, check=False).stdout
    not_found = [line.split()[0] for line in report.splitlines() if "=> not found" in line]
    text = xcb_problem(["bridgegui"], {"QT_QPA_PLATFORM": "xcb"})
    if not not_found:
        assert text is None
    else:
        assert text is not None
        assert all(f"  {name} (" in text for name in not_found), text


@on_linux_with_plugin
def test_a_real_plugin_whose_libraries_are_missing(tmp_path):
    """Copied away from PySide6, the plugin's Qt libraries are not found: the real loader and ldd say so.

    In a fresh process: this one has Qt's libraries loaded already, so the copy would load.
    """
    assert REAL_PLUGIN is not None
    copy = tmp_path / "libqxcb.so"
    shutil.copyfile(REAL_PLUGIN, copy)
    code = (
        "import sys; from pathlib import Path; from bridgegui.ui.desktop_check import xcb_problem; "
        "print(xcb_problem(['bridgegui'], {'QT_QPA_PLATFORM': 'xcb'}, plugin=Path(sys.argv[1])))"
    )
    result = subprocess.run([sys.executable, "-c", code, str(copy)], capture_output=True, text=True, check=True)
    assert "libQt6XcbQpa.so.6 (part of PySide6" in result.stdout
    assert INSTALL_LINE in result.stdout


def test_main_prints_the_problem_and_exits_1_before_qt_starts(monkeypatch, capsys):
    monkeypatch.setattr(desktop_check, "xcb_problem", lambda args: missing_libraries_message(["libxcb-icccm.so.4"]))

    def no_window(args: list[str]) -> None:
        raise AssertionError("the window must not be created")

    monkeypatch.setattr(entry, "open_window", no_window)
    assert entry.main(["bridgegui"]) == 1
    err = capsys.readouterr().err
    assert "libxcb-icccm.so.4 (package libxcb-icccm4)" in err
    assert INSTALL_LINE in err


# Without a display (no DISPLAY, or an X server that does not answer): bridgegui's own sentence, exit 1.


@pytest.mark.parametrize(
    ("env", "answers", "said"),
    [
        ({}, True, "DISPLAY is not set"),
        ({"DISPLAY": ":7"}, False, "the X display :7 does not answer"),
        ({"DISPLAY": ":0"}, True, None),
        ({"WAYLAND_DISPLAY": "wayland-0"}, True, None),  # Qt tries Wayland itself
        ({"QT_QPA_PLATFORM": "offscreen"}, True, None),  # not xcb: no display needed
    ],
)
def test_a_missing_display_is_said_before_qt_starts(env: dict[str, str], answers: bool, said: str | None) -> None:
    problem = desktop_check.display_problem(["bridgegui"], env, platform="linux", connects=lambda _d: answers)
    if said is None:
        assert problem is None
    else:
        assert problem is not None and said in problem and "--self-test" in problem


def test_an_x_display_without_a_server_does_not_connect(tmp_path: Path) -> None:
    assert not desktop_check._x_socket_connects(":4242")  # no server listens on display 4242


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the X11 platform is Linux's")
def test_bridgegui_without_a_display_exits_1_with_its_own_message(tmp_path: Path) -> None:
    """The reported case: no DISPLAY, no QT_QPA_PLATFORM, libxcb present. Qt aborted with exit 134."""
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM", "XDG_SESSION_TYPE")
    }
    env["BRIDGEGUI_CONFIG_DIR"] = str(tmp_path / "config")
    env["BRIDGEGUI_DATA_DIR"] = str(tmp_path / "data")
    result = subprocess.run(
        [sys.executable, "-m", "bridgegui"], env=env, capture_output=True, text=True, timeout=120, check=False
    )
    assert result.returncode == 1, result.stderr
    assert result.stderr.startswith("bridgegui cannot start")
    if xcb_problem(["bridgegui"], env) is None:  # the plugin loads here: the display is what is missing
        assert "no display" in result.stderr and "--self-test" in result.stderr
