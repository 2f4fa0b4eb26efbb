"""The games the store knows: each key a header's ``ruleset`` column may hold, with the title the listing shows,
read from the desktop's game shelf (no rules engine is loaded to list saves).

Reading and writing a game's fights, set-ups included, is its ruleset's (``rules/rulesets.py``): a playthrough's
through ``playthrough_rules``, a game on its own table through ``seam_save``. A key this version does not know is
refused by name.
"""

from __future__ import annotations

from pathlib import Path

from rt0table.desktop.game_shelf import TITLES

from .errors import UnknownRulesetError

RT0 = "rt0"  # the game whose saves are playthroughs, and the one a new playthrough is of unless told
# key -> the game's title, for the load screen: the desktop's game shelf's (a test holds it to rules/rulesets.py)
RULESETS = TITLES


def known_ruleset(path: Path, key: object) -> str:
    """The key, when this version plays that game; else ``UnknownRulesetError`` naming it."""
    if not isinstance(key, str) or key not in RULESETS:
        raise UnknownRulesetError(path, key)
    return key
