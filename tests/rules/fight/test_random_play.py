"""Random legal play over random fights: the invariants every step must keep.

Hypothesis draws the fight and a way of playing it:

- the room (1x1, 3x3 or 5x5) and a seed;
- 1–4 fighters: players of every Arcana (The Fool, The Magician, The High Priestess, now and then none) with a
  valid Report Card (the Arcana's free Ability, a chosen Ability, a Weakness that is not the opposite of either, an
  A+ and an F), 0–2 chosen Arcana Abilities of their Arcana, unlocked Corruption Upgrades (each makes its ability
  free), 0–3 spells (none when Dull; Aquarius and Virgo only when Charming, Ophiuchus only when Lucky; never one
  another player knows), Minor and Major injuries from the catalogue (a Critical Injury now and then), a Cursed
  deck now and then; and some Eddies;
- 1–3 adversaries from both bestiaries (book and house: Flying, Strategic, Dimwitted, hidden intents);
- a policy: a seed and weights for playing a card, activating, adding an Arcana Ability and ending the turn (a
  pending decision is always answered at random).

Each example plays until the fight ends or MAX_STEPS actions have been taken, checking the invariants after the
opening and after every step; every failure names the seeds and the step.

``RT0_SOAK=1`` runs a soak instead of the quick check (about five to seven minutes): many more examples
(``RT0_SOAK_EXAMPLES``, default 1000), longer fights (``RT0_SOAK_STEPS``, default 300), and a tally of what was
played printed at the end (run with ``-s``).
``RT0_NO_SHRINK=1`` reports a failing example as found, without shrinking it.
"""

from __future__ import annotations

import os
import random
import time
from collections import Counter
from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, event, find, given, settings
from hypothesis import Phase as Stage

from rt0table.rules.rt0.campaign.injuries import CRITICAL, MAJORS, MINORS
from rt0table.rules.rt0.fight.actions import Action
from rt0table.rules.rt0.fight.engine import AdversarySetup, FighterSetup, apply_in_place
from rt0table.rules.rt0.fight.serialize import state_hash
from rt0table.rules.rt0.fight.state import FighterKind
from rt0table.rules.rt0.traits import (
    ARCANA_ABILITY,
    OPPOSITE,
    SPELL_REQUIRES,
    Arcana,
    Spell,
    Trait,
)
from tests.helpers.random_fights import fights
from tests.helpers.random_play import BESTIARY, SOAK, TALLY, Fight, Policy, play, start

KINDS = sorted(BESTIARY)
EXAMPLES = int(os.environ.get("RT0_SOAK_EXAMPLES", "1000")) if SOAK else 15
# RT0_NO_SHRINK=1: report the first failing example as found (shrinking a long fight can take minutes)
PHASES = tuple(p for p in Stage if not (p is Stage.shrink and os.environ.get("RT0_NO_SHRINK")))


# --- the fights -----------------------------------------------------------------------------------------------


# --- the invariants -------------------------------------------------------------------------------------------


def replay(fight: Fight, actions: list[Action]) -> str:
    state = start(fight)
    for action in actions:
        apply_in_place(state, action)
    return state_hash(state)


def describe(fight: Fight) -> None:
    """Hypothesis statistics (``--hypothesis-show-statistics``): what the examples held."""
    for setup in fight.fighters:
        event(f"fighter: {setup.kind.value} {setup.arcana.title if setup.arcana else 'no Arcana'}")
        event(f"chosen abilities: {len(setup.abilities)}, upgrades: {min(len(setup.upgrades), 2)}+")
        event(f"spells: {len(setup.spells)}")
        for name in setup.injuries:
            event(f"injury: {name}")
    for foe in fight.adversaries:
        kind = BESTIARY[foe.kind]
        event(f"adversary: {kind.id}{' flying' if kind.flying else ''} {kind.targeting}")
    event(f"room: {fight.room}x{fight.room}")


@pytest.fixture(scope="module", autouse=True)
def soak_report() -> Iterator[None]:
    started = time.monotonic()
    yield
    if SOAK:
        seconds = time.monotonic() - started
        print(f"\nsoak: {TALLY['fights']} fights, {TALLY['steps']} steps in {seconds:.0f} s; {dict(TALLY)}")


@settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    print_blob=True,
    phases=PHASES,
)
@given(fights())
@pytest.mark.rule("DECK-PER-PLAYER", "DECK-RESHUFFLE", "CMB-ROUND", "CMB-SHIELD", "CMB-END")
def test_random_legal_play_keeps_every_invariant(fight: Fight) -> None:
    describe(fight)
    game, _ = play(fight)
    digest = replay(fight, game.actions)
    assert digest == state_hash(game.state), (
        f"seed={fight.seed} play_seed={fight.policy.seed} step={len(game.actions)}: the replay ended elsewhere"
    )


FEATURES = {
    "a Fool": lambda f: any(s.arcana is Arcana.FOOL for s in f.fighters),
    "a Magician": lambda f: any(s.arcana is Arcana.MAGICIAN for s in f.fighters),
    "a High Priestess": lambda f: any(s.arcana is Arcana.HIGH_PRIESTESS for s in f.fighters),
    "two chosen Arcana Abilities": lambda f: any(len(s.abilities) == 2 for s in f.fighters),
    "an upgrade": lambda f: any(s.upgrades for s in f.fighters),
    "three spells": lambda f: any(len(s.spells) == 3 for s in f.fighters),
    "a Charming spell": lambda f: any({Spell.AQUARIUS, Spell.VIRGO} & set(s.spells) for s in f.fighters),
    "Ophiuchus": lambda f: any(Spell.OPHIUCHUS in s.spells for s in f.fighters),
    "a Minor and a Major injury": lambda f: any(
        set(s.injuries) & set(MINORS) and set(s.injuries) & set(MAJORS) for s in f.fighters
    ),
    "a Critical Injury": lambda f: any(CRITICAL in s.injuries for s in f.fighters),
    "a Cursed deck": lambda f: any(s.cursed for s in f.fighters),
    "an Eddy": lambda f: any(s.kind is FighterKind.EDDY for s in f.fighters),
    "a Flying adversary": lambda f: any(BESTIARY[a.kind].flying for a in f.adversaries),
    "a Strategic adversary": lambda f: any(BESTIARY[a.kind].targeting == "strategic" for a in f.adversaries),
    "a book adversary": lambda f: any(BESTIARY[a.kind].source == "book" for a in f.adversaries),
    "a Backpack": lambda f: any("Backpack" in s.items for s in f.fighters),
    "an EVA Suit on": lambda f: any(s.suited for s in f.fighters),
    "cards on Headphones": lambda f: any(s.headphones for s in f.fighters),
    "three items": lambda f: any(len(s.items) == 3 for s in f.fighters),
    "a 1x1 room": lambda f: f.room == 1,
    "a 5x5 room": lambda f: f.room == 5,
}


@pytest.mark.parametrize("feature", FEATURES)
def test_the_random_fights_hold_every_kind_of_character_and_adversary(feature: str) -> None:
    """The strategy reaches each of these (so the property test is not quietly narrower than it says), and every
    character it makes is a valid one: Dull knows no spells, spell requirements hold, no spell is known twice."""
    fight = find(
        fights(), FEATURES[feature], settings=settings(max_examples=2000, database=None, phases=[Stage.generate])
    )
    assert FEATURES[feature](fight)


@given(fights())
@settings(max_examples=100, deadline=None)
def test_every_random_character_is_a_valid_one(fight: Fight) -> None:
    known: Counter[Spell] = Counter()
    for setup in fight.fighters:
        known.update(setup.spells)
        if Trait.DULL in setup.traits:
            assert not setup.spells
        for spell in setup.spells:
            assert spell not in SPELL_REQUIRES or SPELL_REQUIRES[spell] in setup.traits
        if setup.arcana is not None:
            assert ARCANA_ABILITY[setup.arcana] in setup.traits
            assert len(set(setup.abilities) - setup.upgrades) <= 2
            assert not any(OPPOSITE[t] in setup.traits for t in setup.traits)
    assert all(count == 1 for count in known.values())


def test_a_fixed_sweep_of_random_play_takes_thousands_of_actions() -> None:
    """Not a property: a fixed sweep over 3x3 fights, so every run checks at least this much play (five times as
    many fights under RT0_SOAK)."""
    rng = random.Random(2026)
    total, undone, endings = 0, 0, Counter[str]()
    for _ in range(60 if SOAK else 12):
        fighters = tuple(
            FighterSetup(f"f{i}", f"F{i}", (rng.randrange(3), rng.randrange(3)), frozenset(rng.sample(list(Trait), 2)))
            for i in range(rng.randint(1, 3))
        )
        foes = tuple(AdversarySetup(rng.choice(KINDS), (rng.randrange(3), rng.randrange(3))) for _ in range(2))
        fight = Fight(rng.getrandbits(64), 3, fighters, foes, Policy(rng.getrandbits(32), uniform=True))
        game, undo_count = play(fight, 120)
        total += len(game.actions)
        undone += undo_count
        endings[game.state.result or "unfinished"] += 1
    assert total >= 1200 and undone >= 300
    assert sum(endings.values()) - endings["unfinished"] >= 3, endings
