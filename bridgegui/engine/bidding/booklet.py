"""A system as a booklet's outline: sections per opening, auctions as headings, each call's meaning.

A teacher hands students the system as they would read it in a book (Bernard Magee's Acol guides,
the ACBL's SAYC booklet): the openings first, then one section per opening with every auction that
follows it as a heading ("1NT – Pass – ?") and under it the calls in the order the system tries
them, each with its meaning in words, the teaching note, the other acceptable calls and a mark on
the catch-all ("not covered") rules.  This module builds that outline as typed records from a
``System`` (no Qt): the PDF renderer (``printing/booklet.py``), the BML writer (``booklet_bml``)
and the System Notes window all read the same records, so they cannot disagree.

Sections follow the file: the opening block first, then one section per opening call in the order
the file first answers it ("our 1♠ opening", then "their 1♠ opening" for the competitive blocks),
then the auctions no single opening starts (wildcards such as ``** 4NT P``).
"""

from __future__ import annotations

from dataclasses import dataclass

from bridgegui.engine.bidding.calls import PASS, Call
from bridgegui.engine.bidding.explain import sentence as _sentence
from bridgegui.engine.bidding.explain import split_terms, term_words, where_words
from bridgegui.engine.bidding.system import PASS_CODE, Block, Rule, System, call_from_code

DASH = " – "
"""Between the calls of an auction heading (an en dash, as bridge books print auctions)."""


@dataclass(frozen=True)
class BookletAlternative:
    """Another acceptable call for the hands of a rule (an ``also`` line) and the author's reason."""

    call: Call
    reason: str


@dataclass(frozen=True)
class BookletCall:
    """One rule as a booklet prints it.

    ``terms`` are the meaning's terms in words (generated from the meaning, the table conditions
    first); ``note`` the teaching note (a version-1 rule's whole written sentence); ``where`` the
    extra condition read aloud (a version-1 rule's: a version-2 rule's terms end with it).  ``place``
    is ``file:line`` for a teacher who edits the file.
    """

    call: Call
    rule: Rule
    terms: tuple[str, ...]
    note: str
    where: str
    catch_all: bool
    alternatives: tuple[BookletAlternative, ...]
    place: str

    @property
    def meaning(self) -> str:
        """The terms joined: ``"15–17 HCP, balanced"`` (empty when the call promises nothing)."""
        return ", ".join(self.terms)


@dataclass(frozen=True)
class AuctionToken:
    """One literal call of an auction pattern and whose it is, seen from the side about to call:
    ``ours`` for the caller and partner, else the opponents'."""

    call: Call
    ours: bool


@dataclass(frozen=True)
class BookletAuction:
    """An ``after`` block: the auction as a heading and the calls that answer it, in priority order.

    ``tokens`` spell the auction call by call after any leading passes when every element of the
    pattern is a single literal call; None when it has wildcards or alternatives (``bid``,
    ``2NT|3D``), which BML cannot spell.  ``block`` is the system's block, for finding a rule.
    """

    heading: str
    pattern: str
    block: Block
    tokens: tuple[AuctionToken, ...] | None
    calls: tuple[BookletCall, ...]


SECTION_KINDS = ("openings", "opening", "others")


@dataclass(frozen=True)
class BookletSection:
    """A section: ``kind`` ``"openings"`` (the opening bids), ``"opening"`` (the auctions after one
    opening ``call``, made by our side when ``ours``) or ``"others"`` (auctions no one opening
    starts).  A front end phrases the title from these (``title`` is the English one)."""

    kind: str
    auctions: tuple[BookletAuction, ...]
    opening: Call | None = None
    ours: bool = True

    @property
    def title(self) -> str:
        if self.kind == "openings":
            return "Opening bids"
        if self.kind == "others":
            return "Other auctions"
        assert self.opening is not None
        return f"{'Our' if self.ours else 'Their'} {self.opening.symbol()} opening"


@dataclass(frozen=True)
class Booklet:
    """The whole outline: the system's title and description, then the sections in file order."""

    name: str
    title: str
    description: str
    source: str
    sections: tuple[BookletSection, ...]

    @property
    def calls(self) -> int:
        """How many calls the booklet prints (one per rule)."""
        return sum(len(a.calls) for s in self.sections for a in s.auctions)

    def find_rule(self, rule: Rule) -> tuple[int, int, int] | None:
        """``(section, auction, call)`` indices of ``rule`` in the booklet, or None."""
        for s, section in enumerate(self.sections):
            for a, auction in enumerate(section.auctions):
                for c, call in enumerate(auction.calls):
                    if call.rule is rule or (call.rule.index == rule.index and call.rule.line == rule.line):
                        return s, a, c
        return None


def _element_words(element: str | frozenset[int]) -> str:
    if element == "*":
        return "any call"
    if element == "bid":
        return "any bid"
    if element == "**":
        return "…"
    if element == "P*":
        return "(passes)"
    assert isinstance(element, frozenset)
    return " or ".join(call_from_code(code).symbol() for code in sorted(element))


def _leading_passes_dropped(elements: tuple[str | frozenset[int], ...]) -> tuple[str | frozenset[int], ...]:
    return elements[1:] if elements and elements[0] == "P*" else elements


def auction_heading(block: Block) -> str:
    """The auction as people write it: ``"1NT – Pass – ?"``; the openings' block is ``"?"``.

    Leading ``P*`` (the passes before the opening, in any seat) is left out, as books leave it out.
    """
    words = [_element_words(e) for e in _leading_passes_dropped(block.pattern.elements)]
    return DASH.join([*words, "?"])


def auction_tokens(block: Block) -> tuple[AuctionToken, ...] | None:
    """The pattern's calls after any leading ``P*`` with whose each is, or None when the pattern
    has a wildcard or an alternative.  The caller speaks after the last call, so the calls an even
    number of places before it are the caller's side's."""
    elements = _leading_passes_dropped(block.pattern.elements)
    calls: list[Call] = []
    for element in elements:
        if not isinstance(element, frozenset) or len(element) != 1:
            return None
        calls.append(call_from_code(next(iter(element))))
    n = len(calls)
    return tuple(AuctionToken(call, (n - i) % 2 == 0) for i, call in enumerate(calls))


def booklet_call(system: System, rule: Rule) -> BookletCall:
    """One rule's booklet entry (the structured explanation when the rule has one)."""
    record = rule.explanation_record
    if record.written:
        # A version-1 rule: its sentence is kept whole as the note, and the meaning is phrased
        # from the rule's own meaning text, so the booklet still shows numbers that cannot drift.
        terms = tuple(term_words(t) for t in split_terms(rule.meaning_text))
        note = record.note
    else:
        terms, note = record.terms, _sentence(record.note)
    return BookletCall(
        call=rule.call,
        rule=rule,
        terms=terms,
        note=note,
        # A version-2 rule's words already end with its condition; only a version-1 sentence needs it read out.
        where=where_words(rule.where) if rule.where and record.written else "",
        catch_all=rule.catch_all,
        alternatives=tuple(BookletAlternative(a.call, a.reason) for a in rule.alternatives),
        place=f"{rule.source or system.source}:{rule.line}",
    )


def _opening(tokens: tuple[AuctionToken, ...] | None, block: Block) -> tuple[Call, bool] | None:
    """The opening call of the block's auctions and whether our side made it; None when
    the pattern does not fix it (a wildcard before or at the first bid)."""
    for element in _leading_passes_dropped(block.pattern.elements):
        if not isinstance(element, frozenset) or len(element) != 1:
            return None
        code = next(iter(element))
        if code == PASS_CODE:
            continue
        if tokens is None:
            # Whose the opening is depends on the parity of the whole pattern, which a wildcard
            # after the opening does not change (each wildcard is one call, except ** and P*).
            elements = _leading_passes_dropped(block.pattern.elements)
            if any(e in ("**", "P*") for e in elements):
                return None
            index = elements.index(element)
            return call_from_code(code), (len(elements) - index) % 2 == 0
        for token in tokens:
            if token.call != PASS:
                return token.call, token.ours
    return None


def auction_length(block: Block) -> int | None:
    """How many calls the block's auctions have made before the caller's turn (the passes before the
    opening not counted); None when a wildcard stands for any number of calls."""
    elements = _leading_passes_dropped(block.pattern.elements)
    return None if any(e in ("**", "P*") for e in elements) else len(elements)


def build_booklet(system: System, *, calls: int | None = None, opening: Call | None = None) -> Booklet:
    """The outline of ``system``: openings, then a section per opening in file order, then the rest.

    A whole system is a thousand pages; a lesson needs a part of it.  ``calls`` keeps the auctions
    of at most that many calls before the caller's turn (0: the openings, 2: the first responses and
    overcalls, 4: opener's and responder's rebids), leaving out those of any length; ``opening`` keeps
    only the sections of auctions that start with that call, ours and theirs.
    """
    openings: list[BookletAuction] = []
    by_opening: dict[tuple[Call, bool], list[BookletAuction]] = {}
    others: list[BookletAuction] = []
    for block in system.blocks:
        if not block.rules:
            continue
        if calls is not None:
            length = auction_length(block)
            if length is None or length > calls:
                continue
        tokens = auction_tokens(block)
        auction = BookletAuction(
            heading=auction_heading(block),
            pattern=block.pattern.text,
            block=block,
            tokens=tokens,
            calls=tuple(booklet_call(system, rule) for rule in block.rules),
        )
        if tokens == ():
            openings.append(auction)
            continue
        first = _opening(tokens, block)
        if first is None:
            others.append(auction)
        else:
            by_opening.setdefault(first, []).append(auction)
    sections: list[BookletSection] = []
    if openings and opening is None:
        sections.append(BookletSection("openings", tuple(openings)))
    for (call, ours), auctions in by_opening.items():
        if opening is None or call == opening:
            sections.append(BookletSection("opening", tuple(auctions), call, ours))
    if others and opening is None:
        sections.append(BookletSection("others", tuple(others)))
    return Booklet(system.name, system.title or system.name, system.description, system.source, tuple(sections))


__all__ = [
    "DASH",
    "SECTION_KINDS",
    "AuctionToken",
    "Booklet",
    "BookletAlternative",
    "BookletAuction",
    "BookletCall",
    "BookletSection",
    "auction_heading",
    "auction_length",
    "auction_tokens",
    "booklet_call",
    "build_booklet",
]
