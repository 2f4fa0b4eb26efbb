"""Between fights: the Day, the character sheets and skill checks, as tabs over one Playthrough.

In solo play the oracle dock sits beside the tabs (``set_oracle``): questions, scenes and notes go into the
same journal the fights write, and the next fight carries on from it.
"""

from __future__ import annotations

import functools

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QFrame, QScrollArea, QSplitter, QTabWidget, QVBoxLayout, QWidget

from rt0table.desktop.characters.sheet import CharacterSheetView
from rt0table.desktop.characters.skill_check_screen import SkillCheckScreen
from rt0table.desktop.flow.day_panel import DayPanel
from rt0table.desktop.flow.playthrough import Playthrough
from rt0table.rules.rt0.campaign import campaign as cp
from rt0table.rules.rt0.campaign.campaign_events import CampaignEvent
from rt0table.rules.seam import RulesError

ORACLE_SHARE = 0.32  # of the width for the solo dock at first, as beside the table; the player can drag it


class BetweenFightsScreen(QWidget):
    """Renders the Playthrough; every change goes through campaign functions. ``next_fight`` opens the set-up."""

    next_fight = Signal()

    def __init__(self, playthrough: Playthrough, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("between-fights")
        self.playthrough = playthrough
        self.tabs = QTabWidget()
        self.day = DayPanel(playthrough)
        self.day.next_fight.connect(self.next_fight.emit)
        self.tabs.addTab(self.day, "The Day")
        self.sheets: dict[str, CharacterSheetView] = {}
        self._pending_events: list[CampaignEvent] = []
        sheet_tabs = QTabWidget()
        for m in playthrough.campaign.members:
            view = CharacterSheetView(playthrough.campaign, m.id)
            for widget in (view.end_day_button, view.meal_pick, view.sleep_pick):
                widget.hide()  # the Day ends for everyone at once, on the Day tab
            view.events_made.connect(self._sheet_events)
            view.campaign_changed.connect(self._sheet_changed)
            sheet_tabs.addTab(view, m.character.name)
            self.sheets[m.id] = view
        self.tabs.addTab(sheet_tabs, "Character sheets")
        self.checks = SkillCheckScreen(playthrough.checks)
        self.checks.next_day_button.hide()  # the Day clock belongs to the campaign
        self.checks.checked.connect(self._checked)
        checks_page = QScrollArea()  # a wide table: it scrolls rather than push the solo dock aside
        checks_page.setWidgetResizable(True)
        checks_page.setFrameShape(QFrame.Shape.NoFrame)
        checks_page.setWidget(self.checks)
        self.tabs.addTab(checks_page, "Skill checks")
        self._retries_seen = dict(playthrough.checks.corruption_taken)
        self.oracle: QWidget | None = None  # the solo dock, in solo play
        self._oracle_share = ORACLE_SHARE
        self._user_sized = False
        self.splitter = QSplitter(Qt.Orientation.Horizontal)
        self.splitter.setObjectName("between-splitter")
        self.splitter.setChildrenCollapsible(False)
        self.splitter.splitterMoved.connect(lambda *_: setattr(self, "_user_sized", True))
        self.splitter.addWidget(self.tabs)
        layout = QVBoxLayout(self)
        layout.addWidget(self.splitter)
        playthrough.changed.connect(self.refresh)
        self.refresh()

    def set_oracle(self, dock: QWidget, share: float = ORACLE_SHARE) -> None:
        """Put the solo oracle dock to the right of the tabs, ``share`` of the width at first."""
        if self.oracle is not None:
            self.oracle.setParent(None)
        self.oracle, self._oracle_share = dock, share
        self.splitter.addWidget(dock)
        self.splitter.setStretchFactor(0, 1)
        self.splitter.setStretchFactor(1, 0)
        if self.isVisible():
            self._share_width()

    def _share_width(self) -> None:
        layout = self.layout()
        margin = layout.contentsMargins().left() if layout is not None else 0
        width = max(self.width() - 2 * margin, 1)
        self.splitter.setSizes([round(width * (1 - self._oracle_share)), round(width * self._oracle_share)])

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if self.oracle is not None and not self._user_sized:  # the dock keeps its share until the player drags
            self._share_width()

    def _sheet_events(self, events: list[CampaignEvent]) -> None:
        self._pending_events = events

    def _sheet_changed(self, campaign: cp.Campaign) -> None:
        events, self._pending_events = self._pending_events, []
        self.playthrough.replace_campaign(campaign, events)

    def _checked(self, _attempts: object) -> None:
        """A retry's Corruption (SKL-RETRY) goes onto the campaign through ``pay_for_retry``; the decks as the draw
        left them go into the save."""
        by_name = {m.character.name: m.id for m in self.playthrough.campaign.members}
        taken = self.playthrough.checks.corruption_taken
        for name, count in taken.items():
            for _ in range(count - self._retries_seen.get(name, 0)):
                if name in by_name:
                    try:
                        self.playthrough.change(functools.partial(cp.pay_for_retry, member_id=by_name[name]))
                    except RulesError as error:
                        self.day.error.setText(str(error))
        self._retries_seen = dict(taken)
        self.playthrough.checks_drawn()

    def refresh(self) -> None:
        campaign = self.playthrough.campaign
        self.day.refresh()
        for view in self.sheets.values():
            if view.campaign is not campaign:
                view.campaign = campaign
                view.refresh()
        self.checks.refresh()
