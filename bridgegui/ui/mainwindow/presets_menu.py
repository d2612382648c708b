"""The Presets menu: shipped and user presets, saving the editors as a preset, deleting one's own.

A preset is a whole set of constraints (``bridgegui.presets``); applying one fills every editor and
the dealer choice, or changes nothing when it cannot be shown.  Saving under the name of one of the
user's presets asks first (``confirm_replace``, which tests replace, as they do the window's
``confirm_unsaved_changes``): another preset is never overwritten silently.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMenu, QMessageBox, QWidget

from bridgegui.engine.errors import ConstraintError
from bridgegui.files import write_failure_reason
from bridgegui.presets import (
    Preset,
    PresetError,
    builtin_presets,
    delete_user_preset,
    find_user_preset,
    save_user_preset,
    user_presets,
)
from bridgegui.ui.dialogs import SavePresetDialog
from bridgegui.ui.mainwindow.auction_target import AuctionDealing
from bridgegui.ui.mainwindow.constraints_dock import ConstraintsDock
from bridgegui.ui.mainwindow.feedback import LiveFeedback
from bridgegui.ui.mainwindow.session import Messages
from bridgegui.ui.mainwindow.undo import Undo


class PresetsMenu(QObject):
    """Fills ``menu`` and applies, saves and deletes presets: the editors (``dock``, the ``auction``
    dealt for, the live ``feedback``) are what a preset fills and what one is saved from, each change
    one step on the ``undo`` stack."""

    def __init__(
        self,
        menu: QMenu,
        save_action: QAction,
        clear_action: QAction,
        dock: ConstraintsDock,
        auction: AuctionDealing,
        feedback: LiveFeedback,
        undo: Undo,
        messages: Messages,
        parent: QWidget,
    ) -> None:
        super().__init__(parent)
        self._parent = parent
        self.dock = dock
        self.auction = auction
        self.feedback = feedback
        self.undo = undo
        self.messages = messages
        self.menu = menu
        self._save_action = save_action
        self._clear_action = clear_action
        self.presets: list[Preset] = []
        self.problems: list[str] = []

    def _status(self, text: str, ms: int = 8000) -> None:
        self.messages.status(text, ms)

    def rebuild(self) -> None:
        menu = self.menu
        menu.clear()
        old = menu.findChild(QMenu, "deletePresetMenu")
        if old is not None:  # clear() removes the entry but keeps the submenu object alive
            old.setParent(None)
            old.deleteLater()
        shipped = builtin_presets(check=False)  # checked by the tests; start-up stays fast
        mine, self.problems = user_presets()
        self.presets = shipped + mine
        for preset in shipped:
            self._add(preset)
        if mine:
            menu.addSeparator()
            for preset in mine:
                self._add(preset)
        menu.addSeparator()
        menu.addAction(self._save_action)
        if mine:
            delete_menu = menu.addMenu(self.tr("&Delete My Preset"))
            delete_menu.setObjectName("deletePresetMenu")
            for preset in mine:
                action = delete_menu.addAction(preset.name)
                action.setObjectName(f"deletePreset:{preset.name}")
                action.triggered.connect(lambda _c=False, p=preset: self.ask_delete(p))
        menu.addAction(self._clear_action)

    def _add(self, preset: Preset) -> None:
        action = self.menu.addAction(preset.name)
        action.setObjectName(f"preset:{preset.name}")
        action.setToolTip(preset.description)
        action.setStatusTip(preset.description)
        action.triggered.connect(lambda _c=False, p=preset: self.apply(p))

    def _find(self, name: str, *, mine: bool = False) -> Preset:
        found = [p for p in self.presets if p.name == name and not (mine and p.builtin)]
        if not found:
            raise KeyError(name)
        return found[0]

    def apply(self, preset: Preset | str) -> None:
        """Fill the editors (and the dealer) from a preset or a preset's name."""
        if isinstance(preset, str):
            preset = self._find(preset)
        # A preset is a whole set of constraints: an advanced condition left from before would
        # silently change what it deals, so it is replaced too.
        try:
            with self.undo.constraints_change(self.tr("Apply Preset {name}").format(name=preset.name)):
                if preset.auction.strip():
                    self._apply_auction(preset)
                else:
                    self.dock.set_constraints(preset.specs, preset.advanced, preset.dealer)
                    self.auction.set_target(None)
        except Exception as exc:  # a preset is user text: whatever a parser raises is reported, never a traceback
            reason = str(exc) if isinstance(exc, ConstraintError | ValueError) else f"{type(exc).__name__}: {exc}"
            self.messages.show_error(
                self.tr("Preset"),
                self.tr("The preset {name} cannot be used: {exc}").format(name=preset.name, exc=reason),
            )
            return
        self.undo.mark_constraints_kept()  # they are in the preset
        self._status(f"{preset.name}: {preset.description}", 10_000)
        self.feedback.update_now()

    def _apply_auction(self, preset: Preset) -> None:
        """A preset stored as an auction: deal for it (Deal > Deal for an Auction), with its dealer rule."""
        from bridgegui.engine.bidding import load_system
        from bridgegui.ui.mainwindow.auction_target import check_target

        label = preset.bidding_system()
        target = check_target(load_system(label), preset.auction, label)
        self.dock.set_dealer_mode(preset.dealer)
        self.auction.set_target(target)

    def ask_save(self) -> None:
        mine = [p.name for p in self.presets if not p.builtin]
        dialog = SavePresetDialog(self._parent, existing=mine, summary=self.dock.request_text())
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.accepted.connect(lambda: self.save_current(dialog.name(), dialog.description()))
        dialog.open()

    def save_current(self, name: str, description: str = "") -> Preset | None:
        """Save the editors' constraints as a user preset and add it to the menu.

        When one of the user's presets has this name, ``confirm_replace`` asks first; the preset is
        returned if it was saved by the time this returns (a dialog answers later: then None).
        """
        dock = self.dock
        target = self.auction.target
        try:
            if target is not None:  # dealing for an auction: the preset is the auction
                preset = Preset(
                    name,
                    dealer=dock.dealer_mode(),
                    description=description,
                    auction=target.calls,
                    system=target.system_label,
                )
            else:
                preset = Preset(
                    name,
                    dock.request_specs(),
                    dealer=dock.dealer_mode(),
                    description=description,
                    advanced=dock.advanced_condition(),
                )
            preset.request()  # a mistake is reported now, before any question about replacing
            existing = find_user_preset(preset.name)
        except (PresetError, ConstraintError, OSError) as exc:
            self._report(exc)
            return None
        if existing is None:
            return self._write(preset, replace=False)
        saved: list[Preset | None] = []
        self.confirm_replace(preset.name, lambda: saved.append(self._write(preset, replace=True)))
        return saved[0] if saved else None

    def _write(self, preset: Preset, *, replace: bool) -> Preset | None:
        try:
            save_user_preset(preset, replace=replace)
        except (PresetError, ConstraintError, OSError) as exc:
            self._report(exc)
            return None
        self.rebuild()
        self.undo.mark_constraints_kept()  # opening a lesson need not ask about them now
        self._status(self.tr("Saved preset {name}.").format(name=preset.name))
        return preset

    def _report(self, exc: Exception) -> None:
        """Why a preset was not saved: the mistake in it, or what the file system said."""
        if isinstance(exc, OSError):
            text = self.tr("Could not save the preset: {e}.").format(e=write_failure_reason(exc))
        else:
            text = str(exc)
        self.messages.show_error(self.tr("Save Preset"), text)

    def confirm_replace(self, name: str, then: Callable[[], object]) -> None:
        """Run ``then`` once the user agrees to replace their preset called ``name``; else do nothing.

        A window-modal question (no nested event loop); tests replace this method to answer it.
        """
        box = QMessageBox(
            QMessageBox.Icon.Question,
            self.tr("Replace Preset"),
            self.tr("You already have a preset called {name}. Replace it?").format(name=name),
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.Cancel,
            self._parent,
        )
        box.setObjectName("replacePresetDialog")
        box.setDefaultButton(QMessageBox.StandardButton.Cancel)
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)

        def answered(_result: int) -> None:
            if box.standardButton(box.clickedButton()) == QMessageBox.StandardButton.Yes:
                then()

        box.finished.connect(answered)
        box.open()

    def ask_delete(self, preset: Preset) -> None:
        box = QMessageBox(
            QMessageBox.Icon.Question,
            self.tr("Delete Preset"),
            self.tr("Delete your preset {name}? This cannot be undone.").format(name=preset.name),
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.Cancel,
            self._parent,
        )
        box.setObjectName("deletePresetDialog")
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        box.accepted.connect(lambda: self.delete(preset))
        box.open()

    def delete(self, preset: Preset | str) -> bool:
        """Delete one of the user's presets (shipped presets cannot be deleted) and rebuild the menu."""
        if isinstance(preset, str):
            preset = self._find(preset, mine=True)
        try:
            delete_user_preset(preset)
        except PresetError as exc:
            self.messages.show_error(self.tr("Delete Preset"), str(exc))
            return False
        except OSError as exc:
            self.messages.show_error(
                self.tr("Delete Preset"), self.tr("Could not delete the preset: {e}").format(e=exc.strerror)
            )
            return False
        self.rebuild()
        self._status(self.tr("Deleted preset {name}.").format(name=preset.name))
        return True


__all__ = ["PresetsMenu"]
