"""The lesson runner: walks a lesson's steps on a real table, judging every action the Session carries out.

It never plays for the player except when asked (Show me / forward). Each action that reaches the Session
is judged against the current step (``lesson.judge``):

- the scripted action, one of ``any_of``, any card on ``any_play_on``, or anything that makes the step's
  ``goal`` hold: the step is done and its explanation is shown;
- off the script on a ``free`` step (and anything in the sandbox): followed, the lesson carries on;
- off the script otherwise: taken back with ``Session.undo`` and the player is told what the step wants.
  When the rules will not undo it (it drew or revealed cards), the lesson carries on from the new state if
  the rest of the script can still be played from there; if not, the table is rebuilt from the seed at the
  start of the step.

Back rebuilds the fight from the seed by replaying the scripted actions of the earlier steps; the
table's own Undo walks the lesson back with it.
"""

from __future__ import annotations

import time
from dataclasses import replace
from enum import Enum

from PySide6.QtCore import QEvent, QObject, QTimer, Signal

from rt0table.desktop.demo.highlight import HighlightItem, target_rect
from rt0table.desktop.demo.library import LessonEntry
from rt0table.desktop.table.fight_session import Session
from rt0table.desktop.table.settings import TableSettings
from rt0table.desktop.table.view import TableScreen
from rt0table.rules.rt0.abilities import ABILITIES
from rt0table.rules.rt0.cards import CARDS
from rt0table.rules.rt0.content.lesson import (
    Highlight,
    Lesson,
    TeachStep,
    Verdict,
    describe,
    judge,
    remaining,
    render,
    replay,
    script_after,
    script_fits,
)
from rt0table.rules.rt0.fight.actions import Action, Choose, EndTurn, PlayCard
from rt0table.rules.rt0.fight.events import Event
from rt0table.rules.rt0.fight.hints import Hint, suggest
from rt0table.rules.rt0.fight.narration import narrate_all
from rt0table.rules.rt0.fight.state import Phase


class Tone(Enum):
    AFTER = "after"  # what the step just did
    OFF = "off"  # the player went off the script
    NOTE = "note"  # anything else worth a line (undo, a hint)


class LessonRunner(QObject):
    changed = Signal()  # the banner should be drawn again
    screen_replaced = Signal(object)  # a new TableScreen after a rebuild

    def __init__(
        self, entry: LessonEntry, settings: TableSettings, seed: int | None = None, parent: QObject | None = None
    ) -> None:
        super().__init__(parent)
        assert entry.lesson is not None
        self.lesson: Lesson = entry.lesson
        self.bestiary = entry.bestiary
        self.settings = settings
        scenario = self.lesson.scenario
        if self.lesson.random_seed:
            scenario = replace(scenario, seed=seed if seed is not None else int(time.time()))
        self.scenario = scenario
        self.index = 0  # the step under way; len(steps) once the script is over
        self.done: list[Action] = []  # the step's scripted actions already carried out
        self.step_events: list[Event] = []
        self.positions: list[tuple[int, list[Action], list[Event]]] = []  # before each action the Session holds
        self.feedback = ""
        self.tone = Tone.AFTER
        self.hint: Hint | None = None
        self.screen: TableScreen | None = None
        self.highlight: HighlightItem | None = None
        self._undoing = False
        self.rebuild(0)

    # --- where the lesson stands -----------------------------------------------------------------

    @property
    def session(self) -> Session:
        assert self.screen is not None
        return self.screen.session

    @property
    def step(self) -> TeachStep | None:
        return self.lesson.steps[self.index] if self.index < len(self.lesson.steps) else None

    @property
    def finished(self) -> bool:
        return self.step is None

    @property
    def free_play(self) -> bool:
        """The sandbox once its opening words are read: no script, hints on request."""
        return self.lesson.sandbox and self.finished

    @property
    def watching(self) -> bool:
        return self.screen is not None and self.screen.controller.replayer.running

    @property
    def instruction(self) -> str:
        step = self.step
        if step is not None:
            return render(step.say, self.session.state, [])
        if not self.lesson.sandbox:  # the script is done, whether or not its last step ended the fight
            return "Lesson complete! Go back to the lessons for the next one, or step back to see a part again."
        if self.session.state.phase is Phase.OVER:
            return f"The fight is over: {self.session.state.result}. Pick another lesson, or try this one again."
        return "Your fight: play any card you like, and press Hint when you want a suggestion."

    @property
    def progress(self) -> str:
        total = len(self.lesson.steps)
        if self.free_play:
            return "Free play"
        if self.finished:
            return f"All {total} steps done"
        return f"Step {self.index + 1} of {total}"

    def highlights(self) -> tuple[Highlight, ...]:
        step = self.step
        if step is not None:
            return step.highlight
        if self.hint is not None:
            return _hint_targets(self.hint, self.session)
        return ()

    # --- building the table ------------------------------------------------------------------------

    def rebuild(self, upto: int, note: str = "") -> None:
        """The table at the start of step ``upto``, replayed from the seed; the old table is dropped."""
        upto = max(0, min(upto, len(self.lesson.steps)))
        replayed = replay(self.lesson, self.bestiary, upto, self.scenario)
        screen = TableScreen(Session(replayed.game), self.settings)
        screen.scene.log.add(narrate_all(replayed.game.state, replayed.events))
        self.positions = []
        done: list[Action] = []
        for i, (step_index, action) in enumerate(replayed.actions):
            if i and replayed.actions[i - 1][0] != step_index:
                done = []
            self.positions.append((step_index, list(done), []))
            done.append(action)
        self.index, self.done, self.step_events, self.hint = upto, [], [], None
        previous = self.lesson.steps[upto - 1] if upto else None
        self.feedback = render(previous.after, replayed.game.state, replayed.step_events) if previous else ""
        self.tone = Tone.AFTER
        if note:
            self.feedback, self.tone = note, Tone.OFF
        self._attach(screen)
        self.screen_replaced.emit(screen)
        self.refresh()

    def _attach(self, screen: TableScreen) -> None:
        self.screen = screen
        self.highlight = HighlightItem()
        screen.scene.addItem(self.highlight)
        # Connected after the controller: it has started (or finished) its replay when we look.
        screen.session.state_did_change.connect(self._changed)
        screen.controller.replayer.finished.connect(self.refresh)
        screen.view.viewport().installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Resize:
            QTimer.singleShot(0, self, self.refresh)  # context: dropped if the lesson is closed first
        return False

    # --- the player's actions -------------------------------------------------------------------

    def _changed(self, events: list[Event]) -> None:
        if self._undoing:
            return
        self.hint = None
        if not events:  # the table's Undo: the lesson steps back with it
            if self.positions:
                self.index, self.done, self.step_events = self.positions.pop()
            self.feedback, self.tone = "Taken back.", Tone.NOTE
            self.refresh()
            return
        action = self.session.game.steps[-1].action
        self.positions.append((self.index, list(self.done), list(self.step_events)))
        step = self.step
        if self.lesson.sandbox:
            self.index = len(self.lesson.steps)
            self.feedback = ""
        elif step is None:
            self.feedback = ""
        else:
            self._judge(step, action, events)
        self.refresh()

    def _judge(self, step: TeachStep, action: Action, events: list[Event]) -> None:
        verdict = Verdict.OFF if step.explain_only else judge(step, self.done, action, self.session.state)
        if verdict is Verdict.OFF:
            self._off_script(step)
            return
        self.step_events.extend(events)
        if verdict is Verdict.PROGRESS:
            self.done.append(action)
            self.feedback = ""
        elif verdict is Verdict.FOLLOWED:
            self.feedback, self.tone = "Off the script, but this step leaves it to you: carry on.", Tone.NOTE
        else:
            self.feedback, self.tone = render(step.after, self.session.state, self.step_events), Tone.AFTER
            self.index, self.done, self.step_events = self.index + 1, [], []

    def _off_script(self, step: TeachStep) -> None:
        before = self.session.before
        rest = remaining(step, self.done)
        if step.explain_only:
            why = "This step only explains: read it, then press Next (or Enter)."
        else:
            why = step.off_script or f"This step asks you to {describe(before, rest[0])}."
        self.tone = Tone.OFF
        if self.session.undo_refusal() is None:
            self._undoing = True
            try:
                self.session.undo()
            finally:
                self._undoing = False
            self.positions.pop()
            self.feedback = f"{why} Your move was taken back; try again."
        elif script_fits(self.session.state, script_after(self.lesson, self.index, self.done)):
            self.feedback = f"{why} That move drew or showed new cards, so it stands; the lesson goes on from here."
        else:
            note = f"{why} That move drew new cards and cannot be taken back, so the table is set back to the start "
            note += "of this step."
            self.feedback = note
            index = self.index
            QTimer.singleShot(0, self, lambda: self.rebuild(index, note))

    # --- buttons ------------------------------------------------------------------------------------

    def next(self) -> None:
        """Past an explain-only step."""
        step = self.step
        if step is not None and step.explain_only and not self.watching:
            self.index += 1
            self.feedback, self.hint = "", None
            self.refresh()

    def forward(self) -> None:
        """Do the step's next scripted action for the player (or move past an explanation)."""
        if self.watching:
            assert self.screen is not None
            self.screen.controller.replayer.skip()
            return
        step = self.step
        if step is None:
            return
        if step.explain_only:
            self.next()
            return
        action = remaining(step, self.done)[0]
        if self.session.refusal(action) is None:
            self.session.submit(action)
        else:
            self.rebuild(self.index + 1)

    def back(self) -> None:
        """To the start of this step if part of it is done, else to the start of the one before."""
        if self.screen is not None and self.watching:
            self.screen.controller.replayer.skip()
        self.rebuild(self.index if self.done else self.index - 1)

    def show_hint(self) -> None:
        if self.watching:
            return
        self.hint = suggest(self.session.state)
        self.feedback = self.hint.text if self.hint else "The fight is over: there is nothing left to do."
        self.tone = Tone.NOTE
        self.refresh()

    # --- drawing ---------------------------------------------------------------------------------

    def refresh(self) -> None:
        if self.screen is None or self.highlight is None:
            return
        scene = self.screen.scene
        if self.watching:
            self.highlight.show_rects([], scene.layout_now.unit)
        else:
            rects = [target_rect(scene, h) for h in self.highlights()]
            self.highlight.show_rects([r for r in rects if r is not None], scene.layout_now.unit)
        self.changed.emit()


def _hint_targets(hint: Hint, session: Session) -> tuple[Highlight, ...]:
    action = hint.action
    if isinstance(action, PlayCard) and action.ability in ABILITIES:
        return Highlight("card", CARDS[action.card].name), Highlight("bin", action.ability)
    if isinstance(action, Choose):
        return (Highlight("option", str(action.option)),)
    if isinstance(action, EndTurn):
        return (Highlight("end_turn"),)
    return ()
