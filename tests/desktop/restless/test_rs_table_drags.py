"""The Restless's table by mouse: items onto Characters, weapons onto the Target, Rerolls onto the die, a Trader's
cards onto a buyer; refusals carry the rules' reason and change nothing."""

from __future__ import annotations

from pytestqt.qtbot import QtBot

from rt0table.rules.restless import rs_actions as a
from rt0table.rules.restless.rs_effects import room_refusal
from rt0table.rules.restless.rs_play import legal_actions
from rt0table.rules.restless.rs_state import RsState
from tests.helpers.rs_tables import drag, piece, play_until, rs_table


def tradeable(state: RsState) -> bool:
    return state.phase == "between" and any(isinstance(x, a.Give) for x in legal_actions(state))


def test_dragging_an_item_onto_a_character_trades_it(qtbot: QtBot) -> None:
    game = rs_table(qtbot)
    state = play_until(game, tradeable)
    give = next(x for x in legal_actions(state) if isinstance(x, a.Give))
    holder = state.holder(give.card)
    assert holder is not None
    drag(qtbot, game, piece(game, "held", give.card), piece(game, "hero", hero=give.hero))
    after: RsState = game.session.state
    assert game.session.steps[-1].action == give
    assert give.card in after.hero(give.hero).items and give.card not in after.hero(holder.card).items


def in_combat_with_an_item(state: RsState) -> bool:
    return state.phase == "combat" and any(h.items for h in state.living()) and len(state.living()) > 1


def test_trading_in_combat_is_refused_with_the_reason_and_nothing_changes(qtbot: QtBot) -> None:
    game = rs_table(qtbot)
    state = play_until(game, in_combat_with_an_item)
    holder = next(h for h in state.living() if h.items)
    other = next(h for h in state.living() if h.card != holder.card)
    drag(qtbot, game, piece(game, "held", holder.items[0]), piece(game, "hero", hero=other.card))
    assert game.session.state == state
    assert game.screen.refusal.text() == "Characters cannot trade items during Combat."


def armed(state: RsState) -> bool:
    return state.phase == "combat" and any(isinstance(x, a.Attack) and x.item for x in legal_actions(state))


def test_dragging_a_weapon_onto_the_target_attacks_with_it(qtbot: QtBot) -> None:
    game = rs_table(qtbot)
    state = play_until(game, armed)
    attack = next(x for x in legal_actions(state) if isinstance(x, a.Attack) and x.item)
    drag(qtbot, game, piece(game, "held", attack.item), piece(game, "target"))
    assert any(s.action == attack for s in game.session.steps)
    assert game.session.state.roll is not None or game.session.state.phase != "roll"


def test_dragging_a_character_card_onto_the_target_attacks_unarmed(qtbot: QtBot) -> None:
    game = rs_table(qtbot)
    state = play_until(game, armed)
    hero = next(x.hero for x in legal_actions(state) if isinstance(x, a.Attack) and not x.item)
    drag(qtbot, game, piece(game, "hero", hero=hero), piece(game, "target"))
    assert any(s.action == a.Attack(hero, "") for s in game.session.steps)


def die_down(state: RsState) -> bool:
    return state.phase == "roll" and state.rerolls > 0


def test_dragging_the_reroll_pool_onto_the_die_rerolls_it(qtbot: QtBot) -> None:
    game = rs_table(qtbot)
    state = play_until(game, die_down)
    drag(qtbot, game, piece(game, "rerolls"), piece(game, "die"))
    assert game.session.steps[-1].action == a.Reroll()
    assert game.session.state.rerolls == state.rerolls - 1


def test_the_reroll_pool_dropped_anywhere_but_the_die_says_where_it_goes(qtbot: QtBot) -> None:
    game = rs_table(qtbot)
    state = play_until(game, die_down)
    drag(qtbot, game, piece(game, "rerolls"), piece(game, "target"))
    assert game.session.state == state
    assert game.screen.refusal.text() == "A Reroll Counter goes onto the die."


def can_buy(state: RsState) -> bool:
    return any(isinstance(x, a.Buy) and not x.pay_with for x in legal_actions(state))


def test_dragging_a_traders_card_onto_a_character_buys_it(qtbot: QtBot) -> None:
    game = rs_table(qtbot, seed=3)
    state = play_until(game, can_buy)
    buy = next(x for x in legal_actions(state) if isinstance(x, a.Buy) and not x.pay_with)
    drag(qtbot, game, piece(game, "ware", buy.card), piece(game, "hero", hero=buy.hero))
    after: RsState = game.session.state
    assert game.session.steps[-1].action == buy
    assert buy.card in after.hero(buy.hero).items and buy.card not in after.wares
    assert room_refusal(state, state.hero(buy.hero), buy.card) is None


def test_dragging_a_kept_starter_item_onto_a_character_gives_it(qtbot: QtBot) -> None:
    game = rs_table(qtbot)
    state = play_until(game, lambda s: s.phase == "give")
    take = next(x for x in legal_actions(state) if isinstance(x, a.Take))
    drag(qtbot, game, piece(game, "loose", take.card), piece(game, "hero", hero=take.hero))
    after: RsState = game.session.state
    assert game.session.steps[-1].action == take
    assert take.card in after.hero(take.hero).items and take.card not in after.loose


def test_a_kept_item_dropped_on_the_felt_asks_nothing(qtbot: QtBot) -> None:
    game = rs_table(qtbot)
    state = play_until(game, lambda s: s.phase == "give")
    drag(qtbot, game, piece(game, "loose", state.loose[0]), piece(game, "die"))
    assert game.session.state == state
    assert game.screen.refusal.text() == "Drop it on the Character who takes it."
