"""A small lab run the lab tests share: the bench's party against three Laborers."""

from __future__ import annotations

from rt0table.rules.rt0.content.adversaries import bundled_bestiary
from rt0table.rules.rt0.fight.engine import AdversarySetup, FighterSetup
from rt0table.rules.rt0.fight.rt0_setup import FightSetup
from rt0table.rules.rt0.lab.run_spec import RunSpec
from rt0table.rules.rt0.traits import Arcana, Trait

BOOK = bundled_bestiary("book.json")
PARTY = (
    FighterSetup("mara", "Mara", (0, 1), frozenset({Trait.STRONG, Trait.SLOW, Trait.LUCKY}), Arcana.FOOL),
    FighterSetup("jo", "Jo", (1, 1), frozenset({Trait.FAST, Trait.WEAK, Trait.WISE}), Arcana.HIGH_PRIESTESS),
    FighterSetup("ren", "Ren", (2, 1), frozenset({Trait.CHARMING, Trait.FOOLISH, Trait.CLEVER}), Arcana.MAGICIAN),
)
LABORERS = tuple(AdversarySetup("laborer", (column, 0)) for column in range(3))
SETUP = FightSetup(3, PARTY, LABORERS, {"laborer": BOOK["laborer"]})


def spec(fights: int = 24, seed: int = 5, policy: str = "greedy") -> RunSpec:
    return RunSpec(SETUP, policy, fights, seed)
