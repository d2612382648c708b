"""A practice verdict in English, for the command line and the tests.

The engine hands out verdicts as records (``bidding_practice.Verdict``); the window phrases them
itself through ``tr()``.  This is the one English phrasing outside the window: the sentence
``bridgegui-deal`` prints, built from the record's fields and the rule's structured explanation,
never by parsing English back.
"""

from __future__ import annotations

from bridgegui.engine.bidding.calls import Call
from bridgegui.engine.bidding.explain import Explanation
from bridgegui.engine.bidding.explain import sentence as _sentence
from bridgegui.engine.bidding.system import Choice
from bridgegui.engine.cards import SUIT_NAMES
from bridgegui.engine.teaching.bidding_practice import HandFacts, Measure, Verdict

_NUMBER_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")


def _verb(call: Call, opening: bool, person: str) -> str:
    """``opens 1NT``/``bids 2♣``/``passes``/``doubles`` (``person`` "s" for the system, "" for you)."""
    if call.is_pass:
        return "passes" if person else "pass"
    if call.is_double:
        return "doubles" if person else "double"
    if call.is_redouble:
        return "redoubles" if person else "redouble"
    return f"{'open' if opening else 'bid'}{person} {call.symbol()}"


def _said(choice: Choice, opening: bool) -> str:
    """``"The system opens 1NT: 15-17 HCP and a balanced hand."`` from the rule's explanation."""
    head = "The system " + _verb(choice.call, opening, "s")
    return f"{head}{_explained(choice.call, choice.explained)}"


def _explained(call: Call, explained: Explanation) -> str:
    """``": 15–17 HCP, balanced. Note."`` from a generated explanation's parts (nothing is cut off a
    sentence); a version-1 rule's written sentence as before: ``": 15-17 HCP ..."`` when it starts
    with the call's own ``"1NT: "``, else ``". 2♣ is Stayman: ..."``; always ends with a full stop."""
    if not explained.written:
        parts = [p for p in (explained.meaning_text(), _sentence(explained.note)) if p]
        if explained.catch_all:
            return f". {explained.text()}"
        if not parts:
            return "."
        text = ". ".join(parts)
        return f": {text}" if text.endswith((".", "!", "?", ")")) else f": {text}."
    text = explained.note.strip()
    if not text:
        return "."
    if not text.endswith((".", "!", "?")):
        text += "."
    prefix = call.symbol() + ":"
    if text.startswith(prefix):
        rest = text[len(prefix) :].strip()
        return f": {rest}"
    return f". {text}"


def _pattern_text(values: tuple[int, ...]) -> str:
    return "-".join(str(v) for v in values)


def _length_text(n: int, suit: int) -> str:
    name = SUIT_NAMES[suit]
    return f"{_NUMBER_WORDS[n] if n < len(_NUMBER_WORDS) else n} {name if n != 1 else name[:-1]}"


def _measure_text(m: Measure, facts: HandFacts) -> str | None:
    suit = "" if m.suit is None else SUIT_NAMES[m.suit]
    v = m.value
    if m.field == "hcp":
        return f"{v} HCP"
    if m.field == "points":
        return f"{v} points"
    if m.field == "length" and m.suit is not None and isinstance(v, int):
        return _length_text(v, m.suit)
    if m.field == "shape":
        return _pattern_text(facts.pattern)
    if m.field == "qt":
        return f"{v:g} quick tricks" if isinstance(v, int | float) else None
    if m.field == "ltc":
        return f"{v} losers"
    if m.field == "tricks":
        return f"{v} playing tricks"
    if m.field == "controls":
        return f"{v} controls"
    if m.field == "support":
        return f"{v} points with {suit} as trumps"
    if m.field == "rule20":
        return f"{v} for the rule of 20"
    if m.field == "quality":
        return f"{v} of the top five {suit}"
    if m.field == "stopper":
        return f"{'a' if v else 'no'} stopper in {suit}"
    return None  # cards and the where as a whole: their terms are already said


def facts_text(facts: HandFacts, extra: tuple[Measure, ...] = ()) -> str:
    """``"16 HCP and 4-3-3-3"``: the measures the rule names (then ``extra``, once each), or HCP
    and the pattern when the rule names none."""
    seen: set[tuple[str, int | None]] = set()
    parts: list[str] = []
    for m in (*facts.measures, *extra):
        key = (m.field, m.suit)
        if key in seen:
            continue
        seen.add(key)
        text = _measure_text(m, facts)
        if text is not None:
            parts.append(text)
    if not parts:
        parts = [f"{facts.hcp} HCP", _pattern_text(facts.pattern)]
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def verdict_sentence(verdict: Verdict) -> str:
    """The verdict in English, for the command line and the tests (the window words its own from
    the fields):

    * agreeing: ``"The system opens 1NT: 15-17 HCP and a balanced hand. You have 16 HCP and 4-3-3-3."``
    * not: ``"You bid 2♠; the system opens 1NT: 15-17 HCP and a balanced hand. 2♠ would say: weak
      two: ... You have 16 HCP, 4-3-3-3 and three spades."``
    """
    said = _said(verdict.system, verdict.opening)
    if verdict.agrees:
        return f"{said} You have {facts_text(verdict.facts)}."
    mine = "You " + _verb(verdict.call, verdict.opening, "")
    said = said[0].lower() + said[1:]
    if verdict.acceptable is not None:
        reason = _sentence(verdict.acceptable.reason)
        return (
            f"{mine}: acceptable. The system prefers {verdict.system.call.symbol()}; {said} "
            f"{verdict.call.symbol()} is also right: {reason} You have {facts_text(verdict.facts)}."
        )
    if verdict.student_rule is not None:
        explained = _explained(verdict.call, verdict.student_rule.explanation_record)
        if explained.startswith(":"):
            meant = f" {verdict.call.symbol()} would say{explained}"
        else:
            meant = f" In the system,{explained[1:]}"
    else:
        meant = f" The system has no meaning for {verdict.call.symbol()} here."
    extra = verdict.student_measures
    return f"{mine}; {said}{meant} You have {facts_text(verdict.facts, extra)}."


__all__ = ["facts_text", "verdict_sentence"]
