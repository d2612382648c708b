"""Trick estimation: LTC and NLTC as defined, the estimator's features, and its error on the held-back labelled set.

The labelled set (``bridgegui/engine/data/tricks_labelled.npz``) was made by ``scripts/fit_tricks.py
labelled`` from a held-out seed: deals never used to fit the coefficients, with double-dummy tricks
solved by DDS (endplay) at development time.  The tests need neither endplay nor a solver.
"""

from pathlib import Path

import numpy as np
import pytest

from bridgegui.engine import Hand, parse_deal, tricks
from bridgegui.engine.cards import parse_holding

LABELLED = Path(__file__).resolve().parents[2] / "bridgegui" / "engine" / "data" / "tricks_labelled.npz"


def hand(text: str) -> Hand:
    return Hand.from_pbn(text)


@pytest.mark.parametrize(
    ("holding", "halves"),
    [("", 0), ("A", 0), ("K", 3), ("2", 3), ("AK", 0), ("A2", 2), ("K2", 3), ("Q2", 5), ("32", 5),
     ("AKQ", 0), ("AK2", 1), ("AQ2", 2), ("KQ2", 3), ("A32", 3), ("K32", 4), ("Q32", 5), ("432", 6),
     ("AKQ32", 0), ("QJT98", 5), ("5432", 6)],
)  # fmt: skip
def test_nltc_per_suit(holding, halves):
    # NLTC: a missing A 1.5, K 1, Q 0.5 among the top min(length, 3) cards (half losers here).
    assert tricks.suit_nltc_halves(parse_holding(holding)) == halves
    assert tricks.NLTC_HALVES[parse_holding(holding)] == halves


def test_classic_counts_of_two_hands():
    a, b = hand("AKJ32.KQ5.K72.Q2"), hand("Q854.A2.A843.J43")
    # LTC: a 1+1+2+2 = 6, b 2+1+2+3 = 8 -> 24 - 14 = 10.
    assert tricks.ltc_tricks(a, b) == 10
    # NLTC: a 0.5+1.5+2+2.5 = 6.5, b 2.5+1+1.5+3 = 8 -> 25 - 14.5 = 10.5.
    assert tricks.nltc(a) == 6.5 and tricks.nltc(b) == 8.0
    assert tricks.nltc_tricks(a, b) == 10.5
    batch_a, batch_b = np.array([a.mask], dtype=np.uint64), np.array([b.mask], dtype=np.uint64)
    assert tricks.ltc_tricks_batch(batch_a, batch_b).tolist() == [10]
    assert tricks.nltc_tricks_batch(batch_a, batch_b).tolist() == [10.5]


def test_features_of_a_known_pair():
    declarer, dummy = hand("AKJ32.KQ5.K72.Q2"), hand("Q854.A2.A843.J43")
    f = tricks.features_batch(np.array([declarer.mask]), np.array([dummy.mask]), 0)
    assert f["hcp"][0] == 18 + 11
    assert f["fit"][0] == 9 and f["long_trumps"][0] == 5
    # Hearts: declarer 3 opposite 2 -> one ruff; clubs 2 opposite 3: the long trump hand is shorter.
    assert f["ruffs"][0] == 1
    assert f["wasted"][0] == 0  # no singleton or void
    assert f["controls"][0] == 5 + 4
    nt = tricks.features_batch(np.array([declarer.mask]), np.array([dummy.mask]), tricks.NOTRUMP)
    assert nt["fit"][0] == 0 and nt["unstopped"][0] == 1  # clubs: Q2 opposite J43 stops nothing


def test_wasted_honours_opposite_shortness():
    declarer, dummy = hand("AQJ32.KQ5.K72.Q2"), hand("K854.A7632.5.A43")
    f = tricks.features_batch(np.array([declarer.mask]), np.array([dummy.mask]), 0)
    assert f["wasted"][0] == 3  # the K of diamonds opposite a singleton
    assert f["ruffs"][0] == 2  # diamonds: three cards opposite one, dummy has four trumps


def test_estimate_is_symmetric_clipped_and_matches_the_batch():
    deal = parse_deal("N:AK632.AKT5.T.T52 QJ7.9.AQJ98.KJ73 T84.QJ42.K76.AQ4 95.8763.5432.986")
    n, s = deal.hand("N"), deal.hand("S")
    for strain in tricks.STRAINS:
        one = tricks.estimate_tricks(n, s, strain)
        assert one == tricks.estimate_tricks(s, n, strain)  # the features do not depend on who declares
        assert 0 <= one <= 13
        number = tricks.strain_number(strain)
        batch = tricks.estimate_tricks_batch(np.array([n.mask]), np.array([s.mask]), number)
        assert batch[0] == pytest.approx(one)
        assert tricks.estimate_whole_tricks(n, s, strain) == int(np.floor(one + 0.5))
    strong = tricks.estimate_tricks(hand("AKQJT98.AKQ.AK.A"), hand("765.JT9.QJT.KQJT"), "S")
    assert strong == 13.0
    with pytest.raises(ValueError, match="strain"):
        tricks.estimate_tricks(n, s, "X")


def test_explanation_adds_up_to_the_estimate():
    declarer, dummy = hand("AKJ32.KQ5.K72.Q2"), hand("Q854.A2.A843.J43")
    lines = tricks.explain_estimate(declarer, dummy, "S")
    total = float(lines[0].split()[-1]) + sum(float(line.rsplit("= ", 1)[1]) for line in lines[1:-2])
    assert total == pytest.approx(tricks.estimate_tricks(declarer, dummy, "S"), abs=0.03)
    assert lines[-2] == f"Estimate in spades: {tricks.estimate_tricks(declarer, dummy, 'S'):.1f} tricks"
    assert lines[-1] == "(LTC says 10, NLTC 10.5)"
    assert set(tricks.trick_features(declarer, dummy, "NT")) == {name for name, _ in tricks.NOTRUMP_MODEL.coefficients}


def test_the_explanation_is_terms_a_window_can_phrase():
    declarer, dummy = hand("AKJ32.KQ5.K72.Q2"), hand("Q854.A2.A843.J43")
    e = tricks.estimate_explanation(declarer, dummy, "S")
    assert e.strain == "S" and (e.ltc, e.nltc) == (10, 10.5)
    assert [t.feature for t in e.terms] == [name for name, _ in tricks.SUIT_MODEL.coefficients]
    assert e.intercept + sum(t.contribution for t in e.terms) == pytest.approx(e.estimate)
    assert e.estimate == pytest.approx(tricks.estimate_tricks(declarer, dummy, "S"))
    assert e.lines() == tricks.explain_estimate(declarer, dummy, "S")
    notrump = tricks.estimate_explanation(declarer, dummy, "NT")
    assert (notrump.strain, notrump.ltc, notrump.nltc) == ("NT", None, None)
    assert notrump.lines()[-1].startswith("Estimate in notrump:")
    assert all("seed 00" not in words for words in tricks.FEATURE_DESCRIPTIONS.values())


def test_fit_contracts_picks_the_longest_fit():
    # NS: spades 5+3, hearts 4+4 (8 each; hearts have more HCP); EW: diamonds 5+4 = 9.
    deal = parse_deal("N:AK632.AKT5.T.T52 QJ7.9.AQJ98.KJ73 T84.QJ42.K76.AQ4 95.8763.5432.986")
    c = tricks.fit_contracts(np.array([deal.hands], dtype=np.uint64))
    assert (c.side[0], c.strain[0], c.fit[0]) == (1, 2, 9)
    assert (c.declarer[0], c.dummy[0]) == (1, 3)  # East holds five diamonds


@pytest.fixture(scope="module")
def labelled() -> dict[str, np.ndarray]:
    with np.load(LABELLED) as data:
        return {k: data[k] for k in data.files}


def test_labelled_set_is_small_and_consistent(labelled):
    assert LABELLED.stat().st_size <= 200_000
    deals, declarer, strain = labelled["deals"], labelled["declarer"].astype(np.int64), labelled["strain"]
    assert deals.shape[1] == 4 and len(deals) == len(declarer) == len(strain) >= 1000
    assert ((labelled["tricks"] >= labelled["declarer_tricks"]) & (labelled["tricks"] <= 13)).all()
    suit = strain < tricks.NOTRUMP
    c = tricks.fit_contracts(deals[suit])
    # The suit rows are exactly the benchmark's contracts: the stored declarer and strain agree.
    np.testing.assert_array_equal(c.declarer, declarer[suit])
    np.testing.assert_array_equal(c.strain, strain[suit])
    assert (c.fit >= 8).all()


def errors(labelled, rows):
    deals = labelled["deals"][rows]
    r = np.arange(len(deals))
    declarer = labelled["declarer"][rows].astype(np.int64)
    decl, dummy = deals[r, declarer], deals[r, (declarer + 2) % 4]
    truth = labelled["tricks"][rows].astype(float)
    estimate = tricks.estimate_tricks_batch(decl, dummy, labelled["strain"][rows].astype(np.int64))
    return {
        "bridgegui": estimate - truth,
        "bridgegui, whole tricks": np.floor(estimate + 0.5) - truth,
        "LTC": tricks.ltc_tricks_batch(decl, dummy) - truth,
        "NLTC": tricks.nltc_tricks_batch(decl, dummy) - truth,
    }


def test_estimator_beats_ltc_and_nltc_on_the_held_back_set(labelled, record_property):
    suit = labelled["strain"] < tricks.NOTRUMP
    figures = {}
    for name, e in errors(labelled, suit).items():
        figures[name] = (float(np.abs(e).mean()), float((np.abs(e) <= 1).mean()))
        record_property(name, f"MAE {figures[name][0]:.3f}, within one {100 * figures[name][1]:.1f}%")
    print("\nheld-back suit deals:", int(suit.sum()), {k: (round(a, 3), round(b, 3)) for k, (a, b) in figures.items()})
    mae, within = figures["bridgegui"]
    assert mae < figures["NLTC"][0] - 0.1  # measured 0.64 against 0.85: a margin far beyond sampling noise
    assert mae < figures["LTC"][0] - 0.3
    assert within > figures["NLTC"][1]
    assert mae <= 0.75  # the goal
    assert figures["bridgegui, whole tricks"][1] >= 0.80
    # The figures in tricks.ACCURACY (the tooltips) are the held-out benchmark's; this subset agrees.
    assert mae == pytest.approx(tricks.ACCURACY["bridgegui"].mae, abs=0.06)


def test_notrump_estimate_on_the_held_back_set(labelled):
    nt = labelled["strain"] == tricks.NOTRUMP
    e = errors(labelled, nt)
    assert np.abs(e["bridgegui"]).mean() < 1.1  # notrump is harder: the opponents' long suit is unseen
    assert abs(e["bridgegui"].mean()) < 0.25  # unbiased
    assert np.abs(e["bridgegui"]).mean() < np.abs(e["NLTC"]).mean()


def test_classic_counts_are_capped_at_13_where_shown():
    """LTC 15 and NLTC 16 for two strong hands: the explanation shows 13, the most there are."""
    north, south = Hand.from_pbn("AKQJ.AKQ.AKQJ.AK"), Hand.from_pbn("T9876.5432.5432.")
    assert tricks.ltc_tricks(north, south) == 15  # the classic formula itself is unbounded
    assert tricks.nltc_tricks(north, south) == 16
    explanation = tricks.estimate_explanation(north, south, "S")
    assert (explanation.ltc, explanation.nltc) == (13, 13)
    assert tricks.capped_tricks(12.5) == 12.5 and tricks.capped_tricks(14) == 13
