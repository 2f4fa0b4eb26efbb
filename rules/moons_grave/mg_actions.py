"""Every choice of a Moon's Grave fight as a typed action naming the fighter who makes it."""

from __future__ import annotations

from dataclasses import dataclass

from ..game_json import union_members


@dataclass(frozen=True, slots=True)
class Plan:
    """Declare the round's action count and active weapon ("" = corps à corps) (MG-CMB-PLAN)."""

    fighter: str
    actions: int
    weapon: str


@dataclass(frozen=True, slots=True)
class Vie:
    """Say whether she vies for the next turn (MG-CMB-VIE)."""

    fighter: str
    vie: bool


@dataclass(frozen=True, slots=True)
class Withdraw:
    """Once others are seen vying, withdraw or stay (MG-CMB-WITHDRAW)."""

    fighter: str
    withdraw: bool


@dataclass(frozen=True, slots=True)
class Bid:
    """Followers spent, in secret, for +1 Initiative each on a tie (MG-CMB-VIE-FOLLOWERS)."""

    fighter: str
    followers: int


@dataclass(frozen=True, slots=True)
class RollDice:
    """Roll the pending dice with the game's seeded dice."""

    fighter: str


@dataclass(frozen=True, slots=True)
class EnterDie:
    """Type in one physical die's face (1-6); a 6 (2+) asks for one more (MG-ENTERED-DICE)."""

    fighter: str
    face: int


@dataclass(frozen=True, slots=True)
class TurnAction:
    """One of the seven turn actions (MG-ACT-LIST); target is a fighter id, or a weapon for Swap."""

    fighter: str
    action: str
    target: str = ""


@dataclass(frozen=True, slots=True)
class TriggerPerk:
    """Pay a perk with dice of this roll (indices, in order) (MG-PERK-PAY-BOOST, MG-PERK-PAY-DRAG)."""

    fighter: str
    perk: str
    dice: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class PassPerk:
    fighter: str


@dataclass(frozen=True, slots=True)
class Soak:
    """Use one available soak track against the incoming damage (MG-SOAK-*)."""

    fighter: str
    track: str


MgAction = Plan | Vie | Withdraw | Bid | RollDice | EnterDie | TurnAction | TriggerPerk | PassPerk | Soak
ACTION_TYPES = union_members(MgAction)  # the codec finds a saved action's class here by name


@dataclass(frozen=True, slots=True)
class MgEvent:
    """What happened, told in one line; ``kind`` says which, ``revealing`` whether it showed something new."""

    kind: str
    text: str
    fighter: str = ""
    values: tuple[int, ...] = ()


REVEALING = frozenset({"dice_rolled", "die_entered", "plans_revealed", "bids_revealed"})
