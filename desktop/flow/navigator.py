"""The path through a game: mode → party → between fights ⇄ set-up → table → summary → between fights.

``Navigator`` builds each screen and hands it to the window's ``show_screen``; the window stays a thin switcher.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable
from dataclasses import replace
from typing import Protocol

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QWidget

from rt0table.desktop.characters.party_editor import PartyEditor
from rt0table.desktop.fights import full_bestiary
from rt0table.desktop.flow.between_fights import BetweenFightsScreen
from rt0table.desktop.flow.fight_setup import FightSetupScreen
from rt0table.desktop.flow.mode_screen import ModeScreen
from rt0table.desktop.flow.playthrough import FightReport, Mode, Playthrough
from rt0table.desktop.flow.summary_screen import SummaryScreen
from rt0table.desktop.replay_viewer.replay_screen import ReplayScreen
from rt0table.desktop.replay_viewer.saved_fight import replay_of_session
from rt0table.desktop.session import Session
from rt0table.desktop.table.settings import TableSettings
from rt0table.desktop.table.view import TableScreen
from rt0table.rules.rt0.campaign import fight_plan as fp
from rt0table.rules.rt0.campaign.party import Party
from rt0table.rules.solo.journal_bridge import SoloJournal


class ScreenHost(Protocol):
    def show_screen(self, screen: QWidget) -> None: ...

    def show_title(self) -> None: ...


def _solo_helper(name: str) -> Callable[..., object] | None:
    try:
        module = importlib.import_module("rt0table.desktop.solo.dock")
    except ImportError:
        return None
    helper = getattr(module, name, None)
    return helper if callable(helper) else None


def solo_attacher() -> Callable[..., object] | None:
    """``rt0table.desktop.solo.dock.attach_solo`` when the solo helpers are installed, else None."""
    return _solo_helper("attach_solo")


def solo_paneller() -> Callable[..., object] | None:
    """``rt0table.desktop.solo.dock.solo_panel`` (the oracle dock with no fight) when the solo helpers are installed."""
    return _solo_helper("solo_panel")


class Navigator(QObject):
    """Owns the Playthrough once the party exists; ``playthrough_started`` lets a save store attach to it."""

    playthrough_started = Signal(object)  # Playthrough

    def __init__(self, host: ScreenHost, settings: TableSettings, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.host = host
        self.settings = settings
        self.mode = Mode.SOLO
        self.playthrough: Playthrough | None = None
        self.screen: QWidget | None = None
        self.fight_seed: int | None = None  # the shuffle seed of the fight begun in this run, for its replay

    def _show(self, screen: QWidget) -> None:
        self.screen = screen
        self.host.show_screen(screen)

    # --- the steps ---

    def start(self) -> ModeScreen:
        screen = ModeScreen()
        screen.chosen.connect(self.choose_mode)
        screen.back.connect(self.host.show_title)
        self._show(screen)
        return screen

    def choose_mode(self, mode: Mode) -> PartyEditor:
        self.mode = mode
        editor = PartyEditor()
        editor.ready.connect(self.party_ready)
        self._show(editor)
        editor.start_character()
        return editor

    def party_ready(self, party: Party) -> BetweenFightsScreen:
        campaign = fp.from_party(party.characters, party.eddies)
        self.playthrough = Playthrough(self.mode, campaign, seed=random.randrange(1, 1_000_000))
        self.playthrough_started.emit(self.playthrough)
        return self.between_fights()

    def between_fights(self) -> BetweenFightsScreen:
        assert self.playthrough is not None
        screen = BetweenFightsScreen(self.playthrough)
        screen.next_fight.connect(self.set_up_fight)
        if self.mode is Mode.SOLO:
            self._oracle_between_fights(screen)
        self._show(screen)
        return screen

    def _oracle_between_fights(self, screen: BetweenFightsScreen) -> None:
        """Solo: the oracle dock beside the Day, on the playthrough's journal; what is asked there is kept with the
        playthrough (and so saved) and the next fight's dock starts from it."""
        assert self.playthrough is not None
        playthrough = self.playthrough
        make = solo_paneller()
        dock = make(playthrough.solo) if make is not None else None
        if not isinstance(dock, QWidget):
            return
        changed = getattr(dock, "journal_changed", None)
        if changed is not None:
            changed.connect(lambda: self._keep_journal(dock))
        screen.set_oracle(dock)

    def _keep_journal(self, dock: QWidget) -> None:
        solo = getattr(dock, "solo", None)
        if self.playthrough is not None and isinstance(solo, SoloJournal):
            self.playthrough.set_solo(solo)

    def set_up_fight(self) -> FightSetupScreen:
        assert self.playthrough is not None
        screen = FightSetupScreen(self.playthrough.campaign, full_bestiary())
        screen.back.connect(self.between_fights)
        screen.started.connect(self.start_fight)
        self._show(screen)
        return screen

    def start_fight(self, plan: fp.FightPlan) -> TableScreen:
        assert self.playthrough is not None
        session = self.playthrough.begin_fight(plan, full_bestiary())
        self.fight_seed = plan.seed
        return self._table(session, new_fight=True)

    def _table(self, session: Session, new_fight: bool, log: list[str] | None = None) -> TableScreen:
        assert self.playthrough is not None
        playthrough = self.playthrough
        settings = replace(self.settings, hot_seat=self.mode is Mode.HOT_SEAT)
        table = TableScreen(session, settings)
        if log:  # a fight loaded from its save: its whole log told again, opening included
            table.scene.log.restore(log)
        table.closed.connect(self.fight_over)
        if self.mode is Mode.SOLO:
            attach = solo_attacher()
            if attach is not None:
                dock = attach(table, session, journal=playthrough.solo, new_fight=new_fight)
                solo = getattr(dock, "solo", None)
                if isinstance(solo, SoloJournal):
                    playthrough.set_solo(solo)
                    dock.journal_changed.connect(lambda: playthrough.set_solo(dock.solo))  # type: ignore[attr-defined]
        self._show(table)
        table.setFocus()
        return table

    # --- coming back to a saved game ---

    def resume(self, playthrough: Playthrough, log: list[str] | None = None) -> QWidget:
        """Show a playthrough loaded from a save where it stopped: its fight's table, or between fights."""
        self.playthrough = playthrough
        self.mode = playthrough.mode
        if playthrough.session is not None:
            return self._table(playthrough.session, new_fight=False, log=log)
        return self.between_fights()

    def fight_over(self) -> SummaryScreen:
        assert self.playthrough is not None
        session, seed = self.playthrough.session, self.fight_seed
        report = self.playthrough.end_fight()
        self.fight_seed = None
        return self._summary(report, session if session is not None and not session.played_before else None, seed)

    def _summary(self, report: FightReport, session: Session | None, seed: int | None) -> SummaryScreen:
        """The fight's summary; with the session it was played in, it can be watched again and come back here."""
        screen = SummaryScreen(report, watchable=session is not None)
        screen.done.connect(self.between_fights)
        if session is not None:
            screen.watch.connect(lambda: self.watch(report, session, seed))
        self._show(screen)
        return screen

    def watch(self, report: FightReport, session: Session, seed: int | None) -> ReplayScreen:
        """The fight just played, in the replay viewer; closing it returns to its summary."""
        title = f"Replay of fight {report.number}"
        screen = replay_of_session(session, seed, title, replace(self.settings, hot_seat=False))
        screen.closed.connect(lambda: self._summary(report, session, seed))
        self._show(screen)
        screen.setFocus()
        return screen
