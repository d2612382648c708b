"""Every action of the main window, declared once as data: name, text, keys, icon, and when it is enabled.

Why data (napari's ``_qapp_model/qactions``, Picard's ``@add_action`` registry): the menus, the toolbar
and the tests all refer to an action by its objectName, and whether it is enabled is a *function of
the window's state* (``ActionState``), not something a long method remembers to set after every
change.  ``build_actions`` makes the ``QAction`` s; ``apply_enabled`` derives every enabled state from
one snapshot; menus and toolbars are lists of names (``MENUS``, ``TOOLBAR``).

Slots are named by an attribute path on the window (``"deal"``, ``"document.save_file"``) and looked
up when the action fires, so a test that replaces a method on the window is honoured.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from operator import attrgetter

from PySide6.QtCore import QCoreApplication, QObject, Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMenu, QMenuBar, QToolBar, QToolButton, QWidget

from bridgegui.ui.app import icon

Key = QKeySequence.StandardKey | str


def N_(text: str) -> str:
    """Mark ``text`` for translation where it is declared; it is translated when the action is built."""
    return text


@dataclass(frozen=True, slots=True)
class ActionState:
    """What the enabled states depend on: a snapshot the window takes after anything changes."""

    can_deal: bool  # the request is dealable and no other job holds the window
    running: bool  # some job runs (dealing, analysis before saving, dealing with a shuffle model)
    analysing: bool
    row: int  # the position shown
    count: int  # boards in the set
    has_deal: bool  # a deal (even a partial one) is on screen
    has_complete_deal: bool
    practising: bool
    can_undo_call: bool = False  # bidding practice: the student's last call can be taken back
    can_undo: bool = False  # the undo stack has a step to undo
    can_redo: bool = False
    selected: tuple[int, ...] = ()  # first and last row of the boards the board actions act on; () for none
    dd_available: bool = True  # the optional endplay package is installed
    hands_hidden: bool = False  # practice mode hides some hands now (not revealed, the auction not over)


@dataclass(frozen=True, slots=True)
class ActionSpec:
    """One action.  ``triggered`` / ``toggled`` name the window's slot (an attribute path)."""

    name: str
    text: str
    keys: tuple[Key, ...] = ()
    tip: str = ""
    icon: str | None = None
    triggered: str | None = None  # called with no argument
    toggled: str | None = None  # called with the checked state (checkable actions)
    checked_trigger: str | None = None  # called with the checked state on a user's trigger only
    checkable: bool = False
    enabled: Callable[[ActionState], bool] | None = None  # None: always enabled
    role: QAction.MenuRole | None = None
    # When the keys work (None: always).  Two actions may share a key only if never both at once:
    # Ctrl+Z is Undo My Last Call while practising and Edit > Undo otherwise.
    keys_active: Callable[[ActionState], bool] | None = None
    # It would show what practice mode hides (the hidden hands, the deal number that gives them, the
    # constraints they were dealt to): disabled while hands are hidden, its tip saying why.
    reveals_hands: bool = False


HIDDEN_HANDS_TIP = N_(
    "Not while hands are hidden in practice mode: it would give them away. Reveal the hands (Space), "
    "finish the auction or leave practice mode first."
)
"""The tip of an action that ``reveals_hands`` while it is disabled for that reason."""


def _has_boards_to_save(s: ActionState) -> bool:
    return s.count > 0 and not s.analysing


def _can_edit_boards(s: ActionState) -> bool:
    """Board actions wait for a running job (boards arriving would land among moved rows)."""
    return not s.running and bool(s.selected)


def _can_move_up(s: ActionState) -> bool:
    return _can_edit_boards(s) and s.selected[0] > 0


def _can_move_down(s: ActionState) -> bool:
    return _can_edit_boards(s) and s.selected[-1] < s.count - 1


ACTIONS: tuple[ActionSpec, ...] = (
    ActionSpec(
        "actionDeal",
        N_("&Deal"),
        ("F5", "Ctrl+D"),
        N_("Deal the current board again with the constraints"),
        "deal",
        triggered="deal",
        enabled=lambda s: s.can_deal,
    ),
    ActionSpec(
        "actionDealSet",
        N_("Deal &Set…"),
        ("Ctrl+Shift+D",),
        N_("Deal a set of boards that fit the constraints"),
        "deal-set",
        triggered="ask_deal_set",
        enabled=lambda s: s.can_deal,
    ),
    ActionSpec(
        "actionDealForAuction",
        N_("Deal for an &Auction…"),
        ("Ctrl+Shift+A",),
        N_("Deal boards on which a bidding system bids the auction you type"),
        triggered="auction_dealing.ask",
    ),
    ActionSpec(
        "actionStop", N_("S&top"), ("Esc",), N_("Stop dealing"), "stop", triggered="stop", enabled=lambda s: s.running
    ),
    ActionSpec(
        "actionPrevBoard",
        N_("&Previous Board"),
        ("Ctrl+PgUp", "Alt+Left"),
        N_("Show the previous board"),
        "previous",
        triggered="session.previous_board",
        enabled=lambda s: s.row > 0,
    ),
    ActionSpec(
        "actionNextBoard",
        N_("&Next Board"),
        ("Ctrl+PgDown", "Alt+Right"),
        N_("Show the next board (past the last one: a new board to deal)"),
        "next",
        triggered="session.next_board",
        enabled=lambda s: s.row < s.count,  # past the last board: the empty next board
    ),
    ActionSpec(
        "actionOpen",
        N_("&Open…"),
        (QKeySequence.StandardKey.Open,),
        N_("Open a board set (PBN, LIN, DUP, DLM, BRI, DGE or CSV)"),
        "open",
        triggered="document.ask_open",
    ),
    ActionSpec(
        "actionSave",
        N_("&Save"),
        (QKeySequence.StandardKey.Save,),
        N_("Save the set in its file's format"),
        "save",
        triggered="save_file",
        enabled=_has_boards_to_save,
    ),
    ActionSpec(
        "actionSaveAs",
        N_("Save &As…"),
        (QKeySequence.StandardKey.SaveAs,),
        N_("Save the set as a new file, in any board-set format"),
        triggered="document.save_file_as",
        enabled=_has_boards_to_save,
    ),
    ActionSpec(
        "actionSaveDoubleDummy",
        N_("Add Double-Dummy Analysis When Saving"),
        tip=N_(
            "Save the DoubleDummyTricks and OptimumScore of every board (needs the optional endplay "
            "package; about a second a board)"
        ),
        checkable=True,
        enabled=lambda s: s.dd_available,
    ),
    ActionSpec(
        "actionPrint",
        N_("&Print…"),
        (QKeySequence.StandardKey.Print,),
        N_("Print practice sheets or hand records of the set"),
        triggered="sheets.ask_print",
        enabled=lambda s: s.count > 0,
        reveals_hands=True,
    ),
    ActionSpec(
        "actionExportPdf",
        N_("Export P&DF…"),
        tip=N_("Write practice sheets or hand records of the set as a PDF file"),
        triggered="sheets.ask_export_pdf",
        enabled=lambda s: s.count > 0,
        reveals_hands=True,
    ),
    ActionSpec(
        "actionImportScript",
        N_("&Import Dealer Script…"),
        tip=N_("Fill the constraints from a script for the classic dealer program"),
        triggered="document.ask_import_script",
    ),
    ActionSpec(
        "actionExportScript",
        N_("&Export as Dealer Script…"),
        tip=N_("Write the constraints as a script for the classic dealer program"),
        triggered="document.ask_export_script",
        reveals_hands=True,
    ),
    ActionSpec(
        "actionUndo",
        N_("&Undo"),
        (QKeySequence.StandardKey.Undo,),
        N_("Undo the last change to the boards or the constraints (while practising: your last call)"),
        triggered="undo.undo_in_context",
        # While practising, Undo is the student's last call, never the dealt board the student is bidding.
        enabled=lambda s: s.can_undo_call if s.practising else s.can_undo,
        keys_active=lambda s: not s.practising,
    ),
    ActionSpec(
        "actionRedo",
        N_("&Redo"),
        (QKeySequence.StandardKey.Redo,),
        N_("Do again what was undone"),
        triggered="undo.redo",
        enabled=lambda s: s.can_redo,
    ),
    ActionSpec(
        "actionDeleteBoards",
        N_("De&lete Boards"),
        ("Del",),  # not StandardKey.Delete: on X11 desktops it also holds Ctrl+D, which is Deal's
        N_("Delete the selected boards from the set"),
        triggered="board_commands.delete",
        enabled=_can_edit_boards,
    ),
    ActionSpec(
        "actionInsertDealtBoard",
        N_("&Insert Dealt Board"),
        ("Ctrl+Shift+I",),
        N_("Deal a board to the constraints and put it before the selected one"),
        triggered="board_commands.insert_dealt",
        enabled=lambda s: s.can_deal and not s.running,
    ),
    ActionSpec(
        "actionInsertBlankBoard",
        N_("Insert &Blank Board"),
        tip=N_("Put a board without a deal before the selected one"),
        triggered="board_commands.insert_blank",
        enabled=lambda s: not s.running,
    ),
    ActionSpec(
        "actionMoveBoardsUp",
        N_("Move Boards &Up"),
        ("Ctrl+Shift+Up",),
        N_("Move the selected boards one place up"),
        triggered="board_commands.move_up",
        enabled=_can_move_up,
    ),
    ActionSpec(
        "actionMoveBoardsDown",
        N_("Move Boards Do&wn"),
        ("Ctrl+Shift+Down",),
        N_("Move the selected boards one place down"),
        triggered="board_commands.move_down",
        enabled=_can_move_down,
    ),
    ActionSpec(
        "actionRenumberBoards",
        N_("Re&number Boards…"),
        tip=N_("Number the boards in list order from a number you choose"),
        triggered="board_commands.ask_renumber",
        enabled=lambda s: s.count > 0 and not s.running,
    ),
    ActionSpec(
        "actionCopy",
        N_("&Copy Deal"),
        (QKeySequence.StandardKey.Copy,),
        N_("Copy the deal as a PBN line and a text diagram"),
        "copy",
        triggered="deal_commands.copy_deal",
        enabled=lambda s: s.has_deal,
    ),
    ActionSpec(
        "actionCopyDealNumber",
        N_("Copy Deal &Number"),
        ("Ctrl+Shift+C",),
        N_("Copy the number of the shown deal"),
        triggered="deal_commands.copy_deal_number",
        enabled=lambda s: s.has_complete_deal,
        reveals_hands=True,
    ),
    ActionSpec(
        "actionGoToDealNumber",
        N_("&Go to Deal Number…"),
        ("Ctrl+G",),
        N_("Show any deal by its number"),
        "go-to",
        triggered="deal_commands.ask_deal_number",
    ),
    ActionSpec(
        "actionPractice",
        N_("&Practice Mode…"),
        ("Ctrl+Shift+P",),
        N_("Show only some hands, to bid them"),
        "practice",
        checkable=True,
        checked_trigger="practice.triggered",
    ),
    ActionSpec(
        "actionReveal",
        N_("&Reveal All Hands"),
        ("Space",),
        N_("Show the hidden hands (practice mode)"),
        "reveal",
        checkable=True,
        toggled="practice.reveal",
        enabled=lambda s: s.practising,
    ),
    ActionSpec(
        "actionUndoCall",
        N_("&Undo My Last Call"),
        ("Ctrl+Z",),
        N_("Take back your last call while the auction goes on (bidding practice)"),
        triggered="bidding.undo",
        enabled=lambda s: s.can_undo_call,
        keys_active=lambda s: s.practising,
    ),
    ActionSpec(
        "actionVerdictsAtEnd",
        N_("System's Verdicts Only at the &End"),
        tip=N_("Hear what the system thinks of your calls when the auction is over, not after each call"),
        checkable=True,
        toggled="bidding.set_verdicts_at_end",
    ),
    ActionSpec(
        "actionSystemAuctionInSection",
        N_("Save the System's Auction as the Board's"),
        tip=N_(
            "A practised board keeps the system's auction (with its explanations) in its PBN auction "
            "section and yours in a StudentAuction tag, instead of yours in the section"
        ),
        checkable=True,
        toggled="bidding.set_system_auction_in_section",
    ),
    ActionSpec(
        "actionExplain",
        N_("&Explain This Hand…"),
        ("Ctrl+E",),
        N_("The system's whole auction for the shown deal, every call explained (for a projector)"),
        triggered="open_explain",
        enabled=lambda s: s.has_complete_deal,
        reveals_hands=True,
    ),
    ActionSpec(
        "actionSimulate",
        N_("&Simulate Calls…"),
        (),
        N_(
            "At your turn to bid: what each candidate call would score, double dummy, over deals consistent with the auction and your hand"
        ),
        triggered="bidding.simulate",
        enabled=lambda s: s.practising and s.dd_available,
    ),
    ActionSpec(
        "actionSystemNotes",
        N_("System &Notes…"),
        (),
        N_("The bidding system in use as a searchable tree: auctions, calls and what they mean"),
        triggered="system_notes.open",
    ),
    ActionSpec(
        "actionSavePreset",
        N_("Save Current as Preset…"),
        tip=N_("Keep these constraints in the Presets menu"),
        triggered="presets_controller.ask_save",
        reveals_hands=True,
    ),
    ActionSpec(
        "actionClearConstraints",
        N_("C&lear Constraints"),
        tip=N_("Remove every constraint"),
        triggered="clear_constraints",
    ),
    ActionSpec(
        "actionFourColour",
        N_("&Four-Colour Deck"),
        tip=N_("♠ black, ♥ red, ♦ orange, ♣ green"),
        checkable=True,
        toggled="set_four_colour",
    ),
    ActionSpec(
        "actionQuiz",
        N_("Evaluation &Quiz…"),
        ("Ctrl+Shift+Q",),
        N_("Count HCP, quick tricks, losers and tricks of hands dealt to the constraints"),
        triggered="open_quiz",
    ),
    ActionSpec(
        "actionFrequencies",
        N_("&Frequency Tables…"),
        tip=N_("Patterns, HCP and suit splits of the set or of a sample, against the exact odds"),
        triggered="open_frequencies",
        reveals_hands=True,
    ),
    ActionSpec(
        "actionShuffleLab",
        N_("&Shuffle Lab…"),
        tip=N_("How hand-shuffled decks differ from computer dealing; deal a set that way"),
        triggered="open_shuffle_lab",
    ),
    ActionSpec(
        "actionAudit",
        N_("&Audit Board Set…"),
        tip=N_("Test whether the current set looks randomly dealt"),
        triggered="open_audit",
        enabled=lambda s: s.count > 0,
    ),
    ActionSpec(
        "actionQuit",
        N_("&Quit"),
        (QKeySequence.StandardKey.Quit,),
        triggered="close",
        role=QAction.MenuRole.QuitRole,
    ),
    ActionSpec(
        "actionManual",
        N_("&Manual"),
        (QKeySequence.StandardKey.HelpContents,),
        N_("How to deal, practise, bid and print, step by step"),
        triggered="tool_windows.manual",
    ),
    ActionSpec(
        "actionKeyboardShortcuts",
        N_("&Keyboard Shortcuts"),
        tip=N_("Every key the window answers to"),
        triggered="tool_windows.keyboard_shortcuts",
    ),
    ActionSpec(
        "actionAbout", N_("&About Bridge Dealer"), triggered="tool_windows.about", role=QAction.MenuRole.AboutRole
    ),
)
"""Every action, in the order they are made."""

THEME_ACTIONS: tuple[ActionSpec, ...] = (
    ActionSpec("actionTheme_system", N_("Follow the &System"), checkable=True),
    ActionSpec("actionTheme_light", N_("&Light"), checkable=True),
    ActionSpec("actionTheme_dark", N_("&Dark"), checkable=True),
)
"""The palette choices, one checkable group in ``settings.THEMES`` order (the window connects each to its theme)."""

MENUS: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    (
        N_("&File"),
        "fileMenu",
        (
            "actionOpen",
            "@recentMenu",
            "actionSave",
            "actionSaveAs",
            "actionSaveDoubleDummy",
            "-",
            "actionPrint",
            "actionExportPdf",
            "-",
            "actionImportScript",
            "actionExportScript",
            "-",
            "actionQuit",
        ),
    ),
    (
        N_("&Edit"),
        "editMenu",
        (
            "actionUndo",
            "actionRedo",
            "-",
            "actionCopy",
            "actionCopyDealNumber",
            "-",
            "actionGoToDealNumber",
            "-",
            "actionInsertDealtBoard",
            "actionInsertBlankBoard",
            "actionMoveBoardsUp",
            "actionMoveBoardsDown",
            "actionDeleteBoards",
            "actionRenumberBoards",
            "-",
            "actionClearConstraints",
        ),
    ),
    (
        N_("&Deal"),
        "dealMenu",
        (
            "actionDeal",
            "actionDealSet",
            "actionDealForAuction",
            "actionStop",
            "-",
            "actionPrevBoard",
            "actionNextBoard",
        ),
    ),
    (
        N_("P&ractice"),
        "practiceMenu",
        (
            "actionPractice",
            "actionReveal",
            "-",
            "@biddingSystemMenu",
            "actionUndoCall",
            "actionVerdictsAtEnd",
            "actionSystemAuctionInSection",
            "actionExplain",
            "actionSimulate",
            "actionSystemNotes",
            "-",
            "actionQuiz",
        ),
    ),
    (N_("&Presets"), "presetsMenu", ()),
    (N_("&View"), "viewMenu", ("actionFourColour", "@paletteMenu", "-")),
    (N_("&Tools"), "toolsMenu", ("actionFrequencies", "-", "actionShuffleLab", "actionAudit")),
    (N_("&Help"), "helpMenu", ("actionManual", "actionKeyboardShortcuts", "-", "actionAbout")),
)
"""The menu bar: (title, objectName, entries); "-" is a separator, "@name" a submenu the window fills."""

SUBMENUS = {
    "recentMenu": N_("Open &Recent"),
    "paletteMenu": N_("&Palette"),
    "biddingSystemMenu": N_("&Bid with a System"),
}
"""The submenus the window fills itself ("@name" in ``MENUS``)."""

BOARD_LIST_MENU: tuple[str, ...] = (
    "actionInsertDealtBoard",
    "actionInsertBlankBoard",
    "-",
    "actionMoveBoardsUp",
    "actionMoveBoardsDown",
    "-",
    "actionDeleteBoards",
    "actionRenumberBoards",
    "-",
    "actionUndo",
    "actionRedo",
)
"""The board list's context menu: the Edit menu's board actions ("-" a separator)."""

TOOLBAR: tuple[tuple[str, bool], ...] = (
    ("actionDeal", False),
    ("actionDealSet", False),
    ("actionStop", False),
    ("-", False),
    ("actionPrevBoard", True),
    ("actionNextBoard", True),
    ("-", False),
    ("actionOpen", True),
    ("actionSave", True),
    ("actionCopy", True),
    ("-", False),
    ("actionPractice", False),
    ("actionReveal", True),
)
"""The main toolbar: (action name or "-", icon only)."""


TRANSLATION_CONTEXT = "Actions"
"""The context translators find the actions', menus' and toolbar's texts under."""


def translate(text: str) -> str:
    return QCoreApplication.translate(TRANSLATION_CONTEXT, text)


def _slot(window: QObject, path: str) -> Callable[..., object]:
    return attrgetter(path)(window)  # type: ignore[no-any-return]


def _keys(spec: ActionSpec) -> list[QKeySequence]:
    keys: list[QKeySequence] = []
    for key in spec.keys:
        if isinstance(key, QKeySequence.StandardKey):
            keys.extend(QKeySequence.keyBindings(key))
        else:
            keys.append(QKeySequence(key))
    return keys


def _set_tips(action: QAction, spec: ActionSpec, *, hidden_hands: bool) -> None:
    """The action's tooltip and status tip: what it does, or why it is disabled while hands are hidden."""
    text = HIDDEN_HANDS_TIP if hidden_hands else spec.tip
    if not text:
        action.setToolTip("")  # Qt's default: the action's text
        action.setStatusTip("")
        return
    tip = translate(text)
    shortcut = action.shortcut().toString(QKeySequence.SequenceFormat.NativeText)
    action.setToolTip(f"{tip} ({shortcut})" if shortcut and not hidden_hands else tip)
    action.setStatusTip(tip)


def make_action(window: QObject, spec: ActionSpec) -> QAction:
    """One ``QAction`` from its spec, parented to (and with shortcuts working in) ``window``."""
    action = QAction(translate(spec.text), window)
    action.setObjectName(spec.name)
    keys = _keys(spec)
    if keys:
        action.setShortcuts(keys)
    _set_tips(action, spec, hidden_hands=False)
    action.setCheckable(spec.checkable)
    if spec.icon:
        action.setProperty("iconName", spec.icon)
        action.setIcon(icon(spec.icon))
    if spec.role is not None:
        action.setMenuRole(spec.role)
    if spec.triggered is not None:
        path = spec.triggered
        action.triggered.connect(lambda _checked=False: _slot(window, path)())
    if spec.checked_trigger is not None:
        path = spec.checked_trigger
        action.triggered.connect(lambda checked=False: _slot(window, path)(checked))
    if spec.toggled is not None:
        path = spec.toggled
        action.toggled.connect(lambda checked: _slot(window, path)(checked))
    if hasattr(window, "addAction"):
        window.addAction(action)  # shortcuts work even when the toolbar is hidden
    return action


def build_actions(window: QObject) -> dict[str, QAction]:
    """Every action of ``ACTIONS``, by name; each is also set as ``window.<name>``."""
    actions = {}
    for spec in ACTIONS:
        action = make_action(window, spec)
        setattr(window, spec.name, action)
        actions[spec.name] = action
    return actions


def build_menus(
    bar: QMenuBar, actions: Mapping[str, QAction], palettes: Iterable[QAction], views: Iterable[QAction]
) -> dict[str, QMenu]:
    """The menus of ``MENUS`` in ``bar``, by objectName (submenus too); ``palettes`` go in the palette
    submenu, ``views`` (the docks' and toolbars' show/hide actions) at the end of the View menu."""
    menus: dict[str, QMenu] = {}
    for title, name, entries in MENUS:
        menu = bar.addMenu(translate(title))
        menu.setObjectName(name)
        menus[name] = menu
        for entry in entries:
            if entry == "-":
                menu.addSeparator()
            elif entry.startswith("@"):
                submenu = menu.addMenu(translate(SUBMENUS[entry[1:]]))
                submenu.setObjectName(entry[1:])
                menus[entry[1:]] = submenu
            else:
                menu.addAction(actions[entry])
    for action in palettes:
        menus["paletteMenu"].addAction(action)
    for action in views:
        menus["viewMenu"].addAction(action)
    return menus


def build_toolbar(parent: QWidget, actions: Mapping[str, QAction]) -> QToolBar:
    """The main toolbar (``mainToolBar``) of ``TOOLBAR``: text beside the icons, some icons alone."""
    bar = QToolBar(translate("Dealing"), parent)
    bar.setObjectName("mainToolBar")
    bar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
    for name, icon_only in TOOLBAR:
        if name == "-":
            bar.addSeparator()
            continue
        action = actions[name]
        bar.addAction(action)
        button = bar.widgetForAction(action)
        if icon_only and isinstance(button, QToolButton):
            button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonIconOnly)
    return bar


def shortcut_rows() -> list[tuple[str, list[QKeySequence]]]:
    """Every action that has keys, as (its text without mnemonics, translated; its keys): the
    Keyboard Shortcuts list is made from the declarations, so it can never disagree with them."""
    rows = []
    for spec in ACTIONS:
        keys = _keys(spec)
        if keys:
            rows.append((translate(spec.text).replace("&&", "\0").replace("&", "").replace("\0", "&"), keys))
    return rows


def apply_enabled(actions: dict[str, QAction], state: ActionState) -> None:
    """Set every action's enabled state, and whether its keys work, from ``state`` (the only place that does)."""
    for spec in ACTIONS:
        action = actions[spec.name]
        hidden = spec.reveals_hands and state.hands_hidden
        if spec.enabled is not None or spec.reveals_hands:
            action.setEnabled((spec.enabled is None or spec.enabled(state)) and not hidden)
        if spec.reveals_hands and action.property("hiddenHandsTip") != hidden:
            action.setProperty("hiddenHandsTip", hidden)
            _set_tips(action, spec, hidden_hands=hidden)
        if spec.keys_active is not None:
            keys = _keys(spec) if spec.keys_active(state) else []
            if action.shortcuts() != keys:
                action.setShortcuts(keys)


__all__ = [
    "ACTIONS",
    "BOARD_LIST_MENU",
    "HIDDEN_HANDS_TIP",
    "MENUS",
    "THEME_ACTIONS",
    "TOOLBAR",
    "ActionSpec",
    "ActionState",
    "apply_enabled",
    "build_actions",
    "shortcut_rows",
]
