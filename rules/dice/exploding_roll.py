"""Rolling a pool of dice whose surge faces bring in more dice, from the seeded source or from typed-in faces."""

from __future__ import annotations

from dataclasses import dataclass

from .dice_rng import below
from .die_faces import Die


@dataclass(frozen=True, slots=True)
class PoolRoll:
    """The faces of one finished roll (1-based face numbers), the starting dice first, surges after."""

    dice: int
    faces: tuple[int, ...]

    def total(self, die: Die) -> int:
        return sum(die.face(f).value for f in self.faces)

    def boosts(self, die: Die) -> int:
        return sum(die.face(f).boosts for f in self.faces)

    def drags(self, die: Die) -> int:
        return sum(die.face(f).drags for f in self.faces)


def dice_still_owed(die: Die, dice: int, faces: tuple[int, ...]) -> int:
    """How many more faces a roll of ``dice`` dice needs after ``faces``: every surge owes one more."""
    surges = sum(1 for f in faces if die.face(f).surge)
    return dice + surges - len(faces)


def roll_pool(die: Die, dice: int, state: int) -> tuple[int, PoolRoll]:
    """Roll ``dice`` dice and every surge they bring in; returns the new random state and the roll."""
    faces: list[int] = []
    while dice_still_owed(die, dice, tuple(faces)) > 0:
        state, index = below(state, die.sides)
        faces.append(index + 1)
    return state, PoolRoll(dice, tuple(faces))


def entered_roll_problem(die: Die, dice: int, faces: tuple[int, ...]) -> str | None:
    """Why typed-in faces are not one finished roll of ``dice`` dice, or None when they are."""
    for position, face in enumerate(faces, 1):
        if not 1 <= face <= die.sides:
            return f"die {position}: {face} is not a face of a {die.name} (1 to {die.sides})"
        if dice_still_owed(die, dice, faces[:position]) < 0:
            return f"die {position}: the roll was already over (only {position - 1} dice were owed)"
    owed = dice_still_owed(die, dice, faces)
    if owed > 0:
        return f"{owed} more {'die is' if owed == 1 else 'dice are'} owed (surges bring in one each)"
    return None
