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


def _is_word_char(ch: str) -> bool:
    return ch.isascii() and (ch.isalnum() or ch == "_")


def tokenize(text: str) -> list[Token]:
    """Split ``text`` into tokens, dropping comments and white space; the list ends with an ``eof`` token."""
    tokens: list[Token] = []
    # A UTF-8 byte order mark, which some Windows editors write, is not part of the script (dealer skips it too).
    i, line, col = (1 if text.startswith("\ufeff") else 0), 1, 1
    n = len(text)

    def advance(count: int) -> None:
        # the line and column after ``count`` characters, from the newlines among them (a loop over
        # the characters made tokenizing most of compiling a system's ``where`` texts)
        nonlocal i, line, col
        end = i + count
        newlines = text.count("\n", i, end)
        if newlines:
            line += newlines
            col = end - text.rfind("\n", i, end)
        else:
            col += count
        i = end

    while i < n:
        ch = text[i]
        if ch in " \t\r\n\f\v":
            advance(1)
        elif ch == "#" or text.startswith("//", i):
            end = text.find("\n", i)
            advance((n if end < 0 else end) - i)
        elif text.startswith("/*", i):
            end = text.find("*/", i + 2)
            if end < 0:
                raise ScriptError("this '/*' comment is never closed with '*/'", line, col)
            advance(end + 2 - i)
        elif ch == '"':
            start_line, start_col = line, col
            end = text.find('"', i + 1)
            if end < 0:
                raise ScriptError("this string is never closed with '\"'", start_line, start_col)
            tokens.append(Token("string", text[i + 1 : end], start_line, start_col))
            advance(end + 1 - i)
        elif text.startswith("\\n", i):
            tokens.append(Token("newline", "\\n", line, col))
            advance(2)
        elif _is_word_char(ch):
            j = i
            while j < n and _is_word_char(text[j]):
                j += 1
            word = text[i:j]
            tokens.append(Token("num" if word.isdigit() else "name", word, line, col))
            advance(j - i)
        else:
            for op in OPERATORS:
                if text.startswith(op, i):
                    tokens.append(Token("op", op, line, col))
                    advance(len(op))
                    break
            else:
                raise ScriptError(f"unexpected character {ch!r}", line, col)
    tokens.append(Token("eof", "", line, col))
    return tokens
