"""The shipped systems against the books' general statements (``statements/*.statements``), each on up
to 200 random hands that fit it: every hand must get a call the statement allows (see
``statements.py`` for why hand-by-hand corpus cases alone do not catch a rule placed too early)."""

from __future__ import annotations

import pytest

from bridgegui.engine.bidding import load_system
from tests.engine.bidding.statements import LEAST_HANDS, read_statements, verdict

SYSTEMS = ("sayc", "acol")


@pytest.mark.parametrize("name", SYSTEMS)
def test_every_statement_holds_on_every_hand_that_fits_it(name):
    system = load_system(name)
    statements = read_statements(name)
    assert len(statements) >= 30, "a statement file too short to cover the system's areas"
    failures = []
    for statement in statements:
        result = verdict(system, statement)
        if result.hands < LEAST_HANDS:
            failures.append(f"{statement.label()}: only {result.hands} pool hands fit it")
        elif result.misses:
            shown = "; ".join(f"{hand} -> {call}" for hand, call in result.misses[:3])
            failures.append(
                f"{statement.label()}: {len(result.misses)} of {result.hands} hands bid otherwise ({shown})"
            )
    assert not failures, "\n".join(failures)


@pytest.mark.parametrize("name", SYSTEMS)
def test_statements_name_their_sources_and_areas(name):
    for statement in read_statements(name):
        assert statement.source and statement.area, statement.label()


def test_a_rule_placed_too_early_is_caught():
    """The check fails when a narrow rule steals hands from the general one: a 1NT opening that
    forgot ``balanced`` takes some 15-17 unbalanced hands the five-card-major statement expects."""
    from bridgegui.engine.bidding.system_file import parse_system

    broken = parse_system("version: 2\nsystem: Broken\n\nafter P*\n  1NT  hcp 13-17\n  1S   spades 5+\n  P    any\n")
    statement = next(s for s in read_statements("sayc") if s.calls == ("1S",) and s.auction == "")
    assert verdict(broken, statement).misses
    assert not verdict(load_system("sayc"), statement).misses
