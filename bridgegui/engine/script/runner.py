"""Dealer's main loop over batches: deal, filter, act, report; a reference driver for the CLI and tests.

Deals are drawn uniformly around the predealt cards (``dealing.fill_deals``) in batches; the
condition keeps some; the actions see the kept ones in order, numbered from 1.  As in dealer the run
stops when ``max_produce`` deals are kept or ``max_generate`` are dealt, whichever comes first, and
"generated" counts the deals dealt up to the last one kept (so the statistics lines mean what
dealer's mean, although the deals differ: the random streams are not dealer's).

The seed drives two independent streams (numpy ``SeedSequence.spawn``): one deals, one feeds
``rnd()``, so adding ``rnd()`` to a script does not change which deals it sees.
"""

from __future__ import annotations

import datetime as _dt
import threading
import time
from dataclasses import dataclass
from typing import TextIO

import numpy as np

from bridgegui.engine.dealing import fill_deals, new_seed
from bridgegui.engine.script.script import Script

FIRST_BATCH = 4096
MAX_BATCH = 1 << 18


@dataclass(frozen=True)
class RunResult:
    generated: int
    produced: int
    elapsed: float
    seed: int
    cancelled: bool = False


def predeal_base(script: Script, rows: int) -> np.ndarray:
    """An ``(rows, 4)`` batch holding only the predealt cards."""
    base = np.zeros((rows, 4), dtype=np.uint64)
    for seat, mask in script.predeal.items():
        base[:, seat] = np.uint64(mask)
    return base


def run_script(
    script: Script,
    out: TextIO,
    *,
    seed: int | None = None,
    generate: int | None = None,
    produce: int | None = None,
    verbose: bool = True,
    date: _dt.date | None = None,
    cancel: threading.Event | None = None,
) -> RunResult:
    """Run ``script`` as dealer would (``-s seed -g generate -p produce``), writing its output to ``out``.

    ``generate``/``produce`` override the script's own values (as dealer's ``-g``/``-p`` do).
    ``cancel`` is checked between batches; a cancelled run still prints its report.
    """
    seed = new_seed() if seed is None else seed
    deal_seq, rnd_seq = np.random.SeedSequence(seed).spawn(2)
    deal_rng = np.random.Generator(np.random.PCG64(deal_seq))
    script.rng = np.random.Generator(np.random.PCG64(rnd_seq))
    script.reset()
    max_generate = generate if generate is not None else script.max_generate
    max_produce = produce if produce is not None else script.max_produce
    start = time.perf_counter()
    generated = produced = 0
    size = FIRST_BATCH
    base = predeal_base(script, MAX_BATCH)
    cancelled = False
    while generated < max_generate and produced < max_produce:
        if cancel is not None and cancel.is_set():
            cancelled = True
            break
        n = min(size, max_generate - generated)
        batch = fill_deals(deal_rng, base[:n])
        kept = np.flatnonzero(script.condition(batch))
        need = max_produce - produced
        if kept.size >= need:
            kept = kept[:need]
            generated += int(kept[-1]) + 1 if need else 0
        else:
            generated += n
        if kept.size:
            script.run_actions(batch[kept], out, produced, seed=seed, date=date)
            produced += int(kept.size)
        size = min(size * 2, MAX_BATCH)
    elapsed = time.perf_counter() - start
    script.finish(out, generated, produced, elapsed, seed=seed, verbose=verbose)
    return RunResult(generated, produced, elapsed, seed, cancelled)
