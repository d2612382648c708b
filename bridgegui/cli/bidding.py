"""The command line's bidding: ``--system``, ``--auction``, ``--bid`` and ``--explain`` of ``bridgegui-deal``.

Part of the ``bridgegui-deal`` front end (``bridgegui.cli.deal`` calls it), kept in its own module so the
dealing command stays readable.  Every answer comes from one bidding-system file
(``bridgegui.engine.bidding``): it deals the boards for an auction, bids every board, and explains a
hand's calls.

Who deals: every board's dealer makes the auction's first call.  Without ``-d`` the dealer follows the
board number (Law 2: board 1 North, 2 East, 3 South, 4 West), so a set of 16 boards for ``1NT P 2C P``
has each seat open 1NT on four boards; ``-d S`` (or an auction written ``S:1NT P 2C P``) makes South
deal, and open, every board.
"""

from __future__ import annotations

import argparse
import dataclasses
import re
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

import numpy as np

from bridgegui.engine.boards import Board
from bridgegui.engine.cards import SEAT_NAMES, SEATS, Deal, parse_deal, seat_index
from bridgegui.engine.dealer.constraints import DealRequest
from bridgegui.engine.dealer.specs import echo
from bridgegui.engine.errors import BridgeError

if TYPE_CHECKING:
    # Imported where used: bridgegui-deal loads this module for its --help, and a run without bidding
    # flags must not pay for loading the bidding systems (start-up time is paid by every run).
    from bridgegui.engine.bidding import Auction, System
    from bridgegui.engine.bidding.auction_dealing import AuctionSetHeader
    from bridgegui.formats._batch import Bidding

DEFAULT_SYSTEM = "standard"

AUCTION_MAX_TRIES = 5_000_000
"""The effort bound for ``--auction``: every candidate is bid by the system, so a prefix that only the
system's ranking makes unreachable (which cannot be proved before dealing) stops within seconds
rather than after the plain dealer's 50 million deals."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The bidding flags, in their own group of ``--help``."""
    group = parser.add_argument_group("bidding (a bidding system's file decides every call)")
    group.add_argument(
        "--system",
        default=None,
        metavar="NAME|FILE",
        help=f"the bidding system: sayc (the ACBL's SAYC booklet: 5-card majors, 15-17 notrump; standard is "
        f"another name for it), acol (the EBU's Standard English: 4-card majors, 12-14 notrump) or a .system "
        f"file (default {DEFAULT_SYSTEM})",
    )
    group.add_argument(
        "--auction",
        default=None,
        metavar="CALLS",
        help="deal boards on which the system bids these calls first, e.g. '1NT P 2C P' "
        "(the board's dealer makes the first call; 'S:1NT P 2C P' makes South deal)",
    )
    group.add_argument(
        "-d",
        "--dealer",
        default=None,
        choices=("N", "E", "S", "W", "n", "e", "s", "w"),
        metavar="SEAT",
        help="the seat that deals (and bids first) on every board (default: from the board number)",
    )
    group.add_argument(
        "--bid",
        action="store_true",
        help="write the system's whole auction for every board into the PBN auction section, "
        "each call's explanation as its note",
    )
    group.add_argument(
        "--explain",
        default=None,
        metavar="DEAL",
        help="print each seat's call and why for one PBN deal, e.g. 'N:AKQ2.K72.Q84.J93 ...' "
        "(the deal's first seat deals unless -d says otherwise)",
    )


def wants_bidding(args: argparse.Namespace) -> bool:
    return bool(args.system or args.auction or args.bid or args.explain)


def system_of(args: argparse.Namespace) -> System:
    """The system the flags name (a malformed file raises ``SystemFileError``: exit status 2)."""
    from bridgegui.engine.bidding import load_system

    return load_system(args.system or DEFAULT_SYSTEM)


def _fixed_dealer(args: argparse.Namespace) -> str | None:
    return args.dealer.upper() if args.dealer else None


def split_auction(text: str, fixed_dealer: str | None) -> tuple[str | None, str]:
    """``"S:1NT P"`` → ``("S", "1NT P")``; ``-d`` wins over the auction's own dealer only when they agree."""
    head, sep, rest = text.partition(":")
    if sep and head.strip().upper() in SEATS:
        written = head.strip().upper()
        if fixed_dealer is not None and fixed_dealer != written:
            raise BridgeError(f"the auction says {SEAT_NAMES[SEATS.index(written)]} deals, but -d says {fixed_dealer}")
        return written, rest
    return fixed_dealer, text


ALL_PASS = re.compile(r"(?:^|[\s,\-–—])AP[\s,\-–—]*$", re.IGNORECASE)
"""``AP`` ("all pass") as the last token, as PBN writes it: the passes that end the auction."""


def auction_calls(dealer: str, calls: str, written: str | None = None) -> str:
    """The calls of ``--auction`` as ``Auction.parse`` reads them: a final ``AP`` becomes the passes that
    end the auction (as in a PBN file), and an auction with no call at all is refused.

    ``written`` is the auction as the user gave it (with its dealer), for the message.
    Raises ``BridgeError`` (``AuctionError`` for an unreadable or illegal call): exit status 2.
    """
    from bridgegui.engine.bidding import PASS, Auction

    found = ALL_PASS.search(calls)
    auction = Auction.parse(dealer, calls[: found.start()] if found else calls)
    if found:
        if auction.is_complete:
            raise BridgeError("--auction: AP (all pass) comes after the auction is over")
        while not auction.is_complete:
            auction = auction.add(PASS)
    if not auction.calls:
        raise BridgeError(
            f"--auction {echo(calls if written is None else written)!r} has no call: give the calls so far, such as 1NT P or S:1NT"
        )
    return auction.text()


def system_label(args: argparse.Namespace) -> str:
    """The system as a set's header names it for ``load_system``: a shipped name, or the file's absolute path
    (the set may be reopened from another folder)."""
    from bridgegui.engine.bidding import shipped_systems

    name = args.system or DEFAULT_SYSTEM
    return name if name in shipped_systems() else str(Path(name).resolve())


def deal_for_auction(
    args: argparse.Namespace, system: System, extra: DealRequest, seed: int
) -> tuple[list[Board], AuctionSetHeader]:
    """The boards for ``--auction``: each board's dealer bids the prefix first, at the board's
    vulnerability, dealt exactly by the engine's ``plan_boards_for_auction`` and
    ``deal_boards_for_auction`` (the window's Deal for an Auction calls the same two, so the same seed
    gives the same boards there).  Returns the boards in board order and what dealt them, for the
    set's header (the window reads it back to deal for the same auction)."""
    from bridgegui.engine.bidding import deal_boards_for_auction, plan_boards_for_auction
    from bridgegui.engine.bidding.auction_dealing import AuctionSetHeader

    dealer, calls = split_auction(args.auction, _fixed_dealer(args))
    # an illegal, unreadable or empty auction is malformed: BridgeError, status 2
    calls = auction_calls(dealer or "N", calls, args.auction)
    plan = plan_boards_for_auction(
        system, calls, first_board=args.first_board, count=args.produce, seed=seed, dealer=dealer, extra=extra
    )
    rows = deal_boards_for_auction(plan, max_tries=args.max_tries)
    boards = [Board(plan.first_board + i, Deal.from_masks(row), dealer=dealer) for i, row in enumerate(rows.tolist())]
    return boards, AuctionSetHeader(calls, system_label(args), dealer)


def bid_boards(boards: list[Board], system: System) -> list[Board]:
    """Every board with the system's whole auction (explanations as notes) and its contract.

    The boards are bid together (``system.bid_deals``: the whole set moves a call at a time, every
    board at its own Law 2 dealer and vulnerability unless the board says otherwise); bidding them
    one by one cost 30 times more.  The auction section of a board that has no auction, notes or
    contract yet is written here straight from the rules' sentences (``_auction_section``, the text
    ``Board.with_auction`` writes), as building an annotated ``Auction`` and three copies of the board
    for each of 10,000 boards cost more than bidding them.
    """
    from bridgegui.engine.bidding import NO_FIT_EXPLANATION, Auction
    from bridgegui.engine.bidding.batch import rule_explanations
    from bridgegui.engine.bidding.system import bid_deals

    members = [i for i, board in enumerate(boards) if board.deal is not None and board.deal.is_complete]
    bid = list(boards)
    if not members:
        return bid
    deals = np.array([boards[i].deal.hands for i in members], dtype=np.uint64)  # type: ignore[union-attr]
    dealers = [boards[i].effective_dealer or "N" for i in members]
    vulnerabilities = [boards[i].effective_vulnerable or "None" for i in members]
    auctions, rule_history = bid_deals(system, deals, dealers, vulnerabilities)
    explanations = rule_explanations(system)  # from the batch tables: ``system.rules`` reads every block
    notes = _NoteTexts(explanations, NO_FIT_EXPLANATION)
    for k, (i, auction) in enumerate(zip(members, auctions, strict=True)):
        made = len(auction.calls)
        rules = rule_history[k, :made].tolist()
        contract = auction.contract()
        board = boards[i]
        if _BIDDING_TAGS.isdisjoint(name for name, _ in board.tags):
            tags = [("Auction", auction.dealer), ("Contract", str(contract) if contract is not None else "Pass")]
            if contract is not None:
                tags.append(("Declarer", contract.declarer))
            bid[i] = dataclasses.replace(
                board,
                tags=(*board.tags, *tags),
                sections=(*board.sections, ("Auction", _auction_section(auction, rules, notes))),
            )
            continue
        annotated = Auction(auction.dealer, auction.calls, tuple(notes.plain(r) for r in rules), auction.alerts)
        bid[i] = board.with_auction(annotated).with_tags(
            Contract=str(contract) if contract is not None else "Pass",
            Declarer=contract.declarer if contract is not None else None,
        )
    return bid


def bid_set(system: System, masks: np.ndarray, dealers: np.ndarray, vulnerabilities: np.ndarray) -> Bidding:
    """The system's whole auction for every deal of a dealt set, as arrays for the writers
    (``formats._batch.Bidding``): the boards ``bid_boards`` gives for the same deals, dealers
    (0 North) and vulnerabilities (``VULNERABILITY_CODES`` numbers), with no ``Board`` or
    ``Auction`` per board, which cost more than bidding the set."""
    from bridgegui.engine.bidding import NO_FIT_EXPLANATION
    from bridgegui.engine.bidding.batch import bid_codes, final_contracts, rule_explanations
    from bridgegui.engine.bidding.system import DEFAULT_MAX_CALLS
    from bridgegui.formats._batch import Bidding

    bid = bid_codes(system, masks, dealers, vulnerabilities, DEFAULT_MAX_CALLS)
    texts = rule_explanations(system)
    notes = np.where(bid.rules >= 0, bid.rules, len(texts))
    contracts, declarers = final_contracts(bid.calls, dealers)
    return Bidding(bid.calls, bid.lengths, bid.complete, notes, [*texts, NO_FIT_EXPLANATION], contracts, declarers)


_BIDDING_TAGS = frozenset({"Auction", "Note", "Contract", "Declarer"})
"""Tags ``bid_boards`` replaces: a board with none of them gets its new ones appended."""


class _NoteTexts:
    """Each rule's explanation as a note: as written, and as a PBN Note tag holds it (one line, escaped)."""

    def __init__(self, explanations: list[str], no_fit: str) -> None:
        self._explanations = explanations
        self._no_fit = no_fit
        self._escaped: dict[int, str] = {}

    def plain(self, rule: int) -> str:
        return self._no_fit if rule < 0 else self._explanations[rule]

    def escaped(self, rule: int) -> str:
        found = self._escaped.get(rule)
        if found is None:
            text = " ".join(self.plain(rule).split())  # a tag value is one line
            found = text.replace("\\", "\\\\").replace('"', '\\"')
            self._escaped[rule] = found
        return found


def _auction_section(auction: Auction, rules: list[int], notes: _NoteTexts) -> str:
    """The PBN auction section ``Board.with_auction`` writes for ``auction`` with every call noted by
    its rule's explanation: four calls a line, ``=n=`` after each, ``+`` when unfinished, then the
    Note tags (the tests compare the two on thousands of boards)."""
    tokens = [
        f"{'Pass' if call.is_pass else call.code}{'!' if alert else ''} ={n}="
        for n, (call, alert) in enumerate(zip(auction.calls, auction.alerts, strict=True), 1)
    ]
    lines = [" ".join(tokens[k : k + 4]) for k in range(0, len(tokens), 4)]
    if tokens and not auction.is_complete:
        lines.append("+")
    lines += [f'[Note "{n}:{notes.escaped(rule)}"]' for n, rule in enumerate(rules, 1)]
    return "\n".join(lines)


def explain(args: argparse.Namespace, stdout: TextIO) -> None:
    """``--explain DEAL``: the system's auction for one deal, each call with the rule's sentence."""
    system = system_of(args)
    deal = parse_deal(args.explain)
    dealer = _fixed_dealer(args) or args.explain.strip()[0].upper()
    vulnerable = getattr(args, "vul", None) or "None"
    result = system.bid(deal, dealer, vulnerable)
    stdout.write(f"{system.title or system.name}, {SEAT_NAMES[SEATS.index(dealer)]} deals\n")
    for i, choice in enumerate(result.choices):
        seat = result.auction.seat_of(i)
        stdout.write(f"{SEAT_NAMES[seat_index(seat)]:<6} {choice.call.symbol():<5} {choice.explanation}\n")
    contract = result.auction.contract()
    final = f"{contract.symbol()} by {SEAT_NAMES[seat_index(contract.declarer)]}" if contract else "passed out"
    stdout.write(f"Auction: {result.auction.text()} ({final})\n")


__all__ = ["add_arguments", "bid_boards", "bid_set", "deal_for_auction", "explain", "system_of", "wants_bidding"]
