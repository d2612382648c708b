"""Reading a block of a system file: names, suit variables, seat and vulnerability terms, rules,
alternatives, and ``replace``/``extend``/``remove`` of an earlier block.

A block whose pattern binds suit variables stands for one block per suit, and a rule with a free
variable for one rule per other suit: they are expanded here, while reading, so the ``System`` that
bids holds only plain rules (the batched bidding and the exact dealing never see a variable).  Every
substitution keeps a map back to the line as written, so an error points at the text the author typed
and says which suit was being read ("(with {major} = hearts)").
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np

from bridgegui.engine.bidding.calls import Call, quoted
from bridgegui.engine.bidding.explain import (
    SUIT_WORDS,
    Explanation,
    seat_words,
    split_terms,
    term_words,
    vulnerability_words,
    where_words,
)
from bridgegui.engine.bidding.system import Pattern, WhereFunction
from bridgegui.engine.bidding.system_tokens import SystemFileError, _Reader
from bridgegui.engine.bidding.where import compile_where
from bridgegui.engine.cards import HOLDING_BITS
from bridgegui.engine.dealer.constraints import SeatConstraint

_SUIT_LENGTH = re.compile(r"\b(?:spades|hearts|diamonds|clubs)\(me\)")
_LENGTH_ONLY_REST = re.compile(r"^(?:\s|\d|[()<>=!&|+*-]|\band\b|\bor\b|\bnot\b)*$")
_SINGLE_SUIT_TEST = re.compile(r"(spades|hearts|diamonds|clubs)\(me\) (>=|<=|==|>|<) (\d+)")

SUIT_LETTERS = ("S", "H", "D", "C")
_SUIT_CLASSES = {"major": (0, 1), "minor": (2, 3), "suit": (0, 1, 2, 3)}
_NAME = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)\}")
_VARIABLE = re.compile(r"(major|minor|suit)[A-Za-z0-9_]*")
_DEFINE = re.compile(r"define\s+([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*)$", re.IGNORECASE)
_BLOCK_OPS = ("replace", "extend", "remove")
_TABLE_TERM = re.compile(
    r"(?:seat\s+(?P<seat>\S+)|vul\s+(?P<vul>\S+)|(?P<word>vulnerable|nonvulnerable|favourable|unfavourable))",
    re.IGNORECASE,
)
_VUL_ALIASES = {
    "none": ("none",),
    "neither": ("none",),
    "we": ("we",),
    "they": ("they",),
    "both": ("both",),
    "all": ("both",),
    "favourable": ("they",),
    "unfavourable": ("we",),
    "vulnerable": ("we", "both"),
    "nonvulnerable": ("none", "they"),
}

Resolver = Callable[[str, object], tuple[str, str, object]]
"""Finds an included file: ``(name, where the including file lives) -> (text, source, its place)``."""


@dataclass
class _Draft:
    """A rule read but not yet numbered (numbers are given when every include has been read)."""

    call: Call
    meaning: SeatConstraint
    meaning_text: str
    explanation: str
    line: int
    source: str
    where: str | None
    north: WhereFunction | None
    seats: frozenset[int] | None
    vulnerabilities: frozenset[str] | None
    catch_all: bool
    explained: Explanation | None
    alternatives: list[tuple[Call, _Draft, str, int]] = field(default_factory=list)


@dataclass
class _BlockDraft:
    pattern: Pattern
    key: str
    rules: list[_Draft]
    line: int
    source: str


@dataclass
class _Substituted:
    """A line with its ``{names}`` replaced, and how to map a column back to the line as written."""

    text: str
    spans: list[tuple[int, int, int, int]]
    """``(new_start, new_end, old_start, old_end)`` of each replacement, 0-based."""
    values: dict[str, str]

    def original_column(self, column: int) -> int:
        """The 1-based column in the written line of a 1-based column in ``text``."""
        at = column - 1
        shift = 0
        for new_start, new_end, old_start, old_end in self.spans:
            if at < new_start:
                break
            if at < new_end:
                return old_start + 1
            shift = old_end - new_end
        return at + shift + 1

    def hint(self) -> str:
        """`` (with {major} = hearts)`` when suit variables were replaced, for error messages."""
        shown = [f"{{{k}}} = {v}" for k, v in self.values.items() if _VARIABLE.fullmatch(k)]
        return f" (with {', '.join(shown)})" if shown else ""


@dataclass
class _Context:
    """What reading a system and its includes shares: names defined, blocks read, files seen."""

    resolve: Resolver | None
    defines: dict[str, tuple[str, str, int]] = field(default_factory=dict)
    blocks: list[_BlockDraft] = field(default_factory=list)
    files: list[tuple[str, str]] = field(default_factory=list)
    stack: list[str] = field(default_factory=list)
    meanings: dict[str, SeatConstraint] = field(default_factory=dict)
    wheres: dict[str, WhereFunction] = field(default_factory=dict)


def _replaced(text: str, value_of: Callable[[re.Match[str]], str | None], shown: dict[str, str]) -> _Substituted:
    """``text`` with each ``{name}`` for which ``value_of`` gives a value replaced by it, and the spans
    that map a position in the result back to the text (so an error points at what the author wrote)."""
    spans: list[tuple[int, int, int, int]] = []
    pieces: list[str] = []
    last = 0
    grown = 0
    for m in _NAME.finditer(text):
        value = value_of(m)
        if value is None:
            continue
        pieces += [text[last : m.start()], value]
        new_start = m.start() + grown
        spans.append((new_start, new_start + len(value), m.start(), m.end()))
        grown += len(value) - (m.end() - m.start())
        last = m.end()
    pieces.append(text[last:])
    return _Substituted("".join(pieces), spans, shown)


def _substitute(text: str, context: _Context, reader: _Reader, line: int, column: int) -> _Substituted:
    """``text`` with every defined ``{name}`` replaced (suit variables are left for ``_expand``)."""

    def defined_value(m: re.Match[str]) -> str | None:
        name = m.group(1)
        if _VARIABLE.fullmatch(name):
            return None
        defined = context.defines.get(name)
        if defined is None:
            raise reader.fail(
                line,
                column + m.start(),
                f"{{{name}}} is not defined: define {name} = ... first, or use a suit variable "
                "({major}, {minor}, {suit})",
            )
        value = defined[0]
        if _NAME.search(value) and any(not _VARIABLE.fullmatch(n) for n in _NAME.findall(value)):
            raise reader.fail(line, column + m.start(), f"{{{name}}}'s value uses other names: write it out")
        return value

    return _replaced(text, defined_value, {})


def _variables(text: str) -> list[str]:
    """The suit variables of ``text`` in order of first appearance."""
    found: list[str] = []
    for name in _NAME.findall(text):
        if _VARIABLE.fullmatch(name) and name not in found:
            found.append(name)
    return found


def _assignments(names: list[str], taken: dict[str, int], order: tuple[int, ...]) -> list[dict[str, int]]:
    """Every way to give each variable a suit of its class, different names different suits, avoiding
    the suits already ``taken``; suits tried in ``order`` (0 spades .. 3 clubs)."""
    result: list[dict[str, int]] = [dict(taken)]
    for name in names:
        kind = _VARIABLE.fullmatch(name)
        assert kind is not None
        suits = [s for s in order if s in _SUIT_CLASSES[kind.group(1)]]
        result = [{**a, name: s} for a in result for s in suits if s not in a.values()]
    return result


def _bind(text: str, values: dict[str, int], *, calls: bool) -> _Substituted:
    """Replace suit variables: in calls (``2{major}``) by the suit letter, elsewhere by its word
    (notes write a call with the suit's symbol)."""

    def suit_value(m: re.Match[str]) -> str | None:
        suit = values.get(m.group(1))
        if suit is None:
            return None
        if calls:
            return SUIT_LETTERS[suit]
        after_level = m.start() > 0 and text[m.start() - 1] in "1234567"
        return "♠♥♦♣"[suit] if after_level else SUIT_WORDS[suit]

    return _replaced(text, suit_value, {name: SUIT_WORDS[suit] for name, suit in values.items()})


def _remapped(exc: SystemFileError, *subs: _Substituted) -> SystemFileError:
    """``exc`` with its column mapped back through the substitutions (innermost last) and a hint."""
    column = exc.column
    hint = ""
    for sub in reversed(subs):
        column = sub.original_column(column) if column else column
        hint = hint or sub.hint()
    return SystemFileError(exc.source, exc.line, column, exc.message + hint)


_BOUND_ORDER = (0, 1, 2, 3)
_FREE_ORDER = (3, 2, 1, 0)
"""A bound variable's blocks go spades first (their patterns never overlap); a free variable's rules go
cheapest suit first, up the line, since a rule's place is its priority."""


def _read_block(
    op: str,
    pattern_text: str,
    line: int,
    column: int,
    lines: list[tuple[int, str]],
    reader: _Reader,
    context: _Context,
    version: int,
) -> None:
    if not pattern_text:
        raise reader.fail(line, column, "after needs a pattern: the auction so far, e.g. after P* 1NT P")
    defined = _substitute(pattern_text, context, reader, line, column)
    bound_names = _variables(defined.text)
    if op == "remove" and lines:
        raise reader.fail(lines[0][0], 1, "remove after deletes a block: it takes no rules")
    if op != "remove" and not lines:
        raise reader.fail(line, 1, f"after {pattern_text} has no rules: indent them under it")
    for values in _assignments(bound_names, {}, _BOUND_ORDER):
        bound = _bind(defined.text, values, calls=True)
        try:
            pattern = reader.pattern(bound.text, line, column)
        except SystemFileError as exc:
            raise _remapped(exc, defined, bound) from None
        last_bid = pattern.fixed_last_bid
        if values and last_bid is None and pattern.spells_illegal_auction:
            continue  # "1{suit} P 1{suit2}" for spades then hearts: no auction is ever so
        key = _pattern_key(pattern)
        drafts, drops = _read_rules(lines, values, reader, context, version, op, last_bid)
        if op == "after":
            context.blocks.append(_BlockDraft(pattern, key, drafts, line, reader.source))
            continue
        earlier = next((b for b in reversed(context.blocks) if b.key == key), None)
        if earlier is None:
            raise reader.fail(line, 1, f"there is no earlier after {pattern.text} block to {op}{bound.hint()}")
        if op == "remove":
            context.blocks.remove(earlier)
        elif op == "replace":
            earlier.rules = drafts
        else:
            for call, drop_line in drops:
                kept = [r for r in earlier.rules if r.call != call]
                if len(kept) == len(earlier.rules):
                    raise reader.fail(
                        drop_line, 1, f"the earlier after {pattern.text} block has no {call} rule to drop"
                    )
                earlier.rules = kept
            earlier.rules = [*drafts, *earlier.rules]


def _pattern_key(pattern: Pattern) -> str:
    """A pattern's identity for ``replace``/``extend``/``remove``: its elements, spelled one way."""
    parts = []
    for element in pattern.elements:
        parts.append(element if isinstance(element, str) else "|".join(str(c) for c in sorted(element)))
    return " ".join(parts)


def _read_rules(
    lines: list[tuple[int, str]],
    values: dict[str, int],
    reader: _Reader,
    context: _Context,
    version: int,
    op: str,
    last_bid: int | None = None,
) -> tuple[list[_Draft], list[tuple[Call, int]]]:
    """The rules of one block for one binding of its pattern's suit variables, and its ``drop`` lines.

    A rule read for a suit (a free variable's, or any rule of a block read for one binding of its
    pattern's variables) is left out when its bid can never be legal there (the block's auctions all
    end with a bid as high, ``last_bid``): "2{suit} with six" after 1♣ – 2♦ could never be chosen.
    A rule written without variables is kept, so the checker reports it to its author."""
    drafts: list[_Draft] = []
    drops: list[tuple[Call, int]] = []
    last_group: list[_Draft] = []
    for line_number, code in lines:
        stripped = code.lstrip()
        column = len(code) - len(stripped) + 1
        first = stripped.split(None, 1)[0].lower()
        if first == "drop":
            if op != "extend":
                raise reader.fail(line_number, column, "drop CALL belongs in an extend after block")
            text = stripped[4:].strip()
            defined = _substitute(text, context, reader, line_number, column + 5)
            bound = _bind(defined.text, values, calls=True)
            try:
                drops.append((reader.call(bound.text, line_number, column + 5), line_number))
            except SystemFileError as exc:
                raise _remapped(exc, defined, bound) from None
            continue
        if first == "also":
            if version < 2:
                raise reader.fail(line_number, column, "also needs version 2 of the format: write version: 2 first")
            if not last_group:
                raise reader.fail(
                    line_number, column, "also names another call for the rule above it: put it under a rule"
                )
            for draft in last_group:
                draft.alternatives.append(_read_alternative(code, line_number, column, values, draft, reader, context))
            continue
        defined = _substitute(code, context, reader, line_number, 1)
        free = [n for n in _variables(defined.text) if n not in values]
        last_group = []
        for binding in _assignments(free, values, _FREE_ORDER):
            bound = _bind(defined.text, binding, calls=False)
            try:
                draft = _read_rule(bound.text, line_number, reader, context, version)
            except SystemFileError as exc:
                raise _remapped(exc, defined, bound) from None
            expanded = bool(free or values)
            if expanded and last_bid is not None and draft.call.is_bid and draft.call.rank <= last_bid:
                continue
            drafts.append(draft)
            last_group.append(draft)
    return drafts, drops


def _read_alternative(
    code: str,
    line: int,
    column: int,
    values: dict[str, int],
    owner: _Draft,
    reader: _Reader,
    context: _Context,
) -> tuple[Call, _Draft, str, int]:
    defined = _substitute(code, context, reader, line, 1)
    free = [n for n in _variables(defined.text) if n not in values]
    if free:
        raise reader.fail(line, column, f"{{{free[0]}}} is not bound here: an also line names one call")
    bound = _bind(defined.text, values, calls=False)
    body = bound.text.lstrip()[4:]
    offset = len(bound.text) - len(bound.text.lstrip()) + 4
    try:
        draft = _read_rule(" " * offset + body, line, reader, context, 2, alternative=True)
    except SystemFileError as exc:
        raise _remapped(exc, defined, bound) from None
    if not draft.explained or not draft.explained.note:
        raise reader.fail(
            line, len(code.rstrip()) + 1, "an also line ends with -- and the reason the call is also right"
        )
    if draft.call == owner.call:
        raise reader.fail(line, column + 5, f"{draft.call} is the rule's own call: an also line names another call")
    return draft.call, draft, draft.explained.note, line


def _table_terms(
    terms: list[str], reader: _Reader, line: int, column: int
) -> tuple[list[str], frozenset[int] | None, frozenset[str] | None]:
    """Split ``seat ...`` and ``vul ...`` terms (the table) off a meaning's hand terms."""
    hand: list[str] = []
    seats: set[int] | None = None
    vuls: set[str] | None = None
    for term in terms:
        m = _TABLE_TERM.fullmatch(" ".join(term.split()))
        if m is None:
            hand.append(term)
            continue
        if m.group("seat") is not None:
            found = _seat_range(m.group("seat"))
            if found is None:
                raise reader.fail(
                    line, column, f"{quoted(term)}: a seat is 1 to 4 from the dealer: seat 3, seat 3-4, seat 2+"
                )
            seats = found if seats is None else seats & found
        else:
            words = (m.group("vul") or m.group("word")).lower().split("|")
            found_vuls: set[str] = set()
            for word in words:
                if word not in _VUL_ALIASES:
                    raise reader.fail(
                        line, column, f"{quoted(term)}: the vulnerability is none, we, they or both (joined by |)"
                    )
                found_vuls.update(_VUL_ALIASES[word])
            vuls = found_vuls if vuls is None else vuls & found_vuls
    if seats is not None and not seats:
        raise reader.fail(line, column, "the seat terms leave no seat")
    if vuls is not None and not vuls:
        raise reader.fail(line, column, "the vulnerability terms leave no vulnerability")
    return (
        hand,
        None if seats is None or len(seats) == 4 else frozenset(seats),
        None if vuls is None or len(vuls) == 4 else frozenset(vuls),
    )


def _seat_range(text: str) -> set[int] | None:
    m = re.fullmatch(r"([1-4])(?:-([1-4])|(\+))?", text)
    if m is None:
        return None
    lo = int(m.group(1))
    hi = 4 if m.group(3) else int(m.group(2) or lo)
    return set(range(lo, hi + 1)) if lo <= hi else None


def _read_rule(
    code: str, line: int, reader: _Reader, context: _Context, version: int, *, alternative: bool = False
) -> _Draft:
    """One rule line (already substituted): ``[fallback] CALL [MEANING] [where EXPR] [-- NOTE]``."""
    call_match = re.match(r"\s*(\S+)", code)
    assert call_match is not None  # the line is not blank
    catch_all = False
    if version >= 2 and not alternative and call_match.group(1).lower() == "fallback":
        catch_all = True
        call_match = re.match(r"\s*\S+\s+(\S+)", code)
        if call_match is None:
            raise reader.fail(line, len(code) + 1, "fallback needs a call: fallback P -- why nothing else fits")
    call_column = call_match.start(1) + 1
    if call_match.group(1).lower() == "after":
        raise reader.fail(line, call_column, "after starts a block at the start of a line: remove the indentation")
    call = reader.call(call_match.group(1), line, call_column)
    dashes = code.find("--", call_match.end(1))
    if dashes < 0 and version < 2:
        raise reader.fail(line, len(code) + 1, "a rule ends with -- and a sentence that explains it")
    note = code[dashes + 2 :].strip() if dashes >= 0 else ""
    if dashes >= 0 and not note:
        raise reader.fail(line, dashes + 1, "the explanation after -- is empty")
    body_start = call_match.end(1)
    body = code[body_start:dashes] if dashes >= 0 else code[body_start:]
    where_match = re.search(r"(?<!\w)where(?!\w)", body, re.IGNORECASE)
    meaning_part = body[: where_match.start()] if where_match else body
    meaning_text = meaning_part.strip()
    meaning_column = body_start + len(meaning_part) - len(meaning_part.lstrip()) + 1
    if not meaning_text and version < 2:
        at = body_start + (where_match.start() if where_match else len(body)) + 1
        raise reader.fail(line, at, f"{call} needs a meaning before its explanation: write any for no constraint")
    hand_terms, seats, vuls = _table_terms(split_terms(meaning_text), reader, line, meaning_column)
    hand_text = ", ".join(hand_terms)
    if hand_terms and (seats, vuls) == (None, None) and len(hand_terms) == len(split_terms(meaning_text)):
        meaning = reader.meaning(meaning_text, line, meaning_column)
    elif hand_terms:
        try:
            meaning = reader.meaning(hand_text, line, meaning_column)
        except SystemFileError as exc:
            # Point at the failing term where it stands in the meaning as written.
            offset = exc.column - meaning_column
            term = hand_text[offset:].split(",", 1)[0].strip() if 0 <= offset < len(hand_text) else ""
            found = meaning_text.find(term) if term else -1
            raise SystemFileError(exc.source, exc.line, meaning_column + max(found, 0), exc.message) from None
    else:
        meaning = SeatConstraint()
    where_text = None
    north: WhereFunction | None = None
    if where_match:
        where_part = body[where_match.end() :]
        where_text = where_part.strip()
        if not where_text:
            raise reader.fail(line, body_start + where_match.start() + 1, "where needs an expression about me")
        where_column = body_start + where_match.end() + len(where_part) - len(where_part.lstrip()) + 1
        north = context.wheres.get(where_text)
        if north is None:
            north = reader.where(where_text, line, where_column)
            context.wheres[where_text] = north
    if version < 2:
        explained = None
        explanation = note
        catch_all = "not covered" in note.lower()
    else:
        words = []
        if seats is not None:
            words.append(seat_words(seats))
        if vuls is not None:
            words.append(vulnerability_words(vuls))
        words += [term_words(t) for t in hand_terms]
        stated = unstated_where(where_text, meaning) if where_text is not None else None
        if stated:
            words.append(where_words(stated))
        explained = Explanation(call, tuple(words), note, catch_all)
        explanation = explained.text()
    return _Draft(
        call,
        meaning,
        " ".join(hand_text.split()) or "any",
        explanation,
        line,
        reader.source,
        where_text,
        north,
        seats,
        vuls,
        catch_all,
        explained,
    )


def _top_level_conjuncts(expression: str) -> list[str] | None:
    """The parts of ``expression`` joined by ``and`` (or ``&&``) outside parentheses; None when an
    ``or`` joins parts there too (``and`` binds tighter, so those parts are not conjuncts)."""
    parts, depth, start, k = [], 0, 0, 0
    while k < len(expression):
        ch = expression[k]
        if ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
        elif depth == 0:
            if expression.startswith("||", k) or _word_at(expression, k, "or"):
                return None
            joint = 2 if expression.startswith("&&", k) else 3 if _word_at(expression, k, "and") else 0
            if joint:
                parts.append(expression[start:k])
                start = k = k + joint
                continue
        k += 1
    parts.append(expression[start:])
    return [p.strip() for p in parts]


def _word_at(text: str, k: int, word: str) -> bool:
    """``word`` stands alone at ``text[k:]`` (not inside a longer name)."""
    end = k + len(word)
    return (
        text.startswith(word, k)
        and (k == 0 or not (text[k - 1].isalnum() or text[k - 1] == "_"))
        and (end == len(text) or not (text[end].isalnum() or text[end] == "_"))
    )


def unstated_where(expression: str, meaning: SeatConstraint) -> str:
    """``expression`` less the conjuncts about suit lengths alone that every shape ``meaning`` allows
    already meets: they say nothing a student does not read in the meaning's words.

    A rule on a pre-empt's 8+ hearts that also asks ``(hearts(me) <= 3 or hearts(me) >= 7)``, a test
    written once for every suit, would otherwise explain itself with a condition it cannot fail.  Each
    such conjunct is evaluated on one hand of every allowed shape (its lengths are all it reads), so a
    conjunct is left out only when it is provably true of every hand the rule can take.
    """
    conjuncts = _top_level_conjuncts(" ".join(expression.split()))
    if conjuncts is None or not any(_SUIT_LENGTH.search(c) for c in conjuncts):
        return expression
    shapes = meaning.shape_array
    if shapes.shape[0] == 0:
        return expression
    fields = (np.left_shift(np.uint64(1), shapes.astype(np.uint64)) - np.uint64(1)) << (
        np.arange(4, dtype=np.uint64) * np.uint64(HOLDING_BITS)
    )
    deals = np.zeros((shapes.shape[0], 4), dtype=np.uint64)
    deals[:, 0] = np.bitwise_or.reduce(fields, axis=1)
    # A test written for all four suits alike ("spades(me) >= 1 and hearts(me) >= 1 and ...") reads as
    # one phrase ("no void"): its parts stay together even where the meaning makes one of them true.
    singles = [_SINGLE_SUIT_TEST.fullmatch(c) for c in conjuncts]
    tests = [(m.group(2), m.group(3)) for m in singles if m]
    whole = {t for t in tests if sum(1 for m in singles if m and (m.group(2), m.group(3)) == t) == 4}
    kept = []
    for conjunct, single in zip(conjuncts, singles, strict=True):
        if single and (single.group(2), single.group(3)) in whole:
            kept.append(conjunct)
            continue
        length_only = _SUIT_LENGTH.search(conjunct) and _LENGTH_ONLY_REST.match(_SUIT_LENGTH.sub("", conjunct))
        if length_only and bool(np.all(compile_where(conjunct, 0)(deals))):
            continue
        kept.append(conjunct)
    return " and ".join(kept)


__all__ = ["SUIT_LETTERS", "Resolver"]
