"""The "what we know" lines: what the auction so far shows about each seat (the Bidding dock, Explain).

After every call, the panel (``inferencePanel``) deals the boards on which the system bids the auction
so far *and* the student holds their own hand (``engine.bidding.inference``: exactly, never the hidden
hands), and words each other seat's shown hand in one line: "Partner: 15–17 HCP, balanced; 4+♥".
Without a known hand (Explain This Hand, where the teacher sees the table) the lines say what the
auction told everyone, seat by seat: "North: 15–17 HCP, balanced".  On
demand (``inferenceDetails``) a small chart (``inferenceHistogram``) shows a seat's HCP over those
deals against the HCP of any hand.

The dealing runs on the panel's own job runner; a newer call replaces an older job, and ``shutdown``
(the window's close) cancels and waits for it.  Words come from the engine's numbers through ``tr``.
"""

from __future__ import annotations

import threading
from collections.abc import Generator
from dataclasses import dataclass

import numpy as np
from PySide6.QtCore import Qt, Slot
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLabel, QToolButton, QVBoxLayout, QWidget

from bridgegui.engine import evaluation, stats
from bridgegui.engine.bidding import Auction, System
from bridgegui.engine.bidding.inference import Inference, KnownHand, SeatInference, shown_hands
from bridgegui.engine.cards import SEATS, SUIT_SYMBOLS
from bridgegui.engine.teaching.frequencies import Row
from bridgegui.ui.widgets.bar_chart import BarChart
from bridgegui.workers.job_runner import JobFailure, JobRunner, Task

INFERENCE_DEALS = 400
"""Deals behind the window's lines: enough for stable 5th-95th percentile ranges, dealt in a blink."""

INFERENCE_SEED = 1
"""The lines' fixed seed: the same auction and hand always read the same, so nothing flickers."""

INFERENCE_MAX_TRIES = 2_000_000
"""An auction the system makes only rarely (a student's own unusual call) gives up within a second or so."""

BALANCED_SHARE = 0.95
"""A seat is called balanced (or unbalanced) when at least this share of its hands is (or is not)."""


@dataclass(frozen=True)
class ShownHands:
    """A job's result: the inference and each seat's HCP counts (``(4, 38)``, read-only)."""

    inference: Inference
    hcp_counts: np.ndarray


def infer_task(system: System, auction: Auction, known: KnownHand | None, vulnerable: str) -> Task:
    """The job: deal, summarise, count HCP (a generator function of the cancel event, for ``JobRunner``)."""

    def task(cancel: threading.Event) -> Generator[None, None, ShownHands]:
        yield None
        inference, deals = shown_hands(
            system,
            auction,
            known=known,
            vulnerable=vulnerable,
            count=INFERENCE_DEALS,
            seed=INFERENCE_SEED,
            cancel=cancel,
            max_tries=INFERENCE_MAX_TRIES,
        )
        hcp = evaluation.hcp(deals)
        counts = np.stack([np.bincount(hcp[:, s], minlength=38)[:38] for s in range(4)])
        counts.flags.writeable = False
        return ShownHands(inference, counts)

    return task


class InferencePanel(QWidget):
    """The "what we know" lines of the Bidding dock (``inferencePanel``).

    Children by objectName: ``inferenceTitle``, ``inferenceLine:N`` ... ``inferenceLine:W`` (one per
    seat; the student's own is hidden), ``inferenceDetails`` (shows ``inferenceSeat`` and
    ``inferenceHistogram``).  No signals; the runner's arrive on the GUI thread.
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("inferencePanel")
        self.runner = JobRunner("bridgegui-inference", self)
        self.runner.finished.connect(self._finished)
        self.runner.failed.connect(self._failed)
        self._job: int | None = None
        self._viewer: str | None = "S"
        self._shown: ShownHands | None = None
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        top = QHBoxLayout()
        self.title = QLabel(self.tr("What the auction shows:"), self)
        self.title.setObjectName("inferenceTitle")
        self.title.setWordWrap(True)  # "(working it out…)" and the deal count must not widen the dock
        self.details = QToolButton(self)
        self.details.setObjectName("inferenceDetails")
        self.details.setText(self.tr("HCP Chart"))
        self.details.setCheckable(True)
        self.details.toggled.connect(self._show_details)
        top.addWidget(self.title, 1)
        top.addWidget(self.details)
        layout.addLayout(top)
        self.lines: dict[str, QLabel] = {}
        for seat in SEATS:
            label = QLabel(self)
            label.setObjectName(f"inferenceLine:{seat}")
            label.setWordWrap(True)
            label.setTextFormat(Qt.TextFormat.PlainText)
            self.lines[seat] = label
            layout.addWidget(label)
        self.seat_choice = QComboBox(self)
        self.seat_choice.setObjectName("inferenceSeat")
        self.seat_choice.currentIndexChanged.connect(self._chart)
        self.chart = BarChart(self)
        self.chart.setObjectName("inferenceHistogram")
        self.chart.setMinimumHeight(140)
        layout.addWidget(self.seat_choice)
        layout.addWidget(self.chart)
        self._show_details(False)
        self.clear()

    # -- API ---------------------------------------------------------------------------------------

    def show_for(self, system: System, auction: Auction, known: KnownHand | None, vulnerable: str) -> None:
        """Work out what ``auction`` shows to the holder of ``known``, or (None) to everyone at the table,
        replacing any job still running."""
        self._viewer = known.seat if known is not None else None
        self.title.setText(self.tr("What the auction shows (working it out…)"))
        self._job = self.runner.start(infer_task(system, auction, known, vulnerable))
        self.show()

    def clear(self) -> None:
        """Nothing to show (no auction being bid): stop any job and hide the panel."""
        if self.runner.has_jobs():
            self.runner.cancel()
        self._job = None
        self._shown = None
        for label in self.lines.values():
            label.clear()
        self.hide()

    def shutdown(self) -> None:
        """Cancel the job and wait for the thread (the window is closing)."""
        self._job = None
        self.runner.shutdown()

    # -- words -------------------------------------------------------------------------------------

    def relation(self, seat: str) -> str:
        """Who ``seat`` is to the student: partner or an opponent (the seat's name without a student)."""
        if self._viewer is None:
            return (self.tr("North"), self.tr("East"), self.tr("South"), self.tr("West"))[SEATS.index(seat)]
        turn = (SEATS.index(seat) - SEATS.index(self._viewer)) % 4
        return (self.tr("You"), self.tr("Left-hand opponent"), self.tr("Partner"), self.tr("Right-hand opponent"))[turn]

    def seat_line(self, seat: SeatInference) -> str:
        """One seat in a line: "Partner: 15–17 HCP, balanced; 4+♥"."""
        hcp = seat.hcp
        words = [
            self.tr("{n} HCP").format(n=f"{hcp.p05}" if hcp.p05 == hcp.p95 else f"{hcp.p05}–{hcp.p95}"),
        ]
        if seat.balanced >= BALANCED_SHARE:
            words.append(self.tr("balanced"))
        elif seat.balanced <= 1 - BALANCED_SHARE:
            words.append(self.tr("unbalanced"))
        suits = []
        for symbol, length in zip(SUIT_SYMBOLS, seat.lengths, strict=True):
            if length.p05 >= 4:
                suits.append(self.tr("{n}+{suit}").format(n=length.p05, suit=symbol))
            elif length.p95 <= 2:
                suits.append(self.tr("at most {n}{suit}").format(n=length.p95, suit=symbol))
        text = ", ".join(words)
        if suits:
            text += "; " + ", ".join(suits)
        return self.tr("{who}: {what}").format(who=self.relation(seat.seat), what=text)

    # -- results -----------------------------------------------------------------------------------

    @Slot(int, object)
    def _finished(self, job: int, result: object) -> None:
        if job != self._job or not isinstance(result, ShownHands):
            return
        self._shown = result
        inference = result.inference
        self.title.setText(self.tr("What the auction shows ({n} deals):").format(n=inference.deals))
        for seat in inference.seats:
            label = self.lines[seat.seat]
            label.setVisible(seat.seat != self._viewer)
            label.setText(self.seat_line(seat))
        self.seat_choice.blockSignals(True)
        self.seat_choice.clear()
        for seat in inference.seats:
            if seat.seat != self._viewer:
                self.seat_choice.addItem(self.relation(seat.seat), seat.seat)
        if self._viewer is not None:
            partner = SEATS[(SEATS.index(self._viewer) + 2) % 4]
            self.seat_choice.setCurrentIndex(max(0, self.seat_choice.findData(partner)))  # partner's, to start with
        self.seat_choice.blockSignals(False)
        self._chart()

    @Slot(int, object)
    def _failed(self, job: int, failure: object) -> None:
        if job != self._job:
            return
        self._shown = None
        message = failure.message if isinstance(failure, JobFailure) else str(failure)
        self.title.setText(self.tr("What the auction shows: nothing to work out ({why}).").format(why=message))
        for label in self.lines.values():
            label.clear()
            label.hide()

    @Slot(bool)
    def _show_details(self, on: bool) -> None:
        self.seat_choice.setVisible(on)
        self.chart.setVisible(on)

    @Slot()
    def _chart(self) -> None:
        shown = self._shown
        seat = self.seat_choice.currentData()
        if shown is None or seat is None:
            self.chart.set_rows([], total=0)
            return
        counts = shown.hcp_counts[SEATS.index(seat)]
        total = int(counts.sum())
        prior = stats.hcp_probabilities()
        seen = np.flatnonzero(counts)
        lo, hi = (int(seen.min()), int(seen.max())) if seen.size else (0, 0)
        rows = [
            Row(str(h), int(counts[h]), 100.0 * counts[h] / max(total, 1), 100.0 * prior[h])
            for h in range(max(0, lo - 2), min(37, hi + 2) + 1)
        ]
        self.chart.set_rows(
            rows,
            total=total,
            title=self.tr("{who}: HCP").format(who=self.relation(seat)),
            orientation=Qt.Orientation.Vertical,
        )


__all__ = ["INFERENCE_DEALS", "InferencePanel", "ShownHands", "infer_task"]
