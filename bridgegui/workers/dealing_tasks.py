"""The dealing and the feedback tasks: generator functions that the one job runner (``job_runner``) runs.

Why this shape (house style, after superqt's generator workers and redeal's stop flag):

* The engine's ``deal_stream`` is a generator that yields a batch at a time (a few ms to ~50 ms of
  work each) and checks a ``threading.Event`` between batches.  The dealing task iterates it, so Stop
  takes effect within one batch; a queued slot would never run in a busy worker.
* The window runs them on ``JobRunner`` s (one class, each instance with its private one-thread pool):
  the window's jobs on one, the live feedback under the editors (exact per-seat counts and the pilot
  estimate) on another, so feedback keeps working while a long search runs.
* Every job has an id, and the runner drops the results of any job that is no longer current, so a
  slow old job can never overwrite what a newer one showed.  Arrays are handed over read-only, so no
  thread can change what another is drawing.
* Deals are gathered and yielded about every 100 ms (and at once for the first ones), not per batch:
  the GUI thread then does one model update per tick however fast the engine is.

No Qt here at all: a task is plain Python, and the runner delivers what it yields.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Generator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import numpy as np

from bridgegui.engine.dealer.constraints import DealRequest
from bridgegui.engine.dealer.planner import DealPlan, Estimate, deal_stream, estimate, plan_request
from bridgegui.engine.errors import BridgeError, ConstraintError, ImpossibleError, Problem
from bridgegui.workers.job_runner import JobFailure, Task

if TYPE_CHECKING:
    from bridgegui.engine.bidding import System

EMIT_INTERVAL = 0.1
"""Seconds between deliveries of deals and progress to the GUI thread."""


@dataclass(frozen=True, slots=True)
class DealProgress:
    """How a dealing job is going: totals since it started."""

    tried: int
    matched: int
    wanted: int | None
    elapsed: float

    @property
    def rate(self) -> float:
        """Deals tried per second."""
        return self.tried / self.elapsed if self.elapsed > 0 else 0.0


@dataclass(frozen=True)
class Feedback:
    """What the editors show about a request: exact per-seat frequencies and the whole-request estimate.

    ``plan`` is the engine's plan for the request, handed back so that dealing the same request can
    skip planning (the click-to-deal time then is the dealing alone).  ``problems`` (the engine's
    ``Problem`` records: seat, field, message) is empty when the request can be dealt; when it is
    not, ``blocking`` is True and Deal must be disabled.  A bug while computing feedback is reported
    as one problem of no seat with ``blocking`` False (it says nothing about the request).
    """

    request: DealRequest
    plan: DealPlan | None = None
    seat_probabilities: tuple[float | None, float | None, float | None, float | None] = (None, None, None, None)
    estimate: Estimate | None = None
    problems: tuple[Problem, ...] = ()
    elapsed: float = 0.0
    blocking: bool = field(default=False)


def compute_feedback(request: DealRequest) -> Feedback:
    """Plan ``request`` and estimate its frequency (about 10-300 ms: run it in a worker)."""
    start = time.perf_counter()
    problems = tuple(request.problems())
    if problems:
        return Feedback(request, problems=problems, elapsed=time.perf_counter() - start, blocking=True)
    try:
        plan = plan_request(request)
    except (ConstraintError, ImpossibleError) as exc:  # both carry their seat and field
        return Feedback(request, problems=(exc.problem,), elapsed=time.perf_counter() - start, blocking=True)
    except BridgeError as exc:
        problem = Problem("", None, str(exc))
        return Feedback(request, problems=(problem,), elapsed=time.perf_counter() - start, blocking=True)
    result = estimate(plan)
    probabilities = tuple(None if r is None else r.probability for r in plan.seats)
    return Feedback(
        request,
        plan=plan,
        seat_probabilities=probabilities,  # type: ignore[arg-type]
        estimate=result,
        elapsed=time.perf_counter() - start,
    )


def deal_task(request: DealRequest, plan: DealPlan | None, count: int, *, seed: int, skip: int = 0) -> Task:
    """The dealing job: ``count`` deals fitting ``request`` from ``seed``, after ``skip`` discarded ones.

    The task yields read-only ``(k, 4)`` uint64 batches of deals and a ``DealProgress`` about every
    ``EMIT_INTERVAL`` (the first deals at once), and a last batch and progress at the end.  When no
    ``plan`` is given it plans first, in the worker (never on the GUI thread), with a cancel checkpoint
    (a ``None``) before and after.
    """

    def work(cancel: threading.Event) -> Generator[np.ndarray | DealProgress | None, None, None]:
        # Planning (up to about 260 ms for four heavily constrained seats) happens here, on the worker
        # thread, between two checkpoints: a Stop pressed while it plans ends the job before any deal.
        yield None
        plan_ = plan if plan is not None else plan_request(request)
        yield None
        pending: list[np.ndarray] = []
        skipped = 0
        last_emit = 0.0
        delivered = 0
        progress: DealProgress | None = None
        gave_up: ImpossibleError | None = None
        try:
            for step in deal_stream(plan_, count + skip, seed=seed, cancel=cancel):
                rows = step.deals
                if skipped < skip and rows.shape[0]:
                    drop = min(skip - skipped, rows.shape[0])
                    skipped += drop
                    rows = rows[drop:]
                if rows.shape[0]:
                    pending.append(rows)
                progress = DealProgress(step.tried, max(step.matched - skip, 0), count, step.elapsed)
                now = time.perf_counter()
                if (delivered == 0 and pending) or now - last_emit >= EMIT_INTERVAL:
                    if pending:
                        batch = _read_only_batch(pending)
                        delivered += batch.shape[0]
                        yield batch
                    yield progress
                    last_emit = now
        except ImpossibleError as exc:
            # A search that gives up still sends the boards found since the last update and the last
            # step's figures before its message: the status bar's "N deals tried" is then the message's N
            # (it showed the update of up to 100 ms before: 49,753,497 against 50,007,449).
            gave_up = exc
        if pending:
            yield _read_only_batch(pending)
        if progress is not None:
            yield progress
        if gave_up is not None:
            raise gave_up

    return work


def auction_deal_task(
    system: System,
    calls: str,
    *,
    first_board: int,
    count: int,
    seed: int,
    dealer: str | None,
    only_last: bool = False,
) -> Task:
    """The dealing job for an auction: the engine's ``plan_boards_for_auction`` and
    ``deal_boards_for_auction``, as ``bridgegui-deal --auction`` calls them, in the worker.

    The boards come back numbered in board order and turned to their dealers, in one read-only batch
    (sets for an auction are a few dozen boards), then one ``DealProgress``.  ``only_last``: just the
    set's last board, as the whole set would deal it (Deal of board ``b`` from a fixed seed).
    """

    def work(cancel: threading.Event) -> Generator[np.ndarray | DealProgress | None, None, None]:
        # the bidding engine loads with the first auction dealt, not with the window
        from bridgegui.engine.bidding.auction_dealing import deal_boards_for_auction, plan_boards_for_auction

        yield None
        started = time.perf_counter()
        plan = plan_boards_for_auction(system, calls, first_board=first_board, count=count, seed=seed, dealer=dealer)
        yield None
        tried: list[int] = []
        rows = deal_boards_for_auction(plan, only_last=only_last, cancel=cancel, tried=tried)
        if rows.shape[0]:
            rows.flags.writeable = False
            yield rows
        wanted = 1 if only_last else count
        yield DealProgress(max(sum(tried), rows.shape[0]), rows.shape[0], wanted, time.perf_counter() - started)

    return work


def _read_only_batch(pending: list[np.ndarray]) -> np.ndarray:
    """One fresh read-only array of the pending deals (and the list emptied)."""
    batch = np.concatenate(pending) if len(pending) > 1 else pending[0].copy()
    batch.flags.writeable = False
    pending.clear()
    return batch


def feedback_task(request: DealRequest) -> Task:
    """The feedback job: ``compute_feedback(request)``, one step (it cannot stop halfway)."""

    def work(cancel: threading.Event) -> Generator[None, None, Feedback]:
        yield None  # a checkpoint: a request superseded while queued stops here
        return compute_feedback(request)

    return work


def feedback_of_failure(request: DealRequest, failure: JobFailure) -> Feedback:
    """The feedback to show when computing it failed: bad input is a blocking problem of the request;
    a bug says nothing about the request (it is logged), so it does not block Deal."""
    problem = failure.problem or Problem("", None, failure.message)
    return Feedback(request, problems=(problem,), blocking=not failure.internal)


__all__ = [
    "EMIT_INTERVAL",
    "DealProgress",
    "Feedback",
    "auction_deal_task",
    "compute_feedback",
    "deal_task",
    "feedback_of_failure",
    "feedback_task",
]
