"""Whole games on the practice pack, played by the stand-in through all five Realms to the Traitor God."""

from __future__ import annotations

from dataclasses import replace

import pytest

from rt0table.rules.restless.restless_seam import RULES
from rt0table.rules.restless.rs_actions import Adjust, MoveCard, Refuse, Take, TurnCard
from rt0table.rules.restless.rs_play import legal_actions, refusal
from rt0table.rules.restless.rs_practice import practice_pack, setup_from
from rt0table.rules.restless.rs_stand_in import choose
from rt0table.rules.restless.rs_state import RsState

from .rs_fixtures import party, started, step

LIMIT = 4000


def whole_game(seed: int, seats: tuple[str, ...], refuse: bool = False) -> tuple[RsState, list[str]]:
    state, events = RULES.new_state(setup_from(practice_pack(), seats), seed)
    lines = [RULES.narrate(state, e) for e in events]
    for _ in range(LIMIT):
        if RULES.is_over(state):
            break
        action = Refuse() if refuse and state.phase == "final-choice" else choose(state)
        assert refusal(state, action) is None
        state, events = RULES.apply(state, action)
        lines += [RULES.narrate(state, e) for e in events]
    return state, lines


# Seeds picked after the practice pack was made harder (docs/rulings.md): every one reaches the Traitor God; the
# stand-in beats it in the first four and falls to it in the last two.
WON, LOST = (5, 6, 8, 9), (0, 1)


@pytest.mark.parametrize("seed", WON + LOST)
def test_the_stand_in_plays_whole_games_through_all_five_realms(seed: int) -> None:
    seats = ("p1", "p2", "p3", "p4")[: 1 + seed % 4]
    state, lines = whole_game(seed, seats)
    assert RULES.is_over(state) and state.result == ("won" if seed in WON else "lost")
    for number in range(1, 6):
        assert any(line.startswith(f"Realm {number}:") for line in lines)
    assert any(line.startswith("The final battle:") for line in lines) and state.current == state.god
    assert (state.target_health <= 0) == (seed in WON)
    assert not legal_actions(state)


def test_a_whole_game_may_end_by_refusing_the_final_battle() -> None:
    state, lines = whole_game(11, ("p1",), refuse=True)
    assert state.result == "refused"
    assert state.realm_number == 5 and any(line.startswith("Realm 5:") for line in lines)


def test_manual_adjustments_are_logged_single_steps_that_reveal_nothing() -> None:
    state = replace(party(started(), items=(("warding-bell", "tonic-flask"),)), phase="between")
    changes = [
        Adjust("health", "bone-mason", -1),
        Adjust("armor", "ash-warden", 1),
        Adjust("rerolls", "", -1),
        Adjust("counters", "tonic-flask", 1),
        TurnCard("warding-bell"),
    ]
    for change in changes:
        kept = RULES.state_hash(state)
        after, events = step(state, change)
        assert events and events[0].kind in ("adjust", "turn") and events[0].text.startswith("By hand:")
        assert not any(RULES.reveals(e) for e in events)  # undo may take it back: nothing hidden was shown
        assert RULES.state_hash(state) == kept  # the state before is still there to go back to
        state = after
    assert state.hero("bone-mason").health == 8 and state.hero("ash-warden").armor == 1 and state.rerolls == 4
    assert state.mark("tonic-flask").counters == 3 and state.mark("warding-bell").spent
    assert (
        refusal(state, Adjust("health", "bone-mason", 5))
        == "Adjust health, armor, rerolls or counters by one at a time."
    )
    assert refusal(state, Adjust("health", "ash-warden", 1)) == "Health cannot go past Max Health."


def test_by_hand_a_discarded_item_comes_back_and_a_targets_health_moves() -> None:
    state = replace(party(started(), items=(("bandage",),)), phase="between")
    from rt0table.rules.restless.rs_actions import Discard

    state, _ = step(state, Discard("bandage"))
    assert refusal(state, MoveCard("ash-warden")) is not None
    state, events = step(state, MoveCard("bandage"))
    assert state.loose == ("bandage",) and "bandage" not in state.pile("loot").discard
    assert not any(RULES.reveals(e) for e in events)
    state, _ = step(state, Take("bandage", "ash-warden"))
    assert refusal(state, Adjust("target", "", -1)) == "There is no Target on the table."
    battle = replace(state, phase="combat", current="mire-rat", target_health=3)
    assert step(battle, Adjust("target", "", -1))[0].target_health == 2
