"""Spell fights for the spell and injury tests: a caster set up, a spell played, its target picked."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from rt0table.rules.rt0.cards import by_name
from rt0table.rules.rt0.content.adversaries import bundled_bestiary
from rt0table.rules.rt0.fight.actions import Action, Choose, PlayCard
from rt0table.rules.rt0.fight.engine import (
    AdversarySetup,
    FighterSetup,
    Preparation,
    apply,
    new_combat,
)
from rt0table.rules.rt0.fight.events import (
    Event,
    ShieldGained,
)
from rt0table.rules.rt0.fight.state import CombatState
from rt0table.rules.rt0.traits import Arcana, Spell, Trait
from tests.helpers.fight_builders import BOOK

HERE, THERE, FAR = (1, 1), (0, 0), (2, 2)

HOUSE = bundled_bestiary("house.json")


FILLER = ("3 of Pentacles", "4 of Pentacles", "5 of Pentacles", "6 of Pentacles", "7 of Pentacles")


QUIET_INTENTS = ("Ace of Pentacles", "2 of Pentacles", "3 of Pentacles")  # a training robot at full HP: nothing


def plain(*spells: Spell, traits: Sequence[Trait] = (Trait.CHARMING, Trait.WEAK), **extra: object) -> FighterSetup:
    """A Fool (Lucky, not Clever) who knows these spells."""
    kit = frozenset((*traits, Trait.LUCKY))
    return FighterSetup("pip", "Pip", HERE, kit, Arcana.FOOL, spells=spells, **extra)  # type: ignore[arg-type]


def friend(zone: tuple[int, int] = HERE) -> FighterSetup:
    return FighterSetup("al", "Al", zone, frozenset({Trait.STRONG, Trait.SLOW}))


def robots(*zones: tuple[int, int]) -> list[AdversarySetup]:
    return [AdversarySetup("training_robot", zone) for zone in zones or (HERE,)]


def start(
    fighters: Sequence[FighterSetup],
    foes: Sequence[AdversarySetup] | None = None,
    hands: Mapping[str, Sequence[str]] | None = None,
    tops: Mapping[str, Sequence[str]] | None = None,
    intents: Mapping[str, str] | None = None,
    hp: Mapping[str, int] | None = None,
) -> CombatState:
    """A fight with named hands, every deck's first draws stacked with harmless cards, and quiet intents."""
    foes = list(foes if foes is not None else robots())
    stacked = {f.id: tuple(by_name(c) for c in (tops or {}).get(f.id, FILLER)) for f in fighters}
    held = {key: tuple(by_name(c) for c in cards) for key, cards in (hands or {}).items()}
    ids = [f"{a.kind}-{i}" for i, a in enumerate(foes, 1)] if len({a.kind for a in foes}) == 1 else []
    chosen = intents or dict(zip(ids, QUIET_INTENTS, strict=False))
    planned = {key: (by_name(card), False) for key, card in chosen.items()}
    prepared = Preparation(tops=stacked, hands=held, intents=planned, hp=dict(hp or {}))
    state, _ = new_combat(5, 3, fighters, foes, {**BOOK, **HOUSE}, prepared=prepared)
    return state


def play(state: CombatState, *actions: Action | str) -> tuple[CombatState, list[Event]]:
    """Carry out actions; a string ``"card>bin"`` plays that card of the active fighter's hand on that bin."""
    events: list[Event] = []
    for action in actions:
        if isinstance(action, str):
            card, ability = action.split(">")
            fighter = state.active_fighter
            assert fighter is not None
            action = PlayCard(fighter.id, by_name(card), ability)
        state, more = apply(state, action)
        events += more
    return state, events


def pick(state: CombatState, text: str) -> Choose:
    """The option of the pending decision whose label contains ``text``."""
    pending = state.pending
    assert pending is not None, "no decision pending"
    for index, option in enumerate(pending.options):
        if text in option.label:
            return Choose(index)
    raise AssertionError(f"no option with {text!r} in {[o.label for o in pending.options]}")


def shields(events: Sequence[Event]) -> list[tuple[str, int]]:
    return [(e.who, e.amount) for e in events if isinstance(e, ShieldGained)]
