"""The bidding box: only legal calls enabled, clicks and typed calls emit the right Call, Undo."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QKeyEvent, QPalette
from PySide6.QtWidgets import QApplication, QLabel, QToolButton, QWidget
from pytestqt.qtbot import QtBot

from bridgegui.engine.bidding.calls import DOUBLE, PASS, REDOUBLE, STRAINS, Auction, Call
from bridgegui.ui.widgets.bidding_box import BiddingBox, call_object_name

ALL_CALLS = (PASS, DOUBLE, REDOUBLE, *(Call.bid(level, strain) for level in range(1, 8) for strain in STRAINS))


@pytest.fixture
def box(qtbot: QtBot) -> BiddingBox:
    b = BiddingBox()
    qtbot.addWidget(b)
    return b


def button(box: BiddingBox, name: str) -> QToolButton:
    found = box.findChild(QToolButton, name)
    assert found is not None, name
    return found


def enabled_names(box: BiddingBox) -> set[str]:
    return {call_object_name(c) for c in ALL_CALLS if button(box, call_object_name(c)).isEnabled()}


def test_every_call_has_a_named_button_with_words(box: BiddingBox) -> None:
    assert box.objectName() == "biddingBox"
    for call in ALL_CALLS:
        b = button(box, call_object_name(call))
        assert b.accessibleName() and b.toolTip()
    assert button(box, "bid_1NT").accessibleName() == "one notrump"
    assert button(box, "bid_2C").accessibleName() == "two clubs"
    assert "one heart" in button(box, "bid_1H").toolTip() and "1h" in button(box, "bid_1H").toolTip()
    assert button(box, "pass").accessibleName() == "Pass"
    assert button(box, "undoCall").toolTip()


def test_nothing_is_enabled_without_an_auction_or_after_the_last_call(box: BiddingBox) -> None:
    assert enabled_names(box) == set()
    box.set_auction(Auction.parse("N", "1NT P P P"))
    assert enabled_names(box) == set()
    box.set_auction(Auction.parse("N", "P P P P"))
    assert enabled_names(box) == set()
    box.set_auction(None)
    assert box.enabled_calls() == ()


def test_an_opening_may_be_any_bid_or_pass_but_not_a_double(box: BiddingBox) -> None:
    box.set_auction(Auction("S"))
    names = enabled_names(box)
    assert "pass" in names and "bid_1C" in names and "bid_7NT" in names
    assert "double" not in names and "redouble" not in names
    assert len(names) == 36


def test_after_1nt_the_one_level_is_closed_and_only_an_opponent_may_double(box: BiddingBox) -> None:
    box.set_auction(Auction.parse("N", "1NT"))  # East, an opponent, to call
    names = enabled_names(box)
    assert not {f"bid_1{s}" for s in STRAINS} & names
    assert {"pass", "double", "bid_2C", "bid_7NT"} <= names and "redouble" not in names
    box.set_auction(Auction.parse("N", "1NT P"))  # South, opener's partner: no double of partner's bid
    names = enabled_names(box)
    assert "double" not in names and "redouble" not in names and "bid_2C" in names and "bid_1NT" not in names


def test_redouble_only_over_an_opponents_double(box: BiddingBox) -> None:
    box.set_auction(Auction.parse("N", "1H X"))  # South, partner of the doubled bidder
    names = enabled_names(box)
    assert "redouble" in names and "double" not in names and "bid_1S" in names and "bid_1H" not in names
    box.set_auction(Auction.parse("N", "1H X P"))  # West: partner of the doubler cannot redouble
    assert "redouble" not in enabled_names(box)
    box.set_auction(Auction.parse("N", "1H X XX"))  # West: already redoubled
    names = enabled_names(box)
    assert "double" not in names and "redouble" not in names
    assert box.enabled_calls()[0] == PASS


@pytest.mark.parametrize(
    "text", ["1NT", "1C P 1H X", "2S P P X XX", "7NT", "P P P", "1D 1H 1S 1NT 2C 2D 2H X XX P P 3C"]
)
def test_the_enabled_calls_are_the_engines_legal_calls(box: BiddingBox, text: str) -> None:
    auction = Auction.parse("W", text)
    box.set_auction(auction)
    assert set(box.enabled_calls()) == set(auction.legal_calls())


def test_a_click_emits_the_call(qtbot: QtBot, box: BiddingBox) -> None:
    box.set_auction(Auction.parse("N", "1NT P"))
    with qtbot.waitSignal(box.call_made, timeout=1000) as signal:
        qtbot.mouseClick(button(box, "bid_2C"), Qt.MouseButton.LeftButton)
    assert signal.args == [Call.parse("2C")]
    box.set_auction(Auction.parse("N", "1S"))
    with qtbot.waitSignal(box.call_made, timeout=1000) as signal:
        qtbot.mouseClick(button(box, "double"), Qt.MouseButton.LeftButton)
    assert signal.args == [DOUBLE]
    with qtbot.waitSignal(box.call_made, timeout=1000) as signal:
        qtbot.mouseClick(button(box, "pass"), Qt.MouseButton.LeftButton)
    assert signal.args == [PASS]


def test_a_disabled_button_emits_nothing(qtbot: QtBot, box: BiddingBox) -> None:
    box.set_auction(Auction.parse("N", "1NT"))
    with qtbot.assertNotEmitted(box.call_made):
        qtbot.mouseClick(button(box, "bid_1S"), Qt.MouseButton.LeftButton)
        qtbot.mouseClick(button(box, "redouble"), Qt.MouseButton.LeftButton)


def typed(qtbot: QtBot, box: BiddingBox, keys: str, *, enter: bool = True, into: QWidget | None = None) -> list[Call]:
    """The calls ``box`` emits while ``keys`` (then Enter) are typed into it, or into its child ``into``."""
    made: list[Call] = []
    box.call_made.connect(made.append)
    target = into if into is not None else box
    qtbot.keyClicks(target, keys)
    if enter:
        qtbot.keyClick(target, Qt.Key.Key_Return)
    box.call_made.disconnect(made.append)
    return made


def test_typed_calls_commit_with_enter(qtbot: QtBot, box: BiddingBox) -> None:
    box.set_auction(Auction("N"))
    assert typed(qtbot, box, "1n", enter=False) == []
    assert box.typed_text() == "1n" and "1NT" in box.findChild(QLabel, "typedCall").text()  # type: ignore[union-attr]
    qtbot.keyClick(box, Qt.Key.Key_Enter)  # the keypad's Enter too
    assert box.typed_text() == ""
    box.set_auction(Auction.parse("N", "1NT"))
    assert typed(qtbot, box, "x") == [DOUBLE]
    box.set_auction(Auction.parse("N", "1NT X"))
    assert typed(qtbot, box, "xx") == [REDOUBLE]
    assert typed(qtbot, box, "p") == [PASS]
    assert typed(qtbot, box, "2c") == [Call.parse("2C")]
    qtbot.keyClick(box, "2")
    QApplication.sendEvent(box, QKeyEvent(QEvent.Type.KeyPress, 0, Qt.KeyboardModifier.NoModifier, "♣"))
    assert box.typed_text() == "2♣"
    assert typed(qtbot, box, "") == [Call.parse("2C")]
    assert typed(qtbot, box, "3NT") == [Call.parse("3NT")]


def test_1n_enter_bids_1nt(qtbot: QtBot, box: BiddingBox) -> None:
    box.set_auction(Auction("E"))
    assert typed(qtbot, box, "1n") == [Call.parse("1NT")]


def test_invalid_or_illegal_typed_text_does_nothing(qtbot: QtBot, box: BiddingBox) -> None:
    box.set_auction(Auction.parse("N", "1NT"))
    assert typed(qtbot, box, "1c") == []  # insufficient
    assert box.typed_text() == "1c" and "not possible" in box.typed_label.text()
    box.clear_typed()
    assert typed(qtbot, box, "zq") == []  # not a call
    assert "not a call" in box.typed_label.text()
    box.clear_typed()
    assert typed(qtbot, box, "9") == []  # not a level: never typed at all
    assert box.typed_text() == ""
    box.set_auction(Auction.parse("N", "1NT P"))
    assert typed(qtbot, box, "x") == []  # partner's bid cannot be doubled
    box.set_auction(None)  # not our turn: nothing, even for a call that would be legal
    assert typed(qtbot, box, "p") == []


def test_backspace_edits_and_escape_clears_the_typed_text(qtbot: QtBot, box: BiddingBox) -> None:
    box.set_auction(Auction("N"))
    qtbot.keyClicks(box, "1c")
    qtbot.keyClick(box, Qt.Key.Key_Backspace)
    assert box.typed_text() == "1"
    assert typed(qtbot, box, "h") == [Call.parse("1H")]
    qtbot.keyClicks(box, "2s")
    qtbot.keyClick(box, Qt.Key.Key_Escape)
    assert box.typed_text() == ""


def test_keys_typed_on_a_focused_button_reach_the_box(qtbot: QtBot, box: BiddingBox) -> None:
    box.set_auction(Auction("N"))
    assert typed(qtbot, box, "1s", into=button(box, "bid_3D")) == [Call.parse("1S")]


def test_undo_is_a_button_the_window_enables(qtbot: QtBot, box: BiddingBox) -> None:
    undo = button(box, "undoCall")
    assert not undo.isEnabled()
    box.set_undo_enabled(True)
    with qtbot.waitSignal(box.undo_requested, timeout=1000):
        qtbot.mouseClick(undo, Qt.MouseButton.LeftButton)
    box.set_undo_enabled(False)
    with qtbot.assertNotEmitted(box.undo_requested):
        qtbot.mouseClick(undo, Qt.MouseButton.LeftButton)


def test_the_box_paints_in_light_dark_and_four_colours(qtbot: QtBot, box: BiddingBox) -> None:
    box.set_auction(Auction.parse("N", "1C"))
    box.resize(box.sizeHint())
    light = box.grab()
    dark = QPalette(box.palette())
    for role, colour in ((QPalette.ColorRole.Window, "#202020"), (QPalette.ColorRole.Button, "#303030")):
        dark.setColor(role, colour)
    for role in (QPalette.ColorRole.WindowText, QPalette.ColorRole.ButtonText, QPalette.ColorRole.Text):
        dark.setColor(role, "#eeeeee")
    box.setPalette(dark)
    box.set_four_colour(True)
    assert box.four_colour()
    assert not box.grab().toImage().isNull() and not light.toImage().isNull()
    size = box.sizeHint()
    assert size.width() < 400 and size.height() < 400  # fits beside or under the deal diagram


def test_a_click_gives_the_box_the_keyboard(qtbot: QtBot) -> None:
    holder = QWidget()
    qtbot.addWidget(holder)
    box = BiddingBox(holder)
    holder.show()
    qtbot.waitExposed(holder)
    box.set_auction(Auction("N"))
    qtbot.mouseClick(button(box, "pass"), Qt.MouseButton.LeftButton)
    assert holder.focusWidget() is box  # the window's focus widget (offscreen windows are never active)
