"""The party list: a finished character can be edited within the rules (its Report Card opens with its choices,
Finish puts it back in its place, checked against the others), the entries stand apart, and showing the Eddy's
skills does not move the list. Real clicks; the Party is checked."""

from __future__ import annotations

from pytestqt.qtbot import QtBot

from rt0table.desktop.characters.party_editor import PartyEditor
from rt0table.desktop.flow.quick_start import ready_party
from rt0table.rules.rt0.traits import Skill
from tests.helpers.widgets import click, named


def editor(qtbot: QtBot) -> PartyEditor:
    made = PartyEditor(ready_party())
    qtbot.addWidget(made)
    made.resize(1280, 800)
    made.show()
    qtbot.waitExposed(made)
    return made


def test_a_finished_character_is_edited_within_the_rules(qtbot: QtBot) -> None:
    party_editor = editor(qtbot)
    before = party_editor.party.characters
    assert not party_editor.edit_button.isEnabled()
    party_editor.members.setCurrentRow(1)
    click(qtbot, party_editor.edit_button)
    page = party_editor.creation
    assert page is not None and page.draft.name == "Mira" and page.draft.failed is Skill.FINAID
    click(qtbot, named(page, "failed-law"))
    click(qtbot, page.finish_button)
    after = party_editor.party.characters
    assert after[0] == before[0] and after[1].name == "Mira" and after[1].failed_skills == (Skill.LAW,)
    assert party_editor.party.problems() == [] and party_editor.creation is None


def test_the_eddy_skills_do_not_move_the_list(qtbot: QtBot) -> None:
    party_editor = editor(qtbot)
    top = party_editor.done_button.mapTo(party_editor, party_editor.done_button.rect().topLeft())
    click(qtbot, party_editor.eddy_button)
    assert party_editor.eddy_strip.isVisible()
    assert party_editor.done_button.mapTo(party_editor, party_editor.done_button.rect().topLeft()) == top
    assert party_editor.members.spacing() > 0
