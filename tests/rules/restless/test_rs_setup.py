"""Setting up a game of The Restless (L36-L44) and the road through the Realms (L79-L83)."""

from __future__ import annotations

import pytest

from rt0table.rules.restless.restless_seam import RULES
from rt0table.rules.restless.rs_actions import Keep, Proceed, Take
from rt0table.rules.restless.rs_cards import REALM_DECKS
from rt0table.rules.restless.rs_journey import enter_realm, meet_next
from rt0table.rules.restless.rs_play import legal_actions, new_game, refusal
from rt0table.rules.restless.rs_practice import practice_pack, setup_from
from rt0table.rules.restless.rs_state import RsSetup
from rt0table.rules.seam import IllegalAction

from .rs_fixtures import opening, started, step


@pytest.mark.rule("RS-SETUP-CHARACTERS")
def test_six_characters_are_offered_four_kept_and_two_go_back() -> None:
    state = opening()
    assert state.phase == "characters" and len(state.offered) == 6
    assert all(state.card(c).kind == "character" for c in state.offered)
    assert refusal(state, Keep(state.offered[:3])) == "Keep 4 different cards of those on offer."
    kept, unused = state.offered[:4], state.offered[4:]
    after, _ = step(state, Keep(kept))
    assert [h.card for h in after.party] == list(kept)
    assert set(unused) <= set(after.pile("characters").draw)  # returned to the deck, not discarded
    assert len([a for a in legal_actions(state) if isinstance(a, Keep)]) == 15  # 6 choose 4


@pytest.mark.rule("RS-SETUP-PLAYERS")
def test_with_fewer_than_four_players_some_run_several_characters() -> None:
    two = started(seats=("ann", "bo"))
    assert [h.seat for h in two.party] == ["ann", "bo", "ann", "bo"]
    solo = started(seats=("ann",))
    assert {h.seat for h in solo.party} == {"ann"} and len(solo.party) == 4
    four = started(seats=("a", "b", "c", "d"))
    assert [h.seat for h in four.party] == ["a", "b", "c", "d"]
    assert RULES.seats_to_act(two) == frozenset({"ann", "bo"})


@pytest.mark.rule("RS-SETUP-HEALTH")
def test_each_character_starts_with_counters_equal_to_its_health() -> None:
    state = started()
    for hero in state.party:
        assert hero.health == state.card(hero.card).health > 0


@pytest.mark.rule("RS-SETUP-STARTERS")
def test_six_starter_items_offered_four_kept_and_given_to_anyone() -> None:
    state = opening()
    state, _ = step(state, Keep(state.offered[:4]))
    assert state.phase == "starters" and len(state.offered) == 6
    assert all(state.card(c).deck == "starter-items" for c in state.offered)
    kept = state.offered[1:5]
    state, _ = step(state, Keep(kept))
    assert state.phase == "give" and state.loose == kept
    assert refusal(state, Proceed()) == "Give every kept Starter Item to a Character first."
    strong = max(state.party, key=lambda h: state.card(h.card).max_weight)
    for item in kept:  # one Character may hold several, while they fit
        if refusal(state, Take(item, strong.card)) is None:
            state, _ = step(state, Take(item, strong.card))
    assert len(state.hero(strong.card).items) >= 2


@pytest.mark.rule("RS-SETUP-RESTS")
def test_three_rest_cards_lie_face_down() -> None:
    state = opening()
    assert len(state.rests) == 3 and all(state.card(r).kind == "rest" for r in state.rests)
    assert all(card == "?" for card in RULES.observe(state, "p1").rests)


@pytest.mark.rule("RS-SETUP-REROLLS")
def test_the_party_starts_with_five_shared_rerolls() -> None:
    assert opening().rerolls == 5


@pytest.mark.rule("RS-SETUP-REALM1")
def test_realm_one_is_drawn_and_shown_once_the_items_are_given() -> None:
    state = started()
    assert state.realm_number == 1 and state.card(state.realm).deck == "realm-1"
    assert state.phase == "between"


@pytest.mark.rule("RS-SETUP-ENCOUNTERS")
def test_four_encounters_lie_face_down_in_a_row() -> None:
    state = started()
    assert len(state.row) == 4 and all(state.card(c).deck == "encounters" for c in state.row)
    assert all(card == "?" for card in RULES.observe(state, "p1").row)


@pytest.mark.rule("RS-SETUP-ORDER")
def test_encounters_are_met_in_row_order() -> None:
    state = started()
    row = state.row
    state, events = step(state, Proceed())
    assert state.current == row[0] or state.row == row[1:]
    assert state.row == row[1:]
    assert any(e.kind == "revealed" for e in events)


@pytest.mark.rule("RS-REALM-FIVE")
def test_the_nth_realm_comes_from_the_realm_n_deck() -> None:
    state = started()
    events: list = []
    for number in range(2, 6):
        state = enter_realm(state, number, events)
        assert state.realm_number == number and state.card(state.realm).deck == REALM_DECKS[number - 1]


@pytest.mark.rule("RS-REALM-ENCOUNTERS")
def test_four_encounters_a_realm_five_for_added_difficulty_or_as_the_realm_says() -> None:
    assert len(started(encounters=5).row) == 5
    state = started()
    state = enter_realm(state, 5, [])
    assert state.card(state.realm).encounters == 3 and len(state.row) == 3  # the practice Realm 5 says 3


@pytest.mark.rule("RS-REALM-NEXT")
def test_when_the_row_is_empty_the_next_realm_is_drawn() -> None:
    from dataclasses import replace

    state = replace(started(), row=())
    after = meet_next(state, [])
    assert after.realm_number == 2 and len(after.row) == 4


@pytest.mark.rule("RS-REALM-GOD")
def test_the_fifth_realm_reveals_the_traitor_god() -> None:
    events: list = []
    state = enter_realm(started(), 5, events)
    assert state.god and state.card(state.god).kind == "god"
    assert any(e.kind == "revealed" and state.card(state.god).name in e.text for e in events)
    assert RULES.reveals(events[-1])
    before = enter_realm(started(), 4, [])
    assert before.god == ""


@pytest.mark.rule("RS-CHALLENGE")
def test_challenge_runs_no_items_fewer_rests_more_encounters_fewer_characters() -> None:
    pack = practice_pack()
    setup = RsSetup(pack.name, pack.cards(), ("p1",), encounters_per_realm=6, rests=1, starters=False, party_size=3)
    state, _ = new_game(setup, 3)
    assert len(state.rests) == 1
    with pytest.raises(IllegalAction):
        step(state, Keep(state.offered[:4]))
    state, _ = step(state, Keep(state.offered[:3]))
    assert len(state.party) == 3 and all(not h.items for h in state.party)
    assert state.phase == "between" and len(state.row) == 6


def test_a_set_up_keeps_the_pack_it_started_with() -> None:
    """The save keeps a copy of the pack: the set-up's codec carries every card."""
    setup = setup_from(practice_pack())
    again = RULES.decode_setup(RULES.encode_setup(setup))
    assert again.cards == practice_pack().cards()
