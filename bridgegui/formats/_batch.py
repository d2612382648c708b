"""Vectorised layout for every board-set writer: a batch of deals to text or bytes with no per-board Python.

Why: writing a set one ``Board`` at a time costs far more than dealing it (we measured 0.7 s of
per-board formatting for 10,000 boards dealt in 20 ms).  So each format lays its record out as a row
of *fields* side by side: a constant text (the same on every board), a ``Piece`` (an ``(n, width)``
array of codes padded with zeros, and the ``(n,)`` count of its codes each board uses), or an
``(n, width)`` array every board uses whole.  ``join_fields`` puts them in one ``(n, total)`` grid
with a mask of the used cells; indexing the grid with the mask reads it row by row, so the variable
widths close up and one ``tobytes`` gives the batch.

Per-suit work uses the masks viewed as ``uint16``: each 16-bit field is one suit's 13-bit holding
(``bridgegui.engine.cards``), and 8,192-entry tables built once, on first use (start-up time is part of
what a user waits for), give its text.

Codes are ``np.uint8`` for ASCII/UTF-8 bytes (PBN, LIN, CSV, the machine formats) or ``np.uint32``
for code points (the text diagrams, whose suit symbols are not ASCII).

The numbers, dealers and vulnerabilities come from one place for both ways into a writer:
``set_columns`` for a dealt set numbered from its first board, ``boards_as_arrays`` for ``Board``
objects; the ``dumps`` of each format then call the same layout as its streaming ``write_batch``.
No Qt here.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable, Sequence
from functools import cache
from typing import Protocol

import numpy as np

from bridgegui.engine.boards import Board
from bridgegui.engine.cards import RANKS, SEATS, Deal
from bridgegui.formats._io import Target, read_bytes, write_data
from bridgegui.formats.errors import FormatError, ReadError

__all__ = [
    "VULNERABILITIES",
    "Bidding",
    "Field",
    "FixedRecords",
    "Piece",
    "SetHeader",
    "boards_as_arrays",
    "choice",
    "codes_of",
    "const",
    "cut",
    "deal_notation",
    "dealt_columns",
    "decode",
    "holding_codes",
    "holdings",
    "join",
    "join_fields",
    "join_rows",
    "number",
    "one_line_texts",
    "owners",
    "rank_table",
    "runs",
    "set_columns",
    "strings",
    "table",
    "templated_games",
]

VULNERABILITIES = ("None", "NS", "EW", "All")
"""Vulnerability codes 0..3 as the arrays hold them (the words PBN export format writes)."""

Piece = tuple[np.ndarray, np.ndarray]
"""``(codes, lengths)``: an ``(n, width)`` array of codes of which row ``i`` uses the first ``lengths[i]``."""

Field = str | Piece | np.ndarray
"""A constant text (the same in every row), a ``Piece``, or an ``(n, w)`` array of codes every row uses whole."""


class SetHeader(Protocol):
    """What the batch writers read of ``bridgegui.formats.registry.SetInfo`` (any object with these
    attributes will do, so the writers do not depend on the registry)."""

    @property
    def generator(self) -> str: ...
    @property
    def seed(self) -> int | None: ...
    @property
    def notes(self) -> tuple[str, ...]: ...
    @property
    def total(self) -> int | None: ...
    @property
    def dealer(self) -> str | None: ...
    @property
    def vulnerable(self) -> str | None: ...


# --------------------------------------------------------------------------------------------------
# Codes


def _encoding(dtype: type[np.integer]) -> str:
    return "utf-8" if np.dtype(dtype).itemsize == 1 else "utf-32-le"


def codes_of(text: str | bytes, dtype: type[np.integer] = np.uint8) -> np.ndarray:
    """The codes of ``text`` in ``dtype`` (UTF-8 bytes or code points); bytes are taken as they are."""
    data = text if isinstance(text, bytes) else text.encode(_encoding(dtype))
    return np.frombuffer(data, dtype=dtype)


def decode(codes: np.ndarray) -> str:
    """The string the codes spell (the inverse of ``codes_of``)."""
    return codes.tobytes().decode(_encoding(codes.dtype.type))


# --------------------------------------------------------------------------------------------------
# The deals


def holdings(masks: np.ndarray) -> np.ndarray:
    """The ``(n, 4, 4)`` uint16 suit holdings [board, seat N E S W, suit S H D C] of a batch of masks.

    Spades are the lowest 16-bit field of a mask (``cards`` module), so the little-endian view needs no
    arithmetic; on a big-endian machine the array is byte-swapped first.
    """
    masks = np.ascontiguousarray(masks, dtype=np.uint64)
    if sys.byteorder != "little":  # pragma: no cover - every platform we ship on is little-endian
        masks = masks.astype("<u8")
    return masks.view("<u2").reshape(len(masks), 4, 4)


_CARD_SHIFTS = np.array([suit * 16 + 12 - rank for suit in range(4) for rank in range(13)], dtype=np.uint64)


def owners(masks: np.ndarray) -> np.ndarray:
    """The ``(n, 52)`` uint8 seat (0 N .. 3 W) of each card ♠A, ♠K … ♣2 (card numbers 1..52 less one).

    The deal must be complete (each card in one hand): the caller checks that.
    """
    masks = np.asarray(masks, dtype=np.uint64)
    bits = (masks[:, :, None] >> _CARD_SHIFTS[None, None, :]) & np.uint64(1)  # (n, 4, 52)
    return np.argmax(bits, axis=1).astype(np.uint8)


@cache
def holding_codes(dtype: type[np.integer] = np.uint8, void: str = "") -> Piece:
    """``(codes, lengths)`` of every 13-bit holding: rank letters from the ace down (``AKT2``), as
    ``cards.holding_text`` writes them, and ``void`` (``""`` or ``"-"``) for no card.

    Built with numpy (each card's place is the number of higher cards held), not with 8,192 calls of
    ``holding_text``: this runs in the start-up of every command that writes a file.
    """
    held = (np.arange(1 << 13)[:, None] >> (12 - np.arange(13))) & 1  # column j: the j-th rank from the ace
    rows, ranks = np.nonzero(held)
    places = np.cumsum(held, axis=1)[rows, ranks] - 1
    codes = np.zeros((1 << 13, 13), dtype=dtype)
    codes[rows, places] = codes_of(RANKS, dtype)[ranks]
    lengths = held.sum(axis=1)
    if void:
        codes[0, : len(void)] = codes_of(void, dtype)
        lengths[0] = len(void)
    codes.flags.writeable = False
    lengths.flags.writeable = False
    return codes, lengths


def rank_table() -> Piece:
    """The 8,192 holdings' ranks as bytes (``b"AKT2"``, nothing for a void): the machine formats' table."""
    return holding_codes(np.uint8, "")


# --------------------------------------------------------------------------------------------------
# The deal as PBN's Deal tag writes it (also ``text.deal_line``'s notation)


@cache
def _suit_pieces() -> tuple[np.ndarray, np.ndarray]:
    """Each holding's rank letters followed by the separator written after it (``.`` after spades,
    hearts and diamonds: row 0; a space after clubs: row 1), 16 bytes a piece; and which of a piece's
    16 bytes are used, also 16 bytes a holding (a gather of this table is cheaper than comparing every
    byte's place with the piece's length, batch after batch)."""
    codes, lengths = holding_codes(np.uint8, "")
    pieces = np.zeros((2, 1 << 13, 16), dtype=np.uint8)
    pieces[:, :, :13] = codes
    pieces[0, np.arange(1 << 13), lengths] = ord(".")
    pieces[1, np.arange(1 << 13), lengths] = ord(" ")
    used = np.arange(16) <= lengths[:, None]  # the letters and the separator
    return pieces.view("V16").reshape(2, 1 << 13), used.view("V16").reshape(1 << 13)


_SEPARATOR_ROW = np.array([0, 0, 0, 1], dtype=np.intp)


def deal_notation(masks: np.ndarray, first: np.ndarray) -> np.ndarray:
    """``(n, 67)`` ASCII codes of each deal's four hands clockwise from seat ``first[i]``, as PBN's Deal
    tag writes them after ``"N:"`` (``AKQ2.K72.Q84.J93 ...``, a void as nothing between dots): always
    52 cards, 12 dots, 3 spaces.

    Each suit is one 16-byte piece from a table (its letters and the separator after it); the pieces'
    used bytes, kept with one boolean mask whose runs are contiguous, spell the deal (no per-board or
    per-suit Python work, which would cost more than the dealing).
    """
    n = masks.shape[0]
    rotated = masks[np.arange(n)[:, None], (first[:, None] + np.arange(4)) % 4]
    held = holdings(rotated)
    pieces, used_bytes = _suit_pieces()
    laid = pieces[_SEPARATOR_ROW, held].view(np.uint8).reshape(n, 4, 4, 16)
    used = used_bytes[held].view(np.bool_).reshape(n, 4, 4, 16)
    return laid[used].reshape(n, 68)[:, :67]


# --------------------------------------------------------------------------------------------------
# Fields


def table(tab: Piece, index: np.ndarray) -> Piece:
    """Look ``index`` (``(n,)`` ints) up in a ``Piece`` table."""
    data, lengths = tab
    return data[index], lengths[index]


def const(text: bytes, n: int) -> Piece:
    """The same bytes on every one of ``n`` boards."""
    data = np.frombuffer(text, dtype=np.uint8) if text else np.zeros(1, dtype=np.uint8)
    return np.broadcast_to(data, (n, len(data))), np.full(n, len(text), dtype=np.int64)


def strings(texts: Sequence[str | bytes], dtype: type[np.integer] = np.uint8) -> Piece:
    """One text per row, padded into a ``Piece``: a table of a few words, or per-board text (an auction)."""
    encoded = [codes_of(t, dtype) for t in texts]
    width = max((len(e) for e in encoded), default=0) or 1
    out = np.zeros((len(encoded), width), dtype=dtype)
    for row, e in enumerate(encoded):
        out[row, : len(e)] = e
    return out, np.array([len(e) for e in encoded], dtype=np.int64)


def choice(index: np.ndarray, options: Sequence[str | bytes], dtype: type[np.integer] = np.uint8) -> Piece:
    """``options[index[i]]`` for each row: a few fixed words (seats, vulnerabilities)."""
    return table(strings(options, dtype), index)


def number(values: np.ndarray, width: int = 0, dtype: type[np.integer] = np.uint8) -> Piece:
    """Decimal numbers (non-negative), zero-padded to ``width`` digits when given, left-aligned."""
    values = np.asarray(values, dtype=np.int64)
    if np.any(values < 0):
        raise FormatError("a number in a file cannot be negative")
    digits = np.ones(values.shape[0], dtype=np.int64)
    for k in range(1, len(str(int(values.max(initial=0))))):
        digits += values >= 10**k
    digits = np.maximum(digits, width)
    most = int(digits.max(initial=1))
    place = digits[:, None] - 1 - np.arange(most)[None, :]  # power of ten of each column
    data = (values[:, None] // 10 ** np.maximum(place, 0)) % 10 + ord("0")
    return data.astype(dtype), digits


def join_fields(fields: Sequence[Field], n: int, dtype: type[np.integer] = np.uint8) -> np.ndarray:
    """The codes of every row's fields one after another, rows in order: one array for the batch
    (see the module docstring)."""
    merged: list[Field] = []
    for item in fields:  # adjacent constants become one (fewer, wider copies)
        if isinstance(item, str) and merged and isinstance(merged[-1], str):
            merged[-1] += item
        elif not (isinstance(item, str) and not item):
            merged.append(item)
    parts = [codes_of(item, dtype)[None, :] if isinstance(item, str) else item for item in merged]
    widths = [part.shape[1] if isinstance(part, np.ndarray) else part[0].shape[1] for part in parts]
    grid = np.empty((n, sum(widths)), dtype=dtype)
    keep = np.ones((n, sum(widths)), dtype=bool)
    column = 0
    for part, width in zip(parts, widths, strict=True):
        end = column + width
        if isinstance(part, np.ndarray):  # a constant (one row, broadcast) or a fixed-width column
            grid[:, column:end] = part
        else:
            codes, lengths = part
            grid[:, column:end] = codes
            keep[:, column:end] = np.arange(width) < lengths[:, None]
        column = end
    if keep.all():
        return grid.reshape(-1)
    return grid[keep]


def join_rows(fields: Sequence[Field], n: int, dtype: type[np.integer] = np.uint8) -> tuple[np.ndarray, np.ndarray]:
    """``join_fields`` and the number of codes each row has there (to splice more after each row)."""
    sizes = np.zeros(n, dtype=np.int64)
    for item in fields:
        if isinstance(item, str):
            sizes += len(codes_of(item, dtype))
        elif isinstance(item, np.ndarray):
            sizes += item.shape[1]
        else:
            sizes += item[1]
    return join_fields(fields, n, dtype), sizes


def runs(buffer: np.ndarray, starts: np.ndarray, lengths: np.ndarray) -> np.ndarray:
    """``buffer[starts[i] : starts[i] + lengths[i]]`` for every ``i`` in order, one after another.

    How a record of many variable parts (an auction's calls and their notes) is laid out without a
    padded grid: every part is a run of a buffer holding each distinct text once, so the bytes
    written are only the ones used, whatever the longest auction of the batch."""
    starts, lengths = starts.reshape(-1), lengths.reshape(-1)
    used = lengths > 0
    starts, lengths = starts[used], lengths[used]
    if not lengths.size:
        return buffer[:0]
    ends = np.cumsum(lengths)
    # 32-bit offsets when they fit: the index is eight (or four) bytes for every byte laid out
    kind = np.int32 if max(int(ends[-1]), len(buffer)) < 2**31 else np.int64
    index = np.repeat((starts - (ends - lengths)).astype(kind), lengths)
    index += np.arange(int(ends[-1]), dtype=kind)
    return buffer[index]


class Bidding:
    """A batch's auctions as arrays, for the writers that hold auctions (PBN, LIN): no ``Auction`` or
    ``Board`` per board, whose making costs more than the bidding.

    ``calls[i, :lengths[i]]`` are board ``i``'s calls as numbers (0 1♣ … 34 7NT, 35 Pass, 36 Double,
    37 Redouble; -1 after the end), ``complete[i]`` whether its auction is over, ``notes[i, k]`` the
    index in ``note_texts`` of call ``k``'s explanation, ``contracts[i]`` the final contract as
    ``rank * 3 + doubled`` (doubled 0, 1 X, 2 XX; -1 passed out) and ``declarers[i]`` its declarer
    (0 North … 3 West; -1 passed out)."""

    def __init__(
        self,
        calls: np.ndarray,
        lengths: np.ndarray,
        complete: np.ndarray,
        notes: np.ndarray,
        note_texts: Sequence[str],
        contracts: np.ndarray,
        declarers: np.ndarray,
    ) -> None:
        self.calls = calls
        self.lengths = lengths
        self.complete = complete
        self.notes = notes
        self.note_texts = note_texts
        self.contracts = contracts
        self.declarers = declarers

    def note_lines(self, escape: Callable[[str], str], end: bytes = b"") -> list[bytes]:
        """The notes the calls use, each on one line (``one_line_texts``), escaped and followed by
        ``end``, by their index in ``note_texts``; empty for the others (a system has 15,000).  The
        notes used are found by counting: ``np.unique`` would import ``numpy.ma``, 15 ms, for nothing."""
        placed = self.notes[np.arange(self.notes.shape[1]) < self.lengths[:, None]]
        used = np.flatnonzero(np.bincount(placed.astype(np.int64), minlength=len(self.note_texts))).tolist()
        lines = [b""] * len(self.note_texts)
        for k, line in zip(used, one_line_texts([self.note_texts[k] for k in used], escape), strict=True):
            lines[k] = line + end
        return lines

    def __getitem__(self, rows: slice) -> Bidding:
        """The auctions of some of the boards (a slice of the batch)."""
        return Bidding(
            self.calls[rows],
            self.lengths[rows],
            self.complete[rows],
            self.notes[rows],
            self.note_texts,
            self.contracts[rows],
            self.declarers[rows],
        )


STRAIN_LETTERS = ("C", "D", "H", "S", "NT")


def bid_texts() -> list[str]:
    """Each bid number's PBN text (``1C`` … ``7NT``), by number."""
    return [f"{rank // 5 + 1}{STRAIN_LETTERS[rank % 5]}" for rank in range(35)]


def one_line_texts(texts: Sequence[str], escape: Callable[[str], str] | None = None) -> list[bytes]:
    """Each of ``texts`` on one line, as ``" ".join(text.split())`` makes it, passed through ``escape``, in UTF-8.

    All of them in one pass over the texts joined by NUL (not whitespace, so the split keeps it):
    a bid set's notes are thousands of explanations, and a Python call for each cost 5 ms of a
    10,000-board ``--bid`` run.  ``escape`` must leave NUL alone."""
    if not texts:
        return []
    joined = "\0".join(texts)
    if joined.count("\0") != len(texts) - 1:  # a text holds a NUL of its own: one at a time
        lines = [" ".join(text.split()) for text in texts]
        return [(escape(line) if escape else line).encode("utf-8") for line in lines]
    # each run of whitespace is now one space, so a text's ends leave at most one beside a NUL
    flat = " ".join(joined.split()).replace(" \0", "\0").replace("\0 ", "\0")
    return (escape(flat) if escape else flat).encode("utf-8").split(b"\0")


def contract_texts() -> list[str]:
    """Each contract number's PBN Contract tag (``rank * 3 + doubled``: ``1C``, ``1CX``, ``1CXX`` … ``7NTXX``)."""
    return [f"{bid}{doubled}" for bid in bid_texts() for doubled in ("", "X", "XX")]


def join(pieces: Sequence[Piece]) -> bytes:
    """Every board's byte pieces in order, boards one after another (``join_fields`` as bytes)."""
    if not pieces:
        return b""
    return join_fields(pieces, len(pieces[0][1]), np.uint8).tobytes()


# --------------------------------------------------------------------------------------------------
# Numbers, dealers, vulnerabilities


@cache
def _vulnerability_cycle() -> np.ndarray:
    from bridgegui.engine.boards import board_vulnerability

    return np.array([VULNERABILITIES.index(board_vulnerability(k)) for k in range(1, 17)], dtype=np.intp)


def set_columns(
    first_number: int, n: int, dealer: str | None = None, vulnerable: str | None = None
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The board numbers, dealers (0 North .. 3 West) and vulnerabilities (index into ``VULNERABILITIES``)
    of ``n`` boards numbered from ``first_number``: Law 2's, unless the set fixes a dealer or a
    vulnerability for every board (``SetInfo.dealer`` / ``.vulnerable``, e.g. a dealer script's).
    Every batch writer reads its numbers, dealers and vulnerabilities here, so the formats agree."""
    from bridgegui.engine.boards import normalise_seat_letter, normalise_vulnerability

    numbers = first_number + np.arange(n, dtype=np.int64)
    seat = normalise_seat_letter(dealer or "")
    dealers = ((numbers - 1) % 4).astype(np.intp) if seat is None else np.full(n, SEATS.index(seat), dtype=np.intp)
    vul = normalise_vulnerability(vulnerable or "")
    if vul is None:
        vulnerabilities = _vulnerability_cycle()[(numbers - 1) % 16]
    else:
        vulnerabilities = np.full(n, VULNERABILITIES.index(vul), dtype=np.intp)
    return numbers, dealers, vulnerabilities


def dealt_columns(
    masks: np.ndarray, first_number: int, info: SetHeader
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """``(masks, numbers, dealers, vulnerabilities)`` of a dealt batch numbered from ``first_number``:
    what ``boards_as_arrays`` gives for ``Board`` objects, so a streaming writer and ``dumps`` share a layout."""
    masks = np.asarray(masks, dtype=np.uint64).reshape(-1, 4)
    return (masks, *set_columns(first_number, len(masks), info.dealer, info.vulnerable))


def boards_as_arrays(boards: Sequence[Board], *, what: str) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """``(masks, numbers, dealers, vulnerabilities)`` of boards with full deals, for the batch writers.

    A board without a number takes its place in the set (1, 2, 3, …); dealers and vulnerabilities are
    the boards' own (explicit, else Law 2's).  ``what`` names the format in the error for a partial deal.
    """
    n = len(boards)
    masks = np.zeros((n, 4), dtype=np.uint64)
    numbers = np.zeros(n, dtype=np.int64)
    dealers = np.zeros(n, dtype=np.intp)
    vulnerabilities = np.zeros(n, dtype=np.intp)
    cycle = _vulnerability_cycle()
    for k, board in enumerate(boards):
        if board.deal is None or not board.deal.is_complete:
            name = board.label or str(k + 1)
            raise FormatError(f"board {name} has no full deal, and {what} files hold only full deals")
        masks[k] = [int(hand or 0) for hand in board.deal.hands]
        number_ = board.number if board.number is not None else k + 1
        numbers[k] = number_
        dealers[k] = SEATS.index(board.dealer) if board.dealer else (number_ - 1) % 4
        vulnerable = board.vulnerable
        vulnerabilities[k] = VULNERABILITIES.index(vulnerable) if vulnerable else cycle[(number_ - 1) % 16]
    return masks, numbers, dealers, vulnerabilities


def cut(text: str, names: Sequence[str]) -> tuple[str, ...]:
    """A written game cut around the values of the tags ``names`` (in the order written): the texts
    between the values, which a batch writer fills for many boards at once."""
    pieces = []
    for name in names:
        head, tag, text = text.partition(f'[{name} "')
        pieces.append(head + tag)
        text = text[text.index('"]') :]
    return (*pieces, text)


def templated_games(
    templates: Sequence[tuple[str, ...]],
    group: Sequence[int],
    boards: Sequence[Board],
    separator: str,
) -> str:
    """Games laid out from per-group templates: ``boards[i]`` is ``templates[group[i]]`` with its
    number, vulnerability and deal filled in, and ``separator`` between games.

    A template is its game's text cut around the three values that differ between boards written
    alike (``head`` up to the number, ``mid`` up to the vulnerability, ``pre_deal`` up to the deal,
    then the ``tail``); a board set bid by a system has a few thousand distinct auctions for 10,000
    boards, so the per-board writer runs once a group and numpy lays out the rest.
    """
    masks, numbers, dealers, vulnerabilities = boards_as_arrays(boards, what="these")
    n, which = len(boards), np.asarray(group, dtype=np.intp)
    heads, mids, pre_deals, tails = (strings([tpl[k] for tpl in templates]) for k in range(4))
    first = np.zeros(n, dtype=np.intp)
    first[1:] = 1
    fields: list[Field] = [table(strings(["", separator]), first), table(heads, which), number(numbers)]
    fields += [table(mids, which), choice(vulnerabilities, VULNERABILITIES), table(pre_deals, which)]
    fields += [choice(dealers, "NESW"), ":", deal_notation(masks, dealers), table(tails, which)]
    return decode(join_fields(fields, n))


# --------------------------------------------------------------------------------------------------
# Fixed-size records (the dealing machines' BRI and DGE)


def whole_records(raw: bytes, size: int, name: str) -> int:
    """How many whole ``size``-byte boards ``raw`` holds; ``FormatError`` when it holds data but not one board.

    A file shorter than one board has no place to name: it is no file of this format (the window
    says so of the whole file).  A longer one is read board by board, so a bad board is named first,
    and ``refuse_cut_record`` names a board cut short at the end.
    """
    if raw and len(raw) < size:
        raise FormatError(f"it is {len(raw):,} bytes long, less than one {name} board ({size} bytes)")
    return len(raw) // size


def refuse_cut_record(raw: bytes, size: int, name: str) -> None:
    """``ReadError`` naming the last board when the file ends partway through it (a copy cut short)."""
    extra = len(raw) % size
    if extra:
        board = f"board {len(raw) // size + 1}"
        raise ReadError(board, f"the file ends {extra:,} bytes into it, and a {name} board takes {size} bytes")


class FixedRecords:
    """A format of fixed-size records with no header, trailer, numbers or dealers (BRI, DGE), read and
    written: ``part(masks)`` gives each board's ``(n, k)`` bytes and ``filler`` pads a record to
    ``RECORD`` bytes; ``read(part, where)`` reads a deal back from a record's first ``k`` bytes.

    The format module binds its ``begin``, ``write_batch``, ``end``, ``dumps``, ``dump``, ``loads`` and
    ``load`` from one of these, so the layout both formats share is written once and a streamed set
    and a saved one are the same code.  A board's place in the file is its number; the reader gives
    each board Law 2's dealer and vulnerability."""

    RECORD = 128
    """Bytes per board."""

    def __init__(
        self,
        name: str,
        part: Callable[[np.ndarray], np.ndarray],
        read: Callable[[bytes, str], Deal],
        filler: bytes,
    ) -> None:
        self.name = name
        self.part = part
        self.read = read
        self.filler = np.frombuffer(filler, dtype=np.uint8)
        self.part_bytes = self.RECORD - len(filler)

    def records(self, masks: np.ndarray) -> bytes:
        masks = np.asarray(masks, dtype=np.uint64).reshape(-1, 4)
        filler = np.broadcast_to(self.filler, (len(masks), len(self.filler)))
        return np.hstack([self.part(masks), filler]).tobytes()

    def begin(self, info: object) -> bytes:
        """Nothing: the format has no header."""
        return b""

    def write_batch(self, masks: np.ndarray, first_number: int, info: object) -> bytes:
        """The boards of an ``(n, 4)`` mask batch; their numbers are their places in the file."""
        return self.records(masks)

    def end(self, info: object) -> bytes:
        """Nothing: the format has no trailer."""
        return b""

    def dumps(self, boards: Iterable[Board], info: object = None) -> bytes:
        """The boards, in the order given (numbers, dealers and vulnerabilities are not stored)."""
        masks, *_ = boards_as_arrays(list(boards), what=self.name)
        return self.records(masks)

    def dump(self, boards: Iterable[Board], fp_or_path: Target, info: object = None) -> None:
        write_data(self.dumps(boards, info), fp_or_path)

    def loads(self, data: bytes | str) -> list[Board]:
        """The boards of a file, numbered 1, 2, 3, … with Law 2's dealers and vulnerabilities."""
        raw = data.encode("latin-1") if isinstance(data, str) else data
        size = self.RECORD
        whole = whole_records(raw, size, self.name)
        boards = [
            Board(k + 1, self.read(raw[k * size : k * size + self.part_bytes], f"board {k + 1}")) for k in range(whole)
        ]
        refuse_cut_record(raw, size, self.name)
        return boards

    def load(self, fp_or_path: Target) -> list[Board]:
        return self.loads(read_bytes(fp_or_path))
