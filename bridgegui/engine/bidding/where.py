"""A rule's ``where`` expression compiled straight to numpy, without the dealer-language package.

System files write their ``where`` conditions in Hans van Staveren's ``dealer`` expression language
(``hearts(me) > spades(me)``, ``aces(me) >= 2``, ``not shape(me, any 5332)``).  The full compiler in
``engine.script`` reads every script dealer runs, and loading it (its parser, syntax tree and
compiler) costs more than a whole short ``--auction`` run spends on dealing.  Every auction compiles
a few ``where`` texts, and those use a small part of the language: suit lengths, point counts,
``shape``, whole numbers, ``+ - *``, comparisons, ``and``/``or``/``not`` and parentheses.  This
module compiles exactly that part with the same semantics (dealer's, which are C's on ints: a
comparison is 0 or 1, ``and``/``or`` look only at zero or not, precedence as in C) and the same
per-holding tables, and hands anything else to the full compiler, which also phrases every error.
The tests compare the two on every ``where`` of the shipped systems and on generated expressions.
"""

from __future__ import annotations

import re
from collections.abc import Callable

import numpy as np

from bridgegui.engine import tables
from bridgegui.engine.evaluation import SHAPE_RADIX, holdings
from bridgegui.engine.script.operators import BINARY
from bridgegui.engine.script.shapes import pattern_error, pattern_shapes, shape_table
from bridgegui.engine.script.words import SEAT_WORDS, SUIT_WORDS, VALUE_FUNCTIONS

WhereFunction = Callable[[np.ndarray], np.ndarray]
"""A batch function: ``(n, 4)`` uint64 hand masks in, one bool per deal out."""

_Evaluated = np.ndarray | np.int64
_Node = Callable[["_Batch"], _Evaluated]


class _OutsideSubsetError(Exception):
    """The text leaves the quick subset: the full compiler takes it (and reports any error)."""


_MAX_NUMBER = 1000
"""The largest number the quick path reads.  With at most ``_MAX_PRODUCTS`` products, no value can
then leave the 64-bit integers, where the full compiler's exact constant arithmetic and numpy's
wrapping arithmetic would part ways; a rule's numbers are point counts and lengths."""
_MAX_PRODUCTS = 2
_MAX_TOKENS = 256
_MAX_NESTING = 16
"""Longer or deeper texts go to the full compiler, whose trees are balanced and whose recursion is
budgeted: the quick path's closures nest as its operators do."""

_SPACE = " \t\r\n\f\v"
"""White space as the dealer-language lexer has it (not Unicode's, which that lexer refuses)."""
_TOKEN = re.compile(rf"[{_SPACE}]*(?:(?P<word>[A-Za-z0-9_]+)|(?P<op>&&|\|\||==|!=|<=|>=|[<>!+\-*(),]))")
"""Words and the operators of the subset; a text with anything else (``/``, ``?``, quotes, comments)
goes to the full compiler."""

_LEVELS: dict[str, int] = {"||": 0, "or": 0, "&&": 1, "and": 1, "==": 2, "!=": 2, "<": 3, "<=": 3, ">": 3, ">=": 3}
_LEVELS.update({"+": 4, "-": 4, "*": 5})
"""Binary operators by C's precedence, lowest first, as ``engine.script.parser`` reads them."""


def _constant(op: str, a: int, b: int) -> int:
    """C's value of ``a op b`` on whole numbers (the subset has no division)."""
    if op in ("&&", "||"):
        return int(a != 0 and b != 0) if op == "&&" else int(a != 0 or b != 0)
    if op in ("+", "-", "*"):
        return a + b if op == "+" else a - b if op == "-" else a * b  # small: see _MAX_NUMBER
    return int({"==": a == b, "!=": a != b, "<": a < b, "<=": a <= b, ">": a > b, ">=": a >= b}[op])


class _Batch:
    """One batch being evaluated: the holdings, and each seat's measures once however often used."""

    def __init__(self, batch: np.ndarray) -> None:
        self.holdings = holdings(batch)
        self._per_suit: dict[tuple[str, int], np.ndarray] = {}
        self._totals: dict[tuple[str, int], np.ndarray] = {}

    def per_suit(self, measure: str, seat: int) -> np.ndarray:
        key = (measure, seat)
        if key not in self._per_suit:
            self._per_suit[key] = _table(measure)[self.holdings[:, seat, :]]
        return self._per_suit[key]

    def total(self, measure: str, seat: int) -> np.ndarray:
        key = (measure, seat)
        if key not in self._totals:
            values = self.per_suit(measure, seat)
            self._totals[key] = values.sum(axis=1, dtype=np.int32 if values.dtype.itemsize < 4 else np.int64)
        return self._totals[key]


_TABLES: dict[str, np.ndarray] = {}


def _table(measure: str) -> np.ndarray:
    """The per-holding table of a measure: the standard ones, or dealer's default ``ptN`` counts."""
    table = _TABLES.get(measure)
    if table is None:
        if measure.startswith("pt"):
            table = tables.count_table(tables.DEFAULT_ALT_COUNTS[int(measure[2:])])
        else:
            table = {"length": tables.LENGTH, "hcp": tables.HCP, "controls": tables.CONTROLS, "losers": tables.LOSERS}[
                measure
            ]
        _TABLES[measure] = table
    return table


def _shape_table(patterns: list[tuple[str, str, bool]]) -> np.ndarray:
    """The boolean table over shape codes of ``[(sign, pattern, any order), ...]``, read left to right
    as ``engine.script.parser.shape_list`` reads them."""
    chosen: frozenset[tuple[int, int, int, int]] = frozenset()
    for sign, pattern, any_order in patterns:
        if pattern_error(pattern):
            raise _OutsideSubsetError  # the full compiler explains the impossible shape
        matched = pattern_shapes(pattern, any_order)
        chosen = chosen | matched if sign == "+" else chosen - matched
    return shape_table(chosen)


class _Reader:
    """Precedence climbing over the tokens, building closures (or Python ints for constants)."""

    def __init__(self, text: str, seat: int) -> None:
        self.tokens: list[str] = []
        at = 0
        text = text.rstrip(_SPACE)
        while at < len(text):
            m = _TOKEN.match(text, at)
            if m is None or m.end() == at or len(self.tokens) >= _MAX_TOKENS:
                raise _OutsideSubsetError
            self.tokens.append(m.group("word") or m.group("op"))
            at = m.end()
        if self.tokens.count("*") > _MAX_PRODUCTS:
            raise _OutsideSubsetError
        self.tokens.append("")
        self.at = 0
        self.seat = seat
        self.nesting = 0

    def peek(self) -> str:
        return self.tokens[self.at]

    def take(self, expected: str | None = None) -> str:
        """The current token, moving past it; the end (``""``) is never passed."""
        token = self.tokens[self.at]
        if token == "" or (expected is not None and token != expected):
            raise _OutsideSubsetError
        self.at += 1
        return token

    def whole(self) -> _Node | int:
        node = self.binary(0)
        if self.peek() != "":
            raise _OutsideSubsetError
        return node

    def binary(self, min_level: int) -> _Node | int:
        left = self.unary()
        while (level := _LEVELS.get(self.peek())) is not None and level >= min_level:
            op = {"or": "||", "and": "&&"}.get(self.take(), self.tokens[self.at - 1])
            left = _combine(op, left, self.binary(level + 1))
        return left

    def unary(self) -> _Node | int:
        prefixes: list[str] = []
        while self.peek() in ("!", "not", "-"):
            prefixes.append("-" if self.take() == "-" else "!")
        node = self.primary()
        for op in reversed(prefixes):
            node = _negate(node) if op == "-" else _not(node)
        return node

    def primary(self) -> _Node | int:
        token = self.take()
        if token.isdigit():
            value = int(token)
            if value > _MAX_NUMBER:
                raise _OutsideSubsetError
            return value
        if token == "(":
            self.nesting += 1
            if self.nesting > _MAX_NESTING:
                raise _OutsideSubsetError
            inner = self.binary(0)
            self.take(")")
            self.nesting -= 1
            return inner
        if self.peek() != "(":
            raise _OutsideSubsetError  # a variable, a keyword or a stray operator
        self.take("(")
        if token in SUIT_WORDS:
            seat, suit = self.seat_word(), SUIT_WORDS[token]
            self.take(")")
            return lambda batch: batch.per_suit("length", seat)[:, suit]
        if token in VALUE_FUNCTIONS:
            measure, seat = VALUE_FUNCTIONS[token], self.seat_word()
            if self.peek() == ",":
                self.take(",")
                word = self.take()
                if word not in SUIT_WORDS:
                    raise _OutsideSubsetError
                suit = SUIT_WORDS[word]
                self.take(")")
                return lambda batch: batch.per_suit(measure, seat)[:, suit]
            self.take(")")
            return lambda batch: batch.total(measure, seat)
        if token == "shape":
            return self.shape()
        raise _OutsideSubsetError

    def seat_word(self) -> int:
        word = self.take()
        if word == "me":
            return self.seat
        if word not in SEAT_WORDS:
            raise _OutsideSubsetError
        return SEAT_WORDS[word]

    def shape(self) -> _Node:
        """``shape(seat, [any] PATTERN {(+|-|,) [any] PATTERN})``, each pattern one four-character
        word; dealer's rarer spellings (patterns run together, ``55xxany``) go to the full compiler."""
        seat = self.seat_word()
        self.take(",")
        patterns: list[tuple[str, str, bool]] = []
        sign = "+"
        while True:
            any_order = self.peek() == "any"
            if any_order:
                self.take()
            word = self.take()
            if len(word) != 4 or any(c not in "0123456789x" for c in word):
                raise _OutsideSubsetError
            patterns.append((sign, word, any_order))
            if self.peek() == ")":
                break
            separator = self.take()
            if separator not in ("+", "-", ","):
                raise _OutsideSubsetError
            sign = "-" if separator == "-" else "+"
        self.take(")")
        table = _shape_table(patterns)

        def shape(batch: _Batch) -> np.ndarray:
            lengths = batch.per_suit("length", seat)
            code = lengths[:, 0].astype(np.int32)
            for suit in (1, 2, 3):
                code *= SHAPE_RADIX
                code += lengths[:, suit]
            return table[code]

        return shape


def _node(value: _Node | int) -> _Node:
    if isinstance(value, int):
        constant = np.int64(value)
        return lambda batch: constant
    return value


def _combine(op: str, left: _Node | int, right: _Node | int) -> _Node | int:
    if isinstance(left, int) and isinstance(right, int):
        return _constant(op, left, right)
    function, a, b = BINARY[op], _node(left), _node(right)
    return lambda batch: function(a(batch), b(batch))


def _negate(value: _Node | int) -> _Node | int:
    if isinstance(value, int):
        return -value
    return lambda batch: np.negative(value(batch), dtype=np.int64)


def _not(value: _Node | int) -> _Node | int:
    if isinstance(value, int):
        return int(value == 0)
    return lambda batch: np.asarray(value(batch)) == 0


def quick_where(text: str, seat: int) -> WhereFunction | None:
    """``text`` compiled for the calling seat (0..3, which ``me`` names), or ``None`` when it uses
    more of the dealer language than this module reads."""
    try:
        node = _node(_Reader(text, seat).whole())
    except _OutsideSubsetError:
        return None

    def mask(batch: np.ndarray) -> np.ndarray:
        hands = np.asarray(batch, dtype=np.uint64)
        value = node(_Batch(hands))
        return np.broadcast_to(np.asarray(value, dtype=np.int64), (hands.shape[0],)) != 0

    return mask


def compile_where(text: str, seat: int) -> WhereFunction:
    """Compile a rule's ``where`` text for the calling seat (0..3): ``me`` becomes that seat.

    The quick path takes what it reads; anything else (and every error) goes through the full
    dealer-language compiler.
    """
    function = quick_where(text, seat)
    if function is not None:
        return function
    from bridgegui.engine.bidding.system_tokens import compile_script_where

    return compile_script_where(text, seat)


__all__ = ["WhereFunction", "compile_where", "quick_where"]
