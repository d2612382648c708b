"""Write expressions back as dealer-language source (for the GUI's advanced condition and exports).

Variables are inlined (in parentheses) so that the text stands alone, shape sets are written as
the fewest patterns (``any 5xxx``, ``54xx``, ``xxxx - any 0xxx``: ``shape_text``), and parentheses are added only where
C precedence needs them, so the text reads as a person would write it.
"""

from __future__ import annotations

from bridgegui.engine.script import syntax as ast
from bridgegui.engine.shape_text import dealer_shape_cover

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
    """``any 5xxx - any 5332`` for a set of exact shapes: the shortest list ``shape_text`` finds.

    Dealer writes a length as one digit, but every set can still be written: a suit of 10 or more
    cards is reached through ``x`` and exclusions (``any 0xxx`` holds 13-0-0-0; ``xxxx - any 0xxx``
    is every hand without a void).  The ``None`` of the type is kept for callers written when it
    could not.
    """
    cover = dealer_shape_cover(frozenset(shapes))
    return " - ".join((" + ".join(cover.included), *cover.excluded))


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
        return f"shape({SEAT_WORDS[expr.seat]}, {shape_list(expr.shapes)})", _ATOM
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
