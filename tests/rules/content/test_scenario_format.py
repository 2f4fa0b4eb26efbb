"""The scenario format itself: parsing errors that say where, readable failures, the runner's exit codes."""

from __future__ import annotations

from pathlib import Path

import pytest

from rt0table.rules.rt0.cli import scenario_cli
from rt0table.rules.rt0.content.adversaries import BestiaryError
from rt0table.rules.rt0.content.scenario import (
    ScenarioError,
    bestiary_from_texts,
    observe,
    parse_scenario,
    run_scenario,
    start,
)

BOOK = scenario_cli.bundled_bestiary_text("book.json") or ""
HOUSE = scenario_cli.bundled_bestiary_text("house.json") or ""

BASE = """
name = "probe"
seed = 5
room = 3

[[fighters]]
id = "mara"
zone = "B2"

[[adversaries]]
kind = "laborer"
zone = "B2"

[deck]
mara = ["7 of Wands", "3 of Wands", "3 of Cups", "4 of Cups", "5 of Cups"]
gm = ["4 of Pentacles"]
"""


def run(text: str):  # type: ignore[no-untyped-def]
    scenario = parse_scenario(text, "probe.toml")
    return run_scenario(scenario, bestiary_from_texts({"book.json": BOOK}))


def test_a_passing_scenario_runs_every_step() -> None:
    outcome = run(
        BASE
        + """
[[steps]]
do = ['play mara "7 of Wands" unarmed_strike', 'play mara "3 of Wands" unarmed_strike', "choose 0"]
expect = { "laborer-1.hp" = 15 }
"""
    )
    assert outcome.passed
    assert outcome.steps_run == 1
    assert outcome.game is not None and outcome.game.state.adversary("laborer-1").hp == 15


def test_a_failed_expectation_names_file_step_expected_and_actual() -> None:
    outcome = run(
        BASE
        + """
[[steps]]
do = 'play mara "7 of Wands" unarmed_strike'

[[steps]]
do = 'play mara "3 of Wands" unarmed_strike'
expect = { "laborer-1.hp" = 12 }

[[steps]]
do = "choose 0"
"""
    )
    assert outcome.failure is not None
    assert (outcome.failure.step, outcome.failure.expected, outcome.failure.actual) == (2, 12, 20)
    text = str(outcome.failure)
    assert "probe.toml: step 2" in text and "laborer-1.hp" in text
    assert "expected: 12" in text and "actual:   20" in text
    assert "pending strike" in text  # the state snapshot
    assert outcome.steps_run == 2  # it stopped there


def test_an_expected_refusal_must_happen_and_match() -> None:
    allowed = run(BASE + '[[steps]]\ndo = \'play mara "3 of Cups" defend\'\nrefused = "no"\n')
    assert allowed.failure is not None and allowed.failure.actual == "allowed"
    wrong = run(BASE + '[[steps]]\ndo = \'play mara "3 of Cups" unarmed_strike\'\nrefused = "Honk"\n')
    assert wrong.failure is not None and "takes Wands or Swords" in wrong.failure.actual
    right = run(BASE + '[[steps]]\ndo = \'play mara "3 of Cups" unarmed_strike\'\nrefused = "WANDS OR SWORDS"\n')
    assert right.passed


def test_an_unexpected_refusal_fails_with_the_reason() -> None:
    outcome = run(BASE + '[[steps]]\ndo = "end nia"\n')
    assert outcome.failure is not None
    assert outcome.failure.actual == "refused: It is Mara's turn, not nia's."


def test_undo_is_a_step() -> None:
    outcome = run(
        BASE
        + """
[[steps]]
do = ['play mara "3 of Cups" defend', "undo"]
expect = { "mara.hand.count" = 5, "mara.bins.defend.count" = 0 }

[[steps]]
do = "undo"
refused = "Nothing to undo yet"

[[steps]]
do = ["end mara", "undo"]
refused = "showed hidden cards"
"""
    )
    assert outcome.passed, str(outcome.failure)


def test_an_unknown_path_is_a_failure_not_a_crash() -> None:
    outcome = run(BASE + '[expect]\n"mara.charisma" = 3\n')
    assert outcome.failure is not None and "no such thing" in str(outcome.failure.actual)


def test_a_setup_that_does_not_fit_is_a_failure_at_step_0() -> None:
    outcome = run(BASE.replace('gm = ["4 of Pentacles"]', 'gm = ["4 of Pentacles"]\nmara2 = ["Ace of Cups"]'))
    assert outcome.failure is not None and outcome.failure.step == 0 and "no deck 'mara2'" in outcome.failure.actual


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (("room = 3", "room = 4"), "probe.toml: room: a room is 1, 3 or 5 zones wide, not 4"),
        (('zone = "B2"\n\n[[adv', 'zone = "D2"\n\n[[adv'), "probe.toml: fighters[0].zone: D2 is outside the 3x3 room"),
        (('id = "mara"', 'id = "mara"\ntraits = ["Stronk"]'), "fighters[0].traits: 'Stronk' is not an ability"),
        (('id = "mara"', 'id = "mara"\narcana = "The Hermit"'), "fighters[0].arcana: must be The Fool"),
        (('id = "mara"', 'id = "mara"\nkind = "robot"'), "fighters[0].kind: must be 'player' or 'eddy'"),
        (('id = "mara"', 'id = "mara"\nlevel = 3'), "fighters[0].level: is not a known key here"),
        (('kind = "laborer"', 'kind = "laborer"\nintent = "8 of Cupz"'), "adversaries[0].intent: no tarot card"),
        (('mara = ["7 of Wands"', 'mara = ["7 of Wandz"'), "deck.mara: no tarot card is called '7 of Wandz'"),
        (("seed = 5", "seed = 'five'"), "seed: must be a whole number"),
        (("seed = 5", ""), "seed: is missing"),
        (('name = "probe"', 'name = "probe"\nturns = 3'), "probe.toml: turns: is not a known key"),
        (("[deck]", "[[steps]]\ndo = 'dance mara'\n[deck]"), "steps[0].do: cannot read action 'dance mara'"),
        (("[deck]", "[[steps]]\nrefused = 'x'\n[deck]"), "steps[0].refused: needs an action"),
        (('name = "probe"', 'name = "probe"\n[[oops'), "probe.toml: not valid TOML"),
    ],
)
def test_parse_errors_name_file_and_place(change: tuple[str, str], message: str) -> None:
    with pytest.raises(ScenarioError) as caught:
        parse_scenario(BASE.replace(*change, 1), "probe.toml")
    assert message in str(caught.value)


def test_a_scenario_needs_a_fighter() -> None:
    with pytest.raises(ScenarioError, match="at least one fighter"):
        parse_scenario("seed = 1\n", "empty.toml")


def test_observe_reads_the_documented_paths() -> None:
    game = start(parse_scenario(BASE, "probe.toml"), bestiary_from_texts({"book.json": BOOK}))
    state = game.state
    assert observe(state, "round") == 1 and observe(state, "turn") == "mara"
    assert observe(state, "mara.zone") == "B2" and observe(state, "laborer-1.zone") == "B2"
    assert observe(state, "mara.hand") == ["7 of Wands", "3 of Wands", "3 of Cups", "4 of Cups", "5 of Cups"]
    assert observe(state, "mara.deck.count") == 73 and observe(state, "gm.deck.count") == 77
    assert observe(state, "laborer-1.intent") == "4 of Pentacles"
    assert observe(state, "result") == "none" and observe(state, "pending") == "none"
    assert observe(state, "pending.kind") == "none"
    assert observe(state, "legal.count") == len(observe(state, "legal"))
    assert "end mara" in observe(state, "legal")
    with pytest.raises(KeyError):
        observe(state, "nobody.hp")


def test_two_bestiaries_merge_and_a_repeated_id_is_an_error() -> None:
    merged = bestiary_from_texts({"book.json": BOOK, "house.json": HOUSE})
    assert {"laborer", "training_robot", "drone"} <= set(merged)
    with pytest.raises(BestiaryError, match=r"again\.json: adversary training_robot: field 'id': also in book\.json"):
        bestiary_from_texts({"book.json": BOOK, "again.json": BOOK})


def test_the_command_line_runner_exits_non_zero_and_prints_the_difference(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    good = tmp_path / "good.toml"
    good.write_text(BASE + '[expect]\n"mara.hp" = 20\n', encoding="utf-8")
    bad = tmp_path / "bad.toml"
    bad.write_text(BASE + '[[steps]]\ndo = "end mara"\nexpect = { "round" = 7 }\n', encoding="utf-8")
    assert scenario_cli.main([str(good)]) == 0
    assert scenario_cli.main([str(good), str(bad)]) == 1
    out = capsys.readouterr().out
    assert f"FAIL  {bad}: step 1 (end mara)" in out
    assert "expected: 7" in out and "actual:   2" in out
    broken = tmp_path / "broken.toml"
    broken.write_text(BASE.replace('"laborer"', '"gremlin"'), encoding="utf-8")
    assert scenario_cli.main([str(broken)]) == 1  # an unknown kind fails the setup (step 0)
    missing = tmp_path / "missing.toml"
    missing.write_text(BASE.replace("room = 3", 'room = 3\nbestiary = ["nowhere.json"]'), encoding="utf-8")
    assert scenario_cli.main([str(missing)]) == 2
    assert "bestiary 'nowhere.json' is neither beside it nor bundled" in capsys.readouterr().out


def test_a_bestiary_beside_the_scenario_is_used(tmp_path: Path) -> None:
    (tmp_path / "mine.json").write_text(
        '{"adversaries": [{"id": "gremlin", "name": "Gremlin", "hp": 3, "intents": {"Swords": [], "Wands": [],'
        ' "Cups": [], "Pentacles": [], "Major": []}}]}',
        encoding="utf-8",
    )
    path = tmp_path / "gremlin.toml"
    path.write_text(
        BASE.replace('"laborer"', '"gremlin"').replace("room = 3", 'room = 3\nbestiary = ["mine.json"]')
        + '[expect]\n"gremlin-1.hp" = 3\n',
        encoding="utf-8",
    )
    assert scenario_cli.run_file(path).passed
