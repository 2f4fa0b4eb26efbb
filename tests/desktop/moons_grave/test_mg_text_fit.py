"""On a crowded Moon's Grave table (four players, five NPCs) every soak box and every action token shows its whole
text, and so does every perk card on the rail: each line, measured with the font it is drawn in, fits the box
``paint`` draws it in, inside its plate."""

from __future__ import annotations

from PySide6.QtCore import QRectF
from PySide6.QtGui import QFontMetricsF
from pytestqt.qtbot import QtBot

from rt0table.desktop.moons_grave.mg_pack_kinds import MOONS_GRAVE
from rt0table.desktop.moons_grave.mg_scene import PERK_H, PERK_W, MgScene, PerkCard, Plate
from rt0table.desktop.packs.pack_library import house_pack
from rt0table.rules.moons_grave.combat_round import apply
from rt0table.rules.moons_grave.mg_book import ACTIONS
from rt0table.rules.moons_grave.mg_pack import read_mg_pack
from rt0table.rules.moons_grave.mg_stand_in import stand_in_choice
from rt0table.rules.moons_grave.mg_state import MgState
from tests.helpers.mg_tables import mg_table

CROWD = (
    "Deputy (3), Beckon 0\nSword <Strike/Parry>",
    "Sergeant (3)",
    "Lieutenant (4), Beckon 1, Evasion 5",
    "Captain (5), Beckon 2",
    "Agent (3), Guile 5",
)


def clipped(plate: Plate) -> list[str]:
    """The lines of ``plate`` that do not fit the box they are drawn in (or are not drawn at all)."""
    laid = plate.text_layout()
    bad = [line for line in plate.lines[len(laid) :]]
    for line, font, box in laid:
        metrics = QFontMetricsF(font)
        inside = plate.rect.adjusted(0, 0, 0, -2).contains(box)
        if not inside or metrics.height() > box.height() or metrics.horizontalAdvance(line) > box.width():
            bad.append(line)
    return bad


def test_a_crowded_tables_soak_boxes_and_action_tokens_show_their_whole_text(qtbot: QtBot) -> None:
    game = mg_table(qtbot, players=4, foes=CROWD, size=(1024, 640))
    state = game.session.state
    while state.phase != "turn":  # the stand-in plays to the first turn (the rules alone: quicker than the screen)
        action = stand_in_choice(state)
        assert action is not None
        state = apply(state, action)[0]
    for size in ((1024, 640), (1280, 800)):  # the scene is fitted into the view: the same boxes at any size
        game.screen.resize(*size)
        game.screen.scene.show_state(state, "", set(), set(ACTIONS))
        assert whole_text(state, game.screen.scene) == [], size


def whole_text(state: MgState, scene: MgScene) -> list[str]:
    """Every soak box line and action token label on the table that does not fit its box (there should be none)."""
    assert len(state.fighters) == 9 and len(scene.tracks) == 4 * 6
    short = []
    for (who, track_id), item in scene.tracks.items():
        track = next(t for t in state.fighter(who).tracks if t.id == track_id)
        assert track.name in item.lines[0] and str(track.capacity) in " ".join(item.lines)  # nothing elided
        short += [f"{who} {track_id}: {line}" for line in clipped(item)]
    actions = {token.value: token for token in scene.tokens.values() if token.kind == "action"}
    assert set(actions) == set(ACTIONS)  # a token for every turn action the game has
    for name, token in actions.items():
        assert token.lines == [name]
        short += [f"token: {line}" for line in clipped(token)]
    return short


def test_every_house_perk_card_on_the_rail_shows_its_whole_text(qtbot: QtBot) -> None:
    for perk in read_mg_pack(house_pack(MOONS_GRAVE)).perks:
        card = PerkCard("pc1", perk, QRectF(0, 0, PERK_W, PERK_H))
        card.show_filled([0, 1])  # two dice dropped on it: the third line
        assert perk.title in card.lines[0] and str(perk.cost) in " ".join(card.lines[:2])
        assert clipped(card) == [], perk.title
