"""Shuffle models: dealing convention, riffles (Ted's Computer World, "Shuffling and Dealing"), and the exactly conditioned Markov chain (Bredrup & Zhang, "Imperfectly shuffled decks in bridge").

Statistical thresholds.  Goodness-of-fit tests must give p > 1e-4 (a correct model fails a given
test about once in 10,000 seeds; the seeds are fixed, so the suite is deterministic).  Comparisons
with a published table use z = 4.4 per row (two-sided 1.1e-5; over the 15 rows of Table 1 the
family-wise false alarm is below 2e-4), with the standard errors derived where they are used.
"""

from __future__ import annotations

import itertools
import math

import numpy as np
import pytest

from bridgegui import engine
from bridgegui.engine import dealing, evaluation, stats
from bridgegui.engine.errors import BridgeError
from bridgegui.engine.lab import shuffles

Z = 4.4


def north_pattern_p(batch: np.ndarray) -> float:
    lengths = evaluation.suit_lengths(batch[:, 0])
    keys, counts = np.unique(-np.sort(-lengths.astype(int), axis=1), axis=0, return_counts=True)
    observed = {tuple(int(x) for x in k): int(c) for k, c in zip(keys, counts, strict=True)}
    return stats.chi_square_test(observed, stats.pattern_probabilities()).p_value


def is_permutation(decks: np.ndarray) -> bool:
    return bool((np.sort(decks, axis=1) == np.arange(52)).all())


# --------------------------------------------------------------------------------------------
# Dealing round the table


def test_first_card_goes_to_the_dealers_left_and_the_dealer_gets_the_last():
    deck = np.arange(52, dtype=np.uint8)[None, :]
    for dealer in range(4):
        batch = shuffles.deal_decks(deck, dealer)
        first = (dealer + 1) % 4
        assert engine.Deal.from_masks(batch[0]).hand(first).cards == list(range(0, 52, 4))
        assert engine.Deal.from_masks(batch[0]).hand(dealer).cards == list(range(3, 52, 4))


def test_dealer_per_deck_follows_the_board_numbers():
    dealers = shuffles.dealers_for_boards(3, 6)
    assert dealers.tolist() == [2, 3, 0, 1, 2, 3]
    decks = np.broadcast_to(np.arange(52, dtype=np.uint8), (6, 52))
    batch = shuffles.deal_decks(decks, dealers)
    for row, dealer in zip(batch, dealers.tolist(), strict=True):
        assert int(row[(dealer + 1) % 4]) == sum(engine.cards.CARD_BITS[c] for c in range(0, 52, 4))
    with pytest.raises(ValueError, match="seat"):
        shuffles.deal_decks(decks, 4)


@pytest.mark.parametrize("spec", ["uniform", "riffle:3", "riffle:2:sorted", "markov:0.384", "markov:0.25"])
def test_every_model_makes_decks_and_valid_deals(spec, monkeypatch):
    model = shuffles.parse_shuffle(spec)
    rng = dealing.make_rng(11)
    assert is_permutation(model.decks(300, rng))
    # A tiny chunk size checks that chunks and per-deal dealers line up.
    monkeypatch.setattr(shuffles, "CHUNK", 7)
    batch = model.deal(40, rng, dealer=shuffles.dealers_for_boards(1, 40))
    assert batch.shape == (40, 4) and dealing.is_valid_batch(batch)


def test_same_seed_same_deals():
    model = shuffles.parse_shuffle("riffle:4")
    a = model.deal(50, dealing.make_rng(3))
    assert (a == model.deal(50, dealing.make_rng(3))).all()
    assert (a != model.deal(50, dealing.make_rng(4))).any()


# --------------------------------------------------------------------------------------------
# Reading models


@pytest.mark.parametrize(
    ("text", "model"),
    [
        ("uniform", shuffles.UniformShuffle()),
        (" Riffle:7 ", shuffles.RiffleShuffle(7)),
        ("riffle:7:gathered", shuffles.RiffleShuffle(7)),
        ("riffle:3:sorted", shuffles.RiffleShuffle(3, "sorted")),
        ("markov:0.384", shuffles.MarkovShuffle(0.384)),
        ("markov:0", shuffles.MarkovShuffle(0.0)),
    ],
)
def test_parse_shuffle_and_spec_round_trip(text, model):
    parsed = shuffles.parse_shuffle(text)
    assert parsed == model
    assert shuffles.parse_shuffle(parsed.spec) == parsed
    assert parsed.name == text.strip().lower().split(":")[0]
    assert parsed.describe()


def test_descriptions_for_pbn_tags():
    assert shuffles.parse_shuffle("riffle:7").describe().startswith("riffle shuffle x7 from a deck gathered after play")
    assert "p = 0.384" in shuffles.parse_shuffle("markov:0.384").describe()
    assert shuffles.parse_shuffle("uniform").is_uniform
    assert shuffles.parse_shuffle("markov:0.25").is_uniform
    assert not shuffles.parse_shuffle("riffle:100").is_uniform


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("riffle", "whole number"),
        ("riffle:x", "whole number"),
        ("riffle:-1", "0 to 1000"),
        ("riffle:3:glued", "gathered"),
        ("markov:1.5", "from 0 to below 1"),
        ("markov:1", "never changes suit"),
        ("markov:", "tie probability"),
        ("markov:nan", "from 0 to below 1"),
        ("perfect", "use uniform"),
        ("uniform:3", "use uniform"),
    ],
)
def test_parse_shuffle_errors_say_what_is_wrong(text, message):
    with pytest.raises(BridgeError, match=message):
        shuffles.parse_shuffle(text)


# --------------------------------------------------------------------------------------------
# Riffles ("Shuffling and Dealing")


def test_a_riffle_interleaves_and_keeps_the_order_of_each_half():
    rng = dealing.make_rng(5)
    sorted_decks = np.broadcast_to(np.arange(52, dtype=np.uint8), (2000, 52))
    out = shuffles.riffle(sorted_decks, rng)
    assert is_permutation(out)
    position = np.argsort(out, axis=1)
    # Cards 0-23 are always in the top half (cuts are 24-28) and 28-51 in the bottom half.
    assert (np.diff(position[:, :24], axis=1) > 0).all()
    assert (np.diff(position[:, 28:], axis=1) > 0).all()
    # A riffle of a sorted deck has at most two rising sequences (Bayer & Diaconis).
    descents = (np.diff(position, axis=1) < 0).sum(axis=1)
    assert descents.max() == 1


def _first_runs(from_top: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Lengths of the first two runs of one half (bottom card first): the first packet of each half."""
    changes = np.cumsum(from_top[:, 1:] != from_top[:, :-1], axis=1)
    first = np.argmax(changes >= 1, axis=1) + 1
    second = np.argmax(changes >= 2, axis=1) + 1 - first
    return first, second


def test_cut_and_packet_sizes_follow_the_stated_weights():
    rng = dealing.make_rng(6)
    n = 40_000
    top, from_top = shuffles.riffle_interleavings(n, rng)
    assert (from_top.sum(axis=1) == top).all()
    cut_values = [c for c, _ in shuffles.RIFFLE_CUT_WEIGHTS]
    cut_probs = np.array([w for _, w in shuffles.RIFFLE_CUT_WEIGHTS]) / sum(w for _, w in shuffles.RIFFLE_CUT_WEIGHTS)
    observed = [int((top == c).sum()) for c in cut_values]
    assert sum(observed) == n
    assert stats.chi_square_test(observed, cut_probs.tolist()).p_value > 1e-4
    # The first packet of each half (the first two runs) is never cut short: halves hold 24+ cards.
    packet_values = [v for v, _ in shuffles.RIFFLE_PACKET_WEIGHTS]
    packet_probs = [w for _, w in shuffles.RIFFLE_PACKET_WEIGHTS]
    for run in _first_runs(from_top):
        counts = [int((run == v).sum()) for v in packet_values]
        assert sum(counts) == n
        assert stats.chi_square_test(counts, packet_probs).p_value > 1e-4


def test_gathered_decks_hold_tricks_of_mostly_one_suit():
    rng = dealing.make_rng(7)
    decks = shuffles.gathered_decks(5000, rng)
    assert is_permutation(decks)
    suits = shuffles.deck_suits(decks).reshape(-1, 13, 4)
    # Inside a trick players follow the suit led whenever they can: about 70% of the second to
    # fourth cards do (in a shuffled deck 12/51 = 24% would match the card before them).
    followed = (suits[:, :, 1:] == suits[:, :, :1]).mean()
    assert followed > 0.6
    ties = (shuffles.deck_suits(decks)[:, 1:] == shuffles.deck_suits(decks)[:, :-1]).sum(axis=1)
    # About 29 ties on average against 12 for a shuffled deck (sd of the mean here below 0.05).
    assert 26 < ties.mean() < 32


def test_many_riffles_come_close_to_uniform():
    rng = dealing.make_rng(8)
    batch = shuffles.RiffleShuffle(10).deal(20_000, rng)
    assert north_pattern_p(batch) > 1e-4


@pytest.mark.parametrize(("k", "start"), [(1, "gathered"), (2, "gathered"), (2, "sorted")])
def test_one_or_two_riffles_are_far_from_uniform(k, start):
    rng = dealing.make_rng(9)
    batch = shuffles.RiffleShuffle(k, start).deal(5000, rng)
    assert north_pattern_p(batch) < 1e-8


# --------------------------------------------------------------------------------------------
# The conditioned Markov chain (Bredrup & Zhang)


def brute_force_law(p: float, suits: int, per_suit: int) -> dict[tuple[int, ...], float]:
    """P(x | D) for every deck of a small deck, by enumeration: the chain's weight over the total."""
    q = (1 - p) / (suits - 1)
    decks = sorted(set(itertools.permutations([s for s in range(suits) for _ in range(per_suit)])))
    weight = {}
    for x in decks:
        w = 1.0 / suits
        for a, b in itertools.pairwise(x):
            w *= p if a == b else q
        weight[x] = w
    total = sum(weight.values())
    return {x: w / total for x, w in weight.items()}


def sampler_law(p: float, suits: int, per_suit: int) -> dict[tuple[int, ...], float]:
    """The probability the forward sampler gives each deck: the product of its table's steps."""
    tables = shuffles.markov_tables(p, suits, per_suit)
    first = np.diff(tables.first, prepend=0.0)
    law = {}
    for x in brute_force_law(p, suits, per_suit):
        state = tables.full_state - int(tables.strides[x[0]])
        prob = first[x[0]]
        for a, b in itertools.pairwise(x):
            prob *= tables.transition(state, a)[b]
            state -= int(tables.strides[b])
        law[x] = float(prob)
    return law


@pytest.mark.parametrize(("suits", "per_suit"), [(2, 3), (3, 2), (3, 3), (4, 2)])
@pytest.mark.parametrize("p", [0.0, 0.1, 0.384, 0.8])
def test_forward_sampler_is_exactly_the_conditioned_chain(suits, per_suit, p):
    exact = brute_force_law(p, suits, per_suit)
    sampled = sampler_law(p, suits, per_suit)
    assert sum(sampled.values()) == pytest.approx(1.0, abs=1e-12)
    for x, prob in exact.items():
        assert sampled[x] == pytest.approx(prob, rel=1e-10, abs=1e-15), x


def test_sampler_agrees_with_naive_rejection_on_a_small_deck():
    # 3 suits x 2 cards, p = 0.6: run the chain, keep the decks (the paper's method; about 1 chain in
    # 20 is a deck here), and compare.
    p, suits, per_suit, n = 0.6, 3, 2, 25_000
    rng = dealing.make_rng(12)
    chains = np.empty((600_000, 6), dtype=np.int64)
    chains[:, 0] = rng.integers(0, 3, chains.shape[0])
    for i in range(1, 6):
        stay = rng.random(chains.shape[0]) < p
        chains[:, i] = np.where(stay, chains[:, i - 1], (chains[:, i - 1] + rng.integers(1, 3, chains.shape[0])) % 3)
    decks = chains[np.all(np.stack([(chains == s).sum(axis=1) == 2 for s in range(3)]), axis=0)][:n]
    assert decks.shape[0] == n
    dp = shuffles.markov_suit_sequences(n, p, rng, suits=suits, per_suit=per_suit)
    law = brute_force_law(p, suits, per_suit)
    index = {x: i for i, x in enumerate(law)}
    count = np.zeros((2, len(law)), dtype=int)
    for row, sample in enumerate((decks, dp)):
        for x in map(tuple, sample.tolist()):
            count[row, index[x]] += 1
    assert stats.chi_square_homogeneity(count[0].tolist(), count[1].tolist()).p_value > 1e-4
    assert stats.chi_square_test(count[1].tolist(), list(law.values())).p_value > 1e-4


def test_markov_sequences_have_thirteen_of_each_suit():
    suits = shuffles.markov_suit_sequences(2000, 0.384, dealing.make_rng(13))
    for s in range(4):
        assert ((suits == s).sum(axis=1) == 13).all()


def test_extreme_tie_probabilities():
    rng = dealing.make_rng(14)
    runs = shuffles.MarkovShuffle(0.999999)
    suits = runs.suits(100, rng)
    assert ((suits[:, 1:] == suits[:, :-1]).sum(axis=1) == 48).all()
    # Four runs of 13 dealt round the table: every hand is 4-3-3-3.
    lengths = np.sort(evaluation.suit_lengths(runs.deal(100, rng)), axis=-1)
    assert (lengths == [3, 3, 3, 4]).all()
    never = shuffles.MarkovShuffle(0.0).suits(100, rng)
    assert ((never[:, 1:] == never[:, :-1]).sum(axis=1) == 0).all()


def test_at_a_quarter_the_chain_is_the_uniform_deck():
    # Seed 004, Lemma 4: with p = 1/4 every step is "next suit in proportion to the cards left".
    tables = shuffles.markov_tables(0.25)
    radix = 14
    counts = (np.arange(radix**4)[:, None] // radix ** np.arange(4)) % radix
    total = counts.sum(axis=1, keepdims=True)
    proportional = np.divide(counts, total, out=np.zeros(counts.shape), where=total > 0)
    steps = np.diff(tables.cumulative, axis=2, prepend=0.0)
    live = total[:, 0] > 0
    assert np.abs(steps[live] - proportional[live][:, None, :]).max() < 1e-12
    assert tables.deck_probability == pytest.approx(math.factorial(52) / math.factorial(13) ** 4 / 4**52, rel=1e-12)
    batch = shuffles.MarkovShuffle(0.25).deal(40_000, dealing.make_rng(15))
    assert north_pattern_p(batch) > 1e-4


# Seed 004, Table 1: hand patterns at p = 0.384 (percent), 76,402 decks.
TABLE_1 = {
    "4432": "24.6", "5431": "12.3", "6421": "3.65", "5521": "2.60", "6430": "0.92",
    "5332": "16.6", "5422": "10.7", "4441": "2.97", "7321": "1.25", "5530": "0.62",
    "4333": "12.9", "6322": "5.01", "6331": "2.88", "5440": "0.96", "Others": "2.04",
}  # fmt: skip
PAPER_DECKS = 76_402


def half_unit(text: str) -> float:
    """Half a unit of the last printed digit, as a fraction (``"24.6"`` percent -> 0.0005)."""
    decimals = len(text.split(".")[1])
    return 0.5 * 10.0**-decimals / 100


@pytest.fixture(scope="module")
def markov_batch() -> np.ndarray:
    return shuffles.MarkovShuffle(0.384).deal(100_000, dealing.make_rng(20261122))


def per_deal_pattern_share(batch: np.ndarray) -> dict[str, np.ndarray]:
    """For each deal, the fraction of its four hands with each Table 1 row."""
    patterns = -np.sort(-evaluation.suit_lengths(batch).astype(int), axis=-1)  # (n, 4, 4)
    codes = patterns @ np.array([1000, 100, 10, 1])
    shares = {}
    for key in TABLE_1:
        if key != "Others":
            shares[key] = (codes == int(key)).mean(axis=1)
    shares["Others"] = 1 - sum(shares.values())
    return shares


def test_markov_at_0384_reproduces_table_1(markov_batch):
    """Each row within Z standard errors of the paper, plus the paper's rounding.

    Our estimate of a row is the mean over deals of the share of the four hands with that pattern;
    its standard error is the sample sd of those per-deal shares over sqrt(n), which accounts for the
    dependence between the hands of one deal.  The paper's figure is a proportion of at least 76,402
    hands (one per deck; if the paper pooled all four hands its error is smaller, so this is
    conservative): se sqrt(P(1 - P) / 76402).  Rounding adds half a unit of the printed digit.
    """
    n = markov_batch.shape[0]
    shares = per_deal_pattern_share(markov_batch)
    uniform = stats.pattern_probabilities()
    rejected_as_uniform = 0
    for key, text in TABLE_1.items():
        paper = float(text) / 100
        ours = float(shares[key].mean())
        se = math.sqrt(float(shares[key].var()) / n + paper * (1 - paper) / PAPER_DECKS)
        tolerance = Z * se + half_unit(text)
        assert abs(ours - paper) < tolerance, (key, ours, paper, tolerance)
        if key != "Others":
            standard = uniform[tuple(int(c) for c in key)]
            rejected_as_uniform += abs(standard - paper) > tolerance
    # The same tolerances tell the perfect-shuffle table apart from Table 1 in most rows.
    assert rejected_as_uniform >= 10


def test_markov_at_0384_nine_card_fit_splits_match_the_paper(markov_batch):
    """2-2 41.8%, 3-1 50.1%, 4-0 8.1% (Bredrup & Zhang, section 3), with derived tolerances.

    Our split shares are ratio estimates over deals (a deal can hold several nine-card fits): the
    delta-method se is sqrt(sum (a_i - R b_i)^2) / sum b_i.  The paper's sample is taken as N-S fits
    only: 76,402 decks x 4 suits x P(N-S hold exactly 9 of a suit) = 0.0407, about 12,400 fits.
    """
    lengths = evaluation.suit_lengths(markov_batch).astype(int)
    ns = lengths[:, 0] + lengths[:, 2]
    short = np.minimum(lengths[:, 1], lengths[:, 3])
    short_ns = np.minimum(lengths[:, 0], lengths[:, 2])
    fits_per_deal = (ns == 9).sum(axis=1) + (ns == 4).sum(axis=1)
    p9 = math.comb(13, 9) * math.comb(39, 17) / math.comb(52, 26)
    paper_fits = PAPER_DECKS * 4 * p9
    for small, text in ((2, "41.8"), (1, "50.1"), (0, "8.1")):
        hits = ((ns == 9) & (short == small)).sum(axis=1) + ((ns == 4) & (short_ns == small)).sum(axis=1)
        ratio = hits.sum() / fits_per_deal.sum()
        se_ours = math.sqrt(float(((hits - ratio * fits_per_deal) ** 2).sum())) / fits_per_deal.sum()
        paper = float(text) / 100
        tolerance = Z * math.sqrt(se_ours**2 + paper * (1 - paper) / paper_fits) + half_unit(text)
        assert abs(ratio - paper) < tolerance, (small, ratio, paper, tolerance)


def test_markov_decks_are_about_the_same_at_every_seat(markov_batch):
    # Seed 004 found the chain nearly stationary: no seat is favoured, whoever deals.
    lengths = evaluation.suit_lengths(markov_batch).astype(int)
    flat = (np.sort(lengths, axis=-1) == [3, 3, 3, 4]).all(axis=-1)  # (n, 4) 4-3-3-3 hands
    counts = flat.sum(axis=0)
    expected = counts.sum() / 4
    # Each count is binomial with variance below its mean; a count minus the average of four
    # dependent counts has sd at most twice a count's sd, whatever the dependence.
    assert (np.abs(counts - expected) < Z * 2 * math.sqrt(expected)).all()
