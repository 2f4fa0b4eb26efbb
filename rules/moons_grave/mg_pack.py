"""Moon's Grave's table pack: the schema of each file, read through the shared ``content_pack`` reader.

The seed announces perks, benefits, gear, soak tracks and more, then leaves them out ([MISSING] in the
inventory); a pack supplies them. Every error names the file, the entry and the field.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..packs.content_pack import ContentPack, Entry, PackError
from .mg_book import ARTIFACTS, CLASSES, ROLLED, STATS, WEAPONS
from .npc_notation import NotationError, NpcLine, parse_npc

GAME = "moons-grave"
FILES = (
    "pack.json",
    "perks.json",
    "employers.json",
    "classes.json",
    "gear.json",
    "soak.json",
    "npcs.json",
    "rules.json",
)
EFFECTS = ("add_total", "sub_total", "add_damage", "reduce_damage", "deal_damage", "gain_follower", "kill_follower")
PERK_ON = ("own_roll", "enemy_roll")  # paid by ★ of its owner's roll / by ☠ of a roll that acts against its owner
CATEGORIES = ("armor", "weapon", "maneuvering", "combat", "command", "class", "artifact", "npc")
NPC_DAMAGE = ("durability_boxes", "one_hit")
AFTERMATH = ("protection_ends", "heat")


@dataclass(frozen=True, slots=True)
class PerkEffect:
    do: str
    amount: int


@dataclass(frozen=True, slots=True)
class Perk:
    id: str
    title: str
    cost: int
    category: str
    on: str
    effects: tuple[PerkEffect, ...]
    text: str
    source: str
    weapon: str | None = None
    armour: str | None = None
    artifact: str | None = None
    character_class: str | None = None


@dataclass(frozen=True, slots=True)
class Employer:
    id: str
    name: str
    raises: str
    benefit: str
    source: str


@dataclass(frozen=True, slots=True)
class CharacterClass:
    id: str
    name: str
    benefit: str
    benefit_perk: str | None
    source: str


@dataclass(frozen=True, slots=True)
class Armour:
    id: str
    name: str
    kind: str
    heat: int
    perk: str
    source: str


@dataclass(frozen=True, slots=True)
class Artifact:
    id: str
    perk: str
    source: str


@dataclass(frozen=True, slots=True)
class GearPackage:
    id: str
    name: str
    weapons: tuple[str, ...]
    armour: str | None
    artifact: str | None
    source: str


@dataclass(frozen=True, slots=True)
class SoakTrack:
    id: str
    name: str
    capacity: int
    kind: str
    bleeding_out: bool
    handicap: tuple[tuple[str, int], ...]
    source: str


@dataclass(frozen=True, slots=True)
class NpcEntry:
    npc: NpcLine
    group: str
    source: str


@dataclass(frozen=True, slots=True)
class HouseRules:
    corps_attack: str
    corps_defence: str
    npc_damage: str
    aftermath: tuple[str, ...]
    plan_limit: int
    xp_per_fight: int
    xp_per_drama: int
    weapon_perks_per_weapon: int


@dataclass(frozen=True, slots=True)
class MgContent:
    """Everything a pack gives, checked and cross-referenced."""

    pack: ContentPack
    perks: tuple[Perk, ...]
    employers: tuple[Employer, ...]
    classes: tuple[CharacterClass, ...]
    armour: tuple[Armour, ...]
    artifacts: tuple[Artifact, ...]
    packages: tuple[GearPackage, ...]
    tracks: tuple[SoakTrack, ...]
    npcs: tuple[NpcEntry, ...]
    rules: HouseRules

    def perk(self, perk_id: str) -> Perk:
        return next(p for p in self.perks if p.id == perk_id)

    def employer(self, employer_id: str) -> Employer:
        return next(e for e in self.employers if e.id == employer_id)

    def character_class(self, class_id: str) -> CharacterClass:
        return next(c for c in self.classes if c.id == class_id)

    def package(self, package_id: str) -> GearPackage:
        return next(p for p in self.packages if p.id == package_id)

    def armour_piece(self, armour_id: str) -> Armour:
        return next(a for a in self.armour if a.id == armour_id)

    def artifact(self, artifact_id: str) -> Artifact:
        return next(a for a in self.artifacts if a.id == artifact_id)

    def npc(self, name: str) -> NpcLine:
        return next(e.npc for e in self.npcs if e.npc.name == name)


def _unique(entries: list[Entry], field: str = "id") -> None:
    seen: set[str] = set()
    for entry in entries:
        value = entry.text(field)
        if value in seen:
            raise entry.fail(field, f"'{value}' is used by an earlier entry")
        seen.add(value)


def _file(pack: ContentPack, name: str, *fields: str) -> Entry:
    if name not in pack.files:
        raise PackError(f"{name}: missing; a Moon's Grave pack has {', '.join(FILES)}")
    top = Entry(name, "", pack.files[name])
    top.only(*fields)
    return top


def read_perk(e: Entry) -> Perk:
    """One entry of perks.json (the pack editor previews it on its own); errors name file, entry and field."""
    e.only(
        "id", "title", "cost", "category", "on", "effects", "text", "source", "weapon", "armour", "artifact", "class"
    )
    effects = []
    for effect in e.entries("effects", key="do"):
        effect.only("do", "amount")
        effects.append(PerkEffect(effect.choice("do", EFFECTS), effect.integer("amount", 1, 9)))
    if not effects:
        raise e.fail("effects", "must list at least one effect")
    perk = Perk(
        e.text("id"),
        e.text("title"),
        e.integer("cost", 1, 9),
        e.choice("category", CATEGORIES),
        e.choice("on", PERK_ON),
        tuple(effects),
        e.text("text"),
        e.source(),
        e.optional_choice("weapon", (*WEAPONS,)),
        e.text("armour") if e.has("armour") else None,
        e.optional_choice("artifact", ARTIFACTS),
        e.text("class") if e.has("class") else None,
    )
    if perk.weapon and perk.weapon not in perk.title:  # MG-PERK-WEAPON-ONLY: the weapon's name is in the title
        raise e.fail("title", f"a {perk.weapon} perk must have '{perk.weapon}' in its title")
    if (perk.category == "weapon") != (perk.weapon is not None):
        raise e.fail("weapon", "a weapon perk names its weapon, and only weapon perks do")
    if (perk.category == "armor") != (perk.armour is not None):
        raise e.fail("armour", "an armour perk names its suit, and only armour perks do")
    if (perk.category == "class") != (perk.character_class is not None):
        raise e.fail("class", "a class perk names its class, and only class perks do")
    return perk


def read_perks(pack: ContentPack) -> tuple[Perk, ...]:
    """perks.json whole: every perk, ids and titles unique."""
    entries = list(_file(pack, "perks.json", "perks").entries("perks"))
    _unique(entries)
    _unique(entries, "title")
    return tuple(read_perk(e) for e in entries)


def _employers(pack: ContentPack) -> tuple[Employer, ...]:
    entries = list(_file(pack, "employers.json", "employers").entries("employers"))
    _unique(entries)
    out = []
    for e in entries:
        e.only("id", "name", "raises", "benefit", "source")
        out.append(Employer(e.text("id"), e.text("name"), e.choice("raises", STATS), e.text("benefit"), e.source()))
    if not out:
        raise PackError("employers.json: field 'employers': must list at least one employer")
    return tuple(out)


def _classes(pack: ContentPack, perks: tuple[Perk, ...]) -> tuple[CharacterClass, ...]:
    entries = list(_file(pack, "classes.json", "classes").entries("classes"))
    _unique(entries)
    out = []
    for e in entries:
        e.only("id", "name", "benefit", "benefit_perk", "source")
        name = e.choice("name", CLASSES)
        benefit_perk = e.text("benefit_perk") if e.has("benefit_perk") else None
        if benefit_perk is not None and not any(
            p.id == benefit_perk and p.character_class == e.text("id") for p in perks
        ):
            raise e.fail("benefit_perk", f"'{benefit_perk}' is not a perk of this class in perks.json")
        out.append(CharacterClass(e.text("id"), name, e.text("benefit"), benefit_perk, e.source()))
    known = {c.id for c in out}
    for perk in perks:
        if perk.character_class is not None and perk.character_class not in known:
            raise PackError(
                f"perks.json: perks '{perk.id}': field 'class': '{perk.character_class}' is not in classes.json"
            )
    return tuple(out)


def _perk_ref(e: Entry, perks: tuple[Perk, ...], field: str, category: str) -> str:
    perk_id = e.text(field)
    if not any(p.id == perk_id and p.category == category for p in perks):
        raise e.fail(field, f"'{perk_id}' is not a {category} perk in perks.json")
    return perk_id


def _gear(
    pack: ContentPack, perks: tuple[Perk, ...]
) -> tuple[tuple[Armour, ...], tuple[Artifact, ...], tuple[GearPackage, ...]]:
    top = _file(pack, "gear.json", "armour", "artifacts", "packages")
    armour_entries = list(top.entries("armour"))
    _unique(armour_entries)
    armour = []
    for e in armour_entries:
        e.only("id", "name", "kind", "heat", "perk", "source")
        armour.append(
            Armour(
                e.text("id"),
                e.text("name"),
                e.choice("kind", ("day", "night")),
                e.integer("heat", 0, 9),
                _perk_ref(e, perks, "perk", "armor"),
                e.source(),
            )
        )
    for perk in perks:
        if perk.armour is not None and not any(a.id == perk.armour for a in armour):
            raise PackError(f"perks.json: perks '{perk.id}': field 'armour': '{perk.armour}' is not in gear.json")
    artifact_entries = list(top.entries("artifacts"))
    _unique(artifact_entries)
    artifacts = []
    for e in artifact_entries:
        e.only("id", "perk", "source")
        artifacts.append(Artifact(e.choice("id", ARTIFACTS), _perk_ref(e, perks, "perk", "artifact"), e.source()))
    package_entries = list(top.entries("packages"))
    _unique(package_entries)
    packages = []
    for e in package_entries:
        e.only("id", "name", "weapons", "armour", "artifact", "source")
        weapons = e.texts("weapons")
        for weapon in weapons:
            if weapon not in WEAPONS:
                raise e.fail("weapons", f"'{weapon}' is not a weapon of the book ({', '.join(WEAPONS)})")
        suit = e.choice("armour", tuple(a.id for a in armour)) if e.has("armour") else None
        artifact = e.choice("artifact", tuple(a.id for a in artifacts)) if e.has("artifact") else None
        packages.append(GearPackage(e.text("id"), e.text("name"), weapons, suit, artifact, e.source()))
    if not packages:
        raise top.fail("packages", "must list at least one gear package")
    return tuple(armour), tuple(artifacts), tuple(packages)


def read_track(e: Entry) -> SoakTrack:
    """One entry of soak.json (the pack editor previews it on its own); errors name file, entry and field."""
    e.only("id", "name", "capacity", "kind", "bleeding_out", "handicap", "source")
    handicap: list[tuple[str, int]] = []
    if e.has("handicap"):
        table = Entry(e.file, f"{e.entry} handicap", e.raw("handicap"))
        for talent in sorted(table.value):
            if talent not in ROLLED:
                raise table.fail(talent, "is not a talent")
            handicap.append((talent, table.integer(talent, -9, -1)))
    kind = e.choice("kind", ("curse", "handicap"))
    if kind == "curse" and handicap:
        raise e.fail("handicap", "a curse track has no lasting effect (MG-SOAK-TRACKS)")
    return SoakTrack(
        e.text("id"),
        e.text("name"),
        e.integer("capacity", 1, 99),
        kind,
        e.flag("bleeding_out"),
        tuple(handicap),
        e.source(),
    )


def _tracks(pack: ContentPack) -> tuple[SoakTrack, ...]:
    entries = list(_file(pack, "soak.json", "tracks").entries("tracks"))
    _unique(entries)
    tracks = tuple(read_track(e) for e in entries)
    if sum(t.bleeding_out for t in tracks) != 1:
        raise PackError(
            "soak.json: field 'tracks': exactly one track must be \"bleeding_out\": true (Bandage clears it)"
        )
    return tracks


def read_npc(e: Entry, perks: tuple[Perk, ...], taken: frozenset[str] = frozenset()) -> NpcEntry:
    """One entry of npcs.json, its perks found in ``perks``, its name none of ``taken`` (the roster's names before it);
    errors name file, entry and field."""
    e.only("line", "group", "source", "extra")
    lines = [e.text("line")]
    for extra in e.entries("extra", key="line") if e.has("extra") else iter(()):
        extra.only("line", "source")
        extra.source()
        lines.append(extra.text("line"))
    try:
        npc = parse_npc("\n".join(lines))
    except NotationError as error:
        raise e.fail("line", str(error)) from None
    if npc.name in taken:
        raise e.fail("line", f"'{npc.name}' is already in the roster")
    for title, cost in npc.perks:
        if not any(p.title == title and p.cost == cost for p in perks):
            raise e.fail("extra", f"the perk '{title} [{cost}]' is not in perks.json with that cost")
    return NpcEntry(npc, e.text("group"), e.source())


def _npcs(pack: ContentPack, perks: tuple[Perk, ...]) -> tuple[NpcEntry, ...]:
    out: list[NpcEntry] = []
    for e in _file(pack, "npcs.json", "npcs").entries("npcs", key="line"):
        out.append(read_npc(e, perks, frozenset(n.npc.name for n in out)))
    return tuple(out)


def read_rules(pack: ContentPack) -> HouseRules:
    """rules.json: the table's house rules."""
    top = _file(pack, "rules.json", "corps", "npc_damage", "aftermath", "plan_limit", "experience", "creation")

    def part(name: str, *fields: str) -> Entry:
        entry = Entry("rules.json", name, top.raw(name))
        entry.only(*fields, "source")
        entry.source()
        return entry

    corps = part("corps", "attack", "defence")
    steps = part("aftermath", "steps")
    aftermath = steps.texts("steps")
    for step in aftermath:
        if step not in AFTERMATH:
            raise steps.fail("steps", f"'{step}' is not an Aftermath step ({', '.join(AFTERMATH)})")
    xp = part("experience", "per_fight_survived", "per_flaw_drama")
    return HouseRules(
        corps.choice("attack", ROLLED),
        corps.choice("defence", ROLLED),
        part("npc_damage", "rule").choice("rule", NPC_DAMAGE),
        aftermath,
        part("plan_limit", "actions").integer("actions", 1, 20),
        xp.integer("per_fight_survived", 0, 9),
        xp.integer("per_flaw_drama", 0, 9),
        part("creation", "weapon_perks_per_weapon").integer("weapon_perks_per_weapon", 0, 3),
    )


def read_mg_pack(pack: ContentPack) -> MgContent:
    """Check a Moon's Grave pack whole, or raise PackError naming file, entry and field."""
    if pack.game != GAME:
        raise PackError(f"pack.json: field 'game': is '{pack.game}', not '{GAME}'")
    extra = sorted(set(pack.files) - set(FILES))
    if extra:
        raise PackError(f"{extra[0]}: not a file of a Moon's Grave pack ({', '.join(FILES)})")
    perks = read_perks(pack)
    armour, artifacts, packages = _gear(pack, perks)
    return MgContent(
        pack,
        perks,
        _employers(pack),
        _classes(pack, perks),
        armour,
        artifacts,
        packages,
        _tracks(pack),
        _npcs(pack, perks),
        read_rules(pack),
    )
