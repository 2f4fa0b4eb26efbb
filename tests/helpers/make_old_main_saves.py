"""Run once, with main at 499fba8 (never imported by the suite): the saves in tests/desktop/saves/written_at_499fba8/.

It was run by hand with a worktree of the repository at 499fba8, whose code it calls (later commits renamed or
removed some of it: rules/story, rules/solo, the Playthrough's own undo stack), so it does not run on today's main:

    git worktree add /tmp/old 499fba8 && (cd /tmp/old && make .venv/.installed)
    cd /tmp/old && QT_QPA_PLATFORM=offscreen .venv/bin/python PATH/TO/make_old_main_saves.py OUT_FOLDER [NAME ...]

Names (a save's file name without ``.rt0save``) write only those saves and keep the manifest's other entries.

Each save is played the way that app played it: RT:0's playthroughs through its main window's Navigator (the party,
the Day, the fight set-up, the table with the solo dock and its GM stand-in), the Playthrough and its Autosave into
the SaveStore; the games on the seam through their own start functions and SeamFile. Play is deterministic: fixed
seeds, the first legal action, scripted ops. For each save the manifest records, computed by that same code: the
save format, the ruleset key, the hash after opening it as the app did (main window, Load), and the hash after
playing the manifest's further steps on the opened game.
"""

from __future__ import annotations

import json
import os
import random
import shutil
import sqlite3
import sys
import tempfile
from pathlib import Path
from typing import Any

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
_home = tempfile.mkdtemp(prefix="gen-home-")
os.environ["HOME"] = _home  # the window's settings file goes here, not to the user's
os.environ["XDG_CONFIG_HOME"] = _home
os.environ["XDG_DATA_HOME"] = _home

from PySide6.QtWidgets import QApplication  # noqa: E402

from rt0table.desktop.flow.playthrough import Mode, Playthrough  # noqa: E402
from rt0table.desktop.flow.playthrough_doc import playthrough_doc  # noqa: E402
from rt0table.desktop.flow.quick_start import ready_party  # noqa: E402
from rt0table.desktop.main_window import MainWindow  # noqa: E402
from rt0table.desktop.saves import SaveStore  # noqa: E402
from rt0table.desktop.saves.doc_delta import doc_hash  # noqa: E402
from rt0table.desktop.saves.seam_save import SeamTable  # noqa: E402
from rt0table.desktop.solo.dock import SoloDock  # noqa: E402
from rt0table.rules.paradise_lua import lua_campaign as lua  # noqa: E402
from rt0table.rules.paradise_lua.world_map import Spot  # noqa: E402
from rt0table.rules.rt0.campaign import campaign as cp  # noqa: E402
from rt0table.rules.rt0.campaign import fight_plan as fp  # noqa: E402
from rt0table.rules.rt0.campaign.skill_check import Difficulty  # noqa: E402
from rt0table.rules.rt0.fight.actions import EndTurn, PlayCard  # noqa: E402
from rt0table.rules.rt0.fight.engine import AdversarySetup, legal_actions  # noqa: E402
from rt0table.rules.rt0.fight.serialize import state_hash  # noqa: E402
from rt0table.rules.rt0.traits import Skill  # noqa: E402
from rt0table.rules.rulesets import ruleset  # noqa: E402
from rt0table.rules.story import ops  # noqa: E402

APP = QApplication.instance() or QApplication([])
COMMIT = "499fba8"


# --- what the manifest's steps mean (tests/helpers/ holds the same on today's code) ---


def rt0_hash(playthrough: Playthrough) -> str:
    """The playthrough's document as its save writes it, and the fight on the table."""
    fight = playthrough.story.fight
    return doc_hash(playthrough_doc(playthrough)) + "/" + (state_hash(fight) if fight is not None else "-")


def first_legal(window: MainWindow) -> None:
    playthrough = window.navigator.playthrough
    assert playthrough is not None and playthrough.session is not None
    session = playthrough.session
    assert session.submit(legal_actions(session.state)[0])


def rt0_step(window: MainWindow, step: dict[str, Any]) -> None:
    playthrough = window.navigator.playthrough
    assert playthrough is not None
    kind = step["do"]
    if kind == "first-legal":
        for _ in range(step.get("times", 1)):
            first_legal(window)
    elif kind == "undo":
        playthrough.undo()
    elif kind == "note":
        playthrough.submit(ops.WriteNote(step["text"]))
    elif kind == "meal":
        playthrough.submit(ops.ChooseMeal(step["member"], cp.Meal(step["meal"])))
    elif kind == "end-day":
        playthrough.submit(ops.EndDay())
    elif kind == "lua-move":
        playthrough.submit(ops.LuaStep(lua.Move(Spot(*step["to"]))))
    else:
        raise ValueError(kind)


def seam_session(window: MainWindow) -> Any:
    return window.screens.currentWidget().session  # every seam game's table screen holds its session


def seam_step(window: MainWindow, step: dict[str, Any]) -> None:
    session = seam_session(window)
    assert step["do"] == "first-legal"
    for _ in range(step.get("times", 1)):
        assert session.submit(next(iter(session.ruleset.legal_actions(session.state))))


def opened(folder: Path, game_id: str) -> MainWindow:
    window = MainWindow(folder)
    assert window.open_game(game_id), game_id
    return window


def current_hash(window: MainWindow, key: str) -> str:
    if key == "rt0":
        playthrough = window.navigator.playthrough
        assert playthrough is not None
        return rt0_hash(playthrough)
    session = seam_session(window)
    return str(session.ruleset.state_hash(session.state))


# --- making the saves ---


def greedy(state: Any) -> Any:
    """Strike, defend, concentrate, else end the turn; a player's decision by its first option."""
    actions = legal_actions(state)
    if state.pending is not None:
        return actions[0]
    for ability in ("unarmed_strike", "defend", "concentrate"):
        for action in actions:
            if isinstance(action, PlayCard) and action.ability == ability:
                return action
    return next(a for a in actions if isinstance(a, EndTurn))


def new_playthrough(window: MainWindow, mode: Mode, seed: int, setting: str = "") -> Any:
    navigator = window.navigator
    navigator.mode, navigator.setting = mode, setting
    random.seed(seed)  # the party's seed is drawn from random, as in the app
    return navigator.party_ready(ready_party())


def robot_plan(playthrough: Playthrough, seed: int, kind: str = "training_robot") -> fp.FightPlan:
    campaign = playthrough.campaign
    return fp.FightPlan(seed, 3, (AdversarySetup(kind, (0, 0)),), fp.default_zones(campaign, 3))


def until_the_stand_in_answers(window: MainWindow, limit: int = 80) -> None:
    """Fight steps until the GM stand-in has answered a decision (its answer is a row of the fight's log)."""
    session = window.navigator.playthrough.session
    for _ in range(limit):
        if session.answered:
            return
        fight_steps(window, 1)
    raise AssertionError("the stand-in never answered")


def member(playthrough: Playthrough, index: int = 0) -> str:
    return playthrough.campaign.members[index].id


def ask_oracle(screen: Any, question: str, seed: int) -> None:
    dock = screen.findChild(SoloDock)
    assert dock is not None, "solo: the oracle dock is beside the Day"
    dock.panel.source = random.Random(seed)  # fixed dice for the roll button
    dock.panel.question.setText(question)
    dock.panel.roll()


def fight_steps(window: MainWindow, count: int) -> None:
    session = window.navigator.playthrough.session
    for _ in range(count):
        assert session.state.result is None
        assert session.submit(greedy(session.state))


def undo_one(window: MainWindow) -> None:
    """Play on until a step can be taken back, and take it back (Ctrl+Z's call)."""
    playthrough = window.navigator.playthrough
    for _ in range(40):
        if playthrough.undo_refusal() is None:
            playthrough.undo()
            return
        fight_steps(window, 1)
    raise AssertionError("nothing came up to undo")


def rt0_solo_mid_fight(window: MainWindow) -> str:
    screen = new_playthrough(window, Mode.SOLO, 11)
    p = window.navigator.playthrough
    p.submit(ops.ChooseMeal(member(p), cp.Meal.INEDIBLE))
    ask_oracle(screen, "Is the vault door guarded tonight?", 3)
    p.submit(ops.WriteNote("Ines thinks the robot was left on <on purpose>."))
    window.navigator.start_fight(robot_plan(p, 21, "executare"))
    until_the_stand_in_answers(window)
    undo_one(window)
    fight_steps(window, 3)
    return window.autosave.game_id


def rt0_hot_seat_mid_fight(window: MainWindow) -> str:
    new_playthrough(window, Mode.HOT_SEAT, 12)
    p = window.navigator.playthrough
    p.submit(ops.WriteNote("Hot-seat: two at one screen."))
    window.navigator.start_fight(robot_plan(p, 8))
    fight_steps(window, 6)
    undo_one(window)
    fight_steps(window, 2)
    return window.autosave.game_id


def rt0_between_fights(window: MainWindow) -> str:
    new_playthrough(window, Mode.SOLO, 13)
    p = window.navigator.playthrough
    window.navigator.start_fight(robot_plan(p, 5))
    session = p.session
    for _ in range(400):
        if session.state.result is not None:
            break
        assert session.submit(greedy(session.state))
    assert session.state.result is not None, "the fight did not end"
    window.navigator.fight_over()
    screen = window.navigator.between_fights()
    name = p.campaign.members[0].character.name
    p.submit(ops.DrawCheck(name, Skill.GYM, "climb the fence", Difficulty.MEDIUM))
    ask_oracle(screen, "Did anyone see us leave?", 4)
    p.submit(ops.WriteNote("After the robot: the gym door is open."))
    return window.autosave.game_id


def lua_moved(window: MainWindow) -> str:
    new_playthrough(window, Mode.SOLO, 14, setting="lua")
    navigator = window.navigator
    p = navigator.playthrough
    for _ in range(2):
        table = navigator.map_screen.table
        exits = navigator.map_screen.current_exits()
        assert table.do(lua.Move(exits[0])) is None
    p.submit(ops.WriteNote("Paradise Lua: we walked the ring."))
    return window.autosave.game_id


def seam_played(store: SaveStore, key: str) -> str:
    if key == "moons-grave":
        from rt0table.desktop.moons_grave.mg_game import DEFAULT_FOES, choose_party, fight_setup, start_game

        party = choose_party(None, 2)
        game = start_game(store, fight_setup(party, DEFAULT_FOES, hot_seat=False), 7,
                          SeamTable("solo", "stand-in", tuple(c.name for c in party)))  # fmt: skip
        session, steps = game.session, 8
    elif key == "restless":
        from rt0table.desktop.restless.restless_game import game_setup, start_game
        from rt0table.rules.restless.rs_practice import SEATS

        game = start_game(store, game_setup(1), 5, SeamTable("solo", "none", SEATS[:1]))  # the practice pack
        session, steps = game.session, 10
    else:
        from rt0table.desktop.loner.loner_game import start_story

        setup = ruleset("loner").sample_setup(9)
        screen = start_story(store, setup, None, 9)
        session, steps = screen.session, 10
        game = screen
    for _ in range(steps):
        assert not session.ruleset.is_over(session.state)
        assert session.submit(next(iter(session.ruleset.legal_actions(session.state))))
    if session.undo_refusal() is None:
        assert session.undo()
    for _ in range(2):
        assert session.submit(next(iter(session.ruleset.legal_actions(session.state))))
    save = getattr(game, "save", None)
    if save is not None:
        save.close()
    folder_id = [p.stem for p in store.folder.glob("*.rt0save")]
    assert len(folder_id) == 1
    return folder_id[0]


def seam_oracle_played(store: SaveStore) -> str:
    """A solo Moon's Grave fight with the oracle beside it: at 499fba8 the panel sent each move as a snapshot of its
    state (a question rolled, a note, a track opened, a Status box filled, the conflict toggle), between actions."""
    from rt0table.desktop.moons_grave.mg_game import DEFAULT_FOES, choose_party, fight_setup, start_game

    party = choose_party(None, 2)
    game = start_game(store, fight_setup(party, DEFAULT_FOES, hot_seat=False), 7,
                      SeamTable("solo", "stand-in", tuple(c.name for c in party)))  # fmt: skip
    session, panel = game.session, game.screen.oracle
    panel.source = random.Random(5)  # fixed dice for the roll button
    panel.question.setText("Is the chapel watched?")
    panel.roll()
    assert session.submit(next(iter(session.ruleset.legal_actions(session.state))))
    panel.note_edit.setText("Keep to the ditches")
    panel.add_note()
    panel.tracks_box.name.setText("Find the ledger")
    panel.tracks_box.open_track()
    assert session.submit(next(iter(session.ruleset.legal_actions(session.state))))
    panel.status_box.fill()
    panel.conflict_box.setChecked(True)
    game.save.close()
    folder_id = [p.stem for p in store.folder.glob("*.rt0save")]
    assert len(folder_id) == 1
    return folder_id[0]


RT0_MAKERS = {
    "rt0-solo-mid-fight": rt0_solo_mid_fight,
    "rt0-hot-seat-mid-fight": rt0_hot_seat_mid_fight,
    "rt0-between-fights": rt0_between_fights,
    "lua-moved-on-the-map": lua_moved,
}
SEAM_MAKERS = {
    "moons-grave-mid-fight": "moons-grave",
    "restless-practice-mid-game": "restless",
    "loner-mid-game": "loner",
    "moons-grave-oracle-snapshots": "moons-grave",
}

PLAY_ON: dict[str, list[dict[str, Any]]] = {
    "rt0-solo-mid-fight": [{"do": "first-legal", "times": 4}, {"do": "note", "text": "Played on after loading."}],
    "rt0-hot-seat-mid-fight": [{"do": "first-legal", "times": 5}],
    "rt0-between-fights": [
        {"do": "meal", "member": "", "meal": "inedible"},
        {"do": "note", "text": "Played on after loading."},
        {"do": "undo"},
        {"do": "end-day"},
    ],
    "lua-moved-on-the-map": [{"do": "lua-move", "to": None}, {"do": "note", "text": "Played on after loading."}],
    "moons-grave-mid-fight": [{"do": "first-legal", "times": 4}],
    "restless-practice-mid-game": [{"do": "first-legal", "times": 4}],
    "loner-mid-game": [{"do": "first-legal", "times": 4}],
    "moons-grave-oracle-snapshots": [{"do": "first-legal", "times": 2}],
}


def header(path: Path) -> tuple[int, str]:
    with sqlite3.connect(f"file:{path}?immutable=1", uri=True) as db:
        fmt, key = db.execute("SELECT save_format, ruleset FROM game").fetchone()
    db.close()
    return int(fmt), str(key)


def make(name: str, work: Path) -> tuple[Path, str]:
    """A fresh folder with the one save ``name``, closed; returns the file and its game id."""
    folder = work / name
    if name in RT0_MAKERS:
        window = MainWindow(folder)
        game_id = RT0_MAKERS[name](window)
        window.close_store()
        window.deleteLater()
    else:
        with SaveStore(folder, app_version=f"at {COMMIT}") as store:
            maker = seam_oracle_played if name == "moons-grave-oracle-snapshots" else None
            game_id = maker(store) if maker is not None else seam_played(store, SEAM_MAKERS[name])
    return folder / f"{game_id}.rt0save", game_id


def fill_in(name: str, steps: list[dict[str, Any]], window: MainWindow) -> list[dict[str, Any]]:
    """Steps whose target depends on the loaded game (a member's id, the map's first exit), spelt out."""
    filled = []
    for step in steps:
        step = dict(step)
        if step.get("member") == "":
            step["member"] = member(window.navigator.playthrough)
        if step["do"] == "lua-move" and step["to"] is None:
            spot = window.navigator.map_screen.current_exits()[0]
            step["to"] = [spot.graph, spot.node]
        filled.append(step)
    return filled


def played_on(name: str, source: Path, game_id: str, work: Path, key: str) -> tuple[str, str, list[dict[str, Any]]]:
    """Open a copy as the app did (Load), hash it, play the steps on it, hash again; the steps as played."""
    folder = work / f"{name}-load"
    folder.mkdir()
    shutil.copyfile(source, folder / f"{game_id}.rt0save")  # the folder knows a save by its id
    window = opened(folder, game_id)
    loaded = current_hash(window, key)
    steps = fill_in(name, PLAY_ON[name], window)
    for step in steps:
        (rt0_step if key == "rt0" else seam_step)(window, step)
    after = current_hash(window, key)
    window.close_store()
    again = opened(folder, game_id)  # the played-on save reads back to the same game
    assert current_hash(again, key) == after, name
    again.close_store()
    return loaded, after, steps


def main(out: Path, only: list[str]) -> None:
    """Write every save (or only those named, added to the manifest already in ``out``) and the manifest."""
    out.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix="gen-saves-"))
    kept_entries: list[dict[str, Any]] = []
    if only:
        manifest_text = (out / "manifest.json").read_text(encoding="utf-8")
        kept_entries = [e for e in json.loads(manifest_text)["saves"] if Path(e["file"]).stem not in only]
    entries = kept_entries
    for name in only or [*RT0_MAKERS, *SEAM_MAKERS]:
        path, game_id = make(name, work)
        fmt, key = header(path)
        kept = out / f"{name}.rt0save"
        shutil.copyfile(path, kept)  # closed: no -wal beside it, the file is the whole save
        loaded, after, steps = played_on(name, kept, game_id, work, key)
        entries.append({
            "file": kept.name, "game_id": game_id, "save_format": fmt, "ruleset": key,
            "loaded_hash": loaded, "steps": steps, "played_on_hash": after,
        })  # fmt: skip
        print(name, fmt, key, loaded, after, kept.stat().st_size, file=sys.stderr)
    manifest = {"written_by": COMMIT, "saves": entries}
    (out / "manifest.json").write_text(json.dumps(manifest, indent=2) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main(Path(sys.argv[1]), sys.argv[2:])
