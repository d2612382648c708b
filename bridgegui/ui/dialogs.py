"""The window's small dialogs: deal a set, go to a deal number, practice seats, save a preset, what to print.

Each dialog only collects values and checks them as the user types (OK stays disabled until they
make sense); the window opens them with ``open()`` (window-modal, no nested event loop) and acts on
``accepted``.  The window also offers a method for each action that takes the values directly, which
is what tests and scripts call.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QButtonGroup,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QLabel,
    QLineEdit,
    QPushButton,
    QRadioButton,
    QSpinBox,
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


class DealSetDialog(QDialog):
    """How many boards to deal, and the first board's number (which fixes dealers and vulnerability)."""

    def __init__(self, parent: QWidget | None = None, *, count: int = 16, first_board: int = 1) -> None:
        super().__init__(parent)
        self.setObjectName("dealSetDialog")
        self.setWindowTitle(self.tr("Deal a Set of Boards"))
        form = QFormLayout(self)
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
        form.addRow(self.tr("&Boards:"), self._count)
        form.addRow(self.tr("&First board number:"), self._first)
        note = QLabel(self.tr("The boards replace the current set. Every board fits the constraints."), self)
        note.setWordWrap(True)
        form.addRow(note)
        form.addRow(_buttons(self))
        self._count.selectAll()

    def count(self) -> int:
        return self._count.value()

    def first_board(self) -> int:
        return self._first.value()


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
    """Type a deal number (seed 002) and the window shows that deal."""

    def __init__(self, parent: QWidget | None = None, *, current: int | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("goToDealNumberDialog")
        self.setWindowTitle(self.tr("Go to Deal Number"))
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
"""What File → Print… and File → Export PDF… can produce (``MainWindow.render_sheets`` draws each)."""


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
