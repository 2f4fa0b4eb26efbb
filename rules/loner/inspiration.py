"""Open-ended inspiration: a verb, a noun and optionally an adjective, each from a 6x6 grid."""

from __future__ import annotations

from dataclasses import dataclass

from .dice import DiceSource, check_die, roll_d6
from .tables import Grid, LonerTables


@dataclass(frozen=True, slots=True)
class GridDraw:
    """One word from one grid: the row die, the column die and the word."""

    table: str
    row: int
    column: int
    word: str


@dataclass(frozen=True, slots=True)
class Inspiration:
    """A verb and a noun, with an adjective when asked for."""

    verb: GridDraw
    adjective: GridDraw | None
    noun: GridDraw

    @property
    def prompt(self) -> str:
        """The words read together, adjective before the noun."""
        words = [self.verb.word, *([self.adjective.word] if self.adjective else []), self.noun.word]
        return " ".join(words)

    @property
    def draws(self) -> tuple[GridDraw, ...]:
        """The draws in reading order."""
        return (self.verb, *((self.adjective,) if self.adjective else ()), self.noun)


def read_grid(name: str, grid: Grid, row: int, column: int) -> GridDraw:
    """The word at a row die and a column die."""
    check_die(row)
    check_die(column)
    return GridDraw(name, row, column, grid[row - 1][column - 1])


def roll_grid(name: str, grid: Grid, source: DiceSource) -> GridDraw:
    """Roll a row die, then a column die, on one grid."""
    row = roll_d6(source)
    return read_grid(name, grid, row, roll_d6(source))


def roll_inspiration(tables: LonerTables, source: DiceSource, adjective: bool = True) -> Inspiration:
    """Roll the verb, then the adjective if wanted, then the noun."""
    verb = roll_grid("verbs", tables.verbs, source)
    adj = roll_grid("adjectives", tables.adjectives, source) if adjective else None
    return Inspiration(verb, adj, roll_grid("nouns", tables.nouns, source))
