"""EDDY-RESPAWN: after a fight, every destroyed Eddy is replaced by the next-numbered one.

"Hi, I'm Eddy 2!" The replacement rolls up in the next scene; it is essentially the same robot, so it keeps
the one skill and the job of the Eddy it replaces (ruling EDDY-RESPAWN).
"""

from __future__ import annotations

from collections.abc import Iterable

from .character import Eddy, next_eddy_name
from .state import CombatState, Fighter, FighterKind


def destroyed_eddies(state: CombatState) -> list[Fighter]:
    """The Eddies this fight destroyed (0 HP), in seat order."""
    return [f for f in state.fighters if f.kind is FighterKind.EDDY and f.dead]


def replacement_names(state: CombatState, names_used: Iterable[str] = ()) -> dict[str, str]:
    """For each destroyed Eddy's fighter id, the name of the Eddy who rolls up next scene.

    ``names_used`` holds every Eddy name used earlier this game (the fight's own names are added), so a
    number is never reused.
    """
    used = [*names_used, *(f.name for f in state.fighters if f.kind is FighterKind.EDDY)]
    names: dict[str, str] = {}
    for eddy in destroyed_eddies(state):
        name = next_eddy_name(used)
        names[eddy.id] = name
        used.append(name)
    return names


def replacement(eddy: Eddy, names_used: Iterable[str]) -> Eddy:
    """The Eddy who replaces a destroyed one: the next name, the same skill and job."""
    return Eddy(next_eddy_name([*names_used, eddy.name]), eddy.skill, eddy.job)
