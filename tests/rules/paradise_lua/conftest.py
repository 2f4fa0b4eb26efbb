"""The bundled Paradise Lua world, loaded once for the tests, checked against the bundled bestiaries."""

from __future__ import annotations

import pytest

from rt0table.rules.paradise_lua.world_content import World, bundled_files, load_world
from rt0table.rules.rt0.content.adversaries import AdversaryKind
from rt0table.rules.rt0.content.adversaries import bundled_bestiary as shipped_bestiary


def bundled_bestiary() -> dict[str, AdversaryKind]:
    kinds: dict[str, AdversaryKind] = {}
    for name in ("book.json", "house.json"):
        kinds |= shipped_bestiary(name)
    return kinds


@pytest.fixture(scope="session")
def bestiary() -> dict[str, AdversaryKind]:
    return bundled_bestiary()


@pytest.fixture(scope="session")
def world(bestiary: dict[str, AdversaryKind]) -> World:
    return load_world(bundled_files(), frozenset(bestiary))
