"""A lab run's result: every fight's row, and the figures (win rate and its interval, rounds, per-player means)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from ...win_rate import wilson_interval
from .fight_row import FightRow
from .run_spec import RunSpec, spec_to_dict

CSV_COLUMNS: Final = ("index", "seed", "result", "rounds", "actions")
PLAYER_COLUMNS: Final = ("damage", "hp_lost", "injuries", "corruption", "shield")


@dataclass(frozen=True)
class PlayerFigures:
    """One party member's means over the fights of a run."""

    fighter: str
    name: str
    hp_lost: float  # per fight
    injuries: float  # per fight
    corruption: float  # per fight
    shield: float  # per fight
    damage_per_round: float  # damage dealt over all fights / rounds over all fights


@dataclass(frozen=True)
class RunResult:
    """The rows of the fights played (sorted by index) and the figures drawn from them.

    ``done`` < ``spec.fights`` while a run is under way (a progress callback's partial result) or after a cancel.
    Plots and CSV both come from ``rows``.
    """

    spec: RunSpec
    rows: tuple[FightRow, ...]
    cancelled: bool = False
    seconds: float = 0.0

    @property
    def done(self) -> int:
        return len(self.rows)

    @property
    def complete(self) -> bool:
        return self.done == self.spec.fights and not self.cancelled

    @property
    def wins(self) -> int:
        return sum(1 for row in self.rows if row.won)

    @property
    def win_rate(self) -> float:
        return self.wins / self.done if self.done else 0.0

    @property
    def win_interval(self) -> tuple[float, float]:
        return wilson_interval(self.wins, self.done)

    @property
    def results(self) -> dict[str, int]:
        """How the fights ended: victory, defeat, escaped, unfinished."""
        counts: dict[str, int] = {}
        for row in self.rows:
            counts[row.result] = counts.get(row.result, 0) + 1
        return dict(sorted(counts.items()))

    @property
    def mean_rounds(self) -> float:
        return sum(row.rounds for row in self.rows) / self.done if self.done else 0.0

    @property
    def rounds_histogram(self) -> dict[int, int]:
        """Fight length in rounds -> how many fights lasted that long."""
        counts: dict[int, int] = {}
        for row in self.rows:
            counts[row.rounds] = counts.get(row.rounds, 0) + 1
        return dict(sorted(counts.items()))

    @property
    def corruption_spent(self) -> int:
        """Corruption the whole party took over the run."""
        return sum(sum(row.corruption) for row in self.rows)

    @property
    def players(self) -> tuple[PlayerFigures, ...]:
        fights = self.done or 1
        rounds = sum(row.rounds for row in self.rows) or 1
        figures = []
        for slot, setup in enumerate(self.spec.setup.fighters):
            figures.append(
                PlayerFigures(
                    setup.id,
                    setup.name,
                    sum(row.hp_lost[slot] for row in self.rows) / fights,
                    sum(row.injuries[slot] for row in self.rows) / fights,
                    sum(row.corruption[slot] for row in self.rows) / fights,
                    sum(row.shield[slot] for row in self.rows) / fights,
                    sum(row.damage[slot] for row in self.rows) / rounds,
                )
            )
        return tuple(figures)

    def csv_rows(self) -> list[list[str]]:
        """A header and one line per fight; per-player columns are ``<fighter id>_<figure>``."""
        ids = [f.id for f in self.spec.setup.fighters]
        header = [*CSV_COLUMNS, *(f"{fid}_{name}" for fid in ids for name in PLAYER_COLUMNS)]
        lines = [header]
        for row in self.rows:
            line = [str(row.index), str(row.seed), row.result, str(row.rounds), str(row.actions)]
            for slot in range(len(ids)):
                line += [str(v[slot]) for v in (row.damage, row.hp_lost, row.injuries, row.corruption, row.shield)]
            lines.append(line)
        return lines

    def summary(self) -> dict[str, Any]:
        low, high = self.win_interval
        return {
            "fights": self.done,
            "complete": self.complete,
            "wins": self.wins,
            "win_rate": self.win_rate,
            "win_interval_95": [low, high],
            "results": self.results,
            "mean_rounds": self.mean_rounds,
            "rounds_histogram": {str(k): v for k, v in self.rounds_histogram.items()},
            "corruption_spent": self.corruption_spent,
            "players": [
                {
                    "fighter": p.fighter,
                    "name": p.name,
                    "hp_lost_per_fight": p.hp_lost,
                    "injuries_per_fight": p.injuries,
                    "corruption_per_fight": p.corruption,
                    "shield_per_fight": p.shield,
                    "damage_per_round": p.damage_per_round,
                }
                for p in self.players
            ],
        }

    def to_dict(self) -> dict[str, Any]:
        """The spec (enough to replay the run), the summary and every row: the JSON output."""
        return {
            "spec": spec_to_dict(self.spec),
            "summary": self.summary(),
            "rows": [
                {
                    "index": r.index,
                    "seed": r.seed,
                    "result": r.result,
                    "rounds": r.rounds,
                    "actions": r.actions,
                    "damage": list(r.damage),
                    "hp_lost": list(r.hp_lost),
                    "injuries": list(r.injuries),
                    "corruption": list(r.corruption),
                    "shield": list(r.shield),
                }
                for r in self.rows
            ],
        }
