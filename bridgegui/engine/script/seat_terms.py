"""Split a condition into single-seat terms an exact dealer can draw directly, and the rest.

The top-level condition is flattened into a conjunction (through ``&&``/``and`` and through the
variables it names, since a variable denotes its expression).  Each conjunct that constrains one
seat in one of three simple ways becomes a ``SeatTerm``:

* ``hcp``: ``hcp(seat)`` compared with a constant (``<``, ``<=``, ``>``, ``>=``, ``==``, either way
  round, possibly under ``not``), only while ``pointcount`` keeps the standard 4-3-2-1 count;
* ``length``: a suit length of a seat compared with a constant, likewise;
* ``shape``: ``shape(seat, ...)`` or ``not shape(seat, ...)``, as the set of exact (S, H, D, C)
  shapes allowed.

Terms on the same seat and measure are intersected (``hcp(north) >= 15 && hcp(north) <= 17`` is one
term, 15 to 17).  The length form of ``predeal`` (``predeal spades(north) == 1``) adds a length term.
Everything else is the *residual*: a compiled, vectorised function of the batch that must also hold.
A deal meets the condition exactly when it meets every term and the residual.  An empty term
(``lo > hi``, or no shapes) means no deal can meet the condition.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace

import numpy as np

from bridgegui.engine.script import syntax as ast
from bridgegui.engine.script.compiler import constant_value
from bridgegui.engine.script.shapes import all_shapes
from bridgegui.engine.script.syntax import children

MAX_VALUE = {"hcp": 37, "length": 13}

_FLIP = {"<": ">", "<=": ">=", ">": "<", ">=": "<=", "==": "=="}
_NEGATE = {"<": ">=", "<=": ">", ">": "<=", ">=": "<"}


@dataclass(frozen=True)
class SeatTerm:
    """One seat's simple constraint: ``lo <= measure <= hi`` (``hcp``/``length``) or a set of ``shapes``.

    ``seat`` is 0..3 (N, E, S, W); ``suit`` (0..3, S H D C) is set for ``length`` terms; ``shapes``
    is set for ``shape`` terms (``lo``/``hi`` are then 0 and 13, the trivial bounds of a length).
    """

    seat: int
    kind: str
    lo: int
    hi: int
    suit: int | None = None
    shapes: frozenset[tuple[int, int, int, int]] | None = None
    sources: tuple[ast.Expr, ...] = field(default=(), compare=False)
    """The conjuncts this term was read from (several once merged), to name them in messages."""

    @property
    def is_empty(self) -> bool:
        return self.lo > self.hi or (self.shapes is not None and not self.shapes)


@dataclass(frozen=True)
class ConditionParts:
    """A condition as ``terms`` (all must hold) and a ``residual`` callable for the rest.

    ``residual(batch)`` returns the boolean accept mask of the conjuncts that are not simple terms
    (all True when there are none: see ``residual_is_trivial``).  ``residual_exprs`` are those
    conjuncts as syntax trees, for display and tests.
    """

    terms: tuple[SeatTerm, ...]
    residual: Callable[[np.ndarray], np.ndarray]
    residual_exprs: tuple[ast.Expr, ...]

    @property
    def residual_is_trivial(self) -> bool:
        return not self.residual_exprs

    def terms_for(self, seat: int) -> tuple[SeatTerm, ...]:
        return tuple(t for t in self.terms if t.seat == seat)

    @property
    def residual_seats(self) -> tuple[frozenset[int], ...]:
        """The seats each residual conjunct looks at: one seat means a filter on that hand alone."""
        return tuple(seats_of(e) for e in self.residual_exprs)


def seats_of(expr: ast.Expr, memo: dict[int, frozenset[int]] | None = None) -> frozenset[int]:
    """The seats whose hands an expression reads (``memo`` keeps shared variables linear, see ``compiler``)."""
    memo = {} if memo is None else memo
    if isinstance(expr, (ast.HandValue, ast.Shape, ast.HasCard, ast.Tricks, ast.KaplanRubens)):
        return frozenset({expr.seat})
    if isinstance(expr, ast.Var):
        key = id(expr.expr)
        if key not in memo:
            memo[key] = seats_of(expr.expr, memo)
        return memo[key]
    result: frozenset[int] = frozenset()
    for child in children(expr):
        result |= seats_of(child, memo)
    return result


def conjuncts(expr: ast.Expr, seen: set[int] | None = None) -> list[ast.Expr]:
    """The operands of a chain of ``&&``, looking through variables; constant-true operands dropped.

    A variable met twice in the chain is taken once (``a && a`` is ``a``), which also keeps shared
    definitions (``x2 = x1 && x1``) from multiplying the work.
    """
    seen = set() if seen is None else seen
    if isinstance(expr, ast.Var):
        if id(expr.expr) in seen:
            return []
        seen.add(id(expr.expr))
        return conjuncts(expr.expr, seen)
    if isinstance(expr, ast.Binary) and expr.op == "&&":
        return conjuncts(expr.left, seen) + conjuncts(expr.right, seen)
    value = constant_value(expr)
    if value is not None and value != 0:
        return []
    return [expr]


def _unwrap(expr: ast.Expr) -> ast.Expr:
    while isinstance(expr, ast.Var):
        expr = expr.expr
    return expr


def match_term(expr: ast.Expr, standard_hcp: bool) -> SeatTerm | None:
    """The ``SeatTerm`` a conjunct amounts to (``sources`` holds the conjunct), or ``None`` when it is not that simple."""
    term = _match_term(expr, standard_hcp)
    return None if term is None else replace(term, sources=(expr,))


def _match_term(expr: ast.Expr, standard_hcp: bool) -> SeatTerm | None:
    expr = _unwrap(expr)
    negated = False
    while isinstance(expr, ast.Unary) and expr.op == "!":
        negated = not negated
        expr = _unwrap(expr.operand)
    if isinstance(expr, ast.Shape):
        if negated:
            return SeatTerm(expr.seat, "shape", 0, 13, shapes=frozenset(all_shapes()) - expr.shapes)
        return SeatTerm(expr.seat, "shape", 0, 13, shapes=expr.shapes)
    if not isinstance(expr, ast.Binary) or expr.op not in _FLIP:
        return None
    op = expr.op
    left, right = _unwrap(expr.left), _unwrap(expr.right)
    constant = constant_value(right)
    measure = left
    if constant is None:
        constant, measure, op = constant_value(left), right, _FLIP[op]
    if constant is None or not isinstance(measure, ast.HandValue):
        return None
    if measure.measure == "hcp" and measure.suit is None and standard_hcp:
        kind, suit = "hcp", None
    elif measure.measure == "length" and measure.suit is not None:
        kind, suit = "length", measure.suit
    else:
        return None
    if negated:
        if op == "==":
            return None
        op = _NEGATE[op]
    top = MAX_VALUE[kind]
    lo, hi = {
        "<": (0, constant - 1),
        "<=": (0, constant),
        ">": (constant + 1, top),
        ">=": (constant, top),
        "==": (constant, constant),
    }[op]
    return SeatTerm(measure.seat, kind, max(lo, 0), min(hi, top), suit=suit)


def merge_terms(terms: list[SeatTerm]) -> tuple[SeatTerm, ...]:
    """Intersect terms on the same seat, kind and suit; keep the order of first appearance."""
    merged: dict[tuple[int, str, int | None], SeatTerm] = {}
    for t in terms:
        key = (t.seat, t.kind, t.suit)
        old = merged.get(key)
        if old is None:
            merged[key] = t
        elif t.kind == "shape":
            shapes = (old.shapes or frozenset()) & (t.shapes or frozenset())
            merged[key] = SeatTerm(t.seat, "shape", 0, 13, shapes=shapes, sources=old.sources + t.sources)
        else:
            lo, hi = max(old.lo, t.lo), min(old.hi, t.hi)
            merged[key] = SeatTerm(t.seat, t.kind, lo, hi, suit=t.suit, sources=old.sources + t.sources)
    return tuple(merged.values())


def split_condition(
    condition: ast.Expr | None,
    predeal_lengths: dict[tuple[int, int], int],
    standard_hcp: bool,
    compile_residual: Callable[[ast.Expr | None], Callable[[np.ndarray], np.ndarray]],
) -> ConditionParts:
    """Decompose ``condition`` (plus the length predeals) into seat terms and a compiled residual."""
    terms = [
        SeatTerm(
            seat, "length", n, n, suit=suit,
            sources=(ast.Binary("==", ast.HandValue("length", seat, suit), ast.Num(n)),),
        )
        for (seat, suit), n in predeal_lengths.items()
    ]  # fmt: skip
    rest: list[ast.Expr] = []
    for c in conjuncts(condition) if condition is not None else []:
        term = match_term(c, standard_hcp)
        if term is None:
            rest.append(c)
        else:
            terms.append(term)
    residual_expr: ast.Expr | None = None
    for c in rest:
        residual_expr = c if residual_expr is None else ast.Binary("&&", residual_expr, c)
    return ConditionParts(merge_terms(terms), compile_residual(residual_expr), tuple(rest))
