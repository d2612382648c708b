"""Practice → Simulate: what each candidate call would score, double dummy, over deals consistent with the auction.

The window (``simulationWindow``) takes the decision point from bidding practice (the auction so far and
the student's hand) and the candidate calls (``simulationCalls``: the system's call and its listed
alternatives, and any legal call the user adds).  Run (``simulationRun``) deals ``simulationDeals``
boards exactly (``engine.bidding.simulation``), lets the system finish each candidate's auction and
scores the final contracts double dummy; the table (``simulationTable``) and the verdict line
(``simulationVerdict``) fill in live, chunk by chunk, with the progress bar (``simulationProgress``);
Stop (``simulationStop``) ends the run after the chunk in hand.  The work runs on the window's own
job runner; closing the window cancels it and waits (``ToolWindow``).
"""

from __future__ import annotations

import threading
from collections.abc import Generator

from PySide6.QtCore import Slot
from PySide6.QtWidgets import (
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QProgressBar,
    QPushButton,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from bridgegui.engine.bidding.calls import Call
from bridgegui.engine.bidding.simulation import (
    DEFAULT_SIMULATION_DEALS,
    SimulationResult,
    SimulationSetup,
    contract_text,
    simulate,
)
from bridgegui.engine.cards import SEAT_NAMES, SEATS, Hand
from bridgegui.engine.dealing import new_seed
from bridgegui.engine.errors import BridgeError
from bridgegui.ui.tools.base import ToolWindow
from bridgegui.workers.job_runner import JobFailure, Task

MAX_DEALS = 100_000


def simulation_task(setup: SimulationSetup, count: int, seed: int) -> Task:
    """The job: yields ``(done, total, result)`` after every chunk; the runner's cancel event stops it."""

    def task(cancel: threading.Event) -> Generator[tuple[int, int, SimulationResult] | None, None, None]:
        yield None
        for progress in simulate(setup, count, seed=seed, cancel=cancel):
            yield (progress.done, progress.total, progress.result)

    return task


class SimulationWindow(ToolWindow):
    """Compares candidate calls at a decision point.  No signals of its own; the runner's arrive on the GUI thread."""

    def __init__(self, parent: QWidget | None, setup: SimulationSetup) -> None:
        super().__init__(parent)
        self.setObjectName("simulationWindow")
        self.setWindowTitle(self.tr("Simulate"))
        self.setup = setup
        self.runner = self.add_runner("bridgegui-simulation")
        self.runner.yielded.connect(self._progress)
        self.runner.finished.connect(self._ended)
        self.runner.failed.connect(self._failed)
        self.runner.cancelled.connect(self._ended)
        self._job: int | None = None
        self.latest: SimulationResult | None = None
        layout = QVBoxLayout(self)
        self.header = QLabel(self._header_text(), self)
        self.header.setObjectName("simulationHeader")
        self.header.setWordWrap(True)
        layout.addWidget(self.header)
        form = QFormLayout()
        self.calls = QLineEdit(", ".join(setup.candidates), self)
        self.calls.setObjectName("simulationCalls")
        self.calls.setToolTip(self.tr("The calls to compare, separated by commas; IMPs are against the first"))
        self.deals = QSpinBox(self)
        self.deals.setObjectName("simulationDeals")
        self.deals.setRange(1, MAX_DEALS)
        self.deals.setValue(DEFAULT_SIMULATION_DEALS)
        form.addRow(self.tr("&Calls:"), self.calls)
        form.addRow(self.tr("&Deals:"), self.deals)
        layout.addLayout(form)
        buttons = QHBoxLayout()
        self.run_button = QPushButton(self.tr("&Run"), self)
        self.run_button.setObjectName("simulationRun")
        self.run_button.clicked.connect(self.run)
        self.stop_button = QPushButton(self.tr("&Stop"), self)
        self.stop_button.setObjectName("simulationStop")
        self.stop_button.clicked.connect(self.stop)
        self.stop_button.setEnabled(False)
        buttons.addWidget(self.run_button)
        buttons.addWidget(self.stop_button)
        buttons.addStretch(1)
        layout.addLayout(buttons)
        self.progress = QProgressBar(self)
        self.progress.setObjectName("simulationProgress")
        layout.addWidget(self.progress)
        self.table = QTableWidget(0, 5, self)
        self.table.setObjectName("simulationTable")
        self.table.setHorizontalHeaderLabels(
            [self.tr("Call"), self.tr("Mean score"), self.tr("IMPs"), self.tr("± s.e."), self.tr("Contracts (made)")]
        )
        self.table.horizontalHeader().setStretchLastSection(True)
        layout.addWidget(self.table, 1)
        self.verdict = QLabel(self)
        self.verdict.setObjectName("simulationVerdict")
        self.verdict.setWordWrap(True)
        layout.addWidget(self.verdict)
        self.resize(640, 420)

    def _header_text(self) -> str:
        setup = self.setup
        known = setup.known
        hand = ""
        if known is not None:
            hand = self.tr(" {seat} holds {hand}.").format(
                seat=SEAT_NAMES[SEATS.index(known.seat)], hand=Hand(known.mask).to_pbn()
            )
        return self.tr(
            "After {auction} ({dealer} dealt, vulnerable: {vul}).{hand} Each call is followed by the {system} "
            "system to the end of the auction and scored double dummy."
        ).format(
            auction=setup.auction or self.tr("no calls"),
            dealer=SEAT_NAMES[SEATS.index(setup.dealer)],
            vul=setup.vulnerable,
            hand=hand,
            system=setup.system,
        )

    # -- running -----------------------------------------------------------------------------------

    @Slot()
    def run(self) -> None:
        """Compare the calls in ``simulationCalls`` over ``simulationDeals`` deals."""
        texts = tuple(t.strip() for t in self.calls.text().split(",") if t.strip())
        try:
            calls = tuple(str(Call.parse(t)) for t in texts)
        except BridgeError as exc:
            self.verdict.setText(str(exc))
            return
        self.setup = SimulationSetup(
            self.setup.system, self.setup.auction, self.setup.dealer, calls, self.setup.known, self.setup.vulnerable
        )
        self.latest = None
        self.table.setRowCount(0)
        self.progress.setRange(0, self.deals.value())
        self.progress.setValue(0)
        self.verdict.setText(self.tr("Dealing and solving…"))
        self.run_button.setEnabled(False)
        self.stop_button.setEnabled(True)
        self._job = self.runner.start(simulation_task(self.setup, self.deals.value(), new_seed()))

    @Slot()
    def stop(self) -> None:
        """Stop after the chunk in hand; what was solved stays on screen."""
        self.runner.cancel()

    def jobs_stopped(self) -> None:
        self._job = None
        self.run_button.setEnabled(True)
        self.stop_button.setEnabled(False)

    @Slot(int, object)
    def _progress(self, job: int, value: object) -> None:
        if job != self._job or not isinstance(value, tuple):
            return
        done, total, result = value
        self.progress.setMaximum(total)
        self.progress.setValue(done)
        self.latest = result
        self._show(result)

    @Slot(int)
    @Slot(int, object)
    def _ended(self, job: int, _result: object = None) -> None:
        if job != self._job and self._job is not None:
            return
        self._job = None
        self.run_button.setEnabled(True)
        self.stop_button.setEnabled(False)
        if self.latest is None:
            self.verdict.setText(self.tr("Stopped before any deal was solved."))

    @Slot(int, object)
    def _failed(self, job: int, failure: object) -> None:
        if job != self._job:
            return
        self._ended(job)
        self.verdict.setText(failure.message if isinstance(failure, JobFailure) else str(failure))

    # -- words -------------------------------------------------------------------------------------

    def _show(self, result: SimulationResult) -> None:
        self.table.setRowCount(len(result.candidates))
        for row, c in enumerate(result.candidates):
            contracts = ", ".join(
                self.tr("{contract} {share}").format(
                    contract=contract_text(s.contract), share=f"{s.deals / result.deals:.0%}"
                )
                + (self.tr(" ({made} made)").format(made=f"{s.made / s.deals:.0%}") if s.contract is not None else "")
                for s in c.contracts[:4]
            )
            cells = [c.call.symbol(), f"{c.mean_score:.0f}", f"{c.mean_imps:+.2f}", f"{c.se_imps:.2f}", contracts]
            for column, text in enumerate(cells):
                self.table.setItem(row, column, QTableWidgetItem(text))
        first = result.candidates[0]
        lines = [
            self.tr("{call}: {imps} ± {se} IMPs against {first} over {n} deals consistent with the auction.").format(
                call=c.call.symbol(),
                imps=f"{c.mean_imps:+.1f}",
                se=f"{c.se_imps:.1f}",
                first=first.call.symbol(),
                n=result.deals,
            )
            for c in result.candidates[1:]
        ]
        self.verdict.setText("\n".join(lines) or self.tr("Over {n} deals.").format(n=result.deals))


__all__ = ["SimulationWindow", "simulation_task"]
