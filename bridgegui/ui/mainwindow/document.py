"""The board set as a document: its boards, its file, whether it is saved, and every file it is read from or written to.

The boards live in the board list's model (``BoardListModel``, a ``Board`` and an "unsaved" flag per
row); this object owns the rest: the path, the header line saying what constraints dealt the set,
opening and saving it (PBN through ``pbn.save``, which keeps the constraints; every other format of
``formats.registry`` through ``file_formats``), the double-dummy analysis that may come
before a PBN save, the recent-files menu, and dealer scripts read into or written from the editors.
A malformed file reports what is wrong and leaves the open set and the editors as they were.

Every question and error goes through ``Messages`` (the window's ``confirm_unsaved_changes`` and
``show_error``, which tests replace, looked up when needed); the file dialogs and the "this format drops ..."
question are this object's ``ask_open_path``, ``ask_save_path`` and ``confirm_dropping``, which
tests replace the same way.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QFileDialog, QMenu, QMessageBox, QWidget

from bridgegui.engine import double_dummy
from bridgegui.engine.boards import Board
from bridgegui.engine.cards import SEATS
from bridgegui.engine.dealer.constraints import parse_partnership_spec, parse_seat_spec
from bridgegui.engine.errors import BridgeError, ConstraintError
from bridgegui.engine.script import ScriptError
from bridgegui.engine.script.request import export_script, import_script
from bridgegui.files import TEXT_FILE_LIMIT, FileRefusedError, atomic_write, read_user_text, write_failure_reason
from bridgegui.formats import pbn
from bridgegui.formats.errors import ReadError
from bridgegui.formats.registry import BoardFormat
from bridgegui.settings import Settings
from bridgegui.ui.mainwindow import file_formats
from bridgegui.ui.mainwindow.auction_target import AuctionDealing
from bridgegui.ui.mainwindow.background_jobs import Jobs
from bridgegui.ui.mainwindow.constraints_dock import ConstraintsDock
from bridgegui.ui.mainwindow.feedback import LiveFeedback
from bridgegui.ui.mainwindow.session import Messages
from bridgegui.ui.mainwindow.set_header import LessonConstraints, header_lines, read_header
from bridgegui.ui.mainwindow.undo import Undo, WholeSetCommand
from bridgegui.ui.widgets.board_list import BoardListModel

log = logging.getLogger(__name__)

SCRIPT_FILTER = "Dealer scripts (*.dl *.dlr *.txt);;All files (*)"


def read_text(path: Path) -> str:
    """A dealer script in UTF-8, else Latin-1 (old dealer scripts are often not UTF-8; their syntax is ASCII).

    ``FileRefusedError`` for a FIFO, a device or a file over ``TEXT_FILE_LIMIT`` (``read_user_text``)."""
    return read_user_text(path, limit_bytes=TEXT_FILE_LIMIT, what="dealer script", legacy_encoding="latin-1")


class BoardSetDocument(QObject):
    """The current set and its file.

    Signals (GUI thread): ``replaced()`` when a whole new set is in place (opened or dealt with a model:
    the window shows its first board); ``saved_state_changed()`` when the title's name or unsaved mark
    may have changed; ``system_named(label)`` when an opened set's header names the bidding system it was
    dealt for (a shipped name or a file's path: bidding practice follows it).
    """

    replaced = Signal()
    saved_state_changed = Signal()
    system_named = Signal(str)

    def __init__(
        self,
        model: BoardListModel,
        undo: Undo,
        jobs: Jobs,
        dock: ConstraintsDock,
        feedback: LiveFeedback,
        auction: AuctionDealing,
        settings: Settings,
        messages: Messages,
        recent_menu: QMenu,
        save_double_dummy: QAction,
        parent: QWidget,
    ) -> None:
        """``save_double_dummy``: the "Add Double-Dummy Analysis When Saving" option; ``parent``: the
        window the file dialogs belong to.  The editors (``dock``, the ``auction`` dealt for, and the
        live ``feedback`` under them) are here for the constraints a file carries."""
        super().__init__(parent)
        self._parent = parent
        self.model = model
        self.undo = undo
        self.jobs = jobs
        self.dock = dock
        self.feedback = feedback
        self.auction = auction
        self.messages = messages
        self.save_double_dummy = save_double_dummy
        self.settings = settings
        self.recent_menu = recent_menu
        self.path: Path | None = None
        self.request_text = ""  # the constraints that dealt the set, for the saved file's header
        self.advanced_text = ""  # and their advanced condition, verbatim (see ``set_header``)
        self.sniffed: dict[Path, BoardFormat] = {}  # files opened by their contents (no known extension)
        self.rebuild_recent_menu()
        # Without endplay, "Add Double-Dummy Analysis When Saving" is off, and its tooltip says how to
        # install it (one hint, right for how this copy was installed: double_dummy.enable_hint).
        self.dd_available = double_dummy.installed()
        if not self.dd_available:
            action = save_double_dummy
            action.setChecked(False)
            action.setToolTip(double_dummy.enable_hint())
            action.setStatusTip(double_dummy.enable_hint())

    def boards(self) -> list[Board]:
        return self.model.boards()

    def notify_saved_state(self) -> None:
        """The title's name or unsaved mark may have changed (the undo stack moved, or put a set back)."""
        self.saved_state_changed.emit()

    def is_modified(self) -> bool:
        """A board is unsaved, or the undo stack has moved the set away from what its file holds."""
        return self.model.any_unsaved() or self.undo.boards_dirty

    def format_of(self, path: Path) -> BoardFormat:
        """The format ``path`` is written in: its extension's, else what its contents were read as, else PBN."""
        return file_formats.registry.for_path(path) or self.sniffed.get(path, file_formats.PBN)

    def title_name(self) -> str:
        return self.path.name if self.path is not None else self.tr("Untitled")

    def _status(self, text: str, ms: int = 8000) -> None:
        self.messages.status(text, ms)

    def new_set(self, request_text: str, count: int = 0) -> None:
        """An empty set about to be dealt: no file yet, and the constraints for its header.

        One undo step ("Deal Set of 16 Boards"): undoing it stops the dealing and puts the old set back.
        """
        before = self.undo.set_state()
        self.model.set_boards([])
        self.path = None
        self._set_header(request_text)
        text = self.tr("Deal Set of {n} Boards").format(n=count) if count else self.tr("Deal Set")
        self.undo.push(WholeSetCommand(self.undo, text, before))
        self.undo.mark_constraints_kept()
        self.saved_state_changed.emit()

    def _set_header(self, request_text: str) -> None:
        self.request_text = request_text
        dock = self.dock
        from_editors = not request_text.startswith("auction ") and request_text.startswith(dock.request_text())
        self.advanced_text = dock.advanced_condition() if from_editors else ""

    def replace_set(self, boards: list[Board], request_text: str, undo_text: str = "") -> None:
        """A whole new, unsaved set (dealt with a shuffle model, or recovered): one undo step."""
        before = self.undo.set_state()
        self.model.set_boards(boards, unsaved=True)
        self.path = None
        self._set_header(request_text)
        after = self.undo.set_state()
        self.undo.push(WholeSetCommand(self.undo, undo_text or self.tr("Deal Set"), before, after))
        self.replaced.emit()
        self.saved_state_changed.emit()

    # -- the set's file ----------------------------------------------------------------------------------

    def ask_open(self) -> None:
        self.messages.confirm_unsaved_changes(self._choose_and_open)

    def ask_open_path(self) -> str:
        """The file dialog of Open ("" when cancelled): every readable format, "All board sets" first."""
        path, _ = QFileDialog.getOpenFileName(
            self._parent,
            self.tr("Open Board Set"),
            self.settings["files/last_dir"],
            ";;".join(file_formats.open_filters()),
        )
        return path

    def _choose_and_open(self) -> None:
        path = self.ask_open_path()
        if path:
            self.open_file(path, confirm=False)

    def open_file(self, path: str | Path, *, confirm: bool = True) -> bool:
        """Load a board-set file (chosen by its extension) as the current set.

        A malformed file leaves the current set as it was.  Only a PBN file can restore the
        constraints the set was dealt with (its header, see ``set_header``).
        """
        if confirm and self.is_modified():
            result: list[bool] = []
            self.messages.confirm_unsaved_changes(lambda: result.append(self.open_file(path, confirm=False)))
            return bool(result and result[0])
        path = Path(path)
        try:
            boards, fmt = file_formats.read_set(path)
        except FileRefusedError as exc:  # a FIFO, a device, a huge file: refused before reading
            self.messages.show_error(
                self.tr("Cannot Open File"), self.tr("Could not read {file}: {e}").format(file=path, e=exc.reason)
            )
            return False
        except ReadError as exc:  # one place in the file is wrong: say what, where (a bad Deal is not "no PBN")
            self.messages.show_error(
                self.tr("Cannot Open File"),
                self.tr(
                    "Could not open {file}: a mistake on {where}.\n{reason}.\nThe set in the window is unchanged."
                ).format(file=path.name, where=exc.where, reason=exc.reason[:1].upper() + exc.reason[1:].rstrip(".")),
            )
            return False
        except BridgeError as exc:
            kind = file_formats.registry.for_path(path)
            self.messages.show_error(
                self.tr("Cannot Open File"),
                self.tr("{file} is not a {kind} file this program can read:\n{exc}").format(
                    file=path.name, kind=path.suffix.lstrip(".").upper() if kind is not None else "PBN", exc=exc
                ),
            )
            return False
        except OSError as exc:
            self.messages.show_error(
                self.tr("Cannot Open File"), self.tr("Could not read {file}: {e}").format(file=path, e=exc.strerror)
            )
            return False
        except Exception as exc:  # a damaged file must never crash the window: say so, keep the open set
            log.exception("opening %s failed", path)
            self.messages.show_error(
                self.tr("Cannot Open File"),
                self.tr("{file} could not be read ({kind}: {exc}).").format(
                    file=path.name, kind=type(exc).__name__, exc=exc
                ),
            )
            return False
        lesson = None
        if fmt.name == "pbn":
            with contextlib.suppress(OSError):
                lesson = read_header(path)
        if not boards and lesson is None:  # garbage read as "no deal found": say so, keep the open set
            self.messages.show_error(
                self.tr("Cannot Open File"),
                self.tr(
                    "{file} holds no boards: nothing in it reads as a {kind} deal.\nThe set in the window is unchanged."
                ).format(file=path.name, kind=fmt.name.upper()),
            )
            return False
        if file_formats.registry.for_path(path) is None:
            self.sniffed[path] = fmt
        self.jobs.stop_quietly()
        self.model.set_boards(boards, unsaved=False)
        self.path = path
        self.request_text = lesson.text if lesson is not None else ""
        self.advanced_text = lesson.advanced if lesson is not None else ""
        self.undo.clear()  # a new document: the old set's steps cannot apply to this one
        self.settings.add_recent_file(path)
        self.rebuild_recent_menu()
        self.replaced.emit()
        self.saved_state_changed.emit()
        self._status(file_formats.opened_message(path.name, fmt, len(boards), boards), 15_000)
        if lesson is not None and lesson.auction is not None:
            self.system_named.emit(lesson.auction.system)  # whether or not the editors take its constraints
        if lesson is not None:
            self._offer_constraints(path, lesson)
        return True

    # -- a lesson's constraints ------------------------------------------------------------------------

    def _offer_constraints(self, path: Path, lesson: LessonConstraints) -> None:
        """Put the file's constraints in the editors (asking first if the editors hold unsaved changes)."""
        if not lesson.usable:
            if lesson.reason.startswith("script "):
                why = self.tr("it was dealt by the dealer script {name}").format(name=lesson.reason[7:])
            elif lesson.reason == "auction":
                why = self.tr("it was dealt for an auction")
            elif lesson.reason == "mixed":
                why = self.tr("it mixes several scenarios")
            else:
                why = self.tr("its header cannot be read")
            self._status(self.tr("The constraints of {file} were not restored: {why}.").format(file=path.name, why=why))
            return
        if self._editors_hold(lesson):
            return
        if not self.undo.constraints_edited():
            self.restore_constraints(path, lesson)
            return
        self.confirm_replace_constraints(path.name, lambda: self.restore_constraints(path, lesson))

    def _editors_hold(self, lesson: LessonConstraints) -> bool:
        """True when the editors already say what ``set_header`` says (compared as the engine prints specs)."""
        dock = self.dock
        if lesson.auction is not None:
            target = self.auction.target
            return (
                target is not None
                and (target.calls, target.system_label) == (lesson.auction.calls, lesson.auction.system)
                and dock.dealer_mode() == lesson.dealer
            )
        try:
            for key, spec in dock.request_specs().items():
                parse = parse_seat_spec if key in SEATS else parse_partnership_spec
                if parse(spec).to_spec() != parse(lesson.specs.get(key, "")).to_spec():
                    return False
        except (ConstraintError, ValueError):
            return False
        return (
            dock.advanced_condition() == lesson.advanced.strip()
            and dock.dealer_mode() == lesson.dealer
            and self.auction.target is None
        )

    def confirm_replace_constraints(self, name: str, then: Callable[[], object]) -> None:
        """Ask whether the file's constraints may replace the editors' unsaved ones; ``then()`` if so (tests replace this)."""
        buttons = QMessageBox.StandardButton
        box = QMessageBox(
            QMessageBox.Icon.Question,
            self.tr("Constraints of the Lesson"),
            self.tr(
                "The editors hold constraints you changed and did not keep in a set or a preset. "
                "Replace them with the constraints {file} was dealt with? (Edit > Undo brings yours back.)"
            ).format(file=name),
            buttons.Yes | buttons.No,
            self._parent,
        )
        box.setObjectName("lessonConstraintsDialog")
        box.button(buttons.Yes).setText(self.tr("Use the Lesson's"))
        box.button(buttons.No).setText(self.tr("Keep Mine"))
        box.setDefaultButton(buttons.Yes)
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        box.finished.connect(lambda _r: then() if box.standardButton(box.clickedButton()) == buttons.Yes else None)
        box.open()

    def restore_constraints(self, path: Path, lesson: LessonConstraints) -> bool:
        """Fill the editors, the dealer rule and the advanced condition from ``set_header`` (one undo step)."""
        try:
            target = None
            if lesson.auction is not None:  # dealt for an auction: deal for it again
                from bridgegui.engine.bidding import load_system
                from bridgegui.ui.mainwindow.auction_target import check_target

                try:
                    system = load_system(lesson.auction.system)
                except BridgeError as exc:  # moved or deleted: name it first, the status line may cut a long path
                    name = Path(lesson.auction.system).name
                    raise BridgeError(
                        self.tr("its system {name} cannot be loaded ({e})").format(name=name, e=exc)
                    ) from None
                target = check_target(system, lesson.auction.calls, lesson.auction.system)
            with self.undo.constraints_change(self.tr("Constraints of {file}").format(file=path.name)):
                # The lesson's editors too when it was dealt for an auction (none: the auction decided the
                # hands): the user's, set aside under the auction, came back when it was cleared (trial s24).
                self.dock.set_constraints(lesson.specs, lesson.advanced, lesson.dealer)
                self.auction.set_target(target)
        except (BridgeError, ValueError) as exc:
            self._status(self.tr("The constraints of {file} were not restored: {e}").format(file=path.name, e=exc))
            return False
        self.undo.mark_constraints_kept()
        self.feedback.update_now()
        self._status(self.tr("Opened {file} with the constraints it was dealt with.").format(file=path.name))
        return True

    def boards_to_analyse(self) -> list[int]:
        """Rows whose board has a full deal and no ``DoubleDummyTricks`` tag yet."""
        return [
            row
            for row, board in enumerate(self.model.boards())
            if board.deal is not None and board.deal.is_complete and not board.tag("DoubleDummyTricks")
        ]

    def ask_to_save(self, then: Callable[[], object]) -> None:
        """Ask (Save / Discard / Cancel, without blocking) about the unsaved boards; ``then`` runs once they
        are saved or given up, never on Cancel.  The window's ``confirm_unsaved_changes`` asks this."""
        buttons = QMessageBox.StandardButton
        box = QMessageBox(
            QMessageBox.Icon.Question,
            self.tr("Unsaved Boards"),
            self.tr("The current set has boards that are not saved. Save them first?"),
            buttons.Save | buttons.Discard | buttons.Cancel,
            self._parent,
        )
        box.setObjectName("unsavedDialog")
        box.setDefaultButton(buttons.Save)
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)

        def answered(_result: int) -> None:
            choice = box.standardButton(box.clickedButton())
            if choice == buttons.Save:
                if self.save_file(then=then, analyse=self.save_double_dummy.isChecked()):
                    then()
            elif choice == buttons.Discard:
                then()

        box.finished.connect(answered)
        box.open()

    def save_file(
        self, path: str | Path | None = None, *, then: Callable[[], object] | None = None, analyse: bool = False
    ) -> bool:
        """Save the set (to ``path``, else the current file, else ask) in the file's format; True when saved now.

        The extension chooses the format (PBN for an unknown one).  A format other than PBN that
        cannot hold the whole set asks first (``file_formats.save_in_format``); Save to the set's own
        such file opens Save As instead, so it never writes PBN into a ``.dup`` file.
        With ``analyse`` (the "Add Double-Dummy Analysis When Saving" option, PBN only: no other
        format holds the analysis), boards without a ``DoubleDummyTricks`` tag are analysed first in
        a worker: this returns False at once and the file is written (and ``then`` runs) when the
        analysis is done.  Stop cancels it, and nothing is saved.
        """
        target = Path(path) if path is not None else self.path
        if target is None:
            return self.save_file_as(then=then, analyse=analyse)
        fmt = self.format_of(target)
        if fmt.name != "pbn":
            return file_formats.save_in_format(self, target, fmt, then=then, resave=path is None)
        rows = self.boards_to_analyse() if analyse else []
        if rows:
            jobs = self.jobs
            if jobs.is_dealing():
                # The set being saved is the set as it is now: stop adding boards to it first.
                jobs.stop()
            elif jobs.active is not None:
                self._status(self.tr("Wait for the current job to finish, or stop it."))
                return False
            jobs.analyse_then_save(rows, target, self.write_pbn, then)
            return False
        return self.write_pbn(target)

    def write_pbn(self, target: Path) -> bool:
        """Write the set as PBN with the constraints in its header (the analysis job calls this too)."""
        header = header_lines(self.request_text, self.advanced_text)
        try:
            pbn.save(target, self.model.boards(), extra_header=header)
        except OSError as exc:
            self.messages.show_error(
                self.tr("Cannot Save"),
                self.tr("Could not save {file}: {e}.").format(file=target, e=write_failure_reason(exc)),
            )
            return False
        self.mark_written(target)
        self._status(self.tr("Saved {file}.").format(file=target.name))
        return True

    def mark_written(self, target: Path) -> None:
        """``target`` now holds the set: it is the set's file, saved, and first in the recent files."""
        self.path = target
        self.model.mark_saved()
        self.undo.set_saved()
        self.settings.add_recent_file(target)
        self.rebuild_recent_menu()
        self.saved_state_changed.emit()

    def ask_save_path(self, start: str, selected_filter: str) -> tuple[str, str]:
        """The file dialog of Save As: the path typed or chosen ("" when cancelled) and the filter chosen."""
        path, chosen = QFileDialog.getSaveFileName(
            self._parent,
            self.tr("Save Board Set As"),
            start,
            ";;".join(file_formats.save_filters()),
            selected_filter,
        )
        return path, chosen

    def confirm_dropping(self, name: str, fmt: BoardFormat, dropped: list[str], then: Callable[[], object]) -> None:
        """Ask whether ``name`` may be written without what ``fmt`` cannot hold; ``then()`` if so (tests replace this)."""
        file_formats.ask_dropping(self._parent, name, fmt, dropped, then)

    def save_file_as(self, *, then: Callable[[], object] | None = None, analyse: bool | None = None) -> bool:
        """Ask for a file and a format (PBN unless the set came from another format), and save there."""
        if self.path is not None:
            start, fmt = str(self.path), self.format_of(self.path)
        else:
            start, fmt = str(Path(self.settings["files/last_dir"] or Path.home()) / "boards.pbn"), file_formats.PBN
        path, chosen = self.ask_save_path(start, file_formats.save_filter(fmt))
        if not path:
            return False
        target, fmt = file_formats.format_for_save(path, chosen)
        if analyse is None:
            analyse = self.save_double_dummy.isChecked()
        return self.save_file(target, then=then, analyse=analyse and fmt.name == "pbn")

    def rebuild_recent_menu(self) -> None:
        menu = self.recent_menu
        menu.clear()
        recent = self.settings["files/recent"]
        for entry in recent:
            action = menu.addAction(Path(entry).name)
            action.setToolTip(entry)
            action.setStatusTip(entry)
            action.triggered.connect(
                lambda _c=False, p=entry: self.messages.confirm_unsaved_changes(
                    lambda: self.open_file(p, confirm=False)
                )
            )
        menu.setEnabled(bool(recent))

    # -- dealer scripts ------------------------------------------------------------------------------

    def ask_import_script(self) -> None:
        path, _ = QFileDialog.getOpenFileName(
            self._parent, self.tr("Import Dealer Script"), self.settings["files/last_dir"], self.tr(SCRIPT_FILTER)
        )
        if path:
            self.import_script_file(path)

    def import_script_file(self, path: str | Path) -> bool:
        """Fill the editors from a dealer script; a script that does not compile changes nothing.

        The script's simple seat terms go to the seat editors, the rest of its condition to the advanced
        condition, its ``dealer`` to the dealer choice; what the window cannot use (actions,
        ``generate``, ``vulnerable``) is said in the status bar.
        """
        path = Path(path)
        title = self.tr("Import Dealer Script")
        try:
            text = read_text(path)
        except FileRefusedError as exc:
            self.messages.show_error(title, self.tr("Could not read {file}: {e}").format(file=path, e=exc.reason))
            return False
        except OSError as exc:
            self.messages.show_error(
                title, self.tr("Could not read {file}: {e}").format(file=path, e=exc.strerror or exc)
            )
            return False
        try:
            imported = import_script(text)
        except ScriptError as exc:
            self.messages.show_error(
                title,
                self.tr("{file} is not a dealer script this program can run:\n{exc}").format(file=path.name, exc=exc),
            )
            return False
        except Exception as exc:  # a script must never crash the window: say so, keep the editors as they are
            log.exception("importing %s failed", path)
            self.messages.show_error(
                title,
                self.tr("{file} could not be read as a dealer script ({kind}: {exc}).").format(
                    file=path.name, kind=type(exc).__name__, exc=exc
                ),
            )
            return False
        specs = dict(zip(SEATS, imported.seat_specs, strict=True))
        dealer = imported.dealer[0].upper() if imported.dealer else None
        try:
            with self.undo.constraints_change(self.tr("Import {file}").format(file=path.name)):
                self.dock.set_constraints(specs, imported.advanced, dealer)
        except (ConstraintError, ValueError) as exc:
            self.messages.show_error(
                title, self.tr("{file} cannot be shown in the editors: {exc}").format(file=path.name, exc=exc)
            )
            return False
        notes = list(imported.notes)
        if imported.vulnerable:
            notes.append(
                self.tr("vulnerable {v} is not used: vulnerability follows the board number").format(
                    v=imported.vulnerable
                )
            )
        # The script's "produce" is not made the next Deal Set's count: that is the teacher's own
        # setting, and a script read for its constraints must not change it behind the teacher's back.
        self.undo.mark_constraints_kept()
        self.settings["files/last_dir"] = str(path.resolve().parent)
        # The notes can be long (every line the window cannot use): they go under the editors, where
        # they wrap; the status line, which a long text overflows, only says where they are.
        message = self.tr("Imported {file}.").format(file=path.name)
        if notes:
            message += " " + self.tr("What it could not use is listed under the constraints.")
        self.dock.set_import_notes(
            self.tr("From {file}: {notes}.").format(file=path.name, notes="; ".join(notes)) if notes else ""
        )
        self._status(message, 20_000)
        self.feedback.update_now()
        return True

    def ask_export_script(self) -> None:
        start = Path(self.settings["files/last_dir"] or Path.home()) / "constraints.dl"
        path, _ = QFileDialog.getSaveFileName(
            self._parent,
            self.tr("Export as Dealer Script"),
            str(start),
            self.tr("Dealer scripts (*.dl);;All files (*)"),
        )
        if not path:
            return
        if not Path(path).suffix:
            path += ".dl"
        self.export_script_file(path)

    def export_script_file(self, path: str | Path) -> list[str] | None:
        """Write the constraints as a dealer script (atomically); returns the warnings, or None on failure.

        The script produces as many boards as the last Deal Set, and fixes the dealer when the window
        does; parts the dealer language cannot say (playing tricks) are left out with a warning.
        """
        path = Path(path)
        title = self.tr("Export as Dealer Script")
        dock = self.dock
        try:
            request = dock.current_request()
        except ConstraintError as exc:
            self.messages.show_error(title, self.tr("Correct the constraints first: {e}").format(e=exc))
            return None
        text, warnings = export_script(
            request,
            produce=self.settings["deal_set/count"],
            dealer_seat=dock.fixed_dealer(),
            advanced=dock.advanced_condition(),
        )
        try:
            atomic_write(path, text.encode("utf-8"))
        except OSError as exc:
            self.messages.show_error(
                title, self.tr("Could not save {file}: {e}.").format(file=path, e=write_failure_reason(exc))
            )
            return None
        self.settings["files/last_dir"] = str(path.resolve().parent)
        if warnings:
            self.messages.show_error(
                title,
                self.tr("{file} was written, but not everything could be said in the dealer language:\n{w}").format(
                    file=path.name, w="\n".join(warnings)
                ),
            )
        self._status(self.tr("Exported {file}.").format(file=path.name))
        return warnings


__all__ = ["SCRIPT_FILTER", "BoardSetDocument", "read_text"]
