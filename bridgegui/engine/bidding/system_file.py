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
from dataclasses import dataclass, field

from bridgegui.engine.bidding.calls import quoted
from bridgegui.engine.bidding.system import Alternative, Block, Rule, System
from bridgegui.engine.bidding.system_rules import (
    _BLOCK_OPS,
    _DEFINE,
    _VARIABLE,
    Resolver,
    _Context,
    _Draft,
    _read_block,
)
from bridgegui.engine.bidding.system_tokens import HEADER_KEYS, SystemFileError, _Reader
from bridgegui.engine.bidding.where import compile_where

_LINE_BREAK = re.compile(r"\r\n|\r|\n")
"""Line ends as editors count lines (not ``str.splitlines``, which also breaks at form feeds, \\x1c-\\x1e,
\\x85 and U+2028, and would put errors on the wrong line)."""

FORMAT_VERSIONS = (1, 2)
MAX_INCLUDE_DEPTH = 16
"""Includes nest at most this deep: a deeper chain is a mistake (or a cycle through copies)."""


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


__all__ = ["FORMAT_VERSIONS", "Resolver", "SystemFileError", "compile_where", "parse_system"]
