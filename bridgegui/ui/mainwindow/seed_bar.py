"""The seed toolbar: Random (a fresh seed for every job, shown) or Fixed (the typed seed, to repeat a set).

The same seed and constraints give the same boards here and with ``bridgegui-deal --seed``.
"""

from __future__ import annotations

from PySide6.QtCore import QSignalBlocker, Slot
from PySide6.QtGui import QRegularExpressionValidator
from PySide6.QtWidgets import QComboBox, QLabel, QLineEdit, QToolBar, QWidget

from bridgegui.engine.boards import Board
from bridgegui.engine.dealing import new_seed
from bridgegui.settings import SEED_MODES, Settings

SEED_DIGITS = 39  # a 128-bit seed has at most 39 decimal digits


class SeedBar(QToolBar):
    """The mode combo (``seedMode``) and the seed field (``seedEdit``)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        tr = self.tr
        self.setWindowTitle(tr("Seed"))
        self.setObjectName("seedToolBar")
        label = QLabel(tr(" Seed: "), self)
        self.mode_combo = QComboBox(self)
        self.mode_combo.setObjectName("seedMode")
        self.mode_combo.addItem(tr("Random"), "random")
        self.mode_combo.addItem(tr("Fixed"), "fixed")
        self.mode_combo.setToolTip(
            tr(
                "Random: a fresh seed for every deal, shown here. Fixed: deal from the seed typed here, to repeat a set."
            )
        )
        self.edit = QLineEdit(self)
        self.edit.setObjectName("seedEdit")
        self.edit.setValidator(QRegularExpressionValidator(rf"[0-9]{{0,{SEED_DIGITS}}}", self.edit))
        self.edit.setPlaceholderText(tr("drawn when you deal"))
        metrics = self.edit.fontMetrics()
        self.edit.setMinimumWidth(metrics.horizontalAdvance("0" * 22))
        self.edit.setMaximumWidth(metrics.horizontalAdvance("0" * (SEED_DIGITS + 3)))
        self.edit.setToolTip(
            tr(
                "The seed of the last deal. The same seed and constraints give the same boards, here and "
                "with bridgegui-deal --seed. Choose Fixed to type one."
            )
        )
        label.setBuddy(self.edit)
        self.addWidget(label)
        self.addWidget(self.mode_combo)
        self.addWidget(self.edit)
        self.mode_combo.currentIndexChanged.connect(self._mode_changed)

    def mode(self) -> str:
        return str(self.mode_combo.currentData())

    def set_mode(self, mode: str) -> None:
        self.mode_combo.setCurrentIndex(SEED_MODES.index(mode))

    def seed(self) -> int | None:
        text = self.edit.text()
        return int(text) if text.isdigit() else None

    def set_seed(self, seed: int, *, fixed: bool = True) -> None:
        """Show ``seed`` and (by default) switch to Fixed so the next deal uses it."""
        if fixed:
            self.set_mode("fixed")
        self.edit.setText(str(seed))

    @Slot()
    def _mode_changed(self) -> None:
        fixed = self.mode() == "fixed"
        self.edit.setReadOnly(not fixed)
        self.edit.setPlaceholderText(self.tr("type a seed") if fixed else self.tr("drawn when you deal"))

    def seed_for_job(self) -> int:
        """The typed seed in Fixed mode, else a fresh one (shown)."""
        if self.mode() == "fixed":
            seed = self.seed()
            if seed is not None:
                return seed
        seed = new_seed()
        self.edit.setText(str(seed))
        return seed

    def show_board_seed(self, board: Board | None) -> None:
        """In random mode the field shows the seed of the board on screen (its GeneratorSeed tag)."""
        if self.mode() != "random" or board is None:
            return
        seed = board.tag("GeneratorSeed")
        if seed and seed.isdigit():
            self.edit.setText(seed)

    def restore_settings(self, settings: Settings) -> None:
        mode = settings["seed/mode"] if settings["seed/mode"] in SEED_MODES else "random"
        with QSignalBlocker(self.mode_combo):
            self.set_mode(mode)
        self.edit.setText(settings["seed/value"] if settings["seed/value"].isdigit() else "")
        self._mode_changed()

    def store_settings(self, settings: Settings) -> None:
        settings["seed/mode"] = self.mode()
        settings["seed/value"] = self.edit.text()


__all__ = ["SEED_DIGITS", "SeedBar"]
