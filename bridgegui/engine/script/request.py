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
from collections.abc import Callable
from dataclasses import dataclass
from itertools import permutations
from typing import TextIO

import numpy as np

from bridgegui.engine.cards import SEAT_NAMES
from bridgegui.engine.dealer import planner
from bridgegui.engine.dealer.constraints import DealRequest, Range, SeatConstraint, parse_seat_spec
from bridgegui.engine.dealer.specs import compact_shape_tokens
from bridgegui.engine.dealing import new_seed
from bridgegui.engine.errors import BridgeError, ConstraintError, ImpossibleError
from bridgegui.engine.script import Script, compile_script, run_script
from bridgegui.engine.script.compiler import uses_random
from bridgegui.engine.script.diagnostics import WHERE, ScriptError, recursion_room
from bridgegui.engine.script.seat_terms import ConditionParts, SeatTerm
from bridgegui.engine.script.unparse import SEAT_WORDS, SUIT_WORDS, shape_list, unparse, unparse_conjunction


@dataclass(frozen=True)
class ScriptCondition:
    """The residual of a script's condition as a ``BatchCondition`` (see ``constraints``)."""

    text: str
    residual: Callable[[np.ndarray], np.ndarray]
    """Compiled once, from ``Script.seat_terms()``: the filter runs on every batch."""
    parallel_safe: bool = False
    """True when the residual draws no ``rnd()`` numbers: each batch's verdict then depends on the batch
    alone (the compiled filter keeps its caches per batch), so the planner may run it on every core and a
    seeded run still gives the same boards whatever the core count."""

    def __call__(self, batch: np.ndarray) -> np.ndarray:
        return self.residual(batch)


def shape_tokens(shapes: frozenset[tuple[int, int, int, int]]) -> tuple[str, ...]:
    """Seat-spec tokens for a set of exact shapes: ``balanced``/``semibalanced`` for those sets,
    ``4333`` where every suit order is present, ``5=4=3=1`` otherwise (as a person would write it)."""
    for name in ("balanced", "semibalanced"):
        if shapes == parse_seat_spec(name).allowed_shapes:
            return (name,)
    remaining = set(shapes)
    tokens = []
    for pattern in sorted({tuple(sorted(s, reverse=True)) for s in shapes}, reverse=True):
        orders = set(permutations(pattern))
        if orders <= remaining:
            tokens.append("".join(map(str, pattern)))
            remaining -= orders
    tokens.extend("=".join(map(str, s)) for s in sorted(remaining, reverse=True))
    return tuple(tokens)


def _open_range(lo: int, hi: int, most: int) -> Range | None:
    """A term's bounds as a range, leaving trivial ends (0, or the most possible) open."""
    r = Range(lo if lo > 0 else None, hi if hi < most else None)
    return None if r.is_open else r


class ContradictionError(ScriptError, ImpossibleError):
    """Terms of a script's condition that no hand can meet together (``shape(north, 4333) && shape(north, 5332)``).

    A ``ScriptError`` (the window shows it when importing the script, with the place of the last term)
    and an ``ImpossibleError`` (the command line exits with its "impossible request" status).
    """

    def __init__(self, message: str, line: int, column: int, seat: str, field: str) -> None:
        ScriptError.__init__(self, message, line, column)
        self.seat = seat
        self.field = field
        self.reason = message


_TERM_FIELDS = {"hcp": "hcp", "shape": "shape"}


def _refuse_empty_terms(parts: ConditionParts) -> None:
    """Name the terms that contradict each other, instead of letting an empty range reach the seat specs."""
    for term in parts.terms:
        if not term.is_empty:
            continue
        seat = SEAT_NAMES[term.seat]
        field = _TERM_FIELDS.get(term.kind, SUIT_WORDS[term.suit or 0])
        named = [unparse(source) for source in term.sources]
        last = next((source for source in reversed(term.sources) if source.line), None)
        line, column = (last.line, last.column) if last is not None else (0, 0)
        if len(named) >= 2:
            joined = ", ".join(f"'{n}'" for n in named[:-1]) + f" and '{named[-1]}'"
            what = "shapes" if term.kind == "shape" else "conditions"
            message = f"{joined} contradict{WHERE}: no hand of {seat}'s meets these {what} together"
        elif named:
            message = f"'{named[0]}' can never be true{WHERE}: no hand of {seat}'s meets it"
        else:
            message = f"the condition on {seat}'s {field} can never be true"
        raise ContradictionError(message, line, column, "NESW"[term.seat], field)


def request_from_script(script: Script) -> DealRequest:
    """The exact-dealer request equivalent to the script's predeals and condition.

    Raises ``ContradictionError`` when simple terms on one seat contradict each other.  Its walks
    over the condition run in ``recursion_room``: a chain of 2,000 variables is a script dealer runs.
    """
    with recursion_room():
        return _request_from_script(script)


def _request_from_script(script: Script) -> DealRequest:
    parts = script.seat_terms()
    _refuse_empty_terms(parts)
    seats = []
    for seat in range(4):
        hcp: Range | None = None
        lengths: list[Range | None] = [None, None, None, None]
        shapes: tuple[str, ...] = ()
        excluded: tuple[str, ...] = ()
        for term in parts.terms_for(seat):
            if term.kind == "hcp":
                hcp = _open_range(term.lo, term.hi, 37)
            elif term.kind == "length" and term.suit is not None:
                lengths[term.suit] = _open_range(term.lo, term.hi, 13)
            elif term.kind == "shape" and term.shapes is not None:
                # The fewest patterns, both ways: ``any 5xxx`` reads ``5xxx``, not 30 shapes, and
                # ``not shape(north, any 0xxx)`` reads ``not 0xxx``, so a 10+ card suit never needs printing.
                if term.shapes:
                    shapes, excluded = compact_shape_tokens(term.shapes)
                else:
                    shapes, excluded = ("0=0=0=0",), ()
        seats.append(
            SeatConstraint(
                hcp=hcp,
                lengths=tuple(lengths),  # type: ignore[arg-type]
                shapes=shapes,
                exclude_shapes=excluded,
                cards=script.predeal.get(seat, 0),
            )
        )
    condition = None
    if not parts.residual_is_trivial:
        memo: dict[int, bool] = {}
        draws = any(uses_random(expr, memo) for expr in parts.residual_exprs)  # iterative: no depth limit
        condition = ScriptCondition("residual of the script's condition", parts.residual, parallel_safe=not draws)
    return DealRequest(tuple(seats), condition=condition)  # type: ignore[arg-type]


@dataclass(frozen=True)
class ScriptRun:
    generated: int
    produced: int
    elapsed: float
    seed: int
    cancelled: bool
    deals: np.ndarray
    """The produced deals, in order (for writing a PBN set); empty when ``on_batch`` took them."""
    asked: int | None = None
    """The boards the run was to produce; ``None`` for a "generate N" run, which looks at N random deals."""
    generate_limit: int | None = None
    """The most deals the run could generate (``-g``, the script's ``generate`` or dealer's default)."""

    @property
    def short(self) -> bool:
        """The generate limit stopped the run before it produced the boards asked for (not a cancel)."""
        return self.asked is not None and self.produced < self.asked and not self.cancelled


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
    on_batch: Callable[[np.ndarray], None] | None = None,
    processes: bool = False,
    max_seconds: float | None = None,
) -> ScriptRun:
    """Run ``script`` as dealer would, through the exact dealer where that keeps its meaning.

    ``out=None`` runs no actions (the caller writes the deals, e.g. as PBN).  ``generate`` bounds
    the deals tried, as dealer's ``-g`` does; ``produce`` overrides the script's count (``-p``).
    ``on_batch`` is called with each batch of produced deals as soon as it is dealt, and the deals
    are then not kept (``ScriptRun.deals`` is empty), so a caller that writes them batch by batch
    needs memory for one batch only, whatever the count.  When the generate limit stops
    the run, the result says so (``ScriptRun.short``), even with no board at all: that is dealer's
    ``-g`` meaning, fewer boards than asked, not a proof.  A contradiction the planner proves from
    the script's terms raises ``ImpossibleError`` before any dealing.  ``processes``: a long
    rejection-bound run may deal in forked processes (``planner.deal_stream``; the command line's
    choice).  ``max_seconds``: stop, short, once that long passes without a board (the command line's
    ``--time-limit``; dealer has no such limit, so None by default).
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
    plan = planner.plan_request(request)  # a provable contradiction: ImpossibleError, before dealing
    script.reset()
    parts = []
    tried = produced = 0
    start = time.perf_counter()
    cancelled = False
    try:
        stream = planner.deal_stream(
            plan,
            count,
            seed=seed,
            cancel=cancel,
            max_tries=max_tries,
            max_seconds=max_seconds,
            processes=processes,
        )
        for progress in stream:
            if progress.deals.shape[0]:
                if out is not None:
                    script.run_actions(progress.deals, out, produced, seed=seed, date=date)
                if on_batch is not None:
                    on_batch(progress.deals)
                else:
                    parts.append(progress.deals)
                produced += progress.deals.shape[0]
            tried = progress.tried
    except planner.ImpossibleError:
        pass  # the generate limit was reached: the run is short (dealer's -g), however many it found
    if cancel is not None and cancel.is_set():
        cancelled = True
    elapsed = time.perf_counter() - start
    if out is not None:
        script.finish(out, tried, produced, elapsed, seed=seed, verbose=verbose)
    deals = np.concatenate(parts) if parts else np.zeros((0, 4), np.uint64)
    return ScriptRun(tried, produced, elapsed, seed, cancelled, deals, asked=count, generate_limit=max_tries)


# --- the GUI's import, export and advanced condition ------------------------------------------


@dataclass(frozen=True)
class ExpressionCondition:
    """A dealer-language expression typed by the user (the "advanced condition"), compiled once."""

    text: str
    function: Callable[[np.ndarray], np.ndarray]

    def __call__(self, batch: np.ndarray) -> np.ndarray:
        return np.asarray(self.function(batch)) != 0


def compile_condition(text: str) -> ExpressionCondition:
    """Compile one dealer expression over the whole deal; ``ScriptError`` gives its line and column.

    ``ScriptError`` is the only exception it raises for any text (the fuzz tests check it).  A
    condition whose simple seat terms no hand can meet (``hcp(north) >= 38``) raises
    ``ContradictionError``: the text is read as a script's condition (dealer lets a script be its bare
    condition) and goes through ``request_from_script`` and ``DealRequest.validate``, the checks the
    command line makes before dealing, so the window refuses at once what the command line refuses
    (exit 3), instead of searching in vain.  Terms each possible but not together (``spades(north) >= 7
    && spades(south) >= 7``) have no one place in the text: that error carries line 0.
    """
    script = compile_script("")
    function = script.compile_expression(text)
    try:
        request_from_script(compile_script(text)).validate()
    except ConstraintError as exc:
        message = f"this condition can never be true: {exc}"
        raise ContradictionError(message, 0, 0, exc.seat or "", exc.field or "") from None
    return ExpressionCondition(text, function)


def refuse_condition_against(request: DealRequest, text: str) -> None:
    """Refuse an advanced condition that no deal meets together with the seat editors' ``request``.

    Each may be possible alone (North ``hcp 20+`` in the editor, ``hcp(north) < 10`` in the condition)
    while the two together are the script the command line refuses at once: so the condition's simple
    seat terms (``request_from_script``, as a script's) are intersected with the editors' seats and the
    whole is checked by ``DealRequest.validate``, the command line's check before dealing.  Raises
    ``ContradictionError`` naming the seat and field, at the condition's term on that seat when there
    is one (line 0 when the clash is across seats); the text is assumed to compile
    (``compile_condition``), so ``ScriptError`` is the only other exception.
    """
    script = compile_script(text)
    with recursion_room():
        from_condition = request_from_script(script)
        terms = script.seat_terms().terms
    seats = []
    for seat, (edited, conditioned) in enumerate(zip(request.seats, from_condition.seats, strict=True)):
        try:
            seats.append(edited.intersect(conditioned))
        except ConstraintError as exc:
            seat_name = SEAT_NAMES[seat]
            line, column = _place_of_term(terms, seat, exc.field)
            message = f"this condition contradicts {seat_name}'s constraints{WHERE}: {exc}"
            raise ContradictionError(message, line, column, "NESW"[seat], exc.field or "") from None
    try:
        DealRequest(tuple(seats), request.ns, request.ew).validate()  # type: ignore[arg-type]
    except ConstraintError as exc:
        message = f"this condition cannot be met with the seats' constraints: {exc}"
        raise ContradictionError(message, 0, 0, exc.seat or "", exc.field or "") from None


def _place_of_term(terms: tuple[SeatTerm, ...], seat: int, field: str | None) -> tuple[int, int]:
    """Line and column of the condition's last term on ``seat`` for ``field`` (any of its terms
    when none names that field; 0, 0 when it has none), for the editor to underline."""
    on_seat = [t for t in terms if t.seat == seat]
    named = [t for t in on_seat if field in (t.kind, SUIT_WORDS[t.suit] if t.suit is not None else None)]
    for term in reversed(named or on_seat):
        placed = [source for source in term.sources if source.line]
        if placed:
            return placed[-1].line, placed[-1].column
    return 0, 0


@dataclass(frozen=True)
class ImportedScript:
    """What the window's editors can show of a dealer script, and the rest as one expression."""

    seat_specs: tuple[str, str, str, str]
    advanced: str
    """The conjuncts that are not simple seat terms, as dealer source ("" when there are none)."""
    produce: int | None
    dealer: str | None
    vulnerable: str | None
    notes: tuple[str, ...]
    """What was left out (actions, generate), for the user to read."""


def import_script(text: str) -> ImportedScript:
    """Map a dealer script onto seat specs plus an advanced condition.

    ``ScriptError`` is the only exception it raises for any text: malformed scripts, terms that
    contradict each other (``ContradictionError``), and a condition the seat editors cannot hold.
    """
    script = compile_script(text)
    try:
        with recursion_room():
            request = request_from_script(script)
            parts = script.seat_terms()
            advanced = unparse_conjunction(parts.residual_exprs) if not parts.residual_is_trivial else ""
    except ScriptError:
        raise
    except BridgeError as exc:  # e.g. seat terms that are each possible but not together
        raise ScriptError(f"the script's condition cannot be met: {exc}") from None
    notes = []
    if script.actions:
        notes.append(f"{len(script.actions)} action(s) are not used by the window; run the script with bridgegui-deal")
    if script.generate is not None:
        notes.append(f"generate {script.generate} is not used: the window deals until it has the boards")
    specs = tuple(seat.to_spec() for seat in request.seats)
    return ImportedScript(specs, advanced, script.produce, script.dealer, script.vulnerable, tuple(notes))  # type: ignore[arg-type]


def _range_terms(expr: str, r: Range | None, scale: int = 1) -> list[str]:
    if r is None:
        return []
    if r.lo is not None and r.lo == r.hi:
        return [f"{expr} == {r.lo * scale}"]
    terms = []
    if r.lo is not None:
        terms.append(f"{expr} >= {r.lo * scale}")
    if r.hi is not None:
        terms.append(f"{expr} <= {r.hi * scale}")
    return terms


def _quick_tricks_halves_expr(seat: str) -> str:
    """Quick tricks as the Old Lady write-up "Tricky Trick-y Algorithm" counts them, in halves, from ``hascard`` (dealer
    has no quick-trick function)."""
    suits = []
    for suit, word in zip("SHDC", SUIT_WORDS, strict=True):
        a, k, q = (f"hascard({seat}, {rank}{suit})" for rank in "AKQ")
        suits.append(
            f"({a} && {k} ? 4 : {a} && {q} ? 3 : {a} ? 2 : {k} && {q} ? 2 : {k} && {word}({seat}) >= 2 ? 1 : 0)"
        )
    return "(" + " + ".join(suits) + ")"


def export_script(
    request: DealRequest,
    *,
    produce: int = 16,
    dealer_seat: str | None = None,
    vulnerable: str | None = None,
    advanced: str = "",
) -> tuple[str, list[str]]:
    """The request in dealer's language, and warnings for parts dealer cannot express.

    Quick tricks become ``hascard`` arithmetic (exact); playing tricks (the play-out of the Old Lady write-up
    "Tricky Trick-y Algorithm") have no dealer equivalent and are left out with a warning and a comment in the script.
    """
    lines = ["# Written by bridgegui", f"produce {produce}"]
    if dealer_seat:
        lines.append(f"dealer {SEAT_WORDS['NESW'.index(dealer_seat[0].upper())]}")
    if vulnerable:
        lines.append(f"vulnerable {vulnerable if vulnerable in ('NS', 'EW') else vulnerable.lower()}")
    warnings = []
    terms: list[str] = []
    for seat, c in enumerate(request.seats):
        word = SEAT_WORDS[seat]
        if c.cards:
            holdings = []
            for suit in range(4):
                held = "".join("AKQJT98765432"[12 - b] for b in range(12, -1, -1) if (c.cards >> (16 * suit + b)) & 1)
                if held:
                    holdings.append("SHDC"[suit] + held)
            lines.append(f"predeal {word} {', '.join(holdings)}")
        terms += _range_terms(f"hcp({word})", c.hcp)
        for suit, r in enumerate(c.lengths):
            terms += _range_terms(f"{SUIT_WORDS[suit]}({word})", r)
        if c.shapes or c.exclude_shapes:
            listed = shape_list(c.allowed_shapes)
            if listed is None:
                warnings.append(f"{word}: shapes with a suit of 10+ cards are written as lengths")
                listed_expr = " || ".join(
                    "(" + " && ".join(f"{SUIT_WORDS[i]}({word}) == {n}" for i, n in enumerate(s)) + ")"
                    for s in sorted(c.allowed_shapes)
                )
                terms.append(f"({listed_expr})")
            else:
                terms.append(f"shape({word}, {listed})")
        terms += _range_terms(_quick_tricks_halves_expr(word), c.quick_tricks)
        terms += _range_terms(f"losers({word})", c.losers)
        terms += _range_terms(f"controls({word})", c.controls)
        if c.playing_tricks is not None:
            warnings.append(
                f"{word}: playing tricks ({c.playing_tricks.text()}) cannot be written in dealer's language"
            )
            lines.append(f"# left out, not expressible in dealer: {word} tricks {c.playing_tricks.text()}")
    for pc, (a, b) in ((request.ns, (0, 2)), (request.ew, (1, 3))):
        pa, pb = SEAT_WORDS[a], SEAT_WORDS[b]
        terms += _range_terms(f"(hcp({pa}) + hcp({pb}))", pc.hcp)
        if pc.fit is not None:
            suits = range(4) if pc.fit.suit is None else [pc.fit.suit]
            options = [f"{SUIT_WORDS[s]}({pa}) + {SUIT_WORDS[s]}({pb}) >= {pc.fit.min_cards}" for s in suits]
            terms.append(options[0] if len(options) == 1 else "(" + " || ".join(options) + ")")
    if advanced.strip():
        terms.append(f"({advanced.strip()})")
    lines.append("condition " + (" && ".join(terms) if terms else "1"))
    lines.append("action printpbn")
    return "\n".join(lines) + "\n", warnings
