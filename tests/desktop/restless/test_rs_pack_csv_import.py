"""The pack editor imports a Restless pack of CSV decks (a folder or a zip), checked before anything is written:
a spreadsheet's CSV (quoted cells, CRLF, a byte-order mark) imports, plays and exports with every field equal, and
a pack the app wrote comes back byte for byte."""

from __future__ import annotations

import csv
import io
import zipfile
from dataclasses import replace
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from rt0table.desktop.packs.pack_editor import PackEditor
from rt0table.desktop.packs.pack_library import PACK_DIR_VAR, folder_files
from rt0table.desktop.restless.restless_pack_kinds import RESTLESS
from rt0table.rules.restless.rs_pack import RsPack, pack_files, read_pack_files
from rt0table.rules.restless.rs_pack_folder import read_rs_folder
from rt0table.rules.restless.rs_play import apply, new_game
from rt0table.rules.restless.rs_practice import practice_pack, setup_from
from rt0table.rules.restless.rs_stand_in import choose

SCAN = b"\x89PNG\r\n\x1a\n" + b"\x00" * 24  # stands for a scan: the pack keeps its bytes, the editor draws none


@pytest.fixture
def packs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv(PACK_DIR_VAR, str(tmp_path / "packs"))
    return tmp_path / "packs"


def scanned() -> RsPack:
    """The practice pack with a scan on its first Character (a pack with an images/ folder)."""
    pack = practice_pack()
    decks = tuple(
        replace(d, cards=(replace(d.cards[0], image="ash.png"), *d.cards[1:])) if d.name == "characters" else d
        for d in pack.decks
    )
    return replace(pack, decks=decks, images=(("ash.png", SCAN),))


def as_spreadsheet(data: bytes) -> bytes:
    """A CSV file as a spreadsheet saves it: every cell quoted, CRLF line ends, a UTF-8 byte-order mark."""
    rows = list(csv.reader(io.StringIO(data.decode("utf-8"), newline="")))
    out = io.StringIO(newline="")
    csv.writer(out, quoting=csv.QUOTE_ALL, lineterminator="\r\n").writerows(rows)
    return b"\xef\xbb\xbf" + out.getvalue().encode("utf-8")


def write(files: dict[str, bytes], folder: Path) -> Path:
    for name, data in files.items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_bytes(data)
    return folder


def editor_on(qtbot: QtBot) -> PackEditor:
    editor = PackEditor(RESTLESS)
    qtbot.addWidget(editor)
    return editor


def test_a_spreadsheet_pack_imports_plays_and_exports_with_every_field_equal(
    qtbot: QtBot, packs: Path, tmp_path: Path
) -> None:
    pack = scanned()
    sheet = {n: as_spreadsheet(d) if n.endswith(".csv") else d for n, d in pack_files(pack).items()}
    assert sheet["characters.csv"].startswith(b'\xef\xbb\xbf"id","name"') and b"\r\n" in sheet["characters.csv"]
    source = write(sheet, tmp_path / "from-a-sheet")
    editor = editor_on(qtbot)
    folder = editor.import_from(source)
    assert folder is not None and folder.parent == packs / "restless"
    assert folder_files(source) == sheet  # the source is only read
    mine = read_rs_folder(folder)
    assert mine.cards() == pack.cards() and mine.images == pack.images
    assert editor.draft is not None and editor.draft.folder == folder  # the editor shows the imported pack
    state, _ = new_game(setup_from(mine), 3)  # it plays
    for _ in range(40):
        state, _ = apply(state, choose(state))
    assert state.realm_number >= 1
    out = editor.export_to(tmp_path / "exported")
    assert out is not None
    back = folder_files(out)
    assert read_pack_files(back).cards() == read_pack_files(sheet).cards()
    assert sorted(back) == sorted(sheet) and back["images/ash.png"] == SCAN  # each deck in its form, the scan kept


def test_a_pack_the_app_wrote_comes_back_byte_for_byte(qtbot: QtBot, packs: Path, tmp_path: Path) -> None:
    written = pack_files(scanned())
    editor = editor_on(qtbot)
    first = editor.import_from(write(written, tmp_path / "written"))
    assert first is not None and folder_files(first) == written
    zipped = editor.export_to(tmp_path / "pack.zip")
    assert zipped is not None
    with zipfile.ZipFile(zipped) as archive:
        assert {name: archive.read(name) for name in archive.namelist()} == written
    again = editor.import_from(zipped)
    assert again is not None and again != first and folder_files(again) == written
    second = editor.export_to(tmp_path / "again.zip")
    assert second is not None and second.read_bytes() == zipped.read_bytes()
    assert editor.draft is not None and editor.draft.folder == again
    editor.draft.set_field(RESTLESS.kind("Characters"), 0, "health", 11)
    assert editor.save() == again
    saved = folder_files(again)
    assert [name for name in written if saved[name] != written[name]] == ["characters.csv"]  # only the edited deck
    assert read_rs_folder(again).deck("characters")[0].health == 11


def test_a_bad_cell_is_refused_naming_file_card_and_field_and_nothing_is_written(
    qtbot: QtBot, packs: Path, tmp_path: Path
) -> None:
    files = pack_files(practice_pack())
    files["loot.csv"] = as_spreadsheet(files["loot.csv"]).replace(
        b'"bandage","Bandage","item","",', b'"bandage","Bandage","item","many",'
    )
    editor = editor_on(qtbot)
    assert editor.import_from(write(files, tmp_path / "bad")) is None
    assert (
        editor.problem.text()
        == "✗ Not imported: loot.csv: card 'bandage': field 'copies': 'many' is not a whole number"
    )
    assert not (packs / "restless").exists() or not any((packs / "restless").iterdir())
