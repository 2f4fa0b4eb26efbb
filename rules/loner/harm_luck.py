"""Harm & Luck with one opponent or several: each oracle answer moves Luck, and Luck resets around every conflict.

Questions are always asked from the Protagonist's side (LONER-HL-DAMAGE): a Yes hurts the opponent the Protagonist
acts against, a No hurts the Protagonist. Opponents are one entity with one Luck pool, or separate entities each
with their own (LONER-MULTI). Doubles never tick the Twist Counter here (LONER-HL-TWIST-OFF).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction

from .conflict import LUCK_DAMAGE
from .odds import answer_odds
from .oracle import Answer, Edge
from .protagonist import STARTING_LUCK, clean
from .step_dice import StepDice, step_odds


class BoutError(ValueError):
    """A conflict step that cannot happen now."""


@dataclass(frozen=True, slots=True)
class Opponent:
    """One side of the opposition with its own Luck pool: a character, or a whole group as one entity."""

    id: str
    name: str
    luck: int = STARTING_LUCK
    members: int = 1  # how many figures this entity stands for (a squad treated as one is 1 entity, 5 members)


@dataclass(frozen=True, slots=True)
class Bout:
    """A Harm & Luck conflict in progress. ``result`` is "" while it goes on, else won, lost, withdrawn or
    dissolved."""

    protagonist_luck: int
    opponents: tuple[Opponent, ...]
    single_entity: bool
    result: str = ""
    cost: str = ""  # what withdrawing cost (a tag)

    def opponent(self, id: str) -> Opponent:
        for opponent in self.opponents:
            if opponent.id == id:
                return opponent
        raise BoutError(f"no opponent '{id}' in this conflict")

    @property
    def standing(self) -> tuple[Opponent, ...]:
        """Opponents with Luck left."""
        return tuple(o for o in self.opponents if o.luck > 0)


def begin_bout(opponents: tuple[tuple[str, str], ...], single_entity: bool) -> Bout:
    """Every side starts at 6 Luck whatever it had before (LONER-HL-RESET). A group treated as one entity is one
    pool that stands for all its members (LONER-MULTI-ONE); separate entities each get a pool (LONER-MULTI-MANY)."""
    named = [(clean(i), clean(n)) for i, n in opponents if clean(i) and clean(n)]
    if len(named) != len(opponents) or not named:
        raise BoutError("a conflict needs at least one opponent, each with an id and a name")
    if len({i for i, _ in named}) != len(named):
        raise BoutError("two opponents share an id")
    pool: tuple[Opponent, ...]
    if single_entity:
        names = " and ".join(n for _, n in named) if len(named) > 1 else named[0][1]
        pool = (Opponent(named[0][0], names, STARTING_LUCK, len(named)),)
    else:
        pool = tuple(Opponent(i, n) for i, n in named)
    return Bout(STARTING_LUCK, pool, single_entity)


@dataclass(frozen=True, slots=True)
class Blow:
    """What one answer did: who lost how much Luck."""

    answer: Answer
    target: str  # an opponent id, or "" for the Protagonist
    amount: int
    before: int
    after: int


def strike(bout: Bout, answer: Answer, target: str) -> tuple[Bout, Blow]:
    """Apply one answer to a question the Protagonist asked about ``target`` (LONER-HL-DAMAGE). Luck stops at 0;
    the Protagonist at 0 loses, every opponent at 0 is a win (LONER-HL-END)."""
    if bout.result:
        raise BoutError(f"the conflict is over ({bout.result})")
    foe = bout.opponent(target)
    if foe.luck == 0:
        raise BoutError(f"{foe.name} has no Luck left: act against someone still standing")
    amount = LUCK_DAMAGE[answer]
    if amount > 0:
        after = max(0, foe.luck - amount)
        opponents = tuple(replace(o, luck=after) if o.id == foe.id else o for o in bout.opponents)
        done = all(o.luck == 0 for o in opponents)
        return replace(bout, opponents=opponents, result="won" if done else ""), Blow(
            answer, foe.id, amount, foe.luck, after
        )
    after = max(0, bout.protagonist_luck + amount)
    blow = Blow(answer, "", -amount, bout.protagonist_luck, after)
    return replace(bout, protagonist_luck=after, result="lost" if after == 0 else ""), blow


def withdraw_from(bout: Bout, cost_tag: str) -> Bout:
    """Breaking off is always allowed and never free: the price is a tag the fiction sets (LONER-HL-WITHDRAW)."""
    if bout.result:
        raise BoutError(f"the conflict is over ({bout.result})")
    if not clean(cost_tag):
        raise BoutError("withdrawing costs something: name the tag it leaves you with")
    return replace(bout, result="withdrawn", cost=clean(cost_tag))


def dissolve(bout: Bout) -> Bout:
    """The opposition breaks up or leaves: the conflict ends with no winner (LONER-HL-END)."""
    if bout.result:
        raise BoutError(f"the conflict is over ({bout.result})")
    return replace(bout, result="dissolved")


@dataclass(frozen=True, slots=True)
class DamageOdds:
    """Exact chances of each Luck move before a roll; positive deals to the opponent, negative is taken."""

    damage: tuple[tuple[int, Fraction], ...]  # 3, 2, 1, -1, -2, -3
    win_now: Fraction  # this roll takes the target to 0 and ends the conflict in the Protagonist's favour
    lose_now: Fraction  # this roll takes the Protagonist to 0

    def of(self, damage: int) -> Fraction:
        return dict(self.damage).get(damage, Fraction(0))


def _odds(answers: dict[Answer, Fraction], bout: Bout, target: str) -> DamageOdds:
    foe = bout.opponent(target)
    last = len(bout.standing) == 1 and foe.luck > 0
    damage = tuple((LUCK_DAMAGE[a], answers[a]) for a in Answer)
    win = sum((p for d, p in damage if d > 0 and d >= foe.luck and last), Fraction(0))
    lose = sum((p for d, p in damage if d < 0 and -d >= bout.protagonist_luck), Fraction(0))
    return DamageOdds(damage, win, lose)


def damage_odds(bout: Bout, target: str, edge: Edge) -> DamageOdds:
    """The standard oracle's odds read as Luck damage (LONER-HL-ODDS)."""
    return _odds(dict(answer_odds(edge).answers), bout, target)


def step_damage_odds(bout: Bout, target: str, dice: StepDice) -> DamageOdds:
    """The Step Dice Oracle's odds read as Luck damage (LONER-HL-ODDS, LONER-STEP-READ)."""
    return _odds(dict(step_odds(dice).answers), bout, target)
