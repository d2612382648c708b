"""What a call would score: double-dummy simulation of candidate calls at a decision point.

The method is the one strong players use to settle a bidding argument, and the one Old Lady's
constraint view makes exact: deal the boards consistent with the auction so far (and the hand the
player can see), let each candidate call be made, let the system finish the auction, and score each
final contract by its double-dummy result.  bridgegui deals those boards *exactly*
(``request_for_auction`` plus the known hand as predealt cards, ``inference.auction_request``), so
the comparison is over precisely the deals on which the system bids the prefix.

Work is done in chunks of ``CHUNK_DEALS`` deals, chunk ``i`` dealt from a seed derived from the
run's seed and ``i`` (``chunk_seed``).  A chunk is dealt, bid to the end for every candidate
(batched: the deals are grouped by auction so far and each group's hands chosen for at once), and
solved double dummy for only the (deal, strain, declarer) triples its final contracts need, in one
batch (``double_dummy.contract_tricks``).  The chunks are combined in order, so a seeded run gives
the same result whether the chunks run one after another, on several worker threads, or on a Dask
cluster (``bridgegui.engine.bidding.cluster``, imported only when a cluster is asked for).

``simulate`` is a generator: it yields a ``SimulationProgress`` after every chunk, and the caller
stops it between chunks (``cancel``, or simply by not asking for more).  Results are typed records
of numbers; the window and the command line word them.  No Qt here.
"""

from __future__ import annotations

import functools
import math
import threading
from collections.abc import Iterator, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field

import numpy as np

from bridgegui.engine.bidding.calls import STRAINS, Auction, AuctionError, Call, Contract
from bridgegui.engine.bidding.inference import VULNERABILITIES, KnownHand, auction_request
from bridgegui.engine.bidding.system import System
from bridgegui.engine.cards import SEATS, seat_index
from bridgegui.engine.dealer import planner
from bridgegui.engine.errors import BridgeError
from bridgegui.engine.scoring import duplicate_score, imps

CHUNK_DEALS = 40
"""Deals per chunk: small enough that progress comes often (a chunk of three candidates solves in well
under a second on two cores), large enough that DDS has a batch to spread over the cores.  Part of
what a seed means: a run's deals depend on it, so it is fixed, never derived from the machine."""

DEFAULT_SIMULATION_DEALS = 200
"""Deals a simulation takes when not told: the standard error of a mean IMP difference is then
typically 0.2-0.5 IMPs, enough to tell a good call from a poor one."""

PASSED_OUT = 0
"""``ChunkResult.level`` of a board passed out (scores 0)."""

_DD_STRAIN = np.array([3, 2, 1, 0, 4], dtype=np.int64)
"""``bidding.calls.STRAINS`` index (C D H S NT) -> ``double_dummy.STRAINS`` row (S H D C NT)."""


@dataclass(frozen=True, slots=True)
class SimulationSetup:
    """Everything a chunk needs, as plain data that can travel to another process or machine.

    ``system`` is a shipped system's name or a system file's path (which a remote worker must be able
    to read at that path); ``auction`` the calls so far, ``dealer`` the seat that made the first;
    ``candidates`` the calls to compare (the first is the reference for IMPs); ``known`` a seat whose
    cards are known (its side's scores are reported; without it, the side of the seat to call);
    ``vulnerable`` the board's vulnerability, ``"None" "NS" "EW" "All"``.
    """

    system: str
    auction: str
    dealer: str
    candidates: tuple[str, ...]
    known: KnownHand | None = None
    vulnerable: str = "None"
    method: str = "boards"


@dataclass(frozen=True)
class _Prepared:
    system: System
    prefix: Auction
    calls: tuple[Call, ...]
    plan: planner.DealPlan
    side: int  # 0 North-South, 1 East-West: whose scores are reported


def _side(seat: str) -> int:
    return seat_index(seat) % 2


def _declarer_vulnerable(vulnerable: str, declarer: np.ndarray) -> np.ndarray:
    ns = vulnerable in ("NS", "All")
    ew = vulnerable in ("EW", "All")
    return np.where(declarer % 2 == 0, ns, ew)


@functools.lru_cache(maxsize=8)
def prepare(setup: SimulationSetup) -> _Prepared:
    """Check a setup and make what every chunk reuses: the system, the calls, the dealing plan.

    Cached per process (a cluster worker prepares once per setup).  Raises ``BridgeError``
    subclasses: ``SystemFileError``, ``AuctionError`` for an illegal candidate, ``ImpossibleError``
    for a prefix the system never bids (with the known hand).
    """
    from bridgegui.engine.bidding import load_system

    if setup.vulnerable not in VULNERABILITIES:
        raise BridgeError(f"{setup.vulnerable!r} is not a vulnerability: use None, NS, EW or All")
    if not setup.candidates:
        raise BridgeError("a simulation needs at least one candidate call")
    system = load_system(setup.system)
    prefix = Auction.parse(setup.dealer, setup.auction)
    if prefix.is_complete:
        raise AuctionError(f"the auction {prefix.text()} is over: there is no call to simulate")
    calls = []
    for text in setup.candidates:
        call = Call.parse(text.strip())
        if not prefix.is_legal(call):
            raise AuctionError(f"{call.symbol()} is not a legal call after {prefix.text() or 'nothing'}")
        calls.append(call)
    if len(set(calls)) != len(calls):
        raise BridgeError("each candidate call is given once")
    request = auction_request(system, prefix, known=setup.known, vulnerable=setup.vulnerable)
    plan = planner.plan_request(request)
    seat = setup.known.seat if setup.known is not None else prefix.next_seat
    return _Prepared(system, prefix, tuple(calls), plan, _side(seat))


def chunk_seed(seed: int, index: int) -> int:
    """Chunk ``index``'s own seed, derived from the run's (numpy's ``SeedSequence``: independent streams)."""
    state = np.random.SeedSequence([seed, index]).generate_state(4, dtype=np.uint32)
    return int.from_bytes(state.tobytes(), "little")


def chunk_sizes(count: int, chunk: int = CHUNK_DEALS) -> list[int]:
    """The sizes of a run's chunks: full chunks, then the rest."""
    if count < 1:
        raise BridgeError(f"a simulation needs at least 1 deal, not {count}")
    return [min(chunk, count - lo) for lo in range(0, count, chunk)]


def finish_auctions(system: System, deals: np.ndarray, auction: Auction, vulnerable: str = "None") -> list[Auction]:
    """The system's auction for every deal of a ``(n, 4)`` batch, continued from ``auction``.

    As ``System.bid_batch`` does from the start: each round the deals are grouped by auction so far
    and each group's hands chosen for in one ``System.choose``.  ``vulnerable`` is the board's.
    """
    return system.bid_batch_with_rules(deals, auction.dealer, vulnerable, start=auction)[0]


@dataclass(frozen=True)
class ChunkResult:
    """One chunk's deals and, per candidate (rows) and deal (columns), the final contract and its result.

    ``level`` 1-7 (``PASSED_OUT`` for a pass-out), ``strain`` index of ``bidding.calls.STRAINS``,
    ``doubled`` 0-2, ``declarer`` 0-3 (N E S W; -1 when passed out), ``tricks`` double dummy (0 when
    passed out), ``score`` duplicate score from the reported side.
    """

    index: int
    deals: np.ndarray
    level: np.ndarray
    strain: np.ndarray
    doubled: np.ndarray
    declarer: np.ndarray
    tricks: np.ndarray
    score: np.ndarray


def _contracts(auctions: Sequence[Auction]) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Arrays ``level, strain, doubled, declarer`` of the auctions' final contracts."""
    n = len(auctions)
    level, strain, doubled, declarer = (np.zeros(n, dtype=np.int8) for _ in range(4))
    declarer[:] = -1
    cache: dict[tuple[Call, ...], Contract | None] = {}
    for i, auction in enumerate(auctions):
        key = tuple(auction.calls)
        if key not in cache:
            cache[key] = auction.contract()
        contract = cache[key]
        if contract is None:
            continue
        level[i] = contract.level
        strain[i] = STRAINS.index(contract.strain)
        doubled[i] = len(contract.doubled)
        declarer[i] = SEATS.index(contract.declarer)
    return level, strain, doubled, declarer


def simulate_chunk(setup: SimulationSetup, seed: int, index: int, size: int) -> ChunkResult:
    """Chunk ``index`` of a run seeded ``seed``: ``size`` deals dealt, bid for every candidate, solved, scored.

    A pure function of its arguments (the cluster runs it remotely and gets what a local run gets).
    """
    from bridgegui.engine import double_dummy

    prepared = prepare(setup)
    deals = planner.deal(prepared.plan, size, seed=chunk_seed(seed, index))
    k, c = deals.shape[0], len(prepared.calls)
    level, strain, doubled, declarer = (np.zeros((c, k), dtype=np.int8) for _ in range(4))
    for j, call in enumerate(prepared.calls):
        # A candidate that ends the auction leaves nothing to bid: finish_auctions returns it as it is.
        final = finish_auctions(prepared.system, deals, prepared.prefix + call, setup.vulnerable)
        level[j], strain[j], doubled[j], declarer[j] = _contracts(final)
    # Each (deal, strain, declarer) the contracts need, solved once for all candidates.
    played = level > 0
    deal_of = np.broadcast_to(np.arange(k), (c, k))[played]
    keys = (deal_of * 5 + _DD_STRAIN[strain[played]]) * 4 + declarer[played]
    unique, inverse = np.unique(keys, return_inverse=True)
    solved = double_dummy.contract_tricks(deals[unique // 20], (unique // 4) % 5, unique % 4, method=setup.method)
    tricks = np.zeros((c, k), dtype=np.int8)
    tricks[played] = solved[inverse.reshape(-1)]
    vulnerable = _declarer_vulnerable(setup.vulnerable, declarer)
    by_declarer = duplicate_score(level, strain, doubled, vulnerable, tricks)
    sign = np.where(declarer % 2 == prepared.side, 1, -1)
    score = np.where(played, by_declarer * sign, 0).astype(np.int32)
    return ChunkResult(index, deals, level, strain, doubled, declarer, tricks, score)


@dataclass(frozen=True, slots=True)
class ContractShare:
    """How often a candidate ended in one final contract, and how often it made double dummy.

    ``contract`` is None for a pass-out (which never "makes": ``made`` is 0).
    """

    contract: Contract | None
    deals: int
    made: int


@dataclass(frozen=True, slots=True)
class CandidateResult:
    """One candidate over the deals so far: mean score (from the reported side), mean IMPs against the
    first candidate with their standard error, and the final contracts reached (most frequent first)."""

    call: Call
    mean_score: float
    mean_imps: float
    se_imps: float
    contracts: tuple[ContractShare, ...]


@dataclass(frozen=True, slots=True)
class SimulationResult:
    """The candidates compared over ``deals`` deals; ``side`` is the side whose scores these are."""

    deals: int
    side: str
    vulnerable: str
    candidates: tuple[CandidateResult, ...]


@dataclass(frozen=True)
class SimulationProgress:
    """A step of ``simulate``: the chunk just solved, the result over every deal so far, and the counts."""

    chunk: ChunkResult
    result: SimulationResult
    done: int
    total: int
    seed: int


def _shares(
    level: np.ndarray, strain: np.ndarray, doubled: np.ndarray, declarer: np.ndarray, tricks: np.ndarray
) -> tuple[ContractShare, ...]:
    key = ((level.astype(np.int64) * 5 + strain) * 3 + doubled) * 5 + (declarer.astype(np.int64) + 1)
    values, first, counts = np.unique(key, return_index=True, return_counts=True)
    made = np.zeros(values.size, dtype=np.int64)
    ok = (level > 0) & (tricks >= level.astype(np.int64) + 6)
    np.add.at(made, np.searchsorted(values, key), ok)
    shares = []
    for v, i, n, m in zip(values.tolist(), first.tolist(), counts.tolist(), made.tolist(), strict=True):
        if level[i] == PASSED_OUT:
            contract = None
        else:
            contract = Contract(int(level[i]), STRAINS[strain[i]], "X" * int(doubled[i]), SEATS[declarer[i]])
        shares.append((n, v, ContractShare(contract, int(n), int(m))))
    shares.sort(key=lambda t: (-t[0], t[1]))
    return tuple(s for _, _, s in shares)


def summarise(chunks: Sequence[ChunkResult], calls: Sequence[Call], side: int, vulnerable: str) -> SimulationResult:
    """The ``SimulationResult`` of chunks (combined in the order given)."""
    if not chunks:
        raise BridgeError("no deals simulated")

    def joined(name: str) -> np.ndarray:
        return np.concatenate([getattr(chunk, name) for chunk in chunks], axis=1)

    level, strain, doubled, declarer, tricks, score = (
        joined(n) for n in ("level", "strain", "doubled", "declarer", "tricks", "score")
    )
    n = score.shape[1]
    candidates = []
    for j, call in enumerate(calls):
        swing = imps(score[j].astype(np.int64) - score[0])
        se = float(swing.std(ddof=1) / math.sqrt(n)) if n > 1 else 0.0
        candidates.append(
            CandidateResult(
                call,
                float(score[j].mean()),
                float(swing.mean()),
                se,
                _shares(level[j], strain[j], doubled[j], declarer[j], tricks[j]),
            )
        )
    return SimulationResult(n, ("NS", "EW")[side], vulnerable, tuple(candidates))


@dataclass
class _Ordered:
    """Chunks run on a thread pool, handed back in order, at most ``ahead`` in flight."""

    setup: SimulationSetup
    seed: int
    sizes: list[int]
    workers: int
    futures: dict[int, Future[ChunkResult]] = field(default_factory=dict)

    def __iter__(self) -> Iterator[ChunkResult]:
        with ThreadPoolExecutor(self.workers, thread_name_prefix="bridgegui-simulation") as pool:
            try:
                following = 0
                for index in range(len(self.sizes)):
                    while following < len(self.sizes) and following < index + self.workers + 1:
                        size = self.sizes[following]
                        self.futures[following] = pool.submit(simulate_chunk, self.setup, self.seed, following, size)
                        following += 1
                    yield self.futures.pop(index).result()
            finally:
                for future in self.futures.values():
                    future.cancel()


def simulate(
    setup: SimulationSetup,
    count: int = DEFAULT_SIMULATION_DEALS,
    *,
    seed: int | None = None,
    workers: int = 1,
    cancel: threading.Event | None = None,
    cluster: str | None = None,
) -> Iterator[SimulationProgress]:
    """Compare ``setup.candidates`` over ``count`` deals: a ``SimulationProgress`` after every chunk.

    ``workers`` threads deal, bid and solve chunks side by side (double dummy itself always runs on
    every core, one batch at a time); ``cluster`` is a Dask scheduler's address
    (``tcp://HOST:8786``), which needs the ``cluster`` extra.  The result depends only on the setup,
    ``count`` and ``seed``, never on ``workers`` or where the chunks ran.  Setting ``cancel`` (or
    closing the generator) stops it after the chunk in hand.  Errors in the setup raise before
    anything is dealt.
    """
    from bridgegui.engine.dealing import new_seed

    prepared = prepare(setup)
    sizes = chunk_sizes(count)
    run_seed = new_seed() if seed is None else seed
    if workers < 1:
        raise BridgeError(f"a simulation needs at least 1 worker, not {workers}")
    if cluster is not None:
        from bridgegui.engine.bidding.cluster import cluster_chunks

        chunks: Iterator[ChunkResult] = cluster_chunks(cluster, setup, run_seed, sizes)
    elif workers == 1:
        chunks = (simulate_chunk(setup, run_seed, i, size) for i, size in enumerate(sizes))
    else:
        chunks = iter(_Ordered(setup, run_seed, sizes, workers))
    done: list[ChunkResult] = []
    try:
        for chunk in chunks:
            done.append(chunk)
            result = summarise(done, prepared.calls, prepared.side, setup.vulnerable)
            yield SimulationProgress(chunk, result, result.deals, count, run_seed)
            if cancel is not None and cancel.is_set():
                return
    finally:
        close = getattr(chunks, "close", None)
        if close is not None:
            close()


def contract_text(contract: Contract | None) -> str:
    """A final contract as the Contract tag spells it, with the declarer: ``"4H@N"``, ``"3NTX@S"``, ``"PASS"``."""
    return "PASS" if contract is None else f"{contract}@{contract.declarer}"


__all__ = [
    "CHUNK_DEALS",
    "DEFAULT_SIMULATION_DEALS",
    "CandidateResult",
    "ChunkResult",
    "ContractShare",
    "SimulationProgress",
    "SimulationResult",
    "SimulationSetup",
    "chunk_seed",
    "chunk_sizes",
    "contract_text",
    "finish_auctions",
    "prepare",
    "simulate",
    "simulate_chunk",
    "summarise",
]
