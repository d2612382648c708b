"""PBN (Portable Bridge Notation) files: ``load``/``loads``/``dump``/``dumps``/``save``, like the ``json`` module.

Reading is lenient, as PBN 2.1's *import* format asks (section 2.1): comments ``{...}`` (over
several lines) and ``;``, ``%`` escape lines, tags in any order and spacing, tag value inheritance
(``#`` and ``##``, section 4.8), any first seat, lowercase, ``-`` or ``...`` for unknown hands,
Latin-1 or UTF-8, CRLF or LF.  Nothing is thrown away that can be kept: unknown tags, sections
(Auction, Play, OptimumResultTable... verbatim) and comments travel in ``Board``.

Writing is strict PBN 2.1 *export* format, so any program on any platform can read the result:
``% PBN 2.1`` and ``% EXPORT`` first, the 15 mandatory tags in the fixed order, then supplemental
tags sorted by name, then the Auction, Play and other sections; no inheritance, CRLF line ends,
an empty line between games, and a Deal whose first seat is the dealer.  A dealt set of any size is
written batch by batch (``begin``/``write_batch``/``end``, the registry's streaming protocol) from
``dumps``'s own game, its four varying values filled for a whole batch at once (``_dealt_template``).

Decisions (documented here because callers rely on them):

* A game whose Deal is ``""`` (or absent) is kept, with ``Board.deal = None``: teaching files
  (BridgeComposer) use such games for headings and text, and skipping them would lose it.
* A mandatory tag that a dealing program has no value for is written as ``""``: PBN 2.1 section 3.4
  keeps ``"?"`` for values that are *unknown* and ``""`` for values that are *inappropriate*, and
  its own example of the latter is a dealing program.  Reading drops such empty mandatory tags (so
  a dealt board comes back equal); a ``"?"`` read from a file is kept and written back.
* Round trips: ``loads(dumps(boards)) == [export_form(b) for b in boards]``, which is ``boards``
  itself for dealt boards and for boards read from an export-format file; and ``dumps`` of what
  ``loads`` read from our own output is byte-identical.  ``export_form`` says what export format
  fixes (tag order and so on) and the two things PBN cannot write (tag values ``"#"``/``"##..."``).
* ``dumps(generator=..., seed=...)`` records how a set was made in the supplemental tags
  ``[Generator "bridgegui 0.1.0"]`` (the tag Big Deal writes too) and ``[GeneratorSeed "..."]``.
* ``##`` follows the standard (section 4.8): ``[Event "##Club night"]`` sets the value for this game
  *and every later game* that lacks the tag; it does not mean "previous board number plus one".
* Note tags after an Auction or Play section belong to that section (PBN 2.1 sections 3.5.5 and
  3.6.5) and are kept inside its verbatim text, so they stay with the calls they explain.
* A tag repeated within a game is ignored, as section 3.4 says (Note tags excepted).
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any

from bridgegui import APP_NAME, __version__
from bridgegui.engine.boards import (
    Board,
    normalise_seat_letter,
    normalise_vulnerability,
)
from bridgegui.engine.cards import Deal, parse_deal
from bridgegui.engine.errors import BridgeError, DealError
from bridgegui.formats._io import decode_text, read_data, write_data
from bridgegui.formats.errors import ReadError

if TYPE_CHECKING:
    import numpy as np

    from bridgegui.formats._batch import SetHeader

__all__ = [
    "GENERATOR",
    "MANDATORY_TAGS",
    "PbnError",
    "begin",
    "bidding_parts",
    "contract_tags",
    "dump",
    "dumps",
    "end",
    "export_form",
    "load",
    "loads",
    "save",
    "write_batch",
]

GENERATOR = f"{APP_NAME} {__version__}"
"""What to pass as ``generator=`` for sets this program deals."""

MANDATORY_TAGS: tuple[str, ...] = ("Event", "Site", "Date", "Board", "West", "North", "East", "South", "Dealer")
MANDATORY_TAGS += ("Vulnerable", "Deal", "Scoring", "Declarer", "Contract", "Result")
"""PBN 2.1's Mandatory Tag Set, in the order export format writes it (section 3.4)."""

_HOLES = ("Board", "Dealer", "Vulnerable", "Deal")
"""The mandatory tags the ``Board`` fields hold: the values that differ between the dealt games of one set."""
_PLAIN_MANDATORY = frozenset(MANDATORY_TAGS) - set(_HOLES)
_NO_INHERITANCE = frozenset({"Dealer", "Vulnerable", "Deal", "Declarer", "Contract", "Auction", "Play", "Note"})
"""Tags for which PBN 2.1 section 4.8 forbids ``#`` and ``##``."""

_NOTED_SECTIONS = ("Auction", "Play")
"""Sections that Note tags belong to, and that are sections even when nothing follows the tag."""

_NAME = re.compile(r"[A-Za-z0-9_]+")
# Possessive quantifiers (``++``, ``*+``): a long value is matched in runs, with no backtracking state per
# character (the plain ``(?:a|b)*`` form needed ~190 bytes of memory per character of a tag value).
_STRING_BODY = r'(?:[^"\\\n]++|\\[^\n])*+'
_TAG = re.compile(r'\[[ \t\n]*([A-Za-z0-9_]+)[ \t\n]*"(' + _STRING_BODY + r')"[ \t\n]*\]')
_STRING = re.compile(_STRING_BODY)
_ESCAPE = re.compile(r"\\(.)")
_BOARD_NUMBER = re.compile(r"[0-9]+")
_CRLF = "\r\n"
_MAX_REASON_CHARS = 400

MAX_INHERITED_TAGS = 10_000
"""Tags that ``##`` defaults may add to later games, plus one for every 4 characters of the file: a
real file's few defaults (Event, Site, Date, Scoring) over its games stay far below, since every
game takes more than 4 characters a default (see ``_Inheritance``)."""

MAX_BOARD_DIGITS = 9
"""Digits a board number may have (leading zeros aside)."""

MAX_VALUE_CHARS = 1_000_000
"""The longest tag value the reader accepts: real files stay far below (a long commentary is a few KB);
the limit keeps a hostile file from costing memory out of proportion to its size."""


class PbnError(ReadError):
    """A PBN file that cannot be read; ``line`` is the 1-based line of the problem.

    ``str(exc)`` reads ``"line 14: expected ..."`` (with the file name first when ``load`` was
    given a path), ready to show to a user as it is; ``where`` ("line 14"), ``reason`` and ``tag`` (the tag at
    fault, if any) apart (a ``ReadError``) for a window that names the file itself: what is wrong where.
    """

    def __init__(self, line: int, reason: str, *, source: str | None = None, tag: str | None = None) -> None:
        if len(reason) > _MAX_REASON_CHARS:  # a hostile file's tag name or value must not fill the screen
            reason = reason[: _MAX_REASON_CHARS - 3] + "..."
        super().__init__(f"line {line}", reason)
        self.line, self.source, self.tag = line, source, tag
        if source is not None:
            self.args = (f"{source}, line {line}: {reason}",)


# --------------------------------------------------------------------------------------------------
# Reading: text -> tokens -> games -> boards


@dataclass(frozen=True, slots=True)
class _Token:
    """A lexical item with its place in the (line-end normalised) text.

    ``kind`` is ``"tag"`` (``name``, ``value``), ``"comment"`` (``value`` without delimiters),
    ``"text"`` (a run of section characters) or ``"blank"`` (a semi-empty line, which ends a game).
    """

    kind: str
    line: int
    start: int
    end: int
    name: str = ""
    value: str = ""
    literal: bool = False
    """A tag value written ``\\#...``: a value that starts with ``#`` and is not inheritance (see ``_escape``)."""


def _found(text: str, i: int) -> str:
    """What the reader found at ``i``, for error messages: the rest of the line, shortened."""
    if i >= len(text):
        return "the end of the file"
    end = text.find("\n", i, i + 200)
    rest = text[i : min(len(text), i + 200) if end < 0 else end].strip()
    if not rest:
        return "the end of the line"
    return repr(rest if len(rest) <= 30 else rest[:27] + "...")


def _unescape(raw: str) -> str:
    """Undo ``\\"`` and ``\\\\`` (the escapes of section 3.2); other backslashes stay (see ``_read_string``)."""
    return _ESCAPE.sub(lambda m: m.group(1) if m.group(1) in '"\\' else m.group(), raw)


def _string_value(raw: str) -> tuple[str, bool]:
    """The value of a string token's body, and whether it was written ``\\#...`` (a literal ``#``, not inheritance)."""
    if raw.startswith("\\#"):
        return "#" + _unescape(raw[2:]), True
    return (_unescape(raw) if "\\" in raw else raw), False


def _read_string(text: str, i: int, line: int, name: str) -> tuple[str, bool, int]:
    """Read the string token whose opening quote is at ``i``; return its value, whether it is
    literal (see ``_string_value``) and the index after it.

    ``\\"`` and ``\\\\`` are the escapes PBN defines (section 3.2); any other backslash is kept as
    it is, because real files write suit symbols (``2\\C``) and column widths (``\\2R``) that way.
    """
    body = _STRING.match(text, i + 1)
    assert body is not None  # the pattern matches the empty string
    end = body.end()
    if end < len(text) and text[end] == '"':
        raw = body.group()
        _check_value_length(raw, line, name)
        return (*_string_value(raw), end + 1)
    raise PbnError(line, f'the value of tag {name} has no closing quote: write [{name} "value"] on one line')


def _check_value_length(raw: str, line: int, name: str) -> None:
    if len(raw) > MAX_VALUE_CHARS:
        raise PbnError(
            line,
            f"the value of tag {name} is {len(raw):,} characters long; "
            f"no PBN file needs more than {MAX_VALUE_CHARS:,} in one tag",
        )


def _tokens(text: str) -> Iterator[_Token]:
    """Split PBN text (line ends already ``\\n``) into tokens, raising ``PbnError`` for a broken tag or comment."""
    n = len(text)
    i = 0
    line = 1
    line_has_content = False
    while i < n:
        ch = text[i]
        if ch == "\n":
            if not line_has_content:
                yield _Token("blank", line, i, i)
            line += 1
            line_has_content = False
            i += 1
        elif ch in " \t\v\f":
            i += 1
        elif ch == "%" and (i == 0 or text[i - 1] == "\n"):
            # Escape line (section 2.4): directives such as "% PBN 2.1"; ignored, but not a blank line.
            line_has_content = True
            end = text.find("\n", i)
            i = n if end < 0 else end
        elif ch == "{":
            end = text.find("}", i + 1)
            if end < 0:
                raise PbnError(line, "unterminated comment: this '{' has no closing '}'")
            body = text[i + 1 : end]
            yield _Token("comment", line, i, end + 1, value=body)
            line += body.count("\n")
            line_has_content = True
            i = end + 1
        elif ch == ";":
            end = text.find("\n", i)
            end = n if end < 0 else end
            yield _Token("comment", line, i, end, value=text[i + 1 : end])
            line_has_content = True
            i = end
        elif ch == "[":
            start, start_line = i, line
            line_has_content = True
            fast = _TAG.match(text, i)
            if fast is not None:  # the common, well-formed case; the code below finds what is wrong otherwise
                raw = fast.group(2)
                _check_value_length(raw, start_line, fast.group(1))
                value, literal = _string_value(raw)
                yield _Token("tag", start_line, start, fast.end(), name=fast.group(1), value=value, literal=literal)
                line += fast.group().count("\n")
                i = fast.end()
                continue
            j = i + 1
            while j < n and text[j] in " \t\n":
                line += text[j] == "\n"
                j += 1
            match = _NAME.match(text, j)
            if match is None:
                raise PbnError(
                    start_line, f'expected a tag name after "[", like [Name "value"], found {_found(text, j)}'
                )
            name = match.group()
            j = match.end()
            while j < n and text[j] in " \t\n":
                line += text[j] == "\n"
                j += 1
            if j >= n or text[j] != '"':
                found = _found(text, j)
                raise PbnError(
                    start_line,
                    f'expected the value of tag {name} in double quotes, e.g. [{name} "value"], found {found}',
                )
            value, literal, j = _read_string(text, j, line, name)
            while j < n and text[j] in " \t\n":
                line += text[j] == "\n"
                j += 1
            if j >= n or text[j] != "]":
                raise PbnError(start_line, f"expected ']' to close tag {name}, found {_found(text, j)}")
            yield _Token("tag", start_line, start, j + 1, name=name, value=value, literal=literal)
            i = j + 1
        else:
            start = i
            while i < n and text[i] not in " \t\v\f\n[{;":
                i += 1
            line_has_content = True
            yield _Token("text", line, start, i)


def _games(tokens: Iterable[_Token], text: str) -> Iterator[list[_Token]]:
    """Group tokens into games: a game ends at a semi-empty line once it has a tag (section 3).

    Comments before a game's first tag stay with that game; text before it is an error, since
    only a tag can start a game.
    """
    current: list[_Token] = []
    has_tag = False
    for tok in tokens:
        if tok.kind == "blank":
            if has_tag:
                yield current
                current, has_tag = [], False
            continue
        if tok.kind == "text" and not has_tag:
            raise PbnError(tok.line, f'expected a tag like [Name "value"], found {_found(text, tok.start)}')
        has_tag = has_tag or tok.kind == "tag"
        current.append(tok)
    if has_tag:
        yield current


def _section_text(raw: str) -> str:
    """Verbatim section text: the tag line's own remainder dropped if blank, trailing space and blank lines dropped."""
    first, sep, rest = raw.partition("\n")
    kept = (rest if sep else "") if not first.strip() else raw.lstrip(" \t")
    return kept.rstrip()


@dataclass(slots=True)
class _Inheritance:
    """Tag values seen so far in the file, for ``#`` (nearest previous game) and ``##`` (default for later games)."""

    last: dict[str, str]
    defaults: dict[str, str]
    budget: int
    """Tags that ``##`` defaults may still add to games: each game copies every default it lacks, so
    a few bytes of defaults times many games would otherwise cost memory far beyond the file's size."""

    def spend(self, count: int, line: int) -> None:
        self.budget -= count
        if self.budget < 0:
            raise PbnError(
                line,
                f"tag inheritance (##) adds more tags than any real file ({len(self.defaults):,} defaults "
                "copied into every later game); write the tags in each game instead",
            )

    def resolve(self, tok: _Token) -> str:
        value = tok.value
        if tok.literal or not (value == "#" or value.startswith("##")):
            return value
        if tok.name in _NO_INHERITANCE:
            raise PbnError(tok.line, f"[{tok.name} {_shown(value)}]: PBN does not allow inheriting {tok.name} with #")
        if value.startswith("##"):
            self.defaults[tok.name] = value[2:]
            return value[2:]
        return self.last.get(tok.name, self.defaults.get(tok.name, ""))


def _board_number(value: str, line: int) -> int | None:
    """The board number a ``Board`` value gives, or None for a label; no more than ``MAX_BOARD_DIGITS``
    digits are read (Python refuses to convert 4,300 digits, and no event has a billion boards)."""
    if not _BOARD_NUMBER.fullmatch(value):
        return None
    digits = value.lstrip("0")
    if len(digits) > MAX_BOARD_DIGITS:
        raise PbnError(
            line, f"board number {_shown(value)} is too long: board numbers have at most {MAX_BOARD_DIGITS} digits"
        )
    return int(value) if digits else None


def _shown(value: str, limit: int = 30) -> str:
    """``value`` quoted for an error message, cut to ``limit`` characters (a hostile file's value can be a megabyte)."""
    return repr(value if len(value) <= limit else value[: limit - 3] + "...")


def _board(game: list[_Token], text: str, inherit: _Inheritance) -> Board:
    """Build one ``Board`` from a game's tokens (see the module docstring for the rules)."""
    tag_positions = [k for k, tok in enumerate(game) if tok.kind == "tag"]
    number: int | None = None
    deal: Deal | None = None
    dealer: str | None = None
    vulnerable: str | None = None
    tags: list[tuple[str, str]] = []
    sections: list[tuple[str, str]] = []
    comments: list[tuple[str, str]] = []
    seen: dict[str, str] = {}

    for tok in game[: tag_positions[0]]:  # comments before the first tag
        comments.append(("", tok.value))

    absorbed: set[int] = set()  # Note tags kept inside an Auction or Play section
    for p, k in enumerate(tag_positions):
        if k in absorbed:
            continue
        tok = game[k]
        # The tag's tail runs to the next tag; an Auction or Play section also takes the Note tags after it.
        # A repeated section tag is ignored (section 3.4), but the Note tags after it are not its to
        # take away: they stay plain Note tags of the game, so saving writes them back.
        q = p + 1
        if tok.name in _NOTED_SECTIONS and tok.name not in seen:
            while q < len(tag_positions) and game[tag_positions[q]].name == "Note":
                absorbed.add(tag_positions[q])
                q += 1
        tail_end = tag_positions[q] if q < len(tag_positions) else len(game)
        tail = game[k + 1 : tail_end]
        is_section = tok.name in _NOTED_SECTIONS or any(t.kind == "text" for t in tail)

        if tok.name in seen and tok.name != "Note":
            continue  # section 3.4: a repeated tag is ignored
        value = inherit.resolve(tok)
        seen[tok.name] = value

        if is_section:
            if tok.name in MANDATORY_TAGS:
                stray = next((t for t in tail if t.kind == "text"), tok)
                raise PbnError(
                    stray.line,
                    f'expected a tag like [Name "value"] after [{tok.name} ...], found {_found(text, stray.start)}',
                )
            raw = text[tok.end : tail[-1].end] if tail else ""
            tags.append((tok.name, value))
            sections.append((tok.name, _section_text(raw)))
            continue
        comments.extend((tok.name, t.value) for t in tail)

        try:
            if tok.name == "Board":
                if (found := _board_number(value, tok.line)) is not None:
                    number = found
                elif value:
                    tags.append(("Board", value))
            elif tok.name == "Dealer":
                dealer = normalise_seat_letter(value)
            elif tok.name == "Vulnerable":
                vulnerable = normalise_vulnerability(value)
            elif tok.name == "Deal":
                deal = parse_deal(value, allow_missing=True) if value.strip() else None
            elif not (tok.name in _PLAIN_MANDATORY and value == ""):
                tags.append((tok.name, value))
        except PbnError:
            raise
        except BridgeError as exc:  # "the Deal tag '...' is not a deal: North has 12 cards; ..."
            shown = _shown(value, 80 if isinstance(exc, DealError) else 30)
            verb = "is not a deal" if isinstance(exc, DealError) else "cannot be read"
            raise PbnError(tok.line, f"the {tok.name} tag {shown} {verb}: {exc}", tag=tok.name) from None

    # "##" defaults fill the tags this game leaves out (section 4.8).
    inherit.spend(sum(name not in seen for name in inherit.defaults), game[0].line)
    for name, value in inherit.defaults.items():
        if name not in seen:
            seen[name] = value
            if name == "Board":
                number = _board_number(value, game[0].line) or number
            elif not (name in _PLAIN_MANDATORY and value == ""):
                tags.append((name, value))
    inherit.last.update(seen)

    try:
        return Board(number, deal, dealer, vulnerable, tuple(tags), tuple(sections), tuple(comments))
    except BridgeError as exc:
        raise PbnError(game[0].line, str(exc)) from None


def loads(text: str) -> list[Board]:
    """The boards of a PBN document, in file order.  Raises ``PbnError`` naming the line of a problem."""
    if text.startswith("\ufeff"):
        text = text[1:]
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    inherit = _Inheritance({}, {}, MAX_INHERITED_TAGS + len(text) // 4)
    return [_board(game, text, inherit) for game in _games(_tokens(text), text)]


def _decode(data: bytes) -> str:
    """Text of a PBN file (``_io.decode_text``: Latin-1 is the standard's own character set, section 2.2)."""
    try:
        return decode_text(data)
    except UnicodeDecodeError as exc:  # a UTF-16 BOM on an odd byte count, or a lone surrogate
        line = data[: exc.start].decode("utf-16", errors="replace").count("\n") + 1
        raise PbnError(line, f"the file says it is UTF-16 but is not: {exc.reason} at byte {exc.start:,}") from None


def load(fp_or_path: str | os.PathLike[str] | IO[bytes] | IO[str]) -> list[Board]:
    """The boards of a PBN file, given a path or an open file (binary or text).

    Errors name the file as well as the line when it has a name.
    """
    data = read_data(fp_or_path)
    name = getattr(fp_or_path, "name", None) if hasattr(fp_or_path, "read") else os.fspath(fp_or_path)  # type: ignore[arg-type]
    source = Path(name).name if isinstance(name, str) else None
    try:
        return loads(data if isinstance(data, str) else _decode(data))
    except PbnError as exc:
        raise PbnError(exc.line, exc.reason, source=source, tag=exc.tag) from None


# --------------------------------------------------------------------------------------------------
# Writing: boards -> export format


def _escape(value: str) -> str:
    """A tag value as a PBN string body: ``"`` becomes ``\\"``; a backslash is doubled only where a reader
    would otherwise take it as an escape (before ``"`` or ``\\``, or at the end), so ``2\\C`` stays as
    other programs wrote it and ``loads`` gives back exactly ``value``.

    A value that reads as inheritance (``"#"``, or one starting ``"##"``, section 4.8) is written with a
    backslash first, ``\\##...``, which this reader takes as the literal value; so is a leading
    backslash before ``#`` doubled.  PBN defines no escape for it, and without one every round trip
    would strip two ``#``.
    """
    if value == "#" or value.startswith("##"):
        return "\\" + _escape_plain(value)
    return _escape_plain(value)


def _escape_plain(value: str) -> str:
    if '"' not in value and "\\" not in value:
        return value
    out = []
    for k, ch in enumerate(value):
        if ch == '"':
            out.append('\\"')
        elif ch == "\\" and (k + 1 == len(value) or value[k + 1] in '"\\' or (k == 0 and value[1] == "#")):
            out.append("\\\\")
        else:
            out.append(ch)
    return "".join(out)


def _comment_lines(text: str) -> list[str]:
    """A comment as export lines: braces, or a ``;`` line when the text holds a ``}`` (it came from a ``;`` comment)."""
    return ("{" + text + "}").split("\n") if "}" not in text else [";" + text]


def _section_rank(name: str) -> tuple[int, str]:
    """Export order of sections: Auction, Play, then the supplemental sections by name (section 3.1)."""
    return (_NOTED_SECTIONS.index(name), "") if name in _NOTED_SECTIONS else (len(_NOTED_SECTIONS), name)


def _one_line_ends(text: str) -> str:
    return text.replace("\r\n", "\n").replace("\r", "\n")


def contract_tags(board: Board) -> dict[str, str]:
    """The Contract and Declarer a complete auction section implies (PBN 2.1 sections 3.4.10-11):
    ``{"Contract": "3NT", "Declarer": "N"}``, ``{"Contract": "Pass"}`` for a passed-out board, and
    nothing while the auction is unfinished, absent or unreadable (then the tags stay as they are).

    A board bid in the window (or read from a file whose auction is complete but whose Contract was
    left empty) is thus written with the contract a reader, a scorer or a hand record expects.
    """
    try:
        auction = board.auction
    except BridgeError:
        return {}
    if auction is None or not auction.is_complete:
        return {}
    contract = auction.contract()
    if contract is None:
        return {"Contract": "Pass"}
    return {"Contract": str(contract), "Declarer": contract.declarer}


def export_form(board: Board) -> Board:
    """The board as writing it in export format and reading it back gives it: ``loads(dumps([b])) == [export_form(b)]``.

    Export format fixes what import format leaves free, so a board built in another order comes
    back reordered: tags in export order (mandatory, then supplemental by name, then section tags
    in section order), empty mandatory tags dropped (they are written as ``""`` anyway), a repeated
    tag dropped (readers ignore it; Note tags excepted), comments after the tag they are written
    after (a comment after a section tag becomes part of the section text; one whose tag is not
    written moves to the start of the game), and line ends ``\n``.  Boards that ``loads`` returns
    for an export-format file are already in this form.

    An Auction or Play tag without a section gets an empty one (readers take both tags as
    sections).  Tag values ``"#"`` and ``"##..."`` are written escaped (see ``_escape``), and section
    text whose first line starts with ``%`` is written on its tag's line (a line starting with ``%``
    is an escape line), so both come back as they were.  One thing cannot be written and so is not
    fixed here: section text must itself be valid PBN (no ``[`` outside comments, no blank lines, no
    later line starting with ``%``), since it is written verbatim.
    """
    first = dict(reversed(board.tags))  # each tag's first value
    contract = first.get("Contract")  # both set: reading the auction back (most of --bid's writing) adds nothing
    settled = contract == "Pass" or bool(contract and first.get("Declarer"))
    for name, value in ({} if settled else contract_tags(board)).items():
        if not first.get(name):
            board = board.with_tags(**{name: value})
            first[name] = value
    sections: dict[str, str] = {}
    for name, text in board.sections:
        if name in MANDATORY_TAGS:
            raise BridgeError(f"a section cannot follow the mandatory tag {name}")
        text = _one_line_ends(text).rstrip()
        if text or name in _NOTED_SECTIONS:  # an empty supplemental section reads back as a plain tag
            sections.setdefault(name, text)
    for name in _NOTED_SECTIONS:  # readers take [Auction "N"] as a section even with nothing after it
        if name in first and name not in sections:
            sections[name] = ""

    head = [(n, first[n]) for n in MANDATORY_TAGS if first.get(n)]
    rest: list[tuple[str, str]] = []
    seen: set[str] = set()
    for name, value in board.tags:
        if name in MANDATORY_TAGS or name in sections or (name in seen and name != "Note"):
            continue
        seen.add(name)
        rest.append((name, value))
    rest.sort(key=lambda pair: pair[0])
    tail = [(n, first[n]) for n in sorted(sections, key=_section_rank)]

    # Comments in the order they are written: game start first, then tag by tag.
    written = {"", *MANDATORY_TAGS, *(n for n, _ in rest)}
    by_anchor: dict[str, list[str]] = {}
    for anchor, text in board.comments:
        text = _one_line_ends(text)
        parts = text.split("\n") if "}" in text else [text]  # a ';' comment is one line
        by_anchor.setdefault(anchor if anchor in written or anchor in sections else "", []).extend(parts)
    for name in sections:
        extra = [line for text in by_anchor.pop(name, []) for line in _comment_lines(text)]
        if extra:
            # Read back, a section's text ends at its last non-blank character (a form feed too).
            sections[name] = "\n".join(part for part in (sections[name], *extra) if part).rstrip()
    order = ["", *MANDATORY_TAGS, *dict.fromkeys(n for n, _ in rest)]
    comments = [(anchor, text) for anchor in order for text in by_anchor.get(anchor, [])]

    tags, texts = tuple(head + rest + tail), tuple((n, sections[n]) for n, _ in tail)
    return Board(board.number, board.deal, board.dealer, board.vulnerable, tags, texts, tuple(comments))


def _game_lines(board: Board) -> list[str]:
    """One game in export format (lines without line ends); ``board`` is in ``export_form``."""
    pending: dict[str, list[str]] = {}
    for anchor, text in board.comments:
        pending.setdefault(anchor, []).append(text)
    sections = dict(board.sections)
    lines: list[str] = []

    def emit(name: str, value: str) -> None:
        lines.append(f'[{name} "{_escape(value)}"]')
        for text in pending.pop(name, ()):
            lines.extend(_comment_lines(text))
        if sections.get(name):
            section = sections[name].split("\n")
            if section[0].startswith("%"):  # on a line of its own it would be an escape line, and lost
                lines[-1] += " " + section.pop(0)
            lines.extend(section)

    for text in pending.pop("", ()):
        lines.extend(_comment_lines(text))
    dealer = board.effective_dealer
    deal = None if board.deal is None else board.deal.to_pbn(dealer or "N")
    holes = dict(zip(_HOLES, (board.label, dealer, board.effective_vulnerable, deal), strict=True))
    for name in MANDATORY_TAGS:
        emit(name, (holes[name] if name in holes else board.tag(name)) or "")
    for name, value in board.tags:
        if name not in MANDATORY_TAGS:
            emit(name, value)
    return lines


def _stamped(board: Board, generator: str | None, seed: int | None) -> Board:
    """The board with the set's ``Generator`` and ``GeneratorSeed`` tags (None leaves the board's own)."""
    if generator is not None:
        board = board.with_tags(Generator=generator)
    return board if seed is None else board.with_tags(GeneratorSeed=str(seed))


def dumps(
    boards: Iterable[Board],
    *,
    generator: str | None = None,
    seed: int | None = None,
    extra_header: Sequence[str] = (),
) -> str:
    """The boards as a PBN 2.1 export-format document (CRLF line ends).

    ``generator`` (e.g. ``GENERATOR``) and ``seed`` are written into every game as the
    ``Generator`` and ``GeneratorSeed`` tags, so a set can be reproduced; ``None`` leaves any such
    tags a board already has.  ``extra_header`` lines are written as ``%`` escape lines after
    ``% EXPORT`` (readers ignore them; use them for notes such as the dealing constraints).
    """
    lines, boards = _header(extra_header), list(boards)
    grouped = _grouped_games(boards, generator, seed)
    body: list[str] = [] if grouped is None else [grouped]
    for k, board in enumerate(boards if grouped is None else ()):
        body.extend(([""] if k else []) + _game_lines(export_form(_stamped(board, generator, seed))))
    if any(not line.isascii() for line in lines + body):  # a header note may hold a ♥ or an en dash too
        lines.append(_CHARSET)
    return _CRLF.join(lines + body) + _CRLF


def _grouped_games(boards: list[Board], generator: str | None, seed: int | None) -> str | None:
    """Numbered boards with full deals and no comments, written once per group that differs only in
    number, vulnerability and deal, the rest laid out by ``_batch.templated_games``; else None."""
    if not boards or not all(b.number and b.deal and b.deal.is_complete and not b.comments for b in boards):
        return None
    from bridgegui.formats import _batch

    keys: dict[tuple[object, ...], int] = {}
    group = [keys.setdefault((b.effective_dealer, b.tags, b.sections), len(keys)) for b in boards]
    samples = {g: b for b, g in zip(boards, group, strict=True)}  # the last board of each group
    stamp = {"Generator": generator, "GeneratorSeed": None if seed is None else str(seed)}
    stamp = {name: value for name, value in stamp.items() if value is not None}
    # The templates are written without their deals (numpy lays those out), stamped in one step.
    bare = (Board(b.number, None, b.effective_dealer, b.vulnerable, b.tags, b.sections) for b in samples.values())
    written = (_CRLF.join(_game_lines(export_form(b.with_tags(**stamp) if stamp else b))) for b in bare)
    templates = [_batch.cut(text, ("Board", "Vulnerable", "Deal")) for text in written]
    return _batch.templated_games(templates, group, boards, _CRLF + _CRLF)


def dump(
    boards: Iterable[Board],
    fp_or_path: str | os.PathLike[str] | IO[bytes] | IO[str],
    *,
    generator: str | None = None,
    seed: int | None = None,
    extra_header: Sequence[str] = (),
) -> None:
    """Write ``dumps(boards, ...)`` to a path (atomically, see ``save``) or to an open file.

    A binary file gets UTF-8 bytes.  A text file gets the string as it is: open it with
    ``newline=""`` so the CRLF line ends are not translated.
    """
    write_data(dumps(boards, generator=generator, seed=seed, extra_header=extra_header), fp_or_path)


def save(
    path: str | os.PathLike[str],
    boards: Iterable[Board],
    *,
    generator: str | None = None,
    seed: int | None = None,
    extra_header: Sequence[str] = (),
) -> None:
    """Write the boards to ``path`` atomically (``bridgegui.files.atomic_write``): the file is either the
    old one or the complete new one, with the old one's permissions; a link is followed, a device written to."""
    dump(boards, path, generator=generator, seed=seed, extra_header=extra_header)


# --------------------------------------------------------------------------------------------------
# Writing a dealt set batch by batch (the registry's streaming protocol): ``dumps``'s own layout,
# filled for a whole batch at once (``bridgegui.formats._batch``), so memory is one batch's and the
# formatting costs no more than the dealing.  A dealt board has nothing but its number and its deal.


def _header(notes: Sequence[str]) -> list[str]:
    """A document's first lines: ``% PBN 2.1``, ``% EXPORT`` and the notes as ``%`` escape lines."""
    lines = ["% PBN 2.1", "% EXPORT"]
    for entry in notes:
        lines.extend(f"% {part}".rstrip() for part in entry.splitlines() or [""])
    return lines


_CHARSET = "%Content-type: text/x-pbn; charset=UTF-8"
"""BridgeComposer's directive: says how to read the bytes when a line is not ASCII (PBN's default is Latin-1)."""


@lru_cache(maxsize=8)
def _dealt_template(generator: str, seed: int | None) -> tuple[str, ...]:
    """A dealt game exactly as ``dumps`` writes it, cut around the values of ``_HOLES``: five constant
    texts.  The batch writer fills the four holes for a whole batch; everything else is the per-board
    writer's own output (``_game_lines``), so the two ways to write a set cannot drift apart."""
    board = Board(1, parse_deal("N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"))
    from bridgegui.formats import _batch

    return _batch.cut(_CRLF.join(_game_lines(export_form(_stamped(board, generator or None, seed)))), _HOLES)


def begin(info: SetHeader) -> str:
    """The document's start for a set written batch by batch: ``begin + write_batch... + end == dumps``.

    No line end after the last header line: each game starts with the line end before it, and
    ``end`` adds the final one only to an empty set."""
    lines = _header(info.notes)
    if not all(line.isascii() for line in (*lines, *_dealt_template(info.generator, info.seed))):
        lines.append(_CHARSET)
    return _CRLF.join(lines)


def write_batch(masks: np.ndarray, first_number: int, info: SetHeader) -> str:
    """The games of a dealt ``(n, 4)`` batch numbered from ``first_number`` (Law 2's dealers and
    vulnerabilities unless ``info`` fixes them), as ``dumps`` writes them: the template's four holes
    filled from the arrays."""
    from bridgegui.formats import _batch

    masks, numbers, dealers, vulnerabilities = _batch.dealt_columns(masks, first_number, info)
    if not len(masks):
        return ""
    board, dealer, vulnerable, deal, rest = _dealt_template(info.generator, info.seed)
    seat = _batch.choice(dealers, "NESW")
    fields: list[_batch.Field] = [_CRLF + board, _batch.number(numbers), dealer, seat, vulnerable]
    fields += [_batch.choice(vulnerabilities, _batch.VULNERABILITIES), deal, seat, ":"]
    fields += [_batch.deal_notation(masks, dealers), rest + _CRLF]
    return _batch.decode(_batch.join_fields(fields, len(masks)))


def end(info: SetHeader) -> str:
    """The document's last line end when no game was written (``info.total == 0``); else nothing."""
    return _CRLF if info.total == 0 else ""


def bidding_parts(*args: Any, **kwargs: Any) -> Iterator[bytes]:
    """``dumps`` of the same boards carrying their auctions, laid out from arrays a batch of games at a
    time, as UTF-8 bytes (``pbn_bidding.bidding_parts``)."""
    from bridgegui.formats.pbn_bidding import bidding_parts as laid_out

    return laid_out(*args, **kwargs)
