"""Seed 004's ties test: the paper's formulas, exact null distribution, size by simulation, power.

Thresholds: goodness-of-fit tests must give p > 1e-4; simulated rates must lie within z = 4.4
binomial standard errors (two-sided 1.1e-5) of the exact rate.  Seeds are fixed.
"""

from __future__ import annotations

import itertools
import math

import numpy as np
import pytest

from bridgegui.engine import dealing, stats
from bridgegui.engine.lab import shuffles
from bridgegui.engine.lab import ties as tt

Z = 4.4


def test_ties_of_simple_decks():
    runs = np.repeat(np.arange(4), 13)[None, :]
    alternating = np.tile(np.arange(4), 13)[None, :]
    assert tt.count_ties(runs).tolist() == [48]
    assert tt.count_ties(alternating).tolist() == [0]
    assert tt.count_ties(np.concatenate([runs, alternating])).tolist() == [48, 0]
    with pytest.raises(ValueError, match="13 cards of each suit"):
        tt.count_ties(np.arange(52)[None, :])  # card numbers, not suits
    with pytest.raises(ValueError, match=r"\(n, 52\)"):
        tt.count_ties(np.zeros((2, 51)))


def test_paper_formulas():
    assert tt.quick_fit_p(12) == pytest.approx(0.25)
    assert tt.z_statistic(12, 24) == pytest.approx(0.0)
    # Equation 12 for 24 decks at 5%: 12 + 52 * 1.645 / (17 * sqrt 24).
    assert tt.critical_mean_ties(24, 0.05) == pytest.approx(13.027, abs=1e-3)
    # The Tromsø club (section 3): 452 ties in 24 decks, quick-fit 0.388.
    club = tt.ties_test_from_counts([452 // 24] * 20 + [452 // 24 + 1] * 20, 0.05)
    assert club.total_ties == 20 * 18 + 20 * 19
    result = tt.ties_test_from_total(452, 24)
    assert result.p_quick_fit == pytest.approx(0.388, abs=5e-4)
    assert result.z == pytest.approx(10.82, abs=0.01)
    assert result.rejects and result.reliable
    assert "not perfectly shuffled" in result.text()
    assert not tt.ties_test_from_total(12 * 24, 24).rejects
    assert "Consistent" in tt.ties_test_from_total(12 * 24, 24).text()
    assert not tt.ties_test_from_total(60, 3).reliable


def test_exact_null_moments_agree_two_ways():
    mean, variance = tt.null_ties_moments()
    assert mean == 12
    pmf = tt.ties_distribution()
    k = np.arange(pmf.size)
    assert float((k * pmf).sum()) == pytest.approx(12.0, rel=1e-12)
    assert float((k * k * pmf).sum() - 144) == pytest.approx(float(variance), rel=1e-9)
    assert float(variance) == pytest.approx(9.1765, abs=1e-4)


def test_decks_by_ties_counts_every_deck():
    n = tt.decks_by_ties()
    assert n.sum() == pytest.approx(math.factorial(52) / math.factorial(13) ** 4, rel=1e-12)
    assert n[48] == 24  # four runs of 13 in any suit order
    for suits, per_suit in ((2, 3), (3, 2), (3, 3)):
        decks = set(itertools.permutations([s for s in range(suits) for _ in range(per_suit)]))
        brute = np.bincount(
            [sum(a == b for a, b in itertools.pairwise(x)) for x in decks], minlength=suits * (per_suit - 1) + 1
        )
        assert tt.decks_by_ties(suits, per_suit).tolist() == brute.tolist()


def test_deck_probability_and_maximum_likelihood():
    # Two independent dynamic programs give f(p) = P(D | p).
    for p in (0.1, 0.25, 0.384, 0.6):
        assert tt.deck_probability(p) == pytest.approx(shuffles.markov_tables(p).deck_probability, rel=1e-9)
    # The paper: 76,402 decks in 50 million chains at p = 0.384; binomial se of that estimate.
    paper = 76_402 / 50e6
    assert abs(tt.deck_probability(0.384) - paper) < Z * math.sqrt(paper / 50e6)
    club = 452 / 24
    p_hat = tt.maximum_likelihood_p(club)
    assert tt.expected_ties(p_hat) == pytest.approx(club, abs=1e-9)
    assert p_hat == pytest.approx(0.3888, abs=5e-4)
    assert abs(p_hat - tt.quick_fit_p(club)) < 2e-3
    assert tt.maximum_likelihood_p(12.0) == pytest.approx(0.25, abs=1e-9)


@pytest.fixture(scope="module")
def uniform_ties() -> np.ndarray:
    rng = dealing.make_rng(20261122)
    return tt.count_ties(shuffles.deck_suits(shuffles.UniformShuffle().decks(100_000, rng)))


def test_uniform_decks_match_the_exact_ties_distribution(uniform_ties):
    observed = np.bincount(uniform_ties, minlength=49)
    assert stats.chi_square_test(observed.tolist(), tt.ties_distribution().tolist()).p_value > 1e-4


def test_markov_decks_match_the_exact_ties_distribution():
    # A check of the conditioned sampler on the full deck: its K has law N_K p^K q^(51-K) / Z.
    suits = shuffles.MarkovShuffle(0.384).suits(50_000, dealing.make_rng(31))
    observed = np.bincount(tt.count_ties(suits), minlength=49)
    assert stats.chi_square_test(observed.tolist(), tt.ties_distribution(0.384).tolist()).p_value > 1e-4


def test_exact_size_is_close_to_the_nominal_level():
    assert tt.exact_size(24, 0.05) == pytest.approx(0.0504, abs=5e-4)
    assert tt.exact_size(4, 0.05) == pytest.approx(0.0438, abs=5e-4)
    assert 0.047 < tt.exact_size(1000, 0.05) < 0.049
    assert tt.exact_size(24, 0.01) < 0.012


@pytest.mark.parametrize("decks", [4, 24, 100])
def test_false_positive_rate_on_uniform_decks(uniform_ties, decks):
    """Split 100,000 uniform decks into tests of ``decks`` decks and count rejections at 5%.

    The rejections are Binomial(R, a) with ``a = exact_size(decks)``, so the count must lie within
    Z * sqrt(R a (1 - a)) of R a; the exact size is itself within 0.7 points of 5%.
    """
    replicates = uniform_ties.size // decks
    groups = uniform_ties[: replicates * decks].reshape(replicates, decks)
    means = groups.mean(axis=1)
    # Equations 8 and 11, vectorised; the module's scalar functions agree on the first groups.
    z = 16 * math.sqrt(decks) * (13 * means / (13 * means + 12 * (51 - means)) - 0.25)
    rejects = z > tt.upper_normal_point(0.05)
    for row, expected in zip(groups[:200], rejects[:200], strict=True):
        assert tt.ties_test_from_counts(row, 0.05).rejects == expected
    rejections = int(rejects.sum())
    a = tt.exact_size(decks, 0.05)
    assert abs(rejections - replicates * a) < Z * math.sqrt(replicates * a * (1 - a))
    assert abs(a - 0.05) < 0.007


def test_riffle_power_per_number_of_riffles():
    """Few riffles are caught, many are not: 24 decks a test, 150 tests a point.

    A true power of 0.99 or more gives at least 143 of 150 rejections except with probability
    below 1e-4 (binomial); 12 riffles are practically uniform (true rate about 5%), and 30 of 150
    would be 4.4 standard errors above 10%.
    """
    rng = dealing.make_rng(41)
    points = list(tt.iter_riffle_power(rng, [1, 2, 12], replicates=150))
    assert [p.label for p in points] == ["1 riffle", "2 riffles", "12 riffles"]
    assert points[0].rejections >= 143 and points[1].rejections >= 143
    assert points[2].rejections < 30
    assert points[0].mean_ties > points[1].mean_ties > points[2].mean_ties
    assert "detected in" in points[0].text()


def test_markov_power_matches_the_club_finding():
    rng = dealing.make_rng(42)
    point = tt.detection_power(shuffles.MarkovShuffle(0.384), rng, replicates=100)
    assert point.rejections == 100
    assert point.mean_ties == pytest.approx(tt.expected_ties(0.384), abs=0.1)
