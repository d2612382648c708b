"""Shape lists of ``shape(seat, any 4333 + 5xxx - any 0xxx)``: patterns to sets of exact shapes.

A pattern is four characters in spades, hearts, diamonds, clubs order, each a length digit or ``x``
for any length; ``any`` lets the suits come in any order.  As in dealer, the list is read left to
right, ``+`` adding a pattern's shapes to the set and ``-`` removing them, so ``xxxx - 5xxx + 55xx``
ends up holding the 5-5 hands (checked against dealer 2021-11-21).  Patterns written side by side
with no sign between them (``56xx55xx``, ``4333 4432``) are added, as dealer adds them, even after a
``-`` (``56xx - 5xxx 55xx`` is ``56xx - 5xxx + 55xx``).  Dealer rejects a pattern whose
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


def split_patterns(word: str) -> list[str] | None:
    """The patterns of one word of the script, as dealer's scanner cuts it; None if it is not patterns.

    Dealer's flex scanner takes four characters at a time for a shape, so ``56xx55xx`` (found in a
    published script) is two patterns side by side and ``55xxany`` a pattern then ``any``, which
    then applies to the next pattern.  It reads a longer run of digits (``43331``) as a number, and a
    word that starts with a letter as a name unless it is exactly four characters (``xxxx``, but not
    ``xxxx55xx``), so those are not patterns here either (checked against dealer 2021-11-21).
    """
    pieces: list[str] = []
    at = 0
    while at < len(word):
        rest = word[at:]
        if rest == "any" and pieces:
            pieces.append(rest)
            break
        digits = len(rest) - len(rest.lstrip("0123456789"))
        if (not digits and len(rest) != 4) or digits > 4 or not is_pattern(rest[:4]):
            return None
        pieces.append(rest[:4])
        at += 4
    return pieces or None


@cache
def _shape_rows() -> np.ndarray:
    """``all_shapes`` as a (560, 4) array, one row a shape."""
    rows = np.array(all_shapes(), dtype=np.int8)
    rows.flags.writeable = False
    return rows


@cache
def pattern_shapes(pattern: str, any_order: bool) -> frozenset[Shape4]:
    """Exact shapes matching one pattern such as ``54xx`` (with ``any``: in some order of the suits).

    The suits' orders are tried on all 560 shapes at once, and each pattern's answer is kept: a
    system file writes ``any 5332`` in several rules, and trying the 24 orders on each shape one
    at a time took 6 ms a pattern, the most of a first bid's compiling."""
    if not is_pattern(pattern):
        raise ValueError(f"not a four-character shape pattern: {pattern!r}")
    rows = _shape_rows()
    hit = np.zeros(len(rows), dtype=bool)
    for template in set(permutations(pattern)) if any_order else {tuple(pattern)}:
        fits = np.ones(len(rows), dtype=bool)
        for suit, length in enumerate(template):
            if length != "x":
                fits &= rows[:, suit] == int(length)
        hit |= fits
    shapes = all_shapes()
    return frozenset(shapes[k] for k in np.flatnonzero(hit).tolist())


def shape_table(shapes: frozenset[Shape4]) -> np.ndarray:
    """Boolean lookup table over ``evaluation.shape_code`` values: True for the shapes in the set."""
    table = np.zeros(SHAPE_RADIX**4, dtype=bool)
    for s, h, d, c in shapes:
        table[((s * SHAPE_RADIX + h) * SHAPE_RADIX + d) * SHAPE_RADIX + c] = True
    table.flags.writeable = False
    return table
