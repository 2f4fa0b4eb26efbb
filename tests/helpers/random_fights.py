"""The random-play test's fights as Hypothesis strategies: players of every Arcana with valid Report Cards, Arcana
Abilities, upgrades, spells, injuries and items, Eddies, adversaries from both bestiaries, rooms and policies.

Shared by tests/rules/fight/test_random_play.py and the balance lab's differential test (tests/rules/lab).
"""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

from rt0table.rules.rt0.abilities import arcana_abilities
from rt0table.rules.rt0.campaign.character import (
    allowed_a_plus,
    allowed_abilities,
    allowed_failed,
    allowed_weaknesses,
)
from rt0table.rules.rt0.campaign.injuries import CRITICAL, MAJORS, MINORS
from rt0table.rules.rt0.campaign.items import ITEMS
from rt0table.rules.rt0.fight.engine import AdversarySetup, FighterSetup
from rt0table.rules.rt0.fight.state import FighterKind
from rt0table.rules.rt0.fight.zones import ROOM_SIZES
from rt0table.rules.rt0.traits import (
    ABILITIES,
    ARCANA_ABILITY,
    OPPOSITE,
    SPELL_REQUIRES,
    WEAKNESSES,
    Arcana,
    Spell,
    Trait,
)
from tests.helpers.random_play import BESTIARY, Fight, Policy

KINDS = sorted(BESTIARY)


def spells_open(traits: frozenset[Trait], known: set[Spell]) -> list[Spell]:
    """CHR-SPELL, CHR-SPELL-REQ: the spells this Report Card may learn (none when Dull), minus the party's."""
    if Trait.DULL in traits:
        return []
    return [s for s in Spell if s not in known and (s not in SPELL_REQUIRES or SPELL_REQUIRES[s] in traits)]


@st.composite
def injuries(draw: st.DrawFn) -> tuple[str, ...]:
    """Minor injuries, at most one Major (a second one would have been a Critical), now and then a Critical."""
    held = draw(st.lists(st.sampled_from(MINORS), max_size=2, unique=True))
    if draw(st.integers(0, 3)) == 0:
        held.append(draw(st.sampled_from(MAJORS)))
    if draw(st.integers(0, 15)) == 0:
        held.append(CRITICAL)
    return tuple(draw(st.permutations(held)))


@st.composite
def player(draw: st.DrawFn, index: int, zone: st.SearchStrategy[tuple[int, int]], known: set[Spell]) -> FighterSetup:
    """A player with a valid Report Card, Arcana Abilities, upgrades, spells and injuries."""
    arcana = draw(st.sampled_from((Arcana.FOOL, Arcana.MAGICIAN, Arcana.HIGH_PRIESTESS, None)))
    if arcana is None:  # a scenario's or a drill's fighter: an Ability and a Weakness, no Arcana
        ability = draw(st.sampled_from(ABILITIES))
        weakness = draw(st.sampled_from([w for w in WEAKNESSES if OPPOSITE[w] is not ability]))
        traits = frozenset({ability, weakness})
        chosen: list[str] = []
        upgrades: frozenset[str] = frozenset()
        a_plus, failed = (), ()
    else:
        ability = draw(st.sampled_from(allowed_abilities(arcana)))
        weakness = draw(st.sampled_from(allowed_weaknesses(arcana, ability)))
        traits = frozenset({ARCANA_ABILITY[arcana], ability, weakness})
        own = arcana_abilities(arcana)
        chosen = draw(st.lists(st.sampled_from(own), max_size=2, unique=True))
        upgrades = frozenset(draw(st.lists(st.sampled_from(own), max_size=draw(st.sampled_from((0, 0, 1, 2, 6))))))
        best = draw(st.sampled_from(allowed_a_plus(arcana, ability, weakness)))
        a_plus, failed = (best,), (draw(st.sampled_from(allowed_failed(arcana, ability, weakness, best))),)
    spells = draw(st.lists(st.sampled_from(spells_open(traits, known) or [None]), max_size=3, unique=True))
    learned = tuple(s for s in spells if s is not None)
    known.update(learned)
    return FighterSetup(
        f"f{index}",
        f"Fighter {index}",
        draw(zone),
        traits,
        arcana,
        abilities=tuple(chosen),
        injuries=draw(injuries()),
        cursed=draw(st.integers(0, 9)) == 0,
        a_plus=a_plus,
        failed=failed,
        upgrades=upgrades,
        spells=learned,
        morning_start=draw(st.booleans()),  # Withdrawal acts only on a Day without one
        **draw(belongings()),
    )


@st.composite
def belongings(draw: st.DrawFn) -> dict[str, Any]:
    """ITM-*: up to 3 items (repeats allowed), the EVA Suit sometimes on, cards sometimes on the Headphones."""
    items = tuple(draw(st.lists(st.sampled_from(sorted(ITEMS)), max_size=3)))
    suited = "EVA Suit" in items and draw(st.booleans())
    kept = draw(st.lists(st.integers(0, 77), max_size=3, unique=True)) if "Headphones" in items else []
    return {"items": items, "suited": suited, "headphones": tuple(kept)}


@st.composite
def fights(draw: st.DrawFn) -> Fight:
    room = draw(st.sampled_from(ROOM_SIZES))
    zone = st.tuples(st.integers(0, room - 1), st.integers(0, room - 1))
    fighters: list[FighterSetup] = []
    known: set[Spell] = set()
    for i in range(draw(st.integers(1, 4))):
        if draw(st.integers(0, 5)) == 0:
            fighters.append(FighterSetup(f"f{i}", f"Eddy {i}", draw(zone), kind=FighterKind.EDDY))
        else:
            fighters.append(draw(player(i, zone, known)))
    foes = [AdversarySetup(draw(st.sampled_from(KINDS)), draw(zone)) for _ in range(draw(st.integers(1, 3)))]
    policy = Policy(
        draw(st.integers(0, 2**32)),
        play=draw(st.integers(1, 8)),
        activate=draw(st.integers(0, 4)),
        add=draw(st.sampled_from((0, 1, 1, 3))),
        end=draw(st.integers(1, 3)),
    )
    return Fight(draw(st.integers(0, 2**64 - 1)), room, tuple(fighters), tuple(foes), policy)
