"""Character creation as steps, each a decision with typed options and refusals that say why (MG-CHR-*).

Order (MG-CHR-STEPS): employer, stats (30 Build Points), class, gear package, the free weapon perks, five perks,
a flaw; then the character is finished and leftover Build Points become Experience one for one.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from .mg_book import BUILD_POINTS, EMPLOYER_LEVEL, FLAWS, FREE_PERKS, START_LEVEL, STATS, step_cost
from .mg_character import UNIVERSAL, Character
from .mg_pack import MgContent, Perk

STEPS = ("employer", "stats", "class", "gear", "weapon_perks", "perks", "flaw", "done")


@dataclass(frozen=True, slots=True)
class ChooseEmployer:
    employer: str


@dataclass(frozen=True, slots=True)
class RaiseStat:
    stat: str


@dataclass(frozen=True, slots=True)
class LowerStat:
    """Take back the last level bought for a stat (the Build Points come back)."""

    stat: str


@dataclass(frozen=True, slots=True)
class StatsDone:
    pass


@dataclass(frozen=True, slots=True)
class ChooseClass:
    character_class: str
    follower_kind: str = ""


@dataclass(frozen=True, slots=True)
class ChoosePackage:
    package: str


@dataclass(frozen=True, slots=True)
class ChooseWeaponPerk:
    perk: str


@dataclass(frozen=True, slots=True)
class ChoosePerk:
    perk: str


@dataclass(frozen=True, slots=True)
class DropPerk:
    perk: str


@dataclass(frozen=True, slots=True)
class ChooseFlaw:
    """A flaw of the book's table, or a custom one with the stat the GM gave it (MG-FLAW-CUSTOM)."""

    flaw: str
    stat: str = ""


CreationAction = (
    ChooseEmployer
    | RaiseStat
    | LowerStat
    | StatsDone
    | ChooseClass
    | ChoosePackage
    | ChooseWeaponPerk
    | ChoosePerk
    | DropPerk
    | ChooseFlaw
)


@dataclass(frozen=True, slots=True)
class Draft:
    name: str
    step: str = "employer"
    employer: str = ""
    bought: tuple[tuple[str, int], ...] = tuple((s, START_LEVEL) for s in STATS)
    character_class: str = ""
    follower_kind: str = ""
    package: str = ""
    weapon_perks: tuple[str, ...] = ()
    perks: tuple[str, ...] = ()
    flaw: str = ""
    flaw_stat: str = ""

    def level(self, stat: str) -> int:
        return dict(self.bought)[stat]

    def start_level(self, content: MgContent, stat: str) -> int:
        raised = content.employer(self.employer).raises if self.employer else ""
        return EMPLOYER_LEVEL if stat == raised else START_LEVEL

    def points_spent(self, content: MgContent) -> int:
        return sum(
            sum(step_cost(lv) for lv in range(self.start_level(content, s) + 1, self.level(s) + 1)) for s in STATS
        )

    def points_left(self, content: MgContent) -> int:
        return BUILD_POINTS - self.points_spent(content)


def start(name: str) -> Draft:
    return Draft(name)


def free_perks(content: MgContent, draft: Draft) -> tuple[str, ...]:
    """Perks that come free with the class benefit and the gear (armour, artifact), beside the five."""
    free: list[str] = []
    if draft.character_class and (benefit := content.character_class(draft.character_class).benefit_perk):
        free.append(benefit)
    if draft.package:
        package = content.package(draft.package)
        if package.armour:
            free.append(content.armour_piece(package.armour).perk)  # MG-ARMOR-PERK
        if package.artifact:
            free.append(content.artifact(package.artifact).perk)  # MG-ARTIFACT-PERK
    return tuple(free)


def choosable_perk(content: MgContent, draft: Draft, perk: Perk) -> bool:
    """Universal perks and the class's own list (MG-PERK-FREE5)."""
    return perk.category in UNIVERSAL or (perk.category == "class" and perk.character_class == draft.character_class)


def _weapon_perk_slots(content: MgContent, draft: Draft) -> list[str]:
    """One free perk per weapon taken (MG-WEAPON-FREE-PERK), for weapons with a perk to offer."""
    weapons = content.package(draft.package).weapons
    slots = [w for w in weapons for _ in range(content.rules.weapon_perks_per_weapon)]
    return [w for w in slots if any(p.weapon == w for p in content.perks)]


def _weapon_perks_owed(content: MgContent, draft: Draft) -> list[str]:
    owed = _weapon_perk_slots(content, draft)
    for perk_id in draft.weapon_perks:
        weapon = content.perk(perk_id).weapon
        if weapon in owed:
            owed.remove(weapon)
    return owed


def creation_refusal(content: MgContent, draft: Draft, action: CreationAction) -> str | None:
    """Why ``action`` cannot be taken now, in a player's words, or None when it can."""
    step = draft.step
    if isinstance(action, ChooseEmployer):
        if step != "employer":
            return "The employer is chosen first, and it is already chosen."
        if not any(e.id == action.employer for e in content.employers):
            return f"There is no employer '{action.employer}'."
        return None
    if isinstance(action, RaiseStat | LowerStat | StatsDone):
        if step != "stats":
            return "Stats are bought right after choosing an employer." if step == "employer" else "Stats are done."
        if isinstance(action, StatsDone):
            return None
        if action.stat not in STATS:
            return f"'{action.stat}' is not a core stat ({', '.join(STATS)})."
        level = draft.level(action.stat)
        if isinstance(action, LowerStat):
            if level <= draft.start_level(content, action.stat):
                return f"{action.stat} is at its starting level {level}; only bought levels can be taken back."
            return None
        cost, left = step_cost(level + 1), draft.points_left(content)
        if cost > left:
            return f"Raising {action.stat} to {level + 1} costs {cost} Build Points; only {left} are left."
        return None
    if isinstance(action, ChooseClass):
        if step != "class":
            return "The class is chosen after the stats." if STEPS.index(step) < 2 else "The class is already chosen."
        if not any(c.id == action.character_class for c in content.classes):
            return f"There is no class '{action.character_class}'."
        return None
    if isinstance(action, ChoosePackage):
        if step != "gear":
            return "Gear is chosen after the class." if STEPS.index(step) < 3 else "Gear is already chosen."
        if not any(p.id == action.package for p in content.packages):
            return f"There is no gear package '{action.package}'."
        return None
    if isinstance(action, ChooseWeaponPerk):
        if step != "weapon_perks":
            return "No free weapon perk is waiting to be chosen."
        perk = next((p for p in content.perks if p.id == action.perk), None)
        owed = _weapon_perks_owed(content, draft)
        if perk is None or perk.weapon is None:
            return "A free weapon perk must have one of your weapons' names in its title."
        if perk.weapon not in owed:
            held = ", ".join(content.package(draft.package).weapons)
            return f"No free {perk.weapon} perk is owed (your weapons: {held})."
        if perk.id in draft.weapon_perks:
            return f"{perk.title} is already yours."
        return None
    if isinstance(action, ChoosePerk | DropPerk):
        if step != "perks":
            return "The five free perks are chosen after the gear."
        if isinstance(action, DropPerk):
            return None if action.perk in draft.perks else "That perk is not among your five."
        perk = next((p for p in content.perks if p.id == action.perk), None)
        if perk is None:
            return f"There is no perk '{action.perk}'."
        if not choosable_perk(content, draft, perk):
            return f"{perk.title} is not a universal perk nor one of your class's."
        if action.perk in draft.perks or action.perk in draft.weapon_perks or action.perk in free_perks(content, draft):
            return f"{perk.title} is already yours."
        if len(draft.perks) >= FREE_PERKS:
            return f"You already have your {FREE_PERKS} perks; drop one to take another."
        return None
    if isinstance(action, ChooseFlaw):
        if step != "perks" or len(draft.perks) < FREE_PERKS:
            if step == "perks":
                return f"Choose all {FREE_PERKS} perks first ({len(draft.perks)} so far)."
            return "The flaw is the last step." if step != "done" else "This character is finished."
        if action.flaw in FLAWS:
            if action.stat and action.stat != FLAWS[action.flaw]:
                return f"{action.flaw} raises {FLAWS[action.flaw]}, not {action.stat}."
            return None
        if action.stat not in STATS:
            return f"A custom flaw needs the core stat the GM gives it ({', '.join(STATS)})."
        if not action.flaw.strip():
            return "A flaw needs a name."
        return None
    return "That is not a step of character creation."


def creation_options(content: MgContent, draft: Draft) -> list[CreationAction]:
    """Every action of the book's tables allowed now (custom flaws, named freely, are allowed besides)."""
    every: list[CreationAction] = [ChooseEmployer(e.id) for e in content.employers]
    every += [RaiseStat(s) for s in STATS] + [LowerStat(s) for s in STATS] + [StatsDone()]
    every += [ChooseClass(c.id) for c in content.classes] + [ChoosePackage(p.id) for p in content.packages]
    every += [ChooseWeaponPerk(p.id) for p in content.perks if p.weapon]
    every += [ChoosePerk(p.id) for p in content.perks] + [DropPerk(p) for p in draft.perks]
    every += [ChooseFlaw(f) for f in FLAWS]
    return [a for a in every if creation_refusal(content, draft, a) is None]


def _next_after_gear(content: MgContent, draft: Draft) -> str:
    return "weapon_perks" if _weapon_perks_owed(content, draft) else "perks"


def apply_creation(content: MgContent, draft: Draft, action: CreationAction) -> Draft:
    """The draft after ``action``; raises CreationRefused with the reason when it is not allowed."""
    why = creation_refusal(content, draft, action)
    if why is not None:
        raise CreationRefused(why)
    if isinstance(action, ChooseEmployer):
        raised = content.employer(action.employer).raises
        bought = tuple((s, EMPLOYER_LEVEL if s == raised else v) for s, v in draft.bought)
        return replace(draft, employer=action.employer, bought=bought, step="stats")
    if isinstance(action, RaiseStat | LowerStat):
        delta = 1 if isinstance(action, RaiseStat) else -1
        return replace(draft, bought=tuple((s, v + delta if s == action.stat else v) for s, v in draft.bought))
    if isinstance(action, StatsDone):
        return replace(draft, step="class")
    if isinstance(action, ChooseClass):
        return replace(draft, character_class=action.character_class, follower_kind=action.follower_kind, step="gear")
    if isinstance(action, ChoosePackage):
        chosen = replace(draft, package=action.package)
        return replace(chosen, step=_next_after_gear(content, chosen))
    if isinstance(action, ChooseWeaponPerk):
        chosen = replace(draft, weapon_perks=(*draft.weapon_perks, action.perk))
        return replace(chosen, step=_next_after_gear(content, chosen))
    if isinstance(action, ChoosePerk):
        return replace(draft, perks=(*draft.perks, action.perk))
    if isinstance(action, DropPerk):
        return replace(draft, perks=tuple(p for p in draft.perks if p != action.perk))
    stat = action.stat or FLAWS[action.flaw]
    return replace(draft, flaw=action.flaw, flaw_stat=stat, step="done")


class CreationRefused(ValueError):
    """An action creation does not allow; the message says why."""


def finish(content: MgContent, draft: Draft) -> Character:
    """The finished character; leftover Build Points become Experience, one for one (MG-STAT-LEFTOVER)."""
    if draft.step != "done":
        raise CreationRefused(f"The character is not finished: the next step is {draft.step.replace('_', ' ')}.")
    perks = (*draft.perks, *draft.weapon_perks, *free_perks(content, draft))
    return Character(
        draft.name,
        draft.employer,
        draft.bought,
        draft.character_class,
        draft.package,
        perks,
        draft.flaw,
        draft.flaw_stat,
        experience=draft.points_left(content),
        follower_kind=draft.follower_kind,
    )
