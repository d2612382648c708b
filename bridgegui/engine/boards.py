"""Board numbers: dealer and vulnerability of the standard 16-board cycle (Laws of Duplicate Bridge, Law 2)."""

from __future__ import annotations

from bridgegui.engine.cards import SEATS
from bridgegui.engine.errors import BridgeError

# Law 2: boards 1-16, repeating every 16 boards.
_VULNERABILITY = (
    "None", "NS", "EW", "All",
    "NS", "EW", "All", "None",
    "EW", "All", "None", "NS",
    "All", "None", "NS", "EW",
)  # fmt: skip

VULNERABILITIES = ("None", "NS", "EW", "All")


def _check(board: int) -> int:
    if isinstance(board, bool) or not isinstance(board, int) or board < 1:
        raise BridgeError(f"board numbers start at 1; got {board!r}")
    return board


def board_dealer(board: int) -> str:
    """``"N"``, ``"E"``, ``"S"`` or ``"W"``: North deals board 1, then clockwise."""
    return SEATS[(_check(board) - 1) % 4]


def board_vulnerability(board: int) -> str:
    """``"None"``, ``"NS"``, ``"EW"`` or ``"All"``, per the 16-board cycle."""
    return _VULNERABILITY[(_check(board) - 1) % 16]


def is_vulnerable(board: int, seat: str) -> bool:
    vul = board_vulnerability(board)
    return vul == "All" or (vul != "None" and seat.upper()[:1] in vul)
