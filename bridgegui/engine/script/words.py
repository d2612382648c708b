"""The words of dealer's language for seats, suits and hand measures: the parser's, and the bidding
engine's quick ``where`` path's, which reads the same functions without loading the parser."""

from __future__ import annotations

SEAT_WORDS = {"north": 0, "east": 1, "south": 2, "west": 3}
SUIT_WORDS = {
    "spades": 0, "spade": 0, "hearts": 1, "heart": 1, "diamonds": 2, "diamond": 2, "clubs": 3, "club": 3,
}  # fmt: skip
STRAIN_WORDS = {**SUIT_WORDS, "notrump": 4, "notrumps": 4}
VULNERABILITY_WORDS = {"none": "None", "ns": "NS", "ew": "EW", "all": "All"}

ALT_COUNT_NAMES = ("tens", "jacks", "queens", "kings", "aces", "top2", "top3", "top4", "top5", "c13")
"""Dealer's readable names for ``pt0`` .. ``pt9``, in order."""

VALUE_FUNCTIONS: dict[str, str] = {
    "hcp": "hcp", "hcps": "hcp",
    "control": "controls", "controls": "controls",
    "loser": "losers", "losers": "losers",
    **{f"pt{i}": f"pt{i}" for i in range(10)},
    **{name: f"pt{i}" for i, name in enumerate(ALT_COUNT_NAMES)},
    "ten": "pt0", "jack": "pt1", "queen": "pt2", "king": "pt3", "ace": "pt4",
}  # fmt: skip
"""Functions of ``(seat)`` or ``(seat, suit)`` and what they measure; singular and plural both work."""


__all__ = ["ALT_COUNT_NAMES", "SEAT_WORDS", "STRAIN_WORDS", "SUIT_WORDS", "VALUE_FUNCTIONS", "VULNERABILITY_WORDS"]
