"""A card picked up from the hand, by drag, click or number key: where it may go and what it would do.

The rules in force (the Session's: RT:0's fight, or a lesson's) are asked once, when the card is picked (their
``legal_actions`` and each legal bin's preview); moving the pointer only hit-tests rectangles, and a bin that will
not take the card says why in the rules' own words. That keeps a drag move cheap however slow the rules get.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from PySide6.QtCore import QPointF, QRectF

from rt0table.rules.rt0.abilities import ABILITIES
from rt0table.rules.rt0.cards import CardId
from rt0table.rules.rt0.fight.actions import Action, Choose, PlayCard
from rt0table.rules.rt0.fight.engine import apply
from rt0table.rules.rt0.fight.events import DamageDealt, DamageWasted, Event
from rt0table.rules.rt0.fight.state import CombatState


@dataclass
class CardPick:
    fighter: str
    card: CardId
    legal: frozenset[str]  # ability ids the card may go on now
    why: Callable[[Action], str | None]  # the rules' refusal, for a bin that will not take it
    previews: dict[str, str] = field(default_factory=dict)  # ability id -> what the drop would do
    target: str | None = None  # the bin under the pointer, or chosen by letter / Tab

    @classmethod
    def begin(
        cls, state: CombatState, card: CardId, actions: Sequence[Action], why: Callable[[Action], str | None]
    ) -> CardPick:
        """The card picked, where ``actions`` (the rules' legal ones now) let it go; ``why`` words a refusal."""
        fighter = state.active_fighter
        assert fighter is not None
        legal = frozenset(a.ability for a in actions if isinstance(a, PlayCard) and a.card == card)
        previews = {ability: ABILITIES[ability].preview(state, fighter, card) for ability in legal}
        for ability in legal:
            if ABILITIES[ability].is_complete(state, fighter, [*fighter.bins.get(ability, []), card]):
                note = damage_note(state, PlayCard(fighter.id, card, ability))
                previews[ability] += f" — {note}" if note else ""
        return cls(fighter.id, card, legal, why, previews)

    def action(self, ability: str) -> PlayCard:
        return PlayCard(self.fighter, self.card, ability)

    def aim(self, ability: str | None) -> str:
        """Point at a bin (or nothing); returns the line to show about it."""
        self.target = ability
        if ability is None:
            return ""
        if ability in self.legal:
            return self.previews[ability]
        return self.why(self.action(ability)) or f"{ABILITIES[ability].name} will not take this card"

    def cycle(self, order: list[str], step: int) -> str | None:
        """Tab through the legal bins in table order."""
        legal = [a for a in order if a in self.legal]
        if not legal:
            return None
        index = legal.index(self.target) + step if self.target in legal else (0 if step > 0 else -1)
        return legal[index % len(legal)]


def damage_note(state: CombatState, action: PlayCard) -> str:
    """Where a completing play's damage lands, net of the adversary's Shield, or that it is wasted: the play is
    carried out on a copy (and each target a damage prompt would offer is tried), so the words are the engine's."""
    after, events = apply(state, action)
    parts = _damage_words(state, action.fighter, events)
    pending = after.pending
    if pending is not None and pending.kind == "strike" and pending.actor == action.fighter:
        for index, option in enumerate(pending.options):
            _, more = apply(after, Choose(index))
            after_hp = [f"{e.hp_after} HP" for e in more if isinstance(e, DamageDealt) and e.source == action.fighter]
            parts.append(" → ".join([option.label, *after_hp]))  # the label already nets the Shield off
        return " · ".join(parts)
    return ", ".join(parts)


def _damage_words(state: CombatState, fighter: str, events: list[Event]) -> list[str]:
    words: list[str] = []
    for event in events:
        if isinstance(event, DamageDealt) and event.source == fighter:
            soaked = f", {event.blocked} soaked by its Shield" if event.blocked else ""
            landed = event.amount - event.blocked
            words.append(f"{state.name_of(event.target)}: {landed} lands{soaked} → {event.hp_after} HP")
        elif isinstance(event, DamageWasted) and event.source == fighter:
            words.append(f"its {event.amount} damage is wasted: {event.reason}")
    return words


def bin_at(point: QPointF, bins: Mapping[str, QRectF]) -> str | None:
    """The bin whose scene rectangle holds the point: geometry only, no rules."""
    for ability, rect in bins.items():
        if rect.contains(point):
            return ability
    return None
