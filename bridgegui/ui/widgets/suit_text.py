"""Suit symbols, card text and suit colours shared by the diagram, the evaluation panel and the editors.

Colours come from the widget's palette so that a light and a dark desktop both read well: the red of
hearts and diamonds (and of vulnerable sides) is a deep red on a light background and a soft red on a
dark one, because one fixed red is either too dark on black or too pale on white.
"""

from __future__ import annotations

from html import escape

from PySide6.QtGui import QColor, QPalette

from bridgegui.engine.cards import RANKS, SUIT_SYMBOLS

SPADES, HEARTS, DIAMONDS, CLUBS = range(4)

VOID = "—"
"""What a hand diagram shows for a suit with no cards (an em dash, as bridge columns print it)."""


def rank_names(holding: int) -> list[str]:
    """The ranks of a 13-bit holding, highest first, with the ten written ``10`` as books print it."""
    names = []
    for bit in range(12, -1, -1):
        if holding >> bit & 1:
            rank = RANKS[12 - bit]
            names.append("10" if rank == "T" else rank)
    return names


def holding_line(holding: int) -> str:
    """``"A K 10 2"`` for a holding, or the void dash: the cards of one suit as a diagram line shows them."""
    names = rank_names(holding)
    return " ".join(names) if names else VOID


def is_dark(palette: QPalette) -> bool:
    """True when the palette's background is dark (a dark desktop theme)."""
    return palette.color(QPalette.ColorRole.Window).lightnessF() < 0.5


def red_colour(palette: QPalette) -> QColor:
    """A red that reads on the palette's background: deep on light themes, soft on dark ones."""
    return QColor("#ff6e6e") if is_dark(palette) else QColor("#c62828")


def suit_colours(palette: QPalette, four_colour: bool = False) -> tuple[QColor, QColor, QColor, QColor]:
    """Colours of ♠ ♥ ♦ ♣ for ``palette``.

    Two colours: black (the palette's text colour, so it is light on a dark theme) and red.  Four
    colours follow the common four-colour deck: ♠ black, ♥ red, ♦ orange, ♣ green; orange rather
    than blue so that diamonds are not mistaken for a link or a selection.
    """
    text = palette.color(QPalette.ColorRole.Text)
    red = red_colour(palette)
    if not four_colour:
        return (text, red, QColor(red), QColor(text))
    if is_dark(palette):
        return (text, red, QColor("#ffa64d"), QColor("#5fd068"))
    return (text, red, QColor("#d35400"), QColor("#1b7f2a"))


def suit_html(suit: int, palette: QPalette, four_colour: bool = False) -> str:
    """The symbol of ``suit`` as rich text in its colour (for QLabel texts)."""
    colour = suit_colours(palette, four_colour)[suit].name()
    return f'<span style="color:{colour}">{escape(SUIT_SYMBOLS[suit])}</span>'


def colour_suits_html(text: str, palette: QPalette, four_colour: bool = False) -> str:
    """Escape plain ``text`` for a rich-text label and colour every suit symbol in it."""
    out = []
    for ch in text:
        suit = SUIT_SYMBOLS.find(ch)
        out.append(suit_html(suit, palette, four_colour) if suit >= 0 else escape(ch))
    return "".join(out)


__all__ = [
    "CLUBS",
    "DIAMONDS",
    "HEARTS",
    "SPADES",
    "VOID",
    "colour_suits_html",
    "holding_line",
    "is_dark",
    "rank_names",
    "red_colour",
    "suit_colours",
    "suit_html",
]
