"""Items in the saved fight set-up (ITM-LIST): a set-up with items comes back whole; one saved before items has none."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rt0table.desktop.saves.gamefile import fight_from_text, fight_text
from rt0table.rules.rt0.fight.engine import AdversarySetup, FighterSetup
from rt0table.rules.rt0.fight.rt0_setup import CombatSetup
from rt0table.rules.rt0.fight.serialize import state_hash
from rt0table.rules.rt0.rt0_seam import RT0
from tests.helpers.fight_builders import bestiary

CARRIER = FighterSetup("mara", "Mara", (0, 2), items=("EVA Suit", "Headphones"), suited=True, headphones=(5, 40))
SETUP = CombatSetup(7, 3, (CARRIER,), (AdversarySetup("laborer", (0, 0)),), bestiary())


SAVE = Path("game.rt0save")  # the file a damaged set-up would be reported against


@pytest.mark.rule("ITM-LIST")
def test_a_setup_with_items_comes_back_whole_and_starts_the_same_fight() -> None:
    again = fight_from_text(SAVE, RT0, fight_text(RT0, SETUP))
    assert again.fighters == SETUP.fighters
    assert state_hash(again.start()[0]) == state_hash(SETUP.start()[0])


@pytest.mark.rule("ITM-LIST")
def test_a_setup_saved_before_items_decodes_as_carrying_nothing() -> None:
    old = json.loads(fight_text(RT0, SETUP))
    for fighter in old["fighters"]:
        for key in ("items", "suited", "headphones"):
            del fighter[key]
    again = fight_from_text(SAVE, RT0, json.dumps(old))
    assert again.fighters[0].items == () and not again.fighters[0].suited and again.fighters[0].headphones == ()
    state, _ = again.start()
    assert state.fighter("mara").items == []
