"""preview_intent: a dry run of the face-up intent against the Shield everyone has now."""

from __future__ import annotations

from rt0table.rules.rt0.cards import Suit, minor
from rt0table.rules.rt0.fight.intents import preview_intent
from rt0table.rules.rt0.fight.serialize import state_hash
from tests.helpers.fight_builders import drill


def test_a_face_up_attack_shows_the_blow_against_the_current_shield() -> None:
    state, foe_id = drill()
    foe = state.adversary(foe_id)
    foe.intent, foe.intent_hidden = minor(Suit.SWORDS, 3), False  # move 1, 6 damage
    state.fighter("mara").shield = 5
    before = state_hash(state)
    preview = preview_intent(state, foe)
    assert preview is not None and not preview.hidden
    assert [(h.target, h.amount, h.blocked, h.hp_after) for h in preview.hits] == [("mara", 6, 5, 19)]
    assert preview.text == "move 1, 6 damage: hits Mara for 6 (5 blocked) → 19 HP"
    assert state_hash(state) == before  # a preview never changes the fight


def test_the_preview_follows_the_move_toward_the_target() -> None:
    state, foe_id = drill(zone=(2, 0), room=3)
    foe = state.adversary(foe_id)
    foe.intent, foe.intent_hidden = minor(Suit.SWORDS, 3), False
    preview = preview_intent(state, foe)
    assert preview is not None
    assert preview.moves_to == (1, 0) and preview.hits == ()
    assert "nobody in reach" in preview.text


def test_a_face_down_intent_gives_nothing_away() -> None:
    state, foe_id = drill()
    foe = state.adversary(foe_id)
    foe.intent_hidden = True
    preview = preview_intent(state, foe)
    assert preview is not None and preview.hidden and preview.hits == () and preview.plan == ""


def test_no_intent_no_preview() -> None:
    state, foe_id = drill()
    foe = state.adversary(foe_id)
    foe.intent = None
    assert preview_intent(state, foe) is None
