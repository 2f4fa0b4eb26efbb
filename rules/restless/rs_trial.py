"""How hard a pack is: seeded whole games played by the stand-in, and what they add up to.

``python -m rt0table.rules.restless.rs_trial --games 200`` prints the stand-in's win rate with its Wilson 95%
interval, the Realm games reach, how often the party meets the Traitor God, combat rounds and Character deaths.
Each game ``n`` of a run is seeded ``seed + n``, so a run is the same every time.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from ..win_rate import wilson_interval
from .rs_pack import RsPack
from .rs_pack_folder import read_rs_folder
from .rs_play import apply, new_game
from .rs_practice import SEATS, practice_pack, setup_from
from .rs_stand_in import choose

MOVES = 6000  # far more than any game takes; a game still going after this many is counted as "stuck"


@dataclass(frozen=True)
class GameFigures:
    """One whole game: how it ended, the last Realm entered, whether the God was fought, rounds and deaths."""

    seed: int
    result: str  # won, lost, refused, or stuck
    realm: int
    met_god: bool
    rounds: int
    deaths: int


def play_game(pack: RsPack, seed: int, seats: int = 1, encounters: int = 4) -> GameFigures:
    """One game of ``pack`` from ``seed`` with the stand-in choosing every action."""
    state, events = new_game(setup_from(pack, SEATS[:seats], encounters), seed)
    kinds = Counter(e.kind for e in events)
    met_god = False
    for _ in range(MOVES):
        if state.phase == "over":
            break
        state, events = apply(state, choose(state))
        kinds.update(e.kind for e in events)
        met_god = met_god or (bool(state.god) and state.current == state.god)
    # a fight starts in round 1 ("combat") and each further round is announced ("round")
    rounds = kinds["combat"] + kinds["round"]
    return GameFigures(seed, state.result or "stuck", state.realm_number, met_god, rounds, kinds["death"])


@dataclass(frozen=True)
class TrialFigures:
    """A run of games and its figures."""

    games: tuple[GameFigures, ...]

    @property
    def wins(self) -> int:
        return sum(g.result == "won" for g in self.games)

    @property
    def interval(self) -> tuple[float, float]:
        return wilson_interval(self.wins, len(self.games))

    def mean(self, values: Sequence[int]) -> float:
        return sum(values) / len(values) if values else 0.0

    def lines(self) -> list[str]:
        count = len(self.games)
        low, high = self.interval
        realms = Counter(g.realm for g in self.games)
        results = Counter(g.result for g in self.games)
        god = sum(g.met_god for g in self.games)
        return [
            f"games {count}: won {self.wins} ({self.wins / count:.0%}, 95% interval {low:.0%}-{high:.0%})",
            "results " + ", ".join(f"{k} {results[k]}" for k in sorted(results)),
            f"met the Traitor God {god} ({god / count:.0%})",
            "last Realm entered " + ", ".join(f"{r}: {realms[r]}" for r in sorted(realms)),
            f"combat rounds a game {self.mean([g.rounds for g in self.games]):.1f}",
            f"Character deaths a game {self.mean([g.deaths for g in self.games]):.2f}",
        ]


def trial(pack: RsPack, games: int, seed: int = 0, seats: int = 1, encounters: int = 4) -> TrialFigures:
    return TrialFigures(tuple(play_game(pack, seed + n, seats, encounters) for n in range(games)))


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="The stand-in plays seeded whole games of a Restless pack.")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=0, help="game n is seeded seed + n")
    parser.add_argument("--encounters", type=int, choices=(4, 5), default=4, help="Encounters a Realm")
    parser.add_argument("--pack", type=Path, help="a pack folder (the practice pack when left out)")
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error("--games must be at least 1")
    pack = read_rs_folder(args.pack) if args.pack else practice_pack()
    figures = trial(pack, args.games, args.seed, 1, args.encounters)
    print(f"{pack.name}, {args.encounters} Encounters a Realm, seeds {args.seed}-{args.seed + args.games - 1}")
    print("\n".join(figures.lines()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
