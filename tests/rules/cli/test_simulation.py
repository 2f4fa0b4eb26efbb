"""Designers' simulations: the brick and greedy policies, the runs that tally them, and the command line.

The pinned tallies and hash below run in both engines (``make test`` plain, ``make test-compiled`` compiled by
mypyc): the same seeds must give the same games in each. A deliberate rules change that alters them updates
the figures here and the ones in docs/benchmarks.md.
"""

from __future__ import annotations

import os

import pytest

from rt0table.rules.rt0 import rng
from rt0table.rules.rt0.cards import Suit, minor
from rt0table.rules.rt0.cli.simulation import Tally, brick, fights, greedy, solo_turns
from rt0table.rules.rt0.cli.simulation_cli import main as cli_main
from rt0table.rules.rt0.content.adversaries import bundled_bestiary
from rt0table.rules.rt0.fight import engine
from rt0table.rules.rt0.fight.actions import Choose, EndTurn, PlayCard
from rt0table.rules.rt0.fight.engine import AdversarySetup, FighterSetup, apply_in_place, legal_actions, new_combat
from rt0table.rules.rt0.fight.registry import ABILITIES
from rt0table.rules.rt0.fight.serialize import is_compiled, state_hash
from rt0table.rules.rt0.traits import Arcana, Trait

BOOK = bundled_bestiary("book.json")
BRICK = FighterSetup("brick", "Brick", (1, 1), frozenset({Trait.STRONG, Trait.SLOW, Trait.CLEVER}), Arcana.MAGICIAN)
PARTY = [
    FighterSetup("mara", "Mara", (0, 1), frozenset({Trait.STRONG, Trait.SLOW, Trait.LUCKY}), Arcana.FOOL),
    FighterSetup("jo", "Jo", (1, 1), frozenset({Trait.FAST, Trait.WEAK, Trait.WISE}), Arcana.HIGH_PRIESTESS),
    FighterSetup("ren", "Ren", (2, 1), frozenset({Trait.CHARMING, Trait.FOOLISH, Trait.CLEVER}), Arcana.MAGICIAN),
]
LABORERS = [AdversarySetup("laborer", (column, 0)) for column in range(3)]


def test_the_engine_under_test_is_the_one_asked_for() -> None:
    """``make test-compiled`` sets RT0_EXPECT_COMPILED=1: a silent fall-back to plain Python would prove nothing."""
    expected = os.environ.get("RT0_EXPECT_COMPILED") == "1"
    assert is_compiled(engine) is expected
    assert is_compiled(rng) is expected
    assert rng.WORDS_WRAP is expected  # the machine-word shuffle runs exactly when compiled


@pytest.mark.rule("CMB-UNARMED", "CMB-DEFEND")
def test_the_brick_strikes_before_it_defends() -> None:
    state, _ = new_combat(1, 3, [BRICK], [], BOOK, practice=True)
    fighter = state.fighters[0]
    fighter.hand = [minor(Suit.CUPS, 4), minor(Suit.SWORDS, 2)]
    assert brick(state) == PlayCard("brick", minor(Suit.SWORDS, 2), "unarmed_strike")
    fighter.hand = [minor(Suit.CUPS, 4)]
    assert brick(state) == PlayCard("brick", minor(Suit.CUPS, 4), "defend")


@pytest.mark.rule("CMB-TURN")
def test_the_brick_ends_its_turn_when_no_base_ability_takes_a_card() -> None:
    state, _ = new_combat(1, 3, [BRICK], [], BOOK, practice=True)
    state.fighters[0].hand = []
    assert brick(state) == EndTurn("brick")


@pytest.mark.rule("CMB-MOVE-SKILL")
def test_the_brick_answers_a_question_with_its_first_option() -> None:
    """A full Movement/Skill bin asks: step or skill check? The brick takes the first option."""
    state, _ = new_combat(1, 3, [BRICK], [], BOOK, practice=True)
    ABILITIES["move_skill"].resolve(state, state.fighters[0], [])
    assert state.pending is not None and state.pending.kind == "step"
    assert brick(state) == Choose(0)
    assert Choose(0) in legal_actions(state)


def test_brick_and_greedy_choose_alike_for_a_player_of_base_abilities() -> None:
    """The brick's shortcut (no list of legal actions) picks what greedy picks from the full list."""
    for seed in range(5):
        state, _ = new_combat(seed, 3, [BRICK], [], BOOK, practice=True)
        for _ in range(150):
            choice = brick(state)
            assert choice == greedy(state)
            assert choice in legal_actions(state)
            apply_in_place(state, choice)


@pytest.mark.rule("DECK-RESHUFFLE")
def test_a_solo_run_is_pinned() -> None:
    tally = solo_turns(BRICK, 600, BOOK)
    assert tally == Tally(rounds=600, actions=4017, fights=40, damage=5045, shield=2146)
    assert tally.per_round(tally.damage) == pytest.approx(8.408, abs=1e-3)


@pytest.mark.rule("CMB-END")
def test_whole_fights_are_pinned() -> None:
    tally = fights(PARTY, LABORERS, BOOK, 12)
    assert tally == Tally(rounds=90, actions=1988, fights=12, damage=1407, shield=1561, results={"victory": 12})
    state, _ = new_combat(3, 3, PARTY, LABORERS, BOOK)
    while state.result is None:
        apply_in_place(state, greedy(state))
    assert (state.round, state.result, state_hash(state)) == (9, "victory", "a0370221317c5408")


def test_a_fight_that_does_not_end_counts_as_unfinished() -> None:
    tally = fights(PARTY, LABORERS, BOOK, 2, max_rounds=1)
    assert tally.results == {"unfinished": 2}
    assert tally.rounds == 2


def test_the_command_line_runs_both_modes(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli_main(["brick", "--turns", "30", "--player", "strong,slow,clever:magician"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("30 turns in 2 fights,")
    assert "damage dealt or wasted per turn:" in out
    assert cli_main(["fights", "--count", "2", "--adversary", "training_robot"]) == 0
    assert "fights ended: victory: 2;" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["brick", "--player", "strong,bogus"], "no trait 'bogus'"),
        (["brick", "--player", "strong:emperor"], "no Arcana 'emperor'"),
        (["fights", "--adversary", "dragon"], "'dragon': not in the bundled bestiaries"),
        (["brick", "--player", "strong", "--player", "weak"], "give one --player"),
    ],
)
def test_the_command_line_explains_what_it_cannot_use(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert cli_main(argv) == 2
    assert message in capsys.readouterr().err
