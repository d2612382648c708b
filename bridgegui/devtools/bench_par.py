"""How far a system's auctions land from double-dummy par: IMPs a board, and its catch-all share.

    python -m bridgegui.devtools.bench_par --system sayc --deals 1000 --seed 1

Random deals, each with Law 2's dealer and vulnerability for its board number, are bid to the end by
the system (both sides: ``system.bid_deals``); each final contract is scored at the board's
vulnerability with its double-dummy tricks, and set against the deal's par score (both from North-
South's side).  The figure is the mean of the absolute IMP difference: 0 for a system that always
reaches par, about 4.9 for a crude rule that sees both partnership hands and bids game with 25 points
and a fit, slam with 33.  It needs the ``dd`` extra (endplay).  In-process figures.
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from bridgegui.engine import double_dummy
from bridgegui.engine.bidding import load_system
from bridgegui.engine.bidding.calls import STRAINS
from bridgegui.engine.bidding.checker import measure_coverage
from bridgegui.engine.bidding.system import bid_deals
from bridgegui.engine.boards import board_dealer, board_vulnerability
from bridgegui.engine.cards import SEATS
from bridgegui.engine.dealing import deal_batch
from bridgegui.engine.scoring import duplicate_score, imps

_TABLE_ROW = {"S": 0, "H": 1, "D": 2, "C": 3, "NT": 4}
"""Row of a strain in ``DDTable.tricks`` (S H D C NT)."""


def imps_from_par(system_name: str, deals: int, seed: int) -> tuple[float, float, float]:
    """``(mean |IMPs| from par, mean IMPs for NS against par, seconds)`` over ``deals`` random boards."""
    system = load_system(system_name)
    batch = deal_batch(deals, seed=seed)
    numbers = np.arange(deals) % 16 + 1
    dealers = [board_dealer(int(n)) for n in numbers]
    vulnerabilities = [board_vulnerability(int(n)) for n in numbers]
    start = time.perf_counter()
    auctions, _ = bid_deals(system, batch, dealers, vulnerabilities)
    tables = double_dummy.dd_tables(batch)
    level = np.zeros(deals, dtype=np.int64)
    strain = np.zeros(deals, dtype=np.int64)
    doubled = np.zeros(deals, dtype=np.int64)
    vulnerable = np.zeros(deals, dtype=bool)
    tricks = np.zeros(deals, dtype=np.int64)
    ns_sign = np.ones(deals, dtype=np.int64)
    par_ns = np.zeros(deals, dtype=np.int64)
    for i, (auction, table) in enumerate(zip(auctions, tables, strict=True)):
        par_ns[i] = double_dummy.par(table, dealers[i], vulnerabilities[i]).score
        contract = auction.contract()
        if contract is None:
            continue
        seat = SEATS.index(contract.declarer)
        level[i] = contract.level
        strain[i] = STRAINS.index(contract.strain)
        doubled[i] = {"": 0, "X": 1, "XX": 2}[contract.doubled]
        side = "NS" if contract.declarer in "NS" else "EW"
        vulnerable[i] = vulnerabilities[i] in ("All", side)
        tricks[i] = table.tricks[_TABLE_ROW[contract.strain]][seat]
        ns_sign[i] = 1 if side == "NS" else -1
    score_ns = duplicate_score(level, strain, doubled, vulnerable, tricks) * ns_sign
    difference = imps(score_ns - par_ns)
    elapsed = time.perf_counter() - start
    return float(np.mean(np.abs(difference))), float(np.mean(difference)), elapsed


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bridgegui.devtools.bench_par", description=__doc__.splitlines()[0])
    parser.add_argument("--system", action="append", help="a shipped system or a file (repeatable; default sayc, acol)")
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--boards", type=int, default=2000, help="random boards for the catch-all share")
    parser.add_argument("-s", "--seed", type=int, default=1)
    args = parser.parse_args(argv)
    if not double_dummy.available():
        print(double_dummy.unavailable_message())
        return 1
    for name in args.system or ["sayc", "acol"]:
        mean_abs, mean_signed, seconds = imps_from_par(name, args.deals, args.seed)
        coverage = measure_coverage(load_system(name), args.boards, seed=args.seed)
        print(
            f"{name}: {mean_abs:.2f} IMPs a board from double-dummy par over {args.deals:,} random deals "
            f"(NS mean {mean_signed:+.2f}; {seconds:.1f} s in-process); catch-all calls {100 * coverage.share:.1f} % "
            f"of {coverage.calls:,} on {coverage.boards:,} boards; {coverage.strong_passes} hands of 20+ HCP passed "
            "their first call"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
