"""What players (and the GM) can do: small frozen values with a text and a dict form."""

from __future__ import annotations

import shlex
from dataclasses import dataclass
from typing import Any

from ...seam import RulesError
from ..cards import CARDS, CardId, by_name


@dataclass(frozen=True, slots=True)
class PlayCard:
    """Put a card from the fighter's hand on one of their abilities."""

    fighter: str
    card: CardId
    ability: str

    def __init__(self, fighter: str, card: CardId, ability: str) -> None:
        object.__setattr__(self, "fighter", fighter)
        object.__setattr__(self, "card", card)
        object.__setattr__(self, "ability", ability)

    def __str__(self) -> str:
        return f"play {self.fighter} {shlex.quote(CARDS[self.card].name)} {self.ability}"


@dataclass(frozen=True, slots=True)
class Choose:
    """Answer the pending decision with the option at this index."""

    option: int

    def __init__(self, option: int) -> None:
        object.__setattr__(self, "option", option)

    def __str__(self) -> str:
        return f"choose {self.option}"


@dataclass(frozen=True, slots=True)
class EndTurn:
    fighter: str

    def __init__(self, fighter: str) -> None:
        object.__setattr__(self, "fighter", fighter)

    def __str__(self) -> str:
        return f"end {self.fighter}"


@dataclass(frozen=True, slots=True)
class Activate:
    """Use something an ability offers at will (discard Magic Wand's card, switch on an upgrade …)."""

    fighter: str
    ability: str
    option: int = 0

    def __str__(self) -> str:
        return f"activate {self.fighter} {self.ability} {self.option}"


@dataclass(frozen=True, slots=True)
class AddAbility:
    """Bring one more Arcana Ability into the fight for 1 Corruption (CMB-CHOOSE-ABILITIES)."""

    fighter: str
    ability: str

    def __str__(self) -> str:
        return f"add {self.fighter} {self.ability}"


Action = PlayCard | Choose | EndTurn | Activate | AddAbility


def action_to_dict(action: Action) -> dict[str, Any]:
    if isinstance(action, PlayCard):
        return {"type": "play", "fighter": action.fighter, "card": action.card, "ability": action.ability}
    if isinstance(action, Choose):
        return {"type": "choose", "option": action.option}
    if isinstance(action, Activate):
        return {"type": "activate", "fighter": action.fighter, "ability": action.ability, "option": action.option}
    if isinstance(action, AddAbility):
        return {"type": "add", "fighter": action.fighter, "ability": action.ability}
    return {"type": "end", "fighter": action.fighter}


def action_from_dict(data: Any) -> Action:
    """The action ``action_to_dict`` wrote; raises ``RulesError`` naming the field for anything else (a card id
    must be one of the 78, an option a whole number, a name a text)."""
    if not isinstance(data, dict):
        raise RulesError(f"an action is a JSON object, not {type(data).__name__}")
    kind = data.get("type")
    if kind == "play":
        card = _whole(data, "card")
        if not 0 <= card < len(CARDS):
            raise RulesError(f"action 'card': {card} is not a card (cards are 0 to {len(CARDS) - 1})")
        return PlayCard(_text(data, "fighter"), card, _text(data, "ability"))
    if kind == "choose":
        return Choose(_whole(data, "option"))
    if kind == "end":
        return EndTurn(_text(data, "fighter"))
    if kind == "activate":
        return Activate(_text(data, "fighter"), _text(data, "ability"), _whole(data, "option", 0))
    if kind == "add":
        return AddAbility(_text(data, "fighter"), _text(data, "ability"))
    raise RulesError(f"unknown action type {str(kind)[:40]!r}")


def _text(data: dict[str, Any], key: str) -> str:
    value = data.get(key)
    if not isinstance(value, str):
        raise RulesError(f"action {key!r}: expected a text, found {type(value).__name__}")
    return value


def _whole(data: dict[str, Any], key: str, default: int | None = None) -> int:
    value = data.get(key, default)
    if not isinstance(value, int) or isinstance(value, bool):
        raise RulesError(f"action {key!r}: expected a whole number, found {type(value).__name__}")
    return value


def parse_action(text: str) -> Action:
    """Read the text form: ``play mara "7 of Cups" defend``, ``choose 0``, ``end mara``."""
    words = shlex.split(text)
    if not words:
        raise ValueError("empty action")
    verb, args = words[0].lower(), words[1:]
    if verb == "play" and len(args) == 3:
        return PlayCard(args[0], by_name(args[1]), args[2])
    if verb == "choose" and len(args) == 1 and args[0].isdigit():
        return Choose(int(args[0]))
    if verb == "end" and len(args) == 1:
        return EndTurn(args[0])
    if verb == "activate" and len(args) in (2, 3) and (len(args) == 2 or args[2].isdigit()):
        return Activate(args[0], args[1], int(args[2]) if len(args) == 3 else 0)
    if verb == "add" and len(args) == 2:
        return AddAbility(args[0], args[1])
    raise ValueError(
        f"cannot read action {text!r}; write 'play FIGHTER \"CARD\" ABILITY', 'choose N', 'end FIGHTER', "
        "'activate FIGHTER ABILITY [N]' or 'add FIGHTER ABILITY'"
    )
