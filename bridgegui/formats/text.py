"""Plain-text deals: the compass diagram (for ``--format text`` and the GUI's Copy) and the one-line PBN form.

The diagram is the one bridge columns print: North on top, West and East side by side with a small
compass between them, South below.  It is meant for monospace text (a terminal, an e-mail, a forum
post), so every line is plain characters, padded with spaces and with no trailing ones.

A dealt set is written batch by batch with ``begin``/``write_batch``/``end`` (the streaming protocol
of ``bridgegui.formats.registry``): the same diagrams as ``deal_diagram`` with a board
header, separated by a blank line, built for the whole batch at once from the mask array
(``bridgegui.formats._batch``).  Both ways share one layout: the columns (``_columns``) and the header
(``_HEADER``) are computed by the same code for one board or a whole batch.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

from bridgegui.engine.boards import Board
from bridgegui.engine.cards import SEAT_NAMES, SUIT_SYMBOLS, SUITS, Deal, holding_text, seat_index
from bridgegui.formats._io import Target, write_data

if TYPE_CHECKING:
    import numpy as np

    from bridgegui.formats._batch import SetHeader

__all__ = ["begin", "deal_diagram", "deal_line", "dump", "dumps", "end", "write_batch"]

_GAP = 2
"""Spaces between West's longest line and the compass, and between the compass and East."""

_COMPASS = ("  N", "W   E", "  S")
_COMPASS_WIDTH = 5
_MIN_INDENT = 8
"""North and South start at least this far in, so a diagram with a short or hidden West still looks square."""

_HEADER = ("Board ", "Dealer: ", "Vul: ")
"""The header's parts (each followed by its value), joined by ``_HEADER_GAP``."""
_HEADER_GAP = "   "


def _columns(west: Any, middle: Any, maximum: Callable[[Any, Any], Any] = max) -> tuple[Any, Any, Any]:
    """Where a diagram's parts start: North's and South's indent, East's column, and the compass's
    padding, from West's widest line and North's or South's (``middle``).

    The same arithmetic for one board (ints, ``max``) and for a batch (arrays, ``np.maximum``): the
    per-board and the batch writer lay a diagram out by the same rule.
    """
    indent = maximum(west + _GAP, _MIN_INDENT)
    middle = maximum(middle, _COMPASS_WIDTH)
    return indent, indent + middle + _GAP, (middle - _COMPASS_WIDTH) // 2


def deal_line(deal: Deal, first: str = "N") -> str:
    """The deal on one line, as PBN writes it (``"N:AK2.QJ3.T98.7654 ..."``); ``-`` for an unknown hand."""
    return deal.to_pbn(first)


def _hidden_seats(hidden: Iterable[str] | str) -> set[int]:
    """Seats to leave blank, from ``"EW"``, ``{"E", "W"}`` or ``["east", "west"]``."""
    items = [ch for ch in hidden if ch not in " ,"] if isinstance(hidden, str) else hidden
    return {seat_index(item) for item in items}


def _hand_lines(mask: int | None, symbols: bool) -> list[str]:
    """Four lines, one per suit (``"♠ AKT2"``, ``"♥ -"`` for a void), or four empty lines for an unknown hand."""
    if mask is None:
        return ["", "", "", ""]
    labels = SUIT_SYMBOLS if symbols else SUITS
    lines = []
    for suit in range(4):
        cards = holding_text((mask >> (suit * 16)) & 0x1FFF)
        lines.append(f"{labels[suit]} {cards or '-'}")
    return lines


def _header(board: Board) -> str:
    dealer = board.effective_dealer
    values = (board.label, None if dealer is None else SEAT_NAMES[seat_index(dealer)], board.effective_vulnerable)
    return _HEADER_GAP.join(part + value for part, value in zip(_HEADER, values, strict=True) if value is not None)


def deal_diagram(
    deal: Deal | None,
    *,
    board: Board | None = None,
    hidden: Iterable[str] | str = (),
    symbols: bool = True,
) -> str:
    """The deal as a compass diagram, lines joined with ``\\n`` (no final newline).

    ``board`` adds a header line (board number or label, dealer, vulnerability).  Seats in
    ``hidden`` (``"EW"``, or seat names) are left blank, as are hands a partial deal does not know,
    while the compass still shows where they sit.  ``symbols=False`` writes S H D C instead of
    ♠ ♥ ♦ ♣, for places that cannot show them.
    """
    hide = _hidden_seats(hidden)
    masks: tuple[int | None, ...] = (None,) * 4 if deal is None else deal.hands
    hands = [_hand_lines(None if seat in hide else masks[seat], symbols) for seat in range(4)]
    north, east, south, west = hands

    indent, east_column, pad = _columns(max(map(len, west)), max(map(len, north + south)))
    compass_pad = " " * pad

    lines: list[str] = []
    if board is not None:
        header = _header(board)
        if header:
            lines.append(header)
    lines.extend(" " * indent + line for line in north)
    compass = ("", *_COMPASS)  # level with hearts, diamonds and clubs
    for row in range(4):
        left = west[row].ljust(indent) + compass_pad + compass[row]
        lines.append(left.ljust(east_column) + east[row])
    lines.extend(" " * indent + line for line in south)
    while lines and not lines[-1].strip():  # a hidden South leaves nothing below
        lines.pop()
    return "\n".join(line.rstrip() for line in lines)


def dumps(boards: Iterable[Board], info: SetHeader | None = None) -> str:
    """The boards' diagrams with their headers, a blank line between boards (as the command line writes a set)."""
    return "\n\n".join(deal_diagram(b.deal, board=b) for b in boards) + "\n"


def dump(boards: Iterable[Board], fp_or_path: Target, info: SetHeader | None = None) -> None:
    write_data(dumps(boards, info), fp_or_path)


def begin(info: SetHeader) -> str:
    """Nothing: a text set starts with its first diagram (``info`` is read by ``write_batch``)."""
    return ""


def end(info: SetHeader) -> str:
    """The line end of an empty set (``info.total == 0``), so an empty set is one empty line, as before."""
    return "\n" if info.total == 0 else ""


def write_batch(masks: np.ndarray, first_number: int, info: SetHeader, *, continued: bool | None = None) -> str:
    """The diagrams of an ``(n, 4)`` batch numbered from ``first_number``, each with its header and a
    line end, a blank line between boards: exactly ``deal_diagram(deal, board=board)`` of each board.

    ``continued`` says whether boards were written before this batch (then it starts with the blank
    line that separates it from them).  It defaults to ``first_number > 1``, which is right for a set
    numbered from 1; a caller streaming a set that starts at another number passes it.
    """
    import numpy as np

    from bridgegui.formats import _batch

    masks = np.asarray(masks, dtype=np.uint64).reshape(-1, 4)
    n = masks.shape[0]
    if n == 0:
        return ""
    if continued is None:
        continued = first_number > 1
    dtype = np.uint32
    numbers, dealers, vulnerabilities = _batch.set_columns(first_number, n, info.dealer, info.vulnerable)

    holdings = _batch.holdings(masks)  # (n, seat, suit)
    codes, lengths = _batch.holding_codes(dtype, "-")
    widths = lengths[holdings] + 2  # "♠ " and the cards
    north, south, west = widths[:, 0], widths[:, 2], widths[:, 3]
    middle = np.maximum(north.max(axis=1), south.max(axis=1))
    indent, east_column, compass_pad = _columns(west.max(axis=1), middle, np.maximum)

    def cards(seat: int, suit: int) -> _batch.Field:
        held = holdings[:, seat, suit]
        return codes[held], lengths[held]

    def spaces(count: np.ndarray) -> _batch.Field:
        return np.full((n, int(count.max())), ord(" "), dtype=dtype), count

    separator = np.ones(n, dtype=np.int64)
    separator[0] = int(continued)
    board, dealer, vul = _HEADER
    fields: list[_batch.Field] = [(np.full((n, 1), ord("\n"), dtype=dtype), separator), board]
    fields += [_batch.number(numbers, dtype=dtype), _HEADER_GAP + dealer, _batch.choice(dealers, SEAT_NAMES, dtype)]
    fields += [_HEADER_GAP + vul, _batch.choice(vulnerabilities, _batch.VULNERABILITIES, dtype), "\n"]
    for seat in (0, None, 2):
        for suit in range(4):
            if seat is not None:  # North or South: indented
                fields += [spaces(indent), f"{SUIT_SYMBOLS[suit]} ", cards(seat, suit), "\n"]
                continue
            compass = ("", *_COMPASS)[suit]  # level with hearts, diamonds and clubs
            fields += [f"{SUIT_SYMBOLS[suit]} ", cards(3, suit), spaces(indent - west[:, suit] + compass_pad)]
            fields += [compass, spaces(east_column - indent - compass_pad - len(compass))]
            fields += [f"{SUIT_SYMBOLS[suit]} ", cards(1, suit), "\n"]
    return _batch.decode(_batch.join_fields(fields, n, dtype))
