"""The playthrough's document through RT:0's one codec: what the hand-written one wrote, byte for byte, read back
whole, and a damaged part refused naming its field."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from rt0table.desktop.flow.playthrough import Mode
from rt0table.desktop.flow.playthrough_doc import story_doc, story_from_doc
from rt0table.rules.rt0.campaign import campaign as cp
from rt0table.rules.rt0.campaign.character import Character, Eddy
from rt0table.rules.rt0.campaign.gm_asks import PowerRequest
from rt0table.rules.rt0.traits import Arcana, Skill, Spell, Trait
from rt0table.rules.story.chronicle import Line
from rt0table.rules.story.tale import DayChoices, FinishedFight, Note, Story, new_story

# Written by ``story_doc`` (and ``json.dumps``) while it built each part by hand.
SNAPSHOT = (Path(__file__).parent / "snapshots" / "story_doc_before_one_codec.json").read_text(encoding="utf-8")

PIP = Character("Pip", Arcana.FOOL, Trait.STRONG, Trait.SLOW, Skill.ART, Skill.SCI, (Spell.LEO,), "x", "y")
MO = Character("Mo", Arcana.MAGICIAN, Trait.FAST, Trait.WEAK, Skill.SHOP, Skill.LAW, (Spell.ARIES,))


def story() -> Story:
    """Every part the document holds: food and sleep chosen, notes, fights concluded, journal lines, a request."""
    members = (cp.Member("a", PIP), cp.Member("b", MO))
    game = cp.Campaign(members=members, eddies=(Eddy("Eddy", Skill.AID),), eddy_names=("Eddy",))
    return replace(
        new_story("solo", game, 7),
        choices=DayChoices((("a", cp.Meal.INEDIBLE),), (("b", cp.Sleep.NONE), ("a", cp.Sleep.RESTFUL))),
        notes=(Note(1, 1, "Dockworker <Ines>"), Note(2, 1, "ü")),
        finished=(FinishedFight(1, "won", 2), FinishedFight(2, "fled", 0)),
        chronicle=(Line(1, None, "Day 1."), Line(1, "a", "", "typed", 1, None), Line(1, "b", "x", "", None, 3)),
        request=PowerRequest("a", "Deus Ex Machina", "a door"),
        next_note=3,
    )


def test_the_document_is_what_the_hand_written_parts_wrote_byte_for_byte() -> None:
    assert json.dumps(story_doc(Mode.SOLO, story())) + "\n" == SNAPSHOT
    assert "request" not in story_doc(Mode.SOLO, replace(story(), request=None))


def test_a_document_the_hand_written_parts_wrote_reads_back_whole() -> None:
    back = story_from_doc(json.loads(SNAPSHOT))
    assert back == replace(story(), checks=back.checks)
    assert back.checks.kept() == story().checks.kept()


@pytest.mark.parametrize(
    ("key", "value", "message"),
    [
        ("finished", [[1, "won", "2"]], r"^finished\[0\]\.gain: expected a whole number"),
        ("notes", [[1, 1]], r"^notes\[0\]\.text: is missing"),
        ("chronicle", [[1, 5, "x", "", None, None]], r"^chronicle\[0\]\.who: expected a text"),
        ("chronicle", [[1, None, "x", "", None, None, 9]], r"^chronicle\[0\]: expected at most 6 values"),
        ("choices", {"meals": [["a", "cake"]]}, r"^choices\.meals\[0\]\[1\]: 'cake' is not a known Meal"),
        ("request", ["a", "Flying", ""], r"^request\.power: 'Flying' is not asked of the GM"),
        ("request", "please", r"^request: expected a PowerRequest"),
    ],
)
def test_a_damaged_part_is_refused_naming_its_field(key: str, value: Any, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        story_from_doc({**json.loads(SNAPSHOT), key: value})
