"""A fight step through the playthrough's one funnel against the route fights took before it, in one run.

    python bench/fight_funnel.py [--actions 1000] [--rounds 3]

Both routes play the same 1,000 seeded random actions of a practice fight (two fighters against a dummy that only
shields and heals, so the fight lasts) on the table of a playthrough kept in a fresh save folder:

- "fight on its own" is a lesson's or quick fight's: the Session's ``LoneFight``, the one ``Funnel`` over RT:0's
  fight rules, writing the fight's row through its recorder (``FightRows``).
- "playthrough" is a campaign's: ``Playthrough.fight_step`` plays ``FightAction`` through the playthrough's
  ``Funnel`` over its story (``tale.apply``), the fight's history takes that step, the same row is written (with the
  journal's change when there is one, in the same transaction) and ``changed`` is emitted once.

Each route is timed per ``Session.submit`` (save writes included) and again with no save (the routes' own cost);
rounds alternate the routes and the figures are medians over every submit of every round. The undo stack's
greatest and final length (and the bytes held at the end) show that a long fight does not grow it (it is cleared
at each reveal).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

from PySide6.QtCore import QCoreApplication

from rt0table.desktop.flow.autosave import Autosave
from rt0table.desktop.flow.playthrough import Mode, Playthrough
from rt0table.desktop.saves import SaveStore
from rt0table.desktop.table.fight_session import Session
from rt0table.rules.rt0.campaign import fight_plan as fp
from rt0table.rules.rt0.campaign.character import Character
from rt0table.rules.rt0.content.adversaries import load_bestiary
from rt0table.rules.rt0.fight.actions import Action
from rt0table.rules.rt0.fight.engine import AdversarySetup, FighterSetup, Game, legal_actions
from rt0table.rules.rt0.fight.rt0_setup import CombatSetup
from rt0table.rules.rt0.fight.state import Phase
from rt0table.rules.rt0.story import ops
from rt0table.rules.rt0.traits import Arcana, Skill, Spell, Trait

PARTY = [
    Character("Mara", Arcana.FOOL, Trait.STRONG, Trait.SLOW, Skill.GYM, Skill.LAW, (Spell.ARIES,)),
    Character("Jo", Arcana.FOOL, Trait.STRONG, Trait.SLOW, Skill.GYM, Skill.LAW, (Spell.ARIES,)),
]
DUMMY = """{"adversaries": [{"id": "dummy", "name": "Practice Dummy", "hp": 40, "intents": {
  "Swords": [{"do": "shield", "amount": 1}], "Wands": [{"do": "heal", "amount": 1}],
  "Cups": [{"do": "shield", "amount": 2}], "Pentacles": [{"do": "heal", "amount": 2}],
  "Major": "redraw_face_down"}}]}"""


def practice_setup(playthrough: Playthrough) -> CombatSetup:
    ids = [m.id for m in playthrough.campaign.members]
    fighters = (FighterSetup(ids[0], "Mara", (0, 0)), FighterSetup(ids[1], "Jo", (1, 1)))
    bestiary = load_bestiary(DUMMY, "bench dummy")
    return CombatSetup(7, 3, fighters, (AdversarySetup("dummy", (2, 2)),), bestiary, practice=True)


def actions_for(setup: CombatSetup, count: int, seed: int) -> list[Action]:
    """``count`` seeded random legal actions of the practice fight (it cannot end: the dummy never strikes)."""
    game, pick, chosen = Game(setup.start()[0]), random.Random(seed), []
    for _ in range(count):
        if game.state.phase is Phase.OVER:
            raise SystemExit("the practice fight ended: the bench needs a longer one")
        action = pick.choice(legal_actions(game.state))
        game.push(action)
        chosen.append(action)
    return chosen


def table(folder: Path | None, funnel: bool) -> tuple[Session, Playthrough, CombatSetup]:
    """A playthrough with the practice fight on its table, kept in a save in ``folder`` (None: no save);
    ``funnel``: the fight is the playthrough's, else a fight on its own (a lesson's or quick fight's funnel)."""
    playthrough = Playthrough(Mode.HOT_SEAT, fp.from_party(PARTY), seed=3)
    setup = practice_setup(playthrough)
    keeper = Autosave.start(SaveStore(folder, app_version="bench"), playthrough) if folder is not None else None
    opening = setup.start()[0]
    if funnel:
        playthrough.submit(ops.BeginFight(opening, setup))  # the save's recorder opens the fight's rows
        return playthrough.resume_fight(Game(opening)), playthrough, setup
    rows = None
    if keeper is not None:
        rows = keeper.store.recorder(keeper.game_id)
        rows.begin_fight(setup)
    return Session(Game(opening), rows), playthrough, setup


def play(folder: Path | None, funnel: bool, actions: list[Action]) -> tuple[list[float], int, int]:
    """Seconds per submit, and the undo stack's greatest and final length."""
    session, playthrough, _setup = table(folder, funnel)
    times, deepest = [], 0
    for action in actions:
        start = time.perf_counter()
        assert session.submit(action)
        times.append(time.perf_counter() - start)
        deepest = max(deepest, playthrough.undo_reach)
    assert session.ply == len(actions)
    return times, deepest, playthrough.undo_reach


def held(funnel: bool, actions: list[Action]) -> int:
    """Bytes the playthrough and its fight still hold after the actions (no save), as tracemalloc counts them."""
    tracemalloc.start()
    session, playthrough, _setup = table(None, funnel)
    for action in actions:
        session.submit(action)
    size = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    del session, playthrough
    return size


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--actions", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args(argv)
    QCoreApplication.instance() or QCoreApplication(sys.argv[:1])
    load = " ".join(f"{x:.2f}" for x in os.getloadavg())
    actions = actions_for(practice_setup(Playthrough(Mode.HOT_SEAT, fp.from_party(PARTY), seed=3)), args.actions, 11)
    figures: dict[tuple[bool, bool], list[float]] = {}
    stacks: dict[bool, tuple[int, int]] = {}
    for _ in range(args.rounds):
        for saved in (True, False):
            for funnel in (False, True):
                with tempfile.TemporaryDirectory() as folder:
                    times, deepest, last = play(Path(folder) if saved else None, funnel, actions)
                figures.setdefault((saved, funnel), []).extend(times)
                stacks[funnel] = (max(deepest, stacks.get(funnel, (0, 0))[0]), last)
    memory = {funnel: held(funnel, actions) for funnel in (False, True)}
    ms = 1000.0
    print(f"{args.actions} actions x {args.rounds} rounds; load average at the start {load}")
    print(
        "| route | with the save, median / p99 (ms) | no save, median / p99 (ms) | undo: deepest, last | held (KiB) |"
    )
    print("| --- | --- | --- | --- | --- |")
    for funnel, name in ((False, "fight on its own"), (True, "playthrough")):
        cells = []
        for saved in (True, False):
            values = sorted(figures[(saved, funnel)])
            median, p99 = statistics.median(values), values[int(0.99 * (len(values) - 1))]
            cells.append(f"{median * ms:.3f} / {p99 * ms:.3f}")
        deepest, last = stacks[funnel]
        print(f"| {name} | {cells[0]} | {cells[1]} | {deepest}, {last} | {memory[funnel] / 1024:,.0f} |")
    for saved in (True, False):
        before = statistics.median(figures[(saved, False)])
        now = statistics.median(figures[(saved, True)])
        print(f"playthrough / on its own, {'with' if saved else 'no'} save: {now / before:.2f}x (median per submit)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
