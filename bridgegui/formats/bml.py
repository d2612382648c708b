"""BML (Bridge Markup Language): a bidding system as the indented tree of calls BBO-oriented tools read.

BML is Erik Sjöstrand's format, continued by Gert-Jan Paulissen (``gpaulissen/bml``, the
``bridge-markup`` package, whose ``bml2html``, ``bml2latex`` and ``bml2bss`` turn it into a web
page, a LaTeX booklet or BBO's full-disclosure file).  A bidding table is a tree: each row is
``CALL description`` and a row indented one step further answers the row above it; a table whose
first line ends in ``;`` starts after that auction (``1N-2C;``).  Our calls are written bare, the
opponents' in parentheses (``(2H)``), and BML puts back a pass between two calls of the same side,
so uncontested auctions read ``1S-2S``.  Headings are ``*`` lines, metadata ``#+TITLE:``, and
paragraphs are separated by blank lines.

Only ``dump``/``dumps`` exist: bridgegui writes BML from a system's booklet outline
(``engine.bidding.booklet``) and never reads it back.  Each section of the outline becomes a ``*``
heading; within it, the auctions that BML can spell become one tree per starting auction, the
auctions after a call nested under that call's row (the responses under the opening, the rebids
under the response).  Auctions with wildcards (``bid``, ``**``) or alternatives, which BML cannot
spell, are written as headed lists.  Every rule of a call is one line of its row's description (a
continuation line in BML), then its alternatives; catch-all rules are marked.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator

from bridgegui.engine.bidding.booklet import AuctionToken, Booklet, BookletAuction, BookletCall, BookletSection
from bridgegui.engine.bidding.calls import PASS, Call
from bridgegui.files import atomic_write

INDENT = 2
"""Spaces per tree level: ``bridge-markup``'s default (its ``-i`` option), which its readers assume."""

BID_COLUMN = 6
"""Width the call is padded to before the ``=``: a description then never starts in the column
where the next row's call would (BML would read that row as more description)."""

_SUITS = {"♣": "!c", "♦": "!d", "♥": "!h", "♠": "!s"}
CATCH_ALL_MARK = "[catch-all]"
_MARKUP = re.compile(r"(^|\s)([*/=])(?=\S)")
"""A style marker where BML's converters look for one (after a space, before a word): a space after
it keeps the text as written."""
_TABLE_START = re.compile(r"\s*\(?\d[A-Za-z]")
"""How BML recognises a paragraph as a bidding table without a ``#BIDTABLE`` line."""


def bml_call(call: Call, *, ours: bool = True) -> str:
    """A call in BML: ``1S``, ``1N``, ``P``, ``D``, ``R``; the opponents' in parentheses."""
    code = call.code
    text = {"P": "P", "X": "D", "XX": "R"}.get(code)
    if text is None:
        text = code.replace("NT", "N")
    return text if ours else f"({text})"


def _text(text: str) -> str:
    """Description text BML shows as written: suit symbols as BML's ``!s``, on one line, and
    without the characters BML reads as markup at a word's edge (``*bold*``, ``/italic/``, ``=mono=``)."""
    for symbol, code in _SUITS.items():
        text = text.replace(symbol, code)
    text = " ".join(text.split())
    return _MARKUP.sub(r"\1\2 ", text)


def call_lines(entry: BookletCall) -> list[str]:
    """The description lines of one rule: meaning, condition and note, then each alternative."""
    parts = [CATCH_ALL_MARK] if entry.catch_all else []
    meaning = ", where ".join(p for p in (entry.meaning, entry.where) if p)
    if meaning:
        parts.append(meaning + ".")
    if entry.note:
        parts.append(entry.note)
    lines = [_text(" ".join(parts)) or "(no meaning given)"]
    lines += [_text(f"also {a.call.symbol()}: {a.reason}") for a in entry.alternatives]
    return lines


def _sequence(tokens: tuple[AuctionToken, ...]) -> list[str]:
    """The auction's calls in BML, less the passes BML puts back itself: a pass goes when the calls
    either side of it (the caller's next call after the last) are the same side's."""
    kept: list[AuctionToken] = []
    for i, token in enumerate(tokens):
        after_ours = tokens[i + 1].ours if i + 1 < len(tokens) else True
        if token.call == PASS and kept and kept[-1].ours == after_ours:
            continue
        kept.append(token)
    return [bml_call(t.call, ours=t.ours) for t in kept]


class _Tree:
    """The spellable auctions of a section, keyed by their calls (whose included), in file order."""

    def __init__(self, auctions: list[BookletAuction]) -> None:
        self.auctions: dict[tuple[AuctionToken, ...], BookletAuction] = {}
        for auction in auctions:
            assert auction.tokens is not None
            self.auctions.setdefault(auction.tokens, auction)
        self.nested: set[tuple[AuctionToken, ...]] = set()
        for tokens in self.auctions:
            parent = self.auctions.get(tokens[:-2])
            if len(tokens) >= 2 and parent is not None and any(c.call == tokens[-2].call for c in parent.calls):
                self.nested.add(tokens)

    def children(self, tokens: tuple[AuctionToken, ...], call: Call) -> list[tuple[AuctionToken, ...]]:
        """The auctions that follow our ``call`` after ``tokens``: one opponent's call later."""
        n = len(tokens) + 2
        return [
            key
            for key in self.auctions
            if len(key) == n and key in self.nested and key[: n - 2] == tokens and key[n - 2].call == call
        ]

    def rows(self, tokens: tuple[AuctionToken, ...], depth: int) -> Iterator[str]:
        """The rows of the auction ``tokens`` at tree depth ``depth``, each call's answers nested."""
        auction = self.auctions[tokens]
        pad = " " * (INDENT * depth)
        grouped: dict[Call, list[BookletCall]] = {}
        for entry in auction.calls:
            grouped.setdefault(entry.call, []).append(entry)
        for call, entries in grouped.items():
            lines = [line for entry in entries for line in call_lines(entry)]
            head = f"{pad}{bml_call(call):<{BID_COLUMN}}= "
            yield head + lines[0]
            yield from (" " * len(head) + line for line in lines[1:])
            following = self.children(tokens, call)
            if not following:
                continue
            if len(following) == 1 and following[0][-1].call == PASS:
                yield from self.rows(following[0], depth + 1)
                continue
            for key in following:  # their calls made explicit, each with our answers under it
                yield f"{pad}{' ' * INDENT}{bml_call(key[-1].call, ours=False)}"
                yield from self.rows(key, depth + 2)


def _section(section: BookletSection) -> Iterator[str]:
    yield f"* {_text(section.title)}"
    spellable = [a for a in section.auctions if a.tokens is not None]
    tree = _Tree(spellable)
    for tokens in tree.auctions:
        if tokens in tree.nested:
            continue
        rows = list(tree.rows(tokens, 0))
        if tokens:
            rows.insert(0, "-".join(_sequence(tokens)) + ";")
        if not _TABLE_START.match(rows[0]):
            rows.insert(0, "#BIDTABLE")  # a table must start with a bid or be marked as one
        yield "\n".join(rows)
    for auction in section.auctions:
        if auction.tokens is not None:
            continue
        yield f"** {_text(auction.heading)}"
        yield "\n".join(
            f"- {_text(entry.call.symbol())}: {line}" for entry in auction.calls for line in call_lines(entry)
        )


def dumps(booklet: Booklet) -> str:
    """The booklet as BML text (UTF-8 when written): metadata, then a heading and trees per section."""
    paragraphs = [
        f"#+TITLE: {_text(booklet.title)}",
        f"#+DESCRIPTION: {_text(booklet.description or booklet.title)}",
        f"// Written by bridgegui from {booklet.source}; regenerate it rather than editing it.",
    ]
    if booklet.description:
        paragraphs.append(_text(booklet.description))
    for section in booklet.sections:
        paragraphs.extend(_section(section))
    return "\n\n".join(paragraphs) + "\n"


def dump(booklet: Booklet, path: str | os.PathLike[str]) -> None:
    """Write the booklet's BML to ``path`` in one atomic write (``OSError`` when it cannot)."""
    atomic_write(path, dumps(booklet).encode("utf-8"))


__all__ = ["CATCH_ALL_MARK", "bml_call", "call_lines", "dump", "dumps"]
