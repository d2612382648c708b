"""``bridgegui-system``: the checker on hand-made systems (a shadowed rule, a contradictory one, a note
that disagrees with its meaning), ``show``, and refusing an auction with an unreachable call."""

from __future__ import annotations

import io
import subprocess
import sys

import pytest

from bridgegui.cli.system import main
from bridgegui.engine.bidding import parse_system
from bridgegui.engine.bidding.checker import check_system, note_disagreements
from bridgegui.engine.bidding.loader import load_system as parse_system_file

SHADOWED = """version: 2
system: Shadowed
after P*
  1NT hcp 15-17, balanced
  1C  hcp 15-17, balanced, clubs 4+ -- never: 1NT takes these hands first.
  3S  seat 1, hcp 5-10, spades 7+
  1H  hearts 4+ where hearts(me) >= spades(me)
  1S  spades 4+
  2H  hearts 4+, hcp 19+ -- never: 1H and 1S together take every such hand.
  2C  hcp 22+, hcp 5- -- no hand: contradictory.
  fallback P -- nothing else.
after P* 1NT P 2C
  2D hcp 5+ -- a call that is never legal here after 2C? (legal: 2D over 2C).
  1S -- never legal: 1S is insufficient after 2C.
"""


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = main(list(argv), out, err)
    return status, out.getvalue(), err.getvalue()


@pytest.fixture
def shadowed_file(tmp_path):
    path = tmp_path / "shadowed.system"
    path.write_text(SHADOWED, encoding="utf-8")
    return path


def test_check_names_every_unreachable_and_contradictory_rule_with_its_line(shadowed_file):
    with pytest.raises(Exception):  # noqa: B017 - the contradictory meaning is refused while reading
        parse_system(SHADOWED)
    text = SHADOWED.replace("  2C  hcp 22+, hcp 5- -- no hand: contradictory.\n", "  2C hcp 22+ where hcp(me) < 5\n")
    shadowed_file.write_text(text, encoding="utf-8")
    status, out, err = run("check", str(shadowed_file), "--samples", "400", "--boards", "200")
    assert status == 1, err
    assert "shadowed.system:5: 1♣ is never chosen: the 1NT rule at shadowed.system:4 takes its hands first" in out
    assert "proved from the exact counts" in out.split("shadowed.system:5:")[1].split("\n")[0]
    assert "shadowed.system:9: 2♥ is never chosen" in out
    assert "shadowed.system:10: 2♣ can never be made: no hand fits its meaning" in out
    assert "shadowed.system:14: 1♠ can never be made: its call is never legal" in out
    assert "shadowed.system:6" not in out  # seat 1 only, and reachable there
    assert "coverage:" in out and "catch-all" in out


def test_a_clean_system_passes_with_only_coverage_figures(tmp_path):
    path = tmp_path / "clean.system"
    path.write_text("version: 2\nsystem: Clean\nafter P*\n  1NT hcp 15-17, balanced\n  fallback P\n", encoding="utf-8")
    status, out, _ = run("check", str(path), "--samples", "300", "--boards", "100")
    assert status == 0
    assert "0 unreachable or contradictory rules" in out


def test_included_rules_a_teachers_own_rules_replace_are_listed_apart_not_as_problems(tmp_path):
    """A teacher who includes a system and writes his own 1NT means to replace its 1NT: the check used
    to call the included rule a problem ("never chosen") and exit 1.  A rule the included file shadows
    itself, and a teacher's rule an included one shadows, are still problems."""
    (tmp_path / "base.system").write_text(
        "version: 2\nsystem: Base\nafter P*\n"
        "  1NT hcp 15-17, balanced\n"
        "  1C  hcp 15-17, balanced, clubs 4+ -- never: the base's own 1NT takes these first.\n"
        "  1S  spades 5+\n"
        "  fallback P\n",
        encoding="utf-8",
    )
    top = tmp_path / "club.system"
    top.write_text(
        "version: 2\nsystem: Club\nafter P*\n  1NT hcp 15-17, balanced -- our own notrump note.\ninclude base.system\n",
        encoding="utf-8",
    )
    status, out, err = run("check", str(top), "--samples", "400", "--boards", "200")
    assert status == 1, err  # base.system:5 is shadowed by a rule of the included file itself: a problem
    assert "base.system:5: 1♣ is never chosen" in out
    assert "1 rule of the files club.system includes is replaced by its own" in out
    assert "  base.system:4: 1NT, replaced by club.system:4" in out
    assert "1 unreachable or contradictory rule, 0 notes to check; 1 included rule replaced" in out
    report = check_system(parse_system_file(top), samples=400)
    assert [p.rule.line for p in report.replaced] == [4] and report.replaced[0].taker.line == 4
    assert [p.rule.line for p in report.problems] == [5]
    # Only the replacement: nothing to fix, the check passes.
    (tmp_path / "base.system").write_text(
        "version: 2\nsystem: Base\nafter P*\n  1NT hcp 15-17, balanced\n  1S  spades 5+\n  fallback P\n",
        encoding="utf-8",
    )
    status, out, _ = run("check", str(top), "--samples", "400", "--boards", "200")
    assert status == 0 and "0 unreachable or contradictory rules, 0 notes to check; 1 included rule replaced" in out


def test_a_rule_reached_only_over_a_higher_bid_is_tried_there():
    """A block written for "any bid" with "2♥ if legal, else 3♥" was tried only after the cheapest
    bid, where 2♥ takes every hand: the check called 3♥ dead.  (Seen on sayc.system:5198 when a
    teacher's file changed which auctions random boards show.)"""
    system = parse_system(
        "version: 2\nsystem: Jumps\nafter P*\n  1C hcp 12+\n  fallback P\n"
        "after 1C P bid\n"
        "  2H  hearts 6+ -- compete at the cheapest level.\n"
        "  3H  hearts 6+ -- over a bid above 2♥, compete at the three level.\n"
        "  fallback P\n"
    )
    report = check_system(system, samples=300)
    assert report.problems == ()


def test_a_note_whose_numbers_disagree_with_the_meaning_is_reported():
    system = parse_system(
        "version: 2\nsystem: Notes\nafter P*\n"
        "  1NT hcp 15-17, balanced -- with 15-18 HCP.\n"
        "  2NT hcp 20-21, balanced -- 20-21 HCP; 5-5 shapes are not balanced.\n"
        "  fallback P\n"
    )
    assert note_disagreements(system.rules[0]) == ["15-18 HCP"]
    assert note_disagreements(system.rules[1]) == []
    report = check_system(system, samples=200)
    assert [(p.kind, p.rule.line) for p in report.problems] == [("note", 4)]
    assert not report.has_errors


def test_a_note_range_with_a_hand_type_but_no_unit_is_checked_too():
    """A teacher's "20-22 balanced" over a 20-21 meaning went unreported: only ranges with a unit were
    read.  Partner's range ("opposite 15-17 balanced", "opener's 12-14 balanced") is not the hand's."""
    system = parse_system(
        "version: 2\nsystem: Notes\nafter P*\n"
        "  2NT hcp 20-21, balanced -- 20-22 balanced.\n"
        "  3NT hcp 25-27, balanced -- 25-27 balanced.\n"
        "  1NT hcp 15-17, balanced -- a 15-18 point hand.\n"
        "  1D  hcp 12-14 -- 5-4 in the minors; opposite 15-17 balanced, or opener's 12-14 balanced.\n"
        "  fallback P\n"
    )
    assert [note_disagreements(rule) for rule in system.rules[:4]] == [["20-22"], [], ["15-18 point"], []]


def test_a_malformed_file_exits_2_with_its_place(tmp_path):
    path = tmp_path / "bad.system"
    path.write_text("version: 2\nsystem: Bad\nafter P*\n  1NT hcp 15-x\n", encoding="utf-8")
    status, _, err = run("check", str(path))
    assert status == 2 and "bad.system:4:" in err


def _show(tmp_path, rules: str, auction: str) -> tuple[int, str, str]:
    """``show`` on a one-block system ``Alt`` (after 1NT P) whose rules are ``rules``."""
    path = tmp_path / "alt.system"
    path.write_text("version: 2\nsystem: Alt\nafter P* 1NT P\n" + rules, encoding="utf-8")
    return run("show", str(path), "--auction", auction)


def test_show_lists_the_next_calls_in_priority_order_with_alternatives(tmp_path):
    status, out, _ = _show(
        tmp_path, "  2C hcp 8+ -- Stayman.\n      also 3NT hcp 10+ -- game is fine too.\n  fallback P\n", "1NT P"
    )
    assert status == 0
    lines = out.splitlines()
    assert lines[0] == "Alt: after 1NT Pass, S to call"
    assert lines[1].startswith("  1. 2♣    hcp 8+") and "(alt.system:4)" in lines[1]
    assert "also 3NT: game is fine too." in out
    assert "2. Pass" in out and "[catch-all]" in out


def test_show_stops_at_a_rule_that_takes_every_hand(tmp_path):
    """A teacher's trial read rules 33-36 listed after a "Pass any" rule that takes every hand: they
    can never be chosen there, so show says so instead of listing them as candidates."""
    rules = "  2C hcp 8+ -- Stayman.\n  P -- too weak.\n  3NT hcp 10+ -- game.\n  2NT hcp 8-9 -- invites.\n"
    status, out, _ = _show(tmp_path, rules, "1NT P")
    assert status == 0
    assert "2. Pass" in out and "3NT" not in out and "2NT" not in out
    assert out.splitlines()[-1] == "  (2 more rules below never chosen here: rule 2 takes every hand)"


def test_show_after_all_pass_says_the_auction_is_over(tmp_path):
    """``AP`` is a call list's end in PBN and in bridgegui-deal's --auction; show must say why it has
    nothing to list, not call AP an unknown call."""
    status, out, err = _show(tmp_path, "  2C hcp 8+ -- Stayman.\n  fallback P\n", "1NT AP")
    assert status == 2 and out == ""
    assert "AP (all pass) ends the auction" in err and "not a call" not in err


def test_the_installed_command_runs_show_on_a_shipped_system():
    done = subprocess.run(
        [sys.executable, "-c", "from bridgegui.entry import system; system()", "show", "acol", "--auction", "1NT P"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert "after 1NT Pass" in done.stdout


def test_a_lower_bid_that_may_be_insufficient_is_no_proof_of_a_dead_rule():
    """After 1♣ (1♥) 1♠|2♠ (P), opener's 1NT is insufficient when partner bid 2♠: the 2NT after it is
    reached there, so the checker must not call 2NT dead because 1NT's meaning holds it."""
    system = parse_system(
        "version: 2\nsystem: Levels\nafter P* 1C 1H 1S|2S P\n"
        "  1NT hcp 12-14, balanced\n  2NT hcp 12-14, balanced\n  fallback P\n"
        "after **\n  fallback P\n"
    )
    report = check_system(system, samples=300)
    assert [p for p in report.problems if p.kind != "note"] == []


def test_a_catch_all_pattern_is_tried_in_auctions_no_other_block_spells():
    """ "** X XX P" also answers 1♣ (1♥) X (XX) P, which the opener's block does not: the rule there is
    reachable, though the opener's block takes every hand after 1♣ (X) XX P."""
    system = parse_system(
        "version: 2\nsystem: Redoubles\nafter P* 1{suit} X XX *\n  P -- waits.\n"
        "after ** X XX P\n  P hcp 0-12 -- weak.\n  fallback P\n"
    )
    report = check_system(system, samples=300)
    assert [p for p in report.problems if p.kind != "note"] == []


def test_a_check_through_a_pipe_says_at_once_that_it_has_started(tmp_path):
    """A caller reading the command through a pipe, with a time limit, used to see nothing at all until
    the report: the start line now goes to stderr whether or not it is a terminal."""
    path = tmp_path / "clean.system"
    path.write_text("version: 2\nsystem: Clean\nafter P*\n  1NT hcp 15-17, balanced\n  fallback P\n", encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-c", "from bridgegui.entry import system; system()", "check", str(path), "--boards", "50"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert done.stderr.startswith("bridgegui-system: checking Clean: 2 rules, 2,000 hands each, 50 random boards")
    # The report says why it checked one rule fewer than the start line counted: the catch-all.
    assert "1 rule checked; 1 catch-all rule left out" in done.stdout


def test_a_rule_only_rare_hands_reach_is_still_found_reachable():
    """The first, cheap round of draws (a few hundred hands) misses a rule that about 1 hand in 250 of
    its meaning reaches (22+ HCP, below a rule taking 0-21); the full round (2,000 fresh hands in each
    context) must still find it, and say nothing about it."""
    system = parse_system("version: 2\nsystem: Rare\nafter P*\n  1D hcp 0-21\n  2C hcp 0-37 -- strong.\n  fallback P\n")
    for seed in (1, 2, 3):
        report = check_system(system, seed=seed)
        assert [p for p in report.problems if p.kind != "note"] == []
    shadowed = parse_system("version: 2\nsystem: Dead\nafter P*\n  1D hcp 0-37\n  2C hcp 0-37 where hcp(me) >= 22\n")
    assert [p.rule.line for p in check_system(shadowed, seed=1).problems] == [5]


def _many_blocks_system() -> str:
    """A system of 27 small blocks (answers after 1♣ and each overcall), enough rules to report
    progress on several times."""
    body = "".join(
        f"after P* 1C {level}{strain}\n  X hcp 10+ -- strong.\n  P hcp 0-9 -- weak.\n"
        for level in range(1, 8)
        for strain in "CDHS"
        if (level, strain) > (1, "C")
    )
    return "version: 2\nsystem: Many\nafter P*\n  1C hcp 12+\n  fallback P\n" + body


def test_a_check_reports_its_progress_up_to_the_whole_system(monkeypatch):
    """A check of a large system runs for many seconds: ``progress`` hears how far it has gone, in
    steps, and last that every rule was looked at."""
    from bridgegui.engine.bidding import checker

    system = parse_system(_many_blocks_system())
    monkeypatch.setattr(checker, "PROGRESS_EVERY", 10)
    heard: list[tuple[int, int]] = []
    check_system(system, samples=300, progress=lambda done, total: heard.append((done, total)))
    total = len(system.rules)
    assert total > 40
    assert len(heard) >= 4
    assert all(t == total for _, t in heard)
    assert [d for d, _ in heard] == sorted(d for d, _ in heard)
    assert heard[-1] == (total, total) and heard[0][0] < total


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_the_command_shows_progress_in_place_on_a_terminal_and_by_lines_through_a_pipe(tmp_path, monkeypatch):
    """On a terminal one line is rewritten (``\\r``) and ended before the report; through a pipe a line
    comes at most every few seconds, never a rewritten one."""
    from bridgegui.cli import system as system_cli
    from bridgegui.engine.bidding import checker

    path = tmp_path / "many.system"
    path.write_text(_many_blocks_system(), encoding="utf-8")
    monkeypatch.setattr(checker, "PROGRESS_EVERY", 10)
    terminal = _Terminal()
    assert main(["check", str(path), "--samples", "300", "--boards", "50"], io.StringIO(), terminal) == 0
    shown = terminal.getvalue()
    assert shown.count("\r") >= 3 and shown.endswith("rules looked at\n")
    total = len(parse_system_file(str(path)).rules)
    assert f"\rbridgegui-system: {total:,} of {total:,} rules looked at\n" in shown

    monkeypatch.setattr(system_cli._CheckProgress, "PIPE_EVERY", 0.0)
    piped = io.StringIO()
    assert main(["check", str(path), "--samples", "300", "--boards", "50"], io.StringIO(), piped) == 0
    lines = piped.getvalue().splitlines()
    assert "\r" not in piped.getvalue()
    assert len(lines) >= 3 and all("rules looked at" in line for line in lines[1:])
    monkeypatch.setattr(system_cli._CheckProgress, "PIPE_EVERY", 3600.0)
    quiet = io.StringIO()
    assert main(["check", str(path), "--samples", "300", "--boards", "50"], io.StringIO(), quiet) == 0
    assert len(quiet.getvalue().splitlines()) == 1  # only the start line within the hour


def test_an_interrupted_check_ends_its_progress_line(tmp_path, monkeypatch):
    """Ctrl-C during a check on a terminal: the rewritten progress line is ended, so the traceback (or
    the shell's prompt) does not run on after it."""
    from bridgegui.cli import system as system_cli

    def interrupted(*_args, progress, **_kwargs):
        progress(10, 20)
        raise KeyboardInterrupt

    path = tmp_path / "clean.system"
    path.write_text("version: 2\nsystem: Clean\nafter P*\n  1NT hcp 15-17, balanced\n  fallback P\n", encoding="utf-8")
    monkeypatch.setattr(system_cli, "check_system", interrupted)
    terminal = _Terminal()
    with pytest.raises(KeyboardInterrupt):
        main(["check", str(path)], io.StringIO(), terminal)
    assert terminal.getvalue().endswith("\rbridgegui-system: 10 of 20 rules looked at\n")
