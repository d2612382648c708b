"""Audit dialog: the verdict for a uniform set and for a hand-shuffled (Markov) set, skipped boards, small sets.

The sets are seeded.  The Markov set has 400 boards: audit.py's power figures give about 165 boards
for a 90% chance of catching Bredrup & Zhang's decks (p = 0.384) at alpha = 0.01, so 400 are caught
essentially always (power above 99.9%); with the seed fixed the outcome is deterministic anyway.
"""

from __future__ import annotations

import pytest

from bridgegui.engine import Board, Deal, deal_batch, make_rng
from bridgegui.engine.lab.audit import REFERENCE_EFFECTS, AuditResult, flatness_power
from bridgegui.engine.lab.shuffles import MarkovShuffle
from bridgegui.ui.tools.audit_window import AuditWindow


def _boards(batch, first: int = 1) -> list[Board]:
    return [Board(first + i, Deal.from_masks(row)) for i, row in enumerate(batch.tolist())]


@pytest.fixture
def audited(qtbot):
    def run(boards: list[Board]) -> tuple[AuditWindow, AuditResult]:
        dialog = AuditWindow(None, boards)
        qtbot.addWidget(dialog)
        if dialog.audit_result() is None:
            with qtbot.waitSignal(dialog.audit_finished, timeout=15_000):
                pass
        result = dialog.audit_result()
        assert result is not None
        return dialog, result

    return run


def test_uniform_set_is_consistent_with_random_dealing(audited):
    dialog, result = audited(_boards(deal_batch(2_000, seed=20_240_601)))
    assert dialog.objectName() == "auditDialog"
    assert result.verdict == "random"
    assert "consistent with random dealing" in dialog.verdict().lower()
    table = dialog._table
    names = [table.item(row, 0).text() for row in range(table.rowCount())]
    assert names[0].startswith("Flatness")
    assert "Hand patterns, North" in names and "High-card points, West" in names
    assert "Each card to each seat equally" in names and names[-1] == "Repeated deals"
    assert table.rowCount() == 11
    assert {table.item(row, 4).text() for row in range(table.rowCount())} == {"passes"}
    assert float(table.item(0, 2).text()) == pytest.approx(result.flatness_p, rel=0.05)
    assert "ties test" in dialog._limits.text()
    assert "2,000 boards audited" in dialog._detail.text()
    assert not dialog._progress.isVisible() and dialog._copy.isEnabled()


def test_markov_set_looks_hand_shuffled(audited):
    assert flatness_power(REFERENCE_EFFECTS["markov:0.384"], 400) > 0.999
    batch = MarkovShuffle(0.384).deal(400, make_rng(20_240_602))
    dialog, result = audited(_boards(batch))
    assert result.verdict == "flat"
    text = dialog.verdict()
    assert "looks hand-shuffled" in text and "p = " in text
    assert dialog._table.item(0, 4).text() == "FAILS"
    assert dialog._table.item(0, 4).font().bold()


def test_boards_without_a_deal_are_skipped_and_counted(audited):
    boards = [*_boards(deal_batch(60, seed=5)), Board(61, None), Board(62, None), Board(63, None)]
    dialog, result = audited(boards)
    assert result.skipped == 3 and result.boards == 60
    assert "3 boards without a full deal were skipped" in dialog._detail.text()
    assert "caught just" in dialog._detail.text()  # 60 boards have little power: said beside the verdict


def test_too_few_boards(audited):
    dialog, result = audited(_boards(deal_batch(8, seed=1)))
    assert result.verdict == "too-few"
    assert "Too few boards" in dialog.verdict()
    assert any("not tested" in dialog._table.item(r, 1).text() for r in range(dialog._table.rowCount()))


def test_copy_report(audited, qapp):
    dialog, result = audited(_boards(deal_batch(40, seed=2)))
    dialog._copy.click()
    assert qapp.clipboard().text() == result.text()


def test_closing_at_once_leaves_no_thread(qtbot):
    dialog = AuditWindow(None, _boards(deal_batch(3_000, seed=4)))
    qtbot.addWidget(dialog)
    dialog.close()
    assert dialog._runner.pool.activeThreadCount() == 0
