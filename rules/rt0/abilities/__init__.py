"""Every combat ability is a bin: it says which cards it takes, when it fires and what it does."""

from __future__ import annotations

import functools

from ..traits import Arcana
from .base import ABILITIES, Ability, Progress
from .basic import BASE_ABILITIES
from .eddy import EDDY_ABILITIES
from .fool import FOOL_ABILITIES
from .injury_effects import INJURY_ABILITIES
from .magician import MAGICIAN_ABILITIES, CheckBehindYourEars
from .priestess import PRIESTESS_ABILITIES
from .spells import SPELL_ABILITIES


@functools.cache
def arcana_abilities(arcana: Arcana) -> tuple[str, ...]:
    """The Arcana Abilities of one Arcana, in the order they were registered (all register at import)."""
    return tuple(ability_id for ability_id, ability in ABILITIES.items() if ability.arcana is arcana)


def innate_abilities(arcana: Arcana) -> list[str]:
    """The standing rules every fighter of this Arcana carries into a fight without choosing them."""
    return list(_innate(arcana))


@functools.cache
def _innate(arcana: Arcana) -> tuple[str, ...]:
    """Worked out once per Arcana (every ability registers at import): a lab fight asked it once per fighter."""
    return tuple(ability_id for ability_id, ability in ABILITIES.items() if ability.innate is arcana)


__all__ = [
    "ABILITIES",
    "BASE_ABILITIES",
    "EDDY_ABILITIES",
    "FOOL_ABILITIES",
    "INJURY_ABILITIES",
    "MAGICIAN_ABILITIES",
    "PRIESTESS_ABILITIES",
    "SPELL_ABILITIES",
    "Ability",
    "CheckBehindYourEars",
    "Progress",
    "arcana_abilities",
    "innate_abilities",
]
