"""A Report Card being filled in, and the party it joins: 1–4 characters plus any number of Eddies."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace

from ..traits import ABILITIES, ARCANA_ABILITY, WEAKNESSES, Arcana, Skill, Spell, Trait
from .character import (
    Character,
    Eddy,
    Problem,
    allowed_abilities,
    allowed_weaknesses,
    next_eddy_name,
    problems,
    spell_slots,
    validate,
)

MAX_CHARACTERS = 4

# A rule problem about a field is only shown once the fields it depends on are chosen.
_NEEDS: dict[str, frozenset[str]] = {
    "name": frozenset({"name"}),
    "ability": frozenset({"arcana", "ability"}),
    "weakness": frozenset({"arcana", "ability", "weakness"}),
    "a_plus": frozenset({"arcana", "ability", "a_plus"}),
    "failed": frozenset({"a_plus", "failed"}),
    "spells": frozenset({"arcana", "ability", "weakness"}),
}
FIELDS = ("arcana", "ability", "weakness", "a_plus", "failed", "spells", "name")


@dataclass(frozen=True, slots=True)
class DraftProblem:
    """Something still wrong with a draft: ``missing`` when not chosen yet, else a broken rule."""

    field: str
    message: str
    missing: bool = False


@dataclass(frozen=True, slots=True)
class Draft:
    """A Report Card in progress; any choice may still be empty."""

    name: str = ""
    arcana: Arcana | None = None
    ability: Trait | None = None
    weakness: Trait | None = None
    a_plus: Skill | None = None
    failed: Skill | None = None
    spells: tuple[Spell, ...] = ()
    exceptional: str = ""
    outfit: str = ""

    def chosen(self) -> frozenset[str]:
        values: dict[str, object] = {"arcana": self.arcana, "ability": self.ability, "weakness": self.weakness}
        values |= {"a_plus": self.a_plus, "failed": self.failed}
        picked = {key for key, value in values.items() if value is not None}
        return frozenset(picked | ({"name"} if self.name.strip() else set()) | {"name"})

    def slots(self) -> int:
        """Spells to choose: read from the Arcana and weakness chosen so far."""
        arcana = self.arcana or Arcana.FOOL
        return spell_slots(arcana, self.weakness or Trait.WEAK)

    def provisional(self) -> Character:
        """A complete character with stand-ins for the empty choices, for asking the rules questions."""
        arcana = self.arcana or Arcana.FOOL
        ability = self.ability or ARCANA_ABILITY[arcana]
        weakness = self.weakness or _harmless_weakness(arcana, ability)
        a_plus = self.a_plus or next(s for s in Skill if s is not self.failed)
        failed = self.failed or next(s for s in Skill if s is not a_plus)
        return Character(
            self.name, arcana, ability, weakness, a_plus, failed, self.spells, self.exceptional, self.outfit
        )

    def character(self) -> Character | None:
        """The finished character, if every choice is made (it may still break a rule)."""
        if None in (self.arcana, self.ability, self.weakness, self.a_plus, self.failed):
            return None
        return self.provisional()

    def problems(self, party: Iterable[Character] = ()) -> list[DraftProblem]:
        """Every missing choice and every broken rule, each tied to its field, in Report Card order."""
        chosen = self.chosen()
        found: list[DraftProblem] = []
        for name, label in (
            ("arcana", "Choose an Arcana."),
            ("ability", "Choose an ability."),
            ("weakness", "Choose a weakness."),
            ("a_plus", "Give one skill an A+."),
            ("failed", "Give one skill an F."),
        ):
            if name not in chosen:
                found.append(DraftProblem(name, label, missing=True))
        broken = [p for p in problems(self.provisional(), party) if _NEEDS.get(p.field, frozenset()) <= chosen]
        slots = self.slots()
        short = len(self.spells) < slots
        for p in broken:
            if p.field == "spells" and short and p.message.endswith("chosen."):
                continue  # too few spells is a missing choice, below
            found.append(DraftProblem(p.field, p.message))
        if short:
            left = slots - len(self.spells)
            found.append(DraftProblem("spells", f"Choose {left} more spell{'s' if left > 1 else ''}.", missing=True))
        if not self.name.strip():
            found = [p for p in found if p.field != "name"]
            found.append(DraftProblem("name", "Give the character a name.", missing=True))
        return sorted(found, key=lambda p: FIELDS.index(p.field) if p.field in FIELDS else len(FIELDS))

    def problems_at(self, field_name: str, party: Iterable[Character] = ()) -> list[DraftProblem]:
        return [p for p in self.problems(party) if p.field == field_name]


def _harmless_weakness(arcana: Arcana, ability: Trait) -> Trait:
    """A stand-in weakness that changes nothing the rules ask about (not Dull, not an opposite)."""
    allowed = allowed_weaknesses(arcana, ability) or WEAKNESSES
    return next(w for w in allowed if w is not Trait.DULL)


def draft_of(character: Character) -> Draft:
    """A draft holding a finished character's choices, for editing."""
    c = character
    return Draft(c.name, c.arcana, c.ability, c.weakness, c.a_plus, c.failed, c.spells, c.exceptional, c.outfit)


def ability_refusal(arcana: Arcana | None, ability: Trait) -> str | None:
    """Why this ability cannot be the chosen one, or None (CHR-ABILITY)."""
    if arcana is None or ability in allowed_abilities(arcana):
        return None
    return f"{arcana.title} already has {ability.value} for free."


def weakness_refusal(arcana: Arcana | None, ability: Trait | None, weakness: Trait) -> str | None:
    """Why this weakness cannot be taken with the choices so far, or None (CHR-WEAKNESS)."""
    opposite = {a: w for a, w in zip(ABILITIES, WEAKNESSES, strict=True)}
    if arcana is not None and opposite[ARCANA_ABILITY[arcana]] is weakness:
        return f"{arcana.title} is always {ARCANA_ABILITY[arcana].value}."
    if ability is not None and opposite.get(ability) is weakness:
        return f"Cannot be {ability.value} and {weakness.value} at once."
    return None


# --- the party ------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Party:
    characters: tuple[Character, ...] = ()
    eddies: tuple[Eddy, ...] = ()
    eddy_names_used: tuple[str, ...] = field(default=())  # every Eddy name this game, gone ones too

    def add_refusal(self) -> str | None:
        """Why no more characters can join, or None."""
        if len(self.characters) >= MAX_CHARACTERS:
            return f"A party has at most {MAX_CHARACTERS} characters; add an Eddy instead."
        return None

    def start_refusal(self) -> str | None:
        """Why this party cannot start playing yet, or None."""
        if not self.characters:
            return "Create at least one character."
        return None

    def add_character(self, character: Character) -> Party:
        why = self.add_refusal()
        if why is not None:
            raise ValueError(why)
        taken = [c.name.strip().casefold() for c in self.characters] + [e.name.casefold() for e in self.eddies]
        if character.name.strip().casefold() in taken:
            raise ValueError(f"Someone in the party is already called {character.name.strip()}.")
        validate(character, self.characters)
        return replace(self, characters=(*self.characters, character))

    def replace_character(self, index: int, character: Character) -> Party:
        others = self.characters[:index] + self.characters[index + 1 :]
        validate(character, others)
        return replace(self, characters=(*others[:index], character, *others[index:]))

    def remove_character(self, index: int) -> Party:
        return replace(self, characters=self.characters[:index] + self.characters[index + 1 :])

    def next_eddy_name(self) -> str:
        return next_eddy_name([*self.eddy_names_used, *(e.name for e in self.eddies)])

    def default_eddy_skill(self) -> Skill:
        """The first skill nobody in the party has an A+ in (MISC if all are covered)."""
        covered = {s for c in self.characters for s in c.a_plus_skills} | {e.skill for e in self.eddies}
        return next((s for s in Skill if s not in covered), Skill.MISC)

    def add_eddy(self, skill: Skill, job: str = "") -> Party:
        eddy = Eddy(self.next_eddy_name(), skill, job)
        return replace(self, eddies=(*self.eddies, eddy), eddy_names_used=(*self.eddy_names_used, eddy.name))

    def remove_eddy(self, index: int) -> Party:
        return replace(self, eddies=self.eddies[:index] + self.eddies[index + 1 :])

    def others(self, index: int | None) -> tuple[Character, ...]:
        """The characters other than the one at ``index`` (all of them for None)."""
        return tuple(c for i, c in enumerate(self.characters) if i != index)

    def problems(self) -> list[Problem]:
        return [p for i, c in enumerate(self.characters) for p in problems(c, self.others(i))]
