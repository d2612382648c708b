"""The batch bidder's tables of a system's rules (``RuleTables``), kept in the compiled-system cache.

Every rule's call, measure bounds, allowed shapes, rule of 20, predealt cards and ``where`` as rows
of arrays, which ``batch`` compares with whole sets of hands at once (see its module text).
"""

from __future__ import annotations

import dataclasses
import pickle
import threading
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from bridgegui.engine import evaluation
from bridgegui.engine.dealer.constraints import SeatConstraint
from bridgegui.engine.dealer.specs import ALL_SHAPES

if TYPE_CHECKING:
    from bridgegui.engine.bidding.system import Rule

PASS_CODE = 35
"""``call_code``'s number of Pass (bids are 0 to 34, then Pass, Double, Redouble)."""

_LOW = np.iinfo(np.int32).min
_HIGH = np.iinfo(np.int32).max

_SHAPES = tuple(sorted(ALL_SHAPES))
_SHAPE_CODES = np.array([((s * 14 + h) * 14 + d) * 14 + c for s, h, d, c in _SHAPES], dtype=np.int64)
_SHAPE_ID = np.full(14**4, -1, dtype=np.int16)
_SHAPE_ID[_SHAPE_CODES] = np.arange(len(_SHAPES), dtype=np.int16)
"""A hand's exact shape as one of the 560 there are (``_SHAPE_ID[shape_code]``)."""

_KNOWN_MEANING_FIELDS = frozenset(
    {
        "hcp",
        "lengths",
        "shapes",
        "exclude_shapes",
        "cards",
        "quick_tricks",
        "losers",
        "playing_tricks",
        "controls",
        "points",
        "support",
        "rule20",
        "quality",
        "stoppers",
    }
)
"""The ``SeatConstraint`` fields the tables express: its shape terms, its ``measures()``, predealt
cards and the rule of 20, which are what ``SeatConstraint.mask`` tests.  Should the constraint gain a
field, every meaning is judged by its own ``mask`` instead (slower, never wrong)."""

_TABLES_COVER_MEANINGS = {f.name for f in dataclasses.fields(SeatConstraint)} == _KNOWN_MEANING_FIELDS


class RuleTables:
    """Every rule of a system as rows of arrays: call, measure bounds, allowed shapes, rule of 20,
    predealt cards, whether a ``where`` must be asked.  A rule's row is filled the first time a
    batch meets the rule (most rules of a system are never candidates in a given run), or all of
    them before the system goes into the compiled-system cache (``fill_all``), whose entry keeps them.

    The allowed shapes are one row per distinct shape condition (``shape_rows``, row 0 any shape)
    and each rule's row number (``shape_of``): a system has a few hundred conditions for thousands
    of rules."""

    def __init__(self, rules: Sequence[Rule], block_sizes: Sequence[int] | None = None) -> None:
        from bridgegui.engine.bidding.system import VULNERABILITY_STATES, call_code

        self.rules: Sequence[Rule] = tuple(rules)
        count = len(self.rules)
        self.codes = np.array([call_code(rule.call) for rule in self.rules], dtype=np.int16)
        self.explanations = [rule.explanation for rule in self.rules]
        """Each rule's explanation: what a bid set's notes say, without reading the rules again."""
        every = {word: 1 << state for state, word in enumerate(VULNERABILITY_STATES)}
        applies = []
        for rule in self.rules:
            states = 15 if rule.vulnerabilities is None else sum(every.get(w, 0) for w in rule.vulnerabilities)
            positions = range(1, 5) if rule.seats is None else [p for p in rule.seats if p in (1, 2, 3, 4)]
            applies.append(sum(states << ((p - 1) * 4) for p in positions))
        self.applies = np.array(applies, dtype=np.int64)
        """Where each rule applies: bit ``(position - 1) * 4 + state`` as ``Rule.applies`` says."""
        self.block_starts = None if block_sizes is None else np.cumsum([0, *block_sizes]).astype(np.int64)
        """Each block's first rule (rules are numbered block after block), when the system said."""
        self.ready = np.zeros(count, dtype=bool)
        self.columns: dict[str, int] = {}
        self.lo = np.full((count, 0), _LOW, dtype=np.int32)
        self.hi = np.full((count, 0), _HIGH, dtype=np.int32)
        self.shape_rows = np.ones((1, len(_SHAPES)), dtype=bool)
        self.shape_of = np.zeros(count, dtype=np.intp)
        self.shaped = np.zeros(count, dtype=bool)
        self.rule20 = np.zeros(count, dtype=bool)
        self.cards = np.zeros(count, dtype=np.uint64)
        self.asks = np.zeros(count, dtype=bool)
        """The rule has a ``where``, or a meaning the tables cannot say: its own code decides."""
        self._shape_rows: dict[tuple[object, ...], int] | bytes = {}
        """Each shape condition's row in ``shape_rows`` (pickled, as the cache keeps it, until a rule is filled)."""
        self._lock = threading.Lock()
        self.wheres: list[str | None] | None = None
        """Each rule's ``where`` text when the system file's own compiler compiles it (None: ask the
        rule), set for the compiled-system cache (``fill_all``): a batch then compiles a rule's
        ``where`` without reading the rule's whole block back from the cache."""
        self._filled = 0
        self._where_groups: tuple[np.ndarray, list[str]] | None = None
        """Rows filled so far: what ``bounds`` was made after."""
        self._bounds: tuple[int, np.ndarray, np.ndarray, np.ndarray, np.ndarray] | None = None
        self._ranges: tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray] | None = None

    def __getstate__(self) -> dict[str, object]:
        """For the compiled-system cache: the arrays, not the rules (the system's blocks hold them,
        and read them back only when asked: ``bound`` gives them back), nor the lock, nor what
        ``bounds`` makes (numpy makes it in a moment).  The where groups, once made, are kept: a
        Python pass over every rule that a process bidding a set would otherwise repeat.

        The measure bounds are kept as the cells that bound something (one in twenty: the grid was
        two of a batch file's five megabytes, read and checked by every run that bids a set), and
        the shape conditions' rows pickled, read back only when a rule is filled (never, for a
        cached system's tables, which hold every rule)."""
        state = dict(self.__dict__)
        state.pop("_lock", None)
        state.pop("rules", None)
        state["_bounds"] = None
        state["_ranges"] = None
        lo, hi = state.pop("lo"), state.pop("hi")
        assert isinstance(lo, np.ndarray) and isinstance(hi, np.ndarray)
        at = np.flatnonzero((lo != _LOW) | (hi != _HIGH))
        state["bounded"] = (lo.shape, at, lo.reshape(-1)[at], hi.reshape(-1)[at])
        if isinstance(self._shape_rows, dict):
            state["_shape_rows"] = pickle.dumps(self._shape_rows, protocol=pickle.HIGHEST_PROTOCOL)
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        bounded = state.pop("bounded", None)
        if bounded is not None:
            shape, at, lows, highs = bounded
            state["lo"] = np.full(shape, _LOW, dtype=np.int32)
            state["hi"] = np.full(shape, _HIGH, dtype=np.int32)
            np.put(state["lo"], at, lows)
            np.put(state["hi"], at, highs)
        self.__dict__.update(state)
        self._lock = threading.Lock()
        self.__dict__.setdefault("_filled", 0)
        self.__dict__.setdefault("wheres", None)
        if not _TABLES_COVER_MEANINGS:  # the groups were made when the tables held every meaning
            self._where_groups = None
        self.__dict__.setdefault("_where_groups", None)
        self._bounds = None
        self._ranges = None

    def where_groups(self) -> tuple[np.ndarray, list[str]]:
        """Each rule's where group: ``g`` below ``len(texts)`` for the rules whose ``where`` is
        ``texts[g]`` (the texts ``wheres`` holds: hundreds of rules share one), ``len(texts) + r``
        for any other rule ``r``, asked on its own."""
        made = self._where_groups
        if made is None:
            texts: dict[str, int] = {}
            # without tables for every meaning, a rule's whole mask is asked, not its where alone
            wheres = self.wheres if self.wheres is not None and _TABLES_COVER_MEANINGS else [None] * len(self.codes)
            numbers = [
                len(self.codes) + r if w is None else texts.setdefault(w, len(texts)) for r, w in enumerate(wheres)
            ]
            groups = np.array(numbers, dtype=np.int64)
            groups[groups >= len(self.codes)] += len(texts) - len(self.codes)
            made = self._where_groups = (groups, list(texts))
        return made

    def bounds(self) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """The measure bounds each rule sets, in slots: ``counts[r]`` of them for rule ``r``, slot
        ``k`` bounding measure ``columns[k, r]`` to ``lows[k, r]``..``highs[k, r]`` (past ``counts[r]``:
        no bound).  A rule bounds at most a few of the measures a system uses, so the batch bidder
        compares a candidate's few slots instead of every measure any candidate bounds (five times
        the work).  Made again after rows are filled."""
        made = self._bounds
        if made is None or made[0] != self._filled:
            with self._lock:  # filling rows swaps in a new ``lo`` and then a new ``hi``: read the pair whole
                filled, lo, hi = self._filled, self.lo, self.hi
            bounded = (lo != _LOW) | (hi != _HIGH)
            counts = bounded.sum(axis=1).astype(np.int64)
            slots = int(counts.max()) if counts.size else 0
            columns = np.zeros((slots, len(counts)), dtype=np.int64)
            lows = np.full((slots, len(counts)), _LOW, dtype=np.int32)
            highs = np.full((slots, len(counts)), _HIGH, dtype=np.int32)
            rule, column = np.nonzero(bounded)
            slot = np.arange(rule.size) - (np.cumsum(counts) - counts)[rule]
            columns[slot, rule] = column
            lows[slot, rule] = lo[rule, column]
            highs[slot, rule] = hi[rule, column]
            made = (filled, counts, columns, lows, highs)
            self._bounds = made
        return made[1:]

    def ranges(self) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """``bounds`` as unsigned range checks: measure ``v`` of slot ``k`` of rule ``r`` is within
        its bounds exactly when ``uint32(v - starts[k, r]) <= spans[k, r]`` (one comparison where two
        were; an empty range gets a start no measure reaches and span 0), after ``bounds``' counts and
        columns.  Last, the measures each rule bounds as bits (bit ``c`` for column ``c``; every bit
        when there are too many columns to say)."""
        counts, columns, lows, highs = self.bounds()
        made = self._ranges
        if made is None or made[1] is not columns:
            empty = lows > highs
            starts = np.where(empty, _HIGH, lows).view(np.uint32)
            spans = np.where(empty, 0, highs.view(np.uint32) - lows.view(np.uint32)).astype(np.uint32)
            if len(self.columns) < 63:
                bits = np.where(np.arange(columns.shape[0])[:, None] < counts, np.int64(1) << columns, 0)
                used = np.bitwise_or.reduce(bits, axis=0) if bits.size else np.zeros(len(counts), dtype=np.int64)
            else:
                used = np.full(len(counts), -1, dtype=np.int64)
            made = (counts, columns, starts, spans, used)
            self._ranges = made
        return made

    def bound(self, rules: Sequence[Rule]) -> RuleTables:
        """These tables (read from the cache) for ``rules``, the system's; fresh ones should they not
        be the tables of as many rules."""
        if len(rules) != len(self.codes):
            return RuleTables(rules)
        self.rules = rules
        return self

    def fill_all(self) -> None:
        """Fill every rule's row (before the tables go into the cache)."""
        from bridgegui.engine.bidding.where import compile_where

        self.prepare(np.arange(len(self.rules)))
        self.wheres = [rule.where if rule.compile_where is compile_where else None for rule in self.rules]
        self._where_groups = None

    def prepare(self, indices: np.ndarray) -> None:
        """Fill the rows of the rules ``indices`` (repeats allowed) that are not filled yet."""
        missing = indices[~self.ready[indices]]
        if missing.size == 0:
            return
        with self._lock:
            for i in np.unique(missing).tolist():
                if not self.ready[i]:
                    self._fill(i)
                    self._filled += 1  # before the row is ready: a reader that sees it ready makes bounds anew
                    self.ready[i] = True

    def _fill(self, i: int) -> None:
        rule = self.rules[i]
        if rule.where is not None:
            self.asks[i] = True
        if not rule.has_meaning:
            return
        meaning = rule.meaning
        if not _TABLES_COVER_MEANINGS:
            self.asks[i] = True
            return
        if meaning.cards:
            self.cards[i] = np.uint64(meaning.cards)
        self.rule20[i] = meaning.rule20
        if meaning.restricts_shape:
            key = (meaning.shapes, meaning.exclude_shapes, meaning.lengths)
            rows = self._shape_rows
            if isinstance(rows, bytes):  # read from the cache
                rows = self._shape_rows = pickle.loads(rows)
            row = rows.get(key)
            if row is None:
                row = len(self.shape_rows)
                # New arrays, then swapped in: a batch already running keeps the ones it read.
                self.shape_rows = np.concatenate([self.shape_rows, meaning.shape_table[_SHAPE_CODES][None, :]])
                rows[key] = row
            self.shape_of[i] = row
            self.shaped[i] = True
        for name, bounds in meaning.measures().items():
            column = self.columns.get(name)
            if column is None:
                column = len(self.columns)
                self.columns[name] = column
                # New arrays, then swapped in: a batch already running keeps the ones it read.
                self.lo = np.concatenate([self.lo, np.full((len(self.rules), 1), _LOW, dtype=np.int32)], axis=1)
                self.hi = np.concatenate([self.hi, np.full((len(self.rules), 1), _HIGH, dtype=np.int32)], axis=1)
            if bounds.lo is not None:
                self.lo[i, column] = bounds.lo
            if bounds.hi is not None:
                self.hi[i, column] = bounds.hi


class Hands:
    """The measures of every hand of a batch, one column per measure name, computed when first asked."""

    def __init__(self, deals: np.ndarray) -> None:
        self.flat = np.ascontiguousarray(deals, dtype=np.uint64).reshape(-1)
        self._table = np.zeros((0, self.flat.size), dtype=np.int32)
        self._have = np.zeros(0, dtype=bool)
        self._shape: np.ndarray | None = None
        self._rule20: np.ndarray | None = None
        self._offsets: tuple[np.ndarray, np.ndarray] | None = None

    def has_every(self, count: int) -> bool:
        """Whether every one of the ``count`` measures is computed."""
        return self._have.size == count and bool(self._have.all())

    def compute(self, names: Sequence[str], wanted: int) -> None:
        """The measures of the columns whose bits ``wanted`` has (-1: all), ``names`` in ``RuleTables.columns``
        order, each computed once; a system read afresh can gain measures as rules are filled."""
        if self._table.shape[0] < len(names):
            grown = np.zeros((len(names), self.flat.size), dtype=np.int32)
            grown[: self._table.shape[0]] = self._table
            self._table = grown
            self._have = np.concatenate([self._have, np.zeros(len(names) - self._have.size, dtype=bool)])
        for column in range(len(names)):
            if wanted >> column & 1 and not self._have[column]:
                self._table[column] = evaluation.measure(self.flat, names[column])
                self._have[column] = True

    def measure_table(self, columns: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Every hand's measures, one row per ``RuleTables.columns`` number, and where each of the
        rules' bounded ``columns`` (``RuleTables.ranges``) starts in it flattened, made once a batch."""
        if self._offsets is None or self._offsets[0] is not columns:
            self._offsets = (columns, columns * self.flat.size)
        return self._table, self._offsets[1]

    @property
    def shape(self) -> np.ndarray:
        if self._shape is None:
            self._shape = _SHAPE_ID[evaluation.shape_code(evaluation.suit_lengths(self.flat))].astype(np.intp)
        return self._shape

    @property
    def rule20(self) -> np.ndarray:
        if self._rule20 is None:
            self._rule20 = np.asarray(evaluation.rule_of_20(self.flat), dtype=bool)
        return self._rule20


__all__ = ["Hands", "RuleTables"]
