"""The pack editor's live preview of a Moon's Grave entry, drawn by the table's own plates: an NPC as its card when a
fight begins, a perk as on the perk rail, a soak track as on a party sheet. An entry the game's reader refuses gets
the reader's words (file, entry, field) instead; kinds the table never draws say so.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import QRectF
from PySide6.QtGui import QPainter
from PySide6.QtWidgets import QStyleOptionGraphicsItem

from rt0table.desktop.moons_grave.mg_scene import (
    NPC_H,
    NPC_W,
    PERK_H,
    PERK_W,
    TRACK_H,
    TRACK_W,
    PerkCard,
    Plate,
    TrackItem,
    npc_card,
)
from rt0table.desktop.packs.pack_schema import FacePainter, Files
from rt0table.rules.moons_grave.mg_fight_setup import npc_fighter
from rt0table.rules.moons_grave.mg_pack import read_npc, read_perk, read_perks, read_rules, read_track
from rt0table.rules.moons_grave.mg_state import FOES, HouseDigest, MgState, Track
from rt0table.rules.packs.content_pack import ContentPack, Entry
from rt0table.rules.seam import RulesError

LARGEST = 2.0  # a plate is drawn at most twice its size on the table
# The kinds the table draws: their file, the list that holds them, the field that names one.
DRAWN = {
    "NPCs": ("npcs.json", "npcs", "line"),
    "Perks": ("perks.json", "perks", "id"),
    "Soak tracks": ("soak.json", "tracks", "id"),
}


def _entry(title: str, entry: Any, files: Files) -> Entry:
    """The entry as the pack's reader names it in its errors (``perks 'id'``, or its place when it has no name)."""
    file, listed, key = DRAWN[title]
    top = files.get(file)
    held = top.get(listed) if isinstance(top, dict) else None
    place = next((i for i, item in enumerate(held) if item is entry), 0) + 1 if isinstance(held, list) else 1
    named = entry.get(key) if isinstance(entry, dict) else None
    return Entry(file, f"{listed} '{named}'" if isinstance(named, str) else f"{listed} #{place}", entry)


def _npc_plate(entry: Entry, files: Files) -> Plate:
    """The NPC's card as the table shows it when a fight begins with it as the only foe (its own Beckon the pool)."""
    pack = ContentPack(files)
    perks = read_perks(pack)
    rules = read_rules(pack)
    npc = read_npc(entry, perks).npc
    fighter = npc_fighter(perks, npc, FOES, 1)
    house = HouseDigest(rules.corps_attack, rules.corps_defence, rules.npc_damage, rules.aftermath, rules.plan_limit,
                        False, False)  # fmt: skip
    state = MgState((fighter,), house, 0, pools=((FOES, npc.talent("Beckon")),))
    return npc_card(state, fighter, QRectF(0, 0, NPC_W, NPC_H))


def _plate(title: str, entry: Entry, files: Files) -> Plate:
    if title == "Perks":
        return PerkCard("", read_perk(entry), QRectF(0, 0, PERK_W, PERK_H))
    if title == "Soak tracks":
        soak = read_track(entry)
        track = Track(soak.id, soak.name, soak.capacity, soak.bleeding_out, soak.handicap)
        return TrackItem("", track, QRectF(0, 0, TRACK_W, TRACK_H))
    return _npc_plate(entry, files)


def card_face(title: str, entry: Any, files: Files, folder: Path | None) -> FacePainter | str:
    """The entry drawn as the table draws it, or why it cannot be (the reader's words, naming the field)."""
    if title not in DRAWN:
        return f"the table draws no {title.lower()}; only NPCs, perks and soak tracks have a face to preview"
    try:
        plate = _plate(title, _entry(title, entry, files), files)
    except RulesError as error:  # a PackError names the file, the entry and the field
        return str(error)

    def paint(painter: QPainter, box: QRectF) -> None:
        rect = plate.rect
        scale = min(LARGEST, box.width() / rect.width())
        painter.save()
        painter.translate(box.center().x() - rect.width() * scale / 2, box.top() + 4)
        painter.scale(scale, scale)
        plate.paint(painter, QStyleOptionGraphicsItem())
        painter.restore()

    return paint
