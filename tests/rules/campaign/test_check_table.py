"""The party's check table: piles per character, the Eddies' shared pile, retries and the Day's ledger."""

from __future__ import annotations

import json

import pytest

from rt0table.rules.rt0.campaign.character import Character, Eddy
from rt0table.rules.rt0.campaign.check_table import EDDY_PILE, CheckTable, edge_with_help, read_kept
from rt0table.rules.rt0.campaign.skill_check import Difficulty, Edge, OnceADay, Outcome
from rt0table.rules.rt0.cards import CARDS
from rt0table.rules.rt0.fight.deck import Pile
from rt0table.rules.rt0.fight.serialize import encode
from rt0table.rules.rt0.traits import Arcana, Skill, Spell, Trait
from tests.helpers.sample_party import stack

MIRA = Character("Mira", Arcana.MAGICIAN, Trait.CHARMING, Trait.WEAK, Skill.SCI, Skill.GYM, (Spell.LEO, Spell.VIRGO))
DOT = Character("Dot", Arcana.FOOL, Trait.STRONG, Trait.UNLUCKY, Skill.GYM, Skill.LAW, (Spell.OPHIUCHUS,))


def table() -> CheckTable:
    return CheckTable.for_party([MIRA, DOT], [Eddy("Eddy", Skill.SHOP)], seed=7)


def test_decks_follow_luck_and_eddies_share_a_full_deck() -> None:
    t = table()
    dot = t.piles["character:Dot"]
    assert len(dot) == 78 - 8 - 8  # Lucky removes Aces and Twos, Unlucky Queens and Kings
    assert len(t.piles[EDDY_PILE]) == 78
    assert t.checkers["Eddy"].refusal(Skill.LAW) == "Eddy is an Eddy and can only check SHOP."


@pytest.mark.rule("SKL-APLUS", "SKL-F")
def test_the_check_carries_a_plus_f_and_arcana() -> None:
    t = table()
    check = t.check_for("Mira", Skill.SCI, Difficulty.HARD, Edge.NONE)
    assert check.difficulty is Difficulty.MEDIUM and check.arcana is Arcana.MAGICIAN
    assert t.check_for("Mira", Skill.GYM, Difficulty.EASY, Edge.NONE).difficulty is Difficulty.UNLIKELY
    assert "F" in t.checkers["Mira"].why_difficulty(Skill.GYM, Difficulty.EASY)


@pytest.mark.rule("SKL-ODDS", "SKL-RETRY", "SKL-ONCE-A-DAY")
def test_odds_then_draw_then_retry_one_step_easier() -> None:
    t = table()
    stack(t, "Mira", "3 of Cups", "Page of Wands")
    check = t.check_for("Mira", Skill.LAW, Difficulty.MEDIUM, Edge.NONE)
    odds = t.odds("Mira", check)
    assert 0 < odds.success < 1
    first = t.attempt("Mira", Skill.LAW, "open the vault", check)
    assert first.result.outcome is Outcome.FAILURE
    assert t.refusal("Open the  vault") is not None  # same subject, same Day
    again = t.retry(first)
    assert again.result.check.difficulty is Difficulty.EASY
    assert again.result.succeeded and CARDS[again.result.cards[0]].name == "Page of Wands"
    assert t.corruption_taken == {"Mira": 1}
    assert t.retry_refusal(again) == "Only a failed check can be retried."
    t.next_day()
    assert t.refusal("open the vault") is None


@pytest.mark.rule("SKL-GROUP-ANY", "SKL-GROUP-ALL", "SKL-HELP")
def test_group_checks_and_help() -> None:
    t = table()
    stack(t, "Mira", "4 of Cups")
    stack(t, "Dot", "10 of Swords")
    attempts, verdict = t.group(["Mira", "Dot"], Skill.FREE, "search the room", Difficulty.MEDIUM, Edge.NONE, False)
    assert [a.name for a in attempts] == ["Mira", "Dot"]
    assert verdict.succeeded and verdict.by == "Dot"
    with pytest.raises(OnceADay):
        t.group(["Mira"], Skill.FREE, "search the room", Difficulty.MEDIUM, Edge.NONE, False)
    stack(t, "Eddy", "9 of Cups")
    helped, edge = t.help("Eddy", Skill.SHOP, Difficulty.EASY)
    assert helped.result.succeeded and edge is Edge.BONUS
    assert edge_with_help(Edge.PENALTY, [edge]) is Edge.NONE


def test_pile_is_a_pile() -> None:
    assert isinstance(table().piles["character:Mira"], Pile)


@pytest.mark.rule("INJ-MINOR", "SKL-PENALTY")
def test_blinded_penalises_only_checks_that_need_sight() -> None:
    t = CheckTable.for_party([MIRA], [], seed=2, injuries={"Mira": ("Blinded",)})
    assert t.checkers["Mira"].sight_matters
    assert t.check_for("Mira", Skill.ART, Difficulty.MEDIUM, Edge.NONE).edge is Edge.NONE
    assert t.check_for("Mira", Skill.ART, Difficulty.MEDIUM, Edge.NONE, sight=True).edge is Edge.PENALTY
    assert t.check_for("Mira", Skill.ART, Difficulty.MEDIUM, Edge.BONUS, sight=True).edge is Edge.NONE
    t.update_party([MIRA], [], {"Mira": ()})  # cured: the question no longer matters
    assert not t.checkers["Mira"].sight_matters
    assert t.check_for("Mira", Skill.ART, Difficulty.MEDIUM, Edge.NONE, sight=True).edge is Edge.NONE


@pytest.mark.rule("SKL-ONCE-A-DAY")
def test_the_table_kept_and_read_back_draws_the_same_cards() -> None:
    t = CheckTable.for_party([MIRA], [Eddy("Eddy", Skill.SHOP)], seed=9)
    t.day = 2
    for task in ("Pick the lock", "Bribe the guard", "Fix the radio"):
        t.attempt("Mira", Skill.SCI, task, t.check_for("Mira", Skill.SCI, Difficulty.HARD, Edge.NONE))
    party = CheckTable.for_party([MIRA], [Eddy("Eddy", Skill.SHOP)], seed=1)
    back = CheckTable.from_kept(read_kept(json.loads(json.dumps(encode(t.kept())))), party)
    assert back.day == 2 and back.refusal("pick the lock") == t.refusal("pick the lock") is not None
    for task in (f"Task {n}" for n in range(45)):  # 90 cards each: past a reshuffle, which needs the rng kept
        for who, skill in (("Mira", Skill.SCI), ("Eddy", Skill.SHOP)):
            check = t.check_for(who, skill, Difficulty.MEDIUM, Edge.PENALTY)
            assert back.attempt(who, skill, task + who, check).result == t.attempt(who, skill, task + who, check).result
    assert any(r.reshuffled for r in (a.result for a in back.history))
    with pytest.raises(ValueError, match="format"):
        read_kept({"version": 99})
