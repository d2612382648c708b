"""The main window: constraint editors, the deal diagram with its evaluation panels, the board list.

How it holds together:

* **Model.** The current set is the board list's model (``BoardListModel``): a list of ``Board`` s
  and an "unsaved" flag per row.  The window shows one position of it, ``self._row``; the position
  just past the last board is the empty "next board", so Deal there adds a board.
* **Dealing** runs in ``DealingService`` (``bridgegui.workers``): the window starts a job, keeps
  its id, and acts only on results carrying that id.  Stop sets the job's cancel event; closing the
  window cancels and waits.  The event loop never waits on the engine.
* **Live feedback.** Every edit restarts a 150 ms timer; when it fires, the editors' own checks run
  (instant, marking a malformed field), then the request goes to the feedback thread, which plans
  it (exact per-seat counts) and estimates the whole request.  The answer fills the line under
  each editor and the summary, marks the field an error is about, and disables Deal while the
  request cannot be dealt.  The plan comes back too, so dealing that request skips planning.
* **Seeds.** Random mode draws a fresh 128-bit seed for every job and shows it; Fixed mode uses
  the typed seed.  A set dealt from seed S is the set ``bridgegui-deal --seed S`` deals; with a
  fixed seed a single Deal of board ``b`` gives board ``b`` of the set dealt from S starting at
  board 1 (it deals ``b`` boards and keeps the last).  Each dealt board records
  its seed in the PBN ``GeneratorSeed`` tag.
* **Dialogs** open with ``open()`` (no nested event loop), and every question or error goes
  through one method (``confirm_unsaved_changes``, ``show_error``) that tests replace.
"""

from __future__ import annotations

import contextlib
import datetime
import os
import secrets
import threading
import time
import typing
from collections.abc import Callable, Generator
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from PySide6.QtCore import QByteArray, QEvent, QMargins, QObject, QSignalBlocker, QSize, Qt, QTimer, Slot
from PySide6.QtGui import (
    QAction,
    QActionGroup,
    QCloseEvent,
    QFont,
    QGuiApplication,
    QKeySequence,
    QPagedPaintDevice,
    QPalette,
    QRegularExpressionValidator,
)
from PySide6.QtWidgets import (
    QApplication,
    QComboBox,
    QDialog,
    QDockWidget,
    QFileDialog,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QMainWindow,
    QMenu,
    QMessageBox,
    QProgressBar,
    QScrollArea,
    QToolBar,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

import bridgegui
from bridgegui.engine import double_dummy
from bridgegui.engine.boards import Board, board_dealer, board_vulnerability
from bridgegui.engine.cards import SEAT_NAMES, SEATS, SUIT_NAMES, Deal, Hand
from bridgegui.engine.constraints import DealRequest
from bridgegui.engine.deal_numbers import deal_from_index, deal_index
from bridgegui.engine.dealing import new_seed
from bridgegui.engine.errors import BridgeError, ConstraintError
from bridgegui.engine.lab.shuffles import ShuffleModel
from bridgegui.engine.planner import DealPlan, format_one_in
from bridgegui.engine.script import ScriptError
from bridgegui.engine.script.request import ExpressionCondition, export_script, import_script
from bridgegui.formats import pbn
from bridgegui.formats.text import deal_diagram, deal_line
from bridgegui.presets import Preset, PresetError, builtin_presets, delete_user_preset, save_user_preset, user_presets
from bridgegui.settings import DEALER_MODES, SEED_MODES, THEMES, Settings
from bridgegui.ui.app import apply_theme, icon
from bridgegui.ui.dialogs import (
    SHEET_CHOICES,
    DealSetDialog,
    GoToDealNumberDialog,
    PracticeDialog,
    PrintSheetsDialog,
    SavePresetDialog,
)
from bridgegui.ui.widgets.board_list import BoardList, DealtBlock
from bridgegui.ui.widgets.condition_editor import ConditionEditor
from bridgegui.ui.widgets.dd_panel import DoubleDummyPanel
from bridgegui.ui.widgets.deal_diagram import DealDiagram
from bridgegui.ui.widgets.eval_panel import EvalPanel
from bridgegui.ui.widgets.seat_editor import SEAT_FIELDS, PartnershipEditor, SeatEditor
from bridgegui.workers.dealing import DealingService, DealProgress, Feedback, Problem
from bridgegui.workers.tasks import TaskRunner

FEEDBACK_DELAY_MS = 150
"""Debounce of the live feedback: long enough to skip keystrokes, short enough to feel immediate."""

BUSY_DELAY_MS = 250
"""A single deal shows a busy bar only when it takes longer than this (no flicker for fast deals)."""

KEPT_TAGS = ("Event", "Site", "Date")
"""Tags a board keeps when it is dealt again (the rest, such as an auction, belonged to the old deal)."""

ADVANCED_SETTING = "constraints/advanced"
"""Where the advanced condition's text is kept between sessions."""

SCRIPT_FILTER = "Dealer scripts (*.dl *.dlr *.txt);;All files (*)"

_SEED_DIGITS = 39  # a 128-bit seed has at most 39 decimal digits
SEAT_LETTERS = tuple(SEATS)  # for membership tests: "" in "NESW" is True, "" in SEAT_LETTERS is not


@dataclass
class _Job:
    """What the window asked of a dealing job, to file its results when they arrive."""

    job_id: int
    kind: str  # "single" or "set"
    seed: int
    count: int
    first_number: int | None
    row: int
    started: float
    request_text: str
    dealer: str | None = None
    received: int = 0


def _seat_word(letter: str) -> str:
    return SEAT_NAMES[SEATS.index(letter)]


def _guess_field(message: str) -> str | None:
    """The editor field an engine message is about, when it names exactly one."""
    low = message.lower()
    found = set()
    words = {
        "hcp": "hcp",
        "point": "hcp",
        "shape": "shape",
        "predealt": "cards",
        "cards ": "cards",
        " qt": "qt",
        "quick trick": "qt",
        "ltc": "ltc",
        "loser": "ltc",
        "tricks": "tricks",
        "controls": "controls",
    }
    for word, fld in words.items():
        if word in low:
            found.add(fld)
    for name in SUIT_NAMES:
        if name in low:
            found.add(name)
    found &= set(SEAT_FIELDS)
    return found.pop() if len(found) == 1 else None


def _strip_target(message: str, target: str) -> str:
    """Drop a leading "North: " (the editor already says whose it is)."""
    head, sep, rest = message.partition(":")
    names = {target, _seat_word(target) if target in SEAT_LETTERS else target}
    if sep and head.strip() in names:
        return rest.strip()
    return message


def _frequency_text(p: float) -> str:
    """``1 hand in 21 · 4.87%`` for a seat's exact frequency."""
    if p <= 0:
        return "no hand fits"
    if p >= 0.9995:
        return "every hand fits"
    percent = p * 100
    shown = f"{percent:.3g}%" if percent >= 0.01 else f"{percent:.2g}%"
    return f"1 hand in {format_one_in(p)} · {shown}"


def _rate_text(rate: float) -> str:
    if rate >= 1e6:
        return f"{rate / 1e6:.1f} M"
    if rate >= 1e3:
        return f"{rate / 1e3:.0f} k"
    return f"{rate:.0f}"


class ConstraintsPanel(QWidget):
    """The four seat editors, the two partnership editors, the advanced condition and the dealer choice.

    Laid out in one column when narrow (a side dock on a small screen) and in two, North-South
    beside East-West, when there is room: the dock decides the width and the editors follow.
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("constraintsPanel")
        self.seat_editors = {seat: SeatEditor(seat, self) for seat in SEATS}
        self.partnership_editors = {side: PartnershipEditor(side, self) for side in ("NS", "EW")}
        # Anything the seat fields cannot say, in the classic dealer program's language (issue 5):
        # a dealer script's leftovers land here on import.
        self.advanced_box = QWidget(self)
        self.advanced_box.setObjectName("advancedConditionBox")
        advanced_layout = QVBoxLayout(self.advanced_box)
        advanced_layout.setContentsMargins(0, 0, 0, 0)
        advanced_layout.setSpacing(4)
        advanced_title = QLabel(self.tr("Advanced condition"), self.advanced_box)
        bold = QFont(advanced_title.font())
        bold.setBold(True)
        advanced_title.setFont(bold)
        self.condition_editor = ConditionEditor(self.advanced_box)
        advanced_title.setBuddy(self.condition_editor.edit)
        advanced_layout.addWidget(advanced_title)
        advanced_layout.addWidget(self.condition_editor)
        self._columns = 0

        outer = QVBoxLayout(self)
        outer.setContentsMargins(8, 6, 8, 6)
        outer.setSpacing(6)
        dealer_row = QHBoxLayout()
        dealer_label = QLabel(self.tr("&Dealer:"), self)
        self.dealer_combo = QComboBox(self)
        self.dealer_combo.setObjectName("dealerCombo")
        self.dealer_combo.addItem(self.tr("From the board number"), "board")
        for seat in SEATS:
            self.dealer_combo.addItem(self.tr("{seat} deals every board").format(seat=self._seat_name(seat)), seat)
        self.dealer_combo.setToolTip(
            self.tr(
                "Who deals (and bids first). From the board number follows the duplicate cycle (Law 2): "
                "board 1 North, 2 East, 3 South, 4 West. A fixed dealer suits opening-bid drills."
            )
        )
        dealer_label.setBuddy(self.dealer_combo)
        dealer_row.addWidget(dealer_label)
        dealer_row.addWidget(self.dealer_combo, 1)
        outer.addLayout(dealer_row)

        self._grid = QGridLayout()
        self._grid.setContentsMargins(0, 0, 0, 0)
        self._grid.setHorizontalSpacing(18)
        self._grid.setVerticalSpacing(6)
        outer.addLayout(self._grid)
        self._rules = [self._rule() for _ in range(5)]
        outer.addStretch(1)
        self._arrange(1)

    def _rule(self) -> QFrame:
        rule = QFrame(self)
        rule.setFrameShape(QFrame.Shape.HLine)
        rule.setFrameShadow(QFrame.Shadow.Sunken)
        return rule

    def _seat_name(self, seat: str) -> str:
        return {"N": self.tr("North"), "E": self.tr("East"), "S": self.tr("South"), "W": self.tr("West")}[seat]

    def two_column_width(self) -> int:
        editor = max(e.minimumSizeHint().width() for e in self.seat_editors.values())
        layout = self.layout()
        margins = layout.contentsMargins() if layout is not None else QMargins()
        return 2 * editor + self._grid.horizontalSpacing() + margins.left() + margins.right() + 8

    def _arrange(self, columns: int) -> None:
        if columns == self._columns:
            return
        self._columns = columns
        while self._grid.count():
            self._grid.takeAt(0)
        ns = [self.seat_editors["N"], self.seat_editors["S"], self.partnership_editors["NS"]]
        ew = [self.seat_editors["E"], self.seat_editors["W"], self.partnership_editors["EW"]]
        if columns == 2:
            for col, group in enumerate((ns, ew)):
                for row, widget in enumerate(group):
                    self._grid.addWidget(widget, row * 2, col)
                    if row < 2:
                        rule = self._rules[col * 2 + row]
                        self._grid.addWidget(rule, row * 2 + 1, col)
            self._grid.addWidget(self._rules[4], 5, 0, 1, 2)
            self._grid.addWidget(self.advanced_box, 6, 0, 1, 2)
        else:
            widgets = [*ns, *ew, self.advanced_box]
            for row, widget in enumerate(widgets):
                self._grid.addWidget(widget, row * 2, 0)
            for i, row in enumerate((0, 2, 3, 4, 5)):
                self._grid.addWidget(self._rules[i], row * 2 + 1, 0)
        for rule in self._rules:
            rule.setVisible(self._grid.indexOf(rule) >= 0)

    def resizeEvent(self, event: QEvent) -> None:  # type: ignore[override]
        self._arrange(2 if self.width() >= self.two_column_width() else 1)
        super().resizeEvent(event)  # type: ignore[arg-type]

    def editors(self) -> list[SeatEditor | PartnershipEditor]:
        return [*self.seat_editors.values(), *self.partnership_editors.values()]


def _read_text(path: Path) -> str:
    """A text file in UTF-8, else Latin-1 (old dealer scripts are often not UTF-8; their syntax is ASCII)."""
    data = path.read_bytes()
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return data.decode("latin-1")


def _write_atomically(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` so the file is either the old one or the whole new one (as ``pbn.save``)."""
    tmp = path.parent / f".{path.name}.{secrets.token_hex(4)}.tmp"
    try:
        with open(tmp, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


class _StoppedError(BridgeError):
    """Raised inside a worker to end a shuffle-model deal that was stopped (its result is dropped)."""


class _StoppableModel:
    """A shuffle model that checks a stop flag before each batch it deals.

    ``cli.deal_with_model`` is a plain function with no stop flag; wrapping the model lets Stop (and
    closing the window) end it within one batch, while it draws from the generator exactly as the
    command line does, so the set still matches ``bridgegui-deal --shuffle``'s for the same seed.
    """

    def __init__(self, model: ShuffleModel, cancel: threading.Event) -> None:
        self._model = model
        self._cancel = cancel

    def __getattr__(self, name: str) -> object:
        return getattr(self._model, name)

    def deal(self, n: int, rng: np.random.Generator, *, dealer: int | np.ndarray = 0) -> np.ndarray:
        if self._cancel.is_set():
            raise _StoppedError("stopped")
        return self._model.deal(n, rng, dealer=dealer)


class _FittingScrollArea(QScrollArea):
    """A scroll area that asks for the whole height of its content (``QScrollArea`` caps its hint)."""

    def sizeHint(self) -> QSize:
        widget = self.widget()
        if widget is None:
            return super().sizeHint()
        hint = widget.sizeHint()
        return QSize(hint.width() + self.verticalScrollBar().sizeHint().width(), hint.height() + 2 * self.frameWidth())

    def minimumSizeHint(self) -> QSize:
        return QSize(super().minimumSizeHint().width(), 8 * self.fontMetrics().height())

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        # The content re-flowed (one column or two): ask the dock for the new height.
        if watched is self.widget() and event.type() == QEvent.Type.LayoutRequest:
            self.updateGeometry()
        return super().eventFilter(watched, event)


class MainWindow(QMainWindow):
    """The bridgegui main window (see the module docstring for how the parts fit together).

    Public methods mirror the actions so that tests and scripts can drive the window without
    dialogs: ``deal()``, ``deal_set(count, first_board)``, ``stop()``, ``open_file(path)``,
    ``save_file(path)``, ``copy_deal()``, ``set_practice_seats(seats)``, ``reveal(on)``,
    ``show_deal_number(n)``, ``apply_preset(preset)``, ``save_current_as_preset(name)``.
    """

    def __init__(self, settings: Settings | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("mainWindow")
        self.settings = settings if settings is not None else Settings.load()
        self.service = DealingService(self)
        self.service.deals_ready.connect(self._on_deals)
        self.service.progress.connect(self._on_progress)
        self.service.finished.connect(self._on_finished)
        self.service.failed.connect(self._on_failed)
        self.service.feedback_ready.connect(self._on_feedback)

        self._row = 0
        self._path: Path | None = None
        self._set_request_text = ""
        self._job: _Job | None = None
        self._closing_confirmed = False
        self._closed = False
        self._practice_seats: str | None = None
        self._revealed = False
        self._feedback: Feedback | None = None
        self._feedback_request: DealRequest | None = None
        self._local_problem = False
        self._presets: list[Preset] = []
        self._panel_inputs: dict[str, tuple[Hand | None, Hand | None]] = {}
        self._condition_cache: tuple[str, ExpressionCondition | None] = ("", None)
        self._sheets_kind = "practice"
        self._printer: object | None = None
        self.analysis_runner = TaskRunner("bridgegui-dd-save", self)
        self.analysis_runner.partial.connect(self._on_analysis_partial)
        self.analysis_runner.finished.connect(self._on_analysis_finished)
        self.analysis_runner.failed.connect(self._on_analysis_failed)
        self._analysis_job: int | None = None
        self._analysis_after: tuple[Path, Callable[[], object] | None, int] | None = None
        self.model_runner = TaskRunner("bridgegui-model-deal", self)
        self.model_runner.finished.connect(self._on_model_finished)
        self.model_runner.failed.connect(self._on_model_failed)
        self._model_job: tuple[int, ShuffleModel, int, int, str] | None = None
        self._tools: dict[str, QDialog] = {}
        self.last_error: str | None = None
        self.last_click_to_deal: float | None = None
        self.startup_warnings: list[str] = list(self.settings.warnings)

        self._feedback_timer = QTimer(self)
        self._feedback_timer.setSingleShot(True)
        self._feedback_timer.setInterval(FEEDBACK_DELAY_MS)
        self._feedback_timer.timeout.connect(self._update_feedback)
        self._busy_timer = QTimer(self)
        self._busy_timer.setSingleShot(True)
        self._busy_timer.setInterval(BUSY_DELAY_MS)
        self._busy_timer.timeout.connect(self._show_busy)
        self._panel_queue: list[str] = []
        self._panel_timer = QTimer(self)
        self._panel_timer.setSingleShot(True)
        self._panel_timer.setInterval(0)
        self._panel_timer.timeout.connect(self._update_next_panel)

        self._build_central()
        self._build_docks()
        self._build_actions()
        self._build_menus()
        self._build_toolbars()
        self._build_status_bar()
        # An explicit minimum: the layouts then stop resizing the top-level window's limits as content
        # changes (which some platforms, the offscreen one among them, report as a warning).
        hint = self.minimumSizeHint()
        self.setMinimumSize(min(hint.width(), 1000), min(hint.height(), 640))
        self._restore_settings()
        self._show_current()
        self._update_title()
        self._update_actions()
        self._update_feedback()
        for warning in self.startup_warnings:
            self.statusBar().showMessage(warning, 15_000)

    # ------------------------------------------------------------------------------------------------
    # construction

    def _build_central(self) -> None:
        self.diagram = DealDiagram(self)
        self.diagram.set_empty_text(self.tr("Press F5 to deal a board"))
        self.diagram.seat_clicked.connect(self._focus_seat_editor)
        # The diagram scales its font to fit; below this it would still be legible, and the window
        # must fit a 1280×800 screen with the constraints beside it.
        self.diagram.setMinimumSize(300, 240)
        self.eval_panels = {seat: EvalPanel(seat, self, wide=seat in "NS") for seat in SEATS}
        central = QWidget(self)
        central.setObjectName("dealArea")
        grid = QGridLayout(central)
        grid.setContentsMargins(10, 6, 10, 6)
        grid.setHorizontalSpacing(10)
        grid.setVerticalSpacing(4)
        # A compass of panels round the diagram, each on the outer side of its own hand: North's
        # above, South's below (two lines each, wrapping when narrow), West's and East's beside
        # their hands at the height of the West and East hands.
        panels = self.eval_panels
        grid.addWidget(panels["N"], 0, 0, 1, 3, Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignBottom)
        grid.addWidget(panels["W"], 1, 0, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        grid.addWidget(self.diagram, 1, 1)
        grid.addWidget(panels["E"], 1, 2, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
        grid.addWidget(panels["S"], 2, 0, 1, 3, Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop)
        width = self._eval_panel_width()
        for seat in "WE":
            panels[seat].setMinimumWidth(width)
        # The diagram gets the size its drawing can use (``_fit_diagram``); the space left over goes
        # round it, so every panel stays against its hand instead of drifting to an edge.
        for i, stretch in enumerate((1, 1000, 1)):  # the diagram first, up to its limit
            grid.setRowStretch(i, stretch)
            grid.setColumnStretch(i, stretch)
        self._diagram_aspect = self._measure_diagram_aspect()
        central.installEventFilter(self)
        # One surface for the diagram and the panels, like a hand record on paper.
        central.setBackgroundRole(QPalette.ColorRole.Base)
        central.setAutoFillBackground(True)
        self.setCentralWidget(central)

    @staticmethod
    def _measure_diagram_aspect() -> float:
        """Width of the diagram's drawing per pixel of its height, when the height limits it.

        Measured on a probe at a wide size (the drawing then fills the height), with room for suits
        of the nominal line's length: a longer suit makes the drawing a little smaller rather than
        leaving a gap between every hand and its panel on every deal.
        """
        probe = DealDiagram()
        probe.resize(4000, 1000)
        used = probe.hand_rect("E").right() - probe.hand_rect("W").left()
        probe.deleteLater()
        return used / 1000 + 0.07

    def _fit_diagram(self) -> None:
        """Give the diagram the largest size of its drawing's proportions that fits between the panels.

        Computed from the deal area's size (which the diagram's limits do not change, so there is no
        feedback loop): what the panels leave, narrowed to the drawing's width-to-height ratio.
        """
        central = self.centralWidget()
        grid = central.layout() if central is not None else None
        if central is None or not isinstance(grid, QGridLayout):
            return
        margins = grid.contentsMargins()
        width = central.width() - margins.left() - margins.right()
        height = central.height() - margins.top() - margins.bottom()
        panels = self.eval_panels
        sides = 2 * max(panels[s].sizeHint().width() for s in "WE") + 2 * grid.horizontalSpacing()
        wide = sum(panels[s].heightForWidth(width) for s in "NS") + 2 * grid.verticalSpacing()
        free_w, free_h = max(0, width - sides), max(0, height - wide)
        aspect = self._diagram_aspect
        floor = self.diagram.minimumSize()
        size = QSize(
            max(floor.width(), min(free_w, round(aspect * free_h))),
            max(floor.height(), min(free_h, round(free_w / aspect))),
        )
        if self.diagram.maximumSize() != size:
            self.diagram.setMaximumSize(size)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.centralWidget() and event.type() == QEvent.Type.Resize:
            self._fit_diagram()
        return super().eventFilter(watched, event)

    def _eval_panel_width(self) -> int:
        """Wide enough for the widest values (a 13-card suit, a four-way tied fit), so nothing clips or jumps."""
        probe = EvalPanel("W")
        probe.set_hand(Hand.from_pbn("AKQJT98765432..."), Hand.from_pbn(".AKQJT98765432.."))
        width = probe.sizeHint().width()
        probe.set_hand(Hand.from_pbn("AKQ.AKQ.AKQ.AKQJ"), Hand.from_pbn("JT98.JT9.JT9.T98"))
        width = max(width, probe.sizeHint().width())
        probe.deleteLater()
        return width + 4

    def _build_docks(self) -> None:
        self.constraints = ConstraintsPanel(self)
        self.seat_editors = self.constraints.seat_editors
        self.partnership_editors = self.constraints.partnership_editors
        self.condition_editor = self.constraints.condition_editor
        for editor in self.constraints.editors():
            editor.changed.connect(self._constraints_edited)
        self.condition_editor.changed.connect(self._constraints_edited)
        self.constraints.dealer_combo.currentIndexChanged.connect(self._dealer_mode_changed)

        self.request_feedback = QLabel(self)
        self.request_feedback.setObjectName("requestFeedback")
        self.request_feedback.setWordWrap(True)
        self.request_feedback.setTextFormat(Qt.TextFormat.PlainText)
        self.request_feedback.setContentsMargins(8, 4, 8, 6)
        self.request_feedback.setToolTip(
            self.tr(
                "How often a random deal fits every constraint: exact when only one seat is constrained, "
                "otherwise estimated from a short trial run."
            )
        )
        scroll = _FittingScrollArea(self)
        scroll.setObjectName("constraintsScroll")
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        scroll.setWidget(self.constraints)
        self.constraints_scroll = scroll
        holder = QWidget(self)
        box = QVBoxLayout(holder)
        box.setContentsMargins(0, 0, 0, 0)
        box.setSpacing(0)
        # The summary follows the editors when they all fit and stays in view below them when the
        # dock is too short and they scroll.
        box.addWidget(scroll)
        rule = QFrame(holder)
        rule.setFrameShape(QFrame.Shape.HLine)
        rule.setFrameShadow(QFrame.Shadow.Sunken)
        box.addWidget(rule)
        box.addWidget(self.request_feedback)
        box.addStretch(1)
        width = self.constraints.minimumSizeHint().width() + scroll.verticalScrollBar().sizeHint().width() + 4
        holder.setMinimumWidth(width)

        self.constraints_dock = QDockWidget(self.tr("Constraints"), self)
        self.constraints_dock.setObjectName("constraintsDock")
        self.constraints_dock.setWidget(holder)
        self.constraints_dock.setFeatures(
            QDockWidget.DockWidgetFeature.DockWidgetMovable | QDockWidget.DockWidgetFeature.DockWidgetFloatable
        )
        self.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, self.constraints_dock)

        self.board_list = BoardList(self)
        self.board_model = self.board_list.board_model()
        self.board_list.board_selected.connect(self._board_selected)
        self.boards_dock = QDockWidget(self.tr("Boards"), self)
        self.boards_dock.setObjectName("boardsDock")
        self.boards_dock.setWidget(self.board_list)
        # The editors keep the full height on the left; the board list goes under the deal, which
        # leaves the deal the whole width between them.  On a wide screen the editors get two columns,
        # so all four (and both partnerships) show without scrolling.
        self.setCorner(Qt.Corner.BottomLeftCorner, Qt.DockWidgetArea.LeftDockWidgetArea)
        self.setCorner(Qt.Corner.TopLeftCorner, Qt.DockWidgetArea.LeftDockWidgetArea)
        self.addDockWidget(Qt.DockWidgetArea.BottomDockWidgetArea, self.boards_dock)
        # Double dummy in a tab beside the board list: no width taken from the deal, and no analysis
        # while the tab is not on screen.
        self.dd_panel = DoubleDummyPanel(self)
        self.dd_dock = QDockWidget(self.tr("Double Dummy"), self)
        self.dd_dock.setObjectName("ddDock")
        self.dd_dock.setWidget(self.dd_panel)
        self.addDockWidget(Qt.DockWidgetArea.BottomDockWidgetArea, self.dd_dock)
        self.tabifyDockWidget(self.boards_dock, self.dd_dock)
        self.boards_dock.raise_()
        self.dd_dock.visibilityChanged.connect(self.dd_panel.set_active)
        screen = QGuiApplication.primaryScreen()
        if screen is not None and screen.availableGeometry().width() >= 1600:
            two = self.constraints.two_column_width() + scroll.verticalScrollBar().sizeHint().width() + 4
            self.resizeDocks([self.constraints_dock], [two], Qt.Orientation.Horizontal)
        # On a short screen the deal needs the height more than the list does (it scrolls).
        short = screen is not None and screen.availableGeometry().height() < 900
        lines = 8 if short else 12
        self.resizeDocks([self.boards_dock], [lines * self.fontMetrics().height()], Qt.Orientation.Vertical)

    def _action(
        self,
        name: str,
        text: str,
        *,
        shortcuts: list[QKeySequence | QKeySequence.StandardKey | str] | None = None,
        tip: str = "",
        icon_name: str | None = None,
        slot: Callable[[], object] | None = None,
        checkable: bool = False,
    ) -> QAction:
        action = QAction(text, self)
        action.setObjectName(name)
        if shortcuts:
            keys: list[QKeySequence] = []
            for s in shortcuts:
                if isinstance(s, QKeySequence.StandardKey):
                    keys.extend(QKeySequence.keyBindings(s))
                else:
                    keys.append(QKeySequence(s))
            action.setShortcuts(keys)
        if tip:
            shortcut = action.shortcut().toString(QKeySequence.SequenceFormat.NativeText)
            action.setToolTip(f"{tip} ({shortcut})" if shortcut else tip)
            action.setStatusTip(tip)
        action.setCheckable(checkable)
        if icon_name:
            action.setProperty("iconName", icon_name)
            action.setIcon(icon(icon_name))
        if slot is not None:
            action.triggered.connect(lambda _checked=False: slot())
        self.addAction(action)  # shortcuts work even when the toolbar is hidden
        return action

    def _build_actions(self) -> None:
        tr = self.tr
        self.actionDeal = self._action(
            "actionDeal",
            tr("&Deal"),
            shortcuts=["F5", "Ctrl+D"],
            tip=tr("Deal the current board again with the constraints"),
            icon_name="deal",
            slot=self.deal,
        )
        self.actionDealSet = self._action(
            "actionDealSet",
            tr("Deal &Set…"),
            shortcuts=["Ctrl+Shift+D"],
            tip=tr("Deal a set of boards that fit the constraints"),
            icon_name="deal-set",
            slot=self._ask_deal_set,
        )
        self.actionStop = self._action(
            "actionStop", tr("S&top"), shortcuts=["Esc"], tip=tr("Stop dealing"), icon_name="stop", slot=self.stop
        )
        self.actionPrevBoard = self._action(
            "actionPrevBoard",
            tr("&Previous Board"),
            shortcuts=["Ctrl+PgUp", "Alt+Left"],
            tip=tr("Show the previous board"),
            icon_name="previous",
            slot=self.previous_board,
        )
        self.actionNextBoard = self._action(
            "actionNextBoard",
            tr("&Next Board"),
            shortcuts=["Ctrl+PgDown", "Alt+Right"],
            tip=tr("Show the next board (past the last one: a new board to deal)"),
            icon_name="next",
            slot=self.next_board,
        )
        self.actionOpen = self._action(
            "actionOpen",
            tr("&Open…"),
            shortcuts=[QKeySequence.StandardKey.Open],
            tip=tr("Open a PBN file"),
            icon_name="open",
            slot=self._ask_open,
        )
        self.actionSave = self._action(
            "actionSave",
            tr("&Save"),
            shortcuts=[QKeySequence.StandardKey.Save],
            tip=tr("Save the set as PBN"),
            icon_name="save",
            slot=self.save_file,
        )
        self.actionSaveAs = self._action(
            "actionSaveAs",
            tr("Save &As…"),
            shortcuts=[QKeySequence.StandardKey.SaveAs],
            tip=tr("Save the set as a new PBN file"),
            slot=self.save_file_as,
        )
        self.actionSaveDoubleDummy = self._action(
            "actionSaveDoubleDummy",
            tr("Add Double-Dummy Analysis When Saving"),
            tip=tr(
                "Save the DoubleDummyTricks and OptimumScore of every board (needs the optional endplay "
                "package; about a second a board)"
            ),
            checkable=True,
        )
        self.actionPrint = self._action(
            "actionPrint",
            tr("&Print…"),
            shortcuts=[QKeySequence.StandardKey.Print],
            tip=tr("Print practice sheets or hand records of the set"),
            slot=self._ask_print,
        )
        self.actionExportPdf = self._action(
            "actionExportPdf",
            tr("Export P&DF…"),
            tip=tr("Write practice sheets or hand records of the set as a PDF file"),
            slot=self._ask_export_pdf,
        )
        self.actionImportScript = self._action(
            "actionImportScript",
            tr("&Import Dealer Script…"),
            tip=tr("Fill the constraints from a script for the classic dealer program"),
            slot=self._ask_import_script,
        )
        self.actionExportScript = self._action(
            "actionExportScript",
            tr("&Export as Dealer Script…"),
            tip=tr("Write the constraints as a script for the classic dealer program"),
            slot=self._ask_export_script,
        )
        self.actionCopy = self._action(
            "actionCopy",
            tr("&Copy Deal"),
            shortcuts=[QKeySequence.StandardKey.Copy],
            tip=tr("Copy the deal as a PBN line and a text diagram"),
            icon_name="copy",
            slot=self.copy_deal,
        )
        self.actionCopyDealNumber = self._action(
            "actionCopyDealNumber",
            tr("Copy Deal &Number"),
            shortcuts=["Ctrl+Shift+C"],
            tip=tr("Copy the number of the shown deal"),
            slot=self.copy_deal_number,
        )
        self.actionGoToDealNumber = self._action(
            "actionGoToDealNumber",
            tr("&Go to Deal Number…"),
            shortcuts=["Ctrl+G"],
            tip=tr("Show any deal by its number"),
            icon_name="go-to",
            slot=self._ask_deal_number,
        )
        self.actionPractice = self._action(
            "actionPractice",
            tr("&Practice Mode…"),
            shortcuts=["Ctrl+Shift+P"],
            tip=tr("Show only some hands, to bid them"),
            icon_name="practice",
            checkable=True,
        )
        self.actionPractice.triggered.connect(self._practice_triggered)
        self.actionReveal = self._action(
            "actionReveal",
            tr("&Reveal All Hands"),
            shortcuts=["Space"],
            tip=tr("Show the hidden hands (practice mode)"),
            icon_name="reveal",
            checkable=True,
        )
        self.actionReveal.toggled.connect(self.reveal)
        self.actionSavePreset = self._action(
            "actionSavePreset",
            tr("Save Current as Preset…"),
            tip=tr("Keep these constraints in the Presets menu"),
            slot=self._ask_save_preset,
        )
        self.actionClearConstraints = self._action(
            "actionClearConstraints",
            tr("C&lear Constraints"),
            tip=tr("Remove every constraint"),
            slot=self.clear_constraints,
        )
        self.actionFourColour = self._action(
            "actionFourColour", tr("&Four-Colour Deck"), tip=tr("♠ black, ♥ red, ♦ orange, ♣ green"), checkable=True
        )
        self.actionFourColour.toggled.connect(self.set_four_colour)
        self.actionQuiz = self._action(
            "actionQuiz",
            tr("Evaluation &Quiz…"),
            shortcuts=["Ctrl+Shift+Q"],
            tip=tr("Count HCP, quick tricks, losers and tricks of hands dealt to the constraints"),
            slot=self.open_quiz,
        )
        self.actionFrequencies = self._action(
            "actionFrequencies",
            tr("&Frequency Tables…"),
            tip=tr("Patterns, HCP and suit splits of the set or of a sample, against the exact odds"),
            slot=self.open_frequencies,
        )
        self.actionShuffleLab = self._action(
            "actionShuffleLab",
            tr("&Shuffle Lab…"),
            tip=tr("How hand-shuffled decks differ from computer dealing; deal a set that way"),
            slot=self.open_shuffle_lab,
        )
        self.actionAudit = self._action(
            "actionAudit",
            tr("&Audit Board Set…"),
            tip=tr("Test whether the current set looks randomly dealt"),
            slot=self.open_audit,
        )
        self.actionQuit = self._action(
            "actionQuit", tr("&Quit"), shortcuts=[QKeySequence.StandardKey.Quit], slot=self.close
        )
        self.actionQuit.setMenuRole(QAction.MenuRole.QuitRole)
        self.actionAbout = self._action("actionAbout", tr("&About Bridge Dealer"), slot=self._about)
        self.actionAbout.setMenuRole(QAction.MenuRole.AboutRole)
        self.theme_actions: dict[str, QAction] = {}
        group = QActionGroup(self)
        names = {"system": tr("Follow the &System"), "light": tr("&Light"), "dark": tr("&Dark")}
        for theme in THEMES:
            action = self._action(f"actionTheme_{theme}", names[theme], checkable=True)
            group.addAction(action)
            action.triggered.connect(lambda _c=False, t=theme: self.set_theme(t))
            self.theme_actions[theme] = action

    def _build_menus(self) -> None:
        tr = self.tr
        bar = self.menuBar()
        file_menu = bar.addMenu(tr("&File"))
        file_menu.addAction(self.actionOpen)
        self.recent_menu = file_menu.addMenu(tr("Open &Recent"))
        self.recent_menu.setObjectName("recentMenu")
        file_menu.addAction(self.actionSave)
        file_menu.addAction(self.actionSaveAs)
        file_menu.addAction(self.actionSaveDoubleDummy)
        file_menu.addSeparator()
        file_menu.addAction(self.actionPrint)
        file_menu.addAction(self.actionExportPdf)
        file_menu.addSeparator()
        file_menu.addAction(self.actionImportScript)
        file_menu.addAction(self.actionExportScript)
        file_menu.addSeparator()
        file_menu.addAction(self.actionQuit)
        self.file_menu = file_menu

        edit_menu = bar.addMenu(tr("&Edit"))
        edit_menu.addAction(self.actionCopy)
        edit_menu.addAction(self.actionCopyDealNumber)
        edit_menu.addSeparator()
        edit_menu.addAction(self.actionGoToDealNumber)
        edit_menu.addSeparator()
        edit_menu.addAction(self.actionClearConstraints)

        deal_menu = bar.addMenu(tr("&Deal"))
        for action in (self.actionDeal, self.actionDealSet, self.actionStop):
            deal_menu.addAction(action)
        deal_menu.addSeparator()
        deal_menu.addAction(self.actionPrevBoard)
        deal_menu.addAction(self.actionNextBoard)

        practice_menu = bar.addMenu(tr("P&ractice"))
        practice_menu.setObjectName("practiceMenu")
        practice_menu.addAction(self.actionPractice)
        practice_menu.addAction(self.actionReveal)
        practice_menu.addSeparator()
        practice_menu.addAction(self.actionQuiz)
        self.practice_menu = practice_menu

        self.presets_menu = bar.addMenu(tr("&Presets"))
        self.presets_menu.setObjectName("presetsMenu")
        self._rebuild_presets_menu()

        view_menu = bar.addMenu(tr("&View"))
        view_menu.addAction(self.actionFourColour)
        theme_menu = view_menu.addMenu(tr("&Palette"))
        for action in self.theme_actions.values():
            theme_menu.addAction(action)
        view_menu.addSeparator()
        view_menu.addAction(self.constraints_dock.toggleViewAction())
        view_menu.addAction(self.boards_dock.toggleViewAction())
        view_menu.addAction(self.dd_dock.toggleViewAction())
        self._view_menu = view_menu

        tools_menu = bar.addMenu(tr("&Tools"))
        tools_menu.setObjectName("toolsMenu")
        tools_menu.addAction(self.actionFrequencies)
        tools_menu.addSeparator()
        tools_menu.addAction(self.actionShuffleLab)
        tools_menu.addAction(self.actionAudit)
        self.tools_menu = tools_menu

        help_menu = bar.addMenu(tr("&Help"))
        help_menu.addAction(self.actionAbout)

    def _build_toolbars(self) -> None:
        tr = self.tr
        bar = QToolBar(tr("Dealing"), self)
        bar.setObjectName("mainToolBar")
        bar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        for action in (self.actionDeal, self.actionDealSet, self.actionStop):
            bar.addAction(action)
        bar.addSeparator()
        for action in (self.actionPrevBoard, self.actionNextBoard):
            bar.addAction(action)
            self._icon_only(bar, action)
        bar.addSeparator()
        for action in (self.actionOpen, self.actionSave, self.actionCopy):
            bar.addAction(action)
            self._icon_only(bar, action)
        bar.addSeparator()
        bar.addAction(self.actionPractice)
        bar.addAction(self.actionReveal)
        self._icon_only(bar, self.actionReveal)
        self.addToolBar(Qt.ToolBarArea.TopToolBarArea, bar)
        self.main_toolbar = bar

        seed_bar = QToolBar(tr("Seed"), self)
        seed_bar.setObjectName("seedToolBar")
        label = QLabel(tr(" Seed: "), seed_bar)
        self.seed_mode = QComboBox(seed_bar)
        self.seed_mode.setObjectName("seedMode")
        self.seed_mode.addItem(tr("Random"), "random")
        self.seed_mode.addItem(tr("Fixed"), "fixed")
        self.seed_mode.setToolTip(
            tr(
                "Random: a fresh seed for every deal, shown here. Fixed: deal from the seed typed here, to repeat a set."
            )
        )
        self.seed_edit = QLineEdit(seed_bar)
        self.seed_edit.setObjectName("seedEdit")
        self.seed_edit.setValidator(QRegularExpressionValidator(rf"[0-9]{{0,{_SEED_DIGITS}}}", self.seed_edit))
        self.seed_edit.setPlaceholderText(tr("drawn when you deal"))
        self.seed_edit.setMinimumWidth(self.seed_edit.fontMetrics().horizontalAdvance("0" * 22))
        self.seed_edit.setMaximumWidth(self.seed_edit.fontMetrics().horizontalAdvance("0" * (_SEED_DIGITS + 3)))
        self.seed_edit.setToolTip(
            tr(
                "The seed of the last deal. The same seed and constraints give the same boards, here and "
                "with bridgegui-deal --seed. Choose Fixed to type one."
            )
        )
        label.setBuddy(self.seed_edit)
        seed_bar.addWidget(label)
        seed_bar.addWidget(self.seed_mode)
        seed_bar.addWidget(self.seed_edit)
        self.seed_mode.currentIndexChanged.connect(self._seed_mode_changed)
        self.addToolBar(Qt.ToolBarArea.TopToolBarArea, seed_bar)
        self.seed_toolbar = seed_bar
        self._view_menu.addAction(bar.toggleViewAction())
        self._view_menu.addAction(seed_bar.toggleViewAction())

    @staticmethod
    def _icon_only(bar: QToolBar, action: QAction) -> None:
        button = bar.widgetForAction(action)
        if isinstance(button, QToolButton):
            button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonIconOnly)

    def _build_status_bar(self) -> None:
        status = self.statusBar()
        status.setObjectName("statusBar")
        self.stats_label = QLabel(self)
        self.stats_label.setObjectName("statsLabel")
        # A fixed width: a label that changed size would make the status bar lay out again ten times
        # a second while a search runs.
        sample = self.tr("{tried} deals tried · {found} found · {rate} deals/s").format(
            tried="888,888,888", found="88,888", rate="888 k"
        )
        self.stats_label.setFixedWidth(self.stats_label.fontMetrics().horizontalAdvance(sample) + 8)
        self.stats_label.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        self.progress_bar = QProgressBar(self)
        self.progress_bar.setObjectName("dealProgress")
        self.progress_bar.setMaximumWidth(220)
        self.progress_bar.setMaximumHeight(status.fontMetrics().height() + 4)
        self.progress_bar.setTextVisible(True)
        self.progress_bar.hide()
        self.deal_number_label = QLabel(self)
        self.deal_number_label.setObjectName("dealNumberLabel")
        self.deal_number_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.deal_number_label.setContextMenuPolicy(Qt.ContextMenuPolicy.ActionsContextMenu)
        self.deal_number_label.addAction(self.actionCopyDealNumber)
        self.deal_number_label.addAction(self.actionGoToDealNumber)
        self.deal_number_label.setToolTip(
            self.tr("Every deal has a number (Andrews' squashed order); Ctrl+G shows any deal by its number.")
        )
        status.addPermanentWidget(self.stats_label)
        status.addPermanentWidget(self.progress_bar)
        status.addPermanentWidget(self.deal_number_label)

    # ------------------------------------------------------------------------------------------------
    # settings

    def _restore_settings(self) -> None:
        s = self.settings
        problems = []
        for seat, editor in self.seat_editors.items():
            try:
                editor.set_spec(s[f"constraints/{seat}"])
            except (ConstraintError, ValueError) as exc:
                problems.append(f"{_seat_word(seat)}: {exc}")
        for side, side_editor in self.partnership_editors.items():
            try:
                side_editor.set_spec(s[f"constraints/{side}"])
            except (ConstraintError, ValueError) as exc:
                problems.append(f"{side}: {exc}")
        self.condition_editor.set_text(s[ADVANCED_SETTING])
        if self.condition_editor.error() is not None:
            problems.append(self.tr("advanced condition: {e}").format(e=self.condition_editor.error()))
        if problems:
            self.startup_warnings.append(self.tr("Saved constraints were dropped: {p}").format(p="; ".join(problems)))
        dealer = s["constraints/dealer"]
        self._set_dealer_mode(dealer if dealer in DEALER_MODES else "board")
        mode = s["seed/mode"] if s["seed/mode"] in SEED_MODES else "random"
        with QSignalBlocker(self.seed_mode):
            self.seed_mode.setCurrentIndex(SEED_MODES.index(mode))
        self.seed_edit.setText(s["seed/value"] if s["seed/value"].isdigit() else "")
        self._seed_mode_changed()
        self.actionFourColour.setChecked(s["deck/four_colour"])
        self.set_four_colour(s["deck/four_colour"])
        theme = s["appearance/theme"] if s["appearance/theme"] in THEMES else "system"
        self.theme_actions[theme].setChecked(True)
        self._rebuild_recent_menu()

        geometry = QByteArray.fromBase64(s["window/geometry"].encode("ascii"))
        if geometry.isEmpty() or not self.restoreGeometry(geometry):
            self._default_geometry()
        state = QByteArray.fromBase64(s["window/state"].encode("ascii"))
        if not state.isEmpty():
            self.restoreState(state)

    def _default_geometry(self) -> None:
        screen = QGuiApplication.primaryScreen()
        if screen is None:
            self.resize(1280, 800)
            return
        area = screen.availableGeometry()
        hint = self.minimumSizeHint()
        # Never narrower than the layout needs (a large desktop font), never wider than the screen.
        width = min(area.width(), max(min(1600, int(area.width() * 0.94)), hint.width()))
        height = min(area.height(), max(min(1000, int(area.height() * 0.92)), hint.height()))
        self.resize(width, height)
        self.move(area.left() + (area.width() - width) // 2, area.top() + (area.height() - height) // 2)

    def store_settings(self) -> None:
        """Copy the window's state into ``self.settings`` (``close`` also writes the file)."""
        s = self.settings
        s["window/geometry"] = bytes(self.saveGeometry().toBase64().data()).decode("ascii")
        s["window/state"] = bytes(self.saveState().toBase64().data()).decode("ascii")
        for seat, editor in self.seat_editors.items():
            s[f"constraints/{seat}"] = editor.spec()
        for side, side_editor in self.partnership_editors.items():
            s[f"constraints/{side}"] = side_editor.spec()
        s[ADVANCED_SETTING] = self.condition_editor.text()
        s["constraints/dealer"] = self.dealer_mode()
        s["seed/mode"] = self.seed_mode.currentData()
        s["seed/value"] = self.seed_edit.text()
        s["deck/four_colour"] = self.actionFourColour.isChecked()
        if self._practice_seats:
            s["practice/visible"] = self._practice_seats

    # ------------------------------------------------------------------------------------------------
    # the current board

    def boards(self) -> list[Board]:
        """The boards of the current set."""
        return self.board_model.boards()

    def current_row(self) -> int:
        """The position shown: a row of the board list, or ``len(boards())`` for the next new board."""
        return self._row

    def current_board(self) -> Board | None:
        return self.board_model.board(self._row) if self._row < self.board_model.rowCount() else None

    def current_board_number(self) -> int | None:
        board = self.current_board()
        if board is not None:
            return board.number
        return self._next_number()

    def _next_number(self) -> int:
        return self.board_model.next_number()

    def dealer_mode(self) -> str:
        return str(self.constraints.dealer_combo.currentData())

    def _set_dealer_mode(self, mode: str) -> None:
        combo = self.constraints.dealer_combo
        index = combo.findData(mode)
        combo.setCurrentIndex(max(index, 0))

    def _fixed_dealer(self) -> str | None:
        mode = self.dealer_mode()
        return None if mode == "board" else mode

    def _show_current(self, *, defer_panels: bool = False) -> None:
        board = self.current_board()
        if board is not None:
            number = board.number
            deal = board.deal
            dealer = board.effective_dealer
            vulnerability = board.effective_vulnerable
        else:
            number = self._next_number()
            deal = None
            dealer = self._fixed_dealer() or board_dealer(number)
            vulnerability = board_vulnerability(number)
        self.diagram.set_deal(deal, board_number=number, dealer=dealer, vulnerability=vulnerability)
        if deal is None:
            text = self.tr("Board {n}: press F5 to deal it").format(n=number) if number else self.tr("No deal")
            self.diagram.set_empty_text(text)
        if self._revealed:
            with QSignalBlocker(self.actionReveal):
                self.actionReveal.setChecked(False)
            self._revealed = False
        self._apply_visibility(defer_panels=defer_panels)
        self._update_deal_number()
        self._show_board_seed(board)
        self.board_list.select_row(self._row if board is not None else None)
        self._update_actions()

    def _show_board_seed(self, board: Board | None) -> None:
        """In random mode the seed box shows the seed of the board on screen (its GeneratorSeed tag)."""
        if self.seed_mode.currentData() != "random" or board is None:
            return
        seed = board.tag("GeneratorSeed")
        if seed and seed.isdigit():
            self.seed_edit.setText(seed)

    def visible_seats(self) -> str:
        """The seats whose cards are on screen now."""
        if self._practice_seats is None or self._revealed:
            return "NESW"
        return self._practice_seats

    def _apply_visibility(self, *, defer_panels: bool = False) -> None:
        """Show the visible seats in the diagram, the list and the panels.

        ``defer_panels`` updates the four evaluation panels one per pass of the event loop (each is a
        dozen rich-text labels to lay out), so the first board of a set reaches the screen without one
        long stall while the search goes on; ``_flush_panels`` completes them at once when needed.
        """
        visible = self.visible_seats()
        self.diagram.set_visible_seats(visible)
        self.board_model.set_visible_seats(visible)
        self.dd_panel.set_board(self.current_board(), hidden=visible != "NESW")
        self._panel_queue = list(SEATS)
        if defer_panels:
            self._panel_timer.start()
        else:
            self._flush_panels()

    def _flush_panels(self) -> None:
        self._panel_timer.stop()
        while self._panel_queue:
            self._update_panel(self._panel_queue.pop(0))

    @Slot()
    def _update_next_panel(self) -> None:
        if self._panel_queue:
            self._update_panel(self._panel_queue.pop(0))
        if self._panel_queue:
            self._panel_timer.start()

    def _update_panel(self, seat: str) -> None:
        visible = self.visible_seats()
        deal = self.diagram.deal()
        panel = self.eval_panels[seat]
        hand = self._hand(deal, seat)
        partner_seat = SEATS[(SEATS.index(seat) + 2) % 4]
        partner = self._hand(deal, partner_seat) if partner_seat in visible else None
        # Each panel call recomputes and relays out the panel: skip the ones that change nothing.
        if self._panel_inputs.get(seat) != (hand, partner):
            panel.set_hand(hand, partner)
            self._panel_inputs[seat] = (hand, partner)
        hidden = seat not in visible
        if panel.is_hidden() != hidden:
            panel.set_hidden(hidden)

    @staticmethod
    def _hand(deal: Deal | None, seat: str) -> Hand | None:
        if deal is None:
            return None
        mask = deal.hands[SEATS.index(seat)]
        return None if mask is None else Hand(mask)

    def _update_deal_number(self) -> None:
        deal = self.diagram.deal()
        if deal is None or not deal.is_complete:
            self.deal_number_label.setText("")
            return
        self.deal_number_label.setText(self.tr("Deal no. {n}").format(n=deal_index(deal)))

    def deal_number(self) -> int | None:
        """The number (seed 002) of the deal on screen, or None."""
        deal = self.diagram.deal()
        return deal_index(deal) if deal is not None and deal.is_complete else None

    def go_to_row(self, row: int) -> None:
        row = max(0, min(row, self.board_model.rowCount()))
        if row != self._row or self.current_board() is None:
            self._row = row
        self._show_current()

    @Slot(int)
    def _board_selected(self, row: int) -> None:
        if row != self._row:
            self._row = row
            self._show_current()

    def previous_board(self) -> None:
        if self._row > 0:
            self.go_to_row(self._row - 1)

    def next_board(self) -> None:
        count = self.board_model.rowCount()
        if self._row < count - 1 or (self._row == count - 1 and self.current_board() is not None):
            self.go_to_row(self._row + 1)

    # ------------------------------------------------------------------------------------------------
    # modified state and the title

    def is_modified(self) -> bool:
        return self.board_model.any_unsaved()

    def _update_title(self) -> None:
        name = self._path.name if self._path is not None else self.tr("Untitled")
        mark = "*" if self.is_modified() else ""
        self.setWindowTitle(f"{mark}{name} — {self.tr('Bridge Dealer')}")

    def _update_actions(self) -> None:
        busy = self._background_job() is not None
        dealing = self._job is not None or busy
        can_deal = not self._local_problem and not (self._feedback is not None and self._feedback.blocking)
        can_deal = can_deal and not busy
        self.actionDeal.setEnabled(can_deal)
        self.actionDealSet.setEnabled(can_deal)
        self.actionStop.setEnabled(dealing)
        count = self.board_model.rowCount()
        self.actionPrevBoard.setEnabled(self._row > 0)
        self.actionNextBoard.setEnabled(self._row < count - 1 or (self._row == count - 1 and count > 0))
        has_boards = count > 0 and not self._analysing()
        self.actionSave.setEnabled(has_boards)
        self.actionSaveAs.setEnabled(has_boards)
        self.actionPrint.setEnabled(count > 0)
        self.actionAudit.setEnabled(count > 0)
        self.actionExportPdf.setEnabled(count > 0)
        deal = self.diagram.deal()
        self.actionCopy.setEnabled(deal is not None)
        self.actionCopyDealNumber.setEnabled(deal is not None and deal.is_complete)
        self.actionReveal.setEnabled(self._practice_seats is not None)

    # ------------------------------------------------------------------------------------------------
    # questions and errors (tests replace these two methods)

    def show_error(self, title: str, text: str) -> None:
        """Tell the user something failed, without blocking the event loop (a window-modal box)."""
        self.last_error = text
        box = QMessageBox(QMessageBox.Icon.Warning, title, text, QMessageBox.StandardButton.Ok, self)
        box.setObjectName("errorDialog")
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        box.open()

    def confirm_unsaved_changes(self, then: Callable[[], object]) -> None:
        """Run ``then`` once unsaved boards are saved or the user agrees to lose them; else do nothing."""
        if not self.is_modified():
            then()
            return
        box = QMessageBox(
            QMessageBox.Icon.Question,
            self.tr("Unsaved Boards"),
            self.tr("The current set has boards that are not saved. Save them first?"),
            QMessageBox.StandardButton.Save | QMessageBox.StandardButton.Discard | QMessageBox.StandardButton.Cancel,
            self,
        )
        box.setObjectName("unsavedDialog")
        box.setDefaultButton(QMessageBox.StandardButton.Save)
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)

        def answered(_result: int) -> None:
            choice = box.standardButton(box.clickedButton())
            if choice == QMessageBox.StandardButton.Save:
                if self.save_file(then=then):
                    then()
            elif choice == QMessageBox.StandardButton.Discard:
                then()

        box.finished.connect(answered)
        box.open()

    # ------------------------------------------------------------------------------------------------
    # dealing

    def current_request(self) -> DealRequest:
        """The request the editors describe; raises ``ConstraintError`` naming the seat of a malformed field.

        The advanced condition is compiled once per text (``_compiled_condition``): requests compare
        equal while nothing was edited, so the live feedback's plan is reused for dealing.
        """
        seats = []
        for seat in SEATS:
            try:
                seats.append(self.seat_editors[seat].constraint())
            except ConstraintError as exc:
                raise ConstraintError(f"{_seat_word(seat)}: {exc}") from None
        sides = []
        for side in ("NS", "EW"):
            try:
                sides.append(self.partnership_editors[side].constraint())
            except ConstraintError as exc:
                raise ConstraintError(f"{side}: {exc}") from None
        return DealRequest(tuple(seats), sides[0], sides[1], condition=self._compiled_condition())  # type: ignore[arg-type]

    def _compiled_condition(self) -> ExpressionCondition | None:
        """The advanced condition, compiled (None when empty); a malformed one raises ``ConstraintError``."""
        text = self.condition_editor.text()
        cached_text, cached = self._condition_cache
        if text == cached_text and cached is not None:
            return cached
        try:
            condition = self.condition_editor.condition()
        except ScriptError as exc:
            raise ConstraintError(self.tr("Advanced condition: {e}").format(e=exc)) from None
        self._condition_cache = (text, condition)
        return condition

    def advanced_condition(self) -> str:
        """The advanced condition's text (dealer language; "" when there is none)."""
        return self.condition_editor.text().strip()

    def set_advanced_condition(self, text: str) -> None:
        """Put ``text`` in the advanced-condition field (the live feedback follows)."""
        self.condition_editor.set_text(text)
        self._feedback_timer.start()

    def request_specs(self) -> dict[str, str]:
        """The editors' texts by key (N E S W NS EW), as presets and settings store them."""
        specs = {seat: e.spec() for seat, e in self.seat_editors.items()}
        specs |= {side: e.spec() for side, e in self.partnership_editors.items()}
        return specs

    def _request_text(self) -> str:
        parts = [f"{key}: {spec}" for key, spec in self.request_specs().items() if spec]
        if self.advanced_condition():
            parts.append(f"condition {' '.join(self.advanced_condition().split())}")
        if self.dealer_mode() != "board":
            parts.append(f"dealer {self.dealer_mode()}")
        return "; ".join(parts) or "no constraints"

    def seed(self) -> int | None:
        text = self.seed_edit.text()
        return int(text) if text.isdigit() else None

    def set_seed(self, seed: int, *, fixed: bool = True) -> None:
        """Show ``seed`` and (by default) switch to Fixed so the next deal uses it."""
        if fixed:
            self.seed_mode.setCurrentIndex(SEED_MODES.index("fixed"))
        self.seed_edit.setText(str(seed))

    def set_seed_mode(self, mode: str) -> None:
        self.seed_mode.setCurrentIndex(SEED_MODES.index(mode))

    @Slot()
    def _seed_mode_changed(self) -> None:
        fixed = self.seed_mode.currentData() == "fixed"
        self.seed_edit.setReadOnly(not fixed)
        self.seed_edit.setPlaceholderText(self.tr("type a seed") if fixed else self.tr("drawn when you deal"))

    def _seed_for_job(self) -> int:
        if self.seed_mode.currentData() == "fixed":
            seed = self.seed()
            if seed is not None:
                return seed
        seed = new_seed()
        self.seed_edit.setText(str(seed))
        return seed

    def _prepare_request(self) -> DealRequest | None:
        """The request to deal, or None (with the reason shown) when the editors hold a mistake."""
        self._feedback_timer.stop()
        try:
            request = self.current_request()
        except ConstraintError as exc:
            self.statusBar().showMessage(str(exc), 8000)
            self._update_feedback()
            return None
        if self._feedback is not None and self._feedback.request == request and self._feedback.blocking:
            self.statusBar().showMessage(self._feedback.problems[0].message, 8000)
            return None
        if request != self._feedback_request:
            self._update_feedback()  # the editors changed since the last count: recount alongside
        return request

    def _cached_plan(self, request: DealRequest) -> DealPlan | None:
        """The plan the live feedback made for this very request, if any: dealing then skips planning."""
        fb = self._feedback
        if fb is not None and fb.plan is not None and fb.request == request:
            return fb.plan
        return None

    def deal(self) -> int | None:
        """Deal the current board (F5); returns the job id, or None if the request has a mistake."""
        if self._closed:
            return None
        started = time.perf_counter()
        request = self._prepare_request()
        if request is None:
            return None
        seed = self._seed_for_job()
        number = self.current_board_number()
        skip = number - 1 if self.seed_mode.currentData() == "fixed" and number else 0
        job_id = self.service.start_dealing(
            request,
            1,
            seed=seed,
            plan=self._cached_plan(request),
            skip=skip,
        )
        self._job = _Job(
            job_id, "single", seed, 1, number, self._row, started, self._request_text(), self._fixed_dealer()
        )
        self._busy_timer.start()
        self.stats_label.setText("")
        self._update_actions()
        return job_id

    def _ask_deal_set(self) -> None:
        dialog = DealSetDialog(self, count=self.settings["deal_set/count"], first_board=1)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.accepted.connect(lambda: self.deal_set(dialog.count(), dialog.first_board()))
        dialog.open()

    def deal_set(self, count: int = 16, first_board: int = 1, *, confirm: bool = True) -> None:
        """Replace the set with ``count`` new boards numbered from ``first_board`` (asks first if unsaved)."""
        if confirm:
            self.confirm_unsaved_changes(lambda: self._start_set(count, first_board))
        else:
            self._start_set(count, first_board)

    def _start_set(self, count: int, first_board: int) -> int | None:
        if self._closed:
            return None
        started = time.perf_counter()
        request = self._prepare_request()
        if request is None:
            return None
        self.settings["deal_set/count"] = count
        seed = self._seed_for_job()
        job_id = self.service.start_dealing(
            request,
            count,
            seed=seed,
            plan=self._cached_plan(request),
        )
        self._job = _Job(
            job_id, "set", seed, count, first_board, 0, started, self._request_text(), self._fixed_dealer()
        )
        self.board_model.set_boards([])
        self._path = None
        self._set_request_text = self._job.request_text
        self._row = 0
        self._show_current()
        self.progress_bar.setRange(0, count)
        self.progress_bar.setValue(0)
        self.progress_bar.setFormat(self.tr("%v of %m boards"))
        self.progress_bar.show()
        self.stats_label.setText("")
        self.statusBar().showMessage(self.tr("Dealing {n} boards…").format(n=count))
        self._update_title()
        self._update_actions()
        return job_id

    def stop(self) -> None:
        """Stop dealing (Esc).

        The window is idle again at once (results still in flight are dropped by job id); the worker
        thread stops within one engine batch and then reports ``finished``.
        """
        if self._analysing():
            self.analysis_runner.cancel()
            self._end_analysis()
            self.statusBar().showMessage(self.tr("Stopped the analysis: the file was not saved."), 10_000)
        if self._model_job is not None:
            self.model_runner.cancel()
            self._end_model_job()
            self.statusBar().showMessage(self.tr("Stopped dealing with the shuffle model."), 10_000)
        job = self._job
        if job is None:
            return
        self.service.cancel()
        self._finish_job(job, "cancelled")

    def is_dealing(self) -> bool:
        """True while a job of this window runs (False as soon as Stop is pressed)."""
        return self._job is not None

    def _new_board(
        self, number: int | None, deal: Deal, seed: int, old: Board | None = None, dealer: str | None = None
    ) -> Board:
        tags: list[tuple[str, str]] = []
        if old is not None:
            tags = [(k, v) for k, v in old.tags if k in KEPT_TAGS]
        tags += [("Generator", pbn.GENERATOR), ("GeneratorSeed", str(seed))]
        dealer = old.dealer if old is not None else dealer
        vulnerable = old.vulnerable if old is not None else None
        if old is not None and old.number is None:
            tags = [(k, v) for k, v in old.tags if k == "Board"] + tags
        return Board(number, deal, dealer=dealer, vulnerable=vulnerable, tags=tuple(tags))

    @Slot(int, object)
    def _on_deals(self, job_id: int, deals: np.ndarray) -> None:
        job = self._job
        if job is None or job.job_id != job_id:
            return  # stale: a newer job owns the window
        received = deals.shape[0]
        if job.kind == "single":
            deal = Deal.from_masks(deals[0].tolist())
            old = self.board_model.board(job.row) if job.row < self.board_model.rowCount() else None
            number = old.number if old is not None else job.first_number
            board = self._new_board(number, deal, job.seed, old, job.dealer)
            if old is not None:
                self.board_model.replace_board(job.row, board)
            else:
                job.row = self.board_model.rowCount()
                self.board_model.append_boards([board])
            self._row = job.row
        else:
            tags = (("Generator", pbn.GENERATOR), ("GeneratorSeed", str(job.seed)))
            first = (job.first_number or 1) + job.received
            self.board_model.append_dealt(DealtBlock(deals, first, job.dealer, tags))
            self._row = min(self._row, self.board_model.rowCount() - 1)
        first_delivery = job.received == 0
        job.received += received
        if job.kind == "single":
            self._show_current()
        elif first_delivery:
            self._show_current(defer_panels=True)
        else:
            self._update_actions()  # later batches of a set land in the list; the board on screen stays
        self._update_title()
        if first_delivery:  # the first deal of this job is on screen now
            self.last_click_to_deal = time.perf_counter() - job.started

    @Slot()
    def _show_busy(self) -> None:
        if self._job is not None and self._job.kind == "single" and self.service.is_dealing():
            self.progress_bar.setRange(0, 0)
            self.progress_bar.setFormat("")
            self.progress_bar.show()
            self.statusBar().showMessage(self.tr("Searching for a deal that fits…"))

    @Slot(int, object)
    def _on_progress(self, job_id: int, progress: DealProgress) -> None:
        job = self._job
        if job is None or job.job_id != job_id:
            return
        if job.kind == "set":
            # QProgressBar.setValue repaints synchronously; with updates off it only schedules a paint,
            # which the event loop does with the rest of the window.
            self.progress_bar.setUpdatesEnabled(False)
            self.progress_bar.setValue(progress.matched)
            self.progress_bar.setUpdatesEnabled(True)
        self.stats_label.setText(
            self.tr("{tried} deals tried · {found} found · {rate} deals/s").format(
                tried=f"{progress.tried:,}", found=f"{progress.matched:,}", rate=_rate_text(progress.rate)
            )
        )

    def _end_job(self) -> None:
        self._busy_timer.stop()
        self.progress_bar.hide()
        self._job = None
        self._update_actions()

    @Slot(int, str)
    def _on_finished(self, job_id: int, outcome: str) -> None:
        job = self._job
        if job is None or job.job_id != job_id:
            return
        self._finish_job(job, outcome)

    def _finish_job(self, job: _Job, outcome: str) -> None:
        elapsed = time.perf_counter() - job.started
        if outcome == "cancelled":
            if job.kind == "set":
                message = self.tr("Stopped: {got} of {n} boards dealt.").format(got=job.received, n=job.count)
            else:
                message = self.tr("Stopped.")
        elif job.kind == "set":
            message = self.tr("Dealt {n} boards in {t:.2f} s.").format(n=job.received, t=elapsed)
        else:
            message = self.tr("Dealt board {n}.").format(n=job.first_number) if job.first_number else ""
        self._end_job()
        self.statusBar().showMessage(message, 10_000)

    @Slot(int, str)
    def _on_failed(self, job_id: int, message: str) -> None:
        job = self._job
        if job is None or job.job_id != job_id:
            return
        self._end_job()
        self.last_error = message
        self.statusBar().showMessage(message, 20_000)
        self._set_summary(message, error=True)

    # ------------------------------------------------------------------------------------------------
    # live feedback

    @Slot()
    def _constraints_edited(self) -> None:
        self._feedback_timer.start()

    @Slot()
    def _dealer_mode_changed(self) -> None:
        if self.current_board() is None:
            self._show_current()

    def _set_summary(self, text: str, *, error: bool = False, warning: bool = False) -> None:
        label = self.request_feedback
        label.setText(text)
        label.setProperty("error", error)
        colour = ""
        if error or warning:
            from bridgegui.ui.widgets.suit_text import red_colour

            colour = red_colour(label.palette()).name() if error else "#b26a00"
        label.setStyleSheet(f"color: {colour};" if colour else "")

    def feedback_summary(self) -> str:
        """The line under the editors (the whole request's frequency, or what is wrong)."""
        return self.request_feedback.text()

    @Slot()
    def _update_feedback(self) -> None:
        """Check the editors now and send the request to the feedback thread (the debounce timer's slot)."""
        if self._closed:
            return
        self._local_problem = False
        for editor in self.constraints.editors():
            problem = editor.problem()
            if problem is not None:
                self._local_problem = True
                editor.set_feedback(problem[1], error=True, field=problem[0])
        if self.condition_editor.error() is not None:
            self._local_problem = True  # the editor underlines the place and shows the message itself
        if self._local_problem:
            self._feedback_request = None
            self._set_summary(self.tr("Correct the field marked in red to deal."), error=True)
            self._update_actions()
            return
        request = self.current_request()
        if request == self._feedback_request:
            if self._feedback is not None and self._feedback.request == request:
                self._show_feedback(self._feedback)
            return
        self._feedback_request = request
        self.service.request_feedback(request)
        self._update_actions()

    @Slot(int, object)
    def _on_feedback(self, _job_id: int, feedback: Feedback) -> None:
        if feedback.request != self._feedback_request:
            return  # the editors changed again; a newer answer is coming
        self._feedback = feedback
        self._show_feedback(feedback)
        self._update_actions()

    def _show_feedback(self, feedback: Feedback) -> None:
        for editor in self.constraints.editors():
            editor.set_feedback("")
        if feedback.blocking:
            general: list[str] = []
            for problem in feedback.problems:
                self._place_problem(problem, feedback.request, general)
            if general:
                text = "\n".join(general)
            else:
                names = sorted({p.target for p in feedback.problems if p.target})
                text = self.tr("Cannot deal: see {where}.").format(
                    where=", ".join(_seat_word(n) if n in SEAT_LETTERS else n for n in names)
                )
            self._set_summary(text, error=True)
            return
        for seat, p in zip(SEATS, feedback.seat_probabilities, strict=True):
            if p is not None:
                self.seat_editors[seat].set_feedback(_frequency_text(p))
        estimate = feedback.estimate
        if estimate is None:
            self._set_summary("")
        elif feedback.request.is_empty:
            self._set_summary(self.tr("No constraints: every deal fits."))
        elif estimate.probability <= 0:
            self._set_summary(
                self.tr("Whole deal: {text}. Dealing may take long or fail; loosen a constraint.").format(
                    text=estimate.text()
                ),
                warning=True,
            )
        else:
            self._set_summary(self.tr("Whole deal: {text}.").format(text=estimate.text()))

    def _place_problem(self, problem: Problem, request: DealRequest, general: list[str]) -> None:
        """Show one problem at the editor and field it is about; problems of no seat go to the summary."""
        target = problem.target
        if target in SEAT_LETTERS:
            text = _strip_target(problem.message, target)
            self.seat_editors[target].set_feedback(text, error=True, field=_guess_field(text))
            return
        if target in self.partnership_editors:
            text = _strip_target(problem.message, target)
            fld = "hcp" if "hcp" in text.lower() else ("fit" if "fit" in text.lower() else None)
            self.partnership_editors[target].set_feedback(text, error=True, field=fld)
            return
        general.append(problem.message)
        # A problem across seats ("Spades: the seats' minimum lengths add up to 14"): mark that field
        # in every seat that constrains it.
        fld = _guess_field(problem.message.split(":", 1)[0])
        if fld is None:
            return
        for seat, constraint in zip(SEATS, request.seats, strict=True):
            constrained = (
                constraint.hcp is not None
                if fld == "hcp"
                else (fld in SUIT_NAMES and constraint.lengths[SUIT_NAMES.index(fld)] is not None)
            )
            if constrained:
                self.seat_editors[seat].set_feedback(problem.message, error=True, field=fld)

    @Slot(str)
    def _focus_seat_editor(self, seat: str) -> None:
        """A click on a hand goes to that seat's constraints (the editor is scrolled into view)."""
        editor = self.seat_editors.get(seat)
        if editor is None or not self.constraints_dock.isVisible():
            return
        self.constraints_scroll.ensureWidgetVisible(editor)
        editor.field_widgets("hcp")[0].setFocus(Qt.FocusReason.MouseFocusReason)

    def clear_constraints(self) -> None:
        for editor in self.constraints.editors():
            editor.clear()
        self.condition_editor.set_text("")
        self._set_dealer_mode("board")
        self._update_feedback()

    # ------------------------------------------------------------------------------------------------
    # presets

    def presets(self) -> list[Preset]:
        return list(self._presets)

    def _rebuild_presets_menu(self) -> None:
        menu = self.presets_menu
        menu.clear()
        old = menu.findChild(QMenu, "deletePresetMenu")
        if old is not None:  # clear() removes the entry but keeps the submenu object alive
            old.setParent(None)
            old.deleteLater()
        shipped = builtin_presets(check=False)  # checked by the tests; start-up stays fast
        mine, problems = user_presets()
        self._presets = shipped + mine
        for preset in shipped:
            self._preset_action(menu, preset)
        if mine:
            menu.addSeparator()
            for preset in mine:
                self._preset_action(menu, preset)
        menu.addSeparator()
        menu.addAction(self.actionSavePreset)
        if mine:
            delete_menu = menu.addMenu(self.tr("&Delete My Preset"))
            delete_menu.setObjectName("deletePresetMenu")
            for preset in mine:
                action = delete_menu.addAction(preset.name)
                action.setObjectName(f"deletePreset:{preset.name}")
                action.triggered.connect(lambda _c=False, p=preset: self._ask_delete_preset(p))
        menu.addAction(self.actionClearConstraints)
        for problem in problems:
            self.startup_warnings.append(self.tr("A preset could not be read: {p}").format(p=problem))

    def _ask_delete_preset(self, preset: Preset) -> None:
        box = QMessageBox(
            QMessageBox.Icon.Question,
            self.tr("Delete Preset"),
            self.tr("Delete your preset {name}? This cannot be undone.").format(name=preset.name),
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.Cancel,
            self,
        )
        box.setObjectName("deletePresetDialog")
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        box.accepted.connect(lambda: self.delete_preset(preset))
        box.open()

    def delete_preset(self, preset: Preset | str) -> bool:
        """Delete one of the user's presets (shipped presets cannot be deleted) and rebuild the menu."""
        if isinstance(preset, str):
            found = [p for p in self._presets if p.name == preset and not p.builtin]
            if not found:
                raise KeyError(preset)
            preset = found[0]
        try:
            delete_user_preset(preset)
        except PresetError as exc:
            self.show_error(self.tr("Delete Preset"), str(exc))
            return False
        except OSError as exc:
            self.show_error(
                self.tr("Delete Preset"), self.tr("Could not delete the preset: {e}").format(e=exc.strerror)
            )
            return False
        self._rebuild_presets_menu()
        self.statusBar().showMessage(self.tr("Deleted preset {name}.").format(name=preset.name), 8000)
        return True

    def _preset_action(self, menu: QMenu, preset: Preset) -> None:
        action = menu.addAction(preset.name)
        action.setObjectName(f"preset:{preset.name}")
        action.setToolTip(preset.description)
        action.setStatusTip(preset.description)
        action.triggered.connect(lambda _c=False, p=preset: self.apply_preset(p))

    def apply_preset(self, preset: Preset | str) -> None:
        """Fill the editors (and the dealer) from a preset or a preset's name."""
        if isinstance(preset, str):
            found = [p for p in self._presets if p.name == preset]
            if not found:
                raise KeyError(preset)
            preset = found[0]
        try:
            for seat, editor in self.seat_editors.items():
                editor.set_spec(preset.specs[seat])
            for side, side_editor in self.partnership_editors.items():
                side_editor.set_spec(preset.specs[side])
            # A preset is a whole set of constraints: an advanced condition left from before would
            # silently change what it deals.
            self.condition_editor.set_text(preset.advanced)
        except (ConstraintError, ValueError) as exc:
            self.show_error(
                self.tr("Preset"), self.tr("The preset {name} cannot be used: {exc}").format(name=preset.name, exc=exc)
            )
            return
        self._set_dealer_mode(preset.dealer)
        self.statusBar().showMessage(f"{preset.name}: {preset.description}", 10_000)
        self._update_feedback()

    def _ask_save_preset(self) -> None:
        mine = [p.name for p in self._presets if not p.builtin]
        dialog = SavePresetDialog(self, existing=mine, summary=self._request_text())
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.accepted.connect(lambda: self.save_current_as_preset(dialog.name(), dialog.description()))
        dialog.open()

    def save_current_as_preset(self, name: str, description: str = "") -> Preset | None:
        """Save the editors' constraints as a user preset and add it to the Presets menu."""
        advanced = self.advanced_condition()
        try:
            preset = Preset(
                name, self.request_specs(), dealer=self.dealer_mode(), description=description, advanced=advanced
            )
            save_user_preset(preset)
        except (PresetError, ConstraintError) as exc:
            self.show_error(self.tr("Save Preset"), str(exc))
            return None
        except OSError as exc:
            self.show_error(self.tr("Save Preset"), self.tr("Could not save the preset: {e}").format(e=exc.strerror))
            return None
        self._rebuild_presets_menu()
        self.statusBar().showMessage(self.tr("Saved preset {name}.").format(name=name), 8000)
        return preset

    # ------------------------------------------------------------------------------------------------
    # files

    def _ask_open(self) -> None:
        self.confirm_unsaved_changes(self._choose_and_open)

    def _choose_and_open(self) -> None:
        path, _ = QFileDialog.getOpenFileName(
            self, self.tr("Open PBN File"), self.settings["files/last_dir"], self.tr("PBN files (*.pbn);;All files (*)")
        )
        if path:
            self.open_file(path, confirm=False)

    def open_file(self, path: str | Path, *, confirm: bool = True) -> bool:
        """Load a PBN file as the current set.  A malformed file leaves the current set as it was."""
        if confirm and self.is_modified():
            result: list[bool] = []
            self.confirm_unsaved_changes(lambda: result.append(self.open_file(path, confirm=False)))
            return bool(result and result[0])
        path = Path(path)
        try:
            boards = pbn.load(path)
        except pbn.PbnError as exc:
            self.show_error(
                self.tr("Cannot Open File"),
                self.tr("{file} is not a PBN file this program can read:\n{exc}").format(file=path.name, exc=exc),
            )
            return False
        except OSError as exc:
            self.show_error(
                self.tr("Cannot Open File"), self.tr("Could not read {file}: {e}").format(file=path, e=exc.strerror)
            )
            return False
        if self._job is not None:
            self.service.cancel()
            self._end_job()
        self.board_model.set_boards(boards, unsaved=False)
        self._path = path
        self._set_request_text = ""
        self._row = 0
        self.settings.add_recent_file(path)
        self._rebuild_recent_menu()
        self._show_current()
        self._update_title()
        self.statusBar().showMessage(self.tr("Opened {file}: {n} boards.").format(file=path.name, n=len(boards)), 8000)
        return True

    def save_file(self, path: str | Path | None = None, *, then: Callable[[], object] | None = None) -> bool:
        """Save the set as PBN (to ``path``, else the current file, else ask); True when saved now.

        With "Add Double-Dummy Analysis When Saving" on, boards without a ``DoubleDummyTricks`` tag
        are analysed first in a worker: this returns False at once and the file is written (and
        ``then`` runs) when the analysis is done.  Stop cancels it, and nothing is saved.
        """
        target = Path(path) if path is not None else self._path
        if target is None:
            return self.save_file_as(then=then)
        if self.actionSaveDoubleDummy.isChecked() and not self._analysing() and self._boards_to_analyse():
            self._analyse_then_save(target, then)
            return False
        return self._write_pbn(target)

    def _write_pbn(self, target: Path) -> bool:
        header = [f"Constraints: {self._set_request_text}"] if self._set_request_text else []
        try:
            pbn.save(target, self.board_model.boards(), extra_header=header)
        except OSError as exc:
            self.show_error(
                self.tr("Cannot Save"), self.tr("Could not save {file}: {e}").format(file=target, e=exc.strerror or exc)
            )
            return False
        self._path = target
        self.board_model.mark_saved()
        self.settings.add_recent_file(target)
        self._rebuild_recent_menu()
        self._update_title()
        self.statusBar().showMessage(self.tr("Saved {file}.").format(file=target.name), 8000)
        return True

    def save_file_as(self, *, then: Callable[[], object] | None = None) -> bool:
        start = (
            str(self._path) if self._path else str(Path(self.settings["files/last_dir"] or Path.home()) / "boards.pbn")
        )
        path, _ = QFileDialog.getSaveFileName(self, self.tr("Save PBN File"), start, self.tr("PBN files (*.pbn)"))
        if not path:
            return False
        if not path.lower().endswith(".pbn"):
            path += ".pbn"
        return self.save_file(path, then=then)

    # ------------------------------------------------------------------------------------------------
    # double-dummy analysis for the saved file (issue 7)

    def _boards_to_analyse(self) -> list[int]:
        """Rows whose board has a full deal and no ``DoubleDummyTricks`` tag yet."""
        return [
            row
            for row, board in enumerate(self.board_model.boards())
            if board.deal is not None and board.deal.is_complete and not board.tag("DoubleDummyTricks")
        ]

    def _analysing(self) -> bool:
        return self._analysis_job is not None

    def _analyse_then_save(self, target: Path, then: Callable[[], object] | None) -> None:
        rows = self._boards_to_analyse()
        boards = [self.board_model.board(row) for row in rows]

        def analyse(cancel: threading.Event) -> Generator[tuple[int, Board, dict[str, str]], None, str | None]:
            if not double_dummy.available():
                return double_dummy.unavailable_message() or double_dummy.ENABLE_HINT
            for row, board in zip(rows, boards, strict=True):
                if cancel.is_set():
                    break
                yield row, board, double_dummy.board_tags(board)
            return None

        self._analysis_job = self.analysis_runner.start(analyse)
        self._analysis_after = (target, then, 0)
        self.progress_bar.setRange(0, len(rows))
        self.progress_bar.setValue(0)
        self.progress_bar.setFormat(self.tr("%v of %m boards analysed"))
        self.progress_bar.show()
        self.statusBar().showMessage(self.tr("Double-dummy analysis of {n} boards before saving…").format(n=len(rows)))
        self._update_actions()

    @Slot(int, object)
    def _on_analysis_partial(self, job_id: int, value: object) -> None:
        if job_id != self._analysis_job or self._analysis_after is None:
            return
        row, board, tags = typing.cast(tuple[int, Board, dict[str, str]], value)
        # The set may have changed under the analysis: tag a board only if it is still the one analysed.
        if row < self.board_model.rowCount() and self.board_model.board(row) == board:
            self.board_model.replace_board(row, board.with_tags(**tags))
        target, then, done = self._analysis_after
        self._analysis_after = (target, then, done + 1)
        self.progress_bar.setValue(done + 1)

    @Slot(int, object)
    def _on_analysis_finished(self, job_id: int, value: object) -> None:
        if job_id != self._analysis_job or self._analysis_after is None:
            return
        target, then, _done = self._analysis_after
        self._end_analysis()
        if isinstance(value, str):  # endplay is missing: save what there is, and say why
            self.show_error(
                self.tr("Double-Dummy Analysis"), self.tr("Saved without double-dummy analysis. {m}").format(m=value)
            )
        if self._write_pbn(target) and then is not None:
            then()

    @Slot(int, str)
    def _on_analysis_failed(self, job_id: int, message: str) -> None:
        if job_id != self._analysis_job:
            return
        self._end_analysis()
        self.show_error(self.tr("Double-Dummy Analysis"), self.tr("The file was not saved: {m}").format(m=message))

    def _end_analysis(self) -> None:
        self._analysis_job = None
        self._analysis_after = None
        if self._job is None:
            self.progress_bar.hide()
        self._update_actions()

    # ------------------------------------------------------------------------------------------------
    # printing (issue 6)

    def _sheets_title(self) -> str:
        """The set's title for printed pages: its boards' ``Event`` tag, if any."""
        return next((b.tag("Event") or "" for b in self.boards() if b.tag("Event")), "")

    def _set_seed(self) -> int | None:
        """The seed the whole set was dealt from, when every board records the same one (for the header)."""
        seeds = {b.tag("GeneratorSeed") for b in self.boards()}
        if len(seeds) == 1:
            seed = seeds.pop()
            if seed and seed.isdigit():
                return int(seed)
        return None

    def render_sheets(self, device: QPagedPaintDevice, kind: str = "practice", title: str = "") -> int:
        """Draw the set on a printer or PDF writer as ``kind`` (``dialogs.SHEET_CHOICES``); returns the pages.

        The printing module draws; this only chooses which document, with the set's seed in the header
        so that printed boards can be dealt again.
        """
        from bridgegui import printing

        boards = self.boards()
        seed = self._set_seed()
        if kind in ("practice", "pairs"):
            return printing.render_practice_sheets(device, boards, pair=kind == "pairs", title=title or None, seed=seed)
        if kind in ("records4", "records6"):
            return printing.render_hand_records(
                device,
                boards,
                per_page=4 if kind == "records4" else 6,
                title=title or None,
                date=datetime.date.today().isoformat(),
                seed=seed,
            )
        raise ValueError(f"unknown sheets {kind!r}: use {', '.join(SHEET_CHOICES)}")

    def _ask_print(self) -> None:
        dialog = PrintSheetsDialog(self, kind=self._sheets_kind, title=self._sheets_title())
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.accepted.connect(lambda: self.print_sheets(dialog.kind(), dialog.title()))
        dialog.open()

    def print_sheets(self, kind: str = "practice", title: str = "") -> QDialog:
        """Show the print preview of the set as ``kind``; its Print button opens the system's print dialog."""
        from PySide6.QtPrintSupport import QPrinter, QPrintPreviewDialog

        self._sheets_kind = kind
        printer = QPrinter(QPrinter.PrinterMode.HighResolution)
        printer.setDocName(title or self.tr("Bridge Dealer boards"))
        preview = QPrintPreviewDialog(printer, self)
        preview.setObjectName("printPreview")
        preview.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        preview.paintRequested.connect(lambda device: self._render_for_printer(device, kind, title))
        preview.open()
        self._printer = printer  # the preview keeps a pointer to it: keep it alive as long
        return preview

    def _render_for_printer(self, device: QPagedPaintDevice, kind: str, title: str) -> None:
        try:
            self.render_sheets(device, kind, title)
        except (OSError, ValueError) as exc:
            self.show_error(self.tr("Print"), self.tr("Could not print: {e}").format(e=exc))

    def _ask_export_pdf(self) -> None:
        from bridgegui import printing

        dialog = PrintSheetsDialog(
            self,
            kind=self._sheets_kind,
            title=self._sheets_title(),
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
        path, _ = QFileDialog.getSaveFileName(self, self.tr("Export PDF"), str(start), self.tr("PDF files (*.pdf)"))
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
        self._sheets_kind = kind
        boards, seed = self.boards(), self._set_seed()
        QApplication.setOverrideCursor(Qt.CursorShape.WaitCursor)
        try:
            if kind in ("practice", "pairs"):
                pages = printing.write_practice_sheets(
                    boards, path, pair=kind == "pairs", title=title or None, seed=seed, page_size=page_size
                )
            elif kind in ("records4", "records6"):
                pages = printing.write_hand_records(
                    boards,
                    path,
                    per_page=4 if kind == "records4" else 6,
                    title=title or None,
                    seed=seed,
                    page_size=page_size,
                )
            else:
                raise ValueError(f"unknown sheets {kind!r}: use {', '.join(SHEET_CHOICES)}")
        except (OSError, ValueError) as exc:
            self.show_error(self.tr("Export PDF"), self.tr("Could not write {file}: {e}").format(file=path, e=exc))
            return None
        finally:
            QApplication.restoreOverrideCursor()
        self.settings["files/last_dir"] = str(path.resolve().parent)
        self.statusBar().showMessage(self.tr("Wrote {file}: {n} pages.").format(file=path.name, n=pages), 8000)
        return pages

    # ------------------------------------------------------------------------------------------------
    # dealer scripts (issue 5)

    def _ask_import_script(self) -> None:
        path, _ = QFileDialog.getOpenFileName(
            self, self.tr("Import Dealer Script"), self.settings["files/last_dir"], self.tr(SCRIPT_FILTER)
        )
        if path:
            self.import_script_file(path)

    def import_script_file(self, path: str | Path) -> bool:
        """Fill the editors from a dealer script; a script that does not compile changes nothing.

        The script's simple seat terms go to the seat editors, the rest of its condition to the advanced
        condition, its ``dealer`` to the dealer choice; what the window cannot use (actions,
        ``generate``, ``vulnerable``) is said in the status bar.
        """
        path = Path(path)
        try:
            text = _read_text(path)
        except OSError as exc:
            self.show_error(
                self.tr("Import Dealer Script"),
                self.tr("Could not read {file}: {e}").format(file=path, e=exc.strerror or exc),
            )
            return False
        try:
            imported = import_script(text)
        except ScriptError as exc:
            self.show_error(
                self.tr("Import Dealer Script"),
                self.tr("{file} is not a dealer script this program can run:\n{exc}").format(file=path.name, exc=exc),
            )
            return False
        before = (self.request_specs(), self.condition_editor.text(), self.dealer_mode())
        try:
            for seat, spec in zip(SEATS, imported.seat_specs, strict=True):
                self.seat_editors[seat].set_spec(spec)
            for editor in self.partnership_editors.values():
                editor.set_spec("")
        except (ConstraintError, ValueError) as exc:
            self._restore_constraints(*before)
            self.show_error(
                self.tr("Import Dealer Script"),
                self.tr("{file} cannot be shown in the editors: {exc}").format(file=path.name, exc=exc),
            )
            return False
        self.condition_editor.set_text(imported.advanced)
        if imported.dealer:
            self._set_dealer_mode(imported.dealer[0].upper())
        notes = list(imported.notes)
        if imported.vulnerable:
            notes.append(
                self.tr("vulnerable {v} is not used: vulnerability follows the board number").format(
                    v=imported.vulnerable
                )
            )
        if imported.produce:
            self.settings["deal_set/count"] = imported.produce
        self.settings["files/last_dir"] = str(path.resolve().parent)
        message = self.tr("Imported {file}.").format(file=path.name)
        if notes:
            message += " " + "; ".join(notes) + "."
        self.statusBar().showMessage(message, 20_000)
        self._update_feedback()
        return True

    def _restore_constraints(self, specs: dict[str, str], advanced: str, dealer: str) -> None:
        """Put back editors' texts taken from ``request_specs`` and friends (an import that failed halfway)."""
        for key, spec in specs.items():
            editor = self.seat_editors.get(key) or self.partnership_editors[key]
            with contextlib.suppress(ConstraintError, ValueError):
                editor.set_spec(spec)
        self.condition_editor.set_text(advanced)
        self._set_dealer_mode(dealer)

    def _ask_export_script(self) -> None:
        start = Path(self.settings["files/last_dir"] or Path.home()) / "constraints.dl"
        path, _ = QFileDialog.getSaveFileName(
            self, self.tr("Export as Dealer Script"), str(start), self.tr("Dealer scripts (*.dl);;All files (*)")
        )
        if not path:
            return
        if not Path(path).suffix:
            path += ".dl"
        self.export_script_file(path)

    def export_script_file(self, path: str | Path) -> list[str] | None:
        """Write the constraints as a dealer script (atomically); returns the warnings, or None on failure.

        The script produces as many boards as the last Deal Set, and fixes the dealer when the window
        does; parts the dealer language cannot say (playing tricks) are left out with a warning.
        """
        path = Path(path)
        title = self.tr("Export as Dealer Script")
        try:
            request = self.current_request()
        except ConstraintError as exc:
            self.show_error(title, self.tr("Correct the constraints first: {e}").format(e=exc))
            return None
        text, warnings = export_script(
            request,
            produce=self.settings["deal_set/count"],
            dealer_seat=self._fixed_dealer(),
            advanced=self.advanced_condition(),
        )
        try:
            _write_atomically(path, text.encode("utf-8"))
        except OSError as exc:
            self.show_error(title, self.tr("Could not save {file}: {e}").format(file=path, e=exc.strerror or exc))
            return None
        self.settings["files/last_dir"] = str(path.resolve().parent)
        if warnings:
            self.show_error(
                title,
                self.tr("{file} was written, but not everything could be said in the dealer language:\n{w}").format(
                    file=path.name, w="\n".join(warnings)
                ),
            )
        self.statusBar().showMessage(self.tr("Exported {file}.").format(file=path.name), 8000)
        return warnings

    def _rebuild_recent_menu(self) -> None:
        menu = self.recent_menu
        menu.clear()
        recent = self.settings["files/recent"]
        for entry in recent:
            action = menu.addAction(Path(entry).name)
            action.setToolTip(entry)
            action.setStatusTip(entry)
            action.triggered.connect(
                lambda _c=False, p=entry: self.confirm_unsaved_changes(lambda: self.open_file(p, confirm=False))
            )
        menu.setEnabled(bool(recent))

    # ------------------------------------------------------------------------------------------------
    # copy, deal numbers, practice, appearance

    def copy_text(self) -> str:
        """What Copy puts on the clipboard: the PBN deal line, then the text diagram (hidden hands left out)."""
        deal = self.diagram.deal()
        if deal is None:
            return ""
        visible = self.visible_seats()
        shown = Deal(tuple(m if s in visible else None for s, m in zip(SEATS, deal.hands, strict=True)))  # type: ignore[arg-type]
        board = self.current_board()
        if board is None:
            number = self.current_board_number()
            board = Board(number, shown)
        first = board.effective_dealer or "N"
        hidden = "".join(s for s in SEATS if s not in visible)
        return f"{deal_line(shown, first)}\n\n{deal_diagram(shown, board=board, hidden=hidden)}\n"

    def copy_deal(self) -> None:
        text = self.copy_text()
        if text:
            QApplication.clipboard().setText(text)
            self.statusBar().showMessage(self.tr("Copied the deal."), 4000)

    def copy_deal_number(self) -> None:
        number = self.deal_number()
        if number is not None:
            QApplication.clipboard().setText(str(number))
            self.statusBar().showMessage(self.tr("Copied deal number {n}.").format(n=number), 4000)

    def _ask_deal_number(self) -> None:
        dialog = GoToDealNumberDialog(self, current=self.deal_number())
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.accepted.connect(lambda: self.show_deal_number(dialog.deal_number()))
        dialog.open()

    def show_deal_number(self, number: int) -> None:
        """Put the deal with this number on the current board (or the next new one)."""
        try:
            deal = deal_from_index(number)
        except BridgeError as exc:
            self.show_error(self.tr("Go to Deal Number"), str(exc))
            return
        old = self.current_board()
        tags = tuple((k, v) for k, v in old.tags if k in KEPT_TAGS) if old is not None else ()
        number_of_board = old.number if old is not None else self._next_number()
        board = Board(
            number_of_board,
            deal,
            dealer=old.dealer if old is not None else self._fixed_dealer(),
            vulnerable=old.vulnerable if old is not None else None,
            tags=(*tags, ("Generator", pbn.GENERATOR)),
        )
        if old is not None:
            self.board_model.replace_board(self._row, board)
        else:
            self.board_model.append_boards([board])
        self._show_current()
        self._update_title()

    @Slot(bool)
    def _practice_triggered(self, checked: bool) -> None:
        if not checked:
            self.set_practice_seats(None)
            return
        with QSignalBlocker(self.actionPractice):
            self.actionPractice.setChecked(self._practice_seats is not None)
        dialog = PracticeDialog(self, visible=self.settings["practice/visible"])
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.accepted.connect(lambda: self.set_practice_seats(dialog.visible_seats()))
        dialog.open()

    def set_practice_seats(self, seats: str | None) -> None:
        """Practice mode showing only ``seats`` ("S", "NS", "NESW"…); None ends practice mode."""
        if seats is not None:
            seats = "".join(s for s in SEATS if s in seats.upper())
            self.settings["practice/visible"] = seats
        self._practice_seats = seats or None
        with QSignalBlocker(self.actionPractice):
            self.actionPractice.setChecked(self._practice_seats is not None)
        self._revealed = False
        with QSignalBlocker(self.actionReveal):
            self.actionReveal.setChecked(False)
        self._apply_visibility()
        self._update_actions()

    def practice_seats(self) -> str | None:
        return self._practice_seats

    @Slot(bool)
    def reveal(self, on: bool = True) -> None:
        """Show every hand (Space) until the next board; only in practice mode."""
        if self._practice_seats is None:
            on = False
        self._revealed = on
        with QSignalBlocker(self.actionReveal):
            self.actionReveal.setChecked(on)
        self._apply_visibility()

    @Slot(bool)
    def set_four_colour(self, on: bool) -> None:
        self.diagram.set_four_colour(on)
        self.dd_panel.set_four_colour(on)
        for panel in self.eval_panels.values():
            panel.set_four_colour(on)
        self.settings["deck/four_colour"] = bool(on)

    def set_theme(self, theme: str) -> None:
        """Apply and remember the palette: "system", "light" or "dark"."""
        self.settings["appearance/theme"] = theme
        applied = apply_theme(theme)
        self.theme_actions[applied].setChecked(True)

    def _refresh_icons(self) -> None:
        for action in self.findChildren(QAction):
            name = action.property("iconName")
            if name:
                action.setIcon(icon(str(name)))

    def changeEvent(self, event: QEvent) -> None:
        if event.type() in (QEvent.Type.PaletteChange, QEvent.Type.ApplicationPaletteChange):
            self._refresh_icons()
        super().changeEvent(event)

    def _about(self) -> None:
        QMessageBox.about(
            self,
            self.tr("About Bridge Dealer"),
            self.tr(
                "<h3>Bridge Dealer {version}</h3><p>Deals for contract-bridge bidding practice: exact "
                "constrained dealing, hand evaluation, PBN files.</p><p>Licensed under the GNU GPL, "
                "version 3 or later.</p>"
            ).format(version=bridgegui.__version__),
        )

    # ------------------------------------------------------------------------------------------------
    # tool windows (issues 7 and 8): imported when first opened, one of each at a time.  The providers
    # handed to them are this window's own methods, called on the GUI thread when they deal or count.

    def _open_tool(self, name: str, make: Callable[[], QDialog]) -> QDialog:
        """Show the tool window ``name``, raising the open one rather than making a second."""
        window = self._tools.get(name)
        if window is not None:
            try:
                if window.isVisible():
                    window.raise_()
                    window.activateWindow()
                    return window
            except RuntimeError:  # its C++ object is gone (closed with WA_DeleteOnClose)
                pass
        window = make()
        window.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        window.destroyed.connect(lambda _obj=None, n=name: self._tools.pop(n, None))
        self._tools[name] = window
        window.show()
        return window

    def open_quiz(self) -> QDialog:
        """Practice → Evaluation Quiz: questions dealt to the current constraints (read when it deals)."""
        from bridgegui.ui.tools.quiz_window import QuizWindow

        return self._open_tool("quiz", lambda: QuizWindow(self, self.current_request))

    def open_frequencies(self) -> QDialog:
        """Tools → Frequency Tables: of the current set, or of a sample dealt to the current constraints."""
        from bridgegui.ui.tools.frequency_window import FrequencyWindow

        def make() -> QDialog:
            window = FrequencyWindow(self, self.boards, self.current_request)
            # Recount when the set changes (a new set, boards dealt or re-dealt); the window coalesces bursts.
            model = self.board_model
            for signal in (model.modelReset, model.rowsInserted, model.dataChanged):
                signal.connect(window.board_set_changed)
            return window

        return self._open_tool("frequencies", make)

    def open_shuffle_lab(self) -> QDialog:
        """Tools → Shuffle Lab: its "Deal a Set with This Model" deals here (``deal_with_model_set``)."""
        from bridgegui.ui.tools.shuffle_lab_window import ShuffleLabWindow

        return self._open_tool("shuffle_lab", lambda: ShuffleLabWindow(self, self.deal_with_model_set))

    def open_audit(self) -> QDialog:
        """Tools → Audit Board Set: a fresh audit of the current set (an older audit window is replaced)."""
        from bridgegui.ui.tools.shuffle_lab_window import AuditWindow

        old = self._tools.pop("audit", None)
        if old is not None:
            with contextlib.suppress(RuntimeError):
                old.close()
        return self._open_tool("audit", lambda: AuditWindow(self, self.boards()))

    def deal_with_model_set(self, model: ShuffleModel, count: int, first_board: int = 1) -> None:
        """Replace the set with ``count`` boards dealt by an imperfect-shuffle ``model`` (asks first if unsaved).

        Dealt in a worker by ``bridgegui.cli.deal_with_model`` with the window's seed, so the set is
        the one ``bridgegui-deal --shuffle SPEC --seed S -p COUNT`` writes; each board is tagged
        ``[Shuffle "SPEC"]`` because such deals are deliberately not uniform.  Each board is dealt
        from its own board's dealer, as the model deals round the table from the dealer's left.
        """
        self.confirm_unsaved_changes(lambda: self._start_model_set(model, count, first_board))

    def _start_model_set(self, model: ShuffleModel, count: int, first_board: int) -> int | None:
        if self._closed or self._job is not None or self._background_job() is not None:
            self.statusBar().showMessage(self.tr("Wait for the current job to finish, or stop it."), 8000)
            return None
        request = self._prepare_request()
        if request is None:
            return None
        seed = self._seed_for_job()
        from bridgegui.cli import deal_with_model
        from bridgegui.engine.dealing import make_rng
        from bridgegui.engine.planner import DEFAULT_MAX_TRIES

        def deal(cancel: threading.Event) -> Generator[None, None, np.ndarray]:
            yield None  # started; the model has no progress figures to report
            guarded = typing.cast(ShuffleModel, _StoppableModel(model, cancel))
            return deal_with_model(guarded, request, count, first_board, make_rng(seed), DEFAULT_MAX_TRIES)

        job_id = self.model_runner.start(deal)
        self._model_job = (job_id, model, seed, first_board, self._request_text())
        self.progress_bar.setRange(0, 0)
        self.progress_bar.setFormat("")
        self.progress_bar.show()
        self.statusBar().showMessage(
            self.tr("Dealing {n} boards with {model}…").format(n=f"{count:,}", model=model.describe())
        )
        self._update_actions()
        return job_id

    def _background_job(self) -> str | None:
        """What the window's task runners are doing: "analysis", "model" or None."""
        if self._analysis_job is not None:
            return "analysis"
        if self._model_job is not None:
            return "model"
        return None

    @Slot(int, object)
    def _on_model_finished(self, job_id: int, value: object) -> None:
        if self._model_job is None or job_id != self._model_job[0]:
            return
        _job_id, model, seed, first_board, request_text = self._model_job
        self._end_model_job()
        from bridgegui.cli import boards_from_batch

        tags = {"Generator": pbn.GENERATOR, "GeneratorSeed": str(seed), "Shuffle": model.spec}
        boards = [b.with_tags(**tags) for b in boards_from_batch(np.asarray(value), first_board)]
        self.board_model.set_boards(boards, unsaved=True)
        self._path = None
        self._set_request_text = f"{request_text}; not uniform: {model.describe()}"
        self._row = 0
        self._show_current()
        self._update_title()
        self.statusBar().showMessage(
            self.tr("Dealt {n} boards with {model}.").format(n=f"{len(boards):,}", model=model.describe()), 10_000
        )

    @Slot(int, str)
    def _on_model_failed(self, job_id: int, message: str) -> None:
        if self._model_job is None or job_id != self._model_job[0]:
            return
        self._end_model_job()
        self.show_error(self.tr("Deal with a Shuffle Model"), message)

    def _end_model_job(self) -> None:
        self._model_job = None
        if self._job is None:
            self.progress_bar.hide()
        self._update_actions()

    # ------------------------------------------------------------------------------------------------
    # closing

    def closeEvent(self, event: QCloseEvent) -> None:
        if self._closed:
            event.accept()
            return
        if self.is_modified() and not self._closing_confirmed:
            event.ignore()

            def close_now() -> None:
                self._closing_confirmed = True
                self.close()

            # Ask after this event returns: a close() from inside closeEvent would be ignored by Qt.
            QTimer.singleShot(0, lambda: self.confirm_unsaved_changes(close_now))
            return
        self._closed = True
        self._feedback_timer.stop()
        self._busy_timer.stop()
        self.store_settings()
        with contextlib.suppress(OSError):
            self.settings.save()
        self.service.shutdown()
        self.analysis_runner.shutdown()
        self.model_runner.shutdown()
        self.dd_panel.shutdown()
        for tool in list(self._tools.values()):
            with contextlib.suppress(RuntimeError):  # already deleted
                tool.close()  # each tool window stops and waits for its own worker
        event.accept()
