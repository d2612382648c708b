"""The compiled-system cache gives back the system the reader made."""

from __future__ import annotations

import io
import pickle

from bridgegui.engine.bidding import PASS, load_system
from bridgegui.engine.bidding.loader import _Pickler
from bridgegui.engine.dealing import deal_batch


def test_a_system_through_the_cache_pickler_is_the_system_read() -> None:
    fresh = load_system("acol", use_cache=False)
    buffer = io.BytesIO()
    _Pickler(buffer, protocol=pickle.HIGHEST_PROTOCOL).dump(fresh)
    cached = pickle.loads(buffer.getvalue())
    assert len(cached.rules) == len(fresh.rules)
    for a, b in zip(fresh.rules, cached.rules, strict=True):
        assert (a.call, a.meaning, a.explanation, a.where, a.seats, a.vulnerabilities, a.line) == (
            b.call,
            b.meaning,
            b.explanation,
            b.where,
            b.seats,
            b.vulnerabilities,
            b.line,
        )
        assert [(x.call, x.reason) for x in a.alternatives] == [(x.call, x.reason) for x in b.alternatives]
    assert any(rule.call is PASS for rule in cached.rules)  # calls come back as the shared objects
    deals = deal_batch(500, seed=6)
    assert [a.calls for a in cached.bid_batch(deals, "W", "NS")] == [a.calls for a in fresh.bid_batch(deals, "W", "NS")]
