"""Moon's Grave's Surge Dice read off a common d6 (MG-ROLL-D6-CHART): 1 ☠, 2 ★, 3 ★, 4 = 1, 5 = 2, 6 = 2+ (surge)."""

from __future__ import annotations

from dataclasses import dataclass

from ..dice.die_faces import Die, Face
from ..dice.exploding_roll import PoolRoll

SURGE_D6 = Die(
    "Surge Die (d6)",
    (
        Face(0, drags=1, label="☠"),
        Face(0, boosts=1, label="★"),
        Face(0, boosts=1, label="★"),
        Face(1, label="1"),
        Face(2, label="2"),
        Face(2, surge=True, label="2+"),
    ),
)


@dataclass(frozen=True, slots=True)
class RollVerdict:
    """A finished roll read against its difficulty; ``bonus`` is what perks added (gone after the verdict)."""

    total: int
    difficulty: int
    bonus: int = 0

    @property
    def success(self) -> bool:
        return self.total + self.bonus >= self.difficulty

    @property
    def margin(self) -> int:
        return self.total + self.bonus - self.difficulty


def read_roll(roll: PoolRoll, difficulty: int, bonus: int = 0) -> RollVerdict:
    return RollVerdict(roll.total(SURGE_D6), difficulty, bonus)


def faces_text(faces: tuple[int, ...]) -> str:
    """The faces as the table prints them, e.g. "★ 2 2+ 1"."""
    return " ".join(SURGE_D6.face(f).label for f in faces) or "no dice"
