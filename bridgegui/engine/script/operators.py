"""Dealer's operators on whole batches, with C's meaning on ints: shared by the script compiler
(``compiler``) and the bidding engine's quick ``where`` path, which must give the same answers.

A comparison or a logical operator gives a bool array (C's 0 or 1); ``+``, ``-`` and ``*`` work in
int64, which wraps as C's integers do in practice.  Division and remainder, with their C rounding
and their zero divisor, are the compiler's own (``compiler.c_divide``): the quick path has neither.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

Value = Any
"""An array of one value per deal (any integer dtype, or bool), or a numpy scalar for a constant."""


def truth(value: Value) -> np.ndarray:
    """C's truth of a value: nonzero, as a bool array (a bool array as it is)."""
    a = np.asarray(value)
    return a if a.dtype == np.bool_ else a != 0


BINARY: dict[str, Callable[[Value, Value], Value]] = {
    "+": lambda a, b: np.add(a, b, dtype=np.int64),
    "-": lambda a, b: np.subtract(a, b, dtype=np.int64),
    "*": lambda a, b: np.multiply(a, b, dtype=np.int64),
    "==": np.equal,
    "!=": np.not_equal,
    "<": np.less,
    "<=": np.less_equal,
    ">": np.greater,
    ">=": np.greater_equal,
    "&&": lambda a, b: truth(a) & truth(b),
    "||": lambda a, b: truth(a) | truth(b),
}
"""Every binary operator but ``/`` and ``%``, by its spelling."""


__all__ = ["BINARY", "Value", "truth"]
