"""Nothing the editor lets a user type into a field crashes the check, and the editor window guards unsaved work."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from PySide6.QtWidgets import QMessageBox
from pytestqt.qtbot import QtBot

from rt0table.desktop.moons_grave.mg_pack_kinds import MOONS_GRAVE
from rt0table.desktop.packs import pack_library
from rt0table.desktop.packs.pack_draft import PackDraft
from rt0table.desktop.packs.pack_games import PackEditorWindow
from rt0table.desktop.packs.pack_library import game_folder, house_pack, import_pack
from rt0table.rules.packs import pack_folder
from rt0table.rules.packs.content_pack import ContentPack, PackError, pack_to_zip
from tests.helpers.widgets import named

JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-20, 120) | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=3),
    max_leaves=8,
)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_any_value_in_any_field_gives_a_named_problem_never_a_crash(data: st.DataObject) -> None:
    draft = PackDraft(MOONS_GRAVE, house_pack(MOONS_GRAVE), None)
    for _ in range(data.draw(st.integers(1, 3))):
        kind = data.draw(st.sampled_from(MOONS_GRAVE.kinds))
        entries = draft.entries(kind)
        if not entries:
            continue
        index = data.draw(st.integers(0, len(entries) - 1))
        entry: Any = entries[index]
        names = [f.name for f in kind.fields] + (list(entry) if isinstance(entry, dict) else [])
        field = data.draw(st.sampled_from(names))
        draft.set_field(kind, index, field, data.draw(JSON_VALUES), remove=data.draw(st.booleans()))
    found = draft.problem()
    if found is not None:
        assert found.message.split(":")[0].endswith(".json") or found.message.startswith("a pack holds")
        if found.index >= 0:
            assert found.message.startswith(
                f"{MOONS_GRAVE.kind(found.kind).file}: {draft.label(MOONS_GRAVE.kind(found.kind), found.index)}"
            )


def test_closing_the_editor_window_with_unsaved_changes_asks_first(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    window = PackEditorWindow("moons-grave")
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    editor = window.editor
    editor.kinds.setCurrentRow(1)
    editor.entries.setCurrentRow(0)
    qtbot.keyClicks(named(editor, "field-name"), " Junior")
    answers = iter([QMessageBox.StandardButton.No, QMessageBox.StandardButton.Yes])
    monkeypatch.setattr(QMessageBox, "question", lambda *_a, **_k: next(answers))
    window.close()
    assert window.isVisible()
    window.close()
    assert not window.isVisible()


def test_an_import_that_fails_while_writing_leaves_nothing_behind(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, own_packs_folder: Path
) -> None:
    source = tmp_path / "good.zip"
    source.write_bytes(pack_to_zip(house_pack(MOONS_GRAVE)))
    real_write = pack_folder.write_pack_folder

    def write_then_fail(pack: ContentPack, folder: Path) -> list[Path]:
        real_write(pack, folder)
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(pack_library, "write_pack_folder", write_then_fail)
    with pytest.raises(PackError, match=r"the pack could not be written \(No space left on device\)$"):
        import_pack(MOONS_GRAVE, source)
    assert not own_packs_folder.exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["good.zip"]
    monkeypatch.setattr(pack_library, "write_pack_folder", real_write)
    first = import_pack(MOONS_GRAVE, source)
    monkeypatch.setattr(pack_library, "write_pack_folder", write_then_fail)
    with pytest.raises(PackError):
        import_pack(MOONS_GRAVE, source)
    assert [p.name for p in game_folder(MOONS_GRAVE).iterdir()] == [first.name]  # the earlier pack, nothing more
