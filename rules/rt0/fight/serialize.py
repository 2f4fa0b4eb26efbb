"""RT:0's values to and from JSON-ready dicts: the combat state (with a format version and a stable hash), its
set-ups, and the campaign record between fights (``campaign.campaign_codec``).

The codec walks the dataclasses' type hints, so a new field is saved without new code;
``FORMAT`` goes up when an old save could no longer be read as-is.
"""

from __future__ import annotations

import ast
import functools
import hashlib
import json
import math
import sys
import types
import typing
from collections.abc import Callable, Mapping
from dataclasses import MISSING, Field, fields, is_dataclass
from enum import Enum
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path
from typing import Any

from ...seam import RulesError
from .daily import read_legacy
from .decisions import CONTEXTS, OPTION_TARGETS, POSITIONAL, VARIADIC
from .state import NO_CONTEXT, CombatState, Context, Option, PendingDecision, Target

FORMAT = 1


class StateFormatError(RulesError):
    """A state dict that this version cannot read."""


class DamagedDecision(StateFormatError):
    """A saved decision whose context or an option is none of what its kind carries."""


_PLAIN = (int, str, bool, float, type(None))


# Fields added after saves were first written, left out while they hold their default: a state that does not use
# them encodes (and so hashes) exactly as before they existed, so the hashes an older save recorded still hold on
# replay. Decoding gives a missing field its default.
ADDED_LATER: dict[str, tuple[tuple[str, Any], ...]] = {
    "Fighter": (("items", []), ("stowed", {})),  # items in fights (ITM-*)
    "Step": (("kind", ""), ("injury", "")),  # gas and liquid attacks (ITM-EVA-SUIT); adversaries that injure
    "PartyRecord": (("request", None), ("lua", None)),  # the playthrough document's: asking the GM; Paradise Lua
}


# Fields that are never saved nor read back, so never hashed either: how a fight is being played, not what happened
# in it (a lab fight that makes only the events it tallies). A save that names one has it ignored, as unknown keys are.
UNSAVED: dict[str, frozenset[str]] = {"CombatState": frozenset({"quiet"})}


# Classes saved with their format number first (``"format": 1``), and refused when a save has another one; a save
# without the number is read as the current format. Named (under ``rt0table.rules``), not typed, so that no campaign
# module is imported here.
VERSIONED: dict[str, int] = {
    "rt0.campaign.campaign.Campaign": 1,
    "rt0.campaign.character.Character": 1,
    "rt0.campaign.character.Eddy": 1,
    "rt0.campaign.party.Party": 1,
}
# Classes saved as the list of their fields, as the tuples they were first saved as: an injury held is
# ``[name, nights, failed Day]``, a skill check in the Day's ledger ``[subject, Day, outcome]``, and the
# playthrough's fights concluded, notes, journal lines and request to the GM (``desktop/flow/playthrough_doc.py``).
ROWS = frozenset(
    {
        "rt0.campaign.injuries.HeldInjury",
        "rt0.campaign.check_table.LedgerRow",
        "rt0.campaign.gm_asks.PowerRequest",
        "rt0.story.tale.FinishedFight",
        "rt0.story.tale.Note",
        "rt0.story.chronicle.Line",
    }
)


@functools.cache
def _saved_as(kind: type) -> tuple[int | None, bool, frozenset[str]]:
    """A class's format number (``VERSIONED``; None for none), whether it is saved as a row (``ROWS``), and its
    fields typed ``Any``: parts another codec wrote, JSON already, saved as they are (``decode`` reads them so)."""
    name = f"{kind.__module__}.{kind.__qualname__}".removeprefix("rt0table.rules.")
    raw = frozenset(f.name for f in fields(kind) if f.type in (Any, "Any"))
    return VERSIONED.get(name), name in ROWS, raw


def encode(value: Any) -> Any:
    if type(value) in _PLAIN:  # most values: a fast exit (exact types, so no Enum slips through)
        return value
    if isinstance(value, Enum):
        return value.value
    if is_dataclass(value) and not isinstance(value, type):
        names = _field_names(type(value))
        if type(value) in POSITIONAL:  # typed decision contexts and targets: a list, as their tuples were
            if type(value) in VARIADIC:
                return [encode(v) for v in getattr(value, names[0])]
            return [encode(getattr(value, name)) for name in names]
        version, row, raw = _saved_as(type(value))
        if row:
            return [encode(getattr(value, name)) for name in names]
        encoded = {name: getattr(value, name) if name in raw else encode(getattr(value, name)) for name in names}
        for name, default in ADDED_LATER.get(type(value).__name__, ()):
            if encoded[name] == default:
                del encoded[name]
        if version is not None:
            return {"format": version, **encoded}
        return encoded
    if isinstance(value, dict):
        return {str(k): encode(v) for k, v in value.items()}
    if isinstance(value, frozenset | set):
        return sorted((encode(v) for v in value), key=json.dumps)
    if isinstance(value, list | tuple):
        return [encode(v) for v in value]
    return value


def decode(kind: Any, data: Any, where: str = "") -> Any:
    """``data`` read back as ``kind``; raises ``StateFormatError`` naming the field (``where``) when it is not one.

    Types are checked as they are read (a whole number is an int, not a bool, a float or a string; a list is a
    list), so a crafted or damaged value is refused here, not 35 actions later. A field missing from a
    dataclass takes its default (an older save written before the field was added); an unknown key is ignored.
    """
    origin = typing.get_origin(kind)
    args = typing.get_args(kind)
    if kind is Context:  # a context inside a decision's context: a draw's follow-up (``effects.AvertAsked``)
        return _follow_up_context(data, where)
    if kind is Any:  # a part another codec reads (the playthrough document's solo journal, decks, Paradise Lua)
        return data
    if kind is PendingDecision:  # its context and options are typed by its kind, as they are read
        return _decision(data, where)
    if origin in (typing.Union, types.UnionType):
        if data is None and type(None) in args:
            return None
        return decode(next(a for a in args if a is not type(None)), data, where)
    if origin in (list, tuple, frozenset):
        if not isinstance(data, list):
            raise _wrong(where, "a list", data)
        if origin is tuple and not (len(args) == 2 and args[1] is Ellipsis):
            if len(data) != len(args):
                raise StateFormatError(f"{where}: expected {len(args)} values, found {len(data)}")
            return tuple(decode(a, v, f"{where}[{i}]") for i, (a, v) in enumerate(zip(args, data, strict=True)))
        items = (decode(args[0], v, f"{where}[{i}]") for i, v in enumerate(data))
        return list(items) if origin is list else tuple(items) if origin is tuple else frozenset(items)
    if origin is dict or origin is Mapping:
        if not isinstance(data, dict):
            raise _wrong(where, "a JSON object", data)
        key_kind = args[0]
        return {_key(key_kind, k, where): decode(args[1], v, f"{where}.{k}") for k, v in data.items()}
    if isinstance(kind, type) and issubclass(kind, Enum):
        try:
            return kind(data)
        except (ValueError, TypeError):
            raise StateFormatError(f"{where}: {data!r} is not a known {kind.__name__}") from None
    if isinstance(kind, type) and is_dataclass(kind):
        version, row, _ = _saved_as(kind)
        if row and isinstance(data, list):
            data = _row(kind, data, where)
        if not isinstance(data, dict):
            raise _wrong(where, f"a {kind.__name__}", data)
        if version is not None and data.get("format", version) != version:
            found = f"{kind.__name__.lower()} format {data['format']!r}"
            raise StateFormatError(f"{_at(where, 'format')}: {found} is not one this version reads")
        hints = field_types(kind)
        values = {
            f.name: decode(hints[f.name], data[f.name], _at(where, f.name))
            for f in _saved_fields(kind)
            if f.name in data
        }
        for f in _saved_fields(kind):
            if f.name not in data and f.default is MISSING and f.default_factory is MISSING:
                raise StateFormatError(f"{_at(where, f.name)}: is missing (an incomplete {kind.__name__})")
        try:
            return kind(**values)
        except (TypeError, ValueError) as error:  # __post_init__ refused the values
            raise StateFormatError(f"{where or kind.__name__}: {error}") from None
    return _plain(kind, data, where)


def _row(kind: type, data: list[Any], where: str) -> dict[str, Any]:
    """A ``ROWS`` class's list of fields as the object of them; it may leave off fields that have defaults."""
    names = _field_names(kind)
    if len(data) > len(names):
        raise StateFormatError(f"{where}: expected at most {len(names)} values, found {len(data)}")
    return dict(zip(names, data, strict=False))


def _at(where: str, name: str) -> str:
    return f"{where}.{name}" if where else name


def _wrong(where: str, expected: str, data: Any) -> StateFormatError:
    shown = repr(data) if len(repr(data)) <= 40 else type(data).__name__
    return StateFormatError(f"{where or 'the value'}: expected {expected}, found {shown}")


def _finite(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value)


# A leaf type's check and its name in a message: exactly the JSON type the codec writes for it.
_LEAVES: dict[Any, tuple[Callable[[Any], bool], str]] = {
    bool: (lambda v: isinstance(v, bool), "true or false"),
    int: (lambda v: isinstance(v, int) and not isinstance(v, bool), "a whole number"),
    str: (lambda v: isinstance(v, str), "a text"),
    float: (_finite, "a number"),
}


def _plain(kind: Any, data: Any, where: str) -> Any:
    check = _LEAVES.get(kind)
    if check is not None and not check[0](data):
        raise _wrong(where, check[1], data)
    return data


def _key(kind: Any, key: str, where: str) -> Any:
    """A dict key: JSON keeps them as text, so an int key (a card id) is read back as the int it was."""
    if kind is int:
        if not (key.isascii() and key.lstrip("-").isdigit() and len(key) < 20):
            raise StateFormatError(f"{where}: the key {key[:20]!r} is not a whole number")
        return int(key)
    return key


@functools.cache
def _saved_fields(kind: type) -> tuple[Field[Any], ...]:
    unsaved = UNSAVED.get(kind.__name__, frozenset())
    return tuple(f for f in fields(kind) if f.name not in unsaved)


@functools.cache
def _field_names(kind: type) -> tuple[str, ...]:
    return tuple(f.name for f in _saved_fields(kind))


def is_compiled(module: types.ModuleType) -> bool:
    """Whether this module was loaded from a C extension (the engine ``make compiled`` builds)."""
    return str(getattr(module, "__file__", "")).endswith(tuple(EXTENSION_SUFFIXES))


@functools.cache
def field_types(kind: type) -> dict[str, Any]:
    """A dataclass's resolved field types; resolving them is slow, and a class's never change.

    A class compiled by mypyc (``make compiled``) keeps only erased annotations (``list``, not
    ``list[Fighter]``), so its types are read from the source file that sits beside the compiled module.
    """
    if not is_compiled(sys.modules[kind.__module__]):  # plain Python, in a venv or a frozen bundle
        return typing.get_type_hints(kind)
    hints: dict[str, Any] = {}
    for klass in reversed(kind.__mro__):
        if is_dataclass(klass):
            hints.update(_source_annotations(klass))
    return hints


def _source_annotations(kind: type) -> dict[str, Any]:
    """The field annotations written in a class's source, evaluated in its module (ClassVars left out)."""
    module = sys.modules[kind.__module__]
    tree = _module_source(kind.__module__)
    body = next(n.body for n in tree.body if isinstance(n, ast.ClassDef) and n.name == kind.__name__)
    annotations = {}
    for node in body:
        if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            text = ast.unparse(node.annotation)
            if not text.startswith(("ClassVar", "typing.ClassVar")):
                annotations[node.target.id] = eval(text, vars(module))  # our own source, as typing does
    return annotations


@functools.cache
def _module_source(name: str) -> ast.Module:
    compiled = Path(str(sys.modules[name].__file__))
    source = compiled.with_name(name.rsplit(".", 1)[-1] + ".py")
    return ast.parse(source.read_text(encoding="utf-8"), str(source))


def _follow_up_context(data: Any, where: str) -> Context:
    """What a draw's follow-up takes besides the cards (``effects.draw``): no follow-up takes anything today, so
    only ``NO_CONTEXT`` (saved as ``[]``, as the empty tuple it was) reads back."""
    if data != []:
        raise DamagedDecision(f"{where or 'the value'}: a draw's follow-up carries no context, found {data!r:.40}")
    return NO_CONTEXT


def positional(kind: type, data: Any) -> Any:
    """A positional dataclass (typed context or target) from the list of its fields, each decoded by its type."""
    hints = field_types(kind)
    values = data if isinstance(data, list) else [data]
    if kind in VARIADIC:
        (name,) = _field_names(kind)
        return kind(decode(hints[name], values))
    return kind(*(decode(hints[name], v) for name, v in zip(_field_names(kind), values, strict=True)))


_DECISION_FIELDS = (("kind", str), ("actor", str), ("prompt", str), ("private", bool))


def _decision(data: Any, where: str) -> PendingDecision:
    """A saved decision, its context and each option's target read as the typed values its kind carries (saves from
    before the typing hold the same lists), so no decision is ever built holding an untyped one."""
    if not isinstance(data, dict):
        raise _wrong(where, "a PendingDecision", data)
    for name in ("kind", "actor", "prompt", "options"):
        if name not in data:
            raise StateFormatError(f"{where or 'PendingDecision'}: the field {name!r} is missing")
    plain = {name: decode(read, data[name], _at(where, name)) for name, read in _DECISION_FIELDS if name in data}
    options = data["options"]
    if not isinstance(options, list):
        raise _wrong(_at(where, "options"), "a list", options)
    kind: str = plain.pop("kind")
    targets = OPTION_TARGETS.get(kind, ())
    typed = tuple(_option(kind, targets, o, f"{_at(where, 'options')}[{i}]") for i, o in enumerate(options))
    saved = data.get("context", [])
    context = NO_CONTEXT if saved == [] else _context(kind, CONTEXTS.get(kind, ()), saved, _at(where, "context"))
    return PendingDecision(kind, plain["actor"], plain["prompt"], typed, context, plain.get("private", False))


def _context(kind: str, contexts: tuple[type[Context], ...], data: Any, where: str) -> Context:
    """The first of the kind's context types (the one it carries now, then older ones) whose fields ``data`` fits."""
    for typed in contexts:
        try:
            context: Context = positional(typed, data)
            return context
        except (TypeError, ValueError):
            continue
    raise DamagedDecision(f"{where}: a {kind!r} decision does not carry this context")


def _option(kind: str, targets: tuple[type[Target], ...], data: Any, where: str) -> Option:
    """An option with its target typed: the first of the kind's target types its fields fit (Movement's zones,
    then its "Make a skill check")."""
    if not isinstance(data, dict):
        raise _wrong(where, "an Option", data)
    label = decode(str, data.get("label"), _at(where, "label"))
    if "value" in data:
        for target in targets:
            try:
                value: Target = positional(target, data["value"])
                return Option(label, value)
            except (TypeError, ValueError):
                continue
    raise DamagedDecision(f"{where}: the option {label!r} is not one a {kind!r} decision offers")


def state_to_dict(state: CombatState) -> dict[str, Any]:
    return {"format": FORMAT, "combat": encode(state)}


def state_from_dict(data: Any) -> CombatState:
    """The state ``state_to_dict`` wrote; raises ``StateFormatError`` naming the field when ``data`` is not one
    this game could have made (wrong types, cards that do not exist, HP or zones out of the rules' range)."""
    from .state_check import StateRangeError, check_state

    version = data.get("format") if isinstance(data, dict) else None
    if not isinstance(version, int) or isinstance(version, bool):
        raise StateFormatError("this is not a saved RT:0 combat state (no format number)")
    if version > FORMAT:
        raise StateFormatError(f"this state was written by a newer version (format {version}; this app reads {FORMAT})")
    if "combat" not in data:
        raise StateFormatError("this is not a saved RT:0 combat state (no 'combat')")
    from . import engine  # noqa: F401  (importing the engine registers every kind's typed context and targets)

    try:
        state = decode(CombatState, data["combat"], "combat")
        check_state(state)
    except DamagedDecision as bad_decision:
        raise StateFormatError(f"the saved combat state has a damaged decision: {bad_decision}") from None
    except StateRangeError as out_of_range:  # each handler names its own: mypyc types a name by its first binding
        raise StateFormatError(f"the saved combat state is out of range: combat.{out_of_range}") from None
    except (KeyError, TypeError, ValueError, StopIteration) as damaged:
        raise StateFormatError(f"the saved combat state is damaged: {damaged}") from None
    except RecursionError:
        raise StateFormatError("the saved combat state is nested too deeply to read") from None
    assert isinstance(state, CombatState)
    for fighter in state.fighters:  # saved before once-per-Day uses took the Day clock's names
        read_legacy(fighter.day_uses, fighter.marks, state.day)
    return state


def state_json(state: CombatState) -> str:
    return json.dumps(state_to_dict(state), sort_keys=True, separators=(",", ":"))


def state_hash(state: CombatState) -> str:
    """A short stable fingerprint of everything in the state."""
    return hashlib.sha256(state_json(state).encode()).hexdigest()[:16]
