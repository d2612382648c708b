"""The frequency tables window: hand patterns, HCP and suit splits of a set of deals against the exact odds.

A teacher opens it to answer "how often is partner 4-3-3-3?" (the exact column answers it before any
deal is counted, and the row's line under the table says it as "1 hand in 9.5"), or to check a board
set: count the current set, or deal a simulated sample of any size to the current constraints, and read
the observed columns and the chi-square line against the exact probabilities.

Everything heavy runs in one ``TaskRunner`` (house style: never on the GUI thread): dealing the sample
(``frequencies.sample``, called a chunk at a time so the progress bar moves and Cancel answers within a
chunk) and building the tables (a pattern table of a million deals is four million hands: about a
second).  One runner runs one job at a time, so the window keeps two kinds of job apart: while a sample
is being dealt, a changed option only marks its table stale, and the tables are built when the sample
is complete (or cancelled: the deals received so far are counted, so a teacher can stop a slow sample
and still read it).

The three tables are tabs, each a ``FrequencyPage``: its options, a ``QTableView`` over a
``FrequencyModel`` (label, observed, observed %, exact %, and the exact odds as "1 in N"), a
``BarChart`` of the rows worth drawing, the selected row in words, and the goodness-of-fit line.
"""

from __future__ import annotations

import secrets
import threading
from collections.abc import Callable, Generator, Iterable
from dataclasses import dataclass
from typing import Any

import numpy as np
from PySide6.QtCore import (
    QAbstractTableModel,
    QCoreApplication,
    QItemSelectionModel,
    QModelIndex,
    QPersistentModelIndex,
    QSortFilterProxyModel,
    Qt,
    QTimer,
    Signal,
    Slot,
)
from PySide6.QtGui import QCloseEvent, QKeyEvent, QShowEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QButtonGroup,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QProgressBar,
    QPushButton,
    QRadioButton,
    QSpinBox,
    QSplitter,
    QTableView,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from bridgegui.engine.boards import Board
from bridgegui.engine.constraints import DealRequest
from bridgegui.engine.dealing import make_rng
from bridgegui.engine.errors import BridgeError
from bridgegui.engine.teaching import frequencies
from bridgegui.engine.teaching.frequencies import FrequencyTable, Row
from bridgegui.ui.widgets.bar_chart import BarChart, one_in_text, percent_text
from bridgegui.workers.tasks import TaskRunner

PATTERNS = "patterns"
HCP = "hcp"
SPLITS = "splits"
TABLE_KEYS = (PATTERNS, HCP, SPLITS)

DEFAULT_SAMPLE = 10_000
MAX_SAMPLE = 2_000_000
"""Largest sample offered: 2 million deals are 64 MB of cards and a few seconds of counting."""

CHART_MIN_PCT = 0.5
"""Patterns rarer than this (in both columns) are left out of the chart: their bars would be invisible."""

_ROLE_VALUE = Qt.ItemDataRole.UserRole
"""The model's raw value of a cell (numbers for sorting and tests; the row's index for the label column)."""


def sample_chunks(count: int) -> list[int]:
    """Sizes of the ``frequencies.sample`` calls that make a sample of ``count`` deals.

    About twenty steps, so the progress bar moves and Cancel answers within a step, but at least a
    thousand deals a step (each call plans the request once, about 10 ms) and at most 100,000 (a
    tenth of a second of random dealing).  The sizes depend only on ``count``, so the same seed and
    size give the same sample.
    """
    size = min(100_000, max(1000, -(-count // 20)))
    return [min(size, count - start) for start in range(0, count, size)]


def sample_steps(
    request: DealRequest | None, count: int, seed: int, cancel: threading.Event
) -> Generator[np.ndarray, None, None]:
    """Deal ``count`` deals to ``request`` in chunks, yielding each chunk (read-only) as it is dealt.

    Each chunk has its own seed drawn from ``seed``, so a sample is reproducible from its seed and size.
    ``frequencies.sample`` stops at ``cancel`` between its batches; a short chunk then ends the run.
    """
    chunks = sample_chunks(count)
    seeds = make_rng(seed).integers(0, 2**63 - 1, size=len(chunks))
    for size, chunk_seed in zip(chunks, seeds.tolist(), strict=True):
        if cancel.is_set():
            return
        deals = frequencies.sample(request, size, seed=int(chunk_seed), cancel=cancel)
        deals.flags.writeable = False
        yield deals
        if deals.shape[0] < size:
            return


@dataclass(frozen=True)
class TableSpec:
    """The options of one table, snapshotted for the worker: which hands, or which side, fit and suit."""

    key: str
    seats: tuple[int, ...] | None = None
    side: str = "NS"
    side_cards: int = 8
    suit: int | None = None


def build_table(batch: np.ndarray, spec: TableSpec) -> FrequencyTable:
    """The table ``spec`` asks for (runs in the worker).

    Suit splits are listed evenest first (3-2 before 4-1 before 5-0), the order teachers quote them in;
    the engine lists the larger part first.
    """
    if spec.key == PATTERNS:
        return frequencies.pattern_table(batch, spec.seats)
    if spec.key == HCP:
        return frequencies.hcp_table(batch, spec.seats)
    table = frequencies.suit_split_table(batch, spec.side_cards, side=spec.side, suit=spec.suit)
    return FrequencyTable(table.title, table.rows[::-1], table.total, table.unit)


TABLE_CHUNK = 200_000
"""Deals counted per step when building a table: a tenth of a second, so closing never waits long."""


def merge_tables(parts: list[FrequencyTable]) -> FrequencyTable:
    """One table from tables of disjoint parts of a batch (the engine lists the same rows whatever the data)."""
    first = parts[0]
    total = sum(p.total for p in parts)
    rows = []
    for i, row in enumerate(first.rows):
        observed = sum(p.rows[i].observed for p in parts)
        pct = 100.0 * observed / total if total else 0.0
        rows.append(Row(row.label, observed, pct, row.exact_pct, row.exact_count))
    return FrequencyTable(first.title, tuple(rows), total, first.unit)


def table_steps(batch: np.ndarray, spec: TableSpec, chunk: int = TABLE_CHUNK) -> Generator[None, None, FrequencyTable]:
    """Build ``spec``'s table a chunk of deals at a time, yielding between chunks so a job can stop there.

    A pattern table of two million deals is eight million hands (about two seconds in one call);
    in chunks, Cancel and closing the window answer within a tenth of a second.
    """
    parts = []
    for start in range(0, max(1, batch.shape[0]), chunk):
        parts.append(build_table(batch[start : start + chunk], spec))
        yield None
    return merge_tables(parts)


def chart_rows(key: str, table: FrequencyTable) -> tuple[Row, ...]:
    """The rows worth a bar: HCP values that occur at all, patterns of 0.5% or more, every split."""
    if key == PATTERNS:
        return tuple(r for r in table.rows if r.exact_pct >= CHART_MIN_PCT or r.observed_pct >= CHART_MIN_PCT)
    if key == HCP:
        return table.nonzero().rows
    return table.rows


def exact_percent_text(value: float) -> str:
    """Exact percentages to two decimals, with enough decimals for the rare patterns to read as non-zero."""
    if value == 0:
        return "0"
    if value >= 0.01:
        return f"{value:.2f}"
    if value >= 0.0001:
        return f"{value:.4f}"
    return "<0.0001"


def fit_verdict_text(table: FrequencyTable, *, constrained: bool) -> str:
    """The goodness-of-fit line under a table, in words a teacher can read out.

    The chi-square only asks "could these be random deals?" (``FrequencyTable.goodness_of_fit``), so
    for a sample dealt to constraints the line says the difference is expected rather than alarming.
    """
    tr = QCoreApplication.translate
    if table.total == 0:
        return tr(
            "FrequencyWindow",
            "No deals counted yet: count the board set or deal a sample to fill the observed columns.",
        )
    try:
        fit = table.goodness_of_fit()
    except (BridgeError, ValueError):
        return tr("FrequencyWindow", "No chi-square test for these observations.")
    if fit.bins < 2:
        return tr("FrequencyWindow", "Too few observations for a chi-square test (every expected count is under 5).")
    p_text = "p < 0.0001" if fit.p_value < 0.0001 else f"p = {fit.p_value:.3g}"
    head = tr("FrequencyWindow", "Goodness of fit: χ² = {chi:.1f} with {dof} degrees of freedom, {p}").format(
        chi=fit.statistic, dof=fit.dof, p=p_text
    )
    if constrained:
        verdict = tr(
            "FrequencyWindow", "the sample is dealt to constraints, so it is expected to differ from random deals."
        )
    elif fit.p_value >= 0.05:
        verdict = tr("FrequencyWindow", "no sign that these deals are not random.")
    elif fit.p_value >= 0.001:
        verdict = tr("FrequencyWindow", "some doubt: count more deals before drawing a conclusion.")
    else:
        verdict = tr("FrequencyWindow", "these deals do not look random.")
    return f"{head}: {verdict}"


class FrequencyModel(QAbstractTableModel):
    """A ``FrequencyTable`` as five columns: label, observed, observed %, exact %, exact odds (1 in N).

    Display texts are formatted; ``Qt.UserRole`` holds the raw number of each cell (the row's index
    for the label column, so sorting on it restores the table's own order).  Before any deal is counted
    the observed columns read "—".
    """

    LABEL, OBSERVED, OBSERVED_PCT, EXACT_PCT, ONE_IN = range(5)

    def __init__(self, label_header: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._label_header = label_header
        self._table: FrequencyTable | None = None

    def set_table(self, table: FrequencyTable | None) -> None:
        self.beginResetModel()
        self._table = table
        self.endResetModel()

    def table(self) -> FrequencyTable | None:
        return self._table

    def row(self, index: int) -> Row:
        assert self._table is not None
        return self._table.rows[index]

    def rowCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:  # noqa: B008 (Qt's signature)
        return 0 if parent.isValid() or self._table is None else len(self._table.rows)

    def columnCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:  # noqa: B008 (Qt's signature)
        return 0 if parent.isValid() else 5

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if orientation != Qt.Orientation.Horizontal:
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            return (
                self._label_header,
                self.tr("Observed"),
                self.tr("Observed %"),
                self.tr("Exact %"),
                self.tr("Exact: 1 in"),
            )[section]
        if role == Qt.ItemDataRole.ToolTipRole:
            return (
                None,
                self.tr("How many times it happened in the deals counted"),
                self.tr("Share of the deals counted"),
                self.tr("Probability for a random deal, computed exactly"),
                self.tr("The exact probability as odds: it happens once in this many"),
            )[section]
        return None

    def data(self, index: QModelIndex | QPersistentModelIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or self._table is None:
            return None
        row = self._table.rows[index.row()]
        column = index.column()
        observed = self._table.total > 0
        if role == Qt.ItemDataRole.DisplayRole:
            if column == self.LABEL:
                return row.label
            if column == self.OBSERVED:
                return f"{row.observed:,}" if observed else "—"
            if column == self.OBSERVED_PCT:
                return f"{row.observed_pct:.2f}" if observed else "—"
            if column == self.EXACT_PCT:
                return exact_percent_text(row.exact_pct)
            return one_in_text(row.exact_pct) if row.exact_pct > 0 else "—"
        if role == _ROLE_VALUE:
            return (
                float(index.row()),
                float(row.observed),
                row.observed_pct,
                row.exact_pct,
                100.0 / row.exact_pct if row.exact_pct > 0 else float("inf"),
            )[column]
        if role == Qt.ItemDataRole.TextAlignmentRole:
            if column == self.LABEL:
                return int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        if role == Qt.ItemDataRole.ToolTipRole and column == self.EXACT_PCT:
            return f"{row.exact_pct:.6g}%"
        return None


class FrequencyPage(QWidget):
    """One tab: its options row, the table, the chart, the selected row in words and the fit line."""

    selection_changed = Signal(str)
    """The label of the row now selected (GUI thread)."""

    def __init__(
        self,
        key: str,
        label_header: str,
        options: Iterable[QWidget],
        *,
        orientation: Qt.Orientation,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.key = key
        self.setObjectName(f"frequencyPage_{key}")
        self._orientation = orientation
        self._constrained = False
        self.model = FrequencyModel(label_header, self)
        self.proxy = QSortFilterProxyModel(self)
        self.proxy.setSourceModel(self.model)
        self.proxy.setSortRole(_ROLE_VALUE)

        self.view = QTableView(self)
        self.view.setObjectName(f"frequencyTable_{key}")
        self.view.setModel(self.proxy)
        self.view.setSortingEnabled(True)
        self.view.sortByColumn(FrequencyModel.LABEL, Qt.SortOrder.AscendingOrder)
        self.view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.view.setAlternatingRowColors(True)
        self.view.verticalHeader().setVisible(False)
        self.view.verticalHeader().setDefaultSectionSize(self.fontMetrics().height() + 6)
        header = self.view.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setStretchLastSection(True)
        self.view.selectionModel().currentRowChanged.connect(self._on_current_row)

        self.chart = BarChart(self)
        self.chart.setObjectName(f"frequencyChart_{key}")
        self.chart.bar_clicked.connect(self.select_label)

        splitter = QSplitter(Qt.Orientation.Horizontal, self)
        splitter.addWidget(self.view)
        splitter.addWidget(self.chart)
        splitter.setStretchFactor(0, 2)
        splitter.setStretchFactor(1, 3)
        splitter.setChildrenCollapsible(False)

        self.summary = QLabel(self)
        self.summary.setObjectName(f"frequencySummary_{key}")
        self.summary.setWordWrap(True)
        self.summary.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.fit = QLabel(self)
        self.fit.setObjectName(f"frequencyFit_{key}")
        self.fit.setWordWrap(True)
        self.fit.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.fit.setToolTip(
            self.tr(
                "Pearson's chi-square test of the observed counts against the exact probabilities (rare rows "
                "pooled so every expected count is at least 5). It asks whether the deals could be random: "
                "a set dealt to constraints is not expected to pass."
            )
        )

        options_row = QHBoxLayout()
        for widget in options:
            options_row.addWidget(widget)
        options_row.addStretch(1)
        layout = QVBoxLayout(self)
        layout.addLayout(options_row)
        layout.addWidget(splitter, 1)
        layout.addWidget(self.summary)
        layout.addWidget(self.fit)

    def set_table(self, table: FrequencyTable, *, constrained: bool, note: str = "") -> None:
        """Show ``table``; the selected row (by label) stays selected when it is still there."""
        keep = self.selected_label()
        self._constrained = constrained
        self.model.set_table(table)
        self.chart.set_rows(
            chart_rows(self.key, table),
            total=table.total,
            unit=self._unit_text(table.unit),
            title=table.title,
            note=note,
            orientation=self._orientation,
        )
        self.fit.setText(fit_verdict_text(table, constrained=constrained))
        self._fit_columns()
        labels = [r.label for r in table.rows]
        # Keep the reader's row; otherwise start on the commonest (10 HCP, 4-4-3-2, 3-2), the usual question.
        commonest = max(table.rows, key=lambda r: r.exact_pct).label if table.rows else None
        self.select_label(keep if keep in labels else commonest)

    def _fit_columns(self) -> None:
        """Make the table wide enough for all five columns, so no one scrolls sideways to read the odds."""
        header = self.view.horizontalHeader()
        width = sum(
            max(self.view.sizeHintForColumn(c), header.sectionSizeHint(c)) for c in range(self.model.columnCount())
        )
        width += 2 * self.view.frameWidth() + self.view.verticalScrollBar().sizeHint().width() + 4
        self.view.setMinimumWidth(width)

    def table(self) -> FrequencyTable | None:
        return self.model.table()

    def selected_label(self) -> str | None:
        index = self.view.selectionModel().currentIndex()
        if not index.isValid():
            return None
        return self.model.row(self.proxy.mapToSource(index).row()).label

    @Slot(str)
    def select_label(self, label: str | None) -> None:
        """Select the row called ``label`` in the table (and so highlight its bar)."""
        table = self.model.table()
        if table is None or label is None:
            self.chart.set_highlight(None)
            self.summary.clear()
            return
        for i, row in enumerate(table.rows):
            if row.label == label:
                index = self.proxy.mapFromSource(self.model.index(i, 0))
                flags = QItemSelectionModel.SelectionFlag.ClearAndSelect | QItemSelectionModel.SelectionFlag.Rows
                self.view.selectionModel().setCurrentIndex(index, flags)
                self.view.scrollTo(index)
                self._show_row(row)
                return

    def summary_text(self, row: Row) -> str:
        """The selected row in words: "4-3-3-3: 10.54% of random hands, 1 in 9.5; here 10.31% (1,031 of 10,000 hands)"."""
        table = self.model.table()
        assert table is not None
        unit = self._unit_text(table.unit)
        if row.exact_pct > 0:
            exact = self.tr("{label}: {pct} for random deals (1 in {n})").format(
                label=row.label, pct=percent_text(row.exact_pct), n=one_in_text(row.exact_pct)
            )
        else:
            exact = self.tr("{label}: impossible").format(label=row.label)
        if not table.total:
            return exact
        observed = self.tr("counted here: {pct} ({count} of {total} {unit})").format(
            pct=percent_text(row.observed_pct), count=f"{row.observed:,}", total=f"{table.total:,}", unit=unit
        )
        return f"{exact}; {observed}"

    def _unit_text(self, unit: str) -> str:
        return self.tr("suits") if unit == "suits" else self.tr("hands")

    def _show_row(self, row: Row) -> None:
        self.chart.set_highlight(row.label)
        self.summary.setText(self.summary_text(row))

    @Slot(QModelIndex, QModelIndex)
    def _on_current_row(self, current: QModelIndex, previous: QModelIndex) -> None:
        if not current.isValid() or self.model.table() is None:
            return
        row = self.model.row(self.proxy.mapToSource(current).row())
        self._show_row(row)
        self.selection_changed.emit(row.label)


class FrequencyWindow(QDialog):
    """Frequency tables of the current board set or of a simulated sample, against the exact odds.

    ``boards_provider()`` returns the main window's current boards and ``request_provider()`` its
    current constraints; both are called on the GUI thread when the user counts, never kept.  A sample
    is reproducible: its seed is drawn once per sample (or given to ``start_sample``) and shown.

    Closing (Esc, the Close button, the window's close box) cancels any job and waits for the worker;
    Esc while a sample is being dealt cancels the sample and leaves the window open.

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
    ) -> None:
        super().__init__(parent)
        self.setObjectName("frequencyWindow")
        self.setWindowTitle(self.tr("Frequency Tables"))
        self._boards_provider = boards_provider
        self._request_provider = request_provider
        self._runner = TaskRunner("bridgegui-frequencies", self)
        self._runner.partial.connect(self._on_partial)
        self._runner.finished.connect(self._on_finished)
        self._runner.failed.connect(self._on_failed)
        # No handler for ``cancelled``: only the window cancels its jobs, and it settles its state as it does.
        app = QCoreApplication.instance()
        if app is not None:
            app.aboutToQuit.connect(self._stop_jobs)

        self._batch = np.zeros((0, 4), dtype=np.uint64)
        self._constrained = False
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

    def is_busy(self) -> bool:
        return self._runner.is_running()

    def sample_seed(self) -> int:
        """The seed of the last sample (with its size, it reproduces the sample)."""
        return self._sample_seed

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
        self._set_batch(batch, constrained=False)
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

    def closeEvent(self, event: QCloseEvent) -> None:
        self._stop_jobs()
        super().closeEvent(event)

    def done(self, result: int) -> None:
        self._stop_jobs()
        super().done(result)

    @Slot()
    def _stop_jobs(self) -> None:
        """Cancel every job and wait for the worker (house style: no thread outlives its window)."""
        self._sample_job = None
        self._tables_job = None
        self._sample_parts = []
        self._runner.shutdown()
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

    def _set_batch(self, batch: np.ndarray, *, constrained: bool) -> None:
        batch = np.asarray(batch, dtype=np.uint64)
        batch.flags.writeable = False
        self._batch = batch
        self._constrained = constrained
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
        specs = [self._spec(k) for k in TABLE_KEYS if k in self._pending]

        def work(cancel: threading.Event) -> Generator[tuple[str, FrequencyTable] | None, None, None]:
            for spec in specs:
                table = yield from table_steps(batch, spec)
                yield spec.key, table

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
        self._set_batch(batch, constrained=constrained)
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
            key, table = value
            self._pending.discard(key)
            self.pages[key].set_table(table, constrained=self._constrained, note=self._note(key, table))

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

    @Slot(int, str)
    def _on_failed(self, job_id: int, message: str) -> None:
        if job_id == self._sample_job:
            self._sample_job = None
            self._sample_parts = []
            self._update_source_controls()
            self._report_failure(message)
        elif job_id == self._tables_job:
            self._tables_job = None
            self._report_failure(message)

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


__all__ = [
    "DEFAULT_SAMPLE",
    "MAX_SAMPLE",
    "FrequencyModel",
    "FrequencyPage",
    "FrequencyWindow",
    "TableSpec",
    "build_table",
    "chart_rows",
    "fit_verdict_text",
    "merge_tables",
    "sample_chunks",
    "sample_steps",
    "table_steps",
]
