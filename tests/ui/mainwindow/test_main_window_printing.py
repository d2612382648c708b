"""File → Print… and File → Export PDF…: the window hands the set to ``bridgegui.printing``.

Dialogs never block: ``export_pdf`` and ``print_sheets`` take the choices directly (the menu actions
ask first), and the print preview is window-modal (``open()``), so it is checked and closed here.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from bridgegui.ui.dialogs import SHEET_CHOICES, PrintSheetsDialog
from bridgegui.ui.mainwindow.window import MainWindow


@pytest.fixture
def dealt(qtbot: QtBot, window: MainWindow) -> MainWindow:
    window.set_seed(20240611)
    with qtbot.waitSignal(window.service.finished, timeout=20_000):
        window.deal_set(6)
    return window


def pdf_text(path: Path) -> str | None:
    if shutil.which("pdftotext") is None:
        return None
    return subprocess.run(["pdftotext", "-layout", str(path), "-"], capture_output=True, text=True, check=True).stdout


@pytest.mark.parametrize("kind", SHEET_CHOICES)
def test_export_pdf_writes_every_kind(dealt: MainWindow, tmp_path: Path, kind: str) -> None:
    path = tmp_path / f"{kind}.pdf"
    pages = dealt.export_pdf(path, kind, title="Tuesday class", page_size="A4")
    assert pages is not None and pages >= 1
    assert path.read_bytes().startswith(b"%PDF")
    assert not dealt.errors  # type: ignore[attr-defined]
    assert str(pages) in dealt.statusBar().currentMessage()
    text = pdf_text(path)
    if text is None:
        return
    assert "Tuesday class" in text and "20240611" in text  # title and seed in the header
    assert all(f"Board {n}" in text for n in range(1, 7))


def test_practice_sheets_start_each_seat_on_a_new_page(dealt: MainWindow, tmp_path: Path) -> None:
    one = dealt.export_pdf(tmp_path / "p.pdf", "practice")
    pairs = dealt.export_pdf(tmp_path / "q.pdf", "pairs")
    assert one is not None and pairs is not None
    assert one % 4 == 0 and pairs % 2 == 0 and one >= pairs


def test_a_pdf_that_cannot_be_written_shows_the_error(dealt: MainWindow, tmp_path: Path) -> None:
    assert dealt.export_pdf(tmp_path / "missing" / "x.pdf", "records4") is None
    assert dealt.errors and "x.pdf" in dealt.errors[0]  # type: ignore[attr-defined]


def test_render_sheets_draws_on_a_printer(dealt: MainWindow, tmp_path: Path) -> None:
    from PySide6.QtPrintSupport import QPrinter

    printer = QPrinter(QPrinter.PrinterMode.HighResolution)
    printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
    printer.setOutputFileName(str(tmp_path / "printed.pdf"))
    assert dealt.sheets.render(printer, "records6") == 1  # six boards, six a page
    assert (tmp_path / "printed.pdf").read_bytes().startswith(b"%PDF")


# The preview sizes itself, which the offscreen platform reports as unsupported: harmless here.
@pytest.mark.qt_log_ignore("propagateSizeHints")
def test_print_opens_a_preview_without_blocking(qtbot: QtBot, dealt: MainWindow) -> None:
    preview = dealt.print_sheets("practice", "Class")
    assert preview.objectName() == "printPreview" and preview.isVisible()
    preview.close()


def test_print_actions_need_boards(window: MainWindow) -> None:
    assert not window.actionPrint.isEnabled() and not window.actionExportPdf.isEnabled()
    window.show_deal_number(42)
    assert window.actionPrint.isEnabled() and window.actionExportPdf.isEnabled()
    assert "Ctrl+P" in {k.toString() for k in window.actionPrint.shortcuts()}


def test_the_sheets_dialog_offers_every_kind(qtbot: QtBot) -> None:
    dialog = PrintSheetsDialog(kind="records6", title="Club", page_sizes=("A4", "Letter"), page_size="Letter")
    qtbot.addWidget(dialog)
    assert dialog.kind() == "records6" and dialog.title() == "Club" and dialog.page_size() == "Letter"
    dialog.findChild(type(dialog._choices["pairs"]), "sheets_pairs").setChecked(True)
    assert dialog.kind() == "pairs"
