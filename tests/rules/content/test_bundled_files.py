"""The one loader of bundled data files: found by folder and name, read as UTF-8, never outside the assets."""

from __future__ import annotations

from pathlib import Path

import pytest

from rt0table.assets.bundled import BundledFileError, bundled_bytes, bundled_exists, bundled_names, bundled_text
from rt0table.rules.rt0.cli.scenario_cli import bundled_bestiary_text
from rt0table.rules.rt0.content.adversaries import bundled_bestiary, load_bestiary

ASSETS = Path(__file__).resolve().parents[3] / "assets"


def test_a_bundled_file_reads_as_the_file_on_disk() -> None:
    assert bundled_text("adversaries", "book.json") == (ASSETS / "adversaries" / "book.json").read_text("utf-8")
    assert bundled_bytes("fonts", "Jura-Bold.otf") == (ASSETS / "fonts" / "Jura-Bold.otf").read_bytes()
    assert bundled_exists("loner", "loner_4e_tables.json")
    assert not bundled_exists("adversaries", "nobody.json")
    assert bundled_names("adversaries", suffix=".json") == ["book.json", "house.json"]


@pytest.mark.parametrize(
    "parts",
    [("..", "README.md"), ("adversaries", "../../setup.py"), ("/etc", "passwd"), ("adversaries", ""),
     ("adversaries", "..\\book.json"), ("C:", "book.json"), ("adversaries", " book.json"), ()],
)  # fmt: skip
def test_no_name_reaches_outside_the_assets(parts: tuple[str, ...]) -> None:
    for read in (bundled_text, bundled_bytes, bundled_exists):
        with pytest.raises(BundledFileError, match=r"not a name inside the bundled assets|no bundled file named"):
            read(*parts)


def test_errors_name_the_file() -> None:
    with pytest.raises(BundledFileError, match=r"^adversaries/nobody\.json: no such bundled file$"):
        bundled_text("adversaries", "nobody.json")
    with pytest.raises(BundledFileError, match=r"^fonts/Jura-Bold\.otf: not UTF-8 text \(byte \d+\)$"):
        bundled_text("fonts", "Jura-Bold.otf")
    with pytest.raises(BundledFileError, match=r"^lessonz: no such bundled folder$"):
        bundled_names("lessonz")
    assert isinstance(BundledFileError("x"), OSError)  # callers that survive an unreadable file catch OSError


def test_a_shipped_bestiary_is_read_once_and_handed_out_as_a_copy() -> None:
    book = bundled_bestiary("book.json")
    assert book == load_bestiary(bundled_text("adversaries", "book.json"), "book.json")
    book.clear()
    assert "laborer" in bundled_bestiary("book.json")


def test_the_scenario_runner_finds_bundled_bestiaries_through_the_loader() -> None:
    assert bundled_bestiary_text("house.json") == bundled_text("adversaries", "house.json")
    assert bundled_bestiary_text("nobody.json") is None
    with pytest.raises(BundledFileError):
        bundled_bestiary_text("../lessons/01_strike_and_defend.toml")
