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
from rt0table.desktop.flow.playthrough import Mode, Playthrough
from rt0table.desktop.flow.summary_screen import SummaryScreen
from rt0table.desktop.session import Session
from rt0table.desktop.table.settings import TableSettings
from rt0table.desktop.table.view import TableScreen
from rt0table.rules.rt0.campaign import fight_plan as fp
from rt0table.rules.rt0.party import Party


class ScreenHost(Protocol):
    def show_screen(self, screen: QWidget) -> None: ...

    def show_title(self) -> None: ...


def solo_attacher() -> Callable[[TableScreen, Session], object] | None:
    """``rt0table.desktop.solo.attach_solo`` when the solo helpers are installed, else None."""
    try:
        module = importlib.import_module("rt0table.desktop.solo")
    except ImportError:
        return None
    attach = getattr(module, "attach_solo", None)
    return attach if callable(attach) else None


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
        self._show(screen)
        return screen

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
        settings = replace(self.settings, hot_seat=self.mode is Mode.HOT_SEAT)
        table = TableScreen(session, settings)
        table.closed.connect(self.fight_over)
        if self.mode is Mode.SOLO:
            attach = solo_attacher()
            if attach is not None:
                attach(table, session)
        self._show(table)
        table.setFocus()
        return table

    def fight_over(self) -> SummaryScreen:
        assert self.playthrough is not None
        report = self.playthrough.end_fight()
        screen = SummaryScreen(report)
        screen.done.connect(self.between_fights)
        self._show(screen)
        return screen
