"""The main window: it builds the parts and connects them, nothing else.

The parts, one module each (qutebrowser's ``mainwindow/mainwindow.py`` is the model), each taking in
its constructor only the models and services it uses, never the window (napari's way):

* the models: ``session.Session`` (the position shown, whether the window has closed), the board list's
  ``BoardListModel`` (the boards) with ``document.BoardSetDocument`` (their file), ``practice.Practice``
  (which hands a student sees) and ``auction_target.AuctionDealing`` (the auction dealt for), each
  emitting a signal when it changes; ``session.Messages`` is how a part speaks to the user;
* ``deal_area.DealArea`` — the diagram with an evaluation panel beside each hand (the centre);
* ``constraints_dock.ConstraintsDock`` — the editors, and the request they describe;
* ``feedback.LiveFeedback`` — exact frequencies and problems under the editors, as you type;
* ``background_jobs.Jobs`` — dealing, analysis before saving and shuffle-model sets, on the one job
  runner; ``deal_requests.Dealing`` — what Deal and Deal Set ask of it;
* ``undo.Undo`` — the one undo stack (board set and constraints); ``board_commands.BoardCommands`` —
  delete, insert, move and renumber boards; ``deal_commands.DealCommands`` — copy and deal numbers;
* ``sheets.Sheets``, ``presets_menu.PresetsMenu``, ``seed_bar.SeedBar``, ``tool_windows.ToolWindows``;
* ``action_table`` — every action declared once, with when it is enabled.

The window shows one position of the set, ``session.row``; the position just past the last board is
the empty "next board", so Deal there adds a board.  Public methods mirror the actions so that tests and scripts can drive the window without
dialogs.  The window's own dialogs open with ``open()`` (no nested event loop; the file choosers and
About are the platform's modal ones), and every question or error goes through
``confirm_unsaved_changes`` or ``show_error``, which tests replace.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, Qt, QTimer, Signal, Slot
from PySide6.QtGui import QAction, QActionGroup, QCloseEvent
from PySide6.QtWidgets import (
    QDialog,
    QLabel,
    QMainWindow,
    QMessageBox,
    QWidget,
)

from bridgegui.settings import THEMES, Settings
from bridgegui.ui.app import apply_theme, icon
from bridgegui.ui.mainwindow import action_table
from bridgegui.ui.mainwindow.window_layout import (
    BoardsDock,
    DoubleDummyDock,
    build_after_first_paint,
    fit_layout_when_shown,
    keep_on_screen,
    place_docks,
    restore_geometry,
    restore_window_state,
    show_parts_now,
    size_docks,
    store_window_state,
)

if TYPE_CHECKING:  # the parts (and numpy, the engine) load in build(), after the first paint
    from bridgegui.engine.boards import Board
    from bridgegui.engine.dealer.constraints import DealRequest
    from bridgegui.engine.lab.shuffles import ShuffleModel
    from bridgegui.presets import Preset
    from bridgegui.workers.job_runner import JobFailure


FRAME_PATIENCE_MS = 250
"""How long a frame waits to be painted before it is built anyway."""


class MainWindow(QMainWindow):
    """The bridgegui main window (see the module docstring for how the parts fit together).

    Public methods for tests and scripts: ``deal()``, ``deal_set(count, first_board)``, ``stop()``,
    ``open_file(path)``, ``save_file(path)``, ``copy_deal()``, ``set_practice_seats(seats)``,
    ``reveal(on)``, ``show_deal_number(n)``, ``apply_preset(preset)``, ``save_current_as_preset(name)``.
    """

    parts_built = Signal()
    """The parts are built and connected (``build``): the window can be used."""

    def __init__(self, settings: Settings | None = None, parent: QWidget | None = None, *, build: bool = True) -> None:
        """``build=False``: only the frame (title, size and place), for ``build_after_first_paint``."""
        super().__init__(parent)
        self.setObjectName("mainWindow")
        self.settings = settings if settings is not None else Settings.load()
        self.startup_warnings: list[str] = list(self.settings.warnings)
        self.last_error: str | None = None
        self._closing_confirmed = False
        self._dock_before_practice: bool | None = None
        self.default_layout = True  # no stored dock layout: the docks are sized once shown (fit_layout)
        self.built = False
        self._closed_unbuilt = False
        if build:
            self.build()
        else:
            self.setWindowTitle(self.tr("Bridge Dealer"))
            restore_geometry(self, self.settings, self.startup_warnings)

    def build_after_first_paint(self) -> None:
        """Build the parts once the frame has painted (``window_layout.build_after_first_paint``)."""
        build_after_first_paint(self, FRAME_PATIENCE_MS)

    def build(self) -> None:
        """Build and connect the parts (once; the constructor does it unless told not to)."""
        if self.built or self._closed_unbuilt:
            return
        self.built = True
        self._build_parts()
        self.actions_by_name = action_table.build_actions(self)
        self._build_theme_actions()
        self._build_menus()
        self._build_toolbars()
        self._build_status_bar()
        self._build_controllers()
        # An explicit minimum: the layouts then stop resizing the top-level window's limits as content
        # changes (which some platforms, the offscreen one among them, report as a warning).
        hint = self.minimumSizeHint()
        self.setMinimumSize(min(hint.width(), 1000), min(hint.height(), 640))
        if self.isVisible():
            show_parts_now(self)
        self.default_layout = restore_window_state(
            self,
            self.settings,
            self.constraints_dock,
            self.seed_bar,
            self.action("actionFourColour"),
            self.theme_actions,
            self.startup_warnings,
        )
        self.set_four_colour(self.settings["deck/four_colour"])
        self.bidding.fit_when_shown = self.default_layout
        fit_layout_when_shown(self)
        self.undo.start()
        self.diagram.setFocus(Qt.FocusReason.OtherFocusReason)  # not North's Clear: Space must never clear
        self.show_current()
        self.refresh()
        self.feedback.update_now()
        if self.startup_warnings:  # all of them at once: one message would hide the others
            self.statusBar().showMessage(" · ".join(self.startup_warnings), 20_000)
        # After the event loop starts (and after a test has replaced ask_restore): what a crash left.
        QTimer.singleShot(0, self._recover_and_autosave)
        self.parts_built.emit()

    # ------------------------------------------------------------------------------------------------
    # construction

    def _build_parts(self) -> None:
        # The parts load here, not with this module: the frame paints before they do (``build``).
        from bridgegui.ui.mainwindow import parts

        self.deal_area = parts.DealArea(self)
        self.diagram = self.deal_area.diagram
        self.eval_panels = self.deal_area.eval_panels
        self.setCentralWidget(self.deal_area)

        self.constraints_dock = parts.ConstraintsDock(self)
        self.deal_area.seat_clicked.connect(self.constraints_dock.focus_seat_editor)
        self.constraints = self.constraints_dock.panel
        self.seat_editors = self.constraints_dock.seat_editors
        self.partnership_editors = self.constraints_dock.partnership_editors
        self.condition_editor = self.constraints_dock.condition_editor
        self.constraints_dock.dealer_changed.connect(self._dealer_mode_changed)

        self.boards_dock = BoardsDock(self)
        self.board_list = self.boards_dock.board_list
        self.board_model = self.board_list.board_model()
        self.session = parts.Session(self.board_model, self)
        self.session.row_changed.connect(lambda _row: self.show_current())
        self.board_list.board_selected.connect(self._board_selected)
        # Looked up at each call: tests replace the window's show_error and confirm_unsaved_changes.
        self.messages = parts.Messages(
            show_error=lambda title, text: self.show_error(title, text),
            confirm_unsaved_changes=lambda then: self.confirm_unsaved_changes(then),
            status=lambda text, ms: self.statusBar().showMessage(text, ms),
        )
        self.dd_dock = DoubleDummyDock(self)
        self.dd_panel = self.dd_dock.dd_panel
        place_docks(self, self.constraints_dock, self.boards_dock, self.dd_dock)

    def _build_theme_actions(self) -> None:
        self.theme_actions: dict[str, QAction] = {}
        group = QActionGroup(self)
        for theme, spec in zip(THEMES, action_table.THEME_ACTIONS, strict=True):
            action = action_table.make_action(self, spec)
            group.addAction(action)
            action.triggered.connect(lambda _c=False, t=theme: self.set_theme(t))
            self.theme_actions[theme] = action

    def _build_menus(self) -> None:
        docks = (self.constraints_dock, self.boards_dock, self.dd_dock)
        views = [dock.toggleViewAction() for dock in docks]
        self.menus = action_table.build_menus(self.menuBar(), self.actions_by_name, self.theme_actions.values(), views)
        self.presets_menu = self.menus["presetsMenu"]

    def _build_toolbars(self) -> None:
        from bridgegui.ui.mainwindow import parts

        self.main_toolbar = action_table.build_toolbar(self, self.actions_by_name)
        self.addToolBar(Qt.ToolBarArea.TopToolBarArea, self.main_toolbar)
        self.seed_bar = parts.SeedBar(self)
        self.seed_mode = self.seed_bar.mode_combo
        self.addToolBar(Qt.ToolBarArea.TopToolBarArea, self.seed_bar)
        self.menus["viewMenu"].addAction(self.main_toolbar.toggleViewAction())
        self.menus["viewMenu"].addAction(self.seed_bar.toggleViewAction())

    def _build_status_bar(self) -> None:
        status = self.statusBar()
        status.setObjectName("statusBar")
        self.deal_number_label = QLabel(self)
        self.deal_number_label.setObjectName("dealNumberLabel")
        self.deal_number_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.deal_number_label.setContextMenuPolicy(Qt.ContextMenuPolicy.ActionsContextMenu)
        self.deal_number_label.addAction(self.action("actionCopyDealNumber"))
        self.deal_number_label.addAction(self.action("actionGoToDealNumber"))
        self.deal_number_label.setToolTip(
            self.tr("Every deal has a number (Andrews' squashed order); Ctrl+G shows any deal by its number.")
        )

    def _build_controllers(self) -> None:
        from bridgegui.ui.mainwindow import parts

        status = self.statusBar()
        dock = self.constraints_dock
        self.feedback = parts.LiveFeedback(dock, self)
        self.feedback.changed.connect(self.refresh)
        self.practice = parts.Practice(self, self.settings, self.action("actionPractice"), self.action("actionReveal"))
        self.practice.visibility_changed.connect(self._visibility_changed)
        self.practice.seats_changed.connect(self._practice_changed)
        self.bidding = parts.BiddingPractice(
            self.practice, self.board_model, self.settings, self.action("actionFourColour"), self.messages, self
        )
        self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, self.bidding.dock)
        self.bidding.changed.connect(self.refresh)
        self.bidding.system_changed.connect(self.show_current)
        self.bidding.tricks_wanted.connect(self.dd_dock.raise_)
        self.bidding.dock_width_wanted.connect(
            lambda width: self.resizeDocks([self.bidding.dock], [width], Qt.Orientation.Horizontal)
        )
        self.bidding.fill_menu(self.menus["biddingSystemMenu"])
        self.auction_dealing = parts.AuctionDealing(self, self.settings, self.bidding.preferred_system)
        # While an auction is chosen the editors are set aside, under a line whose link clears it.
        dock.clear_auction_requested.connect(lambda: self.auction_dealing.set_target(None))
        self.auction_dealing.changed.connect(lambda: dock.set_auction(self.auction_dealing.target_text()))
        self.auction_dealing.changed.connect(self.refresh)

        self.undo = parts.Undo(
            self.session,
            self.board_list,
            dock,
            self.auction_dealing,
            self.practice,
            self.action("actionUndo"),
            self.action("actionRedo"),
            self,
        )
        self.undo.changed.connect(self.refresh)
        self.undo.constraints_applied.connect(self.feedback.update_now)
        self.jobs = parts.Jobs(self.session, self.undo, self.messages, status, self)
        self.jobs.state_changed.connect(self.refresh)
        self.jobs.boards_changed.connect(self._boards_arrived)
        self.jobs.failed.connect(self._dealing_failed)
        self.service = self.jobs  # the name scripts and tests know the dealing jobs' signals by
        self.progress_bar = self.jobs.progress_bar
        self.stats_label = self.jobs.stats_label
        status.addPermanentWidget(self.stats_label)
        status.addPermanentWidget(self.progress_bar)
        status.addPermanentWidget(self.deal_number_label)
        self.document = parts.BoardSetDocument(
            self.board_model,
            self.undo,
            self.jobs,
            dock,
            self.feedback,
            self.auction_dealing,
            self.settings,
            self.messages,
            self.menus["recentMenu"],
            self.action("actionSaveDoubleDummy"),
            self,
        )
        self.document.replaced.connect(lambda: self.go_to_row(0))
        self.document.saved_state_changed.connect(self._saved_state_changed)
        self.practice_system = parts.PracticeSystemFollower(
            self.bidding, self.auction_dealing, self.document, self.messages, self
        )
        self.undo.attach(self.document, self.jobs, self.bidding.undo)
        self.dealing = parts.Dealing(
            self.session,
            self.jobs,
            self.document,
            dock,
            self.feedback,
            self.auction_dealing,
            self.seed_bar,
            self.settings,
            self.messages,
            self.presets,
            self,
        )
        self.board_commands = parts.BoardCommands(
            self.session, self.board_list, self.undo, self.jobs, self.dealing, dock, self.messages, self
        )
        self.board_list.set_context_actions(
            [None if name == "-" else self.action(name) for name in action_table.BOARD_LIST_MENU]
        )
        self.board_list.selectionModel().selectionChanged.connect(self.refresh)
        self.deal_commands = parts.DealCommands(
            self.session, self.diagram, self.practice, self.undo, dock, self.messages, self
        )
        self.sheets = parts.Sheets(
            self.board_model, self.bidding, self.auction_dealing, self.settings, self.messages, self
        )
        self.presets_controller = parts.PresetsMenu(
            self.presets_menu,
            self.action("actionSavePreset"),
            self.action("actionClearConstraints"),
            dock,
            self.auction_dealing,
            self.feedback,
            self.undo,
            self.messages,
            self,
        )
        self.presets_controller.rebuild()
        self.startup_warnings += [
            self.tr("A preset could not be read: {p}").format(p=p) for p in self.presets_controller.problems
        ]
        self.tool_windows = parts.ToolWindows(self.session, self.document, dock, self.bidding, self.dealing, self)
        self.bidding.simulate_requested.connect(self.tool_windows.simulation)
        self.autosave = parts.Autosave(
            self.document,
            self.session,
            self.messages,
            lambda count, saved_at, original, then: self.ask_restore(count, saved_at, original, then),
            self,
        )
        status.addWidget(self.auction_dealing.label, 1)  # the room the permanent widgets leave (cut short beyond)
        self.system_notes = parts.SystemNotes(self, self.bidding, self.auction_dealing)

    def store_settings(self) -> None:
        """Copy the window's state into ``self.settings`` (closing the window also writes the file)."""
        if self._dock_before_practice is not None:  # the layout to keep is the teacher's, not practice mode's
            self.constraints_dock.setVisible(self._dock_before_practice)
        store_window_state(
            self,
            self.settings,
            self.constraints_dock,
            self.seed_bar,
            self.action("actionFourColour"),
            self.practice.seats,
        )

    def action(self, name: str) -> QAction:
        """The action with this objectName (each is also an attribute: ``window.actionDeal``)."""
        return self.actions_by_name[name]

    # ------------------------------------------------------------------------------------------------
    # the board on screen

    def boards(self) -> list[Board]:
        """The boards of the current set."""
        return self.board_model.boards()

    def current_row(self) -> int:
        """The position shown: a row of the board list, or ``len(boards())`` for the next new board."""
        return self.session.row

    def current_board(self) -> Board | None:
        return self.session.current_board()

    def dealer_mode(self) -> str:
        return self.constraints_dock.dealer_mode()

    def show_current(self, *, defer_panels: bool = False) -> None:
        """Show the board at the current position (or the empty next board) everywhere it appears."""
        from bridgegui.ui.mainwindow import parts

        board = self.current_board()
        if board is not None:
            number, deal = board.number, board.deal
            dealer, vulnerability = board.effective_dealer, board.effective_vulnerable
        else:
            number, deal = self.board_model.next_number(), None
            dealer = self.constraints_dock.fixed_dealer() or parts.board_dealer(number)
            vulnerability = parts.board_vulnerability(number)
        empty = self.tr("Board {n}: press F5 to deal it").format(n=number) if number else self.tr("No deal")
        self.deal_area.show_deal(deal, number=number, dealer=dealer, vulnerability=vulnerability, empty_text=empty)
        self.practice.board_changed()
        self._apply_visibility(defer_panels=defer_panels)
        number_of_deal = self.deal_number()
        self.deal_number_label.setText(self.tr("Deal no. {n}").format(n=number_of_deal) if number_of_deal else "")
        self.seed_bar.show_board_seed(board)
        row = self.session.row
        self.board_list.select_row(row if board is not None else None)
        self.bidding.board_shown(board, row)
        self.tool_windows.board_changed(hands_hidden=self.hands_hidden())
        self.refresh()

    def visible_seats(self) -> str:
        """The seats whose cards are on screen now."""
        return self.practice.visible_seats()

    def _apply_visibility(self, *, defer_panels: bool = False) -> None:
        visible = self.visible_seats()
        self.board_model.set_visible_seats(visible)
        self.dd_panel.set_board(self.current_board(), hidden=visible != "NESW")
        self.deal_area.set_visible(visible, defer_panels=defer_panels)

    @Slot()
    def _visibility_changed(self) -> None:
        # Revealing (Space, or the end of a practised auction) puts the hands on screen at once and the
        # panels follow one per pass of the event loop; hiding is immediate, so nothing hidden lingers.
        before = set(self.diagram.visible_seats())
        revealing = set(self.visible_seats()) >= before
        self._apply_visibility(defer_panels=revealing)
        if self.hands_hidden():
            self.tool_windows.board_changed(hands_hidden=True)
        self.refresh()

    def deal_number(self) -> int | None:
        """The number (Andrews' squashed order) of the deal on screen, or None."""
        return self.deal_commands.deal_number()

    def go_to_row(self, row: int) -> None:
        self.session.go_to_row(row)

    @Slot(int)
    def _board_selected(self, row: int) -> None:
        if row != self.session.row:
            self.go_to_row(row)

    def next_board(self) -> None:
        self.session.next_board()

    @Slot(bool)
    def _boards_arrived(self, first_of_set: bool) -> None:
        from bridgegui.ui.mainwindow import parts

        if self.jobs.kind == parts.JobKind.DEAL_BOARD:
            self.show_current()
        elif first_of_set:
            self.session.set_row(0)
            self.show_current(defer_panels=True)
        else:
            self.refresh()  # later batches of a set land in the list; the board on screen stays

    # ------------------------------------------------------------------------------------------------
    # the title and the actions' enabled states

    def is_modified(self) -> bool:
        return self.document.is_modified()

    @Slot()
    def refresh(self) -> None:
        """Derive the title and every action's enabled state from the window's state."""
        mark = "*" if self.is_modified() else ""
        self.setWindowTitle(f"{mark}{self.document.title_name()} — {self.tr('Bridge Dealer')}")
        deal = self.diagram.deal()
        running = self.jobs.active is not None
        state = action_table.ActionState(
            can_deal=(self.auction_dealing.target is not None or not self.feedback.blocking)
            and (self.jobs.active is None or self.jobs.is_dealing()),
            running=running,
            analysing=self.jobs.analysing(),
            row=self.session.row,
            count=self.board_model.rowCount(),
            has_deal=deal is not None,
            has_complete_deal=deal is not None and deal.is_complete,
            practising=self.practice.seats is not None,
            can_undo_call=self.bidding.can_undo(),
            can_undo=self.undo.stack.canUndo(),
            can_redo=self.undo.stack.canRedo(),
            selected=self.board_commands.selection_bounds(),
            dd_available=self.document.dd_available,
            hands_hidden=self.hands_hidden(),
        )
        action_table.apply_enabled(self.actions_by_name, state)

    def hands_hidden(self) -> bool:
        """Practice mode hides some hands now: what would show them waits (revealed, auction over, practice off)."""
        return self.visible_seats() != "NESW"

    @Slot()
    def _practice_changed(self) -> None:
        """Practice mode hides what would give the hidden hands away (the constraints and their odds,
        the deal number) and brings it back on leaving."""
        practising = self.practice.seats is not None
        size_before = self.size()
        if practising and self._dock_before_practice is None:
            self._dock_before_practice = self.constraints_dock.isVisible()
            self.constraints_dock.hide()
        elif not practising and self._dock_before_practice is not None:
            self.bidding.dock.hide()  # before the editors come back: never both docks beside the deal at once
            self.constraints_dock.setVisible(self._dock_before_practice)
            self._dock_before_practice = None
        self.deal_number_label.setVisible(not practising)
        self.jobs.stats_label.setVisible(not practising)  # deals tried per board found: the odds again
        self.show_current()
        # Once the docks and the status bar are laid out (at the next pass of the event loop): a window
        # pushed past the screen's edge on leaving practice mode kept the bidding box out of reach.
        QTimer.singleShot(0, self, lambda: keep_on_screen(self, size_before))

    @Slot()
    def _saved_state_changed(self) -> None:
        self.refresh()
        if not self.is_modified():
            self.autosave.discard()  # the set is in its file now: nothing to recover

    @Slot()
    def _recover_and_autosave(self) -> None:
        if not self.session.closed:
            self.autosave.offer()
            self.autosave.start()

    # ------------------------------------------------------------------------------------------------
    # questions and errors (tests replace these three methods)

    def ask_restore(self, count: int, saved_at: str, original: str | None, then: Callable[[bool], None]) -> None:
        """Ask whether to restore the boards a session that did not close normally left; ``then(answer)``."""
        from bridgegui.ui.mainwindow import parts

        parts.ask_restore_dialog(self, count, saved_at, original, then)

    def show_error(self, title: str, text: str) -> None:
        """Tell the user something failed, without blocking the event loop (a window-modal box)."""
        self.last_error = text
        box = QMessageBox(QMessageBox.Icon.Warning, title, text, QMessageBox.StandardButton.Ok, self)
        box.setObjectName("errorDialog")
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        box.open()

    def confirm_unsaved_changes(self, then: Callable[[], object]) -> None:
        """Run ``then`` once unsaved boards are saved or the user agrees to lose them; else do nothing."""
        if self.is_modified():
            self.document.ask_to_save(then)
        else:
            then()

    # ------------------------------------------------------------------------------------------------
    # the request and dealing

    def current_request(self) -> DealRequest:
        """The request the editors describe; raises ``ConstraintError`` with the seat and field of a mistake."""
        return self.constraints_dock.current_request()

    def advanced_condition(self) -> str:
        return self.constraints_dock.advanced_condition()

    def request_specs(self) -> dict[str, str]:
        return self.constraints_dock.request_specs()

    def seed(self) -> int | None:
        return self.seed_bar.seed()

    def set_seed(self, seed: int, *, fixed: bool = True) -> None:
        self.seed_bar.set_seed(seed, fixed=fixed)

    def set_seed_mode(self, mode: str) -> None:
        self.seed_bar.set_mode(mode)

    def deal(self) -> int | None:
        """Deal the current board (F5); returns the job id, or None if the request has a mistake."""
        return self.dealing.deal()

    def ask_deal_set(self) -> None:
        self.dealing.ask_deal_set()

    def deal_set(self, count: int = 16, first_board: int = 1, *, confirm: bool = True) -> None:
        """Replace the set with ``count`` new boards numbered from ``first_board`` (asks first if unsaved)."""
        self.dealing.deal_set(count, first_board, confirm=confirm)

    def stop(self) -> None:
        """Stop whatever runs (Esc): dealing, the analysis before saving, or a shuffle-model set."""
        self.jobs.stop()

    def is_dealing(self) -> bool:
        """True while a dealing job of this window runs (False as soon as Stop is pressed)."""
        return self.jobs.is_dealing()

    @Slot(object)
    def _dealing_failed(self, failure: JobFailure) -> None:
        """The request could not be dealt: say why at the field it is about, or in the summary."""
        self.last_error = failure.message
        if failure.problem is not None and failure.problem.seat:
            self.feedback.show_problems((failure.problem,))
        else:
            self.constraints_dock.set_summary(failure.message, error=True)

    def deal_with_model_set(self, model: ShuffleModel, count: int, first_board: int = 1) -> None:
        """Replace the set with ``count`` boards dealt by an imperfect-shuffle ``model`` (asks first if unsaved)."""
        self.dealing.deal_with_model_set(model, count, first_board)

    # ------------------------------------------------------------------------------------------------
    # constraints, presets, files, printing: the parts do the work

    @Slot()
    def _dealer_mode_changed(self) -> None:
        if self.current_board() is None:
            self.show_current()

    def feedback_summary(self) -> str:
        """The line under the editors (the whole request's frequency, or what is wrong)."""
        return self.constraints_dock.summary.text()

    def clear_constraints(self) -> None:
        with self.undo.constraints_change(self.tr("Clear Constraints")):
            self.constraints_dock.clear()
        self.feedback.update_now()

    def presets(self) -> list[Preset]:
        return list(self.presets_controller.presets)

    def apply_preset(self, preset: Preset | str) -> None:
        self.presets_controller.apply(preset)

    def save_current_as_preset(self, name: str, description: str = "") -> Preset | None:
        return self.presets_controller.save_current(name, description)

    def delete_preset(self, preset: Preset | str) -> bool:
        return self.presets_controller.delete(preset)

    def open_file(self, path: str | Path, *, confirm: bool = True) -> bool:
        return self.document.open_file(path, confirm=confirm)

    def save_file(self, path: str | Path | None = None, *, then: Callable[[], object] | None = None) -> bool:
        """Save the set in its file's format (PBN for a new set); with "Add Double-Dummy Analysis When Saving" on, analyses first (see the document)."""
        return self.document.save_file(path, then=then, analyse=self.action("actionSaveDoubleDummy").isChecked())

    def save_file_as(self, *, then: Callable[[], object] | None = None) -> bool:
        return self.document.save_file_as(then=then)

    def import_script_file(self, path: str | Path) -> bool:
        return self.document.import_script_file(path)

    def export_script_file(self, path: str | Path) -> list[str] | None:
        return self.document.export_script_file(path)

    def export_pdf(
        self, path: str | Path, kind: str = "practice", *, title: str = "", page_size: str | None = None
    ) -> int | None:
        return self.sheets.export_pdf(path, kind, title=title, page_size=page_size)

    def print_sheets(self, kind: str = "practice", title: str = "") -> QDialog:
        return self.sheets.print_sheets(kind, title)

    # ------------------------------------------------------------------------------------------------
    # copy, deal numbers, practice, appearance

    def copy_text(self) -> str:
        return self.deal_commands.copy_text()

    def copy_deal_number(self) -> None:
        self.deal_commands.copy_deal_number()

    def show_deal_number(self, number: int) -> None:
        self.deal_commands.show_deal_number(number)

    def set_practice_seats(self, seats: str | None) -> None:
        """Practice mode showing only ``seats`` ("S", "NS", "NESW"…); None ends practice mode."""
        self.practice.set_seats(seats)

    def reveal(self, on: bool = True) -> None:
        """Show every hand (Space) until the next board; only in practice mode."""
        self.practice.reveal(on)

    @Slot(bool)
    def set_four_colour(self, on: bool) -> None:
        self.deal_area.set_four_colour(on)
        self.dd_panel.set_four_colour(on)
        self.settings["deck/four_colour"] = bool(on)

    def set_theme(self, theme: str) -> None:
        """Apply and remember the palette: "system", "light" or "dark"."""
        self.settings["appearance/theme"] = theme
        applied = apply_theme(theme)
        self.theme_actions[applied].setChecked(True)

    def fit_layout(self) -> None:
        """Size the docks for the window as it is now (the default layout: see ``docks.size_docks``)."""
        if not self.session.closed:
            size_docks(self, self.constraints_dock, self.boards_dock)
            self.bidding.fit_dock()

    def changeEvent(self, event: QEvent) -> None:
        if event.type() in (QEvent.Type.PaletteChange, QEvent.Type.ApplicationPaletteChange):
            for action in self.findChildren(QAction):
                name = action.property("iconName")
                if name:
                    action.setIcon(icon(str(name)))
        super().changeEvent(event)

    # ------------------------------------------------------------------------------------------------
    # tool windows and closing

    def open_quiz(self) -> QDialog:
        return self.tool_windows.quiz()

    def open_frequencies(self) -> QDialog:
        return self.tool_windows.frequencies()

    def open_shuffle_lab(self) -> QDialog:
        return self.tool_windows.shuffle_lab()

    def open_audit(self) -> QDialog:
        return self.tool_windows.audit()

    def open_explain(self) -> QDialog:
        return self.tool_windows.explain()

    def closeEvent(self, event: QCloseEvent) -> None:
        if not self.built:  # closed before the parts were built: nothing to keep or stop, nor to build
            self._closed_unbuilt = True
            event.accept()
            return
        if self.session.closed:
            event.accept()
            return
        if self.is_modified() and not self._closing_confirmed:
            event.ignore()

            def close_now() -> None:
                self._closing_confirmed = True
                self.close()

            # Ask after this event returns: a close() from inside closeEvent would be ignored by Qt.
            QTimer.singleShot(0, lambda: self.confirm_unsaved_changes(close_now))
            return
        self.session.closed = True
        self.autosave.close()  # closed normally: the user saved or chose to discard the boards
        self.feedback.stop()
        self.store_settings()
        with contextlib.suppress(OSError):
            self.settings.save()
        self.jobs.shutdown()
        self.dd_panel.shutdown()
        self.bidding.shutdown()
        self.tool_windows.close_all()
        event.accept()


__all__ = ["MainWindow"]
