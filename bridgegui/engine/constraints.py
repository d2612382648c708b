"""Constraints on a deal: per seat, per partnership, and the seat-spec text form.

All constraint objects are frozen dataclasses (snapshots that are safe to hand to a worker thread).
Each knows how to test a batch of hands (``mask``) with numpy, and every per-seat measure is a sum
over suits of a per-holding table (``tables.py``), which is what lets ``exact.py`` count and draw
the hands of one seat exactly.

The seat-spec text (command line, presets, GUI) is comma-separated terms::

    hcp 15-17, balanced
    spades 5+, hcp 8-9
    shape 5xxx 6xxx, qt 2+
    hearts 0-1, ltc 7-
    cards AS KH QD
    shape any, not 4333, controls 3+, tricks 6-8

Ranges are ``a-b``, ``a+``, ``a-`` (at most a) or ``a``.  ``SeatConstraint.to_spec`` writes the
canonical text and ``parse_seat_spec(c.to_spec()) == c`` for every constraint.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cache, cached_property
from itertools import permutations
from typing import Protocol

import numpy as np

from bridgegui.engine import evaluation, tables
from bridgegui.engine.cards import (
    SEAT_NAMES,
    SEATS,
    SUIT_NAMES,
    SUITS,
    card_name,
    mask_cards,
    parse_card,
    suit_holding,
)
from bridgegui.engine.errors import BridgeError, ConstraintError, Problem

ALL_SHAPES: frozenset[tuple[int, int, int, int]] = frozenset(
    (s, h, d, 13 - s - h - d) for s in range(14) for h in range(14 - s) for d in range(14 - s - h)
)
NAMED_SHAPES = {
    "balanced": ("4333", "4432", "5332"),
    "semibalanced": ("4333", "4432", "5332", "5422", "6322"),
    "any": (),
}


@dataclass(frozen=True, slots=True)
class Range:
    """An inclusive range of integers; ``None`` leaves that end open."""

    lo: int | None = None
    hi: int | None = None

    def contains(self, values: np.ndarray) -> np.ndarray:
        ok = np.ones(np.shape(values), dtype=bool)
        if self.lo is not None:
            ok &= values >= self.lo
        if self.hi is not None:
            ok &= values <= self.hi
        return ok

    def __contains__(self, value: object) -> bool:
        return isinstance(value, int | float) and bool(self.contains(np.asarray(value)))

    @property
    def is_open(self) -> bool:
        return self.lo is None and self.hi is None

    def text(self, scale: int = 1) -> str:
        """``a-b``/``a+``/``a-``/``a`` (values divided by ``scale``: quick tricks are kept in halves)."""

        def fmt(v: int) -> str:
            return str(v // scale) if v % scale == 0 else f"{v / scale:g}"

        lo, hi = self.lo, self.hi
        if lo is not None and hi is not None:
            return fmt(lo) if lo == hi else f"{fmt(lo)}-{fmt(hi)}"
        if lo is not None:
            return f"{fmt(lo)}+"
        if hi is not None:
            return f"{fmt(hi)}-"
        return "any"


_RANGE_RE = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*(?:(-|\+|–)\s*(\d+(?:\.\d+)?)?)?\s*$")


def range_lo(r: Range | None, default: int = 0) -> int:
    """The minimum of an optional range (``default`` when open)."""
    return default if r is None or r.lo is None else r.lo


def range_hi(r: Range | None, default: int) -> int:
    """The maximum of an optional range (``default`` when open)."""
    return default if r is None or r.hi is None else r.hi


def parse_range(text: str, *, scale: int = 1, what: str = "value") -> Range:
    """Read ``a-b``, ``a+``, ``a-`` or ``a``; ``scale`` 2 reads halves (quick tricks)."""
    m = _RANGE_RE.match(text)
    if not m:
        raise ConstraintError(f"{text.strip()!r} is not a range for {what}: write 15-17, 5+, 7- or 4")

    def num(s: str) -> int:
        v = float(s) * scale
        if v != int(v):
            unit = "half" if scale == 2 else "whole number"
            raise ConstraintError(f"{what} counts in steps of one {unit}: {s!r} is not one")
        return int(v)

    a, op, b = m.groups()
    lo = num(a)
    if op is None:
        return Range(lo, lo)
    if op == "+":
        if b is not None:
            raise ConstraintError(f"{text.strip()!r}: write a+ with nothing after the plus")
        return Range(lo, None)
    if b is None:
        return Range(None, lo)
    hi = num(b)
    if lo > hi:
        raise ConstraintError(f"{what} {text.strip()}: the minimum {a} is above the maximum {b}")
    return Range(lo, hi)


@cache
def _pattern_shapes(token: str) -> frozenset[tuple[int, int, int, int]]:
    """Exact (S, H, D, C) shapes matching one shape token.

    ``4333`` / ``5xxx`` / ``4-3-3-3``: any suit order, ``x`` a wildcard.  ``5=4=x=x``: exact order
    (spades, hearts, diamonds, clubs).  ``balanced``/``semibalanced``: the named sets.
    """
    t = token.strip().lower()
    if t in NAMED_SHAPES:
        if t == "any":
            return ALL_SHAPES
        return frozenset().union(*(_pattern_shapes(p) for p in NAMED_SHAPES[t]))
    exact = "=" in t
    parts = t.split("=") if exact else list(t.replace("-", ""))
    if (exact and len(parts) != 4) or (not exact and len(parts) != 4):
        raise ConstraintError(f"shape {token!r} needs four lengths, e.g. 4333, 5xxx or 5=4=x=x", field="shape")
    wanted: list[int | None] = []
    for p in parts:
        if p == "x":
            wanted.append(None)
        elif p.isdigit() and 0 <= int(p) <= 13:
            wanted.append(int(p))
        else:
            raise ConstraintError(f"shape {token!r}: {p!r} is not a suit length (0-9, or x for any)", field="shape")
    fixed = sum(w for w in wanted if w is not None)
    if fixed > 13 or (None not in wanted and fixed != 13):
        raise ConstraintError(f"shape {token!r} does not add up to 13 cards", field="shape")
    if exact:
        return frozenset(s for s in ALL_SHAPES if all(w is None or w == s[i] for i, w in enumerate(wanted)))
    # Any order: some permutation of the shape matches the token.
    result = set()
    for s in ALL_SHAPES:
        for perm in permutations(range(4)):
            if all(w is None or w == s[perm[i]] for i, w in enumerate(wanted)):
                result.add(s)
                break
    return frozenset(result)


def _normalise_shape_token(token: str) -> str:
    t = token.strip().lower()
    if t in ("semi-balanced", "semi"):
        t = "semibalanced"
    if t in NAMED_SHAPES:
        return t
    if "=" in t:
        return t
    return t.replace("-", "")


@dataclass(frozen=True)
class SeatConstraint:
    """What one seat's hand must satisfy; every part optional.

    ``quick_tricks`` is kept in half tricks so that every range is over integers.
    ``cards`` is a hand mask of predealt cards (the seat must hold them).
    """

    hcp: Range | None = None
    lengths: tuple[Range | None, Range | None, Range | None, Range | None] = (None, None, None, None)
    shapes: tuple[str, ...] = ()
    exclude_shapes: tuple[str, ...] = ()
    cards: int = 0
    quick_tricks: Range | None = None
    losers: Range | None = None
    playing_tricks: Range | None = None
    controls: Range | None = None

    def __post_init__(self) -> None:
        for token in (*self.shapes, *self.exclude_shapes):
            _pattern_shapes(token)  # raises ConstraintError for a malformed token

    @cached_property
    def allowed_shapes(self) -> frozenset[tuple[int, int, int, int]]:
        """Exact shapes allowed by the shape terms and the suit-length ranges together."""
        allowed = ALL_SHAPES
        if self.shapes:
            allowed = frozenset().union(*(_pattern_shapes(t) for t in self.shapes))
        for token in self.exclude_shapes:
            allowed = allowed - _pattern_shapes(token)
        for suit, r in enumerate(self.lengths):
            if r is not None:
                allowed = frozenset(
                    s for s in allowed if (r.lo is None or s[suit] >= r.lo) and (r.hi is None or s[suit] <= r.hi)
                )
        return allowed

    @property
    def restricts_shape(self) -> bool:
        return bool(self.shapes or self.exclude_shapes or any(r is not None for r in self.lengths))

    def measures(self) -> dict[str, Range]:
        """The additive measures this constraint restricts, by table name."""
        result = {}
        for name, table in MEASURE_TABLES.items():
            r = getattr(self, name)
            if r is not None and not r.is_open:
                result[table] = r
        return result

    @property
    def is_empty(self) -> bool:
        return not (self.restricts_shape or self.cards or self.measures())

    def mask(self, hands: np.ndarray) -> np.ndarray:
        """Which of the ``(n,)`` hand masks satisfy this constraint."""
        hands = np.asarray(hands, dtype=np.uint64)
        ok = np.ones(hands.shape, dtype=bool)
        if self.cards:
            ok &= (hands & np.uint64(self.cards)) == np.uint64(self.cards)
        if self.restricts_shape:
            ok &= self.shape_table[evaluation.shape_code(evaluation.suit_lengths(hands))]
        for table_name, r in self.measures().items():
            ok &= r.contains(evaluation.measure(hands, table_name))
        return ok

    @cached_property
    def shape_table(self) -> np.ndarray:
        """``shape_table[shape_code]``: whether that exact shape is allowed (a lookup per hand, no search)."""
        table = np.zeros(14**4, dtype=bool)
        for shape in self.allowed_shapes:
            table[_shape_code(shape)] = True
        table.flags.writeable = False
        return table

    @property
    def needs_drawing(self) -> bool:
        """True when the seat's hand is restricted beyond predealt cards (shape or a measure): only
        such a seat is worth counting and drawing exactly; predealt cards alone are placed directly."""
        return self.restricts_shape or bool(self.measures())

    def to_spec(self) -> str:
        terms = []
        if self.hcp is not None:
            terms.append(f"hcp {self.hcp.text()}")
        for suit, r in enumerate(self.lengths):
            if r is not None:
                terms.append(f"{SUIT_NAMES[suit]} {r.text()}")
        if self.shapes:
            if len(self.shapes) == 1 and self.shapes[0] in ("balanced", "semibalanced"):
                terms.append(self.shapes[0])
            else:
                terms.append("shape " + " ".join(self.shapes))
        if self.exclude_shapes:
            terms.append("not " + " ".join(self.exclude_shapes))
        if self.cards:
            terms.append("cards " + " ".join(card_name(c)[1] + card_name(c)[0] for c in mask_cards(self.cards)))
        if self.quick_tricks is not None:
            terms.append(f"qt {self.quick_tricks.text(scale=2)}")
        if self.losers is not None:
            terms.append(f"ltc {self.losers.text()}")
        if self.playing_tricks is not None:
            terms.append(f"tricks {self.playing_tricks.text()}")
        if self.controls is not None:
            terms.append(f"controls {self.controls.text()}")
        return ", ".join(terms)

    def describe(self) -> str:
        """Plain words for messages ("no hand has …")."""
        return self.to_spec() or "no constraint"

    def fields(self) -> tuple[str, ...]:
        """The editor fields (``errors.SEAT_FIELDS``) this constraint sets, in the editors' order.

        A window marks the field a problem is in; when a seat's request fits no hand and only one
        field is set, that field is the one to loosen.
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
        return tuple(found)


MEASURE_TABLES = {
    "hcp": "HCP",
    "quick_tricks": "QUICK_TRICKS_HALVES",
    "losers": "LOSERS",
    "playing_tricks": "PLAYING_TRICKS",
    "controls": "CONTROLS",
}
"""Constraint field -> per-holding table in ``tables.py`` (each additive over suits)."""

MEASURE_BOUNDS = {"HCP": 37, "QUICK_TRICKS_HALVES": 16, "LOSERS": 12, "PLAYING_TRICKS": 13, "CONTROLS": 12}

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


_SUIT_WORDS = {
    **{name: i for i, name in enumerate(SUIT_NAMES)},
    **{name[:-1]: i for i, name in enumerate(SUIT_NAMES)},
    **{letter.lower(): i for i, letter in enumerate(SUITS)},
    "♠": 0,
    "♥": 1,
    "♦": 2,
    "♣": 3,
}
_MEASURE_WORDS = {
    "hcp": "hcp",
    "points": "hcp",
    "qt": "quick_tricks",
    "quick tricks": "quick_tricks",
    "quicktricks": "quick_tricks",
    "ltc": "losers",
    "losers": "losers",
    "tricks": "playing_tricks",
    "playing tricks": "playing_tricks",
    "pt": "playing_tricks",
    "controls": "controls",
}


def _term_field(low: str) -> str | None:
    """The editor field a seat-spec term sets (``errors.SEAT_FIELDS``), or None for an unknown word."""
    word = low.partition(" ")[0]
    two_words = " ".join(low.split()[:2])
    if low in ("balanced", "semibalanced", "semi-balanced") or word in ("shape", "not", "exclude"):
        return "shape"
    if word == "cards":
        return "cards"
    if word in _SUIT_WORDS:
        return SUIT_NAMES[_SUIT_WORDS[word]]
    if two_words in _MEASURE_WORDS:
        return MEASURE_FIELDS[_MEASURE_WORDS[two_words]]
    if word in _MEASURE_WORDS:
        return MEASURE_FIELDS[_MEASURE_WORDS[word]]
    return None


def parse_seat_spec(text: str) -> SeatConstraint:
    """Read the seat-spec text form (see the module docstring).

    Errors name the term and say why, and carry the editor field of the failing term
    (``ConstraintError.field``: ``"hcp"``, ``"spades"``, ``"shape"``, ``"cards"``, ``"qt"``...) so a
    window can mark it without reading the message.
    """
    values: dict[str, object] = {}
    lengths: list[Range | None] = [None, None, None, None]
    shapes: list[str] = []
    excludes: list[str] = []
    cards = 0
    parts = text.split(",")
    for number, raw in enumerate(parts, start=1):
        term = " ".join(raw.split())
        if not term:
            if len(parts) > 1 and number < len(parts):  # a trailing comma is harmless
                raise ConstraintError(f"term {number} is empty: remove the extra comma")
            continue
        low = term.lower()
        try:
            word, _, rest = low.partition(" ")
            two_words = " ".join(low.split()[:2])
            if low in ("balanced", "semibalanced", "semi-balanced"):
                shapes.append(_normalise_shape_token(low))
            elif word == "shape":
                tokens = rest.split()
                if not tokens:
                    raise ConstraintError("shape needs at least one pattern, e.g. shape 5xxx or shape balanced")
                for tok in tokens:
                    target = excludes if tok.startswith(("-", "!")) else shapes
                    token = _normalise_shape_token(tok.lstrip("-!"))
                    _pattern_shapes(token)
                    target.append(token)
            elif word in ("not", "exclude"):
                tokens = rest.split()
                if tokens and tokens[0] == "shape":
                    tokens = tokens[1:]
                if not tokens:
                    raise ConstraintError("not needs a pattern to exclude, e.g. not 4333")
                for tok in tokens:
                    _pattern_shapes(_normalise_shape_token(tok))
                    excludes.append(_normalise_shape_token(tok))
            elif word == "cards":
                for tok in term.split()[1:]:
                    card = parse_card(tok)
                    bit = 1 << ((card // 13) * 16 + 12 - card % 13)
                    if cards & bit:
                        raise ConstraintError(f"{tok} is listed twice")
                    cards |= bit
                if not term.split()[1:]:
                    raise ConstraintError("cards needs at least one card, e.g. cards AS KH")
            elif word in _SUIT_WORDS:
                suit = _SUIT_WORDS[word]
                if lengths[suit] is not None:
                    raise ConstraintError(f"{SUIT_NAMES[suit]} is given twice")
                suit_range = parse_range(rest, what=f"{SUIT_NAMES[suit]} length")
                if range_hi(suit_range, 0) > 13 or range_lo(suit_range) > 13:
                    raise ConstraintError(
                        f"a suit has at most 13 cards, not {max(range_hi(suit_range, 0), range_lo(suit_range))}"
                    )
                lengths[suit] = suit_range
            elif two_words in _MEASURE_WORDS or word in _MEASURE_WORDS:
                key = two_words if two_words in _MEASURE_WORDS else word
                rest = low[len(key) :].strip()
                name = _MEASURE_WORDS[key]
                if name in values:
                    raise ConstraintError(f"{key} is given twice")
                values[name] = parse_range(rest, scale=2 if name == "quick_tricks" else 1, what=key)
            else:
                raise ConstraintError(
                    f"unknown word {word!r}; terms are hcp, spades, hearts, diamonds, clubs, shape, balanced, "
                    "semibalanced, not, cards, qt, ltc, tricks, controls"
                )
        except BridgeError as exc:
            raise ConstraintError(f"term {number} '{term}': {exc}", field=_term_field(low)) from None
    try:
        return SeatConstraint(
            lengths=tuple(lengths),  # type: ignore[arg-type]
            shapes=tuple(shapes),
            exclude_shapes=tuple(excludes),
            cards=cards,
            **values,  # type: ignore[arg-type]
        )
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
        if w in _SUIT_WORDS:
            if suit is not None:
                raise ConstraintError(f"fit {text!r} names two suits", field="fit")
            suit = _SUIT_WORDS[w]
        elif w in ("any", "some", "suit", "in", "a"):
            continue
        else:
            rest.append(w)
    try:
        r = parse_range(" ".join(rest) or "?", what="fit")
    except ConstraintError as exc:
        raise ConstraintError(str(exc), field="fit") from None
    if r.lo is None or r.hi is not None:
        raise ConstraintError(f"a fit is written as a minimum, e.g. 8+ hearts, not {text!r}", field="fit")
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
            raise ConstraintError(f"term {number} '{term}': {exc}", field=term_field) from None
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
                raise ConstraintError(f"{SEAT_NAMES[seat]}: {exc}", seat=SEATS[seat], field=exc.field) from None
        sides = []
        for name, text in (("NS", ns), ("EW", ew)):
            try:
                sides.append(parse_partnership_spec(text))
            except ConstraintError as exc:
                raise ConstraintError(f"{name}: {exc}", seat=name, field=exc.field) from None
        return cls(tuple(seats), sides[0], sides[1])  # type: ignore[arg-type]

    @property
    def is_empty(self) -> bool:
        return all(s.is_empty for s in self.seats) and self.ns.is_empty and self.ew.is_empty and self.condition is None

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
            raise ConstraintError("; ".join(p.text() for p in problems), seat=first.seat, field=first.field)


def seat_problems(c: SeatConstraint, seat: str = "") -> list[Problem]:
    """Contradictions inside one seat's constraint, as problems of ``seat`` (``"N"``..., or ``""``).

    Messages do not name the seat (``Problem.text()`` adds it); each field is the one a user would
    change: the measure's for a bound no hand reaches, ``"cards"`` for predealt cards, ``"shape"``
    when shape terms exclude every shape, None when several suits add up to too much or too little.
    """
    found: list[Problem] = []
    mins = [r.lo or 0 if r is not None else 0 for r in c.lengths]
    if sum(mins) > 13:
        found.append(Problem(seat, None, f"minimum suit lengths add up to {sum(mins)}, more than 13 cards"))
    maxes = [13 if r is None or r.hi is None else r.hi for r in c.lengths]
    if sum(maxes) < 13:
        found.append(Problem(seat, None, f"maximum suit lengths add up to {sum(maxes)}, fewer than 13 cards"))
    if c.restricts_shape and not c.allowed_shapes:
        shape_field = "shape" if c.shapes or c.exclude_shapes else None
        found.append(Problem(seat, shape_field, "no shape fits both the shape terms and the suit lengths"))
    for fname, table in MEASURE_TABLES.items():
        r = getattr(c, fname)
        if r is not None and r.lo is not None and r.lo > MEASURE_BOUNDS[table]:
            scale = 2 if fname == "quick_tricks" else 1
            word = MEASURE_FIELDS[fname]
            bound = MEASURE_BOUNDS[table] / scale
            found.append(Problem(seat, word, f"{word} {r.text(scale)} is more than any hand can have ({bound:g})"))
    if c.cards:
        n = c.cards.bit_count()
        if n > 13:
            found.append(Problem(seat, "cards", f"{n} predealt cards, more than a hand holds"))
        for suit in range(4):
            held = suit_holding(c.cards, suit).bit_count()
            r = c.lengths[suit]
            if r is not None and r.hi is not None and held > r.hi:
                name = SUIT_NAMES[suit]
                found.append(
                    Problem(seat, "cards", f"predealt cards include {held} {name}, but {name} {r.text()} allows {r.hi}")
                )
        if n == 13 and not bool(c.mask(np.array([c.cards], dtype=np.uint64))[0]):
            found.append(Problem(seat, "cards", "the predealt hand does not satisfy the seat's own constraint"))
        if c.hcp is not None and c.hcp.hi is not None:
            points = sum(int(tables.HCP[suit_holding(c.cards, s)]) for s in range(4))
            if points > c.hcp.hi:
                found.append(Problem(seat, "cards", f"predealt cards hold {points} hcp, more than hcp {c.hcp.text()}"))
    return found


__all__ = [
    "ALL_SHAPES",
    "DealRequest",
    "Fit",
    "PartnershipConstraint",
    "Range",
    "SeatConstraint",
    "parse_fit",
    "parse_partnership_spec",
    "parse_range",
    "parse_seat_spec",
    "seat_problems",
]
