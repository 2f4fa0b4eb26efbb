"""The book's NPC notation: "Name (N), Talent X, …", then perk lines "Title [cost]", attack lines
"Name <Attack/Defence>" and a last line of comma-separated keywords (MG-NPC-LEVEL … MG-NPC-ATTACKS)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..seam import RulesError
from .mg_book import ROLLED, STATS, WEAPONS

_HEAD = re.compile(r"(?P<name>\S.*?)\s*\((?P<level>\d{1,2})\)(?P<rest>.*)")
_EXCEPTION = re.compile(r"(?P<what>[A-Za-z]+)\s+(?P<value>\d{1,2})")
_PERK = re.compile(r"(?P<title>\S.*?)\s*\[(?P<cost>\d{1,2})\]")
_ATTACK = re.compile(r"(?P<name>\S.*?)\s*<\s*(?P<attack>[A-Za-z]+)\s*/\s*(?P<defence>[A-Za-z]+)\s*>")
KNOWN = frozenset(ROLLED) | frozenset(STATS)


class NotationError(RulesError):
    """A line the NPC notation cannot read; the message names the line and what is wrong."""


@dataclass(frozen=True, slots=True)
class NpcAttack:
    name: str
    attack: str
    defence: str

    @property
    def weapon(self) -> str | None:
        """The weapon the NPC carries when the attack is named after one (MG-NPC-SCAVENGE)."""
        return self.name if self.name in WEAPONS else None


@dataclass(frozen=True, slots=True)
class NpcLine:
    """One NPC as the book writes it: a default level for every talent and the exceptions to it."""

    name: str
    level: int
    exceptions: tuple[tuple[str, int], ...] = ()
    perks: tuple[tuple[str, int], ...] = ()
    attacks: tuple[NpcAttack, ...] = ()
    keywords: tuple[str, ...] = ()

    def talent(self, name: str) -> int:
        """The NPC's level in a talent or stat: its exception if listed, else the default (Beckon too)."""
        for what, value in self.exceptions:
            if what == name:
                return value
        return self.level

    def notation(self) -> str:
        """The NPC back in the book's notation, one line per part."""
        head = ", ".join([f"{self.name} ({self.level})", *(f"{w} {v}" for w, v in self.exceptions)])
        lines = [
            head,
            *(f"{t} [{c}]" for t, c in self.perks),
            *(f"{a.name} <{a.attack}/{a.defence}>" for a in self.attacks),
        ]
        if self.keywords:
            lines.append(", ".join(self.keywords))
        return "\n".join(lines)


def _head(line: str) -> tuple[str, int, tuple[tuple[str, int], ...]]:
    match = _HEAD.fullmatch(line.strip())
    if not match:
        raise NotationError(f"'{line.strip()}': the first line must read 'Name (N)', e.g. 'Deputy (3), Beckon 0'")
    exceptions: list[tuple[str, int]] = []
    rest = match.group("rest").strip()
    if rest:
        if not rest.startswith(","):
            raise NotationError(f"'{line.strip()}': after '(N)' come exceptions, each after a comma")
        for part in rest[1:].split(","):
            found = _EXCEPTION.fullmatch(part.strip())
            if not found:
                raise NotationError(f"'{line.strip()}': '{part.strip()}' is not 'Talent N'")
            what = found.group("what").capitalize()
            if what not in KNOWN:
                raise NotationError(f"'{line.strip()}': '{found.group('what')}' is not a talent or core stat")
            if any(seen == what for seen, _ in exceptions):
                raise NotationError(f"'{line.strip()}': {what} is listed twice")
            exceptions.append((what, int(found.group("value"))))
    return match.group("name").strip(), int(match.group("level")), tuple(exceptions)


def parse_npc(text: str) -> NpcLine:
    """Read one NPC block: a name line, then any perk, attack and (last) keyword lines."""
    lines = [line.strip() for line in text.strip().splitlines() if line.strip()]
    if not lines:
        raise NotationError("an NPC needs at least its name line, e.g. 'Deputy (3)'")
    name, level, exceptions = _head(lines[0])
    perks: list[tuple[str, int]] = []
    attacks: list[NpcAttack] = []
    keywords: tuple[str, ...] = ()
    for place, line in enumerate(lines[1:], 2):
        if perk := _PERK.fullmatch(line):
            perks.append((perk.group("title"), int(perk.group("cost"))))
        elif attack := _ATTACK.fullmatch(line):
            talents = attack.group("attack").capitalize(), attack.group("defence").capitalize()
            for talent in talents:
                if talent not in ROLLED:
                    raise NotationError(f"{name}: line {place} '{line}': '{talent}' is not a talent")
            attacks.append(NpcAttack(attack.group("name"), *talents))
        elif place == len(lines):
            keywords = tuple(word.strip() for word in line.split(",") if word.strip())
        else:
            raise NotationError(
                f"{name}: line {place} '{line}' is neither a perk 'Title [N]' nor an attack 'Name <Attack/Defence>'"
                " (keywords go on the last line)"
            )
    return NpcLine(name, level, exceptions, tuple(perks), tuple(attacks), keywords)


def parse_roster(text: str) -> list[NpcLine]:
    """Several NPCs pasted at once, separated by blank lines (as the book prints them)."""
    blocks = re.split(r"\n\s*\n", text.strip())
    return [parse_npc(block) for block in blocks if block.strip()]
