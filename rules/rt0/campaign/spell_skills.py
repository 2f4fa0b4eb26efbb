"""The skill parts of the spells (SPL-*): what each lets a character do outside a fight, and its once-a-Day use.

A pure registry: the Day clock (``campaign/day.py``) builds its once-per-Day powers from ``day_use`` and makes
them fresh again when a Day ends. A spell whose skill part is only ever at will (Pisces) has no use to track.
Heal is one use shared by both halves of Aquarius: a fight that casts it spends it in ``fighter.day_uses`` (daily.py),
and the Day clock learns of it when the fight is over.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..fight.state import Fighter
from ..traits import Spell


@dataclass(frozen=True, slots=True)
class SpellSkill:
    """A spell's skill part: its name, a one-line summary, and whether it is limited to once a Day."""

    spell: Spell
    name: str
    summary: str
    once_a_day: bool = True

    @property
    def use(self) -> str | None:
        """The once-per-Day use's name ("Aries: Agility"), or None when the skill is at will."""
        return f"{self.spell.value}: {self.name}" if self.once_a_day else None


SPELL_SKILLS: dict[Spell, SpellSkill] = {
    s.spell: s
    for s in (
        SpellSkill(Spell.ARIES, "Agility", "Make one check of a Fast skill as though it were Easy."),
        SpellSkill(Spell.TAURUS, "Strength", "Make one check of a Strong skill as though it were Easy."),
        SpellSkill(Spell.CANCER, "Bubble", "Wrap yourself in a hard, air-filled bubble of force for half an hour."),
        SpellSkill(
            Spell.LEO,
            "Light",
            "Throw a bright straight beam whenever you like; once a Day, make an object far lighter.",
        ),
        SpellSkill(Spell.GEMINI, "Clone", "Conjure a silent, untouchable double of yourself for half an hour."),
        SpellSkill(
            Spell.SAGITTARIUS, "Arrow", "Name a person, thing or idea; a ghostly arrow only you see points to it."
        ),
        SpellSkill(Spell.CAPRICORN, "Loop", "When anyone fails a skill check, let them try it once more."),
        SpellSkill(Spell.LIBRA, "Trade", "Make one fair Swap the GM agrees to (a willing player, if it is theirs)."),
        SpellSkill(Spell.SCORPIO, "Puppet", "Summon a floating ghost hand you steer by thought, lifting up to 5 lb."),
        SpellSkill(
            Spell.PISCES, "Hook", "Throw a ghostly grappling hook to grab far things or climb.", once_a_day=False
        ),
        SpellSkill(
            Spell.AQUARIUS, "Heal", "Downgrade a Major Injury or clear a Minor, yours or an ally's (one Heal a Day)."
        ),
        SpellSkill(Spell.VIRGO, "Charm", "Make someone or something sweet on the party for half an hour."),
        SpellSkill(Spell.OPHIUCHUS, "Improv", "Propose a small magical effect; if the GM finds it fair, it happens."),
    )
}

# spell -> its once-per-Day use, for the Day clock (spells whose skill is at will are left out)
DAY_USES: dict[Spell, str] = {spell: skill.use for spell, skill in SPELL_SKILLS.items() if skill.use is not None}
HEAL_USE = DAY_USES[Spell.AQUARIUS]
HEALED_INTO = "healed_into:"  # fighter.marks prefix: a Minor Heal left in place of a Major (not a new injury)


def day_use(spell: Spell) -> str | None:
    """The once-per-Day use a spell's skill part gives, or None."""
    return SPELL_SKILLS[spell].use


def day_uses(spells: tuple[Spell, ...] | list[Spell]) -> tuple[str, ...]:
    """The once-per-Day uses these spells give, in the order given."""
    return tuple(use for use in (day_use(s) for s in spells) if use is not None)


def castable_today(spells: tuple[Spell, ...], used_today: tuple[str, ...]) -> tuple[Spell, ...]:
    """The spells a character brings into a fight: Aquarius stays home once its Heal is spent for the Day."""
    return tuple(s for s in spells if not (s is Spell.AQUARIUS and HEAL_USE in used_today))


def healed_into(fighter: Fighter) -> tuple[str, ...]:
    """Minor Injuries a Heal left in place of a Major during the fight: treated, not newly taken."""
    return tuple(
        key.removeprefix(HEALED_INTO)
        for key, count in fighter.marks.items()
        if key.startswith(HEALED_INTO)
        for _ in range(count)
    )
