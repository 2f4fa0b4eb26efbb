"""Every ability the engine has, on the real table: many bins laid out, activations, abilities brought in,
long prompts, an Eddy's rows, standing rules as badges, and private decisions behind the hot-seat curtain."""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations

import pytest
from PySide6.QtCore import QPointF, QRectF, Qt
from pytestqt.qtbot import QtBot

from rt0table.desktop.table.bins import NBSP, AbilityBinItem, chip_font_lines, fit_chip_text
from rt0table.desktop.table.keys import HELP_TITLE
from rt0table.desktop.table.layout import table_layout
from rt0table.desktop.table.paint import ui_font
from rt0table.desktop.table.prompt import Entry, PromptPanelItem, shared_lead
from rt0table.desktop.table.quick_fights import book_bestiary
from rt0table.desktop.table.view import TableScreen
from rt0table.rules.rt0.abilities import ABILITIES, Ability, Progress
from rt0table.rules.rt0.cards import CARDS, FOOL, CardId, by_name
from rt0table.rules.rt0.fight.actions import Activate, AddAbility, Choose
from rt0table.rules.rt0.fight.engine import AdversarySetup, FighterSetup, Game, Preparation, new_combat
from rt0table.rules.rt0.fight.events import CardDeclared
from rt0table.rules.rt0.fight.state import CombatState, Fighter, FighterKind
from rt0table.rules.rt0.traits import Arcana
from tests.desktop.conftest import MakeTable, shoot
from tests.helpers.arcana_games import fool_game, gm_secret, priestess_game

K = Qt.Key
LEFT = Qt.MouseButton.LeftButton
FOOL_ARCANA = ("kitchen_sink", "laughter", "blackjack", "parade", "throwaway_joke", "crisis_averted")
LAYOUT_SIZES = [(1024, 640), (1920, 1080)]


def press(qtbot: QtBot, screen: TableScreen, key: K, times: int = 1) -> None:
    for _ in range(times):
        qtbot.keyClick(screen.view, key)


def click(qtbot: QtBot, screen: TableScreen, rect: QRectF) -> None:
    qtbot.mouseClick(screen.view.viewport(), LEFT, pos=screen.view.mapFromScene(rect.center()))


def pip(screen: TableScreen) -> Fighter:
    return screen.session.state.fighter("pip")


@pytest.fixture
def spells() -> Iterator[tuple[str, ...]]:
    """Three stand-in spell bins (the real spells live on another branch): a ``spell`` attribute groups them."""
    ids = ("test_aries", "test_leo", "test_gemini")

    class _Spell(Ability):
        spell = "test"

        def progress(self, state: CombatState, fighter: Fighter, cards: list[CardId]) -> Progress:
            return Progress(len(cards), 1, "cards")

    for spell_id in ids:
        name = spell_id.removeprefix("test_").capitalize()
        type(f"Spell{name}", (_Spell,), {"id": spell_id, "name": name, "summary": f"{name}: a stand-in spell."})
    yield ids
    for spell_id in ids:
        ABILITIES.pop(spell_id, None)


# --- 1. bins for any number of abilities ----------------------------------------------------------


@pytest.mark.parametrize("size", LAYOUT_SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_six_arcana_abilities_and_three_spells_lay_out_without_overlap(
    qtbot: QtBot, make_table: MakeTable, spells: tuple[str, ...], size: tuple[int, int]
) -> None:
    game = fool_game(upgrades=FOOL_ARCANA[2:], extra=spells)
    screen = make_table(game, size=size)
    scene = screen.scene
    fighter = pip(screen)
    assert len([a for a in fighter.abilities if ABILITIES[a].arcana is Arcana.FOOL]) == 6
    assert set(scene.bins) == set(fighter.abilities)  # 6 base + 6 Arcana + Helmet and Weapon + 3 spells
    assert len(scene.bins) == 17
    assert [h.name for h in scene.headers] == ["Base", "Arcana", "Spells"]
    letters = [item.letter for item in scene.bins.values()]
    assert all(letters) and len(set(letters)) == len(letters) and not set(letters) & set("AENZ")
    area = table_layout(*size).bins.adjusted(-0.5, -0.5, 0.5, 0.5)
    rects = {a: item.sceneBoundingRect() for a, item in scene.bins.items()}
    rects.update({f"header {h.name}": h.sceneBoundingRect() for h in scene.headers})
    for name, rect in rects.items():
        assert area.contains(rect), f"{name} leaves the bin area"
    for (a, ra), (b, rb) in combinations(rects.items(), 2):
        assert not ra.intersects(rb), f"{a} overlaps {b}"
    unit = table_layout(*size).unit
    for item in scene.bins.values():  # readable: every bin at least a few lines of text tall and wide
        assert item.size.width() >= unit * 6 and item.size.height() >= unit * 6, item.ability_id
        for chip in item.chips:
            assert item.sceneBoundingRect().contains(chip.sceneBoundingRect())
    shoot(screen, f"arcana-17-bins-{size[0]}x{size[1]}")


def test_a_bin_fed_by_another_ability_refuses_a_drop_with_the_reason(qtbot: QtBot, make_table: MakeTable) -> None:
    screen = make_table(fool_game())
    helmet = screen.scene.bins["unlikely_helmet"]
    assert helmet.fed and not screen.scene.bins["defend"].fed
    assert "Kitchen Sink" in helmet.feeders
    card = screen.scene.hand_items[1]
    before = screen.session.state
    viewport = screen.view.viewport()
    start = card.sceneBoundingRect().center()
    qtbot.mousePress(viewport, LEFT, pos=screen.view.mapFromScene(start))
    qtbot.mouseMove(viewport, pos=screen.view.mapFromScene(start + QPointF(0, -40)))
    qtbot.mouseMove(viewport, pos=screen.view.mapFromScene(helmet.sceneBoundingRect().center()))
    qtbot.mouseRelease(viewport, LEFT, pos=screen.view.mapFromScene(helmet.sceneBoundingRect().center()))
    assert screen.session.state is before
    assert helmet.refusal == "Cards reach Unlikely Helmet only through another ability."


# --- 2. activations ---------------------------------------------------------------------------------


def test_an_activation_button_on_a_bin_plays_the_activate(qtbot: QtBot, make_table: MakeTable) -> None:
    screen = make_table(fool_game(upgrades=("kitchen_sink",)))
    sink = screen.scene.bins["kitchen_sink"]
    assert [chip.text for chip in sink.chips] == ["Switch on No More Mister Knife Guy (1 Corruption)"]
    assert all(not item.chips for a, item in screen.scene.bins.items() if a != "kitchen_sink")
    click(qtbot, screen, sink.chips[0].sceneBoundingRect())
    assert screen.session.game.actions[-1] == Activate("pip", "kitchen_sink", 0)
    assert pip(screen).marks["knife_guy"] == 1 and pip(screen).corruption_gained == 1
    assert sink.chips == []  # switched on: nothing more to do at will


def test_a_bins_letter_then_a_opens_its_activations_and_enter_plays_one(qtbot: QtBot, make_table: MakeTable) -> None:
    screen = make_table(fool_game(upgrades=("kitchen_sink",)))
    press(qtbot, screen, K(ord(screen.scene.bins["kitchen_sink"].letter)))
    assert screen.controller.selected == "kitchen_sink" and "press A" in screen.scene.status.text
    press(qtbot, screen, K.Key_A)
    prompt = screen.scene.prompt
    assert prompt.isVisible() and prompt.menu
    assert prompt.labels == ["Switch on No More Mister Knife Guy (1 Corruption)"]
    press(qtbot, screen, K.Key_Escape)
    assert not prompt.isVisible() and screen.session.game.actions == []
    press(qtbot, screen, K.Key_A)  # the bin is still selected
    press(qtbot, screen, K.Key_Return)
    assert screen.session.game.actions == [Activate("pip", "kitchen_sink", 0)]


# --- 3. an ability brought in mid-fight --------------------------------------------------------------


def test_adding_an_ability_by_keyboard_adds_its_bin_for_one_corruption(qtbot: QtBot, make_table: MakeTable) -> None:
    screen = make_table(fool_game())
    scene = screen.scene
    assert scene.add_button.isVisible() and "parade" not in scene.bins
    add = scene.add_button.sceneBoundingRect()
    for other in (scene.log, scene.undo_button, scene.end_turn, scene.grid):
        assert not add.intersects(other.sceneBoundingRect()), other
    press(qtbot, screen, K.Key_N)
    prompt = scene.prompt
    names = [ABILITIES[a].name for a in ("blackjack", "parade", "throwaway_joke", "crisis_averted")]
    assert prompt.labels == names
    assert [b.detail for b in prompt.buttons] == [
        ABILITIES[a].summary for a in ("blackjack", "parade", "throwaway_joke", "crisis_averted")
    ]
    press(qtbot, screen, K.Key_Tab)
    press(qtbot, screen, K.Key_Return)
    assert screen.session.game.actions == [AddAbility("pip", "parade")]
    assert pip(screen).corruption_gained == 1
    assert "parade" in scene.bins and scene.bins["parade"].isVisible()
    assert scene.bins["parade"].sceneBoundingRect().intersects(table_layout(1280, 800).bins)
    shoot(screen, "arcana-added-parade")


# --- 5. a long prompt ------------------------------------------------------------------------------


def test_the_fools_wildcard_is_chosen_from_a_28_option_prompt(qtbot: QtBot, make_table: MakeTable) -> None:
    screen = make_table(fool_game(), size=(1024, 640))
    scene = screen.scene
    index = [item.card for item in scene.hand_items].index(FOOL)
    press(qtbot, screen, K(K.Key_1 + index))
    press(qtbot, screen, K(ord(scene.bins["defend"].letter)))
    press(qtbot, screen, K.Key_Return)
    pending = screen.session.state.pending
    assert pending is not None and pending.kind == "wildcard" and len(pending.options) == 28
    prompt = scene.prompt
    assert prompt.lead == "The Fool counts as" and prompt.buttons[0].label == "Ace of Cups"
    assert prompt.labels == [o.label for o in pending.options]
    assert prompt.pages == 1  # 1024x640 holds all 28
    panel = prompt.sceneBoundingRect().adjusted(-0.5, -0.5, 0.5, 0.5)
    shown = [b.sceneBoundingRect() for b in prompt.shown_buttons()]
    assert len(shown) == 28 and all(panel.contains(r) for r in shown)
    assert not any(a.intersects(b) for a, b in combinations(shown, 2))
    shoot(screen, "arcana-wildcard-28-1024x640")
    target = [o.label for o in pending.options].index("The Fool counts as Queen of Cups")
    rows, cols = divmod(target, prompt.columns)
    press(qtbot, screen, K.Key_Down, rows)
    press(qtbot, screen, K.Key_Right, cols)
    assert prompt.focus == target
    press(qtbot, screen, K.Key_Return)
    events = screen.session.game.steps[-1].events
    assert CardDeclared("pip", FOOL, by_name("Queen of Cups")) in events
    assert screen.session.game.actions[-1] == Choose(target)


def test_a_list_longer_than_the_panel_goes_on_pages(qtbot: QtBot) -> None:
    panel = PromptPanelItem()
    panel.place(QRectF(0, 0, 420, 160), 10)
    panel.open_menu("Where to?", [Entry(f"Move to zone number {i}") for i in range(40)])
    assert panel.pages > 1
    first = panel.shown_buttons()
    assert len(first) == panel.per_page and all(panel.size.contains(b.mapRectToParent(b.size)) for b in first)
    panel.turn_page(1)
    assert panel.focus == panel.per_page and panel.shown_buttons()[0] is panel.buttons[panel.per_page]
    panel.move_focus(-1)
    assert panel.page == 0
    panel.move_focus_grid(0, 100)
    assert panel.focus == 39 and panel.page == panel.pages - 1
    assert shared_lead([f"Move to zone number {i}" for i in range(40)]) == "Move to zone number"
    assert shared_lead(["Draw both", "Draw only A", "Draw only B", "Draw neither", "Draw x"]) == ""


# --- an Eddy -------------------------------------------------------------------------------------------


def test_an_eddys_turn_is_played_on_its_row_bins(qtbot: QtBot, make_table: MakeTable) -> None:
    eddy = FighterSetup("eddy", "Eddy", (0, 2), kind=FighterKind.EDDY)
    mara = FighterSetup("mara", "Mara", (2, 2))
    tops = ("2 of Cups", "7 of Wands", "3 of Swords")
    state, events = new_combat(
        5,
        3,
        [eddy, mara],
        [AdversarySetup("laborer", (2, 0))],
        book_bestiary(),
        prepared=Preparation(tops={"eddies": tuple(by_name(n) for n in tops)}),
    )
    screen = make_table(Game(state, events), size=(1024, 640))
    scene = screen.scene
    assert state.active_fighter is not None and state.active_fighter.id == "eddy"
    assert [h.name for h in scene.headers] == ["Eddy sheet"] and len(scene.bins) == 13
    shoot(screen, "arcana-eddy-1024x640")

    def play(card: str, row: str) -> None:
        index = [CARDS[item.card].name for item in scene.hand_items].index(card)
        press(qtbot, screen, K(K.Key_1 + index))
        press(qtbot, screen, K(ord(scene.bins[row].letter)))
        press(qtbot, screen, K.Key_Return)

    play("2 of Cups", "eddy_shield")
    assert screen.session.state.fighter("eddy").shield == 2
    play("7 of Wands", "eddy_move")
    pending = screen.session.state.pending
    assert pending is not None and scene.prompt.isVisible()
    press(qtbot, screen, K.Key_1)
    assert screen.session.state.fighter("eddy").zone != (0, 2)
    play("3 of Swords", "eddy_strike")  # a third card: refused on the row itself
    assert "already played 2 cards" in scene.bins["eddy_strike"].refusal
    press(qtbot, screen, K.Key_E)
    after = screen.session.state
    assert after.active_fighter is not None and after.active_fighter.id == "mara"


def test_a_suns_face_up_deck_top_is_drawn_face_up(qtbot: QtBot, make_table: MakeTable) -> None:
    eddy = FighterSetup("eddy", "Eddy", (0, 2), kind=FighterKind.EDDY)
    state, events = new_combat(5, 3, [eddy], [AdversarySetup("laborer", (2, 0))], book_bestiary())
    pile = state.piles["eddies"]
    pile.shown = pile.draw[-1]
    screen = make_table(Game(state, events))
    assert screen.scene.deck.face_up == pile.draw[-1]
    assert CARDS[pile.draw[-1]].name in screen.scene.deck.toolTip()


def test_face_down_cards_on_a_bin_are_drawn_as_backs(qtbot: QtBot, make_table: MakeTable) -> None:
    pip_setup = FighterSetup("pip", "Pip", (0, 2), arcana=Arcana.FOOL, abilities=("blackjack",))
    cards = (by_name("9 of Cups"), by_name("4 of Swords"))
    state, events = new_combat(
        3,
        3,
        [pip_setup],
        [AdversarySetup("laborer", (2, 0))],
        book_bestiary(),
        prepared=Preparation(bins={"pip": {"blackjack": cards}}),
    )
    state.fighter("pip").face_down.append(cards[0])
    screen = make_table(Game(state, events))
    item: AbilityBinItem = screen.scene.bins["blackjack"]
    assert item.cards == list(cards) and item.face_down == {cards[0]}


# --- 4. standing rules and private decisions ------------------------------------------------------------


def test_a_priestess_peek_stays_behind_the_curtain_in_hot_seat(qtbot: QtBot, make_table: MakeTable) -> None:
    game = priestess_game()
    screen = make_table(game, hot_seat=True, size=(1024, 640))
    scene, prompt = screen.scene, screen.scene.prompt
    labels = [o.label for o in game.state.decisions[0].options]
    assert prompt.isVisible() and prompt.hidden and prompt.buttons == []
    assert scene.curtain.isVisible() and "Hope" in scene.curtain.text
    assert not any(item.isVisible() for item in scene.hand_items)
    assert not any(label in scene.status.text for label in labels)
    shoot(screen, "arcana-private-peek-hidden")
    press(qtbot, screen, K.Key_1)  # nothing chosen before the reveal
    assert screen.session.game.actions == []
    press(qtbot, screen, K.Key_F2)  # Hope reveals
    assert not scene.curtain.isVisible() and not prompt.hidden and prompt.labels == labels
    assert "only Hope" in prompt.note
    press(qtbot, screen, K.Key_1)
    assert screen.session.game.actions == [Choose(0)]


def test_standing_rules_are_badges_and_cold_reading_switches_on_from_one(qtbot: QtBot, make_table: MakeTable) -> None:
    screen = make_table(priestess_game())
    scene = screen.scene
    assert not scene.prompt.hidden  # no curtain at a one-person table
    assert "second_sight" not in scene.bins and "palm_reading" not in scene.bins
    assert list(scene.passives) == ["second_sight", "palm_reading"]
    assert ABILITIES["second_sight"].summary in scene.passives["second_sight"].toolTip()
    press(qtbot, screen, K.Key_4)  # Second Sight: draw neither
    state = screen.session.state
    assert state.pending is None and state.active_fighter is not None and state.active_fighter.id == "hope"
    badge = scene.passives["palm_reading"]
    assert badge.offers and "Cold Reading" in badge.offers[0]
    hand = scene.hand_label.sceneBoundingRect()
    assert all(b.sceneBoundingRect().top() >= hand.top() - 1 for b in scene.passives.values())
    shoot(screen, "arcana-priestess-badges")
    click(qtbot, screen, badge.sceneBoundingRect())
    assert scene.prompt.menu and "Cold Reading" in scene.prompt.labels[0]
    press(qtbot, screen, K.Key_1)
    assert screen.session.game.actions[-1] == Activate("hope", "palm_reading", 0)
    assert screen.session.state.fighter("hope").marks["cold_reading"] == 1


def test_the_gms_secret_choice_has_its_own_curtain_in_hot_seat(qtbot: QtBot, make_table: MakeTable) -> None:
    screen = make_table(gm_secret(fool_game()), hot_seat=True, size=(1024, 640))
    scene = screen.scene
    assert scene.prompt.hidden and scene.curtain.isVisible() and "look away" in scene.curtain.text
    shoot(screen, "arcana-gm-secret-1024x640")
    scene.curtain.clicked.emit()
    assert not scene.prompt.hidden and "GM's choice" in scene.prompt.note
    assert scene.prompt.labels == ["The Laborer hits Mara", "The Laborer hits Jun"]


def test_the_gms_choice_is_marked_and_shown_when_one_person_plays(qtbot: QtBot, make_table: MakeTable) -> None:
    screen = make_table(gm_secret(fool_game()), hot_seat=False)
    prompt = screen.scene.prompt
    assert not prompt.hidden and prompt.note.startswith("GM's choice")
    assert not screen.scene.curtain.isVisible()


# --- 6. the keys, taught where they are met ---------------------------------------------------------------


def test_f1_or_question_mark_lists_every_table_key_and_any_key_puts_it_away(
    qtbot: QtBot, make_table: MakeTable
) -> None:
    screen = make_table(fool_game(upgrades=("kitchen_sink",)), size=(1024, 640))
    viewer, before = screen.scene.viewer, screen.session.state
    press(qtbot, screen, K.Key_F1)
    assert viewer.isVisible() and viewer.title == HELP_TITLE
    text = "\n".join(viewer.lines)
    for key in (
        "1–9 —",
        "letter —",
        "Tab / Shift+Tab —",
        "Enter —",
        "A —",
        "N or + —",
        "E or Ctrl+Enter —",
        "Ctrl+Z —",
        "Z —",
        "Page Up",
        "Esc —",
        "Space —",
        "F2 —",
        "F6 —",
        "F1 or ? —",
    ):
        assert key in text, key
    assert "(now: 1 thing to do)" in text and "(now: 4 to choose from)" in text
    shoot(screen, "table-keys-help-1024x640")
    press(qtbot, screen, K.Key_N)  # any key closes the list, and does nothing else
    assert not viewer.isVisible() and not screen.scene.prompt.isVisible() and screen.session.state is before
    press(qtbot, screen, K.Key_Question)
    assert viewer.isVisible()
    press(qtbot, screen, K.Key_Escape)
    assert not viewer.isVisible()


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_and_n_are_taught_the_first_time_they_offer_something(
    qtbot: QtBot, make_table: MakeTable, size: tuple[int, int]
) -> None:
    from tests.helpers.table_keys import play_by_keys

    screen = make_table(
        fool_game(upgrades=("kitchen_sink",), hand=(FOOL, *[by_name(f"{n} of Cups") for n in (3, 4)])), size=size
    )
    status, session = screen.scene.status, screen.session
    assert status.text.startswith("New: Pip can act at will — press A") and status.fits(status.text)
    assert screen.settings.taught == {"activations"}
    defend = [a for a in session.game.legal_actions() if getattr(a, "ability", "") == "defend" and a.card != FOOL]
    play_by_keys(qtbot, screen, defend[0])
    assert "press N" in status.text and "1 Corruption" in status.text and status.fits(status.text)
    defend = [a for a in session.game.legal_actions() if getattr(a, "ability", "") == "defend" and a.card != FOOL]
    play_by_keys(qtbot, screen, defend[0])
    line = status.text
    assert line.startswith("Round 1: Pip's turn.") and status.fits(line), "the whole line shows, not cut with …"
    assert "A: " in line and "N: add an ability" in line and "F1" in line
    # Told once: the next table with these settings (the next fight) starts on the turn line.
    again = make_table(fool_game(upgrades=("kitchen_sink",)), size=size, taught=screen.settings.taught)
    assert again.scene.status.text.startswith("Round 1: Pip's turn.")


# --- 7. long activations, read whole ---------------------------------------------------------------------


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_long_activations_show_whole_on_their_bins_and_in_the_a_menu(
    qtbot: QtBot, make_table: MakeTable, size: tuple[int, int]
) -> None:
    screen = make_table(fool_game(upgrades=FOOL_ARCANA[2:]), size=size)
    chips = {a: item.chips for a, item in screen.scene.bins.items() if item.chips}
    assert set(chips) == {"parade", "crisis_averted"}
    for ability, (chip,) in chips.items():
        item = screen.scene.bins[ability]
        assert chip.shown.replace(NBSP, " ") == "▸ " + chip.text, "the whole text on the chip, nothing cut"
        font = ui_font(chip.text_px, True)
        assert chip_font_lines(chip.shown, font, chip.text_rect().width()) <= chip.lines <= 3
        assert item.sceneBoundingRect().contains(chip.sceneBoundingRect())
        assert item.cards_area().bottom() <= chip.pos().y()
    shoot(screen, f"arcana-long-activations-{size[0]}x{size[1]}")
    parade = screen.scene.bins["parade"]
    press(qtbot, screen, K(ord(parade.letter)))
    press(qtbot, screen, K.Key_A)  # by keyboard: the bin's letter, then A, lists it whole too
    assert screen.scene.prompt.labels == [parade.chips[0].text]


def test_an_activation_too_long_for_its_bin_is_cut_in_its_words_and_keeps_its_cost(
    qtbot: QtBot, make_table: MakeTable
) -> None:
    screen = make_table(fool_game(upgrades=FOOL_ARCANA[2:]), size=(1024, 640))
    parade = screen.scene.bins["parade"]
    parade.show_cards([by_name("2 of Cups")], "1 of 2 cards")  # a card on it: the chip gives up its third line
    (chip,) = parade.chips
    assert parade.card_slots() and parade.cards_area().bottom() <= chip.pos().y()
    assert chip.lines == 2 and chip.shown != "▸ " + chip.text
    assert chip.shown.endswith(f"… (1{NBSP}Corruption)") and chip.shown.startswith("▸ Switch on")
    font = ui_font(chip.text_px, True)
    assert chip_font_lines(chip.shown, font, chip.text_rect().width()) <= chip.lines
    shoot(screen, "arcana-activation-cut-1024x640")
    # Cut ever shorter as the room shrinks, the cost always kept.
    for width in (90.0, 60.0, 30.0):
        shown = fit_chip_text("▸ " + chip.text, font, width, 1)
        assert shown.endswith(f"(1{NBSP}Corruption)") and "…" in shown
