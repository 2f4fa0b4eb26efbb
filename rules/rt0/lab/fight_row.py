"""One lab fight played out and tallied into a row of plain numbers; and the same fight as a full-engine Game."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, cast

from ..cli.simulation import Policy, brick
from ..fight.engine import Game, apply_in_place, apply_unchecked, combat_table, open_combat
from ..fight.events import CorruptionTaken, DamageDealt, Event, HealthLost, InjuryTaken, ShieldGained
from ..fight.rt0_setup import FightSetup
from ..fight.serialize import state_hash
from ..fight.state import CombatState
from .policies import POLICIES, lookahead, quick_greedy
from .run_spec import POLICY_NAMES, RunSpec

UNFINISHED: Final = "unfinished"
"""A fight's result when it reached the spec's round or action limit first."""

Row = tuple[
    int, int, str, int, int, tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[int, ...], str
]
"""A ``FightRow`` as a plain tuple (what crosses from a worker process): its fields in order."""


@dataclass(frozen=True)
class FightRow:
    """What one fight came to; per-player tuples follow the order of the spec's party.

    ``damage``: damage the player's abilities dealt to adversaries (before their Shield took its part);
    ``hp_lost``: HP the player lost (damage through Shield, and HP paid or bled); ``injuries`` taken;
    ``corruption`` taken; ``shield`` gained. ``state_hash`` is the final state's, when the run asked for it.
    """

    index: int
    seed: int
    result: str
    rounds: int
    actions: int
    damage: tuple[int, ...]
    hp_lost: tuple[int, ...]
    injuries: tuple[int, ...]
    corruption: tuple[int, ...]
    shield: tuple[int, ...]
    state_hash: str = ""

    @property
    def won(self) -> bool:
        return self.result == "victory"

    def as_tuple(self) -> Row:
        return (
            self.index,
            self.seed,
            self.result,
            self.rounds,
            self.actions,
            self.damage,
            self.hp_lost,
            self.injuries,
            self.corruption,
            self.shield,
            self.state_hash,
        )

    def __init__(
        self,
        index: int,
        seed: int,
        result: str,
        rounds: int,
        actions: int,
        damage: tuple[int, ...],
        hp_lost: tuple[int, ...],
        injuries: tuple[int, ...],
        corruption: tuple[int, ...],
        shield: tuple[int, ...],
        state_hash: str = "",
    ) -> None:
        object.__setattr__(self, "index", index)
        object.__setattr__(self, "seed", seed)
        object.__setattr__(self, "result", result)
        object.__setattr__(self, "rounds", rounds)
        object.__setattr__(self, "actions", actions)
        object.__setattr__(self, "damage", damage)
        object.__setattr__(self, "hp_lost", hp_lost)
        object.__setattr__(self, "injuries", injuries)
        object.__setattr__(self, "corruption", corruption)
        object.__setattr__(self, "shield", shield)
        object.__setattr__(self, "state_hash", state_hash)


def row_from_tuple(row: Row) -> FightRow:
    return FightRow(row[0], row[1], row[2], row[3], row[4], row[5], row[6], row[7], row[8], row[9], row[10])


class _Ledger:
    """Running per-player sums read off the event stream."""

    def __init__(self, state: CombatState) -> None:
        self.slot = {f.id: i for i, f in enumerate(state.fighters)}
        size = len(state.fighters)
        self.damage = [0] * size
        self.hp_lost = [0] * size
        self.injuries = [0] * size
        self.corruption = [0] * size
        self.shield = [0] * size

    def read(self, events: list[Event]) -> None:
        slot = self.slot
        # exact types: compiled, ``type(e) is`` is a pointer test where isinstance walks the MRO; read as ``object``
        # so that taking an item from the list is not checked against ``Event`` (a walk of its MRO too)
        for event in cast("list[object]", events):
            kind = type(event)
            if kind is DamageDealt:
                dealt = cast(DamageDealt, event)
                if dealt.target in slot:
                    self.hp_lost[slot[dealt.target]] += dealt.amount - dealt.blocked
                elif dealt.source in slot:
                    self.damage[slot[dealt.source]] += dealt.amount
            elif kind is ShieldGained:
                gained = cast(ShieldGained, event)
                if gained.who in slot:
                    self.shield[slot[gained.who]] += gained.amount
            elif kind is HealthLost:
                lost = cast(HealthLost, event)
                self.hp_lost[slot[lost.fighter]] += lost.amount
            elif kind is InjuryTaken:
                self.injuries[slot[cast(InjuryTaken, event).fighter]] += 1
            elif kind is CorruptionTaken:
                taken = cast(CorruptionTaken, event)
                if taken.fighter in slot:
                    self.corruption[slot[taken.fighter]] += taken.amount


def play_fight(spec: RunSpec, index: int, hashed: bool = False, checked: bool = False) -> FightRow:
    """Fight ``index`` of the run, played by the spec's policy straight on one state.

    The policies only ever return legal actions, so the lab skips the refusal check the table needs
    (``checked=True`` keeps it: the differential test plays both ways). The fight starts from exactly the state
    ``spec.setup.start`` gives, with the part that does not depend on the seed built once per set-up, and is
    played quiet: only the events the ledger reads are made (``CombatState.quiet``).
    """
    which = POLICY_NAMES.index(spec.policy)  # called by name below: compiled, a direct call, not a generic one
    seed = spec.fight_seed(index)
    state, opening = start(spec.setup, seed, quiet=True)
    ledger = _Ledger(state)
    ledger.read(opening)
    actions = 0
    while state.result is None and state.round < spec.max_rounds and actions < spec.max_actions:
        if which == _GREEDY:
            action = quick_greedy(state)
        elif which == _BRICK:
            action = brick(state)
        else:
            action = lookahead(state)
        if checked:
            ledger.read(apply_in_place(state, action))
        else:
            ledger.read(apply_unchecked(state, action))
        actions += 1
    return FightRow(
        index,
        seed,
        state.result or UNFINISHED,
        state.round,
        actions,
        tuple(ledger.damage),
        tuple(ledger.hp_lost),
        tuple(ledger.injuries),
        tuple(ledger.corruption),
        tuple(ledger.shield),
        state_hash(state) if hashed else "",
    )


_BRICK: Final = POLICY_NAMES.index("brick")
_GREEDY: Final = POLICY_NAMES.index("greedy")


class _Tables:
    """The last set-up with its fight before the shuffles (``engine.combat_table``), which every fight of a run
    clones; one pair, read and replaced whole, so threads playing different runs at once never mix them up."""

    def __init__(self) -> None:
        self.last: tuple[FightSetup, CombatState] | None = None


_TABLES: Final = _Tables()


def start(setup: FightSetup, seed: int, quiet: bool = False) -> tuple[CombatState, list[Event]]:
    """``setup.start(seed)``: the same state and opening events, its seed-free part built once per set-up.

    A run's fights differ only in their seed, so the room, fighters, bins, marks, unshuffled decks and adversaries
    are laid out once and cloned; ``open_combat`` then shuffles and draws as ``new_combat`` does. ``quiet``: the
    fight makes only the events ``events.TALLIED`` names, from its opening on.
    """
    last = _TABLES.last
    if last is None or last[0] is not setup:
        s = setup
        last = (setup, combat_table(s.room_size, s.fighters, s.adversaries, s.bestiary, s.practice, s.day))
        _TABLES.last = last
    table = last[1].clone()
    table.quiet = quiet
    return open_combat(table, seed, setup.fighters)


def replay_game(spec: RunSpec, index: int) -> Game:
    """Fight ``index`` of the run re-created as a full-engine Game, every action pushed as the table pushes it.

    Its actions and final state are the lab fight's, so a replay viewer can step through exactly that fight.
    """
    policy: Policy = POLICIES[spec.policy]
    state, opening = spec.setup.start(spec.fight_seed(index))
    game = Game(state, opening)
    actions = 0
    while game.state.result is None and game.state.round < spec.max_rounds and actions < spec.max_actions:
        game.push(policy(game.state))
        actions += 1
    return game
