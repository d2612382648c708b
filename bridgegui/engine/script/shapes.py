"""Shape lists of ``shape(seat, any 4333 + 5xxx - any 0xxx)``: patterns to sets of exact shapes.

A pattern is four characters in spades, hearts, diamonds, clubs order, each a length digit or ``x``
for any length; ``any`` lets the suits come in any order.  As in dealer, the list is read left to
right, ``+`` adding a pattern's shapes to the set and ``-`` removing them, so ``xxxx - 5xxx + 55xx``
ends up holding the 5-5 hands (checked against dealer 2021-11-21).  Dealer rejects a pattern whose
digits add up to more than 13, or to anything but 13 when it has no ``x``; so do we.

The set is evaluated once, when the script is compiled; at run time ``shape`` is a lookup in a
table indexed by ``evaluation.shape_code`` of the hand's lengths, whatever the list's length
(dealer, too, compiles each ``shape()`` to a table).
"""

from __future__ import annotations

from functools import cache
from itertools import permutations

import numpy as np

from bridgegui.engine.evaluation import SHAPE_RADIX

Shape4 = tuple[int, int, int, int]


@cache
def all_shapes() -> tuple[Shape4, ...]:
    """The 560 exact shapes (S, H, D, C) of a 13-card hand."""
    return tuple((s, h, d, 13 - s - h - d) for s in range(14) for h in range(14 - s) for d in range(14 - s - h))


def pattern_error(pattern: str) -> str | None:
    """Why ``pattern`` (already known to be four of ``0-9``/``x``) cannot be a shape, or ``None``."""
    digits = [int(c) for c in pattern if c != "x"]
    total = sum(digits)
    if total > 13 or (len(digits) == 4 and total != 13):
        return f"the shape {pattern} has {total} cards; a hand has 13"
    return None


def is_pattern(text: str) -> bool:
    return len(text) == 4 and all(c in "0123456789x" for c in text)


def pattern_shapes(pattern: str, any_order: bool) -> frozenset[Shape4]:
    """Exact shapes matching one pattern such as ``54xx`` (with ``any``: in some order of the suits)."""
    templates = set(permutations(pattern)) if any_order else {tuple(pattern)}
    result = set()
    for shape in all_shapes():
        for t in templates:
            if all(c == "x" or int(c) == n for c, n in zip(t, shape, strict=True)):
                result.add(shape)
                break
    return frozenset(result)


def shape_table(shapes: frozenset[Shape4]) -> np.ndarray:
    """Boolean lookup table over ``evaluation.shape_code`` values: True for the shapes in the set."""
    table = np.zeros(SHAPE_RADIX**4, dtype=bool)
    for s, h, d, c in shapes:
        table[((s * SHAPE_RADIX + h) * SHAPE_RADIX + d) * SHAPE_RADIX + c] = True
    table.flags.writeable = False
    return table
