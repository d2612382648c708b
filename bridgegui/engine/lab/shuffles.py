"""Imperfect shuffles: models that produce decks (card orders), and dealing a deck round the table.

Bridge players argue about whether hand-shuffled deals "feel" different from computer deals.  This
module makes the question concrete with three models of how a deck ends up ordered before the deal:

* ``UniformShuffle``: every order equally likely (what ``dealing.deal_batch`` deals), for comparison.
* ``RiffleShuffle``: the human riffle of Ted's Computer World, "Shuffling and Dealing" (cut 24-28 cards, packets of 1-7
  cards), ``k`` times, from a deck gathered after play (tricks of four, mostly of one suit) or from a sorted deck.
* ``MarkovShuffle``: the model of Bredrup & Zhang, "Imperfectly shuffled decks in bridge": the suit sequence is a Markov
  chain whose next card repeats the previous card's suit with probability ``p`` (the tie probability), conditioned
  *exactly* on 13 cards of each suit; ranks are random within suits.

A deck is an ``(n, 52)`` uint8 array of card numbers (``suit * 13 + rank``, see ``cards``) in dealing
order: column 0 is the top card, the first one dealt.  ``deal_decks`` deals it the way people do, one
card at a time round the table: the first card to the dealer's left-hand opponent, then clockwise, so
that the dealer receives the last card.  With the default dealer North, East gets cards 0, 4, 8, ...,
South 1, 5, ..., West 2, 6, ... and North 3, 7, ....  The result is the engine's usual ``(n, 4)``
uint64 batch of hand masks (N, E, S, W).

``parse_shuffle("riffle:7")``, ``parse_shuffle("markov:0.384")`` and ``parse_shuffle("uniform")``
build a model from the command line's ``--shuffle`` value; every model has ``.deal(n, rng)``,
``.decks(n, rng)``, ``.describe()`` (for a PBN supplemental tag), ``.name`` and ``.spec`` (text that
``parse_shuffle`` reads back).  Models are frozen dataclasses, safe to hand to a worker thread.

``deal_with_model`` deals a board set with a model, keeping the deals that fit a request: a
generator that reports progress between batches and stops when its ``cancel`` event is set, the
one code path behind ``bridgegui-deal --shuffle`` and the window's "Deal a Set with This Model".
A request that no deal can meet is refused before any dealing (the planner's proofs hold for any
model: they are about the hands, not their law), and what cannot be proved is bounded by
``max_tries`` deals and ``max_seconds`` (unbounded, a contradiction under ``riffle:7`` ran over an hour).

Every core, so a long run is not held to one: ``ShuffleModel.deal`` of ``parallel.PARALLEL_MIN_DEALS``
decks or more, and ``deal_with_model`` once it has made that many, go on in fixed chunks, each from its
own child of a seed sequence drawn from ``rng``, on every core, combined in chunk order (``parallel``):
the same seed gives the same set with any number of cores; shorter runs are unchanged.
"""

from __future__ import annotations

import itertools
import threading
import time
from collections.abc import Generator
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from bridgegui.engine import parallel
from bridgegui.engine.cards import CARD_BITS
from bridgegui.engine.dealer.constraints import DealRequest
from bridgegui.engine.dealer.planner import DEFAULT_MAX_TRIES, DEFAULT_TIME_LIMIT, format_one_in, plan_request
from bridgegui.engine.dealing import deal_batch
from bridgegui.engine.errors import BridgeError, TooRareError

CHUNK = 32_768
"""Decks made at a time by ``deal``: bounds the working memory (a few tens of MB) for any ``n``."""

_CARD_BITS = np.array(CARD_BITS, dtype=np.uint64)
_DECK = np.arange(52, dtype=np.uint8)


# --------------------------------------------------------------------------------------------
# Dealing a deck round the table


def dealers_for_boards(first_board: int, n: int) -> np.ndarray:
    """The dealer (0..3 = N, E, S, W) of boards ``first_board .. first_board + n - 1`` (Law 2: North deals board 1)."""
    if first_board < 1:
        raise BridgeError("board numbers start at 1")
    return ((first_board - 1 + np.arange(n)) % 4).astype(np.int8)


def deal_decks(decks: np.ndarray, dealer: int | np.ndarray = 0) -> np.ndarray:
    """Deal decks one card at a time round the table into an ``(n, 4)`` uint64 batch (N, E, S, W).

    Card ``i`` of a deck (``i = 0`` is the top card) goes to seat ``(dealer + 1 + i) % 4``: the
    dealer's left-hand opponent gets the first card and the dealer the last, the real-world rule
    (Ted's Computer World: "one card at a time around the table").  ``dealer`` is one seat for every deck or an
    array with one seat per deck (``dealers_for_boards`` gives Law 2's dealers).  Order matters only
    for non-uniform decks: a riffle of a gathered deck leaves suit runs that this spreads over the four
    hands, which is why hand-shuffled deals come out flatter than chance (Bredrup & Zhang, Table 1).
    """
    d = np.asarray(decks)
    if d.ndim != 2 or d.shape[1] != 52:
        raise ValueError("decks must be an (n, 52) array of card numbers")
    n = d.shape[0]
    seats = np.broadcast_to(np.asarray(dealer, dtype=np.int64), (n,))
    if ((seats < 0) | (seats > 3)).any():
        raise ValueError("dealer must be a seat 0..3 (N, E, S, W)")
    # Position i holds offset i % 4 from the dealer's left; distinct card bits add like an OR.
    per_offset = _CARD_BITS[d].reshape(n, 13, 4).sum(axis=1, dtype=np.uint64)
    out = np.empty((n, 4), dtype=np.uint64)
    columns = (seats[:, None] + 1 + np.arange(4)) % 4
    out[np.arange(n)[:, None], columns] = per_offset
    return out


def deck_suits(decks: np.ndarray) -> np.ndarray:
    """The ``(n, 52)`` suit sequence (0..3 = ♠ ♥ ♦ ♣) of decks: what the ties test of Bredrup & Zhang reads."""
    return (np.asarray(decks) // 13).astype(np.int8)


def _uniform_decks(n: int, rng: np.random.Generator) -> np.ndarray:
    """Uniformly random card orders: an exact Fisher-Yates shuffle of every row (``Generator.permuted``)."""
    return rng.permuted(np.broadcast_to(_DECK, (n, 52)), axis=1)


def _weighted_choice(
    rng: np.random.Generator, values: np.ndarray, probs: np.ndarray, size: tuple[int, ...]
) -> np.ndarray:
    cumulative = np.cumsum(probs)
    index = np.searchsorted(cumulative, rng.random(size) * cumulative[-1], side="right")
    return values[np.minimum(index, values.size - 1)]


# --------------------------------------------------------------------------------------------
# The models


@dataclass(frozen=True)
class ShuffleModel:
    """Base class: a way of ordering a deck.  Subclasses implement ``decks``, ``describe`` and ``spec``."""

    @property
    def name(self) -> str:
        """``"uniform"``, ``"riffle"`` or ``"markov"``: the model's family."""
        raise NotImplementedError

    @property
    def spec(self) -> str:
        """The text ``parse_shuffle`` reads back into an equal model (``"riffle:7"``)."""
        raise NotImplementedError

    @property
    def is_uniform(self) -> bool:
        """Whether deals are exactly uniform (then a PBN set needs no note about its shuffle)."""
        return False

    def describe(self) -> str:
        """One line for people and for a PBN supplemental tag, e.g. ``"riffle shuffle x7 from a gathered deck"``."""
        raise NotImplementedError

    def decks(self, n: int, rng: np.random.Generator) -> np.ndarray:
        """``n`` decks as an ``(n, 52)`` uint8 array of card numbers in dealing order (top card first)."""
        raise NotImplementedError

    def deal(self, n: int, rng: np.random.Generator, *, dealer: int | np.ndarray = 0) -> np.ndarray:
        """``n`` deals, ``(n, 4)`` uint64 hand masks (N, E, S, W), dealt round the table from ``dealer``'s left.

        ``dealer`` is one seat (0..3) or one per deal (``dealers_for_boards(first_board, n)``).  Work
        goes in chunks of ``CHUNK`` decks so memory stays bounded for large ``n``.
        """
        if n < 0:
            raise ValueError("the number of deals cannot be negative")
        seats = np.broadcast_to(np.asarray(dealer, dtype=np.int64), (n,))
        if n >= parallel.PARALLEL_MIN_DEALS:
            return _deal_on_every_core(self, n, rng, seats)
        out = np.empty((n, 4), dtype=np.uint64)
        for lo in range(0, n, CHUNK):
            hi = min(n, lo + CHUNK)
            out[lo:hi] = deal_decks(self.decks(hi - lo, rng), seats[lo:hi])
        return out


@dataclass(frozen=True)
class UniformShuffle(ShuffleModel):
    """A perfect shuffle: every order of the 52 cards equally likely (what a computer dealer does)."""

    @property
    def name(self) -> str:
        return "uniform"

    @property
    def spec(self) -> str:
        return "uniform"

    @property
    def is_uniform(self) -> bool:
        return True

    def describe(self) -> str:
        return "uniform (perfectly shuffled deck)"

    def decks(self, n: int, rng: np.random.Generator) -> np.ndarray:
        return _uniform_decks(n, rng)

    def deal(self, n: int, rng: np.random.Generator, *, dealer: int | np.ndarray = 0) -> np.ndarray:
        """Uniform deals do not depend on the dealing order, so use the engine's fast exact dealer."""
        if n >= parallel.PARALLEL_MIN_DEALS:
            return np.concatenate(list(parallel.random_deals(n, rng=rng)))
        return deal_batch(n, rng=rng)


def _deal_on_every_core(model: ShuffleModel, n: int, rng: np.random.Generator, seats: np.ndarray) -> np.ndarray:
    """``model.deal`` of a long run: chunks of ``CHUNK`` decks, chunk ``i`` from the ``i``-th child of a
    seed sequence drawn from ``rng``, on every core, placed in order (the same deals with any core count)."""
    root = parallel.root_sequence(rng=rng)
    out = np.empty((n, 4), dtype=np.uint64)

    def task(i: int) -> None:
        lo, hi = i * CHUNK, min(n, (i + 1) * CHUNK)
        out[lo:hi] = deal_decks(model.decks(hi - lo, parallel.chunk_rng(root, i)), seats[lo:hi])

    for _ in parallel.ordered_map(task, range(-(-n // CHUNK))):
        pass
    return out


# --------------------------------------------------------------------------------------------
# Riffle shuffles (Ted's Computer World)

Weights = tuple[tuple[int, float], ...]
"""``(size, weight)`` pairs; weights need not sum to one."""

RIFFLE_CUT_WEIGHTS: Weights = ((24, 1.0), (25, 2.0), (26, 4.0), (27, 2.0), (28, 1.0))
"""Cards in the top half of the cut.  Ted's Computer World observed cuts of 24-28 cards in 100 shuffles but gives
no frequencies; a triangular 1:2:4:2:1 peaked at the middle is the simplest shape that fits."""

RIFFLE_PACKET_WEIGHTS: Weights = ((1, 0.40), (2, 0.24), (3, 0.15), (4, 0.09), (5, 0.06), (6, 0.04), (7, 0.02))
"""Cards in one packet dropped from one half.  Ted's Computer World saw packets of 1-7 cards ("the packeting
factor of used, sticky cards") without frequencies.  These fall off roughly geometrically (each size
about 0.6 times as likely as the one below), mean 2.3 cards: singles are the commonest drop, as in the
Gilbert-Shannon-Reeds model that describes amateur riffles (mean packet about 2), a little clumpier
for sticky club cards, and capped at the 7 observed in Ted's Computer World."""

GATHER_CONTINUE_SUIT = 0.5
"""In the play that gathers a deck, the chance that the winner of a trick leads the same suit again
(if he holds it): suits are "played for several consecutive rounds" (Bredrup & Zhang, section 2.1)."""


def gathered_decks(n: int, rng: np.random.Generator, *, continue_suit: float = GATHER_CONTINUE_SUIT) -> np.ndarray:
    """Decks as gathered after a hand of rubber bridge: tricks of four, mostly of one suit, stacked.

    The previous deal is uniform; its 13 tricks are played at notrump: the leader continues the
    previous trick's suit with probability ``continue_suit`` when he can, otherwise leads a random
    card of his hand (so a suit in proportion to its length); the others follow suit with a random
    card when they can and discard a random card when they cannot (each player's cards of a suit
    come out in an order drawn at the start: a random card each time); the highest card of the suit led
    wins and its owner leads next.  Each side stacks the tricks it won in the order played (each trick
    in the order its cards were played) and one pile goes on the other, in random order.  This is a
    plausible stand-in, not a calibrated one: what matters for the shuffle is that the gathered deck
    holds runs of three or four cards of one suit (about 30 ties against 12 in a shuffled deck), the
    "dependence between two consecutive cards" that Bredrup & Zhang attributes to play.
    """
    rows = np.arange(n)
    # Each seat's 13 cards (seat j holds positions j, j + 4, ... of a uniform deck), grouped by suit
    # with a stable sort so that the cards of a suit stay in random order: the order they are played.
    hands = _uniform_decks(n, rng).reshape(n, 13, 4).transpose(0, 2, 1)
    hands = np.take_along_axis(hands, np.argsort(hands // 13, axis=2, kind="stable"), axis=2)
    length = np.stack([(hands // 13 == t).sum(axis=2) for t in range(4)], axis=2)  # (n, seat, suit)
    next_slot = np.cumsum(length, axis=2) - length
    leader = rng.integers(0, 4, n)
    led = np.full(n, -1)
    tricks = np.empty((n, 13, 4), dtype=np.uint8)
    won_by_ew = np.empty((n, 13), dtype=bool)
    for t in range(13):
        best = np.full(n, 99)
        winner = leader.copy()
        for j in range(4):
            seat = (leader + j) % 4
            have = length[rows, seat]  # (n, 4)
            # A random card of the hand, i.e. a suit in proportion to its length ...
            u = rng.random(n) * (13 - t)
            suit = np.count_nonzero(np.cumsum(have, axis=1) <= u[:, None], axis=1)
            if j == 0:
                # ... unless the leader continues the suit of the last trick.
                keep = (led >= 0) & (have[rows, np.maximum(led, 0)] > 0) & (rng.random(n) < continue_suit)
                suit = np.where(keep, led, suit)
                led = suit
            else:
                suit = np.where(have[rows, led] > 0, led, suit)  # follow suit when possible
            slot = next_slot[rows, seat, suit]
            card = hands[rows, seat, slot]
            next_slot[rows, seat, suit] += 1
            length[rows, seat, suit] -= 1
            tricks[:, t, j] = card
            # Lower card number in the suit led = higher rank (rank 0 is the ace).
            beats = (suit == led) & (card < best)
            best = np.where(beats, card, best)
            winner = np.where(beats, seat, winner)
        won_by_ew[:, t] = winner % 2 == 1
        leader = winner
    # Pile order: one side's tricks, then the other's (which pile is on top is a coin flip).
    flip = rng.random(n) < 0.5
    order = np.argsort(won_by_ew ^ flip[:, None], axis=1, kind="stable")
    return tricks[rows[:, None], order].reshape(n, 52)


def riffle_interleavings(
    n: int,
    rng: np.random.Generator,
    *,
    cut_weights: Weights = RIFFLE_CUT_WEIGHTS,
    packet_weights: Weights = RIFFLE_PACKET_WEIGHTS,
) -> tuple[np.ndarray, np.ndarray]:
    """Draw ``n`` riffles: the cut (cards in the top half) and, bottom card first, which half each card comes from.

    Returns ``(top, from_top)``: ``top`` is ``(n,)`` and ``from_top`` an ``(n, 52)`` 0/1 array, the
    new deck read from the bottom up (1 = a card of the top half).  Packets alternate between the
    halves, starting with a random one; their sizes are independent draws from ``packet_weights``;
    when a half runs out, its last packet is cut short and the other half drops the rest.
    Vectorised: packet sizes become run lengths, expanded with one ``np.repeat``.
    """
    cut_values = np.array([c for c, _ in cut_weights], dtype=np.int64)
    cut_probs = np.array([w for _, w in cut_weights], dtype=float)
    packet_values = np.array([c for c, _ in packet_weights], dtype=np.int64)
    packet_probs = np.array([w for _, w in packet_weights], dtype=float)
    if cut_values.min() < 1 or cut_values.max() > 51 or packet_values.min() < 1:
        raise ValueError("cuts must leave cards in both halves and packets hold at least one card")
    top = _weighted_choice(rng, cut_values, cut_probs, (n,))
    lower = 52 - top
    max_packets = int(max(cut_values.max(), 52 - cut_values.min()))  # a packet holds at least one card
    runs = []
    for size in (lower, top):
        packets = _weighted_choice(rng, packet_values, packet_probs, (n, max_packets))
        dropped = np.minimum(np.cumsum(packets, axis=1), size[:, None])
        runs.append(np.diff(dropped, axis=1, prepend=0))
    lower_first = rng.random((n,)) < 0.5
    first = np.where(lower_first[:, None], runs[0], runs[1])
    second = np.where(lower_first[:, None], runs[1], runs[0])
    lengths = np.stack([first, second], axis=2).reshape(n, -1)
    labels = np.broadcast_to(np.array([0, 1], dtype=np.int8), (n, max_packets, 2)).reshape(n, -1)
    labels = np.where(lower_first[:, None], labels, 1 - labels)  # 1 = from the top half
    from_top = np.repeat(labels.ravel(), lengths.ravel()).reshape(n, 52)
    return top, from_top


def riffle(
    decks: np.ndarray,
    rng: np.random.Generator,
    *,
    cut_weights: Weights = RIFFLE_CUT_WEIGHTS,
    packet_weights: Weights = RIFFLE_PACKET_WEIGHTS,
) -> np.ndarray:
    """One human riffle of every deck (Ted's Computer World): cut near the middle, then drop packets alternately.

    The deck is cut into a top half of ``c`` cards (``c`` drawn from ``cut_weights``) and the rest.
    Packets drop from the bottoms of the two halves alternately (``riffle_interleavings``), so the
    new deck is built from the bottom up, as in the hands; each position takes the next card, from
    the bottom, of its half.  The order within each half is kept: a riffle only interleaves.
    """
    d = np.asarray(decks)
    n = d.shape[0]
    top, from_top = riffle_interleavings(n, rng, cut_weights=cut_weights, packet_weights=packet_weights)
    lower = (52 - top)[:, None]  # the bottom half comes first in bottom-up order
    labels = from_top.astype(np.int64)
    taken_top = np.cumsum(labels, axis=1) - labels
    taken_lower = np.arange(52)[None, :] - taken_top
    index = np.where(labels == 1, lower + taken_top, taken_lower)
    return np.take_along_axis(d[:, ::-1], index, axis=1)[:, ::-1].copy()


@dataclass(frozen=True)
class RiffleShuffle(ShuffleModel):
    """``k`` human riffles (Ted's Computer World) of a deck gathered after play (``start="gathered"``) or sorted.

    Ted's Computer World found three riffles far from random, six much better and ten better still, and notes
    that the "seven shuffles suffice" result ignores the packeting of sticky cards; this model lets
    the ties test and the pattern tables show how many riffles it takes.
    """

    k: int
    start: str = "gathered"
    cut_weights: Weights = RIFFLE_CUT_WEIGHTS
    packet_weights: Weights = RIFFLE_PACKET_WEIGHTS

    def __post_init__(self) -> None:
        if isinstance(self.k, bool) or not isinstance(self.k, int) or not 0 <= self.k <= 1000:
            raise BridgeError(f"the number of riffles must be a whole number from 0 to 1000, not {self.k!r}")
        if self.start not in ("gathered", "sorted"):
            raise BridgeError(f"a riffle starts from a 'gathered' or a 'sorted' deck, not {self.start!r}")

    @property
    def name(self) -> str:
        return "riffle"

    @property
    def spec(self) -> str:
        return f"riffle:{self.k}" if self.start == "gathered" else f"riffle:{self.k}:sorted"

    def describe(self) -> str:
        start = "a deck gathered after play" if self.start == "gathered" else "a sorted deck"
        times = "once" if self.k == 1 else f"x{self.k}"
        return f"riffle shuffle {times} from {start} (cut 24-28, packets 1-7), dealt one card at a time"

    def decks(self, n: int, rng: np.random.Generator) -> np.ndarray:
        d = gathered_decks(n, rng) if self.start == "gathered" else np.broadcast_to(_DECK, (n, 52)).copy()
        for _ in range(self.k):
            d = riffle(d, rng, cut_weights=self.cut_weights, packet_weights=self.packet_weights)
        return d


# --------------------------------------------------------------------------------------------
# The conditioned Markov chain (Bredrup & Zhang)


def _check_tie_probability(p: float) -> None:
    if p == 1.0:
        raise BridgeError(
            "the tie probability p must be below 1: at p = 1 the chain never changes suit, so it is never a deck"
        )
    if not 0.0 <= p < 1.0:  # also catches nan
        raise BridgeError(f"the tie probability p must be from 0 to below 1, not {p!r}")


@dataclass(frozen=True)
class MarkovTables:
    """Exact forward-sampling tables of a suit Markov chain conditioned on the suit counts.

    ``cumulative[state, s]`` holds the cumulative conditional probabilities of the next suit given
    the remaining counts ``state`` (mixed radix ``per_suit + 1``, suit 0 lowest) and the current suit
    ``s``; ``first`` the cumulative probabilities of the first suit.  ``weights`` is ``W`` below.
    """

    p: float
    suits: int
    per_suit: int
    weights: np.ndarray
    cumulative: np.ndarray
    first: np.ndarray

    @property
    def strides(self) -> np.ndarray:
        return (self.per_suit + 1) ** np.arange(self.suits)

    @property
    def full_state(self) -> int:
        return int(self.per_suit * self.strides.sum())

    @property
    def deck_probability(self) -> float:
        """The ``f(p) = P(D | p)`` of Bredrup & Zhang: the chance that the unconditioned chain is a deck."""
        full = self.full_state
        return float(sum(self.weights[full - int(st), t] for t, st in enumerate(self.strides))) / self.suits

    def transition(self, state: int, current: int) -> np.ndarray:
        """The conditional probabilities of each next suit (for tests and teaching)."""
        return np.diff(self.cumulative[state, current], prepend=0.0)


@lru_cache(maxsize=16)
def markov_tables(p: float, suits: int = 4, per_suit: int = 13) -> MarkovTables:
    """Backward dynamic program for the chain conditioned on ``per_suit`` cards of each suit (Bredrup & Zhang).

    The chain (Bredrup & Zhang, equations 3-5): the first suit is uniform, and each next card keeps the
    suit with probability ``p`` and moves to each other suit with ``q = (1 - p) / (suits - 1)``.  A
    sequence ``x`` then has probability ``pi(x) = (1/suits) * prod_i w(x_i, x_{i+1})`` with
    ``w(s, s) = p`` and ``w(s, t) = q``.  The model of Bredrup & Zhang is this chain *conditioned* on the event
    ``D`` that the sequence is a deck: ``P(x | D) = pi(x) / Z`` for decks, ``Z = sum of pi over decks``.

    Let ``W(c, s)`` be the total weight ``sum_y prod w`` of the ways to continue from current suit
    ``s`` with remaining counts ``c`` (``W(0, s) = 1``): ``W(c, s) = sum_{t: c_t > 0} w(s, t) W(c -
    e_t, t)``, computed level by level over the ``(per_suit + 1) ** suits`` count vectors (38,416
    times 4 states for a bridge deck).  Sampling forward with ``P(next = t | c, s) = w(s, t) W(c - e_t,
    t) / W(c, s)`` and ``P(first = t) = W(full - e_t, t) / sum_u W(full - e_u, u)`` gives a sequence
    the probability ``prod`` of these ratios, which telescopes to ``pi(x) / Z``: exactly the
    conditioned chain (this is Doob's h-transform; no approximation and no rejection).  The naive
    method, running the chain and keeping only decks, accepts about one chain in 650 at ``p = 0.384``
    (Bredrup & Zhang: 76,402 decks from 50 million chains).  At ``p = 1/suits`` every weight is equal and the
    ratios reduce to ``c_t / sum(c)``: the uniform deck (Bredrup & Zhang, Lemma 4).

    Weights are probabilities (at most 1) and ``W`` is at most the number of decks (5.4e28), so
    float64 does not overflow.  ``p`` must be below 1: at ``p = 1`` the chain never changes suit and
    ``P(D) = 0``, so the conditioning is undefined (as ``p`` tends to 1 the decks become four runs of
    13, every hand 4-3-3-3).
    """
    _check_tie_probability(p)
    if suits < 2 or per_suit < 1:
        raise ValueError("need at least two suits and one card of each")
    radix = per_suit + 1
    n_states = radix**suits
    strides = radix ** np.arange(suits)
    counts = (np.arange(n_states)[:, None] // strides[None, :]) % radix  # (states, suits)
    q = (1.0 - p) / (suits - 1)
    w = np.full((suits, suits), q)
    np.fill_diagonal(w, p)
    weights = np.zeros((n_states, suits))
    weights[0] = 1.0
    totals = counts.sum(axis=1)
    by_level = np.argsort(totals, kind="stable")
    level_starts = np.searchsorted(totals[by_level], np.arange(suits * per_suit + 2))
    for level in range(1, suits * per_suit + 1):
        idx = by_level[level_starts[level] : level_starts[level + 1]]
        for t in range(suits):
            has = counts[idx, t] > 0
            src = idx[has]
            weights[src] += w[:, t][None, :] * weights[src - strides[t], t][:, None]
    # Conditional transition probabilities: next[state, s, t] = w(s, t) W(state - e_t, t) / W(state, s).
    nxt = np.zeros((n_states, suits, suits))
    for t in range(suits):
        has = counts[:, t] > 0
        src = np.flatnonzero(has)
        nxt[src, :, t] = w[None, :, t] * weights[src - strides[t], t][:, None]
    norm = nxt.sum(axis=2, keepdims=True)
    np.divide(nxt, norm, out=nxt, where=norm > 0)
    cumulative = np.cumsum(nxt, axis=2)
    full = int(per_suit * strides.sum())
    first = np.array([weights[full - strides[t], t] for t in range(suits)])
    first_cumulative = np.cumsum(first / first.sum())
    for array in (weights, cumulative, first_cumulative):
        array.flags.writeable = False
    return MarkovTables(float(p), suits, per_suit, weights, cumulative, first_cumulative)


def markov_suit_sequences(
    n: int, p: float, rng: np.random.Generator, *, suits: int = 4, per_suit: int = 13
) -> np.ndarray:
    """``n`` suit sequences (``(n, suits * per_suit)`` int8) from the conditioned Markov chain of Bredrup & Zhang.

    Exact (see ``markov_tables``) and vectorised: one step of the chain for all ``n`` sequences at a
    time, a table lookup and a comparison with a uniform number.
    """
    tables = markov_tables(float(p), suits, per_suit)
    strides = tables.strides
    length = suits * per_suit
    rows = tables.cumulative.reshape(-1, suits)  # row state * suits + current
    out = np.empty((n, length), dtype=np.int8)
    u = rng.random((n, length))
    current = np.searchsorted(tables.first, u[:, 0] * tables.first[-1], side="right")
    current = np.minimum(current, suits - 1)
    state = tables.full_state - strides[current]
    out[:, 0] = current
    for i in range(1, length):
        cum = rows[state * suits + current]  # (n, suits)
        # The first suit whose cumulative probability exceeds u: never a suit with none left,
        # because u * total < total and a suit with none left does not raise the cumulative sum.
        current = np.count_nonzero(cum <= (u[:, i] * cum[:, -1])[:, None], axis=1)
        state -= strides[current]
        out[:, i] = current
    return out


def decks_from_suits(suits: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """Give each position of a 4 x 13 suit sequence a card: the ranks of each suit in random order.

    The ``j``-th spade of a deck gets the ``j``-th entry of a random permutation of the 13 spade
    ranks, and so on: given the suit sequence, every placement of the ranks is equally likely, which
    is Bredrup & Zhang: "no distinction is made between the cards within the same suit".  A stable sort of
    the suit sequence lists the positions of the spades in order of appearance, then the hearts...,
    so position ``order[j]`` receives the card of suit ``j // 13`` and the ``j % 13``-th random rank.
    """
    s = np.asarray(suits)
    n = s.shape[0]
    order = np.argsort(s, axis=1, kind="stable")
    ranks = rng.permuted(np.broadcast_to(np.arange(13, dtype=np.uint8), (n, 4, 13)), axis=2).reshape(n, 52)
    ranks += (np.arange(52, dtype=np.uint8) // 13 * 13)[None, :]
    out = np.empty((n, 52), dtype=np.uint8)
    np.put_along_axis(out, order, ranks, axis=1)
    return out


@dataclass(frozen=True)
class MarkovShuffle(ShuffleModel):
    """The imperfectly shuffled deck of Bredrup & Zhang: suit ties with probability ``p``, exactly 13 of each suit.

    ``p = 0.25`` is a perfect shuffle; Bredrup & Zhang estimated ``p = 0.384`` from 24 club decks
    (mean 18.8 ties against 12), which gives their Table 1.
    """

    p: float

    def __post_init__(self) -> None:
        if isinstance(self.p, bool) or not isinstance(self.p, int | float):
            raise BridgeError(f"the tie probability p must be a number, not {self.p!r}")
        _check_tie_probability(self.p)
        object.__setattr__(self, "p", float(self.p))

    @property
    def name(self) -> str:
        return "markov"

    @property
    def spec(self) -> str:
        return f"markov:{self.p:g}"

    @property
    def is_uniform(self) -> bool:
        return self.p == 0.25

    def describe(self) -> str:
        return (
            f"Markov-chain deck, tie probability p = {self.p:g} (Bredrup & Zhang; 0.25 is a perfect shuffle), "
            "dealt one card at a time"
        )

    def suits(self, n: int, rng: np.random.Generator) -> np.ndarray:
        """Only the suit sequences (what the ties test needs), ``(n, 52)`` int8."""
        return markov_suit_sequences(n, self.p, rng)

    def decks(self, n: int, rng: np.random.Generator) -> np.ndarray:
        return decks_from_suits(self.suits(n, rng), rng)


# --------------------------------------------------------------------------------------------
# Dealing a board set with a model

MODEL_BATCH = 4096
"""Deals a model makes at a time in ``deal_with_model`` (a cancel is seen within one batch).  Part of
the reproducible stream: changing it changes the set a seed gives."""


@dataclass(frozen=True)
class ModelProgress:
    """How ``deal_with_model`` is going: ``tried`` deals made by the model so far, ``found`` boards
    that fit (of ``wanted``), ``elapsed`` seconds since it started."""

    tried: int
    found: int
    wanted: int
    elapsed: float


def deal_with_model(
    model: ShuffleModel,
    request: DealRequest,
    count: int,
    first_board: int,
    rng: np.random.Generator,
    max_tries: int = DEFAULT_MAX_TRIES,
    *,
    cancel: threading.Event | None = None,
    max_seconds: float | None = None,
    workers: int | None = None,
) -> Generator[ModelProgress, None, np.ndarray | None]:
    """Deal boards ``first_board ..`` with ``model``, each from its board's dealer, keeping those that fit.

    Yields a ``ModelProgress`` after each batch of ``MODEL_BATCH`` deals (each chunk of ``MODEL_CHUNK``
    once the run is long) and returns the ``(count, 4)`` batch in board order (``result = yield from
    deal_with_model(...)``, or ``deal_set_with_model``), or ``None`` when ``cancel`` was set: it is
    checked before every batch, so Stop takes effect within one.  Raises ``ConstraintError`` for a
    contradictory request, ``ImpossibleError`` for one the planner proves impossible (before dealing),
    when ``max_tries`` deals bring fewer than ``count`` boards, and when ``max_seconds`` pass in a row
    without a board (None: no limit; rarity is judged, not the size of the set).

    Such deals are deliberately not uniform, so there is no exact draw to speed them up: plain
    rejection on the model's own deals keeps the law "the model's deals that fit".  The boards of
    each dealer are dealt together, North's first, so the set is complete only at the end; the same
    ``rng`` state gives the same set (``bridgegui-deal --shuffle SPEC --seed S``), with any ``workers``.
    """
    plan_request(request)  # validates, and refuses what no deal can meet under any model
    start = time.perf_counter()
    dealers = dealers_for_boards(first_board, count)
    result = np.zeros((count, 4), dtype=np.uint64)
    tried = done = 0
    last_found = start
    root: np.random.SeedSequence | None = None
    for seat in range(4):
        rows = np.flatnonzero(dealers == seat)
        found: list[np.ndarray] = []
        have = 0
        chunks: Generator[np.ndarray | None, None, None] | None = None
        try:
            while have < rows.size:
                if cancel is not None and cancel.is_set():
                    return None
                now = time.perf_counter()
                if tried >= max_tries or (max_seconds is not None and now - last_found >= max_seconds):
                    raise TooRareError(_model_gave_up(model, tried, done + have, count, now - start), seat="")
                if tried >= parallel.PARALLEL_MIN_DEALS:
                    if chunks is None:
                        root = root if root is not None else parallel.root_sequence(rng=rng)
                        chunks = _fitting_chunks(model, request, seat, root, workers, cancel)
                    kept = next(chunks)
                    if kept is None:
                        return None
                    tried += MODEL_CHUNK
                else:
                    batch = model.deal(MODEL_BATCH, rng, dealer=seat)
                    tried += batch.shape[0]
                    kept = batch[request.mask(batch)] if not request.is_empty else batch
                found.append(kept)
                have += kept.shape[0]
                last_found = time.perf_counter() if kept.shape[0] else last_found
                yield ModelProgress(tried, done + min(have, rows.size), count, time.perf_counter() - start)
        finally:
            if chunks is not None:
                chunks.close()  # joins the worker threads at once
        if rows.size:
            result[rows] = np.concatenate(found)[: rows.size]
        done += rows.size
    return result


MODEL_CHUNK = 8 * MODEL_BATCH
"""Decks per chunk once ``deal_with_model`` runs on every core (8 batches; a cancel is seen between
batches).  Part of the reproducible stream of long runs."""


def _fitting_chunks(
    model: ShuffleModel,
    request: DealRequest,
    seat: int,
    root: np.random.SeedSequence,
    workers: int | None,
    cancel: threading.Event | None,
) -> Generator[np.ndarray | None, None, None]:
    """The fitting deals of each chunk of ``MODEL_CHUNK`` decks dealt by ``seat``, in order, on every core
    (None once cancelled).  Chunk ``i`` draws from child ``i`` of child ``seat`` of ``root``."""
    seat_root = np.random.SeedSequence(root.entropy, spawn_key=(*root.spawn_key, seat), pool_size=root.pool_size)

    def task(i: int) -> np.ndarray | None:
        chunk_rng = parallel.chunk_rng(seat_root, i)
        parts = []
        for _ in range(MODEL_CHUNK // MODEL_BATCH):
            if cancel is not None and cancel.is_set():
                return None
            batch = model.deal(MODEL_BATCH, chunk_rng, dealer=seat)
            parts.append(batch[request.mask(batch)] if not request.is_empty else batch)
        return np.concatenate(parts)

    stream = parallel.ordered_map(task, itertools.count(), workers=workers, cancel=cancel)
    try:
        yield from stream
        yield None  # the stream ends only when cancelled
    finally:
        stream.close()


def _model_gave_up(model: ShuffleModel, tried: int, found: int, count: int, elapsed: float) -> str:
    """The message when a model's search spends its deals or its time: the figures, and the rarity they imply."""
    if found:
        return (
            f"only {found:,} of {count:,} boards fitting the constraints were found in {tried:,} deals of the "
            f"{model.name} model ({elapsed:.1f} s): about 1 deal in {format_one_in(found / tried)} fits. "
            "Ask for fewer boards, or allow more deals or more time."
        )
    return (
        f"no deal fitting every constraint was found in {tried:,} deals of the {model.name} model "
        f"({elapsed:.1f} s); under this model such deals are rarer than about 1 in {format_one_in(3.0 / max(tried, 1))}. "
        "Loosen a constraint."
    )


def deal_set_with_model(
    model: ShuffleModel,
    request: DealRequest,
    count: int,
    first_board: int,
    rng: np.random.Generator,
    max_tries: int = DEFAULT_MAX_TRIES,
    *,
    max_seconds: float | None = DEFAULT_TIME_LIMIT,
    workers: int | None = None,
) -> np.ndarray:
    """All of ``deal_with_model`` at once (no cancel): the ``(count, 4)`` batch, for the command line,
    so it gives up after the command line's ``DEFAULT_TIME_LIMIT`` seconds without a board unless told
    otherwise (None: no limit)."""
    stream = deal_with_model(
        model, request, count, first_board, rng, max_tries, max_seconds=max_seconds, workers=workers
    )
    while True:
        try:
            next(stream)
        except StopIteration as stop:
            assert stop.value is not None  # only a cancel returns None
            return np.asarray(stop.value)


# --------------------------------------------------------------------------------------------
# Reading a model from text


def parse_shuffle(text: str) -> ShuffleModel:
    """A model from the command line's ``--shuffle`` value.

    ``uniform`` (the default dealing); ``riffle:K`` (K riffles of a deck gathered after play) or
    ``riffle:K:sorted`` (of a sorted deck); ``markov:P`` (the chain of Bredrup & Zhang, with tie probability P).
    Raises ``BridgeError`` (a ``ValueError``) with a message for the user.
    """
    t = text.strip().lower()
    family, _, rest = t.partition(":")
    if family == "uniform" and not rest:
        return UniformShuffle()
    if family == "riffle":
        count, _, start = rest.partition(":")
        try:
            k = int(count)
        except ValueError:
            raise BridgeError(
                f"--shuffle {text!r}: write riffle:K with a whole number of riffles, e.g. riffle:7"
            ) from None
        try:
            return RiffleShuffle(k, start or "gathered")
        except BridgeError as exc:
            raise BridgeError(f"--shuffle {text!r}: {exc}") from None
    if family == "markov":
        try:
            p = float(rest)
        except ValueError:
            raise BridgeError(f"--shuffle {text!r}: write markov:P with a tie probability, e.g. markov:0.384") from None
        try:
            return MarkovShuffle(p)
        except BridgeError as exc:
            raise BridgeError(f"--shuffle {text!r}: {exc}") from None
    raise BridgeError(f"--shuffle {text!r}: use uniform, riffle:K (e.g. riffle:7) or markov:P (e.g. markov:0.384)")
