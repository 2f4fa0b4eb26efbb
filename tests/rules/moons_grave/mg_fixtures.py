"""The shipped house pack, read once for the Moon's Grave tests."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from rt0table.assets import path
from rt0table.rules.moons_grave.mg_actions import MgAction, Plan, RollDice, TurnAction, Vie
from rt0table.rules.moons_grave.mg_character import Character
from rt0table.rules.moons_grave.mg_creation import (
    ChooseClass,
    ChooseEmployer,
    ChooseFlaw,
    ChoosePackage,
    ChoosePerk,
    ChooseWeaponPerk,
    CreationAction,
    RaiseStat,
    StatsDone,
    apply_creation,
    finish,
    start,
)
from rt0table.rules.moons_grave.mg_fight_setup import MgSetup, NpcSeat, PartySeat
from rt0table.rules.moons_grave.mg_pack import GAME, MgContent, read_mg_pack
from rt0table.rules.packs.pack_folder import read_pack_folder

HOUSE = path("moons_grave", "house")


@cache
def house() -> MgContent:
    return read_mg_pack(read_pack_folder(Path(HOUSE), GAME))


def house_bytes() -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in Path(HOUSE).glob("*.json")}


def make_character(
    name: str = "Vex",
    employer: str = "hillana",
    raises: tuple[str, ...] = ("Awareness", "Grace", "Power", "Endurance"),
    character_class: str = "warrior",
    package: str = "duelist",
    weapon_perks: tuple[str, ...] = ("sword-flourish", "knives-flurry"),
    perks: tuple[str, ...] = ("sidestep", "press-on", "heavy-hand", "second-wind", "rousing-call"),
    flaw: str = "Stubborn",
) -> Character:
    """A character made through the creation steps, as the wizard would."""
    content = house()
    draft = start(name)
    steps: list[CreationAction] = [ChooseEmployer(employer), *(RaiseStat(s) for s in raises), StatsDone()]
    steps += [ChooseClass(character_class), ChoosePackage(package), *(ChooseWeaponPerk(p) for p in weapon_perks)]
    steps += [*(ChoosePerk(p) for p in perks), ChooseFlaw(flaw)]
    for step in steps:
        draft = apply_creation(content, draft, step)
    return finish(content, draft)


def fight_setup(
    party: tuple[Character, ...] | None = None,
    npcs: tuple[str, ...] = ("Deputy (3), Beckon 0\nSword <Strike/Parry>", "Solarist Eunuch (2), Beckon 0"),
    allies: tuple[str, ...] = (),
    sun_up: bool = False,
    defence_rolls: bool = False,
) -> MgSetup:
    members = party if party is not None else (make_character(),)
    seats = tuple(PartySeat(c, f"p{i}") for i, c in enumerate(members, 1))
    sides = tuple(NpcSeat(n) for n in npcs) + tuple(NpcSeat(n, "party") for n in allies)
    return MgSetup(house().pack.canonical(), seats, sides, sun_up, defence_rolls)


def brawl() -> MgSetup:
    """Two characters and an allied Ghoul against a Deputy, a Bully and a Captain with a follower pool."""
    ash = make_character(
        "Ash",
        employer="tilda",
        raises=("Grace", "Endurance", "Awareness"),
        character_class="assassin",
        package="skirmisher",
        weapon_perks=("bow-aimed-shot", "knives-feint"),
        perks=("sidestep", "press-on", "knife-in-the-dark", "second-wind", "cull-the-rabble"),
        flaw="Shy",
    )
    return fight_setup(
        party=(make_character(), ash),
        npcs=(
            "Deputy (3), Beckon 0\nSword <Strike/Parry>",
            "Bully (5), Beckon 2, Willpower 4\nBully's Backhand [1]",
            "Captain (3), Beckon 2",
        ),
        allies=("Ghoul (4), Willpower 6",),
        sun_up=True,
    )


def eager(action: MgAction) -> int:
    """Weights that keep random play moving: plans of at least one action, vying, attacking, rolling."""
    if isinstance(action, Plan):
        return 6 if action.actions in (1, 2) else 1
    if isinstance(action, Vie):
        return 8 if action.vie else 1
    if isinstance(action, TurnAction):
        return {"Attack": 12, "Finish": 1}.get(action.action, 2)
    if isinstance(action, RollDice):
        return 30
    return 3
