"""Showing a step's events one beat at a time (the adversaries' turn), driven by a QTimer.

The board shows a copy of the state from before the step, patched event by event with the facts the
events carry (a move, the HP after a blow, a revealed intent). Nothing here decides a rule: the real
state is shown as soon as the replay ends. With 0 ms per beat everything happens at once.

Every event class is either patched here (``BOARD_EVENTS``) or named in ``OFF_BOARD`` as changing nothing the
board draws during a replay (cards in hands and piles, decisions, log-only facts); a test holds the two to the
engine's whole event list, and holds the patched figures equal to the engine's after every step.
"""

from __future__ import annotations

from collections import deque

from PySide6.QtCore import QObject, QTimer, Signal

from rt0table.rules.rt0.fight import events as ev
from rt0table.rules.rt0.fight.events import (
    AdversaryDefeated,
    CardsDiscarded,
    CatastropheStruck,
    DamageDealt,
    EddyDestroyed,
    Event,
    FateChosen,
    FighterDied,
    HarmUndone,
    HealthLost,
    HealthRegained,
    InjuryGiven,
    InjuryTaken,
    InjuryTreated,
    IntentCarriedOut,
    IntentDiscarded,
    IntentDrawn,
    IntentRevealed,
    IntentSpent,
    LeftCombat,
    Moved,
    RoundStarted,
    ShieldDropped,
    ShieldGained,
)
from rt0table.rules.rt0.fight.narration import narrate
from rt0table.rules.rt0.fight.state import Adversary, CombatState, Fighter

# The beats worth a pause: what an adversary does, and the new round's intents.
PACED = (
    CatastropheStruck,
    IntentRevealed,
    IntentCarriedOut,
    Moved,
    DamageDealt,
    HealthRegained,
    ShieldGained,
    InjuryTaken,
    InjuryGiven,
    RoundStarted,
    IntentDrawn,
)


def _figure(state: CombatState, who: str) -> Fighter | Adversary | None:
    figures: list[Fighter | Adversary] = [*state.fighters, *state.adversaries]
    for figure in figures:
        if figure.id == who:
            return figure
    return None


def show_event(display: CombatState, event: Event) -> None:
    """Patch the display copy with the facts an event carries."""
    match event:
        case Moved(who, _origin, destination):
            figure = _figure(display, who)
            if figure is not None:
                figure.zone = destination
        case DamageDealt(_source, target, _amount, blocked, hp_after):
            figure = _figure(display, target)
            if figure is not None:
                figure.shield, figure.hp = max(0, figure.shield - blocked), hp_after
        case ShieldGained(who, _amount, total):
            figure = _figure(display, who)
            if figure is not None:
                figure.shield = total
        case ShieldDropped(who, _amount):
            figure = _figure(display, who)
            if figure is not None:
                figure.shield = 0
        case HealthRegained(who, _amount, hp_after):
            figure = _figure(display, who)
            if figure is not None:
                figure.hp = hp_after
        case IntentDrawn(adversary, card):
            foe = display.adversary(adversary)
            foe.intent, foe.intent_hidden = (card if card is not None else foe.intent), card is None
        case IntentRevealed(adversary, card):
            foe = display.adversary(adversary)
            foe.intent, foe.intent_hidden = card, False
        case InjuryTaken(fighter, injury, _severity, hp_after):
            person = display.fighter(fighter)
            person.injuries.append(injury)
            person.hp = hp_after
        case InjuryGiven(fighter, injury, _severity):
            display.fighter(fighter).injuries.append(injury)
        case AdversaryDefeated(adversary, _by):
            display.adversary(adversary).hp = 0
        case FateChosen(adversary, fate):
            display.adversary(adversary).fate = fate
        case LeftCombat(fighter):
            display.fighter(fighter).zone = None
        case CardsDiscarded(fighter, cards, origin):
            person = display.fighter(fighter)
            pile = person.hand if origin == "hand" else person.bins.get(origin, [])
            for card in cards:
                if card in pile:
                    pile.remove(card)
        case HealthLost(fighter, _amount, hp_after, _cause):
            display.fighter(fighter).hp = hp_after
        case HarmUndone(fighter, hp, injuries_removed):
            person = display.fighter(fighter)
            person.hp = hp
            for injury in injuries_removed:
                if injury in person.injuries:
                    del person.injuries[len(person.injuries) - 1 - person.injuries[::-1].index(injury)]
        case InjuryTreated(fighter, injury, becomes):
            person = display.fighter(fighter)
            if injury in person.injuries:
                at = person.injuries.index(injury)
                if becomes:
                    person.injuries[at] = becomes
                else:
                    del person.injuries[at]
        case IntentDiscarded(adversary=adversary) | IntentSpent(adversary=adversary):
            foe = display.adversary(adversary)
            foe.intent, foe.intent_hidden = None, False
        case FighterDied(fighter) | EddyDestroyed(fighter):
            display.fighter(fighter).dead = True


# The events ``show_event`` patches the board with, and those that change nothing it draws while a replay runs.
BOARD_EVENTS: frozenset[type[Event]] = frozenset(
    {
        Moved,
        DamageDealt,
        ShieldGained,
        ShieldDropped,
        HealthRegained,
        IntentDrawn,
        IntentRevealed,
        InjuryTaken,
        InjuryGiven,
        AdversaryDefeated,
        FateChosen,
        LeftCombat,
        CardsDiscarded,
        HealthLost,
        HarmUndone,
        InjuryTreated,
        IntentDiscarded,
        IntentSpent,
        FighterDied,
        EddyDestroyed,
    }
)
OFF_BOARD: frozenset[type[Event]] = frozenset(
    {
        ev.CombatStarted,  # only ever opens a fight: no replay runs over it
        ev.RoundStarted,  # the round number is the status line's, from the real state
        ev.TurnStarted,
        ev.TurnEnded,
        ev.CardsDrawn,  # hands and piles: the viewed hand's cards fly from the real state after the replay
        ev.DeckShuffled,
        ev.CardPlaced,
        ev.AbilityResolved,
        ev.DamageWasted,
        ev.EffectWasted,
        ev.CatastropheStruck,
        ev.Honked,
        ev.IntentReplaced,  # an IntentDrawn follows with the replacement
        ev.IntentCarriedOut,  # its effects come as their own events (moves, blows, shields)
        ev.AdversaryHeld,
        ev.DeckTopShown,
        ev.DecisionRequested,
        ev.DecisionMade,
        ev.StandInChose,
        ev.SkillCheckMade,
        ev.CorruptionTaken,  # Corruption is the summary's, not the board's
        ev.AbilityAdded,  # a new bin: the table redraws the bins from the real state
        ev.CardDeclared,
        ev.CardsRemoved,
        ev.CardsToHand,
        ev.CardReturned,
        ev.CombatEnded,  # the result banner reads the real state
        ev.CardsPeeked,
        ev.DeckStacked,
        ev.IntentsOffered,
        ev.IntentQueued,  # next round's intent: not on the board until that round
        ev.CardsSearched,
        ev.SpellBorrowed,
        ev.TrickCardShown,
        ev.TrickGuessed,
        ev.DamageAvoided,
        ev.SkillCheckJudged,
        ev.AttackWithstood,  # the sealed suit's line in the log; nothing on the board moves
        ev.ItemUsed,  # items sit with the hand: their badges are drawn from the real state after the replay
        ev.ItemExhausted,
        ev.CardsStowed,
        ev.CardSwapped,
    }
)


class EventReplayer(QObject):
    """Plays a batch of events onto a display copy; ``stepped`` after each beat, ``finished`` at the end."""

    stepped = Signal(object, list, str)  # display state, new log lines, the adversary acting ("" if none)
    finished = Signal()
    happened = Signal(object)  # each event as it is shown: the table marks the big moments

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.timer = QTimer(self)
        self.timer.setSingleShot(True)
        self.timer.timeout.connect(self._beat)
        self.queue: deque[Event] = deque()
        self.display: CombatState | None = None
        self.names: CombatState | None = None
        self.acting = ""
        self.step_ms = 0

    @property
    def running(self) -> bool:
        return self.display is not None

    def start(self, before: CombatState, after: CombatState, events: list[Event], step_ms: int) -> None:
        if self.running and self.step_ms > 0:
            # A step that follows at once (the solo GM's answer mid-turn) joins the beats still to show.
            self.names = after
            self.queue.extend(events)
            return
        self.skip()
        self.display, self.names = before.clone(), after
        self.queue = deque(events)
        self.step_ms, self.acting = step_ms, ""
        if step_ms <= 0:
            self.skip()
        else:
            self._beat()

    def skip(self) -> None:
        """Show the rest at once."""
        self.timer.stop()
        if self.display is None:
            return
        lines: list[str] = []
        while self.queue:
            lines.extend(self._apply(self.queue.popleft()))
        display = self.display
        self.display = None
        self.stepped.emit(display, lines, "")
        self.finished.emit()

    def _apply(self, event: Event) -> list[str]:
        assert self.display is not None and self.names is not None
        show_event(self.display, event)
        self.happened.emit(event)
        if isinstance(event, IntentCarriedOut):
            self.acting = event.adversary
        line = narrate(self.names, event)
        return [line] if line else []

    def _beat(self) -> None:
        if self.display is None:
            return
        lines: list[str] = []
        while self.queue:
            event = self.queue.popleft()
            lines.extend(self._apply(event))
            if isinstance(event, PACED):
                break
        if not self.queue:
            self.skip_with(lines)
            return
        self.stepped.emit(self.display, lines, self.acting)
        self.timer.start(self.step_ms)

    def skip_with(self, lines: list[str]) -> None:
        display = self.display
        self.display = None
        self.stepped.emit(display, lines, "")
        self.finished.emit()
