"""The campaign record: versioned JSON round trip and bringing members into a fight (combat hooks)."""

from __future__ import annotations

import json

import pytest

from rt0table.rules.rt0.campaign import campaign as cp
from rt0table.rules.rt0.campaign.campaign import Campaign
from rt0table.rules.rt0.campaign.campaign_codec import read_campaign
from rt0table.rules.rt0.campaign.supremacy import summarise
from rt0table.rules.rt0.cards import Suit, minor
from rt0table.rules.rt0.content.adversaries import bundled_bestiary
from rt0table.rules.rt0.fight.combat import _lose_hp_at_turn_start
from rt0table.rules.rt0.fight.engine import AdversarySetup, FighterSetup, new_combat
from rt0table.rules.rt0.fight.events import Event, HealthLost, InjuryTaken
from rt0table.rules.rt0.fight.serialize import encode
from rt0table.rules.rt0.fight.state import Phase
from rt0table.rules.rt0.traits import Trait
from tests.helpers.sample_party import fool, magician, party

BESTIARY = bundled_bestiary("book.json")
ROBOT = AdversarySetup("training_robot", (2, 2))


def busy_campaign() -> Campaign:
    game = party(fool(), magician())
    game, _ = cp.take_injury(game, "a", "Broken Arm")
    game, _ = cp.take_corruption(game, "a", 4, "test")
    game, _ = cp.mark_all(game, "a", ["Slaughter", "Slaughter"])
    game = cp.give_item(game, "b", "Cast Iron Pan")
    game = cp.use_power(game, "b", "Gemini: Clone")
    game, _ = cp.end_day(game, slept=cp.Sleep.UNRESTFUL)
    game = cp.use_power(game, "a", "Deus Ex Machina")
    return game


def test_campaign_round_trips_through_json() -> None:
    game = busy_campaign()
    data = json.loads(json.dumps(encode(game)))
    assert data["format"] == 1
    assert read_campaign(data) == game


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"format": 99}, "campaign format 99"),
        ({"supremacy": -1}, "Supremacy"),
        ({"clock": {"day": 0}}, "Day"),
        ({"clock": {"day": 2, "used": {"a": ["Flying"]}}}, "unknown once-per-Day power"),
        ({"members": [{"id": "a"}]}, "incomplete"),
    ],
)
def test_bad_saves_are_refused_with_a_reason(change: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        read_campaign({**encode(busy_campaign()), **change})


@pytest.mark.rule("INJ-MAJOR", "MOD-STRENGTH")
def test_a_fight_sees_the_traits_in_force() -> None:
    game, _ = cp.take_injury(party(fool(ability=Trait.STRONG)), "a", "Broken Arm")
    setup = cp.fighter_setup(game, "a", (0, 0))
    state, _ = new_combat(1, 3, [setup], [ROBOT], BESTIARY)
    assert state.fighter("a").traits == {Trait.WEAK, Trait.SLOW, Trait.LUCKY}


@pytest.mark.rule("DECK-CURSE", "INJ-MAJOR")
def test_a_cursed_fighter_gets_a_cursed_deck() -> None:
    setup = FighterSetup("a", "Pip", (0, 0), frozenset({Trait.UNLUCKY}), injuries=("Curse",))
    state, _ = new_combat(1, 3, [setup], [ROBOT], BESTIARY)
    pile = state.piles["a"]
    cards = set(pile.draw) | set(pile.discard) | set(state.fighter("a").hand)
    assert len(cards) == 60 and minor(Suit.CUPS, 10) not in cards


@pytest.mark.rule("INJ-MAJOR", "INJ-MINOR", "CMB-TURN")
@pytest.mark.parametrize(("injury", "loss"), [("Bleeding Out", 3), ("Bandaged Wound", 1)])
def test_hp_lost_as_each_turn_starts(injury: str, loss: int) -> None:
    setup = FighterSetup("a", "Pip", (0, 0), frozenset({Trait.STRONG}), injuries=(injury,))
    state, events = new_combat(1, 3, [setup], [ROBOT], BESTIARY)
    assert HealthLost("a", loss, 20 - loss, injury) in events
    assert state.fighter("a").hp == 20 - loss


@pytest.mark.rule("INJ-MAJOR", "CMB-ZERO-HP")
def test_bleeding_to_zero_is_a_knock_down() -> None:
    setup = FighterSetup("a", "Pip", (0, 0), injuries=("Bleeding Out",))
    state, _ = new_combat(1, 3, [setup], [ROBOT], BESTIARY)
    state.fighter("a").hp = 2
    events: list[Event] = []
    _lose_hp_at_turn_start(state, state.fighter("a"), events)
    assert state.fighter("a").injuries == ["Bleeding Out", "Critical Injury"]
    assert any(isinstance(e, InjuryTaken) and e.severity == "critical" for e in events)


def test_a_fight_summary_flows_back_into_the_campaign() -> None:
    game, _ = cp.take_injury(party(fool()), "a", "Dizzy")
    before = cp.injuries_before(game)
    state, _ = new_combat(1, 3, [cp.fighter_setup(game, "a", (0, 0))], [ROBOT], BESTIARY, practice=True)
    state.fighter("a").injuries.append("Broken Leg")
    state.fighter("a").corruption_gained = 1
    state.phase = Phase.OVER
    game, _ = cp.conclude_fight(game, summarise(state, before))
    member = game.member("a")
    assert member.injuries.names == ("Dizzy", "Broken Leg") and member.corruption.owed == 1
    assert game.supremacy == 0
