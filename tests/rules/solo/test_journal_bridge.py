"""The journal bridge: fight start, skill checks and the fight's summary become entries keyed to the step that
wrote them; rewinding takes out exactly those; the whole record survives a JSON round trip."""

from __future__ import annotations

import json
import random
from dataclasses import replace

import pytest

from rt0table.rules.loner.journal import FightEntry, JournalError, NoteEntry, QuestionEntry, SkillCheckEntry
from rt0table.rules.loner.markdown import to_markdown
from rt0table.rules.loner.oracle import Edge, throw_oracle
from rt0table.rules.loner.oracle_state import OracleState, annotate, ask
from rt0table.rules.rt0.fight.actions import Choose, PlayCard
from rt0table.rules.rt0.fight.events import CombatEnded
from rt0table.rules.rt0.solo.gm_stand_in import GmStandIn, Policy
from rt0table.rules.rt0.solo.journal_bridge import (
    SoloJournal,
    Written,
    begin_fight,
    read_solo,
    record_step,
    rewind,
    write_solo,
)
from tests.helpers.solo_fights import greedy, knock_down_fight, skill_check_fight


def asked(solo: SoloJournal, question: str) -> SoloJournal:
    oracle, _ = ask(solo.oracle, question, [], [], throw_oracle(random.Random(3), Edge.NEUTRAL))
    return solo.with_oracle(oracle)


def played_to_the_end(seed: int = 5) -> tuple[SoloJournal, object]:
    game = knock_down_fight(seed=seed, card="9 of Swords")
    start = game.state
    solo = begin_fight(SoloJournal(), start)
    stand_in = GmStandIn()
    while game.state.result is None:
        answer = stand_in.respond(game.state)
        events = game.push(answer.action if answer is not None else greedy(game.state))
        solo = record_step(solo, start, game.state, events, len(game.steps))
    return solo, game


def test_a_fight_begins_with_its_room_and_sides_at_step_zero() -> None:
    game = knock_down_fight()
    solo = begin_fight(SoloJournal(), game.state)
    entry = solo.journal.entries[0]
    assert isinstance(entry, FightEntry)
    assert entry.title == "3x3 room" and entry.sides == ("Mara and Jun", "Executare")
    assert entry.outcome == "begins" and solo.written == (Written(1, 1, 0),) and solo.fight == 1


def test_the_end_of_a_fight_writes_its_summary() -> None:
    solo, game = played_to_the_end()
    summary = solo.journal.entries[-1]
    assert isinstance(summary, FightEntry)
    state = game.state  # type: ignore[attr-defined]
    assert summary.rounds == state.round >= 1
    assert summary.outcome == {"victory": "Victory", "defeat": "Defeat", "escaped": "Escaped"}[state.result]
    injured = [f for f in state.fighters if f.injuries]
    assert injured, "Mara started on 3 HP next to a Strategic adversary"
    for fighter in injured:
        assert f"{fighter.name} took {fighter.injuries[0]}" in summary.summary or f"{fighter.name} died" in (
            summary.summary
        )
    assert "Corruption" in summary.summary
    text = to_markdown(solo.journal)
    assert "**Fight:** 3x3 room (Mara and Jun vs Executare)" in text
    assert f"{state.round} round" in text


def test_a_skill_check_in_a_fight_is_written_with_its_cards() -> None:
    game = skill_check_fight()
    start = game.state
    solo = begin_fight(SoloJournal(), start)
    for card in list(start.fighter("mara").hand)[:2]:
        game.push(PlayCard("mara", card, "move_skill"))
    game.push(Choose(len(game.state.pending.options) - 1))  # type: ignore[union-attr]
    game.push(Choose(0))
    answer = GmStandIn(Policy(player_sets_difficulty=False)).respond(game.state)
    assert answer is not None
    events = game.push(answer.action)
    solo = record_step(solo, start, game.state, events, len(game.steps))
    entry = solo.journal.entries[-1]
    assert isinstance(entry, SkillCheckEntry)
    assert entry.actor == "Mara" and entry.skill == "FINAID" and entry.difficulty == "Medium"
    assert entry.cards and entry.result in ("success", "failure", "critical success", "critical failure")
    assert solo.written[-1] == Written(2, 1, len(game.steps))


def test_rewinding_takes_out_what_the_undone_steps_wrote_and_nothing_else() -> None:
    solo, game = played_to_the_end()
    steps = len(game.steps)  # type: ignore[attr-defined]
    solo = asked(solo, "Does anyone hear the fight?")
    oracle, _ = annotate(solo.oracle, "Close call.", about=len(solo.journal.entries) - 1)  # on the summary
    solo = solo.with_oracle(oracle)
    oracle, _ = annotate(solo.oracle, "A free note.")
    solo = solo.with_oracle(oracle)
    before = solo.journal.entries
    rewound = rewind(solo, steps - 1)
    kinds = [type(e) for e in rewound.journal.entries]
    assert FightEntry in kinds and kinds.count(FightEntry) == 1, "the summary went, the opening stayed"
    assert [e.question for e in rewound.journal.entries if isinstance(e, QuestionEntry)] == [
        "Does anyone hear the fight?"
    ]
    notes = [e for e in rewound.journal.entries if isinstance(e, NoteEntry)]
    assert [n.text for n in notes] == ["A free note."], "the note on the summary went with it"
    assert [e.id for e in rewound.journal.entries] == list(range(1, len(rewound.journal.entries) + 1))
    assert len(rewound.journal.entries) == len(before) - 2
    assert rewind(rewound, steps - 1) == rewound
    assert rewind(solo, steps) == solo


def test_rewinding_renumbers_the_written_keys() -> None:
    game = knock_down_fight()
    solo = begin_fight(SoloJournal(), game.state)
    solo = asked(solo, "Is the door locked?")
    solo = record_step(solo, game.state, game.state, [CombatEnded("victory")], 3)
    solo = asked(solo, "Is anyone coming?")
    solo = record_step(solo, game.state, game.state, [CombatEnded("victory")], 5)
    rewound = rewind(solo, 4)
    assert rewound.written == (Written(1, 1, 0), Written(3, 1, 3))
    assert isinstance(rewound.journal.get(3), FightEntry)


def test_the_record_survives_json() -> None:
    solo, _ = played_to_the_end()
    solo = asked(solo, "Is it over?")
    data = json.loads(json.dumps(write_solo(solo)))
    again = read_solo(data)
    assert again == solo


def test_the_oracles_tag_shelf_survives_a_fight_and_json() -> None:
    """The tags the player keeps on the oracle, picked or not, go through a fight's start and a save."""
    shelf = replace(OracleState(), tags_for=(("Armed", True), ("Fast", False)), tags_against=(("Hurt", True),))
    solo = begin_fight(SoloJournal(oracle=shelf), knock_down_fight(seed=5, card="9 of Swords").state)
    assert (solo.oracle.tags_for, solo.oracle.tags_against) == (shelf.tags_for, shelf.tags_against)
    again = read_solo(json.loads(json.dumps(write_solo(solo))))
    assert again == solo
    old = write_solo(solo)
    del old["oracle"]["tags"]  # a save from before the shelf was kept
    assert read_solo(old).oracle.tags_for == ()
    old["oracle"]["tags"] = {"for": [["Armed", "yes"]]}
    with pytest.raises(JournalError, match=r"field 'oracle.tags.for' must be a list of \[tag, picked\] pairs"):
        read_solo(old)
