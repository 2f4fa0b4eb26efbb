"""Starting and resuming a game of The Restless: the set-up from a pack, its save (with the pack's copy, which the
set-up carries) in the app's save folder, the session and the table screen."""

from __future__ import annotations

from rt0table.desktop.restless.restless_screen import RsTableScreen
from rt0table.desktop.saves import SaveStore
from rt0table.desktop.saves.seam_save import SeamTable
from rt0table.desktop.seam_table.table_game import TableGame, resume_session, start_session
from rt0table.rules.restless.restless_seam import RULES
from rt0table.rules.restless.rs_card_images import image_bytes
from rt0table.rules.restless.rs_pack import RsPack
from rt0table.rules.restless.rs_practice import SEATS, practice_pack, setup_from
from rt0table.rules.restless.rs_state import RsSetup


def game_setup(players: int, pack: RsPack | None = None, encounters: int = 4) -> RsSetup:
    """1-4 seats at one screen (hot-seat); one seat runs every Character, so solo is one player."""
    count = max(1, min(players, len(SEATS)))
    return setup_from(pack or practice_pack(), SEATS[:count], encounters)


RsGame = TableGame[RsTableScreen]  # a game in play: its save, its id, its session and its table


def start_game(
    store: SaveStore | None, setup: RsSetup, seed: int, table: SeamTable, images: tuple[tuple[str, bytes], ...] = ()
) -> RsGame:
    """A new game, saved in ``store``'s folder from its first step (not saved when ``store`` is None); ``images``
    are the pack's, for the cards that carry one (by default those the set-up keeps)."""
    started = start_session(store, RULES, setup, seed, table)
    screen = RsTableScreen(started.session, table)
    screen.scene.use_images(images or image_bytes(setup))
    screen.log.insertItems(0, [RULES.narrate(started.session.state, e) for e in reversed(started.events)])
    return RsGame(started.save, started.game_id, started.session, screen)


def resume_game(store: SaveStore, game_id: str) -> RsGame:
    """A saved game read back (every hash checked) and carried on where it stopped."""
    save, session, loaded = resume_session(store, game_id)
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
