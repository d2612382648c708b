"""The frequency tables window: hand patterns, HCP and suit splits of a set of deals against the exact odds.

A teacher opens it to answer "how often is partner 4-3-3-3?" (the exact column answers it before any
deal is counted, and the row's line under the table says it as "1 hand in 9.5"), or to check a board
set: count the current set, or deal a simulated sample of any size to the current constraints, and read
the observed columns and the chi-square line against the exact probabilities.

Everything heavy runs in one ``JobRunner`` (house style: never on the GUI thread): dealing the sample
(``frequencies.sample``, called a chunk at a time so the progress bar moves and Cancel answers within a
chunk) and building the tables (a pattern table of a million deals is four million hands: about a
second).  One runner runs one job at a time, so the window keeps two kinds of job apart: while a sample
is being dealt, a changed option only marks its table stale, and the tables are built when the sample
is complete (or cancelled: the deals received so far are counted, so a teacher can stop a slow sample
and still read it).

The three tables are tabs, each a ``FrequencyPage`` (``frequency_page``); what is counted and how
the worker counts it is in ``frequency_tables``.
"""

from __future__ import annotations

import secrets
import threading
from collections.abc import Callable, Generator, Iterable

import numpy as np
from PySide6.QtCore import Qt, QTimer, Signal, Slot
from PySide6.QtGui import QKeyEvent, QShowEvent
from PySide6.QtWidgets import (
    QButtonGroup,
    QComboBox,
    QDialogButtonBox,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QProgressBar,
    QPushButton,
    QRadioButton,
    QSpinBox,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from bridgegui.engine.boards import Board
from bridgegui.engine.dealer.constraints import DealRequest
from bridgegui.engine.errors import BridgeError
from bridgegui.engine.teaching import frequencies
from bridgegui.engine.teaching.constrained_odds import RANDOM_SET, SetConstraints, TableOdds, read_set_constraints
from bridgegui.engine.teaching.frequencies import FrequencyTable
from bridgegui.ui.tools.base import ToolWindow
from bridgegui.ui.tools.frequency_page import FrequencyPage
from bridgegui.ui.tools.frequency_tables import (
    CHART_MIN_PCT,
    HCP,
    PATTERNS,
    SPLITS,
    TABLE_KEYS,
    TableSpec,
    chart_rows,
    judged_table_steps,
    sample_steps,
)
from bridgegui.workers.job_runner import JobFailure

DEFAULT_SAMPLE = 10_000
MAX_SAMPLE = 2_000_000
"""Largest sample offered: 2 million deals are 64 MB of cards and a few seconds of counting."""


class FrequencyWindow(ToolWindow):
    """Frequency tables of the current board set or of a simulated sample, against the exact odds.

    ``boards_provider()`` returns the main window's current boards and ``request_provider()`` its
    current constraints; ``set_constraints_provider()`` the line saying what dealt the current set (the
    saved file's ``Constraints:`` header: ``N: hcp 15-17, balanced; dealer S``), so that a constrained
    set is judged against the odds under its own constraints (against random-deal odds, a
    fairly dealt set of 15-17 balanced North hands fails the chi-square); without it a set is judged
    as random deals and the fit line says the set does not record how it was dealt.  All are called
    on the GUI thread when the user counts, never kept.  A sample
    is reproducible: its seed is drawn once per sample (or given to ``start_sample``) and shown.

    Closing (Esc, the Close button, the window's close box) cancels any job and waits for the worker
    (``ToolWindow``); Esc while a sample is being dealt cancels the sample and leaves the window open.

    Signals (all on the GUI thread):
        tables_changed(): every table reflects the current deals and options.
        sample_progress(int, int): deals dealt so far, deals asked for.
        sample_finished(int, bool): deals in the sample, and whether it is complete (False: cancelled).
        failed(str): a job failed; the message (a ``BridgeError``'s text) is also shown in the window.
    """

    tables_changed = Signal()
    sample_progress = Signal(int, int)
    sample_finished = Signal(int, bool)
    failed = Signal(str)

    def __init__(
        self,
        parent: QWidget | None,
        boards_provider: Callable[[], list[Board]],
        request_provider: Callable[[], DealRequest],
        set_constraints_provider: Callable[[], str] | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("frequencyWindow")
        self.setWindowTitle(self.tr("Frequency Tables"))
        self._boards_provider = boards_provider
        self._request_provider = request_provider
        self._set_constraints_provider = set_constraints_provider
        self._runner = self.add_runner("bridgegui-frequencies")
        self._runner.yielded.connect(self._on_partial)
        self._runner.finished.connect(self._on_finished)
        self._runner.failed.connect(self._on_failed)
        # No handler for ``cancelled``: only the window cancels its jobs, and it settles its state as it does.

        self._batch = np.zeros((0, 4), dtype=np.uint64)
        self._constraints = RANDOM_SET
        """What dealt the deals counted now: the yardstick of every table's exact column."""
        self._source_text = ""
        self._sample_job: int | None = None
        self._sample_parts: list[np.ndarray] = []
        self._sample_wanted = 0
        self._sample_seed = 0
        self._sample_request: DealRequest | None = None
        self._tables_job: int | None = None
        self._pending: set[str] = set()
        self._stale: set[str] = set()

        self._board_count = 0
        self._shown_before = False
        self._build()
        self.resize(1040, 700)
        self.setMinimumSize(860, 560)
        self._refresh_board_count()
        if self._board_count:
            self.count_board_set()
        else:
            self._set_checked(self._sample_radio)
            self._update_source_controls()
            self._start_tables(TABLE_KEYS)
            self._set_status(
                self.tr(
                    "No deals counted yet. The exact columns are ready; choose Deal sample (or a board set) to compare."
                )
            )

    # -- building ----------------------------------------------------------------------------------

    def _build(self) -> None:
        source = QGroupBox(self.tr("Deals to count"), self)
        grid = QGridLayout(source)
        self._board_radio = QRadioButton(self.tr("Current &board set"), source)
        self._board_radio.setObjectName("useBoardSet")
        self._sample_radio = QRadioButton(self.tr("&Simulated sample of"), source)
        self._sample_radio.setObjectName("useSample")
        self._source_group = QButtonGroup(self)
        self._source_group.addButton(self._board_radio)
        self._source_group.addButton(self._sample_radio)
        self._board_radio.toggled.connect(self._on_source_toggled)
        self._board_count_label = QLabel(source)
        self._size = QSpinBox(source)
        self._size.setObjectName("sampleSize")
        self._size.setRange(100, MAX_SAMPLE)
        self._size.setSingleStep(10_000)
        self._size.setValue(DEFAULT_SAMPLE)
        self._size.setGroupSeparatorShown(True)
        self._size.setAccelerated(True)
        self._size.setToolTip(
            self.tr(
                "How many deals to simulate (up to {n:,}); more deals bring the observed columns closer to the truth"
            ).format(n=MAX_SAMPLE)
        )
        self._sample_label = QLabel(self.tr("deals to the current constraints"), source)
        self._count_button = QPushButton(self.tr("&Count"), source)
        self._count_button.setObjectName("countButton")
        self._count_button.setDefault(True)
        self._count_button.setToolTip(self.tr("Count the chosen deals: read the board set again, or deal a new sample"))
        self._count_button.clicked.connect(self.count)
        self._cancel_button = QPushButton(self.tr("Ca&ncel"), source)
        self._cancel_button.setObjectName("cancelSample")
        self._cancel_button.setAutoDefault(False)
        self._cancel_button.setToolTip(self.tr("Stop dealing and count the deals dealt so far (Esc)"))
        self._cancel_button.clicked.connect(lambda: self.cancel_sample())
        self._progress = QProgressBar(source)
        self._progress.setObjectName("sampleProgress")
        self._progress.setTextVisible(True)
        self._progress.setFormat("")
        self._status = QLabel(source)
        self._status.setObjectName("frequencyStatus")
        self._status.setWordWrap(True)
        self._status.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)

        grid.addWidget(self._board_radio, 0, 0)
        grid.addWidget(self._board_count_label, 0, 1, 1, 2)
        grid.addWidget(self._sample_radio, 1, 0)
        sample_row = QHBoxLayout()
        sample_row.addWidget(self._size)
        sample_row.addWidget(self._sample_label)
        sample_row.addStretch(1)
        grid.addLayout(sample_row, 1, 1, 1, 2)
        buttons = QHBoxLayout()
        buttons.addWidget(self._count_button)
        buttons.addWidget(self._cancel_button)
        grid.addLayout(buttons, 0, 3, 2, 1)
        self._progress.setFixedWidth(self.fontMetrics().horizontalAdvance("2,000,000 of 2,000,000 deals") + 40)
        status_row = QHBoxLayout()
        status_row.addWidget(self._progress)
        status_row.addWidget(self._status, 1)
        grid.addLayout(status_row, 2, 0, 1, 4)
        grid.setColumnStretch(2, 1)

        # Options of each table; a change rebuilds only that table.
        self._pattern_seats = self._seat_combo("patternSeats")
        self._hcp_seats = self._seat_combo("hcpSeats")
        self._split_side = QComboBox(self)
        self._split_side.setObjectName("splitSide")
        self._split_side.addItem(self.tr("North-South"), "NS")
        self._split_side.addItem(self.tr("East-West"), "EW")
        self._split_cards = QSpinBox(self)
        self._split_cards.setObjectName("splitCards")
        self._split_cards.setRange(0, 13)
        self._split_cards.setValue(8)
        self._split_cards.setSuffix(self.tr(" cards"))
        self._split_cards.setToolTip(self.tr("The side's combined length in the suit (8: the usual trump fit)"))
        self._split_suit = QComboBox(self)
        self._split_suit.setObjectName("splitSuit")
        self._split_suit.addItem(self.tr("any suit"), None)
        for suit, name in enumerate(
            (self.tr("♠ spades"), self.tr("♥ hearts"), self.tr("♦ diamonds"), self.tr("♣ clubs"))
        ):
            self._split_suit.addItem(name, suit)

        self.pages: dict[str, FrequencyPage] = {
            PATTERNS: FrequencyPage(
                PATTERNS,
                self.tr("Pattern"),
                [self._buddy(self.tr("&Hands:"), self._pattern_seats), self._pattern_seats],
                orientation=Qt.Orientation.Horizontal,
                parent=self,
            ),
            HCP: FrequencyPage(
                HCP,
                self.tr("HCP"),
                [self._buddy(self.tr("&Hands:"), self._hcp_seats), self._hcp_seats],
                orientation=Qt.Orientation.Vertical,
                parent=self,
            ),
            SPLITS: FrequencyPage(
                SPLITS,
                self.tr("Split"),
                [
                    self._buddy(self.tr("S&ide:"), self._split_side),
                    self._split_side,
                    QLabel(self.tr("holds"), self),
                    self._split_cards,
                    QLabel(self.tr("in"), self),
                    self._split_suit,
                    QLabel(self.tr("— how do the defenders' cards split?"), self),
                ],
                orientation=Qt.Orientation.Horizontal,
                parent=self,
            ),
        }
        self._pattern_seats.currentIndexChanged.connect(lambda _: self._start_tables((PATTERNS,)))
        self._hcp_seats.currentIndexChanged.connect(lambda _: self._start_tables((HCP,)))
        self._split_side.currentIndexChanged.connect(lambda _: self._start_tables((SPLITS,)))
        self._split_cards.valueChanged.connect(lambda _: self._start_tables((SPLITS,)))
        self._split_suit.currentIndexChanged.connect(lambda _: self._start_tables((SPLITS,)))

        self.tabs = QTabWidget(self)
        self.tabs.setObjectName("frequencyTabs")
        self.tabs.addTab(self.pages[PATTERNS], self.tr("Hand &patterns"))
        self.tabs.addTab(self.pages[HCP], self.tr("H&CP"))
        self.tabs.addTab(self.pages[SPLITS], self.tr("Suit sp&lits"))

        close = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        close.rejected.connect(self.close)
        close.button(QDialogButtonBox.StandardButton.Close).setAutoDefault(False)

        layout = QVBoxLayout(self)
        layout.addWidget(source)
        layout.addWidget(self.tabs, 1)
        layout.addWidget(close)

    def _set_checked(self, radio: QRadioButton) -> None:
        """Check a source radio button without acting on it (the caller is already counting)."""
        for button in (self._board_radio, self._sample_radio):
            button.blockSignals(True)
        radio.setChecked(True)
        for button in (self._board_radio, self._sample_radio):
            button.blockSignals(False)

    def _seat_combo(self, name: str) -> QComboBox:
        combo = QComboBox(self)
        combo.setObjectName(name)
        names = {
            "North": self.tr("North"),
            "East": self.tr("East"),
            "South": self.tr("South"),
            "West": self.tr("West"),
            "North-South": self.tr("North and South"),
            "East-West": self.tr("East and West"),
            "All hands": self.tr("all four hands"),
        }
        for name_, seats in frequencies.seat_choices():
            combo.addItem(names.get(name_, name_), seats)
        combo.setCurrentIndex(combo.count() - 1)
        combo.setToolTip(self.tr("Whose hands to count: one seat (partner, say), a side, or all four"))
        return combo

    def _buddy(self, text: str, widget: QWidget) -> QLabel:
        label = QLabel(text, self)
        label.setBuddy(widget)
        return label

    # -- API ---------------------------------------------------------------------------------------

    def batch(self) -> np.ndarray:
        """The deals counted now (read-only ``(n, 4)``; empty before any)."""
        return self._batch

    def table(self, key: str) -> FrequencyTable | None:
        return self.pages[key].table()

    def page(self, key: str) -> FrequencyPage:
        return self.pages[key]

    def status_text(self) -> str:
        return self._status.text()

    def is_sampling(self) -> bool:
        return self._sample_job is not None

    @Slot()
    def count(self) -> None:
        """Count the chosen source: the board set again, or a new sample of the size in the spin box."""
        if self._board_radio.isChecked():
            self.count_board_set()
        else:
            self.start_sample()

    def board_set_changed(self) -> None:
        """The main window's set changed: recount it soon, if that is what this window shows.

        Changes come in bursts while a set is dealt (a batch every ~100 ms), so they are coalesced
        into one recount 300 ms after the last.
        """
        if not hasattr(self, "_set_changed_timer"):
            self._set_changed_timer = QTimer(self)
            self._set_changed_timer.setSingleShot(True)
            self._set_changed_timer.setInterval(300)
            self._set_changed_timer.timeout.connect(self._recount_if_showing_the_set)
        self._set_changed_timer.start()

    def _recount_if_showing_the_set(self) -> None:
        if self._board_radio.isChecked() and self._sample_job is None:
            self.count_board_set()

    def count_board_set(self) -> None:
        """Count the main window's current boards (cancels a sample being dealt)."""
        if self._sample_job is not None:
            self.cancel_sample(keep=False)
        boards = list(self._boards_provider())
        batch = frequencies.batch_from_boards(boards)
        self._refresh_board_count(boards)
        self._set_checked(self._board_radio)
        self._update_source_controls()
        header = self._set_constraints_provider() if self._set_constraints_provider is not None else ""
        self._set_batch(batch, constraints=read_set_constraints(header))
        n = batch.shape[0]
        self._progress.setRange(0, max(1, n))
        self._progress.setValue(n)
        self._progress.setFormat(self.tr("{n} deals in the board set").format(n=f"{n:,}"))
        self._set_status(
            self.tr("Counting the current board set: {n} deals.").format(n=f"{n:,}")
            if n
            else self.tr("The board set has no complete deals: deal a set in the main window, or simulate a sample.")
        )

    def start_sample(self, count: int | None = None, *, seed: int | None = None) -> int:
        """Deal ``count`` deals (the spin box's value) to the current constraints in the worker; returns the job id.

        The request is read now (a snapshot), so changing the constraints during dealing does not mix
        two samples.  A constraint the dealer cannot meet is reported in the status line.
        """
        if count is not None:
            self._size.setValue(count)
        wanted = self._size.value()
        self._set_checked(self._sample_radio)
        try:
            request = self._request_provider()
        except BridgeError as exc:
            self._report_failure(str(exc))
            return 0
        self._sample_request = request
        self._sample_seed = secrets.randbits(32) if seed is None else int(seed)
        self._sample_parts = []
        self._sample_wanted = wanted
        self._pending.clear()
        seed_ = self._sample_seed

        def work(cancel: threading.Event) -> Generator[np.ndarray, None, None]:
            yield from sample_steps(request, wanted, seed_, cancel)

        self._sample_job = self._runner.start(work)
        self._tables_job = None
        self._progress.setRange(0, wanted)
        self._progress.setValue(0)
        self._progress.setFormat(self.tr("{done} of {wanted} deals").format(done=0, wanted=f"{wanted:,}"))
        self._set_status(self.tr("Dealing {n} deals to the current constraints…").format(n=f"{wanted:,}"))
        self._update_source_controls()
        return self._sample_job

    def cancel_sample(self, keep: bool = True) -> None:
        """Stop dealing; with ``keep`` the deals dealt so far are counted (the usual reason to stop)."""
        if self._sample_job is None:
            return
        self._runner.cancel()
        parts, self._sample_parts = self._sample_parts, []
        self._sample_job = None
        self._update_source_controls()
        if keep:
            self._finish_sample(parts, complete=False)

    # -- Qt ----------------------------------------------------------------------------------------

    def keyPressEvent(self, event: QKeyEvent) -> None:
        # Esc stops a sample being dealt before it closes the window (a second Esc closes it).
        if event.key() == Qt.Key.Key_Escape and self._sample_job is not None:
            self.cancel_sample()
            event.accept()
            return
        super().keyPressEvent(event)

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if event.spontaneous():
            return
        # Shown again after a close: the main window's set may have changed since.
        if self._shown_before and self._board_radio.isChecked():
            self.count_board_set()
        else:
            self._refresh_board_count()
        self._shown_before = True

    def jobs_stopped(self) -> None:
        """The window closed (``ToolWindow`` stopped the worker): a sample or tables being built are dropped."""
        self._sample_job = None
        self._tables_job = None
        self._sample_parts = []
        self._update_source_controls()

    # -- jobs --------------------------------------------------------------------------------------

    def _spec(self, key: str) -> TableSpec:
        if key == PATTERNS:
            return TableSpec(key, seats=self._pattern_seats.currentData())
        if key == HCP:
            return TableSpec(key, seats=self._hcp_seats.currentData())
        return TableSpec(
            key,
            side=self._split_side.currentData(),
            side_cards=self._split_cards.value(),
            suit=self._split_suit.currentData(),
        )

    def counted_constraints(self) -> SetConstraints:
        """What dealt the deals counted now (the yardstick of the exact columns)."""
        return self._constraints

    def _set_batch(self, batch: np.ndarray, *, constraints: SetConstraints) -> None:
        batch = np.asarray(batch, dtype=np.uint64)
        batch.flags.writeable = False
        self._batch = batch
        self._constraints = constraints
        self._pending.clear()
        self._start_tables(TABLE_KEYS)

    def _start_tables(self, keys: Iterable[str]) -> None:
        """Build the tables ``keys`` (and any a replaced job left unbuilt) in the worker.

        While a sample is being dealt the tables are only marked stale: starting a job now would cancel
        the sample, and the sample's end rebuilds every table anyway.
        """
        if self._sample_job is not None:
            self._stale.update(keys)
            return
        self._pending.update(keys)
        batch = self._batch
        constraints = self._constraints
        specs = [self._spec(k) for k in TABLE_KEYS if k in self._pending]

        def work(cancel: threading.Event) -> Generator[tuple[str, FrequencyTable, TableOdds] | None, None, None]:
            for spec in specs:
                table, odds = yield from judged_table_steps(batch, spec, constraints)
                yield spec.key, table, odds

        self._tables_job = self._runner.start(work)

    def _finish_sample(self, parts: list[np.ndarray], *, complete: bool) -> None:
        batch = np.concatenate(parts) if parts else np.zeros((0, 4), dtype=np.uint64)
        n = batch.shape[0]
        request = self._sample_request
        constrained = request is not None and not request.is_empty
        what = self.tr("to the current constraints") if constrained else self.tr("at random (no constraints)")
        if complete:
            text = self.tr("Simulated sample: {n} deals {what}, seed {seed}.")
        else:
            text = self.tr("Stopped after {n} of {wanted} deals {what} (seed {seed}); counting those.")
        self._set_status(text.format(n=f"{n:,}", wanted=f"{self._sample_wanted:,}", what=what, seed=self._sample_seed))
        self._stale.clear()
        self._set_batch(batch, constraints=SetConstraints(request) if request is not None else RANDOM_SET)
        self.sample_finished.emit(n, complete)

    @Slot(int, object)
    def _on_partial(self, job_id: int, value: object) -> None:
        if job_id == self._sample_job and isinstance(value, np.ndarray):
            self._sample_parts.append(value)
            done = sum(p.shape[0] for p in self._sample_parts)
            self._progress.setValue(done)
            self._progress.setFormat(
                self.tr("{done} of {wanted} deals").format(done=f"{done:,}", wanted=f"{self._sample_wanted:,}")
            )
            self.sample_progress.emit(done, self._sample_wanted)
        elif job_id == self._tables_job and isinstance(value, tuple):
            key, table, odds = value
            self._pending.discard(key)
            self.pages[key].set_table(table, odds=odds, note=self._note(key, table))

    @Slot(int, object)
    def _on_finished(self, job_id: int, value: object) -> None:
        if job_id == self._sample_job:
            parts, self._sample_parts = self._sample_parts, []
            self._sample_job = None
            self._update_source_controls()
            self._finish_sample(parts, complete=True)
        elif job_id == self._tables_job:
            self._tables_job = None
            self.tables_changed.emit()

    @Slot(int, object)
    def _on_failed(self, job_id: int, failure: JobFailure) -> None:
        if job_id == self._sample_job:
            self._sample_job = None
            self._sample_parts = []
            self._update_source_controls()
            self._report_failure(failure.message)
        elif job_id == self._tables_job:
            self._tables_job = None
            self._report_failure(failure.message)

    def _report_failure(self, message: str) -> None:
        self._set_status(self.tr("Could not count: {message}").format(message=message))
        self.failed.emit(message)

    # -- display -----------------------------------------------------------------------------------

    def _note(self, key: str, table: FrequencyTable) -> str:
        if key == PATTERNS:
            hidden = len(table.rows) - len(chart_rows(key, table))
            if hidden:
                return self.tr("{n} rarer patterns (under {pct}%) are in the table only").format(
                    n=hidden, pct=CHART_MIN_PCT
                )
        if key == HCP:
            return self.tr("Values with less than 0.01% are in the table only")
        return ""

    def _set_status(self, text: str) -> None:
        self._status.setText(text)

    def _refresh_board_count(self, boards: list[Board] | None = None) -> None:
        if boards is None:
            boards = list(self._boards_provider())
        self._board_count = sum(1 for b in boards if b.deal is not None and b.deal.is_complete)
        self._board_count_label.setText(
            self.tr("{n} boards with a full deal").format(n=f"{self._board_count:,}")
            if self._board_count
            else self.tr("no boards with a full deal yet")
        )
        self._board_radio.setEnabled(self._board_count > 0)

    @Slot(bool)
    def _on_source_toggled(self, board_set: bool) -> None:
        self._update_source_controls()
        if board_set:
            self.count_board_set()
        else:
            self._size.setFocus()
            self._size.selectAll()

    def _update_source_controls(self) -> None:
        sampling = self._sample_job is not None
        board = self._board_radio.isChecked()
        self._size.setEnabled(not board and not sampling)
        self._sample_label.setEnabled(not board)
        self._cancel_button.setEnabled(sampling)
        self._count_button.setEnabled(not sampling)
        self._count_button.setText(self.tr("&Recount") if board else self.tr("&Deal sample"))
        # The bar measures dealing; a board set is read at once, so it has nothing to show there.
        self._progress.setVisible(not board)


__all__ = ["DEFAULT_SAMPLE", "MAX_SAMPLE", "FrequencyWindow"]
