"""The actions of a dealer script, printing exactly what dealer prints.

Layouts were taken from dealer 2021-11-21 (the Debian package) run on small scripts, byte for byte,
so that post-processing written for dealer's output keeps working:

* ``printall``: the board number as ``%4d.``, then one line per suit with the four hands in columns
  20 characters wide (the last one not padded), ranks separated by spaces, ``-`` for a void, and a
  blank line.  ``printew`` is the same with West then East and no number.
* ``printpbn``: dealer's fixed set of PBN tags.  Without ``dealer``/``vulnerable`` statements the
  dealer and vulnerability follow the board number as in duplicate (dealer does that too).
* ``printcompact``: ``n AKQ.T98.7654.32`` style lines, one per seat; ``printoneline``: the four on
  one line, each followed by a space, then the optional expression.
* ``printes``: its strings and values with nothing between them.
* ``print(seats)``: at the end of the run, one page per seat (compass order, whatever the order in
  the list), four deals across, pages ending with a form feed.
* ``average``: ``label: value`` with C's ``%g`` (``-nan`` when nothing was produced, as dealer);
  ``frequency``: dealer's table, the ``Low``/``High`` rows of a one-way table shown only when not
  empty, and the two-way table with its ``Low``/``High``/``Sum`` margins always shown.

Actions that print for every deal build the text of a whole batch at once (the values of their
expressions are computed for the batch with numpy), and ``Script.run_actions`` interleaves them
deal by deal in the order of the action list, as dealer does.  ``average``, ``frequency`` and
``print`` accumulate over batches and print from ``report`` at the end.
"""

from __future__ import annotations

import datetime as _dt
from dataclasses import dataclass
from functools import cache
from typing import TextIO

import numpy as np

from bridgegui.engine.boards import board_dealer, board_vulnerability
from bridgegui.engine.cards import RANKS, SEAT_NAMES
from bridgegui.engine.script.compiler import BatchContext, Compiled, as_column

COLUMN = 20
"""Width of a hand's column in dealer's diagrams."""


@cache
def spaced_holdings() -> tuple[str, ...]:
    """``"A K 3 "`` for each 13-bit holding (``"- "`` for a void): dealer's diagram style."""
    texts = []
    for h in range(1 << 13):
        ranks = [RANKS[12 - b] for b in range(12, -1, -1) if h >> b & 1]
        texts.append("".join(r + " " for r in ranks) if ranks else "- ")
    return tuple(texts)


@cache
def pbn_holdings() -> tuple[str, ...]:
    """``"AK3"`` for each 13-bit holding (``""`` for a void): PBN style."""
    return tuple(s.replace(" ", "").replace("-", "") for s in spaced_holdings())


def format_g(value: float) -> str:
    """C's ``printf("%g")``, including glibc's ``-nan`` for 0/0."""
    if value != value:  # NaN: dealer divides 0 by 0
        return "-nan"
    return f"{value:g}"


@dataclass(frozen=True)
class RunInfo:
    """What ``printpbn`` needs besides the deal: where the script came from and how the run was seeded."""

    source_name: str | None = None
    seed: int | None = None
    date: _dt.date | None = None
    dealer: str | None = None
    vulnerable: str | None = None


class Action:
    """Base class.  ``per_deal`` actions print for each produced deal; the others report at the end."""

    name = "action"
    per_deal = False

    def deal_texts(self, ctx: BatchContext, boards: np.ndarray, info: RunInfo) -> list[str]:
        """The text this action prints for each deal of the batch (``per_deal`` actions only)."""
        raise NotImplementedError

    def accumulate(self, ctx: BatchContext, boards: np.ndarray) -> None:
        """Take a batch of produced deals into account (end-of-run actions)."""

    def report(self, out: TextIO) -> None:
        """Print what was accumulated (end-of-run actions)."""

    def reset(self) -> None:
        """Forget what was accumulated, to run the script again."""


def _hands(ctx: BatchContext) -> np.ndarray:
    return ctx.holdings  # (n, 4 seats, 4 suits)


class PrintAll(Action):
    name = "printall"
    per_deal = True

    def deal_texts(self, ctx: BatchContext, boards: np.ndarray, info: RunInfo) -> list[str]:
        spaced = spaced_holdings()
        texts = []
        for board, deal in zip(boards.tolist(), _hands(ctx).tolist(), strict=True):
            lines = [f"{board:4d}.\n"]
            for suit in range(4):
                cols = [spaced[deal[seat][suit]] for seat in range(4)]
                lines.append("".join(c.ljust(COLUMN) for c in cols[:3]) + cols[3] + "\n")
            lines.append("\n")
            texts.append("".join(lines))
        return texts


class PrintEW(Action):
    name = "printew"
    per_deal = True

    def deal_texts(self, ctx: BatchContext, boards: np.ndarray, info: RunInfo) -> list[str]:
        spaced = spaced_holdings()
        texts = []
        for deal in _hands(ctx).tolist():
            lines = [spaced[deal[3][suit]].ljust(COLUMN) + spaced[deal[1][suit]] + "\n" for suit in range(4)]
            texts.append("".join(lines) + "\n")
        return texts


def _pbn_hands(deal: list[list[int]]) -> list[str]:
    pbn = pbn_holdings()
    return [".".join(pbn[h] for h in hand) for hand in deal]


class PrintPBN(Action):
    name = "printpbn"
    per_deal = True

    def deal_texts(self, ctx: BatchContext, boards: np.ndarray, info: RunInfo) -> list[str]:
        date = (info.date or _dt.date.today()).strftime("%Y.%m.%d")
        source = info.source_name if info.source_name is not None else "(null)"
        seed = info.seed if info.seed is not None else "(unknown)"
        texts = []
        for board, deal in zip(boards.tolist(), _hands(ctx).tolist(), strict=True):
            hands = " ".join(_pbn_hands(deal))
            texts.append(
                f'[Event "Hand simulated by dealer with file {source}, seed {seed}"]\n'
                '[Site "-"]\n'
                f'[Date "{date}"]\n'
                f'[Board "{board}"]\n'
                '[West "-"]\n[North "-"]\n[East "-"]\n[South "-"]\n'
                f'[Dealer "{info.dealer or board_dealer(board)}"]\n'
                f'[Vulnerable "{info.vulnerable or board_vulnerability(board)}"]\n'
                f'[Deal "N:{hands}"]\n'
                '[Declarer "?"]\n[Contract "?"]\n[Result "?"]\n\n'
            )
        return texts


class _HandsPerDeal(Action):
    """``printcompact`` and ``printoneline``: each deal's four hands (``n AKQ.J.T98.765``), then the
    optional expression's value; the two differ only in what follows a hand and ends the deal."""

    per_deal = True
    after_hand = "\n"
    after_value = "\n"
    end = ""

    def __init__(self, expr: Compiled | None) -> None:
        self.expr = expr

    def deal_texts(self, ctx: BatchContext, boards: np.ndarray, info: RunInfo) -> list[str]:
        values = as_column(self.expr(ctx), ctx.n).tolist() if self.expr else None
        texts = []
        for i, deal in enumerate(_hands(ctx).tolist()):
            text = "".join(
                f"{seat} {hand}{self.after_hand}" for seat, hand in zip("nesw", _pbn_hands(deal), strict=True)
            )
            value = f"{values[i]}{self.after_value}" if values is not None else ""
            texts.append(text + value + self.end)
        return texts


class PrintCompact(_HandsPerDeal):
    name = "printcompact"


class PrintOneLine(_HandsPerDeal):
    name = "printoneline"
    after_hand = " "
    after_value = ""
    end = "\n"


class PrintES(Action):
    name = "printes"
    per_deal = True

    def __init__(self, items: list[str | Compiled]) -> None:
        self.items = items

    def deal_texts(self, ctx: BatchContext, boards: np.ndarray, info: RunInfo) -> list[str]:
        columns: list[list[str]] = []
        for item in self.items:
            if isinstance(item, str):
                columns.append([item] * ctx.n)
            else:
                columns.append([str(v) for v in as_column(item(ctx), ctx.n).tolist()])
        return ["".join(parts) for parts in zip(*columns, strict=True)] if columns else [""] * ctx.n


class PrintSeats(Action):
    """``print(seats)``: keeps the produced deals and prints one page per seat at the end."""

    name = "print"

    def __init__(self, seats: tuple[int, ...]) -> None:
        self.seats = seats
        self._deals: list[np.ndarray] = []
        self._boards: list[np.ndarray] = []

    def accumulate(self, ctx: BatchContext, boards: np.ndarray) -> None:
        self._deals.append(ctx.holdings.copy())
        self._boards.append(boards.copy())

    def reset(self) -> None:
        self._deals.clear()
        self._boards.clear()

    def report(self, out: TextIO) -> None:
        spaced = spaced_holdings()
        deals = np.concatenate(self._deals) if self._deals else np.zeros((0, 4, 4), dtype=np.uint16)
        boards = np.concatenate(self._boards).tolist() if self._boards else []
        for seat in sorted(set(self.seats)):
            out.write(f"\n\n{SEAT_NAMES[seat]} hands:\n\n\n\n")
            for start in range(0, len(boards), 4):
                group = range(start, min(start + 4, len(boards)))
                out.write("".join(f"{boards[i]:4d}.".ljust(COLUMN) for i in group) + "\n")
                for suit in range(4):
                    cols = [spaced[int(deals[i, seat, suit])] for i in group]
                    out.write("".join(c.ljust(COLUMN) for c in cols[:-1]) + cols[-1] + "\n")
                out.write("\n")
            out.write("\f")


def exact_sum(values: np.ndarray) -> int:
    """The exact sum of an int64 array as a Python int: no int64 overflow, however large the values.

    Each value is split into its high and low 32 bits; a batch is far shorter than 2**31 values, so
    neither partial sum can overflow.
    """
    v = np.asarray(values, dtype=np.int64)
    high = int((v >> 32).sum(dtype=np.int64))
    low = int((v & 0xFFFFFFFF).sum(dtype=np.int64))
    return (high << 32) + low


class Average(Action):
    name = "average"

    def __init__(self, label: str | None, expr: Compiled) -> None:
        self.label = label
        self.expr = expr
        self.total = 0
        self.count = 0

    def accumulate(self, ctx: BatchContext, boards: np.ndarray) -> None:
        self.total += exact_sum(as_column(self.expr(ctx), ctx.n))
        self.count += ctx.n

    def reset(self) -> None:
        self.total = self.count = 0

    @property
    def value(self) -> float:
        """The mean as a float; ``total`` is an exact Python int, and ``int / int`` rounds correctly."""
        return self.total / self.count if self.count else float("nan")

    def report(self, out: TextIO) -> None:
        text = format_g(self.value)
        out.write(f"{self.label}: {text}\n" if self.label is not None else f"{text}\n")


class Frequency(Action):
    """A one- or two-way frequency table; values outside the bounds go to ``Low``/``High``."""

    name = "frequency"

    def __init__(
        self,
        label: str | None,
        expr: Compiled,
        low: int,
        high: int,
        expr2: Compiled | None = None,
        low2: int = 0,
        high2: int = 0,
    ) -> None:
        self.label = label
        self.expr, self.low, self.high = expr, low, high
        self.expr2, self.low2, self.high2 = expr2, low2, high2
        self.reset()

    def reset(self) -> None:
        rows = self.high - self.low + 3
        cols = self.high2 - self.low2 + 3 if self.expr2 is not None else 1
        self.counts = np.zeros((rows, cols), dtype=np.int64)

    @staticmethod
    def _bins(values: np.ndarray, low: int, high: int) -> np.ndarray:
        """Row 0 is Low, rows 1.. the values low..high, the last row High.

        Compared before subtracting: ``values - low`` would wrap for values near the int64 limits.
        """
        inside = np.clip(values, low, high) - low + 1
        return np.where(values < low, 0, np.where(values > high, high - low + 2, inside))

    def accumulate(self, ctx: BatchContext, boards: np.ndarray) -> None:
        rows = self._bins(as_column(self.expr(ctx), ctx.n), self.low, self.high)
        if self.expr2 is None:
            flat = rows
        else:
            cols = self._bins(as_column(self.expr2(ctx), ctx.n), self.low2, self.high2)
            flat = rows * self.counts.shape[1] + cols
        self.counts += np.bincount(flat, minlength=self.counts.size).reshape(self.counts.shape)

    def report(self, out: TextIO) -> None:
        out.write(f"Frequency {self.label or ''}:\n")
        if self.expr2 is None:
            counts = self.counts[:, 0].tolist()
            if counts[0]:
                out.write(f"Low\t{counts[0]:8d}\n")
            for value, count in zip(range(self.low, self.high + 1), counts[1:-1], strict=True):
                out.write(f"{value:5d}\t{count:8d}\n")
            if counts[-1]:
                out.write(f"High\t{counts[-1]:8d}\n")
            return
        header = "    " + f"{'Low':>7}" + "".join(f"{v:7d}" for v in range(self.low2, self.high2 + 1))
        out.write(header + f"{'High':>7}{'Sum':>7}\n")
        labels = ["Low ", *(f"{v:4d}" for v in range(self.low, self.high + 1)), "High"]
        for label, row in zip(labels, self.counts.tolist(), strict=True):
            out.write(label + "".join(f"{c:7d}" for c in row) + f"{sum(row):7d}\n")
        sums = self.counts.sum(axis=0).tolist()
        out.write("Sum " + "".join(f"{c:7d}" for c in sums) + f"{sum(sums):7d}\n\n")
