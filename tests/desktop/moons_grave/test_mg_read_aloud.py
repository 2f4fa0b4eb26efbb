"""A screen reader can play the Moon's Grave table through the same mechanism as RT:0's: the round, each sheet
and NPC card, each soak track and each token is an accessible child of the view with its words, role and place;
a refused drag is announced at once, and the log's new lines in turn."""

from __future__ import annotations

from PySide6.QtGui import QAccessible
from pytestqt.qtbot import QtBot

from rt0table.rules.moons_grave.mg_state import MgState
from tests.desktop.conftest import Heard
from tests.helpers.listening import children, named, table_face
from tests.helpers.mg_tables import drag, mg_table, play_until

R = QAccessible.Role
NAME, DESCRIPTION = QAccessible.Text.Name, QAccessible.Text.Description
ANNOUNCED = QAccessible.Event.Announcement


def pc_turn(state: MgState) -> bool:
    return state.phase == "turn" and not state.fighter(state.turn).npc


def test_the_table_reads_part_by_part_and_a_refused_drag_is_announced(qtbot: QtBot, listening: list[Heard]) -> None:
    game = mg_table(qtbot, mode="hot-seat")  # no oracle beside the table: a cheaper screen
    state = play_until(game, pc_turn)
    scene, view = game.screen.scene, game.screen.view
    face = table_face(view)
    parts = children(face)
    assert parts[0].role() == R.StatusBar and parts[0].text(NAME) == f"Round {state.round}, Turn"
    for fighter in state.fighters:
        card = named(face, scene.cards[fighter.id].lines[0])
        assert card.rect().contains(
            view.viewport().mapToGlobal(view.mapFromScene(scene.cards[fighter.id].rect.center()))
        )
    for (who, _), item in scene.tracks.items():
        assert named(face, f"{item.lines[0].partition(' ')[2]} track of {state.fighter(who).name}").role() == R.ListItem
    attack = named(face, "Attack action")
    assert attack.role() == R.Button and not attack.state().disabled and "Drag it onto" in attack.text(DESCRIPTION)
    ally = next(f for f in state.living() if not f.npc and f.id != state.turn)
    drag(qtbot, game, scene.tokens["action:Attack"], scene.cards[ally.id])
    refusal = game.screen.refusal.text()
    assert refusal and Heard(ANNOUNCED, refusal, urgent=True) in listening
    foe = next(f for f in state.living() if f.npc)
    drag(qtbot, game, scene.tokens["action:Attack"], scene.cards[foe.id])
    said = [h for h in listening if h.kind == ANNOUNCED and not h.urgent]
    assert said and said[-1].text.endswith(game.screen.log.item(game.screen.log.count() - 1).text())
