"""LIN files (Bridge Base Online): one board per line, read and written.

LIN has no official specification; the de-facto layout (formats note; BigDeal's ``print_lin``,
endplay's ``parsers/lin.py``) is a run of ``key|value|`` pairs.  We write, one line per board::

    pn|South,West,North,East|st||md|3SAK2H…D…C…,S…,S…,|rh||ah|Board 1|sv|o|mb|1N|mb|p|…|pg||

* ``pn`` the players' names (from the North/East/South/West tags, empty when unknown).  It comes
  first because BBO's own files start each board with it and endplay's reader splits boards there.
* ``md`` the dealer (1 S, 2 W, 3 N, 4 E) then the hands of South, West and North, ranks high to
  low (as BigDeal writes them), and a trailing comma: East holds the rest, as BBO writes it.
* ``ah|Board n|`` the board number; ``sv`` the vulnerability ``o``/``n``/``e``/``b`` (never BigDeal's
  ``0``, which endplay rejects).
* The auction when the board has one: ``mb|<call>|`` per call (``1N``, ``2C``, ``p``, ``d``,
  ``r``), ``!`` after an alerted call, and its explanation in ``an|…|`` right after.  Suit symbols
  in an explanation are written ``!S !H !D !C`` as BBO does.  ``|`` cannot be escaped in LIN, so a
  ``|`` in a name or explanation becomes ``/`` (and a ``,`` in a name a space).

LIN has no header or comment line, so a set dealt to constraints cannot carry the practice-set note
(Law 6E3) inside the file; the other tags a board may have (Event, Generator, …) are not written
either (``registry.what_is_dropped`` lists them).

Reading accepts BBO's own files as well as ours: ranks in either order (``SAKQ`` or ``S2TQ``),
three or four hands (and hands left empty), ``o``, ``0`` or ``-`` for no one vulnerable, any key
order, boards one per line or run together (a new board starts at ``qx``, ``pn`` or ``md`` once the
current one has its deal), names ``pn`` carried to later boards as vugraph files expect; the play
(``pc``), claims and commentary are ignored.  Errors name the board.

Writing is vectorised, so formatting costs no more than dealing: ``write_batch`` formats a batch of
masks with 8,192-entry tables.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

import numpy as np

from bridgegui.engine.bidding.calls import Auction, AuctionError, Call
from bridgegui.engine.boards import Board, board_dealer
from bridgegui.engine.cards import FULL_DECK_MASK, RANKS, SEAT_NAMES, SEATS, SUITS, Deal
from bridgegui.engine.errors import BridgeError
from bridgegui.formats import _batch
from bridgegui.formats._io import Target, read_text, write_data
from bridgegui.formats.errors import ReadError
from bridgegui.formats.registry import SetInfo

__all__ = ["begin", "dump", "dumps", "dumps_bidding", "end", "load", "loads", "write_batch"]

_DEALER_DIGIT = (b"3", b"4", b"1", b"2")
"""LIN's dealer digit for N, E, S, W (1 is South, then clockwise)."""

_VUL = (b"o", b"n", b"e", b"b")
"""LIN's vulnerability letter for None, NS, EW, All."""

_NAME_SEATS = ("South", "West", "North", "East")
"""The order of ``pn`` and ``md``."""

_HAND_SEATS = (2, 3, 0)  # South, West, North: East holds the rest

_SUIT_ESCAPES = str.maketrans({"♠": "!S", "♥": "!H", "♦": "!D", "♣": "!C", "|": "/"})
_SUIT_SYMBOLS = {"s": "♠", "h": "♥", "d": "♦", "c": "♣"}


def _lines(
    masks: np.ndarray,
    numbers: np.ndarray,
    dealers: np.ndarray,
    vulnerabilities: np.ndarray,
    names: Sequence[bytes] | None = None,
    auctions: Sequence[bytes] | None = None,
    bidding: _batch.Bidding | None = None,
) -> bytes:
    """The LIN lines of a batch; ``names`` and ``auctions`` (per board) come only from ``dumps``,
    ``bidding`` (a bid set's auctions as arrays) only from ``dumps_bidding``."""
    n = len(masks)
    held = _batch.holdings(masks)
    ranks = _batch.rank_table()
    pieces: list[_batch.Piece] = [_batch.const(b"pn|", n)]
    pieces.append(_batch.strings(names) if names is not None else _batch.const(b",,,", n))
    pieces.append(_batch.const(b"|st||md|", n))
    pieces.append(_batch.table(_batch.strings(_DEALER_DIGIT), dealers))
    for seat in _HAND_SEATS:
        for suit in range(4):
            pieces.append(_batch.const(SUITS[suit].encode("ascii"), n))
            pieces.append(_batch.table(ranks, held[:, seat, suit]))
        pieces.append(_batch.const(b",", n))
    pieces.append(_batch.const(b"|rh||ah|Board ", n))
    pieces.append(_batch.number(numbers))
    pieces.append(_batch.const(b"|sv|", n))
    pieces.append(_batch.table(_batch.strings(_VUL), vulnerabilities))
    pieces.append(_batch.const(b"|", n))
    if auctions is not None:
        pieces.append(_batch.strings(auctions))
    if bidding is not None:
        return _spliced(pieces, bidding)
    pieces.append(_batch.const(b"pg||\n", n))
    return _batch.join(pieces)


_LIN_CALLS = [*(text.replace("NT", "N") for text in _batch.bid_texts()), "p", "d", "r"]
"""LIN's spelling of each call number (``_batch.Bidding``): ``1N``, ``2C``, ``p``, ``d``, ``r``."""


def _spliced(pieces: list[_batch.Piece], bidding: _batch.Bidding) -> bytes:
    """The lines of ``pieces`` with each board's ``mb|…|an|…|`` calls and the line's end after them,
    spliced from one buffer (``_batch.runs``): no per-board text."""
    n = len(bidding.lengths)
    head, sizes = _batch.join_rows(pieces, n)
    width = bidding.calls.shape[1]
    made = np.arange(width)[None, :] < bidding.lengths[:, None]
    notes = bidding.note_lines(lambda text: text.translate(_SUIT_ESCAPES))
    texts = [f"mb|{call}|an|".encode("ascii") for call in _LIN_CALLS] + [b"|", b"pg||\n"] + notes
    lengths = np.array([len(t) for t in texts], dtype=np.int64)
    starts = np.cumsum(lengths) - lengths + len(head)
    buffer = np.concatenate([head, np.frombuffer(b"".join(texts), dtype=np.uint8)])
    call = np.maximum(bidding.calls.astype(np.int64), 0)
    note = 40 + np.maximum(bidding.notes.astype(np.int64), 0)
    triple = np.stack([call, note, np.full(call.shape, 38)], axis=2).reshape(n, 3 * width)
    run_starts = np.hstack([(np.cumsum(sizes) - sizes)[:, None], starts[triple], np.full((n, 1), starts[39])])
    run_lengths = np.hstack(
        [sizes[:, None], np.where(np.repeat(made, 3, axis=1), lengths[triple], 0), np.full((n, 1), lengths[39])]
    )
    return _batch.runs(buffer, run_starts, run_lengths).tobytes()


def begin(info: SetInfo) -> str:
    """Nothing: LIN has no header."""
    return ""


def write_batch(masks: np.ndarray, first_number: int, info: SetInfo) -> str:
    """LIN lines for an ``(n, 4)`` mask batch numbered from ``first_number`` (Law 2, or ``info``'s dealer and vul)."""
    return _lines(*_batch.dealt_columns(masks, first_number, info)).decode("ascii")


def end(info: SetInfo) -> str:
    """Nothing: LIN has no trailer."""
    return ""


def _name(board: Board, seat: str) -> str:
    return " ".join((board.tag(seat) or "").replace("|", "/").replace(",", " ").split())


def _auction_text(auction: Auction) -> str:
    parts = []
    for call, note, alert in zip(auction.calls, auction.notes, auction.alerts, strict=True):
        if call.is_pass:
            code = "p"
        elif call.is_double:
            code = "d"
        elif call.is_redouble:
            code = "r"
        else:
            code = call.code.replace("NT", "N")
        parts.append(f"mb|{code}{'!' if alert else ''}|")
        if note is not None:
            parts.append(f"an|{' '.join(note.split()).translate(_SUIT_ESCAPES)}|")
    return "".join(parts)


def dumps(boards: Iterable[Board], info: SetInfo | None = None) -> str:
    """The boards as LIN, one line each (``\\n`` line ends); boards need full deals."""
    boards = list(boards)
    masks, numbers, dealers, vulnerabilities = _batch.boards_as_arrays(boards, what="LIN")
    names = [",".join(_name(b, seat) for seat in _NAME_SEATS).encode("utf-8") for b in boards]
    auctions = []
    for board in boards:
        auction = board.auction
        auctions.append(b"" if auction is None else _auction_text(auction).encode("utf-8"))
    return _lines(masks, numbers, dealers, vulnerabilities, names, auctions).decode("utf-8")


def dumps_bidding(
    masks: np.ndarray, first_number: int, info: SetInfo, bidding: _batch.Bidding, *, encoded: bool = False
) -> str | bytes:
    """A dealt set with its auctions, as ``dumps`` writes the same boards carrying them (every call's
    explanation as its ``an``): ``masks`` numbered from ``first_number`` (Law 2's dealers and
    vulnerabilities unless ``info`` fixes them), the auctions from ``bidding``; ``encoded``: as the
    UTF-8 bytes a file holds."""
    data = _lines(*_batch.dealt_columns(masks, first_number, info), bidding=bidding)
    return data if encoded else data.decode("utf-8")


def dump(boards: Iterable[Board], fp_or_path: Target, info: SetInfo | None = None) -> None:
    write_data(dumps(boards, info), fp_or_path)


# --------------------------------------------------------------------------------------------------
# Reading

_LIN_DEALERS = {"1": "S", "2": "W", "3": "N", "4": "E"}
_LIN_VUL = {"o": "None", "0": "None", "-": "None", "n": "NS", "e": "EW", "b": "All"}
_BOARD_TITLE = re.compile(r"\s*(?:board\s*)?([0-9]{1,9})\s*$", re.IGNORECASE)  # 9 digits: no 5,000-digit int()
_BOARD_ID = re.compile(r"\s*[oc]?([0-9]{1,9})\s*$", re.IGNORECASE)
_LIN_CALL = re.compile(r"([1-7])\s*(NT|N|S|H|D|C)", re.IGNORECASE)


def _hand(text: str, where: str, seat: str) -> int:
    mask = 0
    suit = -1
    t = text.strip().upper().replace("10", "T")
    for ch in t:
        if ch in SUITS:
            suit = SUITS.index(ch)
        elif ch in RANKS and suit >= 0:
            bit = 1 << (suit * 16 + 12 - RANKS.index(ch))
            if mask & bit:
                raise ReadError(where, f"{seat}'s hand gives the {SUITS[suit]}{ch} twice")
            mask |= bit
        elif not ch.isspace():
            raise ReadError(where, f"{seat}'s hand {text[:30]!r} holds {ch!r}, which is not a suit or rank")
    return mask


def _deal(value: str, where: str) -> tuple[str | None, Deal]:
    text = value.strip()
    dealer = _LIN_DEALERS.get(text[:1])
    if dealer is not None:
        text = text[1:]
    given = text.split(",")
    if len(given) > 4:
        raise ReadError(where, f"md gives {len(given)} hands; LIN gives at most four (South, West, North, East)")
    masks = [0, 0, 0, 0]
    known = [False] * 4
    seen = 0
    for k, hand_text in enumerate(given):
        seat = "SWNE"[k]
        index = SEATS.index(seat)
        mask = _hand(hand_text, where, SEAT_NAMES[index])
        if seen & mask:
            raise ReadError(where, f"{SEAT_NAMES[index]}'s hand repeats cards another hand holds")
        seen |= mask
        if hand_text.strip():
            count = mask.bit_count()
            if count != 13:
                raise ReadError(where, f"{SEAT_NAMES[index]} has {count} cards, not 13")
            masks[index] = mask
            known[index] = True
    missing = [s for s in range(4) if not known[s]]
    if len(missing) > 1:
        listed = [SEAT_NAMES[s] for s in missing]
        names = ", ".join(listed[:-1]) + " and " + listed[-1]
        raise ReadError(where, f"md leaves {names} empty; a deal needs at least three hands")
    if missing:
        masks[missing[0]] = FULL_DECK_MASK & ~seen
    return dealer, Deal(tuple(masks))  # type: ignore[arg-type]


def _call(value: str) -> tuple[Call, bool]:
    text = value.strip()
    alert = text.endswith("!")
    text = text.rstrip("!").strip().upper()
    if text in ("P", "PASS"):
        return Call("P"), alert
    if text in ("D", "X", "DBL"):
        return Call("X"), alert
    if text in ("R", "XX", "RDBL"):
        return Call("XX"), alert
    match = _LIN_CALL.fullmatch(text)
    if match is None:
        raise AuctionError(f"{value[:20]!r} is not a LIN call (1N, 2C, p, d, r)")
    strain = match.group(2)
    return Call(match.group(1) + ("NT" if strain.startswith("N") else strain)), alert


def _unescape(text: str) -> str:
    return re.sub(r"!([shdcSHDC])", lambda m: _SUIT_SYMBOLS[m.group(1).lower()], text)


class _Pending:
    """One board's pairs as they are read."""

    def __init__(self, position: int, names: dict[str, str]) -> None:
        self.position = position
        self.names = dict(names)
        self.md: str | None = None
        self.title: str | None = None
        self.ident: str | None = None
        self.vul: str | None = None
        self.calls: list[tuple[str, str | None]] = []

    def board(self) -> Board:
        number = self._number()
        where = f"board {number}"
        dealer, deal = _deal(self.md or "", where)
        vulnerable = None
        if self.vul is not None:
            vulnerable = _LIN_VUL.get(self.vul.strip().lower())
            if vulnerable is None:
                raise ReadError(where, f"sv is {self.vul[:10]!r}; LIN writes o, n, e or b")
        tags = tuple((seat, self.names[seat]) for seat in ("North", "East", "South", "West") if self.names.get(seat))
        try:
            board = Board(number, deal, dealer=dealer, vulnerable=vulnerable, tags=tags)
            if self.calls:
                auction = Auction(dealer or board_dealer(number))
                for value, note in self.calls:
                    call, alert = _call(value)
                    auction = auction.add(call, alert=alert, note=note)
                board = board.with_auction(auction)
        except BridgeError as exc:
            raise ReadError(where, str(exc)) from None
        return board

    def _number(self) -> int:
        for text, pattern in ((self.title, _BOARD_TITLE), (self.ident, _BOARD_ID)):
            match = pattern.match(text or "")
            if match is not None and int(match.group(1)) > 0:
                return int(match.group(1))
        return self.position


def loads(data: str | bytes) -> list[Board]:
    """The boards of a LIN file (see the module docstring for what is accepted)."""
    text = data.decode("utf-8", errors="replace") if isinstance(data, bytes) else data
    items = text.replace("\r", "").replace("\n", "").split("|")
    boards: list[Board] = []
    names: dict[str, str] = {}
    current: _Pending | None = None

    def flush() -> None:
        nonlocal current
        if current is not None and current.md is not None:
            boards.append(current.board())
        current = None

    for k in range(0, len(items) - 1, 2):
        key, value = items[k].strip().lower(), items[k + 1]
        if key in ("qx", "pn", "md") and current is not None and current.md is not None:
            flush()
        if current is None:
            current = _Pending(len(boards) + 1, names)
        if key == "pn":
            parts = [p.strip() for p in value.split(",")]
            names = dict(zip(_NAME_SEATS, parts[:4], strict=False))
            current.names = dict(names)
        elif key == "md":
            current.md = value
        elif key == "qx":
            current.ident = value
        elif key == "ah":
            current.title = value
        elif key == "sv":
            current.vul = value
        elif key == "mb":
            current.calls.append((value, None))
        elif key == "an" and current.calls:
            call, _ = current.calls[-1]
            current.calls[-1] = (call, _unescape(value))
    flush()
    return boards


def load(fp_or_path: Target) -> list[Board]:
    return loads(read_text(fp_or_path))
