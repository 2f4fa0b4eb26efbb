"""Eddy outside the combat table (which lives in ``abilities/eddy.py``): respawning and skill checks.

EDDY-RESPAWN: "Hi, I'm Eddy 2!" After a fight every destroyed Eddy is replaced by the next-numbered one, who
rolls up in the next scene; it is essentially the same robot, so it keeps the one skill and the job of the
Eddy it replaces (ruling EDDY-RESPAWN).

EDDY-SHEET: an Eddy can make checks for its one skill only; it has no A+, no F and no Arcana, so the check is
the plain difficulty table of ``skill_check`` (an Eddy has no own-Arcana Critical Success).
"""

from __future__ import annotations

from collections.abc import Iterable

from ..fight.state import CombatState, Fighter, FighterKind
from ..traits import Skill
from .character import Eddy, next_eddy_name
from .skill_check import Difficulty, Edge, SkillCheck, effective_difficulty


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


def check_refusal(eddy: Eddy, skill: Skill) -> str | None:
    """Why this Eddy cannot make a check of this skill, or None when it can."""
    if skill is not eddy.skill:
        return f"{eddy.name} only knows {eddy.skill.value}; it cannot make a {skill.value} check."
    return None


def eddy_check(
    eddy: Eddy, skill: Skill, difficulty: Difficulty, edge: Edge = Edge.NONE, in_combat: bool = False
) -> SkillCheck:
    """The check an Eddy makes (draw it with ``skill_check.make_check`` from the Eddies' pile).

    Raises ValueError, with ``check_refusal``'s words, for any skill but the Eddy's own.
    """
    reason = check_refusal(eddy, skill)
    if reason is not None:
        raise ValueError(reason)
    return SkillCheck(effective_difficulty(difficulty, skill, (), ()), None, edge, in_combat)
