"""Lesson files remember their constraints: opening a set restores the editors, the dealer rule and
the advanced condition it was dealt with, asking first when the editors hold changes kept nowhere."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtWidgets import QMessageBox
from pytestqt.qtbot import QtBot

from bridgegui.engine.boards import Board
from bridgegui.engine.cards import parse_deal
from bridgegui.formats import pbn
from bridgegui.ui.mainwindow.set_header import header_lines, parse_constraints_line, read_header
from bridgegui.ui.mainwindow.window import MainWindow
from tests.ui.window_steps import deal_one, deal_set

DEAL = "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"


def save_lesson(qtbot: QtBot, window: MainWindow, path: Path, **specs: str) -> None:
    for key, spec in specs.items():
        (window.seat_editors.get(key) or window.partnership_editors[key]).set_spec(spec)
    window.feedback.update_now()
    deal_set(qtbot, window, 2)
    assert window.save_file(path)


def test_the_next_deal_after_opening_an_8_9_south_lesson_is_within_it(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    lesson = tmp_path / "south-8-9.pbn"
    save_lesson(qtbot, window, lesson, S="hcp 8-9")
    # Another lesson's constraints are in the editors now, typed by the teacher (a user edit).
    south_lo = window.seat_editors["S"].field_widgets("hcp")[0]
    south_lo.setValue(11)
    window.seat_editors["S"].field_widgets("hcp")[1].setValue(11)
    assert window.seat_editors["S"].spec() == "hcp 11"
    asked: list[str] = []

    def agree(name: str, then) -> None:  # the question, answered "Use the Lesson's"
        asked.append(name)
        then()

    window.document.confirm_replace_constraints = agree  # type: ignore[method-assign]
    assert window.open_file(lesson)
    assert asked == ["south-8-9.pbn"]  # the editors held unsaved changes: asked first
    assert window.seat_editors["S"].spec() == "hcp 8-9"
    window.go_to_row(0)
    for _ in range(5):
        deal_one(qtbot, window)
        assert window.diagram.deal().hand("S").hcp in (8, 9)


def test_keeping_ones_own_constraints_leaves_the_editors_alone(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    lesson = tmp_path / "lesson.pbn"
    save_lesson(qtbot, window, lesson, S="hcp 8-9")
    window.seat_editors["N"].field_widgets("hcp")[0].setValue(15)
    mine = window.request_specs()
    window.document.confirm_replace_constraints = lambda _name, _then: None  # type: ignore[method-assign]  # "Keep Mine"
    assert window.open_file(lesson)
    assert window.request_specs() == mine


def test_without_unsaved_edits_the_lesson_is_restored_without_a_question(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    lesson = tmp_path / "lesson.pbn"
    save_lesson(qtbot, window, lesson, N="hcp 15-17, balanced", NS="hcp 25+")
    window.clear_constraints()  # Clear is the teacher's choice, but it is a change kept nowhere…
    window.undo.mark_constraints_kept()  # …unless it is kept (here: as if a preset had been applied)
    window.document.confirm_replace_constraints = lambda *_a: (_ for _ in ()).throw(AssertionError("asked"))  # type: ignore[method-assign]
    assert window.open_file(lesson)
    assert window.seat_editors["N"].spec() == "hcp 15-17, balanced"
    assert window.partnership_editors["NS"].spec() == "hcp 25+"
    # Restoring is one undo step: the editors come back as they were.
    assert window.action("actionUndo").text().replace("&", "") == "Undo Constraints of lesson.pbn"
    window.undo.undo()
    assert not any(window.request_specs().values())


def test_the_dealer_rule_and_a_multi_line_advanced_condition_come_back(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    condition = "hcp(north) >= 12  # an opener\n  && spades(south) >= 4"
    window.condition_editor.set_text(condition)
    window.constraints_dock.set_dealer_mode("S")
    lesson = tmp_path / "lesson.pbn"
    save_lesson(qtbot, window, lesson, E="hcp 0-5")
    text = lesson.read_text()
    assert "% Advanced condition:" in text and "#" in text
    window.clear_constraints()
    window.undo.mark_constraints_kept()
    assert window.open_file(lesson)
    assert window.advanced_condition() == condition.strip()
    assert window.dealer_mode() == "S"
    assert window.seat_editors["E"].spec() == "hcp 0-5"
    # Saving the opened set again keeps its header.
    window.go_to_row(0)
    deal_one(qtbot, window)
    assert window.save_file()
    again = read_header(lesson)
    assert again is not None and again.specs["E"] == "hcp 0-5" and again.advanced == condition.strip()


def test_a_command_line_lesson_with_seat_names_is_read(window: MainWindow, tmp_path: Path) -> None:
    lesson = tmp_path / "cli.pbn"
    pbn.save(lesson, [Board(1, parse_deal(DEAL))], extra_header=["Constraints: North: hcp 20+; NS: hcp 30+"])
    window.undo.mark_constraints_kept()
    assert window.open_file(lesson)
    assert window.seat_editors["N"].spec() == "hcp 20+"
    assert window.partnership_editors["NS"].spec() == "hcp 30+"


def test_a_script_set_says_why_its_constraints_are_not_restored(window: MainWindow, tmp_path: Path) -> None:
    lesson = tmp_path / "script.pbn"
    pbn.save(lesson, [Board(1, parse_deal(DEAL))], extra_header=["Dealer script: weak2.dl"])
    window.seat_editors["N"].set_spec("hcp 12")
    assert window.open_file(lesson)
    assert window.seat_editors["N"].spec() == "hcp 12"
    assert "weak2.dl" in window.statusBar().currentMessage()


def test_the_header_parser() -> None:
    parsed = parse_constraints_line(" N: hcp 15-17, balanced; S: spades 5+; condition hcp(east) < 5; dealer S")
    assert parsed.specs == {"N": "hcp 15-17, balanced", "S": "spades 5+"}
    assert parsed.advanced == "hcp(east) < 5" and parsed.dealer == "S" and parsed.usable
    assert parse_constraints_line("no constraints").specs == {}
    assert not parse_constraints_line("auction 1NT P 2C (Standard)").usable
    assert not parse_constraints_line("Sideways: hcp 3").usable
    lines = header_lines("N: hcp 12", "a\n\nb  # c")
    assert lines == ["Constraints: N: hcp 12", "Advanced condition:\n  a\n  \n  b  # c"]
    assert header_lines("", "x") == []


def test_constraints_saved_as_a_preset_are_replaced_without_a_question(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    lesson = tmp_path / "lesson.pbn"
    save_lesson(qtbot, window, lesson, S="hcp 8-9")
    window.seat_editors["N"].field_widgets("hcp")[0].setValue(15)  # typed: kept nowhere yet
    assert window.undo.constraints_edited()
    assert window.save_current_as_preset("Strong North") is not None
    assert not window.undo.constraints_edited()
    window.document.confirm_replace_constraints = lambda *_a: (_ for _ in ()).throw(AssertionError("asked"))  # type: ignore[method-assign]
    assert window.open_file(lesson)
    assert window.seat_editors["S"].spec() == "hcp 8-9" and window.seat_editors["N"].spec() == ""


@pytest.mark.qt_log_ignore("propagateSizeHints")  # the offscreen platform's note about any dialog
def test_the_question_is_a_window_modal_box_that_does_not_block(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    lesson = tmp_path / "lesson.pbn"
    save_lesson(qtbot, window, lesson, S="hcp 8-9")
    window.seat_editors["N"].field_widgets("hcp")[0].setValue(15)
    assert window.open_file(lesson)  # returns at once; the question waits for its answer
    box = window.findChild(QMessageBox, "lessonConstraintsDialog")
    assert box is not None and box.isVisible()
    assert window.seat_editors["N"].spec() == "hcp 15+"
    box.button(QMessageBox.StandardButton.Yes).click()
    assert window.seat_editors["N"].spec() == "" and window.seat_editors["S"].spec() == "hcp 8-9"


def test_a_rotated_sets_constraints_are_read_and_a_mixed_set_says_why_not() -> None:
    # A set dealt in the window with Deal Set's rotation carries "; rotated: ..." in its constraints line,
    # which made its lesson unreadable when reopened.
    rotated = parse_constraints_line("N: hcp 20+; rotated: each board's dealer holds the scenario's dealer's hand")
    assert rotated.usable and rotated.specs == {"N": "hcp 20+"}
    mixed = parse_constraints_line("set: 8 Weak two (2♥), 8 1NT opening")
    assert not mixed.usable and mixed.reason == "mixed"


def test_a_set_dealt_for_an_auction_deals_for_it_again(qtbot: QtBot, window: MainWindow, tmp_path: Path) -> None:
    """Next week's lesson: the reopened set deals for the same auction, system and dealer again."""
    from bridgegui.engine.bidding import load_system
    from bridgegui.ui.mainwindow.auction_target import check_target

    window.auction_dealing.set_target(check_target(load_system("sayc"), "1NT P 2C P", "sayc"))
    window.constraints_dock.set_dealer_mode("S")
    deal_set(qtbot, window, 2)
    lesson = tmp_path / "stayman.pbn"
    assert window.save_file(lesson)
    header = read_header(lesson)
    assert header is not None and header.auction is not None and header.usable
    assert (header.auction.calls, header.auction.system, header.dealer) == ("1NT P 2C P", "sayc", "S")
    window.auction_dealing.set_target(None)
    window.constraints_dock.set_dealer_mode("board")
    window.undo.mark_constraints_kept()
    assert window.open_file(lesson)
    target = window.auction_dealing.target
    assert target is not None and (target.calls, target.system_label) == ("1NT P 2C P", "sayc")
    assert window.constraints_dock.dealer_mode() == "S"
    assert "constraints it was dealt with" in window.statusBar().currentMessage()


def test_a_command_line_set_for_an_auction_is_dealt_for_again(window: MainWindow, tmp_path: Path) -> None:
    from bridgegui.cli.deal import main

    lesson = tmp_path / "cli.pbn"
    assert main(["--system", "acol", "--auction", "1NT P", "-d", "W", "-p", "2", "-s", "3", "-o", str(lesson)]) == 0
    window.undo.mark_constraints_kept()
    assert window.open_file(lesson)
    target = window.auction_dealing.target
    assert target is not None and (target.calls, target.system_label) == ("1NT P", "acol")
    assert window.constraints_dock.dealer_mode() == "W"
    assert window.seat_editors["N"].spec() == ""  # not the first board's "North: hcp 12-14" as before
    # Seat specs given with the auction have no place in the window: said so, nothing changed.
    mixed = tmp_path / "mixed.pbn"
    assert main(["--auction", "1NT P", "--south", "hcp 8+", "-p", "1", "-s", "3", "-o", str(mixed)]) == 0
    window.auction_dealing.set_target(None)
    assert window.open_file(mixed)
    assert window.auction_dealing.target is None and window.seat_editors["S"].spec() == ""
    assert "dealt for an auction" in window.statusBar().currentMessage()


def test_the_auction_header_line() -> None:
    from bridgegui.engine.bidding.auction_dealing import AuctionSetHeader

    header = AuctionSetHeader("1NT P 2C P", "/home/t/my acol.system", "S", "South: hcp 8+; North: spades 4")
    assert AuctionSetHeader.parse(header.text()) == header
    assert AuctionSetHeader.parse("auction 1NT – 2♣ (Standard)") is None  # the older form: the title only
    assert AuctionSetHeader.parse("auction 1NT 1S; system sayc") is None  # not an auction
    parsed = parse_constraints_line("auction 1NT P; system sayc")
    assert parsed.usable and parsed.auction == AuctionSetHeader("1NT P", "sayc") and parsed.dealer == "board"


def test_a_set_whose_system_file_is_gone_opens_and_says_why_its_auction_is_not_restored(
    window: MainWindow, tmp_path: Path
) -> None:
    lesson = tmp_path / "moved.pbn"
    gone = tmp_path / "club.system"
    header = ["Constraints: auction 1NT P 2C P; system " + str(gone)]
    pbn.save(lesson, [Board(1, parse_deal(DEAL))], extra_header=header)
    window.undo.mark_constraints_kept()
    assert window.open_file(lesson)
    assert len(window.boards()) == 1 and window.auction_dealing.target is None
    message = window.statusBar().currentMessage()
    assert "were not restored" in message and "club.system" in message and "cannot read" in message
