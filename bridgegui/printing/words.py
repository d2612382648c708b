"""The words printed on sheets and records, translated in the context ``"bridgegui.printing"``.

Seat and vulnerability names, board headings, calls and contracts, holdings (ten written ``10``, as bridge books and
club hand records write it, not PBN's ``T``), evaluation lines and the footer.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QCoreApplication

from bridgegui import APP_NAME, __version__
from bridgegui.engine.bidding import Auction, Call, System
from bridgegui.engine.boards import Board
from bridgegui.engine.cards import Hand, holding_text

_HALF = "½"


def seat_name(seat: str) -> str:
    names = {
        "N": QCoreApplication.translate("bridgegui.printing", "North"),
        "E": QCoreApplication.translate("bridgegui.printing", "East"),
        "S": QCoreApplication.translate("bridgegui.printing", "South"),
        "W": QCoreApplication.translate("bridgegui.printing", "West"),
    }
    return names[seat]


def seat_letter(seat: str) -> str:
    """The one-letter seat abbreviation for grid headings (translators may change it, e.g. "O" for Ouest)."""
    letters = {
        "N": QCoreApplication.translate("bridgegui.printing", "N", "North, one letter"),
        "E": QCoreApplication.translate("bridgegui.printing", "E", "East, one letter"),
        "S": QCoreApplication.translate("bridgegui.printing", "S", "South, one letter"),
        "W": QCoreApplication.translate("bridgegui.printing", "W", "West, one letter"),
    }
    return letters[seat]


def pair_name(pair: str) -> str:
    if pair == "NS":
        return QCoreApplication.translate("bridgegui.printing", "North–South")
    return QCoreApplication.translate("bridgegui.printing", "East–West")


def vulnerability_text(vulnerable: str | None) -> str:
    names = {
        "None": QCoreApplication.translate("bridgegui.printing", "None", "nobody vulnerable"),
        "NS": QCoreApplication.translate("bridgegui.printing", "N-S", "North-South vulnerable"),
        "EW": QCoreApplication.translate("bridgegui.printing", "E-W", "East-West vulnerable"),
        "All": QCoreApplication.translate("bridgegui.printing", "All", "both sides vulnerable"),
    }
    return names.get(vulnerable or "", "?")


def board_title(board: Board) -> str:
    return QCoreApplication.translate("bridgegui.printing", "Board {label}").format(label=board.label or "?")


def dealer_text(board: Board) -> str:
    dealer = board.effective_dealer
    name = seat_name(dealer) if dealer else "?"
    return QCoreApplication.translate("bridgegui.printing", "Dealer {seat}").format(seat=name)


def vul_text(board: Board) -> str:
    return QCoreApplication.translate("bridgegui.printing", "Vul {vulnerability}").format(
        vulnerability=vulnerability_text(board.effective_vulnerable)
    )


def is_vulnerable(board: Board, seat: str) -> bool:
    vul = board.effective_vulnerable
    return vul == "All" or (vul in ("NS", "EW") and seat in vul)


def cards_text(holding: int) -> str:
    """``AQ1074``: PBN's ranks with ten written ``10``; an em dash for a void."""
    text = holding_text(holding).replace("T", "10")
    return text or "—"


def quick_tricks_text(value: float) -> str:
    whole = int(value)
    if value == whole:
        return str(whole)
    return _HALF if whole == 0 else f"{whole}{_HALF}"


def evaluation_lines(hand: Hand) -> tuple[str, str]:
    """Two short lines (HCP and pattern; quick tricks and LTC), narrow enough for a compass column."""
    pattern = "-".join(str(n) for n in hand.pattern)
    first = QCoreApplication.translate("bridgegui.printing", "{hcp} HCP · {pattern}").format(
        hcp=hand.hcp, pattern=pattern
    )
    second = QCoreApplication.translate("bridgegui.printing", "QT {quick_tricks} · LTC {losers}").format(
        quick_tricks=quick_tricks_text(hand.quick_tricks), losers=hand.losers
    )
    return first, second


def skipped_note(skipped: Sequence[Board]) -> str:
    labels = ", ".join(b.label or "?" for b in skipped)
    return QCoreApplication.translate("bridgegui.printing", "Not printed (no deal): {boards}").format(boards=labels)


def footer_left(date: str | None, seed: int | None) -> str:
    parts = [f"{APP_NAME} {__version__}"]
    if seed is not None:
        parts.append(QCoreApplication.translate("bridgegui.printing", "seed {seed}").format(seed=seed))
    if date:
        parts.append(date)
    return " · ".join(parts)


def page_text(page: int, pages: int) -> str:
    return QCoreApplication.translate("bridgegui.printing", "page {page} of {pages}").format(page=page, pages=pages)


def call_text(call: Call) -> str:
    """A call as people write it (``2♣``, ``1NT``, ``Pass``, ``Dbl``, ``Rdbl``), with the words translated."""
    if call.is_pass:
        return QCoreApplication.translate("bridgegui.printing", "Pass", "the call")
    if call.is_double:
        return QCoreApplication.translate("bridgegui.printing", "Dbl", "the call Double, abbreviated")
    if call.is_redouble:
        return QCoreApplication.translate("bridgegui.printing", "Rdbl", "the call Redouble, abbreviated")
    if call.strain == "NT":
        return f"{call.level}" + QCoreApplication.translate("bridgegui.printing", "NT", "notrump, abbreviated")
    return call.symbol()


def contract_text(auction: Auction) -> str:
    """``Contract 4♥X by South``, ``Passed out``, or ``Auction not finished`` (a file may hold a part)."""
    if not auction.is_complete:
        return QCoreApplication.translate("bridgegui.printing", "Auction not finished")
    contract = auction.contract()
    if contract is None:
        return QCoreApplication.translate("bridgegui.printing", "Passed out")
    strain = call_text(Call.bid(contract.level, contract.strain))
    return QCoreApplication.translate("bridgegui.printing", "Contract {contract} by {seat}").format(
        contract=strain + contract.doubled, seat=seat_name(contract.declarer)
    )


def answers_subtitle(system: System) -> str:
    return QCoreApplication.translate(
        "bridgegui.printing", "The answers: how the {system} system bids each board, and why."
    ).format(system=system.name)


def answers_label() -> str:
    return QCoreApplication.translate("bridgegui.printing", "Answers", "heading of the answer pages")


def auctions_by(system: System) -> str:
    return QCoreApplication.translate("bridgegui.printing", "auctions bid by the {system} system").format(
        system=system.name
    )


def unreadable_auction() -> str:
    return QCoreApplication.translate("bridgegui.printing", "The auction in the file is not a legal auction.")
