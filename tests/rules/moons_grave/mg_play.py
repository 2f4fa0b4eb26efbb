"""Helpers that drive Moon's Grave fights through the seam, as the table would."""

from __future__ import annotations

from dataclasses import replace

from rt0table.rules.moons_grave.mg_actions import EnterDie, MgAction, MgEvent
from rt0table.rules.moons_grave.mg_fight_setup import MgSetup
from rt0table.rules.moons_grave.mg_state import MgState
from rt0table.rules.moons_grave.moons_grave_seam import RULES

from .mg_fixtures import fight_setup


def begin(setup: MgSetup | None = None, seed: int = 7) -> MgState:
    state, _ = RULES.new_state(setup or fight_setup(), seed)
    return state


def play(state: MgState, *actions: MgAction) -> tuple[MgState, list[MgEvent]]:
    events: list[MgEvent] = []
    for action in actions:
        state, more = RULES.apply(state, action)
        events += more
    return state, events


def enter(state: MgState, fighter: str, *faces: int) -> tuple[MgState, list[MgEvent]]:
    return play(state, *(EnterDie(fighter, f) for f in faces))


def give_turn(state: MgState, fighter_id: str, planned: int = 1, weapon: str | None = None) -> MgState:
    """Skip the Plan and the vying: ``fighter_id`` has planned ``planned`` actions and holds the turn."""
    fighter = state.fighter(fighter_id)
    active = fighter.active if weapon is None else weapon
    fighters = tuple(
        replace(
            f,
            planned=planned if f.id == fighter_id else 1,
            done_turn=f.id == fighter_id,
            active=active if f.id == fighter_id else f.active,
        )
        for f in state.fighters
    )
    return replace(state, fighters=fighters, phase="turn", turn=fighter_id, actions_done=0, asked=(), sealed=())


def texts(events: list[MgEvent]) -> list[str]:
    return [e.text for e in events]
