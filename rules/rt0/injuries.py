"""Injuries as a sheet shows them: severity, what they do, how they mend, and what Corruption cures them.

Effects are summarised for the table in the app's own words; combat applies its own effects in the engine.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from .traits import Trait


class Severity(Enum):
    MINOR = "Minor"
    MAJOR = "Major"
    CRITICAL = "Critical"


# COR-HEAL: Corruption that makes an injury vanish at once, by severity.
CURE_COST: dict[Severity, int] = {Severity.MINOR: 2, Severity.MAJOR: 4, Severity.CRITICAL: 6}


@dataclass(frozen=True, slots=True)
class InjuryKind:
    name: str
    severity: Severity
    effect: str
    mends: str  # how it gets better without Corruption
    imposes: Trait | None = None  # a weakness it forces, overriding the matching ability
    cost: int | None = None  # a cure cost of its own, when its entry names one

    @property
    def cure_cost(self) -> int:
        """Corruption that removes it at once (COR-HEAL)."""
        return self.cost if self.cost is not None else CURE_COST[self.severity]


_MAJOR = Severity.MAJOR
_MINOR = Severity.MINOR
_KINDS = (
    InjuryKind(
        "Bleeding Out",
        _MAJOR,
        "Lose 3 HP each combat turn; only AID works between fights.",
        "A Hard AID check (retries allowed) turns it into Bandaged Wound. Sleeping on it is fatal.",
    ),
    InjuryKind(
        "Broken Arm",
        _MAJOR,
        "Weak, whatever the card says; no Strong skills.",
        "Hard AID: Splinted Arm. Two nights' rest: Massive Painful Scar.",
        Trait.WEAK,
    ),
    InjuryKind(
        "Broken Leg",
        _MAJOR,
        "Slow, whatever the card says; no Fast skills.",
        "An AID check: Splinted Leg. Two nights' rest: Massive Painful Scar.",
        Trait.SLOW,
    ),
    InjuryKind(
        "Concussion",
        _MAJOR,
        "Foolish, whatever the card says; no Wise skills.",
        "Hard AID: Dizzy. Two nights' rest: Massive Painful Scar.",
        Trait.FOOLISH,
    ),
    InjuryKind(
        "Curse",
        _MAJOR,
        "Unlucky, whatever the card says; no Lucky skills.",
        "Hard MISC: a Minor injury. Two nights' rest: Massive Painful Scar.",
        Trait.UNLUCKY,
    ),
    InjuryKind(
        "Delerium",
        _MAJOR,
        "Dull, whatever the card says; no Clever skills.",
        "Hard AID: Confusion. Two nights' rest: Massive Painful Scar.",
        Trait.DULL,
    ),
    InjuryKind(
        "Disease",
        _MAJOR,
        "Every Five of Pentacles drawn hurts: 8 HP in combat, a Minor injury outside.",
        "Only a real doctor can treat it.",
    ),
    InjuryKind(
        "Heart Palpitations",
        _MAJOR,
        "An extra card each combat turn; a Major drawn that way costs 1 HP.",
        "Gone at the end of the Day.",
    ),
    InjuryKind(
        "Unresolved Trauma",
        _MAJOR,
        "Strange, whatever the card says; no Charming skills.",
        "Hard FINAID: Stress. Two nights' rest: Massive Painful Scar.",
        Trait.STRANGE,
    ),
    InjuryKind("Bandaged Wound", _MINOR, "Lose 1 HP each combat turn.", "Two nights' rest."),
    InjuryKind(
        "Blinded",
        _MINOR,
        "Penalty on checks that need eyes; ranged attacks only reach your zone.",
        "Play Temperance in combat, or a Medium AID check and a short rest.",
        cost=1,
    ),
    InjuryKind("Distracted", _MINOR, "Wands and Pentacles drawn on your turn are discarded.", "Gone after the fight."),
    InjuryKind(
        "Dizzy", _MINOR, "Not Wise; Penalty on Wise skills; discard a card in your first round.", "Two nights' rest."
    ),
    InjuryKind(
        "Groggy",
        _MINOR,
        "Knights drawn in checks are Critical Failures; in combat they are discarded.",
        "A good night's sleep, or a Morning Start.",
    ),
    InjuryKind(
        "Hex", _MINOR, "Not Lucky; Penalty on Lucky skills; discard a card in your first round.", "Two nights' rest."
    ),
    InjuryKind(
        "Loopy",
        _MINOR,
        "Not Clever; Penalty on Clever skills; discard a card in your first round.",
        "Two nights' rest.",
    ),
    InjuryKind(
        "Massive Painful Scar", _MINOR, "Each Day, one combat ability of your choice is off limits.", "It stays."
    ),
    InjuryKind(
        "Morning Start Withdrawal",
        _MINOR,
        "Without a Morning Start today: Penalty on every check and one card less each turn.",
        "Gone at the end of a Day without one.",
    ),
    InjuryKind(
        "Injured Arm",
        _MINOR,
        "Not Strong; Penalty on Strong skills; discard a card in your first round.",
        "Two nights' rest.",
    ),
    InjuryKind(
        "Injured Leg",
        _MINOR,
        "Not Fast; Penalty on Fast skills; discard a card in your first round.",
        "Two nights' rest.",
    ),
    InjuryKind(
        "Stress",
        _MINOR,
        "Not Charming; Penalty on Charming skills; discard a card in your first round.",
        "Two nights' rest.",
    ),
    InjuryKind("Upset Stomach", _MINOR, "Penalty on every skill check.", "Gone at the end of the Day."),
    # INJ-MINOR: named as downgrades but never described; ruled to work like their nearest Minor.
    InjuryKind("Splinted Arm", _MINOR, "Not Strong; Penalty on Strong skills (as Injured Arm).", "Two nights' rest."),
    InjuryKind("Splinted Leg", _MINOR, "Not Fast; Penalty on Fast skills (as Injured Leg).", "Two nights' rest."),
    InjuryKind("Confusion", _MINOR, "Not Clever; Penalty on Clever skills (as Loopy).", "Two nights' rest."),
    InjuryKind(
        "Critical Injury",
        Severity.CRITICAL,
        "Cannot move or deal damage; can still talk.",
        "An AID check turns it into a Major of the GM's choice. A second one kills.",
    ),
)

INJURIES: dict[str, InjuryKind] = {kind.name: kind for kind in _KINDS}


def injury(name: str) -> InjuryKind:
    """Look an injury up by name; raises KeyError with the names known."""
    try:
        return INJURIES[name]
    except KeyError:
        raise KeyError(f"no injury is called {name!r}") from None


def cure_cost(name: str) -> int:
    """Corruption that makes this injury vanish at once (COR-HEAL)."""
    return injury(name).cure_cost
