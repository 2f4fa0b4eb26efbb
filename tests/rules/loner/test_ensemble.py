"""Ensemble content read into Loner: the three adjustments, and errors that name the file, the entry and the field."""

from __future__ import annotations

import json
from typing import Any

import pytest

from rt0table.rules.loner.ensemble import load_ensemble
from rt0table.rules.loner.tables import LonerDataError

FILE = "harbour.json"


def doc(**extra: Any) -> dict[str, Any]:
    base: dict[str, Any] = {
        "format": 1,
        "title": "Harbour Lights",
        "settings": [{"name": "The Old Port", "tags": ["Fog Every Night", "Customs Everywhere"]}],
        "tables": [{"name": "Rumours", "entries": ["A ship came in empty", "The lighthouse went dark"]}],
        "npcs": [
            {"name": "Warden Hale", "concept": "Tireless Customs Officer", "skills": ["Spots a Lie"], "luck": 9},
            {"name": "The Grey Skiff", "concept": "Leaky Boat", "living": False, "luck": 6},
        ],
        "tags": ["Salt Air"],
    }
    base.update(extra)
    return base


def load(data: Any) -> Any:
    return load_ensemble(json.dumps(data), FILE)


@pytest.mark.rule("LONER-ENSEMBLE-LUCK")
def test_imported_npcs_are_reset_to_six_luck_and_the_reset_is_reported() -> None:
    content = load(doc())
    assert [n.luck for n in content.npcs] == [6, 6]
    assert [n.id for n in content.npcs] == ["warden-hale", "the-grey-skiff"]
    assert content.adjustments == ("Warden Hale: Luck 9 reset to 6; the threat lives in the tags",)
    assert content.settings[0].tags == ("Fog Every Night", "Customs Everywhere")
    assert content.tables[0].entries[1] == "The lighthouse went dark" and content.tags == ("Salt Air",)
    with pytest.raises(LonerDataError, match="'Warden Hale', field 'luck': Ensemble Luck runs from 3 to 10"):
        load(doc(npcs=[{"name": "Warden Hale", "concept": "Officer", "luck": 12}]))


@pytest.mark.rule("LONER-ENSEMBLE-DICE")
def test_a_dice_pool_becomes_one_die_a_side() -> None:
    content = load(doc(oracle={"chance_dice": 3, "risk_dice": 1}))
    assert "a pool of 3 Chance dice becomes one Chance die; an edge adds one die at most" in content.adjustments
    with pytest.raises(LonerDataError, match="field 'risk_dice': a pool has at least one die"):
        load(doc(oracle={"risk_dice": 0}))


@pytest.mark.rule("LONER-ENSEMBLE-TWIST")
def test_the_twist_counter_keeps_three_and_ticks_on_doubles() -> None:
    content = load(doc(oracle={"twist_trigger": "yes-but", "twist_threshold": 3}))
    assert "the Twist Counter ticks on doubles only, not on every Yes, but…" in content.adjustments
    assert load(doc(oracle={"twist_trigger": "doubles"})).adjustments[1:] == ()
    with pytest.raises(LonerDataError, match="twist_threshold"):
        load(doc(oracle={"twist_threshold": 4}))


@pytest.mark.parametrize(
    ("data", "where"),
    [
        ("{", "entry '(file)', field '(json)'"),
        ([], "entry '(file)', field '(top level)'"),
        (doc(format=2), "entry '(file)', field 'format'"),
        (doc(title=" "), "entry '(file)', field 'title'"),
        (doc(colour="red"), "entry '(file)', field 'colour'"),
        (doc(settings=[{"name": "Dock", "tags": "Wet"}]), "entry 'Dock', field 'tags'"),
        (doc(tables=[{"name": "Rumours", "entries": []}]), "entry 'Rumours', field 'entries'"),
        (doc(tables=[{"entries": ["x"]}]), "entry 'table 1', field 'name'"),
        (doc(npcs=[{"name": "Hale"}]), "entry 'Hale', field 'concept'"),
        (doc(npcs=[{"name": "Hale", "concept": "Officer", "skills": ["ok", 3]}]), "entry 'Hale', field 'skills[1]'"),
        (
            doc(npcs=[{"name": "Bell", "concept": "Cursed", "living": False, "goal": "Ring"}]),
            "entry 'Bell', field 'goal'",
        ),
        (doc(npcs=[{"name": "Hale", "concept": "A", "mood": 1}]), "entry 'Hale', field 'mood'"),
        (doc(npcs=[{"name": "A", "concept": "x", "id": "a"}, {"name": "B", "concept": "y", "id": "a"}]), "field 'id'"),
        (doc(oracle={"twist_trigger": "sometimes"}), "entry 'oracle', field 'twist_trigger'"),
    ],
)
def test_errors_name_the_file_the_entry_and_the_field(data: Any, where: str) -> None:
    text = data if isinstance(data, str) else json.dumps(data)
    with pytest.raises(LonerDataError) as raised:
        load_ensemble(text, FILE)
    assert str(raised.value).startswith(f"{FILE}: ") and where in str(raised.value)
