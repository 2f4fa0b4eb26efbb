"""A fight's set-up (the party, the NPCs, the pack it plays against) and the opening state built from it."""

from __future__ import annotations

from dataclasses import dataclass

from ..dice.dice_rng import seeded
from ..packs.content_pack import pack_from_canonical
from ..seam import RulesError
from .combat_round import begin_round
from .mg_actions import MgEvent
from .mg_book import ARTIFACT_WEAPONS, STATS, TALENTS, WEAPONS
from .mg_character import Character, weapons_of
from .mg_pack import GAME, MgContent, Perk, read_mg_pack
from .mg_state import FOES, PARTY, Fighter, HouseDigest, MgState, Track, Weapon
from .npc_notation import NpcLine, parse_npc


@dataclass(frozen=True, slots=True)
class PartySeat:
    character: Character
    seat: str  # the player who sits for her, e.g. "p1"


@dataclass(frozen=True, slots=True)
class NpcSeat:
    notation: str  # the NPC in the book's notation (a roster line, or one pasted in)
    side: str = FOES


@dataclass(frozen=True, slots=True)
class MgSetup:
    pack: str  # the pack's canonical JSON: a save keeps the content it started with
    party: tuple[PartySeat, ...]
    npcs: tuple[NpcSeat, ...]
    sun_up: bool = False
    defence_rolls: bool = False  # the GM lets players roll defence against NPC attacks (MG-ACT-DEFENSE-ROLL)


def content_of(setup: MgSetup) -> MgContent:
    return read_mg_pack(pack_from_canonical(setup.pack, GAME))


def _pc(content: MgContent, seat: PartySeat, index: int) -> Fighter:
    character = seat.character
    levels = {**{s: character.stat(s) for s in STATS}, **character.talents()}
    weapons = tuple(Weapon(w, *(WEAPONS.get(w) or ARTIFACT_WEAPONS[w])) for w in weapons_of(content, character))
    package = content.package(character.package)
    armour = content.armour_piece(package.armour) if package.armour else None
    tracks = tuple(Track(t.id, t.name, t.capacity, t.bleeding_out, t.handicap) for t in content.tracks)
    known = {p.id for p in content.perks}
    missing = [p for p in character.perks if p not in known]
    if missing:
        raise RulesError(f"{character.name}: the pack has no perk {', '.join(missing)}")
    return Fighter(
        f"pc{index}",
        character.name,
        PARTY,
        seat.seat,
        False,
        tuple(sorted(levels.items())),
        beckon=character.stat("Beckon"),
        followers=character.stat("Beckon"),  # MG-FOLLOWER-START
        weapons=weapons,
        perks=tuple(content.perk(p) for p in character.perks),
        armour=armour.id if armour else "",
        armour_heat=armour.heat if armour else 0,
        night_armour=bool(armour and armour.kind == "night"),
        artifact=package.artifact or "",
        tracks=tracks,
        active=weapons[0].name if weapons else "",
    )


def npc_fighter(known: tuple[Perk, ...], npc: NpcLine, side: str, index: int) -> Fighter:
    """An NPC as it enters a fight, its perks found among ``known`` (the pack editor previews its card)."""
    levels = {name: npc.talent(name) for name in (*TALENTS, *STATS)}
    weapons = tuple(Weapon(a.name, a.attack, a.defence) for a in npc.attacks)
    perks = []
    for title, cost in npc.perks:
        perk = next((p for p in known if p.title == title and p.cost == cost), None)
        if perk is None:
            raise RulesError(f"{npc.name}: the pack has no perk '{title} [{cost}]'")
        perks.append(perk)
    return Fighter(
        f"npc{index}",
        npc.name,
        side,
        "gm",
        True,
        tuple(sorted(levels.items())),
        beckon=npc.talent("Beckon"),
        followers=0,
        weapons=weapons,
        perks=tuple(perks),
    )


def new_fight(setup: MgSetup, seed: int) -> tuple[MgState, list[MgEvent]]:
    content = content_of(setup)
    if not setup.party and not any(n.side == PARTY for n in setup.npcs):
        raise RulesError("A fight needs someone on the party's side.")
    if not any(n.side == FOES for n in setup.npcs):
        raise RulesError("A fight needs at least one foe.")
    fighters = [_pc(content, seat, i) for i, seat in enumerate(setup.party, 1)]
    npcs = [(parse_npc(n.notation), n.side) for n in setup.npcs]
    fighters += [npc_fighter(content.perks, npc, side, i) for i, (npc, side) in enumerate(npcs, 1)]
    pools = []
    for side in (PARTY, FOES):  # MG-NPC-FOLLOWER-POOL: the highest Beckon among the side's NPCs
        beckons = [npc.talent("Beckon") for npc, s in npcs if s == side]
        if beckons:
            pools.append((side, max(beckons)))
    rules = content.rules
    house = HouseDigest(
        rules.corps_attack,
        rules.corps_defence,
        rules.npc_damage,
        rules.aftermath,
        rules.plan_limit,
        setup.sun_up,
        setup.defence_rolls,
    )
    state = MgState(tuple(fighters), house, seeded(seed), pools=tuple(pools))
    names = ", ".join(f.name for f in fighters)
    state, events = begin_round(state)
    return state, [MgEvent("setup", f"The fight begins: {names}."), *events]
