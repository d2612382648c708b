"""The double-dummy panel: with endplay, without it (simulated), from a file's tags, hidden, idle."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from bridgegui.engine import double_dummy
from bridgegui.engine.boards import Board
from bridgegui.engine.cards import Deal
from bridgegui.engine.dealing import deal_batch
from bridgegui.formats import pbn
from bridgegui.ui.mainwindow.window import MainWindow
from bridgegui.ui.widgets.dd_panel import DECLARERS, STRAIN_COLUMNS, DoubleDummyPanel
from tests.ui.window_steps import deal_set

HAS_ENDPLAY = importlib.util.find_spec("endplay") is not None


def board(seed: int = 5, number: int = 3, **tags: str) -> Board:
    deal = Deal.from_masks(deal_batch(1, seed=seed)[0].tolist())
    return Board(number, deal).with_tags(**tags) if tags else Board(number, deal)


@pytest.fixture
def panel(qtbot: QtBot) -> DoubleDummyPanel:
    p = DoubleDummyPanel()
    qtbot.addWidget(p)  # not shown: a top-level panel that resizes itself warns on the offscreen platform
    return p


def test_without_endplay_the_panel_says_how_to_enable_it(
    qtbot: QtBot, panel: DoubleDummyPanel, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(double_dummy, "available", lambda: False)
    with qtbot.waitSignal(panel.unavailable, timeout=10_000) as signal:
        panel.set_board(board())
        panel.set_active(True)
    assert double_dummy.install_command() in signal.args[0]
    assert double_dummy.install_command() in panel.message.text()
    assert not panel.table_box.isVisibleTo(panel) and panel.analysis() is None
    panel.set_board(board(seed=6))  # the answer is kept: no new job for the next board
    assert not panel.is_busy() and double_dummy.install_command() in panel.message.text()


@pytest.mark.skipif(not HAS_ENDPLAY, reason="endplay (the optional dd extra) is not installed")
def test_with_endplay_the_table_and_par_are_computed_off_the_gui_thread(qtbot: QtBot, panel: DoubleDummyPanel) -> None:
    shown = board()
    with qtbot.waitSignal(panel.analysed, timeout=30_000):
        panel.set_board(shown)
        panel.set_active(True)
        assert panel.is_busy()  # the solve runs in the worker, the call returned at once
    assert shown.deal is not None
    expected = double_dummy.dd_table(shown.deal)
    for seat in DECLARERS:
        for strain in STRAIN_COLUMNS:
            assert panel.tricks_text(seat, strain) == str(expected.get(seat, strain))
    analysis = panel.analysis()
    assert analysis is not None and analysis.par is not None
    assert analysis.par == double_dummy.par(expected, "S", "EW")  # board 3: South deals, EW vulnerable
    assert analysis.par.to_pbn_tag() in panel.par_label.text()
    panel.set_board(board(seed=9))
    panel.set_board(shown)  # back again: from the cache, no second solve
    assert not panel.is_busy() and panel.analysis() == analysis


@pytest.mark.skipif(not HAS_ENDPLAY, reason="endplay (the optional dd extra) is not installed")
def test_stepping_through_boards_quickly_solves_only_the_one_that_stays(
    qtbot: QtBot, panel: DoubleDummyPanel, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An analysis starts a moment after its board shows: what revealed the board paints first (the end
    of a practised board measured twice as slow while the solve competed with it), and boards passed
    on the way start none."""
    started: list[object] = []
    start = panel.runner.start
    monkeypatch.setattr(panel.runner, "start", lambda task: started.append(task) or start(task))
    panel.set_active(True)
    for seed in (21, 22, 23):
        panel.set_board(board(seed=seed))
        assert panel.is_busy() and not started  # about to start, not started
    with qtbot.waitSignal(panel.analysed, timeout=30_000):
        pass
    assert len(started) == 1
    last = board(seed=23).deal
    assert last is not None and panel.tricks_text("N", "NT") == str(double_dummy.dd_table(last).get("N", "NT"))


def test_a_boards_tags_are_shown_without_solving(
    qtbot: QtBot, panel: DoubleDummyPanel, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(double_dummy, "available", lambda: False)
    tagged = board(DoubleDummyTricks="746b5747b55862758627", OptimumScore="NS 420")
    panel.set_board(tagged)
    panel.set_active(True)
    assert not panel.is_busy()
    assert panel.tricks_text("N", "NT") == "7" and panel.tricks_text("N", "S") == "4"
    assert panel.tricks_text("N", "D") == "11"
    assert "NS 420" in panel.par_label.text() and "tag" in panel.message.text()


def test_hidden_hands_hide_the_analysis_and_an_idle_panel_does_no_work(panel: DoubleDummyPanel) -> None:
    panel.set_board(board(), hidden=True)
    panel.set_active(True)
    assert not panel.is_busy() and "practice" in panel.message.text()
    assert not panel.table_box.isVisibleTo(panel)
    panel.set_active(False)
    panel.set_board(board(seed=7))
    assert not panel.is_busy()
    panel.set_board(None)
    assert "Deal a board" in panel.message.text()


# -- in the window ----------------------------------------------------------------------------------


def test_the_window_shows_the_panel_in_a_tab_beside_the_boards(
    qtbot: QtBot, window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(double_dummy, "available", lambda: False)
    panel = window.findChild(DoubleDummyPanel, "ddPanel")
    assert panel is window.dd_panel
    assert window.tabifiedDockWidgets(window.boards_dock) == [window.dd_dock]
    deal_set(qtbot, window, 2)
    assert not panel.is_busy()  # its tab is not on screen: no work
    with qtbot.waitSignal(panel.unavailable, timeout=10_000):
        window.dd_dock.raise_()
    assert double_dummy.install_command() in panel.message.text()
    window.set_practice_seats("S")
    assert "practice" in panel.message.text()


@pytest.mark.skipif(not HAS_ENDPLAY, reason="endplay (the optional dd extra) is not installed")
def test_the_window_analyses_the_board_on_screen(qtbot: QtBot, window: MainWindow) -> None:
    deal_set(qtbot, window, 2)
    with qtbot.waitSignal(window.dd_panel.analysed, timeout=30_000):
        window.dd_dock.raise_()
    deal = window.current_board().deal  # type: ignore[union-attr]
    assert window.dd_panel.analysis().table == double_dummy.dd_table(deal)  # type: ignore[union-attr,arg-type]


@pytest.mark.skipif(not HAS_ENDPLAY, reason="endplay (the optional dd extra) is not installed")
def test_saving_with_analysis_writes_the_double_dummy_tags(qtbot: QtBot, window: MainWindow, tmp_path: Path) -> None:
    deal_set(qtbot, window, 3)
    window.actionSaveDoubleDummy.setChecked(True)
    path = tmp_path / "analysed.pbn"
    saved: list[bool] = []
    with qtbot.waitSignal(window.jobs.runner.finished, timeout=60_000):
        assert window.save_file(path, then=lambda: saved.append(True)) is False  # analysing first
        assert window.progress_bar.isVisible() and window.actionStop.isEnabled()
        assert not window.actionDeal.isEnabled()
    assert saved == [True] and not window.is_modified()
    boards = pbn.load(path)
    assert len(boards) == 3
    for board in boards:
        table = double_dummy.DDTable.from_pbn_tag(board.tag("DoubleDummyTricks") or "")
        assert table == double_dummy.dd_table(board.deal)  # type: ignore[arg-type]
        assert board.tag("OptimumScore")
    assert window.save_file(path) is True  # already analysed: saved at once


def test_saving_with_analysis_but_without_endplay_saves_and_says_why(
    qtbot: QtBot, window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(double_dummy, "available", lambda: False)
    deal_set(qtbot, window, 2)
    window.actionSaveDoubleDummy.setChecked(True)
    path = tmp_path / "plain.pbn"
    with qtbot.waitSignal(window.jobs.runner.finished, timeout=10_000):
        window.save_file(path)
    assert path.exists() and not window.is_modified()
    assert all(b.tag("DoubleDummyTricks") is None for b in pbn.load(path))
    assert window.errors and double_dummy.install_command() in window.errors[0]  # type: ignore[attr-defined]
