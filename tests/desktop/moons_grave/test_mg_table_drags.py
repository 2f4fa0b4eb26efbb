"""The Moon's Grave table by mouse: action tokens onto fighters, damage onto soak tracks, dice onto perk cards."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QGraphicsItem
from pytestqt.qtbot import QtBot

from rt0table.desktop.moons_grave.mg_game import MgGame
from rt0table.desktop.seam_session import Step
from rt0table.rules.moons_grave.mg_actions import RollDice, Soak, TriggerPerk, TurnAction
from rt0table.rules.moons_grave.mg_stand_in import stand_in_choice
from rt0table.rules.moons_grave.mg_state import MgState
from rt0table.rules.moons_grave.moons_grave_seam import RULES
from rt0table.rules.moons_grave.perk_payment import free_dice, icon_of
from tests.helpers.mg_tables import LEFT, drag, mg_table, play_until


def pc_turn(state: MgState) -> bool:
    return state.phase == "turn" and not state.fighter(state.turn).npc


def test_dragging_attack_onto_an_npc_attacks_it(qtbot: QtBot) -> None:
    game = mg_table(qtbot)
    state = play_until(game, pc_turn)
    scene = game.screen.scene
    foe = next(f for f in state.living() if f.npc)
    drag(qtbot, game, scene.tokens["action:Attack"], scene.cards[foe.id])
    attacks = [s for s in game.session.steps if s.action == TurnAction(state.turn, "Attack", foe.id)]
    assert len(attacks) == 1 and not attacks[0].stand_in


def test_dragging_attack_onto_an_ally_is_refused_with_the_rules_reason(qtbot: QtBot) -> None:
    game = mg_table(qtbot)
    state = play_until(game, pc_turn)
    ally = next(f for f in state.living() if not f.npc and f.id != state.turn)
    scene = game.screen.scene
    drag(qtbot, game, scene.tokens["action:Attack"], scene.cards[ally.id])
    assert game.session.state == state
    assert f"{ally.name} is on" in game.screen.refusal.text()


def test_dragging_the_damage_onto_a_soak_track_checks_that_track(qtbot: QtBot) -> None:
    game = mg_table(qtbot)
    state = play_until(game, lambda s: s.phase == "soak")
    who, amount = state.damage_queue[0]
    track = next(t for t in state.fighter(who).tracks if not t.exhausted)
    scene = game.screen.scene
    drag(qtbot, game, scene.tokens["damage"], scene.tracks[(who, track.id)])
    assert any(s.action == Soak(who, track.id) for s in game.session.steps)
    after = next(t for t in game.session.state.fighter(who).tracks if t.id == track.id)
    assert after.exhausted and amount > 0


def payable(state: MgState) -> bool:
    """A perk window where a person chooses and can pay a perk."""
    if state.phase != "perks" or state.roll is None:
        return False
    chooser = state.fighter(state.roll.order[state.roll.chooser])
    from rt0table.rules.moons_grave.perk_payment import payments

    return not chooser.npc and bool(payments(state, state.roll, chooser.id))


def test_dragging_dice_onto_a_lit_perk_card_fills_it_and_fires_it(qtbot: QtBot) -> None:
    game = mg_table(qtbot)
    state = play_until(game, payable)
    screen = game.screen
    pay = next(a for a in game.session.ruleset.legal_actions(state) if isinstance(a, TriggerPerk))
    card = screen.scene.perks[pay.perk]
    assert card.lit  # only payable perks light up
    dark = [c for c in screen.scene.perks.values() if not c.lit]
    assert all(c.dim for c in dark)
    for die in pay.dice:
        drag(qtbot, game, screen.scene.tokens[f"die:{die}"], screen.scene.perks[pay.perk])
    fired = [s for s in game.session.steps if isinstance(s.action, TriggerPerk)]
    assert fired and fired[0].action.perk == pay.perk and fired[0].action.fighter == pay.fighter
    assert any(e.kind == "perk" for e in fired[0].events)


def test_a_die_dropped_on_a_perk_it_cannot_pay_is_refused_and_nothing_changes(qtbot: QtBot) -> None:
    game = mg_table(qtbot)
    state = play_until(game, payable)
    assert state.roll is not None
    screen = game.screen
    chooser = state.roll.order[state.roll.chooser]
    unpaid = [c for c in screen.scene.perks.values() if not c.lit]
    die = free_dice(state.roll, chooser, icon_of(state, state.roll, chooser))[0]
    assert not screen.scene.tokens[f"die:{die}"].dim
    drag(qtbot, game, screen.scene.tokens[f"die:{die}"], unpaid[0])
    assert game.session.state == state
    perk = next(p for p in state.fighter(chooser).perks if p.id == unpaid[0].perk_id)
    assert perk.title in screen.refusal.text()


def two_dice_perk(state: MgState) -> bool:
    return payable(state) and any(isinstance(a, TriggerPerk) and len(a.dice) == 2 for a in RULES.legal_actions(state))


def test_a_perk_costing_two_fills_with_the_first_die_and_fires_with_the_second(qtbot: QtBot) -> None:
    game = mg_table(qtbot, seed=1)
    state = play_until(game, two_dice_perk)
    pay = next(a for a in game.session.ruleset.legal_actions(state) if isinstance(a, TriggerPerk) and len(a.dice) == 2)
    scene = game.screen.scene
    drag(qtbot, game, scene.tokens[f"die:{pay.dice[0]}"], scene.perks[pay.perk])
    assert game.session.state == state  # half paid: the card holds the die, nothing fired yet
    assert game.screen.fills == {pay.perk: [pay.dice[0]]}
    assert f"filled with dice {pay.dice[0] + 1}" in game.screen.scene.perks[pay.perk].lines[-1]
    drag(qtbot, game, game.screen.scene.tokens[f"die:{pay.dice[1]}"], game.screen.scene.perks[pay.perk])
    assert any(s.action == pay for s in game.session.steps)
    assert game.screen.fills == {}


def click_choice(qtbot: QtBot, game: MgGame, wanted: object) -> None:
    """Click the choice's row in the list, then Do it."""
    choices = game.screen.choices
    row = next(i for i in range(choices.count()) if choices.item(i).data(Qt.ItemDataRole.UserRole) == wanted)
    choices.scrollToItem(choices.item(row))
    qtbot.mouseClick(choices.viewport(), LEFT, pos=choices.visualItemRect(choices.item(row)).center())
    qtbot.mouseClick(game.screen.do_button, LEFT)


def click_on_table(qtbot: QtBot, game: MgGame, item: QGraphicsItem) -> None:
    view = game.screen.view
    qtbot.mouseClick(view.viewport(), LEFT, pos=view.mapFromScene(item.sceneBoundingRect().center()))


def mouse_step(qtbot: QtBot, game: MgGame, swap: bool = False) -> None:
    """One choice of the people at the table, made with the mouse alone (behind the curtain: its Reveal button);
    with ``swap``, a fighter on her turn first drags Swap onto another weapon."""
    screen, state = game.screen, game.session.state
    scene = screen.scene
    if screen.curtain.isVisible():
        click_on_table(qtbot, game, screen.curtain.button)
        return
    mine = screen.my_actions()
    swaps = [a for a in mine if isinstance(a, TurnAction) and a.action == "Swap"]
    if state.phase == "turn" and swap and swaps:
        drag(qtbot, game, scene.tokens["action:Swap"], scene.weapons[swaps[0].target])
    elif state.phase == "plan":
        qtbot.mouseClick(screen.plan_buttons[1], LEFT)
    elif state.phase in ("roll", "vie_roll") and any(isinstance(a, RollDice) for a in mine):
        qtbot.mouseClick(screen.tray.roll_button, LEFT)
    elif state.phase == "turn":
        foes = [a.target for a in mine if isinstance(a, TurnAction) and a.action == "Attack"]
        if foes:
            drag(qtbot, game, scene.tokens["action:Attack"], scene.cards[foes[0]])
        else:
            click_on_table(qtbot, game, scene.tokens["action:Finish"])
    elif state.phase == "perks":
        pay = next((a for a in mine if isinstance(a, TriggerPerk)), None)
        if pay is None:
            qtbot.mouseClick(screen.pass_button, LEFT)
        else:
            for die in pay.dice:
                drag(qtbot, game, screen.scene.tokens[f"die:{die}"], screen.scene.perks[pay.perk])
    elif state.phase == "soak":
        soak = next(a for a in mine if isinstance(a, Soak))
        drag(qtbot, game, scene.tokens["damage"], scene.tracks[(soak.fighter, soak.track)])
    else:
        seats = sorted({screen.lifted_for} if screen.lifted_for else screen.humans)
        click_choice(qtbot, game, next(a for a in map(lambda seat: stand_in_choice(state, seat), seats) if a in mine))


def test_a_whole_solo_fight_played_to_its_end_by_mouse(qtbot: QtBot) -> None:
    game = mg_table(qtbot, seed=4, players=1)
    kinds: set[str] = set()
    for _ in range(500):
        if game.session.ruleset.is_over(game.session.state):
            break
        before = game.session.ply
        kinds.add(game.session.state.phase)
        mouse_step(qtbot, game)
        assert game.session.ply > before, game.screen.refusal.text()
    assert game.session.state.phase == "over"
    assert {"plan", "vie", "turn", "roll"} <= kinds


def person_swapped(step: Step) -> bool:
    return not step.stand_in and isinstance(step.action, TurnAction) and step.action.action == "Swap"


def test_a_whole_hot_seat_fight_played_to_its_end_by_mouse_with_the_curtain_lifted_by_its_button(qtbot: QtBot) -> None:
    game = mg_table(qtbot, seed=4, mode="hot-seat", players=2)
    screen, session = game.screen, game.session
    lifted: set[str] = set()
    swapped = False
    for _ in range(800):
        if session.ruleset.is_over(session.state):
            break
        before, shut = session.ply, screen.curtain.isVisible()
        mouse_step(qtbot, game, swap=not swapped)
        swapped = swapped or any(person_swapped(s) for s in session.steps)
        if shut:
            assert not screen.curtain.isVisible() and screen.lifted_for, "the Reveal button lifts the curtain"
            lifted.add(screen.lifted_for)
        else:
            assert session.ply > before, screen.refusal.text()
    assert session.state.phase == "over" and session.state.winner
    assert lifted == {"p1", "p2"}  # each player's secret plan asked behind the curtain, lifted by its button
    assert swapped  # a player's Swap dragged onto the rack on her turn


def test_dragging_swap_onto_a_weapon_in_the_rack_makes_it_active(qtbot: QtBot) -> None:
    game = mg_table(qtbot)
    state = play_until(game, lambda s: pc_turn(s) and len(s.fighter(s.turn).weapons) > 1)
    scene = game.screen.scene
    fighter = state.fighter(state.turn)
    assert set(scene.weapons) == {w.name for w in fighter.weapons} and scene.weapons[fighter.active].bold_first
    other = next(w.name for w in fighter.weapons if w.name != fighter.active)
    drag(qtbot, game, scene.tokens["action:Swap"], scene.weapons[fighter.active])  # already in hand: refused
    assert game.session.state == state and "already active" in game.screen.refusal.text()
    drag(qtbot, game, scene.tokens["action:Swap"], game.screen.scene.cards[fighter.id])  # not a weapon
    assert game.session.state == state and "rack" in game.screen.refusal.text()
    drag(qtbot, game, game.screen.scene.tokens["action:Swap"], game.screen.scene.weapons[other])
    assert any(s.action == TurnAction(fighter.id, "Swap", other) and not s.stand_in for s in game.session.steps)
