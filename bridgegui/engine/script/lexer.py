"""Tokens of dealer's input language.

Dealer's scanner (flex) is mimicked closely enough for real scripts, with two simplifications that
only widen what is accepted:

* a word is any run of letters, digits and underscores.  Dealer has separate tokens for numbers,
  cards (``AS``), shapes (``4333``, ``5xxx``) and contracts (``x3N``); here they are all words (or
  numbers, when all digits) and the parser reads them by context, keeping the original text so that
  ``0094`` stays a shape and is not read as 94.
* ``#`` starts a comment anywhere on a line (dealer accepts it only in the first column, where no
  other meaning is possible either).  ``//`` comments run to the end of the line and ``/* */``
  comments may span lines, as in dealer.

Strings are written in double quotes, may span lines and have no escapes: dealer prints them byte
for byte, so a ``\\n`` inside quotes prints a backslash and an ``n``.  Outside quotes, ``\\n`` is a
token of its own, which ``printes`` prints as a newline.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from bridgegui.engine.script.diagnostics import ScriptError

OPERATORS = ("&&", "||", "==", "!=", "<=", ">=", "<", ">", "!", "+", "-", "*", "/", "%", "?", ":", "(", ")", ",", "=")
"""Longest first where one is a prefix of another, so that ``<=`` is not read as ``<`` then ``=``."""


@dataclass(frozen=True, slots=True)
class Token:
    """One token: ``kind`` is ``num``, ``name``, ``string``, ``op``, ``newline`` (``\\n``) or ``eof``."""

    kind: str
    text: str
    line: int
    column: int

    def describe(self) -> str:
        """How an error message names this token."""
        if self.kind == "eof":
            return "the end of the script"
        if self.kind == "string":
            return f'the string "{self.text}"'
        if self.kind == "newline":
            return "'\\n'"
        return f"'{self.text}'"


_SCANNER = re.compile(
    r"""(?P<space>[ \t\r\n\f\v]+)
    |(?P<comment>(?:\#|//)[^\n]*)
    |(?P<block>/\*.*?\*/)
    |(?P<open_block>/\*)
    |"(?P<string>[^"]*)"
    |(?P<open_string>")
    |(?P<newline>\\n)
    |(?P<word>[A-Za-z0-9_]+)
    |(?P<op>"""
    + "|".join(re.escape(op) for op in OPERATORS)
    + ")",
    re.DOTALL | re.VERBOSE,
)
"""One token or skipped piece at a time, tried in this order (a comment before the operator ``/``; a
word is ASCII letters, digits and underscores): the scanning runs in the regular-expression engine rather
than character by character in Python, which was most of compiling a system's ``where`` texts."""


def tokenize(text: str) -> list[Token]:
    """Split ``text`` into tokens, dropping comments and white space; the list ends with an ``eof`` token."""
    tokens: list[Token] = []
    # A UTF-8 byte order mark, which some Windows editors write, is not part of the script (dealer skips it too).
    i = line_start = 1 if text.startswith("\ufeff") else 0
    line, n = 1, len(text)
    match = _SCANNER.match
    while i < n:
        m = match(text, i)
        col = i - line_start + 1
        if m is None:
            raise ScriptError(f"unexpected character {text[i]!r}", line, col)
        kind = m.lastgroup
        if kind == "open_block":
            raise ScriptError("this '/*' comment is never closed with '*/'", line, col)
        if kind == "open_string":
            raise ScriptError("this string is never closed with '\"'", line, col)
        if kind == "word":
            word = m.group()
            tokens.append(Token("num" if word.isdigit() else "name", word, line, col))
        elif kind in ("op", "newline"):
            tokens.append(Token(kind, m.group(), line, col))
        elif kind == "string":
            tokens.append(Token("string", m.group("string"), line, col))
        end = m.end()
        newlines = text.count("\n", i, end)
        if newlines:
            line += newlines
            line_start = text.rfind("\n", i, end) + 1
        i = end
    tokens.append(Token("eof", "", line, n - line_start + 1))
    return tokens
