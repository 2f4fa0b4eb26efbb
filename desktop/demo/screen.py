"""The lesson on screen: a banner over the real table, and the lesson picker the title screen's Demo opens.

The banner never takes keyboard focus, so the table's keys (1–9, letters, Enter, Tab, E) keep working.
Extra keys for a lesson: Right or Page Down steps forward (presentation clickers send these), Left or
Page Up steps back, Enter or Space moves past a step that only explains, F5 switches presenter mode.
A prompt's options are then moved through with Tab or Up and Down, and the table's own lines say so.
"""

from __future__ import annotations

from typing import Protocol, runtime_checkable

from PySide6.QtCore import QEvent, QObject, QRect, Qt, QTimer, Signal, SignalInstance
from PySide6.QtGui import QFont, QFontMetrics, QKeyEvent, QResizeEvent
from PySide6.QtWidgets import (
    QCheckBox,
    QFrame,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from rt0table.desktop.demo.lessons_done import lessons_done_path, read_done, write_done
from rt0table.desktop.demo.library import LessonEntry, load_lessons
from rt0table.desktop.demo.runner import LessonRunner, Tone
from rt0table.desktop.game_shelf import SHELF
from rt0table.desktop.saves.setup_codec import RT0
from rt0table.desktop.seam_table.table_lesson import SeamLesson
from rt0table.desktop.shelf_game import GameLessons, ShelfGame
from rt0table.desktop.table.settings import REPLAY_SPEEDS, TableSettings
from rt0table.desktop.table.view import TableScreen
from rt0table.rules.rt0.fight.state import Phase

PRESENTER_UI_SCALE = 1.35  # on top of the player's own scale
PRESENTER_LOG_SCALE = 1.5
PRESENTER_BANNER_SCALE = 1.6
TONE_COLOURS = {Tone.AFTER: "#9fe8a8", Tone.NOTE: "#a9bdb5"}
FORWARD_KEYS = (Qt.Key.Key_Right, Qt.Key.Key_PageDown)
BACK_KEYS = (Qt.Key.Key_Left, Qt.Key.Key_PageUp)
# Left, Right and the page keys step the lesson, so the prompt's options and pages go with what is left.
LESSON_PROMPT_KEYS = "Tab or the Up and Down arrows"


@runtime_checkable
class ChainedLesson(Protocol):
    """A lesson screen with a Next lesson button, shown when ``has_next`` says another lesson follows."""

    has_next: bool
    next_wanted: SignalInstance


def _button(label: str, name: str) -> QPushButton:
    button = QPushButton(label)
    button.setObjectName(name)
    button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
    return button


class LessonBanner(QFrame):
    """The lesson's words: where we are, what just happened, what to do now; and its buttons."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("lesson-banner")
        self.setStyleSheet(
            "#lesson-banner { background: #14241f; border-bottom: 2px solid #4fd8ff; }QLabel { color: #eef3ee; }"
        )
        self.where = QLabel()
        self.feedback = QLabel()
        self.instruction = QLabel()
        for label in (self.feedback, self.instruction):
            label.setWordWrap(True)
        self.instruction.setObjectName("lesson-instruction")
        self.feedback.setObjectName("lesson-feedback")
        self.back = _button("◀ Back", "lesson-back")
        self.back.setToolTip("Set the table back to the previous step (Left or Page Up)")
        self.forward = _button("Show me ▶", "lesson-forward")
        self.hint = _button("Hint", "lesson-hint")
        self.hint.setToolTip("Point at a card and a bin worth trying")
        self.presenter = _button("Presenter", "lesson-presenter")
        self.presenter.setCheckable(True)
        self.presenter.setToolTip("Bigger cards and type, slower adversary turns (F5)")
        self.leave = _button("Lessons", "lesson-leave")
        self.leave.setToolTip("Back to the list of lessons")
        self.next_lesson = _button("Next lesson ▶▶", "lesson-next")
        self.next_lesson.setToolTip("This lesson is done: on to the next one")
        self.next_lesson.setVisible(False)
        words = QVBoxLayout()
        words.addWidget(self.where)
        words.addWidget(self.feedback)
        words.addWidget(self.instruction)
        self.buttons = QWidget()
        buttons = QVBoxLayout(self.buttons)
        buttons.setContentsMargins(0, 0, 0, 0)
        row = QHBoxLayout()
        for button in (self.back, self.forward, self.hint):
            row.addWidget(button)
        buttons.addLayout(row)
        row = QHBoxLayout()
        row.addWidget(self.presenter)
        row.addWidget(self.leave)
        buttons.addLayout(row)
        buttons.addWidget(self.next_lesson)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(14, 8, 14, 8)
        layout.addLayout(words, 1)
        layout.addWidget(self.buttons, 0, Qt.AlignmentFlag.AlignTop)
        self.has_next = False  # a lesson follows this one in the list
        self.set_scale(1.0)

    def set_scale(self, scale: float) -> None:
        base = QFont().pointSizeF()
        for label, factor, bold in (
            (self.where, 0.95, False),
            (self.feedback, 1.1, False),
            (self.instruction, 1.35, True),
        ):
            font = QFont(label.font())
            font.setPointSizeF(base * factor * scale)
            font.setBold(bold)
            label.setFont(font)
        for button in (self.back, self.forward, self.hint, self.presenter, self.leave, self.next_lesson):
            font = QFont(button.font())
            font.setPointSizeF(base * scale)
            button.setFont(font)
            # Wide enough for the longest label it shows at this size (Show me ▶ and Next ▶ take turns).
            labels = ("Show me ▶", "Next ▶") if button is self.forward else (button.text(),)
            widest = max(QFontMetrics(font).horizontalAdvance(label) for label in labels)
            button.setMinimumWidth(widest + QFontMetrics(font).horizontalAdvance("M") * 2)
        self.fit()

    def show_runner(self, runner: LessonRunner) -> None:
        lesson = runner.lesson
        self.where.setText(f"Lesson {lesson.number} · {lesson.title} — {runner.progress}")
        self.where.setStyleSheet("color: #a9bdb5;")
        feedback = "The adversaries act… (Space skips)" if runner.watching else runner.feedback
        self.feedback.setText(feedback)
        self.feedback.setVisible(bool(feedback))
        self.feedback.setStyleSheet(f"color: {TONE_COLOURS[runner.tone]};")
        self.instruction.setText(runner.instruction)
        step = runner.step
        self.forward.setText("Next ▶" if step is not None and step.explain_only else "Show me ▶")
        self.forward.setToolTip(
            "Move on (Right or Page Down)"
            if step is not None and step.explain_only
            else "Do this step for me (Right or Page Down)"
        )
        self.forward.setEnabled(step is not None and not runner.free_play)
        self.forward.setVisible(not runner.free_play)
        self.back.setEnabled(runner.index > 0 or bool(runner.done))
        self.hint.setVisible(runner.lesson.sandbox)
        self.hint.setEnabled(runner.free_play and runner.session.state.phase is not Phase.OVER)
        self.next_lesson.setVisible(runner.finished and self.has_next)
        self.fit()

    def fit(self) -> None:
        """Wrapped labels in nested layouts do not get the height they need by themselves: measure it."""
        room = max(200, self.width() - self.buttons.sizeHint().width() - 60)
        for label in (self.feedback, self.instruction):
            metrics = QFontMetrics(label.font())
            box = metrics.boundingRect(QRect(0, 0, room, 10_000), int(Qt.TextFlag.TextWordWrap), label.text())
            label.setMinimumHeight(box.height() + 4 if label.text() else 0)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.fit()


class LessonScreen(QWidget):
    """One lesson: the banner, and under it the real table the runner plays on."""

    closed = Signal()
    completed = Signal()  # every step of the script is done (once)
    next_wanted = Signal()  # the Next lesson button

    def __init__(
        self,
        entry: LessonEntry,
        base: TableSettings,
        presenter: bool = False,
        seed: int | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.base = base
        self.settings = TableSettings(**vars(base))
        self.settings.hot_seat = False  # one screen, one learner: no curtain between Sam's and Jun's turns
        self.presenter = presenter
        self._apply_settings()
        self.banner = LessonBanner()
        self.layout_ = QVBoxLayout(self)
        self.layout_.setContentsMargins(0, 0, 0, 0)
        self.layout_.setSpacing(0)
        self.layout_.addWidget(self.banner)
        self.table: TableScreen | None = None
        self.runner = LessonRunner(entry, self.settings, seed, self)
        self.runner.changed.connect(self._runner_changed)
        self._completed = False
        self.runner.screen_replaced.connect(self._place)
        self._place(self.runner.screen)
        self.banner.back.clicked.connect(self.runner.back)
        self.banner.forward.clicked.connect(self.runner.forward)
        self.banner.hint.clicked.connect(self.runner.show_hint)
        self.banner.leave.clicked.connect(self.closed.emit)
        self.banner.next_lesson.clicked.connect(self.next_wanted.emit)
        self.banner.presenter.setChecked(presenter)
        self.banner.presenter.toggled.connect(self.set_presenter)
        self.banner.set_scale(PRESENTER_BANNER_SCALE if presenter else 1.0)
        self.banner.show_runner(self.runner)

    def _runner_changed(self) -> None:
        self.banner.show_runner(self.runner)
        if self.runner.finished and not self._completed:
            self._completed = True
            self.completed.emit()

    def _apply_settings(self) -> None:
        self.settings.ui_scale = self.base.ui_scale * (PRESENTER_UI_SCALE if self.presenter else 1.0)
        self.settings.replay_step_ms = REPLAY_SPEEDS["slow"] if self.presenter else self.base.replay_step_ms

    def _place(self, screen: object) -> None:
        assert isinstance(screen, TableScreen)
        if self.table is not None:
            self.layout_.removeWidget(self.table)
            self.table.hide()
            self.table.deleteLater()
        self.table = screen
        screen.scene.log.text_scale = PRESENTER_LOG_SCALE if self.presenter else 1.0
        screen.scene.prompt.focus_keys = screen.scene.prompt.page_keys = LESSON_PROMPT_KEYS
        screen.controller.show(screen.session.state)  # the status line names the keys a lesson leaves to the table
        screen.closed.connect(self.closed.emit)
        screen.view.installEventFilter(self)
        self.layout_.addWidget(screen, 1)
        screen.show()
        screen.view.setFocus()

    def set_presenter(self, on: bool) -> None:
        self.presenter = on
        self._apply_settings()
        self.banner.set_scale(PRESENTER_BANNER_SCALE if on else 1.0)
        if self.banner.presenter.isChecked() != on:
            self.banner.presenter.setChecked(on)
        if self.table is not None:
            self.table.scene.log.text_scale = PRESENTER_LOG_SCALE if on else 1.0
            size = self.table.view.viewport().size()
            self.table.scene.relayout(size.width(), size.height())
            self.table.view.setFocus()
        self.runner.refresh()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() != QEvent.Type.KeyPress or not isinstance(event, QKeyEvent):
            return False
        key = event.key()
        controller = self.table.controller if self.table is not None else None
        if key in FORWARD_KEYS:
            self.runner.forward()
            return True
        if key in BACK_KEYS:
            self.runner.back()
            return True
        if key == Qt.Key.Key_F5:
            self.set_presenter(not self.presenter)
            return True
        step = self.runner.step
        quiet = controller is not None and controller.pick is None and not controller.blocked
        if (
            key in (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Space)
            and step is not None
            and step.explain_only
            and quiet
            and self.runner.session.state.pending is None
        ):
            self.runner.next()
            return True
        # Any other key is the table's; Tab or an arrow may turn the prompt's page, so the pointer looks again.
        QTimer.singleShot(0, self.runner.refresh)
        return False


class LessonPicker(QWidget):
    """The list of lessons; a broken lesson file is shown greyed out with its error."""

    chosen = Signal(object)  # a LessonEntry
    game_chosen = Signal(str, object)  # another game's key and one of its lessons (its GameLessons on the shelf)
    closed = Signal()

    def __init__(
        self, entries: list[LessonEntry], done: frozenset[str] = frozenset(), parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.done = done  # the stems of the lessons finished before, marked ✓
        layout = QVBoxLayout(self)
        layout.setContentsMargins(40, 30, 40, 30)
        title = QLabel("Learn to play")
        font = QFont(title.font())
        font.setPointSizeF(font.pointSizeF() * 2.4)
        font.setBold(True)
        title.setFont(font)
        layout.addWidget(title)
        intro = QLabel(
            "Short guided lessons on the real screens, game by game. Each one asks you to do a few things, then "
            "explains what happened. Play them in order, or jump to the one you need."
        )
        intro.setWordWrap(True)
        layout.addWidget(intro)
        self.presenter = QCheckBox("Presenter mode: bigger cards and type, slower adversary turns")
        self.presenter.setObjectName("demo-presenter")
        layout.addWidget(self.presenter)
        listing = QWidget()
        rows = QVBoxLayout(listing)
        self.headings: dict[str, QLabel] = {}  # by the game's key on the shelf (desktop/game_shelf.py)
        self.buttons: list[QPushButton] = []  # the demo's own lessons: RT:0's
        self._heading(rows, SHELF[RT0])
        for entry in entries:
            lesson = entry.lesson
            label = f"{lesson.number}. {lesson.title}" if lesson else f"{entry.title} (cannot be used)"
            button = QPushButton(("✓ " if entry.path.stem in done else "") + label)
            button.setObjectName(f"lesson-{entry.path.stem}")
            button.setStyleSheet("text-align: left; padding: 8px;")
            if lesson is None:
                button.setEnabled(False)
                button.setToolTip(entry.error)
            if entry.path.stem in done:
                button.setAccessibleDescription("Done")
            button.clicked.connect(lambda _=False, entry=entry: self.chosen.emit(entry))
            rows.addWidget(button)
            summary = QLabel(lesson.summary if lesson else entry.error)
            summary.setWordWrap(True)
            summary.setContentsMargins(12, 0, 0, 8)
            rows.addWidget(summary)
            self.buttons.append(button)
        self.game_buttons: dict[str, list[QPushButton]] = {}  # every other game's lessons, by its key
        for game in SHELF.values():
            if game.lessons is not None:
                self._game_rows(rows, game, game.lessons)
        rows.addStretch(1)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setWidget(listing)
        layout.addWidget(scroll, 1)
        back = QPushButton("Back to the title screen")
        back.setObjectName("demo-back")
        back.clicked.connect(self.closed.emit)
        layout.addWidget(back, alignment=Qt.AlignmentFlag.AlignLeft)

    def _heading(self, rows: QVBoxLayout, game: ShelfGame) -> None:
        """A section's heading: the game, and what kind of lessons follow (not every lesson is a fight)."""
        heading = QLabel(f"{game.title}: {game.teaches}")
        heading.setObjectName(f"demo-section-{game.key}")
        heading.setWordWrap(True)
        font = QFont(heading.font())
        font.setPointSizeF(font.pointSizeF() * 1.4)
        font.setBold(True)
        heading.setFont(font)
        heading.setContentsMargins(0, 10 if self.headings else 0, 0, 4)
        rows.addWidget(heading)
        self.headings[game.key] = heading

    def _game_rows(self, rows: QVBoxLayout, game: ShelfGame, lessons: GameLessons) -> None:
        """Another game's lessons under a heading of their own; each button emits ``game_chosen`` with its lesson."""
        self._heading(rows, game)
        buttons = self.game_buttons.setdefault(game.key, [])
        for number, lesson in enumerate(lessons.bundled(), 1):
            key = other_key(lessons.prefix, lesson)
            button = QPushButton(("✓ " if key in self.done else "") + f"{number}. {lesson.title}")
            button.setObjectName(f"{lessons.prefix}-lesson-{lesson.name.removesuffix('.json')}")
            if key in self.done:
                button.setAccessibleDescription("Done")
            button.setStyleSheet("text-align: left; padding: 8px;")
            button.clicked.connect(lambda _=False, lesson=lesson: self.game_chosen.emit(game.key, lesson))
            rows.addWidget(button)
            summary = QLabel(lesson.summary)
            summary.setWordWrap(True)
            summary.setContentsMargins(12, 0, 0, 8)
            rows.addWidget(summary)
            buttons.append(button)


def other_key(prefix: str, lesson: SeamLesson) -> str:
    """How another game's finished lesson is kept in the lessons-done file: its game's prefix and file stem."""
    return f"{prefix}-{lesson.name.removesuffix('.json')}"


class DemoScreen(QStackedWidget):
    """What the title screen's Demo opens: the picker, and the lesson chosen from it."""

    closed = Signal()

    def __init__(
        self, settings: TableSettings, entries: list[LessonEntry] | None = None, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.settings = settings
        self.entries = load_lessons() if entries is None else entries
        self.done_path = lessons_done_path()
        self.done = read_done(self.done_path)
        self.picker = self._new_picker()
        self.lesson: LessonScreen | None = None
        self.game_lesson: QWidget | None = None
        self.entry: LessonEntry | None = None

    def _new_picker(self) -> LessonPicker:
        picker = LessonPicker(self.entries, frozenset(self.done))
        picker.chosen.connect(self.open_lesson)
        picker.game_chosen.connect(self.open_game_lesson)
        picker.closed.connect(self.closed.emit)
        self.addWidget(picker)
        return picker

    def next_entry(self) -> LessonEntry | None:
        """The usable lesson after the one open now, in the list's order."""
        if self.entry not in self.entries:
            return None
        later = self.entries[self.entries.index(self.entry) + 1 :]
        return next((e for e in later if e.lesson is not None), None)

    def mark_done(self) -> None:
        """The open lesson is finished: kept in the user's config folder, and ✓ in the list."""
        if self.entry is not None:
            self.mark_done_as(self.entry.path.stem)

    def mark_done_as(self, stem: str) -> None:
        if stem in self.done:
            return
        self.done.add(stem)
        write_done(self.done, self.done_path)
        presenter = self.picker.presenter.isChecked()
        old, self.picker = self.picker, self._new_picker()
        self.picker.presenter.setChecked(presenter)
        self.removeWidget(old)
        old.deleteLater()

    def open_lesson(self, entry: LessonEntry) -> LessonScreen:
        self.close_lesson()
        self.entry = entry
        self.lesson = LessonScreen(entry, self.settings, self.picker.presenter.isChecked())
        self.lesson.banner.has_next = self.next_entry() is not None
        self.lesson.closed.connect(self.close_lesson)
        self.lesson.completed.connect(self.mark_done)
        self.lesson.next_wanted.connect(self.open_next)
        self.addWidget(self.lesson)
        self.setCurrentWidget(self.lesson)
        if self.lesson.table is not None:
            self.lesson.table.view.setFocus()
        return self.lesson

    def open_game_lesson(self, key: str, lesson: SeamLesson) -> QWidget:
        """Another game's lesson; when its screen has a Next lesson button, it opens that game's lesson after it."""
        lessons = SHELF[key].lessons
        assert lessons is not None
        screen = lessons.screen(lesson)
        if isinstance(screen, ChainedLesson):
            every = list(lessons.bundled())
            names = [other.name for other in every]
            later = every[names.index(lesson.name) + 1 :] if lesson.name in names else []
            screen.has_next = bool(later)
            if later:
                screen.next_wanted.connect(lambda: self.open_game_lesson(key, later[0]))
        return self._show_other(screen, other_key(lessons.prefix, lesson))

    def _show_other(self, screen: QWidget, key: str = "") -> QWidget:
        """Another game's lesson screen (one at a time, in ``game_lesson``), which has ``closed`` and ``completed``
        signals; finished, it is kept as done under ``key``."""
        self.close_lesson()
        screen.closed.connect(self.close_lesson)  # type: ignore[attr-defined]
        if key:
            screen.completed.connect(lambda: self.mark_done_as(key))  # type: ignore[attr-defined]
        self.game_lesson = screen
        self.addWidget(screen)
        self.setCurrentWidget(screen)
        return screen

    def open_next(self) -> LessonScreen | None:
        following = self.next_entry()
        return self.open_lesson(following) if following is not None else None

    def close_lesson(self) -> None:
        if self.game_lesson is not None:
            self.removeWidget(self.game_lesson)
            self.game_lesson.deleteLater()
            self.game_lesson = None
        if self.lesson is not None:
            self.removeWidget(self.lesson)
            self.lesson.deleteLater()
            self.lesson = None
        self.setCurrentWidget(self.picker)
