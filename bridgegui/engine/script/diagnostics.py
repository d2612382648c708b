"""The one error type of the dealer-script language, carrying the position of the fault."""

from __future__ import annotations

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
