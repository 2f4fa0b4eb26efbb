"""The round ahead, read-only: what every intent will do, one after another, and each fighter's HP after it.

The adversaries act in table order against the Shield the fighters hold now, so the first blow uses up Shield
the next one would have met: the forecast runs every intent on one copy of the state, as the round will. A
face-down intent is counted, never guessed: its card is one of the cards the table cannot see (the GM's draw
pile, less a top card lying face up, the face-down intents themselves, and next round's drawn ahead face down)
that the drawing rule lets stand as an intent, each equally likely; only its suit picks the plan (``plan_of``),
so the forecast runs each suit once and weighs it by how many such cards it has. A GM's choice of whom to hit is
the GM's, not chance: it widens the range and the odds are not given. A decision some player must take mid-turn
ends the forecast there.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from itertools import product

from ..cards import CARDS, CardId
from .decisions import answer, context_of, target_of
from .events import Event
from .intents import GM_TARGET, TargetChoice, carry_out, describe_plan, intent_words, plan_of
from .state import GM, Adversary, CombatState, FighterTarget

MAX_BRANCHES = 256  # face-down intents times GM choices; past this only what is certain is told


@dataclass(frozen=True, slots=True)
class Outlook:
    """One fighter's HP after the round: ``odds`` (HP, exact chance) when only the cards decide, else a range."""

    fighter: str
    hp_now: int
    low: int
    high: int
    odds: tuple[tuple[int, Fraction], ...] = ()

    @property
    def certain(self) -> bool:
        return self.low == self.high


@dataclass(frozen=True, slots=True)
class SuitChance:
    """A face-down intent's suit, how many unseen cards give it, and the plan it would run."""

    suit: str
    cards: int
    plan: str


@dataclass(frozen=True, slots=True)
class RoundForecast:
    words: dict[str, str]  # adversary id -> what its intent does this round, in words
    outlooks: dict[str, Outlook]  # fighter id -> HP after the round
    hidden: dict[str, tuple[SuitChance, ...]]  # face-down adversary id -> its suits and their counts
    unseen: int  # how many cards a face-down intent may be
    waits: str = ""  # the decision the round stops at, in words; empty when the forecast runs to its end


@dataclass(frozen=True, slots=True)
class _Branch:
    state: CombatState
    chance: Fraction
    chosen: bool  # a GM choice led here: ``chance`` is the cards' only
    words: dict[str, list[str]]
    waits: str


def unseen_intents(state: CombatState) -> list[CardId]:
    """The cards a face-down intent may be, as the table sees it: the GM's draw pile (less a face-up top card),
    the face-down intents themselves, and next round's intents drawn ahead face down (HP-YES-NO): nobody has
    seen those either, so any of them may be the card under this round's intent."""
    pile = state.piles[GM]
    top = pile.face_up_top
    hidden = [a.intent for a in state.adversaries if a.active and a.intent is not None and a.intent_hidden]
    ahead = [card for card, face_down in state.queued_intents.values() if face_down]
    return [card for card in pile.draw if card != top] + hidden + ahead


def _eligible(state: CombatState, foe: Adversary, cards: list[CardId]) -> list[CardId]:
    kind = state.bestiary[foe.kind]
    return [card for card in cards if not kind.plan_for(CARDS[card].suit.value).redraw_face_down]


def forecast_round(state: CombatState) -> RoundForecast:
    """Every intent in order on one copy of ``state``; nothing in ``state`` changes."""
    foes = [a for a in state.adversaries if a.active and a.intent is not None]
    hidden = [a for a in foes if a.intent_hidden]
    pool = unseen_intents(state) if hidden else []
    eligible = _eligible(state, hidden[0], pool) if hidden else []
    same_rule = all(_eligible(state, foe, pool) == eligible for foe in hidden)
    counts = Counter(CARDS[card].suit.value for card in eligible)
    suits = sorted(counts)
    branches: list[_Branch] = []
    combos = list(product(suits, repeat=len(hidden))) if len(suits) ** len(hidden) <= MAX_BRANCHES else []
    for combo in combos:
        chance = _draw_chance(combo, counts, len(eligible))
        if chance == 0:
            continue
        trial = state.clone()
        for foe, suit in zip(hidden, combo, strict=True):
            trial.adversary(foe.id).intent = next(c for c in eligible if CARDS[c].suit.value == suit)
        branches.extend(_run(trial, 0, chance, False, {}))
    if not hidden:
        branches = _run(state.clone(), 0, Fraction(1), False, {})
    return RoundForecast(
        _words(branches),
        _outlooks(state, branches, exact=same_rule and bool(branches)),
        {foe.id: _suit_chances(state, foe, counts) for foe in hidden},
        len(eligible),
        next((b.waits for b in branches if b.waits), ""),
    )


def _draw_chance(combo: tuple[str, ...], counts: Counter[str], total: int) -> Fraction:
    """The chance the face-down intents, in order, have these suits: drawn without replacement."""
    chance = Fraction(1)
    used: Counter[str] = Counter()
    for index, suit in enumerate(combo):
        left = counts[suit] - used[suit]
        if left <= 0 or total - index <= 0:
            return Fraction(0)
        chance *= Fraction(left, total - index)
        used[suit] += 1
    return chance


def _run(state: CombatState, start: int, chance: Fraction, chosen: bool, words: dict[str, list[str]]) -> list[_Branch]:
    for index in range(start, len(state.adversaries)):
        foe = state.adversaries[index]
        if not foe.active or foe.intent is None:
            continue
        origin = foe.zone
        steps = plan_of(state, foe).steps
        events: list[Event] = []
        carry_out(state, foe, events)
        head = state.decisions[0] if state.decisions else None
        gm = head is not None and head.kind == GM_TARGET and context_of(head, TargetChoice).adversary == foe.id
        choosing = tuple(target_of(o, FighterTarget).fighter for o in head.options) if gm and head else ()
        moved = foe.zone if foe.zone != origin else None
        said = intent_words(state, foe.id, steps, events, moved, choosing)
        return _after(state, index, chance, chosen, {**words, foe.id: [*words.get(foe.id, []), said]})
    return [_Branch(state, chance, chosen, words, "")]


def _after(
    state: CombatState, index: int, chance: Fraction, chosen: bool, words: dict[str, list[str]]
) -> list[_Branch]:
    """Once the adversary at ``index`` has acted: a GM's choice of target branches, any other decision stops."""
    if not state.decisions:
        return _run(state, index + 1, chance, chosen, words)
    head = state.decisions[0]
    if head.kind != GM_TARGET:
        return [_Branch(state, chance, chosen, words, f"{state.name_of(head.actor)} decides: {head.prompt}")]
    found: list[_Branch] = []
    for option in range(len(head.options)):
        branch = state.clone()
        answer(branch, option, [])
        found.extend(_after(branch, index, chance, True, words))
    return found


def _words(branches: list[_Branch]) -> dict[str, str]:
    """Each adversary's words: one line when every branch agrees, else each distinct line, "or" between."""
    said: dict[str, list[str]] = {}
    for branch in branches:
        for foe, lines in branch.words.items():
            for line in lines:
                if line not in said.setdefault(foe, []):
                    said[foe].append(line)
    return {foe: " — or — ".join(lines) for foe, lines in said.items()}


def _outlooks(state: CombatState, branches: list[_Branch], exact: bool) -> dict[str, Outlook]:
    exact = exact and not any(b.chosen for b in branches)
    found: dict[str, Outlook] = {}
    for fighter in state.fighters:
        if not fighter.in_combat:
            continue
        ends = [b.state.fighter(fighter.id).hp for b in branches] or [fighter.hp]
        odds: dict[int, Fraction] = {}
        if exact:
            for branch, hp in zip(branches, ends, strict=True):
                odds[hp] = odds.get(hp, Fraction(0)) + branch.chance
        found[fighter.id] = Outlook(fighter.id, fighter.hp, min(ends), max(ends), tuple(sorted(odds.items())))
    return found


def _suit_chances(state: CombatState, foe: Adversary, counts: Counter[str]) -> tuple[SuitChance, ...]:
    kind = state.bestiary[foe.kind]
    return tuple(SuitChance(suit, counts[suit], describe_plan(kind.plan_for(suit).steps)) for suit in sorted(counts))
