"""Starting and resuming a game of The Restless: the set-up from a pack, its save (with the pack's copy, which the
set-up carries) in the app's save folder, the session and the table screen."""

from __future__ import annotations

from dataclasses import dataclass

from rt0table.desktop.restless.restless_screen import RsTableScreen
from rt0table.desktop.saves import SaveStore
from rt0table.desktop.saves.seam_save import SeamFile, SeamGame, SeamTable, create_seam_game, load_seam_game
from rt0table.desktop.seam_session import SeamSession, Step
from rt0table.rules.restless.restless_seam import RULES
from rt0table.rules.restless.rs_card_images import image_bytes
from rt0table.rules.restless.rs_pack import RsPack
from rt0table.rules.restless.rs_practice import SEATS, practice_pack, setup_from
from rt0table.rules.restless.rs_state import RsSetup


def game_setup(players: int, pack: RsPack | None = None, encounters: int = 4) -> RsSetup:
    """1-4 seats at one screen (hot-seat); one seat runs every Character, so solo is one player."""
    count = max(1, min(players, len(SEATS)))
    return setup_from(pack or practice_pack(), SEATS[:count], encounters)


@dataclass
class RsGame:
    """A game in play: its save (None when saves are off), its session and its table."""

    save: SeamFile | None
    game_id: str
    session: SeamSession
    screen: RsTableScreen


def start_game(
    store: SaveStore | None, setup: RsSetup, seed: int, table: SeamTable, images: tuple[tuple[str, bytes], ...] = ()
) -> RsGame:
    """A new game, saved in ``store``'s folder from its first step (not saved when ``store`` is None); ``images``
    are the pack's, for the cards that carry one (by default those the set-up keeps)."""
    save: SeamFile | None = None
    game_id = ""
    if store is not None:
        game_id = store.new_id()
        save = create_seam_game(store.path_of(game_id), RULES, setup, seed, table, store.app_version)
    state, events = RULES.new_state(setup, seed)
    session = SeamSession(RULES, state, save)
    screen = RsTableScreen(session, table)
    screen.scene.use_images(images or image_bytes(setup))
    screen.log.insertItems(0, [RULES.narrate(state, e) for e in reversed(events)])
    return RsGame(save, game_id, session, screen)


def resume_game(store: SaveStore, game_id: str) -> RsGame:
    """A saved game read back (every hash checked) and carried on where it stopped."""
    path = store.path_of(game_id)
    loaded: SeamGame = load_seam_game(path)
    save = SeamFile(path, loaded.ruleset)
    steps = [Step(before, action, events, stand_in) for before, action, events, stand_in in loaded.steps]
    session = SeamSession(loaded.ruleset, loaded.state, save, steps, oracle=loaded.oracle)
    screen = RsTableScreen(session, loaded.table)
    screen.scene.use_images(image_bytes(loaded.setup) or pack_images(loaded.setup))
    return RsGame(save, game_id, session, screen)


def pack_images(setup: RsSetup) -> tuple[tuple[str, bytes], ...]:
    """For a save from before set-ups kept their images: the images of the pack it started with, when that pack (the
    very same cards) is still at hand; otherwise the faces are drawn."""
    from rt0table.desktop.restless.restless_new_game import pack_choices

    for choice in pack_choices():
        if choice.pack is not None and choice.pack.cards() == setup.cards:
            return choice.pack.images
    return ()
