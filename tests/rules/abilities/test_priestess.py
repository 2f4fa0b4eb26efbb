"""The High Priestess: Second Sight, her divination tools and her six Arcana Abilities with their upgrades."""

from __future__ import annotations

import dataclasses

import pytest

from rt0table.rules.rt0.abilities import ABILITIES
from rt0table.rules.rt0.campaign import campaign as cp
from rt0table.rules.rt0.campaign import day as clock
from rt0table.rules.rt0.cards import CARDS, FOOL, HIGH_PRIESTESS, TOWER, by_name
from rt0table.rules.rt0.fight.actions import Activate, AddAbility, Choose, EndTurn, PlayCard
from rt0table.rules.rt0.fight.engine import (
    AdversarySetup,
    FighterSetup,
    Game,
    apply,
    fight_abilities,
    legal_actions,
    new_combat,
)
from rt0table.rules.rt0.fight.events import (
    CardsDrawn,
    CardsPeeked,
    CatastropheStruck,
    CorruptionTaken,
    DamageDealt,
    Event,
    HarmUndone,
    IntentQueued,
    IntentRevealed,
    IntentsOffered,
    ShieldGained,
    TurnEnded,
)
from rt0table.rules.rt0.fight.serialize import state_from_dict, state_hash, state_to_dict
from rt0table.rules.rt0.fight.state import CombatState
from rt0table.rules.rt0.traits import Arcana, Skill, Trait
from rt0table.rules.seam import IllegalAction, RulesError
from tests.helpers.fight_builders import bestiary, choose, fight, give, stack
from tests.helpers.sample_party import fool as campaign_fool
from tests.helpers.sample_party import magician, party

ROBOT_HERE = [AdversarySetup("training_robot", (1, 1))]
ROBOTS = [AdversarySetup("training_robot", (1, 1)), AdversarySetup("training_robot", (2, 2))]
HOPE_TRAITS = frozenset({Trait.FAST, Trait.WEAK, Trait.WISE})  # Fast: she acts before Mo


def hope(*abilities: str, upgrades: tuple[str, ...] = ()) -> FighterSetup:
    return FighterSetup("hp", "Hope", (1, 1), HOPE_TRAITS, Arcana.HIGH_PRIESTESS, abilities=abilities,
                        upgrades=frozenset(upgrades))  # fmt: skip


MO = FighterSetup("mo", "Mo", (1, 1), frozenset({Trait.STRONG, Trait.SLOW, Trait.CLEVER}), Arcana.MAGICIAN)


def skip_peek(state: CombatState) -> CombatState:
    while state.pending is not None and state.pending.kind == "second-sight":
        state, _ = choose(state, "Draw neither")
    return state


def start(*abilities: str, upgrades: tuple[str, ...] = (), foes: list[AdversarySetup] = ROBOT_HERE,
          others: tuple[FighterSetup, ...] = ()) -> CombatState:  # fmt: skip
    return skip_peek(fight([hope(*abilities, upgrades=upgrades), *others], foes))


def play(state: CombatState, name: str, ability: str) -> tuple[CombatState, list[Event]]:
    fighter = state.fighter("hp")
    if by_name(name) not in fighter.hand:
        give(state, fighter, name)
    return apply(state, PlayCard("hp", by_name(name), ability))


def hits(events: list[Event]) -> list[tuple[str, int, bool, bool]]:
    """Damage Hope dealt (adversaries hitting back are left out)."""
    return [(e.target, e.amount, e.ranged, e.magic) for e in events if isinstance(e, DamageDealt) and e.source == "hp"]


# --- HP-DRAW3 / HP-PEEK ----------------------------------------------------------------------------


@pytest.mark.rule("HP-DRAW3", "HP-PEEK")
def test_she_draws_three_then_looks_at_the_top_two_privately() -> None:
    state = fight([hope()], ROBOT_HERE)
    hp = state.fighter("hp")
    assert len(hp.hand) == 3
    pending = state.pending
    assert pending is not None and pending.kind == "second-sight" and pending.actor == "hp"
    assert pending.private, "a hot-seat UI must hide the peeked cards from the other players"
    top = state.piles["hp"].top(2)
    names = [CARDS[c].name for c in top]
    assert [o.label for o in pending.options] == [
        f"Draw both: {names[0]} and {names[1]}", f"Draw only {names[0]}", f"Draw only {names[1]}", "Draw neither",
    ]  # fmt: skip
    both, _events = choose(state, "Draw both")
    assert both.fighter("hp").hand[-2:] == top and len(both.fighter("hp").hand) == 5
    assert not set(top) & set(both.piles["hp"].draw)
    neither, _ = choose(state, "Draw neither")
    assert neither.fighter("hp").hand == hp.hand and neither.piles["hp"].top(2) == top
    second, _ = choose(state, f"Draw only {names[1]}")
    assert second.fighter("hp").hand[-1] == top[1] and second.piles["hp"].top(1) == [top[0]]


@pytest.mark.rule("HP-PEEK")
def test_second_sight_comes_every_turn_and_cannot_be_undone() -> None:
    state = start()
    game = Game(state)
    game.push(EndTurn("hp"))  # the robot acts, round 2 begins with her turn
    assert game.state.round == 2 and game.state.pending is not None
    assert game.state.pending.kind == "second-sight"
    assert any(isinstance(e, CardsPeeked) for e in game.steps[-1].events)
    assert not game.can_undo(), "the peek showed hidden cards"


@pytest.mark.rule("HP-PEEK")
def test_second_sight_is_innate_for_every_high_priestess_and_nobody_else() -> None:
    assert "second_sight" in fight_abilities(hope())
    assert "second_sight" not in fight_abilities(MO)
    state = start()
    assert AddAbility("hp", "second_sight") not in legal_actions(state)
    assert not [a for a in legal_actions(state) if isinstance(a, PlayCard) and a.ability == "second_sight"]
    # Two chosen Arcana Abilities still fit next to it.
    assert "yes_no" in fight_abilities(hope("yes_no", "ballistics"))


@pytest.mark.rule("HP-PEEK")
def test_drawing_the_tower_from_a_peek_is_a_catastrophe() -> None:
    state = fight([hope()], ROBOT_HERE)
    state.decisions.clear()
    hp = state.fighter("hp")
    stack(state, hp, "3 of Cups", "The Tower")
    events: list[Event] = []
    ABILITIES["second_sight"].at_turn_start(state, hp, events)
    state, events = choose(state, "Draw only The Tower")
    assert any(isinstance(e, CatastropheStruck) for e in events)
    assert TOWER not in state.fighter("hp").hand and any(isinstance(e, TurnEnded) for e in events)
    assert by_name("3 of Cups") in state.piles["hp"].draw, "the card she left stays in the deck"


# --- HP-FORESIGHT ------------------------------------------------------------------------------------


@pytest.mark.rule("HP-FORESIGHT", "DAY-CLOCK")
def test_each_divination_tool_once_per_day() -> None:
    """The tools are once-per-Day powers on the Day clock, one per tool; a reading the GM could not or would not
    make come true is simply not spent (``use_power`` is not called), so the tool stays available."""
    seer = dataclasses.replace(campaign_fool(), arcana=Arcana.HIGH_PRIESTESS, a_plus=Skill.GYM)
    game = party(seer, magician())
    tools = [clock.foresight(tool) for tool in clock.FORESIGHT_TOOLS]
    assert len(tools) == 5
    assert [p for p in clock.powers_of(seer) if p in tools] == tools, "every tool is hers, in the book's order"
    game = cp.use_power(game, "a", clock.foresight("Crystal Ball"))
    assert game.clock.used_by("a") == ("Foresight: Crystal Ball",)
    assert clock.use_refusal(game.clock, "a", "Foresight: Crystal Ball") == (
        "Foresight: Crystal Ball has already been used today."
    )
    with pytest.raises(RulesError, match="already been used today"):
        cp.use_power(game, "a", "Foresight: Crystal Ball")
    assert clock.use_refusal(game.clock, "a", "Foresight: Ouija Board") is None, "the other tools are not exhausted"
    game, _ = cp.end_day(game)
    assert game.day == 2 and all(clock.use_refusal(game.clock, "a", t) is None for t in tools), "a new Day frees all"
    with pytest.raises(RulesError, match="does not have"):
        cp.use_power(game, "b", "Foresight: Tarot Deck")  # only The High Priestess carries tools that work
    with pytest.raises(RulesError, match="not a once-per-Day power"):
        cp.use_power(game, "a", "Foresight: Ouija")


@pytest.mark.rule("HP-FORESIGHT")
def test_a_reading_the_gm_refuses_does_not_exhaust_the_tool() -> None:
    seer = dataclasses.replace(campaign_fool(), arcana=Arcana.HIGH_PRIESTESS, a_plus=Skill.GYM)
    game = cp.use_power(party(seer), "a", "Foresight: Crystal Ball")  # a reading the GM made come true
    # the GM could not or would not make the Magic 8-Ball's reading come true: the table does not spend it
    assert game.clock.used_by("a") == ("Foresight: Crystal Ball",)
    assert clock.use_refusal(game.clock, "a", "Foresight: Magic 8-Ball") is None, "still available today"
    game = cp.use_power(game, "a", "Foresight: Magic 8-Ball")  # its next reading that Day comes true
    assert game.clock.used_by("a") == ("Foresight: Crystal Ball", "Foresight: Magic 8-Ball")


# --- HP-ALL-SIGNS / HP-BETTER-NOT-TELL ---------------------------------------------------------------


@pytest.mark.rule("HP-ALL-SIGNS")
def test_all_signs_opens_concentrate_to_twos_threes_fours_and_nines() -> None:
    state = start("all_signs_point_to_yes")
    three = give(state, state.fighter("hp"), "3 of Cups")[0]
    assert PlayCard("hp", three, "concentrate") not in legal_actions(state)
    with pytest.raises(IllegalAction, match="takes only The High Priestess"):
        play(state, "3 of Cups", "all_signs_point_to_yes")
    state, _ = play(state, "The High Priestess", "all_signs_point_to_yes")
    assert state.fighter("hp").bins["all_signs_point_to_yes"] == [HIGH_PRIESTESS]
    for name in ("2 of Wands", "3 of Cups", "4 of Swords", "9 of Pentacles"):
        give(state, state.fighter("hp"), name)
        assert PlayCard("hp", by_name(name), "concentrate") in legal_actions(state)
    for name in ("5 of Cups", "10 of Wands", "Ace of Swords"):
        give(state, state.fighter("hp"), name)
        assert PlayCard("hp", by_name(name), "concentrate") not in legal_actions(state)
    hand = len(state.fighter("hp").hand)
    state, _ = play(state, "3 of Cups", "concentrate")  # Wise: one card fires Concentrate
    hp = state.fighter("hp")
    assert hp.bins["all_signs_point_to_yes"] == [HIGH_PRIESTESS, three]
    assert three not in state.piles["hp"].discard and len(hp.hand) == hand, "played one, Concentrate drew one"
    state, _ = play(state, "The Chariot", "concentrate")
    assert by_name("The Chariot") in state.piles["hp"].discard, "Majors are discarded as usual"


@pytest.mark.rule("HP-ALL-SIGNS")
def test_discarding_her_deals_seven_magic_damage_per_card_to_every_adversary_in_the_zone() -> None:
    state = start("all_signs_point_to_yes", foes=ROBOTS)
    state, _ = play(state, "The High Priestess", "all_signs_point_to_yes")
    state, _ = play(state, "2 of Cups", "concentrate")
    state, _ = play(state, "9 of Swords", "concentrate")
    offers = [a for a in legal_actions(state) if isinstance(a, Activate)]
    assert offers == [Activate("hp", "all_signs_point_to_yes", 0)]
    state, events = apply(state, offers[0])
    assert hits(events) == [("training_robot-1", 14, False, True)], "two cards: 14 to the robot in her zone only"
    assert state.adversaries[0].hp == 1 and state.adversaries[1].hp == 15
    assert state.fighter("hp").bins["all_signs_point_to_yes"] == []
    assert {HIGH_PRIESTESS, by_name("2 of Cups"), by_name("9 of Swords")} <= set(state.piles["hp"].discard)
    assert not [a for a in legal_actions(state) if isinstance(a, Activate)]
    assert PlayCard("hp", give(state, state.fighter("hp"), "3 of Cups")[0], "concentrate") not in legal_actions(state)


@pytest.mark.rule("HP-ALL-SIGNS", "HP-FOOL")
def test_the_fool_can_stand_in_for_her_and_she_fits_once() -> None:
    state = start("all_signs_point_to_yes")
    state, _ = play(state, "The Fool", "all_signs_point_to_yes")
    assert state.fighter("hp").bins["all_signs_point_to_yes"] == [FOOL]
    with pytest.raises(IllegalAction, match="already on All Signs"):
        play(state, "The High Priestess", "all_signs_point_to_yes")


@pytest.mark.rule("HP-ALL-SIGNS")
def test_the_tower_discarding_her_still_deals_the_damage() -> None:
    state = start("all_signs_point_to_yes")
    state, _ = play(state, "The High Priestess", "all_signs_point_to_yes")
    stack(state, state.fighter("hp"), "The Tower")
    state, events = play(state, "4 of Wands", "concentrate")  # Concentrate draws The Tower
    assert any(isinstance(e, CatastropheStruck) for e in events)
    assert hits(events) == [("training_robot-1", 7, False, True)]
    assert state.fighter("hp").marks.get("all_signs_open") is None


@pytest.mark.rule("HP-BETTER-NOT-TELL")
def test_better_not_tell_you_now_shows_every_intent_and_lets_her_pick() -> None:
    kinds = bestiary()
    kinds["training_robot"] = dataclasses.replace(kinds["training_robot"], hidden_intents=True)
    setups = [hope("all_signs_point_to_yes", upgrades=("all_signs_point_to_yes",))]
    state, _ = new_combat(3, 3, setups, ROBOTS, kinds)
    state = skip_peek(state)
    assert all(a.intent_hidden for a in state.adversaries)
    state, _ = play(state, "The High Priestess", "all_signs_point_to_yes")
    assert state.pending is not None and state.pending.kind == "better-not-tell"
    no, _ = choose(state, "No")
    assert no.fighter("hp").corruption_gained == 0 and all(a.intent_hidden for a in no.adversaries)
    state, events = choose(state, "Take 1 Corruption")
    assert state.fighter("hp").corruption_gained == 1
    assert [e.adversary for e in events if isinstance(e, IntentRevealed)] == ["training_robot-1", "training_robot-2"]
    assert not any(a.intent_hidden for a in state.adversaries)
    # Next round each robot draws two face up and she picks.
    state, events = apply(state, EndTurn("hp"))
    offered = [e for e in events if isinstance(e, IntentsOffered)]
    assert [e.adversary for e in offered] == ["training_robot-1", "training_robot-2"]
    assert all(len(e.cards) == 2 for e in offered)
    pending = state.pending
    assert pending is not None and pending.kind == "intent-pick" and pending.actor == "hp"
    second = offered[0].cards[1]
    state, _ = choose(state, f"keeps {CARDS[second].name}")
    robot = state.adversaries[0]
    assert robot.intent == second and not robot.intent_hidden
    assert offered[0].cards[0] in state.piles["gm"].discard
    while state.pending is not None and state.pending.kind == "intent-pick":
        state, _ = apply(state, Choose(0))
    state = skip_peek(state)
    assert not any(a.intent_hidden for a in state.adversaries)
    # She leaves: 3 ranged magic damage to every adversary, wherever it stands; no signs, so no 7s.
    state, events = apply(state, Activate("hp", "all_signs_point_to_yes", 0))
    assert sorted(hits(events)) == [("training_robot-1", 3, True, True), ("training_robot-2", 3, True, True)]
    assert "better_not_tell" not in state.fighter("hp").marks


# --- HP-YES-NO / HP-GOOD-BYE -------------------------------------------------------------------------

FIVE = ("Ace of Cups", "2 of Cups", "3 of Cups", "4 of Cups", "6 of Cups")


@pytest.mark.rule("HP-YES-NO")
def test_yes_no_sorts_five_draws_three_and_foresees_next_rounds_intents() -> None:
    state = start("yes_no")
    hp = state.fighter("hp")
    stack(state, hp, *FIVE)
    state, _ = play(state, "The High Priestess", "yes_no")
    for name, where in zip(FIVE, ("bottom", "top", "bottom", "top", "top"), strict=True):
        pending = state.pending
        assert pending is not None and pending.kind == "yes-no-sort" and pending.private and name in pending.prompt
        state, _ = choose(state, "on top" if where == "top" else "at the bottom")
    state, _ = choose(state, "6 of Cups")  # on top
    state, events = choose(state, "2 of Cups")  # next; 4 of Cups last
    hp = state.fighter("hp")
    drawn = [e.cards for e in events if isinstance(e, CardsDrawn)]
    assert drawn[0] == tuple(by_name(n) for n in ("6 of Cups", "2 of Cups", "4 of Cups"))
    assert set(state.piles["hp"].draw[:2]) == {by_name("Ace of Cups"), by_name("3 of Cups")}, "shuffled under"
    queued = [e for e in events if isinstance(e, IntentQueued)]
    assert [e.adversary for e in queued] == ["training_robot-1"]
    card = state.queued_intents["training_robot-1"][0]
    assert hp.bins["yes_no"] == [HIGH_PRIESTESS]
    with pytest.raises(IllegalAction, match="already holds"):
        play(state, "The Fool", "yes_no")
    state, _ = apply(state, EndTurn("hp"))
    assert HIGH_PRIESTESS in state.piles["hp"].discard or HIGH_PRIESTESS in state.fighter("hp").hand
    assert state.adversaries[0].intent == card and state.queued_intents == {}


@pytest.mark.rule("HP-GOOD-BYE")
def test_good_bye_puts_her_back_under_the_kept_cards_and_spills_the_vision_over() -> None:
    state = start("yes_no", upgrades=("yes_no",), others=(MO,))
    stack(state, state.fighter("hp"), *FIVE)
    state, _ = play(state, "The High Priestess", "yes_no")
    state, _ = choose(state, "Take 1 Corruption")
    assert state.fighter("hp").corruption_gained == 1
    for where in ("top", "top", "bottom", "bottom", "bottom"):
        state, _ = choose(state, "on top" if where == "top" else "at the bottom")
    state, _ = choose(state, "2 of Cups")
    assert state.pending is not None and state.pending.kind == "good-bye-priestess"
    state, events = choose(state, "Put The High Priestess back")
    hp = state.fighter("hp")
    drawn = next(e.cards for e in events if isinstance(e, CardsDrawn))
    assert drawn == (by_name("2 of Cups"), by_name("Ace of Cups"), HIGH_PRIESTESS), "kept cards, then her"
    assert hp.bins["yes_no"] == []
    assert "good_bye_vision" in state.fighter("mo").abilities and state.fighter("mo").marks["yes_no_gift"] == 1
    state, _ = apply(state, EndTurn("hp"))
    while state.pending is not None:  # Mo's turn: nothing to peek
        state, _ = apply(state, Choose(0))
    gift = Activate("mo", "good_bye_vision", 0)
    assert gift in legal_actions(state)
    state, events = apply(state, gift)
    assert any(isinstance(e, CardsPeeked) and e.fighter == "mo" for e in events)
    while state.pending is not None and state.pending.kind in ("yes-no-sort", "yes-no-order"):
        state, events = apply(state, Choose(0))
    assert "yes_no_gift" not in state.fighter("mo").marks and gift not in legal_actions(state)
    assert state.queued_intents == {} or "training_robot-1" in state.queued_intents


# --- HP-ORIGAMI / HP-ROLLING-BONES --------------------------------------------------------------------

MAJORS = ("The Empress", "The Emperor", "The Hierophant", "The Lovers", "The Chariot")


@pytest.mark.rule("HP-ORIGAMI")
def test_origami_folds_concentrates_cards_and_strikes_at_five() -> None:
    state = start("origami_folding")
    with pytest.raises(IllegalAction, match="only with the cards Concentrate spends"):
        play(state, "The Empress", "origami_folding")
    old_intent = state.adversaries[0].intent
    for count, name in enumerate(MAJORS[:4], start=1):
        state, _ = play(state, name, "concentrate")
        assert len(state.fighter("hp").bins["origami_folding"]) == count
        assert by_name(name) not in state.piles["hp"].discard
    state, _ = play(state, MAJORS[4], "concentrate")
    assert state.pending is not None and state.pending.kind == "origami"
    skipped, _ = choose(state, "Just discard")
    assert skipped.adversaries[0].hp == 15 and skipped.fighter("hp").bins["origami_folding"] == []
    state, events = choose(state, "Fold")
    assert hits(events) == [("training_robot-1", 1, False, True)]
    assert state.fighter("hp").bins["origami_folding"] == []
    assert {by_name(n) for n in MAJORS} <= set(state.piles["hp"].discard)
    assert old_intent in state.piles["gm"].discard, "the only robot in her zone redrew"


@pytest.mark.rule("HP-ROLLING-BONES")
def test_rolling_bones_costs_one_corruption_then_every_concentrate_deals_three() -> None:
    state = start("origami_folding", upgrades=("origami_folding",))
    state, _ = play(state, "The Empress", "concentrate")
    assert state.pending is None, "not switched on yet"
    state, events = apply(state, Activate("hp", "origami_folding", 0))
    assert state.fighter("hp").corruption_gained == 1 and not any(
        isinstance(a, Activate) and a.ability == "origami_folding" for a in legal_actions(state)
    )
    state, events = play(state, "The Emperor", "concentrate")  # one robot in reach: no need to ask
    assert hits(events) == [("training_robot-1", 3, False, True)]


@pytest.mark.rule("HP-ORIGAMI", "HP-ALL-SIGNS")
def test_a_card_both_bins_want_is_the_players_choice() -> None:
    state = start("origami_folding", "all_signs_point_to_yes")
    state, _ = play(state, "The High Priestess", "all_signs_point_to_yes")
    state, _ = play(state, "3 of Cups", "concentrate")
    pending = state.pending
    assert pending is not None and pending.kind == "catch"
    state, _ = choose(state, "goes on Origami Folding")
    assert state.fighter("hp").bins["origami_folding"] == [by_name("3 of Cups")]
    state, _ = play(state, "The Empress", "concentrate")
    assert state.fighter("hp").bins["origami_folding"][-1] == by_name("The Empress"), "only Origami wants a Major"


# --- HP-LUCKY-NUMBERS / HP-MISTAKE-CORRECTED ------------------------------------------------------------

LUCKY_SIX = ("3 of Cups", "4 of Swords", "The Hierophant", "6 of Wands", "8 of Pentacles", "7 of Cups")


@pytest.mark.rule("HP-LUCKY-NUMBERS")
def test_a_drawn_seven_is_four_shield_at_once() -> None:
    state = start("lucky_numbers")
    stack(state, state.fighter("hp"), "7 of Swords", "The Chariot")
    state, events = play(state, "The Empress", "concentrate")
    assert [e.amount for e in events if isinstance(e, ShieldGained)] == [4]
    state, events = play(state, "The Emperor", "concentrate")
    assert [e.amount for e in events if isinstance(e, ShieldGained)] == [4], "The Chariot is a 7 too"
    assert state.fighter("hp").shield == 8


@pytest.mark.rule("HP-LUCKY-NUMBERS")
def test_six_different_numbers_come_back_to_the_hand_as_draws_once_a_turn() -> None:
    state = start("lucky_numbers")
    with pytest.raises(IllegalAction, match="takes a 3, 4, 5, 6, 7 or 8"):
        play(state, "9 of Cups", "lucky_numbers")
    for name in LUCKY_SIX[:5]:
        state, _ = play(state, name, "lucky_numbers")
    with pytest.raises(IllegalAction, match="already holds a 3"):
        play(state, "3 of Swords", "lucky_numbers")
    state, events = play(state, LUCKY_SIX[5], "lucky_numbers")
    hp = state.fighter("hp")
    assert hp.bins["lucky_numbers"] == []
    assert {by_name(n) for n in LUCKY_SIX} <= set(hp.hand)
    assert any(isinstance(e, CardsDrawn) and len(e.cards) == 6 for e in events), "they count as draws"
    assert [e.amount for e in events if isinstance(e, ShieldGained)] == [4], "the returning 7 is drawn"
    for name in LUCKY_SIX[:5]:
        state, _ = play(state, name, "lucky_numbers")
    with pytest.raises(IllegalAction, match="already came back to your hand this turn"):
        play(state, LUCKY_SIX[5], "lucky_numbers")


@pytest.mark.rule("HP-MISTAKE-CORRECTED")
def test_a_mistake_undoes_hp_damage_and_injuries_since_her_last_turn() -> None:
    state = start("lucky_numbers", upgrades=("lucky_numbers",))
    assert not any(isinstance(a, Activate) for a in legal_actions(state)), "nothing to undo yet"
    state.fighter("hp").hp = 4
    state.adversaries[0].intent = by_name("5 of Swords")  # move 1 (already here), 6 damage
    state, _ = apply(state, EndTurn("hp"))
    assert state.checkpoints["hp"]["hp"].hp == 4
    assert state.pending is not None and state.pending.kind == "injury"
    state, _ = choose(state, "Broken Arm")
    state = skip_peek(state)
    hp = state.fighter("hp")
    assert hp.injuries == ["Broken Arm"] and hp.hp == 15
    state, events = apply(state, Activate("hp", "lucky_numbers", 0))
    hp = state.fighter("hp")
    assert hp.injuries == [] and hp.hp == 4 and hp.corruption_gained == 2
    assert [e for e in events if isinstance(e, HarmUndone)] == [HarmUndone("hp", 4, ("Broken Arm",))]
    assert [e.amount for e in events if isinstance(e, CorruptionTaken)] == [2]


@pytest.mark.rule("HP-MISTAKE-CORRECTED")
def test_the_record_survives_a_save() -> None:
    state = start("lucky_numbers", upgrades=("lucky_numbers",))
    state.adversaries[0].intent = by_name("5 of Swords")
    state, _ = apply(state, EndTurn("hp"))
    state = skip_peek(state)
    assert state.fighter("hp").hp == 14
    loaded = state_from_dict(state_to_dict(state))
    assert state_hash(loaded) == state_hash(state)
    loaded, _ = apply(loaded, Activate("hp", "lucky_numbers", 0))
    assert loaded.fighter("hp").hp == 20


# --- HP-PALM-READING / HP-COLD-READING ------------------------------------------------------------------


@pytest.mark.rule("HP-PALM-READING")
def test_palm_reading_reads_every_draw() -> None:
    state = start("palm_reading")
    with pytest.raises(IllegalAction):
        play(state, "5 of Cups", "palm_reading")
    stack(state, state.fighter("hp"), "5 of Cups", "Queen of Swords", "King of Wands")
    give(state, state.fighter("hp"), "The Empress", "The Emperor")
    hand = len(state.fighter("hp").hand)
    state, events = play(state, "The Empress", "concentrate")  # draws the 5, which draws the Queen
    assert len(state.fighter("hp").hand) == hand + 1
    assert [e.amount for e in events if isinstance(e, ShieldGained)] == [1]
    state, events = play(state, "The Emperor", "concentrate")  # draws the King
    assert hits(events) == [("training_robot-1", 1, False, False)]


@pytest.mark.rule("HP-COLD-READING")
def test_cold_reading_makes_every_draw_deal_one_damage() -> None:
    state = start("palm_reading", upgrades=("palm_reading",))
    state, events = apply(state, Activate("hp", "palm_reading", 0))
    assert state.fighter("hp").corruption_gained == 1
    stack(state, state.fighter("hp"), "2 of Cups")
    state, events = play(state, "The Empress", "concentrate")
    assert hits(events) == [("training_robot-1", 1, False, False)]
    state, events = play(state, "The Emperor", "concentrate")
    assert hits(events) == [("training_robot-1", 1, False, False)], "every draw, whatever the card"


# --- HP-BALLISTICS / HP-ASTRONOMY -----------------------------------------------------------------------


@pytest.mark.rule("HP-BALLISTICS")
def test_a_wand_on_ballistics_makes_damage_ranged_magic_and_reach_everywhere() -> None:
    state = start("ballistics", "all_signs_point_to_yes", foes=ROBOTS)
    with pytest.raises(IllegalAction, match="takes Wands"):
        play(state, "2 of Cups", "ballistics")
    state, _ = play(state, "2 of Wands", "ballistics")
    with pytest.raises(IllegalAction, match="one Wand at a time"):
        play(state, "3 of Wands", "ballistics")
    state, _ = play(state, "10 of Swords", "unarmed_strike")
    labels = [o.label for o in state.pending.options] if state.pending else []
    assert "3 ranged magic damage to Training Attack Robot 2" in labels, "melee became ranged magic (Weak: 3)"
    state, _ = choose(state, "3 ranged magic damage to Training Attack Robot 2")
    state, _ = play(state, "The High Priestess", "all_signs_point_to_yes")
    state, _ = play(state, "9 of Cups", "concentrate")
    state, events = apply(state, Activate("hp", "all_signs_point_to_yes", 0))
    assert sorted(hits(events)) == [("training_robot-1", 7, True, True), ("training_robot-2", 7, True, True)]
    state, _ = apply(state, EndTurn("hp"))
    assert by_name("2 of Wands") in state.piles["hp"].discard and state.fighter("hp").bins["ballistics"] == []


@pytest.mark.rule("HP-ASTRONOMY")
def test_astronomy_shares_her_shield_with_every_player() -> None:
    state = start("ballistics", upgrades=("ballistics",), others=(MO,))
    state, _ = play(state, "2 of Wands", "ballistics")
    assert state.pending is not None and state.pending.kind == "astronomy"
    plain, _ = choose(state, "Ballistics")
    assert plain.fighter("hp").corruption_gained == 0
    state, _ = choose(state, "Astronomy")
    assert state.fighter("hp").corruption_gained == 1
    state, _ = play(state, "9 of Cups", "defend")
    state, events = play(state, "Ace of Pentacles", "defend")
    assert [(e.who, e.amount) for e in events if isinstance(e, ShieldGained)] == [("hp", 7), ("mo", 7)]
    state, _ = play(state, "10 of Swords", "unarmed_strike")
    labels = [o.label for o in state.pending.options] if state.pending else []
    assert labels == ["3 damage to Training Attack Robot", "1 ranged damage to Training Attack Robot"], (
        "Astronomy instead of Ballistics: damage stays as it was"
    )


@pytest.mark.rule("HP-ORIGAMI")
def test_the_tower_empties_concentrate_into_the_discard_not_onto_origami() -> None:
    state = start("origami_folding")
    state.fighter("hp").bins["concentrate"] = []
    state.fighter("hp").bins["origami_folding"] = [by_name("The Lovers")]
    stack(state, state.fighter("hp"), "The Tower")
    state, events = play(state, "The Empress", "concentrate")  # fires: Empress caught, then draws The Tower
    assert any(isinstance(e, CatastropheStruck) for e in events)
    assert state.fighter("hp").bins["origami_folding"] == []
    assert {by_name("The Lovers"), by_name("The Empress")} <= set(state.piles["hp"].draw), "shuffled back in"


@pytest.mark.rule("HP-YES-NO")
def test_a_queued_intent_of_a_fallen_adversary_is_thrown_away() -> None:
    state = start("yes_no")
    state, _ = play(state, "The High Priestess", "yes_no")
    while state.pending is not None:
        state, _ = apply(state, Choose(0))
    card = state.queued_intents["training_robot-1"][0]
    state.adversaries[0].fate, state.adversaries[0].hp = "scared", 0
    state.practice = True  # keep the fight going with nobody left
    state, _ = apply(state, EndTurn("hp"))
    assert state.queued_intents == {} and card in state.piles["gm"].discard
    assert state.adversaries[0].intent is None


@pytest.mark.rule("HP-ASTRONOMY")
def test_astronomy_leaves_eddies_out() -> None:
    from rt0table.rules.rt0.fight.state import FighterKind

    eddy = FighterSetup("ed", "Eddy", (1, 1), kind=FighterKind.EDDY)
    state = start("ballistics", upgrades=("ballistics",), others=(eddy,))
    while state.active_fighter is not None and state.active_fighter.id != "hp":
        state, _ = apply(state, EndTurn(state.active_fighter.id))
    state = skip_peek(state)
    state, _ = play(state, "2 of Wands", "ballistics")
    state, _ = choose(state, "Astronomy")
    state, _ = play(state, "9 of Cups", "defend")
    state, events = play(state, "Ace of Pentacles", "defend")
    assert [(e.who, e.amount) for e in events if isinstance(e, ShieldGained)] == [("hp", 7)]
    assert state.fighter("ed").shield == 0


def test_passive_rules_are_marked_so_uis_can_skip_their_bins() -> None:
    assert ABILITIES["second_sight"].passive and ABILITIES["palm_reading"].passive
    assert not ABILITIES["all_signs_point_to_yes"].passive
