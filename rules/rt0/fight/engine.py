"""The rules API: ``new_combat``, ``legal_actions``, ``refusal``, ``apply`` and the undoable ``Game``.

Modelled on python-chess: one source of legality, actions in, past-tense events out, and a
game object that pushes and pops steps.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import Final

from ...seam import IllegalAction
from .. import rng
from ..abilities import (
    ABILITIES,
    BASE_ABILITIES,
    EDDY_ABILITIES,
    INJURY_ABILITIES,
    SPELL_ABILITIES,
    arcana_abilities,
    innate_abilities,
)
from ..abilities.base import Ability
from ..abilities.belongings import (
    BACKPACK,
    HEADPHONES_HOLD,
    ITEM_ABILITIES,
    pack_backpack,
    unpack_headphones,
)
from ..abilities.injury_effects import MORNING_START, SCAR_KIND, ScarBlock, scar_marks
from ..campaign.injuries import WITHOUT_MORNING_START, deck_changes, deck_traits, effects_in_force, traits_in_force
from ..cards import ALL_IDS, CARDS, CardId
from ..content.adversaries import AdversaryKind
from ..traits import Arcana, Skill, Spell, Trait, with_free_ability
from .actions import Action, Activate, AddAbility, Choose, EndTurn, PlayCard
from .combat import finish_turn, settle
from .decisions import answer
from .deck import Pile, deck_cards
from .effects import play_from_hand, take_corruption
from .events import AbilityAdded, CombatStarted, Event, reveals
from .modifiers import EVA_SUIT, HEADPHONES, SUITED, can_cast_spells, must_honk
from .state import GM, START_HP, Adversary, CombatState, Fighter, FighterKind, Phase
from .zones import Room, Zone

EDDY_PILE: Final = "eddies"
# Phase.X read once: on CPython 3.11 an Enum member read off its class costs ~60 ns, a module name ~10 ns,
# and these are tested several times per action.
_OVER: Final = Phase.OVER  # Final: a C static once compiled, not a look-up in the module dict

Move = PlayCard | EndTurn | Activate | AddAbility  # an action of a fighter's own, where a Choose answers a question


@dataclass(frozen=True)
class FighterSetup:
    """Who enters a fight and where; ``abilities`` are extra bins beyond the base six (an Eddy's: its table rows)."""

    id: str
    name: str
    zone: Zone
    traits: frozenset[Trait] = frozenset()
    arcana: Arcana | None = None
    kind: FighterKind = FighterKind.PLAYER
    abilities: tuple[str, ...] = ()
    injuries: tuple[str, ...] = ()
    cursed: bool = False
    a_plus: tuple[Skill, ...] = ()
    failed: tuple[Skill, ...] = ()
    upgrades: frozenset[str] = frozenset()  # Arcana Abilities whose Corruption Upgrade is unlocked
    spells: tuple[Spell, ...] = ()  # spells learned (CHR-SPELL, SPL-MAGICIAN): each is a bin of its own
    removed: tuple[CardId, ...] = ()  # cards out of this deck (Laughter's for the Day, Slaughter's for good)
    day_uses: tuple[tuple[str, int], ...] = ()  # once-per-Day uses so far: (use name, Day used), see daily.py
    blocked: tuple[str, ...] = ()  # abilities the Massive Painful Scars block today (``choose_scar_blocks``)
    morning_start: bool = False  # had a Morning Start this Day (Withdrawal acts only without one; DAY-CLOCK)
    items: tuple[str, ...] = ()  # items carried into the fight (ITM-*), by name; a player's only
    suited: bool = False  # wearing the EVA Suit as the fight starts (it must be among the items)
    headphones: tuple[CardId, ...] = ()  # cards kept face down on the Headphones; they join the first hand


CHOSEN_ARCANA_ABILITIES: Final = 2  # CMB-CHOOSE-ABILITIES


def _marks(setup: FighterSetup, abilities: tuple[str, ...]) -> dict[str, int]:
    """The marks a fighter starts with: the Day's scar blocks, and whether they had a Morning Start today."""
    marks = scar_marks(setup.blocked) if ScarBlock.id in abilities else {}
    if setup.morning_start:
        marks[MORNING_START] = 1
    return marks


def fight_abilities(setup: FighterSetup) -> tuple[str, ...]:
    """The bins a fighter brings: the base six, the Arcana's standing rules (``innate``: HP-PEEK), the chosen
    Arcana Abilities, every fully upgraded one free, each followed by its ``companions`` (Kitchen Sink's gear),
    then one bin per spell known (none while Dull), then the standing rules of the injuries' combat effects
    (``INJURY_ABILITIES``: Concussion's no Concentrate, Groggy's thrown-away Knights …)."""
    if setup.kind is not FighterKind.PLAYER:
        return (*EDDY_ABILITIES, *setup.abilities)
    unknown = [a for a in (*setup.abilities, *setup.upgrades) if a not in ABILITIES]
    if unknown:
        raise ValueError(f"{setup.name}: no ability called {', '.join(map(repr, unknown))}")
    own = set(arcana_abilities(setup.arcana)) if setup.arcana is not None else set()
    foreign = [a for a in (*setup.abilities, *setup.upgrades) if ABILITIES[a].arcana is not None and a not in own]
    if foreign:
        names = ", ".join(ABILITIES[a].name for a in foreign)
        raise ValueError(f"{setup.name}: {names} belong to another Arcana")
    chosen = [a for a in setup.abilities if a in own and a not in setup.upgrades]
    if len(chosen) > CHOSEN_ARCANA_ABILITIES:
        raise ValueError(
            f"{setup.name} brings {len(chosen)} Arcana Abilities; choose {CHOSEN_ARCANA_ABILITIES} "
            "(more cost 1 Corruption each once the fight is on)"
        )
    upgraded = [a for a in arcana_abilities(setup.arcana) if a in setup.upgrades] if setup.arcana else []
    innate = innate_abilities(setup.arcana) if setup.arcana else []
    bins = with_companions((*BASE_ABILITIES, *innate, *setup.abilities, *upgraded, *_spell_bins(setup)))
    return (*bins, *_injury_rules(setup), *_item_rules(setup))


def _item_rules(setup: FighterSetup) -> tuple[str, ...]:
    """ITM-*: one standing rule per distinct item carried (``abilities.belongings``); refuses unknown items."""
    unknown = [name for name in setup.items if name not in ITEM_ABILITIES]
    if unknown:
        raise ValueError(f"{setup.name}: no item called {', '.join(map(repr, unknown))}")
    if setup.suited and EVA_SUIT not in setup.items:
        raise ValueError(f"{setup.name} cannot wear an EVA Suit they do not carry")
    if setup.headphones and HEADPHONES not in setup.items:
        raise ValueError(f"{setup.name} has cards on Headphones they do not carry")
    if len(setup.headphones) > HEADPHONES_HOLD:
        raise ValueError(f"{setup.name}'s Headphones hold {HEADPHONES_HOLD} cards, not {len(setup.headphones)}")
    return tuple(dict.fromkeys(ITEM_ABILITIES[name] for name in setup.items))


def _injury_rules(setup: FighterSetup) -> tuple[str, ...]:
    """INJ-*: the passive ability of each combat effect the injuries have in force on this Report Card (on this Day:
    Withdrawal's effects only without a Morning Start, the scars' only when something is blocked)."""
    if not setup.injuries:
        return ()
    return tuple(
        rule
        for kind, rule in INJURY_ABILITIES.items()
        if any(
            effect.when != WITHOUT_MORNING_START or not setup.morning_start
            for _, effect in effects_in_force(setup.traits, setup.injuries, kind)
        )
        and (kind != SCAR_KIND or setup.blocked)
    )


def _spell_bins(setup: FighterSetup) -> tuple[str, ...]:
    """SPL-MAGICIAN: a bin per spell known; a Dull fighter (Report Card or injury) casts none."""
    if not can_cast_spells(traits_in_force(setup.traits, setup.injuries)):
        return ()
    return tuple(SPELL_ABILITIES[spell] for spell in setup.spells)


def with_companions(abilities: Iterable[str]) -> tuple[str, ...]:
    """The abilities, each followed by the bins it brings along (Kitchen Sink's Unlikely Helmet …), once each."""
    return tuple(dict.fromkeys(b for a in abilities for b in (a, *ABILITIES[a].companions)))


@dataclass(frozen=True)
class AdversarySetup:
    kind: str
    zone: Zone
    name: str = ""  # defaults to the kind's name, numbered when there are several


@dataclass(frozen=True)
class Preparation:
    """A fight set up part-way (scenarios, demos): stacked piles and cards already out, before the first draw.

    Every card named is taken out of its pile's shuffled draw pile, so each of the 78 stays in one place.
    ``tops`` lists, per pile key (a player's id, "eddies" or "gm"), the cards to be drawn first, in order.
    ``intents`` gives adversaries an intent already drawn for round 1: (card, face down). ``hp`` and
    ``shield`` change the starting numbers of fighters and adversaries by id.
    """

    tops: dict[str, tuple[CardId, ...]] = field(default_factory=dict)
    discards: dict[str, tuple[CardId, ...]] = field(default_factory=dict)
    hands: dict[str, tuple[CardId, ...]] = field(default_factory=dict)
    bins: dict[str, dict[str, tuple[CardId, ...]]] = field(default_factory=dict)
    intents: dict[str, tuple[CardId, bool]] = field(default_factory=dict)
    hp: dict[str, int] = field(default_factory=dict)
    shield: dict[str, int] = field(default_factory=dict)


def new_combat(
    seed: int,
    room_size: int,
    fighters: Sequence[FighterSetup],
    adversaries: Sequence[AdversarySetup],
    bestiary: dict[str, AdversaryKind],
    practice: bool = False,
    prepared: Preparation | None = None,
    day: int = 0,
) -> tuple[CombatState, list[Event]]:
    """Shuffle every deck, place everyone, draw the first intents and the first hand.

    With ``prepared``, the stacked cards, hands, bins, intents and numbers are put in place after the
    shuffle and before anything is drawn; it raises ValueError when a card or an id does not fit.
    ``day`` is the campaign Day; once-per-Day uses made in the fight are stamped with it.
    """
    table = combat_table(room_size, fighters, adversaries, bestiary, practice, day)
    return open_combat(table, seed, fighters, prepared)


def combat_table(
    room_size: int,
    fighters: Sequence[FighterSetup],
    adversaries: Sequence[AdversarySetup],
    bestiary: dict[str, AdversaryKind],
    practice: bool = False,
    day: int = 0,
) -> CombatState:
    """Everything of a new fight that does not depend on the seed: the room, the fighters with their bins and
    marks, the unshuffled decks and the placed adversaries (``open_combat`` takes it from there).

    The balance lab builds it once per run and opens a ``clone`` of it for each fight (``fight_row.play_fight``).
    """
    room = Room(room_size)
    piles: dict[str, Pile] = {}
    roster = []
    for given in fighters:
        setup = with_arcana(given)
        if not room.contains(setup.zone):
            raise ValueError(f"{setup.name} stands outside the {room.label} room")
        pile_key = EDDY_PILE if setup.kind is FighterKind.EDDY else setup.id
        if pile_key not in piles:
            cursed = setup.cursed or deck_changes(setup.injuries).cursed  # DECK-CURSE
            deck = deck_cards(deck_traits(setup.traits, setup.injuries), cursed)
            cards = deck if setup.kind is FighterKind.PLAYER else list(ALL_IDS)
            if setup.removed:  # Laughter's and Slaughter's, after injuries
                cards = [card for card in cards if card not in setup.removed]
            piles[pile_key] = Pile(cards)
        abilities = fight_abilities(setup)
        roster.append(
            Fighter(
                setup.id,
                setup.name,
                setup.kind,
                traits_in_force(setup.traits, setup.injuries),  # injuries override the Report Card
                setup.arcana,
                pile_key,
                abilities,
                setup.zone,
                injuries=list(setup.injuries),
                a_plus=setup.a_plus,
                failed=setup.failed,
                upgrades=setup.upgrades,
                spells=setup.spells,
                day_uses=dict(setup.day_uses),
                marks=_marks(setup, abilities),
                items=list(setup.items) if setup.kind is FighterKind.PLAYER else [],
            )
        )
    piles[GM] = Pile(list(ALL_IDS))
    foes = _place_adversaries(room, adversaries, bestiary)
    in_play = {foe.kind: bestiary[foe.kind] for foe in foes}  # saves and hashes carry only the kinds in the fight
    return CombatState(room, roster, foes, piles, in_play, 0, practice=practice, day=day)


def open_combat(
    state: CombatState, seed: int, fighters: Sequence[FighterSetup], prepared: Preparation | None = None
) -> tuple[CombatState, list[Event]]:
    """``combat_table``'s fight (``state``, changed in place) begun with ``seed``: every deck shuffled in the order
    of its key, then the prepared cards, the items and the first draws. ``fighters`` are the set-ups it was laid
    out from."""
    seed_state = seed & ((1 << 64) - 1)
    piles = state.piles
    for key in sorted(piles):
        seed_state = rng.shuffle(seed_state, piles[key].draw)
    state.rng = seed_state
    if prepared is not None:
        _prepare(state, prepared)
    events: list[Event] = [] if state.quiet else [CombatStarted(state.room.size)]
    _bring_items(state, fighters, events)
    settle(state, events)
    return state, events


def _bring_items(state: CombatState, setups: Sequence[FighterSetup], events: list[Event]) -> None:
    """ITM-HEADPHONES: the kept cards join the hand; ITM-BACKPACK: a card from the deck onto the Backpack."""
    fighters = state.fighters
    if len(setups) != len(fighters):
        raise ValueError(f"{len(setups)} set-ups for {len(fighters)} fighters")
    for index in range(len(fighters)):  # by index, not zip(): compiled, zip is a generic iterator per fight
        fighter, setup = fighters[index], setups[index]
        if not fighter.items:
            continue
        if setup.headphones:
            # a kept card since taken out of the deck (Slaughter) is lost with it (ruling ITM-HEADPHONES)
            pile = state.piles[fighter.pile]
            fighter.stowed[HEADPHONES] = [c for c in setup.headphones if c in pile.draw]
            for card in fighter.stowed[HEADPHONES]:
                pile.draw.remove(card)
            unpack_headphones(state, fighter, events)
        if setup.suited:
            fighter.marks[SUITED] = 1
        if BACKPACK in fighter.items:
            pack_backpack(state, fighter, events)


def with_arcana(setup: FighterSetup) -> FighterSetup:
    """A player's set-up with the free ability of their Arcana in the traits, whichever path built it (ValueError
    naming the fighter when the traits hold its opposite)."""
    if setup.kind is not FighterKind.PLAYER or setup.arcana is None:
        return setup
    try:
        traits = with_free_ability(setup.traits, setup.arcana)
    except ValueError as error:
        raise ValueError(f"{setup.name}: {error}") from None
    return setup if traits is setup.traits else replace(setup, traits=traits)


def adversary_ids(setups: Sequence[AdversarySetup]) -> list[str]:
    """The ids ``new_combat`` gives these adversaries: the kind and its count, "laborer-1", "laborer-2"."""
    seen: dict[str, int] = {}
    ids = []
    for setup in setups:
        seen[setup.kind] = seen.get(setup.kind, 0) + 1
        ids.append(f"{setup.kind}-{seen[setup.kind]}")
    return ids


def _place_adversaries(
    room: Room, setups: Sequence[AdversarySetup], bestiary: dict[str, AdversaryKind]
) -> list[Adversary]:
    counts: dict[str, int] = {}
    for setup in setups:
        counts[setup.kind] = counts.get(setup.kind, 0) + 1
    foes = []
    for setup, adversary_id in zip(setups, adversary_ids(setups), strict=True):
        if setup.kind not in bestiary:
            raise ValueError(f"no adversary kind {setup.kind!r} in the bestiary")
        if not room.contains(setup.zone):
            raise ValueError(f"{setup.kind} stands outside the {room.label} room")
        kind = bestiary[setup.kind]
        number = adversary_id.rsplit("-", 1)[1]
        name = setup.name or (f"{kind.name} {number}" if counts[setup.kind] > 1 else kind.name)
        foes.append(Adversary(adversary_id, name, setup.kind, kind.hp, setup.zone))
    return foes


def _take(state: CombatState, pile_key: str, card: CardId, where: str) -> CardId:
    pile = state.piles[pile_key]
    if card not in pile.draw:
        raise ValueError(
            f"{where}: {CARDS[card].name} is not (or no longer) in the {pile_key!r} deck; "
            "a deck holds each card once, and Lucky, Unlucky and Curse take some out"
        )
    pile.draw.remove(card)
    return card


def _pile_of(state: CombatState, key: str, where: str) -> str:
    """A pile key, or a fighter id standing for that fighter's pile."""
    if key in state.piles:
        return key
    for fighter in state.fighters:
        if fighter.id == key:
            return fighter.pile
    raise ValueError(f"{where}: no deck {key!r}; use a fighter id, 'eddies' or 'gm'")


def _prepare(state: CombatState, prepared: Preparation) -> None:
    """Put a Preparation in place (see ``Preparation``)."""
    for key, cards in prepared.discards.items():
        pile = _pile_of(state, key, "discard")
        state.piles[pile].discard.extend(_take(state, pile, c, f"discard of {key}") for c in cards)
    for fighter_id, cards in prepared.hands.items():
        fighter = _known_fighter(state, fighter_id, "hand")
        fighter.hand.extend(_take(state, fighter.pile, c, f"hand of {fighter_id}") for c in cards)
    for fighter_id, bins in prepared.bins.items():
        fighter = _known_fighter(state, fighter_id, "bins")
        for ability_id, cards in bins.items():
            if ability_id not in fighter.abilities:
                raise ValueError(f"bins of {fighter_id}: {fighter.name} has no ability {ability_id!r}")
            taken = [_take(state, fighter.pile, c, f"{ability_id} of {fighter_id}") for c in cards]
            fighter.bins.setdefault(ability_id, []).extend(taken)
    for adversary_id, (card, hidden) in prepared.intents.items():
        adversary = _known_adversary(state, adversary_id, "intent")
        adversary.intent = _take(state, GM, card, f"intent of {adversary_id}")
        adversary.intent_hidden = hidden
    for key, cards in prepared.tops.items():
        pile = _pile_of(state, key, "deck top")
        taken = [_take(state, pile, c, f"top of {key}") for c in cards]
        state.piles[pile].draw.extend(reversed(taken))  # the top card is last
    for who, hp in prepared.hp.items():
        _set_hp(state, who, hp)
    for who, shield in prepared.shield.items():
        if shield < 0:
            raise ValueError(f"shield of {who}: cannot be negative")
        _known(state, who, "shield").shield = shield


def _known_fighter(state: CombatState, fighter_id: str, where: str) -> Fighter:
    try:
        return state.fighter(fighter_id)
    except KeyError:
        raise ValueError(f"{where}: no fighter {fighter_id!r}") from None


def _known_adversary(state: CombatState, adversary_id: str, where: str) -> Adversary:
    try:
        return state.adversary(adversary_id)
    except KeyError:
        ids = ", ".join(a.id for a in state.adversaries)
        raise ValueError(f"{where}: no adversary {adversary_id!r} (there are: {ids})") from None


def _known(state: CombatState, who: str, where: str) -> Fighter | Adversary:
    if any(f.id == who for f in state.fighters):
        return state.fighter(who)
    return _known_adversary(state, who, where)


def _set_hp(state: CombatState, who: str, hp: int) -> None:
    target = _known(state, who, "hp")
    top = START_HP if isinstance(target, Fighter) else state.bestiary[target.kind].hp
    if not 1 <= hp <= top:
        raise ValueError(f"hp of {who}: must be from 1 to {top}, not {hp}")
    target.hp = hp


# --- legality ------------------------------------------------------------------------------------


def legal_actions(state: CombatState) -> list[Action]:
    """Every action the rules allow now: each candidate that ``objection`` (what ``refusal`` words) finds nothing
    against, in a fixed order (answers, plays by card in hand then bin, activations, additions, the end of turn).

    ``objection`` asks the moment's rules (``_turn_objection``: what is asked, whose turn), then the move's own
    (``move_objection``), a play's last being its bin's (``bin_objection``). Every candidate move is the acting
    fighter's, so the moment is judged once for them all; and a card of their hand on a bin of theirs passes a
    play's other rules by construction, so only its bin's is asked, card by card and bin by bin.
    """
    found: list[Action] = [answer for answer in answers(state) if objection(state, answer) == ALLOWED]
    fighter = state.active_fighter
    if fighter is None or _turn_objection(state, fighter.id) != ALLOWED:
        return found
    who = fighter.id
    abilities = fighter.abilities
    bins = [ABILITIES[ability_id] for ability_id in abilities]
    rows = [plays_on(who, ability_id) for ability_id in abilities]
    for card in dict.fromkeys(fighter.hand):
        for index in range(len(bins)):
            if bin_objection(state, fighter, bins[index], card) == ALLOWED:
                play = rows[index][card]  # a card in hand is a real card id, so an index into the row
                found.append(play if play is not None else play_card(who, card, abilities[index]))
    found.extend(move for move in other_moves(state, fighter) if move_objection(state, fighter, move) == ALLOWED)
    return found


def answers(state: CombatState) -> list[Choose]:
    """Every option of the pending question (none when nothing is asked)."""
    pending = state.pending
    return [] if pending is None else [Choose(i) for i in range(len(pending.options))]


def other_moves(state: CombatState, fighter: Fighter) -> list[Move]:
    """Every move but a play the fighter could make now, allowed or not: each thing each ability offers at will,
    each Arcana Ability of their Arcana, the end of the turn."""
    found: list[Move] = []
    who = fighter.id
    for ability_id in fighter.abilities:
        offers = len(ABILITIES[ability_id].activations(state, fighter))
        found.extend(Activate(who, ability_id, i) for i in range(offers))
    if fighter.arcana is not None:
        found.extend(AddAbility(who, ability_id) for ability_id in arcana_abilities(fighter.arcana))
    found.append(EndTurn(who))
    return found


def play_card(fighter: str, card: int, ability: str) -> PlayCard:
    """The one shared ``PlayCard`` per (fighter, card, ability): actions are values, and building one is slow.

    Kept by fighter, then bin, then card: two look-ups by string (their hashes are cached) and an index, where a
    cache keyed by the three would build, hash and compare a tuple on every play.
    """
    row = plays_on(fighter, ability)
    if not 0 <= card < len(row):  # no such card: a value all the same, not kept
        return PlayCard(fighter, card, ability)
    play = row[card]
    if play is None:
        play = row[card] = PlayCard(fighter, card, ability)
    return play


def plays_on(fighter: str, ability: str) -> list[PlayCard | None]:
    """``play_card``'s shared ``PlayCard``s of one fighter on one bin, by card id (None: not asked for yet)."""
    by_bin = _PLAYS.get(fighter)
    if by_bin is None:
        by_bin = _PLAYS[fighter] = {}
    row = by_bin.get(ability)
    if row is None:
        row = by_bin[ability] = [None] * len(CARDS)
    return row


_PLAYS: Final[dict[str, dict[str, list[PlayCard | None]]]] = {}


# One judge. ``objection`` names the rule an action breaks, as a number (ALLOWED when none); ``refusal`` puts that
# rule in words and ``legal_actions`` keeps the candidates with none. A number, not the words: most candidates are
# refused (a card fits few bins), and a sentence for each would cost more than the checks.
ALLOWED: Final = 0
_FIGHT_OVER: Final = 1
_NOTHING_ASKED: Final = 2
_NO_SUCH_OPTION: Final = 3
_ANSWER_FIRST: Final = 4
_NOBODY_ACTS: Final = 5
_NOT_THEIR_TURN: Final = 6
_NO_SUCH_CARD: Final = 7
_NOT_IN_HAND: Final = 8
_NO_SUCH_ABILITY: Final = 9
_BIN_REFUSES: Final = 10
_MUST_HONK: Final = 11
_NOTHING_OFFERED: Final = 12
_ALREADY_IN: Final = 13
_NOT_THEIR_ARCANA: Final = 14


def refusal(state: CombatState, action: Action) -> str | None:
    """Why an action is not allowed now, in words for the player; None when it is allowed."""
    rule = objection(state, action)
    return None if rule == ALLOWED else _words(state, action, rule)


def objection(state: CombatState, action: Action) -> int:
    """The rule the action breaks now (one of this module's numbers), ALLOWED when none: the one test of legality."""
    if isinstance(action, Choose):
        if state.phase is _OVER:
            return _FIGHT_OVER
        decisions = state.decisions
        if not decisions:
            return _NOTHING_ASKED
        return ALLOWED if 0 <= action.option < len(decisions[0].options) else _NO_SUCH_OPTION
    rule = _turn_objection(state, action.fighter)
    fighter = state.active_fighter
    if rule != ALLOWED or fighter is None:
        return rule
    return move_objection(state, fighter, action)


def _turn_objection(state: CombatState, who: str) -> int:
    """The moment's rules for a move by ``who``: the fight goes on, nothing is asked, and it is their turn."""
    if state.phase is _OVER:
        return _FIGHT_OVER
    if state.decisions:
        return _ANSWER_FIRST
    fighter = state.active_fighter
    if fighter is None:
        return _NOBODY_ACTS
    return ALLOWED if who == fighter.id else _NOT_THEIR_TURN


def move_objection(state: CombatState, fighter: Fighter, action: Move) -> int:
    """The move's own rules, once ``_turn_objection`` has found it is ``fighter``'s turn to move."""
    if isinstance(action, PlayCard):  # the commonest action first
        card = action.card
        if not 0 <= card < len(CARDS):  # a crafted or damaged action: CARDS[-1] would be a real card
            return _NO_SUCH_CARD
        if card not in fighter.hand:
            return _NOT_IN_HAND
        if action.ability not in fighter.abilities:
            return _NO_SUCH_ABILITY
        return bin_objection(state, fighter, ABILITIES[action.ability], card)
    if isinstance(action, EndTurn):
        honk = must_honk(fighter.traits) and not fighter.honked and bool(fighter.hand) and "honk" in fighter.abilities
        return _MUST_HONK if honk else ALLOWED
    if isinstance(action, Activate):
        if action.ability not in fighter.abilities:
            return _NO_SUCH_ABILITY
        offers = ABILITIES[action.ability].activations(state, fighter)
        return ALLOWED if 0 <= action.option < len(offers) else _NOTHING_OFFERED
    if action.ability in fighter.abilities:  # AddAbility
        return _ALREADY_IN
    return ALLOWED if _addable(fighter, action.ability) else _NOT_THEIR_ARCANA


def bin_objection(state: CombatState, fighter: Fighter, ability: Ability, card: CardId) -> int:
    """A play's last rule, once the card is in the fighter's hand and the bin one of theirs: the bin takes it now."""
    return ALLOWED if ability.accepts(state, fighter, card) else _BIN_REFUSES


def _words(state: CombatState, action: Action, rule: int) -> str:
    """The player's words for the rule ``objection`` found broken."""
    if rule == _FIGHT_OVER:
        return "The fight is over."
    if rule == _NOTHING_ASKED:
        return "There is nothing to choose right now."
    pending = state.pending
    if pending is not None:  # _NO_SUCH_OPTION or _ANSWER_FIRST
        if isinstance(action, Choose):
            return f"Choose an option from 0 to {len(pending.options) - 1}."
        return f"First answer: {pending.prompt}"
    fighter = state.active_fighter
    if fighter is None or isinstance(action, Choose):  # _NOBODY_ACTS
        return "No player is taking a turn right now."
    if rule == _NOT_THEIR_TURN:
        return f"It is {fighter.name}'s turn, not {state.name_of(action.fighter)}'s."
    if rule == _MUST_HONK:
        return f"{fighter.name} is Foolish and must Honk once this turn before ending it."
    if isinstance(action, AddAbility):
        if rule == _ALREADY_IN:
            return f"{fighter.name} already has {_ability_name(action.ability)} in this fight."
        return f"{_ability_name(action.ability)} is not one of {fighter.name}'s Arcana Abilities."
    assert isinstance(action, PlayCard | Activate), (action, rule)  # an end of turn breaks only the rules above
    if isinstance(action, PlayCard) and rule == _NO_SUCH_CARD:
        return f"There is no card {action.card}."
    if isinstance(action, PlayCard) and rule == _NOT_IN_HAND:
        return f"{CARDS[action.card].name} is not in {fighter.name}'s hand."
    if rule == _NO_SUCH_ABILITY:
        return f"{fighter.name} has no ability called {action.ability!r} in this fight."
    ability = ABILITIES[action.ability]
    if isinstance(action, Activate):  # _NOTHING_OFFERED
        offers = len(ability.activations(state, fighter))
        return (
            f"{ability.name} offers {offers} choices."
            if offers
            else f"{ability.name} offers nothing to do at will now."
        )
    return ability.why_not(state, fighter, action.card)  # _BIN_REFUSES


def _addable(fighter: Fighter, ability_id: str) -> bool:
    """Whether it is an Arcana Ability of the player's Arcana (CMB-CHOOSE-ABILITIES): ``arcana_abilities``' test."""
    ability = ABILITIES.get(ability_id)
    arcana = fighter.arcana
    return (
        fighter.kind is FighterKind.PLAYER and arcana is not None and ability is not None and ability.arcana is arcana
    )


def _ability_name(ability_id: str) -> str:
    return ABILITIES[ability_id].name if ability_id in ABILITIES else repr(ability_id)


# --- applying --------------------------------------------------------------------------------------


def apply(state: CombatState, action: Action) -> tuple[CombatState, list[Event]]:
    """Check and carry out an action on a copy: the given state is never changed."""
    reason = refusal(state, action)
    if reason is not None:
        raise IllegalAction(reason)
    new_state = state.clone()
    return new_state, apply_unchecked(new_state, action)


def apply_in_place(state: CombatState, action: Action) -> list[Event]:
    """Check and carry out an action on this very state (simulators and replays)."""
    reason = refusal(state, action)
    if reason is not None:
        raise IllegalAction(reason)
    return apply_unchecked(state, action)


def apply_unchecked(state: CombatState, action: Action) -> list[Event]:
    events: list[Event] = []
    if isinstance(action, PlayCard):  # the commonest action first
        play_from_hand(state, state.fighter(action.fighter), action.card, action.ability, events)
    elif isinstance(action, Choose):
        answer(state, action.option, events)
    elif isinstance(action, EndTurn):
        finish_turn(state, state.fighter(action.fighter), events)
    elif isinstance(action, Activate):
        ABILITIES[action.ability].activate(state, state.fighter(action.fighter), action.option, events)
    elif isinstance(action, AddAbility):
        fighter = state.fighter(action.fighter)
        take_corruption(fighter, 1, f"brought in {_ability_name(action.ability)}", events)
        fighter.abilities = with_companions((*fighter.abilities, action.ability))
        if not state.quiet:
            events.append(AbilityAdded(fighter.id, action.ability))
    settle(state, events)
    return events


# --- the undoable game -----------------------------------------------------------------------------


def undoable(events: Iterable[Event]) -> bool:
    """A step can be taken back unless it showed hidden cards (a draw, a shuffle, a revealed intent)."""
    return not any(reveals(event) for event in events)


@dataclass
class Step:
    action: Action
    before: CombatState
    events: list[Event]


@dataclass
class Game:
    """A fight with its history: push actions, pop the last one where the rules allow.

    Undo keeps only what can still be undone: once a step reveals something (a draw, a shuffle, an intent), no
    undo can reach past it, so the steps before it let go of their states and events. ``steps`` keeps one entry
    per action in force all the same (``len(steps)`` counts them, ``steps[0].before`` is the state before the
    first); the ``forgotten`` leading entries are one shared hollow step that holds nothing but that first state.
    ``actions`` still lists every action in force, each distinct one held once (a fight repeats a few hundred),
    so a 50,000-action fight holds little more than a 1,000-action one (docs/benchmarks.md, "Saves at scale").
    """

    state: CombatState
    opening: list[Event] = field(default_factory=list)
    steps: list[Step] = field(default_factory=list)
    forgotten: int = 0  # leading entries of ``steps`` that are ``_hollow``: behind a reveal, beyond any undo
    _hollow: Step | None = field(default=None, repr=False, compare=False)
    _in_force: list[Action] = field(default_factory=list, repr=False, compare=False)
    _known: dict[Action, Action] = field(default_factory=dict, repr=False, compare=False)

    def legal_actions(self) -> list[Action]:
        return legal_actions(self.state)

    def push(self, action: Action) -> list[Event]:
        new_state, events = apply(self.state, action)
        self.took(action, new_state, events)
        return events

    def took(self, action: Action, new_state: CombatState, events: list[Event]) -> None:
        """Keep a step that ``apply`` made from this state already (a playthrough's funnel applies each action
        once, for its own value, and the fight's history follows it)."""
        if not undoable(events):
            self._forget()
        action = self._known.setdefault(action, action)  # equal actions share one object
        self.steps.append(Step(action, self.state, events))
        self._in_force.append(action)
        self.state = new_state

    def _forget(self) -> None:
        """Let go of every step before the one being pushed: it reveals, so no undo will ever reach them."""
        if self.forgotten == len(self.steps):
            return
        if self._hollow is None:
            first = self.steps[0]
            self._hollow = Step(first.action, first.before, [])  # keeps steps[0].before: the fight's opening
        for index in range(self.forgotten, len(self.steps)):
            self.steps[index] = self._hollow
        self.forgotten = len(self.steps)

    def can_undo(self) -> bool:
        return len(self.steps) > self.forgotten and undoable(self.steps[-1].events)

    def undo_refusal(self) -> str | None:
        if not self.steps:
            return "Nothing to undo yet."
        if len(self.steps) == self.forgotten or not undoable(self.steps[-1].events):
            return "The last step showed hidden cards (a draw, a shuffle or an intent), so it stands."
        return None

    def undo(self) -> Action:
        reason = self.undo_refusal()
        if reason is not None:
            raise IllegalAction(reason)
        self._pop_in_force()
        step = self.steps.pop()
        self.state = step.before
        return step.action

    def _pop_in_force(self) -> None:
        if len(self._in_force) == len(self.steps):  # not when a step was put in ``steps`` by hand (tests, tools)
            self._in_force.pop()

    def drop_last(self) -> Step:
        """Take the last step back whatever it showed (a replay that went wrong there), for the save's recovery."""
        self._pop_in_force()
        if len(self.steps) == self.forgotten:
            self.forgotten -= 1
        return self.steps.pop()

    @property
    def held(self) -> list[Step]:
        """The steps still kept in full: the last reveal's and every one after it."""
        return self.steps[self.forgotten :]

    @property
    def actions(self) -> list[Action]:
        """Every action in force, oldest first (those behind a reveal too)."""
        if len(self._in_force) != len(self.steps):  # steps put in by hand: they are all there is to go by
            return [step.action for step in self.steps]
        return list(self._in_force)
