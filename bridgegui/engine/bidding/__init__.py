"""Bids as constraints: calls and auctions, bidding systems as readable files, the system's call, dealing for an auction.

Every call of a system *means* a constraint on the hand that makes it (the seat-spec language the
editors use), so one file chooses the system's call for a hand, explains it, and deals boards on which
the system bids a given auction exactly.  ``docs/bidding-design.md`` fixes the names and the format.
No Qt here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bridgegui.engine.lazy_exports import exported

if TYPE_CHECKING:
    from bridgegui.engine.bidding.auction_dealing import (
        SCENARIO_DEALER,
        AuctionBoards,
        AuctionCondition,
        deal_boards_for_auction,
        plan_boards_for_auction,
        request_for_auction,
        requests_by_vulnerability,
    )
    from bridgegui.engine.bidding.calls import DOUBLE, PASS, REDOUBLE, Auction, AuctionError, Call, Contract
    from bridgegui.engine.bidding.explain import NOT_COVERED, Explanation
    from bridgegui.engine.bidding.loader import load_system
    from bridgegui.engine.bidding.shipped_names import (
        DEFAULT_SHIPPED_SYSTEM,
        shipped_label,
        shipped_system_name,
        shipped_systems,
        system_choices,
    )
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

_HOMES = {
    "auction_dealing": (
        "SCENARIO_DEALER",
        "AuctionBoards",
        "AuctionCondition",
        "deal_boards_for_auction",
        "plan_boards_for_auction",
        "request_for_auction",
        "requests_by_vulnerability",
    ),
    "calls": ("DOUBLE", "PASS", "REDOUBLE", "Auction", "AuctionError", "Call", "Contract"),
    "explain": ("NOT_COVERED", "Explanation"),
    "loader": ("load_system",),
    "shipped_names": (
        "DEFAULT_SHIPPED_SYSTEM",
        "shipped_label",
        "shipped_system_name",
        "shipped_systems",
        "system_choices",
    ),
    "system": ("NO_FIT_EXPLANATION", "BiddingResult", "Choice", "Rule", "System", "call_code", "call_from_code"),
    "system_file": ("SystemFileError", "parse_system"),
}
_MODULE_OF = {name: module for module, names in _HOMES.items() for name in names}


def __getattr__(name: str) -> Any:
    """Each name from its module when first asked for: a run that loads a cached system needs neither
    the system-file reader (and the dealer-script compiler it uses) nor the auction dealer, and start-up
    time is paid by every run of the command line."""
    return exported(__name__, _MODULE_OF, globals(), name)


__all__ = [
    "DEFAULT_SHIPPED_SYSTEM",
    "DOUBLE",
    "NOT_COVERED",
    "NO_FIT_EXPLANATION",
    "PASS",
    "REDOUBLE",
    "SCENARIO_DEALER",
    "Auction",
    "AuctionBoards",
    "AuctionCondition",
    "AuctionError",
    "BiddingResult",
    "Call",
    "Choice",
    "Contract",
    "Explanation",
    "Rule",
    "System",
    "SystemFileError",
    "call_code",
    "call_from_code",
    "deal_boards_for_auction",
    "load_system",
    "parse_system",
    "plan_boards_for_auction",
    "request_for_auction",
    "requests_by_vulnerability",
    "shipped_label",
    "shipped_system_name",
    "shipped_systems",
    "system_choices",
]
