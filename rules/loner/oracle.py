"""The Loner oracle: a Chance die against a Risk die, read into one of six answers."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum

from .dice import DiceError, DiceSource, check_die, roll_d6

LOW_BAND = 3  # both kept dice at or below this: a "but"
HIGH_BAND = 4  # both kept dice at or above this: an "and"


class Answer(Enum):
    """The six answers, best first; ``YES_BUT`` also covers doubles."""

    YES_AND = "Yes, and…"
    YES = "Yes"
    YES_BUT = "Yes, but…"
    NO_BUT = "No, but…"
    NO = "No"
    NO_AND = "No, and…"

    @property
    def is_yes(self) -> bool:
        """True for the three Yes answers."""
        return self in (Answer.YES_AND, Answer.YES, Answer.YES_BUT)

    @property
    def label(self) -> str:
        """The answer as shown to the player."""
        return self.value


class Edge(Enum):
    """Which side rolls a second die: Advantage adds a Chance die, Disadvantage a Risk die."""

    NEUTRAL = "Neutral"
    ADVANTAGE = "Advantage"
    DISADVANTAGE = "Disadvantage"

    @property
    def chance_dice(self) -> int:
        """How many Chance dice this edge rolls."""
        return 2 if self is Edge.ADVANTAGE else 1

    @property
    def risk_dice(self) -> int:
        """How many Risk dice this edge rolls."""
        return 2 if self is Edge.DISADVANTAGE else 1


class TagError(ValueError):
    """The same tag was listed both for and against one roll."""


def normalise_tags(tags: Iterable[str]) -> tuple[str, ...]:
    """Strip blanks and repeats (case-insensitive), keeping the first spelling and the order."""
    seen: dict[str, str] = {}
    for tag in tags:
        name = " ".join(tag.split())
        if name and name.casefold() not in seen:
            seen[name.casefold()] = name
    return tuple(seen.values())


@dataclass(frozen=True, slots=True)
class EdgeReading:
    """The edge a roll gets from its tags, with the counts that decided it."""

    edge: Edge
    tags_for: tuple[str, ...]
    tags_against: tuple[str, ...]
    reason: str


def edge_from_tags(tags_for: Iterable[str], tags_against: Iterable[str]) -> EdgeReading:
    """Net the tags: more for gives Advantage, more against Disadvantage, a tie is Neutral."""
    pro = normalise_tags(tags_for)
    con = normalise_tags(tags_against)
    both = sorted({t.casefold() for t in pro} & {t.casefold() for t in con})
    if both:
        raise TagError(f"a tag cannot count both for and against one roll: {', '.join(both)}")
    net = len(pro) - len(con)
    if net > 0:
        edge = Edge.ADVANTAGE
    elif net < 0:
        edge = Edge.DISADVANTAGE
    else:
        edge = Edge.NEUTRAL
    if not pro and not con:
        reason = "no tags apply: one Chance die against one Risk die"
    elif edge is Edge.NEUTRAL:
        reason = f"{len(pro)} for and {len(con)} against cancel out: one die each"
    elif edge is Edge.ADVANTAGE:
        reason = f"{len(pro)} for, {len(con)} against: one extra Chance die, keep the higher"
    else:
        reason = f"{len(pro)} for, {len(con)} against: one extra Risk die, keep the higher"
    return EdgeReading(edge, pro, con, reason)


@dataclass(frozen=True, slots=True)
class OracleThrow:
    """The dice on the table before reading: one or two Chance dice, one or two Risk dice."""

    chance: tuple[int, ...]
    risk: tuple[int, ...]

    def __post_init__(self) -> None:
        for name, dice in (("Chance", self.chance), ("Risk", self.risk)):
            if len(dice) not in (1, 2):
                raise DiceError(f"a roll uses one or two {name} dice, not {len(dice)}")
            for value in dice:
                check_die(value)
        if len(self.chance) == 2 and len(self.risk) == 2:
            raise DiceError("Advantage and Disadvantage cancel: never two Chance and two Risk dice")

    @property
    def edge(self) -> Edge:
        """The edge these dice were thrown with."""
        if len(self.chance) == 2:
            return Edge.ADVANTAGE
        if len(self.risk) == 2:
            return Edge.DISADVANTAGE
        return Edge.NEUTRAL


@dataclass(frozen=True, slots=True)
class OracleRoll:
    """A read roll: the dice thrown, the two kept, the answer and why."""

    throw: OracleThrow
    chance: int
    risk: int
    answer: Answer
    doubles: bool
    reason: str

    @property
    def edge(self) -> Edge:
        """The edge the dice were thrown with."""
        return self.throw.edge


def read_answer(chance: int, risk: int) -> Answer:
    """The answer for one kept Chance die and one kept Risk die."""
    if chance == risk:
        return Answer.YES_BUT
    low = chance <= LOW_BAND and risk <= LOW_BAND
    high = chance >= HIGH_BAND and risk >= HIGH_BAND
    if chance > risk:
        return Answer.YES_BUT if low else Answer.YES_AND if high else Answer.YES
    return Answer.NO_BUT if low else Answer.NO_AND if high else Answer.NO


def read_oracle(throw: OracleThrow) -> OracleRoll:
    """Keep the higher die of each colour, then compare, then check the bands."""
    chance, risk = max(throw.chance), max(throw.risk)
    answer = read_answer(chance, risk)
    kept = ""
    if len(throw.chance) == 2:
        kept = f"Advantage keeps Chance {chance} of {throw.chance[0]} and {throw.chance[1]}; "
    elif len(throw.risk) == 2:
        kept = f"Disadvantage keeps Risk {risk} of {throw.risk[0]} and {throw.risk[1]}; "
    if chance == risk:
        why = f"Chance {chance} equals Risk {risk}: doubles read as Yes, but… and tick the Twist Counter"
    else:
        winner = f"Chance {chance} beats Risk {risk}" if chance > risk else f"Risk {risk} beats Chance {chance}"
        if answer in (Answer.YES_BUT, Answer.NO_BUT):
            band = "both 3 or lower, so a but"
        elif answer in (Answer.YES_AND, Answer.NO_AND):
            band = "both 4 or higher, so an and"
        else:
            band = "one low and one high, so no modifier"
        why = f"{winner}; {band}"
    return OracleRoll(throw, chance, risk, answer, chance == risk, kept + why)


def throw_oracle(source: DiceSource, edge: Edge) -> OracleThrow:
    """Roll the dice an edge calls for: Chance dice first, then Risk dice."""
    chance = tuple(roll_d6(source) for _ in range(edge.chance_dice))
    risk = tuple(roll_d6(source) for _ in range(edge.risk_dice))
    return OracleThrow(chance, risk)


def roll_oracle(source: DiceSource, edge: Edge) -> OracleRoll:
    """Throw and read in one step."""
    return read_oracle(throw_oracle(source, edge))
