"""The combat state to and from JSON-ready dicts, with a format version and a stable hash.

The codec walks the dataclasses' type hints, so a new field is saved without new code;
``FORMAT`` goes up when an old save could no longer be read as-is.
"""

from __future__ import annotations

import ast
import functools
import hashlib
import json
import sys
import types
import typing
from dataclasses import fields, is_dataclass, replace
from enum import Enum
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path
from typing import Any

from ...seam import RulesError
from .daily import read_legacy
from .decisions import CONTEXTS, OPTION_TARGETS, POSITIONAL
from .state import CombatState, Option, PendingDecision

FORMAT = 1


class StateFormatError(RulesError):
    """A state dict that this version cannot read."""


_PLAIN = (int, str, bool, float, type(None))


def encode(value: Any) -> Any:
    if type(value) in _PLAIN:  # most values: a fast exit (exact types, so no Enum slips through)
        return value
    if isinstance(value, Enum):
        return value.value
    if is_dataclass(value) and not isinstance(value, type):
        names = _field_names(type(value))
        if type(value) in POSITIONAL:  # typed decision contexts and targets: a list, as their tuples were
            return [encode(getattr(value, name)) for name in names]
        return {name: encode(getattr(value, name)) for name in names}
    if isinstance(value, dict):
        return {str(k): encode(v) for k, v in value.items()}
    if isinstance(value, frozenset | set):
        return sorted((encode(v) for v in value), key=json.dumps)
    if isinstance(value, list | tuple):
        return [encode(v) for v in value]
    return value


def decode(kind: Any, data: Any) -> Any:
    origin = typing.get_origin(kind)
    args = typing.get_args(kind)
    if kind is Any:
        return _tuplify(data)
    if origin in (typing.Union, types.UnionType):
        if data is None and type(None) in args:
            return None
        return decode(next(a for a in args if a is not type(None)), data)
    if origin is list:
        return [decode(args[0], v) for v in data]
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(decode(args[0], v) for v in data)
        return tuple(decode(a, v) for a, v in zip(args, data, strict=True))
    if origin is frozenset:
        return frozenset(decode(args[0], v) for v in data)
    if origin is dict:
        return {k: decode(args[1], v) for k, v in data.items()}
    if isinstance(kind, type) and issubclass(kind, Enum):
        return kind(data)
    if isinstance(kind, type) and is_dataclass(kind):
        hints = field_types(kind)
        return kind(**{f.name: decode(hints[f.name], data[f.name]) for f in fields(kind) if f.name in data})
    return data


@functools.cache
def _field_names(kind: type) -> tuple[str, ...]:
    return tuple(f.name for f in fields(kind))


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


def _tuplify(data: Any) -> Any:
    """Untyped payloads (decision values and contexts) were tuples before they were JSON lists."""
    if isinstance(data, list):
        return tuple(_tuplify(v) for v in data)
    return data


def positional(kind: type, data: Any) -> Any:
    """A positional dataclass (typed context or target) from the list of its fields, each decoded by its type."""
    hints = field_types(kind)
    values = list(data) if isinstance(data, list | tuple) else [data]
    return kind(*(decode(hints[name], _listed(v)) for name, v in zip(_field_names(kind), values, strict=True)))


def _listed(data: Any) -> Any:
    """The JSON form back from ``_tuplify``'s tuples, so the typed decode can read it."""
    if isinstance(data, tuple):
        return [_listed(v) for v in data]
    return data


def typed_decision(decision: PendingDecision) -> PendingDecision:
    """A decision read back with its kind's typed context and option targets (older saves wrote the same lists)."""
    context_kind = CONTEXTS.get(decision.kind)
    target_kind = OPTION_TARGETS.get(decision.kind)
    if context_kind is None and target_kind is None:
        return decision
    context = decision.context
    if context_kind is not None and not isinstance(context, context_kind):
        context = positional(context_kind, context)
    options = decision.options
    if target_kind is not None:
        options = tuple(_typed_option(target_kind, o) for o in options)
    return replace(decision, context=context, options=options)


def _typed_option(kind: type, option: Option) -> Option:
    """The option with its target typed; one that does not fit the target's fields stays a plain tuple (the
    "Make a skill check" beside the zones)."""
    if isinstance(option.value, kind):
        return option
    try:
        return Option(option.label, positional(kind, option.value))
    except (TypeError, ValueError):
        return option


def state_to_dict(state: CombatState) -> dict[str, Any]:
    return {"format": FORMAT, "combat": encode(state)}


def state_from_dict(data: dict[str, Any]) -> CombatState:
    version = data.get("format")
    if not isinstance(version, int):
        raise StateFormatError("this is not a saved RT:0 combat state (no format number)")
    if version > FORMAT:
        raise StateFormatError(f"this state was written by a newer version (format {version}; this app reads {FORMAT})")
    try:
        state = decode(CombatState, data["combat"])
    except (KeyError, TypeError, ValueError, StopIteration) as error:
        raise StateFormatError(f"the saved combat state is damaged: {error}") from None
    assert isinstance(state, CombatState)
    from . import engine  # noqa: F401  (importing the engine registers every kind's typed context and targets)

    try:
        state.decisions = [typed_decision(d) for d in state.decisions]
    except (TypeError, ValueError) as error:
        raise StateFormatError(f"the saved combat state has a damaged decision: {error}") from None
    for fighter in state.fighters:  # saved before once-per-Day uses took the Day clock's names
        read_legacy(fighter.day_uses, fighter.marks, state.day)
    return state


def state_json(state: CombatState) -> str:
    return json.dumps(state_to_dict(state), sort_keys=True, separators=(",", ":"))


def state_hash(state: CombatState) -> str:
    """A short stable fingerprint of everything in the state."""
    return hashlib.sha256(state_json(state).encode()).hexdigest()[:16]
