"""EvalPanel: the values shown for known hands, the partnership rows, hiding, tooltips."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QLabel

from bridgegui.engine import tricks
from bridgegui.engine.cards import Hand
from bridgegui.ui.widgets.eval_panel import KEYS, OWN_KEYS, PARTNERSHIP_KEYS, EvalPanel, quick_tricks_text

NORTH = Hand.from_pbn("AKQ2.KJ3.Q98.765")
SOUTH = Hand.from_pbn("J.Q9876.A6543.K2")


@pytest.fixture
def panel(qtbot) -> EvalPanel:
    w = EvalPanel("N")
    qtbot.addWidget(w)
    return w


def test_object_name(qtbot):
    w = EvalPanel("west")
    qtbot.addWidget(w)
    assert w.objectName() == "evalPanel_W"
    assert w.findChild(QLabel, "evalTitle").text() == "West"


def test_values_of_a_known_hand(panel):
    panel.set_hand(NORTH)
    v = panel.values()
    assert set(v) == set(KEYS)
    assert v["hcp"] == "15"
    assert v["pattern"] == "4-3-3-3"
    assert v["lengths"] == "♠4 ♥3 ♦3 ♣3"
    assert v["quick_tricks"] == "2½"  # AKQ 2, KJx ½
    assert v["losers"] == str(NORTH.losers) == "7"
    assert v["playing_tricks"] == str(NORTH.playing_tricks)
    assert v["controls"] == "4"
    assert all(v[k] == "" for k in PARTNERSHIP_KEYS)


def test_partnership_values(panel):
    panel.set_hand(NORTH, SOUTH)
    v = panel.values()
    assert v["partnership_hcp"] == str(15 + SOUTH.hcp) == "25"
    assert v["best_fit"] == "♥/♦ 8 cards"
    assert v["partnership_losers"] == str(NORTH.losers + SOUTH.losers)
    assert v["ltc_tricks"] == str(24 - NORTH.losers - SOUTH.losers)
    single = Hand.from_pbn("AKQ2.KJ32.Q9.765")
    panel.set_hand(single, SOUTH)
    assert panel.values()["best_fit"] == "♥ 9 cards"


def test_partnership_rows_show_only_with_a_partner(panel):
    label = panel.findChild(QLabel, "value_best_fit")
    panel.set_hand(NORTH)
    assert not label.isVisibleTo(panel)
    panel.set_hand(NORTH, SOUTH)
    assert label.isVisibleTo(panel)


def test_hidden_shows_nothing_of_the_hand(panel):
    panel.set_hand(NORTH, SOUTH)
    panel.set_hidden(True)
    assert panel.is_hidden()
    assert all(text == "?" for text in panel.values().values())
    for key in KEYS:
        label = panel.findChild(QLabel, f"value_{key}")
        assert "15" not in label.text() and "4-3-3-3" not in label.text()
    panel.set_hidden(False)
    assert panel.values()["hcp"] == "15"


def test_width_does_not_jump_when_hiding(panel):
    panel.set_hand(NORTH, SOUTH)
    shown = panel.sizeHint().width()
    panel.set_hidden(True)
    assert panel.sizeHint().width() == shown


def test_no_hand_shows_dashes(panel):
    panel.set_hand(None)
    assert all(panel.values()[k] == "—" for k in OWN_KEYS)


def test_every_row_has_a_tooltip(panel):
    for key in KEYS:
        tip = panel.tooltip(key)
        assert tip.endswith(".") and len(tip) > 20, key
    assert "ace 4" in panel.tooltip("hcp")
    assert "24" in panel.tooltip("losers")
    assert "AK 2" in panel.tooltip("quick_tricks")


def test_suit_symbols_are_coloured(panel):
    panel.set_hand(NORTH)
    label = panel.findChild(QLabel, "value_lengths")
    assert "<span" in label.text() and "♥" in label.text()


@pytest.mark.parametrize(("value", "text"), [(0, "0"), (0.5, "½"), (2, "2"), (2.5, "2½"), (8, "8")])
def test_quick_tricks_text(value, text):
    assert quick_tricks_text(value) == text


# -- the partnership's tricks -----------------------------------------------------------------------


def test_the_trick_estimate_stands_beside_ltc_and_nltc(panel):
    from bridgegui.engine import tricks

    panel.set_hand(NORTH, SOUTH)
    v = panel.values()
    # ♥ and ♦ both 8 cards with 6 HCP each: the higher-ranking suit, as the measured figures break ties
    assert v["estimated_tricks"] == f"{tricks.estimate_whole_tricks(NORTH, SOUTH, 'H')} in ♥"
    assert v["ltc_tricks"] == str(tricks.ltc_tricks(NORTH, SOUTH))
    assert v["nltc_tricks"] == quick_tricks_text(tricks.nltc_tricks(NORTH, SOUTH))
    assert tricks.ACCURACY["LTC"].text() in panel.tooltip("ltc_tricks")
    assert tricks.ACCURACY["NLTC"].text() in panel.tooltip("nltc_tricks")
    tip = panel.tooltip("estimated_tricks")
    assert tricks.ACCURACY["bridgegui, whole tricks"].text() in tip
    decimal = f"{tricks.estimate_tricks(NORTH, SOUTH, 'H'):.1f}"
    assert f"This deal: {decimal} tricks in hearts" in tip and "Start at" in tip


def test_without_an_eight_card_fit_the_estimate_is_for_notrump(panel):
    from bridgegui.engine import tricks

    north = Hand.from_pbn("AK32.KJ3.Q98.765")
    south = Hand.from_pbn("QJ4.Q98.AK65.K32")  # longest fit: 7 spades
    panel.set_hand(north, south)
    assert panel.values()["estimated_tricks"] == f"{tricks.estimate_whole_tricks(north, south, 'NT')} in NT"
    assert "tricks in notrump" in panel.tooltip("estimated_tricks")


def test_hidden_hands_hide_the_estimate_and_its_breakdown(panel):
    panel.set_hand(NORTH, SOUTH)
    panel.set_hidden(True)
    assert panel.values()["estimated_tricks"] == "?"
    assert "This deal" not in panel.tooltip("estimated_tricks")


def test_the_wide_panel_shows_the_same_and_wraps_when_narrow(qtbot):
    tall = EvalPanel("S")
    wide = EvalPanel("S", wide=True)
    for w in (tall, wide):
        qtbot.addWidget(w)
        w.set_hand(SOUTH, NORTH)
    assert wide.is_wide() and not tall.is_wide()
    assert wide.values() == tall.values()
    assert wide.tooltip("ltc_tricks") == tall.tooltip("ltc_tricks")
    one_line = wide.heightForWidth(wide.sizeHint().width())
    assert wide.heightForWidth(wide.minimumSizeHint().width()) > 2 * one_line
    assert wide.minimumSizeHint().width() < wide.sizeHint().width() // 3
    label = wide.findChild(QLabel, "value_best_fit")
    wide.set_hand(SOUTH)
    assert not label.isVisibleTo(wide)


def test_the_estimate_tooltip_is_phrased_by_the_panel_from_the_engines_terms(panel):
    """The panel says the estimate from the engine's structured terms, as the engine's English says it."""
    from bridgegui.engine import tricks
    from bridgegui.ui.widgets.eval_panel import best_fit_strain, estimate_lines

    no_fit = Hand.from_pbn("AK32.KJ3.Q98.765"), Hand.from_pbn("QJ4.Q42.AK2.AQ32")
    for north, south in ((NORTH, SOUTH), no_fit):
        strain, _fit = best_fit_strain(north, south)
        panel.set_hand(north, south)
        explanation = tricks.estimate_explanation(north, south, strain)
        assert estimate_lines(explanation) == explanation.lines()
        assert "\n".join(explanation.lines()) in panel.tooltip("estimated_tricks")
    assert strain == "NT"


# -- what the bidding systems count -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("pbn", "points", "rule", "stoppers"),
    [
        ("AKQ2.KJ3.Q98.765", "15", "yes (22)", "♠ ♥ ♦"),  # flat: no length points; three small clubs stop nothing
        ("J.Q9876.A6543.K2", "12", "yes (20)", "♥ ♦ ♣"),  # 10 HCP + two length points; a bare jack is no stopper
        ("J32.J32.5432.432", "2", "no (9)", "none"),
    ],
)
def test_total_points_rule_of_20_and_stoppers(panel, pbn, points, rule, stoppers):
    panel.set_hand(Hand.from_pbn(pbn))
    v = panel.values()
    assert (v["total_points"], v["rule_of_20"], v["stoppers"]) == (points, rule, stoppers)


def test_the_new_rows_say_what_they_count(panel):
    assert "one length point for every card over four" in panel.tooltip("total_points")
    assert "two longest suits make 20 or more" in panel.tooltip("rule_of_20")
    assert "the queen with two others or the jack with three others" in panel.tooltip("stoppers")


def test_the_new_rows_hide_with_the_hand(panel):
    panel.set_hand(NORTH)
    panel.set_hidden(True)
    assert all(panel.values()[k] == "?" for k in ("total_points", "rule_of_20", "stoppers"))
    for key in ("total_points", "rule_of_20", "stoppers"):
        assert "♠" not in panel.findChild(QLabel, f"value_{key}").text()


def test_the_tall_panel_keeps_its_width_whatever_the_new_rows_show(qtbot):
    """The main window sizes the side panels once, from a probe: no hand may widen them later."""
    tall = EvalPanel("W")
    qtbot.addWidget(tall)
    widths = set()
    for pbn in ("J32.J32.5432.432", "AKQJ.AKQ.AKQ.AKQ", "AKQJT98765432..."):
        tall.set_hand(Hand.from_pbn(pbn), SOUTH)
        widths.add(tall.sizeHint().width())
    assert len(widths) == 1


# Two hands whose counts pass 13: LTC says 24 - 0 - 9 = 15, NLTC 25 - 0 - 9 = 16 (a deal has 13 tricks).
STRONG_N = Hand.from_pbn("AKQJ.AKQ.AKQJ.AK")
STRONG_S = Hand.from_pbn("T9876.5432.5432.")


def test_partnership_trick_counts_cap_at_13(panel):
    assert tricks.ltc_tricks(STRONG_N, STRONG_S) > 13 and tricks.nltc_tricks(STRONG_N, STRONG_S) > 13
    panel.set_hand(STRONG_N, STRONG_S)
    v = panel.values()
    assert v["ltc_tricks"] == "13"
    assert v["nltc_tricks"] == "13"
    raw = quick_tricks_text(tricks.nltc_tricks(STRONG_N, STRONG_S))
    assert f"the count gives {raw}; shown as 13" in panel.tooltip("nltc_tricks")
    assert "at most 13" in panel.tooltip("ltc_tricks")
    assert "(LTC says 13, NLTC 13)" in panel.tooltip("estimated_tricks")


def test_uncapped_counts_say_nothing_of_the_cap_for_this_deal(panel):
    panel.set_hand(NORTH, SOUTH)
    assert "shown as 13" not in panel.tooltip("ltc_tricks")
    assert "at most 13" in panel.tooltip("ltc_tricks")


def test_playing_tricks_tooltip_says_what_it_counts(panel):
    """The tooltip's example is what the engine computes: top and long-suit tricks, not high cards."""
    example = Hand.from_pbn("AKT3.QJ32.K93.QJ")
    panel.set_hand(example)
    assert panel.values()["playing_tricks"] == "2"
    assert "AK10x QJxx K9x QJ counts 2" in panel.tooltip("playing_tricks")
    assert "not high-card" in panel.tooltip("playing_tricks")
