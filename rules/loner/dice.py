"""Dice for the Loner oracle: an injected random source, or values a player entered from real dice."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Protocol

FACES = 6


class DiceError(ValueError):
    """A die value the rules cannot use: off the die, or missing."""


class DiceSource(Protocol):
    """Anything that can pick an int in a closed range; ``random.Random`` fits."""

    def randint(self, a: int, b: int) -> int:
        """Return an int ``n`` with ``a <= n <= b``."""
        ...


class EnteredDice:
    """A source that hands out dice a player rolled by hand, in the order they were entered."""

    def __init__(self, values: Iterable[int]) -> None:
        self._values = [check_die(value) for value in values]
        self._next = 0

    def randint(self, a: int, b: int) -> int:
        """Return the next entered value; it must lie in ``a..b``."""
        if self._next >= len(self._values):
            raise DiceError(f"needed another die ({a}-{b}) but only {len(self._values)} were entered")
        value = self._values[self._next]
        if not a <= value <= b:
            raise DiceError(f"the entered die {value} is not between {a} and {b}")
        self._next += 1
        return value

    @property
    def remaining(self) -> int:
        """How many entered values have not been used yet."""
        return len(self._values) - self._next


def check_die(value: int, faces: int = FACES) -> int:
    """Return ``value`` if it is a face of a d``faces``, else raise DiceError."""
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= faces:
        raise DiceError(f"a d{faces} shows 1 to {faces}, not {value!r}")
    return value


def roll_d6(source: DiceSource) -> int:
    """Roll one six-sided die from ``source``."""
    return check_die(source.randint(1, FACES))
