"""Boards: dealer and vulnerability of the 16-board cycle (Laws of Duplicate Bridge, Law 2), and ``Board``.

``Board`` is the unit the formats read and write (a PBN "game"): a number, a deal, and every other
tag, section and comment a file held, so that loading and re-saving a file keeps them.
``boards_from_batch`` numbers a dealt batch; ``Board.redealt`` puts a new deal on an existing board.
The command line and the window both make their boards here, so a set is the same whichever made it.
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass

import numpy as np

from bridgegui.engine.cards import SEATS, Deal
from bridgegui.engine.errors import BridgeError

# Law 2: boards 1-16, repeating every 16 boards.
_VULNERABILITY = (
    "None", "NS", "EW", "All",
    "NS", "EW", "All", "None",
    "EW", "All", "None", "NS",
    "All", "None", "NS", "EW",
)  # fmt: skip


def _check(board: int) -> int:
    if isinstance(board, bool) or not isinstance(board, int) or board < 1:
        raise BridgeError(f"board numbers start at 1; got {board!r}")
    return board


def board_dealer(board: int) -> str:
    """``"N"``, ``"E"``, ``"S"`` or ``"W"``: North deals board 1, then clockwise."""
    return SEATS[(_check(board) - 1) % 4]


def board_vulnerability(board: int) -> str:
    """``"None"``, ``"NS"``, ``"EW"`` or ``"All"``, per the 16-board cycle."""
    return _VULNERABILITY[(_check(board) - 1) % 16]


def is_vulnerable(board: int, seat: str) -> bool:
    vul = board_vulnerability(board)
    return vul == "All" or (vul != "None" and seat.upper()[:1] in vul)


_VULNERABILITY_SPELLINGS = {
    "none": "None",
    "love": "None",
    "-": "None",
    "ns": "NS",
    "ew": "EW",
    "all": "All",
    "both": "All",
}

STRUCTURAL_TAGS = frozenset({"Board", "Deal", "Dealer", "Vulnerable"})
"""PBN tags that ``Board`` holds as fields rather than in ``Board.tags``."""

REDEALT_KEPT_TAGS = ("Event", "Site", "Date")
"""Tags a board keeps when it is dealt again (``Board.redealt``): where and when it is played.  The
rest (an auction, a result, double-dummy tables, the generator's seed) belonged to the old deal."""


def normalise_vulnerability(text: str) -> str | None:
    """``"None"``, ``"NS"``, ``"EW"`` or ``"All"`` for any spelling PBN allows (``Love``, ``-``, ``Both``, any case).

    The empty string means "not given" and gives ``None``.  PBN 2.1 section 3.4.10 lists the spellings;
    its export format writes only ``None`` and ``All``, so they are normalised once, on the way in.
    """
    t = text.strip()
    if not t:
        return None
    try:
        return _VULNERABILITY_SPELLINGS[t.lower()]
    except KeyError:
        raise BridgeError(f"{text!r} is not a vulnerability: use None, NS, EW or All") from None


def normalise_seat_letter(text: str) -> str | None:
    """``"N"``, ``"E"``, ``"S"`` or ``"W"`` for a seat in any case (or spelled out); ``""`` gives ``None``."""
    t = text.strip()
    if not t:
        return None
    letter = t[:1].upper()
    if letter not in SEATS or (len(t) > 1 and t.lower() not in ("north", "east", "south", "west")):
        raise BridgeError(f"{text!r} is not a seat: use N, E, S or W")
    return letter


def _pairs(value: object, field_name: str) -> tuple[tuple[str, str], ...]:
    """Check and freeze a sequence of ``(name, text)`` pairs (lists become tuples, so a Board stays hashable)."""
    result = []
    for item in value:  # type: ignore[attr-defined]
        if not (isinstance(item, tuple | list) and len(item) == 2 and all(isinstance(x, str) for x in item)):
            raise BridgeError(f"Board.{field_name} holds (name, text) pairs of strings, not {item!r}")
        result.append((item[0], item[1]))
    return tuple(result)


_TAG_NAME = re.compile(r"[A-Za-z0-9_]+")


def _check_tag_name(name: str) -> None:
    if not _TAG_NAME.fullmatch(name):
        raise BridgeError(f"{name!r} is not a tag name: use letters, digits and '_' (PBN section 3.2)")


@dataclass(frozen=True, slots=True)
class Board:
    """One board (a PBN "game"): its number, the deal, and whatever else a file said about it.

    ``dealer`` and ``vulnerable`` are ``None`` when they follow the board number (Law 2); the
    ``effective_*`` properties give the value in force.  An explicit value equal to the one the
    number implies is stored as ``None``, so two boards that mean the same compare equal and a board
    survives a PBN round trip (a file cannot say whether the dealer was "explicit").

    ``deal`` is ``None`` for a game whose PBN ``Deal`` tag is empty or missing (teaching files use
    such games for headings and text); partly known deals have ``None`` hands.

    ``number`` is ``None`` when the board has no positive integer number; a label such as
    ``"1-1"`` (BridgeComposer quiz files) is then kept as a ``("Board", label)`` pair in ``tags``.

    ``tags`` holds every other tag in file order (Event, Site, West, Contract, Generator, unknown
    tags...).  ``sections`` maps a tag (Auction, Play, OptimumResultTable...) to the text lines that
    followed it, kept verbatim (line ends ``\\n``) so re-saving loses nothing.  ``comments`` holds
    ``(tag name, text)`` pairs: the text of a ``{...}`` or ``;`` comment (without its delimiters)
    and the tag it followed (``""``: before the first tag).

    No Qt and no I/O here: ``bridgegui.formats.pbn`` reads and writes boards.
    """

    number: int | None
    deal: Deal | None
    dealer: str | None = None
    vulnerable: str | None = None
    tags: tuple[tuple[str, str], ...] = ()
    sections: tuple[tuple[str, str], ...] = ()
    comments: tuple[tuple[str, str], ...] = ()

    def __post_init__(self) -> None:
        number = self.number
        if number is not None:
            _check(number)
        if self.deal is not None and not isinstance(self.deal, Deal):
            raise BridgeError(f"Board.deal must be a Deal or None, not {type(self.deal).__name__}")
        dealer = None if self.dealer is None else normalise_seat_letter(self.dealer)
        vulnerable = None if self.vulnerable is None else normalise_vulnerability(self.vulnerable)
        if number is not None:
            if dealer == board_dealer(number):
                dealer = None
            if vulnerable == board_vulnerability(number):
                vulnerable = None
        tags = _pairs(self.tags, "tags")
        for name, value in tags:
            _check_tag_name(name)
            if name in STRUCTURAL_TAGS and not (name == "Board" and number is None):
                raise BridgeError(f"the {name} tag is a field of Board: set number, deal, dealer or vulnerable instead")
            if "\n" in value or "\r" in value:
                raise BridgeError(f"the value of tag {name} spans lines; a PBN tag value is one line")
        names = {name for name, _ in tags}
        sections = _pairs(self.sections, "sections")
        for name, _ in sections:
            if name not in names:
                raise BridgeError(f"section {name} has no tag: a section follows its tag, so add ({name!r}, value)")
        comments = _pairs(self.comments, "comments")
        object.__setattr__(self, "dealer", dealer)
        object.__setattr__(self, "vulnerable", vulnerable)
        object.__setattr__(self, "tags", tags)
        object.__setattr__(self, "sections", sections)
        object.__setattr__(self, "comments", comments)

    @property
    def effective_dealer(self) -> str | None:
        """The dealer in force: the explicit one, else Law 2's for the number, else ``None``."""
        if self.dealer is not None:
            return self.dealer
        return None if self.number is None else board_dealer(self.number)

    @property
    def effective_vulnerable(self) -> str | None:
        """``"None"``/``"NS"``/``"EW"``/``"All"``: the explicit value, else Law 2's for the number, else ``None``."""
        if self.vulnerable is not None:
            return self.vulnerable
        return None if self.number is None else board_vulnerability(self.number)

    @property
    def label(self) -> str | None:
        """The board's name as a file shows it: the number, or a label like ``"1-1"``, or ``None``."""
        return str(self.number) if self.number is not None else self.tag("Board")

    def tag(self, name: str, default: str | None = None) -> str | None:
        """The value of the first tag called ``name``, else ``default``.

        The structural tags answer from the fields, as PBN would write them (``Deal`` with the
        effective dealer first), so callers need not know which tags are fields.
        """
        if name == "Dealer":
            return self.effective_dealer or default
        if name == "Vulnerable":
            return self.effective_vulnerable or default
        if name == "Deal":
            return default if self.deal is None else self.deal.to_pbn(self.effective_dealer or "N")
        if name == "Board" and self.number is not None:
            return str(self.number)
        for key, value in self.tags:
            if key == name:
                return value
        return default

    def section(self, name: str, default: str | None = None) -> str | None:
        """The verbatim text of the section that followed tag ``name`` (e.g. ``"Auction"``), else ``default``."""
        for key, value in self.sections:
            if key == name:
                return value
        return default

    def with_tags(self, **values: str | None) -> Board:
        """A copy with tags set (replacing the first of that name, else appended) or removed (``None``).

        Removing a tag also drops its section.  Use ``replace`` for number, deal, dealer and vulnerable.
        """
        tags = list(self.tags)
        sections = self.sections
        for name, value in values.items():
            index = next((i for i, (key, _) in enumerate(tags) if key == name), None)
            if value is None:
                tags = [pair for pair in tags if pair[0] != name]
                sections = tuple(pair for pair in sections if pair[0] != name)
            elif index is None:
                tags.append((name, value))
            else:
                tags[index] = (name, value)
        return dataclasses.replace(self, tags=tuple(tags), sections=sections)

    def replace(self, **changes: object) -> Board:
        """A copy with fields changed (``dataclasses.replace``); validation runs again."""
        return dataclasses.replace(self, **changes)  # type: ignore[arg-type]

    def redealt(self, deal: Deal, **tags: str | None) -> Board:
        """The same board (number, dealer, vulnerability) with a new ``deal``.

        Keeps only the tags in ``REDEALT_KEPT_TAGS`` and, for a board without a number, its
        ``Board`` label; every other tag, with its section and the file's comments, described the
        old deal (auction, play, result, double-dummy tables, commentary) and is dropped.  ``tags``
        are then set as ``with_tags`` sets them (e.g. ``Generator=..., GeneratorSeed=...``).
        """
        label = tuple(pair for pair in self.tags if pair[0] == "Board" and self.number is None)
        kept = tuple(pair for pair in self.tags if pair[0] in REDEALT_KEPT_TAGS)
        board = Board(self.number, deal, dealer=self.dealer, vulnerable=self.vulnerable, tags=label + kept)
        return board.with_tags(**tags) if tags else board


def boards_from_batch(batch: np.ndarray, first_board: int, *, tags: tuple[tuple[str, str], ...] = ()) -> list[Board]:
    """Number the deals of an ``(n, 4)`` batch from ``first_board``; dealer and vulnerability follow the number (Law 2).

    ``tags`` go on every board (``(("Generator", ...), ("GeneratorSeed", "42"))``).
    """
    _check(first_board)
    return [Board(first_board + i, Deal.from_masks(row), tags=tags) for i, row in enumerate(np.asarray(batch).tolist())]
