"""Every combat ability is a bin: it says which cards it takes, when it fires and what it does."""

from __future__ import annotations

from ..traits import Arcana
from .base import ABILITIES, Ability, Progress
from .basic import BASE_ABILITIES
from .fool import FOOL_ABILITIES
from .magician import CheckBehindYourEars


def arcana_abilities(arcana: Arcana) -> list[str]:
    """The Arcana Abilities of one Arcana, in the order they were registered."""
    return [ability_id for ability_id, ability in ABILITIES.items() if ability.arcana is arcana]


__all__ = [
    "ABILITIES",
    "BASE_ABILITIES",
    "FOOL_ABILITIES",
    "Ability",
    "CheckBehindYourEars",
    "Progress",
    "arcana_abilities",
]
