"""Bidding practice: the student bids their seat with the bidding box, the system bids the others, and says what it thinks of every call.

In practice mode with a bidding system chosen (Practice > Bid with a System), the Bidding dock
(``biddingDock``) holds the auction (``auctionView``), the bidding box (``biddingBox``), the system's
verdict on the last call (``biddingVerdict``), the board's result (``biddingResult``) and the session's
score (``biddingScore``).  The loop itself is the engine's ``PracticeBoard``
(``engine.teaching.bidding_practice``): this module shows it and words the verdicts (through ``tr``,
from the verdict's fields; the rules' explanations are the system file's own sentences).

When the auction ends the hands are revealed and both auctions stand side by side, the student's and
the system's, with the calls that differ marked; the final contract and the declaring side's trick
estimate are shown (and the double-dummy table and par in the Double Dummy tab, when the optional
endplay package is installed).  The board keeps the student's auction in its PBN auction section (each
call's note says what the system would have called there), the system's auction in a ``SystemAuction``
tag and the practice record in a ``BidPractice`` tag, so a saved set reopens with its score.

Two students at one screen (practice seats "NS"): before each student's turn a hand-over page hides
both hands until the student whose turn it is presses Ready.
"""

from __future__ import annotations

import typing

from PySide6.QtCore import QEvent, QObject, QPoint, Qt, QTimer, Signal, Slot
from PySide6.QtGui import QAction, QActionGroup, QFont
from PySide6.QtWidgets import (
    QAbstractSpinBox,
    QApplication,
    QDockWidget,
    QFrame,
    QLabel,
    QLineEdit,
    QMenu,
    QPlainTextEdit,
    QPushButton,
    QScrollArea,
    QStackedWidget,
    QTextEdit,
    QVBoxLayout,
    QWidget,
)

from bridgegui.engine import double_dummy, tricks
from bridgegui.engine.bidding import Auction, Call, Explanation, System, load_system, shipped_label, shipped_systems
from bridgegui.engine.bidding.explain import sentence
from bridgegui.engine.bidding.inference import KnownHand
from bridgegui.engine.bidding.shipped_names import shipped_system_name, system_choices
from bridgegui.engine.bidding.simulation import SimulationSetup
from bridgegui.engine.boards import Board
from bridgegui.engine.cards import SEAT_NAMES, SEATS
from bridgegui.engine.errors import BridgeError
from bridgegui.engine.teaching.bidding_practice import (
    PRACTICE_TAG,
    BoardRecord,
    HandFacts,
    PracticeBoard,
    PracticeScore,
    Verdict,
)
from bridgegui.settings import Settings
from bridgegui.ui.mainwindow.practice import Practice
from bridgegui.ui.mainwindow.session import Messages
from bridgegui.ui.widgets.auction_view import AuctionView
from bridgegui.ui.widgets.bidding_box import BiddingBox
from bridgegui.ui.widgets.board_list import BoardListModel
from bridgegui.ui.widgets.inference_panel import InferencePanel

SYSTEM_AUCTION_TAG = "SystemAuction"
"""The tag holding the system's own auction of a practised board ("1NT P 2C P 2S P 4S P P P")."""

SIDE_BY_SIDE_WIDTH = 460
"""Pixels the dock needs to show the two auctions side by side (four columns each)."""

DOCK_SHARE = 0.22
"""The share of the window's width the Bidding dock takes when it first appears."""

STUDENT_AUCTION_TAG = "StudentAuction"
"""With "Save the System's Auction as the Board's", the tag holding the student's auction instead."""


AUCTION_ROWS = 4
"""Rounds of calls the auction keeps room for while a board is bid: most auctions end within four."""

VERDICT_LINES = 4
"""Lines the verdict keeps room for: a verdict with the hand's facts fills three or four in the dock."""

NOTES_LINES = 11
"""Lines of the dock's notes under the bidding box (verdict, what the auction shows, result, score),
at least; more scroll."""

NOTES_SHARE = 0.42
"""The notes' share of the dock's height, when that is more than ``NOTES_LINES``."""

INFERENCE_DELAY_MS = 150
"""The "what we know" lines are worked out this long after a call, once the verdict is painted: dealing
for them in the worker competes with the GUI thread, and the verdict is what the student waits for."""


class BiddingPractice(QObject):
    """The practice loop in the window: a dock (``dock``, which the window places) with the bidding box,
    the auctions, the verdicts and the score.

    It takes what it uses: the ``practice`` state (which seats the students hold, which hand shows),
    the ``boards`` (a practised board keeps its auctions), the settings, the four-colour option and
    the ``messages``; ``parent`` is the window its dialogs and dock belong to.

    Signals (GUI thread):

    * ``changed()`` when undo may have become (un)available or a board was finished (the window derives
      its actions again);
    * ``system_changed()`` when another system (or none) is chosen (the window shows the board again);
    * ``tricks_wanted()`` at the end of a board when double dummy is installed (the window raises the
      Double Dummy tab);
    * ``simulate_requested(setup: SimulationSetup)`` (the window opens the Simulation tool window);
    * ``dock_width_wanted(width: int)`` when the dock should take that width (the window resizes it).
    """

    changed = Signal()
    system_changed = Signal()
    tricks_wanted = Signal()
    simulate_requested = Signal(object)
    dock_width_wanted = Signal(int)

    def __init__(
        self,
        practice: Practice,
        boards: BoardListModel,
        settings: Settings,
        four_colour: QAction,
        messages: Messages,
        parent: QWidget,
    ) -> None:
        super().__init__(parent)
        self._parent = parent
        self.practice = practice
        self.board_model = boards
        self.settings = settings
        self._four_colour = four_colour
        self.messages = messages
        self.fit_when_shown = True
        """False when the window restored a stored layout: the dock keeps the width it had."""
        self.system: System | None = None
        self.system_name = ""
        self.verdicts_at_end = False
        self.system_auction_in_section = False  # the reverse: the system's auction in the PBN section
        self.board: PracticeBoard | None = None
        self._row = -1
        self.score = PracticeScore()
        self._handover_done = False
        self.file_check: QObject | None = None
        """The check of a system file chosen in the menu, while it runs or asks (Bid with a System)."""
        self._fitted = False  # the dock's width is set for the window the first time it appears
        # The last verdict of each student seat: with two students at one screen a verdict names its
        # hand's HCP and pattern, so it shows only while that hand is the one on screen.
        self._verdicts: dict[str, str] = {}
        self._build_dock()
        remembered = settings["practice/system"]
        if remembered:  # the system practised last time, remembered like the constraints and the palette
            try:
                self.system, self.system_name = load_system(remembered), shipped_system_name(remembered)
            except BridgeError:
                settings.reset("practice/system")  # a system no longer shipped: No Bidding

    # -- the dock ----------------------------------------------------------------------------------

    def _build_dock(self) -> None:
        self.dock = QDockWidget(self.tr("Bidding"), self._parent)
        self.dock.setObjectName("biddingDock")
        # It shows while practising and hides when practice stops: a close button would hide it with
        # no way back but leaving practice (closed mid-practice, the next boards had no bidding box).
        features = QDockWidget.DockWidgetFeature
        self.dock.setFeatures(features.DockWidgetMovable | features.DockWidgetFloatable)
        holder = self._holder = QWidget(self.dock)
        layout = QVBoxLayout(holder)
        layout.setContentsMargins(6, 4, 6, 4)
        self.auction_view = AuctionView(holder)
        self.auction_view.set_stacked(True)  # until the dock is wide enough to hold both side by side
        self.auction_view.set_minimum_rows(AUCTION_ROWS)
        holder.installEventFilter(self)
        self.stack = QStackedWidget(holder)
        self.box = BiddingBox(self.stack)
        self.box.call_made.connect(self.student_call)
        self.box.undo_requested.connect(self.undo)
        handover = QWidget(self.stack)
        handover_layout = QVBoxLayout(handover)
        self.handover_label = QLabel(handover)
        self.handover_label.setObjectName("handoverLabel")
        self.handover_label.setWordWrap(True)
        big = QFont(self.handover_label.font())
        big.setPointSizeF(big.pointSizeF() * 1.3)
        self.handover_label.setFont(big)
        ready = self.ready_button = QPushButton(self.tr("Ready"), handover)
        ready.setObjectName("handoverReady")
        ready.clicked.connect(self.ready)
        handover_layout.addWidget(self.handover_label)
        handover_layout.addWidget(ready, 0, Qt.AlignmentFlag.AlignLeft)
        handover_layout.addStretch(1)
        self.stack.addWidget(self.box)
        self.stack.addWidget(handover)
        self.verdict = QLabel(holder)
        self.verdict.setObjectName("biddingVerdict")
        self.result = QLabel(holder)
        self.result.setObjectName("biddingResult")
        self.score_label = QLabel(holder)
        self.score_label.setObjectName("biddingScore")
        for label in (self.verdict, self.result, self.score_label):
            label.setWordWrap(True)
            label.setTextFormat(Qt.TextFormat.PlainText)
            label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
            label.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        layout.addWidget(self.auction_view)
        layout.addWidget(self.stack, 1)  # the bidding box takes the dock's spare height (its calls scale)
        # What changes with every call (the verdict, what the auction shows, the result and the score)
        # sits in a scrolled area of its own height, so the box above never moves under the pointer.
        self.notes = QScrollArea(holder)
        self.notes.setObjectName("biddingNotes")
        self.notes.setFrameShape(QFrame.Shape.NoFrame)
        self.notes.setWidgetResizable(True)
        self.notes.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        notes = self._notes_content = QWidget(self.notes)
        notes_layout = QVBoxLayout(notes)
        notes_layout.setContentsMargins(0, 0, 0, 0)
        notes_layout.addWidget(self.verdict)
        self.inference = InferencePanel(notes)  # "what we know" after every call
        self._pending_inference: tuple[System, Auction, KnownHand, str] | None = None
        self._inference_timer = QTimer(self)
        self._inference_timer.setSingleShot(True)
        self._inference_timer.setInterval(INFERENCE_DELAY_MS)
        self._inference_timer.timeout.connect(
            self._start_inference
        )  # "what we know" after every call (inference_panel)
        notes_layout.addWidget(self.inference)
        notes_layout.addWidget(self.result)
        notes_layout.addWidget(self.score_label)
        notes_layout.addStretch(1)
        self.notes.setWidget(notes)
        self.inference.details.toggled.connect(self._chart_toggled)
        layout.addWidget(self.notes)
        self._reserve_lines()
        self.dock.setWidget(holder)
        self.dock.hide()

    def fit_dock(self) -> None:
        """Give the dock a share of the window's width (``DOCK_SHARE``): on a large screen the bidding
        box grows with it instead of staying the size of a small one's."""
        if not self.dock.isVisible():
            return  # sized when it first appears
        width = max(self.dock.minimumSizeHint().width(), int(self._parent.width() * DOCK_SHARE))
        self.dock_width_wanted.emit(width)
        self._fitted = True

    def _reserve_lines(self) -> None:
        """Room for a verdict (``VERDICT_LINES``) and a score (two lines) before there is one: the bidding
        box above them takes the dock's spare height, so labels growing and shrinking with every call
        moved its buttons under the student's pointer (and repainted the whole dock each call)."""
        line = self.verdict.fontMetrics().lineSpacing()
        self.verdict.setMinimumHeight(VERDICT_LINES * line)
        self.score_label.setMinimumHeight(2 * line)
        # The notes' height changes only when the user opens or closes the HCP chart, and their width
        # always counts the scroll bar: one coming and going must not widen or narrow the dock.
        base = max(NOTES_LINES * line, int(self._holder.height() * NOTES_SHARE))  # more room on a tall screen
        height = base
        if self.inference.details.isChecked():
            # The chart gets what the dock can spare above the bidding box's own minimum, and the notes
            # scroll for the rest: a taller dock grew the window past the bottom of a 1280x800 screen.
            box = self.stack.minimumSizeHint().height() + self.auction_view.minimumSizeHint().height()
            spare = self._holder.height() - box - 3 * line  # the layout's margins and spacing
            height = max(base, min(base + self.inference.chart.minimumHeight() + line, spare))
        self.notes.setFixedHeight(height)
        scroll_bar = self.notes.verticalScrollBar().sizeHint().width()
        self.notes.setMinimumWidth(self._notes_content.minimumSizeHint().width() + scroll_bar)

    @Slot(bool)
    def _chart_toggled(self, on: bool) -> None:
        """The HCP chart opened or closed: make room for it, and give the keyboard back to the bidding box."""
        self._reserve_lines()
        if on:  # once laid out, scroll the notes so that the chart just opened starts at their top
            QTimer.singleShot(0, self._scroll_to_chart)
        if self.board is not None and self.board.student_to_call and self.stack.currentWidget() is self.box:
            self.box.setFocus(Qt.FocusReason.OtherFocusReason)

    def _scroll_to_chart(self) -> None:
        top = self.inference.chart.mapTo(self._notes_content, QPoint(0, 0)).y()
        self.notes.verticalScrollBar().setValue(max(0, top - self.verdict.fontMetrics().lineSpacing() * 2))

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        # Both auctions side by side when the dock has the room, one above the other when it is narrow
        # (the deal keeps its width on a small screen).
        if event.type() == QEvent.Type.Resize:
            self.auction_view.set_stacked(typing.cast(QWidget, watched).width() < SIDE_BY_SIDE_WIDTH)
            self._reserve_lines()
        elif event.type() == QEvent.Type.FontChange:
            self._reserve_lines()
        return super().eventFilter(watched, event)

    # -- choosing ----------------------------------------------------------------------------------

    def fill_menu(self, menu: QMenu) -> None:
        """Practice > Bid with a System: No Bidding, then each shipped system (one checked)."""
        group = QActionGroup(menu)
        entries = [("none", self.tr("&No Bidding (Only Hide and Reveal)"))]
        entries += [(name, shipped_label(name)) for name in system_choices()]  # SAYC once, not "Standard" too
        for name, text in entries:
            action = menu.addAction(text)
            action.setObjectName(f"bidSystem:{name}")
            action.setCheckable(True)
            action.setChecked(name == (self.system_name or "none"))
            group.addAction(action)
            action.triggered.connect(lambda _c=False, n=name: self.set_system(None if n == "none" else n))
        menu.addSeparator()
        chosen = menu.addAction(self.tr("System &File…"))
        chosen.setObjectName("bidSystem:file")
        chosen.setCheckable(True)
        chosen.setChecked(bool(self.system_name) and self.system_name not in shipped_systems())
        chosen.setToolTip(self.tr("Bid with a system file of your own; it is checked before it is used"))
        group.addAction(chosen)
        chosen.triggered.connect(lambda _c=False: self.choose_system_file())
        self._menu = menu

    def choose_system_file(self, path: str | None = None) -> None:
        """Practice > Bid with a System > System File…: load a system file, show what the checker finds
        (unreachable or contradictory rules, with their lines) and bid with it only if the user goes on."""
        from pathlib import Path

        from PySide6.QtWidgets import QFileDialog

        from bridgegui.ui.tools.system_check_dialog import SystemFileCheck

        if path is None:
            path, _ = QFileDialog.getOpenFileName(
                self._parent, self.tr("Bidding System File"), "", self.tr("Bidding systems (*.system);;All files (*)")
            )
        if not path:
            self._check_menu()
            return
        try:
            system = load_system(Path(path))
        except BridgeError as exc:
            self.messages.show_error(self.tr("Bidding System"), str(exc))
            self._check_menu()
            return
        self.file_check = SystemFileCheck(self._parent, system, Path(path).name)
        self.file_check.decided.connect(lambda use, p=path: self.set_system(p) if use else self._check_menu())

    def _check_menu(self) -> None:
        menu = getattr(self, "_menu", None)
        if menu is None:
            return
        wanted = f"bidSystem:{self.system_name or 'none'}"
        if self.system_name and self.system_name not in shipped_systems():
            wanted = "bidSystem:file"
        for action in menu.actions():
            if action.objectName() == wanted:
                action.setChecked(True)

    def set_system(self, name: str | None, loaded: System | None = None) -> None:
        """Bid with the shipped system ``name`` (or a system file), or stop bidding (None); ``loaded``: that
        system when the caller has it already.  ``standard`` is SAYC's entry (``shipped_system_name``)."""
        if name:
            name = shipped_system_name(name)
            try:
                self.system = loaded if loaded is not None else load_system(name)
            except BridgeError as exc:
                self.messages.show_error(self.tr("Bidding System"), str(exc))
                return
            self.system_name = name
            self.settings["systems/last"] = name
        else:
            self.system, self.system_name = None, ""
        # Remembered across restarts when shipped: a file of one's own may have moved by then.
        self.settings["practice/system"] = self.system_name if self.system_name in shipped_systems() else ""
        self._check_menu()
        self.system_changed.emit()

    def preferred_system(self) -> str:
        """The system a system chooser opens on: the one practised, else the one last chosen anywhere."""
        return self.system_name or self.settings["systems/last"]

    def active(self) -> bool:
        """True while the student bids: practice mode is on and a system is chosen."""
        return self.system is not None and self.practice.seats is not None

    def can_undo(self) -> bool:
        return self.active() and self.board is not None and self.board.can_undo

    @Slot(bool)
    def set_system_auction_in_section(self, on: bool) -> None:
        """Keep the system's auction (with its explanations) as a practised board's PBN auction, and the
        student's in a ``StudentAuction`` tag, rather than the other way round."""
        self.system_auction_in_section = bool(on)

    @Slot(bool)
    def set_verdicts_at_end(self, on: bool) -> None:
        """Say the system's verdicts only when the auction is over (a test of the whole auction)."""
        self.verdicts_at_end = bool(on)

    # -- the board on screen -------------------------------------------------------------------------

    def board_shown(self, board: Board | None, row: int) -> None:
        """A board is on screen: start (or show the end of) its practice when practising."""
        appearing = self.active() and not self.dock.isVisible()
        self.dock.setVisible(self.active())
        if appearing and not self._fitted and self.fit_when_shown:
            self._fitted = True
            QTimer.singleShot(0, self.fit_dock)  # once the dock is laid out: a size asked before is lost
        self.board = None
        self._row = row
        self.verdict.clear()
        self._verdicts = {}
        self.result.clear()
        self.auction_view.set_second_auction(None)
        self.auction_view.set_four_colour(self._four_colour.isChecked())
        if self.active():
            self._update_score()
        if not self.active() or board is None or board.deal is None or not board.deal.is_complete:
            self.inference.clear()
            self.auction_view.set_auction(None)
            self.box.set_auction(None)
            self.stack.setCurrentIndex(0)
            self.stack.show()
            self.changed.emit()
            return
        assert self.system is not None and self.practice.seats is not None
        if self._show_finished(board):
            return
        self.board = PracticeBoard(
            self.system,
            board.deal,
            board.effective_dealer or "N",
            self.practice.seats,
            board.effective_vulnerable or "None",
        )
        self._handover_done = False
        self.board.advance()
        self._show()

    def _show_finished(self, board: Board) -> bool:
        """A board practised before (its ``BidPractice`` record says the auction ended): show both
        auctions and the hands, without bidding it again (deal it again to practise it afresh)."""
        try:
            record = BoardRecord.from_tags(board.tags)
            dealer = board.effective_dealer or "N"
            mine: Auction | None
            if board.tag(STUDENT_AUCTION_TAG):
                mine = Auction.parse(dealer, board.tag(STUDENT_AUCTION_TAG) or "")
                reference = board.auction or Auction(dealer)
            else:
                mine = board.auction
                reference = Auction.parse(dealer, board.tag(SYSTEM_AUCTION_TAG) or "")
        except BridgeError:
            return False
        if record is None or not record.finished or mine is None or not mine.is_complete:
            return False
        self.box.set_auction(None)
        self.stack.setCurrentIndex(0)
        self.stack.hide()
        self.auction_view.set_auction(mine, [n or "" for n in mine.notes])
        self.auction_view.set_second_auction(reference)
        self.result.setText(
            self.tr(
                "Bid before: your auction and the system's are shown. Deal (F5) would replace this board with a new one."
            )
        )
        self.practice.set_shown(None, reveal=True)
        self.changed.emit()
        return True

    def _show(self) -> None:
        pb = self.board
        assert pb is not None
        explanations = [c.explanation for c in pb.choices]
        self.auction_view.set_auction(pb.auction, explanations if pb.is_complete else self._own(pb))
        if pb.handover_needed and not self._handover_done:
            seat = SEAT_NAMES[SEATS.index(pb.next_seat or "N")]
            self.handover_label.setText(
                self.tr("{seat} to bid. Pass the screen to {seat}, then press Ready.").format(seat=seat)
            )
            self.stack.setCurrentIndex(1)
            self.practice.set_shown(None)
            self._take_focus(self.ready_button)
        else:
            self.stack.setCurrentIndex(0)
            self.stack.setVisible(not pb.is_complete)  # the finished board needs the room for both auctions
            if len(pb.student_seats) > 1 and pb.next_seat is not None:
                self.practice.set_shown(pb.next_seat)
            self.box.set_auction(pb.auction if pb.student_to_call else None)
            if pb.student_to_call:
                self._take_focus(self.box)
        self.box.set_undo_enabled(pb.can_undo)
        if pb.is_complete:
            self._finish()
        else:
            self._show_verdict()
            self._show_score()
        self._show_inference(pb)
        self.changed.emit()

    def _show_verdict(self) -> None:
        """The verdict line while the auction goes on: one student sees their last verdict; with two at
        one screen, only the verdict of the hand on screen (none on the hand-over page), since a verdict
        says the hand's HCP and pattern."""
        pb = self.board
        if pb is None or len(pb.student_seats) == 1:
            return
        shown = self.practice.shown
        self.verdict.setText(self._verdicts.get(shown or "", ""))

    def _take_focus(self, widget: QWidget) -> None:
        """Keyboard bidding goes on across boards and hand-overs: the box (or Ready) takes the focus back
        from the deal diagram, the board list or a hidden page, never from a field the user types in."""
        focused = QApplication.focusWidget()
        if isinstance(focused, QLineEdit | QAbstractSpinBox | QTextEdit | QPlainTextEdit):
            return
        if focused is None or focused.window() is self._parent.window():
            widget.setFocus(Qt.FocusReason.OtherFocusReason)

    def _viewer(self, pb: PracticeBoard) -> str | None:
        """The student whose knowledge the inference and the simulation use: the one to call, else the first."""
        if pb.student_to_call and pb.next_seat is not None:
            return pb.next_seat
        return pb.student_seats[0] if pb.student_seats else None

    def _vulnerable(self) -> str:
        """The board's vulnerability, as the practice board bids at it."""
        return self.board.vulnerable if self.board is not None else "None"

    def _show_inference(self, pb: PracticeBoard) -> None:
        """What the auction so far shows to the student, from the student's own hand (never the hidden ones)."""
        viewer = self._viewer(pb)
        if pb.is_complete or viewer is None or self.system is None or (pb.handover_needed and not self._handover_done):
            self._inference_timer.stop()
            self._pending_inference = None
            self.inference.clear()
            return
        known = KnownHand(viewer, pb.deal.hand(viewer).mask)
        self._pending_inference = (self.system, pb.auction, known, self._vulnerable())
        self._inference_timer.start()  # after the verdict is on screen: the dealing competes for the GIL

    @Slot()
    def _start_inference(self) -> None:
        if self._pending_inference is not None:
            system, auction, known, vulnerable = self._pending_inference
            self._pending_inference = None
            self.inference.show_for(system, auction, known, vulnerable)

    def decision_point(self) -> tuple[Auction, str, list[Call]] | None:
        """Where Simulate compares calls, and the calls: at the student's turn, the auction so far with the
        system's call and its listed alternatives; otherwise the student's last call's turn, with the
        system's call there first and the student's call second (None when the student has not bid)."""
        pb = self.board
        if not self.active() or pb is None or self.system is None:
            return None
        if pb.student_to_call and not pb.is_complete and pb.next_seat is not None:
            auction, seat, before = pb.auction, pb.next_seat, []
        elif pb.history:
            verdict = pb.history[-1]
            auction = Auction(pb.auction.dealer)
            for call in pb.auction.calls[: verdict.index]:
                auction = auction + call
            seat, before = verdict.seat, [verdict.call]
        else:
            return None
        choice = self.system.call_for(pb.deal, auction, self._vulnerable())
        candidates = [choice.call]
        for call in [*before, *(a.call for a in (choice.rule.alternatives if choice.rule is not None else ()))]:
            if call not in candidates and auction.is_legal(call):
                candidates.append(call)
        return auction, seat, candidates

    @Slot()
    def simulate(self) -> None:
        """Practice → Simulate: compare the system's call, the student's, the rule's alternatives and any calls
        the user adds, by double-dummy score over deals consistent with the auction and the student's hand
        (``SimulationWindow``)."""
        pb = self.board
        point = self.decision_point()
        if pb is None or point is None:
            self.messages.show_error(
                self.tr("Simulate"), self.tr("Simulate compares calls at your turn to bid, or your last call.")
            )
            return
        auction, seat, candidates = point
        setup = SimulationSetup(
            self.system_name,
            auction.text(),
            auction.dealer,
            tuple(str(c) for c in candidates),
            KnownHand(seat, pb.deal.hand(seat).mask),
            self._vulnerable(),
        )
        self.simulate_requested.emit(setup)

    def shutdown(self) -> None:
        """The window is closing: stop the inference job and wait for its thread."""
        self._inference_timer.stop()
        self._pending_inference = None
        self.inference.shutdown()

    def _own(self, pb: PracticeBoard) -> list[str]:
        """Tooltips while bidding: the system's explanations of its own calls; none for the student's."""
        own = {v.index for v in pb.history}
        return ["" if i in own else c.explanation for i, c in enumerate(pb.choices)]

    @Slot()
    def ready(self) -> None:
        """The hand-over page's Ready: show the hand of the student to bid."""
        self._handover_done = True
        if self.board is not None:
            self._show()

    # -- the student's calls -----------------------------------------------------------------------

    @Slot(object)
    def student_call(self, call: Call) -> Verdict | None:
        """Make the student's call, say what the system thinks of it, and let the system bid on."""
        pb = self.board
        if pb is None or not pb.student_to_call:
            return None
        verdict = pb.student_call(call)
        if not self.verdicts_at_end:
            self._verdicts[verdict.seat] = self.verdict_text(verdict)
            self.verdict.setText(self._verdicts[verdict.seat])
        self._handover_done = False
        pb.advance()
        self._show()
        return verdict

    @Slot()
    def undo(self) -> None:
        """Take back the student's last call (Ctrl+Z), while the auction goes on."""
        if self.board is None or not self.board.can_undo:
            return
        verdict = self.board.undo()
        self._verdicts[verdict.seat] = self.tr("Took back {call}.").format(call=verdict.call.symbol())
        self.verdict.setText(self._verdicts[verdict.seat])
        self._handover_done = True
        self._show()

    # -- the end of a board --------------------------------------------------------------------------

    def _finish(self) -> None:
        pb = self.board
        assert pb is not None
        self.practice.set_shown(None, reveal=True)
        reference = pb.system_result()
        system_auction, system_choices = reference.auction, reference.choices
        self.auction_view.set_auction(pb.auction, [c.explanation for c in pb.choices])
        self.auction_view.set_second_auction(system_auction, [c.explanation for c in system_choices])
        if self.verdicts_at_end:
            self.verdict.setText("\n".join(self.verdict_text(v) for v in pb.history))
        self.result.setText(self._result_text(pb))
        if double_dummy.installed():
            self.tricks_wanted.emit()  # the table of tricks and par for the revealed deal
        record = pb.record()
        model = self.board_model
        board = model.board(self._row) if self._row < model.rowCount() else None
        if board is not None and board.tag(PRACTICE_TAG) != record.tag_value():
            model.replace_board(self._row, self._kept(board, pb))
            self.changed.emit()
        self._update_score()

    def _kept(self, board: Board, pb: PracticeBoard) -> Board:
        """The board as saved after practice: one auction in the PBN section, the other in a tag."""
        reference = pb.system_result()
        tags = pb.record().to_tags()
        if self.system_auction_in_section:
            explained = reference.auction
            for i, choice in enumerate(reference.choices):
                explained = explained.with_note(i, choice.explanation)
            return board.with_auction(explained).with_tags(
                **tags, **{STUDENT_AUCTION_TAG: pb.auction.text(), SYSTEM_AUCTION_TAG: None}
            )
        notes = pb.auction
        for v in pb.history:
            notes = notes.with_note(v.index, self.tr("The system: {call}").format(call=v.system.call.symbol()))
        return board.with_auction(notes).with_tags(
            **tags, **{SYSTEM_AUCTION_TAG: reference.auction.text(), STUDENT_AUCTION_TAG: None}
        )

    def _result_text(self, pb: PracticeBoard) -> str:
        contract, reference = pb.contract(), pb.system_contract()
        words = [
            self.tr("Your contract: {c}.").format(c=self._contract_words(contract)),
            self.tr("The system's: {c}.").format(c=self._contract_words(reference)),
        ]
        words.append(self.tr("Same contract.") if pb.contract_matches else self.tr("A different contract."))
        if contract is not None:
            declarer = SEATS.index(contract.declarer)
            dummy = SEATS[(declarer + 2) % 4]
            estimate = tricks.estimate_whole_tricks(
                pb.deal.hand(contract.declarer), pb.deal.hand(dummy), contract.strain
            )
            words.append(self.tr("The declaring side's estimate: {n} tricks.").format(n=estimate))
        if double_dummy.installed():
            words.append(self.tr("The double-dummy tricks and par are in the Double Dummy tab."))
        return " ".join(words)

    def _contract_words(self, contract: object) -> str:
        if contract is None:
            return self.tr("passed out")
        c = typing.cast(typing.Any, contract)
        return self.tr("{contract} by {seat}").format(contract=c.symbol(), seat=SEAT_NAMES[SEATS.index(c.declarer)])

    def _update_score(self) -> None:
        """The session's score, from the practised boards' ``BidPractice`` tags (a reopened set keeps it)."""
        model = self.board_model
        boards = (model.board(row) for row in range(model.rowCount()))
        try:
            self.score = PracticeScore.from_boards_tags(b.tags for b in boards)
        except BridgeError:  # a hand-edited tag: the score starts afresh rather than the window failing
            self.score = PracticeScore()
        self._show_score()

    def _show_score(self) -> None:
        """The stored score, with the calls of the board being bid (stored once its auction ends)."""
        s = self.score
        pb = self.board
        if pb is not None and not pb.is_complete and pb.history:
            s = s.add_calls(pb)
        if not (s.calls_made or s.boards_finished):
            self.score_label.setText(self.tr("Score: no calls yet."))
        elif s.calls_acceptable:
            self.score_label.setText(
                self.tr(
                    "Score: {a} of {m} calls agree with the system, {x} more are acceptable; {c} of {b} contracts match."
                ).format(
                    a=s.calls_agreeing,
                    m=s.calls_made,
                    x=s.calls_acceptable,
                    c=s.contracts_matching,
                    b=s.boards_finished,
                )
            )
        else:
            self.score_label.setText(
                self.tr("Score: {a} of {m} calls agree with the system; {c} of {b} contracts match.").format(
                    a=s.calls_agreeing, m=s.calls_made, c=s.contracts_matching, b=s.boards_finished
                )
            )

    # -- words -------------------------------------------------------------------------------------

    def _verb(self, call: Call, opening: bool, system: bool) -> str:
        if call.is_pass:
            return self.tr("passes") if system else self.tr("pass")
        if call.is_double:
            return self.tr("doubles") if system else self.tr("double")
        if call.is_redouble:
            return self.tr("redoubles") if system else self.tr("redouble")
        if opening:
            return (self.tr("opens {call}") if system else self.tr("open {call}")).format(call=call.symbol())
        return (self.tr("bids {call}") if system else self.tr("bid {call}")).format(call=call.symbol())

    def _why(self, explained: Explanation) -> str:
        """What a call means, from its explanation's parts (the verdict names the call itself):
        "15–17 HCP, balanced. Teaching note."; a catch-all says it is not covered.  A version-1
        rule's sentence is shown as written."""
        if explained.written:
            return explained.note.strip()
        if explained.catch_all:
            return self.tr("not covered by this system. {note}").format(note=sentence(explained.note)).strip()
        return explained.reason() or self.tr("any hand.")

    def _facts(self, facts: HandFacts) -> str:
        return self.tr("You have {hcp} HCP ({points} points) and {pattern}.").format(
            hcp=facts.hcp, points=facts.points, pattern="-".join(str(n) for n in facts.pattern)
        )

    def verdict_text(self, verdict: Verdict) -> str:
        """The verdict in a sentence: agreement and the system's reason, or the difference and what the
        student's call would have said, with the hand's facts."""
        system = self.tr("The system {verb}: {why}").format(
            verb=self._verb(verdict.system.call, verdict.opening, True),
            why=self._why(verdict.system.explained),
        )
        if verdict.agrees:
            return self.tr("Agreed. {system} {facts}").format(system=system, facts=self._facts(verdict.facts))
        mine = self.tr("You {verb}.").format(verb=self._verb(verdict.call, verdict.opening, False))
        if verdict.acceptable is not None:
            return self.tr("Acceptable. {mine} {system} {call} is also right: {reason} {facts}").format(
                mine=mine,
                system=system,
                call=verdict.call.symbol(),
                reason=verdict.acceptable.reason,
                facts=self._facts(verdict.facts),
            )
        if verdict.student_rule is not None:
            meant = self.tr("In the system {call} says: {why}").format(
                call=verdict.call.symbol(), why=self._why(verdict.student_rule.explanation_record)
            )
        else:
            meant = self.tr("The system has no meaning for {call} here.").format(call=verdict.call.symbol())
        return f"{mine} {system} {meant} {self._facts(verdict.facts)}"


__all__ = ["STUDENT_AUCTION_TAG", "SYSTEM_AUCTION_TAG", "BiddingPractice"]
