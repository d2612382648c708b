"""Bids as constraints: calls and auctions, bidding systems as readable files, the system's call, dealing for an auction.

Every call of a system *means* a constraint on the hand that makes it (the seat-spec language the
editors use), so one file chooses the system's call for a hand, explains it, and deals boards on which
the system bids a given auction exactly.  ``docs/bidding-design.md`` fixes the names and the format.
No Qt here.
"""

from __future__ import annotations

import re
from pathlib import Path

from bridgegui.engine.bidding.backward import AuctionCondition, request_for_auction
from bridgegui.engine.bidding.calls import DOUBLE, PASS, REDOUBLE, Auction, AuctionError, Call, Contract, cut
from bridgegui.engine.bidding.system import (
    NO_FIT_EXPLANATION,
    BiddingResult,
    Choice,
    Rule,
    System,
    call_code,
    call_from_code,
)
from bridgegui.engine.bidding.system_file import SystemFileError, parse_system
from bridgegui.resource_files import resource

SYSTEM_SUFFIX = ".system"
_SHIPPED_NAME = re.compile(r"[a-z0-9_-]{1,64}")
"""What a shipped system's name may be: anything else (a NUL, a 10,000-character name) is not looked up."""


def shipped_systems() -> tuple[str, ...]:
    """The names of the systems shipped in ``resources/systems`` (``"acol"``, ``"standard"``...)."""
    folder = resource("systems")
    if not folder.is_dir():
        return ()
    return tuple(sorted(p.name.removesuffix(SYSTEM_SUFFIX) for p in folder.iterdir() if p.name.endswith(SYSTEM_SUFFIX)))


def load_system(name_or_path: str | Path) -> System:
    """A shipped system by name (``"standard"``, ``"acol"``, any case) or a system file by path.

    A text with a path separator or the ``.system`` suffix, or a ``Path``, is a file; anything else
    is a shipped name.  Raises ``SystemFileError``: for a malformed file (with line and column), and
    for a missing file or an unknown name (saying which systems are shipped).
    """
    text = str(name_or_path)
    is_path = isinstance(name_or_path, Path) or text.endswith(SYSTEM_SUFFIX) or "/" in text or "\\" in text
    if is_path:
        path = Path(text)
        shown = cut(path.name)
        try:
            source = path.read_text(encoding="utf-8")
        except OSError as exc:
            raise SystemFileError(shown, 0, 0, f"cannot read the system file: {exc.strerror or exc}") from None
        except UnicodeDecodeError as exc:
            raise SystemFileError(shown, 0, 0, f"the system file is not UTF-8 text ({exc.reason})") from None
        except ValueError:  # a NUL or a lone surrogate: no file can have that name
            raise SystemFileError(shown, 0, 0, "cannot read the system file: that is not a file name") from None
        return parse_system(source, path.name)
    name = text.strip().lower()
    node = resource("systems", name + SYSTEM_SUFFIX) if _SHIPPED_NAME.fullmatch(name) else None
    if node is None or not node.is_file():
        shipped = ", ".join(shipped_systems()) or "none"
        raise SystemFileError(
            cut(text), 0, 0, f"no bidding system of that name is shipped (shipped: {shipped}); or give a .system file"
        )
    return parse_system(node.read_text(encoding="utf-8"), name + SYSTEM_SUFFIX)


__all__ = [
    "DOUBLE",
    "NO_FIT_EXPLANATION",
    "PASS",
    "REDOUBLE",
    "Auction",
    "AuctionCondition",
    "AuctionError",
    "BiddingResult",
    "Call",
    "Choice",
    "Contract",
    "Rule",
    "System",
    "SystemFileError",
    "call_code",
    "call_from_code",
    "load_system",
    "parse_system",
    "request_for_auction",
    "shipped_systems",
]
