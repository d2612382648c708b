"""One tab of the frequency tables window: the table model, and the page that shows it with its chart.

``FrequencyModel`` shows a ``FrequencyTable`` as five columns (label, observed, observed %, exact %,
and the exact odds as "1 in N"); ``FrequencyPage`` puts its options row, a sortable ``QTableView``
over the model, a ``BarChart`` of the rows worth drawing, the selected row in words and the
goodness-of-fit line together.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from PySide6.QtCore import (
    QAbstractTableModel,
    QItemSelectionModel,
    QModelIndex,
    QPersistentModelIndex,
    QSortFilterProxyModel,
    Qt,
    Signal,
    Slot,
)
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QSplitter,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from bridgegui.engine.teaching.constrained_odds import Basis, TableOdds
from bridgegui.engine.teaching.frequencies import FrequencyTable, Row
from bridgegui.ui.tools.frequency_tables import chart_rows, exact_percent_text, fit_verdict_text
from bridgegui.ui.widgets.bar_chart import BarChart, one_in_text, percent_text

_ROLE_VALUE = Qt.ItemDataRole.UserRole
"""The model's raw value of a cell (numbers for sorting and tests; the row's index for the label column)."""


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
        self._under_constraints = False

    def set_table(self, table: FrequencyTable | None, *, under_constraints: bool = False) -> None:
        """Show ``table``; ``under_constraints``: its exact column is under a constrained set's own
        constraints (the header's tooltip says so), not the odds of a random deal."""
        self.beginResetModel()
        self._table = table
        self._under_constraints = under_constraints
        self.endResetModel()
        self.headerDataChanged.emit(Qt.Orientation.Horizontal, self.EXACT_PCT, self.ONE_IN)

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
                self.tr("Probability under the set's constraints, computed exactly")
                if self._under_constraints
                else self.tr("Probability for a random deal, computed exactly"),
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
            if column == self.ONE_IN:
                return one_in_text(row.exact_pct) if row.exact_pct > 0 else "—"
            return None
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
        self._odds = TableOdds(Basis.RANDOM)
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
                "pooled so every expected count is at least 5). For deals dealt without constraints it asks "
                "whether they could be random; for a set dealt to one seat's constraints, whether that seat's "
                "hands follow the exact odds under them. Other constrained sets are not tested."
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

    def set_table(self, table: FrequencyTable, *, odds: TableOdds, note: str = "") -> None:
        """Show ``table``, whose exact column ``odds`` describes; the selected row (by label) stays
        selected when it is still there."""
        keep = self.selected_label()
        self._odds = odds
        self.model.set_table(table, under_constraints=odds.basis is Basis.CONSTRAINED)
        self.chart.set_rows(
            chart_rows(self.key, table),
            total=table.total,
            unit=self._unit_text(table.unit),
            title=table.title,
            note=note,
            orientation=self._orientation,
        )
        self.fit.setText(fit_verdict_text(table, odds))
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

    def odds(self) -> TableOdds:
        """What the exact column of the table shown is (random odds, or the odds under the set's constraints)."""
        return self._odds

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
        if row.exact_pct > 0 and self._odds.basis is Basis.CONSTRAINED:
            exact = self.tr("{label}: {pct} under the set's constraints (1 in {n})").format(
                label=row.label, pct=percent_text(row.exact_pct), n=one_in_text(row.exact_pct)
            )
        elif row.exact_pct > 0:
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


__all__ = ["FrequencyModel", "FrequencyPage"]
