"""The playthrough's document through RT:0's one codec: what the hand-written one wrote, byte for byte, read back
whole, and a damaged part refused naming its field."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from rt0table.desktop.flow.playthrough import Mode
from rt0table.desktop.flow.playthrough_doc import playthrough_from_doc
from rt0table.rules.loner.oracle_state import OracleState
from rt0table.rules.loner.scenes import CloseReason, Scene, SceneFrame
from rt0table.rules.loner.terms import SceneKind
from rt0table.rules.paradise_lua.lua_campaign import new_playthrough
from rt0table.rules.rt0.campaign import campaign as cp
from rt0table.rules.rt0.campaign.character import Character, Eddy
from rt0table.rules.rt0.campaign.gm_asks import PowerRequest
from rt0table.rules.rt0.fight.engine import AdversarySetup, FighterSetup
from rt0table.rules.rt0.solo.journal_bridge import SoloJournal, Written
from rt0table.rules.rt0.story.chronicle import Line
from rt0table.rules.rt0.story.decks import fresh_decks
from rt0table.rules.rt0.story.story_doc import DocError, story_doc, story_from_doc
from rt0table.rules.rt0.story.tale import DayChoices, FinishedFight, Note, Story, new_story
from rt0table.rules.rt0.traits import Arcana, Skill, Spell, Trait
from tests.helpers.fight_builders import fight

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
    assert json.dumps(story_doc(story())) + "\n" == SNAPSHOT
    assert "request" not in story_doc(replace(story(), request=None))


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


# --- the document's top level through the codec (PartyRecord) ---------------------------------------------------

# Written by main's ``story_doc`` at 9d02960 (and ``json.dumps``, as the save does) while it assembled the top level
# as a plain dict: one document per shape (``shaped``).
SHAPES: dict[str, str] = json.loads(
    (Path(__file__).parent / "snapshots" / "party_record_before_typing.json").read_text(encoding="utf-8")
)


def scene(closed: bool) -> SoloJournal:
    """The solo journal in a scene (with a note the game wrote), or between scenes after a closed one."""
    if closed:
        frame = Scene(1, SceneKind.DRAMATIC, SceneFrame("x", "y", "z"), CloseReason.RESOLVED, "safe")
        return SoloJournal(OracleState(scene=frame, scenes_played=1))
    journal, entry = OracleState().journal.annotate("Dockworker <Ines>")
    frame = Scene(2, SceneKind.QUIET, SceneFrame("a", "b", "c"))
    return SoloJournal(OracleState(journal=journal, scene=frame, scenes_played=1), (Written(entry.id, 1, 0),), 1)


def shaped(name: str) -> tuple[Mode, Story]:
    """The story each snapshot was written from."""
    whole = story()
    if name == "solo, every part, a request":
        return Mode.SOLO, whole
    if name == "hot-seat, a fight on, a solo journal, no request":
        combat = fight([FighterSetup("a", "Pip", (1, 1))], [AdversarySetup("laborer", (0, 0))])
        return Mode.HOT_SEAT, replace(whole, request=None, fight=combat, solo=scene(closed=False), mode="hot-seat")
    assert name == "solo, Paradise Lua, a closed scene"
    return Mode.SOLO, replace(whole, lua=new_playthrough(11), solo=scene(closed=True), notes=(), chronicle=())


@pytest.mark.parametrize("name", sorted(SHAPES))
def test_the_typed_top_level_writes_what_the_plain_dict_wrote_byte_for_byte(name: str) -> None:
    assert json.dumps(story_doc(shaped(name)[1])) == SHAPES[name]


@pytest.mark.parametrize("name", sorted(SHAPES))
def test_a_document_the_plain_dict_wrote_reads_back_and_writes_the_same(name: str) -> None:
    doc = json.loads(SHAPES[name])
    playthrough, fight_on = playthrough_from_doc(doc)
    assert fight_on is doc["fight_on"] and playthrough.mode is shaped(name)[0]
    again = story_doc(playthrough.story)  # no fight read back: the fight is the save's log
    assert json.dumps(again) == json.dumps({**doc, "fight_on": False})


@pytest.mark.parametrize(
    ("key", "value", "message"),
    [
        ("seed", "7", r"^seed: expected a whole number, found '7'$"),
        ("seed", None, r"^seed: expected a whole number, found None$"),
        ("mode", "duo", r"^mode: 'duo' is not a known Mode$"),
        ("day", True, r"^day: expected a whole number, found True$"),
        ("fight_on", 1, r"^fight_on: expected true or false, found 1$"),
        ("log", ["Day 1.", 3], r"^log\[1\]: expected a text, found 3$"),
        ("log", "Day 1.", r"^log: expected a list, found 'Day 1\.'$"),
        ("version", 1.0, r"^version: expected a whole number, found 1\.0$"),
    ],
)
def test_a_damaged_top_level_field_is_refused_naming_it(key: str, value: Any, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        story_from_doc({**json.loads(SNAPSHOT), key: value})


@pytest.mark.parametrize("key", ["version", "day", "mode", "seed", "campaign"])
def test_a_document_without_its_top_level_is_refused_naming_the_field(key: str) -> None:
    doc = json.loads(SNAPSHOT)
    del doc[key]
    with pytest.raises(ValueError, match=rf"^{key}: is missing \(an incomplete PartyRecord\)$"):
        story_from_doc(doc)


def test_the_load_screen_hears_the_path_and_an_old_document_still_loads() -> None:
    with pytest.raises(
        DocError, match=r"^the party's record cannot be read \(seed: expected a whole number, found '7'\)$"
    ):
        playthrough_from_doc({**json.loads(SNAPSHOT), "seed": "7"})
    first = {k: v for k, v in json.loads(SNAPSHOT).items() if k in ("version", "day", "mode", "seed", "campaign")}
    first |= {"log": [], "finished": [[1, "won", 2]], "fight_on": True, "solo": None}  # the first document's keys
    playthrough, fight_on = playthrough_from_doc(first)
    assert fight_on and playthrough.story.finished == (FinishedFight(1, "won", 2),) and playthrough.story.notes == ()
    assert (
        playthrough.story.request is None
        and playthrough.story.checks.kept() == fresh_decks(playthrough.campaign, 7 + 1).kept()
    )
