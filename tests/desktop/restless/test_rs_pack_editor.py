"""The Restless in the shared pack editor: its decks as kinds, the practice pack shown, an edited copy saved into the
player's packs, offered by the new game and played; a bad field named by file, card and field."""

from __future__ import annotations

from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from rt0table.desktop.packs.pack_editor import PackEditor
from rt0table.desktop.packs.pack_games import packs_for
from rt0table.desktop.packs.pack_library import PACK_DIR_VAR
from rt0table.desktop.restless.restless_game import game_setup, start_game
from rt0table.desktop.restless.restless_new_game import pack_choices
from rt0table.desktop.restless.restless_pack_kinds import RESTLESS
from rt0table.desktop.saves.seam_save import SeamTable
from rt0table.rules.restless.rs_cards import DECKS
from rt0table.rules.restless.rs_practice import practice_pack


@pytest.fixture
def packs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv(PACK_DIR_VAR, str(tmp_path))
    return tmp_path


def test_every_deck_is_a_kind_and_the_practice_pack_is_listed_first(packs: Path) -> None:
    assert [k.file for k in RESTLESS.kinds] == [f"{deck}.json" for deck in DECKS]
    listing = packs_for("restless")
    assert listing[0].shipped and listing[0].pack is not None
    assert listing[0].name == practice_pack().name


def test_an_edited_copy_is_saved_offered_by_the_new_game_and_played(qtbot: QtBot, packs: Path) -> None:
    editor = PackEditor(RESTLESS)
    qtbot.addWidget(editor)
    draft = editor.draft
    assert draft is not None
    characters = RESTLESS.kind("Characters")
    draft.set_field(characters, 0, "health", 12)
    draft.set_field(characters, 0, "name", "Iron Warden")
    folder = editor.save()
    assert folder is not None and folder.parent == packs / "restless"
    mine = next(c for c in pack_choices() if c.pack is not None and "your packs" in c.label)
    assert mine.pack is not None
    card = mine.pack.deck("characters")[0]
    assert (card.name, card.health) == ("Iron Warden", 12)
    game = start_game(None, game_setup(1, mine.pack), 4, SeamTable("solo", "none", ("player-1",)))
    qtbot.addWidget(game.screen)
    assert game.session.state.card(card.id).health == 12


def test_a_bad_field_is_named_by_file_card_and_field(qtbot: QtBot, packs: Path) -> None:
    editor = PackEditor(RESTLESS)
    qtbot.addWidget(editor)
    draft = editor.draft
    assert draft is not None
    items = RESTLESS.kind("Starter items")
    card = draft.entry(items, 0)["id"]
    draft.set_field(items, 0, "item_type", "teapot")
    found = editor.check()
    assert found is not None
    assert "starter-items.json" in found.message and card in found.message and "item_type" in found.message
    assert editor.save() is None and not (packs / "restless").exists()
