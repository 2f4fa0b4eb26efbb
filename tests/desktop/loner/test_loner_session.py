"""A session of Loner from the title screen: a Protagonist, a setup, two scenes, a conflict, the close, and the
journal exported; once by mouse and once by keyboard (issue 21)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QApplication, QFileDialog, QLineEdit, QWidget
from pytestqt.qtbot import QtBot

from rt0table.desktop.flow.mode_screen import ModeScreen
from rt0table.desktop.loner.creation_screen import ProtagonistScreen
from rt0table.desktop.loner.story_screen import PAGES, StoryScreen
from rt0table.desktop.main_window import MainWindow
from tests.helpers.flow_steps import current
from tests.helpers.widgets import click, tick_box
from tests.helpers.widgets import shoot as save

CTRL = Qt.KeyboardModifier.ControlModifier


def shoot(widget: QWidget, name: str) -> None:
    QApplication.processEvents()  # let the layouts settle before the picture
    save(widget, name)


HERO = {
    "name": "Ines Varga",
    "concept": "Disgraced Courier",
    "skill1": "Knows Every Back Road",
    "skill2": "Fast Talker",
    "frailty": "Owes Everyone",
    "gear1": "Battered Motorbike",
    "gear2": "Forged Papers",
}


@pytest.fixture
def window(qtbot: QtBot) -> Iterator[MainWindow]:
    main = MainWindow()
    main.resize(1280, 800)
    qtbot.addWidget(main)
    main.show()
    qtbot.waitExposed(main)
    main.activateWindow()
    yield main


def page(story: StoryScreen) -> str:
    return PAGES[story.pages.currentIndex()]


def type_into(qtbot: QtBot, edit: QLineEdit, text: str, by_mouse: bool) -> None:
    if by_mouse:
        click(qtbot, edit)
    qtbot.keyClicks(edit, text)


def press(
    qtbot: QtBot, widget: QWidget, key: Qt.Key, modifier: Qt.KeyboardModifier = Qt.KeyboardModifier.NoModifier
) -> None:
    qtbot.keyClick(widget, key, modifier)
    QApplication.processEvents()


def go(qtbot: QtBot, story: StoryScreen, name: str, by_mouse: bool) -> None:
    """Press a page's main button: a click, or Ctrl+Return."""
    if by_mouse:
        click(qtbot, story.findChild(QWidget, name))  # type: ignore[arg-type]
    else:
        press(qtbot, story, Qt.Key.Key_Return, CTRL)


def settle(qtbot: QtBot, story: StoryScreen, by_mouse: bool) -> None:
    """Roll a Twist that came due, and play a Meanwhile the transition rolled: the dice decide whether they come."""
    while page(story) in ("twist", "meanwhile"):
        if page(story) == "twist":
            go(qtbot, story, "loner-twist", by_mouse)
        else:
            type_into(qtbot, story.holder_new, "On the Trail", by_mouse)
            press(qtbot, story.holder_new, Qt.Key.Key_Return) if not by_mouse else click(
                qtbot,
                story.findChild(QWidget, "loner-meanwhile"),  # type: ignore[arg-type]
            )


def frame(qtbot: QtBot, story: StoryScreen, where: str, who: str, goal: str, by_mouse: bool) -> None:
    settle(qtbot, story, by_mouse)
    for edit, text in ((story.where, where), (story.who, who), (story.goal, goal)):
        type_into(qtbot, edit, text, by_mouse)
    if by_mouse:
        click(qtbot, story.findChild(QWidget, "loner-open-scene"))  # type: ignore[arg-type]
    else:
        press(qtbot, story.goal, Qt.Key.Key_Return)
    assert page(story) == "scene", story.problem_line.text()


def ask(qtbot: QtBot, story: StoryScreen, question: str, helps: str, by_mouse: bool) -> None:
    type_into(qtbot, story.question, question, by_mouse)
    type_into(qtbot, story.tags_for, helps, by_mouse)
    assert "Advantage" in story.odds.text() or "d8" in story.odds.text()
    before = len(story.lines())
    if by_mouse:
        click(qtbot, story.findChild(QWidget, "loner-ask"))  # type: ignore[arg-type]
    else:
        press(qtbot, story.tags_for, Qt.Key.Key_Return)
    assert question in story.lines()[before].text
    settle(qtbot, story, by_mouse)


def close(qtbot: QtBot, story: StoryScreen, outcome: str, by_mouse: bool) -> None:
    type_into(qtbot, story.outcome, outcome, by_mouse)
    if by_mouse:
        click(qtbot, story.findChild(QWidget, "loner-close"))  # type: ignore[arg-type]
    else:
        press(qtbot, story.outcome, Qt.Key.Key_Return)
    assert page(story) in ("closing", "twist"), story.problem_line.text()
    settle(qtbot, story, by_mouse)
    go(qtbot, story, "loner-transition", by_mouse)
    assert story.state.phase == "open" and story.state.next_kind


def play_session(
    qtbot: QtBot, window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, by_mouse: bool
) -> StoryScreen:
    monkeypatch.setattr("rt0table.desktop.loner.loner_entry.random.randrange", lambda a, b: 11)  # the game's seed
    click(qtbot, window.title_screen.buttons["new"]) if by_mouse else window.title_screen.buttons["new"].click()
    mode = current(window)
    assert isinstance(mode, ModeScreen)
    if by_mouse:
        click(qtbot, mode.game_buttons["loner"])
    else:
        mode.game_buttons["loner"].setFocus()
        press(qtbot, mode.game_buttons["loner"], Qt.Key.Key_Space)
    creation = current(window)
    assert isinstance(creation, ProtagonistScreen) and not creation.start_button.isEnabled()
    for name, text in HERO.items():
        type_into(qtbot, creation.fields[name], text, by_mouse)
    if by_mouse:
        tick_box(qtbot, creation.build_setup)
        shoot(window, "loner-creation")
        click(qtbot, creation.start_button)
    else:
        press(qtbot, creation.fields["gear2"], Qt.Key.Key_Return)  # no setup: drop straight into a scene
    story = current(window)
    assert isinstance(story, StoryScreen)
    assert story.state.protagonist.name == "Ines Varga" and story.state.protagonist.luck == 6
    assert bool(story.state.premise) is by_mouse

    # Scene 1: framed, one question, closed, the transition rolled.
    frame(qtbot, story, "a flooded underpass", "Ines and a nervous client", "hand over the parcel", by_mouse)
    ask(qtbot, story, "Does the client pay in full?", "Fast Talker", by_mouse)
    close(qtbot, story, "the parcel changed hands", by_mouse)

    # Scene 2: someone recurring gets a sheet, and a Harm & Luck conflict is fought to its end.
    type_into(qtbot, story.npc_name, "Warden Hale", by_mouse)
    type_into(qtbot, story.npc_concept, "Tireless Customs Officer", by_mouse)
    if by_mouse:
        click(qtbot, story.findChild(QWidget, "loner-add-npc"))  # type: ignore[arg-type]
    else:
        press(qtbot, story.npc_concept, Qt.Key.Key_Return)
    assert [c.name for c in story.state.npcs] == ["Warden Hale"]
    frame(qtbot, story, "the customs shed", "Warden Hale", "get the bike back", by_mouse)
    item = story.opponents.item(0)
    if by_mouse:
        rect = story.opponents.visualItemRect(item)
        box = rect.topLeft() + QPoint(rect.height() // 2 + 2, rect.height() // 2)  # the item's check box
        qtbot.mouseClick(story.opponents.viewport(), Qt.MouseButton.LeftButton, pos=box)
        assert item.checkState() == Qt.CheckState.Checked
        click(qtbot, story.findChild(QWidget, "loner-start-conflict"))  # type: ignore[arg-type]
    else:
        story.opponents.setCurrentRow(0)
        press(qtbot, story.opponents, Qt.Key.Key_Space)
        assert item.checkState() == Qt.CheckState.Checked
        press(qtbot, story.opponents, Qt.Key.Key_Return)
    assert page(story) == "conflict", story.problem_line.text()
    assert story.luck.rows == [("Ines Varga", 6, True), ("Warden Hale", 6, False)]
    assert "deal 3: 1/12" in story.damage.text() and "loses it: 0" in story.damage.text()
    shoot(window, "loner-conflict" + ("" if by_mouse else "-keys"))
    counter = story.state.counter
    while story.state.phase == "conflict":
        go(qtbot, story, "loner-strike", by_mouse)
        assert story.state.counter == counter  # the Twist Counter is off in a conflict
    ending = story.lines()[-1].text
    assert ("won" in ending or "lost" in ending) and "Luck resets to 6" in ending
    assert story.state.protagonist.luck == 6
    close(qtbot, story, "the bike is back, or it is not", by_mouse)

    # The close of the session, and the journal exported.
    settle(qtbot, story, by_mouse)
    if by_mouse:
        click(qtbot, story.findChild(QWidget, "loner-end-session"))  # type: ignore[arg-type]
    else:
        story.findChild(QWidget, "loner-end-session").setFocus()  # type: ignore[union-attr]
        press(qtbot, story.findChild(QWidget, "loner-end-session"), Qt.Key.Key_Space)  # type: ignore[arg-type]
    assert story.state.phase == "between"
    target = tmp_path / "journal.md"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *args, **kwargs: (str(target), ""))
    if by_mouse:
        click(qtbot, story.findChild(QWidget, "loner-export"))  # type: ignore[arg-type]
    else:
        press(qtbot, story, Qt.Key.Key_E, CTRL)
    text = target.read_text(encoding="utf-8")
    assert text.startswith("# Ines Varga\n")
    assert "## Scene 1 (dramatic)" in text or "## Scene 1 (quiet)" in text
    assert "Does the client pay in full?" in text and "Session 1 ends." in text
    assert "Luck resets to 6" in text
    return story


@pytest.mark.rule("LONER-PC-STEPS", "LONER-FRAME", "LONER-CLOSE", "LONER-TRANSITION", "LONER-HL-TWIST-OFF")
@pytest.mark.rule("LONER-WORLD-NPC", "LONER-WORLD-LOCATION")
def test_a_session_by_mouse(qtbot: QtBot, window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    story = play_session(qtbot, window, tmp_path, monkeypatch, by_mouse=True)
    # Between sessions, the Living World: a relationship, what an NPC wants now, a place.
    type_into(qtbot, story.bond, "Grudging Respect", True)
    click(qtbot, story.findChild(QWidget, "loner-set-bond"))  # type: ignore[arg-type]
    type_into(qtbot, story.wants, "Catch Ines red-handed", True)
    click(qtbot, story.findChild(QWidget, "loner-set-wants"))  # type: ignore[arg-type]
    type_into(qtbot, story.place_name, "The customs shed", True)
    type_into(qtbot, story.place_tag, "Under Watch", True)
    click(qtbot, story.findChild(QWidget, "loner-note-place"))  # type: ignore[arg-type]
    hale = story.state.character("warden-hale")
    assert story.state.protagonist.relationships == (("warden-hale", "Grudging Respect"),)
    assert hale is not None and hale.goal == "Catch Ines red-handed"
    assert [(p.name, p.tag) for p in story.state.places] == [("The customs shed", "Under Watch")]
    shoot(window, "loner-between")
    assert story.state.session == 1


@pytest.mark.rule("LONER-PC-STEPS", "LONER-FRAME", "LONER-CLOSE", "LONER-TRANSITION", "LONER-HL-TWIST-OFF")
def test_a_session_by_keyboard(
    qtbot: QtBot, window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    story = play_session(qtbot, window, tmp_path, monkeypatch, by_mouse=False)
    press(qtbot, story, Qt.Key.Key_Return, CTRL)  # the between-sessions page's main button: the next session
    assert story.state.session == 2 and story.state.phase == "open"
    press(qtbot, story, Qt.Key.Key_Z, CTRL)  # beginning a session rolled nothing: it can be taken back
    assert story.state.phase == "between"
