"""Loner's undo goes through the seam's session and reaches exactly as far as before: back over steps that rolled
nothing, never over one that rolled dice (the ruleset's ``reveals``), and an undo the save cannot take is not made."""

from __future__ import annotations

from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from rt0table.desktop.loner.loner_game import start_story
from rt0table.desktop.saves import SaveError
from rt0table.desktop.seam_session import SeamSession
from rt0table.rules.loner import loner_actions as la
from rt0table.rules.loner.loner_actions import REVEALING, LonerEvent
from rt0table.rules.loner.loner_seam import RULES
from rt0table.rules.loner.loner_state import LonerSetup
from rt0table.rules.loner.protagonist import ProtagonistDraft, make_protagonist

HERO = make_protagonist(
    ProtagonistDraft("Zahra", "Street Cat", ("Streetwise", "Nimble"), "Merciful", ("Knife", "Mask"))
)
FRAME = la.FrameScene("dramatic", "a transit hub", "two enforcers", "lose the tail")
TAG = la.ChangeTag("protagonist", "tag", "", "Soaked")


def session() -> tuple[SeamSession, list[str]]:
    state, _ = RULES.new_state(LonerSetup(HERO), 7)
    played = SeamSession(RULES, state)
    said: list[str] = []
    played.refused.connect(said.append)
    return played, said


def test_the_ruleset_reveals_exactly_the_events_that_roll_dice() -> None:
    assert all(RULES.reveals(LonerEvent(kind, "")) for kind in REVEALING)
    assert not any(RULES.reveals(LonerEvent(kind, "")) for kind in ("begun", "framed", "tag", "closed", "session"))


def test_undo_takes_back_steps_that_rolled_nothing_but_stops_at_a_roll() -> None:
    played, said = session()
    opening = played.state
    assert played.submit(TAG) and played.submit(FRAME)
    assert played.undo() and played.undo() and played.state == opening and played.ply == 0
    assert not played.undo() and said == ["Nothing to undo yet."]
    assert played.submit(FRAME) and played.submit(la.Ask("Is it raining?")) and played.submit(TAG)
    assert played.undo() and played.ply == 2  # the tag goes; the question's dice stand, and the scene under them
    assert not played.undo() and "dice" in said[-1] and played.ply == 2


class Full:
    """A save that takes steps but has no room for an undo."""

    def record(self, step: object, state: object) -> None:
        pass

    def record_undo(self, step: object) -> None:
        raise SaveError(Path("full.rt0save"), "the undo could not be saved")

    def record_oracle(self, move: object, state: object) -> None:
        pass  # pragma: no cover


def test_an_undo_the_save_cannot_take_is_not_made() -> None:
    played, _ = session()
    played.recorder = Full()
    assert played.submit(TAG)
    kept = played.state
    with pytest.raises(SaveError, match="could not be saved"):
        played.undo()
    assert played.state == kept and played.ply == 1


class NoRoom(Full):
    """A save with no room for a step either."""

    def record(self, step: object, state: object) -> None:
        raise SaveError(Path("full.rt0save"), "the step could not be saved")


def test_the_story_screen_says_a_step_or_undo_was_not_made_when_the_save_cannot_take_it(qtbot: QtBot) -> None:
    story = start_story(None, LonerSetup(HERO), None, 7)
    qtbot.addWidget(story)
    assert story.act(TAG) and story.undo_button.isEnabled()
    kept, lines = story.state, story.lines()
    story.session.recorder = NoRoom()
    assert not story.act(FRAME)
    assert "not made" in story.problem_line.text() and story.state == kept and story.lines() == lines
    story.take_back()
    assert "undo was not made" in story.problem_line.text() and story.state == kept
    story.session.recorder = None
    story.take_back()
    assert story.problem_line.text() == "" and len(story.lines()) == 1 and not story.undo_button.isEnabled()
