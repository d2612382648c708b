"""The audit of a board set: could a computer have dealt these boards, or do they look hand-shuffled?

Bridge players argue about whether a set "feels" hand-shuffled.  ``engine.lab.audit.audit_boards`` answers
with tests against the exact probabilities; this dialog runs it off the GUI thread (a big set takes a
moment) and shows, in this order, what a player wants to know: the verdict in one plain sentence, the
checks behind it with their p-values, and what the audit cannot tell (a deal records who holds each
card, not the order the cards were dealt, and small sets have little power).  The verdict's wording
follows ``AuditResult.verdict_text`` but is built here, so that it can be translated.

The table and number helpers are in ``result_tables`` (the Shuffle Lab uses them too).
"""

from __future__ import annotations

import threading
from collections.abc import Generator
from html import escape

from PySide6.QtCore import Qt, Signal, Slot
from PySide6.QtGui import QFont, QGuiApplication, QPalette
from PySide6.QtWidgets import (
    QDialogButtonBox,
    QFrame,
    QGroupBox,
    QLabel,
    QProgressBar,
    QPushButton,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from bridgegui.engine import stats
from bridgegui.engine.boards import Board
from bridgegui.engine.lab.audit import MIN_BOARDS, SECONDARY_CHECKS, AuditResult, audit_boards
from bridgegui.ui.tools.base import ToolWindow
from bridgegui.ui.tools.result_tables import (
    RIGHT,
    fit_table_height,
    fit_to_screen,
    p_value_text,
    percent_text,
    results_table,
    set_row,
)
from bridgegui.workers.job_runner import JobFailure, Task

__all__ = ["AuditWindow"]


def _audit_task(boards: tuple[Board, ...], alpha: float) -> Task:
    """The worker's job: one audit (Boards are frozen, so the tuple is a safe snapshot)."""

    def work(cancel: threading.Event) -> Generator[None, None, AuditResult]:
        yield None  # a cancel before the audit starts stops it here
        return audit_boards(boards, alpha=alpha)

    return work


class AuditWindow(ToolWindow):
    """Audits a board set for random dealing in the background and shows the verdict, checks and limits.

    Starts at once.  Signals, both on the GUI thread: ``audit_finished(AuditResult)`` when the result
    is shown, ``audit_failed(str)`` with the error's message.  ``audit_result()`` is ``None`` until then.
    Closing the dialog cancels the audit and waits for the worker (``ToolWindow``).
    """

    audit_finished = Signal(object)
    audit_failed = Signal(str)

    def __init__(self, parent: QWidget | None, boards: list[Board], *, alpha: float = 0.01) -> None:
        super().__init__(parent)
        self.setObjectName("auditDialog")
        self.setWindowTitle(self.tr("Audit Board Set"))
        self._alpha = alpha
        self._result: AuditResult | None = None
        snapshot = tuple(boards)
        with_deal = sum(1 for b in snapshot if b.deal is not None and b.deal.is_complete)

        layout = QVBoxLayout(self)
        verdict_box = QFrame(self)
        verdict_box.setObjectName("verdictBox")
        verdict_box.setFrameShape(QFrame.Shape.StyledPanel)
        verdict_box.setBackgroundRole(QPalette.ColorRole.AlternateBase)
        verdict_box.setAutoFillBackground(True)
        box_layout = QVBoxLayout(verdict_box)
        self._verdict = QLabel(
            self.tr("Auditing {n} boards…").format(n=f"{with_deal:,}"),
            verdict_box,
        )
        self._verdict.setObjectName("verdict")
        self._verdict.setWordWrap(True)
        self._verdict.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        font = QFont(self._verdict.font())
        font.setBold(True)
        font.setPointSizeF(font.pointSizeF() * 1.35)
        self._verdict.setFont(font)
        box_layout.addWidget(self._verdict)
        self._detail = QLabel(verdict_box)
        self._detail.setObjectName("verdictDetail")
        self._detail.setWordWrap(True)
        self._detail.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        box_layout.addWidget(self._detail)
        self._progress = QProgressBar(verdict_box)
        self._progress.setObjectName("auditProgress")
        self._progress.setRange(0, 0)  # busy: the audit reports no intermediate steps
        self._progress.setTextVisible(False)
        box_layout.addWidget(self._progress)
        layout.addWidget(verdict_box)

        checks = QGroupBox(self.tr("Checks"), self)
        checks_layout = QVBoxLayout(checks)
        headers = (self.tr("Check"), self.tr("Statistic"), self.tr("p-value"), self.tr("Level"), self.tr("Result"))
        self._table = results_table(checks, headers, 0, object_name="auditChecks")
        fit_table_height(self._table)
        checks_layout.addWidget(self._table)
        note = QLabel(
            self.tr(
                "A check fails when its p-value is below its level. Flatness is the main test: hand-shuffled "
                "decks give flatter hands. The other checks each use level {alpha} / {k}, so that a randomly "
                "dealt set fails one of them in at most about {percent}% of sets."
            ).format(alpha=f"{alpha:g}", k=SECONDARY_CHECKS, percent=f"{100 * alpha:g}"),
            checks,
        )
        note.setWordWrap(True)
        checks_layout.addWidget(note)
        layout.addWidget(checks)

        limits = QGroupBox(self.tr("What this can and cannot tell"), self)
        limits_layout = QVBoxLayout(limits)
        self._limits = QLabel(limits)
        self._limits.setObjectName("limitations")
        self._limits.setWordWrap(True)
        self._limits.setTextFormat(Qt.TextFormat.RichText)
        self._limits.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        limits_layout.addWidget(self._limits)
        layout.addWidget(limits)
        layout.addStretch(1)

        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        self._copy = QPushButton(self.tr("&Copy Report"), self)
        self._copy.setObjectName("copyReport")
        self._copy.setToolTip(self.tr("Copy the full report as text, to paste into a mail or a club notice"))
        self._copy.setEnabled(False)
        self._copy.clicked.connect(self.copy_report)
        buttons.addButton(self._copy, QDialogButtonBox.ButtonRole.ActionRole)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        fit_to_screen(self, 780, 680)

        self._runner = self.add_runner("bridgegui-audit")
        self._runner.finished.connect(self._on_finished)
        self._runner.failed.connect(self._on_failed)
        self._runner.start(_audit_task(snapshot, alpha))

    # -- public ----------------------------------------------------------------------------------

    def audit_result(self) -> AuditResult | None:
        """The audit, once finished (``None`` before)."""
        return self._result

    def verdict(self) -> str:
        """The headline shown (what tests and screen readers get)."""
        return self._verdict.text()

    @Slot()
    def copy_report(self) -> None:
        if self._result is not None:
            QGuiApplication.clipboard().setText(self._result.text())

    # -- results ---------------------------------------------------------------------------------

    @Slot(int, object)
    def _on_finished(self, job_id: int, value: object) -> None:
        if not isinstance(value, AuditResult):
            return
        self._result = value
        self._progress.hide()
        self._verdict.setText(self._verdict_sentence(value))
        self._detail.setText(self._detail_text(value))
        self._fill_checks(value)
        self._limits.setText(
            "<ul style='margin-left: -20px'>" + "".join(f"<li>{escape(s)}</li>" for s in value.limitations()) + "</ul>"
        )
        self._copy.setEnabled(True)
        self.audit_finished.emit(value)

    @Slot(int, object)
    def _on_failed(self, job_id: int, failure: JobFailure) -> None:
        self._progress.hide()
        self._verdict.setText(self.tr("The audit failed: {message}").format(message=failure.message))
        self.audit_failed.emit(failure.message)

    def _verdict_sentence(self, r: AuditResult) -> str:
        """The plain-language verdict (``AuditResult.verdict_text``'s wording, translatable)."""
        p = p_value_text(r.flatness_p)
        if r.verdict == "too-few":
            return self.tr("Too few boards to tell: {n} with a deal, at least {min} are needed.").format(
                n=r.boards, min=MIN_BOARDS
            )
        if r.verdict == "flat":
            return self.tr("Long suits are rarer than chance: looks hand-shuffled, p = {p}.").format(p=p)
        if r.verdict == "long":
            return self.tr(
                "Long suits are more common than chance, p = {p}: not the hand-shuffling signature. "
                "Were the deals chosen or constrained?"
            ).format(p=p)
        if r.verdict == "irregular":
            reasons = [f"{self._check_name(c.name)} (p = {p_value_text(c.p_value)})" for c in r.failed_checks]
            if r.repeats:
                reasons.append(
                    self.tr("1 repeated deal")
                    if r.repeats == 1
                    else self.tr("{n} repeated deals").format(n=f"{r.repeats:,}")
                )
            return self.tr("Not consistent with random dealing: {reasons}.").format(reasons="; ".join(reasons))
        return self.tr("Consistent with random dealing: no test rejects.")

    def _detail_text(self, r: AuditResult) -> str:
        parts = [
            self.tr("1 board audited.") if r.boards == 1 else self.tr("{n} boards audited.").format(n=f"{r.boards:,}")
        ]
        if r.skipped:
            parts.append(
                self.tr("1 board without a full deal was skipped.")
                if r.skipped == 1
                else self.tr("{n} boards without a full deal were skipped.").format(n=f"{r.skipped:,}")
            )
        if r.boards:
            hands = 4 * r.boards
            exact = stats.pattern_probabilities()
            long_chance = sum(p for pattern, p in exact.items() if pattern[0] >= 6)
            parts.append(
                self.tr(
                    "Hands with a suit of six or more: {long} (chance {long_chance}); 4-3-3-3 hands: {flat} "
                    "(chance {flat_chance})."
                ).format(
                    long=percent_text(r.long_suit_hands / hands),
                    long_chance=percent_text(long_chance),
                    flat=percent_text(r.four_three_three_three / hands),
                    flat_chance=percent_text(exact[(4, 3, 3, 3)]),
                )
            )
            if r.verdict in ("random", "irregular", "too-few") and r.power < 0.9:
                # Passing means little when the test could hardly have failed: say so beside the verdict.
                parts.append(
                    self.tr(
                        "With only this many boards, a set shuffled like Bredrup & Zhang's club decks would be "
                        "caught just {power}% of the time."
                    ).format(power=f"{100 * r.power:.0f}")
                )
        return " ".join(parts)

    def _check_name(self, name: str) -> str:
        """The engine's check names (``"patterns North"``, ``"HCP East"``, ``"card by seat"``) for people."""
        kind, _, seat = name.partition(" ")
        seats = {"North": self.tr("North"), "East": self.tr("East"), "South": self.tr("South"), "West": self.tr("West")}
        if kind == "patterns" and seat in seats:
            return self.tr("Hand patterns, {seat}").format(seat=seats[seat])
        if kind == "HCP" and seat in seats:
            return self.tr("High-card points, {seat}").format(seat=seats[seat])
        if name == "card by seat":
            return self.tr("Each card to each seat equally")
        return name

    def _fill_checks(self, r: AuditResult) -> None:
        ok, fails = self.tr("passes"), self.tr("FAILS")
        level = self.tr("{alpha} two-sided").format(alpha=f"{r.alpha:g}")
        rows: list[tuple[list[str], bool]] = []
        if r.boards:
            rows.append(
                (
                    [
                        self.tr("Flatness: long suits against chance"),
                        self.tr("{mean} pairs a deal (chance {expected}), z = {z}").format(
                            mean=f"{r.mean_flatness:.2f}",
                            expected=f"{r.expected_flatness:.2f}",
                            z=f"{r.flatness_z:.2f}",
                        ),
                        p_value_text(r.flatness_p),
                        level,
                    ],
                    r.flatness_p >= r.alpha,
                )
            )
        secondary = f"{r.secondary_level:.2g}"
        for check in (*r.patterns, *r.hcp, *([r.card_seat] if r.card_seat else [])):
            statistic = self.tr("χ² = {x} on {dof} df").format(x=f"{check.statistic:.1f}", dof=check.dof)
            rows.append(
                (
                    [self._check_name(check.name), statistic, p_value_text(check.p_value), secondary],
                    check.passes(r.secondary_level),
                )
            )
        if r.boards and r.card_seat is None:
            rows.append(
                (
                    [
                        self._check_name("card by seat"),
                        self.tr("not tested (fewer than {n} boards)").format(n=MIN_BOARDS),
                        "",
                        "",
                    ],
                    True,
                )
            )
        if r.boards:
            rows.append(([self.tr("Repeated deals"), f"{r.repeats:,}", "", self.tr("none expected")], not r.repeats))
        self._table.setRowCount(0)
        self._table.setRowCount(len(rows))
        for row, (texts, passed) in enumerate(rows):
            for column in range(5):
                item = QTableWidgetItem("")
                if column:
                    item.setTextAlignment(RIGHT)
                self._table.setItem(row, column, item)
            set_row(self._table, row, [*texts, ok if passed else fails], bold=() if passed else (4,))
        fit_table_height(self._table)  # every check in view: the table is short
