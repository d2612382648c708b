"""The Shuffle lab: how hand-shuffled decks differ from computer dealing, simulated and shown plainly.

Bridge players argue about whether hand-shuffled deals are "flatter" than computer deals.  The lab
lets a player see it: pick a model of how a deck is ordered before the deal (a perfect shuffle, the human
riffles of Ted's Computer World, "Shuffling and Dealing", or the Markov deck of Bredrup & Zhang,
"Imperfectly shuffled decks in bridge", with tie probability ``p``), simulate 100,000 decks in the worker
(``engine.lab.audit.simulate_model``, partial tallies as they come) and compare with the exact perfect-shuffle odds
(``engine.stats``): hand patterns, suit lengths (a painted chart), the split of the four cards missing from a nine-card
fit, and Bredrup & Zhang's ties test ("Imperfectly shuffled decks in bridge").  On demand it also measures which numbers
of riffles the ties test detects (``engine.lab.ties.iter_riffle_power``).

Honesty rules of the display: every simulated figure stands beside the exact one; a difference is
bold only when it exceeds three standard errors (``standard_error``), so sampling noise is never
dressed up as an effect; the results are labelled with the model that produced them, even after the
settings change.  "Deal a Set with This Model…" asks for a number of boards and hands the model to
the main window (``on_deal_set``); the lab stays open, so a player can compare models or deal again.

``AuditWindow`` (the audit of a loaded board set) lives in ``audit_window`` and is re-exported here.
Both windows stop their workers when they close (``ToolWindow``).
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Generator, Sequence

from PySide6.QtCore import Qt, Signal, Slot
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QButtonGroup,
    QComboBox,
    QDialogButtonBox,
    QDoubleSpinBox,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QInputDialog,
    QLabel,
    QProgressBar,
    QPushButton,
    QRadioButton,
    QSpinBox,
    QTableWidget,
    QVBoxLayout,
    QWidget,
)

from bridgegui.engine import stats
from bridgegui.engine.dealing import make_rng
from bridgegui.engine.lab.audit import LabSummary, fit_split_probabilities, simulate_model
from bridgegui.engine.lab.shuffles import MarkovShuffle, RiffleShuffle, ShuffleModel, UniformShuffle
from bridgegui.engine.lab.ties import PowerPoint, iter_riffle_power
from bridgegui.ui.dialogs import MAX_SET
from bridgegui.ui.tools.audit_window import AuditWindow
from bridgegui.ui.tools.base import ToolWindow
from bridgegui.ui.tools.result_tables import (
    fit_table_height,
    fit_table_width,
    fit_to_screen,
    percent_text,
    results_table,
    set_row,
)
from bridgegui.ui.widgets.suit_length_chart import SuitLengthChart, standard_error
from bridgegui.workers.job_runner import JobFailure, Task

__all__ = ["AuditWindow", "ShuffleLabWindow"]

SIMULATED_DECKS = 100_000
"""Decks a simulation deals: standard errors of about 0.1 point on the common patterns, a few seconds."""

SIMULATION_CHUNK = 5_000
"""Decks between partial results: 20 updates a run, and Cancel is seen within a fraction of a second."""

POWER_RIFFLES = tuple(range(1, 11))
POWER_DECKS_PER_TEST = 24
"""One evening of the Tromsø club (Bredrup & Zhang, "Imperfectly shuffled decks in bridge"): the test as a club
could run it."""

POWER_REPLICATES = 200
"""Tests per riffle count: about two seconds for the ten rows, power known to about ±3.5 points."""

DEFAULT_BOARDS = 16

SIGNIFICANT = 3.0
"""Standard errors a difference must exceed to be shown bold (a one-in-370 chance for pure noise)."""


def _difference_text(observed: float, exact: float) -> str:
    """Percentage points, signed; ``+ 0.0`` turns a rounded ``-0.00`` into ``+0.00``."""
    return f"{round(100 * (observed - exact), 2) + 0.0:+.2f}"


def _header_tip(table: QTableWidget, column: int, tip: str) -> None:
    """Give a column header a tooltip (the header item exists once the headers are set)."""
    header = table.horizontalHeaderItem(column)
    if header is not None:
        header.setToolTip(tip)


def _simulation_task(model: ShuffleModel, decks: int, chunk: int, seed: int | None) -> Task:
    """The worker's job: running tallies of ``decks`` decks (the model is frozen: a safe snapshot)."""

    def work(cancel: threading.Event) -> Generator[LabSummary, None, LabSummary | None]:
        last = None
        for summary in simulate_model(model, decks, make_rng(seed), chunk=chunk):
            last = summary
            yield summary
        return last

    return work


def _power_task(ks: tuple[int, ...], start: str, replicates: int, seed: int | None) -> Task:
    """The worker's job: the ties test's power against each number of riffles, one row at a time."""

    def work(cancel: threading.Event) -> Generator[PowerPoint, None, None]:
        yield from iter_riffle_power(
            make_rng(seed), ks, start=start, decks_per_test=POWER_DECKS_PER_TEST, replicates=replicates
        )

    return work


class ShuffleLabWindow(ToolWindow):
    """Pick a shuffle model, simulate it, compare with a perfect shuffle; deal a set with it.

    ``on_deal_set(model, count)`` is called when the player asks for a set (the lab stays open).
    Keywords for tests and scripts: ``decks`` and ``chunk`` (simulation size), ``seed`` (``None``:
    fresh entropy each run), ``power_riffles`` and ``power_replicates`` (the riffle-power table).

    Signals, all on the GUI thread: ``simulation_updated(LabSummary)`` after each partial result
    is shown; ``simulation_finished(LabSummary)`` when a run completes; ``simulation_stopped()``
    when a run is cancelled or fails; ``power_finished(list[PowerPoint])`` when the power table is
    complete.  Two job runners (simulation, power) so that one does not cancel the other; closing
    the dialog cancels both and waits for their threads (``ToolWindow``).
    """

    simulation_updated = Signal(object)
    simulation_finished = Signal(object)
    simulation_stopped = Signal()
    power_finished = Signal(object)

    def __init__(
        self,
        parent: QWidget | None,
        on_deal_set: Callable[[ShuffleModel, int], None],
        *,
        decks: int = SIMULATED_DECKS,
        chunk: int = SIMULATION_CHUNK,
        seed: int | None = None,
        power_riffles: Sequence[int] = POWER_RIFFLES,
        power_replicates: int = POWER_REPLICATES,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("shuffleLab")
        self.setWindowTitle(self.tr("Shuffle Lab"))
        self._on_deal_set = on_deal_set
        self._decks = decks
        self._chunk = chunk
        self._seed = seed
        self._power_riffles = tuple(int(k) for k in power_riffles)
        self._power_replicates = power_replicates
        self._summary: LabSummary | None = None
        self._power_points: list[PowerPoint] = []

        layout = QVBoxLayout(self)
        intro = QLabel(
            self.tr(
                "A computer deals every order of the cards equally often. A hand-shuffled deck keeps some of "
                "the order of the last hand's tricks (runs of one suit), and dealing one card at a time spreads "
                "those runs round the table, so hands come out flatter, with fewer long suits and voids. Pick a "
                "model, simulate {decks} decks and compare with the exact odds of a perfect shuffle. A perfect "
                "shuffle matches the exact table up to sampling noise; differences in <b>bold</b> are larger "
                "than noise."
            ).format(decks=f"{decks:,}"),
            self,
        )
        intro.setObjectName("labIntro")
        intro.setWordWrap(True)
        layout.addWidget(intro)

        top = QHBoxLayout()
        top.addWidget(self._build_model_group(), 1)
        top.addLayout(self._build_actions())
        layout.addLayout(top)

        self._results_for = QLabel(self.tr("No simulation yet."), self)
        self._results_for.setObjectName("resultsFor")
        self._results_for.setWordWrap(True)
        bold = QFont(self._results_for.font())
        bold.setBold(True)
        self._results_for.setFont(bold)
        layout.addWidget(self._results_for)
        self._headline = QLabel(self)
        self._headline.setObjectName("headline")
        self._headline.setWordWrap(True)
        layout.addWidget(self._headline)

        columns = QHBoxLayout()
        columns.addWidget(self._build_pattern_group())  # as wide as its columns need
        middle = QVBoxLayout()
        middle.addWidget(self._build_length_group(), 1)
        middle.addWidget(self._build_fit_group())
        columns.addLayout(middle, 4)
        columns.addWidget(self._build_ties_group(), 5)
        layout.addLayout(columns, 1)

        bottom = QHBoxLayout()
        self._status = QLabel(self)
        self._status.setObjectName("labStatus")
        self._status.setWordWrap(True)
        bottom.addWidget(self._status, 1)
        close = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        close.rejected.connect(self.reject)
        bottom.addWidget(close)
        layout.addLayout(bottom)

        self._sim_runner = self.add_runner("bridgegui-shuffle-lab")
        self._sim_runner.yielded.connect(self._on_sim_partial)
        self._sim_runner.finished.connect(self._on_sim_finished)
        self._sim_runner.failed.connect(self._on_sim_failed)
        self._power_runner = self.add_runner("bridgegui-ties-power")
        self._power_runner.yielded.connect(self._on_power_partial)
        self._power_runner.finished.connect(self._on_power_finished)
        self._power_runner.failed.connect(self._on_power_failed)

        self._model_changed()
        self._set_running(False)
        fit_to_screen(self, 1240, 800)

    # -- building ------------------------------------------------------------------------------------

    def _build_model_group(self) -> QGroupBox:
        group = QGroupBox(self.tr("Model of the deck before the deal"), self)
        grid = QGridLayout(group)
        self._kind = QButtonGroup(self)
        self._perfect = QRadioButton(self.tr("&Perfect shuffle (what a computer deals)"), group)
        self._perfect.setObjectName("modelPerfect")
        self._riffle = QRadioButton(self.tr("&Riffle shuffles:"), group)
        self._riffle.setObjectName("modelRiffle")
        self._riffle.setToolTip(
            self.tr(
                "A human riffle after the Gilbert–Shannon–Reeds model: cut near the middle, then cards dropped "
                "alternately in packets of 1-7, the sizes seen in 100 real shuffles"
            )
        )
        self._markov = QRadioButton(self.tr("&Markov deck, tie probability p:"), group)
        self._markov.setObjectName("modelMarkov")
        self._markov.setToolTip(
            self.tr(
                "Bredrup & Zhang's model: each card repeats the suit of the one before with probability p. "
                "0.25 is a perfect shuffle; 0.384 fits the decks of a club evening."
            )
        )
        for i, button in enumerate((self._perfect, self._riffle, self._markov)):
            self._kind.addButton(button, i)

        self._riffles = QSpinBox(group)
        self._riffles.setObjectName("riffleCount")
        self._riffles.setRange(1, 12)
        self._riffles.setValue(4)
        self._riffles.setSuffix(self.tr(" times"))
        self._riffles.setToolTip(
            self.tr(
                'How many riffles: simulated hand shuffles (Ted\'s Computer World, "Shuffling and Dealing") '
                "found three far from random, six much better"
            )
        )
        self._start = QComboBox(group)
        self._start.setObjectName("riffleStart")
        self._start.addItem(self.tr("from a deck gathered after play"), "gathered")
        self._start.addItem(self.tr("from a sorted deck"), "sorted")
        self._start.setToolTip(
            self.tr("Gathered: the tricks of the last hand stacked, mostly four cards of one suit each")
        )
        self._p = QDoubleSpinBox(group)
        self._p.setObjectName("tieProbability")
        self._p.setRange(0.0, 0.95)
        self._p.setDecimals(3)
        self._p.setSingleStep(0.01)
        self._p.setValue(0.384)
        self._p.setToolTip(self._markov.toolTip())

        grid.addWidget(self._perfect, 0, 0, 1, 4)
        grid.addWidget(self._riffle, 1, 0)
        grid.addWidget(self._riffles, 1, 1)
        grid.addWidget(self._start, 1, 2)
        grid.addWidget(self._markov, 2, 0)
        grid.addWidget(self._p, 2, 1)
        grid.setColumnStretch(3, 1)
        self._description = QLabel(group)
        self._description.setObjectName("modelDescription")
        self._description.setWordWrap(True)
        self._description.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        grid.addWidget(self._description, 3, 0, 1, 4)
        self._markov.setChecked(True)

        self._kind.idToggled.connect(self._kind_toggled)
        # Editing a parameter picks its model: the player means that one.
        self._riffles.valueChanged.connect(lambda _v: self._pick(self._riffle))
        self._start.currentIndexChanged.connect(lambda _i: self._pick(self._riffle))
        self._p.valueChanged.connect(lambda _v: self._pick(self._markov))
        return group

    def _build_actions(self) -> QVBoxLayout:
        box = QVBoxLayout()
        self._simulate = QPushButton(self.tr("&Simulate {decks} Decks").format(decks=f"{self._decks:,}"), self)
        self._simulate.setObjectName("simulate")
        self._simulate.setDefault(True)
        self._simulate.clicked.connect(self.simulate)
        self._cancel = QPushButton(self.tr("Ca&ncel"), self)
        self._cancel.setObjectName("cancelSimulation")
        self._cancel.clicked.connect(self.cancel)
        self._progress = QProgressBar(self)
        self._progress.setObjectName("simulationProgress")
        self._progress.setRange(0, self._decks)
        self._progress.setValue(0)
        self._progress.setFormat(self.tr("Not started"))
        self._deal = QPushButton(self.tr("&Deal a Set with This Model…"), self)
        self._deal.setObjectName("dealWithModel")
        self._deal.setToolTip(self.tr("Deal practice boards in the main window with this model; the lab stays open"))
        self._deal.clicked.connect(self.ask_and_deal_set)
        row = QHBoxLayout()
        row.addWidget(self._simulate)
        row.addWidget(self._cancel)
        box.addLayout(row)
        box.addWidget(self._progress)
        box.addStretch(1)
        box.addWidget(self._deal)
        return box

    def _build_pattern_group(self) -> QGroupBox:
        group = QGroupBox(self.tr("Hand patterns"), self)
        layout = QVBoxLayout(group)
        headers = (self.tr("Pattern"), self.tr("This model"), self.tr("Perfect shuffle"), self.tr("Difference"))
        exact = stats.pattern_probabilities()
        self._patterns = results_table(group, headers, len(exact), object_name="patternTable")
        _header_tip(self._patterns, 3, self.tr("In percentage points: this model minus exact"))
        self._pattern_order = list(exact)
        for row, (pattern, probability) in enumerate(exact.items()):
            set_row(self._patterns, row, ["-".join(map(str, pattern)), "", percent_text(probability), ""])
        fit_table_width(self._patterns)
        layout.addWidget(self._patterns)
        return group

    def _build_length_group(self) -> QGroupBox:
        group = QGroupBox(self.tr("Suit lengths against a perfect shuffle"), self)
        layout = QVBoxLayout(group)
        self._chart = SuitLengthChart(group)
        self._chart.setToolTip(
            self.tr(
                "How much more (up) or less (down) often a hand holds this many cards in a suit than with a "
                "perfect shuffle. Whiskers: two standard errors; a bar inside its whisker is noise."
            )
        )
        layout.addWidget(self._chart)
        return group

    def _build_fit_group(self) -> QGroupBox:
        group = QGroupBox(self.tr("Four cards missing from a nine-card fit"), self)
        layout = QVBoxLayout(group)
        headers = (self.tr("Split"), self.tr("This model"), self.tr("Perfect shuffle"), self.tr("Difference"))
        self._fits = results_table(group, headers, 3, object_name="fitSplitTable")
        for row, (name, probability) in enumerate(zip(("2-2", "3-1", "4-0"), fit_split_probabilities(), strict=True)):
            set_row(self._fits, row, [name, "", percent_text(probability), ""])
        fit_table_height(self._fits)
        fit_table_width(self._fits)
        layout.addWidget(self._fits)
        self._fit_note = QLabel(self.tr("How the opponents' four cards split when a side holds nine of a suit."), group)
        self._fit_note.setObjectName("fitNote")
        self._fit_note.setWordWrap(True)
        layout.addWidget(self._fit_note)
        return group

    def _build_ties_group(self) -> QGroupBox:
        group = QGroupBox(self.tr("The ties test (Bredrup && Zhang)"), self)  # && shows one &
        layout = QVBoxLayout(group)
        about = QLabel(
            self.tr(
                "Ties: adjacent cards of one suit in the deck before the deal (12 a deck on average for a "
                "perfect shuffle). Countable at the table, not in a dealt board set, which keeps no dealing order."
            ),
            group,
        )
        about.setWordWrap(True)
        layout.addWidget(about)
        self._ties = QLabel(self.tr("Simulate to see the test on the simulated decks."), group)
        self._ties.setObjectName("tiesResult")
        self._ties.setWordWrap(True)
        self._ties.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        layout.addWidget(self._ties)

        power = QHBoxLayout()
        self._measure = QPushButton(self.tr("&Which Riffle Counts Does It Detect?"), group)
        self._measure.setObjectName("measurePower")
        self._measure.setToolTip(
            self.tr(
                "Simulate the test on {decks} decks (one club evening), {tests} times for each number of riffles"
            ).format(decks=POWER_DECKS_PER_TEST, tests=self._power_replicates)
        )
        self._measure.clicked.connect(self.measure_power)
        power.addWidget(self._measure)
        self._power_progress = QProgressBar(group)
        self._power_progress.setObjectName("powerProgress")
        self._power_progress.setRange(0, len(self._power_riffles))
        self._power_progress.setTextVisible(False)
        self._power_progress.setMaximumWidth(120)
        self._power_progress.hide()  # shown while measuring
        power.addWidget(self._power_progress)
        power.addStretch(1)
        layout.addLayout(power)
        headers = (self.tr("Riffles"), self.tr("Mean ties"), self.tr("Detected"))
        self._power = results_table(group, headers, len(self._power_riffles), object_name="powerTable")
        _header_tip(self._power, 2, self.tr("Share of the simulated tests that rejected a perfect shuffle"))
        for row, k in enumerate(self._power_riffles):
            set_row(self._power, row, [self._riffle_label(k), "", ""])
        fit_table_width(self._power)
        layout.addWidget(self._power, 1)
        self._power_note = QLabel(
            self.tr(
                "Each row: {tests} tests of {decks} decks at level 5%. A perfect shuffle is flagged in 5% of "
                "tests (false alarms): rows near 5% are not detected."
            ).format(tests=self._power_replicates, decks=POWER_DECKS_PER_TEST),
            group,
        )
        self._power_note.setWordWrap(True)
        layout.addWidget(self._power_note)
        return group

    def _riffle_label(self, k: int) -> str:
        return self.tr("1 riffle") if k == 1 else self.tr("{k} riffles").format(k=k)

    # -- the model -----------------------------------------------------------------------------------

    def model(self) -> ShuffleModel:
        """The model the controls describe now (frozen: safe to hand to a worker)."""
        if self._riffle.isChecked():
            return RiffleShuffle(self._riffles.value(), self._start.currentData())
        if self._markov.isChecked():
            return MarkovShuffle(round(self._p.value(), 3))
        return UniformShuffle()

    def set_model(self, model: ShuffleModel) -> None:
        """Show ``model`` in the controls (a riffle count above 12 or p above 0.95 is clamped)."""
        if isinstance(model, RiffleShuffle):
            self._riffles.setValue(model.k)
            self._start.setCurrentIndex(max(0, self._start.findData(model.start)))
            self._riffle.setChecked(True)
        elif isinstance(model, MarkovShuffle):
            self._p.setValue(model.p)
            self._markov.setChecked(True)
        else:
            self._perfect.setChecked(True)
        self._model_changed()

    def _pick(self, button: QRadioButton) -> None:
        if button.isChecked():
            self._model_changed()
        else:
            button.setChecked(True)  # idToggled updates the rest

    def _kind_toggled(self, _id: int, on: bool) -> None:
        if on:
            self._model_changed()

    def _model_changed(self) -> None:
        self._description.setText(self.model().describe())
        self._show_results_for()

    # -- simulation ----------------------------------------------------------------------------------

    def summary(self) -> LabSummary | None:
        """The latest tallies shown (partial while a simulation runs)."""
        return self._summary

    def is_simulating(self) -> bool:
        return self._sim_runner.is_running()

    @Slot()
    def simulate(self) -> None:
        """Simulate the current model in the worker; a running simulation is replaced."""
        model = self.model()
        self._summary = None
        self._progress.setValue(0)
        self._sim_runner.start(_simulation_task(model, self._decks, self._chunk, self._seed))
        self._set_running(True)
        self._status.setText(
            self.tr("Simulating {decks} decks: {model}…").format(decks=f"{self._decks:,}", model=model.describe())
        )

    @Slot()
    def cancel(self) -> None:
        """Stop the simulation; the tables keep the partial tallies, labelled as such."""
        if not self._sim_runner.is_running():
            return
        self._sim_runner.cancel()
        self._set_running(False)
        self._show_results_for()
        done = self._summary.decks if self._summary else 0
        self._status.setText(self.tr("Cancelled after {done} decks.").format(done=f"{done:,}"))
        self.simulation_stopped.emit()

    def _set_running(self, running: bool) -> None:
        self._simulate.setEnabled(not running)
        self._cancel.setEnabled(running)

    @Slot(int, object)
    def _on_sim_partial(self, job_id: int, value: object) -> None:
        if isinstance(value, LabSummary):
            self._show_summary(value)
            self.simulation_updated.emit(value)

    @Slot(int, object)
    def _on_sim_finished(self, job_id: int, value: object) -> None:
        self._set_running(False)
        if isinstance(value, LabSummary):
            if value is not self._summary:
                self._show_summary(value)
            self._status.setText(self.tr("Done: {decks} decks simulated.").format(decks=f"{value.decks:,}"))
            self.simulation_finished.emit(value)

    @Slot(int, object)
    def _on_sim_failed(self, job_id: int, failure: JobFailure) -> None:
        self._set_running(False)
        self._status.setText(self.tr("The simulation failed: {message}").format(message=failure.message))
        self.simulation_stopped.emit()

    def _show_summary(self, s: LabSummary) -> None:
        self._summary = s
        self._progress.setValue(s.decks)
        self._progress.setFormat(
            self.tr("{done} of {total} decks").format(done=f"{s.decks:,}", total=f"{self._decks:,}")
        )
        self._show_results_for()
        hands = 4 * s.decks
        table = s.pattern_table()
        observed = {pattern: fraction for pattern, fraction, _ in table}
        for row, pattern in enumerate(self._pattern_order):
            exact = stats.pattern_probabilities()[pattern]
            fraction = observed.get(pattern, 0.0)
            real = abs(fraction - exact) > SIGNIFICANT * standard_error(exact, hands)
            set_row(
                self._patterns,
                row,
                [
                    "-".join(map(str, pattern)),
                    percent_text(fraction),
                    percent_text(exact),
                    _difference_text(fraction, exact),
                ],
                bold=(1, 3) if real else (),
            )
        long_seen = sum(f for p, f, _ in table if p[0] >= 6)
        long_exact = sum(e for p, _, e in table if p[0] >= 6)
        flat_seen, flat_exact = observed.get((4, 3, 3, 3), 0.0), stats.pattern_probabilities()[(4, 3, 3, 3)]
        self._headline.setText(
            self.tr(
                "Hands with a suit of six or more: {long} (perfect shuffle {long_exact}). "
                "4-3-3-3 hands: {flat} (perfect shuffle {flat_exact})."
            ).format(
                long=percent_text(long_seen),
                long_exact=percent_text(long_exact),
                flat=percent_text(flat_seen),
                flat_exact=percent_text(flat_exact),
            )
        )
        self._chart.set_summary(s)
        fits = sum(s.fit_splits)
        for row, (name, fraction, exact) in enumerate(s.fit_split_table()):
            real = fits > 0 and abs(fraction - exact) > SIGNIFICANT * standard_error(exact, fits)
            set_row(
                self._fits,
                row,
                [
                    name,
                    percent_text(fraction) if fits else "",
                    percent_text(exact),
                    _difference_text(fraction, exact) if fits else "",
                ],
                bold=(1, 3) if real else (),
            )
        self._fit_note.setText(
            self.tr("From {fits} nine-card fits: how the opponents' four cards split.").format(fits=f"{fits:,}")
        )
        self._ties.setText(s.ties.text())

    def _show_results_for(self) -> None:
        s = self._summary
        if s is None:
            self._results_for.setText(self.tr("No simulation yet: pick a model and press Simulate."))
            return
        if s.decks < self._decks and not self.is_simulating():
            text = self.tr("Results for {decks} decks (stopped early): {model}")
        elif s.decks < self._decks:
            text = self.tr("Results so far, {decks} decks: {model}")
        else:
            text = self.tr("Results for {decks} decks: {model}")
        text = text.format(decks=f"{s.decks:,}", model=s.description)
        if s.model != self.model().spec:
            text += " " + self.tr("(not the model now chosen above)")
        self._results_for.setText(text)

    # -- the ties test's power -----------------------------------------------------------------------

    def power_points(self) -> list[PowerPoint]:
        """The rows of the riffle-power table measured so far."""
        return list(self._power_points)

    @Slot()
    def measure_power(self) -> None:
        """Measure, in the worker, how often the ties test catches each number of riffles."""
        start = self._start.currentData()
        self._power_points = []
        for row, k in enumerate(self._power_riffles):
            set_row(self._power, row, [self._riffle_label(k), "", ""])
        self._power_progress.setValue(0)
        self._power_progress.show()
        self._measure.setEnabled(False)
        self._power_runner.start(_power_task(self._power_riffles, start, self._power_replicates, self._seed))

    @Slot(int, object)
    def _on_power_partial(self, job_id: int, value: object) -> None:
        if not isinstance(value, PowerPoint):
            return
        row = len(self._power_points)
        self._power_points.append(value)
        detected = value.power > 0.05 + 2 * value.standard_error  # clearly above the false-alarm rate
        set_row(
            self._power,
            row,
            [self._riffle_label(self._power_riffles[row]), f"{value.mean_ties:.2f}", f"{100 * value.power:.0f}%"],
            bold=(2,) if detected else (),
        )
        self._power_progress.setValue(row + 1)

    @Slot(int, object)
    def _on_power_finished(self, job_id: int, value: object) -> None:
        self._measure.setEnabled(True)
        self._power_progress.hide()
        self.power_finished.emit(self.power_points())

    @Slot(int, object)
    def _on_power_failed(self, job_id: int, failure: JobFailure) -> None:
        self._measure.setEnabled(True)
        self._power_progress.hide()
        self._status.setText(self.tr("Measuring the ties test failed: {message}").format(message=failure.message))

    # -- dealing a set -------------------------------------------------------------------------------

    @Slot()
    def ask_and_deal_set(self) -> None:
        """Ask how many boards (default 16), then deal them with the current model."""
        count, ok = QInputDialog.getInt(
            self,
            self.tr("Deal a Set with This Model"),
            self.tr("How many boards? They are dealt with this model:\n{model}").format(model=self.model().describe()),
            DEFAULT_BOARDS,
            1,
            MAX_SET,
        )
        if ok:
            self.deal_set(count)

    def deal_set(self, count: int) -> None:
        """Hand the current model and ``count`` to the main window; the lab stays open."""
        model = self.model()
        self._on_deal_set(model, count)
        self._status.setText(
            self.tr("Dealt {count} boards in the main window: {model}.").format(
                count=f"{count:,}", model=model.describe()
            )
        )

    # -- closing -------------------------------------------------------------------------------------

    def jobs_stopped(self) -> None:
        """The lab closed (``ToolWindow`` stopped both workers): the buttons are ready for the next showing."""
        self._set_running(False)
        self._measure.setEnabled(True)
        self._power_progress.hide()
