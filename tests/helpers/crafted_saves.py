"""Saves damaged or crafted on purpose, for the tests of what the store and the load screen refuse."""

from __future__ import annotations

import sqlite3
from dataclasses import replace
from pathlib import Path

from rt0table.desktop.flow.playthrough import Mode, Playthrough
from rt0table.desktop.flow.playthrough_doc import party_names, playthrough_doc
from rt0table.desktop.saves import SaveStore
from rt0table.rules.rt0.campaign import campaign as cp
from tests.desktop.saves.play import book_setup
from tests.helpers.sample_party import MIRA

DEEP = 100_000  # far past Python's recursion limit: json.loads raises RecursionError on it


NESTED = "[" * DEEP + "]" * DEEP


def playthrough_save(store: SaveStore, name: str = "Mira", fight: bool = False) -> str:
    """A playthrough as the app saves it: its party's document, and a fight begun when ``fight``."""
    campaign = cp.Campaign((cp.Member(name.lower(), replace(MIRA, name=name)),))
    playthrough = Playthrough(Mode.SOLO, campaign)
    doc = playthrough_doc(playthrough)
    game_id = store.new_game(None, players=party_names(playthrough), campaign=doc)
    if fight:
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
