"""Short player-facing descriptions of the Report Card's choices, written for the app (not quoted).

Character creation, the sheet and the printed Report Card read these; the rules they summarise live in
``character.py``, ``modifiers.py``, ``deck.py`` and the ability modules. Arcana Abilities and their Corruption
Upgrades are named once, in ``campaign.corruption.arcana_abilities``.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..traits import Arcana, Skill, Spell, Trait


@dataclass(frozen=True, slots=True)
class ArcanaInfo:
    """What choosing an Arcana means at the table."""

    arcana: Arcana
    tagline: str
    changes: tuple[str, ...]
    skill: str
    skill_summary: str


ARCANA_INFO: dict[Arcana, ArcanaInfo] = {
    Arcana.FOOL: ArcanaInfo(
        Arcana.FOOL,
        "The joker of the class: careless, lucky, impossible to predict.",
        (
            "Lucky for free: the deck loses its Aces and Twos.",
            "The Fool card is a wildcard: it stands for any card you like.",
            "Draws 5 cards a combat turn.",
        ),
        "Deus Ex Machina",
        "Once a Day, ask the GM for a lucky break from the universe.",
    ),
    Arcana.MAGICIAN: ArcanaInfo(
        Arcana.MAGICIAN,
        "The planner with a binder of tabbed schemes and a trick for every occasion.",
        (
            "Clever for free: magic hits harder.",
            "Knows one extra spell from the start (two in all).",
            "The Fool card counts as a second Magician.",
            "Draws 5 cards a combat turn.",
        ),
        "This Was All Part of My Plan",
        "Once a Day, reveal that you prepared for this moment all along (the GM may haggle).",
    ),
    Arcana.HIGH_PRIESTESS: ArcanaInfo(
        Arcana.HIGH_PRIESTESS,
        "The quiet seer whose strange hunches always turn out right, in the end.",
        (
            "Wise for free: Concentrate needs fewer cards.",
            "Draws only 3 cards a combat turn, but peeks at the top two and may take either, both or neither.",
            "The Fool card counts as a High Priestess.",
        ),
        "Foresight",
        "Fortune-telling kit that really works; each tool can be used once a Day.",
    ),
}

TRAIT_SUMMARY: dict[Trait, str] = {
    Trait.STRONG: "Hits harder with bare hands and carries two Big things.",
    Trait.FAST: "Defends better and needs fewer cards to move or run.",
    Trait.CLEVER: "Spells are stronger; Concentrate also deals 1 Magic Damage and gives 1 Shield.",
    Trait.WISE: "Concentrate fires on a single card.",
    Trait.LUCKY: "Aces and Twos leave the deck; a Catastrophe gives 10 Shield.",
    Trait.CHARMING: "Two Friendship circles a Day; Concentrate can make a foe redraw its intent.",
    Trait.WEAK: "Bare-handed hits are feeble and nothing Big can be carried.",
    Trait.SLOW: "Defends worse and needs more cards to move or run.",
    Trait.DULL: "No magic at all, ever: no spells to learn or cast.",
    Trait.FOOLISH: "Concentrate needs three cards, and must Honk every turn.",
    Trait.UNLUCKY: "Queens and Kings leave the deck.",
    Trait.STRANGE: "Cannot use Friendship to soak up Corruption.",
}

SKILL_SUMMARY: dict[Skill, str] = {
    Skill.FINAID: "reading people, noticing things, sensing danger",
    Skill.ART: "acting, disguises, fakes and pop culture",
    Skill.SCI: "computers, lab work, numbers",
    Skill.FREE: "sneaking, locks and getting in",
    Skill.GYM: "climbing, sport, dancing, brute movement",
    Skill.AID: "patching people up, finding the way, surviving",
    Skill.SHOP: "fixing, building and cooking",
    Skill.LAW: "paperwork, rules, investigating",
    Skill.MISC: "whatever fits nowhere else",
}

# What an Eddy with this skill might do around the station, offered as a default job.
EDDY_JOBS: dict[Skill, str] = {
    Skill.FINAID: "keeps watch on a corridor",
    Skill.ART: "runs the till at a corner shop",
    Skill.SCI: "washes test tubes in a lab",
    Skill.FREE: "oils door hinges",
    Skill.GYM: "scrubs the air ducts",
    Skill.AID: "wheels the first-aid cart",
    Skill.SHOP: "welds and bolts things together",
    Skill.LAW: "files forms for the station office",
    Skill.MISC: "sorts screws by size and reads a lot",
}

# One line per spell: combat side, then the side used between fights.
SPELL_SUMMARY: dict[Spell, tuple[str, str]] = {
    Spell.ARIES: ("Dodge: your Shield counts double while it holds a card.", "Once a Day, a Fast-skill check at Easy."),
    Spell.TAURUS: (
        "Rage: non-magic damage counts double while it holds a card.",
        "Once a Day, a Strong-skill check at Easy.",
    ),
    Spell.CANCER: (
        "Shell: a big Shield for you, or a smaller one for everyone near you.",
        "Once a Day, a half-hour air bubble.",
    ),
    Spell.LEO: (
        "Beam: heavy Magic Damage to one foe or lighter to all nearby.",
        "A torch beam at will; once a Day, make a thing light.",
    ),
    Spell.GEMINI: ("Twin: draw a handful of extra cards.", "Once a Day, a silent hologram of yourself."),
    Spell.SAGITTARIUS: (
        "Arrow: ranged Magic Damage to one foe or to every foe.",
        "Once a Day, a ghostly arrow points at what you name.",
    ),
    Spell.CAPRICORN: (
        "Capricious: a huge blast or a huge Shield, if the right card is in hand.",
        "Once a Day, let someone retry a failed check.",
    ),
    Spell.LIBRA: (
        "Balance: damage and Shield both rise to the higher of the two.",
        "Once a Day, a fair swap the GM agrees to.",
    ),
    Spell.SCORPIO: (
        "Venom: 1 Magic Damage for every card you draw while it holds a card.",
        "Once a Day, a ghostly hand that lifts small things.",
    ),
    Spell.PISCES: ("Fishing: search the deck and reel foes into your zone.", "A ghostly grappling hook, any time."),
    Spell.AQUARIUS: (
        "Heal: full HP, or ease an injury, once a Day.",
        "Ease one injury, once a Day (shared with combat).",
    ),
    Spell.VIRGO: (
        "Charm: a foe drops its intent and keeps dropping all but Swords.",
        "Once a Day, make someone or something friendly.",
    ),
    Spell.OPHIUCHUS: (
        "What: propose a small magic effect; the GM decides.",
        "Once a Day, a small improvised bit of magic.",
    ),
}
