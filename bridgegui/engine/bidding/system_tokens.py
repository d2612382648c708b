"""The parts of a system file's lines: calls, ``after`` patterns, meanings and ``where`` expressions.

``_Reader`` reads each part of a line and raises a ``SystemFileError`` placed at the offending
token; ``system_rules`` reads whole rules and blocks with it, and ``system_file`` whole files.

A meaning is the seat-spec language of the editors (``parse_seat_spec``); a ``where`` expression is
in the ``dealer`` language, with ``me`` for the calling seat (Old Lady's idea that a call *is* a constraint
on the caller's hand, so a rule may look at that hand only).  The expression is compiled with
``me`` replaced by each seat's name, on first use for that seat.

Every fault is a ``SystemFileError`` whose text is ``source:line:column: message``, the column
pointing at the offending token (the call, the failing term of a meaning, the token of an
expression), as compilers report errors, so an editor can jump there.
"""

from __future__ import annotations

import re
import threading
from dataclasses import dataclass, field

import numpy as np

from bridgegui.engine.bidding.calls import Call, quoted
from bridgegui.engine.bidding.system import Pattern, WhereFunction, call_code
from bridgegui.engine.dealer.constraints import SeatConstraint, parse_seat_spec, seat_problems
from bridgegui.engine.errors import BridgeError
from bridgegui.engine.script import Script, ScriptError, compile_script
from bridgegui.engine.script.lexer import tokenize

HEADER_KEYS = ("system", "title", "description")
PATTERN_WILDCARDS = {"p*": "P*", "*": "*", "**": "**", "bid": "bid"}
SEAT_WORDS = ("north", "east", "south", "west")
OTHER_SEAT_WORDS = frozenset({*SEAT_WORDS, "partner", "lho", "rho"})
"""Words a ``where`` expression may not use: a bidder sees only the calling hand (``me``)."""


class SystemFileError(BridgeError):
    """A system file that cannot be read: ``str`` is ``source:line:column: message``.

    ``line`` and ``column`` are 1-based (a tab counts as one column); both are 0 when the fault has
    no place in the text (a missing file, an unknown system name), and the text is then
    ``source: message``.
    """

    def __init__(self, source: str, line: int, column: int, message: str) -> None:
        self.source = source
        self.line = line
        self.column = column
        self.message = message
        where = f"{source}:{line}:{column}" if line else source
        super().__init__(f"{where}: {message}")


_SCRIPT_LOCK = threading.Lock()
_SCRIPT: list[Script] = []


def _compile_expression(text: str) -> WhereFunction:
    """Compile a dealer expression with one shared, empty script (creating a script is the costly part)."""
    with _SCRIPT_LOCK:
        if not _SCRIPT:
            _SCRIPT.append(compile_script(""))
        function = _SCRIPT[0].compile_expression(text)

    def mask(batch: np.ndarray) -> np.ndarray:
        return np.asarray(function(batch)) != 0

    return mask


def _me_replaced(text: str, seat: int) -> tuple[str, list[tuple[int, int]]]:
    """``text`` with every ``me`` token replaced by the seat's word, and the replaced spans
    ``(start, growth)`` (0-based start in ``text``) for mapping columns back."""
    word = SEAT_WORDS[seat]
    pieces: list[str] = []
    shifts: list[tuple[int, int]] = []
    last = 0
    line_starts = [0] + [m.end() for m in re.finditer("\n", text)]  # a token's column counts within its line
    for token in tokenize(text):
        if token.kind == "name" and token.text == "me":
            start = line_starts[token.line - 1] + token.column - 1
            pieces += [text[last:start], word]
            shifts.append((start, len(word) - 2))
            last = start + 2
    pieces.append(text[last:])
    return "".join(pieces), shifts


def compile_script_where(text: str, seat: int) -> WhereFunction:
    """Compile a rule's ``where`` text for the calling seat (0..3) with the full dealer-language
    compiler: ``me`` becomes that seat's name.  ``where.compile_where`` comes here for what its quick
    path does not read."""
    replaced, _ = _me_replaced(text, seat)
    return _compile_expression(replaced)


@dataclass
class _Reader:
    """One pass over the lines of a file; ``fail`` raises with the reader's source."""

    source: str
    meanings: dict[str, SeatConstraint] = field(default_factory=dict)
    """Meanings already read, by text: a system repeats many (checking one is the costly part of reading)."""

    def fail(self, line: int, column: int, message: str) -> SystemFileError:
        return SystemFileError(self.source, line, column, message)

    def call(self, text: str, line: int, column: int) -> Call:
        try:
            return Call.parse(text)
        except ValueError as exc:
            raise self.fail(line, column, str(exc)) from None

    def pattern(self, text: str, line: int, column: int) -> Pattern:
        """The tokens of an ``after`` pattern; ``column`` is where ``text`` starts on the line."""
        elements: list[str | frozenset[int]] = []
        for m in re.finditer(r"\S+", text):
            token, token_column = m.group(), column + m.start()
            wildcard = PATTERN_WILDCARDS.get(token.lower())
            if wildcard is not None:
                elements.append(wildcard)
                continue
            codes = set()
            offset = 0
            for alternative in token.split("|"):
                if not alternative:
                    raise self.fail(line, token_column + offset, f"{quoted(token)}: an empty alternative between bars")
                if alternative.lower() in PATTERN_WILDCARDS:
                    raise self.fail(
                        line,
                        token_column + offset,
                        f"{quoted(token)}: {alternative} cannot be one of several alternatives; list calls (1C|1D) "
                        f"or write {alternative} alone",
                    )
                codes.add(call_code(self.call(alternative, line, token_column + offset)))
                offset += len(alternative) + 1
            elements.append(frozenset(codes))
        if not elements:
            raise self.fail(line, column, "after needs a pattern: the auction so far, e.g. after P* 1NT P")
        return Pattern(" ".join(text.split()), tuple(elements))

    def meaning(self, text: str, line: int, column: int) -> SeatConstraint:
        """A rule's meaning; a fault points at the first term that makes the spec fail."""
        if text.lower() == "any":
            return SeatConstraint()
        known = self.meanings.get(text)
        if known is not None:
            return known
        try:
            constraint = parse_seat_spec(text)
        except _READER_FAULTS as exc:
            # The first prefix of terms that fails ends with the offending term.
            message = _fault_message(exc, "meaning")
            terms = text.split(",")
            offset = 0
            for k, term in enumerate(terms, start=1):
                try:
                    parse_seat_spec(",".join(terms[:k]))
                except _READER_FAULTS:
                    lead = len(term) - len(term.lstrip())
                    raise self.fail(line, column + offset + lead, message) from None
                offset += len(term) + 1
            raise self.fail(line, column, message) from None
        problems = seat_problems(constraint)
        if problems:
            raise self.fail(line, column, f"no hand fits this meaning: {problems[0].message}")
        self.meanings[text] = constraint
        return constraint

    def where(self, text: str, line: int, column: int) -> WhereFunction:
        """Check a ``where`` expression: only ``me``, and it compiles.  Returns North's version (the
        other seats' differ only in the seat word, so they compile whenever this one does)."""
        try:
            tokens = tokenize(text)
        except ScriptError as exc:
            raise self.fail(line, column + max(exc.column, 1) - 1, _script_message(exc, column)) from None
        except _READER_FAULTS as exc:
            raise self.fail(line, column, _fault_message(exc, "where expression")) from None
        names = [t for t in tokens if t.kind == "name"]
        for token in names:
            if token.text.lower() in OTHER_SEAT_WORDS:
                raise self.fail(
                    line,
                    column + token.column - 1,
                    f"{quoted(token.text)}: a rule describes the calling hand only; write me for it",
                )
        if not any(t.text == "me" for t in names):
            raise self.fail(line, column, "the where expression never mentions me, the calling hand")
        replaced, shifts = _me_replaced(text, 0)
        try:
            return _compile_expression(replaced)
        except ScriptError as exc:
            raise self.fail(
                line,
                column + _original_offset(max(exc.column, 1) - 1, shifts),
                _ME_FOR_SEAT.sub("'me'", _script_message(exc, column, shifts)),
            ) from None
        except _READER_FAULTS as exc:
            raise self.fail(line, column, _fault_message(exc, "where expression")) from None


_READER_FAULTS = (ValueError, ArithmeticError, RecursionError, MemoryError)
"""What the spec and expression readers may raise on hostile text besides their own ``BridgeError``
(itself a ``ValueError``): Python's integer-digit limit, overflow converting a huge number, nesting
deeper than the recursion limit.  The reader turns each into a ``SystemFileError`` at the meaning or
expression, so a file gives a system or a placed error whatever those readers do."""

_ME_FOR_SEAT = re.compile(rf"'{SEAT_WORDS[0]}'")
"""North's word, quoted, in an expression's error message: the reader compiled ``me`` as North."""


def _fault_message(exc: BaseException, part: str) -> str:
    """The message for a fault of a meaning or ``where`` expression: ours as it is, Python's explained."""
    if isinstance(exc, BridgeError):
        return str(exc)
    if isinstance(exc, RecursionError):
        return f"the {part} is nested too deeply to read"
    if isinstance(exc, MemoryError):
        return f"the {part} is too large to read"
    if isinstance(exc, ArithmeticError):
        return f"a number in the {part} is too large"
    return f"the {part} cannot be read: {exc}"


def _original_offset(at: int, shifts: list[tuple[int, int]]) -> int:
    """Map a 0-based offset in the ``me``-replaced text back to the text as written."""
    grown = 0
    for start, growth in shifts:
        replaced_start = start + grown
        if at < replaced_start:
            break
        if at < replaced_start + 2 + growth:
            return start  # inside a replaced seat word: point at its me
        grown += growth
    return at - grown


_SCRIPT_PLACE = re.compile(r" at line (\d+), column (\d+)")


def _script_message(exc: ScriptError, column: int = 1, shifts: list[tuple[int, int]] | None = None) -> str:
    """A dealer-language error's message without its "at line L, column C" (the file position replaces
    it), and any other place it names ("the '(' at line 1, column 1") turned into the file's column:
    the expression starts at ``column`` of the line, and ``shifts`` map its ``me`` replacements back."""
    text = str(exc).replace(f" at line {exc.line}, column {exc.column}", "")

    def in_file(m: re.Match[str]) -> str:
        offset = int(m.group(2)) - 1
        return f" at column {column + _original_offset(offset, shifts or [])}"

    return _SCRIPT_PLACE.sub(in_file, text).replace("the end of the script", "the end of the expression")


__all__ = [
    "HEADER_KEYS",
    "SystemFileError",
    "compile_script_where",
]
