"""The installed commands' first code: settle the process before numpy loads, then hand over.

numpy's OpenBLAS starts a thread for every core when numpy is imported; on this 2-core machine that
costs about 0.08 s of cpu per process (measured with ``/usr/bin/time``: ``import numpy`` 0.18-0.21 s
against 0.10-0.13 s with one thread), half of what a whole 10,000-board ``bridgegui-deal`` run
costs (issue 17).  bridgegui does no linear algebra worth a thread (a few small products in the
teaching tables) and splits long runs across cores itself (``bridgegui.engine.parallel``), where
BLAS threads would only compete.  So the commands ask OpenBLAS for one thread, unless the user has
set a count.

This is done here, in the entry points (``bridgegui-deal``, ``bridgegui``, ``python -m bridgegui``
and the frozen launcher), not in the package's ``__init__``: a program that imports bridgegui as a
library keeps its own BLAS threads.
"""

from __future__ import annotations

import os
import sys

BLAS_THREADS = "OPENBLAS_NUM_THREADS"


def single_blas_thread() -> None:
    """Ask OpenBLAS for one thread (before numpy is imported: afterwards it is too late)."""
    if "numpy" not in sys.modules:
        os.environ.setdefault(BLAS_THREADS, "1")


def deal() -> int:
    """``bridgegui-deal``: the command line (``bridgegui.cli.main``)."""
    single_blas_thread()
    from bridgegui.cli import main

    return main()


def window() -> int:
    """``bridgegui``: the desktop window (``bridgegui.__main__.main``)."""
    single_blas_thread()
    from bridgegui.__main__ import main

    return main()
