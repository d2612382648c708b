"""Any-order shape tokens (``5xxx``, ``4333``, ``10-x-x-x``) match exactly the shapes some suit order fits.

``pattern_shapes`` counts lengths instead of trying the 24 suit orders of every shape (start-up time,
start-up time); this compares it with the direct definition for every token of four lengths and wildcards.
"""

from __future__ import annotations

from itertools import permutations, product

from bridgegui.engine.dealer.specs import ALL_SHAPES, pattern_shapes


def _by_orders(wanted: tuple[int | None, ...]) -> frozenset[tuple[int, int, int, int]]:
    return frozenset(
        s
        for s in ALL_SHAPES
        if any(all(w is None or w == s[perm[i]] for i, w in enumerate(wanted)) for perm in permutations(range(4)))
    )


def test_every_any_order_token_matches_the_definition() -> None:
    checked = 0
    for wanted in product([None, *range(14)], repeat=4):
        fixed = sum(w for w in wanted if w is not None)
        if fixed > 13 or (None not in wanted and fixed != 13):
            continue
        if list(wanted) != sorted(wanted, key=lambda w: (w is None, -(w or 0))):
            continue  # any order: one spelling of each token is enough
        token = "-".join("x" if w is None else str(w) for w in wanted)
        assert pattern_shapes(token) == _by_orders(wanted), token
        checked += 1
    assert checked > 200  # every multiset of up to four lengths that fits 13 cards


def test_named_shapes() -> None:
    balanced = pattern_shapes("balanced")
    assert len(balanced) == 4 + 12 + 12
    assert all(sorted(s, reverse=True) in ([4, 3, 3, 3], [4, 4, 3, 2], [5, 3, 3, 2]) for s in balanced)
