"""Deal for an auction: the teacher names an auction prefix and a bidding system, and Deal and Deal Set deal boards on which the system bids it.

The boards are dealt by the engine's ``plan_boards_for_auction`` and ``deal_boards_for_auction``, as
``bridgegui-deal --auction`` deals them: the calls' meanings drawn by the exact per-seat dealer, the
system run on every candidate at the board's vulnerability, each deal turned round the table so that
the board's own dealer (Law 2, or the dealer chosen in the editors) makes the first call.  While an auction is chosen the editors' constraints are set aside; clearing
the auction brings them back.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtGui import QFocusEvent
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from bridgegui.engine.bidding import (
    DEFAULT_SHIPPED_SYSTEM,
    SCENARIO_DEALER,
    Auction,
    Call,
    System,
    load_system,
    request_for_auction,
    shipped_label,
    shipped_system_name,
    system_choices,
)
from bridgegui.engine.dealer.constraints import DealRequest
from bridgegui.engine.errors import BridgeError
from bridgegui.settings import Settings
from bridgegui.ui.dialogs import fit_title
from bridgegui.ui.tools.system_check_dialog import SystemFileCheck
from bridgegui.ui.widgets.bidding_box import BiddingBox


@dataclass(frozen=True)
class AuctionTarget:
    """An auction prefix to deal for, with the system that bids it."""

    system: System
    calls: str  # "1NT P 2C P", as Auction.text() writes it
    system_label: str  # "standard", or the file's path

    def request(self) -> DealRequest:
        """The request for the dealer at ``SCENARIO_DEALER`` (raises ``ImpossibleError`` if never bid)."""
        return request_for_auction(self.system, self.calls, SCENARIO_DEALER)

    def text(self) -> str:
        """``1NT – 2♣ (Standard…)``: for the summary line and a saved set's header."""
        auction = Auction.parse(SCENARIO_DEALER, self.calls)
        calls = " – ".join(call.symbol() for call in auction.calls) or "—"
        return f"{calls} ({self.system.title or self.system.name})"


_GLUED_CALL = re.compile(r"(?<=[^\s\d=])(?=[1-7])")
"""Where a bid's level follows another call's last character with no space between ("P1n", "2C3h")."""


def separate_calls(text: str) -> str:
    """``text`` with a space wherever a bid starts right after another call: ``"1NT P 2C P1n"`` is
    ``"1NT P 2C P 1n"``.  A level is never part of the call before it, so this never splits a call."""
    return _GLUED_CALL.sub(" ", text)


def check_target(system: System, text: str, label: str) -> AuctionTarget:
    """A target for ``text``, or a ``BridgeError`` that says which call is wrong and why."""
    auction = Auction.parse(SCENARIO_DEALER, text)
    if not auction.calls:
        raise BridgeError("type the auction's first calls, e.g. 1NT P 2C")
    target = AuctionTarget(system, auction.text(), label)
    target.request()  # refuses an auction the system never bids, naming the call
    return target


class AuctionEdit(QLineEdit):
    """The typed auction: the focus puts the cursor after the last call, never a selection of them all,
    so what the teacher types next continues the auction instead of replacing it."""

    def focusInEvent(self, event: QFocusEvent) -> None:
        super().focusInEvent(event)
        if self.text():
            self.deselect()
            self.end(False)
            if not self.text().endswith(" "):
                self.setText(self.text() + " ")


class DealForAuctionDialog(QDialog):
    """Choose the system (``systemCombo``) and type the auction (``auctionEdit``); the answer is checked as you type.

    Signals (GUI thread): ``chosen(target)`` with an ``AuctionTarget``, or ``None`` for "Clear Auction".
    """

    chosen = Signal(object)

    def __init__(self, parent: QWidget | None, current: AuctionTarget | None = None, system_label: str = "") -> None:
        super().__init__(parent)
        self.setObjectName("dealForAuctionDialog")
        self.setWindowTitle(self.tr("Deal for an Auction"))
        fit_title(self)
        self._systems: dict[str, System] = {}
        self.system_combo = QComboBox(self)
        self.system_combo.setObjectName("systemCombo")
        # Each system once: "standard" is SAYC by another name, and a file or preset saying it finds SAYC.
        for name in system_choices():
            self.system_combo.addItem(shipped_label(name), name)
        self.system_combo.addItem(self.tr("Other System File…"), "")
        self.auction_edit = AuctionEdit(self)
        self.auction_edit.setObjectName("auctionEdit")
        self.auction_edit.setPlaceholderText(self.tr("e.g. 1NT P 2C P"))
        self.auction_edit.setToolTip(
            self.tr("The auction's first calls from the dealer: 1NT P 2C (also 2♣, X for double, XX for redouble)")
        )
        self.message = QLabel(self)
        self.message.setObjectName("auctionMessage")
        self.message.setWordWrap(True)
        # Or click the calls: the box offers the calls legal after what is typed so far.
        self.bidding_box = BiddingBox(self)
        self.bidding_box.set_undo_enabled(True)
        self.bidding_box.call_made.connect(self._append_call)
        self.bidding_box.undo_requested.connect(self._remove_call)
        form = QFormLayout()
        form.addRow(self.tr("&System:"), self.system_combo)
        form.addRow(self.tr("&Auction:"), self.auction_edit)
        form.addRow("", self.bidding_box)
        note = QLabel(
            self.tr(
                "Deal and Deal Set then deal boards on which the system bids these calls, with each "
                "board's dealer bidding first. The constraints in the editors are set aside until you "
                "clear the auction."
            ),
            self,
        )
        note.setWordWrap(True)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self)
        self.ok_button = buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.ok_button.setText(self.tr("Deal for This Auction"))
        clear = QPushButton(self.tr("Clear Auction"), self)
        clear.setObjectName("clearAuctionButton")
        clear.setEnabled(current is not None)
        buttons.addButton(clear, QDialogButtonBox.ButtonRole.ResetRole)
        clear.clicked.connect(self._clear)
        buttons.accepted.connect(self._accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.message)
        layout.addWidget(note)
        layout.addWidget(buttons)
        if current is not None:
            index = self.system_combo.findData(shipped_system_name(current.system_label))
            if index < 0:
                self._systems[current.system_label] = current.system
                self.system_combo.insertItem(0, Path(current.system_label).name, current.system_label)
                index = 0
            self.system_combo.setCurrentIndex(index)
            self.auction_edit.setText(current.calls + " ")  # what is typed next is a call of its own
        else:  # the system in use (practised, else last chosen), else SAYC: not the list's first (Acol)
            index = self.system_combo.findData(shipped_system_name(system_label or DEFAULT_SHIPPED_SYSTEM))
            if index < 0 and Path(system_label).is_file():
                try:
                    self._systems[system_label] = load_system(Path(system_label))
                except BridgeError:
                    pass  # a file that no longer reads: SAYC
                else:
                    self.system_combo.insertItem(0, Path(system_label).name, system_label)
                    index = 0
            if index < 0:
                index = self.system_combo.findData(DEFAULT_SHIPPED_SYSTEM)
            self.system_combo.setCurrentIndex(max(index, 0))
        self.system_combo.activated.connect(self._system_activated)
        self.auction_edit.textChanged.connect(self._check)
        self.auction_edit.textEdited.connect(self._separate_calls)
        self.auction_edit.setFocus(Qt.FocusReason.OtherFocusReason)
        self._target: AuctionTarget | None = None
        self.file_check: SystemFileCheck | None = None
        self._check()

    def _system(self) -> tuple[System, str]:
        label = str(self.system_combo.currentData())
        if label not in self._systems:
            self._systems[label] = load_system(label)
        return self._systems[label], label

    def _system_activated(self, index: int) -> None:
        if self.system_combo.itemData(index) == "":
            path, _ = QFileDialog.getOpenFileName(
                self, self.tr("Bidding System File"), "", self.tr("Bidding systems (*.system);;All files (*)")
            )
            if not path:
                self.system_combo.setCurrentIndex(0)
            else:
                try:
                    system = load_system(Path(path))
                except BridgeError as exc:
                    self.system_combo.setCurrentIndex(0)
                    self._show(str(exc), error=True)
                    return
                # The checker's problems are shown before the file is used (continue or cancel).
                self.system_combo.setCurrentIndex(0)
                self.file_check = SystemFileCheck(self, system, Path(path).name)
                self.file_check.decided.connect(lambda use, p=path, s=system: self._file_checked(p, s, use))
                return
        self._check()

    def _file_checked(self, path: str, system: System, use: bool) -> None:
        """Use the chosen file when its check found nothing or the user chose to use it anyway."""
        if use:
            self._systems[path] = system
            self.system_combo.insertItem(0, Path(path).name, path)
            self.system_combo.setCurrentIndex(0)
        self._check()
        if self.file_check is not None and self.file_check.error:
            self._show(self.file_check.error, error=True)

    def _show(self, text: str, *, error: bool) -> None:
        self.message.setText(text)
        self.message.setProperty("error", error)
        self.message.setStyleSheet("color: #c0392b;" if error else "")

    def _check(self) -> None:
        """Check the typed auction now: the reason for refusing it appears under the field."""
        self._target = None
        text = self.auction_edit.text().strip()
        if not text:
            self._show("", error=False)
        else:
            try:
                system, label = self._system()
                self._target = check_target(system, text, label)
            except BridgeError as exc:
                self._show(str(exc), error=True)
            else:
                self._show(self.tr("Boards will start {auction}.").format(auction=self._target.text()), error=False)
        self.ok_button.setEnabled(self._target is not None)
        self.bidding_box.set_auction(self._typed_auction() or Auction(SCENARIO_DEALER))

    def _separate_calls(self, text: str) -> None:
        """A call typed straight after another ("P1n") is a call of its own: put the space in."""
        separated = separate_calls(text)
        if separated != text:
            at = self.auction_edit.cursorPosition() + len(separated) - len(text)
            self.auction_edit.setText(separated)
            self.auction_edit.setCursorPosition(at)

    def _typed_auction(self) -> Auction | None:
        try:
            return Auction.parse(SCENARIO_DEALER, self.auction_edit.text())
        except BridgeError:
            return None

    def _append_call(self, call: Call) -> None:
        auction = self._typed_auction()
        calls = auction.text() if auction is not None else ""
        self.auction_edit.setText(f"{calls} {call}".strip())

    def _remove_call(self) -> None:
        words = self.auction_edit.text().split()
        self.auction_edit.setText(" ".join(words[:-1]))

    def target(self) -> AuctionTarget | None:
        return self._target

    def _accept(self) -> None:
        if self._target is not None:
            self.chosen.emit(self._target)
            self.accept()

    def _clear(self) -> None:
        self.chosen.emit(None)
        self.accept()


class AuctionDealing(QObject):
    """The window's auction to deal for (or None), the dialog that chooses it, and the line that shows it.

    Signals (GUI thread): ``changed()`` when the auction is chosen or cleared; ``target_chosen(target)``
    when another auction or system than before is chosen (an ``AuctionTarget``: practice follows its system).
    """

    changed = Signal()
    target_chosen = Signal(object)

    def __init__(self, parent: QWidget, settings: Settings, preferred_system: Callable[[], str]) -> None:
        """``preferred_system()``: the label of the system the dialog offers first (the one practised)."""
        super().__init__(parent)
        self._parent = parent
        self._settings = settings
        self._preferred_system = preferred_system
        self.target: AuctionTarget | None = None
        self._request: DealRequest | None = None
        self.label = QLabel(parent)
        self.label.setObjectName("auctionTargetLabel")
        self.label.setVisible(False)
        # The line may be cut short, never widen the window: with a long system name it made the status
        # bar (beside the deals tried and the deal number) wider than a 1280x800 screen, and the window
        # grew past the screen's edge on leaving practice mode.  The tooltip holds the whole line.
        self.label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)

    def ask(self) -> DealForAuctionDialog:
        dialog = DealForAuctionDialog(self._parent, self.target, self._preferred_system())
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.chosen.connect(self.set_target)
        dialog.open()
        return dialog

    def set_target(self, target: AuctionTarget | None) -> None:
        """Deal for ``target`` from now on (None: back to the editors' constraints)."""
        previous = self.target
        self.target = target
        self._request = None
        if target is not None:
            self._settings["systems/last"] = target.system_label
        self.label.setVisible(target is not None)
        if target is not None:
            line = self.tr("Dealing for {auction}").format(auction=target.text())
            self.label.setText(line)
            self.label.setToolTip(
                line
                + "\n"
                + self.tr(
                    "Deal and Deal Set deal boards on which the system bids these calls (Deal > Deal for an Auction…)"
                )
            )
        self.changed.emit()
        if target is not None and (
            previous is None or (previous.calls, previous.system_label) != (target.calls, target.system_label)
        ):
            self.target_chosen.emit(target)

    def target_text(self) -> str | None:
        """The chosen auction as the editors' line shows it, or None."""
        return self.target.text() if self.target is not None else None

    def request(self) -> DealRequest:
        """The request for the chosen auction, made once per choice (raises ``BridgeError`` if never bid)."""
        assert self.target is not None
        if self._request is None:
            self._request = self.target.request()
        return self._request


__all__ = [
    "SCENARIO_DEALER",
    "AuctionDealing",
    "AuctionTarget",
    "DealForAuctionDialog",
    "check_target",
    "separate_calls",
]
