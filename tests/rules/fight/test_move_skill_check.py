"""Movement / Skill: moving one zone, or paying for a skill check mid-fight."""

from __future__ import annotations

import pytest

from rt0table.rules.rt0.campaign.skill_check import Difficulty
from rt0table.rules.rt0.cards import by_name
from rt0table.rules.rt0.fight.actions import Choose, PlayCard
from rt0table.rules.rt0.fight.engine import FighterSetup, apply
from rt0table.rules.rt0.fight.events import Moved, SkillCheckMade
from rt0table.rules.rt0.traits import Arcana, Trait
from tests.helpers.fight_builders import fight, give
from tests.helpers.skill_check_fights import MARA, ROBOT, option_index


def fill_move_skill(seed: int = 3):  # type: ignore[no-untyped-def]
    state = fight([MARA], ROBOT, seed=seed)
    mara = state.fighter("mara")
    first, second = give(state, mara, "2 of Cups", "3 of Cups")
    state, _ = apply(state, PlayCard("mara", first, "move_skill"))
    assert state.pending is None, "one card is not enough without Fast"
    state, _ = apply(state, PlayCard("mara", second, "move_skill"))
    return state


@pytest.mark.rule("CMB-MOVE-SKILL")
def test_two_cards_let_the_fighter_move_one_orthogonal_zone() -> None:
    state = fill_move_skill()
    labels = [option.label for option in state.pending.options]
    assert labels == ["Move to B1", "Move to A2", "Move to C2", "Move to B3", "Make a skill check"]
    state, events = apply(state, Choose(option_index(state, "Move to A2")))
    assert state.fighter("mara").zone == (0, 1)
    assert any(isinstance(e, Moved) for e in events)
    assert state.fighter("mara").bins["move_skill"] == []


@pytest.mark.rule("CMB-MOVE-SKILL", "SKL-IN-COMBAT", "SKL-APLUS")
def test_a_skill_check_shuffles_the_discard_in_and_keeps_hand_and_bins_apart() -> None:
    state = fill_move_skill()
    mara = state.fighter("mara")
    hand_before = list(mara.hand)
    discarded = list(state.piles["mara"].discard)
    assert discarded, "the two cards just paid are in the discard"
    state, _ = apply(state, Choose(option_index(state, "Make a skill check")))
    state, _ = apply(state, Choose(option_index(state, "GYM")))
    assert state.pending.actor == "gm", "the GM sets the difficulty"
    state, events = apply(state, Choose(option_index(state, "Hard")))
    made = next(e for e in events if isinstance(e, SkillCheckMade))
    assert made.difficulty == Difficulty.MEDIUM.title, "the A+ in GYM makes Hard one step easier"
    mara = state.fighter("mara")
    assert mara.hand == hand_before
    pile = state.piles["mara"]
    assert set(made.cards) <= set(pile.discard)
    for card in discarded:
        assert card in pile.draw or card in made.cards, "the old discard went back into the deck"
    assert sorted(pile.draw + pile.discard + mara.hand) == sorted(set(pile.draw + pile.discard + mara.hand))


@pytest.mark.rule("CMB-MOVE-SKILL")
def test_fast_needs_one_card_and_slow_three() -> None:
    fast = FighterSetup("jo", "Jo", (1, 1), frozenset({Trait.FAST, Trait.WEAK}), Arcana.FOOL)
    state = fight([fast], ROBOT)
    (card,) = give(state, state.fighter("jo"), "2 of Cups")
    state, _ = apply(state, PlayCard("jo", card, "move_skill"))
    assert state.pending is not None and state.pending.kind == "step"

    slow = FighterSetup("lu", "Lu", (1, 1), frozenset({Trait.STRONG, Trait.SLOW}), Arcana.FOOL)
    state = fight([slow], ROBOT)
    cards = give(state, state.fighter("lu"), "2 of Cups", "3 of Cups", "4 of Cups")
    for card in cards[:2]:
        state, _ = apply(state, PlayCard("lu", card, "move_skill"))
        assert state.pending is None
    state, _ = apply(state, PlayCard("lu", cards[2], "move_skill"))
    assert state.pending is not None and state.pending.kind == "step"
    assert by_name("4 of Cups") in state.piles["lu"].discard
