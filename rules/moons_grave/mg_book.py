"""The facts the seed does give, as tables: stats, talents, weapons, artifacts, flaws, employers, classes, actions."""

from __future__ import annotations

STATS = ("Awareness", "Beckon", "Cunning", "Endurance", "Grace", "Power")  # MG-STAT-LIST (rebuilt from the tables)

TALENTS: dict[str, tuple[str, str]] = {  # MG-TALENT-TABLE: each talent is the lower of its two stats
    "Accuracy": ("Awareness", "Power"),
    "Brawl": ("Cunning", "Power"),
    "Durability": ("Endurance", "Power"),
    "Evasion": ("Awareness", "Cunning"),
    "Guile": ("Cunning", "Grace"),
    "Initiative": ("Endurance", "Grace"),
    "Parry": ("Awareness", "Grace"),
    "Strike": ("Grace", "Power"),
    "Tactics": ("Awareness", "Endurance"),
    "Willpower": ("Cunning", "Endurance"),
}

# Beckon is a stat yet rolled as a talent (Rally) and listed among NPC talents: it is read as its own level.
ROLLED = (*TALENTS, "Beckon")

WEAPONS: dict[str, tuple[str, str]] = {  # MG-WEAPON-TABLE: attack talent / defence talent
    "Axe": ("Brawl", "Parry"),
    "Bow": ("Accuracy", "Evasion"),
    "Crossbow": ("Accuracy", "Tactics"),
    "Knives": ("Strike", "Evasion"),
    "Spear": ("Strike", "Tactics"),
    "Sword": ("Strike", "Parry"),
}

ARTIFACTS = ("Bracelet of Fury", "Draconic Tiara", "Moon Shard Necklace", "Ring of the Dead")  # MG-ARTIFACT-LIST
ARTIFACT_WEAPONS: dict[str, tuple[str, str]] = {
    "Moon Shard Necklace": ("Willpower", "Willpower"),  # MG-ARTIFACT-MOONSHARD
    "Ring of the Dead": ("Willpower", "Evasion"),  # MG-ARTIFACT-RING
}

FLAWS: dict[str, str] = {  # MG-FLAW-TABLE: flaw -> the core stat it raises by 1
    "Aloof": "Grace",
    "Boorish": "Power",
    "Egghead": "Cunning",
    "Greedy": "Cunning",
    "Gullible": "Grace",
    "Haughty": "Grace",
    "Idealistic": "Beckon",
    "Manipulative": "Awareness",
    "Oblivious": "Power",
    "Ponderous": "Awareness",
    "Ravenous": "Endurance",
    "Regretful": "Power",
    "Selfish": "Cunning",
    "Shy": "Awareness",
    "Spineless": "Beckon",
    "Spiteful": "Endurance",
    "Stubborn": "Endurance",
    "Unsure": "Beckon",
}

EMPLOYERS = (  # MG-CHR-EMPLOYER
    "Director Hillana",
    "Izibeth, the Magekin Princess",
    "Kendritha, the Lich Witch",
    "Oathkeeper Antoinne",
    "Sheriff Tilda",
    "Tarsha, the Fire Tail",
)
CLASSES = ("Assassin", "Mystic", "Warrior")  # MG-CLASS

START_LEVEL = 2  # MG-STAT-START
EMPLOYER_LEVEL = 3
BUILD_POINTS = 30  # MG-STAT-BUY
FREE_PERKS = 5  # MG-PERK-FREE5
PERK_PRICE = 5  # MG-XP-PERK

# MG-ACT-LIST: the seven turn actions; None is "by weapon", the number the base difficulty (None = no roll)
ACTIONS: dict[str, tuple[str | None, int | None]] = {
    "Attack": (None, None),  # difficulty: the target's defence talent
    "Bandage": ("Tactics", 3),
    "Finish": (None, None),
    "Protect": ("Tactics", 0),
    "Rally": ("Beckon", 3),
    "Slaughter": (None, 0),
    "Swap": (None, 0),
}


def step_cost(target_level: int) -> int:
    """Raising a stat one level costs the level reached (MG-STAT-BUY, MG-XP-STAT)."""
    return target_level


def raise_cost(start: int, target: int) -> int:
    """The whole price of raising a stat from ``start`` to ``target``, one level at a time."""
    return sum(step_cost(level) for level in range(start + 1, target + 1))


def fumble_risk(planned: int) -> int:
    """Planned actions beyond the first, never below 0 (MG-TURN-FUMBLE-RISK)."""
    return max(0, planned - 1)
