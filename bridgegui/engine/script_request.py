"""Run dealer scripts on the exact dealer: map a script's simple terms onto seat constraints.

A dealer script's condition is one expression.  ``Script.seat_terms`` splits its top-level
conjunction into simple single-seat terms (a seat's HCP in a range, a suit length in a range, a set
of shapes) and a compiled residual for everything else.  The simple terms become a
``SeatConstraint`` per seat, which the exact dealer can count and draw directly; the residual
becomes the request's whole-deal ``condition``, rejected on.  The conjunction of the two is the
script's condition, so the boards have exactly the law of dealer's "generate and keep what fits":
only much faster when a seat's terms are restrictive.

What cannot take this path: a script with ``generate`` but no ``produce`` reports on a fixed number
of *random* deals (how many of N deals fit), so it runs as dealer runs it (``run_script``).
"""

from __future__ import annotations

import datetime as _dt
import io
import threading
import time
from dataclasses import dataclass
from itertools import permutations
from typing import TextIO

import numpy as np

from bridgegui.engine import dealer
from bridgegui.engine.constraints import DealRequest, Range, SeatConstraint
from bridgegui.engine.dealer_script import Script, run_script
from bridgegui.engine.dealing import new_seed


@dataclass(frozen=True)
class ScriptCondition:
    """The residual of a script's condition as a ``BatchCondition`` (see ``constraints``)."""

    text: str
    script: Script

    def __call__(self, batch: np.ndarray) -> np.ndarray:
        return self.script.seat_terms().residual(batch)


def shape_tokens(shapes: frozenset[tuple[int, int, int, int]]) -> tuple[str, ...]:
    """Seat-spec tokens for a set of exact shapes: ``4333`` where every suit order is present,
    ``5=4=3=1`` otherwise (so the spec reads as a person would write it)."""
    remaining = set(shapes)
    tokens = []
    for pattern in sorted({tuple(sorted(s, reverse=True)) for s in shapes}, reverse=True):
        orders = set(permutations(pattern))
        if orders <= remaining:
            tokens.append("".join(map(str, pattern)))
            remaining -= orders
    tokens.extend("=".join(map(str, s)) for s in sorted(remaining, reverse=True))
    return tuple(tokens)


def request_from_script(script: Script) -> DealRequest:
    """The exact-dealer request equivalent to the script's predeals and condition."""
    parts = script.seat_terms()
    seats = []
    for seat in range(4):
        hcp: Range | None = None
        lengths: list[Range | None] = [None, None, None, None]
        shapes: tuple[str, ...] = ()
        for term in parts.terms_for(seat):
            if term.kind == "hcp":
                hcp = Range(term.lo, term.hi)
            elif term.kind == "length" and term.suit is not None:
                lengths[term.suit] = Range(term.lo, term.hi)
            elif term.kind == "shape" and term.shapes is not None:
                shapes = shape_tokens(term.shapes) if term.shapes else ("0=0=0=0",)
        seats.append(
            SeatConstraint(
                hcp=hcp,
                lengths=tuple(lengths),  # type: ignore[arg-type]
                shapes=shapes,
                cards=script.predeal.get(seat, 0),
            )
        )
    condition = None
    if not parts.residual_is_trivial:
        condition = ScriptCondition("residual of the script's condition", script)
    return DealRequest(tuple(seats), condition=condition)  # type: ignore[arg-type]


@dataclass(frozen=True)
class ScriptRun:
    generated: int
    produced: int
    elapsed: float
    seed: int
    cancelled: bool
    deals: np.ndarray
    """The produced deals, in order (for writing a PBN set)."""


def run_script_exact(
    script: Script,
    out: TextIO | None,
    *,
    seed: int | None = None,
    generate: int | None = None,
    produce: int | None = None,
    verbose: bool = True,
    date: _dt.date | None = None,
    cancel: threading.Event | None = None,
) -> ScriptRun:
    """Run ``script`` as dealer would, through the exact dealer where that keeps its meaning.

    ``out=None`` runs no actions (the caller writes the deals, e.g. as PBN).  ``generate`` bounds
    the deals tried, as dealer's ``-g`` does; ``produce`` overrides the script's count (``-p``).
    """
    seed = new_seed() if seed is None else seed
    wants_produce = produce if produce is not None else script.produce
    if wants_produce is None and (generate is not None or script.generate is not None):
        # "generate N" without "produce": dealer's meaning is "look at N random deals".
        collected: list[np.ndarray] = []
        sink: TextIO = out if out is not None else io.StringIO()
        if out is None:
            original = script.run_actions

            def collect(batch: np.ndarray, *args: object, **kwargs: object) -> None:
                collected.append(np.array(batch))

            script.run_actions = collect  # type: ignore[method-assign]
        try:
            result = run_script(
                script,
                sink,
                seed=seed,
                generate=generate,
                verbose=verbose and out is not None,
                date=date,
                cancel=cancel,
            )
        finally:
            if out is None:
                script.run_actions = original  # type: ignore[method-assign]
        deals = np.concatenate(collected) if collected else np.zeros((0, 4), np.uint64)
        return ScriptRun(result.generated, result.produced, result.elapsed, seed, result.cancelled, deals)

    count = wants_produce if wants_produce is not None else script.max_produce
    request = request_from_script(script)
    max_tries = generate if generate is not None else script.max_generate
    script.reset()
    parts = []
    tried = produced = 0
    start = time.perf_counter()
    cancelled = False
    try:
        for progress in dealer.deal_stream(request, count, seed=seed, cancel=cancel, max_tries=max_tries):
            if progress.deals.shape[0]:
                if out is not None:
                    script.run_actions(progress.deals, out, produced, seed=seed, date=date)
                parts.append(progress.deals)
                produced += progress.deals.shape[0]
            tried = progress.tried
    except dealer.ImpossibleError:
        if not parts:
            raise
    if cancel is not None and cancel.is_set():
        cancelled = True
    elapsed = time.perf_counter() - start
    if out is not None:
        script.finish(out, tried, produced, elapsed, seed=seed, verbose=verbose)
    deals = np.concatenate(parts) if parts else np.zeros((0, 4), np.uint64)
    return ScriptRun(tried, produced, elapsed, seed, cancelled, deals)
