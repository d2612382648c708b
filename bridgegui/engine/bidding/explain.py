"""Explanations as records: a call, what it means about the hand, and the author's teaching note.

A version-2 system file writes each meaning once, in the seat-spec language (``hcp 15-17,
balanced``), and the sentence a student reads is generated from it (``1NT: 15–17 HCP, balanced.``),
so the numbers in an explanation can never drift from the rule that chooses the call.  The author may
add a teaching note, which follows the generated part.  Front ends get the record, not a sentence:
the window phrases it through ``tr()`` and never strips text back off it; ``text()`` is the English
the command line prints and PBN notes store.

A version-1 file's explanation was written by hand as a whole sentence; it is kept as the note of a
``written`` explanation and shown as it stands.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

from bridgegui.engine.bidding.calls import Call

NOT_COVERED = "Not covered by this system"
"""How a catch-all (``fallback``) rule's explanation starts: teachers, tests and the checker count them."""

SUIT_WORDS = ("spades", "hearts", "diamonds", "clubs")
_SEAT_ORDINALS = ("first", "second", "third", "fourth")
_VUL_WORDS = {
    "none": "neither side vulnerable",
    "we": "only our side vulnerable",
    "they": "only their side vulnerable",
    "both": "both sides vulnerable",
}


@dataclass(frozen=True)
class Explanation:
    """Why the system makes a call: the call, the meaning's terms in words, and the teaching note.

    ``terms`` are the meaning's terms phrased for a student ("15–17 HCP", "balanced", "5+ spades"),
    the table conditions first ("in third or fourth seat").  ``note`` is the author's sentence (for a
    version-1 rule, its whole explanation: ``written`` is then True and ``terms`` empty).
    ``catch_all`` marks a ``fallback`` rule, whose text starts with ``NOT_COVERED``.
    """

    call: Call
    terms: tuple[str, ...] = ()
    note: str = ""
    catch_all: bool = False
    written: bool = False

    def meaning_text(self) -> str:
        """The generated part: ``"15–17 HCP, balanced"`` (empty when the meaning is ``any``)."""
        return ", ".join(self.terms)

    def text(self) -> str:
        """The whole explanation in English, e.g. ``"1NT: 15–17 HCP, balanced. The booklet allows a
        five-card major."``; a version-1 rule's own sentence as written."""
        if self.written:
            return self.note
        if self.catch_all:
            head = f"{NOT_COVERED}: {self.call.symbol()}"
            meaning = self.meaning_text()
            head += f" ({meaning})." if meaning else "."
            return f"{head} {sentence(self.note)}".strip()
        reason = self.reason()
        return f"{self.call.symbol()}: {reason}" if reason else f"{self.call.symbol()}."

    def reason(self) -> str:
        """What the call says, without the call: ``"15–17 HCP, balanced. The booklet allows a five-card
        major."`` (the meaning, then the note as a sentence; empty when there is neither)."""
        note = sentence(self.note)
        meaning = self.meaning_text()
        return f"{meaning}. {note}".strip() if meaning else note


def sentence(text: str) -> str:
    """``text`` as a sentence: a capital first letter and a full stop (empty stays empty)."""
    text = text.strip()
    if not text:
        return ""
    text = text[0].upper() + text[1:]
    return text if text.endswith((".", "!", "?", ")")) else text + "."


# --- the meaning in words ---------------------------------------------------------------------------

_RANGE = r"(\d+)(?:\s*-\s*(\d+)|(\+)|(-))?"
"""A range as the seat-spec language writes it: ``15-17``, ``15+``, ``15-`` (at most 15) or ``15``."""


def range_words(text: str) -> str:
    """``"15-17"`` → ``"15–17"``, ``"13+"`` → ``"13+"``, ``"7-"`` → ``"at most 7"``, ``"6"`` → ``"6"``."""
    m = re.fullmatch(_RANGE, text.strip())
    if m is None:
        return text.strip()
    lo, hi, plus, minus = m.groups()
    if hi is not None:
        return lo if lo == hi else f"{lo}–{hi}"
    if plus:
        return f"{lo}+"
    if minus:
        return f"at most {lo}"
    return lo


_TERM_PATTERNS: tuple[tuple[str, str], ...] = (
    (rf"hcp\s+({_RANGE})", "{r} HCP"),
    (rf"points\s+({_RANGE})", "{r} total points"),
    (rf"support\s+(spades|hearts|diamonds|clubs)\s+({_RANGE})", "{r2} points in support of {s}"),
    (rf"quality\s+(spades|hearts|diamonds|clubs)\s+({_RANGE})", "{r2} of the top five {s}"),
    (r"stopper\s+(spades|hearts|diamonds|clubs)", "a stopper in {s}"),
    (rf"(spades|hearts|diamonds|clubs)\s+({_RANGE})", "{r2} {s}"),
    (rf"(?:qt|quick\s*tricks)\s+({_RANGE})", "{r} quick tricks"),
    (rf"ltc\s+({_RANGE})", "{r} losers"),
    (rf"tricks\s+({_RANGE})", "{r} playing tricks"),
    (rf"controls\s+({_RANGE})", "{r} controls"),
    (r"rule\s*20", "the Rule of 20"),
    (r"semibalanced", "semi-balanced"),
    (r"balanced", "balanced"),
    (r"shape\s+(.+)", "shape {x}"),
    (r"not\s+(.+)", "not {x}"),
)
"""Each seat-spec term's pattern and its words (compiled when first phrased: a cached system's rules
carry their sentences, and a run that deals for an auction phrases none)."""


@cache
def _term_phrases() -> tuple[tuple[re.Pattern[str], str], ...]:
    return tuple((re.compile(pattern, re.IGNORECASE), phrase) for pattern, phrase in _TERM_PATTERNS)


def term_words(term: str) -> str:
    """One seat-spec term in words (``"spades 5+"`` → ``"5+ spades"``); an unknown term as written."""
    term = " ".join(term.split())
    for pattern, phrase in _term_phrases():
        m = pattern.fullmatch(term)
        if m is None:
            continue
        groups = m.groups()
        if "{s}" in phrase:
            suit = groups[0].lower()
            rest = groups[1] if len(groups) > 1 else None
            count = range_words(rest) if rest else ""
            if phrase.startswith("{r2} of the top") and count in ("0", "at most 0"):
                return phrase.format(s=suit, r2="none")  # "none of the top five spades", not "0 of"
            if phrase == "{r2} {s}" and count == "1":
                return f"1 {suit.removesuffix('s')}"  # "1 heart"
            return phrase.format(s=suit, r2=count)
        if "{r}" in phrase:
            return phrase.format(r=range_words(groups[0]))
        if "{x}" in phrase:
            return phrase.format(x=groups[0])
        return phrase
    return term


def seat_words(seats: frozenset[int]) -> str:
    """``{3, 4}`` → ``"in third or fourth seat"``."""
    names = [_SEAT_ORDINALS[s - 1] for s in sorted(seats)]
    joined = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]
    return f"in {joined} seat"


def vulnerability_words(states: frozenset[str]) -> str:
    """``{"none", "they"}`` → ``"not vulnerable"``; other sets listed."""
    if states == frozenset({"none", "they"}):
        return "not vulnerable"
    if states == frozenset({"we", "both"}):
        return "vulnerable"
    if states == frozenset({"they"}):
        return "at favourable vulnerability"
    if states == frozenset({"we"}):
        return "at unfavourable vulnerability"
    if states == frozenset({"none", "they", "both"}):
        return "not at unfavourable vulnerability"
    if states == frozenset({"none", "we", "both"}):
        return "not at favourable vulnerability"
    if states == frozenset({"none", "both"}):
        return "at equal vulnerability"
    if states == frozenset({"we", "they"}):
        return "at unequal vulnerability"
    words = [_VUL_WORDS[s] for s in ("none", "we", "they", "both") if s in states]
    return " or ".join(words)


_WHERE_WORDS = (
    (r"\bhcp\(me\)", "HCP"),
    (r"\b(spades|hearts|diamonds|clubs)\(me\)", r"\1"),
    (r"\b(\w+)\(me\)", r"\1"),
    (r"\bme\b", "the hand"),
    (r">=", "≥"),
    (r"<=", "≤"),
    (r"==", "="),
    (r"!=", "≠"),
    (r"&&", "and"),
    (r"\|\|", "or"),
    (r"(?<=\S) \* (?=\S)", " × "),
    (r"(?<=\S) / (?=\S)", " ÷ "),
)
"""A ``where`` expression's operators and measures and their words (``re`` keeps the compiled ones)."""


_SUIT_TEST = r"(?:spades|hearts|diamonds|clubs)\(me\) {op} {count}"
_EVERY_SUIT = {
    # (comparison, count, joined by): the words a student reads for "every suit" or "some suit" tests
    (">=", "1", "and"): "no void",
    ("<=", "0", "or"): "a void",
    ("<=", "1", "or"): "a singleton or void",
    ("<=", "2", "or"): "a doubleton or shorter",
}


def _suit_phrases(text: str) -> str:
    """Name the four-suit tests a teacher writes in words: ``spades(me) >= 1 and hearts(me) >= 1 and
    diamonds(me) >= 1 and clubs(me) >= 1`` is "no void", the ``<= 1 or ...`` chain "a singleton or void".

    A chain is named only where its operator binds it as one unit (an ``or`` chain alone or in
    parentheses, or beside other ``or`` terms), so the words never change what the expression means.
    """
    for (op, count, joiner), words in _EVERY_SUIT.items():
        test = _SUIT_TEST.format(op=op, count=count)
        chain = re.compile(rf"{test}(?: (?:{'and|&&' if joiner == 'and' else 'or|[|][|]'}) {test}){{3}}")
        outside = ("and", "&&", "or", "||") if joiner == "and" else ("or", "||")
        for found in reversed(list(chain.finditer(text))):
            before, after = text[: found.start()].rstrip(), text[found.end() :].lstrip()
            alone_before = not before or before.endswith("(") or before.endswith(tuple(f" {o}" for o in outside))
            alone_after = not after or after.startswith(")") or after.startswith(tuple(f"{o} " for o in outside))
            suits = set(re.findall(r"(spades|hearts|diamonds|clubs)\(me\)", found.group(0)))
            if alone_before and alone_after and len(suits) == 4:
                text = text[: found.start()] + words + text[found.end() :]
    return text


_SUIT = r"(spades|hearts|diamonds|clubs)"
_TOP_WORDS = {"2": "two", "3": "three", "4": "four", "5": "five"}
_SHAPE_WORDS = r"\b(not )?shape\(me, any ([0-9x]{4})\)"
_ALONE = r"(?<![-+*/] )(?<!not )"
"""Before a rewritten test: not an operand of arithmetic, nor under ``not`` (which binds tighter)."""
_END = r"(?! *[-+*/])"
"""After a rewritten test: its number is not the start of arithmetic."""


def _at_least(op: str, count: str) -> str | None:
    """``>= 2`` → ``"2+"``, ``> 2`` → ``"3+"``; other comparisons have no "n+" form."""
    if op == ">=":
        return f"{count}+"
    if op == ">":
        return f"{int(count) + 1}+"
    return None


def _count_phrase(op: str, count: str, thing: str, *, countable: bool = False) -> str:
    """``(">=", "2", "of the top three spades")`` → ``"2+ of the top three spades"``; ``==`` → exactly,
    ``<= 0`` → "none of …" or "no HCP in …".  ``countable`` things (cards of a suit, aces, HCP) read as a
    teacher counts them: ``("==", "1", "hearts")`` → ``"1 heart"``, ``<= 1`` → "at most 1 heart"."""
    least = _at_least(op, count)
    if least is not None:
        return f"{least} {thing}"
    if op not in ("==", "<=", "<"):
        return f"{thing} {op} {count}"
    number = int(count) - (op == "<")
    if number == 0:
        return ("none " if thing.startswith("of ") else "no ") + thing
    noun = thing.removesuffix("s") if countable and number == 1 else thing
    if op == "==":
        return f"{number} {noun}" if countable else f"exactly {number} {thing}"
    return f"at most {number} {noun}"


def _shape_phrase(found: re.Match[str]) -> str:
    """``shape(me, any 5332)`` → ``"5-3-3-2 shape"``, ``any 65xx`` → ``"6-5 shape"``."""
    digits = [d for d in found.group(2) if d != "x"]
    words = "-".join(digits) + " shape"
    return ("not " + words) if found.group(1) else words


def _counted(text: str, measure: str, thing: Callable[[re.Match[str]], str], *, countable: bool = False) -> str:
    """Every whole comparison of ``measure`` (a pattern whose groups name the thing counted) with a
    number, in words (``_count_phrase``)."""

    def words(m: re.Match[str]) -> str:
        return _count_phrase(m[m.re.groups - 1], m[m.re.groups], thing(m), countable=countable)

    return re.sub(rf"{_ALONE}\b{measure} (>=|<=|==|>|<) (\d+){_END}", words, text)


def _function_phrases(text: str) -> str:
    """Name the hand functions a teacher writes with their arguments in the words a student reads:
    ``top3(me, spades) >= 2`` is "2+ of the top three spades", ``hcp(me, hearts) <= 3`` "at most 3
    HCP in hearts", ``aces(me, clubs) >= 1`` "the ace of clubs", ``shape(me, any 5332)`` "5-3-3-2
    shape".  Only whole comparisons with a constant are rewritten, so the words mean what the
    expression does."""
    text = re.sub(
        rf"{_ALONE}\baces\(me, {_SUIT}\) \+ kings\(me, \1\) \+ queens\(me, \1\) == 3{_END}",
        r"the ace, king and queen of \1",
        text,
    )
    text = re.sub(rf"{_ALONE}\baces\(me, {_SUIT}\) \+ kings\(me, \1\) >= 1{_END}", r"the ace or king of \1", text)
    text = re.sub(rf"{_ALONE}\baces\(me, {_SUIT}\) \+ kings\(me, \1\) == 0{_END}", r"no ace or king in \1", text)
    text = re.sub(rf"{_ALONE}\baces\(me, {_SUIT}\) >= 1{_END}", r"the ace of \1", text)
    text = re.sub(rf"{_ALONE}\btop2\(me, {_SUIT}\) >= 1{_END}", r"the ace or king of \1", text)
    text = re.sub(rf"{_ALONE}\btop3\(me, {_SUIT}\) == 3{_END}", r"the ace, king and queen of \1", text)
    text = re.sub(rf"{_ALONE}\b{_SUIT}\(me\) == 0{_END}", r"a void in \1", text)
    text = _counted(text, rf"top([2-5])\(me, {_SUIT}\)", lambda m: f"of the top {_TOP_WORDS[m[1]]} {m[2]}")
    text = re.sub(rf"{_ALONE}\bhcp\(me, {_SUIT}\) > hcp\(me, {_SUIT}\){_END}", r"more HCP in \1 than in \2", text)
    text = _counted(text, rf"hcp\(me, {_SUIT}\)", lambda m: f"HCP in {m[1]}")
    for honour in ("ace", "king", "queen", "jack"):
        text = re.sub(rf"{_ALONE}\b{honour}s\(me, {_SUIT}\) >= 1{_END}", rf"the {honour} of \1", text)
        text = re.sub(rf"{_ALONE}\b{honour}s\(me, {_SUIT}\) == 0{_END}", rf"no {honour} in \1", text)
    text = re.sub(rf"{_ALONE}\bcontrols\(me, {_SUIT}\) == 0{_END}", r"no ace or king in \1", text)
    text = _counted(text, rf"(controls|losers)\(me, {_SUIT}\)", lambda m: f"{m[1]} in {m[2]}")
    text = _counted(text, rf"{_SUIT}\(me\)", lambda m: m[1], countable=True)
    text = _counted(text, r"(aces|kings)\(me\)", lambda m: m[1], countable=True)
    text = _counted(text, r"hcp\(me\)", lambda m: "HCP", countable=True)
    # What is left is arithmetic or a comparison of two measures: name the measure, keep the sums.
    text = re.sub(rf"\bhcp\(me, {_SUIT}\)", r"HCP in \1", text)
    text = re.sub(rf"\btop([2-5])\(me, {_SUIT}\)", lambda m: f"top-{_TOP_WORDS[m.group(1)]} {m.group(2)}", text)
    return re.sub(_SHAPE_WORDS, _shape_phrase, text)


def _longest_phrases(text: str) -> str:
    """``spades(me) >= hearts(me) and spades(me) >= diamonds(me) and spades(me) >= clubs(me)`` is "no
    suit longer than spades": a student reads the rule, not three comparisons.  Only an ``and`` chain
    of ``>=`` tests against all three other suits is named."""
    for suit in SUIT_WORDS:
        others = [o for o in SUIT_WORDS if o != suit]
        chain = re.escape(" and ".join(f"{suit}(me) >= {o}(me)" for o in others))
        # A whole conjunct only: "and" binds tighter than "or", so the chain stands alone between
        # the start, "(", "and" or "or" and the end, ")", "and" or "or".
        text = re.sub(
            rf"(?:(?<=^)|(?<=\()|(?<=and )|(?<=or )){chain}(?=$|\)| and | or )", f"no suit longer than {suit}", text
        )
    return text


_LENGTH_WORDS = {
    ">": "longer than",
    ">=": "at least as long as",
    "==": "as long as",
    "<": "shorter than",
    "<=": "no longer than",
}


def _length_phrases(text: str) -> str:
    """``hearts(me) > spades(me)`` is "hearts longer than spades" and ``hearts(me) >= diamonds(me) and
    hearts(me) >= clubs(me)`` "hearts at least as long as diamonds and clubs": a student reads suit
    lengths compared in words, not "hearts ≥ diamonds".  A comparison inside arithmetic or under
    ``not`` keeps its signs."""
    text = re.sub(
        rf"{_ALONE}\b{_SUIT}\(me\) (>=|<=|==|>|<) {_SUIT}\(me\){_END}",
        lambda m: f"{m.group(1)} {_LENGTH_WORDS[m.group(2)]} {m.group(3)}",
        text,
    )
    # Conjuncts that compare one suit with others the same way read as one: "and" binds them already.
    for words in ("longer than", "at least as long as"):
        joined = re.compile(rf"\b{_SUIT} {words} ((?:\w+ and )*\w+) and \1 {words} (\w+)\b")
        merged = 1
        while merged:
            text, merged = joined.subn(rf"\1 {words} \2 and \3", text)
    return text


def _outside_phrases(text: str) -> str:
    """``(spades(me) <= 3 or spades(me) >= 7)`` is "not 4–6 spades": the length a rule rules out, as a
    teacher says it, rather than two comparisons (only a parenthesised pair, and not under ``not``)."""

    def outside(m: re.Match[str]) -> str:
        low, high = int(m.group(2)) + 1, int(m.group(3)) - 1
        if low > high:
            return m.group(0)
        return f"not {low} {m.group(1)}" if low == high else f"not {low}–{high} {m.group(1)}"

    return re.sub(rf"(?<!not )\({_SUIT}\(me\) <= (\d+) or \1\(me\) >= (\d+)\)", outside, text)


def where_words(expression: str) -> str:
    """A ``where`` expression read aloud: ``"spades(me) > hearts(me)"`` → ``"spades longer than hearts"``."""
    text = _outside_phrases(_suit_phrases(" ".join(expression.split())))
    text = _length_phrases(_longest_phrases(_function_phrases(text)))
    for pattern, replacement in _WHERE_WORDS:
        text = re.sub(pattern, replacement, text)
    return text


def split_terms(meaning: str) -> list[str]:
    """The comma-separated terms of a meaning (``any`` and blanks give none)."""
    if meaning.strip().lower() in ("", "any"):
        return []
    return [t.strip() for t in meaning.split(",") if t.strip()]


__all__ = [
    "NOT_COVERED",
    "SUIT_WORDS",
    "Explanation",
    "range_words",
    "seat_words",
    "sentence",
    "split_terms",
    "term_words",
    "vulnerability_words",
    "where_words",
]
