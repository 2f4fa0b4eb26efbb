"""The shared pack editor on Moon's Grave's pack: live checks naming file/entry/field, entries, exchange, paste."""

from __future__ import annotations

import io
import json
import zipfile
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QCheckBox, QFileDialog, QLineEdit, QPlainTextEdit, QPushButton
from pytestqt.qtbot import QtBot

from rt0table.assets.bundled import bundled_bytes, bundled_names
from rt0table.desktop.moons_grave.mg_pack_kinds import MOONS_GRAVE, read_npc_paste
from rt0table.desktop.packs.pack_editor import MARKED, PackEditor
from rt0table.desktop.packs.pack_games import packs_for
from rt0table.desktop.packs.pack_library import available_packs, game_folder, house_pack, packs_folder
from rt0table.rules.packs.content_pack import pack_to_zip
from tests.helpers.pack_editing import open_editor, pick_row, retype
from tests.helpers.widgets import LEFT, click, named, shoot, tick_box

HOUSE = ("moons_grave", "house")


def house_files() -> dict[str, bytes]:
    return {name: bundled_bytes(*HOUSE, name) for name in bundled_names(*HOUSE, suffix=".json")}


def all_files(root: Path) -> dict[str, bytes]:
    return {str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


@pytest.fixture
def editor(qtbot: QtBot) -> PackEditor:
    return open_editor(qtbot, 1280, 800)


def type_lines(qtbot: QtBot, box: QPlainTextEdit, *lines: str) -> None:
    qtbot.mouseClick(box.viewport(), LEFT)
    for number, line in enumerate(lines):
        if number:
            qtbot.keyClick(box, Qt.Key.Key_Return)
        qtbot.keyClicks(box, line)


def problem(editor: PackEditor) -> str:
    return editor.problem.text()


def test_a_bad_field_shows_the_readers_error_naming_file_entry_and_field(qtbot: QtBot, editor: PackEditor) -> None:
    pick_row(qtbot, editor.kinds, "Perks")
    pick_row(qtbot, editor.entries, "perks 'sword-flourish'")
    cost = editor.fields["cost"]
    assert isinstance(cost, QLineEdit)
    retype(qtbot, cost, "12")
    assert problem(editor) == "✗ perks.json: perks 'sword-flourish': field 'cost': is 12; it must be 1 to 9"
    assert cost.styleSheet() == MARKED
    assert not named(editor, "pack-save").isEnabled()
    retype(qtbot, cost, "two")
    assert problem(editor) == "✗ perks.json: perks 'sword-flourish': field 'cost': must be a whole number, not text"
    qtbot.wait(20)
    shoot(editor, "pack-editor-bad-field-1280")
    retype(qtbot, editor.fields["id"], "sword-riposte")  # type: ignore[arg-type]
    retype(qtbot, cost, "2")
    assert (
        problem(editor)
        == "✗ perks.json: perks 'sword-riposte': field 'id': 'sword-riposte' is used by an earlier entry"
    )
    retype(qtbot, editor.fields["id"], "sword-flourish")  # type: ignore[arg-type]
    assert problem(editor) == "✓ The pack passes every check."
    assert cost.styleSheet() == ""


def test_the_go_to_button_finds_the_entry_a_cross_reference_breaks(qtbot: QtBot, editor: PackEditor) -> None:
    pick_row(qtbot, editor.kinds, "Perks")
    pick_row(qtbot, editor.entries, "perks 'battle-cry'")
    retype(qtbot, editor.fields["id"], "war-cry")  # type: ignore[arg-type]
    assert (
        problem(editor)
        == "✗ classes.json: classes 'warrior': field 'benefit_perk': 'battle-cry' is not a perk of this class in "
        "perks.json"
    )
    click(qtbot, named(editor, "pack-go-to-problem"))
    assert editor.kinds.currentItem().text() == "Classes"
    assert editor.entries.currentItem().text() == "classes 'warrior'"
    assert editor.fields["benefit_perk"].styleSheet() == MARKED


def test_the_packs_folder_is_beside_the_saves_unless_told(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("RT0_PACK_DIR")
    monkeypatch.setenv("RT0_SAVE_DIR", str(tmp_path / "data" / "saves"))
    assert packs_folder() == tmp_path / "data" / "packs"
    assert game_folder(MOONS_GRAVE) == tmp_path / "data" / "packs" / "moons-grave"


def test_the_shipped_pack_stays_untouched_and_saving_makes_a_copy(qtbot: QtBot, editor: PackEditor) -> None:
    before = house_files()
    assert not packs_folder().exists()  # listing the packs made no folder
    pick_row(qtbot, editor.kinds, "Employers")
    pick_row(qtbot, editor.entries, "employers 'tilda'")
    retype(qtbot, editor.fields["name"], "Sheriff Tilda the Second")  # type: ignore[arg-type]
    assert "read-only" in editor.banner.text() and "employers.json" in editor.banner.text()
    click(qtbot, named(editor, "pack-save"))
    assert house_files() == before
    listings = available_packs(MOONS_GRAVE)
    assert [listing.shipped for listing in listings] == [True, False]
    copy = listings[1].folder
    assert copy is not None and copy.parent == game_folder(MOONS_GRAVE)
    assert game_folder(MOONS_GRAVE).parent == packs_folder()
    saved = json.loads((copy / "employers.json").read_text(encoding="utf-8"))
    assert saved["employers"][4]["name"] == "Sheriff Tilda the Second"
    assert sorted(all_files(copy)) == sorted(before)  # the whole pack, nothing else
    assert editor.picker.currentIndex() == 1 and not editor.draft.read_only  # type: ignore[union-attr]


def test_add_duplicate_and_remove_rewrite_only_the_file_they_change(qtbot: QtBot, editor: PackEditor) -> None:
    pick_row(qtbot, editor.kinds, "Manifest")
    retype(qtbot, editor.fields["name"], "My table")  # type: ignore[arg-type]
    click(qtbot, named(editor, "pack-save"))
    folder = editor.draft.folder  # type: ignore[union-attr]
    assert folder is not None and folder.name == "my-table"
    untouched = all_files(folder)
    pick_row(qtbot, editor.kinds, "Employers")
    pick_row(qtbot, editor.entries, "employers 'hillana'")
    click(qtbot, named(editor, "entry-duplicate"))
    assert editor.entries.currentItem().text() == "employers 'hillana-2'"
    assert problem(editor) == "✓ The pack passes every check."
    pick_row(qtbot, editor.kinds, "Perks")
    click(qtbot, named(editor, "entry-add"))
    assert editor.entries.currentItem().text() == "perks 'new-perk'"
    assert problem(editor) == "✓ The pack passes every check."
    click(qtbot, named(editor, "entry-remove"))
    pick_row(qtbot, editor.kinds, "Soak tracks")
    pick_row(qtbot, editor.entries, "tracks 'bleeding-out'")
    click(qtbot, named(editor, "entry-remove"))
    assert problem(editor) == (
        "✗ soak.json: field 'tracks': exactly one track must be \"bleeding_out\": true (Bandage clears it)"
    )
    assert not named(editor, "pack-save").isEnabled()
    pick_row(qtbot, editor.kinds, "Soak tracks")
    pick_row(qtbot, editor.entries, "tracks 'broken-bone'")
    bleeding = editor.fields["bleeding_out"]
    assert isinstance(bleeding, QCheckBox)
    tick_box(qtbot, bleeding)
    assert problem(editor) == "✓ The pack passes every check."
    click(qtbot, named(editor, "pack-save"))
    after = all_files(folder)
    assert {n for n in after if after[n] != untouched[n]} == {"employers.json", "soak.json"}  # perks.json: add+remove
    employers = json.loads(after["employers.json"])["employers"]
    assert [e["id"] for e in employers][:2] == ["hillana", "hillana-2"]
    tracks = json.loads(after["soak.json"])["tracks"]
    assert [t["id"] for t in tracks if t.get("bleeding_out")] == ["broken-bone"]


def export_through_dialog(qtbot: QtBot, editor: PackEditor, monkeypatch: pytest.MonkeyPatch, target: Path) -> None:
    if target.suffix == ".zip":
        monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *_a, **_k: (str(target), ""))
        click(qtbot, named(editor, "pack-export-zip"))
    else:
        monkeypatch.setattr(QFileDialog, "getExistingDirectory", lambda *_a, **_k: str(target))
        click(qtbot, named(editor, "pack-export-folder"))


def import_through_dialog(qtbot: QtBot, editor: PackEditor, monkeypatch: pytest.MonkeyPatch, source: Path) -> None:
    if source.suffix == ".zip":
        monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *_a, **_k: (str(source), ""))
        click(qtbot, named(editor, "pack-import-zip"))
    else:
        monkeypatch.setattr(QFileDialog, "getExistingDirectory", lambda *_a, **_k: str(source))
        click(qtbot, named(editor, "pack-import-folder"))


def test_import_and_export_round_trip_byte_for_byte(
    qtbot: QtBot, editor: PackEditor, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    first = tmp_path / "first.zip"
    export_through_dialog(qtbot, editor, monkeypatch, first)
    assert first.read_bytes() == pack_to_zip(house_pack(MOONS_GRAVE))
    import_through_dialog(qtbot, editor, monkeypatch, first)
    assert editor.picker.currentIndex() == 1 and editor.picker.count() == 2
    second = tmp_path / "second.zip"
    export_through_dialog(qtbot, editor, monkeypatch, second)
    assert second.read_bytes() == first.read_bytes()

    out_folder, back_folder = tmp_path / "out", tmp_path / "back"
    export_through_dialog(qtbot, editor, monkeypatch, out_folder)
    import_through_dialog(qtbot, editor, monkeypatch, out_folder)
    assert editor.picker.count() == 3
    export_through_dialog(qtbot, editor, monkeypatch, back_folder)
    assert all_files(back_folder) == all_files(out_folder)
    assert all_files(editor.draft.folder) == all_files(out_folder)  # type: ignore[arg-type]
    with zipfile.ZipFile(first) as archive:
        assert {n: archive.read(n) for n in archive.namelist()} == all_files(out_folder)


def damaged_zips(tmp_path: Path) -> list[tuple[Path, str]]:
    good = pack_to_zip(house_pack(MOONS_GRAVE))
    cut = tmp_path / "cut.zip"
    cut.write_bytes(good[: len(good) // 2])
    bad_field = tmp_path / "bad-field.zip"
    with zipfile.ZipFile(io.BytesIO(good)) as archive:
        files = {n: archive.read(n) for n in archive.namelist()}
    perks = json.loads(files["perks.json"])
    perks["perks"][2]["category"] = "sorcery"
    files["perks.json"] = json.dumps(perks).encode()
    with zipfile.ZipFile(bad_field, "w") as out:
        for name, data in files.items():
            out.writestr(name, data)
    not_json = tmp_path / "not-json.zip"
    with zipfile.ZipFile(not_json, "w") as out:
        for name, data in files.items():
            out.writestr(name, b"{ nope" if name == "gear.json" else data)
    return [
        (cut, "✗ Not imported: cut.zip: not a zip file"),
        (
            bad_field,
            "✗ Not imported: perks.json: perks 'axe-cleave': field 'category': is 'sorcery'; it must be one of "
            "armor, artifact, class, combat, command, maneuvering, npc, weapon",
        ),
        (
            not_json,
            "✗ Not imported: gear.json: is not valid JSON (line 1, column 3: Expecting property name "
            "enclosed in double quotes)",
        ),
    ]


def test_a_damaged_zip_is_refused_by_name_and_leaves_nothing_behind(
    qtbot: QtBot, editor: PackEditor, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    for source, message in damaged_zips(tmp_path):
        before = all_files(tmp_path)
        import_through_dialog(qtbot, editor, monkeypatch, source)
        assert problem(editor) == message
        assert not packs_folder().exists()
        assert all_files(tmp_path) == before
        assert editor.picker.count() == 1


def test_a_broken_user_pack_is_listed_with_its_error_and_opens_without_crashing(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    broken = game_folder(MOONS_GRAVE) / "broken"
    broken.mkdir(parents=True)
    for name, data in house_files().items():
        (broken / name).write_bytes(data)
    (broken / "npcs.json").write_bytes(b'{"npcs": [{"line": "Ghost", "group": "x", "source": "book"}]}')
    before = all_files(broken)
    listings = packs_for("moons-grave")
    assert listings == available_packs(MOONS_GRAVE) and listings[0].shipped and listings[0].pack is not None
    assert listings[1].pack is None and listings[1].label.startswith("broken (cannot be used: npcs.json")
    assert listings[1].problem.startswith("npcs.json: npcs 'Ghost': field 'line': 'Ghost': the first line must read")
    with pytest.raises(KeyError, match="'rt0' has no content packs"):
        packs_for("rt0")
    widget = PackEditor(MOONS_GRAVE)
    qtbot.addWidget(widget)
    widget.show()
    widget.picker.setCurrentIndex(1)
    widget.picker.activated.emit(1)
    assert widget.draft is None and widget.problem.text() == f"✗ {listings[1].problem}"
    assert not widget.kinds.isEnabled()
    assert all_files(broken) == before


def test_the_npc_paste_box_reads_the_books_notation_into_entries(qtbot: QtBot, editor: PackEditor) -> None:
    box = named(editor, "paste-text")
    assert not box.isVisible()  # shown only beside the NPCs
    pick_row(qtbot, editor.kinds, "NPCs")
    assert box.isVisible()
    assert isinstance(box, QPlainTextEdit)
    type_lines(qtbot, box, "Night Clerk (3), Guile 5, Beckon 1", "Knives <Strike/Evasion>", "", "Lamp Moth (1)")
    add = named(editor, "paste-add")
    assert isinstance(add, QPushButton)
    click(qtbot, add)
    assert named(editor, "paste-result").text() == "✓ 2 added to NPCs."
    assert editor.kinds.currentItem().text() == "NPCs"
    assert editor.entries.currentItem().text() == "npcs 'Lamp Moth (1)'"
    assert problem(editor) == "✓ The pack passes every check."
    pick_row(qtbot, editor.entries, "npcs 'Night Clerk (3), Guile 5, Beckon 1'")
    npcs = editor.draft.files["npcs.json"]["npcs"]  # type: ignore[union-attr]
    assert npcs[-2] == {
        "line": "Night Clerk (3), Guile 5, Beckon 1",
        "group": "Pasted",
        "source": "book",
        "extra": [{"line": "Knives <Strike/Evasion>", "source": "book"}],
    }
    qtbot.wait(20)
    shoot(editor, "pack-editor-paste-1280")

    type_lines(qtbot, box, "Clerk (3)", "Quill [1]", "scribbles", "ink")
    click(qtbot, add)
    assert named(editor, "paste-result").text() == (
        "✗ line 3: Clerk: 'scribbles' is neither a perk 'Title [N]' nor an attack 'Name <Attack/Defence>' "
        "(keywords go on the last line)"
    )
    assert len(editor.draft.files["npcs.json"]["npcs"]) == len(npcs)  # type: ignore[union-attr]
    box.clear()
    type_lines(qtbot, box, "Clerk (3)", "", "", "Tall Clerk, Beckon 2")
    click(qtbot, add)
    assert (
        named(editor, "paste-result")
        .text()
        .startswith("✗ line 4: 'Tall Clerk, Beckon 2': the first line must read 'Name (N)'")
    )
    box.clear()
    type_lines(qtbot, box, "Deputy (3)")
    click(qtbot, add)
    assert problem(editor) == "✗ npcs.json: npcs 'Deputy (3)': field 'line': 'Deputy' is already in the roster"


def test_a_pasted_block_keeps_the_default_level_and_its_exceptions() -> None:
    entry = read_npc_paste("\n\n  Lieutenant (4), Beckon 1, Evasion 5  \n")[0]
    assert entry == {"line": "Lieutenant (4), Beckon 1, Evasion 5", "group": "Pasted", "source": "book"}
    with pytest.raises(ValueError, match=r"^line 1: nothing to read"):
        read_npc_paste("  \n ")
    with pytest.raises(ValueError, match=r"^line 2: 'Sergeant \(3\), Luck 2': 'Luck' is not a talent or core stat"):
        read_npc_paste("\nSergeant (3), Luck 2")


def test_the_editor_by_keyboard(qtbot: QtBot, editor: PackEditor) -> None:
    def key(which: Qt.Key, modifier: Qt.KeyboardModifier = Qt.KeyboardModifier.NoModifier) -> None:
        qtbot.keyClick(QApplication.focusWidget() or editor, which, modifier)
        qtbot.wait(1)

    editor.activateWindow()
    editor.kinds.setFocus()
    key(Qt.Key.Key_E, Qt.KeyboardModifier.AltModifier)
    assert QApplication.focusWidget() is editor.entries
    key(Qt.Key.Key_K, Qt.KeyboardModifier.AltModifier)
    assert QApplication.focusWidget() is editor.kinds
    key(Qt.Key.Key_Down)
    assert editor.kinds.currentItem().text() == "Employers"
    key(Qt.Key.Key_E, Qt.KeyboardModifier.AltModifier)
    key(Qt.Key.Key_Down)
    assert editor.entries.currentItem().text() == "employers 'izibeth'"
    key(Qt.Key.Key_D, Qt.KeyboardModifier.AltModifier)  # a button's mnemonic presses it after a short flash
    qtbot.waitUntil(lambda: editor.entries.currentItem().text() == "employers 'izibeth-2'", timeout=2000)
    key(Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier)
    listings = available_packs(MOONS_GRAVE)
    assert len(listings) == 2 and listings[1].folder == editor.draft.folder  # type: ignore[union-attr]
    saved = json.loads((listings[1].folder / "employers.json").read_text(encoding="utf-8"))  # type: ignore[operator]
    assert [e["id"] for e in saved["employers"]][1:3] == ["izibeth", "izibeth-2"]
