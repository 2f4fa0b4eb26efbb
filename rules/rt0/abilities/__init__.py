"""Every combat ability is a bin: it says which cards it takes, when it fires and what it does."""

from __future__ import annotations

from .base import ABILITIES, Ability, Progress, place_card
from .basic import BASE_ABILITIES
from .eddy import EDDY_ABILITIES

__all__ = ["ABILITIES", "BASE_ABILITIES", "EDDY_ABILITIES", "Ability", "Progress", "place_card"]
