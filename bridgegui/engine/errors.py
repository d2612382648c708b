"""Errors the engine raises for bad input, and the typed record of one problem with a request.

Every error is a ``ValueError`` subclass whose ``str()`` is a message a user understands (the command
line prints it as it is).  Errors about a request also carry *where* the problem is — the seat (or
side) and the editor field — so that a window can mark the field without parsing English back.
"""

from __future__ import annotations

from dataclasses import dataclass

SEAT_FIELDS = (
    "hcp",
    "spades",
    "hearts",
    "diamonds",
    "clubs",
    "shape",
    "cards",
    "qt",
    "ltc",
    "tricks",
    "controls",
    "more",
)
"""The fields of one seat's constraint, as the seat editors name them (``Problem.field`` uses these).

``more`` is the one text field for the terms made for bidding systems (``points``, ``support``,
``rule20``, ``quality``, ``stopper``)."""

MORE_WORDS = ("points", "total", "support", "rule20", "rule", "quality", "stopper", "stoppers")
"""The first words of the terms the ``more`` field holds."""

PARTNERSHIP_FIELDS = ("hcp", "fit")
"""The fields of a partnership's constraint (``Problem.field`` for a side ``"NS"``/``"EW"``)."""

_SEAT_WORDS = {"N": "North", "E": "East", "S": "South", "W": "West", "NS": "NS", "EW": "EW"}


@dataclass(frozen=True, slots=True)
class Problem:
    """One thing wrong with a request, and where it is.

    * ``seat``: ``"N"``, ``"E"``, ``"S"``, ``"W"``, a side ``"NS"``/``"EW"``, or ``""`` when the
      problem is the request as a whole (four seats whose spade minimums add up to more than 13);
    * ``field``: one of ``SEAT_FIELDS`` (or ``PARTNERSHIP_FIELDS`` for a side) when the problem is in
      one field, else ``None``;
    * ``message``: what is wrong, in English, *without* the seat's name (the editor that shows it
      already says whose it is).  ``text()`` adds the seat for a reader who sees no editor.
    """

    seat: str
    field: str | None
    message: str

    def __post_init__(self) -> None:
        if self.seat not in _SEAT_WORDS and self.seat != "":
            raise ValueError(f"{self.seat!r} is not a seat or side")
        allowed = PARTNERSHIP_FIELDS if self.seat in ("NS", "EW") else SEAT_FIELDS
        if self.field is not None and self.field not in allowed:
            raise ValueError(f"{self.field!r} is not a field of {self.seat or 'a request'}")

    def text(self) -> str:
        """``"North: hcp 40+ is more than any hand can have (37)"``: the message with its seat."""
        return f"{_SEAT_WORDS[self.seat]}: {self.message}" if self.seat else self.message

    def __str__(self) -> str:
        return self.text()


class BridgeError(ValueError):
    """Base class: any bad input to the engine."""


class DealError(BridgeError):
    """A card, hand or deal that is not well formed (wrong count, duplicate card, unknown rank...)."""


class DealNumberError(BridgeError):
    """A deal number outside ``[0, D)``."""


class _RequestError(BridgeError):
    """An error about a request that knows where it is (seat and field), for a window to mark.

    ``str(exc)`` is the whole sentence for a reader who sees no editor ("North: term 2 'hcp 40+': ...");
    ``reason`` is what is wrong without the seat or the term it was found in (the editor that shows it
    already says whose field it is).  Whoever adds context to a message passes the inner ``reason`` on,
    so no one ever strips a prefix back off the English.
    """

    def __init__(self, message: str, *, seat: str = "", field: str | None = None, reason: str | None = None) -> None:
        super().__init__(message)
        self.seat = seat
        self.field = field
        self.reason = message if reason is None else reason

    @property
    def problem(self) -> Problem:
        """The typed record of this error: its seat, its field and its ``reason``."""
        return Problem(self.seat, self.field, self.reason)


class ConstraintError(_RequestError):
    """A constraint that cannot be read or contradicts itself (carries the seat and the field)."""


class ImpossibleError(_RequestError):
    """A request that no deal can satisfy, or that is too rare to find within a bounded effort."""


class TooRareError(ImpossibleError):
    """No deal was found within the effort allowed (deals or seconds): not a proof that none exists, so
    the command line does not call it an impossible request (its message gives the figures)."""
