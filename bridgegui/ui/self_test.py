"""``bridgegui --self-test``: prove that an installed or frozen copy works, without a display.

A wheel or a PyInstaller build can start and still be broken: a resource folder left out of the
package data, a Qt plugin or module excluded to save space, a binding that misbehaves.  The self-test
runs the paths a user's first session takes, end to end, and prints one line:

1. deal a constrained set (4 boards, North 15-17 HCP balanced, fixed seed) and check every hand;
2. save it as PBN in a temporary folder, load it back and compare deals, numbers and the seed tag;
3. render practice sheets and hand records to PDF (fonts, ``QPdfWriter``);
4. load the shipped presets and the application icon (SVG through QtSvg, PNG sizes) via
   ``bridgegui.resource_files``, as an installed copy finds them;
5. solve one board double dummy when the optional endplay is installed (its absence is reported, a
   copy that has it but cannot load it fails);
6. import the Qt modules and the program's own GUI modules that the window needs, so a frozen build
   that left one out fails here rather than on a user's screen;
7. on Python 3.11, check that the Qt bindings keep ``None``'s reference count (PySide6 6.12.0 drops
   one reference per call of any method returning nothing, which aborts a long session with
   "deallocating None"; Python 3.12 made ``None`` immortal, so the check only runs before it).

It exits 0 when all pass, else 1 with the failing step's name on standard error.  It touches no user
setting or file and needs no screen: when no Qt application exists it makes an offscreen one.
"""

from __future__ import annotations

import importlib
import pkgutil
import sys
import tempfile
import time
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from bridgegui import APP_ID, APP_NAME, __version__

if TYPE_CHECKING:
    from bridgegui.engine.boards import Board

SEED = 20240601
"""Fixed, so a failure can be reproduced with ``bridgegui-deal -p 4 -s 20240601 --north "hcp 15-17, balanced"``."""

BOARDS = 4
NORTH_SPEC = "hcp 15-17, balanced"
ICON_SIZES = (16, 32, 48, 64, 128, 256)
GUI_PACKAGES = ("bridgegui.ui", "bridgegui.workers")
"""Packages whose every module must import (and so be bundled) in a working copy."""


class SelfTestError(Exception):
    """A failed check; the message says what was expected."""


def _deal() -> list[Board]:
    """The imports are deferred, here and below, so that a broken module is reported as a failed step."""
    from bridgegui.engine.boards import Board
    from bridgegui.engine.cards import Deal
    from bridgegui.engine.dealer import planner
    from bridgegui.engine.dealer.constraints import DealRequest

    request = DealRequest.from_specs(north=NORTH_SPEC)
    batch = planner.deal(request, BOARDS, seed=SEED)
    boards = [Board(i + 1, Deal.from_masks(row)) for i, row in enumerate(batch.tolist())]
    if len(boards) != BOARDS:
        raise SelfTestError(f"asked for {BOARDS} boards, got {len(boards)}")
    for board in boards:
        assert board.deal is not None
        north = board.deal.hand("N")
        if not 15 <= north.hcp <= 17 or north.pattern not in ((4, 3, 3, 3), (4, 4, 3, 2), (5, 3, 3, 2)):
            raise SelfTestError(f"board {board.number}: North {north} does not fit {NORTH_SPEC!r}")
    return boards


def _pbn_round_trip(boards: list[Board], folder: Path) -> Path:
    from bridgegui.formats import pbn

    path = folder / "self-test.pbn"
    pbn.save(path, boards, generator=pbn.GENERATOR, seed=SEED)
    loaded = pbn.load(path)
    if [(b.number, b.deal) for b in loaded] != [(b.number, b.deal) for b in boards]:
        raise SelfTestError("the PBN file read back differs from the boards written")
    if loaded[0].tag("GeneratorSeed") != str(SEED):
        raise SelfTestError("the PBN file does not record the seed")
    return path


def _pdfs(boards: list[Board], folder: Path) -> int:
    from bridgegui import printing

    pages = printing.write_practice_sheets(boards, folder / "practice.pdf", seed=SEED, date="self-test")
    pages += printing.write_hand_records(boards, folder / "records.pdf", seed=SEED, date="self-test")
    for name in ("practice.pdf", "records.pdf"):
        data = (folder / name).read_bytes()
        if not data.startswith(b"%PDF") or b"%%EOF" not in data[-64:]:
            raise SelfTestError(f"{name} is not a complete PDF")
    return pages


def _presets() -> int:
    from bridgegui.presets import builtin_presets

    presets = builtin_presets()
    if not presets:
        raise SelfTestError("no shipped presets found: resources/presets is missing from this copy")
    for preset in presets:
        preset.request()
    return len(presets)


def _icons() -> int:
    from PySide6.QtCore import QByteArray
    from PySide6.QtGui import QImage
    from PySide6.QtSvg import QSvgRenderer

    from bridgegui.resource_files import resource

    svg = resource("icons", "bridgegui.svg")
    if not QSvgRenderer(QByteArray(svg.read_bytes())).isValid():
        raise SelfTestError("the application icon SVG does not render (QtSvg missing?)")
    for size in ICON_SIZES:
        png = resource("icons", "hicolor", f"{size}x{size}", "apps", f"{APP_ID}.png")
        image = QImage()
        if not image.loadFromData(png.read_bytes(), "PNG") or image.width() != size:
            raise SelfTestError(f"icon {size}x{size} is missing or not {size} pixels wide")
    return len(ICON_SIZES) + 1


def _double_dummy(boards: list[Board]) -> str:
    """Solve one board double dummy when the optional endplay (the ``dd`` extra) is present.

    Why here: endplay loads its DDS library at run time, where a frozen build's analysis cannot see it,
    so only a real solve shows that it was bundled.  Without endplay the program works, without the
    analysis, so its absence is reported, not failed.
    """
    import importlib.util

    from bridgegui.engine import double_dummy

    if importlib.util.find_spec("endplay") is None:
        return "not installed"
    if not double_dummy.available():  # present but broken: in a frozen build, DDS was not bundled
        raise SelfTestError(double_dummy.unavailable_message() or "endplay does not load")
    deal = boards[0].deal
    assert deal is not None
    table = double_dummy.dd_table(deal)
    for declarer in "NESW":
        for strain in ("C", "D", "H", "S", "N"):
            if not 0 <= table.get(declarer, strain) <= 13:
                raise SelfTestError(f"double dummy gave {table.get(declarer, strain)} tricks")
    # Only the range is checked: the tricks of the four declarers depend on who leads, so no sum is fixed.
    return "ok"


def _gui_modules() -> int:
    """Import QtWidgets, QtSvg, QtPrintSupport and every module of the GUI packages (nothing is shown)."""
    for name in ("PySide6.QtWidgets", "PySide6.QtSvg", "PySide6.QtPrintSupport"):
        importlib.import_module(name)
    count = 0
    for package_name in GUI_PACKAGES:
        package = importlib.import_module(package_name)
        for info in pkgutil.walk_packages(package.__path__, package_name + "."):
            importlib.import_module(info.name)
            count += 1
    return count


def _binding_references() -> str:
    """Call a void Qt method 1000 times and see whether ``None`` lost references (module docstring, step 7).

    PySide6 6.12.0 on Python 3.11 drops one per call and the interpreter aborts after a few thousand;
    the package pins PySide6 below 6.12 there, and this check catches an installation that ignored
    the pin, with a message saying what to do.
    """
    import PySide6
    from PySide6.QtGui import QFont

    if sys.version_info >= (3, 12):
        return "ok"
    font = QFont()
    before = sys.getrefcount(None)
    for _ in range(1000):
        font.setBold(True)
    lost = before - sys.getrefcount(None)
    if lost <= 500:
        return "ok"
    raise SelfTestError(
        f"PySide6 {PySide6.__version__} loses a reference to None on every call ({lost} in 1000) on Python "
        f"{sys.version_info.major}.{sys.version_info.minor}, and the program would abort: install "
        "'PySide6-Essentials<6.12' (or use Python 3.12+)"
    )


def run_self_test(stream: TextIO | None = None, errors: TextIO | None = None) -> int:
    """Run every check; print one line to ``stream`` (default stdout) and return 0, or report to
    ``errors`` (default stderr) and return 1.  Safe to call before any window exists."""
    out = stream if stream is not None else sys.stdout
    err = errors if errors is not None else sys.stderr
    start = time.perf_counter()
    step = "starting Qt"
    try:
        from bridgegui.printing import ensure_gui_application

        ensure_gui_application()
        step = "binding check"
        binding = _binding_references()
        step = "dealing"
        boards = _deal()
        with tempfile.TemporaryDirectory(prefix=f"{APP_NAME}-self-test-") as tmp:
            folder = Path(tmp)
            step = "PBN round trip"
            _pbn_round_trip(boards, folder)
            step = "PDF printing"
            pages = _pdfs(boards, folder)
        step = "double dummy"
        dd = _double_dummy(boards)
        step = "presets"
        presets = _presets()
        step = "icons"
        icons = _icons()
        step = "GUI modules"
        modules = _gui_modules()
    except Exception as exc:  # any failure at all is a failed self-test, reported with its step
        if err is not None:
            err.write(f"{APP_NAME} {__version__} self-test FAILED at {step}: {type(exc).__name__}: {exc}\n")
        return 1
    elapsed = time.perf_counter() - start
    if out is not None:
        out.write(
            f"{APP_NAME} {__version__} self-test passed: {len(boards)} boards dealt (North {NORTH_SPEC}), "
            f"PBN round trip, {pages} PDF pages, {presets} presets, {icons} icons, {modules} GUI modules, "
            f"double dummy {dd}, bindings {binding}, in {elapsed:.2f} s\n"
        )
        out.flush()
    return 0


if __name__ == "__main__":
    sys.exit(run_self_test())
