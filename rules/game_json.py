"""A seam game's values as JSON and back, for Moon's Grave, The Restless and Loner: set-ups, states and actions.

Values are frozen dataclasses of plain values (str, int, bool, None, enums by their values, tuples of any of them);
the codec reads the field types off each class's own type hints, once per class, and every error names the field that
does not fit. A class may be written another way (``written_as``: by name, as a row, as its one field, or by its own
pair of functions) where a save written before the codec fixed its shape.
An action is written as its fields beside its type's name under the game's tag ("kind" or "action"); a state's
hash is the SHA-256 of its JSON written one canonical way.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import types
import typing
from collections.abc import Callable
from enum import Enum
from typing import Any, Generic, TypeVar

from .seam import RulesError

T = TypeVar("T")
A = TypeVar("A")
_PLAIN = (str, int, bool, type(None))
Reader = Callable[[Any, str], Any]

# --- the codec --------------------------------------------------------------------------------------------------


def encode(value: Any) -> Any:
    """``value`` as JSON data: a dataclass becomes an object of its fields in order, a tuple a list."""
    kind = type(value)
    if kind in _PLAIN:
        return value
    if kind is tuple or kind is list:
        return [encode(v) for v in value]
    writer = _WRITERS.get(kind)
    if writer is not None:
        return writer(value)
    if isinstance(value, Enum):
        return value.value
    return {name: encode(getattr(value, name)) for name in _names(kind)}


_NAMES: dict[Any, tuple[str, ...]] = {}
_READERS: dict[Any, Reader] = {}
_WRITERS: dict[Any, Callable[[Any], Any]] = {}


def written_as(kind: type, write: Callable[[Any], Any], read: Reader) -> None:
    """Write ``kind`` with ``write`` and read it with ``read`` (data, where), wherever it appears."""
    _WRITERS[kind] = write
    _READERS[kind] = read


def written_by_name(kind: type[Enum]) -> None:
    """Write an enum by its members' names, not their values."""

    def read(data: Any, where: str) -> Any:
        if not isinstance(data, str) or data not in kind.__members__:
            raise RulesError(f"{where}: has the unknown value {data!r}")
        return kind[data]

    written_as(kind, lambda member: member.name, read)


def written_as_row(kind: type) -> None:
    """Write a dataclass as the list of its fields, in order."""
    names = _names(kind)
    hints = typing.get_type_hints(kind)
    fields = _tuple_reader(tuple(hints[name] for name in names))

    def read(data: Any, where: str) -> Any:
        maker: Any = kind
        return maker(*fields(data, where))

    written_as(kind, lambda value: [encode(getattr(value, name)) for name in names], read)


def written_as_field(kind: type) -> None:
    """Write a dataclass of one field as that field's value."""
    (name,) = _names(kind)
    field = _reader(typing.get_type_hints(kind)[name])

    def read(data: Any, where: str) -> Any:
        maker: Any = kind
        return maker(field(data, where))

    written_as(kind, lambda value: encode(getattr(value, name)), read)


def _names(kind: Any) -> tuple[str, ...]:
    names = _NAMES.get(kind)
    if names is None:
        if not dataclasses.is_dataclass(kind):
            raise RulesError(f"no codec for {kind.__name__}")
        names = _NAMES[kind] = tuple(f.name for f in dataclasses.fields(kind))
    return names


def decode(kind: type[T], data: Any, where: str = "") -> T:
    """``data`` as a ``kind``; a RulesError naming the field that does not fit."""
    value: T = _reader(kind)(data, where or kind.__name__)
    return value


def _reader(kind: Any) -> Reader:
    reader = _READERS.get(kind)
    if reader is None:
        reader = _READERS[kind] = _make_reader(kind)
    return reader


def _make_reader(kind: Any) -> Reader:
    origin = typing.get_origin(kind)
    if origin in (types.UnionType, typing.Union):
        return _optional_reader(typing.get_args(kind))
    if origin is tuple:
        return _tuple_reader(typing.get_args(kind))
    if isinstance(kind, type) and dataclasses.is_dataclass(kind):
        return _dataclass_reader(kind)
    if isinstance(kind, type) and issubclass(kind, Enum):
        return _enum_reader(kind)
    if kind in (str, int, bool, type(None)):
        return _plain_reader(kind)
    raise RulesError(f"no codec for {kind!r}")


def _optional_reader(options: tuple[Any, ...]) -> Reader:
    """``X | None`` reads None or an X; a union of several kinds cannot be told apart from its data."""
    real = [o for o in options if o is not type(None)]
    nullable = len(real) < len(options)
    inner = _reader(real[0]) if len(real) == 1 else None

    def read(data: Any, where: str) -> Any:
        if data is None and nullable:
            return None
        if inner is None:
            raise RulesError(f"{where}: cannot tell which of several kinds this is")
        return inner(data, where)

    return read


def _enum_reader(kind: type[Enum]) -> Reader:
    values = {member.value: member for member in kind}

    def read(data: Any, where: str) -> Any:
        if type(data) not in _PLAIN or data not in values:
            raise RulesError(f"{where}: has the unknown value {data!r}")
        return values[data]

    return read


_LIST_OF = {str: " of text", int: " of whole numbers", bool: " of true or false"}


def _tuple_reader(args: tuple[Any, ...]) -> Reader:
    """``tuple[X, ...]`` reads a list of any length; ``tuple[X, Y]`` a list of exactly those."""
    if len(args) == 2 and args[1] is Ellipsis:
        item = _reader(args[0])
        of = _LIST_OF.get(args[0], "")

        def read_many(data: Any, where: str) -> Any:
            if not isinstance(data, list):
                raise RulesError(f"{where}: must be a list{of}")
            return tuple(item(v, f"{where}[{i}]") for i, v in enumerate(data))

        return read_many
    items = [_reader(a) for a in args]

    def read_fixed(data: Any, where: str) -> Any:
        if not isinstance(data, list):
            raise RulesError(f"{where}: must be a list")
        if len(data) != len(items):
            raise RulesError(f"{where}: must hold {len(items)} items")
        return tuple(read(v, f"{where}[{i}]") for i, (read, v) in enumerate(zip(items, data, strict=True)))

    return read_fixed


def _plain_reader(kind: type) -> Reader:
    label = {str: "text", int: "a whole number", bool: "true or false", type(None): "null"}[kind]

    def read(data: Any, where: str) -> Any:
        if type(data) is not kind:  # so true is no whole number, and 1 is not true
            raise RulesError(f"{where}: must be {label}")
        return data

    return read


def _dataclass_reader(kind: type) -> Reader:
    hints = typing.get_type_hints(kind)
    fields = {f.name: f for f in dataclasses.fields(kind)}
    readers = {name: _reader(hints[name]) for name in fields}
    required = [name for name, f in fields.items() if f.default is f.default_factory is dataclasses.MISSING]
    needed = frozenset(required)

    def read(data: Any, where: str) -> Any:
        if not isinstance(data, dict):
            raise RulesError(f"{where}: must be an object")
        extra = sorted(set(data) - set(fields))
        if extra:
            raise RulesError(f"{where}.{extra[0]}: is not a field")
        if not needed <= data.keys():
            missing = next(name for name in required if name not in data)  # the first, in the class's order
            raise RulesError(f"{where}.{missing}: is missing")
        values = {name: readers[name](value, f"{where}.{name}") for name, value in data.items()}
        maker: Any = kind
        return maker(**values)

    return read


def decode_checked(kind: type[T], data: Any, where: str, problem: Callable[[T], str | None]) -> T:
    """``data`` as a ``kind`` that ``problem`` finds nothing wrong with (a save edited by hand is refused)."""
    value = decode(kind, data, where)
    why = problem(value)
    if why:
        raise RulesError(f"{where}.{why}")
    return value


# --- states' hashes ---------------------------------------------------------------------------------------------


def canonical(data: Any) -> str:
    """JSON data written one way only: keys sorted, no spaces, text as it is."""
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


# --- actions ----------------------------------------------------------------------------------------------------


def union_members(union: Any) -> tuple[type, ...]:
    """The classes an action union is made of, in its order."""
    return tuple(typing.get_args(union))


@dataclasses.dataclass(frozen=True)
class TaggedActions(Generic[A]):
    """A game's actions in JSON: ``{tag: the type's name, ...its fields}``; ``game`` names them in errors."""

    tag: str
    types: tuple[type, ...]
    game: str  # "a Loner action", "an action of The Restless"

    def encode(self, action: A) -> dict[str, Any]:
        return {self.tag: type(action).__name__, **encode(action)}

    def decode(self, data: Any) -> A:
        tag = self.tag
        if not isinstance(data, dict) or not isinstance(data.get(tag), str):
            raise RulesError(f"action: must be an object naming its '{tag}'")
        name = data[tag]
        kind = next((t for t in self.types if t.__name__ == name), None)
        if kind is None:
            raise RulesError(f"action.{tag}: '{name}' is not {self.game}")
        action: A = decode(kind, {k: v for k, v in data.items() if k != tag}, f"action {name}")
        return action


def doc_digest(data: Any) -> str:
    """A JSON value's hash, key order not counting: what a save records beside a document."""
    text = json.dumps(data, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:16]
