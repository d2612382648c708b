"""Sets from several scenarios: counts per scenario, a seeded order that does not cluster, one deal each.

A teacher's evening mixes scenarios ("Stayman", "transfers", "weak twos") into one set.  Each scenario is
dealt on its own, exactly as a set of that scenario alone would be (the constrained dealer's rejection
law: every board is a draw from its scenario's distribution), and the boards are then put in a seeded
random order:

* **Counts.**  ``split_counts`` shares the total among the sources by weight with the largest
  remainder method; ties (equal weights) give the extra boards to the first sources.
* **Order.**  ``interleave`` never puts one scenario on two boards in a row when the counts allow
  it (no scenario holds more than half the boards, rounded up).  When one scenario holds more, its
  boards are cut into as many runs as the others can separate, the runs as even as possible (their
  lengths differ by at most one), so its longest run is the shortest possible.  Within those rules
  the order is random: at each board a scenario is drawn with probability proportional to the
  boards it still has, among those that keep the rules possible for the rest of the set.
* **Alternatives.**  A levelled scenario (``engine.dealer.levelling``) contributes one sub-scenario per
  alternative; its boards are split evenly among them and ordered among themselves the same way.
* **Rotation.**  ``engine.dealer.rotation.placements`` turns each board (none, Law 2 dealers, or swapping
  the partnerships at random); turning is a bijection, so the distribution is unchanged.

Every board records its scenario in a ``Scenario`` tag (a script's file stem, a preset's name) and,
when levelled, its alternative in an ``Alternative`` tag.  The order, the swaps and each scenario's
deals come from independent streams derived from the set's seed (``numpy.random.SeedSequence``
spawn keys), so the same seed gives the same set.  A set of one scenario and one alternative uses
the set's seed itself, so it is the set the plain dealer gives for that seed, only turned.

No Qt here: the window runs ``deal_set`` in its job runner, the command line runs ``deal_set_now``.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Generator, Sequence
from dataclasses import dataclass, field

import numpy as np

from bridgegui.engine.boards import Board, board_vulnerability
from bridgegui.engine.cards import SEATS, Deal
from bridgegui.engine.dealer import planner
from bridgegui.engine.dealer.constraints import DealRequest
from bridgegui.engine.dealer.rotation import partnership_swaps, placements, rotate_deals, turned_vulnerability
from bridgegui.engine.errors import BridgeError, ImpossibleError

ORDER_KEY, SWAP_KEY, DEAL_KEY = 0, 1, 2
"""Spawn keys of the independent random streams derived from a set's seed."""


@dataclass(frozen=True)
class Scenario:
    """One scenario of a set: what to deal and who deals it.

    * ``name``: what each board records in its ``Scenario`` tag ("" records nothing).
    * ``request``: the constraints, written for the seats as the scenario sees them.
    * ``dealer``: the seat the request treats as the dealer (North unless the scenario says
      otherwise: a preset's or a script's dealer; an auction is always written for North).
    * ``fixed_dealer``: the seat that deals every board when the set is not rotated; ``None``: the
      board number decides (Law 2).
    * ``follows_board``: an auction scenario: its dealer makes the first call, so even without a
      rotation its deal is turned to the board's dealer.
    * ``vulnerable``: a vulnerability the scenario fixes (a script's ``vulnerable``), else ``None``.
    * ``alternative``: for a levelled scenario, the alternative this part deals ("" otherwise).
    * ``request_at``: for an auction, its request at a board's vulnerability as the scenario's dealer
      sees it (``engine.bidding.requests_by_vulnerability``): each board is then dealt at its own
      vulnerability, from one stream per distinct request.  ``None``: ``request`` for every board.
    """

    name: str
    request: DealRequest
    dealer: str = "N"
    fixed_dealer: str | None = None
    follows_board: bool = False
    vulnerable: str | None = None
    alternative: str = ""
    request_at: Callable[[str], DealRequest] | None = field(default=None, compare=False, repr=False)

    def __post_init__(self) -> None:
        for seat in (self.dealer, self.fixed_dealer):
            if seat is not None and seat not in SEATS:
                raise BridgeError(f"{seat!r} is not a seat: use N, E, S or W")


@dataclass(frozen=True)
class SetSource:
    """One source of a set and its weight: one scenario, or a levelled scenario's alternatives."""

    parts: tuple[Scenario, ...]
    weight: int = 1

    def __post_init__(self) -> None:
        if not self.parts:
            raise BridgeError("a source of a set needs at least one scenario")
        if isinstance(self.weight, bool) or self.weight < 1:
            raise BridgeError(f"a weight is a whole number of at least 1, not {self.weight!r}")

    @property
    def name(self) -> str:
        return self.parts[0].name

    def with_weight(self, weight: int) -> SetSource:
        """The same scenario with another weight (the window lists a count per scenario: counts are weights)."""
        return SetSource(self.parts, weight)


@dataclass(frozen=True)
class SetProgress:
    """How dealing a set is going: boards ``found`` of ``wanted``, deals ``tried``, seconds ``elapsed``."""

    found: int
    wanted: int
    tried: int
    elapsed: float


def split_counts(total: int, weights: Sequence[int]) -> list[int]:
    """``total`` boards shared by ``weights`` (largest remainder; ties give the extra to the first)."""
    if total < 0 or not weights or any(w < 1 for w in weights):
        raise BridgeError("a set shares a count of 0 or more among weights of at least 1")
    whole = sum(weights)
    counts = [total * w // whole for w in weights]
    remainders = [total * w % whole for w in weights]
    extra = total - sum(counts)
    for i in sorted(range(len(weights)), key=lambda i: (-remainders[i], i))[:extra]:
        counts[i] += 1
    return counts


def _feasible(counts: Sequence[int], previous: int | None) -> bool:
    """Whether the rest can follow ``previous`` with no scenario twice in a row."""
    total = sum(counts)
    if any(c > (total + 1) // 2 for c in counts):
        return False
    return previous is None or counts[previous] <= total // 2


def _spread(counts: list[int], rng: np.random.Generator) -> list[int]:
    """No repeats: each step draws a scenario by its remaining count among those that keep it possible."""
    remaining = list(counts)
    order: list[int] = []
    previous: int | None = None
    for _ in range(sum(counts)):
        choices = []
        for i, c in enumerate(remaining):
            if c == 0 or i == previous:
                continue
            remaining[i] -= 1
            if _feasible(remaining, i):
                choices.append(i)
            remaining[i] += 1
        weights = np.array([remaining[i] for i in choices], dtype=np.float64)
        pick = choices[int(rng.choice(len(choices), p=weights / weights.sum()))]
        order.append(pick)
        remaining[pick] -= 1
        previous = pick
    return order


def interleave(counts: Sequence[int], rng: np.random.Generator) -> np.ndarray:
    """A seeded order of ``counts[i]`` boards of each scenario ``i``: no scenario twice in a row when
    the counts allow it, else the dominant scenario's runs as short and even as possible (module docstring)."""
    counts = [int(c) for c in counts]
    if any(c < 0 for c in counts):
        raise BridgeError("counts are 0 or more")
    total = sum(counts)
    if total == 0:
        return np.zeros(0, dtype=np.int64)
    top = max(range(len(counts)), key=lambda i: counts[i])
    if counts[top] <= (total + 1) // 2:
        return np.asarray(_spread(counts, rng), dtype=np.int64)
    # One scenario holds more than half: the others separate it into runs.  The others never touch
    # each other, so any order of theirs keeps the rule; they are shuffled.
    others = np.asarray([i for i, c in enumerate(counts) if i != top for _ in range(c)], dtype=np.int64)
    others = rng.permutation(others)
    runs = len(others) + 1
    sizes = np.full(runs, counts[top] // runs, dtype=np.int64)
    sizes[rng.choice(runs, size=counts[top] % runs, replace=False)] += 1
    order: list[int] = []
    for k in range(runs):
        order.extend([top] * int(sizes[k]))
        if k < len(others):
            order.append(int(others[k]))
    return np.asarray(order, dtype=np.int64)


def count_runs(sequence: Sequence[int] | np.ndarray) -> int:
    """Runs of equal neighbours (``AABA`` has 3): what a runs test counts."""
    values = np.asarray(sequence)
    return 0 if values.size == 0 else int(1 + np.count_nonzero(values[1:] != values[:-1]))


def _stream(seed: int, *key: int) -> np.random.Generator:
    return np.random.default_rng(np.random.SeedSequence(seed, spawn_key=key))


def set_counts(sources: Sequence[SetSource], total: int) -> list[list[int]]:
    """Boards per source (by weight), and within a source per part (evenly, the extra to the first)."""
    shares = split_counts(total, [s.weight for s in sources])
    return [split_counts(share, [1] * len(s.parts)) for s, share in zip(sources, shares, strict=True)]


def board_order(counts: Sequence[Sequence[int]], seed: int) -> list[tuple[int, int]]:
    """``(source, part)`` for each board in set order: sources interleaved, then each source's parts."""
    rng = _stream(seed, ORDER_KEY)
    sources = interleave([sum(c) for c in counts], rng)
    parts = [iter(interleave(c, rng).tolist()) for c in counts]
    return [(int(s), next(parts[s])) for s in sources.tolist()]


def deal_set(
    sources: Sequence[SetSource],
    total: int,
    *,
    first_board: int = 1,
    seed: int,
    rotation: str = "none",
    max_tries: int = planner.DEFAULT_MAX_TRIES,
    cancel: threading.Event | None = None,
) -> Generator[SetProgress, None, list[Board] | None]:
    """Deal ``total`` boards from ``sources``: yields progress per engine batch, returns the boards
    in order (``None`` when cancelled).  ``ImpossibleError`` names the scenario that could not be dealt."""
    if not sources:
        raise BridgeError("a set needs at least one scenario")
    counts = set_counts(sources, total)
    single = len(sources) == 1 and len(sources[0].parts) == 1
    started = time.perf_counter()
    tried_before = found = 0
    dealt: list[list[np.ndarray]] = []
    for i, (source, part_counts) in enumerate(zip(sources, counts, strict=True)):
        dealt.append([])
        for j, (scenario, count) in enumerate(zip(source.parts, part_counts, strict=True)):
            groups = _request_groups(
                scenario, (i, j), counts, count, first_board=first_board, seed=seed, rotation=rotation
            )
            rows = np.zeros((count, 4), dtype=np.uint64)
            for g, (request, members) in enumerate(groups):
                rng = None if single and g == 0 else _stream(seed, DEAL_KEY, i, j, *((g,) if g else ()))
                batches: list[np.ndarray] = []
                tried = 0
                try:
                    stream = planner.deal_stream(
                        request,
                        len(members),
                        seed=seed if single and g == 0 else None,
                        rng=rng,
                        cancel=cancel,
                        max_tries=max_tries,
                    )
                    for progress in stream:
                        batches.append(progress.deals)
                        tried = progress.tried
                        yield SetProgress(
                            found + progress.matched, total, tried_before + tried, time.perf_counter() - started
                        )
                except ImpossibleError as exc:
                    named = _label(scenario)
                    if not named:
                        raise
                    raise ImpossibleError(
                        f"{named}: {exc}", seat=exc.seat, field=exc.field, reason=exc.reason
                    ) from None
                if cancel is not None and cancel.is_set():
                    return None
                tried_before += tried
                found += len(members)
                if batches:
                    rows[members] = np.concatenate(batches)[: len(members)]
            dealt[i].append(rows)
    return assemble(sources, dealt, first_board=first_board, seed=seed, rotation=rotation)


def _request_groups(
    scenario: Scenario,
    part: tuple[int, int],
    counts: Sequence[Sequence[int]],
    count: int,
    *,
    first_board: int,
    seed: int,
    rotation: str,
) -> list[tuple[DealRequest, list[int]]]:
    """The requests a part deals, each with the indices of the part's boards (in set order) it deals.

    One request for all of them, unless the scenario is an auction (``request_at``): then each board's
    vulnerability as the scenario's dealer sees it (Law 2's for its number, or the scenario's own,
    turned back by the turn ``assemble`` will give the board) picks its request, so the system bids
    the auction at the board's own vulnerability.  The set order and the turns come from the same
    seeded streams ``assemble`` uses, so they are known before anything is dealt.
    """
    if scenario.request_at is None or count == 0:
        return [(scenario.request, list(range(count)))] if count else []
    order = board_order(counts, seed)
    positions = [k for k, key in enumerate(order) if key == part]
    numbers = np.arange(first_board, first_board + len(order), dtype=np.int64)[positions]
    swaps = partnership_swaps(len(order), _stream(seed, SWAP_KEY))[positions] if rotation == "ns" else None
    turns, _ = placements(
        numbers,
        rotation,
        dealer=scenario.dealer,
        fixed_dealer=scenario.fixed_dealer,
        follows_board=scenario.follows_board,
        swaps=swaps,
    )
    groups: dict[int, tuple[DealRequest, list[int]]] = {}
    for k, (number, turn) in enumerate(zip(numbers.tolist(), turns.tolist(), strict=True)):
        board_vul = turned_vulnerability(scenario.vulnerable, turn) or board_vulnerability(number)
        request = scenario.request_at(turned_vulnerability(board_vul, turn) or "None")
        groups.setdefault(id(request), (request, []))[1].append(k)
    return list(groups.values())


def _label(scenario: Scenario) -> str:
    if scenario.alternative:
        return f"{scenario.name or 'the constraints'} ({scenario.alternative})"
    return scenario.name


def assemble(
    sources: Sequence[SetSource],
    dealt: Sequence[Sequence[np.ndarray]],
    *,
    first_board: int,
    seed: int,
    rotation: str,
) -> list[Board]:
    """The boards in set order, each turned and tagged: ``dealt[i][j]`` holds source ``i`` part ``j``'s deals."""
    counts = [[int(d.shape[0]) for d in parts] for parts in dealt]
    order = board_order(counts, seed)
    total = len(order)
    numbers = np.arange(first_board, first_board + total, dtype=np.int64)
    swaps = partnership_swaps(total, _stream(seed, SWAP_KEY)) if rotation == "ns" else None
    where: dict[tuple[int, int], list[int]] = {}
    for position, key in enumerate(order):
        where.setdefault(key, []).append(position)
    boards: list[Board | None] = [None] * total
    for (i, j), positions in where.items():
        scenario = sources[i].parts[j]
        index = np.asarray(positions, dtype=np.int64)
        turns, dealers = placements(
            numbers[index],
            rotation,
            dealer=scenario.dealer,
            fixed_dealer=scenario.fixed_dealer,
            follows_board=scenario.follows_board,
            swaps=None if swaps is None else swaps[index],
        )
        rows = rotate_deals(dealt[i][j], turns).tolist()
        tags = ((("Scenario", scenario.name),) if scenario.name else ()) + (
            (("Alternative", scenario.alternative),) if scenario.alternative else ()
        )
        for k, position in enumerate(positions):
            boards[position] = Board(
                int(numbers[position]),
                Deal.from_masks(rows[k]),
                dealer=dealers[k],
                vulnerable=turned_vulnerability(scenario.vulnerable, int(turns[k])),
                tags=tags,
            )
    return [b for b in boards if b is not None]


def deal_set_now(sources: Sequence[SetSource], total: int, **options: object) -> list[Board]:
    """``deal_set`` run to the end (the command line): the boards."""
    stream = deal_set(sources, total, **options)  # type: ignore[arg-type]
    while True:
        try:
            next(stream)
        except StopIteration as stop:
            return list(stop.value or [])


def describe_set(sources: Sequence[SetSource], total: int) -> str:
    """A header line: each scenario with its boards ("stayman 8, transfers 8, Weak two (2♥) 8")."""
    counts = set_counts(sources, total)
    return ", ".join(f"{s.name or 'the constraints'} {sum(c)}" for s, c in zip(sources, counts, strict=True))


__all__ = [
    "Scenario",
    "SetProgress",
    "SetSource",
    "assemble",
    "board_order",
    "count_runs",
    "deal_set",
    "deal_set_now",
    "describe_set",
    "interleave",
    "set_counts",
    "split_counts",
]
