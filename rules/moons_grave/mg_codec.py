"""Moon's Grave values to JSON and back, read off the dataclasses' own type hints; errors name the field."""

from __future__ import annotations

import dataclasses
import types
import typing
from functools import cache
from typing import Any, TypeVar

from ..seam import RulesError

T = TypeVar("T")


def encode(value: Any) -> Any:
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: encode(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, tuple | list):
        return [encode(v) for v in value]
    return value


def decode(kind: type[T], data: Any, where: str = "") -> T:
    """``data`` as a ``kind``; raises RulesError naming the field that does not fit."""
    value: T = _decode(kind, data, where or kind.__name__)
    return value


@cache
def _shape(kind: type) -> tuple[dict[str, Any], dict[str, dataclasses.Field[Any]]]:
    """A dataclass's resolved field types and fields, worked out once per class."""
    return typing.get_type_hints(kind), {f.name: f for f in dataclasses.fields(kind)}


def _decode(kind: Any, data: Any, where: str) -> Any:
    origin = typing.get_origin(kind)
    if origin in (types.UnionType, typing.Union):
        options = typing.get_args(kind)
        if data is None and type(None) in options:
            return None
        real = [o for o in options if o is not type(None)]
        if len(real) == 1:
            return _decode(real[0], data, where)
        raise RulesError(f"{where}: cannot tell which of several kinds this is")
    if origin is tuple:
        args = typing.get_args(kind)
        if not isinstance(data, list):
            raise RulesError(f"{where}: must be a list")
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_decode(args[0], item, f"{where}[{i}]") for i, item in enumerate(data))
        if len(data) != len(args):
            raise RulesError(f"{where}: must hold {len(args)} items")
        return tuple(_decode(a, item, f"{where}[{i}]") for i, (a, item) in enumerate(zip(args, data, strict=True)))
    if isinstance(kind, type) and dataclasses.is_dataclass(kind):
        if not isinstance(data, dict):
            raise RulesError(f"{where}: must be an object")
        hints, fields = _shape(kind)
        extra = sorted(set(data) - set(fields))
        if extra:
            raise RulesError(f"{where}.{extra[0]}: is not a field")
        values = {}
        for name, field in fields.items():
            if name not in data:
                if field.default is dataclasses.MISSING:
                    raise RulesError(f"{where}.{name}: is missing")
                continue
            values[name] = _decode(hints[name], data[name], f"{where}.{name}")
        maker: Any = kind
        return maker(**values)
    if kind is bool:
        if not isinstance(data, bool):
            raise RulesError(f"{where}: must be true or false")
        return data
    if kind is int:
        if isinstance(data, bool) or not isinstance(data, int):
            raise RulesError(f"{where}: must be a whole number")
        return data
    if kind is str:
        if not isinstance(data, str):
            raise RulesError(f"{where}: must be text")
        return data
    if kind is type(None):
        if data is not None:
            raise RulesError(f"{where}: must be null")
        return None
    raise RulesError(f"{where}: no codec for {kind!r}")
