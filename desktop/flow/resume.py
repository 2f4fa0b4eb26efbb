"""Coming back to a saved game: the Playthrough from its document, the fight from its log, the table's log lines."""

from __future__ import annotations

from dataclasses import dataclass

from rt0table.desktop.flow.playthrough import Playthrough
from rt0table.desktop.flow.playthrough_doc import DocError, playthrough_from_doc
from rt0table.desktop.saves import CombatSetup, DamagedSaveError, LoadedGame
from rt0table.rules.rt0.actions import Action
from rt0table.rules.rt0.engine import Game
from rt0table.rules.rt0.narration import narrate_all


@dataclass
class Resumed:
    """A saved game ready to go on: the playthrough, the fight that was on the table (if any) and its log."""

    playthrough: Playthrough
    fight: Game | None
    log: list[str]


def restore(loaded: LoadedGame) -> Resumed:
    """The playthrough as the save left it, and its fight when one was on the table (put it back with
    ``playthrough.resume_fight`` once the fight has a recorder). A save that cannot come back raises
    ``DamagedSaveError``."""
    if loaded.campaign is None:
        raise DamagedSaveError(loaded.path, "this save holds a fight but no party to go back to")
    try:
        playthrough, fight_on = playthrough_from_doc(loaded.campaign)
    except DocError as error:
        raise DamagedSaveError(loaded.path, str(error)) from None
    if fight_on and loaded.game is not None and loaded.setup is not None:
        return Resumed(playthrough, loaded.game, fight_log(loaded.setup, loaded.actions))
    return Resumed(playthrough, None, [])


def fight_log(setup: CombatSetup, actions: list[Action]) -> list[str]:
    """The table's log for a fight played this far: its opening and every action in force, told again."""
    state, events = setup.start()
    lines = narrate_all(state, events)
    game = Game(state)
    for action in actions:
        events = game.push(action)
        lines += narrate_all(game.state, events)
    return lines
