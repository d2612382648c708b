"""The double-dummy panel: tricks for every declarer and strain, and par, for the board on screen.

Double-dummy analysis is optional (endplay, the ``dd`` extra: ``double_dummy.enable_hint`` gives the
command for this installation), and slow enough (a tenth
of a second to a second a deal, and most of a second to load endplay the first time) that it never
runs on the GUI thread: each board is analysed by a ``JobRunner`` job, and even the check whether
endplay is there (``double_dummy.available()``, which imports it) runs in that job.  Without endplay
the panel says how to enable it, and everything else in the window works.

A board that already carries a ``DoubleDummyTricks`` tag (a PBN file from a program that analysed
it, or one this window saved with analysis) is shown from the tag at once, endplay or not.

The panel works only while it is on screen (``set_active``): the window keeps it in a tab beside the
board list, and a hidden tab costs nothing.  In practice mode, while any hand is hidden, the panel
shows nothing: a double-dummy table gives away where the cards are.
"""

from __future__ import annotations

import functools
import threading
from collections import OrderedDict
from collections.abc import Generator
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import Qt, QTimer, Signal, Slot
from PySide6.QtGui import QCloseEvent, QFont
from PySide6.QtWidgets import QGridLayout, QLabel, QSizePolicy, QVBoxLayout, QWidget

from bridgegui.engine import double_dummy
from bridgegui.engine.boards import Board
from bridgegui.engine.cards import SUIT_SYMBOLS
from bridgegui.engine.errors import BridgeError
from bridgegui.ui.widgets.suit_text import colour_suits_html
from bridgegui.workers.job_runner import JobFailure, JobRunner

DECLARERS = "NSEW"
"""Row order: partnerships together, as hand records print the table."""

STRAIN_COLUMNS = ("NT", "S", "H", "D", "C")
"""Column order: notrump first, as the ``DoubleDummyTricks`` tag and most programs list them."""

_CACHE_SIZE = 64

ANALYSE_DELAY_MS = 150
"""How long a board stays on screen before its double-dummy analysis starts (see ``_start_timer``)."""


@dataclass(frozen=True, slots=True)
class Analysis:
    """What the panel shows for one board: the table, and the par when dealer and vulnerability are known."""

    table: double_dummy.DDTable
    par: double_dummy.Par | None
    par_text: str | None = None
    """The par as a file gave it (``OptimumScore``), when it came from tags rather than a solve."""
    from_tags: bool = False


@dataclass(frozen=True, slots=True)
class _Unavailable:
    message: str


def _key(board: Board) -> tuple[str, str | None, str | None] | None:
    if board.deal is None or not board.deal.is_complete:
        return None
    return (board.deal.to_pbn("N"), board.effective_dealer, board.effective_vulnerable)


def analysis_from_tags(board: Board) -> Analysis | None:
    """The analysis a PBN file recorded for the board (``DoubleDummyTricks``, ``OptimumScore``), if any."""
    text = board.tag("DoubleDummyTricks")
    if not text:
        return None
    try:
        table = double_dummy.DDTable.from_pbn_tag(text)
    except BridgeError:
        return None
    return Analysis(table, None, par_text=board.tag("OptimumScore"), from_tags=True)


def _analyse(board: Board, cancel: threading.Event) -> Generator[Any, None, Any]:
    """The job: check for endplay, solve the table, then the par (runs on the job runner's thread)."""
    if not double_dummy.available():
        return _Unavailable(double_dummy.unavailable_message() or double_dummy.ENABLE_HINT)
    assert board.deal is not None
    table = double_dummy.dd_table(board.deal)
    yield Analysis(table, None)
    if cancel.is_set():
        return None
    dealer, vulnerable = board.effective_dealer, board.effective_vulnerable
    par = double_dummy.par(table, dealer, vulnerable) if dealer and vulnerable else None
    return Analysis(table, par)


class DoubleDummyPanel(QWidget):
    """Double-dummy tricks (declarers N S E W by strains NT ♠ ♥ ♦ ♣) and par for one board.

    Signals: ``analysed()`` on the GUI thread each time a complete analysis (table and par) is
    shown, and ``unavailable(str)`` when endplay is missing, with the message shown.
    """

    analysed = Signal()
    unavailable = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("ddPanel")
        self.runner = JobRunner("bridgegui-double-dummy", self)
        self.runner.yielded.connect(self._on_partial)
        self.runner.finished.connect(self._on_finished)
        self.runner.failed.connect(self._on_failed)
        # An analysis starts a moment after the board shows: what revealed it (the end of a practised
        # board, a step through the list) paints first, and stepping quickly starts none in between.
        self._start_timer = QTimer(self)
        self._start_timer.setSingleShot(True)
        self._start_timer.setInterval(ANALYSE_DELAY_MS)
        self._start_timer.timeout.connect(self._start_due)
        self._due = False
        self._board: Board | None = None
        self._hidden = False
        self._active = False
        self._four_colour = False
        self._unavailable: str | None = None
        self._analysis: Analysis | None = None
        self._cache: OrderedDict[tuple[str, str | None, str | None], Analysis] = OrderedDict()

        layout = QVBoxLayout(self)
        layout.setContentsMargins(8, 6, 8, 6)
        layout.setSpacing(6)
        self.message = QLabel(self)
        self.message.setObjectName("ddMessage")
        self.message.setWordWrap(True)
        self.message.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        layout.addWidget(self.message)
        self.table_box = QWidget(self)
        grid = QGridLayout(self.table_box)
        grid.setContentsMargins(0, 0, 0, 0)
        grid.setHorizontalSpacing(18)
        grid.setVerticalSpacing(2)
        bold = QFont(self.font())
        bold.setBold(True)
        corner = QLabel(self.tr("Declarer"), self.table_box)
        corner.setFont(bold)
        grid.addWidget(corner, 0, 0)
        self._strain_labels: list[QLabel] = []
        for col in range(1, len(STRAIN_COLUMNS) + 1):
            header = QLabel(self.table_box)
            header.setFont(bold)
            header.setAlignment(Qt.AlignmentFlag.AlignCenter)
            header.setTextFormat(Qt.TextFormat.RichText)
            self._strain_labels.append(header)
            grid.addWidget(header, 0, col)
        self._cells: dict[tuple[str, str], QLabel] = {}
        for row, seat in enumerate(DECLARERS, start=1):
            name = QLabel(self._seat_name(seat), self.table_box)
            name.setFont(bold)
            grid.addWidget(name, row, 0)
            for col, strain in enumerate(STRAIN_COLUMNS, start=1):
                cell = QLabel("", self.table_box)
                cell.setObjectName(f"dd_{seat}_{strain}")
                cell.setAlignment(Qt.AlignmentFlag.AlignCenter)
                self._cells[(seat, strain)] = cell
                grid.addWidget(cell, row, col)
        grid.setColumnStretch(len(STRAIN_COLUMNS) + 1, 1)
        self.table_box.setToolTip(
            self.tr(
                "Double dummy: the tricks each player would take as declarer in each strain if all four "
                "hands were known and everyone played perfectly."
            )
        )
        layout.addWidget(self.table_box)
        self.par_label = QLabel(self)
        self.par_label.setObjectName("ddPar")
        self.par_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.par_label.setToolTip(
            self.tr(
                "Par: the result when both sides bid to the best contract for them, double dummy, "
                "sacrificing when that loses less."
            )
        )
        layout.addWidget(self.par_label)
        layout.addStretch(1)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Preferred)
        self._paint_headers()
        self._show()

    # -- API ---------------------------------------------------------------------------------------

    def set_board(self, board: Board | None, *, hidden: bool = False) -> None:
        """Show ``board``'s analysis (analysing it if needed); ``hidden``: some hand is not on screen."""
        key_changed = self._board is None or board is None or _key(self._board) != _key(board)
        self._board = board
        self._hidden = hidden
        if key_changed:
            self.runner.cancel()
            self._start_timer.stop()
            self._analysis = None
        self._update()

    def set_active(self, active: bool) -> None:
        """Work only while on screen: a panel in a hidden tab starts no analysis."""
        self._active = bool(active)
        self._update()

    def set_four_colour(self, on: bool) -> None:
        self._four_colour = bool(on)
        self._paint_headers()

    def analysis(self) -> Analysis | None:
        """The analysis on screen (table, par), or None."""
        return self._analysis if not self._hidden else None

    def is_busy(self) -> bool:
        """An analysis is running or about to start."""
        return self.runner.is_running() or self._start_timer.isActive()

    def tricks_text(self, declarer: str, strain: str) -> str:
        """The text of one cell of the table (for tests and screen readers)."""
        return self._cells[(declarer, strain)].text()

    def shutdown(self) -> None:
        """Stop any analysis and wait for the worker (the window's ``closeEvent`` calls this)."""
        self.runner.shutdown()

    def closeEvent(self, event: QCloseEvent) -> None:
        # A panel used on its own (not in the window's dock) stops its worker when closed.
        self.shutdown()
        super().closeEvent(event)

    # -- internals ---------------------------------------------------------------------------------

    def _seat_name(self, letter: str) -> str:
        return {"N": self.tr("North"), "E": self.tr("East"), "S": self.tr("South"), "W": self.tr("West")}[letter]

    def _paint_headers(self) -> None:
        for label, strain in zip(self._strain_labels, STRAIN_COLUMNS, strict=True):
            text = "NT" if strain == "NT" else SUIT_SYMBOLS["SHDC".index(strain)]
            label.setText(colour_suits_html(text, self.palette(), self._four_colour))

    def _update(self) -> None:
        board = self._board
        key = _key(board) if board is not None else None
        if key is not None and self._analysis is None:
            assert board is not None
            cached = self._cache.get(key) or analysis_from_tags(board)
            if cached is not None:
                self._analysis = cached
            elif self._active and not self._hidden and self._unavailable is None and not self.runner.is_running():
                if self._due:
                    self.runner.start(functools.partial(_analyse, board))
                else:
                    self._start_timer.start()  # (again): the board must stay on screen for the delay
        self._show()

    @Slot()
    def _start_due(self) -> None:
        self._due = True
        try:
            self._update()
        finally:
            self._due = False

    def _show(self) -> None:
        board, analysis = self._board, self._analysis
        show_table = False
        if self._hidden:
            text = self.tr("Hidden in practice mode: reveal the hands (Space) to see the double-dummy analysis.")
        elif board is None or _key(board) is None:
            text = self.tr("Deal a board to see its double-dummy analysis.")
        elif analysis is not None:
            show_table = True
            text = self.tr("From the file's DoubleDummyTricks tag.") if analysis.from_tags else ""
        elif self._unavailable is not None:
            text = self._unavailable
        elif self.runner.is_running():
            text = self.tr("Analysing double dummy…")
        else:
            text = self.tr("Double-dummy analysis starts when this panel is shown.")
        self.message.setText(text)
        self.message.setVisible(bool(text))
        self.table_box.setVisible(show_table)
        self.par_label.setVisible(show_table)
        if not show_table or analysis is None:
            return
        for (seat, strain), cell in self._cells.items():
            cell.setText(str(analysis.table.get(seat, strain)))
        if analysis.par is not None:
            contracts = ", ".join(analysis.par.contracts) or self.tr("pass")
            par = self.tr("Par: {score} ({contracts})").format(score=analysis.par.to_pbn_tag(), contracts=contracts)
        elif analysis.par_text:
            par = self.tr("Par: {score}").format(score=analysis.par_text)
        elif analysis.from_tags:
            par = ""
        else:
            par = self.tr("Par: working it out…") if self.runner.is_running() else ""
        self.par_label.setText(par)

    def _remember(self, analysis: Analysis) -> None:
        key = _key(self._board) if self._board is not None else None
        if key is None:
            return
        self._cache[key] = analysis
        self._cache.move_to_end(key)
        while len(self._cache) > _CACHE_SIZE:
            self._cache.popitem(last=False)

    @Slot(int, object)
    def _on_partial(self, _job_id: int, value: object) -> None:
        if isinstance(value, Analysis):
            self._analysis = value
            self._show()

    @Slot(int, object)
    def _on_finished(self, _job_id: int, value: object) -> None:
        if isinstance(value, _Unavailable):
            self._unavailable = value.message
            self._show()
            self.unavailable.emit(value.message)
            return
        if isinstance(value, Analysis):
            self._analysis = value
            self._remember(value)
            self._show()
            self.analysed.emit()

    @Slot(int, object)
    def _on_failed(self, _job_id: int, failure: JobFailure) -> None:
        self._analysis = None
        self.message.setText(self.tr("The analysis failed: {m}").format(m=failure.message))
        self.message.show()
        self.table_box.hide()
        self.par_label.hide()


__all__ = ["DECLARERS", "STRAIN_COLUMNS", "Analysis", "DoubleDummyPanel", "analysis_from_tags"]
