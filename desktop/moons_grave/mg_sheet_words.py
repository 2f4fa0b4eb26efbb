"""A Moon's Grave character sheet in words, shared by the screen sheet and the printable PDF so they agree."""

from __future__ import annotations

from dataclasses import dataclass

from rt0table.rules.moons_grave.mg_book import ARTIFACT_WEAPONS, STATS, TALENTS, WEAPONS
from rt0table.rules.moons_grave.mg_character import Character, weapons_of
from rt0table.rules.moons_grave.mg_pack import MgContent, Perk

PAID_BY = {"own_roll": "★ on your roll", "enemy_roll": "☠ on a roll against you"}
TOKEN, NO_TOKEN = "●", "○"


@dataclass(frozen=True)
class SheetLines:
    """A character's sheet as words, for the screen and the paper alike."""

    title: str
    employer: str
    character_class: str
    flaw: str
    stats: tuple[tuple[str, int, str], ...]  # name, level, note
    talents: tuple[tuple[str, int, str], ...]
    followers: int
    weapons: tuple[str, ...]
    armour: str
    perks: tuple[tuple[str, str], ...]  # heading, text
    soak: tuple[tuple[str, int, str], ...]  # name, boxes, what it does
    experience: int
    spent: int


def perk_heading(perk: Perk) -> str:
    return f"{perk.title} [{perk.cost}]"


def perk_text(perk: Perk) -> str:
    return f"{perk.category.capitalize()}, paid by {PAID_BY[perk.on]}. {perk.text}"


def sheet_lines(content: MgContent, character: Character) -> SheetLines:
    """Everything the sheet shows, derived through the rules (talents are read fresh, never stored)."""
    employer = content.employer(character.employer)
    chosen_class = content.character_class(character.character_class)
    stats = tuple((s, character.stat(s), "+1 flaw" if s == character.flaw_stat else "") for s in STATS)
    talents = tuple((t, character.talent(t), f"{a} · {b}") for t, (a, b) in TALENTS.items())
    weapons = []
    for weapon in weapons_of(content, character):
        attack, defence = WEAPONS.get(weapon) or ARTIFACT_WEAPONS[weapon]
        dice = character.talent(attack)
        weapons.append(f"{weapon}: roll {attack} ({dice} dice) against the target's {defence}")
    package = content.package(character.package)
    armour = "No armour."
    if package.armour:
        suit = content.armour_piece(package.armour)
        armour = f"{suit.name}: {suit.kind} armour, Heat {suit.heat}"
    if package.artifact:
        armour += f"  Artifact: {package.artifact}."
    perks = tuple((perk_heading(content.perk(p)), perk_text(content.perk(p))) for p in character.perks)
    soak = tuple(
        (
            t.name,
            t.capacity,
            "curse"
            if t.kind == "curse"
            else ", ".join(f"{name} {value}" for name, value in t.handicap)
            + (" · Bleeding Out" if t.bleeding_out else ""),
        )
        for t in content.tracks
    )
    follow = f" (followers: {character.follower_kind})" if character.follower_kind else ""
    return SheetLines(
        character.name,
        f"{employer.name}: {employer.benefit}",
        f"{chosen_class.name}{follow}: {chosen_class.benefit}",
        f"{character.flaw}: +1 {character.flaw_stat}",
        stats,
        talents,
        character.stat("Beckon"),
        tuple(weapons),
        armour,
        perks,
        soak,
        character.experience,
        character.spent,
    )
