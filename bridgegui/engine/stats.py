"""Exact probability tables and the chi-square test, for the randomness tests, audits and teaching tables.

Everything here is computed exactly (Python integers) from first principles, so that the tests of
the dealer compare against the truth rather than against another simulation.  The chi-square tail
probability is the regularised upper incomplete gamma function ``Q(k/2, x/2)``, evaluated by its
series or its continued fraction (Numerical Recipes §6.2), which keeps scipy out of the
dependencies for one function.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache

HANDS = math.comb(52, 13)
"""635,013,559,600 possible hands."""


@cache
def shape_counts() -> dict[tuple[int, int, int, int], int]:
    """Number of hands with each exact shape (S, H, D, C lengths): the product of C(13, length)."""
    counts = {}
    for s in range(14):
        for h in range(14 - s):
            for d in range(14 - s - h):
                c = 13 - s - h - d
                counts[(s, h, d, c)] = math.comb(13, s) * math.comb(13, h) * math.comb(13, d) * math.comb(13, c)
    return counts


@cache
def pattern_counts() -> dict[tuple[int, int, int, int], int]:
    """Number of hands with each of the 39 any-order patterns (lengths longest first)."""
    counts: dict[tuple[int, int, int, int], int] = {}
    for shape, n in shape_counts().items():
        a, b, c, d = sorted(shape, reverse=True)
        counts[(a, b, c, d)] = counts.get((a, b, c, d), 0) + n
    return dict(sorted(counts.items(), key=lambda kv: -kv[1]))


def pattern_probabilities() -> dict[tuple[int, int, int, int], float]:
    return {p: n / HANDS for p, n in pattern_counts().items()}


@cache
def hcp_counts() -> list[int]:
    """Number of hands with 0..37 HCP: a DP over the 16 honours, then the 36 spot cards fill up."""
    # ways[k][p]: ways to choose k honours worth p points.
    ways = [[0] * 41 for _ in range(17)]
    ways[0][0] = 1
    for value in (4, 3, 2, 1):
        for _ in range(4):
            for k in range(15, -1, -1):
                for p in range(40 - value, -1, -1):
                    if ways[k][p]:
                        ways[k + 1][p + value] += ways[k][p]
    counts = [0] * 38
    for k in range(0, 14):
        spots = math.comb(36, 13 - k)
        for p in range(38):
            counts[p] += ways[k][p] * spots
    return counts


def hcp_probabilities() -> list[float]:
    return [n / HANDS for n in hcp_counts()]


def suit_split_probabilities(cards_out: int, hidden_total: int = 26) -> dict[tuple[int, int], Fraction]:
    """How ``cards_out`` cards of a suit split between two hidden hands of ``hidden_total / 2`` cards."""
    half = hidden_total // 2
    total = math.comb(hidden_total, cards_out)
    result = {}
    for a in range(cards_out + 1):
        b = cards_out - a
        if a <= half and b <= half:
            result[(a, b)] = Fraction(math.comb(half, a) * math.comb(half, b), total)
    return result


def _gamma_series(a: float, x: float) -> float:
    term = total = 1.0 / a
    ap = a
    for _ in range(10_000):
        ap += 1
        term *= x / ap
        total += term
        if abs(term) < abs(total) * 1e-15:
            break
    return total * math.exp(-x + a * math.log(x) - math.lgamma(a))


def _gamma_continued_fraction(a: float, x: float) -> float:
    tiny = 1e-300
    b = x + 1 - a
    c = 1 / tiny
    d = 1 / b
    h = d
    for i in range(1, 10_000):
        an = -i * (i - a)
        b += 2
        d = an * d + b
        d = tiny if abs(d) < tiny else d
        c = b + an / c
        c = tiny if abs(c) < tiny else c
        d = 1 / d
        delta = d * c
        h *= delta
        if abs(delta - 1) < 1e-15:
            break
    return math.exp(-x + a * math.log(x) - math.lgamma(a)) * h


def chi2_sf(statistic: float, dof: int) -> float:
    """P(chi-square with ``dof`` degrees of freedom >= ``statistic``)."""
    if dof <= 0:
        raise ValueError("degrees of freedom must be positive")
    if statistic <= 0:
        return 1.0
    a, x = dof / 2, statistic / 2
    if x < a + 1:
        return max(0.0, 1.0 - _gamma_series(a, x))
    return _gamma_continued_fraction(a, x)


@dataclass(frozen=True)
class ChiSquare:
    statistic: float
    dof: int
    p_value: float
    bins: int


def chi_square_test(
    observed: Mapping[object, int] | Sequence[int],
    probabilities: Mapping[object, float] | Sequence[float],
    *,
    min_expected: float = 5.0,
) -> ChiSquare:
    """Goodness of fit of counts to exact probabilities.

    Bins whose expected count is below ``min_expected`` are pooled (rarest first) into one bin so
    that the chi-square approximation holds; observations outside the given bins are an error.
    """
    if isinstance(probabilities, Mapping):
        keys = list(probabilities)
        probs = [float(probabilities[k]) for k in keys]
        obs_map: Mapping[object, int] = observed if isinstance(observed, Mapping) else dict(enumerate(observed))
        extra = set(obs_map) - set(keys)
        if any(obs_map[k] for k in extra):
            raise ValueError(f"observations outside the expected bins: {sorted(map(str, extra))[:5]}")
        obs = [int(obs_map.get(k, 0)) for k in keys]
    else:
        probs = [float(p) for p in probabilities]
        if isinstance(observed, Mapping):
            raise ValueError("observations by bin need probabilities by bin")
        obs = [int(o) for o in observed]
        if len(obs) != len(probs):
            raise ValueError("observed and probabilities differ in length")
    total = sum(obs)
    order = sorted(range(len(probs)), key=lambda i: probs[i])
    bins: list[tuple[float, int]] = []
    pool_e = pool_o = 0.0
    for i in order:
        e = probs[i] * total
        if pool_e + e < min_expected or (pool_e and pool_e < min_expected):
            pool_e += e
            pool_o += obs[i]
            if pool_e >= min_expected:
                bins.append((pool_e, int(pool_o)))
                pool_e = pool_o = 0.0
            continue
        bins.append((e, obs[i]))
    if pool_e > 0 or pool_o > 0:
        if bins:
            e, o = bins.pop()
            bins.append((e + pool_e, o + int(pool_o)))
        else:
            bins.append((pool_e, int(pool_o)))
    stat = sum((o - e) ** 2 / e for e, o in bins if e > 0)
    dof = max(1, len(bins) - 1)
    return ChiSquare(stat, dof, chi2_sf(stat, dof), len(bins))


def chi_square_homogeneity(a: Sequence[int], b: Sequence[int], *, min_expected: float = 5.0) -> ChiSquare:
    """Do two samples of counts over the same bins come from one distribution? (2 x k contingency table).

    Bins where the expected count of either sample would be below ``min_expected`` are pooled,
    rarest first, so that the chi-square approximation holds.
    """
    if len(a) != len(b):
        raise ValueError("the two samples need the same bins")
    na, nb = sum(a), sum(b)
    if na == 0 or nb == 0:
        raise ValueError("both samples need observations")
    pairs = sorted(zip(a, b, strict=True), key=lambda ab: ab[0] + ab[1])
    pooled: list[tuple[int, int]] = []
    acc_a = acc_b = 0
    for x, y in pairs:
        acc_a += x
        acc_b += y
        total = acc_a + acc_b
        if total * min(na, nb) / (na + nb) >= min_expected:
            pooled.append((acc_a, acc_b))
            acc_a = acc_b = 0
    if acc_a or acc_b:
        if pooled:
            x, y = pooled.pop()
            pooled.append((x + acc_a, y + acc_b))
        else:
            pooled.append((acc_a, acc_b))
    n = na + nb
    stat = 0.0
    for x, y in pooled:
        col = x + y
        for observed, row in ((x, na), (y, nb)):
            expected = row * col / n
            stat += (observed - expected) ** 2 / expected
    dof = max(1, len(pooled) - 1)
    return ChiSquare(stat, dof, chi2_sf(stat, dof), len(pooled))
