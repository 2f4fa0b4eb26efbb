"""The Moon's Grave creation wizard, by mouse and by keyboard, with every refusal it shows; the sheet and its PDF."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication, QCheckBox, QDialog, QFileDialog, QLabel, QRadioButton
from pytestqt.qtbot import QtBot

from rt0table.desktop.moons_grave.character_sheet import CharacterSheet
from rt0table.desktop.moons_grave.creation_wizard import CreationWizard, create_character
from rt0table.desktop.moons_grave.sheet_pdf import sheet_image
from rt0table.rules.moons_grave.mg_book import STATS, TALENTS
from rt0table.rules.moons_grave.mg_character import Character
from rt0table.rules.moons_grave.mg_creation import (
    ChooseClass,
    ChooseEmployer,
    ChooseFlaw,
    ChoosePackage,
    ChoosePerk,
    ChooseWeaponPerk,
    CreationAction,
    RaiseStat,
    StatsDone,
    apply_creation,
    finish,
    start,
)
from rt0table.rules.moons_grave.mg_quick_start import house_content, premade
from tests.helpers.widgets import click, named, shoot, tick_box

LETTER = {stat: getattr(Qt.Key, f"Key_{stat[0]}") for stat in STATS}


@pytest.fixture
def wizard(qtbot: QtBot) -> CreationWizard:
    widget = CreationWizard(house_content())
    qtbot.addWidget(widget)
    widget.resize(1280, 800)
    widget.show()
    qtbot.waitExposed(widget)
    return widget


def made(name: str, actions: list[CreationAction]) -> Character:
    """The same choices through the rules alone, to compare with what the wizard made."""
    content, draft = house_content(), start(name)
    for action in actions:
        draft = apply_creation(content, draft, action)
    return finish(content, draft)


def refusal(wizard: CreationWizard) -> str:
    return wizard.refusal.text()


def level(wizard: CreationWizard, stat: str) -> str:
    return re.sub("<[^>]+>", "", named(wizard, f"level-{stat}").text())  # type: ignore[attr-defined]


def talent(wizard: CreationWizard, name: str) -> int:
    return int(re.sub("<[^>]+>", "", named(wizard, f"talent-{name}").text()))  # type: ignore[attr-defined]


def radio(wizard: CreationWizard, name: str) -> QRadioButton:
    found = named(wizard, name)
    assert isinstance(found, QRadioButton)
    return found


@pytest.mark.rule("MG-CHR-STEPS", "MG-TALENT-DERIVE", "MG-FOLLOWER-START", "MG-STAT-LEFTOVER", "MG-PERK-FREE5")
def test_a_whole_character_by_mouse(qtbot: QtBot, wizard: CreationWizard) -> None:
    next_button = named(wizard, "creation-next")
    qtbot.mouseClick(wizard.name, Qt.MouseButton.LeftButton)
    qtbot.keyClicks(wizard.name, "Ash")
    shoot(wizard, "mg-wizard-employer-1280")
    click(qtbot, radio(wizard, "employer-tilda"))
    click(qtbot, next_button)
    assert wizard.page() == "stats" and level(wizard, "Beckon") == "3"
    for stat in ("Grace", "Endurance", "Awareness", "Grace"):
        click(qtbot, named(wizard, f"raise-{stat}"))
    assert [level(wizard, s) for s in STATS] == ["3", "3", "2", "3", "4", "2"]
    assert named(wizard, "build-points").text() == "Build Points left: 17 of 30"  # type: ignore[attr-defined]
    assert talent(wizard, "Initiative") == 3 and talent(wizard, "Strike") == 2  # the lower of the two
    assert "Follower tokens: ●●● 3" in named(wizard, "follower-tokens").text()  # type: ignore[attr-defined]
    shoot(wizard, "mg-wizard-stats-1280")
    click(qtbot, next_button)
    click(qtbot, radio(wizard, "class-assassin"))
    qtbot.mouseClick(named(wizard, "follower-kind"), Qt.MouseButton.LeftButton)
    qtbot.keyClicks(named(wizard, "follower-kind"), "alley cats")
    click(qtbot, next_button)
    click(qtbot, radio(wizard, "package-skirmisher"))
    click(qtbot, next_button)
    assert wizard.page() == "weapon_perks"
    click(qtbot, radio(wizard, "weapon-perk-bow-aimed-shot"))
    click(qtbot, next_button)
    assert refusal(wizard) == "✗ Pick a free perk for each weapon: Knives still waits."
    click(qtbot, radio(wizard, "weapon-perk-knives-feint"))
    click(qtbot, next_button)
    assert wizard.page() == "perks"
    assert "Vanish" in named(wizard, "free-perks").text()  # type: ignore[attr-defined]
    assert not named(wizard, "perk-vanish").isVisible() and not named(wizard, "perk-battle-cry").isVisible()
    for perk in ("sidestep", "press-on", "knife-in-the-dark", "second-wind", "cull-the-rabble"):
        box = named(wizard, f"perk-{perk}")
        assert isinstance(box, QCheckBox)
        tick_box(qtbot, box)
    assert named(wizard, "perk-count").text() == "5 of 5 chosen"  # type: ignore[attr-defined]
    click(qtbot, next_button)
    click(qtbot, radio(wizard, "flaw-Shy"))
    assert named(wizard, "flaw-preview").text() == "Awareness 3 → 4; talents: Parry 3 → 4."  # type: ignore[attr-defined]
    click(qtbot, radio(wizard, "flaw-Spineless"))
    assert named(wizard, "flaw-preview").text() == "Beckon 3 → 4; no talent changes."  # type: ignore[attr-defined]
    click(qtbot, radio(wizard, "flaw-Spiteful"))
    assert named(wizard, "flaw-preview").text() == (  # type: ignore[attr-defined]
        "Endurance 3 → 4; talents: Initiative 3 → 4."
    )
    click(qtbot, radio(wizard, "flaw-Shy"))
    click(qtbot, next_button)
    assert wizard.page() == "done"
    qtbot.wait(20)
    shoot(wizard, "mg-wizard-done-1280")
    click(qtbot, next_button)
    assert wizard.result() == QDialog.DialogCode.Accepted
    expected = made(
        "Ash",
        [
            ChooseEmployer("tilda"),
            *(RaiseStat(s) for s in ("Grace", "Endurance", "Awareness", "Grace")),
            StatsDone(),
            ChooseClass("assassin", "alley cats"),
            ChoosePackage("skirmisher"),
            ChooseWeaponPerk("bow-aimed-shot"),
            ChooseWeaponPerk("knives-feint"),
            *(ChoosePerk(p) for p in ("sidestep", "press-on", "knife-in-the-dark", "second-wind", "cull-the-rabble")),
            ChooseFlaw("Shy"),
        ],
    )
    assert wizard.character == expected
    assert expected.experience == 17 and expected.stat("Awareness") == 4 and expected.talents()["Initiative"] == 3
    assert set(expected.perks) >= {"vanish", "linen-slip", "bow-aimed-shot", "knives-feint"}


def key(qtbot: QtBot, wizard: CreationWizard, which: Qt.Key, modifier: Qt.KeyboardModifier | None = None) -> None:
    """One key to whatever has the focus, then the events a person's pause between keys would let run."""
    target = QApplication.focusWidget() or wizard
    if modifier is None:
        qtbot.keyClick(target, which)
    else:
        qtbot.keyClick(target, which, modifier)
    qtbot.wait(1)


@pytest.mark.rule("MG-CHR-STEPS", "MG-FLAW", "MG-TALENT-RECALC")
def test_a_whole_character_by_keyboard(qtbot: QtBot, wizard: CreationWizard) -> None:
    K = Qt.Key
    key(qtbot, wizard, K.Key_A, Qt.KeyboardModifier.AltModifier)  # N&ame
    assert QApplication.focusWidget() is wizard.name
    qtbot.keyClicks(wizard.name, "Wren")
    key(qtbot, wizard, K.Key_Tab)
    assert QApplication.focusWidget() is radio(wizard, "employer-hillana")
    key(qtbot, wizard, K.Key_Space)  # Space picks the one with the focus, then arrows move the pick
    key(qtbot, wizard, K.Key_Down)
    key(qtbot, wizard, K.Key_Down)
    assert radio(wizard, "employer-kendritha").isChecked()
    key(qtbot, wizard, K.Key_Return)
    assert wizard.page() == "stats" and level(wizard, "Endurance") == "3"
    for stat in ("Power", "Power", "Grace", "Awareness", "Awareness"):
        key(qtbot, wizard, LETTER[stat])
    key(qtbot, wizard, LETTER["Awareness"], Qt.KeyboardModifier.ShiftModifier)  # take one back
    assert [level(wizard, s) for s in STATS] == ["3", "2", "2", "3", "3", "4"]
    assert named(wizard, "build-points").text() == "Build Points left: 17 of 30"  # type: ignore[attr-defined]
    key(qtbot, wizard, K.Key_Return)
    assert wizard.page() == "class"
    key(qtbot, wizard, K.Key_Space)
    key(qtbot, wizard, K.Key_Down)
    assert radio(wizard, "class-mystic").isChecked()
    key(qtbot, wizard, K.Key_F, Qt.KeyboardModifier.AltModifier)  # &followers
    qtbot.keyClicks(QApplication.focusWidget(), "moths")
    key(qtbot, wizard, K.Key_Return)
    assert wizard.page() == "gear"
    key(qtbot, wizard, K.Key_Space)
    for _ in range(2):
        key(qtbot, wizard, K.Key_Down)
    assert radio(wizard, "package-guardian").isChecked()
    key(qtbot, wizard, K.Key_Return)
    assert wizard.page() == "weapon_perks"
    key(qtbot, wizard, K.Key_Space)
    key(qtbot, wizard, K.Key_Down)
    assert radio(wizard, "weapon-perk-spear-lunge").isChecked()
    key(qtbot, wizard, K.Key_Return)
    assert wizard.page() == "perks"
    chosen = []
    for place in range(5):
        if place:
            key(qtbot, wizard, K.Key_Tab)
        focus = QApplication.focusWidget()
        assert isinstance(focus, QCheckBox)
        key(qtbot, wizard, K.Key_Space)
        chosen.append(focus.objectName().removeprefix("perk-"))
    assert named(wizard, "perk-count").text() == "5 of 5 chosen"  # type: ignore[attr-defined]
    key(qtbot, wizard, K.Key_Return)
    assert wizard.page() == "flaw"
    key(qtbot, wizard, K.Key_Space)
    assert radio(wizard, "flaw-Aloof").isChecked()
    key(qtbot, wizard, K.Key_Return)
    assert wizard.page() == "done"
    key(qtbot, wizard, K.Key_Return)
    assert wizard.result() == QDialog.DialogCode.Accepted
    steps: list[CreationAction] = [ChooseEmployer("kendritha")]
    steps += [RaiseStat(s) for s in ("Power", "Power", "Grace", "Awareness")]
    steps += [StatsDone(), ChooseClass("mystic", "moths"), ChoosePackage("guardian"), ChooseWeaponPerk("spear-lunge")]
    steps += [*(ChoosePerk(p) for p in chosen), ChooseFlaw("Aloof")]
    expected = made("Wren", steps)
    assert wizard.character == expected
    assert expected.stat("Grace") == 4 and expected.talent("Strike") == 4  # Grace 3 + Aloof, Power 4


@pytest.mark.rule("MG-STAT-BUY", "MG-STAT-START")
def test_every_build_point_refusal_is_shown_and_changes_nothing(qtbot: QtBot, wizard: CreationWizard) -> None:
    click(qtbot, named(wizard, "creation-next"))
    assert refusal(wizard) == "✗ Pick the employer who hired you."
    click(qtbot, radio(wizard, "employer-hillana"))
    click(qtbot, named(wizard, "creation-next"))
    for _ in range(5):  # Awareness 3, 4, 5, 6, 7: 25 points
        click(qtbot, named(wizard, "raise-Awareness"))
    assert named(wizard, "build-points").text() == "Build Points left: 5 of 30"  # type: ignore[attr-defined]
    click(qtbot, named(wizard, "raise-Awareness"))
    assert refusal(wizard) == "✗ Raising Awareness to 8 costs 8 Build Points; only 5 are left."
    assert level(wizard, "Awareness") == "7"
    qtbot.wait(20)
    shoot(wizard, "mg-wizard-refusal-1280")
    click(qtbot, named(wizard, "raise-Beckon"))
    assert refusal(wizard) == "" and level(wizard, "Beckon") == "3"
    click(qtbot, named(wizard, "raise-Grace"))
    assert refusal(wizard) == "✗ Raising Grace to 3 costs 3 Build Points; only 2 are left."
    click(qtbot, named(wizard, "lower-Cunning"))
    assert refusal(wizard) == "✗ Cunning is at its starting level 3; only bought levels can be taken back."
    click(qtbot, named(wizard, "lower-Power"))
    assert refusal(wizard) == "✗ Power is at its starting level 2; only bought levels can be taken back."
    key(qtbot, wizard, LETTER["Grace"]) if wizard.pages.currentWidget().isAncestorOf(
        QApplication.focusWidget()
    ) else None
    assert [level(wizard, s) for s in STATS] == ["7", "3", "3", "2", "2", "2"]
    assert named(wizard, "build-points").text() == "Build Points left: 2 of 30"  # type: ignore[attr-defined]
    click(qtbot, named(wizard, "lower-Awareness"))  # taking a level back pays its points back
    assert refusal(wizard) == "" and named(wizard, "build-points").text() == "Build Points left: 9 of 30"  # type: ignore[attr-defined]


def test_the_other_refusals_and_the_back_button(qtbot: QtBot, wizard: CreationWizard) -> None:
    content = house_content()
    wizard.take(ChooseEmployer("antoinne"), RaiseStat("Grace"), StatsDone())
    click(qtbot, named(wizard, "creation-next"))
    assert refusal(wizard) == "✗ Pick a class."
    click(qtbot, named(wizard, "creation-back"))
    assert wizard.page() == "stats" and level(wizard, "Grace") == "3"  # the stats bought are kept
    wizard.take(StatsDone(), ChooseClass("warrior"), ChoosePackage("duelist"))
    click(qtbot, radio(wizard, "weapon-perk-sword-riposte"))
    click(qtbot, radio(wizard, "weapon-perk-knives-feint"))
    click(qtbot, named(wizard, "creation-next"))
    assert wizard.page() == "perks"
    click(qtbot, named(wizard, "creation-back"))  # back to the weapon perks, which start over and apply again
    assert wizard.page() == "weapon_perks" and wizard.draft.weapon_perks == ()
    click(qtbot, radio(wizard, "weapon-perk-sword-flourish"))
    click(qtbot, named(wizard, "creation-next"))
    assert wizard.page() == "perks" and wizard.draft.weapon_perks == ("sword-flourish", "knives-feint")
    for perk in ("sidestep", "press-on", "heavy-hand", "second-wind"):
        tick_box(qtbot, named(wizard, f"perk-{perk}"))  # type: ignore[arg-type]
    click(qtbot, named(wizard, "creation-next"))
    assert refusal(wizard) == "✗ Choose all 5 perks first (4 so far)."
    tick_box(qtbot, named(wizard, "perk-rousing-call"))  # type: ignore[arg-type]
    sixth = named(wizard, "perk-cull-the-rabble")
    assert isinstance(sixth, QCheckBox)
    qtbot.mouseClick(sixth, Qt.MouseButton.LeftButton, pos=sixth.rect().topLeft() + sixth.rect().center() / 4)
    assert refusal(wizard) == "✗ You already have your 5 perks; drop one to take another."
    assert not sixth.isChecked() and wizard.draft.perks == (
        "sidestep",
        "press-on",
        "heavy-hand",
        "second-wind",
        "rousing-call",
    )
    click(qtbot, named(wizard, "creation-next"))
    click(qtbot, named(wizard, "creation-next"))
    assert refusal(wizard) == "✗ Pick a flaw, or name your own and the stat the GM gives it."
    qtbot.mouseClick(named(wizard, "custom-flaw-name"), Qt.MouseButton.LeftButton)
    qtbot.keyClicks(named(wizard, "custom-flaw-name"), "Sleepwalker")
    click(qtbot, named(wizard, "creation-next"))
    assert refusal(wizard).startswith("✗ A custom flaw needs the core stat the GM gives it")
    named(wizard, "custom-flaw-stat").setCurrentIndex(STATS.index("Cunning") + 1)  # type: ignore[attr-defined]
    click(qtbot, named(wizard, "creation-next"))
    assert wizard.page() == "done"
    click(qtbot, named(wizard, "creation-next"))
    assert refusal(wizard) == "✗ Give the character a name (the box at the top)."
    qtbot.keyClicks(wizard.name, "Moss")
    click(qtbot, named(wizard, "creation-next"))
    assert wizard.character is not None and wizard.character.flaw == "Sleepwalker"
    assert wizard.character.stat("Cunning") == 2 + 1 and content.employer("antoinne").raises == "Power"


def test_create_character_returns_the_character_or_none(qtbot: QtBot) -> None:
    def cancel() -> None:
        dialog = QApplication.activeModalWidget()
        assert isinstance(dialog, CreationWizard)
        dialog.reject()

    QTimer.singleShot(0, cancel)
    assert create_character(None, house_content()) is None

    def make() -> None:
        dialog = QApplication.activeModalWidget()
        assert isinstance(dialog, CreationWizard)
        dialog.name.setText("Vex")
        dialog.take(ChooseEmployer("hillana"), *(RaiseStat(s) for s in ("Awareness", "Grace", "Power", "Endurance")))
        dialog.take(StatsDone(), ChooseClass("warrior"), ChoosePackage("duelist"))
        dialog.take(ChooseWeaponPerk("sword-flourish"), ChooseWeaponPerk("knives-flurry"))
        dialog.take(*(ChoosePerk(p) for p in ("sidestep", "press-on", "heavy-hand", "second-wind", "rousing-call")))
        dialog.take(ChooseFlaw("Stubborn"))
        dialog.make_character()

    QTimer.singleShot(0, make)
    assert create_character(None, house_content().pack) == premade("Vex")


def test_the_sheet_shows_the_character_and_prints_a_pdf(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    content, character = house_content(), premade("Vex")
    sheet = CharacterSheet(content, character)
    qtbot.addWidget(sheet)
    sheet.resize(1280, 800)
    sheet.show()
    qtbot.waitExposed(sheet)
    for name in TALENTS:
        label = named(sheet, f"sheet-talent-{name}")
        assert isinstance(label, QLabel) and label.text() == f"<b>{character.talent(name)}</b>"
    assert named(sheet, "sheet-stat-Endurance").text() == "<b>4</b>"  # type: ignore[attr-defined]  # 3 + Stubborn
    assert "●● 2" in named(sheet, "sheet-followers").text()  # type: ignore[attr-defined]
    assert "Sword: roll Strike (3 dice) against the target's Parry" in named(sheet, "sheet-gear").text()  # type: ignore[attr-defined]
    shoot(sheet, "mg-sheet-1280")
    target = tmp_path / "vex.pdf"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *_a, **_k: (str(target), ""))
    click(qtbot, named(sheet, "sheet-print"))
    data = target.read_bytes()
    assert data.startswith(b"%PDF") and len(re.findall(rb"/Type\s*/Page\b(?!s)", data)) == 1
    assert sorted(p.name for p in tmp_path.iterdir()) == ["vex.pdf"]
    assert named(sheet, "sheet-note").text() == f"Printed to {target}."  # type: ignore[attr-defined]
    image = sheet_image(content, character)
    assert (image.width(), image.height()) == (2480, 3508)  # A4 at the PDF's 300 dpi
    unwritable = tmp_path / "missing" / "vex.pdf"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *_a, **_k: (str(unwritable), ""))
    click(qtbot, named(sheet, "sheet-print"))
    assert named(sheet, "sheet-note").text().startswith("✗ vex.pdf: not written")  # type: ignore[attr-defined]
    assert not unwritable.parent.exists()
