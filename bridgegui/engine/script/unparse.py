"""Write expressions back as dealer-language source (for the GUI's advanced condition and exports).

Variables are inlined (in parentheses) so that the text stands alone, shape sets are written as
``any 4333`` where every suit order of a pattern is present, and parentheses are added only where
C precedence needs them, so the text reads as a person would write it.
"""

from __future__ import annotations

from itertools import permutations

from bridgegui.engine.script import syntax as ast

SEAT_WORDS = ("north", "east", "south", "west")
SUIT_WORDS = ("spades", "hearts", "diamonds", "clubs")
_RANKS = "AKQJT98765432"
_SUIT_LETTERS = "SHDC"

_PRECEDENCE = {
    "||": 1,
    "&&": 2,
    "==": 3,
    "!=": 3,
    "<": 4,
    "<=": 4,
    ">": 4,
    ">=": 4,
    "+": 5,
    "-": 5,
    "*": 6,
    "/": 6,
    "%": 6,
}
_TERNARY, _UNARY, _ATOM = 0, 7, 8
_ASSOCIATIVE = {"&&", "||", "+", "*"}


def shape_list(shapes: frozenset[tuple[int, int, int, int]]) -> str | None:
    """``any 4333 + 5431`` for a set of exact shapes; None when a length above 9 cannot be written."""
    if any(length > 9 for shape in shapes for length in shape):
        return None
    if not shapes:
        return "xxxx - xxxx"  # the empty set, in words dealer reads
    remaining = set(shapes)
    parts = []
    for pattern in sorted({tuple(sorted(s, reverse=True)) for s in shapes}, reverse=True):
        orders = set(permutations(pattern))
        if orders <= remaining:
            parts.append("any " + "".join(map(str, pattern)))
            remaining -= orders
    parts.extend("".join(map(str, s)) for s in sorted(remaining, reverse=True))
    return " + ".join(parts)


def _shape_as_lengths(seat: str, shapes: frozenset[tuple[int, int, int, int]]) -> str:
    """Fallback for shapes dealer's digit syntax cannot write: length comparisons."""
    options = [" && ".join(f"{SUIT_WORDS[i]}({seat}) == {n}" for i, n in enumerate(shape)) for shape in sorted(shapes)]
    return " || ".join(f"({o})" for o in options) if len(options) > 1 else options[0]


def _call(name: str, seat: int, suit: int | None) -> str:
    args = SEAT_WORDS[seat] + ("" if suit is None else f", {SUIT_WORDS[suit]}")
    return f"{name}({args})"


def _unparse(expr: ast.Expr) -> tuple[str, int]:
    """Source text and its precedence level."""
    if isinstance(expr, ast.Num):
        return str(expr.value), _ATOM
    if isinstance(expr, ast.Var):
        return _wrap(expr.expr, _ATOM)
    if isinstance(expr, ast.Unary):
        return expr.op + _wrap(expr.operand, _UNARY)[0], _UNARY
    if isinstance(expr, ast.Binary):
        level = _PRECEDENCE[expr.op]
        left = _wrap(expr.left, level)[0]
        # Left-associative: a right operand of equal level needs parentheses, unless the operator is
        # associative (the parser builds long && / || / + chains as balanced trees).
        right = _wrap(expr.right, level if expr.op in _ASSOCIATIVE else level + 1)[0]
        return f"{left} {expr.op} {right}", level
    if isinstance(expr, ast.Ternary):
        return (
            f"{_wrap(expr.test, _TERNARY + 1)[0]} ? {_wrap(expr.then, _TERNARY)[0]} : {_wrap(expr.otherwise, _TERNARY)[0]}",
            _TERNARY,
        )
    if isinstance(expr, ast.HandValue):
        if expr.measure == "length":
            suit = 0 if expr.suit is None else expr.suit
            return f"{SUIT_WORDS[suit]}({SEAT_WORDS[expr.seat]})", _ATOM
        return _call(expr.measure, expr.seat, expr.suit), _ATOM
    if isinstance(expr, ast.Shape):
        listed = shape_list(expr.shapes)
        if listed is None:
            return f"({_shape_as_lengths(SEAT_WORDS[expr.seat], expr.shapes)})", _ATOM
        return f"shape({SEAT_WORDS[expr.seat]}, {listed})", _ATOM
    if isinstance(expr, ast.HasCard):
        suit, rank = divmod(expr.card, 13)
        return f"hascard({SEAT_WORDS[expr.seat]}, {_RANKS[rank]}{_SUIT_LETTERS[suit]})", _ATOM
    if isinstance(expr, ast.Random):
        return f"rnd({unparse(expr.limit)})", _ATOM
    if isinstance(expr, ast.Score):
        strain = "SHDCN"[expr.strain]
        return f"score({'vul' if expr.vulnerable else 'nv'}, x{expr.level}{strain}, {unparse(expr.tricks)})", _ATOM
    if isinstance(expr, ast.Imps):
        return f"imps({unparse(expr.operand)})", _ATOM
    if isinstance(expr, ast.Tricks):
        return f"tricks({SEAT_WORDS[expr.seat]}, {(*SUIT_WORDS, 'notrumps')[expr.strain]})", _ATOM
    if isinstance(expr, ast.KaplanRubens):
        return _call(expr.function, expr.seat, expr.suit), _ATOM
    raise TypeError(f"cannot write {type(expr).__name__} as dealer source")


def _wrap(expr: ast.Expr, minimum: int) -> tuple[str, int]:
    text, level = _unparse(expr)
    if level < minimum:
        return f"({text})", _ATOM
    return text, level


def unparse(expr: ast.Expr) -> str:
    """Dealer-language source for ``expr``."""
    return _unparse(expr)[0]


def unparse_conjunction(exprs: tuple[ast.Expr, ...] | list[ast.Expr]) -> str:
    """``a && b && c`` for the conjuncts, each parenthesised only where it must be."""
    return " && ".join(_wrap(e, _PRECEDENCE["&&"] + 1)[0] for e in exprs)
