"""Rules-engine benchmarks: the brick player, legal_actions on a busy table, whole fights.

Run with ``make bench`` (or ``.venv/bin/python bench/rules.py``; ``PYTHONPATH=build/compiled`` in front
measures the engine ``make compiled`` builds); figures go to docs/benchmarks.md
by hand, with the machine and the date. Throughputs are per CPU second (``time.process_time``), so a busy
machine slows the run but not the figure; ``legal_actions`` timings are wall-clock medians and p99.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable

from rt0table.rules.rt0.cards import CARDS
from rt0table.rules.rt0.cli import simulation
from rt0table.rules.rt0.content.adversaries import bundled_bestiary
from rt0table.rules.rt0.fight import engine as rules_engine
from rt0table.rules.rt0.fight.actions import Choose
from rt0table.rules.rt0.fight.engine import AdversarySetup, FighterSetup, apply_in_place, legal_actions, new_combat
from rt0table.rules.rt0.fight.serialize import is_compiled
from rt0table.rules.rt0.fight.state import CombatState
from rt0table.rules.rt0.traits import Arcana, Trait

BESTIARY = bundled_bestiary("book.json")
BRICK = simulation.BRICK_PLAYER  # the same player as ``make simulate ARGS=brick``


def brick(turns: int, cycle: int = 15, seed: int = 1) -> tuple[float, float, float]:
    """Turns per second, damage per turn, Shield per turn for one player alone, fights of ``cycle`` turns."""
    start = time.process_time()  # CPU time: steady on a shared machine, and what "one core" means
    tally = simulation.solo_turns(BRICK, turns, BESTIARY, simulation.brick, cycle, seed)
    elapsed = time.process_time() - start
    return tally.rounds / elapsed, tally.per_round(tally.damage), tally.per_round(tally.shield)


def party() -> list[FighterSetup]:
    return [
        FighterSetup("mara", "Mara", (0, 1), frozenset({Trait.STRONG, Trait.SLOW, Trait.LUCKY}), Arcana.FOOL),
        FighterSetup("jo", "Jo", (1, 1), frozenset({Trait.FAST, Trait.WEAK, Trait.WISE}), Arcana.HIGH_PRIESTESS),
        FighterSetup("ren", "Ren", (2, 1), frozenset({Trait.CHARMING, Trait.FOOLISH, Trait.CLEVER}), Arcana.MAGICIAN),
    ]


LABORERS = [AdversarySetup("laborer", (0, 0)), AdversarySetup("laborer", (1, 0)), AdversarySetup("laborer", (2, 0))]


def busy_table() -> CombatState:
    """Three players against three Laborers, a full hand, cards already on bins."""
    state, _ = new_combat(7, 3, party(), LABORERS, BESTIARY)
    while state.pending is not None:  # e.g. the High Priestess's look at her next two cards
        apply_in_place(state, Choose(len(state.pending.options) - 1))
    fighter = state.active_fighter
    assert fighter is not None
    pile = state.piles[fighter.pile].draw
    while len(fighter.hand) < 5:  # a full hand, whoever acts first
        fighter.hand.append(pile.pop())
    fighter.bins["unarmed_strike"] = [pile.pop(pile.index(c)) for c in list(pile) if CARDS[c].value == 3][:1]
    fighter.bins["run_away"] = [pile.pop(pile.index(c)) for c in list(pile) if CARDS[c].value == 6][:1]
    return state


def timings(function: Callable[[], object], runs: int) -> list[float]:
    result = []
    for _ in range(runs):
        start = time.perf_counter()
        function()
        result.append(time.perf_counter() - start)
    return result


def fights(count: int) -> tuple[float, dict[str, int], float]:
    """Whole 3-vs-3 Laborer fights with the greedy policy: fights per second, results, mean rounds."""
    start = time.process_time()
    tally = simulation.fights(party(), LABORERS, BESTIARY, count)
    return count / (time.process_time() - start), tally.results, tally.rounds / count


def engine_kind() -> str:
    """Which engine this run measures: the plain Python one, or the mypyc build (``make compiled``)."""
    return "compiled by mypyc" if is_compiled(rules_engine) else "plain Python"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--turns", type=int, default=50_000)
    parser.add_argument("--fights", type=int, default=300)
    args = parser.parse_args()

    print(f"engine: {engine_kind()}")
    rate, damage, shield = brick(args.turns)
    print(f"brick: {rate:,.0f} turns/s over {args.turns:,} turns; {damage:.2f} damage and {shield:.2f} Shield per turn")

    state = busy_table()
    hand = len(state.active_fighter.hand) if state.active_fighter else 0
    samples = sorted(timings(lambda: legal_actions(state), 20_000))
    median, p99 = statistics.median(samples), samples[int(len(samples) * 0.99)]
    count = len(legal_actions(state))
    print(f"legal_actions: {hand} cards in hand, {count} actions; median {median * 1e6:.1f} µs, p99 {p99 * 1e6:.1f} µs")

    per_second, results, mean_rounds = fights(args.fights)
    print(
        f"fights: {per_second:,.1f} fights/s (3 players vs 3 Laborers); {results}; {mean_rounds:.1f} rounds on average"
    )


if __name__ == "__main__":
    main()
