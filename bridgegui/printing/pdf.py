"""PDF files: page sizes, an offscreen ``QGuiApplication`` for the command line, and the writers.

A document is rendered into memory (a ``QPdfWriter`` on a ``QBuffer``) and then written with one
``bridgegui.files.atomic_write``: ``QPdfWriter`` reports no write errors of its own, so writing it
straight to a file on a full disk would leave a truncated PDF without a word, whereas the atomic
write raises the ``OSError`` and leaves any old file whole.
"""

from __future__ import annotations

import datetime as _dt
import os
from collections.abc import Callable, Iterable

from PySide6.QtCore import QBuffer, QCoreApplication, QIODevice, QLocale, QMarginsF
from PySide6.QtGui import QGuiApplication, QPagedPaintDevice, QPageLayout, QPageSize, QPdfWriter

from bridgegui import APP_NAME, __version__
from bridgegui.engine.bidding import System
from bridgegui.engine.boards import Board
from bridgegui.files import atomic_write
from bridgegui.printing.practice import render_practice_sheets
from bridgegui.printing.records import render_hand_records

PAGE_SIZES: dict[str, QPageSize.PageSizeId] = {"A4": QPageSize.PageSizeId.A4, "Letter": QPageSize.PageSizeId.Letter}
"""Page sizes the writers accept by name (a ``QPageSize`` is accepted too)."""

SHEET_KINDS = ("practice", "records")
"""What ``write_sheets`` (and ``bridgegui-deal --sheets``) can produce."""

MARGIN_MM = 12.0
"""Page margins of exported PDFs; a ``QPrinter`` keeps the margins its dialog chose."""

_LETTER_TERRITORIES = frozenset(
    {
        QLocale.Country.UnitedStates,
        QLocale.Country.Canada,
        QLocale.Country.Mexico,
        QLocale.Country.Philippines,
        QLocale.Country.Chile,
        QLocale.Country.Colombia,
    }
)
"""Where Letter paper is the norm; everywhere else A4 (ISO 216)."""


def default_page_size() -> str:
    """``"Letter"`` where the system locale's country uses it, else ``"A4"``."""
    return "Letter" if QLocale.system().territory() in _LETTER_TERRITORIES else "A4"


def ensure_gui_application() -> QGuiApplication:
    """The running ``QGuiApplication``, or a new offscreen one.

    Why: painting text needs the font database, which needs a ``QGuiApplication``; the command line
    and the self-test have none, and may have no display, so the one made here uses the offscreen
    platform (unless ``QT_QPA_PLATFORM`` says otherwise).  It is kept for the life of the process.
    """
    app = QCoreApplication.instance()
    if app is None:
        argv = [APP_NAME]
        if not os.environ.get("QT_QPA_PLATFORM"):
            argv += ["-platform", "offscreen"]
        app = QGuiApplication(argv)
        _keep_alive.append(app)
    if not isinstance(app, QGuiApplication):
        raise RuntimeError("printing needs a QGuiApplication, but a QCoreApplication is running")
    return app


_keep_alive: list[QGuiApplication] = []


def _page_size(page_size: str | QPageSize | None) -> QPageSize:
    if isinstance(page_size, QPageSize):
        return page_size
    name = page_size or default_page_size()
    for key, value in PAGE_SIZES.items():
        if key.lower() == name.lower():
            return QPageSize(value)
    raise ValueError(f"unknown page size {page_size!r}: use {' or '.join(PAGE_SIZES)}")


def _write_pdf(
    path: str | os.PathLike[str],
    title: str,
    page_size: str | QPageSize | None,
    render: Callable[[QPagedPaintDevice], int],
) -> int:
    """Render the document into memory, check that it is a whole PDF, then write it with one atomic write.

    A failure anywhere (bad arguments, a device Qt cannot paint on, a full disk) raises and leaves any
    old file at ``path`` whole; no temporary file is left behind.
    """
    ensure_gui_application()
    size = _page_size(page_size)
    buffer = QBuffer()
    if not buffer.open(QIODevice.OpenModeFlag.WriteOnly):
        raise OSError(f"cannot write {os.fspath(path)}: no memory for the document")
    writer = QPdfWriter(buffer)
    writer.setPageSize(size)
    writer.setPageMargins(QMarginsF(MARGIN_MM, MARGIN_MM, MARGIN_MM, MARGIN_MM), QPageLayout.Unit.Millimeter)
    writer.setTitle(title)
    writer.setCreator(f"{APP_NAME} {__version__}")
    pages = render(writer)
    del writer  # the document is complete once the painter has ended
    data = bytes(buffer.data().data())
    buffer.close()
    if not data.startswith(b"%PDF-") or b"%%EOF" not in data[-32:]:
        raise OSError(f"cannot write {os.fspath(path)}: the PDF was not completed")
    atomic_write(path, data)
    return pages


def write_practice_sheets(
    boards: Iterable[Board],
    path: str | os.PathLike[str],
    *,
    seats: str = "NESW",
    pair: bool = False,
    title: str | None = None,
    date: str | None = None,
    seed: int | None = None,
    page_size: str | QPageSize | None = None,
    system: System | None = None,
) -> int:
    """Write practice sheets (see ``render_practice_sheets``) to the PDF file ``path``; return the page count.

    ``page_size`` is ``"A4"``, ``"Letter"`` or a ``QPageSize``; ``None`` follows the locale.  With a
    bidding ``system``, answer pages per partnership follow the sheets.
    """
    board_list = list(boards)
    name = title or QCoreApplication.translate("bridgegui.printing", "Bidding practice")
    return _write_pdf(
        path,
        name,
        page_size,
        lambda device: render_practice_sheets(
            device, board_list, seats=seats, pair=pair, title=title, date=date, seed=seed, system=system
        ),
    )


def write_hand_records(
    boards: Iterable[Board],
    path: str | os.PathLike[str],
    *,
    per_page: int = 4,
    title: str | None = None,
    date: str | None = None,
    seed: int | None = None,
    page_size: str | QPageSize | None = None,
    system: System | None = None,
) -> int:
    """Write hand records (see ``render_hand_records``) to the PDF file ``path``; return the page count.

    ``date`` defaults to today (ISO 8601), since a record without a date is hard to file.  With a
    bidding ``system``, each board shows the system's auction and its explanations.
    """
    board_list = list(boards)
    when = date if date is not None else _dt.date.today().isoformat()
    name = title or QCoreApplication.translate("bridgegui.printing", "Hand records")
    return _write_pdf(
        path,
        name,
        page_size,
        lambda device: render_hand_records(
            device, board_list, per_page=per_page, title=title, date=when, seed=seed, system=system
        ),
    )


def write_sheets(
    kind: str,
    boards: Iterable[Board],
    path: str | os.PathLike[str],
    *,
    title: str | None = None,
    seed: int | None = None,
    page_size: str | QPageSize | None = None,
    system: System | None = None,
) -> int:
    """``kind`` ``"practice"`` (all four seats' sheets) or ``"records"`` (4 a page) to ``path``: the
    one call ``bridgegui-deal --pdf FILE --sheets KIND`` needs.  Returns the page count.

    With a bidding ``system`` (``bridgegui-deal --system``), practice sheets get answer pages and
    hand records the system's auction under each board."""
    if kind == "practice":
        return write_practice_sheets(boards, path, title=title, seed=seed, page_size=page_size, system=system)
    if kind == "records":
        return write_hand_records(boards, path, title=title, seed=seed, page_size=page_size, system=system)
    raise ValueError(f"unknown sheets {kind!r}: use {' or '.join(SHEET_KINDS)}")
