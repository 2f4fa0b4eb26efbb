"""The eight adversaries the book names without any entry now have house entries (ADV-OTHERS, BST-*)."""

from __future__ import annotations

import pytest

from rt0table.rules.rt0.content.adversaries import AdversaryKind

EIGHT = {
    "terror": "Terror",
    "esw_netcannon": "ESW Netcannon",
    "esw_psyche": "ESW Psyche",
    "esw_flash": "ESW Flash",
    "esw_sledge": "ESW Sledge",
    "bound": "Bound",
    "legion": "Legion",
    "ravenous": "Ravenous",
}


@pytest.mark.rule("ADV-OTHERS", "BST-NO-NUMBERS")
@pytest.mark.parametrize("kind_id", list(EIGHT))
def test_each_missing_adversary_has_a_house_entry(bestiary: dict[str, AdversaryKind], kind_id: str) -> None:
    kind = bestiary[kind_id]
    assert kind.name == EIGHT[kind_id]
    assert kind.source == "house" and kind.notes.startswith("House content")
    assert set(kind.intents) == {"Swords", "Wands", "Cups", "Pentacles", "Major"}
    assert 10 <= kind.hp <= 40
    assert any(step.do == "damage" for plan in kind.intents.values() for step in plan.steps)


@pytest.mark.rule("HOR-TERROR", "HOR-LEGION", "HOR-RAVENOUS", "HOR-BOUND")
def test_the_four_suited_horrors_outlast_their_factions_rank_and_file(bestiary: dict[str, AdversaryKind]) -> None:
    ranks = {"terror": "executare", "legion": "mob", "ravenous": "company_muscle", "bound": "robort"}
    for horror, rank in ranks.items():
        assert bestiary[horror].hp > bestiary[rank].hp
    assert bestiary["terror"].hidden_intents  # cowardly: it hides what it means to do
    assert bestiary["legion"].targeting == "dimwitted"  # a mob's mass, not a mind


@pytest.mark.rule("BST-EXECUTARE")
def test_the_esw_team_is_complete(bestiary: dict[str, AdversaryKind]) -> None:
    team = {k for k, kind in bestiary.items() if kind.name.startswith("ESW ")}
    assert team == {"esw_netcannon", "esw_psyche", "esw_shield", "esw_flash", "esw_sledge"}
    assert all(bestiary[k].targeting == "strategic" for k in team)
