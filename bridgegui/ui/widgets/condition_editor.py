"""The "advanced condition" editor: any dealer-language expression over the whole deal.

A small code editor: syntax colouring for the dealer language (functions, seats, suits, numbers,
operators, comments), the expression compiled as you type, and a compile error shown where it is
(a wavy underline from the error's column and the message under the field).  The compiled
condition is what the window adds to the request (``DealRequest.condition``).
"""

from __future__ import annotations

import re

from PySide6.QtCore import QRegularExpression, Signal
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontDatabase,
    QPalette,
    QSyntaxHighlighter,
    QTextCharFormat,
    QTextCursor,
    QTextDocument,
)
from PySide6.QtWidgets import QLabel, QPlainTextEdit, QTextEdit, QVBoxLayout, QWidget

from bridgegui.engine.script import KNOWN_FUNCTIONS, ScriptError
from bridgegui.engine.script.request import ExpressionCondition, compile_condition

SEAT_WORDS = ("north", "east", "south", "west")
SUIT_WORDS = ("spades", "hearts", "diamonds", "clubs", "notrumps", "notrump")


def _is_dark(palette: QPalette) -> bool:
    return palette.color(QPalette.ColorRole.Base).lightness() < 128


class DealerHighlighter(QSyntaxHighlighter):
    """Colours for the dealer language, chosen to read on light and dark palettes."""

    def __init__(self, document: QTextDocument, *, dark: bool = False) -> None:
        super().__init__(document)
        self.rules: list[tuple[QRegularExpression, QTextCharFormat]] = []
        self.set_dark(dark)

    def set_dark(self, dark: bool) -> None:
        def fmt(light: str, dim: str, *, bold: bool = False, italic: bool = False) -> QTextCharFormat:
            f = QTextCharFormat()
            f.setForeground(QColor(dim if dark else light))
            if bold:
                f.setFontWeight(QFont.Weight.Bold)
            f.setFontItalic(italic)
            return f

        functions = "|".join(sorted(KNOWN_FUNCTIONS, key=len, reverse=True))
        self.rules = [
            (QRegularExpression(rf"\b({functions})\b(?=\s*\()"), fmt("#1f4ea3", "#8ab4f8", bold=True)),
            (QRegularExpression(rf"\b({'|'.join(SEAT_WORDS)})\b"), fmt("#7a3e9d", "#d7aefb")),
            (QRegularExpression(rf"\b({'|'.join(SUIT_WORDS)})\b"), fmt("#00796b", "#80cbc4")),
            (QRegularExpression(r"\bany\b|\b[0-9x]{4}\b"), fmt("#a15c00", "#ffcc80")),
            (QRegularExpression(r"\b\d+\b"), fmt("#a15c00", "#ffcc80")),
            (QRegularExpression(r"&&|\|\||!|\band\b|\bor\b|\bnot\b|[?:]"), fmt("#b3261e", "#f28b82", bold=True)),
            (QRegularExpression(r"#[^\n]*|//[^\n]*"), fmt("#6b6b6b", "#9aa0a6", italic=True)),
        ]
        self.rehighlight()

    def highlightBlock(self, text: str) -> None:  # Qt override
        for pattern, style in self.rules:
            it = pattern.globalMatch(text)
            while it.hasNext():
                m = it.next()
                self.setFormat(m.capturedStart(), m.capturedLength(), style)


class ConditionEditor(QWidget):
    """Editor for a free dealer expression; objectName ``advancedCondition``.

    Signals: ``changed()`` on every edit (the window debounces).  ``condition()`` is the compiled
    expression (None when empty), or raises ``ScriptError`` with the position.
    """

    changed = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("advancedCondition")
        self.edit = QPlainTextEdit(self)
        self.edit.setObjectName("advancedConditionText")
        self.edit.setPlaceholderText(
            self.tr("Any dealer expression, e.g. spades(north) + spades(south) >= 8 && hcp(east) < 10")
        )
        self.edit.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        self.edit.setTabChangesFocus(True)
        self.edit.setMaximumHeight(self.fontMetrics().lineSpacing() * 5)
        self.edit.setToolTip(
            self.tr(
                "A condition in the language of the classic 'dealer' program, over the whole deal. "
                "It is added to the seat constraints: every deal must satisfy both."
            )
        )
        self.message = QLabel(self)
        self.message.setObjectName("advancedConditionMessage")
        self.message.setWordWrap(True)
        self.message.hide()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2)
        layout.addWidget(self.edit)
        layout.addWidget(self.message)
        self.highlighter = DealerHighlighter(self.edit.document(), dark=_is_dark(self.palette()))
        self._error: ScriptError | None = None
        self._compiled: ExpressionCondition | None = None
        self._conflict: ScriptError | None = None
        self.edit.textChanged.connect(self._on_text_changed)

    # --- public API ---------------------------------------------------------------------------
    def text(self) -> str:
        return self.edit.toPlainText()

    def set_text(self, text: str) -> None:
        """Set the text without emitting ``changed`` (the program, not the user, is editing)."""
        self.edit.blockSignals(True)
        self.edit.setPlainText(text)
        self.edit.blockSignals(False)
        self._conflict = None
        self._validate()

    def condition(self) -> ExpressionCondition | None:
        """The compiled condition, None when the field is empty; raises ``ScriptError`` if malformed."""
        self._validate()
        if self._error is not None:
            raise self._error
        return self._compiled

    def error(self) -> ScriptError | None:
        return self._error

    def set_conflict(self, conflict: ScriptError | None) -> None:
        """Show (``None``: clear) the refusal of this condition together with the seat editors.

        The editor compiles its text alone and cannot see the seat editors; the window checks the two
        together (``refuse_condition_against``) and hands the refusal here, to be shown as the editor's
        own errors are.  Kept apart from ``error()``: the next check, once the seats change, decides anew.
        """
        self._conflict = conflict
        self._show_error(self._error or conflict)

    def conflict(self) -> ScriptError | None:
        """The refusal ``set_conflict`` shows (None when the condition and the seats agree)."""
        return self._conflict

    # --- internals ----------------------------------------------------------------------------
    def _on_text_changed(self) -> None:
        self._conflict = None  # the window checks the new text against the seats again
        self._validate()
        self.changed.emit()

    def _validate(self) -> None:
        text = self.text()
        self._compiled = None
        self._error = None
        if re.fullmatch(r"\s*", text):
            self._show_error(None)
            return
        try:
            self._compiled = compile_condition(text)
        except ScriptError as exc:
            self._error = exc
        except Exception as exc:  # last resort: a message under the field, never a traceback
            self._error = ScriptError(self.tr("this condition cannot be compiled: {e}").format(e=exc))
        self._show_error(self._error or self._conflict)

    def _show_error(self, error: ScriptError | None) -> None:
        if error is None:
            self.edit.setExtraSelections([])
            self.message.hide()
            self.message.clear()
            return
        full = str(error)
        # The list of known functions can be long: keep the label to the point, the rest in the tooltip.
        self.message.setText(full.split("; known functions")[0])
        self.message.setToolTip(full)
        red = "#f28b82" if _is_dark(self.palette()) else "#b3261e"
        self.message.setStyleSheet(f"color: {red};")
        self.message.show()
        selection = QTextEdit.ExtraSelection()
        underline = QTextCharFormat()
        underline.setUnderlineStyle(QTextCharFormat.UnderlineStyle.WaveUnderline)
        underline.setUnderlineColor(QColor(red))
        selection.format = underline
        block = self.edit.document().findBlockByLineNumber(max(0, (error.line or 1) - 1))
        cursor = QTextCursor(block)
        cursor.movePosition(QTextCursor.MoveOperation.Right, n=max(0, (error.column or 1) - 1))
        cursor.movePosition(QTextCursor.MoveOperation.EndOfWord, QTextCursor.MoveMode.KeepAnchor)
        if not cursor.hasSelection():
            cursor.movePosition(QTextCursor.MoveOperation.Right, QTextCursor.MoveMode.KeepAnchor)
        selection.cursor = cursor
        self.edit.setExtraSelections([selection])

    def error_span(self) -> tuple[int, int] | None:
        """Start and end (character positions) of the underlined error, for tests and tooltips."""
        selections = self.edit.extraSelections()
        if not selections:
            return None
        cursor = selections[0].cursor
        return cursor.selectionStart(), cursor.selectionEnd()
