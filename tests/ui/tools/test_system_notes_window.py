"""The system notes window on a small system: what is made when, and what the filter searches."""

from __future__ import annotations

from pathlib import Path

from pytestqt.qtbot import QtBot

from bridgegui.engine.bidding import load_system
from bridgegui.ui.tools.system_notes_window import KIND_ROLE, SystemNotesWindow

SMALL = """version: 2
system: Zebra
after P*
  1H   hcp 12-21, hearts 5+                        -- five or more hearts.
  P
after P* 1H P
  2H   hcp 6-10, hearts 3+ where spades(me) <= 4   -- a simple raise, a zebra's choice.
  1NT  hcp 6-10                                    -- no fit.
  P
"""


def _notes(qtbot: QtBot, tmp_path: Path) -> tuple[SystemNotesWindow, object]:
    source = tmp_path / "small.system"
    source.write_text(SMALL, encoding="utf-8")
    system = load_system(source)
    notes = SystemNotesWindow(None, system)
    qtbot.addWidget(notes)
    return notes, system


def test_a_calls_details_are_made_when_it_opens_and_searched_before(qtbot: QtBot, tmp_path: Path) -> None:
    """The details (explanation, alternatives, the rule's place) are made the first time a call opens, which
    kept a whole system's window from taking seconds to open; the filter finds their words before."""
    notes, system = _notes(qtbot, tmp_path)
    raise_rule = next(r for r in system.rules if str(r.call) == "2H")  # type: ignore[attr-defined]
    item = notes.item_for(raise_rule)
    assert item is not None and item.childCount() == 0
    notes.set_filter("zebra")  # only in the explanation, a detail not yet made
    assert [str(c) for c in notes.visible_calls()] == ["2H"]
    notes.set_filter("")
    assert notes.show_rule(raise_rule)
    details = {item.child(k).text(0): item.child(k).text(1) for k in range(item.childCount())}
    assert details["Explanation"].endswith("A simple raise, a zebra's choice.")
    assert "small.system" in details["Rule"]
    assert all(item.child(k).data(0, KIND_ROLE) == "detail" for k in range(item.childCount()))
    item.setExpanded(False)
    item.setExpanded(True)
    assert item.childCount() == len(details)  # made once


def test_sections_and_auctions_span_the_columns(qtbot: QtBot, tmp_path: Path) -> None:
    notes, _ = _notes(qtbot, tmp_path)
    tree = notes.tree
    sections = [tree.topLevelItem(k) for k in range(tree.topLevelItemCount())]
    assert sections and all(s is not None and s.isFirstColumnSpanned() for s in sections)
    auctions = [s.child(k) for s in sections if s is not None for k in range(s.childCount())]
    assert auctions and all(a.isFirstColumnSpanned() and a.data(0, KIND_ROLE) == "auction" for a in auctions)
