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

from collections.abc import Iterator
from functools import lru_cache

import numpy as np

from bridgegui.engine.boards import Board
from bridgegui.engine.cards import parse_deal
from bridgegui.formats import _batch
from bridgegui.formats._batch import Bidding, SetHeader
from bridgegui.formats.pbn import _CHARSET, _CRLF, _game_lines, _header, _stamped, export_form

__all__ = ["bidding_parts", "dumps_bidding"]


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
    data = b"".join(bidding_parts(masks, first_number, info, bidding))
    return data if encoded else data.decode("utf-8")


def bidding_parts(masks: np.ndarray, first_number: int, info: SetHeader, bidding: Bidding) -> Iterator[bytes]:
    """``dumps_bidding``'s UTF-8 bytes in parts, a batch of games at a time, for a writer to put one
    after another: joining a 10,000-board set's twelve megabytes into one object only to write them
    cost a run more than laying out its auctions."""
    masks = np.asarray(masks, dtype=np.uint64).reshape(-1, 4)
    # the notes the calls use, each with the Note tag's end
    note_pieces = bidding.note_lines(_escaped, ('"]' + _CRLF).encode("ascii"))
    lines = _header(info.notes)
    template = _bid_template(info.generator, info.seed)
    if not all(t.isascii() for t in (*lines, *template)) or not all(note.isascii() for note in note_pieces):
        lines.append(_CHARSET)
    # every piece the auction sections are made of, the same for every batch: the call tokens, the
    # "+" of an unfinished auction, the Note tags' beginnings, and the notes
    width = bidding.calls.shape[1]
    tokens = _call_tokens(width)
    prefixes = [f'[Note "{k + 1}:'.encode("ascii") for k in range(width)]
    constant = np.empty(len(tokens) + 1 + width + len(note_pieces), dtype=object)
    constant[:] = [*tokens, ("+" + _CRLF).encode("ascii"), *prefixes, *note_pieces]
    yield _CRLF.join(lines).encode("utf-8")
    for start in range(0, len(masks), _BID_ROWS):
        rows = slice(start, start + _BID_ROWS)
        yield _bid_games(masks[rows], first_number + start, info, bidding[rows], template, constant)
    if not len(masks):
        yield _CRLF.encode("ascii")


def _bid_games(
    masks: np.ndarray,
    first_number: int,
    info: SetHeader,
    bidding: Bidding,
    template: tuple[str, ...],
    constant: np.ndarray,
) -> bytes:
    """The games of one batch (``dumps_bidding``): the fields up to the ``[Auction]`` line with
    ``_batch.join_rows``, then each game's calls and notes after it, picked from the pieces of
    ``constant`` (``dumps_bidding``'s): every distinct text is one ``bytes`` object, and the games are
    those objects joined in the order an array of their numbers says, made for the calls alone (a
    Python join of a few hundred thousand pieces costs less than laying out every byte)."""
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

    # each game: its fields, its calls' tokens, "+" when unfinished, and a Note tag for each call
    # (the tag's beginning, then the note with the tag's end), numbered for the calls alone
    width = bidding.calls.shape[1]  # the set's: ``constant``'s tokens and tag beginnings are for as many calls
    plus_piece = n + width * 2 * len(_CALL_WORDS)
    first_prefix, first_note = plus_piece + 1, plus_piece + 1 + width
    lengths = bidding.lengths.astype(np.int64)
    row, place = np.nonzero(np.arange(width)[None, :] < lengths[:, None])
    plus = ~bidding.complete & (lengths > 0)
    count = 1 + 3 * lengths + plus
    start = np.cumsum(count) - count
    order = np.empty(int(count.sum()), dtype=np.int64)
    order[start] = np.arange(n)
    last = place == lengths[row] - 1
    order[start[row] + 1 + place] = n + (place * 2 + last) * len(_CALL_WORDS) + bidding.calls[row, place]
    order[(start + 1 + lengths)[plus]] = plus_piece
    tag = start[row] + 1 + lengths[row] + plus[row] + 2 * place
    order[tag] = first_prefix + place
    order[tag + 1] = first_note + bidding.notes[row, place]
    # the pieces picked by numpy, not by a Python call per piece (a set has a few hundred thousand)
    table = np.empty(n + len(constant), dtype=object)
    table[:n] = pieces
    table[n:] = constant
    return b"".join(table.take(order).tolist())
