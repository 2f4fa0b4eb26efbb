"""Moon's Grave's pack as the shared pack editor sees it: its files, kinds of entry, fields, the NPC paste box and the
live preview of the entries the table draws (``mg_pack_preview``)."""

from __future__ import annotations

import re
from typing import Any

from rt0table.desktop.moons_grave.mg_pack_preview import card_face
from rt0table.desktop.packs.pack_schema import (
    CHOICE,
    FLAG,
    INTEGER,
    JSON,
    KEYED,
    LONG_TEXT,
    SINGLE,
    TEXTS,
    Field,
    Files,
    Kind,
    PackGame,
    Paste,
)
from rt0table.rules.moons_grave.mg_book import ARTIFACTS, CLASSES, ROLLED, STATS, WEAPONS
from rt0table.rules.moons_grave.mg_pack import AFTERMATH, CATEGORIES, EFFECTS, GAME, NPC_DAMAGE, PERK_ON, read_mg_pack
from rt0table.rules.moons_grave.npc_notation import NotationError, parse_npc
from rt0table.rules.packs.content_pack import FORMAT

SOURCE = Field("source", CHOICE, choices=("book", "house"), hint="book: from the rulebook; house: the table's own")


def _ids(file: str, list_field: str, category: str = "") -> Any:
    """The ids of one list of the pack (perks of one category when asked), for a field that refers to them."""

    def ids(files: Files) -> tuple[str, ...]:
        top = files.get(file)
        held = top.get(list_field) if isinstance(top, dict) else None
        items = held if isinstance(held, list) else []
        return tuple(
            str(item["id"])
            for item in items
            if isinstance(item, dict) and "id" in item and (not category or item.get("category") == category)
        )

    return ids


def _new(**fields: Any) -> Any:
    return lambda: {**fields, "source": "house"}


KINDS = (
    Kind(
        "Perks",
        "perks.json",
        (
            Field("id"),
            Field("title", hint="a weapon perk has its weapon's name in the title"),
            Field("cost", INTEGER, hint="the ★ or ☠ it takes to trigger, 1 to 9"),
            Field("category", CHOICE, choices=CATEGORIES),
            Field(
                "on",
                CHOICE,
                choices=PERK_ON,
                hint="own_roll: paid by ★ on the owner's roll; enemy_roll: by ☠ on a roll against the owner",
            ),
            Field("effects", JSON, hint=f'a list of {{"do": …, "amount": 1-9}}; do is one of {", ".join(EFFECTS)}'),
            Field("text", LONG_TEXT),
            SOURCE,
            Field("weapon", CHOICE, optional=True, choices=tuple(WEAPONS)),
            Field("armour", CHOICE, optional=True, choices=_ids("gear.json", "armour")),
            Field("artifact", CHOICE, optional=True, choices=ARTIFACTS),
            Field("class", CHOICE, optional=True, choices=_ids("classes.json", "classes")),
        ),
        list_field="perks",
        template=_new(
            id="new-perk",
            title="New Perk",
            cost=1,
            category="combat",
            on="own_roll",
            effects=[{"do": "add_total", "amount": 1}],
            text="What it does, in a line.",
        ),
    ),
    Kind(
        "Employers",
        "employers.json",
        (Field("id"), Field("name"), Field("raises", CHOICE, choices=STATS), Field("benefit", LONG_TEXT), SOURCE),
        list_field="employers",
        template=_new(id="new-employer", name="New Employer", raises="Awareness", benefit="What they give."),
    ),
    Kind(
        "Classes",
        "classes.json",
        (
            Field("id"),
            Field("name", CHOICE, choices=CLASSES),
            Field("benefit", LONG_TEXT),
            Field("benefit_perk", CHOICE, optional=True, choices=_ids("perks.json", "perks", "class")),
            SOURCE,
        ),
        list_field="classes",
        template=_new(id="new-class", name="Warrior", benefit="What the class gives."),
    ),
    Kind(
        "Armour",
        "gear.json",
        (
            Field("id"),
            Field("name"),
            Field("kind", CHOICE, choices=("day", "night")),
            Field("heat", INTEGER, hint="0 to 9"),
            Field("perk", CHOICE, choices=_ids("perks.json", "perks", "armor")),
            SOURCE,
        ),
        list_field="armour",
        template=_new(id="new-armour", name="New Armour", kind="day", heat=1, perk=""),
    ),
    Kind(
        "Artifacts",
        "gear.json",
        (
            Field("id", CHOICE, choices=ARTIFACTS),
            Field("perk", CHOICE, choices=_ids("perks.json", "perks", "artifact")),
            SOURCE,
        ),
        list_field="artifacts",
        template=_new(id=ARTIFACTS[0], perk=""),
    ),
    Kind(
        "Gear packages",
        "gear.json",
        (
            Field("id"),
            Field("name"),
            Field("weapons", TEXTS, hint=f"comma-separated: {', '.join(WEAPONS)}"),
            Field("armour", CHOICE, optional=True, choices=_ids("gear.json", "armour")),
            Field("artifact", CHOICE, optional=True, choices=_ids("gear.json", "artifacts")),
            SOURCE,
        ),
        list_field="packages",
        template=_new(id="new-package", name="New Package", weapons=["Sword"]),
    ),
    Kind(
        "Soak tracks",
        "soak.json",
        (
            Field("id"),
            Field("name"),
            Field("capacity", INTEGER, hint="boxes, 1 to 99"),
            Field("kind", CHOICE, choices=("curse", "handicap")),
            Field("bleeding_out", FLAG, optional=True, hint="exactly one track is Bleeding Out"),
            Field("handicap", JSON, optional=True, hint='talent penalties, e.g. {"Strike": -1}; ' + ", ".join(ROLLED)),
            SOURCE,
        ),
        list_field="tracks",
        template=_new(id="new-track", name="New Track", capacity=2, kind="curse"),
    ),
    Kind(
        "NPCs",
        "npcs.json",
        (
            Field("line", hint="the book's notation: Name (N), Talent X, …"),
            Field("group"),
            SOURCE,
            Field("extra", JSON, optional=True, hint='more lines: [{"line": "Sword <Strike/Parry>", "source": …}]'),
        ),
        list_field="npcs",
        key="line",
        template=_new(line="New NPC (3)", group="Pasted"),
    ),
    Kind(
        "Table rules",
        "rules.json",
        (
            Field("attack", CHOICE, choices=ROLLED, hint="the corps à corps attack talent"),
            Field("defence", CHOICE, choices=ROLLED),
            Field("rule", CHOICE, choices=NPC_DAMAGE, hint="how NPCs take damage"),
            Field("steps", TEXTS, hint=f"the Aftermath in order: {', '.join(AFTERMATH)}"),
            Field("actions", INTEGER, hint="most actions one turn may plan"),
            Field("per_fight_survived", INTEGER),
            Field("per_flaw_drama", INTEGER),
            Field("weapon_perks_per_weapon", INTEGER),
            SOURCE,
        ),
        holds=KEYED,
    ),
    Kind(
        "Manifest",
        "pack.json",
        (
            Field("format", CHOICE, choices=(FORMAT,)),
            Field("game", CHOICE, choices=(GAME,)),
            Field("name"),
            Field("version", INTEGER),
            Field("source", CHOICE, optional=True, choices=("book", "house")),
            Field("notes", LONG_TEXT, optional=True),
        ),
        holds=SINGLE,
    ),
)


def _line_numbered(error: NotationError, first: int) -> str:
    """The reader's message with the pasted text's own line number in front."""
    message = str(error)
    found = re.search(r": line (\d+) ", message)
    if found is None:
        return f"line {first}: {message}"
    place = first + int(found.group(1)) - 1
    return f"line {place}: {message[: found.start()]}: {message[found.end() :]}"


def _blocks(text: str) -> list[tuple[int, list[str]]]:
    """Runs of non-blank lines, each with the number of its first line."""
    blocks: list[tuple[int, list[str]]] = []
    current: list[str] = []
    first = 0
    for number, line in enumerate(text.splitlines(), 1):
        if line.strip():
            first = number if not current else first
            current.append(line.strip())
        elif current:
            blocks.append((first, current))
            current = []
    if current:
        blocks.append((first, current))
    return blocks


def read_npc_paste(text: str) -> list[dict[str, Any]]:
    """NPC blocks in the book's notation (blank lines between them) as npcs.json entries; errors name the line."""
    entries: list[dict[str, Any]] = []
    for first, lines in _blocks(text):
        try:
            parse_npc("\n".join(lines))
        except NotationError as error:
            raise ValueError(_line_numbered(error, first)) from None
        entry: dict[str, Any] = {"line": lines[0], "group": "Pasted", "source": "book"}
        if lines[1:]:
            entry["extra"] = [{"line": line, "source": "book"} for line in lines[1:]]
        entries.append(entry)
    if not entries:
        raise ValueError("line 1: nothing to read; paste an NPC such as 'Deputy (3), Beckon 0'")
    return entries


MOONS_GRAVE = PackGame(
    GAME,
    "Moon's Grave",
    ("moons_grave", "house"),
    KINDS,
    read_mg_pack,
    (
        Paste(
            "Paste NPCs in the book's notation",
            "NPCs",
            read_npc_paste,
            "Lieutenant (4), Beckon 1, Evasion 5\nSword <Strike/Parry>",
        ),
    ),
    preview=card_face,
)
