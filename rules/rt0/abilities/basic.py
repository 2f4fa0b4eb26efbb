"""The abilities every player has (CMB-UNARMED … CMB-HONK)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Final

from ..campaign.items import weapon_bonus
from ..campaign.skill_check import CheckResult, Difficulty, Edge, SkillCheck, resolve
from ..cards import CARDS, CardId, Suit
from ..fight.decisions import ask, context_of, decision_context, decision_targets, resolver, target_of
from ..fight.effects import discard_ability, draw, generate_shield, move, offer_strike
from ..fight.events import Event, Honked, LeftCombat, SkillCheckJudged, SkillCheckMade
from ..fight.identity import is_wild, value
from ..fight.intents import redraw_intent
from ..fight.modifiers import (
    concentrate_cards,
    concentrate_magic_damage,
    concentrate_redraws_intent,
    concentrate_shield,
    defend_shield,
    move_skill_cards,
    run_away_cards,
    unarmed_damage,
    unarmed_ranged,
)
from ..fight.state import (
    GM,
    NOBODY,
    CombatState,
    Context,
    Fighter,
    FighterTarget,
    ModeTarget,
    Option,
    PendingDecision,
    Target,
    ZoneTarget,
)
from ..fight.zones import zone_name
from ..traits import Skill, Trait
from .base import ABILITIES, Ability, Progress, card_sum
from .belongings import draw_combat_check, offer_headphones
from .injury_effects import check_terms


class SumAbility(Ability):
    """Fires when the values on it add up to ``target`` or more."""

    target = 10

    def progress(self, state: CombatState, fighter: Fighter, cards: list[CardId]) -> Progress:
        return Progress(card_sum(fighter, cards), self.target, "sum")

    def is_complete(self, state: CombatState, fighter: Fighter, cards: list[CardId]) -> bool:
        return card_sum(fighter, cards) >= self.target


class CountAbility(Ability):
    """Fires when it holds a number of cards that may depend on the fighter's traits."""

    def needed(self, fighter: Fighter) -> int:
        raise NotImplementedError

    def progress(self, state: CombatState, fighter: Fighter, cards: list[CardId]) -> Progress:
        return Progress(len(cards), self.needed(fighter), "cards")

    def is_complete(self, state: CombatState, fighter: Fighter, cards: list[CardId]) -> bool:
        return len(cards) >= self.needed(fighter)


class UnarmedStrike(SumAbility):
    id = "unarmed_strike"
    name = "Unarmed Strike"
    summary = "Wands or Swords; they stay between turns. At 10 or more: melee damage or weaker ranged damage."
    keeps_cards = True
    suits = (Suit.WANDS, Suit.SWORDS)

    def effect_text(self, fighter: Fighter) -> str:
        melee, ranged = self.amounts(fighter)
        return f"{melee} damage or {ranged} ranged damage"

    def amounts(self, fighter: Fighter) -> tuple[int, int]:
        """Melee and ranged damage, a weapon's bonus on both (ITM-CAST-IRON-PAN: only the highest weapon counts)."""
        bonus = weapon_bonus(fighter.items) if fighter.items else 0
        return unarmed_damage(fighter.traits) + bonus, unarmed_ranged(fighter.traits) + bonus

    def resolve(self, state: CombatState, fighter: Fighter, events: list[Event]) -> None:
        cards = discard_ability(state, fighter, self.id, events, fired=True)
        self.announce(state, fighter, cards, events)
        melee, ranged = self.amounts(fighter)
        modes = [(melee, False, False), (ranged, True, False)]
        offer_strike(state, fighter, modes, events, self.name)


class Defend(SumAbility):
    id = "defend"
    name = "Defend"
    summary = "Cups or Pentacles. At 10 or more: gain Shield."
    suits = (Suit.CUPS, Suit.PENTACLES)

    def effect_text(self, fighter: Fighter) -> str:
        return f"{defend_shield(fighter.traits)} Shield"

    def resolve(self, state: CombatState, fighter: Fighter, events: list[Event]) -> None:
        cards = discard_ability(state, fighter, self.id, events, fired=True)
        self.announce(state, fighter, cards, events)
        generate_shield(state, fighter, defend_shield(fighter.traits), events)


class Concentrate(CountAbility):
    id = "concentrate"
    name = "Concentrate"
    summary = (
        "Major Arcana; they stay between turns. When full: draw a card (Clever also deals 1 magic damage "
        "and gains 1 Shield; Charming may make an adversary redraw its intent)."
    )
    keeps_cards = True
    suits = (Suit.MAJOR,)

    def needed(self, fighter: Fighter) -> int:
        return concentrate_cards(fighter.traits)

    def effect_text(self, fighter: Fighter) -> str:
        extra = ", 1 magic damage and 1 Shield" if Trait.CLEVER in fighter.traits else ""
        return f"draw a card{extra}"

    def resolve(self, state: CombatState, fighter: Fighter, events: list[Event]) -> None:
        cards = discard_ability(state, fighter, self.id, events, fired=True)
        self.announce(state, fighter, cards, events)
        draw(state, fighter, 1, events)
        if concentrate_shield(fighter.traits):
            generate_shield(state, fighter, concentrate_shield(fighter.traits), events)
        if concentrate_magic_damage(fighter.traits):
            offer_strike(state, fighter, [(concentrate_magic_damage(fighter.traits), False, True)], events, self.name)
        if concentrate_redraws_intent(fighter.traits):
            options = [
                Option(f"{a.name} redraws its intent", FighterTarget(a.id)) for a in state.adversaries if a.active
            ]
            if options:
                options.append(Option("No redraw", NOBODY))
                ask(state, "charm-redraw", fighter.id, "Make an adversary redraw its intent?", options, events)


decision_targets("charm-redraw", FighterTarget)


@resolver("charm-redraw")
def _charm_redraw(state: CombatState, decision: PendingDecision, option: Option, events: list[Event]) -> None:
    chosen = target_of(option, FighterTarget)
    if chosen != NOBODY:
        redraw_intent(state, state.adversary(chosen.fighter), events)


class MovementSkill(CountAbility):
    id = "move_skill"
    name = "Movement / Skill"
    summary = "Any card. When full: move one zone, or make a skill check from a freshly shuffled deck."

    def needed(self, fighter: Fighter) -> int:
        return move_skill_cards(fighter.traits)

    def effect_text(self, fighter: Fighter) -> str:
        return "move one zone or make a skill check"

    def resolve(self, state: CombatState, fighter: Fighter, events: list[Event]) -> None:
        cards = discard_ability(state, fighter, self.id, events, fired=True)
        self.announce(state, fighter, cards, events)
        assert fighter.zone is not None
        options = [Option(f"Move to {zone_name(z)}", ZoneTarget(*z)) for z in state.room.neighbours(fighter.zone)]
        # an injury may bar every skill (Delirium on a Dull Report Card): then moving is all there is
        if not fighter.injuries or allowed_skills(state, fighter):
            options.append(Option("Make a skill check", CHECK_INSTEAD))
        ask(state, "step", fighter.id, "Move one zone, or make a skill check?", options, events)


def allowed_skills(state: CombatState, fighter: Fighter) -> list[Skill]:
    """The skills the fighter may check in the fight; an injury may bar some or all (INJ-MAJOR)."""
    return [skill for skill in Skill if check_terms(state, fighter, skill).refusal is None]


@resolver("step")
def _step(state: CombatState, decision: PendingDecision, option: Option, events: list[Event]) -> None:
    fighter = state.fighter(decision.actor)
    if option.value == CHECK_INSTEAD:
        options = [Option(skill.value, SkillTarget(skill)) for skill in allowed_skills(state, fighter)]
        ask(state, CHECK_SKILL, fighter.id, "Which skill does the check use?", options, events)
        return
    move(state, fighter, target_of(option, ZoneTarget).zone, events)


CHECK_INSTEAD = ModeTarget("check")  # Movement/Skill's "Make a skill check" beside its zones
LEAVE = ModeTarget("leave")  # Run Away's "Leave the fight"


@dataclass(frozen=True, slots=True)
class TaggedZone(Target):
    """A zone Run Away offered in a save written before zones were typed: ("zone", column, row)."""

    tag: str
    column: int
    row: int

    def __init__(self, tag: str, column: int, row: int) -> None:
        object.__setattr__(self, "tag", tag)
        object.__setattr__(self, "column", column)
        object.__setattr__(self, "row", row)


decision_targets("step", ZoneTarget, ModeTarget)
decision_targets("run", ZoneTarget, ModeTarget, TaggedZone)


CHECK_SKILL = "check-skill"
CHECK_DIFFICULTY = "check-difficulty"


@dataclass(frozen=True, slots=True)
class SkillTarget(Target):
    """A skill a check may use (Movement/Skill's check-skill options)."""

    skill: Skill

    def __init__(self, skill: Skill) -> None:
        object.__setattr__(self, "skill", skill)


@dataclass(frozen=True, slots=True)
class DifficultyTarget(Target):
    """How hard a check is (the GM's check-difficulty options)."""

    difficulty: Difficulty

    def __init__(self, difficulty: Difficulty) -> None:
        object.__setattr__(self, "difficulty", difficulty)


@dataclass(frozen=True, slots=True)
class CheckAsked(Context):
    """The GM sets how hard a fighter's in-fight check is: whose check, and on which skill."""

    fighter: str
    skill: Skill

    def __init__(self, fighter: str, skill: Skill) -> None:
        object.__setattr__(self, "fighter", fighter)
        object.__setattr__(self, "skill", skill)


decision_context(CheckAsked, CHECK_DIFFICULTY)
decision_targets(CHECK_SKILL, SkillTarget)
decision_targets(CHECK_DIFFICULTY, DifficultyTarget)


@resolver(CHECK_SKILL)
def _check_skill(state: CombatState, decision: PendingDecision, option: Option, events: list[Event]) -> None:
    fighter = state.fighter(decision.actor)
    skill = target_of(option, SkillTarget).skill
    options = [Option(level.title, DifficultyTarget(level)) for level in Difficulty]
    prompt = f"How hard is {fighter.name}'s {skill.value} check?"
    ask(state, CHECK_DIFFICULTY, GM, prompt, options, events, CheckAsked(fighter.id, skill))


@resolver(CHECK_DIFFICULTY)
def _check_difficulty(state: CombatState, decision: PendingDecision, option: Option, events: list[Event]) -> None:
    """SKL-IN-COMBAT: the discard is shuffled into the deck first; hand and bins stay apart."""
    asked = context_of(decision, CheckAsked)
    fighter, skill = state.fighter(asked.fighter), asked.skill
    level = target_of(option, DifficultyTarget).difficulty
    check, result = draw_combat_check(state, fighter, skill, level, events)
    first, second = result.readings[0], result.readings[-1]
    if check.edge is Edge.PENALTY and first.outcome is not second.outcome:
        # SKL-PENALTY: "whichever card the GM decides is the worse"; the stand-in answers by the outcomes in solo
        readings = enumerate(result.readings)
        options = [
            Option(f"{CARDS[r.card].name}: {r.outcome.value}", ReadingTarget(i, r.outcome.rank)) for i, r in readings
        ]
        prompt = f"Penalty: {fighter.name} drew two cards. Which is the worse, the one that counts?"
        context = PenaltyAsked(fighter.id, skill, check.difficulty, result.cards)
        ask(state, PENALTY_PICK, GM, prompt, options, events, context)
        return
    _check_made(state, fighter, skill, check.difficulty, result, events)
    offer_headphones(state, fighter, skill, result, events)


PENALTY_PICK = "gm-worse"


@dataclass(frozen=True, slots=True)
class ReadingTarget(Target):
    """One of the cards a Penalty check drew: its place among the readings and its outcome's rank (lower is worse)."""

    reading: int
    rank: int

    def __init__(self, reading: int, rank: int) -> None:
        object.__setattr__(self, "reading", reading)
        object.__setattr__(self, "rank", rank)


@dataclass(frozen=True, slots=True)
class PenaltyAsked(Context):
    """The GM picks the worse card of a Penalty check: whose check, its skill and difficulty, and the cards drawn."""

    fighter: str
    skill: Skill
    difficulty: Difficulty
    cards: tuple[int, ...]

    def __init__(self, fighter: str, skill: Skill, difficulty: Difficulty, cards: tuple[int, ...]) -> None:
        object.__setattr__(self, "fighter", fighter)
        object.__setattr__(self, "skill", skill)
        object.__setattr__(self, "difficulty", difficulty)
        object.__setattr__(self, "cards", cards)


decision_context(PenaltyAsked, PENALTY_PICK)
decision_targets(PENALTY_PICK, ReadingTarget)


@resolver(PENALTY_PICK)
def _penalty_pick(state: CombatState, decision: PendingDecision, option: Option, events: list[Event]) -> None:
    asked = context_of(decision, PenaltyAsked)
    fighter, skill, difficulty, cards = state.fighter(asked.fighter), asked.skill, asked.difficulty, asked.cards
    terms = check_terms(state, fighter, skill)
    check = SkillCheck(difficulty, fighter.arcana, Edge.PENALTY, True, terms.critical_failures)
    result = resolve(check, tuple(cards))
    kept = result.readings[target_of(option, ReadingTarget).reading]
    names = " and ".join(CARDS[r.card].name for r in result.readings)
    why = f"Penalty, {names}: the GM judged the {CARDS[kept.card].name} the worse. {kept.reason}"
    if not state.quiet:
        events.append(
            SkillCheckJudged(fighter.id, skill.value, difficulty.title, tuple(cards), kept.outcome.name.lower(), why)
        )
    offer_headphones(state, fighter, skill, replace(result, kept=kept), events)


def _check_made(
    state: CombatState, fighter: Fighter, skill: Skill, difficulty: Difficulty, result: CheckResult, events: list[Event]
) -> None:
    if not state.quiet:
        outcome = result.outcome.name.lower()
        events.append(SkillCheckMade(fighter.id, skill.value, difficulty.title, result.cards, outcome, result.reason))


class RunAway(CountAbility):
    id = "run_away"
    name = "Run Away"
    summary = (
        "Any card, then each next card one above the highest or one below the lowest. When full: move to any "
        "empty zone or leave the fight."
    )

    def needed(self, fighter: Fighter) -> int:
        return run_away_cards(fighter.traits)

    def takes(self, state: CombatState, fighter: Fighter, card: CardId) -> bool:
        cards = fighter.bins.get(self.id)
        if not cards or is_wild(fighter, card):
            return True
        values = [value(fighter, c) for c in cards]
        return value(fighter, card) in (min(values) - 1, max(values) + 1)

    def reason(self, state: CombatState, fighter: Fighter, card: CardId) -> str:
        values = [value(fighter, c) for c in fighter.bins[self.id]]
        wanted = _either(min(values) - 1, max(values) + 1)
        return f"Run Away needs {wanted} next; {CARDS[card].name} is {value(fighter, card)}."

    def progress(self, state: CombatState, fighter: Fighter, cards: list[CardId]) -> Progress:
        done = super().progress(state, fighter, cards)
        if not cards:
            return done
        values = [value(fighter, c) for c in cards]
        return Progress(done.have, done.need, "cards", _either(min(values) - 1, max(values) + 1))

    def effect_text(self, fighter: Fighter) -> str:
        return "move to any empty zone or leave the fight"

    def resolve(self, state: CombatState, fighter: Fighter, events: list[Event]) -> None:
        taken = {f.zone for f in state.fighters if f.in_combat} | {a.zone for a in state.adversaries if a.active}
        options = [Option(f"Run to {zone_name(z)}", ZoneTarget(*z)) for z in state.room.zones() if z not in taken]
        options.append(Option("Leave the fight", LEAVE))
        # The cards go after the move ("then discard"); ask first so the bin shows them while choosing.
        ask(state, "run", fighter.id, "Run where?", options, events)


@resolver("run")
def _run(state: CombatState, decision: PendingDecision, option: Option, events: list[Event]) -> None:
    fighter = state.fighter(decision.actor)
    if option.value == LEAVE:
        fighter.zone = None
        if not state.quiet:
            events.append(LeftCombat(fighter.id))
    elif isinstance(option.value, TaggedZone):  # a state saved before zones were typed
        move(state, fighter, (option.value.column, option.value.row), events)
    else:
        move(state, fighter, target_of(option, ZoneTarget).zone, events)
    cards = discard_ability(state, fighter, RunAway.id, events, fired=True)
    ABILITIES[RunAway.id].announce(state, fighter, cards, events)


class Honk(Ability):
    id = "honk"
    name = "Honk"
    summary = "Any card, discarded at once. Foolish characters must honk once every turn."

    def progress(self, state: CombatState, fighter: Fighter, cards: list[CardId]) -> Progress:
        return Progress(len(cards), 1, "cards")

    def effect_text(self, fighter: Fighter) -> str:
        return "honk!"

    def resolve(self, state: CombatState, fighter: Fighter, events: list[Event]) -> None:
        cards = discard_ability(state, fighter, self.id, events, fired=True)
        fighter.honked = True
        self.announce(state, fighter, cards, events)
        if not state.quiet:
            events.append(Honked(fighter.id))


def _either(low: int, high: int) -> str:
    values = [v for v in (low, high) if 0 <= v <= 21]
    return " or ".join(str(v) for v in values) or "nothing (the run cannot grow)"


BASE_ABILITIES: Final = (UnarmedStrike.id, Defend.id, Concentrate.id, MovementSkill.id, RunAway.id, Honk.id)
