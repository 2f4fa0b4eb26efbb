"""From the campaign into a fight and back: ids, Arcana Abilities to bring, default zones, replacement Eddies."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from rt0table.desktop.table.quick_fights import book_bestiary
from rt0table.rules.rt0.campaign import fight_plan as fp
from rt0table.rules.rt0.campaign.campaign_codec import read_campaign
from rt0table.rules.rt0.campaign.campaign_events import EddyReplaced
from rt0table.rules.rt0.campaign.character import Character, Eddy
from rt0table.rules.rt0.campaign.corruption import CIRCLES, Corruption
from rt0table.rules.rt0.campaign.supremacy import FighterOutcome, FightSummary, gain_reason
from rt0table.rules.rt0.fight.engine import AdversarySetup
from rt0table.rules.rt0.fight.serialize import encode
from rt0table.rules.rt0.fight.state import FighterKind
from rt0table.rules.rt0.traits import Arcana, Skill, Trait
from tests.helpers.sample_party import fool, magician

PRIESTESS = Character("Ines", Arcana.HIGH_PRIESTESS, Trait.STRONG, Trait.SLOW, Skill.GYM, Skill.LAW, ())


def test_a_party_becomes_a_campaign_with_unique_ids() -> None:
    game = fp.from_party([fool("Pip"), magician("Pip")], [Eddy("Eddy", Skill.SHOP)])
    assert [m.id for m in game.members] == ["pip", "pip-2"]
    assert game.day == 1 and game.supremacy == 0 and game.eddies == (Eddy("Eddy", Skill.SHOP),)
    assert list(fp.eddy_ids(game)) == ["eddy"]
    again = read_campaign(json.loads(json.dumps(encode(game))))
    assert again == game


@pytest.mark.rule("CMB-CHOOSE-ABILITIES")
def test_two_arcana_abilities_plus_the_free_upgraded_ones() -> None:
    game = fp.from_party([PRIESTESS])
    choices = fp.ability_choices(game, "ines")
    assert len(choices) == 6 and all(c.playable and c.summary for c in choices)
    ids = [c.ability_id or "" for c in choices]
    assert fp.choice_refusal(game, "ines", ids[:2]) is None
    assert "1 Corruption" in (fp.choice_refusal(game, "ines", ids[:3]) or "")
    member = game.member("ines")
    upgraded = replace(member, corruption=Corruption(marks={choices[0].upgrade: CIRCLES}))
    game = game.with_member(upgraded)
    assert fp.ability_choices(game, "ines")[0].free
    assert fp.choice_refusal(game, "ines", ids[:3]) is None  # the free one does not count
    plan = fp.FightPlan(3, 1, (AdversarySetup("training_robot", (0, 0)),), abilities={"ines": tuple(ids[1:3])})
    state, _ = fp.start_fight(game, plan, book_bestiary())
    assert set(ids[:3]) <= set(state.fighter("ines").abilities)


def test_the_fools_six_abilities_are_listed_and_two_may_be_brought() -> None:
    game = fp.from_party([fool("Pip")])
    choices = fp.ability_choices(game, "pip")
    assert len(choices) == 6 and all(c.playable for c in choices)
    assert fp.choice_refusal(game, "pip", ["kitchen_sink", "laughter"]) is None
    assert fp.choice_refusal(game, "pip", ["kitchen_sink", "laughter", "blackjack"]) is not None


def test_default_zones_and_refusals() -> None:
    game = fp.from_party([fool("Pip"), magician("Mo")], [Eddy("Eddy", Skill.SHOP)])
    assert fp.default_zones(game, 3) == {"pip": (0, 2), "mo": (1, 2), "eddy": (2, 2)}
    assert fp.adversary_zone(3, 0) == (2, 0)
    empty = fp.FightPlan(1, 3, ())
    assert fp.plan_refusal(game, empty) == "Pick at least one adversary to fight."
    outside = fp.FightPlan(1, 1, (AdversarySetup("laborer", (2, 0)),))
    assert "outside" in (fp.plan_refusal(game, outside) or "")
    setups = fp.fighter_setups(game, fp.FightPlan(1, 3, (AdversarySetup("laborer", (0, 0)),), {"mo": (1, 1)}))
    assert [(s.id, s.zone, s.kind) for s in setups] == [
        ("pip", (0, 2), FighterKind.PLAYER),
        ("mo", (1, 1), FighterKind.PLAYER),
        ("eddy", (2, 2), FighterKind.EDDY),
    ]


@pytest.mark.rule("EDDY-RESPAWN", "CMB-SUPREMACY")
def test_after_a_fight_a_destroyed_eddy_is_replaced() -> None:
    game = fp.from_party([fool("Pip")], [Eddy("Eddy", Skill.SHOP, "sweeps")])
    plan = fp.FightPlan(5, 1, (AdversarySetup("training_robot", (0, 0)),))
    state, _ = fp.start_fight(game, plan, book_bestiary())
    state.fighter("eddy").dead = True
    state.fighter("eddy").hp = 0
    game, summary, events = fp.after_fight(game, state)
    assert game.eddies == (Eddy("Eddy 2", Skill.SHOP, "sweeps"),)
    assert EddyReplaced("Eddy", "Eddy 2") in events
    assert game.eddy_names == ("Eddy", "Eddy 2")
    assert [o.member for o in summary.outcomes] == ["pip"]  # Eddies stay off the worksheet


@pytest.mark.rule("CMB-SUPREMACY")
def test_the_worksheet_reason_in_words() -> None:
    clean = FightSummary((FighterOutcome("a"),))
    assert gain_reason(clean).startswith("Two tallies")
    hurt = FightSummary((FighterOutcome("a", ("Groggy",)),))
    assert gain_reason(hurt, {"a": "Ann"}) == "Nothing added: Ann took an injury."
    scratched = FightSummary((FighterOutcome("a", hp=12),))
    assert gain_reason(scratched).startswith("One tally")
