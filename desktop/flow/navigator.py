"""The path through a game: mode → party → between fights ⇄ set-up → table → summary → between fights.

``Navigator`` builds each screen and hands it to the window's ``show_screen``; the window stays a thin switcher.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Protocol

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QVBoxLayout, QWidget

from rt0table.desktop.bestiary.user_bestiary import bestiary_path, fight_bestiary
from rt0table.desktop.characters.party_editor import PartyEditor
from rt0table.desktop.flow.between_fights import BetweenFightsScreen
from rt0table.desktop.flow.fight_setup import FightSetupScreen
from rt0table.desktop.flow.mode_screen import ModeScreen
from rt0table.desktop.flow.playthrough import FightReport, Mode, Playthrough
from rt0table.desktop.flow.summary_screen import SummaryScreen
from rt0table.desktop.replay_viewer.replay_screen import ReplayScreen
from rt0table.desktop.replay_viewer.saved_fight import replay_of_session
from rt0table.desktop.table.fight_session import Session
from rt0table.desktop.table.quick_fights import full_bestiary
from rt0table.desktop.table.settings import TableSettings
from rt0table.desktop.table.view import TableScreen
from rt0table.rules.paradise_lua.lua_campaign import new_playthrough
from rt0table.rules.paradise_lua.lua_quick_start import quick_start_party
from rt0table.rules.rt0.campaign import fight_plan as fp
from rt0table.rules.rt0.campaign.party import Party
from rt0table.rules.rt0.content.adversaries import AdversaryKind


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
        self.no_gm = False  # a co-op table without a GM: the oracle and the GM stand-in as in solo
        self.playthrough: Playthrough | None = None
        self.screen: QWidget | None = None
        self.fight_seed: int | None = None  # the shuffle seed of the fight begun in this run, for its replay
        self.setting = ""  # where the game is set (mode_screen.SETTINGS): "", "lua" or "lua-one-shot"
        self.map_screen: QWidget | None = None  # the Paradise Lua map, a tab between fights
        self.save_dir: Path | None = None  # the save folder, where the GM's own bestiary file is kept too
        self.bestiary: dict[str, AdversaryKind] = full_bestiary()  # the fights' adversaries: shipped and the GM's

    def _show(self, screen: QWidget) -> None:
        self.screen = screen
        self.host.show_screen(screen)

    # --- the steps ---

    def start(self) -> ModeScreen:
        screen = ModeScreen()
        self.no_gm = screen.no_gm_box.isChecked()
        screen.no_gm_box.toggled.connect(self._set_no_gm)
        screen.chosen.connect(lambda mode: self.choose_mode(mode, screen.setting()))
        screen.back.connect(self.host.show_title)
        self._show(screen)
        return screen

    def _set_no_gm(self, on: bool) -> None:
        self.no_gm = on

    @property
    def oracle_on(self) -> bool:
        """Solo, or co-op with nobody running the game: the oracle dock and the GM stand-in are at the table."""
        return self.mode is Mode.SOLO or self.no_gm

    def choose_mode(self, mode: Mode, setting: str = "") -> QWidget:
        """The party next, or straight between fights with the ready-made party for a one-shot of Act 1."""
        self.mode, self.setting = mode, setting
        if setting == "lua-one-shot":
            return self.party_ready(Party(quick_start_party()))
        editor = PartyEditor()
        editor.ready.connect(self.party_ready)
        self._show(editor)
        editor.start_character()
        return editor

    def quick_start(self) -> BetweenFightsScreen:
        """A solo game at once with the ready-made party, straight to the Day before the first fight."""
        from rt0table.desktop.flow.quick_start import ready_party

        self.mode = Mode.SOLO
        return self.party_ready(ready_party())

    def party_ready(self, party: Party) -> BetweenFightsScreen:
        campaign = fp.from_party(party.characters, party.eddies)
        seed = random.randrange(1, 1_000_000)
        lua = new_playthrough(seed, one_shot=self.setting == "lua-one-shot") if self.setting else None
        self.playthrough = Playthrough(self.mode, campaign, seed=seed, lua=lua)
        self.playthrough_started.emit(self.playthrough)
        return self.between_fights()

    def between_fights(self) -> BetweenFightsScreen:
        assert self.playthrough is not None
        screen = BetweenFightsScreen(self.playthrough)
        screen.next_fight.connect(self.set_up_fight)
        screen.day.open_lab.connect(self.open_lab)
        if self.oracle_on:
            self._oracle_between_fights(screen)
        if self.playthrough.story.lua is not None:
            self._map_between_fights(screen)
        self._show(screen)
        return screen

    def _map_between_fights(self, screen: BetweenFightsScreen) -> None:
        """Paradise Lua: the map as the first tab, its fights set up with the party; in solo, the tarot's
        inspiration oracle at the top of the oracle dock (its draws go into the playthrough's one journal)."""
        from rt0table.desktop.paradise_lua.inspiration_panel import InspirationPanel
        from rt0table.desktop.paradise_lua.lua_table import LuaTable
        from rt0table.desktop.paradise_lua.map_screen import MapScreen

        assert self.playthrough is not None
        table = LuaTable(self.playthrough)
        self.map_screen = MapScreen(table)
        self.map_screen.fight_wanted.connect(self.set_up_fight)
        screen.tabs.insertTab(0, self.map_screen, "Map")
        screen.tabs.setCurrentIndex(0)
        dock = screen.oracle.layout() if screen.oracle is not None else None
        if isinstance(dock, QVBoxLayout):
            dock.insertWidget(0, InspirationPanel(table))
            self.map_screen.inspiration_elsewhere()

    def _oracle_between_fights(self, screen: BetweenFightsScreen) -> None:
        """Solo: the oracle dock beside the Day, on the playthrough's journal; what is asked there is kept with the
        playthrough (and so saved) and the next fight's dock starts from it."""
        assert self.playthrough is not None
        playthrough = self.playthrough
        make = solo_paneller()
        dock = make(playthrough.solo) if make is not None else None
        if not isinstance(dock, QWidget):
            return
        self._journal_beside(dock)
        fold = _solo_helper("oracle_drawer")
        drawer = fold(dock, self.settings) if fold is not None else None
        screen.set_oracle(dock, drawer=drawer if isinstance(drawer, QWidget) else None)

    def _journal_beside(self, dock: QWidget) -> None:
        """The oracle dock on the playthrough's journal (``dock.on_journal``)."""
        on_journal = _solo_helper("on_journal")
        if on_journal is not None and self.playthrough is not None:
            on_journal(dock, self.playthrough)

    def open_lab(self) -> QWidget:
        """The balance lab with the campaign's party first in its list; Back returns to the Day."""
        from rt0table.desktop.lab.lab_screen import LabScreen
        from rt0table.desktop.lab.lab_setups import campaign_party

        assert self.playthrough is not None
        campaign = self.playthrough.campaign
        names = ", ".join(m.character.name for m in campaign.members if m.playable)
        party = campaign_party(campaign, f"This game's party: {names}")
        bestiary, _mine, _problem = fight_bestiary(self.save_dir)  # the GM's own adversaries too (issue 20)
        lab = LabScreen(bestiary, [party], self.settings, day=campaign.clock.day)
        lab.closed.connect(self.between_fights)
        self._show(lab)
        return lab

    def set_up_fight(self, adversaries: tuple[str, ...] = ()) -> FightSetupScreen:
        """The fight set-up; ``adversaries``: a fight called at a place on the map, already in the room. The GM's
        own adversaries (their bestiary file) are offered beside the shipped ones."""
        assert self.playthrough is not None
        self.bestiary, mine, problem = fight_bestiary(self.save_dir)
        screen = FightSetupScreen(self.playthrough.campaign, self.bestiary, mine=mine)
        for kind in adversaries or ():
            screen.add_foe(kind)
        if problem:
            screen.room_status.setText(f"Your bestiary file is left out: {problem}")
        screen.edit_bestiary.connect(lambda: self.edit_bestiary(tuple(screen.foes)))
        screen.back.connect(self.between_fights)
        screen.started.connect(self.start_fight)
        self._show(screen)
        return screen

    def edit_bestiary(self, adversaries: tuple[str, ...] = ()) -> QWidget:
        """The bestiary editor; Done goes back to the set-up with the adversaries it had."""
        from rt0table.desktop.bestiary.bestiary_editor import BestiaryEditor

        editor = BestiaryEditor(bestiary_path(self.save_dir))
        editor.done.connect(lambda: self.set_up_fight(adversaries))
        self._show(editor)
        return editor

    def start_fight(self, plan: fp.FightPlan) -> TableScreen:
        assert self.playthrough is not None
        session = self.playthrough.begin_fight(plan, self.bestiary, journal=self.oracle_on)
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
        if self.oracle_on:
            attach = solo_attacher()
            if attach is not None:
                shared = self.mode is Mode.HOT_SEAT
                dock = attach(table, session, journal=playthrough.solo, new_fight=new_fight, shared_screen=shared)
                if isinstance(dock, QWidget):
                    self._journal_beside(dock)
        self._show(table)
        table.setFocus()
        return table

    # --- coming back to a saved game ---

    def resume(self, playthrough: Playthrough, log: list[str] | None = None) -> QWidget:
        """Show a playthrough loaded from a save where it stopped: its fight's table, or between fights."""
        self.playthrough = playthrough
        self.mode = playthrough.mode
        self.no_gm = playthrough.mode is Mode.HOT_SEAT and playthrough.solo is not None  # the oracle was in use
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
