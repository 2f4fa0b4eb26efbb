"""Powers asked of the GM (FOOL-DEUS, HP-FORESIGHT): a request, the GM's answer, undo, the journal and the save."""

from __future__ import annotations

import pytest

from rt0table.rules.rt0.campaign import day as clock
from rt0table.rules.rt0.campaign.character import Character
from rt0table.rules.rt0.story import ops
from rt0table.rules.rt0.story.chronicle import to_markdown
from rt0table.rules.rt0.story.tale import PowerAnswered, PowerAsked, Story, apply, new_story, reveals
from rt0table.rules.rt0.traits import Arcana, Skill, Trait
from rt0table.rules.seam import IllegalAction
from tests.helpers.sample_party import fool, magician, party

EIGHT_BALL = clock.foresight("Magic 8-Ball")


def priestess(name: str = "Ivy") -> Character:
    return Character(name, Arcana.HIGH_PRIESTESS, Trait.STRONG, Trait.SLOW, Skill.SCI, Skill.LAW, ())


def story() -> Story:
    return new_story("solo", party(fool("Pip"), magician("Mo"), priestess()), 3)


def run(s: Story, *steps: ops.Op) -> Story:
    for op in steps:
        s, _ = apply(s, op)
    return s


@pytest.mark.rule("FOOL-DEUS")
def test_deus_ex_machina_is_asked_and_granted_once_per_day() -> None:
    s = story()
    with pytest.raises(IllegalAction, match="asked of the GM"):
        apply(s, ops.UsePower("a", clock.DEUS_EX_MACHINA))  # never simply marked used
    asked, events = apply(s, ops.AskTheGM("a", clock.DEUS_EX_MACHINA, "  a ladder falls within reach "))
    assert isinstance(events[0], PowerAsked) and events[0].request.wish == "a ladder falls within reach"
    assert clock.DEUS_EX_MACHINA not in asked.campaign.clock.used_by("a")  # nothing spent until the GM answers
    granted, events = apply(asked, ops.GMAnswers(True, "The janitor left it there."))
    assert isinstance(events[0], PowerAnswered) and events[0].granted
    assert clock.DEUS_EX_MACHINA in granted.campaign.clock.used_by("a") and granted.request is None
    with pytest.raises(IllegalAction, match="already been used today"):
        apply(granted, ops.AskTheGM("a", clock.DEUS_EX_MACHINA))
    next_day = run(granted, ops.EndDay())
    assert run(next_day, ops.AskTheGM("a", clock.DEUS_EX_MACHINA)).request is not None  # fresh on Day 2


@pytest.mark.rule("FOOL-DEUS")
def test_a_declined_deus_ex_machina_stays_fresh_as_ruled() -> None:
    s = run(story(), ops.AskTheGM("a", clock.DEUS_EX_MACHINA), ops.GMAnswers(False, "Not in this basement."))
    assert clock.DEUS_EX_MACHINA not in s.campaign.clock.used_by("a") and s.request is None
    assert run(s, ops.AskTheGM("a", clock.DEUS_EX_MACHINA)).request is not None


@pytest.mark.rule("HP-FORESIGHT")
def test_each_divination_tool_is_exhausted_only_when_the_gm_grants_it() -> None:
    s = story()
    refused = run(s, ops.AskTheGM("c", EIGHT_BALL, "It says yes"), ops.GMAnswers(False))
    assert EIGHT_BALL not in refused.campaign.clock.used_by("c")  # the GM can't or won't: not exhausted
    granted = run(refused, ops.AskTheGM("c", EIGHT_BALL), ops.GMAnswers(True, "Outlook not so good."))
    assert granted.campaign.clock.used_by("c") == (EIGHT_BALL,)
    crystal = clock.foresight("Crystal Ball")
    other = run(granted, ops.AskTheGM("c", crystal), ops.GMAnswers(True))  # each tool once a Day, apart
    assert set(other.campaign.clock.used_by("c")) == {EIGHT_BALL, crystal}
    with pytest.raises(IllegalAction, match="already been used today"):
        apply(other, ops.AskTheGM("c", EIGHT_BALL))


@pytest.mark.rule("FOOL-DEUS", "HP-FORESIGHT")
def test_requests_are_refused_when_not_theirs_or_one_is_open_and_end_the_day_only_when_answered() -> None:
    s = story()
    with pytest.raises(IllegalAction, match="does not have"):
        apply(s, ops.AskTheGM("b", clock.DEUS_EX_MACHINA))
    with pytest.raises(IllegalAction, match="not asked of the GM"):
        apply(s, ops.AskTheGM("b", clock.PART_OF_MY_PLAN))
    with pytest.raises(IllegalAction, match="Nothing has been asked"):
        apply(s, ops.GMAnswers(True))
    open_ = run(s, ops.AskTheGM("a", clock.DEUS_EX_MACHINA))
    with pytest.raises(IllegalAction, match="still waits for the GM"):
        apply(open_, ops.AskTheGM("c", EIGHT_BALL))
    with pytest.raises(IllegalAction, match="answer it before the Day ends"):
        apply(open_, ops.EndDay())


def test_asking_and_answering_reveal_nothing_and_go_into_the_journal_with_the_typed_words() -> None:
    s = story()
    asked, e1 = apply(s, ops.AskTheGM("c", EIGHT_BALL, "*will* we win?"))
    answered, e2 = apply(asked, ops.GMAnswers(True, "Signs point to [yes]"))
    assert not reveals(e1) and not reveals(e2)  # both can be taken back
    text = to_markdown(answered)
    assert "Ivy asks the GM for Foresight: Magic 8-Ball — “\\*will\\* we win?”" in text
    assert "The GM grants Foresight: Magic 8-Ball; it is spent for today — “Signs point to \\[yes\\]”" in text
