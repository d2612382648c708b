"""The system-file reader: a bidding system as a text file a teacher can read and edit.

The format is fixed by ``docs/bidding-design.md``; in short::

    system: Standard                         # header: system (required), title, description
    title: Standard (5-card majors, 15–17 notrump)

    after P*                                 # a block: the auction so far that its rules answer
      1NT  hcp 15-17, balanced               -- 1NT: 15-17 points and a balanced hand.
      1S   hcp 12-21, spades 5+ where spades(me) >= hearts(me)   -- 1♠: five or more spades.
      P    any                               -- Pass: not enough to open.

A rule line is ``CALL MEANING [where EXPRESSION] -- EXPLANATION``: the meaning is the seat-spec
language of the editors (``parse_seat_spec``) or ``any``; the ``where`` expression is in the
``dealer`` language, with ``me`` for the calling seat (Old Lady's idea that a call *is* a constraint
on the caller's hand, so a rule may look at that hand only).  The expression is compiled with
``me`` replaced by each seat's name, on first use for that seat.

Every fault is a ``SystemFileError`` whose text is ``source:line:column: message``, the column
pointing at the offending token (the call, the failing term of a meaning, the token of an
expression), as compilers report errors, so an editor can jump there.
"""

from __future__ import annotations

import hashlib
import re
import threading
from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np

from bridgegui.engine.bidding.calls import Call, quoted
from bridgegui.engine.bidding.explain import (
    SUIT_WORDS,
    Explanation,
    seat_words,
    split_terms,
    term_words,
    vulnerability_words,
    where_words,
)
from bridgegui.engine.bidding.system import Alternative, Block, Pattern, Rule, System, WhereFunction, call_code
from bridgegui.engine.constraints import SeatConstraint, parse_seat_spec, seat_problems
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
    for token in tokenize(text):
        if token.kind == "name" and token.text == "me":
            start = token.column - 1
            pieces += [text[last:start], word]
            shifts.append((start, len(word) - 2))
            last = start + 2
    pieces.append(text[last:])
    return "".join(pieces), shifts


def compile_where(text: str, seat: int) -> WhereFunction:
    """Compile a rule's ``where`` text for the calling seat (0..3): ``me`` becomes that seat's name."""
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
            raise self.fail(line, column + max(exc.column, 1) - 1, _script_message(exc)) from None
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
                _ME_FOR_SEAT.sub("'me'", _script_message(exc)),
            ) from None
        except _READER_FAULTS as exc:
            raise self.fail(line, column, _fault_message(exc, "where expression")) from None

    def rule(self, code: str, line: int, index: int) -> Rule:
        call_match = re.match(r"\s*(\S+)", code)
        assert call_match is not None  # the line is not blank
        call_column = call_match.start(1) + 1
        if call_match.group(1).lower() == "after":
            raise self.fail(line, call_column, "after starts a block at the start of a line: remove the indentation")
        call = self.call(call_match.group(1), line, call_column)
        dashes = code.find("--", call_match.end(1))
        if dashes < 0:
            raise self.fail(line, len(code) + 1, "a rule ends with -- and a sentence that explains it")
        explanation = code[dashes + 2 :].strip()
        if not explanation:
            raise self.fail(line, dashes + 1, "the explanation after -- is empty")
        body_start = call_match.end(1)
        body = code[body_start:dashes]
        where_match = re.search(r"(?<!\w)where(?!\w)", body, re.IGNORECASE)
        meaning_part = body[: where_match.start()] if where_match else body
        meaning_text = meaning_part.strip()
        meaning_column = body_start + len(meaning_part) - len(meaning_part.lstrip()) + 1
        if not meaning_text:
            at = body_start + (where_match.start() if where_match else len(body)) + 1
            raise self.fail(line, at, f"{call} needs a meaning before its explanation: write any for no constraint")
        meaning = self.meaning(meaning_text, line, meaning_column)
        where_text = None
        north: WhereFunction | None = None
        if where_match:
            where_part = body[where_match.end() :]
            where_text = where_part.strip()
            if not where_text:
                raise self.fail(line, body_start + where_match.start() + 1, "where needs an expression about me")
            where_column = body_start + where_match.end() + len(where_part) - len(where_part.lstrip()) + 1
            north = self.where(where_text, line, where_column)
        rule = Rule(
            index,
            call,
            meaning,
            " ".join(meaning_text.split()),
            explanation,
            line,
            where=where_text,
            compile_where=compile_where if where_text is not None else None,
        )
        if north is not None:
            rule.seed_where(0, north)
        return rule


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


def _script_message(exc: ScriptError) -> str:
    """A dealer-language error's message without its "at line L, column C" (the file position replaces it)."""
    return str(exc).replace(f" at line {exc.line}, column {exc.column}", "")


_LINE_BREAK = re.compile(r"\r\n|\r|\n")
"""Line ends as editors count lines (not ``str.splitlines``, which also breaks at form feeds, \\x1c-\\x1e,
\\x85 and U+2028, and would put errors on the wrong line)."""

FORMAT_VERSIONS = (1, 2)
MAX_INCLUDE_DEPTH = 16
"""Includes nest at most this deep: a deeper chain is a mistake (or a cycle through copies)."""

SUIT_LETTERS = ("S", "H", "D", "C")
_SUIT_CLASSES = {"major": (0, 1), "minor": (2, 3), "suit": (0, 1, 2, 3)}
_NAME = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)\}")
_VARIABLE = re.compile(r"(major|minor|suit)[A-Za-z0-9_]*")
_DEFINE = re.compile(r"define\s+([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*)$", re.IGNORECASE)
_BLOCK_OPS = ("replace", "extend", "remove")
_TABLE_TERM = re.compile(
    r"(?:seat\s+(?P<seat>\S+)|vul\s+(?P<vul>\S+)|(?P<word>vulnerable|nonvulnerable|favourable|unfavourable))",
    re.IGNORECASE,
)
_VUL_ALIASES = {
    "none": ("none",),
    "neither": ("none",),
    "we": ("we",),
    "they": ("they",),
    "both": ("both",),
    "all": ("both",),
    "favourable": ("they",),
    "unfavourable": ("we",),
    "vulnerable": ("we", "both"),
    "nonvulnerable": ("none", "they"),
}

Resolver = Callable[[str, object], tuple[str, str, object]]
"""Finds an included file: ``(name, where the including file lives) -> (text, source, its place)``."""


@dataclass
class _Draft:
    """A rule read but not yet numbered (numbers are given when every include has been read)."""

    call: Call
    meaning: SeatConstraint
    meaning_text: str
    explanation: str
    line: int
    source: str
    where: str | None
    north: WhereFunction | None
    seats: frozenset[int] | None
    vulnerabilities: frozenset[str] | None
    catch_all: bool
    explained: Explanation | None
    alternatives: list[tuple[Call, _Draft, str, int]] = field(default_factory=list)


@dataclass
class _BlockDraft:
    pattern: Pattern
    key: str
    rules: list[_Draft]
    line: int
    source: str


@dataclass
class _Substituted:
    """A line with its ``{names}`` replaced, and how to map a column back to the line as written."""

    text: str
    spans: list[tuple[int, int, int, int]]
    """``(new_start, new_end, old_start, old_end)`` of each replacement, 0-based."""
    values: dict[str, str]

    def original_column(self, column: int) -> int:
        """The 1-based column in the written line of a 1-based column in ``text``."""
        at = column - 1
        shift = 0
        for new_start, new_end, old_start, old_end in self.spans:
            if at < new_start:
                break
            if at < new_end:
                return old_start + 1
            shift = old_end - new_end
        return at + shift + 1

    def hint(self) -> str:
        """`` (with {major} = hearts)`` when suit variables were replaced, for error messages."""
        shown = [f"{{{k}}} = {v}" for k, v in self.values.items() if _VARIABLE.fullmatch(k)]
        return f" (with {', '.join(shown)})" if shown else ""


@dataclass
class _Context:
    """What reading a system and its includes shares: names defined, blocks read, files seen."""

    resolve: Resolver | None
    defines: dict[str, tuple[str, str, int]] = field(default_factory=dict)
    blocks: list[_BlockDraft] = field(default_factory=list)
    files: list[tuple[str, str]] = field(default_factory=list)
    stack: list[str] = field(default_factory=list)
    meanings: dict[str, SeatConstraint] = field(default_factory=dict)
    wheres: dict[str, WhereFunction] = field(default_factory=dict)


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


def parse_system(
    text: str, source: str = "<string>", *, resolve: Resolver | None = None, place: object = None
) -> System:
    """Read a system file's text; ``source`` names it in errors (``standard.system:12:7: ...``).

    ``resolve`` finds the files an ``include`` names (``load_system`` passes one that knows the shipped
    systems and paths relative to ``place``, where this file lives); without it, includes are refused.
    """
    context = _Context(resolve)
    header = _read_file(text, source, place, context, top=True)
    if not context.blocks:
        raise SystemFileError(source, 1, 1, "the file has no rules: write after PATTERN and the rules under it")
    return _assemble(header, context, source)


def _assemble(header: dict[str, str], context: _Context, source: str) -> System:
    """Number the rules in priority order and build the ``System``."""
    blocks: list[Block] = []
    index = 0
    for draft in context.blocks:
        rules: list[Rule] = []
        for rule_draft in draft.rules:
            rules.append(_built(rule_draft, index))
            index += 1
        blocks.append(Block(draft.pattern, tuple(rules), draft.line, draft.source))
    return System(
        header["system"],
        header.get("title", header["system"]),
        header.get("description", ""),
        tuple(blocks),
        source,
        tuple(context.files),
    )


def _built(draft: _Draft, index: int) -> Rule:
    alternatives = tuple(
        Alternative(call, _built(condition, -1), reason, line) for call, condition, reason, line in draft.alternatives
    )
    rule = Rule(
        index,
        draft.call,
        draft.meaning,
        draft.meaning_text,
        draft.explanation,
        draft.line,
        where=draft.where,
        compile_where=compile_where if draft.where is not None else None,
        seats=draft.seats,
        vulnerabilities=draft.vulnerabilities,
        catch_all=draft.catch_all,
        alternatives=alternatives,
        explained=draft.explained,
        source=draft.source,
    )
    if draft.north is not None:
        rule.seed_where(0, draft.north)
    return rule


def _read_file(text: str, source: str, place: object, context: _Context, *, top: bool) -> dict[str, str]:
    """Read one file's lines into ``context`` (blocks appended, includes read in place); its header."""
    if source in context.stack:
        chain = " → ".join([*context.stack, source])
        raise SystemFileError(context.stack[-1], 0, 0, f"the includes go round in a circle: {chain}")
    if len(context.stack) >= MAX_INCLUDE_DEPTH:
        raise SystemFileError(source, 0, 0, f"includes nest more than {MAX_INCLUDE_DEPTH} deep")
    context.stack.append(source)
    context.files.append((source, _digest(text)))
    reader = _Reader(source)
    reader.meanings = context.meanings
    header: dict[str, str] = {}
    version = 1
    state = _FileState()

    def close_block() -> None:
        state.close(reader, context, version)

    for line_number, raw in enumerate(_LINE_BREAK.split(text.removeprefix("\ufeff")), start=1):
        code = raw.split("#", 1)[0].rstrip()
        if not code.strip():
            continue
        if code[0].isspace():
            if state.header_line is None:
                raise reader.fail(
                    line_number, len(code) - len(code.lstrip()) + 1, "a rule must come under an after PATTERN line"
                )
            state.lines.append((line_number, code))
            continue
        word_match = re.match(r"(\S+)", code)
        assert word_match is not None
        word = word_match.group(1).lower()
        op = word if word in _BLOCK_OPS else None
        rest = code[len(word_match.group(1)) :]
        if op is not None:
            if version < 2:
                raise reader.fail(line_number, 1, f"{word} after needs version 2 of the format: write version: 2 first")
            after = re.match(r"\s+after(?!\S)", rest, re.IGNORECASE)
            if after is None:
                raise reader.fail(line_number, 1, f"write {word} after PATTERN")
            column = len(code) - len(rest) + after.end()
            close_block()
            state.open(op, rest[after.end() :], line_number, column + 1)
            continue
        if word == "after":
            close_block()
            state.open("after", rest, line_number, len(code) - len(rest) + 1)
            continue
        if word == "include":
            if version < 2:
                raise reader.fail(line_number, 1, "include needs version 2 of the format: write version: 2 first")
            close_block()
            name = rest.strip()
            if not name:
                raise reader.fail(line_number, len(code) + 1, "include needs a name: a shipped one or a .system file")
            _include(name, reader, line_number, place, context)
            continue
        define = _DEFINE.match(code)
        if define is not None and word == "define":
            if version < 2:
                raise reader.fail(line_number, 1, "define needs version 2 of the format: write version: 2 first")
            close_block()
            name, value = define.group(1), define.group(2).strip()
            if _VARIABLE.fullmatch(name):
                raise reader.fail(line_number, define.start(1) + 1, f"{name} is a suit variable's name: choose another")
            if not value:
                raise reader.fail(line_number, define.start(2) + 1, f"{name} needs a value after =")
            earlier = context.defines.get(name)
            if earlier is not None and earlier[1] == source:
                raise reader.fail(line_number, 1, f"{name} is defined twice in this file (first at line {earlier[2]})")
            if earlier is None:
                context.defines[name] = (value, source, line_number)
            continue
        header_match = re.match(r"([A-Za-z_]+)\s*:(.*)$", code)
        if header_match is None:
            raise reader.fail(
                line_number,
                1,
                f"{quoted(word_match.group(1))}: expected a header line (system: NAME), an after PATTERN line, "
                "or an indented rule",
            )
        if state.seen_block:
            raise reader.fail(line_number, 1, "header lines come before the first after block")
        key = header_match.group(1).lower()
        allowed = (*HEADER_KEYS, "version", "convention")
        if key not in allowed:
            raise reader.fail(line_number, 1, f"unknown header {quoted(key)}: the header keys are {', '.join(allowed)}")
        if key in header:
            raise reader.fail(line_number, 1, f"{key} is given twice")
        value = header_match.group(2).strip()
        if not value:
            raise reader.fail(line_number, header_match.start(2) + 1, f"{key} needs a value after the colon")
        if key == "version":
            if value not in {str(v) for v in FORMAT_VERSIONS}:
                raise reader.fail(
                    line_number,
                    header_match.start(2) + 1,
                    f"version {quoted(value)} is not known: this reader knows 1 and 2",
                )
            version = int(value)
        header[key] = value
    close_block()
    context.stack.pop()
    if top and "system" not in header:
        if "convention" in header:
            raise reader.fail(1, 1, "a convention file is included by a system, not read as one: include it")
        raise reader.fail(1, 1, "the file needs a header line naming the system, e.g. system: Standard")
    if not top and "system" not in header and "convention" not in header:
        raise reader.fail(1, 1, "an included file needs a header line, e.g. convention: Stayman")
    return header


def _include(name: str, reader: _Reader, line: int, place: object, context: _Context) -> None:
    if context.resolve is None:
        raise reader.fail(line, 1, f"cannot include {quoted(name)} here: read the system with load_system")
    try:
        text, source, where = context.resolve(name, place)
    except SystemFileError as exc:
        raise reader.fail(line, 1, f"cannot include {quoted(name)}: {exc.message}") from None
    _read_file(text, source, where, context, top=False)


@dataclass
class _FileState:
    """The block being read: its header line and its indented lines, read when the block closes."""

    op: str = "after"
    pattern_text: str = ""
    header_line: int | None = None
    pattern_column: int = 0
    lines: list[tuple[int, str]] = field(default_factory=list)
    seen_block: bool = False

    def open(self, op: str, pattern_text: str, line: int, column: int) -> None:
        self.op, self.header_line, self.lines, self.seen_block = op, line, [], True
        self.pattern_column = column + len(pattern_text) - len(pattern_text.lstrip())
        self.pattern_text = pattern_text.strip()

    def close(self, reader: _Reader, context: _Context, version: int) -> None:
        if self.header_line is None:
            return
        line = self.header_line
        self.header_line = None
        _read_block(self.op, self.pattern_text, line, self.pattern_column, self.lines, reader, context, version)


def _substitute(text: str, context: _Context, reader: _Reader, line: int, column: int) -> _Substituted:
    """``text`` with every defined ``{name}`` replaced (suit variables are left for ``_expand``)."""
    spans: list[tuple[int, int, int, int]] = []
    pieces: list[str] = []
    last = 0
    grown = 0
    for m in _NAME.finditer(text):
        name = m.group(1)
        if _VARIABLE.fullmatch(name):
            continue
        defined = context.defines.get(name)
        if defined is None:
            raise reader.fail(
                line,
                column + m.start(),
                f"{{{name}}} is not defined: define {name} = ... first, or use a suit variable "
                "({major}, {minor}, {suit})",
            )
        value = defined[0]
        if _NAME.search(value) and any(not _VARIABLE.fullmatch(n) for n in _NAME.findall(value)):
            raise reader.fail(line, column + m.start(), f"{{{name}}}'s value uses other names: write it out")
        pieces += [text[last : m.start()], value]
        new_start = m.start() + grown
        spans.append((new_start, new_start + len(value), m.start(), m.end()))
        grown += len(value) - (m.end() - m.start())
        last = m.end()
    pieces.append(text[last:])
    return _Substituted("".join(pieces), spans, {})


def _variables(text: str) -> list[str]:
    """The suit variables of ``text`` in order of first appearance."""
    found: list[str] = []
    for name in _NAME.findall(text):
        if _VARIABLE.fullmatch(name) and name not in found:
            found.append(name)
    return found


def _assignments(names: list[str], taken: dict[str, int], order: tuple[int, ...]) -> list[dict[str, int]]:
    """Every way to give each variable a suit of its class, different names different suits, avoiding
    the suits already ``taken``; suits tried in ``order`` (0 spades .. 3 clubs)."""
    result: list[dict[str, int]] = [dict(taken)]
    for name in names:
        kind = _VARIABLE.fullmatch(name)
        assert kind is not None
        suits = [s for s in order if s in _SUIT_CLASSES[kind.group(1)]]
        result = [{**a, name: s} for a in result for s in suits if s not in a.values()]
    return result


def _bind(text: str, values: dict[str, int], *, calls: bool) -> _Substituted:
    """Replace suit variables: in calls (``2{major}``) by the suit letter, elsewhere by its word
    (notes write a call with the suit's symbol)."""
    spans: list[tuple[int, int, int, int]] = []
    pieces: list[str] = []
    last = 0
    grown = 0
    for m in _NAME.finditer(text):
        name = m.group(1)
        if name not in values:
            continue
        suit = values[name]
        after_level = m.start() > 0 and text[m.start() - 1] in "1234567"
        if calls or after_level:
            value = SUIT_LETTERS[suit] if calls else "SHDC"[suit]
            if not calls:
                value = "♠♥♦♣"[suit]
        else:
            value = SUIT_WORDS[suit]
        pieces += [text[last : m.start()], value]
        new_start = m.start() + grown
        spans.append((new_start, new_start + len(value), m.start(), m.end()))
        grown += len(value) - (m.end() - m.start())
        last = m.end()
    pieces.append(text[last:])
    shown = {name: SUIT_WORDS[suit] for name, suit in values.items()}
    return _Substituted("".join(pieces), spans, shown)


def _remapped(exc: SystemFileError, *subs: _Substituted) -> SystemFileError:
    """``exc`` with its column mapped back through the substitutions (innermost last) and a hint."""
    column = exc.column
    hint = ""
    for sub in reversed(subs):
        column = sub.original_column(column) if column else column
        hint = hint or sub.hint()
    return SystemFileError(exc.source, exc.line, column, exc.message + hint)


_BOUND_ORDER = (0, 1, 2, 3)
_FREE_ORDER = (3, 2, 1, 0)
"""A bound variable's blocks go spades first (their patterns never overlap); a free variable's rules go
cheapest suit first, up the line, since a rule's place is its priority."""


def _read_block(
    op: str,
    pattern_text: str,
    line: int,
    column: int,
    lines: list[tuple[int, str]],
    reader: _Reader,
    context: _Context,
    version: int,
) -> None:
    if not pattern_text:
        raise reader.fail(line, column, "after needs a pattern: the auction so far, e.g. after P* 1NT P")
    defined = _substitute(pattern_text, context, reader, line, column)
    bound_names = _variables(defined.text)
    if op == "remove" and lines:
        raise reader.fail(lines[0][0], 1, "remove after deletes a block: it takes no rules")
    if op != "remove" and not lines:
        raise reader.fail(line, 1, f"after {pattern_text} has no rules: indent them under it")
    for values in _assignments(bound_names, {}, _BOUND_ORDER):
        bound = _bind(defined.text, values, calls=True)
        try:
            pattern = reader.pattern(bound.text, line, column)
        except SystemFileError as exc:
            raise _remapped(exc, defined, bound) from None
        key = _pattern_key(pattern)
        drafts, drops = _read_rules(lines, values, reader, context, version, op)
        if op == "after":
            context.blocks.append(_BlockDraft(pattern, key, drafts, line, reader.source))
            continue
        earlier = next((b for b in reversed(context.blocks) if b.key == key), None)
        if earlier is None:
            raise reader.fail(line, 1, f"there is no earlier after {pattern.text} block to {op}{bound.hint()}")
        if op == "remove":
            context.blocks.remove(earlier)
        elif op == "replace":
            earlier.rules = drafts
        else:
            for call, drop_line in drops:
                kept = [r for r in earlier.rules if r.call != call]
                if len(kept) == len(earlier.rules):
                    raise reader.fail(
                        drop_line, 1, f"the earlier after {pattern.text} block has no {call} rule to drop"
                    )
                earlier.rules = kept
            earlier.rules = [*drafts, *earlier.rules]


def _pattern_key(pattern: Pattern) -> str:
    """A pattern's identity for ``replace``/``extend``/``remove``: its elements, spelled one way."""
    parts = []
    for element in pattern.elements:
        parts.append(element if isinstance(element, str) else "|".join(str(c) for c in sorted(element)))
    return " ".join(parts)


def _read_rules(
    lines: list[tuple[int, str]],
    values: dict[str, int],
    reader: _Reader,
    context: _Context,
    version: int,
    op: str,
) -> tuple[list[_Draft], list[tuple[Call, int]]]:
    """The rules of one block for one binding of its pattern's suit variables, and its ``drop`` lines."""
    drafts: list[_Draft] = []
    drops: list[tuple[Call, int]] = []
    last_group: list[_Draft] = []
    for line_number, code in lines:
        stripped = code.lstrip()
        column = len(code) - len(stripped) + 1
        first = stripped.split(None, 1)[0].lower()
        if first == "drop":
            if op != "extend":
                raise reader.fail(line_number, column, "drop CALL belongs in an extend after block")
            text = stripped[4:].strip()
            defined = _substitute(text, context, reader, line_number, column + 5)
            bound = _bind(defined.text, values, calls=True)
            try:
                drops.append((reader.call(bound.text, line_number, column + 5), line_number))
            except SystemFileError as exc:
                raise _remapped(exc, defined, bound) from None
            continue
        if first == "also":
            if version < 2:
                raise reader.fail(line_number, column, "also needs version 2 of the format: write version: 2 first")
            if not last_group:
                raise reader.fail(
                    line_number, column, "also names another call for the rule above it: put it under a rule"
                )
            for draft in last_group:
                draft.alternatives.append(_read_alternative(code, line_number, column, values, draft, reader, context))
            continue
        defined = _substitute(code, context, reader, line_number, 1)
        free = [n for n in _variables(defined.text) if n not in values]
        last_group = []
        for binding in _assignments(free, values, _FREE_ORDER):
            bound = _bind(defined.text, binding, calls=False)
            try:
                draft = _read_rule(bound.text, line_number, reader, context, version)
            except SystemFileError as exc:
                raise _remapped(exc, defined, bound) from None
            drafts.append(draft)
            last_group.append(draft)
    return drafts, drops


def _read_alternative(
    code: str,
    line: int,
    column: int,
    values: dict[str, int],
    owner: _Draft,
    reader: _Reader,
    context: _Context,
) -> tuple[Call, _Draft, str, int]:
    defined = _substitute(code, context, reader, line, 1)
    free = [n for n in _variables(defined.text) if n not in values]
    if free:
        raise reader.fail(line, column, f"{{{free[0]}}} is not bound here: an also line names one call")
    bound = _bind(defined.text, values, calls=False)
    body = bound.text.lstrip()[4:]
    offset = len(bound.text) - len(bound.text.lstrip()) + 4
    try:
        draft = _read_rule(" " * offset + body, line, reader, context, 2, alternative=True)
    except SystemFileError as exc:
        raise _remapped(exc, defined, bound) from None
    if not draft.explained or not draft.explained.note:
        raise reader.fail(
            line, len(code.rstrip()) + 1, "an also line ends with -- and the reason the call is also right"
        )
    if draft.call == owner.call:
        raise reader.fail(line, column + 5, f"{draft.call} is the rule's own call: an also line names another call")
    return draft.call, draft, draft.explained.note, line


def _table_terms(
    terms: list[str], reader: _Reader, line: int, column: int
) -> tuple[list[str], frozenset[int] | None, frozenset[str] | None]:
    """Split ``seat ...`` and ``vul ...`` terms (the table) off a meaning's hand terms."""
    hand: list[str] = []
    seats: set[int] | None = None
    vuls: set[str] | None = None
    for term in terms:
        m = _TABLE_TERM.fullmatch(" ".join(term.split()))
        if m is None:
            hand.append(term)
            continue
        if m.group("seat") is not None:
            found = _seat_range(m.group("seat"))
            if found is None:
                raise reader.fail(
                    line, column, f"{quoted(term)}: a seat is 1 to 4 from the dealer: seat 3, seat 3-4, seat 2+"
                )
            seats = found if seats is None else seats & found
        else:
            words = (m.group("vul") or m.group("word")).lower().split("|")
            found_vuls: set[str] = set()
            for word in words:
                if word not in _VUL_ALIASES:
                    raise reader.fail(
                        line, column, f"{quoted(term)}: the vulnerability is none, we, they or both (joined by |)"
                    )
                found_vuls.update(_VUL_ALIASES[word])
            vuls = found_vuls if vuls is None else vuls & found_vuls
    if seats is not None and not seats:
        raise reader.fail(line, column, "the seat terms leave no seat")
    if vuls is not None and not vuls:
        raise reader.fail(line, column, "the vulnerability terms leave no vulnerability")
    return (
        hand,
        None if seats is None or len(seats) == 4 else frozenset(seats),
        None if vuls is None or len(vuls) == 4 else frozenset(vuls),
    )


def _seat_range(text: str) -> set[int] | None:
    m = re.fullmatch(r"([1-4])(?:-([1-4])|(\+))?", text)
    if m is None:
        return None
    lo = int(m.group(1))
    hi = 4 if m.group(3) else int(m.group(2) or lo)
    return set(range(lo, hi + 1)) if lo <= hi else None


def _read_rule(
    code: str, line: int, reader: _Reader, context: _Context, version: int, *, alternative: bool = False
) -> _Draft:
    """One rule line (already substituted): ``[fallback] CALL [MEANING] [where EXPR] [-- NOTE]``."""
    call_match = re.match(r"\s*(\S+)", code)
    assert call_match is not None  # the line is not blank
    catch_all = False
    if version >= 2 and not alternative and call_match.group(1).lower() == "fallback":
        catch_all = True
        call_match = re.match(r"\s*\S+\s+(\S+)", code)
        if call_match is None:
            raise reader.fail(line, len(code) + 1, "fallback needs a call: fallback P -- why nothing else fits")
    call_column = call_match.start(1) + 1
    if call_match.group(1).lower() == "after":
        raise reader.fail(line, call_column, "after starts a block at the start of a line: remove the indentation")
    call = reader.call(call_match.group(1), line, call_column)
    dashes = code.find("--", call_match.end(1))
    if dashes < 0 and version < 2:
        raise reader.fail(line, len(code) + 1, "a rule ends with -- and a sentence that explains it")
    note = code[dashes + 2 :].strip() if dashes >= 0 else ""
    if dashes >= 0 and not note:
        raise reader.fail(line, dashes + 1, "the explanation after -- is empty")
    body_start = call_match.end(1)
    body = code[body_start:dashes] if dashes >= 0 else code[body_start:]
    where_match = re.search(r"(?<!\w)where(?!\w)", body, re.IGNORECASE)
    meaning_part = body[: where_match.start()] if where_match else body
    meaning_text = meaning_part.strip()
    meaning_column = body_start + len(meaning_part) - len(meaning_part.lstrip()) + 1
    if not meaning_text and version < 2:
        at = body_start + (where_match.start() if where_match else len(body)) + 1
        raise reader.fail(line, at, f"{call} needs a meaning before its explanation: write any for no constraint")
    hand_terms, seats, vuls = _table_terms(split_terms(meaning_text), reader, line, meaning_column)
    hand_text = ", ".join(hand_terms)
    if hand_terms and (seats, vuls) == (None, None) and len(hand_terms) == len(split_terms(meaning_text)):
        meaning = reader.meaning(meaning_text, line, meaning_column)
    elif hand_terms:
        try:
            meaning = reader.meaning(hand_text, line, meaning_column)
        except SystemFileError as exc:
            # Point at the failing term where it stands in the meaning as written.
            offset = exc.column - meaning_column
            term = hand_text[offset:].split(",", 1)[0].strip() if 0 <= offset < len(hand_text) else ""
            found = meaning_text.find(term) if term else -1
            raise SystemFileError(exc.source, exc.line, meaning_column + max(found, 0), exc.message) from None
    else:
        meaning = SeatConstraint()
    where_text = None
    north: WhereFunction | None = None
    if where_match:
        where_part = body[where_match.end() :]
        where_text = where_part.strip()
        if not where_text:
            raise reader.fail(line, body_start + where_match.start() + 1, "where needs an expression about me")
        where_column = body_start + where_match.end() + len(where_part) - len(where_part.lstrip()) + 1
        north = context.wheres.get(where_text)
        if north is None:
            north = reader.where(where_text, line, where_column)
            context.wheres[where_text] = north
    if version < 2:
        explained = None
        explanation = note
        catch_all = "not covered" in note.lower()
    else:
        words = []
        if seats is not None:
            words.append(seat_words(seats))
        if vuls is not None:
            words.append(vulnerability_words(vuls))
        words += [term_words(t) for t in hand_terms]
        if where_text is not None:
            words.append(where_words(where_text))
        explained = Explanation(call, tuple(words), note, catch_all)
        explanation = explained.text()
    return _Draft(
        call,
        meaning,
        " ".join(hand_text.split()) or "any",
        explanation,
        line,
        reader.source,
        where_text,
        north,
        seats,
        vuls,
        catch_all,
        explained,
    )


__all__ = ["FORMAT_VERSIONS", "Resolver", "SystemFileError", "compile_where", "parse_system"]
