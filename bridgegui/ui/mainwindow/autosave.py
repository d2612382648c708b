"""Crash recovery: an unsaved board set is copied to the data folder every minute, and offered back after a crash.

A teacher who deals a lesson's 24 boards and loses them to a power cut or a crash gets them back: while
the set has unsaved boards, ``Autosave`` writes it (PBN, through the one atomic write of ``pbn.save``)
to ``<data folder>/autosave/session-<pid>-<random>.pbn`` every ``INTERVAL_MS``, with a small JSON
record of when and from which file.  A normal close removes both.

Every running window has its *own* copy, and holds an exclusive lock on its ``.lock`` file for as
long as it runs (``SessionLock``: ``fcntl.flock`` on POSIX, ``msvcrt.locking`` on Windows; the
operating system releases it when the process ends, however it ends).  So at start-up a copy whose
lock can be taken belongs to a session that did not close normally, and a copy whose lock is held
belongs to a live window: it is never offered, never removed.  Each crashed copy is offered in turn
(oldest first) through ``ask_restore`` (which tests answer); the one restored becomes this window's
set, the others stay on disk to be offered at the next start, and declined ones are removed.  The
single ``recovered.pbn`` older versions wrote is offered as a crashed copy too.  A recovery file that
cannot be read is set aside, never a reason not to start.
"""

from __future__ import annotations

import contextlib
import datetime
import json
import logging
import os
import re
import sys
import typing
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QObject, Qt, QTimer, Slot
from PySide6.QtWidgets import QMessageBox, QWidget

from bridgegui.engine.boards import Board
from bridgegui.files import atomic_write, write_failure_reason
from bridgegui.formats import pbn
from bridgegui.settings import data_dir

if typing.TYPE_CHECKING:
    from bridgegui.ui.mainwindow.document import BoardSetDocument
    from bridgegui.ui.mainwindow.session import Messages, Session

log = logging.getLogger(__name__)

INTERVAL_MS = 60_000
"""How often an unsaved set is copied: at most a minute of dealing is lost."""

_COPY_NAME = re.compile(r"(session-\d+-[0-9a-f]+|recovered)\.pbn")
"""A recovery copy: this version's per-session name, or the one shared name older versions wrote."""


def autosave_dir() -> Path:
    return data_dir() / "autosave"


class SessionLock:
    """An exclusive lock on one file, held until ``release`` or until the process ends, however it ends.

    The operating system drops the lock of a process that died (``flock`` on POSIX, ``msvcrt.locking``
    on Windows), so "the lock can be taken" means "nobody alive holds it": no process ids to check,
    none reused by a later program.
    """

    def __init__(self, path: Path, fd: int) -> None:
        self.path = path
        self._fd: int | None = fd

    @classmethod
    def acquire(cls, path: Path) -> SessionLock | None:
        """The lock on ``path`` (created if absent), or None when another living process holds it."""
        for _ in range(10):
            fd = os.open(path, os.O_RDWR | os.O_CREAT | getattr(os, "O_CLOEXEC", 0), 0o644)
            if not _try_lock(fd):
                os.close(fd)
                return None
            # Another process may have removed the file between our open and our lock (it was
            # releasing its own): then we hold a lock on a name-less file; open the path again.
            try:
                same = os.path.samestat(os.fstat(fd), os.stat(path))
            except FileNotFoundError:
                same = False
            if same:
                return cls(path, fd)
            os.close(fd)
        return None

    def release(self, *, remove: bool) -> None:
        """Let the lock go; ``remove`` deletes the file first (while it is still held, so no one else
        is left locking a file that is then removed under them)."""
        if self._fd is None:
            return
        if remove:
            with contextlib.suppress(OSError):
                self.path.unlink()
        os.close(self._fd)  # closing the descriptor drops the lock
        self._fd = None


def _try_lock(fd: int) -> bool:
    if sys.platform == "win32":  # pragma: no cover - Windows (mypy reads the platform check)
        import msvcrt

        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True
    import fcntl

    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:  # BlockingIOError: a living process holds it
        return False
    return True


class Recovered(typing.NamedTuple):
    """What a crashed session left: its boards, when they were saved, and the file they came from."""

    boards: list[Board]
    saved_at: str
    original: str | None


class _Claimed(typing.NamedTuple):
    """A crashed session's copy, locked by this window while it is offered (no other window offers it)."""

    boards_path: Path
    record_path: Path
    lock: SessionLock
    found: Recovered


class Autosave(QObject):
    """Copies the window's unsaved set every minute to its own file; finds, offers and removes what crashes left."""

    def __init__(
        self,
        document: BoardSetDocument,
        session: Session,
        messages: Messages,
        ask_restore: Callable[[int, str, str | None, Callable[[bool], None]], None],
        parent: QObject | None = None,
        folder: Path | None = None,
    ) -> None:
        """``ask_restore(count, saved_at, original, then)`` asks whether to restore a crashed session's
        boards and calls ``then(answer)`` (the window's ``ask_restore``, which tests answer)."""
        super().__init__(parent)
        self.document = document
        self.window_session = session
        self.messages = messages
        self.ask_restore = ask_restore
        self.folder = folder if folder is not None else autosave_dir()
        self.session = f"session-{os.getpid()}-{os.urandom(4).hex()}"
        """This window's name for its copy: the process id helps a person reading the folder, the
        random part keeps two windows of one process (and a reused process id) apart."""
        self._lock: SessionLock | None = None
        self._claimed: list[_Claimed] = []
        self.timer = QTimer(self)
        self.timer.setInterval(INTERVAL_MS)
        self.timer.timeout.connect(self.save_now)

    @property
    def boards_path(self) -> Path:
        return self.folder / f"{self.session}.pbn"

    @property
    def record_path(self) -> Path:
        return self.folder / f"{self.session}.json"

    @property
    def lock_path(self) -> Path:
        return self.folder / f"{self.session}.lock"

    def start(self) -> None:
        self.timer.start()

    def _hold_lock(self) -> bool:
        """Lock this session's file before its first copy, so no copy of a live window is ever unlocked."""
        if self._lock is None:
            self.folder.mkdir(parents=True, exist_ok=True)
            self._lock = SessionLock.acquire(self.lock_path)
            if self._lock is None:
                raise OSError(f"{self.lock_path} is locked by another process")
        return True

    @Slot()
    def save_now(self) -> bool:
        """Copy the set if it has unsaved boards (else remove an older copy); True when a copy was written."""
        document = self.document
        if not document.is_modified() or not document.boards():
            self.discard()
            return False
        try:
            self._hold_lock()
            pbn.save(self.boards_path, document.boards())
            record = {
                "saved_at": datetime.datetime.now().isoformat(timespec="seconds"),
                "original": str(document.path) if document.path is not None else None,
            }
            atomic_write(self.record_path, json.dumps(record))
        except OSError as exc:  # a full disk must not interrupt a lesson: say it once in the status line
            self.messages.status(
                self.tr("Could not keep a recovery copy of the boards: {e}").format(e=write_failure_reason(exc)), 10_000
            )
            return False
        return True

    def discard(self) -> None:
        """Remove this window's recovery copy (the set was saved); never another window's."""
        for path in (self.boards_path, self.record_path):
            with contextlib.suppress(FileNotFoundError):
                path.unlink()

    def close(self) -> None:
        """The window closes normally: remove its copy, give up its lock and any copy it was offering."""
        self.timer.stop()
        self.discard()
        if self._lock is not None:
            self._lock.release(remove=True)
            self._lock = None
        for claimed in self._claimed:  # not answered: offered again at the next start
            claimed.lock.release(remove=False)
        self._claimed = []

    def find_all(self) -> list[_Claimed]:
        """Every copy left by a session that did not close normally, oldest first, each locked by this window.

        A copy whose lock a living window holds is skipped.  A copy that cannot be read is renamed
        ``.corrupt`` (its bytes kept) and not offered.
        """
        try:
            candidates = [p for p in self.folder.iterdir() if _COPY_NAME.fullmatch(p.name) and p != self.boards_path]
        except OSError:  # no folder yet: nothing crashed
            return []
        found: list[tuple[float, _Claimed]] = []
        for boards_path in candidates:
            try:
                lock = SessionLock.acquire(boards_path.with_suffix(".lock"))
            except OSError as exc:
                log.warning("cannot lock %s: %s", boards_path, exc)
                continue
            if lock is None:
                continue  # a living window's copy: not ours to offer or remove
            claimed = self._read(boards_path, lock)
            if claimed is None:
                lock.release(remove=True)
                continue
            with contextlib.suppress(OSError):
                found.append((boards_path.stat().st_mtime, claimed))
        found.sort(key=lambda item: (item[0], item[1].boards_path.name))
        return [claimed for _, claimed in found]

    def find(self) -> Recovered | None:
        """The oldest copy a crashed session left, or None (the lock taken for it is given back)."""
        all_found = self.find_all()
        for claimed in all_found:
            claimed.lock.release(remove=False)
        return all_found[0].found if all_found else None

    def _read(self, boards_path: Path, lock: SessionLock) -> _Claimed | None:
        record_path = boards_path.with_suffix(".json")
        try:
            boards = pbn.load(boards_path)
        except FileNotFoundError:  # removed by its window as it closed: nothing crashed
            return None
        except (pbn.PbnError, OSError, ValueError) as exc:
            log.warning("the recovery copy %s cannot be read: %s", boards_path, exc)
            with contextlib.suppress(OSError):
                boards_path.replace(boards_path.with_suffix(".pbn.corrupt"))
            return None
        if not boards:
            return None
        saved_at, original = "", None
        with contextlib.suppress(OSError, ValueError, TypeError, AttributeError):
            record = json.loads(record_path.read_text(encoding="utf-8"))
            saved_at = str(record.get("saved_at") or "")
            original = record.get("original") if isinstance(record.get("original"), str) else None
        return _Claimed(boards_path, record_path, lock, Recovered(boards, saved_at, original))

    def offer(self) -> bool:
        """At start-up: offer each crashed session's boards in turn (the answers come later, through
        ``ask_restore``'s callback); True when there was something to offer."""
        self._claimed = self.find_all()
        if not self._claimed:
            return False
        self._ask_next()
        return True

    def _ask_next(self) -> None:
        if not self._claimed or self.window_session.closed:
            return
        claimed = self._claimed[0]
        found = claimed.found

        def answered(restore: bool) -> None:
            if not self._claimed or self._claimed[0] is not claimed:
                return  # the window closed meanwhile: the copy stays for the next start
            self._claimed.pop(0)
            if not restore:
                self._remove(claimed)
                self._ask_next()
                return
            self.document.replace_set(found.boards, "", self.tr("Recover Boards"))
            saved = self.save_now()  # in this window's own copy before the crashed one is removed
            if saved:
                self._remove(claimed)
            else:
                claimed.lock.release(remove=False)
            waiting = len(self._claimed)
            for rest in self._claimed:  # kept for the next start: one set at a time in a window
                rest.lock.release(remove=False)
            self._claimed = []
            message = self.tr("Restored {n} unsaved boards from {when}.").format(
                n=len(found.boards), when=found.saved_at
            )
            if waiting:
                message += " " + self.tr("{k} more unsaved sets will be offered at the next start.").format(k=waiting)
            self.messages.status(message, 15_000)

        self.ask_restore(len(found.boards), found.saved_at, found.original, answered)

    @staticmethod
    def _remove(claimed: _Claimed) -> None:
        for path in (claimed.boards_path, claimed.record_path):
            with contextlib.suppress(FileNotFoundError):
                path.unlink()
        claimed.lock.release(remove=True)


def ask_restore_dialog(
    window: QWidget, count: int, saved_at: str, original: str | None, then: Callable[[bool], None]
) -> None:
    """The window's question (``restoreDialog``), opened without a nested event loop; ``then(yes)``."""
    tr = window.tr
    where = tr(" (from {file})").format(file=Path(original).name) if original else ""
    box = QMessageBox(
        QMessageBox.Icon.Question,
        tr("Restore Unsaved Boards"),
        tr("Bridge Dealer did not close normally. Restore the {n} unsaved boards{where} kept at {when}?").format(
            n=count, where=where, when=saved_at or tr("an unknown time")
        ),
        QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
        window,
    )
    box.setObjectName("restoreDialog")
    box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    box.finished.connect(lambda _r: then(box.standardButton(box.clickedButton()) == QMessageBox.StandardButton.Yes))
    box.open()


__all__ = ["INTERVAL_MS", "Autosave", "Recovered", "SessionLock", "ask_restore_dialog", "autosave_dir"]
