"""Loner 4e on the seam every game plugs into (``rules/seam.py``): a solo story game of scenes and an oracle."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from ..game_json import TaggedActions, canonical, decode_checked, digest, encode
from ..seam import OMNISCIENT, RulesError, Ruleset, Seat
from . import loner_actions as la
from .loner_actions import ACTION_TYPES, REVEALING, LonerAction, LonerEvent
from .loner_flow import CLOSE_REASONS, SLOTS, apply, refusal
from .loner_state import KINDS, PHASES, LonerSetup, LonerState
from .protagonist import Character, ProtagonistDraft, character_refusal, make_protagonist
from .tables import LonerDataError

KEY = "loner"
PLAYER: Seat = "protagonist"  # the seat that plays; with no GM, the one who asks also reads the answer
# "action" names the type: FrameScene has a field called kind
ACTIONS: TaggedActions[LonerAction] = TaggedActions("action", ACTION_TYPES, "a Loner action")


def new_game(setup: LonerSetup, seed: int) -> tuple[LonerState, list[LonerEvent]]:
    """The opening state: every sheet as set up, Luck 6, the Twist Counter at 0, no scene yet."""
    problem = setup_problem(setup)
    if problem:
        raise RulesError(f"setup.{problem}")
    state = LonerState(setup.protagonist, setup.npcs, setup.step_dice, setup.setting, seed)
    oracle = "the Step Dice Oracle (d6, d8, d10)" if setup.step_dice else "the oracle (Chance and Risk d6)"
    where = f" in {setup.setting}" if setup.setting else ""
    text = f"{setup.protagonist.name}, {setup.protagonist.concept}, starts{where} with 6 Luck; the table uses {oracle}."
    opening = [LonerEvent("begun", text)]
    if setup.build_setup:
        state, built = apply(state, la.BuildSetup())
        opening += built
    return state, opening


def setup_problem(setup: LonerSetup) -> str | None:
    """What makes a set-up one the rules cannot start, or None."""
    for where, character in (("protagonist", setup.protagonist), *((f"npcs.{c.id}", c) for c in setup.npcs)):
        why = character_refusal(character)
        if why:
            return f"{where}: {why}"
    ids = [setup.protagonist.id, *(c.id for c in setup.npcs)]
    if len(set(ids)) != len(ids):
        return "npcs: two characters share an id"
    return None


def state_problem(state: LonerState) -> str | None:
    """What makes a decoded state one this game could not have made (a save edited by hand), or None."""
    if state.phase not in PHASES:
        return f"phase: '{state.phase}' is not a phase ({', '.join(PHASES)})"
    if not 0 <= state.counter <= 2:
        return f"counter: the Twist Counter holds 0 to 2 between rolls, not {state.counter}"
    if state.next_kind not in ("", *KINDS):
        return f"next_kind: '{state.next_kind}' is not a kind of scene"
    if state.rolls < 0 or state.session < 1:
        return "rolls and session cannot be below 0 and 1"
    if (state.phase == "conflict") != (state.bout is not None):
        return "bout: a conflict is in play exactly in the conflict phase"
    if state.phase in ("scene", "closing") and state.scene is None:
        return f"scene: the phase '{state.phase}' needs a scene"
    if len(state.premise) not in (0, 6):
        return "premise: the 5W+H setup has six entries"
    return setup_problem(LonerSetup(state.protagonist, state.npcs))


class LonerRules:
    """The Ruleset for Loner: Setup = LonerSetup, State = LonerState, Action = LonerAction, Event = LonerEvent."""

    key = KEY
    title = "Loner"

    def new_state(self, setup: LonerSetup, seed: int) -> tuple[LonerState, list[LonerEvent]]:
        return new_game(setup, seed)

    def legal_actions(self, state: LonerState) -> Sequence[LonerAction]:
        return [a for a in candidates(state) if refusal(state, a) is None]

    def refusal(self, state: LonerState, action: LonerAction) -> str | None:
        return refusal(state, action)

    def apply(self, state: LonerState, action: LonerAction) -> tuple[LonerState, list[LonerEvent]]:
        return apply(state, action)

    def reveals(self, event: LonerEvent) -> bool:
        """Dice rolled: undo stops there."""
        return event.kind in REVEALING

    def is_over(self, state: LonerState) -> bool:
        return state.phase == "over"

    def seats_to_act(self, state: LonerState) -> frozenset[Seat]:
        return frozenset() if state.phase == "over" else frozenset({PLAYER})

    def observe(self, state: LonerState, seat: Seat) -> LonerState:
        """Nothing on the table is secret but the dice to come (the seed)."""
        return state if seat == OMNISCIENT else replace(state, seed=0)

    def state_hash(self, state: LonerState) -> str:
        return digest(canonical(encode(state)))[:16]

    def encode_state(self, state: LonerState) -> dict[str, Any]:
        encoded: dict[str, Any] = encode(state)
        return encoded

    def decode_state(self, data: Any) -> LonerState:
        return decode_checked(LonerState, data, "state", state_problem)

    def encode_action(self, action: LonerAction) -> dict[str, Any]:
        return ACTIONS.encode(action)

    def decode_action(self, data: Any) -> LonerAction:
        return ACTIONS.decode(data)

    def encode_setup(self, setup: LonerSetup) -> dict[str, Any]:
        encoded: dict[str, Any] = encode(setup)
        return encoded

    def decode_setup(self, data: Any) -> LonerSetup:
        return decode_checked(LonerSetup, data, "setup", setup_problem)

    def narrate(self, state: LonerState, event: LonerEvent) -> str:
        return event.text

    def sample_setup(self, seed: int) -> LonerSetup:
        return sample_setup(seed)

    def action_space(self, state: LonerState) -> Sequence[LonerAction]:
        return action_space(state)


# --- the actions a table offers, and every shape for the conformance suite ---------------------------------------


def candidates(state: LonerState) -> list[LonerAction]:
    """Every action shape with the words the state already holds (its tags, its NPCs) and one example of new
    words: what ``legal_actions`` filters through ``refusal``. Words the player types are free, so a table offers
    these as templates."""
    hero = state.protagonist
    npcs = [c for c in state.npcs if not c.gone]
    ids = [c.id for c in npcs]
    found: list[LonerAction] = [la.RollTwist(), la.BuildSetup(), la.AskIfOver(), la.RollTransition()]
    found += [la.FrameScene(kind, "a crowded station", "the Protagonist alone", "get through") for kind in KINDS]
    skill, frailty = (hero.skills or ("",))[0], (hero.frailties or ("",))[0]
    asks: list[tuple[str, tuple[str, ...], tuple[str, ...]]] = [("Does it go my way?", (), ())]
    if skill:
        asks.append(("Does my skill carry it?", (skill,), ()))
    if frailty:
        asks.append(("Does my weakness let me through?", (), (frailty,)))
    found += [la.Ask(q, f, a) for q, f, a in asks]
    found += [la.CloseScene(reason, "it came out as it did") for reason in CLOSE_REASONS]
    found += [la.EndSession(), la.BeginSession(), la.EndAdventure(), la.Dissolve(), la.Withdraw("Winded")]
    for npc in npcs:
        found.append(la.Meanwhile(npc.id, npc.tags[0] if npc.tags else "", "On the move"))
        found.append(la.StartConflict((npc.id,), True))
        found.append(la.SetRelationship(hero.id, npc.id, "Uneasy Ally"))
        found.append(la.MarkGone(npc.id))
    if len(ids) > 1:
        found += [la.StartConflict(tuple(ids[:2]), True), la.StartConflict(tuple(ids[:2]), False)]
    if state.bout is not None:
        for foe in state.bout.opponents:
            found += [la.Strike(foe.id, (), ())] + ([la.Strike(foe.id, (skill,), ())] if skill else [])
    found += [la.ChangeTag(hero.id, "tag", "", "Marked")]
    found += [la.ChangeTag(hero.id, "tag", tag, "") for tag in hero.tags]
    found += [la.ChangeTag(hero.id, "skill", hero.skills[0], "Seasoned " + hero.skills[0])] if hero.skills else []
    found += [la.SetTrait(hero.id, "goal", "Find the way home"), la.SetTrait(hero.id, "nemesis", "The Old Order")]
    found += [la.AddCharacter(f"npc-{len(state.npcs) + 1}", "A recurring stranger", "Watcher in grey", True)]
    found += [la.NoteLocation("The safehouse", "Burned to the ground"), la.NoteEvent("The blackout", "Still spreading")]
    return list(dict.fromkeys(found))


def action_space(state: LonerState) -> list[LonerAction]:
    """Every shape, legal or not: blank words, unknown ids, wrong kinds and slots, out of phase."""
    hero = state.protagonist.id
    found = candidates(state)
    found += [la.Ask("", (), ()), la.Ask("Is it so?", ("x",), ("x",)), la.Ask("Is it so?", ("",), ())]
    found += [la.FrameScene("epic", "here", "me", "win"), la.FrameScene("dramatic", "", "me", "win")]
    found += [la.CloseScene("bored", "done"), la.CloseScene("resolved", " ")]
    found += [la.Meanwhile("nobody", "", "Ready"), la.StartConflict((), True), la.StartConflict(("nobody",), False)]
    found += [la.Strike("nobody", (), ()), la.Withdraw(""), la.ChangeTag(hero, "aura", "", "Glow")]
    found += [la.ChangeTag("nobody", "tag", "", "x"), la.ChangeTag(hero, "tag", "no such tag", "")]
    found += [la.SetTrait(hero, "concept", ""), la.SetTrait(hero, "height", "tall"), la.SetTrait("nobody", "goal", "x")]
    found += [la.SetRelationship(hero, hero, "Self"), la.SetRelationship(hero, "nobody", "x")]
    found += [la.AddCharacter(hero, "Twin", "Double", True), la.AddCharacter("", "x", "y", True)]
    found += [la.MarkGone("nobody"), la.MarkGone(hero), la.NoteLocation("", "x"), la.NoteEvent("x", "")]
    if state.npcs:
        found += [la.StartConflict((state.npcs[0].id, state.npcs[0].id), True)]
    return list(dict.fromkeys(found))


# --- a quick start ---------------------------------------------------------------------------------------------------

_PROTAGONISTS = (
    ProtagonistDraft(
        "Ines Varga",
        "Disgraced Courier",
        ("Knows Every Back Road", "Fast Talker"),
        "Owes Everyone",
        ("Battered Motorbike", "Forged Papers"),
    ),
    ProtagonistDraft(
        "Tomas Reyes",
        "Haunted Lighthouse Keeper",
        ("Reads the Weather", "Old Sailor's Knots"),
        "Cannot Leave the Coast",
        ("Storm Lantern", "Brass Spyglass"),
        "Find the drowned bell",
        "His brother rang it last",
    ),
)
_NPCS = (
    Character(
        "warden",
        "Warden Hale",
        "Tireless Customs Officer",
        ("Spots a Lie",),
        ("By the Book",),
        tags=("Searching the Docks",),
    ),
    Character("marrow", "The Marrow Gang", "Dockside Smugglers", ("Outnumber Anyone",), ("Poor Coordination",)),
    Character("skiff", "The Grey Skiff", "Leaky Smuggling Boat", ("Silent Engine",), ("Takes on Water",), living=False),
)


def sample_setup(seed: int) -> LonerSetup:
    """A ready Protagonist and 0-3 NPCs, drawn from ``seed``; house content for quick starts and tests."""
    draw = random.Random(seed)
    hero = make_protagonist(draw.choice(_PROTAGONISTS))
    npcs = tuple(draw.sample(_NPCS, draw.randint(0, len(_NPCS))))
    # A quick start always builds its premise, so a game shows its first dice in its opening.
    return LonerSetup(hero, npcs, draw.random() < 0.5, draw.choice(("", "a rainy port city")), build_setup=True)


RULES: Ruleset[LonerSetup, LonerState, LonerAction, LonerEvent] = LonerRules()  # mypy checks it meets the seam

__all__ = ["KEY", "PLAYER", "RULES", "SLOTS", "LonerDataError", "LonerRules", "new_game", "sample_setup"]
