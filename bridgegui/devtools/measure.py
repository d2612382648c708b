"""Measure the window as a user feels it: ``python -m bridgegui.devtools.measure``.

Prints three figures (bench/scenarios.md asks for them):

* **click-to-deal (S1)**: from triggering Deal (North 15-17 balanced) to the diagram having painted
  the new deal; the median and worst of several deals, plus the first deal right after the
  constraints changed (before the live feedback had planned the request).
* **longest event-loop stall** while long searches run: a 10 ms ``QTimer`` records when it fires,
  and the longest gap between two firings is reported, for S4 (West 10+ spades, East 8+ hearts,
  1000 boards) and for a request that needs millions of deals (stopped after a few seconds), along
  with how long Stop took.
* **start-up**: from launching a process to the window's first paint (``python -m bridgegui``'s way:
  the frame paints, then the parts load and the whole window paints), beside a bare PySide6
  ``QMainWindow``'s first paint measured the same way (whole processes, so imports count).

Without a display it runs offscreen.  Settings go to a temporary folder, so nothing of the user's
is read or changed.
"""

from __future__ import annotations

import itertools
import os
import statistics
import subprocess
import sys
import tempfile
import time

_PAINT_CLOCK = r"""
import sys, time
launched = float(sys.argv[1])
from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QApplication


class Clock(QObject):
    def __init__(self, what):
        super().__init__()
        self.what = what
        self.first = None

    def eventFilter(self, watched, event):
        if event.type() == QEvent.Type.Paint and self.first is None:
            self.first = time.time() - launched
            QTimer.singleShot(0, self.painted)
        return False
"""
"""What every start-up child shares: a clock on the window's paint events, from the launch time the
parent passes (``time.time()`` just before it started the process)."""

_BARE_CHILD = (
    _PAINT_CLOCK
    + r"""
from PySide6.QtWidgets import QMainWindow

app = QApplication(sys.argv[:1])
window = QMainWindow()
window.resize(1280, 800)
clock = Clock("bare")
clock.painted = lambda: (print(f"{clock.first:.4f}"), app.quit())
window.installEventFilter(clock)
window.show()
app.exec()
"""
)
"""A bare PySide6 ``QMainWindow``: the floor the window's first paint is compared with."""

_BRIDGEGUI_CHILD = (
    _PAINT_CLOCK
    + r"""
from bridgegui import __main__ as entry

clock = Clock("frame")
clock.painted = lambda: None


def start():
    window = entry.open_window(["bridgegui"])
    window.installEventFilter(clock)

    def built():
        # The parts are built; the next paint of the whole window shows them.
        usable = Clock("usable")
        usable.painted = lambda: (print(f"{clock.first:.4f} {usable.first:.4f}"), window.close(), QApplication.quit())
        window.installEventFilter(usable)
        window.keep = usable
        window.update()

    window.parts_built.connect(built)
    return window


w = start()
QApplication.instance().exec()
"""
)
"""``python -m bridgegui``'s way to the window (``open_window``): the frame's first paint, then the
first paint after the parts are built."""

S1 = {"N": "hcp 15-17, balanced"}
S4 = {"W": "spades 10+", "E": "hearts 8+"}
RARE = {
    "N": "hcp 10, qt 2, ltc 7, controls 4",
    "S": "hcp 10, qt 2, ltc 7, controls 4",
    "E": "hcp 10, qt 2",
}
"""A rare request that is possible (West's 'controls 4' made it provably impossible: 14 controls in a
12-control deck, refused at once, and the Stop figures came out empty)."""


def measure_startup(runs: int = 5) -> tuple[list[float], list[float], list[float]]:
    """Seconds from process launch to: a bare ``QMainWindow``'s first paint, the bridgegui frame's first
    paint, and the bridgegui window's first paint with its parts built.  Whole processes, fresh
    interpreters, the two kinds interleaved so load falls on both alike."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([os.getcwd(), env.get("PYTHONPATH", "")]).rstrip(os.pathsep)
    bare: list[float] = []
    frame: list[float] = []
    usable: list[float] = []
    for _ in range(runs):
        for child, into in ((_BARE_CHILD, (bare,)), (_BRIDGEGUI_CHILD, (frame, usable))):
            out = subprocess.run(
                [sys.executable, "-c", child, repr(time.time())],
                env=env,
                capture_output=True,
                text=True,
                check=True,
                timeout=120,
            )
            for values, figure in zip(into, out.stdout.split(), strict=True):
                values.append(float(figure))
    return bare, frame, usable


def main() -> int:
    if not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY"):
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    os.environ["BRIDGEGUI_CONFIG_DIR"] = tempfile.mkdtemp(prefix="bridgegui-measure-")

    from PySide6.QtCore import QEvent, QEventLoop, QObject, QTimer

    from bridgegui.ui.app import create_application
    from bridgegui.ui.mainwindow.window import MainWindow

    app = create_application([])
    window = MainWindow()
    window.confirm_unsaved_changes = lambda then: then()  # type: ignore[method-assign,assignment]
    window.show()

    def spin(ms: int) -> None:
        loop = QEventLoop()
        QTimer.singleShot(ms, loop.quit)
        loop.exec()

    def wait_for(predicate: object, timeout: float = 30.0) -> bool:
        deadline = time.perf_counter() + timeout
        while not predicate():  # type: ignore[operator]
            if time.perf_counter() > deadline:
                return False
            app.processEvents(QEventLoop.ProcessEventsFlag.AllEvents, 5)
        return True

    class PaintClock(QObject):
        """Remembers when the diagram last painted."""

        last = 0.0

        def eventFilter(self, obj: QObject, event: QEvent) -> bool:
            if event.type() == QEvent.Type.Paint:
                PaintClock.last = time.perf_counter()
            return False

    clock = PaintClock()
    window.diagram.installEventFilter(clock)

    def set_specs(specs: dict[str, str]) -> None:
        for seat, editor in window.seat_editors.items():
            editor.set_spec(specs.get(seat, ""))
        window.feedback.update_now()

    def feedback_ready() -> bool:
        fb = window.feedback.last
        return fb is not None and fb.request == window.current_request()

    spin(300)
    print(f"platform: {app.platformName()}, window {window.width()}x{window.height()}")

    # -- click-to-deal, S1 -------------------------------------------------------------------------
    print("Click-to-deal, S1 (North 15-17 balanced):")
    set_specs(S1)
    start = time.perf_counter()
    before = window.diagram.deal()
    window.action("actionDeal").trigger()
    wait_for(lambda: window.diagram.deal() is not before and PaintClock.last > start)
    cold = PaintClock.last - start
    print(f"  first deal after editing (plans the request too): {cold * 1000:.1f} ms")
    wait_for(feedback_ready)
    times = []
    for _ in range(30):
        spin(20)
        before = window.diagram.deal()
        start = time.perf_counter()
        window.action("actionDeal").trigger()
        wait_for(lambda b=before, t=start: window.diagram.deal() is not b and PaintClock.last > t)
        times.append(PaintClock.last - start)
    print(
        f"  deal on screen: median {statistics.median(times) * 1000:.1f} ms, "
        f"worst {max(times) * 1000:.1f} ms over {len(times)} deals"
    )

    # -- event-loop stalls -------------------------------------------------------------------------
    ticks: list[float] = []
    timer = QTimer()
    timer.setInterval(10)
    timer.timeout.connect(lambda: ticks.append(time.perf_counter()))

    def longest_gap() -> float:
        return max((b - a for a, b in itertools.pairwise(ticks)), default=0.0)

    print("Event loop while dealing (10 ms timer):")
    set_specs(S4)
    wait_for(feedback_ready)
    ticks.clear()
    timer.start()
    start = time.perf_counter()
    window.deal_set(1000)
    wait_for(lambda: not window.is_dealing(), timeout=120)
    elapsed = time.perf_counter() - start
    spin(50)
    timer.stop()
    print(
        f"  S4, 1000 boards: dealt {len(window.boards())} in {elapsed:.2f} s; longest gap {longest_gap() * 1000:.1f} ms"
    )

    set_specs(RARE)
    wait_for(feedback_ready)
    ticks.clear()
    timer.start()
    window.deal_set(10)
    spin(4000)
    stats = window.stats_label.text()
    finished: list[float] = []
    window.service.finished.connect(lambda *_: finished.append(time.perf_counter()))
    start = time.perf_counter()
    window.action("actionStop").trigger()
    ui_idle = time.perf_counter() - start
    wait_for(lambda: bool(finished), timeout=10)
    spin(50)
    timer.stop()
    print(f"  rare request, 4 s of search ({stats}): longest gap {longest_gap() * 1000:.1f} ms")
    if finished:
        thread_done = finished[0] - start
        print(f"  Stop: window idle after {ui_idle * 1000:.1f} ms, worker finished after {thread_done * 1000:.1f} ms")
    else:
        print(f"  Stop: window idle after {ui_idle * 1000:.1f} ms; the search had already ended")

    # -- bidding practice: a call and its verdict on the GUI thread -------------------------------------
    print("Bidding practice (Standard, student at South): a call, the verdict and the system's next calls:")
    window.set_seed_mode("fixed")
    window.set_seed(7)
    window.clear_constraints()
    window.deal_set(40, confirm=False)
    wait_for(lambda: not window.is_dealing() and len(window.boards()) == 40, timeout=30)
    window.set_practice_seats("S")
    window.bidding.set_system("standard")
    from bridgegui.engine.bidding import load_system

    system = load_system("standard")
    times = []
    for row in range(40):
        window.go_to_row(row)
        spin(100)  # the board is on screen (laid out and painted) before the student's first call
        practice = window.bidding.board
        while practice is not None and not practice.is_complete and practice.student_to_call:
            call = system.call_for(practice.deal, practice.auction, practice.vulnerable).call
            start = time.perf_counter()
            window.bidding.student_call(call)
            app.processEvents()
            times.append(time.perf_counter() - start)
        # The student reads the result before the next board: its double-dummy table (worked out in
        # the background once the hands are revealed) is done by then.
        wait_for(lambda: not window.dd_panel.is_busy(), timeout=30)
    times.sort()
    if times:
        p95 = times[min(len(times) - 1, int(len(times) * 0.95))]
        print(
            f"call-to-verdict p50 {statistics.median(times) * 1000:.0f} ms, p95 {p95 * 1000:.0f} ms, "
            f"max {times[-1] * 1000:.0f} ms ({len(times)} calls)"
        )

    window.board_model.mark_saved()
    window.close()

    # -- start-up --------------------------------------------------------------------------------
    print("Start-up, from process launch to a paint (whole processes, fresh interpreters, interleaved; medians):")
    bare, frame, usable = measure_startup()
    floor = statistics.median(bare)
    print(f"  bare PySide6 QMainWindow, first paint: {floor * 1000:.0f} ms")
    print(
        f"  bridgegui window, first paint: {statistics.median(frame) * 1000:.0f} ms "
        f"({statistics.median(frame) / floor:.1f}× the bare window)"
    )
    print(
        f"  bridgegui window with its parts built, painted: {statistics.median(usable) * 1000:.0f} ms "
        f"({statistics.median(usable) / floor:.1f}×)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
