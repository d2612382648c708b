"""The shortest text for a set of exact hand shapes, in the seat-spec grammar or in dealer's.

A set of exact (S, H, D, C) shapes reaches the user from two places: a dealer script's ``shape(...)``
lists (``any 5xxx`` is 30 exact shapes, ``not shape(north, any 0xxx)`` 405) and the intersection of
two seat specs.  Written shape by shape, ``any 5xxx`` became 30 tokens in the seat editor, too many to read;
this module finds a short equivalent instead: a few *patterns* whose shapes together make the set,
optionally minus a few excluded patterns (``5xxx not 5332``; dealer's ``any 5xxx - any 5332``).

A pattern is one token of the grammar: any suit order (``5xxx``, ``54xx``, ``4333``, the named
``balanced``/``semibalanced`` in seat specs) or exact order (``5=x=x=x``, ``5=4=x=x``, ``5=4=3=1``;
dealer writes them ``5xxx``, ``54xx``, ``5431`` without ``any``).  Choosing the fewest patterns whose
union is the set is a set-cover problem; a greedy cover (largest gain first, then a pass dropping
tokens the others make redundant) is short enough in practice and runs in milliseconds: shapes are
bits of a 560-bit integer, so a union is an ``|`` and a gain a ``bit_count``.  Three forms compete
and the one with fewest tokens (then fewest characters) wins: patterns only; everything minus
patterns; one pattern containing the set minus patterns.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import combinations, combinations_with_replacement, product

import numpy as np

Shape4 = tuple[int, int, int, int]

ALL: tuple[Shape4, ...] = tuple(
    (s, h, d, 13 - s - h - d) for s in range(14) for h in range(14 - s) for d in range(14 - s - h)
)
"""The 560 exact shapes of a 13-card hand; bit ``i`` of a shape mask is ``ALL[i]``."""

_INDEX = {shape: i for i, shape in enumerate(ALL)}
FULL = (1 << len(ALL)) - 1


def mask_of(shapes: Iterable[Shape4]) -> int:
    """The bit mask of a set of exact shapes."""
    bits = 0
    for shape in shapes:
        bits |= 1 << _INDEX[shape]
    return bits


def shapes_of(bits: int) -> frozenset[Shape4]:
    """The exact shapes of a bit mask."""
    return frozenset(shape for i, shape in enumerate(ALL) if bits >> i & 1)


@dataclass(frozen=True, slots=True)
class Candidate:
    """One pattern token and the shapes it stands for."""

    text: str
    bits: int


@dataclass(frozen=True, slots=True)
class ShapeCover:
    """``included`` patterns (none: every shape) minus ``excluded`` patterns: exactly the set asked for."""

    included: tuple[str, ...]
    excluded: tuple[str, ...]

    @property
    def size(self) -> tuple[int, int]:
        """What "shorter" means: fewer tokens, then fewer characters."""
        tokens = (*self.included, *self.excluded)
        return len(tokens), sum(len(t) for t in tokens)


_LENGTHS = np.array(ALL, dtype=np.int8)
_COUNTS = np.stack([np.equal(_LENGTHS, n).sum(axis=1) for n in range(14)], axis=1)
"""``_COUNTS[i, n]``: how many suits of ``ALL[i]`` have ``n`` cards (an any-order pattern is a multiset)."""


def _bits(ok: np.ndarray) -> int:
    return int.from_bytes(np.packbits(ok, bitorder="little").tobytes(), "little")


def _matching(fixed: Sequence[int | None], any_order: bool) -> int:
    """The shapes whose lengths equal ``fixed`` where it is not None (in some suit order with ``any_order``)."""
    if any_order:
        need = np.bincount([n for n in fixed if n is not None], minlength=14)
        return _bits(np.asarray(np.greater_equal(_COUNTS, need).all(axis=1)))
    ok = np.ones(len(ALL), dtype=bool)
    for suit, n in enumerate(fixed):
        if n is not None:
            ok &= _LENGTHS[:, suit] == n
    return _bits(ok)


def _lengths_text(lengths: Sequence[int | None], separator: str) -> str:
    return separator.join("x" if n is None else str(n) for n in lengths)


def spec_any_order_text(lengths: Sequence[int | None]) -> str:
    """``5xxx``/``4333`` in a seat spec, or ``13-0-0-0``/``10-x-x-x`` when a length has two digits."""
    if all(n is None or n <= 9 for n in lengths):
        return _lengths_text(lengths, "")
    return _lengths_text(lengths, "-")


def _patterns(max_length: int) -> Iterable[tuple[tuple[int | None, ...], bool]]:
    """Every pattern worth offering: one, two or four fixed lengths, in any suit order (longest first)
    or in exact order; lengths above ``max_length`` left out.  Three fixed lengths fix the fourth, so
    they are offered only where the fourth cannot be written (dealer's ``000x`` is 0-0-0-13)."""
    lengths = range(max_length + 1)
    for k in (1, 2, 3):
        for fixed in combinations_with_replacement(reversed(lengths), k):
            if sum(fixed) <= 13 and (k < 3 or 13 - sum(fixed) > max_length):
                yield (*fixed, *(None,) * (4 - k)), True
        for positions in combinations(range(4), k):
            for values in product(lengths, repeat=k):
                if sum(values) <= 13 and (k < 3 or 13 - sum(values) > max_length):
                    pattern: list[int | None] = [None] * 4
                    for p, v in zip(positions, values, strict=True):
                        pattern[p] = v
                    yield tuple(pattern), False
    for shape in reversed(ALL):  # 5332 before 4432 before 4333, as the old lists read
        if max(shape) <= max_length:
            if list(shape) == sorted(shape, reverse=True):
                yield shape, True
            yield shape, False


@cache
def spec_candidates() -> tuple[Candidate, ...]:
    """Seat-spec patterns: ``balanced``, ``semibalanced``, ``5xxx``, ``5=4=x=x``, ``13-0-0-0``..."""
    named = {
        "balanced": ((4, 3, 3, 3), (4, 4, 3, 2), (5, 3, 3, 2)),
        "semibalanced": ((4, 3, 3, 3), (4, 4, 3, 2), (5, 3, 3, 2), (5, 4, 2, 2), (6, 3, 2, 2)),
    }
    found = [Candidate(name, _union(_matching(p, True) for p in patterns)) for name, patterns in named.items()]
    for pattern, any_order in _patterns(13):
        text = spec_any_order_text(pattern) if any_order else _lengths_text(pattern, "=")
        found.append(Candidate(text, _matching(pattern, any_order)))
    return _without_duplicates(found)


def _without_duplicates(found: list[Candidate]) -> tuple[Candidate, ...]:
    """Drop a wildcard pattern that holds the same shapes as a written-out one (``13-x-x-x`` is
    ``13-0-0-0``, ``x=x=x=13`` is ``0=0=0=13``): the written-out one reads more plainly."""
    plain = {c.bits for c in found if "x" not in c.text}
    return tuple(c for c in found if "x" not in c.text or c.bits not in plain)


@cache
def dealer_candidates() -> tuple[Candidate, ...]:
    """Dealer's patterns: ``any 5xxx``, ``any 4333``, ``5xxx`` (spades), ``54xx``; one digit a length."""
    return _without_duplicates(
        [
            Candidate(("any " if any_order else "") + _lengths_text(pattern, ""), _matching(pattern, any_order))
            for pattern, any_order in _patterns(9)
        ]
    )


def _union(masks: Iterable[int]) -> int:
    bits = 0
    for m in masks:
        bits |= m
    return bits


def _greedy(target: int, usable: Sequence[Candidate]) -> list[Candidate] | None:
    """A short list of ``usable`` patterns whose union covers ``target`` (None if they cannot)."""
    chosen: list[Candidate] = []
    left = target
    while left:
        # The largest gain; among equals the narrowest pattern (``any 5332`` rather than ``any 33xx``).
        best = max(usable, key=lambda c: ((c.bits & left).bit_count(), -c.bits.bit_count(), -len(c.text)), default=None)
        if best is None or not best.bits & left:
            return None
        chosen.append(best)
        left &= ~best.bits
        usable = [c for c in usable if c.bits & left]  # what no longer helps is not looked at again
    # A later, larger pattern may have made an earlier one redundant.
    for c in list(reversed(chosen)):
        others = _union(o.bits for o in chosen if o is not c)
        if target & ~others == 0:
            chosen.remove(c)
    return chosen


def _cover(target: int, candidates: Sequence[Candidate], full_included: tuple[str, ...]) -> ShapeCover:
    order = {c.text: i for i, c in enumerate(candidates)}

    def texts(chosen: list[Candidate]) -> tuple[str, ...]:
        """In the candidates' order (named sets, any-order patterns, exact ones), whatever the greedy order."""
        return tuple(sorted((c.text for c in chosen), key=order.__getitem__))

    options: list[ShapeCover] = []
    inside = [c for c in candidates if c.bits and not c.bits & ~target]
    positive = _greedy(target, inside)
    if positive is not None:
        options.append(ShapeCover(texts(positive), ()))
    outside = [c for c in candidates if c.bits and not c.bits & target]
    bases = sorted((c for c in candidates if not target & ~c.bits), key=lambda c: (c.bits.bit_count(), len(c.text)))
    for base_bits, base in [(FULL, full_included), *((c.bits, (c.text,)) for c in bases[:3])]:
        negative = _greedy(base_bits & ~target, outside)
        if negative is not None:
            options.append(ShapeCover(base, texts(negative)))
    if not options:  # cannot happen: every exact shape is a candidate of its own
        raise ValueError("these shapes cannot be written as patterns")
    return min(options, key=lambda o: o.size)


def _cover_sets(
    shapes: frozenset[Shape4],
    candidates: Callable[[], tuple[Candidate, ...]],
    every: str,
    full_included: tuple[str, ...],
) -> ShapeCover:
    """``every`` names all shapes; ``full_included`` is what "every shape, minus..." starts with."""
    target = mask_of(shapes)
    if target == FULL:
        return ShapeCover(full_included, ())
    if not target:
        return ShapeCover(full_included, (every,))
    return _cover(target, candidates(), full_included)


@cache
def spec_shape_cover(shapes: frozenset[Shape4]) -> ShapeCover:
    """Seat-spec shape tokens for exactly ``shapes``: ``shape <included> not <excluded>``.

    Every shape: no tokens.  No shape: ``not any``.  ``any 5xxx`` from a dealer script becomes
    ``5xxx``, and ``not shape(north, any 0xxx)`` becomes ``not 0xxx``.
    """
    return _cover_sets(shapes, spec_candidates, "any", ())


@cache
def dealer_shape_cover(shapes: frozenset[Shape4]) -> ShapeCover:
    """Dealer patterns for exactly ``shapes``: ``shape(seat, <included> - <excluded>)``.

    Every shape: ``xxxx``; no shape: ``xxxx - xxxx``.  Any set can be written, since single-digit patterns such as
    ``any 0xxx`` reach the shapes with a suit of 10 or more cards (excluding all the others).
    """
    return _cover_sets(shapes, dealer_candidates, "xxxx", ("xxxx",))


__all__ = [
    "ALL",
    "Candidate",
    "ShapeCover",
    "dealer_candidates",
    "dealer_shape_cover",
    "mask_of",
    "shapes_of",
    "spec_any_order_text",
    "spec_candidates",
    "spec_shape_cover",
]
