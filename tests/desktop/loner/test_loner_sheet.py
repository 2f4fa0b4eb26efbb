"""The printable sheet: a PDF on disk, and the same page drawn as an image to look at."""

from __future__ import annotations

from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from rt0table.desktop.loner.sheet_pdf import sheet_html, sheet_image, write_sheet_pdf
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
