"""The character sheet between fights: HP, Corruption, injuries, items, credits, and what full boxes unlock."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from .character import COMBAT_HP, Character, problems
from .corruption import MAGIC, SKILL, Corruption
from .injuries import Severity, injury
from .traits import OPPOSITE, Skill, Spell, Trait

FORMAT_VERSION = 1

# ITM-LIST: the book's items, one line each in our words.
ITEMS: dict[str, str] = {
    "Backpack": "In combat, keeps one card from the top of the deck to swap with your hand later.",
    "Groucho Glasses": "Use up for a Bonus on an ART (performance) check.",
    "Blank Keycard": "Use up to make a FREE check to open a door one step easier.",
    "Cast Iron Pan": "SHOP cooking checks one step easier; +1 Unarmed Strike damage.",
    "EVA Suit": "Survive outside; 3 Shield each combat turn; Penalty on checks but FINAID.",
    "First Aid Kit": "Use up to make an AID check to treat an injury one step easier.",
    "Headphones": "Bank up to 3 successful FINAID cards for the next fight; quiet sleep.",
    "Morning Start": "Draw 5 cards and shake off Groggy; use up. Habit-forming.",
    "Trash Can Lid": "Use up for 10 Shield.",
    "Travel Pots": "SHOP cooking checks one step easier.",
}


class SheetError(ValueError):
    """A change the sheet refuses, with the reason in words."""


@dataclass(frozen=True, slots=True)
class CharacterSheet:
    character: Character
    corruption: Corruption
    hp: int = COMBAT_HP
    injuries: tuple[str, ...] = ()
    items: tuple[str, ...] = ()
    credits: int = 0  # in the bank account
    chits: tuple[int, ...] = field(default=())  # credits loaded on each chit

    @property
    def traits(self) -> frozenset[Trait]:
        """Traits in force: the Report Card's, plus any weakness an injury imposes (it wins over the ability)."""
        imposed = {injury(name).imposes for name in self.injuries} - {None}
        return self.character.traits | frozenset(t for t in imposed if t is not None)

    @property
    def chit_value(self) -> int:
        """ITM-CREDITS: a chit is worth what it holds, and never less than 1 credit."""
        return sum(max(1, loaded) for loaded in self.chits)

    @property
    def pending_skill_grades(self) -> int:
        """COR-SKILL: full Skill Corruption not yet turned into a new A+ and F."""
        earned = 1 if self.corruption.unlocked(SKILL) else 0
        return max(0, earned - len(self.character.extra_a_plus))

    @property
    def pending_spells(self) -> int:
        """COR-MAGIC: full Magic Corruption not yet turned into a new spell."""
        earned = 1 if self.corruption.unlocked(MAGIC) else 0
        return max(0, earned - len(self.character.extra_spells))

    def to_dict(self) -> dict[str, Any]:
        return {
            "format": FORMAT_VERSION,
            "character": self.character.to_dict(),
            "corruption": self.corruption.to_dict(),
            "hp": self.hp,
            "injuries": list(self.injuries),
            "items": list(self.items),
            "credits": self.credits,
            "chits": list(self.chits),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> CharacterSheet:
        if data.get("format", FORMAT_VERSION) != FORMAT_VERSION:
            raise ValueError(f"sheet format {data.get('format')!r} is not one this version reads")
        for name in data.get("injuries", []):
            injury(name)
        return cls(
            Character.from_dict(data["character"]),
            Corruption.from_dict(data["corruption"]),
            int(data.get("hp", COMBAT_HP)),
            tuple(data.get("injuries", [])),
            tuple(data.get("items", [])),
            int(data.get("credits", 0)),
            tuple(int(c) for c in data.get("chits", [])),
        )


def new_sheet(character: Character) -> CharacterSheet:
    """A fresh sheet: full HP, no Corruption, nothing carried."""
    return CharacterSheet(character, Corruption(character.arcana))


# --- Corruption -----------------------------------------------------------------------------------------


def mark(sheet: CharacterSheet, key: str) -> CharacterSheet:
    """Mark the next circle of a box (COR-UPGRADE, COR-SKILL, COR-MAGIC, CMB-FRIENDSHIP)."""
    return replace(sheet, corruption=sheet.corruption.mark(key, sheet.traits))


def take_corruption(sheet: CharacterSheet, points: int) -> CharacterSheet:
    """Corruption taken (a retry, a Day without food…), to be marked circle by circle."""
    return replace(sheet, corruption=sheet.corruption.take(points))


def end_of_day(sheet: CharacterSheet) -> CharacterSheet:
    """New Friendship circles for the Day."""
    return replace(sheet, corruption=sheet.corruption.end_of_day(sheet.traits))


def claim_skill_grades(sheet: CharacterSheet, a_plus: Skill, failed: Skill) -> CharacterSheet:
    """COR-SKILL: turn full Skill Corruption into a new A+ and a new F."""
    if sheet.pending_skill_grades == 0:
        raise SheetError("Fill all three Skill Corruption circles first.")
    c = sheet.character
    updated = replace(c, extra_a_plus=(*c.extra_a_plus, a_plus), extra_failed=(*c.extra_failed, failed))
    found = [p for p in problems(updated) if p.field in ("extra_a_plus", "extra_failed")]
    if found:
        raise SheetError(found[0].message)
    return replace(sheet, character=updated)


def claim_spell(sheet: CharacterSheet, spell: Spell, party: Iterable[Character] = ()) -> CharacterSheet:
    """COR-MAGIC: turn full Magic Corruption into a new spell (closed spells stay closed)."""
    if sheet.pending_spells == 0:
        raise SheetError("Fill all three Magic Corruption circles first.")
    c = sheet.character
    updated = replace(c, extra_spells=(*c.extra_spells, spell))
    found = [p for p in problems(updated, party) if p.field == "extra_spells"]
    if found:
        raise SheetError(found[0].message)
    return replace(sheet, character=updated)


# --- injuries -------------------------------------------------------------------------------------------

CRITICAL = "Critical Injury"


def add_injury(sheet: CharacterSheet, name: str) -> CharacterSheet:
    """Write an injury down; a second Major becomes a Critical Injury (INJ-CRITICAL)."""
    kind = injury(name)
    held = [injury(n) for n in sheet.injuries]
    if kind.severity is Severity.MAJOR and any(k.severity is Severity.MAJOR for k in held):
        name = CRITICAL
        kind = injury(CRITICAL)
    if kind.severity is Severity.CRITICAL and CRITICAL in sheet.injuries:
        raise SheetError("A second Critical Injury would kill: cure the first one (6 Corruption) before it lands.")
    if kind.severity is not Severity.MINOR and name in sheet.injuries:
        raise SheetError(f"Already has {name}.")
    return replace(sheet, injuries=(*sheet.injuries, name))


def heal(sheet: CharacterSheet, name: str) -> CharacterSheet:
    """COR-HEAL: the injury vanishes; its cost in Corruption is now owed on the sheet."""
    if name not in sheet.injuries:
        raise SheetError(f"{sheet.character.name} has no {name}.")
    injuries = list(sheet.injuries)
    injuries.remove(name)
    cured = replace(sheet, injuries=tuple(injuries))
    return take_corruption(cured, injury(name).cure_cost)


def overridden(sheet: CharacterSheet) -> list[Trait]:
    """Abilities on the Report Card that an injury currently overrides."""
    return sorted(
        (t for t in sheet.character.abilities if OPPOSITE[t] in sheet.traits),
        key=lambda t: t.value,
    )


# --- HP, items, credits ---------------------------------------------------------------------------------


def set_hp(sheet: CharacterSheet, hp: int) -> CharacterSheet:
    if not 0 <= hp <= COMBAT_HP:
        raise SheetError(f"HP runs from 0 to {COMBAT_HP}.")
    return replace(sheet, hp=hp)


def add_item(sheet: CharacterSheet, name: str) -> CharacterSheet:
    name = " ".join(name.split())
    if not name:
        raise SheetError("Name the item.")
    return replace(sheet, items=(*sheet.items, name))


def remove_item(sheet: CharacterSheet, name: str) -> CharacterSheet:
    """Exhaust or drop an item (one copy)."""
    if name not in sheet.items:
        raise SheetError(f"No {name} on the sheet.")
    items = list(sheet.items)
    items.remove(name)
    return replace(sheet, items=tuple(items))


def set_credits(sheet: CharacterSheet, credits: int) -> CharacterSheet:
    if credits < 0:
        raise SheetError("A bank balance cannot go below 0 here.")
    return replace(sheet, credits=credits)


def add_chit(sheet: CharacterSheet, loaded: int = 0) -> CharacterSheet:
    if not 0 <= loaded < 200:
        raise SheetError("A chit holds less than 200 credits.")
    return replace(sheet, chits=(*sheet.chits, loaded))
