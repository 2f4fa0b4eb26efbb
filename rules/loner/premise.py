"""Build the Setup: one roll on each 5W+H column gives the bones of a mission."""

from __future__ import annotations

from dataclasses import dataclass

from .dice import DiceSource, check_die, roll_d6
from .tables import LonerTables
from .terms import SetupColumn


@dataclass(frozen=True, slots=True)
class SetupDraw:
    """One column's die and entry."""

    column: SetupColumn
    die: int
    entry: str


@dataclass(frozen=True, slots=True)
class Setup:
    """Who, What, When, Where, Why and How, in that order."""

    draws: tuple[SetupDraw, ...]

    def entry(self, column: SetupColumn) -> str:
        """The entry drawn for one column."""
        return next(d.entry for d in self.draws if d.column is column)

    @property
    def summary(self) -> str:
        """All six answers on one line."""
        return " / ".join(f"{d.column.value.capitalize()}? {d.entry}" for d in self.draws)


def read_setup(tables: LonerTables, dice: tuple[int, ...]) -> Setup:
    """Read six dice, one per column in 5W+H order."""
    columns = tuple(SetupColumn)
    if len(dice) != len(columns):
        raise ValueError(f"the setup takes {len(columns)} dice, one per column, not {len(dice)}")
    return Setup(
        tuple(
            SetupDraw(column, check_die(die), tables.setup_column(column)[die - 1])
            for column, die in zip(columns, dice, strict=True)
        )
    )


def roll_setup(tables: LonerTables, source: DiceSource) -> Setup:
    """Roll once on each column."""
    return read_setup(tables, tuple(roll_d6(source) for _ in SetupColumn))
