"""CSV files for spreadsheets and databases: one row per board, read and written.

(Named ``csvfile`` so that it does not shadow the standard library's ``csv``.)

The columns are BigDeal's (formats note; its ``print_csv``): the 16 suit holdings, North's spades,
hearts, diamonds, clubs, then East's, South's and West's, ranks high to low and ``""`` for a void;
the board number; then ``"<dealer>/<vulnerability>"`` with the vulnerability ``-``, ``NS``, ``EW``
or ``All`` (``"N/-"``).  Every field is quoted, as BigDeal writes them.

Unlike BigDeal we write a **header row** first (``"North spades",…,"Board","Dealer/Vulnerable"``),
because a spreadsheet then labels its columns; the rows below are BigDeal's.  Lines end CRLF, as
RFC 4180 says.  The reader takes files with or without the header row (BigDeal's own), any quoting
and ``10`` for the ten.

CSV has no comment lines, so a set dealt to constraints cannot carry the practice-set note (Law 6E3)
without breaking the spreadsheet's columns; name the file for it.

Writing is vectorised, so formatting costs no more than dealing: ``write_batch`` formats a batch of
masks with 8,192-entry tables.
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterable

import numpy as np

from bridgegui.engine.boards import Board, normalise_seat_letter, normalise_vulnerability
from bridgegui.engine.cards import SEAT_NAMES, SUIT_NAMES, Deal, parse_holding
from bridgegui.engine.errors import BridgeError
from bridgegui.formats import _batch
from bridgegui.formats._io import Target, read_text, write_data
from bridgegui.formats.errors import ReadError
from bridgegui.formats.registry import SetInfo

__all__ = ["HEADER", "begin", "dump", "dumps", "end", "load", "loads", "write_batch"]

HEADER = ",".join(f'"{seat} {suit}"' for seat in SEAT_NAMES for suit in SUIT_NAMES) + ',"Board","Dealer/Vulnerable"\r\n'
"""The header row (with its line end)."""

_VUL = (b"-", b"NS", b"EW", b"All")
_DEALERS = (b"N", b"E", b"S", b"W")


def _rows(masks: np.ndarray, numbers: np.ndarray, dealers: np.ndarray, vulnerabilities: np.ndarray) -> bytes:
    n = len(masks)
    held = _batch.holdings(masks)
    ranks = _batch.rank_table()
    pieces: list[_batch.Piece] = []
    for seat in range(4):
        for suit in range(4):
            pieces.append(_batch.const(b'"' if seat == suit == 0 else b'","', n))
            pieces.append(_batch.table(ranks, held[:, seat, suit]))
    pieces.append(_batch.const(b'","', n))
    pieces.append(_batch.number(numbers))
    pieces.append(_batch.const(b'","', n))
    pieces.append(_batch.table(_batch.strings(_DEALERS), dealers))
    pieces.append(_batch.const(b"/", n))
    pieces.append(_batch.table(_batch.strings(_VUL), vulnerabilities))
    pieces.append(_batch.const(b'"\r\n', n))
    return _batch.join(pieces)


def begin(info: SetInfo) -> str:
    """The header row."""
    return HEADER


def write_batch(masks: np.ndarray, first_number: int, info: SetInfo) -> str:
    """Rows for an ``(n, 4)`` mask batch numbered from ``first_number`` (Law 2, or ``info``'s dealer and vul)."""
    return _rows(*_batch.dealt_columns(masks, first_number, info)).decode("ascii")


def end(info: SetInfo) -> str:
    """Nothing: CSV has no trailer."""
    return ""


def dumps(boards: Iterable[Board], info: SetInfo | None = None) -> str:
    """The header row and one row per board (boards need full deals)."""
    arrays = _batch.boards_as_arrays(list(boards), what="CSV")
    return HEADER + _rows(*arrays).decode("ascii")


def dump(boards: Iterable[Board], fp_or_path: Target, info: SetInfo | None = None) -> None:
    write_data(dumps(boards, info), fp_or_path)


def _row_board(row: list[str], where: str) -> Board:
    if len(row) != 18:
        raise ReadError(where, f"the row has {len(row)} fields; a board has 18 (16 suits, number, dealer/vul)")
    try:
        masks = []
        for seat in range(4):
            mask = 0
            for suit in range(4):
                name = f"{SEAT_NAMES[seat]}'s {SUIT_NAMES[suit]}"
                mask |= parse_holding(row[4 * seat + suit], name) << (16 * suit)
            masks.append(mask)
        number_text = row[16].strip()
        if not re.fullmatch(r"[0-9]{1,9}", number_text) or int(number_text) < 1:
            raise ReadError(where, f"the board number is {number_text[:20]!r}, not a number from 1")
        dealer_text, _, vul_text = row[17].partition("/")
        return Board(
            int(number_text),
            Deal(tuple(masks)),  # type: ignore[arg-type]
            dealer=normalise_seat_letter(dealer_text),
            vulnerable=normalise_vulnerability(vul_text),
        )
    except ReadError:
        raise
    except BridgeError as exc:
        raise ReadError(where, str(exc)) from None


def loads(data: str | bytes) -> list[Board]:
    """The boards of a CSV file in our layout or BigDeal's; errors name the line."""
    text = data.decode("utf-8", errors="replace") if isinstance(data, bytes) else data
    if text.startswith("\ufeff"):
        text = text[1:]
    boards = []
    reader = csv.reader(io.StringIO(text, newline=""))
    rows: list[list[str]] = []
    try:
        rows.extend(reader)
    except csv.Error as exc:  # the reader knows the line it stopped on
        raise ReadError(f"line {reader.line_num}", f"this is not CSV ({exc})") from None
    for line, row in enumerate(rows, 1):
        if not any(field.strip() for field in row):
            continue
        if line == 1 and len(row) == 18 and row[16].strip().lower().startswith("board"):
            continue  # our header row (BigDeal writes none)
        boards.append(_row_board(row, f"line {line}"))
    return boards


def load(fp_or_path: Target) -> list[Board]:
    return loads(read_text(fp_or_path))
