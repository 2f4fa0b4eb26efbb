"""RT:0's playthrough on the seam: a new story from its set-up, its ops applied by ``tale.apply``, its document as the
state's codec, the document's hash as the state's."""

from __future__ import annotations

import json
from dataclasses import fields, replace

import pytest

from rt0table.rules.game_json import doc_digest
from rt0table.rules.rt0.campaign import campaign as cp
from rt0table.rules.rt0.campaign.skill_check import Difficulty
from rt0table.rules.rt0.fight.engine import legal_actions
from rt0table.rules.rt0.story import ops
from rt0table.rules.rt0.story.story_doc import DocError, story_doc
from rt0table.rules.rt0.story.story_seam import STORY, StorySetup
from rt0table.rules.rt0.traits import Skill
from tests.helpers.sample_party import fool, magician, party
from tests.helpers.solo_fights import knock_down_fight


def played() -> list[ops.Op]:
    return [
        ops.ChooseMeal("a", cp.Meal.NONE),
        ops.WriteNote("the vault is shut"),
        ops.DrawCheck("Mo", Skill.SCI, "pick the lock", Difficulty.EASY),
        ops.EndDay(),
    ]


def test_a_story_begun_from_its_set_up_goes_through_its_document_and_back_to_the_same_hash() -> None:
    story, events = STORY.new_state(StorySetup("hot-seat", party(fool("Pip"), magician("Mo"))), 4)
    assert events == [] and story.mode == "hot-seat" and story.fight is None
    for op in played():
        story, _ = STORY.apply(story, op)
        again = STORY.decode_state(json.loads(json.dumps(STORY.encode_state(story))))
        assert STORY.state_hash(again) == STORY.state_hash(story)
        assert STORY.encode_state(again) == STORY.encode_state(story)
    assert STORY.state_hash(story) == doc_digest(story_doc(story)), "the hash a save's story row records"


def test_a_document_that_is_not_one_is_refused_naming_what_is_wrong() -> None:
    story, _ = STORY.new_state(StorySetup("solo", party(fool("Pip"), magician("Mo"))), 4)
    with pytest.raises(DocError, match="must be a JSON object"):
        STORY.decode_state([1, 2])
    damaged = {**STORY.encode_state(story), "seed": "seven"}
    with pytest.raises(DocError, match=r"seed: expected a whole number"):
        STORY.decode_state(damaged)


def test_the_reveals_are_the_events_own_and_a_refusal_changes_nothing() -> None:
    story, _ = STORY.new_state(StorySetup("solo", party(fool("Pip"), magician("Mo"))), 4)
    _, note = STORY.apply(story, ops.WriteNote("a note"))
    _, draw = STORY.apply(story, ops.DrawCheck("Mo", Skill.SCI, "pick the lock", Difficulty.EASY))
    assert not any(map(STORY.reveals, note)) and any(map(STORY.reveals, draw))
    assert STORY.refusal(story, ops.DeleteNote(5)) == "There is no note 5 in the journal."
    assert STORY.refusal(story, ops.Earlier("WriteNote")) is not None and not STORY.is_over(story)


def test_a_fight_step_changes_the_fight_its_steps_and_the_journal_and_keeps_everything_else() -> None:
    story, _ = STORY.new_state(StorySetup("solo", party(fool("Pip"), magician("Mo"))), 4)
    for op in played()[:3]:
        story, _ = STORY.apply(story, op)
    story, _ = STORY.apply(story, ops.BeginFight(knock_down_fight(seed=5, card="9 of Swords").state, journal=True))
    for _ in range(6):
        action = legal_actions(story.fight)[0]  # type: ignore[arg-type]
        after, _ = STORY.apply(story, ops.FightAction(action))
        assert after == replace(story, fight=after.fight, ply=story.ply + 1, solo=after.solo)
        assert after.ply == story.ply + 1 and after.fight is not story.fight
        story = after
    assert all(getattr(story, f.name) is not None for f in fields(story) if f.name in ("solo", "opening", "fight"))
