"""Compile expression trees into functions of a whole batch of deals: numpy only, no per-deal Python.

Every expression becomes a closure ``f(ctx) -> int64 array`` (or a numpy scalar, for constants)
where ``ctx`` is a ``BatchContext`` wrapping an ``(n, 4)`` batch.  Hand measures are lookups in the
8192-entry per-holding tables of ``tables.py`` (or a table built from ``pointcount``/``altcount``),
computed once per seat and batch and shared by every use; shapes are lookups in a boolean table over
``evaluation.shape_code``; a variable's value is computed once per batch however often it is used
(except when it draws random numbers, see below).

Semantics are dealer's, which are C's on ints: comparisons and logical operators give 0 or 1, ``/``
truncates toward zero and ``%`` takes the sign of the dividend.  ``&&``, ``||`` and ``?:`` are
evaluated on every deal of the batch on both sides (they have no side effects, so only the lanes
that are selected matter).  That is why division by zero cannot be an error here: in
``x != 0 ? 12 / x : 0`` the division runs on the deals where ``x`` is 0 too, where dealer would
never evaluate it.  So ``n / 0`` and ``n % 0`` are defined as 0.  (Dealer itself dies of SIGFPE on a
division by zero it does evaluate; a division by a literal 0 is refused when the script is compiled.)
For the same reason arithmetic on the deal's values is int64 and wraps silently, as C's integers
do in practice; constant arithmetic is exact and a constant outside the 64-bit integers (such as
``4611686018427387904 * 2``) is a ``ScriptError`` naming the expression.

``rnd(n)`` draws from the script's generator.  Dealer substitutes a variable's expression at each
use, so ``r = rnd(10)`` used twice draws twice; variables whose definitions draw random numbers are
therefore not cached.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from bridgegui.engine import tables
from bridgegui.engine.cards import CARD_BITS
from bridgegui.engine.evaluation import SHAPE_RADIX, holdings
from bridgegui.engine.script import syntax as ast
from bridgegui.engine.script.diagnostics import WHERE, ScriptError
from bridgegui.engine.script.operators import BINARY, truth
from bridgegui.engine.script.scoring import imps, score, score_value
from bridgegui.engine.script.shapes import shape_table
from bridgegui.engine.script.syntax import children
from bridgegui.engine.tables import DEFAULT_ALT_COUNTS, count_table

Value = Any
"""An array of one value per deal (any integer dtype, or bool for truth values: C's 0 and 1), or a
numpy scalar for a constant.  Arithmetic is done in int64; ``as_column`` gives the int64 column."""
Compiled = Callable[["BatchContext"], Value]

DEFAULT_POINTCOUNT = (4, 3, 2, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0)


UNSUPPORTED = {
    "tricks": "tricks() needs double-dummy analysis, which bridgegui does not do yet",
    "cccc": "cccc() (the Kaplan-Rubens 4C's evaluation) is not supported by bridgegui yet",
    "quality": "quality() (the Kaplan-Rubens suit quality) is not supported by bridgegui yet",
}
"""Functions the parser reads but the compiler refuses, and why (``tricks`` also stands for ``trick``)."""


class MeasureTables:
    """The per-holding table behind each ``HandValue`` measure of one script."""

    def __init__(self, pointcount: tuple[int, ...] | None, altcounts: dict[int, tuple[int, ...]]) -> None:
        self.tables: dict[str, np.ndarray] = {
            "length": tables.LENGTH,
            "controls": tables.CONTROLS,
            "losers": tables.LOSERS,
            "hcp": tables.HCP if pointcount in (None, DEFAULT_POINTCOUNT) else count_table(pointcount or ()),
        }
        for i, default in enumerate(DEFAULT_ALT_COUNTS):
            self.tables[f"pt{i}"] = count_table(altcounts.get(i, default))
        self.standard_hcp = pointcount in (None, DEFAULT_POINTCOUNT)


class BatchContext:
    """One batch of deals being evaluated, with the per-batch caches that let expressions share work."""

    def __init__(self, batch: np.ndarray, rng: np.random.Generator) -> None:
        b = np.asarray(batch, dtype=np.uint64)
        if b.ndim != 2 or b.shape[1] != 4:
            raise ValueError(f"a batch of deals is an (n, 4) array of hand masks, not shape {b.shape}")
        self.batch = np.ascontiguousarray(b)
        self.n = self.batch.shape[0]
        self.rng = rng
        self._holdings: np.ndarray | None = None
        self._per_suit: dict[tuple[str, int], np.ndarray] = {}
        self._totals: dict[tuple[str, int], np.ndarray] = {}
        self._shape_codes: dict[int, np.ndarray] = {}
        self.variables: dict[str, Value] = {}

    @property
    def holdings(self) -> np.ndarray:
        """``(n, 4, 4)`` uint16 holdings: deal, seat (N E S W), suit (S H D C)."""
        if self._holdings is None:
            self._holdings = holdings(self.batch)
        return self._holdings

    def per_suit(self, measure: str, table: np.ndarray, seat: int) -> np.ndarray:
        """``(n, 4)`` values of a per-holding table for one seat, in the table's (small) dtype."""
        key = (measure, seat)
        if key not in self._per_suit:
            self._per_suit[key] = table[self.holdings[:, seat, :]]
        return self._per_suit[key]

    def total(self, measure: str, table: np.ndarray, seat: int) -> np.ndarray:
        key = (measure, seat)
        if key not in self._totals:
            dtype = np.int32 if table.dtype.itemsize < 4 else np.int64
            self._totals[key] = self.per_suit(measure, table, seat).sum(axis=1, dtype=dtype)
        return self._totals[key]

    def shape_code(self, seat: int) -> np.ndarray:
        """``evaluation.shape_code`` of the seat's lengths, from the cached length lookups."""
        if seat not in self._shape_codes:
            lengths = self.per_suit("length", tables.LENGTH, seat)
            code = lengths[:, 0].astype(np.int32)
            for suit in (1, 2, 3):
                code *= SHAPE_RADIX
                code += lengths[:, suit]
            self._shape_codes[seat] = code
        return self._shape_codes[seat]


def c_divide(a: Value, b: Value) -> Value:
    """C's integer division (truncating toward zero); division by zero gives 0 (see the module docstring)."""
    a = np.asarray(a, dtype=np.int64)
    b = np.asarray(b, dtype=np.int64)
    zero = b == 0
    safe = np.where(zero, 1, b)
    q = np.abs(a) // np.abs(safe)
    q = np.where((a < 0) != (safe < 0), -q, q)
    return np.where(zero, 0, q)


def c_remainder(a: Value, b: Value) -> Value:
    """C's ``%``: ``a - b * (a / b)``, so the result has the sign of ``a``; ``n % 0`` gives 0."""
    a = np.asarray(a, dtype=np.int64)
    b = np.asarray(b, dtype=np.int64)
    return np.where(b == 0, 0, a - b * c_divide(a, b))


_BINARY: dict[str, Callable[[Value, Value], Value]] = {**BINARY, "/": c_divide, "%": c_remainder}


def uses_random(expr: ast.Expr, memo: dict[int, bool] | None = None) -> bool:
    """Whether evaluating ``expr`` draws random numbers (``rnd``), directly or through a variable.

    ``memo`` remembers variables already seen: definitions may share sub-definitions many times over
    (``x2 = x1 + x1``), and walking them without memory would take exponential time.
    It walks with a stack of its own, not by recursion: a chain of 2,000 variables (``x1 = x0 - 1`` ...),
    which the classic dealer runs, must not end in a ``RecursionError`` wherever it is asked.
    """
    memo = {} if memo is None else memo
    # Post-order over the nodes: a variable's answer is known once its definition's is.
    answer: dict[int, bool] = {}
    stack: list[tuple[ast.Expr, bool]] = [(expr, False)]
    while stack:
        node, expanded = stack.pop()
        key = id(node)
        if key in answer:
            continue
        if isinstance(node, ast.Var) and id(node.expr) in memo:
            answer[key] = memo[id(node.expr)]
            continue
        if isinstance(node, ast.Random):
            answer[key] = True
            continue
        kids: tuple[ast.Expr, ...] = (node.expr,) if isinstance(node, ast.Var) else tuple(children(node))
        if not expanded:
            stack.append((node, True))
            stack.extend((k, False) for k in kids if id(k) not in answer)
            continue
        answer[key] = any(answer[id(k)] for k in kids)
        if isinstance(node, ast.Var):
            memo[id(node.expr)] = answer[key]
    return answer[id(expr)]


INT64_MIN, INT64_MAX = -(2**63), 2**63 - 1


def _c_quotient(a: int, b: int) -> int:
    """C's ``/`` on Python ints (truncating toward zero; ``n / 0`` is 0, as in ``c_divide``)."""
    if b == 0:
        return 0
    q = abs(a) // abs(b)
    return -q if (a < 0) != (b < 0) else q


def _constant_binary(op: str, a: int, b: int) -> int:
    """A binary operator on constants, in exact Python integers (the caller checks the range)."""
    if op == "+":
        return a + b
    if op == "-":
        return a - b
    if op == "*":
        return a * b
    if op == "/":
        return _c_quotient(a, b)
    if op == "%":
        return 0 if b == 0 else a - b * _c_quotient(a, b)
    if op == "&&":
        return int(a != 0 and b != 0)
    if op == "||":
        return int(a != 0 or b != 0)
    return int({"==": a == b, "!=": a != b, "<": a < b, "<=": a <= b, ">": a > b, ">=": a >= b}[op])


def _in_range(value: int, what: str, node: ast.Expr) -> int:
    """``value`` when it is a 64-bit integer; otherwise a ``ScriptError`` naming the expression."""
    if not INT64_MIN <= value <= INT64_MAX:
        raise ScriptError(
            f"the constant {what} does not fit in a 64-bit integer (in the expression{WHERE});"
            " dealer's arithmetic would overflow too",
            node.line,
            node.column,
        )
    return value


def constant_value(
    expr: ast.Expr, memo: dict[int, int | None] | None = None, nodes: dict[int, int | None] | None = None
) -> int | None:
    """The value of an expression that does not depend on the deal, or ``None`` (``memo`` as in ``uses_random``).

    Constants are computed exactly, in Python integers, and a result outside the 64-bit integers is a
    ``ScriptError`` naming the expression (at run time the arithmetic is numpy's int64, which wraps).
    ``nodes`` remembers every node's answer by ``id`` while one tree is being compiled (the tree is
    alive meanwhile, so ids are not reused): asking about each node of a deep tree then costs linear
    time, not quadratic.
    """
    if nodes is None:
        return _constant_value(expr, {} if memo is None else memo, None)
    key = id(expr)
    if key not in nodes:
        nodes[key] = _constant_value(expr, {} if memo is None else memo, nodes)
    return nodes[key]


def _constant_value(expr: ast.Expr, memo: dict[int, int | None], nodes: dict[int, int | None] | None) -> int | None:
    if isinstance(expr, ast.Num):
        return expr.value
    if isinstance(expr, ast.Var):
        key = id(expr.expr)
        if key not in memo:
            memo[key] = constant_value(expr.expr, memo, nodes)
        return memo[key]
    if isinstance(expr, ast.Unary):
        v = constant_value(expr.operand, memo, nodes)
        if v is None:
            return None
        return _in_range(-v, f"-({v})", expr) if expr.op == "-" else int(v == 0)
    if isinstance(expr, ast.Binary):
        a, b = constant_value(expr.left, memo, nodes), constant_value(expr.right, memo, nodes)
        if a is None or b is None:
            return None
        return _in_range(_constant_binary(expr.op, a, b), f"{a} {expr.op} {b}", expr)
    if isinstance(expr, ast.Ternary):
        t = constant_value(expr.test, memo, nodes)
        if t is None:
            return None
        return constant_value(expr.then if t else expr.otherwise, memo, nodes)
    if isinstance(expr, ast.Imps):
        v = constant_value(expr.operand, memo, nodes)
        return None if v is None else int(imps(np.int64(v)))
    if isinstance(expr, ast.Score):
        v = constant_value(expr.tricks, memo, nodes)
        if v is None:
            return None
        return _in_range(score_value(expr.vulnerable, expr.level, expr.strain, v), f"score of {v} tricks", expr)
    return None


MAX_EVALUATIONS = 100_000
"""How many nodes one evaluation of a variable that calls ``rnd()`` may visit.  Such a variable is
evaluated again at each use (dealer substitutes it), so ``v1 = v0 + v0`` ... ``v40 = v39 + v39``
with ``v0 = rnd(5)`` would take 2**40 draws per deal: a hang, refused when compiled."""


class Compiler:
    """Turns expression trees into batch functions, sharing variable definitions and tables."""

    def __init__(self, measures: MeasureTables) -> None:
        self.measures = measures
        self._variables: dict[str, Compiled] = {}
        self._constants: dict[int, int | None] = {}
        self._random: dict[int, bool] = {}
        self._nodes: dict[int, int | None] = {}
        self._cost: dict[int, int] = {}

    def compile(self, expr: ast.Expr) -> Compiled:
        """The batch function of ``expr``; raises ``ScriptError`` for what cannot be compiled."""
        _refuse_literal_zero_divisor(expr)
        self._nodes = {}
        try:
            return self._fold(expr)
        finally:
            self._nodes = {}  # ids are only meaningful while this tree is alive

    def _fold(self, expr: ast.Expr) -> Compiled:
        const = constant_value(expr, self._constants, self._nodes)
        if const is not None:
            value = np.int64(const)
            return lambda ctx: value
        return self._compile(expr)

    def _compile(self, expr: ast.Expr) -> Compiled:
        if isinstance(expr, ast.Var):
            return self._variable(expr)
        if isinstance(expr, ast.Unary):
            operand = self._fold(expr.operand)
            if expr.op == "-":
                return lambda ctx: np.negative(operand(ctx), dtype=np.int64)
            return lambda ctx: np.asarray(operand(ctx)) == 0
        if isinstance(expr, ast.Binary):
            left, right, op = self._fold(expr.left), self._fold(expr.right), _BINARY[expr.op]
            return lambda ctx: op(left(ctx), right(ctx))
        if isinstance(expr, ast.Ternary):
            test, then, otherwise = self._fold(expr.test), self._fold(expr.then), self._fold(expr.otherwise)
            return lambda ctx: np.where(truth(test(ctx)), then(ctx), otherwise(ctx))
        if isinstance(expr, ast.HandValue):
            return self._hand_value(expr)
        if isinstance(expr, ast.Shape):
            table = shape_table(expr.shapes)
            seat = expr.seat
            return lambda ctx: table[ctx.shape_code(seat)]
        if isinstance(expr, ast.HasCard):
            bit = np.uint64(CARD_BITS[expr.card])
            seat = expr.seat
            return lambda ctx: (ctx.batch[:, seat] & bit) != 0
        if isinstance(expr, ast.Random):
            limit = self._fold(expr.limit)
            return lambda ctx: _random(ctx, limit(ctx))
        if isinstance(expr, ast.Score):
            tricks = self._fold(expr.tricks)
            vul, level, strain = expr.vulnerable, expr.level, expr.strain
            return lambda ctx: score(vul, level, strain, tricks(ctx))
        if isinstance(expr, ast.Imps):
            operand = self._fold(expr.operand)
            return lambda ctx: imps(operand(ctx))
        if isinstance(expr, ast.Tricks):
            raise ScriptError(f"{UNSUPPORTED['tricks']} (tricks() called{WHERE})", expr.line, expr.column)
        if isinstance(expr, ast.KaplanRubens):
            message = UNSUPPORTED[expr.function]
            raise ScriptError(f"{message} ({expr.function}() called{WHERE})", expr.line, expr.column)
        raise TypeError(f"cannot compile {type(expr).__name__}")  # pragma: no cover - parser makes no others

    def _variable(self, expr: ast.Var) -> Compiled:
        name = expr.name
        if name not in self._variables:
            inner = self._fold(expr.expr)
            if uses_random(expr.expr, self._random):
                cost = self._evaluations(expr)
                if cost > MAX_EVALUATIONS:
                    raise ScriptError(
                        f"the variable '{name}' (defined{WHERE}) takes {cost:,} evaluations for every deal, at most"
                        f" {MAX_EVALUATIONS:,}: each use of a variable that calls rnd() evaluates it again, as in"
                        " dealer",
                        expr.expr.line,
                        expr.expr.column,
                    )
                self._variables[name] = inner
            else:

                def cached(ctx: BatchContext) -> Value:
                    if name not in ctx.variables:
                        ctx.variables[name] = inner(ctx)
                    return ctx.variables[name]

                self._variables[name] = cached
        return self._variables[name]

    def _evaluations(self, expr: ast.Expr) -> int:
        """How many nodes evaluating ``expr`` visits per batch: a variable that draws random numbers
        counts its whole definition at every use, a cached one counts 1 (``_cost`` remembers them)."""
        if isinstance(expr, ast.Var):
            if not uses_random(expr.expr, self._random):
                return 1
            key = id(expr.expr)
            if key not in self._cost:
                self._cost[key] = self._evaluations(expr.expr)
            return self._cost[key]
        total = 1
        for child in children(expr):
            total += self._evaluations(child)
        return total

    def _hand_value(self, expr: ast.HandValue) -> Compiled:
        measure, seat, suit = expr.measure, expr.seat, expr.suit
        table = self.measures.tables[measure]
        if suit is None:
            return lambda ctx: ctx.total(measure, table, seat)
        return lambda ctx: ctx.per_suit(measure, table, seat)[:, suit]


def _refuse_literal_zero_divisor(expr: ast.Expr) -> None:
    """Refuse ``/ 0`` and ``% 0`` written with a literal 0: always a mistake, and fatal in dealer.

    Only a literal counts: a divisor that merely evaluates to 0 may sit in a branch that is never
    chosen (``x == 0 ? 0 : 12 / x``), so it gives 0 at run time instead.  Variables are checked
    where they are defined.
    """
    if isinstance(expr, ast.Binary):
        if expr.op in ("/", "%") and isinstance(expr.right, ast.Num) and expr.right.value == 0:
            raise ScriptError(f"division by zero ('{expr.op} 0')", expr.right.line, expr.right.column)
        _refuse_literal_zero_divisor(expr.left)
        _refuse_literal_zero_divisor(expr.right)
    elif isinstance(expr, ast.Unary):
        _refuse_literal_zero_divisor(expr.operand)
    elif isinstance(expr, ast.Ternary):
        for part in (expr.test, expr.then, expr.otherwise):
            _refuse_literal_zero_divisor(part)
    elif isinstance(expr, (ast.Random, ast.Imps)):
        _refuse_literal_zero_divisor(expr.limit if isinstance(expr, ast.Random) else expr.operand)
    elif isinstance(expr, ast.Score):
        _refuse_literal_zero_divisor(expr.tricks)


def _random(ctx: BatchContext, limit: Value) -> np.ndarray:
    lim = np.broadcast_to(np.asarray(limit, dtype=np.int64), (ctx.n,))
    draws = ctx.rng.integers(0, np.maximum(np.abs(lim), 1), size=ctx.n, dtype=np.int64)
    return np.sign(lim) * draws


def as_column(value: Value, n: int) -> np.ndarray:
    """A compiled expression's value as an int64 array of length ``n`` (constants are broadcast)."""
    return np.broadcast_to(np.asarray(value, dtype=np.int64), (n,))
