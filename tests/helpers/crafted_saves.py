"""Saves damaged or crafted on purpose, for the tests of what the store and the load screen refuse."""

from __future__ import annotations

import hashlib
import json
import sqlite3
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

from rt0table.desktop.flow.playthrough import Mode, Playthrough
from rt0table.desktop.flow.playthrough_doc import party_names, playthrough_doc
from rt0table.desktop.saves import SaveStore, funnel_guard
from rt0table.rules.rt0.campaign import campaign as cp
from tests.desktop.saves.play import book_setup
from tests.helpers.sample_party import MIRA

DEEP = 100_000  # far past Python's recursion limit: json.loads raises RecursionError on it


NESTED = "[" * DEEP + "]" * DEEP
DEEP_ACTION = 50_000  # the depth the crafted-path cases nest an action to


def playthrough_save(store: SaveStore, name: str = "Mira", fight: bool = False) -> str:
    """A playthrough as the app saves it: its party's document, and a fight begun when ``fight``."""
    campaign = cp.Campaign(members=(cp.Member(name.lower(), replace(MIRA, name=name)),))
    playthrough = Playthrough(Mode.SOLO, campaign)
    doc = playthrough_doc(playthrough)
    game_id = store.new_game(None, players=party_names(playthrough), campaign=doc)
    if fight:
        with funnel_guard.through_funnel():  # crafting the file the app's funnel would have written
            store.begin_fight(game_id, book_setup())
            store.save_campaign(game_id, {**doc, "fight_on": True})
    return game_id


def tamper(path: Path, *statements: str) -> None:
    conn = sqlite3.connect(path)
    for statement in statements:
        conn.execute(statement)
    conn.commit()
    conn.close()


def nested_doc(path: Path) -> None:
    tamper(path, f"UPDATE campaign SET doc = '{NESTED}'")


def nested_players(path: Path) -> None:
    tamper(path, f"UPDATE game SET players = '{NESTED}'")


def nested_action(path: Path) -> None:
    conn = sqlite3.connect(path)
    conn.execute(
        "INSERT INTO log (seq, kind, action, ply, round, state_hash, played_at, fight) "
        "SELECT (SELECT max(seq) + 1 FROM log), 'action', ?, 1, 1, 'x', '2026-01-01T00:00:00.000+00:00', "
        "max(number) FROM fight",
        [NESTED],
    )
    conn.commit()
    conn.close()


def set_doc(path: Path, change: Callable[[dict[str, object]], object]) -> None:
    conn = sqlite3.connect(path)
    row_id, text = conn.execute("SELECT id, doc FROM campaign ORDER BY id DESC LIMIT 1").fetchone()
    doc = json.loads(text)
    change(doc)
    conn.execute("UPDATE campaign SET doc = ?, version = ? WHERE id = ?", [json.dumps(doc), 1, row_id])
    conn.commit()
    conn.close()


def add_action(path: Path, text: str) -> None:
    conn = sqlite3.connect(path)
    conn.execute(
        "INSERT INTO log (seq, kind, action, ply, round, state_hash, played_at, fight) "
        "SELECT (SELECT max(seq) + 1 FROM log), 'action', ?, 1, 1, 'x', '2026-01-01T00:00:00.000+00:00', "
        "max(number) FROM fight",
        [text],
    )
    conn.commit()
    conn.close()


def action_list(path: Path) -> None:
    add_action(path, "[1,2,3]")


def action_deep(path: Path) -> None:
    add_action(path, "[" * DEEP_ACTION + "]" * DEEP_ACTION)


def card_overflow(path: Path) -> None:
    add_action(path, '{"type": "play", "fighter": "mara", "card": 1e400, "ability": "attack"}')


def campaign_list(path: Path) -> None:
    set_doc(path, lambda doc: doc.update(campaign=[]))


def members_ints(path: Path) -> None:
    set_doc(path, lambda doc: doc["campaign"].update(members=[1, 2]))  # type: ignore[attr-defined]


def huge_room(path: Path) -> None:
    tamper(path, "UPDATE fight SET setup = json_set(setup, '$.room_size', 100000)")


def snapshot_with(change: Callable[[dict[str, object]], None]) -> Callable[[Path], None]:
    """Change the fight's opening snapshot and recompute its hash, as a crafter who read the format would."""

    def craft(path: Path) -> None:
        conn = sqlite3.connect(path)
        seq, text = conn.execute("SELECT seq, state FROM snapshot ORDER BY seq DESC LIMIT 1").fetchone()
        data = json.loads(text)
        change(data["combat"])
        digest = hashlib.sha256(json.dumps(data, sort_keys=True, separators=(",", ":")).encode()).hexdigest()[:16]
        conn.execute("UPDATE snapshot SET state = ?, state_hash = ? WHERE seq = ?", [json.dumps(data), digest, seq])
        conn.execute("UPDATE log SET state_hash = ? WHERE seq = ?", [digest, seq])
        conn.commit()
        conn.close()

    return craft


def _fighter(key: str, value: object) -> Callable[[dict[str, object]], None]:
    return lambda combat: combat["fighters"][0].update({key: value})  # type: ignore[index]


CASES: dict[str, tuple[Callable[[Path], None], str]] = {
    "action-[1,2,3]": (action_list, "log entry"),
    "action-nested-50000": (action_deep, "nested too deeply"),
    "card-1e400": (card_overflow, "'card'"),
    "doc-campaign-list": (campaign_list, "party's record"),
    "doc-members-ints": (members_ints, "party's record"),
    "room-size-100000": (huge_room, "setup.room_size"),
    "hand-9999-minus-1": (snapshot_with(_fighter("hand", [9999, -1])), "combat.fighters[0].hand"),
    "hp-lots": (snapshot_with(_fighter("hp", "lots")), "combat.fighters[0].hp"),
    "round-list": (snapshot_with(lambda combat: combat.update(round=[1, 2])), "combat.round"),
    "unknown-ruleset": (lambda path: tamper(path, "UPDATE game SET ruleset = 'chess'"), "ruleset 'chess'"),
}
