"""The measuring command: seeded whole games of a pack played by the stand-in, and the figures it prints."""

from __future__ import annotations

from pathlib import Path

import pytest

from rt0table.rules.restless.rs_pack_folder import write_rs_folder
from rt0table.rules.restless.rs_practice import practice_pack
from rt0table.rules.restless.rs_trial import GameFigures, TrialFigures, main, play_game


def test_a_game_s_figures_add_up() -> None:
    game = play_game(practice_pack(), 5)
    assert game.result == "won" and game.realm == 5 and game.met_god  # seed 5 is a win (test_rs_whole_games)
    assert game.rounds >= 12 and game.deaths >= 0  # at least one round for each of 12 Encounters and the God


def test_the_figures_give_the_win_rate_with_its_wilson_interval() -> None:
    won = GameFigures(1, "won", 5, True, 20, 1)
    lost = GameFigures(2, "lost", 3, False, 10, 4)
    figures = TrialFigures((won, lost, lost, lost))
    low, high = figures.interval
    assert figures.wins == 1 and 0.04 < low < 0.05 and 0.69 < high < 0.70  # Wilson 95% for 1 of 4
    assert figures.lines() == [
        "games 4: won 1 (25%, 95% interval 5%-70%)",
        "results lost 3, won 1",
        "met the Traitor God 1 (25%)",
        "last Realm entered 3: 3, 5: 1",
        "combat rounds a game 12.5",
        "Character deaths a game 3.25",
    ]


def test_the_command_plays_a_pack_folder_and_refuses_no_games(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    write_rs_folder(practice_pack(), tmp_path / "copy")
    assert main(["--games", "1", "--seed", "5", "--pack", str(tmp_path / "copy")]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Restless practice pack, 4 Encounters a Realm, seeds 5-5\ngames 1: won 1 (100%")
    with pytest.raises(SystemExit):
        main(["--games", "0"])
