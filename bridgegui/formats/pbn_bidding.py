"""PBN sets bid by a system, written from arrays (``bridgegui-deal --bid``): the games ``pbn.dumps``
writes for boards that carry the system's auctions, laid out with numpy from the calls' numbers.

Why: a ``Board``, an ``Auction`` and a game's text made for each of 10,000 boards cost several times
the bidding.  Here the fields up to the ``[Auction]`` line are the dealt writer's layout
(``_batch.join_rows``), and each game's calls and notes follow as pieces of a table holding every
distinct text once, joined in the order a matrix of their numbers gives.  The constant parts come from ``pbn``'s own
per-board writer, cut around the values that differ, so the two ways to write a set cannot drift
apart (the tests compare them byte for byte).
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from bridgegui.engine.boards import Board
from bridgegui.engine.cards import parse_deal
from bridgegui.formats import _batch
from bridgegui.formats._batch import Bidding, SetHeader
from bridgegui.formats.pbn import _CHARSET, _CRLF, _game_lines, _header, _stamped, export_form

__all__ = ["dumps_bidding"]


_BID_HOLES = ("Board", "Dealer", "Vulnerable", "Deal", "Declarer", "Contract", "Auction")
_BID_ROWS = 2048
"""Boards laid out at once: the index arrays of a batch (eight bytes for each byte written) stay small."""


@lru_cache(maxsize=8)
def _bid_template(generator: str, seed: int | None) -> tuple[str, ...]:
    """A bid game exactly as ``dumps`` writes it, cut around the values of ``_BID_HOLES``, up to the end
    of the ``[Auction]`` line: the per-board writer's own output, so the two ways cannot drift apart."""
    deal = parse_deal("N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432")
    tags = (("Auction", "N"), ("Contract", "1C"), ("Declarer", "N"))
    board = Board(1, deal, tags=tags, sections=(("Auction", "1C"),))
    text = _CRLF.join(_game_lines(export_form(_stamped(board, generator or None, seed))))
    pieces = _batch.cut(text, _BID_HOLES)
    if not pieces[-1].endswith(_CRLF + "1C"):  # pragma: no cover - the Auction section is written last
        raise AssertionError("the auction section is not the end of a game")
    return (*pieces[:-1], pieces[-1][: -len("1C")])


_CALL_WORDS = (*_batch.bid_texts(), "Pass", "X", "XX")
"""The calls by code (the 35 bids, then Pass, X and XX)."""


@lru_cache(maxsize=4)
def _call_tokens(width: int) -> list[bytes]:
    """Every call token of an auction section ``width`` calls long: entry
    ``(k * 2 + last) * len(_CALL_WORDS) + code`` is call ``code`` at place ``k`` (``1NT =3=``), then a
    space, or a line end after every fourth call and after the last (``last`` 1)."""
    words = _CALL_WORDS
    texts = [
        f"{word} ={k + 1}={_CRLF if last or k % 4 == 3 else ' '}".encode("ascii")
        for k in range(width)
        for last in (0, 1)
        for word in words
    ]
    return texts


def _escaped(text: str) -> str:
    """One-line explanations as a Note tag's value holds them: ``\\`` and ``"`` escaped."""
    return text.replace("\\", "\\\\").replace('"', '\\"')


def dumps_bidding(
    masks: np.ndarray, first_number: int, info: SetHeader, bidding: Bidding, *, encoded: bool = False
) -> str | bytes:
    """A dealt set with its auctions, as ``dumps`` writes the same boards carrying them (the
    ``Auction`` section with every call noted ``=n=`` by its explanation, ``Contract`` and
    ``Declarer``): ``masks`` numbered from ``first_number`` (Law 2's dealers and vulnerabilities
    unless ``info`` fixes them), the auctions from ``bidding``; ``encoded``: as the UTF-8 bytes a file
    holds (decoding megabytes only to encode them again costs)."""
    masks = np.asarray(masks, dtype=np.uint64).reshape(-1, 4)
    # the notes the calls use, by counting (``np.unique`` would import ``numpy.ma``, 15 ms, for nothing)
    placed = bidding.notes[np.arange(bidding.notes.shape[1]) < bidding.lengths[:, None]]
    used = np.flatnonzero(np.bincount(placed.astype(np.int64), minlength=len(bidding.note_texts))).tolist()
    texts = bidding.note_texts
    notes = _batch.one_line_texts([texts[k] for k in used], _escaped)
    lines = _header(info.notes)
    template = _bid_template(info.generator, info.seed)
    if not all(t.isascii() for t in (*lines, *template)) or not all(note.isascii() for note in notes):
        lines.append(_CHARSET)
    note_pieces = [b""] * len(texts)  # only the notes the calls use (a system has 15,000)
    for k, note in zip(used, notes, strict=True):
        note_pieces[k] = note
    parts = [_CRLF.join(lines).encode("utf-8")]
    for start in range(0, len(masks), _BID_ROWS):
        rows = slice(start, start + _BID_ROWS)
        parts.append(_bid_games(masks[rows], first_number + start, info, bidding[rows], template, note_pieces))
    if not len(masks):
        parts.append(_CRLF.encode("ascii"))
    data = b"".join(parts)
    return data if encoded else data.decode("utf-8")


def _bid_games(
    masks: np.ndarray,
    first_number: int,
    info: SetHeader,
    bidding: Bidding,
    template: tuple[str, ...],
    note_pieces: list[bytes],
) -> bytes:
    """The games of one batch (``dumps_bidding``): the fields up to the ``[Auction]`` line with
    ``_batch.join_rows``, then each game's calls and notes after it: every distinct text is one
    ``bytes`` object, and the games are those objects joined in the order a matrix of their numbers
    says (a Python join of a few hundred thousand pieces costs less than laying out every byte)."""
    masks, numbers, dealers, vulnerabilities = _batch.dealt_columns(masks, first_number, info)
    n = len(masks)
    board, dealer, vulnerable, deal, declarer, contract, auction, section = template
    seat = _batch.choice(dealers, "NESW")
    declarers = _batch.choice(np.where(bidding.declarers >= 0, bidding.declarers, 4), ("N", "E", "S", "W", ""))
    contract_words = _batch.contract_texts()
    contracts = _batch.choice(
        np.where(bidding.contracts >= 0, bidding.contracts, len(contract_words)), (*contract_words, "Pass")
    )
    fields: list[_batch.Field] = [_CRLF + board, _batch.number(numbers), dealer, seat, vulnerable]
    fields += [_batch.choice(vulnerabilities, _batch.VULNERABILITIES), deal, seat, ":"]
    fields += [_batch.deal_notation(masks, dealers), declarer, declarers, contract, contracts, auction, seat, section]
    head, sizes = _batch.join_rows(fields, n)
    laid = head.tobytes()
    ends = np.cumsum(sizes).tolist()
    pieces = [laid[a:b] for a, b in zip([0, *ends[:-1]], ends, strict=True)]

    calls = bidding.calls.astype(np.int64)
    width = calls.shape[1]
    lengths = bidding.lengths
    place = np.arange(width)[None, :]
    made = place < lengths[:, None]
    tokens = _call_tokens(width)
    first_token, first_const = n, n + len(tokens)
    pieces += tokens
    pieces += [b"+" + _CRLF.encode("ascii"), b'"]' + _CRLF.encode("ascii")]
    pieces += [f'[Note "{k + 1}:'.encode("ascii") for k in range(width)]
    first_note = len(pieces)
    pieces += note_pieces

    last = (place == lengths[:, None] - 1).astype(np.int64)
    token = np.where(made, first_token + (place * 2 + last) * len(_CALL_WORDS) + np.maximum(calls, 0), -1)
    plus = np.where(~bidding.complete & (lengths > 0), first_const, -1)
    notes = np.stack(
        [
            np.broadcast_to(first_const + 2 + place, made.shape),
            first_note + np.maximum(bidding.notes.astype(np.int64), 0),
            np.full(made.shape, first_const + 1),
        ],
        axis=2,
    )
    notes = np.where(made[:, :, None], notes, -1).reshape(n, 3 * width)
    order = np.hstack([np.arange(n)[:, None], token, plus[:, None], notes]).reshape(-1)
    # the pieces picked by numpy, not by a Python call per piece (a set has a few hundred thousand)
    table = np.empty(len(pieces), dtype=object)
    table[:] = pieces
    return b"".join(table.take(order[order >= 0]).tolist())
