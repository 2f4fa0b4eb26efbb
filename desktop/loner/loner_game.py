"""A game of Loner in the save folder: started with a save (``seam_save``), every step autosaved, resumed exactly.

The save holds the set-up, the seed and the table (who plays; with a GM or a facilitator) and every step and undo;
resuming plays the log again through ``loner_play``, so the story comes back as it was left: the state, the journal
with its lines in their steps, and what undo can still take back.
"""

from __future__ import annotations

from PySide6.QtWidgets import QWidget

from rt0table.desktop.loner.story_screen import StoryScreen
from rt0table.desktop.saves import DamagedSaveError, SaveStore
from rt0table.desktop.saves.seam_oracle import OracleMove
from rt0table.desktop.saves.seam_save import SeamFile, SeamGame, SeamTable, create_seam_game, load_seam_game
from rt0table.rules.loner.loner_play import LonerPlay, begin, submit, undo
from rt0table.rules.loner.loner_seam import RULES
from rt0table.rules.loner.loner_state import LonerSetup
from rt0table.rules.loner.together import TableError, Together
from rt0table.rules.seam import IllegalAction

ALONE, TOGETHER = "solo", "together"


def seam_table(setup: LonerSetup, together: Together | None) -> SeamTable:
    """Who plays, as the save keeps it: the Protagonist alone, or the players with their GM or facilitator."""
    if together is None:
        return SeamTable(ALONE, "", (setup.protagonist.name,))
    return SeamTable(TOGETHER, together.gm, together.players, together.facilitator)


def together_of(table: SeamTable) -> Together | None:
    """The arrangement a save's table holds back (None when playing alone); a TableError for one no table makes."""
    if table.mode != TOGETHER:
        return None
    return Together(table.players, gm=table.gm, facilitator=table.facilitator)


def start_story(
    store: SaveStore | None, setup: LonerSetup, together: Together | None, seed: int, parent: QWidget | None = None
) -> StoryScreen:
    """A new game, saved in ``store``'s folder from its opening (not saved when ``store`` is None)."""
    save: SeamFile | None = None
    if store is not None:
        game_id = store.new_id()
        save = create_seam_game(
            store.path_of(game_id), RULES, setup, seed, seam_table(setup, together), store.app_version
        )
    return StoryScreen(setup, together, seed, parent, save=save)


def replayed(loaded: SeamGame) -> LonerPlay:
    """The game as it was left: every row of the log (undos too) played again through the same funnel."""
    play = begin(loaded.setup, loaded.seed)
    for action in loaded.log:
        if isinstance(action, OracleMove):  # Loner's own oracle is the game: no oracle rows beside it
            raise IllegalAction("the log holds an oracle row, which a game of Loner never writes")
        play = undo(play) if action is None else submit(play, action)[0]
    return play


def resume_story(store: SaveStore, game_id: str, parent: QWidget | None = None) -> StoryScreen:
    """A saved game read back (every hash checked) and carried on where it stopped; a SaveError names the file."""
    path = store.path_of(game_id)
    loaded = load_seam_game(path)
    try:
        play = replayed(loaded)
        together = together_of(loaded.table)
    except (IllegalAction, TableError) as error:
        raise DamagedSaveError(path, f"the save is damaged: {error}") from None
    return StoryScreen(loaded.setup, together, loaded.seed, parent, save=SeamFile(path, RULES), play=play)
