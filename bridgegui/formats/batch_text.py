"""Text for a whole batch of deals at once, built from the engine's ``(n, 4)`` mask array.

Why: writing a set one ``Board`` at a time costs far more than dealing it (we measured 0.7 s
of per-board formatting for 10,000 boards dealt in 20 ms).  The writers here lay each board's text
out as a row of *fields* side by side — constant text, or a column of variable-width text given as
codes and lengths — in one numpy array, then keep the used cells with one boolean mask.  A batch
becomes one string with no Python loop over its boards.

The suit holdings come from an 8,192-entry table of rank letters (``holding_codes``), built once
with numpy on first use, not at import (start-up time is part of what a user waits for).

``dtype`` is ``np.uint8`` for ASCII/UTF-8 bytes (PBN) or ``np.uint32`` for code points (the text
diagrams, whose suit symbols are not ASCII).  No Qt here.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Protocol

import numpy as np

from bridgegui.engine.boards import board_vulnerability
from bridgegui.engine.cards import RANKS

__all__ = [
    "VULNERABILITIES",
    "Column",
    "Field",
    "SetHeader",
    "choice_field",
    "deal_codes",
    "decode",
    "holding_codes",
    "join_fields",
    "law2_dealers",
    "law2_vulnerabilities",
    "number_field",
    "rotate_to",
    "set_columns",
    "spaces_field",
    "suit_holdings",
]

VULNERABILITIES = ("None", "NS", "EW", "All")
"""The vulnerability words PBN export format writes, in the order ``law2_vulnerabilities`` indexes them."""

Column = tuple[np.ndarray, np.ndarray]
"""``(codes, lengths)``: an ``(n, w)`` array of codes of which row ``i`` uses the first ``lengths[i]``."""

Field = str | Column | np.ndarray
"""A constant text (the same in every row), a ``Column``, or an ``(n, w)`` array of codes every row uses whole."""


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


_SUIT_SHIFTS = np.array([0, 16, 32, 48], dtype=np.uint64)
_HOLDING_MASK = np.uint64(0x1FFF)


def _encoding(dtype: type[np.integer]) -> str:
    return "utf-8" if np.dtype(dtype).itemsize == 1 else "utf-32-le"


def codes_of(text: str, dtype: type[np.integer]) -> np.ndarray:
    """The codes of ``text`` in ``dtype`` (UTF-8 bytes or code points)."""
    return np.frombuffer(text.encode(_encoding(dtype)), dtype=dtype)


def decode(codes: np.ndarray) -> str:
    """The string the codes spell (the inverse of ``codes_of``)."""
    return codes.tobytes().decode(_encoding(codes.dtype.type))


def suit_holdings(masks: np.ndarray) -> np.ndarray:
    """``(n, 4, 4)`` 13-bit holdings (board, seat, suit S H D C) of ``(n, 4)`` hand masks."""
    return ((masks[:, :, None] >> _SUIT_SHIFTS) & _HOLDING_MASK).astype(np.intp)


def rotate_to(masks: np.ndarray, first: np.ndarray) -> np.ndarray:
    """The hands of each deal clockwise from seat ``first[i]`` (PBN's Deal starts with the dealer)."""
    rows = np.arange(masks.shape[0])[:, None]
    return masks[rows, (first[:, None] + np.arange(4)) % 4]


@cache
def holding_codes(dtype: type[np.integer], void: str) -> tuple[np.ndarray, np.ndarray]:
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


@cache
def _suit_pieces() -> tuple[np.ndarray, np.ndarray]:
    """Each holding's rank letters followed by the separator PBN writes after it (``.`` after spades,
    hearts and diamonds: row 0; a space after clubs: row 1), 16 bytes a piece; and which of a piece's
    16 bytes are used, also 16 bytes a holding (a gather of this table is cheaper than comparing
    every byte's place with the piece's length, batch after batch)."""
    codes, lengths = holding_codes(np.uint8, "")
    pieces = np.zeros((2, 1 << 13, 16), dtype=np.uint8)
    pieces[:, :, :13] = codes
    pieces[0, np.arange(1 << 13), lengths] = ord(".")
    pieces[1, np.arange(1 << 13), lengths] = ord(" ")
    used = np.arange(16) <= lengths[:, None]  # the letters and the separator
    return pieces.view("V16").reshape(2, 1 << 13), used.view("V16").reshape(1 << 13)


_SEPARATOR_ROW = np.array([0, 0, 0, 1], dtype=np.intp)


def deal_codes(masks: np.ndarray) -> np.ndarray:
    """``(n, 67)`` ASCII codes of each deal's four hands as PBN's Deal tag writes them after ``"N:"``
    (``AKQ2.K72.Q84.J93 ...``, a void as nothing between dots): always 52 cards, 12 dots, 3 spaces.

    Each suit is one 16-byte piece from a table (its letters and the separator after it); the
    pieces' used bytes, kept with one boolean mask whose runs are contiguous, spell the deal
    (no per-board or per-suit Python work, which would cost more than the dealing).
    """
    n = masks.shape[0]
    pieces, used_bytes = _suit_pieces()
    holdings = suit_holdings(masks)
    laid = pieces[_SEPARATOR_ROW, holdings].view(np.uint8).reshape(n, 4, 4, 16)
    used = used_bytes[holdings].view(np.bool_).reshape(n, 4, 4, 16)
    return laid[used].reshape(n, 68)[:, :67]


def number_field(numbers: np.ndarray, dtype: type[np.integer]) -> Column:
    """Decimal digits of non-negative integers (board numbers), as a variable-width field."""
    numbers = numbers.astype(np.int64)
    width = len(str(int(numbers.max()))) if numbers.size else 1
    powers = 10 ** np.arange(width - 1, -1, -1, dtype=np.int64)
    digits = (numbers[:, None] // powers) % 10
    lengths = np.ones(numbers.shape[0], dtype=np.int64)
    for k in range(1, width):
        lengths += numbers >= 10**k
    shift = width - lengths  # left-align: drop the leading zeros
    columns = (np.arange(width)[None, :] + shift[:, None]) % width
    codes = (digits[np.arange(numbers.shape[0])[:, None], columns] + ord("0")).astype(dtype)
    return codes, lengths


def choice_field(index: np.ndarray, options: Sequence[str], dtype: type[np.integer]) -> Column:
    """``options[index[i]]`` for each row: a few fixed words (seats, vulnerabilities)."""
    encoded = [codes_of(option, dtype) for option in options]
    width = max(1, *(len(e) for e in encoded))
    table = np.zeros((len(options), width), dtype=dtype)
    for k, e in enumerate(encoded):
        table[k, : len(e)] = e
    lengths = np.array([len(e) for e in encoded], dtype=np.int64)
    return table[index], lengths[index]


def spaces_field(lengths: np.ndarray, dtype: type[np.integer]) -> Column:
    """``lengths[i]`` spaces in row ``i``."""
    width = int(lengths.max()) if lengths.size else 0
    return np.full((lengths.shape[0], width), ord(" "), dtype=dtype), lengths


def law2_dealers(numbers: np.ndarray) -> np.ndarray:
    """Seat index (0 North .. 3 West) of each board's dealer under Law 2."""
    return ((numbers - 1) % 4).astype(np.intp)


@cache
def _vulnerability_cycle() -> np.ndarray:
    return np.array([VULNERABILITIES.index(board_vulnerability(k)) for k in range(1, 17)], dtype=np.intp)


def law2_vulnerabilities(numbers: np.ndarray) -> np.ndarray:
    """Index into ``VULNERABILITIES`` of each board's vulnerability under Law 2 (the 16-board cycle)."""
    return _vulnerability_cycle()[(numbers - 1) % 16]


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
    dealers = law2_dealers(numbers) if seat is None else np.full(n, "NESW".index(seat), dtype=np.intp)
    vul = normalise_vulnerability(vulnerable or "")
    if vul is None:
        vulnerabilities = law2_vulnerabilities(numbers)
    else:
        vulnerabilities = np.full(n, VULNERABILITIES.index(vul), dtype=np.intp)
    return numbers, dealers, vulnerabilities


def join_fields(fields: Sequence[Field], n: int, dtype: type[np.integer]) -> np.ndarray:
    """The codes of every row's fields one after another, rows in order: one array for the batch.

    The fields are laid side by side in an ``(n, width)`` grid with a mask of the cells each row
    uses; indexing the grid with the mask reads it row by row, so the variable widths close up.
    """
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
