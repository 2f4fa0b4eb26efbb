"""The GM stand-in: every GM decision the engine raises gets an answer, the book's where it has one, the same
answer for the same seed, and a reason in words."""

from __future__ import annotations

from collections import Counter

import pytest

from rt0table.rules.rt0.fight.actions import Choose, EndTurn, PlayCard
from rt0table.rules.rt0.fight.engine import Game
from rt0table.rules.rt0.fight.serialize import state_hash
from rt0table.rules.rt0.fight.state import GM, CombatState, InjuryTarget, ModeTarget, Option, PendingDecision
from rt0table.rules.rt0.solo.gm_stand_in import (
    DIFFICULTY,
    INJURY,
    TARGET,
    GmStandIn,
    Policy,
    choose,
    respond,
    uniform_index,
)
from tests.helpers.solo_fights import greedy, knock_down_fight, skill_check_fight


def play(game: Game, stand_in: GmStandIn, steps: int = 400) -> list[tuple[str, str, str]]:
    """Play to the end: the greedy player for the players, the stand-in for the GM; returns the GM's answers."""
    answers = []
    for _ in range(steps):
        if game.state.result is not None:
            break
        answer = stand_in.respond(game.state)
        if answer is not None:
            answers.append((answer.kind, answer.label, answer.reason))
            game.push(answer.action)
        else:
            game.push(greedy(game.state))
    return answers


def end_both_turns(game: Game) -> None:
    game.push(EndTurn("mara"))
    game.push(EndTurn("jun"))


@pytest.mark.rule("CMB-TARGETING", "CMB-ZERO-HP")
def test_a_strategic_adversary_knocks_down_whoever_it_can_and_the_injury_is_picked() -> None:
    game = knock_down_fight()
    end_both_turns(game)
    pending = game.state.pending
    assert pending is not None and pending.kind == TARGET and pending.actor == GM
    answer = choose(game.state)
    assert answer is not None and answer.label == "Executare hits Mara"
    assert "Strategic" in answer.reason and "knocks them down" in answer.reason
    game.push(answer.action)
    pending = game.state.pending
    assert pending is not None and pending.kind == INJURY
    injury = choose(game.state)
    assert injury is not None and injury.label in [o.label for o in pending.options]
    assert "drawn at random from the 9 Majors" in injury.reason
    game.push(injury.action)
    mara = game.state.fighter("mara")
    assert mara.injuries == [injury.label] and mara.hp == 15


def test_with_no_knock_down_in_reach_strategic_takes_the_most_hp() -> None:
    game = knock_down_fight(mara_hp=18, jun_hp=12)
    game.state.fighter("mara").shield = 0
    end_both_turns(game)
    answer = choose(game.state)
    assert answer is not None
    # 7 damage: both lose 7; the tie goes to the one left lower, Jun on 5
    assert answer.label == "Executare hits Jun" and "costs 7 HP" in answer.reason


def test_a_dimwitted_adversary_picks_the_softest_blow() -> None:
    game = knock_down_fight(kind="mr_surgeon", card="5 of Swords", mara_hp=3, jun_hp=12)
    end_both_turns(game)
    answer = choose(game.state)
    assert answer is not None and answer.kind == TARGET
    assert answer.label == "Mr. Surgeon hits Jun" and "Dimwitted" in answer.reason


def test_the_check_difficulty_is_the_players_by_default_and_medium_when_the_oracle_sets_it() -> None:
    game = skill_check_fight()
    for card in list(game.state.fighter("mara").hand)[:2]:
        if game.state.pending is None:
            game.push(PlayCard("mara", card, "move_skill"))
    assert game.state.pending is not None and game.state.pending.kind == "step"
    game.push(Choose(len(game.state.pending.options) - 1))  # make a skill check
    game.push(Choose(0))  # the first skill
    pending = game.state.pending
    assert pending is not None and pending.kind == DIFFICULTY and pending.actor == GM
    assert respond(game.state) is None, "by default the solo player sets the difficulty"
    answer = respond(game.state, Policy(player_sets_difficulty=False))
    assert answer is not None and answer.label == "Medium" and "Medium" in answer.reason
    assert choose(game.state) == answer


def test_every_gm_decision_kind_the_engine_raises_is_answered() -> None:
    seen: Counter[str] = Counter()
    stand_in = GmStandIn(Policy(player_sets_difficulty=False))
    for seed in range(1, 9):
        for kind in ("executare", "mr_surgeon", "company_muscle", "mob"):
            game = knock_down_fight(seed=seed, kind=kind, card="9 of Swords")
            for answered, _, reason in play(game, stand_in):
                seen[answered] += 1
                assert reason
    game = skill_check_fight()
    for card in list(game.state.fighter("mara").hand)[:2]:
        game.push(PlayCard("mara", card, "move_skill"))
    game.push(Choose(len(game.state.pending.options) - 1))  # type: ignore[union-attr]
    game.push(Choose(0))
    seen.update(kind for kind, _, _ in play(game, stand_in, steps=1))
    assert {TARGET, INJURY, DIFFICULTY} <= set(seen)


def test_the_same_seed_gives_the_same_answers_and_the_same_fight() -> None:
    def run(seed: int) -> tuple[list[tuple[str, str, str]], str]:
        game = knock_down_fight(seed=seed, card="9 of Swords")
        answers = play(game, GmStandIn())
        return answers, state_hash(game.state)

    first, again = run(11), run(11)
    assert first == again and first[0]
    assert any(run(seed)[0] != first for seed in range(12, 20))


def test_the_pick_leaves_the_fights_random_state_alone() -> None:
    game = knock_down_fight()
    end_both_turns(game)
    game.push(Choose(0))
    before = game.state.rng
    choose(game.state)
    assert game.state.rng == before


def test_the_uniform_pick_is_fair_over_seeds() -> None:
    options = tuple(Option(f"Injury {i}", InjuryTarget("f", str(i))) for i in range(9))
    decision = PendingDecision("injury", GM, "Mara is at 0 HP.", options)
    state: CombatState = knock_down_fight().state
    counts: Counter[int] = Counter()
    for seed in range(9000):
        state.rng = seed * 0x9E3779B97F4A7C15 & ((1 << 64) - 1)
        state.decisions = [decision]
        counts[uniform_index(state, decision)] += 1
    assert set(counts) == set(range(9))
    assert all(800 <= n <= 1200 for n in counts.values()), counts


def test_nothing_to_answer_when_no_gm_decision_waits() -> None:
    game = knock_down_fight()
    assert game.state.pending is None
    assert choose(game.state) is None and respond(game.state) is None


def test_an_unknown_gm_decision_is_picked_at_random_with_a_reason() -> None:
    state = knock_down_fight().state
    state.decisions = [
        PendingDecision(
            "three-card-monte", GM, "Which cup?", (Option("Left", ModeTarget("l")), Option("Right", ModeTarget("r")))
        )
    ]
    answer = choose(state)
    assert answer is not None and answer.label in ("Left", "Right") and "from the 2 options" in answer.reason
