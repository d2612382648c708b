"""Positions for a blind teacher's review of a system: calls it made on random boards, answer left out.

    python -m bridgegui.devtools.review_positions --system sayc --count 160 --seed 2901 > review.cases
    python -m bridgegui.devtools.review_positions --system sayc --count 160 --seed 2901 --answers

Book-driven test rounds write cases for the situations a book discusses, so they weigh a system by
what the book says, not by what happens at the table.  A reviewer who decides, from the book, the call
in positions the system really met on random boards (one per board, among the first three calls of
each seat) weighs it the other way: the common positions come up often, as they do for a student at
practice.  The reviewer writes the call first and only then measures it against the system, so the
agreement figure is blind.  Hands of 0-5 HCP whose partner has not bid, and passed hands of under 8
HCP after passes only, are left out: their pass teaches nothing.

Deals are random (``deal_batch``) with Law 2's dealer and vulnerability for each board number, as in
``bench_par``.  Each position is printed as a corpus line (``AREA | AUCTION | VUL | HAND | CALL |
ALSO | SOURCE``, the auction from North as dealer, the vulnerability from the caller's side) with AREA
and CALL as ``?`` for the reviewer to fill in; ``--answers`` prints the system's calls instead, for
after the review.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from bridgegui.engine.bidding import load_system
from bridgegui.engine.bidding.calls import Auction, Call
from bridgegui.engine.bidding.system import System, bid_deals, vulnerability_state
from bridgegui.engine.boards import board_dealer, board_vulnerability
from bridgegui.engine.cards import SEATS, Deal
from bridgegui.engine.dealing import deal_batch

ROUNDS = 3
"""A seat's first three calls are reviewed: the issues ask for real decisions that far."""


@dataclass(frozen=True)
class Position:
    """One call the system made on a random board, seen from the caller's chair."""

    auction: Auction  # the calls before it, from the board's dealer
    vulnerability: str  # from the caller's side: "none", "we", "they" or "both"
    hand: str  # the caller's hand, PBN
    call: Call  # what the system called

    def corpus_line(self, *, answer: bool = False) -> str:
        """The position as a corpus line, the call left for the reviewer unless ``answer``."""
        calls = " ".join(str(c) for c in self.auction.calls) or "-"
        shown = str(self.call) if answer else "?"
        return f"? | {calls} | {self.vulnerability} | {self.hand} | {shown} | - | "


def _worth_reviewing(calls: Sequence[Call], k: int, hcp: int) -> bool:
    partner_bid = any(not calls[j].is_pass for j in range(k - 2, -1, -4))
    if hcp <= 5 and not partner_bid:
        return False
    return not (k > 0 and hcp < 8 and all(c.is_pass for c in calls[:k]))


def sample_positions(system: System, count: int, seed: int) -> list[Position]:
    """``count`` positions (fewer only if the boards run out), one a board, from ``3 * count`` random
    boards bid by ``system``; the same seed gives the same positions."""
    deals = 3 * count
    batch = deal_batch(deals, seed=seed)
    numbers = np.arange(deals) % 16 + 1
    dealers = [board_dealer(int(n)) for n in numbers]
    vulnerabilities = [board_vulnerability(int(n)) for n in numbers]
    auctions, _ = bid_deals(system, batch, dealers, vulnerabilities)
    hcp_table = _hcp_by_seat(batch)
    rng = np.random.default_rng(seed)
    positions: list[Position] = []
    for i in rng.permutation(deals):
        if len(positions) == count:
            break
        calls = auctions[i].calls
        first = SEATS.index(dealers[i])
        choices = [
            k
            for k in range(min(len(calls), 4 * ROUNDS))
            if _worth_reviewing(calls, k, int(hcp_table[i, (first + k) % 4]))
        ]
        if not choices:
            continue
        k = choices[int(rng.integers(len(choices)))]
        seat = SEATS[(first + k) % 4]
        positions.append(
            Position(
                auction=Auction(dealers[i], tuple(calls[:k])),
                vulnerability=vulnerability_state(vulnerabilities[i], seat),
                hand=Deal.from_masks(batch[i].tolist()).hand(seat).to_pbn(),
                call=calls[k],
            )
        )
    return positions


def _hcp_by_seat(batch: np.ndarray) -> np.ndarray:
    from bridgegui.engine.evaluation import hcp

    return hcp(batch.reshape(-1)).reshape(batch.shape)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bridgegui.devtools.review_positions", description=__doc__.splitlines()[0]
    )
    parser.add_argument("--system", default="sayc", help="a shipped system or a file (default sayc)")
    parser.add_argument("--count", type=int, default=160, help="positions to print (one a board)")
    parser.add_argument("-s", "--seed", type=int, default=1)
    parser.add_argument("--answers", action="store_true", help="print the system's calls instead of '?'")
    args = parser.parse_args(argv)
    if args.count < 1:
        parser.error(f"--count must be at least 1, not {args.count}")
    for position in sample_positions(load_system(args.system), args.count, args.seed):
        print(position.corpus_line(answer=args.answers))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
