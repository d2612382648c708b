"""Boards: dealer and vulnerability of the 16-board cycle (Laws of Duplicate Bridge, Law 2), and ``Board``.

``Board`` is the unit the formats read and write (a PBN "game"): a number, a deal, and every other
tag, section and comment a file held, so that loading and re-saving a file keeps them.
``boards_from_batch`` numbers a dealt batch; ``Board.redealt`` puts a new deal on an existing board.
The command line and the window both make their boards here, so a set is the same whichever made it.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from bridgegui.engine.cards import SEATS, Deal
from bridgegui.engine.errors import BridgeError

if TYPE_CHECKING:
    from bridgegui.engine.bidding.calls import Auction

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

    @property
    def auction(self) -> Auction | None:
        """The PBN auction section as an ``Auction`` (with its notes and alerts), or ``None`` without an Auction tag.

        Read leniently, as PBN import format asks: any case, ``AP`` (all pass), ``+``/``*``/``-``
        at the end of an unfinished auction, comments, suffix annotations and NAGs are accepted;
        ``!`` after a call is an alert and ``=n=`` a note whose text is the ``[Note "n:..."]`` tag
        after the section.  A section that is not a legal auction raises ``AuctionError`` (a
        ``BridgeError``) naming the board, the call and why.
        """
        dealer_text = self.tag("Auction")
        if dealer_text is None:
            return None
        where = f"board {self.label}" if self.label else "this board"
        note_tags = tuple(value for name, value in self.tags if name == "Note")
        return _read_auction(dealer_text, self.section("Auction") or "", note_tags, self.effective_dealer, where)

    def with_auction(self, auction: Auction | None) -> Board:
        """A copy whose Auction tag, section and notes say ``auction`` (``None`` removes them).

        The section is written the way PBN 2.1 export format and endplay read it: four calls a
        line (``Pass``, ``X``, ``XX``, ``1C``... ``7NT``), every pass explicit, ``!`` for an alert,
        ``=n=`` after a noted call with ``[Note "n:text"]`` tags after the calls, and ``+`` on a
        line of its own when the auction is unfinished (as BridgeComposer writes it).  The Note
        tags travel inside the section text, where ``bridgegui.formats.pbn`` keeps notes that
        follow an Auction tag, so the auction survives load and save byte for byte.  Note tags
        outside the section (import-format files may put them elsewhere) are dropped too: they
        annotated the auction being replaced.

        The auction's dealer must be the board's dealer, since PBN's Auction tag names the first
        caller and the Dealer tag says who that is.
        """
        if auction is not None and self.effective_dealer not in (None, auction.dealer):
            raise BridgeError(
                f"the auction starts with {auction.dealer} but board {self.label} is dealt by {self.effective_dealer}"
            )
        tags = tuple(pair for pair in self.tags if pair[0] != "Note")
        board = dataclasses.replace(self, tags=tags).with_tags(Auction=None if auction is None else auction.dealer)
        if auction is None:
            return board
        sections = tuple(pair for pair in board.sections if pair[0] != "Auction")
        return dataclasses.replace(board, sections=(*sections, ("Auction", _auction_section(auction))))

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


# --------------------------------------------------------------------------------------------------
# The PBN auction section (PBN 2.1 section 3.5).  It lives beside Board, not in bridgegui.formats, because
# Board.auction reads it and the engine does not import the formats.

_NOTE_TAG = re.compile(r'\[\s*Note\s*"((?:[^"\\\n]|\\.)*)"\s*\]')
_SECTION_COMMENT = re.compile(r"\{[^}]*\}?|;[^\n]*")  # an unclosed { runs to the end (linear: no rescan per {)
_NOTE_VALUE = re.compile(r"\s*(\d+)\s*:(.*)", re.DOTALL)
_CALL_TOKEN = re.compile(r"(?P<call>[^!?^=$]+)(?P<irregular>\^[A-Za-z])?(?P<suffix>[!?]{1,2})?(?P<notes>(?:=\d+=)*)")
_NOTE_REF = re.compile(r"=(\d+)=")
_TAG_ESCAPE = re.compile(r'\\(["\\])')  # the two escapes of a PBN string (section 3.2)
_UNFINISHED = frozenset({"+", "*", "-"})


def _note_texts(values: Iterable[str]) -> dict[str, str]:
    """``{"1": "text"}`` from Note tag values ``"1:text"`` (the first of each number wins, as for repeated tags)."""
    texts: dict[str, str] = {}
    for value in values:
        match = _NOTE_VALUE.fullmatch(value)
        if match is not None:
            texts.setdefault(match.group(1), match.group(2).strip())
    return texts


def _read_auction(
    dealer_text: str, section: str, note_tags: tuple[str, ...], dealer: str | None, where: str
) -> Auction:
    """The auction of a PBN Auction tag value and section (see ``Board.auction``)."""
    # Imported here: the bidding package imports the engine, so importing it at the top would be circular.
    from bridgegui.engine.bidding.calls import PASS, Auction, AuctionError, Call, cut, quoted

    try:
        first = normalise_seat_letter(dealer_text) if dealer_text.strip() not in ("", "?") else dealer
    except BridgeError:
        raise AuctionError(f"{where}: the Auction tag names {quoted(dealer_text)}, not a seat (N, E, S or W)") from None
    if first is None:
        raise AuctionError(f"{where}: the Auction tag names no first caller and the board has no dealer")

    notes = _note_texts(_TAG_ESCAPE.sub(r"\1", raw) for raw in _NOTE_TAG.findall(section))
    for number, text in _note_texts(note_tags).items():
        notes.setdefault(number, text)
    calls_text = _NOTE_TAG.sub(" ", section)
    unclosed = next(
        (m for m in _SECTION_COMMENT.finditer(calls_text) if m.group().startswith("{") and not m.group().endswith("}")),
        None,
    )
    if unclosed is not None:
        raise AuctionError(f"{where}, Auction section: the comment {quoted(unclosed.group())} is never closed with }}")
    tokens = _SECTION_COMMENT.sub(" ", calls_text).split()

    auction = Auction(first)
    attached: set[str] = set()  # the note numbers already on the last call
    try:
        for k, token in enumerate(tokens):
            if token in _UNFINISHED:
                if any(rest not in _UNFINISHED for rest in tokens[k + 1 :]):
                    raise AuctionError(f"{quoted(token)} stands for calls not known, so nothing can follow it")
                break
            if token.startswith("$"):  # a numeric annotation glyph (NAG): commentary, not a call
                continue
            if _NOTE_REF.fullmatch(token):  # a note of the call before it
                if not auction.calls:
                    raise AuctionError(f"the note {cut(token)} comes before any call")
                auction = _add_note(auction, _NOTE_REF.findall(token), notes, attached)
                continue
            if token.upper() == "AP":  # "all pass": the passes that end the auction
                if auction.is_complete:
                    raise AuctionError("AP (all pass) after the auction is over")
                while not auction.is_complete:
                    auction = auction.add(PASS)
                attached = set()
                continue
            match = _CALL_TOKEN.fullmatch(token)
            if match is None:
                raise AuctionError(f"{quoted(token)} is not a call (Pass, X, XX, 1C ... 7NT, AP)")
            try:
                call = Call.parse(match.group("call"))
            except AuctionError:
                raise AuctionError(f"{quoted(token)} is not a call (Pass, X, XX, 1C ... 7NT, AP)") from None
            auction = auction.add(call, alert=match.group("suffix") == "!")
            attached = set()
            if match.group("notes"):
                auction = _add_note(auction, _NOTE_REF.findall(match.group("notes")), notes, attached)
    except AuctionError as exc:
        raise AuctionError(f"{where}, Auction section: {exc}") from None
    return auction


def _add_note(auction: Auction, numbers: list[str], notes: dict[str, str], attached: set[str]) -> Auction:
    """``auction`` with the texts of note ``numbers`` on its last call (several notes joined; unknown numbers skipped).

    ``attached`` holds the numbers already on that call: a number repeated on one call adds its text
    once, so a call's note never outgrows the notes the file holds (``=1=`` written 20,000 times once
    built a 2 MB note in quadratic time).
    """
    last = len(auction.calls) - 1
    fresh = [n for n in dict.fromkeys(numbers) if n not in attached and n in notes]
    attached.update(fresh)
    if not fresh:
        return auction
    texts = [t for t in (auction.notes[last], *(notes[n] for n in fresh)) if t is not None]
    return auction.with_note(last, "; ".join(texts), auction.alerts[last])


def _auction_section(auction: Auction) -> str:
    """The PBN auction section for ``auction`` (see ``Board.with_auction``), line ends ``\\n``."""
    tokens: list[str] = []
    notes: list[str] = []
    for call, note, alert in zip(auction.calls, auction.notes, auction.alerts, strict=True):
        token = ("Pass" if call.is_pass else call.code) + ("!" if alert else "")
        if note is not None:
            notes.append(" ".join(note.split()))  # a tag value is one line
            token += f" ={len(notes)}="
        tokens.append(token)
    lines = [" ".join(tokens[k : k + 4]) for k in range(0, len(tokens), 4)]
    if tokens and not auction.is_complete:
        lines.append("+")
    for number, text in enumerate(notes, 1):
        escaped = text.replace("\\", "\\\\").replace('"', '\\"')
        lines.append(f'[Note "{number}:{escaped}"]')
    return "\n".join(lines)


def boards_from_batch(batch: np.ndarray, first_board: int, *, tags: tuple[tuple[str, str], ...] = ()) -> list[Board]:
    """Number the deals of an ``(n, 4)`` batch from ``first_board``; dealer and vulnerability follow the number (Law 2).

    ``tags`` go on every board (``(("Generator", ...), ("GeneratorSeed", "42"))``).
    """
    _check(first_board)
    return [Board(first_board + i, Deal.from_masks(row), tags=tags) for i, row in enumerate(np.asarray(batch).tolist())]
