"""The installed commands' first code: settle the process before numpy loads, then hand over.

numpy's OpenBLAS starts a thread for every core when numpy is imported; on this 2-core machine that
costs about 0.08 s of cpu per process (measured with ``/usr/bin/time``: ``import numpy`` 0.18-0.21 s
against 0.10-0.13 s with one thread), half of what a whole 10,000-board ``bridgegui-deal`` run
costs.  bridgegui does no linear algebra worth a thread (a few small products in the
teaching tables) and splits long runs across cores itself (``bridgegui.engine.parallel``), where
BLAS threads would only compete.  So the commands ask OpenBLAS for one thread, unless the user has
set a count.

This is done here, in the entry points (``bridgegui-deal``, ``bridgegui``, ``python -m bridgegui``
and the frozen launcher), not in the package's ``__init__``: a program that imports bridgegui as a
library keeps its own BLAS threads.

``bridgegui-deal`` also spares the interpreter work no user needs (measured over 40 interleaved whole
runs of S1, 10,000 boards: about 0.04 s cpu of 0.22).  The cyclic garbage collector is off while the
modules load (they make no garbage worth a collection, only many objects to scan) and the loaded
modules are then frozen out of later collections (``gc.freeze``).  And once the command has finished
(its files written and closed, its worker pools joined), the process ends with ``os._exit`` after
flushing standard output and error, instead of tearing down numpy and every module object by object,
as mypy's command does for the same reason.
"""

from __future__ import annotations

import gc
import os
import sys

BLAS_THREADS = "OPENBLAS_NUM_THREADS"


def single_blas_thread() -> None:
    """Ask OpenBLAS for one thread (before numpy is imported: afterwards it is too late)."""
    if "numpy" not in sys.modules:
        os.environ.setdefault(BLAS_THREADS, "1")


def deal() -> int:
    """``bridgegui-deal``: the command line (``bridgegui.cli.main``).  Ends the process (module docstring)."""
    single_blas_thread()
    stop_on_termination()
    gc.disable()
    from bridgegui.cli.deal import main

    gc.freeze()
    gc.enable()
    status = main()
    hard_exit(status)
    return status  # not reached


def system() -> int:
    """``bridgegui-system``: check, show and print bidding systems (``bridgegui.cli.system.main``)."""
    single_blas_thread()
    stop_on_termination()
    from bridgegui.cli.system import main

    status = main()
    hard_exit(status)
    return status  # not reached


_STOP_SIGNAL: list[int] = []
"""The stop signal received, once its handler has run (``raise_if_stopped``)."""


def stop_on_termination() -> None:
    """Treat SIGTERM (``kill``, ``timeout``) and SIGHUP (the terminal closed) as a request to stop, as
    Ctrl+C is: ``SystemExit(128 + signal)`` unwinds the run, so a file being written is removed (the
    old one kept), worker processes are shut down, and the exit status is the shell's for that signal.
    Python's default for them ends the process on the spot and left a temporary file behind.

    Each handler (Ctrl+C's too, while it is Python's own) also records the signal, because the
    exception it raises can be lost: a signal that lands while a module is being imported raises
    inside the import machinery or an extension module's start-up, which may drop it ("Exception
    ignored in ... _get_module_lock", or nothing at all inside numpy's random module), and the run
    went on to its end.  ``raise_if_stopped``, asked between chunks, raises it again."""
    import signal

    def stop(signum: int, _frame: object) -> None:
        _STOP_SIGNAL[:] = [signum]
        raise SystemExit(128 + signum)

    def interrupt(signum: int, _frame: object) -> None:
        _STOP_SIGNAL[:] = [signum]
        raise KeyboardInterrupt

    for name in ("SIGTERM", "SIGHUP"):
        number = getattr(signal, name, None)
        if number is not None and signal.getsignal(number) is signal.SIG_DFL:  # ``nohup`` keeps SIGHUP ignored
            signal.signal(number, stop)
    if signal.getsignal(signal.SIGINT) is signal.default_int_handler:
        signal.signal(signal.SIGINT, interrupt)


def raise_if_stopped() -> None:
    """Raise the stop a handler of ``stop_on_termination`` raised before, in case it was lost: a long
    run asks this between chunks, so a stop request ends it however it landed."""
    if _STOP_SIGNAL:
        import signal

        if _STOP_SIGNAL[0] == signal.SIGINT:
            raise KeyboardInterrupt
        raise SystemExit(128 + _STOP_SIGNAL[0])


def hard_exit(status: int) -> None:
    """End the process with ``status`` once standard output and error are flushed, skipping the
    interpreter's teardown.  Only for the end of a command whose own files are closed."""
    for stream in (sys.stdout, sys.stderr):
        try:
            if stream is not None:
                stream.flush()
        except (OSError, ValueError):  # a closed pipe or stream: cli has reported what it could
            pass
    os._exit(status)


def window() -> int:
    """``bridgegui``: the desktop window (``bridgegui.__main__.main``)."""
    single_blas_thread()
    from bridgegui.__main__ import main

    return main()
