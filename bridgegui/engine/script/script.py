"""A compiled dealer script: settings, a vectorised condition, actions, and dealer's end-of-run report."""

from __future__ import annotations

import datetime as _dt
from collections.abc import Callable
from typing import TextIO

import numpy as np

from bridgegui.engine.dealing import make_rng
from bridgegui.engine.script import actions as act
from bridgegui.engine.script import syntax as ast
from bridgegui.engine.script.compiler import BatchContext, Compiler, MeasureTables, as_column
from bridgegui.engine.script.diagnostics import recursion_room
from bridgegui.engine.script.parser import ParsedScript, Parser
from bridgegui.engine.script.seat_terms import ConditionParts, split_condition

DEFAULT_GENERATE = 10_000_000
"""Dealer 2021-11-21 stops after ten million deals when the script sets no ``generate`` (its manual,
older than the program, says one million)."""

DEFAULT_PRODUCE_WHEN_PRINTING = 40
"""Dealer's default ``produce`` when an action prints deals; statistics-only scripts run to ``generate``."""

PRINTING_ACTIONS = (
    act.PrintAll,
    act.PrintEW,
    act.PrintPBN,
    act.PrintCompact,
    act.PrintOneLine,
    act.PrintES,
    act.PrintSeats,
)


class Script:
    """A dealer script compiled to numpy.  Build it with ``compile_script``.

    The settings (``generate``, ``produce``, ``dealer``, ``vulnerable``) are ``None`` when the script
    leaves them out; ``max_generate``/``max_produce`` apply dealer's defaults.  ``predeal`` maps a
    seat (0..3, N E S W) to the hand mask of its predealt cards; ``predeal_lengths`` maps
    ``(seat, suit)`` to a length fixed by ``predeal spades(north) == 1``, which ``condition``
    enforces.  (The Debian dealer parses that form but ignores it; its manual promises it.)

    ``condition``, ``evaluate`` and the actions run on whole batches.  ``run_actions`` and
    ``finish`` accumulate averages and frequency tables in the actions, so one ``Script`` serves one
    run at a time; ``reset`` clears them for another run.  ``rng`` draws ``rnd()`` values.
    """

    def __init__(self, parsed: ParsedScript, *, source_name: str | None = None, seed: int | None = None) -> None:
        self.generate = parsed.generate
        self.produce = parsed.produce
        self.dealer = parsed.dealer
        self.vulnerable = parsed.vulnerable
        self.predeal: dict[int, int] = dict(parsed.predeal)
        self.predeal_lengths: dict[tuple[int, int], int] = dict(parsed.predeal_lengths)
        self.pointcount = parsed.pointcount
        self.altcounts = dict(parsed.altcounts)
        self.variables: dict[str, ast.Expr] = dict(parsed.variables)
        self.condition_expr = parsed.condition
        self.warnings = list(parsed.warnings)
        self.source_name = source_name
        self.rng = make_rng(seed)
        self._parsed = parsed
        self.measures = MeasureTables(parsed.pointcount, parsed.altcounts)
        self._compiler = Compiler(self.measures)
        for expr in self.variables.values():
            self._compiler.compile(expr)  # every definition is checked, even one never used
        full = self._full_condition()
        self._condition = self._compiler.compile(full) if full is not None else None
        nodes = parsed.actions if parsed.actions is not None else (ast.PrintAll(),)
        self.actions: list[act.Action] = [self._action(node) for node in nodes]

    # ---- settings ------------------------------------------------------------------------------

    @property
    def prints_deals(self) -> bool:
        return any(isinstance(a, PRINTING_ACTIONS) for a in self.actions)

    @property
    def max_generate(self) -> int:
        return self.generate if self.generate is not None else DEFAULT_GENERATE

    @property
    def max_produce(self) -> int:
        if self.produce is not None:
            return self.produce
        return DEFAULT_PRODUCE_WHEN_PRINTING if self.prints_deals else self.max_generate

    # ---- evaluation ----------------------------------------------------------------------------

    def _full_condition(self) -> ast.Expr | None:
        expr = self.condition_expr
        for (seat, suit), n in self.predeal_lengths.items():
            term = ast.Binary("==", ast.HandValue("length", seat, suit), ast.Num(n))
            expr = term if expr is None else ast.Binary("&&", expr, term)
        return expr

    def context(self, batch: np.ndarray) -> BatchContext:
        return BatchContext(batch, self.rng)

    def condition(self, batch: np.ndarray) -> np.ndarray:
        """The accept mask of an ``(n, 4)`` batch: True where the deal meets the condition."""
        ctx = self.context(batch)
        if self._condition is None:
            return np.ones(ctx.n, dtype=bool)
        with recursion_room():
            return as_column(self._condition(ctx), ctx.n) != 0

    def compile_expression(self, text: str) -> Callable[[np.ndarray], np.ndarray]:
        """A vectorised function of the batch for an extra expression, which may use the script's variables."""
        with recursion_room():
            parser = Parser(text)
            parser.result.variables = dict(self.variables)
            expr = parser.checked(parser.expression())
            if parser.tok.kind != "eof":
                raise parser.fail("the end of the expression")
            fn = self._compiler.compile(expr)

        def evaluate(batch: np.ndarray) -> np.ndarray:
            ctx = self.context(batch)
            with recursion_room():
                return np.array(as_column(fn(ctx), ctx.n))

        return evaluate

    def evaluate(self, name: str, batch: np.ndarray) -> np.ndarray:
        """The value of the variable ``name`` for each deal of the batch."""
        if name not in self.variables:
            raise KeyError(f"the script defines no variable {name!r}")
        return self.compile_expression(name)(batch)

    def seat_terms(self) -> ConditionParts:
        """The condition as simple single-seat terms plus a compiled residual (see ``seat_terms.py``)."""

        def compile_residual(expr: ast.Expr | None) -> Callable[[np.ndarray], np.ndarray]:
            fn = self._compiler.compile(expr) if expr is not None else None

            def residual(batch: np.ndarray) -> np.ndarray:
                ctx = self.context(batch)
                if fn is None:
                    return np.ones(ctx.n, dtype=bool)
                with recursion_room():
                    return as_column(fn(ctx), ctx.n) != 0

            return residual

        with recursion_room():
            return split_condition(
                self.condition_expr, self.predeal_lengths, self.measures.standard_hcp, compile_residual
            )

    # ---- actions -------------------------------------------------------------------------------

    def _action(self, node: ast.ActionNode) -> act.Action:
        c = self._compiler.compile
        if isinstance(node, ast.PrintAll):
            return act.PrintAll()
        if isinstance(node, ast.PrintEW):
            return act.PrintEW()
        if isinstance(node, ast.PrintPBN):
            return act.PrintPBN()
        if isinstance(node, ast.PrintCompact):
            return act.PrintCompact(c(node.expr) if node.expr is not None else None)
        if isinstance(node, ast.PrintOneLine):
            return act.PrintOneLine(c(node.expr) if node.expr is not None else None)
        if isinstance(node, ast.PrintSeats):
            return act.PrintSeats(node.seats)
        if isinstance(node, ast.PrintES):
            return act.PrintES([item if isinstance(item, str) else c(item) for item in node.items])
        if isinstance(node, ast.Average):
            return act.Average(node.label, c(node.expr))
        if isinstance(node, ast.Frequency):
            expr2 = c(node.expr2) if node.expr2 is not None else None
            return act.Frequency(node.label, c(node.expr), node.low, node.high, expr2, node.low2, node.high2)
        raise TypeError(f"unknown action {type(node).__name__}")  # pragma: no cover

    def run_actions(
        self,
        batch: np.ndarray,
        out: TextIO,
        board_offset: int = 0,
        *,
        seed: int | None = None,
        date: _dt.date | None = None,
    ) -> None:
        """Run the actions on a batch of *accepted* deals, numbered ``board_offset + 1`` onwards.

        Printing actions write to ``out`` deal by deal, in the order of the action list; averages,
        frequencies and ``print(...)`` pages accumulate until ``finish``.  ``seed`` and ``date`` fill
        ``printpbn``'s Event and Date tags (today when ``date`` is None).
        """
        with recursion_room():
            self._run_actions(batch, out, board_offset, seed=seed, date=date)

    def _run_actions(
        self, batch: np.ndarray, out: TextIO, board_offset: int, *, seed: int | None, date: _dt.date | None
    ) -> None:
        ctx = self.context(batch)
        if ctx.n == 0:
            return
        boards = np.arange(board_offset + 1, board_offset + 1 + ctx.n, dtype=np.int64)
        info = act.RunInfo(self.source_name, seed, date, self.dealer, self.vulnerable)
        texts = [a.deal_texts(ctx, boards, info) for a in self.actions if a.per_deal]
        if texts:
            out.write("".join("".join(parts) for parts in zip(*texts, strict=True)))
        for a in self.actions:
            if not a.per_deal:
                a.accumulate(ctx, boards)

    def finish(
        self,
        out: TextIO,
        generated: int,
        produced: int,
        elapsed: float,
        *,
        seed: int | None = None,
        verbose: bool = True,
    ) -> None:
        """Print the end-of-run actions in list order, then (``verbose``) dealer's statistics lines."""
        for a in self.actions:
            a.report(out)
        if verbose:
            out.write(f"Generated {generated} hands\nProduced {produced} hands\n")
            if seed is not None:
                out.write(f"Initial random seed {seed}\n")
            out.write(f"Time needed {elapsed:8.3f} sec\n")

    def reset(self) -> None:
        """Clear accumulated averages, frequencies and pages before running the script again."""
        for a in self.actions:
            a.reset()


def compile_script(text: str, *, source_name: str | None = None, seed: int | None = None) -> Script:
    """Parse and compile a dealer script.

    ``source_name`` is the file name ``printpbn`` reports (dealer prints ``(null)`` for standard
    input); ``seed`` seeds the generator behind ``rnd()``.  Raises ``ScriptError`` (with ``line`` and
    ``column``) for any error in the script, including functions bridgegui cannot compute
    (``tricks``, ``cccc``, ``quality``).
    """
    with recursion_room():
        parsed = Parser(text).parse()
        return Script(parsed, source_name=source_name, seed=seed)
