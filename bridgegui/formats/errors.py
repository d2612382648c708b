"""Errors of the board-set formats (all ``BridgeError``s, so callers that report bad input catch them).

Kept apart from ``registry`` so the registry can be imported without the engine (and numpy): it
imports this module only when it raises.
"""

from __future__ import annotations

from bridgegui.engine.errors import BridgeError

__all__ = ["FormatError", "ReadError", "TooManyBoardsError"]


class FormatError(BridgeError):
    """A board set that a format cannot hold, or a format name or file that cannot be used."""


class TooManyBoardsError(FormatError):
    """More boards than the format holds (DUP and DLM: 99), or a board number past its range."""


class ReadError(FormatError):
    """A file that is not well formed: the message names the board (or line) and what is wrong.

    ``where`` is that place as the message gives it ("board 3", "line 7"), for a window to show.
    """

    def __init__(self, where: str, reason: str) -> None:
        super().__init__(f"{where}: {reason}")
        self.where = where
        self.reason = reason
