"""The strict pack format: the house pack loads; bad packs fail with file, entry and field named, never a crash."""

from __future__ import annotations

import contextlib
import json
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rt0table.rules.moons_grave.mg_pack import GAME, read_mg_pack
from rt0table.rules.packs.content_pack import (
    PackError,
    canonical_json,
    pack_from_canonical,
    pack_from_zip,
    pack_to_zip,
    read_pack,
)
from rt0table.rules.packs.pack_folder import read_pack_folder, write_pack_folder

from .mg_fixtures import house, house_bytes


def edited(file: str, change: object) -> dict[str, bytes]:
    """The house pack with one file's JSON changed by ``change(data)``."""
    raw = house_bytes()
    data = json.loads(raw[file])
    change(data)  # type: ignore[operator]
    raw[file] = json.dumps(data).encode()
    return raw


def refusal(raw: dict[str, bytes]) -> str:
    with pytest.raises(PackError) as caught:
        read_mg_pack(read_pack(raw, GAME))
    return str(caught.value)


def test_every_house_entry_is_marked_and_the_book_npcs_are_all_there() -> None:
    content = house()
    assert all(p.source == "house" for p in content.perks)
    assert all(e.source == "house" for e in content.employers)
    assert all(t.source == "house" for t in content.tracks)
    book = [e for e in content.npcs if e.source == "book"]
    assert len(book) == 44  # 42 roster lines and the two examples in the text
    for file, data in house_bytes().items():
        assert b'"source"' in data, file


@pytest.mark.parametrize(
    ("file", "change", "expected"),
    [
        ("perks.json", lambda d: d["perks"][0].update(cost="two"), "perks.json: perks 'sword-flourish': field 'cost'"),
        ("perks.json", lambda d: d["perks"][0].update(cost=0), "field 'cost': is 0"),
        ("perks.json", lambda d: d["perks"][1].update(id="sword-flourish"), "field 'id': 'sword-flourish' is used"),
        ("perks.json", lambda d: d["perks"][0]["effects"][0].update(do="explode"), "field 'do': is 'explode'"),
        ("perks.json", lambda d: d["perks"][0].update(title="Flourish"), "must have 'Sword' in its title"),
        ("perks.json", lambda d: d["perks"][0].update(colour="red"), "field 'colour': is not a field here"),
        ("employers.json", lambda d: d["employers"][0].update(raises="Luck"), "employers 'hillana': field 'raises'"),
        ("classes.json", lambda d: d["classes"][0].update(benefit_perk="hex"), "field 'benefit_perk': 'hex'"),
        ("gear.json", lambda d: d["packages"][0].update(weapons=["Whip"]), "'Whip' is not a weapon"),
        ("gear.json", lambda d: d["armour"][0].update(perk="sidestep"), "'sidestep' is not a armor perk"),
        ("soak.json", lambda d: d["tracks"][0].update(bleeding_out=True), "exactly one track"),
        ("soak.json", lambda d: d["tracks"][4]["handicap"].update(Luck=-1), "field 'Luck': is not a talent"),
        ("npcs.json", lambda d: d["npcs"][0].update(line="Deputy 3"), "npcs 'Deputy 3': field 'line'"),
        ("npcs.json", lambda d: d["npcs"][0].update(line="Deputy (3), Charm 2"), "'Charm' is not a talent"),
        ("npcs.json", lambda d: d["npcs"][1].update(line="Deputy (4)"), "'Deputy' is already in the roster"),
        ("rules.json", lambda d: d["npc_damage"].update(rule="vibes"), "rules.json: npc_damage: field 'rule'"),
        ("pack.json", lambda d: d.update(game="the-restless"), "pack.json: field 'game'"),
    ],
)
def test_a_bad_entry_is_named_by_file_entry_and_field(file: str, change: object, expected: str) -> None:
    assert expected in refusal(edited(file, change))


@pytest.mark.parametrize(
    ("data", "expected"),
    [
        (b"{", "perks.json: is not valid JSON (line 1"),
        ("[" * 100_000, "nests more than 40 levels deep"),
        ('{"perks": ' + "[" * 45 + "]" * 45 + "}", "nests more than 40 levels deep"),
        ('{"a": 1, "a": 2}', "appears twice"),
        ('{"perks": [NaN]}', "NaN is not a JSON number"),
        ("{}".encode("utf-16"), "is not UTF-8 text"),
        (b"\xff\xfe\x00", "is not UTF-8 text"),
        (b"\xef\xbb\xbf" + json.dumps({"perks": 3}).encode(), "field 'perks': must be a list"),
        ('"just text"', "perks.json: must be a JSON object"),
        ("x" * 2_000_001, "a pack file may hold at most"),
    ],
)
def test_broken_files_are_refused_with_their_name(data: str | bytes, expected: str) -> None:
    raw = house_bytes()
    raw["perks.json"] = data if isinstance(data, bytes) else data.encode()
    assert expected in refusal(raw)


def test_missing_and_unknown_files() -> None:
    raw = house_bytes()
    del raw["soak.json"]
    assert "soak.json: missing" in refusal(raw)
    raw = house_bytes()
    raw["notes.json"] = b"{}"
    assert "notes.json: not a file of a Moon's Grave pack" in refusal(raw)
    raw = house_bytes()
    raw["../evil.json"] = b"{}"
    assert "is not a pack file name" in refusal(raw)
    raw = house_bytes()
    del raw["pack.json"]
    assert "pack.json: missing" in refusal(raw)


@given(st.binary(max_size=300))
def test_no_bytes_crash_the_loader(data: bytes) -> None:
    raw = house_bytes()
    raw["gear.json"] = data
    with pytest.raises(PackError):
        read_mg_pack(read_pack(raw, GAME))


@given(
    st.recursive(
        st.none() | st.booleans() | st.integers() | st.text(max_size=5),
        lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3),
    )
)
def test_no_json_shape_crashes_the_loader(value: object) -> None:
    raw = house_bytes()
    raw["npcs.json"] = json.dumps({"npcs": [value]}).encode()
    with contextlib.suppress(PackError):
        read_mg_pack(read_pack(raw, GAME))


def test_canonical_form_and_hash_are_stable_and_round_trip() -> None:
    pack = house().pack
    respaced = {name: json.dumps(json.loads(data), indent=7).encode() for name, data in house_bytes().items()}
    assert read_pack(respaced, GAME).digest() == pack.digest()
    copy = pack_from_canonical(pack.canonical(), GAME)
    assert copy.digest() == pack.digest()
    assert read_mg_pack(copy).perks == house().perks
    changed = edited("perks.json", lambda d: d["perks"][0].update(cost=2))
    assert read_pack(changed, GAME).digest() != pack.digest()
    assert canonical_json({"b": 1, "a": "é"}) == '{"a":"é","b":1}'


def test_zip_export_and_import(tmp_path: Path) -> None:
    pack = house().pack
    data = pack_to_zip(pack)
    assert data == pack_to_zip(pack)  # the same pack gives the same bytes
    assert pack_from_zip(data, GAME).digest() == pack.digest()
    with pytest.raises(PackError, match="not a zip file"):
        pack_from_zip(b"PK\x03\x04 broken", GAME)
    import zipfile

    nested = tmp_path / "nested.zip"
    with zipfile.ZipFile(nested, "w") as archive:
        archive.writestr("house/pack.json", "{}")
    with pytest.raises(PackError, match=r"'house/pack\.json' is not a pack file"):
        pack_from_zip(nested.read_bytes(), GAME)


def test_folder_export_and_import(tmp_path: Path) -> None:
    pack = house().pack
    written = write_pack_folder(pack, tmp_path / "copy")
    assert sorted(p.name for p in written) == sorted(pack.files)
    assert read_pack_folder(tmp_path / "copy", GAME).digest() == pack.digest()
    with pytest.raises(PackError, match="already holds"):
        write_pack_folder(pack, tmp_path / "copy")
    with pytest.raises(PackError, match="not a folder"):
        read_pack_folder(tmp_path / "nowhere", GAME)
