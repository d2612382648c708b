"""Unpickling a compiled system's parts with the cyclic garbage collector paused.

Unpickling a cache entry makes tens of thousands of objects, none of them garbage, and the collector
would walk them again and again while they are made: a third to a half of the unpickling time (the
entry, a block's rules, the batch file).  Each place that unpickles them pauses it the same way.
"""

from __future__ import annotations

import contextlib
import gc
from collections.abc import Iterator


@contextlib.contextmanager
def collector_paused() -> Iterator[None]:
    """The cyclic collector off for the ``with`` body, and back on after it if it was on before (a
    caller that had turned it off keeps it off)."""
    collecting = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if collecting:
            gc.enable()


__all__ = ["collector_paused"]
