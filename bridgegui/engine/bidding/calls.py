"""Calls, auctions and contracts, held to the Laws of Duplicate Bridge so an ``Auction`` is always legal.

A bidding system reads the auction so far and adds one call; the backward dealer refuses a prefix
that no table could produce; the PBN auction section is read into the same value.  All three rely
on one rule: an ``Auction`` cannot be built illegal.  The constructor checks every call (Law 18: a
bid must be sufficient; Law 19: a double only of the opponents' last bid, not yet doubled, and a
redouble only of the opponents' double of our side's bid; Law 22: the auction ends after three
passes following a bid, or four passes at the start) and raises ``AuctionError`` naming the call,
its position and why.

A ``Call`` prints the PBN way (``1NT``, ``2C``, ``P``, ``X``, ``XX``) with ``str`` and the way
people write it with ``symbol()`` (``2♣``, ``Pass``, ``Dbl``).  No Qt here.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field

from bridgegui.engine.cards import SEATS
from bridgegui.engine.errors import BridgeError

__all__ = [
    "DOUBLE",
    "LONGEST_AUCTION",
    "PASS",
    "REDOUBLE",
    "STRAINS",
    "Auction",
    "AuctionError",
    "Call",
    "Contract",
    "cut",
    "is_legal_auction",
    "quoted",
]

STRAINS = ("C", "D", "H", "S", "NT")
"""The strains from the lowest: a bid's rank is ``(level - 1) * 5 + STRAINS.index(strain)``."""

_STRAIN_SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠", "NT": "NT"}
_STRAIN_SPELLINGS = {
    "C": "C", "♣": "C", "♧": "C",
    "D": "D", "♦": "D", "♢": "D",
    "H": "H", "♥": "H", "♡": "H",
    "S": "S", "♠": "S", "♤": "S",
    "N": "NT", "NT": "NT",
}  # fmt: skip
_NON_BIDS = {
    "P": "P", "PASS": "P",
    "X": "X", "DBL": "X", "DOUBLE": "X",
    "XX": "XX", "RDBL": "XX", "REDOUBLE": "XX",
}  # fmt: skip
_NON_BID_SYMBOLS = {"P": "Pass", "X": "Dbl", "XX": "Rdbl"}
_BID = re.compile(r"([1-7])\s*(\S+)")
_CODE = re.compile(r"[1-7](?:C|D|H|S|NT)")
_SEPARATORS = re.compile(r"[\s,\-–—]+")


ECHO_LIMIT = 40
"""Characters of a bad call quoted back in a message: enough to recognise it, never a whole hostile file."""


def cut(text: str, limit: int = ECHO_LIMIT) -> str:
    """``text``, or its first ``limit - 1`` characters and an ellipsis: what a message may quote of user text."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def quoted(text: str, limit: int = ECHO_LIMIT) -> str:
    """``repr`` of ``cut(text)``, for messages that quote what a user wrote."""
    return repr(cut(text, limit))


class AuctionError(BridgeError):
    """An illegal call, or text that is not a call.

    ``call`` is the offending call as written (``"2C"``), ``index`` its 0-based position in the
    auction and ``seat`` who made it (both ``None`` when the text was not a call at all), and
    ``reason`` what is wrong.  ``str(exc)`` reads ``"call 3 (South), 2♣: 2♣ after 2♥ is
    insufficient"``, ready to show as it is.
    """

    def __init__(
        self, reason: str, *, call: str | None = None, index: int | None = None, seat: str | None = None
    ) -> None:
        self.reason = reason
        self.call = call
        self.index = index
        self.seat = seat
        where = "" if index is None else f"call {index + 1}" + ("" if seat is None else f" ({_SEAT_WORDS[seat]})")
        super().__init__(f"{where}, {call}: {reason}" if where else reason)


_SEAT_WORDS = {"N": "North", "E": "East", "S": "South", "W": "West"}


@dataclass(frozen=True, slots=True)
class Call:
    """One call: a bid (``level`` 1..7 and a ``strain``), Pass, Double or Redouble.

    ``code`` is the PBN spelling (``"1NT"``, ``"2C"``, ``"P"``, ``"X"``, ``"XX"``); build calls
    with ``Call.parse`` or ``Call.bid``, which accept the spellings people use.  Calls are values:
    ``Call.parse("2♣") == Call.parse("2c")``.
    """

    code: str

    def __post_init__(self) -> None:
        if not (isinstance(self.code, str) and (self.code in _NON_BID_SYMBOLS or _CODE.fullmatch(self.code))):
            raise AuctionError(f"{self.code!r} is not a call: write it as Call.parse does (1NT, 2C, P, X, XX)")

    @classmethod
    def parse(cls, text: str) -> Call:
        """The call ``text`` names: ``1NT``/``1N``, ``2C``/``2♣``, ``P``/``Pass``, ``X``/``Dbl``, ``XX``/``Rdbl``.

        Case does not matter and surrounding spaces are ignored, because calls come from people
        (the command line, system files) as often as from files.
        """
        t = text.strip().upper()
        if t in _NON_BIDS:
            return _CONSTANTS[_NON_BIDS[t]]
        match = _BID.fullmatch(t)
        if match is not None:
            strain = _STRAIN_SPELLINGS.get(match.group(2))
            if strain is not None:
                return cls(match.group(1) + strain)
        raise AuctionError(
            f"{quoted(text.strip())} is not a call: use a level 1-7 and a strain (1NT, 2C, 3♥), or P, X, XX",
            call=cut(text.strip()),
        )

    @classmethod
    def bid(cls, level: int, strain: str) -> Call:
        """The bid of ``level`` (1..7) in ``strain`` (``"C"``... ``"NT"``, or ``"N"``, or a suit symbol)."""
        if isinstance(level, bool) or not isinstance(level, int) or not 1 <= level <= 7:
            raise AuctionError(f"{level!r} is not a level: bids are made at levels 1 to 7")
        return cls.parse(f"{level}{strain}")

    @classmethod
    def from_rank(cls, rank: int) -> Call:
        """The bid of ``rank`` (0 = 1♣ ... 34 = 7NT), the inverse of ``Call.rank``."""
        if not 0 <= rank < 35:
            raise AuctionError(f"{rank!r} is not a bid rank: ranks run from 0 (1♣) to 34 (7NT)")
        return _BIDS[rank]

    def __str__(self) -> str:
        return self.code

    def symbol(self) -> str:
        """The call as people write it: ``"2♣"``, ``"1NT"``, ``"Pass"``, ``"Dbl"``, ``"Rdbl"``."""
        if self.code in _NON_BID_SYMBOLS:
            return _NON_BID_SYMBOLS[self.code]
        return self.code[0] + _STRAIN_SYMBOLS[self.code[1:]]

    @property
    def is_bid(self) -> bool:
        return self.code not in _NON_BID_SYMBOLS

    @property
    def is_pass(self) -> bool:
        return self.code == "P"

    @property
    def is_double(self) -> bool:
        return self.code == "X"

    @property
    def is_redouble(self) -> bool:
        return self.code == "XX"

    @property
    def level(self) -> int:
        """1..7 for a bid, 0 for Pass, Double and Redouble."""
        return int(self.code[0]) if self.is_bid else 0

    @property
    def strain(self) -> str:
        """``"C"``, ``"D"``, ``"H"``, ``"S"`` or ``"NT"`` for a bid, ``""`` otherwise."""
        return self.code[1:] if self.is_bid else ""

    @property
    def rank(self) -> int:
        """0 (1♣) ... 34 (7NT) for a bid, so a bid is sufficient when its rank is higher; -1 otherwise."""
        # A look-up, not arithmetic on the spelling: checking and batch bidding ask it millions of times.
        return _RANK_OF.get(self.code, -1)


PASS = Call("P")
DOUBLE = Call("X")
REDOUBLE = Call("XX")
_CONSTANTS = {"P": PASS, "X": DOUBLE, "XX": REDOUBLE}
_BIDS = tuple(Call(f"{level}{strain}") for level in range(1, 8) for strain in STRAINS)
_RANK_OF = {bid.code: rank for rank, bid in enumerate(_BIDS)}


@dataclass(frozen=True, slots=True)
class Contract:
    """The final contract: ``level`` 1..7, ``strain`` (``"C"``... ``"NT"``), ``doubled`` (``""``, ``"X"``, ``"XX"``), ``declarer``.

    ``str(contract)`` is the PBN Contract tag's form, ``"4HX"``; ``symbol()`` is ``"4♥X"``.
    """

    level: int
    strain: str
    doubled: str
    declarer: str

    def __post_init__(self) -> None:
        if not (1 <= self.level <= 7 and self.strain in STRAINS and self.doubled in ("", "X", "XX")):
            raise BridgeError(f"{self.level}{self.strain}{self.doubled} is not a contract")
        if self.declarer not in SEATS or len(self.declarer) != 1:
            raise BridgeError(f"{self.declarer!r} is not a seat: use N, E, S or W")

    def __str__(self) -> str:
        return f"{self.level}{self.strain}{self.doubled}"

    def symbol(self) -> str:
        return f"{self.level}{_STRAIN_SYMBOLS[self.strain]}{self.doubled}"


def _seat_letter(dealer: str) -> str:
    letter = dealer.strip().upper() if isinstance(dealer, str) else ""
    if len(letter) != 1 or letter not in SEATS:
        raise AuctionError(f"{dealer!r} is not a seat: the dealer is N, E, S or W")
    return letter


@dataclass(frozen=True, slots=True)
class _State:
    """What the next call is judged against: the last bid, who made it, and whether it stands doubled."""

    last_bid: Call | None
    bidder: int  # index of the call that made last_bid, -1 if none
    doubled: str  # "", "X" or "XX"
    doubler: int  # index of the call that doubled or redoubled, -1 if none
    passes: int  # passes since the last non-pass call (or since the start)
    complete: bool


_START = _State(None, -1, "", -1, 0, False)


def _after(state: _State, call: Call, index: int) -> _State:
    """The state after ``call`` made at position ``index`` (already known legal)."""
    if call.is_bid:
        return _State(call, index, "", -1, 0, False)
    if call.is_pass:
        passes = state.passes + 1
        complete = passes >= 3 if state.last_bid is not None else passes >= 4
        return _State(state.last_bid, state.bidder, state.doubled, state.doubler, passes, complete)
    return _State(state.last_bid, state.bidder, call.code, index, 0, False)


def _illegal(state: _State, call: Call, index: int) -> str | None:
    """Why ``call`` cannot be made at ``index`` after ``state`` (Laws 18, 19 and 22), or ``None`` if it can."""
    if state.complete:
        return "the auction is over"
    if call.is_pass:
        return None
    last = state.last_bid
    if call.is_bid:
        if last is not None and call.rank <= last.rank:
            return f"{call.symbol()} after {last.symbol()} is insufficient"
        return None
    # Opponents sit an odd number of seats apart, so their calls are an odd number of positions apart.
    if call.is_double:
        if last is None:
            return "there is no opponents' bid to double"
        if (index - state.bidder) % 2 == 0:
            return f"{last.symbol()} is our own side's bid: only an opponent's bid can be doubled"
        if state.doubled:
            return f"{last.symbol()} is already {'doubled' if state.doubled == 'X' else 'redoubled'}"
        return None
    if state.doubled != "X":
        return "only a double can be redoubled" if state.doubled == "" else "the contract is already redoubled"
    if (index - state.doubler) % 2 == 0:
        return "only the opponents' double can be redoubled, not partner's"
    return None


def _states(calls: Iterable[Call]) -> Iterator[tuple[int, Call, _State]]:
    """Each call with its index and the state *before* it."""
    state = _START
    for index, call in enumerate(calls):
        yield index, call, state
        state = _after(state, call, index)


@dataclass(frozen=True, slots=True)
class Auction:
    """The calls made so far, from ``dealer`` round the table clockwise; always legal.

    ``notes`` (the PBN note text of each call, or ``None``) and ``alerts`` are part of the value, so
    two auctions with the same calls and different notes are not equal; given empty, they mean "no
    notes, no alerts".  The constructor checks every call and raises ``AuctionError`` at the first
    illegal one.  ``add`` and ``+`` check only the new call.
    """

    dealer: str
    calls: tuple[Call, ...] = ()
    notes: tuple[str | None, ...] = ()
    alerts: tuple[bool, ...] = ()
    _state: _State = field(default=_START, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        dealer = _seat_letter(self.dealer)
        calls = tuple(self.calls)
        first = SEATS.index(dealer)
        state = _START
        for index, call, before in _states(calls):
            if not isinstance(call, Call):
                raise AuctionError(f"{call!r} is not a Call: use Call.parse or Auction.parse for text", index=index)
            reason = _illegal(before, call, index)
            if reason is not None:
                raise AuctionError(reason, call=call.symbol(), index=index, seat=SEATS[(first + index) % 4])
            state = _after(before, call, index)
        notes = tuple(self.notes) or (None,) * len(calls)
        alerts = tuple(bool(a) for a in self.alerts) or (False,) * len(calls)
        if len(notes) != len(calls) or len(alerts) != len(calls):
            raise AuctionError(
                f"an auction of {len(calls)} calls needs one note and one alert per call "
                f"(or none), not {len(notes)} and {len(alerts)}"
            )
        if any(note is not None and not isinstance(note, str) for note in notes):
            raise AuctionError("a note is a string or None")
        object.__setattr__(self, "dealer", dealer)
        object.__setattr__(self, "calls", calls)
        object.__setattr__(self, "notes", notes)
        object.__setattr__(self, "alerts", alerts)
        object.__setattr__(self, "_state", state)

    @classmethod
    def parse(cls, dealer: str, text: str) -> Auction:
        """The auction ``text`` spells from ``dealer``: ``"1NT P 2C P"``, ``"1N, p, 2♣"``, ``"1NT – 2C"``.

        Calls are separated by spaces, commas or dashes, and each is read as ``Call.parse`` reads
        it; a trailing ``!`` alerts a call (``"1NT P 2C! P"``), as PBN marks alerts.
        """
        calls: list[Call] = []
        alerts: list[bool] = []
        for index, token in enumerate(t for t in _SEPARATORS.split(text) if t):
            alert = token.endswith("!")
            try:
                calls.append(Call.parse(token.rstrip("!")))
            except AuctionError as exc:
                raise AuctionError(exc.reason, call=cut(token), index=index) from None
            alerts.append(alert)
        return cls(dealer, tuple(calls), alerts=tuple(alerts) if any(alerts) else ())

    # Building on ----------------------------------------------------------------------------------

    def add(self, call: Call | str, *, note: str | None = None, alert: bool = False) -> Auction:
        """A new auction with ``call`` (a ``Call`` or its text) made by ``next_seat``; raises ``AuctionError`` if illegal."""
        if isinstance(call, str):
            call = Call.parse(call)
        if note is not None and not isinstance(note, str):
            raise AuctionError("a note is a string or None")
        index = len(self.calls)
        reason = _illegal(self._state, call, index)
        if reason is not None:
            raise AuctionError(reason, call=call.symbol(), index=index, seat=self.next_seat)
        return self._checked(
            (*self.calls, call), (*self.notes, note), (*self.alerts, bool(alert)), _after(self._state, call, index)
        )

    def _checked(
        self, calls: tuple[Call, ...], notes: tuple[str | None, ...], alerts: tuple[bool, ...], state: _State
    ) -> Auction:
        """An auction whose calls are already known legal: skips the constructor's check of every call."""
        result = object.__new__(Auction)
        object.__setattr__(result, "dealer", self.dealer)
        object.__setattr__(result, "calls", calls)
        object.__setattr__(result, "notes", notes)
        object.__setattr__(result, "alerts", alerts)
        object.__setattr__(result, "_state", state)
        return result

    def __add__(self, call: Call | str) -> Auction:
        return self.add(call)

    def with_note(self, i: int, text: str | None, alert: bool = False) -> Auction:
        """The same calls with call ``i``'s note set to ``text`` (``None`` removes it) and its alert to ``alert``."""
        index = range(len(self.calls))[i]
        notes = list(self.notes)
        alerts = list(self.alerts)
        if text is not None and not isinstance(text, str):
            raise AuctionError("a note is a string or None")
        notes[index] = text
        alerts[index] = bool(alert)
        return self._checked(self.calls, tuple(notes), tuple(alerts), self._state)

    # Reading --------------------------------------------------------------------------------------

    @property
    def next_seat(self) -> str:
        """The seat whose turn it is (for a complete auction, the seat that would call next)."""
        return SEATS[(SEATS.index(self.dealer) + len(self.calls)) % 4]

    def seat_of(self, i: int) -> str:
        """The seat that made call ``i`` (negative ``i`` counts from the end, as for a sequence)."""
        index = range(len(self.calls))[i]
        return SEATS[(SEATS.index(self.dealer) + index) % 4]

    @property
    def is_complete(self) -> bool:
        """Three passes after a bid, or four passes at the start (Law 22): no more calls may be made."""
        return self._state.complete

    @property
    def passed_out(self) -> bool:
        """Four passes and no bid: the board is thrown in."""
        return self._state.complete and self._state.last_bid is None

    @property
    def last_bid(self) -> Call | None:
        """The highest bid so far (the last one made), or ``None`` before any bid."""
        return self._state.last_bid

    def legal_calls(self) -> tuple[Call, ...]:
        """Every call the next seat may make, in order: Pass, Double or Redouble where legal, then the sufficient bids."""
        state = self._state
        if state.complete:
            return ()
        index = len(self.calls)
        result = [call for call in (PASS, DOUBLE, REDOUBLE) if _illegal(state, call, index) is None]
        first = 0 if state.last_bid is None else state.last_bid.rank + 1
        return (*result, *_BIDS[first:])

    def is_legal(self, call: Call) -> bool:
        """Whether ``call`` may be made next (cheaper than catching ``AuctionError`` from ``add``)."""
        return _illegal(self._state, call, len(self.calls)) is None

    def contract(self) -> Contract | None:
        """The final contract, once the auction is complete; ``None`` while it goes on or when it was passed out.

        The declarer is the player of the declaring side (the side that made the last bid) who
        first named the final strain (Law 22 and the definition of declarer).
        """
        state = self._state
        if not state.complete or state.last_bid is None:
            return None
        final = state.last_bid
        first = next(
            i for i in range(state.bidder % 2, state.bidder + 1, 2) if self.calls[i].strain == final.strain
        )  # the declaring side's calls are every other call from the last bid back
        return Contract(final.level, final.strain, state.doubled, self.seat_of(first))

    def declarer(self) -> str | None:
        """The declarer's seat letter, or ``None`` when there is no contract (yet)."""
        contract = self.contract()
        return None if contract is None else contract.declarer

    def text(self) -> str:
        """The calls in PBN spelling separated by spaces: ``"1NT P 2C P"`` (``Auction.parse`` reads it back)."""
        return " ".join(call.code for call in self.calls)

    def symbols(self) -> str:
        """The calls as people write them: ``"1NT Pass 2♣ Pass"``."""
        return " ".join(call.symbol() for call in self.calls)

    def __str__(self) -> str:
        return f"{self.dealer}: {self.text()}" if self.calls else f"{self.dealer}: (no calls)"


LONGEST_AUCTION = 3 + 34 * 9 + 10
"""Calls in the longest legal auction: three passes, then every bid from 1♣ followed by pass, pass,
double, pass, pass, redouble, pass, pass, and the last (7NT) by three passes more."""


def is_legal_auction(calls: Sequence[Call]) -> bool:
    """Whether ``calls`` are a legal auction (from any dealer: legality does not depend on who deals).
    Judged call by call without building the auction: reading a system asks it for every spelling of
    every pattern."""
    return all(isinstance(call, Call) and _illegal(state, call, index) is None for index, call, state in _states(calls))
