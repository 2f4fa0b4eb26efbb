"""A finished Moon's Grave character: stats, talents derived on reading, perks, gear, Experience."""

from __future__ import annotations

from dataclasses import dataclass, replace

from .mg_book import ARTIFACT_WEAPONS, STATS, TALENTS
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
    """The weapons she holds: her package's, plus its artifact when that counts as a weapon."""
    package = content.package(character.package)
    artifact = (package.artifact,) if package.artifact in ARTIFACT_WEAPONS else ()
    return (*package.weapons, *artifact)


def stat_levels(character: Character) -> dict[str, int]:
    return {name: character.stat(name) for name in STATS}
