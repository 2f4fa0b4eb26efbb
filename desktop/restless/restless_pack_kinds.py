"""The Restless's pack as the shared pack editor sees it: one kind per deck (``<deck>.json``, its cards listed under
``cards``), each deck's columns as typed fields, and the whole-pack check of ``rules/restless/rs_pack``.

The editor edits packs in JSON form; on disk a pack keeps its own forms (``load_disk``/``dump_disk``): a folder or
zip of CSV or JSON decks and images/ imports through the game's reader, and is saved and exported with each deck in
the form it came in (a copy of the practice pack, in CSV). The live preview draws the card with the table's
``paint_face``, from its scan when the pack's images/ holds it.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from PySide6.QtCore import QRectF
from PySide6.QtGui import QPainter, QPixmap

from rt0table.desktop.packs.pack_schema import (
    CHOICE,
    FLAG,
    INTEGER,
    LONG_TEXT,
    Exchange,
    FacePainter,
    Field,
    Files,
    Kind,
    PackGame,
)
from rt0table.desktop.restless.restless_scene import fresh_note, paint_face
from rt0table.rules.packs.content_pack import ContentPack, PackError, canonical_json
from rt0table.rules.restless.rs_cards import DECK_KINDS, DECKS, ITEM_TYPES, ROLLS, TARGET_TYPES
from rt0table.rules.restless.rs_pack import (
    IMAGE_NAME,
    IMAGES,
    RsPack,
    as_form,
    deck_columns,
    forms_of,
    pack_files,
    read_card,
    read_pack_files,
    zip_members,
)
from rt0table.rules.restless.rs_practice import practice_pack

GAME = "restless"
_INTEGERS = {
    "copies", "unarmed_attack", "inventory_size", "max_weight", "health", "counters", "damage", "shots", "armor",
    "weight", "value", "realm", "encounters", "wares", "attack", "die_defense", "drop_rerolls", "drop_loot",
    "drop_treasure",
}  # fmt: skip
_FLAGS = {"active", "rest_symbol", "trader", "chain_magic"}
_CHOICES: dict[str, tuple[str, ...]] = {
    "source": ("house", "owner", "book"),
    "item_type": ITEM_TYPES,
    "roll": ROLLS,
    "target_type": TARGET_TYPES,
}
_HINTS = {
    "effects": "the engine's effect words, e.g. 'heal 2; rerolls 1'; 'manual' when the text is applied by hand",
    "attacks": "failed roll ranges and damage, e.g. '1-5:4; 6-9:2 chain'",
    "image": "a file in the pack's images/ folder (a scan of your own card), or empty to draw the face",
    "source": "house: the table's own; owner: from your own copy of the game",
}


def _field(deck: str, name: str) -> Field:
    required = name in ("id", "name") or (name == "kind" and len(DECK_KINDS[deck]) > 1)
    hint = _HINTS.get(name, "")
    if name == "kind":
        return Field(name, CHOICE, optional=not required, choices=DECK_KINDS[deck])
    if name in _INTEGERS:
        return Field(name, INTEGER, optional=True, hint=hint)
    if name in _FLAGS:
        return Field(name, FLAG, optional=True, hint=hint)
    if name in _CHOICES:
        return Field(name, CHOICE, optional=name != "source", choices=_CHOICES[name], hint=hint)
    if name in ("text", "effects", "death_effect", "attacks"):
        return Field(name, LONG_TEXT, optional=True, hint=hint)
    return Field(name, optional=not required, hint=hint)


def _template(deck: str) -> dict[str, object]:
    kind = DECK_KINDS[deck][0]
    return {"id": f"new-{deck}", "name": "New card", "kind": kind, "source": "owner"}


KINDS = tuple(
    Kind(
        deck.replace("-", " ").capitalize(),
        f"{deck}.json",
        tuple(_field(deck, name) for name in deck_columns(deck)),
        list_field="cards",
        template=lambda deck=deck: _template(deck),  # type: ignore[misc]
    )
    for deck in DECKS
)


def check_pack(pack: ContentPack) -> RsPack:
    """The editor's files through the game's own reader and deck checks (errors name the file, card and field).

    The editor holds the decks, not the images: an image a card names is taken to be in the pack's images/ here,
    and checked against the folder when the pack is written (``dump_disk``)."""
    raw = {name: canonical_json(value).encode("utf-8") for name, value in pack.files.items()}
    named = {
        card["image"]
        for value in pack.files.values()
        if isinstance(value, dict) and isinstance(value.get("cards"), list)
        for card in value["cards"]
        if isinstance(card, dict) and isinstance(card.get("image"), str) and IMAGE_NAME.fullmatch(card["image"])
    }
    return read_pack_files({**raw, **{IMAGES + name: b"" for name in named}})


def practice_files() -> Mapping[str, bytes]:
    """The practice pack's files in JSON form (its images left out: the editor edits data)."""
    files = pack_files(as_form(practice_pack(), "json"))
    return {name: data for name, data in files.items() if name.endswith(".json")}


def card_face(title: str, entry: Any, files: Files, folder: Path | None) -> FacePainter | str:
    """The entry's face as the table draws it when the card comes to the table (a Character with its full Health):
    its scan from the pack's images/ when it has one, else drawn from its fields; an entry the reader refuses gives
    the reader's own words instead."""
    deck = next(k.file.removesuffix(".json") for k in KINDS if k.title == title)
    try:
        card = read_card(deck, entry)
    except PackError as error:
        return str(error)
    scan: QPixmap | None = None
    if card.image and folder is not None and (folder / IMAGES / card.image).is_file():
        scan = QPixmap(str(folder / IMAGES / card.image))

    def paint(painter: QPainter, box: QRectF) -> None:
        paint_face(painter, box, card, fresh_note(card), image=scan)

    return paint


def load_disk(raw: Mapping[str, bytes]) -> dict[str, bytes]:
    """A pack as found (CSV or JSON decks, images/; other files left alone) through the game's reader and deck
    checks, as the editor's JSON files; its images stay on disk."""
    found = {n: d for n, d in raw.items() if ("/" not in n and n.endswith((".json", ".csv"))) or n.startswith(IMAGES)}
    files = pack_files(as_form(read_pack_files(found), "json"))
    return {name: data for name, data in files.items() if not name.startswith(IMAGES)}


def dump_disk(files: Mapping[str, bytes], disk: Mapping[str, bytes]) -> dict[str, bytes]:
    """The editor's files written as the game writes a pack: each deck in the form it was found in, the images
    kept, canonical bytes (so a pack this app wrote comes back byte for byte)."""
    images = {name: data for name, data in disk.items() if name.startswith(IMAGES)}
    return pack_files(forms_of(read_pack_files({**files, **images}), disk))


RESTLESS = PackGame(
    GAME,
    "The Restless",
    ("restless", "practice"),
    KINDS,
    check_pack,
    house_files=practice_files,
    preview=card_face,
    exchange=Exchange(load_disk, dump_disk, zip_members),
)
