"""Loner played through the seam: a session's flow from setup to the end of the adventure, sheets, the world,
undo and the journal."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

import pytest

from rt0table.rules.loner import loner_actions as la
from rt0table.rules.loner.loner_actions import LonerAction
from rt0table.rules.loner.loner_seam import RULES
from rt0table.rules.loner.loner_state import LonerSetup, LonerState, book_tables
from rt0table.rules.loner.premise import read_setup
from rt0table.rules.loner.protagonist import Character, ProtagonistDraft, make_protagonist
from rt0table.rules.loner.scenes import read_transition
from rt0table.rules.loner.story_journal import journal_lines, journal_markdown
from rt0table.rules.loner.twist import read_twist
from rt0table.rules.seam import IllegalAction

HERO = make_protagonist(
    ProtagonistDraft("Zahra", "Witty Street Cat", ("Streetwise", "Nimble"), "Merciful", ("Knife", "Low O2 Supplement"))
)
TOBIAS = Character("tobias", "Tobias Wethern", "Scheming Mentor", tags=("Searching for the Protagonist",))
MELINA = Character("melina", "Melina Reade", "Trusted Hacker")
SETUP = LonerSetup(HERO, (TOBIAS, MELINA))
FRAME = la.FrameScene("dramatic", "a rain-slicked transit hub", "two enforcers", "lose the tail")


def run(state: LonerState, *actions: LonerAction) -> LonerState:
    for action in actions:
        state, _ = RULES.apply(state, action)
    return state


def start(seed: int = 1, setup: LonerSetup = SETUP) -> LonerState:
    return RULES.new_state(setup, seed)[0]


def seed_where(test: Callable[[LonerState], bool], prepare: Callable[[int], LonerState]) -> LonerState:
    """The first seed whose prepared state passes ``test`` (the dice are the game's own, keyed by the seed)."""
    for seed in range(2000):
        state = prepare(seed)
        if test(state):
            return state
    raise AssertionError("no seed found")  # pragma: no cover


def refused(state: LonerState, action: LonerAction, why: str) -> None:
    assert why in (RULES.refusal(state, action) or "")
    with pytest.raises(IllegalAction, match=why):
        RULES.apply(state, action)


@pytest.mark.rule("LONER-SETUP-5WH", "LONER-SESSIONS")
def test_the_setup_reads_one_die_per_column_once_a_session() -> None:
    state, events = RULES.apply(start(), la.BuildSetup())
    assert len(events[0].dice) == 6
    assert state.premise == tuple(d.entry for d in read_setup(book_tables(), events[0].dice).draws)
    refused(state, la.BuildSetup(), "already built")
    later = run(state, la.EndSession(), la.BeginSession())
    assert (later.session, later.premise, RULES.refusal(later, la.BuildSetup())) == (2, (), None)
    built, opening = RULES.new_state(replace(SETUP, build_setup=True), 1)
    assert [e.kind for e in opening] == ["begun", "setup"] and RULES.reveals(opening[1])
    assert built.premise == state.premise  # the same seed throws the same dice, at the opening or later


@pytest.mark.rule("LONER-FRAME")
def test_a_scene_opens_once_framed_after_at_most_one_framing_question() -> None:
    state = start()
    refused(state, replace(FRAME, who=" "), "missing: who")
    refused(state, la.CloseScene("resolved", "x"), "no open scene")
    framed = run(state, la.Ask("Is the hub still guarded?"))
    assert framed.framing_asked and framed.phase == "open"
    refused(framed, la.Ask("And the exits?"), "one framing question")
    scene = run(framed, FRAME)
    assert (scene.phase, scene.scene and scene.scene.number, scene.framing_asked) == ("scene", 1, False)
    assert RULES.refusal(scene, la.Ask("Can I vanish into the crowd?", ("Nimble",), ("Coordinated Pursuit",))) is None


@pytest.mark.rule("LONER-CLOSE")
def test_a_scene_closes_on_its_three_conditions_or_the_last_resort_question() -> None:
    scene = run(start(), FRAME)
    for reason in ("resolved", "blocked", "abandoned"):
        closed = run(scene, la.CloseScene(reason, "she lost them"))
        assert (closed.phase, closed.scene and closed.scene.closed) == ("closing", reason)
    refused(scene, la.CloseScene("bored", "x"), "resolved, blocked or abandoned")
    refused(scene, la.CloseScene("resolved", " "), "note the outcome")
    prepare = lambda seed: run(start(seed), FRAME, la.AskIfOver())  # noqa: E731
    yes = seed_where(lambda s: s.phase == "closing", prepare)
    assert yes.scene is not None and yes.scene.closed == "ran its course"
    no = seed_where(lambda s: s.phase == "scene", prepare)
    assert no.scene is not None and no.scene.closed == ""


@pytest.mark.rule("LONER-TRANSITION")
@pytest.mark.parametrize("kind", ["dramatic", "quiet", "meanwhile"])
def test_the_transition_die_sets_the_next_scene(kind: str) -> None:
    prepare = lambda seed: run(start(seed), FRAME, la.CloseScene("resolved", "done"), la.RollTransition())  # noqa: E731
    state = seed_where(lambda s: s.next_kind == kind, prepare)
    die = RULES.apply(run(start(0), FRAME, la.CloseScene("resolved", "done")), la.RollTransition())[1][0].dice[0]
    assert read_transition(book_tables(), die).kind.value in ("dramatic", "quiet", "meanwhile")
    assert state.phase == "open"
    if kind == "meanwhile":
        refused(state, FRAME, "Meanwhile")
        refused(state, la.Ask("x?"), "Meanwhile")
    else:
        other = "quiet" if kind == "dramatic" else "dramatic"
        refused(state, replace(FRAME, kind=other), f"opened a {kind} scene")
        assert RULES.refusal(state, replace(FRAME, kind=kind)) is None


@pytest.mark.rule("LONER-MEANWHILE")
def test_meanwhile_rewrites_the_holders_tag_then_asks_about_an_ally() -> None:
    prepare = lambda seed: run(start(seed), FRAME, la.CloseScene("resolved", "done"), la.RollTransition())  # noqa: E731
    state = seed_where(lambda s: s.next_kind == "meanwhile", prepare)
    refused(state, la.Meanwhile("tobias", "", " "), "name it")
    refused(state, la.Meanwhile("nobody", "", "Ready"), "not a character")
    after, events = RULES.apply(
        state, la.Meanwhile("tobias", "Searching for the Protagonist", "Hired Someone to Find Her")
    )
    tobias = after.character("tobias")
    assert tobias is not None and tobias.tags == ("Hired Someone to Find Her",)
    assert [e.kind for e in events] == ["meanwhile-move", "meanwhile"] and RULES.reveals(events[1])
    assert after.next_kind == "" and RULES.refusal(after, replace(FRAME, kind="quiet")) is None


@pytest.mark.rule("LONER-TWIST")
def test_the_third_doubles_make_a_twist_that_is_rolled_before_anything_else() -> None:
    prepare = lambda seed: run(replace(run(start(seed), FRAME), counter=2), la.Ask("Are the files real?"))  # noqa: E731
    due = seed_where(lambda s: s.twist_due, prepare)
    assert due.counter == 0
    refused(due, la.Ask("Anything else?"), "Twist is due")
    refused(due, la.CloseScene("resolved", "x"), "Twist is due")
    after, events = RULES.apply(due, la.RollTwist())
    subject, action = events[0].dice
    assert read_twist(book_tables(), subject, action).beat in events[0].text and not after.twist_due
    refused(after, la.RollTwist(), "no Twist is due")


@pytest.mark.rule("LONER-HL-TWIST-OFF", "LONER-HL-RESET", "LONER-HL-DAMAGE")
def test_a_conflict_leaves_the_counter_alone_and_resets_luck_at_both_ends() -> None:
    for seed in range(200):  # the first seed whose strike throws doubles
        fight = run(replace(run(start(seed), FRAME), counter=2), la.StartConflict(("tobias",), True))
        after, events = RULES.apply(fight, la.Strike("tobias"))
        if events[0].dice[0] == events[0].dice[1]:
            break
    assert events[0].dice[0] == events[0].dice[1] and "Yes, but" in events[0].text
    assert after.counter == 2 and not after.twist_due  # doubles in a conflict tick nothing
    assert after.bout is not None and after.bout.opponents[0].luck == 5  # a Yes, but… costs the foe 1
    state = run(start(3), FRAME, la.StartConflict(("tobias",), True))
    while state.phase == "conflict":
        state = run(state, la.Strike("tobias"))
    assert state.bout is None and state.protagonist.luck == 6 and state.phase == "scene"
    again = run(state, la.StartConflict(("tobias", "melina"), False))
    assert again.bout is not None and [o.luck for o in again.bout.opponents] == [6, 6]


@pytest.mark.rule("LONER-HL-WITHDRAW", "LONER-HL-END")
def test_withdrawing_puts_its_cost_on_the_sheet_and_dissolving_ends_the_conflict() -> None:
    fight = run(start(), FRAME, la.StartConflict(("tobias", "melina"), True))
    assert fight.bout is not None and fight.bout.opponents[0].members == 2
    refused(fight, la.Withdraw(" "), "costs something")
    refused(fight, la.Ask("Can I talk?"), "strike or withdraw")
    out, events = RULES.apply(fight, la.Withdraw("Pursued"))
    assert out.protagonist.tags == ("Pursued",) and out.phase == "scene" and "Luck resets to 6" in events[-1].text
    assert run(fight, la.Dissolve()).phase == "scene"


@pytest.mark.rule("LONER-TAG-EVOLVE", "LONER-REL", "LONER-PROMOTE")
def test_sheet_changes_in_play() -> None:
    state = run(
        start(),
        la.ChangeTag("protagonist", "tag", "", "Wounded Leg"),
        la.SetRelationship("protagonist", "melina", "Trusted Informant"),
        la.AddCharacter("hub", "The Transit Hub", "Crowded Crossroads", False, ("Cameras Everywhere",)),
    )
    assert state.protagonist.tags == ("Wounded Leg",)
    assert state.protagonist.relationships == (("melina", "Trusted Informant"),)
    hub = state.character("hub")
    assert hub is not None and not hub.living and hub.luck == 6
    refused(state, la.SetTrait("hub", "goal", "Stand"), "no Goal")
    refused(state, la.AddCharacter("hub", "Again", "Twice", True), "taken")
    refused(state, la.ChangeTag("protagonist", "aura", "", "Glow"), "skill, frailty, gear or tag")


@pytest.mark.rule("LONER-SESSIONS", "LONER-GROWTH")
def test_sessions_end_and_begin_and_the_protagonist_grows_between_them() -> None:
    scene = run(start(), FRAME)
    refused(scene, la.EndSession(), "between scenes")
    between = run(scene, la.CloseScene("resolved", "got out"), la.RollTransition(), la.EndSession())
    assert between.phase == "between"
    grown = run(
        between,
        la.ChangeTag("protagonist", "skill", "", "Wannabe Hacker"),
        la.SetTrait("protagonist", "nemesis", "The Leton Corporation"),
        la.ChangeTag("protagonist", "frailty", "Merciful", "Merciful to a Fault"),
    )
    assert grown.protagonist.skills[-1] == "Wannabe Hacker" and grown.protagonist.nemesis == "The Leton Corporation"
    assert run(grown, la.BeginSession()).session == 2
    over = run(grown, la.EndAdventure())
    assert RULES.is_over(over) and RULES.legal_actions(over) == [] and RULES.seats_to_act(over) == frozenset()
    refused(over, la.ChangeTag("protagonist", "tag", "", "x"), "over")


@pytest.mark.rule("LONER-WORLD-NPC", "LONER-WORLD-GONE", "LONER-WORLD-LOCATION", "LONER-WORLD-EVENT")
def test_the_living_world_updates_npcs_places_and_events() -> None:
    state = run(
        start(),
        la.SetRelationship("protagonist", "tobias", "Sworn Enemy"),
        la.SetRelationship("melina", "tobias", "Old Debt"),
        la.SetTrait("tobias", "goal", "Take revenge from prison"),
        la.MarkGone("tobias"),
        la.NoteLocation("The Safehouse", "Burned to the Ground", False),
        la.NoteLocation("the safehouse", "Rebuilt"),
        la.NoteEvent("The Leak", "Every fixer wants the datapad"),
    )
    tobias = state.character("tobias")
    assert tobias is not None and tobias.gone and tobias.goal == "Take revenge from prison"
    assert state.protagonist.relationships == () and state.npcs[1].relationships == ()
    assert state.history == (
        "Zahra and Tobias Wethern: “Sworn Enemy” (Tobias Wethern is gone)",
        "Melina Reade and Tobias Wethern: “Old Debt” (Tobias Wethern is gone)",
    )
    refused(state, la.SetRelationship("protagonist", "tobias", "Pity"), "gone")
    refused(run(state, FRAME), la.StartConflict(("tobias",), True), "not a character in play")
    assert [(p.name, p.tag, p.accessible) for p in state.places] == [("the safehouse", "Rebuilt", True)]
    refused(state, la.NoteLocation("The Safehouse", "Rebuilt"), "nothing changed")
    done = run(state, la.NoteEvent("the leak", "Handed to the authorities", True))
    assert [(e.name, e.addressed) for e in done.world_events] == [("the leak", True)]


@pytest.mark.rule("LONER-STEP-DIE")
def test_a_step_dice_table_rolls_a_bigger_die_for_two_tags() -> None:
    state = run(start(5, replace(SETUP, step_dice=True)), FRAME)
    _, events = RULES.apply(state, la.Ask("Do I slip away?", ("Nimble", "Streetwise"), ()))
    assert "Chance d10 vs Risk d6" in events[0].text
    chance, risk = events[0].dice
    assert 1 <= chance <= 10 and 1 <= risk <= 6


def test_the_journal_tells_each_step_and_escapes_what_was_typed_in_markdown() -> None:
    opening, begun = RULES.new_state(SETUP, 7)
    steps, state = [], opening
    for action in (la.ChangeTag("protagonist", "tag", "", "Soaked *to* the bone"), la.Ask("Is it raining?"), FRAME):
        state, events = RULES.apply(state, action)
        steps.append((state, events))
    lines = journal_lines((opening, begun), steps)
    assert [line.step for line in lines][:2] == [0, 1] and lines[1].text.startswith("Zahra earns")
    assert {line.step for line in lines} == {0, 1, 2, 3}
    text = journal_markdown("Zahra", lines)
    assert text.startswith("# Zahra\n") and "Soaked \\*to\\* the bone" in text
    assert "\n## Scene 1 (dramatic): at a rain-slicked transit hub" in text
