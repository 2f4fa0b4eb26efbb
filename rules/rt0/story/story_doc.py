"""A playthrough as its save's document, and back (RT:0's story codec).

The document is what the between-fights screen needs to come back exactly: the Campaign (Day, Supremacy,
the party's sheets, injuries, Corruption, Eddies), the mode, the seed, the Day's log and fight record, the
solo journal, the skill-check decks, today's food and sleep choices, the player's notes, and whether a fight is on
the table (the fight itself is the save's log, not this document). ``choices`` and ``notes`` came later: a document
without them reads as nobody having chosen or noted anything. ``lua`` (the Paradise Lua campaign: the party's place,
the places visited, quests, discipline, hosts, GM notes and the oracle deck) is there only when the playthrough is
set in Paradise Lua; a document without it is a playthrough of fights alone.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from ...loner.journal import JournalError
from ...paradise_lua.lua_campaign import decode_state, encode_state
from ...paradise_lua.world_content import shipped_world
from ...seam import RulesError
from ..campaign.campaign import Campaign
from ..campaign.campaign_codec import read_campaign
from ..campaign.gm_asks import PowerRequest, asks_the_gm
from ..fight.serialize import decode, encode
from ..solo.journal_bridge import read_solo, write_solo
from .chronicle import Line
from .decks import fresh_decks, read_decks
from .tale import DayChoices, FinishedFight, Mode, Note, Story

DOC_VERSION = 1


class DocError(RulesError):
    """The document cannot be read back into a Playthrough; the message says what is wrong."""


@dataclass(frozen=True, kw_only=True)
class PartyRecord:
    """The document as RT:0's one codec writes and reads it, in its keys' order: the top level typed, the parts the
    codec reads typed too, and the parts with readers of their own (the campaign with its range checks, the solo
    journal, the skill-check decks read against the campaign, the Paradise Lua campaign) kept as their JSON.
    ``request`` and ``lua`` came later and are left out while empty (``serialize.ADDED_LATER``); a document
    without a part that has a default reads as the part being empty."""

    version: int
    day: int  # the campaign's Day, for the load screen; the campaign's own is the one read back
    mode: Mode
    seed: int
    campaign: Any
    log: tuple[str, ...] = ()
    finished: tuple[FinishedFight, ...] = ()
    fight_on: bool = False
    solo: Any = None
    checks: Any = None
    choices: DayChoices = field(default_factory=DayChoices)
    notes: tuple[Note, ...] = ()
    chronicle: tuple[Line, ...] = ()
    request: PowerRequest | None = None
    lua: Any = None


def story_doc(story: Story) -> dict[str, Any]:
    """The playthrough as its document, JSON-ready; ``day`` at the top is what the load screen shows."""
    s = story
    record = PartyRecord(
        version=DOC_VERSION,
        day=s.campaign.day,
        mode=Mode(s.mode),
        seed=s.seed,
        campaign=encode(s.campaign),
        log=s.log,
        finished=s.finished,
        fight_on=s.fight is not None,
        solo=write_solo(s.solo) if s.solo is not None else None,
        checks=encode(s.checks.kept()),
        choices=s.choices,
        notes=s.notes,
        chronicle=s.chronicle,
        request=s.request,
        lua=encode_state(s.lua) if s.lua is not None else None,
    )
    doc: dict[str, Any] = encode(record)
    return doc


def _request(request: PowerRequest | None, campaign: Campaign) -> PowerRequest | None:
    """A power asked of the GM and not yet answered (absent in documents written before gm_asks)."""
    if request is None:
        return None
    if not asks_the_gm(request.power):
        raise ValueError(f"request.power: {request.power!r} is not asked of the GM")
    campaign.member(request.member)  # KeyError names an unknown member
    return request


def story_from_doc(doc: dict[str, Any]) -> Story:
    """The playthrough's value as the document describes it, with no fight on the table; a damaged field is a
    ``ValueError`` naming its path (``seed: expected a whole number, found '7'``)."""
    return _story(decode(PartyRecord, doc))


def _story(record: PartyRecord) -> Story:
    campaign = read_campaign(record.campaign)
    shuffle = record.seed + len(record.finished)  # an old save kept no decks: the seed's, as dealt after its fights
    kept = record.checks
    checks = read_decks(kept, campaign, shuffle) if kept is not None else fresh_decks(campaign, shuffle)
    story = Story(
        record.mode.value,
        record.seed,
        campaign,
        checks,
        record.choices,
        solo=read_solo(record.solo) if record.solo is not None else None,
        notes=record.notes,
        finished=record.finished,
        log=record.log,
        next_note=max((n.id for n in record.notes), default=0) + 1,
        chronicle=record.chronicle,
        request=_request(record.request, campaign),
        lua=decode_state(shipped_world(), record.lua) if record.lua is not None else None,
    )
    if not story.log:
        party = ", ".join([*(m.character.name for m in campaign.members), *(e.name for e in campaign.eddies)])
        story = replace(story, log=(f"Day {campaign.day}. The party: {party}.",))
    return story


def read_story(doc: dict[str, Any]) -> tuple[Story, bool]:
    """The playthrough the document describes (no fight on it yet), and whether a fight was on the table; a
    ``DocError`` says what is wrong."""
    if doc.get("version") != DOC_VERSION:
        raise DocError(f"the party's record is in format {doc.get('version')!r}, which this version does not read")
    try:
        record: PartyRecord = decode(PartyRecord, doc)
        story = _story(record)
    except (KeyError, TypeError, ValueError, AttributeError, JournalError) as error:
        raise DocError(f"the party's record cannot be read ({error})") from None
    except RecursionError:
        raise DocError("the party's record cannot be read (it is nested too deeply)") from None
    return story, record.fight_on
