"""The Report Card: a player character, the rules for building one, and Eddies."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from ..traits import (
    ABILITIES,
    ARCANA_ABILITY,
    OPPOSITE,
    SKILL_ABILITIES,
    SPELL_REQUIRES,
    WEAKNESSES,
    Arcana,
    Skill,
    Spell,
    Trait,
)

# CHR-HP: every character (and every Eddy) starts each combat with this many hit points.
COMBAT_HP = 20

# CHR-SPELL: spells known at the start of the game (MAG-EXTRA-SPELL adds one for The Magician).
BASE_SPELLS = 1
ARCANA_EXTRA_SPELLS: dict[Arcana, int] = {Arcana.MAGICIAN: 1}


@dataclass(frozen=True, slots=True)
class Problem:
    """One thing wrong with a character, tied to the Report Card field it concerns."""

    field: str
    message: str


class CharacterError(ValueError):
    """A character broke the creation rules; `problems` lists every reason."""

    def __init__(self, problems: list[Problem]) -> None:
        super().__init__("; ".join(p.message for p in problems))
        self.problems = problems


@dataclass(frozen=True, slots=True)
class Character:
    """A filled-in Report Card."""

    name: str
    arcana: Arcana
    ability: Trait
    weakness: Trait
    a_plus: Skill
    failed: Skill
    spells: tuple[Spell, ...] = ()
    exceptional: str = ""  # what got them picked for the ACCELER8 programme
    outfit: str = ""  # what they are wearing
    extra_a_plus: tuple[Skill, ...] = ()  # A+ skills gained through Skill Corruption (COR-SKILL)
    extra_failed: tuple[Skill, ...] = ()  # F skills taken with them (COR-SKILL)
    extra_spells: tuple[Spell, ...] = ()  # spells learned through Magic Corruption (COR-MAGIC)

    @property
    def free_ability(self) -> Trait:
        """The ability the Arcana grants (FOOL-LUCKY, MAG-CLEVER, HP-WISE)."""
        return ARCANA_ABILITY[self.arcana]

    @property
    def traits(self) -> frozenset[Trait]:
        """Chosen ability, weakness and the Arcana's free ability."""
        return frozenset((self.ability, self.weakness, self.free_ability))

    @property
    def abilities(self) -> frozenset[Trait]:
        """The abilities held (chosen and free), without the weakness."""
        return frozenset(t for t in (self.ability, self.free_ability) if t in ABILITIES)

    @property
    def a_plus_skills(self) -> tuple[Skill, ...]:
        """Every A+ skill, the starting one first."""
        return (self.a_plus, *self.extra_a_plus)

    @property
    def failed_skills(self) -> tuple[Skill, ...]:
        """Every F skill, the starting one first."""
        return (self.failed, *self.extra_failed)

    @property
    def all_spells(self) -> tuple[Spell, ...]:
        """Every spell known, starting ones first."""
        return (*self.spells, *self.extra_spells)


# --- choices a creation screen offers, in Report Card order --------------------------------------------


def free_ability(arcana: Arcana) -> Trait:
    """The ability an Arcana grants for free."""
    return ARCANA_ABILITY[arcana]


def allowed_abilities(arcana: Arcana) -> tuple[Trait, ...]:
    """Abilities a player of this Arcana may choose (not the one it already grants)."""
    return tuple(t for t in ABILITIES if t is not ARCANA_ABILITY[arcana])


def allowed_weaknesses(arcana: Arcana, ability: Trait) -> tuple[Trait, ...]:
    """Weaknesses left once the ability is chosen; empty if the ability itself is not allowed."""
    if ability not in allowed_abilities(arcana):
        return ()
    held = {ability, ARCANA_ABILITY[arcana]}
    return tuple(w for w in WEAKNESSES if OPPOSITE[w] not in held)


def allowed_a_plus(arcana: Arcana, ability: Trait, weakness: Trait) -> tuple[Skill, ...]:
    """Skills that may take the A+; empty if the ability or weakness is not allowed."""
    if weakness not in allowed_weaknesses(arcana, ability):
        return ()
    held = {ability, ARCANA_ABILITY[arcana]}
    return tuple(s for s in Skill if held & set(SKILL_ABILITIES[s]))


def allowed_failed(arcana: Arcana, ability: Trait, weakness: Trait, a_plus: Skill) -> tuple[Skill, ...]:
    """Skills that may take the F: any but the A+; empty if earlier choices are not allowed."""
    if a_plus not in allowed_a_plus(arcana, ability, weakness):
        return ()
    return tuple(s for s in Skill if s is not a_plus)


def spell_slots(arcana: Arcana, weakness: Trait) -> int:
    """How many spells a new character starts with (CHR-SPELL, MAG-EXTRA-SPELL)."""
    if weakness is Trait.DULL:
        return 0
    return BASE_SPELLS + ARCANA_EXTRA_SPELLS.get(arcana, 0)


def spell_closed_reason(character: Character, spell: Spell, party: Iterable[Character] = ()) -> str | None:
    """Why this character may not hold this spell, or None if they may."""
    if character.weakness is Trait.DULL:
        return "Dull characters can never learn spells."
    needed = SPELL_REQUIRES.get(spell)
    if needed is not None and needed not in character.abilities:
        return f"Only a {needed.value} character can learn {spell.value}."
    for other in _others(character, party):
        if spell in other.all_spells:
            return f"{other.name or 'Another player'} already knows {spell.value}."
    return None


def open_spells(character: Character, party: Iterable[Character] = ()) -> list[tuple[Spell, str | None]]:
    """Every spell with the reason it is closed to this character (None when open)."""
    members = tuple(party)
    return [(spell, spell_closed_reason(character, spell, members)) for spell in Spell]


# --- checking a finished Report Card --------------------------------------------------------------------


def problems(character: Character, party: Iterable[Character] = ()) -> list[Problem]:
    """Every way the character breaks the creation rules; `party` holds the other characters."""
    found: list[Problem] = []
    found += _name_problems(character)
    found += _ability_problems(character)
    found += _weakness_problems(character)
    found += _skill_problems(character)
    found += _spell_problems(character, tuple(party))
    return found


def validate(character: Character, party: Iterable[Character] = ()) -> None:
    """Raise CharacterError listing every problem, or return if there are none."""
    found = problems(character, party)
    if found:
        raise CharacterError(found)


def _others(character: Character, party: Iterable[Character]) -> list[Character]:
    """Party members other than the character itself."""
    return [other for other in party if other is not character]


def _name_problems(c: Character) -> list[Problem]:
    """A character needs a name."""
    if not c.name.strip():
        return [Problem("name", "Give the character a name.")]
    return []


def _ability_problems(c: Character) -> list[Problem]:
    """The chosen ability is one of the six and not the Arcana's free one."""
    if c.ability not in ABILITIES:
        return [Problem("ability", f"{c.ability.value} is a weakness; pick an ability for this slot.")]
    if c.ability is c.free_ability:
        return [
            Problem(
                "ability",
                f"{c.arcana.title} is already {c.free_ability.value}; choose a different ability.",
            )
        ]
    return []


def _weakness_problems(c: Character) -> list[Problem]:
    """The weakness is one of the six and not the opposite of an ability held."""
    if c.weakness not in WEAKNESSES:
        return [Problem("weakness", f"{c.weakness.value} is an ability; pick a weakness for this slot.")]
    opposite = OPPOSITE[c.weakness]
    if opposite is c.free_ability:
        return [
            Problem(
                "weakness",
                f"{c.arcana.title} is always {opposite.value}, so {c.weakness.value} cannot be the weakness.",
            )
        ]
    if opposite is c.ability:
        return [Problem("weakness", f"Nobody can be both {opposite.value} and {c.weakness.value}.")]
    return []


def _a_plus_reason(c: Character, skill: Skill) -> str | None:
    """Why the character may not put an A+ on this skill, or None."""
    if c.abilities & set(SKILL_ABILITIES[skill]):
        return None
    first, second = SKILL_ABILITIES[skill]
    return f"An A+ in {skill.value} needs {first.value} or {second.value}."


def _skill_problems(c: Character) -> list[Problem]:
    """A+ prerequisites, no skill graded twice, and one new F per new A+."""
    found: list[Problem] = []
    graded: dict[Skill, str] = {}
    entries = [("a_plus", c.a_plus, "A+"), ("failed", c.failed, "F")]
    entries += [("extra_a_plus", s, "A+") for s in c.extra_a_plus]
    entries += [("extra_failed", s, "F") for s in c.extra_failed]
    for field_name, skill, grade in entries:
        if grade == "A+":
            reason = _a_plus_reason(c, skill)
            if reason is not None:
                found.append(Problem(field_name, reason))
        earlier = graded.get(skill)
        if earlier is not None:
            found.append(Problem(field_name, _regrade_message(skill, earlier, grade)))
        else:
            graded[skill] = grade
    if len(c.extra_a_plus) != len(c.extra_failed):
        found.append(
            Problem(
                "extra_failed",
                "Skill Corruption gives one new A+ and one new F together; the counts must match.",
            )
        )
    return found


def _regrade_message(skill: Skill, earlier: str, grade: str) -> str:
    """Explain a skill that was given a second grade."""
    if earlier == grade:
        return f"{skill.value} already has an {grade}."
    return f"{skill.value} cannot have both an A+ and an F."


def _spell_problems(c: Character, party: tuple[Character, ...]) -> list[Problem]:
    """Spell count, duplicates, prerequisites and party uniqueness."""
    if c.weakness is Trait.DULL:
        if c.all_spells:
            field_name = "spells" if c.spells else "extra_spells"
            return [Problem(field_name, "Dull characters cannot know any spells.")]
        return []
    found: list[Problem] = []
    slots = spell_slots(c.arcana, c.weakness)
    if len(c.spells) != slots:
        wanted = "one spell" if slots == 1 else f"{slots} spells"
        found.append(Problem("spells", f"{c.arcana.title} starts with {wanted}; {len(c.spells)} chosen."))
    seen: set[Spell] = set()
    for field_name, spells in (("spells", c.spells), ("extra_spells", c.extra_spells)):
        for spell in spells:
            if spell in seen:
                found.append(Problem(field_name, f"{spell.value} is listed twice."))
                continue
            seen.add(spell)
            reason = spell_closed_reason(c, spell, party)
            if reason is not None:
                found.append(Problem(field_name, reason))
    return found


# --- Eddy ---------------------------------------------------------------------------------------------

# Nicknames other Eddy-class robots go by, each with the name it comes from ("" when it is its own).
EDDY_NICKNAMES: tuple[tuple[str, str], ...] = (
    ("Ada", "ADA 83"),
    ("Al", "ALGOL 68"),
    ("Cal", "Pascal/Intercal"),
    ("Sim", "SIMULA 67"),
    ("Mod", "MODULA 2"),
    ("Phil", "EIFFEL 65"),
    ("Mac", "HMAC"),
    ("Ipey", "IPAddr"),
    ("Emdy", "MD5"),
    ("Sha", "SHA-256"),
    ("Nim", ""),
    ("Ruby", ""),
    ("Pearl", "PERL"),
    ("Julia", ""),
    ("Dylan", ""),
    ("See", ""),
    ("Sharp", ""),
    ("Dee", ""),
    ("Sequel", "SQL"),
    ("Lithp", "Lisp"),
    ("Rusty", "Rust"),
    ("Gogo", "Go"),
)

EDDY_FULL_NAME = "Ed25519"
_EDDY_NUMBERED = re.compile(r"Eddy(?: ([1-9][0-9]*))?")


@dataclass(frozen=True, slots=True)
class Eddy:
    """A stand-in robot character: a name and the one skill it can check (EDDY-SHEET)."""

    name: str
    skill: Skill
    job: str = ""  # the chore it does around Paradise Lua


def eddy_number(name: str) -> int | None:
    """1 for "Eddy", n for "Eddy n", None for any other name."""
    match = _EDDY_NUMBERED.fullmatch(name.strip())
    if match is None:
        return None
    return int(match.group(1) or 1)


def next_eddy_name(existing_names: Iterable[str]) -> str:
    """The name of the next Eddy to roll in (EDDY-RESPAWN): "Eddy", then "Eddy 2", "Eddy 3"…"""
    numbers = [n for n in map(eddy_number, existing_names) if n is not None]
    if not numbers:
        return "Eddy"
    return f"Eddy {max(numbers) + 1}"
