"""Cards on The Restless's table: drawn from pack data, or from the pack's image when the card has one."""

from __future__ import annotations

import base64
import json
import shutil
import sqlite3
from dataclasses import replace
from pathlib import Path

import pytest
from PySide6.QtCore import QBuffer, QByteArray, QIODevice, Qt
from PySide6.QtGui import QColor, QImage, QPainter
from pytestqt.qtbot import QtBot

from rt0table.desktop.packs.pack_library import PACK_DIR_VAR
from rt0table.desktop.restless.restless_game import game_setup, resume_game, start_game
from rt0table.desktop.saves import SaveError, SaveStore
from rt0table.desktop.saves.seam_save import SeamTable, load_seam_game
from rt0table.rules.restless.rs_pack import RsPack
from rt0table.rules.restless.rs_pack_folder import write_rs_folder
from rt0table.rules.restless.rs_practice import practice_pack
from rt0table.rules.restless.rs_stand_in import choose
from tests.helpers.rs_tables import piece

MAGENTA = QColor("#ff00ff")


def png(colour: QColor) -> bytes:
    image = QImage(40, 56, QImage.Format.Format_RGB32)
    image.fill(colour)
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    assert image.save(buffer, "PNG")
    return bytes(data.data())


def scene_pixel(game: object, role: str, hero: str) -> QColor:
    scene = game.screen.scene  # type: ignore[attr-defined]
    image = QImage(int(scene.width()), int(scene.height()), QImage.Format.Format_RGB32)
    painter = QPainter(image)
    scene.render(painter, image.rect(), scene.sceneRect(), Qt.AspectRatioMode.IgnoreAspectRatio)
    painter.end()
    centre = piece(game, role, hero=hero).sceneBoundingRect().center()  # type: ignore[arg-type]
    return image.pixelColor(int(centre.x()), int(centre.y()))


def test_a_card_with_an_image_shows_it_and_one_without_is_drawn(qtbot: QtBot) -> None:
    setup = game_setup(1)
    cards = tuple(replace(c, image="scan.png") if c.kind == "character" else c for c in setup.cards)
    table = SeamTable("solo", "none", ("player-1",))
    scanned = start_game(None, replace(setup, cards=cards), 5, table, (("scan.png", png(MAGENTA)),))
    drawn = start_game(None, setup, 5, table)
    for game in (scanned, drawn):
        qtbot.addWidget(game.screen)
        game.session.submit(choose(game.session.state))  # keep four Characters
    hero = scanned.session.state.party[0].card
    assert scene_pixel(scanned, "hero", hero) == MAGENTA
    assert scene_pixel(drawn, "hero", hero) != MAGENTA


def test_an_image_that_does_not_decode_leaves_the_card_drawn(qtbot: QtBot) -> None:
    setup = game_setup(1)
    cards = tuple(replace(c, image="scan.png") if c.kind == "character" else c for c in setup.cards)
    game = start_game(
        None, replace(setup, cards=cards), 5, SeamTable("solo", "none", ("player-1",)), (("scan.png", b"no"),)
    )
    qtbot.addWidget(game.screen)
    assert game.screen.scene.images == {}
    game.session.submit(choose(game.session.state))
    assert scene_pixel(game, "hero", game.session.state.party[0].card) != MAGENTA


def test_a_resumed_game_finds_its_packs_images_again(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(PACK_DIR_VAR, str(tmp_path / "packs"))
    pack = practice_pack()
    chars = next(d for d in pack.decks if d.name == "characters")
    scanned = replace(chars, cards=tuple(replace(c, image="scan.png") for c in chars.cards))
    own = replace(
        pack, decks=tuple(scanned if d is chars else d for d in pack.decks), images=(("scan.png", png(MAGENTA)),)
    )
    write_rs_folder(own, tmp_path / "packs" / "restless" / "scans")
    with SaveStore(tmp_path / "saves") as store:
        game = start_game(store, game_setup(1, own), 5, SeamTable("solo", "none", ("player-1",)), own.images)
        qtbot.addWidget(game.screen)
        game.session.submit(choose(game.session.state))
        assert game.save is not None
        game.save.close()
        again = resume_game(store, game.game_id)
        qtbot.addWidget(again.screen)
        assert scene_pixel(again, "hero", again.session.state.party[0].card) == MAGENTA
        if again.save is not None:
            again.save.close()


@pytest.mark.parametrize("after", ["changed", "deleted"])
def test_a_saved_game_keeps_its_scans_when_the_pack_folder_changes_or_goes(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, after: str
) -> None:
    monkeypatch.setenv(PACK_DIR_VAR, str(tmp_path / "packs"))
    own = scanned_pack(png(MAGENTA))
    folder = tmp_path / "packs" / "restless" / "scans"
    write_rs_folder(own, folder)
    with SaveStore(tmp_path / "saves") as store:
        game = start_game(store, game_setup(1, own), 5, SeamTable("solo", "none", ("player-1",)))
        qtbot.addWidget(game.screen)
        game.session.submit(choose(game.session.state))
        assert game.save is not None
        game.save.close()
        if after == "deleted":
            shutil.rmtree(folder)
        else:  # the same cards, other scans: the game still shows the ones it started with
            (folder / "images" / "scan.png").write_bytes(png(QColor("#00ff00")))
        again = resume_game(store, game.game_id)
        qtbot.addWidget(again.screen)
        assert scene_pixel(again, "hero", again.session.state.party[0].card) == MAGENTA
        assert again.save is not None
        again.save.close()


def test_a_kept_scan_whose_bytes_changed_is_named_and_the_save_left_alone(tmp_path: Path) -> None:
    own = scanned_pack(png(MAGENTA))
    with SaveStore(tmp_path / "saves") as store:
        game = start_game(store, game_setup(1, own), 5, SeamTable("solo", "none", ("player-1",)))
        assert game.save is not None
        path = game.save.path
        game.save.close()
        with sqlite3.connect(path) as db:
            data = json.loads(db.execute("SELECT setup FROM fight").fetchone()[0])
            data["setup"]["images"][0]["data"] = base64.b64encode(png(QColor("#00ff00"))).decode()
            db.execute("UPDATE fight SET setup = ?", [json.dumps(data)])
        db.close()
        before = path.read_bytes()
        with pytest.raises(SaveError, match=r"setup\.images\[0\] \('scan\.png'\)\.sha256") as raised:
            load_seam_game(path)
        assert str(path) in str(raised.value) and path.read_bytes() == before


def scanned_pack(scan: bytes) -> RsPack:
    """The practice pack with a scan on every Character card."""
    pack = practice_pack()
    chars = next(d for d in pack.decks if d.name == "characters")
    scanned = replace(chars, cards=tuple(replace(c, image="scan.png") for c in chars.cards))
    return replace(pack, decks=tuple(scanned if d is chars else d for d in pack.decks), images=(("scan.png", scan),))
