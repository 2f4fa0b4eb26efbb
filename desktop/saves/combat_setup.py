"""Kept only for ``desktop/flow/playthrough.py`` (the fight-funnel branch owns it), which imports ``CombatSetup``
from here: RT:0's fight set-up is RT:0's own, in ``rules/rt0/fight/rt0_setup.py``. Delete this once that import
moves there (tests/foundation/test_rt0_boundary.py lists this module until then)."""

from rt0table.rules.rt0.fight.rt0_setup import CombatSetup

__all__ = ["CombatSetup"]
