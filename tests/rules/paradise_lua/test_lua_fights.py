"""A fight called at a location is a real RT:0 fight: its adversaries set up on the engine and played out."""

from __future__ import annotations

from dataclasses import replace

import pytest

from rt0table.rules.paradise_lua.lua_campaign import CallFight, FightCalled, apply, new_playthrough
from rt0table.rules.paradise_lua.lua_encounters import fight_setups
from rt0table.rules.paradise_lua.world_content import World
from rt0table.rules.paradise_lua.world_map import Spot
from rt0table.rules.rt0.cli.simulation import greedy
from rt0table.rules.rt0.content.adversaries import AdversaryKind
from rt0table.rules.rt0.fight.engine import FighterSetup, adversary_ids, apply_in_place, new_combat

PARTY = [FighterSetup(f"pc{i}", f"PC {i}", (i, 0)) for i in range(3)]


def play_out(state, rounds: int = 200):  # type: ignore[no-untyped-def]
    while state.result is None and state.round < rounds:
        apply_in_place(state, greedy(state))
    return state


@pytest.mark.rule("GM-COMBAT-SCALING", "BST-EXECUTARE", "LOC-JOY-PORTSEC")
def test_a_fight_called_at_portsec_is_set_up_on_the_engine_and_won(
    world: World, bestiary: dict[str, AdversaryKind]
) -> None:
    state = replace(new_playthrough(1), at=Spot("MAP-JOYEUSE", "CUSTOMS"))
    called = apply(world, state, CallFight("FAC-EXECUTARE", len(PARTY)))[1][0]
    assert isinstance(called, FightCalled)
    setups = fight_setups(called.adversaries, 3)
    assert [s.zone for s in setups] == [(0, 2), (1, 2), (2, 2)]  # the far row, facing the party
    combat, _ = new_combat(4, 3, PARTY, setups, bestiary)
    assert (
        [a.id for a in combat.adversaries]
        == adversary_ids(setups)
        == ["shadowling-1", "executare-1", "esw_netcannon-1"]
    )
    assert play_out(combat).result == "victory"


def test_more_adversaries_than_columns_share_the_far_row() -> None:
    setups = fight_setups(("mob",) * 5, 3)
    assert [s.zone for s in setups] == [(0, 2), (1, 2), (2, 2), (0, 2), (1, 2)]


@pytest.mark.rule("ADV-OTHERS")
@pytest.mark.parametrize(
    "kind", ["terror", "esw_netcannon", "esw_psyche", "esw_flash", "esw_sledge", "bound", "legion", "ravenous"]
)
def test_each_new_adversary_plays_a_whole_fight(bestiary: dict[str, AdversaryKind], kind: str) -> None:
    combat, _ = new_combat(2, 3, PARTY, fight_setups((kind,), 3), bestiary)
    done = play_out(combat)
    assert done.result in ("victory", "defeat", "escaped")
