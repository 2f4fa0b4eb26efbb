"""The Supremacy Worksheet (CMB-SUPREMACY) and concluding a fight into the campaign."""

from __future__ import annotations

import pytest

from rt0table.rules.rt0.campaign import campaign as cp
from rt0table.rules.rt0.campaign.supremacy import FighterOutcome, FightSummary, supremacy_gain
from rt0table.rules.rt0.traits import Trait
from tests.helpers.sample_party import fool, magician, party

Out = FighterOutcome


@pytest.mark.rule("CMB-SUPREMACY")
@pytest.mark.parametrize(
    ("outcomes", "gain"),
    [
        ((Out("a"), Out("b")), 2),
        ((Out("a", hp=19), Out("b")), 1),
        ((Out("a", corruption=1), Out("b", corruption=1, hp=3)), 1),
        ((Out("a", corruption=2), Out("b")), 0),
        ((Out("a", injuries_taken=("Dizzy",)), Out("b")), 0),
        ((Out("a", injuries_taken=("Broken Arm",), hp=15), Out("b")), 0),
        ((Out("a", died=True, hp=0),), 0),
        ((Out("a", hp=20, full_hp=20),), 2),
    ],
)
def test_tally(outcomes: tuple[FighterOutcome, ...], gain: int) -> None:
    assert supremacy_gain(FightSummary(outcomes)) == gain


@pytest.mark.rule("CMB-SUPREMACY", "INJ-MAJOR")
def test_concluding_a_fight_records_injuries_corruption_and_supremacy() -> None:
    game, _ = cp.take_injury(party(fool(), magician()), "a", "Dizzy")
    game, _ = cp.take_injury(game, "a", "Distracted")
    clean = FightSummary((Out("a", hp=20, injuries_after=("Dizzy", "Distracted")), Out("b")))
    after, _ = cp.conclude_fight(game, clean)
    assert after.supremacy == 2 and after.member("a").injuries.names == ("Dizzy",)
    hurt = FightSummary(
        (
            Out("a", injuries_taken=("Curse",), hp=15, corruption=1, injuries_after=("Dizzy", "Curse")),
            Out("b", corruption=2),
        )
    )
    after, _ = cp.conclude_fight(game, hurt)
    assert after.supremacy == 0
    assert after.member("a").injuries.names == ("Dizzy", "Curse")
    assert after.member("a").corruption.owed == 1 and after.member("b").corruption.owed == 2


@pytest.mark.rule("INJ-MAJOR", "MOD-CHARM")
def test_unresolved_trauma_on_a_strange_character_costs_one_after_each_fight() -> None:
    game, _ = cp.take_injury(party(fool(weakness=Trait.STRANGE), fool("Bo")), "a", "Unresolved Trauma")
    game, _ = cp.take_injury(game, "b", "Unresolved Trauma")
    summary = FightSummary(
        (Out("a", injuries_after=("Unresolved Trauma",)), Out("b", injuries_after=("Unresolved Trauma",)))
    )
    after, _ = cp.conclude_fight(game, summary)
    assert after.member("a").corruption.total == 1 and after.member("b").corruption.total == 0
