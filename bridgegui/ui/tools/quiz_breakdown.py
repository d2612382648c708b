"""The quiz's breakdown in words, phrased here from the engine's ``quiz.Breakdown`` (so it can be translated).

The engine says *what* earns each suit's count (a ``SuitCount``: the reason code, the honours, the
play-out's rounds); this module says it in the reader's language, one line a suit and a total line,
with the ten written ``10`` as the diagram beside it prints it.  The English is the same as the
engine's own ``Breakdown.lines()`` (a test keeps them equal), so the command line, the tests and the
window tell a student the same thing.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from bridgegui.engine import tricks
from bridgegui.engine.cards import SUIT_SYMBOLS, holding_text
from bridgegui.engine.teaching import quiz


def _tr(text: str) -> str:
    return QCoreApplication.translate("QuizBreakdown", text)


def _number(n: float, word: str, words: str) -> str:
    """``"one loser"``, ``"two losers"``, ``"2½ tricks"``: a count and its noun."""
    if n == 1:
        return _tr("one {word}").format(word=word)
    names = (
        _tr("no"),
        _tr("one"),
        _tr("two"),
        _tr("three"),
        _tr("four"),
        _tr("five"),
        _tr("six"),
        _tr("seven"),
        _tr("eight"),
        _tr("nine"),
        _tr("ten"),
        _tr("eleven"),
        _tr("twelve"),
        _tr("thirteen"),
    )
    if n == int(n) and 0 <= n < len(names):
        return f"{names[int(n)]} {words}"
    return f"{quiz.format_value(n)} {words}"


def _label(c: quiz.SuitCount) -> str:
    holding = holding_text(c.holding).replace("T", "10")
    return f"{SUIT_SYMBOLS[c.suit]} {holding or '—'}"


def _quick_trick_why(reason: str) -> str:
    return {
        "AK": _tr("A and K"),
        "AQ": _tr("A and Q"),
        "A": _tr("A"),
        "KQ": _tr("K and Q"),
        "Kx": _tr("K with another card"),
        "singleton_K": _tr("a singleton K counts nothing"),
        "no_A_or_K": _tr("no A and no K"),
    }[reason]


def suit_line(kind: str, c: quiz.SuitCount) -> str:
    """One suit's line, e.g. ``"♠ AKJ: 4+3+1 = 8"`` or ``"♥ KQ1053: K and Q, one quick trick"``."""
    label, value = _label(c), quiz.format_value(c.value)
    if kind == quiz.HCP:
        if len(c.points) > 1:
            return f"{label}: {'+'.join(map(str, c.points))} = {value}"
        return f"{label}: {value}" if c.points else _tr("{label}: no honours, 0").format(label=label)
    if kind == quiz.QUICK_TRICKS:
        if c.value == 0:
            count = _tr("no quick tricks")
        elif c.value > 1:
            count = _tr("{n} quick tricks").format(n=value)
        else:
            count = _tr("{n} quick trick").format(n=value)
        return f"{label}: {_quick_trick_why(c.reason)}, {count}"
    if kind == quiz.LOSERS:
        if c.reason == "void":
            return _tr("{label}: void, no losers").format(label=label)
        if c.reason == "singleton_A":
            honours = _tr("singleton A")
        elif c.reason == "singleton":
            honours = _tr("singleton without the A")
        else:
            and_ = _tr(" and ")
            honours = and_.join(c.honours) if c.honours else _tr("no ") + _tr(" or ").join(c.counted)
            if c.reason == "doubleton_Q":
                honours += _tr(" (a doubleton's Q does not count)")
        losers = _number(c.value, _tr("loser"), _tr("losers")) if c.value else _tr("no losers")
        return f"{label}: {honours}, {losers}"
    if kind == quiz.PLAYING_TRICKS:
        if c.rounds is None:
            return _tr("{label}: void, no tricks").format(label=label)
        won, lost, left = c.rounds
        parts = [
            (_tr("win {n} round") if won == 1 else _tr("win {n} rounds")).format(n=won),
            _tr("lose {n}").format(n=lost),
        ]
        if left:
            parts.append((_tr("{n} card left over") if left == 1 else _tr("{n} cards left over")).format(n=left))
        trick_count = _number(c.value, _tr("trick"), _tr("tricks")) if c.value else _tr("no tricks")
        return f"{label}: {', '.join(parts)} = {trick_count}"
    raise ValueError(f"no per-suit breakdown for {kind!r}")


def partnership_line(p: quiz.PartnershipSuit) -> str:
    """One suit of a partnership question: ``♠ AK752 opposite Q4 (trumps): 7 cards, A K Q between you = five tricks``."""
    mine = holding_text(p.holding).replace("T", "10") or "—"
    theirs = holding_text(p.partner_holding).replace("T", "10") or "—"
    trumps = _tr(" (trumps)") if p.trumps else ""
    honours = (
        _tr("{honours} between you").format(honours=" ".join(p.honours).replace("T", "10"))
        if p.honours
        else _tr("no honours")
    )
    count = _number(p.tricks, _tr("trick"), _tr("tricks")) if p.tricks else _tr("no tricks")
    return _tr("{suit} {mine} opposite {theirs}{trumps}: {n} cards, {honours} = {count}").format(
        suit=SUIT_SYMBOLS[p.suit], mine=mine, theirs=theirs, trumps=trumps, n=p.length, honours=honours, count=count
    )


def _unit(kind: str) -> str:
    return {
        quiz.HCP: _tr("HCP"),
        quiz.QUICK_TRICKS: _tr("quick tricks"),
        quiz.LOSERS: _tr("losers"),
        quiz.PLAYING_TRICKS: _tr("playing tricks"),
    }[kind]


def breakdown_lines(b: quiz.Breakdown) -> list[tuple[str, bool]]:
    """The breakdown's lines, each with whether it is the result (the total, or the estimate)."""
    if b.estimate is not None:
        # In words a student can use at the table: each suit's cards, honours and tricks, then the
        # estimate (the answer), never the estimator's regression terms.
        lines = [(partnership_line(p), False) for p in b.partnership]
        counts = " + ".join(str(p.tricks) for p in b.partnership)
        by_suit = sum(p.tricks for p in b.partnership)
        suit_by_suit = (
            _tr("Suit by suit: {counts} = {total} trick, if the suits split evenly")
            if by_suit == 1
            else _tr("Suit by suit: {counts} = {total} tricks, if the suits split evenly")
        )
        lines.append((suit_by_suit.format(counts=counts, total=by_suit), False))
        strain = _tr(tricks.STRAIN_WORDS[b.estimate.strain])
        lines.append(
            (
                _tr(
                    "Estimate in {strain}: {n:.1f} tricks (measured on many deals, it also counts ruffs, "
                    "finesses and honours that win once the higher ones are gone)"
                ).format(strain=strain, n=b.estimate.estimate),
                True,
            )
        )
        return lines
    result = [(suit_line(b.kind, c), False) for c in b.suits]
    values = " + ".join(quiz.format_value(c.value) for c in b.suits)
    total = _tr("Total: {values} = {total} {unit}").format(
        values=values, total=quiz.format_value(b.total), unit=_unit(b.kind)
    )
    result.append((total, True))
    return result


__all__ = ["breakdown_lines", "partnership_line", "suit_line"]
