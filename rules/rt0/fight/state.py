"""The combat state: plain, mutable-inside-the-engine data with cheap explicit copies.

``apply`` copies the state before changing it, so a state handed out is never changed
again; the simulators use the in-place path for speed.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import Final

from ..campaign.character import COMBAT_HP
from ..cards import CardId
from ..content.adversaries import AdversaryKind
from ..traits import Arcana, Skill, Spell, Trait
from .deck import Pile
from .zones import Room, Zone

START_HP = COMBAT_HP  # CHR-HP
HP_AFTER_INJURY: Final = 15  # CMB-ZERO-HP
GM: Final = "gm"  # the actor of the GM's decisions


class FighterKind(Enum):
    PLAYER = "player"
    EDDY = "eddy"


class Phase(Enum):
    ROUND_START = "round start"
    PLAYER_TURN = "player turn"
    ADVERSARY_TURN = "adversary turn"
    OVER = "over"


# Phase.X read once: on CPython 3.11 an Enum member read off its class costs ~60 ns, a module name ~10 ns,
# and these are tested several times per action.
_PLAYER_TURN: Final = Phase.PLAYER_TURN  # Final: a C static once compiled, not a look-up in the module dict


# Typed option targets: what an option points at, so tables can mark it and no one guesses from the label.
# Like typed contexts, they are saved as the list of their fields (``positional``): the same JSON a plain tuple
# of those values made, so states saved before they were typed read back, and hash, as they were.


@dataclass(frozen=True, slots=True)
class Target:
    """What an option points at (a zone, a fighter, a card, a number, an answer): every ``Option.value`` is one, so
    mypy checks what each option carries and the resolver reads it with ``decisions.target_of``."""


@dataclass(frozen=True, slots=True)
class ZoneTarget(Target):
    column: int
    row: int

    @property
    def zone(self) -> Zone:
        return (self.column, self.row)

    def __init__(self, column: int, row: int) -> None:
        object.__setattr__(self, "column", column)
        object.__setattr__(self, "row", row)


@dataclass(frozen=True, slots=True)
class FighterTarget(Target):
    fighter: str

    def __init__(self, fighter: str) -> None:
        object.__setattr__(self, "fighter", fighter)


@dataclass(frozen=True, slots=True)
class CardTarget(Target):
    card: CardId

    def __init__(self, card: CardId) -> None:
        object.__setattr__(self, "card", card)


@dataclass(frozen=True, slots=True)
class NumberTarget(Target):
    number: int

    def __init__(self, number: int) -> None:
        object.__setattr__(self, "number", number)


@dataclass(frozen=True, slots=True)
class StrikeTarget(Target):
    """Damage going to one adversary: how much and of which kind (CMB-DAMAGE-MELEE / CMB-DAMAGE-RANGED)."""

    adversary: str
    amount: int
    ranged: bool
    magic: bool

    def __init__(self, adversary: str, amount: int, ranged: bool, magic: bool) -> None:
        object.__setattr__(self, "adversary", adversary)
        object.__setattr__(self, "amount", amount)
        object.__setattr__(self, "ranged", ranged)
        object.__setattr__(self, "magic", magic)


NOBODY: Final = FighterTarget("")  # the option that names no one ("No redraw", "Nobody draws"): saved as [""] as it was


@dataclass(frozen=True, slots=True)
class FateTarget(Target):
    """What becomes of a downed adversary (the GM's fate options)."""

    adversary: str
    fate: str

    def __init__(self, adversary: str, fate: str) -> None:
        object.__setattr__(self, "adversary", adversary)
        object.__setattr__(self, "fate", fate)


@dataclass(frozen=True, slots=True)
class InjuryTarget(Target):
    """The Major Injury a fighter at 0 HP takes (the GM's injury options)."""

    fighter: str
    injury: str

    def __init__(self, fighter: str, injury: str) -> None:
        object.__setattr__(self, "fighter", fighter)
        object.__setattr__(self, "injury", injury)


@dataclass(frozen=True, slots=True)
class AidTarget(Target):
    """Shield or HP an Eddy gives one fighter."""

    fighter: str
    amount: int

    def __init__(self, fighter: str, amount: int) -> None:
        object.__setattr__(self, "fighter", fighter)
        object.__setattr__(self, "amount", amount)


@dataclass(frozen=True, slots=True)
class HealTarget(Target):
    """What the Heal spell mends on a fighter: every HP (``mend`` "hp"), or the injury ``mend`` and what it becomes
    (``becomes``; "" when it is healed outright)."""

    fighter: str
    mend: str
    becomes: str

    def __init__(self, fighter: str, mend: str, becomes: str) -> None:
        object.__setattr__(self, "fighter", fighter)
        object.__setattr__(self, "mend", mend)
        object.__setattr__(self, "becomes", becomes)


@dataclass(frozen=True, slots=True)
class AnswerTarget(Target):
    """Yes or no (take the Corruption, draw the card, keep the success)."""

    yes: bool

    def __init__(self, yes: bool) -> None:
        object.__setattr__(self, "yes", yes)


@dataclass(frozen=True, slots=True)
class ModeTarget(Target):
    """One of a few named ways on (a spell learned, a proposal, "leave" the fight, "check" instead of a step)."""

    mode: str

    def __init__(self, mode: str) -> None:
        object.__setattr__(self, "mode", mode)


@dataclass(frozen=True, slots=True)
class CardsTarget(Target):
    """Some of the cards a decision's context holds, by their places in it (Second Sight's "draw both", "only the
    first", "neither"); saved as the bare list of places (``decisions.VARIADIC``)."""

    places: tuple[int, ...]

    def __init__(self, places: tuple[int, ...]) -> None:
        object.__setattr__(self, "places", places)


@dataclass(frozen=True, slots=True)
class HiddenTarget(Target):
    """What another seat's private option shows: nothing (``privacy.observe``)."""


@dataclass(frozen=True, slots=True)
class Option:
    """One answer to a decision: a label for people and, for the engine, a typed ``Target`` (a zone, a fighter,
    a card, a number); read it with ``decisions.target_of``."""

    label: str
    value: Target

    def __init__(self, label: str, value: Target) -> None:
        object.__setattr__(self, "label", label)
        object.__setattr__(self, "value", value)


@dataclass(frozen=True, slots=True)
class Context:
    """What a decision carries besides its options, for its resolver (registered per kind with
    ``decisions.decision_context``, read with ``decisions.context_of``); saved, like targets, as the list of its
    fields (``positional``)."""


@dataclass(frozen=True, slots=True)
class NoContext(Context):
    """A decision that carries nothing: saved as ``[]``, as the empty tuple it replaced was."""


NO_CONTEXT: Final = NoContext()


@dataclass(frozen=True, slots=True)
class PendingDecision:
    """A choice the rules wait for; while one is pending the only legal actions are its options."""

    kind: str
    actor: str
    prompt: str
    options: tuple[Option, ...]
    context: Context = NO_CONTEXT  # the kind's typed context; NO_CONTEXT, whatever the kind, when it needs none
    private: bool = False  # only the actor may see the options (cards they peeked at); hot-seat UIs hide it

    def __init__(
        self,
        kind: str,
        actor: str,
        prompt: str,
        options: tuple[Option, ...],
        context: Context = NO_CONTEXT,
        private: bool = False,
    ) -> None:  # written for speed, as Option's is (test_value_inits.py)
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "actor", actor)
        object.__setattr__(self, "prompt", prompt)
        object.__setattr__(self, "options", options)
        object.__setattr__(self, "context", context)
        object.__setattr__(self, "private", private)

    @property
    def seats(self) -> frozenset[str]:
        """Who answers: RT:0 asks one seat at a time (``seam.SealedChoices`` models several at once)."""
        return frozenset((self.actor,))


@dataclass(slots=True)
class Fighter:
    """A player character or an Eddy in this combat."""

    id: str
    name: str
    kind: FighterKind
    traits: frozenset[Trait]
    arcana: Arcana | None
    pile: str
    abilities: tuple[str, ...]
    zone: Zone | None
    hp: int = START_HP
    shield: int = 0
    hand: list[CardId] = field(default_factory=list)
    bins: dict[str, list[CardId]] = field(default_factory=dict)
    honked: bool = False
    injuries: list[str] = field(default_factory=list)
    corruption_gained: int = 0
    dead: bool = False
    a_plus: tuple[Skill, ...] = ()
    failed: tuple[Skill, ...] = ()
    upgrades: frozenset[str] = frozenset()  # abilities whose Corruption Upgrade is unlocked (COR-UPGRADE)
    counts_as: dict[CardId, CardId] = field(default_factory=dict)  # card -> the card it counts as now
    marks: dict[str, int] = field(default_factory=dict)  # per-fight counters and switches abilities keep
    spells: tuple[Spell, ...] = ()  # spells learned (CHR-SPELL), for rules that ask who knows what (MAG-SPELLBOOK)
    face_down: list[CardId] = field(default_factory=list)  # cards lying face down on the fighter's bins
    day_uses: dict[str, int] = field(default_factory=dict)  # once-per-Day use -> the Day it was used (daily.py)
    items: list[str] = field(default_factory=list)  # items carried (ITM-*); an Exhausted one leaves the list
    stowed: dict[str, list[CardId]] = field(default_factory=dict)  # item -> cards on it (Backpack, Headphones)

    def __init__(
        self,
        id: str,
        name: str,
        kind: FighterKind,
        traits: frozenset[Trait],
        arcana: Arcana | None,
        pile: str,
        abilities: tuple[str, ...],
        zone: Zone | None,
        hp: int = START_HP,
        shield: int = 0,
        hand: list[CardId] | None = None,
        bins: dict[str, list[CardId]] | None = None,
        honked: bool = False,
        injuries: list[str] | None = None,
        corruption_gained: int = 0,
        dead: bool = False,
        a_plus: tuple[Skill, ...] = (),
        failed: tuple[Skill, ...] = (),
        upgrades: frozenset[str] = frozenset(),
        counts_as: dict[CardId, CardId] | None = None,
        marks: dict[str, int] | None = None,
        spells: tuple[Spell, ...] = (),
        face_down: list[CardId] | None = None,
        day_uses: dict[str, int] | None = None,
        items: list[str] | None = None,
        stowed: dict[str, list[CardId]] | None = None,
    ) -> None:  # written for speed: mypyc compiles it, not dataclass's (test_value_inits.py)
        self.id = id
        self.name = name
        self.kind = kind
        self.traits = traits
        self.arcana = arcana
        self.pile = pile
        self.abilities = abilities
        self.zone = zone
        self.hp = hp
        self.shield = shield
        self.hand = [] if hand is None else hand
        self.bins = {} if bins is None else bins
        self.honked = honked
        self.injuries = [] if injuries is None else injuries
        self.corruption_gained = corruption_gained
        self.dead = dead
        self.a_plus = a_plus
        self.failed = failed
        self.upgrades = upgrades
        self.counts_as = {} if counts_as is None else counts_as
        self.marks = {} if marks is None else marks
        self.spells = spells
        self.face_down = [] if face_down is None else face_down
        self.day_uses = {} if day_uses is None else day_uses
        self.items = [] if items is None else items
        self.stowed = {} if stowed is None else stowed

    def clone(self) -> Fighter:
        return Fighter(
            self.id,
            self.name,
            self.kind,
            self.traits,
            self.arcana,
            self.pile,
            self.abilities,
            self.zone,
            self.hp,
            self.shield,
            self.hand.copy(),
            {k: v.copy() for k, v in self.bins.items()},
            self.honked,
            self.injuries.copy(),
            self.corruption_gained,
            self.dead,
            self.a_plus,
            self.failed,
            self.upgrades,
            self.counts_as.copy(),
            self.marks.copy(),
            self.spells,
            self.face_down.copy(),
            self.day_uses.copy(),
            self.items.copy(),
            {k: v.copy() for k, v in self.stowed.items()},
        )

    @property
    def in_combat(self) -> bool:
        return self.zone is not None and not self.dead


@dataclass(slots=True)
class Adversary:
    id: str
    name: str
    kind: str
    hp: int
    zone: Zone
    shield: int = 0
    intent: CardId | None = None
    intent_hidden: bool = False
    fate: str | None = None  # set once out of the fight: "killed", "incapacitated", "scared", "fled"
    marks: dict[str, int] = field(default_factory=dict)  # per-fight switches effects leave on it (grounded)

    def __init__(
        self,
        id: str,
        name: str,
        kind: str,
        hp: int,
        zone: Zone,
        shield: int = 0,
        intent: CardId | None = None,
        intent_hidden: bool = False,
        fate: str | None = None,
        marks: dict[str, int] | None = None,
    ) -> None:  # written for speed: mypyc compiles it, not dataclass's (test_value_inits.py)
        self.id = id
        self.name = name
        self.kind = kind
        self.hp = hp
        self.zone = zone
        self.shield = shield
        self.intent = intent
        self.intent_hidden = intent_hidden
        self.fate = fate
        self.marks = {} if marks is None else marks

    def clone(self) -> Adversary:
        return Adversary(
            self.id,
            self.name,
            self.kind,
            self.hp,
            self.zone,
            self.shield,
            self.intent,
            self.intent_hidden,
            self.fate,
            self.marks.copy(),
        )

    @property
    def active(self) -> bool:
        return self.fate is None and self.hp > 0


@dataclass(frozen=True, slots=True)
class Checkpoint:
    """A player's HP and injuries at one moment, kept so an ability can put them back (HP-MISTAKE-CORRECTED)."""

    hp: int
    injuries: tuple[str, ...]

    def __init__(self, hp: int, injuries: tuple[str, ...]) -> None:
        object.__setattr__(self, "hp", hp)
        object.__setattr__(self, "injuries", injuries)


@dataclass(slots=True)
class CombatState:
    room: Room
    fighters: list[Fighter]
    adversaries: list[Adversary]
    piles: dict[str, Pile]
    bestiary: dict[str, AdversaryKind]
    rng: int
    round: int = 0
    phase: Phase = Phase.ROUND_START
    order: list[str] = field(default_factory=list)
    turn: int = 0
    acting: int = 0  # which adversary acts next in the adversary turn
    decisions: list[PendingDecision] = field(default_factory=list)
    round_flags: list[str] = field(default_factory=list)
    result: str | None = None
    ending_turn: bool = False  # The Tower struck: the active fighter's turn ends once the action settles
    practice: bool = False  # a fight with no win condition (benchmarks, sandbox drills)
    # adversary id -> (card, face down): its intent for the next round, drawn ahead of time (HP-YES-NO)
    queued_intents: dict[str, tuple[CardId, bool]] = field(default_factory=dict)
    # fighter id -> player id -> HP and injuries when that fighter's last turn ended (HP-MISTAKE-CORRECTED)
    checkpoints: dict[str, dict[str, Checkpoint]] = field(default_factory=dict)
    day: int = 0  # the campaign Day this fight happens on (once-per-Day uses are stamped with it)
    turn_closing: bool = False  # the active turn's at_turn_end hooks have run; it ends once their choices are made
    # a lab fight: only the events the lab tallies (``events.TALLIED``) are made; never saved, hashed or compared,
    # and a clone is never quiet (every dry run and table state hears everything)
    quiet: bool = field(default=False, compare=False, repr=False)

    def __init__(
        self,
        room: Room,
        fighters: list[Fighter],
        adversaries: list[Adversary],
        piles: dict[str, Pile],
        bestiary: dict[str, AdversaryKind],
        rng: int,
        round: int = 0,
        phase: Phase = Phase.ROUND_START,
        order: list[str] | None = None,
        turn: int = 0,
        acting: int = 0,
        decisions: list[PendingDecision] | None = None,
        round_flags: list[str] | None = None,
        result: str | None = None,
        ending_turn: bool = False,
        practice: bool = False,
        queued_intents: dict[str, tuple[CardId, bool]] | None = None,
        checkpoints: dict[str, dict[str, Checkpoint]] | None = None,
        day: int = 0,
        turn_closing: bool = False,
        quiet: bool = False,
    ) -> None:  # written for speed: mypyc compiles it, not dataclass's (test_value_inits.py)
        self.room = room
        self.fighters = fighters
        self.adversaries = adversaries
        self.piles = piles
        self.bestiary = bestiary
        self.rng = rng
        self.round = round
        self.phase = phase
        self.order = [] if order is None else order
        self.turn = turn
        self.acting = acting
        self.decisions = [] if decisions is None else decisions
        self.round_flags = [] if round_flags is None else round_flags
        self.result = result
        self.ending_turn = ending_turn
        self.practice = practice
        self.queued_intents = {} if queued_intents is None else queued_intents
        self.checkpoints = {} if checkpoints is None else checkpoints
        self.day = day
        self.turn_closing = turn_closing
        self.quiet = quiet

    def clone(self) -> CombatState:
        return CombatState(
            self.room,
            [f.clone() for f in self.fighters],
            [a.clone() for a in self.adversaries],
            {k: p.clone() for k, p in self.piles.items()},
            self.bestiary,
            self.rng,
            self.round,
            self.phase,
            self.order.copy(),
            self.turn,
            self.acting,
            self.decisions.copy(),
            self.round_flags.copy(),
            self.result,
            self.ending_turn,
            self.practice,
            self.queued_intents.copy(),
            {k: v.copy() for k, v in self.checkpoints.items()},
            self.day,
            self.turn_closing,
        )

    @property
    def pending(self) -> PendingDecision | None:
        return self.decisions[0] if self.decisions else None

    @property
    def active_fighter(self) -> Fighter | None:
        if self.phase is not _PLAYER_TURN or self.turn >= len(self.order):
            return None
        wanted = self.order[self.turn]
        for fighter in self.fighters:  # ``fighter()`` written out: asked several times per action
            if fighter.id == wanted:
                return fighter
        raise KeyError(f"no fighter {wanted!r}")

    def fighter(self, fighter_id: str) -> Fighter:
        for fighter in self.fighters:
            if fighter.id == fighter_id:
                return fighter
        raise KeyError(f"no fighter {fighter_id!r}")

    def adversary(self, adversary_id: str) -> Adversary:
        for adversary in self.adversaries:
            if adversary.id == adversary_id:
                return adversary
        raise KeyError(f"no adversary {adversary_id!r}")

    def name_of(self, who: str) -> str:
        for f in self.fighters:
            if f.id == who:
                return f.name
        for a in self.adversaries:
            if a.id == who:
                return a.name
        return "the GM" if who == GM else who
