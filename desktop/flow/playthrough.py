"""One game in progress: the mode, the Campaign, the fight on the table and what the last fight left.

Every change goes through a rules function (``change``) so the campaign's events reach the log; ``changed`` fires
after each one and after every step of a fight, the one signal an autosave needs.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from enum import Enum
from typing import Protocol

from PySide6.QtCore import QObject, Signal

from rt0table.desktop.saves.combat_setup import CombatSetup
from rt0table.desktop.session import Recorder, Session
from rt0table.rules.rt0.campaign import campaign as cp
from rt0table.rules.rt0.campaign import fight_plan as fp
from rt0table.rules.rt0.campaign.campaign_events import CampaignEvent, EddyReplaced
from rt0table.rules.rt0.campaign.check_table import CheckTable
from rt0table.rules.rt0.campaign.supremacy import FightSummary, gain_reason, supremacy_gain
from rt0table.rules.rt0.content.adversaries import AdversaryKind
from rt0table.rules.rt0.fight.engine import Game
from rt0table.rules.rt0.fight.state import CombatState, Phase
from rt0table.rules.solo.journal_bridge import SoloJournal
from rt0table.rules.story.day_log import event_line


class Mode(Enum):
    """Who sits at the table."""

    SOLO = "solo"  # one person runs every character; the GM's choices are answered for them when helpers exist
    HOT_SEAT = "hot-seat"  # 1–4 players share the screen; a curtain hides each hand between turns

    @property
    def title(self) -> str:
        return "Solo" if self is Mode.SOLO else "Hot-seat co-op"


@dataclass(frozen=True)
class FightReport:
    """What a finished fight left: read by the summary screen."""

    number: int
    result: str
    summary: FightSummary
    gain: int
    reason: str
    supremacy: int  # the tally after this fight
    events: tuple[CampaignEvent, ...]
    replacements: tuple[EddyReplaced, ...]
    names: dict[str, str]
    foes: tuple[str, ...] = ()  # each adversary and what became of it
    rounds: int = 0


@dataclass(frozen=True)
class FinishedFight:
    """One line of the Day's fight record: what the save keeps of a fight once it is over."""

    number: int
    result: str
    gain: int


class Keeper(Protocol):
    """Keeps fights somewhere (the save store): a fight about to start gets the recorder its Session uses."""

    def begin_fight(self, setup: CombatSetup) -> Recorder: ...


Change = Callable[[cp.Campaign], "cp.Result | cp.Campaign"]


class Playthrough(QObject):
    """The mode, the Campaign, the current fight, the history of fights and a readable log."""

    changed = Signal()

    def __init__(self, mode: Mode, campaign: cp.Campaign, seed: int = 1, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.mode = mode
        self.campaign = campaign
        self.session: Session | None = None
        self.plan: fp.FightPlan | None = None
        self.reports: list[FightReport] = []  # the fights concluded in this sitting, for their summary screens
        self.finished: list[FinishedFight] = []  # every fight concluded in this playthrough
        self.keeper: Keeper | None = None
        self.solo: SoloJournal | None = None  # the solo journal, once a solo fight has written to it
        party = ", ".join([*(m.character.name for m in campaign.members), *(e.name for e in campaign.eddies)])
        self.log: list[str] = [f"Day {campaign.day}. The party: {party}."]
        self.seed = seed
        self.checks = self.fresh_checks()

    def fresh_checks(self) -> CheckTable:
        """New skill-check decks for the party, shuffled from the seed (a new playthrough, or an old save that kept
        none); after that the table is kept and saved, never dealt again (``sync_checks``)."""
        c = self.campaign
        table = CheckTable.for_party(
            [m.character for m in c.members],
            c.eddies,
            self.seed + len(self.finished),
            self._hurt(),
            morning_start=self._morning_started(),
        )
        table.day = c.day
        return table

    def _hurt(self) -> dict[str, tuple[str, ...]]:
        """Each character's injuries by name: they shape checks (INJ-MAJOR/MINOR)."""
        return {m.character.name: m.injuries.names for m in self.campaign.members}

    def _morning_started(self) -> set[str]:
        """Who had a Morning Start today: Withdrawal gives no Penalty to them (INJ-MINOR)."""
        return {m.character.name for m in self.campaign.members if m.morning_starts}

    def sync_checks(self) -> None:
        """The skill-check table follows the campaign: its Day, injuries as they are now, Eddies who came or went;
        its decks and ledger stay as they are."""
        c = self.campaign
        self.checks.update_party([m.character for m in c.members], c.eddies, self._hurt(), self._morning_started())
        self.checks.day = c.day

    def checks_drawn(self) -> None:
        """Cards were drawn at the skill-check table: the decks changed, so the save must keep them."""
        self.changed.emit()

    # --- reading ---

    @property
    def game(self) -> Game | None:
        return self.session.game if self.session is not None else None

    def names(self) -> dict[str, str]:
        """Member id to character name, for putting events into words."""
        return {m.id: m.character.name for m in self.campaign.members}

    # --- changing the campaign ---

    def change(self, change: Change) -> list[CampaignEvent]:
        """Run one campaign function; its events go to the log. A RulesError or ValueError leaves everything as was."""
        result = change(self.campaign)
        self.campaign, events = result if isinstance(result, tuple) else (result, [])
        self.sync_checks()
        self._note(events)
        self.changed.emit()
        return events

    def replace_campaign(self, campaign: cp.Campaign, events: list[CampaignEvent] | None = None) -> None:
        """Take a campaign a character sheet already changed through the campaign functions, and its events."""
        self.campaign = campaign
        self.sync_checks()
        self._note(events or [])
        self.changed.emit()

    def _note(self, events: list[CampaignEvent]) -> None:
        names = self.names()
        self.log += [event_line(e, names) for e in events]

    # --- fights ---

    def begin_fight(self, plan: fp.FightPlan, bestiary: dict[str, AdversaryKind]) -> Session:
        """Start the planned fight (ValueError when it cannot start) and keep its Session.

        With a ``keeper`` the fight is kept from its opening on: every step and undo goes to its recorder.
        """
        reason = fp.plan_refusal(self.campaign, plan)
        if reason is not None:
            raise ValueError(reason)
        fighters = tuple(fp.fighter_setups(self.campaign, plan))
        day = self.campaign.clock.day  # once-per-Day uses in the fight are stamped with it (daily.py)
        setup = CombatSetup(plan.seed, plan.room_size, fighters, tuple(plan.adversaries), bestiary, day=day)
        state, events = setup.start()
        recorder = self.keeper.begin_fight(setup) if self.keeper is not None else None
        self.plan = plan
        return self.resume_fight(Game(state, events), recorder)

    def resume_fight(self, game: Game, recorder: Recorder | None = None, answered: Iterable[int] = (),
                     played_before: int = 0, opening: CombatState | None = None) -> Session:  # fmt: skip
        """Put a fight on the table: a new one, or one loaded from a save where it stopped (``answered``,
        ``played_before`` and ``opening`` as ``Session`` takes them, so it goes on as it did before the save)."""
        self.session = Session(game, recorder, answered=answered, played_before=played_before, opening=opening)
        self.session.state_did_change.connect(lambda _events: self.changed.emit())
        self.changed.emit()
        return self.session

    def set_solo(self, journal: SoloJournal) -> None:
        """The solo dock's journal changed: keep it with the playthrough (and so in the save)."""
        if journal != self.solo:
            self.solo = journal
            self.changed.emit()

    def end_fight(self) -> FightReport:
        """Read the finished fight into the campaign and forget the table; returns what the summary shows."""
        if self.session is None or self.session.state.phase is not Phase.OVER:
            raise ValueError("There is no finished fight to conclude.")
        state = self.session.state
        names = self.names()
        self.campaign, summary, events = fp.after_fight(self.campaign, state)
        self._note(events)
        report = FightReport(
            len(self.finished) + 1,
            state.result or "over",
            summary,
            supremacy_gain(summary),
            gain_reason(summary, names),
            self.campaign.supremacy,
            tuple(events),
            tuple(e for e in events if isinstance(e, EddyReplaced)),
            names,
            tuple(f"{a.name}: {a.fate or ('down' if a.hp <= 0 else 'still standing')}" for a in state.adversaries),
            state.round,
        )
        self.reports.append(report)
        self.finished.append(FinishedFight(report.number, report.result, report.gain))
        self.sync_checks()  # injuries the fight left shape checks; new Eddies draw from the Eddies' pile
        self.session = None
        self.changed.emit()
        return report
