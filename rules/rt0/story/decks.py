"""The skill-check decks as an immutable value: ``CheckTable`` thawed for one draw and frozen again.

The mutable ``CheckTable`` keeps doing every draw and every chance (one mechanism for the rules of checks); a
``CheckDecks`` is what a playthrough holds between ops, so an undo is the old value and nothing else.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ...seam import IllegalAction
from ..campaign.campaign import Campaign
from ..campaign.check_table import Attempt, Checker, CheckTable, KeptTable, read_kept
from ..campaign.skill_check import DayLedger, GroupResult, Outcome
from ..cards import CardId
from ..fight.deck import Pile, deck_cards
from . import ops


@dataclass(frozen=True, slots=True)
class FrozenPile:
    """A ``Pile`` that cannot change."""

    draw: tuple[CardId, ...]
    discard: tuple[CardId, ...] = ()
    shown: CardId | None = None
    removed_for_day: tuple[CardId, ...] = ()
    removed_for_good: tuple[CardId, ...] = ()

    @classmethod
    def of(cls, pile: Pile) -> FrozenPile:
        return cls(
            tuple(pile.draw),
            tuple(pile.discard),
            pile.shown,
            tuple(pile.removed_for_day),
            tuple(pile.removed_for_good),
        )

    def thaw(self) -> Pile:
        return Pile(
            list(self.draw), list(self.discard), self.shown, list(self.removed_for_day), list(self.removed_for_good)
        )


@dataclass(frozen=True, slots=True)
class CheckDecks:
    """Each checker's pile, the rng, the Day, the ledger, the retries' Corruption and the attempts made."""

    piles: tuple[tuple[str, FrozenPile], ...]
    rng_state: int
    day: int = 1
    ledger: tuple[tuple[str, int, Outcome], ...] = ()
    ledger_corruption: int = 0
    corruption_taken: tuple[tuple[str, int], ...] = ()
    history: tuple[Attempt, ...] = ()

    @classmethod
    def of(cls, table: CheckTable) -> CheckDecks:
        return cls(
            tuple((key, FrozenPile.of(pile)) for key, pile in table.piles.items()),
            table.rng_state,
            table.day,
            tuple((subject, day, outcome) for (subject, day), outcome in table.ledger.outcomes.items()),
            table.ledger.corruption,
            tuple(table.corruption_taken.items()),
            tuple(table.history),
        )

    def thaw(self, campaign: Campaign) -> CheckTable:
        """A mutable table for one draw: these decks, with the checkers as the party is now."""
        return self._table(dict(party_table(campaign, self.rng_state).checkers))

    def _table(self, checkers: dict[str, Checker]) -> CheckTable:
        return CheckTable(
            checkers,
            {key: pile.thaw() for key, pile in self.piles},
            self.rng_state,
            self.day,
            DayLedger({(s, d): o for s, d, o in self.ledger}, self.ledger_corruption),
            dict(self.corruption_taken),
            list(self.history),
        )

    @property
    def taken(self) -> Mapping[str, int]:
        return dict(self.corruption_taken)

    @property
    def last(self) -> Attempt | None:
        return self.history[-1] if self.history else None

    def kept(self) -> KeptTable:
        """The decks as a save keeps them (the checkers come from the party when they are read back)."""
        return self._table({}).kept()


def party_table(campaign: Campaign, seed: int) -> CheckTable:
    """A fresh table for the party as it is now (checkers, injuries, Morning Starts), shuffled from ``seed``."""
    hurt = {m.character.name: m.injuries.names for m in campaign.members}
    started = {m.character.name for m in campaign.members if m.morning_starts}
    return CheckTable.for_party(
        [m.character for m in campaign.members], campaign.eddies, seed, hurt, started, carried(campaign)
    )


def carried(campaign: Campaign) -> dict[str, tuple[str, ...]]:
    """What each character carries, by name: the check items act at the checks they name (ITM-*)."""
    return {m.character.name: m.items for m in campaign.members}


def fresh_decks(campaign: Campaign, seed: int) -> CheckDecks:
    """New decks for the party, shuffled from the seed, on the campaign's Day."""
    table = party_table(campaign, seed)
    table.day = campaign.day
    return CheckDecks.of(table)


def follow_party(decks: CheckDecks, campaign: Campaign, before: Campaign | None = None) -> CheckDecks:
    """The decks follow the campaign: its Day, and a pile for anyone new (piles and ledger stay as they are); with
    ``before``, cards that went onto a member's Headphones leave their pile and those that came off return to it."""
    table = decks.thaw(campaign)
    if before is not None:
        _follow_headphones(table, before, campaign)
    hurt = {m.character.name: m.injuries.names for m in campaign.members}
    started = {m.character.name for m in campaign.members if m.morning_starts}
    table.update_party([m.character for m in campaign.members], campaign.eddies, hurt, started, carried(campaign))
    table.day = campaign.day
    return CheckDecks.of(table)


def _follow_headphones(table: CheckTable, before: Campaign, after: Campaign) -> None:
    """ITM-HEADPHONES: a card on the Headphones is out of its owner's deck until it comes off (into a fight's hand,
    and back to the deck after it), so no card is ever in two places."""
    held_before = {m.id: set(m.headphones) for m in before.members}
    for m in after.members:
        checker = table.checkers.get(m.character.name)
        if checker is None or checker.pile not in table.piles:
            continue
        pile, now, was = table.piles[checker.pile], set(m.headphones), held_before.get(m.id, set())
        for card in now - was:
            for cards in (pile.draw, pile.discard):
                if card in cards:
                    cards.remove(card)
        owned = set(deck_cards(m.character.traits))
        for card in sorted(was - now):
            if card in owned and card not in pile.draw and card not in pile.discard and card != pile.shown:
                pile.discard.append(card)


def read_decks(data: Any, campaign: Campaign, seed: int) -> CheckDecks:
    """The decks a save kept (``CheckDecks.kept``); raises ValueError naming the field on a malformed record."""
    party = party_table(campaign, seed)
    party.day = campaign.day
    return CheckDecks.of(CheckTable.from_kept(read_kept(data), party))


def draw_on(table: CheckTable, op: ops.CheckOp) -> tuple[list[Attempt], GroupResult | None]:
    """Carry out one check op on a table (changing it): the attempts made, and a group check's verdict."""
    if isinstance(op, ops.DrawCheck):
        check = table.check_for(op.name, op.skill, op.base, op.edge, op.sight, op.purpose)
        return [table.attempt(op.name, op.skill, op.subject, check)], None
    if isinstance(op, ops.GroupCheck):
        return table.group(list(op.names), op.skill, op.subject, op.base, op.edge, op.everyone, op.sight)
    if isinstance(op, ops.HelpCheck):
        if not op.helpers:
            raise IllegalAction("Tick at least one helper.")
        return [table.help(name, op.skill, op.base, sight=op.sight)[0] for name in op.helpers], None
    if not table.history:
        raise IllegalAction("There is no check to retry.")
    return [table.retry(table.history[-1], hold=op.hold)], None
