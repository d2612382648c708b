"""How far a system's auctions land from double-dummy par: IMPs a board, and its catch-all share.

    python -m bridgegui.devtools.bench_par --system sayc --deals 1000 --seed 1
    python -m bridgegui.devtools.bench_par --system sayc --deals 300 --worst 20 --category "missed slam"

Random deals, each with Law 2's dealer and vulnerability for its board number, are bid to the end by
the system (both sides: ``system.bid_deals``); each final contract is scored at the board's
vulnerability with its double-dummy tricks, and set against the deal's par score (both from North-
South's side).  The figure is the mean of the absolute IMP difference: 0 for a system that always
reaches par, about 4.9 for a crude rule that sees both partnership hands and bids game with 25 points
and a fit, slam with 33.  ``--reference SEEDS`` prints a better yardstick: a partnership that sees
both hands and takes its contract from a table learned on other seeds (``par_reference``), about 4.15
on seeds 1-5 (4.19 learned on seeds 6-8), and sets each system against it on the boards both sides
called on and on those only one side did: the system's shortfall against a partnership that sees
both hands is mostly in the contested ones.  It needs the ``dd`` extra (endplay).  In-process figures.

Solving the deals is most of the time, and the deals of a seed never change, so the double-dummy
tables and par results are kept per (seed, deals) in the user cache folder (``$BRIDGEGUI_CACHE_DIR``
when set): a rerun after a change to a system file only bids.  ``--worst N`` prints the boards
furthest from par with their hands and auctions (each call with the file and line of its rule), and
the IMPs lost are broken down by what went wrong (missed game, wrong strain, let them play, ...) so
that work on a system starts where the IMPs are.
"""

from __future__ import annotations

import argparse
import os
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from bridgegui.engine import double_dummy
from bridgegui.engine.bidding import load_system
from bridgegui.engine.bidding.calls import PASS, STRAINS, Auction, Contract
from bridgegui.engine.bidding.checker import measure_coverage
from bridgegui.engine.bidding.loader import CACHE_DIR_ENV as CACHE_DIR_ENV  # the same variable moves both caches
from bridgegui.engine.bidding.loader import user_cache_folder
from bridgegui.engine.bidding.system import NO_RULE, System, bid_deals
from bridgegui.engine.boards import board_dealer, board_vulnerability
from bridgegui.engine.cards import SEATS, Deal
from bridgegui.engine.dealing import deal_batch
from bridgegui.engine.scoring import duplicate_score, imps

_TABLE_ROW = {"S": 0, "H": 1, "D": 2, "C": 3, "NT": 4}
"""Row of a strain in ``DDTable.tricks`` (S H D C NT)."""

_CACHE_VERSION = 1
"""Part of the cache file's name: a change to what is stored makes old files unused, not misread."""

CATEGORIES = (
    "missed slam",
    "missed game",
    "overbid slam",
    "overbid game",
    "partscore level",
    "game or slam level",
    "wrong strain",
    "doubled and down",
    "passed out",
    "let them play",
    "failed to compete",
    "phantom sacrifice",
    "missed sacrifice",
    "missed penalty double",
    "at par",
)
"""What went wrong on a board, in the order the breakdown prints them."""


@dataclass(frozen=True, slots=True)
class ParData:
    """Double-dummy facts of a batch of boards: tricks ``(n, 5, 4)`` (S H D C NT x N E S W), par."""

    tricks: np.ndarray
    par_scores: np.ndarray
    par_contracts: tuple[tuple[str, ...], ...]


@dataclass(frozen=True, slots=True)
class BoardResult:
    """One board bid by the system and scored against par (scores from North-South's side)."""

    index: int
    number: int
    dealer: str
    vulnerability: str
    deal: Deal
    auction: Auction
    rules: tuple[int, ...]
    contract: Contract | None
    tricks: int
    score_ns: int
    par_score: int
    par_contracts: tuple[str, ...]
    imps: int
    category: str


def cache_folder() -> Path | None:
    """Where solved boards are kept: ``$BRIDGEGUI_CACHE_DIR/bench_par`` or the user cache folder's."""
    return user_cache_folder("bench_par")


def _cache_file(seed: int, deals: int) -> Path | None:
    folder = cache_folder()
    return None if folder is None else folder / f"dd-v{_CACHE_VERSION}-seed{seed}-deals{deals}.npz"


def _solve(batch: np.ndarray, dealers: Sequence[str], vulnerabilities: Sequence[str]) -> ParData:
    tables = double_dummy.dd_tables(batch)
    tricks = np.array([t.tricks for t in tables], dtype=np.int8).reshape(-1, 5, 4)
    pars = [double_dummy.par(t, d, v) for t, d, v in zip(tables, dealers, vulnerabilities, strict=True)]
    return ParData(tricks, np.array([p.score for p in pars], dtype=np.int64), tuple(p.contracts for p in pars))


def par_data(
    batch: np.ndarray, dealers: Sequence[str], vulnerabilities: Sequence[str], seed: int
) -> tuple[ParData, bool]:
    """The batch's double-dummy tricks and par, from the cache when it holds this very batch.

    Returns the data and whether it came from the cache.  The cached deals are compared with the
    batch, so a cache written by another dealing never gives wrong tables, only a new solve.
    """
    path = _cache_file(seed, batch.shape[0])
    if path is not None and path.exists():
        try:
            with np.load(path, allow_pickle=False) as stored:
                if np.array_equal(stored["deals"], batch):
                    contracts = tuple(tuple(c for c in row.split(";") if c) for row in stored["par_contracts"].tolist())
                    return ParData(stored["tricks"], stored["par_scores"], contracts), True
        except Exception:  # a damaged file is solved again and overwritten
            pass
    data = _solve(batch, dealers, vulnerabilities)
    if path is not None:
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            # Each writer its own partial file: runs sharing the cache folder (several checkouts, one
            # user) must not write into one file at once.
            partial = path.with_suffix(f".{os.getpid()}.partial.npz")
            np.savez_compressed(
                partial,
                deals=batch,
                tricks=data.tricks,
                par_scores=data.par_scores,
                par_contracts=np.array([";".join(c) for c in data.par_contracts], dtype=str),
            )
            partial.replace(path)
        except OSError:  # a read-only cache folder costs the next run a solve, nothing more
            pass
    return data, False


def _bucket(level: int, strain: str) -> int:
    """0 partscore, 1 game, 2 small slam, 3 grand slam."""
    if level >= 6:
        return level - 4
    if strain == "NT":
        return int(level >= 3)
    if strain in ("H", "S"):
        return int(level >= 4)
    return int(level >= 5)


def _parse_par_contract(text: str) -> tuple[int, str, bool, str, int]:
    """``"5Hx S -1"`` -> ``(5, "H", True, "NS", -1)``: level, strain, doubled, side, over/undertricks."""
    parts = text.split()
    bid = parts[0].rstrip("x")
    doubled = parts[0].endswith("x")
    result = int(parts[2]) if len(parts) > 2 else 0
    return int(bid[0]), bid[1:], doubled, "NS" if parts[1] in "NS" else "EW", result


def _score(level: int, strain: str, doubled: int, vulnerable: bool, tricks: int) -> int:
    return int(duplicate_score([level], [STRAINS.index(strain)], [doubled], [vulnerable], [tricks])[0])


def _best_contract(table: np.ndarray, side: str, vulnerable: bool) -> tuple[int, str]:
    """The side's best-scoring undoubled contract that makes double dummy, left alone: (level, strain)."""
    seats = (0, 2) if side == "NS" else (1, 3)
    best, found = -(10**6), (1, "NT")
    for strain, row in _TABLE_ROW.items():
        tricks = max(int(table[row, seats[0]]), int(table[row, seats[1]]))
        score = _score(max(tricks - 6, 1), strain, 0, vulnerable, tricks)
        if score > best:
            best, found = score, (max(tricks - 6, 1), strain)
    return found


def _short_of_own_contract(table: np.ndarray | None, side: str, vulnerability: str) -> str:
    """What the side that let the opponents play undoubled missed: its own game or slam, or the
    competition (its best contract is a partscore, or the deal's tricks are not known)."""
    if table is None:
        return "failed to compete"
    level, strain = _best_contract(table, side, vulnerability in ("All", side))
    wanted = _bucket(level, strain)
    if wanted >= 2:
        return "missed slam"
    return "missed game" if wanted == 1 else "failed to compete"


def classify(
    contract: Contract | None,
    tricks: int,
    score_ns: int,
    par_score: int,
    par_contracts: Sequence[str],
    vulnerability: str,
    table: np.ndarray | None = None,
) -> str:
    """What went wrong on a board, seen from the side that lost against par (one of ``CATEGORIES``).

    The reached contract is set against the par contract: the same side declaring them is a matter
    of level (game and slam bonuses, partscore level) or strain; the other side declaring is a matter
    of competition (letting them play, failing to outbid, a sacrifice nobody needed, a double missed).
    When par is the other side's sacrifice, the declaring side's own best contract (from ``table``,
    the deal's ``(5, 4)`` double-dummy tricks) is what its contract is set against.  When the
    would-be sacrificers declared undoubled and did better than par, a double is "missed" only if it
    would have brought the board nearer par; otherwise the other side missed its own contract.
    """
    if score_ns == par_score:
        return "at par"
    if contract is None:
        return "passed out"
    side = "NS" if contract.declarer in "NS" else "EW"
    sign = 1 if side == "NS" else -1
    ours, par_ours = score_ns * sign, par_score * sign  # both from the declaring side's view
    made = tricks >= contract.level + 6
    reached = _bucket(contract.level, contract.strain)
    if not par_contracts:  # par is a pass-out: whoever bid went down
        if contract.doubled:
            return "doubled and down"
        return ("partscore level", "overbid game", "overbid slam", "overbid slam")[reached]
    level_p, strain_p, doubled_p, side_p, result_p = _parse_par_contract(par_contracts[0])
    sacrifice = doubled_p and result_p < 0
    if side == side_p:
        if sacrifice:  # we were to sacrifice, and did declare
            if ours < par_ours:
                return "phantom sacrifice"
            if contract.doubled:
                return "game or slam level"
            vulnerable = vulnerability in ("All", side)
            doubled = _score(contract.level, contract.strain, 1, vulnerable, tricks)
            if abs(doubled - par_ours) < abs(ours - par_ours):
                return "missed penalty double"
            # No double brings it nearer par (it made, or the penalty overshoots): the other side,
            # whose game or slam par saves against, stopped short of bidding it.
            return _short_of_own_contract(table, "EW" if side == "NS" else "NS", vulnerability)
        wanted = _bucket(level_p, strain_p)
        if reached < wanted:
            return "missed slam" if wanted >= 2 else "missed game"
        if reached > wanted:
            return "overbid slam" if reached >= 2 else "overbid game"
        if contract.strain != strain_p and (not made or ours < par_ours):
            return "wrong strain"
        if contract.doubled and not made:
            return "doubled and down"
        return "partscore level" if wanted == 0 else "game or slam level"
    # The other side declared.
    if sacrifice:  # par: the other side sacrifices against our contract (we are the declarer here)
        if ours > par_ours:
            return "missed sacrifice"
        if table is not None:
            best_level, best_strain = _best_contract(table, side, vulnerability in ("All", side))
            wanted = _bucket(best_level, best_strain)
            if reached < wanted:
                return "missed slam" if wanted >= 2 else "missed game"
            if reached > wanted:
                return "overbid slam" if reached >= 2 else "overbid game"
            if contract.strain != best_strain:
                return "wrong strain"
        if contract.doubled and not made:
            return "doubled and down"
        return "partscore level" if reached == 0 else "game or slam level"
    if ours > par_ours:  # the par side lost: they let us play, or did not outbid us
        if made:
            return "let them play"
        vulnerable = vulnerability in ("All", side)
        if not contract.doubled and -_score(contract.level, contract.strain, 1, vulnerable, tricks) >= -par_ours:
            return "missed penalty double"
        return "failed to compete"
    return "phantom sacrifice"  # we bid on over their par contract and lost more than it was worth


@dataclass(frozen=True, slots=True)
class SeedBoards:
    """A seed's random deals as boards: numbers 1-16 in turn, Law 2's dealer and vulnerability, solved."""

    batch: np.ndarray
    numbers: np.ndarray
    dealers: list[str]
    vulnerabilities: list[str]
    data: ParData
    cached: bool


def seed_boards(deals: int, seed: int) -> SeedBoards:
    """The boards every par figure of ``seed`` is measured on (this benchmark's and ``par_reference``'s)."""
    batch = deal_batch(deals, seed=seed)
    numbers = np.arange(deals) % 16 + 1
    dealers = [board_dealer(int(n)) for n in numbers]
    vulnerabilities = [board_vulnerability(int(n)) for n in numbers]
    data, cached = par_data(batch, dealers, vulnerabilities, seed)
    return SeedBoards(batch, numbers, dealers, vulnerabilities, data, cached)


def score_boards(system: System, deals: int, seed: int) -> tuple[list[BoardResult], float, bool]:
    """Every board bid and scored: the results, the seconds spent bidding and scoring, cache hit."""
    boards = seed_boards(deals, seed)
    batch, numbers, dealers, vulnerabilities = boards.batch, boards.numbers, boards.dealers, boards.vulnerabilities
    data, cached = boards.data, boards.cached
    start = time.perf_counter()
    auctions, history = bid_deals(system, batch, dealers, vulnerabilities)
    level = np.zeros(deals, dtype=np.int64)
    strain = np.zeros(deals, dtype=np.int64)
    doubled = np.zeros(deals, dtype=np.int64)
    vulnerable = np.zeros(deals, dtype=bool)
    tricks = np.zeros(deals, dtype=np.int64)
    ns_sign = np.ones(deals, dtype=np.int64)
    contracts: list[Contract | None] = []
    for i, auction in enumerate(auctions):
        contract = auction.contract()
        contracts.append(contract)
        if contract is None:
            continue
        seat = SEATS.index(contract.declarer)
        level[i] = contract.level
        strain[i] = STRAINS.index(contract.strain)
        doubled[i] = {"": 0, "X": 1, "XX": 2}[contract.doubled]
        side = "NS" if contract.declarer in "NS" else "EW"
        vulnerable[i] = vulnerabilities[i] in ("All", side)
        tricks[i] = data.tricks[i, _TABLE_ROW[contract.strain], seat]
        ns_sign[i] = 1 if side == "NS" else -1
    score_ns = duplicate_score(level, strain, doubled, vulnerable, tricks) * ns_sign
    difference = imps(score_ns - data.par_scores)
    results = []
    for i, auction in enumerate(auctions):
        made = len(auction.calls)
        results.append(
            BoardResult(
                index=i,
                number=int(numbers[i]),
                dealer=dealers[i],
                vulnerability=vulnerabilities[i],
                deal=Deal.from_masks(batch[i].tolist()),
                auction=auction,
                rules=tuple(int(r) for r in history[i, :made]),
                contract=contracts[i],
                tricks=int(tricks[i]),
                score_ns=int(score_ns[i]),
                par_score=int(data.par_scores[i]),
                par_contracts=data.par_contracts[i],
                imps=int(difference[i]),
                category=classify(
                    contracts[i],
                    int(tricks[i]),
                    int(score_ns[i]),
                    int(data.par_scores[i]),
                    data.par_contracts[i],
                    vulnerabilities[i],
                    data.tricks[i],
                ),
            )
        )
    return results, time.perf_counter() - start, cached


def imps_from_par(system_name: str, deals: int, seed: int) -> tuple[float, float, float]:
    """``(mean |IMPs| from par, mean IMPs for NS against par, seconds)`` over ``deals`` random boards."""
    results, seconds, _ = score_boards(load_system(system_name), deals, seed)
    difference = np.array([r.imps for r in results], dtype=np.int64)
    return float(np.mean(np.abs(difference))), float(np.mean(difference)), seconds


def breakdown(results: Sequence[BoardResult]) -> list[tuple[str, int, int, float]]:
    """Per category with a loss: ``(category, boards, IMPs lost, IMPs a board of all boards)``, largest first."""
    lost: dict[str, list[int]] = {c: [0, 0] for c in CATEGORIES}
    for r in results:
        if r.imps:
            lost[r.category][0] += 1
            lost[r.category][1] += abs(r.imps)
    rows = [(c, n, total, total / max(len(results), 1)) for c, (n, total) in lost.items() if n]
    return sorted(rows, key=lambda row: (-row[2], CATEGORIES.index(row[0])))


CONTEST_KINDS = ("contested", "one side", "passed out")
"""Who called on a board: both sides, one side only, or nobody (Pass aside)."""


def contest_kind(auction: Auction) -> str:
    """``"contested"`` when both sides called something other than Pass (a double competes too),
    ``"one side"`` when only one did, else ``"passed out"``."""
    sides = {auction.seat_of(k) in "NS" for k, call in enumerate(auction.calls) if call != PASS}
    return CONTEST_KINDS[2 - len(sides)]


def against_reference(results: Sequence[BoardResult], reference: np.ndarray) -> list[tuple[str, int, float, float]]:
    """Per contest kind with boards: ``(kind, boards, system's IMPs, reference's IMPs)``, both a board of all boards.

    The reference (``par_reference``) sees both hands and keeps the opponents silent, so it loses the
    same on a board however the auction went; where the system falls furthest behind it is where its
    bidding, not the deal, costs IMPs.  Contested boards are where the reference knows most.
    """
    total = max(len(results), 1)
    rows = []
    for kind in CONTEST_KINDS:
        chosen = [r for r in results if contest_kind(r.auction) == kind]
        if chosen:
            system = sum(abs(r.imps) for r in chosen) / total
            oracle = float(sum(int(reference[r.index]) for r in chosen)) / total
            rows.append((kind, len(chosen), system, oracle))
    return rows


def level_bounds(results: Sequence[BoardResult]) -> tuple[float, float]:
    """IMPs a board from par if each undoubled contract were played at its best level double dummy,
    strain and declarer kept: ``(any level, only the reached level or higher)``.

    A ceiling for work on game and slam judgement, not a goal: no bidding sees the cards lie.  The
    gap between the two is the price of stopping low; what remains is strain, declarer, competition.
    """
    kept = [(r, r.contract) for r in results if r.contract is not None and not r.contract.doubled]
    if not kept:
        return 0.0, 0.0
    levels = np.arange(1, 8)
    strain = np.array([STRAINS.index(c.strain) for _, c in kept])[:, None]
    ours = np.array([c.declarer in "NS" for _, c in kept])
    vulnerable = np.array(
        [r.vulnerability in ("All", "NS" if o else "EW") for (r, _), o in zip(kept, ours, strict=True)]
    )
    tricks = np.array([r.tricks for r, _ in kept])[:, None]
    shape = (len(kept), levels.size)
    scores = duplicate_score(
        np.broadcast_to(levels, shape),
        np.broadcast_to(strain, shape),
        np.zeros(shape, dtype=np.int64),
        np.broadcast_to(vulnerable[:, None], shape),
        np.broadcast_to(tricks, shape),
    ).reshape(shape)
    reached = np.array([c.level for _, c in kept])[:, None]
    sign = np.where(ours, 1, -1)
    par = np.array([r.par_score for r, _ in kept])
    others = sum(abs(r.imps) for r in results) - sum(abs(r.imps) for r, _ in kept)
    best_any = imps(scores.max(axis=1) * sign - par)
    best_higher = imps(np.where(levels >= reached, scores, -(10**6)).max(axis=1) * sign - par)
    total = len(results)
    return (others + float(np.abs(best_any).sum())) / total, (others + float(np.abs(best_higher).sum())) / total


def _rule_label(system: System, index: int) -> str:
    if index == NO_RULE:
        return "none"
    rule = system.rules[index]
    return f"{Path(rule.source).stem or '?'}:{rule.line}{'*' if rule.catch_all else ''}"


def describe(system: System, r: BoardResult) -> str:
    """A board far from par, for a person: hands, auction with each call's rule, contract, par."""
    hands = "  ".join(f"{s} {r.deal.hand(s).to_pbn()} ({r.deal.hand(s).hcp})" for s in SEATS)
    calls = []
    for k, (call, rule) in enumerate(zip(r.auction.calls, r.rules, strict=True)):
        calls.append(f"{r.auction.seat_of(k)}:{call}[{_rule_label(system, rule)}]")
    if r.contract is None:
        reached = "passed out"
    else:
        over = r.tricks - r.contract.level - 6
        reached = f"{r.contract} by {r.contract.declarer}, {r.tricks} tricks ({f'{over:+d}' if over else '='})"
    par = ", ".join(r.par_contracts) or "pass"
    return (
        f"deal {r.index + 1} (board {r.number}, dealer {r.dealer}, vul {r.vulnerability}): {r.imps:+d} IMPs for NS"
        f" [{r.category}]\n"
        f"  {hands}\n"
        f"  {' '.join(calls)}\n"
        f"  reached {reached}: NS {r.score_ns:+d}; par {par}: NS {r.par_score:+d}"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bridgegui.devtools.bench_par", description=__doc__.splitlines()[0])
    parser.add_argument("--system", action="append", help="a shipped system or a file (repeatable; default sayc, acol)")
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--boards", type=int, default=2000, help="random boards for the catch-all share (0: skip)")
    parser.add_argument("-s", "--seed", type=int, default=1)
    parser.add_argument("--worst", type=int, default=0, metavar="N", help="print the N boards furthest from par")
    parser.add_argument("--category", choices=CATEGORIES, help="with --worst: only boards of this category")
    parser.add_argument(
        "--bounds", action="store_true", help="also the IMPs if every contract were at its best level (a ceiling)"
    )
    parser.add_argument(
        "--breakdown", action=argparse.BooleanOptionalAction, default=True, help="IMPs lost by category"
    )
    parser.add_argument(
        "--reference",
        metavar="SEEDS",
        help="also the IMPs of a partnership that sees both hands, its contract table learned on these seeds "
        "(comma-separated, not --seed; see par_reference), and each system against it on contested boards and "
        "on boards only one side bid",
    )
    args = parser.parse_args(argv)
    learning: list[int] = []
    if args.reference:
        try:
            learning = [int(s) for s in args.reference.split(",")]
        except ValueError:
            parser.error(f"--reference takes seeds separated by commas (like 1,2,3), not {args.reference!r}")
        if args.seed in learning:
            parser.error(f"--reference must not include --seed {args.seed}: the table is scored on deals it never saw")
    if not double_dummy.available():
        print(double_dummy.unavailable_message())
        return 1
    reference = None
    if args.reference:
        from bridgegui.devtools.par_reference import reference_losses

        reference = reference_losses(args.deals, args.seed, learning)
    for name in args.system or ["sayc", "acol"]:
        system = load_system(name)
        results, seconds, _ = score_boards(system, args.deals, args.seed)
        difference = np.array([r.imps for r in results], dtype=np.int64)
        mean_abs, mean_signed = float(np.mean(np.abs(difference))), float(np.mean(difference))
        line = (
            f"{name}: {mean_abs:.2f} IMPs a board from double-dummy par over {args.deals:,} random deals "
            f"(NS mean {mean_signed:+.2f}; {seconds:.1f} s in-process)"
        )
        if args.boards > 0:
            coverage = measure_coverage(system, args.boards, seed=args.seed)
            line += (
                f"; catch-all calls {100 * coverage.share:.1f} % of {coverage.calls:,} on {coverage.boards:,} boards;"
                f" {coverage.strong_passes} hands of 20+ HCP passed their first call"
            )
        print(line)
        if args.breakdown:
            for category, boards, total, per_board in breakdown(results):
                print(f"  {category:<22} {boards:>5} boards {total:>6} IMPs  {per_board:5.2f} a board")
        if args.bounds:
            any_level, higher = level_bounds(results)
            print(
                f"  ceiling: each contract at its best level double dummy (strain and declarer kept) {any_level:.2f}"
                f" IMPs a board; only ever bidding higher {higher:.2f}"
            )
        if reference is not None:
            for kind, boards, ours, oracle in against_reference(results, reference):
                print(
                    f"  {kind:<10} {boards:>5} boards  {ours:5.2f} a board; the reference {oracle:5.2f}"
                    f" ({ours - oracle:+.2f})"
                )
        if args.worst > 0:
            chosen = [r for r in results if r.imps and (args.category is None or r.category == args.category)]
            chosen.sort(key=lambda r: (-abs(r.imps), r.index))
            for r in chosen[: args.worst]:
                print(describe(system, r))
    if reference is not None:
        figure = float(np.mean(reference))
        print(
            f"reference: a partnership that sees both hands, its contract by combined HCP and fit (learned on"
            f" seeds {args.reference}), opponents silent: {figure:.2f} IMPs a board on seed {args.seed}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
