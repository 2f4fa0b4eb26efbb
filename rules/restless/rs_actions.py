"""Every choice in a game of The Restless as a typed action, and the one event shape the game reports."""

from __future__ import annotations

from dataclasses import dataclass

from ..game_json import union_members


@dataclass(frozen=True, slots=True)
class Keep:
    """Keep these cards of the six on offer (4 Characters, then 4 Starter Items; RS-SETUP-CHARACTERS, -STARTERS)."""

    cards: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Take:
    """A revealed item in no Inventory goes to a Character (starters, Drops, a split Inventory, a Pick)."""

    card: str
    hero: str


@dataclass(frozen=True, slots=True)
class Give:
    """Trade a held item to another Character; never in battle (RS-TRADE, RS-CMB-NO-TRADE)."""

    card: str
    hero: str


@dataclass(frozen=True, slots=True)
class Discard:
    """A held item, or a Nothing card, to its deck's discard pile."""

    card: str


@dataclass(frozen=True, slots=True)
class Redraw:
    """Reroll a revealed Nothing card: spend a Reroll Counter, discard it, reveal another Loot (RS-LOOT-NOTHING)."""

    card: str


@dataclass(frozen=True, slots=True)
class Proceed:
    """Go on: to the next Encounter, the next Realm, past a Trader or the final night."""


@dataclass(frozen=True, slots=True)
class PlayRest:
    """Play the top face-down Rest card (RS-REST-WHEN)."""


@dataclass(frozen=True, slots=True)
class Heal:
    """While Resting: spend a Reroll Counter to restore 2 Health to a Character (RS-REST-HEAL)."""

    hero: str


@dataclass(frozen=True, slots=True)
class EndRest:
    pass


@dataclass(frozen=True, slots=True)
class Attack:
    """A Character's turn: attack the Target with a Weapon or Spell it holds, or Unarmed (""). ``face`` is a
    physical d20 the player rolled for it (None: the table rolls)."""

    hero: str
    item: str
    face: int | None = None


@dataclass(frozen=True, slots=True)
class Use:
    """Use a Consumable or a charged Active item (held, or from the Rest's shared Inventory)."""

    card: str
    hero: str


@dataclass(frozen=True, slots=True)
class Reroll:
    """Spend a Reroll Counter on the die on the table; ``face`` is the physical d20 rerolled by hand (None: the
    table rolls)."""

    face: int | None = None


@dataclass(frozen=True, slots=True)
class Accept:
    """Let the die on the table stand; ``face`` is a physical d20 for the roll this brings on, if it brings one (a
    Ranged weapon's next shot, the next Character's Dodge)."""

    face: int | None = None


@dataclass(frozen=True, slots=True)
class Absorb:
    """Which Armor loses a Counter to the point of damage now arriving: "" is the Character card (RS-ARMOR-MUST);
    ``face`` is a physical d20 for the Dodge this brings on while fleeing."""

    source: str
    face: int | None = None


@dataclass(frozen=True, slots=True)
class Flee:
    """The party flees the Target; ``face`` is a physical d20 for the first Character's Dodge."""

    face: int | None = None


@dataclass(frozen=True, slots=True)
class Buy:
    """Buy a Trader's card for a Character, paying with one held item ("" none) and Reroll Counters for the rest."""

    card: str
    hero: str
    pay_with: str = ""


@dataclass(frozen=True, slots=True)
class Sell:
    """Sell a held item to the Trader for Reroll Counters at its Value (RS-TRADER-PRICE)."""

    card: str


@dataclass(frozen=True, slots=True)
class Pick:
    """The card chosen in a Pick From Multiple (RS-PICK-MULTIPLE)."""

    card: str


@dataclass(frozen=True, slots=True)
class ChooseDrawer:
    """The Character whose player draws the Target's Drops (RS-DROPS)."""

    hero: str


@dataclass(frozen=True, slots=True)
class FinalNight:
    """Spend an unused Rest card on the final night (RS-GOD-FINAL-NIGHT)."""


@dataclass(frozen=True, slots=True)
class FaceGod:
    pass


@dataclass(frozen=True, slots=True)
class Refuse:
    """Refuse the final battle: every Character dies and the game ends (RS-GOD-DECLINE)."""


@dataclass(frozen=True, slots=True)
class Adjust:
    """A hand adjustment for a ``manual`` card: ``what`` (health, armor, rerolls, counters) of ``who`` by ±1."""

    what: str
    who: str
    delta: int


@dataclass(frozen=True, slots=True)
class TurnCard:
    """Turn an item sideways or upright by hand."""

    card: str


@dataclass(frozen=True, slots=True)
class MoveCard:
    """A hand adjustment for a ``manual`` card: bring a discarded item back into play, lying free for the party."""

    card: str


RsAction = (
    Keep
    | Take
    | Give
    | Discard
    | Redraw
    | Proceed
    | PlayRest
    | Heal
    | EndRest
    | Attack
    | Use
    | Reroll
    | Accept
    | Absorb
    | Flee
    | Buy
    | Sell
    | Pick
    | ChooseDrawer
    | FinalNight
    | FaceGod
    | Refuse
    | Adjust
    | TurnCard
    | MoveCard
)
ACTION_TYPES = union_members(RsAction)  # the codec finds a saved action's class here by name


@dataclass(frozen=True, slots=True)
class RsEvent:
    """What happened, as a kind the table can react to and one line in the app's own words."""

    kind: str
    text: str


# Events that show what nobody knew: undo stops there.
REVEALING = frozenset({"drawn", "rolled", "shuffled", "revealed"})
