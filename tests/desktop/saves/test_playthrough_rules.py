"""The playthrough save asks the ruleset its header names for everything it writes and reads (issue 13, item 4)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rt0table.desktop.saves import DamagedSaveError, SaveStore
from rt0table.desktop.saves.errors import UnknownRulesetError
from rt0table.desktop.saves.gamefile import fight_text
from rt0table.desktop.saves.playthrough_rules import PlaythroughRules, keeps_playthroughs, playthrough_rules
from rt0table.desktop.saves.schema import connect_read_only
from rt0table.desktop.saves.setup_codec import RULESETS as TITLES
from rt0table.rules.rt0.fight.rt0_setup import CombatSetup
from rt0table.rules.rt0.rt0_seam import RT0
from rt0table.rules.rulesets import RULESETS

SAVE = Path("game.rt0save")


def test_the_listing_knows_every_game_of_the_registry_by_its_title() -> None:
    """The load screen lists saves without loading any rules: its table of titles is the registry's."""
    assert {key: rules.title for key, rules in RULESETS.items()} == TITLES


def test_rt0_keeps_playthroughs_and_the_games_on_their_own_tables_do_not() -> None:
    assert isinstance(RT0, PlaythroughRules) and playthrough_rules(SAVE, "rt0") is RT0
    assert keeps_playthroughs("rt0")
    assert not any(keeps_playthroughs(key) for key in RULESETS if key != "rt0")
    assert not keeps_playthroughs("chess")


def test_a_playthrough_of_another_game_or_an_unknown_one_is_refused_by_name() -> None:
    with pytest.raises(DamagedSaveError, match="this is a Moon's Grave save; it opens on its own table"):
        playthrough_rules(SAVE, "moons-grave")
    with pytest.raises(UnknownRulesetError, match="chess"):
        playthrough_rules(SAVE, "chess")


def test_rt0s_fight_set_up_is_written_as_format_5_wrote_it(setup: CombatSetup) -> None:
    """Save bytes unchanged: the seed first, then the room, practice, fighters, adversaries, bestiary and Day,
    without spaces (RT:0's codec in rules/rt0 writes it; the store only stores it)."""
    text = fight_text(RT0, setup)
    data = json.loads(text)
    assert list(data) == ["seed", "room_size", "practice", "fighters", "adversaries", "bestiary", "day"]
    assert text == json.dumps(data, separators=(",", ":"))
    assert RT0.decode_saved_fight(data) == setup


def test_a_saved_fight_plays_on_through_the_rules_the_header_names(store: SaveStore, setup: CombatSetup) -> None:
    """Every row's hash is the ruleset's, and the loaded fight is the ruleset's fight in play."""
    game_id = store.new_game(setup)
    state, _events = setup.start()
    game = RT0.in_play(state)
    for _ in range(3):
        action = RT0.legal_actions(game.state)[0]
        game.push(action)
        store.append(game_id, action, game.state)
    loaded = store.load(game_id)
    assert loaded.game is not None and loaded.setup == setup
    assert RT0.state_hash(loaded.game.state) == RT0.state_hash(game.state)
    assert loaded.actions == game.actions
    conn = connect_read_only(store.path_of(game_id))
    try:
        header = conn.execute("SELECT ruleset, state_format FROM game").fetchone()
    finally:
        conn.close()
    assert header == ("rt0", RT0.state_format)
