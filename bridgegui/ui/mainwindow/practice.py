"""Practice mode: which hands a student sees, and revealing the others.

A student sees only their own hands (``seats``, e.g. "S" or "NS") and bids them; Space reveals every
hand until the next board.  This object owns that state and the two actions' check marks; the window
redraws when ``visibility_changed`` fires.  The bidding practice of later work (a bidding box, the
system's verdict) belongs here too.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, QSignalBlocker, Qt, Signal, Slot
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QWidget

from bridgegui.engine.cards import SEATS
from bridgegui.settings import Settings
from bridgegui.ui.dialogs import PracticeDialog


class Practice(QObject):
    """Practice mode's state.  Signals (GUI thread): ``visibility_changed()`` when other hands show or
    hide; ``seats_changed()`` when practice mode starts, ends or changes seats."""

    visibility_changed = Signal()
    seats_changed = Signal()

    def __init__(self, window: QWidget, settings: Settings, practice_action: QAction, reveal_action: QAction) -> None:
        super().__init__(window)
        self._window = window
        self._settings = settings
        self._practice_action = practice_action
        self._reveal_action = reveal_action
        self.seats: str | None = None
        self.revealed = False
        self.shown: str | None = None  # two students at one screen: only the seat to bid, or none

    def visible_seats(self) -> str:
        """The seats whose cards are on screen now."""
        if self.seats is None or self.revealed:
            return "NESW"
        return self.shown if self.shown is not None else self.seats

    @Slot(bool)
    def triggered(self, checked: bool) -> None:
        """The Practice Mode action: ask which hands to show, or end practice mode."""
        if not checked:
            self.set_seats(None)
            return
        with QSignalBlocker(self._practice_action):
            self._practice_action.setChecked(self.seats is not None)
        dialog = PracticeDialog(self._window, visible=self._settings["practice/visible"])
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.accepted.connect(lambda: self.set_seats(dialog.visible_seats()))
        dialog.open()

    def set_seats(self, seats: str | None) -> None:
        """Practice mode showing only ``seats`` ("S", "NS", "NESW"…); None ends practice mode."""
        if seats is not None:
            seats = "".join(s for s in SEATS if s in seats.upper())
            self._settings["practice/visible"] = seats
        self.seats = seats or None
        with QSignalBlocker(self._practice_action):
            self._practice_action.setChecked(self.seats is not None)
        self.revealed = False
        self.shown = None
        with QSignalBlocker(self._reveal_action):
            self._reveal_action.setChecked(False)
        self.visibility_changed.emit()
        self.seats_changed.emit()

    def set_shown(self, seat: str | None, *, reveal: bool = False) -> None:
        """Two students at one screen: show only ``seat``'s hand (None: no hand, for the hand-over);
        ``reveal`` shows every hand (the auction is over)."""
        if reveal:
            self.shown = None
            self.reveal(True)
            return
        shown = seat or ""
        if shown != self.shown:
            self.shown = shown
            self.visibility_changed.emit()

    @Slot(bool)
    def reveal(self, on: bool = True) -> None:
        """Show every hand (Space) until the next board; only in practice mode."""
        if self.seats is None:
            on = False
        self.revealed = on
        with QSignalBlocker(self._reveal_action):
            self._reveal_action.setChecked(on)
        self.visibility_changed.emit()

    def board_changed(self) -> None:
        """Another board is on screen: its hidden hands are hidden again (no signal: the caller redraws)."""
        self.shown = None
        if self.revealed:
            with QSignalBlocker(self._reveal_action):
                self._reveal_action.setChecked(False)
            self.revealed = False


__all__ = ["Practice"]
