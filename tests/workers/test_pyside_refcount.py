"""The guard against PySide6 6.12's lost references to None/True/False on Python 3.11."""

from __future__ import annotations

import sys

import pytest
from PySide6.QtCore import QObject, Signal

from bridgegui.workers import pyside_refcount


class _Emitter(QObject):
    fired = Signal(int)


@pytest.mark.skipif(not pyside_refcount.needed(), reason="None and True are immortal on Python 3.12+")
def test_the_singletons_have_room_for_any_number_of_lost_references() -> None:
    assert pyside_refcount.apply()
    for obj in (None, True, False):
        assert sys.getrefcount(obj) > 1 << 39


def test_many_void_calls_and_emits_do_not_crash(qapp: object) -> None:
    emitter = _Emitter()
    seen: list[int] = []
    emitter.fired.connect(seen.append)
    for i in range(20_000):  # several times the references a fresh process holds to True
        emitter.fired.emit(i)
        emitter.setObjectName("x")  # a void call
    assert len(seen) == 20_000
