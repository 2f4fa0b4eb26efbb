"""The replay of a saved game's fight, or of the fight just played: its timeline, seed and title."""

from __future__ import annotations

from rt0table.desktop.replay_viewer.fight_timeline import FightTimeline
from rt0table.desktop.replay_viewer.replay_screen import ReplayScreen
from rt0table.desktop.saves.loaded import LoadedGame
from rt0table.desktop.table.fight_session import Session
from rt0table.desktop.table.settings import TableSettings
from rt0table.rules.rt0.fight.narration import narrate_all


def replay_of_save(loaded: LoadedGame, settings: TableSettings | None = None) -> ReplayScreen:
    """The newest fight of a loaded save, from its deal; ValueError when the game has no fight yet."""
    if loaded.setup is None:
        raise ValueError("This game has no fight to watch yet.")
    opening, events = loaded.setup.start()
    timeline = FightTimeline(opening, loaded.actions, narrate_all(opening, events))
    title = f"Replay of fight {loaded.fight}: {', '.join(loaded.players)}"
    return ReplayScreen(timeline, loaded.setup.seed, title, settings)


def replay_of_session(
    session: Session, seed: int | None, title: str, settings: TableSettings | None = None
) -> ReplayScreen:
    """The fight a session holds from its opening (a fight begun in this run); ValueError when it was loaded mid-way."""
    if session.played_before:
        raise ValueError("This fight was loaded part-way: watch it from the Load screen.")
    opening = session.opening
    timeline = FightTimeline(opening, session.game.actions, narrate_all(opening, session.game.opening))
    return ReplayScreen(timeline, seed, title, settings)
