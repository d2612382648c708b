"""Optional double-dummy analysis through endplay (which bundles Bo Haglund's DDS): tricks table and par.

endplay is an optional dependency (the ``dd`` extra; ``enable_hint()`` gives the right pip command).  Its
DDS library is loaded lazily, inside the functions below, never when the engine package is imported,
so everything else works without it; it is called directly (``dds_binding``), without endplay's
package start-up, which costs more than the solve of a few deals.
``available()`` says whether it can be used and ``unavailable_message()`` says how to enable it;
the other functions raise ``DoubleDummyUnavailableError`` (with that message) when it is missing.

Solving one deal takes from a tenth of a second to a second or more, so the GUI calls these
functions from a worker, never on the GUI thread.  DDS keeps global solver state, so calls are
serialised by a lock: safe from any thread, one solve at a time.

PBN tags as programs in the wild write them (checked against BridgeComposer's and endplay's files in
../shared/pbn-samples, e.g. ``[DoubleDummyTricks "746b5747b55862758627"]`` for a deal whose
``OptimumResultTable`` gives North NT 7, ♠ 4, ♥ 6, ♦ 11, ♣ 5):

* ``DoubleDummyTricks``: 20 lower-case hex digits, declarers in the order **N, S, E, W**, and for each
  declarer the strains **NT, S, H, D, C** (``DD_TAG_SEATS`` and ``DD_TAG_STRAINS``).
* ``OptimumScore``: the par score as BridgeComposer writes it, from the side that declares the par
  contract: ``"NS 420"``, ``"EW 430"``, ``"NS -200"`` (an NS sacrifice), ``"NS 0"`` when par is a
  pass-out.
"""

from __future__ import annotations

import contextlib
import functools
import importlib.metadata
import itertools
import json
import threading
import urllib.parse
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from bridgegui.engine.cards import SEATS, Deal
from bridgegui.engine.errors import BridgeError

if TYPE_CHECKING:  # pragma: no cover
    from bridgegui.engine.boards import Board

STRAINS = ("S", "H", "D", "C", "NT")
"""Row order of ``DDTable.tricks`` (endplay's and DDS's denomination order); columns are N, E, S, W."""

DD_TAG_SEATS = "NSEW"
DD_TAG_STRAINS = ("NT", "S", "H", "D", "C")

ENABLE_TEXT = "Double-dummy analysis needs the optional package endplay: install it with  {command}"
"""What the DD panel and the command line say when endplay is missing (``enable_hint`` fills in the command)."""

_VULNERABILITY_CODES = {"None": 0, "All": 1, "NS": 2, "EW": 3}
"""bridgegui's vulnerability names -> endplay's ``Vul`` values (none, both, ns, ew)."""

_SOLVER_LOCK = threading.Lock()
"""DDS keeps global solver state; one call at a time, whichever thread makes it (GUI worker or script)."""


class DoubleDummyUnavailableError(BridgeError):
    """endplay is not installed (or failed to load): the message says how to enable the analysis."""


def install_command(direct_url: str | None = None, cwd: Path | None = None) -> str:
    """The pip command that adds the ``dd`` extra to this copy of bridgegui, for how it was installed.

    One answer for the window and the command line (when each had its own, they disagreed).  pip records
    how a package was installed in its ``direct_url.json`` (PEP 610): an editable install of a folder
    (``pip install -e .``) gets ``pip install -e 'FOLDER[dd]'``, an install from a folder gets ``pip
    install 'FOLDER[dd]'`` (``.`` when the folder is the current one), and an install from an index has
    no such file and gets ``pip install 'bridgegui[dd]'``.  Running from a source checkout without any
    install counts as editable.  ``direct_url`` and ``cwd`` are for tests (default: this install's).
    """
    if direct_url is None:
        direct_url = _direct_url()
    info: dict[str, Any] = {}
    if direct_url:
        with contextlib.suppress(ValueError):
            loaded = json.loads(direct_url)
            info = loaded if isinstance(loaded, dict) else {}
    url = str(info.get("url", ""))
    folder: Path | None = None
    editable = False
    if url.startswith("file://"):
        folder = Path(urllib.parse.unquote(urllib.parse.urlparse(url).path))
        dir_info = info.get("dir_info")
        editable = isinstance(dir_info, dict) and bool(dir_info.get("editable"))
    elif not info:
        folder = _checkout()
        editable = folder is not None
    if folder is None:
        return "pip install 'bridgegui[dd]'"
    here = Path.cwd() if cwd is None else cwd
    shown = "." if folder.resolve() == here.resolve() else str(folder)
    return f"pip install {'-e ' if editable else ''}'{shown}[dd]'"


def _installed_distribution() -> importlib.metadata.Distribution | None:
    """bridgegui's installed metadata (the one that holds this very package), if any."""
    package = Path(__file__).resolve().parents[1]
    for dist in importlib.metadata.distributions(name="bridgegui"):
        if dist.read_text("direct_url.json"):
            return dist
        files = dist.files or []
        if any(Path(str(dist.locate_file(f))).resolve().parent == package for f in files[:50]):
            return dist
    return None


def _direct_url() -> str | None:
    dist = _installed_distribution()
    return dist.read_text("direct_url.json") if dist is not None else None


def _checkout() -> Path | None:
    """The source checkout this package runs from (a folder with ``pyproject.toml`` beside the package), if any."""
    folder = Path(__file__).resolve().parents[2]
    return folder if (folder / "pyproject.toml").is_file() and (folder / "bridgegui").is_dir() else None


@functools.cache
def enable_hint() -> str:
    """The one message saying how to enable double-dummy analysis (``install_command`` inside)."""
    return ENABLE_TEXT.format(command=install_command())


def __getattr__(name: str) -> str:
    # ENABLE_HINT was a constant; it is computed on first use now (reading pip's record costs a few ms).
    if name == "ENABLE_HINT":
        return enable_hint()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _dds() -> Any:
    """The DDS binding (``dds_binding``), or raise ``DoubleDummyUnavailableError`` saying how to get it."""
    from bridgegui.engine import dds_binding

    try:
        return dds_binding.binding()
    except ImportError as exc:  # a missing package, or a DDS library that failed to load
        raise DoubleDummyUnavailableError(f"{enable_hint()} ({exc})") from None


def available() -> bool:
    """True when endplay's DDS library loads, so ``dd_table`` and ``par`` will work."""
    try:
        _dds()
    except DoubleDummyUnavailableError:
        return False
    return True


def installed() -> bool:
    """True when endplay is installed, found without loading it (loading DDS starts its threads and
    takes a tenth of a second: a window asks this on its GUI thread and leaves the loading to the
    worker that analyses)."""
    import importlib.util

    return importlib.util.find_spec("endplay") is not None


def unavailable_message() -> str | None:
    """``None`` when double-dummy analysis works, else the text telling the user how to enable it."""
    try:
        _dds()
    except DoubleDummyUnavailableError as exc:
        return str(exc)
    return None


def strain_index(strain: str) -> int:
    """Row of ``strain`` (``"S" "H" "D" "C" "NT"``, any case; ``"N"`` also means notrump) in ``STRAINS``."""
    s = strain.strip().upper()
    if s in ("N", "NT", "NOTRUMP", "NOTRUMPS"):
        return 4
    if s in STRAINS[:4]:
        return STRAINS.index(s)
    raise BridgeError(f"{strain!r} is not a strain: use S, H, D, C or NT")


def _four(row: Sequence[int]) -> tuple[int, int, int, int]:
    a, b, c, d = (int(x) for x in row)
    return (a, b, c, d)


@dataclass(frozen=True, slots=True)
class DDTable:
    """Double-dummy tricks for each strain (rows ``STRAINS``: S H D C NT) and declarer (columns N E S W)."""

    tricks: tuple[tuple[int, int, int, int], ...]

    def __post_init__(self) -> None:
        if len(self.tricks) != 5 or any(len(row) != 4 for row in self.tricks):
            raise BridgeError("a double-dummy table has 5 strains x 4 declarers")
        if any(not 0 <= t <= 13 for row in self.tricks for t in row):
            raise BridgeError("double-dummy tricks are between 0 and 13")

    def get(self, declarer: str | int, strain: str) -> int:
        """Tricks for ``declarer`` (``"N"`` or 0..3) playing in ``strain``."""
        seat = SEATS.index(declarer.upper()) if isinstance(declarer, str) else declarer
        return self.tricks[strain_index(strain)][seat]

    def as_array(self) -> np.ndarray:
        """A read-only ``(5, 4)`` int8 copy (rows S H D C NT, columns N E S W)."""
        a = np.array(self.tricks, dtype=np.int8)
        a.flags.writeable = False
        return a

    def to_pbn_tag(self) -> str:
        """The ``DoubleDummyTricks`` value: 20 hex digits, declarers N S E W, each NT S H D C."""
        return "".join(f"{self.get(seat, strain):x}" for seat in DD_TAG_SEATS for strain in DD_TAG_STRAINS)

    @classmethod
    def from_pbn_tag(cls, text: str) -> DDTable:
        """Read a ``DoubleDummyTricks`` value (either case of hex digits)."""
        t = text.strip()
        if len(t) != 20 or any(c not in "0123456789abcdefABCDEF" for c in t):
            raise BridgeError(f"DoubleDummyTricks needs 20 hex digits (N S E W, each NT S H D C), not {text!r}")
        rows = [[0] * 4 for _ in range(5)]
        for i, c in enumerate(t):
            seat, strain = divmod(i, 5)
            rows[strain_index(DD_TAG_STRAINS[strain])][SEATS.index(DD_TAG_SEATS[seat])] = int(c, 16)
        return cls(tuple(_four(r) for r in rows))

    def optimum_result_table(self) -> list[str]:
        """The lines of BridgeComposer's ``OptimumResultTable`` section (``"N NT  7"``), declarers N S E W.

        The tag value that goes with them is ``OPTIMUM_RESULT_TABLE_HEADER``.
        """
        lines = []
        for seat in DD_TAG_SEATS:
            for strain in DD_TAG_STRAINS:
                lines.append(f"{seat} {strain:>2} {self.get(seat, strain):>2}")
        return lines


OPTIMUM_RESULT_TABLE_HEADER = "Declarer;Denomination\\2R;Result\\2R"


@dataclass(frozen=True, slots=True)
class Par:
    """The par result: ``score`` for North-South (negative when East-West gain) and the par contracts.

    ``contracts`` are texts like ``"4S N"``, ``"5Hx S -1"`` (level, strain, ``x`` when doubled,
    declarer, and the over- or undertricks when not 0).
    """

    score: int
    contracts: tuple[str, ...]

    @property
    def side(self) -> str:
        """``"NS"`` or ``"EW"``: the side that declares the par contract (``"NS"`` for a pass-out)."""
        if self.contracts:
            seat = self.contracts[0].split()[1]
            return "NS" if seat in "NS" else "EW"
        return "NS" if self.score >= 0 else "EW"

    def to_pbn_tag(self) -> str:
        """The ``OptimumScore`` value as BridgeComposer writes it: ``"NS 420"``, ``"EW 430"``, ``"NS -200"``."""
        side = self.side
        return f"{side} {self.score if side == 'NS' else -self.score}"


def _table(tricks: np.ndarray) -> DDTable:
    return DDTable(tuple(_four(row) for row in np.asarray(tricks).tolist()))


def dd_table(deal: Deal) -> DDTable:
    """The double-dummy tricks of a full deal for all 5 strains and 4 declarers (about 0.1-1 s).

    Raises ``DoubleDummyUnavailableError`` without endplay.  Call it from a worker thread.
    """
    deal.require_complete()
    return dd_tables(np.array([deal.hands], dtype=np.uint64))[0]


def par(deal: Deal | DDTable, dealer: str, vulnerability: str) -> Par:
    """Par score and contracts for a deal (or its already computed ``DDTable``, which saves the solve).

    ``dealer`` is ``"N" "E" "S" "W"``; ``vulnerability`` is ``"None" "NS" "EW" "All"`` (as ``Board``
    keeps them).  Raises ``DoubleDummyUnavailableError`` without endplay.
    """
    from bridgegui.engine.dds_binding import dealer_par

    dds = _dds()
    if vulnerability not in _VULNERABILITY_CODES:
        raise BridgeError(f"{vulnerability!r} is not a vulnerability: use None, NS, EW or All")
    seat = dealer.strip().upper()[:1]
    if not seat or seat not in SEATS:
        raise BridgeError(f"{dealer!r} is not a seat: use N, E, S or W")
    table = deal if isinstance(deal, DDTable) else dd_table(deal)
    with _SOLVER_LOCK:
        score, found = dealer_par(dds, np.array(table.tricks), SEATS.index(seat), _VULNERABILITY_CODES[vulnerability])
    contracts = []
    for level, row, declarer, result in found:
        text = f"{level}{STRAINS[row]}{'x' if result < 0 else ''} {SEATS[declarer]}"
        contracts.append(f"{text} {result:+d}" if result else text)
    return Par(score, tuple(contracts))


def board_tags(board: Board, table: DDTable | None = None) -> dict[str, str]:
    """``{"DoubleDummyTricks": …, "OptimumScore": …}`` for a board with a full deal (for ``Board.with_tags``).

    The par needs the board's dealer and vulnerability; without them only ``DoubleDummyTricks`` is given.
    """
    if board.deal is None:
        raise BridgeError("this board has no deal to analyse")
    t = table if table is not None else dd_table(board.deal)
    tags = {"DoubleDummyTricks": t.to_pbn_tag()}
    dealer, vul = board.effective_dealer, board.effective_vulnerable
    if dealer is not None and vul is not None:
        tags["OptimumScore"] = par(t, dealer, vul).to_pbn_tag()
    return tags


def strain_tricks(batch: np.ndarray, strain: str | int) -> np.ndarray:
    """Double-dummy tricks of every declarer (N E S W) in one strain, for a ``(n, 4)`` batch of deals.

    Solving one strain costs about a fifth of a full table, which is what the development scripts
    (``scripts/fit_tricks.py``) need: the tricks of the side declaring its fit.  Returns ``(n, 4)`` int8.
    """
    from bridgegui.engine.dds_binding import calc_all_tables

    dds = _dds()
    s = strain if isinstance(strain, int) else strain_index(strain)
    rows = np.asarray(batch, dtype=np.uint64).reshape(-1, 4)
    out = np.zeros((rows.shape[0], 4), dtype=np.int8)
    per_call = TABLES_PER_CALL * 5  # DDS takes five times as many tables of one strain as full tables
    for lo in range(0, rows.shape[0], per_call):
        with _SOLVER_LOCK:
            out[lo : lo + per_call] = calc_all_tables(dds, rows[lo : lo + per_call], _filter_all_but({s}))[:, s]
    return out


def _filter_all_but(strains: set[int]) -> tuple[bool, ...]:
    """DDS's trump filter (``True`` = not solved) that solves only ``strains`` (rows of ``STRAINS``)."""
    return tuple(k not in strains for k in range(5))


BOARDS_PER_CALL = 200
"""Boards per ``solve_all_boards`` call: DDS's ``MAXNOOFBOARDS``."""

TABLES_PER_CALL = 40
"""Deals per ``calc_all_tables`` call at most: DDS's ``MAXNOOFTABLES``, the most full tables it takes at once."""


def _even_chunks(count: int, most: int) -> list[tuple[int, int]]:
    """``(start, stop)`` of the fewest chunks of at most ``most`` that cover ``count`` items, sized alike.

    DDS shares a call's tables among its threads, so 40 deals are one call of 40, not 32 and then
    8 with one core idle, and 50 are two of 25.
    """
    if count <= 0:
        return []
    chunks = -(-count // most)
    bounds = [count * k // chunks for k in range(chunks + 1)]
    return list(itertools.pairwise(bounds))


def dd_tables(batch: np.ndarray) -> list[DDTable]:
    """The full double-dummy tables of a ``(n, 4)`` batch, solved in batches (DDS's ``CalcAllTables``).

    DDS spreads a batch over every core with its own threads; solving a deal at a time gives it one
    table to split, so batches are how ``--dd`` uses the whole machine.
    """
    from bridgegui.engine.dds_binding import calc_all_tables

    dds = _dds()
    rows = np.asarray(batch, dtype=np.uint64).reshape(-1, 4)
    tables: list[DDTable] = []
    for lo, hi in _even_chunks(rows.shape[0], TABLES_PER_CALL):
        with _SOLVER_LOCK:
            tricks = calc_all_tables(dds, rows[lo:hi])
        tables.extend(_table(t) for t in tricks)
    return tables


def contract_tricks(
    batch: np.ndarray, strains: np.ndarray, declarers: np.ndarray, method: str = "boards"
) -> np.ndarray:
    """Double-dummy tricks of ``declarers[i]`` (0..3, N E S W) playing in ``strains[i]`` (rows of ``STRAINS``:
    0 spades ... 4 notrump) on deal ``batch[i]``; ``(n,)`` int8.

    Only what is asked is solved.  ``method="boards"`` (the default) solves each (deal, strain,
    declarer) once, with the declarer's left-hand opponent on lead, through DDS's ``SolveAllBoards``
    asking only for the best lead's trick count: about a quarter of the cost of one strain of a
    table, since a table's strain solves all four declarers.  ``method="tables"`` solves each deal's
    needed strains through ``CalcAllTables`` with the other strains filtered out (faster when a deal
    needs most declarers of a strain).  Both run in batches over every core.
    """
    from bridgegui.engine.dds_binding import solve_leads

    dds = _dds()
    rows = np.asarray(batch, dtype=np.uint64).reshape(-1, 4)
    strains = np.asarray(strains, dtype=np.int64).reshape(-1)
    declarers = np.asarray(declarers, dtype=np.int64).reshape(-1)
    if not rows.shape[0] == strains.shape[0] == declarers.shape[0]:
        raise BridgeError("contract_tricks needs one strain and one declarer per deal")
    out = np.zeros(rows.shape[0], dtype=np.int8)
    if rows.shape[0] == 0:
        return out
    if method == "tables":
        return _tricks_by_tables(rows, strains, declarers, dds)
    if method != "boards":
        raise BridgeError(f"{method!r} is not a solving method: use boards or tables")
    leaders = (declarers + 1) % 4  # the declarer's left-hand opponent leads
    for lo in range(0, rows.shape[0], BOARDS_PER_CALL):
        hi = lo + BOARDS_PER_CALL
        with _SOLVER_LOCK:
            defence = solve_leads(dds, rows[lo:hi], strains[lo:hi], leaders[lo:hi])
        out[lo:hi] = 13 - defence
    return out


def _tricks_by_tables(rows: np.ndarray, strains: np.ndarray, declarers: np.ndarray, dds: Any) -> np.ndarray:
    """``contract_tricks`` through ``CalcAllTables``: the deals grouped by the set of strains they need."""
    from bridgegui.engine.dds_binding import calc_all_tables

    out = np.zeros(rows.shape[0], dtype=np.int8)
    unique, inverse = np.unique(rows, axis=0, return_inverse=True)
    inverse = inverse.reshape(-1)
    needed = np.zeros(unique.shape[0], dtype=np.int64)
    np.bitwise_or.at(needed, inverse, 1 << strains)
    tables = np.zeros((unique.shape[0], 5, 4), dtype=np.int8)
    for strain_set in np.unique(needed).tolist():
        members = np.flatnonzero(needed == strain_set)
        wanted = {s for s in range(5) if strain_set >> s & 1}
        per_call = TABLES_PER_CALL * 5 // len(wanted)
        for lo in range(0, members.size, per_call):
            part = members[lo : lo + per_call]
            with _SOLVER_LOCK:
                tables[part] = calc_all_tables(dds, unique[part], _filter_all_but(wanted))
    out[:] = tables[inverse, strains, declarers]
    return out
