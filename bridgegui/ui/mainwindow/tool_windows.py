"""The tool windows opened from the main window: one of each at a time, imported when first opened.

The providers handed to them are the parts' own methods (the editors' current request, the board
set's boards), called on the GUI thread when the tool deals or counts.
"""

from __future__ import annotations

import contextlib
import typing
from collections.abc import Callable

from PySide6.QtCore import QObject, Qt
from PySide6.QtWidgets import QDialog, QMessageBox, QWidget

import bridgegui
from bridgegui.ui.mainwindow.bidding_practice import BiddingPractice
from bridgegui.ui.mainwindow.constraints_dock import ConstraintsDock
from bridgegui.ui.mainwindow.deal_requests import Dealing
from bridgegui.ui.mainwindow.document import BoardSetDocument
from bridgegui.ui.mainwindow.session import Session

if typing.TYPE_CHECKING:
    from bridgegui.engine.bidding.simulation import SimulationSetup


class ToolWindows(QObject):
    """Opens, raises and closes the tool windows of one main window (``parent``).

    What they read: the board set and the board on screen (``session``, ``document``), the editors'
    request (``dock``), the system practised (``bidding``); the Shuffle Lab deals through ``dealing``.
    """

    def __init__(
        self,
        session: Session,
        document: BoardSetDocument,
        dock: ConstraintsDock,
        bidding: BiddingPractice,
        dealing: Dealing,
        parent: QWidget,
    ) -> None:
        super().__init__(parent)
        self._parent = parent
        self.session = session
        self.document = document
        self.dock = dock
        self.bidding = bidding
        self.dealing = dealing
        self.open_windows: dict[str, QDialog] = {}

    def _open(self, name: str, make: Callable[[], QDialog]) -> QDialog:
        """Show the tool window ``name``, raising the open one rather than making a second."""
        tool = self.open_windows.get(name)
        if tool is not None:
            try:
                if tool.isVisible():
                    tool.raise_()
                    tool.activateWindow()
                    return tool
            except RuntimeError:  # its C++ object is gone (closed with WA_DeleteOnClose)
                pass
        tool = make()
        tool.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        tool.destroyed.connect(lambda _obj=None, n=name: self.open_windows.pop(n, None))
        self.open_windows[name] = tool
        tool.show()
        return tool

    def quiz(self) -> QDialog:
        """Practice → Evaluation Quiz: questions dealt to the current constraints (read when it deals)."""
        from bridgegui.ui.tools.quiz_window import QuizWindow

        return self._open("quiz", lambda: QuizWindow(self._parent, self.dock.current_request))

    def frequencies(self) -> QDialog:
        """Tools → Frequency Tables: of the current set, or of a sample dealt to the current constraints."""
        from bridgegui.ui.tools.frequency_window import FrequencyWindow

        def make() -> QDialog:
            tool = FrequencyWindow(
                self._parent,
                self.document.boards,
                self.dock.current_request,
                set_constraints_provider=lambda: self.document.request_text,
            )
            # Recount when the set changes (a new set, boards dealt or re-dealt); the window coalesces bursts.
            model = self.session.boards
            for signal in (model.modelReset, model.rowsInserted, model.dataChanged):
                signal.connect(tool.board_set_changed)
            return tool

        return self._open("frequencies", make)

    def shuffle_lab(self) -> QDialog:
        """Tools → Shuffle Lab: its "Deal a Set with This Model" deals in the main window."""
        from bridgegui.ui.tools.shuffle_lab_window import ShuffleLabWindow

        return self._open("shuffle_lab", lambda: ShuffleLabWindow(self._parent, self.dealing.deal_with_model_set))

    def audit(self) -> QDialog:
        """Tools → Audit Board Set: a fresh audit of the current set (an older audit window is replaced)."""
        from bridgegui.ui.tools.audit_window import AuditWindow

        old = self.open_windows.pop("audit", None)
        if old is not None:
            with contextlib.suppress(RuntimeError):
                old.close()
        return self._open("audit", lambda: AuditWindow(self._parent, self.document.boards()))

    def explain(self) -> QDialog:
        """Practice → Explain This Hand: the system's auction for the shown deal, every call explained."""
        from bridgegui.ui.tools.explain_window import ExplainWindow

        def shown() -> tuple:  # type: ignore[type-arg]
            board = self.session.current_board()
            deal = board.deal if board is not None else None
            dealer = (board.effective_dealer if board is not None else None) or "N"
            vulnerable = (board.effective_vulnerable if board is not None else None) or "None"
            return deal, dealer, vulnerable

        window = self._open("explain", lambda: ExplainWindow(self._parent, shown, self.bidding.preferred_system()))
        if self.bidding.system_name and isinstance(window, ExplainWindow):
            window.select_system(self.bidding.system_name)  # raised while another was shown: the one practised
        return window

    def manual(self) -> QDialog:
        """Help → Manual: the user manual (the Markdown the README links to)."""
        from bridgegui.ui.tools.manual_window import ManualWindow

        return self._open("manual", lambda: ManualWindow(self._parent))

    def keyboard_shortcuts(self) -> QDialog:
        """Help → Keyboard Shortcuts: every key, from the actions' declarations."""
        from bridgegui.ui.mainwindow.action_table import shortcut_rows
        from bridgegui.ui.tools.shortcuts_dialog import KeyboardShortcutsDialog

        return self._open("shortcuts", lambda: KeyboardShortcutsDialog(self._parent, shortcut_rows()))

    def simulation(self, setup: SimulationSetup) -> QDialog:
        """Practice → Simulate: candidate calls at the student's turn (a newer decision point replaces an older window)."""
        from bridgegui.ui.tools.simulation_window import SimulationWindow

        old = self.open_windows.pop("simulation", None)
        if old is not None:
            with contextlib.suppress(RuntimeError):
                old.close()
        return self._open("simulation", lambda: SimulationWindow(self._parent, setup))

    def about(self) -> None:
        """Help → About: the version and the licence, in the platform's box."""
        QMessageBox.about(
            self._parent,
            self.tr("About Bridge Dealer"),
            self.tr(
                "<h3>Bridge Dealer {version}</h3><p>Deals for contract-bridge bidding practice: exact "
                "constrained dealing, hand evaluation, PBN files.</p><p>Licensed under the GNU GPL, "
                "version 3 or later.</p>"
            ).format(version=bridgegui.__version__),
        )

    def board_changed(self, *, hands_hidden: bool = False) -> None:
        """The main window shows another board: an open Explain window explains that one; while practice
        mode hides hands it closes instead (explaining the system's auction would show them)."""
        tool = self.open_windows.get("explain")
        if tool is not None:
            with contextlib.suppress(RuntimeError):  # closed and deleted
                if hands_hidden:
                    tool.close()
                else:
                    tool.refresh()  # type: ignore[attr-defined]

    def close_all(self) -> None:
        for tool in list(self.open_windows.values()):
            with contextlib.suppress(RuntimeError):  # already deleted
                tool.close()  # each tool window stops and waits for its own worker


__all__ = ["ToolWindows"]
