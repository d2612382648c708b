"""Shuffle lab: model choice, a small simulation filling every table, cancel, the riffle-power table, dealing a set.

Simulations are small (a few thousand decks, seeded) so the file runs in a few seconds; the
statistics themselves are tested in tests/engine/lab.  No test opens a modal dialog: the board count
is asked with ``QInputDialog.getInt``, which the tests replace.
"""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QInputDialog

from bridgegui.engine.lab.audit import LabSummary
from bridgegui.engine.lab.shuffles import MarkovShuffle, RiffleShuffle, ShuffleModel, UniformShuffle
from bridgegui.ui.tools.shuffle_lab_window import AuditWindow, ShuffleLabWindow
from bridgegui.ui.widgets.suit_length_chart import standard_error


@pytest.fixture
def dealt() -> list[tuple[ShuffleModel, int]]:
    return []


@pytest.fixture
def lab(qtbot, dealt):
    dialog = ShuffleLabWindow(
        None,
        lambda model, count: dealt.append((model, count)),
        decks=2_000,
        chunk=500,
        seed=2024,
        power_riffles=(1, 9),
        power_replicates=30,
    )
    qtbot.addWidget(dialog)
    return dialog


def test_both_dialogs_import_from_the_lab_module():
    assert AuditWindow.__name__ == "AuditWindow"


def test_object_name_and_default_model_is_the_club_decks(lab):
    assert lab.objectName() == "shuffleLab"
    assert lab.model().spec == "markov:0.384"
    assert lab.findChild(type(lab._description), "modelDescription").text() == MarkovShuffle(0.384).describe()


def test_editing_a_parameter_picks_its_model(lab):
    lab._riffles.setValue(5)
    assert lab.model() == RiffleShuffle(5, "gathered")
    lab._start.setCurrentIndex(lab._start.findData("sorted"))
    assert lab.model().spec == "riffle:5:sorted"
    lab._p.setValue(0.3)
    assert lab.model().spec == "markov:0.3"
    lab._perfect.setChecked(True)
    assert isinstance(lab.model(), UniformShuffle)
    assert lab._description.text() == UniformShuffle().describe()


def test_set_model_round_trips(lab):
    for model in (RiffleShuffle(7, "sorted"), MarkovShuffle(0.45), UniformShuffle(), RiffleShuffle(4)):
        lab.set_model(model)
        assert lab.model() == model


def test_simulation_fills_the_tables_and_the_ties_line(lab, qtbot):
    updates: list[LabSummary] = []
    lab.simulation_updated.connect(updates.append)
    with qtbot.waitSignal(lab.simulation_finished, timeout=20_000) as blocker:
        lab._simulate.click()
    summary = blocker.args[0]
    assert summary.decks == 2_000 and summary.model == "markov:0.384"
    assert [u.decks for u in updates] == [500, 1_000, 1_500, 2_000]  # partial tallies shown as they came
    assert lab._progress.value() == 2_000
    patterns = lab._patterns
    assert patterns.rowCount() == 39
    assert patterns.item(0, 0).text() == "4-4-3-2"
    assert all(patterns.item(row, 1).text().endswith("%") for row in range(patterns.rowCount()))
    assert all(patterns.item(row, 3).text()[0] in "+-" for row in range(patterns.rowCount()))
    assert [lab._fits.item(row, 0).text() for row in range(3)] == ["2-2", "3-1", "4-0"]
    assert all(lab._fits.item(row, 1).text().endswith("%") for row in range(3))
    assert lab._ties.text() == summary.ties.text()
    assert "mean K" in lab._ties.text() and "Too many ties" in lab._ties.text()
    assert "2,000 decks" in lab._results_for.text()
    assert "six or more" in lab._headline.text()
    assert len(lab._chart.values()) == 8
    assert lab._simulate.isEnabled() and not lab._cancel.isEnabled()
    assert not lab.is_simulating()


def test_results_stay_labelled_with_their_model(lab, qtbot):
    with qtbot.waitSignal(lab.simulation_finished, timeout=20_000):
        lab.simulate()
    lab.set_model(UniformShuffle())
    assert "not the model now chosen" in lab._results_for.text()
    assert "Markov" in lab._results_for.text()


def test_bold_differences_only_beyond_the_noise(lab, qtbot):
    """Bold marks a difference beyond three standard errors: check one row by hand."""
    with qtbot.waitSignal(lab.simulation_finished, timeout=20_000) as blocker:
        lab.simulate()
    summary = blocker.args[0]
    _, observed, exact = summary.pattern_table()[0]
    real = abs(observed - exact) > 3 * standard_error(exact, 4 * summary.decks)
    assert lab._patterns.item(0, 1).font().bold() == real


def test_cancel_stops_the_worker_and_keeps_partial_results(qtbot):
    dialog = ShuffleLabWindow(None, lambda model, count: None, decks=1_000_000, chunk=1_000, seed=7)
    qtbot.addWidget(dialog)
    dialog.set_model(RiffleShuffle(6))
    with qtbot.waitSignal(dialog.simulation_updated, timeout=20_000):
        dialog.simulate()
    assert dialog._cancel.isEnabled()
    with qtbot.waitSignal(dialog.simulation_stopped, timeout=5_000):
        dialog._cancel.click()
    assert not dialog.is_simulating()
    assert dialog._simulate.isEnabled() and not dialog._cancel.isEnabled()
    assert dialog._sim_runner.pool.waitForDone(5_000)
    done = dialog.summary().decks
    assert 0 < done < 1_000_000
    assert "Cancelled" in dialog._status.text()
    assert "stopped early" in dialog._results_for.text()


def test_closing_during_a_simulation_waits_for_the_worker(qtbot):
    dialog = ShuffleLabWindow(None, lambda model, count: None, decks=1_000_000, chunk=1_000, seed=3)
    qtbot.addWidget(dialog)
    with qtbot.waitSignal(dialog.simulation_updated, timeout=20_000):
        dialog.simulate()
    dialog.close()  # a hidden dialog gets its closeEvent too
    assert dialog._sim_runner.pool.activeThreadCount() == 0


def test_riffle_power_table(lab, qtbot):
    with qtbot.waitSignal(lab.power_finished, timeout=20_000) as blocker:
        lab._measure.click()
    points = blocker.args[0]
    assert [p.label for p in points] == ["1 riffle", "9 riffles"]
    assert lab._power.item(0, 2).text() == "100%"  # one riffle of a gathered deck: always caught
    assert lab._power.item(0, 2).font().bold()
    assert lab._power.item(1, 1).text()  # mean ties shown for every row
    assert lab._measure.isEnabled()


def test_deal_a_set_asks_the_count_and_hands_over_the_model(lab, dealt, monkeypatch):
    asked = []

    def fake_get_int(parent, title, label, value, minimum, maximum, *args):
        asked.append(value)
        return 12, True

    monkeypatch.setattr(QInputDialog, "getInt", staticmethod(fake_get_int))
    lab._riffle.click()  # riffles, 4 times (the spin box's default) from a gathered deck
    lab._deal.click()
    assert asked == [16]
    assert [(m.spec, n) for m, n in dealt] == [("riffle:4", 12)]
    lab.set_model(MarkovShuffle(0.384))
    lab._deal.click()
    assert [(m.spec, n) for m, n in dealt][-1] == ("markov:0.384", 12)
    assert isinstance(dealt[-1][0], MarkovShuffle)
    assert "12 boards" in lab._status.text()


def test_deal_a_set_cancelled_deals_nothing(lab, dealt, monkeypatch):
    monkeypatch.setattr(QInputDialog, "getInt", staticmethod(lambda *args: (16, False)))
    lab._deal.click()
    assert dealt == []
