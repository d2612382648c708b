"""The one error type of the dealer-script language, carrying the position of the fault."""

from __future__ import annotations

import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager

from bridgegui.engine.errors import BridgeError

WHERE = "{where}"
"""Placeholder a message may contain to put "at line L, column C" mid-sentence instead of at the end."""


class ScriptError(BridgeError):
    """A dealer script that cannot be read or run.

    ``line`` and ``column`` are 1-based and point at the first character of the offending token
    (``0`` when the fault has no place in the text); a column counts characters, a tab as one, as
    Qt's text cursors do.  The message already names them, so the GUI and
    the CLI can show ``str(exc)`` as it is, and an editor can still put its cursor on the spot.
    """

    def __init__(self, message: str, line: int = 0, column: int = 0) -> None:
        self.line = line
        self.column = column
        where = f" at line {line}, column {column}" if line else ""
        text = message.replace(WHERE, where) if WHERE in message else message + where
        super().__init__(text)


MAX_NESTING = 10_000
"""How deeply parentheses, ``?:`` and function arguments may nest in the text.  Dealer's yacc parser
stops at the same depth (its stack holds 10,000 entries: "memory exhausted")."""

MAX_DEPTH = 5000
"""How deep an expression's tree may be, counting operators and function calls through the
definitions of the variables it uses (parentheses alone add no level).  Dealer takes about 2,000
levels of ``1 + (1 + ...)`` and a chain of thousands of variables; no real script comes near.
Deeper is a ``ScriptError``, not a ``RecursionError``."""

_ROOM = MAX_NESTING * 5 + MAX_DEPTH * 8
"""Python frames the parser (about 5 per level of nesting) and the tree walks and compiled
expressions (at most 8 per level of depth) may need."""

_room_lock = threading.Lock()
_room_users = 0
_room_saved = 0


@contextmanager
def recursion_room() -> Iterator[None]:
    """Let the recursive parts of the script engine reach ``MAX_NESTING`` and ``MAX_DEPTH``.

    Python's default recursion limit (1000 frames) allows only about 70 levels of parentheses to a
    recursive-descent parser.  Since Python 3.11 a Python-to-Python call uses no C stack, so raising
    the limit for the duration is safe; the first user raises it and the last one restores it
    (several threads may compile or run scripts at once).  A ``RecursionError`` that still happens
    becomes a ``ScriptError``.
    """
    global _room_users, _room_saved
    with _room_lock:
        if _room_users == 0:
            _room_saved = sys.getrecursionlimit()
            sys.setrecursionlimit(_room_saved + _ROOM)
        _room_users += 1
    try:
        yield
    except RecursionError:
        raise ScriptError("the script nests parentheses, operators or variables too deeply") from None
    finally:
        with _room_lock:
            _room_users -= 1
            if _room_users == 0:
                sys.setrecursionlimit(_room_saved)
