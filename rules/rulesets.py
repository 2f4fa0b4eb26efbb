"""Every game the app can play, by the key a save's ``ruleset`` column holds."""

from __future__ import annotations

from typing import Any

from .loner.loner_seam import RULES as LONER
from .moons_grave.moons_grave_seam import RULES as MOONS_GRAVE
from .restless.restless_seam import RULES as RESTLESS
from .rt0.rt0_seam import RT0
from .seam import RulesError, Ruleset

# A new game adds one line here (its ``key`` never changes once shipped); tests/rules/conformance/ then runs on it.
RULESETS: dict[str, Ruleset[Any, Any, Any, Any]] = {
    RT0.key: RT0,
    MOONS_GRAVE.key: MOONS_GRAVE,
    RESTLESS.key: RESTLESS,
    LONER.key: LONER,
}


def ruleset(key: str) -> Ruleset[Any, Any, Any, Any]:
    """The ruleset saved under ``key``; a RulesError naming the known ones when there is none."""
    try:
        return RULESETS[key]
    except KeyError:
        known = ", ".join(sorted(RULESETS))
        raise RulesError(f"no game called {key!r} in this version (it plays: {known})") from None
