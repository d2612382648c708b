"""The syntax tree of a dealer script: expressions, actions and statements (frozen dataclasses).

Nodes are immutable snapshots, so a compiled script can be handed to a worker thread as it is.
Every node records the line and column where it starts, for error messages; positions do not take
part in equality, so two identical sub-expressions at different places compare equal.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True, kw_only=True)
class Node:
    line: int = field(default=0, compare=False)
    column: int = field(default=0, compare=False)


@dataclass(frozen=True)
class Expr(Node):
    """Base of all expressions.  Values are integers; truth is "not zero", as in C."""


@dataclass(frozen=True)
class Num(Expr):
    value: int


@dataclass(frozen=True)
class Var(Expr):
    """A use of a defined variable; ``expr`` is its definition (variables must be defined before use)."""

    name: str
    expr: Expr


@dataclass(frozen=True)
class Unary(Expr):
    op: str  # "!" or "-"
    operand: Expr


@dataclass(frozen=True)
class Binary(Expr):
    op: str  # "&&" "||" "==" "!=" "<" "<=" ">" ">=" "+" "-" "*" "/" "%"
    left: Expr
    right: Expr


@dataclass(frozen=True)
class Ternary(Expr):
    test: Expr
    then: Expr
    otherwise: Expr


@dataclass(frozen=True)
class HandValue(Expr):
    """``hcp``, a suit length, ``controls``, ``losers`` or ``pt0``..``pt9`` of one seat, in one suit or all."""

    measure: str
    seat: int
    suit: int | None = None


@dataclass(frozen=True)
class Shape(Expr):
    """``shape(seat, ...)``: whether the seat's exact (S, H, D, C) lengths are in ``shapes``."""

    seat: int
    shapes: frozenset[tuple[int, int, int, int]]


@dataclass(frozen=True)
class HasCard(Expr):
    seat: int
    card: int


@dataclass(frozen=True)
class Random(Expr):
    """``rnd(n)``: uniform in ``0..n-1`` (``0`` when ``n`` is 0; ``-(0..|n|-1)`` when negative), as dealer."""

    limit: Expr


@dataclass(frozen=True)
class Score(Expr):
    """``score(vul|nv, xLS, tricks)``: declarer's duplicate score of an undoubled contract."""

    vulnerable: bool
    level: int
    strain: int  # 0 spades, 1 hearts, 2 diamonds, 3 clubs, 4 notrump
    tricks: Expr


@dataclass(frozen=True)
class Imps(Expr):
    operand: Expr


@dataclass(frozen=True)
class Tricks(Expr):
    """``tricks(seat, strain)``: double-dummy tricks.  Parsed, but the compiler refuses it (no solver yet)."""

    seat: int
    strain: int  # as Score.strain


@dataclass(frozen=True)
class KaplanRubens(Expr):
    """``cccc(seat)`` or ``quality(seat, suit)``.  Parsed, but the compiler refuses them (not implemented)."""

    function: str
    seat: int
    suit: int | None = None


def children(expr: Expr) -> tuple[Expr, ...]:
    """The sub-expressions of a node (a variable's definition counts as its child)."""
    if isinstance(expr, Var):
        return (expr.expr,)
    if isinstance(expr, Unary):
        return (expr.operand,)
    if isinstance(expr, Binary):
        return (expr.left, expr.right)
    if isinstance(expr, Ternary):
        return (expr.test, expr.then, expr.otherwise)
    if isinstance(expr, Random):
        return (expr.limit,)
    if isinstance(expr, Score):
        return (expr.tricks,)
    if isinstance(expr, Imps):
        return (expr.operand,)
    return ()


def tree_depth(expr: Expr, memo: dict[int, int] | None = None) -> int:
    """The depth of ``expr``, looking through variables (a leaf is 1), without recursion.

    ``memo`` maps ``id`` of a variable's definition to its depth, so shared definitions are walked
    once.  The script engine's walks recurse, and ``MAX_DEPTH`` bounds this number for them.
    """
    memo = {} if memo is None else memo
    depth: dict[int, int] = {}
    stack: list[tuple[Expr, bool]] = [(expr, False)]
    while stack:
        node, expanded = stack.pop()
        key = id(node)
        if key in depth:
            continue
        if isinstance(node, Var) and id(node.expr) in memo:
            depth[key] = memo[id(node.expr)]  # a variable stands for its definition: no level of its own
            continue
        kids = children(node)
        if not expanded:
            stack.append((node, True))
            stack.extend((k, False) for k in kids if id(k) not in depth)
            continue
        if isinstance(node, Var):
            depth[key] = memo[id(node.expr)] = depth[id(node.expr)]
        else:
            depth[key] = 1 + max((depth[id(k)] for k in kids), default=0)
    return depth[id(expr)]


# ---- actions ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class ActionNode(Node):
    """Base of the parsed actions (``actions.py`` turns them into runnable actions)."""


@dataclass(frozen=True)
class PrintAll(ActionNode):
    pass


@dataclass(frozen=True)
class PrintEW(ActionNode):
    pass


@dataclass(frozen=True)
class PrintPBN(ActionNode):
    pass


@dataclass(frozen=True)
class PrintCompact(ActionNode):
    expr: Expr | None = None


@dataclass(frozen=True)
class PrintOneLine(ActionNode):
    expr: Expr | None = None


@dataclass(frozen=True)
class PrintSeats(ActionNode):
    """``print(north, west)``: the named hands on separate pages at the end of the run."""

    seats: tuple[int, ...]


@dataclass(frozen=True)
class PrintES(ActionNode):
    """``printes(...)``: strings (``str``), expressions and ``\\n`` newlines, printed for every deal."""

    items: tuple[str | Expr, ...]


@dataclass(frozen=True)
class Average(ActionNode):
    label: str | None
    expr: Expr


@dataclass(frozen=True)
class Frequency(ActionNode):
    label: str | None
    expr: Expr
    low: int
    high: int
    expr2: Expr | None = None
    low2: int = 0
    high2: int = 0
