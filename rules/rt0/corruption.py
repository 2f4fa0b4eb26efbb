"""Corruption circles on a character's sheet: where points can be marked and what full boxes unlock.

Every box has three circles (Skill Corruption, Magic Corruption, the upgrade of each Arcana Ability) except
Friendship, which gains empty circles at the end of each Day (CMB-FRIENDSHIP). Corruption the character
*takes* (a retry, healing, a Day without food) is owed until the player marks it in circles of their choice;
marking a circle also works on its own, when the player wants an upgrade. Marks never come off.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass, field, replace
from enum import Enum

from .descriptions import ARCANA_INFO
from .modifiers import can_cast_spells, can_use_friendship, friendship_circles
from .traits import Arcana, Trait

CIRCLES = 3  # COR-UPGRADE, COR-SKILL, COR-MAGIC
SKILL = "skill"
MAGIC = "magic"
FRIENDSHIP = "friendship"
UPGRADE_PREFIX = "upgrade:"


class TrackKind(Enum):
    SKILL = "skill"
    MAGIC = "magic"
    FRIENDSHIP = "friendship"
    UPGRADE = "upgrade"


@dataclass(frozen=True, slots=True)
class Track:
    """One box of corruption circles."""

    key: str
    title: str
    kind: TrackKind
    unlocks: str  # what filling it gives, in words


class CorruptionError(ValueError):
    """A circle that cannot be marked, with the reason in words."""


def upgrade_key(ability: str) -> str:
    return UPGRADE_PREFIX + ability


def tracks(arcana: Arcana) -> tuple[Track, ...]:
    """Every box on this Arcana's sheet, in sheet order."""
    boxes = [
        Track(SKILL, "Skill Corruption", TrackKind.SKILL, "a new A+ skill, and a new F"),
        Track(MAGIC, "Magic Corruption", TrackKind.MAGIC, "a new spell"),
        Track(FRIENDSHIP, "Friendship", TrackKind.FRIENDSHIP, "nothing: a safe place for Corruption"),
    ]
    for ability in ARCANA_INFO[arcana].abilities:
        unlocks = f"{ability.upgrade}, and {ability.name} in every combat for free"
        boxes.append(
            Track(upgrade_key(ability.name), f"{ability.name} → {ability.upgrade}", TrackKind.UPGRADE, unlocks)
        )
    return tuple(boxes)


def track(arcana: Arcana, key: str) -> Track:
    for box in tracks(arcana):
        if box.key == key:
            return box
    raise CorruptionError(f"{arcana.title}'s sheet has no box called {key!r}")


@dataclass(frozen=True, slots=True)
class Corruption:
    """The marks on one sheet, the Friendship circles drawn so far and the points still to mark."""

    arcana: Arcana
    marks: Mapping[str, int] = field(default_factory=dict)
    friendship_circles: int = 0
    owed: int = 0

    # --- reading ---

    def filled(self, key: str) -> int:
        return self.marks.get(key, 0)

    def capacity(self, key: str) -> int:
        """How many circles the box has right now."""
        return self.friendship_circles if track(self.arcana, key).kind is TrackKind.FRIENDSHIP else CIRCLES

    def unlocked(self, key: str) -> bool:
        """Three circles filled on a three-circle box (Friendship unlocks nothing)."""
        box = track(self.arcana, key)
        return box.kind is not TrackKind.FRIENDSHIP and self.filled(key) >= CIRCLES

    @property
    def total(self) -> int:
        """Corruption marked so far, all boxes."""
        return sum(self.marks.values())

    def closed_reason(self, key: str, traits: Collection[Trait]) -> str | None:
        """Why a box can take no marks at all for these traits, or None."""
        kind = track(self.arcana, key).kind
        if kind is TrackKind.MAGIC and not can_cast_spells(traits):
            return "Dull characters can never learn a spell, so Magic Corruption is closed."
        if kind is TrackKind.FRIENDSHIP and not can_use_friendship(traits):
            return "Strange characters cannot use Friendship."
        return None

    def refusal(self, key: str, traits: Collection[Trait]) -> str | None:
        """Why the next circle of this box cannot be marked, or None."""
        closed = self.closed_reason(key, traits)
        if closed is not None:
            return closed
        box = track(self.arcana, key)
        if self.filled(key) >= self.capacity(key):
            if box.kind is TrackKind.FRIENDSHIP:
                return "No empty Friendship circle: more appear at the end of each Day."
            return f"{box.title} is full."
        return None

    def free_circles(self, traits: Collection[Trait]) -> int:
        """Empty circles that could still take a mark."""
        return sum(
            self.capacity(box.key) - self.filled(box.key)
            for box in tracks(self.arcana)
            if self.closed_reason(box.key, traits) is None
        )

    def out_of_room(self, traits: Collection[Trait]) -> bool:
        """COR-FULL: more Corruption owed than circles left to hold it."""
        return self.owed > 0 and self.owed > self.free_circles(traits)

    # --- changing (each returns a new Corruption) ---

    def mark(self, key: str, traits: Collection[Trait]) -> Corruption:
        """Fill the next circle of a box; pays off one owed point if any are owed."""
        why = self.refusal(key, traits)
        if why is not None:
            raise CorruptionError(why)
        marks = dict(self.marks)
        marks[key] = marks.get(key, 0) + 1
        return replace(self, marks=marks, owed=max(0, self.owed - 1))

    def take(self, points: int) -> Corruption:
        """Corruption the character takes; the player marks it circle by circle."""
        if points < 0:
            raise CorruptionError("Corruption never comes off")
        return replace(self, owed=self.owed + points)

    def end_of_day(self, traits: Collection[Trait]) -> Corruption:
        """Draw the Day's empty Friendship circles: 1, Charming 2, Strange none (CMB-FRIENDSHIP)."""
        return replace(self, friendship_circles=self.friendship_circles + friendship_circles(traits))

    # --- saving ---

    def to_dict(self) -> dict[str, object]:
        return {
            "arcana": self.arcana.value,
            "marks": dict(self.marks),
            "friendship_circles": self.friendship_circles,
            "owed": self.owed,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, object]) -> Corruption:
        arcana = Arcana(data["arcana"])
        raw = data.get("marks", {})
        if not isinstance(raw, Mapping):
            raise ValueError("corruption marks should be a mapping")
        marks = {str(k): _int(v, "marks") for k, v in raw.items()}
        known = {box.key for box in tracks(arcana)}
        unknown = set(marks) - known
        if unknown:
            raise ValueError(f"{arcana.title}'s sheet has no box called {sorted(unknown)[0]!r}")
        return cls(
            arcana,
            marks,
            _int(data.get("friendship_circles", 0), "friendship_circles"),
            _int(data.get("owed", 0), "owed"),
        )


def _int(value: object, name: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise ValueError(f"{name} should be a whole number of circles, not {value!r}")
    return value
