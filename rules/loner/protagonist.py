"""Characters on a Loner sheet: the Protagonist by the book's creation steps, NPCs, and tags that change in play.

Everything that matters in the story is a character (LONER-NPC): the Protagonist, a rival, a ship, a curse. A
character is words, not numbers, plus Luck for conflicts. Tags on a sheet are earned, rewritten or removed as the
fiction changes (LONER-TAG-EVOLVE); a relationship tag names the NPC it is held towards (LONER-REL).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import Enum

STARTING_LUCK = 6
SKILLS = 2
FRAILTIES = 1
GEAR = 2


class SheetError(ValueError):
    """A sheet change the rules refuse; the message says which step or field and why."""


class Slot(Enum):
    """Where a tag sits on a sheet."""

    SKILL = "skill"
    FRAILTY = "frailty"
    GEAR = "gear"
    TAG = "tag"  # any other tag: conditions, details, consequences of a defeat


class CreationStep(Enum):
    """The book's eight steps of making a Protagonist, in order (LONER-PC-STEPS)."""

    NAME = "name"
    CONCEPT = "concept"
    SKILLS = "skills"
    FRAILTY = "frailty"
    GEAR = "gear"
    GOAL_MOTIVE = "goal and motive"
    NEMESIS = "nemesis"
    LUCK = "luck"


@dataclass(frozen=True, slots=True)
class Character:
    """One sheet. ``living`` False is an object, vehicle or curse: no Goal, Motive or Nemesis (LONER-NPC)."""

    id: str
    name: str
    concept: str
    skills: tuple[str, ...] = ()
    frailties: tuple[str, ...] = ()
    gear: tuple[str, ...] = ()
    goal: str = ""
    motive: str = ""
    nemesis: str = ""
    tags: tuple[str, ...] = ()
    relationships: tuple[tuple[str, str], ...] = ()  # (character id, tag), in the order earned
    living: bool = True
    luck: int = STARTING_LUCK
    gone: bool = False  # gone or out of reach for good (the Living World)

    def slot(self, slot: Slot) -> tuple[str, ...]:
        """The tags in one slot."""
        return {Slot.SKILL: self.skills, Slot.FRAILTY: self.frailties, Slot.GEAR: self.gear, Slot.TAG: self.tags}[slot]

    @property
    def all_tags(self) -> tuple[str, ...]:
        """Every tag that can bear on a roll: concept, skills, frailties, gear, other tags, relationships."""
        words = (self.concept, *self.skills, *self.frailties, *self.gear, *self.tags)
        return tuple(w for w in words if w) + tuple(tag for _, tag in self.relationships)


def clean(text: str) -> str:
    """Blanks squeezed to single spaces."""
    return " ".join(text.split())


@dataclass(frozen=True, slots=True)
class ProtagonistDraft:
    """What the creation screen has filled in so far."""

    name: str = ""
    concept: str = ""
    skills: tuple[str, ...] = ()
    frailty: str = ""
    gear: tuple[str, ...] = ()
    goal: str = ""
    motive: str = ""
    nemesis: str = ""


def _distinct(words: tuple[str, ...]) -> bool:
    folded = [clean(w).casefold() for w in words]
    return len(set(folded)) == len(folded)


def creation_problems(draft: ProtagonistDraft) -> list[tuple[CreationStep, str]]:
    """Each step still wrong, with why; empty when the Protagonist can be made (LONER-PC-STEPS).

    Goal, Motive and Nemesis may stay blank: the book lets them come out of the first scenes (LONER-PC-GOAL)."""
    problems: list[tuple[CreationStep, str]] = []
    if not clean(draft.name):
        problems.append((CreationStep.NAME, "give the Protagonist a name"))
    if not clean(draft.concept):
        problems.append((CreationStep.CONCEPT, "sum the Protagonist up in a short phrase"))
    skills = tuple(s for s in draft.skills if clean(s))
    if len(skills) != SKILLS:
        problems.append((CreationStep.SKILLS, f"choose exactly {SKILLS} Skills, not {len(skills)}"))
    elif not _distinct(skills):
        problems.append((CreationStep.SKILLS, "the two Skills must differ"))
    if not clean(draft.frailty):
        problems.append((CreationStep.FRAILTY, "choose one Frailty"))
    gear = tuple(g for g in draft.gear if clean(g))
    if len(gear) != GEAR:
        problems.append((CreationStep.GEAR, f"pick exactly {GEAR} pieces of Gear, not {len(gear)}"))
    elif not _distinct(gear):
        problems.append((CreationStep.GEAR, "the two pieces of Gear must differ"))
    if bool(clean(draft.goal)) != bool(clean(draft.motive)):
        problems.append((CreationStep.GOAL_MOTIVE, "a Goal and its Motive go together: set both or neither yet"))
    return problems


def make_protagonist(draft: ProtagonistDraft, id: str = "protagonist") -> Character:
    """The Protagonist from a finished draft, with 6 Luck (LONER-PC-LUCK); SheetError names the first bad step."""
    problems = creation_problems(draft)
    if problems:
        step, why = problems[0]
        raise SheetError(f"{step.value}: {why}")
    return Character(
        id,
        clean(draft.name),
        clean(draft.concept),
        tuple(clean(s) for s in draft.skills if clean(s)),
        (clean(draft.frailty),),
        tuple(clean(g) for g in draft.gear if clean(g)),
        clean(draft.goal),
        clean(draft.motive),
        clean(draft.nemesis),
    )


def _with_slot(character: Character, slot: Slot, words: tuple[str, ...]) -> Character:
    if slot is Slot.SKILL:
        return replace(character, skills=words)
    if slot is Slot.FRAILTY:
        return replace(character, frailties=words)
    if slot is Slot.GEAR:
        return replace(character, gear=words)
    return replace(character, tags=words)


def _find(words: tuple[str, ...], tag: str) -> int:
    folded = clean(tag).casefold()
    return next((i for i, w in enumerate(words) if w.casefold() == folded), -1)


def tag_refusal(character: Character, slot: Slot, old: str, new: str) -> str | None:
    """Why a tag change is refused, or None. ``old`` blank earns ``new``; ``new`` blank removes ``old``."""
    words = character.slot(slot)
    if not clean(old) and not clean(new):
        return "name the tag to earn, rewrite or remove"
    if clean(old) and _find(words, old) < 0:
        return f"{character.name} has no {slot.value} '{clean(old)}'"
    if clean(new) and _find(words, new) >= 0 and clean(new).casefold() != clean(old).casefold():
        return f"{character.name} already has the {slot.value} '{clean(new)}'"
    if clean(old) and clean(new) and clean(old) == clean(new):
        return f"'{clean(old)}' would stay as it is"
    return None


def change_tag(character: Character, slot: Slot, old: str, new: str) -> Character:
    """Earn (old blank), rewrite (both) or remove (new blank) one tag, in place in its slot (LONER-TAG-EVOLVE)."""
    reason = tag_refusal(character, slot, old, new)
    if reason:
        raise SheetError(reason)
    words = list(character.slot(slot))
    if not clean(old):
        words.append(clean(new))
    elif not clean(new):
        words.pop(_find(tuple(words), old))
    else:
        words[_find(tuple(words), old)] = clean(new)
    return _with_slot(character, slot, tuple(words))


def relationship_refusal(character: Character, other: Character, tag: str) -> str | None:
    """Why a relationship tag cannot be set now, or None (LONER-REL)."""
    if other.id == character.id:
        return "a relationship is held towards someone else"
    if other.gone:
        return f"{other.name} is gone: a relationship with them no longer plays"
    if not clean(tag):
        return "name the relationship tag"
    if clean(tag) == dict(character.relationships).get(other.id, ""):
        return f"the relationship with {other.name} is already '{clean(tag)}'"
    return None


def set_relationship(character: Character, other: Character, tag: str) -> Character:
    """Earn or rewrite the one relationship tag ``character`` holds towards ``other`` (LONER-REL)."""
    reason = relationship_refusal(character, other, tag)
    if reason:
        raise SheetError(reason)
    held = dict(character.relationships)
    held[other.id] = clean(tag)
    return replace(character, relationships=tuple(held.items()))


def drop_relationship(character: Character, other_id: str) -> tuple[Character, str]:
    """Take a relationship out of active play; returns the sheet and the tag it held ("" when none)."""
    held = dict(character.relationships)
    tag = held.pop(other_id, "")
    return replace(character, relationships=tuple(held.items())), tag


class Promotion(Enum):
    """The book's rule of thumb for a recurring element (LONER-PROMOTE)."""

    KEEP_AS_TAGS = "keep it as plain tags for the scene"
    PROMOTE = "give it a sheet and play it as a character"


def promotion_advice(scenes_seen: int, pushes_back: bool) -> Promotion:
    """Once is plain tags; back again (a second scene) or pushing against the Protagonist earns a sheet."""
    if scenes_seen < 0:
        raise SheetError("an element is seen in 0 or more scenes")
    return Promotion.PROMOTE if pushes_back or scenes_seen >= 2 else Promotion.KEEP_AS_TAGS


def promote(id: str, name: str, concept: str, tags: tuple[str, ...], living: bool) -> Character:
    """A recurring element's sheet: its tags carry over, with 6 Luck for conflicts like anyone (LONER-PROMOTE)."""
    if not clean(name) or not clean(concept):
        raise SheetError("a promoted character needs a name and a Concept")
    kept: list[str] = []
    for tag in tags:
        if clean(tag) and _find(tuple(kept), tag) < 0:
            kept.append(clean(tag))
    return Character(id, clean(name), clean(concept), tags=tuple(kept), living=living)


def character_refusal(character: Character) -> str | None:
    """Why a sheet is not one the rules allow (an NPC or import), or None."""
    if not clean(character.id) or not clean(character.name):
        return "a character needs an id and a name"
    if not clean(character.concept):
        return f"{character.name}: a character needs a Concept"
    if not character.living and (character.goal or character.motive or character.nemesis):
        return f"{character.name}: objects, vehicles and curses have no Goal, Motive or Nemesis"
    if character.luck < 0:
        return f"{character.name}: Luck cannot be negative"
    return None
