"""Actions are declared once as data: every declared action exists, and enabled states follow the window's state."""

from __future__ import annotations

import dataclasses

import pytest
from PySide6.QtGui import QAction
from pytestqt.qtbot import QtBot

from bridgegui.ui.mainwindow.action_table import ACTIONS, MENUS, TOOLBAR, ActionState, apply_enabled, build_actions
from bridgegui.ui.mainwindow.window import MainWindow

IDLE = ActionState(
    can_deal=True,
    running=False,
    analysing=False,
    row=0,
    count=0,
    has_deal=False,
    has_complete_deal=False,
    practising=False,
)


def test_every_declared_action_is_in_the_window_once(window: MainWindow) -> None:
    for spec in ACTIONS:
        found = [a for a in window.findChildren(QAction, spec.name) if a.objectName() == spec.name]
        assert len(found) == 1, spec.name
        assert getattr(window, spec.name) is found[0] is window.action(spec.name)


def test_menus_and_toolbar_name_only_declared_actions() -> None:
    names = {spec.name for spec in ACTIONS}
    for _title, _name, entries in MENUS:
        for entry in entries:
            assert entry in names or entry == "-" or entry.startswith("@"), entry
    for entry, _icon_only in TOOLBAR:
        assert entry in names or entry == "-", entry


def test_enabled_states_are_derived_from_the_state(qtbot: QtBot) -> None:
    from PySide6.QtWidgets import QWidget

    owner = QWidget()
    qtbot.addWidget(owner)
    actions = build_actions(owner)
    apply_enabled(actions, IDLE)
    assert actions["actionDeal"].isEnabled() and not actions["actionStop"].isEnabled()
    for name in ("actionSave", "actionSaveAs", "actionPrint", "actionExportPdf", "actionAudit", "actionCopy"):
        assert not actions[name].isEnabled(), name
    busy = dataclasses.replace(IDLE, can_deal=False, running=True, count=3, row=1, has_deal=True, analysing=True)
    apply_enabled(actions, busy)
    assert not actions["actionDeal"].isEnabled() and actions["actionStop"].isEnabled()
    assert actions["actionPrint"].isEnabled() and actions["actionCopy"].isEnabled()
    assert not actions["actionSave"].isEnabled(), "no saving while the analysis before a save runs"
    assert actions["actionPrevBoard"].isEnabled() and actions["actionNextBoard"].isEnabled()
    assert not actions["actionCopyDealNumber"].isEnabled(), "a partial deal has no number"


def test_the_window_derives_its_actions_after_each_change(qtbot: QtBot, window: MainWindow) -> None:
    assert not window.actionSave.isEnabled() and not window.actionReveal.isEnabled()
    window.set_practice_seats("S")
    assert window.actionReveal.isEnabled()
    with qtbot.waitSignal(window.jobs.state_changed, timeout=10_000):
        window.deal()
    qtbot.waitUntil(lambda: window.jobs.active is None, timeout=10_000)
    assert window.actionSave.isEnabled() and window.actionCopy.isEnabled() and not window.actionStop.isEnabled()


def test_every_declared_slot_resolves_on_the_window(window: MainWindow) -> None:
    """A slot path that names nothing (or a method instead of a part) fails here, not when a user clicks."""
    from operator import attrgetter

    from bridgegui.ui.mainwindow.action_table import THEME_ACTIONS

    for spec in (*ACTIONS, *THEME_ACTIONS):
        for path in (spec.triggered, spec.toggled, spec.checked_trigger):
            if path is not None:
                assert callable(attrgetter(path)(window)), f"{spec.name}: {path}"


@pytest.mark.qt_log_ignore("propagateSizeHints")  # the offscreen platform's note about any dialog
def test_save_current_as_preset_opens_its_dialog(qtbot: QtBot, window: MainWindow) -> None:
    from bridgegui.ui.dialogs import SavePresetDialog

    window.actionSavePreset.trigger()
    dialog = window.findChild(SavePresetDialog)
    assert dialog is not None and dialog.isVisible()
    dialog.reject()
