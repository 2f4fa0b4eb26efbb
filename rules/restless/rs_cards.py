"""The Restless's cards as plain data: one ``Card`` with the fields of every kind, and the small effect vocabulary.

The seed gives the procedure and no card (RS-CHAR-CARD and the other [MISSING] IDs): a pack supplies them. Which
fields a kind may carry is ``KIND_FIELDS``; the pack reader (``rs_pack``) holds every card to it.
"""

from __future__ import annotations

from dataclasses import dataclass

# Decks, one file each in a pack; Realm N draws from realm-N (RS-REALM-FIVE).
REALM_DECKS = ("realm-1", "realm-2", "realm-3", "realm-4", "realm-5")
DECKS = (
    "characters",
    "starter-items",
    "rests",
    *REALM_DECKS,
    "encounters",
    "loot",
    "treasure",
    "status-effects",
    "traitor-gods",
)
# The kinds each deck may hold: a Combat Encounter is a Target (L143), Loot has Nothing cards, Treasure has Sins.
DECK_KINDS: dict[str, tuple[str, ...]] = {
    "characters": ("character",),
    "starter-items": ("item",),
    "rests": ("rest",),
    **{deck: ("realm",) for deck in REALM_DECKS},
    "encounters": ("encounter", "target"),
    "loot": ("item", "nothing"),
    "treasure": ("item", "sin"),
    "status-effects": ("status",),
    "traitor-gods": ("god",),
}
COMMON_FIELDS = ("id", "name", "kind", "copies", "text", "effects", "image", "source")
KIND_FIELDS: dict[str, tuple[str, ...]] = {
    "character": ("unarmed_attack", "inventory_size", "max_weight", "health", "trait", "death_effect"),
    "item": (
        "item_type",
        "active",
        "counters",
        "damage",
        "shots",
        "roll",
        "armor",
        "weight",
        "value",
        "rest_symbol",
        "trait_tag",
    ),
    "rest": (),
    "realm": ("realm", "encounters"),
    "encounter": ("trader", "wares"),
    "target": (
        "target_type",
        "attack",
        "die_defense",
        "health",
        "chain_magic",
        "drop_rerolls",
        "drop_loot",
        "drop_treasure",
    ),
    "nothing": (),
    "sin": (),
    "status": (),
    "god": ("die_defense", "health", "attacks"),
}
ITEM_TYPES = ("melee", "ranged", "spell", "equipment", "consumable")
ROLLS = ("combat", "ranged", "dodge")
TARGET_TYPES = ("Human", "Beast", "Interplanar", "Phenomena")  # L145-150

# The effect vocabulary the engine carries out; anything else is ``manual`` (text shown, players adjust by hand).
EFFECTS = (
    "heal",  # restore n Health, never past Max Health
    "hurt",  # n damage, Armor first
    "lose_health",  # n Health lost, Armor skipped (RS-ARMOR-VS-HEALTH)
    "armor",  # n Armor Counters on the Character card
    "rerolls",  # the party gains n Reroll Counters
    "max_health",  # Max Health +n (passive where held; heals nothing, RS-MAXHP)
    "roll_bonus",  # +n to rolls of ``roll`` (combat, ranged, dodge, unarmed or any)
    "damage_bonus",  # +n damage on a hit
    "target_defense",  # a Realm's Targets: Die Defense +n
    "target_attack",  # a Realm's Targets: Attack +n
    "target_health",  # a Realm's Targets: Health +n
    "strike",  # n damage to the Target at once (a thrown bomb)
    "recharge",  # the holder's Active items recharge
    "status",  # the Status Effect card ``name`` (an id in status-effects)
    "pick",  # Pick From n of ``deck`` (RS-PICK-MULTIPLE)
    "draw",  # reveal n cards of ``deck`` for the party
    "add_combat",  # a Combat Encounter is fought next, at once (RS-ENC-ADD-COMBAT)
    "manual",  # text only
)
EFFECT_KEYS = ("roll", "trait", "name", "deck")
BONUS_ROLLS = ("combat", "ranged", "dodge", "unarmed", "any")


@dataclass(frozen=True, slots=True)
class Effect:
    """One instruction of a card: ``do`` with ``amount``; ``trait`` gates it on a Character's Trait (RS-TRAIT-PARTY)."""

    do: str
    amount: int = 0
    roll: str = ""
    trait: str = ""
    name: str = ""
    deck: str = ""


@dataclass(frozen=True, slots=True)
class GodAttack:
    """A Traitor God's attack for a failed roll from ``low`` to ``high`` (RS-GOD-ATTACKS)."""

    low: int
    high: int
    damage: int
    chain: bool = False


@dataclass(frozen=True, slots=True)
class Card:
    """A card of any kind; fields a kind does not use keep their defaults (the reader refuses them if set)."""

    id: str
    name: str
    kind: str
    deck: str
    source: str
    text: str = ""
    copies: int = 1
    image: str = ""
    effects: tuple[Effect, ...] = ()
    # character
    unarmed_attack: int = 0
    inventory_size: int = 0
    max_weight: int = 0
    health: int = 0
    trait: str = ""
    death_effect: tuple[Effect, ...] = ()
    # item
    item_type: str = ""
    active: bool = False
    counters: int = 0
    damage: int = 0
    shots: int = 1
    roll: str = ""
    armor: int = 0
    weight: int = 0
    value: int = 0
    rest_symbol: bool = False
    trait_tag: str = ""
    # realm
    realm: int = 0
    encounters: int = 0
    # encounter
    trader: bool = False
    wares: int = 0
    # target and god
    target_type: str = ""
    attack: int = 0
    die_defense: int = 0
    chain_magic: bool = False
    drop_rerolls: int = 0
    drop_loot: int = 0
    drop_treasure: int = 0
    attacks: tuple[GodAttack, ...] = ()

    @property
    def combat(self) -> bool:
        return self.kind == "target"

    def roll_kind(self) -> str:
        """The roll an attack with this item makes: Ranged weapons Ranged, Spells as marked (Combat if not)."""
        if self.item_type == "ranged":
            return "ranged"
        if self.item_type == "spell" and self.roll == "ranged":
            return "ranged"
        return "combat"


def instance_ids(card: Card) -> list[str]:
    """A card's copies as instance ids: the id itself, then ``id*2``, ``id*3`` …"""
    return [card.id if n == 1 else f"{card.id}*{n}" for n in range(1, card.copies + 1)]


def card_of(instance: str) -> str:
    """The card id behind an instance id."""
    return instance.split("*", 1)[0]


class EffectNotationError(ValueError):
    """Effect text that cannot be read; the message says which part."""


def format_effects(effects: tuple[Effect, ...]) -> str:
    """Effects as one line of text, e.g. ``roll_bonus 1 roll=combat; heal 2``: a spreadsheet cell holds it."""
    parts = []
    for effect in effects:
        words = [effect.do, str(effect.amount)]
        words += [f"{key}={getattr(effect, key)}" for key in EFFECT_KEYS if getattr(effect, key)]
        parts.append(" ".join(words))
    return "; ".join(parts)


def parse_effects(text: str) -> tuple[Effect, ...]:
    """The inverse of ``format_effects``; a missing amount is 0; a value with spaces uses ``_`` for them."""
    effects = []
    for place, part in enumerate((p.strip() for p in text.split(";")), 1):
        if not part:
            continue
        words = part.split()
        do = words[0]
        if do not in EFFECTS:
            raise EffectNotationError(f"effect {place}: '{do}' is not an effect ({', '.join(EFFECTS)})")
        amount = 0
        rest = words[1:]
        if rest and "=" not in rest[0]:
            try:
                amount = int(rest[0])
            except ValueError:
                raise EffectNotationError(f"effect {place}: '{rest[0]}' is not a whole number") from None
            rest = rest[1:]
        keys: dict[str, str] = {}
        for word in rest:
            key, sep, value = word.partition("=")
            if not sep or key not in EFFECT_KEYS or not value:
                raise EffectNotationError(f"effect {place}: '{word}' is not key=value ({', '.join(EFFECT_KEYS)})")
            keys[key] = value.replace("_", " ")
        effects.append(Effect(do, amount, **keys))
    return tuple(effects)


def format_attacks(attacks: tuple[GodAttack, ...]) -> str:
    """A Traitor God's attack table as text, e.g. ``1-5:3; 6-9:2 chain``."""
    return "; ".join(f"{a.low}-{a.high}:{a.damage}{' chain' if a.chain else ''}" for a in attacks)


def parse_attacks(text: str) -> tuple[GodAttack, ...]:
    attacks = []
    for place, part in enumerate((p.strip() for p in text.split(";")), 1):
        if not part:
            continue
        span, _, rest = part.partition(":")
        words = rest.split()
        low, dash, high = span.partition("-")
        try:
            attack = GodAttack(int(low), int(high if dash else low), int(words[0]), words[1:] == ["chain"])
        except (ValueError, IndexError):
            raise EffectNotationError(f"attack {place}: '{part}' is not 'low-high:damage [chain]'") from None
        if words[1:] not in ([], ["chain"]) or not 1 <= attack.low <= attack.high <= 20 or attack.damage < 0:
            raise EffectNotationError(f"attack {place}: '{part}' needs rolls within 1-20, low first, damage >= 0")
        attacks.append(attack)
    return tuple(attacks)
