"""The Restless's values to JSON and back, read off the dataclasses' type hints once per class; errors name the
field. Plain values only: str, int, bool, None, tuples, and frozen dataclasses of them."""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Callable
from typing import Any, TypeVar

from ..seam import RulesError

T = TypeVar("T")
_PLAIN = (str, int, bool, type(None))


def encode(value: Any) -> Any:
    kind = type(value)
    if kind in _PLAIN:
        return value
    if kind is tuple or kind is list:
        return [encode(v) for v in value]
    return {name: encode(getattr(value, name)) for name in _names(kind)}


_NAMES: dict[Any, tuple[str, ...]] = {}
_READERS: dict[Any, Callable[[Any, str], Any]] = {}


def _names(kind: Any) -> tuple[str, ...]:
    names = _NAMES.get(kind)
    if names is None:
        if not dataclasses.is_dataclass(kind):
            raise RulesError(f"no codec for {kind.__name__}")
        names = _NAMES[kind] = tuple(f.name for f in dataclasses.fields(kind))
    return names


def decode(kind: type[T], data: Any, where: str) -> T:
    """``data`` as a ``kind``; a RulesError naming the field that does not fit."""
    value: T = _reader(kind)(data, where)
    return value


Reader = Callable[[Any, str], Any]


def _reader(kind: Any) -> Reader:
    reader = _READERS.get(kind)
    if reader is None:
        reader = _READERS[kind] = _make_reader(kind)
    return reader


def _make_reader(kind: Any) -> Reader:
    origin = typing.get_origin(kind)
    if origin in (types.UnionType, typing.Union):
        real = [o for o in typing.get_args(kind) if o is not type(None)]
        inner = _reader(real[0])
        return lambda data, where: None if data is None else inner(data, where)
    if origin is tuple:
        args = typing.get_args(kind)
        item = _reader(args[0])

        def read_tuple(data: Any, where: str) -> Any:
            if not isinstance(data, list):
                raise RulesError(f"{where}: must be a list")
            return tuple(item(v, f"{where}[{i}]") for i, v in enumerate(data))

        return read_tuple
    if isinstance(kind, type) and dataclasses.is_dataclass(kind):
        return _dataclass_reader(kind)
    if kind in (str, int, bool):
        return _plain_reader(kind)
    raise RulesError(f"no codec for {kind!r}")


def _plain_reader(kind: type) -> Reader:
    label = {str: "text", int: "a whole number", bool: "true or false"}[kind]

    def read(data: Any, where: str) -> Any:
        if type(data) is not kind:
            raise RulesError(f"{where}: must be {label}")
        return data

    return read


def _dataclass_reader(kind: type) -> Reader:
    hints = typing.get_type_hints(kind)
    fields = {f.name: f for f in dataclasses.fields(kind)}
    readers = {name: _reader(hints[name]) for name in fields}
    required = {name for name, f in fields.items() if f.default is dataclasses.MISSING}

    def read(data: Any, where: str) -> Any:
        if not isinstance(data, dict):
            raise RulesError(f"{where}: must be an object")
        extra = sorted(set(data) - set(fields))
        if extra:
            raise RulesError(f"{where}.{extra[0]}: is not a field")
        missing = sorted(required - set(data))
        if missing:
            raise RulesError(f"{where}.{missing[0]}: is missing")
        values = {name: readers[name](value, f"{where}.{name}") for name, value in data.items()}
        maker: Any = kind
        return maker(**values)

    return read
