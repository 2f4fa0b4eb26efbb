"""Between fights: the Day, the character sheets and skill checks, as tabs over one Playthrough.

Every tab changes the playthrough only through its funnel (``Playthrough.submit``) and redraws from its value when
``changed`` fires; Ctrl+Z here takes back the last op since the last reveal (``Playthrough.undo``).

In solo play the oracle dock sits beside the tabs (``set_oracle``): questions, scenes and notes go into the
same journal the fights write, and the next fight carries on from it.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QKeyEvent, QKeySequence, QResizeEvent
from PySide6.QtWidgets import QFrame, QScrollArea, QSplitter, QTabWidget, QVBoxLayout, QWidget

from rt0table.desktop.characters.sheet import CharacterSheetView
from rt0table.desktop.characters.skill_check_screen import SkillCheckScreen
from rt0table.desktop.flow.day_panel import DayPanel
from rt0table.desktop.flow.playthrough import EVERYTHING, Mode, OpChanges, Playthrough
from rt0table.rules.rt0.campaign.check_table import Attempt, CheckTable
from rt0table.rules.rt0.campaign.skill_check import GroupResult
from rt0table.rules.rt0.story import ops
from rt0table.rules.rt0.story.tale import ChecksDrawn, Part
from rt0table.rules.seam import IllegalAction

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
        day_page = QScrollArea()  # stacked beside the solo oracle, the Day is taller than its view
        day_page.setWidgetResizable(True)
        day_page.setFrameShape(QFrame.Shape.NoFrame)
        day_page.setWidget(self.day)
        self.tabs.addTab(day_page, "The Day")
        self.sheets: dict[str, CharacterSheetView] = {}
        sheet_tabs = QTabWidget()
        for m in playthrough.campaign.members:
            view = CharacterSheetView(playthrough, m.id)
            for widget in (view.end_day_button, view.meal_pick, view.sleep_pick):
                widget.hide()  # the Day ends for everyone at once, on the Day tab
            sheet_tabs.addTab(view, m.character.name)
            self.sheets[m.id] = view
        self.tabs.addTab(sheet_tabs, "Character sheets")
        self.checks = SkillCheckScreen(PlaythroughDesk(playthrough), gm_judges=playthrough.mode is not Mode.SOLO)
        self.checks.next_day_button.hide()  # the Day clock belongs to the campaign
        checks_page = QScrollArea()  # a wide table: it scrolls rather than push the solo dock aside
        checks_page.setWidgetResizable(True)
        checks_page.setFrameShape(QFrame.Shape.NoFrame)
        checks_page.setWidget(self.checks)
        self.tabs.addTab(checks_page, "Skill checks")
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

    def keyPressEvent(self, event: QKeyEvent) -> None:
        """Ctrl+Z from anywhere on these tabs that does not keep it for itself (a text field undoes its typing)."""
        if event.matches(QKeySequence.StandardKey.Undo):
            self.undo()
            event.accept()
            return
        super().keyPressEvent(event)

    def undo(self) -> bool:
        """Ctrl+Z: take back the last op since the last reveal; the Day tab says why when nothing can be."""
        try:
            self.playthrough.undo()
        except IllegalAction as error:
            self.day.error.setText(str(error))
            return False
        self.day.error.clear()
        return True

    def set_oracle(self, dock: QWidget, share: float = ORACLE_SHARE, drawer: QWidget | None = None) -> None:
        """Put the solo oracle dock to the right of the tabs, ``share`` of the width at first; in its ``drawer``
        (desktop/solo/drawer.py) when one is given, to fold away for the tabs' sake."""
        if self.oracle is not None:
            holder = self.oracle.parentWidget()
            (holder if holder is not None and holder is not self.splitter else self.oracle).setParent(None)
        self.oracle, self._oracle_share = dock, share
        self.splitter.addWidget(drawer if drawer is not None else dock)
        key_on = getattr(drawer, "key_on", None)
        if callable(key_on):
            key_on(self)  # its key works anywhere on these tabs
        pose = getattr(dock, "pose", None)  # the solo dock takes a question for the oracle to roll
        if callable(pose):
            self.day.gm_box.ask_oracle.connect(pose)
            self.day.gm_box.solo = True
            self.day.gm_box.refresh(self.playthrough.story)
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

    def refresh(self, changes: OpChanges = EVERYTHING) -> None:
        """The Day tab always (its log and record); the sheets redraw themselves; the checks when theirs changed."""
        self.day.refresh(changes)
        if changes.touches(Part.CHECKS, Part.PARTY, Part.DAY):
            self.checks.refresh()


class PlaythroughDesk:
    """The skill-check screen's draws as ops through the playthrough's funnel (saved, and reveals for undo)."""

    def __init__(self, playthrough: Playthrough) -> None:
        self.playthrough = playthrough

    @property
    def table(self) -> CheckTable:
        return self.playthrough.checks

    def draw(self, op: ops.CheckOp) -> tuple[list[Attempt], GroupResult | None]:
        events = self.playthrough.submit(op)
        drawn = next(e for e in events if isinstance(e, ChecksDrawn))
        return list(drawn.attempts), drawn.verdict

    def next_day(self) -> None:
        raise IllegalAction("The Day ends for everyone on the Day tab.")

    def gm_keeps(self, index: int) -> Attempt:
        self.playthrough.submit(ops.GMKeepsCard(index))
        return self.table.history[-1]

    def keep_on_headphones(self) -> Attempt:
        self.playthrough.submit(ops.KeepOnHeadphones())
        return self.table.history[-1]
