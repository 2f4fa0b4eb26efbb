"""Lesson files: a scenario's table set-up plus an ordered list of teaching steps (docs/lesson-format.md).

Pure and Qt-free: ``parse_lesson`` reads the text, ``validate_lesson`` plays the script against the engine
and reports the first thing that does not fit, ``judge`` says what a player's action means for the step
under way (``lesson_rules.py`` makes the fight's rules of it), ``replay`` rebuilds the fight at the start of
any step from the seed, and ``render`` fills an explanation's ``{placeholders}`` from the step's events and
the state.
"""

from __future__ import annotations

import re
import tomllib
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from ...seam import RulesError
from ..abilities import ABILITIES
from ..cards import CARDS, by_name
from ..fight.actions import Action, Choose, EndTurn, PlayCard, parse_action
from ..fight.engine import Game, refusal
from ..fight.events import CardsDrawn, DamageDealt, Event, Moved, ShieldGained
from ..fight.state import GM, CombatState, Fighter
from ..fight.zones import parse_zone, zone_name
from .adversaries import AdversaryKind
from .scenario import Expectation, Scenario, ScenarioError, observe, parse_scenario_data, start

# Highlight targets: kinds that name something, and kinds that stand alone.
NAMED_TARGETS = ("card", "bin", "adversary", "intent", "fighter", "zone", "option")
PLAIN_TARGETS = ("end_turn", "undo", "hand", "deck", "discard", "log", "grid")
STEP_KEYS = ("say", "highlight", "do", "any_of", "any_play_on", "goal", "free", "after", "off_script")
LESSON_KEYS = ("title", "number", "summary", "sandbox", "random_seed", "finish")
PLACEHOLDER = re.compile(r"\{([A-Za-z0-9_.\-]+)\}")


class LessonError(RulesError):
    """A lesson file that cannot be used; the message names the file, the step and the field."""


@dataclass(frozen=True, slots=True)
class Highlight:
    kind: str  # one of NAMED_TARGETS or PLAIN_TARGETS
    target: str = ""  # a card name, an ability id, an adversary or fighter id, a zone, an option number

    def __str__(self) -> str:
        return f"{self.kind}:{self.target}" if self.target else self.kind


@dataclass(frozen=True)
class TeachStep:
    """One thing the player is asked to do (or, with no ``do``, only told, with a Next button)."""

    number: int  # from 1
    say: str
    highlight: tuple[Highlight, ...] = ()
    do: tuple[Action, ...] = ()  # the scripted actions, in order; empty: an explain-only step
    any_of: tuple[Action, ...] = ()  # other single actions that also finish the step
    any_play_on: str | None = None  # any card played on this bin finishes the step
    goal: tuple[Expectation, ...] = ()  # any action after which these hold finishes the step
    free: bool = False  # off-script actions are allowed, not refused
    after: str = ""  # said once the step is done; may hold {placeholders}
    off_script: str = ""  # said when the player does something else

    @property
    def explain_only(self) -> bool:
        return not self.do


@dataclass(frozen=True)
class Lesson:
    filename: str
    title: str
    number: int
    summary: str
    scenario: Scenario
    steps: tuple[TeachStep, ...]
    sandbox: bool = False  # after the steps (all explain-only), a free fight with hints
    random_seed: bool = False  # the sandbox deals a new fight each time
    finish: tuple[Expectation, ...] = ()  # what holds once the script has been played


# --- parsing -------------------------------------------------------------------------------------


def _err(filename: str, where: str, problem: str) -> LessonError:
    return LessonError(f"{filename}: {where}: {problem}")


def parse_lesson(text: str, filename: str) -> Lesson:
    """Read a lesson file's text; raises LessonError naming the file, the step and the field."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise LessonError(f"{filename}: not valid TOML: {error}") from None
    except RecursionError:  # a crafted file: arrays in arrays past Python's limit
        raise LessonError(f"{filename}: not usable TOML: it is nested too deeply to read") from None
    meta = data.pop("lesson", None)
    raw_steps = data.pop("teach", [])
    if not isinstance(meta, dict):
        raise _err(filename, "lesson", "a lesson file needs a [lesson] table with at least a title")
    if "steps" in data:
        raise _err(filename, "steps", "a lesson's steps are [[teach]] tables; [[steps]] belongs to scenario tests")
    try:
        scenario = parse_scenario_data(data, filename)
    except ScenarioError as error:
        raise LessonError(str(error)) from None
    unknown = sorted(set(meta) - set(LESSON_KEYS))
    if unknown:
        raise _err(filename, f"lesson.{unknown[0]}", f"is not a known key; known keys: {', '.join(LESSON_KEYS)}")
    title = meta.get("title")
    if not isinstance(title, str) or not title.strip():
        raise _err(filename, "lesson.title", "is missing (a short name for the lesson picker)")
    number = meta.get("number", 0)
    summary = meta.get("summary", "")
    sandbox, random_seed = meta.get("sandbox", False), meta.get("random_seed", False)
    finish = meta.get("finish", {})
    for key, value, kind in (
        ("number", number, int),
        ("summary", summary, str),
        ("sandbox", sandbox, bool),
        ("random_seed", random_seed, bool),
        ("finish", finish, dict),
    ):
        if not isinstance(value, kind):
            raise _err(filename, f"lesson.{key}", f"must be {kind.__name__}, not {value!r}")
    if not isinstance(raw_steps, list):
        raise _err(filename, "teach", "must be a list of [[teach]] tables")
    steps = tuple(_step(filename, i + 1, raw) for i, raw in enumerate(raw_steps))
    if not steps and not sandbox:
        raise _err(filename, "teach", "a lesson needs at least one [[teach]] step")
    if sandbox:
        scripted = next((s for s in steps if not s.explain_only), None)
        if scripted is not None:
            raise _err(filename, f"step {scripted.number}: do", "a sandbox's steps only explain (no 'do')")
    return Lesson(
        filename=filename,
        title=title.strip(),
        number=number,
        summary=summary,
        scenario=scenario,
        steps=steps,
        sandbox=sandbox,
        random_seed=random_seed,
        finish=tuple(Expectation(path, value) for path, value in finish.items()),
    )


def _step(filename: str, number: int, raw: Any) -> TeachStep:
    where = f"step {number}"
    if not isinstance(raw, dict):
        raise _err(filename, where, "must be a table")
    unknown = sorted(set(raw) - set(STEP_KEYS))
    if unknown:
        raise _err(filename, f"{where}: {unknown[0]}", f"is not a known key; known keys: {', '.join(STEP_KEYS)}")

    def text(key: str, required: bool = False) -> str:
        value = raw.get(key, "")
        if not isinstance(value, str) or (required and not value.strip()):
            raise _err(filename, f"{where}: {key}", "must be a text" + (" (it is required)" if required else ""))
        return " ".join(value.split())

    def actions(key: str) -> tuple[Action, ...]:
        value = raw.get(key, [])
        texts = [value] if isinstance(value, str) else value
        if not isinstance(texts, list) or not all(isinstance(t, str) for t in texts):
            raise _err(filename, f"{where}: {key}", "must be an action or a list of actions in text form")
        parsed = []
        for t in texts:
            try:
                parsed.append(parse_action(t))
            except (ValueError, KeyError) as error:
                raise _err(filename, f"{where}: {key}", str(error).strip("'\"")) from None
        return tuple(parsed)

    highlights = raw.get("highlight", [])
    if isinstance(highlights, str):
        highlights = [highlights]
    if not isinstance(highlights, list) or not all(isinstance(h, str) for h in highlights):
        raise _err(filename, f"{where}: highlight", 'must be a list of targets, like ["card:7 of Wands", "bin:defend"]')
    goal = raw.get("goal", {})
    if not isinstance(goal, dict):
        raise _err(filename, f"{where}: goal", 'must be a table of paths and values, like { "laborer-1.hp" = 15 }')
    free = raw.get("free", False)
    if not isinstance(free, bool):
        raise _err(filename, f"{where}: free", "must be true or false")
    any_play_on = raw.get("any_play_on")
    if any_play_on is not None and (not isinstance(any_play_on, str) or any_play_on not in ABILITIES):
        raise _err(filename, f"{where}: any_play_on", f"{any_play_on!r} is not an ability id (a bin)")
    step = TeachStep(
        number=number,
        say=text("say", required=True),
        highlight=tuple(_highlight(filename, where, i, h) for i, h in enumerate(highlights)),
        do=actions("do"),
        any_of=actions("any_of"),
        any_play_on=any_play_on,
        goal=tuple(Expectation(path, value) for path, value in goal.items()),
        free=free,
        after=text("after"),
        off_script=text("off_script"),
    )
    if step.explain_only and (step.any_of or step.any_play_on or step.goal or step.free or step.after):
        problem = "only a step with a scripted action ('do') may accept actions or explain them"
        raise _err(filename, f"{where}: do", problem)
    return step


def _highlight(filename: str, where: str, index: int, text: str) -> Highlight:
    kind, _, target = (part.strip() for part in text.partition(":"))
    place = f"{where}: highlight[{index}]"
    if kind in PLAIN_TARGETS:
        if target:
            raise _err(filename, place, f"{kind!r} takes no target, not {target!r}")
        return Highlight(kind)
    if kind not in NAMED_TARGETS:
        kinds = ", ".join((*(f"{k}:…" for k in NAMED_TARGETS), *PLAIN_TARGETS))
        raise _err(filename, place, f"unknown highlight target {text!r}; use one of {kinds}")
    if not target:
        raise _err(filename, place, f"{kind!r} needs a target after the colon, like '{kind}:…'")
    if kind == "card":
        try:
            target = CARDS[by_name(target)].name
        except KeyError as error:
            raise _err(filename, place, str(error.args[0])) from None
    if kind == "bin" and target not in ABILITIES:
        raise _err(filename, place, f"{target!r} is not an ability id (a bin)")
    if kind == "zone":
        try:
            parse_zone(target)
        except ValueError as error:
            raise _err(filename, place, str(error)) from None
    if kind == "option" and not target.isdigit():
        raise _err(filename, place, f"an option is a number from 0, not {target!r}")
    return Highlight(kind, target)


# --- what the player sees -----------------------------------------------------------------------


def viewed_fighter(state: CombatState) -> Fighter | None:
    """Whose hand and bins the table shows: the active fighter, else the one deciding."""
    if state.active_fighter is not None:
        return state.active_fighter
    if state.pending is not None and state.pending.actor != GM:
        return state.fighter(state.pending.actor)
    return None


def highlight_problem(state: CombatState, highlight: Highlight) -> str | None:
    """Why a highlight cannot be shown in this state, or None when it can."""
    fighter = viewed_fighter(state)
    kind, target = highlight.kind, highlight.target
    if kind == "card":
        if fighter is None or by_name(target) not in fighter.hand:
            hand = ", ".join(CARDS[c].name for c in fighter.hand) if fighter else "nobody's hand is shown"
            return f"{target} is not in the hand on the table at this point ({hand})"
    elif kind == "bin":
        if fighter is None or target not in fighter.abilities:
            return f"{ABILITIES[target].name} is not one of the bins on the table at this point"
    elif kind in ("adversary", "intent"):
        if all(a.id != target for a in state.adversaries):
            return f"no adversary {target!r}; there are {', '.join(a.id for a in state.adversaries)}"
    elif kind == "fighter":
        if all(f.id != target for f in state.fighters):
            return f"no fighter {target!r}; there are {', '.join(f.id for f in state.fighters)}"
    elif kind == "zone":
        zone = parse_zone(target)
        if not state.room.contains(zone):
            return f"{target} is outside the {state.room.label} room"
    elif kind == "option":
        count = len(state.pending.options) if state.pending else 0
        if int(target) >= count:
            return f"option {target} is not offered: {count} options are pending at this point"
    elif kind == "end_turn" and (state.active_fighter is None or state.pending is not None):
        return "End Turn cannot be pressed at this point"
    return None


def describe(state: CombatState, action: Action) -> str:
    """The action in a player's words: 'put the 7 of Wands on Unarmed Strike'."""
    if isinstance(action, PlayCard):
        name = ABILITIES[action.ability].name if action.ability in ABILITIES else action.ability
        return f"put the {CARDS[action.card].name} on {name}"
    if isinstance(action, Choose):
        if state.pending is not None and action.option < len(state.pending.options):
            return f"choose “{state.pending.options[action.option].label}”"
        return f"choose option {action.option + 1}"
    if isinstance(action, EndTurn):
        return "press End Turn"
    return str(action)


def facts(state: CombatState, events: Sequence[Event]) -> dict[str, str]:
    """Numbers a step's explanation can quote, from the events of the step."""
    players = {f.id for f in state.fighters}
    dealt = [e for e in events if isinstance(e, DamageDealt) and e.source in players]
    taken = [e for e in events if isinstance(e, DamageDealt) and e.target in players]
    moves = [e for e in events if isinstance(e, Moved) and e.who in players]
    foe_moves = [e for e in events if isinstance(e, Moved) and e.who not in players]
    values = {
        "damage": sum(e.amount for e in dealt),
        "blocked": sum(e.blocked for e in dealt),
        "hurt": sum(e.amount - e.blocked for e in dealt),
        "taken": sum(e.amount for e in taken),
        "soaked": sum(e.blocked for e in taken),
        "lost": sum(e.amount - e.blocked for e in taken),
        "shield_gained": sum(e.amount for e in events if isinstance(e, ShieldGained) and e.who in players),
        "drawn": sum(len(e.cards) for e in events if isinstance(e, CardsDrawn)),
    }
    text = {key: str(value) for key, value in values.items()}
    text["moved_to"] = zone_name(moves[-1].destination) if moves else "nowhere"
    text["foe_moved_to"] = zone_name(foe_moves[-1].destination) if foe_moves else "nowhere"
    return text


def render(template: str, state: CombatState, events: Sequence[Event]) -> str:
    """Fill ``{damage}``-style facts and ``{laborer-1.hp}``-style state paths; KeyError names an unknown one."""
    known = facts(state, events)

    def fill(match: re.Match[str]) -> str:
        key = match.group(1)
        if key in known:
            return known[key]
        try:
            value = observe(state, key, list(events))
        except KeyError:
            raise KeyError(key) from None
        return ", ".join(map(str, value)) if isinstance(value, list) else str(value)

    return PLACEHOLDER.sub(fill, template)


# --- judging the player's action ----------------------------------------------------------------


class Verdict(Enum):
    PROGRESS = "progress"  # one of the step's scripted actions; more to do
    DONE = "done"  # the step is finished
    FOLLOWED = "followed"  # off the script, but the step is free: carry on
    OFF = "off"  # off the script: the lesson's rules refuse it (lesson_rules.py)


def remaining(step: TeachStep, done: Sequence[Action]) -> list[Action]:
    """The step's scripted actions not yet done, in script order."""
    left = Counter(done)
    rest = []
    for action in step.do:
        if left[action]:
            left[action] -= 1
        else:
            rest.append(action)
    return rest


def judge(step: TeachStep, done: Sequence[Action], action: Action, after: CombatState) -> Verdict:
    """What the player's action (``after`` is the state it leaves) means for the step."""
    rest = remaining(step, done)
    if action in rest:
        return Verdict.DONE if len(rest) == 1 else Verdict.PROGRESS
    if action in step.any_of:
        return Verdict.DONE
    if step.any_play_on is not None and isinstance(action, PlayCard) and action.ability == step.any_play_on:
        return Verdict.DONE
    if step.goal and all(_holds(after, e) for e in step.goal):
        return Verdict.DONE
    return Verdict.FOLLOWED if step.free else Verdict.OFF


def _holds(state: CombatState, expectation: Expectation) -> bool:
    try:
        actual = observe(state, expectation.path)
    except KeyError:
        return False
    if isinstance(expectation.value, list) and isinstance(actual, list):
        return sorted(map(str, expectation.value)) == sorted(map(str, actual))
    return bool(actual == expectation.value)


# --- replaying and validating ------------------------------------------------------------------


@dataclass
class Replayed:
    """The fight rebuilt from the seed up to the start of a step."""

    game: Game
    events: list[Event] = field(default_factory=list)  # every event after the opening, for the log
    step_events: list[Event] = field(default_factory=list)  # the last replayed step's, for its explanation
    actions: list[tuple[int, Action]] = field(default_factory=list)  # (step index, action) in order


def replay(
    lesson: Lesson, bestiary: Mapping[str, AdversaryKind], upto: int, scenario: Scenario | None = None
) -> Replayed:
    """The lesson's fight at the start of step ``upto`` (0-based), by playing the script from the seed."""
    result = Replayed(start(scenario or lesson.scenario, bestiary))
    for index, step in enumerate(lesson.steps[:upto]):
        result.step_events = []
        for action in step.do:
            events = result.game.push(action)
            result.events.extend(events)
            result.step_events.extend(events)
            result.actions.append((index, action))
    return result


def validate_lesson(lesson: Lesson, bestiary: Mapping[str, AdversaryKind]) -> None:
    """Play the script; raise LessonError at the first highlight, action, goal or explanation that does not fit."""
    name = lesson.filename
    try:
        game = start(lesson.scenario, bestiary)
    except ValueError as error:
        raise _err(name, "set-up", str(error)) from None
    for step in lesson.steps:
        where = f"step {step.number}"
        state = game.state
        try:
            render(step.say, state, [])
        except KeyError as error:
            raise _err(name, f"{where}: say", f"unknown placeholder {{{error.args[0]}}}") from None
        for index, highlight in enumerate(step.highlight):
            problem = highlight_problem(state, highlight)
            if problem:
                raise _err(name, f"{where}: highlight[{index}]", problem)
        for action in step.any_of:
            reason = refusal(state, action)
            if reason:
                raise _err(name, f"{where}: any_of", f"the action {action} is not legal at this point: {reason}")
        if step.any_play_on is not None:
            fighter = viewed_fighter(state)
            if fighter is None or step.any_play_on not in fighter.abilities:
                raise _err(name, f"{where}: any_play_on", f"{step.any_play_on!r} is not a bin on the table here")
        events: list[Event] = []
        for action in step.do:
            reason = refusal(game.state, action)
            if reason:
                raise _err(name, f"{where}: do", f"the action {action} is not legal at this point: {reason}")
            events.extend(game.push(action))
        for expectation in step.goal:
            if not _holds(game.state, expectation):
                raise _err(
                    name,
                    f"{where}: goal",
                    f"{expectation.path} = {expectation.value!r} does not hold after "
                    f"the scripted actions (it is {_observed(game.state, expectation.path)!r})",
                )
        try:
            render(step.after, game.state, events)
        except KeyError as error:
            raise _err(name, f"{where}: after", f"unknown placeholder {{{error.args[0]}}}") from None
    for expectation in lesson.finish:
        if not _holds(game.state, expectation):
            raise _err(
                name,
                "lesson.finish",
                f"{expectation.path} = {expectation.value!r} does not hold at the end "
                f"of the script (it is {_observed(game.state, expectation.path)!r})",
            )


def _observed(state: CombatState, path: str) -> Any:
    try:
        return observe(state, path)
    except KeyError:
        return "(no such thing)"


def load_lesson(text: str, filename: str, bestiary: Mapping[str, AdversaryKind]) -> Lesson:
    """Parse and validate in one go."""
    lesson = parse_lesson(text, filename)
    validate_lesson(lesson, bestiary)
    return lesson
