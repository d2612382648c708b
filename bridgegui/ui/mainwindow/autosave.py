"""Crash recovery: an unsaved board set is copied to the data folder every minute, and offered back after a crash.

A teacher who deals a lesson's 24 boards and loses them to a power cut or a crash gets them back: while
the set has unsaved boards, ``Autosave`` writes it (PBN, through the one atomic write of ``pbn.save``)
to ``<data folder>/autosave/recovered.pbn`` every ``INTERVAL_MS``, with a small JSON record of when and
from which file.  A normal close removes both, so they exist at start-up only after the program did
not close normally; the window then asks (``ask_restore``, which tests answer) whether to bring the
boards back as an unsaved set.  A recovery file that cannot be read is set aside, never a reason not
to start.
"""

from __future__ import annotations

import contextlib
import datetime
import json
import logging
import typing
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QObject, Qt, QTimer, Slot
from PySide6.QtWidgets import QMessageBox, QWidget

from bridgegui.engine.boards import Board
from bridgegui.files import atomic_write
from bridgegui.formats import pbn
from bridgegui.settings import data_dir

if typing.TYPE_CHECKING:
    from bridgegui.ui.mainwindow.window import MainWindow

log = logging.getLogger(__name__)

INTERVAL_MS = 60_000
"""How often an unsaved set is copied: at most a minute of dealing is lost."""


def autosave_dir() -> Path:
    return data_dir() / "autosave"


class Recovered(typing.NamedTuple):
    """What a crashed session left: its boards, when they were saved, and the file they came from."""

    boards: list[Board]
    saved_at: str
    original: str | None


class Autosave(QObject):
    """Copies the window's unsaved set every minute; finds, offers and removes what a crash left."""

    def __init__(self, window: MainWindow, folder: Path | None = None) -> None:
        super().__init__(window)
        self.window = window
        self.folder = folder if folder is not None else autosave_dir()
        self.timer = QTimer(self)
        self.timer.setInterval(INTERVAL_MS)
        self.timer.timeout.connect(self.save_now)

    @property
    def boards_path(self) -> Path:
        return self.folder / "recovered.pbn"

    @property
    def record_path(self) -> Path:
        return self.folder / "recovered.json"

    def start(self) -> None:
        self.timer.start()

    @Slot()
    def save_now(self) -> bool:
        """Copy the set if it has unsaved boards (else remove an older copy); True when a copy was written."""
        document = self.window.document
        if not document.is_modified() or not document.boards():
            self.discard()
            return False
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            pbn.save(self.boards_path, document.boards())
            record = {
                "saved_at": datetime.datetime.now().isoformat(timespec="seconds"),
                "original": str(document.path) if document.path is not None else None,
            }
            atomic_write(self.record_path, json.dumps(record))
        except OSError as exc:  # a full disk must not interrupt a lesson: say it once in the status line
            self.window.statusBar().showMessage(
                self.tr("Could not keep a recovery copy of the boards: {e}").format(e=exc.strerror or exc), 10_000
            )
            return False
        return True

    def discard(self) -> None:
        """Remove the recovery copy (the set was saved, or the window closed normally)."""
        for path in (self.boards_path, self.record_path):
            with contextlib.suppress(FileNotFoundError):
                path.unlink()

    def find(self) -> Recovered | None:
        """What a session that did not close normally left behind, or None.

        A copy that cannot be read is renamed ``.corrupt`` (its bytes kept) and not offered.
        """
        if not self.boards_path.exists():
            return None
        try:
            boards = pbn.load(self.boards_path)
        except (pbn.PbnError, OSError, ValueError) as exc:
            log.warning("the recovery copy %s cannot be read: %s", self.boards_path, exc)
            with contextlib.suppress(OSError):
                self.boards_path.replace(self.boards_path.with_suffix(".pbn.corrupt"))
            return None
        saved_at, original = "", None
        with contextlib.suppress(OSError, ValueError, TypeError, AttributeError):
            record = json.loads(self.record_path.read_text(encoding="utf-8"))
            saved_at = str(record.get("saved_at") or "")
            original = record.get("original") if isinstance(record.get("original"), str) else None
        return Recovered(boards, saved_at, original) if boards else None

    def offer(self) -> bool:
        """At start-up: if a crash left boards, ask whether to restore them (the answer comes later,
        through ``window.ask_restore``'s callback); True when there was something to offer."""
        found = self.find()
        if found is None:
            return False

        def answered(restore: bool) -> None:
            if not restore:
                self.discard()
                return
            self.window.document.replace_set(found.boards, "", self.tr("Recover Boards"))
            self.window.statusBar().showMessage(
                self.tr("Restored {n} unsaved boards from {when}.").format(n=len(found.boards), when=found.saved_at),
                15_000,
            )

        self.window.ask_restore(len(found.boards), found.saved_at, found.original, answered)
        return True


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


__all__ = ["INTERVAL_MS", "Autosave", "Recovered", "ask_restore_dialog", "autosave_dir"]
