"""Guard against PySide6 6.12's reference-count bug on Python 3.11: make None, True and False immortal.

The bug.  PySide6/shiboken6 6.12.0 returns ``None`` from every void method (``setText``,
``setMaxThreadCount``, ``QPainter.drawText`` …) and ``True``/``False`` from ``Signal.emit`` without
taking a reference, which is harmless on Python 3.12+, where those singletons are immortal, but on
Python 3.11 each call takes one reference away.  A fresh process holds only a few thousand
references to ``None`` and a few hundred to ``True``, so after a few thousand void calls (a minute of
painting, or a few hundred signals from a worker) the interpreter aborts with "Fatal Python error:
none_dealloc" or "bool_dealloc".  Measured here: 1000 calls of ``QLabel.setText`` take 1000
references from ``None``; 1000 ``emit`` s take 1000 from ``True``.

The guard does what Python 3.12 does (PEP 683): it raises the reference counts of the five static
singletons so high that no run can bring them to zero.  These objects are statically allocated and
never freed, so an inflated count changes nothing else.  It runs once, only on CPython before 3.12,
and checks through ``sys.getrefcount`` that it touched the right field before trusting it.

Remove this module when the project requires a PySide6 without the bug (or Python 3.12+).
"""

from __future__ import annotations

import ctypes
import sys

_HEADROOM = 1 << 40
"""References added to each singleton: a trillion void calls before any trouble."""

_applied = False


def needed() -> bool:
    return sys.implementation.name == "cpython" and sys.version_info < (3, 12)


def apply() -> bool:
    """Make ``None``, ``True``, ``False``, ``Ellipsis`` and ``NotImplemented`` effectively immortal.

    Returns True when the guard is in place (or not needed).  Idempotent.
    """
    global _applied
    if _applied or not needed():
        _applied = True
        return True
    for obj in (None, True, False, Ellipsis, NotImplemented):
        field = ctypes.c_ssize_t.from_address(id(obj))  # ob_refcnt: the first field of every object
        before = sys.getrefcount(obj)
        field.value += _HEADROOM
        # Other code may take or drop a reference meanwhile; a wrong field would show no change at all.
        if abs(sys.getrefcount(obj) - before - _HEADROOM) > 64:  # not the layout we expect: undo
            field.value -= _HEADROOM
            return False
    _applied = True
    return True
