"""Injuries (INJ-*): the catalogue, what they do to traits and decks, and how they are taken, treated and healed."""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from enum import Enum
from typing import Any, Final

from ...seam import RulesError
from ..cards import CARDS, CardId
from ..traits import ABILITIES, OPPOSITE, SKILL_ABILITIES, WEAKNESSES, Skill, Trait
from . import injury_data
from .campaign_events import CampaignEvent, DowngradeFailed, InjuryChanged, InjuryGained, InjuryHealed, MemberDied
from .skill_check import Difficulty, Edge

CRITICAL = "Critical Injury"
EFFECT_KINDS = frozenset(
    {
        "lose_hp_turn_start",
        "skills_only",
        "skills_barred",
        "skills_penalty",
        "checks_penalty",
        "sight_checks_penalty",
        "no_skills",
        "no_physical_damage",
        "no_shields",
        "no_concentrate",
        "cursed_deck",
        "card_damage",
        "card_minor_injury",
        "extra_draw",
        "extra_draw_major_damage",
        "extra_draw_critical",
        "corruption_after_combat",
        "no_ranged",
        "zone_only_targets",
        "miss_on_low_card",
        "cured_by_card",
        "discard_first_round",
        "discard_turn_start",
        "discard_drawn_suits",
        "discard_drawn_knights",
        "knights_critical_fail",
        "blocks_ability_daily",
        "incapacitated",
    }
)
WITHOUT_MORNING_START = "without morning start"
WHEN = frozenset({"always", "combat", "outside combat", WITHOUT_MORNING_START})
ENDS = frozenset({"end of combat", "end of day", "restful sleep", "end of day without morning start", "medical care"})
_FIELDS = frozenset(
    {"name", "severity", "summary", "becomes", "cannot_be", "effects", "downgrade", "rest", "ends", "cost", "ruled"}
)


class Severity(Enum):
    MINOR = "minor"
    MAJOR = "major"
    CRITICAL = "critical"


class InjuryDataError(RulesError):
    """An injury catalogue that cannot be used; the message names file, entry and field."""


@dataclass(frozen=True, slots=True)
class Effect:
    """One thing an injury does; ``if_already`` effects need the imposed weakness on the Report Card already."""

    kind: str
    amount: int = 0
    trait: Trait | None = None
    skill: Skill | None = None
    card: str | None = None
    when: str = "always"
    if_already: bool = False
    detail: str = ""


@dataclass(frozen=True, slots=True)
class Downgrade:
    """The check that treats an injury: success turns it into ``to`` (None: gone) or a pick of ``to_any``."""

    skill: Skill
    difficulty: Difficulty
    to: str | None
    to_any: Severity | None
    retry: bool


@dataclass(frozen=True, slots=True)
class Rest:
    """What nights of rest do: after ``nights`` the injury becomes ``to`` (None: gone), or the character dies."""

    nights: int
    to: str | None = None
    dies: bool = False


@dataclass(frozen=True, slots=True)
class Injury:
    name: str
    severity: Severity
    summary: str
    becomes: Trait | None = None
    cannot_be: Trait | None = None
    effects: tuple[Effect, ...] = ()
    downgrade: Downgrade | None = None
    rest: Rest | None = None
    ends: tuple[str, ...] = ()
    cost: int = 0
    ruled: bool = False

    def effects_for(self, base_traits: Iterable[Trait]) -> tuple[Effect, ...]:
        """The effects in force for a character with these Report Card traits."""
        already = self.becomes is not None and self.becomes in set(base_traits)
        return tuple(e for e in self.effects if already or not e.if_already)


# --- loading -------------------------------------------------------------------------------------------------


def _fail(file: str, entry: str, field: str, problem: str) -> InjuryDataError:
    return InjuryDataError(f"{file}: injury {entry}: field '{field}': {problem}")


def _enum_field(kind: type[Any], value: object, file: str, entry: str, field: str) -> Any:
    """Look up an enum member by value, failing with the field's name."""
    try:
        return kind(value)
    except ValueError:
        raise _fail(file, entry, field, f"{value!r} is no {kind.__name__}") from None


def _effect(raw: Any, file: str, entry: str, index: int) -> Effect:
    where = f"effects[{index}]"
    if not isinstance(raw, dict):
        raise _fail(file, entry, where, "should be an object")
    unknown = set(raw) - {"kind", "amount", "trait", "skill", "card", "when", "if_already", "detail"}
    if unknown:
        raise _fail(file, entry, f"{where}.{sorted(unknown)[0]}", "is not a known field")
    kind = raw.get("kind")
    if kind not in EFFECT_KINDS:
        raise _fail(file, entry, f"{where}.kind", f"{kind!r} is not a known effect")
    amount = raw.get("amount", 0)
    if not isinstance(amount, int) or amount < 0:
        raise _fail(file, entry, f"{where}.amount", f"{amount!r} should be a whole number, 0 or more")
    when = raw.get("when", "always")
    if when not in WHEN:
        raise _fail(file, entry, f"{where}.when", f"{when!r} is not one of {sorted(WHEN)}")
    trait = raw.get("trait")
    skill = raw.get("skill")
    return Effect(
        kind=kind,
        amount=amount,
        trait=None if trait is None else _enum_field(Trait, trait, file, entry, f"{where}.trait"),
        skill=None if skill is None else _enum_field(Skill, skill, file, entry, f"{where}.skill"),
        card=raw.get("card"),
        when=when,
        if_already=bool(raw.get("if_already", False)),
        detail=str(raw.get("detail", "")),
    )


def _downgrade(raw: Any, file: str, entry: str) -> Downgrade | None:
    if raw is None:
        return None
    if not isinstance(raw, dict):
        raise _fail(file, entry, "downgrade", "should be an object")
    difficulty = raw.get("difficulty")
    if not isinstance(difficulty, str) or difficulty.upper() not in Difficulty.__members__:
        raise _fail(file, entry, "downgrade.difficulty", f"{difficulty!r} is not a difficulty")
    to_any = raw.get("to_any")
    return Downgrade(
        skill=_enum_field(Skill, raw.get("skill"), file, entry, "downgrade.skill"),
        difficulty=Difficulty[difficulty.upper()],
        to=raw.get("to"),
        to_any=None if to_any is None else _enum_field(Severity, to_any, file, entry, "downgrade.to_any"),
        retry=bool(raw.get("retry", False)),
    )


def _rest(raw: Any, file: str, entry: str) -> Rest | None:
    if raw is None:
        return None
    nights = raw.get("nights") if isinstance(raw, dict) else None
    if not isinstance(nights, int) or nights < 1:
        raise _fail(file, entry, "rest.nights", f"{nights!r} should be a whole number, 1 or more")
    return Rest(nights, raw.get("to"), bool(raw.get("dies", False)))


def _injury(raw: Any, file: str, index: int) -> Injury:
    entry = f"#{index}"
    if not isinstance(raw, dict):
        raise _fail(file, entry, "(entry)", "should be an object")
    name = raw.get("name")
    if not isinstance(name, str) or not name.strip():
        raise _fail(file, entry, "name", "every injury needs a name")
    entry = repr(name)
    unknown = set(raw) - _FIELDS
    if unknown:
        raise _fail(file, entry, sorted(unknown)[0], "is not a known field")
    summary = raw.get("summary")
    if not isinstance(summary, str) or not summary:
        raise _fail(file, entry, "summary", "every injury needs a summary")
    becomes = raw.get("becomes")
    cannot_be = raw.get("cannot_be")
    injury = Injury(
        name=name,
        severity=_enum_field(Severity, raw.get("severity"), file, entry, "severity"),
        summary=summary,
        becomes=None if becomes is None else _enum_field(Trait, becomes, file, entry, "becomes"),
        cannot_be=None if cannot_be is None else _enum_field(Trait, cannot_be, file, entry, "cannot_be"),
        effects=tuple(_effect(e, file, entry, i) for i, e in enumerate(raw.get("effects", []))),
        downgrade=_downgrade(raw.get("downgrade"), file, entry),
        rest=_rest(raw.get("rest"), file, entry),
        ends=tuple(raw.get("ends", [])),
        cost=raw.get("cost", -1),
        ruled=bool(raw.get("ruled", False)),
    )
    if injury.becomes is not None and injury.becomes not in WEAKNESSES:
        raise _fail(file, entry, "becomes", f"{injury.becomes.value} is not a weakness")
    if injury.cannot_be is not None and injury.cannot_be not in ABILITIES:
        raise _fail(file, entry, "cannot_be", f"{injury.cannot_be.value} is not an ability")
    if not isinstance(injury.cost, int) or injury.cost < 1:
        raise _fail(file, entry, "cost", f"{injury.cost!r} should be a whole number of Corruption, 1 or more")
    for end in injury.ends:
        if end not in ENDS:
            raise _fail(file, entry, "ends", f"{end!r} is not one of {sorted(ENDS)}")
    return injury


_RANK = {Severity.MINOR: 0, Severity.MAJOR: 1, Severity.CRITICAL: 2}


def parse_catalogue(data: Any, file: str) -> dict[str, Injury]:
    """Validate a JSON-shaped catalogue (a list of entries) into injuries by name."""
    if not isinstance(data, list):
        raise InjuryDataError(f"{file}: the catalogue should be a list of injuries")
    catalogue: dict[str, Injury] = {}
    for index, raw in enumerate(data):
        injury = _injury(raw, file, index)
        if injury.name in catalogue:
            raise _fail(file, repr(injury.name), "name", "is listed twice")
        catalogue[injury.name] = injury
    for injury in catalogue.values():
        _check_links(injury, catalogue, file)
    return catalogue


def _check_links(injury: Injury, catalogue: Mapping[str, Injury], file: str) -> None:
    """Downgrade and rest targets exist and are milder than the injury."""
    entry = repr(injury.name)
    targets = []
    if injury.downgrade is not None and injury.downgrade.to is not None:
        targets.append(("downgrade.to", injury.downgrade.to))
    if injury.rest is not None and injury.rest.to is not None:
        targets.append(("rest.to", injury.rest.to))
    for field, target in targets:
        if target not in catalogue:
            raise _fail(file, entry, field, f"no injury named {target!r}")
        if _RANK[catalogue[target].severity] >= _RANK[injury.severity]:
            raise _fail(file, entry, field, f"{target!r} is not milder than {injury.name!r}")


def load_injuries(text: str, file: str) -> dict[str, Injury]:
    """Read a catalogue from JSON text (a GM's own injuries), validated like the bundled one."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise InjuryDataError(f"{file}: not valid JSON ({error})") from None
    except RecursionError:  # a crafted file: lists in lists past Python's limit
        raise InjuryDataError(f"{file}: not usable JSON: it is nested too deeply to read") from None
    return parse_catalogue(data, file)


INJURIES: dict[str, Injury] = parse_catalogue(injury_data.CATALOGUE, injury_data.FILE)
MAJORS = tuple(name for name, i in INJURIES.items() if i.severity is Severity.MAJOR)
MINORS = tuple(name for name, i in INJURIES.items() if i.severity is Severity.MINOR)


def injury(name: str) -> Injury:
    """The catalogue entry; raises KeyError with a readable message."""
    try:
        return INJURIES[name]
    except KeyError:
        raise KeyError(f"no injury called {name!r}") from None


def _known(names: Iterable[str]) -> list[Injury]:
    """Catalogue entries for these names; names the catalogue does not know have no effect."""
    return [INJURIES[n] for n in names if n in INJURIES]


# --- what injuries do ----------------------------------------------------------------------------------------


def traits_in_force(base_traits: Iterable[Trait], injuries: Iterable[str]) -> frozenset[Trait]:
    """The Report Card traits after injuries: imposed weaknesses replace their ability, suspended abilities go."""
    traits = set(base_traits)
    for entry in _known(injuries):
        if entry.becomes is not None:
            traits.discard(OPPOSITE[entry.becomes])
            traits.add(entry.becomes)
        if entry.cannot_be is not None:
            traits.discard(entry.cannot_be)
    return frozenset(traits)


@dataclass(frozen=True, slots=True)
class DeckChanges:
    """How injuries change the deck built for a fight."""

    cursed: bool = False
    lost_abilities: frozenset[Trait] = frozenset()


_UNCHANGED: Final = DeckChanges(False, frozenset())


def deck_changes(injuries: Iterable[str]) -> DeckChanges:
    """Curse curses the deck (DECK-CURSE); abilities an injury takes away stop shaping it (Hex: no Lucky removal)."""
    names = list(injuries)
    if not names:  # the common case, every fight: one shared value instead of a dataclass built
        return _UNCHANGED
    lost = {OPPOSITE[e.becomes] for e in _known(names) if e.becomes is not None}
    lost |= {e.cannot_be for e in _known(names) if e.cannot_be is not None}
    cursed = any(effect.kind == "cursed_deck" for entry in _known(names) for effect in entry.effects)
    return DeckChanges(cursed, frozenset(lost))


def deck_traits(base_traits: Iterable[Trait], injuries: Iterable[str]) -> frozenset[Trait]:
    """The traits a deck is built from: the Report Card's, minus abilities the injuries take away."""
    return frozenset(base_traits) - deck_changes(injuries).lost_abilities


def effects_in_force(base_traits: Iterable[Trait], injuries: Iterable[str], kind: str) -> list[tuple[str, Effect]]:
    """Every (injury, effect) of this kind for a character with these Report Card traits."""
    base = frozenset(base_traits)
    return [(e.name, effect) for e in _known(injuries) for effect in e.effects_for(base) if effect.kind == kind]


def injuries_with(injuries: Iterable[str], kind: str) -> list[str]:
    """The injuries held that have an effect of this kind at all ("already" and "when" aside), once each: what a
    standing rule brought into a fight checks before acting, so an injury healed mid-fight stops acting at once."""
    found = [entry.name for entry in _known(injuries) if any(effect.kind == kind for effect in entry.effects)]
    return list(dict.fromkeys(found))


def turn_start_hp_loss(injuries: Iterable[str]) -> list[tuple[str, int]]:
    """HP lost as a combat turn begins, per injury (Bleeding Out 3, Bandaged Wound 1)."""
    return [(name, effect.amount) for name, effect in effects_in_force((), injuries, "lose_hp_turn_start")]


def first_round_discards(injuries: Iterable[str]) -> int:
    """Cards to discard in the first round of a fight, one per injury that asks for it."""
    return sum(effect.amount for _, effect in effects_in_force((), injuries, "discard_first_round"))


def is_incapacitated(injuries: Iterable[str]) -> bool:
    """A Critical Injury stops moving and dealing damage."""
    return bool(effects_in_force((), injuries, "incapacitated"))


_ENDINGS = {
    "end of combat": "Gone when the fight ends.",
    "end of day": "Gone at the end of the Day.",
    "restful sleep": "A restful night clears it.",
    "end of day without morning start": "Fades at the end of a Day without a Morning Start.",
    "medical care": "Only a doctor can treat it.",
}


def mending(entry: Injury) -> str:
    """How an injury gets better without Corruption, in words, from its catalogue entry."""
    parts = []
    rule = entry.downgrade
    if rule is not None:
        target = rule.to or "gone"
        if rule.to_any is not None:
            target = f"a {rule.to_any.value} injury of the GM's choice"
        retry = " (retries allowed)" if rule.retry else ""
        parts.append(f"{rule.difficulty.title} {rule.skill.value} check{retry}: {target}.")
    if entry.rest is not None:
        nights = f"{entry.rest.nights} night{'s' if entry.rest.nights > 1 else ''} of rest"
        parts.append("Sleeping on it kills." if entry.rest.dies else f"{nights}: {entry.rest.to or 'gone'}.")
    parts += [_ENDINGS[end] for end in entry.ends]
    return " ".join(parts) or "It stays until Corruption cures it."


def cure_cost(name: str) -> int:
    """Corruption that heals this injury at once (COR-HEAL: Minor 2, Major 4, Critical 6; Blinded 1)."""
    return injury(name).cost


# --- a character's injuries -----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class HeldInjury:
    """An injury a character has, with the nights of rest since it began and the Day a treatment last failed."""

    name: str
    nights: int = 0
    failed_day: int | None = None


@dataclass(frozen=True, slots=True)
class InjuryRecord:
    held: tuple[HeldInjury, ...] = ()
    dead: bool = False

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(h.name for h in self.held)

    def has(self, name: str) -> bool:
        return any(h.name == name for h in self.held)

    def of_severity(self, severity: Severity) -> tuple[str, ...]:
        return tuple(n for n in self.names if n in INJURIES and INJURIES[n].severity is severity)


def escalation(names: Iterable[str], severity: Severity) -> Severity | None:
    """What a new injury really is (INJ-MAJOR, INJ-CRITICAL): a Major on a Major or Critical is Critical; a Critical
    on a Critical is death (None)."""
    held = {INJURIES[n].severity for n in names if n in INJURIES}
    if severity is Severity.MAJOR and held & {Severity.MAJOR, Severity.CRITICAL}:
        severity = Severity.CRITICAL
    if severity is Severity.CRITICAL and Severity.CRITICAL in held:
        return None
    return severity


def take_injury(
    record: InjuryRecord, name: str, who: str = "", cause: str = ""
) -> tuple[InjuryRecord, list[CampaignEvent]]:
    """Receive an injury by name, escalating a second Major to Critical and a second Critical to death."""
    if record.dead:
        return record, []
    entry = injury(name)
    received = escalation(record.names, entry.severity)
    if received is None:
        return replace(record, dead=True), [MemberDied(who, cause or f"a second Critical Injury ({name})")]
    if received is not entry.severity:
        name, entry = CRITICAL, INJURIES[CRITICAL]
    if record.has(name) and name != "Massive Painful Scar":
        held = tuple(HeldInjury(name) if h.name == name else h for h in record.held)  # a fresh start
        return replace(record, held=held), [InjuryGained(who, name, entry.severity.value, cause)]
    return replace(record, held=(*record.held, HeldInjury(name))), [
        InjuryGained(who, name, entry.severity.value, cause)
    ]


def downgrade_refusal(record: InjuryRecord, name: str, day: int, corruption_retry: bool = False) -> str | None:
    """Why this injury cannot be treated by its check now, or None."""
    if not record.has(name):
        return f"There is no {name} to treat."
    rule = injury(name).downgrade
    if rule is None:
        return f"{name} cannot be treated with a skill check."
    held = next(h for h in record.held if h.name == name)
    if held.failed_day == day and not rule.retry and not corruption_retry:
        return f"Treating {name} already failed today; try again tomorrow or take Corruption to retry."
    return None


def downgrade(
    record: InjuryRecord,
    name: str,
    succeeded: bool,
    day: int,
    choice: str | None = None,
    who: str = "",
    corruption_retry: bool = False,
) -> tuple[InjuryRecord, list[CampaignEvent]]:
    """Apply the result of an injury's treatment check (INJ-DOWNGRADE); ``choice`` is the GM's pick where needed."""
    reason = downgrade_refusal(record, name, day, corruption_retry)
    if reason is not None:
        raise RulesError(reason)
    rule = injury(name).downgrade
    assert rule is not None
    if not succeeded:
        held = tuple(replace(h, failed_day=day) if h.name == name else h for h in record.held)
        return replace(record, held=held), [DowngradeFailed(who, name, rule.retry)]
    target = rule.to
    if rule.to_any is not None:
        if choice is None or choice not in INJURIES or INJURIES[choice].severity is not rule.to_any:
            raise RulesError(f"Treating {name} needs a {rule.to_any.value} injury to turn it into.")
        target = choice
    return _change(record, name, target, who, f"{rule.skill.value} check")


def _change(
    record: InjuryRecord, name: str, target: str | None, who: str, cause: str
) -> tuple[InjuryRecord, list[CampaignEvent]]:
    """Replace one held injury by a milder one (fresh count of nights) or remove it."""
    index = record.names.index(name)
    before, after = record.held[:index], record.held[index + 1 :]
    if target is None:
        return replace(record, held=before + after), [InjuryHealed(who, name, cause)]
    return replace(record, held=(*before, HeldInjury(target), *after)), [InjuryChanged(who, name, target, cause)]


def heal(record: InjuryRecord, name: str, who: str = "") -> tuple[InjuryRecord, int, list[CampaignEvent]]:
    """COR-HEAL: remove an injury at once; returns the Corruption it costs."""
    if not record.has(name):
        raise RulesError(f"There is no {name} to heal.")
    new, events = _change(record, name, None, who, "Corruption")
    return new, cure_cost(name), events


def remove_where(
    record: InjuryRecord, ending: str, who: str = "", keep: Iterable[str] = ()
) -> tuple[InjuryRecord, list[CampaignEvent]]:
    """Remove every injury that ends on this occasion ("end of combat", "end of day", …), except those kept."""
    kept = set(keep)
    events: list[CampaignEvent] = []
    for name in record.names:
        if name in INJURIES and ending in INJURIES[name].ends and name not in kept and record.has(name):
            record, more = _change(record, name, None, who, ending)
            events += more
    return record, events


def rest_night(record: InjuryRecord, who: str = "") -> tuple[InjuryRecord, list[CampaignEvent]]:
    """One night of rest: every injury that heals with rest counts it; at its count it changes, goes, or kills."""
    if record.dead:
        return record, []
    events: list[CampaignEvent] = []
    held: list[HeldInjury] = []
    for item in record.held:
        rule = INJURIES[item.name].rest if item.name in INJURIES else None
        if rule is None:
            held.append(item)
            continue
        nights = item.nights + 1
        if nights < rule.nights:
            held.append(replace(item, nights=nights))
        elif rule.dies:
            events.append(MemberDied(who, f"slept with {item.name}"))
            return replace(record, dead=True), events
        elif rule.to is None:
            events.append(InjuryHealed(who, item.name, "rest"))
        else:
            held.append(HeldInjury(rule.to))
            events.append(InjuryChanged(who, item.name, rule.to, "rest"))
    return replace(record, held=tuple(held)), events


# --- injuries on skill checks ------------------------------------------------------------------------------------

KNIGHTS = frozenset(card.id for card in CARDS if not card.is_major and card.value == 12)


@dataclass(frozen=True, slots=True)
class CheckTerms:
    """What a character's injuries do to one skill check: a Penalty, a refusal, cards that are Critical Failures."""

    edge: Edge = Edge.NONE
    refusal: str | None = None
    critical_failures: frozenset[CardId] = frozenset()
    why: str = ""


def _applies(effect: Effect, in_combat: bool, morning_start: bool) -> bool:
    if effect.when == "combat":
        return in_combat
    if effect.when == "outside combat":
        return not in_combat
    if effect.when == "without morning start":
        return not morning_start
    return True


def _skill_of(skill: Skill, trait: Trait | None) -> bool:
    """Whether ``skill`` is one of the ability's skills ("Strong skills": the skills Strong opens to an A+)."""
    return trait is not None and trait in SKILL_ABILITIES[skill]


def injury_check_terms(
    base_traits: Iterable[Trait],
    injuries: Iterable[str],
    skill: Skill,
    in_combat: bool = False,
    sight: bool = False,
    morning_start: bool = False,
) -> CheckTerms:
    """INJ-MAJOR / INJ-MINOR on checks: Upset Stomach and Withdrawal give Penalty on every check, Dizzy and the
    other Minors on their ability's skills, Blinded on checks that need sight; the Majors bar their ability's
    skills, Bleeding Out all but AID outside combat, Delirium on a Dull Report Card every skill; Groggy makes a
    Knight a Critical Failure. ``base_traits`` is the Report Card (for "already" effects)."""
    base = frozenset(base_traits)
    penalties: list[str] = []
    refusals: list[str] = []
    critical: set[CardId] = set()
    for entry in _known(injuries):
        for effect in entry.effects_for(base):
            if not _applies(effect, in_combat, morning_start):
                continue
            kind = effect.kind
            penalises = kind == "checks_penalty" or (kind == "sight_checks_penalty" and sight)
            if penalises or (kind == "skills_penalty" and _skill_of(skill, effect.trait)):
                penalties.append(entry.name)
            elif kind == "skills_barred" and _skill_of(skill, effect.trait):
                assert effect.trait is not None
                refusals.append(f"{entry.name}: no {effect.trait.value} skills, and {skill.value} is one.")
            elif kind == "skills_only" and effect.skill is not None and skill is not effect.skill:
                refusals.append(f"{entry.name}: only {effect.skill.value} checks are possible.")
            elif kind == "no_skills":
                refusals.append(
                    f"{entry.name}: already {entry.becomes.value if entry.becomes else ''}, no skill checks at all."
                )
            elif kind == "knights_critical_fail":
                critical |= KNIGHTS
    edge = Edge.PENALTY if penalties else Edge.NONE
    why = f"Penalty from {', '.join(dict.fromkeys(penalties))}" if penalties else ""
    return CheckTerms(edge, refusals[0] if refusals else None, frozenset(critical), why)
