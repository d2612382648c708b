"""The evaluation quiz window (Practice → Evaluation quiz): value a hand, get the count explained at once.

The student sees the hand (a ``DealDiagram`` with only the seats the question is about), types a number,
presses Enter, and reads the verdict with the engine's per-suit breakdown (``quiz.check``: "♥ KQ5: K
and Q, one loser"); Enter or N brings the next hand.  The whole loop runs from the keyboard, because a
student practising forty hands should not reach for the mouse: the answer field keeps the focus, and it
is the field, not the dialog, that reads Enter and N (an event filter), so no default button can steal
the key and a typed "n" is never taken for an answer.

Questions are dealt to the main window's current constraints (``request_provider()``, read when a
batch is dealt) by a ``JobRunner`` a small batch ahead, so the next hand is ready when the student is.
The batch is what ``quiz.make_questions`` makes with the same seed (``planner.deal_stream`` and then
``quiz.questions_from_deals``), but dealt through the stream so that Cancel and closing answer within
one dealing step even for a rare request, where ``make_questions`` would run to the end.

A non-numeric answer (``QuizAnswerError``) is answered with its gentle message and is not scored.
"""

from __future__ import annotations

import threading
from collections import deque
from collections.abc import Callable, Generator

import numpy as np
from PySide6.QtCore import QEvent, QObject, Qt, Signal, Slot
from PySide6.QtGui import QColor, QFont, QKeyEvent, QPalette, QShowEvent
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialogButtonBox,
    QFrame,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from bridgegui.engine.cards import SEATS
from bridgegui.engine.dealer.constraints import DealRequest
from bridgegui.engine.errors import BridgeError
from bridgegui.engine.teaching import quiz
from bridgegui.engine.teaching.quiz import Question, QuizAnswerError, Result, Score
from bridgegui.ui.tools.base import ToolWindow
from bridgegui.ui.tools.quiz_breakdown import breakdown_lines
from bridgegui.ui.widgets.deal_diagram import DealDiagram
from bridgegui.ui.widgets.suit_text import colour_suits_html, is_dark, red_colour
from bridgegui.workers.job_runner import JobFailure

BATCH = 8
"""Questions dealt at a time: enough to stay ahead of a quick student, few enough to follow new constraints."""

REFILL_AT = 3
"""Deal the next batch when this few questions are left."""

SEED_STRIDE = 1000
"""Batch ``k`` of a seeded quiz uses ``seed + k * SEED_STRIDE`` (``make_questions`` uses seed and seed + 1)."""

ANY_SEAT = -1

# The states of the answer field.
WAITING = "waiting"  # no question yet (dealing, or dealing failed)
ASKING = "asking"  # a question is shown, its answer not yet checked
ANSWERED = "answered"  # the verdict is shown; Enter or N moves on


def question_batch(
    request: DealRequest,
    count: int,
    *,
    seed: int | None,
    kinds: tuple[str, ...],
    seats: tuple[int, ...],
    cancel: threading.Event,
) -> Generator[None, None, list[Question] | None]:
    """``quiz.make_questions(request, count, seed=seed, kinds=kinds, seats=seats)``, cancellable.

    Yields ``None`` after each dealing step (a checkpoint: the runner can stop the job there, and
    nothing is sent to the window) and returns the questions, or ``None`` when cancelled.
    """
    from bridgegui.engine.dealer import planner

    parts = []
    for progress in planner.deal_stream(request, count, seed=seed, cancel=cancel):
        parts.append(progress.deals)
        yield None
    if cancel.is_set():
        return None
    deals = np.concatenate(parts) if parts else np.zeros((0, 4), dtype=np.uint64)
    question_seed = None if seed is None else seed + 1
    return quiz.questions_from_deals(deals, kinds=kinds, seats=seats, seed=question_seed)


def good_colour(palette: QPalette) -> QColor:
    """A green that reads on the palette's background (the counterpart of ``suit_text.red_colour``)."""
    return QColor("#5fd068") if is_dark(palette) else QColor("#1b7f2a")


class QuizWindow(ToolWindow):
    """The evaluation quiz: one hand (or a partnership) at a time, checked at once, with a running score.

    ``request_provider()`` returns the main window's current constraints; it is called on the GUI
    thread each time a batch of questions is dealt.  ``seed`` (keyword only, for tests and for a class
    that should all see the same hands) makes the questions reproducible.

    Keys: type the answer, Enter checks it; Enter or N goes to the next question; Esc closes.  Alt plus
    the underlined letter reaches every control, and the focus returns to the answer field after each.

    Signals (all on the GUI thread):
        question_shown(object): the ``quiz.Question`` now asked.
        answer_checked(object): the ``quiz.Result`` of a checked answer (after the score is updated).
        answer_rejected(str): an answer that is not a number; the message shown (not scored).
        failed(str): questions could not be dealt (e.g. constraints no deal meets); the message shown.
    """

    question_shown = Signal(object)
    answer_checked = Signal(object)
    answer_rejected = Signal(str)
    failed = Signal(str)

    def __init__(
        self,
        parent: QWidget | None,
        request_provider: Callable[[], DealRequest],
        *,
        seed: int | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("quizWindow")
        self.setWindowTitle(self.tr("Evaluation Quiz"))
        self._request_provider = request_provider
        self._seed = seed
        self._batches = 0
        self._queue: deque[Question] = deque()
        self._question: Question | None = None
        self._result: Result | None = None
        self._state = WAITING
        self._asked = 0
        self._score = Score()
        self._job: int | None = None
        self._runner = self.add_runner("bridgegui-quiz")
        self._runner.finished.connect(self._on_batch)
        self._runner.failed.connect(self._on_failed)
        self._build()
        self.resize(980, 620)
        self._show_waiting(self.tr("Dealing hands to the current constraints…"))

    # -- building ----------------------------------------------------------------------------------

    def _build(self) -> None:
        # What to practise: one checkbox per measure, and the seat asked about.
        practise = QGroupBox(self.tr("Practise"), self)
        practise_row = QHBoxLayout(practise)
        names = {
            quiz.HCP: self.tr("&HCP"),
            quiz.QUICK_TRICKS: self.tr("&Quick tricks"),
            quiz.LOSERS: self.tr("&Losing-trick count"),
            quiz.PLAYING_TRICKS: self.tr("&Playing tricks"),
            quiz.PARTNERSHIP_TRICKS: self.tr("Pa&rtnership tricks"),
        }
        tips = {
            quiz.HCP: self.tr("High-card points: ace 4, king 3, queen 2, jack 1"),
            quiz.QUICK_TRICKS: self.tr("Tricks the hand takes in the first two rounds: AK 2, AQ 1½, A 1, KQ 1, Kx ½"),
            quiz.LOSERS: self.tr("Losing-trick count: the missing A, K and Q among each suit's first three cards"),
            quiz.PLAYING_TRICKS: self.tr("Tricks the hand takes with its own trumps, suit by suit"),
            quiz.PARTNERSHIP_TRICKS: self.tr(
                "Tricks the partnership should take in its best fit (or notrump): within one trick of the estimate counts"
            ),
        }
        self._kind_boxes: dict[str, QCheckBox] = {}
        for kind in quiz.KINDS:
            box = QCheckBox(names[kind], practise)
            box.setObjectName(f"quizKind_{kind}")
            box.setChecked(True)
            box.setToolTip(tips[kind])
            box.clicked.connect(self._on_settings_clicked)
            practise_row.addWidget(box)
            self._kind_boxes[kind] = box
        practise_row.addStretch(1)
        self._seat = QComboBox(practise)
        self._seat.setObjectName("quizSeat")
        for text, seat in (
            (self.tr("South"), 2),
            (self.tr("North"), 0),
            (self.tr("East"), 1),
            (self.tr("West"), 3),
            (self.tr("Any seat"), ANY_SEAT),
        ):
            self._seat.addItem(text, seat)
        self._seat.setToolTip(self.tr("Whose hand is asked about (for partnership tricks: who declares)"))
        self._seat.activated.connect(self._on_settings_clicked)
        seat_label = QLabel(self.tr("&Seat:"), practise)
        seat_label.setBuddy(self._seat)
        practise_row.addWidget(seat_label)
        practise_row.addWidget(self._seat)

        self.diagram = DealDiagram(self)
        self.diagram.setObjectName("quizDiagram")
        self.diagram.set_empty_text(self.tr("Dealing…"))
        self.diagram.setFocusPolicy(Qt.FocusPolicy.NoFocus)

        # The question, the answer field and the verdict, on the right.
        self._number = QLabel(self)
        self._number.setObjectName("quizNumber")
        muted = self._number.palette()
        muted.setColor(QPalette.ColorRole.WindowText, muted.color(QPalette.ColorRole.PlaceholderText))
        self._number.setPalette(muted)
        self._prompt = QLabel(self)
        self._prompt.setObjectName("quizPrompt")
        self._prompt.setWordWrap(True)
        prompt_font = QFont(self._prompt.font())
        prompt_font.setPointSizeF(prompt_font.pointSizeF() * 1.25)
        prompt_font.setBold(True)
        self._prompt.setFont(prompt_font)
        self._prompt.setMinimumHeight(int(self._prompt.fontMetrics().height() * 2.3))
        self._prompt.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)

        self.answer = QLineEdit(self)
        self.answer.setObjectName("quizAnswer")
        self.answer.setPlaceholderText(self.tr("e.g. 12 or 2½"))
        self.answer.setMaxLength(12)
        self.answer.setClearButtonEnabled(False)
        self.answer.setToolTip(self.tr("Type a number; halves as 2.5, 2,5, 2½ or 2 1/2. Enter checks it."))
        self.answer.installEventFilter(self)
        answer_font = QFont(self.answer.font())
        answer_font.setPointSizeF(answer_font.pointSizeF() * 1.25)
        self.answer.setFont(answer_font)
        self.answer.setMaximumWidth(self.answer.fontMetrics().horizontalAdvance("0" * 12))
        answer_label = QLabel(self.tr("&Answer:"), self)
        answer_label.setBuddy(self.answer)
        self.check_button = QPushButton(self.tr("&Check"), self)
        self.check_button.setObjectName("quizCheck")
        self.check_button.setToolTip(self.tr("Check the answer (Enter)"))
        self.check_button.clicked.connect(self.check_answer)
        self.next_button = QPushButton(self.tr("&Next question"), self)
        self.next_button.setObjectName("quizNext")
        self.next_button.setToolTip(self.tr("Go to the next hand (Enter or N after checking)"))
        self.next_button.clicked.connect(self.next_question)
        for button in (self.check_button, self.next_button):
            button.setAutoDefault(False)
            button.setDefault(False)
            button.setFocusPolicy(Qt.FocusPolicy.TabFocus)
        answer_row = QHBoxLayout()
        answer_row.addWidget(answer_label)
        answer_row.addWidget(self.answer)
        answer_row.addWidget(self.check_button)
        answer_row.addWidget(self.next_button)
        answer_row.addStretch(1)

        self._hint = QLabel(self)
        self._hint.setObjectName("quizHint")
        self._hint.setWordWrap(True)
        self._hint.setMinimumHeight(self._hint.fontMetrics().height() * 2)
        self._hint.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        self._verdict = QLabel(self)
        self._verdict.setObjectName("quizVerdict")
        self._verdict.setWordWrap(True)
        verdict_font = QFont(self._verdict.font())
        verdict_font.setBold(True)
        verdict_font.setPointSizeF(verdict_font.pointSizeF() * 1.1)
        self._verdict.setFont(verdict_font)
        self._breakdown = QLabel(self)
        self._breakdown.setObjectName("quizBreakdown")
        self._breakdown.setTextFormat(Qt.TextFormat.RichText)
        self._breakdown.setWordWrap(True)
        self._breakdown.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        self._breakdown.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self._breakdown.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Minimum)
        breakdown_font = QFont(self._breakdown.font())
        breakdown_font.setPointSizeF(breakdown_font.pointSizeF() * 1.1)
        self._breakdown.setFont(breakdown_font)
        result_box = QWidget(self)
        result_layout = QVBoxLayout(result_box)
        result_layout.setContentsMargins(0, 0, 0, 0)
        result_layout.addWidget(self._verdict)
        result_layout.addWidget(self._breakdown)
        result_layout.addStretch(1)
        scroll = QScrollArea(self)
        scroll.setObjectName("quizResultArea")
        scroll.setWidget(result_box)
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setFocusPolicy(Qt.FocusPolicy.NoFocus)

        right = QVBoxLayout()
        right.addWidget(self._number)
        right.addWidget(self._prompt)
        right.addLayout(answer_row)
        right.addWidget(self._hint)
        right.addWidget(scroll, 1)

        middle = QGridLayout()
        middle.addWidget(self.diagram, 0, 0)
        middle.addLayout(right, 0, 1)
        middle.setColumnStretch(0, 5)
        middle.setColumnStretch(1, 4)

        self._score_label = QLabel(self)
        self._score_label.setObjectName("quizScore")
        keys = QLabel(self.tr("Enter: check · Enter or N: next question · Esc: close"), self)
        keys.setObjectName("quizKeys")
        keys.setPalette(muted)
        close = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        close.rejected.connect(self.close)
        close_button = close.button(QDialogButtonBox.StandardButton.Close)
        close_button.setAutoDefault(False)
        close_button.setFocusPolicy(Qt.FocusPolicy.TabFocus)
        bottom = QHBoxLayout()
        bottom.addWidget(self._score_label)
        bottom.addStretch(1)
        bottom.addWidget(keys)
        bottom.addWidget(close)

        layout = QVBoxLayout(self)
        layout.addWidget(practise)
        layout.addLayout(middle, 1)
        layout.addLayout(bottom)
        self._update_score()

    # -- API ---------------------------------------------------------------------------------------

    def state(self) -> str:
        """``"waiting"`` (no question yet), ``"asking"`` or ``"answered"``."""
        return self._state

    def current_question(self) -> Question | None:
        return self._question

    def last_result(self) -> Result | None:
        """The verdict on the current question, once checked."""
        return self._result

    def score(self) -> Score:
        return self._score

    def score_text(self) -> str:
        return self._score_label.text()

    def prompt_text(self) -> str:
        return self._prompt.text()

    def hint_text(self) -> str:
        return self._hint.text()

    def verdict_text(self) -> str:
        return self._verdict.text()

    def breakdown_text(self) -> str:
        """The breakdown as plain text, one line per line shown."""
        if self._result is None:
            return ""
        return "\n".join(line for line, _total in breakdown_lines(self._result.explanation))

    def kinds(self) -> tuple[str, ...]:
        """The measures being practised, in ``quiz.KINDS`` order."""
        return tuple(k for k in quiz.KINDS if self._kind_boxes[k].isChecked())

    def seats(self) -> tuple[int, ...]:
        seat = self._seat.currentData()
        return (0, 1, 2, 3) if seat == ANY_SEAT else (int(seat),)

    def set_kinds(self, kinds: tuple[str, ...]) -> None:
        """Practise only ``kinds`` (at least one)."""
        if not kinds:
            raise BridgeError("choose at least one kind of question")
        for kind, box in self._kind_boxes.items():
            box.setChecked(kind in kinds)
        self._settings_changed()

    def set_seat(self, seat: int | None) -> None:
        """Ask about ``seat`` (0..3, N E S W), or any seat at random when ``None``."""
        value = ANY_SEAT if seat is None else seat
        self._seat.setCurrentIndex(self._seat.findData(value))
        self._settings_changed()

    @Slot()
    def check_answer(self) -> Result | None:
        """Check what is typed; returns the verdict, or ``None`` when there is nothing to check or it is not a number."""
        self.answer.setFocus()
        if self._state != ASKING or self._question is None:
            if self._state == WAITING:
                self._hint.setText(self.tr("The next hand is still being dealt: a moment, please."))
            return None
        try:
            result = quiz.check(self._question, self.answer.text())
        except QuizAnswerError as exc:
            message = str(exc)
            self._hint.setText(self.tr("{message}. Not counted: try again.").format(message=message.rstrip(".")))
            self.answer.selectAll()
            self.answer_rejected.emit(message)
            return None
        self._result = result
        self._score.record(result)
        self._state = ANSWERED
        self.answer.setReadOnly(True)
        self._show_result(result)
        self._update_score()
        self._update_buttons()
        self._hint.setText(self.tr("Press Enter or N for the next question."))
        self.answer_checked.emit(result)
        return result

    @Slot()
    def next_question(self) -> None:
        """Show the next question (or wait for the worker to deal it); skips an unanswered one unscored."""
        self.answer.setFocus()
        if self._queue:
            self._show_question(self._queue.popleft())
        else:
            self._show_waiting(self.tr("Dealing hands to the current constraints…"))
        self._refill()

    def submit(self, text: str) -> Result | None:
        """Type ``text`` as the answer and check it (what Enter does after typing)."""
        if self._state == ASKING:
            self.answer.setText(text)
        return self.check_answer()

    # -- Qt ----------------------------------------------------------------------------------------

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        # The answer field reads Enter (check, then next) and N (next, once answered).
        if watched is self.answer and event.type() == QEvent.Type.KeyPress and isinstance(event, QKeyEvent):
            key = event.key()
            plain = not (event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier)
            if plain and key in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
                if self._state == ASKING:
                    self.check_answer()
                else:
                    self.next_question()
                return True
            if plain and key == Qt.Key.Key_N and self._state == ANSWERED:
                self.next_question()
                return True
        return super().eventFilter(watched, event)

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if event.spontaneous():
            return
        if self._state == WAITING:
            self._show_waiting(self.tr("Dealing hands to the current constraints…"))
        self._refill()
        self.answer.setFocus()

    def jobs_stopped(self) -> None:
        """The window closed (``ToolWindow`` stopped the worker): questions already dealt are dropped too.

        The constraints may change before the window is opened again, and the next showing deals afresh.
        """
        self._job = None
        self._queue.clear()

    # -- questions ---------------------------------------------------------------------------------

    def _refill(self) -> None:
        """Deal the next batch in the worker when the queue runs low (one batch at a time)."""
        if self._job is not None or len(self._queue) >= REFILL_AT:
            return
        try:
            request = self._request_provider()
        except BridgeError as exc:
            self._fail(str(exc))
            return
        seed = None if self._seed is None else self._seed + self._batches * SEED_STRIDE
        self._batches += 1
        kinds, seats = self.kinds(), self.seats()

        def work(cancel: threading.Event) -> Generator[None, None, list[Question] | None]:
            return (yield from question_batch(request, BATCH, seed=seed, kinds=kinds, seats=seats, cancel=cancel))

        self._job = self._runner.start(work)

    @Slot(int, object)
    def _on_batch(self, job_id: int, questions: object) -> None:
        if job_id != self._job:
            return
        self._job = None
        if not isinstance(questions, list):
            return
        self._queue.extend(questions)
        if self._state == WAITING and self._queue:
            self._show_question(self._queue.popleft())
        self._refill()

    @Slot(int, object)
    def _on_failed(self, job_id: int, failure: JobFailure) -> None:
        if job_id != self._job:
            return
        self._job = None
        self._fail(failure.message)

    def _fail(self, message: str) -> None:
        if self._state == WAITING:
            self._show_waiting(self.tr("Could not deal a hand: {message}").format(message=message))
            self._hint.setText(self.tr("Change the constraints in the main window, then press Next question."))
        self.failed.emit(message)

    def _settings_changed(self) -> None:
        """New measures or seat: drop the questions dealt for the old ones, and replace the current
        question if it no longer fits (an answered one stays, with its verdict, until the student moves on)."""
        self._queue.clear()
        if self._job is not None:
            self._runner.cancel()
            self._job = None
        current = self._question
        if (
            self._state == ASKING
            and current is not None
            and (current.kind not in self.kinds() or current.seat not in self.seats())
        ):
            self._show_waiting(self.tr("Dealing hands for the new choice…"))
        self._refill()

    @Slot()
    def _on_settings_clicked(self) -> None:
        if not self.kinds():
            sender = self.sender()
            if isinstance(sender, QCheckBox):
                sender.setChecked(True)
            self._hint.setText(self.tr("Keep at least one measure to practise."))
        else:
            self._settings_changed()
        self.answer.setFocus()

    # -- display -----------------------------------------------------------------------------------

    def _prompt_for(self, question: Question) -> str:
        """The question in the user's language (the engine's ``Question.prompt`` is its English text)."""
        names = (self.tr("North"), self.tr("East"), self.tr("South"), self.tr("West"))
        who = names[question.seat]
        if question.kind == quiz.HCP:
            return self.tr("How many high-card points does {seat} hold?").format(seat=who)
        if question.kind == quiz.QUICK_TRICKS:
            return self.tr("How many quick tricks does {seat} hold?").format(seat=who)
        if question.kind == quiz.LOSERS:
            return self.tr("What is {seat}'s losing-trick count?").format(seat=who)
        if question.kind == quiz.PLAYING_TRICKS:
            return self.tr("How many playing tricks does {seat} hold?").format(seat=who)
        if question.kind == quiz.PARTNERSHIP_TRICKS:
            strains = {
                "S": self.tr("spades"),
                "H": self.tr("hearts"),
                "D": self.tr("diamonds"),
                "C": self.tr("clubs"),
                "NT": self.tr("notrump"),
            }
            return self.tr(
                "How many tricks should {seat} and {partner} take in {strain}, with {seat} declaring?"
            ).format(
                seat=who, partner=names[question.partner], strain=strains.get(question.strain or "NT", question.strain)
            )
        return question.prompt

    def _unit(self, kind: str) -> str:
        return {
            quiz.HCP: self.tr("high-card points"),
            quiz.QUICK_TRICKS: self.tr("quick tricks"),
            quiz.LOSERS: self.tr("losers"),
            quiz.PLAYING_TRICKS: self.tr("playing tricks"),
            quiz.PARTNERSHIP_TRICKS: self.tr("tricks"),
        }.get(kind, "")

    def _show_question(self, question: Question) -> None:
        self._question = question
        self._result = None
        self._state = ASKING
        self._asked += 1
        self.diagram.set_deal(question.deal)
        self.diagram.set_visible_seats("".join(SEATS[s] for s in question.shown_seats))
        self._number.setText(self.tr("Question {n}").format(n=self._asked))
        self._prompt.setText(self._prompt_for(question))
        self.answer.setReadOnly(False)
        self.answer.clear()
        self.answer.setFocus()
        if question.kind == quiz.PARTNERSHIP_TRICKS:
            self._hint.setText(self.tr("An estimate: within one trick counts as right."))
        else:
            self._hint.clear()
        self._verdict.clear()
        self._breakdown.clear()
        self._update_buttons()
        self.question_shown.emit(question)

    def _show_waiting(self, text: str) -> None:
        self._question = None
        self._result = None
        self._state = WAITING
        self.diagram.set_deal(None)
        self._number.clear()
        self._prompt.setText(text)
        self.answer.setReadOnly(False)
        self.answer.clear()
        self._hint.clear()
        self._verdict.clear()
        self._breakdown.clear()
        self._update_buttons()

    def _show_result(self, result: Result) -> None:
        palette = self.palette()
        value = quiz.format_value(result.expected)
        given = quiz.format_value(result.given)
        unit = self._unit(result.question.kind)
        if result.question.kind == quiz.PARTNERSHIP_TRICKS:
            text = (
                self.tr("✔ Correct: about {value} {unit} (you said {given})")
                if result.correct
                else self.tr("✘ Not quite: about {value} {unit}, you said {given} (within one trick counts)")
            )
        else:
            text = (
                self.tr("✔ Correct: {value} {unit}")
                if result.correct
                else self.tr("✘ Not quite: {value} {unit}, you said {given}")
            )
        colour = good_colour(palette) if result.correct else red_colour(palette)
        verdict_palette = self._verdict.palette()
        verdict_palette.setColor(QPalette.ColorRole.WindowText, colour)
        self._verdict.setPalette(verdict_palette)
        self._verdict.setText(text.format(value=value, unit=unit, given=given))
        self._breakdown.setText(self._breakdown_html(result.explanation))

    def _breakdown_html(self, breakdown: quiz.Breakdown) -> str:
        """The breakdown with coloured suit symbols, one line each; the total line in bold.

        Phrased by ``quiz_breakdown`` from the engine's record (tens written ``10``, as the diagram
        beside it prints them).
        """
        palette = self.palette()
        html = []
        for line, total in breakdown_lines(breakdown):
            text = colour_suits_html(line, palette)
            html.append(f"<b>{text}</b>" if total else text)
        return "<div style='line-height: 130%'>" + "<br>".join(html) + "</div>" if html else ""

    def _update_buttons(self) -> None:
        self.check_button.setEnabled(self._state == ASKING)
        self.next_button.setEnabled(True)

    def _update_score(self) -> None:
        s = self._score
        if not s.asked:
            self._score_label.setText(self.tr("Score: no answers yet"))
            self._score_label.setToolTip("")
            return
        self._score_label.setText(
            self.tr("Score: {right} of {asked} right ({pct}%) · streak {streak} · best {best}").format(
                right=s.right, asked=s.asked, pct=f"{s.percent:.0f}", streak=s.streak, best=s.best_streak
            )
        )
        lines = [
            self.tr("{kind}: {right} of {asked}").format(kind=self._unit(kind).capitalize(), right=right, asked=asked)
            for kind, (right, asked) in s.by_kind.items()
        ]
        self._score_label.setToolTip("\n".join(lines))


__all__ = ["BATCH", "QuizWindow", "good_colour", "question_batch"]
