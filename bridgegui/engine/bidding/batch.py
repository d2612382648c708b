"""Bidding a whole batch of deals at once: every rule's meaning as rows of tables, judged a step at a time.

``System.choose`` judges the hands of one auction so far, rule by rule, with a handful of numpy masks
each.  Bidding 10,000 boards to the end meets some 27,000 different auctions so far, three hands
apiece on average, and those per-auction masks cost 5 seconds.  Here the whole batch moves one call
at a time instead: at each step every deal still bidding is a row; its candidates are the rules of
its auction (the same as ``System.rules_for``'s: one line of a table per distinct auction state),
taken a few columns at a time, and the meanings are compared for all the rows at once, as a flat
list of (row, candidate) cells, against each hand's measures, computed once per batch (HCP, points,
stoppers...: one column each) and its shape (one of the 560 there are).  The first candidate that
is legal and fits is the call, as in ``choose``.  A rule's ``where`` (dealer language) is asked only
for the rows whose hand meets its meaning and that no earlier candidate has surely taken.

The auctions so far live in a tree: the deals that have made the same calls share a node, whose
blocks (the pattern index), legality (last bid, who may double) and finished-ness are worked out once
when the first deal reaches it.  The results are those of ``System.choose`` call by call (the tests
compare the two on thousands of boards of each shipped system).
"""

from __future__ import annotations

import bisect
import dataclasses
import itertools
import pickle
import threading
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from bridgegui.engine.bidding.batch_states import CODES as _CODES
from bridgegui.engine.bidding.batch_states import KeyTrie, LiveStates, interned
from bridgegui.engine.bidding.batch_tables import _TABLES_COVER_MEANINGS, PASS_CODE, Hands, RuleTables
from bridgegui.engine.bidding.calls import Auction
from bridgegui.engine.bidding.collector import collector_paused

if TYPE_CHECKING:
    from bridgegui.engine.bidding.system import Block, Rule, System, WhereFunction, _PatternIndex

DOUBLE_CODE, REDOUBLE_CODE = PASS_CODE + 1, PASS_CODE + 2
NO_RULE = -1

VULNERABILITY_CODES = ("None", "NS", "EW", "All")
_STATE_OF = (
    # the VULNERABILITY_STATES index (none, we, they, both) of board vulnerability v for seat s
    (0, 0, 0, 0),
    (1, 2, 1, 2),
    (2, 1, 2, 1),
    (3, 3, 3, 3),
)
_STATE_TABLE = np.array(_STATE_OF, dtype=np.int64)


class RulesByBlock(Sequence["Rule"]):
    """A system's rules by number, read block by block as they are asked for (a cached system's
    blocks keep their rules pickled until then: ``Block.__getattr__``)."""

    def __init__(self, blocks: Sequence[Block], starts: np.ndarray) -> None:
        self._blocks = blocks
        self._starts = starts.tolist()

    def __len__(self) -> int:
        return int(self._starts[-1])

    def __getitem__(self, index: int) -> Rule:  # type: ignore[override]
        if not 0 <= index < len(self):
            raise IndexError(index)
        b = bisect.bisect_right(self._starts, index) - 1
        return self._blocks[b].rules[index - self._starts[b]]


@dataclasses.dataclass
class BatchIndex:
    """What a system keeps between batches: the rule tables and the candidates of each (blocks,
    position, vulnerability) met so far, by number (a system has a few thousand of them)."""

    tables: RuleTables
    blocksets: dict[tuple[int, ...], int] = dataclasses.field(default_factory=dict)
    blockset_list: list[tuple[int, ...]] = dataclasses.field(default_factory=list)
    candidates: dict[tuple[int, int, int], tuple[int, ...]] = dataclasses.field(default_factory=dict)
    block_memo: dict[int, int] = dataclasses.field(default_factory=dict)
    """The blockset of an auction by its states (``_bid_tree``'s ``blocks_of``): the automaton's
    number, the exact and the after-passes tries' states, as one number."""
    block_rules: dict[int, tuple[int, ...]] = dataclasses.field(default_factory=dict)
    """Each block's rule indices for a position and vulnerability bit (``_block``), by ``block * 16 + bit``."""
    block_applies: dict[int, list[tuple[int, int]]] = dataclasses.field(default_factory=dict)
    """Each block's rule indices with where each applies (``RuleTables.applies``)."""
    shares: tuple[np.ndarray, np.ndarray, np.ndarray] | None = None
    """Every block's rules for every position and vulnerability (``_shares``)."""
    tries: tuple[KeyTrie, KeyTrie] | None = None
    """The pattern index's ``exact`` and ``after_passes`` keys as tries (``KeyTrie``), built when first bid."""
    live_states: LiveStates | None = None
    """The general patterns' automaton, made deterministic as auctions meet it (``LiveStates``)."""
    lock: threading.Lock = dataclasses.field(default_factory=threading.Lock)

    @classmethod
    def for_system(cls, system: System) -> BatchIndex:
        """``system``'s index: the one its compiled-system cache entry keeps (``stored``: in the
        entry's batch file, or in the system's own state when it was pickled to a worker), else a new
        one, whose tables read every rule."""
        kept = system.__dict__.get("_batch_tables")
        if kept is None:
            from bridgegui.engine.bidding.batch_cache import batch_file_data

            kept = batch_file_data(system.__dict__.get("_batch_file"), system.__dict__.get("_batch_token"))
        try:
            with collector_paused():  # the tables and the learned states: none of their objects is garbage
                tables, learned = pickle.loads(kept) if kept is not None else (None, {})
        except Exception:  # a damaged batch file: the index is built again from the rules
            tables, learned = None, {}
        if not isinstance(tables, RuleTables):
            return cls(RuleTables(system.rules, [len(block.rules) for block in system.blocks]))
        starts = tables.block_starts
        # The rules as the tables ask for them: a block's are read only when one of them is asked for.
        rules = system.rules if starts is None else RulesByBlock(system.blocks, starts)
        return cls.resumed(tables.bound(rules), learned, system._index)

    def stored(self) -> bytes:
        """The tables and what bidding has taught the index (``learned``), as ``for_system`` reads
        them: pickled under the lock, so that a thread bidding meanwhile cannot change them midway."""
        with self.lock:
            return pickle.dumps((self.tables, self.learned()), protocol=pickle.HIGHEST_PROTOCOL)

    def learned(self) -> dict[str, object]:
        """What bidding has taught this index, for the compiled-system cache (``BatchIndex.resumed``):
        the tries, the automaton's states met, the blocksets and which auctions' states make each.
        A process that bids a set otherwise spends a fifth of its bidding learning them again.
        (The caller holds the lock: see ``stored``.)"""
        return {
            "blocksets": self.blocksets,
            "blockset_list": self.blockset_list,
            "block_memo": self.block_memo,
            "tries": self.tries,
            "live_states": self.live_states,
        }

    @classmethod
    def resumed(cls, tables: RuleTables, learned: dict[str, Any], index: _PatternIndex) -> BatchIndex:
        """An index over ``tables`` that knows what ``learned`` holds (``learned()`` of the same system's
        index, read from its cache entry): the automaton's numbering is that entry's, so the states
        step the entry's own automaton."""
        batch = cls(tables, **learned)
        if batch.live_states is not None:
            batch.live_states.bound(index, batch.lock)
        return batch

    def key_tries(self, index: _PatternIndex) -> tuple[KeyTrie, KeyTrie]:
        if self.tries is None:
            with self.lock:
                if self.tries is None:
                    self.tries = (KeyTrie(index.exact), KeyTrie(index.after_passes))
        return self.tries

    def automaton_states(self, index: _PatternIndex) -> LiveStates:
        """The one numbering of the automaton's states: ``block_memo`` is keyed by its numbers, so two
        threads bidding for the first time must not each make their own."""
        if self.live_states is None:
            with self.lock:
                if self.live_states is None:
                    self.live_states = LiveStates(index, self.lock)
        return self.live_states

    def blockset(self, blocks: tuple[int, ...]) -> int:
        return interned(blocks, self.blocksets, self.blockset_list, self.lock)

    def candidates_of(self, system: System, blockset: int, position: int, state: int) -> tuple[int, ...]:
        """The rule indices ``System.rules_for`` gives for an auction whose matching blocks are ``blockset``:
        each block's share for the position and vulnerability, kept once per block (a blockset has
        three or four blocks, which thousands of blocksets share)."""
        key = (blockset, position, state)
        found = self.candidates.get(key)
        if found is None:
            shift = (position - 1) * 4 + state
            shares = self.block_rules
            found = ()
            for b in self.blockset_list[blockset]:
                share = shares.get(b * 16 + shift)
                found += share if share is not None else self._block(system, b, shift)
            self.candidates[key] = found
        return found

    def candidate_table(self, system: System, keys: np.ndarray, position: int) -> np.ndarray:
        """The candidates (``candidates_of``) of each ``blockset * 4 + state`` of ``keys`` at
        ``position``, one row each, side by side (-1 after a row's end).  When the tables know where
        blocks start, laid out with numpy from each block's rules for every position and vulnerability
        (``_shares``), without a Python list per key: a set meets ten thousand keys."""
        starts = self.tables.block_starts
        if starts is None:
            lists = [self.candidates_of(system, k >> 2, position, k & 3) for k in keys.tolist()]
            sizes = np.fromiter(map(len, lists), dtype=np.int64, count=len(lists))
            entries = np.fromiter(itertools.chain.from_iterable(lists), dtype=np.int64, count=int(sizes.sum()))
            line = np.repeat(np.arange(len(lists)), sizes)
        else:
            firsts, counts, rules = self._shares()
            blocksets = [self.blockset_list[b] for b in (keys >> 2).tolist()]
            per_key = np.fromiter(map(len, blocksets), dtype=np.int64, count=len(blocksets))
            blocks = np.fromiter(itertools.chain.from_iterable(blocksets), dtype=np.int64, count=int(per_key.sum()))
            key_of = np.repeat(np.arange(keys.size), per_key)
            cell = ((position - 1) * 4 + (keys & 3))[key_of] * (starts.size - 1) + blocks
            share = counts[cell]
            owner = np.repeat(np.arange(cell.size), share)
            entries = rules[firsts[cell][owner] + np.arange(owner.size) - (np.cumsum(share) - share)[owner]]
            line = key_of[owner]
            sizes = np.bincount(line, minlength=keys.size)
        table = np.full((keys.size, int(sizes.max()) if sizes.size else 0), -1, dtype=np.int64)
        table[line, np.arange(line.size) - (np.cumsum(sizes) - sizes)[line]] = entries
        return table

    def _shares(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Every block's rules for every position and vulnerability bit ``shift`` (``RuleTables.applies``):
        cell ``shift * blocks + block``'s are ``rules[firsts[cell]:firsts[cell] + counts[cell]]``."""
        if self.shares is None:
            starts = self.tables.block_starts
            assert starts is not None
            applies, blocks = self.tables.applies, starts.size - 1
            # 32-bit numbers: the rules are repeated for each of the sixteen bits, megabytes in 64 bits
            firsts = np.zeros(16 * blocks, dtype=np.int32)
            counts = np.zeros(16 * blocks, dtype=np.int32)
            parts, base = [], 0
            for shift in range(16):
                rules = np.flatnonzero((applies >> shift) & 1).astype(np.int32)
                bounds = np.searchsorted(rules, starts)
                firsts[shift * blocks : (shift + 1) * blocks] = base + bounds[:-1]
                counts[shift * blocks : (shift + 1) * blocks] = np.diff(bounds)
                parts.append(rules)
                base += rules.size
            self.shares = (firsts, counts, np.concatenate(parts))
        return self.shares

    def _block(self, system: System, b: int, shift: int) -> tuple[int, ...]:
        """Block ``b``'s rules that apply at position and vulnerability bit ``shift``
        (``RuleTables.applies``), from the tables alone when they know where blocks start."""
        rules = self.block_applies.get(b)
        if rules is None:
            applies = self.tables.applies
            starts = self.tables.block_starts
            if starts is not None:
                first, end = int(starts[b]), int(starts[b + 1])
                rules = list(zip(range(first, end), applies[first:end].tolist(), strict=True))
            else:
                indices = [rule.index for rule in system.blocks[b].rules]
                rules = list(zip(indices, applies[indices].tolist(), strict=True))
            self.block_applies[b] = rules
        found = tuple(i for i, bits in rules if bits >> shift & 1)
        self.block_rules[b * 16 + shift] = found
        return found


class _Generation:
    """The auctions so far of one length: each node's blocks and state, by local number.

    The Laws' state of every node (last bid, who bid it, doubled, by whom, passes since, over) is a
    column of numbers, worked out for a whole generation at once (``after``): tens of thousands of
    nodes meet in a 10,000-board set, and a Python tuple for each cost a fifth of the bidding."""

    def __init__(self) -> None:
        empty = np.zeros(0, dtype=np.int64)
        self.node = empty  # the node's number in the whole tree
        self.lead = empty  # leading passes
        self.exact_at = empty  # the state in the exact keys' trie (-1: no key is ahead)
        self.after_at = empty  # the after-passes keys' trie's, for the calls after the leading passes
        self.automaton = empty  # the general patterns' automaton's number (``LiveStates``)
        self.blockset = empty
        self.last, self.bidder, self.doubled, self.doubler, self.passes = (empty,) * 5
        self.over = np.zeros(0, dtype=bool)

    def arrays(self, length: int) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """Last bid rank, may double, may redouble, over, blockset: per node, for the call at ``length``."""
        double = (self.last >= 0) & ((length - self.bidder) % 2 == 1) & (self.doubled == 0)
        redouble = (self.doubled == 1) & ((length - self.doubler) % 2 == 1)
        return self.last.astype(np.int16), double, redouble, self.over, self.blockset

    @classmethod
    def start(cls, automaton_start: int) -> _Generation:
        """The empty auction, one node: nothing bid, the tries at their roots, the automaton's start."""
        first = cls()
        first.node, first.lead, first.exact_at, first.after_at = (np.zeros(1, dtype=np.int64) for _ in range(4))
        first.last, first.bidder, first.doubler = (np.full(1, -1, dtype=np.int64) for _ in range(3))
        first.doubled, first.passes = np.zeros(1, dtype=np.int64), np.zeros(1, dtype=np.int64)
        first.over = np.zeros(1, dtype=bool)
        first.automaton = np.array([automaton_start], dtype=np.int64)
        return first

    def after(self, parents: np.ndarray, codes: np.ndarray, index: int) -> _Generation:
        """The next generation's states: node ``k`` is node ``parents[k]`` of this one followed by call
        ``codes[k]`` at ``index`` (as ``calls._after``, on numbers); its other columns left to fill."""
        nxt = _Generation()
        bid, passed = codes < PASS_CODE, codes == PASS_CODE
        last = self.last[parents]
        passes = np.where(passed, self.passes[parents] + 1, 0)
        nxt.last = np.where(bid, codes, last)
        nxt.bidder = np.where(bid, index, self.bidder[parents])
        nxt.doubled = np.where(bid, 0, np.where(passed, self.doubled[parents], np.where(codes == DOUBLE_CODE, 1, 2)))
        nxt.doubler = np.where(bid, -1, np.where(passed, self.doubler[parents], index))
        nxt.passes = passes
        nxt.over = passed & (passes >= np.where(last >= 0, 3, 4))
        return nxt


def bid_rows(
    system: System,
    deals: np.ndarray,
    dealers: np.ndarray,
    vulnerability: np.ndarray,
    max_calls: int,
    start: Auction | None = None,
) -> tuple[list[Auction], np.ndarray]:
    """Every deal of an ``(n, 4)`` batch bid by ``system``, deal ``i`` dealt by seat ``dealers[i]``
    (0 = North) at board vulnerability ``VULNERABILITY_CODES[vulnerability[i]]``, or every deal on from
    ``start`` (whose dealer is then every deal's): the final auctions and the ``(n, max_calls)`` rule
    of each call (``NO_RULE`` where nothing fitted, and after the end).

    A system's candidates depend on the calls so far and the caller's position, not on who dealt, so
    deals of every dealer share the tree and the steps."""
    from bridgegui.engine.bidding.system import call_from_code

    dealers = np.asarray(dealers, dtype=np.int64).reshape(-1)
    tree = _bid_tree(system, deals, dealers, vulnerability, max_calls, start)
    roots = {d: start if start is not None else Auction("NESW"[d]) for d in set(dealers.tolist())}
    made: dict[tuple[int, int], Auction] = {(0, d): auction for d, auction in roots.items()}
    call_of = [call_from_code(code) if code >= 0 else None for code in tree.calls_made]
    parents = tree.parents

    def auction_of(node: int, dealer: int) -> Auction:
        path = []
        while (node, dealer) not in made:
            path.append(node)
            node = parents[node]
        auction = made[node, dealer]
        for step_node in reversed(path):
            auction = auction + call_of[step_node]  # type: ignore[operator]
            made[step_node, dealer] = auction
        return auction

    auctions = [auction_of(node, d) for node, d in zip(tree.final.tolist(), dealers.tolist(), strict=True)]
    return auctions, tree.history


@dataclasses.dataclass(frozen=True)
class BidCodes:
    """A batch's auctions as arrays (``bid_codes``), without ``Auction`` objects, which cost more than
    the bidding for a whole set: ``calls[i, :lengths[i]]`` are deal ``i``'s calls as ``call_code``
    numbers (-1 after its end), ``rules`` the rule of each call (``NO_RULE`` where nothing fitted,
    and after the end) and ``complete`` whether the auction ended within ``max_calls``."""

    calls: np.ndarray
    lengths: np.ndarray
    rules: np.ndarray
    complete: np.ndarray


def bid_codes(
    system: System, deals: np.ndarray, dealers: np.ndarray, vulnerability: np.ndarray, max_calls: int
) -> BidCodes:
    """``bid_rows``'s auctions as arrays of call codes (``BidCodes``): what a writer lays out with numpy."""
    dealers = np.asarray(dealers, dtype=np.int64).reshape(-1)
    tree = _bid_tree(system, deals, dealers, vulnerability, max_calls, None)
    nodes, which = np.unique(tree.final, return_inverse=True)
    lengths = np.asarray(tree.lengths, dtype=np.int64)[nodes]
    width = max(int(lengths.max()) if lengths.size else 0, 1)
    table = np.full((len(nodes), width), -1, dtype=np.int16)
    root = len(tree.root_codes)
    table[:, :root] = tree.root_codes
    # each final auction's calls after the start, read up the tree from its end: one step for
    # each call of the longest, over all the final nodes at once
    parents, made = np.asarray(tree.parents, dtype=np.int64), np.asarray(tree.calls_made, dtype=np.int16)
    line, node, place = np.arange(len(nodes)), nodes, lengths - 1
    while True:
        deeper = place >= root
        line, node, place = line[deeper], node[deeper], place[deeper]
        if not line.size:
            break
        table[line, place] = made[node]
        node, place = parents[node], place - 1
    over = np.asarray(tree.over, dtype=bool)[nodes]
    which = which.reshape(-1)
    return BidCodes(table[which], lengths[which], tree.history[:, :width], over[which])


@dataclasses.dataclass
class _Tree:
    """What ``_bid_tree`` leaves: each deal's final node; the start auction's calls; each node's
    parent, last call (-1 for the start), number of calls and end."""

    final: np.ndarray
    root_codes: tuple[int, ...]
    parents: list[int]
    calls_made: list[int]
    lengths: list[int]
    over: list[bool]
    history: np.ndarray


def _bid_tree(
    system: System,
    deals: np.ndarray,
    dealers: np.ndarray,
    vulnerability: np.ndarray,
    max_calls: int,
    start: Auction | None = None,
) -> _Tree:
    """The tree of a batch's auctions (see ``bid_rows``)."""
    from bridgegui.engine.bidding.system import call_code

    deals = np.ascontiguousarray(deals, dtype=np.uint64).reshape(-1, 4)
    n = deals.shape[0]
    history = np.full((n, max_calls), NO_RULE, dtype=np.int32)
    dealers = np.asarray(dealers, dtype=np.int64).reshape(n)
    root = start if start is not None else Auction("N")
    batch = system._batch
    tables = batch.tables
    index = system._index
    automaton = index.automaton

    # the tree: parent and call of every node, for the final auctions
    parents: list[int] = [-1]
    calls_made: list[int] = [-1]
    node_lengths: list[int] = []
    node_over: list[bool] = []

    memo = batch.block_memo

    exact_trie, after_trie = batch.key_tries(index)
    exact_value, after_value = exact_trie.value, after_trie.value
    exact_table, after_table = exact_trie.table, after_trie.table
    live_states = batch.automaton_states(index)
    # an auction's states as one number, for ``np.unique`` and the memo
    after_span = len(after_value) + 1
    exact_span = (len(exact_value) + 1) * after_span

    def blocks_of(key: int) -> int:
        # Many auctions match the same blocks: they are the exact and after-passes entries the
        # tries' states hold and the automaton's accepting states.
        known = memo.get(key)
        if known is not None:
            return known
        live, rest = divmod(key, exact_span)
        spelled, after = rest // after_span - 1, rest % after_span - 1
        found = [
            *(exact_value[spelled] or () if spelled >= 0 else ()),
            *(after_value[after] or () if after >= 0 else ()),
            *live_states.matched(live),
        ]
        known = batch.blockset(tuple(sorted(found)))
        memo[key] = known
        return known

    def blocksets_of(live: np.ndarray, spelled: np.ndarray, after: np.ndarray, over: np.ndarray) -> np.ndarray:
        """Each node's blockset (0 for a finished auction, which has no next call), worked out once
        for each distinct combination of states."""
        if exact_span * (len(live_states.lives) + 1) < 2**62:
            combined = live * exact_span + (spelled + 1) * after_span + after + 1
        else:  # never for the shipped systems (sayc needs 4e12 states), but int64 must not wrap
            combined = np.array(live, dtype=object) * exact_span + (spelled + 1) * after_span + after + 1
        keys, back = np.unique(np.where(over, -1, combined), return_inverse=True)
        found = [0 if key < 0 else blocks_of(key) for key in keys.tolist()]
        return np.asarray(found, dtype=np.int64)[back.reshape(-1)]

    def advance(generation: _Generation, from_parent: np.ndarray, made: np.ndarray, length: int) -> _Generation:
        """The next generation's states (the Laws', leading passes, the tries' and the automaton's, one
        Python step for each distinct state and call), without its blocks or its place in the tree."""
        nxt = generation.after(from_parent, made, length)
        lead = generation.lead[from_parent]
        nxt.lead = lead + ((made == PASS_CODE) & (lead == length))
        spelled = generation.exact_at[from_parent]
        # (the tables hold small integers: the states are worked with as int64, which ``blocksets_of``'s sums need)
        nxt.exact_at = np.where(spelled >= 0, exact_table[np.maximum(spelled, 0), made].astype(np.int64), -1)
        after = generation.after_at[from_parent]
        stepped_after = after_table[np.maximum(after, 0), made].astype(np.int64)
        nxt.after_at = np.where(nxt.lead > length, 0, np.where(after >= 0, stepped_after, -1))
        steps, back = np.unique(generation.automaton[from_parent] * _CODES + made, return_inverse=True)
        stepped = [0 if step < _CODES else live_states.step(step // _CODES, step % _CODES) for step in steps.tolist()]
        nxt.automaton = np.asarray(stepped, dtype=np.int64)[back.reshape(-1)]
        return nxt

    root_codes = tuple(call_code(c) for c in root.calls)
    generation = _Generation.start(live_states.number(automaton.start))
    for k, code in enumerate(root_codes):  # the start auction's calls, by the same steps as the bidding
        generation = advance(generation, np.zeros(1, dtype=np.int64), np.array([code], dtype=np.int64), k)
    generation.node = np.zeros(1, dtype=np.int64)
    generation.blockset = blocksets_of(generation.automaton, generation.exact_at, generation.after_at, generation.over)
    node_lengths.append(len(root_codes))
    node_over.append(bool(generation.over[0]))

    rows = np.arange(n)
    local = np.zeros(n, dtype=np.int64)
    final = np.zeros(n, dtype=np.int64)
    vulnerability = np.asarray(vulnerability, dtype=np.int64).reshape(n)
    hands = Hands(deals)
    length = len(root_codes)
    for step in range(max_calls):
        last, double, redouble, over, blocksets = generation.arrays(length)
        going = ~over[local]
        final[rows[~going]] = generation.node[local[~going]]
        rows, local = rows[going], local[going]
        if rows.size == 0:
            break
        seats = (dealers[rows] + length) % 4
        position = length % 4 + 1
        states = _STATE_TABLE[vulnerability[rows], seats]
        keys, which = np.unique(blocksets[local] * 4 + states, return_inverse=True)
        which = which.reshape(-1)
        table = batch.candidate_table(system, keys, position)
        chosen = np.full(rows.size, NO_RULE, dtype=np.int32)
        if table.shape[1]:
            turns = _Turns(rows, seats, last[local], double[local], redouble[local])
            chosen = _choose(tables, hands, deals, table, which, turns)
        history[rows, step] = chosen
        codes = np.where(chosen >= 0, tables.codes[np.maximum(chosen, 0)], PASS_CODE).astype(np.int64)
        pairs, child = np.unique(local * _CODES + codes, return_inverse=True)
        # the new nodes' bookkeeping, column by column for the whole generation (a loop over the
        # nodes would do each in Python)
        from_parent, made = pairs // _CODES, pairs % _CODES
        nxt = advance(generation, from_parent, made, length)
        nxt.node = np.arange(len(parents), len(parents) + made.size)
        parents += generation.node[from_parent].tolist()
        calls_made += made.tolist()
        node_lengths += [length + 1] * made.size
        node_over += nxt.over.tolist()
        nxt.blockset = blocksets_of(nxt.automaton, nxt.exact_at, nxt.after_at, nxt.over)
        generation = nxt
        local = child.reshape(-1)
        length += 1
    else:
        final[rows] = generation.node[local]

    return _Tree(final, root_codes, parents, calls_made, node_lengths, node_over, history)


WINDOW = 8
"""Candidates judged together: most hands are taken by one of their first few candidates, so the
rows still without a call go on to the next few, instead of every row judging every candidate."""


@dataclasses.dataclass(frozen=True)
class _Turns:
    """The rows to call, each with its deal's row, the seat to call, the last bid's code and whether a
    double or a redouble is legal: what the candidates of a row are judged against."""

    rows: np.ndarray
    seats: np.ndarray
    last: np.ndarray
    double: np.ndarray
    redouble: np.ndarray

    def __getitem__(self, index: np.ndarray) -> _Turns:
        return _Turns(self.rows[index], self.seats[index], self.last[index], self.double[index], self.redouble[index])


def _choose(
    tables: RuleTables, hands: Hands, deals: np.ndarray, table: np.ndarray, which: np.ndarray, turns: _Turns
) -> np.ndarray:
    """The first legal, fitting candidate of each row (``NO_RULE``: none), row ``k``'s candidates
    being ``table[which[k]]`` (rule indices, -1 pads), judged ``WINDOW`` candidates at a time.

    The table has a line for each distinct blockset and state, far fewer than rows: each window takes
    its columns first and then the rows still pending, instead of copying every row's whole line."""
    chosen = np.full(turns.rows.shape[0], NO_RULE, dtype=np.int32)
    pending = np.arange(turns.rows.shape[0])
    for lo in range(0, table.shape[1], WINDOW):
        window = table[:, lo : lo + WINDOW].take(which[pending], axis=0)
        keep = (window >= 0).any(axis=1)
        pending, window = pending[keep], window[keep]
        if pending.size == 0:
            break
        found = _choose_among(tables, hands, deals, window, turns[pending])
        taken = found != NO_RULE
        chosen[pending[taken]] = found[taken]
        pending = pending[~taken]
    return chosen


def _choose_among(
    tables: RuleTables, hands: Hands, deals: np.ndarray, candidates: np.ndarray, turns: _Turns
) -> np.ndarray:
    """``_choose`` on one window of candidates.

    The window is judged as a flat list of cells (a row and one of its candidates, in row-major
    order), and each test keeps only the cells that pass it: most candidates fail an early, cheap
    test (a bid below the last one, a point range), so the dearer tests after it (the other
    bounds, shapes, ``where`` texts) look at the few cells left instead of the whole window."""
    width = candidates.shape[1]
    cells = np.flatnonzero(candidates.reshape(-1) >= 0)
    rule = candidates.reshape(-1).take(cells)
    tables.prepare(rule)
    line = cells // width
    codes = tables.codes.take(rule)
    legal = (
        (codes == PASS_CODE)
        | ((codes < PASS_CODE) & (codes > turns.last.take(line)))
        | ((codes == DOUBLE_CODE) & turns.double.take(line))
        | ((codes == REDOUBLE_CODE) & turns.redouble.take(line))
    )
    cells, rule, line = cells[legal], rule[legal], line[legal]
    hand = (turns.rows * 4 + turns.seats).take(line)  # the hand's row in ``hands`` and in ``deals`` flat

    def keeping(ok: np.ndarray) -> None:
        nonlocal cells, rule, line, hand
        cells, rule, line, hand = cells[ok], rule[ok], line[ok], hand[ok]

    if tables.lo.shape[1] and rule.size:
        keeping(_within_bounds(tables, hands, rule, hand))
    if rule.size and tables.shaped.take(rule).any():
        shape_of = tables.shape_of.take(rule)  # before the rows: a row is added before a rule points at it
        shape_rows = tables.shape_rows
        # a flat take: a third of the cost of indexing the two dimensions
        keeping(shape_rows.reshape(-1).take(shape_of * shape_rows.shape[1] + hands.shape.take(hand)))
    if rule.size and tables.rule20.take(rule).any():
        keeping(~tables.rule20.take(rule) | hands.rule20.take(hand))
    held_by = deals.reshape(-1)
    if rule.size and tables.cards.take(rule).any():
        cards = tables.cards.take(rule)
        keeping((held_by.take(hand) & cards) == cards)
    asks = tables.asks.take(rule)
    if asks.any():
        # Ask a rule's own code only where no earlier candidate surely takes the hand: the first
        # sure cell of each row (cells are in order, so a row's first is where its run starts).
        column = cells % width
        sure_line, sure_column = line[~asks], column[~asks]
        starts = _run_starts(sure_line)
        first_sure = np.full(candidates.shape[0], width)
        first_sure[sure_line.take(starts)] = sure_column.take(starts)
        asked = np.flatnonzero(asks & (column < first_sure.take(line)))
    else:
        asked = cells[:0]
    if asked.size:
        ok = np.ones(rule.size, dtype=bool)
        # rules asking the same where text are asked together (the tables' ``where_groups``)
        groups, texts = tables.where_groups()
        seat_part = turns.seats.take(line.take(asked)) if not _TABLES_COVER_MEANINGS else 0
        asked_key = groups.take(rule.take(asked)) * 4 + seat_part
        order = np.argsort(asked_key, kind="stable")
        asked, asked_key = asked[order], asked_key[order]
        bounds = np.flatnonzero(np.diff(asked_key)) + 1
        for lo_i, hi_i in zip([0, *bounds.tolist()], [*bounds.tolist(), asked.size], strict=True):
            group, seat = divmod(int(asked_key[lo_i]), 4)
            part = asked[lo_i:hi_i]
            held = held_by.take(hand.take(part))
            if group < len(texts):
                ok[part] = _where(texts[group], held)
            else:
                ok[part] = _asked(tables, group - len(texts), held, seat)
        keeping(ok)
    chosen = np.full(candidates.shape[0], NO_RULE, dtype=np.int32)
    starts = _run_starts(line)
    chosen[line.take(starts)] = rule.take(starts)
    return chosen


def _run_starts(line: np.ndarray) -> np.ndarray:
    """Where each run of equal values of the sorted ``line`` starts: a row's first cell."""
    if not line.size:
        return line
    return np.flatnonzero(np.r_[True, line[1:] != line[:-1]])


def _within_bounds(tables: RuleTables, hands: Hands, rule: np.ndarray, hand: np.ndarray) -> np.ndarray:
    """Which cells (candidate ``rule`` for hand ``hand``) have every measure within the bounds their
    rule sets, slot by slot (``RuleTables.ranges``).  The first slot (most often the points) rules
    out most cells, so the others judge only the cells it kept."""
    counts, columns, starts, spans, used = tables.ranges()
    if columns.shape[0] == 0:
        return np.arange(rule.size)
    if not hands.has_every(len(tables.columns)):
        hands.compute(list(tables.columns), int(np.bitwise_or.reduce(used.take(rule))))
    table, offsets = hands.measure_table(columns)
    flat = table.reshape(-1)
    # the first bound (most often points) rules out most cells: the rest judge the others
    ok = (flat.take(offsets[0].take(rule) + hand).view(np.uint32) - starts[0].take(rule)) <= spans[0].take(rule)
    kept = np.flatnonzero(ok)
    rule, hand = rule[kept], hand[kept]
    ok = np.ones(rule.size, dtype=bool)
    for k in range(1, int(counts.take(rule).max()) if rule.size else 0):
        values = flat.take(offsets[k].take(rule) + hand).view(np.uint32)
        ok &= (values - starts[k].take(rule)) <= spans[k].take(rule)
    return kept[ok]


def _asked(tables: RuleTables, rule_index: int, held: np.ndarray, seat: int) -> np.ndarray:
    """A rule's own verdict on hands whose tables part already fits: its ``where``, or its whole
    ``mask`` when the tables cannot hold its meaning."""
    if not _TABLES_COVER_MEANINGS:
        return np.asarray(tables.rules[rule_index].mask(held, seat), dtype=bool)
    return tables.rules[rule_index].where_mask(held)


def _where(text: str, held: np.ndarray) -> np.ndarray:
    """The system file's ``where`` ``text`` on the hands ``held``, as ``Rule.where_mask`` asks it
    (North's version, shared with the rules through the same cache), without the rule, whose block
    a cached system would unpickle for it."""
    batch = np.zeros((held.shape[0], 4), dtype=np.uint64)
    batch[:, 0] = held
    return np.asarray(_north_where(text)(batch), dtype=bool)


def _north_where(text: str) -> WhereFunction:
    """The system file's compiled ``where`` ``text`` for North, from the cache ``Rule.where_function`` fills."""
    from bridgegui.engine.bidding.system import _COMPILED_WHERES, _WHERE_LOCK
    from bridgegui.engine.bidding.where import compile_where

    key = (compile_where, text, 0)
    function = _COMPILED_WHERES.get(key)
    if function is None:
        with _WHERE_LOCK:
            function = _COMPILED_WHERES.get(key)
            if function is None:
                function = compile_where(text, 0)
                _COMPILED_WHERES[key] = function
    return function


def vulnerability_codes(vulnerabilities: Sequence[str | None]) -> np.ndarray:
    """``VULNERABILITY_CODES`` numbers of board vulnerabilities (any spelling ``vulnerability_state`` reads)."""
    from bridgegui.engine.bidding.system import vulnerability_state

    numbers = {"none": 0, "we": 1, "they": 2, "both": 3}
    seen: dict[str | None, int] = {}
    out = np.empty(len(vulnerabilities), dtype=np.int64)
    for i, v in enumerate(vulnerabilities):
        code = seen.get(v)
        if code is None:
            code = numbers[vulnerability_state(v, "N")]
            seen[v] = code
        out[i] = code
    return out


def rule_explanations(system: System) -> list[str]:
    """Every rule's explanation, by rule number, from the batch tables: ``system.rules`` would read
    every block's rules from a cached system, most of which a bid set never asks for."""
    return system._batch.tables.explanations


def final_contracts(calls: np.ndarray, dealers: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The contract and declarer of each row of ``(n, w)`` call codes (-1 after the end) dealt by
    ``dealers`` (0 North): ``rank * 3 + doubled`` (0, 1 doubled, 2 redoubled; -1 passed out, or the
    auction not over) and the declarer's seat (-1 likewise), as ``Auction.contract`` says, for a whole set.

    The declarer is the first of the side that made the last bid to bid its strain (Law 53's
    definition)."""
    calls = np.asarray(calls, dtype=np.int64)
    n, width = calls.shape
    place = np.arange(width)[None, :]
    bids = (calls >= 0) & (calls < PASS_CODE)
    any_bid = bids.any(axis=1)
    last = width - 1 - np.argmax(bids[:, ::-1], axis=1)
    rank = calls[np.arange(n), last]
    after = place > last[:, None]
    doubled = np.where(
        ((calls == REDOUBLE_CODE) & after).any(axis=1), 2, np.where(((calls == DOUBLE_CODE) & after).any(axis=1), 1, 0)
    )
    same = bids & (calls % 5 == (rank % 5)[:, None]) & ((place - last[:, None]) % 2 == 0)
    declarer = (np.asarray(dealers, dtype=np.int64) + np.argmax(same, axis=1)) % 4
    # as Auction.contract, none until the auction is over: three passes after the last call that is not one
    made = (calls >= 0).sum(axis=1)
    called = (calls >= 0) & (calls != PASS_CODE)
    last_call = np.where(called.any(axis=1), width - 1 - np.argmax(called[:, ::-1], axis=1), -1)
    over = any_bid & (made - 1 - last_call >= 3)
    return np.where(over, rank * 3 + doubled, -1), np.where(over, declarer, -1)
