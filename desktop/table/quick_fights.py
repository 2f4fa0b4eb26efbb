"""Ready-made RT:0 fights: the quick fight the title screen's "New game" opens, test set-ups, the bestiaries."""

from __future__ import annotations

from functools import cache

from rt0table.rules.rt0.content.adversaries import AdversaryKind, bundled_bestiary
from rt0table.rules.rt0.fight.engine import AdversarySetup, FighterSetup, Game, new_combat
from rt0table.rules.rt0.traits import Trait


@cache
def book_bestiary() -> dict[str, AdversaryKind]:
    """The adversaries with numbers printed in the book, read once from the bundled file."""
    return bundled_bestiary("book.json")


def quick_fight(seed: int = 1) -> Game:
    """Two players against two Laborers in a 3x3 room: enough to learn the table on."""
    fighters = [
        FighterSetup("mara", "Mara", (0, 2)),
        FighterSetup("jun", "Jun", (1, 2)),
    ]
    foes = [AdversarySetup("laborer", (0, 0)), AdversarySetup("laborer", (2, 0))]
    state, events = new_combat(seed, 3, fighters, foes, book_bestiary())
    return Game(state, events)


def robot_drill(seed: int = 1) -> Game:
    """One Strong player beside a Training Attack Robot in a 1x1 room: a fight a simple policy wins."""
    fighters = [FighterSetup("mara", "Mara", (0, 0), traits=frozenset({Trait.STRONG}))]
    state, events = new_combat(seed, 1, fighters, [AdversarySetup("training_robot", (0, 0))], book_bestiary())
    return Game(state, events)


@cache
def house_bestiary() -> dict[str, AdversaryKind]:
    """The adversaries the book sketches without numbers, with RT:0 Table's own numbers."""
    return bundled_bestiary("house.json")


def full_bestiary() -> dict[str, AdversaryKind]:
    """Book and house adversaries together (each kind keeps its ``source``)."""
    return {**book_bestiary(), **house_bestiary()}
