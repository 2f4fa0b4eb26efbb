"""The parties of the saved games, as lab parties: listed from the save headers, each read from its save when used."""

from __future__ import annotations

from rt0table.desktop.flow.resume import restore
from rt0table.desktop.lab.lab_setups import Party, PartyChoice, campaign_party
from rt0table.desktop.saves import SaveStore
from rt0table.rules.rt0.campaign import campaign as cp
from rt0table.rules.rt0.fight.engine import FighterSetup


def saved_parties(store: SaveStore) -> list[PartyChoice]:
    """One choice per readable RT:0 save, newest played first; nothing is read from a save until it is picked."""
    choices = []
    for summary in store.list_games():
        if summary.problem is not None or summary.ruleset != "rt0" or not summary.players:
            continue
        day = f" (Day {summary.day})" if summary.day is not None else ""
        label = f"Saved game: {', '.join(summary.players)}{day}"
        choices.append(PartyChoice(label, _reader(store, summary.game_id, label)))
    return choices


def saved_campaign(store: SaveStore, game_id: str) -> cp.Campaign:
    """The campaign a save holds now (SaveError, naming the file, when it cannot be read)."""
    return restore(store.load(game_id)).playthrough.campaign


def _reader(store: SaveStore, game_id: str, label: str) -> Party:
    held: list[PartyChoice] = []

    def party(room: int) -> tuple[FighterSetup, ...]:
        if not held:
            held.append(campaign_party(saved_campaign(store, game_id), label))
        return held[0].party(room)

    return party
