"""The parts the main window assembles, in one place.

The window imports this module only when it builds them, after its frame has painted: the frame needs
nothing but Qt, and numpy, the engine and the parts load behind it (see the window's ``build``).
"""

from __future__ import annotations

from bridgegui.engine.boards import board_dealer, board_vulnerability
from bridgegui.ui.mainwindow.auction_target import AuctionDealing
from bridgegui.ui.mainwindow.autosave import Autosave, ask_restore_dialog
from bridgegui.ui.mainwindow.background_jobs import JobKind, Jobs
from bridgegui.ui.mainwindow.bidding_practice import BiddingPractice
from bridgegui.ui.mainwindow.board_commands import BoardCommands
from bridgegui.ui.mainwindow.constraints_dock import ConstraintsDock
from bridgegui.ui.mainwindow.deal_area import DealArea
from bridgegui.ui.mainwindow.deal_commands import DealCommands
from bridgegui.ui.mainwindow.deal_requests import Dealing
from bridgegui.ui.mainwindow.document import BoardSetDocument
from bridgegui.ui.mainwindow.feedback import LiveFeedback
from bridgegui.ui.mainwindow.practice import Practice
from bridgegui.ui.mainwindow.practice_system import PracticeSystemFollower
from bridgegui.ui.mainwindow.presets_menu import PresetsMenu
from bridgegui.ui.mainwindow.seed_bar import SeedBar
from bridgegui.ui.mainwindow.session import Messages, Session
from bridgegui.ui.mainwindow.sheets import Sheets
from bridgegui.ui.mainwindow.system_notes import SystemNotes
from bridgegui.ui.mainwindow.tool_windows import ToolWindows
from bridgegui.ui.mainwindow.undo import Undo

__all__ = [
    "AuctionDealing",
    "Autosave",
    "BiddingPractice",
    "BoardCommands",
    "BoardSetDocument",
    "ConstraintsDock",
    "DealArea",
    "DealCommands",
    "Dealing",
    "JobKind",
    "Jobs",
    "LiveFeedback",
    "Messages",
    "Practice",
    "PracticeSystemFollower",
    "PresetsMenu",
    "SeedBar",
    "Session",
    "Sheets",
    "SystemNotes",
    "ToolWindows",
    "Undo",
    "ask_restore_dialog",
    "board_dealer",
    "board_vulnerability",
]
