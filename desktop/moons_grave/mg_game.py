"""Starting and resuming a Moon's Grave fight: the set-up from the quick-start party and the house pack's NPCs,
its save in the app's save folder, the session with the GM stand-in, and the table screen.

The party comes from the new-game screen: the quick-start premades (``choose_party``), characters made in the
creation wizard (``creation_wizard.create_character``), or both; the foes and the content from the chosen pack.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PySide6.QtWidgets import QWidget

from rt0table.desktop.moons_grave.mg_table_screen import MgTableScreen
from rt0table.desktop.saves import SaveStore
from rt0table.desktop.saves.seam_save import SeamTable
from rt0table.desktop.seam_session import TableSession
from rt0table.desktop.seam_table.table_game import TableGame, resume_session, start_session
from rt0table.rules.moons_grave.mg_character import Character
from rt0table.rules.moons_grave.mg_fight_setup import MgSetup, NpcSeat, PartySeat
from rt0table.rules.moons_grave.mg_pack import MgContent
from rt0table.rules.moons_grave.mg_quick_start import NAMES, house_content, premade
from rt0table.rules.moons_grave.mg_stand_in import stand_in_choice
from rt0table.rules.moons_grave.mg_state import MgState
from rt0table.rules.moons_grave.moons_grave_seam import RULES
from rt0table.rules.seam import GM

DEFAULT_FOES = ("Deputy (3), Beckon 0\nSword <Strike/Parry>", "Sergeant (3)")


def choose_party(parent: QWidget | None, players: int = 1) -> list[Character]:
    """The quick-start party: the house premades, one per player (the new-game screen also makes characters)."""
    return [premade(NAMES[i]) for i in range(max(1, min(players, len(NAMES))))]


def roster(content: MgContent | None = None) -> list[str]:
    """Every NPC line of a pack (the house pack by default), in the book's notation, for the list of foes."""
    return [entry.npc.notation() for entry in (content or house_content()).npcs]


def fight_setup(
    party: Sequence[Character], foes: Sequence[str], hot_seat: bool, content: MgContent | None = None
) -> MgSetup:
    """Each character a seat of her own in hot-seat (p1..p4); in solo one player ("p1") sits for them all. The save
    keeps the pack's canonical copy (the house pack by default), so the game replays against its own content."""
    seats = tuple(PartySeat(c, f"p{i + 1}" if hot_seat else "p1") for i, c in enumerate(party))
    return MgSetup((content or house_content()).pack.canonical(), seats, tuple(NpcSeat(n) for n in foes))


def stand_in(state: MgState) -> Any:
    """The GM stand-in's answer when the GM's seat must act, else None."""
    if RULES.is_over(state) or GM not in RULES.seats_to_act(state):
        return None
    return stand_in_choice(state, GM)


MgGame = TableGame[MgTableScreen]  # a fight in play: its save, its id, its session and its table


def _wire(session: TableSession, table: SeamTable) -> MgTableScreen:
    screen = MgTableScreen(session, table)
    if table.gm == "stand-in":
        session.set_responder(stand_in)
    return screen


def start_game(store: SaveStore | None, setup: MgSetup, seed: int, table: SeamTable) -> MgGame:
    """A new fight, saved in ``store``'s folder from its first step (not saved when ``store`` is None)."""
    started = start_session(store, RULES, setup, seed, table)
    screen = _wire(started.session, table)
    screen.log.insertItems(0, [RULES.narrate(started.session.state, e) for e in started.events])
    return MgGame(started.save, started.game_id, started.session, screen)


def resume_game(store: SaveStore, game_id: str) -> MgGame:
    """A saved fight read back (every hash checked) and carried on where it stopped."""
    save, session, loaded = resume_session(store, game_id)
    return MgGame(save, game_id, session, _wire(session, loaded.table))
