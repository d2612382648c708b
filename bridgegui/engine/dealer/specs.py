"""The seat-spec text form: ranges, shape tokens, and the parser and printer of one seat's terms.

One seat's spec is comma-separated terms::

    hcp 15-17, balanced
    spades 5+, hcp 8-9
    shape 5xxx 6xxx, qt 2+
    hearts 0-1, ltc 7-
    cards AS KH QD
    shape any, not 4333, controls 3+, tricks 6-8
    shape 10-x-x-x 13-0-0-0, not 0=x=x=x
    points 13-21, support hearts 10-12, rule20, quality spades 3+, stopper hearts, stopper clubs

Ranges are ``a-b``, ``a+``, ``a-`` (at most a) or ``a``.  A shape pattern with a length of 10 or
more separates its lengths (``10-x-x-x``, ``13=0=0=0``).  ``seat_spec_text`` writes the canonical
text of a constraint and ``seat_spec_values`` reads text back into a constraint's fields, so that
``parse_seat_spec(c.to_spec()) == c`` for every constraint.  The constraint itself (what a hand must
satisfy, and how a batch is tested) lives in ``constraints.py``, which re-exports these names; the
text form is apart so that each module stays one concern.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING

import numpy as np

from bridgegui.engine.cards import SUIT_NAMES, SUITS, card_name, mask_cards, parse_card
from bridgegui.engine.errors import MORE_WORDS, SEAT_FIELDS, BridgeError, ConstraintError

if TYPE_CHECKING:
    from bridgegui.engine.dealer.constraints import SeatConstraint


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


ECHO_CHARS = 60
"""The most of a user's text that an error message repeats (a pasted 100,000-character term is cut)."""

PATH_ECHO_CHARS = 240
"""The most of a file name an error message repeats: real paths fit, a pasted 100 kB one is cut."""

_MAX_DIGITS = 4
"""Digits a number in a spec may have: no measure of a hand reaches 10,000, and a longer number is a typo."""


def echo(text: str, limit: int = ECHO_CHARS) -> str:
    """``text`` as an error message repeats it: at most ``limit`` characters, cut with an ellipsis."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


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
        raise ConstraintError(f"{echo(text.strip())!r} is not a range for {what}: write 15-17, 5+, 7- or 4")

    def num(s: str) -> int:
        # Exact, in integers: a float turned 99999999999999999999999 into 99999999999999991611392.
        whole, _, fraction = s.partition(".")
        if len(whole.lstrip("0")) > _MAX_DIGITS:
            raise ConstraintError(f"{echo(s)!r} is too large for {what}")
        fraction = fraction.rstrip("0")
        if fraction and not (fraction == "5" and scale % 2 == 0):
            unit = "half" if scale == 2 else "whole number"
            raise ConstraintError(f"{what} counts in steps of one {unit}: {echo(s)!r} is not one")
        return int(whole) * scale + (scale // 2 if fraction else 0)

    a, op, b = m.groups()
    lo = num(a)
    if op is None:
        return Range(lo, lo)
    if op == "+":
        if b is not None:
            raise ConstraintError(f"{echo(text.strip())!r}: write a+ with nothing after the plus")
        return Range(lo, None)
    if b is None:
        return Range(None, lo)
    hi = num(b)
    if lo > hi:
        raise ConstraintError(f"{what} {echo(text.strip())}: the minimum {echo(a)} is above the maximum {echo(b)}")
    return Range(lo, hi)


ALL_SHAPES: frozenset[tuple[int, int, int, int]] = frozenset(
    (s, h, d, 13 - s - h - d) for s in range(14) for h in range(14 - s) for d in range(14 - s - h)
)
NAMED_SHAPES = {
    "balanced": ("4333", "4432", "5332"),
    "semibalanced": ("4333", "4432", "5332", "5422", "6322"),
    "any": (),
}


def _any_order_prefixes_dropped(tokens: list[str]) -> list[str]:
    """The shape tokens without dealer's ``any`` before a pattern (``shape any 4441``, ``not any
    4333``): dealer writes ``any`` to mean "in any suit order", which a pattern such as ``4441``
    already means here (an exact ``5=4=x=x`` after it is read in any order, ``5-4-x-x``).  Read as a
    pattern of its own, ``any`` allowed every shape, and ``shape any 4441`` silently meant any hand.
    ``any`` on its own (``shape any``, ``shape 5xxx any``, ``shape any not 4333``, ``shape any
    -4333``) still means every shape."""
    kept: list[str] = []
    any_order = False
    for place, token in enumerate(tokens):
        following = tokens[place + 1] if place + 1 < len(tokens) else None
        if (
            token == "any"
            and following is not None
            and following not in (*_NEGATIONS, "any")
            and following[0] not in "-!"
        ):
            any_order = True
            continue
        kept.append(token.replace("=", "-") if any_order else token)
        any_order = False
    return kept


@cache
def pattern_shapes(token: str) -> frozenset[tuple[int, int, int, int]]:
    """Exact (S, H, D, C) shapes matching one shape token.

    ``4333`` / ``5xxx`` / ``4-3-3-3``: any suit order, ``x`` a wildcard.  ``5=4=x=x``: exact order
    (spades, hearts, diamonds, clubs).  ``balanced``/``semibalanced``: the named sets.  A length of
    10 or more is written between separators (``13-0-0-0``, ``10-x-x-x``, ``13=0=0=0``): ``13000``
    could be read several ways, and ``11200`` is both 11-2-0-0 and 1-12-0-0.
    """
    t = token.strip().lower()
    if t in NAMED_SHAPES:
        if t == "any":
            return ALL_SHAPES
        return frozenset().union(*(pattern_shapes(p) for p in NAMED_SHAPES[t]))
    exact = "=" in t
    parts = t.split("=") if exact else _any_order_parts(t)
    if len(parts) != 4:
        raise ConstraintError(
            f"shape {echo(token)!r} needs four lengths, e.g. 4333, 5xxx, 5=4=x=x or 10-1-1-1", field="shape"
        )
    wanted: list[int | None] = []
    for p in parts:
        if p == "x":
            wanted.append(None)
        elif p.isascii() and p.isdecimal() and len(p) <= 2 and int(p) <= 13:  # "²" is a digit int() refuses
            wanted.append(int(p))
        else:
            raise ConstraintError(
                f"shape {echo(token)!r}: {echo(p)!r} is not a suit length (0-13, or x for any)", field="shape"
            )
    fixed = sum(w for w in wanted if w is not None)
    if fixed > 13 or (None not in wanted and fixed != 13):
        raise ConstraintError(f"shape {echo(token)!r} does not add up to 13 cards", field="shape")
    if exact:
        return frozenset(s for s in ALL_SHAPES if all(w is None or w == s[i] for i, w in enumerate(wanted)))
    # Any order: some permutation of the shape matches the token, which is exactly when the token's
    # fixed lengths, as a multiset, are among the shape's (the wildcards take the other suits).  Counting
    # beats trying 24 orders of 560 shapes: "balanced" took 90 ms of every run's start.
    shapes, counts = _length_counts()
    needed = np.bincount([w for w in wanted if w is not None], minlength=14)
    return frozenset(shapes[i] for i in np.flatnonzero((counts >= needed).all(axis=1)))


@cache
def _length_counts() -> tuple[list[tuple[int, int, int, int]], np.ndarray]:
    """Every shape, and for each how many of its suits have each length 0..13 (a ``(560, 14)`` table)."""
    shapes = sorted(ALL_SHAPES)
    counts = np.zeros((len(shapes), 14), dtype=np.int64)
    for row, shape in enumerate(shapes):
        for length in shape:
            counts[row, length] += 1
    return shapes, counts


def _any_order_parts(t: str) -> list[str]:
    """The four lengths of an any-order token: ``13-0-0-0`` split at the dashes, ``4333`` (or the
    older ``4-333``) one character each."""
    dashed = t.split("-")
    if len(dashed) == 4 and all(dashed):
        return dashed
    return list(t.replace("-", ""))


def normalise_shape_token(token: str) -> str:
    """The canonical spelling of a shape token (``semi-balanced`` -> ``semibalanced``, ``4-3-3-3`` -> ``4333``).

    Lengths of 10 or more keep their separators (``13-0-0-0``): without them the token cannot be read back.
    """
    t = token.strip().lower()
    if t in ("semi-balanced", "semi"):
        t = "semibalanced"
    if t in NAMED_SHAPES:
        return t
    if "=" in t:
        return t
    parts = _any_order_parts(t)
    if len(parts) == 4 and any(len(p) > 1 for p in parts):
        return "-".join(parts)
    return t.replace("-", "")


def compact_shape_tokens(shapes: frozenset[tuple[int, int, int, int]]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The shortest seat-spec text for exactly ``shapes``: (``shape`` tokens, ``not`` tokens).

    ``any 5xxx`` imported from a dealer script reads ``5xxx``, not 30 exact shapes; ``not
    shape(north, any 0xxx)`` reads ``not 0xxx``: what a teacher would type.  ``shape_text`` chooses the
    tokens; ``SeatConstraint(shapes=..., exclude_shapes=...).allowed_shapes`` gives ``shapes`` back.
    """
    from bridgegui.engine.shape_text import spec_shape_cover  # only when printing a set: keeps start-up light

    cover = spec_shape_cover(frozenset(shapes))
    return cover.included, cover.excluded


SUIT_WORDS = {
    **{name: i for i, name in enumerate(SUIT_NAMES)},
    **{name[:-1]: i for i, name in enumerate(SUIT_NAMES)},
    **{letter.lower(): i for i, letter in enumerate(SUITS)},
    "♠": 0,
    "♥": 1,
    "♦": 2,
    "♣": 3,
}
"""Every way a spec names a suit (``spades``, ``spade``, ``s``, ``♠``) -> its index."""

RANGE_WORDS = {
    "hcp": "hcp",
    "quick_tricks": "qt",
    "losers": "ltc",
    "playing_tricks": "tricks",
    "controls": "controls",
    "points": "points",
}
"""Constraint field of a whole-hand range -> the spec word that sets it (and the word printed)."""

MEASURE_WORDS = {
    "hcp": "hcp",
    "points": "points",
    "total points": "points",
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
"""Spec words (and aliases) of the whole-hand ranges -> the constraint field they set."""

SUIT_MEASURE_WORDS = {"support": "support", "quality": "quality"}
"""Words of the per-suit ranges (``support hearts 10-12``, ``quality spades 3+``) -> the field."""

_STOPPER_WORDS = ("stopper", "stoppers")
_RULE20_WORDS = ("rule20", "rule of 20", "rule 20")
_TERM_WORDS = (
    "hcp, points, spades, hearts, diamonds, clubs, shape, balanced, semibalanced, not, cards, qt, ltc, tricks, "
    "controls, support, rule20, quality, stopper"
)


_NEGATIONS = ("not", "exclude", "except")
"""Words after which shape patterns are excluded rather than allowed."""


def term_field(low: str) -> str | None:
    """The editor field (``errors.SEAT_FIELDS``) a seat-spec term sets, or None.

    ``more`` for the terms made for bidding systems (``points``, ``support``, ``rule20``,
    ``quality``, ``stopper``: the seat editor shows them in one text field); None for an unknown word.
    """
    word = low.partition(" ")[0]
    if word in MORE_WORDS:
        return "more"
    two_words = " ".join(low.split()[:2])
    if low in ("balanced", "semibalanced", "semi-balanced") or word in ("shape", *_NEGATIONS):
        return "shape"
    if word == "cards":
        return "cards"
    if word in SUIT_WORDS:
        return SUIT_NAMES[SUIT_WORDS[word]]
    key = two_words if two_words in MEASURE_WORDS else word
    if key in MEASURE_WORDS:
        spec_word = RANGE_WORDS[MEASURE_WORDS[key]]
        return spec_word if spec_word in SEAT_FIELDS else None
    return None


def _suit_and_rest(word: str, rest: str, example: str) -> tuple[int, str]:
    """``hearts 10-12`` after ``support``: the suit's index and the text after it."""
    suit_word, _, after = rest.partition(" ")
    if suit_word not in SUIT_WORDS:
        raise ConstraintError(f"{word} needs a suit, e.g. {example}")
    return SUIT_WORDS[suit_word], after


def seat_spec_values(text: str) -> dict[str, object]:
    """The ``SeatConstraint`` fields that seat-spec ``text`` sets (keyword arguments for it).

    Errors name the term and say why, and carry the editor field of the failing term
    (``ConstraintError.field``: ``"hcp"``, ``"spades"``, ``"shape"``, ``"cards"``, ``"qt"``..., None
    for a term with no field in the editor) so a window can mark it without reading the message.
    """
    values: dict[str, object] = {}
    lengths: list[Range | None] = [None, None, None, None]
    per_suit: dict[str, list[Range | None]] = {"support": [None] * 4, "quality": [None] * 4}
    stoppers = [False] * 4
    rule20 = False
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
                shapes.append(normalise_shape_token(low))
            elif word == "shape":
                # Patterns any of which will do; after "not" (or "exclude", "except"), or written
                # -4333 or !4333, patterns to exclude: "shape 5xxx 6xxx not 5332".
                tokens = _any_order_prefixes_dropped([tok for tok in rest.split() if tok != "shape"])
                if not tokens:
                    raise ConstraintError("shape needs at least one pattern, e.g. shape 5xxx or shape balanced")
                negated = False
                for tok in tokens:
                    if tok in _NEGATIONS:
                        negated = True
                        continue
                    target = excludes if negated or tok.startswith(("-", "!")) else shapes
                    token = normalise_shape_token(tok.lstrip("-!"))
                    pattern_shapes(token)
                    target.append(token)
                if negated and tokens[-1] in _NEGATIONS:
                    raise ConstraintError("not needs a pattern to exclude, e.g. not 4333")
            elif word in _NEGATIONS:
                tokens = rest.split()
                if tokens and tokens[0] == "shape":
                    tokens = tokens[1:]
                tokens = _any_order_prefixes_dropped(tokens)
                if not tokens:
                    raise ConstraintError("not needs a pattern to exclude, e.g. not 4333")
                for tok in tokens:
                    pattern_shapes(normalise_shape_token(tok))
                    excludes.append(normalise_shape_token(tok))
            elif word == "cards":
                for tok in term.split()[1:]:
                    card = parse_card(tok)
                    bit = 1 << ((card // 13) * 16 + 12 - card % 13)
                    if cards & bit:
                        raise ConstraintError(f"{echo(tok)} is listed twice")
                    cards |= bit
                if not term.split()[1:]:
                    raise ConstraintError("cards needs at least one card, e.g. cards AS KH")
            elif word in SUIT_WORDS:
                suit = SUIT_WORDS[word]
                if lengths[suit] is not None:
                    raise ConstraintError(f"{SUIT_NAMES[suit]} is given twice")
                suit_range = parse_range(rest, what=f"{SUIT_NAMES[suit]} length")
                if range_hi(suit_range, 0) > 13 or range_lo(suit_range) > 13:
                    raise ConstraintError(
                        f"a suit has at most 13 cards, not {max(range_hi(suit_range, 0), range_lo(suit_range))}"
                    )
                lengths[suit] = suit_range
            elif low in _RULE20_WORDS:
                if rule20:
                    raise ConstraintError("rule20 is given twice")
                rule20 = True
            elif word in _STOPPER_WORDS:
                if not rest:
                    raise ConstraintError("stopper needs a suit, e.g. stopper hearts")
                for suit_word in rest.split():
                    if suit_word not in SUIT_WORDS:
                        raise ConstraintError(f"{echo(suit_word)!r} is not a suit: write e.g. stopper hearts")
                    suit = SUIT_WORDS[suit_word]
                    if stoppers[suit]:
                        raise ConstraintError(f"stopper {SUIT_NAMES[suit]} is given twice")
                    stoppers[suit] = True
            elif word in SUIT_MEASURE_WORDS:
                example = "support hearts 10-12" if word == "support" else "quality spades 3+"
                suit, after = _suit_and_rest(word, rest, example)
                ranges = per_suit[SUIT_MEASURE_WORDS[word]]
                if ranges[suit] is not None:
                    raise ConstraintError(f"{word} {SUIT_NAMES[suit]} is given twice")
                ranges[suit] = parse_range(after, what=f"{word} {SUIT_NAMES[suit]}")
            elif two_words in MEASURE_WORDS or word in MEASURE_WORDS:
                key = two_words if two_words in MEASURE_WORDS else word
                rest = low[len(key) :].strip()
                name = MEASURE_WORDS[key]
                if name in values:
                    raise ConstraintError(f"{key} is given twice")
                values[name] = parse_range(rest, scale=2 if name == "quick_tricks" else 1, what=key)
            else:
                raise ConstraintError(f"unknown word {echo(word)!r}; terms are {_TERM_WORDS}")
        except BridgeError as exc:
            reason = echo(getattr(exc, "reason", str(exc)), 4 * ECHO_CHARS)  # cards.py repeats a card as given
            raise ConstraintError(
                f"term {number} '{echo(term)}': {echo(str(exc), 4 * ECHO_CHARS)}", field=term_field(low), reason=reason
            ) from None
    return {
        **values,
        "lengths": tuple(lengths),
        # every shape, whatever else is listed beside it: one spelling, so a term list written back
        # (``to_spec``) reads as the same constraint
        "shapes": ("any",) if "any" in shapes else tuple(shapes),
        "exclude_shapes": tuple(excludes),
        "cards": cards,
        "support": tuple(per_suit["support"]),
        "quality": tuple(per_suit["quality"]),
        "stoppers": tuple(stoppers),
        "rule20": rule20,
    }


def cards_text(cards: int) -> str:
    """``AS KH QD``: predealt cards as the ``cards`` term writes them."""
    return " ".join(card_name(c)[1] + card_name(c)[0] for c in mask_cards(cards))


def seat_spec_text(c: SeatConstraint) -> str:
    """The canonical spec text of ``c``: the terms in a fixed order, each as the parser reads it."""
    terms = []
    if c.hcp is not None:
        terms.append(f"hcp {c.hcp.text()}")
    for suit, r in enumerate(c.lengths):
        if r is not None:
            terms.append(f"{SUIT_NAMES[suit]} {r.text()}")
    if c.shapes:
        if len(c.shapes) == 1 and c.shapes[0] in ("balanced", "semibalanced"):
            terms.append(c.shapes[0])
        else:
            terms.append("shape " + " ".join(c.shapes))
    if c.exclude_shapes:
        terms.append("not " + " ".join(c.exclude_shapes))
    if c.cards:
        terms.append("cards " + cards_text(c.cards))
    if c.quick_tricks is not None:
        terms.append(f"qt {c.quick_tricks.text(scale=2)}")
    for name in ("losers", "playing_tricks", "controls", "points"):
        r = getattr(c, name)
        if r is not None:
            terms.append(f"{RANGE_WORDS[name]} {r.text()}")
    terms += [f"support {SUIT_NAMES[s]} {r.text()}" for s, r in enumerate(c.support) if r is not None]
    if c.rule20:
        terms.append("rule20")
    terms += [f"quality {SUIT_NAMES[s]} {r.text()}" for s, r in enumerate(c.quality) if r is not None]
    terms += [f"stopper {SUIT_NAMES[s]}" for s, stopped in enumerate(c.stoppers) if stopped]
    return ", ".join(terms)
