"""The balance lab against today's engine, in one run: whole fights and brick turns per CPU second, and the ratios.

``.venv/bin/python bench/lab_speed.py`` (plain), ``PYTHONPATH=build/compiled .venv/bin/python bench/lab_speed.py``
(the engine ``make compiled`` builds, lab included). "Today" is ``cli.simulation`` as the rules bench runs it
(every action checked by ``apply_in_place``, greedy choosing from ``legal_actions``); "lab" is
``lab.fight_row.play_fight`` (unchecked, greedy without the list). Rounds alternate between the two so a shared
machine's load falls on both; the ratio of the medians is the figure (docs/benchmarks.md, "Balance lab").
"""

from __future__ import annotations

import argparse
import statistics
import time
from dataclasses import replace

from rt0table.rules.rt0.cli import simulation
from rt0table.rules.rt0.content.adversaries import bundled_bestiary
from rt0table.rules.rt0.fight import engine as rules_engine
from rt0table.rules.rt0.fight.engine import AdversarySetup, FighterSetup
from rt0table.rules.rt0.fight.rt0_setup import FightSetup
from rt0table.rules.rt0.fight.serialize import is_compiled
from rt0table.rules.rt0.lab.fight_row import play_fight
from rt0table.rules.rt0.lab.run_spec import RunSpec
from rt0table.rules.rt0.traits import Arcana, Spell, Trait

BOOK = bundled_bestiary("book.json")
PARTY = (  # bench/rules.py's party: the 414 fights per second of issue 18
    FighterSetup("mara", "Mara", (0, 1), frozenset({Trait.STRONG, Trait.SLOW, Trait.LUCKY}), Arcana.FOOL),
    FighterSetup("jo", "Jo", (1, 1), frozenset({Trait.FAST, Trait.WEAK, Trait.WISE}), Arcana.HIGH_PRIESTESS),
    FighterSetup("ren", "Ren", (2, 1), frozenset({Trait.CHARMING, Trait.FOOLISH, Trait.CLEVER}), Arcana.MAGICIAN),
)
LABORERS = tuple(AdversarySetup("laborer", (column, 0)) for column in range(3))
FIGHT = FightSetup(3, PARTY, LABORERS, {"laborer": BOOK["laborer"]})
SOLO_TURNS = 15


def fights_today(count: int, policy: simulation.Policy = simulation.greedy) -> float:
    start = time.process_time()
    simulation.fights(list(PARTY), list(LABORERS), BOOK, count, policy, first_seed=1)
    return count / (time.process_time() - start)


def fights_lab(spec: RunSpec) -> float:
    start = time.process_time()
    for index in range(spec.fights):
        play_fight(spec, index)
    return spec.fights / (time.process_time() - start)


def brick_today(turns: int) -> float:
    start = time.process_time()
    tally = simulation.solo_turns(simulation.BRICK_PLAYER, turns, BOOK, simulation.brick, SOLO_TURNS, 1)
    return tally.rounds / (time.process_time() - start)


def brick_lab(turns: int) -> float:
    """The same brick player alone in practice fights of 15 turns, as lab fights (round 1 to 16)."""
    setup = FightSetup(3, (simulation.BRICK_PLAYER,), (), {}, practice=True)
    spec = RunSpec(setup, "brick", turns // SOLO_TURNS, 1, max_rounds=SOLO_TURNS + 1)
    start = time.process_time()
    rounds = sum(play_fight(spec, index).rounds - 1 for index in range(spec.fights))
    return rounds / (time.process_time() - start)


def with_abilities_and_spells() -> FightSetup:
    """The same party with chosen Arcana Abilities and spells (the lookahead plays them; greedy keeps to the base)."""
    mara, jo, ren = PARTY
    return replace(
        FIGHT,
        fighters=(
            replace(mara, abilities=("blackjack",), spells=(Spell.LEO,)),
            replace(jo, abilities=("lucky_numbers",), spells=(Spell.PISCES,)),
            replace(ren, abilities=("magic_wand",), spells=(Spell.ARIES,)),
        ),
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--fights", type=int, default=300)
    parser.add_argument("--turns", type=int, default=30_000)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    print(f"engine: {'compiled by mypyc' if is_compiled(rules_engine) else 'plain Python'}")
    rows: dict[str, list[float]] = {}
    spec = RunSpec(FIGHT, "greedy", args.fights, 1)
    for _ in range(args.rounds):
        rows.setdefault("fights today", []).append(fights_today(args.fights))
        rows.setdefault("fights lab", []).append(fights_lab(spec))
        rows.setdefault("brick today", []).append(brick_today(args.turns))
        rows.setdefault("brick lab", []).append(brick_lab(args.turns))
    mid = {name: statistics.median(values) for name, values in rows.items()}
    for name, values in rows.items():
        print(f"{name}: median {mid[name]:,.0f} per CPU second ({', '.join(f'{v:,.0f}' for v in values)})")
    print(f"fights, lab ÷ today: {mid['fights lab'] / mid['fights today']:.2f}x (target 5x)")
    print(f"brick turns, lab ÷ today: {mid['brick lab'] / mid['brick today']:.2f}x; target 150,000 turns per second")
    rich = RunSpec(with_abilities_and_spells(), "greedy", args.fights, 1)
    print(f"fights with abilities and spells, lab greedy: {fights_lab(rich):,.0f} per CPU second")
    look = RunSpec(with_abilities_and_spells(), "lookahead", max(args.fights // 20, 5), 1)
    print(f"fights with abilities and spells, lab lookahead: {fights_lab(look):,.1f} per CPU second")


if __name__ == "__main__":
    main()
