"""Fights started from a location: the adversaries the faction found there fields, from the bestiary (BST-*).

The book sizes fights to the number of player characters and never says how (GM-COMBAT-SCALING); the app fields
one adversary per player character, Eddies not counted (GM-EDDY-ALLIES), taking the faction's rank and file in the
order the campaign file lists them and starting over when the list runs out. A boss fight adds the faction's True
Horror on top (docs/rulings.md).
"""

from __future__ import annotations

from ..rt0.fight.engine import AdversarySetup
from .world_content import Location, World

MOST_PLAYERS = 8


def factions_fielding(world: World, location: Location) -> tuple[str, ...]:
    """The factions found at ``location`` that have adversaries to field, in the location's order."""
    return tuple(tie.faction for tie in location.factions if world.faction(tie.faction).adversaries)


def fight_refusal(world: World, location: Location, faction_id: str, players: int, boss: bool) -> str | None:
    """Why no fight with ``faction_id`` can start at ``location``, or None when it can."""
    if not 1 <= players <= MOST_PLAYERS:
        return f"A fight needs 1 to {MOST_PLAYERS} player characters, not {players}."
    if faction_id not in {tie.faction for tie in location.factions}:
        return f"Nobody from {faction_id} is found at {location.name}."
    faction = world.faction(faction_id)
    if not faction.adversaries:
        return f"{faction.name} field no adversaries of their own."
    if boss and faction.boss is None:
        return f"{faction.name} have no True Horror to fight."
    return None


def field_adversaries(world: World, location: Location, faction_id: str, players: int, boss: bool) -> tuple[str, ...]:
    """The bestiary ids of the adversaries that fight: one per player character, plus the Horror for a boss."""
    refusal = fight_refusal(world, location, faction_id, players, boss)
    if refusal is not None:
        raise ValueError(refusal)
    faction = world.faction(faction_id)
    ranks = faction.adversaries
    chosen = [ranks[index % len(ranks)] for index in range(players)]
    if boss and faction.boss is not None:
        chosen.append(faction.boss)
    return tuple(chosen)


def fight_setups(adversaries: tuple[str, ...], room_size: int) -> list[AdversarySetup]:
    """The adversaries of a fight called at a location, placed for ``new_combat``: along the far row of the room,
    left to right, starting the row over (two to a zone) when there are more of them than columns."""
    far_row = room_size - 1
    return [AdversarySetup(kind, (index % room_size, far_row)) for index, kind in enumerate(adversaries)]
