"""The state of a Moon's Grave fight as plain frozen data; the seeded random state lives inside it."""

from __future__ import annotations

from dataclasses import dataclass, replace

from .mg_book import TALENTS, fumble_risk
from .mg_pack import Perk

PARTY, FOES = "party", "foes"
CORPS = ""  # the active-weapon name of a corps à corps attack (no weapon)


@dataclass(frozen=True, slots=True)
class Weapon:
    name: str
    attack: str
    defence: str


@dataclass(frozen=True, slots=True)
class Track:
    """One soak track of a player character (MG-SOAK-TRACKS), checked once used (MG-SOAK-MARK)."""

    id: str
    name: str
    capacity: int
    bleeding_out: bool
    handicap: tuple[tuple[str, int], ...]
    exhausted: bool = False


@dataclass(frozen=True, slots=True)
class Fighter:
    id: str
    name: str
    side: str
    seat: str
    npc: bool
    talents: tuple[tuple[str, int], ...]  # every rolled talent and Beckon, before handicaps
    beckon: int  # the follower limit of a player character (MG-FOLLOWER-MAX)
    followers: int  # a player character's own tokens; NPCs draw on their side's pool
    weapons: tuple[Weapon, ...]
    perks: tuple[Perk, ...]
    armour: str = ""
    armour_heat: int = 0
    night_armour: bool = False
    artifact: str = ""
    tracks: tuple[Track, ...] = ()
    damage: int = 0  # damage an NPC has taken (house rule: boxes equal to Durability)
    alive: bool = True
    active: str = CORPS
    planned: int = -1  # actions declared this round; -1 before the Plan reaches her
    done_turn: bool = False
    protecting: str = ""

    def talent(self, name: str) -> int:
        """The level rolled: base level less the handicaps of exhausted soak tracks, never below 0."""
        base = dict(self.talents).get(name, 0)
        handicap = sum(d for t in self.tracks if t.exhausted for n, d in t.handicap if n == name)
        return max(0, base + handicap)

    def weapon(self, name: str, corps: Weapon) -> Weapon:
        return next((w for w in self.weapons if w.name == name), corps)

    @property
    def fumble_risk(self) -> int:
        return 0 if self.npc else fumble_risk(max(self.planned, 0))  # NPCs take one action (MG-NPC-ONE-ACTION)


@dataclass(frozen=True, slots=True)
class Roll:
    """A roll under way: the faces so far, then the perk window (MG-PERK-*) until the verdict."""

    purpose: str  # attack, defence, bandage, protect, rally, slaughter, swap, initiative
    roller: str
    dice: int
    difficulty: int
    target: str = ""
    faces: tuple[int, ...] = ()
    complete: bool = False
    bonus: int = 0  # from perks, gone after the verdict (MG-PERK-BONUS-EXPIRE)
    extra_damage: int = 0
    reduced: int = 0
    order: tuple[str, ...] = ()  # who may trigger, in turn: the roller, then each enemy (MG-PERK-ALTERNATE)
    chooser: int = 0
    passes: int = 0
    used: tuple[tuple[str, int], ...] = ()  # (fighter, die index) already spent by that fighter (MG-PERK-DIE-ONCE)
    triggered: tuple[tuple[str, str], ...] = ()  # (fighter, perk) fired this roll (MG-PERK-ONCE)


@dataclass(frozen=True, slots=True)
class HouseDigest:
    """The pack's house rules a fight needs, copied in so a state replays without the pack."""

    corps_attack: str
    corps_defence: str
    npc_damage: str
    aftermath: tuple[str, ...]
    plan_limit: int
    sun_up: bool
    defence_rolls: bool


@dataclass(frozen=True, slots=True)
class MgState:
    fighters: tuple[Fighter, ...]
    house: HouseDigest
    rng: int
    pools: tuple[tuple[str, int], ...] = ()  # NPC follower pool per side (MG-NPC-FOLLOWER-POOL)
    round: int = 1
    phase: str = "plan"  # plan, vie, withdraw, bid, vie_roll, turn, roll, perks, soak, over
    asked: tuple[str, ...] = ()  # who must answer in this step, in order
    sealed: tuple[tuple[str, int, str], ...] = ()  # secret plans (fighter, actions, weapon) of a tie
    viers: tuple[str, ...] = ()
    bids: tuple[tuple[str, int], ...] = ()
    vie_totals: tuple[tuple[str, int], ...] = ()  # Initiative rolls of a tie still unbroken
    turn: str = ""
    actions_done: int = 0
    roll: Roll | None = None
    damage_queue: tuple[tuple[str, int], ...] = ()  # damage waiting to be soaked or taken, in order
    after_damage: str = ""  # where play goes once the queue is empty: turn, end_turn, next_round
    winner: str = ""

    def fighter(self, fighter_id: str) -> Fighter:
        return next(f for f in self.fighters if f.id == fighter_id)

    def has(self, fighter_id: str) -> bool:
        return any(f.id == fighter_id for f in self.fighters)

    def corps(self) -> Weapon:
        return Weapon(CORPS, self.house.corps_attack, self.house.corps_defence)

    def pool(self, side: str) -> int:
        return dict(self.pools).get(side, 0)

    def followers(self, fighter: Fighter) -> int:
        """An NPC counts as having its side's whole pool (MG-NPC-FOLLOWER-POOL)."""
        return self.pool(fighter.side) if fighter.npc else fighter.followers

    def living(self, side: str | None = None) -> list[Fighter]:
        return [f for f in self.fighters if f.alive and (side is None or f.side == side)]

    def with_fighter(self, fighter: Fighter) -> MgState:
        return replace(self, fighters=tuple(fighter if f.id == fighter.id else f for f in self.fighters))

    def with_pool(self, side: str, amount: int) -> MgState:
        others = tuple((s, n) for s, n in self.pools if s != side)
        return replace(self, pools=tuple(sorted((*others, (side, amount)))))

    def active_weapon(self, fighter: Fighter) -> Weapon:
        return fighter.weapon(fighter.active, self.corps())


def enemy_side(side: str) -> str:
    return FOES if side == PARTY else PARTY


def initiative_order(fighters: list[Fighter]) -> list[Fighter]:
    """Lowest Initiative first; equal Initiative keeps the set-up order."""
    return sorted(fighters, key=lambda f: f.talent("Initiative"))


ROLLED_TALENTS = (*TALENTS, "Beckon")
