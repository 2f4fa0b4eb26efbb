"""Items in the saved fight set-up (ITM-LIST): a set-up with items comes back whole; one saved before items has none."""

from __future__ import annotations

import json

import pytest

from rt0table.desktop.saves.combat_setup import CombatSetup, setup_from_columns, setup_to_columns
from rt0table.rules.rt0.fight.engine import AdversarySetup, FighterSetup
from rt0table.rules.rt0.fight.serialize import state_hash
from tests.helpers.fight_builders import bestiary

CARRIER = FighterSetup("mara", "Mara", (0, 2), items=("EVA Suit", "Headphones"), suited=True, headphones=(5, 40))
SETUP = CombatSetup(7, 3, (CARRIER,), (AdversarySetup("laborer", (0, 0)),), bestiary())


def columns(setup: CombatSetup) -> dict[str, object]:
    """The header as the store hands it back: JSON columns as text."""
    return {k: json.dumps(v) if isinstance(v, list | dict) else v for k, v in setup_to_columns(setup).items()}


@pytest.mark.rule("ITM-LIST")
def test_a_setup_with_items_comes_back_whole_and_starts_the_same_fight() -> None:
    again = setup_from_columns(columns(SETUP))
    assert again.fighters == SETUP.fighters
    assert state_hash(again.start()[0]) == state_hash(SETUP.start()[0])


@pytest.mark.rule("ITM-LIST")
def test_a_setup_saved_before_items_decodes_as_carrying_nothing() -> None:
    old = columns(SETUP)
    fighters = json.loads(str(old["fighters"]))
    for fighter in fighters:
        for key in ("items", "suited", "headphones"):
            del fighter[key]
    old["fighters"] = json.dumps(fighters)
    again = setup_from_columns(old)
    assert again.fighters[0].items == () and not again.fighters[0].suited and again.fighters[0].headphones == ()
    state, _ = again.start()
    assert state.fighter("mara").items == []
