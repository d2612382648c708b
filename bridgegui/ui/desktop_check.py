"""Before Qt starts on a Linux desktop: can Qt's xcb platform plugin load, and if not, what is missing?

On a Debian or Ubuntu desktop without the whole X11 client stack, Qt cannot load its ``xcb``
platform plugin, prints a message naming one package (``libxcb-cursor0``, often already installed:
on one user's Debian/Ubuntu desktop the missing ones were ``libxcb-icccm4`` and ``libxcb-keysyms1``) and
aborts the process, so nothing after ``QApplication(...)`` can catch it.  ``xcb_problem`` therefore
runs first: on Linux only, only when the platform would be xcb, it loads the plugin itself
(``dlopen``, a few milliseconds: the libraries it maps are the ones Qt is about to map anyway).  Only
when that fails does it run ``ldd`` on the plugin, which lists every library missing (a library's
own dependencies included), and it says which Debian/Ubuntu package holds each, with the one
``apt-get install`` line of every package the plugin needs.

``XCB_PACKAGES`` is data, derived from ``ldd`` of PySide6 6.x's ``libqxcb.so`` on Debian 12, each
soname mapped to its package with ``dpkg -S``; the C library, the compiler runtime and the other
libraries every Debian and Ubuntu system has are left out.
"""

from __future__ import annotations

import ctypes
import os
import re
import subprocess
import sys
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path

XCB_PACKAGES: dict[str, str] = {
    "libEGL.so.1": "libegl1",
    "libGL.so.1": "libgl1",
    "libGLX.so.0": "libglx0",
    "libGLdispatch.so.0": "libglvnd0",
    "libX11-xcb.so.1": "libx11-xcb1",
    "libX11.so.6": "libx11-6",
    "libXau.so.6": "libxau6",
    "libXdmcp.so.6": "libxdmcp6",
    "libfontconfig.so.1": "libfontconfig1",
    "libfreetype.so.6": "libfreetype6",
    "libxcb-cursor.so.0": "libxcb-cursor0",
    "libxcb-icccm.so.4": "libxcb-icccm4",
    "libxcb-image.so.0": "libxcb-image0",
    "libxcb-keysyms.so.1": "libxcb-keysyms1",
    "libxcb-randr.so.0": "libxcb-randr0",
    "libxcb-render-util.so.0": "libxcb-render-util0",
    "libxcb-render.so.0": "libxcb-render0",
    "libxcb-shape.so.0": "libxcb-shape0",
    "libxcb-shm.so.0": "libxcb-shm0",
    "libxcb-sync.so.1": "libxcb-sync1",
    "libxcb-util.so.1": "libxcb-util1",
    "libxcb-xfixes.so.0": "libxcb-xfixes0",
    "libxcb-xkb.so.1": "libxcb-xkb1",
    "libxcb.so.1": "libxcb1",
    "libxkbcommon-x11.so.0": "libxkbcommon-x11-0",
    "libxkbcommon.so.0": "libxkbcommon0",
}
"""Soname -> the Debian/Ubuntu package that holds it (Debian 12's names), for every library Qt's xcb
plugin needs that a minimal system may lack."""

INSTALL_LINE = "sudo apt-get install " + " ".join(sorted(set(XCB_PACKAGES.values())))
"""The one line that installs everything Qt's xcb plugin needs (the README gives the same line)."""

_NOT_FOUND = re.compile(r"^\s*(\S+)\s*=>\s*not found", re.MULTILINE)


def missing_libraries(ldd_output: str) -> list[str]:
    """The sonames ``ldd`` reports as ``not found``, each once, in its order."""
    return list(dict.fromkeys(_NOT_FOUND.findall(ldd_output)))


def missing_libraries_message(missing: Sequence[str], load_error: str = "") -> str:
    """What to tell the user: each missing library with its package, then the install line."""
    lines = ["bridgegui cannot start: Qt's X11 (xcb) platform plugin cannot load."]
    packages = [XCB_PACKAGES[name] for name in missing if name in XCB_PACKAGES]
    if missing:
        lines.append("Missing libraries:")
        for name in missing:
            if name in XCB_PACKAGES:
                lines.append(f"  {name} (package {XCB_PACKAGES[name]})")
            elif name.startswith("libQt6") or name.startswith("libicu"):
                lines.append(f"  {name} (part of PySide6: reinstall it with pip install --force-reinstall PySide6)")
            else:
                lines.append(f"  {name} (find its package with: apt-file search {name})")
    elif load_error:
        lines.append(f"The system says: {load_error}")
    if packages:
        lines.append("Install the missing ones with:")
        lines.append("  sudo apt-get install " + " ".join(dict.fromkeys(packages)))
    lines.append("Everything Qt's xcb plugin needs on Debian or Ubuntu:")
    lines.append("  " + INSTALL_LINE)
    lines.append("(Or, in a Wayland session, start with QT_QPA_PLATFORM=wayland.)")
    return "\n".join(lines) + "\n"


def platform_would_be_xcb(args: Sequence[str], env: Mapping[str, str]) -> bool:
    """Whether Qt would load the xcb plugin: ``-platform xcb`` or ``QT_QPA_PLATFORM=xcb``, or
    neither given outside a Wayland session (where Qt tries Wayland first)."""
    chosen = None
    for i, arg in enumerate(args[1:], start=1):
        if arg in ("-platform", "--platform") and i + 1 < len(args):
            chosen = args[i + 1]
        elif arg.startswith(("-platform=", "--platform=")):
            chosen = arg.partition("=")[2]
    chosen = chosen if chosen is not None else env.get("QT_QPA_PLATFORM") or None
    if chosen is not None:
        return chosen.split(";")[0].split(":")[0].strip() == "xcb"
    return env.get("XDG_SESSION_TYPE", "").lower() != "wayland"


def xcb_plugin_path() -> Path | None:
    """PySide6's ``libqxcb.so``, found without importing Qt (None if this PySide6 has none)."""
    from importlib.util import find_spec

    spec = find_spec("PySide6")
    if spec is None or not spec.submodule_search_locations:
        return None
    plugin = Path(next(iter(spec.submodule_search_locations))) / "Qt" / "plugins" / "platforms" / "libqxcb.so"
    return plugin if plugin.is_file() else None


def _load(path: Path) -> str | None:
    """Why ``path`` cannot be loaded (the loader's message), or None when it loads."""
    try:
        ctypes.CDLL(str(path), mode=os.RTLD_LAZY | os.RTLD_LOCAL)
    except OSError as exc:
        return str(exc)
    return None


def _ldd(path: Path) -> str:
    """``ldd``'s report on ``path`` ("" when ldd is not there)."""
    try:
        result = subprocess.run(["ldd", str(path)], capture_output=True, text=True, timeout=20, check=False)
    except (OSError, subprocess.SubprocessError):
        return ""
    return result.stdout + result.stderr


def xcb_problem(
    args: Sequence[str],
    env: Mapping[str, str] | None = None,
    *,
    platform: str = sys.platform,
    plugin: Path | None = None,
    load: Callable[[Path], str | None] = _load,
    ldd: Callable[[Path], str] = _ldd,
) -> str | None:
    """The message to print instead of starting Qt, or None when the xcb plugin loads (or is not used).

    ``plugin``, ``load`` and ``ldd`` are the plugin's path, the loader and ``ldd``: tests give
    others (a fake ``ldd`` report), the program uses the real ones.
    """
    env = os.environ if env is None else env
    if not platform.startswith("linux") or not platform_would_be_xcb(args, env):
        return None
    path = plugin if plugin is not None else xcb_plugin_path()
    if path is None:
        return None  # a PySide6 without the plugin: Qt's own message says which platforms it has
    error = load(path)
    if error is None:
        return None
    return missing_libraries_message(missing_libraries(ldd(path)), error)


NO_DISPLAY_MESSAGE = (
    "bridgegui cannot start: there is no display to open its window on ({why}).\n"
    "Start it from a desktop session, or over ssh with X forwarding (ssh -X).  Without a display,\n"
    "bridgegui --self-test checks the installation, and bridgegui-deal deals sets to files.\n"
)
"""What ``bridgegui`` says, instead of Qt's abort, when no display can be opened."""

_X_DISPLAY = re.compile(r"^(?P<host>[^:]*):(?P<number>\d+)(?:\.\d+)?$")


def _x_socket_connects(display: str, timeout: float = 2.0) -> bool:
    """Whether the X server ``display`` names (``:0``, ``:99.0``, ``host:10``) accepts a connection.

    A local display is the Unix socket ``/tmp/.X11-unix/X<n>`` (or Linux's abstract socket of that
    name, which some servers offer alone); a remote one is TCP port 6000 + n.  A display string of
    another form (a launchd path on macOS, for instance) is taken as connectable: Qt judges it.
    """
    import socket

    match = _X_DISPLAY.match(display.strip())
    if match is None:
        return True
    host, number = match["host"], int(match["number"])
    if host in ("", "unix"):
        path = f"/tmp/.X11-unix/X{number}"
        for address in (path, "\0" + path):
            with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as sock:
                sock.settimeout(timeout)
                try:
                    sock.connect(address)
                except OSError:
                    continue
                return True
        return False
    try:
        with socket.create_connection((host, 6000 + number), timeout=timeout):
            return True
    except OSError:
        return False


def display_problem(
    args: Sequence[str],
    env: Mapping[str, str] | None = None,
    *,
    platform: str = sys.platform,
    connects: Callable[[str], bool] = _x_socket_connects,
) -> str | None:
    """The message to print instead of starting Qt when its X11 platform has no display, else None.

    Qt's xcb plugin, given no display, aborts the process (exit 134) with a message about the
    plugin, which reads as a missing library.  Only on Linux, only when the platform would be xcb:
    ``DISPLAY`` must be set (or ``WAYLAND_DISPLAY``, which Qt then tries) and its server must accept
    a connection.  ``connects`` is the check of a ``DISPLAY`` value; tests give another.
    """
    env = os.environ if env is None else env
    if not platform.startswith("linux") or not platform_would_be_xcb(args, env):
        return None
    display = env.get("DISPLAY", "").strip()
    for i, arg in enumerate(args[1:], start=1):  # Qt's own -display option wins over the variable
        if arg in ("-display", "--display") and i + 1 < len(args):
            display = args[i + 1]
    if not display:
        if env.get("WAYLAND_DISPLAY", "").strip():
            return None
        return NO_DISPLAY_MESSAGE.format(why="DISPLAY is not set")
    if not connects(display):
        return NO_DISPLAY_MESSAGE.format(why=f"the X display {display} does not answer")
    return None


__all__ = [
    "INSTALL_LINE",
    "NO_DISPLAY_MESSAGE",
    "XCB_PACKAGES",
    "display_problem",
    "missing_libraries",
    "missing_libraries_message",
    "platform_would_be_xcb",
    "xcb_plugin_path",
    "xcb_problem",
]
