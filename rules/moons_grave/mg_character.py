"""A finished Moon's Grave character: stats, talents derived on reading, perks, gear, Experience."""

from __future__ import annotations

from dataclasses import dataclass, replace

from .mg_book import ARTIFACT_WEAPONS, STATS, TALENTS, WEAPONS
from .mg_pack import MgContent

UNIVERSAL = ("armor", "weapon", "maneuvering", "combat", "command")  # MG-PERK-CATEGORIES


@dataclass(frozen=True, slots=True)
class Character:
    """Stats are the levels bought (employer start included); the flaw's +1 is added when a stat is read."""

    name: str
    employer: str
    bought: tuple[tuple[str, int], ...]
    character_class: str
    package: str
    perks: tuple[str, ...]  # every perk she can trigger: the five chosen, the free ones, those bought later
    flaw: str
    flaw_stat: str
    experience: int = 0
    spent: int = 0  # MG-XP-SPENT: the running total of Experience spent
    follower_kind: str = ""
    found: tuple[str, ...] = ()  # weapons taken in play (MG-NPC-SCAVENGE); untrained until their perks are bought

    def stat(self, name: str) -> int:
        base = dict(self.bought)[name]
        return base + (1 if name == self.flaw_stat else 0)

    def talent(self, name: str) -> int:
        """A talent is the lower of its two stats (MG-TALENT-DERIVE), read fresh so it is never stale."""
        if name not in TALENTS:
            return self.stat(name)  # Beckon is rolled as itself (MG-BECKON-ROLLED)
        first, second = TALENTS[name]
        return min(self.stat(first), self.stat(second))

    def talents(self) -> dict[str, int]:
        return {name: self.talent(name) for name in TALENTS}

    def with_stat(self, name: str, level: int) -> Character:
        return replace(self, bought=tuple((s, level if s == name else v) for s, v in self.bought))


def weapons_of(content: MgContent, character: Character) -> tuple[str, ...]:
    """The weapons she holds: her package's, its artifact when that counts as a weapon, and any found in play."""
    package = content.package(character.package)
    artifact = (package.artifact,) if package.artifact in ARTIFACT_WEAPONS else ()
    held = (*package.weapons, *artifact)
    return (*held, *(w for w in character.found if w not in held))


def take_weapon(character: Character, weapon: str) -> Character:
    """Keep a weapon scavenged from a dead NPC (MG-NPC-SCAVENGE); its perks still have to be bought."""
    if weapon not in WEAPONS:
        raise ValueError(f"'{weapon}' is not a weapon ({', '.join(WEAPONS)})")
    return character if weapon in character.found else replace(character, found=(*character.found, weapon))


def stat_levels(character: Character) -> dict[str, int]:
    return {name: character.stat(name) for name in STATS}
