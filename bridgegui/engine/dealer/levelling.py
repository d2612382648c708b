"""Even sub-cases ("levelling"): deal each alternative of a scenario equally often.

A scenario such as "5+ hearts or 5+ spades" is dealt by the constrained dealer at its natural
frequencies: the alternatives come up as often as real deals bring them.  A teacher practising both
sometimes wants them equally often.  Levelling deals each alternative as a scenario of its own (the
scenario *and* that alternative) and gives each the same number of boards (equal, or one more for the
first ones); ``engine.dealer.mixing`` orders them.

What counts as an alternative (the README says the same):

* In a dealer script: the operands of a top-level ``||`` (``or``) of the condition, looking through
  variables: ``hearts(north) >= 5 || spades(north) >= 5`` has two.  If the condition is a top-level
  ``&&``, exactly one of its operands may be such an ``||`` (the others hold for every alternative):
  ``hcp(north) >= 12 && (hearts(north) >= 5 || spades(north) >= 5)``.
* In a dealer script, a ``shape(seat, ...)`` term (the whole condition or one operand of its top-level
  ``&&``) with several patterns joined by ``+``: ``shape(north, any 5xxx + any 6xxx)`` has two, each
  pattern's shapes less whatever the term's ``-`` patterns remove.
* In seat specs (the command line's ``--north`` and the rest, a preset, the window's editors): the
  patterns of one seat's ``shape`` list: ``shape 5xxx 6xxx`` has two; ``balanced`` is one pattern.

A scenario with no alternatives, or with alternatives in more than one place (two ``||`` operands of
the top-level ``&&``, or two seats listing several shapes), is refused with a message that says so:
levelling one list at a time keeps the meaning plain.

Alternatives may overlap (a 6-5 hand fits both ``any 5xxx`` and ``any 6xxx``): a deal is counted for
the alternative it was dealt for.  The boards are a model, not the natural distribution: within each
alternative the deals are exactly the scenario's deals that fit the alternative, but how often each
alternative comes up is chosen, so every board records its alternative (``Alternative`` tag).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from bridgegui.engine.cards import SEAT_NAMES
from bridgegui.engine.dealer.constraints import DealRequest
from bridgegui.engine.dealer.mixing import Scenario, SetSource
from bridgegui.engine.errors import BridgeError
from bridgegui.engine.script import Script, ScriptError, parse
from bridgegui.engine.script import syntax as ast
from bridgegui.engine.script.diagnostics import recursion_room
from bridgegui.engine.script.lexer import Token, tokenize
from bridgegui.engine.script.request import request_from_script
from bridgegui.engine.script.seat_terms import conjuncts
from bridgegui.engine.script.shapes import is_pattern, pattern_shapes, split_patterns
from bridgegui.engine.script.unparse import SEAT_WORDS, unparse


class LevelError(BridgeError):
    """A scenario that cannot be levelled: no alternatives, or alternatives in more than one place."""


@dataclass(frozen=True)
class Alternative:
    """One alternative of a scenario: how the boards name it, and the request for scenario-and-alternative."""

    label: str
    request: DealRequest


def request_alternatives(request: DealRequest) -> list[Alternative]:
    """The alternatives of seat specs: the patterns of the one seat whose shape list has several."""
    listing = [seat for seat, c in enumerate(request.seats) if len(c.shapes) > 1]
    if not listing:
        raise LevelError("nothing to level: no seat lists more than one shape (e.g. 'shape 5xxx 6xxx')")
    if len(listing) > 1:
        names = " and ".join(SEAT_NAMES[s] for s in listing)
        raise LevelError(f"{names} both list several shapes: level one list at a time")
    seat = listing[0]
    constraint = request.seats[seat]
    alternatives = []
    for token in constraint.shapes:
        one = dataclasses.replace(constraint, shapes=(token,))
        seats = (*request.seats[:seat], one, *request.seats[seat + 1 :])
        narrowed = dataclasses.replace(request, seats=seats)  # type: ignore[arg-type]
        alternatives.append(Alternative(f"{SEAT_NAMES[seat]} {token}", narrowed))
    return alternatives


def _unwrap(expr: ast.Expr) -> ast.Expr:
    while isinstance(expr, ast.Var):
        expr = expr.expr
    return expr


def _disjuncts(expr: ast.Expr) -> list[ast.Expr]:
    """The operands of a chain of ``||``, looking through variables."""
    expr = _unwrap(expr)
    if isinstance(expr, ast.Binary) and expr.op == "||":
        return _disjuncts(expr.left) + _disjuncts(expr.right)
    return [expr]


def _shape_patterns(tokens: list[Token], node: ast.Shape) -> list[tuple[str, frozenset[tuple[int, int, int, int]]]]:
    """The ``+`` patterns of a ``shape()`` term as written (the syntax tree keeps only their union),
    each with its shapes less those the term's ``-`` patterns remove: read back from the tokens at
    the term's place."""
    start = next(
        (i for i, t in enumerate(tokens) if t.kind == "name" and t.line == node.line and t.column == node.column), None
    )
    if start is None or tokens[start].text != "shape":
        return []
    i = start + 4  # shape ( seat ,
    patterns: list[tuple[str, frozenset[tuple[int, int, int, int]]]] = []
    sign = "+"
    any_order = False
    while i < len(tokens) and not (tokens[i].kind == "op" and tokens[i].text == ")"):
        t = tokens[i]
        i += 1
        if t.kind == "op":
            sign = "-" if t.text == "-" else "+"
            continue
        # A word may hold patterns side by side (``56xx55xx``, ``55xxany``), cut as dealer's scanner
        # cuts them; one with no sign before it is added even after a ``-`` (``engine.script.shapes``).
        for piece in split_patterns(t.text) or [t.text]:
            if piece == "any":
                any_order = True
                continue
            if sign == "+" and is_pattern(piece):
                written = f"{'any ' if any_order else ''}{piece}"
                patterns.append((written, pattern_shapes(piece, any_order) & node.shapes))
            sign, any_order = "+", False
    return [(written, shapes) for written, shapes in patterns if shapes]


def _choices(condition: ast.Expr, tokens: list[Token]) -> tuple[int, list[tuple[str, ast.Expr]]] | None:
    """Which top-level operand holds the alternatives, and each alternative as a label and an expression."""
    parts = conjuncts(condition)
    found: list[tuple[int, list[tuple[str, ast.Expr]]]] = []
    for k, part in enumerate(parts):
        options = _disjuncts(part)
        if len(options) > 1:
            found.append((k, [(unparse(o), o) for o in options]))
            continue
        node = _unwrap(part)
        if isinstance(node, ast.Shape):
            patterns = _shape_patterns(tokens, node)
            if len(patterns) > 1:
                seat = SEAT_WORDS[node.seat]
                found.append(
                    (
                        k,
                        [
                            (f"shape({seat}, {w})", ast.Shape(node.seat, s, line=node.line, column=node.column))
                            for w, s in patterns
                        ],
                    )
                )
    if len(found) > 1:
        raise LevelError("the condition has alternatives in more than one place: level one list at a time")
    return found[0] if found else None


def script_alternatives(text: str, *, source_name: str | None = None) -> list[Alternative]:
    """The alternatives of a dealer script (module docstring), each as the exact dealer's request for
    the script's condition with that alternative in place of the list.  ``ScriptError`` for a bad script.

    The walks over the condition recurse through variables (a chain of 2,000, as the classic dealer
    runs): they run in the script engine's ``recursion_room``, like compiling and running a script."""
    with recursion_room():
        return _script_alternatives(text, source_name)


def _script_alternatives(text: str, source_name: str | None) -> list[Alternative]:
    parsed = parse(text)
    if parsed.condition is None:
        raise LevelError("nothing to level: the script has no condition")
    parts = conjuncts(parsed.condition)
    choice = _choices(parsed.condition, tokenize(text))
    if choice is None:
        raise LevelError(
            "nothing to level: the condition has no top-level 'or' (||) and no shape() with several patterns"
        )
    where, options = choice
    alternatives = []
    for label, option in options:
        kept = [*parts[:where], option, *parts[where + 1 :]]
        condition = kept[0]
        for operand in kept[1:]:
            condition = ast.Binary("&&", condition, operand)
        script = Script(dataclasses.replace(parsed, condition=condition), source_name=source_name)
        try:
            request = request_from_script(script)
        except ScriptError as exc:
            raise LevelError(f"the alternative '{label}' cannot be dealt: {exc}") from None
        alternatives.append(Alternative(label, request))
    return alternatives


def levelled(scenario: Scenario, alternatives: list[Alternative], weight: int = 1) -> SetSource:
    """A set source dealing each alternative of ``scenario`` equally often (``engine.dealer.mixing`` splits the count)."""
    if len(alternatives) < 2:
        raise LevelError("nothing to level: a scenario needs at least two alternatives")
    parts = tuple(dataclasses.replace(scenario, request=a.request, alternative=a.label) for a in alternatives)
    return SetSource(parts, weight)


__all__ = ["Alternative", "LevelError", "levelled", "request_alternatives", "script_alternatives"]
