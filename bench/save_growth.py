"""How a save grows with play: the file's size after K short fights, for two K, and the bytes each fight adds.

Each fight: Day choices, a fight against a training robot played to its end, the fight concluded, the Day ended.
Written the format-4 way (the whole campaign record after every change) the bytes per fight grow with the number of
fights already played; with format 5's change rows they stay flat. ``python bench/save_growth.py [K1 K2]``.
"""

from __future__ import annotations

import json
import sys
import tempfile
import time
from pathlib import Path

from rt0table.assets import path as asset
from rt0table.desktop.flow.autosave import Autosave
from rt0table.desktop.flow.playthrough import Mode, Playthrough
from rt0table.desktop.flow.playthrough_doc import playthrough_doc
from rt0table.desktop.saves import SaveStore
from rt0table.desktop.table.fight_session import Recorder
from rt0table.rules.rt0.campaign import campaign as cp
from rt0table.rules.rt0.campaign import fight_plan as fp
from rt0table.rules.rt0.campaign.character import Character
from rt0table.rules.rt0.content.adversaries import load_bestiary
from rt0table.rules.rt0.fight.actions import Action, Choose, EndTurn, PlayCard
from rt0table.rules.rt0.fight.engine import AdversarySetup, legal_actions
from rt0table.rules.rt0.fight.rt0_setup import CombatSetup
from rt0table.rules.rt0.fight.state import CombatState, Phase
from rt0table.rules.rt0.story import ops
from rt0table.rules.rt0.story.story_doc import story_doc
from rt0table.rules.rt0.story.tale import Story
from rt0table.rules.rt0.traits import Arcana, Skill, Spell, Trait

PARTY = [Character("Pip", Arcana.FOOL, Trait.STRONG, Trait.SLOW, Skill.GYM, Skill.LAW, (Spell.ARIES,))]
BESTIARY = load_bestiary(asset("adversaries", "book.json").read_text(encoding="utf-8"), "book.json")
MOST_ACTIONS = 400


def choose(state: CombatState) -> Action:
    """Strike when possible, answer any question with its first option, else end the turn."""
    if state.pending is not None:
        return Choose(0)
    actions = legal_actions(state)
    strikes = [a for a in actions if isinstance(a, PlayCard) and "strike" in a.ability]
    return strikes[0] if strikes else next(a for a in actions if isinstance(a, EndTurn))


def one_fight(playthrough: Playthrough, number: int) -> None:
    playthrough.submit(ops.ChooseSleep("pip", cp.Sleep.RESTFUL))
    plan = fp.FightPlan(number, 1, (AdversarySetup("training_robot", (0, 0)),))
    session = playthrough.begin_fight(plan, BESTIARY)
    for _ in range(MOST_ACTIONS):
        if session.state.phase is Phase.OVER:
            break
        session.submit(choose(session.state))
    if session.state.phase is Phase.OVER:
        playthrough.end_fight()
        if playthrough.campaign.member("pip").corruption.owed:
            playthrough.submit(ops.MarkCorruption("pip"))
        for injury in playthrough.campaign.member("pip").injuries.names:
            playthrough.submit(ops.HealInjury("pip", injury))
    else:  # a fight that would not end: leave the table as a player would, by a new playthrough's rules
        raise SystemExit(f"fight {number} did not end in {MOST_ACTIONS} actions")
    playthrough.submit(ops.EndDay())


def grow(folder: Path, fights: int, whole_every_change: bool) -> tuple[int, float]:
    """The save file's size after ``fights`` fights (and seconds taken)."""
    started = time.perf_counter()
    with SaveStore(folder, app_version="bench") as store:
        playthrough = Playthrough(Mode.HOT_SEAT, fp.from_party(PARTY), seed=3)
        autosave = Autosave.start(store, playthrough)
        if whole_every_change:  # format 4: the whole record after every change that changed it
            playthrough.keeper = _WholeRecord(store, autosave, playthrough)
        for number in range(1, fights + 1):
            one_fight(playthrough, number)
        path = store.path_of(autosave.game_id)
    return path.stat().st_size, time.perf_counter() - started


class _WholeRecord:
    """The format-4 keeper, for comparison: fights are recorded, the record is written whole whenever it changed."""

    def __init__(self, store: SaveStore, autosave: Autosave, playthrough: Playthrough) -> None:
        self.store, self.autosave, self.playthrough = store, autosave, playthrough
        self.last = json.dumps(playthrough_doc(playthrough), sort_keys=True)

    def begin_fight(self, setup: CombatSetup) -> Recorder:
        return self.autosave.begin_fight(setup)

    def keep(self, story: Story, op: object = None) -> None:
        doc = story_doc(story)
        text = json.dumps(doc, sort_keys=True)
        if text != self.last:
            self.store.save_campaign(self.autosave.game_id, doc)
            self.last = text


def main() -> None:
    first, second = (int(a) for a in sys.argv[1:3]) if len(sys.argv) > 2 else (25, 100)
    print("save size after K short fights (one fighter against a training robot, a Day each)")
    for label, whole in (("format 4: whole record per change", True), ("format 5: change rows", False)):
        sizes = []
        for fights in (first, second):
            with tempfile.TemporaryDirectory() as folder:
                size, seconds = grow(Path(folder), fights, whole)
            sizes.append(size)
            print(f"  {label:36} K={fights:4}: {size / 1024:9.1f} KiB  ({seconds:.1f} s)")
        per_first = sizes[0] / first
        per_later = (sizes[1] - sizes[0]) / (second - first)
        print(
            f"  {label:36} bytes per fight: first {per_first:,.0f}, later {per_later:,.0f}"
            f" (ratio {per_later / per_first:.2f})"
        )


if __name__ == "__main__":
    main()
