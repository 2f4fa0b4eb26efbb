"""A Playthrough as the save's campaign document, and back.

The document is what the between-fights screen needs to come back exactly: the Campaign (Day, Supremacy,
the party's sheets, injuries, Corruption, Eddies), the mode, the seed, the Day's log and fight record, the
solo journal, the skill-check decks, today's food and sleep choices, the player's notes, and whether a fight is on
the table (the fight itself is the save's log, not this document). ``choices`` and ``notes`` came later: a document
without them reads as nobody having chosen or noted anything. ``lua`` (the Paradise Lua campaign: the party's place,
the places visited, quests, discipline, hosts, GM notes and the oracle deck) is there only when the playthrough is
set in Paradise Lua; a document without it is a playthrough of fights alone.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from rt0table.desktop.flow.playthrough import Mode, Playthrough
from rt0table.rules.loner.journal import JournalError
from rt0table.rules.paradise_lua.lua_campaign import decode_state, encode_state
from rt0table.rules.paradise_lua.world_content import shipped_world
from rt0table.rules.rt0.campaign.campaign import Campaign
from rt0table.rules.rt0.campaign.campaign_codec import read_campaign
from rt0table.rules.rt0.campaign.gm_asks import PowerRequest, asks_the_gm
from rt0table.rules.rt0.fight.serialize import decode, encode
from rt0table.rules.solo.journal_bridge import read_solo, write_solo
from rt0table.rules.story.chronicle import Line
from rt0table.rules.story.decks import fresh_decks, read_decks
from rt0table.rules.story.tale import DayChoices, FinishedFight, Note, Story

DOC_VERSION = 1


class DocError(ValueError):
    """The document cannot be read back into a Playthrough; the message says what is wrong."""


def playthrough_doc(playthrough: Playthrough) -> dict[str, Any]:
    """JSON-ready; ``day`` at the top is what the load screen shows."""
    return story_doc(playthrough.mode, playthrough.story)


def story_doc(mode: Mode, story: Story) -> dict[str, Any]:
    s = story
    return {
        "version": DOC_VERSION,
        "day": s.campaign.day,
        "mode": mode.value,
        "seed": s.seed,
        "campaign": encode(s.campaign),
        "log": list(s.log),
        "finished": encode(s.finished),
        "fight_on": s.fight is not None,
        "solo": write_solo(s.solo) if s.solo is not None else None,
        "checks": encode(s.checks.kept()),
        "choices": encode(s.choices),
        "notes": encode(s.notes),
        "chronicle": encode(s.chronicle),
        **({"request": encode(s.request)} if s.request is not None else {}),
        **({"lua": encode_state(s.lua)} if s.lua is not None else {}),
    }


def _request(raw: Any, campaign: Campaign) -> PowerRequest | None:
    """A power asked of the GM and not yet answered (absent in documents written before gm_asks)."""
    request: PowerRequest | None = decode(PowerRequest | None, raw, "request")
    if request is None:
        return None
    if not asks_the_gm(request.power):
        raise ValueError(f"request.power: {request.power!r} is not asked of the GM")
    campaign.member(request.member)  # KeyError names an unknown member
    return request


def party_names(playthrough: Playthrough) -> list[str]:
    """The players' characters, for the load screen's "party" column."""
    return [m.character.name for m in playthrough.campaign.members]


def playthrough_from_doc(doc: dict[str, Any]) -> tuple[Playthrough, bool]:
    """The Playthrough the document describes (no fight on it yet), and whether a fight was on the table."""
    if doc.get("version") != DOC_VERSION:
        raise DocError(f"the party's record is in format {doc.get('version')!r}, which this version does not read")
    try:
        mode = Mode(doc["mode"])
        story = story_from_doc(doc)
    except (KeyError, TypeError, ValueError, AttributeError, JournalError) as error:
        raise DocError(f"the party's record cannot be read ({error})") from None
    except RecursionError:
        raise DocError("the party's record cannot be read (it is nested too deeply)") from None
    return Playthrough(mode, story.campaign, story=story), bool(doc.get("fight_on"))


def story_from_doc(doc: dict[str, Any]) -> Story:
    """The playthrough's value as the document describes it, with no fight on the table."""
    campaign = read_campaign(doc["campaign"])
    seed = int(doc["seed"])
    finished: tuple[FinishedFight, ...] = decode(tuple[FinishedFight, ...], doc.get("finished", []), "finished")
    kept = doc.get("checks")
    shuffle = seed + len(finished)  # an old save kept no decks: the seed's, as dealt after its fights
    checks = read_decks(kept, campaign, shuffle) if kept is not None else fresh_decks(campaign, shuffle)
    solo = doc.get("solo")
    notes: tuple[Note, ...] = decode(tuple[Note, ...], doc.get("notes", []), "notes")
    story = Story(
        str(doc["mode"]),
        seed,
        campaign,
        checks,
        decode(DayChoices, doc.get("choices") or {}, "choices"),
        solo=read_solo(solo) if solo is not None else None,
        notes=notes,
        finished=finished,
        log=tuple(str(line) for line in doc.get("log", [])),
        next_note=max((n.id for n in notes), default=0) + 1,
        chronicle=decode(tuple[Line, ...], doc.get("chronicle", []), "chronicle"),
        request=_request(doc.get("request"), campaign),
        lua=decode_state(shipped_world(), doc["lua"]) if doc.get("lua") is not None else None,
    )
    if not story.log:
        party = ", ".join([*(m.character.name for m in campaign.members), *(e.name for e in campaign.eddies)])
        story = replace(story, log=(f"Day {campaign.day}. The party: {party}.",))
    return story
