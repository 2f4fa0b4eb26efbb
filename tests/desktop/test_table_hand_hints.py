"""Rules on the bins, hints in the hand: each empty bin shows its rule; pointing at a bin (a real mouse move on the
viewport) or selecting it by its letter lights the hand cards it takes and stars those that would make it fire;
with nothing pointed at, every playable card is edged. Each mark is checked against the engine itself: the card is
played on a copy of the state, and it fires exactly when the engine resolves that bin."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from pytestqt.qtbot import QtBot

from rt0table.desktop.table.bins import RULE_MIN_PX, fit_rule, sentences
from rt0table.desktop.table.view import TableScreen
from rt0table.rules.rt0.abilities import ABILITIES
from rt0table.rules.rt0.cards import CardId
from rt0table.rules.rt0.fight.actions import PlayCard
from rt0table.rules.rt0.fight.engine import apply, refusal
from rt0table.rules.rt0.fight.events import AbilityResolved
from tests.desktop.conftest import MakeTable

K = Qt.Key
LEFT = Qt.MouseButton.LeftButton


def engine_says(screen: TableScreen, ability: str, card: CardId) -> tuple[bool, bool]:
    """(takes, fires) as the engine has it: the play is legal, and playing it resolves the bin."""
    state = screen.session.state
    fighter = state.active_fighter
    assert fighter is not None
    action = PlayCard(fighter.id, card, ability)
    if refusal(state, action) is not None:
        return False, False
    _, events = apply(state, action)
    return True, any(isinstance(e, AbilityResolved) and e.ability == ability for e in events)


def point_at(qtbot: QtBot, screen: TableScreen, where: QPointF) -> None:
    qtbot.mouseMove(screen.view.viewport(), pos=screen.view.mapFromScene(where))


def test_pointing_at_each_bin_lights_what_it_takes_and_stars_what_would_fire(
    qtbot: QtBot, make_table: MakeTable
) -> None:
    screen = make_table()
    scene = screen.scene
    starred = dimmed = 0
    for ability, holder in scene.bins.items():
        point_at(qtbot, screen, holder.sceneBoundingRect().center())
        assert screen.controller.pointed_bin == ability
        for item in scene.hand_items:
            takes, fires = engine_says(screen, ability, item.card)
            assert (item.lit, item.fires, item.dimmed) == (takes, fires, not takes), (ability, item.card)
            starred += fires
            dimmed += not takes
    assert starred and dimmed  # the hand had both kinds: Honk fires on any card, Defend refuses the Wands
    point_at(qtbot, screen, scene.log.sceneBoundingRect().center())  # off every bin: back to the playable edges
    assert screen.controller.pointed_bin == ""
    for item in scene.hand_items:
        playable = any(engine_says(screen, ability, item.card)[0] for ability in scene.bins)
        assert (item.playable, item.lit, item.fires, item.dimmed) == (playable, False, False, False)


def test_a_bin_selected_by_its_letter_lights_the_hand_and_says_so(qtbot: QtBot, make_table: MakeTable) -> None:
    screen = make_table()
    defend = screen.scene.bins["defend"]
    qtbot.keyClick(screen.view, defend.letter.lower())
    assert screen.controller.selected == "defend"
    taken = [item for item in screen.scene.hand_items if item.lit]
    assert taken and all(engine_says(screen, "defend", item.card)[0] for item in taken)
    assert f"it takes {len(taken)} card" in screen.scene.status.text
    qtbot.keyClick(screen.view, K.Key_Escape)  # Esc puts the selection down (and opens nothing)
    assert screen.controller.selected == "" and not any(item.lit for item in screen.scene.hand_items)


def test_marks_go_quiet_while_a_card_is_dragged_and_follow_the_new_hand_after(
    qtbot: QtBot, make_table: MakeTable
) -> None:
    screen = make_table()
    scene = screen.scene
    honk = scene.bins["honk"]
    card = scene.hand_items[0]
    viewport = screen.view.viewport()
    start = card.sceneBoundingRect().center()
    qtbot.mousePress(viewport, LEFT, pos=screen.view.mapFromScene(start))
    qtbot.mouseMove(viewport, pos=screen.view.mapFromScene(start + QPointF(0, -40)))
    qtbot.mouseMove(viewport, pos=screen.view.mapFromScene(honk.sceneBoundingRect().center()))
    assert not any(item.fires or item.lit or item.playable for item in scene.hand_items)
    qtbot.mouseRelease(viewport, LEFT, pos=screen.view.mapFromScene(honk.sceneBoundingRect().center()))
    state = screen.session.state
    assert card.card not in state.fighter("mara").hand  # honked away
    for nudge in (QPointF(12, 12), QPointF(20, 5)):  # the pointer, resting on the bin, moves a little
        point_at(qtbot, screen, honk.sceneBoundingRect().center() + nudge)
    assert screen.controller.pointed_bin == "honk"
    for item in scene.hand_items:
        assert item.card in state.fighter("mara").hand
        assert (item.lit, item.fires) == engine_says(screen, "honk", item.card)


def test_every_empty_bin_shows_its_rule_in_whole_sentences_at_a_readable_size(make_table: MakeTable) -> None:
    for size in ((1024, 640), (1280, 800)):
        screen = make_table(size=size)
        for ability, holder in screen.scene.bins.items():
            assert holder.rule_shown and not holder.cards
            text, px = holder.rule_fit(holder.cards_area())
            rule = ABILITIES[ability].summary
            assert text and px >= RULE_MIN_PX, (size, ability)
            assert "…" not in text
            shown = text.removesuffix(" (more on hover)")
            assert rule.startswith(shown.rstrip(":")) and (shown == rule or text.endswith("(more on hover)"))


def test_a_rule_too_long_for_its_bin_keeps_whole_sentences() -> None:
    rule = "Any card. When full: move one zone. Or make a skill check."
    assert sentences(rule) == ["Any card.", "When full:", "move one zone.", "Or make a skill check."]
    text, _ = fit_rule(rule, QRectF(0, 0, 90, 30), 10)
    assert text.endswith("(more on hover)") and rule.startswith(text.removesuffix(" (more on hover)"))
    assert fit_rule(rule, QRectF(0, 0, 400, 200), 10) == (rule, 10)
    assert fit_rule(rule, QRectF(0, 0, 8, 8), 10)[0] == ""
