"""A Playthrough as the save's campaign document, and back.

The document is what the between-fights screen needs to come back exactly: the Campaign (Day, Supremacy,
the party's sheets, injuries, Corruption, Eddies), the mode, the seed, the Day's log and fight record, the
solo journal, and whether a fight is on the table (the fight itself is the save's log, not this document).
"""

from __future__ import annotations

from typing import Any

from rt0table.desktop.flow.playthrough import FinishedFight, Mode, Playthrough
from rt0table.rules.loner.journal import JournalError
from rt0table.rules.rt0.campaign.campaign import Campaign
from rt0table.rules.rt0.campaign.check_table import CheckTable
from rt0table.rules.solo.journal_bridge import SoloJournal

DOC_VERSION = 1


class DocError(ValueError):
    """The document cannot be read back into a Playthrough; the message says what is wrong."""


def playthrough_doc(playthrough: Playthrough) -> dict[str, Any]:
    """JSON-ready; ``day`` at the top is what the load screen shows."""
    p = playthrough
    return {
        "version": DOC_VERSION,
        "day": p.campaign.day,
        "mode": p.mode.value,
        "seed": p.seed,
        "campaign": p.campaign.to_dict(),
        "log": list(p.log),
        "finished": [[f.number, f.result, f.gain] for f in p.finished],
        "fight_on": p.session is not None,
        "solo": p.solo.to_dict() if p.solo is not None else None,
        "checks": p.checks.to_dict(),
    }


def party_names(playthrough: Playthrough) -> list[str]:
    """The players' characters, for the load screen's "party" column."""
    return [m.character.name for m in playthrough.campaign.members]


def playthrough_from_doc(doc: dict[str, Any]) -> tuple[Playthrough, bool]:
    """The Playthrough the document describes (no fight on it yet), and whether a fight was on the table."""
    if doc.get("version") != DOC_VERSION:
        raise DocError(f"the party's record is in format {doc.get('version')!r}, which this version does not read")
    try:
        mode = Mode(doc["mode"])
        campaign = Campaign.from_dict(doc["campaign"])
        playthrough = Playthrough(mode, campaign, seed=int(doc["seed"]))
        playthrough.finished = [FinishedFight(int(n), str(r), int(g)) for n, r, g in doc.get("finished", [])]
        playthrough.checks = playthrough.fresh_checks()  # the party's checkers; the seed's decks for an old save
        kept = doc.get("checks")
        if kept is not None:
            playthrough.checks = CheckTable.from_dict(kept, playthrough.checks)
        playthrough.log = [str(line) for line in doc.get("log", [])] or playthrough.log
        solo = doc.get("solo")
        playthrough.solo = SoloJournal.from_dict(solo) if solo is not None else None
    except (KeyError, TypeError, ValueError, AttributeError, JournalError) as error:
        raise DocError(f"the party's record cannot be read ({error})") from None
    except RecursionError:
        raise DocError("the party's record cannot be read (it is nested too deeply)") from None
    return playthrough, bool(doc.get("fight_on"))
