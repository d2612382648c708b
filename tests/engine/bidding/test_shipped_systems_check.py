"""The shipped systems pass their own checker: every rule reachable, no contradictory rule, every
note true to its meaning, and few calls from catch-all rules on random boards."""

from __future__ import annotations

import pytest

from bridgegui.engine.bidding import load_system, shipped_systems
from bridgegui.engine.bidding.checker import check_system, measure_coverage

CATCH_ALL_SHARE = 0.02
"""The most calls on random boards that may come from catch-all rules (the SAYC and Acol targets)."""


BOOKS = ("sayc", "acol")
"""The shipped systems with rules of their own (``standard`` is another name for ``sayc``)."""


def test_every_shipped_system_is_a_book_or_another_name_for_one() -> None:
    assert set(shipped_systems()) == {*BOOKS, "standard"}
    assert len(load_system("standard").rules) == len(load_system("sayc").rules)


@pytest.mark.parametrize("name", BOOKS)
def test_every_rule_of_a_shipped_system_is_reachable(name: str) -> None:
    """What ``bridgegui-system check`` proves, with its default draws (fewer draws miss rare rules)."""
    system = load_system(name)
    report = check_system(system, seed=1)
    errors = [f"{p.rule.source}:{p.rule.line} {p.kind} {p.rule.call}" for p in report.problems if p.kind != "note"]
    assert errors == []
    assert [p for p in report.problems if p.kind == "note"] == []
    # A shipped file's own rule taking every hand from a rule of a convention it includes leaves that
    # rule dead for this system: the convention should say it, or the own rule should not repeat it.
    replaced = [f"{p.rule.source}:{p.rule.line} by {p.taker.source}:{p.taker.line}" for p in report.replaced if p.taker]
    assert replaced == []


@pytest.mark.parametrize("name", BOOKS)
def test_a_shipped_system_covers_random_boards(name: str) -> None:
    """The coverage ``bridgegui-system check`` reports: 2,000 random boards, Law 2's dealers and
    vulnerabilities, seed 1."""
    coverage = measure_coverage(load_system(name), 2000, seed=1)
    assert coverage.strong_passes == 0
    assert coverage.share <= CATCH_ALL_SHARE, coverage.contexts[:5]


def _rule_lines(name: str) -> set[str]:
    from bridgegui.resource_files import resource

    text = resource("systems", f"{name}.system").read_text(encoding="utf-8")
    lines = set()
    for raw in text.splitlines():
        code = raw.split("#", 1)[0]
        if code[:1].isspace() and code.strip():
            lines.add(" ".join(code.split()))
    return lines


def test_sayc_and_acol_share_their_conventions_not_their_lines() -> None:
    """Common conventions live in conventions/ files both include: the two systems' own files share at
    most 300 rule lines."""
    assert len(_rule_lines("sayc") & _rule_lines("acol")) <= 300
