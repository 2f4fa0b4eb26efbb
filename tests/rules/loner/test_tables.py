"""The bundled tables load, carry their licence, and malformed data is named precisely."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from typing import Any

import pytest

from rt0table.assets.loner import TABLES_FILE, tables_text
from rt0table.rules.loner.tables import LonerDataError, LonerTables, load_tables
from rt0table.rules.loner.terms import Arena, SceneKind, SetupColumn


def test_bundled_tables_load_with_attribution(tables: LonerTables) -> None:
    a = tables.attribution
    assert a.title == "Loner 4e: Core Rules"
    assert a.author == "Roberto Bisceglie"
    assert a.licence.startswith("CC BY-SA 4.0")
    assert a.licence_url == "https://creativecommons.org/licenses/by-sa/4.0/"
    assert "RT:0 Table" in a.changes


def test_bundled_table_contents(tables: LonerTables) -> None:
    assert tables.verbs[1][3] == "multiply"  # the book's 2-4
    assert tables.nouns[2][1] == "motion"  # the book's 3-2
    assert tables.adjectives[5][5] == "charming"
    assert [b.kind for b in tables.transitions] == [SceneKind.DRAMATIC, SceneKind.QUIET, SceneKind.MEANWHILE]
    assert tables.setup_column(SetupColumn.WHO)[3] == "Mentor"
    assert tables.setup_column(SetupColumn.HOW)[5] == "Object delivered"
    assert tables.status_column(Arena.SOCIAL) == ("Rattled", "On the Back Foot", "Humiliated")


def bundled() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(tables_text())
    return data


def broken(change: Callable[[dict[str, Any]], None]) -> str:
    data = copy.deepcopy(bundled())
    change(data)
    return json.dumps(data)


CASES: list[tuple[str, Callable[[dict[str, Any]], None], str, str]] = [
    ("no attribution", lambda d: d.pop("attribution"), "attribution", "attribution"),
    ("blank author", lambda d: d["attribution"].update(author=" "), "attribution", "author"),
    ("no licence", lambda d: d["attribution"].pop("licence"), "attribution", "licence"),
    ("short verb row", lambda d: d["inspiration"]["verbs"][2].pop(), "inspiration.verbs", "rows[2]"),
    (
        "number as noun",
        lambda d: d["inspiration"]["nouns"][4].__setitem__(1, 7),
        "inspiration.nouns",
        "rows[4][1]",
    ),
    ("five adjective rows", lambda d: d["inspiration"]["adjectives"].pop(), "inspiration.adjectives", "rows"),
    ("five subjects", lambda d: d["twist"]["subjects"].pop(), "twist", "subjects"),
    ("bad kind", lambda d: d["scene_transition"][1].update(kind="calm"), "scene_transition", "bands[1].kind"),
    ("gap in bands", lambda d: d["scene_transition"].pop(), "scene_transition", "bands"),
    ("band off the die", lambda d: d["scene_transition"][2].update(high=7), "scene_transition", "bands[2]"),
    ("no why column", lambda d: d["setup"].pop("why"), "setup", "why"),
    ("two status tags", lambda d: d["status_track"]["physical"].pop(), "status_track", "physical"),
    ("wrong format", lambda d: d.update(format=2), "(document)", "format"),
]


@pytest.mark.parametrize(("change", "entry", "field"), [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_malformed_data_names_file_entry_and_field(
    change: Callable[[dict[str, Any]], None], entry: str, field: str
) -> None:
    with pytest.raises(LonerDataError) as caught:
        load_tables(broken(change), "custom.json")
    error = caught.value
    assert (error.file, error.entry, error.field) == ("custom.json", entry, field)
    assert str(error).startswith(f"custom.json: entry '{entry}', field '{field}'")


def test_invalid_json_names_the_line() -> None:
    with pytest.raises(LonerDataError, match=r"broken.json: entry '\(document\)', field 'line 2'"):
        load_tables('{\n"format": ,\n}', "broken.json")


def test_top_level_must_be_an_object() -> None:
    with pytest.raises(LonerDataError, match="expected an object"):
        load_tables("[]", TABLES_FILE)
