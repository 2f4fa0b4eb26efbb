"""The one place the store names the games it knows: each key a header's ``ruleset`` column may hold, with the title
the listing shows (no rules engine is loaded to list saves).

Reading and writing a game's fights, set-ups included, is its ruleset's (``rules/rulesets.py``): a playthrough's
through ``playthrough_rules``, a game on its own table through ``seam_save``. A key this version does not know is
refused by name.
"""

from __future__ import annotations

from pathlib import Path

from .errors import UnknownRulesetError

RT0 = "rt0"  # the game whose saves are playthroughs, and the one a new playthrough is of unless told
# key -> the game's title, for the load screen (a test holds it to the registry's keys and titles)
RULESETS = {RT0: "RT:0", "moons-grave": "Moon's Grave", "restless": "The Restless", "loner": "Loner"}


def known_ruleset(path: Path, key: object) -> str:
    """The key, when this version plays that game; else ``UnknownRulesetError`` naming it."""
    if not isinstance(key, str) or key not in RULESETS:
        raise UnknownRulesetError(path, key)
    return key
