"""The window's Open and Save As for every board-set format ("the window's Save As and
Open offer the same formats with the right filters; saving a format that cannot hold something says
what is dropped")."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtWidgets import QMessageBox
from pytestqt.qtbot import QtBot

from bridgegui.engine.bidding.calls import Auction
from bridgegui.engine.boards import Board, boards_from_batch
from bridgegui.engine.dealing import deal_batch
from bridgegui.formats import pbn, registry
from bridgegui.formats.registry import FORMATS, BoardFormat
from bridgegui.ui.mainwindow import file_formats
from bridgegui.ui.mainwindow.window import MainWindow

READABLE = [name for name, fmt in FORMATS.items() if fmt.readable]


def random_boards(count: int, seed: int = 14) -> list[Board]:
    return boards_from_batch(deal_batch(count, seed), 1)


def put_set(window: MainWindow, boards: list[Board], request_text: str = "no constraints") -> None:
    window.document.replace_set(boards, request_text)


def deals(boards: list[Board]) -> list[object]:
    return [b.deal for b in boards]


class Asked:
    """Records the "this format drops ..." questions and answers them Save (``agree``) or Cancel."""

    def __init__(self, window: MainWindow, *, agree: bool) -> None:
        self.questions: list[tuple[str, str, list[str]]] = []
        self.agree = agree
        window.document.confirm_dropping = self  # type: ignore[method-assign]

    def __call__(self, name: str, fmt: BoardFormat, dropped: list[str], then: Callable[[], object]) -> None:
        self.questions.append((name, fmt.name, list(dropped)))
        if self.agree:
            then()


class SaveDialog:
    """Stands in for Save As's file dialog: answers ``answer`` and records what it was offered."""

    def __init__(self, window: MainWindow, answer: tuple[str, str]) -> None:
        self.answer = answer
        self.offered: list[tuple[str, str]] = []
        window.document.ask_save_path = self  # type: ignore[method-assign]

    def __call__(self, start: str, selected_filter: str) -> tuple[str, str]:
        self.offered.append((start, selected_filter))
        return self.answer


# -- filters and the choice of format --------------------------------------------------------------------


def test_open_offers_all_board_sets_first_then_each_readable_format_then_all_files() -> None:
    filters = file_formats.open_filters()
    assert filters[0] == "All board sets (*.pbn *.lin *.dup *.dlm *.bri *.dge *.csv)"
    assert filters[1:-1] == [FORMATS[name].filter for name in READABLE]
    assert filters[-1] == "All files (*)"
    assert not any("*.txt" in f for f in filters)  # text diagrams cannot be read back


def test_save_as_offers_every_format_pbn_first_and_text_as_an_export() -> None:
    filters = file_formats.save_filters()
    assert len(filters) == len(FORMATS)
    assert filters[0] == "PBN 2.1 (*.pbn)"
    assert filters[-1] == "Text diagrams, export only: cannot be opened again (*.txt)"


@pytest.mark.parametrize(
    ("typed", "chosen", "expected_name", "expected_format"),
    [
        ("/x/set", "PBN 2.1 (*.pbn)", "set.pbn", "pbn"),
        ("/x/set", "DUP (Duplimate) (*.dup)", "set.dup", "dup"),
        ("/x/set.lin", "PBN 2.1 (*.pbn)", "set.lin", "lin"),  # the typed extension wins
        ("/x/Set.CSV", "DUP (Duplimate) (*.dup)", "Set.CSV", "csv"),
        ("/x/set.v2", "CSV (spreadsheet) (*.csv)", "set.v2.csv", "csv"),
        ("/x/set", "", "set.pbn", "pbn"),
    ],
)
def test_the_typed_extension_else_the_chosen_filter_chooses_the_format(
    typed: str, chosen: str, expected_name: str, expected_format: str
) -> None:
    path, fmt = file_formats.format_for_save(typed, chosen)
    assert (path.name, fmt.name) == (expected_name, expected_format)


# -- every format, written and read back -----------------------------------------------------------------


@pytest.mark.parametrize("name", READABLE)
def test_a_set_saved_in_each_format_opens_back_with_the_same_deals(
    qtbot: QtBot, make_window: Callable[[], MainWindow], tmp_path: Path, name: str
) -> None:
    window = make_window()
    boards = random_boards(8)
    put_set(window, boards)
    SaveDialog(window, (str(tmp_path / "lesson"), FORMATS[name].filter))
    asked = Asked(window, agree=False)
    assert window.save_file_as()
    target = tmp_path / f"lesson{FORMATS[name].extensions[0]}"
    assert target.exists() and asked.questions == []  # a plain random set: nothing is dropped
    assert not window.is_modified()
    assert window.windowTitle().startswith(target.name)
    assert window.settings["files/recent"][0] == str(target.resolve())
    assert deals(registry.load(None, target)) == deals(boards)

    other = make_window()
    assert other.open_file(target)
    assert deals(other.boards()) == deals(boards)
    assert other.windowTitle().startswith(target.name)
    assert other.errors == []  # type: ignore[attr-defined]
    if name != "pbn":
        assert "Only PBN files keep constraints" in other.statusBar().currentMessage()


def test_text_diagrams_are_an_export_that_leaves_the_set_unsaved(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    put_set(window, random_boards(2))
    SaveDialog(window, (str(tmp_path / "handout"), file_formats.save_filters()[-1]))
    assert window.save_file_as()
    assert (tmp_path / "handout.txt").read_text(encoding="utf-8") == registry.dumps("text", window.boards())
    assert window.document.path is None and window.is_modified()
    assert "cannot be opened again" in window.statusBar().currentMessage()


# -- what a format cannot hold ------------------------------------------------------------------------


def boards_with_an_auction() -> list[Board]:
    boards = random_boards(4)
    boards[1] = boards[1].with_auction(Auction.parse("E", "1NT P 3NT P P P"))
    return boards


def test_dup_with_an_auction_asks_first_and_cancel_writes_nothing(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    put_set(window, boards_with_an_auction())
    asked = Asked(window, agree=False)
    SaveDialog(window, (str(tmp_path / "club"), FORMATS["dup"].filter))
    assert not window.save_file_as()
    assert asked.questions == [("club.dup", "dup", ["the auction of 1 board"])]
    assert not (tmp_path / "club.dup").exists()
    assert list(tmp_path.iterdir()) == []
    assert window.is_modified() and window.document.path is None


def test_dup_with_an_auction_agreed_writes_the_deals_and_runs_then(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    boards = boards_with_an_auction()
    put_set(window, boards)
    Asked(window, agree=True)
    ran: list[bool] = []
    assert not window.document.save_file(tmp_path / "club.dup", then=lambda: ran.append(True))
    assert ran == [True]
    assert deals(registry.load(None, tmp_path / "club.dup")) == deals(boards)
    assert window.document.path == tmp_path / "club.dup" and not window.is_modified()


@pytest.mark.qt_log_ignore("propagateSizeHints")  # the offscreen platform's note about any dialog
def test_the_question_is_a_warning_box_with_save_and_cancel(qtbot: QtBot, window: MainWindow, tmp_path: Path) -> None:
    put_set(window, boards_with_an_auction())
    assert not window.document.save_file(tmp_path / "club.dup")
    box = window.findChild(QMessageBox, "dropWhenSavingDialog")
    assert box is not None and box.isVisible()
    assert "the auction of 1 board" in box.text()
    buttons = QMessageBox.StandardButton
    assert box.standardButtons() == buttons.Save | buttons.Cancel
    assert box.defaultButton() is box.button(buttons.Cancel)
    box.button(buttons.Cancel).click()
    assert not (tmp_path / "club.dup").exists()
    assert not window.document.save_file(tmp_path / "club.dup")
    shown = [b for b in window.findChildren(QMessageBox, "dropWhenSavingDialog") if b.isVisible()]
    assert len(shown) == 1  # the cancelled one is gone
    shown[0].button(buttons.Save).click()
    assert (tmp_path / "club.dup").exists() and not window.is_modified()


@pytest.mark.parametrize("name", ["dup", "dlm"])
def test_a_hundred_boards_to_a_99_board_format_is_an_error_and_no_file(
    qtbot: QtBot, window: MainWindow, tmp_path: Path, name: str
) -> None:
    put_set(window, random_boards(100))
    asked = Asked(window, agree=True)
    target = tmp_path / f"big{FORMATS[name].extensions[0]}"
    assert not window.document.save_file(target)
    assert not target.exists() and asked.questions == []
    assert len(window.errors) == 1  # type: ignore[attr-defined]
    assert "at most 99 boards" in window.errors[0] and "100" in window.errors[0]  # type: ignore[attr-defined]
    assert window.document.path is None


def test_a_board_without_a_full_deal_is_an_error_for_lin(qtbot: QtBot, window: MainWindow, tmp_path: Path) -> None:
    boards = random_boards(3)
    boards[2] = boards[2].replace(deal=None)
    put_set(window, boards)
    Asked(window, agree=True)
    assert not window.document.save_file(tmp_path / "part.lin")
    assert not (tmp_path / "part.lin").exists()
    assert "board 3 is not complete" in window.errors[0]  # type: ignore[attr-defined]


def test_a_constrained_set_says_it_is_for_practice_in_a_dlm_header(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    put_set(window, random_boards(4), "S: hcp 8-9")
    assert window.document.save_file(tmp_path / "practice.dlm")
    assert registry.PRACTICE_NOTE in (tmp_path / "practice.dlm").read_text(encoding="latin-1")
    assert "its header says it is a practice set (Law 6E3)" in window.statusBar().currentMessage()
    put_set(window, random_boards(4), "no constraints")
    assert window.document.save_file(tmp_path / "random.dlm")
    assert registry.PRACTICE_NOTE not in (tmp_path / "random.dlm").read_text(encoding="latin-1")


# -- Save of a set opened from another format ----------------------------------------------------------


def write_lin(path: Path, boards: list[Board]) -> None:
    registry.dump("lin", boards, path)


def test_save_of_a_set_opened_from_lin_writes_lin_not_pbn(qtbot: QtBot, window: MainWindow, tmp_path: Path) -> None:
    path = tmp_path / "table.lin"
    boards = random_boards(4)
    write_lin(path, boards)
    assert window.open_file(path)
    window.go_to_row(3)
    window.board_commands.delete()  # an edit: the last board goes
    assert window.is_modified()
    assert window.save_file()
    assert path.read_text(encoding="utf-8") == registry.dumps("lin", boards[:3])  # LIN, not PBN
    assert not window.is_modified() and window.document.path == path


def test_save_of_a_dup_set_that_now_holds_more_asks_where_and_never_writes_pbn_into_it(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    path = tmp_path / "club.dup"
    boards = random_boards(4)
    registry.dump("dup", boards, path)
    before = path.read_bytes()
    assert window.open_file(path)
    window.go_to_row(1)
    window.board_commands.delete()  # boards 1, 3, 4: DUP numbers boards by their place, so Save asks
    dialog = SaveDialog(window, ("", ""))  # Save As opens; the teacher cancels it
    assert not window.save_file()
    assert dialog.offered == [(str(path), FORMATS["dup"].filter)]  # offered in the file's own format first
    assert path.read_bytes() == before
    # Choosing PBN this time: a new .pbn file, the .dup file untouched.
    dialog.answer = (str(tmp_path / "club"), FORMATS["pbn"].filter)
    assert window.save_file()
    assert path.read_bytes() == before
    assert [b.number for b in pbn.load(tmp_path / "club.pbn")] == [1, 3, 4]
    assert window.document.path == tmp_path / "club.pbn"


def test_a_malformed_lin_keeps_the_open_set_and_names_the_board(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    put_set(window, random_boards(3))
    before = window.boards()
    bad = tmp_path / "bad.lin"
    bad.write_text("qx|o1|md|1SAKQJ.AKQ.AKQ.AKQ,S2.2.2.2,,|sv|o|pg||\nqx|o2|md|2SXYZ,,,|sv|n|pg||\n", encoding="utf-8")
    assert not window.open_file(bad)
    assert len(window.errors) == 1  # type: ignore[attr-defined]
    message = window.errors[0]  # type: ignore[attr-defined]
    assert "bad.lin" in message and "board 1" in message
    assert window.boards() == before and window.document.path is None and window.is_modified()


def _lin_with_a_bad_second_board() -> bytes:
    lines = str(registry.dumps("lin", random_boards(3))).splitlines()
    lines[1] = lines[1].replace("md|", "md|9", 1)  # no such dealer: read as a hand that holds '9'
    return ("\n".join(lines) + "\n").encode("utf-8")


def _dup_cut_in_board_3() -> bytes:
    data = registry.dumps("dup", random_boards(3))
    assert isinstance(data, bytes)
    return data[: 2 * 156 + 40]


@pytest.mark.parametrize(
    ("name", "data", "expected"),
    [
        ("bad.lin", _lin_with_a_bad_second_board, "Could not open bad.lin: a mistake on board 2.\nSouth's hand '9"),
        (
            "cut.dup",
            _dup_cut_in_board_3,
            "Could not open cut.dup: a mistake on board 3.\nThe file ends 40 bytes into it",
        ),
        (
            "bad.csv",
            lambda: b'\n\n"' + b"x" * 200_000 + b'"\n',
            "Could not open bad.csv: a mistake on line 3.\nThis is not CSV",
        ),
        ("tiny.dup", lambda: b"x" * 10, "tiny.dup is not a DUP file this program can read:\nit is 10 bytes long"),
    ],
    ids=["lin", "dup-cut", "csv", "dup-tiny"],
)
def test_the_cannot_open_box_says_where_a_file_of_any_format_is_wrong(
    qtbot: QtBot, window: MainWindow, tmp_path: Path, name: str, data: Callable[[], bytes], expected: str
) -> None:
    """As a PBN's box names the line (s24 trial, shot 25), LIN's names the board, DUP's the board it is cut in,
    CSV's the line; a file with no whole board is no file of its format ("a mistake on the file. Is 10 bytes
    long" was the box before)."""
    path = tmp_path / name
    path.write_bytes(data())
    assert not window.open_file(path, confirm=False)
    message = window.errors[-1]  # type: ignore[attr-defined]
    assert message.startswith(expected), message
    assert "the file." not in message and "\nIs " not in message


def test_one_bad_deal_is_named_with_its_line_and_tag_not_as_a_file_that_is_no_pbn(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    """A PBN with one bad Deal tag on line 12 read "bad.pbn is not a PBN file this program can read"
    (s24 trial, shot 25): the box says what is wrong where, from the reader's ``ReadError`` record."""
    lines = pbn.dumps(random_boards(2)).splitlines()
    row = [k for k, line in enumerate(lines) if line.startswith("[Deal ")][1]
    lines[row] = lines[row][:-3] + '"]'  # the last hand loses a card
    bad = tmp_path / "bad.pbn"
    bad.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert not window.open_file(bad, confirm=False)
    message = window.errors[-1]  # type: ignore[attr-defined]
    assert message.startswith(f"Could not open bad.pbn: a mistake on line {row + 1}.\nThe Deal tag '")
    assert "is not a deal: North has 12 cards; every hand needs 13." in message  # dealt from E: N last
    assert "not a PBN file" not in message


def test_a_file_without_a_known_extension_is_read_by_its_contents_and_saved_in_that_format(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    path = tmp_path / "from-bbo.dat"
    boards = random_boards(3)
    write_lin(path, boards)
    assert window.open_file(path)
    assert deals(window.boards()) == deals(boards)
    assert window.document.format_of(path).name == "lin"
    window.go_to_row(2)
    window.board_commands.delete()
    assert window.save_file()
    assert deals(registry.load("lin", path)) == deals(boards[:2])


def test_a_pbn_lesson_still_restores_its_constraints(qtbot: QtBot, window: MainWindow, tmp_path: Path) -> None:
    path = tmp_path / "lesson.pbn"
    pbn.save(path, random_boards(2), extra_header=["Constraints: S: hcp 8-9"])
    assert window.open_file(path)
    assert window.seat_editors["S"].spec() == "hcp 8-9"


@pytest.mark.parametrize("name", ["folder.pbn", "folder.lin"])
def test_saving_onto_a_folder_says_it_is_a_folder_in_words(
    qtbot: QtBot, window: MainWindow, tmp_path: Path, name: str
) -> None:
    """ "Could not save /tmp/x: Is a directory" was the system's bare words: the window phrases a failed
    write as the command line does (``files.write_failure_reason``), and the folder is left as it was."""
    put_set(window, random_boards(2))
    folder = tmp_path / name
    folder.mkdir()
    assert not window.save_file(folder)
    assert window.errors == [  # type: ignore[attr-defined]
        f"Could not save {folder}: it is a folder, not a file: name a file to write "
        "(a new name inside the folder will do)."
    ]
    assert folder.is_dir() and list(folder.iterdir()) == [] and window.is_modified()


def test_a_pdf_onto_a_folder_says_it_is_a_folder_not_errno(qtbot: QtBot, window: MainWindow, tmp_path: Path) -> None:
    put_set(window, random_boards(2))
    assert window.export_pdf(tmp_path, "records4") is None
    message = window.errors[-1]  # type: ignore[attr-defined]
    assert message.startswith(f"Could not write {tmp_path}: it is a folder, not a file: ") and "Errno" not in message


def test_a_file_in_which_no_board_reads_is_refused_and_the_open_set_kept(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    """A ``.lin`` holding only garbage (no ``md`` pair) reads as no boards: opening it replaced the set in
    the window with an empty one without a word (s24 trial); now the box says so and the set stays."""
    window.deal_set(3)
    qtbot.waitUntil(lambda: len(window.boards()) == 3 and not window.is_dealing(), timeout=20_000)
    before = deals(window.boards())
    garbage = tmp_path / "garbage.lin"
    garbage.write_text("this is not a LIN file at all|\n", encoding="utf-8")
    assert not window.open_file(garbage, confirm=False)
    message = window.errors[-1]  # type: ignore[attr-defined]
    assert message.startswith("garbage.lin holds no boards: nothing in it reads as a LIN deal."), message
    assert deals(window.boards()) == before
