"""SKL-PENALTY in a fight: the GM decides which of the two cards is the worse; in solo the stand-in answers."""

from __future__ import annotations

import pytest

from rt0table.rules.rt0.abilities.basic import PENALTY_PICK, ReadingTarget
from rt0table.rules.rt0.fight.actions import Choose
from rt0table.rules.rt0.fight.decisions import target_of
from rt0table.rules.rt0.fight.engine import Game, apply
from rt0table.rules.rt0.fight.events import SkillCheckMade
from rt0table.rules.rt0.fight.narration import narrate_all
from rt0table.rules.rt0.fight.state import GM
from rt0table.rules.rt0.solo.gm_stand_in import choose
from tests.helpers.skill_check_fights import first_asked


@pytest.mark.rule("SKL-PENALTY", "SKL-IN-COMBAT")
def test_the_gm_is_asked_which_card_is_worse_and_their_word_stands() -> None:
    state = first_asked()
    pending = state.pending
    assert pending is not None and pending.actor == GM
    assert pending.prompt == "Penalty: Mara drew two cards. Which is the worse, the one that counts?"
    labels = [o.label.rsplit(": ", 1)[1] for o in pending.options]
    assert len(set(labels)) == 2
    for index in (0, 1):  # whichever the GM names is the one that counts
        after, events = apply(state, Choose(index))
        made = next(e for e in events if isinstance(e, SkillCheckMade))
        assert made.outcome.replace("_", " ") == labels[index].lower()
        assert "the GM judged" in made.reason
        assert any("GM" in line or "Penalty" in line for line in narrate_all(after, events))


@pytest.mark.rule("SKL-PENALTY")
def test_the_stand_in_names_the_worse_by_the_order_of_outcomes_and_undo_takes_the_answer_back() -> None:
    state = first_asked()
    answer = choose(state)
    assert answer is not None and answer.kind == PENALTY_PICK
    ranks = [target_of(o, ReadingTarget).rank for o in state.pending.options]  # type: ignore[union-attr]
    assert ranks[answer.index] == min(ranks)
    game = Game(state)
    game.push(answer.action)
    assert game.state.pending is None
    assert game.can_undo()
    game.undo()
    assert game.state.pending is not None and game.state.pending.kind == PENALTY_PICK
