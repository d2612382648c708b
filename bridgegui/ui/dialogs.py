"""The window's small dialogs: deal a set, go to a deal number, practice seats, save a preset, what to print.

Each dialog only collects values and checks them as the user types (OK stays disabled until they
make sense); the window opens them with ``open()`` (window-modal, no nested event loop) and acts on
``accepted``.  The window also offers a method for each action that takes the values directly, which
is what tests and scripts call.
"""

from __future__ import annotations

import functools
import typing
from collections.abc import Iterable, Sequence
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont, QFontMetrics, QGuiApplication
from PySide6.QtWidgets import (
    QAbstractItemView,
    QButtonGroup,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QMenu,
    QPushButton,
    QRadioButton,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from bridgegui.engine.deal_numbers import D
from bridgegui.engine.errors import DealNumberError
from bridgegui.presets import preset_name_key

MAX_SET = 100_000
"""Largest set the dialog offers: enough for any class, small enough to keep the list responsive."""


def _buttons(dialog: QDialog) -> QDialogButtonBox:
    box = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, dialog)
    box.accepted.connect(dialog.accept)
    box.rejected.connect(dialog.reject)
    return box


TITLE_BAR_ALLOWANCE = 200
"""Pixels a window manager's title bar spends beside the title (icon, minimise, maximise, close and
their margins; openbox and the GNOME and KDE themes all stay under this)."""


def shown_title(widget: QWidget) -> str:
    """The title a window manager shows: on X11 and Wayland Qt adds " — " and the application's display
    name ("Practice Mode — Bridge Dealer") unless the title already ends with it."""
    title = widget.windowTitle()
    name = QGuiApplication.applicationDisplayName()
    return title if not name or title.endswith(name) else f"{title} \u2014 {name}"


def fit_title(dialog: QWidget) -> None:
    """Make ``dialog`` at least as wide as its title needs in the title bar: a narrow dialog has its
    title cut ("Practice Mode… Bridge Dealer").  Title bars use a bold font a little larger than the dialog's."""
    font = QFont(dialog.font())
    font.setBold(True)
    font.setPointSizeF(font.pointSizeF() * 1.1)
    needed = QFontMetrics(font).horizontalAdvance(shown_title(dialog)) + TITLE_BAR_ALLOWANCE
    dialog.setMinimumWidth(max(dialog.minimumWidth(), needed))


ROTATION_CHOICES = ("none", "law2", "ns")
"""The Deal Set dialog's rotations, as ``engine.dealer.rotation.ROTATIONS`` names them."""

SOURCE_COUNT = 8
"""Boards a scenario gets when it is added to the Deal Set dialog's list (the user changes it there)."""


class DealSetDialog(QDialog):
    """How many boards to deal, the first board's number, the rotation, and optionally several scenarios.

    With no scenarios listed, the set deals the window's constraints (or its auction), as before.  Each
    listed scenario (a preset, or a dealer script's file) has its own count; the set then holds their
    sum, in an order where no scenario comes twice in a row when the counts allow it
    (``engine.dealer.mixing``), each board recording its scenario.  The rotation turns every deal
    (``engine.dealer.rotation``): the scenario's dealer deals each board as Law 2 numbers it, or the
    partnerships change places on about half the boards, each chosen at random.

    ``sources()`` gives ``("preset:NAME" or a script's path, count)`` pairs, the command line's spelling,
    which ``bridgegui.set_sources`` resolves.  ``add_source`` is what the Add buttons call (and tests).
    """

    def __init__(
        self,
        parent: QWidget | None = None,
        *,
        count: int = 16,
        first_board: int = 1,
        presets: Sequence[str] = (),
        rotation: str = "none",
        script_folder: str = "",
        auction: str = "",
    ) -> None:
        super().__init__(parent)
        self.setObjectName("dealSetDialog")
        self._auction = auction  # the auction the window deals for ("1NT – 2♣ (SAYC)"), or ""
        self.setWindowTitle(self.tr("Deal a Set of Boards"))
        fit_title(self)
        self._script_folder = script_folder
        layout = QVBoxLayout(self)
        form = QFormLayout()
        self._count = QSpinBox(self)
        self._count.setObjectName("boardCount")
        self._count.setRange(1, MAX_SET)
        self._count.setValue(count)
        self._count.setToolTip(self.tr("How many boards to deal (16 is a club session's usual set)"))
        self._first = QSpinBox(self)
        self._first.setObjectName("firstBoard")
        self._first.setRange(1, 9999)
        self._first.setValue(first_board)
        self._first.setToolTip(self.tr("Number of the first board: dealer and vulnerability follow it (Law 2)"))
        self._rotation = QComboBox(self)
        self._rotation.setObjectName("rotation")
        names = {
            "none": self.tr("None: the boards as dealt"),
            "law2": self.tr("The scenario's dealer deals every board (Law 2 order)"),
            "ns": self.tr("Swap North-South with East-West at random"),
        }
        for choice in ROTATION_CHOICES:
            self._rotation.addItem(names[choice], choice)
        self._rotation.setCurrentIndex(max(0, self._rotation.findData(rotation)))
        self._rotation.setToolTip(
            self.tr(
                "Law 2 order: each deal is turned so that the hand the scenario gives its dealer (North "
                "unless it names another) sits with the board's dealer: board 1 North, 2 East, 3 South, "
                "4 West. Swapping: on about half of the boards every hand moves one seat clockwise."
            )
        )
        form.addRow(self.tr("&Boards:"), self._count)
        form.addRow(self.tr("&First board number:"), self._first)
        form.addRow(self.tr("&Rotation:"), self._rotation)
        layout.addLayout(form)

        group = QGroupBox(self.tr("Mix scenarios"), self)
        group_layout = QVBoxLayout(group)
        self._table = QTableWidget(0, 2, self)
        self._table.setObjectName("setSources")
        self._table.setHorizontalHeaderLabels([self.tr("Scenario"), self.tr("Boards")])
        self._table.horizontalHeader().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        self._table.horizontalHeader().setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        self._table.verticalHeader().hide()
        self._table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self._table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self._table.setMinimumHeight(self._table.fontMetrics().height() * 8)
        group_layout.addWidget(self._table)
        buttons = QHBoxLayout()
        self._add_preset = QToolButton(self)
        self._add_preset.setObjectName("addPreset")
        self._add_preset.setText(self.tr("Add &Preset"))
        self._add_preset.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        menu = QMenu(self._add_preset)
        for name in presets:
            menu.addAction(name, functools.partial(self.add_source, f"preset:{name}", SOURCE_COUNT, name))
        self._add_preset.setMenu(menu)
        self._add_preset.setEnabled(bool(presets))
        self._add_script = QPushButton(self.tr("Add &Script…"), self)
        self._add_script.setObjectName("addScript")
        self._add_script.setToolTip(self.tr("A dealer script (.dl): its boards are named after the file"))
        self._add_script.clicked.connect(self._choose_script)
        self._remove = QPushButton(self.tr("Re&move"), self)
        self._remove.setObjectName("removeSource")
        self._remove.clicked.connect(self.remove_selected)
        for widget in (self._add_preset, self._add_script, self._remove):
            buttons.addWidget(widget)
        buttons.addStretch(1)
        group_layout.addLayout(buttons)
        self._mix_note = QLabel(group)
        self._mix_note.setObjectName("mixNote")
        self._mix_note.setWordWrap(True)
        group_layout.addWidget(self._mix_note)
        layout.addWidget(group)

        note = QLabel(
            self.tr("The boards replace the current set. Every board fits its constraints.")
            if not auction
            else self.tr("The boards replace the current set. The system bids {auction} on every board.").format(
                auction=auction
            ),
            self,
        )
        note.setObjectName("dealSetNote")
        note.setWordWrap(True)
        layout.addWidget(note)
        layout.addWidget(_buttons(self))
        self._table.itemSelectionChanged.connect(self._update)
        self._update()
        self._count.selectAll()

    def add_source(self, source: str, count: int = SOURCE_COUNT, label: str | None = None) -> None:
        """List a scenario: ``preset:NAME`` or a dealer script's path, dealt ``count`` times."""
        row = self._table.rowCount()
        self._table.insertRow(row)
        shown = label if label is not None else Path(source).stem
        item = QTableWidgetItem(shown)
        item.setData(Qt.ItemDataRole.UserRole, source)
        item.setToolTip(source)
        self._table.setItem(row, 0, item)
        spin = QSpinBox(self._table)
        spin.setObjectName(f"sourceCount{row}")
        spin.setRange(1, MAX_SET)
        spin.setValue(count)
        spin.setFrame(False)
        spin.valueChanged.connect(self._update)
        self._table.setCellWidget(row, 1, spin)
        self._update()

    def remove_selected(self) -> None:
        rows = sorted({index.row() for index in self._table.selectionModel().selectedRows()}, reverse=True)
        for row in rows or ([self._table.rowCount() - 1] if self._table.rowCount() else []):
            self._table.removeRow(row)
        self._update()

    def _choose_script(self) -> None:
        path, _ = QFileDialog.getOpenFileName(
            self,
            self.tr("Add a Dealer Script"),
            self._script_folder,
            self.tr("Dealer scripts (*.dl *.dlr *.txt);;All files (*)"),
        )
        if path:
            self.add_source(path)

    def _spin(self, row: int) -> QSpinBox:
        return typing.cast(QSpinBox, self._table.cellWidget(row, 1))

    def _row_count(self, row: int) -> int:
        """A row's boards (0 while the row is being filled in: its count box is not there yet)."""
        spin = self._table.cellWidget(row, 1)
        return spin.value() if isinstance(spin, QSpinBox) else 0

    def _update(self) -> None:
        mixing = self._table.rowCount() > 0
        self._count.setEnabled(not mixing)
        self._count.setToolTip(
            self.tr("The sum of the listed scenarios' boards")
            if mixing
            else self.tr("How many boards to deal (16 is a club session's usual set)")
        )
        if mixing:
            self._count.setValue(min(MAX_SET, sum(self._row_count(r) for r in range(self._table.rowCount()))))
            self._mix_note.setText(
                self.tr(
                    "The set holds each scenario's boards in a random order, never one scenario twice in a row when the counts allow it."
                )
            )
        else:
            self._mix_note.setText(
                self.tr("None listed: the set deals the constraints in the window.")
                if not self._auction
                else self.tr("None listed: the set deals for the auction {auction}.").format(auction=self._auction)
            )
        self._remove.setEnabled(mixing)

    def count(self) -> int:
        return self._count.value()

    def first_board(self) -> int:
        return self._first.value()

    def rotation(self) -> str:
        return str(self._rotation.currentData())

    def sources(self) -> list[tuple[str, int]]:
        """The listed scenarios as ``(source, count)`` (empty: deal the window's constraints)."""
        found = []
        for row in range(self._table.rowCount()):
            item = self._table.item(row, 0)
            if item is not None:
                found.append((str(item.data(Qt.ItemDataRole.UserRole)), self._row_count(row)))
        return found


def parse_deal_number(text: str) -> int:
    """A deal number from what a user typed: digits with optional spaces, commas or underscores."""
    cleaned = "".join(ch for ch in text.strip() if ch not in " ,_'\u202f\u00a0")
    if not cleaned.isdigit():
        raise DealNumberError("a deal number is a whole number of up to 29 digits")
    value = int(cleaned)
    if value >= D:
        raise DealNumberError(f"deal numbers run from 0 to {D - 1:,}")
    return value


class GoToDealNumberDialog(QDialog):
    """Type a deal number (Andrews, "Encoding Bridge Deals") and the window shows that deal."""

    def __init__(self, parent: QWidget | None = None, *, current: int | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("goToDealNumberDialog")
        self.setWindowTitle(self.tr("Go to Deal Number"))
        fit_title(self)
        layout = QVBoxLayout(self)
        intro = QLabel(
            self.tr("Every bridge deal has a number from 0 to {last}. Type one to see its deal.").format(
                last=f"{D - 1:,}"
            ),
            self,
        )
        intro.setWordWrap(True)
        layout.addWidget(intro)
        self._edit = QLineEdit(self)
        self._edit.setObjectName("dealNumberEdit")
        self._edit.setPlaceholderText("0 … 53644737765488792839237439999")
        self._edit.setClearButtonEnabled(True)
        self._edit.setMinimumWidth(self._edit.fontMetrics().horizontalAdvance("0" * 36))
        if current is not None:
            self._edit.setText(str(current))
            self._edit.selectAll()
        layout.addWidget(self._edit)
        self._problem = QLabel(self)
        self._problem.setObjectName("problem")
        self._problem.setWordWrap(True)
        layout.addWidget(self._problem)
        self._box = _buttons(self)
        layout.addWidget(self._box)
        self._edit.textChanged.connect(self._check)
        self._check()

    def _check(self) -> None:
        ok = True
        message = ""
        try:
            parse_deal_number(self._edit.text())
        except DealNumberError as exc:
            ok = False
            message = str(exc) if self._edit.text().strip() else ""
        self._problem.setText(message)
        self._problem.setVisible(bool(message))
        self._box.button(QDialogButtonBox.StandardButton.Ok).setEnabled(ok)

    def deal_number(self) -> int:
        return parse_deal_number(self._edit.text())


PRACTICE_CHOICES = ("N", "E", "S", "W", "NS", "EW", "NESW")


class PracticeDialog(QDialog):
    """Which hands a student sees: one seat, a partnership, or all four."""

    def __init__(self, parent: QWidget | None = None, *, visible: str = "S") -> None:
        super().__init__(parent)
        self.setObjectName("practiceDialog")
        self.setWindowTitle(self.tr("Practice Mode"))
        fit_title(self)
        layout = QVBoxLayout(self)
        intro = QLabel(
            self.tr("Choose the hands to show. The others show their backs until you press Reveal (Space)."), self
        )
        intro.setWordWrap(True)
        layout.addWidget(intro)
        names = {
            "N": self.tr("North"),
            "E": self.tr("East"),
            "S": self.tr("South"),
            "W": self.tr("West"),
            "NS": self.tr("North and South"),
            "EW": self.tr("East and West"),
            "NESW": self.tr("All four hands"),
        }
        self._group = QButtonGroup(self)
        one = QGroupBox(self.tr("One hand (bid it yourself)"), self)
        one_layout = QGridLayout(one)
        pair = QGroupBox(self.tr("A partnership (bid together)"), self)
        pair_layout = QVBoxLayout(pair)
        self._buttons: dict[str, QRadioButton] = {}
        for i, choice in enumerate(PRACTICE_CHOICES):
            button = QRadioButton(names[choice], self)
            button.setObjectName(f"practice_{choice}")
            self._buttons[choice] = button
            self._group.addButton(button, i)
            if len(choice) == 1:
                one_layout.addWidget(button, i // 2, i % 2)
            elif len(choice) == 2:
                pair_layout.addWidget(button)
        layout.addWidget(one)
        layout.addWidget(pair)
        layout.addWidget(self._buttons["NESW"])
        self._buttons.get(visible, self._buttons["S"]).setChecked(True)
        layout.addWidget(_buttons(self))

    def visible_seats(self) -> str:
        for choice, button in self._buttons.items():
            if button.isChecked():
                return choice
        return "NESW"


class SavePresetDialog(QDialog):
    """Name (and describe) the current constraints to find them again in the Presets menu."""

    def __init__(self, parent: QWidget | None = None, *, existing: Iterable[str] = (), summary: str = "") -> None:
        super().__init__(parent)
        self.setObjectName("savePresetDialog")
        self.setWindowTitle(self.tr("Save Constraints as Preset"))
        fit_title(self)
        self._existing = {preset_name_key(name) for name in existing}
        form = QFormLayout(self)
        self._name = QLineEdit(self)
        self._name.setObjectName("presetName")
        self._name.setPlaceholderText(self.tr("e.g. Weak notrump opposite a passed hand"))
        self._description = QLineEdit(self)
        self._description.setObjectName("presetDescription")
        self._description.setPlaceholderText(self.tr("What this deal practises (optional)"))
        self._name.setMinimumWidth(self._name.fontMetrics().horizontalAdvance("x" * 42))
        form.addRow(self.tr("&Name:"), self._name)
        form.addRow(self.tr("&Description:"), self._description)
        if summary:
            shown = QLabel(summary, self)
            shown.setWordWrap(True)
            shown.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
            form.addRow(self.tr("Constraints:"), shown)
        self._note = QLabel(self)
        self._note.setWordWrap(True)
        form.addRow(self._note)
        self._box = _buttons(self)
        form.addRow(self._box)
        self._name.textChanged.connect(self._check)
        self._check()

    def _check(self) -> None:
        name = self._name.text().strip()
        ok_button: QPushButton = self._box.button(QDialogButtonBox.StandardButton.Ok)
        ok_button.setEnabled(bool(name))
        replacing = preset_name_key(name) in self._existing
        self._note.setText(
            self.tr("You have a preset with this name: saving asks before replacing it.") if replacing else ""
        )
        self._note.setVisible(replacing)

    def name(self) -> str:
        return self._name.text().strip()

    def description(self) -> str:
        return self._description.text().strip()


SHEET_CHOICES = ("practice", "pairs", "records4", "records6")
"""What File → Print… and File → Export PDF… can produce (``Sheets.render`` in the main window draws each)."""


class PrintSheetsDialog(QDialog):
    """What to print: practice sheets (one per seat or per pair) or hand records (4 or 6 a page).

    ``page_sizes`` is offered only for a PDF (a printer's paper is chosen in the system's dialog).
    """

    def __init__(
        self,
        parent: QWidget | None = None,
        *,
        kind: str = "practice",
        title: str = "",
        page_sizes: Sequence[str] = (),
        page_size: str = "",
        for_pdf: bool = False,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("printSheetsDialog")
        self.setWindowTitle(self.tr("Export PDF") if for_pdf else self.tr("Print"))
        fit_title(self)
        layout = QVBoxLayout(self)
        names = {
            "practice": self.tr("&Practice sheets: one per seat, each player sees only their own hand"),
            "pairs": self.tr("P&air sheets: both hands of a partnership, to review the bidding"),
            "records4": self.tr("&Hand records: all four hands, 4 boards a page"),
            "records6": self.tr("Hand records, &6 boards a page"),
        }
        self._group = QButtonGroup(self)
        self._choices: dict[str, QRadioButton] = {}
        for i, choice in enumerate(SHEET_CHOICES):
            button = QRadioButton(names[choice], self)
            button.setObjectName(f"sheets_{choice}")
            self._group.addButton(button, i)
            self._choices[choice] = button
            layout.addWidget(button)
        self._choices.get(kind, self._choices["practice"]).setChecked(True)
        form = QFormLayout()
        self._title = QLineEdit(title, self)
        self._title.setObjectName("sheetsTitle")
        self._title.setPlaceholderText(self.tr("e.g. Tuesday class: opening bids"))
        self._title.setToolTip(self.tr("Printed at the top of every page (empty: a title of the document's kind)"))
        form.addRow(self.tr("&Title:"), self._title)
        self._page_size = QComboBox(self)
        self._page_size.setObjectName("sheetsPageSize")
        for name in page_sizes:
            self._page_size.addItem(name, name)
        if page_size:
            self._page_size.setCurrentIndex(max(0, self._page_size.findData(page_size)))
        if page_sizes:
            form.addRow(self.tr("Pa&per:"), self._page_size)
        else:
            self._page_size.hide()
        layout.addLayout(form)
        layout.addWidget(_buttons(self))

    def kind(self) -> str:
        for choice, button in self._choices.items():
            if button.isChecked():
                return choice
        return "practice"

    def title(self) -> str:
        return self._title.text().strip()

    def page_size(self) -> str:
        return str(self._page_size.currentData() or "")
