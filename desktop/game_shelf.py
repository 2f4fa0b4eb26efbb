"""Every game the desktop offers, by its ruleset's key (rules/rulesets.py): the new-game screens, the saves, the
lessons and the content packs all read their games from here.

A new game adds its own folders and one entry here (its import, and its name in ``SHELF``). Importing this module
is cheap (no rules engine, no screens): the save store reads ``TITLES`` to list saves.
"""

from __future__ import annotations

from rt0table.desktop.flow.rt0_shelf import RT0
from rt0table.desktop.loner.loner_shelf import LONER
from rt0table.desktop.moons_grave.mg_shelf import MOONS_GRAVE
from rt0table.desktop.restless.restless_shelf import RESTLESS
from rt0table.desktop.shelf_game import ShelfGame

# In the order the mode screen's buttons and the lesson picker's sections show them.
SHELF: dict[str, ShelfGame] = {game.key: game for game in (RT0, MOONS_GRAVE, RESTLESS, LONER)}
TITLES = {key: game.title for key, game in SHELF.items()}  # key -> title, for the load screen
