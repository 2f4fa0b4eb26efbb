"""A ready party and foes from the shipped house pack: quick starts, simulations and the conformance suite."""

from __future__ import annotations

import random
from functools import cache

from ...assets import path
from ..packs.pack_folder import read_pack_folder
from .mg_character import Character
from .mg_creation import (
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
from .mg_fight_setup import MgSetup, NpcSeat, PartySeat
from .mg_pack import GAME, MgContent, read_mg_pack

NAMES = ("Vex", "Orla", "Tamsin", "Brannoc")


@cache
def house_content() -> MgContent:
    return read_mg_pack(read_pack_folder(path("moons_grave", "house"), GAME))


def premade(name: str) -> Character:
    """A house duelist made through the creation steps, as the wizard makes one."""
    content = house_content()
    steps: list[CreationAction] = [ChooseEmployer("hillana")]
    steps += [*(RaiseStat(s) for s in ("Awareness", "Grace", "Power", "Endurance")), StatsDone()]
    steps += [ChooseClass("warrior"), ChoosePackage("duelist")]
    steps += [ChooseWeaponPerk(p) for p in ("sword-flourish", "knives-flurry")]
    steps += [ChoosePerk(p) for p in ("sidestep", "press-on", "heavy-hand", "second-wind", "rousing-call")]
    steps += [ChooseFlaw("Stubborn")]
    draft = start(name)
    for step in steps:
        draft = apply_creation(content, draft, step)
    return finish(content, draft)


def sample_setup(seed: int) -> MgSetup:
    """1-3 premade duelists against 1-3 NPCs of the house roster, drawn from ``seed``."""
    draw = random.Random(seed)
    content = house_content()
    party = tuple(PartySeat(premade(NAMES[i]), f"p{i + 1}") for i in range(draw.randint(1, 3)))
    roster = [entry.npc.notation() for entry in content.npcs]
    foes = tuple(NpcSeat(draw.choice(roster)) for _ in range(draw.randint(1, 3)))
    return MgSetup(content.pack.canonical(), party, foes)
