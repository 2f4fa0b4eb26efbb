"""Loner lessons: a first session (the book's Appendix A) walked through on the real Loner screens, read from
``assets/loner/lessons/*.json`` (data, checked at load).

A lesson is a list of steps in the order a session runs (make the Protagonist, build the setup, frame a scene, ask
the oracle, fight a conflict, close the scene, roll the transition, end the session). Progress is read from the
game's journal, so an undone step is a step to do again. Each step says what to do; its example, if any, can be
typed into the screen's fields by the banner's button (F1).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from rt0table.assets.bundled import bundled_names, bundled_text
from rt0table.desktop.demo.lesson_fields import LessonError, chosen_field, text_field
from rt0table.desktop.lettering import scaled_font
from rt0table.desktop.loner.creation_screen import ProtagonistScreen
from rt0table.desktop.loner.loner_game import unsaved_story
from rt0table.desktop.loner.story_screen import PAGES, StoryScreen
from rt0table.desktop.seam_table.table_lesson import SeamLesson, read_seam_lesson
from rt0table.rules.loner.loner_state import LonerSetup
from rt0table.rules.loner.protagonist import Character, SheetError, promote
from rt0table.rules.loner.together import Together

FOLDER = ("loner", "lessons")
# The steps a lesson may walk through, in the order a session runs them; each (but the first) is done when the
# journal gains a line of its kind.
STEPS = ("protagonist", "setup", "frame", "ask", "conflict", "close", "transition", "end")
JOURNAL_KIND = {
    "setup": "setup",
    "frame": "framed",
    "ask": "asked",
    "conflict": "conflict-over",
    "close": "closed",
    "transition": "transition",
    "end": "session",
}
CREATION_FIELDS = ("name", "concept", "skill1", "skill2", "frailty", "gear1", "gear2", "goal", "motive", "nemesis")
# The story screen's fields a step's example may fill, by the example's key.
STORY_FIELDS = {
    "frame": ("where", "who", "goal"),
    "ask": ("question", "tags_for", "tags_against"),
    "conflict": ("strike_for", "strike_against"),
    "close": ("outcome",),
}
EXAMPLE_FIELDS = {"protagonist": CREATION_FIELDS, **STORY_FIELDS}


@dataclass(frozen=True)
class LessonStep:
    step: str
    say: str
    example: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class LonerLesson(SeamLesson):
    """A first session walked through step by step; its hints are by the story screen's page."""

    setting: str
    cast: tuple[Character, ...]
    steps: tuple[LessonStep, ...]


def _setting(data: dict[str, Any], name: str) -> str:
    return text_field(data, name, "setting")


def _cast(data: dict[str, Any], name: str) -> tuple[Character, ...]:
    cast = data.get("cast", [])
    if not isinstance(cast, list):
        raise LessonError(f"{name}: cast: must be a list of characters")
    people: list[Character] = []
    for i, entry in enumerate(cast):
        where = f"cast[{i}]"
        if not isinstance(entry, dict) or set(entry) - {"name", "concept", "tags"}:
            raise LessonError(f"{name}: {where}: must be an object with name, concept and tags")
        tags = entry.get("tags", [])
        if not isinstance(tags, list) or not all(isinstance(t, str) for t in tags):
            raise LessonError(f"{name}: {where}.tags: must be a list of text")
        person, concept = entry.get("name"), entry.get("concept")
        if not isinstance(person, str) or not isinstance(concept, str):
            raise LessonError(f"{name}: {where}: name and concept must be text")
        try:
            people.append(promote("-".join(person.casefold().split()), person, concept, tuple(tags), True))
        except SheetError as error:
            raise LessonError(f"{name}: {where}: {error}") from None
    if len({p.id for p in people}) != len(people):
        raise LessonError(f"{name}: cast: two characters share a name")
    return tuple(people)


def _step(entry: object, name: str, where: str) -> LessonStep:
    if not isinstance(entry, dict) or set(entry) - {"step", "say", "example"}:
        raise LessonError(f"{name}: {where}: must be an object with step, say and example")
    step = chosen_field(entry, f"{name}: {where}", "step", STEPS, "step")
    say = text_field(entry, f"{name}: {where}", "say")
    example = entry.get("example", {})
    if not isinstance(example, dict) or not all(isinstance(v, str) for v in example.values()):
        raise LessonError(f"{name}: {where}.example: must map fields to text")
    allowed = EXAMPLE_FIELDS.get(step, ())
    stray = [k for k in example if k not in allowed]
    if stray:
        fields = ", ".join(allowed) or "none"
        raise LessonError(f"{name}: {where}.example.{stray[0]}: is not a field of this step ({fields})")
    return LessonStep(step, say, tuple(example.items()))


def _steps(data: dict[str, Any], name: str) -> tuple[LessonStep, ...]:
    """The steps, in the order a session runs them, beginning with the Protagonist."""
    raw = data.get("steps")
    if not isinstance(raw, list) or not raw:
        raise LessonError(f"{name}: steps: must be a list of steps")
    steps = tuple(_step(entry, name, f"steps[{i}]") for i, entry in enumerate(raw))
    order = [STEPS.index(s.step) for s in steps]
    if order[0] != 0:
        raise LessonError(f"{name}: steps[0].step: a lesson begins by making the Protagonist")
    for i in range(1, len(order)):
        if order[i] <= order[i - 1]:
            raise LessonError(f"{name}: steps[{i}].step: '{steps[i].step}' must come later ({', '.join(STEPS)})")
    return steps


def read_lesson(name: str, text: str) -> LonerLesson:
    """One lesson from its JSON text, through the seam games' lesson reader; LessonError naming the file and the
    field when it does not fit."""
    own = {"setting": _setting, "steps": _steps, "cast": _cast}
    lesson = read_seam_lesson(LonerLesson, name, text, PAGES, own)
    if "conflict" in (s.step for s in lesson.steps) and not lesson.cast:
        raise LessonError(f"{name}: cast: a conflict step needs someone in the cast to face")
    return lesson


def bundled_lessons() -> list[LonerLesson]:
    return [read_lesson(name, bundled_text(*FOLDER, name)) for name in bundled_names(*FOLDER, suffix=".json")]


def steps_done(lesson: LonerLesson, journal_kinds: list[str] | None) -> int:
    """How many of the lesson's steps are done: none before the story begins (``journal_kinds`` None); then the
    Protagonist, and each later step once the journal has its kind after the one before it."""
    if journal_kinds is None:
        return 0
    done, at = 1, 0
    for step in lesson.steps[1:]:
        kind = JOURNAL_KIND[step.step]
        found = next((i for i in range(at, len(journal_kinds)) if journal_kinds[i] == kind), None)
        if found is None:
            break
        done, at = done + 1, found + 1
    return done


class LonerLessonScreen(QWidget):
    """The lesson's banner over the real creation screen, then the real story screen.

    ``completed`` once every step is done; ``closed`` to leave; ``next_wanted`` from the Next lesson button, shown
    when the lesson is done and ``has_next`` says another follows it.
    """

    completed = Signal()
    closed = Signal()
    next_wanted = Signal()

    def __init__(self, lesson: LonerLesson, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("loner-lesson")
        self.lesson = lesson
        self.done = False
        self.has_next = False
        self.story: StoryScreen | None = None
        self.creation = ProtagonistScreen()
        self.creation.back.connect(self.closed.emit)
        self.creation.ready.connect(self._begin)
        for edit in self.creation.fields.values():
            edit.textChanged.connect(self.refresh)
        self.banner = QFrame()
        self.banner.setObjectName("loner-lesson-banner")
        self.banner.setStyleSheet(
            "#loner-lesson-banner { background: #14241f; border-bottom: 2px solid #4fd8ff; } QLabel { color: #eef3ee; }"
        )
        self.where = QLabel()
        self.where.setObjectName("loner-lesson-where")
        self.say = QLabel()
        self.say.setObjectName("loner-lesson-say")
        self.say.setFont(scaled_font(self.font(), 1.05, bold=True))
        self.note = QLabel()
        self.note.setObjectName("loner-lesson-note")
        self.note.setStyleSheet("color: #ffb36b;")
        for label in (self.say, self.note):
            label.setWordWrap(True)
        self.example = QPushButton("Fill in the example (F1)")
        self.example.setObjectName("loner-lesson-example")
        self.example.setToolTip("Type this step's example into the fields; you still press the button yourself")
        self.example.clicked.connect(self.fill_example)
        leave = QPushButton("Lessons")
        leave.setObjectName("loner-lesson-leave")
        leave.setToolTip("Back to the list of lessons")
        leave.clicked.connect(self.closed.emit)
        self.next_lesson = QPushButton("&Next lesson ▶▶")
        self.next_lesson.setObjectName("loner-lesson-next")
        self.next_lesson.clicked.connect(self.next_wanted.emit)
        self.next_lesson.setVisible(False)
        for button in (self.example, leave, self.next_lesson):
            button.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # the keyboard stays in the game's fields
        words = QVBoxLayout()
        for label in (self.where, self.say, self.note):
            words.addWidget(label)
        buttons = QVBoxLayout()
        for button in (self.example, leave, self.next_lesson):
            buttons.addWidget(button)
        buttons.addStretch(1)
        row = QHBoxLayout(self.banner)
        row.setContentsMargins(14, 8, 14, 8)
        row.addLayout(words, 1)
        row.addLayout(buttons)
        self.layout_ = QVBoxLayout(self)
        self.layout_.setContentsMargins(0, 0, 0, 0)
        self.layout_.setSpacing(0)
        self.layout_.addWidget(self.banner)
        self.layout_.addWidget(self.creation, 1)
        shortcut = QShortcut(QKeySequence("F1"), self)
        shortcut.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        shortcut.activated.connect(self.fill_example)
        self.refresh()

    def _begin(self, setup: LonerSetup, together: Together | None) -> None:
        """The Protagonist is made: the story opens in the lesson's setting, with its cast, on its seed."""
        setup = replace(setup, npcs=(*self.lesson.cast, *setup.npcs), setting=self.lesson.setting)
        story = unsaved_story(setup, together, self.lesson.seed)
        story.closed.connect(self.closed.emit)
        story.changed.connect(self.refresh)
        self.layout_.removeWidget(self.creation)
        self.creation.hide()
        self.layout_.addWidget(story, 1)
        self.story = story
        story.show()
        story.where.setFocus()
        self.refresh()

    @property
    def progress(self) -> int:
        story = self.story
        return steps_done(self.lesson, None if story is None else [line.kind for line in story.lines()])

    @property
    def step(self) -> LessonStep | None:
        """The step to do now; None once the lesson is done."""
        steps = self.lesson.steps
        return steps[self.progress] if self.progress < len(steps) else None

    def refresh(self) -> None:
        step, total = self.step, len(self.lesson.steps)
        title = self.lesson.title
        if step is None:
            self.where.setText(f"Loner · {title} — done")
            self.say.setText(self.lesson.done)
        else:
            self.where.setText(f"Loner · {title} — step {self.progress + 1} of {total}")
            self.say.setText(step.say)
        page = "" if self.story is None else PAGES[self.story.pages.currentIndex()]
        self.note.setText(self.lesson.hint(page) if step is not None else "")
        self.note.setVisible(bool(self.note.text()))
        self.example.setEnabled(step is not None and bool(step.example))
        self.next_lesson.setVisible(step is None and self.has_next)
        if step is None and not self.done:
            self.done = True
            self.completed.emit()

    def fill_example(self) -> None:
        """Type the step's example into the screen's fields, and tick the cast in the conflict list."""
        step = self.step
        if step is None or not step.example:
            return
        for field, text in step.example:
            edit = self.creation.fields[field] if self.story is None else getattr(self.story, field)
            edit.setText(text)
        story = self.story
        if story is not None and step.step == "conflict" and story.state.bout is None:
            cast = {c.id for c in self.lesson.cast}
            for row in range(story.opponents.count()):
                item = story.opponents.item(row)
                if item.data(Qt.ItemDataRole.UserRole) in cast:
                    item.setCheckState(Qt.CheckState.Checked)
