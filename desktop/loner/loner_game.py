"""A game of Loner in the save folder: started with a save (``seam_save``), every step autosaved, resumed exactly.

The game is played through the seam's one funnel (``SeamSession``), whose recorder is the save, as Moon's Grave's
is. The save holds the set-up, the seed and the table (who plays; with a GM or a facilitator) and every step and
undo; resuming reads it back with every hash checked, so the story comes back as it was left: the state, the
journal with its lines in their steps, and what undo can still take back.
"""

from __future__ import annotations

from PySide6.QtWidgets import QWidget

from rt0table.desktop.loner.story_screen import StoryScreen
from rt0table.desktop.saves import DamagedSaveError, SaveStore
from rt0table.desktop.saves.seam_oracle import OracleMove
from rt0table.desktop.saves.seam_save import SeamTable
from rt0table.desktop.seam_table.table_game import resume_session, start_session
from rt0table.rules.loner.loner_seam import RULES
from rt0table.rules.loner.loner_state import LonerSetup
from rt0table.rules.loner.together import TableError, Together

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
    started = start_session(store, RULES, setup, seed, seam_table(setup, together))
    return StoryScreen(started.session, started.events, together, parent, save=started.save)


def resume_story(store: SaveStore, game_id: str, parent: QWidget | None = None) -> StoryScreen:
    """A saved game read back (every hash checked) and carried on where it stopped; a SaveError names the file."""
    save, session, loaded = resume_session(store, game_id)
    problem, together = "", None
    if any(isinstance(action, OracleMove) for action in loaded.log):  # Loner's own oracle is the game
        problem = "the log holds an oracle row, which a game of Loner never writes"
    try:
        together = together_of(loaded.table)
    except TableError as error:
        problem = problem or str(error)
    if problem:
        save.close()
        raise DamagedSaveError(save.path, f"the save is damaged: {problem}")
    return StoryScreen(session, loaded.opening_events, together, parent, save=save)


def unsaved_story(setup: LonerSetup, together: Together | None, seed: int) -> StoryScreen:
    """A game played without a save (a lesson)."""
    return start_story(None, setup, together, seed)
