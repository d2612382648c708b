"""Proving a request impossible before dealing: cross-seat contradictions and what each seat implies.

Why.  A request whose seats are each possible can still be impossible as a whole: North and South
with no spades and an 8-card spade fit, "NS 0 HCP" with a North that must hold a quick trick, North
with 12 controls and South with one more than the deck holds.  Rejection would search for minutes
before giving up (a user's spade-fit request searched for 664 s); these checks refuse such a request at once,
with the reason, as a typed ``Problem`` the window shows at the field.

What is proved, and why it is sound.  Each seat's hand is summarised by an interval for each of six
quantities: its HCP, its controls (ace 2, king 1) and its four suit lengths.  The interval is an
*outer* bound of the values the seat's own constraint allows:

* lengths: the least and greatest length of the suit over the shapes the seat allows, narrowed by
  the cards of the suit it must hold (predealt) and those it cannot (predealt elsewhere);
* HCP and controls: for each measure the seat restricts (quick tricks, losers, playing tricks,
  controls, total or dummy points, HCP itself), the least and greatest HCP (or controls) of a hand
  that meets *that* measure's range, its allowed suit lengths, its predealt cards and its one-suit
  terms (quality, stoppers).  Every measure is a sum over suits of an 8,192-entry per-holding table
  (``tables.py``), so this is a small dynamic programme over the four suits on (cards so far,
  measure so far), keeping the extreme HCP of each state.  Dropping the other measures only widens
  the interval, and the intersection of outer bounds is an outer bound: the least HCP of a hand
  with ``qt 1+`` comes out as 4 (an ace), of ``controls 12`` as 28 (four aces, four kings).

Across seats the terms are linear: the deck holds exactly 40 HCP, 12 controls and 13 cards of a
suit; a hand holds 13 cards; a side's combined HCP lies in its range; a fit needs the two lengths
to add up to its minimum.  Bounds are propagated through these sums until nothing changes (interval
propagation: each variable is narrowed to what the others leave room for).  An interval that empties
proves the request impossible, because every narrowing step keeps every possible deal.  What these
checks cannot prove is left to the dealer, whose effort is bounded (``planner.deal_stream``'s
``max_tries`` and ``max_seconds``); they never refuse a possible request (the tests deal real deals,
build requests from them, and check that none is refused).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from bridgegui.engine import tables
from bridgegui.engine.cards import FULL_DECK_MASK, SEAT_NAMES, SUIT_NAMES, suit_holding
from bridgegui.engine.dealer.constraints import DealRequest, Range, SeatConstraint
from bridgegui.engine.errors import Problem

HCP, CONTROLS = "hcp", "controls"
QUANTITIES = (HCP, CONTROLS, *SUIT_NAMES)
"""The quantities bounded per seat: ``"hcp"``, ``"controls"`` and the four suit names (lengths)."""

DECK_TOTALS = {HCP: 40, CONTROLS: 12, **dict.fromkeys(SUIT_NAMES, 13)}
"""What the four hands hold together, exactly: 40 HCP, 12 controls (4 aces x 2 + 4 kings), 13 cards a suit."""

_TARGET_TABLES = {HCP: "HCP", CONTROLS: "CONTROLS"}
_MEASURE_WORDS = {
    "HCP": "hcp",
    "CONTROLS": "controls",
    "QUICK_TRICKS_HALVES": "qt",
    "LOSERS": "ltc",
    "PLAYING_TRICKS": "tricks",
    "TOTAL_POINTS": "points",
}
_UNITS = {HCP: "HCP", CONTROLS: "controls", **{name: name for name in SUIT_NAMES}}
_INF = 1 << 20


@dataclass(frozen=True)
class Bound:
    """An interval ``lo..hi`` of one seat's quantity, and the term that set each end (for messages)."""

    lo: int
    hi: int
    lo_because: str = ""
    hi_because: str = ""


SeatBounds = dict[str, Bound]


def _suit_holdings(constraint: SeatConstraint, available: int, suit: int, lengths: set[int]) -> np.ndarray:
    """The holdings of ``suit`` this seat may have: from the available cards, with its predealt ones,
    of an allowed length, and meeting its one-suit terms (quality, stoppers)."""
    h = np.arange(tables.N_HOLDINGS, dtype=np.int64)
    avail = suit_holding(available | constraint.cards, suit)
    required = suit_holding(constraint.cards, suit)
    ok = ((h & ~avail & 0x1FFF) == 0) & ((h & required) == required)
    ok &= np.isin(tables.LENGTH[h], sorted(lengths))
    for name, r in constraint.measures().items():
        if tables.single_suit(name) == suit:
            ok &= r.contains(tables.suit_tables(name)[suit][h])
    return h[ok]


def _cell_extremes(cells: np.ndarray, values: np.ndarray, shape: tuple[int, int]) -> tuple[np.ndarray, np.ndarray]:
    """The least and the greatest of ``values`` in each cell (flat index into ``shape``), ``±_INF`` in
    empty cells: one sort by (cell, value), each cell's first and last entry.  (``np.minimum.at`` does
    the same a value at a time; it was a third of planning a two-seat request, every run.)"""
    lo = np.full(shape, _INF, dtype=np.int64)
    hi = np.full(shape, -_INF, dtype=np.int64)
    if cells.size:
        order = np.lexsort((values, cells))
        cells, values = cells[order], values[order]
        starts = np.flatnonzero(np.diff(cells, prepend=-1))
        ends = np.append(starts[1:], cells.size) - 1
        lo.flat[cells[starts]] = values[starts]
        hi.flat[cells[ends]] = values[ends]
    return lo, hi


def _extremes(holdings: list[np.ndarray], target: str, measure: str | None, r: Range | None) -> tuple[int, int] | None:
    """Least and greatest of table ``target`` over 13-card hands built from ``holdings`` (one array per
    suit) whose ``measure`` lies in ``r``: a dynamic programme over the suits on (cards, measure sum).

    None when no hand qualifies.
    """
    width = 1
    state_lo = np.full((14, 1), _INF, dtype=np.int64)
    state_hi = np.full((14, 1), -_INF, dtype=np.int64)
    state_lo[0, 0] = state_hi[0, 0] = 0
    for suit, h in enumerate(holdings):
        if h.size == 0:
            return None
        length = tables.LENGTH[h].astype(np.int64)
        value = tables.suit_tables(measure)[suit][h].astype(np.int64) if measure else np.zeros_like(length)
        t = tables.suit_tables(target)[suit][h].astype(np.int64)
        v_width = int(value.max()) + 1
        class_lo, class_hi = _cell_extremes(length * v_width + value, t, (14, v_width))
        new_width = width + v_width - 1
        new_lo = np.full((14, new_width), _INF, dtype=np.int64)
        new_hi = np.full((14, new_width), -_INF, dtype=np.int64)
        for n, v in zip(*np.nonzero(class_lo < _INF), strict=True):
            sl = (slice(n, 14), slice(v, v + width))
            np.minimum(new_lo[sl], state_lo[: 14 - n] + class_lo[n, v], out=new_lo[sl])
            np.maximum(new_hi[sl], state_hi[: 14 - n] + class_hi[n, v], out=new_hi[sl])
        state_lo, state_hi, width = new_lo, new_hi, new_width
    lo_row, hi_row = state_lo[13], state_hi[13]
    keep = np.ones(width, dtype=bool)
    if r is not None:
        keep = r.contains(np.arange(width))
    keep &= lo_row < _INF // 2
    if not keep.any():
        return None
    return int(lo_row[keep].min()), int(hi_row[keep].max())


@lru_cache(maxsize=256)
def seat_bounds(constraint: SeatConstraint, available: int = FULL_DECK_MASK) -> SeatBounds | None:
    """Outer bounds of one seat's HCP, controls and suit lengths under its own constraint.

    ``available``: the cards this seat may hold (the deck less other seats' predealt cards).
    None when no hand fits the seat (the planner's exact count says so with a better message).
    Cached (constraints are frozen): the window re-plans the same seats at every edit.  Callers must
    not change the dictionary returned.
    """
    shapes = constraint.shape_array
    if shapes.shape[0] == 0:
        return None
    bounds: SeatBounds = {}
    lengths: list[set[int]] = []
    for suit, name in enumerate(SUIT_NAMES):
        held = suit_holding(constraint.cards, suit).bit_count()
        room = suit_holding(available | constraint.cards, suit).bit_count()
        allowed = {int(x) for x in shapes[:, suit] if held <= x <= room}
        if not allowed:
            return None
        lengths.append(allowed)
        because = f"its {name}" if constraint.lengths[suit] is not None else "its shape"
        bounds[name] = Bound(min(allowed), max(allowed), because, because)
    holdings = [_suit_holdings(constraint, available, s, lengths[s]) for s in range(4)]
    measures = {name: r for name, r in constraint.measures().items() if tables.single_suit(name) is None}
    for quantity, target in _TARGET_TABLES.items():
        found = _extremes(holdings, target, None, None)
        if found is None:
            return None
        lo, hi = found
        lo_because = hi_because = "its predealt cards" if constraint.cards else "its shape"
        for measure, r in measures.items():
            found = _extremes(holdings, target, measure, r)
            if found is None:
                return None
            word = _MEASURE_WORDS.get(measure, measure.lower().replace("_", " "))
            term = f"{word} {r.text(2 if measure == 'QUICK_TRICKS_HALVES' else 1)}"
            if found[0] > lo:
                lo, lo_because = found[0], term
            if found[1] < hi:
                hi, hi_because = found[1], term
        bounds[quantity] = Bound(lo, hi, lo_because, hi_because)
    return bounds


def _side_seats(side: str) -> tuple[int, int]:
    return (0, 2) if side == "NS" else (1, 3)


def _why(because: str, quantity: str) -> str:
    """`` (from qt 1+)`` when a bound comes from another measure's term, else nothing."""
    if not because or because.startswith("its ") or because.split()[0] == quantity:
        return ""
    return f" (from {because})"


def _amount(n: int, unit: str) -> str:
    """``4 HCP``, ``1 heart``, ``0 spades``; just the number without a unit."""
    if not unit:
        return str(n)
    return f"{n} {unit[:-1] if n == 1 and unit in SUIT_NAMES else unit}"


def _at_least(seat: int, quantity: str, b: Bound, unit: str = "") -> str:
    """``North at least 4 HCP (from qt 1+)``."""
    return f"{SEAT_NAMES[seat]} at least {_amount(b.lo, unit)}{_why(b.lo_because, quantity)}"


def _at_most(seat: int, quantity: str, b: Bound, unit: str = "") -> str:
    """``North at most 0 spades``."""
    return f"{SEAT_NAMES[seat]} at most {_amount(b.hi, unit)}{_why(b.hi_because, quantity)}"


def _direct_problems(request: DealRequest, bounds: list[SeatBounds]) -> list[Problem]:
    """The contradictions one sum shows with the seats' own bounds, each with a plain reason."""
    found: list[Problem] = []
    for side, pc in (("NS", request.ns), ("EW", request.ew)):
        a, b = _side_seats(side)
        others = [s for s in range(4) if s not in (a, b)]
        if pc.fit is not None:
            suits = range(4) if pc.fit.suit is None else [pc.fit.suit]
            best = max(bounds[a][SUIT_NAMES[s]].hi + bounds[b][SUIT_NAMES[s]].hi for s in suits)
            # The other side holds at least its seats' lengths, and at least its own fit in that suit
            # (NS 8+ hearts and EW 8+ hearts need 16 hearts).
            other_fit = (request.ew if side == "NS" else request.ns).fit
            room = max(
                13
                - max(
                    sum(bounds[o][SUIT_NAMES[s]].lo for o in others),
                    other_fit.min_cards if other_fit is not None and other_fit.suit == s else 0,
                )
                for s in suits
            )
            if best < pc.fit.min_cards:
                if pc.fit.suit is None:
                    reason = f"fit {pc.fit.text()}, but the two hands hold at most {best} cards in any suit together"
                else:
                    name = SUIT_NAMES[pc.fit.suit]
                    reason = (
                        f"fit {pc.fit.text()}, but the hands hold {_at_most(a, name, bounds[a][name], name)} "
                        f"and {_at_most(b, name, bounds[b][name])}"
                    )
                found.append(Problem(side, "fit", reason))
            elif room < pc.fit.min_cards:
                found.append(
                    Problem(
                        side,
                        "fit",
                        f"fit {pc.fit.text()}, but the other side's hands hold at least {13 - room} of "
                        f"{'every suit' if pc.fit.suit is None else 'the ' + SUIT_NAMES[pc.fit.suit]}, "
                        f"leaving at most {room}",
                    )
                )
        if pc.hcp is not None and not pc.hcp.is_open:
            lo = bounds[a][HCP].lo + bounds[b][HCP].lo
            hi = bounds[a][HCP].hi + bounds[b][HCP].hi
            if pc.hcp.hi is not None and lo > pc.hcp.hi:
                reason = (
                    f"combined hcp {pc.hcp.text()}, but the hands hold at least {lo} HCP together: "
                    f"{_at_least(a, HCP, bounds[a][HCP])}, {_at_least(b, HCP, bounds[b][HCP])}"
                )
                found.append(Problem(side, "hcp", reason))
            elif pc.hcp.lo is not None and hi < pc.hcp.lo:
                reason = (
                    f"combined hcp {pc.hcp.text()}, but the hands hold at most {hi} HCP together: "
                    f"{_at_most(a, HCP, bounds[a][HCP])}, {_at_most(b, HCP, bounds[b][HCP])}"
                )
                found.append(Problem(side, "hcp", reason))
    for quantity, total in DECK_TOTALS.items():
        lo = sum(b[quantity].lo for b in bounds)
        hi = sum(b[quantity].hi for b in bounds)
        unit = _UNITS[quantity]
        field = quantity if quantity in (HCP, CONTROLS, *SUIT_NAMES) else None
        if lo > total:
            parts = ", ".join(_at_least(s, quantity, bounds[s][quantity]) for s in range(4) if bounds[s][quantity].lo)
            found.append(
                Problem(
                    "", field, f"the four hands need at least {lo} {unit} ({parts}), more than the {total} in the deck"
                )
            )
        elif hi < total:
            parts = ", ".join(_at_most(s, quantity, bounds[s][quantity]) for s in range(4))
            found.append(
                Problem(
                    "", field, f"the four hands hold at most {hi} {unit} ({parts}), fewer than the {total} in the deck"
                )
            )
    return found


def _propagate(request: DealRequest, bounds: list[SeatBounds]) -> str | None:
    """Narrow every interval through the linear sums until nothing changes; the quantity whose interval
    empties first (None when all stay non-empty, which proves nothing)."""
    lo = {(s, q): bounds[s][q].lo for s in range(4) for q in QUANTITIES}
    hi = {(s, q): bounds[s][q].hi for s in range(4) for q in QUANTITIES}
    sums: list[tuple[list[tuple[int, str]], int, int, str]] = []
    for quantity, total in DECK_TOTALS.items():
        sums.append(([(s, quantity) for s in range(4)], total, total, f"the deck's {total} {_UNITS[quantity]}"))
    for s in range(4):
        sums.append(([(s, name) for name in SUIT_NAMES], 13, 13, f"{SEAT_NAMES[s]}'s 13 cards"))
    for side, pc in (("NS", request.ns), ("EW", request.ew)):
        a, b = _side_seats(side)
        if pc.hcp is not None and not pc.hcp.is_open:
            r_lo = pc.hcp.lo if pc.hcp.lo is not None else 0
            r_hi = pc.hcp.hi if pc.hcp.hi is not None else 80
            sums.append(([(a, HCP), (b, HCP)], r_lo, r_hi, f"{side}'s combined hcp {pc.hcp.text()}"))
        if pc.fit is not None and pc.fit.suit is not None:
            name = SUIT_NAMES[pc.fit.suit]
            sums.append(([(a, name), (b, name)], pc.fit.min_cards, 26, f"{side}'s fit {pc.fit.text()}"))
    for _ in range(50):
        changed = False
        for terms, total_lo, total_hi, label in sums:
            sum_lo = sum(lo[t] for t in terms)
            sum_hi = sum(hi[t] for t in terms)
            if sum_lo > total_hi or sum_hi < total_lo:
                return label
            for t in terms:
                new_lo = max(lo[t], total_lo - (sum_hi - hi[t]))
                new_hi = min(hi[t], total_hi - (sum_lo - lo[t]))
                if new_lo > new_hi:
                    return label
                if (new_lo, new_hi) != (lo[t], hi[t]):
                    lo[t], hi[t] = new_lo, new_hi
                    changed = True
        if not changed:
            return None
    return None


def request_problems(request: DealRequest) -> list[Problem]:
    """Contradictions between the seats and the sides that no deal can meet, each with its reason.

    Assumes ``request.problems()`` found none (each seat on its own is consistent).  An empty list
    proves nothing: the request may still be impossible or very rare, which the dealer's bounded
    effort reports.  Costs a few milliseconds a constrained seat (one dynamic programme per measure).
    """
    if request.ns.is_empty and request.ew.is_empty and sum(not c.is_empty for c in request.seats) < 2:
        return []  # one constrained seat at most: its exact count already decides
    bounds: list[SeatBounds] = []
    for seat, c in enumerate(request.seats):
        others = 0
        for other, oc in enumerate(request.seats):
            if other != seat:
                others |= oc.cards
        b = seat_bounds(c, FULL_DECK_MASK & ~others)
        if b is None:
            return []  # the seat fits no hand: the planner's exact count reports it with its own message
        bounds.append(b)
    found = _direct_problems(request, bounds)
    if found:
        return found
    label = _propagate(request, bounds)
    if label is not None:
        return [
            Problem(
                "",
                None,
                f"the seats' and sides' terms cannot all hold together (found at {label}): loosen a range or a fit",
            )
        ]
    return []


__all__ = ["DECK_TOTALS", "QUANTITIES", "Bound", "SeatBounds", "request_problems", "seat_bounds"]
