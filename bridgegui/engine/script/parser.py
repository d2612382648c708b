"""A hand-written recursive-descent parser for dealer's input language.

The grammar is dealer's (Hans van Staveren's ``dealer``, as documented in its manual and as the
2021-11-21 Debian build behaves); the expression grammar is C's, lowest precedence first::

    expr     := or ('?' expr ':' expr)?            right-associative
    or       := and (('||' | 'or') and)*
    and      := equality (('&&' | 'and') equality)*
    equality := relation (('==' | '!=') relation)*
    relation := sum (('<' | '<=' | '>' | '>=') sum)*
    sum      := product (('+' | '-') product)*
    product  := unary (('*' | '/' | '%') unary)*
    unary    := ('!' | 'not' | '-') unary | primary
    primary  := number | variable | function '(' arguments ')' | '(' expr ')'

Statements may come in any order and are free-form (line breaks are white space).  A statement
that starts like an expression is the condition, as dealer allows (``condition`` may be omitted).
Variables must be defined before use and only once, and keywords cannot name variables: dealer
refuses both.  When ``condition`` or ``action`` is given twice the last one wins, as in dealer, and a
warning is recorded.

Deliberate widenings, all harmless to scripts dealer accepts: unary minus applies to any
expression (dealer only negates numbers, and not as a function's argument), cards may be written
suit first (``SA`` as well as ``AS``), ``vulnerable`` takes its value in any case, contracts may end
in ``NT``, and ``#`` starts a comment anywhere (see ``lexer``).  Like dealer, an expression written
after ``printoneline`` without parentheses is not its argument but a new statement: the condition.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from bridgegui.engine.cards import CARD_BITS, SEAT_NAMES, SUIT_NAMES, card_name, parse_card
from bridgegui.engine.errors import DealError
from bridgegui.engine.script import syntax as ast
from bridgegui.engine.script.diagnostics import MAX_DEPTH, MAX_NESTING, WHERE, ScriptError
from bridgegui.engine.script.lexer import Token, tokenize
from bridgegui.engine.script.scoring import STRAINS
from bridgegui.engine.script.shapes import pattern_error, pattern_shapes, split_patterns
from bridgegui.engine.script.words import (
    SEAT_WORDS,
    STRAIN_WORDS,
    SUIT_WORDS,
    VALUE_FUNCTIONS,
    VULNERABILITY_WORDS,
)

UNSUPPORTED_FUNCTIONS = ("tricks", "trick", "cccc", "quality")
"""Parsed into the syntax tree, refused by the compiler (see ``compiler.UNSUPPORTED``)."""

OTHER_FUNCTIONS = ("shape", "hascard", "rnd", "score", "imps", "imp")

KNOWN_FUNCTIONS: tuple[str, ...] = tuple(
    sorted({*VALUE_FUNCTIONS, *SUIT_WORDS, *OTHER_FUNCTIONS, *UNSUPPORTED_FUNCTIONS})
)

STATEMENTS = ("generate", "produce", "dealer", "vulnerable", "predeal", "pointcount", "altcount", "condition", "action")
ACTIONS = ("printall", "printew", "printpbn", "printcompact", "printoneline", "print", "printes", "average", "frequency")  # fmt: skip

RESERVED: frozenset[str] = frozenset(
    {
        *STATEMENTS, *ACTIONS, *KNOWN_FUNCTIONS, *SEAT_WORDS, *STRAIN_WORDS,
        "not", "and", "or", "any", "vul", "nv",
    }
)  # fmt: skip

MAX_NUMBER = 2**62
"""Numbers are C ints in dealer; here they are int64, and literals must leave room for arithmetic."""


@dataclass
class ParsedScript:
    """Everything a script says, before compilation to numpy (``script.Script`` compiles it)."""

    generate: int | None = None
    produce: int | None = None
    dealer: str | None = None
    vulnerable: str | None = None
    predeal: dict[int, int] = field(default_factory=dict)
    predeal_lengths: dict[tuple[int, int], int] = field(default_factory=dict)
    pointcount: tuple[int, ...] | None = None
    altcounts: dict[int, tuple[int, ...]] = field(default_factory=dict)
    condition: ast.Expr | None = None
    actions: tuple[ast.ActionNode, ...] | None = None
    variables: dict[str, ast.Expr] = field(default_factory=dict)
    warnings: list[str] = field(default_factory=list)


class Parser:
    """Parses one script; use ``parse(text)``."""

    def __init__(self, text: str) -> None:
        self.tokens = tokenize(text)
        self.pos = 0
        self.result = ParsedScript()
        self._seen: dict[str, Token] = {}
        self.depth = 0
        self._depths: dict[int, int] = {}
        """How many ``expression`` calls are open: the nesting of parentheses, ``?:`` and arguments."""

    # ---- token helpers -------------------------------------------------------------------------

    @property
    def tok(self) -> Token:
        return self.tokens[self.pos]

    def peek(self, offset: int = 1) -> Token:
        return self.tokens[min(self.pos + offset, len(self.tokens) - 1)]

    def next(self) -> Token:
        t = self.tokens[self.pos]
        if t.kind != "eof":
            self.pos += 1
        return t

    def at_op(self, *ops: str) -> bool:
        return self.tok.kind == "op" and self.tok.text in ops

    def at_name(self, *names: str) -> bool:
        return self.tok.kind == "name" and self.tok.text in names

    def fail(self, expected: str, token: Token | None = None) -> ScriptError:
        t = token or self.tok
        return ScriptError(f"expected {expected} but found {t.describe()}", t.line, t.column)

    def expect_op(self, op: str, context: str = "") -> Token:
        if not self.at_op(op):
            raise self.fail(f"'{op}'{context}")
        return self.next()

    # ---- statements ----------------------------------------------------------------------------

    def parse(self) -> ParsedScript:
        while self.tok.kind != "eof":
            self.statement()
        return self.result

    def checked(self, expr: ast.Expr) -> ast.Expr:
        """``expr``, refused when it nests deeper than ``MAX_DEPTH`` counting the variables it uses."""
        if ast.tree_depth(expr, self._depths) > MAX_DEPTH:
            raise ScriptError(
                f"the expression{WHERE} nests more than {MAX_DEPTH} levels deep, counting the variables it uses",
                expr.line,
                expr.column,
            )
        return expr

    def statement(self) -> None:
        t = self.tok
        if t.kind == "name" and self.peek().kind == "op" and self.peek().text == "=":
            self.definition()
            return
        if t.kind == "name" and t.text in STATEMENTS:
            self.next()
            getattr(self, f"stmt_{t.text}")(t)
            return
        if t.kind == "name" and t.text not in RESERVED and t.text not in self.result.variables:
            follower = self.peek()
            if not (follower.kind == "op" and follower.text not in ("(", "!")):
                raise ScriptError(
                    f"unknown statement '{t.text}'{WHERE}; statements are {', '.join(STATEMENTS)},"
                    " name = expression, or a condition",
                    *_at(t),
                )
        if self.starts_expression():
            self.set_condition(self.expression(), t)
            return
        if t.kind == "name" and t.text in ACTIONS:
            raise self.fail("a statement (actions follow 'action' and are separated by commas)")
        raise self.fail(
            "a statement (generate, produce, dealer, vulnerable, predeal, pointcount, altcount, condition,"
            " action, or name = expression)"
        )

    def starts_expression(self) -> bool:
        t = self.tok
        if t.kind == "num" or (t.kind == "op" and t.text in ("(", "!", "-")):
            return True
        if t.kind != "name":
            return False
        return t.text in ("not", *KNOWN_FUNCTIONS) or t.text in self.result.variables or t.text not in RESERVED

    def once(self, keyword: Token) -> None:
        """Record a statement that dealer lets a later one override, with a warning when it does."""
        if keyword.text in self._seen:
            first = self._seen[keyword.text]
            self.result.warnings.append(
                f"'{keyword.text}' at line {keyword.line} replaces the one at line {first.line}"
                " (dealer uses the last one)"
            )
        self._seen[keyword.text] = keyword

    def number(self, what: str) -> int:
        negative = False
        if self.at_op("-"):
            self.next()
            negative = True
        if self.tok.kind != "num":
            raise self.fail(what)
        t = self.next()
        value = int(t.text)
        if value > MAX_NUMBER:
            raise ScriptError(f"the number {t.text} is too large", t.line, t.column)
        return -value if negative else value

    def stmt_generate(self, keyword: Token) -> None:
        self.once(keyword)
        self.result.generate = self.count_argument("generate")

    def stmt_produce(self, keyword: Token) -> None:
        self.once(keyword)
        self.result.produce = self.count_argument("produce")

    def count_argument(self, keyword: str) -> int:
        t = self.tok
        value = self.number(f"the number of deals to {keyword}")
        if value < 0:
            raise ScriptError(f"'{keyword}' needs a number of deals that is not negative", t.line, t.column)
        return value

    def stmt_dealer(self, keyword: Token) -> None:
        self.once(keyword)
        self.result.dealer = "NESW"[self.seat()]

    def stmt_vulnerable(self, keyword: Token) -> None:
        self.once(keyword)
        t = self.tok
        if t.kind != "name" or t.text.lower() not in VULNERABILITY_WORDS:
            raise self.fail("a vulnerability (none, NS, EW or all)")
        self.next()
        self.result.vulnerable = VULNERABILITY_WORDS[t.text.lower()]

    def stmt_pointcount(self, keyword: Token) -> None:
        self.once(keyword)
        self.result.pointcount = self.count_values("pointcount", keyword)

    def stmt_altcount(self, keyword: Token) -> None:
        t = self.tok
        index = self.number("the number (0 to 9) of the alternative count to redefine")
        if not 0 <= index <= 9:
            raise ScriptError("altcount numbers its counts 0 to 9 (pt0 to pt9)", t.line, t.column)
        self.result.altcounts[index] = self.count_values("altcount", keyword)

    def count_values(self, keyword: str, start: Token) -> tuple[int, ...]:
        """Up to 13 values, ace first; the cards not given count 0 (as in dealer)."""
        values: list[int] = []
        while self.tok.kind == "num" or (self.at_op("-") and self.peek().kind == "num"):
            t = self.tok
            values.append(self.number("a number"))
            if len(values) > 13:
                raise ScriptError(
                    f"too many {keyword} values: give at most 13, from the ace down to the deuce", t.line, t.column
                )
        if not values:
            raise self.fail(f"the {keyword} values (from the ace down)")
        return tuple(values) + (0,) * (13 - len(values))

    def stmt_condition(self, keyword: Token) -> None:
        self.set_condition(self.expression(), keyword)

    def set_condition(self, expr: ast.Expr, start: Token) -> None:
        self.once(Token("name", "condition", start.line, start.column))
        self.result.condition = self.checked(expr)

    def definition(self) -> None:
        name_tok = self.next()
        self.next()  # '='
        name = name_tok.text
        if name in RESERVED:
            raise ScriptError(
                f"'{name}' is a dealer keyword and cannot name a variable", name_tok.line, name_tok.column
            )
        if name[0].isdigit():
            raise ScriptError(f"'{name}' cannot name a variable: names start with a letter", *_at(name_tok))
        if name in self.result.variables:
            raise ScriptError(f"the variable '{name}' is defined twice (dealer does not allow it)", *_at(name_tok))
        expr = self.expression()
        if ast.tree_depth(expr, self._depths) > MAX_DEPTH:
            raise ScriptError(
                f"the variable '{name}'{WHERE} nests more than {MAX_DEPTH} levels deep, counting the variables"
                " it is defined with",
                *_at(name_tok),
            )
        self.result.variables[name] = expr

    # ---- predeal -------------------------------------------------------------------------------

    def stmt_predeal(self, keyword: Token) -> None:
        if self.tok.kind == "name" and self.tok.text in SUIT_WORDS:
            self.predeal_length()
            return
        if not (self.tok.kind == "name" and self.tok.text in SEAT_WORDS):
            raise self.fail("a seat and its cards (predeal south SAQ2, HKJ87, D32, CAK) or spades(north) == 1")
        while self.tok.kind == "name" and self.tok.text in SEAT_WORDS:
            seat = self.seat()
            self.predeal_holding(seat)
            while self.at_op(","):
                self.next()
                self.predeal_holding(seat)

    def predeal_holding(self, seat: int) -> None:
        t = self.tok
        text = t.text.upper()
        if t.kind == "name" and t.text in SEAT_WORDS:
            raise self.fail("a suit and its cards after the comma (write another seat without a comma before it)")
        if t.kind != "name" or text[0] not in "SHDC":
            raise self.fail("a suit and its cards, such as SAQ542 or HKJ87")
        self.next()
        ranks = text[1:].replace("10", "T")
        mask = 0
        for r in ranks:
            try:
                card = parse_card(r + text[0])
            except DealError:
                raise ScriptError(f"'{r}' in {t.text} is not a rank (A K Q J T 9 ... 2)", *_at(t)) from None
            bit = CARD_BITS[card]
            if mask & bit:
                raise ScriptError(f"{card_name(card)} appears twice in {t.text}", *_at(t))
            mask |= bit
        for other, other_mask in self.result.predeal.items():
            clash = other_mask & mask
            if clash:
                card = next(c for c in range(52) if CARD_BITS[c] & clash)
                raise ScriptError(
                    f"{card_name(card)} is predealt to {SEAT_NAMES[other]} and again to {SEAT_NAMES[seat]}", *_at(t)
                )
        total = self.result.predeal.get(seat, 0) | mask
        if total.bit_count() > 13:
            raise ScriptError(f"{SEAT_NAMES[seat]} is predealt {total.bit_count()} cards; a hand has 13", *_at(t))
        self.result.predeal[seat] = total

    def predeal_length(self) -> None:
        suit_tok = self.next()
        suit = SUIT_WORDS[suit_tok.text]
        self.expect_op("(")
        seat = self.seat()
        self.expect_op(")")
        self.expect_op("==", " (the length form of predeal reads spades(north) == 1)")
        t = self.tok
        length = self.number("the number of cards")
        if not 0 <= length <= 13:
            raise ScriptError("a suit length is between 0 and 13", *_at(t))
        key = (seat, suit)
        if key in self.result.predeal_lengths and self.result.predeal_lengths[key] != length:
            raise ScriptError(f"{SEAT_NAMES[seat]}'s {SUIT_NAMES[suit]} are predealt two different lengths", *_at(t))
        self.result.predeal_lengths[key] = length

    # ---- actions -------------------------------------------------------------------------------

    def stmt_action(self, keyword: Token) -> None:
        self.once(keyword)
        actions = [self.action()]
        while self.at_op(","):
            self.next()
            if not (self.tok.kind == "name" and self.tok.text in ACTIONS):
                break  # dealer accepts a trailing comma
            actions.append(self.action())
        cells = sum(_table_cells(a) for a in actions)
        if cells > MAX_TABLE_CELLS:
            raise ScriptError(
                f"the frequency tables of this action list have {cells:,} cells; at most {MAX_TABLE_CELLS:,}",
                *_at(keyword),
            )
        self.result.actions = tuple(actions)

    def action(self) -> ast.ActionNode:
        t = self.tok
        if not (t.kind == "name" and t.text in ACTIONS):
            raise self.fail("an action (" + ", ".join(ACTIONS) + ")")
        self.next()
        pos = {"line": t.line, "column": t.column}
        name = t.text
        if name == "printall":
            return ast.PrintAll(**pos)
        if name == "printew":
            return ast.PrintEW(**pos)
        if name == "printpbn":
            return ast.PrintPBN(**pos)
        if name in ("printcompact", "printoneline"):
            expr = None
            if self.at_op("("):
                self.next()
                expr = self.checked(self.expression())
                self.expect_op(")", f" to close {name}(")
            return ast.PrintCompact(expr, **pos) if name == "printcompact" else ast.PrintOneLine(expr, **pos)
        if name == "print":
            self.expect_op("(", " and the seats to print, as in print(east, west)")
            seats = [self.seat()]
            while self.at_op(","):
                self.next()
                seats.append(self.seat())
            self.expect_op(")", " to close print(")
            return ast.PrintSeats(tuple(seats), **pos)
        if name == "printes":
            return self.printes(pos)
        if name == "average":
            label = self.next().text if self.tok.kind == "string" else None
            return ast.Average(label, self.checked(self.expression()), **pos)
        return self.frequency(pos)

    def printes(self, pos: dict[str, int]) -> ast.PrintES:
        self.expect_op("(", ' and what to print, as in printes("hcp: ", hcp(north), \\n)')
        items: list[str | ast.Expr] = []
        while True:
            if self.tok.kind == "string":
                items.append(self.next().text)
            elif self.tok.kind == "newline":
                self.next()
                items.append("\n")
            else:
                items.append(self.checked(self.expression()))
            if not self.at_op(","):
                break
            self.next()
        self.expect_op(")", " to close printes(")
        return ast.PrintES(tuple(items), **pos)

    def frequency(self, pos: dict[str, int]) -> ast.Frequency:
        label = self.next().text if self.tok.kind == "string" else None
        self.expect_op("(", ' and (expression, low, high), as in frequency "hcp" (hcp(north), 0, 37)')
        expr = self.checked(self.expression())
        low, high = self.bounds()
        if self.at_op(","):
            self.next()
            expr2 = self.checked(self.expression())
            t = self.tok
            low2, high2 = self.bounds()
            if (high - low + 3) * (high2 - low2 + 3) > 1_000_000:
                raise ScriptError("a two-way frequency table can have at most a million cells", *_at(t))
            self.expect_op(")", " to close frequency(")
            return ast.Frequency(label, expr, low, high, expr2, low2, high2, **pos)
        self.expect_op(")", " to close frequency(")
        return ast.Frequency(label, expr, low, high, line=pos["line"], column=pos["column"])

    def bounds(self) -> tuple[int, int]:
        self.expect_op(",", " and the lowest value to count")
        t = self.tok
        low = self.number("the lowest value to count (a number)")
        self.expect_op(",", " and the highest value to count")
        high = self.number("the highest value to count (a number)")
        if low > high:
            raise ScriptError(f"the frequency bounds {low} and {high} are the wrong way round", *_at(t))
        if high - low > 100_000:
            raise ScriptError("a frequency table can have at most 100,001 rows", *_at(t))
        return low, high

    # ---- expressions ---------------------------------------------------------------------------

    def expression(self) -> ast.Expr:
        """``expr``: a ternary over binary operators.  Every entry is a level of nesting (``MAX_NESTING``)."""
        self.depth += 1
        if self.depth > MAX_NESTING:
            t = self.tok
            raise ScriptError(
                f"the expression nests too deeply{WHERE}: parentheses, '?:' and function calls may nest"
                f" at most {MAX_NESTING:,} levels",
                *_at(t),
            )
        try:
            test = self.binary(0)
            if self.at_op("?"):
                q = self.next()
                then = self.expression()
                self.expect_op(":", f" to go with the '?' at line {q.line}, column {q.column}")
                otherwise = self.expression()
                return ast.Ternary(test, then, otherwise, line=test.line, column=test.column)
            return test
        finally:
            self.depth -= 1

    def binary_operator(self) -> tuple[str, int] | None:
        """The binary operator at the current token and its precedence level (0 is ``||``), or None."""
        t = self.tok
        if t.kind in ("op", "name"):
            return BINARY_OPERATORS.get(t.text)
        return None

    def binary(self, min_level: int) -> ast.Expr:
        """Binary operators of precedence ``min_level`` and above, by precedence climbing.

        Every level is left-associative.  A run of one associative operator (``&&``, ``||``, ``+``,
        ``*``; int64 arithmetic wraps, so ``+`` and ``*`` are associative too) becomes a balanced
        tree rather than a left-deep one: the value is the same, and a generated condition of
        thousands of terms then compiles and runs without deep recursion.  Parsing recurses once per
        precedence level, not once per operator, so a long chain costs no depth.
        """
        left = self.unary()
        while (found := self.binary_operator()) is not None and found[1] >= min_level:
            op, level = found
            self.next()
            run = [self.binary(level + 1)]
            while op in ASSOCIATIVE and (more := self.binary_operator()) is not None and more[0] == op:
                self.next()
                run.append(self.binary(level + 1))
            left = ast.Binary(op, left, _balanced(op, run), line=left.line, column=left.column)
        return left

    def unary(self) -> ast.Expr:
        """Prefix ``!``, ``not`` and ``-``, read in a loop (a run of them costs no recursion)."""
        prefixes: list[tuple[str, Token]] = []
        while self.at_op("!", "-") or self.at_name("not"):
            t = self.next()
            prefixes.append(("-" if t.text == "-" else "!", t))
        if len(prefixes) > MAX_DEPTH:
            t = prefixes[MAX_DEPTH][1]
            raise ScriptError(f"more than {MAX_DEPTH} '!' and '-' in a row{WHERE}", *_at(t))
        expr = self.primary()
        for op, t in reversed(prefixes):
            if op == "-" and isinstance(expr, ast.Num):
                expr = ast.Num(-expr.value, line=t.line, column=t.column)
            else:
                expr = ast.Unary(op, expr, line=t.line, column=t.column)
        return expr

    def primary(self) -> ast.Expr:
        t = self.tok
        pos = {"line": t.line, "column": t.column}
        if t.kind == "num":
            self.next()
            value = int(t.text)
            if value > MAX_NUMBER:
                raise ScriptError(f"the number {t.text} is too large", *_at(t))
            return ast.Num(value, **pos)
        if self.at_op("("):
            self.next()
            inner = self.expression()
            self.expect_op(")", f" to close the '(' at line {t.line}, column {t.column}")
            return inner
        if t.kind != "name":
            raise self.fail("an expression")
        name = t.text
        if self.peek().kind == "op" and self.peek().text == "(":
            return self.call()
        if name in self.result.variables:
            self.next()
            return ast.Var(name, self.result.variables[name], **pos)
        if name in KNOWN_FUNCTIONS:
            raise self.fail(f"'(' after {name}", self.peek())
        if name in RESERVED:
            raise self.fail("an expression")
        raise ScriptError(
            f"unknown variable '{name}'{WHERE}; define it before use with '{name} = expression'"
            if not name[0].isdigit()
            else f"'{name}' is not a number or a variable{WHERE}",
            *_at(t),
        )

    # ---- function calls ------------------------------------------------------------------------

    def call(self) -> ast.Expr:
        t = self.next()
        name = t.text
        pos = {"line": t.line, "column": t.column}
        if name not in KNOWN_FUNCTIONS:
            raise ScriptError(
                f"unknown function '{name}'{WHERE}; known functions: {', '.join(KNOWN_FUNCTIONS)}", *_at(t)
            )
        self.next()  # '('
        close = f" to close {name}("
        if name in SUIT_WORDS:
            seat = self.seat()
            self.expect_op(")", close)
            return ast.HandValue("length", seat, SUIT_WORDS[name], **pos)
        if name in VALUE_FUNCTIONS:
            seat = self.seat()
            suit = None
            if self.at_op(","):
                self.next()
                suit = self.suit()
            self.expect_op(")", close)
            return ast.HandValue(VALUE_FUNCTIONS[name], seat, suit, **pos)
        if name == "shape":
            seat = self.seat()
            self.expect_op(",", " and the shapes, as in shape(north, any 4333 + 5xxx)")
            shapes = self.shape_list()
            self.expect_op(")", close)
            return ast.Shape(seat, shapes, **pos)
        if name == "hascard":
            seat = self.seat()
            self.expect_op(",", " and a card, as in hascard(east, TC)")
            card = self.card()
            self.expect_op(")", close)
            return ast.HasCard(seat, card, **pos)
        if name == "rnd":
            limit = self.expression()
            self.expect_op(")", close)
            return ast.Random(limit, **pos)
        if name in ("imps", "imp"):
            operand = self.expression()
            self.expect_op(")", close)
            return ast.Imps(operand, **pos)
        if name == "score":
            return self.score(pos, close)
        seat = self.seat()
        if name == "cccc":
            self.expect_op(")", close)
            return ast.KaplanRubens(name, seat, **pos)
        if name == "quality":
            self.expect_op(",", " and a suit")
            suit = self.suit()
            self.expect_op(")", close)
            return ast.KaplanRubens(name, seat, suit, **pos)
        self.expect_op(",", " and a strain")
        strain = self.strain()
        self.expect_op(")", close)
        return ast.Tricks(seat, strain, **pos)

    def score(self, pos: dict[str, int], close: str) -> ast.Score:
        if not self.at_name("vul", "nv"):
            raise self.fail("the vulnerability of the declarer, vul or nv")
        vulnerable = self.next().text == "vul"
        self.expect_op(",", " and a contract such as x3N or x4S")
        c = self.tok
        text = c.text.upper()
        if text.endswith("NT"):
            text = text[:-1]
        if c.kind != "name" or len(text) != 3 or text[0] != "X" or text[1] not in "1234567" or text[2] not in STRAINS:
            raise self.fail("a contract such as x3N, x4S or x6C (x, a level 1 to 7, then C D H S or N)")
        self.next()
        self.expect_op(",", " and the number of tricks taken")
        tricks = self.expression()
        self.expect_op(")", close)
        return ast.Score(vulnerable, int(text[1]), STRAINS.index(text[2]), tricks, **pos)

    def shape_list(self) -> frozenset[tuple[int, int, int, int]]:
        """``any 4333 + 5xxx - 55xx``, read left to right as dealer reads it (``shapes``' docstring).

        A pattern written right after another, with no sign (``56xx55xx``, ``4333 4432``), is added,
        as dealer adds it; ``any`` applies to the one pattern after it.
        """
        shapes: set[tuple[int, int, int, int]] = set()
        sign = "+"
        first = True
        pending_any = False  # a word ended in "any" (55xxany 4333): it applies to the next pattern
        while True:
            if self.at_op("+", "-", ",") and not pending_any:
                op = self.next().text
                sign = "-" if op == "-" else "+"
            elif not first:
                if not (pending_any or self.at_name("any") or self._at_patterns()):
                    break
                sign = "+"
            any_order = pending_any
            if self.at_name("any") and not pending_any:
                self.next()
                any_order = True
            t = self.tok
            pieces = split_patterns(t.text) if t.kind in ("num", "name") else None
            if pieces is None:
                raise self.fail("a shape such as 4333, 5xxx or any 4432 (four lengths in S H D C order, x for any)")
            self.next()
            pending_any = pieces[-1] == "any"
            for piece in pieces[: -1 if pending_any else None]:
                problem = pattern_error(piece)
                if problem:
                    raise ScriptError(problem, *_at(t))
                matched = pattern_shapes(piece, any_order)
                shapes = shapes | matched if sign == "+" else shapes - matched
                any_order = False
                sign = "+"  # the next pattern of the same word is added
            first = False
            if not pending_any and not self.at_op("+", "-", ",") and not self._at_patterns():
                break
        return frozenset(shapes)

    def _at_patterns(self) -> bool:
        """Whether the next token is a pattern (or patterns) written with no sign before it."""
        t = self.tok
        return t.kind in ("num", "name") and (t.text == "any" or split_patterns(t.text) is not None)

    def seat(self) -> int:
        t = self.tok
        if t.kind == "name" and t.text in SEAT_WORDS:
            self.next()
            return SEAT_WORDS[t.text]
        raise self.fail("a seat (north, east, south or west)")

    def suit(self) -> int:
        t = self.tok
        if t.kind == "name" and t.text in SUIT_WORDS:
            self.next()
            return SUIT_WORDS[t.text]
        raise self.fail("a suit (spades, hearts, diamonds or clubs)")

    def strain(self) -> int:
        t = self.tok
        if t.kind == "name" and t.text in STRAIN_WORDS:
            self.next()
            return STRAIN_WORDS[t.text]
        raise self.fail("a strain (spades, hearts, diamonds, clubs or notrump)")

    def card(self) -> int:
        t = self.tok
        if t.kind in ("name", "num"):
            try:
                card = parse_card(t.text)
            except DealError:
                pass
            else:
                self.next()
                return card
        raise self.fail("a card, rank then suit, such as AS or TC")


ASSOCIATIVE = frozenset({"&&", "||", "+", "*"})

BINARY_OPERATORS: dict[str, tuple[str, int]] = {
    "||": ("||", 0), "or": ("||", 0),
    "&&": ("&&", 1), "and": ("&&", 1),
    "==": ("==", 2), "!=": ("!=", 2),
    "<": ("<", 3), "<=": ("<=", 3), ">": (">", 3), ">=": (">=", 3),
    "+": ("+", 4), "-": ("-", 4),
    "*": ("*", 5), "/": ("/", 5), "%": ("%", 5),
}  # fmt: skip
"""Each binary operator (and its word form) with its C precedence level, lowest first."""


def _balanced(op: str, operands: list[ast.Expr]) -> ast.Expr:
    if len(operands) == 1:
        return operands[0]
    mid = len(operands) // 2
    left, right = _balanced(op, operands[:mid]), _balanced(op, operands[mid:])
    return ast.Binary(op, left, right, line=left.line, column=left.column)


MAX_TABLE_CELLS = 2_000_000
"""Cells of all the frequency tables of one script together (16 MB of counts): a line of text must
not take gigabytes (one two-way table may have a million cells, as ``frequency`` checks)."""


def _table_cells(action: ast.ActionNode) -> int:
    if not isinstance(action, ast.Frequency):
        return 0
    rows = action.high - action.low + 3
    return rows * (action.high2 - action.low2 + 3) if action.expr2 is not None else rows


def _at(t: Token) -> tuple[int, int]:
    return t.line, t.column


def parse(text: str) -> ParsedScript:
    """Parse a dealer script; raises ``ScriptError`` naming the line and column of the first fault."""
    return Parser(text).parse()
