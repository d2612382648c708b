"""The dealing engine: cards, deals, uniform and constrained dealing, evaluation, deal numbers.

No Qt is imported anywhere below this package: it is a library that the GUI, the command line and the
tests share.  Batches of deals are ``(n, 4)`` uint64 arrays of hand masks (see ``cards``).
"""

from typing import TYPE_CHECKING, Any

from bridgegui.engine.lazy_exports import exported

# The package's names load on first use (PEP 562): ``import bridgegui.engine.cards`` runs this file, and a
# command-line run that needs cards and the planner must not pay for the evaluation, trick and deal-number
# tables (the aim: ``bridgegui-deal -p 1`` under 0.2 s cpu, numpy's import being most of it).
_LAZY: dict[str, str] = {
    **dict.fromkeys(("evaluation", "stats", "tables"), ""),
    **dict.fromkeys(("Board", "board_dealer", "board_vulnerability", "boards_from_batch", "is_vulnerable"), "boards"),
    **dict.fromkeys(
        (
            "RANKS",
            "SEAT_NAMES",
            "SEATS",
            "SUIT_NAMES",
            "SUIT_SYMBOLS",
            "SUITS",
            "Deal",
            "Hand",
            "card_name",
            "parse_card",
            "parse_deal",
            "seat_index",
        ),
        "cards",
    ),
    **dict.fromkeys(
        ("D", "deal_from_index", "deal_index", "deal_indices", "deals_from_indices", "tournament_deal"), "deal_numbers"
    ),
    **dict.fromkeys(("deal_batch", "fill_deals", "make_rng", "new_seed"), "dealing"),
    **dict.fromkeys(
        ("BridgeError", "ConstraintError", "DealError", "DealNumberError", "ImpossibleError", "Problem"), "errors"
    ),
    "estimate_tricks": "tricks",
}
"""Each lazily loaded name -> the submodule that defines it ("" for a submodule itself)."""


def __getattr__(name: str) -> Any:
    return exported(__name__, _LAZY, globals(), name)


if TYPE_CHECKING:
    from bridgegui.engine import evaluation, stats, tables
    from bridgegui.engine.boards import (
        Board,
        board_dealer,
        board_vulnerability,
        boards_from_batch,
        is_vulnerable,
    )
    from bridgegui.engine.cards import (
        RANKS,
        SEAT_NAMES,
        SEATS,
        SUIT_NAMES,
        SUIT_SYMBOLS,
        SUITS,
        Deal,
        Hand,
        card_name,
        parse_card,
        parse_deal,
        seat_index,
    )
    from bridgegui.engine.deal_numbers import (
        D,
        deal_from_index,
        deal_index,
        deal_indices,
        deals_from_indices,
        tournament_deal,
    )
    from bridgegui.engine.dealing import deal_batch, fill_deals, make_rng, new_seed
    from bridgegui.engine.errors import (
        BridgeError,
        ConstraintError,
        DealError,
        DealNumberError,
        ImpossibleError,
        Problem,
    )
    from bridgegui.engine.tricks import estimate_tricks


def deals_from_batch(batch: "object") -> "list[Deal]":
    """``Deal`` objects for the rows of an ``(n, 4)`` batch (for display; not for hot paths)."""
    import numpy as np

    from bridgegui.engine.cards import Deal

    return [Deal.from_masks(row) for row in np.asarray(batch, dtype=np.uint64).tolist()]


def batch_from_deals(deals: "list[Deal]") -> "object":
    """The ``(n, 4)`` uint64 batch of full deals."""
    import numpy as np

    for d in deals:
        d.require_complete()
    return np.array([d.hands for d in deals], dtype=np.uint64).reshape(len(deals), 4)


__all__ = [
    "RANKS",
    "SEATS",
    "SEAT_NAMES",
    "SUITS",
    "SUIT_NAMES",
    "SUIT_SYMBOLS",
    "Board",
    "BridgeError",
    "ConstraintError",
    "D",
    "Deal",
    "DealError",
    "DealNumberError",
    "Hand",
    "ImpossibleError",
    "Problem",
    "batch_from_deals",
    "board_dealer",
    "board_vulnerability",
    "boards_from_batch",
    "card_name",
    "deal_batch",
    "deal_from_index",
    "deal_index",
    "deal_indices",
    "deals_from_batch",
    "deals_from_indices",
    "estimate_tricks",
    "evaluation",
    "fill_deals",
    "is_vulnerable",
    "make_rng",
    "new_seed",
    "parse_card",
    "parse_deal",
    "seat_index",
    "stats",
    "tables",
    "tournament_deal",
]
