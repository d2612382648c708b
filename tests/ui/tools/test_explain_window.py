"""ExplainWindow's system list: each shipped system once, as the other choosers list them."""

from __future__ import annotations

from pytestqt.qtbot import QtBot

from bridgegui.engine.bidding import system_choices
from bridgegui.ui.tools.explain_window import ExplainWindow


def test_the_system_list_names_sayc_once_and_standard_selects_it(qtbot: QtBot) -> None:
    """``standard`` is another name for SAYC: listing both showed one system twice (a new user's trial),
    and a window opened on ``standard`` (an old setting, a lesson) must select the SAYC entry."""
    window = ExplainWindow(None, lambda: (None, "N", "None"), "standard")
    qtbot.addWidget(window)
    listed = [window.system_combo.itemData(k) for k in range(window.system_combo.count())]
    assert listed == list(system_choices())
    assert "standard" not in listed and "sayc" in listed
    assert window.system_combo.currentData() == "sayc"
    window.select_system("acol")
    assert window.system_combo.currentData() == "acol"
    assert window.system_combo.count() == len(listed)  # a shipped name adds no entry
