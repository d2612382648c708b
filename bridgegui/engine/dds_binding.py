"""DDS (Bo Haglund and Soren Hein's double-dummy solver) through the library endplay bundles, without endplay's start-up.

Why not simply ``import endplay.dds``: endplay's package start-up imports its whole toolkit, and its
dealer's output actions import matplotlib.  That is about 0.4 s of the 0.5 s an ``import endplay``
costs on a 2-core machine, spent before a single deal is solved: a tenth of ``bridgegui-deal -p 40
--dd`` and the wait before the window's first double-dummy table.

endplay's ``_dds`` module is its ctypes description of DDS's structures and functions (DDS's
``dll.h``) and imports only the standard library, so it is loaded here on its own, from endplay's
installed folder, under its own name ``endplay._dds``: a later ``import endplay`` (a user's script, a
test) finds it already loaded and reuses it, so the library and its error type exist once.

The arrays go in and out of DDS's structures with ``ctypes.memmove`` from numpy buffers: a hand's
holding in a suit is the 13-bit field of its mask shifted up by two (DDS counts the deuce as bit 2).
"""

from __future__ import annotations

import ctypes
import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import numpy as np

MODULE_NAME = "endplay._dds"
"""The name endplay gives its DDS module; loading it under that name lets endplay's own import reuse it."""

_DEAL_INTS = 24
"""DDS's ``deal``: trump, first, currentTrickSuit[3], currentTrickRank[3], remainCards[4][4]."""
_FUTURE_TRICKS_INTS = 54
"""DDS's ``futureTricks``: nodes, cards, suit[13], rank[13], equals[13], score[13]."""
_FIRST_SCORE = 2 + 3 * 13
"""Offset of ``score[0]`` in ``futureTricks``: the tricks of the best card for the side on lead."""

CONTRACT_STRAIN_ROWS = (4, 0, 1, 2, 3)
"""DDS's par ``contractType.denom`` (NT S H D C) -> the row of a table (S H D C NT)."""


class BindingUnavailableError(ImportError):
    """endplay, or the DDS library in it, cannot be found or loaded."""


def _endplay_folder() -> Path | None:
    spec = importlib.util.find_spec("endplay")  # finds the package without running its start-up
    if spec is None or not spec.submodule_search_locations:
        return None
    return Path(next(iter(spec.submodule_search_locations)))


def binding() -> ModuleType:
    """endplay's ``_dds`` module, loaded once (from ``sys.modules`` when endplay already loaded it).

    Raises ``BindingUnavailableError`` when endplay is not installed or its DDS library fails to load.
    """
    loaded = sys.modules.get(MODULE_NAME)
    if loaded is not None:
        return loaded
    folder = _endplay_folder()
    if folder is None:
        raise BindingUnavailableError("No module named 'endplay'")
    source = folder / "_dds" / "__init__.py"
    if not source.is_file():  # endplay without its sources on disk (a frozen build): the plain import
        try:
            return importlib.import_module(MODULE_NAME)
        except Exception as exc:
            raise BindingUnavailableError(f"the DDS library in endplay does not load: {exc}") from exc
    spec = importlib.util.spec_from_file_location(MODULE_NAME, source)
    if spec is None or spec.loader is None:
        raise BindingUnavailableError(f"cannot load {source}")
    module = importlib.util.module_from_spec(spec)
    sys.modules[MODULE_NAME] = module
    try:
        spec.loader.exec_module(module)
        _check_layout(module)
    except Exception as exc:  # a library that fails to load, or a layout this code does not know
        sys.modules.pop(MODULE_NAME, None)
        raise BindingUnavailableError(f"the DDS library in endplay does not load: {exc}") from exc
    return module


def _check_layout(dds: ModuleType) -> None:
    """Refuse a DDS build whose structures are not the ones the buffers below are laid out for."""
    int_size = ctypes.sizeof(ctypes.c_int)
    expected = {
        "deal": _DEAL_INTS * int_size,
        "futureTricks": _FUTURE_TRICKS_INTS * int_size,
        "ddTableDeal": 16 * int_size,
        "ddTableResults": 20 * int_size,
    }
    for name, size in expected.items():
        if ctypes.sizeof(getattr(dds, name)) != size or int_size != 4:
            raise BindingUnavailableError(f"DDS's {name} is not laid out as expected")


def holdings(rows: np.ndarray) -> np.ndarray:
    """``(n, 4, 4)`` uint32 DDS holdings (hand N E S W, suit S H D C, bit 2 the deuce) of ``(n, 4)`` hand masks."""
    masks = np.asarray(rows, dtype=np.uint64).reshape(-1, 4)
    shifts = np.arange(4, dtype=np.uint64) * np.uint64(16)
    fields = (masks[:, :, None] >> shifts) & np.uint64(0x1FFF)
    return np.ascontiguousarray((fields << np.uint64(2)).astype(np.uint32))


def _fits(count: int, capacity: int, what: str) -> None:
    """Refuse more items than DDS's fixed array holds: the buffers are copied in with ``memmove``."""
    if count > capacity:
        raise ValueError(f"DDS takes at most {capacity} {what} in one call, not {count}")


def calc_all_tables(dds: ModuleType, rows: np.ndarray, trump_filter: tuple[bool, ...] = (False,) * 5) -> np.ndarray:
    """``(n, 5, 4)`` tricks (strain S H D C NT, declarer N E S W) in one ``CalcAllTables`` call; strains
    filtered out come back as 0.  DDS takes ``MAXNOOFTABLES`` deals with every strain, and five times
    as many strain tables in all.  The caller holds the solver lock."""
    cards = holdings(rows)
    count = cards.shape[0]
    solved = max(1, sum(not f for f in trump_filter))
    _fits(count * solved, dds.MAXNOOFTABLES * 5, "strain tables")
    deals = dds.ddTableDeals()
    deals.noOfTables = count
    ctypes.memmove(ctypes.addressof(deals.ddTableDeal), cards.ctypes.data, cards.nbytes)
    results, pars = dds.ddTablesRes(), dds.allParResults()
    dds.CalcAllTables(deals, -1, [int(f) for f in trump_filter], results, pars)
    out = np.empty((count, 5, 4), dtype=np.intc)
    ctypes.memmove(out.ctypes.data, ctypes.addressof(results.results), out.nbytes)
    return out


def solve_leads(dds: ModuleType, rows: np.ndarray, trumps: np.ndarray, leaders: np.ndarray) -> np.ndarray:
    """``(n,)`` tricks the side on lead takes with its best card, for at most ``MAXNOOFBOARDS`` boards in
    one ``SolveAllBoardsBin`` call (only the best card's score asked: DDS's target -1, one solution)."""
    count = int(np.asarray(rows).reshape(-1, 4).shape[0])
    _fits(count, dds.MAXNOOFBOARDS, "boards")
    packed = np.zeros((count, _DEAL_INTS), dtype=np.intc)
    packed[:, 0] = trumps
    packed[:, 1] = leaders
    packed[:, 8:] = holdings(rows).reshape(count, 16).view(np.intc)
    boards = dds.boards()
    boards.noOfBoards = count
    ctypes.memmove(ctypes.addressof(boards.deals), packed.ctypes.data, packed.nbytes)
    for field, value in (("target", -1), ("solutions", 1), ("mode", 1)):
        column = np.full(count, value, dtype=np.intc)
        ctypes.memmove(ctypes.addressof(getattr(boards, field)), column.ctypes.data, column.nbytes)
    solved = dds.solvedBoards()
    dds.SolveAllBoardsBin(boards, solved)
    futures = np.empty((count, _FUTURE_TRICKS_INTS), dtype=np.intc)
    ctypes.memmove(futures.ctypes.data, ctypes.addressof(solved.solvedBoard), futures.nbytes)
    return futures[:, _FIRST_SCORE].copy()


def dealer_par(
    dds: ModuleType, table: np.ndarray, dealer: int, vulnerability: int
) -> tuple[int, list[tuple[int, int, int, int]]]:
    """DDS's ``DealerParBin`` on a ``(5, 4)`` table: the score for North-South and each par contract as
    ``(level, table row of its strain, declarer 0..3, result)``, a side's two declarers listed apiece.

    ``vulnerability`` is DDS's code (0 none, 1 both, 2 NS, 3 EW).  The caller holds the solver lock.
    """
    raw = dds.ddTableResults()
    tricks = np.ascontiguousarray(np.asarray(table, dtype=np.intc).reshape(5, 4))
    ctypes.memmove(ctypes.addressof(raw.resTable), tricks.ctypes.data, tricks.nbytes)
    par = dds.parResultsMaster()
    dds.DealerParBin(raw, par, dealer, vulnerability)
    contracts: list[tuple[int, int, int, int]] = []
    for i in range(par.number):
        c = par.contracts[i]
        result = -c.underTricks if c.underTricks else c.overTricks
        declarers = {4: (0, 2), 5: (1, 3)}.get(c.seats, (c.seats,))
        contracts.extend((c.level, CONTRACT_STRAIN_ROWS[c.denom], seat, result) for seat in declarers)
    return int(par.score), contracts
