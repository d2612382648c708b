"""Cards, hands and deals: the scalar API on top of the batch representation.

Representation (shared by every engine module):

* A card is an integer ``0..51`` in the order of Andrews, "Encoding Bridge Deals": spades first, ace to deuce, then
  hearts, diamonds, clubs.  So ``card = suit * 13 + rank`` with ``rank`` 0 for the ace and 12 for the deuce.
* A hand is a 64-bit mask with one 16-bit field per suit (spades in the lowest field).  Inside a
  field, bit 12 is the ace and bit 0 the deuce, so a field read as an integer orders holdings by
  strength and every per-suit measure is a lookup in an 8192-entry table (``tables.py``).  Viewing
  a ``uint64`` array of hands as ``uint16`` gives the suit holdings for free, with no arithmetic.
* A batch of deals is a ``uint64`` array of shape ``(n, 4)``: the hands of North, East, South, West.

``Hand`` and ``Deal`` are small immutable conveniences for the GUI, the formats and the tests; the
hot paths never build them.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass

from bridgegui.engine.errors import DealError

SEATS = "NESW"
SUITS = "SHDC"
RANKS = "AKQJT98765432"
SUIT_SYMBOLS = "♠♥♦♣"
SEAT_NAMES = ("North", "East", "South", "West")
SUIT_NAMES = ("spades", "hearts", "diamonds", "clubs")

HOLDING_BITS = 16
"""Width of one suit's field in a hand mask."""

FULL_SUIT = 0x1FFF
"""All 13 cards of one suit as a holding mask."""


def card_bit(card: int) -> int:
    """The bit of ``card`` (0..51, in the order of Andrews, "Encoding Bridge Deals") in a hand mask."""
    suit, rank = divmod(card, 13)
    return 1 << (suit * HOLDING_BITS + 12 - rank)


CARD_BITS: tuple[int, ...] = tuple(card_bit(c) for c in range(52))
FULL_DECK_MASK = sum(CARD_BITS)


def card_name(card: int) -> str:
    """``"SA"``-style name (suit then rank), as dealer scripts and PBN ``Play`` sections write cards."""
    suit, rank = divmod(card, 13)
    return SUITS[suit] + RANKS[rank]


def parse_card(text: str) -> int:
    """Read a card written ``SA``, ``AS``, ``s10`` or ``♠A`` (either order, any case)."""
    t = text.strip().upper().replace("10", "T")
    for sym, letter in zip(SUIT_SYMBOLS, SUITS, strict=True):
        t = t.replace(sym, letter)
    if len(t) == 2:
        a, b = t[0], t[1]
        if a in SUITS and b in RANKS:
            return SUITS.index(a) * 13 + RANKS.index(b)
        if b in SUITS and a in RANKS:
            return SUITS.index(b) * 13 + RANKS.index(a)
    raise DealError(f"{text!r} is not a card: write a suit (S H D C) and a rank (A K Q J T 9 … 2), e.g. AS or SA")


def seat_index(seat: str | int) -> int:
    """Accept ``"N"``/``"north"``/``0`` and return 0..3 (N, E, S, W)."""
    if isinstance(seat, int):
        if 0 <= seat < 4:
            return seat
    elif seat:
        letter = seat.strip()[:1].upper()
        if letter in SEATS:
            return SEATS.index(letter)
    raise DealError(f"{seat!r} is not a seat: use N, E, S or W")


def mask_cards(mask: int) -> list[int]:
    """The cards of a hand mask in rank order (spades first, ace first)."""
    return [c for c in range(52) if mask & CARD_BITS[c]]


def mask_from_cards(cards: Iterable[int]) -> int:
    mask = 0
    for c in cards:
        bit = CARD_BITS[c]
        if mask & bit:
            raise DealError(f"the {card_name(c)} is given twice")
        mask |= bit
    return mask


def suit_holding(mask: int, suit: int) -> int:
    """The 13-bit holding of ``suit`` (0..3) in a hand mask."""
    return (mask >> (suit * HOLDING_BITS)) & FULL_SUIT


def holding_text(holding: int) -> str:
    """``AKT2``-style text of a 13-bit holding, ranks in descending order (PBN's rule)."""
    return "".join(RANKS[12 - b] for b in range(12, -1, -1) if holding >> b & 1)


def parse_holding(text: str, suit_name: str = "suit") -> int:
    """Read ``AKT2`` / ``ak102`` / ``""`` into a 13-bit holding; duplicate or unknown ranks are errors."""
    t = text.strip().upper().replace("10", "T")
    holding = 0
    for ch in t:
        if ch not in RANKS:
            raise DealError(f"unknown rank {ch!r} in {suit_name} {text!r}: ranks are A K Q J T 9 8 7 6 5 4 3 2")
        bit = 1 << (12 - RANKS.index(ch))
        if holding & bit:
            raise DealError(f"the {ch} of {suit_name} appears twice in {text!r}")
        holding |= bit
    return holding


@dataclass(frozen=True, slots=True)
class Hand:
    """Thirteen (or, for a partly known deal, fewer) cards; evaluation as the Old Lady write-up
    "Tricky Trick-y Algorithm" and the clarifications define it."""

    mask: int

    @classmethod
    def from_pbn(cls, text: str) -> Hand:
        """Read ``AK2.QJ3.T98.7654`` (spades.hearts.diamonds.clubs)."""
        parts = text.strip().split(".")
        if len(parts) != 4:
            raise DealError(f"hand {text!r} needs four suits separated by dots (spades.hearts.diamonds.clubs)")
        mask = 0
        for suit, part in enumerate(parts):
            mask |= parse_holding(part, SUIT_NAMES[suit]) << (suit * HOLDING_BITS)
        return cls(mask)

    @classmethod
    def from_cards(cls, cards: Iterable[int]) -> Hand:
        return cls(mask_from_cards(cards))

    def holding(self, suit: int | str) -> int:
        s = SUITS.index(suit.upper()) if isinstance(suit, str) else suit
        return suit_holding(self.mask, s)

    @property
    def holdings(self) -> tuple[int, int, int, int]:
        m = self.mask
        return (suit_holding(m, 0), suit_holding(m, 1), suit_holding(m, 2), suit_holding(m, 3))

    @property
    def cards(self) -> list[int]:
        return mask_cards(self.mask)

    def __len__(self) -> int:
        return self.mask.bit_count()

    def __contains__(self, card: object) -> bool:
        return isinstance(card, int) and 0 <= card < 52 and bool(self.mask & CARD_BITS[card])

    def to_pbn(self) -> str:
        return ".".join(holding_text(h) for h in self.holdings)

    def __str__(self) -> str:
        return self.to_pbn()

    # Evaluation: each is a sum over suits of a per-holding table (see tables.py).
    def _sum(self, table_name: str) -> int:
        from bridgegui.engine import tables

        table = getattr(tables, table_name)
        return sum(int(table[h]) for h in self.holdings)

    @property
    def shape(self) -> tuple[int, int, int, int]:
        """Suit lengths in S, H, D, C order."""
        a, b, c, d = self.holdings
        return (a.bit_count(), b.bit_count(), c.bit_count(), d.bit_count())

    @property
    def pattern(self) -> tuple[int, int, int, int]:
        """Suit lengths longest first (``(5, 4, 3, 1)``): the shape regardless of suits."""
        return tuple(sorted(self.shape, reverse=True))  # type: ignore[return-value]

    @property
    def hcp(self) -> int:
        """Milton Work points: A 4, K 3, Q 2, J 1."""
        return self._sum("HCP")

    @property
    def controls(self) -> int:
        """A 2, K 1."""
        return self._sum("CONTROLS")

    @property
    def quick_tricks(self) -> float:
        """Quick tricks as the Old Lady write-up "Tricky Trick-y Algorithm" counts them: AK 2, AQ 1.5, A 1, KQ 1, K with
        at least one other card 0.5."""
        return self._sum("QUICK_TRICKS_HALVES") / 2

    @property
    def losers(self) -> int:
        """Standard losing-trick count (missing A, K, Q among the top min(length, 3) cards)."""
        return self._sum("LOSERS")

    @property
    def playing_tricks(self) -> int:
        """The per-suit play-out heuristic of the Old Lady write-up "Tricky Trick-y Algorithm", steps 1-6 (see
        ``tables.suit_playing_tricks``)."""
        return self._sum("PLAYING_TRICKS")


@dataclass(frozen=True, slots=True)
class Deal:
    """Four hands, North, East, South, West.  ``None`` marks a hand a PBN file left unknown."""

    hands: tuple[int | None, int | None, int | None, int | None]

    def __post_init__(self) -> None:
        if len(self.hands) != 4:
            raise DealError("a deal has four hands")
        seen = 0
        for seat, mask in enumerate(self.hands):
            if mask is None:
                continue
            if mask & ~FULL_DECK_MASK:
                raise DealError(f"{SEAT_NAMES[seat]}'s hand holds bits that are not cards")
            count = mask.bit_count()
            if count != 13:
                raise DealError(f"{SEAT_NAMES[seat]} has {count} cards; every hand needs 13")
            dup = seen & mask
            if dup:
                names = ", ".join(card_name(c) for c in mask_cards(dup))
                raise DealError(f"{names} dealt to more than one hand (again to {SEAT_NAMES[seat]})")
            seen |= mask

    @classmethod
    def from_masks(cls, masks: Sequence[int]) -> Deal:
        return cls(tuple(int(m) for m in masks))  # type: ignore[arg-type]

    @classmethod
    def from_owner(cls, owner: Sequence[int]) -> Deal:
        """From the seat (0..3) of each card 0..51."""
        if len(owner) != 52:
            raise DealError(f"an owner list has 52 entries, not {len(owner)}")
        masks = [0, 0, 0, 0]
        for card, seat in enumerate(owner):
            masks[seat_index(int(seat))] |= CARD_BITS[card]
        return cls.from_masks(masks)

    @property
    def is_complete(self) -> bool:
        return all(m is not None for m in self.hands)

    @property
    def owner(self) -> list[int]:
        """The seat of each card 0..51 (the "WSSSSEN…" string of Andrews, "Encoding Bridge Deals", as numbers)."""
        self.require_complete()
        result = [0] * 52
        for seat, mask in enumerate(self.hands):
            for c in mask_cards(mask or 0):
                result[c] = seat
        return result

    def require_complete(self) -> None:
        missing = [SEAT_NAMES[s] for s, m in enumerate(self.hands) if m is None]
        if missing:
            raise DealError(
                f"this needs a full deal, but {' and '.join(missing)} {'is' if len(missing) == 1 else 'are'} unknown"
            )

    def hand(self, seat: str | int) -> Hand:
        s = seat_index(seat)
        mask = self.hands[s]
        if mask is None:
            raise DealError(f"{SEAT_NAMES[s]}'s hand is unknown in this deal")
        return Hand(mask)

    def __iter__(self) -> Iterator[Hand]:
        self.require_complete()
        return (Hand(m or 0) for m in self.hands)

    def to_pbn(self, first: str = "N") -> str:
        """PBN deal string starting with ``first`` and going clockwise; ``-`` for an unknown hand."""
        f = seat_index(first)
        parts = []
        for i in range(4):
            mask = self.hands[(f + i) % 4]
            parts.append("-" if mask is None else Hand(mask).to_pbn())
        return f"{SEATS[f]}:" + " ".join(parts)

    def __str__(self) -> str:
        return self.to_pbn()


def parse_deal(text: str, *, allow_missing: bool = False) -> Deal:
    """Read a PBN deal string such as ``"N:AK2.QJ3.T98.7654 ..."``.

    Any first seat; lowercase is accepted; ``-`` (or ``...``, which some programs write) marks an
    unknown hand, which is an error unless ``allow_missing`` (a full deal is needed to deal or
    evaluate).  A deal with exactly one unknown hand gets it filled from the 13 remaining cards,
    as PBN allows.
    """
    t = text.strip()
    if len(t) < 2 or t[1] != ":" or t[0].upper() not in SEATS:
        raise DealError(f"a deal starts with a seat and a colon, e.g. 'N:AK2.QJ3.T98.7654 ...', not {text[:20]!r}")
    first = SEATS.index(t[0].upper())
    parts = t[2:].split()
    if len(parts) != 4:
        raise DealError(f"a deal lists four hands separated by spaces; found {len(parts)} in {text!r}")
    masks: list[int | None] = [None] * 4
    for i, part in enumerate(parts):
        seat = (first + i) % 4
        if part in ("-", "..."):
            continue
        try:
            masks[seat] = Hand.from_pbn(part).mask
        except DealError as exc:
            raise DealError(f"{SEAT_NAMES[seat]}: {exc}") from None
    missing = [s for s in range(4) if masks[s] is None]
    if len(missing) == 1:
        known = 0
        for m in masks:
            known |= m or 0
        rest = FULL_DECK_MASK & ~known
        if rest.bit_count() == 13:
            masks[missing[0]] = rest
            missing = []
    if missing and not allow_missing:
        names = " and ".join(SEAT_NAMES[s] for s in missing)
        raise DealError(f"a full deal is needed, but {names} {'is' if len(missing) == 1 else 'are'} missing ('-')")
    return Deal(tuple(masks))  # type: ignore[arg-type]
