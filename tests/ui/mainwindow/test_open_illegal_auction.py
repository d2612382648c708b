"""A PBN file whose auction is not legal opens (the boards are kept as written), and the status line says so."""

from __future__ import annotations

from pathlib import Path

from bridgegui.ui.mainwindow.window import MainWindow

DEAL = "N:AKQJ.AKQ.AKQ.AKQ 2345.234.234.234 6789.567.567.567 T.JT98.JT98.JT98"


def board(number: int, calls: str) -> str:
    return f'[Board "{number}"]\n[Dealer "N"]\n[Deal "{DEAL}"]\n[Auction "N"]\n{calls}\n\n'


def test_an_illegal_auction_is_named_in_the_status_line(window: MainWindow, tmp_path: Path) -> None:
    path = tmp_path / "club.pbn"
    path.write_text(board(1, "1NT Pass Pass Pass") + board(2, "1NT 1C Pass Pass\nPass") + board(3, "2C 2C AP"))
    assert window.open_file(path, confirm=False)
    assert window.board_model.rowCount() == 3
    message = window.statusBar().currentMessage()
    assert "The auction of board 2 is not legal" in message and "insufficient" in message
    assert "1 more boards have an auction that is not legal" in message


def test_legal_auctions_add_nothing(window: MainWindow, tmp_path: Path) -> None:
    path = tmp_path / "club.pbn"
    path.write_text(board(1, "1NT Pass Pass Pass"))
    assert window.open_file(path, confirm=False)
    assert "not legal" not in window.statusBar().currentMessage()
