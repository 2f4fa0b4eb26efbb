"""The Paradise Lua playthrough's ops: moves on the maps, quests, discipline, mentor, problems, hosts, the act
track, the inspiration oracle and fights called at a location; one refusal predicate and a codec."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rt0table.rules.paradise_lua import tarot_oracle
from rt0table.rules.paradise_lua.lua_campaign import (
    AdvanceAct,
    AngerFaction,
    CallFight,
    ChooseMentor,
    DrawInspiration,
    FightCalled,
    FightOver,
    FindHost,
    InspirationDrawn,
    KillHost,
    LuaState,
    MarkStep,
    Move,
    Moved,
    Offence,
    Op,
    SaveHost,
    SetGate,
    WriteNote,
    apply,
    decode_op,
    decode_state,
    encode_op,
    encode_state,
    judgement_links,
    narrate,
    new_playthrough,
    refusal,
    reveals,
    saved_hosts,
)
from rt0table.rules.paradise_lua.world_content import World
from rt0table.rules.paradise_lua.world_map import Spot, exits, neighbours, route
from rt0table.rules.rt0.cards import CARDS, by_name
from rt0table.rules.rt0.content.adversaries import AdversaryKind
from rt0table.rules.seam import IllegalAction, RulesError

J, AIR, DAY = "MAP-JOYEUSE", "MAP-AIRLOCK", "MAP-DAYBREAK"


def play(world: World, state: LuaState, *ops: Op) -> tuple[LuaState, list[Any]]:
    events: list[Any] = []
    for op in ops:
        state, new = apply(world, state, op)
        events += new
    return state, events


def walk(world: World, state: LuaState, *nodes: tuple[str, str]) -> LuaState:
    return play(world, state, *(Move(Spot(g, n)) for g, n in nodes))[0]


def at_customs(world: World) -> LuaState:
    return walk(world, new_playthrough(1), (AIR, "HUB"), (AIR, "EXIT"), (J, "AIRLOCK"), (J, "CUSTOMS"))


# --- the maps ---------------------------------------------------------------------------------------------


@pytest.mark.rule("WLD-ARRIVAL", "ACT-1-Q1-ARRIVAL", "LOC-AIR-PASSENGER")
def test_the_party_starts_in_the_passenger_concourse(world: World) -> None:
    state = new_playthrough(5)
    assert state.at == Spot(AIR, "PASSENGER") and state.visited == (state.at,) and state.act == 1


@pytest.mark.rule("MAP-JOYEUSE")
def test_a_move_follows_an_edge_either_way_along_the_books_arrow(world: World) -> None:
    state = at_customs(world)
    # CUSTOMS-->HUB is written from PortSec to the Promenade; HUB-->DAYBREAK into Daybreak, and back out again.
    state = walk(world, state, (J, "HUB"), (J, "DAYBREAK"), (J, "HUB"), (J, "CUSTOMS"))
    assert state.at == Spot(J, "CUSTOMS")


@pytest.mark.rule("MAP-JOYEUSE", "MAP-AIRLOCK", "MAP-DAYBREAK")
def test_read_one_way_the_book_strands_a_party_read_both_ways_nobody_is_trapped(world: World) -> None:
    joyeuse = world.graph(J)
    one_way_dead_ends = {key for key in (n.key for n in joyeuse.nodes) if all(a != key for a, _ in joyeuse.edges)}
    assert one_way_dead_ends == {"DAYBREAK", "HOTEL", "STUDIO", "CEMETARY"}
    spots = [Spot(g.id, n.key) for g in world.graphs for n in g.nodes]
    for spot in spots:
        assert route(world, Spot(J, "HUB"), spot) and route(world, spot, Spot(J, "HUB"))


@pytest.mark.rule("MAP-JOYEUSE")
def test_a_place_not_connected_is_refused_with_the_reason_and_nothing_changes(world: World) -> None:
    state = at_customs(world)
    op = Move(Spot(J, "LABS"))
    assert refusal(world, state, op) == (
        "Masamune Engineering is not connected to Executare PortSec: move one connected place at a time."
    )
    with pytest.raises(IllegalAction, match="not connected"):
        apply(world, state, op)
    assert refusal(world, state, Move(Spot(J, "CUSTOMS"))) == "The party is already at Executare PortSec."
    assert "no place" in (refusal(world, state, Move(Spot(J, "MOON"))) or "")


@pytest.mark.rule("MAP-NESTING", "MAP-AIRLOCK", "MAP-DAYBREAK", "LOC-AIR-EXIT")
def test_nested_maps_are_entered_at_their_door_and_left_by_it(world: World) -> None:
    assert set(exits(world, Spot(J, "AIRLOCK"))) == {Spot(J, "SURFACE"), Spot(J, "CUSTOMS"), Spot(AIR, "EXIT")}
    assert set(exits(world, Spot(AIR, "EXIT"))) == {Spot(AIR, "HUB"), Spot(J, "AIRLOCK")}
    assert Spot(DAY, "PLAZA") in exits(world, Spot(J, "DAYBREAK"))
    assert Spot(J, "DAYBREAK") in exits(world, Spot(DAY, "PLAZA"))
    assert Spot(J, "DAYBREAK") not in exits(world, Spot(DAY, "DORMS"))  # only the door leads out
    state = walk(world, at_customs(world), (J, "HUB"), (J, "DAYBREAK"), (DAY, "PLAZA"), (DAY, "LHALL"))
    assert state.at == Spot(DAY, "LHALL")


@pytest.mark.rule("MAP-DAYBREAK", "LOC-DAY-ADMIN", "LOC-DAY-TOP-HALL", "LOC-DAY-DORMS")
def test_daybreaks_two_routes_up_and_the_dorms_off_the_top_hall(world: World) -> None:
    daybreak = world.graph(DAY)
    assert set(neighbours(daybreak, "TOP")) == {"ADMIN", "STAIRS", "DORMS"}
    assert neighbours(daybreak, "DORMS") == ("TOP",)
    assert len(neighbours(daybreak, "LHALL")) == 7 and len(neighbours(daybreak, "UHALL")) == 7
    path = route(world, Spot(DAY, "PLAZA"), Spot(DAY, "DORMS"))
    assert [s.node for s in path] == ["PLAZA", "LHALL", "STAIRS", "TOP", "DORMS"]


@pytest.mark.rule("LOC-JOY-MAGLEV", "ACT-1-BREAK", "GM-ACT-BREAK")
def test_the_maglev_stays_shut_until_act_1_ends(world: World) -> None:
    state = walk(world, at_customs(world), (J, "HUB"))
    assert refusal(world, state, Move(Spot(J, "TRANSPORT"))) == (
        "The party is not cleared to leave Joyeuse until Act 1 ends."
    )
    state = play(world, state, MarkStep("ACT-1-BREAK"), AdvanceAct())[0]
    assert state.act == 2 and refusal(world, state, Move(Spot(J, "TRANSPORT"))) is None


@pytest.mark.rule("LOC-JOY-SURFACE", "LOC-AIR-HUMANSCALE", "GM-LOCATION-CHECKS")
def test_the_airlocks_keep_the_party_in_until_the_gm_opens_them(world: World) -> None:
    state = walk(world, new_playthrough(1), (AIR, "HUB"))
    shut = refusal(world, state, Move(Spot(AIR, "AIRLOCK")))
    assert shut is not None and "Airlock Keycard" in shut and "Unlikely SCI" in shut
    # The party passed the check (or found a keycard): the GM opens the door.
    state = play(world, state, SetGate(Spot(AIR, "AIRLOCK"), True), Move(Spot(AIR, "AIRLOCK")))[0]
    assert state.at == Spot(AIR, "AIRLOCK")
    held = play(world, state, SetGate(Spot(J, "SURFACE"), False))[0]
    assert Spot(J, "SURFACE") in held.shut
    assert refusal(world, state, SetGate(Spot(J, "HUB"), True)) == "There is no gate there."


def test_the_journal_names_places_and_adversaries_in_words(world: World) -> None:
    state, events = play(world, new_playthrough(1), Move(Spot(AIR, "HUB")), Move(Spot(AIR, "EXIT")))
    assert narrate(world, events[1]) == "The party goes to Executare PortSec (way out) for the first time."
    state = walk(world, state, (J, "AIRLOCK"), (J, "CUSTOMS"))
    called = play(world, state, CallFight("FAC-EXECUTARE", 1))[1][0]
    assert narrate(world, called) == "A fight with The Executare at Executare PortSec: shadowling."
    assert narrate(world, called, {"shadowling": "Shadowling"}).endswith(": Shadowling.")


def test_moves_remember_where_the_party_has_been(world: World) -> None:
    state, events = play(world, new_playthrough(1), Move(Spot(AIR, "HUB")), Move(Spot(AIR, "PASSENGER")))
    assert [e.first_visit for e in events if isinstance(e, Moved)] == [True, False]
    assert state.visited == (Spot(AIR, "PASSENGER"), Spot(AIR, "HUB"))


# --- quests and acts --------------------------------------------------------------------------------------

QUEST_STEPS = [
    ("ACT-1-Q1-ARRIVAL", "LOC-AIR-PASSENGER"),
    ("ACT-1-Q1-CUSTOMS", "LOC-JOY-PORTSEC"),
    ("ACT-1-Q1-INITIATION", "LOC-JOY-DAYBREAK"),
    ("ACT-1-Q2-FOOD-SLEEP", None),
    ("ACT-1-Q2-CURFEW", None),
    ("ACT-1-Q2-DISCIPLINE", "LOC-DAY-DETENTION"),
    ("ACT-1-Q2-LESSONS", "LOC-DAY-CLASSROOMS"),
    ("ACT-1-Q3-STAKES", "LOC-DAY-ADMIN"),
    ("ACT-1-BREAK", None),
]


@pytest.mark.parametrize(
    ("step", "place"), [pytest.param(s, p, marks=pytest.mark.rule(s), id=s) for s, p in QUEST_STEPS]
)
def test_act_1s_quest_steps_are_marked_done_and_reopened(world: World, step: str, place: str | None) -> None:
    act_1 = world.act(1)
    steps = {s.id: s for q in act_1.quests for s in q.steps}
    assert steps[step].place == place
    state, events = play(world, new_playthrough(1), MarkStep(step))
    assert state.steps_done == (step,) and narrate(world, events[0]) == f"Quest step {step} done."
    assert refusal(world, state, MarkStep(step)) == f"{step} is already done."
    state = play(world, state, MarkStep(step, done=False))[0]
    assert state.steps_done == ()


def test_act_1_has_three_quests_in_the_books_order(world: World) -> None:
    quests = world.act(1).quests
    assert [q.number for q in quests] == ["1", "2", "3"]
    assert [s.id for q in quests for s in q.steps] == [s for s, _ in QUEST_STEPS]
    assert refusal(world, new_playthrough(1), MarkStep("ACT-9")) == "There is no quest step 'ACT-9'."


@pytest.mark.rule("GM-FOUR-ACTS", "ACT-STRUCTURE", "GM-ACT-BREAK")
def test_the_acts_run_in_order_and_act_1_ends_with_its_boss_fight(world: World) -> None:
    state = new_playthrough(1)
    assert refusal(world, state, AdvanceAct()) == "Act 1 ends with its boss fight: mark ACT-1-BREAK done first."
    state, events = play(world, state, MarkStep("ACT-1-BREAK"), AdvanceAct(), AdvanceAct(), AdvanceAct())
    assert state.act == 4
    assert narrate(world, events[1]) == "Act 2 begins: Monster of the Week."
    assert refusal(world, state, AdvanceAct()) == "Act 4 is the last act."


@pytest.mark.rule("ACT-ONE-SHOT")
def test_a_one_shot_is_act_1_alone(world: World) -> None:
    state = play(world, new_playthrough(1, one_shot=True), MarkStep("ACT-1-BREAK"))[0]
    assert refusal(world, state, AdvanceAct()) == "This is a one-shot: it ends with Act 1."


# --- discipline and curfew --------------------------------------------------------------------------------


@pytest.mark.rule("GM-DISCIPLINE", "ACT-1-Q2-DISCIPLINE", "LOC-DAY-DETENTION")
def test_each_offence_climbs_the_seven_rung_ladder(world: World) -> None:
    state = new_playthrough(1)
    levels, fights = [], []
    for _ in range(7):
        state, events = play(world, state, Offence())
        levels.append(state.discipline)
        fights.append(events[0].fight)
    assert levels == [1, 2, 3, 4, 5, 6, 7]
    assert fights == [None, None, None, None, None, "training_robot", "executare"]
    assert [s.name for s in world.discipline.steps][2:4] == ["Detention", "Detention, patched"]
    assert refusal(world, state, Offence()) == "The discipline ladder is at its last rung."


@pytest.mark.rule("GM-DISCIPLINE")
def test_only_the_patched_detention_repeats(world: World) -> None:
    state = play(world, new_playthrough(1), Offence(), Offence(), Offence())[0]
    assert refusal(world, state, Offence(repeat=True)) == "Only the patched Detention (rung 4) repeats."
    state = play(world, state, Offence(), Offence(repeat=True), Offence(repeat=True))[0]
    assert state.discipline == 4
    assert play(world, state, Offence())[0].discipline == 5


@pytest.mark.rule("GM-CURFEW", "ACT-1-Q2-CURFEW")
def test_curfew_is_at_20_00_and_the_first_lesson_at_08_00(world: World) -> None:
    assert (world.discipline.curfew_hour, world.discipline.first_lesson_hour) == (20, 8)


# --- mentor, problems, hosts ------------------------------------------------------------------------------


@pytest.mark.rule("GM-MENTOR", "NPC-MENTOR")
def test_the_gm_picks_one_mentor_of_three(world: World) -> None:
    state = new_playthrough(1)
    assert refusal(world, state, ChooseMentor("NPC-GERALD-YACHT")) is not None
    state, events = play(world, state, ChooseMentor("NPC-JULIANNA-FORZA"))
    assert narrate(world, events[0]) == "Julianna Forza becomes the party's mentor."
    assert refusal(world, state, ChooseMentor("NPC-HERMAN-ITO")) == "The party already has a mentor."


@pytest.mark.rule("GM-FACTION-FOCUS", "FAC-PROBLEM-CRIMINAL", "FAC-PROBLEM-UNBANKED")
def test_angering_a_faction_brings_its_problem_until_settled(world: World) -> None:
    state, events = play(world, new_playthrough(1), AngerFaction("FAC-EXECUTARE"), AngerFaction("FAC-COMPANY"))
    assert state.problems == ("FAC-PROBLEM-CRIMINAL", "FAC-PROBLEM-UNBANKED")
    assert narrate(world, events[0]) == "The party is now Criminal."
    assert refusal(world, state, AngerFaction("FAC-EXECUTARE")) == "The party is already in trouble with The Executare."
    state = play(world, state, AngerFaction("FAC-EXECUTARE", angry=False))[0]
    assert state.problems == ("FAC-PROBLEM-UNBANKED",)
    assert refusal(world, state, AngerFaction("FAC-EGGHEADS")) == "Angering The Eggheads brings no standing problem."


@pytest.mark.rule("ACT-LINK-VERBS", "HOR-HOSTS", "GM-HERO-HOSTS", "HOR-JUDGEMENT", "ACT-4")
def test_a_found_host_saved_cuts_a_link_and_weakens_judgement_in_act_4(world: World) -> None:
    state = new_playthrough(1)
    assert judgement_links(world, state) == 23
    assert refusal(world, state, SaveHost("terror")) == "Find The Terror's host first."
    state, events = play(world, state, FindHost("terror", "Sgt. Starman"), SaveHost("terror"))
    assert [narrate(world, e) for e in events] == [
        "Sgt. Starman, host of The Terror: found.",
        "Sgt. Starman, host of The Terror: saved.",
    ]
    state = play(world, state, FindHost("legion", "a commuter"), KillHost("legion"))[0]
    assert [h.name for h in saved_hosts(state)] == ["Sgt. Starman"]  # only the saved can cut their own link
    assert judgement_links(world, state) == 21
    assert refusal(world, state, SaveHost("terror")) == "Sgt. Starman is already saved."


@pytest.mark.rule("ACT-LINK-VERBS", "HOR-HANGED-MAN", "ACT-4")
def test_hosts_are_saved_in_acts_1_to_3_and_the_unlinked_cannot_be(world: World) -> None:
    state = play(world, new_playthrough(1), FindHost("judgement", "nobody yet"), FindHost("moon", "Lunette Quigley"))[0]
    assert refusal(world, state, SaveHost("judgement")) == "Judgement is not linked through a host the party can reach."
    late = play(world, state, MarkStep("ACT-1-BREAK"), AdvanceAct(), AdvanceAct(), AdvanceAct())[0]
    assert refusal(world, late, SaveHost("moon")) == (
        "Hosts are saved in Acts 1 to 3; Act 4 is when the saved cut their own links."
    )
    assert (
        refusal(world, state, FindHost("moon", "someone else")) == "The Moon's host is already known: Lunette Quigley."
    )
    assert refusal(world, state, FindHost("joker", "x")) == "There is no True Horror 'joker'."


def test_gm_notes_on_places_factions_and_people_are_kept_and_removed(world: World) -> None:
    state, events = play(world, new_playthrough(1), WriteNote("LOC-JOY-COURT", "  The clerk takes bribes. "))
    assert state.notes == (("LOC-JOY-COURT", "The clerk takes bribes."),)
    assert narrate(world, events[0]) == "GM note on Rikksverdet Court: The clerk takes bribes."
    state = play(world, state, WriteNote("NPC-KETT", "Owes Ontario money."), WriteNote("LOC-JOY-COURT", "Closed."))[0]
    assert state.notes == (("NPC-KETT", "Owes Ontario money."), ("LOC-JOY-COURT", "Closed."))
    state, events = play(world, state, WriteNote("NPC-KETT", ""))
    assert state.notes == (("LOC-JOY-COURT", "Closed."),)
    assert narrate(world, events[0]) == "GM note on Kett removed."
    assert refusal(world, state, WriteNote("LOC-JOY-COURT", "Closed.")) == "The note says that already."
    assert refusal(world, state, WriteNote("LOC-MARS", "x")) == "There is nothing called 'LOC-MARS' to write a note on."
    assert refusal(world, state, WriteNote("NPC-KETT", "x" * 2001)) == "A note holds at most 2000 characters."
    assert decode_state(world, encode_state(state)) == state


# --- the inspiration oracle -------------------------------------------------------------------------------


@pytest.mark.rule("GM-TAROT-IMPROV", "LOC-JOY-PORTSEC")
def test_a_draw_deals_one_to_three_cards_with_the_places_suit_and_factions(world: World) -> None:
    state = at_customs(world)
    for count in (1, 2, 3):
        drawn = play(world, state, DrawInspiration(count))[1][0]
        assert isinstance(drawn, InspirationDrawn) and len(drawn.cards) == count
        assert (drawn.location, drawn.suit, drawn.factions) == ("LOC-JOY-PORTSEC", "Swords", ("FAC-EXECUTARE",))
    assert refusal(world, state, DrawInspiration(4)) == "Draw 1 to 3 cards for inspiration."
    assert refusal(world, state, DrawInspiration(0)) == "Draw 1 to 3 cards for inspiration."


def test_a_draw_is_a_reveal_and_replays_from_its_seed(world: World) -> None:
    one = play(world, new_playthrough(11), DrawInspiration(3))[1][0]
    two = play(world, new_playthrough(11), DrawInspiration(3))[1][0]
    other = play(world, new_playthrough(12), DrawInspiration(3))[1][0]
    assert one == two and one != other
    assert reveals(one) and not reveals(play(world, new_playthrough(1), Offence())[1][0])


@pytest.mark.rule("GM-TAROT-IMPROV")
def test_the_oracle_deals_all_78_before_any_card_comes_again(world: World) -> None:
    state = new_playthrough(3)
    seen: list[int] = []
    for _ in range(26):
        state, events = play(world, state, DrawInspiration(3))
        seen += events[0].cards
    assert sorted(seen) == list(range(78))
    state, events = play(world, state, DrawInspiration(2))
    assert len(set(events[0].cards)) == 2


def test_a_deck_running_out_mid_hand_never_deals_a_card_twice() -> None:
    deck = tarot_oracle.new_oracle(9)
    for _ in range(38):
        _, deck = tarot_oracle.deal(deck, 2)
    assert len(deck.order) == 2
    hand, deck = tarot_oracle.deal(deck, 3)
    assert len(set(hand)) == 3 and sorted(hand + deck.order) == list(range(78))


@pytest.mark.rule("TAROT-EMPRESS-OPTIONAL", "TAROT-MAJOR-03-EMPRESS")
def test_the_empress_can_be_left_out_of_the_oracle(world: World) -> None:
    state = new_playthrough(3, without_empress=True)
    seen: list[int] = []
    for _ in range(77):
        state, events = play(world, state, DrawInspiration(1))
        seen += events[0].cards
    assert by_name("The Empress") not in seen and len(set(seen)) == 77


@pytest.mark.rule("GM-RANDOM-EVENT", "NPC-X0XI", "HOR-SUN", "NPC-EDDIES")
def test_the_hanged_man_brings_x0xi_and_the_sun_brings_eddies(world: World) -> None:
    assert tarot_oracle.table_signs((by_name("The Hanged Man"),)) == ("X0XI steps in.",)
    assert tarot_oracle.table_signs((by_name("The Sun"), by_name("The Hanged Man"))) == (
        "X0XI steps in.",
        "Eddies turn up to help.",
    )
    assert tarot_oracle.table_signs((by_name("The Moon"),)) == ()


def test_meanings_are_searched_by_keyword(world: World) -> None:
    names = [m.name for m in tarot_oracle.search_meanings(world, "Travel")]
    assert names == ["8 of Wands", "6 of Swords"]  # deck order: Majors, Wands, Cups, Swords, Pentacles
    assert [m.name for m in tarot_oracle.search_meanings(world, "fight robot")] == ["5 of Wands"]
    assert tarot_oracle.search_meanings(world, "zebra") == ()
    assert len(tarot_oracle.search_meanings(world, "  ")) == 78


def test_the_journal_line_shows_each_card_with_its_keywords(world: World) -> None:
    state = at_customs(world)
    event = play(world, state, DrawInspiration(1))[1][0]
    card = event.cards[0]
    line = narrate(world, event)
    assert line.startswith("Inspiration at Executare PortSec (Swords): ")
    assert CARDS[card].name in line and world.meaning(card).keywords[0] in line


# --- fights called at a location ---------------------------------------------------------------------------


@pytest.mark.rule("GM-COMBAT-SCALING", "BST-EXECUTARE")
def test_a_fight_fields_one_adversary_per_player_from_the_faction_found_there(world: World) -> None:
    state = at_customs(world)
    event = play(world, state, CallFight("FAC-EXECUTARE", 3))[1][0]
    assert isinstance(event, FightCalled)
    assert event.adversaries == ("shadowling", "executare", "esw_netcannon")
    boss = play(world, state, CallFight("FAC-EXECUTARE", 2, boss=True))[1][0]
    assert boss.adversaries == ("shadowling", "executare", "terror")
    assert (
        refusal(world, state, CallFight("FAC-COMPANY", 2)) == "Nobody from FAC-COMPANY is found at Executare PortSec."
    )
    assert refusal(world, state, CallFight("FAC-EXECUTARE", 0)) == "A fight needs 1 to 8 player characters, not 0."


def test_a_called_fight_is_finished_before_another_and_its_end_is_journalled(world: World) -> None:
    state = at_customs(world)
    assert refusal(world, state, FightOver("victory")) == "No fight has been called."
    state = play(world, state, CallFight("FAC-EXECUTARE", 2))[0]
    assert state.fight == ("LOC-JOY-PORTSEC", "FAC-EXECUTARE")
    assert refusal(world, state, CallFight("FAC-EXECUTARE", 2)) == "Finish the fight already called first."
    assert refusal(world, state, FightOver("draw")) == "A fight ends in victory, defeat, escaped."
    state, events = play(world, state, FightOver("victory"))
    assert state.fight is None
    assert narrate(world, events[0]) == "The party won the fight with The Executare at Executare PortSec."


@pytest.mark.rule("GM-COMBAT-SCALING")
def test_a_faction_with_few_kinds_repeats_them(world: World) -> None:
    state = walk(world, at_customs(world), (J, "HUB"))
    event = play(world, state, CallFight("FAC-ANONYMOUS", 5))[1][0]
    assert event.adversaries == ("mob",) * 5
    assert refusal(world, state, CallFight("FAC-ANONYMOUS", 1, boss=False)) is None


@pytest.mark.rule("BST-COMMON", "BST-EXECUTARE", "BST-SYSTEM", "BST-ANONYMOUS", "BST-COMPANY", "BST-NO-NUMBERS")
def test_every_faction_fields_bestiary_entries_and_only_the_common_two_are_the_books(
    world: World, bestiary: dict[str, AdversaryKind]
) -> None:
    fielded = {a for f in world.factions for a in (*f.adversaries, *([f.boss] if f.boss else []))}
    assert fielded <= set(bestiary)
    assert {k for k, kind in bestiary.items() if kind.source == "book"} == {"training_robot", "laborer"}
    assert {"terror", "legion", "ravenous", "bound"} <= fielded
    sketches = {
        "FAC-EXECUTARE": {"shadowling", "executare", "esw_netcannon", "esw_psyche", "esw_shield", "esw_flash"}
        | {"esw_sledge", "terror"},
        "FAC-SYSTEM": {"robort", "otto_turret", "mr_surgeon", "drone", "drone_throne", "arachnedrone", "technician"}
        | {"bound"},
        "FAC-ANONYMOUS": {"mob", "legion"},
        "FAC-COMPANY": {"company_muscle", "ravenous"},
    }
    for faction_id, kinds in sketches.items():
        faction = world.faction(faction_id)
        assert {*faction.adversaries, faction.boss} == kinds


def test_every_location_fight_starts_for_every_faction_it_fields(world: World) -> None:
    from rt0table.rules.paradise_lua.lua_encounters import factions_fielding, field_adversaries

    for location in world.locations:
        for faction in factions_fielding(world, location):
            assert len(field_adversaries(world, location, faction, 4, False)) == 4


# --- the codec and the legality predicate ------------------------------------------------------------------

OPS: list[Op] = [
    Move(Spot(J, "HUB")),
    MarkStep("ACT-1-BREAK", False),
    Offence(True),
    ChooseMentor("NPC-HERMAN-ITO"),
    AngerFaction("FAC-SYSTEM"),
    FindHost("moon", "Lunette"),
    SaveHost("moon"),
    KillHost("moon"),
    SetGate(Spot(J, "SURFACE"), None),
    AdvanceAct(),
    DrawInspiration(2),
    CallFight("FAC-EXECUTARE", 3, True),
    WriteNote("FAC-SYSTEM", "Owes the party a favour."),
    FightOver("victory"),
]


@pytest.mark.parametrize("op", OPS, ids=lambda op: type(op).__name__)
def test_every_op_round_trips_through_the_codec(op: Op) -> None:
    assert decode_op(encode_op(op)) == op


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"op": "Fly"}, "op: must be one of"),
        ({"op": "Move", "to": "HUB"}, "op Move: field 'to': must be a [graph, node] pair"),
        ({"op": "DrawInspiration", "count": "3"}, "op DrawInspiration: field 'count': must be a whole number"),
        ({"op": "CallFight", "faction": "X", "players": 2, "boss": "no"}, "field 'boss': must be true or false"),
        ({"op": "MarkStep", "step": "ACT-1", "why": 1}, "op MarkStep: field 'why' is not known"),
        ({"op": "FindHost", "horror": "moon"}, "op FindHost: a field is missing"),
    ],
)
def test_a_bad_op_is_refused_by_the_codec(data: Any, message: str) -> None:
    with pytest.raises(RulesError, match=message.replace("[", r"\[").replace("]", r"\]")):
        decode_op(data)


def test_a_bad_saved_playthrough_names_the_field(world: World) -> None:
    good = encode_state(new_playthrough(1))
    for field, value, message in [
        ("at", ["MAP-JOYEUSE", "MOON"], "field 'at': not a place"),
        ("act", 5, "out of range"),
        ("hosts", [["moon", "x", "lost"]], "field 'hosts'"),
        ("oracle", {"order": [99], "rng_state": 1}, "field 'oracle'"),
        ("one_shot", "no", "field 'one_shot'"),
        ("steps_done", ["ACT-9-Q9"], "field 'steps_done'"),
        ("problems", ["FAC-PROBLEM-BORED"], "field 'problems'"),
        ("hosts", [["moon", "a", "found"], ["moon", "b", "saved"]], "listed twice"),
        ("visited", [["MAP-JOYEUSE", "MOON"]], "field 'visited'"),
        ("mentor", "NPC-X0XI", "field 'mentor'"),
        ("oracle", {"order": [1, 1], "rng_state": 1}, "a card twice"),
        ("notes", [["LOC-MARS", "x"]], "field 'notes'"),
    ]:
        with pytest.raises(RulesError, match=message):
            decode_state(world, good | {field: value})


@given(
    st.lists(
        st.sampled_from([*OPS, Move(Spot(AIR, "HUB")), Move(Spot(AIR, "EXIT")), Move(Spot(J, "AIRLOCK"))]), max_size=30
    ),
    st.integers(0, 2**32),
)
def test_apply_refuses_exactly_what_refusal_names_and_the_state_survives_a_save(
    world: World, ops: list[Op], seed: int
) -> None:
    state = new_playthrough(seed)
    for op in ops:
        reason = refusal(world, state, op)
        if reason is None:
            state, events = apply(world, state, op)
            assert all(narrate(world, e) for e in events)
        else:
            with pytest.raises(IllegalAction, match=r"\w"):
                apply(world, state, op)
        assert decode_state(world, encode_state(state)) == state
