"""The playthrough as one value: every op through ``apply``, refusals change nothing, reveals are marked."""

from __future__ import annotations

from dataclasses import replace

import pytest

from rt0table.rules.loner.journal import NoteEntry
from rt0table.rules.loner.oracle_ops import AskOracle, NoteOracle
from rt0table.rules.rt0.campaign import campaign as cp
from rt0table.rules.rt0.campaign import day as clock
from rt0table.rules.rt0.campaign import fight_plan as fp
from rt0table.rules.rt0.campaign.check_table import CheckTable
from rt0table.rules.rt0.campaign.skill_check import Difficulty, Edge
from rt0table.rules.rt0.fight.engine import AdversarySetup, legal_actions
from rt0table.rules.rt0.story import ops
from rt0table.rules.rt0.story.decks import party_table
from rt0table.rules.rt0.story.tale import (
    ChecksDrawn,
    FightStepped,
    Part,
    Story,
    apply,
    changed_parts,
    new_story,
    reveals,
)
from rt0table.rules.rt0.traits import Skill, Spell
from rt0table.rules.seam import IllegalAction
from tests.helpers.fight_builders import bestiary
from tests.helpers.sample_party import fool, magician, party


def story(seed: int = 7) -> Story:
    return new_story("solo", party(fool("Pip"), magician("Mo")), seed)


def run(s: Story, *steps: ops.Op) -> Story:
    for op in steps:
        s, _ = apply(s, op)
    return s


@pytest.mark.rule("DAY-FOOD", "COR-DAY")
def test_a_day_without_food_costs_3_corruption_and_the_next_day_asks_again() -> None:
    s = run(story(), ops.ChooseMeal("a", cp.Meal.NONE))
    assert s.choices.meal("a") is cp.Meal.NONE
    s = run(s, ops.EndDay())
    assert s.campaign.member("a").corruption.owed == 3
    assert s.campaign.member("b").corruption.owed == 0
    assert s.campaign.day == 2
    assert s.choices.meal("a") is cp.Meal.EDIBLE  # issue 19 item 11: no carry-over into Day 2
    s = run(s, ops.EndDay())
    assert s.campaign.member("a").corruption.owed == 3  # Day 2 was fed: nothing more
    assert "Day 1 ends." in s.log and "Day 2 ends." in s.log


@pytest.mark.rule("DAY-SLEEP")
def test_a_bad_night_is_chosen_per_member_and_reset_by_the_new_day() -> None:
    s = run(story(), ops.ChooseSleep("b", cp.Sleep.UNRESTFUL), ops.EndDay())
    assert "Groggy" in s.campaign.member("b").injuries.names
    assert "Groggy" not in s.campaign.member("a").injuries.names
    assert s.choices.sleep("b") is cp.Sleep.RESTFUL


def test_apply_never_changes_the_value_it_was_given_and_a_refusal_changes_nothing() -> None:
    s = story()
    kept = replace(s)
    after, events = apply(s, ops.UsePower("b", clock.PART_OF_MY_PLAN))
    assert s == kept and after != s
    assert clock.PART_OF_MY_PLAN in after.campaign.clock.used_by("b")
    assert not reveals(events)
    with pytest.raises(IllegalAction, match="already"):
        apply(after, ops.UsePower("b", clock.PART_OF_MY_PLAN))
    with pytest.raises(IllegalAction, match="does not have"):
        apply(s, ops.UsePower("a", clock.PART_OF_MY_PLAN))
    with pytest.raises(IllegalAction, match="no party member"):
        apply(s, ops.ChooseMeal("z", cp.Meal.NONE))


@pytest.mark.rule("SKL-ONCE-A-DAY")
def test_a_skill_check_draws_what_the_check_table_draws_and_reveals() -> None:
    s = story(seed=11)
    op = ops.DrawCheck("Pip", Skill.GYM, "climb the fence", Difficulty.MEDIUM, Edge.NONE)
    after, events = apply(s, op)
    table: CheckTable = party_table(s.campaign, 11)
    table.day = 1
    expected = table.attempt(
        "Pip", Skill.GYM, "climb the fence", table.check_for("Pip", Skill.GYM, Difficulty.MEDIUM, Edge.NONE)
    )
    (drawn,) = events
    assert isinstance(drawn, ChecksDrawn) and drawn.reveals
    assert drawn.attempts[0].result.cards == expected.result.cards
    assert s.checks != after.checks and changed_parts(s, after) == {
        Part.CHECKS,
        Part.JOURNAL,
    }  # the draw is in the journal too
    with pytest.raises(IllegalAction, match="already attempted"):
        apply(after, op)


@pytest.mark.rule("SKL-RETRY")
def test_a_retry_draws_again_and_puts_its_corruption_on_the_sheet() -> None:
    s = story(seed=3)
    for seed in range(3, 60):  # find a failed first draw for this seed
        s = story(seed)
        s, events = apply(s, ops.DrawCheck("Pip", Skill.SCI, "hack", Difficulty.HARD))
        first = events[0]
        assert isinstance(first, ChecksDrawn)
        if not first.attempts[0].result.succeeded:
            break
    after, events = apply(s, ops.RetryCheck())
    assert reveals(events)
    assert after.campaign.member("a").corruption.owed == 1
    assert after.checks.taken == {"Pip": 1}


@pytest.mark.rule("COR-MAGIC")
def test_an_ability_or_spell_choice_is_an_op_and_refused_without_full_circles() -> None:
    s = story()
    with pytest.raises(IllegalAction, match="Magic Corruption"):
        apply(s, ops.LearnSpell("b", Spell.TAURUS))


def test_a_party_edit_is_checked_against_the_character_rules() -> None:
    s = story()
    pip = s.campaign.member("a").character
    after = run(s, ops.EditCharacter("a", replace(pip, outfit="a yellow raincoat")))
    assert after.campaign.member("a").character.outfit == "a yellow raincoat"
    with pytest.raises(IllegalAction):
        apply(s, ops.EditCharacter("a", replace(pip, failed=pip.a_plus)))  # one skill both A+ and F


def test_notes_are_written_edited_and_deleted_and_never_empty() -> None:
    s = run(story(), ops.WriteNote("Dockworker <Ines>"), ops.WriteNote("*x*"))
    assert [n.text for n in s.notes] == ["Dockworker <Ines>", "*x*"]
    s = run(s, ops.EditNote(1, "Dockworker <Ines> waits"), ops.DeleteNote(2))
    assert [(n.id, n.text) for n in s.notes] == [(1, "Dockworker <Ines> waits")]
    with pytest.raises(IllegalAction):
        apply(s, ops.WriteNote("   "))
    with pytest.raises(IllegalAction, match="no note 2"):
        apply(s, ops.DeleteNote(2))
    assert changed_parts(story(), run(story(), ops.WriteNote("x"))) == {Part.JOURNAL}


def test_a_fight_is_begun_played_and_concluded_through_ops() -> None:
    s = story()
    plan = fp.FightPlan(5, 1, (AdversarySetup("training_robot", (0, 0)),))
    opening = fp.start_fight(s.campaign, plan, bestiary())[0]
    s, events = apply(s, ops.BeginFight(opening))
    assert reveals(events) and s.fight is opening
    with pytest.raises(IllegalAction, match="already"):
        apply(s, ops.BeginFight(opening))
    action = legal_actions(opening)[0]
    after, events = apply(s, ops.FightAction(action))
    assert isinstance(events[0], FightStepped)
    assert s.fight is opening  # the engine works on a copy
    with pytest.raises(IllegalAction, match="no finished fight"):
        apply(after, ops.ConcludeFight())


def test_a_typed_note_to_the_oracle_reveals_nothing_and_a_question_reveals() -> None:
    s = story()
    after, events = apply(s, ops.ConsultOracle(NoteOracle("a note")))
    assert not reveals(events) and changed_parts(s, after) == {Part.ORACLE, Part.JOURNAL}
    assert after.solo is not None and isinstance(after.solo.journal.entries[0], NoteEntry)
    asked, events = apply(after, ops.ConsultOracle(AskOracle("Is the door open?")))
    assert reveals(events) and asked.solo is not None and len(asked.solo.journal.entries) == 2
    with pytest.raises(IllegalAction, match="type the question"):
        apply(asked, ops.ConsultOracle(AskOracle(" ")))
