"""The lesson runner: walks a lesson's steps on a real table, whose fight plays by the lesson's rules.

It never plays for the player except when asked (Show me / forward). The table's Session plays by the rules of the
lesson's place (``content/lesson_rules.py``'s ``LessonRules``: the fight, with the step's script on top), so a move
off the script is refused before it happens, with the lesson's words, as the table refuses any illegal move (on the
bin, in the status line). Each move the Session carries out moves the lesson on by what it meant for the step
(``LessonRules.verdict``):

- the scripted action, one of ``any_of``, any card on ``any_play_on``, or anything that makes the step's
  ``goal`` hold: the step is done and its explanation is shown;
- anything else the step allows (a ``free`` step, the sandbox, the fight after the script): the lesson carries on.

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
from rt0table.rules.rt0.content.lesson import Highlight, Lesson, TeachStep, Verdict, remaining, render, replay
from rt0table.rules.rt0.content.lesson_rules import LessonRules
from rt0table.rules.rt0.fight.actions import Action, Choose, EndTurn, PlayCard
from rt0table.rules.rt0.fight.events import Event
from rt0table.rules.rt0.fight.hints import Hint, suggest
from rt0table.rules.rt0.fight.narration import narrate_all
from rt0table.rules.rt0.fight.state import Phase


class Tone(Enum):
    AFTER = "after"  # what the step just did
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
        self.rules = LessonRules(self.lesson)  # where the lesson stands, and what the table allows there
        self.step_events: list[Event] = []
        self.positions: list[tuple[LessonRules, list[Event]]] = []  # before each action the Session holds
        self.feedback = ""
        self.tone = Tone.AFTER
        self.hint: Hint | None = None
        self.screen: TableScreen | None = None
        self.highlight: HighlightItem | None = None
        self.rebuild(0)

    # --- where the lesson stands -----------------------------------------------------------------

    @property
    def session(self) -> Session:
        assert self.screen is not None
        return self.screen.session

    @property
    def index(self) -> int:
        """The step under way; len(steps) once the script is over."""
        return self.rules.index

    @property
    def done(self) -> tuple[Action, ...]:
        """The step's scripted actions already carried out."""
        return self.rules.done

    @property
    def step(self) -> TeachStep | None:
        return self.rules.step

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

    def rebuild(self, upto: int) -> None:
        """The table at the start of step ``upto``, replayed from the seed; the old table is dropped."""
        upto = max(0, min(upto, len(self.lesson.steps)))
        replayed = replay(self.lesson, self.bestiary, upto, self.scenario)
        self.rules = LessonRules(self.lesson, upto)
        screen = TableScreen(Session(replayed.game, rules=self.rules), self.settings)
        screen.scene.log.add(narrate_all(replayed.game.state, replayed.events))
        self.positions = []
        done: list[Action] = []
        for i, (step_index, action) in enumerate(replayed.actions):
            if i and replayed.actions[i - 1][0] != step_index:
                done = []
            self.positions.append((LessonRules(self.lesson, step_index, tuple(done)), []))
            done.append(action)
        self.step_events, self.hint = [], None
        previous = self.lesson.steps[upto - 1] if upto else None
        self.feedback = render(previous.after, replayed.game.state, replayed.step_events) if previous else ""
        self.tone = Tone.AFTER
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
        self.hint = None
        if not events:  # the table's Undo: the lesson steps back with it
            if self.positions:
                rules, self.step_events = self.positions.pop()
                self._stand(rules)
            self.feedback, self.tone = "Taken back.", Tone.NOTE
            self.refresh()
            return
        rules, session = self.rules, self.session
        action = session.game.steps[-1].action
        self.positions.append((rules, list(self.step_events)))
        verdict = rules.verdict(session.before, action, session.state)
        step = rules.step
        if self.lesson.sandbox or step is None:
            self.feedback = ""
        else:
            self._tell(step, verdict, events)
        self._stand(rules.moved_on(verdict, action))
        self.refresh()

    def _tell(self, step: TeachStep, verdict: Verdict, events: list[Event]) -> None:
        """The banner's words for a move on a step (the lesson's rules let through only what the step allows)."""
        self.step_events.extend(events)
        if verdict is Verdict.PROGRESS:
            self.feedback = ""
        elif verdict is Verdict.DONE:
            self.feedback, self.tone = render(step.after, self.session.state, self.step_events), Tone.AFTER
            self.step_events = []
        else:
            self.feedback, self.tone = "Off the script, but this step leaves it to you: carry on.", Tone.NOTE

    def _stand(self, rules: LessonRules) -> None:
        """The lesson at a new place: the table's fight plays by its rules from the next move on."""
        self.rules = rules
        self.session.rules = rules

    # --- buttons ------------------------------------------------------------------------------------

    def next(self) -> None:
        """Past an explain-only step."""
        step = self.step
        if step is not None and step.explain_only and not self.watching:
            self._stand(self.rules.read())
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
