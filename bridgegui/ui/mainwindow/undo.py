"""The window's undo stack: every change to the board set and to the constraints, one ``QUndoStack``.

Why one stack for both: a teacher who re-deals a board, tightens North's points and deals again expects
Ctrl+Z to walk back through exactly that, in that order.  Without it, F5 on a saved set's board replaced
the board at once, with no way back.

* Board-set commands change the board list's model themselves (``redo`` applies, ``undo`` reverts);
  a re-deal or an insert keeps only the rows it touched, and whole-set changes (Deal Set, a set dealt
  with a shuffle model, renumbering) keep ``BoardListModel.snapshot()`` s, which copy row references,
  never boards.  Deal Set runs in the background: its "after" is taken when it is undone (stopping the
  job first), since by then the stack guarantees the set is exactly what Deal Set made.
* Constraint commands hold the editors' whole state before and after (``ConstraintState``).  Edits
  the user types are recorded as they happen; consecutive edits of one field merge
  (``QUndoCommand.mergeWith``), so typing "15-17" is one step.  Changes the program makes (a preset, a
  dealer script, a lesson file's constraints, Clear) are one step each, recorded by
  ``Undo.constraints_change``.
* The document is modified when a board is unsaved (the rows' marks) or a board command has moved the
  set away from the stack's clean index (set when the set is saved or opened): ``boards_dirty``, which
  a save or "mark saved" clears.  Constraint edits alone do not make the set unsaved (the file holds
  boards).  Coming back to the clean index marks every board saved.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

import shiboken6
from PySide6.QtCore import QCoreApplication, QObject, Signal, Slot
from PySide6.QtGui import QAction, QUndoCommand, QUndoStack

from bridgegui.engine.boards import Board
from bridgegui.engine.cards import SEATS
from bridgegui.engine.errors import ConstraintError
from bridgegui.ui.mainwindow.auction_target import AuctionDealing
from bridgegui.ui.mainwindow.constraints_dock import ConstraintsDock
from bridgegui.ui.mainwindow.practice import Practice
from bridgegui.ui.mainwindow.session import Session
from bridgegui.ui.widgets.board_list import BoardList, BoardSetSnapshot

UNDO_LIMIT = 200
"""Steps kept: a whole-set step keeps two lists of row references, so even large sets stay small."""

CONSTRAINT_EDIT_ID = 15
"""``QUndoCommand.id`` of a typed constraint edit: consecutive ones of one field merge."""


def _tr(text: str) -> str:
    return QCoreApplication.translate("Undo", text)


def _seat_name(key: str) -> str:
    return {
        "N": _tr("North"),
        "E": _tr("East"),
        "S": _tr("South"),
        "W": _tr("West"),
        "NS": _tr("North-South"),
        "EW": _tr("East-West"),
    }[key]


def _field_name(field: str) -> str:
    return {
        "hcp": _tr("HCP"),
        "spades": _tr("Spades"),
        "hearts": _tr("Hearts"),
        "diamonds": _tr("Diamonds"),
        "clubs": _tr("Clubs"),
        "shape": _tr("Shape"),
        "cards": _tr("Cards"),
        "qt": _tr("Quick Tricks"),
        "ltc": _tr("Losers"),
        "tricks": _tr("Playing Tricks"),
        "controls": _tr("Controls"),
        "more": _tr("More"),
    }.get(field, field)


# --------------------------------------------------------------------------------------------------
# the constraints


@dataclass(frozen=True, eq=False)
class ConstraintState:
    """The editors at one moment: every spec, each seat's fields, the advanced condition, the dealer
    rule and the auction dealt for (compared by identity: a target is chosen, never edited)."""

    specs: tuple[tuple[str, str], ...]
    fields: tuple[tuple[str, tuple[tuple[str, str], ...]], ...]
    advanced: str
    dealer: str
    target: object | None

    def same(self, other: ConstraintState) -> bool:
        return (
            self.specs == other.specs
            and self.fields == other.fields
            and self.advanced == other.advanced
            and self.dealer == other.dealer
            and self.target is other.target
        )


def capture(dock: ConstraintsDock, auction: AuctionDealing) -> ConstraintState:
    """The editors' state now."""
    fields = tuple((seat, tuple(sorted(dock.seat_editors[seat].field_terms().items()))) for seat in SEATS)
    return ConstraintState(
        tuple(dock.request_specs().items()),
        fields,
        dock.condition_editor.text(),
        dock.dealer_mode(),
        auction.target,
    )


def apply_state(dock: ConstraintsDock, auction: AuctionDealing, state: ConstraintState) -> None:
    """Put the editors back as ``state`` had them (a field that was malformed then is left as it is)."""
    specs = dict(state.specs)
    try:
        dock.set_constraints(specs, state.advanced, state.dealer)
    except (ConstraintError, ValueError):
        for key, spec in specs.items():  # one malformed field must not stop the others coming back
            editor = dock.seat_editors.get(key) or dock.partnership_editors[key]
            with contextlib.suppress(ConstraintError, ValueError):
                editor.set_spec(spec)
        dock.condition_editor.set_text(state.advanced)
        dock.set_dealer_mode(state.dealer)
    if auction.target is not state.target:
        auction.set_target(state.target)  # type: ignore[arg-type]


def describe_edit(before: ConstraintState, after: ConstraintState) -> tuple[str | None, str]:
    """``(merge key, text)`` of a typed edit: the key names the one field changed (None: several)."""
    changed: list[tuple[str, str]] = []
    for (seat, old), (_, new) in zip(before.fields, after.fields, strict=True):
        old_d, new_d = dict(old), dict(new)
        changed += [(seat, f) for f in sorted(set(old_d) | set(new_d)) if old_d.get(f) != new_d.get(f)]
    specs_before, specs_after = dict(before.specs), dict(after.specs)
    changed += [(side, "") for side in ("NS", "EW") if specs_before.get(side) != specs_after.get(side)]
    if before.advanced != after.advanced:
        changed.append(("advanced", ""))
    if before.dealer != after.dealer:
        changed.append(("dealer", ""))
    if before.target is not after.target:
        changed.append(("auction", ""))
    keys = {key for key, _ in changed}
    if len(changed) == 1:
        key, field = changed[0]
        if key == "advanced":
            return "advanced", _tr("Edit Advanced Condition")
        if key == "dealer":
            return "dealer", _tr("Change Dealer")
        if key == "auction":
            return None, _tr("Choose Auction") if after.target is not None else _tr("Clear Auction")
        if field:
            return f"{key}:{field}", _tr("Edit {seat} {field}").format(seat=_seat_name(key), field=_field_name(field))
        return key, _tr("Edit {seat}").format(seat=_seat_name(key))
    if len(keys) == 1 and next(iter(keys)) in SEATS:
        seat = next(iter(keys))
        if not specs_after.get(seat):
            return None, _tr("Clear {seat}").format(seat=_seat_name(seat))
        return f"{seat}:*", _tr("Edit {seat}").format(seat=_seat_name(seat))
    return None, _tr("Edit Constraints")


class ConstraintsCommand(QUndoCommand):
    """The editors from ``before`` to ``after``; pushed after the change happened (the first redo does nothing)."""

    changes_boards = False

    def __init__(self, undo: Undo, text: str, before: ConstraintState, after: ConstraintState, key: str | None) -> None:
        super().__init__(text)
        self.stack_owner = undo
        self.before = before
        self.after = after
        self.key = key
        self._done = True

    def id(self) -> int:
        return CONSTRAINT_EDIT_ID if self.key is not None else -1

    def mergeWith(self, other: QUndoCommand) -> bool:
        if not isinstance(other, ConstraintsCommand) or other.key != self.key or self.key is None:
            return False
        self.after = other.after
        if self.after.same(self.before):
            self.setObsolete(True)  # typed and deleted again: nothing to undo
        return True

    def redo(self) -> None:
        if self._done:
            self._done = False
            return
        self.stack_owner.apply(self.after)

    def undo(self) -> None:
        self.stack_owner.apply(self.before)


# --------------------------------------------------------------------------------------------------
# the board set


class BoardsCommand(QUndoCommand):
    """A change to the board set; ``row`` is the board to show afterwards."""

    changes_boards = True

    def __init__(self, undo: Undo, text: str, *, show_first: bool = True) -> None:
        super().__init__(text)
        self.stack_owner = undo
        self.model = undo.boards
        self._show_next = show_first  # False: the caller shows the board this first time (a dealt board)

    def changing(self, *, undoing: bool = False) -> None:
        self.stack_owner.note_board_change(undoing=undoing)

    def show(self, row: int, selected: Sequence[int] = ()) -> None:
        if not self._show_next:
            self._show_next = True
            return
        self.stack_owner.session.go_to_row(row)
        if len(selected) > 1:
            self.stack_owner.board_list.select_rows(selected, row)


class ReplaceBoardCommand(BoardsCommand):
    """One board replaced: re-dealt (F5), or given a deal by its number."""

    def __init__(self, undo: Undo, text: str, row: int, new: Board, *, show_first: bool = True) -> None:
        super().__init__(undo, text, show_first=show_first)
        self.row = row
        self.old = self.model.board(row)
        self.old_unsaved = self.model.unsaved(row)
        self.new = new

    def redo(self) -> None:
        self.changing()
        self.model.replace_board(self.row, self.new)
        self.show(self.row)

    def undo(self) -> None:
        self.changing(undoing=True)
        self.model.replace_board(self.row, self.old, unsaved=self.old_unsaved)
        self.show(self.row)


class InsertBoardsCommand(BoardsCommand):
    """Boards put before ``row`` (``rowCount()``: appended, as F5 on the next board does)."""

    def __init__(self, undo: Undo, text: str, row: int, boards: Sequence[Board], *, show_first: bool = True) -> None:
        super().__init__(undo, text, show_first=show_first)
        self.row = row
        self.boards = list(boards)

    def redo(self) -> None:
        self.changing()
        self.model.insert_boards(self.row, self.boards, [True] * len(self.boards))
        self.show(self.row)

    def undo(self) -> None:
        self.changing(undoing=True)
        self.model.remove_rows(range(self.row, self.row + len(self.boards)))
        self.show(min(self.row, self.model.rowCount()))


class RemoveBoardsCommand(BoardsCommand):
    """Boards deleted; undo puts each back where it was, unsaved mark and all."""

    def __init__(self, undo: Undo, text: str, rows: Sequence[int]) -> None:
        super().__init__(undo, text)
        self.rows = sorted(set(rows))
        self.removed: list[tuple[int, object, bool]] = []

    def redo(self) -> None:
        self.changing()
        self.removed = self.model.remove_rows(self.rows)  # type: ignore[assignment]
        self.show(min(self.rows[0], self.model.rowCount()))

    def undo(self) -> None:
        self.changing(undoing=True)
        self.model.put_back(self.removed)  # type: ignore[arg-type]
        self.show(self.rows[0], self.rows)


class MoveBoardsCommand(BoardsCommand):
    """Boards moved together one place up (-1) or down (+1)."""

    def __init__(self, undo: Undo, text: str, rows: Sequence[int], offset: int) -> None:
        super().__init__(undo, text)
        self.rows = sorted(set(rows))
        self.offset = offset

    def redo(self) -> None:
        self.changing()
        moved = self.model.move_rows(self.rows, self.offset)
        self.show(moved[0], moved)

    def undo(self) -> None:
        self.changing(undoing=True)
        back = self.model.move_rows([row + self.offset for row in self.rows], -self.offset)
        self.show(back[0], back)


@dataclass(frozen=True)
class SetState:
    """A whole set: its rows, and the file and header text that go with them."""

    rows: BoardSetSnapshot
    path: Path | None
    request_text: str


class WholeSetCommand(BoardsCommand):
    """The set replaced or renumbered as a whole; ``after`` None until the change is complete (Deal Set
    deals in the background, so its result is taken when it is first undone)."""

    def __init__(self, undo: Undo, text: str, before: SetState, after: SetState | None = None) -> None:
        super().__init__(undo, text)
        self.before = before
        self.after = after
        self._done = True  # pushed once the change is under way

    def redo(self) -> None:
        self.changing()
        if self._done:
            self._done = False
            return
        assert self.after is not None
        self.stack_owner.restore_set(self.after)
        self.show(0)

    def undo(self) -> None:
        self.changing(undoing=True)
        if self.after is None:
            self.stack_owner.stop_jobs()  # the set is what it is now: nothing more arrives into it
            self.after = self.stack_owner.set_state()
        self.stack_owner.restore_set(self.before)
        self.show(0)


# --------------------------------------------------------------------------------------------------
# the controller


class SetFile(Protocol):
    """What a whole-set step keeps besides the rows: the set's file and header (the document's)."""

    path: Path | None
    request_text: str

    def notify_saved_state(self) -> None:
        """The title's name or unsaved mark may have changed."""


class RunningJobs(Protocol):
    """The window's jobs, as far as the stack must stop them before it moves boards."""

    def stop_single_deal(self) -> None:
        """Drop a board still being dealt (it would land on a row the undo may have moved)."""

    def stop_quietly(self) -> None:
        """End whatever runs without a word."""


class Undo(QObject):
    """Owns the stack, records the constraints' changes, and answers whether the set differs from its file.

    It takes what it changes: the board set and its list, the editors and the auction dealt for, the
    session (to show the board a step changed) and practice (Edit > Undo takes back the student's call
    while practising).  The document and the jobs, which push steps themselves, are attached after
    they are built (``attach``).

    Signals (GUI thread): ``changed()`` whenever what can be undone or redone changes (the window then
    derives its actions again); ``constraints_applied()`` when undo or redo put the editors back (the
    live feedback then follows them).
    """

    changed = Signal()
    constraints_applied = Signal()

    def __init__(
        self,
        session: Session,
        board_list: BoardList,
        dock: ConstraintsDock,
        auction: AuctionDealing,
        practice: Practice,
        undo_action: QAction,
        redo_action: QAction,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.session = session
        self.boards = session.boards
        self.board_list = board_list
        self.dock = dock
        self.auction = auction
        self.practice = practice
        self._actions = {"actionUndo": undo_action, "actionRedo": redo_action}
        self._document: SetFile | None = None
        self._jobs: RunningJobs | None = None
        self._undo_call: Callable[[], object] = lambda: None
        self.stack = QUndoStack(self)
        self.stack.setUndoLimit(UNDO_LIMIT)
        self.stack.indexChanged.connect(self._index_changed)
        self.stack.cleanChanged.connect(self._clean_changed)
        self._state: ConstraintState | None = None
        self._kept: ConstraintState | None = None  # the constraints last kept somewhere (see mark_constraints_kept)
        self._quiet = 0  # > 0 while the program (not the user) changes the editors
        self.boards_dirty = False  # the set differs from its file beyond the rows' unsaved marks
        self.boards.saved.connect(self._saved)

    def attach(self, document: SetFile, jobs: RunningJobs, undo_call: Callable[[], object]) -> None:
        """The parts built after the stack: the set's file, the jobs to stop, and the practice's call undo."""
        self._document = document
        self._jobs = jobs
        self._undo_call = undo_call

    def _capture(self) -> ConstraintState:
        return capture(self.dock, self.auction)

    def start(self) -> None:
        """Take the editors as they are (after the settings filled them) and follow the user's edits."""
        self._state = self._kept = self._capture()
        self.dock.edited.connect(self._editors_changed)
        self.dock.dealer_changed.connect(self._editors_changed)
        self.auction.changed.connect(self._editors_changed)
        self.stack.undoTextChanged.connect(self._undo_text_changed)
        self.stack.redoTextChanged.connect(self._redo_text_changed)

    # -- the actions -----------------------------------------------------------------------------------

    def undo(self) -> None:
        self._stop_single_deal()
        self.stack.undo()

    def undo_in_context(self) -> None:
        """Edit > Undo: the last change to the boards or the constraints, or while practising the
        student's last call (the board being bid stays: removing it was never what the student meant)."""
        if self.practice.seats is not None:
            self._undo_call()
        else:
            self.undo()

    def redo(self) -> None:
        self._stop_single_deal()
        self.stack.redo()

    def undo_text(self) -> str:
        """What Edit > Undo would undo ("Re-deal Board 3"), or ""."""
        return self.stack.undoText()

    def redo_text(self) -> str:
        return self.stack.redoText()

    def _stop_single_deal(self) -> None:
        if self._jobs is not None:
            self._jobs.stop_single_deal()

    def stop_jobs(self) -> None:
        """Stop whatever runs, quietly (a whole-set step is undone: nothing more may arrive into the set)."""
        if self._jobs is not None:
            self._jobs.stop_quietly()

    # -- boards ----------------------------------------------------------------------------------------

    def push(self, command: QUndoCommand) -> None:
        self.stack.push(command)

    def set_state(self) -> SetState:
        document = self._document
        assert document is not None
        return SetState(self.boards.snapshot(), document.path, document.request_text)

    def restore_set(self, state: SetState) -> None:
        document = self._document
        assert document is not None
        self.boards.restore(state.rows)
        document.path = state.path
        document.request_text = state.request_text
        document.notify_saved_state()

    def note_board_change(self, *, undoing: bool) -> None:
        """A board command is about to change the set: unless that brings the stack to its saved (clean)
        index, the set now differs from its file, whatever the rows' own marks say (a board put back by
        undo was saved once, but the file holds the one that replaced it)."""
        after = self.stack.index() + (-1 if undoing else 1)
        self.boards_dirty = self.stack.cleanIndex() != after

    def set_saved(self) -> None:
        """The set is in its file now (saved, or just opened)."""
        self.stack.setClean()

    def clear(self) -> None:
        """A new document (a file opened): nothing before it can be undone."""
        self.stack.clear()
        self.boards_dirty = False
        self._state = self._capture()

    @Slot()
    def _saved(self) -> None:
        self.boards_dirty = False

    @Slot(str)
    def _undo_text_changed(self, what: str) -> None:
        self._set_text("actionUndo", _tr("&Undo {what}").format(what=what) if what else _tr("&Undo"))

    @Slot(str)
    def _redo_text_changed(self, what: str) -> None:
        self._set_text("actionRedo", _tr("&Redo {what}").format(what=what) if what else _tr("&Redo"))

    def _set_text(self, name: str, text: str) -> None:
        action = self._actions[name]
        if shiboken6.isValid(action):  # the stack's last signals come as the window goes
            action.setText(text)

    @Slot(int)
    def _index_changed(self, _index: int) -> None:
        if self.session.closed:
            return
        if self._document is not None:
            self._document.notify_saved_state()
        self.changed.emit()

    @Slot(bool)
    def _clean_changed(self, clean: bool) -> None:
        if clean and not self.session.closed:
            self.boards.mark_saved()  # back at the saved state: every board is as in the file

    # -- constraints -------------------------------------------------------------------------------------

    def apply(self, state: ConstraintState) -> None:
        """Put the editors in ``state`` (undo or redo of a constraint step)."""
        self._quiet += 1
        try:
            apply_state(self.dock, self.auction, state)
        finally:
            self._quiet -= 1
        self._state = self._capture()
        self.constraints_applied.emit()

    def mark_constraints_kept(self) -> None:
        """The editors' constraints are kept somewhere now (the settings, a preset, a dealer script, the
        header of the set being dealt), so replacing them loses nothing the teacher typed."""
        self._kept = self._capture()

    def constraints_edited(self) -> bool:
        """True when the editors hold changes kept nowhere (opening a lesson then asks before replacing them)."""
        return self._kept is not None and not self._capture().same(self._kept)

    @contextlib.contextmanager
    def constraints_change(self, text: str) -> Iterator[None]:
        """Record what the program does to the editors inside the block as one step called ``text``."""
        before = self._capture()
        self._quiet += 1
        try:
            yield
        finally:
            self._quiet -= 1
            after = self._capture()
            self._state = after
            if not after.same(before):
                self.stack.push(ConstraintsCommand(self, text, before, after, None))

    @Slot()
    def _editors_changed(self) -> None:
        if self._quiet or self._state is None:
            return
        after = self._capture()
        before = self._state
        if after.same(before):
            return
        self._state = after
        key, text = describe_edit(before, after)
        self.stack.push(ConstraintsCommand(self, text, before, after, key))


__all__ = [
    "BoardsCommand",
    "ConstraintState",
    "ConstraintsCommand",
    "InsertBoardsCommand",
    "MoveBoardsCommand",
    "RemoveBoardsCommand",
    "ReplaceBoardCommand",
    "RunningJobs",
    "SetFile",
    "SetState",
    "Undo",
    "WholeSetCommand",
    "capture",
    "describe_edit",
]
