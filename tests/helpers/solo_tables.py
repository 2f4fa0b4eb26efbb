"""A solo table with the oracle dock beside it, and a fight played to its end."""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from rt0table.desktop.flow.playthrough import Mode, Playthrough
from rt0table.desktop.solo.dock import SoloDock, attach_solo, on_journal
from rt0table.desktop.table.view import TableScreen
from rt0table.rules.rt0.fight.engine import Game
from rt0table.rules.rt0.fight.state import GM
from rt0table.rules.rt0.solo.journal_bridge import SoloJournal
from rt0table.rules.rt0.story import ops
from tests.desktop.conftest import MakeTable
from tests.helpers.sample_party import fool, party
from tests.helpers.solo_fights import greedy, knock_down_fight


def solo_playthrough(game: Game, journal: SoloJournal | None = None) -> Playthrough:
    """A solo playthrough with ``game`` dealt on its table and the oracle beside it (``journal``: the one it kept
    between fights), as the navigator begins a planned fight."""
    playthrough = Playthrough(Mode.SOLO, party(fool("Pip")))
    if journal is not None:  # the journal kept between fights, as a save read back would hold it
        playthrough.funnel.reset(replace(playthrough.story, solo=journal), [])
    playthrough.submit(ops.BeginFight(game.state, journal=True))
    playthrough.resume_fight(game)
    return playthrough


def solo_table(
    make_table: MakeTable, game: Game | None = None, seed: int = 5, dock: SoloDock | None = None, **table: object
) -> tuple[TableScreen, SoloDock]:
    """A fight of a solo playthrough at the table with the oracle dock beside it, on the playthrough's journal."""
    dock = dock or SoloDock(seed=7)
    playthrough = solo_playthrough(game or knock_down_fight(seed=seed, card="9 of Swords"), dock.solo)
    assert playthrough.session is not None
    screen = make_table(session=playthrough.session, size=(1600, 900), **table)
    attach_solo(screen, playthrough.session, dock, journal=playthrough.solo)
    on_journal(dock, playthrough)
    screen.playthrough = playthrough  # type: ignore[attr-defined]  # kept alive with the table
    return screen, dock


def play_to_the_end(qtbot: QtBot, screen: TableScreen, limit: int = 400) -> None:
    session = screen.session
    for _ in range(limit):
        state = session.state
        if state.result is not None:
            return
        pending = state.pending
        assert pending is None or pending.actor != GM, f"the GM's {pending.kind} was left waiting"
        if pending is not None:
            qtbot.keyClick(screen.view, Qt.Key.Key_1)  # the first option, by its number key
        else:
            assert session.submit(greedy(state))
    raise AssertionError("the fight did not end")
