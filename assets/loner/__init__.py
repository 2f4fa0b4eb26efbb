"""Bundled Loner 4e tables (CC BY-SA 4.0, Roberto Bisceglie); read as text for the rules loader."""

from __future__ import annotations

from importlib import resources

TABLES_FILE = "loner_4e_tables.json"


def tables_text(name: str = TABLES_FILE) -> str:
    """The text of one bundled Loner data file."""
    return resources.files(__name__).joinpath(name).read_text(encoding="utf-8")
