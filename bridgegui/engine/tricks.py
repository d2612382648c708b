"""How many tricks a partnership takes: bridgegui's estimator, fitted to double dummy, and the classic LTC and NLTC.

``estimate_tricks(declarer, dummy, strain)`` is a linear model on a handful of evaluation features of
the two hands.  Its coefficients were fitted by least squares to double-dummy results
(``scripts/fit_tricks.py``; the ground truth comes from DDS through endplay at development time only)
and are stored below as constants, so the estimate is transparent: ``explain_estimate`` lists each term.

Features of the suit model (from the two hands only; "trumps" is the strain of the contract):

``nltc``         combined New Losing Trick Count (``suit_nltc_halves``): the strongest single feature;
``hcp``          combined high-card points;  ``controls``  combined controls (A 2, K 1);
``fit``          combined trump length;  ``long_trumps``  trumps in the longer trump hand;
``ruffs``        shortness opposite length: the side-suit cards of the longer trump hand in excess of
                 its partner's, at most the partner's trump count (the ruffs in the short trump hand);
``wasted``       K, Q and J (in HCP) in a side suit opposite a singleton or void;
``eight_card_fit``, ``hcp_by_fit``, ``nltc_by_fit``
                 how the fit changes the rest: an 8-card fit plays worse than the trend says, and
                 high cards count less the longer the fit ((HCP - 20) and (NLTC - 16) times
                 (trumps - 9), centred on an average pair and a 9-card fit).
The notrump model uses ``hcp``, ``controls``, ``unstopped`` (suits no hand stops with A, Kx, Qxx or
Jxxx) and ``combined_pt``: the playing tricks of the Old Lady write-up "Tricky Trick-y Algorithm"
(``tables.PLAYING_TRICKS``) of each suit's combined holding, capped by the longer hand's length.  Forward selection
(``fit_tricks.py fit --select``) also tried, in suit contracts, unstopped suits, the playing tricks of the Old Lady
write-up "Tricky Trick-y Algorithm", side-suit losers of the combined hands and HCP in trumps: each gained under 0.003
MAE, several with signs that only make sense as corrections of NLTC, so they were left out.

Ground truth and measurement (``scripts/bench_tricks.py``).  Random deals (``deal_batch(n, seed)``);
the side whose longest fit is longer declares it when it has 8+ cards (``fit_contracts``: ties to the
side with more HCP, the suit with more HCP then the higher-ranking; declarer the hand with more trumps
then more HCP).  The truth is the double-dummy tricks of the better of the side's two declarer seats
(the side picks its declarer; it is the declarer's own count in 96% of deals, and against the
declarer's own count each MAE below rises by about 0.01 and within one falls by under a point).
Fitted on seeds 1-6 (5,385 suit deals, 2,400 notrump), measured on the held-out seeds 1001-1004, the
first 3,000 such deals:

=============================  =====  ===========
estimator                      MAE    within one
=============================  =====  ===========
bridgegui (decimal)            0.627  79.9%
bridgegui, whole tricks        0.578  94.4%
NLTC (25 - losers)             0.853  77.4%
NLTC rounded to whole tricks   0.872  81.7%
LTC (24 - losers)              1.074  73.9%
=============================  =====  ===========

LTC and NLTC reproduce figures measured independently on 3,000 such deals (LTC 1.06, 74%; NLTC
0.87, 77%), which checks the ground-truth setup.  "Within one" is ``|estimate - tricks| <= 1``.  Tricks
are whole numbers, so a whole-number estimate (``estimate_whole_tricks``) covers three trick counts
where a decimal one covers two: show the whole number (as LTC does) and keep the decimal for the
tooltip.  By fit: 8 cards 0.668 (76.5%), 9 cards 0.622 (81.7%), 10+ 0.542 (84.0%).  In notrump (the side
with more HCP of any deal, 1,600 held-out deals) the estimate is harder, MAE 0.954 and 59.5% within one
(whole tricks 0.914, 79.6%), because the opponents' long suit is not in the two hands; LTC and NLTC are
not notrump counts (MAE 2.3).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeVar

import numpy as np

from bridgegui.engine import evaluation, tables
from bridgegui.engine.cards import Hand
from bridgegui.engine.errors import BridgeError

STRAINS = ("S", "H", "D", "C", "NT")
"""Strain codes; the index is the strain number used by the batch functions (4 is notrump)."""
NOTRUMP = 4
STRAIN_WORDS = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs", "NT": "notrump"}


def strain_number(strain: str) -> int:
    """0..3 for ``"S" "H" "D" "C"``, 4 for ``"NT"`` (``"N"`` and any case accepted)."""
    s = strain.strip().upper()
    if s in ("N", "NT"):
        return NOTRUMP
    if s in STRAINS[:4]:
        return STRAINS.index(s)
    raise BridgeError(f"{strain!r} is not a strain: use S, H, D, C or NT")


# --- classic counts ------------------------------------------------------------------------------


def suit_nltc_halves(holding: int) -> int:
    """New Losing Trick Count of one suit, in half losers.

    As NLTC defines it (Bridge World, 2003): among the top min(length, 3) cards, a missing ace counts
    1.5 losers, a missing king 1 and a missing queen 0.5.  So a void 0, a singleton 0 with the ace else
    1.5, a doubleton AK 0 / Ax 1 / Kx 1.5 / xx 2.5, three or more cards up to 3 (xxx).
    """
    length = holding.bit_count()
    missing_a = not holding & tables.ACE
    missing_k = not holding & tables.KING
    missing_q = not holding & tables.QUEEN
    if length == 0:
        return 0
    if length == 1:
        return 3 * missing_a
    if length == 2:
        return 3 * missing_a + 2 * missing_k
    return 3 * missing_a + 2 * missing_k + missing_q


NLTC_HALVES = np.array([suit_nltc_halves(h) for h in range(tables.N_HOLDINGS)], dtype=np.uint8)
NLTC_HALVES.flags.writeable = False


def nltc_losers(hands: np.ndarray) -> np.ndarray:
    """NLTC losers of hand masks of any shape (floats in steps of 0.5)."""
    return NLTC_HALVES[evaluation.holdings(hands)].sum(axis=-1, dtype=np.int16) / 2.0


MAX_TRICKS = 13
"""A deal has 13 tricks.  LTC's 24 - losers and NLTC's 25 - losers know no such bound: two strong
hands give "LTC 14" or "NLTC 18½", more than a deal holds, so what a window shows is capped
(``capped_tricks``)."""

_Count = TypeVar("_Count", int, float)


def capped_tricks(count: _Count) -> _Count:
    """``count`` if a deal can hold that many tricks, else 13 (``MAX_TRICKS``)."""
    return min(count, MAX_TRICKS)  # type: ignore[return-value]  # int or float, as given


def ltc_tricks_batch(declarers: np.ndarray, dummies: np.ndarray) -> np.ndarray:
    """LTC's trick count: 24 - the two hands' losers (``tables.LOSERS``), as int16."""
    return (24 - evaluation.losers(declarers) - evaluation.losers(dummies)).astype(np.int16)


def nltc_tricks_batch(declarers: np.ndarray, dummies: np.ndarray) -> np.ndarray:
    """NLTC's trick count: 25 - the two hands' NLTC losers."""
    return 25.0 - nltc_losers(declarers) - nltc_losers(dummies)


def ltc_tricks(declarer: Hand, dummy: Hand) -> int:
    """Losing Trick Count: 24 - combined losers (missing A, K, Q among each suit's top min(length, 3))."""
    return 24 - declarer.losers - dummy.losers


def nltc(hand: Hand) -> float:
    """A hand's New Losing Trick Count (``suit_nltc_halves`` summed, in losers)."""
    return sum(int(NLTC_HALVES[h]) for h in hand.holdings) / 2


def nltc_tricks(declarer: Hand, dummy: Hand) -> float:
    """New Losing Trick Count: 25 - combined NLTC losers."""
    return 25.0 - nltc(declarer) - nltc(dummy)


# --- features ------------------------------------------------------------------------------------

_LEN = tables.LENGTH.astype(np.int16)
_HCP = tables.HCP.astype(np.int16)
_PT = tables.PLAYING_TRICKS.astype(np.int16)
_CONTROLS = tables.CONTROLS.astype(np.int16)
_ACE, _KING, _QUEEN, _JACK = 12, 11, 10, 9


def _bit(h: np.ndarray, b: int) -> np.ndarray:
    return (h >> b) & 1


def _stopped(h: np.ndarray, length: np.ndarray) -> np.ndarray:
    return (
        (_bit(h, _ACE) == 1)
        | ((_bit(h, _KING) == 1) & (length >= 2))
        | ((_bit(h, _QUEEN) == 1) & (length >= 3))
        | ((_bit(h, _JACK) == 1) & (length >= 4))
    )


FEATURE_DESCRIPTIONS = {
    "nltc": "combined NLTC losers",
    "hcp": "combined HCP",
    "fit": "trumps held",
    "ruffs": "ruffs in the short trump hand",
    "wasted": "honours opposite shortness (HCP)",
    "side_losers": "side-suit losers of the two hands together",
    "trump_hcp": "HCP in trumps",
    "long_trumps": "trumps in the longer trump hand",
    "eight_card_fit": "an 8-card fit (1 or 0)",
    "hcp_by_fit": "(HCP - 20) × (trumps - 9)",
    "nltc_by_fit": "(NLTC losers - 16) × (trumps - 9)",
    "unstopped": "suits without a stopper",
    "controls": "controls (A 2, K 1)",
    "combined_pt": "playing tricks of the combined suits (per-suit play-out count)",
}
"""Every feature ``features_batch`` computes, with the words ``explain_estimate`` uses."""


SUIT_ONLY_INTERACTIONS = ("eight_card_fit", "hcp_by_fit", "nltc_by_fit")


def features_batch(declarers: np.ndarray, dummies: np.ndarray, strains: np.ndarray | int) -> dict[str, np.ndarray]:
    """Every feature of ``FEATURE_DESCRIPTIONS`` for ``(n,)`` declarer and dummy hand masks, as float arrays.

    ``strains`` is 0..3 (S H D C) or 4 (NT), one per row or one for all.  Suit-only features are 0 in
    notrump rows.  The role of declarer and dummy does not matter: every feature is symmetric.
    """
    hd = evaluation.holdings(np.atleast_1d(np.asarray(declarers, dtype=np.uint64))).astype(np.int32)
    hm = evaluation.holdings(np.atleast_1d(np.asarray(dummies, dtype=np.uint64))).astype(np.int32)
    n = hd.shape[0]
    rows = np.arange(n)
    strain = np.broadcast_to(np.asarray(strains, dtype=np.int64), (n,))
    ld, lm = _LEN[hd], _LEN[hm]
    union = hd | hm
    longer = np.maximum(ld, lm)
    f: dict[str, np.ndarray] = {}
    f["nltc"] = (NLTC_HALVES[hd].sum(1) + NLTC_HALVES[hm].sum(1)) / 2.0
    f["hcp"] = (_HCP[hd].sum(1) + _HCP[hm].sum(1)).astype(float)
    f["controls"] = (_CONTROLS[hd].sum(1) + _CONTROLS[hm].sum(1)).astype(float)
    f["combined_pt"] = np.minimum(_PT[union], longer).sum(1).astype(float)
    stopped = _stopped(hd, ld) | _stopped(hm, lm)
    f["unstopped"] = (~stopped).sum(1).astype(float)

    suit = strain < NOTRUMP
    t = np.where(suit, strain, 0)
    side = np.ones((n, 4), dtype=bool)
    side[rows, t] = False
    dec_long = ld[rows, t] >= lm[rows, t]
    long_hand = np.where(dec_long[:, None], ld, lm)
    short_hand = np.where(dec_long[:, None], lm, ld)
    short_trumps = short_hand[rows, t]
    excess = (np.clip(long_hand - short_hand, 0, None) * side).sum(1)
    f["fit"] = (ld[rows, t] + lm[rows, t]).astype(float)
    f["ruffs"] = np.minimum(excess, short_trumps).astype(float)
    not_ace_d = _HCP[hd] - 4 * _bit(hd, _ACE)
    not_ace_m = _HCP[hm] - 4 * _bit(hm, _ACE)
    wasted = not_ace_d * (lm <= 1) + not_ace_m * (ld <= 1)
    f["wasted"] = (wasted * side).sum(1).astype(float)
    a, k, q = _bit(union, _ACE), _bit(union, _KING), _bit(union, _QUEEN)
    losers = np.select([longer == 0, longer == 1, longer == 2], [0, 1 - a, 2 - a - k], 3 - a - k - q)
    f["side_losers"] = (losers * side).sum(1).astype(float)
    f["trump_hcp"] = _HCP[union[rows, t]].astype(float)
    f["long_trumps"] = long_hand[rows, t].astype(float)
    f["eight_card_fit"] = (f["fit"] == 8).astype(float)
    # Centred on an average pair (20 HCP, 16 NLTC losers) and a 9-card fit, so that the main terms
    # keep their plain meaning there and the interaction only says how they change with the fit.
    f["hcp_by_fit"] = (f["hcp"] - 20) * (f["fit"] - 9)
    f["nltc_by_fit"] = (f["nltc"] - 16) * (f["fit"] - 9)
    for name in ("fit", "ruffs", "wasted", "side_losers", "trump_hcp", "long_trumps", *SUIT_ONLY_INTERACTIONS):
        f[name] = np.where(suit, f[name], 0.0)
    return f


# --- the model -----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class LinearModel:
    """``intercept + sum(coefficient * feature)``, clipped to 0..13."""

    intercept: float
    coefficients: tuple[tuple[str, float], ...]

    def predict(self, features: dict[str, np.ndarray]) -> np.ndarray:
        total = np.full(next(iter(features.values())).shape, self.intercept, dtype=float)
        for name, c in self.coefficients:
            total = total + c * features[name]
        return np.clip(total, 0.0, 13.0)


# Fitted by scripts/fit_tricks.py fit --train 1-6 (least squares); do not edit by hand.
SUIT_MODEL = LinearModel(
    5.5495,
    (
        ("nltc", -0.3016),
        ("hcp", 0.1625),
        ("controls", 0.1867),
        ("fit", 0.2103),
        ("long_trumps", 0.2930),
        ("ruffs", 0.3165),
        ("wasted", -0.1119),
        ("eight_card_fit", -0.4695),
        ("hcp_by_fit", -0.0655),
        ("nltc_by_fit", -0.0787),
    ),
)
NOTRUMP_MODEL = LinearModel(
    -3.2783, (("hcp", 0.3289), ("unstopped", -1.0073), ("controls", 0.3292), ("combined_pt", 0.0888))
)


def estimate_tricks_batch(declarers: np.ndarray, dummies: np.ndarray, strains: np.ndarray | int) -> np.ndarray:
    """``estimate_tricks`` for ``(n,)`` arrays of hand masks; ``strains`` 0..3 (S H D C) or 4 (NT)."""
    f = features_batch(declarers, dummies, strains)
    n = f["hcp"].shape[0]
    strain = np.broadcast_to(np.asarray(strains, dtype=np.int64), (n,))
    return np.where(strain < NOTRUMP, SUIT_MODEL.predict(f), NOTRUMP_MODEL.predict(f))


def _one(hand: Hand) -> np.ndarray:
    return np.array([hand.mask], dtype=np.uint64)


def estimate_tricks(declarer: Hand, dummy: Hand, strain: str) -> float:
    """Expected double-dummy tricks for ``declarer`` and ``dummy`` playing in ``strain`` (``"S" … "NT"``).

    A float (e.g. 9.4): the mean trick count of deals like this one, so 9.4 means "usually 9,
    often 10".  See the module docstring for the features and the measured accuracy.
    """
    return float(estimate_tricks_batch(_one(declarer), _one(dummy), strain_number(strain))[0])


def estimate_whole_tricks(declarer: Hand, dummy: Hand, strain: str) -> int:
    """``estimate_tricks`` rounded to a whole number of tricks (halves round up)."""
    return int(np.floor(estimate_tricks(declarer, dummy, strain) + 0.5))


def trick_features(declarer: Hand, dummy: Hand, strain: str) -> dict[str, float]:
    """The features the model for ``strain`` uses, by name (for display)."""
    s = strain_number(strain)
    f = features_batch(_one(declarer), _one(dummy), s)
    model = NOTRUMP_MODEL if s == NOTRUMP else SUIT_MODEL
    return {name: float(f[name][0]) for name, _ in model.coefficients}


@dataclass(frozen=True, slots=True)
class EstimateTerm:
    """One term of the estimate: ``coefficient × value`` of the feature ``feature`` (a key of ``FEATURE_DESCRIPTIONS``)."""

    feature: str
    value: float
    coefficient: float

    @property
    def contribution(self) -> float:
        """The term's share of the estimate, in tricks."""
        return self.coefficient * self.value + 0.0  # + 0.0: no "-0.00"


@dataclass(frozen=True, slots=True)
class EstimateExplanation:
    """The estimate as a sum: ``intercept`` plus each term's ``contribution`` is ``estimate``.

    ``strain`` is ``"S"``..``"NT"``; ``ltc`` and ``nltc`` are the classic counts for comparison,
    capped at 13 tricks (``capped_tricks``; None in notrump, where they are not trick counts).  A window phrases it from these fields
    (``FEATURE_DESCRIPTIONS`` names each feature in English); ``lines()`` is the English one.
    """

    strain: str
    intercept: float
    terms: tuple[EstimateTerm, ...]
    estimate: float
    ltc: int | None
    nltc: float | None

    def lines(self) -> list[str]:
        """``"Start at 5.55"``, one line a term (``"combined NLTC losers 14.5 × -0.302 = -4.37"``), the
        estimate, and in a suit the classic counts."""
        lines = [f"Start at {self.intercept:.2f}"]
        for t in self.terms:
            lines.append(
                f"{FEATURE_DESCRIPTIONS[t.feature]} {t.value:g} × {t.coefficient:+.3f} = {t.contribution:+.2f}"
            )
        lines.append(f"Estimate in {STRAIN_WORDS[self.strain]}: {self.estimate:.1f} tricks")
        if self.ltc is not None and self.nltc is not None:
            lines.append(f"(LTC says {self.ltc}, NLTC {self.nltc:g})")
        return lines


def estimate_explanation(declarer: Hand, dummy: Hand, strain: str) -> EstimateExplanation:
    """The estimate of ``estimate_tricks`` term by term, for the quiz's breakdown and the panel's tooltip."""
    s = strain_number(strain)
    f = features_batch(_one(declarer), _one(dummy), s)
    model = NOTRUMP_MODEL if s == NOTRUMP else SUIT_MODEL
    terms = tuple(EstimateTerm(name, float(f[name][0]), c) for name, c in model.coefficients)
    suit = s != NOTRUMP  # LTC and NLTC are counts for suit contracts
    return EstimateExplanation(
        STRAINS[s],
        model.intercept,
        terms,
        float(model.predict(f)[0]),
        capped_tricks(ltc_tricks(declarer, dummy)) if suit else None,
        capped_tricks(nltc_tricks(declarer, dummy)) if suit else None,
    )


def explain_estimate(declarer: Hand, dummy: Hand, strain: str) -> list[str]:
    """``estimate_explanation(...).lines()``: the estimate as a sum of terms in English, one line each."""
    return estimate_explanation(declarer, dummy, strain).lines()


# --- accuracy, for tooltips ----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Accuracy:
    """Measured error against double dummy on held-out deals: mean absolute error and share within one trick."""

    mae: float
    within_one: float
    deals: int

    def text(self) -> str:
        return (
            f"off by {self.mae:.2f} tricks on average, within one trick on {100 * self.within_one:.0f}% of "
            f"{self.deals:,} deals (double dummy)"
        )


ACCURACY: dict[str, Accuracy] = {
    "bridgegui": Accuracy(0.627, 0.799, 3000),
    "bridgegui, whole tricks": Accuracy(0.578, 0.944, 3000),
    "NLTC": Accuracy(0.853, 0.774, 3000),
    "LTC": Accuracy(1.074, 0.739, 3000),
    "bridgegui, notrump": Accuracy(0.954, 0.595, 1600),
    "bridgegui, notrump, whole tricks": Accuracy(0.914, 0.796, 1600),
}
"""Measured on held-out deals by ``scripts/bench_tricks.py`` (see the module docstring), for the tooltips."""


# --- the benchmark's contracts -------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class FitContracts:
    """For each deal of a batch, the contract the benchmark measures: the side with the longest fit declares it."""

    side: np.ndarray
    """0 for NS, 1 for EW."""
    strain: np.ndarray
    """0..3 (S H D C)."""
    declarer: np.ndarray
    """Seat 0..3: the hand of the side with more trumps (then more HCP, then N or E)."""
    dummy: np.ndarray
    fit: np.ndarray
    """Combined trump length; the benchmark keeps the deals with 8 or more."""


def fit_contracts(batch: np.ndarray) -> FitContracts:
    """Which side declares which suit in each deal of an ``(n, 4)`` batch (the benchmark's definition).

    The side whose longest suit fit is longer declares (ties: more combined HCP, then NS); its strain
    is that fit (ties: more combined HCP in the suit, then the higher-ranking suit); the declarer is
    the hand with more trumps (ties: more HCP, then North or East).
    """
    b = np.asarray(batch, dtype=np.uint64)
    lengths = evaluation.suit_lengths(b).astype(np.int32)  # (n, 4 seats, 4 suits)
    suit_hcp = evaluation.suit_hcp(b).astype(np.int32)
    hcp = suit_hcp.sum(axis=2)
    side_len = np.stack([lengths[:, 0] + lengths[:, 2], lengths[:, 1] + lengths[:, 3]], axis=1)
    side_suit_hcp = np.stack([suit_hcp[:, 0] + suit_hcp[:, 2], suit_hcp[:, 1] + suit_hcp[:, 3]], axis=1)
    side_hcp = side_suit_hcp.sum(axis=2)
    best = side_len.max(axis=2)
    ew = (best[:, 1] > best[:, 0]) | ((best[:, 1] == best[:, 0]) & (side_hcp[:, 1] > side_hcp[:, 0]))
    side = ew.astype(np.int64)
    rows = np.arange(b.shape[0])
    rank = np.array([3, 2, 1, 0])  # spades highest
    key = side_len[rows, side] * 10_000 + side_suit_hcp[rows, side] * 10 + rank[None, :]
    strain = np.argmax(key, axis=1)
    fit = side_len[rows, side, strain]
    first, second = side, side + 2
    l1, l2 = lengths[rows, first, strain], lengths[rows, second, strain]
    first_declares = (l1 > l2) | ((l1 == l2) & (hcp[rows, first] >= hcp[rows, second]))
    declarer = np.where(first_declares, first, second)
    dummy = np.where(first_declares, second, first)
    return FitContracts(side, strain, declarer, dummy, fit)
