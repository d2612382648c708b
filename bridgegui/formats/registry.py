"""The board-set formats, in one place: what each can hold, and how to write and read it.

Front ends (the command line's ``--format`` and its choice by file extension, the window's Save As
and Open filters, its "this format drops ..." warning) ask here and nowhere else, so a new format is
one entry in ``FORMATS`` and one module.

Startup speed matters (every command-line run pays it): this module imports no format module and not
numpy at import time.  Each entry names its module, imported the first time the format is used.

One module per format (endplay's ``parsers/lin.py`` is the model): each offers ``dumps(boards, info)``
and, where the format can be read back, ``loads(data)``; a format that streams also defines
``begin(info)``, ``write_batch(masks, first_number, info)`` and ``end(info)`` in the same module,
writing a set batch by batch straight from the engine's ``(n, 4)`` uint64 mask arrays with the same
layout code as its ``dumps`` (``bridgegui.formats._batch``).  ``stream_writer`` hands those out.
Formats whose layout is a whole file (DLM, DUP) cannot stream: their writer keeps the boards and
writes the file at ``end`` (they hold at most 99 boards anyway).
"""

from __future__ import annotations

import importlib
import io
import os
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from types import ModuleType
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import numpy as np

    from bridgegui.engine.boards import Board
    from bridgegui.formats.errors import FormatError

__all__ = [
    "FORMATS",
    "PRACTICE_NOTE",
    "BoardFormat",
    "FormatError",
    "SetInfo",
    "StreamWriter",
    "bidding_parts",
    "by_name",
    "dump",
    "dumps",
    "dumps_bidding",
    "for_path",
    "load",
    "loads",
    "stream_writer",
    "what_bidding_drops",
    "what_is_dropped",
]

PRACTICE_NOTE = "Practice set: dealt to constraints, not for tournament play (Law 6E3)"
"""The line a constrained set's header carries (the Laws of Duplicate Bridge, Law 6E3: boards for a
tournament must be dealt at random, so a set dealt to constraints is for practice only)."""


def __getattr__(name: str) -> Any:
    """``registry.FormatError`` without importing the engine (and numpy) when the registry is imported."""
    if name == "FormatError":
        from bridgegui.formats.errors import FormatError

        return FormatError
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _error(message: str) -> FormatError:
    from bridgegui.formats.errors import FormatError

    return FormatError(message)


@dataclass(frozen=True)
class SetInfo:
    """What a file's header may say about the set; every field optional.

    ``practice`` marks a constrained set: the dealing-machine formats then say in their header that
    it is a practice set (Law 6E3).  ``total`` is the number of boards in the whole set when known
    (DUP's trailer needs it when writing batch by batch).  ``dealer`` and ``vulnerable`` fix every
    board's dealer and vulnerability when a set is written from masks; ``None`` follows Law 2.
    """

    generator: str = ""
    seed: int | None = None
    notes: tuple[str, ...] = ()
    practice: bool = False
    total: int | None = None
    dealer: str | None = None
    vulnerable: str | None = None

    def header_lines(self) -> list[str]:
        """The free header lines a text format writes: the practice note first, then ``notes``."""
        return ([PRACTICE_NOTE] if self.practice else []) + list(self.notes)


@dataclass(frozen=True)
class BoardFormat:
    """One board-set format and what it can hold (for the front ends' choices and warnings)."""

    name: str
    title: str
    extensions: tuple[str, ...]
    binary: bool
    readable: bool
    holds_auction: bool
    holds_dealer: bool
    holds_tags: bool
    max_boards: int | None
    streams: bool
    module: str
    holds_numbers: bool = True
    """Whether board numbers are stored; BRI, DGE and DUP number boards by their place in the file."""

    @property
    def filter(self) -> str:
        """A file-dialog filter such as ``"PBN 2.1 (*.pbn)"``."""
        return f"{self.title} ({' '.join('*' + ext for ext in self.extensions)})"


def _format(*args: Any, **kwargs: Any) -> tuple[str, BoardFormat]:
    fmt = BoardFormat(*args, **kwargs)
    return fmt.name, fmt


FORMATS: dict[str, BoardFormat] = dict(
    [
        _format("pbn", "PBN 2.1", (".pbn",), False, True, True, True, True, None, True, "bridgegui.formats.pbn"),
        _format(
            "lin", "LIN (Bridge Base Online)", (".lin",), False, True, True, True, False, None, True,
            "bridgegui.formats.lin",
        ),
        _format(
            "dup", "DUP (Duplimate)", (".dup",), True, True, False, False, False, 99, False, "bridgegui.formats.dup",
            holds_numbers=False,
        ),
        _format(
            "dlm", "DLM (Duplimate for Windows)", (".dlm",), False, True, False, False, False, 99, False,
            "bridgegui.formats.dlm",
        ),
        _format(
            "bri", "BRI (Duplimate, DOS)", (".bri",), True, True, False, False, False, None, True,
            "bridgegui.formats.bri", holds_numbers=False,
        ),
        _format(
            "dge", "DGE (dealing machine)", (".dge",), True, True, False, False, False, None, True,
            "bridgegui.formats.dge", holds_numbers=False,
        ),
        _format(
            "csv", "CSV (spreadsheet)", (".csv",), False, True, False, True, False, None, True,
            "bridgegui.formats.csvfile",
        ),
        _format("text", "Text diagrams", (".txt",), False, False, False, True, False, None, True, "bridgegui.formats.text"),
    ]
)  # fmt: skip
"""Every format by name, in the order front ends list them."""


def by_name(name: str | BoardFormat) -> BoardFormat:
    """The format called ``name`` (any case); ``FormatError`` naming the choices otherwise."""
    if isinstance(name, BoardFormat):
        return name
    try:
        return FORMATS[name.strip().lower()]
    except KeyError:
        raise _error(f"{name!r} is not a board-set format: use one of {', '.join(FORMATS)}") from None


def for_path(path: str | os.PathLike[str]) -> BoardFormat | None:
    """The format a file name's extension names (``deals.lin`` → LIN), or ``None`` for an unknown one."""
    name = os.fspath(path).lower()
    for fmt in FORMATS.values():
        if any(name.endswith(ext) for ext in fmt.extensions):
            return fmt
    return None


def _module(fmt: BoardFormat) -> ModuleType:
    return importlib.import_module(fmt.module)


def _pbn_header(info: SetInfo) -> dict[str, Any]:
    return {"generator": info.generator or None, "seed": info.seed, "extra_header": list(info.notes)}


def dumps(fmt: str | BoardFormat, boards: Iterable[Board], info: SetInfo | None = None) -> str | bytes:
    """The boards in format ``fmt``: ``str`` for text formats, ``bytes`` for binary ones."""
    fmt = by_name(fmt)
    info = info or SetInfo()
    boards = list(boards)
    if fmt.name == "pbn":
        return str(_module(fmt).dumps(boards, **_pbn_header(info)))
    result: str | bytes = _module(fmt).dumps(boards, info)
    return result


def loads(fmt: str | BoardFormat, data: str | bytes) -> list[Board]:
    """The boards of a file's contents in format ``fmt``; ``BridgeError`` (with the board or line) if unreadable."""
    fmt = by_name(fmt)
    if not fmt.readable:
        raise _error(f"{fmt.title} cannot be read back: open a PBN file instead")
    module = _module(fmt)
    if fmt.name == "pbn" and isinstance(data, bytes):
        return list(module.load(io.BytesIO(data)))
    return list(module.loads(data))


def load(fmt: str | BoardFormat | None, path: str | os.PathLike[str]) -> list[Board]:
    """The boards of the file at ``path``; ``fmt`` ``None`` chooses by the extension."""
    chosen = for_path(path) if fmt is None else by_name(fmt)
    if chosen is None:
        raise _error(f"cannot tell the format of {os.fspath(path)!r} from its extension")
    from bridgegui.files import BOARD_SET_LIMIT, read_user_bytes

    return loads(chosen, read_user_bytes(path, limit_bytes=BOARD_SET_LIMIT, what="board set"))


def dump(
    fmt: str | BoardFormat, boards: Iterable[Board], path: str | os.PathLike[str], info: SetInfo | None = None
) -> None:
    """Write ``dumps(fmt, boards, info)`` to ``path`` atomically (``bridgegui.files.atomic_write``).

    Text formats are written as UTF-8 with their line ends as ``dumps`` made them.
    """
    from bridgegui.files import atomic_write

    data = dumps(fmt, boards, info)
    atomic_write(path, data.encode("utf-8") if isinstance(data, str) else data)


# --------------------------------------------------------------------------------------------------
# What a format cannot hold

_AUCTION_TAGS = frozenset({"Auction", "Note"})
_LIN_SEATS = ("North", "East", "South", "West")
_LIN_TAGS = frozenset({*_LIN_SEATS, "Auction", "Note"})


def _implied_tags(board: Board) -> frozenset[str]:
    """The tags that say only what the board's auction says (its Contract and Declarer): a format that
    keeps the auction keeps them, so losing them loses nothing.  The auction is read once a board."""
    if board.tag("Auction") is None:
        return frozenset()
    from bridgegui.engine.errors import BridgeError

    try:
        auction = board.auction
    except BridgeError:
        return frozenset()
    contract = None if auction is None else auction.contract()
    if contract is None:
        return frozenset({"Contract"}) if board.tag("Contract") == "Pass" else frozenset()
    said = {"Contract": str(contract), "Declarer": contract.declarer}
    return frozenset(name for name, value in said.items() if board.tag(name) == value)


def _boards(count: int) -> str:
    return "1 board" if count == 1 else f"{count} boards"


def _file_numbers(fmt: BoardFormat, boards: Sequence[Board]) -> list[int]:
    """The number each board has once written in ``fmt`` and read back."""
    if not fmt.holds_numbers:
        return list(range(1, len(boards) + 1))
    if fmt.name == "dlm" and len(boards) <= (fmt.max_boards or 0):
        from bridgegui.formats.dlm import numbering

        return numbering([b.number for b in boards])
    return [b.number if b.number is not None else k for k, b in enumerate(boards, 1)]


def what_is_dropped(fmt: str | BoardFormat, boards: Sequence[Board]) -> list[str]:
    """What saving ``boards`` in ``fmt`` would lose, as phrases a user reads ("the auctions of 3 boards").

    An empty list means nothing is lost.  Board counts past the format's limit are listed too,
    although ``dumps`` refuses them rather than cutting the set short.
    """
    from bridgegui.engine.boards import board_dealer, board_vulnerability

    fmt = by_name(fmt)
    lost: list[str] = []
    if fmt.max_boards is not None and len(boards) > fmt.max_boards:
        lost.append(f"boards past the {fmt.max_boards}th ({fmt.title} holds at most {fmt.max_boards} boards)")
    partial = sum(1 for b in boards if b.deal is None or not b.deal.is_complete)
    if partial and fmt.name not in ("pbn", "text"):
        lost.append(f"{_boards(partial)} without a full deal")
    if not fmt.holds_auction:
        auctions = sum(1 for b in boards if b.tag("Auction") is not None)
        if auctions:
            lost.append(f"the auction{'s' if auctions > 1 else ''} of {_boards(auctions)}")
    numbers = _file_numbers(fmt, boards)
    moved = sum(1 for b, k in zip(boards, numbers, strict=True) if b.number != k)
    if moved and fmt.name not in ("pbn", "text"):
        how = "1, 2, 3, … in order" if not fmt.holds_numbers else "from 1, since the numbers do not run on within 1-99"
        lost.append(f"the board numbers of {_boards(moved)} (the file numbers boards {how})")
    if not fmt.holds_dealer:
        changed = 0
        for b, k in zip(boards, numbers, strict=True):
            if b.effective_dealer not in (None, board_dealer(k)) or b.effective_vulnerable not in (
                None,
                board_vulnerability(k),
            ):
                changed += 1
        if changed:
            lost.append(f"the dealer and vulnerability of {_boards(changed)} (the file follows the board numbers)")
    if not fmt.holds_tags:
        kept = _LIN_TAGS if fmt.name == "lin" else frozenset()
        names = sorted(
            {
                name
                for b in boards
                for name in {n for n, _ in b.tags}
                - kept
                - _AUCTION_TAGS
                - (_implied_tags(b) if fmt.holds_auction else set())
            }
        )
        if names:
            shown = ", ".join(names[:5]) + (", …" if len(names) > 5 else "")
            lost.append(f"tags ({shown})")
    if fmt.name == "lin":
        lost.extend(_lin_rewrites(boards))
    return lost


def what_bidding_drops(fmt: str | BoardFormat, count: int, *, declarers: bool, barred_notes: int) -> list[str]:
    """What saving ``count`` freshly bid boards in ``fmt`` loses, as ``what_is_dropped`` says it for
    the same boards (an auction, a Contract tag and, unless ``declarers`` is false because every board
    was passed out, a Declarer tag each; ``barred_notes`` of them with a ``|`` in an explanation),
    for a set written from arrays.  The boards' numbers and dealers are those the format keeps: the
    caller asks ``what_is_dropped`` otherwise."""
    fmt = by_name(fmt)
    lost: list[str] = []
    if not fmt.holds_auction and count:
        lost.append(f"the auction{'s' if count > 1 else ''} of {_boards(count)}")
    if not fmt.holds_tags and not fmt.holds_auction and count:  # a kept auction says contract and declarer
        lost.append(f"tags ({'Contract, Declarer' if declarers else 'Contract'})")
    if fmt.name == "lin" and barred_notes:
        lost.append(f"the '|' in the call explanations of {_boards(barred_notes)} (LIN cannot hold it: written '/')")
    return lost


def dumps_bidding(
    fmt: str | BoardFormat, masks: np.ndarray, first_number: int, info: SetInfo, bidding: Any, *, encoded: bool = False
) -> str | bytes:
    """A dealt set with the auctions ``bidding`` (a ``_batch.Bidding``) holds, in ``fmt``, as ``dumps``
    writes the same boards carrying them: numbered from ``first_number`` with Law 2's dealers and
    vulnerabilities unless ``info`` fixes them.  A format that holds no auctions writes the deals.
    ``encoded``: a format that holds auctions gives the UTF-8 bytes a file holds, not text."""
    fmt = by_name(fmt)
    module = _module(fmt)
    if hasattr(module, "bidding_parts"):  # laid out a batch of games at a time (PBN)
        data = b"".join(module.bidding_parts(masks, first_number, info, bidding))
        return data if encoded else data.decode("utf-8")
    if hasattr(module, "dumps_bidding"):
        return module.dumps_bidding(masks, first_number, info, bidding, encoded=encoded)  # type: ignore[no-any-return]
    writer = stream_writer(fmt)
    parts = [writer.begin(info), writer.write_batch(masks, first_number, info), writer.end(info)]
    return b"".join(parts) if fmt.binary else "".join(parts)  # type: ignore[arg-type]


def bidding_parts(
    fmt: str | BoardFormat, masks: np.ndarray, first_number: int, info: SetInfo, bidding: Any
) -> Iterator[str | bytes]:
    """``dumps_bidding``'s output (encoded) in parts to write one after another: a batch of games at a
    time where the format lays them out so (PBN), else the whole."""
    fmt = by_name(fmt)
    module = _module(fmt)
    if hasattr(module, "bidding_parts"):
        yield from module.bidding_parts(masks, first_number, info, bidding)
    else:
        yield dumps_bidding(fmt, masks, first_number, info, bidding, encoded=True)


def _lin_rewrites(boards: Sequence[Board]) -> list[str]:
    """What LIN writes differently: ``|`` ends a LIN value and has no escape, so a ``|`` in an
    explanation or a player's name is written ``/`` (and a ``,`` in a name, which separates the
    names, a space); the user is told, as for the other losses."""
    from bridgegui.engine.errors import BridgeError

    notes = names = 0
    for board in boards:
        if any("|" in (board.tag(seat) or "") or "," in (board.tag(seat) or "") for seat in _LIN_SEATS):
            names += 1
        if board.tag("Auction") is None:
            continue
        try:
            auction = board.auction
        except BridgeError:  # an illegal auction: dumps refuses it and says why
            continue
        if auction is not None and any(note is not None and "|" in note for note in auction.notes):
            notes += 1
    lost = []
    if notes:
        lost.append(f"the '|' in the call explanations of {_boards(notes)} (LIN cannot hold it: written '/')")
    if names:
        lost.append(f"the '|' or ',' in the player names of {_boards(names)} (LIN cannot hold them)")
    return lost


# --------------------------------------------------------------------------------------------------
# Writing batch by batch (memory for one batch, whatever the set's size)


@dataclass
class StreamWriter:
    """Writes one set batch by batch: ``begin(info)``, then ``write_batch(masks, first_number, info)``
    for each ``(n, 4)`` uint64 batch (rows N, E, S, W), then ``end(info)``; each returns the text or
    bytes to append to the file.  Get one from ``stream_writer``; use it for one set only (it remembers
    whether boards came before, and a whole-file format's boards).

    A streaming format's own ``begin``/``write_batch``/``end`` do the work (they are its ``dumps``'s
    layout filled from the arrays); a whole-file format (DUP, DLM) keeps the boards and writes the
    file at ``end``."""

    fmt: BoardFormat
    _started: bool = field(default=False, repr=False)
    _kept: list[Board] = field(default_factory=list, repr=False)

    def _native(self) -> ModuleType | None:
        module = _module(self.fmt)
        return module if self.fmt.streams and hasattr(module, "write_batch") else None

    def begin(self, info: SetInfo) -> str | bytes:
        native = self._native()
        if native is not None:
            return native.begin(info)  # type: ignore[no-any-return]
        return b"" if self.fmt.binary else ""

    def write_batch(self, masks: np.ndarray, first_number: int, info: SetInfo) -> str | bytes:
        native = self._native()
        if native is not None:
            if self.fmt.name == "text":  # the blank line between boards depends on what came before, not the number
                started, self._started = self._started, self._started or len(masks) > 0
                return native.write_batch(masks, first_number, info, continued=started)  # type: ignore[no-any-return]
            return native.write_batch(masks, first_number, info)  # type: ignore[no-any-return]
        from bridgegui.engine.boards import boards_from_batch

        boards = boards_from_batch(masks, first_number)
        if info.dealer is not None or info.vulnerable is not None:
            boards = [b.replace(dealer=info.dealer, vulnerable=info.vulnerable) for b in boards]
        self._kept.extend(boards)
        limit = self.fmt.max_boards
        if limit is not None and len(self._kept) > limit:  # fail at once, not after dealing the rest
            from bridgegui.formats.errors import TooManyBoardsError

            raise TooManyBoardsError(f"a {self.fmt.name.upper()} file holds at most {limit} boards")
        return b"" if self.fmt.binary else ""

    def end(self, info: SetInfo) -> str | bytes:
        native = self._native()
        if native is not None:
            return native.end(info)  # type: ignore[no-any-return]
        return dumps(self.fmt, self._kept, info)


def stream_writer(fmt: str | BoardFormat) -> StreamWriter:
    """A fresh writer for one set in ``fmt`` (see ``StreamWriter``)."""
    return StreamWriter(by_name(fmt))
