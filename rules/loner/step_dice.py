"""The Step Dice Oracle (Appendix D): one Chance die against one Risk die, each stepped d6 → d8 → d10.

Instead of a second die, an edge makes one die bigger. The reading is the standard one with the same fixed bands
(both 3 or lower: but; both 4 or higher: and; equal: Yes, but… and a tick), so a 4 on a d10 reads as a 4 on a d6.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from itertools import product

from .dice import DiceError, DiceSource
from .oracle import Answer, read_answer

BASE_DIE = 6
STEPS = (6, 8, 10)  # never beyond a d10 (LONER-STEP-DIE)


def step_for(count: int) -> int:
    """The die for a net count of edges on one side: none d6, one d8, two or more d10."""
    if count < 0:
        raise DiceError(f"a count of edges is 0 or more, not {count}")
    return STEPS[min(count, len(STEPS) - 1)]


@dataclass(frozen=True, slots=True)
class StepDice:
    """The two dice of a step roll, by their sizes."""

    chance_faces: int = BASE_DIE
    risk_faces: int = BASE_DIE

    def __post_init__(self) -> None:
        for name, faces in (("Chance", self.chance_faces), ("Risk", self.risk_faces)):
            if faces not in STEPS:
                raise DiceError(f"the {name} die is a d6, d8 or d10, not a d{faces}")
        if self.chance_faces > BASE_DIE and self.risk_faces > BASE_DIE:
            raise DiceError("advantages and disadvantages net out first: only one die is ever stepped up")

    @property
    def label(self) -> str:
        return f"Chance d{self.chance_faces} vs Risk d{self.risk_faces}"


def step_dice(advantages: int, disadvantages: int) -> StepDice:
    """Net the edges as tags net (LONER-TAGS), then step the side that is left (LONER-STEP-DIE)."""
    if advantages < 0 or disadvantages < 0:
        raise DiceError("counts of advantages and disadvantages are 0 or more")
    net = advantages - disadvantages
    return StepDice(step_for(max(net, 0)), step_for(max(-net, 0)))


@dataclass(frozen=True, slots=True)
class StepRoll:
    """A read step roll."""

    dice: StepDice
    chance: int
    risk: int
    answer: Answer
    doubles: bool


def read_step(dice: StepDice, chance: int, risk: int) -> StepRoll:
    """Read two faces with the standard oracle's bands (LONER-STEP-READ)."""
    for name, value, faces in (("Chance", chance, dice.chance_faces), ("Risk", risk, dice.risk_faces)):
        if isinstance(value, bool) or not 1 <= value <= faces:
            raise DiceError(f"a d{faces} {name} die shows 1 to {faces}, not {value!r}")
    return StepRoll(dice, chance, risk, read_answer(chance, risk), chance == risk)


def roll_step(dice: StepDice, source: DiceSource) -> StepRoll:
    """Roll the Chance die, then the Risk die."""
    return read_step(dice, source.randint(1, dice.chance_faces), source.randint(1, dice.risk_faces))


@dataclass(frozen=True, slots=True)
class StepOdds:
    """Exact chances of each answer and of doubles for one pair of dice, over ``outcomes`` equal outcomes."""

    dice: StepDice
    outcomes: int
    answers: tuple[tuple[Answer, Fraction], ...]
    doubles: Fraction

    def of(self, answer: Answer) -> Fraction:
        return dict(self.answers)[answer]


def step_odds(dice: StepDice) -> StepOdds:
    """Counted, not sampled: the answers of every face pair (LONER-STEP-READ); doubles tick the counter."""
    counts = dict.fromkeys(Answer, 0)
    doubles = 0
    pairs = list(product(range(1, dice.chance_faces + 1), range(1, dice.risk_faces + 1)))
    for chance, risk in pairs:
        counts[read_answer(chance, risk)] += 1
        doubles += chance == risk
    total = len(pairs)
    return StepOdds(dice, total, tuple((a, Fraction(counts[a], total)) for a in Answer), Fraction(doubles, total))
