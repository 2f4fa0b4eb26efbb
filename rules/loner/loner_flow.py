"""Loner's one legality predicate (``refusal``) and ``apply``: the session flow, the oracle, conflicts, sheets.

Each step of the flow is optional (build the setup or not, ask a framing question or not, promote an NPC or not);
the order the book gives is enforced only where it matters: a scene is framed before it is played, a closed scene
rolls its transition before the next is framed, a due Twist is rolled before any other die.
"""

from __future__ import annotations

import random
from dataclasses import replace

from ..seam import IllegalAction
from . import loner_actions as la
from .harm_luck import Bout, BoutError, begin_bout, dissolve, strike, withdraw_from
from .loner_actions import LonerAction, LonerEvent
from .loner_state import LonerState, Place, SceneNow, WorldEvent, book_tables
from .oracle import Answer, TagError, edge_from_tags, normalise_tags, read_oracle, throw_oracle
from .premise import read_setup
from .protagonist import (
    STARTING_LUCK,
    Character,
    Slot,
    change_tag,
    clean,
    drop_relationship,
    promote,
    relationship_refusal,
    set_relationship,
    tag_refusal,
)
from .scenes import read_transition
from .step_dice import read_step, step_dice
from .twist import TWIST_AT, read_twist

CLOSE_REASONS = ("resolved", "blocked", "abandoned")
TRAITS = ("concept", "goal", "motive", "nemesis")
SLOTS = {slot.value: slot for slot in Slot}
WAITS_FOR_TWIST = (
    la.Ask,
    la.AskIfOver,
    la.BuildSetup,
    la.FrameScene,
    la.CloseScene,
    la.StartConflict,
    la.EndSession,
    la.Meanwhile,
    la.RollTransition,
)


class _Dice:
    """The game's dice: throw ``n`` of a game is keyed by its seed and ``n``, so a replay throws the same faces."""

    def __init__(self, seed: int, throw: int) -> None:
        self._draw = random.Random(f"loner:{seed}:{throw}")

    def randint(self, a: int, b: int) -> int:
        return self._draw.randint(a, b)


def _tags_refusal(tags_for: tuple[str, ...], tags_against: tuple[str, ...]) -> str | None:
    if any(not clean(t) for t in (*tags_for, *tags_against)):
        return "a tag cannot be blank"
    try:
        edge_from_tags(tags_for, tags_against)
    except TagError as error:
        return str(error)
    return None


def _npc(state: LonerState, id: str) -> Character | None:
    return next((c for c in state.npcs if c.id == id), None)


def refusal(state: LonerState, action: LonerAction) -> str | None:
    """Why ``action`` is not allowed now, in a player's words, or None."""
    if state.phase == "over":
        return "the adventure is over: its record is closed"
    if state.twist_due and isinstance(action, WAITS_FOR_TWIST):
        return "a Twist is due: roll it before anything else is rolled or framed"
    phase = state.phase
    match action:
        case la.RollTwist():
            return None if state.twist_due else "no Twist is due: the counter has not reached 3"
        case la.BuildSetup():
            if phase != "open":
                return "the setup is built between scenes"
            return "this session's setup is already built" if state.premise else None
        case la.FrameScene(kind, where, present, goal):
            if phase != "open":
                return "frame a scene once the last one is closed and its transition rolled"
            if state.next_kind == "meanwhile":
                return "the transition rolled a Meanwhile: play the world's turn first"
            if kind not in ("dramatic", "quiet"):
                return f"a scene is dramatic or quiet, not '{kind}'"
            if state.next_kind and kind != state.next_kind:
                return f"the transition opened a {state.next_kind} scene"
            missing = [n for n, t in (("where", where), ("who", present), ("goal", goal)) if not clean(t)]
            return f"a scene opens once where, who and goal are set; missing: {', '.join(missing)}" if missing else None
        case la.Ask(question, tags_for, tags_against):
            if phase == "open":
                if state.next_kind == "meanwhile":
                    return "the transition rolled a Meanwhile: play the world's turn first"
                if state.framing_asked:
                    return "one framing question per scene: frame the scene and play it"
            elif phase != "scene":
                return "questions are asked in a scene" if phase != "conflict" else "in a conflict, strike or withdraw"
            if not clean(question):
                return "type the question first: the oracle answers yes/no questions"
            return _tags_refusal(tags_for, tags_against)
        case la.AskIfOver():
            return None if phase == "scene" else "only an open scene can run its course"
        case la.CloseScene(reason, outcome):
            if phase != "scene":
                return "there is no open scene to close" if phase != "conflict" else "end the conflict first"
            if reason not in CLOSE_REASONS:
                return f"a scene closes resolved, blocked or abandoned, not '{reason}'"
            return None if clean(outcome) else "note the outcome before closing the scene"
        case la.RollTransition():
            return None if phase == "closing" else "the transition is rolled when a scene closes"
        case la.Meanwhile(holder, old, new):
            if phase != "open" or state.next_kind != "meanwhile":
                return "a Meanwhile is played when the transition rolls a 6"
            npc = _npc(state, holder)
            if npc is None or npc.gone:
                return f"'{holder}' is not a character in play"
            if not clean(new):
                return "the holder's move gives them a new tag: name it"
            return tag_refusal(npc, Slot.TAG, old, new)
        case la.EndSession():
            return None if phase == "open" else "a session ends between scenes"
        case la.BeginSession():
            return None if phase == "between" else "a new session starts after the last one ended"
        case la.EndAdventure():
            return None if phase == "between" else "an adventure ends between sessions"
        case la.StartConflict(opponents, _):
            if phase != "scene":
                return "a conflict starts in an open scene" if phase != "conflict" else "a conflict is going on"
            if not opponents:
                return "name at least one opponent"
            if len(set(opponents)) != len(opponents):
                return "an opponent is named twice"
            for id in opponents:
                npc = _npc(state, id)
                if npc is None or npc.gone:
                    return f"'{id}' is not a character in play"
            return None
        case la.Strike(target, tags_for, tags_against):
            if phase != "conflict" or state.bout is None:
                return "strikes are made in a conflict"
            if target not in {o.id for o in state.bout.standing}:
                return f"'{target}' is not an opponent with Luck left"
            return _tags_refusal(tags_for, tags_against)
        case la.Withdraw(cost):
            if phase != "conflict":
                return "there is no conflict to withdraw from"
            if not clean(cost):
                return "withdrawing costs something: name the tag it leaves you with"
            return tag_refusal(state.protagonist, Slot.TAG, "", cost)
        case la.Dissolve():
            return None if phase == "conflict" else "there is no conflict to dissolve"
        case la.ChangeTag(holder, slot, old, new):
            who = state.character(holder)
            if who is None:
                return f"'{holder}' is not a character"
            if slot not in SLOTS:
                return f"a tag sits in a skill, frailty, gear or tag slot, not '{slot}'"
            return tag_refusal(who, SLOTS[slot], old, new)
        case la.SetTrait(holder, trait, text):
            who = state.character(holder)
            if who is None:
                return f"'{holder}' is not a character"
            if trait not in TRAITS:
                return f"a trait is the concept, goal, motive or nemesis, not '{trait}'"
            if trait == "concept" and not clean(text):
                return "a character always has a Concept"
            if trait != "concept" and not who.living and clean(text):
                return "objects, vehicles and curses have no Goal, Motive or Nemesis"
            current = {"concept": who.concept, "goal": who.goal, "motive": who.motive, "nemesis": who.nemesis}
            return f"the {trait} is already that" if current[trait] == clean(text) else None
        case la.SetRelationship(holder, other, tag):
            who, whom = state.character(holder), state.character(other)
            if who is None or whom is None:
                return f"'{holder if who is None else other}' is not a character"
            return relationship_refusal(who, whom, tag)
        case la.AddCharacter(id, name, concept, _, tags):
            if not clean(id) or state.character(clean(id)) is not None:
                return f"the id '{id}' is blank or taken"
            if not clean(name) or not clean(concept):
                return "a new character needs a name and a Concept"
            return "a tag cannot be blank" if any(not clean(t) for t in tags) else None
        case la.MarkGone(id):
            npc = _npc(state, id)
            if npc is None:
                return f"'{id}' is not an NPC"
            return f"{npc.name} is already gone" if npc.gone else None
        case la.NoteLocation(name, tag, accessible):
            if not clean(name) or not clean(tag):
                return "a location needs a name and a tag"
            same = next((p for p in state.places if p.name.casefold() == clean(name).casefold()), None)
            if same is not None and same == Place(same.name, clean(tag), accessible):
                return "nothing changed there"
            return None
        case la.NoteEvent(name, pressure, addressed):
            if not clean(name) or not clean(pressure):
                return "an event needs a name and the pressure it puts on the world (or how it was dealt with)"
            known = next((e for e in state.world_events if e.name.casefold() == clean(name).casefold()), None)
            if known is not None and known == WorldEvent(known.name, clean(pressure), addressed):
                return "nothing changed about it"
            return None
    return f"{type(action).__name__} is not a Loner action"


# --- dice ---------------------------------------------------------------------------------------------------------


def _oracle(
    state: LonerState, tags_for: tuple[str, ...], tags_against: tuple[str, ...]
) -> tuple[Answer, bool, tuple[int, ...], str]:
    """Throw the oracle for the tags (pool or step dice): the answer, doubles, the faces, how the dice were read."""
    dice = _Dice(state.seed, state.rolls)
    if state.step_dice:
        pair = step_dice(len(normalise_tags(tags_for)), len(normalise_tags(tags_against)))
        roll = read_step(pair, dice.randint(1, pair.chance_faces), dice.randint(1, pair.risk_faces))
        how = f"{pair.label}: Chance {roll.chance} vs Risk {roll.risk}"
        return roll.answer, roll.doubles, (roll.chance, roll.risk), how
    reading = edge_from_tags(tags_for, tags_against)
    read = read_oracle(throw_oracle(dice, reading.edge))
    return read.answer, read.doubles, (*read.throw.chance, *read.throw.risk), read.reason


def _tick(state: LonerState, doubles: bool) -> tuple[LonerState, str]:
    """Doubles add 1 outside a conflict; at 3 a Twist is due and the counter goes back to 0 (LONER-TWIST)."""
    if not doubles or state.phase == "conflict":
        return state, ""
    reached = state.counter + 1
    if reached >= TWIST_AT:
        return replace(state, counter=0, twist_due=True), f" Doubles: the Twist Counter reaches {reached}, a Twist!"
    return replace(state, counter=reached), f" Doubles: the Twist Counter climbs to {reached}."


def _ask(
    state: LonerState, question: str, tags_for: tuple[str, ...], tags_against: tuple[str, ...], kind: str
) -> tuple[LonerState, Answer, LonerEvent]:
    answer, doubles, faces, how = _oracle(state, tags_for, tags_against)
    state = replace(state, rolls=state.rolls + 1)
    state, ticked = _tick(state, doubles)
    return state, answer, LonerEvent(kind, f"“{clean(question)}” {answer.label} ({how}).{ticked}", faces)


# --- apply ----------------------------------------------------------------------------------------------------------


def apply(state: LonerState, action: LonerAction) -> tuple[LonerState, list[LonerEvent]]:
    """The state after ``action`` and what happened; IllegalAction (the refusal) leaves ``state`` as it was."""
    reason = refusal(state, action)
    if reason is not None:
        raise IllegalAction(reason)
    match action:
        case la.BuildSetup():
            dice = _Dice(state.seed, state.rolls)
            faces = tuple(dice.randint(1, 6) for _ in range(6))
            setup = read_setup(book_tables(), faces)
            premise = tuple(d.entry for d in setup.draws)
            return replace(state, rolls=state.rolls + 1, premise=premise), [
                LonerEvent("setup", f"Setup: {setup.summary}.", faces)
            ]
        case la.FrameScene(kind, where, present, goal):
            number = state.scene.number + 1 if state.scene else 1
            scene = SceneNow(number, kind, clean(where), clean(present), clean(goal))
            after = replace(state, phase="scene", scene=scene, next_kind="", framing_asked=False)
            text = f"Scene {number} ({kind}): at {scene.where}, with {scene.who}; the goal: {scene.goal}."
            return after, [LonerEvent("framed", text)]
        case la.Ask(question, tags_for, tags_against):
            framing = state.phase == "open"
            after, _, event = _ask(state, question, tags_for, tags_against, "asked")
            return replace(after, framing_asked=after.framing_asked or framing), [event]
        case la.RollTwist():
            dice = _Dice(state.seed, state.rolls)
            twist = read_twist(book_tables(), dice.randint(1, 6), dice.randint(1, 6))
            after = replace(state, rolls=state.rolls + 1, twist_due=False)
            return after, [LonerEvent("twist", f"Twist: {twist.beat}.", (twist.subject_die, twist.action_die))]
        case la.CloseScene(reason, outcome):
            return _close(state, reason, outcome, [])
        case la.AskIfOver():
            after, answer, event = _ask(state, "Has this scene run its course?", (), (), "over-asked")
            if answer.is_yes:
                return _close(after, "ran its course", "it ran its course", [event])
            return after, [event]
        case la.RollTransition():
            die = _Dice(state.seed, state.rolls).randint(1, 6)
            transition = read_transition(book_tables(), die)
            after = replace(state, rolls=state.rolls + 1, phase="open", next_kind=transition.kind.value)
            return after, [LonerEvent("transition", f"Scene Transition: {transition.reason}.", (die,))]
        case la.Meanwhile(holder, old, new):
            return _meanwhile(state, holder, old, new)
        case la.EndSession():
            return replace(state, phase="between"), [LonerEvent("session", f"Session {state.session} ends.")]
        case la.BeginSession():
            after = replace(state, phase="open", session=state.session + 1, premise=(), framing_asked=False)
            return after, [LonerEvent("session", f"Session {after.session} begins.")]
        case la.EndAdventure():
            return replace(state, phase="over"), [LonerEvent("over", "The adventure ends; its record is closed.")]
        case la.StartConflict(opponents, single):
            return _start_conflict(state, opponents, single)
        case la.Strike(target, tags_for, tags_against):
            return _strike(state, target, tags_for, tags_against)
        case la.Withdraw(cost):
            assert state.bout is not None
            protagonist = change_tag(state.protagonist, Slot.TAG, "", cost)
            ended = withdraw_from(state.bout, cost)
            event = LonerEvent("withdrew", f"{state.protagonist.name} breaks off and takes the tag “{ended.cost}”.")
            return _end_conflict(replace(state, protagonist=protagonist), ended, [event])
        case la.Dissolve():
            assert state.bout is not None
            return _end_conflict(state, dissolve(state.bout), [LonerEvent("dissolved", "The opposition breaks up.")])
        case la.ChangeTag(holder, slot, old, new):
            who = state.character(holder)
            assert who is not None
            changed = change_tag(who, SLOTS[slot], old, new)
            if not clean(old):
                text = f"{who.name} earns the {slot} “{clean(new)}”."
            elif not clean(new):
                text = f"{who.name} loses the {slot} “{clean(old)}”."
            else:
                text = f"{who.name}'s {slot} “{clean(old)}” becomes “{clean(new)}”."
            return _with(state, changed), [LonerEvent("sheet", text)]
        case la.SetTrait(holder, trait, text):
            who = state.character(holder)
            assert who is not None
            changed = _set_trait(who, trait, clean(text))
            line = f"{who.name}'s {trait}: {clean(text)}." if clean(text) else f"{who.name} has no {trait} now."
            return _with(state, changed), [LonerEvent("sheet", line)]
        case la.SetRelationship(holder, other, tag):
            who, whom = state.character(holder), state.character(other)
            assert who is not None and whom is not None
            changed = set_relationship(who, whom, tag)
            return _with(state, changed), [LonerEvent("sheet", f"{who.name} and {whom.name}: “{clean(tag)}”.")]
        case la.AddCharacter(id, name, concept, living, tags):
            npc = promote(clean(id), name, concept, tags, living)
            kind = "character" if living else "object, vehicle or force"
            return replace(state, npcs=(*state.npcs, npc)), [LonerEvent("sheet", f"{npc.name} ({kind}) gets a sheet.")]
        case la.MarkGone(id):
            return _mark_gone(state, id)
        case la.NoteLocation(name, tag, accessible):
            place = Place(clean(name), clean(tag), accessible)
            kept = tuple(p for p in state.places if p.name.casefold() != place.name.casefold())
            reach = "" if accessible else " (out of reach)"
            return replace(state, places=(*kept, place)), [LonerEvent("world", f"{place.name}: {place.tag}{reach}.")]
        case la.NoteEvent(name, pressure, addressed):
            noted = WorldEvent(clean(name), clean(pressure), addressed)
            others = tuple(e for e in state.world_events if e.name.casefold() != noted.name.casefold())
            status = "dealt with" if addressed else "still hangs in the air"
            line = f"{noted.name} ({status}): {noted.pressure}."
            return replace(state, world_events=(*others, noted)), [LonerEvent("world", line)]
    raise IllegalAction(f"{type(action).__name__} is not a Loner action")  # pragma: no cover - refusal said so


def _set_trait(who: Character, trait: str, text: str) -> Character:
    if trait == "concept":
        return replace(who, concept=text)
    if trait == "goal":
        return replace(who, goal=text)
    if trait == "motive":
        return replace(who, motive=text)
    return replace(who, nemesis=text)


def _with(state: LonerState, changed: Character) -> LonerState:
    if changed.id == state.protagonist.id:
        return replace(state, protagonist=changed)
    return replace(state, npcs=tuple(changed if c.id == changed.id else c for c in state.npcs))


def _close(
    state: LonerState, reason: str, outcome: str, events: list[LonerEvent]
) -> tuple[LonerState, list[LonerEvent]]:
    assert state.scene is not None
    scene = replace(state.scene, closed=reason, outcome=clean(outcome))
    text = f"Scene {scene.number} closes ({reason}): {scene.outcome}."
    return replace(state, scene=scene, phase="closing"), [*events, LonerEvent("closed", text)]


def _meanwhile(state: LonerState, holder: str, old: str, new: str) -> tuple[LonerState, list[LonerEvent]]:
    npc = _npc(state, holder)
    assert npc is not None
    moved = change_tag(npc, Slot.TAG, old, new)
    first = LonerEvent("meanwhile-move", f"Meanwhile, {npc.name} moves: now “{clean(new)}”.")
    after, answer, asked = _ask(_with(state, moved), "Does an ally or wildcard act on their own?", (), (), "meanwhile")
    follow = "someone close to the last events acts" if answer.is_yes else "they hold"
    asked = LonerEvent(asked.kind, f"{asked.text} So {follow}.", asked.dice)
    return replace(after, next_kind=""), [first, asked]


def _start_conflict(state: LonerState, ids: tuple[str, ...], single: bool) -> tuple[LonerState, list[LonerEvent]]:
    named = tuple((id, next(c.name for c in state.npcs if c.id == id)) for id in ids)
    bout = begin_bout(named, single)
    sides = ", ".join(f"{o.name} {o.luck}" for o in bout.opponents)
    how = "as one entity" if single and len(ids) > 1 else "each with their own Luck" if len(ids) > 1 else ""
    text = f"Conflict{' ' + how if how else ''}: {state.protagonist.name} {bout.protagonist_luck} Luck against {sides}."
    after = replace(state, phase="conflict", bout=bout, protagonist=replace(state.protagonist, luck=STARTING_LUCK))
    return after, [LonerEvent("conflict", text)]


def _strike(
    state: LonerState, target: str, tags_for: tuple[str, ...], tags_against: tuple[str, ...]
) -> tuple[LonerState, list[LonerEvent]]:
    assert state.bout is not None
    answer, _, faces, how = _oracle(state, tags_for, tags_against)
    try:
        bout, blow = strike(state.bout, answer, target)
    except BoutError as error:  # pragma: no cover - refusal checked the target
        raise IllegalAction(str(error)) from None
    who = bout.opponent(target).name if blow.target else state.protagonist.name
    text = f"{answer.label} ({how}): {who} loses {blow.amount} Luck ({blow.before} → {blow.after})."
    events = [LonerEvent("struck", text, faces)]
    after = replace(
        state, rolls=state.rolls + 1, bout=bout, protagonist=replace(state.protagonist, luck=bout.protagonist_luck)
    )
    if bout.result:
        return _end_conflict(after, bout, events)
    return after, events


def _end_conflict(state: LonerState, bout: Bout, events: list[LonerEvent]) -> tuple[LonerState, list[LonerEvent]]:
    """Every side's Luck goes back to 6 when a conflict ends (LONER-HL-RESET)."""
    told = {
        "won": "The opposition is out of Luck: the conflict is won",
        "lost": f"{state.protagonist.name} is out of Luck: the conflict is lost",
        "withdrawn": "The conflict is broken off",
        "dissolved": "The conflict dissolves",
    }[bout.result]
    end = LonerEvent("conflict-over", f"{told}. Luck resets to {STARTING_LUCK} for everyone.")
    after = replace(state, phase="scene", bout=None, protagonist=replace(state.protagonist, luck=STARTING_LUCK))
    return after, [*events, end]


def _mark_gone(state: LonerState, id: str) -> tuple[LonerState, list[LonerEvent]]:
    """The NPC leaves play; every relationship held towards them becomes history (LONER-WORLD-GONE)."""
    npc = _npc(state, id)
    assert npc is not None
    history = list(state.history)
    after = _with(state, replace(npc, gone=True))
    for holder in (after.protagonist, *after.npcs):
        kept, tag = drop_relationship(holder, id)
        if tag:
            history.append(f"{holder.name} and {npc.name}: “{tag}” ({npc.name} is gone)")
            after = _with(after, kept)
    return replace(after, history=tuple(history)), [LonerEvent("world", f"{npc.name} is gone from the story.")]
