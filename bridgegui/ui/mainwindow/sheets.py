"""Printing and PDF export of the board set: practice sheets, pair sheets and hand records.

The ``bridgegui.printing`` package draws on any paged paint device; this only chooses which document,
with the set's seed in the header so that printed boards can be dealt again, and asks the user where
and how.
"""

from __future__ import annotations

import datetime
from pathlib import Path

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QPagedPaintDevice
from PySide6.QtWidgets import QApplication, QDialog, QFileDialog, QWidget

from bridgegui.engine.bidding import System
from bridgegui.engine.boards import Board
from bridgegui.files import write_failure_reason
from bridgegui.settings import Settings
from bridgegui.ui.dialogs import SHEET_CHOICES, PrintSheetsDialog
from bridgegui.ui.mainwindow.auction_target import AuctionDealing
from bridgegui.ui.mainwindow.bidding_practice import BiddingPractice
from bridgegui.ui.mainwindow.session import Messages
from bridgegui.ui.widgets.board_list import BoardListModel


class Sheets(QObject):
    """Print… and Export PDF… of the set (``boards``), with the auctions of the system in use (the one
    practised with, ``bidding``, else the one of the ``auction`` dealt for)."""

    def __init__(
        self,
        boards: BoardListModel,
        bidding: BiddingPractice,
        auction: AuctionDealing,
        settings: Settings,
        messages: Messages,
        parent: QWidget,
    ) -> None:
        super().__init__(parent)
        self._parent = parent
        self.boards = boards
        self.bidding = bidding
        self.auction = auction
        self.settings = settings
        self.messages = messages
        self.kind = "practice"  # the last kind chosen: the dialogs offer it again
        self._printer: object | None = None

    def _boards(self) -> list[Board]:
        return self.boards.boards()

    def system(self) -> System | None:
        """The bidding system in use (practice, or dealing for an auction): its auctions go on the paper,
        an answer page after practice sheets and each board's auction on hand records."""
        if self.bidding.system is not None:
            return self.bidding.system
        target = self.auction.target
        return target.system if target is not None else None

    def title(self) -> str:
        """The set's title for printed pages: its boards' ``Event`` tag, if any."""
        return next((b.tag("Event") or "" for b in self._boards() if b.tag("Event")), "")

    def set_seed(self) -> int | None:
        """The seed the whole set was dealt from, when every board records the same one (for the header)."""
        seeds = {b.tag("GeneratorSeed") for b in self._boards()}
        if len(seeds) == 1:
            seed = seeds.pop()
            if seed and seed.isdigit():
                return int(seed)
        return None

    def render(self, device: QPagedPaintDevice, kind: str = "practice", title: str = "") -> int:
        """Draw the set on a printer or PDF writer as ``kind`` (``dialogs.SHEET_CHOICES``); returns the pages."""
        from bridgegui import printing

        boards = self._boards()
        seed = self.set_seed()
        if kind in ("practice", "pairs"):
            return printing.render_practice_sheets(
                device, boards, pair=kind == "pairs", title=title or None, seed=seed, system=self.system()
            )
        if kind in ("records4", "records6"):
            return printing.render_hand_records(
                device,
                boards,
                system=self.system(),
                per_page=4 if kind == "records4" else 6,
                title=title or None,
                date=datetime.date.today().isoformat(),
                seed=seed,
            )
        raise ValueError(f"unknown sheets {kind!r}: use {', '.join(SHEET_CHOICES)}")

    def ask_print(self) -> None:
        dialog = PrintSheetsDialog(self._parent, kind=self.kind, title=self.title())
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.accepted.connect(lambda: self.print_sheets(dialog.kind(), dialog.title()))
        dialog.open()

    def print_sheets(self, kind: str = "practice", title: str = "") -> QDialog:
        """Show the print preview of the set as ``kind``; its Print button opens the system's print dialog."""
        from PySide6.QtPrintSupport import QPrinter, QPrintPreviewDialog

        self.kind = kind
        printer = QPrinter(QPrinter.PrinterMode.HighResolution)
        printer.setDocName(title or self.tr("Bridge Dealer boards"))
        preview = QPrintPreviewDialog(printer, self._parent)
        preview.setObjectName("printPreview")
        preview.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        preview.paintRequested.connect(lambda device: self._render_for_printer(device, kind, title))
        preview.open()
        self._printer = printer  # the preview keeps a pointer to it: keep it alive as long
        return preview

    def _render_for_printer(self, device: QPagedPaintDevice, kind: str, title: str) -> None:
        try:
            self.render(device, kind, title)
        except (OSError, ValueError) as exc:
            self.messages.show_error(self.tr("Print"), self.tr("Could not print: {e}").format(e=exc))

    def ask_export_pdf(self) -> None:
        from bridgegui import printing

        dialog = PrintSheetsDialog(
            self._parent,
            kind=self.kind,
            title=self.title(),
            page_sizes=tuple(printing.PAGE_SIZES),
            page_size=printing.default_page_size(),
            for_pdf=True,
        )
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.accepted.connect(lambda: self._choose_pdf(dialog.kind(), dialog.title(), dialog.page_size()))
        dialog.open()

    def _choose_pdf(self, kind: str, title: str, page_size: str) -> None:
        name = "hand-records.pdf" if kind.startswith("records") else "practice-sheets.pdf"
        start = Path(self.settings["files/last_dir"] or Path.home()) / name
        path, _ = QFileDialog.getSaveFileName(
            self._parent, self.tr("Export PDF"), str(start), self.tr("PDF files (*.pdf)")
        )
        if not path:
            return
        if not path.lower().endswith(".pdf"):
            path += ".pdf"
        self.export_pdf(path, kind, title=title, page_size=page_size or None)

    def export_pdf(
        self, path: str | Path, kind: str = "practice", *, title: str = "", page_size: str | None = None
    ) -> int | None:
        """Write the set as a PDF of ``kind`` (atomically); returns the page count, or None on failure.

        Drawn on the GUI thread: a club's set takes a fraction of a second (100 boards about 0.3 s).
        """
        from bridgegui import printing

        path = Path(path)
        self.kind = kind
        boards, seed = self._boards(), self.set_seed()
        QApplication.setOverrideCursor(Qt.CursorShape.WaitCursor)
        try:
            if kind in ("practice", "pairs"):
                pages = printing.write_practice_sheets(
                    boards,
                    path,
                    pair=kind == "pairs",
                    title=title or None,
                    seed=seed,
                    page_size=page_size,
                    system=self.system(),
                )
            elif kind in ("records4", "records6"):
                pages = printing.write_hand_records(
                    boards,
                    path,
                    system=self.system(),
                    per_page=4 if kind == "records4" else 6,
                    title=title or None,
                    seed=seed,
                    page_size=page_size,
                )
            else:
                raise ValueError(f"unknown sheets {kind!r}: use {', '.join(SHEET_CHOICES)}")
        except OSError as exc:  # a folder, a full disk, no permission: said as every write says it
            self.messages.show_error(
                self.tr("Export PDF"),
                self.tr("Could not write {file}: {e}.").format(file=path, e=write_failure_reason(exc)),
            )
            return None
        except ValueError as exc:
            self.messages.show_error(
                self.tr("Export PDF"), self.tr("Could not write {file}: {e}").format(file=path, e=exc)
            )
            return None
        finally:
            QApplication.restoreOverrideCursor()
        self.settings["files/last_dir"] = str(path.resolve().parent)
        self.messages.status(self.tr("Wrote {file}: {n} pages.").format(file=path.name, n=pages), 8000)
        return pages


__all__ = ["Sheets"]
