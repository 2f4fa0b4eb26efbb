"""What injuries do in a fight (INJ-MAJOR, INJ-MINOR): one standing rule (a passive ability) per effect kind.

``engine.fight_abilities`` adds the ability of every combat effect a fighter's injuries have in force
(``INJURY_ABILITIES``, read from the catalogue through ``effects_in_force``); each enforces its effect through the
ordinary hooks, so the turn loop knows nothing of injuries. Amounts are read from the fighter's injuries at the
time, so two injuries with the same kind (Dizzy and Hex: a card each in the first round) add up. Every hook first
asks ``held``: an injury healed mid-fight (Temperance, A Mistake Will Soon Be Corrected, Aquarius) stops acting at
once, though its rule stays among the fighter's abilities.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ..campaign.injuries import (
    CRITICAL,
    CheckTerms,
    Severity,
    effects_in_force,
    escalation,
    injuries_with,
    injury_check_terms,
)
from ..cards import CARDS, CardId, Suit, by_name
from ..fight.decisions import ask, decision_context, decision_targets, resolver, target_of
from ..fight.effects import after_draw, damage_fighter, discard_ability, draw, lose_hp
from ..fight.events import CardsDiscarded, DamageWasted, DeckShuffled, Event, FighterDied, InjuryTaken, InjuryTreated
from ..fight.identity import forget
from ..fight.registry import hooks
from ..fight.state import Adversary, CardTarget, CombatState, Context, Fighter, Option, PendingDecision
from ..traits import Skill
from .base import Ability, Progress

KNIGHT = 12


class InjuryRule(Ability):
    """A standing rule an injury brings: no cards of its own, never played on."""

    playable = False
    passive = True
    kind: ClassVar[str] = ""  # the catalogue's effect kind this rule enforces

    def progress(self, state: CombatState, fighter: Fighter, cards: list[CardId]) -> Progress:
        return Progress(0, 0, "cards")

    def is_complete(self, state: CombatState, fighter: Fighter, cards: list[CardId]) -> bool:
        return False

    def held(self, fighter: Fighter) -> bool:
        """Whether an injury behind this rule is still held. The one test every hook of every injury rule makes
        before acting, so a rule whose injury was healed mid-fight does nothing more."""
        return bool(injuries_with(fighter.injuries, self.kind))

    def total(self, fighter: Fighter) -> int:
        """The sum of this kind's amounts over the fighter's injuries now."""
        return sum(effect.amount for _, effect in effects_in_force((), fighter.injuries, self.kind))

    def sources(self, fighter: Fighter) -> str:
        """The injuries behind this rule, for the words shown."""
        return ", ".join(injuries_with(fighter.injuries, self.kind)) or self.name


def _discard_from_hand(state: CombatState, fighter: Fighter, card: CardId, source: str, events: list[Event]) -> None:
    if card not in fighter.hand:
        return
    fighter.hand.remove(card)
    forget(fighter, [card])
    state.piles[fighter.pile].discard.append(card)
    if not state.quiet:
        events.append(CardsDiscarded(fighter.id, (card,), source))


# --- (1) what an injured fighter cannot do ---------------------------------------------------------------------


class NoConcentrate(InjuryRule):
    """Concussion on a Foolish Report Card: "you cannot Concentrate at all"."""

    id = "injury_no_concentrate"
    kind = "no_concentrate"
    name = "Concussion: no Concentrate"
    summary = "Already Foolish and concussed: you cannot Concentrate at all."

    def permits(self, state: CombatState, fighter: Fighter, ability: str, card: CardId) -> bool | None:
        return False if ability == "concentrate" and self.held(fighter) else None

    def forbids(self, state: CombatState, fighter: Fighter, ability: str, card: CardId) -> str | None:
        if ability != "concentrate" or not self.held(fighter):
            return None
        return "Concussion: already Foolish, you cannot Concentrate at all."


class NoShields(InjuryRule):
    """Broken Leg on a Slow Report Card: "you cannot gain shields, at all". No Shield reaches the fighter from any
    source (``receives_shield``: their own abilities, Astronomy's or a spell's share, an Eddy's row); Shield they
    generate for others still reaches the others."""

    id = "injury_no_shields"
    kind = "no_shields"
    name = "Broken Leg: no Shield"
    summary = "Already Slow with a broken leg: you cannot gain Shield at all."

    def receives_shield(self, state: CombatState, fighter: Fighter, amount: int) -> int:
        return 0 if self.held(fighter) else amount


class NoPhysicalDamage(InjuryRule):
    """Broken Arm on a Weak Report Card: "you cannot deal non-magical damage, at all"."""

    id = "injury_no_physical_damage"
    kind = "no_physical_damage"
    name = "Broken Arm: no physical damage"
    summary = "Already Weak with a broken arm: you cannot deal non-magical damage at all."

    def damage_multiplier(self, state: CombatState, fighter: Fighter, ranged: bool, magic: bool) -> int:
        return 1 if magic or not self.held(fighter) else 0


class NoRanged(InjuryRule):
    """Blinded: "All Ranged Damage becomes Damage, and all Magic Ranged Damage becomes Magic Damage"."""

    id = "injury_no_ranged"
    kind = "no_ranged"
    name = "Blinded: no ranged damage"
    summary = "Blinded: your ranged damage is melee damage (magic stays magic)."

    def damage_kind(self, state: CombatState, fighter: Fighter, ranged: bool, magic: bool) -> tuple[bool, bool]:
        if not self.held(fighter):  # cured in the fight (Temperance)
            return ranged, magic
        return False, magic


class ZoneOnlyTargets(InjuryRule):
    """Blinded: "Any effect that targets all Adversaries will instead target all Adversaries in your Zone"."""

    id = "injury_zone_only_targets"
    kind = "zone_only_targets"
    name = "Blinded: only your zone"
    summary = "Blinded: an effect on every adversary reaches only those in your zone."

    def zone_only(self, state: CombatState, fighter: Fighter) -> bool:
        return self.held(fighter)  # not once cured (Temperance)


class MissOnLowCard(InjuryRule):
    """Blinded: "Any time you would deal Damage, draw and discard a card from the top of the deck. If it is a 1-5,
    you miss and deal no Damage." One card per adversary about to be hit; worth 1 to 5 (CARD-VALUE: Aces, Twos …
    Fives, and The Magician to The Hierophant) is a miss. The card goes straight to the discard pile and does nothing
    else (a Tower turned so is no Catastrophe)."""

    id = "injury_miss_on_low_card"
    kind = "miss_on_low_card"
    name = "Blinded: hits may miss"
    summary = "Blinded: before each hit the top card of your deck is discarded; a 1 to 5 means a miss."

    def strike_misses(
        self, state: CombatState, fighter: Fighter, adversary: Adversary, amount: int, events: list[Event]
    ) -> bool:
        if not self.held(fighter):  # cured in the fight (Temperance)
            return False
        found = effects_in_force((), fighter.injuries, self.kind)
        pile = state.piles[fighter.pile]
        if not pile.draw and pile.discard:
            state.rng = pile.shuffle_discard_in(state.rng)
            if not state.quiet:
                events.append(DeckShuffled(fighter.pile))
        if not pile.draw:
            return False
        card = pile.draw.pop()
        if pile.shown == card:
            pile.shown = None
        pile.discard.append(card)
        if not state.quiet:
            events.append(CardsDiscarded(fighter.id, (card,), self.id))
        if not 1 <= CARDS[card].value <= max(e.amount for _, e in found):
            return False
        if not state.quiet:
            events.append(DamageWasted(fighter.id, amount, f"{self.sources(fighter)}: missed ({CARDS[card].name})"))
        return True


SCAR_KIND = "blocks_ability_daily"
SCAR_MARK = "scar-blocks:"  # a fighter's mark per ability a scar blocks today: "scar-blocks:defend"


def scar_marks(blocked: tuple[str, ...]) -> dict[str, int]:
    """The marks ``new_combat`` gives a fighter for the abilities their scars block today."""
    return {SCAR_MARK + ability: 1 for ability in blocked}


class ScarBlock(InjuryRule):
    """Massive Painful Scar: "choose one combat ability that you can use: It can not be used this Day". The morning's
    choice (``campaign.choose_scar_blocks``) comes in as ``FighterSetup.blocked`` and is kept in the fighter's marks;
    no card goes on a blocked bin. The engine brings this rule only when something is blocked."""

    id = "injury_scar_block"
    kind = SCAR_KIND
    name = "Massive Painful Scar"
    summary = "Massive Painful Scar: the ability chosen this morning cannot be used today."

    def permits(self, state: CombatState, fighter: Fighter, ability: str, card: CardId) -> bool | None:
        return False if SCAR_MARK + ability in fighter.marks and self.held(fighter) else None

    def forbids(self, state: CombatState, fighter: Fighter, ability: str, card: CardId) -> str | None:
        if SCAR_MARK + ability not in fighter.marks or not self.held(fighter):
            return None
        return "Massive Painful Scar: this ability is blocked for the Day."


# --- (2) what injuries do to the cards ---------------------------------------------------------------------------

FIRST_ROUND_DISCARD = "injury-discard"


class DiscardFirstRound(InjuryRule):
    """Dizzy, Hex, Loopy, Injured Arm/Leg, Stress, the Splints, Confusion: "In your first round of combat, discard 1
    card" — one per injury, chosen from the hand as the first turn starts, after its draw."""

    id = "injury_discard_first_round"
    kind = "discard_first_round"
    name = "Injured: a card lost in the first round"
    summary = "In your first round of combat, discard a card from your hand for each injury that says so."

    def at_turn_start(self, state: CombatState, fighter: Fighter, events: list[Event]) -> None:
        if self.discards_now(state) and not state.ending_turn and self.held(fighter):
            ask_discard(state, fighter, self.total(fighter), self.sources(fighter), events, self.id)

    def discards_now(self, state: CombatState) -> bool:
        return state.round == 1


MORNING_START = "morning-start"  # a fighter's mark: they had a Morning Start this Day (``FighterSetup.morning_start``)


class DiscardTurnStart(DiscardFirstRound):
    """Morning Start Withdrawal on a Day without a Morning Start: "Discard one card from your hand at the start of
    your combat turn" — every turn, chosen from the hand after the turn's draw. ``engine.fight_abilities`` brings it
    only when the fighter had no Morning Start this Day (``FighterSetup.morning_start``)."""

    id = "injury_discard_turn_start"
    kind = "discard_turn_start"
    name = "Withdrawal: a card lost every turn"
    summary = "No Morning Start today: discard a card from your hand as each of your combat turns starts."

    def discards_now(self, state: CombatState) -> bool:
        return True


def ask_discard(
    state: CombatState, fighter: Fighter, count: int, why: str, events: list[Event], source: str = ""
) -> None:
    """Ask the fighter for ``count`` cards from the hand to discard, one at a time (``source``: the rule asking)."""
    if count <= 0 or not fighter.hand:
        return
    options = [Option(f"Discard {CARDS[c].name}", CardTarget(c)) for c in dict.fromkeys(fighter.hand)]
    prompt = f"{why}: discard a card from your hand" + (f" ({count} to go)." if count > 1 else ".")
    context = DiscardAsked(count, why, source or DiscardFirstRound.id)
    ask(state, FIRST_ROUND_DISCARD, fighter.id, prompt, options, events, context, private=True)


@dataclass(frozen=True, slots=True)
class DiscardAsked(Context):
    """Cards still to discard from the hand, why (the prompt's words) and the rule asking."""

    count: int
    why: str
    source: str

    def __init__(self, count: int, why: str, source: str) -> None:
        object.__setattr__(self, "count", count)
        object.__setattr__(self, "why", why)
        object.__setattr__(self, "source", source)


decision_context(DiscardAsked, FIRST_ROUND_DISCARD)


@dataclass(frozen=True, slots=True)
class DiscardAskedBefore(Context):
    """The same, saved before the rule asking was kept: it was the first round's discard."""

    count: int
    why: str

    def __init__(self, count: int, why: str) -> None:
        object.__setattr__(self, "count", count)
        object.__setattr__(self, "why", why)


decision_context(DiscardAskedBefore, FIRST_ROUND_DISCARD)
decision_targets(FIRST_ROUND_DISCARD, CardTarget)


@resolver(FIRST_ROUND_DISCARD)
def _injury_discard(state: CombatState, decision: PendingDecision, option: Option, events: list[Event]) -> None:
    fighter = state.fighter(decision.actor)
    asked = decision.context
    if isinstance(asked, DiscardAskedBefore):
        asked = DiscardAsked(asked.count, asked.why, DiscardFirstRound.id)
    if not isinstance(asked, DiscardAsked):
        raise TypeError(f"a {decision.kind!r} decision carries {type(asked).__name__}, not DiscardAsked")
    _discard_from_hand(state, fighter, target_of(option, CardTarget).card, asked.source, events)
    ask_discard(state, fighter, asked.count - 1, asked.why, events, asked.source)


class DiscardDrawnKnights(InjuryRule):
    """Groggy: "If you draw a Knight during combat, immediately discard it"."""

    id = "injury_discard_drawn_knights"
    kind = "discard_drawn_knights"
    name = "Groggy: Knights thrown away"
    summary = "Groggy: a Knight you draw in combat is discarded at once."

    def on_draw(self, state: CombatState, fighter: Fighter, card: CardId, events: list[Event]) -> None:
        if not CARDS[card].is_major and CARDS[card].value == KNIGHT and self.held(fighter):
            _discard_from_hand(state, fighter, card, self.id, events)


class DiscardDrawnSuits(InjuryRule):
    """Distracted: "Discard all Wands or Pentacles drawn during your combat turn" (the suits are the effect's
    ``detail``; cards drawn on someone else's turn stay)."""

    id = "injury_discard_drawn_suits"
    kind = "discard_drawn_suits"
    name = "Distracted: suits thrown away"
    summary = "Distracted: Wands and Pentacles drawn during your combat turn are discarded."

    def on_draw(self, state: CombatState, fighter: Fighter, card: CardId, events: list[Event]) -> None:
        if state.active_fighter is not fighter or not self.held(fighter):
            return
        suits = {s for _, e in effects_in_force((), fighter.injuries, self.kind) for s in e.detail.split()}
        if CARDS[card].suit.value in suits:
            _discard_from_hand(state, fighter, card, self.id, events)


class CardDamage(InjuryRule):
    """Disease: a Five of Pentacles drawn in combat costs 8 HP that no Shield offsets."""

    id = "injury_card_damage"
    kind = "card_damage"
    name = "Disease"
    summary = "Disease: each Five of Pentacles you draw in combat costs 8 HP; Shield does not help."

    def on_draw(self, state: CombatState, fighter: Fighter, card: CardId, events: list[Event]) -> None:
        if not self.held(fighter):
            return
        for injury, effect in effects_in_force((), fighter.injuries, self.kind):
            if effect.card is not None and by_name(effect.card) == card and fighter.in_combat and fighter.hp > 0:
                lose_hp(state, fighter, effect.amount, injury, events)


PALPITATIONS = "heart-palpitations"


class ExtraDraw(InjuryRule):
    """Heart Palpitations: "Draw an extra card on every combat turn. If this card is a Major Arcana, take 1HP of
    damage and discard the card" (ruling INJ-MAJOR: damage, so Shield takes it first). "If this card is a 3 of
    Swords, take a Critical Injury" (``extra_draw_critical``): only the extra card, not the turn's own draw."""

    id = "injury_extra_draw"
    kind = "extra_draw"
    name = "Heart Palpitations"
    summary = "Heart Palpitations: draw an extra card every combat turn; a Major drawn so costs 1 HP and is discarded."

    def at_turn_start(self, state: CombatState, fighter: Fighter, events: list[Event]) -> None:
        if not state.ending_turn and self.held(fighter):
            draw(state, fighter, self.total(fighter), events, then=PALPITATIONS)


@after_draw(PALPITATIONS)
def _palpitations(
    state: CombatState, fighter: Fighter, drawn: list[CardId], context: Context, events: list[Event]
) -> None:
    hurt = sum(e.amount for _, e in effects_in_force((), fighter.injuries, "extra_draw_major_damage"))
    fatal = {by_name(e.card) for _, e in effects_in_force((), fighter.injuries, "extra_draw_critical") if e.card}
    for card in drawn:
        if card in fatal and fighter.in_combat:
            critical_from_card(state, fighter, events)
        if CARDS[card].suit is Suit.MAJOR and hurt and card in fighter.hand:
            _discard_from_hand(state, fighter, card, ExtraDraw.id, events)
            if fighter.in_combat and fighter.hp > 0:
                damage_fighter(state, "Heart Palpitations", fighter, hurt, False, events)


def critical_from_card(state: CombatState, fighter: Fighter, events: list[Event]) -> None:
    """Heart Palpitations' 3 of Swords: a Critical Injury, or death beside one already held (INJ-CRITICAL). HP stays
    as it is (the 15 HP of CMB-ZERO-HP come with a knock-down only); a Critical stops the fighter's turns at once."""
    if escalation(fighter.injuries, Severity.CRITICAL) is None:
        fighter.dead = True
        if not state.quiet:
            events.append(FighterDied(fighter.id))
        return
    fighter.injuries.append(CRITICAL)
    events.append(InjuryTaken(fighter.id, CRITICAL, Severity.CRITICAL.value, fighter.hp))


class CuredByCard(InjuryRule):
    """Blinded: "Play Temperance to remove Blinded." A bin of one card that takes only a cure an injury held names
    (``cured_by_card``); when it fires, every injury that card cures is gone (``InjuryTreated``) and their standing
    rules stop."""

    id = "injury_cured_by_card"
    kind = "cured_by_card"
    name = "Cure: Temperance"
    summary = "Blinded: play Temperance here to remove Blinded."
    playable = True
    passive = False

    def cures(self, fighter: Fighter, card: CardId) -> list[str]:
        """The injuries held that this card cures."""
        found = effects_in_force((), fighter.injuries, self.kind)
        return [name for name, e in found if e.card is not None and by_name(e.card) == card]

    def takes(self, state: CombatState, fighter: Fighter, card: CardId) -> bool:
        return self.held(fighter) and bool(self.cures(fighter, card))

    def progress(self, state: CombatState, fighter: Fighter, cards: list[CardId]) -> Progress:
        return Progress(len(cards), 1, "cards")

    def is_complete(self, state: CombatState, fighter: Fighter, cards: list[CardId]) -> bool:
        return bool(cards)

    def effect_text(self, fighter: Fighter) -> str:
        return f"removes {self.sources(fighter)}"

    def resolve(self, state: CombatState, fighter: Fighter, events: list[Event]) -> None:
        cured = [name for card in fighter.bins.get(self.id, ()) for name in self.cures(fighter, card)]
        cards = discard_ability(state, fighter, self.id, events, fired=True)
        self.announce(state, fighter, cards, events)
        for name in dict.fromkeys(cured):
            fighter.injuries.remove(name)
            if not state.quiet:
                events.append(InjuryTreated(fighter.id, name, ""))


class NoSkills(InjuryRule):
    """Delirium on a Dull Report Card: "you cannot use any skills at all". In a fight: Movement/Skill offers no
    skill check (moving is still offered)."""

    id = "injury_no_skills"
    kind = "no_skills"
    name = "Delirium: no skills"
    summary = "Already Dull and delirious: you cannot use any skill, so Movement / Skill can only move."

    def skill_refusal(self, state: CombatState, fighter: Fighter, skill: Skill) -> str | None:
        if not self.held(fighter):
            return None
        return f"{self.sources(fighter)}: already Dull, no skill checks at all."


def check_terms(state: CombatState, fighter: Fighter, skill: Skill) -> CheckTerms:
    """What injuries do to a skill check the fighter makes in the fight (SKL-IN-COMBAT): the catalogue's terms for
    combat (Withdrawal's Penalty only without a Morning Start today) and any rule's ``skill_refusal`` (Delirium)."""
    morning = MORNING_START in fighter.marks
    terms = injury_check_terms((), fighter.injuries, skill, in_combat=True, morning_start=morning)
    if terms.refusal is not None:
        return terms
    for rule in hooks(fighter.abilities).skill_refusal:
        why = rule.skill_refusal(state, fighter, skill)
        if why is not None:
            return CheckTerms(terms.edge, why, terms.critical_failures, terms.why)
    return terms


INJURY_RULES: tuple[type[InjuryRule], ...] = (
    NoConcentrate,
    NoShields,
    NoPhysicalDamage,
    NoRanged,
    ZoneOnlyTargets,
    MissOnLowCard,
    ScarBlock,
    NoSkills,
    DiscardFirstRound,
    DiscardTurnStart,
    DiscardDrawnKnights,
    DiscardDrawnSuits,
    CardDamage,
    ExtraDraw,
    CuredByCard,
)
INJURY_ABILITIES: dict[str, str] = {rule.kind: rule.id for rule in INJURY_RULES}
"""The passive ability that enforces each combat effect kind of the catalogue."""
