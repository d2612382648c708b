"""The batch bidder (``batch.bid_rows`` behind ``bid_deals`` and ``bid_batch_with_rules``) against
bidding each board alone (``System.bid``: one ``choose`` per call), on random boards of both shipped
systems and on small inline systems that use every part of a meaning."""

from __future__ import annotations

import numpy as np
import pytest

from bridgegui.engine.bidding import Auction, load_system, parse_system
from bridgegui.engine.bidding.system import NO_RULE, bid_deals
from bridgegui.engine.cards import SEATS, Deal
from bridgegui.engine.dealing import deal_batch

VULNERABILITIES = ("None", "NS", "EW", "All")


def _alone(system, deal_rows, dealers, vulnerabilities):
    """Each board bid by itself: the auction and its rules."""
    results = []
    for row, dealer, vulnerable in zip(deal_rows, dealers, vulnerabilities, strict=True):
        result = system.bid(Deal.from_masks(tuple(int(x) for x in row)), dealer, vulnerable)
        results.append((result.auction, [NO_RULE if c.rule is None else c.rule.index for c in result.choices]))
    return results


def _assert_same(system, deals, dealers, vulnerabilities) -> None:
    auctions, history = bid_deals(system, deals, dealers, vulnerabilities)
    for k, (auction, rules) in enumerate(_alone(system, deals, dealers, vulnerabilities)):
        assert auctions[k] == auction, (k, auctions[k].text(), auction.text())
        assert history[k, : len(rules)].tolist() == rules, k
        assert (history[k, len(rules) :] == NO_RULE).all(), k


@pytest.mark.parametrize("name", ["sayc", "acol"])
def test_the_batch_bids_every_board_as_bidding_it_alone_does(name: str) -> None:
    """600 random boards at random dealers and vulnerabilities: the same calls and the same rules."""
    system = load_system(name)
    count = 600
    deals = deal_batch(count, seed=2026)
    rng = np.random.default_rng(7)
    dealers = [SEATS[i] for i in rng.integers(0, 4, count)]
    vulnerabilities = [VULNERABILITIES[i] for i in rng.integers(0, 4, count)]
    _assert_same(system, deals, dealers, vulnerabilities)


MEANINGS = """
version: 2
system: Meanings
after P*
  2NT  hcp 20-21, balanced, stopper S, stopper H        -- 2NT
  1S   seat 3-4, hcp 9+, spades 5+, quality S 3+         -- light third and fourth seat 1S
  1H   vul we|both, points 13+, hearts 5+                -- 1H vulnerable
  1H   hcp 11+, hearts 5+ where hearts(me) > spades(me)  -- 1H
  1D   rule20, diamonds 4+                               -- 1D by the rule of 20
  1C   cards CA, hcp 10+                                  -- 1C with the club ace
  1C   controls 4+, qt 2+                                 -- 1C with controls
  P    any                                                -- pass
after P* bid
  X    hcp 13+, ltc 7-, not 4333                          -- a double
  2S   tricks 6+, spades 6+                               -- a jump
  P    any                                                -- pass
after P* bid X
  XX   hcp 10+                                            -- redouble
  1NT  hcp 6-9 where spades(me) + hearts(me) >= 6         -- a run
after **
  P    any                                                -- pass
"""


def test_every_part_of_a_meaning_is_judged_as_alone() -> None:
    """Shapes, measures, stoppers, quality, the rule of 20, predealt cards, seats, vulnerability, a
    where, doubles and redoubles, a rule that fits no hand at its turn (an insufficient bid)."""
    system = parse_system(MEANINGS)
    count = 1500
    deals = deal_batch(count, seed=11)
    dealers = [SEATS[i % 4] for i in range(count)]
    vulnerabilities = [VULNERABILITIES[(i // 4) % 4] for i in range(count)]
    _assert_same(system, deals, dealers, vulnerabilities)


def test_a_batch_goes_on_from_an_auction_and_stops_after_max_calls() -> None:
    system = load_system("sayc")
    deals = deal_batch(300, seed=5)
    start = Auction.parse("S", "1NT P")
    auctions, rules = system.bid_batch_with_rules(deals, "S", "EW", max_calls=3, start=start)
    for row, auction, used in zip(deals, auctions, rules, strict=True):
        expected = start
        deal = Deal.from_masks(tuple(int(x) for x in row))
        for k in range(3):
            if expected.is_complete:
                assert used[k] == NO_RULE
                continue
            choice = system.call_for(deal, expected, "EW")
            assert used[k] == (NO_RULE if choice.rule is None else choice.rule.index)
            expected = expected + choice.call
        assert auction == expected


def test_a_finished_start_and_no_calls_leave_the_auction_as_it_is() -> None:
    system = load_system("sayc")
    deals = deal_batch(5, seed=1)
    over = Auction.parse("N", "P P P P")
    auctions, rules = system.bid_batch_with_rules(deals, "N", start=over)
    assert auctions == [over] * 5 and (rules == NO_RULE).all()
    auctions, rules = system.bid_batch_with_rules(deals, "E", max_calls=0)
    assert auctions == [Auction("E")] * 5 and rules.shape == (5, 0)


def test_tables_that_do_not_know_their_blocks_bid_as_the_cached_ones() -> None:
    """Candidates come from every block's rules laid out with numpy when the tables know where blocks
    start (a loaded system's), else from each auction's blocks' rules one by one: the same calls."""
    from bridgegui.engine.bidding.batch import BatchIndex, RuleTables, bid_codes

    loaded = load_system("acol")
    plain = load_system("acol", use_cache=False)
    plain.__dict__["_batch"] = BatchIndex(RuleTables(plain.rules))
    assert loaded._batch.tables.block_starts is not None and plain._batch.tables.block_starts is None
    deals = deal_batch(600, seed=31)
    dealers = np.arange(600) % 4
    vulnerability = (np.arange(600) // 4) % 4
    one, other = (bid_codes(s, deals, dealers, vulnerability, 60) for s in (loaded, plain))
    assert np.array_equal(one.calls, other.calls) and np.array_equal(one.rules, other.rules)
    assert np.array_equal(one.lengths, other.lengths) and (one.calls[:, 1] >= 0).any()


def test_threads_bidding_a_system_for_the_first_time_share_one_numbering_of_its_states(monkeypatch) -> None:
    """The blockset memo is keyed by the automaton's state numbers: two threads starting at once must
    get the same numbering, or each fills the shared memo with its own meaning of the keys."""
    import threading
    import time

    from bridgegui.engine.bidding import batch_states

    system = load_system("standard")  # from the cache: a new System, its batch index not yet used
    index, batch = system._index, system._batch
    made = batch_states.LiveStates.__init__

    def slow(self, *args, **kwargs) -> None:  # widens the window between the check and the assignment
        time.sleep(0.05)
        made(self, *args, **kwargs)

    monkeypatch.setattr(batch_states.LiveStates, "__init__", slow)
    start = threading.Barrier(2)
    found: list[object] = []

    def ask() -> None:
        start.wait()
        found.append(batch.automaton_states(index))

    threads = [threading.Thread(target=ask) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert found[0] is found[1]


def test_live_states_keep_their_numbers_through_the_cache_and_tell_apart_states_of_one_hash() -> None:
    """The live states are numbered by hash and checked, and the cache stores them as bytes read when
    asked for: two different states with the same hash keep two numbers, before and after a pickle
    round trip, and a state met again after it gets its old number."""
    import pickle
    import sys
    import threading
    from types import SimpleNamespace

    from bridgegui.engine.bidding.batch_states import LiveStates

    index = SimpleNamespace(automaton=SimpleNamespace())
    states = LiveStates(index, threading.Lock())  # type: ignore[arg-type]
    wide = 1 << 3000 | 12345
    twin = wide + sys.hash_info.modulus  # an int's hash is its value modulo this
    assert hash(twin) == hash(wide) and twin != wide
    numbers = [states.number(live) for live in (wide, twin, 7, wide, 0)]
    assert numbers == [1, 2, 3, 1, 0]
    loaded = pickle.loads(pickle.dumps(states)).bound(index, threading.Lock())  # type: ignore[arg-type]
    assert loaded.lives[1:] == [None, None, None]  # read when asked for
    assert [loaded.number(live) for live in (twin, wide, 7, 0)] == [2, 1, 3, 0]
    assert [loaded.live(n) for n in range(4)] == [0, wide, twin, 7]
    assert loaded.number(1 << 5000) == 4
    twice = pickle.loads(pickle.dumps(loaded)).bound(index, threading.Lock())  # type: ignore[arg-type]
    assert [twice.live(n) for n in range(5)] == [0, wide, twin, 7, 1 << 5000]  # stored, then learned


def test_the_blocks_each_number_matched_come_back_from_the_cache_and_go_on_growing() -> None:
    """``accepted`` is stored as arrays: what was matched before a pickle (an empty list included)
    comes back without asking the index, and what is matched after is kept by the next pickle."""
    import pickle
    import threading
    from types import SimpleNamespace

    from bridgegui.engine.bidding.batch_states import LiveStates

    asked: list[int] = []
    answers = {5: [3, 1], 9: [], 2: [7]}
    index = SimpleNamespace(
        automaton=SimpleNamespace(), general_blocks=lambda live: asked.append(live) or answers[live]
    )
    states = LiveStates(index, threading.Lock())  # type: ignore[arg-type]
    numbers = {live: states.number(live) for live in (5, 9, 2)}
    assert [states.matched(numbers[live]) for live in (5, 9)] == [[3, 1], []]
    loaded = pickle.loads(pickle.dumps(states)).bound(index, threading.Lock())  # type: ignore[arg-type]
    assert [loaded.matched(numbers[live]) for live in (9, 5, 2)] == [[], [3, 1], [7]]
    assert asked == [5, 9, 2]
    twice = pickle.loads(pickle.dumps(loaded)).bound(index, threading.Lock())  # type: ignore[arg-type]
    assert [twice.matched(numbers[live]) for live in (2, 9, 5)] == [[7], [], [3, 1]]
    assert asked == [5, 9, 2]


def test_unsigned_range_checks_say_what_the_bounds_say() -> None:
    """``RuleTables.ranges``' one comparison per slot against ``bounds``' two, for every rule and slot
    of the shipped system and measures from -3 to 60, a range made empty included (never met)."""
    tables = load_system("sayc")._batch.tables
    try:
        counts, columns, lows, highs = tables.bounds()
        lows[0, 0], highs[0, 0] = 9, 4  # no hand fits an empty range
        tables._ranges = None
        same_counts, same_columns, starts, spans, used = tables.ranges()
        assert same_counts is counts and same_columns is columns
        values = np.arange(-3, 61, dtype=np.int32)[:, None, None]
        expected = (values >= lows) & (values <= highs)
        assert ((values.view(np.uint32) - starts) <= spans).tolist() == expected.tolist()
        assert not expected[:, 0, 0].any()
        bounded = np.arange(columns.shape[0])[:, None] < counts
        for rule in range(0, len(counts), 97):
            assert used[rule] == sum(1 << int(c) for c in set(columns[bounded[:, rule], rule].tolist()))
    finally:  # the loaded system is shared: its bounds are made again from its rows
        tables._bounds = tables._ranges = None


def test_rule_tables_come_back_from_a_pickle_as_they_went_and_go_on_filling_rows() -> None:
    """The cache keeps the measure bounds as the cells that bound something and the shape conditions'
    rows pickled: tables half filled, pickled and filled further are the tables filled further unpickled."""
    import pickle

    from bridgegui.engine.bidding.batch_tables import RuleTables

    rules = load_system("acol", use_cache=False).rules
    whole, half = RuleTables(rules), RuleTables(rules)
    for tables in (whole, half):
        tables.prepare(np.arange(0, len(rules), 2))
    again = pickle.loads(pickle.dumps(half))
    assert isinstance(again._shape_rows, bytes)
    assert np.array_equal(again.lo, half.lo) and np.array_equal(again.hi, half.hi)
    again.rules = rules
    for tables in (whole, again):
        tables.prepare(np.arange(len(rules)))
    for name in ("lo", "hi", "shape_rows", "shape_of", "shaped", "rule20", "cards", "asks", "codes", "applies"):
        assert np.array_equal(getattr(again, name), getattr(whole, name)), name
    assert again.columns == whole.columns and again._shape_rows == whole._shape_rows


def test_live_states_pickle_while_another_thread_matches_new_numbers(monkeypatch) -> None:
    """``matched`` adds to ``accepted`` without the lock: pickling copies it first (it looped over the
    dictionary itself, and a number matched meanwhile stopped the pickle with a RuntimeError)."""
    import pickle
    import threading
    from types import SimpleNamespace

    from bridgegui.engine.bidding.batch_states import LiveStates

    index = SimpleNamespace(automaton=SimpleNamespace(), general_blocks=lambda live: [live])
    states = LiveStates(index, threading.Lock())  # type: ignore[arg-type]
    for live in (3, 4, 5):
        states.matched(states.number(live))
    looked_up = LiveStates._stored_accepts

    def another_thread_matches(self: LiveStates, number: int) -> list[int] | None:
        self.accepted[100 + number] = [number]  # what a bidding thread's ``matched`` does meanwhile
        return looked_up(self, number)

    monkeypatch.setattr(LiveStates, "_stored_accepts", another_thread_matches)
    loaded = pickle.loads(pickle.dumps(states))
    assert sorted(loaded.accepted_stored[0].tolist()) == [1, 2, 3]


def test_bounds_read_the_rule_tables_rows_under_the_lock_rows_are_filled_under() -> None:
    """Filling rows swaps in a new ``lo`` and then a new ``hi``: ``bounds`` waits for a fill in progress
    instead of pairing one fill's ``lo`` with another's ``hi`` (two threads bidding an uncached system)."""
    import threading

    from bridgegui.engine.bidding.batch_tables import RuleTables

    rules = parse_system(MEANINGS).rules
    tables = RuleTables(rules)
    tables.prepare(np.arange(len(rules)))
    tables._bounds = None
    done = threading.Event()
    with tables._lock:
        reader = threading.Thread(target=lambda: (tables.bounds(), done.set()))
        reader.start()
        assert not done.wait(0.2)
    reader.join(timeout=30)
    assert done.is_set()
