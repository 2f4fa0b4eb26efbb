"""The state of a game of The Restless: plain frozen values (tuples, no dicts) so the codec and the hash are simple."""

from __future__ import annotations

from dataclasses import dataclass, replace

from .rs_cards import Card, card_of


@dataclass(frozen=True, slots=True)
class Pile:
    """One deck: its draw pile (top last) and its own discard pile (RS-DISCARD-PILES)."""

    deck: str
    draw: tuple[str, ...]
    discard: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Hero:
    """A Character in the party, in seat order (the order Chain Magic goes left in)."""

    card: str  # the Character card's instance id, also the Character's id
    seat: str
    health: int
    armor: int = 0  # Armor Counters on the Character card itself (RS-ARMOR-COUNTERS)
    max_bonus: int = 0  # Max Health raised by effects (RS-MAXHP)
    items: tuple[str, ...] = ()
    statuses: tuple[str, ...] = ()
    sins: tuple[str, ...] = ()
    sideways: bool = False  # used a Consumable this round (RS-CMB-CONSUMABLE)
    acted: bool = False  # has taken its turn this round (RS-CMB-ORDER)
    dead: bool = False


@dataclass(frozen=True, slots=True)
class Mark:
    """Counters on an item in play and whether it lies sideways (an Active item used, RS-ITEM-ACTIVE)."""

    card: str
    counters: int
    armor: int
    spent: bool = False


@dataclass(frozen=True, slots=True)
class Roll:
    """A d20 on the table, waiting for Reroll or Accept (RS-REROLL)."""

    hero: str
    kind: str  # combat, ranged, dodge
    item: str  # "" when Unarmed (or a Dodge)
    face: int
    modifier: int
    shots_left: int = 0  # a Ranged weapon's further chances after this one
    rerolls: int = 0  # how often this roll has been rerolled


@dataclass(frozen=True, slots=True)
class Hit:
    """Damage on its way to a Character: through Armor unless ``health_only``."""

    hero: str
    amount: int
    cause: str  # "target" (its Inventory joins the Drops), "flee" (discarded) or "other" (split)
    health_only: bool = False


@dataclass(frozen=True, slots=True)
class CardImage:
    """A card's image (a scan of the owner's card) as a save keeps it: its name in ``images/``, the SHA-256 of its
    bytes (hex) and the bytes in base64 (``rs_card_images`` makes and checks them)."""

    name: str
    sha256: str
    data: str


@dataclass(frozen=True, slots=True)
class RsSetup:
    """A game's set-up: the pack's cards (the save keeps this copy), the seats, and the Encounters per Realm."""

    pack_name: str
    cards: tuple[Card, ...]
    seats: tuple[str, ...] = ("player-1",)
    encounters_per_realm: int = 4  # 5 for added difficulty (L83)
    rests: int = 3
    starters: bool = True  # a challenge run starts with no items (L221)
    party_size: int = 4  # a challenge run fields fewer Characters (L221)
    images: tuple[CardImage, ...] = ()  # the pack's images its cards name, so a game keeps its faces


@dataclass(frozen=True, slots=True)
class RsState:
    cards: tuple[Card, ...]
    seats: tuple[str, ...]
    encounters_per_realm: int
    phase: str
    rng: int
    piles: tuple[Pile, ...]
    party: tuple[Hero, ...] = ()
    offered: tuple[str, ...] = ()  # cards on offer: the set-up's 6, a Pick From Multiple
    wares: tuple[str, ...] = ()  # a Trader's Inventory
    back: str = ""  # the phase a Pick From Multiple returns to
    after_armor: str = ""  # the phase a choice of Armor returns to
    loose: tuple[str, ...] = ()  # revealed items in no Inventory: Drops, split Inventories, the Rest's shared ones
    marks: tuple[Mark, ...] = ()
    rerolls: int = 0
    rests: tuple[str, ...] = ()  # face down, unused
    rest_bonus: str = ""  # the last Rest played: its bonus holds until the next (L75)
    realm_number: int = 0
    realm: str = ""
    row: tuple[str, ...] = ()  # face-down Encounters, the next first
    current: str = ""  # the Encounter being met (or the Traitor God)
    target_health: int = 0
    drops: tuple[str, ...] = ()  # Inventories of Characters the Target killed (RS-DROPS-DEATH)
    round: int = 0
    roll: Roll | None = None
    hits: tuple[Hit, ...] = ()
    fleeing: tuple[str, ...] = ()  # Characters still to roll their Dodge while fleeing
    rest_allowed: bool = False
    god: str = ""
    final_night: bool = False  # the final night was spent or passed up
    then_fight: bool = False  # a Combat Encounter follows at once (the after-battle step is skipped)
    picker: str = ""
    starters: bool = True
    party_size: int = 4
    result: str = ""  # won, lost, refused

    def card(self, instance: str) -> Card:
        wanted = card_of(instance)
        for card in self.cards:
            if card.id == wanted:
                return card
        raise KeyError(instance)

    def hero(self, hero_id: str) -> Hero:
        for hero in self.party:
            if hero.card == hero_id:
                return hero
        raise KeyError(hero_id)

    def pile(self, deck: str) -> Pile:
        for pile in self.piles:
            if pile.deck == deck:
                return pile
        return Pile(deck, ())

    def mark(self, item: str) -> Mark:
        for mark in self.marks:
            if mark.card == item:
                return mark
        card = self.card(item)
        return Mark(item, card.counters or (1 if card.item_type == "consumable" else 0), card.armor)

    def holder(self, item: str) -> Hero | None:
        return next((h for h in self.party if item in h.items), None)

    def living(self) -> tuple[Hero, ...]:
        return tuple(h for h in self.party if not h.dead)


def with_hero(state: RsState, hero: Hero) -> RsState:
    return replace(state, party=tuple(hero if h.card == hero.card else h for h in state.party))


def with_pile(state: RsState, pile: Pile) -> RsState:
    others = tuple(p for p in state.piles if p.deck != pile.deck)
    return replace(state, piles=tuple(sorted((*others, pile), key=lambda p: p.deck)))


def with_mark(state: RsState, mark: Mark) -> RsState:
    others = tuple(m for m in state.marks if m.card != mark.card)
    return replace(state, marks=tuple(sorted((*others, mark), key=lambda m: m.card)))


def without_mark(state: RsState, item: str) -> RsState:
    return replace(state, marks=tuple(m for m in state.marks if m.card != item))
