"""The printable sheet: a PDF on disk, and the same page drawn as an image to look at."""

from __future__ import annotations

from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from rt0table.desktop.loner.loner_sheet_pdf import sheet_html, sheet_image, write_sheet_pdf
from rt0table.rules.loner import loner_actions as la
from rt0table.rules.loner.loner_seam import RULES
from rt0table.rules.loner.loner_state import LonerSetup, LonerState
from rt0table.rules.loner.protagonist import Character, ProtagonistDraft, make_protagonist
from tests.helpers.widgets import SCREENSHOTS


def played() -> LonerState:
    hero = make_protagonist(
        ProtagonistDraft(
            "Zahra <Nakajima>",
            "Witty Street Cat",
            ("Streetwise", "Nimble"),
            "Merciful",
            ("Knife", "Low O2 Supplement"),
            "Obtain unknown technology",
            "Her home's survival",
            "The Naturalist Order",
        )
    )
    skylark = Character("skylark", "The Century Skylark", "Spacecraft in bad shape", ("Hyperjump Drive",), living=False)
    state, _ = RULES.new_state(LonerSetup(hero, (Character("rael", "Rael", "Corporate Fixer"), skylark)), 4)
    for action in (
        la.SetRelationship("protagonist", "rael", "Useful Ambiguity"),
        la.ChangeTag("protagonist", "tag", "", "Wounded Leg"),
        la.NoteLocation("Leton Site", "Decommissioned"),
        la.NoteEvent("The Leak", "Every fixer wants the datapad"),
    ):
        state, _ = RULES.apply(state, action)
    return state


@pytest.mark.rule("LONER-REL", "LONER-NPC")
def test_the_sheet_holds_every_step_and_escapes_what_was_typed(qtbot: QtBot, tmp_path: Path) -> None:
    state = played()
    html = sheet_html(state)
    assert "Zahra &lt;Nakajima&gt;" in html and "Rael: Useful Ambiguity" in html and "Wounded Leg" in html
    skylark = html[html.index("The Century Skylark") :]
    assert "Goal" not in skylark.split("</table>")[0]  # an object's sheet has no Goal, Motive or Nemesis
    pdf = tmp_path / "sheet.pdf"
    write_sheet_pdf(state, pdf)
    data = pdf.read_bytes()
    assert data.startswith(b"%PDF") and len(data) > 2000
    image = sheet_image(state)
    assert image.height() > 600
    SCREENSHOTS.mkdir(exist_ok=True)
    assert image.save(str(SCREENSHOTS / "loner-sheet.png"))


def test_a_sheet_that_cannot_be_written_is_an_error_and_leaves_no_file(qtbot: QtBot, tmp_path: Path) -> None:
    target = tmp_path / "missing-folder" / "sheet.pdf"
    with pytest.raises(OSError):
        write_sheet_pdf(played(), target)
    assert not target.exists()


@pytest.mark.rule("LONER-ENSEMBLE-LUCK")
def test_ensemble_npcs_join_a_new_game_with_six_luck_and_a_bad_file_is_named(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import json

    from PySide6.QtWidgets import QFileDialog

    from rt0table.desktop.loner.creation_screen import ProtagonistScreen
    from tests.helpers.widgets import click

    screen = ProtagonistScreen()
    qtbot.addWidget(screen)
    screen.show()
    good = tmp_path / "harbour.json"
    npc = {"name": "Warden Hale", "concept": "Customs Officer", "luck": 8}
    good.write_text(json.dumps({"format": 1, "title": "Harbour", "npcs": [npc]}), encoding="utf-8")
    bad = tmp_path / "broken.json"
    bad.write_text(json.dumps({"format": 1, "title": "Broken", "npcs": [{"name": "Hale"}]}), encoding="utf-8")
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *args, **kwargs: (str(bad), ""))
    click(qtbot, screen.import_button)
    assert "broken.json: entry 'Hale', field 'concept'" in screen.imported_line.text() and screen.npcs == ()
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *args, **kwargs: (str(good), ""))
    click(qtbot, screen.import_button)
    assert "Luck 8 reset to 6" in screen.imported_line.text()
    for name, text in (("name", "Ines"), ("concept", "Courier"), ("skill1", "Back Roads"), ("skill2", "Talker")):
        qtbot.keyClicks(screen.fields[name], text)
    for name, text in (("frailty", "Owes Everyone"), ("gear1", "Motorbike"), ("gear2", "Papers")):
        qtbot.keyClicks(screen.fields[name], text)
    with qtbot.waitSignal(screen.ready) as started:
        click(qtbot, screen.start_button)
    setup = started.args[0]
    assert [(n.name, n.luck) for n in setup.npcs] == [("Warden Hale", 6)]
