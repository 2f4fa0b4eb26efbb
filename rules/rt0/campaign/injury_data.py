"""The injury catalogue (INJ-*) as JSON-shaped data; ``injuries.parse_catalogue`` validates it at import.

Fields per entry: ``name``, ``severity`` (minor / major / critical), ``summary`` (our words), ``becomes`` (a weakness
the injury imposes, overriding its ability), ``cannot_be`` (an ability it suspends), ``effects`` (each a ``kind`` with
``amount``, ``trait``, ``skill``, ``card``, ``when`` and ``if_already``), ``downgrade`` (skill, difficulty, ``to``,
``to_any``, ``retry``), ``rest`` (nights and what follows), ``ends`` (events that clear it), ``cost`` (Corruption to
heal it at once) and ``ruled`` (true where docs/rulings.md fills a gap the book leaves).
"""

from __future__ import annotations

from typing import Any

FILE = "rules/rt0/campaign/injury_data.py"

_SCAR = "Massive Painful Scar"


def _major_override(name: str, becomes: str, ability: str, summary: str, target: str, skill: str = "AID") -> Any:
    """A Major that imposes a weakness, downgrades by a retryable Hard check and scars after two nights."""
    return {
        "name": name,
        "severity": "major",
        "summary": summary,
        "becomes": becomes,
        "effects": [{"kind": "skills_barred", "trait": ability}],
        "downgrade": {"skill": skill, "difficulty": "Hard", "to": target, "retry": True},
        "rest": {"nights": 2, "to": _SCAR},
        "cost": 4,
    }


def _minor_block(name: str, ability: str, summary: str, ruled: bool = False) -> Any:
    """A Minor that suspends an ability, gives Penalty on its skills, costs a card in round one, heals in two nights."""
    return {
        "name": name,
        "severity": "minor",
        "summary": summary,
        "cannot_be": ability,
        "effects": [
            {"kind": "skills_penalty", "trait": ability},
            {"kind": "discard_first_round", "amount": 1, "when": "combat"},
        ],
        "rest": {"nights": 2},
        "cost": 2,
        "ruled": ruled,
    }


def _with(entry: Any, **extra: Any) -> Any:
    """A copy of an entry with extra fields; effects listed in ``more_effects`` are appended."""
    more = extra.pop("more_effects", [])
    return {**entry, **extra, "effects": [*entry.get("effects", []), *more]}


CATALOGUE: list[Any] = [
    # --- Major injuries (INJ-MAJOR) -------------------------------------------------------------------------
    {
        "name": "Bleeding Out",
        "severity": "major",
        "summary": "Lose 3 HP as each combat turn begins; outside combat only AID checks are possible. Sleeping on it "
        "is fatal.",
        "effects": [
            {"kind": "lose_hp_turn_start", "amount": 3, "when": "combat"},
            {"kind": "skills_only", "skill": "AID", "when": "outside combat"},
        ],
        "downgrade": {"skill": "AID", "difficulty": "Hard", "to": "Bandaged Wound", "retry": True},
        "rest": {"nights": 1, "dies": True},
        "cost": 4,
    },
    _with(
        _major_override(
            "Broken Arm",
            "Weak",
            "Strong",
            "Weak, whatever the Report Card says, and no Strong skills; a Weak character deals no physical damage.",
            "Splinted Arm",
        ),
        more_effects=[{"kind": "no_physical_damage", "if_already": True, "when": "combat"}],
    ),
    _with(
        _major_override(
            "Broken Leg",
            "Slow",
            "Fast",
            "Slow, whatever the Report Card says, and no Fast skills; a Slow character gains no Shield at all.",
            "Splinted Leg",
        ),
        more_effects=[{"kind": "no_shields", "if_already": True, "when": "combat"}],
        downgrade={"skill": "AID", "difficulty": "Hard", "to": "Splinted Leg", "retry": False},
        ruled=True,
    ),
    _with(
        _major_override(
            "Concussion",
            "Foolish",
            "Wise",
            "Foolish, whatever the Report Card says, and no Wise skills; a Foolish character cannot Concentrate.",
            "Dizzy",
        ),
        more_effects=[{"kind": "no_concentrate", "if_already": True, "when": "combat"}],
    ),
    _with(
        _major_override(
            "Curse",
            "Unlucky",
            "Lucky",
            "Unlucky and no Lucky skills; an already Unlucky deck also loses its 10s, Knights, The Fool and The Sun.",
            "Hex",
            skill="MISC",
        ),
        more_effects=[{"kind": "cursed_deck"}],
        ruled=True,
    ),
    _with(
        _major_override(
            "Delerium",
            "Dull",
            "Clever",
            "Dull, whatever the Report Card says (so no spells), and no Clever skills; a Dull character can make no "
            "skill checks at all.",
            "Confusion",
        ),
        more_effects=[{"kind": "no_skills", "if_already": True}],
    ),
    {
        "name": "Disease",
        "severity": "major",
        "summary": "Each Five of Pentacles drawn hurts: 8 HP past any Shield in combat, a Minor Injury of the GM's "
        "choice outside it. Only a doctor (or Corruption) cures it.",
        "effects": [
            {"kind": "card_damage", "card": "5 of Pentacles", "amount": 8, "when": "combat"},
            {"kind": "card_minor_injury", "card": "5 of Pentacles", "when": "outside combat"},
        ],
        "ends": ["medical care"],
        "cost": 4,
    },
    {
        "name": "Heart Palpitations",
        "severity": "major",
        "summary": "One more card every combat turn; a Major drawn that way costs 1 HP and is discarded, the 3 of "
        "Swords brings a Critical Injury. Gone when the Day ends.",
        "effects": [
            {"kind": "extra_draw", "amount": 1, "when": "combat"},
            {"kind": "extra_draw_major_damage", "amount": 1, "when": "combat"},
            {"kind": "extra_draw_critical", "card": "3 of Swords", "when": "combat"},
        ],
        "ends": ["end of day"],
        "cost": 4,
    },
    _with(
        _major_override(
            "Unresolved Trauma",
            "Strange",
            "Charming",
            "Strange, whatever the Report Card says, and no Charming skills; a character already Strange takes 1 "
            "Corruption after every combat.",
            "Stress",
            skill="FINAID",
        ),
        more_effects=[{"kind": "corruption_after_combat", "amount": 1, "if_already": True}],
    ),
    # --- Minor injuries (INJ-MINOR) -------------------------------------------------------------------------
    {
        "name": "Bandaged Wound",
        "severity": "minor",
        "summary": "Lose 1 HP as each combat turn begins; heals after two nights.",
        "effects": [{"kind": "lose_hp_turn_start", "amount": 1, "when": "combat"}],
        "rest": {"nights": 2},
        "cost": 2,
    },
    {
        "name": "Blinded",
        "severity": "minor",
        "summary": "Penalty on checks that need eyes. In combat all damage is melee, area effects reach only your "
        "zone, and each hit first turns the top card: Ace to 5 is a miss. Temperance, a Medium AID check with a "
        "short rest, or 1 Corruption ends it.",
        "effects": [
            {"kind": "sight_checks_penalty"},
            {"kind": "no_ranged", "when": "combat"},
            {"kind": "zone_only_targets", "when": "combat"},
            {"kind": "miss_on_low_card", "amount": 5, "when": "combat"},
            {"kind": "cured_by_card", "card": "Temperance", "when": "combat"},
        ],
        "downgrade": {"skill": "AID", "difficulty": "Medium", "to": None, "retry": False},
        "cost": 1,
    },
    {
        "name": "Distracted",
        "severity": "minor",
        "summary": "Wands and Pentacles drawn on your combat turn are discarded; over when the fight ends.",
        "effects": [{"kind": "discard_drawn_suits", "detail": "Wands Pentacles", "when": "combat"}],
        "ends": ["end of combat"],
        "cost": 2,
    },
    _minor_block("Dizzy", "Wise", "Not Wise while it lasts, Penalty on Wise skills, one card lost in the first round."),
    {
        "name": "Groggy",
        "severity": "minor",
        "summary": "From a night without proper rest: a Knight in a skill check is a Critical Failure and a Knight "
        "drawn in combat is thrown away. A restful night clears it.",
        "effects": [
            {"kind": "knights_critical_fail", "when": "outside combat"},
            {"kind": "discard_drawn_knights", "when": "combat"},
        ],
        "ends": ["restful sleep"],
        "cost": 2,
    },
    _minor_block(
        "Hex", "Lucky", "Not Lucky while it lasts, Penalty on Lucky skills, one card lost in the first round."
    ),
    _minor_block(
        "Loopy", "Clever", "Not Clever while it lasts, Penalty on Clever skills, one card lost in the first round."
    ),
    {
        "name": _SCAR,
        "severity": "minor",
        "summary": "Permanent until paid off: each morning pick a combat ability you could use and lose it for the "
        "Day; several scars each block a different one.",
        "effects": [{"kind": "blocks_ability_daily", "amount": 1}],
        "cost": 2,
    },
    {
        "name": "Morning Start Withdrawal",
        "severity": "minor",
        "summary": "On a Day without a Morning Start: Penalty on every check and one card from hand discarded as each "
        "combat turn starts; it fades at the end of such a Day. A second can the same Day brings Heart Palpitations.",
        "effects": [
            {"kind": "checks_penalty", "when": "without morning start"},
            {"kind": "discard_turn_start", "amount": 1, "when": "without morning start"},
        ],
        "ends": ["end of day without morning start"],
        "cost": 2,
    },
    _minor_block(
        "Injured Arm",
        "Strong",
        "Not Strong while it lasts, Penalty on Strong skills, one card lost in the first round.",
    ),
    _minor_block(
        "Injured Leg", "Fast", "Not Fast while it lasts, Penalty on Fast skills, one card lost in the first round."
    ),
    _minor_block(
        "Stress",
        "Charming",
        "Not Charming while it lasts, Penalty on Charming skills, one card lost in the first round.",
    ),
    {
        "name": "Upset Stomach",
        "severity": "minor",
        "summary": "Penalty on every skill check until the Day is over.",
        "effects": [{"kind": "checks_penalty"}],
        "ends": ["end of day"],
        "cost": 2,
    },
    # The three downgrades the book names but never describes (rulings INJ-MINOR).
    _minor_block(
        "Splinted Arm",
        "Strong",
        "A set arm: not Strong, Penalty on Strong skills, one card lost in the first round; heals in two nights.",
        ruled=True,
    ),
    _minor_block(
        "Splinted Leg",
        "Fast",
        "A set leg: not Fast, Penalty on Fast skills, one card lost in the first round; heals in two nights.",
        ruled=True,
    ),
    _minor_block(
        "Confusion",
        "Clever",
        "The fog after delirium: not Clever, Penalty on Clever skills, one card lost in the first round; clears in two "
        "nights.",
        ruled=True,
    ),
    # --- The Critical Injury (INJ-CRITICAL) -------------------------------------------------------------------
    {
        "name": "Critical Injury",
        "severity": "critical",
        "summary": "Incapacitated: no moving and no damage, though talking is fine. An AID check turns it into a "
        "Major of the GM's choice; a second Critical kills.",
        "effects": [{"kind": "incapacitated"}],
        "downgrade": {"skill": "AID", "difficulty": "Hard", "to_any": "major", "retry": False},
        "cost": 6,
        "ruled": True,
    },
]
