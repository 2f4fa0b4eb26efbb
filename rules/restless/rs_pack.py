"""A Restless card pack: a folder (or a zip of one) with ``pack.json``, one CSV or JSON file per deck, and ``images/``.

Read strictly through the shared pack layer (``packs.content_pack``: strict JSON, errors naming the file, the card
and the field); CSV files are what a spreadsheet saves. Writing is canonical, so a pack this module wrote reads back
and writes again byte for byte, and a spreadsheet's CSV imports, plays and exports with every field equal.
"""

from __future__ import annotations

import csv
import io
import json
import re
import zipfile
from collections.abc import Mapping
from dataclasses import dataclass, fields, replace
from typing import Any

from ..packs.content_pack import FORMAT, MAX_FILE_BYTES, MAX_FILES, Entry, PackError, parse_file, problem
from .rs_cards import (
    BONUS_ROLLS,
    COMMON_FIELDS,
    DECK_KINDS,
    DECKS,
    ITEM_TYPES,
    KIND_FIELDS,
    REALM_DECKS,
    TARGET_TYPES,
    Card,
    EffectNotationError,
    format_attacks,
    format_effects,
    instance_ids,
    parse_attacks,
    parse_effects,
)

GAME = "restless"
MANIFEST = "pack.json"
IMAGES = "images/"
IMAGE_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,80}\.(png|jpg|jpeg)")
CARD_ID = re.compile(r"[a-z0-9][a-z0-9-]{0,60}")
OPTIONAL_DECKS = ("status-effects",)
# The least each deck must hold for the set-up and one game (L38-L44, L79, L81).
LEAST = {"characters": 6, "starter-items": 6, "rests": 3, "traitor-gods": 1, **{d: 1 for d in REALM_DECKS}}
NOTHING_IN_BOOK = 33  # L101
_DEFAULTS = {f.name: f.default for f in fields(Card)}
_INTS = {name for name, value in _DEFAULTS.items() if isinstance(value, int) and not isinstance(value, bool)}
_BOOLS = {name for name, value in _DEFAULTS.items() if isinstance(value, bool)}
_TRUE, _FALSE = ("true", "yes", "y", "1", "x"), ("false", "no", "n", "0")


@dataclass(frozen=True, slots=True)
class Deck:
    name: str
    form: str  # "csv" or "json": a pack is written back in the form it came in
    cards: tuple[Card, ...]

    @property
    def file(self) -> str:
        return f"{self.name}.{self.form}"


@dataclass(frozen=True, slots=True)
class RsPack:
    name: str
    version: int
    source: str
    notes: str
    decks: tuple[Deck, ...]
    images: tuple[tuple[str, bytes], ...] = ()

    def deck(self, name: str) -> tuple[Card, ...]:
        return next((d.cards for d in self.decks if d.name == name), ())

    def cards(self) -> tuple[Card, ...]:
        return tuple(card for deck in self.decks for card in deck.cards)


def deck_columns(deck: str) -> tuple[str, ...]:
    """A deck file's columns: the common ones, then each kind's in the order of ``KIND_FIELDS``."""
    columns = list(COMMON_FIELDS)
    for kind in DECK_KINDS[deck]:
        columns += [f for f in KIND_FIELDS[kind] if f not in columns]
    return tuple(columns)


# ---- reading ----


def read_pack_files(raw: Mapping[str, bytes]) -> RsPack:
    """Every file of a pack by its path inside the pack (``characters.csv``, ``images/x.png``)."""
    if len(raw) > MAX_FILES * 4:
        raise PackError(f"a pack holds at most {MAX_FILES * 4} files; this one has {len(raw)}")
    if MANIFEST not in raw:
        raise PackError(f"{MANIFEST}: missing; every pack has a manifest naming its format, game, name and version")
    manifest = Entry(MANIFEST, "", parse_file(MANIFEST, raw[MANIFEST]))
    manifest.only("format", "game", "name", "version", "source", "notes")
    if manifest.text("format") != FORMAT:
        raise problem(MANIFEST, "", "format", f"must be '{FORMAT}'")
    if manifest.text("game") != GAME:
        raise problem(MANIFEST, "", "game", f"is '{manifest.text('game')}', but this pack is read as '{GAME}'")
    images = tuple(sorted((p[len(IMAGES) :], data) for p, data in raw.items() if p.startswith(IMAGES)))
    for name, _ in images:
        if not IMAGE_NAME.fullmatch(name):
            raise problem(IMAGES + name, "", "", "is not an image name (letters, digits, - _ . and .png or .jpg)")
    decks: list[Deck] = []
    known = {f"{d}.{form}" for d in DECKS for form in ("csv", "json")}
    for path in sorted(raw):
        if path == MANIFEST or path.startswith(IMAGES):
            continue
        if path not in known:
            raise PackError(f"{path}: not a deck of The Restless (decks: {', '.join(DECKS)}; .csv or .json)")
        deck, form = path.rsplit(".", 1)
        if any(d.name == deck for d in decks):
            raise PackError(f"{path}: the deck '{deck}' is given twice (as .csv and .json); keep one")
        rows = _csv_rows(path, raw[path]) if form == "csv" else _json_rows(path, raw[path])
        cards = tuple(_card(path, deck, row, place, form == "csv") for place, row in enumerate(rows, 1))
        decks.append(Deck(deck, form, cards))
    pack = RsPack(
        manifest.text("name"),
        manifest.integer("version", low=1),
        manifest.choice("source", ("book", "house", "owner"), "owner"),
        manifest.value.get("notes", "") if isinstance(manifest.value.get("notes", ""), str) else "",
        tuple(sorted(decks, key=lambda d: DECKS.index(d.name))),
        images,
    )
    check_decks(pack)
    return pack


def _csv_rows(path: str, data: bytes) -> list[dict[str, Any]]:
    if len(data) > MAX_FILE_BYTES:
        raise problem(path, "", "", f"is {len(data):,} bytes; a pack file may hold at most {MAX_FILE_BYTES:,}")
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]  # spreadsheets often begin UTF-8 CSV with a byte-order mark
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise problem(path, "", "", f"is not UTF-8 text (byte {error.start}); save the sheet as UTF-8 CSV") from None
    reader = csv.reader(io.StringIO(text, newline=""))
    try:
        table = [row for row in reader if any(cell.strip() for cell in row)]
    except csv.Error as error:
        raise problem(path, "", "", f"is not readable CSV (line {reader.line_num}: {error})") from None
    if not table:
        raise problem(path, "", "", "is empty; the first row names the columns")
    header = [h.strip() for h in table[0]]
    if len(set(header)) != len(header):
        raise problem(path, "", "", "names a column twice in its first row")
    rows = []
    for line, cells in enumerate(table[1:], 2):
        if len(cells) > len(header) and any(c.strip() for c in cells[len(header) :]):
            raise problem(path, f"row {line}", "", f"has {len(cells)} cells but the first row names {len(header)}")
        rows.append({h: c.strip() for h, c in zip(header, cells, strict=False) if h and c.strip()})
    return rows


def _json_rows(path: str, data: bytes) -> list[Any]:
    outer = Entry(path, "", parse_file(path, data))
    outer.only("cards")
    cards = outer.raw("cards")
    if not isinstance(cards, list):
        raise problem(path, "", "cards", "must be a list of cards")
    return cards


def read_card(deck: str, row: Any, place: int = 1) -> Card:
    """One card of ``deck`` as the JSON form holds it (the pack editor's preview); a PackError names the field."""
    return _card(f"{deck}.json", deck, row, place, sheet=False)


def _card(path: str, deck: str, row: Any, place: int, sheet: bool) -> Card:
    named = row.get("id") if isinstance(row, dict) else None
    entry = Entry(path, f"card '{named}'" if isinstance(named, str) and named else f"card #{place}", row)
    kinds = DECK_KINDS[deck]
    kind = entry.choice("kind", kinds, kinds[0] if len(kinds) == 1 else None)
    if sheet:  # a sheet fills another kind's columns with 0 or FALSE: those say nothing, so they are dropped
        own = {*COMMON_FIELDS, *KIND_FIELDS[kind]}
        entry.value = {k: v for k, v in entry.value.items() if k in own or v.lower() not in ("0", *_FALSE)}
    entry.only(*COMMON_FIELDS, *KIND_FIELDS[kind])
    values: dict[str, Any] = {"kind": kind, "deck": deck}
    card_id = entry.text("id")
    if not CARD_ID.fullmatch(card_id):
        raise entry.fail("id", f"'{card_id}' must be lower-case letters, digits and -")
    values["id"] = card_id
    values["name"] = entry.text("name")
    values["source"] = entry.choice("source", ("book", "house", "owner"), "owner")
    for name in ("copies", *KIND_FIELDS[kind], "text", "image", "effects"):
        if name in entry.value and name not in ("kind",):
            values[name] = _field(entry, name)
    return _checked(entry, Card(**values))


def _field(entry: Entry, name: str) -> Any:
    value = entry.value[name]
    if name in ("effects", "death_effect", "attacks"):
        if not isinstance(value, str):
            raise entry.fail(name, "must be text, e.g. 'heal 2; rerolls 1'")
        try:
            return parse_attacks(value) if name == "attacks" else parse_effects(value)
        except EffectNotationError as error:
            raise entry.fail(name, str(error)) from None
    if name in _INTS:
        if isinstance(value, str):
            try:
                value = int(value)
            except ValueError:
                raise entry.fail(name, f"'{value}' is not a whole number") from None
        if isinstance(value, bool) or not isinstance(value, int):
            raise entry.fail(name, "must be a whole number")
        return value
    if name in _BOOLS:
        if isinstance(value, str) and value.lower() in _TRUE + _FALSE:
            return value.lower() in _TRUE
        if not isinstance(value, bool):
            raise entry.fail(name, "must be true or false")
        return value
    if not isinstance(value, str):
        raise entry.fail(name, "must be text")
    return value


def _checked(entry: Entry, card: Card) -> Card:
    """The numbers and words each kind needs; errors name the field."""

    def need(name: str, ok: bool, what: str) -> None:
        if not ok:
            raise entry.fail(name, what)

    need("copies", 1 <= card.copies <= 60, f"is {card.copies}; a card has 1 to 60 copies")
    need("image", not card.image or IMAGE_NAME.fullmatch(card.image) is not None, "must name a file in images/")
    if card.kind == "character":
        need("health", 1 <= card.health <= 99, "a Character needs 1 to 99 Health")
        need("unarmed_attack", 0 <= card.unarmed_attack <= 99, "must be 0 to 99")
        need("inventory_size", 0 <= card.inventory_size <= 20, "must be 0 to 20")
        need("max_weight", 0 <= card.max_weight <= 99, "must be 0 to 99")
    if card.kind == "item":
        need("item_type", card.item_type in ITEM_TYPES, f"must be one of {', '.join(ITEM_TYPES)}")
        need("roll", card.roll in ("", "combat", "ranged"), "a Spell rolls combat or ranged")
        need("shots", 1 <= card.shots <= 10, "must be 1 to 10")
        for name in ("counters", "damage", "armor", "weight", "value"):
            need(name, 0 <= getattr(card, name) <= 99, "must be 0 to 99")
    if card.kind == "realm":
        number = REALM_DECKS.index(card.deck) + 1
        need("realm", card.realm == number, f"is {card.realm} but the card is in the Realm {number} deck")
        need("encounters", 0 <= card.encounters <= 12, "must be 0 (the usual 4) to 12")
    if card.kind in ("target", "god"):
        need("die_defense", 1 <= card.die_defense <= 21, "must be 1 to 21")
        need("health", 1 <= card.health <= 999, "must be 1 to 999")
    if card.kind == "target":
        need("target_type", card.target_type in TARGET_TYPES, f"must be one of {', '.join(TARGET_TYPES)}")
        need("attack", 0 <= card.attack <= 99, "must be 0 to 99")
        for name in ("drop_rerolls", "drop_loot", "drop_treasure"):
            need(name, 0 <= getattr(card, name) <= 9, "must be 0 to 9")
    if card.kind == "god":
        covered = [n for a in card.attacks for n in range(a.low, a.high + 1)]
        gaps = [n for n in range(1, card.die_defense) if n not in covered]
        need("attacks", not gaps, f"says nothing for a failed roll of {gaps[0] if gaps else 0}")
        need("attacks", len(covered) == len(set(covered)), "two ranges share a roll")
    if card.kind == "encounter":
        need("wares", 0 <= card.wares <= 9 and (card.trader or not card.wares), "only a Trader has 0 to 9 wares")
    for field_name in ("effects", "death_effect"):
        for effect in getattr(card, field_name):
            need(field_name, effect.roll in ("", *BONUS_ROLLS), f"roll '{effect.roll}' is not one of {BONUS_ROLLS}")
            need(field_name, effect.deck in ("", "loot", "treasure"), "a pick or draw comes from loot or treasure")
            need(field_name, effect.do != "status" or bool(effect.name), "a status effect names its card")
            need(field_name, effect.do not in ("pick", "draw") or bool(effect.deck), "says which deck (deck=)")
    return card


def check_cards(cards: tuple[Card, ...], where: str = "setup.cards") -> None:
    """A game's own copy of its cards (a save's set-up), each checked as the reader checks a pack's card: a
    PackError naming the copy, the deck, the card and the field."""
    for card in cards:
        entry = Entry(f"{where} ({card.deck})", f"card '{card.id}'", {})
        if card.deck not in DECK_KINDS:
            raise entry.fail("deck", f"'{card.deck}' is not a deck of The Restless")
        if card.kind not in DECK_KINDS[card.deck]:
            raise entry.fail("kind", f"'{card.kind}' is not a kind of card in {card.deck}")
        if not CARD_ID.fullmatch(card.id):
            raise entry.fail("id", f"'{card.id}' must be lower-case letters, digits and -")
        _checked(entry, card)


def check_decks(pack: RsPack) -> None:
    """What the rules imply of the decks as a whole (RS-LOOT-DECK, RS-REALM-ENCOUNTERS …)."""
    present = {d.name: d for d in pack.decks}
    for wanted in DECKS:
        if wanted not in present and wanted not in OPTIONAL_DECKS:
            raise PackError(f"{wanted}.csv: missing; a pack has one file per deck ({', '.join(DECKS)})")
    seen: dict[str, str] = {}
    for deck in pack.decks:
        for card in deck.cards:
            for instance in instance_ids(card):
                if instance in seen:
                    raise problem(deck.file, f"card '{card.id}'", "id", f"is also used in {seen[instance]}")
                seen[instance] = deck.file
        count = sum(c.copies for c in deck.cards)
        if count < LEAST.get(deck.name, 0):
            raise PackError(f"{deck.file}: holds {count} cards; the game needs at least {LEAST[deck.name]}")
    images = {name for name, _ in pack.images}
    statuses = {c.id for c in pack.deck("status-effects")}
    for deck in pack.decks:
        for card in deck.cards:
            if card.image and card.image not in images:
                raise problem(deck.file, f"card '{card.id}'", "image", f"'{card.image}' is not in images/")
            for effect in (*card.effects, *card.death_effect):
                if effect.do == "status" and effect.name not in statuses:
                    raise problem(deck.file, f"card '{card.id}'", "effects", f"no status effect '{effect.name}'")
    loot = pack.deck("loot")
    if not any(c.kind == "nothing" for c in loot):
        raise PackError(f"loot: holds no Nothing card; the book's Loot deck has {NOTHING_IN_BOOK} among its items")
    if not any(c.kind == "item" for c in loot) or not any(c.kind == "item" for c in pack.deck("treasure")):
        raise PackError("loot and treasure: each needs at least one item to find")
    encounters = pack.deck("encounters")
    targets = sum(c.copies for c in encounters if c.kind == "target")
    if not targets:
        raise PackError("encounters: holds no Target; Combat Encounters are Targets and a Realm needs them")
    need = max([4, *(c.encounters for d in REALM_DECKS for c in pack.deck(d))])
    total = sum(c.copies for c in encounters)
    if total < need:
        raise PackError(f"encounters: holds {total} cards; a Realm lays out {need}")


def read_pack_zip(data: bytes, label: str = "pack.zip") -> RsPack:
    """A zipped pack; one top folder inside is allowed (a zipped pack folder)."""
    return read_pack_files(zip_members(data, label))


def zip_members(data: bytes, label: str = "pack.zip") -> dict[str, bytes]:
    """A zipped pack's files by their path inside the pack (one top folder inside is taken off); sizes checked."""
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
    except zipfile.BadZipFile:
        raise PackError(f"{label}: not a zip file") from None
    with archive:
        infos = [i for i in archive.infolist() if not i.is_dir()]
        tops = {i.filename.split("/", 1)[0] for i in infos if "/" in i.filename}
        prefix = ""
        if MANIFEST not in {i.filename for i in infos} and len(tops) == 1:
            prefix = f"{next(iter(tops))}/"
        raw: dict[str, bytes] = {}
        for info in infos:
            if info.file_size > MAX_FILE_BYTES:
                raise problem(
                    info.filename, "", "", f"is {info.file_size:,} bytes unpacked; at most {MAX_FILE_BYTES:,}"
                )
            name = info.filename[len(prefix) :] if info.filename.startswith(prefix) else info.filename
            try:
                raw[name] = archive.read(info)
            except (zipfile.BadZipFile, OSError, NotImplementedError, EOFError) as error:
                raise PackError(f"{label}: '{info.filename}' cannot be unpacked ({error})") from None
    return raw


# ---- writing ----


def _cell(card: Card, name: str) -> str:
    value = getattr(card, name)
    if name in ("effects", "death_effect"):
        return format_effects(value)
    if name == "attacks":
        return format_attacks(value)
    if value == _DEFAULTS[name]:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _written(card: Card, columns: tuple[str, ...]) -> dict[str, str]:
    """The card's fields as text; the kind's own fields only, defaults left blank."""
    own = set(COMMON_FIELDS) | set(KIND_FIELDS[card.kind])
    cells = {name: _cell(card, name) if name in own else "" for name in columns}
    cells["kind"], cells["id"], cells["name"], cells["source"] = card.kind, card.id, card.name, card.source
    return cells


def deck_csv(deck: Deck) -> bytes:
    columns = deck_columns(deck.name)
    out = io.StringIO(newline="")
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(columns)
    for card in deck.cards:
        cells = _written(card, columns)
        writer.writerow([cells[c] for c in columns])
    return out.getvalue().encode("utf-8")


def deck_json(deck: Deck) -> bytes:
    columns = deck_columns(deck.name)
    cards = []
    for card in deck.cards:
        cells = _written(card, columns)
        cards.append({c: cells[c] for c in columns if cells[c] != ""})
    typed = [{k: _typed(k, v) for k, v in card.items()} for card in cards]
    return (json.dumps({"cards": typed}, indent=1, ensure_ascii=False) + "\n").encode("utf-8")


def _typed(name: str, text: str) -> Any:
    if name in _INTS:
        return int(text)
    if name in _BOOLS:
        return text == "true"
    return text


def pack_files(pack: RsPack) -> dict[str, bytes]:
    """Every file of the pack as this app writes it: canonical bytes."""
    manifest = {"format": FORMAT, "game": GAME, "name": pack.name, "version": pack.version, "source": pack.source}
    if pack.notes:
        manifest["notes"] = pack.notes
    files = {MANIFEST: (json.dumps(manifest, indent=1, ensure_ascii=False) + "\n").encode("utf-8")}
    for deck in pack.decks:
        files[deck.file] = deck_csv(deck) if deck.form == "csv" else deck_json(deck)
    for name, data in pack.images:
        files[IMAGES + name] = data
    return files


def pack_zip(pack: RsPack) -> bytes:
    """The pack as zip bytes with fixed dates, so the same pack gives the same bytes."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in sorted(pack_files(pack).items()):
            info = zipfile.ZipInfo(name, date_time=(2000, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(info, data)
    return out.getvalue()


def forms_of(pack: RsPack, disk: Mapping[str, bytes]) -> RsPack:
    """The pack with each deck in the form ``disk`` holds it in (a pack's files as found); CSV for a deck it lacks,
    what a spreadsheet opens."""
    return replace(
        pack, decks=tuple(replace(d, form="json" if f"{d.name}.json" in disk else "csv") for d in pack.decks)
    )


def as_form(pack: RsPack, form: str) -> RsPack:
    """The same pack with every deck written as ``form`` (csv or json)."""
    return replace(pack, decks=tuple(replace(d, form=form) for d in pack.decks))
