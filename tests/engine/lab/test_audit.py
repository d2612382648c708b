"""Audit of board sets and the Shuffle lab's tallies: verdicts on random, hand-shuffled and rigged sets.

Thresholds: simulated means must lie within z = 4.4 standard errors of the exact values (two-sided
1.1e-5); each verdict is checked on a set large enough that the audit's own power, computed from the
measured effect, is above 0.999, so a correct audit misreads it less than once in a thousand seeds.
"""

from __future__ import annotations

import math

import numpy as np
import pytest

from bridgegui import engine
from bridgegui.engine import dealing, evaluation, stats
from bridgegui.engine.boards import Board
from bridgegui.engine.cards import CARD_BITS, Deal
from bridgegui.engine.lab import audit, shuffles

Z = 4.4


def test_flatness_moments_match_simulation():
    f = audit.flatness(engine.deal_batch(300_000, seed=101)).astype(float)
    mean, variance = audit.flatness_moments()
    assert float(mean) == pytest.approx(312 * 12 / 51)
    assert abs(f.mean() - float(mean)) < Z * math.sqrt(float(variance) / f.size)
    # The sample variance's se from the fourth central moment: sqrt((m4 - var^2) / n).
    m4 = float(((f - f.mean()) ** 4).mean())
    assert abs(f.var() - float(variance)) < Z * math.sqrt((m4 - float(variance) ** 2) / f.size)


def test_reference_effect_of_the_club_decks_is_reproduced():
    effect = audit.flatness_effect(shuffles.MarkovShuffle(0.384), 100_000, dealing.make_rng(102))
    reference = audit.REFERENCE_EFFECTS["markov:0.384"]
    # se of a measured shift: about 5.93 / sqrt(100,000) here and 0.011 for the stored value.
    assert abs(effect.shift - reference.shift) < Z * math.sqrt(reference.sd**2 / 100_000 + 0.011**2)
    assert effect.sd == pytest.approx(reference.sd, rel=0.02)


def test_power_and_boards_needed():
    club = audit.REFERENCE_EFFECTS["markov:0.384"]
    needed = audit.boards_needed(club, 0.01, 0.9)
    assert needed == 165
    assert audit.flatness_power(club, needed, 0.01) == pytest.approx(0.9, abs=0.005)
    assert audit.flatness_power(club, 20, 0.01) < 0.2
    assert audit.boards_needed(audit.REFERENCE_EFFECTS["riffle:4"]) > 10 * needed
    with pytest.raises(ValueError):
        audit.boards_needed(audit.FlatnessEffect(0.0, 6.0))


def test_random_set_is_consistent_with_random_dealing():
    result = audit.audit_boards(engine.deal_batch(2000, seed=103))
    assert result.verdict == "random", result.text()
    text = result.text()
    assert "Consistent with random dealing" in text
    assert "cannot be applied to a board set" in text
    assert "about 165 boards give 90%" in text
    assert result.card_seat is not None and result.card_seat.dof == 153
    assert len(result.patterns) == 4 and len(result.hcp) == 4
    assert sum(result.suit_lengths) == 16 * 2000


def test_card_by_seat_statistic_is_calibrated():
    """The 51/52 scaling: unscaled, Pearson's statistic has mean 153 * 52/51 = 156 under random dealing.

    1,000 sets of 100 deals: the mean of the scaled statistic has se sqrt(2 * 153 / 1000) = 0.55, so
    it must lie within 2.4 of 153, which the unscaled mean (156) would not.
    """
    sets, per_set = 1000, 100
    batch = engine.deal_batch(sets * per_set, seed=120)
    bits = np.array(CARD_BITS, dtype=np.uint64)
    held = ((batch[:, :, None] & bits) != 0).reshape(sets, per_set, 4, 52).sum(axis=1)
    expected = per_set / 4
    scaled = ((held - expected) ** 2).sum(axis=(1, 2)) / expected * 51 / 52
    for i in range(3):
        assert audit.card_seat_check(batch[i * per_set : (i + 1) * per_set]).statistic == pytest.approx(scaled[i])
    assert abs(scaled.mean() - 153) < Z * math.sqrt(2 * 153 / sets)


def test_markov_set_looks_hand_shuffled():
    boards = 600
    assert audit.flatness_power(audit.REFERENCE_EFFECTS["markov:0.384"], boards, 0.01) > 0.999
    rng = dealing.make_rng(104)
    batch = shuffles.MarkovShuffle(0.384).deal(boards, rng, dealer=shuffles.dealers_for_boards(1, boards))
    result = audit.audit_boards(batch)
    assert result.verdict == "flat", result.text()
    assert result.verdict_text().startswith("Long suits are rarer than chance: looks hand-shuffled, p = ")
    assert result.flatness_z < 0 and result.flatness_p < 0.01
    assert result.long_suit_hands / (4 * boards) < 1 - sum(
        p for pat, p in stats.pattern_probabilities().items() if pat[0] <= 5
    )


def test_two_riffles_look_hand_shuffled():
    boards = 600
    assert audit.flatness_power(audit.REFERENCE_EFFECTS["riffle:2"], boards, 0.01) > 0.999
    batch = shuffles.RiffleShuffle(2).deal(boards, dealing.make_rng(105))
    assert audit.audit_boards(batch).verdict == "flat"


def test_hands_dealt_in_blocks_of_thirteen_have_long_suits():
    # Deal a sticky deck thirteen cards at a time (no one deals like that): suits clump in hands.
    rng = dealing.make_rng(106)
    decks = shuffles.MarkovShuffle(0.5).decks(300, rng)
    bits = np.array(CARD_BITS, dtype=np.uint64)[decks]
    batch = bits.reshape(300, 4, 13).sum(axis=2, dtype=np.uint64)
    assert dealing.is_valid_batch(batch)
    result = audit.audit_boards(batch)
    assert result.verdict == "long", result.text()
    assert "more common than chance" in result.verdict_text()


def test_rigged_set_is_irregular():
    # North always holds the ace of spades: swap North's hand with the hand that has it.
    batch = engine.deal_batch(1000, seed=107)
    ace = np.uint64(CARD_BITS[0])
    holder = np.argmax((batch & ace) != 0, axis=1)
    rows = np.arange(batch.shape[0])
    north = batch[:, 0].copy()
    batch[:, 0] = batch[rows, holder]
    batch[rows, holder] = north
    result = audit.audit_boards(batch)
    assert result.verdict == "irregular", result.text()
    failed = {c.name for c in result.failed_checks}
    assert "card by seat" in failed and "HCP North" in failed
    assert "Not consistent with random dealing" in result.verdict_text()


def test_repeated_deals_are_irregular():
    batch = engine.deal_batch(500, seed=108)
    batch[250:260] = batch[:10]
    result = audit.audit_boards(batch)
    assert result.repeats == 10
    assert result.verdict == "irregular"
    assert "10 repeated deals" in result.verdict_text()


def test_boards_without_full_deals_are_skipped_and_small_sets_say_so():
    batch = engine.deal_batch(12, seed=109)
    boards = [Board(i + 1, Deal.from_masks(row)) for i, row in enumerate(batch.tolist())]
    boards.append(Board(13, None))
    result = audit.audit_boards(boards)
    assert result.boards == 12 and result.skipped == 1
    assert result.verdict == "too-few"
    assert "without a full deal skipped" in result.text()
    assert "card by seat: not tested" in result.text()
    empty = audit.audit_boards([])
    assert empty.verdict == "too-few" and "Audit of 0 boards" in empty.text()


def test_tallies():
    batch = engine.deal_batch(1000, seed=110)
    counts = audit.pattern_counts(batch)
    assert sum(counts.values()) == 4000
    north = audit.pattern_counts(batch[:, 0])
    lengths = evaluation.suit_lengths(batch[:, 0])
    assert north.get((4, 3, 3, 3), 0) == int((np.sort(lengths, axis=1) == [3, 3, 3, 4]).all(axis=1).sum())
    assert north.get((13, 0, 0, 0), 0) == 0
    first = engine.Deal.from_masks(batch[0]).hand("N").pattern
    assert audit.pattern_counts(batch[:1, 0]) == {first: 1}
    assert audit.fit_split_probabilities() == pytest.approx((0.4070, 0.4974, 0.0957), abs=1e-4)
    assert sum(audit.suit_length_probabilities()) == pytest.approx(1.0)


def test_lab_stream_tallies_a_model():
    rng = dealing.make_rng(111)
    summaries = list(audit.simulate_model(shuffles.MarkovShuffle(0.384), 25_000, rng, chunk=10_000))
    assert [s.decks for s in summaries] == [10_000, 20_000, 25_000]
    last = summaries[-1]
    assert sum(c for _, c in last.patterns) == 4 * 25_000
    table = last.pattern_table()
    assert len(table) == 39 and table[0][0] == (4, 4, 3, 2)
    assert table[0][1] > table[0][2]  # more 4-4-3-2 than a perfect shuffle (Table 1: 24.6% vs 21.6%)
    assert last.ties.rejects and last.ties.mean_ties == pytest.approx(18.6, abs=0.15)
    assert [name for name, _, _ in last.fit_split_table()] == ["2-2", "3-1", "4-0"]
    assert last.mean_flatness < float(audit.flatness_moments()[0])


def test_lab_stream_of_uniform_decks_passes_the_ties_test():
    rng = dealing.make_rng(112)
    *_, last = audit.simulate_model(shuffles.UniformShuffle(), 20_000, rng)
    assert last.ties.p_value > 1e-4
    share = dict(last.patterns)[(4, 4, 3, 2)] / (4 * last.decks)
    exact = stats.pattern_probabilities()[(4, 4, 3, 2)]
    # The mean of a deal's four dependent indicators has variance at most one indicator's, so the
    # share's se is at most sqrt(P(1 - P) / decks).
    assert abs(share - exact) < Z * math.sqrt(exact * (1 - exact) / last.decks)


def test_the_lab_stream_is_the_same_on_one_core_or_two():
    # The Shuffle lab's chunks run on every core, each from its own seed-derived generator, so a
    # seeded run gives the same summaries whatever the core count.
    model = shuffles.MarkovShuffle(0.384)
    one = list(audit.simulate_model(model, 30_000, dealing.make_rng(7), chunk=5_000, workers=1))
    two = list(audit.simulate_model(model, 30_000, dealing.make_rng(7), chunk=5_000, workers=2))
    assert one == two and [s.decks for s in two] == [5_000 * k for k in range(1, 7)]
