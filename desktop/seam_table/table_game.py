"""A seam game in play: starting one (its save made in the app's save folder from its first step), reading one back
from its save, and putting it on the main window with a way back to the title."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from rt0table.desktop.saves import SaveStore
from rt0table.desktop.saves.seam_save import (
    SeamFile,
    SeamGame,
    SeamTable,
    TableFile,
    create_seam_game,
    load_seam_game,
)
from rt0table.desktop.seam_session import SeamSession, TableSession
from rt0table.desktop.seam_table.table_frame import SeamTableScreen
from rt0table.rules.seam import Ruleset

if TYPE_CHECKING:
    from rt0table.desktop.main_window import MainWindow

ScreenT = TypeVar("ScreenT", bound=SeamTableScreen)
T = TypeVar("T")
S = TypeVar("S")
A = TypeVar("A")
E = TypeVar("E")


@dataclass
class TableGame(Generic[ScreenT]):
    """A game in play: its save (None when saves are off), its id in the store, its session and its table."""

    save: TableFile | None
    game_id: str
    session: TableSession
    screen: ScreenT


@dataclass(frozen=True)
class Started:
    """A new game's save, id, session and the events of its set-up (for the log)."""

    save: TableFile | None
    game_id: str
    session: TableSession
    events: list[Any]


def start_session(
    store: SaveStore | None, ruleset: Ruleset[T, S, A, E], setup: T, seed: int, table: SeamTable
) -> Started:
    """A new game's session, saved in ``store``'s folder from its first step (not saved when ``store`` is None)."""
    save: TableFile | None = None
    game_id = ""
    if store is not None:
        game_id = store.new_id()
        save = create_seam_game(store.path_of(game_id), ruleset, setup, seed, table, store.app_version)
    state, events = ruleset.new_state(setup, seed)
    return Started(save, game_id, SeamSession(ruleset, state, save), list(events))


def resume_session(store: SaveStore, game_id: str) -> tuple[TableFile, TableSession, SeamGame[Any, Any, Any, Any]]:
    """A saved game read back (every hash checked), its steps kept for undo, ready to carry on."""
    path = store.path_of(game_id)
    loaded = load_seam_game(path)
    save = SeamFile(path, loaded.ruleset)
    return save, SeamSession(loaded.ruleset, loaded.state, save, list(loaded.steps), oracle=loaded.oracle), loaded


def put_on_window(window: MainWindow, game: TableGame[Any]) -> None:
    """Show ``game``'s table; leaving it closes its save and goes back to the title."""

    def leave() -> None:
        if game.save is not None:
            game.save.close()
        window.show_title()

    game.screen.settings = window.table_settings  # shared: a change in Settings paces this table's next beat
    game.screen.closed.connect(leave)
    window.show_screen(game.screen)
