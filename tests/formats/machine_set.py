"""The small board set behind the dealing-machine golden files, chosen so each byte can be checked by hand.

* Board 1: North holds every spade, East every heart, South every diamond, West every club.
* Board 2: the same hands turned one seat: North the clubs, East the spades, South the hearts, West the diamonds.
* Board 3: a dealt board (PBN below), with voids, a singleton and a 6-card suit.
"""

from __future__ import annotations

from bridgegui.engine.boards import Board
from bridgegui.engine.cards import parse_deal
from bridgegui.formats.registry import SetInfo

DEALS = (
    "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432",
    "N:...AKQJT98765432 AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432.",
    "N:AK9832.Q4.A7.K52 Q5.AJT9652.K.J74 J74.K.QJT8652.A3 T6.873.943.QT986",
)

INFO = SetInfo(generator="bridgegui 0.1.0", seed=7, practice=True)


def machine_set() -> list[Board]:
    return [Board(k, parse_deal(text)) for k, text in enumerate(DEALS, 1)]
