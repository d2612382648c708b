"""The odds a board set should follow under the constraints that dealt it, where they can be computed.

The frequency tables compare a set with exact odds.  For a set dealt to constraints the odds of a
*random* deal are the wrong yardstick: a set of 15-17 balanced North hands fails the chi-square
against them (χ² 99, p < 0.0001) and was called "not random", though it was dealt fairly.  This module
says, for one table, which yardstick is right:

* ``RANDOM``: the set was dealt with no constraints, so the random-deal odds are the truth;
* ``CONSTRAINED``: the exact odds under the set's own constraints, computed here;
* ``CANNOT``: the set was dealt to constraints whose effect on this table is not computed (the
  reason says which), so no test is honest and none should be shown;
* ``UNKNOWN``: the set does not say how it was dealt (a file from elsewhere).

What is computed exactly.  When one seat alone is constrained (no partnership term, no dealer-script
condition), its hand is a uniform draw among the hands that fit, so the seat's pattern and HCP odds
are counts of fitting hands: ``exact.SeatSampler`` counts them exactly for each pattern (the seat's
shapes restricted to that pattern) and each HCP value.  The other seats' odds depend on which cards
the constrained hand took: their patterns depend only on its exact shape (given it, another hand
is 13 of the 39 cards left, a multivariate hypergeometric law), so their pattern odds are a mixture
over the constrained hand's shape law, computed exactly too; their HCP odds are not computed.  Suit splits: given the declaring side's hands, the
defenders' 26 cards are split at random as long as nothing constrains the defenders, so the
hypergeometric law of the random deal holds whatever the declaring side was dealt to.
"""

from __future__ import annotations

import enum
from collections.abc import Generator, Sequence
from dataclasses import dataclass, replace
from functools import cache
from itertools import permutations
from math import comb

import numpy as np

from bridgegui.engine import stats
from bridgegui.engine.cards import FULL_SUIT, HOLDING_BITS
from bridgegui.engine.dealer.constraints import DealRequest, Range, SeatConstraint
from bridgegui.engine.dealer.specs import range_hi, range_lo
from bridgegui.engine.errors import BridgeError
from bridgegui.engine.teaching.frequencies import SIDES, pattern_label


class Basis(enum.Enum):
    """What a table's exact column may be compared with (see the module docstring)."""

    RANDOM = "random"
    CONSTRAINED = "constrained"
    CANNOT = "cannot"
    UNKNOWN = "unknown"


class Reason(enum.Enum):
    """Why a constrained set cannot be judged on a table (the window words each one)."""

    NONE = "none"
    NOT_UNIFORM = "not uniform"
    """Dealt with a shuffle model, or for an auction: not the law of "deal and keep what fits"."""
    CONDITION = "condition"
    """A dealer-script condition (an advanced condition), whose effect is not counted."""
    PARTNERSHIP = "partnership"
    """A partnership term (combined HCP, a fit), which ties two hands together."""
    SEVERAL_SEATS = "several seats"
    """More than one seat is constrained: each seat's odds depend on the others."""
    OTHER_SEATS = "other seats"
    """The table counts hands other than the constrained seat's, whose odds depend on it."""
    DEFENDERS = "defenders"
    """A suit-split table whose defenders are constrained."""
    IMPOSSIBLE = "impossible"
    """No hand fits the constraints."""
    OTHER_DEALING = "other dealing"
    """The set's record names a way of dealing whose odds are not computed (mixed scenarios, rotated
    hands, or text this module does not read)."""


@dataclass(frozen=True)
class SetConstraints:
    """What dealt a board set: ``request`` (None when unknown or not uniform), as its header says."""

    request: DealRequest | None
    known: bool = True
    """False when the set does not say (an opened file without a Constraints line)."""
    uniform: bool = True
    """False for a shuffle model or an auction: the boards do not follow "deal and keep what fits"."""
    condition: bool = False
    """The set was dealt with a dealer-script condition besides the seat and partnership terms."""
    readable: bool = True
    """False when the record names something else (``set: ...`` scenarios, ``rotated: ...``)."""


UNKNOWN_SET = SetConstraints(None, known=False)
UNREADABLE_SET = SetConstraints(None, readable=False)
RANDOM_SET = SetConstraints(DealRequest())

_SEAT_KEYS = {
    "N": 0, "E": 1, "S": 2, "W": 3, "NORTH": 0, "EAST": 1, "SOUTH": 2, "WEST": 3,
}  # fmt: skip


def read_set_constraints(header: str) -> SetConstraints:
    """The constraints a set's header line names (the PBN ``% Constraints:`` comment, or the window's
    own record of the set it dealt).

    The window writes ``N: hcp 15-17, balanced; NS: hcp 25+; condition ...; dealer S`` (or ``no
    constraints``), the command line ``North: hcp 15-17, balanced``; ``auction ...`` and ``not uniform:
    ...`` mark sets that are not dealt by rejection.  A header that cannot be read is "unknown".
    """
    text = header.strip()
    if not text:
        return UNKNOWN_SET
    specs = {"north": "", "east": "", "south": "", "west": "", "ns": "", "ew": ""}
    condition = False
    for part in (p.strip() for p in text.split(";")):
        low = part.lower()
        if not part or low == "no constraints" or low.startswith("dealer "):
            continue
        if low.startswith(("auction ", "not uniform")):
            return SetConstraints(None, uniform=False)
        if low.startswith("condition "):
            condition = True
            continue
        key, colon, spec = part.partition(":")
        key = key.strip().upper()
        if colon and key in _SEAT_KEYS:
            specs[("north", "east", "south", "west")[_SEAT_KEYS[key]]] = spec.strip()
        elif colon and key in ("NS", "EW"):
            specs[key.lower()] = spec.strip()
        else:
            return UNREADABLE_SET
    try:
        request = DealRequest.from_specs(**specs)
    except BridgeError:
        return UNREADABLE_SET
    return SetConstraints(request, condition=condition)


@dataclass(frozen=True)
class TableOdds:
    """The yardstick for one table: ``basis``, and for ``CONSTRAINED`` the exact probability of each
    row label (labels as ``frequencies`` writes them; a label left out has probability 0)."""

    basis: Basis
    probabilities: dict[str, float] | None = None
    reason: Reason = Reason.NONE
    seat: int | None = None
    """The constrained seat the odds are for (``CONSTRAINED``)."""


def _unjudged(constraints: SetConstraints) -> TableOdds | None:
    """Why no table of the set can be judged by exact odds (unknown, other dealing, a shuffle model, a
    condition), as the odds record to show; None when its seat and side terms are all there is."""
    request = constraints.request
    if not constraints.known:
        return TableOdds(Basis.UNKNOWN)
    if not constraints.readable:
        return TableOdds(Basis.CANNOT, reason=Reason.OTHER_DEALING)
    if not constraints.uniform or request is None:
        return TableOdds(Basis.CANNOT, reason=Reason.NOT_UNIFORM)
    if constraints.condition or request.condition is not None:
        return TableOdds(Basis.CANNOT, reason=Reason.CONDITION)
    return None


def _single_seat(constraints: SetConstraints) -> tuple[int, SeatConstraint] | TableOdds:
    """The one constrained seat and its constraint, or the odds record saying why there is none."""
    unjudged, request = _unjudged(constraints), constraints.request
    if unjudged is not None or request is None:
        return unjudged or TableOdds(Basis.CANNOT, reason=Reason.NOT_UNIFORM)
    if not (request.ns.is_empty and request.ew.is_empty):
        return TableOdds(Basis.CANNOT, reason=Reason.PARTNERSHIP)
    constrained = [seat for seat, c in enumerate(request.seats) if not c.is_empty]
    if not constrained:
        return TableOdds(Basis.RANDOM)
    if len(constrained) > 1:
        return TableOdds(Basis.CANNOT, reason=Reason.SEVERAL_SEATS)
    return constrained[0], request.seats[constrained[0]]


def table_odds(
    constraints: SetConstraints, key: str, seats: Sequence[int] | None = None, side: str = "NS"
) -> TableOdds:
    """The yardstick for the table ``key`` (``"patterns"``, ``"hcp"`` or ``"splits"``) of a set dealt
    to ``constraints``, for the hands of ``seats`` (all four when None) or the declaring ``side``."""
    steps = odds_steps(constraints, key, seats, side)
    while True:
        try:
            next(steps)
        except StopIteration as done:
            result: TableOdds = done.value
            return result


def odds_steps(
    constraints: SetConstraints, key: str, seats: Sequence[int] | None = None, side: str = "NS"
) -> Generator[None, None, TableOdds]:
    """``table_odds`` as a generator that yields between two exact counts (each up to a tenth of a
    second), so a window's worker can stop there; its return value is the ``TableOdds``."""
    if key == "splits":
        return _split_odds(constraints, side)
    found = _single_seat(constraints)
    if isinstance(found, TableOdds):
        return found
    seat, constraint = found
    counted = tuple(range(4)) if seats is None else tuple(seats)
    if key == "hcp" and counted != (seat,):
        return TableOdds(Basis.CANNOT, reason=Reason.OTHER_SEATS, seat=seat)
    own = yield from _counted_odds(key, constraint)
    if own is None:
        return TableOdds(Basis.CANNOT, reason=Reason.IMPOSSIBLE, seat=seat)
    if counted == (seat,):
        return TableOdds(Basis.CONSTRAINED, own, seat=seat)
    # Patterns of other hands: a mixture over the constrained hand's exact shape.
    shapes = yield from _shape_odds(constraint, own)
    others = _other_hand_patterns(shapes)
    mixed: dict[str, float] = {}
    for s in counted:
        for label, p in (own if s == seat else others).items():
            mixed[label] = mixed.get(label, 0.0) + p / len(counted)
    return TableOdds(Basis.CONSTRAINED, mixed, seat=seat)


def _counted_odds(key: str, constraint: SeatConstraint) -> Generator[None, None, dict[str, float] | None]:
    """The constrained seat's own pattern or HCP odds (cached), one exact count per step."""
    cache_key = (key, constraint)
    if cache_key not in _computed:
        parts = _pattern_parts(constraint) if key == "patterns" else _hcp_parts(constraint)
        counts: dict[str, int] = {}
        for label, part in parts:
            counts[label] = _count(part)
            yield None
        total = sum(counts.values())
        if len(_computed) >= _CACHE_SIZE:
            _computed.clear()
        _computed[cache_key] = {label: n / total for label, n in counts.items() if n} if total else None
    return _computed[cache_key]


def _suit_symmetric(constraint: SeatConstraint) -> bool:
    """Whether renaming the suits maps the constraint's hands onto themselves: then every suit order of
    a pattern is equally likely, and a pattern's count splits evenly between its exact shapes."""
    allowed = constraint.allowed_shapes
    return (
        all(r is None for r in (*constraint.lengths, *constraint.support, *constraint.quality))
        and not any(constraint.stoppers)
        and not constraint.cards
        and all(_orders(shape) <= allowed for shape in allowed)
    )


def _orders(shape: tuple[int, int, int, int]) -> frozenset[tuple[int, int, int, int]]:
    return frozenset(permutations(shape))  # type: ignore[arg-type]


def _shape_odds(
    constraint: SeatConstraint, patterns: dict[str, float]
) -> Generator[None, None, dict[tuple[int, int, int, int], float]]:
    """The exact law of the constrained hand's exact shape: from its pattern odds when the constraint
    treats the suits alike, else one exact count per allowed shape."""
    if _suit_symmetric(constraint):
        law = {}
        for shape in constraint.allowed_shapes:
            label = pattern_label(sorted(shape, reverse=True))
            law[shape] = patterns.get(label, 0.0) / len(_orders(shape))
        return law
    counts = {}
    for shape in sorted(constraint.allowed_shapes):
        exact = "=".join(map(str, shape))
        counts[shape] = _count(replace(constraint, shapes=(exact,), exclude_shapes=(), lengths=(None,) * 4))
        yield None
    total = sum(counts.values())
    return {shape: n / total for shape, n in counts.items()}


def _other_hand_patterns(shapes: dict[tuple[int, int, int, int], float]) -> dict[str, float]:
    """The pattern law of an unconstrained hand when the constrained hand's shape follows ``shapes``:
    given that shape, the other hand is 13 of the 39 cards left, so its shape has the multivariate
    hypergeometric law (``_pattern_given_shape``)."""
    weights = np.zeros(len(_ALL_SHAPES))
    for shape, p in shapes.items():
        weights[_SHAPE_INDEX[shape]] = p
    by_pattern = weights @ _pattern_given_shape()
    return {label: float(p) for label, p in zip(_PATTERN_LABELS, by_pattern, strict=True) if p > 0}


_ALL_SHAPES = tuple(sorted(stats.shape_counts()))
_SHAPE_INDEX = {shape: i for i, shape in enumerate(_ALL_SHAPES)}
_PATTERN_LABELS = tuple(pattern_label(p) for p in stats.pattern_counts())


@cache
def _pattern_given_shape() -> np.ndarray:
    """``table[i, j]``: the chance that a hand dealt from the 39 cards another hand of exact shape
    ``_ALL_SHAPES[i]`` left has the pattern ``_PATTERN_LABELS[j]`` (rows sum to 1)."""
    shapes = np.array(_ALL_SHAPES)
    ways = np.array([[comb(n, k) for k in range(14)] for n in range(14)], dtype=np.float64)
    left = 13 - shapes  # (560, 4): the cards of each suit the other hand can get
    per_shape = ways[left[:, None, :], shapes[None, :, :]].prod(axis=2) / comb(39, 13)
    column = {label: j for j, label in enumerate(_PATTERN_LABELS)}
    to_pattern = np.zeros((len(_ALL_SHAPES), len(_PATTERN_LABELS)))
    for i, shape in enumerate(_ALL_SHAPES):
        to_pattern[i, column[pattern_label(sorted(shape, reverse=True))]] = 1.0
    table: np.ndarray = per_shape @ to_pattern
    table.flags.writeable = False
    return table


_computed: dict[tuple[str, SeatConstraint], dict[str, float] | None] = {}
"""Odds already counted, by table and constraint: a recount of the same set costs nothing."""
_CACHE_SIZE = 64


def _split_odds(constraints: SetConstraints, side: str) -> TableOdds:
    unjudged, request = _unjudged(constraints), constraints.request
    if unjudged is not None or request is None:
        return unjudged or TableOdds(Basis.CANNOT, reason=Reason.NOT_UNIFORM)
    if request.is_empty:
        return TableOdds(Basis.RANDOM)
    defenders = [s for s in range(4) if s not in SIDES[side]]
    defending_side = request.ew if side == "NS" else request.ns
    if any(not request.seats[s].is_empty for s in defenders) or not defending_side.is_empty:
        return TableOdds(Basis.CANNOT, reason=Reason.DEFENDERS)
    return TableOdds(Basis.RANDOM)  # the defenders' cards are split at random whatever the side holds


_DECK = sum(FULL_SUIT << (suit * HOLDING_BITS) for suit in range(4))


def _count(constraint: SeatConstraint) -> int:
    from bridgegui.engine.dealer.exact import SeatSampler  # the exact counter: loaded only when a table needs it

    return SeatSampler(constraint, _DECK).count


def _pattern_parts(constraint: SeatConstraint) -> list[tuple[str, SeatConstraint]]:
    """Each pattern the constraint allows, with the constraint narrowed to that pattern's shapes."""
    allowed = constraint.allowed_shapes
    parts = []
    for pattern in stats.pattern_counts():
        shapes = sorted(s for s in allowed if tuple(sorted(s, reverse=True)) == pattern)
        if shapes:
            exact_shapes = tuple("=".join(map(str, s)) for s in shapes)
            only = replace(constraint, shapes=exact_shapes, exclude_shapes=(), lengths=(None, None, None, None))
            parts.append((pattern_label(pattern), only))
    return parts


def _hcp_parts(constraint: SeatConstraint) -> list[tuple[str, SeatConstraint]]:
    """Each HCP value the constraint allows, with the constraint narrowed to it."""
    low, high = range_lo(constraint.hcp), range_hi(constraint.hcp, 37)
    return [(str(points), replace(constraint, hcp=Range(points, points))) for points in range(low, high + 1)]


__all__ = [
    "RANDOM_SET",
    "UNKNOWN_SET",
    "UNREADABLE_SET",
    "Basis",
    "Reason",
    "SetConstraints",
    "TableOdds",
    "odds_steps",
    "read_set_constraints",
    "table_odds",
]
