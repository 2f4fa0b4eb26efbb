"""Bundled Loner 4e tables (CC BY-SA 4.0, Roberto Bisceglie); read as text for the rules loader."""

from __future__ import annotations

from ..bundled import bundled_text

TABLES_FILE = "loner_4e_tables.json"


def tables_text(name: str = TABLES_FILE) -> str:
    """The text of one bundled Loner data file."""
    return bundled_text("loner", name)
