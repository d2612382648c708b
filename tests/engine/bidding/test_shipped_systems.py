"""What every shipped bidding system must be: it loads and names itself, every rule explains its call,
catch-alls say what is not covered, random auctions are legal and complete, and bidding one deal at a
time agrees with the batch."""

from __future__ import annotations

import pytest

from bridgegui.engine.bidding import load_system, shipped_systems
from bridgegui.engine.bidding.calls import Auction, Call
from bridgegui.engine.cards import Hand, parse_deal
from bridgegui.engine.dealing import deal_batch

NAMES = {"standard": "Standard", "acol": "Acol"}


@pytest.fixture(scope="module", params=sorted(NAMES))
def system(request):
    return load_system(request.param)


@pytest.mark.parametrize("key", sorted(NAMES))
def test_the_system_reads_and_names_itself(key):
    system = load_system(key)
    assert system.name == NAMES[key]
    assert system.rules


def test_every_rule_explains_its_call(system):
    for rule in system.rules:
        # A version-2 catch-all ("fallback") rule's explanation starts with "Not covered" instead.
        written = rule.explanation.startswith(rule.call.symbol() + ":")
        assert written or (rule.catch_all and rule.explanation.startswith("Not covered")), rule.explanation


def test_catch_alls_say_what_is_not_covered(system):
    final = system.rules_for(Auction.parse("N", "1C 1D 1H 1S 1NT"))
    assert final[-1].call == Call.parse("P")
    assert "Not covered by this teaching system" in final[-1].explanation


def test_random_auctions_are_legal_and_complete(system):
    deals = deal_batch(300, seed=12)
    for dealer in "NE":
        auctions = system.bid_batch(deals, dealer)
        for auction in auctions:
            assert auction.is_complete, auction.text()
            assert Auction.parse(dealer, auction.text()) == Auction(dealer, auction.calls)


def test_bid_one_by_one_agrees_with_the_batch(system):
    deals = deal_batch(20, seed=3)
    batch = system.bid_batch(deals, "S")
    for row, expected in zip(deals, batch, strict=True):
        deal = parse_deal("N:" + " ".join(str(Hand(int(m))) for m in row))
        result = system.bid(deal, "S")
        assert result.auction.calls == expected.calls
        assert all(choice.explanation for choice in result.choices)


def test_choosers_list_each_system_once_and_standard_finds_sayc():
    """``standard`` only renames SAYC: a chooser lists SAYC once and maps the old name to it (trial s24)."""
    from bridgegui.engine.bidding import DEFAULT_SHIPPED_SYSTEM, shipped_system_name, system_choices

    assert "standard" in shipped_systems() and "standard" not in system_choices()
    assert {"sayc", "acol"} <= set(system_choices()) and DEFAULT_SHIPPED_SYSTEM in system_choices()
    assert [shipped_system_name(n) for n in ("standard", "Standard", "SAYC", "acol")] == [
        "sayc",
        "sayc",
        "sayc",
        "acol",
    ]
    assert shipped_system_name("/tmp/my.system") == "/tmp/my.system"
    assert shipped_system_name("nonesuch") == "nonesuch"
