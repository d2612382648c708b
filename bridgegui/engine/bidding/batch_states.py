"""The batch bidder's states of an auction as small numbers, each step one look-up (``batch._bid_tree``).

A 10,000-board set meets tens of thousands of auctions.  Which blocks of a system answer an auction
depends on the pattern index's exact keys, its after-passes keys and its general patterns' automaton
(``system._PatternIndex``); following each auction call by call through tries of the keys and
through the automaton made deterministic as auctions meet it replaces hashing every whole auction
and stepping bit sets thousands of bits long at every node.
"""

from __future__ import annotations

import threading
import zlib
from collections.abc import Hashable
from typing import TYPE_CHECKING, Any

import numpy as np

from bridgegui.engine.bidding.batch_tables import PASS_CODE

if TYPE_CHECKING:
    from bridgegui.engine.bidding.system import _Automaton, _PatternIndex

CODES = PASS_CODE + 3
"""Call codes: the 35 bids, Pass, Double and Redouble (``system.call_code``)."""

_NONE = np.zeros(0, dtype=np.int64)


def interned(key: Hashable, numbers: dict[Any, int], keys: list[Any], lock: threading.Lock) -> int:
    """The number of ``key`` (its place in ``keys``), a new one the first time it is met.  Looked up
    without the lock, checked again under it: threads bidding with one system share the numbering."""
    found = numbers.get(key)
    if found is None:
        with lock:
            found = numbers.get(key)
            if found is None:
                found = len(keys)
                keys.append(key)
                numbers[key] = found
    return found


class KeyTrie:
    """The keys of one of the pattern index's dictionaries (``exact``, ``after_passes``) as a trie of
    call codes: an auction's state is a number, the next call's is one look-up, and a state that is
    no key's prefix is -1 for good.  The batch bidder follows auctions call by call, and looking
    each whole auction up again (a tuple hashed at every node) was most of its bookkeeping."""

    def __init__(self, keys: dict[tuple[int, ...], tuple[int, ...]]) -> None:
        following: dict[int, int] = {}  # state s followed by code c (s * CODES + c): the state after
        self.value: list[tuple[int, ...] | None] = [None]
        """The dictionary's own value at each state (None: no key ends there), the same object."""
        for key, blocks in keys.items():
            state = 0
            for code in key:
                state = following.setdefault(state * CODES + code, len(self.value))
                if state == len(self.value):
                    self.value.append(None)
            self.value[state] = blocks
        steps = np.fromiter(following.keys(), dtype=np.int64, count=len(following))
        self._lay_out(steps, np.fromiter(following.values(), dtype=np.int64, count=steps.size))

    def _lay_out(self, steps: np.ndarray, after: np.ndarray) -> None:
        kind = np.int16 if len(self.value) < 2**15 else np.int32 if len(self.value) < 2**31 else np.int64
        self.table = np.full((len(self.value), CODES), -1, dtype=kind)
        """State by code: the state after, -1 when no key goes on that way.  In the smallest integers
        that hold the states (a system's after-passes trie has some ten thousand: made by every run
        that bids a set, the table was three megabytes of eight-byte integers)."""
        self.table[steps // CODES, steps % CODES] = after

    def __getstate__(self) -> dict[str, object]:
        """The steps alone, for the compiled-system cache: the table is nearly all -1."""
        steps = np.flatnonzero(self.table.reshape(-1) >= 0)
        return {"value": self.value, "steps": steps, "after": self.table.reshape(-1)[steps]}

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.value = state["value"]
        self._lay_out(state["steps"], state["after"])


class LiveStates:
    """The general patterns' automaton (``system._Automaton``) made deterministic as auctions meet it:
    each distinct set of live states (a Python integer of a few thousand bits) gets a small number,
    and a number followed by a call is one look-up.  Stepping the bit sets themselves (seven
    operations on integers that long) for every node of a set was most of the batch bidder's
    bookkeeping; a 10,000-board set meets a few thousand distinct sets."""

    def __init__(self, index: _PatternIndex, lock: threading.Lock) -> None:
        self.index = index
        """The system's pattern index: its automaton steps the states, its general patterns' accepting
        bits say which blocks a number's states match (``_PatternIndex.general_blocks``)."""
        self.lock = lock
        self.accepted: dict[int, list[int]] = {}
        """The blocks whose general patterns a number's live states have matched (``matched``), once asked."""
        self.accepted_stored: tuple[np.ndarray, np.ndarray, np.ndarray] = (_NONE, np.zeros(1, dtype=np.int64), _NONE)
        """What ``accepted`` held when the cache stored it: the numbers in order, where each one's blocks
        start in the last array, and the blocks (a dictionary of lists cost more to load than the
        few hundred a run asks for from it)."""
        self.lives: list[int | None] = [0]
        """The live states of each number (0: none, an auction no general pattern can match any more);
        None for one read from the cache and not yet asked for (``live``)."""
        self.stored: tuple[bytes, np.ndarray] = (b"", np.zeros(1, dtype=np.int64))
        """The cache's live states, each ``int.to_bytes`` compressed with zlib, and where each starts (``live``)."""
        self.by_hash: dict[int, int] = {hash(0): 0}
        """A number by its live states' ``hash`` (the first with that hash; ``number`` checks)."""
        self.same_hash: dict[int, list[int]] = {}
        """The other numbers whose live states have a hash already in ``by_hash``: about one in a hundred,
        an integer's hash being its value modulo ``sys.hash_info.modulus`` (2**61 - 1), which bit sets
        that far apart share."""
        self.next: dict[int, int] = {}
        """Number ``n`` followed by code ``c`` (``n * CODES + c``): the number after, once stepped."""

    def __getstate__(self) -> dict[str, object]:
        """What was learned, for the compiled-system cache; the pattern index and the lock are the loading
        system's own (``bound``).  The live states (a few thousand integers 8,000 bits long) are stored
        as one block of bytes, each compressed on its own: loading them as integers and hashing them
        again cost more than most runs ask of them, which step from states already learned, and a
        few hundred bits set of 8,000 compress thirty times (five megabytes read and checked by every
        run that bids a set were most of its batch file).  States read from the cache keep their bytes."""
        data, starts = self.stored
        pieces = []
        for number in range(len(starts) - 1, len(self.lives)):
            live = self.live(number)
            pieces.append(zlib.compress(live.to_bytes((live.bit_length() + 7) // 8, "little"), 1))
        state = {k: v for k, v in self.__dict__.items() if k not in ("index", "lock", "lives", "stored", "accepted")}
        ends = int(starts[-1]) + np.cumsum([len(piece) for piece in pieces], dtype=np.int64)
        state["stored"] = (bytes(data) + b"".join(pieces), np.concatenate([starts, ends]))
        numbers, bounds, blocks = self.accepted_stored
        accepted = dict(self.accepted)  # one C call: a thread bidding meanwhile adds to it without the lock
        learned = [(number, found) for number, found in accepted.items() if self._stored_accepts(number) is None]
        if learned:
            lists = [blocks[bounds[k] : bounds[k + 1]] for k in range(numbers.size)]
            lists += [np.array(found, dtype=np.int64) for _, found in learned]
            every = np.concatenate([numbers, np.array([number for number, _ in learned], dtype=np.int64)])
            order = np.argsort(every, kind="stable")
            sizes = np.array([piece.size for piece in lists], dtype=np.int64)[order]
            blocks = np.concatenate([lists[k] for k in order.tolist()])
            numbers, bounds = every[order], np.concatenate([[0], np.cumsum(sizes)])
        state["accepted_stored"] = (numbers, bounds, blocks)
        state["accepted"] = {}
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        self.lives = [None] * (len(self.stored[1]) - 1)

    def bound(self, index: _PatternIndex, lock: threading.Lock) -> LiveStates:
        """These states, read from the cache, stepping ``index``'s automaton (the same system's) under ``lock``."""
        self.index = index
        self.lock = lock
        return self

    @property
    def automaton(self) -> _Automaton:
        return self.index.automaton

    def live(self, number: int) -> int:
        """The live states of ``number``, read from the cache's bytes the first time."""
        found = self.lives[number]
        if found is None:
            data, starts = self.stored
            found = int.from_bytes(zlib.decompress(data[starts[number] : starts[number + 1]]), "little")
            self.lives[number] = found  # two threads may both read it: the same integer
        return found

    def number(self, live: int) -> int:
        """The number of the live states ``live``, a new one the first time they are met.  Looked up by
        hash and checked, without the lock, then again under it: threads share the numbering."""
        key = hash(live)
        found = self.by_hash.get(key)
        if found is not None and self.live(found) == live:
            return found
        with self.lock:
            for found in (self.by_hash.get(key), *self.same_hash.get(key, ())):
                if found is not None and self.live(found) == live:
                    return found
            found = len(self.lives)
            self.lives.append(live)
            if key in self.by_hash:
                self.same_hash.setdefault(key, []).append(found)
            else:
                self.by_hash[key] = found
            return found

    def matched(self, number: int) -> list[int]:
        """The blocks of the general patterns the auctions of ``number`` match."""
        found = self.accepted.get(number)
        if found is None:
            stored = self._stored_accepts(number)
            found = stored if stored is not None else self.index.general_blocks(self.live(number))
            self.accepted[number] = found
        return found

    def _stored_accepts(self, number: int) -> list[int] | None:
        """The blocks ``accepted_stored`` holds for ``number`` (None: it holds none)."""
        numbers, ends, blocks = self.accepted_stored
        at = int(np.searchsorted(numbers, number))
        if at < numbers.size and numbers[at] == number:
            return blocks[ends[at] : ends[at + 1]].tolist()  # type: ignore[no-any-return]
        return None

    def step(self, number: int, code: int) -> int:
        """The number after ``code`` (as ``_Automaton.run`` steps), worked out the first time."""
        found = self.next.get(number * CODES + code)
        if found is not None:
            return found
        automaton, live = self.automaton, self.live(number)
        live = (live & automaton.consume[code]) << 1 | (live & automaton.stay[code])
        if live:
            live |= (live & automaton.stars) << 1
        found = self.number(live)
        self.next[number * CODES + code] = found
        return found
