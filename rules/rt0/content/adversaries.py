"""Adversaries as data (ADV-*): what each intent suit makes an adversary do.

A bestiary file is JSON: ``{"adversaries": [ {...}, ... ]}``; docs/adversary-format.md
describes every field. ``load_bestiary`` validates and names file, entry and field on error.
"""

from __future__ import annotations

import functools
import json
from dataclasses import dataclass
from typing import Any, Final

from ....assets.bundled import bundled_text
from ...seam import RulesError
from ..campaign.injuries import INJURIES

STEP_KINDS = ("move", "damage", "heal", "shield", "shield_allies", "injure")
TARGETING = ("default", "strategic", "dimwitted")
ATTACK_KINDS = ("gas", "liquid")  # ITM-EVA-SUIT: attacks a sealed helmet keeps out
INTENT_KEYS = ("Swords", "Wands", "Cups", "Pentacles", "Major")


class BestiaryError(RulesError):
    """A bestiary file that cannot be used; the message names file, entry and field."""


@dataclass(frozen=True, slots=True)
class Step:
    """One thing an intent does: move, damage, heal, shield, shield the others in the zone, or injure."""

    do: str
    amount: int = 0
    ranged: bool = False
    per_ally_in_zone: int = 0  # extra damage for every other adversary sharing the zone
    kind: str = ""  # what the damage is carried by: "gas" or "liquid" (the EVA Suit keeps both out), else ""
    injury: str = ""  # "injure": the injury it gives, by its catalogue name (ADV-INJURE)


@dataclass(frozen=True, slots=True)
class IntentPlan:
    steps: tuple[Step, ...]
    union: tuple[Step, ...] | None = None  # replaces the steps once another of this kind did them this round
    redraw_face_down: bool = False  # a Major: at once draw a face-down intent instead


NO_PLAN: Final = IntentPlan(())
"""What a suit with no intent in the adversary's entry does: nothing."""


@dataclass(frozen=True, slots=True)
class AdversaryKind:
    id: str
    name: str
    hp: int
    intents: dict[str, IntentPlan]
    source: str = "book"  # "book" or "house"
    flying: bool = False
    targeting: str = "default"
    hidden_intents: bool = False
    notes: str = ""

    def plan_for(self, suit: str) -> IntentPlan:
        plan = self.intents.get(suit)  # not ``get(suit, IntentPlan(()))``: that builds the default every call
        return NO_PLAN if plan is None else plan


def _fail(filename: str, entry: str, field: str, problem: str) -> BestiaryError:
    return BestiaryError(f"{filename}: adversary {entry}: field '{field}': {problem}")


def _int(value: Any, filename: str, entry: str, field: str, minimum: int = 0) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < minimum:
        raise _fail(filename, entry, field, f"must be a whole number of at least {minimum}, not {value!r}")
    return value


def _steps(raw: Any, filename: str, entry: str, field: str) -> tuple[Step, ...]:
    if not isinstance(raw, list):
        raise _fail(filename, entry, field, "must be a list of steps")
    steps = []
    for i, item in enumerate(raw):
        where = f"{field}[{i}]"
        if not isinstance(item, dict):
            raise _fail(filename, entry, where, 'must be an object like {"do": "damage", "amount": 6}')
        unknown = set(item) - {"do", "amount", "ranged", "per_ally_in_zone", "kind", "injury"}
        if unknown:
            raise _fail(filename, entry, where, f"unknown key(s) {sorted(unknown)}")
        do = item.get("do")
        if do not in STEP_KINDS:
            raise _fail(filename, entry, f"{where}.do", f"must be one of {', '.join(STEP_KINDS)}, not {do!r}")
        amount = _int(item.get("amount", 0), filename, entry, f"{where}.amount")
        ranged = item.get("ranged", False)
        if not isinstance(ranged, bool):
            raise _fail(filename, entry, f"{where}.ranged", "must be true or false")
        per_ally = _int(item.get("per_ally_in_zone", 0), filename, entry, f"{where}.per_ally_in_zone")
        kind = item.get("kind", "")
        if "kind" in item and (do != "damage" or kind not in ATTACK_KINDS):
            allowed = " or ".join(map(repr, ATTACK_KINDS))
            problem = f"must be {allowed}, not {kind!r}" if do == "damage" else "is only for a damage step"
            raise _fail(filename, entry, f"{where}.kind", problem)
        injury = _injury(item, str(do), filename, entry, where)
        steps.append(Step(str(do), amount, ranged, per_ally, kind=str(kind), injury=injury))
    return tuple(steps)


def _injury(item: dict[str, Any], do: str, filename: str, entry: str, where: str) -> str:
    """ADV-INJURE: an "injure" step names one injury of the catalogue; no other step names one."""
    name = item.get("injury")
    if do != "injure":
        if name is not None:
            raise _fail(filename, entry, f"{where}.injury", 'belongs only to a step with "do": "injure"')
        return ""
    if not isinstance(name, str) or name not in INJURIES:
        known = ", ".join(sorted(INJURIES))
        raise _fail(filename, entry, f"{where}.injury", f"must name an injury ({known}), not {name!r}")
    return name


def _plan(raw: Any, filename: str, entry: str, field: str) -> IntentPlan:
    if raw == "redraw_face_down":
        return IntentPlan((), redraw_face_down=True)
    if isinstance(raw, list):
        return IntentPlan(_steps(raw, filename, entry, field))
    if isinstance(raw, dict):
        unknown = set(raw) - {"steps", "union"}
        if unknown:
            raise _fail(filename, entry, field, f"unknown key(s) {sorted(unknown)}")
        union = raw.get("union")
        return IntentPlan(
            _steps(raw.get("steps", []), filename, entry, f"{field}.steps"),
            None if union is None else _steps(union, filename, entry, f"{field}.union"),
        )
    raise _fail(
        filename, entry, field, 'must be a list of steps, {"steps": [...], "union": [...]} or "redraw_face_down"'
    )


def kind_from_dict(raw: Any, filename: str, index: int) -> AdversaryKind:
    """Validate one bestiary entry."""
    entry = f"#{index + 1}"
    if not isinstance(raw, dict):
        raise _fail(filename, entry, "(entry)", "must be an object")
    kind_id = raw.get("id")
    if not isinstance(kind_id, str) or not kind_id.strip():
        raise _fail(filename, entry, "id", "must be a non-empty text")
    entry = f"#{index + 1} ({kind_id})"
    known = {"id", "name", "hp", "intents", "source", "flying", "targeting", "hidden_intents", "notes"}
    unknown = set(raw) - known
    if unknown:
        raise _fail(filename, entry, sorted(unknown)[0], f"is not a known field; known fields: {sorted(known)}")
    name = raw.get("name")
    if not isinstance(name, str) or not name.strip():
        raise _fail(filename, entry, "name", "must be a non-empty text")
    hp = _int(raw.get("hp"), filename, entry, "hp", minimum=1)
    source = raw.get("source", "house")
    if source not in ("book", "house"):
        raise _fail(filename, entry, "source", f"must be 'book' or 'house', not {source!r}")
    targeting = raw.get("targeting", "default")
    if targeting not in TARGETING:
        raise _fail(filename, entry, "targeting", f"must be one of {', '.join(TARGETING)}, not {targeting!r}")
    for flag in ("flying", "hidden_intents"):
        if not isinstance(raw.get(flag, False), bool):
            raise _fail(filename, entry, flag, "must be true or false")
    intents_raw = raw.get("intents")
    if not isinstance(intents_raw, dict):
        raise _fail(filename, entry, "intents", f"must be an object with the keys {', '.join(INTENT_KEYS)}")
    missing = [key for key in INTENT_KEYS if key not in intents_raw]
    if missing:
        raise _fail(filename, entry, "intents", f"says nothing for {', '.join(missing)}")
    extra = set(intents_raw) - set(INTENT_KEYS)
    if extra:
        raise _fail(filename, entry, "intents", f"unknown suit(s) {sorted(extra)}")
    intents = {key: _plan(intents_raw[key], filename, entry, f"intents.{key}") for key in INTENT_KEYS}
    return AdversaryKind(
        id=kind_id,
        name=name,
        hp=hp,
        intents=intents,
        source=source,
        flying=bool(raw.get("flying", False)),
        targeting=targeting,
        hidden_intents=bool(raw.get("hidden_intents", False)),
        notes=str(raw.get("notes", "")),
    )


@functools.cache
def _bundled(name: str) -> dict[str, AdversaryKind]:
    return load_bestiary(bundled_text("adversaries", name), name)


def bundled_bestiary(name: str) -> dict[str, AdversaryKind]:
    """A bestiary shipped with the app (``book.json``, ``house.json``), read once through the bundled-file loader."""
    return dict(_bundled(name))


def load_bestiary(text: str, filename: str) -> dict[str, AdversaryKind]:
    """Parse and validate a bestiary file's text; raises BestiaryError naming file, entry and field."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise BestiaryError(f"{filename}: not valid JSON at line {error.lineno}, column {error.colno}") from None
    except RecursionError:  # a crafted file: lists in lists past Python's limit
        raise BestiaryError(f"{filename}: not usable JSON: it is nested too deeply to read") from None
    if not isinstance(data, dict) or not isinstance(data.get("adversaries"), list):
        raise BestiaryError(f'{filename}: must be an object with a list "adversaries"')
    kinds: dict[str, AdversaryKind] = {}
    for index, raw in enumerate(data["adversaries"]):
        kind = kind_from_dict(raw, filename, index)
        if kind.id in kinds:
            raise _fail(filename, f"#{index + 1} ({kind.id})", "id", "is used by an earlier entry")
        kinds[kind.id] = kind
    return kinds
