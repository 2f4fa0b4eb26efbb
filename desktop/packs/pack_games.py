"""Every game that has content packs, by the key its saves and packs use; the new-game screen asks here."""

from __future__ import annotations

from rt0table.desktop.moons_grave.mg_pack_kinds import MOONS_GRAVE
from rt0table.desktop.packs.pack_library import PackListing, available_packs
from rt0table.desktop.packs.pack_schema import PackGame

PACK_GAMES: dict[str, PackGame] = {MOONS_GRAVE.game: MOONS_GRAVE}


def packs_for(game: str) -> list[PackListing]:
    """The packs a new game of ``game`` may start with: the shipped house pack first, then the user's (broken ones
    listed with their error, so the screen can say why they cannot be picked)."""
    if game not in PACK_GAMES:
        raise KeyError(f"'{game}' has no content packs (known: {', '.join(sorted(PACK_GAMES))})")
    return available_packs(PACK_GAMES[game])
