"""Auctions on paper: the four-column table (W N E S, from the dealer) and its numbered notes.

Shared by the practice sheets' answer pages and the hand records, so an auction looks the same on both.
A call with a note carries a small number in the table, and the note is printed under or beside it;
identical notes share one number.  Why numbers and not one line per call: a system explains most
passes with the same sentence ("the opponents are bidding and our side has nothing to add..."), and
printing it once per call would fill the page with it.

Suit symbols are coloured as in the hands (hearts and diamonds dark red), in the table and in the notes.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from PySide6.QtGui import QColor, QFont

from bridgegui.engine.bidding import Auction, Call, System
from bridgegui.engine.boards import Board
from bridgegui.engine.errors import BridgeError
from bridgegui.printing.canvas import BLACK, GREY, RED, RULE, SHADE, Canvas, point_font
from bridgegui.printing.words import call_text, is_vulnerable, seat_letter

COLUMN_ORDER = "WNES"
"""The table's columns, as club bidding slips and bridge books print them."""

_RED_SYMBOLS = frozenset("♥♦")
_ELLIPSIS = "…"


@dataclass(frozen=True, slots=True)
class PrintedAuction:
    """An auction ready to print: its calls, the distinct notes, and which note each call refers to.

    ``note_of[i]`` is an index into ``notes`` (or ``None``: the call has no note).  ``alerts`` marks
    the calls a file alerted (printed with ``!``).
    """

    auction: Auction
    notes: tuple[str, ...]
    note_of: tuple[int | None, ...]
    alerts: tuple[bool, ...]

    @classmethod
    def grouped(cls, auction: Auction, texts: Sequence[str | None], alerts: Sequence[bool] = ()) -> PrintedAuction:
        """One note per distinct text, numbered in the order of first use."""
        notes: list[str] = []
        note_of: list[int | None] = []
        for text in texts:
            clean = (text or "").strip()
            if not clean:
                note_of.append(None)
                continue
            if clean not in notes:
                notes.append(clean)
            note_of.append(notes.index(clean))
        note_of += [None] * (len(auction.calls) - len(note_of))
        flags = tuple(alerts) + (False,) * (len(auction.calls) - len(alerts))
        return cls(auction, tuple(notes), tuple(note_of[: len(auction.calls)]), flags[: len(auction.calls)])

    def pass_only(self, note: int) -> bool:
        """Whether every call that refers to ``note`` is a pass (such notes are dropped first when space is short)."""
        return all(self.auction.calls[i].is_pass for i, n in enumerate(self.note_of) if n == note)


def system_auction(system: System, board: Board, *, compact: bool = False) -> PrintedAuction | None:
    """The auction ``system`` bids on ``board`` from its dealer, each call's explanation as its note.

    ``None`` when the deal is not wholly known (the system cannot bid a hand nobody has).  With
    ``compact``, an explanation that starts with its own call ("1NT: 15-17 HCP...") loses that
    prefix, since the table already shows the call beside the note's number.
    """
    deal = board.deal
    if deal is None or any(mask is None for mask in deal.hands):
        return None
    result = system.bid(deal, board.effective_dealer or "N", board.effective_vulnerable or "None")
    texts = [
        _without_call(choice.explanation, choice.call) if compact else choice.explanation for choice in result.choices
    ]
    return PrintedAuction.grouped(result.auction, texts)


def file_auction(board: Board, *, compact: bool = True) -> PrintedAuction | BridgeError | None:
    """The auction a board carries (its PBN auction section, e.g. a student's), its notes as footnotes.

    ``None`` without one; the ``BridgeError`` (not raised) when the section is not a legal auction,
    so one bad board does not stop a whole set from printing.  ``compact`` as for ``system_auction``
    (a set bid with ``bridgegui-deal --bid`` carries the system's explanations as its notes).
    """
    try:
        auction = board.auction
    except BridgeError as exc:
        return exc
    if auction is None or not auction.calls:
        return None
    notes = auction.notes + (None,) * (len(auction.calls) - len(auction.notes))
    texts = [_without_call(n, c) if compact and n else n for n, c in zip(notes, auction.calls, strict=False)]
    return PrintedAuction.grouped(auction, texts, auction.alerts)


def _without_call(text: str, call: Call) -> str:
    for spelling in (call.symbol(), str(call)):
        if text.startswith(spelling + ":"):
            rest = text[len(spelling) + 1 :].strip()
            return rest[:1].upper() + rest[1:] if rest else text
    return text


# --- Text with coloured suit symbols ----------------------------------------------------------------


def draw_rich(canvas: Canvas, x: float, top: float, text: str, font: QFont, colour: QColor = BLACK) -> float:
    """Draw ``text`` with ♥ and ♦ in red (♠ ♣ and the rest in ``colour``); return its width."""
    start = x
    run = ""
    run_red = False
    for ch in text:
        red = ch in _RED_SYMBOLS
        if run and red != run_red:
            x += canvas.text(x, top, run, font, RED if run_red else colour)
            run = ""
        run += ch
        run_red = red
    if run:
        x += canvas.text(x, top, run, font, RED if run_red else colour)
    return x - start


def wrap(canvas: Canvas, text: str, font: QFont, width: float) -> list[str]:
    """``text`` broken into lines no wider than ``width`` at word boundaries (a longer word is cut)."""
    lines: list[str] = []
    line = ""
    for word in text.split():
        candidate = f"{line} {word}" if line else word
        if canvas.text_width(candidate, font) <= width:
            line = candidate
            continue
        if line:
            lines.append(line)
        while canvas.text_width(word, font) > width and len(word) > 1:
            cut = len(word) - 1
            while cut > 1 and canvas.text_width(word[:cut], font) > width:
                cut -= 1
            lines.append(word[:cut])
            word = word[cut:]
        line = word
    if line:
        lines.append(line)
    return lines or [""]


def shortened(canvas: Canvas, text: str, font: QFont, width: float) -> str:
    """``text`` cut with an ellipsis so that it fits ``width``."""
    if canvas.text_width(text, font) <= width:
        return text
    while text and canvas.text_width(text + _ELLIPSIS, font) > width:
        text = text[:-1]
    return text.rstrip() + _ELLIPSIS


# --- The table ----------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class AuctionStyle:
    """Fonts and sizes (points) of a printed auction: the calls, the note numbers, the notes."""

    call_font: QFont
    mark_font: QFont
    note_font: QFont
    row: float
    column: float
    note_line: float

    @classmethod
    def sized(cls, canvas: Canvas, call_size: float, note_size: float) -> AuctionStyle:
        call_font = point_font(call_size)
        mark_font = point_font(call_size * 0.62)
        note_font = point_font(note_size)
        widest = max(canvas.text_width(call_text(Call.parse(c)), call_font) for c in ("Pass", "Dbl", "Rdbl", "7NT"))
        column = widest + canvas.text_width("0!", mark_font) + 7
        row = canvas.line_height(call_font) * 1.3
        return cls(call_font, mark_font, note_font, row, column, canvas.line_height(note_font))

    @property
    def table_width(self) -> float:
        return 4 * self.column


def table_rows(auction: Auction) -> int:
    """Rounds the table needs: the cells before the dealer's first call count (they are left shaded)."""
    return max(1, math.ceil((COLUMN_ORDER.index(auction.dealer) + len(auction.calls)) / 4))


def table_height(auction: Auction, style: AuctionStyle) -> float:
    return (table_rows(auction) + 1) * style.row


def draw_table(
    canvas: Canvas,
    x: float,
    y: float,
    printed: PrintedAuction,
    board: Board,
    style: AuctionStyle,
    marks: Sequence[int | None],
) -> float:
    """The four columns W N E S (vulnerable seats in red), the calls from the dealer's column on, each
    with its note's number ``marks[i]`` raised after it; returns the height used."""
    auction = printed.auction
    column, row = style.column, style.row
    width = 4 * column
    start = COLUMN_ORDER.index(auction.dealer)
    rows = table_rows(auction)
    head = point_font(style.call_font.pointSizeF(), bold=True)
    canvas.rect(x, y, width, row, colour=None, fill=SHADE)
    for i, seat in enumerate(COLUMN_ORDER):
        colour = RED if is_vulnerable(board, seat) else BLACK
        top = y + (row - canvas.line_height(head)) / 2
        canvas.text(x + i * column, top, seat_letter(seat), head, colour, align="center", width=column)
    for i in range(start):
        canvas.rect(x + i * column, y + row, column, row, colour=None, fill=SHADE)
    call_top = (row - canvas.line_height(style.call_font)) / 2
    for i, call in enumerate(auction.calls):
        r, c = divmod(start + i, 4)
        cx = x + c * column + 3
        cy = y + (r + 1) * row + call_top
        text = call_text(call) + ("!" if printed.alerts[i] else "")
        cx += draw_rich(canvas, cx, cy, text, style.call_font)
        if marks[i] is not None:
            canvas.text(cx + 0.5, cy - 0.5, str(marks[i]), style.mark_font, GREY)
    bottom = y + (rows + 1) * row
    for r in range(rows + 2):
        canvas.line(x, y + r * row, x + width, y + r * row, colour=RULE, width=0.4)
    for c in range(5):
        canvas.line(x + c * column, y, x + c * column, bottom, colour=RULE, width=0.4)
    return bottom - y


# --- The notes ----------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class NoteLines:
    """The notes laid out for one width: the lines to draw and the number each call shows in the table."""

    lines: tuple[tuple[str, str], ...]  # (number or "" on a continuation line, text)
    marks: tuple[int | None, ...]
    number_width: float

    def height(self, style: AuctionStyle) -> float:
        return len(self.lines) * style.note_line


def lay_out_notes(
    canvas: Canvas, printed: PrintedAuction, style: AuctionStyle, width: float, max_lines: int | None = None
) -> NoteLines:
    """Wrap the notes to ``width``; when they need more than ``max_lines``, drop the notes only passes
    refer to (the last first), then cut the last note short with an ellipsis.

    Numbers are given to the notes that are printed, in order, so the table never shows a number
    whose note is missing.
    """
    number_width = canvas.text_width("00", style.note_font) + 4
    text_width = max(width - number_width, 20.0)
    wrapped = [wrap(canvas, note, style.note_font, text_width) for note in printed.notes]
    kept = list(range(len(printed.notes)))
    if max_lines is not None:
        for note in reversed(range(len(printed.notes))):
            if sum(len(wrapped[n]) for n in kept) <= max_lines:
                break
            if printed.pass_only(note):
                kept.remove(note)
    lines: list[tuple[str, str]] = []
    number_of: dict[int, int] = {}
    for note in kept:
        if max_lines is not None and len(lines) >= max_lines:
            break
        number_of[note] = len(number_of) + 1
        for j, text in enumerate(wrapped[note]):
            lines.append((str(number_of[note]) if j == 0 else "", text))
    if max_lines is not None and len(lines) > max_lines:
        lines = lines[: max(max_lines, 0)]
        if lines:
            number, text = lines[-1]
            lines[-1] = (number, shortened(canvas, text + _ELLIPSIS, style.note_font, text_width))
    marks = tuple(None if n is None else number_of.get(n) for n in printed.note_of)
    return NoteLines(tuple(lines), marks, number_width)


def draw_notes(canvas: Canvas, x: float, y: float, notes: NoteLines, style: AuctionStyle) -> float:
    """Draw laid-out notes: the number in grey, the text with coloured suit symbols; return the height."""
    top = y
    for number, text in notes.lines:
        if number:
            canvas.text(x, top, number, style.note_font, GREY, align="right", width=notes.number_width - 4)
        draw_rich(canvas, x + notes.number_width, top, text, style.note_font)
        top += style.note_line
    return top - y
