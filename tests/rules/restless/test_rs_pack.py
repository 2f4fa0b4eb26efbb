"""The card-pack format: CSV or JSON per deck, a folder or a zip with images/, deck checks, round trips, and errors
that name the file, the card and the field."""

from __future__ import annotations

import csv
import io
import zipfile
from dataclasses import replace
from pathlib import Path

import pytest

from rt0table.assets import path
from rt0table.rules.packs.content_pack import PackError
from rt0table.rules.restless.restless_seam import RULES
from rt0table.rules.restless.rs_pack import (
    RsPack,
    as_form,
    pack_files,
    pack_zip,
    read_pack_files,
    read_pack_zip,
)
from rt0table.rules.restless.rs_pack_folder import read_rs_folder, write_rs_folder
from rt0table.rules.restless.rs_practice import practice_pack, setup_from
from rt0table.rules.restless.rs_stand_in import choose

PRACTICE = path("restless", "practice")


def raw() -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in PRACTICE.iterdir() if p.is_file()}


def refused(files: dict[str, bytes]) -> str:
    with pytest.raises(PackError) as caught:
        read_pack_files(files)
    return str(caught.value)


def edit_csv(files: dict[str, bytes], name: str, card: str, field: str, value: str) -> dict[str, bytes]:
    rows = list(csv.DictReader(io.StringIO(files[name].decode())))
    for row in rows:
        if row["id"] == card:
            row[field] = value
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=list(rows[0]), lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows)
    return {**files, name: out.getvalue().encode()}


def spreadsheet(files: dict[str, bytes]) -> dict[str, bytes]:
    """Every CSV as a spreadsheet saves it: a byte-order mark, CRLF lines, columns in another order, quoted cells,
    blank cells for defaults written out as 0 or FALSE, and an empty line at the end."""
    out = {}
    for name, data in files.items():
        if not name.endswith(".csv"):
            out[name] = data
            continue
        rows = list(csv.DictReader(io.StringIO(data.decode())))
        columns = list(reversed(list(rows[0]))) if rows else []
        text = io.StringIO()
        writer = csv.DictWriter(text, fieldnames=columns, lineterminator="\r\n", quoting=csv.QUOTE_ALL)
        writer.writeheader()
        for row in rows:
            if row.get("rest_symbol") == "":
                row["rest_symbol"] = "FALSE"
            writer.writerow(row)
        out[name] = b"\xef\xbb\xbf" + (text.getvalue() + "\r\n").encode()
    return out


def play(pack: RsPack, seed: int = 5) -> str:
    state, _ = RULES.new_state(setup_from(pack), seed)
    steps = 0
    while not RULES.is_over(state) and steps < 3000:
        state, _ = RULES.apply(state, choose(state))
        steps += 1
    return RULES.state_hash(state)


@pytest.mark.rule("RS-HOUSE-CARDS")
def test_the_practice_pack_is_all_our_own_house_cards() -> None:
    pack = practice_pack()
    assert pack.source == "house" and pack.cards()
    assert all(card.source == "house" for card in pack.cards())
    assert {d.name for d in pack.decks} >= {"characters", "realm-5", "traitor-gods", "status-effects"}


def test_a_spreadsheet_csv_pack_imports_plays_and_exports_with_every_field_equal() -> None:
    sheet = spreadsheet(raw())
    imported = read_pack_files(sheet)
    assert imported.cards() == practice_pack().cards()
    assert play(imported) == play(practice_pack())
    exported = pack_files(imported)
    assert read_pack_files(exported).cards() == imported.cards()


def test_a_pack_the_app_wrote_comes_back_byte_for_byte(tmp_path: Path) -> None:
    for form in ("csv", "json"):
        pack = as_form(practice_pack(), form)
        written = pack_files(pack)
        again = pack_files(read_pack_files(written))
        assert again == written
        assert pack_zip(read_pack_zip(pack_zip(pack))) == pack_zip(pack)
        write_rs_folder(pack, tmp_path / form)
        assert pack_files(read_rs_folder(tmp_path / form)) == written
    assert read_pack_files(pack_files(as_form(practice_pack(), "json"))).cards() == practice_pack().cards()


def test_a_pack_carries_images_and_a_zip_may_hold_one_folder(tmp_path: Path) -> None:
    files = edit_csv(raw(), "characters.csv", "ash-warden", "image", "ash.png")
    files["images/ash.png"] = b"\x89PNG\r\n\x1a\nfake"
    pack = read_pack_files(files)
    assert pack.images == (("ash.png", b"\x89PNG\r\n\x1a\nfake"),)
    nested = io.BytesIO()
    with zipfile.ZipFile(nested, "w") as archive:
        for name, data in files.items():
            archive.writestr(f"my-pack/{name}", data)
    assert read_pack_zip(nested.getvalue()).cards() == pack.cards()
    write_rs_folder(pack, tmp_path / "out")
    assert (tmp_path / "out" / "images" / "ash.png").read_bytes() == b"\x89PNG\r\n\x1a\nfake"
    with pytest.raises(PackError, match="already holds"):
        write_rs_folder(pack, tmp_path / "out")
    missing = edit_csv(raw(), "characters.csv", "ash-warden", "image", "gone.png")
    assert refused(missing) == "characters.csv: card 'ash-warden': field 'image': 'gone.png' is not in images/"


@pytest.mark.parametrize(
    ("name", "card", "field", "value", "message"),
    [
        ("characters.csv", "ash-warden", "health", "lots", "field 'health': 'lots' is not a whole number"),
        ("characters.csv", "ash-warden", "health", "0", "field 'health': a Character needs 1 to 99 Health"),
        ("starter-items.csv", "iron-club", "item_type", "sword", "field 'item_type': must be one of"),
        ("encounters.csv", "mire-rat", "chain_magic", "maybe", "field 'chain_magic': must be true or false"),
        ("encounters.csv", "mire-rat", "effects", "explode 3", "field 'effects': effect 1: 'explode' is not"),
        ("loot.csv", "bandage", "effects", "heal 2 colour=red", "field 'effects': effect 1: 'colour=red' is not"),
        ("realm-2.csv", "cinder-steppe", "realm", "3", "field 'realm': is 3 but the card is in the Realm 2 deck"),
    ],
)
def test_a_damaged_card_is_named_by_file_card_and_field(
    name: str, card: str, field: str, value: str, message: str
) -> None:
    text = refused(edit_csv(raw(), name, card, field, value))
    assert text.startswith(f"{name}: card '{card}': ") and message in text


def test_damaged_files_are_refused_without_a_crash() -> None:
    files = raw()
    assert "not valid JSON" in refused({**files, "traitor-gods.json": b"{"})
    assert refused({**files, "rests.csv": b"\xff\xfe"}).startswith("rests.csv: is not UTF-8")
    assert refused({**files, "rests.csv": b""}) == "rests.csv: is empty; the first row names the columns"
    assert "not a deck" in refused({**files, "dragons.csv": b"id\n"})
    assert "given twice" in refused({**files, "rests.json": b'{"cards": []}'})
    without = {k: v for k, v in files.items() if k != "traitor-gods.json"}
    assert refused(without).startswith("traitor-gods.csv: missing")
    extra = files["rests.csv"].replace(b"id,name", b"id,name,colour", 1)
    assert "field 'colour': is not a field here" in refused({**files, "rests.csv": extra})
    twice = files["rests.csv"] + b"quiet-hearth,Again,rest,,,,,house\n"
    assert "field 'id': is also used in rests.csv" in refused({**files, "rests.csv": twice})
    with pytest.raises(PackError, match="not a zip file"):
        read_pack_zip(b"not a zip")


@pytest.mark.rule("RS-STARTER-KINDS")
def test_starter_items_are_weapons_spells_equipment_and_consumables() -> None:
    starters = practice_pack().deck("starter-items")
    assert {c.item_type for c in starters} == {"melee", "ranged", "spell", "equipment", "consumable"}
    sin = raw()["starter-items.csv"] + b"odd-one,Odd,sin,,,,,house\n"
    assert "field 'kind': is 'sin'; it must be one of item" in refused({**raw(), "starter-items.csv": sin})


@pytest.mark.rule("RS-LOOT-DECK")
def test_a_loot_deck_needs_its_nothing_cards() -> None:
    loot = practice_pack().deck("loot")
    assert any(c.kind == "nothing" for c in loot) and any(c.kind == "item" for c in loot)
    lines = [line for line in raw()["loot.csv"].split(b"\n") if not line.startswith(b"nothing,")]
    assert "holds no Nothing card; the book's Loot deck has 33" in refused({**raw(), "loot.csv": b"\n".join(lines)})


@pytest.mark.rule("RS-TREASURE-DECK")
def test_the_treasure_deck_holds_items_and_sins_and_loot_holds_no_sins() -> None:
    assert {c.kind for c in practice_pack().deck("treasure")} == {"item", "sin"}
    sin = raw()["loot.csv"] + b"stray-sin,Stray,sin,,,,,house\n"
    assert "field 'kind': is 'sin'" in refused({**raw(), "loot.csv": sin})


@pytest.mark.rule("RS-TARGET-CARD", "RS-TARGET-TYPES")
def test_a_target_has_a_type_attack_die_defense_health_and_drops() -> None:
    rat = next(c for c in practice_pack().deck("encounters") if c.id == "mire-rat")
    assert (rat.target_type, rat.attack, rat.die_defense, rat.health) == ("Beast", 1, 6, 3)
    assert (rat.drop_rerolls, rat.drop_loot, rat.drop_treasure) == (1, 1, 0)
    types = {c.target_type for c in practice_pack().deck("encounters") if c.kind == "target"}
    assert types == {"Human", "Beast", "Interplanar", "Phenomena"}
    text = refused(edit_csv(raw(), "encounters.csv", "mire-rat", "target_type", "Dragon"))
    assert "field 'target_type': must be one of Human, Beast, Interplanar, Phenomena" in text


def test_deck_checks_catch_too_few_encounters_and_a_gods_gaps() -> None:
    lines = raw()["encounters.csv"].split(b"\n")
    short = b"\n".join(lines[:3]) + b"\n"
    assert refused({**raw(), "encounters.csv": short}).startswith("encounters: holds")
    gods = raw()["traitor-gods.json"].replace(b'"1-4:8; 5-9:6 chain; 10-13:5"', b'"1-4:8; 10-13:5"')
    assert "field 'attacks': says nothing for a failed roll of 5" in refused({**raw(), "traitor-gods.json": gods})
    few = b"\n".join(raw()["rests.csv"].split(b"\n")[:3]) + b"\n"
    assert refused({**raw(), "rests.csv": few}) == "rests.csv: holds 2 cards; the game needs at least 3"


def test_a_save_replays_only_against_the_pack_it_started_with() -> None:
    setup = setup_from(practice_pack())
    other = replace(
        setup, cards=tuple(replace(c, health=c.health + 1) if c.kind == "character" else c for c in setup.cards)
    )
    one, _ = RULES.new_state(setup, 2)
    two, _ = RULES.new_state(other, 2)
    assert RULES.state_hash(one) != RULES.state_hash(two)
