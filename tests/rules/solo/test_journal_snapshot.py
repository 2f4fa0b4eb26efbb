"""The Loner journal and the solo journal write the same JSON, byte for byte, as the hand-written codec did
(snapshots written with it, before the journals went through the type-driven codec), and read it back."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from rt0table.rules.loner.journal import (
    DeadEndEntry,
    FightEntry,
    InspirationEntry,
    Journal,
    JournalError,
    LeverageEntry,
    LeverageMove,
    MeanwhileEntry,
    QuestionEntry,
    SceneEntry,
    SkillCheckEntry,
    StatusEntry,
    StatusMove,
    TrackEntry,
    TrackMove,
    TwistEntry,
    read_journal,
    write_journal,
)
from rt0table.rules.loner.leverage import Leverage
from rt0table.rules.loner.oracle import Answer, OracleThrow, read_oracle
from rt0table.rules.loner.oracle_state import OracleState
from rt0table.rules.loner.scenes import CloseReason, DeadEndLog, DeadEndResult, Scene, SceneFrame
from rt0table.rules.loner.status import StatusBox, StatusTrack
from rt0table.rules.loner.terms import Arena, SceneKind
from rt0table.rules.loner.tracks import ChallengeTrack
from rt0table.rules.loner.twist import Twist, TwistCounter
from rt0table.rules.rt0.solo.journal_bridge import SoloJournal, Written, read_solo, write_solo

SNAPSHOTS = Path(__file__).parent / "journal_snapshots"


def every_entry() -> Journal:
    """A journal holding every kind of entry, with optional fields both set and left empty."""
    journal = Journal()
    for entry in (
        SceneEntry(1, SceneKind.DRAMATIC, "neon alley", "a bounty hunter", "find cover"),
        QuestionEntry("Do I reach cover?", read_oracle(OracleThrow((5, 2), (4,))), ("Nimble",), (), 0),
        QuestionEntry("Is it locked?", read_oracle(OracleThrow((3,), (3, 1))), (), ("Rusty",), 1, leverage="keys"),
        TwistEntry(Twist(1, 5, "A third party", "Changes the goal")),
        InspirationEntry(("multiply", "motion"), ((2, 4), (3, 2))),
        SkillCheckEntry("Zahra", "Streetwise", "Hard", ("7 of Cups", "Page of Swords"), "pass"),
        FightEntry("Alley fight", ("Zahra", "Thug"), 3, "Zahra wins", "close call"),
        LeverageEntry(LeverageMove.BANKED, "credentials"),
        LeverageEntry(LeverageMove.SOFTENED, "credentials", "No became No, but…"),
        TrackEntry(TrackMove.OPENED, "Expose Leton", 6, 0, 0, threat=True),
        TrackEntry(TrackMove.MARKED, "Expose Leton", 6, 0, 1, True, Answer.YES_AND, "the scene closed"),
        StatusEntry(StatusMove.FILLED, "Gossiped about", 1, Arena.SOCIAL),
        StatusEntry(StatusMove.RECOVERED, "Gossiped about", 0, reason="a night's rest"),
        DeadEndEntry("the courier", 1, DeadEndResult.NEW_ELEMENT),
        MeanwhileEntry("Leton security", "On the trail", "Closing in", True),
        SceneEntry(1, SceneKind.DRAMATIC, closed=CloseReason.RESOLVED, outcome="safe", transition_die=4),
    ):
        journal, _ = journal.add(entry)
    journal, _ = journal.annotate("She hears sirens.", about=2)
    journal, _ = journal.annotate("Session ends here.")
    return journal


def every_field() -> SoloJournal:
    """A solo journal whose oracle has every part filled in."""
    oracle = OracleState(
        counter=TwistCounter(2),
        twist_due=True,
        in_conflict=True,
        leverage=Leverage("credentials"),
        scene=Scene(2, SceneKind.QUIET, SceneFrame("the docks", "a courier", "get the parcel"), None, ""),
        scenes_played=2,
        journal=every_entry(),
        tracks=(ChallengeTrack("Expose Leton", 6, 1, True), ChallengeTrack("Fix the car", 4, 0, False)),
        marked_scene=1,
        status=StatusTrack((StatusBox(Arena.SOCIAL, "Gossiped about"),)),
        dead_ends=DeadEndLog((("the courier", 1),)),
        opposition=(("Leton security", "Closing in"),),
        tags_for=(("Armed", True), ("Fast", False)),
        tags_against=(("Hurt", True),),
    )
    return SoloJournal(oracle, (Written(6, 1, 0), Written(7, 1, 3)), 1)


def closed_scene() -> SoloJournal:
    """The oracle between scenes, after a closed one, with nothing else kept."""
    scene = Scene(1, SceneKind.DRAMATIC, SceneFrame("x", "y", "z"), CloseReason.RESOLVED, "safe")
    return SoloJournal(OracleState(scene=scene, scenes_played=1))


def snapshot(name: str) -> str:
    return (SNAPSHOTS / name).read_text(encoding="utf-8").removesuffix("\n")


def test_the_journal_writes_as_before_and_reads_back() -> None:
    journal = every_entry()
    assert json.dumps(write_journal(journal)) == snapshot("journal.json")
    assert read_journal(json.loads(snapshot("journal.json"))) == journal


def test_the_solo_journal_writes_as_before_and_reads_back() -> None:
    for name, solo in (
        ("solo.json", every_field()),
        ("solo_closed_scene.json", closed_scene()),
        ("solo_empty.json", SoloJournal()),
    ):
        assert json.dumps(write_solo(solo)) == snapshot(name), name
        assert read_solo(json.loads(snapshot(name))) == solo, name


def damaged(path: list[Any], value: Any) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(snapshot("solo.json"))
    target: Any = data
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return data


ENTRIES = ["oracle", "journal", "entries"]


@pytest.mark.parametrize(
    ("path", "value", "message"),
    [
        (["oracle", "tracks", 0, 1], "6", "solo journal: field 'oracle.tracks[0][1]' must be a whole number"),
        (["oracle", "scene", "kind"], "epic", "solo journal: field 'oracle.scene.kind' has the unknown value 'epic'"),
        (["oracle", "status", 0, 0], "work", "solo journal: field 'oracle.status[0][0]' has the unknown value 'work'"),
        (["oracle", "counter"], 7, "solo journal: the oracle's state cannot be read (the Twist Counter holds 0 to 2"),
        (["oracle", "scene", "where"], 3, "solo journal: field 'oracle.scene.where' must be text"),
        ([*ENTRIES, 3, "subject"], 5, "entry 4: field 'subject' must be text"),
        ([*ENTRIES, 4, "dice"], [[1, 2], [3]], "entry 5: field 'dice' must hold 2 items (item 2)"),
        ([*ENTRIES, 10, "answer"], "Yes", "entry 11: field 'answer' has the unknown value 'Yes'"),
        ([*ENTRIES, 13, "result"], "HOLD", "entry 14: field 'result' has the unknown value 'HOLD'"),
        ([*ENTRIES, 11, "arena"], "home", "entry 12: field 'arena' has the unknown value 'home'"),
        ([*ENTRIES, 0, "kind"], None, "entry 1: field 'kind' must be text"),
        ([*ENTRIES, 1, "roll"], [5, 4], "entry 2: field 'roll' must be an object"),
    ],
)
def test_a_damaged_solo_journal_names_the_field(path: list[Any], value: Any, message: str) -> None:
    with pytest.raises(JournalError, match=message.replace("(", r"\(").replace(")", r"\)").replace("[", r"\[")):
        read_solo(damaged(path, value))
