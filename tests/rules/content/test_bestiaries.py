"""Bundled bestiaries load; house content is marked; a malformed file names file, entry and field (ADV-OTHERS)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from rt0table.assets.bundled import bundled_names, bundled_text
from rt0table.rules.rt0.content.adversaries import BestiaryError, load_bestiary

BUNDLED = bundled_names("adversaries", suffix=".json")
SKETCHED = {"drone", "robort", "otto_turret", "executare", "mr_surgeon", "arachnedrone", "company_muscle", "mob"}


def text_of(name: str) -> str:
    return bundled_text("adversaries", name)


@pytest.mark.rule("ADV-OTHERS")
@pytest.mark.parametrize("name", BUNDLED)
def test_every_bundled_bestiary_loads(name: str) -> None:
    kinds = load_bestiary(text_of(name), name)
    assert kinds
    for kind in kinds.values():
        assert set(kind.intents) == {"Swords", "Wands", "Cups", "Pentacles", "Major"}


def test_both_bestiaries_are_bundled() -> None:
    assert {"book.json", "house.json"} <= set(BUNDLED)


@pytest.mark.rule("ADV-TRAINING-ROBOT", "ADV-LABORER")
def test_the_book_file_holds_only_the_books_numbers() -> None:
    kinds = load_bestiary(text_of("book.json"), "book.json")
    assert set(kinds) == {"training_robot", "laborer"}
    assert all(kind.source == "book" for kind in kinds.values())
    assert (kinds["training_robot"].hp, kinds["laborer"].hp) == (15, 20)


@pytest.mark.rule("ADV-OTHERS", "ZON-FLYING")
def test_house_file_has_the_sketched_adversaries_marked_as_house_content() -> None:
    kinds = load_bestiary(text_of("house.json"), "house.json")
    assert set(kinds) >= SKETCHED
    assert len(kinds) >= len(SKETCHED) + 3
    for kind in kinds.values():
        assert kind.source == "house"
        assert kind.notes.startswith("House content")
    assert kinds["drone"].flying and kinds["drone_throne"].flying
    assert not any(kinds[k].flying for k in SKETCHED - {"drone"})
    assert kinds["executare"].targeting == "strategic" and kinds["mob"].targeting == "dimwitted"
    assert kinds["arachnedrone"].hidden_intents


def book_entry() -> dict[str, Any]:
    entry: dict[str, Any] = json.loads(text_of("book.json"))["adversaries"][1]
    return entry


def broken(**changes: Any) -> str:
    entry = book_entry()
    for key, value in changes.items():
        if value is None:
            entry.pop(key)
        else:
            entry[key] = value
    return json.dumps({"adversaries": [book_entry() | {"id": "first"}, entry]})


MALFORMED = [
    (broken(hp=0), "mine.json: adversary #2 (laborer): field 'hp': must be a whole number of at least 1, not 0"),
    (broken(hp="20"), "field 'hp': must be a whole number"),
    (broken(hp=True), "field 'hp': must be a whole number"),
    (broken(name=None), "mine.json: adversary #2 (laborer): field 'name': must be a non-empty text"),
    (broken(id=""), "mine.json: adversary #2: field 'id': must be a non-empty text"),
    (broken(source="internet"), "field 'source': must be 'book' or 'house'"),
    (broken(targeting="clever"), "field 'targeting': must be one of default, strategic, dimwitted"),
    (broken(flying="yes"), "field 'flying': must be true or false"),
    (broken(hidden_intents=1), "field 'hidden_intents': must be true or false"),
    (broken(speed=3), "field 'speed': is not a known field"),
    (broken(intents=None), "field 'intents': must be an object"),
    (broken(intents={"Swords": []}), "field 'intents': says nothing for Wands, Cups, Pentacles, Major"),
    (broken(intents=book_entry()["intents"] | {"Coins": []}), "field 'intents': unknown suit(s) ['Coins']"),
    (
        broken(intents=book_entry()["intents"] | {"Cups": [{"do": "dance"}]}),
        "field 'intents.Cups[0].do': must be one of move, damage, heal, shield, shield_allies, injure, not 'dance'",
    ),
    (
        broken(intents=book_entry()["intents"] | {"Cups": [{"do": "heal", "amount": -2}]}),
        "field 'intents.Cups[0].amount': must be a whole number of at least 0",
    ),
    (
        broken(intents=book_entry()["intents"] | {"Wands": [{"do": "damage", "amount": 2, "ranged": "far"}]}),
        "field 'intents.Wands[0].ranged': must be true or false",
    ),
    (
        broken(intents=book_entry()["intents"] | {"Wands": [{"do": "damage", "amount": 2, "range": 3}]}),
        "field 'intents.Wands[0]': unknown key(s) ['range']",
    ),
    (broken(intents=book_entry()["intents"] | {"Wands": ["hit"]}), "field 'intents.Wands[0]': must be an object"),
    (broken(intents=book_entry()["intents"] | {"Major": "panic"}), "field 'intents.Major': must be a list of steps"),
    (
        broken(intents=book_entry()["intents"] | {"Swords": {"steps": [], "onion": []}}),
        "field 'intents.Swords': unknown key(s) ['onion']",
    ),
    (
        broken(intents=book_entry()["intents"] | {"Swords": {"steps": [], "union": [{"do": "x"}]}}),
        "field 'intents.Swords.union[0].do'",
    ),
    (broken(id="first"), "mine.json: adversary #2 (first): field 'id': is used by an earlier entry"),
    ("[1, 2]", 'mine.json: must be an object with a list "adversaries"'),
    ('{"adversaries": [', "mine.json: not valid JSON at line 1, column 18"),
    ('{"adversaries": [3]}', "mine.json: adversary #1: field '(entry)': must be an object"),
]


@pytest.mark.rule("ADV-OTHERS")
@pytest.mark.parametrize(("text", "message"), MALFORMED, ids=[m for _, m in MALFORMED])
def test_a_malformed_bestiary_names_file_entry_and_field(text: str, message: str) -> None:
    with pytest.raises(BestiaryError) as caught:
        load_bestiary(text, "mine.json")
    assert message in str(caught.value)
