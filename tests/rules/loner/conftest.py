"""Shared fixtures for the Loner tests: the bundled tables."""

from __future__ import annotations

import pytest

from rt0table.assets.loner import TABLES_FILE, tables_text
from rt0table.rules.loner.tables import LonerTables, load_tables


@pytest.fixture(scope="session")
def tables() -> LonerTables:
    return load_tables(tables_text(), TABLES_FILE)
