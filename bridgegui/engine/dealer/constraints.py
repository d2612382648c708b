"""Constraints on a deal: per seat, per partnership, and a whole request.

All constraint objects are frozen dataclasses (snapshots that are safe to hand to a worker thread).
Each knows how to test a batch of hands (``mask``) with numpy, and every per-seat measure is a sum
over suits of a per-holding table (``tables.py``), which is what lets ``exact.py`` count and draw
the hands of one seat exactly.  The one exception, the rule of 20, is a function of the shape and
the HCP, which the exact sampler tracks too.

The seat-spec text form (command line, presets, GUI, bidding systems) is read and written by
``specs.py``; its public names (``Range``, ``parse_range``, ``parse_seat_spec``...) are importable
from here as well.  ``parse_seat_spec(c.to_spec()) == c`` for every constraint.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from functools import cache, cached_property
from typing import Protocol

import numpy as np

from bridgegui.engine import evaluation, tables
from bridgegui.engine.cards import SEAT_NAMES, SEATS, SUIT_NAMES, card_name, mask_cards, suit_holding
from bridgegui.engine.dealer.specs import (
    ALL_SHAPES,
    NAMED_SHAPES,
    RANGE_WORDS,
    SUIT_WORDS,
    Range,
    echo,
    normalise_shape_token,
    parse_range,
    pattern_shapes,
    range_hi,
    range_lo,
    seat_spec_text,
    seat_spec_values,
)
from bridgegui.engine.errors import SEAT_FIELDS, BridgeError, ConstraintError, Problem

SuitRanges = tuple[Range | None, Range | None, Range | None, Range | None]
NO_SUIT_RANGES: SuitRanges = (None, None, None, None)
NO_STOPPERS = (False, False, False, False)


@dataclass(frozen=True)
class SeatConstraint:
    """What one seat's hand must satisfy; every part optional.

    ``quick_tricks`` is kept in half tricks so that every range is over integers.
    ``cards`` is a hand mask of predealt cards (the seat must hold them).
    The measures bidding systems need: ``points`` (total points: HCP plus length points),
    ``support[s]`` (dummy points with suit s as trumps), ``rule20`` (the rule of 20 must hold),
    ``quality[s]`` (how many of A K Q J 10 suit s holds) and ``stoppers[s]`` (suit s is stopped).
    """

    hcp: Range | None = None
    lengths: SuitRanges = NO_SUIT_RANGES
    shapes: tuple[str, ...] = ()
    exclude_shapes: tuple[str, ...] = ()
    cards: int = 0
    quick_tricks: Range | None = None
    losers: Range | None = None
    playing_tricks: Range | None = None
    controls: Range | None = None
    points: Range | None = None
    support: SuitRanges = NO_SUIT_RANGES
    rule20: bool = False
    quality: SuitRanges = NO_SUIT_RANGES
    stoppers: tuple[bool, bool, bool, bool] = NO_STOPPERS

    def __getstate__(self) -> dict[str, object]:
        """The fields only: values computed on demand (the allowed shapes, the masks' tables) are
        rebuilt when needed, so a compiled system's cache stays small and quick to read."""
        return {f.name: self.__dict__[f.name] for f in fields(self)}

    def __setstate__(self, state: dict[str, object]) -> None:
        self.__dict__.update(state)

    def __post_init__(self) -> None:
        for token in (*self.shapes, *self.exclude_shapes):
            pattern_shapes(token)  # raises ConstraintError for a malformed token
        for name in ("lengths", "support", "quality", "stoppers"):
            if len(getattr(self, name)) != 4:
                raise ConstraintError(f"{name} needs one entry per suit (spades, hearts, diamonds, clubs)")

    @cached_property
    def allowed_shapes(self) -> frozenset[tuple[int, int, int, int]]:
        """Exact shapes allowed by the shape terms and the suit-length ranges together."""
        return frozenset(map(tuple, self.shape_array.tolist()))

    @cached_property
    def shape_array(self) -> np.ndarray:
        """``allowed_shapes`` sorted, one row of spades, hearts, diamonds and clubs lengths each (int64,
        read-only): what the planner and the feasibility checks compute with, without the set."""
        shapes = _SHAPES[self._allowed_rows]
        shapes.flags.writeable = False
        return shapes

    @cached_property
    def _allowed_rows(self) -> np.ndarray:
        """Which of the 560 shapes (``_SHAPES``) ``allowed_shapes`` holds, worked out with numpy over
        them all: a system's rules make a shape table each (``shape_table``), and filtering a set of
        shapes in Python for every length range was most of the time an auction took to plan."""
        if self.shapes:
            allowed = np.zeros(len(_SHAPES), dtype=bool)
            for token in self.shapes:
                allowed |= _pattern_rows(token)
        else:
            allowed = np.ones(len(_SHAPES), dtype=bool)
        for token in self.exclude_shapes:
            allowed &= ~_pattern_rows(token)
        for suit, r in enumerate(self.lengths):
            if r is not None:
                if r.lo is not None:
                    allowed &= _SHAPES[:, suit] >= r.lo
                if r.hi is not None:
                    allowed &= _SHAPES[:, suit] <= r.hi
        allowed.flags.writeable = False
        return allowed

    @property
    def restricts_shape(self) -> bool:
        return bool(self.shapes or self.exclude_shapes or any(r is not None for r in self.lengths))

    def measures(self) -> dict[str, Range]:
        """The measures this constraint restricts, by ``tables`` measure name (``"HCP"``,
        ``"SUPPORT_H"``, ``"STOPPER_S"``...): each a sum over suits of per-holding tables."""
        result = {}
        for name, table in MEASURE_TABLES.items():
            r = getattr(self, name)
            if r is not None and not r.is_open:
                result[table] = r
        for kind, ranges in (("SUPPORT", self.support), ("QUALITY", self.quality)):
            for suit, r in enumerate(ranges):
                if r is not None and not r.is_open:
                    result[tables.measure_name(kind, suit)] = r
        for suit, stopped in enumerate(self.stoppers):
            if stopped:
                result[tables.measure_name("STOPPER", suit)] = Range(1, None)
        return result

    @property
    def is_empty(self) -> bool:
        return not (self.restricts_shape or self.cards or self.measures() or self.rule20)

    def mask(self, hands: np.ndarray | evaluation.MeasuredHands) -> np.ndarray:
        """Which of the ``(n,)`` hand masks satisfy this constraint (``hands`` measured already, or not)."""
        measured = hands if isinstance(hands, evaluation.MeasuredHands) else evaluation.MeasuredHands(hands)
        held = measured.hands
        ok = np.ones(held.shape, dtype=bool)
        if self.cards:
            ok &= (held & np.uint64(self.cards)) == np.uint64(self.cards)
        if self.restricts_shape:
            ok &= self.shape_table[measured.shape_codes]
        for table_name, r in self._measure_ranges:
            ok &= r.contains(measured.measure(table_name))
        if self.rule20:  # not a sum over suits: a filter here (the exact sampler enforces it by shape and HCP)
            ok &= measured.rule_of_20
        return ok

    @cached_property
    def _measure_ranges(self) -> tuple[tuple[str, Range], ...]:
        return tuple(self.measures().items())

    @cached_property
    def shape_table(self) -> np.ndarray:
        """``shape_table[shape_code]``: whether that exact shape is allowed (a lookup per hand, no search)."""
        table = np.zeros(14**4, dtype=bool)
        table[_SHAPE_CODES[self._allowed_rows]] = True
        table.flags.writeable = False
        return table

    @property
    def needs_drawing(self) -> bool:
        """True when the seat's hand is restricted beyond predealt cards (shape, a measure or the rule
        of 20): only such a seat is worth counting and drawing exactly; predealt cards alone are
        placed directly."""
        return self.restricts_shape or bool(self.measures()) or self.rule20

    def to_spec(self) -> str:
        """The canonical seat-spec text (``specs.seat_spec_text``)."""
        return seat_spec_text(self)

    def describe(self) -> str:
        """Plain words for messages ("no hand has …")."""
        return self.to_spec() or "no constraint"

    def fields(self) -> tuple[str, ...]:
        """The editor fields (``errors.SEAT_FIELDS``) this constraint sets, in the editors' order.

        A window marks the field a problem is in; when a seat's request fits no hand and only one
        field is set, that field is the one to loosen.  The bidding systems' terms
        (``unfielded_terms``) all count as the one ``more`` field.
        """
        found = []
        if self.hcp is not None:
            found.append("hcp")
        found += [SUIT_NAMES[suit] for suit, r in enumerate(self.lengths) if r is not None]
        if self.shapes or self.exclude_shapes:
            found.append("shape")
        if self.cards:
            found.append("cards")
        found += [MEASURE_FIELDS[name] for name in MEASURE_FIELDS if name != "hcp" and getattr(self, name) is not None]
        if self.unfielded_terms():
            found.append("more")  # the seat editor's one text field for the bidding systems' terms
        return tuple(found)

    def unfielded_terms(self) -> tuple[str, ...]:
        """The spec words of the terms set that no seat-editor field shows (``points``, ``support``,
        ``rule20``, ``quality``, ``stopper``): a problem cannot be pinned on one field while any is set."""
        found = []
        if self.points is not None:
            found.append("points")
        if any(r is not None for r in self.support):
            found.append("support")
        if self.rule20:
            found.append("rule20")
        if any(r is not None for r in self.quality):
            found.append("quality")
        if any(self.stoppers):
            found.append("stopper")
        return tuple(found)

    def intersect(self, other: SeatConstraint) -> SeatConstraint:
        """The constraint a hand meets exactly when it meets both ``self`` and ``other``.

        Ranges are intersected, the shape terms combined (a shape must fit both sides' patterns and
        neither side's exclusions), predealt cards united, the rule of 20 and stoppers kept when
        either side asks.  Backward bidding joins a seat's calls this way ("opened 1♠, then rebid
        2♠").  Raises ``ConstraintError`` when the two provably fit no hand together: an empty range,
        no shape left, or a contradiction ``seat_problems`` finds in the result.
        """
        combined = SeatConstraint(
            hcp=_intersect_range(self.hcp, other.hcp, "hcp"),
            lengths=_intersect_suits(self.lengths, other.lengths, ""),
            shapes=_intersect_shapes(self.shapes, other.shapes),
            exclude_shapes=tuple(dict.fromkeys((*self.exclude_shapes, *other.exclude_shapes))),
            cards=self.cards | other.cards,
            quick_tricks=_intersect_range(self.quick_tricks, other.quick_tricks, "qt", scale=2),
            losers=_intersect_range(self.losers, other.losers, "ltc"),
            playing_tricks=_intersect_range(self.playing_tricks, other.playing_tricks, "tricks"),
            controls=_intersect_range(self.controls, other.controls, "controls"),
            points=_intersect_range(self.points, other.points, "points"),
            support=_intersect_suits(self.support, other.support, "support "),
            rule20=self.rule20 or other.rule20,
            quality=_intersect_suits(self.quality, other.quality, "quality "),
            stoppers=tuple(a or b for a, b in zip(self.stoppers, other.stoppers, strict=True)),  # type: ignore[arg-type]
        )
        problems = seat_problems(combined)
        if problems:
            first = problems[0]
            message = f"{self.describe()} and {other.describe()} fit no hand together: {first.message}"
            raise ConstraintError(message, field=first.field)
        return combined


def _intersect_range(a: Range | None, b: Range | None, word: str, scale: int = 1) -> Range | None:
    """Both ranges at once (None when neither is set); ``ConstraintError`` when they do not meet."""
    if a is None or b is None:
        return a if b is None else b
    lo = b.lo if a.lo is None else a.lo if b.lo is None else max(a.lo, b.lo)
    hi = b.hi if a.hi is None else a.hi if b.hi is None else min(a.hi, b.hi)
    if lo is not None and hi is not None and lo > hi:
        field_name = word.strip() if word.strip() in SEAT_FIELDS else None
        raise ConstraintError(f"{word} {a.text(scale)} and {word} {b.text(scale)} do not overlap", field=field_name)
    return Range(lo, hi)


def _intersect_suits(a: SuitRanges, b: SuitRanges, word: str) -> SuitRanges:
    return tuple(  # type: ignore[return-value]
        _intersect_range(x, y, f"{word}{SUIT_NAMES[suit]}") for suit, (x, y) in enumerate(zip(a, b, strict=True))
    )


def _intersect_shapes(a: tuple[str, ...], b: tuple[str, ...]) -> tuple[str, ...]:
    """Shape tokens allowing exactly the shapes both ``a`` and ``b`` allow (``()`` allows any).

    When one side's patterns are a subset of the other's, its own tokens say it best
    (``balanced`` within ``semibalanced``); otherwise the common shapes are written out, as any-order
    patterns when the set is closed under reordering the suits, else as exact ``s=h=d=c`` shapes.
    """
    if not a or not b or a == b:
        return a or b
    sa = frozenset().union(*(pattern_shapes(t) for t in a))
    sb = frozenset().union(*(pattern_shapes(t) for t in b))
    if sa <= sb:
        return a
    if sb <= sa:
        return b
    common = sa & sb
    if not common:
        raise ConstraintError(f"shape {' '.join(a)} and shape {' '.join(b)} have no shape in common", field="shape")
    patterns = {tuple(sorted(s, reverse=True)) for s in common}
    closed = all(pattern_shapes("".join(map(str, p))) <= common for p in patterns if max(p) <= 9)
    if closed and all(max(p) <= 9 for p in patterns):
        return tuple("".join(map(str, p)) for p in sorted(patterns, reverse=True))
    return tuple("=".join(map(str, s)) for s in sorted(common, reverse=True))


MEASURE_TABLES = {
    "hcp": "HCP",
    "quick_tricks": "QUICK_TRICKS_HALVES",
    "losers": "LOSERS",
    "playing_tricks": "PLAYING_TRICKS",
    "controls": "CONTROLS",
    "points": "TOTAL_POINTS",
}
"""Constraint field of a whole-hand range -> its measure in ``tables.py`` (each additive over suits)."""

MEASURE_FIELDS = {
    "hcp": "hcp",
    "quick_tricks": "qt",
    "losers": "ltc",
    "playing_tricks": "tricks",
    "controls": "controls",
}
"""Constraint field -> the editor field (``errors.SEAT_FIELDS``) and the spec word that sets it."""


def _shape_code(shape: tuple[int, int, int, int]) -> int:
    s, h, d, c = shape
    return ((s * 14 + h) * 14 + d) * 14 + c


_SHAPES = np.array(sorted(ALL_SHAPES), dtype=np.int64)
"""Every shape (spades, hearts, diamonds, clubs lengths), one row each (``SeatConstraint._allowed_rows``)."""
_SHAPE_CODES = ((_SHAPES[:, 0] * 14 + _SHAPES[:, 1]) * 14 + _SHAPES[:, 2]) * 14 + _SHAPES[:, 3]


@cache
def _pattern_rows(token: str) -> np.ndarray:
    """Which rows of ``_SHAPES`` the shape token ``token`` (``pattern_shapes``) names."""
    named = np.zeros(14**4, dtype=bool)
    named[[_shape_code(shape) for shape in pattern_shapes(token)]] = True
    rows = named[_SHAPE_CODES]
    rows.flags.writeable = False
    return rows


def parse_seat_spec(text: str) -> SeatConstraint:
    """Read the seat-spec text form (``specs.py`` has the grammar).

    Errors name the term and say why, and carry the editor field of the failing term
    (``ConstraintError.field``: ``"hcp"``, ``"spades"``, ``"shape"``, ``"cards"``, ``"qt"``..., None
    for the terms no editor field shows) so a window can mark it without reading the message.
    """
    values = seat_spec_values(text)
    try:
        return SeatConstraint(**values)  # type: ignore[arg-type]
    except BridgeError as exc:
        raise ConstraintError(str(exc), field=getattr(exc, "field", None)) from None


@dataclass(frozen=True)
class Fit:
    """A partnership holds at least ``min_cards`` in ``suit`` (0..3), or in some suit when ``suit`` is None."""

    min_cards: int
    suit: int | None = None

    def text(self) -> str:
        return f"{self.min_cards}+" + ("" if self.suit is None else f" {SUIT_NAMES[self.suit]}")


@dataclass(frozen=True)
class PartnershipConstraint:
    """Combined HCP of a side (NS or EW) in a range, and a trump fit."""

    hcp: Range | None = None
    fit: Fit | None = None

    @property
    def is_empty(self) -> bool:
        return (self.hcp is None or self.hcp.is_open) and self.fit is None

    def mask(self, a: np.ndarray, b: np.ndarray) -> np.ndarray:
        ok = np.ones(np.shape(a), dtype=bool)
        if self.hcp is not None:
            ok &= self.hcp.contains(evaluation.hcp(a) + evaluation.hcp(b))
        if self.fit is not None:
            together = evaluation.suit_lengths(a).astype(np.int16) + evaluation.suit_lengths(b)
            best = together.max(axis=-1) if self.fit.suit is None else together[..., self.fit.suit]
            ok &= best >= self.fit.min_cards
        return ok

    def to_spec(self) -> str:
        terms = []
        if self.hcp is not None:
            terms.append(f"hcp {self.hcp.text()}")
        if self.fit is not None:
            terms.append(f"fit {self.fit.text()}")
        return ", ".join(terms)


def parse_fit(text: str) -> Fit:
    """``8+ hearts`` or ``8+`` (some suit) or ``hearts 8+``.  Errors carry ``field="fit"``."""
    words = text.lower().split()
    suit = None
    rest = []
    for w in words:
        if w in SUIT_WORDS:
            if suit is not None:
                raise ConstraintError(f"fit {echo(text)!r} names two suits", field="fit")
            suit = SUIT_WORDS[w]
        elif w in ("any", "some", "suit", "in", "a"):
            continue
        else:
            rest.append(w)
    try:
        r = parse_range(" ".join(rest) or "?", what="fit")
    except ConstraintError as exc:
        raise ConstraintError(str(exc), field="fit") from None
    if r.lo is None or r.hi is not None:
        raise ConstraintError(f"a fit is written as a minimum, e.g. 8+ hearts, not {echo(text)!r}", field="fit")
    if not 0 < r.lo <= 13:
        raise ConstraintError(f"a fit of {r.lo} cards cannot be asked for (1-13)", field="fit")
    return Fit(r.lo, suit)


def parse_partnership_spec(text: str) -> PartnershipConstraint:
    """``hcp 25-27``, ``fit 8+ hearts``, or both, comma separated.

    Errors carry the field of the failing term (``"hcp"`` or ``"fit"``; None for an unknown word).
    """
    hcp = None
    fit = None
    for number, raw in enumerate(text.split(","), start=1):
        term = " ".join(raw.split()).lower()
        if not term:
            continue
        term_field: str | None = None
        try:
            if term.startswith(("hcp", "points")):
                term_field = "hcp"
                hcp = parse_range(term.split(None, 1)[1] if " " in term else "", what="combined hcp")
            elif term.startswith("fit"):
                term_field = "fit"
                fit = parse_fit(term[3:])
            else:
                raise ConstraintError("partnership terms are hcp (e.g. hcp 25-27) and fit (e.g. fit 8+ hearts)")
        except BridgeError as exc:
            raise ConstraintError(
                f"term {number} '{echo(term)}': {exc}", field=term_field, reason=getattr(exc, "reason", str(exc))
            ) from None
    return PartnershipConstraint(hcp, fit)


class BatchCondition(Protocol):
    """A compiled condition over whole deals (e.g. a dealer-script expression): one bool per deal.

    Implementations are immutable once compiled, so a request holding one stays a snapshot that
    is safe to hand to a worker thread.  ``text`` is the source, for messages and saving.
    """

    @property
    def text(self) -> str: ...

    def __call__(self, batch: np.ndarray) -> np.ndarray: ...


@dataclass(frozen=True)
class DealRequest:
    """Everything asked of a deal: one ``SeatConstraint`` per seat (N, E, S, W), the two sides,
    and optionally a free ``condition`` over the whole deal (the "advanced condition")."""

    seats: tuple[SeatConstraint, SeatConstraint, SeatConstraint, SeatConstraint] = field(
        default_factory=lambda: (SeatConstraint(),) * 4  # type: ignore[return-value]
    )
    ns: PartnershipConstraint = field(default_factory=PartnershipConstraint)
    ew: PartnershipConstraint = field(default_factory=PartnershipConstraint)
    condition: BatchCondition | None = None

    @classmethod
    def from_specs(
        cls,
        north: str = "",
        east: str = "",
        south: str = "",
        west: str = "",
        ns: str = "",
        ew: str = "",
    ) -> DealRequest:
        """The request the seat and partnership specs describe.

        A malformed spec raises ``ConstraintError`` whose text starts with the seat ("East: term 1
        'hcp 9-3': ...") and which carries ``seat`` (``"E"``) and the failing term's ``field``.
        """
        seats = []
        for seat, text in enumerate((north, east, south, west)):
            try:
                seats.append(parse_seat_spec(text))
            except ConstraintError as exc:
                raise ConstraintError(
                    f"{SEAT_NAMES[seat]}: {exc}", seat=SEATS[seat], field=exc.field, reason=exc.reason
                ) from None
        sides = []
        for name, text in (("NS", ns), ("EW", ew)):
            try:
                sides.append(parse_partnership_spec(text))
            except ConstraintError as exc:
                raise ConstraintError(f"{name}: {exc}", seat=name, field=exc.field, reason=exc.reason) from None
        return cls(tuple(seats), sides[0], sides[1])  # type: ignore[arg-type]

    @property
    def is_empty(self) -> bool:
        return all(s.is_empty for s in self.seats) and self.ns.is_empty and self.ew.is_empty and self.condition is None

    def tests_beyond(self, known_seats: frozenset[int]) -> bool:
        """Whether ``mask`` tests anything once the seats in ``known_seats`` are known to fit (drawn
        exactly): when not, every deal dealt around them fits, and no filter or pilot is needed."""
        return (
            any(seat not in known_seats and not c.is_empty for seat, c in enumerate(self.seats))
            or not self.ns.is_empty
            or not self.ew.is_empty
            or self.condition is not None
        )

    def mask(self, batch: np.ndarray, skip_seats: frozenset[int] = frozenset()) -> np.ndarray:
        """Which deals of an ``(n, 4)`` batch satisfy every constraint (``skip_seats``: known to)."""
        ok = np.ones(batch.shape[0], dtype=bool)
        for seat, c in enumerate(self.seats):
            if seat not in skip_seats and not c.is_empty:
                ok &= c.mask(batch[:, seat])
        if not self.ns.is_empty:
            ok &= self.ns.mask(batch[:, 0], batch[:, 2])
        if not self.ew.is_empty:
            ok &= self.ew.mask(batch[:, 1], batch[:, 3])
        if self.condition is not None:
            ok &= np.asarray(self.condition(batch), dtype=bool)
        return ok

    def problems(self) -> list[Problem]:
        """Contradictions visible without dealing, each with its seat (or side, or ``""``) and field.

        Seat problems come first, in seat order, then the whole request's (per suit, then HCP), then
        the sides'.  ``Problem.text()`` is the English a reader without editors needs; a window
        shows ``message`` at the editor of ``seat`` and marks ``field``.
        """
        found: list[Problem] = []
        seen_cards = 0
        for seat, c in enumerate(self.seats):
            letter = SEATS[seat]
            dup = seen_cards & c.cards
            if dup:
                cards = " ".join(card_name(x) for x in mask_cards(dup))
                found.append(Problem(letter, "cards", f"cards {cards} are predealt to another seat too"))
            seen_cards |= c.cards
            found.extend(seat_problems(c, letter))
        for suit in range(4):
            name = SUIT_NAMES[suit]
            mins = [range_lo(c.lengths[suit]) for c in self.seats]
            if sum(mins) > 13:
                found.append(
                    Problem(
                        "", name, f"{name.capitalize()}: the seats' minimum lengths add up to {sum(mins)}, more than 13"
                    )
                )
            maxes = [range_hi(c.lengths[suit], 13) for c in self.seats]
            if sum(maxes) < 13:
                found.append(
                    Problem(
                        "",
                        name,
                        f"{name.capitalize()}: the seats' maximum lengths add up to {sum(maxes)}, fewer than 13",
                    )
                )
            honours = sum(range_lo(c.quality[suit]) for c in self.seats)
            if honours > 5:
                message = f"{name.capitalize()}: the seats' minimum qualities add up to {honours}, more than the five honours (A K Q J 10)"
                found.append(Problem("", None, message))
        hcp_min = sum(range_lo(c.hcp) for c in self.seats)
        if hcp_min > 40:
            found.append(
                Problem("", "hcp", f"HCP: the seats' minimums add up to {hcp_min}, more than the 40 in the deck")
            )
        hcp_max = sum(range_hi(c.hcp, 37) for c in self.seats)
        if hcp_max < 40:
            found.append(
                Problem("", "hcp", f"HCP: the seats' maximums add up to {hcp_max}, fewer than the 40 in the deck")
            )
        for side, pc, pair in (("NS", self.ns, (0, 2)), ("EW", self.ew, (1, 3))):
            if pc.hcp is not None:
                lo = sum(range_lo(self.seats[s].hcp) for s in pair)
                if pc.hcp.hi is not None and lo > pc.hcp.hi:
                    found.append(
                        Problem(side, "hcp", f"combined hcp at most {pc.hcp.hi}, but the seats ask for at least {lo}")
                    )
                if pc.hcp.lo is not None and pc.hcp.lo > 37 * 2:
                    found.append(Problem(side, "hcp", f"combined hcp {pc.hcp.lo}+ is more than a side can hold"))
                if pc.hcp.lo is not None and pc.hcp.lo > 40:
                    found.append(Problem(side, "hcp", f"combined hcp {pc.hcp.lo}+ is more than the 40 in the deck"))
        if not self.ns.is_empty or not self.ew.is_empty:
            ns_lo = self.ns.hcp.lo if self.ns.hcp is not None and self.ns.hcp.lo is not None else 0
            ew_lo = self.ew.hcp.lo if self.ew.hcp is not None and self.ew.hcp.lo is not None else 0
            if ns_lo + ew_lo > 40:
                found.append(Problem("", "hcp", f"HCP: NS {ns_lo}+ and EW {ew_lo}+ need more than the 40 in the deck"))
        return found

    def validate(self) -> None:
        """Raise ``ConstraintError`` when ``problems()`` finds any: its text joins them all, and it
        carries the first one's seat and field."""
        problems = self.problems()
        if problems:
            first = problems[0]
            raise ConstraintError(
                "; ".join(p.text() for p in problems), seat=first.seat, field=first.field, reason=first.message
            )


def seat_problems(c: SeatConstraint, seat: str = "") -> list[Problem]:
    """Contradictions inside one seat's constraint, as problems of ``seat`` (``"N"``..., or ``""``).

    Messages do not name the seat (``Problem.text()`` adds it); each field is the one a user would
    change: the measure's for a bound no hand reaches, ``"cards"`` for predealt cards, ``"shape"``
    when shape terms exclude every shape, None when several suits add up to too much or too little,
    and None for the terms no editor field shows (``points``, ``support``, ``rule20``, ``quality``,
    ``stopper``).
    """
    found: list[Problem] = []
    mins = [r.lo or 0 if r is not None else 0 for r in c.lengths]
    if sum(mins) > 13:
        found.append(Problem(seat, None, f"minimum suit lengths add up to {sum(mins)}, more than 13 cards"))
    maxes = [13 if r is None or r.hi is None else r.hi for r in c.lengths]
    if sum(maxes) < 13:
        found.append(Problem(seat, None, f"maximum suit lengths add up to {sum(maxes)}, fewer than 13 cards"))
    if c.restricts_shape and not c.shape_array.size:
        shape_field = "shape" if c.shapes or c.exclude_shapes else None
        found.append(Problem(seat, shape_field, "no shape fits both the shape terms and the suit lengths"))
    for word, table, r, scale in _range_terms(c):
        if r.lo is not None and r.lo > tables.measure_bounds(table)[1]:
            bound = tables.measure_bounds(table)[1] / scale
            term_field = word if word in SEAT_FIELDS else None
            found.append(
                Problem(seat, term_field, f"{word} {r.text(scale)} is more than any hand can have ({bound:g})")
            )
    if c.shape_array.size:
        found += _measure_shape_problems(c, seat)
    if c.cards:
        found += _predealt_problems(c, seat)
    return found


def _range_terms(c: SeatConstraint) -> list[tuple[str, str, Range, int]]:
    """Every range term set: (spec words, ``tables`` measure name, range, scale)."""
    terms = []
    for name, table in MEASURE_TABLES.items():
        r = getattr(c, name)
        if r is not None:
            terms.append((RANGE_WORDS[name], table, r, 2 if name == "quick_tricks" else 1))
    for kind, ranges in (("support", c.support), ("quality", c.quality)):
        for suit, r in enumerate(ranges):
            if r is not None:
                terms.append((f"{kind} {SUIT_NAMES[suit]}", tables.measure_name(kind.upper(), suit), r, 1))
    return terms


_SHORTNESS = np.array([5, 3, 1] + [0] * 11)


def _measure_shape_problems(c: SeatConstraint, seat: str) -> list[Problem]:
    """The new measures against the shapes the seat allows and its HCP range: quality and stoppers
    need cards in the suit; total and dummy points are HCP plus what the shape adds; the rule of 20
    is HCP plus the two longest suits."""
    found: list[Problem] = []
    shapes = c.shape_array
    longest = shapes.max(axis=0)
    for suit in range(4):
        name = SUIT_NAMES[suit]
        q = c.quality[suit]
        if q is not None and q.lo is not None and q.lo > longest[suit] and q.lo <= 5:
            found.append(
                Problem(
                    seat,
                    None,
                    f"quality {name} {q.text()} needs {q.lo} {name}, but the hand holds at most {longest[suit]}",
                )
            )
        if c.stoppers[suit] and longest[suit] == 0:
            found.append(Problem(seat, None, f"a stopper in {name} needs a {name[:-1]}, but the hand holds none"))
    hcp_lo, hcp_hi = range_lo(c.hcp), min(range_hi(c.hcp, 37), 37)
    extras = [("points", c.points, np.maximum(shapes - 4, 0).sum(axis=1))]
    for suit, r in enumerate(c.support):
        extras.append((f"support {SUIT_NAMES[suit]}", r, _SHORTNESS[shapes].sum(axis=1) - _SHORTNESS[shapes[:, suit]]))
    for word, r, extra in extras:
        if r is None or (r.lo is None and r.hi is None):
            continue
        most, least = hcp_hi + int(extra.max()), hcp_lo + int(extra.min())
        given = f"hcp {c.hcp.text()} and the shape" if c.hcp is not None else "the shape"
        if r.lo is not None and r.lo > most and c.hcp is not None:
            found.append(Problem(seat, None, f"{word} {r.text()} is more than {given} can give ({most})"))
        if r.hi is not None and r.hi < least:
            found.append(Problem(seat, None, f"{word} {r.text()} is less than {given} already give ({least})"))
    if c.rule20:
        top_two = int(np.sort(shapes, axis=1)[:, 2:].sum(axis=1).max())
        if hcp_hi + top_two < 20:
            found.append(
                Problem(
                    seat,
                    None,
                    f"rule20 needs hcp and the two longest suits to reach 20, but they reach at most {hcp_hi + top_two}",
                )
            )
    return found


def _predealt_problems(c: SeatConstraint, seat: str) -> list[Problem]:
    """Predealt cards against the seat's own ranges: more cards, points or honours than it allows."""
    found: list[Problem] = []
    n = c.cards.bit_count()
    if n > 13:
        found.append(Problem(seat, "cards", f"{n} predealt cards, more than a hand holds"))
    for suit in range(4):
        holding = suit_holding(c.cards, suit)
        held = holding.bit_count()
        name = SUIT_NAMES[suit]
        r = c.lengths[suit]
        if r is not None and r.hi is not None and held > r.hi:
            found.append(
                Problem(seat, "cards", f"predealt cards include {held} {name}, but {name} {r.text()} allows {r.hi}")
            )
        q = c.quality[suit]
        honours = int(tables.QUALITY[holding])
        if q is not None and q.hi is not None and honours > q.hi:
            found.append(
                Problem(
                    seat,
                    "cards",
                    f"predealt cards hold {honours} of the {name} A K Q J 10, but quality {name} {q.text()} allows {q.hi}",
                )
            )
    if n == 13 and not bool(c.mask(np.array([c.cards], dtype=np.uint64))[0]):
        found.append(Problem(seat, "cards", "the predealt hand does not satisfy the seat's own constraint"))
    points = sum(int(tables.HCP[suit_holding(c.cards, s)]) for s in range(4))
    for word, r in (("hcp", c.hcp), ("points", c.points)):
        if r is not None and r.hi is not None and points > r.hi:
            found.append(Problem(seat, "cards", f"predealt cards hold {points} hcp, more than {word} {r.text()}"))
    return found


__all__ = [
    "ALL_SHAPES",
    "NAMED_SHAPES",
    "DealRequest",
    "Fit",
    "PartnershipConstraint",
    "Range",
    "SeatConstraint",
    "normalise_shape_token",
    "parse_fit",
    "parse_partnership_spec",
    "parse_range",
    "parse_seat_spec",
    "pattern_shapes",
    "range_hi",
    "range_lo",
    "seat_problems",
]
