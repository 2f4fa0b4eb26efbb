"""Demo mode on real widgets: every lesson played to its end by drags, clicks and keys; off-script moves;
presenter mode's step back and forward; the title screen's way in and out."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QPointF, Qt
from PySide6.QtTest import QTest
from pytestqt.qtbot import QtBot

from rt0table.desktop.demo.library import LessonEntry, load_entry, load_lessons
from rt0table.desktop.demo.screen import DemoScreen, LessonScreen
from rt0table.desktop.saves.funnel_step import Step
from rt0table.desktop.saves.loaded import StandInAnswer
from rt0table.desktop.table.bins import Glow
from rt0table.desktop.table.fight_session import LoneFight
from rt0table.desktop.table.settings import TableSettings
from rt0table.desktop.table.view import TableScreen
from rt0table.rules.rt0.content.lesson import remaining
from rt0table.rules.rt0.content.lesson_rules import EXPLAIN_ONLY
from rt0table.rules.rt0.content.scenario import observe
from rt0table.rules.rt0.fight.actions import Action, Choose, EndTurn, PlayCard
from rt0table.rules.rt0.fight.engine import refusal
from rt0table.rules.rt0.fight.events import Event
from rt0table.rules.rt0.fight.state import CombatState, Phase
from rt0table.rules.rt0.traits import Trait
from tests.desktop.conftest import SCREENSHOTS
from tests.helpers.widgets import shoot_widget

LEFT = Qt.MouseButton.LeftButton
ENTRIES = {entry.path.stem: entry for entry in load_lessons()}
SCRIPTED = sorted(name for name, entry in ENTRIES.items() if entry.lesson and not entry.lesson.sandbox)

MakeLesson = Callable[..., LessonScreen]
FunnelStep = Step[CombatState, Action, Event]


@pytest.fixture
def make_lesson(qtbot: QtBot) -> Iterator[MakeLesson]:
    screens: list[LessonScreen] = []

    def make(
        name: str | LessonEntry, presenter: bool = False, size: tuple[int, int] = (1280, 860), **settings: object
    ) -> LessonScreen:
        values: dict[str, object] = {"replay_step_ms": 0, "return_ms": 0, **settings}
        base = TableSettings(**values)  # type: ignore[arg-type]
        entry = name if isinstance(name, LessonEntry) else ENTRIES[name]  # a bundled lesson's name, or a crafted one
        screen = LessonScreen(entry, base, presenter, seed=7)
        qtbot.addWidget(screen)
        screen.resize(*size)
        screen.show()
        qtbot.waitExposed(screen)
        qtbot.wait(5)  # the highlight follows the first layout on the next turn of the event loop
        assert screen.table is not None
        screen.table.view.setFocus()
        screens.append(screen)
        return screen

    yield make
    for screen in screens:
        if screen.table is not None:
            QTest.mouseRelease(screen.table.view.viewport(), LEFT)


def table(screen: LessonScreen) -> TableScreen:
    assert screen.table is not None
    return screen.table


def at(screen: LessonScreen, point: QPointF):  # type: ignore[no-untyped-def]
    return table(screen).view.mapFromScene(point)


def card_item(screen: LessonScreen, card: int):  # type: ignore[no-untyped-def]
    return next(item for item in table(screen).scene.hand_items if item.card == card)


def perform(qtbot: QtBot, screen: LessonScreen, action: Action, how: str) -> None:
    """Carry out an action the way a player would: by a drag, by clicks, or by keys."""
    view = table(screen).view
    viewport = view.viewport()
    scene = table(screen).scene
    if isinstance(action, PlayCard):
        item = card_item(screen, action.card)
        target = scene.bins[action.ability].sceneBoundingRect().center()
        start = item.sceneBoundingRect().center()
        if how == "drag":
            qtbot.mousePress(viewport, LEFT, pos=at(screen, start))
            qtbot.mouseMove(viewport, pos=at(screen, start + QPointF(0, -30)))
            qtbot.mouseMove(viewport, pos=at(screen, target))
            qtbot.mouseRelease(viewport, LEFT, pos=at(screen, target))
        elif how == "click":
            qtbot.mouseClick(viewport, LEFT, pos=at(screen, start))
            qtbot.mouseClick(viewport, LEFT, pos=at(screen, target))
        else:
            qtbot.keyClick(view, Qt.Key(Qt.Key.Key_1 + scene.hand_items.index(item)))
            qtbot.keyClick(view, Qt.Key(ord(scene.bins[action.ability].letter)))
            qtbot.keyClick(view, Qt.Key.Key_Return)
    elif isinstance(action, Choose):
        if how == "keys" and action.option < 9:
            qtbot.keyClick(view, Qt.Key(Qt.Key.Key_1 + action.option))
        elif how == "keys":
            for _ in range(action.option):
                qtbot.keyClick(view, Qt.Key.Key_Tab)
            qtbot.keyClick(view, Qt.Key.Key_Return)
        else:
            button = scene.prompt.buttons[action.option]
            qtbot.mouseClick(viewport, LEFT, pos=at(screen, button.sceneBoundingRect().center()))
    elif isinstance(action, EndTurn):
        if how == "keys":
            qtbot.keyClick(view, Qt.Key.Key_E)
        else:
            qtbot.mouseClick(viewport, LEFT, pos=at(screen, scene.end_turn.sceneBoundingRect().center()))
    else:
        raise AssertionError(f"no way to perform {action}")
    qtbot.wait(1)


WAYS = ("drag", "click", "keys")


def play_through(qtbot: QtBot, screen: LessonScreen, shots: str = "") -> list[str]:
    """Play the lesson to its end as a player would; returns the banner's texts in the order shown."""
    runner = screen.runner
    transcript = [screen.banner.instruction.text()]
    turns = 0
    while runner.step is not None:
        step = runner.step
        turns += 1
        assert turns < 100, "the lesson never ended"
        if shots and step.highlight:
            qtbot.wait(1)
            shoot(screen, f"{shots}-step{step.number:02d}")
        if step.explain_only:
            if step.number % 2:
                qtbot.mouseClick(screen.banner.forward, LEFT)
            else:
                qtbot.keyClick(table(screen).view, Qt.Key.Key_Return)
        else:
            for action in remaining(step, runner.done):
                perform(qtbot, screen, action, WAYS[(step.number + len(runner.done)) % 3])
        assert runner.step is not step, f"step {step.number} did not finish: {screen.banner.feedback.text()}"
        if screen.banner.feedback.text():
            transcript.append("  → " + screen.banner.feedback.text())
        transcript.append(screen.banner.instruction.text())
    return transcript


def shoot(screen: LessonScreen, name: str) -> Path:
    SCREENSHOTS.mkdir(exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    assert screen.grab().save(str(path))
    return path


@pytest.mark.parametrize("name", SCRIPTED)
def test_every_lesson_plays_to_its_end_through_the_table(qtbot: QtBot, make_lesson: MakeLesson, name: str) -> None:
    screen = make_lesson(name)
    transcript = play_through(qtbot, screen, shots=name)
    lesson = screen.runner.lesson
    state = table(screen).session.state
    for expectation in lesson.finish:
        assert observe(state, expectation.path) == expectation.value, expectation.path
    assert screen.runner.finished
    assert "Lesson complete" in screen.banner.instruction.text()
    assert not screen.banner.forward.isEnabled()
    SCREENSHOTS.mkdir(exist_ok=True)
    (SCREENSHOTS / f"{name}.txt").write_text("\n".join(transcript) + "\n", encoding="utf-8")
    shoot(screen, f"{name}-end")


def test_the_lessons_cover_the_brief() -> None:
    lessons = [entry.lesson for entry in ENTRIES.values()]
    assert all(lesson is not None for lesson in lessons), [e.error for e in ENTRIES.values()]
    titles = " / ".join(lesson.title for lesson in lessons if lesson)
    for words in (
        "Unarmed Strike and Defend",
        "Zones",
        "Intents",
        "Catastrophe",
        "Arcana",
        "spell",
        "Sandbox",
        "The Fool as a wildcard",
    ):
        assert words in titles
    assert sum(1 for lesson in lessons if lesson and lesson.sandbox) == 1


def _card(name: str) -> int:
    from rt0table.rules.rt0.cards import by_name

    return by_name(name)


def _step_by(qtbot: QtBot, screen: LessonScreen, how: str) -> None:
    """Finish the step under way: Next on an explanation, else its scripted actions done the given way."""
    runner = screen.runner
    step = runner.step
    assert step is not None
    if step.explain_only:
        qtbot.mouseClick(screen.banner.forward, LEFT)
    else:
        for action in remaining(step, runner.done):
            perform(qtbot, screen, action, how)
    assert runner.step is not step, f"step {step.number} did not finish: {screen.banner.feedback.text()}"


def test_lesson_5_casts_a_spell_with_the_magician_and_again_with_the_fool(
    qtbot: QtBot, make_lesson: MakeLesson
) -> None:
    screen = make_lesson("05_arcana_and_spell")
    runner = screen.runner
    scene = table(screen).scene
    assert {"check_behind_your_ears", "spell_sagittarius"} <= set(scene.bins)
    assert scene.bins["unarmed_strike"].letter == "B"  # bins start at B: A, E, N and Z are commands
    assert "Spells" in screen.banner.instruction.text() and "Sagittarius" in screen.banner.instruction.text()
    _step_by(qtbot, screen, "click")  # the groups
    _step_by(qtbot, screen, "click")  # the intent
    _step_by(qtbot, screen, "drag")  # the Ace of Pentacles behind the Laborer's ear
    state = table(screen).session.state
    foe = state.adversary("laborer-1")
    assert (foe.hp, foe.shield, foe.intent) == (20, 1, _card("3 of Pentacles"))  # its Shield took the coin's 1
    assert Trait.CLEVER in state.fighter("sam").traits  # the Magician's free ability, though the file names none
    _step_by(qtbot, screen, "click")  # what a spell bin takes
    _step_by(qtbot, screen, "keys")  # The Magician on Sagittarius, by its number and the bin's letter
    state = table(screen).session.state
    assert state.fighter("sam").bins["spell_sagittarius"] == [_card("The Magician")]
    assert state.pending is not None and state.pending.kind == "arrow"
    assert state.pending.options[0].label == "20 ranged magic damage to one adversary"  # Clever doubles it
    assert "Arrow asks where the magic goes" in screen.banner.feedback.text()
    _step_by(qtbot, screen, "click")  # 20 ranged magic damage to the one adversary
    assert table(screen).session.state.adversary("laborer-1").hp == 1  # 1 of the 20 blocked
    assert "Arrow hit the Laborer for 20" in screen.banner.feedback.text()
    _step_by(qtbot, screen, "keys")  # End Turn (E): the Laborer heals 2, round 2 deals The Fool
    state = table(screen).session.state
    sam = state.fighter("sam")
    assert state.round == 2 and state.adversary("laborer-1").hp == 3
    assert sam.bins.get("spell_sagittarius", []) == []
    assert _card("The Magician") in state.piles[sam.pile].discard
    assert _card("The Fool") in sam.hand
    _step_by(qtbot, screen, "drag")  # The Fool on Sagittarius: it counts as The Magician for a Magician
    _step_by(qtbot, screen, "keys")  # 20 again, by the number key
    state = table(screen).session.state
    assert state.adversary("laborer-1").hp == 0 and state.pending is not None and state.pending.kind == "fate"
    assert state.fighter("sam").bins["spell_sagittarius"] == [_card("The Fool")]
    assert "Another 20 magic damage" in screen.banner.feedback.text()
    _step_by(qtbot, screen, "click")  # scared off
    state = table(screen).session.state
    assert state.result == "victory" and state.adversary("laborer-1").fate == "scared"
    _step_by(qtbot, screen, "click")  # the closing words
    assert runner.finished and "Lesson complete" in screen.banner.instruction.text()


def test_lesson_5_will_not_cast_with_an_ordinary_card(qtbot: QtBot, make_lesson: MakeLesson) -> None:
    screen = make_lesson("05_arcana_and_spell")
    for _ in range(4):  # to the step that explains what a spell bin takes
        qtbot.keyClick(table(screen).view, Qt.Key.Key_Right)
    assert screen.runner.index == 4
    scene = table(screen).scene
    nine = card_item(screen, _card("9 of Swords"))
    perform(qtbot, screen, PlayCard("sam", nine.card, "spell_sagittarius"), "drag")  # refused by the bin itself
    state = table(screen).session.state
    assert state.fighter("sam").bins.get("spell_sagittarius", []) == []
    assert _card("9 of Swords") in state.fighter("sam").hand
    assert screen.runner.index == 4
    assert "takes The Magician" in scene.bins["spell_sagittarius"].refusal


def test_lesson_7_names_the_fool_and_the_strike_lands(qtbot: QtBot, make_lesson: MakeLesson) -> None:
    screen = make_lesson("07_fool_wildcard")
    runner = screen.runner
    assert Trait.LUCKY in table(screen).session.state.fighter("jun").traits  # the Fool's free ability
    _step_by(qtbot, screen, "click")
    _step_by(qtbot, screen, "drag")  # the 6 of Wands
    _step_by(qtbot, screen, "keys")  # The Fool, by its number and Unarmed Strike's letter, B
    state = table(screen).session.state
    assert state.pending is not None and state.pending.kind == "wildcard"
    four = table(screen).scene.prompt.buttons[3]
    assert four.isVisible() and "4 of Wands" in state.pending.options[3].label
    _step_by(qtbot, screen, "click")  # the 4 of Wands
    state = table(screen).session.state
    assert state.pending is not None and state.pending.kind == "strike"
    assert "Jun names The Fool as 4 of Wands." in table(screen).scene.log.lines  # then the bin fired at 10
    _step_by(qtbot, screen, "keys")  # 5 damage
    state = table(screen).session.state
    assert state.adversary("laborer-1").hp == 15 and state.fighter("jun").bins.get("unarmed_strike", []) == []
    assert _card("The Fool") in state.piles[state.fighter("jun").pile].discard
    _step_by(qtbot, screen, "click")
    assert runner.finished and "Lesson complete" in screen.banner.instruction.text()


def test_an_option_on_another_page_is_pointed_at_by_the_page_line(qtbot: QtBot, make_lesson: MakeLesson) -> None:
    from rt0table.desktop.demo.highlight import target_rect
    from rt0table.rules.rt0.content.lesson import Highlight

    screen = make_lesson("07_fool_wildcard", presenter=True, size=(1920, 1080))
    for _ in range(3):  # to the Fool's 28 choices, which take several pages at presenter size
        qtbot.keyClick(table(screen).view, Qt.Key.Key_PageDown)
    runner, scene = screen.runner, table(screen).scene
    prompt = scene.prompt
    assert runner.index == 3 and prompt.pages > 1
    four = prompt.buttons[3]
    assert four.isVisible() and runner.highlight is not None
    assert runner.highlight.rects == [four.sceneBoundingRect()]
    strip = prompt.mapRectToScene(prompt.page_strip())
    assert target_rect(scene, Highlight("option", "27")) == strip  # not the hidden button's spot on page 1
    shoot(screen, "07_fool_wildcard-presenter-pages")
    # Left, Right and the page keys step the lesson, so the table names the keys it still has.
    assert prompt.page_keys == prompt.focus_keys == "Tab or the Up and Down arrows"
    assert scene.status.text.startswith("Choose with Tab or the Up and Down arrows and Enter")
    while prompt.page == 0:  # Down to the next page: the 4 of Wands is out of sight, the pointer follows
        qtbot.keyClick(table(screen).view, Qt.Key.Key_Down)
    assert runner.index == 3
    # The outline follows on the next turn of the event loop; wait for it rather than for a fixed time.
    # The prompt may re-fit itself to the new page, so compare with the page line where it is now.
    qtbot.waitUntil(
        lambda: not four.isVisible() and runner.highlight.rects == [prompt.mapRectToScene(prompt.page_strip())],
        timeout=3000,
    )
    qtbot.keyClick(table(screen).view, Qt.Key.Key_Backtab)
    qtbot.waitUntil(lambda: four.isVisible() and runner.highlight.rects == [four.sceneBoundingRect()], timeout=30000)


def test_a_highlight_outlines_the_card_and_the_bin(qtbot: QtBot, make_lesson: MakeLesson) -> None:
    screen = make_lesson("01_strike_and_defend")
    qtbot.mouseClick(screen.banner.forward, LEFT)  # past the welcome
    highlight = screen.runner.highlight
    assert highlight is not None and highlight.isVisible()
    scene = table(screen).scene
    seven = next(i for i in scene.hand_items if _name(i.card) == "7 of Wands")
    assert highlight.rects == [seven.sceneBoundingRect(), scene.bins["unarmed_strike"].sceneBoundingRect()]
    assert "7 of Wands" in screen.banner.instruction.text()


def test_lesson_1s_keys_are_the_tables(qtbot: QtBot, make_lesson: MakeLesson) -> None:
    screen = make_lesson("01_strike_and_defend")
    for _ in range(2):  # past the welcome; the 7 of Wands played for us
        qtbot.keyClick(table(screen).view, Qt.Key.Key_Right)
    assert "press 1 for the card, B for Unarmed Strike and Enter" in screen.banner.instruction.text()
    view = table(screen).view
    for key in (Qt.Key.Key_1, Qt.Key.Key_B, Qt.Key.Key_Return):  # exactly what the banner says
        qtbot.keyClick(view, key)
    assert screen.runner.index == 3
    assert table(screen).session.state.pending is not None  # Unarmed Strike fired and asks where the punch lands


def lone(screen: LessonScreen) -> LoneFight:
    funnel = table(screen).session.funnel
    assert isinstance(funnel, LoneFight)
    return funnel


def _watch(screen: LessonScreen) -> tuple[list[list[object]], list[str], list[int]]:
    """What the table's Session says from now on: its changes (a step's events, [] for an undo), its refusals, and
    the length of the funnel's steps after each step or undo its funnel took."""
    session = table(screen).session
    changes: list[list[object]] = []
    refusals: list[str] = []
    session.state_did_change.connect(changes.append)
    session.refused.connect(lambda reason, _action: refusals.append(reason))
    funnel = lone(screen)
    lengths: list[int] = []
    played, taken_back = funnel.funnel.play, funnel.funnel.take_back

    def play(action: Action, stand_in: bool = False, note: StandInAnswer | None = None) -> FunnelStep:
        step = played(action, stand_in, note)
        lengths.append(len(funnel.funnel.steps))
        return step

    def take_back(count: int) -> None:
        taken_back(count)
        lengths.append(len(funnel.funnel.steps))

    funnel.funnel.play = play  # type: ignore[method-assign]
    funnel.funnel.take_back = take_back  # type: ignore[method-assign]
    return changes, refusals, lengths


def test_an_off_script_drag_is_refused_with_the_lessons_words_and_nothing_happens(
    qtbot: QtBot, make_lesson: MakeLesson
) -> None:
    screen = make_lesson("01_strike_and_defend")
    qtbot.mouseClick(screen.banner.forward, LEFT)
    runner, session, scene = screen.runner, table(screen).session, table(screen).scene
    before, steps = session.state, list(lone(screen).funnel.steps)
    changes, refusals, lengths = _watch(screen)
    # The step wants the 7 of Wands on Unarmed Strike; the player drags the 3 of Swords there instead, a move the
    # fight itself allows but the lesson's rules do not: the bin stays dim under the card and says why.
    three = card_item(screen, _card("3 of Swords"))
    words = "Unarmed Strike takes Wands and Swords, and the 7 of Wands gets it started."
    viewport = table(screen).view.viewport()
    start, target = three.sceneBoundingRect().center(), scene.bins["unarmed_strike"].sceneBoundingRect().center()
    qtbot.mousePress(viewport, LEFT, pos=at(screen, start))
    qtbot.mouseMove(viewport, pos=at(screen, start + QPointF(0, -30)))
    qtbot.mouseMove(viewport, pos=at(screen, target))
    assert three.pos() != three.home and scene.bins["unarmed_strike"].glow is Glow.DIM
    assert scene.status.text == words and scene.status.alarm  # said while it is carried, before it is dropped
    assert refusal(session.state, PlayCard("sam", _card("3 of Swords"), "unarmed_strike")) is None  # the fight's
    qtbot.mouseRelease(viewport, LEFT, pos=at(screen, target))
    assert refusals == [words]
    assert scene.bins["unarmed_strike"].refusal == words and scene.status.text == words and scene.status.alarm
    assert three.pos() == three.home and three in scene.hand_items  # back in its place, as a refused drop goes
    assert session.state is before and lone(screen).funnel.steps == steps
    assert changes == [] and lengths == [], "no step was played, so none was taken back"
    assert "(Undone.)" not in scene.log.lines
    highlight = runner.highlight
    assert runner.index == 1 and highlight is not None
    assert highlight.rects == [
        card_item(screen, _card("7 of Wands")).sceneBoundingRect(),
        scene.bins["unarmed_strike"].sceneBoundingRect(),
    ]
    # … and the scripted move still goes through.
    perform(qtbot, screen, PlayCard("sam", _card("7 of Wands"), "unarmed_strike"), "click")
    assert runner.index == 2 and lengths == [len(steps) + 1]


def test_an_off_script_move_by_keys_is_refused_in_the_steps_own_words(qtbot: QtBot, make_lesson: MakeLesson) -> None:
    screen = make_lesson("01_strike_and_defend")
    for _ in range(2):  # past the welcome; the 7 of Wands played for us
        qtbot.keyClick(table(screen).view, Qt.Key.Key_Right)
    runner, session, scene = screen.runner, table(screen).session, table(screen).scene
    assert runner.index == 2 and runner.step is not None and not runner.step.off_script
    before = session.state
    changes, refusals, lengths = _watch(screen)
    perform(qtbot, screen, PlayCard("sam", _card("6 of Cups"), "defend"), "keys")  # 1, the bin's letter, Enter
    asked = "This step asks you to put the 3 of Swords on Unarmed Strike."
    assert refusals == [asked] and scene.bins["defend"].refusal == asked
    qtbot.keyClick(table(screen).view, Qt.Key.Key_E)  # End Turn would draw cards: refused before it happens
    assert refusals == [asked, asked] and scene.status.text == asked
    assert scene.end_turn.isEnabled()  # the fight allows it, so the table offers it; the lesson says why not
    assert session.state is before and changes == [] and lengths == [] and runner.index == 2


def test_an_explanation_refuses_every_move_until_next(qtbot: QtBot, make_lesson: MakeLesson) -> None:
    screen = make_lesson("01_strike_and_defend")
    runner = screen.runner
    for _ in range(8):  # through the script to its last step, which only explains
        qtbot.keyClick(table(screen).view, Qt.Key.Key_Right)
    assert runner.index == 8 and table(screen).session.state.round == 2
    old, before = table(screen), table(screen).session.state
    changes, refusals, lengths = _watch(screen)
    qtbot.keyClick(old.view, Qt.Key.Key_E)  # would end round 2's turn and draw new cards
    assert refusals == [EXPLAIN_ONLY] and old.scene.status.text == EXPLAIN_ONLY
    assert screen.table is old and old.session.state is before and changes == [] and lengths == []
    qtbot.keyClick(old.view, Qt.Key.Key_Return)  # Next: the script is over, and the fight is the player's
    assert runner.finished
    qtbot.keyClick(old.view, Qt.Key.Key_E)
    assert old.session.state.round == 3 and len(changes) == 1 and refusals == [EXPLAIN_ONLY]


def test_a_free_step_lets_another_move_through_and_still_waits_for_its_own(
    qtbot: QtBot, make_lesson: MakeLesson, tmp_path: Path
) -> None:
    text = ENTRIES["01_strike_and_defend"].path.read_text(encoding="utf-8")
    freed = tmp_path / "01_free.toml"
    freed.write_text(
        text.replace('off_script = "Unarmed Strike takes', 'free = true\noff_script = "Unarmed Strike takes')
    )
    screen = make_lesson(load_entry(freed))
    qtbot.mouseClick(screen.banner.forward, LEFT)
    runner, session = screen.runner, table(screen).session
    assert runner.step is not None and runner.step.free
    changes, refusals, _ = _watch(screen)
    perform(qtbot, screen, PlayCard("sam", _card("3 of Swords"), "unarmed_strike"), "drag")
    assert refusals == [] and len(changes) == 1 and runner.index == 1
    assert session.state.fighter("sam").bins["unarmed_strike"] == [_card("3 of Swords")]
    assert screen.banner.feedback.text() == "Off the script, but this step leaves it to you: carry on."
    perform(qtbot, screen, PlayCard("sam", _card("7 of Wands"), "unarmed_strike"), "keys")
    assert runner.index == 2


def test_any_play_on_a_bin_counts(qtbot: QtBot, make_lesson: MakeLesson) -> None:
    screen = make_lesson("02_zones_and_movement")
    runner = screen.runner
    qtbot.mouseClick(screen.banner.forward, LEFT)
    qtbot.mouseClick(screen.banner.forward, LEFT)  # the King, played for us
    assert runner.index == 2
    page = next(i.card for i in table(screen).scene.hand_items if _name(i.card) == "Page of Cups")
    perform(qtbot, screen, PlayCard("sam", page, "move_skill"), "drag")  # not the card named, but the bin is right
    assert runner.index == 3
    assert screen.banner.feedback.text() == "One card down on Movement / Skill, one to go."


def test_the_tables_undo_walks_the_lesson_back(qtbot: QtBot, make_lesson: MakeLesson) -> None:
    screen = make_lesson("01_strike_and_defend")
    runner = screen.runner
    qtbot.mouseClick(screen.banner.forward, LEFT)
    qtbot.mouseClick(screen.banner.forward, LEFT)
    assert runner.index == 2
    qtbot.keyClick(table(screen).view, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert runner.index == 1
    assert table(screen).session.state.fighter("sam").bins.get("unarmed_strike", []) == []


def test_presenter_steps_back_and_forward(qtbot: QtBot, make_lesson: MakeLesson) -> None:
    screen = make_lesson("03_intents_and_shield", presenter=True, size=(1920, 1080))
    runner = screen.runner
    view = table(screen).view
    assert screen.settings.ui_scale > 1.3 and screen.settings.replay_step_ms >= 1000
    assert table(screen).scene.log.text_scale > 1
    for _ in range(4):  # two explanations, then the two Defend cards played for us
        qtbot.keyClick(view, Qt.Key.Key_PageDown)
        view = table(screen).view
    assert runner.index == 4
    assert table(screen).session.state.fighter("sam").shield == 5
    qtbot.keyClick(view, Qt.Key.Key_PageDown)  # End Turn: the adversaries wait for Jun, no replay yet
    assert table(screen).session.state.active_fighter.id == "jun"  # type: ignore[union-attr]
    shoot(screen, "presenter-03-jun")
    qtbot.mouseClick(screen.banner.back, LEFT)  # rebuilt from the seed at the start of step 5
    assert runner.index == 4
    state = table(screen).session.state
    assert state.active_fighter.id == "sam" and state.fighter("sam").shield == 5  # type: ignore[union-attr]
    qtbot.keyClick(table(screen).view, Qt.Key.Key_Left)
    assert runner.index == 3 and table(screen).session.state.fighter("sam").shield == 0
    # Forward through Jun's strike and End Turn: the slow replay runs, and Page Down skips it.
    for _ in range(5):
        qtbot.keyClick(table(screen).view, Qt.Key.Key_PageDown)
    assert runner.index == 8 or runner.watching
    if runner.watching:
        assert "adversaries act" in screen.banner.feedback.text()
        qtbot.keyClick(table(screen).view, Qt.Key.Key_PageDown)
    assert table(screen).session.state.round == 2
    qtbot.mouseClick(screen.banner.presenter, LEFT)
    assert screen.settings.ui_scale == pytest.approx(1.0) and table(screen).scene.log.text_scale == 1.0


def test_the_sandbox_plays_to_the_end_on_hints(qtbot: QtBot, make_lesson: MakeLesson) -> None:
    screen = make_lesson("06_sandbox")
    runner = screen.runner
    assert not screen.banner.hint.isEnabled()
    qtbot.mouseClick(screen.banner.forward, LEFT)
    qtbot.keyClick(table(screen).view, Qt.Key.Key_Return)
    assert runner.free_play and screen.banner.hint.isEnabled()
    moves = 0
    while table(screen).session.state.phase is not Phase.OVER:
        moves += 1
        assert moves < 600, "the sandbox fight never ended"
        qtbot.mouseClick(screen.banner.hint, LEFT)
        hint = runner.hint
        assert hint is not None and hint.text == screen.banner.feedback.text()
        if moves == 3:
            assert runner.highlight is not None and runner.highlight.rects
            shoot(screen, "06_sandbox-hint")
        perform(qtbot, screen, hint.action, WAYS[moves % 3])
    assert table(screen).session.state.result in ("victory", "defeat", "escaped")
    assert "The fight is over" in screen.banner.instruction.text()
    shoot(screen, "06_sandbox-end")


def test_the_title_screens_demo_opens_the_picker_and_comes_back(qtbot: QtBot) -> None:
    from rt0table.desktop.main_window import MainWindow

    window = MainWindow()
    qtbot.addWidget(window)
    window.show()
    demo_button = window.title_screen.buttons["demo"]
    assert demo_button.isEnabled()
    qtbot.mouseClick(demo_button, LEFT)
    demo = window.screens.currentWidget()
    assert isinstance(demo, DemoScreen)
    assert len(demo.picker.buttons) == len(ENTRIES) and all(b.isEnabled() for b in demo.picker.buttons)
    qtbot.mouseClick(demo.picker.buttons[0], LEFT)
    assert demo.lesson is not None and demo.currentWidget() is demo.lesson
    shoot(demo.lesson, "picker-opened-lesson")
    qtbot.mouseClick(demo.lesson.banner.leave, LEFT)
    assert demo.currentWidget() is demo.picker
    shoot_widget(demo.picker, "picker")
    back = demo.picker.findChild(type(demo_button), "demo-back")
    qtbot.mouseClick(back, LEFT)
    assert window.screens.currentWidget() is window.title_screen


def test_a_broken_lesson_file_is_listed_with_its_error(tmp_path: Path, qtbot: QtBot) -> None:
    broken = tmp_path / "09_broken.toml"
    broken.write_text(
        'seed = 1\n[lesson]\ntitle = "Broken"\n[[fighters]]\nid = "sam"\nzone = "B2"\n'
        '[[adversaries]]\nkind = "laborer"\nzone = "B2"\n'
        '[[teach]]\nsay = "Defend with a Wand."\ndo = \'play sam "7 of Wands" defend\'\n'
        '[deck]\nsam = ["7 of Wands"]\n',
        encoding="utf-8",
    )
    entry = load_entry(broken)
    assert entry.lesson is None
    assert entry.error.startswith("09_broken.toml: step 1: do:")
    demo = DemoScreen(TableSettings(), [entry])
    qtbot.addWidget(demo)
    assert not demo.picker.buttons[0].isEnabled()
    assert "is not legal at this point" in demo.picker.buttons[0].toolTip()


def _name(card: int) -> str:
    from rt0table.rules.rt0.cards import CARDS

    return CARDS[card].name
